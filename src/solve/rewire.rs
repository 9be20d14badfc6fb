//! Tours round blocks of any size and place, in O(rows x cols): the whole board's closed tour,
//! rewired round each cluster of blocks. The knight's, and the wazir's wire (a king's too)
//! where the blocks are not whole 2x2 cells: [`construct_from`] takes any piece whose moves
//! change colour, with a closed tour of the whole board by its moves.
//!
//! 1. The divide and conquer builds a closed tour of the whole board (on a large board kept
//!    as the tile walk made it, [`base::Base`]), its moves kept as each square's two
//!    neighbours ([`wiring::Dense`]), or near the blocks alone ([`zone::Zone`]).
//! 2. Blocks whose boxes come closer than [`APART`] form a cluster. Round each cluster, every
//!    move that touches the blocks or a frame round them is dropped: a frame 2 squares wide
//!    first for the pieces of short moves (`cluster::NARROW`), then those of [`FRAMES`]. This
//!    is done on a copy of the moves of the cluster's box, written back where they changed
//!    (`cluster.rs`). The frame's squares then need two new moves each, and the squares just
//!    outside it one for each move they lost.
//! 3. Those needs are met by a flow: every move joins a light and a dark square, so a
//!    maximum flow from the light squares (supplying their needs) to the dark ones (taking
//!    theirs) over the piece's moves among them picks new moves that give every square two.
//!    The counts match when the blocks take as many squares of each colour, as blocks with an
//!    even side do. Where the flow falls short the frame is widened and tried again.
//! 4. Every square now has two moves: the board is covered by cycles. Two cycles are merged
//!    through a pair of parallel moves, one of each (a-b and x-y give way to a-x and b-y where
//!    both are moves): first, in each cluster's box, the cycles the flow closed there, with
//!    their neighbours (`cluster/closed.rs`); then, over the whole board, the cycles left,
//!    tried round the frames, where the small cycles are, until one cycle is left. Cycles
//!    that no pair joins get their clusters rewired again, the flow's moves taken in another
//!    order, and the merge runs again.
//! 5. Given ends (pin to pin): near ends (at most 6 apart) are rewired like a cluster and
//!    joined by a link of their own; ends farther apart start from the whole board's path
//!    between them ([`construct_between`]), whose ends get that link. Either way the flows and
//!    the merges keep the link, which stays out of the flows' counts (it is never dropped),
//!    and the path is the cycle without it.
//!
//! Outside the frames the moves are the whole board's tour's, untouched: the flows and the
//! merges grow with the blocks' perimeters, and labelling the cycles and walking the result
//! are one pass each over the board. The walk is kept as runs of the base ([`base::Runs`])
//! and written only once the moves and the blocks are given up and the heap they freed is
//! handed back: the tour is the larger part of the peak. Where a step fails (a cluster whose
//! colours differ, a flow short even in the widest frame, cycles that no parallel pair
//! joins), the construction gives up and the caller falls back on the tiled construction and
//! the complete search: it never answers "no".

mod base;
mod blocks;
mod cluster;
mod flow;
mod join;
mod wiring;
mod zone;

use super::divide;
use crate::bits::BitSet;
use crate::board::{Board, KNIGHT_DIRECTIONS};
use crate::shape::Shape;
use base::Base;
use blocks::{blocks_of, clusters_of, Cluster};
use cluster::{first_read, frames};
use wiring::{Dense, Moves, Walked, Wiring};
use zone::Zone;

/// Frame widths tried round each cluster, narrowest first.
const FRAMES: [u32; 3] = [3, 5, 8];
/// Blocks whose boxes come closer than this are one cluster (for the knight, the wazir, the
/// king and the zebra; a longer leap needs more, [`apart_for`]). Clusters are rewired one
/// after another, each on the moves the last left, so their frames may overlap; but a frame
/// of [`FRAMES`]`[0]` and a move beyond it must not reach another cluster's blocks, whose
/// moves that would cut without counting them.
const APART: u32 = 2 * FRAMES[0];

/// How far apart blocks must be to be rewired as clusters of their own by `moves`: far
/// enough that a frame of [`FRAMES`]`[0]` and one move beyond it stay off the other's blocks.
fn apart_for(moves: &[(i32, i32)]) -> u32 {
    let reach = reach_of(moves);
    if reach <= 2 {
        APART
    } else {
        2 * (FRAMES[0] + reach)
    }
}
/// The smallest side the construction takes (smaller boards go to the search).
pub(crate) const MIN_SIDE: u32 = 10;

/// Whether the construction may apply: a knight's shaped board, large enough, with an even
/// number of squares (the whole board needs a closed tour).
pub(crate) fn covers(shape: &Shape) -> bool {
    let b = shape.board();
    !shape.is_rect() && b.rows.min(b.cols) >= MIN_SIDE && b.area() % 2 == 0
}

/// Whether the blocks are more than scattered small holes: some connected block is larger
/// than 2x2 (the tiled construction handles scattered 2x2 holes and single squares).
pub(crate) fn has_large_blocks(shape: &Shape) -> bool {
    // Three holes side by side in a row settle it at once (a floor plan's first macro shows
    // them): the blocks themselves, 25 ms at 10^8 round 10^4 macros, are then found once,
    // by the rewiring.
    let cols = shape.board().cols;
    let holes = shape.holes();
    if holes
        .windows(3)
        .any(|w| w[2] == w[0] + 2 && w[0] / cols == w[2] / cols)
    {
        return true;
    }
    blocks_of(shape)
        .list
        .iter()
        .any(|b| b.bx.r1 - b.bx.r0 > 2 || b.bx.c1 - b.bx.c0 > 2)
}

/// A knight's closed tour of every open square of `shape`, as row-major indices in visiting
/// order (not yet verified), or with `ends` a path from the first to the second; `None` where
/// this construction does not apply.
pub(crate) fn construct(shape: &Shape, ends: Option<(u32, u32)>) -> Option<Vec<u32>> {
    if !covers(shape) || ends.is_some_and(|e| !near_ends(shape.board(), e)) {
        return None;
    }
    // A large board's tour is kept as the tile walk made it: the tour built round the blocks
    // is then the only one written out square by square.
    let board = shape.board();
    let mut found = None;
    if board.area() >= crate::tour::PARALLEL_SQUARES {
        // The base and the blocks are found side by side: each is partly serial (the tile
        // walk; the holes' runs), and one after the other they left a core idle for 20-30 ms
        // at 10^8 squares round 10^4 macros (side by side, the zone starts 8-10 ms sooner).
        let blocks = || Found::of(shape, &KNIGHT_DIRECTIONS);
        #[cfg(feature = "parallel")]
        let (kept, blocks) = rayon::join(|| divide::build_kept(board), blocks);
        #[cfg(not(feature = "parallel"))]
        let (kept, blocks) = (divide::build_kept(board), blocks());
        if let Some(kept) = kept {
            let found = Some(blocks);
            return construct_on(shape, Base::Kept(&kept), &KNIGHT_DIRECTIONS, (ends, found));
        }
        found = Some(blocks);
    }
    let built = divide::build(board, None, None).ok()?;
    let base = Base::Whole(&built.tour.path);
    construct_on(shape, base, &KNIGHT_DIRECTIONS, (ends, found))
}

/// Whether two ends are near enough to be rewired together ([`construct_from`]); farther
/// apart they go to [`construct_between`]. Their frames must make one piece: a flow round one
/// end alone is a square short on one colour, and the two would not balance apart.
pub(crate) fn near_ends(board: Board, (s, t): (u32, u32)) -> bool {
    let (p, q) = (board.square(s), board.square(t));
    p.row.abs_diff(q.row).max(p.col.abs_diff(q.col)) <= 2 * FRAMES[0]
}

/// A closed tour of every open square of `shape` by `moves` (a piece whose moves change
/// colour), rewired from `base`, a closed tour of the whole board by those moves; with
/// `ends`, a path between them: the cycle is rewired round the two ends too, joined there by
/// a move of its own (two squares of unlike colours at most 6 apart), which the merges keep
/// and the path drops (ends farther apart: [`construct_between`]). `None` where this
/// construction fails.
pub(crate) fn construct_from(
    shape: &Shape,
    base: &[u32],
    moves: &[(i32, i32)],
    ends: Option<(u32, u32)>,
) -> Option<Vec<u32>> {
    construct_on(shape, Base::Whole(base), moves, (ends, None))
}

/// [`construct_from`] on a base kept either way, the blocks found already or not.
fn construct_on(
    shape: &Shape,
    base: Base,
    moves: &[(i32, i32)],
    (ends, found): (Option<(u32, u32)>, Option<Found>),
) -> Option<Vec<u32>> {
    let board = shape.board();
    if shape.is_rect() || base.len() != board.area() {
        return None;
    }
    if ends.is_some_and(|(s, t)| {
        s == t || shape.is_hole(s) || shape.is_hole(t) || !near_ends(board, (s, t))
    }) {
        return None;
    }
    let found = found.unwrap_or_else(|| Found::of(shape, moves));
    round_blocks(shape, base, moves, (ends.map(Ends::Near), found))
}

/// A path from `s` to `t` through every open square of `shape` by `moves`, rewired from
/// `base`, a path from `s` to `t` through every square of the whole board (ends any distance
/// apart): the base's two ends are joined by a link of their own, which the merges keep and
/// the path drops, and only the clusters of blocks are rewired (an end in a cluster's frame
/// keeps that link and gets one move from the flow). The flow still balances: every link it
/// redraws is a move between unlike colours. `None` where the construction fails.
pub(crate) fn construct_between(
    shape: &Shape,
    base: &[u32],
    moves: &[(i32, i32)],
    (s, t): (u32, u32),
) -> Option<Vec<u32>> {
    let board = shape.board();
    if shape.is_rect()
        || base.len() != board.area()
        || base.first() != Some(&s)
        || base.last() != Some(&t)
        || s == t
        || shape.is_hole(s)
        || shape.is_hole(t)
    {
        return None;
    }
    let found = Found::of(shape, moves);
    round_blocks(
        shape,
        Base::Whole(base),
        moves,
        (Some(Ends::Far((s, t))), found),
    )
}

/// A path's two ends and how they are joined: rewired together like a cluster, or kept
/// joined by the base's own link between them (the base is a path between them).
#[derive(Debug, Clone, Copy)]
enum Ends {
    Near((u32, u32)),
    Far((u32, u32)),
}

/// The rewiring of `base` round the blocks of `shape`: first with the moves of the squares
/// near the blocks alone (two margins, the second for the widest frame), then, where a
/// frame or a merge reached past them, with every square's.
fn round_blocks(
    shape: &Shape,
    base: Base,
    moves: &[(i32, i32)],
    (ends, Found { blocks, clusters }): (Option<Ends>, Found),
) -> Option<Vec<u32>> {
    let board = shape.board();
    let pair = ends.map(|(Ends::Near(e) | Ends::Far(e))| e);
    let reach = reach_of(moves);
    let pins: Vec<u32> = pair.map(|(s, t)| vec![s, t]).unwrap_or_default();
    let forced = match pair {
        Some(_) => pins.clone(),
        None => vec![first_open(&blocks.set, board.area())?],
    };
    let job = Job {
        board,
        open: shape.open_count(),
        blocked: &blocks.set,
        clusters: &clusters,
        moves,
        ends,
    };
    // A frame reaches `w` from the blocks, its flow's squares outside it a move more, and a
    // merge two moves beyond those. The zone keeps its moves where the tour is then written.
    let mut store = Vec::new();
    let walked = 'walked: {
        for w in [FRAMES[0], FRAMES[FRAMES.len() - 1]] {
            let mut zone = Zone::new(
                board,
                base,
                &blocks.set,
                (&blocks.list, &clusters, reach <= cluster::NARROW),
                (w + 3 * reach, &pins, &forced),
                (&mut store, job.open),
            );
            let walked = job.run(&mut zone);
            if !zone.strayed() {
                break 'walked walked;
            }
        }
        store = Vec::new();
        let whole;
        let path = match base {
            Base::Whole(path) => path,
            Base::Kept(kept) => {
                whole = kept.to_vec();
                &whole
            }
        };
        job.run(&mut Dense::cycle(path))
    };
    // The tour is written once the moves and the blocks are given up: it is the larger part
    // of the peak. What they and then the walk's runs freed is handed back before the tour
    // and then its check take their memory.
    drop(blocks);
    let large = board.area() >= crate::tour::PARALLEL_SQUARES;
    if large {
        give_back_freed();
    }
    let path = walked.map(|w| w.into_path(base, store));
    if large {
        give_back_freed();
    }
    path
}

/// The blocks of a shape and their clusters, for a piece's moves.
struct Found {
    blocks: blocks::Blocks,
    clusters: Vec<Cluster>,
}

impl Found {
    /// The blocks of `shape`, clustered as far apart as `moves` need.
    fn of(shape: &Shape, moves: &[(i32, i32)]) -> Found {
        let blocks = blocks_of(shape);
        let clusters = clusters_of(&blocks.list, apart_for(moves));
        Found { blocks, clusters }
    }
}

/// Hands the heap the rewiring freed back to the system. glibc keeps freed memory in its
/// arenas for reuse, and the tour, mapped afresh, cannot use it: at 10^8 squares round 10^4
/// macros it kept 30-45 MB of the zone's, the merges' and the walk's through the write and
/// the check (with the workers' lists made on the calling thread, `zone.rs` `gathered`, the
/// peak 476 -> 429 MB). A call takes a few milliseconds.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_freed() {
    // SAFETY: `malloc_trim` takes no pointers and glibc serialises it with every other call
    // to the allocator; it returns free pages alone.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Elsewhere the allocator returns memory by itself, or has no such call.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_freed() {}

/// How far one of `moves` reaches (king's distance).
fn reach_of(moves: &[(i32, i32)]) -> u32 {
    moves
        .iter()
        .map(|&(dr, dc)| dr.unsigned_abs().max(dc.unsigned_abs()))
        .max()
        .unwrap_or(1)
}

/// The first open square.
fn first_open(blocked: &BitSet, n: usize) -> Option<u32> {
    let (w, word) = blocked
        .words()
        .iter()
        .enumerate()
        .find(|(_, &w)| w != u64::MAX)?;
    let i = w * 64 + word.trailing_ones() as usize;
    (i < n).then_some(i as u32)
}

/// What a rewiring round the blocks works on.
struct Job<'a> {
    board: Board,
    open: usize,
    blocked: &'a BitSet,
    clusters: &'a [Cluster],
    moves: &'a [(i32, i32)],
    ends: Option<Ends>,
}

impl Job<'_> {
    /// The clusters rewired on `links`, then near ends, then the cycles merged and walked.
    fn run<W: Wiring>(&self, links: &mut W) -> Option<Walked> {
        let keep = match self.ends {
            Some(Ends::Far(e)) => Some(e),
            _ => None,
        };
        let (board, blocked, moves) = (self.board, self.blocked, self.moves);
        let each =
            |w: &mut dyn Moves, c: &Cluster| frames(board, blocked, w, c, (moves, 0), (None, keep));
        let mut touched = links.each_cluster(self.clusters, &each, first_read(moves))?;
        if let Some(Ends::Near((s, t))) = self.ends {
            touched.extend(frames(
                board,
                blocked,
                links,
                &pair_box(board, (s, t)),
                (moves, 0),
                (Some((s, t)), None),
            )?);
        }
        let ends = self.ends.map(|(Ends::Near(e) | Ends::Far(e))| e);
        finish(self, links, touched, ends)
    }
}

/// The box of two near ends, rewired like a cluster's.
fn pair_box(board: Board, (s, t): (u32, u32)) -> Cluster {
    let (p, q) = (board.square(s), board.square(t));
    Cluster {
        r0: p.row.min(q.row),
        r1: p.row.max(q.row) + 1,
        c0: p.col.min(q.col),
        c1: p.col.max(q.col) + 1,
    }
}

/// Merges the cycles the rewiring left (rewiring the clusters, and near ends, round any left
/// apart again),
/// then walks the one cycle: from the first open square, or with `ends` from the start away
/// from its own link to the end.
fn finish<W: Wiring>(
    job: &Job,
    links: &mut W,
    mut touched: Vec<u32>,
    ends: Option<(u32, u32)>,
) -> Option<Walked> {
    let (board, blocked, clusters, moves) = (job.board, job.blocked, job.clusters, job.moves);
    // Where cycles are left that no parallel pair joins (a column of knight's hexagons in a
    // corridor six squares wide, say), the clusters round them are rewired again with the
    // flow's moves taken in another order, which draws other cycles, and the merge runs
    // again. Every open square has two moves before and after, so a cluster may be rewired
    // as often as need be.
    for round in 1..=REDOS {
        let stuck = match join::merge_cycles(board, blocked, links, &touched, moves, ends) {
            Ok(()) => break,
            Err(stuck) if round < REDOS => stuck,
            Err(_) => return None,
        };
        let reach = FRAMES[FRAMES.len() - 1] + 2;
        let mut redo: Vec<usize> = stuck
            .iter()
            .filter_map(|&i| {
                clusters
                    .iter()
                    .position(|c| c.holds(board.square(i), reach))
            })
            .collect();
        redo.sort_unstable();
        redo.dedup();
        // Near ends are rewired like a cluster, and again like one where cycles are left
        // round them (a long leaper's cycles may be).
        let near = match job.ends {
            Some(Ends::Near(e)) => Some(e).filter(|&e| {
                let pair = pair_box(board, e);
                stuck.iter().any(|&i| pair.holds(board.square(i), reach))
            }),
            _ => None,
        };
        if redo.is_empty() && near.is_none() {
            return None;
        }
        if let Some(e) = near {
            touched.extend(frames(
                board,
                blocked,
                links,
                &pair_box(board, e),
                (moves, round),
                (Some(e), None),
            )?);
        }
        for k in redo {
            touched.extend(frames(
                board,
                blocked,
                links,
                &clusters[k],
                (moves, round),
                (None, ends),
            )?);
        }
    }
    if links.lost() {
        return None;
    }
    let open = job.open;
    let walked = match ends {
        // From the start away from the end's own move: the walk of the whole cycle ends on
        // the end, the start's other neighbour.
        Some((s, t)) => {
            let [x, y] = links.of(s);
            if x != t && y != t {
                return None;
            }
            links.walk(s, if x == t { y } else { x }, open + 1)
        }
        None => {
            let first = first_open(blocked, board.area())?;
            links.walk(first, links.of(first)[0], open + 1)
        }
    };
    (walked.len() == open).then_some(walked)
}

/// A path's two ends, where it has them.
type Pair = Option<(u32, u32)>;

/// The root of `x` in a union-find of `parent` links, halving the path on the way (the
/// blocks' runs, the cycles the merges join, the pieces of a cluster's box).
fn find(parent: &mut [u32], mut x: u32) -> u32 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

/// Merges tried before giving up: the first, then after each rewiring of the clusters round
/// the cycles left apart.
const REDOS: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn tours_round_blocks_of_many_sizes() {
        for (rows, cols, list) in [
            (40, 40, vec![(10, 10, 4, 4)]),
            (40, 42, vec![(6, 6, 20, 2), (6, 16, 2, 20), (30, 8, 6, 8)]),
            (60, 60, vec![(0, 0, 10, 12), (20, 30, 30, 30)]),
            (30, 30, vec![(7, 9, 6, 6), (13, 15, 6, 6)]),
            (50, 50, vec![(10, 10, 30, 30), (44, 0, 6, 50)]),
        ] {
            let shape = Shape::with_blocks(rows, cols, &list);
            let path = construct(&shape, None).unwrap_or_else(|| panic!("{rows}x{cols} {list:?}"));
            crate::tour::Tour::on_shape(&shape, path, crate::tour::Kind::Closed, Vec::new())
                .unwrap();
        }
    }

    #[test]
    fn the_zone_and_the_whole_boards_moves_both_give_tours() {
        // The zone (rewired in bands side by side on the tall board) and the whole board's
        // moves, its fallback, each give a verified tour; a zone too narrow for the frames
        // notices it.
        let tall: Vec<(u32, u32, u32, u32)> = (0..10)
            .map(|i| (20 + 100 * i, 10 + 37 * (i % 4), 4 + 2 * (i % 3), 8))
            .collect();
        for (rows, cols, list) in [
            (40, 42, vec![(6, 6, 20, 2), (6, 16, 2, 20), (30, 8, 6, 8)]),
            (60, 60, vec![(0, 0, 10, 12), (20, 30, 30, 30)]),
            (1100, 200, tall),
        ] {
            let shape = Shape::with_blocks(rows, cols, &list);
            let board = shape.board();
            let base = divide::build(board, None, None).unwrap().tour.path;
            let blocks = blocks_of(&shape);
            let clusters = clusters_of(&blocks.list, APART);
            let first = first_open(&blocks.set, board.area()).unwrap();
            let job = Job {
                board,
                open: shape.open_count(),
                blocked: &blocks.set,
                clusters: &clusters,
                moves: &KNIGHT_DIRECTIONS,
                ends: None,
            };
            let whole = Base::Whole(&base);
            let dense = job.run(&mut Dense::cycle(&base)).unwrap();
            let dense = dense.into_path(whole, Vec::new());
            let parts = (&blocks.list[..], &clusters[..], true);
            // The tour rewired in a zone of `margin`, and whether the zone was strayed from.
            let in_zone = |margin: u32| {
                let mut store = Vec::new();
                let open = shape.open_count();
                let first = &[first];
                let mut zone = Zone::new(
                    board,
                    whole,
                    &blocks.set,
                    parts,
                    (margin, &[], first),
                    (&mut store, open),
                );
                let walked = job.run(&mut zone);
                (
                    walked.map(|w| w.into_path(whole, Vec::new())),
                    zone.strayed(),
                )
            };
            let (sparse, strayed) = in_zone(9);
            assert!(!strayed);
            for path in [dense, sparse.unwrap()] {
                crate::tour::Tour::on_shape(&shape, path, crate::tour::Kind::Closed, Vec::new())
                    .unwrap();
            }
            let (narrow, strayed) = in_zone(1);
            assert!(narrow.is_none() && strayed);
        }
    }

    #[test]
    fn a_kept_base_gives_the_tour_a_whole_one_does() {
        // Past 2^20 squares the base is kept as the tile walk made it; the tour rewired from
        // it is the one rewired from the whole path, closed and between near ends.
        let list: Vec<(u32, u32, u32, u32)> = (0..24)
            .map(|i| {
                (
                    12 + 40 * i,
                    10 + 97 * (i % 9),
                    4 + 2 * (i % 5),
                    6 + 4 * (i % 7),
                )
            })
            .collect();
        let shape = Shape::with_blocks(1030, 1040, &list);
        let board = shape.board();
        assert!(board.area() >= crate::tour::PARALLEL_SQUARES);
        let base = divide::build(board, None, None).unwrap().tour.path;
        let kept = divide::build_kept(board).unwrap();
        for ends in [
            None,
            Some((
                board.index(Square::new(500, 500)),
                board.index(Square::new(501, 502)),
            )),
        ] {
            let whole = construct_from(&shape, &base, &KNIGHT_DIRECTIONS, ends).unwrap();
            let from_kept =
                construct_on(&shape, Base::Kept(&kept), &KNIGHT_DIRECTIONS, (ends, None));
            assert!(from_kept.as_ref() == Some(&whole), "{ends:?}");
            let kind = if ends.is_some() {
                crate::tour::Kind::Open
            } else {
                crate::tour::Kind::Closed
            };
            crate::tour::Tour::on_shape(&shape, whole, kind, Vec::new()).unwrap();
        }
    }

    #[test]
    fn clusters_join_blocks_that_come_close() {
        // Five squares apart: one cluster; six: two.
        let shape = Shape::with_blocks(100, 100, &[(10, 10, 4, 4), (10, 19, 4, 4), (80, 80, 4, 4)]);
        assert_eq!(clusters_of(&blocks_of(&shape).list, APART).len(), 2);
        let shape = Shape::with_blocks(100, 100, &[(10, 10, 4, 4), (10, 20, 4, 4), (80, 80, 4, 4)]);
        assert_eq!(clusters_of(&blocks_of(&shape).list, APART).len(), 3);
        assert!(has_large_blocks(&shape));
        assert!(!has_large_blocks(&Shape::with_blocks(
            40,
            40,
            &[(3, 3, 2, 2), (20, 9, 2, 2)]
        )));
    }

    #[test]
    fn blocks_of_unequal_colours_are_left_to_others() {
        // A 3x3 block takes five squares of one colour and four of the other.
        assert!(construct(&Shape::with_blocks(30, 30, &[(10, 10, 3, 3)]), None).is_none());
    }
}
