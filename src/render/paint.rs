//! The direct raster painter: a [`Picture`] filled and stroked by tiny-skia, with no SVG in
//! between, so memory is bounded by the pixels and a million-move line paints in a fraction of
//! a second.

use std::cell::RefCell;
use std::collections::HashMap;

use resvg::tiny_skia::{
    self as sk, FillRule, LineCap, LineJoin, PathBuilder, Pixmap, Stroke, Transform,
};

use super::picture::{Cap, Item, Outline, Paint, Picture, Seg, Shape};
use super::raster::{Raster, RasterError};
use super::theme::{Join, Rgb};

/// Longest run of line points stroked as one path: tiny-skia's stroker holds the whole outline
/// of a path, so a million moves are stroked in overlapping pieces.
const LINE_CHUNK: usize = 4096;

/// A blank pixmap of the raster's size, filled with the picture's background.
pub fn blank(pic: &Picture, raster: Raster) -> Result<Pixmap, RasterError> {
    let mut pm = Pixmap::new(raster.width, raster.height).ok_or(RasterError::TooLarge {
        width: raster.width as u64,
        height: raster.height as u64,
        bytes: crate::board::human_bytes(raster.width as f64 * raster.height as f64 * 4.0),
    })?;
    if let Some(Rgb(r, g, b, a)) = pic.background {
        pm.fill(sk::Color::from_rgba8(r, g, b, a));
    }
    Ok(pm)
}

/// The whole picture painted at the raster's scale.
pub fn pixmap(pic: &Picture, raster: Raster) -> Result<Pixmap, RasterError> {
    let mut pm = blank(pic, raster)?;
    let painter = Painter::new(pic, raster.scale);
    for k in 0..pic.items.len() {
        painter.item(&mut pm, k, None, u32::MAX);
    }
    Ok(pm)
}

/// Paints one outline item whole, outside any picture (an animation's own marks).
pub fn item(pm: &mut Pixmap, item: &Item, scale: f64) {
    if let Shape::Outline(o) = &item.shape {
        let s = scale as f32;
        if let Some(p) = path(o) {
            draw(pm, &p, &item.paint, Transform::from_scale(s, s));
        }
    }
}

/// Paints a picture's items, with the paths of its stamps built once, and each filled stamp
/// rasterized once for each quarter-pixel offset it is placed at.
pub struct Painter<'a> {
    pic: &'a Picture,
    scale: f32,
    stamps: Vec<Vec<Option<sk::Path>>>,
    /// Coverage masks by (item, stamp, quarter-pixel offsets across and down).
    masks: RefCell<HashMap<MaskKey, Option<Mask>>>,
}

/// Item, stamp, and quarter-pixel offsets across and down.
type MaskKey = (usize, u32, u8, u8);

/// Subdivisions of a pixel a filled stamp is placed on: its place is rounded to a quarter of a
/// pixel, a shift of at most an eighth, so that the thousands of copies of a digit share a few
/// masks.
const STAMP_STEPS: f64 = 4.0;

/// A stamp's coverage, one byte a pixel, and the offset of its top-left pixel from the pixel
/// the stamp's origin falls in.
struct Mask {
    x0: i64,
    y0: i64,
    w: usize,
    cov: Vec<u8>,
}

impl Mask {
    /// The coverage of `path` scaled by `scale` and moved by (fx, fy) pixels.
    fn new(path: &sk::Path, scale: f32, fx: f32, fy: f32) -> Option<Mask> {
        let b = path.bounds();
        let x0 = (b.left() * scale + fx).floor() as i64 - 1;
        let y0 = (b.top() * scale + fy).floor() as i64 - 1;
        let x1 = (b.right() * scale + fx).ceil() as i64 + 1;
        let y1 = (b.bottom() * scale + fy).ceil() as i64 + 1;
        let mut pm = Pixmap::new(u32::try_from(x1 - x0).ok()?, u32::try_from(y1 - y0).ok()?)?;
        let mut paint = sk::Paint {
            anti_alias: true,
            ..sk::Paint::default()
        };
        paint.set_color_rgba8(0, 0, 0, 255);
        let t = Transform::from_row(scale, 0.0, 0.0, scale, fx - x0 as f32, fy - y0 as f32);
        pm.fill_path(path, &paint, FillRule::Winding, t, None);
        Some(Mask {
            x0,
            y0,
            w: pm.width() as usize,
            cov: pm.data().chunks_exact(4).map(|p| p[3]).collect(),
        })
    }

    /// Blends `colour` into `pm` through the mask, placed at pixel (x, y).
    fn blit(&self, pm: &mut Pixmap, (x, y): (i64, i64), colour: Rgb) {
        let (w, h) = (i64::from(pm.width()), i64::from(pm.height()));
        let src = Ink::new(colour);
        let data = pm.data_mut();
        for (j, row) in self.cov.chunks_exact(self.w).enumerate() {
            let py = y + self.y0 + j as i64;
            if !(0..h).contains(&py) {
                continue;
            }
            for (i, &a) in row.iter().enumerate() {
                let px = x + self.x0 + i as i64;
                if a == 0 || !(0..w).contains(&px) {
                    continue;
                }
                let at = ((py * w + px) * 4) as usize;
                blend(&mut data[at..at + 4], src, u32::from(a));
            }
        }
    }
}

impl<'a> Painter<'a> {
    /// A painter of `pic` at `scale` pixels per user unit.
    pub fn new(pic: &'a Picture, scale: f64) -> Painter<'a> {
        let stamps = pic
            .items
            .iter()
            .map(|it| match &it.shape {
                Shape::Stamps { defs, .. } => defs.iter().map(path).collect(),
                _ => Vec::new(),
            })
            .collect();
        Painter {
            pic,
            scale: scale as f32,
            stamps,
            masks: RefCell::new(HashMap::new()),
        }
    }

    /// Paints the parts of item `k` that appear after step `after` (all, with `None`) and at
    /// or before step `upto`.
    pub fn item(&self, pm: &mut Pixmap, k: usize, after: Option<u32>, upto: u32) {
        let item: &Item = &self.pic.items[k];
        let shows = |step: u32| step <= upto && after.is_none_or(|a| step > a);
        let scale = Transform::from_scale(self.scale, self.scale);
        match &item.shape {
            Shape::Outline(o) => {
                if shows(item.step) && !straight_strokes(pm, o, &item.paint, self.scale) {
                    if let Some(p) = path(o) {
                        draw(pm, &p, &item.paint, scale);
                    }
                }
            }
            Shape::Checker {
                x,
                y,
                cell,
                rows,
                cols,
            } => {
                if !shows(item.step) {
                    return;
                }
                if let Paint::Fill(colour) = item.paint {
                    let s = f64::from(self.scale);
                    checker(pm, (x * s, y * s), cell * s, (*rows, *cols), colour);
                    return;
                }
                // A row of squares a path: few calls, and no outline of the whole board.
                for row in 0..*rows {
                    let mut pb = PathBuilder::new();
                    for col in (0..*cols).filter(|col| (row + col) % 2 == 1) {
                        let rect = sk::Rect::from_xywh(
                            (x + col as f64 * cell) as f32,
                            (y + row as f64 * cell) as f32,
                            *cell as f32,
                            *cell as f32,
                        );
                        if let Some(rect) = rect {
                            pb.push_rect(rect);
                        }
                    }
                    if let Some(p) = pb.finish() {
                        draw(pm, &p, &item.paint, scale);
                    }
                }
            }
            Shape::Line {
                points,
                first,
                closed,
            } => {
                let n = points.len() as u32;
                if n == 0 {
                    return;
                }
                let last = first + n - 1 + *closed as u32;
                // Steps lo..=hi of the line are new: draw from point lo to point hi.
                let lo = after.map_or(*first, |a| a.max(*first));
                let hi = upto.min(last);
                if hi <= lo {
                    return;
                }
                let whole = after.is_none() && hi == last && *closed;
                let at = |s: u32| points[((s - first) % n) as usize];
                if let Paint::Stroke { colour, width, .. } = item.paint {
                    let px = width as f32 * self.scale;
                    if px <= THIN {
                        let s = f64::from(self.scale);
                        let scaled: Vec<(f32, f32)> = (lo..=hi)
                            .map(|k| {
                                let (x, y) = at(k);
                                ((x * s) as f32, (y * s) as f32)
                            })
                            .collect();
                        thin_line(pm, &scaled, px, colour);
                        return;
                    }
                }
                let mut from = lo;
                while from < hi {
                    let to = (from + LINE_CHUNK as u32).min(hi);
                    let mut pb = PathBuilder::new();
                    // One move back into the last piece, so the join at the seam is drawn.
                    let start = if from > lo { from - 1 } else { from };
                    let (x, y) = at(start);
                    pb.move_to(x as f32, y as f32);
                    for s in start + 1..=to {
                        let (x, y) = at(s);
                        pb.line_to(x as f32, y as f32);
                    }
                    if whole && from == lo && to == hi && lo == *first {
                        pb.close();
                    }
                    if let Some(p) = pb.finish() {
                        draw(pm, &p, &item.paint, scale);
                    }
                    from = to;
                }
            }
            Shape::Stamps { uses, .. } => {
                if let Paint::Fill(colour) = item.paint {
                    let mut masks = self.masks.borrow_mut();
                    let s = f64::from(self.scale);
                    for u in uses.iter().filter(|u| shows(u.step)) {
                        let Some(Some(p)) = self.stamps[k].get(u.def as usize) else {
                            continue;
                        };
                        // The place in quarter pixels: whole pixels, and the quarters left.
                        let q = |v: f64| (v * s * STAMP_STEPS).round() as i64;
                        let (qx, qy) = (q(u.x), q(u.y));
                        let steps = STAMP_STEPS as i64;
                        let (fx, fy) = (qx.rem_euclid(steps), qy.rem_euclid(steps));
                        let mask =
                            masks
                                .entry((k, u.def, fx as u8, fy as u8))
                                .or_insert_with(|| {
                                    let f = |v: i64| (v as f64 / STAMP_STEPS) as f32;
                                    Mask::new(p, self.scale, f(fx), f(fy))
                                });
                        if let Some(mask) = mask {
                            let at = (qx.div_euclid(steps), qy.div_euclid(steps));
                            mask.blit(pm, at, colour);
                        }
                    }
                    return;
                }
                for u in uses.iter().filter(|u| shows(u.step)) {
                    if let Some(Some(p)) = self.stamps[k].get(u.def as usize) {
                        let t = Transform::from_row(
                            self.scale,
                            0.0,
                            0.0,
                            self.scale,
                            (u.x * self.scale as f64) as f32,
                            (u.y * self.scale as f64) as f32,
                        );
                        draw(pm, p, &item.paint, t);
                    }
                }
            }
        }
    }
}

/// Paints the dark squares of a checkerboard (`row + col` odd) with its top-left corner at
/// `origin` and squares of side `cell`, all in pixels, by each pixel's exact share of dark
/// squares: the pattern is one of columns crossed with one of rows, so the shares come from a
/// table a pixel column and a table a pixel row, with no path to fill.
fn checker(pm: &mut Pixmap, origin: (f64, f64), cell: f64, (rows, cols): (u32, u32), colour: Rgb) {
    if cell <= 0.0 {
        return;
    }
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let xs = shares(origin.0, cell, cols, w);
    let ys = shares(origin.1, cell, rows, h);
    let src = Ink::new(colour);
    in_bands(pm, |band| {
        for (py, &(oy, ey)) in ys.iter().enumerate().take(band.bottom).skip(band.top) {
            if oy + ey <= 0.0 {
                continue;
            }
            for (px, &(ox, ex)) in band.row(py).chunks_exact_mut(4).zip(&xs) {
                // Dark: an odd column in an even row, or an even column in an odd row.
                // Adding a half and cutting rounds without a call to the library's `round`.
                let a = ((ox * ey + ex * oy) * 255.0 + 0.5) as u32;
                if a == 0 {
                    continue;
                }
                blend(px, src, a);
            }
        }
    });
}

/// A run of whole pixel rows of a pixmap: the part one thread paints.
struct Band<'a> {
    /// The rows' pixels, premultiplied RGBA.
    data: &'a mut [u8],
    /// The pixmap's width.
    w: usize,
    /// The first row's number.
    top: usize,
    /// One past the last row's number.
    bottom: usize,
}

impl Band<'_> {
    /// The pixels of row `y` (counted in the whole pixmap), which the band holds.
    fn row(&mut self, y: usize) -> &mut [u8] {
        let r = (y - self.top) * self.w * 4;
        &mut self.data[r..r + self.w * 4]
    }
}

/// Fewest pixels painted in bands on several cores: below this, starting threads costs more
/// than it saves.
#[cfg(feature = "parallel")]
const PARALLEL_PIXELS: usize = 1 << 19;

/// Runs `paint` on bands of rows that together make up `pm`, one band a core with the
/// `parallel` feature. A painter paints each pixel of its band in the order of its shapes, as
/// it would paint the whole pixmap, so the result is the same whatever the number of bands.
fn in_bands(pm: &mut Pixmap, paint: impl Fn(&mut Band) + Sync) {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let data = pm.data_mut();
    #[cfg(feature = "parallel")]
    {
        let threads = rayon::current_num_threads();
        if threads > 1 && w * h >= PARALLEL_PIXELS {
            use rayon::prelude::*;
            let rows = h.div_ceil(threads);
            data.par_chunks_mut(rows * w * 4)
                .enumerate()
                .for_each(|(k, data)| {
                    let top = k * rows;
                    let bottom = top + data.len() / (w * 4);
                    paint(&mut Band {
                        data,
                        w,
                        top,
                        bottom,
                    });
                });
            return;
        }
    }
    paint(&mut Band {
        data,
        w,
        top: 0,
        bottom: h,
    });
}

/// Paints a stroke made of separate level and upright segments (a grid) as rectangles, by
/// each pixel's exact coverage; returns false, painting nothing, for any other outline or
/// paint. Where a level and an upright line cross, painting one over the other covers
/// exactly their union.
fn straight_strokes(pm: &mut Pixmap, o: &Outline, paint: &Paint, scale: f32) -> bool {
    let Paint::Stroke {
        colour, width, cap, ..
    } = *paint
    else {
        return false;
    };
    let ends = match cap {
        Cap::Butt => 0.0,
        Cap::Square => width / 2.0,
        Cap::Round => return false,
    };
    let pairs = o.segs.chunks_exact(2);
    if width <= 0.0 || !pairs.remainder().is_empty() {
        return false;
    }
    let mut rects = Vec::with_capacity(o.segs.len() / 2);
    for pair in pairs {
        let [Seg::Move(x0, y0), Seg::Line(x1, y1)] = *pair else {
            return false;
        };
        let (ex, ey) = match (x0 == x1, y0 == y1) {
            (true, false) => (width / 2.0, ends),
            (false, true) => (ends, width / 2.0),
            _ => return false,
        };
        rects.push((
            x0.min(x1) - ex,
            y0.min(y1) - ey,
            x0.max(x1) + ex,
            y0.max(y1) + ey,
        ));
    }
    let s = f64::from(scale);
    let rects: Vec<Rect> = rects
        .into_iter()
        .map(|(x0, y0, x1, y1)| (x0 * s, y0 * s, x1 * s, y1 * s))
        .collect();
    fill_exact(pm, &rects, colour);
    true
}

/// A rectangle in pixels: left, top, right, bottom.
type Rect = (f64, f64, f64, f64);

/// The pixels from `a` to `b` along an axis of `len` pixels, each with the share of it covered.
fn span(a: f64, b: f64, len: usize) -> impl Iterator<Item = (usize, f64)> {
    let from = a.floor().clamp(0.0, len as f64) as usize;
    let to = b.ceil().clamp(0.0, len as f64) as usize;
    (from..to).map(move |p| {
        let p = p as f64;
        (p as usize, (b.min(p + 1.0) - a.max(p)).max(0.0))
    })
}

/// Blends `colour` over each of `rects`, in pixels and in order, each pixel by the
/// share of it a rectangle covers. The pixmap is painted a row at a time, with the rectangles
/// that cross the row in their order: a pixel under several is blended as by painting them one
/// after another, but memory is walked once, in order, where a thousand upright lines painted
/// one by one miss the cache at every pixel.
fn fill_exact(pm: &mut Pixmap, rects: &[Rect], colour: Rgb) {
    let (w, h) = (pm.width() as usize, pm.height() as usize);
    let rows = |&(_, y0, _, y1): &Rect| {
        let clamp = |v: f64| v.clamp(0.0, h as f64) as usize;
        (clamp(y0.floor()), clamp(y1.ceil()))
    };
    // The rectangles by their first row; each joins the painted ones at that row.
    let mut starting: Vec<usize> = (0..rects.len())
        .filter(|&i| {
            let (from, to) = rows(&rects[i]);
            from < to
        })
        .collect();
    starting.sort_by_key(|&i| rows(&rects[i]).0);
    let src = Ink::new(colour);
    in_bands(pm, |band| {
        let mut next = 0;
        // The rectangles crossing the current row, in their order, with their pixel columns.
        let mut active: Vec<(usize, Vec<(usize, f64)>)> = Vec::new();
        let mut py = band.top;
        while py < band.bottom {
            active.retain(|&(i, _)| rows(&rects[i]).1 > py);
            if active.is_empty() {
                match starting.get(next) {
                    Some(&i) => py = py.max(rows(&rects[i]).0),
                    None => break,
                }
                if py >= band.bottom {
                    break;
                }
            }
            while let Some(&i) = starting.get(next).filter(|&&i| rows(&rects[i]).0 <= py) {
                next += 1;
                // Rectangles that ended above the band are passed over.
                if rows(&rects[i]).1 > py {
                    let (x0, _, x1, _) = rects[i];
                    let at = active.partition_point(|&(j, _)| j < i);
                    active.insert(at, (i, span(x0, x1, w).collect()));
                }
            }
            let line = band.row(py);
            let (top, bottom) = (py as f64, py as f64 + 1.0);
            for (i, xs) in &active {
                let (_, y0, _, y1) = rects[*i];
                let cy = (y1.min(bottom) - y0.max(top)).max(0.0) * 255.0;
                for &(px, cx) in xs {
                    // Adding a half and cutting rounds without a call to the library's `round`.
                    blend(&mut line[px * 4..px * 4 + 4], src, (cx * cy + 0.5) as u32);
                }
            }
            py += 1;
        }
    });
}

/// Widest stroke, in pixels, painted by [`thin_line`]. tiny-skia too paints strokes up to a
/// pixel wide as hairlines whose coverage is their width; a million of its hairlines take half
/// a second, this painter a fifth of that on one core.
const THIN: f32 = 1.0;

/// Paints the polyline through `points` (pixels), a stroke `width` pixels wide (at most
/// [`THIN`]), one move at a time: where moves cross, both are painted, as tiny-skia paints
/// hairlines.
fn thin_line(pm: &mut Pixmap, points: &[(f32, f32)], width: f32, colour: Rgb) {
    let src = Ink::new(colour);
    in_bands(pm, |band| {
        for m in points.windows(2) {
            thin_move(band, m[0], m[1], width, src);
        }
    });
}

/// The largest whole number at most `v` (for |v| < 2^31), without a call to the library's
/// `floor`, which baseline x86-64 has no instruction for.
#[inline]
fn floor(v: f32) -> i64 {
    let i = v as i64;
    i - i64::from((i as f32) > v)
}

/// Paints the part in `band` of one move from `a` to `b` (pixels) as a line `width` pixels wide, by Xiaolin Wu's method: along the longer axis, each pixel
/// column (or row) gets the ink of the length of line over it, width x length, shared between
/// the two pixels across that a pixel-high box centred on the line overlaps. A column the move
/// only partly spans gets its part, so the moves of a polyline meet without a gap or a
/// double-painted joint.
#[inline]
fn thin_move(band: &mut Band, a: (f32, f32), b: (f32, f32), width: f32, src: Ink) {
    let (top, bottom) = (band.top as f32, band.bottom as f32);
    // The box reaches half a pixel past the line's rows, and rounding a little further.
    if a.1.max(b.1) < top - 1.0 || a.1.min(b.1) > bottom + 1.0 {
        return;
    }
    let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
    // (along, across): x and y, or y and x for a steep move.
    let (mut p, mut q) = if steep {
        ((a.1, a.0), (b.1, b.0))
    } else {
        (a, b)
    };
    if p.0 > q.0 {
        std::mem::swap(&mut p, &mut q);
    }
    let len = q.0 - p.0;
    // Also false for a move of no length, and for one that is not a number.
    if len.partial_cmp(&0.0) != Some(std::cmp::Ordering::Greater) {
        return;
    }
    let w = band.w;
    // The columns (or rows) along, and the rows (or columns) across, that may be painted.
    let (along, across) = if steep {
        ((band.top as i64, band.bottom as i64), (0, w as i64))
    } else {
        ((0, w as i64), (band.top as i64, band.bottom as i64))
    };
    let slope = (q.1 - p.1) / len;
    // Ink a pixel of length along the longer axis, in 255ths.
    let ink = width * (1.0 + slope * slope).sqrt() * 255.0;
    let from = floor(p.0).max(along.0);
    let to = (floor(q.0) + 1).min(along.1);
    let mut put = |c: i64, r: i64, cov: f32| {
        // No test of `cov`: a coverage of nothing blends to the pixel unchanged, and a branch
        // on it is mispredicted half the time.
        if r < across.0 || r >= across.1 {
            return;
        }
        let (x, y) = if steep { (r, c) } else { (c, r) };
        let at = ((y as usize - band.top) * w + x as usize) * 4;
        blend(
            &mut band.data[at..at + 4],
            src,
            (cov + 0.5).min(255.0) as u32,
        );
    };
    for c in from..to {
        let lo = p.0.max(c as f32);
        let hi = q.0.min(c as f32 + 1.0);
        if hi <= lo {
            continue;
        }
        let mid = p.1 + slope * ((lo + hi) * 0.5 - p.0);
        let top = mid - 0.5;
        let r = floor(top);
        let f = top - r as f32;
        let cov = ink * (hi - lo);
        put(c, r, cov * (1.0 - f));
        put(c, r + 1, cov * f);
    }
}

/// For each of `len` pixels along an axis, the shares of it covered by the odd and by the even
/// squares of a row of `count` squares of side `cell` starting at `origin`.
fn shares(origin: f64, cell: f64, count: u32, len: usize) -> Vec<(f32, f32)> {
    let n = f64::from(count);
    // Lengths of the odd and of the even squares from the start to `u`.
    let upto = |u: f64| {
        let t = ((u - origin) / cell).clamp(0.0, n);
        let k = t.floor();
        let half = (k / 2.0).floor();
        let part = t - k;
        if k % 2.0 == 1.0 {
            (cell * (half + part), cell * (half + 1.0))
        } else {
            (cell * half, cell * (half + part))
        }
    };
    let mut last = upto(0.0);
    (0..len)
        .map(|p| {
            let next = upto(p as f64 + 1.0);
            let d = ((next.0 - last.0) as f32, (next.1 - last.1) as f32);
            last = next;
            d
        })
        .collect()
}

/// A colour with its four channels (red, green, blue, 255) 16 bits apart, so that [`blend`]
/// works on all four at once, and its opacity, which scales the coverage it is blended with.
#[derive(Debug, Clone, Copy)]
struct Ink {
    lanes: u64,
    alpha: u32,
}

/// One in each 16-bit lane.
const LANES: u64 = 0x0001_0001_0001_0001;
/// The low byte of each 16-bit lane.
const LOW: u64 = 0x00FF_00FF_00FF_00FF;

impl Ink {
    fn new(Rgb(r, g, b, alpha): Rgb) -> Ink {
        Ink {
            lanes: spread([r, g, b, 255]),
            alpha: u32::from(alpha),
        }
    }
}

/// Four bytes, 16 bits apart.
#[inline]
fn spread(p: [u8; 4]) -> u64 {
    p.iter().rev().fold(0, |acc, &c| (acc << 16) | u64::from(c))
}

/// Blends `ink` over one premultiplied pixel with coverage `a` of 255, scaled by the ink's
/// opacity (unchanged for an opaque ink): each channel becomes (ink x a + pixel x (255 - a) +
/// 127) / 255, all four in one 64-bit word. No lane carries into the next: a lane's sum is at
/// most 255 x 255 + 127, and the division by 255 is (x + 1 + x / 256) / 256, exact below 65535.
#[inline]
fn blend(pixel: &mut [u8], ink: Ink, a: u32) {
    let Ok(px) = <&mut [u8; 4]>::try_from(pixel) else {
        return;
    };
    let a = u64::from((a.min(255) * ink.alpha + 127) / 255);
    let x = ink.lanes * a + spread(*px) * (255 - a) + 127 * LANES;
    let q = ((x + LANES + ((x >> 8) & LOW)) >> 8) & LOW;
    *px = [q as u8, (q >> 16) as u8, (q >> 32) as u8, (q >> 48) as u8];
}

fn draw(pm: &mut Pixmap, p: &sk::Path, paint: &Paint, t: Transform) {
    let mut sp = sk::Paint {
        anti_alias: true,
        ..sk::Paint::default()
    };
    match *paint {
        Paint::Fill(Rgb(r, g, b, a)) => {
            sp.set_color_rgba8(r, g, b, a);
            pm.fill_path(p, &sp, FillRule::Winding, t, None);
        }
        Paint::Stroke {
            colour: Rgb(r, g, b, a),
            width,
            join,
            cap,
        } => {
            if width <= 0.0 {
                return;
            }
            sp.set_color_rgba8(r, g, b, a);
            let stroke = Stroke {
                width: width as f32,
                line_join: match join {
                    Join::Round => LineJoin::Round,
                    Join::Miter => LineJoin::Miter,
                    Join::Bevel => LineJoin::Bevel,
                },
                line_cap: match cap {
                    Cap::Butt => LineCap::Butt,
                    Cap::Round => LineCap::Round,
                    Cap::Square => LineCap::Square,
                },
                ..Stroke::default()
            };
            pm.stroke_path(p, &sp, &stroke, t, None);
        }
    }
}

/// An outline as a tiny-skia path (`None` when empty).
fn path(o: &Outline) -> Option<sk::Path> {
    let mut pb = PathBuilder::new();
    for s in &o.segs {
        match *s {
            Seg::Move(x, y) => pb.move_to(x as f32, y as f32),
            Seg::Line(x, y) => pb.line_to(x as f32, y as f32),
            Seg::Quad(a, b, x, y) => pb.quad_to(a as f32, b as f32, x as f32, y as f32),
            Seg::Cubic(a, b, c, d, x, y) => {
                pb.cubic_to(a as f32, b as f32, c as f32, d as f32, x as f32, y as f32)
            }
            Seg::Close => pb.close(),
            Seg::Circle(x, y, r) => pb.push_circle(x as f32, y as f32, r as f32),
        }
    }
    pb.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_translucent_ink_blends_by_its_opacity_times_the_coverage() {
        for alpha in [0u8, 1, 64, 128, 254] {
            for a in [0u32, 1, 100, 255] {
                let mut px = [200, 100, 50, 255];
                blend(&mut px, Ink::new(Rgb(10, 20, 30, alpha)), a);
                let eff = (a * u32::from(alpha) + 127) / 255;
                let want = [(10, 200), (20, 100), (30, 50), (255, 255)]
                    .map(|(s, d)| ((s * eff + d * (255 - eff) + 127) / 255) as u8);
                assert_eq!(px, want, "alpha {alpha} coverage {a}");
            }
        }
        // Over a clear pixel, a half-opaque ink leaves a half-opaque premultiplied pixel.
        let mut px = [0, 0, 0, 0];
        blend(&mut px, Ink::new(Rgb(255, 0, 0, 128)), 255);
        assert_eq!(px, [128, 0, 0, 128]);
    }

    #[test]
    fn blend_is_exact_on_every_channel() {
        // Every coverage over every pixel value, for inks that put 0, 255 and odd values in
        // every lane, against the division done channel by channel.
        for ink in [[0, 0, 0], [255, 255, 255], [13, 200, 97], [254, 1, 128]] {
            let [r, g, b] = ink;
            for a in 0..=255u32 {
                for d in 0..=255u8 {
                    let before = [d, d.wrapping_mul(7), d ^ 0x5a, d];
                    let mut px = before;
                    blend(&mut px, Ink::new(Rgb(r, g, b, 255)), a);
                    for c in 0..4 {
                        let s = u32::from([r, g, b, 255][c]);
                        let want = (s * a + u32::from(before[c]) * (255 - a) + 127) / 255;
                        assert_eq!(u32::from(px[c]), want, "ink {ink:?} a {a} pixel {before:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn straight_strokes_cover_their_union() {
        // Level and upright lines crossing, at fractional places and widths: each pixel's
        // colour within rounding of the union's coverage sampled 64 x 64 times.
        let lines = [
            (2.3, 3.1, 25.7, 3.1),
            (4.45, 1.2, 4.45, 21.9),
            (1.0, 15.62, 26.0, 15.62),
        ];
        let segs: Vec<Seg> = lines
            .iter()
            .flat_map(|&(a, b, c, d)| [Seg::Move(a, b), Seg::Line(c, d)])
            .collect();
        let outline = Outline { segs };
        let scale = 1.7;
        for (width, cap, ends) in [(0.3, Cap::Square, 0.15), (1.3, Cap::Butt, 0.0)] {
            let paint = Paint::Stroke {
                colour: Rgb(0, 0, 0, 255),
                width,
                join: Join::Miter,
                cap,
            };
            let (w, h) = (48u32, 40u32);
            let mut pm = Pixmap::new(w, h).unwrap();
            pm.fill(sk::Color::from_rgba8(255, 255, 255, 255));
            assert!(straight_strokes(&mut pm, &outline, &paint, scale as f32));
            let inside = |x: f64, y: f64| {
                lines.iter().any(|&(a, b, c, d)| {
                    let (ex, ey) = if a == c {
                        (width / 2.0, ends)
                    } else {
                        (ends, width / 2.0)
                    };
                    x >= a.min(c) - ex
                        && x < a.max(c) + ex
                        && y >= b.min(d) - ey
                        && y < b.max(d) + ey
                })
            };
            for py in 0..h {
                for px in 0..w {
                    let mut ink = 0;
                    for sy in 0..64 {
                        for sx in 0..64 {
                            let x = (f64::from(px) + (f64::from(sx) + 0.5) / 64.0) / scale;
                            let y = (f64::from(py) + (f64::from(sy) + 0.5) / 64.0) / scale;
                            ink += u32::from(inside(x, y));
                        }
                    }
                    let want = 255.0 * (1.0 - f64::from(ink) / 4096.0);
                    let got = f64::from(pm.pixel(px, py).unwrap().red());
                    assert!(
                        (got - want).abs() <= 5.0,
                        "{width}: ({px}, {py}) is {got}, not {want}"
                    );
                }
            }
        }
        // Anything else is left to the general painter.
        let mut pm = Pixmap::new(8, 8).unwrap();
        let slanted = Outline {
            segs: vec![Seg::Move(0.0, 0.0), Seg::Line(3.0, 4.0)],
        };
        let round = Paint::Stroke {
            colour: Rgb(0, 0, 0, 255),
            width: 1.0,
            join: Join::Round,
            cap: Cap::Round,
        };
        let square = Paint::Stroke {
            colour: Rgb(0, 0, 0, 255),
            width: 1.0,
            join: Join::Miter,
            cap: Cap::Square,
        };
        assert!(!straight_strokes(&mut pm, &slanted, &square, 1.0));
        let fill = Paint::Fill(Rgb(0, 0, 0, 255));
        assert!(!straight_strokes(&mut pm, &outline, &fill, 1.0));
        assert!(!straight_strokes(&mut pm, &outline, &round, 1.0));
        assert!(pm.data().iter().all(|&b| b == 0));
    }

    #[test]
    fn stamp_masks_paint_what_the_path_paints() {
        // A glyph-like shape placed at quarter-pixel offsets, off the edges too: the mask
        // blitted where the painter puts it matches the path filled there.
        let mut pb = PathBuilder::new();
        pb.move_to(0.0, 0.0);
        pb.line_to(3.0, 0.5);
        pb.line_to(1.0, 4.0);
        pb.close();
        pb.push_circle(2.0, 2.0, 0.8);
        let path = pb.finish().unwrap();
        let scale = 3.3;
        for (x, y) in [(10.25, 7.5), (3.0, 2.75), (-1.5, 20.25), (28.75, -2.0)] {
            let mut want = Pixmap::new(32, 24).unwrap();
            want.fill(sk::Color::from_rgba8(255, 255, 255, 255));
            let mut got = want.clone();
            let paint = Paint::Fill(Rgb(20, 40, 60, 255));
            draw(
                &mut want,
                &path,
                &paint,
                Transform::from_row(scale, 0.0, 0.0, scale, x, y),
            );
            let (fx, fy) = (x - x.floor(), y - y.floor());
            let mask = Mask::new(&path, scale, fx, fy).unwrap();
            mask.blit(
                &mut got,
                (x.floor() as i64, y.floor() as i64),
                Rgb(20, 40, 60, 255),
            );
            for (a, b) in want.data().iter().zip(got.data()) {
                assert!(a.abs_diff(*b) <= 2, "at ({x}, {y}): {a} against {b}");
            }
            assert!(got.pixels().iter().any(|p| p.red() < 255), "at ({x}, {y})");
        }
    }

    #[test]
    fn checker_shares_match_sampled_coverage() {
        // Fractional origins and squares, squares below a pixel, and a board cut by the edge:
        // every pixel's colour within rounding of its coverage sampled 64 x 64 times.
        let cases = [
            ((3.3, 2.7), 7.45, (5, 6)),
            ((0.0, 0.0), 8.0, (4, 4)),
            ((1.5, 0.25), 0.7, (40, 30)),
            ((-4.2, 5.9), 11.1, (6, 7)),
        ];
        for (origin, cell, (rows, cols)) in cases {
            let (w, h) = (48u32, 40u32);
            let mut pm = Pixmap::new(w, h).unwrap();
            pm.fill(sk::Color::from_rgba8(255, 255, 255, 255));
            checker(&mut pm, origin, cell, (rows, cols), Rgb(0, 0, 0, 255));
            for py in 0..h {
                for px in 0..w {
                    let mut dark = 0;
                    for sy in 0..64 {
                        for sx in 0..64 {
                            let x =
                                (f64::from(px) + (f64::from(sx) + 0.5) / 64.0 - origin.0) / cell;
                            let y =
                                (f64::from(py) + (f64::from(sy) + 0.5) / 64.0 - origin.1) / cell;
                            let inside =
                                x >= 0.0 && y >= 0.0 && x < f64::from(cols) && y < f64::from(rows);
                            if inside && (x.floor() as i64 + y.floor() as i64) % 2 == 1 {
                                dark += 1;
                            }
                        }
                    }
                    let want = 255.0 * (1.0 - f64::from(dark) / 4096.0);
                    let got = f64::from(pm.pixel(px, py).unwrap().red());
                    assert!(
                        (got - want).abs() <= 5.0,
                        "{origin:?} {cell}: ({px}, {py}) is {got}, not {want}"
                    );
                }
            }
        }
    }

    /// Moves scattered over a pixmap of `w` x `h`, from a fixed linear congruential sequence:
    /// level, upright, steep, shallow, short and off the edges.
    fn scattered_moves(count: usize, w: f32, h: f32) -> Vec<(f32, f32)> {
        let mut state = 0x2545_f491_u64;
        let mut next = |range: f32| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 40) as f32 / (1u64 << 24) as f32 * range
        };
        let mut points = vec![(next(w), next(h))];
        for k in 1..count {
            let (x, y) = points[k - 1];
            let step = match k % 5 {
                0 => (next(8.0) - 4.0, 0.0),
                1 => (0.0, next(8.0) - 4.0),
                2 => (next(6.0) - 3.0, next(40.0) - 20.0),
                3 => (next(0.6) - 0.3, next(0.6) - 0.3),
                _ => (next(60.0) - 30.0, next(8.0) - 4.0),
            };
            let wrap = |v: f32, len: f32| {
                if v < -5.0 || v > len + 5.0 {
                    len / 2.0
                } else {
                    v
                }
            };
            points.push((wrap(x + step.0, w), wrap(y + step.1, h)));
        }
        points
    }

    #[test]
    fn thin_moves_lay_down_their_ink_on_the_line() {
        // Each move alone on a clear pixmap: the coverage it lays down adds up to its width
        // times its length, and in every column (row, for steep moves) it wholly crosses, the
        // coverage is centred on the line.
        let (w, h) = (60, 50);
        let points = scattered_moves(400, w as f32, h as f32);
        let width = 0.4;
        for m in points.windows(2) {
            let (a, b) = (m[0], m[1]);
            let inside = |p: (f32, f32)| {
                p.0 >= 1.5 && p.1 >= 1.5 && p.0 <= w as f32 - 1.5 && p.1 <= h as f32 - 1.5
            };
            if !inside(a) || !inside(b) {
                continue;
            }
            let mut pm = Pixmap::new(w, h).unwrap();
            thin_line(&mut pm, &[a, b], width, Rgb(0, 0, 0, 255));
            let cov = |x: usize, y: usize| f32::from(pm.pixel(x as u32, y as u32).unwrap().alpha());
            let total: f32 = (0..h as usize)
                .flat_map(|y| (0..w as usize).map(move |x| (x, y)))
                .map(|(x, y)| cov(x, y))
                .sum();
            let length = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt();
            let want = width * length * 255.0;
            // Each pixel is rounded to a 255th: at most half of one either way.
            let touched = 2.0 * (length + 2.0);
            assert!(
                (total - want).abs() <= 0.5 * touched + 0.5,
                "{a:?} {b:?}: {total} not {want}"
            );
            let steep = (b.1 - a.1).abs() > (b.0 - a.0).abs();
            let (pa, pb) = if steep {
                ((a.1, a.0), (b.1, b.0))
            } else {
                (a, b)
            };
            let (lo, hi) = (pa.0.min(pb.0), pa.0.max(pb.0));
            let across = if steep { w } else { h } as usize;
            for c in (lo.ceil() as usize)..(hi.floor() as usize) {
                let at = |r: usize| if steep { cov(r, c) } else { cov(c, r) };
                let sum: f32 = (0..across).map(at).sum();
                let centre = (0..across).map(|r| (r as f32 + 0.5) * at(r)).sum::<f32>() / sum;
                let line = pa.1 + (pb.1 - pa.1) * (c as f32 + 0.5 - pa.0) / (pb.0 - pa.0);
                assert!(
                    (centre - line).abs() < 0.05,
                    "{a:?} {b:?} column {c}: {centre} not {line}"
                );
            }
        }
    }

    #[cfg(feature = "parallel")]
    #[test]
    fn thin_lines_and_grids_are_the_same_in_any_number_of_bands() {
        // Large enough to be painted in bands; the bands' edges fall at different rows with
        // 2, 3 and 5 threads, and moves and grid lines cross them.
        let (w, h) = (900, 700);
        let points = scattered_moves(20_000, w as f32, h as f32);
        let rects: Vec<Rect> = (0..60)
            .flat_map(|k| {
                let v = k as f64 * 11.7 + 0.3;
                [
                    (0.0, v, 900.0, v + 0.45),
                    (v * 1.3, 0.0, v * 1.3 + 0.7, 700.0),
                ]
            })
            .collect();
        let paint = || {
            let mut pm = Pixmap::new(w, h).unwrap();
            pm.fill(sk::Color::WHITE);
            fill_exact(&mut pm, &rects, Rgb(200, 30, 30, 255));
            thin_line(&mut pm, &points, 0.7, Rgb(10, 90, 200, 255));
            pm
        };
        let pool = |n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        };
        let one = pool(1).install(paint);
        for n in [2, 3, 5] {
            let many = pool(n).install(paint);
            assert!(one.data() == many.data(), "{n} threads paint differently");
        }
    }
}
