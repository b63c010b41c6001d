//! One end-to-end run with a real editor as the client: headless Neovim
//! loads `editors/meeple-nvim.lua` (the setup editors/README.md documents),
//! opens a broken script, waits for the diagnostics `meeple lsp` publishes
//! and writes them to a file, which the test reads. It needs Neovim, so it
//! is `#[ignore]`d (shown as ignored, with the package to install):
//! `cargo test --test it -- --ignored nvim::` runs it, as `.ci/run` does,
//! and there a missing `nvim` fails it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Waits for diagnostics, then writes one line per diagnostic: code, line, column, message.
const PROBE: &str = r#"
local bufnr = vim.api.nvim_get_current_buf()
local got = vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50)
local lines = { 'clients ' .. #vim.lsp.get_active_clients() }
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  local msg = d.message:gsub('\n', ' | ')
  table.insert(lines, string.format('%s %d %d %s', d.code or lsp.code or '?', d.lnum, d.col, msg))
end
vim.fn.writefile(lines, vim.env.MEEPLE_OUT)
vim.cmd('qa!')
"#;

#[test]
#[ignore = "needs nvim (apt install neovim): cargo test --test it -- --ignored nvim::"]
fn neovim_shows_the_diagnostics_of_a_broken_script() {
    let found = Command::new("nvim")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    assert!(found, "this test needs nvim: apt install neovim");
    let dir = crate::common::temp_dir("nvim");
    let script = dir.join("broken.game");
    std::fs::write(&script, "# a slip\nscenario \"s\" {\n  game footholds\n  board [[1, 1]]\n  piece A at (0, 0)\n  piece B at (0, 1)\n  rule steps sideways\n}\n").unwrap();
    let probe = dir.join("probe.lua");
    std::fs::write(&probe, PROBE).unwrap();
    let out = dir.join("diagnostics.txt");
    let setup = crate::common::root().join("editors/meeple-nvim.lua");
    let mut child = Command::new("nvim")
        .args(["--headless", "--clean", "-u", "NONE", "-i", "NONE", "-n"])
        .arg("-c")
        .arg(format!("luafile {}", setup.display()))
        .arg(&script)
        .arg("-c")
        .arg(format!("luafile {}", probe.display()))
        .current_dir(&dir)
        .env("MEEPLE_BIN", env!("CARGO_BIN_EXE_meeple"))
        .env("MEEPLE_OUT", &out)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start nvim");
    let deadline = Instant::now() + Duration::from_secs(60);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("nvim did not finish within 60 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let written = std::fs::read_to_string(&out).expect("the probe wrote its file");
    let lines: Vec<&str> = written.lines().collect();
    assert_eq!(lines[0], "clients 1", "{written}");
    assert_eq!(lines.len(), 2, "{written}");
    // 0-based line 6, column 13: `sideways`.
    assert!(
        lines[1].starts_with("meeple::rule::value 6 13 "),
        "{written}"
    );
    assert!(lines[1].contains("help:"), "{written}");
    std::fs::remove_dir_all(&dir).ok();
}
