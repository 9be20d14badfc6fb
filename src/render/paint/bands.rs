//! Painting in horizontal bands of the pixmap, side by side on every core, and exact
//! fills of rectangles and grid lines with fractional coverage.

use resvg::tiny_skia::Pixmap;

use super::super::theme::Rgb;
use super::*;

/// A run of whole pixel rows of a pixmap: the part one thread paints.
pub(super) struct PixelRows<'a> {
    /// The rows' pixels, premultiplied RGBA.
    pub(super) data: &'a mut [u8],
    /// The pixmap's width.
    pub(super) w: usize,
    /// The first row's number.
    pub(super) top: usize,
    /// One past the last row's number.
    pub(super) bottom: usize,
}

impl PixelRows<'_> {
    /// The pixels of row `y` (counted in the whole pixmap), which the band holds.
    pub(super) fn row(&mut self, y: usize) -> &mut [u8] {
        let r = (y - self.top) * self.w * 4;
        &mut self.data[r..r + self.w * 4]
    }
}

/// Fewest pixels painted in bands on several cores: below this, starting threads costs more
/// than it saves.
#[cfg(feature = "parallel")]
pub(super) const PARALLEL_PIXELS: usize = 1 << 19;

/// Runs `paint` on bands of rows that together make up `pm`, one band a core with the
/// `parallel` feature. A painter paints each pixel of its band in the order of its shapes, as
/// it would paint the whole pixmap, so the result is the same whatever the number of bands.
pub(super) fn in_bands(pm: &mut Pixmap, paint: impl Fn(&mut PixelRows) + Sync) {
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
                    paint(&mut PixelRows {
                        data,
                        w,
                        top,
                        bottom,
                    });
                });
            return;
        }
    }
    paint(&mut PixelRows {
        data,
        w,
        top: 0,
        bottom: h,
    });
}

/// A rectangle in pixels: left, top, right, bottom.
pub(super) type Rect = (f64, f64, f64, f64);

/// The pixels from `a` to `b` along an axis of `len` pixels, each with the share of it covered.
pub(super) fn span(a: f64, b: f64, len: usize) -> impl Iterator<Item = (usize, f64)> {
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
pub(super) fn fill_exact(pm: &mut Pixmap, rects: &[Rect], colour: Rgb) {
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

/// For each of `len` pixels along an axis, the shares of it covered by the odd and by the even
/// squares of a row of `count` squares of side `cell` starting at `origin`.
pub(super) fn shares(origin: f64, cell: f64, count: u32, len: usize) -> Vec<(f32, f32)> {
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
