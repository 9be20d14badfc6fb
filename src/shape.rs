//! Shaped boards: a rectangle with blocked squares (holes), from a list, a text mask or a
//! named shape sized to the board.

use thiserror::Error;

use crate::board::{Board, Square};
use std::sync::Arc;

mod listed;
use listed::{joined, listed, listed_runs, sorted_runs};

/// Errors from building a shape.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ShapeError {
    /// A hole lies off the board.
    #[error("hole {square} is off the {board} board")]
    OffBoard {
        /// The hole as (row, col).
        square: Square,
        /// The board.
        board: Board,
    },
    /// Every square is blocked.
    #[error("every square of the {board} board is a hole; hint: leave at least one square open")]
    NoSquares {
        /// The board.
        board: Board,
    },
    /// A mask line is longer or shorter than the first.
    #[error("mask line {line} has {found} squares but line 1 has {expected}; hint: every line of a mask has one character a square")]
    Ragged {
        /// 1-based line number.
        line: usize,
        /// Squares on that line.
        found: usize,
        /// Squares on the first line.
        expected: usize,
    },
    /// A mask character is not one of `#x.o`.
    #[error("mask line {line} has '{ch}' at column {col}; hint: write '#' or 'x' for a hole and '.' or 'o' for an open square")]
    BadChar {
        /// 1-based line number.
        line: usize,
        /// 1-based column.
        col: usize,
        /// The character.
        ch: char,
    },
    /// The mask has no squares.
    #[error(
        "the mask has no squares; hint: one line per row, '#' for holes and '.' for open squares"
    )]
    EmptyMask,
    /// The named shape is unknown.
    #[error("unknown shape '{0}'; hint: disc, cross, diamond or frame")]
    UnknownName(String),
}

/// A rectangular board with some squares blocked.
#[derive(Debug, Clone)]
pub struct Shape {
    board: Board,
    /// Row-major indices of the holes, sorted, no repeats: shared with the tours made on the
    /// shape, as a chip's floor plan holds millions (25 MB at 10^8 squares round 10^4 macros).
    holes: Arc<[u32]>,
    /// The runs the holes were listed from, where they were (a floor plan's): see
    /// [`Shape::hole_runs`].
    runs: Option<Arc<[(u32, u32)]>>,
}

/// Shapes are alike by their holes, however they were made.
impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        self.board == other.board && self.holes == other.holes
    }
}

impl Eq for Shape {}

/// Hashed by the board and the holes, as compared.
impl std::hash::Hash for Shape {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.holes.hash(state);
    }
}

/// Whether `count` holes are many for `board`: put in order by one bit a square rather than
/// by a sort.
fn many(board: Board, count: u64) -> bool {
    count > board.area() as u64 / 64 && count > 1 << 16
}

/// Named shapes that figures use.
pub const NAMES: [&str; 4] = ["disc", "cross", "diamond", "frame"];

impl Shape {
    /// The whole rectangle.
    pub fn rect(board: Board) -> Shape {
        Shape {
            board,
            holes: Arc::default(),
            runs: None,
        }
    }

    /// A board with holes at `holes` (row-major indices, in any order, repeats allowed).
    pub fn new(board: Board, mut holes: Vec<u32>) -> Result<Shape, ShapeError> {
        if let Some(h) = holes
            .iter()
            .copied()
            .filter(|&h| h as usize >= board.area())
            .min()
        {
            return Err(ShapeError::OffBoard {
                square: Square::new(h / board.cols, h % board.cols),
                board,
            });
        }
        let holes: Arc<[u32]> = if many(board, holes.len() as u64) {
            // Many holes (macros of a chip's floor plan, listed rectangle by rectangle): one bit
            // a square puts them in order in one pass, where sorting took 0.15 s for 6 million.
            // A rectangle's rows come as runs of consecutive squares: a run is set at once.
            let mut set = crate::bits::BitSet::new(board.area());
            let mut i = 0;
            while i < holes.len() {
                let (first, len) = (holes[i] as usize, crate::bits::consecutive(&holes[i..]));
                set.set_range(first, first + len, true);
                i += len;
            }
            drop(holes);
            listed(&set)
        } else {
            holes.sort_unstable();
            holes.dedup();
            holes.into()
        };
        if holes.len() == board.area() {
            return Err(ShapeError::NoSquares { board });
        }
        Ok(Shape {
            board,
            holes,
            runs: None,
        })
    }

    /// A board with holes at runs of squares, each its first row-major index and its length
    /// (in any order, overlaps allowed): a floor plan's macros a row at a time, with no list
    /// of every square they cover (at 10^8 squares round 10^4 macros, 6 million squares).
    pub fn from_runs(board: Board, runs: &[(u32, u32)]) -> Result<Shape, ShapeError> {
        let area = board.area() as u64;
        if let Some(h) = runs
            .iter()
            .filter(|&&(first, len)| len > 0 && u64::from(first) + u64::from(len) > area)
            .map(|&(first, _)| u64::from(first).max(area))
            .min()
        {
            let h = h.min(u64::from(u32::MAX)) as u32;
            return Err(ShapeError::OffBoard {
                square: Square::new(h / board.cols, h % board.cols),
                board,
            });
        }
        let total: u64 = runs.iter().map(|&(_, len)| u64::from(len)).sum();
        if !many(board, total) {
            let holes = runs.iter().flat_map(|&(first, len)| first..first + len);
            return Shape::new(board, holes.collect());
        }
        // A floor plan's runs are few (200,000 at 10^8 squares round 10^4 macros): sorted,
        // they give the list straight, where one bit a square first took 10-15 ms on one
        // core; a mask's millions of runs go through the bits.
        let (holes, runs) = if runs.len() as u64 <= area / 64 {
            let joined = joined(&sorted_runs(board.area(), runs));
            (listed_runs(&joined), Some(joined.into()))
        } else {
            let mut set = crate::bits::BitSet::new(board.area());
            for &(first, len) in runs {
                set.set_range(first as usize, first as usize + len as usize, true);
            }
            (listed(&set), None)
        };
        if holes.len() == board.area() {
            return Err(ShapeError::NoSquares { board });
        }
        Ok(Shape { board, holes, runs })
    }

    /// A board with holes at the given squares.
    pub fn with_squares(board: Board, squares: &[Square]) -> Result<Shape, ShapeError> {
        for &s in squares {
            if s.row >= board.rows || s.col >= board.cols {
                return Err(ShapeError::OffBoard { square: s, board });
            }
        }
        Shape::new(board, squares.iter().map(|&s| board.index(s)).collect())
    }

    /// A shape from a text mask: one line per row (top row first), `#` or `x` a hole and
    /// `.` or `o` an open square; spaces between squares are ignored, as are blank lines and
    /// lines starting with `//`.
    pub fn parse_mask(text: &str) -> Result<Shape, ShapeError> {
        let mut rows: Vec<Vec<bool>> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with("//") {
                continue;
            }
            let mut row = Vec::new();
            for (j, ch) in line.chars().filter(|c| !c.is_whitespace()).enumerate() {
                row.push(match ch {
                    '#' | 'x' | 'X' => true,
                    '.' | 'o' | 'O' => false,
                    _ => {
                        return Err(ShapeError::BadChar {
                            line: i + 1,
                            col: j + 1,
                            ch,
                        })
                    }
                });
            }
            if let Some(first) = rows.first() {
                if row.len() != first.len() {
                    return Err(ShapeError::Ragged {
                        line: i + 1,
                        found: row.len(),
                        expected: first.len(),
                    });
                }
            }
            rows.push(row);
        }
        if rows.is_empty() {
            return Err(ShapeError::EmptyMask);
        }
        let board = Board::new(rows.len() as u32, rows[0].len() as u32)
            .map_err(|_| ShapeError::EmptyMask)?;
        Shape::from_blocked(board, rows.iter().flatten().copied())
    }

    /// A shape from one flag a square, row-major: true for a hole.
    pub fn from_blocked(
        board: Board,
        blocked: impl IntoIterator<Item = bool>,
    ) -> Result<Shape, ShapeError> {
        let holes = blocked
            .into_iter()
            .enumerate()
            .filter(|&(_, b)| b)
            .map(|(i, _)| i as u32)
            .collect();
        Shape::new(board, holes)
    }

    /// `count` blocked cells of a routing problem scattered over the board by a seeded
    /// generator: 2 x 2 blocks and 1 x 2 pieces in turn, at least two squares apart, so that
    /// each keeps the colour counts equal. Fewer are placed when the board fills up.
    pub fn scattered(board: Board, count: usize, seed: u64) -> Shape {
        let (rows, cols) = (board.rows, board.cols);
        let mut x = seed;
        let mut next = |n: u32| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % n as u64) as u32
        };
        let mut taken = vec![false; board.area()];
        let mut holes = Vec::new();
        let (mut placed, mut tries) = (0, 0usize);
        while placed < count && tries < 64 * count + 64 {
            tries += 1;
            let (h, w) = if placed % 2 == 0 { (2, 2) } else { (1, 2) };
            if rows < h || cols < w {
                break;
            }
            let (r, c) = (next(rows - h + 1), next(cols - w + 1));
            let near = |dr: i64, dc: i64| {
                let (y, x) = (r as i64 + dr, c as i64 + dc);
                board.contains(y, x) && taken[(y as u64 * cols as u64 + x as u64) as usize]
            };
            if (-2..h as i64 + 2).any(|dr| (-2..w as i64 + 2).any(|dc| near(dr, dc))) {
                continue;
            }
            for y in r..r + h {
                for x in c..c + w {
                    taken[(y * cols + x) as usize] = true;
                    holes.push(y * cols + x);
                }
            }
            placed += 1;
        }
        holes.sort_unstable();
        Shape {
            board,
            holes: holes.into(),
            runs: None,
        }
    }

    /// A named shape sized to the board: `disc` (the squares whose centres lie within the
    /// inscribed circle), `cross` (a plus sign of arms a third of each side wide),
    /// `diamond` (the inscribed rhombus) or `frame` (a ring a quarter of the shorter side
    /// wide, at least 2).
    pub fn named(board: Board, name: &str) -> Result<Shape, ShapeError> {
        let (r, c) = (board.rows as f64, board.cols as f64);
        let inside: Box<dyn Fn(f64, f64) -> bool> = match name {
            // (y, x) is a square's centre relative to the board's centre, in squares.
            "disc" => Box::new(move |y, x| {
                let (a, b) = (r / 2.0, c / 2.0);
                (y / a).powi(2) + (x / b).powi(2) <= 1.0 + 1e-9
            }),
            "diamond" => {
                Box::new(move |y, x| y.abs() / (r / 2.0) + x.abs() / (c / 2.0) <= 1.0 + 1e-9)
            }
            "cross" => {
                let (ar, ac) = (arm(board.rows), arm(board.cols));
                Box::new(move |y, x| y.abs() <= ar / 2.0 || x.abs() <= ac / 2.0)
            }
            "frame" => {
                let w = (board.rows.min(board.cols) / 4).max(2) as f64;
                Box::new(move |y, x| r / 2.0 - y.abs() <= w || c / 2.0 - x.abs() <= w)
            }
            _ => return Err(ShapeError::UnknownName(name.to_string())),
        };
        let blocked = (0..board.area() as u32).map(|i| {
            let s = board.square(i);
            !inside(s.row as f64 + 0.5 - r / 2.0, s.col as f64 + 0.5 - c / 2.0)
        });
        Shape::from_blocked(board, blocked)
    }

    /// A `rows` x `cols` board less the blocks `(row, col, height, width)`; for tests.
    #[cfg(test)]
    pub(crate) fn with_blocks(rows: u32, cols: u32, blocks: &[(u32, u32, u32, u32)]) -> Shape {
        let b = Board::new(rows, cols).unwrap();
        let mut holes = Vec::new();
        for &(r0, c0, h, w) in blocks {
            for r in r0..r0 + h {
                holes.extend((c0..c0 + w).map(|c| b.index(crate::board::Square::new(r, c))));
            }
        }
        holes.sort_unstable();
        holes.dedup();
        Shape::new(b, holes).unwrap()
    }

    /// The rectangle.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Row-major indices of the holes, sorted.
    pub fn holes(&self) -> &[u32] {
        &self.holes
    }

    /// The runs of holes the shape was listed from (each its first square and length; sorted,
    /// joined where the floor plan's met, so apart), where it was made from a floor plan's
    /// few runs: the blocks are found from them, where from the list of holes, on one core,
    /// that read 25 MB at 10^8 squares round 10^4 macros.
    pub(crate) fn hole_runs(&self) -> Option<&[(u32, u32)]> {
        self.runs.as_deref()
    }

    /// The holes, shared rather than copied (a tour of the shape keeps them).
    pub(crate) fn shared_holes(&self) -> Arc<[u32]> {
        Arc::clone(&self.holes)
    }

    /// Whether the shape has no holes.
    pub fn is_rect(&self) -> bool {
        self.holes.is_empty()
    }

    /// Open squares.
    pub fn open_count(&self) -> usize {
        self.board.area() - self.holes.len()
    }

    /// Whether the square at `idx` is a hole.
    pub fn is_hole(&self, idx: u32) -> bool {
        self.holes.binary_search(&idx).is_ok()
    }

    /// One flag a square, row-major: true for a hole.
    pub fn blocked(&self) -> Vec<bool> {
        let mut b = vec![false; self.board.area()];
        for &h in self.holes.iter() {
            b[h as usize] = true;
        }
        b
    }

    /// The open neighbours of every square (holes get none), row-major.
    pub fn adjacency(&self) -> Vec<Vec<u32>> {
        let blocked = self.blocked();
        let mut adj = self.board.adjacency();
        for (i, a) in adj.iter_mut().enumerate() {
            if blocked[i] {
                a.clear();
            } else {
                a.retain(|&v| !blocked[v as usize]);
            }
        }
        adj
    }

    /// The shape as a text mask, `#` for holes and `.` for open squares.
    pub fn to_mask(&self) -> String {
        let blocked = self.blocked();
        let mut s = String::with_capacity(self.board.area() + self.board.rows as usize);
        for (i, &b) in blocked.iter().enumerate() {
            s.push(if b { '#' } else { '.' });
            if (i + 1) % self.board.cols as usize == 0 {
                s.push('\n');
            }
        }
        s
    }
}

/// Width of a cross's arm: a third of the side, with the side's parity so it sits centred.
fn arm(side: u32) -> f64 {
    let mut w = (side / 3).max(1);
    if (side - w) % 2 == 1 {
        w += 1;
    }
    w.min(side) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn many_holes_in_any_order_come_out_sorted_once() {
        // Past 1/64 of the board and 2^16 holes they are put in order through one bit a
        // square; the same list as sorting gives, and the lowest square off the board named.
        let board = Board::new(600, 700).unwrap();
        let mut x = 7u64;
        let holes: Vec<u32> = (0..150_000)
            .map(|_| {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((x >> 33) % 420_000) as u32
            })
            .collect();
        let mut want = holes.clone();
        want.sort_unstable();
        want.dedup();
        assert!(want.len() < holes.len());
        assert_eq!(Shape::new(board, holes.clone()).unwrap().holes(), &want[..]);
        // Runs of consecutive squares (a rectangle's rows, overlapping ones, runs over the end
        // of a row), between the scattered ones: each set at once, the same list.
        let mut runs = holes.clone();
        for (first, len) in [
            (1_000, 900),
            (1_500, 50),
            (699, 2),
            (419_990, 10),
            (30_000, 1),
        ] {
            runs.extend(first..first + len);
            runs.push(x as u32 % 420_000);
        }
        let mut want = runs.clone();
        want.sort_unstable();
        want.dedup();
        assert_eq!(Shape::new(board, runs).unwrap().holes(), &want[..]);
        let mut off = holes;
        off.extend([430_000, 420_005, 500_000]);
        assert!(matches!(
            Shape::new(board, off),
            Err(ShapeError::OffBoard { square, .. }) if square == Square::new(600, 5)
        ));
    }

    #[test]
    fn runs_give_the_shape_their_squares_give() {
        // A floor plan's rows as runs, few and many (sorted through one bit a square), in any
        // order and overlapping: the shape of every square they cover; off the board, the
        // lowest square off it named, as for a list.
        let board = Board::new(600, 700).unwrap();
        let mut x = 3u64;
        // 40 runs make a list, 2,000 long ones are listed straight from the runs sorted,
        // and 40,000 (more than one a word of the board) go through one bit a square.
        for (count, long) in [(40, 50), (2_000, 1), (40_000, 50)] {
            let runs: Vec<(u32, u32)> = (0..count)
                .map(|_| {
                    x = crate::rng::mix64(x);
                    // A run in `long` is long enough to fill whole words of the set.
                    let len = (x >> 40) as u32 % if x % long == 0 { 300 } else { 9 };
                    ((x % 419_000) as u32, len)
                })
                .collect();
            let squares: Vec<u32> = runs.iter().flat_map(|&(f, l)| f..f + l).collect();
            let mut sorted = squares.clone();
            sorted.sort_unstable();
            sorted.dedup();
            let want = Shape::new(board, squares).unwrap();
            let got = Shape::from_runs(board, &runs).unwrap();
            assert_eq!(got.holes(), &sorted[..], "{count} runs");
            assert_eq!(got, want, "{count} runs");
            // In board order already (as a floor plan's rows come), ties and empty runs
            // among them: the same shape and the same runs kept.
            let mut in_order = runs.clone();
            in_order.sort_unstable_by_key(|&(f, l)| (f, std::cmp::Reverse(l)));
            let again = Shape::from_runs(board, &in_order).unwrap();
            assert_eq!(again.holes(), &sorted[..], "{count} runs in order");
            assert_eq!(again.hole_runs(), got.hole_runs(), "{count} runs in order");
            in_order.retain(|&(_, l)| l > 0);
            let again = Shape::from_runs(board, &in_order).unwrap();
            assert_eq!(
                again.hole_runs(),
                got.hole_runs(),
                "{count} runs, none empty"
            );
            let mut off = runs.clone();
            off.extend([(419_998, 7), (430_000, 1), (0, 0)]);
            assert!(matches!(
                Shape::from_runs(board, &off),
                Err(ShapeError::OffBoard { square, .. }) if square == Square::new(600, 0)
            ));
        }
        assert!(matches!(
            Shape::from_runs(board, &[(0, 420_000)]),
            Err(ShapeError::NoSquares { .. })
        ));
    }

    #[test]
    fn masks_parse_and_print() {
        let s = Shape::parse_mask("// a comment\n#..\n. o x\n").unwrap();
        assert_eq!(s.board(), Board::new(2, 3).unwrap());
        assert_eq!(s.holes(), &[0, 5]);
        assert_eq!(s.to_mask(), "#..\n..#\n");
        assert!(matches!(
            Shape::parse_mask("..\n...\n"),
            Err(ShapeError::Ragged { line: 2, .. })
        ));
        assert!(matches!(
            Shape::parse_mask(".?\n"),
            Err(ShapeError::BadChar { ch: '?', .. })
        ));
        assert!(matches!(
            Shape::parse_mask("##\n"),
            Err(ShapeError::NoSquares { .. })
        ));
    }

    #[test]
    fn named_shapes_are_symmetric_and_open_in_the_middle() {
        for name in NAMES {
            for n in [5u32, 8, 10, 11, 30] {
                let b = Board::new(n, n).unwrap();
                let s = Shape::named(b, name).unwrap();
                let blocked = s.blocked();
                for i in 0..b.area() as u32 {
                    let q = b.square(i);
                    let mirrored = b.index(Square::new(n - 1 - q.row, n - 1 - q.col));
                    let turned = b.index(Square::new(q.col, n - 1 - q.row));
                    assert_eq!(
                        blocked[i as usize], blocked[mirrored as usize],
                        "{name} {n}"
                    );
                    assert_eq!(blocked[i as usize], blocked[turned as usize], "{name} {n}");
                }
                assert!(!s.is_rect() || name == "frame" && n <= 5, "{name} {n}");
                if name != "frame" {
                    assert!(!s.is_hole(b.index(Square::new(n / 2, n / 2))));
                }
            }
        }
        let disc = Shape::named(Board::new(10, 10).unwrap(), "disc").unwrap();
        assert_eq!(disc.open_count(), 80);
    }
}
