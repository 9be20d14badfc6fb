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
//! - **Shared corner moves (5 x n).** A corner has two moves, so a tour uses both unless the
//!   corner is an end. On a board 5 wide the two corners of a short side both move to one
//!   square (b3 on 5 x n). If that square is an end it keeps one move, so one corner loses a
//!   move and must be the other end. This explains every exception on 5x8, found by the
//!   column search of `band` (which runs to 5 wide in the tests).
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

/// The two corners that both move to `sq`, if there are two (only on boards 5 or 3 wide).
fn shared_corners(board: Board, sq: Square) -> Option<(Square, Square)> {
    if board.rows < 3 || board.cols < 3 {
        return None;
    }
    let corners = [
        Square::new(0, 0),
        Square::new(0, board.cols - 1),
        Square::new(board.rows - 1, 0),
        Square::new(board.rows - 1, board.cols - 1),
    ];
    let mut near = corners
        .into_iter()
        .filter(|&c| Board::is_knight_move(c, sq));
    Some((near.next()?, near.next()?))
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
    for (x, y) in [(s, t), (t, s)] {
        if let Some((c1, c2)) = shared_corners(board, x) {
            if y != c1 && y != c2 && m >= 5 {
                let n = |q| board.algebraic(q);
                return Err(NoTour::Ends {
                    board,
                    start: a,
                    end: b,
                    why: format!(
                        "the corners {} and {} have two moves each, and both lead to {}; a tour uses both moves of a corner unless it ends there, and {} as an end keeps only one move, so the other end must be {} or {}",
                        n(c1), n(c2), n(x), n(x), n(c1), n(c2)
                    ),
                });
            }
        }
    }
    let why = if m <= 4 {
        (!band()).then(|| {
            "a column-by-column search of every way a tour can cross each column boundary finds none"
                .to_string()
        })
    } else if board.sides() == (5, 5) {
        (!corner(board, s) && !corner(board, t))
            .then(|| "on 5x5 every tour has a corner at one end".to_string())
    } else {
        listed(board, s, t)
            .then(|| "exhaustive search of this board finds no tour between them".to_string())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::existence::columns;
    use crate::solve::{ends_search, solve, Request};
    use crate::tour::Kind;

    #[test]
    fn corners_share_the_pinched_squares_on_every_side() {
        // On 5x9 the squares two corners both reach are the middle of each short side's
        // second file; every other square has at most one corner.
        let b = Board::new(5, 9).unwrap();
        let sq = Square::new;
        assert_eq!(shared_corners(b, sq(2, 1)), Some((sq(0, 0), sq(4, 0))));
        assert_eq!(shared_corners(b, sq(2, 7)), Some((sq(0, 8), sq(4, 8))));
        let shared = (0..b.area() as u32)
            .filter(|&i| shared_corners(b, b.square(i)).is_some())
            .count();
        assert_eq!(shared, 2);
        // Three wide: on 3x5 the middle square reaches all four corners (the first two are
        // named); on two rows or columns no square has two.
        let b = Board::new(3, 5).unwrap();
        assert_eq!(shared_corners(b, sq(1, 2)), Some((sq(0, 0), sq(0, 4))));
        let b = Board::new(5, 3).unwrap();
        assert_eq!(shared_corners(b, sq(2, 1)), Some((sq(0, 0), sq(0, 2))));
        for b in [Board::new(2, 5).unwrap(), Board::new(5, 2).unwrap()] {
            assert!((0..10).all(|i| shared_corners(b, b.square(i)).is_none()));
        }
    }

    /// The rule against exhaustive search: every pair the rule allows gets a verified tour;
    /// every pair it refuses by a listed exception is refuted by complete search (the colour
    /// and single-square refusals are theorems).
    fn establish(board: Board) {
        for s in 0..board.area() as u32 {
            for t in s + 1..board.area() as u32 {
                let (ss, tt) = (board.square(s), board.square(t));
                match between(board, ss, tt, || columns::feasible(board, ss, tt)) {
                    Ok(()) => {
                        let req = Request {
                            start: Some(ss),
                            end: Some(tt),
                            ..Request::new(board, Kind::Open)
                        };
                        let tour =
                            solve(&req).unwrap_or_else(|e| panic!("{board} {ss:?} {tt:?}: {e}"));
                        assert_eq!((tour.tour.start(), tour.tour.end()), (ss, tt));
                    }
                    Err(NoTour::Ends { .. }) => {
                        assert_eq!(
                            ends_search::path(board, s, t, u64::MAX),
                            Ok(None),
                            "{board} {ss:?} {tt:?}"
                        );
                    }
                    Err(_) => {}
                }
            }
        }
    }

    #[test]
    fn rule_holds_on_every_board_5_wide_up_to_36_squares() {
        for (r, c) in [(5, 5), (5, 6), (6, 5), (5, 7), (6, 6)] {
            establish(Board::new(r, c).unwrap());
        }
    }

    #[test]
    fn column_search_matches_exhaustive_search_on_3xn_and_4xn() {
        for (h, top) in [(3u32, 12u32), (4, 9)] {
            for n in 1..=top {
                let b = Board::new(h, n).unwrap();
                for s in 0..b.area() as u32 {
                    let ends = ends_search::ends_from(b, s).unwrap();
                    for t in 0..b.area() as u32 {
                        let (ss, tt) = (b.square(s), b.square(t));
                        let want = ends & (1 << t) != 0;
                        let rule = between(b, ss, tt, || columns::feasible(b, ss, tt)).is_ok();
                        assert_eq!(rule, want, "{b} {ss:?} {tt:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn shared_corner_squares_are_named() {
        let b = Board::new(5, 8).unwrap();
        let sq = |t: &str| b.parse_square(t).unwrap();
        let e = between(b, sq("b3"), sq("c3"), || true)
            .unwrap_err()
            .to_string();
        assert!(e.contains("the corners a5 and a1"), "{e}");
        assert!(between(b, sq("b3"), sq("a1"), || true).is_ok());
    }
}
