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

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::shaped::{self, Goal, Outcome};
use crate::board::{Board, MOVES};
use crate::shape::Shape;
use crate::tour::Tile;

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

/// Band heights, most preferred first: odd heights let odd widths flip the colour balance.
const HEIGHTS: [u32; 9] = [9, 7, 11, 8, 5, 6, 13, 10, 12];

/// Band heights summing to `n`: an even number of parts, all odd but for at most one, and no
/// cut on a row where `bad` says a hole lies too close to where the cut meets a side of the
/// board (a square there would be left with one way in or out of its tile).
fn bands(n: u32, bad: &dyn Fn(u32) -> bool) -> Option<Vec<u32>> {
    // States: bit 0 = the number of parts so far is odd, bit 1 = the even part is used.
    let after = |st: u8, h: u32| -> Option<u8> {
        let even = h % 2 == 0;
        (!even || st & 2 == 0).then_some((st ^ 1) | if even { 2 } else { 0 })
    };
    let n = n as usize;
    // ok[y]: the states at row y from which the rest can be cut (a bit per state).
    let mut ok = vec![0u8; n + 1];
    ok[n] = 0b0101;
    for y in (0..n).rev() {
        if y > 0 && bad(y as u32) {
            continue;
        }
        for st in 0..4u8 {
            let fits = HEIGHTS.iter().any(|&h| {
                let to = y + h as usize;
                to <= n && after(st, h).is_some_and(|nx| ok[to] & (1 << nx) != 0)
            });
            if fits {
                ok[y] |= 1 << st;
            }
        }
    }
    if ok[0] & 1 == 0 {
        return None;
    }
    let (mut y, mut st, mut out) = (0usize, 0u8, Vec::new());
    while y < n {
        let (h, nx) = HEIGHTS.iter().find_map(|&h| {
            let to = y + h as usize;
            let nx = after(st, h)?;
            (to <= n && ok[to] & (1 << nx) != 0).then_some((h, nx))
        })?;
        y += h as usize;
        st = nx;
        out.push(h);
    }
    Some(out)
}

/// The holes grouped by band, each band's sorted by column, with their colours.
struct Holes {
    /// Per band: (column, row) of each hole.
    by_band: Vec<Vec<(u32, u32)>>,
}

impl Holes {
    fn new(shape: &Shape, tops: &[u32]) -> Holes {
        let cols = shape.board().cols;
        let mut by_band = vec![Vec::new(); tops.len()];
        for &i in shape.holes() {
            let (r, c) = (i / cols, i % cols);
            let b = tops.partition_point(|&t| t <= r) - 1;
            by_band[b].push((c, r));
        }
        for v in &mut by_band {
            v.sort_unstable();
        }
        Holes { by_band }
    }

    /// The holes of band `b` inside `rect`, as (row, col).
    fn inside(&self, b: usize, rect: Rect) -> impl Iterator<Item = (u32, u32)> + '_ {
        let v = &self.by_band[b];
        let lo = v.partition_point(|&(c, _)| c < rect.c0);
        v[lo..]
            .iter()
            .take_while(move |&&(c, _)| c < rect.c0 + rect.w)
            .filter(move |&&(_, r)| r >= rect.r0 && r < rect.r0 + rect.h)
            .map(|&(c, r)| (r, c))
    }

    /// Whether `rect` holds a hole.
    fn any(&self, b: usize, rect: Rect) -> bool {
        self.inside(b, rect).next().is_some()
    }

    /// Whether some open square of `rect` keeps fewer than two open neighbours inside it; only
    /// squares a knight's move from a hole can have lost any.
    fn starved(&self, b: usize, rect: Rect) -> bool {
        let inside = |y: i64, x: i64| {
            y >= rect.r0 as i64
                && y < (rect.r0 + rect.h) as i64
                && x >= rect.c0 as i64
                && x < (rect.c0 + rect.w) as i64
        };
        let holes: Vec<(u32, u32)> = self.inside(b, rect).collect();
        let open = |y: i64, x: i64| inside(y, x) && !holes.contains(&(y as u32, x as u32));
        holes.iter().any(|&(hy, hx)| {
            MOVES.iter().any(|&(dy, dx)| {
                let (y, x) = (hy as i64 + dy as i64, hx as i64 + dx as i64);
                open(y, x)
                    && MOVES
                        .iter()
                        .filter(|&&(ey, ex)| open(y + ey as i64, x + ex as i64))
                        .count()
                        < 2
            })
        })
    }

    /// Open squares of colour 0 minus those of colour 1.
    fn balance(&self, b: usize, rect: Rect) -> i64 {
        let area = rect.h as i64 * rect.w as i64;
        let mut d = if area % 2 == 0 {
            0
        } else if (rect.r0 + rect.c0) % 2 == 0 {
            1
        } else {
            -1
        };
        for (r, c) in self.inside(b, rect) {
            d += if (r + c) % 2 == 0 { -1 } else { 1 };
        }
        d
    }
}

/// The state after a tile entered on colour `s`, if the tile can carry a path.
fn step(d: i64, s: u32) -> Option<u32> {
    match d {
        0 => Some(s),
        1 if s == 0 => Some(1),
        -1 if s == 1 => Some(0),
        _ => None,
    }
}

/// One band: its rows and the columns it covers, in the order the cycle crosses it.
#[derive(Clone, Copy)]
struct Band {
    index: usize,
    r0: u32,
    h: u32,
    lo: u32,
    hi: u32,
    rightward: bool,
}

impl Band {
    fn len(&self) -> u32 {
        self.hi - self.lo
    }

    /// The tile covering positions `t..t + w` counted from the band's entry side.
    fn rect(&self, t: u32, w: u32) -> Rect {
        let c0 = if self.rightward {
            self.lo + t
        } else {
            self.hi - t - w
        };
        Rect {
            r0: self.r0,
            c0,
            h: self.h,
            w,
        }
    }
}

/// Everything the plan of one band may not use: tiles where a path search failed.
type Banned = std::collections::HashSet<Rect>;

/// Whether a tile of width `w` at `t` can be placed (fits, not banned) and its state after.
fn place(band: &Band, holes: &Holes, banned: &Banned, t: u32, w: u32, s: u32) -> Option<u32> {
    if t + w > band.len() {
        return None;
    }
    let rect = band.rect(t, w);
    if !holes.any(band.index, rect) {
        return step(holes.balance(band.index, rect), s);
    }
    if banned.contains(&rect) || holes.starved(band.index, rect) {
        return None;
    }
    step(holes.balance(band.index, rect), s)
}

/// For each state at the band's end, whether it is reachable from state `s_in`.
fn relation(band: &Band, holes: &Holes, banned: &Banned, s_in: u32) -> [bool; 2] {
    let n = band.len() as usize;
    let mut reach = vec![[false; 2]; n + 1];
    reach[0][s_in as usize] = true;
    for t in 0..n {
        for s in 0..2u32 {
            if !reach[t][s as usize] {
                continue;
            }
            for w in WIDTHS {
                if let Some(s2) = place(band, holes, banned, t as u32, w, s) {
                    reach[t + w as usize][s2 as usize] = true;
                }
            }
        }
    }
    reach[n]
}

/// The band's tiles from `s_in` to `s_out`, preferred widths first.
fn cut(band: &Band, holes: &Holes, banned: &Banned, s_in: u32, s_out: u32) -> Option<Vec<Rect>> {
    let n = band.len() as usize;
    let mut back = vec![[false; 2]; n + 1];
    back[n][s_out as usize] = true;
    for t in (0..n).rev() {
        for s in 0..2u32 {
            back[t][s as usize] = WIDTHS.iter().any(|&w| {
                place(band, holes, banned, t as u32, w, s)
                    .is_some_and(|s2| back[t + w as usize][s2 as usize])
            });
        }
    }
    let (mut t, mut s) = (0usize, s_in);
    let mut out = Vec::new();
    while t < n {
        let (w, s2) = WIDTHS.iter().find_map(|&w| {
            let s2 = place(band, holes, banned, t as u32, w, s)?;
            back[t + w as usize][s2 as usize].then_some((w, s2))
        })?;
        out.push(band.rect(t as u32, w));
        t += w as usize;
        s = s2;
    }
    Some(out)
}

/// The tiles in cycle order, each with the side it is left by and its colour balance.
struct Plan {
    tiles: Vec<Rect>,
    dirs: Vec<Dir>,
    /// The colour each tile is entered on.
    entry: Vec<u32>,
    band_of: Vec<usize>,
}

/// Lays out the tiles; `first` is the colour band 0 is entered on (`None`: either), `closed`
/// asks the colour at the end to equal it.
fn plan(
    cols: u32,
    (heights, tops): (&[u32], &[u32]),
    holes: &Holes,
    banned: &Banned,
    first: Option<u32>,
    closed: bool,
) -> Option<Plan> {
    let nb = heights.len();
    // Each band's piece of the return column: balanced and with no starved square if a width
    // allows, so that holes there are stepped round.
    let column: Vec<Rect> = (1..nb)
        .rev()
        .map(|i| {
            let rect = |w| Rect {
                r0: tops[i],
                c0: 0,
                h: heights[i],
                w,
            };
            // Strictly: balanced, and no hole within reach of the cut on either side.
            let fine = |w: &u32, strict: bool| {
                let r = rect(*w);
                let d = holes.balance(i, r);
                let near = Rect {
                    c0: w - 3,
                    w: 6,
                    ..r
                };
                !banned.contains(&r)
                    && !holes.starved(i, r)
                    && (d == 0 || (!strict && d.abs() == 1))
                    && (!strict || !holes.any(i, near))
            };
            // Else the first width whose column tile and band can both be cut.
            let band_ok = |w: u32| {
                let band = Band {
                    index: i,
                    r0: tops[i],
                    h: heights[i],
                    lo: w,
                    hi: cols,
                    rightward: i % 2 == 0,
                };
                [0, 1]
                    .iter()
                    .any(|&s| relation(&band, holes, banned, s).contains(&true))
            };
            let w = W0S
                .iter()
                .find(|w| fine(w, true))
                .or_else(|| W0S.iter().find(|&&w| fine(&w, false) && band_ok(w)))
                .unwrap_or(&W0S[0]);
            rect(*w)
        })
        .collect();
    let band_list: Vec<Band> = (0..nb)
        .map(|i| Band {
            index: i,
            r0: tops[i],
            h: heights[i],
            lo: if i == 0 { 0 } else { column[nb - 1 - i].w },
            hi: cols,
            rightward: i % 2 == 0,
        })
        .collect();
    // Relations of every item along the cycle: the bands, then the return column's tiles.
    let mut rel: Vec<[[bool; 2]; 2]> = band_list
        .iter()
        .map(|b| [0, 1].map(|s| relation(b, holes, banned, s)))
        .collect();
    for (k, rect) in column.iter().enumerate() {
        let b = nb - 1 - k;
        let d = holes.balance(b, *rect);
        let ok = !banned.contains(rect) && !holes.starved(b, *rect);
        rel.push([0, 1].map(|s| {
            let mut r = [false; 2];
            if let (true, Some(s2)) = (ok, step(d, s)) {
                r[s2 as usize] = true;
            }
            r
        }));
    }
    let starts: Vec<u32> = match first {
        Some(s) => vec![s],
        None => vec![0, 1],
    };
    for s0 in starts {
        // Forward over the items with each state's predecessor.
        let mut cur = [false; 2];
        cur[s0 as usize] = true;
        let mut pred: Vec<[u8; 2]> = Vec::with_capacity(rel.len());
        for r in &rel {
            let mut next = [false; 2];
            let mut p = [u8::MAX; 2];
            for s in 0..2 {
                if !cur[s] {
                    continue;
                }
                for s2 in 0..2 {
                    if r[s][s2] && !next[s2] {
                        next[s2] = true;
                        p[s2] = s as u8;
                    }
                }
            }
            pred.push(p);
            cur = next;
        }
        let end = if closed {
            cur[s0 as usize].then_some(s0)
        } else {
            (0..2).find(|&s| cur[s as usize])
        };
        let Some(mut s) = end else { continue };
        let mut states = vec![0u32; rel.len() + 1];
        states[rel.len()] = s;
        for k in (0..rel.len()).rev() {
            s = pred[k][s as usize] as u32;
            states[k] = s;
        }
        let mut p = Plan {
            tiles: Vec::new(),
            dirs: Vec::new(),
            entry: Vec::new(),
            band_of: Vec::new(),
        };
        for (k, b) in band_list.iter().enumerate() {
            let ts = cut(b, holes, banned, states[k], states[k + 1])?;
            let mut s = states[k];
            let last = ts.len() - 1;
            for (j, rect) in ts.into_iter().enumerate() {
                p.entry.push(s);
                s = step(holes.balance(k, rect), s).expect("planned");
                p.tiles.push(rect);
                p.band_of.push(k);
                p.dirs.push(if j < last {
                    if b.rightward {
                        Dir::Right
                    } else {
                        Dir::Left
                    }
                } else if k + 1 < nb {
                    Dir::Down
                } else {
                    Dir::Left
                });
            }
        }
        for (k, rect) in column.iter().enumerate() {
            p.entry.push(states[nb + k]);
            p.tiles.push(*rect);
            p.band_of.push(nb - 1 - k);
            p.dirs.push(Dir::Up);
        }
        return Some(p);
    }
    None
}

/// A knight's move between tiles: the exit square of one and the entry of the next, as
/// (row, col).
type Crossing = ((u32, u32), (u32, u32));

/// Knight's moves from a square of `a` (the exit) to a square of `b` (the entry) across the
/// side `dir`, in a fixed order so that tiles of one size meet the same crossings.
fn crossings(a: Rect, b: Rect, dir: Dir) -> Vec<Crossing> {
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

type Key = (u32, u32, u32, u32);
type Paths = Mutex<HashMap<Key, Option<Arc<Vec<u32>>>>>;

fn cache() -> &'static Paths {
    static CACHE: OnceLock<Paths> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// A Hamiltonian path of the tile's open squares from `from` to `to` (local indices).
fn tile_path(rect: Rect, holes: &[u32], from: u32, to: u32, seed: u64) -> Option<Arc<Vec<u32>>> {
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
            };
            match shaped::search(&tile, goal) {
                Outcome::Found(p) => Some(Arc::new(p)),
                _ => None,
            }
        });
    if holes.is_empty() {
        cache().lock().expect("cache").insert(key, found.clone());
    }
    found
}

/// What the tile search does after a plan: the paths, or the tile where it failed.
enum Walk {
    Done(Vec<Arc<Vec<u32>>>),
    Stuck(Rect),
}

/// Joins the tiles of `p` by paths: depth-first over the tiles, each trying its crossings in
/// order. A cycle first fixes the crossing from the last tile into the first; a path tries the
/// first tile's free entries.
fn walk(shape: &Shape, p: &Plan, holes: &Holes, closed: bool, seed: u64) -> Walk {
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
