//! A tour kept as the stretches the tile walk makes, not 4 bytes a square: the root's own
//! squares, each tile row walked once, and the tile rows that copy one moved by whole rows.
//!
//! The rewiring round blocks reads its base tour near the blocks alone and then writes the
//! tour it made once, stretch by stretch: kept whole, the base cost as much memory as that
//! tour (400 MB at 10^8 squares) and a pass to fill. Kept like this it takes a few megabytes,
//! and a place's square, a square's place and a stretch's squares are each found in a few
//! steps: a stretch is a copy of a short walk that stays in the cache.

use super::{fill_frames, leaders, root_frame, walk, Frame, Layout, Sink};
use crate::board::{Board, Splitter};

/// Places a bucket of [`Compact::bucket`] covers, as a shift.
const BUCKET: u32 = 10;

/// A stretch of the path: places `at..at + len` hold `stores[store][off..off + len]`, each
/// moved by `shift` (a whole number of rows); a tile row's stretch fills a rectangle whose
/// first row is `r0`.
#[derive(Clone, Copy, Debug)]
struct Seg {
    at: usize,
    len: usize,
    store: usize,
    off: usize,
    shift: u32,
    r0: u32,
}

/// The rectangle a walked tile row fills, and each of its squares' offset in the walk by the
/// square's place in the rectangle.
struct Rect {
    c0: u32,
    c1: u32,
    inv: Vec<u32>,
}

impl Rect {
    /// The rectangle of the squares `vals` (board squares, `split` by the board's columns),
    /// with its first row; `None` where they do not fill one exactly.
    fn of(vals: &[u32], split: &Splitter) -> Option<(Rect, u32)> {
        let (mut r0, mut r1, mut c0, mut c1) = (u32::MAX, 0, u32::MAX, 0);
        for &a in vals {
            let (r, c) = split.split(a);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r + 1), c0.min(c), c1.max(c + 1));
        }
        let w = c1.checked_sub(c0)? as usize;
        if vals.is_empty() || (r1 - r0) as usize * w != vals.len() {
            return None;
        }
        let mut inv = vec![u32::MAX; vals.len()];
        for (i, &a) in vals.iter().enumerate() {
            let (r, c) = split.split(a);
            let slot = &mut inv[(r - r0) as usize * w + (c - c0) as usize];
            if *slot != u32::MAX {
                return None;
            }
            *slot = i as u32;
        }
        Some((Rect { c0, c1, inv }, r0))
    }
}

/// The root's own squares as the walk writes them, the holes' places left out.
struct Gapped {
    places: usize,
    vals: Vec<u32>,
    /// Stretches written: first place, offset in `vals`, length.
    runs: Vec<(usize, usize, usize)>,
}

impl Sink for Gapped {
    fn run(&mut self, k: usize, len: usize) -> &mut [u32] {
        if len > 0 {
            match self.runs.last_mut() {
                Some(run) if run.0 + run.2 == k => run.2 += len,
                _ => self.runs.push((k, self.vals.len(), len)),
            }
        }
        let at = self.vals.len();
        self.vals.resize(at + len, 0);
        &mut self.vals[at..]
    }

    fn places(&self) -> usize {
        self.places
    }
}

/// A path kept as stretches: see the module's text.
pub(crate) struct Compact {
    board: Board,
    split: Splitter,
    /// The stretches, in path order, one after another from place 0.
    segs: Vec<Seg>,
    /// Store 0 holds the root's own squares, each other a walked tile row's.
    stores: Vec<Vec<u32>>,
    /// Each walked tile row's rectangle (store `k` at `k - 1`).
    rects: Vec<Rect>,
    /// The stretch holding the first place of each bucket of 2^[`BUCKET`] places.
    bucket: Vec<u32>,
    /// Each row's tile-row stretch, if one covers part of it (`u32::MAX` where none does).
    row_seg: Vec<u32>,
    /// The root's own squares with their places, by square.
    own: Vec<(u32, u32)>,
}

/// The path of [`super::generate`] (from the root frame at `start_pos` and `dir`) on `board`,
/// kept compact; `None` where the walk's holes are not tile rows filling rectangles of their
/// own, one to a row (then keep the path whole).
pub(crate) fn generate<L: Layout>(
    layout: &L,
    board: Board,
    root: (usize, usize),
    start_pos: u32,
    dir: i32,
) -> Option<Compact> {
    let n = board.area();
    let split = Splitter::new(board.cols);
    let mut own = Gapped {
        places: n,
        vals: Vec::new(),
        runs: Vec::new(),
    };
    let mut holes = Vec::new();
    walk(
        layout,
        vec![root_frame(layout, root, start_pos, dir)],
        &mut own,
        Some(&mut holes),
    );
    let leaders = leaders(&holes);
    // The holes with no leader are walked, each into a store of its own.
    let mut store_of = vec![0usize; holes.len()];
    let mut stores: Vec<Vec<u32>> = vec![Vec::new()];
    for (k, h) in holes.iter().enumerate() {
        if leaders[k].is_none() {
            store_of[k] = stores.len();
            stores.push(vec![0; h.len]);
        }
    }
    {
        let frames = holes
            .iter()
            .zip(&leaders)
            .filter(|(_, l)| l.is_none())
            .map(|(h, _)| h.frame);
        let mut jobs: Vec<(Frame, &mut [u32])> = frames
            .zip(stores[1..].iter_mut().map(|s| &mut s[..]))
            .collect();
        fill_frames(layout, &mut jobs);
    }
    let mut rects = Vec::with_capacity(stores.len() - 1);
    let mut rows0 = Vec::with_capacity(stores.len() - 1);
    for s in &stores[1..] {
        let (rect, r0) = Rect::of(s, &split)?;
        rects.push(rect);
        rows0.push(r0);
    }
    let mut segs: Vec<Seg> = own
        .runs
        .iter()
        .map(|&(at, off, len)| Seg {
            at,
            len,
            store: 0,
            off,
            shift: 0,
            r0: 0,
        })
        .collect();
    let cols = i64::from(board.cols);
    for (k, h) in holes.iter().enumerate() {
        let (store, shift, r0) = match leaders[k] {
            None => (store_of[k], 0, rows0[store_of[k] - 1]),
            Some(f) => {
                let d = i64::from(h.frame.base) - i64::from(holes[f].frame.base);
                let r0 = i64::from(rows0[store_of[f] - 1]) + d / cols;
                if d % cols != 0 {
                    return None;
                }
                let shift = h.frame.base.wrapping_sub(holes[f].frame.base);
                (store_of[f], shift, u32::try_from(r0).ok()?)
            }
        };
        segs.push(Seg {
            at: h.at,
            len: h.len,
            store,
            off: 0,
            shift,
            r0,
        });
    }
    segs.sort_unstable_by_key(|s| s.at);
    let mut end = 0;
    for s in &segs {
        if s.at != end {
            return None;
        }
        end += s.len;
    }
    if end != n {
        return None;
    }
    let mut row_seg = vec![u32::MAX; board.rows as usize];
    for (i, s) in segs.iter().enumerate().filter(|(_, s)| s.store > 0) {
        let h = s.len / (rects[s.store - 1].c1 - rects[s.store - 1].c0) as usize;
        for r in s.r0 as usize..s.r0 as usize + h {
            if *row_seg.get(r)? != u32::MAX {
                return None;
            }
            row_seg[r] = i as u32;
        }
    }
    let mut own_squares: Vec<(u32, u32)> = own
        .runs
        .iter()
        .flat_map(|&(at, off, len)| (0..len).map(move |i| (off + i, (at + i) as u32)))
        .map(|(i, p)| (own.vals[i], p))
        .collect();
    own_squares.sort_unstable();
    stores[0] = own.vals;
    let mut bucket = Vec::with_capacity((n >> BUCKET) + 1);
    let mut s = 0;
    for b in 0..n.div_ceil(1 << BUCKET) {
        let p = b << BUCKET;
        while segs[s].at + segs[s].len <= p {
            s += 1;
        }
        bucket.push(s as u32);
    }
    Some(Compact {
        board,
        split,
        segs,
        stores,
        rects,
        bucket,
        row_seg,
        own: own_squares,
    })
}

impl Compact {
    /// Places in the path.
    pub(crate) fn len(&self) -> usize {
        self.board.area()
    }

    /// The stretch holding place `p`.
    #[inline]
    fn seg_at(&self, p: usize) -> &Seg {
        let mut s = self.bucket[p >> BUCKET] as usize;
        while self.segs[s].at + self.segs[s].len <= p {
            s += 1;
        }
        &self.segs[s]
    }

    /// The square at place `p`.
    #[inline]
    pub(crate) fn at(&self, p: usize) -> u32 {
        let s = self.seg_at(p);
        self.stores[s.store][s.off + p - s.at].wrapping_add(s.shift)
    }

    /// The place of square `a` and the squares before and after it, round the ends: one
    /// look-up where `a` lies inside a tile row's stretch, as nearly every square does.
    #[inline]
    pub(crate) fn around(&self, a: u32) -> Option<(usize, [u32; 2])> {
        let (r, c) = self.split.split(a);
        let s = *self.row_seg.get(r as usize)?;
        let p = 'found: {
            if s != u32::MAX {
                let seg = &self.segs[s as usize];
                let rect = &self.rects[seg.store - 1];
                if c >= rect.c0 && c < rect.c1 {
                    let w = (rect.c1 - rect.c0) as usize;
                    let i = rect.inv[(r - seg.r0) as usize * w + (c - rect.c0) as usize] as usize;
                    if i > 0 && i + 1 < seg.len {
                        let store = &self.stores[seg.store][seg.off + i - 1..];
                        let moved = |x: u32| x.wrapping_add(seg.shift);
                        return Some((seg.at + i, [moved(store[0]), moved(store[2])]));
                    }
                    break 'found seg.at + i;
                }
            }
            let i = self.own.binary_search_by_key(&a, |&(sq, _)| sq).ok()?;
            self.own[i].1 as usize
        };
        Some((p, self.links(p)))
    }

    /// [`Compact::around`] for the squares from `a` on in one row, as many as `places`
    /// holds: their places and neighbours written to `places` and `links`; `false` where one
    /// is not found. The row's stretch and rectangle are found once (a tenth of the zone's
    /// time at 10^8 squares round 10^4 macros went to finding them square by square).
    pub(crate) fn around_run(&self, a: u32, places: &mut [u32], links: &mut [[u32; 2]]) -> bool {
        let (r, c) = self.split.split(a);
        let Some(&s) = self.row_seg.get(r as usize) else {
            return false;
        };
        let inside = (s != u32::MAX).then(|| {
            let seg = &self.segs[s as usize];
            let rect = &self.rects[seg.store - 1];
            let w = (rect.c1 - rect.c0) as usize;
            let row = &rect.inv[(r - seg.r0) as usize * w..][..w];
            (
                seg,
                rect.c0,
                row,
                &self.stores[seg.store][seg.off..seg.off + seg.len],
            )
        });
        for (k, (p, l)) in places.iter_mut().zip(links.iter_mut()).enumerate() {
            let col = c + k as u32;
            if let Some((seg, c0, row, store)) = inside {
                let i = col
                    .checked_sub(c0)
                    .and_then(|x| row.get(x as usize))
                    .map_or(0, |&i| i as usize);
                // Both neighbours in the stretch (one bounds check for the two looks).
                if let Some(near) = i.checked_sub(1).and_then(|h| store.get(h..h + 3)) {
                    *p = (seg.at + i) as u32;
                    *l = [near[0], near[2]].map(|x| x.wrapping_add(seg.shift));
                    continue;
                }
            }
            match self.around(a + k as u32) {
                Some((q, around)) => (*p, *l) = (q as u32, around),
                None => return false,
            }
        }
        true
    }

    /// The squares before and after place `p`, round the ends.
    #[inline]
    pub(crate) fn links(&self, p: usize) -> [u32; 2] {
        let s = self.seg_at(p);
        let i = p - s.at;
        if i > 0 && i + 1 < s.len {
            let store = &self.stores[s.store][s.off + i - 1..];
            return [store[0], store[2]].map(|x| x.wrapping_add(s.shift));
        }
        let n = self.len();
        [
            self.at(if p == 0 { n - 1 } else { p - 1 }),
            self.at(if p + 1 == n { 0 } else { p + 1 }),
        ]
    }

    /// Writes the `out.len()` squares from place `q` on, onwards (or with `back` backwards),
    /// round the path's ends.
    pub(crate) fn copy(&self, q: usize, out: &mut [u32], back: bool) {
        let n = self.len();
        let (mut q, mut done) = (q, 0);
        while done < out.len() {
            let s = self.seg_at(q);
            let (i, store) = (q - s.at, &self.stores[s.store][s.off..s.off + s.len]);
            let dst = &mut out[done..];
            let take = if back {
                let take = (i + 1).min(dst.len());
                for (o, &x) in dst.iter_mut().zip(store[i + 1 - take..=i].iter().rev()) {
                    *o = x.wrapping_add(s.shift);
                }
                q = if take == q + 1 { n - 1 } else { q - take };
                take
            } else {
                let take = (s.len - i).min(dst.len());
                for (o, &x) in dst.iter_mut().zip(&store[i..i + take]) {
                    *o = x.wrapping_add(s.shift);
                }
                q = if q + take == n { 0 } else { q + take };
                take
            };
            done += take;
        }
    }

    /// The whole path, written on every core where it is long.
    pub(crate) fn to_vec(&self) -> Vec<u32> {
        let mut out = vec![0u32; self.len()];
        const PART: usize = 1 << 16;
        #[cfg(feature = "parallel")]
        if out.len() >= crate::tour::PARALLEL_SQUARES {
            use rayon::prelude::*;
            out.par_chunks_mut(PART)
                .enumerate()
                .for_each(|(c, chunk)| self.copy(c * PART, chunk, false));
            return out;
        }
        for (c, chunk) in out.chunks_mut(PART).enumerate() {
            self.copy(c * PART, chunk, false);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Compact;
    use crate::board::Board;
    use crate::solve::divide;

    /// The whole path of `board` and the kept one, checked to be the same squares in the same
    /// order, with each square's place and neighbours right.
    fn kept_is_whole(board: Board) -> (Vec<u32>, Compact) {
        let whole = divide::build(board, None, None).unwrap().tour.path;
        let kept = divide::build_kept(board).unwrap();
        assert_eq!(kept.to_vec(), whole, "{board}");
        let n = whole.len();
        for (p, &a) in whole.iter().enumerate() {
            let around = [whole[(p + n - 1) % n], whole[(p + 1) % n]];
            assert_eq!(kept.around(a), Some((p, around)), "{board} {a}");
            assert_eq!(kept.links(p), around, "{board} {p}");
        }
        // A row's squares looked up at once, whole and from each third on, as one by one.
        let cols = board.cols as usize;
        for r in 0..board.rows as usize {
            for from in [0, cols / 3, 2 * cols / 3, cols - 1] {
                let a = (r * cols + from) as u32;
                let (mut places, mut links) = (vec![0; cols - from], vec![[0; 2]; cols - from]);
                assert!(kept.around_run(a, &mut places, &mut links), "{board} {a}");
                for (k, (&p, &l)) in places.iter().zip(&links).enumerate() {
                    assert_eq!(
                        kept.around(a + k as u32),
                        Some((p as usize, l)),
                        "{board} {a}+{k}"
                    );
                }
            }
        }
        (whole, kept)
    }

    #[test]
    fn every_small_board_kept_is_its_path() {
        // Every board from 5x6 to 36x36 with a closed tour, one tile column (no holes at all)
        // and odd sides among them.
        for rows in 5..=36u32 {
            for cols in 6..=36u32 {
                let board = Board::new(rows, cols).unwrap();
                if rows % 2 == 1 && cols % 2 == 1 {
                    assert!(divide::build_kept(board).is_none());
                } else {
                    kept_is_whole(board);
                }
            }
        }
    }

    #[test]
    fn a_kept_path_is_the_path() {
        // Boards large enough for holes, with tile rows of every height and odd sides, and
        // stretches copied either way round the ends.
        for (rows, cols) in [(1030, 1040), (1100, 1001), (1001, 1100), (2000, 600)] {
            let (whole, kept) = kept_is_whole(Board::new(rows, cols).unwrap());
            let n = whole.len();
            for k in 0..2000usize {
                let q = (k * 7_919_993 + k * k * 31) % n;
                let len = 1 + (k * 977) % 5000;
                let mut out = vec![0; len];
                kept.copy(q, &mut out, k % 2 == 1);
                for (j, &x) in out.iter().enumerate() {
                    let p = if k % 2 == 1 {
                        (q + n * 2 - j) % n
                    } else {
                        (q + j) % n
                    };
                    assert_eq!(x, whole[p]);
                    assert_eq!(kept.at(p), x);
                }
            }
        }
    }
}
