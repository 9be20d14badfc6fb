//! The direct raster painter: a [`Picture`] filled and stroked by tiny-skia, with no SVG in
//! between, so memory is bounded by the pixels and a million-move line paints in a fraction of
//! a second.

use std::cell::RefCell;
use std::collections::HashMap;

use resvg::tiny_skia::{self as sk, FillRule, PathBuilder, Pixmap, Transform};

use super::picture::{Item, Paint, Picture, Shape};
use super::raster::{Raster, RasterError};
use super::theme::Rgb;

mod bands;
mod line;
mod skia;
#[cfg(test)]
mod tests;

use bands::*;
use line::*;
use skia::*;

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
            Shape::Outline(o) | Shape::Text(super::picture::Words { outline: o, .. }) => {
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
                bend,
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
                    let close = whole && from == lo && to == hi && lo == *first;
                    if *bend > 0.0 {
                        // A wire: its corners as curves (a closed one's first corner too).
                        let pts: Vec<(f64, f64)> = (start..=to).map(at).collect();
                        let (p0, pieces) = super::picture::bends(&pts, close, *bend);
                        pb.move_to(p0.0 as f32, p0.1 as f32);
                        for p in pieces {
                            match p {
                                super::picture::Bend::To(x, y) => pb.line_to(x as f32, y as f32),
                                super::picture::Bend::Curve((cx, cy), (x, y)) => {
                                    pb.quad_to(cx as f32, cy as f32, x as f32, y as f32)
                                }
                            }
                        }
                    } else {
                        pb.move_to(x as f32, y as f32);
                        for s in start + 1..=to {
                            let (x, y) = at(s);
                            pb.line_to(x as f32, y as f32);
                        }
                    }
                    if close {
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
