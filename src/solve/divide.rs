//! Divide and conquer (after Parberry 1997, Bai & Yang 2000, Lin & Wei 2005): split the board
//! into tiles of 5 to 10 squares a side, give every tile a cycle found once per shape by exact
//! search, and merge neighbouring cycles into one through pairs of parallel knight moves.
//!
//! Merges. Tiles form a comb: each tile row is a chain joined left to right, and the left
//! column joins the rows top to bottom. Two tiles side by side (A left, B right, same top row)
//! merge by removing A's move (0,w-1)-(2,w-2), which every tour of A contains because a corner
//! has only two moves, and B's move (1,1)-(3,0), which B's cycle is searched to contain; the
//! moves (0,w-1)-(1,w+1) and (2,w-2)-(3,w) then join them. The vertical merge is the same
//! pattern transposed: U's corner move (h-1,0)-(h-2,2) and D's move (1,1)-(0,3). All moves a
//! tile gives up are distinct, so merging along a tree of tiles always leaves one cycle.
//!
//! The tree of tiles is walked by [`super::merge::generate`], which streams the cycle into the
//! path with an explicit stack (depth = number of tile rows + columns).
//!
//! Open tours: on a board with a closed tour the tree is rooted at the tile holding the start
//! square and the walk starts there. On a board with both sides odd the tile holding the start
//! is an odd x odd tile whose own Hamiltonian path from the start (with the merge moves it
//! needs) is found by search; the other tiles' cycles are merged into that path.

use std::sync::Arc;

use super::merge::compact::{self, Compact};
use super::merge::{
    generate, required_for, tile_cycle, Layout, LocalEdge, LocalTour, Placed, Port, NEED_LEFT,
    NEED_UP,
};
use super::search::TieBreak;
use super::tile_search::{self, Constraints};
use crate::board::{Board, Square};
use crate::rng::mix64;
use crate::tour::Kind;
use crate::tour::{Tile, Tour};

/// Why the construction could not be made (only for boards outside its range).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DivideError {
    /// The board is too narrow for tiles.
    #[error("divide needs both sides of at least 5 (or a 3-row board with an even side >= 10); {0} is narrower")]
    Narrow(Board),
    /// No tile tour with the needed merge moves was found (a bug in the tile table).
    #[error("no tile tour of {0}x{1} with the needed merge moves was found")]
    Tile(u32, u32),
    /// No open tile path from the start was found.
    #[error("no tile arrangement gave an open tour of {0} from {1}")]
    Start(Board, Square),
}

/// Splits an even length (0 or >= 6) into parts of 6, 8 and 10.
pub(crate) fn even_parts(len: u32) -> Vec<u32> {
    debug_assert!(len == 0 || (len >= 6 && len % 2 == 0));
    if len == 0 {
        return Vec::new();
    }
    let r = len % 8;
    let mut v: Vec<u32> = match r {
        0 => vec![],
        2 => vec![10],
        4 => vec![6, 6],
        _ => vec![6],
    };
    let used: u32 = v.iter().sum();
    v.extend(std::iter::repeat_n(8, ((len - used) / 8) as usize));
    v
}

/// Splits a side (>= 5) into parts of 5 to 10, at most one of them odd (placed first).
pub(crate) fn closed_parts(len: u32) -> Vec<u32> {
    if len <= 10 {
        return vec![len];
    }
    if len % 2 == 0 {
        return even_parts(len);
    }
    let odd = [5, 7, 9]
        .into_iter()
        .find(|&o| (len - o) % 8 == 0 && len - o >= 8)
        .unwrap_or(5);
    let mut v = vec![odd];
    v.extend(even_parts(len - odd));
    v
}

/// Arrangements of an odd side with the odd part covering coordinate `x`, smallest part first.
pub(crate) fn odd_parts_around(len: u32, x: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for o in [5u32, 7, 9, 11, 13] {
        if o > len {
            break;
        }
        let lo = (x + 1).saturating_sub(o);
        for before in (lo..=x).filter(|p| p % 2 == 0) {
            let after = match len.checked_sub(before + o) {
                Some(a) => a,
                None => continue,
            };
            let ok = |e: u32| e == 0 || (e >= 6 && e % 2 == 0);
            if ok(before) && ok(after) {
                let mut v = even_parts(before);
                v.push(o);
                v.extend(even_parts(after));
                out.push(v);
            }
        }
    }
    if out.is_empty() && len % 2 == 1 {
        out.push(vec![len]);
    }
    out
}

/// Prefix sums: where each part starts.
pub(crate) fn starts(parts: &[u32]) -> Vec<u32> {
    let mut s = Vec::with_capacity(parts.len());
    let mut acc = 0;
    for &p in parts {
        s.push(acc);
        acc += p;
    }
    s
}

/// Where the tiles lie: each side's parts, where they start, and their size classes, with
/// the seed's choice of tile variants. Shared by the closed-tour plan and the chain of `ends`.
pub(crate) struct Axes {
    pub(crate) rparts: Vec<u32>,
    pub(crate) cparts: Vec<u32>,
    pub(crate) rstart: Vec<u32>,
    pub(crate) cstart: Vec<u32>,
    /// Distinct row part sizes, and each tile row's index into them.
    pub(crate) rsizes: Vec<u32>,
    pub(crate) rclass: Vec<u8>,
    /// Distinct column part sizes, and each tile column's index into them.
    pub(crate) csizes: Vec<u32>,
    pub(crate) cclass: Vec<u8>,
    pub(crate) variants: u64,
    pub(crate) seed: Option<u64>,
}

impl Axes {
    pub(crate) fn new(rparts: Vec<u32>, cparts: Vec<u32>, seed: Option<u64>) -> Axes {
        let classes = |parts: &[u32]| {
            let mut sizes: Vec<u32> = parts.to_vec();
            sizes.sort_unstable();
            sizes.dedup();
            let class = parts
                .iter()
                .map(|p| sizes.iter().position(|s| s == p).expect("present") as u8)
                .collect();
            (sizes, class)
        };
        let (rsizes, rclass) = classes(&rparts);
        let (csizes, cclass) = classes(&cparts);
        Axes {
            rstart: starts(&rparts),
            cstart: starts(&cparts),
            rparts,
            cparts,
            rsizes,
            rclass,
            csizes,
            cclass,
            variants: if seed.is_some() { 3 } else { 1 },
            seed,
        }
    }

    /// Which of the seed's tile variants tile (i, j) gets.
    pub(crate) fn variant(&self, i: usize, j: usize) -> u64 {
        match self.seed {
            Some(s) if self.varies() => {
                mix64(s ^ mix64(((i as u64) << 32) | j as u64)) % self.variants
            }
            _ => 0,
        }
    }

    /// Whether tiles of one shape and needs can differ from place to place (a seed with more
    /// than one variant).
    pub(crate) fn varies(&self) -> bool {
        self.seed.is_some() && self.variants > 1
    }

    /// Index of a tile cycle kind by size classes, needs (0, 1 or 2) and variant.
    pub(crate) fn dense(&self, rc: usize, cc: usize, needs: usize, v: u64) -> usize {
        ((rc * self.csizes.len() + cc) * 3 + needs) * self.variants as usize + v as usize
    }

    /// The tile holding `sq`, and `sq` in that tile's coordinates.
    pub(crate) fn locate(&self, sq: Square) -> ((usize, usize), (u32, u32)) {
        let i = self.rstart.partition_point(|&s| s <= sq.row) - 1;
        let j = self.cstart.partition_point(|&s| s <= sq.col) - 1;
        ((i, j), (sq.row - self.rstart[i], sq.col - self.cstart[j]))
    }

    /// The grid of tile rectangles, to be listed later.
    pub(crate) fn grid(&self) -> Grid {
        Grid {
            rparts: self.rparts.clone(),
            cparts: self.cparts.clone(),
            rstart: self.rstart.clone(),
            cstart: self.cstart.clone(),
        }
    }
}

/// The tiles of a construction kept as the sizes and starts of their rows and columns: the
/// list of every tile (16 bytes a tile) is made only once the tour is verified, so it and
/// the verifier's visited sets (25 MB each at 10^8 squares) are never held at once.
pub(crate) struct Grid {
    rparts: Vec<u32>,
    cparts: Vec<u32>,
    rstart: Vec<u32>,
    cstart: Vec<u32>,
}

impl Grid {
    /// Every tile's rectangle, row by row; on every core for a large board (the list is 0.25
    /// bytes a square, and writing it is a first touch of its pages, 11 ms at 10^8 squares on
    /// one thread).
    pub(crate) fn tiles(&self) -> Vec<Tile> {
        let row = |i: usize| {
            let (h, r) = (self.rparts[i], self.rstart[i]);
            self.cparts
                .iter()
                .zip(&self.cstart)
                .map(move |(&w, &c)| Tile {
                    row: r,
                    col: c,
                    rows: h,
                    cols: w,
                })
        };
        #[cfg(feature = "parallel")]
        if self.rparts.len() * self.cparts.len() * 64 >= crate::tour::PARALLEL_SQUARES {
            use rayon::prelude::*;
            let q = self.cparts.len();
            let mut v = Vec::new();
            (0..self.rparts.len() * q)
                .into_par_iter()
                .map(|k| {
                    let (i, j) = (k / q, k % q);
                    Tile {
                        row: self.rstart[i],
                        col: self.cstart[j],
                        rows: self.rparts[i],
                        cols: self.cparts[j],
                    }
                })
                .collect_into_vec(&mut v);
            return v;
        }
        (0..self.rparts.len()).flat_map(row).collect()
    }
}

/// A constructed tour before its tiles are listed: see [`Grid`].
pub(crate) struct Constructed {
    /// The tour, with no tiles yet when `grid` is given.
    pub(crate) tour: Tour,
    /// The tiles still to be listed.
    pub(crate) grid: Option<Grid>,
}

impl Constructed {
    /// The tour with its tiles listed.
    pub(crate) fn tiled(self) -> Tour {
        let mut tour = self.tour;
        if let Some(grid) = self.grid {
            tour.tiles = grid.tiles();
        }
        tour
    }
}

impl From<Tour> for Constructed {
    fn from(tour: Tour) -> Constructed {
        Constructed { tour, grid: None }
    }
}

/// The whole plan: tile axes, tile kinds and the root.
struct TilePlan {
    board: Board,
    ax: Axes,
    kinds: Vec<Placed>,
    root: (usize, usize),
    /// The root's own path when it is an odd x odd tile, and its kind index once built.
    root_tpl: Option<Arc<LocalTour>>,
    root_kind: Option<usize>,
}

impl TilePlan {
    fn ports(&self, i: usize, j: usize) -> impl Iterator<Item = (Port, (usize, usize))> {
        let (p, q) = (self.ax.rparts.len(), self.ax.cparts.len());
        let mut v: [(Option<Port>, (usize, usize)); 4] = [(None, (0, 0)); 4];
        if j + 1 < q {
            v[0] = (Some(Port::Right), (i, j + 1));
        }
        if j > 0 {
            v[1] = (Some(Port::Left), (i, j - 1));
        }
        if j == 0 && i + 1 < p {
            v[2] = (Some(Port::Down), (i + 1, 0));
        }
        if j == 0 && i > 0 {
            v[3] = (Some(Port::Up), (i - 1, 0));
        }
        v.into_iter().filter_map(|(p, t)| p.map(|p| (p, t)))
    }

    /// 0: no merge move needed (the first tile); 1: `Left`; 2: `Up`.
    fn needs(&self, i: usize, j: usize) -> usize {
        if j > 0 {
            1
        } else if i > 0 {
            2
        } else {
            0
        }
    }

    #[inline]
    fn kind(&self, i: usize, j: usize) -> usize {
        if (i, j) == self.root {
            if let Some(k) = self.root_kind {
                return k;
            }
        }
        self.ax.dense(
            self.ax.rclass[i] as usize,
            self.ax.cclass[j] as usize,
            self.needs(i, j),
            self.ax.variant(i, j),
        )
    }

    /// Finds (or takes from the cache) every tile cycle the board can ask for.
    fn build_kinds(&mut self) -> Result<(), DivideError> {
        let mut kinds = Vec::new();
        for &h in &self.ax.rsizes {
            for &w in &self.ax.csizes {
                for needs in [0u8, NEED_LEFT, NEED_UP] {
                    for v in 0..self.ax.variants {
                        let vseed = match self.ax.seed {
                            Some(s) => mix64(s.wrapping_add(v)) | 1,
                            None => 0,
                        };
                        if h % 2 == 1 && w % 2 == 1 {
                            // Only a root path tile is odd x odd; keep the index dense.
                            kinds.push(None);
                            continue;
                        }
                        let tpl = tile_cycle(h, w, needs, vseed).ok_or(DivideError::Tile(h, w))?;
                        kinds.push(Some(Placed::new(tpl, self.board.cols)));
                    }
                }
            }
        }
        self.kinds = kinds
            .into_iter()
            .map(|k| k.unwrap_or_else(Placed::placeholder))
            .collect();
        if let Some(t) = self.root_tpl.clone() {
            self.kinds.push(Placed::new(t, self.board.cols));
            self.root_kind = Some(self.kinds.len() - 1);
        }
        Ok(())
    }

    fn base(&self, i: usize, j: usize) -> u32 {
        self.ax.rstart[i] * self.board.cols + self.ax.cstart[j]
    }
}

impl Layout for TilePlan {
    #[inline]
    fn placed(&self, id: (usize, usize)) -> &Placed {
        &self.kinds[self.kind(id.0, id.1)]
    }
    #[inline]
    fn base_of(&self, id: (usize, usize)) -> u32 {
        self.base(id.0, id.1)
    }
    #[inline]
    fn origin(&self, id: (usize, usize)) -> (u32, u32) {
        (self.ax.rstart[id.0], self.ax.cstart[id.1])
    }
    #[inline]
    fn ports_of(&self, (i, j): (usize, usize)) -> [Option<(Port, (usize, usize))>; 4] {
        let (p, q) = (self.ax.rparts.len(), self.ax.cparts.len());
        [
            (j + 1 < q).then(|| (Port::Right, (i, j + 1))),
            (j > 0).then(|| (Port::Left, (i, j.wrapping_sub(1)))),
            (j == 0 && i + 1 < p).then(|| (Port::Down, (i + 1, 0))),
            (j == 0 && i > 0).then(|| (Port::Up, (i.wrapping_sub(1), 0))),
        ]
    }
    fn port_edge(&self, id: (usize, usize), port: Port) -> LocalEdge {
        port.edge(self.ax.rparts[id.0], self.ax.cparts[id.1])
    }
    fn detached(&self, from: (usize, usize), nb: (usize, usize)) -> Option<usize> {
        // Walking right along a tile row, away from the root: the subtree is the rest of the
        // row. Every other subtree holds the left column and so most of the board.
        (from.0 == nb.0 && nb.1 == from.1 + 1).then(|| {
            self.ax.rparts[nb.0] as usize * (self.board.cols - self.ax.cstart[nb.1]) as usize
        })
    }
    fn twin_key(&self, _from: (usize, usize), nb: (usize, usize)) -> Option<u64> {
        // The rest of a tile row from column j holds tiles that link left and right only, of
        // kinds set by the row's height and their columns, unless a seed varies them.
        (!self.ax.varies()).then(|| u64::from(self.ax.rclass[nb.0]) << 32 | nb.1 as u64)
    }
}

impl TilePlan {
    fn new(board: Board, rparts: Vec<u32>, cparts: Vec<u32>, seed: Option<u64>) -> TilePlan {
        TilePlan {
            board,
            ax: Axes::new(rparts, cparts, seed),
            kinds: Vec::new(),
            root: (0, 0),
            root_tpl: None,
            root_kind: None,
        }
    }

    fn run(&self, start_pos: u32, dir: i32, closed: bool) -> Constructed {
        let mut path = vec![0u32; self.board.area()];
        generate(self, self.root, start_pos, dir, &mut path);
        Constructed {
            tour: Tour {
                piece: crate::piece::Piece::KNIGHT,
                board: self.board,
                path,
                kind: Kind::of(closed),
                tiles: Vec::new(),
                holes: std::sync::Arc::default(),
            },
            grid: Some(self.ax.grid()),
        }
    }
}

/// Whether `divide` covers the board: both sides at least 5.
pub fn covers(board: Board) -> bool {
    board.sides().0 >= 5
}

/// [`build`] with the tiles listed.
#[cfg(test)]
fn construct(board: Board, start: Option<Square>, seed: Option<u64>) -> Result<Tour, DivideError> {
    build(board, start, seed).map(Constructed::tiled)
}

/// Builds a tour: a closed one starting at `start` (default the top-left corner) when the board
/// has one, else (both sides odd) an open one from `start`. The caller verifies it, then lists
/// its tiles.
pub(crate) fn build(
    board: Board,
    start: Option<Square>,
    seed: Option<u64>,
) -> Result<Constructed, DivideError> {
    if !covers(board) {
        return Err(DivideError::Narrow(board));
    }
    let start = start.unwrap_or(Square::new(0, 0));
    if board.rows % 2 == 1 && board.cols % 2 == 1 {
        return open_odd(board, start, seed);
    }
    let mut plan = TilePlan::new(
        board,
        closed_parts(board.rows),
        closed_parts(board.cols),
        seed,
    );
    let (root, local) = plan.ax.locate(start);
    plan.root = root;
    plan.build_kinds()?;
    let kind = &plan.kinds[plan.kind(root.0, root.1)];
    let start_pos = kind.tpl.pos_of(local);
    let dir = match seed {
        Some(s) if mix64(s) & 1 == 1 => -1,
        _ => 1,
    };
    Ok(plan.run(start_pos, dir, true))
}

/// The closed tour [`build`] makes from the top-left corner with no seed, kept compact (see
/// [`Compact`]); `None` where the board has none or the walk's holes do not suit.
pub(crate) fn build_kept(board: Board) -> Option<Compact> {
    if !covers(board) || board.rows % 2 == 1 && board.cols % 2 == 1 {
        return None;
    }
    let mut plan = TilePlan::new(
        board,
        closed_parts(board.rows),
        closed_parts(board.cols),
        None,
    );
    let (root, local) = plan.ax.locate(Square::new(0, 0));
    plan.root = root;
    plan.build_kinds().ok()?;
    let start_pos = plan.kinds[plan.kind(root.0, root.1)].tpl.pos_of(local);
    compact::generate(&plan, board, root, start_pos, 1)
}

/// Open tour of an odd x odd board: the tile holding the start carries a path.
fn open_odd(board: Board, start: Square, seed: Option<u64>) -> Result<Constructed, DivideError> {
    let rows = odd_parts_around(board.rows, start.row);
    let cols = odd_parts_around(board.cols, start.col);
    let mut tries = 0;
    for rp in &rows {
        for cp in &cols {
            tries += 1;
            if tries > 24 {
                return Err(DivideError::Start(board, start));
            }
            let mut plan = TilePlan::new(board, rp.clone(), cp.clone(), seed);
            let (root, (lr, lc)) = plan.ax.locate(start);
            plan.root = root;
            let (h, w) = (plan.ax.rparts[root.0], plan.ax.cparts[root.1]);
            let ports: Vec<Port> = plan.ports(root.0, root.1).map(|(p, _)| p).collect();
            let cons = Constraints {
                required: required_for(h, w, &ports),
                ..Constraints::default()
            };
            let tile = Board::new(h, w).map_err(|_| DivideError::Tile(h, w))?;
            let ties = [
                seed.map_or(TieBreak::FarFromCentre, |s| TieBreak::Random(mix64(s))),
                TieBreak::MoveOrder,
                TieBreak::Random(seed.unwrap_or(0) ^ 0x5EED),
            ];
            let found = ties
                .iter()
                .find_map(|&t| tile_search::find(tile, lr * w + lc, false, &cons, t, 300_000));
            if let Some(path) = found {
                plan.root_tpl = Some(Arc::new(LocalTour::new(h, w, &path, false)));
                plan.build_kinds()?;
                return Ok(plan.run(0, 1, false));
            }
        }
    }
    Err(DivideError::Start(board, start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_sides() {
        for len in 5..200u32 {
            let p = closed_parts(len);
            assert_eq!(p.iter().sum::<u32>(), len);
            assert!(p.iter().all(|&x| (5..=10).contains(&x)), "{len}: {p:?}");
            assert!(p.iter().filter(|&&x| x % 2 == 1).count() <= 1);
            if len % 2 == 1 {
                for x in 0..len {
                    for a in odd_parts_around(len, x) {
                        assert_eq!(a.iter().sum::<u32>(), len);
                    }
                }
            }
        }
    }

    #[test]
    fn every_tile_shape_has_its_cycles() {
        for h in 5..=10 {
            for w in 5..=10 {
                if h % 2 == 1 && w % 2 == 1 {
                    continue;
                }
                for needs in [0, NEED_LEFT, NEED_UP] {
                    tile_cycle(h, w, needs, 0).unwrap();
                }
            }
        }
    }

    #[test]
    fn holes_filled_apart_give_the_one_walk_path() {
        // Large enough to be filled in holes; odd x odd too (a root path tile), and a start in
        // the middle so the walk meets rows on both sides of it.
        for (r, c, start, seed) in [
            (1030, 1024, None, None),
            (1025, 1027, Some(Square::new(512, 600)), Some(5)),
        ] {
            let b = Board::new(r, c).unwrap();
            let holes = construct(b, start, seed).unwrap();
            assert!(holes.len() >= crate::tour::PARALLEL_SQUARES);
            super::super::merge::ONE_WALK.set(true);
            let one = construct(b, start, seed);
            super::super::merge::ONE_WALK.set(false);
            assert!(holes == one.unwrap(), "{b}");
            holes.verify().unwrap();
        }
    }

    #[test]
    fn constructs_and_verifies() {
        for (r, c) in [
            (5, 6),
            (6, 6),
            (8, 8),
            (16, 16),
            (34, 34),
            (13, 22),
            (21, 40),
            (25, 25),
            (11, 13),
        ] {
            let b = Board::new(r, c).unwrap();
            let t = construct(b, None, None).unwrap();
            t.verify().unwrap();
            let t = construct(b, Some(Square::new((r / 2) & !1, (c / 2) & !1)), Some(7)).unwrap();
            t.verify().unwrap();
        }
    }
}
