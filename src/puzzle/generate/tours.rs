//! The random tours puzzles are made from: Warnsdorff from a random square with random
//! tie-breaks (or the shaped search), then thousands of backbite moves, so tours differ in shape.

use super::*;
use crate::board::{Board, Square};
use crate::existence;
use crate::solve::{self, Method, Request};
use crate::tour::Tour;

/// A random tour of the spec's kind, from its start to its end where they are given; on a
/// shaped board, what the complete search finds (or why it found none).
pub(crate) fn random_tour(spec: &Spec, rng: &mut Rng) -> Result<Tour, GenerateError> {
    if !spec.holes.is_empty() || !spec.piece.is_knight() {
        return random_tour_on(spec, rng);
    }
    let (board, kind) = (spec.board, spec.kind);
    let n = board.area();
    let fits = |s: Square| match spec.end {
        Some(t) => existence::between(board, s, t).is_ok(),
        None => existence::check(board, kind, Some(s)).is_ok(),
    };
    let start = match (spec.start, spec.end) {
        (Some(s), _) => s,
        // Most squares can start a tour: draw until one fits (the draws of earlier versions,
        // so that a seed keeps its puzzle).
        (None, None) => loop {
            let s = board.square(rng.below(n) as u32);
            if fits(s) {
                break s;
            }
        },
        // Few squares may pair with a given end: a random order of them all always ends.
        (None, Some(_)) => {
            let mut order: Vec<u32> = (0..n as u32).collect();
            rng.shuffle(&mut order);
            order
                .into_iter()
                .map(|i| board.square(i))
                .find(|&s| fits(s))
                .expect("check() proved that some start fits")
        }
    };
    let mut req = Request::new(board, kind);
    req.start = Some(start);
    req.end = spec.end;
    req.method = if spec.end.is_some() {
        Method::Auto
    } else {
        Method::Warnsdorff
    };
    req.seed = Some(rng.next_u64());
    let mut tour = match solve::solve(&req) {
        Ok(s) => s.tour,
        Err(_) => {
            req.method = Method::Auto;
            solve::solve(&req)
                .expect("existence guarantees a tour")
                .tour
        }
    };
    vary(&mut tour, spec, rng);
    Ok(tour)
}

/// A random tour of a shaped board, or of another piece than the knight: the construction or
/// complete search from a random seed, then varied.
pub(super) fn random_tour_on(spec: &Spec, rng: &mut Rng) -> Result<Tour, GenerateError> {
    let shape = spec.shape()?;
    let mut req = Request::new(spec.board, spec.kind);
    req.piece = spec.piece;
    req.start = spec.start;
    req.end = spec.end;
    req.seed = Some(rng.next_u64());
    let mut tour = solve::solve_on(&shape, &req)?.tour;
    vary(&mut tour, spec, rng);
    Ok(tour)
}

/// Backbite moves, then for a cycle a random first square and direction (or the asked one).
pub(super) fn vary(tour: &mut Tour, spec: &Spec, rng: &mut Rng) {
    let board = spec.board;
    let n = tour.len();
    let closed = spec.kind.is_closed();
    let fixed = Fixed {
        start: spec.start.map(|s| board.index(s)),
        end: spec.end.map(|t| board.index(t)),
    };
    backbite(tour, rng, 20 * n, fixed);
    // The moves above cross tile borders, so the construction's tiles no longer describe it.
    tour.tiles.clear();
    if closed {
        // Rotate and orient the cycle at random so that 1 is not always where the solver
        // began, or put 1 where it was asked for.
        let k = match fixed.start {
            Some(s) => tour.path.iter().position(|&q| q == s).unwrap_or(0),
            None => rng.below(n),
        };
        tour.path.rotate_left(k);
        if rng.below(2) == 1 {
            tour.path.reverse();
            if fixed.start.is_some() {
                tour.path.rotate_right(1);
            }
        }
    }
    debug_assert!(tour.verify().is_ok());
}

/// The path's squares that backbite moves must keep in place.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Fixed {
    pub(super) start: Option<u32>,
    pub(super) end: Option<u32>,
}

/// Random backbite moves; a closed tour stays closed (moves that open it are continued until
/// the ends meet again, or undone). Fixed ends of an open path stay: with one fixed, only the
/// other end moves; with both, the end moves away and is walked on until it comes back.
pub(super) fn backbite(tour: &mut Tour, rng: &mut Rng, moves: usize, fixed: Fixed) {
    let board = tour.board;
    let n = tour.len();
    if n < 4 {
        return;
    }
    let closed = tour.is_closed();
    let (front_moves, back_moves) = match (closed, fixed.start, fixed.end) {
        (true, _, _) | (false, None, None) => (true, true),
        (false, Some(_), _) => (false, true),
        (false, None, Some(_)) => (true, false),
    };
    let saved = tour.path.clone();
    let mut blocked = vec![false; board.area()];
    for &h in tour.holes.iter() {
        blocked[h as usize] = true;
    }
    let mut at = vec![0u32; board.area()];
    for (i, &s) in tour.path.iter().enumerate() {
        at[s as usize] = i as u32;
    }
    let piece = tour.piece;
    let p = &mut tour.path;
    let mut step = 0usize;
    loop {
        step += 1;
        let front = match (front_moves, back_moves) {
            (true, true) => rng.below(2) == 0,
            (f, _) => f,
        };
        let end = if front { p[0] } else { p[n - 1] };
        let nbrs: Vec<_> = board
            .moves_from(tour.piece, board.square(end))
            .filter(|&t| !blocked[board.index(t) as usize])
            .collect();
        let pick = board.index(nbrs[rng.below(nbrs.len())]);
        let i = at[pick as usize] as usize;
        let (lo, hi) = if front {
            if i <= 1 {
                continue;
            }
            (0, i)
        } else {
            if i + 2 >= n {
                continue;
            }
            (i + 1, n)
        };
        p[lo..hi].reverse();
        for (j, &s) in p[lo..hi].iter().enumerate() {
            at[s as usize] = (lo + j) as u32;
        }
        let settled = if closed {
            Board::is_move(piece, board.square(p[0]), board.square(p[n - 1]))
        } else {
            fixed.start.is_none_or(|s| p[0] == s) && fixed.end.is_none_or(|t| p[n - 1] == t)
        };
        if step >= moves && settled {
            return;
        }
        if step >= moves * 4 {
            p.copy_from_slice(&saved);
            return;
        }
    }
}
