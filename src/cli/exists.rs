//! `knight-tour exists`.

use std::fmt::Write as _;
use std::process::ExitCode;

use crate::existence;
use crate::Kind;
use clap::Args;

use super::error::BUDGET;
use super::output::print;
use super::shape::ShapeArgs;
use super::{natural, parse_board, parse_square, refuse_given, Error, KindArgs};

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
    #[command(flatten)]
    shape: ShapeArgs,
    /// Positions the search on a shaped board may visit [default: 50000000, about 10 s].
    #[arg(long, value_name = "NODES", value_parser = natural)]
    budget: Option<u64>,
    /// The piece: knight (default), camel, zebra, giraffe, antelope, wazir, ferz, king, or
    /// A,B for the (A,B) leaper. Where no theorem settles a board, a complete search does,
    /// within --budget (exit 4 when it runs out).
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
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
    let shape = args.shape.shape(board)?;
    if args.piece.is_some_and(|p| !p.is_knight()) {
        return piece(&shape, &args, start, end);
    }
    if !shape.is_rect() {
        return shaped(&shape, &args, start, end);
    }
    refuse_given(
        &[("--budget", args.budget.is_some())],
        "to a plain rectangle: its answer is a theorem, not a search",
        |_| "drop --budget".into(),
    )?;
    if let Some(end) = end {
        let start = start.unwrap_or(crate::Square::new(0, 0));
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

/// `exists` on a shaped board: the cheap proofs, then the complete search, whose answer is
/// yes (a tour was found and verified), no (a reason or an exhausted search), or that the
/// budget ran out with no answer either way (exit 4).
fn shaped(
    shape: &crate::Shape,
    args: &ExistsArgs,
    start: Option<crate::Square>,
    end: Option<crate::Square>,
) -> Result<ExitCode, Error> {
    use crate::solve::{decide_on, Request, SolveError};
    let board = shape.board();
    let kind = if args.kind.closed {
        Kind::Closed
    } else {
        Kind::Open
    };
    let req = Request {
        start,
        end,
        budget: args.budget,
        piece: args.piece.unwrap_or_default(),
        ..Request::new(board, kind)
    };
    let holes = existence::holes_text(shape.holes().len());
    let (text, code) = match decide_on(shape, &req) {
        Ok(sol) => {
            let t = &sol.tour;
            (
                format!(
                    "yes: {board} with {holes} has {} tours; one runs from {} to {}\n",
                    kind.name(),
                    board.algebraic(t.start()),
                    board.algebraic(t.end())
                ),
                ExitCode::SUCCESS,
            )
        }
        Err(SolveError::NoTour(reason)) => (format!("no: {reason}\n"), ExitCode::from(1)),
        Err(SolveError::ShapeCounted { tours, nodes, .. }) => (
            format!(
                "yes: {board} with {holes} has {} tours: an exact count finds {tours} (the search found none within {nodes} positions)\n",
                kind.name()
            ),
            ExitCode::SUCCESS,
        ),
        Err(e @ SolveError::ShapeBudget { .. }) => {
            (format!("unknown: {e}\n"), ExitCode::from(BUDGET))
        }
        Err(e) => return Err(e.into()),
    };
    print(&text)?;
    Ok(code)
}

/// `exists` for a piece other than the knight: each kind asked (both when none is) by the
/// rules, which settle many boards by theorem, else by the complete search: yes with a tour
/// found and verified, no with a reason or an exhausted search, or unknown when the budget ran
/// out (exit 4). The exit code answers for the kind asked, or for open tours.
fn piece(
    shape: &crate::Shape,
    args: &ExistsArgs,
    start: Option<crate::Square>,
    end: Option<crate::Square>,
) -> Result<ExitCode, Error> {
    use crate::existence::pieces::{rule, Ruling};
    use crate::solve::{solve_on, Request, SolveError};
    let board = shape.board();
    let p = args.piece.unwrap_or_default();
    let kinds: Vec<Kind> = if args.kind.closed {
        vec![Kind::Closed]
    } else if args.kind.open || start.is_some() || end.is_some() {
        vec![Kind::Open]
    } else {
        vec![Kind::Closed, Kind::Open]
    };
    let place = if shape.is_rect() {
        board.to_string()
    } else {
        format!(
            "{board} with {}",
            existence::holes_text(shape.holes().len())
        )
    };
    let ends = match (start, end) {
        (Some(s), Some(t)) => format!(" from {} to {}", board.algebraic(s), board.algebraic(t)),
        (Some(s), None) => format!(" starting at {}", board.algebraic(s)),
        (None, Some(t)) => format!(" ending at {}", board.algebraic(t)),
        (None, None) => String::new(),
    };
    let mut code = ExitCode::SUCCESS;
    let mut text = String::new();
    for (i, &kind) in kinds.iter().enumerate() {
        let answers = i + 1 == kinds.len();
        let what = format!("{} {p} tours", kind.name());
        let ruled = if shape.is_rect() {
            rule(board, p, kind, start, end)
        } else {
            Ok(Ruling::Unsettled)
        };
        let (line, c) = match ruled {
            Ok(Ruling::Exists) => (format!("yes: {place} has {what}{ends}"), 0),
            Err(reason) => (format!("no: {reason}"), 1),
            Ok(Ruling::Unsettled) => {
                let req = Request {
                    start,
                    end,
                    budget: args.budget,
                    piece: p,
                    ..Request::new(board, kind)
                };
                match solve_on(shape, &req) {
                    Ok(sol) => (
                        format!(
                            "yes: {place} has {what}{ends}; {} from {} to {}",
                            sol.method.found_words(),
                            board.algebraic(sol.tour.start()),
                            board.algebraic(sol.tour.end())
                        ),
                        0,
                    ),
                    Err(SolveError::NoTour(reason)) => (format!("no: {reason}"), 1),
                    Err(SolveError::ShapeCounted { tours, .. }) => (
                        format!("yes: {place} has {what}{ends}: an exact count finds {tours}"),
                        0,
                    ),
                    Err(e @ SolveError::ShapeBudget { .. }) => {
                        (format!("unknown: {what}{ends}: {e}"), BUDGET)
                    }
                    Err(e) => return Err(e.into()),
                }
            }
        };
        let _ = writeln!(text, "{line}");
        if answers {
            code = ExitCode::from(c);
        }
    }
    print(&text)?;
    Ok(code)
}
