//! The rewiring's moves kept only near the blocks: at 10^8 squares the rewiring changes a few
//! per cent of them, so the rest are read from the base path (each square's neighbours are
//! the squares before and after it there) and never copied.
//!
//! The zone is every square within a margin of a cluster of blocks (less the blocks' inner
//! squares, whose moves lead only to other blocked squares), found in the base by one pass
//! on every core; a held square's moves and place in the base are kept by its rank among the
//! held squares (one bit a square and a count a word find it). Asked for a square outside the
//! zone, the zone notes it ([`Zone::strayed`]) and the caller takes the whole board's moves
//! instead: the margin covers every square a frame, its flow and its merges reach.
//!
//! The cycles are numbered and walked over the squares whose moves changed alone (the
//! nodes): between two nodes next to each other in the base, every square keeps the base's
//! moves, so the stretch of base between them is one step of the walk. The tour is then
//! written stretch by stretch, copied from the base on every core.

mod graph;

use super::blocks::{Block, Cluster};
use super::wiring::Wiring;
use crate::bits::BitSet;
use crate::board::Board;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

/// Squares a task of a pass takes.
const CHUNK: usize = 1 << 16;

/// The moves of the squares near the blocks, the rest read from the base path. A held
/// square's moves and place in the base are kept by its rank among the held squares (row-major
/// order, so a cluster's squares lie close together).
pub(super) struct Zone<'a> {
    base: &'a [u32],
    blocked: &'a BitSet,
    /// One bit a square: set for a held square.
    held: BitSet,
    /// Held squares in the words before each word of `held`.
    rank: Vec<u32>,
    /// Each held square's place in the base, by rank.
    pos: Vec<u32>,
    /// Each held square's two neighbours, by rank.
    links: Vec<[u32; 2]>,
    /// The held squares whose moves were ever changed, by rank: the nodes are among them.
    dirty: BitSet,
    /// Node numbers by rank for the graph (stale entries are told by the graph's node list,
    /// which must point back).
    node_of: Vec<AtomicU32>,
    /// The cycles as last numbered.
    graph: Option<graph::Graph>,
    /// Squares that are nodes whatever their moves: where the walk begins and ends.
    forced: Vec<u32>,
    /// Whether a square outside the zone was asked for.
    stray: AtomicBool,
}

impl<'a> Zone<'a> {
    /// The squares within `margin` of `clusters` and of `pins`, from `base` (a closed tour
    /// of the whole board, or a path whose ends are taken as joined); `forced` are always
    /// nodes.
    pub(super) fn new(
        board: Board,
        base: &'a [u32],
        blocked: &'a BitSet,
        (blocks, clusters): (&[Block], &[Cluster]),
        (margin, pins, forced): (u32, &[u32], &[u32]),
    ) -> Zone<'a> {
        let n = board.area();
        let cols = board.cols as usize;
        let mut held = BitSet::new(n);
        let mut mark = |b: &Cluster, on: bool| {
            for r in b.r0 as usize..b.r1 as usize {
                held.set_range(r * cols + b.c0 as usize, r * cols + b.c1 as usize, on);
            }
        };
        for c in clusters {
            mark(&c.grown(board, margin), true);
        }
        for &p in pins {
            mark(&Cluster::at(board.square(p)).grown(board, margin), true);
        }
        // A macro's squares two in from its sides have only blocked squares a move away.
        for b in blocks.iter().filter(|b| b.full) {
            let inner = Cluster {
                r0: b.bx.r0 + 2,
                r1: b.bx.r1.saturating_sub(2),
                c0: b.bx.c0 + 2,
                c1: b.bx.c1.saturating_sub(2),
            };
            if inner.r0 < inner.r1 && inner.c0 < inner.c1 {
                mark(&inner, false);
            }
        }
        for &f in forced {
            held.insert(f as usize);
        }
        let mut rank = Vec::with_capacity(held.words().len());
        let mut total = 0u32;
        for w in held.words() {
            rank.push(total);
            total += w.count_ones();
        }
        let mut zone = Zone {
            base,
            blocked,
            held,
            rank,
            pos: Vec::new(),
            links: Vec::new(),
            dirty: BitSet::new(total as usize),
            node_of: Vec::new(),
            graph: None,
            forced: forced.to_vec(),
            stray: AtomicBool::new(false),
        };
        // One pass over the base, on every core: each held square's place and neighbours.
        let pos: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let links: Vec<[AtomicU32; 2]> = (0..total)
            .map(|_| [AtomicU32::new(0), AtomicU32::new(0)])
            .collect();
        chunks(n, |r| {
            for p in r {
                if let Some(k) = zone.rank_of(base[p]) {
                    let [x, y] = zone.base_links(p as u32);
                    pos[k].store(p as u32, Relaxed);
                    links[k][0].store(x, Relaxed);
                    links[k][1].store(y, Relaxed);
                }
            }
        });
        zone.pos = pos.into_iter().map(AtomicU32::into_inner).collect();
        zone.links = links
            .into_iter()
            .map(|[x, y]| [x.into_inner(), y.into_inner()])
            .collect();
        zone.node_of = (0..total).map(|_| AtomicU32::new(u32::MAX)).collect();
        for &f in forced {
            if let Some(k) = zone.rank_of(f) {
                zone.dirty.insert(k);
            }
        }
        zone
    }

    /// Whether a square outside the zone was asked for (the answer is then not to be used).
    pub(super) fn strayed(&self) -> bool {
        self.stray.load(Relaxed)
    }

    /// A held square's rank.
    #[inline]
    fn rank_of(&self, a: u32) -> Option<usize> {
        let w = (a >> 6) as usize;
        let word = *self.held.words().get(w)?;
        let bit = 1u64 << (a & 63);
        (word & bit != 0).then(|| self.rank[w] as usize + (word & (bit - 1)).count_ones() as usize)
    }

    /// `a`'s rank, noting a square outside the zone (a blocked one has no moves to keep).
    #[inline]
    fn rank_or_note(&self, a: u32) -> Option<usize> {
        let k = self.rank_of(a);
        if k.is_none() && !self.blocked.contains(a as usize) {
            self.stray.store(true, Relaxed);
        }
        k
    }

    /// The squares before and after place `p` of the base, round its ends.
    #[inline]
    fn base_links(&self, p: u32) -> [u32; 2] {
        let n = self.base.len();
        let p = p as usize;
        [self.base[(p + n - 1) % n], self.base[(p + 1) % n]]
    }
}

impl Wiring for Zone<'_> {
    fn knows(&self, a: u32) -> bool {
        self.rank_of(a).is_some()
    }

    fn lost(&self) -> bool {
        self.strayed()
    }

    fn of(&self, a: u32) -> [u32; 2] {
        match self.rank_or_note(a) {
            Some(k) => self.links[k],
            None => [u32::MAX; 2],
        }
    }

    fn link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(k) = self.rank_or_note(x) {
                let slot = &mut self.links[k];
                slot[usize::from(slot[0] != u32::MAX)] = y;
                self.dirty.insert(k);
            }
        }
    }

    fn unlink(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(k) = self.rank_or_note(x) {
                let slot = &mut self.links[k];
                slot[usize::from(slot[0] != y)] = u32::MAX;
                self.dirty.insert(k);
            }
        }
    }

    fn cycles(&mut self, _blocked: &BitSet) -> Option<Vec<usize>> {
        let mut g = graph::Graph::of(self)?;
        let size = g.number(self)?;
        self.graph = Some(g);
        Some(size)
    }

    fn label(&self, a: u32) -> u32 {
        match (&self.graph, self.rank_of(a)) {
            (Some(g), Some(k)) => g.label(self, k),
            _ => u32::MAX,
        }
    }

    fn squares_apart(
        &self,
        apart: &dyn Fn(u32) -> Option<u32>,
        _touched: &[u32],
        whole: bool,
    ) -> Vec<u32> {
        self.graph
            .as_ref()
            .map(|g| g.squares_apart(self, apart, whole))
            .unwrap_or_default()
    }

    fn walk(&mut self, from: u32, first: u32, len: usize) -> Vec<u32> {
        graph::Graph::of(self)
            .and_then(|g| g.walk(self, from, first, len))
            .unwrap_or_default()
    }
}

/// `f` over `0..n` cut into chunks, side by side on every core where `n` is large, in order.
fn chunks<T: Send>(n: usize, f: impl Fn(std::ops::Range<usize>) -> T + Sync + Send) -> Vec<T> {
    let ranges: Vec<std::ops::Range<usize>> = (0..n.div_ceil(CHUNK))
        .map(|c| c * CHUNK..((c + 1) * CHUNK).min(n))
        .collect();
    #[cfg(feature = "parallel")]
    if n >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        return ranges.into_par_iter().map(f).collect();
    }
    ranges.into_iter().map(f).collect()
}
