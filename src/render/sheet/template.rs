//! Page templates: paper size and margins in millimetres, the texts and the colours of a
//! worksheet, read from `key = value` lines over a built-in page.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::piece::Piece;
use crate::render::settings::{settings, Setting};
use crate::render::theme::Rgb;

/// A page template.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Where it came from (a built-in name or a file).
    pub name: String,
    /// The paper's name, printed nowhere but in the page title.
    pub paper: String,
    /// Page width in mm.
    pub width: f64,
    /// Page height in mm.
    pub height: f64,
    /// Margin on every side, mm.
    pub margin: f64,
    /// Title of puzzle pages (overridden by `--title`).
    pub title: String,
    /// Title font size, mm.
    pub title_size: f64,
    /// Label before the name line.
    pub name_label: String,
    /// Label before the date line.
    pub date_label: String,
    /// Instructions; `{last}` and `{board}` are filled in.
    pub instructions: String,
    /// Added to the instructions for closed tours.
    pub closed_note: String,
    /// Font size of running text, mm.
    pub text_size: f64,
    /// Title of answer-key pages.
    pub answers_title: String,
    /// Font size of the puzzle labels, mm.
    pub label_size: f64,
    /// Font size of the small print, mm.
    pub small_size: f64,
    /// Space between puzzles, mm.
    pub gap: f64,
    /// Colour of the name and date lines.
    pub rule: Rgb,
    /// Colour of running text.
    pub text: Rgb,
    /// Colour of the small print.
    pub small: Rgb,
    /// Shading of the given squares on answer keys.
    pub given_fill: Rgb,
    /// Line at the foot of every page.
    pub footer: String,
    /// Added to the instructions when puzzles have blocked squares.
    pub holes_note: String,
    /// The page number at the foot; `{page}` and `{pages}` are filled in.
    pub page_number: String,
    /// The language of the words, as an HTML `lang` tag (`en`, `zh-Hans`).
    pub lang: String,
    /// The phrases of marked answers (`mark_*`, `fault_*`) and the play page (`play_*`), by
    /// key; every key of `templates/lang/en.lang` is here.
    pub phrases: BTreeMap<String, String>,
}

/// Why a template cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TemplateError {
    /// No built-in page of that name.
    #[error("unknown page size '{0}' (built in: a4, letter, a3, a5, legal, or WIDTHxHEIGHTmm)")]
    UnknownPage(String),
    /// A WIDTHxHEIGHTmm page with a side out of range.
    #[error("page size '{0}' has a side out of range: each side must be {min} to {max} mm", min = PAGE_MM.0, max = PAGE_MM.1)]
    PageRange(String),
    /// A bad line in a template file.
    #[error("{file}:{line}: {msg}")]
    Line {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        msg: String,
    },
}

const BUILTIN: [(&str, &str); 2] = [
    ("a4", include_str!("../../../templates/pages/a4.page")),
    (
        "letter",
        include_str!("../../../templates/pages/letter.page"),
    ),
];

/// Pages made by resizing a written one: name, paper, width and height in mm, base page.
const RESIZED: [(&str, &str, f64, f64, &str); 3] = [
    ("a3", "A3", 297.0, 420.0, "a4"),
    ("a5", "A5", 148.0, 210.0, "a4"),
    ("legal", "Legal", 215.9, 355.6, "letter"),
];

/// The built-in languages: their tags and their strings (`templates/lang/*.lang`).
const LANGUAGES: [(&str, &str); 2] = [
    ("en", include_str!("../../../templates/lang/en.lang")),
    ("zh", include_str!("../../../templates/lang/zh.lang")),
];

/// Whether a key names a phrase (of marked answers or the play page) rather than a page
/// setting.
fn is_phrase(key: &str) -> bool {
    [
        "mark_", "fault_", "play_", "caption_", "piece_", "puzzle_", "move_", "how_",
    ]
    .iter()
    .any(|p| key.starts_with(p))
}

/// The English phrases, from `templates/lang/en.lang`: the defaults of every template.
fn english_phrases() -> BTreeMap<String, String> {
    static P: std::sync::OnceLock<BTreeMap<String, String>> = std::sync::OnceLock::new();
    P.get_or_init(|| {
        settings(LANGUAGES[0].1)
            .filter_map(Result::ok)
            .filter(|s| is_phrase(s.key))
            .map(|s| (s.key.to_string(), s.value.to_string()))
            .collect()
    })
    .clone()
}

impl Template {
    /// The phrase `key` with each `{name}` replaced by its value (a key no language has
    /// reads as itself, which a test rules out).
    pub fn phrase(&self, key: &str, values: &[(&str, &str)]) -> String {
        let mut s = self
            .phrases
            .get(key)
            .cloned()
            .unwrap_or_else(|| key.to_string());
        for (name, value) in values {
            s = s.replace(&format!("{{{name}}}"), value);
        }
        s
    }
}

/// The pieces with words of their own (`puzzle_*`, `move_*`, `how_*`); every other leaper
/// takes the `other` words with its name, `{a}` and `{b}` filled in.
const OWN_WORDS: [&str; 3] = ["knight", "king", "wazir"];

impl Template {
    /// This template's words for puzzles of `piece`: `{puzzle}`, `{move}`, `{how}`, `{piece}`
    /// and `{Piece}` in every string become the piece's words, from the `puzzle_*`, `move_*`,
    /// `how_*` and `piece_*` phrases of the language.
    pub fn for_piece(&self, piece: Piece) -> Template {
        let words = self.piece_words(piece);
        let fill = |s: &mut String| fill_words(s, &words);
        let mut t = self.clone();
        for s in [
            &mut t.title,
            &mut t.name_label,
            &mut t.date_label,
            &mut t.instructions,
            &mut t.closed_note,
            &mut t.answers_title,
            &mut t.footer,
            &mut t.holes_note,
            &mut t.page_number,
        ] {
            fill(s);
        }
        t.phrases.values_mut().for_each(fill);
        t
    }

    /// `text` (a title given from outside) with the piece's words in place of `{puzzle}`,
    /// `{move}`, `{how}`, `{piece}` and `{Piece}`.
    pub fn fill_piece(&self, text: &str, piece: Piece) -> String {
        let mut s = text.to_string();
        if s.contains('{') {
            fill_words(&mut s, &self.piece_words(piece));
        }
        s
    }

    /// The piece's words, by the placeholder each replaces.
    fn piece_words(&self, piece: Piece) -> [(&'static str, String); 5] {
        let name = piece.name();
        let (a, b) = piece.leap().unwrap_or((1, 1));
        let (a, b) = (a.to_string(), b.to_string());
        let own = format!("piece_{name}");
        let piece_word = if self.phrases.contains_key(&own) {
            self.phrase(&own, &[])
        } else {
            self.phrase("piece_leaper", &[("a", &a), ("b", &b)])
        };
        let mut capital = piece_word.chars();
        let capital: String = capital
            .next()
            .map(|c| c.to_uppercase().chain(capital).collect())
            .unwrap_or_default();
        let family = OWN_WORDS
            .iter()
            .find(|f| **f == name)
            .copied()
            .unwrap_or("other");
        let values = [
            ("piece", piece_word.as_str()),
            ("Piece", capital.as_str()),
            ("a", a.as_str()),
            ("b", b.as_str()),
        ];
        [
            (
                "{puzzle}",
                self.phrase(&format!("puzzle_{family}"), &values),
            ),
            ("{move}", self.phrase(&format!("move_{family}"), &values)),
            ("{how}", self.phrase(&format!("how_{family}"), &values)),
            ("{piece}", piece_word.clone()),
            ("{Piece}", capital.clone()),
        ]
    }
}

/// Each placeholder of `words` in `s` replaced by its word.
fn fill_words(s: &mut String, words: &[(&'static str, String)]) {
    for (k, v) in words {
        if s.contains(k) {
            *s = s.replace(k, v);
        }
    }
}

/// The built-in language tags, for messages.
pub const LANGUAGE_TAGS: &str = "en, zh";

/// Lengths a page may have, mm (as a template's `width` and `height`).
const PAGE_MM: (f64, f64) = (50.0, 2000.0);

impl Template {
    /// A built-in page: `a4`, `letter`, `a3`, `a5`, `legal`, or any `WIDTHxHEIGHTmm` (such as
    /// `300x400mm`), the last ones with margins, gaps and text sizes scaled from A4 or Letter.
    pub fn builtin(name: &str) -> Result<Template, TemplateError> {
        let lower = name.trim().to_ascii_lowercase();
        let written = |n: &str| {
            let (n, text) = BUILTIN
                .iter()
                .find(|(b, _)| *b == n)
                .expect("resized pages name a written one");
            Template::parse(n, text, None)
        };
        if BUILTIN.iter().any(|(b, _)| *b == lower) {
            return written(&lower);
        }
        if let Some(&(n, paper, w, h, base)) = RESIZED.iter().find(|r| r.0 == lower) {
            let mut t = written(base)?.resized(w, h);
            (t.name, t.paper) = (n.to_string(), paper.to_string());
            return Ok(t);
        }
        let unknown = || TemplateError::UnknownPage(name.to_string());
        let (w, h) = lower
            .strip_suffix("mm")
            .and_then(|d| d.split_once('x'))
            .ok_or_else(unknown)?;
        let mm = |v: &str| {
            v.trim()
                .parse::<f64>()
                .ok()
                .filter(|x| (PAGE_MM.0..=PAGE_MM.1).contains(x))
        };
        let number = |v: &str| v.trim().parse::<f64>().is_ok_and(f64::is_finite);
        let (Some(w), Some(h)) = (mm(w), mm(h)) else {
            return Err(if number(w) && number(h) {
                TemplateError::PageRange(name.to_string())
            } else {
                unknown()
            });
        };
        let mut t = written("a4")?.resized(w, h);
        t.name = lower.clone();
        t.paper = format!("{} x {} mm", trim_mm(w), trim_mm(h));
        Ok(t)
    }

    /// This page at another size: margins and gaps scale with the page, text sizes with the
    /// square root of that, so small pages stay legible and posters read from afar.
    pub fn resized(mut self, width: f64, height: f64) -> Template {
        let s = (width / self.width).min(height / self.height);
        self.scale(s);
        (self.width, self.height) = (width, height);
        self
    }

    fn scale(&mut self, s: f64) {
        let text = s.sqrt();
        self.margin *= s;
        self.gap *= s;
        for size in [
            &mut self.title_size,
            &mut self.text_size,
            &mut self.label_size,
            &mut self.small_size,
        ] {
            *size *= text;
        }
    }

    /// This page with every string in a built-in language: `en`, or `zh` (also `zh-CN`,
    /// `zh-Hans`: Simplified Chinese); `None` for a language not built in.
    pub fn in_language(&self, tag: &str) -> Option<Template> {
        let t = tag.trim().to_ascii_lowercase();
        let base = t.split(['-', '_']).next().unwrap_or("");
        if base == "zh" && (t.contains("hant") || t.contains("tw") || t.contains("hk")) {
            return None;
        }
        let (_, text) = LANGUAGES.iter().find(|(l, _)| *l == base)?;
        let mut out = Template::parse(&self.name, text, Some(self)).ok()?;
        out.name = self.name.clone();
        Some(out)
    }

    /// Parses `key = value` lines over `base` (every key is required without one).
    pub fn parse(
        name: &str,
        text: &str,
        base: Option<&Template>,
    ) -> Result<Template, TemplateError> {
        let mut t = base.cloned().unwrap_or_else(|| Template {
            name: String::new(),
            paper: String::new(),
            width: f64::NAN,
            height: f64::NAN,
            margin: f64::NAN,
            title: String::new(),
            title_size: f64::NAN,
            name_label: String::new(),
            date_label: String::new(),
            instructions: String::new(),
            closed_note: String::new(),
            text_size: f64::NAN,
            answers_title: String::new(),
            label_size: f64::NAN,
            small_size: f64::NAN,
            gap: f64::NAN,
            rule: Rgb(0, 0, 0, 255),
            text: Rgb(0, 0, 0, 255),
            small: Rgb(0x55, 0x55, 0x55, 255),
            given_fill: Rgb(0xff, 0xe8, 0x9c, 255),
            footer: String::new(),
            holes_note: "Hatched squares are blocked: no number goes there.".into(),
            page_number: "page {page} of {pages}".into(),
            lang: "en".into(),
            phrases: english_phrases(),
        });
        t.name = name.to_string();
        let err = |line: usize, msg: String| TemplateError::Line {
            file: name.to_string(),
            line,
            msg,
        };
        let mut set: Vec<String> = Vec::new();
        for setting in settings(text) {
            let setting = setting.map_err(|(line, msg)| err(line, msg))?;
            let (i, key, value) = (setting.line - 1, setting.key, setting.value);
            set.push(key.to_string());
            // Text is drawn on the page: a control character would break the SVG's XML.
            if let Some(c) = value.chars().find(|c| c.is_control()) {
                return Err(err(
                    i + 1,
                    format!("{key}: control character U+{:04X} in the value", c as u32),
                ));
            }
            let length = |lo: f64, hi: f64| -> Result<f64, TemplateError> {
                Setting::number(value, lo, hi).ok_or_else(|| {
                    err(
                        i + 1,
                        format!("{key} = {value}: expected a number from {lo} to {hi} (mm)"),
                    )
                })
            };
            let colour = || -> Result<Rgb, TemplateError> {
                Setting::colour(value).ok_or_else(|| {
                    err(
                        i + 1,
                        format!(
                            "{key} = {value}: expected a colour like #1a2b3c, #1a2b3c80 or navy"
                        ),
                    )
                })
            };
            match key {
                "paper" => t.paper = value.to_string(),
                "width" => t.width = length(PAGE_MM.0, PAGE_MM.1)?,
                "height" => t.height = length(PAGE_MM.0, PAGE_MM.1)?,
                "margin" => t.margin = length(0.0, 100.0)?,
                "title" => t.title = value.to_string(),
                "title_size" => t.title_size = length(1.0, 50.0)?,
                "name_label" => t.name_label = value.to_string(),
                "date_label" => t.date_label = value.to_string(),
                "instructions" => t.instructions = value.to_string(),
                "closed_note" => t.closed_note = value.to_string(),
                "text_size" => t.text_size = length(1.0, 30.0)?,
                "answers_title" => t.answers_title = value.to_string(),
                "label_size" => t.label_size = length(1.0, 30.0)?,
                "small_size" => t.small_size = length(0.5, 20.0)?,
                "gap" => t.gap = length(0.0, 100.0)?,
                "rule" => t.rule = colour()?,
                "text" => t.text = colour()?,
                "small" => t.small = colour()?,
                "given_fill" => t.given_fill = colour()?,
                "footer" => t.footer = value.to_string(),
                "holes_note" => t.holes_note = value.to_string(),
                "page_number" => t.page_number = value.to_string(),
                "lang" => t.lang = value.to_string(),
                k if is_phrase(k) => {
                    if !english_phrases().contains_key(k) {
                        return Err(err(i + 1, format!("unknown phrase '{key}'")));
                    }
                    t.phrases.insert(k.to_string(), value.to_string());
                }
                _ => return Err(err(i + 1, format!("unknown key '{key}'"))),
            }
        }
        // A file that resizes its base page but sets no lengths of its own gets the base's
        // scaled to the new size, not A4's text on a poster.
        if let Some(b) = base {
            let lengths = [
                "margin",
                "gap",
                "title_size",
                "text_size",
                "label_size",
                "small_size",
            ];
            let resized = (t.width, t.height) != (b.width, b.height);
            if resized && !set.iter().any(|k| lengths.contains(&k.as_str())) {
                t.scale((t.width / b.width).min(t.height / b.height));
            }
        }
        let missing = [
            ("width", t.width),
            ("height", t.height),
            ("margin", t.margin),
            ("title_size", t.title_size),
            ("text_size", t.text_size),
            ("label_size", t.label_size),
            ("small_size", t.small_size),
            ("gap", t.gap),
        ]
        .into_iter()
        .find(|(_, v)| v.is_nan());
        if let Some((key, _)) = missing {
            return Err(err(0, format!("'{key}' is not set")));
        }
        if 2.0 * t.margin >= t.width.min(t.height) * 0.8 {
            return Err(err(
                0,
                format!("margins of {} mm leave no room on the page", t.margin),
            ));
        }
        Ok(t)
    }
}

/// A length in mm as written: no trailing zeros.
fn trim_mm(v: f64) -> String {
    let s = format!("{v:.1}");
    s.strip_suffix(".0").map_or(s.clone(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_every_phrase_and_page_string() {
        let keys = |text: &str| -> Vec<String> {
            settings(text).map(|s| s.unwrap().key.to_string()).collect()
        };
        let en = keys(LANGUAGES[0].1);
        assert!(en.len() > 60, "{en:?}");
        for (tag, text) in LANGUAGES {
            assert_eq!(
                keys(text),
                en,
                "{tag} lists other keys than en, or in another order"
            );
            let t = Template::builtin("a4").unwrap().in_language(tag).unwrap();
            assert_eq!(t.phrases.len(), english_phrases().len());
        }
        let zh = Template::builtin("a4")
            .unwrap()
            .in_language("zh-CN")
            .unwrap();
        assert_eq!(zh.phrase("play_puzzle", &[("n", "3")]), "第 3 题");
        assert_eq!(zh.lang, "zh-Hans");
        assert!(Template::builtin("a4")
            .unwrap()
            .in_language("zh-TW")
            .is_none());
        assert!(Template::builtin("a4").unwrap().in_language("fr").is_none());
    }

    #[test]
    fn each_piece_gets_its_own_words_and_the_knight_keeps_its_old_ones() {
        let pieces: Vec<Piece> = ["knight", "king", "wazir", "zebra", "giraffe", "2,7"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        for page in ["a4", "letter"] {
            for lang in ["en", "zh"] {
                let base = Template::builtin(page).unwrap().in_language(lang).unwrap();
                for &piece in &pieces {
                    let t = base.for_piece(piece);
                    let mut all = vec![&t.title, &t.instructions, &t.closed_note];
                    all.extend(t.phrases.values());
                    for s in all {
                        for hole in ["{puzzle}", "{move}", "{how}", "{piece}", "{Piece}"] {
                            assert!(!s.contains(hole), "{page} {lang} {piece}: {s}");
                        }
                    }
                }
            }
        }
        // The knight's words are those the pages said before pieces had words of their own.
        let knight = Template::builtin("a4").unwrap().for_piece(Piece::KNIGHT);
        assert_eq!(knight.title, "Knight's Tour Puzzles");
        assert_eq!(
            knight.instructions,
            "Write the missing numbers so that every number is a knight's move from the next: \
             two squares in one direction and one square to the side. Each square gets one \
             number, from 1 to {last}."
        );
        assert_eq!(
            knight.closed_note,
            "The tour is closed: {last} is also a knight's move from 1."
        );
        let zh = Template::builtin("a4").unwrap().in_language("zh").unwrap();
        assert_eq!(zh.for_piece(Piece::KNIGHT).title, "骑士巡游练习");
        let wazir = zh.for_piece("wazir".parse().unwrap());
        assert_eq!(wazir.title, "一步巡游练习（Numbrix）");
        assert!(wazir.instructions.contains("向上、下、左、右走一格"));
        let king = Template::builtin("a4").unwrap().for_piece(Piece::KING);
        assert_eq!(king.title, "Hidato Puzzles");
        assert!(king
            .instructions
            .contains("a king's move from the next: one square in any"));
        let zebra = Template::builtin("a4")
            .unwrap()
            .for_piece("zebra".parse().unwrap());
        assert_eq!(zebra.title, "Zebra Tour Puzzles");
        assert!(zebra
            .instructions
            .contains("a zebra's leap from the next: 3 squares in one direction and 2 to"));
        let odd = Template::builtin("a4")
            .unwrap()
            .for_piece("2,7".parse().unwrap());
        assert_eq!(odd.title, "(2,7) leaper Tour Puzzles");
        assert_eq!(
            zh.for_piece("2,7".parse().unwrap()).title,
            "(2,7) 跳子巡游练习"
        );
    }

    #[test]
    fn builtin_pages_parse_with_paper_sizes() {
        let a4 = Template::builtin("a4").unwrap();
        assert_eq!((a4.width, a4.height), (210.0, 297.0));
        let letter = Template::builtin("Letter").unwrap();
        assert!((letter.width - 215.9).abs() < 1e-9);
        assert_eq!(
            Template::builtin("300x40mm").unwrap_err(),
            TemplateError::PageRange("300x40mm".into())
        );
        for bad in ["a2", "300x400", "x400mm", "300x400cm", "axbmm"] {
            assert_eq!(
                Template::builtin(bad).unwrap_err(),
                TemplateError::UnknownPage(bad.into()),
                "{bad}"
            );
        }
    }

    #[test]
    fn other_sizes_scale_margins_and_text() {
        let a4 = Template::builtin("a4").unwrap();
        let a3 = Template::builtin("A3").unwrap();
        assert_eq!(
            (a3.width, a3.height, a3.paper.as_str()),
            (297.0, 420.0, "A3")
        );
        let s = f64::min(297.0 / 210.0, 420.0 / 297.0);
        assert!((a3.margin - a4.margin * s).abs() < 1e-9);
        assert!((a3.text_size - a4.text_size * f64::sqrt(s)).abs() < 1e-9);
        let a5 = Template::builtin("a5").unwrap();
        assert!(a5.text_size < a4.text_size && a5.text_size > 0.8 * a4.text_size);
        let legal = Template::builtin("legal").unwrap();
        let letter = Template::builtin("letter").unwrap();
        assert_eq!((legal.width, legal.height), (215.9, 355.6));
        assert_eq!(legal.margin, letter.margin, "same width: same margins");
        let custom = Template::builtin("600x400mm").unwrap();
        assert_eq!((custom.width, custom.height), (600.0, 400.0));
        assert_eq!(custom.paper, "600 x 400 mm");
        assert!(custom.title_size > a4.title_size);
        // A file that only resizes its base scales the base's lengths too.
        let big = Template::parse("big.page", "width = 420\nheight = 594\n", Some(&a4)).unwrap();
        assert!((big.text_size - a4.text_size * 2f64.sqrt()).abs() < 1e-9);
        let own = Template::parse("own.page", "width = 420\ntext_size = 3\n", Some(&a4)).unwrap();
        assert_eq!((own.text_size, own.margin), (3.0, a4.margin));
    }

    #[test]
    fn template_files_override_and_report_lines() {
        let a4 = Template::builtin("a4").unwrap();
        let t = Template::parse("mine.page", "# mine\ntitle = Knights\n", Some(&a4)).unwrap();
        assert_eq!(t.title, "Knights");
        assert_eq!(t.width, 210.0);
        let e = Template::parse("mine.page", "\nwidth = 10\n", Some(&a4)).unwrap_err();
        assert!(e.to_string().starts_with("mine.page:2: width = 10"), "{e}");
        let e = Template::parse("mine.page", "colour = red\n", Some(&a4)).unwrap_err();
        assert_eq!(e.to_string(), "mine.page:1: unknown key 'colour'");
        let e = Template::parse("bare.page", "title = x\n", None).unwrap_err();
        assert!(e.to_string().contains("'width' is not set"), "{e}");
    }
}
