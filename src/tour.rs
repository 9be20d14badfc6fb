//! Tours, their verification, numbering and successor arrays.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::bits::BitSet;

mod directions;
mod fast;

pub(crate) use directions::{direction_counts, direction_shares};

/// Tours from this many squares on are built and checked on every core (with the `parallel`
/// feature): below it a thread pool costs more than it saves.
pub(crate) const PARALLEL_SQUARES: usize = 1 << 20;
use crate::board::{Board, Square};

/// Kind of tour: a closed cycle or an open path (the existence rules take it as asked for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Hamiltonian cycle: the last square is a knight's move from the first.
    Closed,
    /// A Hamiltonian path.
    Open,
}

impl Kind {
    /// `Closed` when `closed`, else `Open`.
    pub fn of(closed: bool) -> Kind {
        if closed {
            Kind::Closed
        } else {
            Kind::Open
        }
    }

    /// Whether this is a closed tour (a cycle).
    pub fn is_closed(self) -> bool {
        self == Kind::Closed
    }

    /// `closed` or `open`, as files and messages spell it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Closed => "closed",
            Kind::Open => "open",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A sub-board that a divide-and-conquer construction solved on its own before merging.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tile {
    /// Top row of the tile.
    pub row: u32,
    /// Left column of the tile.
    pub col: u32,
    /// Rows of the tile.
    pub rows: u32,
    /// Columns of the tile.
    pub cols: u32,
}

/// A knight's tour: every square once, in visiting order.
///
/// Outside this crate a `Tour` is only made by [`Tour::new`] or [`Tour::from_squares`], which
/// verify it, or by the solvers, which verify what they build: holding a `Tour` means holding
/// a checked one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tour {
    pub(crate) board: Board,
    /// Row-major linear indices (`row * cols + col`) in visiting order; 4 bytes a square.
    pub(crate) path: Vec<u32>,
    pub(crate) kind: Kind,
    pub(crate) tiles: Vec<Tile>,
    /// Row-major indices of blocked squares, sorted (empty on a plain rectangle): the shape's
    /// own list, shared.
    pub(crate) holes: std::sync::Arc<[u32]>,
    /// The piece whose moves join consecutive squares.
    pub(crate) piece: crate::piece::Piece,
}

/// The first fault found in a tour, with 1-based move numbers.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TourError {
    /// The path does not have one entry per square.
    #[error("the path has {found} squares but the {board} board has {expected}")]
    WrongLength {
        /// The board.
        board: Board,
        /// Squares on the board.
        expected: usize,
        /// Entries in the path.
        found: usize,
    },
    /// A square is outside the board.
    #[error("move {step} is {square}, which is off the {board} board")]
    OffBoard {
        /// 1-based move number.
        step: usize,
        /// The square as given.
        square: Square,
        /// The board.
        board: Board,
    },
    /// A square is visited twice.
    #[error("square {square} is visited twice, at moves {first} and {second}")]
    Repeated {
        /// The square.
        square: Square,
        /// First visit (1-based).
        first: usize,
        /// Second visit (1-based).
        second: usize,
    },
    /// A square is never visited.
    #[error("square {square} is never visited")]
    Missing {
        /// The square.
        square: Square,
    },
    /// Two consecutive squares are not a knight's move apart.
    #[error("moves {step} and {next} ({from} to {to}) are not a knight's move apart", next = step + 1)]
    NotKnightMove {
        /// 1-based number of the move before the bad step.
        step: usize,
        /// Square at `step`.
        from: Square,
        /// Square at `step + 1`.
        to: Square,
    },
    /// Two consecutive squares are not one of the piece's moves apart.
    #[error("moves {step} and {next} ({from} to {to}) are not a {piece} move apart", next = step + 1)]
    NotMove {
        /// 1-based number of the move before the bad step.
        step: usize,
        /// The piece's name.
        piece: String,
        /// Square at `step`.
        from: Square,
        /// Square at `step + 1`.
        to: Square,
    },
    /// A square of the path is blocked.
    #[error("move {step} is {square}, which is a hole")]
    OnHole {
        /// 1-based move number.
        step: usize,
        /// The square.
        square: Square,
    },
    /// The tour is marked closed but the last square does not reach the first.
    #[error("the tour is marked closed but its last square {last} is not a knight's move from its first square {first}")]
    NotClosed {
        /// Last square.
        last: Square,
        /// First square.
        first: Square,
    },
}

impl Tour {
    /// The share of the moves in each of the 8 directions, in the order of
    /// the knight's directions in ascending order (a cycle counts its closing move).
    pub fn direction_shares(&self) -> [f64; 8] {
        direction_shares(self.board, &self.path, self.is_closed(), true)
    }

    /// A tour from row-major square indices in visiting order, verified: every square once,
    /// by knight moves, and back to the start if closed. `tiles` may be empty.
    pub fn new(
        board: Board,
        path: Vec<u32>,
        kind: Kind,
        tiles: Vec<Tile>,
    ) -> Result<Tour, TourError> {
        let t = Tour {
            piece: crate::piece::Piece::KNIGHT,
            board,
            path,
            kind,
            tiles,
            holes: std::sync::Arc::default(),
        };
        t.verify()?;
        Ok(t)
    }

    /// A tour of a shaped board: every open square once, by knight moves, never a hole.
    pub fn on_shape(
        shape: &crate::shape::Shape,
        path: Vec<u32>,
        kind: Kind,
        tiles: Vec<Tile>,
    ) -> Result<Tour, TourError> {
        Tour::of_piece(shape, path, kind, tiles, crate::piece::Piece::KNIGHT)
    }

    /// A tour of `piece` on a shaped board: every open square once, by the piece's moves,
    /// never a hole.
    pub fn of_piece(
        shape: &crate::shape::Shape,
        path: Vec<u32>,
        kind: Kind,
        tiles: Vec<Tile>,
        piece: crate::piece::Piece,
    ) -> Result<Tour, TourError> {
        let t = Tour {
            piece,
            board: shape.board(),
            path,
            kind,
            tiles,
            holes: shape.shared_holes(),
        };
        t.verify()?;
        Ok(t)
    }

    /// Blocked squares (row-major indices, sorted); empty on a plain rectangle.
    pub fn holes(&self) -> &[u32] {
        &self.holes
    }

    /// The board with its holes.
    pub fn shape(&self) -> crate::shape::Shape {
        crate::shape::Shape::new(self.board, self.holes.to_vec())
            .expect("a tour's holes lie on its board and leave its path")
    }

    /// A tour from squares in visiting order, verified as [`Tour::new`] does.
    pub fn from_squares(board: Board, squares: &[Square], kind: Kind) -> Result<Tour, TourError> {
        let t = Tour::from_squares_unchecked(board, squares, kind);
        t.verify()?;
        Ok(t)
    }

    /// The board toured.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Row-major square indices (`row * cols + col`) in visiting order.
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// Whether the last square is a knight's move from the first.
    pub fn is_closed(&self) -> bool {
        self.kind.is_closed()
    }

    /// Closed cycle or open path.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The sub-boards a divide-and-conquer construction solved separately (may be empty).
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The same tour on the transposed board (rows and columns swapped), tiles included.
    pub fn transposed(self) -> Tour {
        let (r, c) = (self.board.rows, self.board.cols);
        let mut t = Tour {
            piece: self.piece,
            board: self.board.transposed(),
            path: self.path.iter().map(|&i| (i % c) * r + i / c).collect(),
            kind: self.kind,
            holes: std::sync::Arc::default(),
            tiles: self
                .tiles
                .iter()
                .map(|t| Tile {
                    row: t.col,
                    col: t.row,
                    rows: t.cols,
                    cols: t.rows,
                })
                .collect(),
        };
        let mut holes: Vec<u32> = self.holes.iter().map(|&i| (i % c) * r + i / c).collect();
        holes.sort_unstable();
        t.holes = holes.into();
        t
    }

    /// A tour of a plain rectangle from indices, without tiles (no verification: the caller
    /// verifies before output).
    pub(crate) fn unchecked(board: Board, path: Vec<u32>, kind: Kind) -> Tour {
        Tour {
            piece: crate::piece::Piece::KNIGHT,
            board,
            path,
            kind,
            tiles: Vec::new(),
            holes: std::sync::Arc::default(),
        }
    }

    /// Builds a tour from squares (no verification).
    pub(crate) fn from_squares_unchecked(board: Board, squares: &[Square], kind: Kind) -> Tour {
        Tour::unchecked(
            board,
            squares.iter().map(|&s| board.index(s)).collect(),
            kind,
        )
    }

    /// Number of squares in the path.
    pub fn len(&self) -> usize {
        self.path.len()
    }

    /// Whether the path is empty.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// The square visited at position `i` (0-based).
    pub fn square(&self, i: usize) -> Square {
        self.board.square(self.path[i])
    }

    /// Iterates over the squares in visiting order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.path.iter().map(|&i| self.board.square(i))
    }

    /// First square.
    pub fn start(&self) -> Square {
        self.square(0)
    }

    /// Last square.
    pub fn end(&self) -> Square {
        self.square(self.path.len() - 1)
    }

    /// Checks that the path visits every square once by knight moves (and returns, if closed).
    ///
    /// A fast check runs first (on every core for large tours); only a tour it rejects is
    /// walked again, in order, to name the first fault.
    pub fn verify(&self) -> Result<(), TourError> {
        if fast::is_tour(
            self.board,
            &self.path,
            self.is_closed(),
            self.piece,
            &self.holes,
        ) {
            return Ok(());
        }
        self.first_fault()
    }

    /// Whether `a` to `b` is one of the tour's piece's moves.
    fn is_move(&self, a: Square, b: Square) -> bool {
        self.piece
            .is_step(a.row.abs_diff(b.row).into(), a.col.abs_diff(b.col).into())
    }

    /// The fault of a step `from` -> `to` that is not a move (1-based `step`).
    fn not_a_move(&self, step: usize, from: Square, to: Square) -> TourError {
        if self.piece.is_knight() {
            TourError::NotKnightMove { step, from, to }
        } else {
            TourError::NotMove {
                step,
                piece: self.piece.name(),
                from,
                to,
            }
        }
    }

    /// The piece whose moves the tour makes.
    pub fn piece(&self) -> crate::piece::Piece {
        self.piece
    }

    /// The same path as a tour of `piece`, verified again.
    pub fn with_piece(mut self, piece: crate::piece::Piece) -> Result<Tour, TourError> {
        self.piece = piece;
        self.verify()?;
        Ok(self)
    }

    /// Walks the path in order and reports its first fault (`Ok` only for a valid tour).
    fn first_fault(&self) -> Result<(), TourError> {
        let board = self.board;
        let area = board.area();
        let n = area - self.holes.len();
        let cols = board.cols;
        let mut seen = BitSet::new(area);
        let mut hole = BitSet::new(area);
        for &h in self.holes.iter() {
            hole.insert(h as usize);
        }
        let mut prev: Option<Square> = None;
        for (i, &idx) in self.path.iter().enumerate() {
            if idx as usize >= area {
                return Err(TourError::OffBoard {
                    step: i + 1,
                    square: Square::new(idx / cols, idx % cols),
                    board,
                });
            }
            let sq = board.square(idx);
            if hole.contains(idx as usize) {
                return Err(TourError::OnHole {
                    step: i + 1,
                    square: sq,
                });
            }
            if let Some(p) = prev {
                if !self.is_move(p, sq) {
                    return Err(self.not_a_move(i, p, sq));
                }
            }
            if !seen.insert(idx as usize) {
                let first = self.path.iter().position(|&x| x == idx).unwrap_or(0);
                return Err(TourError::Repeated {
                    square: sq,
                    first: first + 1,
                    second: i + 1,
                });
            }
            prev = Some(sq);
        }
        if self.path.len() != n {
            if self.path.len() < n {
                if let Some(missing) = (0..area).find(|&i| !seen.contains(i) && !hole.contains(i)) {
                    if self.path.is_empty() {
                        return Err(TourError::WrongLength {
                            board,
                            expected: n,
                            found: 0,
                        });
                    }
                    return Err(TourError::Missing {
                        square: board.square(missing as u32),
                    });
                }
            }
            return Err(TourError::WrongLength {
                board,
                expected: n,
                found: self.path.len(),
            });
        }
        if self.is_closed() && n > 2 && !self.is_move(self.end(), self.start()) {
            return Err(TourError::NotClosed {
                last: self.end(),
                first: self.start(),
            });
        }
        if self.is_closed() && n <= 2 {
            // A single square has no move back to itself, and two squares' way back is the one
            // move already made: no cycle.
            return Err(TourError::NotClosed {
                last: self.start(),
                first: self.start(),
            });
        }
        Ok(())
    }

    /// Move numbers (1-based) of every square, row-major; 0 for holes.
    pub fn numbers(&self) -> Vec<u32> {
        let mut grid = vec![0u32; self.board.area()];
        for (i, &idx) in self.path.iter().enumerate() {
            grid[idx as usize] = i as u32 + 1;
        }
        grid
    }

    /// Successor of every square (row-major); the last square of an open tour and every hole
    /// map to themselves.
    pub fn successors(&self) -> Vec<u32> {
        let mut next = vec![0u32; self.board.area()];
        for &h in self.holes.iter() {
            next[h as usize] = h;
        }
        for w in self.path.windows(2) {
            next[w[0] as usize] = w[1];
        }
        if let (Some(&last), Some(&first)) = (self.path.last(), self.path.first()) {
            next[last as usize] = if self.is_closed() { first } else { last };
        }
        next
    }

    /// Rotates a closed tour so that it starts at `start`.
    pub fn rotate_to(&mut self, start: Square) {
        let idx = self.board.index(start);
        if let Some(p) = self.path.iter().position(|&x| x == idx) {
            self.path.rotate_left(p);
        }
    }

    /// Reverses the direction of travel.
    pub fn reverse(&mut self) {
        self.path.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: u32, c: u32) -> Board {
        Board::new(r, c).unwrap()
    }

    #[test]
    fn a_closed_tour_must_come_back_to_its_start() {
        // A 3x4 open knight's tour from a corner to the square below it: every step a move,
        // but as a closed tour its last square is no move from its first. The same path as a
        // wazir's fails earlier, at its first step.
        let path = vec![0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4];
        assert!(Tour::new(b(3, 4), path.clone(), Kind::Open, Vec::new()).is_ok());
        let fault = Tour::new(b(3, 4), path, Kind::Closed, Vec::new()).unwrap_err();
        assert_eq!(
            fault,
            TourError::NotClosed {
                last: Square::new(1, 0),
                first: Square::new(0, 0),
            }
        );
        // A wazir's 2x3 ring opened into a path: closed only when its ends meet again.
        let wazir = crate::piece::Piece::leaper(0, 1).unwrap();
        let ring = vec![0, 1, 2, 5, 4, 3];
        let shape = crate::shape::Shape::rect(b(2, 3));
        assert!(Tour::of_piece(&shape, ring.clone(), Kind::Closed, Vec::new(), wazir).is_ok());
        let open_ring = vec![1, 2, 5, 4, 3, 0];
        assert!(Tour::of_piece(&shape, open_ring, Kind::Closed, Vec::new(), wazir).is_ok());
        let snake = vec![0, 1, 2, 5, 4, 3]
            .into_iter()
            .rev()
            .collect::<Vec<u32>>();
        assert!(Tour::of_piece(&shape, snake, Kind::Closed, Vec::new(), wazir).is_ok());
        let line = vec![0, 3, 4, 1, 2, 5];
        let fault = Tour::of_piece(&shape, line, Kind::Closed, Vec::new(), wazir).unwrap_err();
        assert!(matches!(fault, TourError::NotClosed { .. }), "{fault:?}");
    }

    #[test]
    fn faults_name_the_move_and_the_square() {
        // 3x4: index 13 is row 3, column 1, one row past the board; the fault is at move 2.
        let off = Tour::new(b(3, 4), vec![0, 13], Kind::Open, Vec::new()).unwrap_err();
        assert_eq!(
            off,
            TourError::OffBoard {
                step: 2,
                square: Square::new(3, 1),
                board: b(3, 4),
            }
        );
        // Move 2 lands on the hole at index 6 (row 1, column 2).
        let shape = crate::shape::Shape::new(b(3, 4), vec![6]).unwrap();
        let on = Tour::on_shape(&shape, vec![0, 6], Kind::Open, Vec::new()).unwrap_err();
        assert_eq!(
            on,
            TourError::OnHole {
                step: 2,
                square: Square::new(1, 2),
            }
        );
    }

    // A 3x4 path whose eighth step is not a knight's move.
    fn broken_3x4() -> Tour {
        let sq = [
            (0, 0),
            (2, 1),
            (0, 2),
            (1, 0),
            (2, 2),
            (0, 3),
            (1, 1),
            (2, 3),
            (0, 1),
            (2, 0),
            (1, 2),
            (0, 0),
        ];
        let squares: Vec<Square> = sq.iter().map(|&(r, c)| Square::new(r, c)).collect();
        Tour::from_squares_unchecked(b(3, 4), &squares, Kind::Open)
    }

    #[test]
    fn finds_faults() {
        let t = broken_3x4();
        assert_eq!(
            t.verify(),
            Err(TourError::NotKnightMove {
                step: 8,
                from: Square::new(2, 3),
                to: Square::new(0, 1)
            })
        );
        let single = Tour::from_squares_unchecked(b(1, 1), &[Square::new(0, 0)], Kind::Open);
        assert_eq!(single.verify(), Ok(()));
        let mut closed1 = single.clone();
        closed1.kind = Kind::Closed;
        assert!(closed1.verify().is_err());
        let short = Tour::from_squares_unchecked(
            b(3, 4),
            &[Square::new(0, 0), Square::new(2, 1)],
            Kind::Open,
        );
        assert!(matches!(short.verify(), Err(TourError::Missing { .. })));
        let dup = Tour::from_squares_unchecked(
            b(3, 4),
            &[Square::new(0, 0), Square::new(2, 1), Square::new(0, 0)],
            Kind::Open,
        );
        assert_eq!(
            dup.verify(),
            Err(TourError::Repeated {
                square: Square::new(0, 0),
                first: 1,
                second: 3
            })
        );
    }

    #[test]
    fn numbers_and_successors() {
        let t = Tour {
            piece: crate::piece::Piece::KNIGHT,
            board: b(1, 1),
            path: vec![0],
            kind: Kind::Open,
            tiles: vec![],
            holes: std::sync::Arc::default(),
        };
        assert_eq!(t.numbers(), vec![1]);
        assert_eq!(t.successors(), vec![0]);
    }
}
