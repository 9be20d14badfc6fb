//! Themes: colours and proportions of a drawing, read from `key = value` files.
//!
//! Sizes are fractions of the cell side, so one theme serves every board and resolution.

use thiserror::Error;

use super::settings::{settings, Setting};

/// Colours, defined with the colour maths in `colour.rs` and named here for themes.
pub use super::colour::Rgb;

/// Light and dark squares darker than these (relative luminance) are lightened where pupils
/// write on them; two levels keep the board chequered.
pub const WRITABLE_LUMINANCE: (f64, f64) = (0.85, 0.7);

/// Contrast (WCAG AA for text) that numbers and labels keep against the squares they sit on.
const TEXT_CONTRAST: f64 = 4.5;

/// How the tour's corners are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Join {
    /// Rounded corners.
    Round,
    /// Sharp corners.
    Miter,
    /// Cut corners.
    Bevel,
}

impl Join {
    /// Its name, as themes, SVG and TikZ write it.
    pub fn name(self) -> &'static str {
        match self {
            Join::Round => "round",
            Join::Miter => "miter",
            Join::Bevel => "bevel",
        }
    }
}

/// What marks each square in the line styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pad {
    /// A dot only.
    None,
    /// A square contact pad (the VLSI look).
    Square,
}

/// How holes (blocked squares) are marked inside their fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoleMark {
    /// Plain fill.
    None,
    /// Diagonal hatching.
    Hatch,
    /// A cross from corner to corner and an outline: a blocked cell.
    Cross,
    /// Blocked regions as solid macros: each region's outline, and a cross on a cell alone.
    Macro,
}

/// A complete theme.
#[derive(Debug, Clone, PartialEq)]
pub struct Theme {
    /// Name for titles and messages.
    pub name: String,
    /// Page colour around the board.
    pub background: Rgb,
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// Grid lines.
    pub grid: Rgb,
    /// Grid line width (fraction of a cell; 0 for none).
    pub grid_width: f64,
    /// Move numbers.
    pub number: Rgb,
    /// Height of the digits (fraction of a cell).
    pub number_size: f64,
    /// The tour line.
    pub line: Rgb,
    /// Tour line width (fraction of a cell).
    pub line_width: f64,
    /// Corner joins of the tour line.
    pub line_join: Join,
    /// Square centre dots.
    pub dot: Rgb,
    /// Dot (or pad) size (fraction of a cell; 0 for none).
    pub dot_size: f64,
    /// Pad shape.
    pub pad: Pad,
    /// First square marker.
    pub start: Rgb,
    /// Last square marker.
    pub end: Rgb,
    /// Marker size (fraction of a cell; 0 for none).
    pub marker_size: f64,
    /// Tile fill, first tint.
    pub tile_a: Rgb,
    /// Tile fill, second tint.
    pub tile_b: Rgb,
    /// Tile outline.
    pub tile_stroke: Rgb,
    /// Tile outline width (fraction of a cell).
    pub tile_stroke_width: f64,
    /// Whether the line is shaded along the tour by default.
    pub gradient: bool,
    /// Gradient start colour.
    pub gradient_from: Rgb,
    /// Gradient end colour.
    pub gradient_to: Rgb,
    /// Rank and file labels.
    pub label: Rgb,
    /// Fill of holes (blocked squares).
    pub hole: Rgb,
    /// Hatching or cross inside holes.
    pub hole_mark: HoleMark,
    /// Colour of the hatching or cross.
    pub hole_line: Rgb,
    /// Width of the hatching or cross (fraction of a cell).
    pub hole_line_width: f64,
}

/// The built-in themes: name and file text, embedded at compile time.
pub const BUILTIN: [(&str, &str); 4] = [
    (
        "classic",
        include_str!("../../templates/themes/classic.theme"),
    ),
    ("paper", include_str!("../../templates/themes/paper.theme")),
    ("vlsi", include_str!("../../templates/themes/vlsi.theme")),
    ("color", include_str!("../../templates/themes/color.theme")),
];

/// What is wrong with a theme.
#[derive(Debug, Error, PartialEq)]
pub enum ThemeError {
    /// No built-in theme has the name.
    #[error("unknown theme '{0}'; hint: classic, paper, vlsi, color, or a theme file")]
    Unknown(String),
    /// A key the theme format does not have.
    #[error("{source_name}:{line}: unknown key '{key}'; hint: see templates/themes/classic.theme for the keys")]
    UnknownKey {
        /// File name.
        source_name: String,
        /// 1-based line.
        line: usize,
        /// The key.
        key: String,
    },
    /// A line that is not `key = value`, or a value of the wrong kind.
    #[error("{source_name}:{line}: {message}")]
    Syntax {
        /// File name.
        source_name: String,
        /// 1-based line.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl Theme {
    /// This theme made to write on, for worksheets and the play page: squares (and the page
    /// around the board) at least as light as 0.85 relative luminance (0.7 for the page), numbers and labels
    /// darkened until they read on them. Light themes come back unchanged.
    pub fn for_writing(&self) -> Theme {
        let (light, dark) = WRITABLE_LUMINANCE;
        let mut t = self.clone();
        t.light = self.light.lightened_to(light);
        t.dark = self.dark.lightened_to(dark);
        t.background = self.background.lightened_to(light);
        let darker = if t.light.luminance() < t.dark.luminance() {
            t.light
        } else {
            t.dark
        };
        t.number = self.number.darkened_against(darker, TEXT_CONTRAST);
        t.label = self.label.darkened_against(t.background, TEXT_CONTRAST);
        t
    }

    /// A built-in theme by name.
    pub fn builtin(name: &str) -> Result<Theme, ThemeError> {
        let (n, text) = BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| ThemeError::Unknown(name.to_string()))?;
        Theme::parse(n, text, None)
    }

    /// Parses a theme file over `base` (the classic theme when `None`): keys left out keep
    /// the base's values.
    pub fn parse(name: &str, text: &str, base: Option<&Theme>) -> Result<Theme, ThemeError> {
        let mut t = match base {
            Some(b) => b.clone(),
            None if name == "classic" => Theme::blank(),
            None => Theme::builtin("classic")?,
        };
        t.name = name.to_string();
        for setting in settings(text) {
            let setting = setting.map_err(|(line, message)| ThemeError::Syntax {
                source_name: name.to_string(),
                line,
                message,
            })?;
            let line = setting.line;
            let err = |message: String| ThemeError::Syntax {
                source_name: name.to_string(),
                line,
                message,
            };
            let (key, value) = (setting.key, setting.word().map_err(err)?);
            let colour = || {
                Setting::colour(value).ok_or_else(|| {
                    err(format!(
                        "'{key}' needs a colour like #1a2b3c, #abc, #1a2b3c80 (half opaque) or a CSS name such as navy, found '{value}'"
                    ))
                })
            };
            let size = || {
                Setting::number(value, 0.0, 2.0).ok_or_else(|| {
                    err(format!(
                        "'{key}' needs a number from 0 to 2 (a fraction of the cell), found '{value}'"
                    ))
                })
            };
            match key {
                "background" => t.background = colour()?,
                "light" => t.light = colour()?,
                "dark" => t.dark = colour()?,
                "grid" => t.grid = colour()?,
                "grid_width" => t.grid_width = size()?,
                "number" => t.number = colour()?,
                "number_size" => t.number_size = size()?,
                "line" => t.line = colour()?,
                "line_width" => t.line_width = size()?,
                "line_join" => {
                    let joins = [
                        ("round", Join::Round),
                        ("miter", Join::Miter),
                        ("bevel", Join::Bevel),
                    ];
                    t.line_join = Setting::choice(value, &joins).ok_or_else(|| {
                        err(format!(
                            "'line_join' is round, miter or bevel, found '{value}'"
                        ))
                    })?
                }
                "dot" => t.dot = colour()?,
                "dot_size" => t.dot_size = size()?,
                "pad" => {
                    let pads = [("none", Pad::None), ("square", Pad::Square)];
                    t.pad = Setting::choice(value, &pads)
                        .ok_or_else(|| err(format!("'pad' is none or square, found '{value}'")))?
                }
                "start" => t.start = colour()?,
                "end" => t.end = colour()?,
                "marker_size" => t.marker_size = size()?,
                "tile_a" => t.tile_a = colour()?,
                "tile_b" => t.tile_b = colour()?,
                "tile_stroke" => t.tile_stroke = colour()?,
                "tile_stroke_width" => t.tile_stroke_width = size()?,
                "gradient" => {
                    t.gradient = Setting::choice(value, &[("true", true), ("false", false)])
                        .ok_or_else(|| {
                            err(format!("'gradient' is true or false, found '{value}'"))
                        })?
                }
                "gradient_from" => t.gradient_from = colour()?,
                "gradient_to" => t.gradient_to = colour()?,
                "label" => t.label = colour()?,
                "hole" => t.hole = colour()?,
                "hole_mark" => {
                    let marks = [
                        ("none", HoleMark::None),
                        ("hatch", HoleMark::Hatch),
                        ("cross", HoleMark::Cross),
                        ("macro", HoleMark::Macro),
                    ];
                    t.hole_mark = Setting::choice(value, &marks).ok_or_else(|| {
                        err(format!(
                            "'hole_mark' is none, hatch, cross or macro, found '{value}'"
                        ))
                    })?
                }
                "hole_line" => t.hole_line = colour()?,
                "hole_line_width" => t.hole_line_width = size()?,
                _ => {
                    return Err(ThemeError::UnknownKey {
                        source_name: name.to_string(),
                        line,
                        key: key.to_string(),
                    })
                }
            }
        }
        Ok(t)
    }

    fn blank() -> Theme {
        let black = Rgb(0, 0, 0, 255);
        let white = Rgb(255, 255, 255, 255);
        Theme {
            name: String::new(),
            background: white,
            light: white,
            dark: white,
            grid: black,
            grid_width: 0.0,
            number: black,
            number_size: 0.4,
            line: black,
            line_width: 0.05,
            line_join: Join::Round,
            dot: black,
            dot_size: 0.0,
            pad: Pad::None,
            start: black,
            end: black,
            marker_size: 0.0,
            tile_a: white,
            tile_b: white,
            tile_stroke: black,
            tile_stroke_width: 0.05,
            gradient: false,
            gradient_from: black,
            gradient_to: black,
            label: black,
            hole: white,
            hole_mark: HoleMark::Hatch,
            hole_line: Rgb(0xbb, 0xbb, 0xbb, 255),
            hole_line_width: 0.04,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_parse_with_and_without_an_opacity() {
        assert_eq!(Rgb::parse("#1a2b3c"), Some(Rgb(0x1a, 0x2b, 0x3c, 255)));
        assert_eq!(Rgb::parse("#abc"), Some(Rgb(0xaa, 0xbb, 0xcc, 255)));
        assert_eq!(Rgb::parse("#1a2b3c80"), Some(Rgb(0x1a, 0x2b, 0x3c, 0x80)));
        assert_eq!(Rgb::parse("#abc8"), Some(Rgb(0xaa, 0xbb, 0xcc, 0x88)));
        assert_eq!(Rgb::parse("Transparent"), Some(Rgb(0, 0, 0, 0)));
        for bad in ["#12345", "#1234567", "#123456789", "#ggg", "#", "1a2b3c"] {
            assert_eq!(Rgb::parse(bad), None, "{bad}");
        }
        let half = Rgb(0x1a, 0x2b, 0x3c, 0x80);
        assert_eq!(
            (half.hex(), half.css()),
            ("#1a2b3c".into(), "#1a2b3c80".into())
        );
        assert_eq!(half.opacity(), Some(128.0 / 255.0));
        assert_eq!(half.opaque().opacity(), None);
        assert_eq!(half.opaque().css(), "#1a2b3c");
        // Opacity is mixed with the colour.
        assert_eq!(
            half.mix(Rgb(0x1a, 0x2b, 0x3c, 0), 0.5),
            Rgb(0x1a, 0x2b, 0x3c, 0x40)
        );
    }

    #[test]
    fn dark_squares_are_lightened_and_light_ones_kept() {
        let (light, dark) = WRITABLE_LUMINANCE;
        let white = Rgb(255, 255, 255, 255);
        assert_eq!(white.lightened_to(light), white);
        assert_eq!(
            Rgb(228, 228, 228, 255).lightened_to(dark),
            Rgb(228, 228, 228, 255)
        );
        for c in [
            Rgb(0, 0, 0, 255),
            Rgb(20, 40, 30, 255),
            Rgb(31, 78, 156, 255),
        ] {
            let (l, d) = (c.lightened_to(light), c.lightened_to(dark));
            assert!(
                l.luminance() >= light && d.luminance() >= dark,
                "{c:?} -> {l:?} {d:?}"
            );
            assert!(
                d.luminance() < light,
                "{c:?}: dark squares stay darker than light ones"
            );
            assert_ne!(l, white, "{c:?} keeps a tint");
        }
    }

    #[test]
    fn themes_for_writing_keep_light_ones_and_fix_dark_ones() {
        for name in ["classic", "paper", "color"] {
            let t = Theme::builtin(name).unwrap();
            let w = t.for_writing();
            assert_eq!(
                (w.light, w.dark, w.number, w.background, w.label),
                (t.light, t.dark, t.number, t.background, t.label),
                "{name}"
            );
        }
        let vlsi = Theme::builtin("vlsi").unwrap().for_writing();
        let (light, dark) = WRITABLE_LUMINANCE;
        assert!(vlsi.light.luminance() >= light && vlsi.dark.luminance() >= dark);
        assert!(vlsi.light != vlsi.dark, "still chequered");
        for square in [vlsi.light, vlsi.dark] {
            assert!(vlsi.number.contrast(square) >= TEXT_CONTRAST);
        }
        assert!(vlsi.label.contrast(vlsi.background) >= TEXT_CONTRAST);
        assert!(Rgb(0, 0, 0, 255).contrast(Rgb(255, 255, 255, 255)) > 20.9);
    }

    #[test]
    fn builtins_parse() {
        for (name, _) in BUILTIN {
            let t = Theme::builtin(name).unwrap();
            assert_eq!(t.name, name);
        }
        assert!(Theme::builtin("vlsi").unwrap().pad == Pad::Square);
    }

    #[test]
    fn unknown_key_names_key_and_line() {
        let e =
            Theme::parse("mine.theme", "# c\nline = #000000\nlinewidth = 2\n", None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "mine.theme:3: unknown key 'linewidth'; hint: see templates/themes/classic.theme for the keys"
        );
    }

    #[test]
    fn bad_values_are_errors() {
        for text in [
            "line = reddish",
            "line = #ff00f",
            "line_width = -1",
            "gradient = yes",
            "nonsense",
            "dot_size = NaN",
        ] {
            assert!(Theme::parse("t", text, None).is_err(), "{text}");
        }
        let t = Theme::parse("t", "line = #ff0000   # red\n", None).unwrap();
        assert_eq!(t.line, Rgb(255, 0, 0, 255));
        let t = Theme::parse("t", "line = Navy\ndot = #f80\n", None).unwrap();
        assert_eq!(
            (t.line, t.dot),
            (Rgb(0, 0, 128, 255), Rgb(255, 136, 0, 255))
        );
    }
}
