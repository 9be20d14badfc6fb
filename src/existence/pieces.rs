//! Existence for pieces other than the knight, on plain boards: the rules that settle a board
//! by theorem (a disconnected graph, colours, the wazir's and king's grids), and an honest
//! "no rule" where only a complete search can tell.

use crate::board::{Board, Square};
use crate::piece::Piece;
use crate::tour::Kind;

use super::NoTour;

/// What the rules say: a tour exists (and the constructions build it), or no rule settles it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ruling {
    /// A tour exists by theorem.
    Exists,
    /// No rule settles the board: the complete search decides.
    Unsettled,
}

/// Greatest common divisor (Euclid, as a loop).
fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The rules for `piece` (not the knight) on `board`, with the given ends.
pub(crate) fn rule(
    board: Board,
    piece: Piece,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
) -> Result<Ruling, NoTour> {
    let what = format!("{} {piece} tour", kind.name());
    let no = |why: String| {
        Err(NoTour::PieceRule {
            what: what.clone(),
            board,
            why,
        })
    };
    let area = board.area();
    if area == 1 {
        return match kind {
            Kind::Closed => Err(NoTour::Single),
            Kind::Open => Ok(Ruling::Exists),
        };
    }
    if kind == Kind::Closed && area == 2 {
        return no("two squares make no cycle: the way back is the one move already made".into());
    }
    if let (Some(s), Some(t)) = (start, end) {
        if s == t {
            return Err(NoTour::SameEnds {
                board,
                name: board.algebraic(s),
            });
        }
    }
    let (m, n) = (board.rows.min(board.cols), board.rows.max(board.cols));
    if let Some((a, b)) = piece.leap() {
        let g = gcd(a, b);
        if g > 1 {
            return no(format!(
                "every move changes the row and the column by multiples of {g}, so neighbouring squares are never joined"
            ));
        }
        if (a + b) % 2 == 0 {
            return no(
                "every move keeps the square's colour (the piece is colour-bound), so the two colours are never joined".into(),
            );
        }
        // Knuth, "Leaper graphs" (1994), Theorem 1, for r + s odd and prime to each other.
        if u64::from(n) < 2 * u64::from(b) || m < a + b {
            return no(format!(
                "the piece's graph is not connected: it needs the long side at least {} and the short side at least {} (Knuth, Leaper graphs, 1994)",
                2 * u64::from(b),
                a + b
            ));
        }
        // Every move changes colour: a cycle needs an even count, and an open path on an odd
        // count runs from the majority colour (the corners') to it.
        if kind == Kind::Closed && area % 2 == 1 {
            return no(format!(
                "every move changes colour, so a cycle needs an even number of squares, and {board} has {area}"
            ));
        }
        if kind == Kind::Open {
            let ends: Vec<Square> = start.into_iter().chain(end).collect();
            if area % 2 == 1 {
                if let Some(s) = ends.iter().find(|s| s.colour() != 0) {
                    return no(format!(
                        "every move changes colour and {board} has one square more of the corners' colour, so both ends are of that colour, which {} is not",
                        board.algebraic(*s)
                    ));
                }
            } else if ends.len() == 2 && ends[0].colour() == ends[1].colour() {
                return no(format!(
                    "every move changes colour and {board} has as many squares of each, so the ends differ in colour, which {} and {} do not",
                    board.algebraic(ends[0]),
                    board.algebraic(ends[1])
                ));
            }
        }
    }
    let line = m == 1;
    let steps = piece == Piece::KING || piece.leap() == Some((0, 1));
    if !steps {
        return Ok(Ruling::Unsettled);
    }
    // The wazir and the king on one row walk a line: only from one end to the other.
    if line {
        if kind == Kind::Closed {
            return no("a single row's squares form a line, which has no cycle".into());
        }
        let last = Square::new(board.rows - 1, board.cols - 1);
        let corner = |s: Square| s == Square::new(0, 0) || s == last;
        for s in start.into_iter().chain(end) {
            if !corner(s) {
                return no(format!(
                    "a single row's squares form a line, walked only from one end to the other, and {} is not an end",
                    board.algebraic(s)
                ));
            }
        }
        return Ok(Ruling::Exists);
    }
    // Both sides at least 2: the wazir's and the king's grids have a cycle through every
    // square when it alternates evenly (the wazir: an even count; the king: always), and a
    // path from every square the colours allow. Given both ends, the search decides.
    if end.is_some() {
        return Ok(Ruling::Unsettled);
    }
    Ok(Ruling::Exists)
}
