//! One band's share of a zone's moves: clusters far enough apart in rows are rewired side
//! by side, each band of rows on the held squares whose ranks it owns.

use super::{Index, Moves};
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
