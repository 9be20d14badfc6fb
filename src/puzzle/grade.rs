//! Logic solver and grader: solves a puzzle by deduction alone, never guessing, and reports the
//! hardest kind of deduction it needed.
//!
//! Every number keeps a set of candidate squares. Rules, by grade:
//! - easy: a number next to a placed number must be a knight's move from it; a number with one
//!   candidate square is placed (naked single); a square that only one number can take gets it
//!   (hidden single: every square is visited);
//! - medium: a number `k` steps from a placed number lies within `k` knight moves of it, on the
//!   colour that `k` moves lead to;
//! - hard: a number lies a knight's move from some candidate of each neighbouring number
//!   (chains); two numbers sharing the same two candidates own them (pairs); and a candidate
//!   whose placement leads to a contradiction by the rules above is struck (one-step lookahead).
//!
//! The solver always uses the easiest rule that makes progress, so the grade is the hardest
//! rule that the solution could not do without on this path. Deductions are sound, so a
//! puzzle this solver completes has exactly one solution.

use super::{Geometry, Grade, Puzzle, NONE};
use crate::bits::{self, BitRows};
use crate::tour::Tour;

/// What the logic solver reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Solved without guessing; `grade` is the hardest rule it needed.
    Solved {
        /// The hardest rule used.
        grade: Grade,
        /// The solution.
        tour: Tour,
    },
    /// The rules up to the limit ran out; these 0-based numbers were still unplaced.
    Stuck {
        /// Unplaced numbers.
        unplaced: Vec<u32>,
    },
    /// The givens contradict each other.
    Contradiction,
}

/// Solves `puzzle` by deduction using rules up to `max`, and grades it.
pub fn grade(puzzle: &Puzzle, geo: &Geometry, max: Grade) -> Verdict {
    assert_eq!(
        geo.piece, puzzle.piece,
        "the geometry is the puzzle's piece's"
    );
    let masks = Masks::new(geo);
    let mut l = Logic::new(puzzle, geo, &masks);
    match l.solve(max, true) {
        Err(Contradiction) => Verdict::Contradiction,
        Ok(None) => Verdict::Stuck {
            unplaced: (0..l.n as u32)
                .filter(|&k| l.placed[k as usize] == NONE)
                .collect(),
        },
        Ok(Some(grade)) => {
            let tour = geo.tour(&l.placed, puzzle.kind);
            if tour.verify().is_ok() && puzzle.agrees(&tour) {
                Verdict::Solved { grade, tour }
            } else {
                Verdict::Contradiction
            }
        }
    }
}

/// What deduction alone settles: the candidate squares of every number (a placed number has
/// one), and the placed numbers' squares.
#[derive(Debug, Clone)]
pub(crate) struct Deduced {
    /// Candidate squares, one row per 0-based number.
    pub(crate) cand: BitRows,
    /// Square of each number, or `NONE` where not settled.
    pub(crate) placed: Vec<u32>,
}

/// Runs the rules up to grade `max` (at `Hard`, lookahead included) as a presolve for a
/// search; `None` when the givens contradict each other. Every solution of the puzzle agrees
/// with the result. With `forbid` = (number, slot), that number is kept off that square.
pub(crate) fn deduce(
    puzzle: &Puzzle,
    geo: &Geometry,
    forbid: Option<(u32, u32)>,
    max: Grade,
) -> Option<Deduced> {
    let masks = Masks::new(geo);
    let mut l = Logic::new(puzzle, geo, &masks);
    if let Some((k, s)) = forbid {
        let mut keep = vec![u64::MAX; l.w];
        bits::clear(&mut keep, s);
        l.restrict(k, &keep).ok()?;
    }
    l.solve(max, true).ok()?;
    Some(Deduced {
        cand: l.cand,
        placed: l.placed,
    })
}

/// The grade of a puzzle: the hardest rule needed, or `Expert` when the rules do not finish it.
pub fn grade_of(puzzle: &Puzzle, geo: &Geometry) -> Grade {
    match grade(puzzle, geo, Grade::Hard) {
        Verdict::Solved { grade, .. } => grade,
        _ => Grade::Expert,
    }
}

#[derive(Debug)]
struct Contradiction;

/// Neighbour sets of every square, as bit rows.
struct Masks {
    nbr: BitRows,
}

/// The piece's neighbours of every square, one row of bits a square.
pub(crate) fn neighbour_rows(geo: &Geometry) -> BitRows {
    let n = geo.len();
    let mut nbr = BitRows::new(n, n);
    for s in 0..n as u32 {
        for &t in geo.neighbours(s) {
            bits::set(nbr.row_mut(s), t);
        }
    }
    nbr
}

impl Masks {
    fn new(geo: &Geometry) -> Self {
        Masks {
            nbr: neighbour_rows(geo),
        }
    }

    fn row(&self, s: u32) -> &[u64] {
        self.nbr.row(s)
    }
}

#[derive(Clone)]
struct Logic<'a> {
    geo: &'a Geometry,
    masks: &'a Masks,
    n: usize,
    w: usize,
    closed: bool,
    cand: BitRows,
    placed: Vec<u32>,
    nplaced: usize,
}

impl<'a> Logic<'a> {
    fn new(puzzle: &Puzzle, geo: &'a Geometry, masks: &'a Masks) -> Self {
        let n = puzzle.len();
        let w = masks.nbr.words_per_row();
        let mut cand = BitRows::new(n, n);
        for k in 0..n as u32 {
            let row = cand.row_mut(k);
            for s in (0..n as u32).filter(|&s| puzzle.blank_slot(geo, s)) {
                bits::set(row, s);
            }
        }
        let mut l = Logic {
            geo,
            masks,
            n,
            w,
            closed: puzzle.is_closed(),
            cand,
            placed: vec![NONE; n],
            nplaced: 0,
        };
        for (sq, k) in puzzle.slot_givens(geo) {
            bits::only(l.row_mut(k), sq);
            l.placed[k as usize] = sq;
            l.nplaced += 1;
        }
        l
    }

    fn row(&self, k: u32) -> &[u64] {
        self.cand.row(k)
    }

    fn row_mut(&mut self, k: u32) -> &mut [u64] {
        self.cand.row_mut(k)
    }

    fn count(&self, k: u32) -> u32 {
        bits::count(self.row(k))
    }

    fn neighbours(&self, k: u32) -> [u32; 2] {
        let n = self.n as u32;
        let next = if k + 1 < n {
            k + 1
        } else if self.closed {
            0
        } else {
            NONE
        };
        let prev = if k > 0 {
            k - 1
        } else if self.closed {
            n - 1
        } else {
            NONE
        };
        [prev, next]
    }

    /// Intersects number `k`'s candidates with `mask`; reports whether anything was struck.
    fn restrict(&mut self, k: u32, mask: &[u64]) -> Result<bool, Contradiction> {
        let row = self.cand.row_mut(k);
        let mut changed = false;
        let mut any = false;
        for (a, &m) in row.iter_mut().zip(mask) {
            let b = *a & m;
            changed |= b != *a;
            any |= b != 0;
            *a = b;
        }
        if any {
            Ok(changed)
        } else {
            Err(Contradiction)
        }
    }

    fn place(&mut self, k: u32, s: u32) -> Result<(), Contradiction> {
        self.placed[k as usize] = s;
        self.nplaced += 1;
        for j in 0..self.n as u32 {
            if j != k && self.placed[j as usize] == NONE {
                let row = self.row_mut(j);
                bits::clear(row, s);
                if row.iter().all(|&x| x == 0) {
                    return Err(Contradiction);
                }
            }
        }
        Ok(())
    }

    /// Easy rules to a fixed point; reports whether anything changed.
    fn easy(&mut self) -> Result<bool, Contradiction> {
        let mut any = false;
        loop {
            let mut changed = false;
            for k in 0..self.n as u32 {
                if self.placed[k as usize] != NONE {
                    continue;
                }
                for nb in self.neighbours(k) {
                    if nb != NONE && self.placed[nb as usize] != NONE {
                        let s = self.placed[nb as usize];
                        let masks = self.masks;
                        changed |= self.restrict(k, masks.row(s))?;
                    }
                }
                if self.count(k) == 1 {
                    let s = bits::ones(self.row(k)).next().expect("one candidate");
                    self.place(k, s)?;
                    changed = true;
                }
            }
            changed |= self.hidden_singles()?;
            if !changed {
                return Ok(any);
            }
            any = true;
        }
    }

    fn hidden_singles(&mut self) -> Result<bool, Contradiction> {
        let w = self.w;
        let (mut once, mut twice, mut taken) = (vec![0u64; w], vec![0u64; w], vec![0u64; w]);
        for k in 0..self.n as u32 {
            let p = self.placed[k as usize];
            if p != NONE {
                bits::set(&mut taken, p);
                continue;
            }
            for (i, &x) in self.row(k).iter().enumerate() {
                twice[i] |= once[i] & x;
                once[i] |= x;
            }
        }
        let mut changed = false;
        for i in 0..w {
            let all = bits::word_mask(i, self.n);
            if (once[i] | taken[i]) & all != all {
                return Err(Contradiction);
            }
            let mut single = once[i] & !twice[i] & !taken[i];
            while single != 0 {
                let s = i as u32 * 64 + single.trailing_zeros();
                single &= single - 1;
                let owner = (0..self.n as u32)
                    .find(|&k| self.placed[k as usize] == NONE && self.cand.contains(k, s));
                if let Some(k) = owner {
                    bits::only(self.row_mut(k), s);
                    self.place(k, s)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Nearest placed number before and after `k` in tour order, with the steps to each.
    fn anchors(&self, k: u32) -> [(u32, u32); 2] {
        let n = self.n as u32;
        let mut out = [(NONE, 0); 2];
        for (dir, slot) in out.iter_mut().enumerate() {
            let mut j = k;
            for steps in 1..n {
                j = self.neighbours(j)[dir];
                if j == NONE {
                    break;
                }
                if self.placed[j as usize] != NONE {
                    *slot = (self.placed[j as usize], steps);
                    break;
                }
            }
        }
        out
    }

    /// Medium: distance and colour from the nearest placed numbers on each side.
    fn medium(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut mask = vec![0u64; self.w];
        for k in 0..self.n as u32 {
            if self.placed[k as usize] != NONE {
                continue;
            }
            for (sq, steps) in self.anchors(k) {
                if sq == NONE {
                    continue;
                }
                mask.fill(0);
                // Only a piece whose moves change colour fixes the colour `steps` moves lead to.
                let colour = self.geo.colour(sq) ^ (steps & 1);
                let alternates = self.geo.alternates();
                for t in 0..self.n as u32 {
                    let hue = !alternates || self.geo.colour(t) == colour;
                    if hue && (self.geo.dist(sq, t) as u32) <= steps {
                        bits::set(&mut mask, t);
                    }
                }
                changed |= self.restrict(k, &mask)?;
            }
        }
        Ok(changed)
    }

    /// Hard, chains: a number must be a move from a candidate of each neighbour.
    fn chains(&mut self) -> Result<bool, Contradiction> {
        let mut changed = false;
        let mut reach = vec![0u64; self.w];
        for k in 0..self.n as u32 {
            if self.placed[k as usize] != NONE {
                continue;
            }
            for nb in self.neighbours(k) {
                if nb == NONE {
                    continue;
                }
                reach.fill(0);
                for s in bits::ones(self.row(nb)) {
                    for (r, &m) in reach.iter_mut().zip(self.masks.row(s)) {
                        *r |= m;
                    }
                }
                changed |= self.restrict(k, &reach)?;
            }
        }
        Ok(changed)
    }

    /// Hard, pairs: two numbers with the same two candidates take both squares between them.
    fn pairs(&mut self) -> Result<bool, Contradiction> {
        let two: Vec<u32> = (0..self.n as u32)
            .filter(|&k| self.placed[k as usize] == NONE && self.count(k) == 2)
            .collect();
        for (i, &a) in two.iter().enumerate() {
            for &b in &two[i + 1..] {
                if self.row(a) != self.row(b) {
                    continue;
                }
                let others: Vec<u64> = self.row(a).iter().map(|x| !x).collect();
                let mut changed = false;
                for k in 0..self.n as u32 {
                    if k != a && k != b && self.placed[k as usize] == NONE {
                        changed |= self.restrict(k, &others)?;
                    }
                }
                if changed {
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Hard, lookahead: strike a candidate whose placement leads to a contradiction.
    fn lookahead(&mut self) -> Result<bool, Contradiction> {
        let mut order: Vec<(u32, u32)> = (0..self.n as u32)
            .filter(|&k| self.placed[k as usize] == NONE)
            .map(|k| (self.count(k), k))
            .filter(|&(c, _)| c <= 3)
            .collect();
        order.sort_unstable();
        // Every dead candidate of the pass is struck, not just the first: each strike stays
        // sound as the others narrow the state, and a pass costs a trial per candidate.
        let mut struck = false;
        for (_, k) in order {
            if self.placed[k as usize] != NONE {
                continue;
            }
            let squares: Vec<u32> = bits::ones(self.row(k)).collect();
            for s in squares {
                let mut trial = self.clone();
                bits::only(trial.row_mut(k), s);
                let dead = trial.place(k, s).is_err() || trial.solve(Grade::Hard, false).is_err();
                if dead {
                    let mut keep = vec![u64::MAX; self.w];
                    bits::clear(&mut keep, s);
                    self.restrict(k, &keep)?;
                    struck = true;
                }
            }
        }
        Ok(struck)
    }

    /// Applies the easiest rule that makes progress until solved or stuck; returns the
    /// hardest grade used when solved.
    fn solve(&mut self, max: Grade, look: bool) -> Result<Option<Grade>, Contradiction> {
        let mut used = Grade::Easy;
        loop {
            self.easy()?;
            if self.nplaced == self.n {
                return Ok(Some(used));
            }
            if max >= Grade::Medium && self.medium()? {
                used = used.max(Grade::Medium);
                continue;
            }
            if max >= Grade::Hard
                && (self.chains()? || self.pairs()? || (look && self.lookahead()?))
            {
                used = Grade::Hard;
                continue;
            }
            return Ok(None);
        }
    }
}

#[cfg(test)]
mod tests;
