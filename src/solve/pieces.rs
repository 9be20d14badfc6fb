//! Tours of pieces other than the knight: the rules first, then the wazir's and king's grid
//! constructions in O(rows x cols) (round blocks: the wire, or any piece whose moves change
//! colour rewired from a tour of the whole board), else the complete search (which proves as
//! well as finds).

use crate::board::{Board, Square};
use crate::existence::pieces::rule;
use crate::piece::Piece;
use crate::shape::Shape;
use crate::tour::{Kind, Tour};

use super::{Method, Request, Solution, SolveError};
use crate::existence::pieces::wazir_joins;

mod lines;
use lines::{grid_cycle, snake};

/// Solves `req` (a piece other than the knight) on `shape`.
pub(super) fn solve(shape: &Shape, req: &Request) -> Result<Solution, SolveError> {
    let board = shape.board();
    if req.end.is_some() && req.kind == Kind::Closed {
        return Err(SolveError::EndOfClosed);
    }
    if !matches!(req.method, Method::Auto | Method::Search) {
        return Err(SolveError::PieceMethod {
            method: req.method,
            piece: req.piece.name(),
        });
    }
    // The rules first (a "no" ends here); then the constructions, also where no rule settles
    // the board (the king between given ends, free leapers on large boards): a tour they
    // build is verified like any other.
    if shape.is_rect() {
        rule(board, req.piece, req.kind, req.start, req.end)?;
        let built = grid_tour(board, req.piece, req.kind, req.start, req.end);
        if let Some((path, method)) = built {
            // A tiled tour keeps its tiles, for drawings that show them.
            let tiles = match method {
                Method::Tiles => super::leaper_tiles::layout(board, req.piece).unwrap_or_default(),
                _ => Vec::new(),
            };
            let tour = Tour::of_piece(shape, path, req.kind, tiles, req.piece)
                .map_err(|source| SolveError::Verify { method, source })?;
            return Ok(Solution { tour, method });
        }
    } else {
        // The routing case: macros that are whole 2x2 cells, a wire round a spanning tree.
        // A wire built and verified needs no proofs; they run where it does not apply.
        let steps = req.piece == Piece::KING || req.piece.leap() == Some((0, 1));
        let start = || {
            req.start.or_else(|| {
                (0..board.area() as u32)
                    .find(|&i| !shape.is_hole(i))
                    .map(|i| board.square(i))
            })
        };
        // Free leapers whose moves change colour (the zebra and the giraffe, whose tiles make
        // a tour of the whole board): that tour, rewired round the blocks.
        let built = if steps {
            start().and_then(|s| {
                super::wire::wire(shape, s, req.end)
                    .map(|path| (path, Method::Wire))
                    .or_else(|| {
                        rewired(shape, s, req.end, req.piece == Piece::KING)
                            .map(|path| (path, Method::Rewire))
                    })
            })
        } else if req.piece.alternates() {
            leaper_rewired(shape, req).map(|path| (path, Method::Rewire))
        } else {
            None
        };
        if let Some((path, method)) = built {
            let tour = Tour::of_piece(shape, path, req.kind, Vec::new(), req.piece)
                .map_err(|source| SolveError::Verify { method, source })?;
            return Ok(Solution { tour, method });
        }
        crate::existence::shaped::check_for(shape, req.kind, req.start, req.end, req.piece)?;
    }
    super::reserve(board)?;
    super::search_on(shape, req, Method::Search, super::Need::Tour)
}

/// A free leaper's tour round blocks: the tiles' closed tour of the whole board
/// ([`super::leaper_tiles::cycle`]) rewired round each cluster of blocks by the leaper's
/// moves, turned to begin at the start; with an end near the start (at most 6 squares), a
/// path between the two, rewired round them as well (near a block or the edge a long leap
/// may find no way: the search follows). `None` where the tiles do not cover the board, the
/// ends are farther apart, or the rewiring fails.
fn leaper_rewired(shape: &Shape, req: &Request) -> Option<Vec<u32>> {
    let board = shape.board();
    if !super::rewire::covers(shape) {
        return None;
    }
    let ends = match (req.start, req.end) {
        (Some(s), Some(t)) => Some((board.index(s), board.index(t))),
        (None, Some(_)) => return None,
        _ => None,
    };
    let base = super::leaper_tiles::cycle(board, req.piece)?;
    let mut path = super::rewire::construct_from(shape, &base, req.piece.moves(), ends)?;
    if let (None, Some(s)) = (ends, req.start) {
        let at = path.iter().position(|&q| q == board.index(s))?;
        path.rotate_left(at);
    }
    Some(path)
}

/// Positions the search may visit for the whole board's path between far ends, where the
/// rectangle's constructions miss (a fraction of a second; the shaped search follows).
const FAR_BUDGET: u64 = 1_000_000;

/// A wire round blocks that are not whole 2x2 cells: the wazir's closed tour of the whole
/// board rewired round each cluster of blocks (a wazir's tour is a king's too), turned to begin
/// at `start`; with `end`, a path between the two, rewired round them as well (ends near each
/// other), or the whole board's path between them rewired round the blocks alone (ends far
/// apart: a wazir's path, or a king's where the colours allow no wazir's).
fn rewired(shape: &Shape, start: Square, end: Option<Square>, king: bool) -> Option<Vec<u32>> {
    let board = shape.board();
    if !super::rewire::covers(shape) {
        return None;
    }
    let wazir = Piece::leaper(0, 1).ok()?;
    let ends = end.map(|t| (board.index(start), board.index(t)));
    // The whole board's path between the ends, by the rectangle's constructions (a short
    // search where they miss): a wazir's, or a king's where the colours allow no wazir's.
    let far = |(s, t): (u32, u32)| {
        let (p, q) = (board.square(s), board.square(t));
        let piece = if wazir_joins(board.rows, board.cols, p, q) {
            wazir
        } else if king {
            Piece::KING
        } else {
            return None;
        };
        let whole = |turn: Option<Turn>, budget| {
            let at = |x: Square| turn.map_or(x, |f| f(x, board));
            let req = Request {
                start: Some(at(p)),
                end: Some(at(q)),
                budget: Some(budget),
                piece,
                ..Request::new(board, Kind::Open)
            };
            let path = super::solve(&req).ok()?.tour.path;
            Some(match turn {
                Some(f) => turned_back(board, f, path),
                None => path,
            })
        };
        // A king's path may take its diagonal step beside a block, where the rewiring cannot
        // give it up: the next turn's path takes it elsewhere.
        // The rectangle's constructions first (a budget of one position stops the search at
        // once), the search last.
        std::iter::once(None)
            .chain(TURNS.map(Some))
            .map(|turn| (turn, 1))
            .chain([(None, FAR_BUDGET)])
            .filter_map(|(turn, budget)| whole(turn, budget))
            .find_map(|base| super::rewire::construct_between(shape, &base, wazir.moves(), (s, t)))
    };
    // The whole board's closed tour is built only where it is used: no ends, or near ones
    // (which fall back on the far ends' way).
    let mut path = match ends {
        Some(e) if !super::rewire::near_ends(board, e) => far(e)?,
        _ => grid_tour(board, wazir, Kind::Closed, None, None)
            .and_then(|(base, _)| super::rewire::construct_from(shape, &base, wazir.moves(), ends))
            .or_else(|| ends.and_then(far))?,
    };
    if ends.is_none() {
        let at = path.iter().position(|&q| q == board.index(start))?;
        path.rotate_left(at);
    }
    Some(path)
}

/// The wazir's and king's tours the rules promise, built row by row: a cycle turned to begin
/// at the start (and opened for an open tour), or a snake from a corner; a wazir path
/// between given ends, or from inside on an odd count, by cuts and detours; a king path
/// between given ends by a wazir path on each side of a cut and one king's step over it.
/// `None` where no construction applies or the cuts found none.
fn grid_tour(
    board: Board,
    piece: Piece,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
) -> Option<(Vec<u32>, Method)> {
    let king = piece == Piece::KING;
    let wazir = piece.leap() == Some((0, 1));
    // The wazir between given ends, or from a square a snake cannot start: cuts and detours.
    let cuts = || {
        (wazir && kind == Kind::Open)
            .then(|| wazir_ends(board, start, end))
            .flatten()
            .map(|p| (p, Method::Cuts))
    };
    if !(king || wazir) {
        // A free leaper: the tiles' cycle, turned to the start (and opened for an open tour).
        if end.is_some() {
            return None;
        }
        let mut cycle = super::leaper_tiles::cycle(board, piece)?;
        let s = board.index(start.unwrap_or(Square::new(0, 0)));
        let k = cycle.iter().position(|&q| q == s)?;
        cycle.rotate_left(k);
        return Some((cycle, Method::Tiles));
    }
    if let (true, Some(t)) = (king, end) {
        return match start {
            Some(s) => {
                between_turned(board, s, t, super::king_ends::between).map(|p| (p, Method::Cuts))
            }
            // Any start: the cycle, ending at the end.
            None if board.rows >= 2 && board.cols >= 2 => {
                let cycle = grid_cycle(board);
                let k = cycle.position(board.index(t))?;
                Some((cycle.path((k + 1) % board.area(), false), Method::Rows))
            }
            None => None,
        };
    }
    if end.is_some() {
        return cuts();
    }
    let s = board.index(start.unwrap_or(Square::new(0, 0)));
    let (m, n) = (board.rows, board.cols);
    let even = board.area() % 2 == 0;
    if m >= 2 && n >= 2 && (king || even) {
        let cycle = grid_cycle(board);
        let k = cycle.position(s)?;
        return Some((cycle.path(k, false), Method::Rows));
    }
    let last = board.index(Square::new(m - 1, n - 1));
    if kind == Kind::Open && (s == 0 || s == last) {
        // From the last square: the snake backwards.
        let path = snake(board).path(if s == last { last as usize } else { 0 }, s == last);
        return Some((path, Method::Rows));
    }
    cuts()
}

/// A wazir path between given ends by cuts and detours (`wazir_ends.rs`). With one end
/// given, the other is the first square (corners first) that the rule lets it join.
fn wazir_ends(board: Board, start: Option<Square>, end: Option<Square>) -> Option<Vec<u32>> {
    let (m, n) = (board.rows, board.cols);
    let given = start.or(end)?;
    let other = match (start, end) {
        (Some(_), Some(t)) => t,
        _ => {
            let corners =
                [(0, 0), (0, n - 1), (m - 1, 0), (m - 1, n - 1)].map(|(r, c)| Square::new(r, c));
            let all = (0..board.area() as u32).map(|i| board.square(i));
            corners
                .into_iter()
                .chain(all)
                .find(|&q| q != given && wazir_joins(m, n, given, q))?
        }
    };
    let mut path = between_turned(board, given, other, super::wazir_ends::between)?;
    if start.is_none() {
        path.reverse();
    }
    Some(path)
}

/// The board turned half round or mirrored across an axis: a square's place on it (each is
/// its own inverse).
type Turn = fn(Square, Board) -> Square;

/// The three turns other than none.
const TURNS: [Turn; 3] = [
    |x, b| Square::new(b.rows - 1 - x.row, b.cols - 1 - x.col),
    |x, b| Square::new(x.row, b.cols - 1 - x.col),
    |x, b| Square::new(b.rows - 1 - x.row, x.col),
];

/// A path on the turned board, as a path on `board`.
fn turned_back(board: Board, turn: Turn, path: Vec<u32>) -> Vec<u32> {
    path.into_iter()
        .map(|i| board.index(turn(board.square(i), board)))
        .collect()
}

/// A path from `s` to `t` by `between` (the wazir's or the king's cuts), else by the same on
/// the board turned or mirrored, turned back: the cuts miss a few pairs that they join there.
fn between_turned(
    board: Board,
    s: Square,
    t: Square,
    between: fn(Board, Square, Square) -> Option<Vec<u32>>,
) -> Option<Vec<u32>> {
    between(board, s, t).or_else(|| {
        TURNS.iter().find_map(|&turn| {
            let path = between(board, turn(s, board), turn(t, board))?;
            Some(turned_back(board, turn, path))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_cycles_are_cycles_of_the_right_piece() {
        for m in 2..12 {
            for n in 2..12 {
                let b = Board::new(m, n).unwrap();
                let c = grid_cycle(b).path(0, false);
                let wazir = Piece::leaper(0, 1).unwrap();
                let piece = if b.area() % 2 == 0 {
                    wazir
                } else {
                    Piece::KING
                };
                let shape = Shape::rect(b);
                Tour::of_piece(&shape, c, Kind::Closed, Vec::new(), piece)
                    .unwrap_or_else(|e| panic!("{m}x{n}: {e}"));
                let s = snake(b).path(0, false);
                Tour::of_piece(&shape, s, Kind::Open, Vec::new(), wazir).unwrap();
            }
        }
    }
}
