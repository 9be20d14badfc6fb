//! The walk of a planned holey board: each tile's path between its crossing squares (the
//! tiles with holes searched, the others from a cache of shapes), joined tile to tile.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::super::shaped::{self, Goal, ShapedOutcome};
use super::*;
use crate::board::Board;
use crate::shape::Shape;

/// A knight's move between tiles: the exit square of one and the entry of the next, as
/// (row, col).
pub(super) type Crossing = ((u32, u32), (u32, u32));

/// Knight's moves from a square of `a` (the exit) to a square of `b` (the entry) across the
/// side `dir`, in a fixed order so that tiles of one size meet the same crossings.
pub(super) fn crossings(a: Rect, b: Rect, dir: Dir) -> Vec<Crossing> {
    let mut out = Vec::new();
    let rows = |r: &Rect| r.r0..r.r0 + r.h;
    let colsr = |r: &Rect| r.c0..r.c0 + r.w;
    let inside = |r: &Rect, y: i64, x: i64| {
        y >= r.r0 as i64 && y < (r.r0 + r.h) as i64 && x >= r.c0 as i64 && x < (r.c0 + r.w) as i64
    };
    let mut push = |ey: u32, ex: u32, dy: i64, dx: i64| {
        let (y, x) = (ey as i64 + dy, ex as i64 + dx);
        if inside(&a, ey as i64, ex as i64) && inside(&b, y, x) {
            out.push(((ey, ex), (y as u32, x as u32)));
        }
    };
    // Across the side: the exit on the tile's last line (or the one before), the entry one or
    // two lines over; along the side: the other coordinate of the move.
    let across_rows = matches!(dir, Dir::Down | Dir::Up);
    let (edge, sign, along) = match dir {
        Dir::Right => (a.c0 + a.w - 1, 1i64, rows(&a)),
        Dir::Left => (a.c0, -1i64, rows(&a)),
        Dir::Down => (a.r0 + a.h - 1, 1i64, colsr(&a)),
        Dir::Up => (a.r0, -1i64, colsr(&a)),
    };
    for k in along {
        for (back, over, side) in [
            (0i64, 1i64, 2i64),
            (0, 1, -2),
            (0, 2, 1),
            (0, 2, -1),
            (1, 2, 1),
            (1, 2, -1),
        ] {
            let line = edge as i64 - sign * back;
            if line < 0 {
                continue;
            }
            if across_rows {
                push(line as u32, k, sign * over, side);
            } else {
                push(k, line as u32, side, sign * over);
            }
        }
    }
    out
}

pub(super) type Key = (u32, u32, u32, u32);
pub(super) type Paths = Mutex<HashMap<Key, Option<Arc<Vec<u32>>>>>;

pub(super) fn cache() -> &'static Paths {
    static CACHE: OnceLock<Paths> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A Hamiltonian path of the tile's open squares from `from` to `to` (local indices).
pub(super) fn tile_path(
    rect: Rect,
    holes: &[u32],
    from: u32,
    to: u32,
    seed: u64,
) -> Option<Arc<Vec<u32>>> {
    let key = (rect.h, rect.w, from, to);
    if holes.is_empty() {
        if let Some(p) = cache().lock().expect("cache").get(&key) {
            return p.clone();
        }
    }
    let found = Board::new(rect.h, rect.w)
        .ok()
        .and_then(|b| Shape::new(b, holes.to_vec()).ok())
        .and_then(|tile| {
            let goal = Goal {
                start: Some(from),
                end: Some(to),
                closed: false,
                seed,
                fixed_order: false,
                budget: TILE_BUDGET,
                piece: crate::piece::Piece::KNIGHT,
            };
            match shaped::search(&tile, goal) {
                ShapedOutcome::Found(p) => Some(Arc::new(p)),
                _ => None,
            }
        });
    if holes.is_empty() {
        cache().lock().expect("cache").insert(key, found.clone());
    }
    found
}

/// What the tile search does after a plan: the paths, or the tile where it failed.
pub(super) enum Walk {
    Done(Vec<Arc<Vec<u32>>>),
    Stuck(Rect),
}

/// Joins the tiles of `p` by paths: depth-first over the tiles, each trying its crossings in
/// order. A cycle first fixes the crossing from the last tile into the first; a path tries the
/// first tile's free entries.
pub(super) fn walk(shape: &Shape, p: &TileCycle, holes: &Holes, closed: bool, seed: u64) -> Walk {
    let cols = shape.board().cols;
    let m = p.tiles.len();
    let is_hole = |y: u32, x: u32| shape.is_hole(y * cols + x);
    let local = |r: &Rect, (y, x): (u32, u32)| (y - r.r0) * r.w + (x - r.c0);
    let holes_of = |k: usize| -> Vec<u32> {
        let r = p.tiles[k];
        let mut v: Vec<u32> = holes
            .inside(p.band_of[k], r)
            .map(|sq| local(&r, sq))
            .collect();
        v.sort_unstable();
        v
    };
    let colour = |(y, x): (u32, u32)| (y + x) % 2;
    // Exit colour of each tile: the entry's colour on balanced tiles, else the same colour.
    let exit_colour = |k: usize| {
        let d = holes.balance(p.band_of[k], p.tiles[k]);
        if d == 0 {
            1 - p.entry[k]
        } else {
            p.entry[k]
        }
    };
    // Candidate (exit of k, entry of k + 1) pairs; for the last tile, the exit alone.
    let options = |k: usize| -> Vec<Crossing> {
        let a = p.tiles[k];
        if k + 1 < m || closed {
            let b = p.tiles[(k + 1) % m];
            crossings(a, b, p.dirs[k])
                .into_iter()
                .filter(|&(e, n)| {
                    colour(e) == exit_colour(k) && !is_hole(e.0, e.1) && !is_hole(n.0, n.1)
                })
                .collect()
        } else {
            let mut v = Vec::new();
            for y in a.r0..a.r0 + a.h {
                for x in a.c0..a.c0 + a.w {
                    if colour((y, x)) == exit_colour(k) && !is_hole(y, x) {
                        v.push(((y, x), (y, x)));
                    }
                }
            }
            v
        }
    };
    // The closing crossing (or the free first entries) come first.
    let firsts: Vec<(u32, u32)> = if closed {
        options(m - 1).into_iter().map(|(_, n)| n).collect()
    } else {
        let a = p.tiles[0];
        let mut v = Vec::new();
        for y in a.r0..a.r0 + a.h {
            for x in a.c0..a.c0 + a.w {
                if colour((y, x)) == p.entry[0] && !is_hole(y, x) {
                    v.push((y, x));
                }
            }
        }
        v
    };
    let closing = if closed { options(m - 1) } else { Vec::new() };
    let mut failures = 0usize;
    let mut worst: (usize, Rect) = (0, p.tiles[0]);
    let mut fails_at = vec![0u32; m];
    for (f, &first) in firsts.iter().enumerate() {
        let last_exit = closed.then(|| closing[f].0);
        let mut entry = vec![(0u32, 0u32); m];
        let mut next = vec![0usize; m];
        let mut paths: Vec<Option<Arc<Vec<u32>>>> = vec![None; m];
        let mut opts: Vec<Vec<Crossing>> = vec![Vec::new(); m];
        entry[0] = first;
        let mut k = 0usize;
        opts[0] = options(0);
        loop {
            let r = p.tiles[k];
            let hs = holes_of(k);
            let mut advanced = false;
            if k + 1 == m && closed {
                if next[k] == 0 {
                    next[k] = 1;
                    let e = last_exit.expect("closed");
                    if e != entry[k] {
                        if let Some(path) =
                            tile_path(r, &hs, local(&r, entry[k]), local(&r, e), seed)
                        {
                            paths[k] = Some(path);
                            advanced = true;
                        }
                    }
                }
            } else {
                while next[k] < opts[k].len() {
                    let (e, n) = opts[k][next[k]];
                    next[k] += 1;
                    if e == entry[k] && r.h * r.w - hs.len() as u32 > 1 {
                        continue;
                    }
                    if k + 2 == m && closed && Some(n) == last_exit {
                        continue;
                    }
                    if let Some(path) = tile_path(r, &hs, local(&r, entry[k]), local(&r, e), seed) {
                        paths[k] = Some(path);
                        if k + 1 < m {
                            entry[k + 1] = n;
                        }
                        advanced = true;
                        break;
                    }
                }
            }
            if advanced {
                if k + 1 == m {
                    return Walk::Done(paths.into_iter().map(|p| p.expect("walked")).collect());
                }
                k += 1;
                next[k] = 0;
                opts[k] = options(k);
                continue;
            }
            failures += 1;
            fails_at[k] += 1;
            if fails_at[k] as usize > worst.0 {
                worst = (fails_at[k] as usize, r);
            }
            if failures > FAILURES {
                return Walk::Stuck(worst.1);
            }
            if k == 0 {
                break;
            }
            k -= 1;
        }
    }
    Walk::Stuck(worst.1)
}
