//! Every script under scripts/ is run and its full human output (results,
//! passed expectations, rendered diagnostics without colour) is compared
//! with the reviewed snapshot in snapshots/.

use meeple::pipeline::{run_bytes, RunConfig};
use std::path::Path;

#[test]
fn script_outputs_match_snapshots() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root.join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::glob!("../../scripts", "**/*.game", |path| {
            let bytes = std::fs::read(path).expect("read script");
            let name = path
                .strip_prefix(root)
                .unwrap_or(path)
                .to_string_lossy()
                .replace('\\', "/");
            let run = run_bytes(&name, &bytes, &RunConfig::default());
            let out = format!(
                "exit code: {}\n\n{}",
                run.exit_code(),
                crate::common::shown(&run)
            );
            insta::assert_snapshot!(out);
        });
    });
}
