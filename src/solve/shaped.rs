//! Complete search for tours of shaped boards: depth-first on an explicit stack, candidates in
//! Warnsdorff order (fewest onward moves first, seeded tie-breaks), with the prunings that let
//! it prove "no tour" instead of wandering:
//!
//! - an unvisited square with no way left in or out kills the branch unless it is the last;
//! - unvisited squares with one way left that are not next to the head can only be the path's
//!   end: more than one (or one that is not the end asked for, or any in a cycle) kills it;
//! - the unvisited squares must stay in one piece with the head (a breadth-first check).
//!
//! In a closed search the start counts as unvisited for its neighbours' degrees, so the
//! squares that must close the cycle are kept for last. Without a given start, an open search
//! tries the squares that must be ends (one open neighbour), else every square of the right
//! colour, in turn; the budget is shared, and only when every start is exhausted is the
//! answer "no tour".

use crate::board::Board;
use crate::piece::Piece;
use crate::shape::Shape;

use crate::rng::mix64;

/// How a search on a shape ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ShapedOutcome {
    /// A tour: row-major board indices in visiting order.
    Found(Vec<u32>),
    /// Every branch from every start was searched: no tour (positions visited).
    Exhausted(u64),
    /// The budget ran out first (positions visited).
    Budget(u64),
}

/// What to search for.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Goal {
    /// Board index of the first square, or any.
    pub start: Option<u32>,
    /// Board index of the last square (open tours), or any.
    pub end: Option<u32>,
    /// A cycle.
    pub closed: bool,
    /// Tie-break seed.
    pub seed: u64,
    /// Candidates in the fixed move order instead of Warnsdorff's.
    pub fixed_order: bool,
    /// Positions allowed.
    pub budget: u64,
    /// The piece whose moves join the squares.
    pub piece: Piece,
}

/// The open squares as a compact graph.
struct Graph {
    /// Board index of each open square.
    sq: Vec<u32>,
    /// Open neighbours (compact ids), in move order.
    adj: Vec<Vec<u32>>,
    /// Compact id of each board square (`u32::MAX` for holes).
    id: Vec<u32>,
}

impl Graph {
    fn new(shape: &Shape, piece: Piece) -> Graph {
        let board = shape.board();
        let blocked = shape.blocked();
        let mut id = vec![u32::MAX; board.area()];
        let mut sq = Vec::with_capacity(shape.open_count());
        for (i, &b) in blocked.iter().enumerate() {
            if !b {
                id[i] = sq.len() as u32;
                sq.push(i as u32);
            }
        }
        let adj = sq
            .iter()
            .map(|&i| {
                let s = board.square(i);
                piece
                    .moves()
                    .iter()
                    .filter_map(|&(dr, dc)| {
                        let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
                        if !board.contains(r, c) {
                            return None;
                        }
                        let j = id[(r as u64 * board.cols as u64 + c as u64) as usize];
                        (j != u32::MAX).then_some(j)
                    })
                    .collect()
            })
            .collect();
        Graph { sq, adj, id }
    }
}

/// Searches `shape` for a tour meeting `goal`.
pub(crate) fn search(shape: &Shape, goal: Goal) -> ShapedOutcome {
    let board = shape.board();
    let g = Graph::new(shape, goal.piece);
    let n = g.sq.len();
    let to_id = |i: u32| g.id[i as usize];
    let mut nodes = 0u64;
    if n == 1 {
        return if goal.closed || goal.end.is_some_and(|e| Some(e) != goal.start) {
            ShapedOutcome::Exhausted(0)
        } else {
            ShapedOutcome::Found(vec![g.sq[0]])
        };
    }
    // A given end alone is searched as a start, and the path turned round.
    let (first, last, turn) = match (goal.start, goal.end) {
        (None, Some(e)) => (Some(e), None, true),
        (s, e) => (s, e, false),
    };
    let starts: Vec<u32> = match first {
        Some(s) if !goal.closed => vec![to_id(s)],
        // A cycle passes every square: begin at the most constrained one, turn it later.
        _ if goal.closed => vec![(0..n as u32)
            .min_by_key(|&v| (g.adj[v as usize].len(), v))
            .expect("open squares")],
        _ => open_starts(&g, board, goal.piece),
    };
    // Warnsdorff's greedy order either runs straight through or sinks into a dead region that
    // backtracking cannot leave; short runs from fresh tie-breaks find most tours quickly.
    // Then the complete search runs with what is left of the budget, for the proof.
    // Small shapes get them too (a 6x9 board less one square has 8 x 10^10 tours, yet one
    // complete search sank 50 million positions into a dead region), with short runs and at
    // most a quarter of the budget, so the proofs that complete search gives stay in reach.
    if n > 16 && !goal.fixed_order {
        let short = if n > 64 {
            (4 * n as u64).max(20_000)
        } else {
            2_000
        };
        let share = goal.budget / 4;
        // Each run sets up arrays over the whole shape, so a small budget allows fewer runs.
        let runs = RESTARTS.min(goal.budget / n as u64);
        for k in 0..runs {
            let s = starts[k as usize % starts.len()];
            let budget = short.min(share.saturating_sub(nodes));
            if budget == 0 {
                break;
            }
            let mut run = Run::new(&g, goal.closed, last.map(to_id));
            let tried = Goal {
                seed: mix64(goal.seed ^ (k + 1)),
                ..goal
            };
            let found = run.go(s, budget, tried);
            nodes += run.nodes;
            if let Some(path) = found {
                return ShapedOutcome::Found(oriented_path(&g, path, turn, goal));
            }
        }
    }
    for &s in &starts {
        let budget = goal.budget.saturating_sub(nodes);
        let mut run = Run::new(&g, goal.closed, last.map(to_id));
        match run.go(s, budget, goal) {
            Some(path) => return ShapedOutcome::Found(oriented_path(&g, path, turn, goal)),
            None => {
                nodes += run.nodes;
                if run.out_of_budget {
                    return ShapedOutcome::Budget(nodes);
                }
            }
        }
    }
    ShapedOutcome::Exhausted(nodes)
}

/// Short randomised runs before the complete search.
const RESTARTS: u64 = 512;

/// A found path as board indices, turned round if the end was searched as the start, and a
/// cycle rotated to begin at the start asked for.
fn oriented_path(g: &Graph, path: Vec<u32>, turn: bool, goal: Goal) -> Vec<u32> {
    let mut path: Vec<u32> = path.iter().map(|&v| g.sq[v as usize]).collect();
    if turn {
        path.reverse();
    }
    if goal.closed {
        if let Some(s) = goal.start {
            let k = path.iter().position(|&q| q == s).unwrap_or(0);
            path.rotate_left(k);
        }
    }
    path
}

/// Where an open tour with no given start may begin: the squares with one neighbour if there
/// are any (each is an end), else every square of the majority colour (every square, for a
/// piece whose moves do not alternate colours), fewest neighbours first.
fn open_starts(g: &Graph, board: Board, piece: Piece) -> Vec<u32> {
    let n = g.sq.len() as u32;
    let ones: Vec<u32> = (0..n).filter(|&v| g.adj[v as usize].len() == 1).collect();
    if !ones.is_empty() {
        return ones[..1].to_vec();
    }
    let colour = |v: u32| board.square(g.sq[v as usize]).colour();
    let light = (0..n).filter(|&v| colour(v) == 0).count();
    let dark = n as usize - light;
    let mut v: Vec<u32> = (0..n)
        .filter(|&v| {
            !piece.alternates()
                || match light.cmp(&dark) {
                    std::cmp::Ordering::Greater => colour(v) == 0,
                    std::cmp::Ordering::Less => colour(v) == 1,
                    // Equal counts: every path has one end of each colour, so one colour
                    // suffices.
                    std::cmp::Ordering::Equal => colour(v) == 0,
                }
        })
        .collect();
    v.sort_by_key(|&x| (g.adj[x as usize].len(), x));
    v
}

/// One depth-first search from one start.
struct Run<'a> {
    g: &'a Graph,
    closed: bool,
    end: Option<u32>,
    visited: Vec<bool>,
    /// Unvisited neighbours (plus the start, in a closed search).
    deg: Vec<u8>,
    /// Unvisited squares by degree 0 and 1.
    low: [usize; 2],
    nodes: u64,
    out_of_budget: bool,
    /// Breadth-first scratch.
    mark: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
}

impl<'a> Run<'a> {
    fn new(g: &'a Graph, closed: bool, end: Option<u32>) -> Run<'a> {
        let n = g.sq.len();
        let deg: Vec<u8> = g.adj.iter().map(|a| a.len() as u8).collect();
        let mut low = [0; 2];
        for &d in &deg {
            if d < 2 {
                low[d as usize] += 1;
            }
        }
        Run {
            g,
            closed,
            end,
            visited: vec![false; n],
            deg,
            low,
            nodes: 0,
            out_of_budget: false,
            mark: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
        }
    }

    /// Changes `v`'s degree; only unvisited squares count towards `low`.
    fn bump(&mut self, v: u32, by: i32) {
        let counted = !self.visited[v as usize];
        let d = self.deg[v as usize];
        if counted && d < 2 {
            self.low[d as usize] -= 1;
        }
        let d = (d as i32 + by) as u8;
        self.deg[v as usize] = d;
        if counted && d < 2 {
            self.low[d as usize] += 1;
        }
    }

    /// Marks `v` visited; a closed search's start stays counted in its neighbours' degrees.
    fn visit(&mut self, v: u32, keep: bool) {
        let d = self.deg[v as usize];
        if d < 2 {
            self.low[d as usize] -= 1;
        }
        self.visited[v as usize] = true;
        if !keep {
            for i in 0..self.g.adj[v as usize].len() {
                self.bump(self.g.adj[v as usize][i], -1);
            }
        }
    }

    fn unvisit(&mut self, v: u32, keep: bool) {
        if !keep {
            for i in 0..self.g.adj[v as usize].len() {
                self.bump(self.g.adj[v as usize][i], 1);
            }
        }
        self.visited[v as usize] = false;
        let d = self.deg[v as usize];
        if d < 2 {
            self.low[d as usize] += 1;
        }
    }

    /// Whether the branch at `head` with `left` squares unvisited can still be completed.
    fn alive(&mut self, head: u32, start: u32, left: usize, check_pieces: bool) -> bool {
        if left == 0 {
            return true;
        }
        if self.closed && self.deg[start as usize] == 0 {
            return false;
        }
        // Squares next to the head have the head as one more way in.
        let (mut zero_near, mut one_near) = (0, 0);
        for &w in &self.g.adj[head as usize] {
            if !self.visited[w as usize] {
                match self.deg[w as usize] {
                    0 => zero_near += 1,
                    1 => one_near += 1,
                    _ => {}
                }
            }
        }
        if self.low[0] > zero_near || (self.low[0] > 0 && left > 1) {
            return false;
        }
        let stranded = self.low[1] - one_near;
        let end_stranded = self.end.is_some_and(|e| {
            !self.visited[e as usize]
                && self.deg[e as usize] == 1
                && !self.g.adj[head as usize].contains(&e)
        });
        let allowed = if self.closed {
            0
        } else if self.end.is_some() {
            usize::from(end_stranded)
        } else {
            1
        };
        if stranded > allowed && left > 1 {
            return false;
        }
        !check_pieces || self.connected(head, left)
    }

    /// Whether every unvisited square is reachable from the head through unvisited squares.
    fn connected(&mut self, head: u32, left: usize) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.stamp = 1;
        }
        self.queue.clear();
        self.queue.push(head);
        self.mark[head as usize] = self.stamp;
        let mut reached = 0usize;
        let mut k = 0;
        while k < self.queue.len() {
            let v = self.queue[k];
            k += 1;
            for &w in &self.g.adj[v as usize] {
                if !self.visited[w as usize] && self.mark[w as usize] != self.stamp {
                    self.mark[w as usize] = self.stamp;
                    reached += 1;
                    self.queue.push(w);
                }
            }
        }
        reached == left
    }

    /// The search proper; `None` when exhausted or out of budget (see `out_of_budget`).
    fn go(&mut self, start: u32, budget: u64, goal: Goal) -> Option<Vec<u32>> {
        let n = self.g.sq.len();
        // Breadth-first checks cost a pass over the squares, so large shapes check less often.
        let every = (n / 64).max(1) as u64;
        let closed = self.closed;
        let mut path: Vec<u32> = Vec::with_capacity(n);
        // Each depth's candidates (at most 8) and the index of the one being tried.
        let mut cands: Vec<[u32; 8]> = Vec::with_capacity(n);
        let mut count: Vec<u8> = Vec::with_capacity(n);
        let mut next: Vec<u8> = Vec::with_capacity(n);
        self.visit(start, closed);
        path.push(start);
        let mut fresh = true;
        loop {
            let head = *path.last().expect("non-empty");
            let left = n - path.len();
            if fresh {
                fresh = false;
                let done = left == 0
                    && (!closed || self.g.adj[head as usize].contains(&start))
                    && self.end.is_none_or(|e| e == head);
                if done {
                    return Some(path);
                }
                let mut c = [0u32; 8];
                let mut k = 0usize;
                let check = self.nodes % every == 0;
                if left > 0 && self.alive(head, start, left, check) {
                    for &w in &self.g.adj[head as usize] {
                        if self.visited[w as usize] || (Some(w) == self.end && left > 1) {
                            continue;
                        }
                        c[k] = w;
                        k += 1;
                    }
                    if !goal.fixed_order {
                        let key =
                            |w: u32| (self.deg[w as usize], mix64(goal.seed ^ mix64(w as u64)));
                        c[..k].sort_unstable_by_key(|&w| key(w));
                    }
                }
                cands.push(c);
                count.push(k as u8);
                next.push(0);
            }
            let d = cands.len() - 1;
            if next[d] < count[d] {
                if self.nodes >= budget {
                    self.out_of_budget = true;
                    return None;
                }
                self.nodes += 1;
                let w = cands[d][next[d] as usize];
                next[d] += 1;
                self.visit(w, false);
                path.push(w);
                fresh = true;
                continue;
            }
            // Every candidate tried: step back.
            cands.pop();
            count.pop();
            next.pop();
            let v = path.pop().expect("non-empty");
            self.unvisit(v, v == start && closed);
            if path.is_empty() {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn goal(closed: bool) -> Goal {
        Goal {
            start: None,
            end: None,
            closed,
            seed: 0,
            fixed_order: false,
            budget: u64::MAX,
            piece: Piece::KNIGHT,
        }
    }

    #[test]
    fn finds_on_holey_boards_and_proves_none_on_others() {
        let b = Board::new(8, 8).unwrap();
        let one = Shape::new(b, vec![b.index(b.parse_square("b3").unwrap())]).unwrap();
        let ShapedOutcome::Found(p) = search(&one, goal(false)) else {
            panic!()
        };
        assert_eq!(p.len(), 63);
        // 5x5 has no closed tour (odd), and with the centre out it has none either.
        let c = Shape::new(Board::new(5, 5).unwrap(), vec![12]).unwrap();
        assert!(matches!(
            search(&c, goal(true)),
            ShapedOutcome::Exhausted(_)
        ));
        // A 4x4 ring has no tour at all; the search must say so by exhaustion.
        let r = Shape::new(Board::new(4, 4).unwrap(), vec![5, 6, 9, 10]).unwrap();
        assert!(matches!(
            search(&r, goal(false)),
            ShapedOutcome::Exhausted(_)
        ));
    }
}
