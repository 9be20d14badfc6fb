//! The CLI's one error type. Library errors stay typed inside it; the exit code and the
//! hints that name command-line options are decided here, in one place each.

use std::io;

use crate::board::BoardError;
use crate::count::CountError;
use crate::io::puzzle::PuzzleReadError;
use crate::io::ReadError;
use crate::puzzle::GenerateError;
use crate::puzzle::PuzzleError;
use crate::render::animate::TimingError;
use crate::render::sheet::TemplateError;
use crate::render::RasterError;
use crate::render::{SizeError, ThemeError};
use crate::solve::{Method, SolveError};
use thiserror::Error;

/// Exit code: success.
pub const OK: u8 = 0;
/// Exit code: no such tour, no unique solution, or a check failed.
pub const NO: u8 = 1;
/// Exit code: bad usage or bad input.
pub const USAGE: u8 = 2;
/// Exit code: reading or writing a file or stream failed.
pub const IO: u8 = 3;
/// Exit code: a search stopped at its budget without an answer either way.
pub const BUDGET: u8 = 4;

/// Every way a command can fail.
#[derive(Debug, Error)]
pub enum Error {
    /// Bad usage or bad input found by the CLI itself.
    #[error("{0}")]
    Usage(String),
    /// A check said no: a faulty tour, a puzzle without a unique solution, a wrong answer.
    #[error("{0}")]
    Failed(String),
    /// A search stopped at its budget with no answer either way.
    #[error("{0}")]
    GaveUp(String),
    /// A count could not be made.
    #[error(transparent)]
    Count(#[from] crate::count::CountError),
    /// A board or square did not parse.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// A bad shape.
    #[error(transparent)]
    Shape(#[from] crate::ShapeError),
    /// The solver did not produce a tour.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// No puzzle could be made.
    #[error(transparent)]
    Generate(#[from] GenerateError),
    /// A puzzle's givens are unusable.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// A tour file did not read.
    #[error("{path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// What is wrong with it.
        #[source]
        source: ReadError,
    },
    /// A puzzle file did not read.
    #[error("{path}: {source}")]
    PuzzleRead {
        /// The file.
        path: String,
        /// What is wrong with it.
        #[source]
        source: PuzzleReadError,
    },
    /// A theme did not load.
    #[error(transparent)]
    Theme(#[from] ThemeError),
    /// A page template did not load.
    #[error(transparent)]
    Template(#[from] TemplateError),
    /// An image could not be made.
    #[error(transparent)]
    Raster(#[from] RasterError),
    /// Animation timing out of range.
    #[error(transparent)]
    Timing(#[from] TimingError),
    /// A drawing is too large for its format.
    #[error(transparent)]
    Size(#[from] SizeError),
    /// Reading or writing failed.
    #[error("cannot {action} '{path}': {source}")]
    Io {
        /// "read" or "write".
        action: &'static str,
        /// The file (or "standard output").
        path: String,
        /// The system's error.
        #[source]
        source: io::Error,
    },
    /// Standard output was closed by its reader: not an error (exit quietly, as ripgrep does).
    #[error("broken pipe")]
    BrokenPipe,
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Error::BrokenPipe
        } else {
            Error::Io {
                action: "write",
                path: "standard output".into(),
                source: e,
            }
        }
    }
}

impl Error {
    /// The exit code: the one place where failures map to codes.
    pub fn code(&self) -> u8 {
        match self {
            Error::BrokenPipe => OK,
            Error::Failed(_) => NO,
            Error::GaveUp(_) => BUDGET,
            Error::Count(e) => match e {
                CountError::TooWide { .. } | CountError::TooManyStates { .. } => BUDGET,
                _ => USAGE,
            },
            Error::Usage(_)
            | Error::Board(_)
            | Error::Shape(_)
            | Error::Theme(_)
            | Error::Template(_)
            | Error::Raster(_)
            | Error::Timing(_)
            | Error::Size(_) => USAGE,
            Error::Io { .. } => IO,
            Error::Solve(e) => solve_code(e),
            Error::Generate(e) => match e {
                GenerateError::Puzzle(p) => puzzle_code(p),
                GenerateError::Solve(e) => solve_code(e),
                GenerateError::Shape(_) => USAGE,
                GenerateError::TooFewClues { .. } => NO,
                GenerateError::TooManyClues { .. }
                | GenerateError::TooLarge { .. }
                | GenerateError::EndOfClosed => USAGE,
            },
            Error::Puzzle(p) => puzzle_code(p),
            Error::Read { source, .. } => match source {
                ReadError::Tour(_) | ReadError::PathTooLong { .. } => NO,
                ReadError::Io(e) if e.kind() != io::ErrorKind::FileTooLarge => IO,
                _ => USAGE,
            },
            Error::PuzzleRead { source, .. } => match source {
                PuzzleReadError::Puzzle(p) => puzzle_code(p),
                PuzzleReadError::BadSolution(_) => NO,
                _ => USAGE,
            },
        }
    }

    /// A hint naming the options that help, where the library's message cannot name them.
    pub fn hint(&self) -> Option<String> {
        Some(match self {
            Error::Solve(SolveError::Budget { method, .. }) => match method {
                Method::Backtrack => "plain backtracking is exponential; use --method auto or warnsdorff, or raise --budget".into(),
                _ => "try another --seed, --method auto, or raise --budget".into(),
            },
            Error::Solve(SolveError::Divide(_)) => "use --method auto or warnsdorff".into(),
            Error::Solve(SolveError::ShapeMethod) => {
                "use --method auto (the complete search) on shaped boards".into()
            }
            Error::Solve(SolveError::ShapeBudget { .. } | SolveError::ShapeCounted { .. }) => {
                "raise --budget, or try another --seed".into()
            }
            Error::Solve(SolveError::Memory { .. }) => "try a smaller board".into(),
            Error::Count(CountError::TooManyStates { .. }) => {
                "raise --max-states (about 100 bytes a state), or count a smaller board".into()
            }
            Error::Count(CountError::ClosedEnds) => {
                "count open tours with --start/--end, or drop them".into()
            }
            Error::Generate(GenerateError::TooFewClues { fewest, .. }) => {
                format!("ask for --clues {fewest} or more")
            }
            Error::Raster(RasterError::TooLarge { .. }) => {
                "lower --dpi, --width or --cell, or write SVG or PDF instead".into()
            }
            Error::Size(SizeError::Elements { format, .. }) => match *format {
                "PDF" => "the lines or tiles style, a smaller board, or SVG or PNG instead of PDF",
                "SVG" => "the lines or tiles style, a smaller board, or PNG instead of SVG",
                _ => "the lines or tiles style, a smaller board, or SVG instead",
            }
            .into(),
            Error::Size(SizeError::Moves { format, .. }) => match *format {
                "PDF" => "a smaller board, no --arrows, or SVG or PNG instead of PDF",
                _ => "a smaller board or no --arrows",
            }
            .into(),
            Error::Timing(_) => "for example --fps 12 --duration 10 --hold 2".into(),
            Error::Raster(RasterError::Dpi(_)) => "use --dpi between 1 and 4800".into(),
            Error::Raster(RasterError::Width) => "give --width a positive number of pixels".into(),
            Error::Template(TemplateError::Line { .. }) => {
                "fix that line of the template; its keys are those of templates/pages/a4.page"
                    .into()
            }
            Error::Template(TemplateError::PageRange(_)) => {
                "for example --page 210x297mm (A4), or a built-in name such as a5".into()
            }
            Error::Template(TemplateError::UnknownPage(_)) => {
                "use --page a4, letter, a3, a5, legal or WIDTHxHEIGHTmm (such as 300x400mm), or --template FILE".into()
            }
            _ => return None,
        })
    }
}

/// The exit code of a solver's refusal.
fn solve_code(e: &SolveError) -> u8 {
    match e {
        SolveError::NoTour(_)
        | SolveError::Exhausted { .. }
        | SolveError::Verify { .. }
        | SolveError::EndsMissed { .. } => NO,
        SolveError::Budget { .. }
        | SolveError::ShapeBudget { .. }
        | SolveError::ShapeCounted { .. } => BUDGET,
        SolveError::Divide(_)
        | SolveError::Memory { .. }
        | SolveError::EndOfClosed
        | SolveError::ShapeMethod
        | SolveError::EndMethod { .. }
        | SolveError::PieceMethod { .. } => USAGE,
    }
}

/// Contradictory or impossible givens mean "no solution" wherever they are found.
fn puzzle_code(p: &PuzzleError) -> u8 {
    match p {
        PuzzleError::TooLarge { .. }
        | PuzzleError::OffBoard { .. }
        | PuzzleError::OutOfRange { .. }
        | PuzzleError::OnHole { .. } => USAGE,
        _ => NO,
    }
}
