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

/// The holes of `shape` as a set and as 8-connected blocks.
pub(super) fn blocks_of(shape: &Shape) -> Blocks {
    let board = shape.board();
    let cols = board.cols;
    // Runs of holes along the rows: (row, first column, column past the last).
    let mut runs: Vec<(u32, u32, u32)> = Vec::new();
    // The holes are sorted with no repeats: each run's length, within its row, is found by
    // a galloping search.
    let split = crate::board::Splitter::new(cols);
    let holes = shape.holes();
    let mut i = 0;
    while i < holes.len() {
        let (r, c) = split.split(holes[i]);
        let len = crate::bits::consecutive_sorted(&holes[i..], (cols - c) as usize);
        runs.push((r, c, c + len as u32));
        i += len;
    }
    let set = set_of(board, &runs);
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
    let list = list
        .into_iter()
        .map(|(bx, count)| Block {
            bx,
            full: count == u64::from(bx.r1 - bx.r0) * u64::from(bx.c1 - bx.c0),
        })
        .collect();
    Blocks { set, list }
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
}
