//! `puzzle solve`: a puzzle file's solutions: none, one (printed) or two (shown side by side).

use std::io::Write;
use std::process::ExitCode;

use crate::io::puzzle::{read_puzzles_of, write_two, MAX_PUZZLE_FILE_BYTES};
use crate::io::write_text;
use crate::puzzle::Solutions;
use crate::Kind;

use super::super::error::{NO, OK};
use super::super::files::read_text;
use super::super::output::print;
use super::super::{refuse_given, Error};

use super::*;

pub(super) fn solve(a: SolveArgs) -> Result<ExitCode, Error> {
    let name = a.file.display().to_string();
    let text = read_text(&a.file, "puzzle file", MAX_PUZZLE_FILE_BYTES)?;
    let json = text.trim_start().starts_with(['{', '[']);
    refuse_given(
        &[
            ("--closed", a.closed && json),
            ("--piece", a.piece.is_some() && json),
        ],
        &format!("to the JSON file '{name}': it says for itself what its tours are"),
        |o| format!("drop {o}"),
    )?;
    let files = read_puzzles_of(&text, Kind::of(a.closed), a.piece).map_err(|source| {
        Error::PuzzleRead {
            path: name.clone(),
            source,
        }
    })?;
    let mut all_unique = true;
    let mut w: Vec<u8> = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let p = &f.puzzle;
        let geo = p.geometry();
        let budget = a.budget.unwrap_or(crate::puzzle::CHECK_BUDGET);
        let label = if files.len() > 1 {
            format!("puzzle {}: ", i + 1)
        } else {
            String::new()
        };
        let o = crate::puzzle::solve(p, &geo, budget).map_err(|e| {
            Error::GaveUp(format!(
                "{name}: {label}{e}; hint: raise --budget (now {budget})"
            ))
        })?;
        let kind = p.kind().name();
        match &o.solutions {
            Solutions::One(t) => {
                writeln!(
                    w,
                    "{label}exactly one solution ({} {kind}, {} clues, {} search nodes)",
                    p.board(),
                    p.clues(),
                    o.nodes
                )?;
                write_text(&mut w, t)?;
                if let Some(stored) = &f.solution {
                    if stored != t {
                        writeln!(
                            w,
                            "note: the solution stored in the file differs from this one"
                        )?;
                    }
                }
            }
            Solutions::None => {
                all_unique = false;
                writeln!(
                    w,
                    "{label}no solution: the givens cannot all lie on one {}'s tour",
                    p.piece()
                )?;
            }
            Solutions::Two(x, y) => {
                all_unique = false;
                writeln!(w, "{label}more than one solution; two of them (squares where they differ marked *):")?;
                write_two(&mut w, p, x, y)?;
            }
        }
        if i + 1 < files.len() {
            writeln!(w)?;
        }
    }
    print(&String::from_utf8_lossy(&w))?;
    Ok(ExitCode::from(if all_unique { OK } else { NO }))
}
