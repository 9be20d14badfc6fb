//! Worksheets: pages of puzzles and pages of answers, laid out from a page template.
//!
//! Page templates (`templates/pages/*.page`, embedded at compile time) are `key = value` lines:
//! paper size and margins in millimetres, the texts (title, instructions, labels) and colours.
//! A template file may set only some keys; the rest come from the built-in page it extends.
//! Pages are SVG with millimetre user units; running text is `<text>` in the bundled DejaVu
//! Sans (so a PDF embeds the font and its text can be selected), board numbers are outlines.

use svg::node::element::{Line, Title};
use svg::Document;

use super::glyphs::{self, num};
use super::scene::Scene;
use super::svg::{document, DrawOptions, Style};
use super::theme::Theme;
use crate::puzzle::{Grade, Puzzle};
use crate::tour::Tour;
use crate::Board;

mod marked;
mod text;

use text::*;

mod template;
pub(crate) use marked::marked_answer;
pub use template::{Template, TemplateError, LANGUAGE_TAGS};

/// CSS pixels per millimetre: page sizes are written in pixels for rasterising and PDF.
pub(crate) const PX_PER_MM: f64 = 96.0 / 25.4;

/// One puzzle on a worksheet.
#[derive(Debug, Clone, Copy)]
pub struct Item<'a> {
    /// Its number on the sheet, from 1.
    pub number: usize,
    /// The puzzle.
    pub puzzle: &'a Puzzle,
    /// Its solution.
    pub solution: &'a Tour,
    /// Its grade.
    pub grade: Grade,
    /// Its seed.
    pub seed: u64,
}

/// The sheet's items for a batch of generated puzzles, numbered from 1 in order.
pub fn items(made: &[crate::puzzle::generate::Generated]) -> Vec<Item<'_>> {
    made.iter()
        .enumerate()
        .map(|(i, g)| Item {
            number: i + 1,
            puzzle: &g.puzzle,
            solution: &g.solution,
            grade: g.grade,
            seed: g.seed,
        })
        .collect()
}

/// A worksheet: template, look and layout.
#[derive(Debug, Clone)]
pub struct Sheet<'a> {
    /// The page template.
    pub template: &'a Template,
    /// The look of the boards.
    pub theme: &'a Theme,
    /// Title of puzzle pages.
    pub title: String,
    /// Puzzles on each page.
    pub per_page: usize,
    /// What the puzzle pages print under each board (answer keys always print it all).
    pub caption: Caption,
}

/// The line under each board of a worksheet.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Caption {
    /// Nothing: pupils' sheets do not need the seed.
    #[default]
    None,
    /// The seed alone, to remake the puzzle.
    Seed,
    /// Board, kind, holes, grade, clues and seed.
    Full,
    /// The teacher's own words, with `{n}` replaced by the puzzle's number and `{seed}` by
    /// its seed.
    Text(String),
}

/// One page, ready to write or convert.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The SVG document.
    pub svg: String,
    /// Width in CSS pixels.
    pub width: f64,
    /// Height in CSS pixels.
    pub height: f64,
}

/// The files of a set of pages in an image `format`: one multi-page PDF, or one SVG or PNG
/// (at `dpi`) per page, the PNGs rendered on all cores.
#[cfg(feature = "pdf")]
pub fn encode_pages(
    pages: &[Page],
    format: crate::io::OutputFormat,
    dpi: f64,
) -> Result<Vec<Vec<u8>>, super::raster::RasterError> {
    use crate::io::OutputFormat;
    use rayon::prelude::*;
    match format {
        OutputFormat::Pdf => {
            let svgs: Vec<&str> = pages.iter().map(|p| p.svg.as_str()).collect();
            Ok(vec![super::pdf::pdf_pages(&svgs)?])
        }
        _ => pages
            .par_iter()
            .map(|p| super::encode(p.svg.clone(), format, (p.width, p.height), Some(dpi), None))
            .collect(),
    }
}

/// Most puzzles a page can hold and still be written in.
pub(crate) const MAX_PER_PAGE: usize = 64;

/// Where a batch's answer-key pages go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// No key.
    None,
    /// In files of their own, in this format.
    Apart(crate::io::OutputFormat),
    /// After the puzzle pages, in the worksheet's own PDF (or numbered SVG/PNG files).
    After,
}

/// The bytes of every file a batch goes to, in order: the puzzles as one JSON or text file, or
/// as worksheet pages in `format` (one PDF, or one SVG or PNG a page), then the answer-key
/// pages where `keys` says. Rendering everything first lets the caller write all files or
/// none.
pub(crate) fn batch_files(
    made: &[crate::puzzle::generate::Generated],
    sheet: &Sheet<'_>,
    format: crate::io::OutputFormat,
    keys: Keys,
    dpi: f64,
) -> Result<Vec<Vec<u8>>, super::raster::RasterError> {
    use crate::io::puzzle::{write_batch_json, write_batch_text};
    use crate::io::OutputFormat;
    let items = items(made);
    let mut files = Vec::new();
    match format {
        OutputFormat::Html => {
            files.push(
                super::play::page(&items, &sheet.title, sheet.theme, sheet.template).into_bytes(),
            );
        }
        OutputFormat::Json | OutputFormat::Text => {
            let mut w = Vec::new();
            if format == OutputFormat::Json {
                write_batch_json(&mut w, made)
            } else {
                write_batch_text(&mut w, made)
            }
            .expect("writing to memory cannot fail");
            files.push(w);
        }
        f => {
            let mut all = pages(sheet, &items, false);
            if keys == Keys::After {
                // One document: its page numbers run on through the key.
                let sheets = all.len();
                let total = 2 * sheets;
                all = numbered(sheet, &items, false, 0, total);
                all.extend(numbered(sheet, &items, true, sheets, total));
            }
            files.extend(encode_pages(&all, f, dpi)?);
        }
    }
    if let Keys::Apart(f) = keys {
        files.extend(encode_pages(&pages(sheet, &items, true), f, dpi)?);
    }
    Ok(files)
}

/// The smallest square (mm) a pupil writes a number of up to two digits in, and one of three;
/// on paper larger than A4 it grows with the text (the square root of the area).
const MIN_SQUARE: (f64, f64) = (7.2, 8.0);

/// The default number of puzzles per page: as many as the page holds with squares no smaller
/// than 7.2 mm (8 mm for three digits; more on larger paper), under the header `title` and
/// the instructions for `facts`. The most such always fill their grid of boards, so no slot
/// is left empty on a full page.
pub fn default_per_page(t: &Template, title: &str, facts: &Facts) -> usize {
    let (_, top) = header(Document::new(), t, title, Some(facts), false);
    let (inner, bottom) = (t.width - 2.0 * t.margin, t.height - t.margin);
    let a4 = (t.width * t.height / (210.0 * 297.0)).sqrt().max(1.0);
    let min = a4
        * if facts.last >= 100 {
            MIN_SQUARE.1
        } else {
            MIN_SQUARE.0
        };
    let b = facts.board;
    (1..=MAX_PER_PAGE)
        .rev()
        .find(|&n| {
            let (.., cell) = grid_of(
                n,
                inner,
                bottom - top,
                t.gap,
                label_margin(t),
                b.rows,
                b.cols,
            );
            cell >= min
        })
        .unwrap_or(1)
}

/// Columns, rows and square size (mm) that make `per_page` boards as large as possible.
fn grid_of(
    per_page: usize,
    w: f64,
    h: f64,
    gap: f64,
    extra_h: f64,
    rows: u32,
    cols: u32,
) -> (usize, usize, f64) {
    let mut best = (1, per_page, 0.0);
    for c in 1..=per_page {
        let r = per_page.div_ceil(c);
        let slot_w = (w - (c - 1) as f64 * gap) / c as f64;
        let slot_h = (h - (r - 1) as f64 * gap) / r as f64 - extra_h;
        let cell = (slot_w / cols as f64).min(slot_h / rows as f64);
        if cell > best.2 + 1e-9 {
            best = (c, r, cell);
        }
    }
    best
}

/// Lays out the puzzle pages (`answers` false) or the answer-key pages (`answers` true).
pub fn pages(sheet: &Sheet<'_>, items: &[Item<'_>], answers: bool) -> Vec<Page> {
    let per_page = sheet.per_page.max(1);
    let count = items.len().div_ceil(per_page).max(1);
    numbered(sheet, items, answers, 0, count)
}

/// [`pages`] numbered from `before + 1` of `total` (a key that follows its worksheet in one
/// document goes on counting).
fn numbered(
    sheet: &Sheet<'_>,
    items: &[Item<'_>],
    answers: bool,
    before: usize,
    total: usize,
) -> Vec<Page> {
    items
        .chunks(sheet.per_page.max(1))
        .enumerate()
        .map(|(i, chunk)| page(sheet, chunk, answers, before + i + 1, total))
        .collect()
}

/// What a page's heading says about its puzzles, known before they are made.
#[derive(Debug, Clone, Copy)]
pub struct Facts {
    /// The board.
    pub board: Board,
    /// The last number (the open squares).
    pub last: usize,
    /// Whether any square is blocked.
    pub holes: bool,
    /// Whether the tours are closed.
    pub closed: bool,
}

impl Facts {
    fn of(items: &[Item<'_>]) -> Option<Facts> {
        let first = items.first()?;
        Some(Facts {
            board: first.puzzle.board,
            last: first.puzzle.len(),
            holes: items.iter().any(|i| !i.puzzle.holes.is_empty()),
            closed: first.puzzle.is_closed(),
        })
    }
}

fn substitute_facts(template: &str, facts: &Facts) -> String {
    template
        .replace("{last}", &facts.last.to_string())
        .replace("{board}", &facts.board.to_string())
}

/// Two sentences one after the other: a space between them, but none after a full-width
/// stop (Chinese and Japanese write none).
fn sentences(a: &str, b: &str) -> String {
    match a.chars().last() {
        None => b.to_string(),
        Some('。' | '！' | '？' | '．') => format!("{a}{b}"),
        Some(_) => format!("{a} {b}"),
    }
}

/// The template's page number, "page 2 of 5" in English.
fn page_number(t: &Template, index: usize, count: usize) -> String {
    t.page_number
        .replace("{page}", &index.to_string())
        .replace("{pages}", &count.to_string())
}

/// The instructions, told about blocked squares and closed tours when the puzzles are so.
fn instructions(t: &Template, facts: &Facts) -> String {
    let mut text = substitute_facts(&t.instructions, facts);
    if facts.holes && !text.is_empty() {
        text = sentences(&text, &t.holes_note);
    }
    if facts.closed && !t.closed_note.is_empty() {
        let note = substitute_facts(&t.closed_note, facts);
        text = sentences(&text, &note);
    }
    text
}

fn page(sheet: &Sheet<'_>, items: &[Item<'_>], answers: bool, index: usize, count: usize) -> Page {
    // The words of the page's piece (those of a template already made for it stay as they are).
    let piece = items
        .first()
        .map_or(crate::piece::Piece::KNIGHT, |i| i.puzzle.piece());
    let own = sheet.template.for_piece(piece);
    let sheet = &Sheet {
        template: &own,
        theme: sheet.theme,
        title: own.fill_piece(&sheet.title, piece),
        per_page: sheet.per_page,
        caption: sheet.caption.clone(),
    };
    let t = sheet.template;
    let heading = if answers {
        // Chinese and Japanese take a full-width colon, with no space after it.
        let cjk = t
            .answers_title
            .chars()
            .last()
            .is_some_and(|c| c as u32 >= 0x2E80);
        let colon = if cjk { "：" } else { ": " };
        format!("{}{colon}{}", t.answers_title, sheet.title)
    } else {
        sheet.title.clone()
    };
    let doc = Document::new()
        .set("width", num(t.width * PX_PER_MM))
        .set("height", num(t.height * PX_PER_MM))
        .set("viewBox", format!("0 0 {} {}", num(t.width), num(t.height)))
        .add(Title::new(format!(
            "{heading}, {}",
            page_number(t, index, count)
        )))
        .add(
            svg::node::element::Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        );
    let facts = Facts::of(items);
    let (doc, top) = header(doc, t, &heading, facts.as_ref(), answers);
    let doc = footer(doc, t, index, count);
    let doc = boards(doc, sheet, items, answers, top);
    into_page(doc, t.width, t.height)
}

/// The title and, on a worksheet, the name and date lines and the instructions; returns the
/// document and the height where the boards may start.
fn header(
    mut doc: Document,
    t: &Template,
    heading: &str,
    facts: Option<&Facts>,
    answers: bool,
) -> (Document, f64) {
    let (w, m) = (t.width, t.margin);
    let inner = w - 2.0 * m;
    let (lines, size) = title_lines(heading, t.title_size, inner);
    let mut y = m + size * 0.8 - size * 1.15;
    for line in &lines {
        y += size * 1.15;
        doc = doc.add(bold(m, y, size, t.text, line));
    }
    if !answers {
        y += t.text_size * 2.6;
        let rule = |x1: f64, x2: f64, y: f64| {
            let line = Line::new()
                .set("x1", num(x1))
                .set("y1", num(y))
                .set("x2", num(x2))
                .set("y2", num(y))
                .set("stroke-width", "0.25");
            super::svg::coloured(line, "stroke", t.rule)
        };
        let name_w = glyphs::text_width(&t.name_label, t.text_size, false);
        let date_x = m + inner * 0.66;
        let date_w = glyphs::text_width(&t.date_label, t.text_size, false);
        doc = doc
            .add(text(m, y, t.text_size, t.text, &t.name_label))
            .add(rule(m + name_w + 2.0, date_x - 6.0, y + 0.6))
            .add(text(date_x, y, t.text_size, t.text, &t.date_label))
            .add(rule(date_x + date_w + 2.0, w - m, y + 0.6));
        y += t.text_size * 1.2;
        let words = facts.map_or_else(|| t.instructions.clone(), |f| instructions(t, f));
        for line in wrap(&words, t.text_size, inner) {
            y += t.text_size * 1.4;
            doc = doc.add(text(m, y, t.text_size, t.text, &line));
        }
    }
    (doc, y + t.text_size * 1.6)
}

/// The template's line on the left of the foot, the page number on the right.
fn footer(doc: Document, t: &Template, index: usize, count: usize) -> Document {
    let (w, m) = (t.width, t.margin);
    let foot = t.height - m * 0.55;
    let pn = page_number(t, index, count);
    let pn_w = glyphs::text_width(&pn, t.small_size, false);
    doc.add(text(m, foot, t.small_size, t.small, &t.footer))
        .add(text(w - m - pn_w, foot, t.small_size, t.small, &pn))
}

/// The boards in a grid below `top`: each with its number above and its facts below, blank
/// squares on a worksheet, shaded givens on a key.
fn boards(
    mut doc: Document,
    sheet: &Sheet<'_>,
    items: &[Item<'_>],
    answers: bool,
    top: f64,
) -> Document {
    let t = sheet.template;
    let theme = sheet.theme.for_writing();
    let m = t.margin;
    let inner = t.width - 2.0 * m;
    let bottom = t.height - m;
    let label_h = t.label_size * 1.5;
    let Some(first) = items.first() else {
        return doc;
    };
    let b = first.puzzle.board;
    let (cols, _, cell) = grid_of(
        sheet.per_page.max(1),
        inner,
        bottom - top,
        t.gap,
        label_margin(t),
        b.rows,
        b.cols,
    );
    let cell = cell.max(1.0);
    let rows_used = items.len().div_ceil(cols);
    let slot_w = (inner - (cols - 1) as f64 * t.gap) / cols as f64;
    let slot_h = label_margin(t) + b.rows as f64 * cell;
    // Spread the rows over the height left, so a short page does not bunch at the top.
    let spare = (bottom - top - rows_used as f64 * slot_h).max(0.0);
    let vgap = if rows_used > 1 {
        (spare / (rows_used - 1) as f64).min(t.gap * 3.0)
    } else {
        0.0
    };
    for (i, item) in items.iter().enumerate() {
        let (c, r) = (i % cols, i / cols);
        let x = m + c as f64 * (slot_w + t.gap);
        let y = top + r as f64 * (slot_h + vgap);
        let bx = x + (slot_w - b.cols as f64 * cell) / 2.0;
        doc = doc.add(bold(
            bx,
            y + t.label_size,
            t.label_size,
            t.text,
            &item.number.to_string(),
        ));
        let mut scene = Scene::new(b, cell, false);
        scene.margin = cell * 0.05;
        let mut opts = DrawOptions::new(Style::Numbers);
        opts.id_prefix = format!("p{}_", item.number);
        if answers {
            opts.marked = item.puzzle.grid.iter().map(|&v| v != 0).collect();
            opts.mark_colour = t.given_fill;
        } else {
            opts.blank = item.puzzle.grid.iter().map(|&v| v == 0).collect();
        }
        let board = document(item.solution, &scene, &theme, &opts)
            .set("x", num(bx - scene.margin))
            .set("y", num(y + label_h - scene.margin));
        doc = doc.add(board);
        let caption = if answers {
            &Caption::Full
        } else {
            &sheet.caption
        };
        let small = match caption {
            Caption::None => continue,
            Caption::Seed => t.phrase("caption_seed", &[("seed", &item.seed.to_string())]),
            Caption::Text(words) => words
                .replace("{n}", &item.number.to_string())
                .replace("{seed}", &item.seed.to_string()),
            Caption::Full => {
                let holes = match item.puzzle.holes.len() {
                    0 => String::new(),
                    1 => format!(" {}", t.phrase("caption_hole_one", &[])),
                    h => format!(" {}", t.phrase("caption_holes", &[("k", &h.to_string())])),
                };
                t.phrase(
                    "caption_full",
                    &[
                        ("board", &b.to_string()),
                        (
                            "kind",
                            &t.phrase(&format!("caption_{}", item.puzzle.kind()), &[]),
                        ),
                        ("holes", &holes),
                        ("grade", &t.phrase(&format!("caption_{}", item.grade), &[])),
                        ("clues", &item.puzzle.clues().to_string()),
                        ("seed", &item.seed.to_string()),
                    ],
                )
            }
        };
        doc = doc.add(text(
            bx,
            y + label_h + b.rows as f64 * cell + t.small_size * 1.5,
            t.small_size,
            t.small,
            &small,
        ));
    }
    doc
}

fn into_page(doc: Document, w: f64, h: f64) -> Page {
    // The size as written in the SVG (two decimals), so PNG pixels match it exactly.
    let px = |mm: f64| num(mm * PX_PER_MM).parse::<f64>().unwrap_or(mm * PX_PER_MM);
    Page {
        svg: doc.to_string() + "\n",
        width: px(w),
        height: px(h),
    }
}

#[cfg(test)]
mod tests;
