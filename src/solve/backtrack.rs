//! The tutorials' plain depth-first search: fixed move order, no ordering heuristic, no pruning.

use super::search::{search, Order, SearchConfig, SearchOutcome};
use super::{start_of, Method, Request, SolveError};
use crate::tour::Kind;
use crate::tour::Tour;

/// Default node budget: about 10 s of search on a 2-core machine of 2026 (some 11 million
/// nodes a second), so that the baseline always returns; `budget` raises it.
pub const DEFAULT_BUDGET: u64 = 110_000_000;

/// Runs the plain backtracking search.
pub fn solve(req: &Request) -> Result<Tour, SolveError> {
    let board = req.board;
    let start = board.index(start_of(req));
    let closed = req.kind == Kind::Closed;
    let budget = req.budget.unwrap_or(DEFAULT_BUDGET);
    let cfg = SearchConfig {
        closed,
        order: Order::Fixed,
        prune: false,
        budget,
    };
    match search(board, start, cfg) {
        SearchOutcome::Found(path) => Ok(Tour::unchecked(board, path, Kind::of(closed))),
        SearchOutcome::Exhausted => Err(SolveError::Exhausted {
            method: Method::Backtrack,
            board,
        }),
        SearchOutcome::Budget => Err(SolveError::Budget {
            method: Method::Backtrack,
            board,
            budget,
        }),
    }
}
