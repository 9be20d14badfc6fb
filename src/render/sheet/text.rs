//! Text on worksheet pages: the space round the boards, plain and bold lines, and wrapping
//! of titles and instructions to the page's width.

use super::super::glyphs;
use super::super::theme::Rgb;
use super::*;
use svg::Node;

/// Height (mm) of a board's number above it and its caption below.
pub(super) fn label_margin(t: &Template) -> f64 {
    t.label_size * 1.5 + t.small_size * 2.0
}

/// Running text: real text in the bundled regular font (characters it lacks from the next
/// font that has them), so a PDF embeds it as text that can be found and copied, and an SVG
/// can be edited.
pub(super) fn text(x: f64, y: f64, size: f64, colour: Rgb, content: &str) -> Box<dyn Node> {
    super::super::svg::text_node(x, y, size, false, colour, content)
}

/// Headings: real text in the bold weight.
pub(super) fn bold(x: f64, y: f64, size: f64, colour: Rgb, content: &str) -> Box<dyn Node> {
    super::super::svg::text_node(x, y, size, true, colour, content)
}

/// Breaks `text` into lines no wider than `width` at `size`.
pub(super) fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    wrap_in(text, size, width, false)
}

/// The title's lines and font size: at the template's size on up to two lines, else smaller
/// (down to half) until it fits two, else on as many lines as it takes at half size, a word
/// wider than the page broken where it must be.
pub(super) fn title_lines(title: &str, size: f64, width: f64) -> (Vec<String>, f64) {
    let fits = |lines: &[String], s: f64| {
        lines
            .iter()
            .all(|l| glyphs::text_width(l, s, true) <= width)
    };
    let mut s = size;
    while s > size * 0.5 {
        let lines = wrap_in(title, s, width, true);
        if lines.len() <= 2 && fits(&lines, s) {
            return (lines, s);
        }
        s *= 0.9;
    }
    let s = size * 0.5;
    let mut lines = Vec::new();
    for line in wrap_in(title, s, width, true) {
        let mut part = String::new();
        for ch in line.chars() {
            part.push(ch);
            if glyphs::text_width(&part, s, true) > width {
                part.pop();
                lines.push(std::mem::take(&mut part));
                part.push(ch);
            }
        }
        lines.push(part);
    }
    (lines, s)
}

/// Breaks `text` into lines no wider than `width` at `size`, in the bold or regular font:
/// at spaces, and between any two characters of Chinese or Japanese (written without spaces).
pub(super) fn wrap_in(text: &str, size: f64, width: f64, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for (word, spaced) in pieces(text) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else if spaced {
            format!("{line} {word}")
        } else {
            format!("{line}{word}")
        };
        if !line.is_empty() && glyphs::text_width(&candidate, size, bold) > width {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Whether a line may break on either side of `c`: Han, kana, and CJK punctuation and
/// full-width forms (Korean is written with spaces and breaks at them).
fn breaks_around(c: char) -> bool {
    matches!(c as u32,
        0x2E80..=0x2FFF | 0x3000..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF | 0xFF00..=0xFFEF | 0x20000..=0x3FFFF)
}

/// The pieces a line may break between, each with whether a space comes before it.
pub(super) fn pieces(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        let mut spaced = true;
        let mut start = 0;
        let mut prev_breaks = false;
        for (i, c) in word.char_indices() {
            let b = breaks_around(c);
            // Closing punctuation stays with the character before it.
            let closing = matches!(
                c,
                '，' | '。' | '、' | '；' | '：' | '！' | '？' | '）' | '」' | '』' | '》'
            );
            if i > start && (b || prev_breaks) && !closing {
                out.push((&word[start..i], spaced));
                spaced = false;
                start = i;
            }
            prev_breaks = b;
        }
        out.push((&word[start..], spaced));
    }
    out
}
