//! The tile-merge engine shared by the divide-and-conquer and strip constructions.
//!
//! A board is cut into pieces (tiles or strip blocks), each carrying its own tour found once per
//! shape. Two neighbouring pieces merge through a pair of parallel knight moves: each gives up
//! one move (its *port*), and the two moves that cross between them join the two tours into one.
//! Merging along a tree of pieces leaves one tour, because every move a piece gives up is
//! distinct.
//!
//! The merged tour is never stored as a successor array: [`generate`] streams it straight into
//! the path by walking the tree with an explicit stack whose depth is the tree's depth in pieces,
//! so a board costs 4 bytes a square however large it is.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub(crate) mod compact;

use super::search::TieBreak;
use super::tile_search::{self, Constraints};
use crate::board::{Board, Square};
use crate::rng::mix64;

/// The four merge moves a tile can give up, by the side its neighbour is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Port {
    Right = 0,
    Left = 1,
    Down = 2,
    Up = 3,
}

impl Port {
    /// The move (local squares) this port removes from a tile of `h` x `w`.
    pub(crate) fn edge(self, h: u32, w: u32) -> LocalEdge {
        match self {
            Port::Right => ((0, w - 1), (2, w - 2)),
            Port::Left => ((1, 1), (3, 0)),
            Port::Down => ((h - 1, 0), (h - 2, 2)),
            Port::Up => ((1, 1), (0, 3)),
        }
    }

    fn opposite(self) -> Port {
        match self {
            Port::Right => Port::Left,
            Port::Left => Port::Right,
            Port::Down => Port::Up,
            Port::Up => Port::Down,
        }
    }
}

/// A move between two local squares (row, col).
pub(crate) type LocalEdge = ((u32, u32), (u32, u32));

/// Needs bit: the tile's cycle must contain the `Left` port move.
pub(crate) const NEED_LEFT: u8 = 1;
/// Needs bit: the tile's cycle must contain the `Up` port move.
pub(crate) const NEED_UP: u8 = 2;

/// A tile's tour in local coordinates.
#[derive(Debug)]
pub(crate) struct LocalTour {
    pub(crate) h: u32,
    pub(crate) w: u32,
    /// Local (row, col) in visiting order.
    pub(crate) cells: Vec<(u32, u32)>,
    /// Position of each local square (row-major) in `cells`.
    pos: Vec<u32>,
    closed: bool,
}

impl LocalTour {
    pub(crate) fn new(h: u32, w: u32, path: &[u32], closed: bool) -> Self {
        let cells: Vec<(u32, u32)> = path.iter().map(|&i| (i / w, i % w)).collect();
        let mut pos = vec![0u32; (h * w) as usize];
        for (k, &(r, c)) in cells.iter().enumerate() {
            pos[(r * w + c) as usize] = k as u32;
        }
        LocalTour {
            h,
            w,
            cells,
            pos,
            closed,
        }
    }

    pub(crate) fn pos_of(&self, (r, c): (u32, u32)) -> u32 {
        self.pos[(r * self.w + c) as usize]
    }

    /// Lower position of the tour edge between two local squares, if they are consecutive.
    fn edge_pos(&self, a: (u32, u32), b: (u32, u32)) -> Option<u32> {
        let n = self.cells.len() as u32;
        let (pa, pb) = (self.pos_of(a), self.pos_of(b));
        if pa.abs_diff(pb) == 1 {
            Some(pa.min(pb))
        } else if self.closed && pa.abs_diff(pb) == n - 1 {
            Some(n - 1)
        } else {
            None
        }
    }
}

type TourKey = (u32, u32, u8, u64);

fn cache() -> &'static Mutex<HashMap<TourKey, Arc<LocalTour>>> {
    static CACHE: OnceLock<Mutex<HashMap<TourKey, Arc<LocalTour>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

pub(crate) fn required_for(h: u32, w: u32, ports: &[Port]) -> Vec<(u32, u32)> {
    ports
        .iter()
        .map(|p| {
            let ((ar, ac), (br, bc)) = p.edge(h, w);
            (ar * w + ac, br * w + bc)
        })
        .collect()
}

/// The cached cycle of an `h` x `w` tile that contains the merge moves `needs` asks for;
/// `None` only if the tile table has a shape without one (a bug the tests rule out).
pub(crate) fn tile_cycle(h: u32, w: u32, needs: u8, variant: u64) -> Option<Arc<LocalTour>> {
    let key = (h, w, needs, variant);
    if let Some(t) = cache().lock().expect("cache").get(&key) {
        return Some(t.clone());
    }
    let mut ports = Vec::new();
    if needs & NEED_LEFT != 0 {
        ports.push(Port::Left);
    }
    if needs & NEED_UP != 0 {
        ports.push(Port::Up);
    }
    let cons = Constraints {
        required: required_for(h, w, &ports),
        ..Constraints::default()
    };
    let board = Board::new(h, w).ok()?;
    let ties = (0..8u64).map(|k| {
        if variant == 0 && k == 0 {
            TieBreak::FarFromCentre
        } else {
            TieBreak::Random(mix64(variant.wrapping_add(k)))
        }
    });
    for tie in ties {
        if let Some(path) = tile_search::find(board, 0, true, &cons, tie, 2_000_000) {
            let t = Arc::new(LocalTour::new(h, w, &path, true));
            cache().lock().expect("cache").insert(key, t.clone());
            return Some(t);
        }
    }
    None
}

/// One tile kind in board coordinates: its template and each position's offset in the board.
pub(crate) struct Placed {
    pub(crate) tpl: Arc<LocalTour>,
    /// `row * board_cols + col` of each position, relative to the tile's top-left square.
    off: Vec<u32>,
    /// Edge position of each port, if the template contains that port's move.
    port_pos: [Option<u32>; 4],
}

impl Placed {
    pub(crate) fn new(tpl: Arc<LocalTour>, board_cols: u32) -> Placed {
        let (h, w) = (tpl.h, tpl.w);
        let ports: Vec<_> = [Port::Right, Port::Left, Port::Down, Port::Up]
            .into_iter()
            .map(|p| (p, p.edge(h, w)))
            .filter(|(_, (a, b))| a.0 < h && a.1 < w && b.0 < h && b.1 < w)
            .collect();
        Placed::with_ports(tpl, board_cols, &ports)
    }

    /// A kind whose ports are the given local moves.
    pub(crate) fn with_ports(
        tpl: Arc<LocalTour>,
        board_cols: u32,
        ports: &[(Port, LocalEdge)],
    ) -> Placed {
        let off = tpl.cells.iter().map(|&(r, c)| r * board_cols + c).collect();
        let mut port_pos = [None; 4];
        for &(p, (a, b)) in ports {
            port_pos[p as usize] = tpl.edge_pos(a, b);
        }
        Placed { tpl, off, port_pos }
    }

    /// Stands in for odd x odd shapes, which only a root path tile has.
    pub(crate) fn placeholder() -> Placed {
        Placed {
            tpl: Arc::new(LocalTour::new(1, 1, &[0], true)),
            off: Vec::new(),
            port_pos: [None; 4],
        }
    }
}

/// One tile's walk on the explicit stack.
#[derive(Clone, Copy)]
pub(crate) struct Frame<'a> {
    tile: (usize, usize),
    /// The tile's kind and base, looked up once when it is entered.
    kind: &'a Placed,
    base: u32,
    pos: u32,
    dir: i32,
    edges: u32,
    emit_first: bool,
    emit_last: bool,
}

/// What the walker needs to know of an arrangement of pieces (tiles or strip blocks).
pub(crate) trait Layout: Sync {
    /// The kind (template and offsets) of a piece.
    fn placed(&self, id: (usize, usize)) -> &Placed;
    /// Index in the board of the piece's local square (0, 0).
    fn base_of(&self, id: (usize, usize)) -> u32;
    /// Board (row, col) of the piece's local square (0, 0).
    fn origin(&self, id: (usize, usize)) -> (u32, u32);
    /// The piece's merge moves: (port, neighbour piece), at most four.
    fn ports_of(&self, id: (usize, usize)) -> [Option<(Port, (usize, usize))>; 4];
    /// The local move of `id` that its neighbour through `port` detours from.
    fn port_edge(&self, id: (usize, usize), port: Port) -> LocalEdge;
    /// Squares in the subtree of pieces that `nb` leads to when entered from `from`, if that
    /// subtree is a bounded piece of the board worth filling on its own (a row of tiles);
    /// `None` to walk it in place.
    fn detached(&self, _from: (usize, usize), _nb: (usize, usize)) -> Option<usize> {
        None
    }
    /// For a subtree that [`Layout::detached`] sets apart: a key it shares with every other
    /// such subtree that, entered at the same square of the same kind, is the same walk moved
    /// by whole rows of the board; `None` when it has no such twin.
    fn twin_key(&self, _from: (usize, usize), _nb: (usize, usize)) -> Option<u64> {
        None
    }
}

fn step(pos: u32, dir: i32, len: u32) -> u32 {
    if dir > 0 {
        if pos + 1 == len {
            0
        } else {
            pos + 1
        }
    } else if pos == 0 {
        len - 1
    } else {
        pos - 1
    }
}

/// A subtree left for later: where its stretch of the path starts, how long it is, the frame
/// that enters it, and the layout's key for its twins.
struct Hole<'a> {
    at: usize,
    len: usize,
    frame: Frame<'a>,
    twin: Option<u64>,
}

impl Hole<'_> {
    /// What a twin must share besides the layout's key: the kind entered, where and which way.
    fn twin_of(&self) -> Option<(u64, usize, u32, i32, usize)> {
        let f = &self.frame;
        let kind = f.kind as *const Placed as usize;
        self.twin.map(|k| (k, kind, f.pos, f.dir, self.len))
    }
}

/// Streams the merged tour into `out`: the root piece is walked from `start_pos` in `dir`, and
/// every port move met on the way becomes a detour through the neighbour's whole tour.
///
/// On a large board the walk from the root leaves a hole for every detached subtree (its
/// length is known from the layout alone); the holes are then filled side by side. Each hole
/// gets exactly the squares the one-thread walk would put there, so the path is the same
/// whatever the number of threads. A hole whose twin (a tile row of the same heights, entered
/// the same way) was walked is a copy of it moved by whole rows: a pass at memory speed.
pub(crate) fn generate<L: Layout>(
    layout: &L,
    root: (usize, usize),
    start_pos: u32,
    dir: i32,
    out: &mut [u32],
) {
    generate_from(layout, vec![root_frame(layout, root, start_pos, dir)], out);
}

/// Streams a path made of a chain of root pieces, each carrying an open path that ends a
/// knight's move from the next one's start, with every other piece merged into them.
pub(crate) fn generate_chain<L: Layout>(layout: &L, chain: &[(usize, usize)], out: &mut [u32]) {
    let firsts = chain
        .iter()
        .rev()
        .map(|&t| root_frame(layout, t, 0, 1))
        .collect();
    generate_from(layout, firsts, out);
}

/// Walks the root frames in turn (the last in `firsts` first).
fn generate_from<'a, L: Layout>(layout: &'a L, firsts: Vec<Frame<'a>>, out: &mut [u32]) {
    #[cfg(test)]
    if ONE_WALK.get() {
        walk(layout, firsts, out, None);
        return;
    }
    if out.len() < crate::tour::PARALLEL_SQUARES {
        walk(layout, firsts, out, None);
        return;
    }
    let mut holes = Vec::new();
    walk(layout, firsts, out, Some(&mut holes));
    let leaders = leaders(&holes);
    // The holes lie in path order and do not overlap: cut `out` into their slices.
    let mut walks: Vec<(Frame<'a>, &mut [u32])> = Vec::new();
    let mut copies: Vec<(usize, u32, &mut [u32])> = Vec::new();
    let mut walked_at = vec![usize::MAX; holes.len()];
    let mut rest = out;
    let mut consumed = 0;
    for (k, h) in holes.iter().enumerate() {
        let (_, tail) = std::mem::take(&mut rest).split_at_mut(h.at - consumed);
        let (slice, tail) = tail.split_at_mut(h.len);
        match leaders[k] {
            Some(first) => {
                let shift = h.frame.base.wrapping_sub(holes[first].frame.base);
                copies.push((walked_at[first], shift, slice));
            }
            None => {
                walked_at[k] = walks.len();
                walks.push((h.frame, slice));
            }
        }
        rest = tail;
        consumed = h.at + h.len;
    }
    fill_frames(layout, &mut walks);
    let walked: Vec<&[u32]> = walks.iter().map(|(_, s)| &**s).collect();
    copy_shifted(&walked, copies);
}

/// Each hole's leader, the first hole of its twin key, which it copies moved by whole rows;
/// `None` for a hole walked (a leader, or one with no twin).
fn leaders(holes: &[Hole]) -> Vec<Option<usize>> {
    let mut leader_of = HashMap::new();
    holes
        .iter()
        .enumerate()
        .map(|(k, h)| {
            let key = h.twin_of()?;
            let first = *leader_of.entry(key).or_insert(k);
            (first != k).then_some(first)
        })
        .collect()
}

/// The frame that starts the walk at the root.
fn root_frame<L: Layout>(layout: &L, root: (usize, usize), start_pos: u32, dir: i32) -> Frame<'_> {
    let rk = layout.placed(root);
    let root_len = rk.off.len() as u32;
    Frame {
        tile: root,
        kind: rk,
        base: layout.base_of(root),
        pos: start_pos,
        dir,
        edges: if rk.tpl.closed {
            root_len
        } else {
            root_len - 1
        },
        emit_first: true,
        emit_last: !rk.tpl.closed,
    }
}

#[cfg(test)]
thread_local! {
    /// Set by tests to build in one walk with no holes, to hold [`generate`] to it.
    pub(crate) static ONE_WALK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

#[cfg(feature = "parallel")]
fn fill_frames<'a, L: Layout>(layout: &'a L, jobs: &mut [(Frame<'a>, &mut [u32])]) {
    use rayon::prelude::*;
    jobs.par_iter_mut()
        .with_max_len(1)
        .for_each(|(frame, slice)| walk(layout, vec![*frame], &mut **slice, None));
}

#[cfg(not(feature = "parallel"))]
fn fill_frames<'a, L: Layout>(layout: &'a L, jobs: &mut [(Frame<'a>, &mut [u32])]) {
    for (frame, slice) in jobs {
        walk(layout, vec![*frame], &mut **slice, None);
    }
}

/// Writes each copy: the walked stretch it names, every square moved by its shift.
fn copy_shifted(walked: &[&[u32]], copies: Vec<(usize, u32, &mut [u32])>) {
    let copy = |(from, shift, out): (usize, u32, &mut [u32])| {
        for (o, &x) in out.iter_mut().zip(walked[from]) {
            *o = x.wrapping_add(shift);
        }
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        copies.into_par_iter().with_max_len(1).for_each(copy);
    }
    #[cfg(not(feature = "parallel"))]
    copies.into_iter().for_each(copy);
}

/// Where a walk writes its squares: the whole path, or (for [`compact`]) the root's own
/// squares alone, the places of the holes left out.
trait Sink {
    /// The `len` places from place `k`, to be written (places are asked for in order).
    fn run(&mut self, k: usize, len: usize) -> &mut [u32];
    /// Places in the whole path.
    fn places(&self) -> usize;
}

impl Sink for [u32] {
    #[inline]
    fn run(&mut self, k: usize, len: usize) -> &mut [u32] {
        &mut self[k..k + len]
    }
    fn places(&self) -> usize {
        self.len()
    }
}

/// Walks from the frames in `stack` (last first) with an explicit stack, writing `out` from its
/// start; with `holes`, detached subtrees are skipped and recorded instead of walked.
fn walk<'a, L: Layout, S: Sink + ?Sized>(
    layout: &'a L,
    mut stack: Vec<Frame<'a>>,
    out: &mut S,
    mut holes: Option<&mut Vec<Hole<'a>>>,
) {
    let mut k = 0usize;
    while let Some(f) = stack.pop() {
        let (kind, base) = (f.kind, f.base);
        let len = kind.off.len() as u32;
        let off = &kind.off[..];
        let mut pos = f.pos;
        if f.emit_first {
            out.run(k, 1)[0] = base + off[pos as usize];
            k += 1;
        }
        let mut left = f.edges;
        // Nearest port move ahead: (distance in moves, port, neighbour).
        let mut next_port = None;
        for (port, nb) in layout.ports_of(f.tile).into_iter().flatten() {
            if let Some(p) = kind.port_pos[port as usize] {
                // The move p -> p + 1 lies `d` moves ahead; forward it starts at p, backward
                // at p + 1 (mod len). Positions are below len, so one wrap at most.
                let d = if f.dir > 0 {
                    if p >= pos {
                        p - pos
                    } else {
                        p + len - pos
                    }
                } else {
                    let q = if p + 1 == len { 0 } else { p + 1 };
                    if pos >= q {
                        pos - q
                    } else {
                        pos + len - q
                    }
                };
                if d < left && next_port.is_none_or(|(bd, _, _)| d < bd) {
                    next_port = Some((d, port, nb));
                }
            }
        }
        let run = next_port.map_or(left, |(d, _, _)| d);
        // The root's closing move returns to the start, which is not emitted twice.
        let emit = if next_port.is_none() && !f.emit_last {
            run.saturating_sub(1)
        } else {
            run
        };
        pos = emit_run(out.run(k, emit as usize), off, base, pos, f.dir);
        k += emit as usize;
        if emit < run {
            pos = step(pos, f.dir, len);
        }
        left -= run;
        if let Some((_, port, nb)) = next_port {
            let v = step(pos, f.dir, len);
            left -= 1;
            stack.push(Frame {
                pos: v,
                dir: f.dir,
                edges: left,
                emit_first: left > 0 || f.emit_last,
                ..f
            });
            let (or, oc) = layout.origin(f.tile);
            let (ur, uc) = kind.tpl.cells[pos as usize];
            let entered = enter(layout, nb, port.opposite(), (or + ur, oc + uc));
            match (holes.as_deref_mut(), layout.detached(f.tile, nb)) {
                (Some(h), Some(size)) => {
                    h.push(Hole {
                        at: k,
                        len: size,
                        frame: entered,
                        twin: layout.twin_key(f.tile, nb),
                    });
                    k += size;
                }
                _ => stack.push(entered),
            }
        }
    }
    debug_assert_eq!(k, out.places());
}

/// Writes the `out.len()` squares after `pos` in direction `dir` (wrapping round the tile's
/// cycle) and returns the last position written, or `pos` when `out` is empty. The runs are
/// straight copies with one addition, which the compiler turns into vector code.
#[inline]
fn emit_run(out: &mut [u32], off: &[u32], base: u32, pos: u32, dir: i32) -> u32 {
    let (len, m, p) = (off.len(), out.len(), pos as usize);
    if m == 0 {
        return pos;
    }
    let add = |dst: &mut [u32], src: &[u32]| {
        for (o, &x) in dst.iter_mut().zip(src) {
            *o = base + x;
        }
    };
    let add_rev = |dst: &mut [u32], src: &[u32]| {
        for (o, &x) in dst.iter_mut().zip(src.iter().rev()) {
            *o = base + x;
        }
    };
    if dir > 0 {
        // Positions p+1 .. p+m, split where they pass the end of the cycle.
        let first = (len - 1 - p).min(m);
        let (a, b) = out.split_at_mut(first);
        add(a, &off[p + 1..p + 1 + first]);
        add(b, &off[..m - first]);
        (if p + m < len { p + m } else { p + m - len }) as u32
    } else {
        // Positions p-1 down to p-m, split where they pass the start.
        let first = p.min(m);
        let (a, b) = out.split_at_mut(first);
        add_rev(a, &off[p - first..p]);
        add_rev(b, &off[len - (m - first)..]);
        (if p >= m { p - m } else { p + len - m }) as u32
    }
}

/// The frame that tours neighbour `nb` through its `port`, entered from board square `u`.
fn enter<L: Layout>(layout: &L, nb: (usize, usize), port: Port, u: (u32, u32)) -> Frame<'_> {
    let kind = layout.placed(nb);
    let tpl = &kind.tpl;
    let (a, b) = layout.port_edge(nb, port);
    let (or, oc) = layout.origin(nb);
    let g = |(r, c): (u32, u32)| Square::new(or + r, oc + c);
    let (x, y) = if Board::is_knight_move(Square::new(u.0, u.1), g(a)) {
        (a, b)
    } else {
        (b, a)
    };
    let (px, py) = (tpl.pos_of(x), tpl.pos_of(y));
    let len = tpl.cells.len() as u32;
    let dir = if step(px, 1, len) == py { -1 } else { 1 };
    Frame {
        tile: nb,
        kind,
        base: layout.base_of(nb),
        pos: px,
        dir,
        edges: len - 1,
        emit_first: true,
        emit_last: true,
    }
}
