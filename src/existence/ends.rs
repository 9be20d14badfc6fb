//! Which pairs of squares an open tour can join: the rule for tours with prescribed ends.
//!
//! Necessary conditions, on every board:
//! - **Colour.** A path alternates colours. With an even number of squares its ends differ in
//!   colour; with an odd number both ends are on the majority colour, the corners' colour.
//! - **Each end alone.** Either end of a tour is the start of the reversed tour, so both ends
//!   must pass the start-square rule of [`super::open_from`] (4 x n: outer rows; 3 x n: its
//!   exception squares).
//!
//! Whether they suffice, by family (m <= n):
//! - **n x n, n >= 6**: yes (Conrad, Hindrichs, Morsy & Wegener 1994).
//! - **m >= 5, other boards**: yes except on the small boards listed in [`EXCEPTIONS`], found
//!   by exhaustive search of every pair on every board of up to 36 squares (the tests repeat
//!   it). Beyond those, the chain-of-tiles construction of `solve` joins every pair that the
//!   colour rule allows, and the property tests hold it to that: where the rule says yes, a
//!   verified tour is built.
//! - **5x5**: one end of every tour is a corner (exhaustive search: the 36 pairs of non-corner
//!   squares of the corners' colour have no tour).
//! - **3 x n and 4 x n**: decided exactly by a column-by-column search over every way a path
//!   can cross each column boundary ([`crate::solve`]'s band search), which is exhaustive for
//!   every n; the tests compare it with plain exhaustive search up to n = 12.

use crate::board::{Board, Square};

use super::NoTour;

/// Pairs (algebraic, lower row-major index first) with no tour although the colour rule
/// allows them, by board (rows x cols with rows <= cols), found by exhaustive search.
pub(crate) const EXCEPTIONS: &[(u32, u32, &str)] = &[(
    5,
    6,
    "b5-e3 c5-b3 d5-e3 e5-b3 a4-e3 b4-b3 b4-d3 b4-e2 c4-d4 c4-a3 c4-c3 c4-e3 c4-d2 d4-b3 d4-d3 \
     d4-f3 d4-c2 e4-c3 e4-e3 e4-b2 f4-b3 a3-b3 a3-d3 a3-f3 a3-c2 b3-c3 b3-e3 b3-b2 b3-d2 b3-f2 \
     b3-c1 b3-e1 c3-d3 c3-f3 c3-c2 c3-e2 d3-e3 d3-b2 d3-d2 e3-f3 e3-a2 e3-c2 e3-e2 e3-b1 e3-d1 \
     f3-d2 c2-d2",
)];

/// Whether `sq` is a corner of `board`.
fn corner(board: Board, sq: Square) -> bool {
    (sq.row == 0 || sq.row + 1 == board.rows) && (sq.col == 0 || sq.col + 1 == board.cols)
}

/// The pair as written in [`EXCEPTIONS`], in the orientation with rows <= cols.
fn listed(board: Board, s: Square, t: Square) -> bool {
    let (b, s, t) = if board.rows <= board.cols {
        (board, s, t)
    } else {
        let b = Board::new(board.cols, board.rows).expect("same area");
        (b, Square::new(s.col, s.row), Square::new(t.col, t.row))
    };
    let (lo, hi) = if b.index(s) < b.index(t) {
        (s, t)
    } else {
        (t, s)
    };
    let pair = format!("{}-{}", b.algebraic(lo), b.algebraic(hi));
    EXCEPTIONS
        .iter()
        .filter(|(r, c, _)| (*r, *c) == (b.rows, b.cols))
        .any(|(_, _, list)| list.split_whitespace().any(|p| p == pair))
}

/// Whether an open tour of `board` runs from `s` to `t`, with the reason when not. Boards 3
/// or 4 squares wide are answered by `band`, which decides them exactly.
pub(crate) fn between(
    board: Board,
    s: Square,
    t: Square,
    band: impl FnOnce() -> bool,
) -> Result<(), NoTour> {
    super::open(board)?;
    let pair = || (board.algebraic(s), board.algebraic(t));
    if s == t {
        if board.area() == 1 {
            return Ok(());
        }
        return Err(NoTour::SameEnds {
            board,
            name: board.algebraic(s),
        });
    }
    if board.area() % 2 == 0 && s.colour() == t.colour() {
        let (a, b) = pair();
        return Err(NoTour::EndsColour {
            board,
            start: a,
            end: b,
        });
    }
    super::open_from(board, s)?;
    super::open_from(board, t).map_err(|e| NoTour::AtEnd(Box::new(e)))?;
    let (m, _) = board.sides();
    let (a, b) = pair();
    let why = if m <= 4 {
        (!band()).then_some(
            "a column-by-column search of every way a tour can cross each column boundary finds none",
        )
    } else if board.sides() == (5, 5) {
        (!corner(board, s) && !corner(board, t))
            .then_some("on 5x5 every tour has a corner at one end")
    } else {
        listed(board, s, t).then_some("exhaustive search of this board finds no tour between them")
    };
    match why {
        Some(why) => Err(NoTour::Ends {
            board,
            start: a,
            end: b,
            why,
        }),
        None => Ok(()),
    }
}
