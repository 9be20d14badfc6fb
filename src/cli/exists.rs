//! `knight-tour exists`.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use knight_tour::existence::{self, Kind};

use super::output::print;
use super::{parse_board, parse_square, refuse_given, Error, KindArgs};

/// Arguments of `exists`.
#[derive(Debug, Args)]
pub struct ExistsArgs {
    /// Board size ROWSxCOLS (rows first), or one number for a square board.
    #[arg(allow_hyphen_values = true, value_name = "BOARD")]
    board: String,
    #[command(flatten)]
    kind: KindArgs,
    /// Ask about open tours from this square (algebraic or ROW,COL).
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    start: Option<String>,
    /// Ask about open tours that end on this square (with --start, or from a1's corner).
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    end: Option<String>,
}

/// Runs `exists`: prints the answer and reason; exit 0 for yes, 1 for no. Without a kind,
/// both answers are printed and the exit code answers for open tours, the default kind.
pub fn run(args: ExistsArgs) -> Result<ExitCode, Error> {
    let board = parse_board(&args.board)?;
    let start = parse_square(board, args.start.as_deref())?;
    let end = parse_square(board, args.end.as_deref())?;
    refuse_given(
        &[("--end", args.kind.closed && end.is_some())],
        "to --closed: a closed tour has no end square",
        |_| "drop --end, or ask with --open".into(),
    )?;
    if let Some(end) = end {
        let start = start.unwrap_or(knight_tour::Square::new(0, 0));
        let (a, b) = (board.algebraic(start), board.algebraic(end));
        return match existence::between(board, start, end) {
            Ok(()) => {
                print(&format!("yes: {board} has open tours from {a} to {b}\n"))?;
                Ok(ExitCode::SUCCESS)
            }
            Err(reason) => {
                print(&format!("no: {reason}\n"))?;
                Ok(ExitCode::from(1))
            }
        };
    }
    refuse_given(
        &[("--start", args.kind.closed && start.is_some())],
        "to --closed: every square of a closed tour can be its start",
        |_| "drop --start, or ask with --open".into(),
    )?;
    let kinds: Vec<Kind> = if args.kind.closed {
        vec![Kind::Closed]
    } else if args.kind.open || start.is_some() {
        vec![Kind::Open]
    } else {
        vec![Kind::Closed, Kind::Open]
    };
    let mut answer = true;
    let mut text = String::new();
    for kind in kinds {
        let name = match kind {
            Kind::Closed => "closed",
            Kind::Open => "open",
        };
        match existence::check(board, kind, start) {
            Ok(()) => {
                let from = match (kind, start) {
                    (_, Some(s)) => format!(" starting at {}", board.algebraic(s)),
                    // Counting every start is cheap up to a million squares; past that, skip it.
                    (Kind::Open, None) if board.area() <= 1 << 20 => {
                        let n = (0..board.area() as u32)
                            .filter(|&i| existence::open_from(board, board.square(i)).is_ok())
                            .count();
                        format!(" ({n} of {} squares can start one)", board.area())
                    }
                    _ => String::new(),
                };
                let _ = writeln!(text, "yes: {board} has {name} tours{from}");
            }
            Err(reason) => {
                // The exit code answers for the kind asked, or for open tours when none was.
                if kind == Kind::Open || args.kind.closed {
                    answer = false;
                }
                let _ = writeln!(text, "no: {reason}");
            }
        }
    }
    print(&text)?;
    Ok(if answer {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
