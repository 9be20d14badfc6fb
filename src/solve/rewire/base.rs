//! The whole board's tour the rewiring starts from: kept whole (4 bytes a square), or kept as
//! the tile walk made it ([`Compact`]), which at 10^8 squares saves the 400 MB the tour built
//! round the blocks then takes, and the pass that would fill them.

use crate::solve::merge::compact::Compact;

/// Squares a task of a pass over the board takes.
pub(super) const CHUNK: usize = 1 << 16;

/// A run of a walk taken backwards along the base (the top bit of its length).
pub(super) const BACK: u32 = 1 << 31;

/// Runs of a walk between two kept offsets ([`Runs::offsets`]): a writer's task counts its
/// way along at most this many to its first square, where an offset a run took 7 MB of the
/// peak at 10^8 squares round 10^4 macros.
pub(super) const EVERY: usize = 64;

/// A closed tour (or a path, its ends taken as joined) read place by place.
#[derive(Clone, Copy)]
pub(super) enum Base<'a> {
    /// Every place's square.
    Whole(&'a [u32]),
    /// The tile walk's stretches.
    Kept(&'a Compact),
}

impl Base<'_> {
    /// Places in the tour.
    pub(super) fn len(&self) -> usize {
        match self {
            Base::Whole(p) => p.len(),
            Base::Kept(c) => c.len(),
        }
    }

    /// The square at place `p`.
    #[inline]
    pub(super) fn at(&self, p: usize) -> u32 {
        match self {
            Base::Whole(path) => path[p],
            Base::Kept(c) => c.at(p),
        }
    }

    /// The squares before and after place `p`, round the ends.
    #[inline]
    pub(super) fn links(&self, p: usize) -> [u32; 2] {
        match self {
            Base::Whole(path) => {
                let n = path.len();
                [
                    path[if p == 0 { n - 1 } else { p - 1 }],
                    path[if p + 1 == n { 0 } else { p + 1 }],
                ]
            }
            Base::Kept(c) => c.links(p),
        }
    }

    /// Writes the `out.len()` squares from place `q` on, onwards (or with `back` backwards),
    /// round the tour's ends.
    pub(super) fn copy(&self, q: usize, out: &mut [u32], back: bool) {
        let base = match self {
            Base::Whole(p) => *p,
            Base::Kept(c) => return c.copy(q, out, back),
        };
        let (n, take) = (base.len(), out.len());
        if back {
            // Places q down, round the start.
            let near = take.min(q + 1);
            for (d, &s) in out[..near]
                .iter_mut()
                .zip(base[q + 1 - near..=q].iter().rev())
            {
                *d = s;
            }
            let far = take - near;
            for (d, &s) in out[near..].iter_mut().zip(base[n - far..].iter().rev()) {
                *d = s;
            }
        } else {
            let near = take.min(n - q);
            out[..near].copy_from_slice(&base[q..q + near]);
            out[near..].copy_from_slice(&base[..take - near]);
        }
    }
}

/// `x % n` for `x` below `2 n`: a step round a cycle without a division, which cost more
/// than the rest of the pass over the base's held squares.
#[inline]
pub(super) fn wrap(x: usize, n: usize) -> usize {
    if x >= n {
        x - n
    } else {
        x
    }
}

/// A cycle walked as runs of the base, to be written out once the moves it was walked by
/// are given up (at 10^8 squares the tour is the larger part of the peak).
pub(super) struct Runs {
    /// The square the walk starts from.
    pub(super) from: u32,
    /// Each run's first place and length (the top bit, [`BACK`], set for one taken
    /// backwards).
    pub(super) runs: Vec<(u32, u32)>,
    /// Where every [`EVERY`]th run begins in the walk (from run 0).
    pub(super) offsets: Vec<u32>,
    /// Squares walked, `from` counted twice (at the start and at the end of the last run).
    pub(super) total: usize,
    /// Squares to write at most.
    pub(super) limit: usize,
}

impl Runs {
    /// Squares the walk writes: the cycle (`from` once), at most [`Runs::limit`].
    pub(super) fn len(&self) -> usize {
        (self.total - 1).min(self.limit)
    }

    /// The squares of the walk, copied from `base` run by run on every core into `out` (its
    /// room reused where it is long enough: the zone's store).
    pub(super) fn write(&self, base: Base, mut out: Vec<u32>) -> Vec<u32> {
        let n = base.len();
        let (runs, offsets) = (&self.runs, &self.offsets);
        let total = self.len();
        // Every entry is written below, so a store long enough is only cut short.
        if out.len() >= total {
            out.truncate(total);
        } else {
            out = vec![0u32; total];
        }
        let length = |w: usize| (runs[w].1 & !BACK) as usize;
        let fill = |o: usize, chunk: &mut [u32]| {
            // The run holding square `o` (or the first): the last kept offset at or before
            // it, then counted along.
            let b = offsets
                .partition_point(|&x| x as usize <= o)
                .saturating_sub(1);
            let (mut w, mut from) = (b * EVERY, offsets[b] as usize);
            while w < runs.len() && from + length(w) <= o {
                from += length(w);
                w += 1;
            }
            let mut x = o;
            let end = o + chunk.len();
            if x == 0 {
                chunk[0] = self.from;
                x = 1;
            }
            while x < end && w < runs.len() {
                let (q0, len) = runs[w];
                let (back, len) = (len & BACK != 0, (len & !BACK) as usize);
                let skip = x - from;
                let take = (len - skip).min(end - x);
                let dst = &mut chunk[x - o..x - o + take];
                let q = if back {
                    wrap(q0 as usize + n - skip, n)
                } else {
                    wrap(q0 as usize + skip, n)
                };
                base.copy(q, dst, back);
                x += take;
                from += len;
                w += 1;
            }
        };
        #[cfg(feature = "parallel")]
        if total >= crate::tour::PARALLEL_SQUARES {
            use rayon::prelude::*;
            out.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, chunk)| fill(c * CHUNK, chunk));
            return out;
        }
        for (c, chunk) in out.chunks_mut(CHUNK).enumerate() {
            fill(c * CHUNK, chunk);
        }
        out
    }
}

/// `f` over `slice` cut into chunks of [`CHUNK`] (each with its first index), side by side
/// on every core where the slice is long.
pub(super) fn each_chunk<T: Send>(slice: &mut [T], f: impl Fn(usize, &mut [T]) + Sync + Send) {
    #[cfg(feature = "parallel")]
    if slice.len() >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        slice
            .par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, chunk)| f(c * CHUNK, chunk));
        return;
    }
    for (c, chunk) in slice.chunks_mut(CHUNK).enumerate() {
        f(c * CHUNK, chunk);
    }
}
