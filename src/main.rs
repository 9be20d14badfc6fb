//! The `knight-tour` binary: parse the arguments, run, print any error once.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    match cli::run(cli::Cli::parse()) {
        Ok(code) => code,
        Err(e) => cli::report(&e),
    }
}
