//! Page templates: paper size and margins in millimetres, the texts and the colours of a
//! worksheet, read from `key = value` lines over a built-in page.

use thiserror::Error;

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
}

/// Why a template cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TemplateError {
    /// No built-in page of that name.
    #[error("unknown page size '{0}' (built in: a4, letter)")]
    UnknownPage(String),
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

impl Template {
    /// A built-in page: `a4` or `letter`.
    pub fn builtin(name: &str) -> Result<Template, TemplateError> {
        let lower = name.to_ascii_lowercase();
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| *n == lower)
            .ok_or_else(|| TemplateError::UnknownPage(name.to_string()))?;
        Template::parse(n, text, None)
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
            rule: Rgb(0, 0, 0),
            text: Rgb(0, 0, 0),
            small: Rgb(0x55, 0x55, 0x55),
            given_fill: Rgb(0xff, 0xe8, 0x9c),
            footer: String::new(),
        });
        t.name = name.to_string();
        let err = |line: usize, msg: String| TemplateError::Line {
            file: name.to_string(),
            line,
            msg,
        };
        for setting in settings(text) {
            let setting = setting.map_err(|(line, msg)| err(line, msg))?;
            let (i, key, value) = (setting.line - 1, setting.key, setting.value);
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
                        format!("{key} = {value}: expected a colour like #1a2b3c"),
                    )
                })
            };
            match key {
                "paper" => t.paper = value.to_string(),
                "width" => t.width = length(50.0, 2000.0)?,
                "height" => t.height = length(50.0, 2000.0)?,
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
                _ => return Err(err(i + 1, format!("unknown key '{key}'"))),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_pages_parse_with_paper_sizes() {
        let a4 = Template::builtin("a4").unwrap();
        assert_eq!((a4.width, a4.height), (210.0, 297.0));
        let letter = Template::builtin("Letter").unwrap();
        assert!((letter.width - 215.9).abs() < 1e-9);
        assert_eq!(
            Template::builtin("a3").unwrap_err(),
            TemplateError::UnknownPage("a3".into())
        );
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
