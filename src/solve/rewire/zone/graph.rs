//! A zone's cycles over its nodes alone: the held squares whose moves are not the base's.
//! Each node's two steps lead to a node, straight (a move) or through a stretch of the base
//! whose squares all kept the base's moves, onwards or backwards.

mod number;
mod walk;

use super::{chunks, each_chunk, gathered, order, wrap, Zone, CHUNK};
use crate::bits::BitSet;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// A step to a node by a move of its own.
const DIRECT: u32 = 0;
/// A node new to a graph brought up to date (its steps hold the base's neighbours).
const ADDED: u32 = u32::MAX;
/// A node whose moves changed since the last graph.
const REDRAW: u32 = u32::MAX - 1;
/// A step onwards along the base.
const ONWARDS: u32 = 1 << 30;
/// A step backwards along the base.
const BACKWARDS: u32 = 2 << 30;
/// The node a step leads to.
const INDEX: u32 = (1 << 30) - 1;
/// No step: a square short of a move, or a move to a square that is not a node.
const NONE: u32 = u32::MAX;

/// A node: its rank among the held squares, its place in the base and its two steps (the
/// node reached, with how), in the order of its moves; kept together, as a walk reads them
/// together.
#[derive(Clone, Copy, Default)]
struct Node {
    rank: u32,
    place: u32,
    steps: [u32; 2],
}

/// The nodes of a zone and their steps.
pub(super) struct Graph {
    /// The nodes, in base order.
    nodes: Vec<Node>,
    /// Each node's cycle, once numbered.
    label: Vec<u32>,
    /// The first node at or past each stretch of [`STRETCH`] places of the base, and the
    /// number of nodes last: a square's node before it is found among the few of its
    /// stretch, not by a search of them all (a merge asks for thousands of squares' cycles).
    first_at: Vec<u32>,
}

/// Places of the base a bucket of [`Graph::first_at`] covers (as a shift).
const STRETCH: u32 = 8;

impl Graph {
    /// The graph of the zone's moves now; `None` where a square lacks a move.
    pub(super) fn of(z: &Zone) -> Option<Graph> {
        let words = z.dirty.words();
        // Each node's steps are told apart while the nodes are found, in rank order, where
        // its moves and the held squares they lead to lie close together: once the nodes are
        // in base order, a move's node is one look-up (drawn in base order, a step took a
        // node's moves, the square's rank and then its node, each from far away).
        let found = gathered(
            words.len(),
            CHUNK / 64,
            |r| crate::bits::count(&words[r.clone()]) as usize,
            |r, out| {
                out.extend(
                    crate::bits::ones(&words[r.clone()])
                        .filter_map(|k| found(z, r.start * 64 + k as usize)),
                );
            },
        );
        let places = u32::try_from(z.ix.base.len()).ok()?;
        let nodes = order::by_key(found, places, |nd| nd.place);
        let m = nodes.len();
        Graph::build(z, nodes, |i, nd, node| {
            let around = (wrap(i + 1, m) as u32, wrap(i + m - 1, m) as u32);
            nd.steps.map(|s| named(s, around, node))
        })
    }

    /// The graph again after the moves of the held squares of ranks `fresh` changed: the
    /// nodes kept, those squares among them added where they are not, the steps of the new
    /// nodes and of those whose moves changed drawn anew (a node whose moves went back to the
    /// base's is still a node, with base steps), the others' moved to the nodes' new places
    /// (a step onwards or backwards still leads to the node next in the base, which may be a
    /// new one).
    pub(super) fn update(self, z: &Zone, mut fresh: Vec<u32>) -> Option<Graph> {
        fresh.sort_unstable();
        fresh.dedup();
        let old = self.nodes.len();
        let mut redraw = vec![false; old];
        let mut add: Vec<Node> = Vec::new();
        for k in fresh {
            match self.node(z, k as usize) {
                Some(i) => redraw[i] = true,
                None => add.extend(candidate(z, k as usize)),
            }
        }
        add.sort_unstable_by_key(|nd| nd.place);
        let mut nodes = Vec::with_capacity(old + add.len());
        // Each node's place in the last graph, or where its steps are to be drawn anew.
        let mut was: Vec<u32> = Vec::with_capacity(old + add.len());
        let mut moved: Vec<u32> = Vec::with_capacity(old);
        let mut new = add.into_iter().peekable();
        for (i, nd) in self.nodes.into_iter().enumerate() {
            while let Some(a) = new.next_if(|a| a.place < nd.place) {
                nodes.push(a);
                was.push(ADDED);
            }
            moved.push(nodes.len() as u32);
            nodes.push(nd);
            was.push(if redraw[i] { REDRAW } else { i as u32 });
        }
        for a in new {
            nodes.push(a);
            was.push(ADDED);
        }
        let m = nodes.len();
        Graph::build(z, nodes, |i, nd, node| match was[i] {
            ADDED => draw(z, i, m, nd, nd.steps, node),
            REDRAW => draw(z, i, m, nd, z.ix.base_links(nd.place), node),
            _ => nd.steps.map(|s| match s & !INDEX {
                ONWARDS => ONWARDS | wrap(i + 1, m) as u32,
                BACKWARDS => BACKWARDS | wrap(i + m - 1, m) as u32,
                _ => moved[(s & INDEX) as usize],
            }),
        })
    }

    /// The graph after the moves of the held squares of ranks `fresh` changed, to be walked
    /// (not labelled): the nodes keep their places in the list and the new ones follow them,
    /// so only the steps that changed are drawn: those of the nodes whose moves changed and
    /// of the new nodes, and the steps along the base that now end at a new node.
    /// [`Graph::update`] draws every step again and keeps the list in base order, which at
    /// 10^8 squares round 10^4 macros took 140-160 ms before the last walk.
    pub(super) fn patched(mut self, z: &Zone, fresh: Vec<u32>) -> Option<Graph> {
        let (m, n) = (self.nodes.len(), z.ix.base.len());
        // The ranks that changed, once each and in order.
        let mut seen = BitSet::new(z.links.len());
        for k in fresh {
            seen.insert(k as usize);
        }
        let words = seen.words();
        // The nodes whose moves changed, and the new nodes, each with the node before it in
        // the base and how far past it; on every core.
        let parts = gathered(
            words.len(),
            CHUNK / 64,
            |r| crate::bits::count(&words[r.clone()]) as usize,
            |r, out| {
                for k in crate::bits::ones(&words[r.clone()]).map(|k| r.start * 64 + k as usize) {
                    if let Some(i) = self.node(z, k) {
                        out.push(Err(i));
                    } else if let Some(nd) = candidate(z, k) {
                        let before = self.before(nd.place);
                        let past =
                            wrap(nd.place as usize + n - self.nodes[before].place as usize, n);
                        out.push(Ok((before as u32, past as u32, nd)));
                    }
                }
            },
        );
        let (mut redraw, mut add): (Vec<usize>, Vec<(u32, u32, Node)>) = (Vec::new(), Vec::new());
        for part in parts {
            for x in part {
                match x {
                    Ok(a) => add.push(a),
                    Err(i) => redraw.push(i),
                }
            }
        }
        add.sort_unstable_by_key(|&(before, past, _)| (before, past));
        if m + add.len() > INDEX as usize {
            return None;
        }
        // The new nodes between two old ones are a chain: each's neighbours along the base,
        // and for each chain the old node before it, its first and its last node.
        let mut around = vec![(0u32, 0u32); add.len()];
        let mut chains: Vec<(u32, u32, u32)> = Vec::new();
        let mut t = 0;
        while t < add.len() {
            let p = add[t].0;
            let q = wrap(p as usize + 1, m) as u32;
            let end = t + add[t..].iter().take_while(|a| a.0 == p).count();
            for (u, slot) in around[t..end].iter_mut().enumerate() {
                let j = (m + t + u) as u32;
                let after = if t + u + 1 < end { j + 1 } else { q };
                *slot = (after, if u == 0 { p } else { j - 1 });
            }
            chains.push((p, (m + t) as u32, (m + end - 1) as u32));
            t = end;
        }
        for (u, (_, _, nd)) in add.iter().enumerate() {
            z.node_of[nd.rank as usize].store((m + u) as u32, Relaxed);
        }
        self.nodes.extend(add.into_iter().map(|(_, _, nd)| nd));
        let chain_after = |p: usize| {
            chains
                .binary_search_by_key(&(p as u32), |c| c.0)
                .ok()
                .map(|c| chains[c])
        };
        // The old nodes' steps along the base to a chain now end at its first or last node.
        for &(p, first, last) in &chains {
            let q = wrap(p as usize + 1, m);
            for (at, kind, to) in [(p as usize, ONWARDS, first), (q, BACKWARDS, last)] {
                for s in &mut self.nodes[at].steps {
                    if *s & !INDEX == kind {
                        *s = kind | to;
                    }
                }
            }
        }
        let node_around = |i: usize| match i.checked_sub(m) {
            Some(u) => around[u],
            None => (
                chain_after(i).map_or(wrap(i + 1, m) as u32, |c| c.1),
                chain_after(wrap(i + m - 1, m)).map_or(wrap(i + m - 1, m) as u32, |c| c.2),
            ),
        };
        redraw.extend(m..self.nodes.len());
        let node = |k: usize| self.node(z, k).map(|i| i as u32);
        let drawn: Vec<[u32; 2]> = gathered(
            redraw.len(),
            CHUNK / 16,
            |r| r.len(),
            |r, out| {
                out.extend(redraw[r].iter().map(|&i| {
                    let nd = &self.nodes[i];
                    draw_to(z, nd, z.ix.base_links(nd.place), node_around(i), &node)
                }));
            },
        )
        .concat();
        for (&i, s) in redraw.iter().zip(drawn) {
            if s.contains(&NONE) {
                return None;
            }
            self.nodes[i].steps = s;
        }
        self.label = Vec::new();
        self.first_at = Vec::new();
        Some(self)
    }

    /// The node before place `p` in the base (which no node holds), round its ends.
    fn before(&self, p: u32) -> usize {
        let m = self.nodes.len();
        let b = (p >> STRETCH) as usize;
        let (lo, hi) = (self.first_at[b] as usize, self.first_at[b + 1] as usize);
        let i = lo + self.nodes[lo..hi].partition_point(|nd| nd.place < p);
        wrap(i + m - 1, m)
    }

    /// The graph of `nodes` (in base order), each node's steps drawn by `steps` from its
    /// index, itself and the node of a rank.
    fn build(
        z: &Zone,
        mut nodes: Vec<Node>,
        steps: impl Fn(usize, &Node, &dyn Fn(usize) -> Option<u32>) -> [u32; 2] + Sync,
    ) -> Option<Graph> {
        let m = nodes.len();
        if m == 0 || m > INDEX as usize {
            return None;
        }
        chunks(m, |r| {
            for i in r {
                z.node_of[nodes[i].rank as usize].store(i as u32, Relaxed);
            }
        });
        let node = |k: usize| {
            let i = z.node_of[k].load(Relaxed) as usize;
            (nodes.get(i).map(|nd| nd.rank) == Some(k as u32)).then_some(i as u32)
        };
        // The steps are drawn into a list of their own on every core (the nodes are read
        // meanwhile), then copied into the nodes on every core: gathered in lists joined on
        // one core, they took a third of the graph's building.
        let mut drawn = vec![[0u32; 2]; m];
        let bad = AtomicBool::new(false);
        each_chunk(&mut drawn, |at, out| {
            for (d, o) in out.iter_mut().enumerate() {
                *o = steps(at + d, &nodes[at + d], &node);
            }
            if out.iter().any(|s| s.contains(&NONE)) {
                bad.store(true, Relaxed);
            }
        });
        if bad.into_inner() {
            return None;
        }
        each_chunk(&mut nodes, |at, out| {
            for (nd, s) in out.iter_mut().zip(&drawn[at..]) {
                nd.steps = *s;
            }
        });
        // Each bucket's first node, a share of the buckets on each core, each share's first
        // node found by a search (on one core, one pass over the 2 million nodes at 10^8
        // squares round 10^4 macros took 6-7 ms).
        let mut first_at = vec![0u32; (z.ix.base.len() >> STRETCH) + 2];
        let bucket = |nd: &Node| (nd.place >> STRETCH) as usize;
        each_chunk(&mut first_at, |b0, out| {
            let mut i = nodes.partition_point(|nd| bucket(nd) < b0);
            for (b, o) in (b0..).zip(out.iter_mut()) {
                while i < m && bucket(&nodes[i]) < b {
                    i += 1;
                }
                *o = i as u32;
            }
        });
        Some(Graph {
            nodes,
            label: Vec::new(),
            first_at,
        })
    }

    /// The node of the held square of rank `k`, if it is one.
    #[inline]
    fn node(&self, z: &Zone, k: usize) -> Option<usize> {
        let i = z.node_of[k].load(Relaxed) as usize;
        (self.nodes.get(i).map(|nd| nd.rank) == Some(k as u32)).then_some(i)
    }

    /// Squares a step from `at` passes before it reaches its node, and that node.
    #[inline]
    fn gap(&self, n: usize, at: &Node, step: u32) -> (usize, &Node) {
        let to = &self.nodes[(step & INDEX) as usize];
        let (from, till) = (at.place as usize, to.place as usize);
        let gap = match step & !INDEX {
            ONWARDS => wrap(till + n - from - 1, n),
            BACKWARDS => wrap(from + n - till - 1, n),
            _ => 0,
        };
        (gap, to)
    }

    /// The slot of node `to` to leave by, reached from node `at` by `step`; `None` where `to`
    /// has no step back.
    #[inline]
    fn leave(at: usize, step: u32, to: &Node) -> Option<usize> {
        let back = match step & !INDEX {
            ONWARDS => BACKWARDS,
            BACKWARDS => ONWARDS,
            _ => DIRECT,
        } | at as u32;
        if to.steps[0] == back {
            Some(1)
        } else if to.steps[1] == back {
            Some(0)
        } else {
            None
        }
    }

    /// Numbers the cycles (each node's label): each cycle's size, or `None` where the steps
    /// do not close up.
    pub(super) fn number(&mut self, z: &Zone) -> Option<Vec<usize>> {
        self.number_in(z.ix.base.len(), number::STRETCH_NODES)
    }

    /// The cycle of the held square of rank `k` (open): a node's own, or that of the node
    /// before it in the base, whose stretch it lies on.
    pub(super) fn label(&self, z: &Zone, k: usize) -> u32 {
        if let Some(i) = self.node(z, k) {
            return self.label[i];
        }
        self.label[self.before(z.ix.pos[k])]
    }

    /// The held squares of the cycles `apart` picks, with their labels: their nodes, and
    /// with `whole` the held squares of the stretches onwards from them (each stretch is
    /// onwards from one of its two ends, and on its cycle).
    pub(super) fn squares_apart(
        &self,
        z: &Zone,
        apart: &dyn Fn(u32) -> Option<u32>,
        whole: bool,
    ) -> Vec<(u32, u32)> {
        let n = z.ix.base.len();
        let mut out = Vec::new();
        for (nd, &l) in self.nodes.iter().zip(&self.label) {
            if apart(l).is_none() {
                continue;
            }
            let p = nd.place as usize;
            out.push((z.ix.base.at(p), l));
            if !whole {
                continue;
            }
            for &step in &nd.steps {
                if step & !INDEX == ONWARDS {
                    let (gap, _) = self.gap(n, nd, step);
                    out.extend(
                        (1..=gap)
                            .map(|d| z.ix.base.at(wrap(p + d, n)))
                            .filter(|&a| z.ix.rank_of(a).is_some())
                            .map(|a| (a, l)),
                    );
                }
            }
        }
        out
    }
}

/// The steps of node `i` of `m`, the nodes in base order: [`draw_to`] with the nodes next
/// to it in the list.
fn draw(
    z: &Zone,
    i: usize,
    m: usize,
    nd: &Node,
    b: [u32; 2],
    node: &dyn Fn(usize) -> Option<u32>,
) -> [u32; 2] {
    let around = (wrap(i + 1, m) as u32, wrap(i + m - 1, m) as u32);
    draw_to(z, nd, b, around, node)
}

/// The steps of a node (the base's neighbours of its place `b`; the nodes after and before
/// it in the base; `node` gives the node of a rank): onwards or backwards along the base to
/// the next node there, or by a move of its own straight to a node; [`NONE`] where a slot is
/// free or leads to no node.
fn draw_to(
    z: &Zone,
    nd: &Node,
    b: [u32; 2],
    around: (u32, u32),
    node: &dyn Fn(usize) -> Option<u32>,
) -> [u32; 2] {
    kinds(z, nd.rank, b).map(|s| named(s, around, node))
}

/// A step of [`kinds`] with its node named: the nodes after and before in the base, or the
/// node of a rank (`node`).
#[inline]
fn named(s: u32, (after, before): (u32, u32), node: &dyn Fn(usize) -> Option<u32>) -> u32 {
    match s & !INDEX {
        _ if s == NONE => NONE,
        ONWARDS => ONWARDS | after,
        BACKWARDS => BACKWARDS | before,
        _ => node(s as usize).unwrap_or(NONE),
    }
}

/// The steps of the held square of rank `k` (the base's neighbours of its place `b`) as far
/// as they are known before the nodes are in base order: onwards or backwards along the base
/// (the node reached not yet named), the rank of the held square a move of its own leads to
/// (below [`ONWARDS`], as a board has 2^30 squares at most), or [`NONE`] (a free slot, or a
/// move to a square not held).
fn kinds(z: &Zone, k: u32, b: [u32; 2]) -> [u32; 2] {
    z.links[k as usize].map(|u| {
        if u == u32::MAX {
            NONE
        } else if u == b[1] {
            ONWARDS
        } else if u == b[0] {
            BACKWARDS
        } else {
            z.ix.rank_of(u).map_or(NONE, |k| k as u32)
        }
    })
}

/// [`candidate`] with its steps told apart ([`kinds`]). Whether a move leads to the base's
/// neighbour of its place is told by the place of the held square it leads to, near in rank
/// order (a move spans two rows at most), and the base is read only where a move leads to a
/// square not held: a base read by place is far away (finding the 2 million nodes at 10^8
/// squares round 10^4 macros took 60 ms with a base read each, 53 ms so).
fn found(z: &Zone, k: usize) -> Option<Node> {
    let [x, y] = z.links[k];
    if x == u32::MAX && y == u32::MAX {
        return None;
    }
    let (p, n) = (z.ix.pos[k], z.ix.base.len());
    let (after, before) = (
        wrap(p as usize + 1, n) as u32,
        wrap(p as usize + n - 1, n) as u32,
    );
    // A step's kind, where the square it leads to is held (or there is none).
    let kind = |u: u32| {
        if u == u32::MAX {
            return Some(NONE);
        }
        let ku = z.ix.rank_of(u)?;
        Some(match z.ix.pos[ku] {
            q if q == after => ONWARDS,
            q if q == before => BACKWARDS,
            _ => ku as u32,
        })
    };
    let (Some(a), Some(b), true) = (kind(x), kind(y), n > 2) else {
        let nd = candidate(z, k)?;
        return Some(Node {
            steps: kinds(z, nd.rank, nd.steps),
            ..nd
        });
    };
    let moved = !matches!([a, b], [ONWARDS, BACKWARDS] | [BACKWARDS, ONWARDS]);
    (moved || z.forced_ranks.contains(&k)).then_some(Node {
        rank: k as u32,
        place: p,
        steps: [a, b],
    })
}

/// The held square of rank `k` as a node where its moves are not the base's (or it is
/// forced), its steps holding the base's neighbours of its place until they are drawn;
/// `None` for a blocked square, which has given up both its moves.
fn candidate(z: &Zone, k: usize) -> Option<Node> {
    let [x, y] = z.links[k];
    if x == u32::MAX && y == u32::MAX {
        return None;
    }
    let p = z.ix.pos[k];
    let b = z.ix.base_links(p);
    let moved = !((x == b[0] && y == b[1]) || (x == b[1] && y == b[0]));
    (moved || z.forced_ranks.contains(&k)).then_some(Node {
        rank: k as u32,
        place: p,
        steps: b,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::Plan;
    use super::*;

    #[test]
    fn nodes_found_by_the_places_of_their_moves_are_those_read_from_the_base() {
        // Every held square of a zone round three rewired macros, as a node found by the
        // places of the held squares its moves lead to, and by its base neighbours read
        // from the base, as before: the same node with the same steps, or none in both.
        let plan = Plan::new();
        let (z, _) = plan.rewired();
        let (mut nodes, mut read) = (0, 0);
        for k in 0..z.links.len() {
            let want = candidate(&z, k).map(|nd| Node {
                steps: kinds(&z, nd.rank, nd.steps),
                ..nd
            });
            let got = found(&z, k);
            let fields = |nd: Option<Node>| nd.map(|nd| (nd.rank, nd.place, nd.steps));
            assert_eq!(fields(got), fields(want), "rank {k}");
            nodes += usize::from(got.is_some());
            // A move to a square not held: the base is read for this one.
            read += usize::from(
                z.links[k]
                    .iter()
                    .any(|&u| u != u32::MAX && z.ix.rank_of(u).is_none()),
            );
        }
        assert!(nodes > 100, "{nodes} nodes");
        assert!(read > 0, "no square reads the base");
    }
}
