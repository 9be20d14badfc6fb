//! The domain rule: every unplaced number's squares, narrowed along its gap from both ends.

use super::rules::Gap;
use super::{Eval, KnightShifts, Search, Sets};
use crate::bits::{self, BitRows};
use crate::puzzle::NONE;

/// The number to branch on, with its square when that is forced: a number with one square, or
/// the only number left for some square; otherwise the number next to a run end with the
/// fewest squares (runs grow contiguously, which keeps the dead-end rule sharp).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Pick {
    number: u32,
    square: u32,
}

/// Weighs number `k`, the `i`-th of gap `g`, with `squares` squares, as the one to branch on:
/// a number with one square first, then one next to a run end with the fewest squares, in the
/// shorter gap. `best` holds (key, number, gap length) of the best so far.
#[inline]
fn consider(best: &mut (u32, u32, u32), g: &Gap, i: u32, k: u32, squares: u32) {
    let end = (i == 1 && g.lo != NONE) || (i == g.len - 1 && g.hi != NONE);
    let key = if squares == 1 {
        0
    } else if end {
        squares
    } else {
        u32::MAX
    };
    if key < best.0 || (key == best.0 && key != u32::MAX && g.len < best.2) {
        *best = (key, k, g.len);
    }
}

impl Search<'_> {
    /// The pick for square `s`, which only one unplaced number can take (`takes`: whether
    /// that number's squares hold it).
    fn only_taker(&self, s: u32, takes: impl Fn(u32) -> bool) -> Pick {
        let k = (0..self.n)
            .find(|&k| self.pos[k as usize] == NONE && takes(k))
            .expect("a covered square");
        Pick {
            number: k,
            square: s,
        }
    }

    /// Number `i` (1-based) of gap `g`, counted from its low end.
    fn number_at(&self, g: &Gap, i: u32) -> u32 {
        if g.lo == NONE {
            i - 1
        } else {
            let k = g.lo + i;
            if k >= self.n {
                k - self.n
            } else {
                k
            }
        }
    }

    /// Fills `dom` for every unplaced number and picks the number to branch on; `None` when
    /// some number or square has no place, or a gap fails Hall's condition.
    pub(super) fn domains(&mut self) -> Option<Pick> {
        if let (Some(moves), Some(mut sets)) = (self.shifts, self.sets.take()) {
            let r = self.domains_in_words(&moves, &mut sets);
            self.sets = Some(sets);
            return r;
        }
        let mut dom = std::mem::replace(&mut self.dom, BitRows::new(0, 0));
        let mut acc = std::mem::take(&mut self.acc);
        let mut unions = std::mem::take(&mut self.unions);
        unions.resize(self.gaps.len() * self.w, 0);
        // Loops over a known number of words unroll: the search is a sixth faster on boards of
        // up to 128 squares.
        let r = match self.w {
            1 => self.domains_into::<1>(&mut dom, &mut acc, &mut unions),
            2 => self.domains_into::<2>(&mut dom, &mut acc, &mut unions),
            _ => self.domains_into::<0>(&mut dom, &mut acc, &mut unions),
        };
        self.dom = dom;
        self.acc = acc;
        self.unions = unions;
        r
    }

    /// Number `k`'s squares at this node, as words of bits (for tests).
    #[cfg(test)]
    pub(super) fn domain(&self, k: u32) -> Vec<u64> {
        match &self.sets {
            Some(sets) => (0..self.w)
                .map(|i| (sets.dom[k as usize] >> (64 * i)) as u64)
                .collect(),
            None => self.dom.row(k).to_vec(),
        }
    }

    /// [`Self::domains_into`] with every set one 128-bit word and every move a shift: the
    /// same rule, step for step, into `sets.dom`.
    fn domains_in_words(&self, moves: &KnightShifts, sets: &mut Sets) -> Option<Pick> {
        let Sets {
            nbr,
            cand,
            dom,
            unions,
            light,
        } = sets;
        let light = *light;
        let empty = super::word(&self.empty);
        unions.clear();
        let (mut once, mut twice, mut gonce, mut gtwice) = (0u128, 0u128, 0u128, 0u128);
        let mut best = (u32::MAX, NONE, u32::MAX);
        for g in &self.gaps {
            let m = g.len - 1;
            let mut tmp = if g.lo == NONE {
                !0
            } else {
                nbr[self.pos[g.lo as usize] as usize]
            };
            for i in 1..=m {
                let k = self.number_at(g, i);
                if i > 1 && g.lo != NONE {
                    tmp = moves.reach(dom[self.number_at(g, i - 1) as usize]);
                }
                let d = tmp & empty & cand[k as usize];
                if d == 0 {
                    return None;
                }
                dom[k as usize] = d;
            }
            if g.hi != NONE {
                let mut tmp = nbr[self.pos[g.hi as usize] as usize];
                for i in (1..=m).rev() {
                    let k = self.number_at(g, i) as usize;
                    let d = dom[k] & tmp;
                    if d == 0 {
                        return None;
                    }
                    dom[k] = d;
                    if i > 1 {
                        tmp = moves.reach(d);
                    }
                }
            }
            let mut union = 0u128;
            for i in 1..=m {
                let k = self.number_at(g, i);
                let d = dom[k as usize];
                twice |= once & d;
                once |= d;
                union |= d;
                consider(&mut best, g, i, k, d.count_ones());
            }
            // Hall's condition on the gap's numbers of each colour: they need as many squares.
            let lights = (union & light).count_ones();
            if lights < g.cap[0] || union.count_ones() - lights < g.cap[1] {
                return None;
            }
            gtwice |= gonce & union;
            gonce |= union;
            unions.push(union);
        }
        if empty & !once != 0 {
            return None;
        }
        // Squares only one gap can use must go to its numbers: no more of them than it has.
        for (g, &union) in self.gaps.iter().zip(unions.iter()) {
            let only = union & !gtwice;
            let lights = (only & light).count_ones();
            if lights > g.cap[0] || only.count_ones() - lights > g.cap[1] {
                return None;
            }
        }
        let single = empty & !twice;
        if single != 0 {
            let s = single.trailing_zeros();
            return Some(self.only_taker(s, |k| dom[k as usize] >> s & 1 == 1));
        }
        Some(Pick {
            number: best.1,
            square: NONE,
        })
    }

    /// The squares a knight's move from some square of `from`.
    #[inline]
    pub(super) fn reach(&self, from: &[u64], out: &mut [u64]) {
        if let Some(moves) = &self.shifts {
            // Eight shifts of one 128-bit set instead of a row per square: the search takes
            // a quarter less time (the 56 slowest checks of five 10x10 minimal puzzles).
            let to = moves.reach(super::word(from));
            for (i, o) in out.iter_mut().enumerate() {
                *o = (to >> (64 * i)) as u64;
            }
            return;
        }
        out.fill(0);
        let mut rows = 1;
        for s in bits::ones(from) {
            rows += 1;
            for (o, m) in out.iter_mut().zip(self.nbr.row(s)) {
                *o |= m;
            }
        }
        self.work.set(self.work.get() + rows * out.len() as u64);
    }

    /// [`Self::domains`] on sets of `W` words (0: as many as the board needs).
    fn domains_into<const W: usize>(
        &self,
        dom: &mut BitRows,
        acc: &mut [u64],
        unions: &mut [u64],
    ) -> Option<Pick> {
        let w = if W == 0 { self.w } else { W };
        let (tmp, rest) = acc.split_at_mut(w);
        let (once, rest) = rest.split_at_mut(w);
        let (twice, rest) = rest.split_at_mut(w);
        let (gonce, gtwice) = rest.split_at_mut(w);
        for v in [&mut *once, &mut *twice, &mut *gonce, &mut *gtwice] {
            v.fill(0);
        }
        let mut best = (u32::MAX, NONE, u32::MAX);
        for (gi, g) in self.gaps.iter().enumerate() {
            let m = g.len - 1;
            let union = &mut unions[gi * w..(gi + 1) * w];
            union.fill(0);
            for i in 1..=m {
                let k = self.number_at(g, i);
                if i == 1 {
                    if g.lo == NONE {
                        tmp.fill(u64::MAX);
                    } else {
                        tmp.copy_from_slice(self.nbr.row(self.pos[g.lo as usize]));
                    }
                } else if g.lo != NONE {
                    let prev = self.number_at(g, i - 1);
                    self.reach(dom.row(prev), tmp);
                }
                let row = dom.row_mut(k);
                let mut any = 0;
                for j in 0..w {
                    let c = self.cand.as_ref().map_or(u64::MAX, |c| c.row(k)[j]);
                    row[j] = tmp[j] & self.empty[j] & c;
                    any |= row[j];
                }
                if any == 0 {
                    return None;
                }
            }
            if g.hi != NONE {
                tmp.copy_from_slice(self.nbr.row(self.pos[g.hi as usize]));
                for i in (1..=m).rev() {
                    let k = self.number_at(g, i);
                    let row = dom.row_mut(k);
                    let mut any = 0;
                    for j in 0..w {
                        row[j] &= tmp[j];
                        any |= row[j];
                    }
                    if any == 0 {
                        return None;
                    }
                    if i > 1 {
                        self.reach(dom.row(k), tmp);
                    }
                }
            }
            self.work.set(self.work.get() + 4 * (m as u64) * w as u64);
            for i in 1..=m {
                let k = self.number_at(g, i);
                let row = dom.row(k);
                for j in 0..w {
                    twice[j] |= once[j] & row[j];
                    once[j] |= row[j];
                    union[j] |= row[j];
                }
                consider(&mut best, g, i, k, bits::count(row));
            }
            // Hall's condition on the gap's numbers of each colour: they need as many squares.
            let light = bits::count_and(union, &self.light);
            if light < g.cap[0] || bits::count(union) - light < g.cap[1] {
                return None;
            }
            for j in 0..w {
                gtwice[j] |= gonce[j] & union[j];
                gonce[j] |= union[j];
            }
        }
        if self.empty.iter().zip(&*once).any(|(e, o)| e & !o != 0) {
            return None;
        }
        // Squares only one gap can use must go to its numbers: no more of them than it has.
        for (gi, g) in self.gaps.iter().enumerate() {
            let union = &unions[gi * w..(gi + 1) * w];
            let (mut light, mut all) = (0, 0);
            for j in 0..w {
                let only = union[j] & !gtwice[j];
                light += (only & self.light[j]).count_ones();
                all += only.count_ones();
            }
            if light > g.cap[0] || all - light > g.cap[1] {
                return None;
            }
        }
        for (j, (e, t)) in self.empty.iter().zip(&*twice).enumerate() {
            let single = e & !t;
            if single != 0 {
                let s = j as u32 * 64 + single.trailing_zeros();
                return Some(self.only_taker(s, |k| dom.contains(k, s)));
            }
        }
        Some(Pick {
            number: best.1,
            square: NONE,
        })
    }

    /// Branches on the picked number: its one square, or its squares the known solution's
    /// first (if any), then fewest onward moves first.
    pub(super) fn branch_domain(&mut self, pick: Pick) -> Eval {
        let start = self.cands.len();
        if pick.square != NONE {
            self.cands.push(pick.square);
        } else if let Some(sets) = &self.sets {
            let mut d = sets.dom[pick.number as usize];
            while d != 0 {
                self.cands.push(d.trailing_zeros());
                d &= d - 1;
            }
        } else {
            let dom = &self.dom;
            self.cands.extend(bits::ones(dom.row(pick.number)));
        }
        let (geo, owner) = (self.geo, &self.owner);
        let known = self.known.get(pick.number as usize).copied();
        self.cands[start..].sort_by_key(|&t| {
            let onward = geo.neighbours(t).iter();
            (
                Some(t) != known,
                onward.filter(|&&u| owner[u as usize] == NONE).count(),
            )
        });
        Eval::Branch(pick.number)
    }
}
