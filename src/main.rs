//! The `knight-tour` binary: the library's command-line tool, which parses the arguments,
//! runs and prints any error once.

fn main() -> std::process::ExitCode {
    knight_tour::cli::main()
}
