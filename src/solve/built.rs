//! The knight's constructions on shaped boards: which to try first, and the tour each builds
//! (not yet verified: the caller verifies it once and reports a fault as the construction's).

use super::{holey, rewire, Method, Request};
use crate::board::KNIGHT_DIRECTIONS;
use crate::shape::Shape;
use crate::tour::{Kind, Tile, Tour};

/// A tour of `shape` for `req` by a construction, with the method that built it; `None` where
/// none applies or succeeds. Blocks larger than 2x2 go to the rewiring first; scattered small
/// holes to the tiles, whose tours show them; small boards with small holes to none (the
/// search, whose tours they always had).
pub(super) fn on_shape(shape: &Shape, req: &Request) -> Option<(Tour, Method)> {
    let large = rewire::covers(shape) && rewire::has_large_blocks(shape);
    let (rows, cols) = shape.board().sides();
    let wide = rows.min(cols) >= holey::MIN_SIDE;
    let rewired = || rewired_on(shape, req).map(|t| (t, Method::Rewire));
    let tiled = || tiled_on(shape, req).map(|t| (t, Method::Divide));
    if large {
        rewired().or_else(tiled)
    } else if wide {
        tiled().or_else(rewired)
    } else {
        None
    }
}

/// The tiled construction of large boards with scattered holes, when it applies and succeeds:
/// a cycle (turned to begin at the start asked for), or a path when the colours allow no cycle.
fn tiled_on(shape: &Shape, req: &Request) -> Option<Tour> {
    if req.end.is_some() || !holey::covers(shape) {
        return None;
    }
    let closed = req.kind == Kind::Closed;
    let built = holey::construct(shape, closed, req.seed.unwrap_or(0))?;
    let mut path = built.path;
    if let Some(s) = req.start {
        let s = shape.board().index(s);
        let k = path.iter().position(|&q| q == s)?;
        if k != 0 && !built.cyclic {
            return None;
        }
        path.rotate_left(k);
    }
    Some(unverified(shape, path, req.kind, built.tiles))
}

/// A constructed tour of `shape`, to be verified once by the caller, which reports a fault as
/// the construction's.
fn unverified(shape: &Shape, path: Vec<u32>, kind: Kind, tiles: Vec<Tile>) -> Tour {
    Tour {
        piece: crate::piece::Piece::KNIGHT,
        board: shape.board(),
        path,
        kind,
        tiles,
        holes: shape.shared_holes(),
    }
}

/// The knight's tour round blocks by rewiring the whole board's tour, when it applies and
/// succeeds: a cycle turned to begin at the start asked for (or at the first open square), cut
/// open there for an open tour; with an end, a path between the two.
fn rewired_on(shape: &Shape, req: &Request) -> Option<Tour> {
    if !rewire::covers(shape) {
        return None;
    }
    let board = shape.board();
    let ends = match (req.start, req.end) {
        (Some(s), Some(t)) => Some((board.index(s), board.index(t))),
        (None, Some(_)) => return None,
        _ => None,
    };
    // Ends far apart: the whole board's path between them (the rectangle's construction,
    // verified), rewired round the blocks alone.
    let far = |(s, t): (u32, u32)| {
        let whole = Request {
            kind: Kind::Open,
            method: Method::Auto,
            ..*req
        };
        let base = super::solve(&whole).ok()?.tour.path;
        rewire::construct_between(shape, &base, &KNIGHT_DIRECTIONS, (s, t))
    };
    let mut path = match ends {
        Some(e) if !rewire::near_ends(board, e) => far(e)?,
        _ => rewire::construct(shape, ends).or_else(|| ends.and_then(far))?,
    };
    if let (Some(s), None) = (req.start, ends) {
        let k = path.iter().position(|&q| q == board.index(s))?;
        path.rotate_left(k);
    }
    Some(unverified(shape, path, req.kind, Vec::new()))
}
