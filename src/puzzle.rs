//! Tour puzzles: a board with some move numbers given and the rest to be filled in so that
//! each number is one move of the puzzle's piece from the next (and, for closed tours, the last
//! from the first). The knight's puzzles are the default; the king's are Hidato, the wazir's
//! (one step up, down or sideways) Numbrix, and any leaper's work the same way.
//!
//! [`solve()`] decides by complete search whether a puzzle has none, one or several solutions;
//! [`grade`] solves by deduction alone and says which rules were needed; [`generate`] makes
//! minimal unique puzzles from random tours.

pub(crate) mod answer;
pub(crate) mod check;
pub(crate) mod generate;
mod geometry;
pub(crate) mod grade;
pub(crate) mod solver;

pub use answer::{mark, Answer, Cell, Fault, Marking, SizeMismatch};
pub use check::{check, CheckError};
pub use generate::{batch, generate, GenerateError, Generated, Spec, Target};
pub(crate) use generate::{check as check_spec, check_budget, MAX_BATCH};
pub use geometry::Geometry;
pub(crate) use geometry::UNREACHABLE;
pub use grade::{grade, grade_of, Verdict};
pub(crate) use solver::CHECK_BUDGET;
pub use solver::{solve, GaveUp, Outcome, Solutions};

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::existence::{self, NoTour};
use crate::piece::Piece;
use crate::shape::Shape;
use crate::tour::Kind;
use crate::tour::Tour;

/// Largest puzzle board: the distance table costs one byte per pair of squares.
pub(crate) const MAX_SQUARES: usize = 2500;

/// Marks an empty slot in number-to-square and square-to-number tables.
pub(crate) const NONE: u32 = u32::MAX;

/// A puzzle: a board, open or closed, and the given numbers.
///
/// Made only by [`Puzzle::new`] (or from a tour), which checks the givens, so every `Puzzle`
/// held is one whose givens are on the board, in range, distinct and not contradictory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    pub(crate) board: Board,
    pub(crate) kind: Kind,
    /// The given 1-based number on each square, row-major; 0 where blank (and on holes).
    pub(crate) grid: Vec<u32>,
    /// Row-major indices of blocked squares, sorted (empty on a plain rectangle).
    pub(crate) holes: Vec<u32>,
    /// The piece whose moves join consecutive numbers.
    pub(crate) piece: Piece,
}

/// Why a puzzle cannot be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The board is larger than puzzles allow.
    #[error("a {board} puzzle has {squares} squares; puzzles are limited to {MAX_SQUARES}")]
    TooLarge {
        /// The board.
        board: Board,
        /// Its squares.
        squares: usize,
    },
    /// No tour of the kind asked for exists on the board.
    #[error("{0}")]
    NoTour(#[from] NoTour),
    /// A given lies off the board.
    #[error("given {number} is at [{row}, {col}], off the {board} board")]
    OffBoard {
        /// The number.
        number: u32,
        /// Its row as written.
        row: u64,
        /// Its column as written.
        col: u64,
        /// The board.
        board: Board,
    },
    /// A given lies on a blocked square.
    #[error(
        "given {number} is at {square}, which is blocked; hint: numbers go on open squares only"
    )]
    OnHole {
        /// The number.
        number: u32,
        /// Where it is.
        square: Square,
    },
    /// A given number is 0 or larger than the number of squares.
    #[error("given {number} at {square} is out of range: numbers run from 1 to {max}")]
    OutOfRange {
        /// The number.
        number: u64,
        /// Where it is.
        square: Square,
        /// The largest number.
        max: usize,
    },
    /// One number is given on two squares.
    #[error("number {number} is given twice, at {first} and {second}")]
    Repeated {
        /// The number.
        number: u32,
        /// One square.
        first: Square,
        /// The other.
        second: Square,
    },
    /// One square carries two numbers.
    #[error("square {square} is given two numbers, {first} and {second}")]
    Crowded {
        /// The square.
        square: Square,
        /// One number.
        first: u32,
        /// The other.
        second: u32,
    },
    /// Two givens are further apart on the board than in the tour.
    #[error("givens {a} at {sa} and {b} at {sb} contradict each other: they are {steps} moves apart in the tour but {dist} moves apart on the board")]
    TooFar {
        /// The smaller number.
        a: u32,
        /// Its square.
        sa: Square,
        /// The larger number.
        b: u32,
        /// Its square.
        sb: Square,
        /// Moves between them in the tour.
        steps: usize,
        /// Moves between them on the board and the piece's name, as `3 knight` (or
        /// `unreachable knight`).
        dist: String,
    },
    /// Two givens sit on colours that the number of moves between them cannot join.
    #[error("givens {a} at {sa} and {b} at {sb} contradict each other: every {piece}'s move changes colour, so {steps} moves lead to a square of {wanted} colour, but they are on {found} colours", piece = Piece::leaper(leap.0, leap.1).map(|p| p.name()).unwrap_or_default(), found = if *wanted == "the same" { "different" } else { "the same" })]
    Parity {
        /// The smaller number.
        a: u32,
        /// Its square.
        sa: Square,
        /// The larger number.
        b: u32,
        /// Its square.
        sb: Square,
        /// Moves between them in the tour.
        steps: usize,
        /// "the same" or "the other" (they are on the other).
        wanted: &'static str,
        /// The piece's leap (only leapers whose moves change colour have this fault).
        leap: (u32, u32),
    },
}

/// Difficulty grades, from the deductions a logic solver needs without guessing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Forced single candidates next to given numbers.
    Easy,
    /// Distance and colour-parity reasoning from the givens.
    Medium,
    /// Chains between consecutive numbers, pairs and one-step lookahead.
    Hard,
    /// Unique, but beyond the logic solver's rules: needs trial and error.
    Expert,
}

impl Grade {
    /// The name used on the command line, in files and on worksheets.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Grade {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "easy" => Ok(Grade::Easy),
            "medium" => Ok(Grade::Medium),
            "hard" => Ok(Grade::Hard),
            "expert" => Ok(Grade::Expert),
            _ => Err(format!(
                "unknown difficulty '{s}'; hint: easy, medium or hard"
            )),
        }
    }
}

impl Puzzle {
    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The piece whose moves join consecutive numbers.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The geometry of this puzzle's board, holes and piece, which the solvers work on.
    pub fn geometry(&self) -> Geometry {
        Geometry::of_piece(&self.shape(), self.piece)
    }

    /// Whether the hidden tour is closed (its last square a move from its first).
    pub fn is_closed(&self) -> bool {
        self.kind.is_closed()
    }

    /// Closed cycle or open path: the kind of the hidden tour.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The given 1-based number on each square, row-major; 0 where blank and on holes.
    pub fn grid(&self) -> &[u32] {
        &self.grid
    }

    /// Blocked squares (row-major indices, sorted); empty on a plain rectangle.
    pub fn holes(&self) -> &[u32] {
        &self.holes
    }

    /// The board with its holes.
    pub fn shape(&self) -> Shape {
        Shape::new(self.board, self.holes.clone()).expect("a puzzle's holes lie on its board")
    }

    /// Sets up a puzzle from givens `(row, col, number)` as written in a file, checking that
    /// they are on the board, in range, not repeated, and not in plain contradiction.
    pub fn new(board: Board, kind: Kind, givens: &[(u64, u64, u64)]) -> Result<Self, PuzzleError> {
        Puzzle::on_shape(&Shape::rect(board), kind, givens)
    }

    /// Sets up a puzzle on a shaped board: as [`Puzzle::new`], with numbers running over the
    /// open squares and no given on a hole.
    pub fn on_shape(
        shape: &Shape,
        kind: Kind,
        givens: &[(u64, u64, u64)],
    ) -> Result<Self, PuzzleError> {
        Puzzle::on_shape_for(shape, Piece::KNIGHT, kind, givens)
    }

    /// Sets up a puzzle of any piece on a shaped board: as [`Puzzle::on_shape`], with
    /// distances and colours taken from `piece`'s moves.
    pub fn on_shape_for(
        shape: &Shape,
        piece: Piece,
        kind: Kind,
        givens: &[(u64, u64, u64)],
    ) -> Result<Self, PuzzleError> {
        let board = shape.board();
        if board.area() > MAX_SQUARES {
            let squares = board.area();
            return Err(PuzzleError::TooLarge { board, squares });
        }
        possible(shape, piece, kind, None, None)?;
        let squares = shape.open_count();
        let mut grid = vec![0u32; board.area()];
        let mut at = vec![NONE; squares];
        for &(row, col, number) in givens {
            if row >= board.rows as u64 || col >= board.cols as u64 {
                return Err(PuzzleError::OffBoard {
                    number: number.min(u32::MAX as u64) as u32,
                    row,
                    col,
                    board,
                });
            }
            let square = Square::new(row as u32, col as u32);
            if shape.is_hole(board.index(square)) {
                return Err(PuzzleError::OnHole {
                    number: number.min(u32::MAX as u64) as u32,
                    square,
                });
            }
            if number == 0 || number > squares as u64 {
                return Err(PuzzleError::OutOfRange {
                    number,
                    square,
                    max: squares,
                });
            }
            let (number, i) = (number as u32, board.index(square));
            if at[number as usize - 1] != NONE {
                return Err(PuzzleError::Repeated {
                    number,
                    first: board.square(at[number as usize - 1]),
                    second: square,
                });
            }
            if grid[i as usize] != 0 {
                return Err(PuzzleError::Crowded {
                    square,
                    first: grid[i as usize],
                    second: number,
                });
            }
            grid[i as usize] = number;
            at[number as usize - 1] = i;
        }
        let p = Puzzle {
            board,
            kind,
            grid,
            holes: shape.holes().to_vec(),
            piece,
        };
        p.check_pairs(&Geometry::of_piece(shape, piece))?;
        Ok(p)
    }

    /// The puzzle whose givens are `numbers` (0-based) of `tour`.
    pub fn from_tour(tour: &Tour, numbers: impl IntoIterator<Item = u32>) -> Self {
        let mut grid = vec![0u32; tour.board.area()];
        for k in numbers {
            grid[tour.path[k as usize] as usize] = k + 1;
        }
        Puzzle {
            board: tour.board,
            kind: tour.kind,
            grid,
            holes: tour.holes.to_vec(),
            piece: tour.piece,
        }
    }

    /// Number of open squares, which is the number of numbers.
    pub fn len(&self) -> usize {
        self.grid.len() - self.holes.len()
    }

    /// The givens as `(slot, 0-based number)` in `geo`'s numbering of open squares.
    pub(crate) fn slot_givens(&self, geo: &Geometry) -> Vec<(u32, u32)> {
        self.givens()
            .into_iter()
            .map(|(sq, k)| (geo.slot(sq).expect("givens lie on open squares"), k))
            .collect()
    }

    /// Whether slot `s` of `geo` is blank.
    pub(crate) fn blank_slot(&self, geo: &Geometry, s: u32) -> bool {
        self.grid[geo.cell(s) as usize] == 0
    }

    /// Whether the board has no squares (never, for a checked board).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Number of given squares.
    pub fn clues(&self) -> usize {
        self.grid.iter().filter(|&&v| v != 0).count()
    }

    /// The givens as `(square index, 0-based number)`, in number order.
    pub fn givens(&self) -> Vec<(u32, u32)> {
        let mut g: Vec<(u32, u32)> = (0..self.grid.len() as u32)
            .filter(|&i| self.grid[i as usize] != 0)
            .map(|i| (i, self.grid[i as usize] - 1))
            .collect();
        g.sort_by_key(|&(_, k)| k);
        g
    }

    /// Whether `tour` agrees with every given.
    pub fn agrees(&self, tour: &Tour) -> bool {
        tour.board == self.board
            && tour.piece == self.piece
            && tour.kind == self.kind
            && *tour.holes == *self.holes
            && tour.path.iter().enumerate().all(|(k, &sq)| {
                matches!(self.grid[sq as usize], 0) || self.grid[sq as usize] == k as u32 + 1
            })
    }

    /// Checks consecutive givens (in number order, and around the cycle if closed) against
    /// the piece's distance and (for a piece whose moves change colour) colour; by the
    /// triangle inequality that covers every pair.
    fn check_pairs(&self, geo: &Geometry) -> Result<(), PuzzleError> {
        let g = self.givens();
        let mut pairs: Vec<(Given, Given, usize)> = g
            .windows(2)
            .map(|w| (w[0], w[1], (w[1].1 - w[0].1) as usize))
            .collect();
        if self.is_closed() && g.len() >= 2 {
            let (first, last) = (g[0], g[g.len() - 1]);
            pairs.push((last, first, self.len() - (last.1 - first.1) as usize));
        }
        for ((sa, a), (sb, b), steps) in pairs {
            let d = match (geo.slot(sa), geo.slot(sb)) {
                (Some(a), Some(b)) => geo.dist(a, b),
                _ => UNREACHABLE,
            };
            let (qa, qb) = (self.board.square(sa), self.board.square(sb));
            if d as usize > steps {
                return Err(PuzzleError::TooFar {
                    a: a + 1,
                    sa: qa,
                    b: b + 1,
                    sb: qb,
                    steps,
                    dist: if d == UNREACHABLE {
                        format!("unreachable {}", self.piece)
                    } else {
                        format!("{d} {}", self.piece)
                    },
                });
            }
            let same = qa.colour() == qb.colour();
            if self.piece.alternates() && same != (steps % 2 == 0) {
                return Err(PuzzleError::Parity {
                    a: a + 1,
                    sa: qa,
                    b: b + 1,
                    sb: qb,
                    steps,
                    wanted: if steps % 2 == 0 {
                        "the same"
                    } else {
                        "the other"
                    },
                    leap: self.piece.leap().unwrap_or((1, 2)),
                });
            }
        }
        Ok(())
    }
}

/// The proofs for any piece on any shape: `Err` proves that no tour of `kind` (from `start`,
/// to `end`) exists; `Ok` means none is proved impossible (for the knight on a rectangle, and
/// wherever another piece's rules say so, that one exists).
pub(crate) fn possible(
    shape: &Shape,
    piece: Piece,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
) -> Result<(), NoTour> {
    if piece.is_knight() {
        existence::on_shape(shape, kind, start, end)
    } else if shape.is_rect() {
        existence::pieces::rule(shape.board(), piece, kind, start, end).map(|_| ())
    } else {
        existence::shaped::check_for(shape, kind, start, end, piece)
    }
}

/// A given as (square index, 0-based number).
type Given = (u32, u32);

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: u32, c: u32) -> Board {
        Board::new(r, c).unwrap()
    }

    #[test]
    fn bad_givens_are_named() {
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(8, 0, 3)]).unwrap_err();
        assert!(matches!(e, PuzzleError::OffBoard { .. }), "{e}");
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 65)]).unwrap_err();
        assert!(matches!(e, PuzzleError::OutOfRange { .. }), "{e}");
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 3), (1, 2, 3)]).unwrap_err();
        assert!(matches!(e, PuzzleError::Repeated { .. }), "{e}");
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 3), (0, 0, 4)]).unwrap_err();
        assert!(matches!(e, PuzzleError::Crowded { .. }), "{e}");
        // a8 and h1 are six moves apart, not two.
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 1), (7, 7, 3)]).unwrap_err();
        assert!(matches!(e, PuzzleError::TooFar { .. }), "{e}");
        let e = Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 1), (0, 2, 4)]).unwrap_err();
        assert!(matches!(e, PuzzleError::Parity { .. }), "{e}");
        // Closed: 1 and 64 must be a knight's move apart.
        let e = Puzzle::new(b(8, 8), Kind::Closed, &[(0, 0, 1), (0, 2, 64)]).unwrap_err();
        assert!(
            matches!(e, PuzzleError::Parity { .. } | PuzzleError::TooFar { .. }),
            "{e}"
        );
        let e = Puzzle::new(b(5, 5), Kind::Closed, &[]).unwrap_err();
        assert!(matches!(e, PuzzleError::NoTour(_)), "{e}");
        assert!(Puzzle::new(b(8, 8), Kind::Open, &[(0, 0, 1), (1, 2, 2)]).is_ok());
    }
}
