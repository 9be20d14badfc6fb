//! The rewiring's moves kept only near the blocks: at 10^8 squares the rewiring changes a few
//! per cent of them, so the rest are read from the base path (each square's neighbours are
//! the squares before and after it there) and never copied.
//!
//! The zone is every square within a margin of a cluster of blocks (less the blocked ones,
//! or for a long leaper the blocks' inner squares, [`Zone::new`]), found in a whole base by
//! one pass on every core (in a kept one, looked up square by square); a held square's moves
//! and place in the base are kept by its rank among the held squares (one bit a square and a
//! count a word find it). Asked for a square outside the zone, the zone notes it ([`Zone::strayed`])
//! and the caller takes the whole board's moves instead: the margin covers every square a
//! frame, its flow and its merges reach.
//!
//! The cycles are numbered and walked over the squares whose moves changed alone (the
//! nodes, put in base order by counting, `zone/order.rs`): between two nodes next to each
//! other in the base, every square keeps the base's moves, so the stretch of base between
//! them is one step of the walk. The cycles are numbered on every core, stretch by stretch
//! of the nodes (`zone/graph/number.rs`). The tour is then written stretch by stretch,
//! copied from the base on every core, into the buffer that held the zone's moves, places
//! and node numbers ([`Zone::new`]).

mod band;
mod graph;
mod index;
mod order;

use super::base::{each_chunk, wrap, Base, Runs, BACK, CHUNK, EVERY};
use super::blocks::{Block, Cluster};
use super::wiring::{Met, Moves, Rewiring, Walked, Wiring, UNKNOWN};
use crate::bits::BitSet;
use crate::board::Board;
use band::Band;
use index::{by_rank, Index};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering::Relaxed};

/// Rows a band of clusters rewired side by side spans at least: small, so that the cores
/// share many bands (at 10^8 round 10^4 macros, on 2 cores, 105 bands of 96 rows rewired the
/// clusters in 398-599 ms where 40 bands of 256 rows took 481-799 ms; 64 rows were no
/// better). A band is always tall enough for its clusters' rewirings to stay off the band
/// after next (see [`Zone::each_cluster`]).
const BAND_ROWS: u32 = 96;

/// The moves of the squares near the blocks, the rest read from the base path. A held
/// square's moves and place in the base are kept by its rank among the held squares (row-major
/// order, so a cluster's squares lie close together).
pub(super) struct Zone<'a> {
    ix: Index<'a>,
    /// Each held square's two neighbours, by rank (in the store, [`Zone::new`]).
    links: &'a mut [[u32; 2]],
    /// The held squares whose moves were ever changed, by rank: the nodes are among them.
    dirty: BitSet,
    /// Node numbers by rank for the graph, in the store (stale entries, and whatever the
    /// store held, are told by the graph's node list, which must point back).
    node_of: &'a [AtomicU32],
    /// The cycles as last numbered.
    graph: Option<graph::Graph>,
    /// The ranks of the squares that are nodes whatever their moves: where the walk begins
    /// and ends.
    forced_ranks: Vec<usize>,
    /// Ranks whose moves changed since the cycles were last numbered (kept only once they
    /// were): the graph is brought up to date from them instead of drawn again.
    fresh: Vec<u32>,
    /// Whether a square outside the zone was asked for.
    stray: AtomicBool,
}

impl<'a> Zone<'a> {
    /// The squares within `margin` of `clusters` and of `pins`, from `base` (a closed tour
    /// of the whole board, or a path whose ends are taken as joined); `forced` are always
    /// nodes. The held squares' moves, places and node numbers are kept at the front of
    /// `store`, made `room` long at least: the tour is written there once the zone is given
    /// up, over pages the zone first touched (at 10^8 squares round 10^4 macros, 194 MB the
    /// tour and the zone each faulted in afresh).
    pub(super) fn new(
        board: Board,
        base: Base<'a>,
        blocked: &'a BitSet,
        (blocks, clusters, short): (&[Block], &[Cluster], bool),
        (margin, pins, forced): (u32, &[u32], &[u32]),
        (store, room): (&'a mut Vec<u32>, usize),
    ) -> Zone<'a> {
        let n = board.area();
        let cols = board.cols as usize;
        // A blocked square keeps no moves. Where the piece's moves reach two squares at most
        // (`short`), every frame, two wide at least, holds each open square with a move to a
        // block, which drops that move from its side: no blocked square is held (at 10^8
        // squares round 10^4 macros, holding the macros' rims took 1.9 million squares'
        // moves from the base to write them back dropped). A longer leap may reach a block
        // from beyond the narrowest frame, so there a macro's rim, two deep, is held and
        // its moves dropped from its side; only the squares inside it are not.
        let grown: Vec<Cluster> = clusters
            .iter()
            .map(|c| c.grown(board, margin))
            .chain(
                pins.iter()
                    .map(|&p| Cluster::at(board.square(p)).grown(board, margin)),
            )
            .collect();
        let inner: Vec<Cluster> = if short {
            Vec::new()
        } else {
            blocks
                .iter()
                .filter(|b| b.full)
                .map(|b| Cluster {
                    r0: b.bx.r0 + 2,
                    r1: b.bx.r1.saturating_sub(2),
                    c0: b.bx.c0 + 2,
                    c1: b.bx.c1.saturating_sub(2),
                })
                .filter(|b| b.r0 < b.r1 && b.c0 < b.c1)
                .collect()
        };
        // The held squares marked share by share of the words on every core, each share
        // taking the rows of each box that fall in it (on one core, with the ranks, 14-17 ms
        // before anything else could start).
        let mut held = BitSet::new(n);
        each_chunk(held.words_mut(), |w0, words| {
            let (lo, hi) = (w0 * 64, (w0 + words.len()) * 64);
            let mark = |words: &mut [u64], b: &Cluster, on: bool| {
                let rows = (lo / cols) as u32..(hi.div_ceil(cols)) as u32;
                for r in b.r0.max(rows.start)..b.r1.min(rows.end) {
                    let row = r as usize * cols;
                    let (a, z) = (row + b.c0 as usize, row + b.c1 as usize);
                    let (a, z) = (a.max(lo), z.min(hi));
                    if a < z {
                        crate::bits::set_range_in(words, a - lo, z - lo, on);
                    }
                }
            };
            for b in &grown {
                mark(words, b, true);
            }
            if short {
                for (w, b) in words.iter_mut().zip(&blocked.words()[w0..]) {
                    *w &= !b;
                }
            }
            for b in &inner {
                mark(words, b, false);
            }
        });
        for &f in forced {
            held.insert(f as usize);
        }
        // Held squares before each word: each share's count, then its words' on every core.
        let words = held.words();
        let counts = chunks(words.len(), |r| crate::bits::count(&words[r]));
        let mut rank = vec![0u32; words.len()];
        let mut firsts = Vec::with_capacity(counts.len());
        let mut total = 0u32;
        for c in counts {
            firsts.push(total);
            total += c;
        }
        each_chunk(&mut rank, |w0, out| {
            let mut at = firsts[w0 / CHUNK];
            for (o, w) in out.iter_mut().zip(&words[w0..]) {
                *o = at;
                at += w.count_ones();
            }
        });
        let mut ix = Index {
            board,
            base,
            blocked,
            held,
            rank,
            pos: &[],
            margin,
        };
        // Made with zeros by the allocator (`calloc`), the store's pages are not touched
        // until written.
        let (t, need) = (total as usize, (4 * total as usize).max(room));
        if store.len() < need {
            *store = vec![0; need];
        }
        let (links, rest) = store.split_at_mut(2 * t);
        let (pos, rest) = rest.split_at_mut(t);
        let (links, node_of) = (bytemuck::cast_slice_mut(links), atomics(&mut rest[..t]));
        // Each held square's place and neighbours, on every core: from a pass over a whole
        // base, or looked up square by square in a kept one.
        let lost = match base {
            Base::Whole(path) => {
                let at: Vec<AtomicU32> = filled(total, || AtomicU32::new(0));
                chunks(n, |r| {
                    for p in r {
                        if let Some(k) = ix.rank_of(path[p]) {
                            at[k].store(p as u32, Relaxed);
                        }
                    }
                });
                // A task's share: places, neighbours, and the places as found.
                type Share<'s> = ((&'s mut [u32], &'s mut [[u32; 2]]), &'s [AtomicU32]);
                let fill = |((p, l), a): Share| {
                    for ((p, l), a) in p.iter_mut().zip(l).zip(a) {
                        *p = a.load(Relaxed);
                        *l = ix.base_links(*p);
                    }
                };
                #[cfg(feature = "parallel")]
                {
                    use rayon::prelude::*;
                    (pos.par_chunks_mut(CHUNK).zip(links.par_chunks_mut(CHUNK)))
                        .zip(at.par_chunks(CHUNK))
                        .for_each(fill);
                }
                #[cfg(not(feature = "parallel"))]
                (pos.chunks_mut(CHUNK).zip(links.chunks_mut(CHUNK)))
                    .zip(at.chunks(CHUNK))
                    .for_each(fill);
                false
            }
            Base::Kept(kept) => by_rank(&ix, kept, pos, links),
        };
        ix.pos = pos;
        let mut dirty = BitSet::new(total as usize);
        let forced_ranks: Vec<usize> = forced.iter().filter_map(|&f| ix.rank_of(f)).collect();
        for &k in &forced_ranks {
            dirty.insert(k);
        }
        Zone {
            ix,
            links,
            dirty,
            node_of,
            graph: None,
            forced_ranks,
            fresh: Vec::new(),
            stray: AtomicBool::new(lost),
        }
    }

    /// Whether a square outside the zone was asked for (the answer is then not to be used).
    pub(super) fn strayed(&self) -> bool {
        self.stray.load(Relaxed)
    }

    /// Notes that the moves of the held square of rank `k` changed.
    fn mark(&mut self, k: usize) {
        self.dirty.insert(k);
        if self.graph.is_some() {
            self.fresh.push(k as u32);
        }
    }

    /// The graph of the moves as they are now: the last one brought up to date, or a new one.
    fn graph_now(&mut self) -> Option<graph::Graph> {
        let fresh = std::mem::take(&mut self.fresh);
        match self.graph.take() {
            Some(g) => g.update(self, fresh),
            None => graph::Graph::of(self),
        }
    }
}

impl Moves for Zone<'_> {
    fn knows(&self, a: u32) -> bool {
        self.ix.rank_of(a).is_some()
    }

    fn lost(&self) -> bool {
        self.strayed()
    }

    fn lose(&self) {
        self.stray.store(true, Relaxed);
    }

    fn read_row(&self, from: u32, len: usize, out: &mut Vec<[u32; 2]>) {
        self.ix.read_row(from, len, self.links, 0, out);
    }

    fn set(&mut self, a: u32, to: [u32; 2]) {
        if let Some(k) = self.ix.rank_or_note(a, &self.stray) {
            self.links[k] = to;
            self.mark(k);
        }
    }

    fn of(&self, a: u32) -> [u32; 2] {
        match self.ix.rank_or_note(a, &self.stray) {
            Some(k) => self.links[k],
            None => [u32::MAX; 2],
        }
    }

    fn link(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(k) = self.ix.rank_or_note(x, &self.stray) {
                let slot = &mut self.links[k];
                slot[usize::from(slot[0] != u32::MAX)] = y;
                self.mark(k);
            }
        }
    }

    fn unlink(&mut self, a: u32, b: u32) {
        for (x, y) in [(a, b), (b, a)] {
            if let Some(k) = self.ix.rank_or_note(x, &self.stray) {
                let slot = &mut self.links[k];
                slot[usize::from(slot[0] != y)] = u32::MAX;
                self.mark(k);
            }
        }
    }
}

impl Wiring for Zone<'_> {
    /// Clusters far enough apart in rows are rewired side by side: the board is cut into
    /// bands of rows, each cluster going to the band its top row lies in, so tall that no
    /// rewiring in one band reaches the squares of the band after next. The even bands are
    /// rewired on every core, each on its own share of the moves, then the odd ones. Each
    /// band takes its clusters in order, so the result does not depend on the threads.
    ///
    /// A band asks the memory for the next cluster's moves, and the one after's ranks,
    /// ahead of their rewiring ([`Band::warm`]): read cold, the copy of a cluster's box waited
    /// on a row at a time (at 10^8 squares round 10^4 macros, 100 of the clusters' 620 ms of
    /// CPU; asked ahead, 30).
    fn each_cluster(
        &mut self,
        clusters: &[Cluster],
        each: &Rewiring,
        reads: u32,
    ) -> Option<Vec<u32>> {
        let (rows, cols) = (self.ix.board.rows, self.ix.board.cols as usize);
        let margin = self.ix.margin;
        let tallest = clusters.iter().map(|c| c.r1 - c.r0).max().unwrap_or(0);
        let height = BAND_ROWS.max(tallest + 2 * margin + 1);
        let bands = rows.div_ceil(height) as usize;
        let mut of_band: Vec<Vec<usize>> = vec![Vec::new(); bands];
        for (i, c) in clusters.iter().enumerate() {
            of_band[(c.r0 / height) as usize].push(i);
        }
        for phase in 0..2 {
            // Each band's share of the moves: the rows its rewirings may reach.
            let mut jobs = Vec::new();
            let mut rest: &mut [[u32; 2]] = self.links;
            let mut at = 0;
            for b in (phase..bands).step_by(2) {
                let lo = (b as u32 * height).saturating_sub(margin);
                let hi = ((b as u32 + 1) * height + tallest + margin).min(rows);
                let (k0, k1) = (
                    self.ix.rank_at(lo as usize * cols),
                    self.ix.rank_at(hi as usize * cols),
                );
                let (_, tail) = std::mem::take(&mut rest).split_at_mut(k0 - at);
                let (mine, tail) = tail.split_at_mut(k1 - k0);
                rest = tail;
                at = k1;
                // Made here, the list of changed ranks grows in this thread's heap
                // ([`gathered`]).
                jobs.push((b, k0, mine, Vec::with_capacity(GATHER)));
            }
            let (ix, stray) = (&self.ix, &self.stray);
            let run = |(b, first, links, changed): (usize, usize, &mut [[u32; 2]], Vec<u32>)| {
                let mut band = Band {
                    ix,
                    links,
                    first,
                    changed,
                    stray,
                };
                let mut ok = true;
                let list = &of_band[b];
                let ahead = |j: usize| list.get(j).map(|&n| clusters[n].grown(ix.board, reads));
                for (j, &i) in list.iter().enumerate() {
                    if let Some(c) = ahead(j + 2) {
                        band.warm_index(&c);
                    }
                    if let Some(c) = ahead(j + 1) {
                        band.warm(&c);
                    }
                    ok = each(&mut band, &clusters[i]).is_some();
                    if !ok || band.lost() {
                        break;
                    }
                }
                (ok, band.changed)
            };
            #[cfg(feature = "parallel")]
            let results: Vec<_> = {
                use rayon::prelude::*;
                jobs.into_par_iter().map(run).collect()
            };
            #[cfg(not(feature = "parallel"))]
            let results: Vec<_> = jobs.into_iter().map(run).collect();
            for (ok, changed) in results {
                if !ok {
                    return None;
                }
                for k in changed {
                    self.mark(k as usize);
                }
            }
            if self.strayed() {
                return None;
            }
        }
        // The merges look round the nodes of the zone's graph, not round the squares rewired
        // (5 million at 10^8, gathered in 30-50 ms on one core): none are listed.
        Some(Vec::new())
    }

    fn cycles(&mut self, _blocked: &BitSet) -> Option<Vec<usize>> {
        let mut g = self.graph_now()?;
        let size = g.number(self)?;
        self.graph = Some(g);
        Some(size)
    }

    fn label(&self, a: u32) -> u32 {
        match (&self.graph, self.ix.rank_of(a)) {
            (Some(g), Some(k)) => g.label(self, k),
            _ => u32::MAX,
        }
    }

    /// A walk through the held squares by their moves, and past them along the base, where
    /// every square kept the base's moves.
    fn reach_all(
        &self,
        from: u32,
        first: u32,
        goals: &[u32],
        limit: usize,
        enough: &dyn Fn(&[usize]) -> bool,
    ) -> Vec<usize> {
        let n = self.ix.base.len();
        let mut met = Met::new(goals, enough);
        // A run along the base ends at a held square: only the goals not held lie on one.
        let loose: Vec<usize> = (0..goals.len())
            .filter(|&i| self.ix.rank_of(goals[i]).is_none())
            .collect();
        let (mut prev, mut at) = (from, first);
        let mut walked = 0;
        'walk: while walked < limit {
            if met.note(at, walked, None) || at == from || at == u32::MAX {
                break;
            }
            if let Some(k) = self.ix.rank_of(at) {
                let [x, y] = self.links[k];
                (prev, at) = (at, if x == prev { y } else { x });
                walked += 1;
                continue;
            }
            // `at` is not held, so it kept the base's moves, as did every square after it up
            // to the next held one: run along the base from `prev` (held) that way.
            let Some(r) = self.ix.rank_of(prev) else {
                break;
            };
            let p = self.ix.pos[r] as usize;
            let onwards = self.ix.base.at(wrap(p + 1, n)) == at;
            let step = |q: usize| {
                if onwards {
                    wrap(q + 1, n)
                } else {
                    wrap(q + n - 1, n)
                }
            };
            let mut q = step(p);
            loop {
                let s = self.ix.base.at(q);
                if met.note(s, walked, Some(&loose)) {
                    break 'walk;
                }
                walked += 1;
                if walked >= limit {
                    break 'walk;
                }
                let next = step(q);
                let after = self.ix.base.at(next);
                if self.ix.rank_of(after).is_some() {
                    (prev, at) = (s, after);
                    break;
                }
                q = next;
            }
        }
        met.steps
    }

    fn squares_apart(
        &self,
        apart: &dyn Fn(u32) -> Option<u32>,
        _touched: &[u32],
        whole: bool,
    ) -> Vec<(u32, u32)> {
        self.graph
            .as_ref()
            .map(|g| g.squares_apart(self, apart, whole))
            .unwrap_or_default()
    }

    /// The last thing asked of a zone: the walk's runs, written once the zone and the
    /// blocks are given up (the tour is the larger part of the peak).
    fn walk(&mut self, from: u32, first: u32, len: usize) -> Walked {
        // The graph is patched for this walk alone, not drawn again.
        let fresh = std::mem::take(&mut self.fresh);
        let graph = match self.graph.take() {
            Some(g) => g.patched(self, fresh),
            None => graph::Graph::of(self),
        };
        match graph.and_then(|g| g.walk(self, (from, first), len)) {
            Some(runs) => Walked::Runs(runs),
            None => Walked::Path(Vec::new()),
        }
    }
}

/// `words` as atomics, to be written side by side by the cores.
fn atomics(words: &mut [u32]) -> &[AtomicU32] {
    // SAFETY: `AtomicU32` has the size and bit validity of `u32` and, where `u32` is aligned
    // to 4 as on every target the tool is built for (checked below), its alignment; the
    // slice is borrowed mutably, so no other access to it is made while the atomics live
    // (`AtomicU32::from_mut_slice`, not yet stable, does the same).
    const _: () = assert!(std::mem::align_of::<u32>() == std::mem::align_of::<AtomicU32>());
    unsafe { &*(std::ptr::from_mut(words) as *const [AtomicU32]) }
}

/// `0..n` cut into ranges of `size` (the last shorter).
fn cut(n: usize, size: usize) -> Vec<std::ops::Range<usize>> {
    (0..n.div_ceil(size))
        .map(|c| c * size..((c + 1) * size).min(n))
        .collect()
}

/// `n` values made by `f`, written on every core where `n` is large: the pages of the zone's
/// arrays (250 MB at 10^8 round 10^4 macros) are then first touched side by side, which on
/// one core took 0.1 s.
fn filled<T: Send>(n: u32, f: impl Fn() -> T + Sync + Send) -> Vec<T> {
    #[cfg(feature = "parallel")]
    if n as usize >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        return (0..n).into_par_iter().map(|_| f()).collect();
    }
    (0..n).map(|_| f()).collect()
}

/// Room made at first for a vector a worker fills ([`gathered`]).
pub(super) const GATHER: usize = 1024;

/// `f` over `0..n` cut into chunks of `size`, each pushing on a vector of its own, side by
/// side on every core where there are two chunks; the vectors in order. They are made here,
/// with the room `room` gives a chunk (as much as it can push, so none grows): grown by a
/// worker, a vector stays in the heap it was made in, which glibc hands back to the system
/// (`malloc_trim`); a worker's own heap keeps its top (of these lists, 14 MB of the peak at
/// 10^8 squares round 10^4 macros). Grown step by step, the nodes' lists were copied and
/// faulted in afresh at each step.
fn gathered<T: Send>(
    n: usize,
    size: usize,
    room: impl Fn(&std::ops::Range<usize>) -> usize,
    f: impl Fn(std::ops::Range<usize>, &mut Vec<T>) + Sync + Send,
) -> Vec<Vec<T>> {
    let ranges = cut(n, size);
    let mut outs: Vec<Vec<T>> = ranges.iter().map(|r| Vec::with_capacity(room(r))).collect();
    // Side by side wherever there are two chunks: the work is look-ups far apart in memory,
    // which each core waits for on its own (drawing 32,000 nodes' steps again after the
    // merges took 16-20 ms on one core).
    #[cfg(feature = "parallel")]
    if outs.len() > 1 {
        use rayon::prelude::*;
        outs.par_iter_mut()
            .zip(ranges)
            .for_each(|(out, r)| f(r, out));
        return outs;
    }
    for (out, r) in outs.iter_mut().zip(ranges) {
        f(r, out);
    }
    outs
}

/// `f` over `0..n` cut into chunks, side by side on every core where `n` is large, in order.
fn chunks<T: Send>(n: usize, f: impl Fn(std::ops::Range<usize>) -> T + Sync + Send) -> Vec<T> {
    chunks_of(n, CHUNK, f)
}

/// [`chunks`] of `size`: words of a bitset take a 64th of [`CHUNK`] each, as many squares,
/// so that the cores share enough tasks (four of a whole chunk each left one core idle).
fn chunks_of<T: Send>(
    n: usize,
    size: usize,
    f: impl Fn(std::ops::Range<usize>) -> T + Sync + Send,
) -> Vec<T> {
    let ranges = cut(n, size);
    #[cfg(feature = "parallel")]
    if n >= crate::tour::PARALLEL_SQUARES / 16 {
        use rayon::prelude::*;
        return ranges.into_par_iter().map(f).collect();
    }
    ranges.into_iter().map(f).collect()
}

#[cfg(test)]
mod tests;
