//! Serde visitors for the streamed tour reader.

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{ReadError, TourFile, TOUR_FORMAT};
use crate::board::{human_bytes, Board, Square, MAX_SQUARES};
use crate::existence::Kind;
use crate::shape::Shape;
use crate::tour::{Tile, Tour, TourError};

pub(super) struct FileVisitor<'a> {
    pub(super) fault: &'a RefCell<Option<ReadError>>,
}

fn fail<E: de::Error, T>(fault: &RefCell<Option<ReadError>>, e: ReadError) -> Result<T, E> {
    let msg = e.to_string();
    *fault.borrow_mut() = Some(e);
    Err(E::custom(msg))
}

fn board<E: de::Error>(
    fault: &RefCell<Option<ReadError>>,
    rows: u64,
    cols: u64,
) -> Result<Board, E> {
    let b = Board::new(
        u32::try_from(rows).unwrap_or(u32::MAX),
        u32::try_from(cols).unwrap_or(u32::MAX),
    );
    match b {
        Ok(b) => Ok(b),
        Err(e) => fail(fault, e.into()),
    }
}

/// Path entries as read: indices when the board came first, else raw pairs.
enum Path {
    Indices(Vec<u32>),
    Pairs(Vec<(u32, u32)>),
}

impl<'de> Visitor<'de> for FileVisitor<'_> {
    type Value = TourFile;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a knight-tour/1 JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TourFile, A::Error> {
        let fault = self.fault;
        let (mut format, mut rows, mut cols, mut closed) = (None, None, None, None);
        let (mut path, mut tiles, mut method, mut seed) = (None, Vec::new(), None, None);
        let mut holes: Vec<[u64; 2]> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "format" => {
                    let f: String = map.next_value()?;
                    if f != TOUR_FORMAT {
                        return fail(fault, ReadError::Tag(f));
                    }
                    format = Some(f);
                }
                "rows" => rows = Some(map.next_value::<u64>()?),
                "cols" => cols = Some(map.next_value::<u64>()?),
                "closed" => closed = Some(map.next_value::<bool>()?),
                "path" => {
                    let b = match (rows, cols) {
                        (Some(r), Some(c)) => Some(board(fault, r, c)?),
                        _ => None,
                    };
                    path = Some(map.next_value_seed(PathSeed { board: b, fault })?);
                }
                "tiles" => tiles = map.next_value::<Vec<Tile>>()?,
                "holes" => holes = map.next_value::<Vec<[u64; 2]>>()?,
                "method" => method = map.next_value::<Option<String>>()?,
                "seed" => seed = map.next_value::<Option<u64>>()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        format.ok_or_else(|| de::Error::missing_field("format"))?;
        let rows = rows.ok_or_else(|| de::Error::missing_field("rows"))?;
        let cols = cols.ok_or_else(|| de::Error::missing_field("cols"))?;
        let closed = closed.ok_or_else(|| de::Error::missing_field("closed"))?;
        let b = board(fault, rows, cols)?;
        let path = match path.ok_or_else(|| de::Error::missing_field("path"))? {
            Path::Indices(p) => p,
            Path::Pairs(pairs) => {
                let mut p = Vec::new();
                if p.try_reserve_exact(pairs.len()).is_err() {
                    return fail(fault, memory(b));
                }
                for (i, &(r, c)) in pairs.iter().enumerate() {
                    if i >= b.area() {
                        return fail(fault, ReadError::PathTooLong { board: b });
                    }
                    if r >= b.rows || c >= b.cols {
                        return fail(fault, off_board(b, i, r as u64, c as u64));
                    }
                    p.push(b.index(Square::new(r, c)));
                }
                p
            }
        };
        let mut blocked = Vec::with_capacity(holes.len());
        for &[r, c] in &holes {
            if r >= b.rows as u64 || c >= b.cols as u64 {
                return fail(
                    fault,
                    ReadError::HoleOffBoard {
                        board: b,
                        row: r,
                        col: c,
                    },
                );
            }
            blocked.push(b.index(Square::new(r as u32, c as u32)));
        }
        let shape = match Shape::new(b, blocked) {
            Ok(s) => s,
            Err(e) => return fail(fault, ReadError::Shape(e)),
        };
        match Tour::on_shape(&shape, path, Kind::of(closed), tiles) {
            Ok(tour) => Ok(TourFile { tour, method, seed }),
            Err(e) => fail(fault, e.into()),
        }
    }
}

fn memory(b: Board) -> ReadError {
    ReadError::Memory {
        board: b,
        need: human_bytes(b.area() as f64 * 4.0),
    }
}

fn off_board(board: Board, i: usize, r: u64, c: u64) -> ReadError {
    TourError::OffBoard {
        step: i + 1,
        square: Square::new(r.min(u32::MAX as u64) as u32, c.min(u32::MAX as u64) as u32),
        board,
    }
    .into()
}

struct PathSeed<'a> {
    board: Option<Board>,
    fault: &'a RefCell<Option<ReadError>>,
}

impl<'de> DeserializeSeed<'de> for PathSeed<'_> {
    type Value = Path;

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Path, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for PathSeed<'_> {
    type Value = Path;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of [row, col] squares")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Path, A::Error> {
        let fault = self.fault;
        match self.board {
            Some(b) => {
                let mut p = Vec::new();
                if p.try_reserve_exact(b.area()).is_err() {
                    return fail(fault, memory(b));
                }
                while let Some([r, c]) = seq.next_element::<[u64; 2]>()? {
                    if p.len() == b.area() {
                        return fail(fault, ReadError::PathTooLong { board: b });
                    }
                    if r >= b.rows as u64 || c >= b.cols as u64 {
                        return fail(fault, off_board(b, p.len(), r, c));
                    }
                    p.push(b.index(Square::new(r as u32, c as u32)));
                }
                Ok(Path::Indices(p))
            }
            None => {
                // The board comes later in this file: keep pairs, never more than any board holds.
                let mut p = Vec::new();
                while let Some([r, c]) = seq.next_element::<[u64; 2]>()? {
                    if p.len() as u64 >= MAX_SQUARES {
                        return fail(fault, ReadError::TooManySquares);
                    }
                    let clamp = |v: u64| v.min(u32::MAX as u64) as u32;
                    p.push((clamp(r), clamp(c)));
                }
                Ok(Path::Pairs(p))
            }
        }
    }
}
