//! The whole board's tour the rewiring starts from: kept whole (4 bytes a square), or kept as
//! the tile walk made it ([`Compact`]), which at 10^8 squares saves the 400 MB the tour built
//! round the blocks then takes, and the pass that would fill them.

use crate::solve::merge::compact::Compact;

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
