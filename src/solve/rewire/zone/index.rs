//! Which squares a zone holds and where each is in the base: one bit a square, the held
//! squares before each word, and each held square's place; a row of held squares read at
//! once, and a kept base's places and neighbours looked up run by run on every core.

use super::{Base, CHUNK, UNKNOWN};
use crate::bits::BitSet;
use crate::board::Board;
use crate::solve::merge::compact::Compact;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Which squares are held, and where each held square is in the base: fixed once built.
pub(super) struct Index<'a> {
    /// The board the zone lies on.
    pub(super) board: Board,
    /// The whole board's tour the rewiring starts from.
    pub(super) base: Base<'a>,
    /// One bit a square: set for a blocked one.
    pub(super) blocked: &'a BitSet,
    /// One bit a square: set for a held square.
    pub(super) held: BitSet,
    /// Held squares in the words before each word of `held`.
    pub(super) rank: Vec<u32>,
    /// Each held square's place in the base, by rank.
    pub(super) pos: &'a [u32],
    /// How far from its cluster's box a rewiring may reach.
    pub(super) margin: u32,
}

impl Index<'_> {
    /// A held square's rank.
    #[inline]
    pub(super) fn rank_of(&self, a: u32) -> Option<usize> {
        let w = (a >> 6) as usize;
        let word = *self.held.words().get(w)?;
        let bit = 1u64 << (a & 63);
        (word & bit != 0).then(|| self.rank[w] as usize + (word & (bit - 1)).count_ones() as usize)
    }

    /// Held squares before square `i`.
    pub(super) fn rank_at(&self, i: usize) -> usize {
        let w = i >> 6;
        match self.held.words().get(w) {
            Some(&word) => {
                self.rank[w] as usize + (word & ((1u64 << (i & 63)) - 1)).count_ones() as usize
            }
            None => self.pos.len(),
        }
    }

    /// `a`'s rank, noting in `stray` a square outside the zone (a blocked one has no moves
    /// to keep).
    #[inline]
    pub(super) fn rank_or_note(&self, a: u32, stray: &AtomicBool) -> Option<usize> {
        let k = self.rank_of(a);
        if k.is_none() && !self.blocked.contains(a as usize) {
            stray.store(true, Relaxed);
        }
        k
    }

    /// The two neighbours of each of the `len` squares from `from`, pushed on `out`: those of
    /// the held squares of ranks `first..first + links.len()` from `links`, none for a
    /// blocked square not held, and [`UNKNOWN`] twice for any other.
    pub(super) fn read_row(
        &self,
        from: u32,
        len: usize,
        links: &[[u32; 2]],
        first: usize,
        out: &mut Vec<[u32; 2]>,
    ) {
        // The ranks of a row's held squares follow one another: one rank found, the rest
        // counted along the row's bits, and a run of held squares copied at once (a square
        // at a time, reading a cluster's box took a fifth of its rewiring).
        let words = self.held.words();
        let mut k = self.rank_at(from as usize);
        let (mut a, end) = (from as usize, from as usize + len);
        let owned = first..first + links.len();
        while a < end {
            let (held, run) = run_at(words, a, end);
            if held {
                // Ranks `k..k + run`, of which this share owns `lo..hi`.
                let lo = k.max(owned.start).min(k + run);
                let hi = (k + run).min(owned.end).max(lo);
                out.extend(std::iter::repeat_n([UNKNOWN; 2], lo - k));
                if hi > lo {
                    out.extend_from_slice(&links[lo - first..hi - first]);
                }
                out.extend(std::iter::repeat_n([UNKNOWN; 2], k + run - hi));
                k += run;
            } else {
                out.extend((a..a + run).map(|b| {
                    if self.blocked.contains(b) {
                        [u32::MAX; 2]
                    } else {
                        [UNKNOWN; 2]
                    }
                }));
            }
            a += run;
        }
    }

    /// The squares before and after place `p` of the base, round its ends.
    #[inline]
    pub(super) fn base_links(&self, p: u32) -> [u32; 2] {
        self.base.links(p as usize)
    }
}

/// Whether square `a` is in the set of `words`, and how many squares from `a` on (before
/// `end`, in `a`'s word) are in it or out of it alike: a run read at once.
#[inline]
pub(super) fn run_at(words: &[u64], a: usize, end: usize) -> (bool, usize) {
    let word = words.get(a >> 6).copied().unwrap_or(0) >> (a & 63);
    let held = word & 1 != 0;
    let same = if held { !word } else { word };
    let run = (same.trailing_zeros() as usize)
        .min(64 - (a & 63))
        .min(end - a);
    (held, run)
}

/// Each held square's place in a kept base and its two neighbours there, by rank, written on
/// every core straight into `pos` and `links`, which those writes first touch (atomics and a
/// first pass to touch them cost a third more); `true` where a square was not found (never,
/// for a tour).
pub(super) fn by_rank(ix: &Index, kept: &Compact, pos: &mut [u32], links: &mut [[u32; 2]]) -> bool {
    let total = pos.len();
    let words = ix.held.words();
    let per = CHUNK / 64;
    // Each task's words and the ranks of their squares, cut from the arrays in order.
    let mut jobs = Vec::new();
    let (mut pos_rest, mut links_rest) = (pos, links);
    for w0 in (0..words.len()).step_by(per) {
        let w1 = (w0 + per).min(words.len());
        let end = words.get(w1).map_or(total, |_| ix.rank[w1] as usize);
        let len = end - ix.rank[w0] as usize;
        let (p, p_rest) = std::mem::take(&mut pos_rest).split_at_mut(len);
        let (l, l_rest) = std::mem::take(&mut links_rest).split_at_mut(len);
        (pos_rest, links_rest) = (p_rest, l_rest);
        jobs.push((w0..w1, p, l));
    }
    let lost = AtomicBool::new(false);
    // Run by run of held squares in a row, each run looked up at once.
    let cols = ix.board.cols as usize;
    let run = |(r, p, l): (std::ops::Range<usize>, &mut [u32], &mut [[u32; 2]])| {
        let (mut a, end, mut i) = (r.start * 64, (r.end * 64).min(ix.board.area()), 0);
        while a < end {
            let (held, len) = run_at(words, a, end);
            let len = len.min(cols - a % cols);
            if held && !kept.around_run(a as u32, &mut p[i..i + len], &mut l[i..i + len]) {
                lost.store(true, Relaxed);
            }
            if held {
                i += len;
            }
            a += len;
        }
    };
    #[cfg(feature = "parallel")]
    if total >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        jobs.into_par_iter().for_each(run);
        return lost.into_inner();
    }
    jobs.into_iter().for_each(run);
    lost.into_inner()
}
