//! The blocks of a shaped board: its holes as one bit a square, their 8-connected pieces with
//! their boxes, and the clusters of boxes that come close, found from the holes' runs along
//! the rows (a macro of h rows is h runs), never a pass over every square.

use super::base::each_chunk;
use super::find;
use crate::bits::BitSet;
use crate::board::{Board, Square};
use crate::shape::Shape;

/// A box of rows `r0..r1` and columns `c0..c1` round a cluster of blocks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Cluster {
    pub(super) r0: u32,
    pub(super) r1: u32,
    pub(super) c0: u32,
    pub(super) c1: u32,
}

impl Cluster {
    /// Whether `s` lies in the box grown by `margin` on every side.
    pub(super) fn holds(&self, s: Square, margin: u32) -> bool {
        s.row + margin >= self.r0
            && s.row < self.r1 + margin
            && s.col + margin >= self.c0
            && s.col < self.c1 + margin
    }

    /// The box grown by `margin` on every side, within `board`.
    pub(super) fn grown(&self, board: Board, margin: u32) -> Cluster {
        Cluster {
            r0: self.r0.saturating_sub(margin),
            r1: (self.r1 + margin).min(board.rows),
            c0: self.c0.saturating_sub(margin),
            c1: (self.c1 + margin).min(board.cols),
        }
    }

    /// The box round one square.
    pub(super) fn at(s: Square) -> Cluster {
        Cluster {
            r0: s.row,
            r1: s.row + 1,
            c0: s.col,
            c1: s.col + 1,
        }
    }
}

/// One 8-connected piece of holes: its box, and whether it fills the box (a macro).
#[derive(Debug, Clone, Copy)]
pub(super) struct Block {
    pub(super) bx: Cluster,
    pub(super) full: bool,
}

/// The holes of a shape, as a set and as blocks.
pub(super) struct Blocks {
    /// One bit a square: set for a hole.
    pub(super) set: BitSet,
    /// The 8-connected pieces, in row-major order of their first squares.
    pub(super) list: Vec<Block>,
}

/// The squares of `runs` (row-major, apart) as a set, a share of its words on each core,
/// each share setting the runs that fall in it (on one core, with the set's pages touched
/// there, 8 ms at 10^8 squares round 10^4 macros).
fn set_of(board: Board, runs: &[(u32, u32, u32)]) -> BitSet {
    let cols = board.cols as usize;
    let span = |&(r, c0, c1): &(u32, u32, u32)| {
        let at = r as usize * cols;
        (at + c0 as usize, at + c1 as usize)
    };
    let mut set = BitSet::new(board.area());
    each_chunk(set.words_mut(), |w0, words| {
        let (lo, hi) = (w0 * 64, (w0 + words.len()) * 64);
        let first = runs.partition_point(|run| span(run).1 <= lo);
        for (a, z) in runs[first..].iter().map(span).take_while(|&(a, _)| a < hi) {
            crate::bits::set_range_in(words, a.max(lo) - lo, z.min(hi) - lo, true);
        }
    });
    set
}

/// Holes a share of [`runs_of`] takes, about.
const RUN_SHARE: usize = 1 << 18;

/// The runs of holes along the rows (row, first column, column past the last), in order: the
/// holes are sorted with no repeats, so each run's length within its row is found by a
/// galloping search; shares of about `share` holes side by side, each starting at a run's
/// first hole (on one core, the 200,000 runs of the 6 million holes at 10^8 squares round
/// 10^4 macros took 7-8 ms before anything else could start; a mask's holes come here).
fn runs_of(board: Board, holes: &[u32], share: usize) -> Vec<(u32, u32, u32)> {
    let cols = board.cols;
    let split = crate::board::Splitter::new(cols);
    // Where each share starts: a hole that does not follow the one before it in its row.
    let mut starts = vec![0];
    let mut at = share;
    while at < holes.len() {
        while at < holes.len() && holes[at] == holes[at - 1] + 1 && holes[at] % cols != 0 {
            at += 1;
        }
        if at < holes.len() {
            starts.push(at);
        }
        at += share;
    }
    starts.push(holes.len());
    let runs_in = |k: usize| {
        let holes = &holes[starts[k]..starts[k + 1]];
        let mut runs = Vec::new();
        let mut i = 0;
        while i < holes.len() {
            let (r, c) = split.split(holes[i]);
            let len = crate::bits::consecutive_sorted(&holes[i..], (cols - c) as usize);
            runs.push((r, c, c + len as u32));
            i += len;
        }
        runs
    };
    let shares = starts.len() - 1;
    #[cfg(feature = "parallel")]
    if shares > 1 {
        use rayon::prelude::*;
        let parts: Vec<_> = (0..shares).into_par_iter().map(runs_in).collect();
        return parts.concat();
    }
    (0..shares).flat_map(runs_in).collect()
}

/// [`runs_of`] from the runs a floor plan's shape was listed from (sorted and apart,
/// [`Shape::hole_runs`]), cut at the rows' ends. A run at a time, where [`runs_of`] reads
/// every hole's line of the list.
fn row_runs(board: Board, listed: &[(u32, u32)]) -> Vec<(u32, u32, u32)> {
    let cols = u64::from(board.cols);
    let mut out = Vec::with_capacity(listed.len());
    for &(first, len) in listed {
        let (first, end) = (u64::from(first), u64::from(first) + u64::from(len));
        let mut at = first;
        while at < end {
            let row = at / cols;
            let stop = ((row + 1) * cols).min(end);
            out.push((
                row as u32,
                (at - row * cols) as u32,
                (stop - row * cols) as u32,
            ));
            at = stop;
        }
    }
    out
}

/// The holes of `shape` as a set and as 8-connected blocks: the set made beside the blocks
/// (one after the other, 4-5 ms more before anything else could start).
pub(super) fn blocks_of(shape: &Shape) -> Blocks {
    let board = shape.board();
    let runs = match shape.hole_runs() {
        Some(listed) => row_runs(board, listed),
        None => runs_of(board, shape.holes(), RUN_SHARE),
    };
    #[cfg(feature = "parallel")]
    let (set, list) = rayon::join(|| set_of(board, &runs), || pieces(&runs));
    #[cfg(not(feature = "parallel"))]
    let (set, list) = (set_of(board, &runs), pieces(&runs));
    Blocks { set, list }
}

/// The 8-connected pieces of holes of `runs` (row-major, apart), in row-major order of their
/// first squares.
fn pieces(runs: &[(u32, u32, u32)]) -> Vec<Block> {
    // Runs of one row joined to those of the row above that touch them, corners included.
    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    let mut above = 0..0;
    let mut i = 0;
    while i < runs.len() {
        let r = runs[i].0;
        let end = i + runs[i..].iter().take_while(|run| run.0 == r).count();
        if above.is_empty() || runs[above.start].0 + 1 != r {
            above = 0..0;
        }
        let mut j = above.start;
        for k in i..end {
            let (_, a0, a1) = runs[k];
            // Runs above that end before this one's column less one touch no later run.
            while j < above.end && runs[j].2 < a0 {
                j += 1;
            }
            let mut t = j;
            while t < above.end && runs[t].1 <= a1 {
                let (x, y) = (find(&mut parent, k as u32), find(&mut parent, t as u32));
                parent[x as usize] = y;
                t += 1;
            }
        }
        above = i..end;
        i = end;
    }
    let mut index = vec![u32::MAX; runs.len()];
    let mut list: Vec<(Cluster, u64)> = Vec::new();
    for (k, &(r, c0, c1)) in runs.iter().enumerate() {
        let root = find(&mut parent, k as u32) as usize;
        if index[root] == u32::MAX {
            index[root] = list.len() as u32;
            list.push((
                Cluster {
                    r0: r,
                    r1: r + 1,
                    c0,
                    c1,
                },
                0,
            ));
        }
        let (b, count) = &mut list[index[root] as usize];
        b.r0 = b.r0.min(r);
        b.r1 = b.r1.max(r + 1);
        b.c0 = b.c0.min(c0);
        b.c1 = b.c1.max(c1);
        *count += u64::from(c1 - c0);
    }
    list.into_iter()
        .map(|(bx, count)| Block {
            bx,
            full: count == u64::from(bx.r1 - bx.r0) * u64::from(bx.c1 - bx.c0),
        })
        .collect()
}

/// The boxes of `blocks`, those closer than `apart` merged into one box, in row-major order
/// of their corners.
pub(super) fn clusters_of(blocks: &[Block], apart: u32) -> Vec<Cluster> {
    let mut boxes: Vec<Cluster> = blocks.iter().map(|b| b.bx).collect();
    if apart == 0 {
        return boxes;
    }
    // Merge boxes closer than `apart` until none are: a sweep by top row, repeated while a
    // merged box grew into another.
    loop {
        boxes.sort_by_key(|b| (b.r0, b.c0));
        let mut merged: Vec<Cluster> = Vec::with_capacity(boxes.len());
        let mut changed = false;
        // `merged` stays sorted by top row; no box above `b` by more than the tallest box and
        // `apart` can reach it.
        let mut tallest = 0;
        'next: for b in boxes {
            for m in merged.iter_mut().rev() {
                if m.r0 + tallest + apart <= b.r0 {
                    break;
                }
                if near(m, &b, apart) {
                    m.r0 = m.r0.min(b.r0);
                    m.r1 = m.r1.max(b.r1);
                    m.c0 = m.c0.min(b.c0);
                    m.c1 = m.c1.max(b.c1);
                    tallest = tallest.max(m.r1 - m.r0);
                    changed = true;
                    continue 'next;
                }
            }
            tallest = tallest.max(b.r1 - b.r0);
            merged.push(b);
        }
        boxes = merged;
        if !changed {
            return boxes;
        }
    }
}

/// Whether two boxes come closer than `apart` in both directions.
fn near(a: &Cluster, b: &Cluster, apart: u32) -> bool {
    a.r0 < b.r1 + apart && b.r0 < a.r1 + apart && a.c0 < b.c1 + apart && b.c0 < a.c1 + apart
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_are_the_8_connected_pieces_of_holes() {
        // Two squares touching at a corner are one block; an L fills not its box; a macro does.
        let shape = Shape::with_blocks(
            20,
            20,
            &[
                (2, 2, 1, 1),
                (3, 3, 1, 1),
                (10, 10, 3, 1),
                (12, 10, 1, 4),
                (15, 2, 4, 6),
            ],
        );
        let b = blocks_of(&shape);
        let boxes: Vec<(Cluster, bool)> = b.list.iter().map(|b| (b.bx, b.full)).collect();
        let c = |r0, r1, c0, c1| Cluster { r0, r1, c0, c1 };
        assert_eq!(
            boxes,
            vec![
                (c(2, 4, 2, 4), false),
                (c(10, 13, 10, 14), false),
                (c(15, 19, 2, 8), true),
            ]
        );
        let held: Vec<u32> = (0..400).filter(|&i| b.set.contains(i as usize)).collect();
        assert_eq!(held, shape.holes());
    }

    #[test]
    fn a_floor_plans_runs_give_the_runs_its_holes_give() {
        // Floor plans of many holes (listed from their runs) on boards of several widths:
        // rectangles that overlap, touch side by side or end on end, and runs that pass a
        // row's end, met by the runs read from the list of holes; those alike in shares of
        // every size.
        let mut seed = 11u64;
        let mut next = move |m: u64| {
            seed = crate::rng::mix64(seed);
            seed % m
        };
        for (rows, cols) in [(700u32, 1000u32), (1024, 513), (2000, 300)] {
            let board = Board::new(rows, cols).unwrap();
            let mut runs = Vec::new();
            for _ in 0..300 {
                let (h, w) = (1 + next(40) as u32, 1 + next(60) as u32);
                let (r0, c0) = (
                    next(u64::from(rows - h)) as u32,
                    next(u64::from(cols - w)) as u32,
                );
                runs.extend((r0..r0 + h).map(|r| (r * cols + c0, w)));
            }
            // Runs across a row's end, and one that ends where the next row's first begins.
            runs.push((5 * cols - 3, 9));
            runs.push((9 * cols - 4, 4));
            runs.push((9 * cols, 2));
            let shape = Shape::from_runs(board, &runs).unwrap();
            let listed = shape.hole_runs().expect("made from a floor plan's runs");
            let want = runs_of(board, shape.holes(), usize::MAX);
            assert!(want.len() > 1000, "{} runs", want.len());
            assert_eq!(row_runs(board, listed), want, "{board}");
            for share in [1, 2, 7, 1000, 60_000] {
                assert_eq!(
                    runs_of(board, shape.holes(), share),
                    want,
                    "{board} {share}"
                );
            }
        }
    }
}
