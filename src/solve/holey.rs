//! Tours of large boards with scattered holes, in O(rows x cols): the board is cut into tiles
//! laid along one cycle of tiles, each tile carries a Hamiltonian path of its open squares, and
//! the paths are joined by knight's moves across the tile borders. Only the tiles with holes
//! are searched; every other tile's path comes from a cache of a few shapes.
//!
//! The cycle of tiles: band 0 runs left to right over the whole width; the other bands snake
//! over the columns right of a return column (its width chosen per band from [`W0S`]) that
//! leads back up to band 0. The number of bands is even, so the snake ends next to the return
//! column.
//!
//! Colours decide where tiles may be cut. A path alternates colours, so a tile with as many
//! open squares of each colour is left on the other colour than it was entered on, and a tile
//! with one more of a colour is entered and left on that colour; more than one is impossible.
//! Along the cycle the unbalanced tiles must therefore alternate in colour. A hole makes its
//! tile unbalanced; so does an odd x odd tile, on its corners' colour. The bands have odd
//! heights, and a dynamic programme over each band's cut points chooses tile widths (even
//! widths keep the balance, odd widths flip it on the colour of their corner) so that the
//! unbalanced tiles alternate all the way round.

use crate::shape::Shape;
use crate::tour::Tile;

mod plan;
mod walk;

use plan::*;
use walk::*;

/// The smallest side the construction takes.
pub(crate) const MIN_SIDE: u32 = 24;
/// Widths of the return column's tiles, most preferred first.
const W0S: [u32; 9] = [8, 6, 10, 7, 9, 12, 11, 13, 5];
/// Tile widths, most preferred first: even widths keep the colour balance.
const WIDTHS: [u32; 9] = [8, 10, 6, 9, 7, 11, 5, 12, 13];
/// Positions one tile path search may visit.
const TILE_BUDGET: u64 = 40_000;
/// Failed tile searches allowed before the plan is changed around the tile that failed.
const FAILURES: usize = 60;
/// Plans tried before giving up.
const PLANS: usize = 24;

/// A tile: rows `r0..r0 + h`, columns `c0..c0 + w`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Rect {
    r0: u32,
    c0: u32,
    h: u32,
    w: u32,
}

/// Which side of a tile the cycle leaves it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dir {
    Right,
    Left,
    Down,
    Up,
}

/// Whether the construction applies: both sides at least [`MIN_SIDE`] and holes present.
pub(crate) fn covers(shape: &Shape) -> bool {
    let (r, c) = shape.board().sides();
    !shape.is_rect() && r.min(c) >= MIN_SIDE
}

/// A tour built by [`construct`].
pub(crate) struct Built {
    /// Board indices in visiting order.
    pub path: Vec<u32>,
    /// The tiles, in the order the tour passes them.
    pub tiles: Vec<Tile>,
    /// Whether the path closes into a cycle.
    pub cyclic: bool,
}

/// A tour of `shape` (large, few holes): a cycle when the colour counts are equal, else (open
/// tours only) a path; `None` when the colours or the tiles do not allow this construction.
pub(crate) fn construct(shape: &Shape, closed: bool, seed: u64) -> Option<Built> {
    let board = shape.board();
    let (rows, cols) = (board.rows, board.cols);
    if !covers(shape) || cols < 20 {
        return None;
    }
    // A cut is bad where a hole lies within three rows of it near the board's sides: the
    // tiles' corners there are fixed, and the squares by a corner have few moves to spare.
    let near_side: Vec<u32> = shape
        .holes()
        .iter()
        .map(|&i| (i / cols, i % cols))
        .filter(|&(_, c)| c < 3 || c + 3 >= cols)
        .map(|(r, _)| r)
        .collect();
    let bad = |y: u32| near_side.iter().any(|&r| r + 3 >= y && r <= y + 2);
    let heights = bands(rows, &bad).or_else(|| bands(rows, &|_| false))?;
    let mut tops = Vec::with_capacity(heights.len());
    let mut y = 0;
    for &h in &heights {
        tops.push(y);
        y += h;
    }
    let holes = Holes::new(shape, &tops);
    // Colour counts decide the kind of tile cycle.
    let area = board.area() as i64;
    let mut d = if area % 2 == 0 { 0 } else { 1 };
    for &i in shape.holes() {
        d += if board.square(i).colour() == 0 { -1 } else { 1 };
    }
    let (first, cyclic) = match d {
        0 => (None, true),
        1 if !closed => (Some(0), false),
        -1 if !closed => (Some(1), false),
        _ => return None,
    };
    let mut banned = Banned::new();
    for _ in 0..PLANS {
        let p = plan(cols, (&heights, &tops), &holes, &banned, first, cyclic);
        let p = p?;
        match walk(shape, &p, &holes, cyclic, seed) {
            Walk::Done(paths) => {
                let mut path = Vec::with_capacity(shape.open_count());
                for (r, lp) in p.tiles.iter().zip(&paths) {
                    for &l in lp.iter() {
                        let (y, x) = (r.r0 + l / r.w, r.c0 + l % r.w);
                        path.push(y * cols + x);
                    }
                }
                let tiles = p
                    .tiles
                    .iter()
                    .map(|r| Tile {
                        row: r.r0,
                        col: r.c0,
                        rows: r.h,
                        cols: r.w,
                    })
                    .collect();
                return Some(Built {
                    path,
                    tiles,
                    cyclic,
                });
            }
            Walk::Stuck(rect) => {
                banned.insert(rect);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_heights_are_odd_and_even_in_number() {
        for n in MIN_SIDE..2000 {
            let v = bands(n, &|_| false).unwrap_or_else(|| panic!("{n}"));
            assert_eq!(v.iter().sum::<u32>(), n);
            assert_eq!(v.len() % 2, 0, "{n}");
            assert!(v.iter().filter(|&&h| h % 2 == 0).count() <= 1, "{n}");
            assert!(v.iter().all(|&h| (5..=13).contains(&h)), "{n}: {v:?}");
        }
    }
}
