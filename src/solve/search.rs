//! The iterative depth-first search shared by plain backtracking and Warnsdorff's rule.
//!
//! One stack entry per depth holds only the rank of the candidate being tried; a frame's sorted
//! candidate list is recomputed when the search returns to it. That keeps memory at about
//! six bytes a square, so a 1000x1000 search costs a few MB and depth never touches the call stack.

use crate::board::{Board, KNIGHT_MOVES};
use crate::rng::mix64;

/// How candidate moves are ordered at each square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The fixed order of the Java tutorial's timed run: [`KNIGHT_MOVES`] from its sixth entry round
    /// to its fifth ("from 5 to 7, then 0 to 4"; its own figure: 44 s on 8x8 from the corner).
    Fixed,
    /// Fewest onward moves first, ties broken by `tie`.
    Warnsdorff(TieBreak),
}

/// How Warnsdorff's rule breaks ties between squares with equally few onward moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// The first in [`KNIGHT_MOVES`] order.
    MoveOrder,
    /// The square farthest from the centre (Roth), then move order.
    FarFromCentre,
    /// A pseudo-random priority per square derived from the seed.
    Random(u64),
}

/// Settings of one search.
#[derive(Debug, Clone, Copy)]
pub struct SearchConfig {
    /// Require the last square to be a knight's move from the first.
    pub closed: bool,
    /// Candidate order.
    pub order: Order,
    /// Cut branches that leave an unreachable square (complete: never cuts a solution).
    pub prune: bool,
    /// Give up after visiting this many nodes (`u64::MAX`: never).
    pub budget: u64,
}

/// How a search ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SearchOutcome {
    /// A tour: linear indices in visiting order.
    Found(Vec<u32>),
    /// The whole tree was searched: no tour from this start.
    Exhausted,
    /// The node budget ran out first.
    Budget,
}

struct State {
    board: Board,
    cols: i64,
    rows: i64,
    deg: Vec<u8>,
    visited: Vec<bool>,
}

impl State {
    #[inline]
    fn for_each_neighbour(&self, idx: u32, mut f: impl FnMut(usize, u32)) {
        let r = (idx / self.board.cols) as i64;
        let c = (idx % self.board.cols) as i64;
        for (m, &(dr, dc)) in KNIGHT_MOVES.iter().enumerate() {
            let (nr, nc) = (r + dr as i64, c + dc as i64);
            if nr >= 0 && nc >= 0 && nr < self.rows && nc < self.cols {
                f(m, (nr * self.cols + nc) as u32);
            }
        }
    }

    fn visit(&mut self, idx: u32, count_as_free: bool) {
        self.visited[idx as usize] = true;
        if !count_as_free {
            let mut ns = [0u32; 8];
            let mut k = 0;
            self.for_each_neighbour(idx, |_, n| {
                ns[k] = n;
                k += 1;
            });
            for &n in &ns[..k] {
                self.deg[n as usize] -= 1;
            }
        }
    }

    fn unvisit(&mut self, idx: u32, count_as_free: bool) {
        self.visited[idx as usize] = false;
        if !count_as_free {
            let mut ns = [0u32; 8];
            let mut k = 0;
            self.for_each_neighbour(idx, |_, n| {
                ns[k] = n;
                k += 1;
            });
            for &n in &ns[..k] {
                self.deg[n as usize] += 1;
            }
        }
    }
}

/// Searches for a tour from `start` (a linear index) on `board`.
pub fn search(board: Board, start: u32, cfg: SearchConfig) -> SearchOutcome {
    let n = board.area();
    if n == 1 {
        return if cfg.closed {
            SearchOutcome::Exhausted
        } else {
            SearchOutcome::Found(vec![start])
        };
    }
    let mut st = State {
        board,
        cols: board.cols as i64,
        rows: board.rows as i64,
        deg: vec![0; n],
        visited: vec![false; n],
    };
    for i in 0..n as u32 {
        let mut d = 0u8;
        st.for_each_neighbour(i, |_, _| d += 1);
        st.deg[i as usize] = d;
    }
    let (rows_f, cols_f) = (board.rows as i64 - 1, board.cols as i64 - 1);
    let tie_key = |idx: u32| -> u64 {
        match cfg.order {
            Order::Warnsdorff(TieBreak::FarFromCentre) => {
                let r = (idx / board.cols) as i64 * 2 - rows_f;
                let c = (idx % board.cols) as i64 * 2 - cols_f;
                // Larger distance first: invert so that smaller keys come first.
                u64::MAX - (r * r + c * c) as u64
            }
            Order::Warnsdorff(TieBreak::Random(seed)) => mix64(seed ^ mix64(idx as u64)),
            _ => 0,
        }
    };

    // In a closed search the start counts as free for its neighbours, so they are saved for
    // last, and a start with no free neighbour left means the cycle can no longer close.
    let closed = cfg.closed;
    let mut path: Vec<u32> = Vec::with_capacity(n);
    let mut rank: Vec<u8> = Vec::with_capacity(n);
    st.visit(start, closed);
    path.push(start);
    rank.push(0);
    let mut nodes: u64 = 1;

    loop {
        let depth = path.len() - 1;
        if path.len() == n {
            let last = board.square(*path.last().expect("non-empty"));
            if !closed || Board::is_knight_move(last, board.square(start)) {
                return SearchOutcome::Found(path);
            }
        } else {
            let cur = path[depth];
            let remaining = n - path.len();
            // Candidates: (degree, tie key, move index, square).
            let mut cands = [(0u8, 0u64, 0usize, 0u32); 8];
            let mut k = 0;
            let mut dead = closed && st.deg[start as usize] == 0;
            st.for_each_neighbour(cur, |m, nb| {
                if !st.visited[nb as usize] {
                    let d = st.deg[nb as usize];
                    if cfg.prune && d == 0 && remaining > 1 {
                        dead = true;
                    }
                    cands[k] = (d, 0, m, nb);
                    k += 1;
                }
            });
            if !dead {
                let cands = &mut cands[..k];
                match cfg.order {
                    Order::Warnsdorff(_) => {
                        for c in cands.iter_mut() {
                            c.1 = tie_key(c.3);
                        }
                        cands.sort_unstable_by_key(|c| (c.0, c.1, c.2));
                    }
                    Order::Fixed => cands.sort_unstable_by_key(|c| (c.2 + 3) % 8),
                }
                let r = rank[depth] as usize;
                if r < k {
                    if nodes >= cfg.budget {
                        return SearchOutcome::Budget;
                    }
                    nodes += 1;
                    let next = cands[r].3;
                    st.visit(next, false);
                    path.push(next);
                    rank.push(0);
                    continue;
                }
            }
        }
        // Dead end or all candidates tried: step back.
        let back = path.pop().expect("non-empty");
        rank.pop();
        st.unvisit(back, back == start && closed);
        if path.is_empty() {
            return SearchOutcome::Exhausted;
        }
        let d = rank.len() - 1;
        rank[d] += 1;
    }
}

/// Counts all tours from `start` (directed, complete search); for small boards only.
pub(crate) fn count_from(board: Board, start: u32, closed: bool) -> u64 {
    let n = board.area();
    let mut visited = vec![false; n];
    let nbrs: Vec<Vec<u32>> = board.adjacency();
    let mut path = vec![start];
    let mut next_i = vec![0usize];
    visited[start as usize] = true;
    let mut count = 0u64;
    while let Some(&cur) = path.last() {
        if path.len() == n {
            if !closed || nbrs[cur as usize].contains(&start) {
                count += 1;
            }
        } else {
            let d = path.len() - 1;
            let i = next_i[d];
            if i < nbrs[cur as usize].len() {
                next_i[d] += 1;
                let nb = nbrs[cur as usize][i];
                if !visited[nb as usize] {
                    visited[nb as usize] = true;
                    path.push(nb);
                    next_i.push(0);
                }
                continue;
            }
        }
        let b = path.pop().expect("non-empty");
        visited[b as usize] = false;
        next_i.pop();
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn cfg(closed: bool) -> SearchConfig {
        SearchConfig {
            closed,
            order: Order::Warnsdorff(TieBreak::FarFromCentre),
            prune: true,
            budget: u64::MAX,
        }
    }

    #[test]
    fn five_by_five_has_1728_directed_open_tours() {
        let b = Board::new(5, 5).unwrap();
        let total: u64 = (0..25).map(|s| count_from(b, s, false)).sum();
        assert_eq!(total, 1728);
    }

    #[test]
    fn finds_and_exhausts() {
        let b = Board::new(5, 5).unwrap();
        assert!(matches!(search(b, 0, cfg(false)), SearchOutcome::Found(_)));
        assert_eq!(
            search(b, b.index(Square::new(0, 1)), cfg(false)),
            SearchOutcome::Exhausted
        );
        assert_eq!(search(b, 0, cfg(true)), SearchOutcome::Exhausted);
        let b6 = Board::new(6, 6).unwrap();
        assert!(matches!(search(b6, 0, cfg(true)), SearchOutcome::Found(_)));
    }
}
