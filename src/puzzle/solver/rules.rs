//! The pruning rules and branching choice of the complete solver, one method per rule.

use super::{Eval, KnightShifts, Search};
use crate::puzzle::NONE;

/// A run gap: numbers strictly between `lo` and `hi` are unplaced; `NONE` for an open end.
#[derive(Debug, Clone, Copy)]
pub(super) struct Gap {
    pub(super) lo: u32,
    pub(super) hi: u32,
    /// Steps from `lo` to `hi` (around the cycle when closed).
    pub(super) len: u32,
    /// Unplaced numbers of each colour (numbers alternate colour along the tour).
    pub(super) cap: [u32; 2],
}

impl Gap {
    /// A gap; `anchor_colour` is `None` for a piece whose moves need not change colour, whose
    /// squares all count as colour 1 (see `Geometry::colour`).
    pub(super) fn new(lo: u32, hi: u32, len: u32, anchor_colour: Option<u32>) -> Self {
        let m = len - 1;
        let mut cap = [0, m];
        if let Some(anchor_colour) = anchor_colour {
            cap[(anchor_colour ^ 1) as usize] = m.div_ceil(2);
            cap[anchor_colour as usize] = m / 2;
        }
        Gap { lo, hi, len, cap }
    }
}

/// An empty square whose number corner forcing fixes, and the placed neighbour that fixes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Forced {
    square: u32,
    number: u32,
    neighbour: u32,
}

impl Search<'_> {
    pub(super) fn collect_gaps(&mut self) {
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

    /// The colour numbers alternate from square `s`, or `None` when they need not.
    fn colour(&self, s: u32) -> Option<u32> {
        self.geo.alternates().then(|| self.geo.colour(s))
    }

    /// One node of the search: solved, dead, or the number to branch on (its candidate squares
    /// pushed onto `cands`). The rules run cheapest first, each able to end the node.
    pub(super) fn evaluate(&mut self) -> Eval {
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
        let forced = match self.shifts {
            Some(moves) => self.scan_sets(&moves),
            None => self.scan_empty_squares().filter(|_| self.connected()),
        };
        let Some(forced) = forced else {
            return Eval::Dead;
        };
        let Some(pick) = self.domains() else {
            return Eval::Dead;
        };
        if let Some(f) = forced {
            return self.branch_forced(f);
        }
        self.branch_domain(pick)
    }

    /// Open ends of the whole tour that no number occupies yet (0 when closed).
    fn free_ends(&self) -> u32 {
        if self.closed {
            0
        } else {
            let n = self.n as usize;
            (self.pos[0] == NONE) as u32 + (self.pos[n - 1] == NONE) as u32
        }
    }

    /// Visits every empty square once and applies the per-square rules: a square needs a
    /// usable neighbour (two, except at most `free_ends` squares), and a square with exactly
    /// two usable neighbours, one a placed number, has its own number forced. `None`: dead.
    pub(super) fn scan_empty_squares(&mut self) -> Option<Option<Forced>> {
        let n = self.n;
        let geo = self.geo;
        let free_ends = self.free_ends();
        let mut ones = 0;
        let mut forced: Option<Forced> = None;
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
                return None;
            }
            if avail == 2 && free_ends == 0 && forced.is_none() {
                forced = self.forced_number(s, usable)?;
            }
            if avail == 1 {
                ones += 1;
                if ones > free_ends {
                    return None;
                }
            }
        }
        Some(forced)
    }

    /// The per-square rules and the connectivity rule at once, on 128-bit square sets (boards
    /// with [`Search::shifts`]): the same verdicts as [`Self::scan_empty_squares`] and
    /// [`Self::connected`], from eight shifts per set instead of a look at every neighbour.
    pub(super) fn scan_sets(&self, moves: &KnightShifts) -> Option<Option<Forced>> {
        let empty = super::word(&self.empty);
        // The placed squares that can still be stepped onto: the ends of the gaps' runs.
        let mut ends = 0u128;
        for g in &self.gaps {
            for k in [g.lo, g.hi] {
                if k != NONE {
                    ends |= 1 << self.pos[k as usize];
                }
            }
        }
        let usable = empty | ends;
        // Squares with at least one, two and three usable neighbours.
        let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
        for x in moves.moved(usable) {
            three |= two & x;
            two |= one & x;
            one |= x;
        }
        if self.n > 1 && empty & !one != 0 {
            return None;
        }
        if (empty & one & !two).count_ones() > self.free_ends() {
            return None;
        }
        // Every region of empty squares must touch the end of some run: flooded from the ends,
        // the empty squares are all reached.
        let mut reached = moves.reach(ends) & empty;
        loop {
            let more = reached | (moves.reach(reached) & empty);
            if more == reached {
                break;
            }
            reached = more;
        }
        if reached != empty {
            return None;
        }
        if self.free_ends() > 0 {
            return Some(None);
        }
        let mut pairs = empty & two & !three;
        while pairs != 0 {
            let s = pairs.trailing_zeros();
            pairs &= pairs - 1;
            let mut usable_nbrs = [NONE; 2];
            let mut at = 0;
            for &t in self.geo.neighbours(s) {
                if usable >> t & 1 == 1 {
                    usable_nbrs[at] = t;
                    at += 1;
                }
            }
            if let Some(f) = self.forced_number(s, usable_nbrs)? {
                return Some(Some(f));
            }
        }
        Some(None)
    }

    /// Corner forcing: both usable neighbours of `s` must be its neighbours in the tour, so a
    /// placed one fixes `s`'s number; two placed ones must agree (`None`: they do not).
    fn forced_number(&self, s: u32, usable: [u32; 2]) -> Option<Option<Forced>> {
        let mut want: Option<Forced> = None;
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
                Some(w) if w.number != k => return None,
                _ => {
                    want = Some(Forced {
                        square: s,
                        number: k,
                        neighbour: a,
                    })
                }
            }
        }
        Some(want)
    }

    /// Branches on the one square a forced number can take, if it still reaches across its gap.
    fn branch_forced(&mut self, f: Forced) -> Eval {
        let g = self
            .gaps
            .iter()
            .find(|g| g.lo == f.neighbour || g.hi == f.neighbour)
            .expect("an open end borders a gap");
        let other = if g.lo == f.neighbour { g.hi } else { g.lo };
        if !self.candidate(f.number, f.square, other, g.len) {
            return Eval::Dead;
        }
        self.cands.push(f.square);
        Eval::Branch(f.number)
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
    pub(super) fn connected(&mut self) -> bool {
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
