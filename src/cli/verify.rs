//! `knight-tour verify`.

use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::sniff::{file_kind, FileKind, MAX_TOUR_FILE_BYTES};
use crate::io::puzzle::{read_puzzles, MAX_PUZZLE_FILE_BYTES};
use crate::io::read_json_from;
use crate::puzzle::{check, CheckError};
use crate::Kind;
use crate::Tour;
use clap::Args;

use super::files::{open_bounded, read_error};
use super::output::print;
use super::{natural, refuse_given, Error};

/// Arguments of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A knight-tour/1 JSON file (`solve --format json`) or a puzzle file (`puzzle --format json`).
    file: PathBuf,
    /// Search nodes for proving a puzzle unique [default: 4000000, about 10 s].
    #[arg(long, value_name = "NODES", value_parser = natural)]
    budget: Option<u64>,
    /// Also check that the tour starts on this square (algebraic or ROW,COL).
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    start: Option<String>,
    /// Also check that the tour ends on this square (an open tour; algebraic or ROW,COL).
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    end: Option<String>,
}

/// Reads and verifies a tour file, streamed with memory bounded by its board:
/// exit 1 for a faulty tour, 2 for an unreadable file.
pub fn read_tour_file(path: &Path) -> Result<Tour, Error> {
    let r = open_bounded(path, "tour file", MAX_TOUR_FILE_BYTES)?;
    tour_from(path, r)
}

fn tour_from(path: &Path, r: impl Read) -> Result<Tour, Error> {
    let name = path.display().to_string();
    let file = read_json_from(r).map_err(|source| match source {
        crate::io::ReadError::Io(e) => read_error(e, path),
        source => Error::Read {
            path: name.clone(),
            source,
        },
    })?;
    Ok(file.tour)
}

/// Checks a puzzle file: every stored solution is a tour that agrees with the givens, and
/// the complete solver finds exactly one solution, the stored one.
fn verify_puzzles(path: &Path, text: &str, budget: u64) -> Result<ExitCode, Error> {
    let name = path.display().to_string();
    let files = read_puzzles(text, Kind::Open).map_err(|source| Error::PuzzleRead {
        path: name.clone(),
        source,
    })?;
    for (i, f) in files.iter().enumerate() {
        let label = if files.len() > 1 {
            format!("{name}: puzzle {}", i + 1)
        } else {
            name.to_string()
        };
        let geo = f.puzzle.geometry();
        check(&f.puzzle, f.solution.as_ref(), &geo, budget).map_err(|e| match e {
            CheckError::GaveUp(_) => {
                Error::GaveUp(format!("{label}: {e}; hint: raise --budget (now {budget})"))
            }
            CheckError::Several => Error::Failed(format!(
                "{label}: {e}; hint: `knight-tour puzzle solve {name}` shows two"
            )),
            _ => Error::Failed(format!("{label}: {e}")),
        })?;
    }
    print(&format!(
        "ok: {name}: {} puzzle{} with exactly one solution each\n",
        files.len(),
        if files.len() == 1 { "" } else { "s" }
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// Checks the tour's first and last squares against `--start` and `--end`.
fn check_ends(
    tour: &Tour,
    name: &str,
    start: Option<&str>,
    end: Option<&str>,
) -> Result<(), Error> {
    let board = tour.board();
    let start = super::parse_square(board, start)?;
    let end = super::parse_square(board, end)?;
    if end.is_some() && tour.is_closed() {
        return Err(Error::Failed(format!(
            "{name}: a closed tour has no end square; hint: drop --end"
        )));
    }
    for (want, got, which) in [(start, tour.start(), "starts"), (end, tour.end(), "ends")] {
        if let Some(w) = want.filter(|&w| w != got) {
            return Err(Error::Failed(format!(
                "{name}: the tour {which} on {}, not {}",
                board.algebraic(got),
                board.algebraic(w)
            )));
        }
    }
    Ok(())
}

/// Runs `verify`: exit 0 when the tour is sound, 1 when it is faulty, 2 when unreadable.
pub fn run(args: VerifyArgs) -> Result<ExitCode, Error> {
    let path = args.file.as_path();
    // One open, so that a FIFO is read once: peek at the head, then read on from it.
    let mut r = open_bounded(path, "tour or puzzle file", MAX_TOUR_FILE_BYTES)?;
    let mut head = Vec::with_capacity(4096);
    (&mut r)
        .take(4096)
        .read_to_end(&mut head)
        .map_err(|e| read_error(e, path))?;
    let kind = file_kind(&head);
    if kind == FileKind::Binary {
        return Err(Error::Usage(format!(
            "'{}' is not a text file; hint: verify reads knight-tour/1 tour files and puzzle files",
            path.display()
        )));
    }
    if matches!(kind, FileKind::Puzzles | FileKind::Grid) {
        let mut bytes = head;
        r.take(MAX_PUZZLE_FILE_BYTES + 1 - bytes.len() as u64)
            .read_to_end(&mut bytes)
            .map_err(|e| read_error(e, path))?;
        if bytes.len() as u64 > MAX_PUZZLE_FILE_BYTES {
            return Err(Error::Usage(format!(
                "puzzle file '{}' is more than any puzzle file can hold ({MAX_PUZZLE_FILE_BYTES} bytes at most)",
                path.display()
            )));
        }
        let text = String::from_utf8(bytes).map_err(|_| {
            Error::Usage(format!("cannot read '{}': not UTF-8 text", path.display()))
        })?;
        refuse_given(
            &[
                ("--start", args.start.is_some()),
                ("--end", args.end.is_some()),
            ],
            "to a puzzle file: its givens fix the squares",
            |o| format!("drop {o}"),
        )?;
        return verify_puzzles(
            path,
            &text,
            args.budget.unwrap_or(crate::puzzle::CHECK_BUDGET),
        );
    }
    refuse_given(
        &[("--budget", args.budget.is_some())],
        &format!(
            "to the tour file '{}': checking a tour is not a search",
            path.display()
        ),
        |_| "drop --budget".into(),
    )?;
    let name = path.display();
    let tour = &tour_from(path, head.as_slice().chain(r))?;
    check_ends(
        tour,
        &name.to_string(),
        args.start.as_deref(),
        args.end.as_deref(),
    )?;
    let mut line = Vec::new();
    let _ = writeln!(
        line,
        "ok: {name} is {} {}{} tour{} of {} squares from {} to {}",
        if tour.is_closed() {
            "a closed"
        } else {
            "an open"
        },
        tour.board(),
        piece_word(tour.piece()),
        match tour.holes().len() {
            0 => String::new(),
            n => format!(" with {}", crate::existence::holes_text(n)),
        },
        tour.len(),
        tour.board().algebraic(tour.start()),
        tour.board().algebraic(tour.end())
    );
    print(&String::from_utf8_lossy(&line))?;
    Ok(ExitCode::SUCCESS)
}

/// ` camel` for a tour of a piece other than the knight (whose messages stay as they were).
pub(crate) fn piece_word(piece: crate::piece::Piece) -> String {
    if piece.is_knight() {
        String::new()
    } else {
        format!(" {piece}")
    }
}
