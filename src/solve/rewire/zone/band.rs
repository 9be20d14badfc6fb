//! One band's share of a zone's moves: clusters far enough apart in rows are rewired side
//! by side, each band of rows on the held squares whose ranks it owns.

use super::{Cluster, Index, Moves};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// One band's share of a zone's moves, rewired on its own: the held squares of ranks
/// `first..first + links.len()`.
pub(super) struct Band<'z, 'a> {
    pub(super) ix: &'z Index<'a>,
    pub(super) links: &'z mut [[u32; 2]],
    pub(super) first: usize,
    /// Ranks whose moves changed.
    pub(super) changed: Vec<u32>,
    pub(super) stray: &'z AtomicBool,
}

impl Band<'_, '_> {
    /// Where `a`'s moves are in this share, noting a square outside it.
    #[inline]
    fn slot(&self, a: u32) -> Option<usize> {
        let k = self.ix.rank_or_note(a, self.stray)?;
        let i = k.checked_sub(self.first).filter(|&i| i < self.links.len());
        if i.is_none() {
            self.stray.store(true, Relaxed);
        }
        i
    }

    /// Asks the memory for what finds the ranks of box `c`'s squares, and whether they are
    /// blocked: a cluster after next's.
    pub(super) fn warm_index(&self, c: &Cluster) {
        let cols = self.ix.board.cols as usize;
        let (held, blocked) = (self.ix.held.words(), self.ix.blocked.words());
        for r in c.r0 as usize..c.r1 as usize {
            let (a, z) = (r * cols + c.c0 as usize, r * cols + c.c1 as usize);
            for w in a >> 6..=(z - 1) >> 6 {
                if let (Some(h), Some(k), Some(b)) =
                    (held.get(w), self.ix.rank.get(w), blocked.get(w))
                {
                    prefetch(h);
                    prefetch(k);
                    prefetch(b);
                }
            }
        }
    }

    /// Asks the memory for the moves of box `c`'s held squares in this share: the next
    /// cluster's, whose ranks [`Band::warm_index`] brought near.
    pub(super) fn warm(&self, c: &Cluster) {
        let cols = self.ix.board.cols as usize;
        let share = |k: usize| k.saturating_sub(self.first).min(self.links.len());
        for r in c.r0 as usize..c.r1 as usize {
            let lo = share(self.ix.rank_at(r * cols + c.c0 as usize));
            let hi = share(self.ix.rank_at(r * cols + c.c1 as usize));
            // One a cache line, and the last.
            for i in (lo..hi).step_by(8).chain((hi > lo).then_some(hi - 1)) {
                prefetch(&self.links[i]);
            }
        }
    }
}

/// A hint to the memory that `x` is soon read: its line is fetched while the core works
/// on (a read would wait for it).
#[inline(always)]
fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads no value and never faults, whatever the address.
    unsafe {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch(std::ptr::from_ref(x).cast::<i8>(), _MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

impl Moves for Band<'_, '_> {
    fn knows(&self, a: u32) -> bool {
        self.ix
            .rank_of(a)
            .is_some_and(|k| k >= self.first && k < self.first + self.links.len())
    }

    fn lost(&self) -> bool {
        self.stray.load(Relaxed)
    }

    fn lose(&self) {
        self.stray.store(true, Relaxed);
    }

    fn read_row(&self, from: u32, len: usize, out: &mut Vec<[u32; 2]>) {
        self.ix.read_row(from, len, self.links, self.first, out);
    }

    fn set(&mut self, a: u32, to: [u32; 2]) {
        if let Some(i) = self.slot(a) {
            self.links[i] = to;
            self.changed.push((self.first + i) as u32);
        }
    }

    fn of(&self, a: u32) -> [u32; 2] {
        match self.slot(a) {
            Some(i) => self.links[i],
            None => [u32::MAX; 2],
        }
    }

    fn link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(i) = self.slot(x) {
                let slot = &mut self.links[i];
                slot[usize::from(slot[0] != u32::MAX)] = y;
                self.changed.push((self.first + i) as u32);
            }
        }
    }

    fn unlink(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(i) = self.slot(x) {
                let slot = &mut self.links[i];
                slot[usize::from(slot[0] != y)] = u32::MAX;
                self.changed.push((self.first + i) as u32);
            }
        }
    }
}
