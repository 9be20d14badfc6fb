//! Boards three squares wide: an exactly searched window around the start, extended to both
//! sides by 3x4 blocks.
//!
//! The extension rests on one pattern, found by the project's own search: if a tour of 3 x n
//! contains the move a = (0, n-2) to b = (2, n-1), a 3x4 block appended on the right joins it by
//! a U-turn path from x = (1, n) to y = (0, n) (a-x and y-b are knight moves) that itself
//! contains the shifted move (0, n+2)-(2, n+3). So the block repeats, each joined to the last,
//! and the mirror image extends to the left. The window (9 to 16 columns) is searched
//! exactly with the moves the blocks need, so every start that the theory allows is served.

use std::sync::{Arc, OnceLock};

use super::merge::{generate, Layout, LocalEdge, LocalTour, Placed, Port};
use super::search::TieBreak;
use super::tile_search::{self, Constraints};
use crate::board::{Board, Square};
use crate::rng::mix64;
use crate::tour::Kind;
use crate::tour::{Tile, Tour};

const BLOCK: u32 = 4;

/// The block's U-turn path (local cells, 3x4), from (1,0) to (0,0), containing (0,2)-(2,3).
fn block_path() -> &'static Option<Vec<u32>> {
    static PATH: OnceLock<Option<Vec<u32>>> = OnceLock::new();
    PATH.get_or_init(|| {
        let b = Board::new(3, BLOCK).expect("3x4");
        let y = 0;
        let cons = Constraints {
            required: vec![(2, 2 * BLOCK + 3)],
            forbid_end: (0..b.area() as u32).filter(|&z| z != y).collect(),
            ..Constraints::default()
        };
        tile_search::find(b, BLOCK, false, &cons, TieBreak::FarFromCentre, 1_000_000)
    })
}

struct Strip {
    /// First column and width of the window.
    a: u32,
    n0: u32,
    right: usize,
    left: usize,
    window: Placed,
    rblock: Placed,
    lblock: Placed,
}

impl Layout for Strip {
    fn placed(&self, id: (usize, usize)) -> &Placed {
        match id.0 {
            0 => &self.window,
            1 => &self.rblock,
            _ => &self.lblock,
        }
    }
    fn base_of(&self, id: (usize, usize)) -> u32 {
        self.origin(id).1
    }
    fn origin(&self, id: (usize, usize)) -> (u32, u32) {
        let k = id.1 as u32;
        match id.0 {
            0 => (0, self.a),
            1 => (0, self.a + self.n0 + BLOCK * k),
            _ => (0, self.a - BLOCK * (k + 1)),
        }
    }
    fn ports_of(&self, id: (usize, usize)) -> [Option<(Port, (usize, usize))>; 4] {
        let mut v = [None; 4];
        let k = id.1;
        match id.0 {
            0 => {
                if self.right > 0 {
                    v[0] = Some((Port::Right, (1, 0)));
                }
                if self.left > 0 {
                    v[1] = Some((Port::Left, (2, 0)));
                }
            }
            1 if k + 1 < self.right => v[0] = Some((Port::Right, (1, k + 1))),
            2 if k + 1 < self.left => v[1] = Some((Port::Left, (2, k + 1))),
            _ => {}
        }
        v
    }
    fn port_edge(&self, id: (usize, usize), port: Port) -> LocalEdge {
        match (id.0, port) {
            (0, Port::Right) => ((0, self.n0 - 2), (2, self.n0 - 1)),
            (0, _) => ((0, 1), (2, 0)),
            (1, Port::Right) => ((0, 2), (2, 3)),
            (1, _) => ((1, 0), (0, 0)),
            (_, Port::Left) => ((0, 1), (2, 0)),
            (_, _) => ((1, 3), (0, 3)),
        }
    }
}

/// Whether the strip construction covers the board: one side 3, the other at least 4.
pub fn covers(board: Board) -> bool {
    board.sides().0 == 3 && board.sides().1 >= 4
}

/// A tour of a 3 x n (or n x 3) board from `start`: closed when `closed`. `None` when the
/// window search finds nothing (only from starts the theory forbids).
pub fn construct(board: Board, start: Square, closed: bool, seed: Option<u64>) -> Option<Tour> {
    if board.rows != 3 {
        return construct(
            board.transposed(),
            Square::new(start.col, start.row),
            closed,
            seed,
        )
        .map(Tour::transposed);
    }
    let n = board.cols;
    let block = block_path().as_ref()?;
    let ties = [
        seed.map_or(TieBreak::FarFromCentre, |s| TieBreak::Random(mix64(s))),
        TieBreak::MoveOrder,
        TieBreak::Random(seed.unwrap_or(1) ^ 0xB10C),
    ];
    for (a, n0) in windows(n, start.col, closed) {
        let right = ((n - a - n0) / BLOCK) as usize;
        let left = (a / BLOCK) as usize;
        let mut required = Vec::new();
        if right > 0 {
            required.push(((n0 - 2), 2 * n0 + n0 - 1));
        }
        if left > 0 {
            required.push((1, 2 * n0));
        }
        let cons = Constraints {
            required,
            ..Constraints::default()
        };
        let wboard = Board::new(3, n0).ok()?;
        let local = if closed {
            0
        } else {
            start.row * n0 + start.col - a
        };
        let found = ties
            .iter()
            .find_map(|&t| tile_search::find(wboard, local, closed, &cons, t, 400_000));
        let Some(wpath) = found else { continue };
        let wt = Arc::new(LocalTour::new(3, n0, &wpath, closed));
        let bt = Arc::new(LocalTour::new(3, BLOCK, block, false));
        let mirrored: Vec<u32> = block
            .iter()
            .map(|&i| (i / BLOCK) * BLOCK + (BLOCK - 1 - i % BLOCK))
            .collect();
        let lt = Arc::new(LocalTour::new(3, BLOCK, &mirrored, false));
        let strip = Strip {
            a,
            n0,
            right,
            left,
            window: Placed::with_ports(
                wt,
                n,
                &[
                    (Port::Right, ((0, n0 - 2), (2, n0 - 1))),
                    (Port::Left, ((0, 1), (2, 0))),
                ],
            ),
            rblock: Placed::with_ports(bt, n, &[(Port::Right, ((0, 2), (2, 3)))]),
            lblock: Placed::with_ports(lt, n, &[(Port::Left, ((0, 1), (2, 0)))]),
        };
        let mut path = vec![0u32; board.area()];
        generate(&strip, (0, 0), 0, 1, &mut path);
        if closed {
            let s = board.index(start);
            if let Some(p) = path.iter().position(|&x| x == s) {
                path.rotate_left(p);
            }
        }
        let mut tiles = vec![Tile {
            row: 0,
            col: strip.a,
            rows: 3,
            cols: strip.n0,
        }];
        for k in 0..strip.left {
            tiles.push(Tile {
                row: 0,
                col: strip.a - BLOCK * (k as u32 + 1),
                rows: 3,
                cols: BLOCK,
            });
        }
        for k in 0..strip.right {
            tiles.push(Tile {
                row: 0,
                col: strip.a + strip.n0 + BLOCK * k as u32,
                rows: 3,
                cols: BLOCK,
            });
        }
        tiles.sort_by_key(|t| t.col);
        return Some(Tour {
            piece: crate::piece::Piece::KNIGHT,
            board,
            path,
            kind: Kind::of(closed),
            tiles,
            holes: std::sync::Arc::default(),
        });
    }
    None
}

/// Candidate windows (first column, width) around column `x`: widths congruent to n mod 4,
/// first columns multiples of 4; the whole board when it is at most 12 long.
fn windows(n: u32, x: u32, closed: bool) -> Vec<(u32, u32)> {
    if n <= 12 {
        return vec![(0, n)];
    }
    let mut out = Vec::new();
    let widths: Vec<u32> = (9..=16)
        .filter(|w| {
            w % BLOCK == n % BLOCK && (!closed || w % 2 == 0) && *w >= if closed { 10 } else { 9 }
        })
        .collect();
    for &w in &widths {
        if closed {
            out.push((0, w));
            continue;
        }
        // Put x as near the middle of the window as the block grid allows.
        let ideal = x.saturating_sub(w / 2);
        let base = ideal - ideal % BLOCK;
        for a in [base, base + BLOCK, base.saturating_sub(BLOCK)] {
            if a <= x && x < a + w && a + w <= n && !out.contains(&(a, w)) {
                out.push((a, w));
            }
        }
    }
    out
}
