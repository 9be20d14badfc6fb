//! The moves being rewired, behind one face: every square's two neighbours ([`Dense`]), or
//! only those of the squares near the blocks, the rest read from the base path
//! ([`super::zone::Zone`]). The rewiring and the merges see no difference; the cycles are
//! numbered and walked by each in its own way.

use super::base::{Base, Runs};
use super::blocks::Cluster;
use crate::bits::BitSet;
use crate::solve::links::Links;

/// What [`Moves::read_row`] gives for a square whose moves are not kept there (one that is
/// blocked and has none gives two free slots).
pub(super) const UNKNOWN: u32 = u32::MAX - 1;

/// A goal [`Wiring::reach_all`]'s walk did not meet.
pub(super) const NOT_MET: usize = usize::MAX;

/// The goals of a walk and the step each was first met at.
pub(super) struct Met<'g> {
    goals: &'g [u32],
    /// The step each goal was met at, or [`NOT_MET`].
    pub(super) steps: Vec<usize>,
    enough: &'g dyn Fn(&[usize]) -> bool,
}

impl<'g> Met<'g> {
    /// None of `goals` met yet; the walk may end once `enough` holds of the steps.
    pub(super) fn new(goals: &'g [u32], enough: &'g dyn Fn(&[usize]) -> bool) -> Met<'g> {
        Met {
            goals,
            steps: vec![NOT_MET; goals.len()],
            enough,
        }
    }

    /// Notes square `s`, walked to at step `walked`, against the goals (only those at
    /// `only`, where given); whether the walk may end.
    #[inline]
    pub(super) fn note(&mut self, s: u32, walked: usize, only: Option<&[usize]>) -> bool {
        let mut new = false;
        let mut see = |i: usize| {
            if self.goals[i] == s && self.steps[i] == NOT_MET {
                self.steps[i] = walked;
                new = true;
            }
        };
        match only {
            Some(only) => only.iter().for_each(|&i| see(i)),
            None => (0..self.goals.len()).for_each(see),
        }
        new && ((self.enough)(&self.steps) || !self.steps.contains(&NOT_MET))
    }
}

/// Two neighbours a square, changed by the rewiring of a cluster.
pub(super) trait Moves {
    /// The two neighbours of `a` (`u32::MAX` for a free slot).
    fn of(&self, a: u32) -> [u32; 2];
    /// The two neighbours of each of the `len` squares from `from` on, pushed on `out`
    /// ([`UNKNOWN`] twice for a square whose moves are not kept here; asking notes nothing).
    fn read_row(&self, from: u32, len: usize, out: &mut Vec<[u32; 2]>);
    /// Gives square `a` (whose moves are kept here) the neighbours `to`.
    fn set(&mut self, a: u32, to: [u32; 2]);
    /// Adds the step between `a` and `b`.
    fn link(&mut self, a: u32, b: u32);
    /// Removes the step between `a` and `b` (which must be there).
    fn unlink(&mut self, a: u32, b: u32);

    /// Whether `a`'s moves are kept here (a merge leaves alone those that are not).
    fn knows(&self, _a: u32) -> bool {
        true
    }

    /// Whether a square was asked for that these moves do not keep (the answer is then not
    /// to be used).
    fn lost(&self) -> bool {
        false
    }

    /// Notes that a square was needed whose moves are not kept here.
    fn lose(&self) {}

    /// Two cycles made one: the steps a-b and x-y give way to a-x and b-y.
    fn swap(&mut self, (a, b): (u32, u32), (x, y): (u32, u32)) {
        self.unlink(a, b);
        self.unlink(x, y);
        self.link(a, x);
        self.link(b, y);
    }
}

/// One cluster's rewiring: the squares it rewired, or `None` where it failed.
pub(super) type Rewiring<'f> = dyn Fn(&mut dyn Moves, &Cluster) -> Option<Vec<u32>> + Sync + 'f;

/// The moves of the whole board, rewired cluster by cluster, then merged and walked.
pub(super) trait Wiring: Moves {
    /// Every cluster rewired by `each`, each on the moves those before it left (or, where
    /// two cannot reach each other's squares, side by side): the squares rewired, or `None`
    /// where one failed. A rewiring first reads the moves within `_reads` squares of its
    /// cluster (a zone asks the memory for them ahead; here they are not far).
    fn each_cluster(
        &mut self,
        clusters: &[Cluster],
        each: &Rewiring,
        _reads: u32,
    ) -> Option<Vec<u32>>
    where
        Self: Sized,
    {
        let mut touched = Vec::new();
        for c in clusters {
            touched.extend(each(self, c)?);
            // A zone too narrow for this cluster's frame: the caller widens it.
            if self.lost() {
                return None;
            }
        }
        Some(touched)
    }
    /// Numbers the cycles as they are now, for [`Wiring::label`]: each cycle's size, or
    /// `None` where an open square lacks a move.
    fn cycles(&mut self, blocked: &BitSet) -> Option<Vec<usize>>;
    /// The cycle `a` was on when they were last numbered.
    fn label(&self, a: u32) -> u32;
    /// Which of `goals` the walk from `from` by its neighbour `first` meets first, within
    /// `limit` squares (the moves as they are now); `None` where it meets neither (the tests'
    /// question; the joins ask [`Wiring::reach_all`]).
    #[cfg(test)]
    fn reach(&self, from: u32, first: u32, goals: [u32; 2], limit: usize) -> Option<u32> {
        let met = self.reach_all(from, first, &goals, limit, &|_| true);
        (met[0].min(met[1]) != NOT_MET).then(|| goals[usize::from(met[1] < met[0])])
    }
    /// The steps after which the walk from `from` by its neighbour `first` meets each of
    /// `goals` ([`NOT_MET`] where it does not within `limit` squares), the walk ending early
    /// once `enough` holds of them (asked each time it meets a goal): one walk answers
    /// the question of which comes first for any two of them.
    fn reach_all(
        &self,
        from: u32,
        first: u32,
        goals: &[u32],
        limit: usize,
        enough: &dyn Fn(&[usize]) -> bool,
    ) -> Vec<usize>;
    /// The squares of the cycles apart from the main one, each with its cycle's label, for
    /// merges to try round: `apart` gives a label's merged cycle where it is not the main
    /// one. Only the rewired ones (`touched`, or those whose moves changed), or with `whole`
    /// every one. The labels come with them as they are known here: a merge's pass then
    /// looks up only the squares a move away.
    fn squares_apart(
        &self,
        apart: &dyn Fn(u32) -> Option<u32>,
        touched: &[u32],
        whole: bool,
    ) -> Vec<(u32, u32)>;
    /// The cycle walked from `from` by its neighbour `first`, up to `len` squares or until it
    /// comes back to `from`.
    fn walk(&mut self, from: u32, first: u32, len: usize) -> Walked;
}

/// A walk of the one cycle left: its squares, or the runs of the base they are copied from
/// once the moves are given up.
pub(super) enum Walked {
    /// The squares in order.
    Path(Vec<u32>),
    /// Runs of the base.
    Runs(Runs),
}

impl Walked {
    /// Squares walked.
    pub(super) fn len(&self) -> usize {
        match self {
            Walked::Path(p) => p.len(),
            Walked::Runs(r) => r.len(),
        }
    }

    /// The squares in order (runs copied from `base`, into `store` where it is long enough).
    pub(super) fn into_path(self, base: Base, store: Vec<u32>) -> Vec<u32> {
        match self {
            Walked::Path(p) => p,
            Walked::Runs(r) => r.write(base, store),
        }
    }
}

/// Every square's two neighbours, with each square's cycle when last numbered.
pub(super) struct Dense {
    links: Links,
    label: Vec<u32>,
}

impl Dense {
    /// The cycle through `base` (every square of the board, in order) and back to its start.
    pub(super) fn cycle(base: &[u32]) -> Dense {
        Dense {
            links: Links::cycle(base),
            label: Vec::new(),
        }
    }
}

#[cfg(test)]
impl Dense {
    /// The moves of `cycles` (each closed, together covering `n` squares or fewer).
    pub(super) fn of_cycles(n: usize, cycles: &[&[u32]]) -> Dense {
        let mut links = Links::new(n);
        for c in cycles {
            for (i, &a) in c.iter().enumerate() {
                links.link(a, c[(i + 1) % c.len()]);
            }
        }
        Dense {
            links,
            label: Vec::new(),
        }
    }
}

impl Moves for Dense {
    fn of(&self, a: u32) -> [u32; 2] {
        self.links.of(a)
    }

    fn link(&mut self, a: u32, b: u32) {
        self.links.link(a, b)
    }

    fn unlink(&mut self, a: u32, b: u32) {
        self.links.unlink(a, b)
    }

    fn read_row(&self, from: u32, len: usize, out: &mut Vec<[u32; 2]>) {
        out.extend((from..from + len as u32).map(|a| self.links.of(a)));
    }

    fn set(&mut self, a: u32, to: [u32; 2]) {
        self.links.set(a, to);
    }
}

impl Wiring for Dense {
    fn cycles(&mut self, blocked: &BitSet) -> Option<Vec<usize>> {
        let n = self.links.len();
        let mut label = vec![u32::MAX; n];
        let mut size: Vec<usize> = Vec::new();
        for start in 0..n as u32 {
            if blocked.contains(start as usize) || label[start as usize] != u32::MAX {
                continue;
            }
            let cycle = size.len() as u32;
            let [first, _] = self.of(start);
            if first == u32::MAX {
                return None;
            }
            let (mut prev, mut at) = (start, first);
            label[start as usize] = cycle;
            let mut len = 1;
            while at != start {
                label[at as usize] = cycle;
                len += 1;
                let [x, y] = self.of(at);
                if x == u32::MAX || y == u32::MAX {
                    return None;
                }
                (prev, at) = (at, if x == prev { y } else { x });
            }
            size.push(len);
        }
        self.label = label;
        Some(size)
    }

    fn label(&self, a: u32) -> u32 {
        self.label[a as usize]
    }

    fn squares_apart(
        &self,
        apart: &dyn Fn(u32) -> Option<u32>,
        touched: &[u32],
        whole: bool,
    ) -> Vec<(u32, u32)> {
        if !whole {
            return touched
                .iter()
                .map(|&a| (a, self.label(a)))
                .filter(|&(_, l)| apart(l).is_some())
                .collect();
        }
        // Each cycle apart walked whole, once, from the first rewired square on it.
        let mut firsts = std::collections::BTreeMap::new();
        for &a in touched {
            if let Some(root) = apart(self.label(a)) {
                firsts.entry(root).or_insert(a);
            }
        }
        firsts
            .values()
            .flat_map(|&a| {
                let l = self.label(a);
                let walk = self.links.walk(a, self.of(a)[0], self.links.len());
                walk.into_iter().map(move |s| (s, l))
            })
            .collect()
    }

    fn walk(&mut self, from: u32, first: u32, len: usize) -> Walked {
        Walked::Path(self.links.walk(from, first, len))
    }

    fn reach_all(
        &self,
        from: u32,
        first: u32,
        goals: &[u32],
        limit: usize,
        enough: &dyn Fn(&[usize]) -> bool,
    ) -> Vec<usize> {
        let mut met = Met::new(goals, enough);
        let (mut prev, mut at) = (from, first);
        for walked in 0..limit {
            if met.note(at, walked, None) || at == from || at == u32::MAX {
                break;
            }
            let [x, y] = self.of(at);
            (prev, at) = (at, if x == prev { y } else { x });
        }
        met.steps
    }
}
