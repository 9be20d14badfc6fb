//! Warnsdorff's rule: move to the square with the fewest onward moves, backtracking when stuck.

use super::search::{search, Order, SearchConfig, SearchOutcome, TieBreak};
use super::{start_of, Method, Request, SolveError};
use crate::tour::Kind;
use crate::tour::Tour;

/// Nodes one attempt may visit: the tour itself plus room to back out of a few dead ends.
fn attempt_budget(area: usize) -> u64 {
    area as u64 * 4 + 200_000
}

fn run(req: &Request, tie: TieBreak, budget: u64) -> Result<Tour, SearchOutcome> {
    let board = req.board;
    let closed = req.kind == Kind::Closed;
    let cfg = SearchConfig {
        closed,
        order: Order::Warnsdorff(tie),
        prune: true,
        budget,
    };
    match search(board, board.index(start_of(req)), cfg) {
        SearchOutcome::Found(path) => Ok(Tour::unchecked(board, path, Kind::of(closed))),
        other => Err(other),
    }
}

/// The tie-breaks tried in turn: the seed's own first, then fixed fallbacks.
fn tie_breaks(seed: Option<u64>) -> Vec<TieBreak> {
    let mut v = Vec::new();
    if let Some(s) = seed {
        v.push(TieBreak::Random(s));
    }
    v.push(TieBreak::FarFromCentre);
    v.push(TieBreak::MoveOrder);
    let base = seed.unwrap_or(0);
    v.extend((1..=6).map(|k| TieBreak::Random(base.wrapping_add(k * 0x51_7CC1))));
    v
}

/// Warnsdorff with backtracking; tries several tie-breaks, each with a bounded budget.
pub fn solve(req: &Request) -> Result<Tour, SolveError> {
    let area = req.board.area();
    let budget = req.budget.unwrap_or_else(|| attempt_budget(area));
    let mut spent = 0u64;
    for tie in tie_breaks(req.seed) {
        match run(req, tie, budget) {
            Ok(t) => return Ok(t),
            Err(SearchOutcome::Exhausted) => {
                return Err(SolveError::Exhausted {
                    method: Method::Warnsdorff,
                    board: req.board,
                })
            }
            Err(_) => spent += budget,
        }
    }
    Err(SolveError::Budget {
        method: Method::Warnsdorff,
        board: req.board,
        budget: spent,
    })
}
