//! The last walk of a zone's one cycle, as runs of the base: walked from its first node both
//! ways round at once, one walker each way, until they meet. The walk waits on memory at
//! every node (a step leads to a node far away in the list), so on one core it took 35-40 ms
//! at 10^8 squares round 10^4 macros, with the other core idle.
//!
//! The cycle holds every node (it covers every open square), so the first walker takes the
//! first half of the nodes' steps and the second the rest, the other way round, and no
//! walker needs to know where the other is. They must meet on one node, neither having
//! come back to the first, else the steps do not make one cycle of them all: then one
//! walker walks the first node's cycle alone, as far as it goes (a walk the caller finds
//! short). The runs, the first walker's and then the second's in the other order, are those
//! one walk writes, wherever the two met.

use super::super::{wrap, Runs, Zone, BACK, EVERY};
use super::{Graph, BACKWARDS, INDEX, ONWARDS};

/// Which way a walker goes round the cycle.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// The walk's own way: each step's run is the squares after its node, up to and with
    /// the node it leads to.
    Along,
    /// The other way: each step's run is the squares of the step it takes as the walk's
    /// own way takes them (after the node it leads to, up to and with its own node).
    Against,
}

impl Graph {
    /// The cycle walked from `from` (a node) by its neighbour `first`, as runs of the base,
    /// `limit` squares of it at most to be written; `None` where the steps do not make one
    /// cycle of every node.
    pub(in crate::solve::rewire::zone) fn walk(
        &self,
        z: &Zone,
        (from, first): (u32, u32),
        limit: usize,
    ) -> Option<Runs> {
        let k = z.ix.rank_of(from)?;
        let start = self.node(z, k)?;
        let slot = z.links[k].iter().position(|&u| u == first)?;
        self.walk_from(z.ix.base.len(), (start, slot), from, limit)
    }

    /// [`Graph::walk`] from node `start` by its step `slot`, over a base of `n` places.
    fn walk_from(
        &self,
        n: usize,
        (start, slot): (usize, usize),
        from: u32,
        limit: usize,
    ) -> Option<Runs> {
        let m = self.nodes.len();
        let half = m.div_ceil(2);
        // Both lists are made here, on the calling thread, with room for all their runs at
        // once: a list a worker grows stays in that worker's heap, and grown step by step
        // the heap kept the smaller copies through the write (12 MB of the peak at 10^8
        // squares round 10^4 macros). A run a step, so the walk's list takes the other's
        // without growing.
        let (mut along, mut against) = (Vec::with_capacity(m), Vec::with_capacity(m - half));
        let (on, back) = (&mut along, &mut against);
        let walk_along = || self.walker(n, (start, slot), (Way::Along, half), on);
        let walk_against = || self.walker(n, (start, 1 - slot), (Way::Against, m - half), back);
        #[cfg(feature = "parallel")]
        let (a, b) = rayon::join(walk_along, walk_against);
        #[cfg(not(feature = "parallel"))]
        let (a, b) = {
            let (mut walk_along, mut walk_against) = (walk_along, walk_against);
            (walk_along(), walk_against())
        };
        // Meeting on one node other than the first, neither having come back to the first on
        // the way, the two walked a cycle of every node (a shorter one would have brought
        // the first walker back to the first node by the end of its half). Else the cycle
        // from the first node is walked by one walker, as far as it goes.
        let (a, b) = (a?, b?);
        if a != b || a == start {
            along.clear();
            if self.walker(n, (start, slot), (Way::Along, m), &mut along)? != start {
                return None;
            }
            against.clear();
        }
        along.extend(against.iter().rev());
        drop(against);
        let mut offsets: Vec<u32> = Vec::with_capacity(m / EVERY + 1);
        // `from` is counted at the start, and again at the end of the last run.
        let mut total = 1usize;
        for (i, &(_, len)) in along.iter().enumerate() {
            if i % EVERY == 0 {
                offsets.push(u32::try_from(total).ok()?);
            }
            total = total
                .checked_add((len & !BACK) as usize)
                .filter(|&t| t <= u32::MAX as usize)?;
        }
        Some(Runs {
            from,
            runs: along,
            offsets,
            total,
            limit,
        })
    }

    /// One walker: `steps` steps from node `start`, leaving it by `slot`, or fewer where it
    /// comes back to `start`, each step's run pushed on `runs` as the walk's way round
    /// takes it; the node it ends on, or `None` where a step has no step back.
    fn walker(
        &self,
        n: usize,
        (start, mut slot): (usize, usize),
        (way, steps): (Way, usize),
        runs: &mut Vec<(u32, u32)>,
    ) -> Option<usize> {
        let mut at = start;
        for _ in 0..steps {
            let nd = &self.nodes[at];
            let step = nd.steps[slot];
            let (gap, to) = self.gap(n, nd, step);
            let p = nd.place as usize;
            let len = gap as u32 + 1;
            runs.push(match (way, step & !INDEX) {
                (Way::Along, ONWARDS) => (wrap(p + 1, n) as u32, len),
                (Way::Along, BACKWARDS) => (wrap(p + n - 1, n) as u32, len | BACK),
                (Way::Along, _) => (to.place, 1),
                // The same squares the other way round: from the node it leads to (not
                // written) to `at`.
                (Way::Against, ONWARDS) => (wrap(p + gap, n) as u32, len | BACK),
                (Way::Against, BACKWARDS) => (wrap(p + n - gap, n) as u32, len),
                (Way::Against, _) => (nd.place, 1),
            });
            slot = Graph::leave(at, step, to)?;
            at = (step & INDEX) as usize;
            if at == start {
                break;
            }
        }
        Some(at)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Node, DIRECT};
    use super::*;

    /// A graph of nodes at `places` (in base order) with `steps`.
    fn graph(places: &[u32], steps: &[[u32; 2]]) -> Graph {
        Graph {
            nodes: places
                .iter()
                .zip(steps)
                .map(|(&place, &steps)| Node {
                    rank: 0,
                    place,
                    steps,
                })
                .collect(),
            label: Vec::new(),
            first_at: Vec::new(),
        }
    }

    /// The runs of one walk all the way round, node after node, as the walk was first
    /// written.
    fn one_walk(g: &Graph, n: usize, (start, mut slot): (usize, usize)) -> Vec<(u32, u32)> {
        let mut runs = Vec::new();
        let mut at = start;
        loop {
            let nd = &g.nodes[at];
            let step = nd.steps[slot];
            let (gap, to) = g.gap(n, nd, step);
            let p = nd.place as usize;
            runs.push(match step & !INDEX {
                ONWARDS => (wrap(p + 1, n) as u32, gap as u32 + 1),
                BACKWARDS => (wrap(p + n - 1, n) as u32, (gap as u32 + 1) | BACK),
                _ => (to.place, 1),
            });
            slot = Graph::leave(at, step, to).expect("a step back");
            at = (step & INDEX) as usize;
            if at == start {
                return runs;
            }
        }
    }

    #[test]
    fn two_walkers_write_the_runs_of_one_walk() {
        // Six nodes on a base of 30 places, one cycle of them with steps of every kind, one
        // onwards across the base's end: 0 -> 1 -> 3 -> 2 -> 4 -> 5 -> 0. Then five (the
        // halves unequal): 0 -> 1 -> 3 -> 2 -> 4 -> 0.
        let (on, back) = (|i: u32| ONWARDS | i, |i: u32| BACKWARDS | i);
        let six = graph(
            &[2, 5, 9, 14, 20, 26],
            &[
                [on(1), back(5)],
                [back(0), DIRECT | 3],
                [on(3), DIRECT | 4],
                [DIRECT | 1, back(2)],
                [DIRECT | 2, on(5)],
                [back(4), on(0)],
            ],
        );
        let five = graph(
            &[2, 5, 9, 14, 20],
            &[
                [on(1), DIRECT | 4],
                [back(0), DIRECT | 3],
                [on(3), DIRECT | 4],
                [DIRECT | 1, back(2)],
                [DIRECT | 2, DIRECT],
            ],
        );
        for (g, m) in [(&six, 6), (&five, 5)] {
            for start in 0..m {
                for slot in 0..2 {
                    let want = one_walk(g, 30, (start, slot));
                    let got = g.walk_from(30, (start, slot), 7, 100).expect("one cycle");
                    assert_eq!(got.runs, want, "start {start}, slot {slot}");
                    let squares: usize = want.iter().map(|r| (r.1 & !BACK) as usize).sum();
                    assert_eq!(got.total, 1 + squares);
                    assert_eq!(got.offsets, [1]);
                    assert_eq!((got.from, got.limit), (7, 100));
                }
            }
        }
    }

    #[test]
    fn steps_of_more_than_one_cycle_are_walked_round_the_first_nodes_alone() {
        // Two cycles of two nodes each, and a cycle of two beside one of three: the walkers
        // meet on their first node (or apart), and one walk goes round the first node's
        // cycle alone, as the walk had always done.
        let (on, back) = (|i: u32| ONWARDS | i, |i: u32| BACKWARDS | i);
        let pairs = graph(
            &[1, 4, 8, 12],
            &[
                [on(1), DIRECT | 1],
                [back(0), DIRECT],
                [on(3), DIRECT | 3],
                [back(2), DIRECT | 2],
            ],
        );
        let uneven = graph(
            &[1, 4, 8, 12, 16],
            &[
                [on(1), DIRECT | 1],
                [back(0), DIRECT],
                [on(3), DIRECT | 4],
                [back(2), on(4)],
                [back(3), DIRECT | 2],
            ],
        );
        for (g, m, sizes) in [(&pairs, 4, [2, 2, 2, 2, 0]), (&uneven, 5, [2, 2, 3, 3, 3])] {
            for (start, &size) in sizes.iter().enumerate().take(m) {
                for slot in 0..2 {
                    let got = g.walk_from(20, (start, slot), 0, 100).expect("a cycle");
                    assert_eq!(got.runs, one_walk(g, 20, (start, slot)));
                    assert_eq!(got.runs.len(), size, "start {start}, slot {slot}");
                }
            }
        }
    }

    #[test]
    fn a_step_with_no_step_back_is_no_walk() {
        // Node 1 is left onwards by node 0 but has no step backwards to it.
        let (on, back) = (|i: u32| ONWARDS | i, |i: u32| BACKWARDS | i);
        let g = graph(
            &[1, 4, 8],
            &[[on(1), back(2)], [DIRECT | 2, on(2)], [back(1), on(0)]],
        );
        assert!(g.walk_from(20, (0, 0), 0, 100).is_none());
    }
}
