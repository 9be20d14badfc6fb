//! Complete puzzle solver: counts solutions up to a limit by depth-first search.
//!
//! The search grows the runs of numbers between givens. A gap between placed numbers `a` and
//! `b` can be extended from either side; at every node the solver picks the side with the
//! fewest candidate squares (a single candidate is a forced move) and branches over them.
//! Before branching it prunes by:
//! - distance: a square for number `a + 1` must be within `b - a - 1` knight moves of `b`'s
//!   square (colour parity comes with it, since every move changes colour);
//! - windows: every empty square must fit some gap, i.e. `d(a, s) + d(s, b) <= b - a`;
//! - dead ends: an empty square needs two usable neighbours (empty, or a placed number with an
//!   unplaced neighbour number), except where it can be the first or last number of an open tour;
//! - connectivity: every region of empty squares must touch the end of some run.
//!
//! The search keeps its own stack (depth up to the number of squares), never the call stack.

use thiserror::Error;

use super::{grade, Geometry, Puzzle, NONE, UNREACHABLE};
use crate::tour::Tour;

/// What the search found, up to the limit asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solutions {
    /// No way to complete the puzzle.
    None,
    /// Exactly one (when the limit was at least 2).
    One(Tour),
    /// Two different solutions (there may be more).
    Two(Tour, Tour),
}

/// The outcome of a search, with its size.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// Solutions found.
    pub solutions: Solutions,
    /// Search nodes visited.
    pub nodes: u64,
}

/// The search ran out of budget before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("the search gave up after {nodes} nodes without an answer")]
pub struct GaveUp {
    /// Nodes visited.
    pub nodes: u64,
}

/// Default node budget when a person waits for the answer (`puzzle solve`, `verify`): about
/// 10 s of search at some 400,000 nodes a second; generated puzzles need far fewer.
pub const CHECK_BUDGET: u64 = 4_000_000;

/// Node budget of the generator's final proof for `n` squares: ample for any puzzle it makes.
pub fn default_budget(n: usize) -> u64 {
    50_000_000u64.max(n as u64 * 100_000)
}

/// Counts the solutions of `puzzle`, stopping at two, within `budget` search nodes.
///
/// A presolve by the logic solver's rules (sound deductions only) first places what it can
/// and narrows every number's candidate squares; the search then respects both.
pub fn solve(puzzle: &Puzzle, geo: &Geometry, budget: u64) -> Result<Outcome, GaveUp> {
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut search = Search::new(puzzle, geo);
    let nodes = if search.presolve(puzzle, geo) {
        search.run(2, budget, &mut found)?
    } else {
        0
    };
    let tour = |path: Vec<u32>| {
        let t = Tour {
            board: puzzle.board,
            path,
            closed: puzzle.closed,
            tiles: Vec::new(),
        };
        debug_assert!(t.verify().is_ok() && puzzle.agrees(&t));
        t
    };
    let mut it = found.into_iter();
    let solutions = match (it.next(), it.next()) {
        (None, _) => Solutions::None,
        (Some(a), None) => Solutions::One(tour(a)),
        (Some(a), Some(b)) => Solutions::Two(tour(a), tour(b)),
    };
    Ok(Outcome { solutions, nodes })
}

/// Whether `puzzle` has exactly one solution, or `None` if the budget ran out first.
pub fn is_unique(puzzle: &Puzzle, geo: &Geometry, budget: u64) -> Option<bool> {
    match solve(puzzle, geo, budget) {
        Ok(o) => Some(matches!(o.solutions, Solutions::One(_))),
        Err(_) => None,
    }
}

/// A run gap: numbers strictly between `lo` and `hi` are unplaced; `NONE` for an open end.
#[derive(Debug, Clone, Copy)]
struct Gap {
    lo: u32,
    hi: u32,
    /// Steps from `lo` to `hi` (around the cycle when closed).
    len: u32,
    /// Unplaced numbers of each colour (numbers alternate colour along the tour).
    cap: [u32; 2],
    /// Empty squares of each colour that fit this gap.
    fit: [u32; 2],
    /// Empty squares of each colour that fit this gap and no other.
    only: [u32; 2],
}

impl Gap {
    fn new(lo: u32, hi: u32, len: u32, anchor_colour: u32) -> Self {
        let m = len - 1;
        let mut cap = [0; 2];
        cap[(anchor_colour ^ 1) as usize] = m.div_ceil(2);
        cap[anchor_colour as usize] = m / 2;
        Gap {
            lo,
            hi,
            len,
            cap,
            fit: [0; 2],
            only: [0; 2],
        }
    }
}

struct Frame {
    number: u32,
    start: u32,
    end: u32,
    next: u32,
    trail: u32,
}

enum Eval {
    Solved,
    Dead,
    Branch(u32),
}

struct Search<'a> {
    geo: &'a Geometry,
    n: u32,
    closed: bool,
    pos: Vec<u32>,
    owner: Vec<u32>,
    trail: Vec<u32>,
    placed: u32,
    gaps: Vec<Gap>,
    cands: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// Candidate squares per number from the presolve (`w` words a row); empty: no filter.
    cand: Vec<u64>,
    w: usize,
}

impl<'a> Search<'a> {
    /// Applies the logic solver's deductions; false when they show there is no solution.
    fn presolve(&mut self, puzzle: &Puzzle, geo: &Geometry) -> bool {
        let Some(d) = grade::deduce(puzzle, geo) else {
            return false;
        };
        for (k, &sq) in d.placed.iter().enumerate() {
            if sq != NONE && self.pos[k] == NONE {
                if self.owner[sq as usize] != NONE {
                    return false;
                }
                self.pos[k] = sq;
                self.owner[sq as usize] = k as u32;
                self.placed += 1;
            }
        }
        // Deduced numbers next to each other must be a knight's move apart; the search only
        // checks the moves it makes itself.
        for k in 0..self.n {
            let j = self.next(k);
            if j == NONE {
                continue;
            }
            let (a, b) = (self.pos[k as usize], self.pos[j as usize]);
            if a != NONE && b != NONE && self.geo.dist(a, b) != 1 {
                return false;
            }
        }
        self.cand = d.cand;
        self.w = d.w;
        true
    }

    /// Whether the presolve left square `t` open to number `k`.
    fn allowed(&self, k: u32, t: u32) -> bool {
        self.cand.is_empty()
            || self.cand[k as usize * self.w + t as usize / 64] & (1 << (t % 64)) != 0
    }

    fn new(puzzle: &Puzzle, geo: &'a Geometry) -> Self {
        let n = puzzle.len() as u32;
        let mut s = Search {
            geo,
            n,
            closed: puzzle.closed,
            pos: vec![NONE; n as usize],
            owner: vec![NONE; n as usize],
            trail: Vec::with_capacity(n as usize),
            placed: 0,
            gaps: Vec::new(),
            cands: Vec::new(),
            seen: vec![0; n as usize],
            stamp: 0,
            queue: Vec::new(),
            cand: Vec::new(),
            w: 0,
        };
        for (sq, k) in puzzle.givens() {
            s.pos[k as usize] = sq;
            s.owner[sq as usize] = k;
            s.placed += 1;
        }
        s
    }

    fn next(&self, k: u32) -> u32 {
        if k + 1 < self.n {
            k + 1
        } else if self.closed {
            0
        } else {
            NONE
        }
    }

    fn prev(&self, k: u32) -> u32 {
        if k > 0 {
            k - 1
        } else if self.closed {
            self.n - 1
        } else {
            NONE
        }
    }

    /// Whether placed number `k` still has an unplaced neighbour number to reach.
    fn open_end(&self, k: u32) -> bool {
        let (a, b) = (self.next(k), self.prev(k));
        (a != NONE && self.pos[a as usize] == NONE) || (b != NONE && self.pos[b as usize] == NONE)
    }

    fn place(&mut self, k: u32, sq: u32) {
        self.pos[k as usize] = sq;
        self.owner[sq as usize] = k;
        self.trail.push(k);
        self.placed += 1;
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let k = self.trail.pop().expect("trail entry");
            let sq = self.pos[k as usize];
            self.owner[sq as usize] = NONE;
            self.pos[k as usize] = NONE;
            self.placed -= 1;
        }
    }

    fn run(mut self, limit: usize, budget: u64, found: &mut Vec<Vec<u32>>) -> Result<u64, GaveUp> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut nodes = 0u64;
        loop {
            nodes += 1;
            if nodes > budget {
                return Err(GaveUp { nodes: budget });
            }
            let start = self.cands.len() as u32;
            match self.evaluate() {
                Eval::Solved => {
                    found.push(self.pos.clone());
                    if found.len() >= limit {
                        return Ok(nodes);
                    }
                }
                Eval::Dead => {}
                Eval::Branch(number) => stack.push(Frame {
                    number,
                    start,
                    end: self.cands.len() as u32,
                    next: start,
                    trail: self.trail.len() as u32,
                }),
            }
            // Advance to the next untried candidate, popping exhausted frames.
            loop {
                let Some(top) = stack.last_mut() else {
                    return Ok(nodes);
                };
                let (trail, number) = (top.trail as usize, top.number);
                if top.next < top.end {
                    let sq = self.cands[top.next as usize];
                    top.next += 1;
                    self.undo_to(trail);
                    self.place(number, sq);
                    break;
                }
                let start = top.start as usize;
                stack.pop();
                self.undo_to(trail);
                self.cands.truncate(start);
            }
        }
    }

    fn collect_gaps(&mut self) {
        self.gaps.clear();
        let n = self.n;
        let first = (0..n).find(|&k| self.pos[k as usize] != NONE);
        let Some(first) = first else { return };
        let mut prev = first;
        for k in first + 1..n {
            if self.pos[k as usize] != NONE {
                if k > prev + 1 {
                    let c = self.colour(self.pos[prev as usize]);
                    self.gaps.push(Gap::new(prev, k, k - prev, c));
                }
                prev = k;
            }
        }
        if self.closed {
            let len = n - prev + first;
            if len > 1 {
                let c = self.colour(self.pos[prev as usize]);
                self.gaps.push(Gap::new(prev, first, len, c));
            }
        } else {
            if first > 0 {
                let c = self.colour(self.pos[first as usize]);
                self.gaps.push(Gap::new(NONE, first, first + 1, c));
            }
            if prev < n - 1 {
                let c = self.colour(self.pos[prev as usize]);
                self.gaps.push(Gap::new(prev, NONE, n - prev, c));
            }
        }
    }

    fn colour(&self, s: u32) -> u32 {
        self.geo.board.square(s).colour()
    }

    /// Whether empty square `s` can hold some number of gap `g`.
    fn fits(&self, g: &Gap, s: u32) -> bool {
        let geo = self.geo;
        match (g.lo, g.hi) {
            (NONE, hi) => (geo.dist(s, self.pos[hi as usize]) as u32) <= hi,
            (lo, NONE) => (geo.dist(self.pos[lo as usize], s) as u32) < self.n - lo,
            (lo, hi) => {
                let (a, b) = (
                    geo.dist(self.pos[lo as usize], s),
                    geo.dist(s, self.pos[hi as usize]),
                );
                a != UNREACHABLE && b != UNREACHABLE && a as u32 + b as u32 <= g.len
            }
        }
    }

    fn evaluate(&mut self) -> Eval {
        let n = self.n;
        if self.placed == n {
            return Eval::Solved;
        }
        if self.placed == 0 {
            // Nothing anchors the numbering: number 1 may go anywhere.
            self.cands.extend(0..n);
            return Eval::Branch(0);
        }
        self.collect_gaps();
        let geo = self.geo;
        let free_ends = if self.closed {
            0
        } else {
            (self.pos[0] == NONE) as u32 + (self.pos[n as usize - 1] == NONE) as u32
        };
        let mut ones = 0;
        // An empty square with two usable neighbours, one of them a placed number: (square,
        // forced number, that neighbour's number).
        let mut forced: Option<(u32, u32, u32)> = None;
        for s in 0..n {
            if self.owner[s as usize] != NONE {
                continue;
            }
            let mut avail = 0;
            let mut usable = [NONE; 2];
            for &t in geo.neighbours(s) {
                let o = self.owner[t as usize];
                if o == NONE || self.open_end(o) {
                    if avail < 2 {
                        usable[avail] = t;
                    }
                    avail += 1;
                }
            }
            if avail == 0 && n > 1 {
                return Eval::Dead;
            }
            if avail == 2 && free_ends == 0 && forced.is_none() {
                // Both usable neighbours must be s's neighbours in the tour, so a placed one
                // fixes s's number; two placed ones must agree.
                let mut want: Option<(u32, u32)> = None;
                for t in usable {
                    let a = self.owner[t as usize];
                    if a == NONE {
                        continue;
                    }
                    let (up, down) = (self.next(a), self.prev(a));
                    let free = |k: u32| k != NONE && self.pos[k as usize] == NONE;
                    let k = match (free(up), free(down)) {
                        (true, false) => up,
                        (false, true) => down,
                        _ => continue,
                    };
                    match want {
                        Some((w, _)) if w != k => return Eval::Dead,
                        _ => want = Some((k, a)),
                    }
                }
                if let Some((k, a)) = want {
                    forced = Some((s, k, a));
                }
            }
            if avail == 1 {
                ones += 1;
                if ones > free_ends {
                    return Eval::Dead;
                }
            }
            let c = self.colour(s) as usize;
            let (mut fits, mut last) = (0, 0);
            for gi in 0..self.gaps.len() {
                if self.fits(&self.gaps[gi], s) {
                    fits += 1;
                    last = gi;
                    self.gaps[gi].fit[c] += 1;
                }
            }
            match fits {
                0 => return Eval::Dead,
                1 => self.gaps[last].only[c] += 1,
                _ => {}
            }
        }
        // Hall's condition in its simplest forms: a gap cannot hold more squares than it has
        // numbers of that colour, nor fill its numbers with fewer squares.
        if self
            .gaps
            .iter()
            .any(|g| (0..2).any(|c| g.only[c] > g.cap[c] || g.fit[c] < g.cap[c]))
        {
            return Eval::Dead;
        }
        if !self.connected() {
            return Eval::Dead;
        }
        if let Some((s, k, a)) = forced {
            let g = self
                .gaps
                .iter()
                .find(|g| g.lo == a || g.hi == a)
                .expect("an open end borders a gap");
            let other = if g.lo == a { g.hi } else { g.lo };
            if !self.candidate(k, s, other, g.len) {
                return Eval::Dead;
            }
            self.cands.push(s);
            return Eval::Branch(k);
        }
        // The gap end with the fewest candidates.
        // (anchor square, number, placed number across the gap, gap length, candidates)
        let mut best: Option<(u32, u32, u32, u32, usize)> = None;
        for gi in 0..self.gaps.len() {
            let g = self.gaps[gi];
            for up in [true, false] {
                let (anchor, number, other) = if up {
                    if g.lo == NONE {
                        continue;
                    }
                    (g.lo, self.next(g.lo), g.hi)
                } else {
                    if g.hi == NONE {
                        continue;
                    }
                    (g.hi, self.prev(g.hi), g.lo)
                };
                let from = self.pos[anchor as usize];
                let count = geo
                    .neighbours(from)
                    .iter()
                    .filter(|&&t| self.candidate(number, t, other, g.len))
                    .count();
                if count == 0 {
                    return Eval::Dead;
                }
                if best.is_none_or(|b| (count, g.len) < (b.4, b.3)) {
                    best = Some((from, number, other, g.len, count));
                }
            }
        }
        let Some((from, number, other, len, _)) = best else {
            return Eval::Dead;
        };
        let start = self.cands.len();
        for &t in geo.neighbours(from) {
            if self.candidate(number, t, other, len) {
                self.cands.push(t);
            }
        }
        // Fewest onward moves first: finds a solution sooner; the count is unaffected.
        let owner = &self.owner;
        self.cands[start..].sort_by_key(|&t| {
            geo.neighbours(t)
                .iter()
                .filter(|&&u| owner[u as usize] == NONE)
                .count()
        });
        Eval::Branch(number)
    }

    /// Whether empty square `t`, a knight's move from one end of a gap of `len` steps, can
    /// take the next number: it must still reach the `other` end in `len - 1` moves.
    fn candidate(&self, k: u32, t: u32, other: u32, len: u32) -> bool {
        if self.owner[t as usize] != NONE || !self.allowed(k, t) {
            return false;
        }
        if other == NONE {
            return true;
        }
        (self.geo.dist(t, self.pos[other as usize]) as u32) < len
    }

    /// Whether every region of empty squares touches the end of some run.
    fn connected(&mut self) -> bool {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let geo = self.geo;
        for s in 0..self.n {
            if self.owner[s as usize] != NONE || self.seen[s as usize] == self.stamp {
                continue;
            }
            self.seen[s as usize] = self.stamp;
            self.queue.clear();
            self.queue.push(s);
            let mut touches = false;
            while let Some(u) = self.queue.pop() {
                for &t in geo.neighbours(u) {
                    let o = self.owner[t as usize];
                    if o == NONE {
                        if self.seen[t as usize] != self.stamp {
                            self.seen[t as usize] = self.stamp;
                            self.queue.push(t);
                        }
                    } else if !touches && self.open_end(o) {
                        touches = true;
                    }
                }
            }
            if !touches {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// Counts solutions (up to `limit`) by plain path search that checks givens as it goes.
    pub fn brute(p: &Puzzle, limit: usize) -> usize {
        let b = p.board;
        let n = b.area();
        let adj = b.adjacency();
        let mut at = vec![NONE; n];
        for (sq, k) in p.givens() {
            at[k as usize] = sq;
        }
        let ok = |sq: u32, k: usize| {
            (p.grid[sq as usize] == 0 && at[k] == NONE) || p.grid[sq as usize] == k as u32 + 1
        };
        let mut count = 0;
        for s in 0..n as u32 {
            if !ok(s, 0) {
                continue;
            }
            let mut path = vec![s];
            let mut used = vec![false; n];
            used[s as usize] = true;
            let mut idx = vec![0usize];
            while let Some(i) = idx.last_mut() {
                let last = *path.last().unwrap();
                if path.len() == n {
                    if !p.closed || b.adjacency()[last as usize].contains(&path[0]) {
                        count += 1;
                        if count >= limit {
                            return count;
                        }
                    }
                    idx.pop();
                    used[path.pop().unwrap() as usize] = false;
                    continue;
                }
                let nb = &adj[last as usize];
                if *i < nb.len() {
                    let t = nb[*i];
                    *i += 1;
                    if !used[t as usize] && ok(t, path.len()) {
                        used[t as usize] = true;
                        path.push(t);
                        idx.push(0);
                    }
                } else {
                    idx.pop();
                    used[path.pop().unwrap() as usize] = false;
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::existence::Kind;
    use crate::solve::{self, Method, Request};

    fn board(r: u32, c: u32) -> Board {
        Board::new(r, c).unwrap()
    }

    fn tour(b: Board, kind: Kind) -> Tour {
        let mut req = Request::new(b, kind);
        req.method = Method::Warnsdorff;
        req.seed = Some(7);
        solve::solve(&req).unwrap().tour
    }

    #[test]
    fn fully_given_is_unique_and_empty_is_not() {
        let t = tour(board(8, 8), Kind::Open);
        let geo = Geometry::new(t.board);
        let full = Puzzle::from_tour(&t, 0..64);
        let o = solve(&full, &geo, 1000).unwrap();
        assert_eq!(o.solutions, Solutions::One(t.clone()));
        let ends = Puzzle::from_tour(&t, [0, 63]);
        let o = solve(&ends, &geo, 1_000_000).unwrap();
        match o.solutions {
            Solutions::Two(a, b) => {
                assert_ne!(a, b);
                for x in [a, b] {
                    x.verify().unwrap();
                    assert!(ends.agrees(&x));
                }
            }
            other => panic!("expected two solutions, got {other:?}"),
        }
    }

    /// Nearly all numbers of a tour pin it down; one given alone leaves several.
    fn one_then_several(b: Board, kind: Kind, nearly_all: impl IntoIterator<Item = u32>) {
        let geo = Geometry::new(b);
        let t = tour(b, kind);
        let p = Puzzle::from_tour(&t, nearly_all);
        assert_eq!(
            solve(&p, &geo, 1000).unwrap().solutions,
            Solutions::One(t.clone())
        );
        let p = Puzzle::from_tour(&t, [0]);
        let o = solve(&p, &geo, 1_000_000).unwrap();
        assert!(matches!(o.solutions, Solutions::Two(..)));
    }

    #[test]
    fn open_5x5_from_all_but_one_and_from_one() {
        one_then_several(board(5, 5), Kind::Open, (0..25).filter(|&k| k != 12));
    }

    #[test]
    fn exhaustive_count_matches_plain_enumeration_on_5x5() {
        // With 1 at a corner and 25 fixed, count all completions with a large limit and
        // compare with brute force over all open tours.
        let b = board(5, 5);
        let geo = Geometry::new(b);
        let t = tour(b, Kind::Open);
        let p = Puzzle::from_tour(&t, [0, 24, 12]);
        let mut found = Vec::new();
        Search::new(&p, &geo)
            .run(usize::MAX, u64::MAX, &mut found)
            .unwrap();
        let brute = tests_support::brute(&p, usize::MAX);
        assert_eq!(found.len(), brute);
        assert!(brute >= 1);
    }

    #[test]
    fn closed_6x6_from_all_but_two_and_from_one() {
        one_then_several(board(6, 6), Kind::Closed, 2..36);
    }

    #[test]
    fn no_solution_when_1_is_on_the_minority_colour() {
        // 5x5 has 13 squares of the corners' colour and 12 of the other; an open tour
        // alternates colours, so it must start on the majority. No pairwise check sees this.
        let b = board(5, 5);
        let p = Puzzle::new(b, false, &[(0, 1, 1)]).unwrap();
        let o = solve(&p, &Geometry::new(b), 10_000_000).unwrap();
        assert_eq!(o.solutions, Solutions::None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// The pruned search agrees with plain path enumeration on small boards.
        #[test]
        fn agrees_with_brute_force(
            dims in proptest::sample::select(vec![(5u32, 5u32), (5, 6), (6, 6), (3, 7), (6, 5)]),
            closed in proptest::bool::ANY,
            seed in 0u64..1000,
            keep in 2u32..12,
        ) {
            let b = board(dims.0, dims.1);
            let closed = closed && b.area() % 2 == 0 && b.sides().0 >= 5;
            let kind = if closed { Kind::Closed } else { Kind::Open };
            let mut req = Request::new(b, kind);
            req.method = Method::Warnsdorff;
            req.seed = Some(seed);
            let Ok(sol) = solve::solve(&req) else { return Ok(()) };
            let t = sol.tour;
            let n = b.area() as u32;
            // A pseudo-random subset of about n / keep clues.
            let p = Puzzle::from_tour(&t, (0..n).filter(|k| (k * 7 + seed as u32) % keep == 0));
            let ours = match solve(&p, &Geometry::new(b), u64::MAX).unwrap().solutions {
                Solutions::None => 0,
                Solutions::One(_) => 1,
                Solutions::Two(..) => 2,
            };
            proptest::prop_assert_eq!(ours, tests_support::brute(&p, 2));
        }
    }

    #[test]
    fn budget_is_reported() {
        let b = board(8, 8);
        let geo = Geometry::new(b);
        let p = Puzzle {
            board: b,
            closed: false,
            grid: vec![0; 64],
        };
        // Finding two solutions of an empty board is quick; a budget of one node is not enough.
        assert_eq!(solve(&p, &geo, 1).unwrap_err(), GaveUp { nodes: 1 });
    }
}
