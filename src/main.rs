//! The `knight-tour` binary: parse the arguments, run, print any error once.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::parse_args().and_then(cli::run) {
        Ok(code) => code,
        Err(e) => cli::report(&e),
    }
}
