//! Exact existence rules: which boards have closed or open tours, and from which squares.
//!
//! Closed tours: Schwenk (1991). An m x n board with m <= n has a closed tour unless m and n are
//! both odd, m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.
//!
//! Open tours: Cull & De Curtins (1978), Conrad et al. (1994). With m <= n an open tour exists
//! exactly on 1x1, 3x4, 3 x n for n >= 7, 4 x n for n >= 5 and every board with m >= 5.
//!
//! Start squares of open tours (every square of a board with a closed tour works, by cutting
//! the cycle there):
//! - Odd area: a path alternates colours, so it has one more square of its first colour than
//!   of the other; the corners' colour is the majority, so both ends are on it.
//! - 4 x n: every square of an outer row has all its moves into the two inner rows, and there
//!   are as many outer squares as inner ones. If the path strictly alternated outer and inner,
//!   every outer square would sit at a position of one parity and so have one colour, but the
//!   outer rows hold both colours. So some two inner squares are adjacent in the path, which
//!   with equal counts forces both ends onto outer rows.
//! - 3 x n: 3x4 tours start only in the two end columns; 3x7 not from the centre; 3x8 not from
//!   the middle-row squares third from either end. These exceptions were found, and every other
//!   square of 3 x n (n <= 14) confirmed, by exhaustive search; the tests repeat that search.
//!   For n >= 9 every square allowed by colour is a start: the divide solver constructs one.

pub(crate) mod columns;
mod ends;
pub(crate) mod pieces;
pub(crate) mod shaped;

use thiserror::Error;

use crate::board::{Board, Square};
/// The kind of tour a rule answers for (it lives with tours; named here too, where the rules are).
pub use crate::tour::Kind;

/// Why no tour of the kind asked for exists.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NoTour {
    /// A 1x1 board has no closed tour.
    #[error("no closed tour on 1x1: a single square has no move to return by")]
    Single,
    /// One side is 1 (and the other longer).
    #[error("no tour on {0}: a knight on a board one square wide has no move at all")]
    OneWide(Board),
    /// One side is 2.
    #[error("no tour on {0}: on a board two squares wide the knight's moves fall apart into separate chains, so no single path covers it")]
    TwoWide(Board),
    /// Both sides odd: no closed tour.
    #[error("no closed tour on {0}: both sides are odd, so the board has an odd number of squares and a cycle cannot alternate colours")]
    BothOdd(Board),
    /// 4 x n: no closed tour.
    #[error("no closed tour on {0}: on a 4-row board outer-row squares lead only to the inner rows, so a cycle would alternate outer and inner squares and put every outer square on one colour, but the outer rows hold both colours (Schwenk 1991)")]
    FourWide(Board),
    /// 3 x 4, 3 x 6, 3 x 8: no closed tour.
    #[error("no closed tour on {0}: 3x4, 3x6 and 3x8 are the exceptions of Schwenk's theorem (exhaustive search finds no cycle)")]
    ThreeShort(Board),
    /// 3x3, 3x5, 3x6, 4x4: no open tour.
    #[error("no tour on {0}: exhaustive search finds none (3x3 cannot reach its centre; 3x5, 3x6 and 4x4 are the small exceptions of Conrad et al. 1994)")]
    SmallOpen(Board),
    /// The start square has the wrong colour.
    #[error("no open tour of {board} from {name}: the board has an odd number of squares, so a tour starts and ends on the corners' colour, and {name} is the other colour; hint: start on a square like a1")]
    WrongColour {
        /// The board.
        board: Board,
        /// The square's name.
        name: String,
    },
    /// The start square is on an inner row of a 4-wide board.
    #[error("no open tour of {board} from {name}: on a board 4 squares wide every tour starts and ends on an outer row or column, and {name} is on an inner one")]
    FourInner {
        /// The board.
        board: Board,
        /// The square's name.
        name: String,
    },
    /// A rule for a piece other than the knight.
    #[error("no {what} on {board}: {why}")]
    PieceRule {
        /// What was asked for, e.g. "closed camel tour".
        what: String,
        /// The board.
        board: Board,
        /// Why, in words.
        why: String,
    },
    /// The start and end are the same square.
    #[error("no open tour of {board} from {name} to {name}: a tour visits every square once, so its two ends are different squares; hint: give a different --end")]
    SameEnds {
        /// The board.
        board: Board,
        /// The square's name.
        name: String,
    },
    /// Both ends have one colour on a board with an even number of squares.
    #[error("no open tour of {board} from {start} to {end}: every move changes colour and the board has an even number of squares, so a tour's two ends differ in colour, but {start} and {end} are the same colour")]
    EndsColour {
        /// The board.
        board: Board,
        /// The start's name.
        start: String,
        /// The end's name.
        end: String,
    },
    /// The end square fails the start-square rule (a tour read backwards starts at its end).
    #[error("{0} (that square is the end asked for, and a tour read backwards starts at its end)")]
    AtEnd(Box<NoTour>),
    /// A pair that passes the colour and square rules but has no tour.
    #[error("no open tour of {board} from {start} to {end}: {why}")]
    Ends {
        /// The board.
        board: Board,
        /// The start's name.
        start: String,
        /// The end's name.
        end: String,
        /// Why, in words.
        why: String,
    },
    /// A shaped board fails one of the cheap proofs.
    #[error("no tour of {board} with {}: {why}", holes_text(*.holes))]
    Shaped {
        /// The rectangle.
        board: Board,
        /// Number of holes.
        holes: usize,
        /// Why, in words.
        why: String,
    },
    /// The complete search on a shaped board found nothing.
    #[error("no tour of {board} with {}: the complete search exhausted {nodes} positions without finding one", holes_text(*.holes))]
    Exhausted {
        /// The rectangle.
        board: Board,
        /// Number of holes.
        holes: usize,
        /// Positions searched.
        nodes: u64,
    },
    /// The search ran out of budget, and an exact count over every tour found none.
    #[error("no tour of {board}{}: the search ran out of budget, and an exact count of every tour over its {squares} squares (frontier dynamic programming) finds none", with_holes(*.holes))]
    Counted {
        /// The rectangle.
        board: Board,
        /// Number of holes.
        holes: usize,
        /// Squares the tours would visit.
        squares: usize,
    },
    /// A 3 x n exception square.
    #[error("no open tour of {board} from {name}: exhaustive search shows that {why}")]
    ThreeException {
        /// The board.
        board: Board,
        /// The square's name.
        name: String,
        /// Which exception.
        why: &'static str,
    },
}

/// ` with N holes` for a shaped board, nothing for a plain one.
pub(crate) fn with_holes(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(" with {}", holes_text(n))
    }
}

/// `1 hole` or `N holes`.
pub(crate) fn holes_text(n: usize) -> String {
    if n == 1 {
        "1 hole".into()
    } else {
        format!("{n} holes")
    }
}

/// Whether the board has a closed tour (Schwenk 1991), with the reason when not.
pub fn closed(board: Board) -> Result<(), NoTour> {
    let (m, n) = board.sides();
    match (m, n) {
        (1, 1) => Err(NoTour::Single),
        (1, _) => Err(NoTour::OneWide(board)),
        (2, _) => Err(NoTour::TwoWide(board)),
        _ if m % 2 == 1 && n % 2 == 1 => Err(NoTour::BothOdd(board)),
        (4, _) => Err(NoTour::FourWide(board)),
        (3, 4 | 6 | 8) => Err(NoTour::ThreeShort(board)),
        _ => Ok(()),
    }
}

/// Whether the board has an open tour at all (Conrad et al. 1994).
pub fn open(board: Board) -> Result<(), NoTour> {
    let (m, n) = board.sides();
    match (m, n) {
        (1, 1) => Ok(()),
        (1, _) => Err(NoTour::OneWide(board)),
        (2, _) => Err(NoTour::TwoWide(board)),
        (3, 3 | 5 | 6) | (4, 4) => Err(NoTour::SmallOpen(board)),
        _ => Ok(()),
    }
}

/// Whether an open tour can start at `start`, with the reason when not.
pub fn open_from(board: Board, start: Square) -> Result<(), NoTour> {
    open(board)?;
    let name = || board.algebraic(start);
    if board.area() % 2 == 1 && start.colour() != 0 {
        return Err(NoTour::WrongColour {
            board,
            name: name(),
        });
    }
    // Work in the orientation with rows as the short side.
    let (m, n) = board.sides();
    let (r, c) = if board.rows <= board.cols {
        (start.row, start.col)
    } else {
        (start.col, start.row)
    };
    if m == 4 && (r == 1 || r == 2) {
        return Err(NoTour::FourInner {
            board,
            name: name(),
        });
    }
    if m == 3 {
        let why = match n {
            4 if c == 1 || c == 2 => Some("3x4 tours start only in the two end columns"),
            7 if r == 1 && c == 3 => Some("no 3x7 tour starts in the centre"),
            8 if r == 1 && (c == 2 || c == 5) => {
                Some("no 3x8 tour starts on the middle row's third square from either end")
            }
            _ => None,
        };
        if let Some(why) = why {
            return Err(NoTour::ThreeException {
                board,
                name: name(),
                why,
            });
        }
    }
    Ok(())
}

/// Whether an open tour of `board` runs from `start` to `end`, with the reason when not: the
/// rule of [`ends`](self) for the board's family. Boards 3 or 4 squares wide are decided by
/// an exact search over the columns, which may take a moment on very long boards.
pub fn between(board: Board, start: Square, end: Square) -> Result<(), NoTour> {
    ends::between(board, start, end, || columns::feasible(board, start, end))
}

/// The start of an open tour asked for by its end alone: the top-left corner when a tour from
/// there exists, else the first corner, then square, that the rule allows.
pub(crate) fn start_for(board: Board, end: Square) -> Square {
    let (r, c) = (board.rows - 1, board.cols - 1);
    let corners = [(0, 0), (0, c), (r, 0), (r, c)].map(|(y, x)| Square::new(y, x));
    let squares = (0..board.area().min(4096) as u32).map(|i| board.square(i));
    corners
        .into_iter()
        .chain(squares)
        .find(|&s| s != end && between(board, s, end).is_ok())
        .unwrap_or(Square::new(0, 0))
}

/// The cheap proofs on a shaped board (a plain rectangle gets the theorems' exact answer):
/// `Ok` means no proof of impossibility, not that a tour exists; the complete search decides.
pub(crate) fn on_shape(
    shape: &crate::shape::Shape,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
) -> Result<(), NoTour> {
    if shape.is_rect() {
        return match (start, end) {
            (s, Some(t)) => between(
                shape.board(),
                s.unwrap_or_else(|| start_for(shape.board(), t)),
                t,
            ),
            (s, None) => check(shape.board(), kind, s),
        };
    }
    shaped::check(shape, kind, start, end)
}

/// The theorem's answer for a request: `kind` on `board`, optionally from `start`.
pub fn check(board: Board, kind: Kind, start: Option<Square>) -> Result<(), NoTour> {
    match (kind, start) {
        (Kind::Closed, _) => closed(board),
        (Kind::Open, None) => open(board),
        (Kind::Open, Some(s)) => open_from(board, s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::search::{search, Order, SearchConfig, SearchOutcome, TieBreak};

    #[test]
    fn a_shaped_board_is_named_with_its_holes() {
        // The words of a search that ran out of budget: the plain board says nothing more.
        assert_eq!(with_holes(0), "");
        assert_eq!(with_holes(1), " with 1 hole");
        assert_eq!(with_holes(3), " with 3 holes");
    }

    #[test]
    fn an_end_alone_starts_at_the_first_corner_the_rule_allows() {
        // On 3x4 no tour joins the top corners to d3 (0,3) or a3 (0,0), so the start is a
        // bottom corner: the corners are tried top-left, top-right, bottom-left, bottom-right.
        let b = Board::new(3, 4).unwrap();
        assert_eq!(start_for(b, Square::new(0, 3)), Square::new(2, 0));
        assert_eq!(start_for(b, Square::new(0, 0)), Square::new(2, 3));
        let b = Board::new(5, 5).unwrap();
        assert_eq!(start_for(b, Square::new(2, 2)), Square::new(0, 0));
    }

    fn exact(closed: bool) -> SearchConfig {
        SearchConfig {
            closed,
            order: Order::Warnsdorff(TieBreak::FarFromCentre),
            prune: true,
            budget: u64::MAX,
        }
    }

    /// Exhaustive check of the start-square rule on one board: every square.
    fn check_starts(board: Board) {
        for i in 0..board.area() as u32 {
            let sq = board.square(i);
            let found = matches!(search(board, i, exact(false)), SearchOutcome::Found(_));
            assert_eq!(
                found,
                open_from(board, sq).is_ok(),
                "{board} from {sq}: search {found}, rule {:?}",
                open_from(board, sq)
            );
        }
    }

    #[test]
    fn start_rule_matches_exhaustive_search_up_to_25_squares() {
        for r in 1..=25u32 {
            for c in 1..=25u32 {
                if r * c <= 25 {
                    check_starts(Board::new(r, c).unwrap());
                }
            }
        }
    }

    #[test]
    fn start_rule_matches_exhaustive_search_on_3xn_and_4xn() {
        for n in 1..=10 {
            check_starts(Board::new(3, n).unwrap());
            check_starts(Board::new(n, 3).unwrap());
        }
        for n in 1..=7 {
            check_starts(Board::new(4, n).unwrap());
        }
    }

    #[test]
    fn closed_rule_matches_search_on_small_boards() {
        // Exhaustive from one square (a cycle passes every square) where the search is cheap.
        for (r, c) in [
            (3, 4),
            (3, 6),
            (3, 8),
            (3, 10),
            (5, 6),
            (6, 6),
            (5, 5),
            (4, 5),
            (6, 7),
        ] {
            let b = Board::new(r, c).unwrap();
            let found = matches!(search(b, 0, exact(true)), SearchOutcome::Found(_));
            assert_eq!(found, closed(b).is_ok(), "{b}");
        }
    }

    #[test]
    fn reasons_are_plain() {
        let b = Board::new(5, 5).unwrap();
        assert_eq!(
            closed(b).unwrap_err().to_string(),
            "no closed tour on 5x5: both sides are odd, so the board has an odd number of squares and a cycle cannot alternate colours"
        );
        let b = Board::new(4, 20).unwrap();
        let e = open_from(b, b.parse_square("b2").unwrap()).unwrap_err();
        assert!(matches!(e, NoTour::FourInner { .. }), "{e}");
        assert!(open_from(b, b.parse_square("b1").unwrap()).is_ok());
    }
}
