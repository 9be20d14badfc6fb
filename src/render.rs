//! Drawing tours: a pure layout (a [`Scene`] laid out by [`picture()`] into a [`Picture`]), themes, and two
//! painters of the picture: SVG (and PDF from it) and direct raster (PNG, GIF, APNG).

pub mod animate;
pub(crate) mod colour;
pub mod fonts;
pub(crate) mod glyphs;
pub(crate) mod layout;
mod options;
pub(crate) mod paint;
#[cfg(feature = "pdf")]
pub(crate) mod pdf;
pub(crate) mod picture;
#[cfg(feature = "puzzle")]
pub(crate) mod play;
pub(crate) mod raster;
pub(crate) mod scene;
mod settings;
#[cfg(feature = "puzzle")]
pub mod sheet;
pub(crate) mod svg;
pub(crate) mod theme;
pub(crate) mod tikz;

pub(crate) use colour::PALETTES;
pub use colour::{Palette, Rgb};
pub use layout::picture;
#[cfg(feature = "pdf")]
pub(crate) use pdf::page_points;
#[cfg(feature = "pdf")]
pub use pdf::pdf_pages;
pub use picture::Picture;
pub use raster::{png, Raster, RasterError};
pub use scene::Scene;
pub use svg::{render, DrawOptions, Style};
pub use theme::{Theme, ThemeError};

use thiserror::Error;

use crate::board::Board;

/// The bytes of a drawing of `width` x `height` CSS pixels in an image `format`: the SVG
/// itself, a PNG at `dpi` or `pixels` across (see [`raster::Raster::new`]), or a PDF.
#[cfg(feature = "pdf")]
pub fn encode(
    svg: String,
    format: crate::io::OutputFormat,
    (width, height): (f64, f64),
    dpi: Option<f64>,
    pixels: Option<u32>,
) -> Result<Vec<u8>, raster::RasterError> {
    use crate::io::OutputFormat;
    match format {
        OutputFormat::Svg => Ok(svg.into_bytes()),
        OutputFormat::Png => raster::png(&svg, raster::Raster::new(width, height, dpi, pixels)?),
        OutputFormat::Pdf => pdf::pdf(&svg, None),
        other => Err(raster::RasterError::NotAnImage(other.name())),
    }
}

/// A drawing as TikZ for a LaTeX paper (a whole document with `standalone`): the numbers in
/// the paper's font, the theme's colours named.
pub fn render_tikz(
    tour: &crate::tour::Tour,
    scene: &Scene,
    theme: &Theme,
    opts: &DrawOptions,
    standalone: bool,
) -> String {
    tikz::tikz(&picture(tour, scene, theme, opts), theme, standalone)
}

/// How a picture is turned into a file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Output {
    /// The format.
    pub format: crate::io::OutputFormat,
    /// Resolution of raster formats.
    pub dpi: Option<f64>,
    /// Width: pixels for raster formats, points for PDF.
    pub width: Option<f64>,
    /// Frame timing: animates SVG, and times GIF and APNG.
    pub timing: Option<animate::Timing>,
    /// SVG with its numbers and labels as editable `<text>`.
    pub editable: bool,
}

impl Output {
    /// The raster a picture of `w` x `h` user units gets.
    pub fn raster(&self, w: f64, h: f64) -> Result<raster::Raster, raster::RasterError> {
        raster::Raster::new(w, h, self.dpi, self.width.map(|x| x.round() as u32))
    }
}

/// The bytes of a picture: SVG (animated with a timing), PNG and animations painted directly,
/// PDF through the SVG.
#[cfg(feature = "pdf")]
pub(crate) fn picture_bytes(pic: &Picture, out: &Output) -> Result<Vec<u8>, raster::RasterError> {
    use crate::io::OutputFormat;
    let timing = || {
        out.timing.clone().unwrap_or_else(|| {
            animate::Timing::new(pic.steps, animate::DEFAULT_FPS, None, animate::DEFAULT_HOLD)
                .expect("the default timing is in range")
        })
    };
    match out.format {
        OutputFormat::Svg => {
            let doc = svg::write_as(pic, "", out.timing.as_ref(), out.editable);
            Ok(svg::text_of(&doc, pic).into_bytes())
        }
        OutputFormat::Png => {
            let r = out.raster(pic.width, pic.height)?;
            raster::encode(&paint::pixmap(pic, r)?, r)
        }
        OutputFormat::Gif => animate::gif(pic, out.raster(pic.width, pic.height)?, &timing()),
        OutputFormat::Apng => animate::apng(pic, out.raster(pic.width, pic.height)?, &timing()),
        OutputFormat::Pdf => pdf::pdf(&svg::write(pic, "", None).to_string(), out.width),
        other => Err(raster::RasterError::NotAnImage(other.name())),
    }
}

/// Most `<use>`/`<path>` elements written into one SVG file: beyond this the file runs to
/// hundreds of megabytes and its element tree to gigabytes while it is written.
pub(crate) const MAX_SVG_ELEMENTS: u64 = 2_000_000;

/// Most elements a PDF drawing may have: usvg, which reads the SVG for it, stops at
/// 1,000,000 nodes, and each digit `<use>` becomes two.
pub(crate) const MAX_PDF_ELEMENTS: u64 = 490_000;

/// Most elements painted directly (PNG, GIF, APNG): bounded by time, about a second a million.
pub(crate) const MAX_PAINT_ELEMENTS: u64 = 1 << 24;

/// Most moves in one line painted directly: the painter strokes it in pieces, but the tour and
/// the pixels behind it grow with the moves (8000x8000 at 2 pixels a square: 17 s, 3.8 GB), so
/// 2^25 (about 5800x5800) keeps a drawing within some 2 GB.
pub(crate) const MAX_PAINT_MOVES: u64 = 1 << 25;

/// Most moves in one drawn line for SVG: about 8 bytes of path data each.
pub(crate) const MAX_SVG_MOVES: u64 = 1 << 24;

/// Most moves in one drawn line for PDF, which parses the path back into memory.
pub(crate) const MAX_PDF_MOVES: u64 = 1 << 22;

/// What a drawing costs, estimated from the board and style before anything is solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cost {
    /// Elements (one per digit of every number in the numbers style).
    pub elements: u64,
    /// Moves in the drawn line (lines and tiles styles).
    pub moves: u64,
}

/// A drawing too large for its output format.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub(crate) enum SizeError {
    /// Too many elements.
    #[error("a {style} drawing of {board} has about {elements} elements, over the {limit} that {format} output takes")]
    Elements {
        /// The style.
        style: &'static str,
        /// The board.
        board: Board,
        /// Its elements.
        elements: u64,
        /// The limit.
        limit: u64,
        /// The output format.
        format: &'static str,
    },
    /// Too many moves in one line.
    #[error("a {style} drawing of {board} draws {moves} moves in one line, over the {limit} that {format} output takes")]
    Moves {
        /// The style.
        style: &'static str,
        /// The board.
        board: Board,
        /// Moves.
        moves: u64,
        /// The limit.
        limit: u64,
        /// The output format.
        format: &'static str,
    },
}

/// Estimates a drawing's cost: every digit of every number is an element in the numbers
/// style; the line style draws one move a square (plus an arrow each with `arrows`).
pub(crate) fn cost(board: Board, style: Style, arrows: bool) -> Cost {
    let n = board.area() as u64;
    match style {
        Style::Traced => {
            let (a, b) = (
                cost(board, Style::Numbers, arrows),
                cost(board, Style::Lines, arrows),
            );
            Cost {
                elements: a.elements + b.elements,
                moves: b.moves,
            }
        }
        Style::Numbers => {
            // Digits of 1..=n: each decade contributes its count times its length.
            let mut digits = 0;
            let (mut lo, mut len) = (1u64, 1u64);
            while lo <= n {
                let hi = (lo * 10 - 1).min(n);
                digits += (hi - lo + 1) * len;
                lo *= 10;
                len += 1;
            }
            Cost {
                elements: digits + 64,
                moves: 0,
            }
        }
        Style::Lines | Style::Tiles => Cost {
            elements: 300,
            moves: if arrows { 2 * n } else { n },
        },
    }
}

/// Checks a drawing's cost against the limits of its format.
pub(crate) fn check_size(
    board: Board,
    style: Style,
    arrows: bool,
    format: crate::io::OutputFormat,
) -> Result<Cost, SizeError> {
    use crate::io::OutputFormat;
    let c = cost(board, style, arrows);
    let (limit_e, limit_m, format) = match format {
        OutputFormat::Svg => (MAX_SVG_ELEMENTS, MAX_SVG_MOVES, "SVG"),
        OutputFormat::Tikz => (tikz::MAX_TIKZ_ELEMENTS, tikz::MAX_TIKZ_MOVES, "TikZ"),
        OutputFormat::Pdf => (MAX_PDF_ELEMENTS, MAX_PDF_MOVES, "PDF"),
        _ => (MAX_PAINT_ELEMENTS, MAX_PAINT_MOVES, "PNG, GIF and APNG"),
    };
    if c.elements > limit_e {
        return Err(SizeError::Elements {
            style: style.name(),
            board,
            elements: c.elements,
            limit: limit_e,
            format,
        });
    }
    if c.moves > limit_m {
        return Err(SizeError::Moves {
            style: style.name(),
            board,
            moves: c.moves,
            limit: limit_m,
            format,
        });
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digit_counts() {
        let b = |r, c| Board::new(r, c).unwrap();
        assert_eq!(cost(b(3, 3), Style::Numbers, false).elements, 9 + 64);
        assert_eq!(
            cost(b(10, 10), Style::Numbers, false).elements,
            9 + 180 + 3 + 64
        );
        use crate::io::OutputFormat::{Pdf, Png, Svg};
        // 300x300 renders through usvg for PDF; 400x400 does not, but paints as PNG.
        assert!(check_size(b(300, 300), Style::Numbers, false, Pdf).is_ok());
        assert!(check_size(b(400, 400), Style::Numbers, false, Pdf).is_err());
        assert!(check_size(b(400, 400), Style::Numbers, false, Svg).is_ok());
        assert!(check_size(b(1000, 1000), Style::Numbers, false, Png).is_ok());
    }
}
