//! Tour formats: JSON (`knight-tour/1`), text grid, CSV and algebraic moves.
//!
//! Writers take any `io::Write`; the binary decides where bytes go (see [`atomic`]).

pub mod atomic;
pub mod puzzle;

use std::io::{self, Write};

use serde::Deserialize;
use thiserror::Error;

use crate::board::{Board, BoardError, Square};
use crate::tour::{Tile, Tour, TourError};

/// The format tag of tour files.
pub const TOUR_FORMAT: &str = "knight-tour/1";

/// Output formats for a tour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Numbered grid, one row a line.
    Text,
    /// `knight-tour/1` JSON.
    Json,
    /// `move,row,col,square` lines.
    Csv,
    /// Algebraic squares, one a line.
    Moves,
    /// One line: board, method, time, verification.
    Summary,
}

impl Format {
    /// The format named by a file's extension, if any.
    pub fn from_extension(path: &str) -> Option<Format> {
        let ext = path.rsplit_once('.')?.1.to_ascii_lowercase();
        match ext.as_str() {
            "txt" => Some(Format::Text),
            "json" => Some(Format::Json),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// Errors reading a tour file.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The file is empty.
    #[error("the file is empty; hint: a tour file is the JSON written by `knight-tour solve --format json`")]
    Empty,
    /// The JSON does not parse or lacks fields.
    #[error("not a valid tour file: {0}")]
    Json(String),
    /// The format tag is not ours.
    #[error("the format tag is '{0}', expected '{TOUR_FORMAT}'")]
    Tag(String),
    /// The board in the file is invalid.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// A square of the path lies off the board.
    #[error("{0}")]
    Tour(#[from] TourError),
}

/// A tour with where it came from, as stored in a tour file.
#[derive(Debug, Clone)]
pub struct TourFile {
    /// The tour.
    pub tour: Tour,
    /// The method that made it, if recorded.
    pub method: Option<String>,
    /// The seed used, if any.
    pub seed: Option<u64>,
}

#[derive(Deserialize)]
struct RawTour {
    format: String,
    rows: u64,
    cols: u64,
    closed: bool,
    path: Vec<[u64; 2]>,
    #[serde(default)]
    tiles: Vec<Tile>,
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

/// Parses a `knight-tour/1` JSON tour. The tour is not verified here.
pub fn read_json(text: &str) -> Result<TourFile, ReadError> {
    if text.trim().is_empty() {
        return Err(ReadError::Empty);
    }
    // Check the tag first so a foreign file gets the clearer message.
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        if let Some(tag) = v.get("format").and_then(|f| f.as_str()) {
            if tag != TOUR_FORMAT {
                return Err(ReadError::Tag(tag.to_string()));
            }
        }
    }
    let raw: RawTour = serde_json::from_str(text).map_err(|e| ReadError::Json(e.to_string()))?;
    if raw.format != TOUR_FORMAT {
        return Err(ReadError::Tag(raw.format));
    }
    let board = Board::new(
        u32::try_from(raw.rows).unwrap_or(u32::MAX),
        u32::try_from(raw.cols).unwrap_or(u32::MAX),
    )?;
    let mut path = Vec::with_capacity(raw.path.len());
    for (i, &[r, c]) in raw.path.iter().enumerate() {
        if r >= board.rows as u64 || c >= board.cols as u64 {
            return Err(TourError::OffBoard {
                step: i + 1,
                square: Square::new(r.min(u32::MAX as u64) as u32, c.min(u32::MAX as u64) as u32),
                board,
            }
            .into());
        }
        path.push(board.index(Square::new(r as u32, c as u32)));
    }
    Ok(TourFile {
        tour: Tour {
            board,
            path,
            closed: raw.closed,
            tiles: raw.tiles,
        },
        method: raw.method,
        seed: raw.seed,
    })
}

/// Writes a tour as `knight-tour/1` JSON (streamed: no copy of the path is built).
pub fn write_json(
    w: &mut (impl Write + ?Sized),
    tour: &Tour,
    method: &str,
    seed: Option<u64>,
) -> io::Result<()> {
    let b = tour.board;
    writeln!(
        w,
        "{{\"format\": \"{TOUR_FORMAT}\", \"rows\": {}, \"cols\": {}, \"closed\": {},",
        b.rows, b.cols, tour.closed
    )?;
    w.write_all(b" \"path\": [")?;
    for (i, sq) in tour.squares().enumerate() {
        if i > 0 {
            w.write_all(b", ")?;
        }
        write!(w, "[{}, {}]", sq.row, sq.col)?;
    }
    w.write_all(b"],\n \"tiles\": [")?;
    for (i, t) in tour.tiles.iter().enumerate() {
        if i > 0 {
            w.write_all(b", ")?;
        }
        write!(
            w,
            "{{\"row\": {}, \"col\": {}, \"rows\": {}, \"cols\": {}}}",
            t.row, t.col, t.rows, t.cols
        )?;
    }
    let method = serde_json::to_string(method).unwrap_or_else(|_| "null".into());
    let seed = seed.map_or("null".to_string(), |s| s.to_string());
    writeln!(w, "],\n \"method\": {method}, \"seed\": {seed}}}")
}

/// Writes the numbered grid: one row a line, right-aligned 1-based move numbers.
pub fn write_text(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    let b = tour.board;
    let numbers = tour.numbers();
    let width = b.area().to_string().len();
    for row in numbers.chunks(b.cols as usize) {
        for (i, n) in row.iter().enumerate() {
            if i > 0 {
                w.write_all(b" ")?;
            }
            write!(w, "{n:>width$}")?;
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes `move,row,col,square` lines with a header.
pub fn write_csv(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    w.write_all(b"move,row,col,square\n")?;
    for (i, sq) in tour.squares().enumerate() {
        writeln!(
            w,
            "{},{},{},{}",
            i + 1,
            sq.row,
            sq.col,
            tour.board.algebraic(sq)
        )?;
    }
    Ok(())
}

/// Writes the squares in algebraic notation, one a line.
pub fn write_moves(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    for sq in tour.squares() {
        writeln!(w, "{}", tour.board.algebraic(sq))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tour() -> Tour {
        let b = Board::new(3, 4).unwrap();
        let sq: Vec<Square> = [
            (0, 0),
            (2, 1),
            (0, 2),
            (1, 0),
            (2, 2),
            (0, 3),
            (1, 1),
            (2, 3),
            (0, 1),
        ]
        .iter()
        .map(|&(r, c)| Square::new(r, c))
        .collect();
        Tour::from_squares(b, &sq, false)
    }

    #[test]
    fn json_round_trips() {
        let t = tour();
        let mut out = Vec::new();
        write_json(&mut out, &t, "warnsdorff", Some(7)).unwrap();
        let back = read_json(std::str::from_utf8(&out).unwrap()).unwrap();
        assert_eq!(back.tour, t);
        assert_eq!(back.method.as_deref(), Some("warnsdorff"));
        assert_eq!(back.seed, Some(7));
    }

    #[test]
    fn bad_files() {
        assert!(matches!(read_json(""), Err(ReadError::Empty)));
        assert!(matches!(
            read_json("{\"format\": \"knight-tour/1\", \"rows\""),
            Err(ReadError::Json(_))
        ));
        assert!(matches!(
            read_json("{\"format\": \"other/2\", \"rows\": 1, \"cols\": 1, \"closed\": false, \"path\": [[0,0]]}"),
            Err(ReadError::Tag(_))
        ));
        assert!(matches!(
            read_json("{\"format\": \"knight-tour/1\", \"rows\": 2, \"cols\": 2, \"closed\": false, \"path\": [[5,0]]}"),
            Err(ReadError::Tour(TourError::OffBoard { .. }))
        ));
    }

    #[test]
    fn text_grid() {
        let mut out = Vec::new();
        write_text(&mut out, &tour()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            " 1  9  3  6\n 4  7  0  0\n 0  2  5  8\n"
        );
    }
}
