//! The plan of a holey board: band heights, then each band cut into tiles by a dynamic
//! programme over its cut points so that the tiles of unbalanced colour alternate round the
//! cycle of tiles.

use super::*;
use crate::board::KNIGHT_MOVES;
use crate::shape::Shape;

/// RowBand heights, most preferred first: odd heights let odd widths flip the colour balance.
pub(super) const HEIGHTS: [u32; 9] = [9, 7, 11, 8, 5, 6, 13, 10, 12];

/// RowBand heights summing to `n`: an even number of parts, all odd but for at most one, and no
/// cut on a row where `bad` says a hole lies too close to where the cut meets a side of the
/// board (a square there would be left with one way in or out of its tile).
pub(super) fn bands(n: u32, bad: &dyn Fn(u32) -> bool) -> Option<Vec<u32>> {
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
pub(super) struct Holes {
    /// Per band: (column, row) of each hole.
    pub(super) by_band: Vec<Vec<(u32, u32)>>,
}

impl Holes {
    pub(super) fn new(shape: &Shape, tops: &[u32]) -> Holes {
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
    pub(super) fn inside(&self, b: usize, rect: Rect) -> impl Iterator<Item = (u32, u32)> + '_ {
        let v = &self.by_band[b];
        let lo = v.partition_point(|&(c, _)| c < rect.c0);
        v[lo..]
            .iter()
            .take_while(move |&&(c, _)| c < rect.c0 + rect.w)
            .filter(move |&&(_, r)| r >= rect.r0 && r < rect.r0 + rect.h)
            .map(|&(c, r)| (r, c))
    }

    /// Whether `rect` holds a hole.
    pub(super) fn any(&self, b: usize, rect: Rect) -> bool {
        self.inside(b, rect).next().is_some()
    }

    /// Whether some open square of `rect` keeps fewer than two open neighbours inside it; only
    /// squares a knight's move from a hole can have lost any.
    pub(super) fn starved(&self, b: usize, rect: Rect) -> bool {
        let inside = |y: i64, x: i64| {
            y >= rect.r0 as i64
                && y < (rect.r0 + rect.h) as i64
                && x >= rect.c0 as i64
                && x < (rect.c0 + rect.w) as i64
        };
        let holes: Vec<(u32, u32)> = self.inside(b, rect).collect();
        let open = |y: i64, x: i64| inside(y, x) && !holes.contains(&(y as u32, x as u32));
        holes.iter().any(|&(hy, hx)| {
            KNIGHT_MOVES.iter().any(|&(dy, dx)| {
                let (y, x) = (hy as i64 + dy as i64, hx as i64 + dx as i64);
                open(y, x)
                    && KNIGHT_MOVES
                        .iter()
                        .filter(|&&(ey, ex)| open(y + ey as i64, x + ex as i64))
                        .count()
                        < 2
            })
        })
    }

    /// Open squares of colour 0 minus those of colour 1.
    pub(super) fn balance(&self, b: usize, rect: Rect) -> i64 {
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
pub(super) fn step(d: i64, s: u32) -> Option<u32> {
    match d {
        0 => Some(s),
        1 if s == 0 => Some(1),
        -1 if s == 1 => Some(0),
        _ => None,
    }
}

/// One band: its rows and the columns it covers, in the order the cycle crosses it.
#[derive(Clone, Copy)]
pub(super) struct RowBand {
    pub(super) index: usize,
    pub(super) r0: u32,
    pub(super) h: u32,
    pub(super) lo: u32,
    pub(super) hi: u32,
    pub(super) rightward: bool,
}

impl RowBand {
    pub(super) fn len(&self) -> u32 {
        self.hi - self.lo
    }

    /// The tile covering positions `t..t + w` counted from the band's entry side.
    pub(super) fn rect(&self, t: u32, w: u32) -> Rect {
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
pub(super) type Banned = std::collections::HashSet<Rect>;

/// Whether a tile of width `w` at `t` can be placed (fits, not banned) and its state after.
pub(super) fn place(
    band: &RowBand,
    holes: &Holes,
    banned: &Banned,
    t: u32,
    w: u32,
    s: u32,
) -> Option<u32> {
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
pub(super) fn relation(band: &RowBand, holes: &Holes, banned: &Banned, s_in: u32) -> [bool; 2] {
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
pub(super) fn cut(
    band: &RowBand,
    holes: &Holes,
    banned: &Banned,
    s_in: u32,
    s_out: u32,
) -> Option<Vec<Rect>> {
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
pub(super) struct TileCycle {
    pub(super) tiles: Vec<Rect>,
    pub(super) dirs: Vec<Dir>,
    /// The colour each tile is entered on.
    pub(super) entry: Vec<u32>,
    pub(super) band_of: Vec<usize>,
}

/// Lays out the tiles; `first` is the colour band 0 is entered on (`None`: either), `closed`
/// asks the colour at the end to equal it.
pub(super) fn plan(
    cols: u32,
    (heights, tops): (&[u32], &[u32]),
    holes: &Holes,
    banned: &Banned,
    first: Option<u32>,
    closed: bool,
) -> Option<TileCycle> {
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
                let band = RowBand {
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
    let band_list: Vec<RowBand> = (0..nb)
        .map(|i| RowBand {
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
        let mut p = TileCycle {
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
