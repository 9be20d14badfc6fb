//! A cycle kept as each square's two neighbours on it, so that two cycles are merged by
//! swapping two steps for two others in O(1): the tiles of the free leapers and the wire's
//! rings of 2x2 cells are both joined this way.

/// Each square's two neighbours on its cycle (`u32::MAX` for a free slot).
pub(super) struct Links(Vec<[u32; 2]>);

impl Links {
    /// `n` squares on no cycle yet.
    pub(super) fn new(n: usize) -> Links {
        Links(vec![[u32::MAX; 2]; n])
    }

    /// The cycle through `path` (every square of the board, in order) and back to its start.
    pub(super) fn cycle(path: &[u32]) -> Links {
        let n = path.len();
        if n < 3 {
            return Links(vec![[u32::MAX; 2]; n]);
        }
        // Zeroed pages come from the system untouched; every entry is written below, the
        // path being a permutation.
        let mut v = vec![[0u32; 2]; n];
        for w in path.windows(3) {
            v[w[1] as usize] = [w[0], w[2]];
        }
        v[path[0] as usize] = [path[n - 1], path[1]];
        v[path[n - 1] as usize] = [path[n - 2], path[0]];
        Links(v)
    }

    /// Squares, on a cycle or not.
    pub(super) fn len(&self) -> usize {
        self.0.len()
    }

    /// The two neighbours of `a`.
    #[inline]
    pub(super) fn of(&self, a: u32) -> [u32; 2] {
        self.0[a as usize]
    }

    /// Gives `a` the neighbours `to` (their own are left as they are).
    #[inline]
    pub(super) fn set(&mut self, a: u32, to: [u32; 2]) {
        self.0[a as usize] = to;
    }

    /// Adds the step between `a` and `b`.
    pub(super) fn link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut self.0[x as usize];
            slot[usize::from(slot[0] != u32::MAX)] = y;
        }
    }

    /// Removes the step between `a` and `b` (which must be there).
    pub(super) fn unlink(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut self.0[x as usize];
            slot[usize::from(slot[0] != y)] = u32::MAX;
        }
    }

    /// Two cycles made one: the steps a-b and x-y give way to a-x and b-y.
    pub(super) fn swap(&mut self, (a, b): (u32, u32), (x, y): (u32, u32)) {
        self.unlink(a, b);
        self.unlink(x, y);
        self.link(a, x);
        self.link(b, y);
    }

    /// The squares met walking from `from` by its neighbour `first`, up to `len` of them or
    /// until the walk comes back to `from`.
    pub(super) fn walk(&self, from: u32, first: u32, len: usize) -> Vec<u32> {
        let mut path = Vec::with_capacity(len);
        path.push(from);
        let (mut prev, mut at) = (from, first);
        while at != from && path.len() < len {
            path.push(at);
            let [x, y] = self.of(at);
            (prev, at) = (at, if x == prev { y } else { x });
        }
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_rings_swapped_into_one_and_walked() {
        let mut l = Links::new(8);
        for ring in [[0, 1, 2, 3], [4, 5, 6, 7]] {
            for k in 0..4 {
                l.link(ring[k], ring[(k + 1) % 4]);
            }
        }
        l.swap((1, 2), (5, 6));
        assert_eq!(l.walk(0, 1, 8), vec![0, 1, 5, 4, 7, 6, 2, 3]);
    }
}
