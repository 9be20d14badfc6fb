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
    // path from every square the colours allow (from one end or to it: the same paths).
    match (start, end) {
        // No theorem here for the king between two given squares: the search decides.
        (Some(_), Some(_)) if piece == Piece::KING => Ok(Ruling::Unsettled),
        (Some(s), Some(t)) => wazir_between(board, s, t).map_or(Ok(Ruling::Exists), no),
        _ => Ok(Ruling::Exists),
    }
}

/// Itai, Papadimitriou and Szwarcfiter (1982, "Hamilton paths in grid graphs"): on a
/// rectangle with both sides at least 2, a wazir path between two squares the colours allow
/// exists unless (F2) the board is two wide and the squares are the two of one inner
/// cross-line, or (F3) it is three wide and even long, and the end of the colour of the
/// squares beside the a1-side corner lies more than one cross-line nearer that corner than the
/// other end, or in the middle line and nearer at all. Returns the reason when no path exists.
/// Checked against exact counts (`count`) of every pair on every board up to 5x6 and on 2x9,
/// 3x8 and 3x10 (`tests/pieces.rs`; once, by hand, every board up to 7x8 too).
fn wazir_between(board: Board, s: Square, t: Square) -> Option<String> {
    let (a, b) = (board.algebraic(s), board.algebraic(t));
    let corner = board.algebraic(Square::new(0, 0));
    let f3 = |x: &str, y: &str, place: &str| {
        format!(
            "on a board three squares wide and an even number long, {x} (of the colour beside the corner {corner}) lies {place} {y}: the squares on {corner}'s side cannot all be covered between them (Itai, Papadimitriou and Szwarcfiter 1982, condition F3)"
        )
    };
    let (x, y) = if (s.row + s.col) % 2 == 1 {
        (&a, &b)
    } else {
        (&b, &a)
    };
    forbidden(board.rows, board.cols, s, t).map(|f| match f {
        Forbidden::Rung => format!(
            "{a} and {b} are the two squares of one inner cross-line of a board two squares wide: a path that starts and ends there must leave it to both sides and cannot come back (Itai, Papadimitriou and Szwarcfiter 1982, condition F2)"
        ),
        Forbidden::Far => f3(x, y, &format!("more than one cross-line nearer the corner {corner} than")),
        Forbidden::Middle => f3(x, y, &format!("in the middle line and nearer the corner {corner} than")),
    })
}

/// Itai, Papadimitriou and Szwarcfiter's forbidden configurations (both sides at least 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Forbidden {
    /// F2: the two squares of one inner cross-line of a board two wide.
    Rung,
    /// F3: the end of the colour beside the corner more than one cross-line nearer it.
    Far,
    /// F3: that end in the middle line and nearer the corner at all.
    Middle,
}

/// The configuration of a `rows` x `cols` rectangle (both at least 2) that forbids a wazir
/// path from `s` to `t`, if any (the colours are checked apart).
fn forbidden(rows: u32, cols: u32, s: Square, t: Square) -> Option<Forbidden> {
    // Turned so that the cross-lines (of `short` squares) are columns along rows of `long`.
    let turn = |q: Square| {
        if rows <= cols {
            (q.row, q.col)
        } else {
            (q.col, q.row)
        }
    };
    let (short, long) = (rows.min(cols), rows.max(cols));
    let ((sr, sc), (tr, tc)) = (turn(s), turn(t));
    if short == 2 && sc == tc && sc > 0 && sc + 1 < long {
        return Some(Forbidden::Rung);
    }
    if short == 3 && long % 2 == 0 {
        // x: the end of the colour of the squares beside the corner at (0, 0).
        let ((xr, xc), yc) = if (sr + sc) % 2 == 1 {
            ((sr, sc), tc)
        } else {
            ((tr, tc), sc)
        };
        if xc + 1 < yc {
            return Some(Forbidden::Far);
        }
        if xr == 1 && xc < yc {
            return Some(Forbidden::Middle);
        }
    }
    None
}

/// Whether a wazir path through every square of a `rows` x `cols` rectangle runs from `s` to
/// `t` (squares in the rectangle's own coordinates): the colours, a line's ends, and
/// Itai, Papadimitriou and Szwarcfiter's conditions. One square joins itself.
pub(crate) fn wazir_joins(rows: u32, cols: u32, s: Square, t: Square) -> bool {
    let area = rows as u64 * cols as u64;
    if area == 1 || s == t {
        return area == 1;
    }
    let colours_fit = if area % 2 == 0 {
        s.colour() != t.colour()
    } else {
        s.colour() == 0 && t.colour() == 0
    };
    if !colours_fit {
        return false;
    }
    if rows == 1 || cols == 1 {
        let last = Square::new(rows - 1, cols - 1);
        let end = |q: Square| q == Square::new(0, 0) || q == last;
        return end(s) && end(t);
    }
    forbidden(rows, cols, s, t).is_none()
}
