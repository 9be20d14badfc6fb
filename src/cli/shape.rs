//! The shape options shared by `solve`, `draw`, `exists` and `puzzle`.

use std::io::Read;
use std::path::{Path, PathBuf};

use crate::{Board, Shape};
use clap::Args;

use super::files::open_bounded;
use super::Error;

/// Largest mask file read: a 10^8-square text mask with line ends, or its PNG.
const MAX_MASK_BYTES: u64 = 128 << 20;

/// Blocked squares: a list, a mask file, a named shape.
#[derive(Debug, Clone, Default, Args)]
pub struct ShapeArgs {
    /// Blocked squares: algebraic names separated by commas (a1,b3), or ROW,COL pairs separated by semicolons (0,0;2,1).
    #[arg(long, value_name = "SQUARES", allow_hyphen_values = true)]
    pub holes: Option<String>,
    /// A mask of the board: a text grid ('#' or 'x' blocked, '.' or 'o' open) or a PNG whose dark pixels are holes, one pixel a square.
    #[arg(long, value_name = "FILE", conflicts_with = "shape")]
    pub mask: Option<PathBuf>,
    /// A named shape sized to the board: disc, cross, diamond or frame.
    #[arg(long, value_name = "NAME")]
    pub shape: Option<String>,
    /// Blocked rectangles (macros, keep-out zones): one `row,col,height,width` a line
    /// (zero-based, rows from the top; `#` starts a comment), or JSON: an array of
    /// [row, col, height, width] arrays or {"row", "col", "height", "width"} objects.
    #[arg(long, value_name = "FILE")]
    pub blocks: Option<PathBuf>,
}

impl ShapeArgs {
    /// Whether any shape option was given.
    pub fn given(&self) -> bool {
        self.holes.is_some() || self.mask.is_some() || self.shape.is_some() || self.blocks.is_some()
    }

    /// The files these options read, which no output may overwrite.
    pub fn inputs(&self) -> Vec<(&'static str, &Path)> {
        let mut v = Vec::new();
        if let Some(m) = &self.mask {
            v.push(("--mask", m.as_path()));
        }
        if let Some(b) = &self.blocks {
            v.push(("--blocks", b.as_path()));
        }
        v
    }

    /// The shape of `board` these options describe (the whole board when none is given).
    pub fn shape(&self, board: Board) -> Result<Shape, Error> {
        // Runs of holes (first square, length): a block's rows whole, and squares one after
        // another (a mask's, in order) joined.
        let mut runs: Vec<(u32, u32)> = Vec::new();
        let add = |runs: &mut Vec<(u32, u32)>, h: u32| match runs.last_mut() {
            Some((first, len)) if *first + *len == h => *len += 1,
            _ => runs.push((h, 1)),
        };
        if let Some(path) = &self.mask {
            for &h in read_mask(path, board)?.holes() {
                add(&mut runs, h);
            }
        }
        if let Some(name) = &self.shape {
            for &h in Shape::named(board, name)?.holes() {
                add(&mut runs, h);
            }
        }
        if let Some(path) = &self.blocks {
            let text = super::files::read_text(path, "blocks file", MAX_MASK_BYTES)?;
            let rects = super::blocks::parse(&text, board)
                .map_err(|e| Error::Usage(format!("in the blocks file {}: {e}", path.display())))?;
            super::blocks::rows_of(&rects, board, &mut runs);
        }
        if let Some(list) = &self.holes {
            for text in split_squares(list) {
                add(&mut runs, board.index(board.parse_square(text)?));
            }
        }
        Ok(Shape::from_runs(board, &runs)?)
    }
}

/// The squares of a `--holes` list: ROW,COL pairs when it has semicolons, else names.
fn split_squares(list: &str) -> Vec<&str> {
    let seps: &[char] = if list.contains(';') {
        &[';']
    } else {
        &[',', ' ', '\t']
    };
    list.split(seps)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .collect()
}

/// The error for a mask whose size is not the board's.
fn wrong_size(
    path: &Path,
    rows: impl std::fmt::Display,
    cols: impl std::fmt::Display,
    board: Board,
) -> Error {
    Error::Usage(format!(
        "the mask {} is {rows}x{cols} but the board is {board}; hint: give the board as {rows}x{cols}",
        path.display(),
    ))
}

/// Reads a mask file of `board`: PNG by its signature, else a text grid. Its size is compared
/// with the board's before anything the size of the mask is built: a PNG's from its header, a
/// text grid's by counting, so a file that claims a huge board costs nothing.
fn read_mask(path: &Path, board: Board) -> Result<Shape, Error> {
    let mut bytes = Vec::new();
    open_bounded(path, "mask", MAX_MASK_BYTES)?
        .read_to_end(&mut bytes)
        .map_err(|e| Error::Usage(format!("cannot read the mask {}: {e}", path.display())))?;
    let name = path.display();
    if bytes.starts_with(b"\x89PNG") {
        return png_mask(&bytes, board, path).map_err(|e| match e {
            Ok(e) => e,
            Err(why) => Error::Usage(format!("the mask {name} is not a usable PNG: {why}")),
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| {
        Error::Usage(format!(
            "the mask {name} is neither a PNG nor text; hint: a text mask has one line a row, '#' for holes and '.' for open squares"
        ))
    })?;
    // Rows and the widest row, counted without building anything.
    let (mut rows, mut widest) = (0u64, 0u64);
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        rows += 1;
        widest = widest.max(line.chars().filter(|c| !c.is_whitespace()).count() as u64);
    }
    if rows > 0 && (rows != u64::from(board.rows) || widest > u64::from(board.cols)) {
        return Err(wrong_size(path, rows, widest, board));
    }
    let mask =
        Shape::parse_mask(&text).map_err(|e| Error::Usage(format!("in the mask {name}: {e}")))?;
    if mask.board() != board {
        let m = mask.board();
        return Err(wrong_size(path, m.rows, m.cols, board));
    }
    Ok(mask)
}

/// A PNG mask of `board`: one pixel a square, holes where the pixel is dark (luminance below
/// half) and not transparent. The size comes from the header and is compared before decoding
/// (`Err(Ok(..))`: a mask of another size; `Err(Err(..))`: not a usable PNG).
fn png_mask(bytes: &[u8], board: Board, path: &Path) -> Result<Shape, Result<Error, String>> {
    let mut decoder = png::Decoder::new(bytes);
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| Err(e.to_string()))?;
    let (w, h) = (reader.info().width, reader.info().height);
    if (h, w) != (board.rows, board.cols) {
        return Err(Ok(wrong_size(path, h, w, board)));
    }
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| Err(e.to_string()))?;
    let channels = info.color_type.samples();
    let dark = |px: &[u8]| {
        let (y, a) = match px.len() {
            1 => (px[0] as u32, 255),
            2 => (px[0] as u32, px[1] as u32),
            3 => (luma(px), 255),
            _ => (luma(px), px[3] as u32),
        };
        a >= 128 && y < 128
    };
    let blocked = (0..h as usize).flat_map(|r| {
        let row = &buf[r * info.line_size..];
        (0..w as usize).map(move |c| dark(&row[c * channels..(c + 1) * channels]))
    });
    Shape::from_blocked(board, blocked.collect::<Vec<_>>()).map_err(|e| Err(e.to_string()))
}

/// Rec. 601 luma of an RGB pixel, 0..255.
fn luma(px: &[u8]) -> u32 {
    (299 * px[0] as u32 + 587 * px[1] as u32 + 114 * px[2] as u32) / 1000
}
