//! `knight-tour verify`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use knight_tour::io::puzzle::{read_puzzles, PUZZLE_FORMAT};
use knight_tour::io::read_json;
use knight_tour::io::ReadError;
use knight_tour::puzzle::solver::{self, Solutions};
use knight_tour::puzzle::Geometry;
use knight_tour::Tour;

use super::Failure;

/// Arguments of `verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// A knight-tour/1 JSON file (`solve --format json`) or a puzzle file (`puzzle --format json`).
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

/// Checks a puzzle file: every stored solution is a tour that agrees with the givens, and
/// the complete solver finds exactly one solution, the stored one.
fn verify_puzzles(name: &str, text: &str) -> Result<ExitCode, Failure> {
    let files = read_puzzles(text, false).map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    for (i, f) in files.iter().enumerate() {
        let label = if files.len() > 1 {
            format!("{name}: puzzle {}", i + 1)
        } else {
            name.to_string()
        };
        let p = &f.puzzle;
        if let Some(t) = &f.solution {
            t.verify()
                .map_err(|e| Failure::no(format!("{label}: the stored solution: {e}")))?;
            if !p.agrees(t) {
                return Err(Failure::no(format!(
                    "{label}: the stored solution does not agree with the givens"
                )));
            }
        }
        let geo = Geometry::new(p.board);
        let o = solver::solve(p, &geo, solver::default_budget(p.len()))
            .map_err(|e| Failure::no(format!("{label}: uniqueness not settled: {e}")))?;
        match (&o.solutions, &f.solution) {
            (Solutions::One(t), stored) if stored.as_ref().is_none_or(|s| s == t) => {}
            (Solutions::One(_), _) => {
                return Err(Failure::no(format!(
                    "{label}: the puzzle's one solution is not the stored one"
                )))
            }
            (Solutions::None, _) => return Err(Failure::no(format!("{label}: no solution"))),
            (Solutions::Two(..), _) => {
                return Err(Failure::no(format!(
                    "{label}: more than one solution; hint: `knight-tour puzzle solve {name}` shows two"
                )))
            }
        }
    }
    println!(
        "ok: {name}: {} puzzle{} with exactly one solution each",
        files.len(),
        if files.len() == 1 { "" } else { "s" }
    );
    Ok(ExitCode::SUCCESS)
}

/// Runs `verify`: exit 0 when the tour is sound, 1 when it is faulty, 2 when unreadable.
pub fn run(args: VerifyArgs) -> Result<ExitCode, Failure> {
    let name = args.file.display();
    if let Ok(text) = std::fs::read_to_string(&args.file) {
        if text.contains(PUZZLE_FORMAT) {
            return verify_puzzles(&name.to_string(), &text);
        }
    }
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
