//! One cluster rewired: every move of the frame round its blocks dropped, and new ones drawn
//! by a flow.
//!
//! The moves of the cluster's box are read once into a copy of their own, rewired there, and
//! only the squares whose moves changed are written back: each square is looked up in the
//! moves' store (a rank among the held squares, for a zone) twice at most, where dropping,
//! counting and linking moves one by one looked each up four or five times. A frame that
//! fails leaves nothing to undo.

mod closed;

use super::blocks::Cluster;
use super::flow;
use super::wiring::{Moves, UNKNOWN};
use super::{reach_of, Pair, FRAMES};
use crate::bits::BitSet;
use crate::board::{Board, Splitter};

/// A frame narrower than [`FRAMES`]`[0]`, tried first for the pieces whose moves reach two
/// squares at most (the knight, the wazir, the king): at 10^8 squares round 10^4 macros it
/// served the knight round every one, its flows with a quarter fewer squares (4.9 -> 3.6
/// million), where the zebra's failed round nearly every one. Being narrower it keeps to
/// the room the clusters and the zone are sized for.
pub(super) const NARROW: u32 = 2;

/// How far round its cluster a frame `w` wide copies the moves, for a piece whose moves
/// reach `reach` squares (see `rewire_in`).
fn copied(w: u32, reach: u32) -> u32 {
    w.max(FRAMES[0]) + 3 * reach
}

/// How far round its cluster the first frame tried reads the moves: the box a zone asks
/// the memory for ahead of the rewiring (`zone.rs` `each_cluster`).
pub(super) fn first_read(moves: &[(i32, i32)]) -> u32 {
    let reach = reach_of(moves);
    copied(if reach <= 2 { NARROW } else { FRAMES[0] }, reach)
}

/// A cluster rewired in the narrowest frame that works.
pub(super) fn frames<W: Moves + ?Sized>(
    board: Board,
    blocked: &BitSet,
    links: &mut W,
    c: &Cluster,
    (moves, salt): (&[(i32, i32)], usize),
    (pin, keep): (Pair, Pair),
) -> Option<Vec<u32>> {
    let narrow = (reach_of(moves) <= 2).then_some(NARROW);
    narrow
        .iter()
        .chain(&FRAMES)
        .find_map(|&w| rewire(board, blocked, links, c, w, (moves, salt), (pin, keep)))
}

/// A slot's square in the box's copy has a bit set here once it is in the frame.
const FRAME: u8 = 1;
/// ... and this one once its moves in the copy changed (it is written back).
const CHANGED: u8 = 2;

/// Buffers a cluster's rewiring reuses from the last one, a set to a thread: drawn afresh
/// for each of 10^4 clusters, they had the cores wait on the allocator's lock (8% of the
/// time at 10^8 squares round 10^4 macros).
#[derive(Default)]
struct Buffers {
    copy: BoxMoves,
    near_row: Vec<bool>,
    frame: Vec<bool>,
    inside: Vec<(usize, u32)>,
    dropped: Vec<(usize, usize)>,
    nodes: Vec<(usize, u32)>,
    node_at: Vec<u32>,
    spots: Vec<(u32, u32)>,
    need: Vec<u32>,
    old: Vec<(u32, u32)>,
    flow: flow::Buffers,
    closed: closed::Buffers,
}

std::thread_local! {
    static BUFFERS: std::cell::RefCell<Buffers> = std::cell::RefCell::new(Buffers::default());
}

/// Rewires the moves round one cluster with a frame `w` wide: the squares whose moves were
/// redrawn (to look for merges round), or `None` (moves untouched) where the flow falls
/// short or the colours differ.
fn rewire<W: Moves + ?Sized>(
    board: Board,
    blocked: &BitSet,
    links: &mut W,
    c: &Cluster,
    w: u32,
    moves: (&[(i32, i32)], usize),
    ends: (Pair, Pair),
) -> Option<Vec<u32>> {
    BUFFERS.with_borrow_mut(|buf| rewire_in(buf, (board, blocked), links, (c, w), moves, ends))
}

/// [`rewire`] in a thread's buffers.
fn rewire_in<W: Moves + ?Sized>(
    buf: &mut Buffers,
    (board, blocked): (Board, &BitSet),
    links: &mut W,
    (c, w): (&Cluster, u32),
    (moves, salt): (&[(i32, i32)], usize),
    (pin, keep): (Pair, Pair),
) -> Option<Vec<u32>> {
    let cols = board.cols as usize;
    let grow = |lo: u32, hi: u32, by: u32, end: u32| (lo.saturating_sub(by), (hi + by).min(end));
    // The frame lies within the cluster's box grown by `w`; the squares that lose a move to
    // it within a move more. The box whose moves are copied reaches as far as a zone keeps
    // moves (`Zone::new`'s margin for this frame): the cycles the flow closes are then found
    // and merged in it (`closed.rs`). Grown by a move alone, it left 37,000 of the 86,000
    // cycles at 10^8 squares round 10^4 macros that pass a square or two beyond it; grown
    // so, 2,400.
    let reach = reach_of(moves);
    let ((r0, r1), (c0, c1)) = (
        grow(c.r0, c.r1, w, board.rows),
        grow(c.c0, c.c1, w, board.cols),
    );
    let copied = copied(w, reach);
    let ((br0, br1), (bc0, bc1)) = (
        grow(c.r0, c.r1, copied, board.rows),
        grow(c.c0, c.c1, copied, board.cols),
    );
    let bw = (bc1 - bc0) as usize;
    let copy = &mut buf.copy;
    copy.moves.clear();
    for r in br0..br1 {
        links.read_row(r * board.cols + bc0, bw, &mut copy.moves);
    }
    copy.flag.clear();
    copy.flag.resize(copy.moves.len(), 0);
    copy.changed.clear();
    let split = Splitter::new(board.cols);
    let local = |g: u32| {
        let (r, col) = split.split(g);
        (r >= br0 && r < br1 && col >= bc0 && col < bc1)
            .then(|| (r - br0) as usize * bw + (col - bc0) as usize)
    };
    // The frame: open squares within `w` (king's distance) of a block of the cluster, or, for
    // the two ends of a path (`pin`), of those ends, joined by a move of their own that the
    // merges keep and the path drops.
    let seed = |i: usize| match pin {
        Some((s, t)) => i == s as usize || i == t as usize,
        None => blocked.contains(i),
    };
    let (h, wd) = ((r1 - r0) as usize, (c1 - c0) as usize);
    let at = |r: usize, col: usize| (r0 as usize + r) * cols + c0 as usize + col;
    let frame = &mut buf.frame;
    // A cluster whose box is all blocked (one macro, as nearly every cluster of a floor plan
    // is) has the whole grown box for its frame: a square's king's distance to a rectangle
    // is the larger of its distances in rows and in columns. Looked for square by square,
    // the frame took a tenth of a cluster's rewiring.
    let solid = pin.is_none()
        && (c.r0..c.r1).all(|r| {
            let row = r as usize * cols;
            blocked.all_in(row + c.c0 as usize, row + c.c1 as usize)
        });
    if !solid {
        near(
            h,
            wd,
            w as usize,
            |r, col| seed(at(r, col)),
            &mut buf.near_row,
            frame,
        );
    }
    let (fr, fc) = ((r0 - br0) as usize, (c0 - bc0) as usize);
    // Each square of the frame: its slot in the copy and the square. A solid cluster's
    // blocks, where none of their squares has moves here (none, or not known: a zone holds
    // no blocked square for the pieces of short moves), are passed over row by row: three
    // in four squares of its grown box, which the drops below would pass over one by one.
    let inside = &mut buf.inside;
    inside.clear();
    let block_cols = (c.c0 - c0) as usize..(c.c1 - c0) as usize;
    let pass_over = solid
        && (c.r0..c.r1).all(|r| {
            let l = (r - br0) as usize * bw + (c.c0 - bc0) as usize;
            copy.moves[l..l + block_cols.len()]
                .iter()
                .all(|m| m[0] >= UNKNOWN && m[1] >= UNKNOWN)
        });
    for r in 0..h {
        let spans = if pass_over && (c.r0..c.r1).contains(&(r0 + r as u32)) {
            [0..block_cols.start, block_cols.end..wd]
        } else {
            [0..wd, 0..0]
        };
        for col in spans.into_iter().flatten() {
            if solid || frame[r * wd + col] {
                let l = (r + fr) * bw + col + fc;
                copy.flag[l] |= FRAME;
                inside.push((l, at(r, col) as u32));
            }
        }
    }
    // Every move of the frame's squares is dropped but a path's own link between its ends
    // (`keep`), which the merges keep and the path drops. A blocked square these moves do
    // not keep has none; any other means the zone is too narrow.
    let kept = |a: u32, b: u32| keep == Some((a, b)) || keep == Some((b, a));
    let dropped = &mut buf.dropped;
    dropped.clear();
    for &(ls, s) in inside.iter() {
        if copy.moves[ls][0] == UNKNOWN {
            if blocked.contains(s as usize) {
                continue;
            }
            links.lose();
            return None;
        }
        for t in copy.moves[ls] {
            if t == u32::MAX || kept(s, t) {
                continue;
            }
            let lt = local(t)?;
            if copy.moves[lt][0] == UNKNOWN {
                if !blocked.contains(t as usize) {
                    links.lose();
                    return None;
                }
            } else {
                copy.set((lt, t), s, u32::MAX);
            }
            copy.set((ls, s), t, u32::MAX);
            dropped.push((ls, lt));
        }
    }
    if let Some((s, t)) = pin {
        let (ls, lt) = (local(s)?, local(t)?);
        if copy.moves[ls][0] == UNKNOWN || copy.moves[lt][0] == UNKNOWN {
            links.lose();
            return None;
        }
        copy.join((ls, s), (lt, t));
    }
    // Nodes: the open squares of the frame (two moves each) and the open squares outside it
    // that lost moves (one for each), in board order.
    let nodes = &mut buf.nodes;
    nodes.clear();
    nodes.extend(
        inside
            .iter()
            .copied()
            .filter(|&(_, g)| !blocked.contains(g as usize)),
    );
    let first_outside = nodes.len();
    // The squares outside the frame that changed, found by their flags in slot order, eight
    // at a time: sorted as the drops changed them, they took a twentieth of the rewiring.
    const ANY_CHANGED: u64 = u64::from_ne_bytes([CHANGED; 8]);
    for (r, row) in copy.flag.chunks_exact(bw).enumerate() {
        let at = (br0 as usize + r) * cols + bc0 as usize;
        let mut eights = row.chunks_exact(8);
        let mut c = 0;
        for e in eights.by_ref() {
            if u64::from_ne_bytes(e.try_into().expect("8 bytes")) & ANY_CHANGED != 0 {
                outside(nodes, e, (r * bw + c, at + c), blocked);
            }
            c += 8;
        }
        outside(nodes, eights.remainder(), (r * bw + c, at + c), blocked);
    }
    let node_at = &mut buf.node_at;
    node_at.clear();
    node_at.resize(copy.moves.len(), u32::MAX);
    for (k, &(l, _)) in nodes.iter().enumerate() {
        node_at[l] = k as u32;
    }
    buf.spots.clear();
    buf.spots.extend(nodes.iter().map(|&(_, g)| split.split(g)));
    buf.need.clear();
    buf.need.extend(
        nodes
            .iter()
            .map(|&(l, _)| copy.moves[l].iter().filter(|&&x| x == u32::MAX).count() as u32),
    );
    // A cluster rewired again (`salt` above 0) draws its moves afresh, for other cycles.
    buf.old.clear();
    if salt == 0 {
        buf.old.extend(
            dropped
                .iter()
                .map(|&(a, b)| (node_at[a], node_at[b]))
                .filter(|&(a, b)| a != u32::MAX && b != u32::MAX),
        );
    }
    let flows = &mut buf.flow;
    let drawn = flow::flow_moves(
        flows,
        &buf.spots,
        first_outside,
        &mut buf.need,
        (moves, salt),
        &buf.old,
    )?;
    for &(k, j) in drawn {
        copy.join(nodes[k as usize], nodes[j as usize]);
    }
    // The cycles the flow closed inside the box are merged here, side by side with the
    // other bands', rather than one by one after them.
    let fixed = |a: u32, b: u32| {
        kept(a, b) || pin.is_some_and(|(s, t)| (a, b) == (s, t) || (a, b) == (t, s))
    };
    let room = closed::Room {
        board,
        blocked,
        moves,
        local: &local,
        fixed: &fixed,
    };
    closed::merge(&mut buf.closed, copy, nodes, &room);
    // A square that took its own moves again is left alone: the zone's graph takes only
    // the squares written as nodes, each looked up in the base.
    for &(l, g, had) in &copy.changed {
        let [x, y] = copy.moves[l];
        if had != [x, y] && had != [y, x] {
            links.set(g, copy.moves[l]);
        }
    }
    Some(nodes.iter().map(|&(_, g)| g).collect())
}

/// Pushes on `nodes` the open squares of `flags` (from slot and square `first` on) that
/// changed outside the frame.
fn outside(nodes: &mut Vec<(usize, u32)>, flags: &[u8], first: (usize, usize), blocked: &BitSet) {
    for (d, &f) in flags.iter().enumerate() {
        let g = first.1 + d;
        if f & (FRAME | CHANGED) == CHANGED && !blocked.contains(g) {
            nodes.push((first.0 + d, g as u32));
        }
    }
}

/// The moves of a cluster's box, copied to be rewired, with a flag a square.
#[derive(Default)]
struct BoxMoves {
    moves: Vec<[u32; 2]>,
    /// [`FRAME`] and [`CHANGED`] bits.
    flag: Vec<u8>,
    /// The squares whose moves changed (slot in the copy, square, the moves they had), to
    /// write back.
    changed: Vec<(usize, u32, [u32; 2])>,
}

impl BoxMoves {
    /// Puts `to` in the slot of square `g` (at `l`) that holds `from`.
    #[inline]
    fn set(&mut self, (l, g): (usize, u32), from: u32, to: u32) {
        if self.flag[l] & CHANGED == 0 {
            self.flag[l] |= CHANGED;
            self.changed.push((l, g, self.moves[l]));
        }
        let slot = &mut self.moves[l];
        slot[usize::from(slot[0] != from)] = to;
    }

    /// Adds the step between two squares (a free slot each).
    #[inline(always)]
    fn join(&mut self, a: (usize, u32), b: (usize, u32)) {
        self.set(a, u32::MAX, b.1);
        self.set(b, u32::MAX, a.1);
    }
}

/// The squares of an `h` x `wd` box within `w` (king's distance) of a square where `seed`
/// holds, as one flag a square in row-major order in `frame` (`near_row` a buffer).
fn near(
    h: usize,
    wd: usize,
    w: usize,
    seed: impl Fn(usize, usize) -> bool,
    near_row: &mut Vec<bool>,
    frame: &mut Vec<bool>,
) {
    // Distance to the nearest seed along rows, then columns (a square's king distance is the
    // larger of the two, so two passes of a running window suffice).
    near_row.clear();
    near_row.resize(h * wd, false);
    for r in 0..h {
        let mut last: Option<usize> = None;
        for col in 0..wd {
            if seed(r, col) {
                last = Some(col);
            }
            near_row[r * wd + col] = last.is_some_and(|l| col - l <= w);
        }
        let mut next: Option<usize> = None;
        for col in (0..wd).rev() {
            if seed(r, col) {
                next = Some(col);
            }
            if next.is_some_and(|n| n - col <= w) {
                near_row[r * wd + col] = true;
            }
        }
    }
    frame.clear();
    frame.resize(h * wd, false);
    for col in 0..wd {
        let mut last: Option<usize> = None;
        for r in 0..h {
            if near_row[r * wd + col] {
                last = Some(r);
            }
            frame[r * wd + col] = last.is_some_and(|l| r - l <= w);
        }
        let mut next: Option<usize> = None;
        for r in (0..h).rev() {
            if near_row[r * wd + col] {
                next = Some(r);
            }
            if next.is_some_and(|n| n - r <= w) {
                frame[r * wd + col] = true;
            }
        }
    }
}
