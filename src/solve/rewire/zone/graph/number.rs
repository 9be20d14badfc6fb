//! The cycles of a graph numbered on every core: each stretch of the node list is walked by
//! one task, which cuts the cycles into pieces that stay on its stretch (on one core the
//! walk took 34-47 ms at 10^8 squares round 10^4 macros); the pieces are then chained into
//! cycles on one core, a few thousand of them, and the cycles numbered by their first node,
//! as one walk from the first node on numbers them.

use super::{Graph, INDEX};
use crate::solve::rewire::zone::GATHER;

/// Nodes a task walks.
pub(super) const STRETCH_NODES: usize = 1 << 16;

/// A piece of a cycle on one stretch: its first node, its length in squares (with each step
/// that leaves the stretch counted on the side of its lower node), and where it leaves the
/// stretch at either end (a node and the slot it leaves by), none for a whole cycle.
#[derive(Clone, Copy)]
struct Piece {
    first: usize,
    len: usize,
    ends: Option<[(usize, usize); 2]>,
}

impl Graph {
    /// Numbers the cycles (each node's label), the nodes walked `stretch` to a task: each
    /// cycle's size in squares, or `None` where the steps do not close up.
    pub(super) fn number_in(&mut self, n: usize, stretch: usize) -> Option<Vec<usize>> {
        let m = self.nodes.len();
        // Each node's piece (on its stretch) in the labels, each stretch's pieces in a list:
        // all made here, as a list grown by a worker stays in that worker's heap, which
        // glibc does not hand back ([`super::super::gathered`]).
        let mut label = vec![u32::MAX; m];
        let mut cuts: Vec<(usize, &mut [u32], Vec<Piece>)> = label
            .chunks_mut(stretch)
            .enumerate()
            .map(|(s, l)| (s * stretch, l, Vec::with_capacity(GATHER)))
            .collect();
        let cut = |(first, piece_of, pieces): &mut (usize, &mut [u32], Vec<Piece>)| {
            self.cut(n, *first, piece_of, pieces)
        };
        #[cfg(feature = "parallel")]
        let ok = if m >= crate::tour::PARALLEL_SQUARES / 16 {
            use rayon::prelude::*;
            cuts.par_iter_mut().all(cut)
        } else {
            cuts.iter_mut().all(cut)
        };
        #[cfg(not(feature = "parallel"))]
        let ok = cuts.iter_mut().all(cut);
        if !ok {
            return None;
        }
        // Every piece's number over all stretches, from the first of its stretch's.
        let mut first_piece = Vec::with_capacity(cuts.len() + 1);
        let mut count = 0;
        for c in &cuts {
            first_piece.push(count);
            count += c.2.len();
        }
        let piece_at = |i: usize| {
            let s = i / stretch;
            first_piece[s] + cuts[s].1[i - s * stretch] as usize
        };
        let pieces: Vec<&Piece> = cuts.iter().flat_map(|c| &c.2).collect();
        // Each piece's cycle: the pieces chained by the steps that leave them, each cycle
        // with its first node and size.
        let mut cycle_of = vec![u32::MAX; count];
        let mut cycles: Vec<(usize, usize)> = Vec::new();
        for p in 0..count {
            if cycle_of[p] != u32::MAX {
                continue;
            }
            let c = cycles.len() as u32;
            let (mut first, mut len) = (usize::MAX, 0);
            let (mut at, mut end) = (p, 1);
            for hops in 0.. {
                if hops > count {
                    return None;
                }
                cycle_of[at] = c;
                let piece = pieces[at];
                (first, len) = (first.min(piece.first), len + piece.len);
                let Some(ends) = piece.ends else { break };
                // Out by one end, into the next piece by the end the step comes back by.
                let (from, slot) = ends[end];
                let step = self.nodes[from].steps[slot];
                let to = (step & INDEX) as usize;
                let back = 1 - Graph::leave(from, step, &self.nodes[to])?;
                at = piece_at(to);
                let next = pieces[at].ends?;
                end = if next[0] == (to, back) { 1 } else { 0 };
                if at == p {
                    break;
                }
            }
            cycles.push((first, len));
        }
        // Numbered by their first nodes.
        let mut by_first: Vec<u32> = (0..cycles.len() as u32).collect();
        by_first.sort_unstable_by_key(|&c| cycles[c as usize].0);
        let mut number = vec![0u32; cycles.len()];
        for (k, &c) in by_first.iter().enumerate() {
            number[c as usize] = k as u32;
        }
        let size = by_first.iter().map(|&c| cycles[c as usize].1).collect();
        drop(pieces);
        for (s, (_, piece_of, _)) in cuts.iter_mut().enumerate() {
            let base = first_piece[s];
            for p in piece_of.iter_mut() {
                *p = number[cycle_of[base + *p as usize] as usize];
            }
        }
        drop(cuts);
        self.label = label;
        Some(size)
    }

    /// The pieces of the cycles on the nodes from `first` on (of a base of `n` places), each
    /// node's in `piece_of` (all [`u32::MAX`] at first) and the pieces on `pieces`; `false`
    /// where the steps do not close up.
    fn cut(&self, n: usize, first: usize, piece_of: &mut [u32], pieces: &mut Vec<Piece>) -> bool {
        let r = first..first + piece_of.len();
        for start in r.clone() {
            if piece_of[start - r.start] != u32::MAX {
                continue;
            }
            let p = pieces.len() as u32;
            piece_of[start - r.start] = p;
            let (mut len, mut ends) = (0usize, [(0, 0); 2]);
            let mut whole = false;
            // Out by each slot of the first node in turn, till the stretch is left or the
            // walk comes back round.
            for (slot0, end) in ends.iter_mut().enumerate() {
                let (mut at, mut slot) = (start, slot0);
                for hops in 0.. {
                    if hops > r.len() {
                        return false;
                    }
                    let step = self.nodes[at].steps[slot];
                    let (gap, to) = self.gap(n, &self.nodes[at], step);
                    let next = (step & INDEX) as usize;
                    if !r.contains(&next) {
                        if at < next {
                            len += 1 + gap;
                        }
                        *end = (at, slot);
                        break;
                    }
                    len += 1 + gap;
                    let Some(next_slot) = Graph::leave(at, step, to) else {
                        return false;
                    };
                    slot = next_slot;
                    if next == start {
                        whole = true;
                        break;
                    }
                    piece_of[next - r.start] = p;
                    at = next;
                }
                if whole {
                    break;
                }
            }
            pieces.push(Piece {
                first: start,
                len,
                ends: (!whole).then_some(ends),
            });
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::tests::Plan;
    use super::*;

    impl Graph {
        /// [`Graph::number_in`] by one walk from the first node on, cycle after cycle.
        fn number_walked(&mut self, n: usize) -> Option<Vec<usize>> {
            let m = self.nodes.len();
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
                    let step = self.nodes[at].steps[slot];
                    let (gap, to) = self.gap(n, &self.nodes[at], step);
                    len += 1 + gap;
                    slot = Graph::leave(at, step, to)?;
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
    }

    #[test]
    fn cycles_numbered_in_pieces_are_those_of_one_walk() {
        // Stretches of every size, down to a node each, number the cycles round three
        // macros as one walk does: the same sizes in the same order and the same labels,
        // after the flows and again after some clusters are rewired with other moves.
        let plan = Plan::new();
        let (mut zone, _) = plan.rewired();
        for again in [0..0, 0..2] {
            plan.rewire_again(&mut zone, again);
            zone.graph = None;
            let n = zone.ix.base.len();
            let mut g = zone.graph_now().unwrap();
            let sizes = g.number_walked(n).unwrap();
            let labels = g.label.clone();
            assert!(sizes.len() > 1, "one cycle: nothing to number");
            for stretch in [1, 2, 3, 7, 64, 1 << 16] {
                g.label.clear();
                assert_eq!(g.number_in(n, stretch).unwrap(), sizes, "stretch {stretch}");
                assert_eq!(g.label, labels, "stretch {stretch}");
            }
        }
    }
}
