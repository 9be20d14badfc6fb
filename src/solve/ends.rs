//! Tours with prescribed ends on boards with both sides at least 5, in O(rows x cols).
//!
//! The board is cut into tiles as for closed tours. The tile holding the start and the tile
//! holding the end are joined by a *chain* of tiles: along the start's tile row to the end's
//! tile column, then along that column. Each chain tile carries a Hamiltonian path of its own
//! between two squares (the start, or the square a knight's move from where the previous tile
//! ended; and the end, or a square a knight's move from the next tile), found by exact search
//! once per shape, ends and merge moves, and cached. Every other tile keeps its cycle and is
//! merged into a neighbour through the usual pair of parallel moves: each tile row hangs
//! horizontally off the chain tiles in it, and rows without one hang off the left column.
//!
//! Colours take care of themselves: on a tile with an even number of squares a path joins two
//! colours, so every tile after the first is entered on the start's colour and the end must be
//! the other colour (the board's rule). Both sides odd: the one odd x odd tile is put on the
//! chain, where a path joins two squares of the corners' colour.
//!
//! If a tile has no path for some choice of crossing squares the next choice is tried (with
//! backtracking to the previous tile), then other tilings, then the reversed chain.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

mod cuts;

use super::divide::{Axes, Constructed};
use super::merge::{
    generate_chain, required_for, tile_cycle, Layout, LocalEdge, LocalTour, Placed, Port,
    NEED_LEFT, NEED_UP,
};
use super::search::TieBreak;
use super::tile_search::{self, Constraints};
use crate::board::{Board, Square};
use crate::rng::mix64;
use crate::tour::Kind;
use crate::tour::Tour;

/// Ports in the order [`Layout::ports_of`] lists them.
const SIDES: [Port; 4] = [Port::Right, Port::Left, Port::Down, Port::Up];
/// Crossing squares tried per chain step.
const CROSSINGS: usize = 10;
/// Failed tile searches allowed per tiling before the next tiling is tried.
const FAILURES: usize = 40;
/// Node budget of one tile path search.
const TILE_BUDGET: u64 = 150_000;

type PathKey = (u32, u32, u32, u32, u8);

fn path_cache() -> &'static Mutex<HashMap<PathKey, Option<Arc<LocalTour>>>> {
    static CACHE: OnceLock<Mutex<HashMap<PathKey, Option<Arc<LocalTour>>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A Hamiltonian path of an `h` x `w` tile from `from` to `to` (local indices) containing the
/// merge moves of `ports` (a bit per entry of [`SIDES`]); cached, failures included.
fn tile_path(h: u32, w: u32, from: u32, to: u32, ports: u8) -> Option<Arc<LocalTour>> {
    let key = (h, w, from, to, ports);
    if let Some(t) = path_cache().lock().expect("cache").get(&key) {
        return t.clone();
    }
    let list: Vec<Port> = SIDES
        .iter()
        .enumerate()
        .filter(|(k, _)| ports & (1 << k) != 0)
        .map(|(_, &p)| p)
        .collect();
    let cons = Constraints {
        required: required_for(h, w, &list),
        forbid_end: (0..h * w).filter(|&z| z != to).collect(),
        ..Constraints::default()
    };
    let found = Board::new(h, w).ok().and_then(|tile| {
        [
            TieBreak::FarFromCentre,
            TieBreak::MoveOrder,
            TieBreak::Random(mix64(key.2 as u64 ^ (key.3 as u64) << 20)),
        ]
        .into_iter()
        .find_map(|tie| tile_search::find(tile, from, false, &cons, tie, TILE_BUDGET))
    });
    let t = found.map(|p| Arc::new(LocalTour::new(h, w, &p, false)));
    path_cache().lock().expect("cache").insert(key, t.clone());
    t
}

/// A tiling with its chain and the tree that hangs every other tile off it.
struct Chain {
    board: Board,
    ax: Axes,
    kinds: Vec<Placed>,
    /// The chain's tile row and its columns (inclusive).
    row: usize,
    seg: (usize, usize),
    /// The chain's tile column and its rows (inclusive; includes `row`).
    col: usize,
    vseg: (usize, usize),
    /// Kind index of each chain tile in the row, and in the column.
    row_kinds: Vec<usize>,
    col_kinds: Vec<usize>,
    /// Chain tiles from the start's to the end's.
    order: Vec<(usize, usize)>,
    /// Whether the left-column tile of each tile row links down to the next row's.
    down: Vec<bool>,
}

impl Chain {
    fn new(board: Board, rparts: Vec<u32>, cparts: Vec<u32>, seed: Option<u64>) -> Chain {
        Chain {
            board,
            ax: Axes::new(rparts, cparts, seed),
            kinds: Vec::new(),
            row: 0,
            seg: (0, 0),
            col: 0,
            vseg: (0, 0),
            row_kinds: Vec::new(),
            col_kinds: Vec::new(),
            order: Vec::new(),
            down: Vec::new(),
        }
    }

    /// Lays the chain from the tile at `a` along its row to the column of `b`, then down or up.
    fn lay(&mut self, a: (usize, usize), b: (usize, usize)) {
        self.row = a.0;
        self.col = b.1;
        self.seg = (a.1.min(b.1), a.1.max(b.1));
        self.vseg = (a.0.min(b.0), a.0.max(b.0));
        let mut order = Vec::new();
        let step = |x: usize, y: usize| if x <= y { 1isize } else { -1 };
        let (mut j, dj) = (a.1 as isize, step(a.1, b.1));
        loop {
            order.push((a.0, j as usize));
            if j as usize == b.1 {
                break;
            }
            j += dj;
        }
        let (mut i, di) = (a.0 as isize, step(a.0, b.0));
        while i as usize != b.0 {
            i += di;
            order.push((i as usize, b.1));
        }
        self.order = order;
        // Rows above and below the chain's column hang off the left column, each from the row
        // nearer the chain; the two left tiles of a chain step along the column are not linked.
        let p = self.ax.rparts.len();
        self.down = (0..p)
            .map(|i| {
                i + 1 < p
                    && (i < self.vseg.0 || i >= self.vseg.1)
                    && !(self.is_chain(i, 0) && self.is_chain(i + 1, 0))
            })
            .collect();
    }

    fn is_chain(&self, i: usize, j: usize) -> bool {
        (i == self.row && (self.seg.0..=self.seg.1).contains(&j))
            || (j == self.col && (self.vseg.0..=self.vseg.1).contains(&i))
    }

    /// Which sides of tile (i, j) are merge links, in [`SIDES`] order.
    #[inline]
    fn links(&self, i: usize, j: usize) -> [bool; 4] {
        let q = self.ax.cparts.len();
        let on = self.is_chain(i, j);
        [
            j + 1 < q && !(on && self.is_chain(i, j + 1)),
            j > 0 && !(on && self.is_chain(i, j - 1)),
            j == 0 && self.down[i],
            j == 0 && i > 0 && self.down[i - 1],
        ]
    }

    fn ports_mask(&self, i: usize, j: usize) -> u8 {
        self.links(i, j)
            .iter()
            .enumerate()
            .fold(0, |m, (k, &l)| m | (l as u8) << k)
    }

    #[inline]
    fn kind(&self, i: usize, j: usize) -> usize {
        if i == self.row && (self.seg.0..=self.seg.1).contains(&j) {
            return self.row_kinds[j - self.seg.0];
        }
        if j == self.col && (self.vseg.0..=self.vseg.1).contains(&i) {
            return self.col_kinds[i - self.vseg.0];
        }
        // Off the chain a tile links left whenever it can, else up if its row hangs down.
        let needs = if j > 0 {
            1
        } else if i > 0 && self.down[i - 1] {
            2
        } else {
            0
        };
        self.ax.dense(
            self.ax.rclass[i] as usize,
            self.ax.cclass[j] as usize,
            needs,
            self.ax.variant(i, j),
        )
    }

    /// Every tile cycle the tiling can ask for (odd x odd shapes are only ever on the chain).
    fn build_cycles(&mut self) -> Option<()> {
        let mut kinds = Vec::new();
        for &h in &self.ax.rsizes {
            for &w in &self.ax.csizes {
                for needs in [0u8, NEED_LEFT, NEED_UP] {
                    for v in 0..self.ax.variants {
                        if h % 2 == 1 && w % 2 == 1 {
                            kinds.push(Placed::placeholder());
                            continue;
                        }
                        let vseed = self.ax.seed.map_or(0, |s| mix64(s.wrapping_add(v)) | 1);
                        let tpl = tile_cycle(h, w, needs, vseed)?;
                        kinds.push(Placed::new(tpl, self.board.cols));
                    }
                }
            }
        }
        self.kinds = kinds;
        Some(())
    }

    fn rect(&self, (i, j): (usize, usize)) -> (u32, u32, u32, u32) {
        (
            self.ax.rstart[i],
            self.ax.cstart[j],
            self.ax.rparts[i],
            self.ax.cparts[j],
        )
    }

    /// Knight's moves from tile `a` into tile `b` whose square in `a` has colour `colour`,
    /// those nearest the middle of the shared side first, and last those that leave `a` or
    /// enter `b` on a pinched square (see [`cuts`]), where a tile path rarely ends.
    fn crossings(
        &self,
        a: (usize, usize),
        b: (usize, usize),
        colour: u32,
    ) -> Vec<(Square, Square)> {
        let (ar, ac, ah, aw) = self.rect(a);
        let (br, bc, bh, bw) = self.rect(b);
        let inside = |r: i64, c: i64, (r0, c0, h, w): (u32, u32, u32, u32)| {
            r >= r0 as i64 && r < (r0 + h) as i64 && c >= c0 as i64 && c < (c0 + w) as i64
        };
        let mut v: Vec<(u64, Square, Square)> = Vec::new();
        for r in ar..ar + ah {
            for c in ac..ac + aw {
                if (r + c) & 1 != colour {
                    continue;
                }
                for (dr, dc) in crate::board::KNIGHT_MOVES {
                    let (nr, nc) = (r as i64 + dr as i64, c as i64 + dc as i64);
                    if !inside(nr, nc, (br, bc, bh, bw)) {
                        continue;
                    }
                    // Distance from the middle of the shared side, measured along it.
                    let along = if a.0 == b.0 {
                        (2 * r as i64 - (2 * ar + ah - 1) as i64).unsigned_abs()
                    } else {
                        (2 * c as i64 - (2 * ac + aw - 1) as i64).unsigned_abs()
                    };
                    let pinch = cuts::pinched(ah, aw, r - ar, c - ac)
                        || cuts::pinched(bh, bw, nr as u32 - br, nc as u32 - bc);
                    let key = u64::from(pinch) << 40
                        | (along << 8)
                        | (dr as u64 & 7) << 4
                        | (dc as u64 & 7);
                    v.push((key, Square::new(r, c), Square::new(nr as u32, nc as u32)));
                }
            }
        }
        v.sort_unstable_by_key(|x| (x.0, x.1, x.2));
        v.into_iter().map(|(_, x, e)| (x, e)).collect()
    }

    /// Finds every chain tile's path from `s` to `t` and registers them as kinds.
    fn paths(&mut self, s: Square, t: Square) -> Option<()> {
        let k_last = self.order.len() - 1;
        let mut entry = vec![s; self.order.len()];
        let mut choice = vec![0usize; self.order.len()];
        let mut found: Vec<Option<Arc<LocalTour>>> = vec![None; self.order.len()];
        let mut failures = 0;
        let mut k = 0usize;
        loop {
            let tile = self.order[k];
            let (r0, c0, h, w) = self.rect(tile);
            let local = |q: Square| (q.row - r0) * w + (q.col - c0);
            let ports = self.ports_mask(tile.0, tile.1);
            let from = local(entry[k]);
            let mut next = None;
            if k == k_last {
                if choice[k] == 0 {
                    choice[k] = 1;
                    if let Some(p) = tile_path(h, w, from, local(t), ports) {
                        found[k] = Some(p);
                        break;
                    }
                }
            } else {
                let odd = (h * w) % 2 == 1;
                let colour = entry[k].colour() ^ (!odd) as u32;
                let cands = self.crossings(tile, self.order[k + 1], colour);
                while choice[k] < cands.len().min(CROSSINGS) {
                    let (x, e) = cands[choice[k]];
                    choice[k] += 1;
                    if x == entry[k] {
                        continue;
                    }
                    if let Some(p) = tile_path(h, w, from, local(x), ports) {
                        next = Some((p, e));
                        break;
                    }
                    // The same crossing square with another entry into the next tile fails
                    // the same way (the answer is cached): no new failure.
                    if cands[..choice[k] - 1].iter().any(|c| c.0 == x) {
                        continue;
                    }
                    failures += 1;
                    if failures > FAILURES {
                        return None;
                    }
                }
            }
            match next {
                Some((p, e)) => {
                    found[k] = Some(p);
                    entry[k + 1] = e;
                    choice[k + 1] = 0;
                    k += 1;
                }
                None => {
                    failures += 1;
                    if k == 0 || failures > FAILURES {
                        return None;
                    }
                    k -= 1;
                }
            }
        }
        for tpl in found {
            let tpl = tpl.expect("every chain tile has its path");
            self.kinds.push(Placed::new(tpl, self.board.cols));
        }
        // Index the kinds by position along the row and the column.
        let mut row_kinds = vec![0; self.seg.1 - self.seg.0 + 1];
        let mut col_kinds = vec![0; self.vseg.1 - self.vseg.0 + 1];
        let first = self.kinds.len() - self.order.len();
        for (n, &(i, j)) in self.order.iter().enumerate() {
            if i == self.row {
                row_kinds[j - self.seg.0] = first + n;
            }
            if j == self.col {
                col_kinds[i - self.vseg.0] = first + n;
            }
        }
        self.row_kinds = row_kinds;
        self.col_kinds = col_kinds;
        Some(())
    }
}

impl Layout for Chain {
    #[inline]
    fn placed(&self, id: (usize, usize)) -> &Placed {
        &self.kinds[self.kind(id.0, id.1)]
    }
    #[inline]
    fn base_of(&self, id: (usize, usize)) -> u32 {
        self.ax.rstart[id.0] * self.board.cols + self.ax.cstart[id.1]
    }
    #[inline]
    fn origin(&self, id: (usize, usize)) -> (u32, u32) {
        (self.ax.rstart[id.0], self.ax.cstart[id.1])
    }
    #[inline]
    fn ports_of(&self, (i, j): (usize, usize)) -> [Option<(Port, (usize, usize))>; 4] {
        let l = self.links(i, j);
        [
            l[0].then(|| (Port::Right, (i, j + 1))),
            l[1].then(|| (Port::Left, (i, j.wrapping_sub(1)))),
            l[2].then(|| (Port::Down, (i + 1, j))),
            l[3].then(|| (Port::Up, (i.wrapping_sub(1), j))),
        ]
    }
    fn port_edge(&self, id: (usize, usize), port: Port) -> LocalEdge {
        port.edge(self.ax.rparts[id.0], self.ax.cparts[id.1])
    }
    fn detached(&self, from: (usize, usize), nb: (usize, usize)) -> Option<usize> {
        if from.0 != nb.0 || self.is_chain(nb.0, nb.1) {
            return None;
        }
        let i = nb.0;
        let h = self.ax.rparts[i] as usize;
        if nb.1 == from.1 + 1 {
            // Rightwards, away from the chain or the left column: the rest of the row.
            return Some(h * (self.board.cols - self.ax.cstart[nb.1]) as usize);
        }
        // Leftwards from the chain: the start of the row, unless the left column hangs off it.
        let l = self.links(i, 0);
        (!l[2] && !l[3]).then(|| h * (self.ax.cstart[nb.1] + self.ax.cparts[nb.1]) as usize)
    }
    fn twin_key(&self, from: (usize, usize), nb: (usize, usize)) -> Option<u64> {
        // A detached part of a tile row is off the chain and its left column links neither up
        // nor down, so its kinds are set by the row's height, its first column and its side,
        // unless a seed varies them.
        let rightwards = u64::from(nb.1 > from.1);
        (!self.ax.varies())
            .then(|| u64::from(self.ax.rclass[nb.0]) << 33 | (nb.1 as u64) << 1 | rightwards)
    }
}

/// Whether the chain construction covers the board: both sides at least 5.
pub(crate) fn covers(board: Board) -> bool {
    board.sides().0 >= 5
}

/// [`build`] with the tiles listed.
#[cfg(test)]
fn construct(board: Board, s: Square, t: Square, seed: Option<u64>) -> Option<Tour> {
    build(board, s, t, seed).map(Constructed::tiled)
}

/// The tilings tried for a chain from `a` to `b`, in order: the usual cuts (at most 8), then
/// cuts moved so that neither end is pinched (see [`cuts`]), then cuts that put the ends in
/// parts the usual ones never use; tilings that pinch an end come last, since a tile path
/// rarely ends there.
fn tilings(board: Board, a: Square, b: Square) -> Vec<(Vec<u32>, Vec<u32>)> {
    let both_odd = board.rows % 2 == 1 && board.cols % 2 == 1;
    let (rows_odd, cols_odd) = if both_odd {
        (Some(a.row), Some(b.col))
    } else {
        (None, None)
    };
    let (rs, cs) = (
        cuts::arrangements(board.rows, rows_odd),
        cuts::arrangements(board.cols, cols_odd),
    );
    let mut usual: Vec<(Vec<u32>, Vec<u32>)> = Vec::new();
    for rp in &rs {
        for cp in &cs {
            if usual.len() < 8 {
                usual.push((rp.clone(), cp.clone()));
            }
        }
    }
    let ends = [(a.row, a.col), (b.row, b.col)];
    let odd = |len: u32, over: Option<u32>| match over {
        Some(x) => cuts::Odd::Over(x),
        None if len % 2 == 1 => cuts::Odd::Anywhere,
        None => cuts::Odd::None,
    };
    // Where the usual cuts put the part holding each end, per side: (end, part start, size).
    let used = |parts: &[Vec<u32>], coord: fn(&(u32, u32)) -> u32| {
        let mut v = Vec::new();
        for p in parts {
            for (k, e) in ends.iter().enumerate() {
                let (size, off) = cuts::part_at(p, coord(e));
                v.push((k, coord(e) - off, size));
            }
        }
        v
    };
    let used_r = used(&rs, |e| e.0);
    let used_c = used(&cs, |e| e.1);
    let mut moved = Vec::new();
    let mut fresh = Vec::new();
    for (rp, cp) in &usual {
        // Recut the columns with the rows as they are, then the rows with the columns: off
        // the pinched squares, and then also away from every part the usual cuts put an end
        // in (both ends in one tile, say, with no path between them there).
        for new_place in [false, true] {
            let pts: Vec<u32> = ends.iter().map(|e| e.1).collect();
            let bad = |k: usize, off: u32, w: u32| {
                let (h, lr) = cuts::part_at(rp, ends[k].0);
                cuts::pinched(h, w, lr, off)
                    || new_place && used_c.contains(&(k, ends[k].1 - off, w))
            };
            let list = if new_place { &mut fresh } else { &mut moved };
            if let Some(c2) = cuts::avoiding(board.cols, odd(board.cols, cols_odd), &pts, bad) {
                list.push((rp.clone(), c2));
            }
            let pts: Vec<u32> = ends.iter().map(|e| e.0).collect();
            let bad = |k: usize, off: u32, h: u32| {
                let (w, lc) = cuts::part_at(cp, ends[k].1);
                cuts::pinched(h, w, off, lc)
                    || new_place && used_r.contains(&(k, ends[k].0 - off, h))
            };
            if let Some(r2) = cuts::avoiding(board.rows, odd(board.rows, rows_odd), &pts, bad) {
                list.push((r2, cp.clone()));
            }
        }
    }
    let (mut out, pinched): (Vec<_>, Vec<_>) = usual
        .into_iter()
        .partition(|(rp, cp)| !cuts::pinches(rp, cp, &ends));
    out.extend(moved);
    out.extend(fresh);
    out.extend(pinched);
    cuts::first_of_each(out)
}

/// An open tour of `board` from `s` to `t`, if the chain construction finds one; the caller
/// has checked the existence rule, verifies the tour, then lists its tiles.
pub(crate) fn build(board: Board, s: Square, t: Square, seed: Option<u64>) -> Option<Constructed> {
    if !covers(board) || s == t {
        return None;
    }
    for (a, b, reversed) in [(s, t, false), (t, s, true)] {
        for (rp, cp) in tilings(board, a, b) {
            let mut chain = Chain::new(board, rp, cp, seed);
            let (ta, tb) = (chain.ax.locate(a).0, chain.ax.locate(b).0);
            chain.lay(ta, tb);
            if chain.build_cycles().is_none() {
                continue;
            }
            if chain.paths(a, b).is_none() {
                continue;
            }
            let mut path = vec![0u32; board.area()];
            generate_chain(&chain, &chain.order, &mut path);
            if reversed {
                path.reverse();
            }
            return Some(Constructed {
                tour: Tour {
                    piece: crate::piece::Piece::KNIGHT,
                    board,
                    path,
                    kind: Kind::Open,
                    tiles: Vec::new(),
                    holes: std::sync::Arc::default(),
                },
                grid: Some(chain.ax.grid()),
            });
        }
    }
    None
}

/// An open tour of a small board (at most 128 squares) from `s` to `t` by restarted search:
/// each restart orders ties differently, which finds the awkward pairs that one order misses.
pub(crate) fn search_small(board: Board, s: Square, t: Square, seed: Option<u64>) -> Option<Tour> {
    if board.area() > super::ends_search::MAX_SQUARES || s == t {
        return None;
    }
    let to = board.index(t);
    let cons = Constraints {
        forbid_end: (0..board.area() as u32).filter(|&z| z != to).collect(),
        ..Constraints::default()
    };
    let base = seed.unwrap_or(0);
    let found = (0..48u64).find_map(|k| {
        let tie = TieBreak::Random(mix64(base.wrapping_add(k)));
        tile_search::find(board, board.index(s), false, &cons, tie, 100_000)
    });
    let path = match found {
        Some(p) => p,
        None => super::ends_search::path(board, board.index(s), to, 400_000_000).ok()??,
    };
    Some(Tour::unchecked(board, path, Kind::Open))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(r: u32, c: u32, s: (u32, u32), t: (u32, u32)) {
        let b = Board::new(r, c).unwrap();
        let (s, t) = (Square::new(s.0, s.1), Square::new(t.0, t.1));
        let tour = construct(b, s, t, None).unwrap_or_else(|| panic!("{b} {s:?} {t:?}"));
        tour.verify().unwrap();
        assert_eq!(tour.path[0], b.index(s));
        assert_eq!(*tour.path.last().unwrap(), b.index(t));
    }

    #[test]
    fn holes_filled_apart_give_the_one_walk_path() {
        // Large enough to be filled in holes, most of them copied from a twin row: chains
        // running up and down, rows hanging left and right of them, both sides odd, a seed.
        for (r, c, s, t, seed) in [
            (1030, 1024, (515, 300), (100, 900), None),
            (1024, 1030, (20, 1000), (1000, 11), None),
            (1025, 1027, (512, 600), (1024, 0), None),
            (1026, 1024, (700, 500), (3, 4), Some(5)),
        ] {
            let b = Board::new(r, c).unwrap();
            let (s, t) = (Square::new(s.0, s.1), Square::new(t.0, t.1));
            let holes = construct(b, s, t, seed).unwrap();
            assert!(holes.len() >= crate::tour::PARALLEL_SQUARES);
            super::super::merge::ONE_WALK.set(true);
            let one = construct(b, s, t, seed);
            super::super::merge::ONE_WALK.set(false);
            assert!(holes == one.unwrap(), "{b} {s:?} {t:?}");
            holes.verify().unwrap();
        }
    }

    #[test]
    fn chains_join_far_and_near_ends() {
        check(34, 34, (0, 0), (0, 1));
        check(34, 34, (0, 0), (33, 33 - 1));
        check(40, 30, (17, 3), (2, 25));
        check(40, 30, (17, 3), (18, 5));
        check(25, 27, (0, 0), (24, 26));
        check(25, 27, (12, 14), (12, 16));
        check(5, 40, (0, 0), (4, 39));
        check(16, 16, (7, 7), (8, 9));
    }
}
