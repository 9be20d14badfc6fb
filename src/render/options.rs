//! What a drawing shows beyond its theme: the style and the options every painter reads.

use super::colour::{Palette, Rgb};

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The numbered grid.
    Numbers,
    /// The tour as a line through the square centres.
    Lines,
    /// The line over the divide-and-conquer tiles.
    Tiles,
    /// The numbered grid over the tour traced as a faint line.
    Traced,
}

impl Style {
    /// The style's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Style::Numbers => "numbers",
            Style::Lines => "lines",
            Style::Tiles => "tiles",
            Style::Traced => "traced",
        }
    }
}

/// Choices beyond the theme.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawOptions {
    /// The style.
    pub style: Style,
    /// Rank and file labels.
    pub coords: bool,
    /// Shade the line along the tour (`None`: as the theme says).
    pub gradient: Option<bool>,
    /// Direction arrows on the moves.
    pub arrows: bool,
    /// Squares whose numbers are left blank (puzzles); empty for none.
    pub blank: Vec<bool>,
    /// Squares shaded with `mark_colour` (the givens, on answer keys); empty for none.
    pub marked: Vec<bool>,
    /// Fill of marked squares.
    pub mark_colour: Rgb,
    /// Prefix of element ids, so that several drawings can share one document.
    pub id_prefix: String,
    /// Numbers to draw on each square instead of the tour's (0: none), e.g. a pupil's
    /// answer; empty to draw the tour's own.
    pub written: Vec<u32>,
    /// Squares framed in `flag_colour` (a pupil's mistakes); empty for none.
    pub flagged: Vec<bool>,
    /// Frame colour of flagged squares.
    pub flag_colour: Rgb,
    /// Gradient colours (`None`: the theme's two).
    pub palette: Option<Palette>,
    /// Line width as a fraction of the cell (`None`: the theme's).
    pub line_width: Option<f64>,
    /// A transparent page instead of the theme's background.
    pub transparent: bool,
    /// A title above the board (the scene makes room for it with `Scene::with_words`).
    pub title: Option<String>,
    /// A caption below the board.
    pub caption: Option<String>,
}

impl DrawOptions {
    /// Defaults for a style: no labels, the theme's gradient, no arrows.
    pub fn new(style: Style) -> DrawOptions {
        DrawOptions {
            style,
            coords: false,
            gradient: None,
            arrows: false,
            blank: Vec::new(),
            marked: Vec::new(),
            mark_colour: Rgb(0xff, 0xe8, 0x9c, 255),
            id_prefix: String::new(),
            written: Vec::new(),
            flagged: Vec::new(),
            flag_colour: Rgb(0xd6, 0x27, 0x28, 255),
            palette: None,
            line_width: None,
            transparent: false,
            title: None,
            caption: None,
        }
    }
}
