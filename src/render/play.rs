//! A puzzle batch as one self-contained HTML page to play on screen: the page's style and
//! script are inlined from `templates/play`, and the puzzles (givens and solutions) are
//! embedded as JSON, so the file works offline and from a USB stick.

use serde::Serialize;

use super::sheet::{Item, Template};
use super::theme::Theme;

const PAGE: &str = include_str!("../../templates/play/page.html");
const STYLE: &str = include_str!("../../templates/play/play.css");
const SCRIPT: &str = include_str!("../../templates/play/play.js");

#[derive(Serialize)]
struct Data<'a> {
    puzzles: Vec<PuzzleData<'a>>,
}

#[derive(Serialize)]
struct PuzzleData<'a> {
    rows: u32,
    cols: u32,
    closed: bool,
    grade: String,
    /// Row-major: the given number, 0 for a blank, -1 for a blocked square.
    cells: Vec<i64>,
    /// Row-major move numbers of the one solution, 0 on blocked squares.
    solution: &'a [u32],
    /// The piece's moves as distinct `[rows, cols]` distances; absent for the knight, whose
    /// moves the script knows.
    #[serde(skip_serializing_if = "Option::is_none")]
    moves: Option<Vec<[u32; 2]>>,
}

/// The page for a batch of puzzles, titled `title`, its squares in `theme`'s colours (made
/// light enough to write on), its words (help, buttons, messages) the template's `play_*`
/// phrases.
pub fn page(items: &[Item<'_>], title: &str, theme: &Theme, template: &Template) -> String {
    // The words of the batch's piece (those of a template already made for it stay).
    let piece = items
        .first()
        .map_or(crate::piece::Piece::KNIGHT, |i| i.puzzle.piece());
    let template = &template.for_piece(piece);
    let title = &template.fill_piece(title, piece);
    let numbers: Vec<Vec<u32>> = items.iter().map(|i| i.solution.numbers()).collect();
    let puzzles = items
        .iter()
        .zip(&numbers)
        .map(|(item, solution)| {
            let p = item.puzzle;
            let mut cells: Vec<i64> = p.grid().iter().map(|&v| i64::from(v)).collect();
            for &h in p.holes() {
                cells[h as usize] = -1;
            }
            PuzzleData {
                rows: p.board().rows,
                cols: p.board().cols,
                closed: p.is_closed(),
                grade: item.grade.to_string(),
                cells,
                solution,
                moves: (!p.piece().is_knight()).then(|| {
                    let mut m: Vec<[u32; 2]> = p
                        .piece()
                        .moves()
                        .iter()
                        .map(|&(dr, dc)| [dr.unsigned_abs(), dc.unsigned_abs()])
                        .collect();
                    m.sort_unstable();
                    m.dedup();
                    m
                }),
            }
        })
        .collect();
    let json = serde_json::to_string(&Data { puzzles }).expect("plain data serialises");
    let words: std::collections::BTreeMap<&str, &str> = template
        .phrases
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix("play_")?, v.as_str())))
        .collect();
    let words = serde_json::to_string(&words).expect("plain data serialises");
    let phrase = |key: &str| escape(&template.phrase(key, &[]));
    let paper = theme.for_writing();
    let colours = format!(
        "--light: {}; --dark: {}; --grid: {}",
        paper.light.css(),
        paper.dark.css(),
        paper.grid.css()
    );
    substitute(
        PAGE,
        &[
            ("VERSION", env!("CARGO_PKG_VERSION")),
            ("LANG", &escape(&template.lang)),
            ("TITLE", &escape(title)),
            ("HELP", &phrase("play_help")),
            ("CONTENTS", &phrase("play_contents")),
            ("PRINT", &phrase("play_print")),
            ("NOSCRIPT", &phrase("play_noscript")),
            ("COLOURS", &colours),
            ("STYLE", STYLE.trim_end()),
            ("SCRIPT", SCRIPT.trim_end()),
            ("DATA", &script_safe(&json)),
            ("WORDS", &script_safe(&words)),
        ],
    )
}

/// `template` with each `{{NAME}}` replaced by its value, in one pass: a value (a title, say)
/// that itself reads `{{STYLE}}` stays as written.
fn substitute(template: &str, values: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + values.iter().map(|v| v.1.len()).sum::<usize>());
    let mut rest = template;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        match after
            .find("}}")
            .and_then(|close| values.iter().find(|(name, _)| *name == &after[..close]))
        {
            Some((name, value)) => {
                out.push_str(value);
                rest = &after[name.len() + 2..];
            }
            None => {
                out.push_str("{{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text for HTML content and attribute values.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON that cannot end its `<script>` element early: every `<` is written as `\u003c`,
/// which JSON reads back as the same character.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled_once_and_values_left_alone() {
        let page = substitute(
            "<t>{{A}}</t><h>{{A}}</h>{{B}}{{C}}",
            &[("A", "{{B}} & {{A}}"), ("B", "b")],
        );
        assert_eq!(page, "<t>{{B}} & {{A}}</t><h>{{B}} & {{A}}</h>b{{C}}");
    }

    #[test]
    fn titles_and_data_cannot_break_out_of_their_elements() {
        assert_eq!(
            escape(r#"<b>"Tom's" & co</b>"#),
            "&lt;b&gt;&quot;Tom&#39;s&quot; &amp; co&lt;/b&gt;"
        );
        let json = serde_json::to_string("</script><!--").unwrap();
        let safe = script_safe(&json);
        assert!(!safe.contains('<'));
        assert_eq!(
            serde_json::from_str::<String>(&safe).unwrap(),
            "</script><!--"
        );
    }
}
