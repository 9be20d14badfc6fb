//! A zone's cycles over its nodes alone: the held squares whose moves are not the base's.
//! Each node's two steps lead to a node, straight (a move) or through a stretch of the base
//! whose squares all kept the base's moves, onwards or backwards.

use super::{chunks, Zone, CHUNK};
use std::sync::atomic::Ordering::Relaxed;

/// A step to a node by a move of its own.
const DIRECT: u32 = 0;
/// A step onwards along the base.
const ONWARDS: u32 = 1 << 30;
/// A step backwards along the base.
const BACKWARDS: u32 = 2 << 30;
/// The node a step leads to.
const INDEX: u32 = (1 << 30) - 1;
/// No step: a square short of a move, or a move to a square that is not a node.
const NONE: u32 = u32::MAX;

/// The nodes of a zone and their steps.
pub(super) struct Graph {
    /// The nodes' ranks, in base order.
    nodes: Vec<u32>,
    /// The nodes' places in the base, ascending.
    places: Vec<u32>,
    /// Each node's two steps (the node reached, with how), in the order of its moves.
    steps: Vec<[u32; 2]>,
    /// Each node's cycle, once numbered.
    label: Vec<u32>,
}

impl Graph {
    /// The graph of the zone's moves now; `None` where a square lacks a move.
    pub(super) fn of(z: &Zone) -> Option<Graph> {
        let forced: Vec<usize> = z.forced.iter().filter_map(|&f| z.ix.rank_of(f)).collect();
        let words = z.dirty.words();
        let mut keyed: Vec<u64> = chunks(words.len(), |r| {
            let mut v = Vec::new();
            for k in crate::bits::ones(&words[r.clone()]) {
                let k = r.start * 64 + k as usize;
                let [x, y] = z.links[k];
                // A blocked square has given up both its moves.
                if x == u32::MAX && y == u32::MAX {
                    continue;
                }
                let p = z.ix.pos[k];
                let b = z.ix.base_links(p);
                if !((x == b[0] && y == b[1]) || (x == b[1] && y == b[0])) || forced.contains(&k) {
                    v.push(u64::from(p) << 32 | k as u64);
                }
            }
            v
        })
        .concat();
        sort(&mut keyed);
        let m = keyed.len();
        if m == 0 || m > INDEX as usize {
            return None;
        }
        let nodes: Vec<u32> = keyed.iter().map(|&x| x as u32).collect();
        let places: Vec<u32> = keyed.iter().map(|&x| (x >> 32) as u32).collect();
        drop(keyed);
        chunks(m, |r| {
            for i in r {
                z.node_of[nodes[i] as usize].store(i as u32, Relaxed);
            }
        });
        let g = Graph {
            nodes,
            places,
            steps: Vec::new(),
            label: Vec::new(),
        };
        let steps: Vec<[u32; 2]> = chunks(m, |r| {
            r.map(|i| {
                let b = z.ix.base_links(g.places[i]);
                z.links[g.nodes[i] as usize].map(|u| {
                    if u == u32::MAX {
                        NONE
                    } else if u == b[1] {
                        ONWARDS | ((i + 1) % m) as u32
                    } else if u == b[0] {
                        BACKWARDS | ((i + m - 1) % m) as u32
                    } else {
                        z.ix.rank_of(u)
                            .and_then(|k| g.node(z, k))
                            .map_or(NONE, |i| i as u32)
                    }
                })
            })
            .collect::<Vec<[u32; 2]>>()
        })
        .concat();
        if steps.iter().any(|s| s.contains(&NONE)) {
            return None;
        }
        Some(Graph { steps, ..g })
    }

    /// The node of the held square of rank `k`, if it is one.
    #[inline]
    fn node(&self, z: &Zone, k: usize) -> Option<usize> {
        let i = z.node_of[k].load(Relaxed) as usize;
        (self.nodes.get(i) == Some(&(k as u32))).then_some(i)
    }

    /// Squares a step passes before it reaches its node.
    #[inline]
    fn gap(&self, n: usize, at: usize, step: u32) -> usize {
        let (from, to) = (
            self.places[at] as usize,
            self.places[(step & INDEX) as usize] as usize,
        );
        match step & !INDEX {
            ONWARDS => (to + n - from - 1) % n,
            BACKWARDS => (from + n - to - 1) % n,
            _ => 0,
        }
    }

    /// The slot of node `to` to leave by, reached from `at` by `step`; `None` where `to` has
    /// no step back.
    #[inline]
    fn leave(&self, at: usize, step: u32) -> Option<usize> {
        let back = match step & !INDEX {
            ONWARDS => BACKWARDS,
            BACKWARDS => ONWARDS,
            _ => DIRECT,
        } | at as u32;
        let to = &self.steps[(step & INDEX) as usize];
        if to[0] == back {
            Some(1)
        } else if to[1] == back {
            Some(0)
        } else {
            None
        }
    }

    /// Numbers the cycles (each node's label): each cycle's size, or `None` where the steps
    /// do not close up.
    pub(super) fn number(&mut self, z: &Zone) -> Option<Vec<usize>> {
        let (m, n) = (self.nodes.len(), z.ix.base.len());
        let mut label = vec![u32::MAX; m];
        let mut size = Vec::new();
        for start in 0..m {
            if label[start] != u32::MAX {
                continue;
            }
            let cycle = size.len() as u32;
            let (mut at, mut slot, mut len, mut hops) = (start, 0, 0usize, 0usize);
            loop {
                label[at] = cycle;
                let step = self.steps[at][slot];
                len += 1 + self.gap(n, at, step);
                slot = self.leave(at, step)?;
                at = (step & INDEX) as usize;
                hops += 1;
                if at == start {
                    break;
                }
                if hops > m {
                    return None;
                }
            }
            size.push(len);
        }
        self.label = label;
        Some(size)
    }

    /// The cycle of the held square of rank `k` (open): a node's own, or that of the node
    /// before it in the base, whose stretch it lies on.
    pub(super) fn label(&self, z: &Zone, k: usize) -> u32 {
        if let Some(i) = self.node(z, k) {
            return self.label[i];
        }
        let m = self.nodes.len();
        let i = self.places.partition_point(|&q| q < z.ix.pos[k]);
        self.label[(i + m - 1) % m]
    }

    /// The held squares of the cycles `apart` picks: their nodes, and with `whole` the held
    /// squares of the stretches onwards from them (each stretch is onwards from one of its
    /// two ends).
    pub(super) fn squares_apart(
        &self,
        z: &Zone,
        apart: &dyn Fn(u32) -> Option<u32>,
        whole: bool,
    ) -> Vec<u32> {
        let n = z.ix.base.len();
        let mut out = Vec::new();
        for (i, &l) in self.label.iter().enumerate() {
            if apart(l).is_none() {
                continue;
            }
            let p = self.places[i] as usize;
            out.push(z.ix.base[p]);
            if !whole {
                continue;
            }
            for &step in &self.steps[i] {
                if step & !INDEX == ONWARDS {
                    let gap = self.gap(n, i, step);
                    out.extend(
                        (1..=gap)
                            .map(|d| z.ix.base[(p + d) % n])
                            .filter(|&a| z.ix.rank_of(a).is_some()),
                    );
                }
            }
        }
        out
    }

    /// The cycle walked from `from` (a node) by its neighbour `first`, up to `len` squares or
    /// until it comes back to `from`, written stretch by stretch on every core.
    pub(super) fn walk(&self, z: &Zone, from: u32, first: u32, len: usize) -> Option<Vec<u32>> {
        let (m, n) = (self.nodes.len(), z.ix.base.len());
        let k = z.ix.rank_of(from)?;
        let start = self.node(z, k)?;
        let mut slot = z.links[k].iter().position(|&u| u == first)?;
        // The steps in walking order, each with where its squares begin in the walk.
        let mut walk: Vec<(u32, u32)> = Vec::new();
        let mut offsets: Vec<usize> = Vec::new();
        let (mut at, mut total) = (start, 1usize);
        loop {
            let step = self.steps[at][slot];
            walk.push((at as u32, step));
            offsets.push(total);
            total += 1 + self.gap(n, at, step);
            slot = self.leave(at, step)?;
            at = (step & INDEX) as usize;
            if at == start {
                break;
            }
            if walk.len() > m {
                return None;
            }
        }
        // The last step's node is `from` again.
        let total = (total - 1).min(len);
        let mut out = vec![0u32; total];
        let fill = |o: usize, chunk: &mut [u32]| {
            let mut w = offsets.partition_point(|&x| x <= o).saturating_sub(1);
            let mut x = o;
            let end = o + chunk.len();
            if x == 0 {
                chunk[0] = from;
                x = 1;
            }
            while x < end && w < walk.len() {
                let (at, step) = walk[w];
                let gap = self.gap(n, at as usize, step);
                let (lo, hi) = (offsets[w], offsets[w] + gap + 1);
                // Entries x..hi.min(end) of this step: its stretch, then its node.
                let stop = hi.min(end);
                let from_place = self.places[at as usize] as usize;
                while x < stop {
                    let j = x - lo;
                    if j < gap {
                        // A run of the stretch, up to the wrap of the base or the chunk's end.
                        let take = (gap - j).min(stop - x);
                        let dst = &mut chunk[x - o..x - o + take];
                        if step & !INDEX == ONWARDS {
                            let q = (from_place + 1 + j) % n;
                            let first_part = take.min(n - q);
                            dst[..first_part].copy_from_slice(&z.ix.base[q..q + first_part]);
                            dst[first_part..].copy_from_slice(&z.ix.base[..take - first_part]);
                        } else {
                            let q = (from_place + n - 1 - j) % n;
                            for (d, t) in dst.iter_mut().zip(0..take) {
                                let idx = if t <= q { q - t } else { q + n - t };
                                *d = z.ix.base[idx];
                            }
                        }
                        x += take;
                    } else {
                        chunk[x - o] = z.ix.base[self.places[(step & INDEX) as usize] as usize];
                        x += 1;
                    }
                }
                w += 1;
            }
        };
        #[cfg(feature = "parallel")]
        if total >= crate::tour::PARALLEL_SQUARES {
            use rayon::prelude::*;
            out.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, chunk)| fill(c * CHUNK, chunk));
            return Some(out);
        }
        for (c, chunk) in out.chunks_mut(CHUNK).enumerate() {
            fill(c * CHUNK, chunk);
        }
        Some(out)
    }
}

/// Sorts node keys (place, rank), on every core where they are many.
fn sort(keys: &mut [u64]) {
    #[cfg(feature = "parallel")]
    if keys.len() >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        keys.par_sort_unstable();
        return;
    }
    keys.sort_unstable();
}
