//! `puzzle check`: pupils' answers judged by the rules, one in full (and drawn), several as
//! a line each.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use crate::io::puzzle::{read_answer, read_puzzles_of, MAX_PUZZLE_FILE_BYTES};
use crate::puzzle::mark;
use crate::render::sheet::{self, Template};
use crate::Kind;

use super::super::draw::{load_theme, theme_file};
use super::super::error::{NO, OK};
use super::super::files::{self, read_text};
use super::super::output::{choose, print};
use super::super::{note, refuse_given, Error};

use super::*;

/// Runs `puzzle check`: one answer in full, several as one line each.
pub(super) fn check(a: CheckArgs) -> Result<ExitCode, Error> {
    use std::fmt::Write as _;
    let name = a.puzzle.display().to_string();
    let text = read_text(&a.puzzle, "puzzle file", MAX_PUZZLE_FILE_BYTES)?;
    let json = text.trim_start().starts_with(['{', '[']);
    refuse_given(
        &[
            ("--closed", a.closed && json),
            ("--piece", a.piece.is_some() && json),
        ],
        &format!("to the JSON file '{name}': it says for itself what its tours are"),
        |o| format!("drop {o}"),
    )?;
    let mut files = read_puzzles_of(&text, Kind::of(a.closed), a.piece).map_err(|source| {
        Error::PuzzleRead {
            path: name.clone(),
            source,
        }
    })?;
    let k = match (a.number, files.len()) {
        (None, 1) => 1,
        (None, n) => {
            return Err(Error::Usage(format!(
                "'{name}' holds {n} puzzles; hint: say which with --number 1 to {n}"
            )))
        }
        (Some(k), n) if k > n => {
            return Err(Error::Usage(format!(
                "--number {k}, but '{name}' holds {n} puzzle{}",
                if n == 1 { "" } else { "s" }
            )))
        }
        (Some(k), _) => k,
    };
    let puzzle = files.swap_remove(k - 1).puzzle;
    let drawing = match &a.output {
        None => None,
        Some(_) if a.answers.len() > 1 => {
            return Err(Error::Usage(
                "-o draws one answer; hint: check one answer file at a time to draw it".into(),
            ))
        }
        Some(o) => {
            let format = choose(None, Some(o), "-o", &PAGES, None)?;
            let mut inputs: Vec<(&str, &Path)> =
                vec![("PUZZLE", &a.puzzle), ("ANSWER", &a.answers[0])];
            let theme_spec = a.theme.as_deref().unwrap_or("classic");
            if let Some(t) = theme_file(theme_spec) {
                inputs.push(("--theme", t));
            }
            inputs.extend(a.font.inputs());
            let target = files::plan(&[("-o", o)], &inputs)?.remove(0);
            a.font.load()?;
            // The drawing takes the words of the puzzle's piece itself.
            let template = super::in_language(Template::builtin("a4")?, a.lang.as_deref())?;
            Some((format, target, load_theme(theme_spec)?, template))
        }
    };
    if drawing.is_none() {
        refuse_given(
            &[("--theme", a.theme.is_some()), ("--lang", a.lang.is_some())],
            "without -o: nothing is drawn",
            |_| "add -o marked.png".into(),
        )?;
    }
    let one = a.answers.len() == 1;
    let (mut wrong, mut unreadable) = (0usize, 0usize);
    let mut out = String::new();
    for path in &a.answers {
        let shown = path.display().to_string();
        let read = read_text(path, "answer", MAX_PUZZLE_FILE_BYTES).and_then(|t| {
            read_answer(&t).map_err(|source| Error::PuzzleRead {
                path: shown.clone(),
                source,
            })
        });
        let marking = read.and_then(|ans| {
            mark(&puzzle, &ans).map_err(|e| {
                Error::Usage(format!(
                    "{shown}: {e}; hint: check the answer against the right puzzle"
                ))
            })
        });
        let marking = match marking {
            Ok(m) => m,
            Err(e) if one => return Err(e),
            Err(e) => {
                unreadable += 1;
                let msg = e.to_string();
                let _ = writeln!(
                    out,
                    "{shown}: unreadable: {}",
                    msg.trim_start_matches(&format!("{shown}: "))
                );
                continue;
            }
        };
        let board = puzzle.board();
        if !marking.is_right() {
            wrong += 1;
        }
        if one {
            if marking.is_right() {
                let _ = writeln!(
                    out,
                    "right: every number from 1 to {} is in place, each a {}'s move from the next",
                    puzzle.len(),
                    puzzle.piece()
                );
            } else {
                let k = marking.faults.len();
                let _ = writeln!(out, "wrong: {k} problem{}", if k == 1 { "" } else { "s" });
                for f in &marking.faults {
                    let _ = writeln!(out, "  {}", f.describe(board));
                }
            }
            if let Some((format, target, theme, template)) = &drawing {
                let page = sheet::marked_answer(
                    &puzzle,
                    &marking,
                    theme,
                    template,
                    &template.phrase("mark_heading", &[("name", &shown)]),
                );
                let bytes = crate::render::encode(
                    page.svg,
                    *format,
                    (page.width, page.height),
                    Some(150.0),
                    None,
                )?;
                files::write_one(target, &mut |w: &mut dyn Write| w.write_all(&bytes))?;
                if !target.is_stdout() {
                    note(format_args!("wrote {}", target.path().display()));
                }
            }
        } else if marking.is_right() {
            let _ = writeln!(out, "{shown}: right");
        } else {
            let k = marking.faults.len();
            let _ = writeln!(
                out,
                "{shown}: wrong, {k} problem{}: {}",
                if k == 1 { "" } else { "s" },
                marking.faults[0].describe(board)
            );
        }
    }
    if !one {
        let n = a.answers.len();
        let _ = writeln!(
            out,
            "{} of {n} right, {wrong} wrong{}",
            n - wrong - unreadable,
            if unreadable > 0 {
                format!(", {unreadable} unreadable")
            } else {
                String::new()
            }
        );
    }
    print(&out)?;
    Ok(ExitCode::from(if unreadable > 0 {
        super::super::error::USAGE
    } else if wrong > 0 {
        NO
    } else {
        OK
    }))
}
