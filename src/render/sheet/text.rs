//! Text on worksheet pages: the space round the boards, plain and bold lines, and wrapping
//! of titles and instructions to the page's width.

use super::super::glyphs::{self, num};
use super::super::theme::Rgb;
use super::*;
use svg::node::element::{Path, Text as TextEl};

/// Height (mm) of a board's number above it and its caption below.
pub(super) fn label_margin(t: &Template) -> f64 {
    t.label_size * 1.5 + t.small_size * 2.0
}

/// Running text: real text in the bundled regular font, so a PDF embeds it and it can be
/// selected. Only one weight is set as text: svg2pdf orders several embedded fonts by hash,
/// which would make PDFs differ from run to run.
pub(super) fn text(x: f64, y: f64, size: f64, colour: Rgb, content: &str) -> TextEl {
    let t = TextEl::new(content)
        .set("x", num(x))
        .set("y", num(y))
        .set("font-family", glyphs::FAMILY)
        .set("font-size", num(size));
    super::super::svg::coloured(t, "fill", colour)
}

/// Headings: outlines of the bold font, like the board numbers.
pub(super) fn bold(x: f64, y: f64, size: f64, colour: Rgb, content: &str) -> Path {
    let (d, _) = glyphs::outline(content, size * glyphs::digit_height_per_em());
    let p = Path::new()
        .set("d", super::super::svg::path_data(&d))
        .set("transform", format!("translate({} {})", num(x), num(y)));
    super::super::svg::coloured(p, "fill", colour)
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

/// Breaks `text` into lines no wider than `width` at `size`, in the bold or regular font.
pub(super) fn wrap_in(text: &str, size: f64, width: f64, bold: bool) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
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
