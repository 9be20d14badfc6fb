//! Tour formats: JSON (`knight-tour/1`), text grid, CSV and algebraic moves; graphs.
//!
//! Writers take any `io::Write`; the binary decides where bytes go and how files are replaced.

pub mod graph;
#[cfg(feature = "puzzle")]
pub mod puzzle;

use std::io::{self, Write};

use thiserror::Error;

use crate::board::KNIGHT_DIRECTIONS;
use crate::board::{Board, BoardError, Splitter};
use crate::tour::{Tour, TourError};
use chunks::{write_chunked, Record, Words};

/// The format tag of tour files.
pub(crate) const TOUR_FORMAT: &str = "knight-tour/1";

/// Every format the tool writes. Which ones a command takes is the command's business;
/// what a file name says is decided here, once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// Numbered grid, one row a line (`.txt`); puzzles as grids with `.` for blanks.
    Text,
    /// `knight-tour/1` or `knight-tour-puzzle/1` JSON (`.json`).
    Json,
    /// `move,row,col,square` lines (`.csv`).
    Csv,
    /// Algebraic squares, one a line (no extension of its own).
    Moves,
    /// One line: board, method, time, verification (no extension of its own).
    Summary,
    /// Scalable vector graphics (`.svg`).
    Svg,
    /// Raster image (`.png`).
    Png,
    /// Vector PDF (`.pdf`).
    Pdf,
    /// Animated GIF (`.gif`).
    Gif,
    /// Animated PNG (`.apng`).
    Apng,
    /// A self-contained web page to play puzzles on screen (`.html`, `.htm`).
    Html,
    /// Graphviz DOT (`.dot`, `.gv`): a tour or a piece's graph.
    Dot,
    /// GraphML (`.graphml`): a tour or a piece's graph.
    GraphMl,
    /// TikZ/PGF for LaTeX (`.tex`, `.tikz`).
    Tikz,
}

impl OutputFormat {
    /// The format a file name's extension names (case-insensitive), if any.
    pub fn from_path(path: &std::path::Path) -> Option<OutputFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "txt" => OutputFormat::Text,
            "json" => OutputFormat::Json,
            "csv" => OutputFormat::Csv,
            "svg" => OutputFormat::Svg,
            "png" => OutputFormat::Png,
            "pdf" => OutputFormat::Pdf,
            "gif" => OutputFormat::Gif,
            "apng" => OutputFormat::Apng,
            "html" | "htm" => OutputFormat::Html,
            "dot" | "gv" => OutputFormat::Dot,
            "graphml" => OutputFormat::GraphMl,
            "tex" | "tikz" => OutputFormat::Tikz,
            _ => return None,
        })
    }

    /// The format's name, as `--format` spells it.
    pub fn name(self) -> &'static str {
        match self {
            OutputFormat::Text => "text",
            OutputFormat::Json => "json",
            OutputFormat::Csv => "csv",
            OutputFormat::Moves => "moves",
            OutputFormat::Summary => "summary",
            OutputFormat::Svg => "svg",
            OutputFormat::Png => "png",
            OutputFormat::Pdf => "pdf",
            OutputFormat::Gif => "gif",
            OutputFormat::Apng => "apng",
            OutputFormat::Html => "html",
            OutputFormat::Dot => "dot",
            OutputFormat::GraphMl => "graphml",
            OutputFormat::Tikz => "tikz",
        }
    }
}

/// Errors reading a tour file.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The file is empty or only white space.
    #[error(
        "the file has no text (it is empty or only white space); hint: a tour file is knight-tour/1 JSON, as solve --format json writes it"
    )]
    Empty,
    /// The JSON does not parse or lacks fields.
    #[error("not a valid tour file: {0}")]
    Json(#[source] serde_json::Error),
    /// A path with more entries than any board has squares.
    #[error("the path has more than {MAX_SQUARES} squares, more than any board", MAX_SQUARES = crate::board::MAX_SQUARES)]
    TooManySquares,
    /// The format tag is not ours.
    #[error("the format tag is '{0}', expected '{TOUR_FORMAT}'")]
    Tag(String),
    /// The board in the file is invalid.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// A square of the path lies off the board.
    #[error("{0}")]
    Tour(#[from] TourError),
    /// A hole lies off the board.
    #[error("hole [{row}, {col}] is off the {board} board")]
    HoleOffBoard {
        /// The board.
        board: Board,
        /// The hole's row as written.
        row: u64,
        /// The hole's column as written.
        col: u64,
    },
    /// The holes leave no square.
    #[error("{0}")]
    Shape(#[from] crate::shape::ShapeError),
    /// The path lists more squares than the board has.
    #[error("the path has more squares than the {board} board ({area})", area = board.area())]
    PathTooLong {
        /// The board.
        board: Board,
    },
    /// The path would not fit in memory.
    #[error("the path of a {board} tour needs {need} of memory, and the system would not give it")]
    Memory {
        /// The board.
        board: Board,
        /// Bytes needed.
        need: String,
    },
    /// The stream failed.
    #[error("{0}")]
    Io(#[source] io::Error),
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

/// Reads a `knight-tour/1` JSON tour from a stream, with memory bounded by the board: each
/// path entry is checked against rows x cols as it arrives and kept as a 4-byte index, and a
/// path longer than the board is refused before it is collected. The tour is verified: a
/// faulty one is [`ReadError::Tour`] with its first fault.
pub fn read_json_from(r: impl std::io::Read) -> Result<TourFile, ReadError> {
    scan::read(r)
}

mod chunks;
mod scan;

#[cfg(feature = "render")]
pub(crate) use chunks::{push_decimal, two_digits};

/// The share of a tour's moves (a cycle's closing move included) in each of its piece's
/// directions, in ascending order (rows down, columns right).
pub(crate) fn direction_list(tour: &Tour) -> Vec<((i32, i32), f64)> {
    if tour.piece.is_knight() {
        return KNIGHT_DIRECTIONS
            .iter()
            .copied()
            .zip(tour.direction_shares())
            .collect();
    }
    let dirs = tour.piece.directions();
    let (counts, total) =
        crate::tour::direction_counts(tour.board, &tour.path, tour.is_closed(), &dirs);
    let total = total.max(1) as f64;
    dirs.into_iter()
        .zip(counts)
        .map(|(d, c)| (d, c as f64 / total))
        .collect()
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
        b.rows,
        b.cols,
        tour.is_closed()
    )?;
    w.write_all(b" \"path\": [")?;
    let split = Splitter::new(b.cols);
    write_path_and_tiles(w, tour, split)?;
    // Files of plain rectangles stay as they were; readers treat a missing list as none.
    if !tour.holes.is_empty() {
        w.write_all(b",\n \"holes\": [")?;
        for (i, &h) in tour.holes.iter().enumerate() {
            let s = b.square(h);
            let sep = if i > 0 { ", " } else { "" };
            write!(w, "{sep}[{}, {}]", s.row, s.col)?;
        }
        w.write_all(b"]")?;
    }
    // Knight tours are written as they always were; another piece is named.
    if !tour.piece.is_knight() {
        write!(w, ",\n \"piece\": \"{}\"", tour.piece)?;
    }
    let method = serde_json::to_string(method).unwrap_or_else(|_| "null".into());
    let seed = seed.map_or("null".to_string(), |s| s.to_string());
    // For readers: how evenly the moves spread over the piece's directions (rows down, cols
    // right).
    let directions: Vec<String> = direction_list(tour)
        .into_iter()
        .map(|((dr, dc), s)| format!("\"{dr:+}{dc:+}\": {s:.4}"))
        .collect();
    writeln!(
        w,
        ",\n \"method\": {method}, \"seed\": {seed},\n \"directions\": {{{}}}}}",
        directions.join(", ")
    )
}

/// Writes the path's entries and the tiles of a `knight-tour/1` file.
fn write_path_and_tiles(
    w: &mut (impl Write + ?Sized),
    tour: &Tour,
    split: Splitter,
) -> io::Result<()> {
    let b = tour.board;
    // Every entry after the first is ", [row, " and "col]", one table word each.
    let rows = Words::decorated(b.rows, b", [", b", ");
    let cols = Words::decorated(b.cols, b"", b"]");
    write_chunked(w, tour.len(), chunks::CHUNK, 28, |range, buf| {
        let mut rec = Record::with_room(buf, range.len() * 28);
        let mut range = range;
        if range.start == 0 && !range.is_empty() {
            let (r, c) = split.split(tour.path[0]);
            rec.text(b"[").num(r).text(b", ").num(c).text(b"]");
            range.start = 1;
        }
        drop(rec);
        while !range.is_empty() {
            range.start += chunks::pairs(buf, &tour.path[range.clone()], split, &rows, &cols);
            // A row or column past the tables' reach, written digit by digit.
            if let Some(&sq) = tour.path.get(range.clone()).and_then(|p| p.first()) {
                let (r, c) = split.split(sq);
                Record::with_room(buf, 32)
                    .text(b", [")
                    .num(r)
                    .text(b", ")
                    .num(c)
                    .text(b"]");
                range.start += 1;
            }
        }
    })?;
    w.write_all(b"],\n \"tiles\": [")?;
    let tiles = &tour.tiles;
    let numbers = Words::numbers(b.rows.max(b.cols) + 1);
    write_chunked(w, tiles.len(), chunks::CHUNK / 4, 96, |range, buf| {
        let mut rec = Record::with_room(buf, range.len() * 96);
        for i in range {
            let t = tiles[i];
            if i > 0 {
                rec.text(b", ");
            }
            rec.text(b"{\"row\": ")
                .num_in(&numbers, t.row)
                .text(b", \"col\": ")
                .num_in(&numbers, t.col)
                .text(b", \"rows\": ")
                .num_in(&numbers, t.rows)
                .text(b", \"cols\": ")
                .num_in(&numbers, t.cols)
                .text(b"}");
        }
    })?;
    w.write_all(b"]")
}

/// The line that names a piece other than the knight at the top of the text formats (grid,
/// CSV, moves): a comment to readers that take `#` comments, and what `verify` reads the
/// piece from.
fn piece_line(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    if tour.piece.is_knight() {
        return Ok(());
    }
    writeln!(w, "# piece: {}", tour.piece)
}

/// Writes the numbered grid: one row a line, right-aligned 1-based move numbers, `#` for holes
/// (under a `# piece: NAME` line for a piece other than the knight).
pub fn write_text(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    piece_line(w, tour)?;
    let cols = tour.board.cols as usize;
    let numbers = tour.numbers();
    let width = tour.board.area().to_string().len();
    // Chunks of whole rows, so each chunk ends its own lines.
    let rows = tour.board.rows as usize;
    write_chunked(
        w,
        rows,
        chunks::CHUNK / cols,
        cols * (width + 1) + 1,
        |range, buf| {
            let first = range.start * cols;
            let mut rec = Record::with_room(buf, range.len() * (cols * (width + 1) + 1));
            for (k, row) in numbers[first..range.end * cols].chunks(cols).enumerate() {
                for (i, &n) in row.iter().enumerate() {
                    if i > 0 {
                        rec.text(b" ");
                    }
                    let at = (first + k * cols + i) as u32;
                    if n == 0 && tour.holes.binary_search(&at).is_ok() {
                        rec.hole(width);
                    } else {
                        rec.padded(n, width);
                    }
                }
                rec.text(b"\n");
            }
        },
    )
}

/// Writes `move,row,col,square` lines with a header (under a `# piece: NAME` line for a piece
/// other than the knight).
pub fn write_csv(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    piece_line(w, tour)?;
    w.write_all(b"move,row,col,square\n")?;
    let b = tour.board;
    let split = Splitter::new(b.cols);
    let numbers = Words::numbers(b.rows.max(b.cols) + 1);
    let files = Words::files(b.cols);
    write_chunked(w, tour.len(), chunks::CHUNK, 52, |range, buf| {
        let mut rec = Record::with_room(buf, range.len() * 52);
        for (i, r, c) in chunks::squares(&tour.path, range, split) {
            rec.num(i as u32 + 1)
                .text(b",")
                .num_in(&numbers, r)
                .text(b",")
                .num_in(&numbers, c)
                .text(b",")
                .algebraic(&files, &numbers, b.rows, r, c)
                .text(b"\n");
        }
    })
}

/// Writes the squares in algebraic notation, one a line (under a `# piece: NAME` line for a
/// piece other than the knight).
pub fn write_moves(w: &mut (impl Write + ?Sized), tour: &Tour) -> io::Result<()> {
    piece_line(w, tour)?;
    let b = tour.board;
    let split = Splitter::new(b.cols);
    let numbers = Words::numbers(b.rows + 1);
    let files = Words::files(b.cols);
    write_chunked(w, tour.len(), chunks::CHUNK, 18, |range, buf| {
        let mut rec = Record::with_room(buf, range.len() * 18);
        for (_, r, c) in chunks::squares(&tour.path, range, split) {
            rec.algebraic(&files, &numbers, b.rows, r, c).text(b"\n");
        }
    })
}

#[cfg(test)]
mod tests;
