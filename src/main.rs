//! The `meeple` command.

mod cli;

fn main() {
    std::process::exit(cli::main());
}
