//! The tour file reader: a scanner for the `knight-tour/1` object that parses the path, the
//! bulk of the file (each buffer of it in two halves on two threads), and the tiles in tight
//! loops over its own buffer and hands every other value (and any tile not written as our
//! writer writes it) to `serde_json` as a slice.
//! Memory stays bounded by the board: each path entry is checked against rows x cols as it
//! arrives and kept as a 4-byte index, and no list is copied whole.

use std::io::{self, Read};

use serde::de::DeserializeOwned;

use super::{ReadError, TourFile, TOUR_FORMAT};
use crate::board::{human_bytes, Board, Square, MAX_SQUARES};
use crate::shape::Shape;
use crate::tour::Kind;
use crate::tour::{Tile, Tour, TourError};

mod numbers;

use numbers::*;

/// Bytes read from the file at a time.
const BUF: usize = 1 << 20;

/// Alignment of the read buffer: a cache line.
const ALIGN: usize = 64;

/// Reads, checks and verifies a tour file.
pub(super) fn read(r: impl Read) -> Result<TourFile, ReadError> {
    let mut s = Scanner::new(r);
    s.skip_ws()?;
    if s.peek()?.is_none() {
        return Err(ReadError::Empty);
    }
    let mut f = Fields::default();
    s.expect(b'{')?;
    s.skip_ws()?;
    if s.peek()? == Some(b'}') {
        s.bump();
    } else {
        loop {
            let key: String = s.value("a key", |s, raw| s.string(raw))?;
            s.skip_ws()?;
            s.expect(b':')?;
            s.skip_ws()?;
            s.field(&key, &mut f)?;
            if !s.more(b'}', "expected ',' or '}' after a value")? {
                break;
            }
        }
    }
    s.skip_ws()?;
    if s.peek()?.is_some() {
        return Err(s.error("trailing characters after the tour object"));
    }
    f.assemble()
}

/// The object's fields as read, before they are checked together.
#[derive(Default)]
struct Fields {
    format: Option<String>,
    rows: Option<u64>,
    cols: Option<u64>,
    closed: Option<bool>,
    path: Option<Path>,
    tiles: Vec<Tile>,
    holes: Vec<[u64; 2]>,
    method: Option<String>,
    seed: Option<u64>,
    piece: Option<String>,
}

/// Path entries as read: indices when the board came first, else raw pairs.
enum Path {
    Indices(Vec<u32>),
    Pairs(Vec<(u32, u32)>),
}

impl Fields {
    /// Checks the fields together and verifies the tour.
    fn assemble(self) -> Result<TourFile, ReadError> {
        let missing = |name: &str| json_error(format!("missing field `{name}`"));
        self.format.ok_or_else(|| missing("format"))?;
        let rows = self.rows.ok_or_else(|| missing("rows"))?;
        let cols = self.cols.ok_or_else(|| missing("cols"))?;
        let closed = self.closed.ok_or_else(|| missing("closed"))?;
        let b = board(rows, cols)?;
        let path = match self.path.ok_or_else(|| missing("path"))? {
            Path::Indices(p) => p,
            Path::Pairs(pairs) => {
                let mut p = Vec::new();
                if p.try_reserve_exact(pairs.len()).is_err() {
                    return Err(memory(b));
                }
                for (i, &(r, c)) in pairs.iter().enumerate() {
                    if i >= b.area() {
                        return Err(ReadError::PathTooLong { board: b });
                    }
                    if r >= b.rows || c >= b.cols {
                        return Err(off_board(b, i, u64::from(r), u64::from(c)));
                    }
                    p.push(b.index(Square::new(r, c)));
                }
                p
            }
        };
        let mut blocked = Vec::with_capacity(self.holes.len());
        for &[r, c] in &self.holes {
            if r >= u64::from(b.rows) || c >= u64::from(b.cols) {
                return Err(ReadError::HoleOffBoard {
                    board: b,
                    row: r,
                    col: c,
                });
            }
            blocked.push(b.index(Square::new(r as u32, c as u32)));
        }
        let shape = Shape::new(b, blocked).map_err(ReadError::Shape)?;
        let piece = match &self.piece {
            None => crate::piece::Piece::KNIGHT,
            Some(name) => name
                .parse()
                .map_err(|e| json_error(format!("\"piece\": {e}")))?,
        };
        let tour = Tour::of_piece(&shape, path, Kind::of(closed), self.tiles, piece)?;
        Ok(TourFile {
            tour,
            method: self.method,
            seed: self.seed,
        })
    }
}

fn json_error(msg: String) -> ReadError {
    ReadError::Json(<serde_json::Error as serde::de::Error>::custom(msg))
}

fn board(rows: u64, cols: u64) -> Result<Board, ReadError> {
    let side = |v: u64| u32::try_from(v).unwrap_or(u32::MAX);
    Ok(Board::new(side(rows), side(cols))?)
}

fn memory(b: Board) -> ReadError {
    ReadError::Memory {
        board: b,
        need: human_bytes(b.area() as f64 * 4.0),
    }
}

fn off_board(board: Board, i: usize, r: u64, c: u64) -> ReadError {
    let side = |v: u64| v.min(u64::from(u32::MAX)) as u32;
    TourError::OffBoard {
        step: i + 1,
        square: Square::new(side(r), side(c)),
        board,
    }
    .into()
}

/// A reader with its own buffer, and the line and column of its position for messages.
struct Scanner<R> {
    r: R,
    buf: Vec<u8>,
    /// Where the file's bytes start in `buf`: on a cache line, as the kernel copies into an
    /// unaligned buffer several times slower (89 against 14 ms for 126 MB on our machine).
    start: usize,
    pos: usize,
    end: usize,
    /// Offset in the file of `buf[start]`.
    base: u64,
    /// Line of `pos` (from 1), and the file offset where that line starts.
    line: u64,
    line_start: u64,
}

impl<R: Read> Scanner<R> {
    fn new(r: R) -> Self {
        let buf = vec![0; BUF + ALIGN];
        let start = buf.as_ptr().align_offset(ALIGN).min(ALIGN);
        Scanner {
            r,
            buf,
            start,
            pos: start,
            end: start,
            base: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The next byte, reading more of the file when the buffer is used up.
    #[inline]
    fn peek(&mut self) -> Result<Option<u8>, ReadError> {
        if self.pos < self.end {
            return Ok(Some(self.buf[self.pos]));
        }
        self.refill()
    }

    #[cold]
    fn refill(&mut self) -> Result<Option<u8>, ReadError> {
        self.base += (self.end - self.start) as u64;
        self.pos = self.start;
        self.end = self.start;
        loop {
            match self.r.read(&mut self.buf[self.start..self.start + BUF]) {
                Ok(0) => return Ok(None),
                Ok(n) => {
                    self.end = self.start + n;
                    return Ok(Some(self.buf[self.start]));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ReadError::Io(e)),
            }
        }
    }

    /// Moves past the byte `peek` returned.
    #[inline]
    fn bump(&mut self) {
        self.pos += 1;
    }

    fn offset(&self) -> u64 {
        self.base + (self.pos - self.start) as u64
    }

    /// A syntax error at the current position.
    fn error(&self, what: &str) -> ReadError {
        self.error_at(self.offset(), what)
    }

    /// A syntax error at file offset `at`, on the current line.
    fn error_at(&self, at: u64, what: &str) -> ReadError {
        json_error(format!(
            "{what} at line {} column {}",
            self.line,
            at - self.line_start + 1
        ))
    }

    fn skip_ws(&mut self) -> Result<(), ReadError> {
        while let Some(b) = self.peek()? {
            match b {
                b' ' | b'\t' | b'\r' => self.bump(),
                b'\n' => {
                    self.bump();
                    self.line += 1;
                    self.line_start = self.offset();
                }
                _ => break,
            }
        }
        Ok(())
    }

    fn expect(&mut self, want: u8) -> Result<(), ReadError> {
        if self.peek()? == Some(want) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(&format!("expected '{}'", want as char)))
        }
    }

    /// After an item of an array or object: true past a `,` (and the spaces after it), false past
    /// the `close` that ends the list; anything else is the error `what`.
    fn more(&mut self, close: u8, what: &str) -> Result<bool, ReadError> {
        self.skip_ws()?;
        match self.peek()? {
            Some(b',') => {
                self.bump();
                self.skip_ws()?;
                Ok(true)
            }
            Some(b) if b == close => {
                self.bump();
                Ok(false)
            }
            _ => Err(self.error(what)),
        }
    }

    /// A whole number in decimal (saturating: any such number is off every board anyway).
    #[inline]
    fn uint(&mut self) -> Result<u64, ReadError> {
        let start = self.offset();
        let mut v = 0u64;
        let mut digits = 0;
        while let Some(b @ b'0'..=b'9') = self.peek()? {
            v = v.saturating_mul(10).saturating_add(u64::from(b - b'0'));
            digits += 1;
            self.bump();
        }
        if digits == 0 || matches!(self.peek()?, Some(b'.' | b'e' | b'E')) {
            return Err(self.error_at(start, "expected a whole number"));
        }
        Ok(v)
    }

    /// One `[row, col]` entry.
    #[inline]
    fn pair(&mut self) -> Result<(u64, u64), ReadError> {
        self.expect(b'[')?;
        self.skip_ws()?;
        let r = self.uint()?;
        self.skip_ws()?;
        self.expect(b',')?;
        self.skip_ws()?;
        let c = self.uint()?;
        self.skip_ws()?;
        self.expect(b']')?;
        Ok((r, c))
    }

    /// The path: checked against the board as it arrives when the board came first.
    fn path(&mut self, board: Option<Board>) -> Result<Path, ReadError> {
        self.expect(b'[')?;
        self.skip_ws()?;
        let mut indices = Vec::new();
        let mut pairs = Vec::new();
        if let Some(b) = board {
            if indices.try_reserve_exact(b.area()).is_err() {
                return Err(memory(b));
            }
        }
        let push = |indices: &mut Vec<u32>, pairs: &mut Vec<(u32, u32)>, len, r, c| match board {
            Some(b) => {
                if len == b.area() {
                    return Err(ReadError::PathTooLong { board: b });
                }
                if r >= u64::from(b.rows) || c >= u64::from(b.cols) {
                    return Err(off_board(b, len, r, c));
                }
                indices.push(r as u32 * b.cols + c as u32);
                Ok(())
            }
            None => {
                if len as u64 >= MAX_SQUARES {
                    return Err(ReadError::TooManySquares);
                }
                let side = |v: u64| v.min(u64::from(u32::MAX)) as u32;
                pairs.push((side(r), side(c)));
                Ok(())
            }
        };
        let mut len = 0;
        // The second half's entries when the path is read on two threads: kept from block
        // to block, so its memory is mapped once.
        let mut tail = Vec::new();
        // Entries left to the ways below before the plain way is tried again, once it failed.
        let mut skip = 0;
        if self.peek()? == Some(b']') {
            self.bump();
        } else {
            loop {
                if let (Some(b), 0) = (board, skip) {
                    let before = indices.len();
                    let room = b.area() - before;
                    let s = &self.buf[self.pos..self.end];
                    let used = entries(s, b, room, &mut indices, &mut tail);
                    self.pos += used;
                    len += indices.len() - before;
                    if used == 0 {
                        skip = RETRY_AFTER;
                    }
                } else {
                    skip = skip.saturating_sub(1);
                }
                // Entries as written (spaces, no line breaks, short numbers) are read straight
                // from the buffer; anything else takes the general way below.
                if self.end - self.pos >= FAST_ROOM {
                    if let Some((r, c, used, more)) = fast_entry(&self.buf[self.pos..self.end]) {
                        self.pos += used;
                        push(&mut indices, &mut pairs, len, r, c)?;
                        len += 1;
                        if more {
                            continue;
                        }
                        break;
                    }
                }
                // The fast way may stop after a separator, before the spaces that follow it.
                self.skip_ws()?;
                let (r, c) = self.pair()?;
                push(&mut indices, &mut pairs, len, r, c)?;
                len += 1;
                if !self.more(b']', "expected ',' or ']' in the path")? {
                    break;
                }
            }
        }
        Ok(match board {
            Some(_) => Path::Indices(indices),
            None => Path::Pairs(pairs),
        })
    }

    /// The tiles, one at a time: each read straight from the buffer when it is written as our
    /// writer writes it, else by `serde_json`, so no copy of the whole list is made.
    fn tiles(&mut self, what: &str) -> Result<Vec<Tile>, ReadError> {
        let mut tiles = Vec::new();
        if self.peek()? != Some(b'[') {
            // Not a list: `serde_json` says what it is instead.
            return self.value(what, |s, raw| s.any(Some(raw)));
        }
        self.bump();
        self.skip_ws()?;
        if self.peek()? == Some(b']') {
            self.bump();
            return Ok(tiles);
        }
        loop {
            let fast = if self.end - self.pos >= TILE_ROOM {
                fast_tile(&self.buf[self.pos..self.end])
            } else {
                None
            };
            match fast {
                Some((t, used)) => {
                    self.pos += used;
                    tiles.push(t);
                }
                None => tiles.push(self.value(what, |s, raw| s.any(Some(raw)))?),
            }
            if !self.more(b']', "expected ',' or ']' in the tiles")? {
                return Ok(tiles);
            }
        }
    }

    /// Copies one JSON string, quotes and escapes included, into `raw`.
    fn string(&mut self, raw: &mut Vec<u8>) -> Result<(), ReadError> {
        self.expect(b'"')?;
        raw.push(b'"');
        loop {
            match self.peek()? {
                None => return Err(self.error("unterminated string")),
                Some(b) => {
                    self.bump();
                    raw.push(b);
                    match b {
                        b'"' => return Ok(()),
                        b'\\' => match self.peek()? {
                            Some(e) => {
                                self.bump();
                                raw.push(e);
                            }
                            None => return Err(self.error("unterminated string")),
                        },
                        _ => {}
                    }
                }
            }
        }
    }

    /// Copies one JSON value of any kind into `raw` (or only moves past it, with `None`). The
    /// buffer is scanned in place and copied in runs, so a large value costs a pass over it.
    fn any(&mut self, mut raw: Option<&mut Vec<u8>>) -> Result<(), ReadError> {
        let (mut depth, mut in_str, mut esc, mut scalar) = (0usize, false, false, false);
        loop {
            if self.pos == self.end && self.refill()?.is_none() {
                return Err(self.error("unexpected end of the file"));
            }
            let chunk = &self.buf[self.pos..self.end];
            let (mut done, mut lines, mut last_nl) = (None, 0, 0);
            for (k, &b) in chunk.iter().enumerate() {
                if in_str {
                    if esc {
                        esc = false;
                    } else if b == b'\\' {
                        esc = true;
                    } else if b == b'"' {
                        in_str = false;
                        if depth == 0 {
                            done = Some(k + 1);
                            break;
                        }
                    }
                    continue;
                }
                match b {
                    b'"' => in_str = true,
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' if depth > 0 => {
                        depth -= 1;
                        if depth == 0 {
                            done = Some(k + 1);
                            break;
                        }
                    }
                    // At the top: the delimiter after the value, left for the caller.
                    b',' | b']' | b'}' if depth == 0 => {
                        done = Some(k);
                        break;
                    }
                    b' ' | b'\t' | b'\r' | b'\n' if depth == 0 && scalar => {
                        done = Some(k);
                        break;
                    }
                    b'\n' => {
                        lines += 1;
                        last_nl = k;
                    }
                    b' ' | b'\t' | b'\r' => {}
                    _ if depth == 0 => scalar = true,
                    _ => {}
                }
            }
            let used = done.unwrap_or(chunk.len());
            if let Some(r) = raw.as_deref_mut() {
                r.extend_from_slice(&chunk[..used]);
            }
            if lines > 0 {
                self.line += lines;
                self.line_start = self.base + (self.pos - self.start + last_nl + 1) as u64;
            }
            self.pos += used;
            if done.is_some() {
                return Ok(());
            }
        }
    }

    /// One value copied by `copy` and parsed by serde; errors name `what` and where it starts.
    fn value<T: DeserializeOwned>(
        &mut self,
        what: &str,
        copy: impl FnOnce(&mut Self, &mut Vec<u8>) -> Result<(), ReadError>,
    ) -> Result<T, ReadError> {
        let (line, col) = (self.line, self.offset() - self.line_start + 1);
        let mut raw = Vec::new();
        copy(self, &mut raw)?;
        serde_json::from_slice(&raw).map_err(|e| {
            let msg = e.to_string();
            let msg = msg.rsplit_once(" at line ").map_or(&*msg, |(m, _)| m);
            json_error(format!("{what} at line {line} column {col}: {msg}"))
        })
    }

    /// Reads the value of `key` into `f`.
    fn field(&mut self, key: &str, f: &mut Fields) -> Result<(), ReadError> {
        let any = |s: &mut Self, raw: &mut Vec<u8>| s.any(Some(raw));
        let what = format!("the value of \"{key}\"");
        match key {
            "format" => {
                let tag: String = self.value(&what, any)?;
                if tag != TOUR_FORMAT {
                    return Err(ReadError::Tag(tag));
                }
                f.format = Some(tag);
            }
            "rows" => f.rows = Some(self.value(&what, any)?),
            "cols" => f.cols = Some(self.value(&what, any)?),
            "closed" => f.closed = Some(self.value(&what, any)?),
            "path" => {
                let b = match (f.rows, f.cols) {
                    (Some(r), Some(c)) => Some(board(r, c)?),
                    _ => None,
                };
                f.path = Some(self.path(b)?);
            }
            "tiles" => f.tiles = self.tiles(&what)?,
            "holes" => f.holes = self.value(&what, any)?,
            "method" => f.method = self.value(&what, any)?,
            "seed" => f.seed = self.value(&what, any)?,
            "piece" => f.piece = self.value(&what, any)?,
            _ => self.any(None)?,
        }
        Ok(())
    }
}
