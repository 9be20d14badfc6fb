//! `knight-tour verify`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use knight_tour::io::read_json;
use knight_tour::io::ReadError;
use knight_tour::Tour;

use super::Failure;

/// Arguments of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A knight-tour/1 JSON file, as written by `solve --format json`.
    file: PathBuf,
}

/// Reads and verifies a tour file: exit 1 for a faulty tour, 2 for an unreadable file.
pub fn read_tour_file(path: &Path) -> Result<Tour, Failure> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::usage(format!("cannot read '{name}': {e}")))?;
    let file = read_json(&text).map_err(|e| match e {
        ReadError::Tour(t) => Failure::no(format!("{name}: {t}")),
        other => Failure::usage(format!("{name}: {other}")),
    })?;
    file.tour
        .verify()
        .map_err(|e| Failure::no(format!("{name}: {e}")))?;
    Ok(file.tour)
}

/// Runs `verify`: exit 0 when the tour is sound, 1 when it is faulty, 2 when unreadable.
pub fn run(args: VerifyArgs) -> Result<ExitCode, Failure> {
    let name = args.file.display();
    let tour = &read_tour_file(&args.file)?;
    println!(
        "ok: {name} is a {} {} tour of {} squares from {} to {}",
        if tour.closed { "closed" } else { "open" },
        tour.board,
        tour.len(),
        tour.board.algebraic(tour.start()),
        tour.board.algebraic(tour.end())
    );
    Ok(ExitCode::SUCCESS)
}
