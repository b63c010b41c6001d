//! libFuzzer target: any bytes as a `.game` file (parse → check → run with
//! tight budgets → render), and the same text as REPL input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    meeple_fuzz::run_one(data);
});
