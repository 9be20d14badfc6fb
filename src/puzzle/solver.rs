//! Complete puzzle solver: counts solutions up to a limit by depth-first search.
//!
//! The search grows the runs of numbers between givens. A gap between placed numbers `a` and
//! `b` can be extended from either side; at every node the solver picks the side with the
//! fewest candidate squares (a single candidate is a forced move, and so is a square that only
//! one number can still take) and branches over them. Before branching it prunes by:
//! - dead ends: an empty square needs two usable neighbours (empty, or a placed number with an
//!   unplaced neighbour number), except where it can be the first or last number of an open tour;
//! - connectivity: every region of empty squares must touch the end of some run;
//! - domains: every unplaced number's squares, as bit sets, walked a knight's move at a time
//!   from `a` forward and then from `b` back, so that each lies a move from some square of
//!   both neighbouring numbers (distance and colour come with it). No number may be left
//!   without a square, no empty square without a number, and each gap's numbers of one colour
//!   need as many squares of it, and can take no fewer than the squares no other gap can use.
//!
//! The search keeps its own stack (depth up to the number of squares), never the call stack.

use thiserror::Error;

use super::{grade, Geometry, Grade, Puzzle, NONE};
use crate::bits::{self, BitRows};
use crate::tour::Tour;
use rules::Gap;

mod shifts;

use shifts::*;

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

/// Words of square sets the domain rule may go through for one node of the budget: a node
/// of a board of up to 128 squares does fewer (it counts as one), a node of a 50x50 board with
/// a long gap some thousand times more (measured: a node there takes 13 ms against 2.5 us).
const WORK_PER_NODE: u64 = 4096;

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
    solve_with(puzzle, geo, budget, false)
}

/// [`solve`] on every core: the subtrees of the first node with a choice are searched side by
/// side, each within `budget` nodes, and their solutions taken in the order one search meets
/// them, so the answer does not depend on the thread count. For a proof of uniqueness, which
/// must search the whole tree.
pub fn solve_on_all_cores(puzzle: &Puzzle, geo: &Geometry, budget: u64) -> Result<Outcome, GaveUp> {
    solve_with(puzzle, geo, budget, true)
}

fn solve_with(
    puzzle: &Puzzle,
    geo: &Geometry,
    budget: u64,
    split: bool,
) -> Result<Outcome, GaveUp> {
    assert_eq!(
        geo.piece, puzzle.piece,
        "the geometry is the puzzle's piece's"
    );
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut search = Search::new(puzzle, geo);
    let nodes = if !search.presolve(puzzle, geo, None, Grade::Hard) {
        0
    } else if split {
        search.run_split(2, budget, &mut found)?
    } else {
        search.run(2, budget, &mut found)?
    };
    let tour = |path: Vec<u32>| {
        let t = geo.tour(&path, puzzle.kind);
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

/// Whether `puzzle`, which `known` solves, has a solution with number `k` (0-based) anywhere
/// but on `known`'s square for it, within `budget` nodes. For a puzzle made by erasing given
/// `k` from a puzzle with one solution, that is exactly whether the erasure lets in a second
/// solution: any other solution keeping `k` there would have solved the first puzzle too.
/// Cheaper than counting to two, since the search never walks the known solution's side of
/// the tree, and its presolve stops short of the hard rules.
pub fn solvable_elsewhere(
    puzzle: &Puzzle,
    geo: &Geometry,
    k: u32,
    known: &Tour,
    budget: u64,
) -> Result<bool, GaveUp> {
    let Some(slot) = known.path.get(k as usize).and_then(|&q| geo.slot(q)) else {
        return Ok(true);
    };
    let mut found: Vec<Vec<u32>> = Vec::new();
    let mut search = Search::new(puzzle, geo);
    if search.pos[k as usize] == slot {
        return Ok(false);
    }
    // A second solution mostly follows the known one and strays from it late: trying the
    // known square first takes a third fewer nodes (the 56 slowest checks of five 10x10
    // minimal puzzles: 8.4M nodes in the usual order, 5.7M in this one).
    search.known = known
        .path
        .iter()
        .map(|&q| geo.slot(q).unwrap_or(NONE))
        .collect();
    // Up to the medium rules only: the hard ones' lookahead tries every candidate of every
    // number with at most three, which took 7-12 ms a check on dense puzzles, several times
    // the search that followed, and saved too few nodes later (10x10 minimal, the checks of
    // seeds 1, 3, 5, 9: 10.1 s of search and presolve with it, 7.9 s without).
    if !search.presolve(puzzle, geo, Some((k, slot)), Grade::Medium) {
        return Ok(false);
    }
    search.run(1, budget, &mut found)?;
    Ok(!found.is_empty())
}

/// Subtrees [`Search::run_split`] opens before it searches them side by side: enough for the
/// work to spread evenly over the cores, though a few hold most of it.
const SPLIT: usize = 32;

/// Levels [`Search::run_split`] opens at most.
const SPLIT_LEVELS: usize = 8;

/// A part of the tree that [`Search::run_split`] opened: a subtree to search, or a solution.
enum Part<'a> {
    Open(Box<Search<'a>>),
    Found(Vec<u32>),
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

#[derive(Clone)]
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
    /// Candidate squares per number from the presolve; `None`: no filter.
    cand: Option<BitRows>,
    /// Words of a square set.
    w: usize,
    /// Knight neighbours of every square, as sets.
    nbr: BitRows,
    /// Squares no number occupies.
    empty: Vec<u64>,
    /// Each unplaced number's squares at this node (scratch of the domain rule).
    dom: BitRows,
    /// Scratch sets of the domain rule.
    acc: Vec<u64>,
    /// Each gap's squares at this node (scratch of the domain rule).
    unions: Vec<u64>,
    /// Squares of the first colour.
    light: Vec<u64>,
    /// A known solution's slot for every number, tried first when branching (empty: none).
    known: Vec<u32>,
    /// On a board of at most 128 squares without holes: every knight's move as a shift of the
    /// square set, with the squares it stays on the board from. `None`: moves are looked up
    /// square by square.
    shifts: Option<KnightShifts>,
    /// Words of square sets the domain rule has gone through: what a node costs on a large
    /// board, where one node can take ten thousand times a small board's.
    work: std::cell::Cell<u64>,
    /// With `shifts`: the domain rule's sets as 128-bit words.
    sets: Option<Sets>,
}

/// The domain rule's square sets as single 128-bit words, on boards with [`KnightShifts`]: no loops
/// over words, and every knight's move inlined.
#[derive(Clone)]
struct Sets {
    /// Knight neighbours of every square.
    nbr: Vec<u128>,
    /// Candidate squares per number from the presolve (all squares before it).
    cand: Vec<u128>,
    /// Each unplaced number's squares at this node.
    dom: Vec<u128>,
    /// Each gap's squares at this node.
    unions: Vec<u128>,
    /// Squares of the first colour.
    light: u128,
}

impl<'a> Search<'a> {
    /// Applies the logic solver's deductions up to grade `max`; false when they show there is
    /// no solution. `forbid`: a number kept off a slot.
    fn presolve(
        &mut self,
        puzzle: &Puzzle,
        geo: &Geometry,
        forbid: Option<(u32, u32)>,
        max: Grade,
    ) -> bool {
        let Some(d) = grade::deduce(puzzle, geo, forbid, max) else {
            return false;
        };
        for (k, &sq) in d.placed.iter().enumerate() {
            if sq != NONE && self.pos[k] == NONE {
                if self.owner[sq as usize] != NONE {
                    return false;
                }
                self.pos[k] = sq;
                self.owner[sq as usize] = k as u32;
                bits::clear(&mut self.empty, sq);
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
        if let Some(sets) = &mut self.sets {
            for (k, c) in sets.cand.iter_mut().enumerate() {
                *c = word(d.cand.row(k as u32));
            }
        }
        self.cand = Some(d.cand);
        true
    }

    /// Whether the presolve left square `t` open to number `k`.
    fn allowed(&self, k: u32, t: u32) -> bool {
        self.cand.as_ref().is_none_or(|c| c.contains(k, t))
    }

    fn new(puzzle: &Puzzle, geo: &'a Geometry) -> Self {
        let n = puzzle.len() as u32;
        let mut s = Search {
            geo,
            n,
            closed: puzzle.is_closed(),
            pos: vec![NONE; n as usize],
            owner: vec![NONE; n as usize],
            trail: Vec::with_capacity(n as usize),
            placed: 0,
            gaps: Vec::new(),
            cands: Vec::new(),
            seen: vec![0; n as usize],
            stamp: 0,
            queue: Vec::new(),
            cand: None,
            w: (n as usize).div_ceil(64),
            nbr: grade::neighbour_rows(geo),
            empty: vec![0; (n as usize).div_ceil(64)],
            dom: BitRows::new(n as usize, n as usize),
            acc: vec![0; 5 * (n as usize).div_ceil(64)],
            unions: Vec::new(),
            light: vec![0; (n as usize).div_ceil(64)],
            known: Vec::new(),
            shifts: KnightShifts::new(geo),
            work: std::cell::Cell::new(0),
            sets: None,
        };
        for q in 0..n {
            bits::set(&mut s.empty, q);
            if geo.colour(q) == 0 {
                bits::set(&mut s.light, q);
            }
        }
        if s.shifts.is_some() {
            s.sets = Some(Sets {
                nbr: (0..n).map(|q| word(s.nbr.row(q))).collect(),
                cand: vec![!0; n as usize],
                dom: vec![0; n as usize],
                unions: Vec::new(),
                light: word(&s.light),
            });
        }
        for (sq, k) in puzzle.slot_givens(geo) {
            s.pos[k as usize] = sq;
            s.owner[sq as usize] = k;
            bits::clear(&mut s.empty, sq);
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
        bits::clear(&mut self.empty, sq);
        self.trail.push(k);
        self.placed += 1;
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let k = self.trail.pop().expect("trail entry");
            let sq = self.pos[k as usize];
            self.owner[sq as usize] = NONE;
            bits::set(&mut self.empty, sq);
            self.pos[k as usize] = NONE;
            self.placed -= 1;
        }
    }

    /// [`Self::run`] on every core: the tree's top levels are opened, in `run`'s order, until
    /// there are [`SPLIT`] subtrees, and the subtrees searched side by side (each within
    /// `budget`), their solutions taken in the order `run` would meet them.
    fn run_split(
        self,
        limit: usize,
        budget: u64,
        found: &mut Vec<Vec<u32>>,
    ) -> Result<u64, GaveUp> {
        use rayon::prelude::*;
        let mut nodes = 0u64;
        let mut open: Vec<Part<'a>> = vec![Part::Open(Box::new(self))];
        for _ in 0..SPLIT_LEVELS {
            let subtrees = open.iter().filter(|p| matches!(p, Part::Open(_))).count();
            if subtrees == 0 || subtrees >= SPLIT {
                break;
            }
            let mut next = Vec::new();
            for part in open {
                let Part::Open(mut s) = part else {
                    next.push(part);
                    continue;
                };
                // Forced moves are followed: only a choice opens subtrees.
                loop {
                    nodes += 1;
                    let start = s.cands.len();
                    match s.evaluate() {
                        Eval::Solved => next.push(Part::Found(s.pos.clone())),
                        Eval::Dead => {}
                        Eval::Branch(number) => {
                            let cands = s.cands.split_off(start);
                            if let [sq] = cands[..] {
                                s.place(number, sq);
                                continue;
                            }
                            for sq in cands {
                                let mut c = s.clone();
                                c.place(number, sq);
                                next.push(Part::Open(c));
                            }
                        }
                    }
                    break;
                }
            }
            open = next;
        }
        // Each part's nodes and solutions.
        type Done = Result<(u64, Vec<Vec<u32>>), GaveUp>;
        let done: Vec<Done> = open
            .into_par_iter()
            .with_max_len(1)
            .map(|part| match part {
                Part::Found(pos) => Ok((0, vec![pos])),
                Part::Open(s) => {
                    let mut f = Vec::new();
                    Ok((s.run(limit, budget, &mut f)?, f))
                }
            })
            .collect();
        for part in done {
            let (n, f) = part?;
            nodes += n;
            found.extend(f.into_iter().take(limit - found.len()));
            if found.len() >= limit {
                break;
            }
        }
        Ok(nodes)
    }

    fn run(mut self, limit: usize, budget: u64, found: &mut Vec<Vec<u32>>) -> Result<u64, GaveUp> {
        let mut stack: Vec<Frame> = Vec::new();
        let mut nodes = 0u64;
        // The budget is spent by nodes, a node counting as many as its work needs (one on
        // every board of up to 128 squares), so that it bounds the time on any board.
        let mut spent = 0u64;
        loop {
            if spent >= budget {
                return Err(GaveUp { nodes });
            }
            nodes += 1;
            let start = self.cands.len() as u32;
            let before = self.work.get();
            let eval = self.evaluate();
            spent += ((self.work.get() - before) / WORK_PER_NODE).max(1);
            match eval {
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
}

#[cfg(test)]
pub(crate) mod tests_support {
    use super::*;

    /// Counts solutions (up to `limit`) by plain path search that checks givens as it goes.
    pub fn brute(p: &Puzzle, limit: usize) -> usize {
        let shape = p.shape();
        let n = p.len();
        let adj = shape.adjacency();
        let mut at = vec![NONE; n];
        for (sq, k) in p.givens() {
            at[k as usize] = sq;
        }
        let ok = |sq: u32, k: usize| {
            (p.grid[sq as usize] == 0 && at[k] == NONE) || p.grid[sq as usize] == k as u32 + 1
        };
        let mut count = 0;
        for s in 0..p.board.area() as u32 {
            if shape.is_hole(s) || !ok(s, 0) {
                continue;
            }
            let mut path = vec![s];
            let mut used = vec![false; p.board.area()];
            used[s as usize] = true;
            let mut idx = vec![0usize];
            while let Some(i) = idx.last_mut() {
                let last = *path.last().unwrap();
                if path.len() == n {
                    if !p.is_closed() || adj[last as usize].contains(&path[0]) {
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

mod domains;
mod rules;
#[cfg(test)]
mod tests;
