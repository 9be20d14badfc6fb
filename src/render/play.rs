//! A puzzle batch as one self-contained HTML page to play on screen: the page's style and
//! script are inlined from `templates/play`, and the puzzles (givens and solutions) are
//! embedded as JSON, so the file works offline and from a USB stick.

use serde::Serialize;

use super::sheet::Item;
use super::theme::{Rgb, Theme};

const PAGE: &str = include_str!("../../templates/play/page.html");
const STYLE: &str = include_str!("../../templates/play/play.css");
const SCRIPT: &str = include_str!("../../templates/play/play.js");

/// Light and dark squares darker than these (relative luminance) are lightened: pupils write
/// on them. Two levels keep the board chequered.
const MIN_LUMINANCE: (f64, f64) = (0.85, 0.7);

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
}

/// The page for a batch of puzzles, titled `title`, its squares in `theme`'s colours (made
/// light enough to write on).
pub fn page(items: &[Item<'_>], title: &str, theme: &Theme) -> String {
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
            }
        })
        .collect();
    let json = serde_json::to_string(&Data { puzzles }).expect("plain data serialises");
    let colours = format!(
        "--light: {}; --dark: {}; --grid: {}",
        writable(theme.light, MIN_LUMINANCE.0).hex(),
        writable(theme.dark, MIN_LUMINANCE.1).hex(),
        theme.grid.hex()
    );
    fill(
        PAGE,
        &[
            ("VERSION", env!("CARGO_PKG_VERSION")),
            ("TITLE", &escape(title)),
            ("COLOURS", &colours),
            ("STYLE", STYLE.trim_end()),
            ("SCRIPT", SCRIPT.trim_end()),
            ("DATA", &script_safe(&json)),
        ],
    )
}

/// `template` with each `{{NAME}}` replaced by its value, in one pass: a value (a title, say)
/// that itself reads `{{STYLE}}` stays as written.
fn fill(template: &str, values: &[(&str, &str)]) -> String {
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

/// `c`, mixed with white until its luminance reaches `min`.
fn writable(c: Rgb, min: f64) -> Rgb {
    let white = Rgb(255, 255, 255);
    (0..=40)
        .map(|step| c.mix(white, f64::from(step) / 40.0))
        .find(|m| luminance(*m) >= min)
        .unwrap_or(white)
}

/// Relative luminance (WCAG) of an sRGB colour.
fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let s = f64::from(v) / 255.0;
        if s <= 0.040_45 {
            s / 12.92
        } else {
            ((s + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.0) + 0.7152 * lin(c.1) + 0.0722 * lin(c.2)
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
    fn dark_squares_are_lightened_and_light_ones_kept() {
        let (light, dark) = MIN_LUMINANCE;
        assert_eq!(writable(Rgb(255, 255, 255), light), Rgb(255, 255, 255));
        assert_eq!(writable(Rgb(228, 228, 228), dark), Rgb(228, 228, 228));
        for c in [Rgb(0, 0, 0), Rgb(20, 40, 30), Rgb(31, 78, 156)] {
            let (l, d) = (writable(c, light), writable(c, dark));
            assert!(
                luminance(l) >= light && luminance(d) >= dark,
                "{c:?} -> {l:?} {d:?}"
            );
            assert!(
                luminance(d) < light,
                "{c:?}: dark squares stay darker than light ones"
            );
            assert_ne!(l, Rgb(255, 255, 255), "{c:?} keeps a tint");
        }
    }

    #[test]
    fn placeholders_are_filled_once_and_values_left_alone() {
        let page = fill(
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
