//! Animation: a picture played step by step, as GIF, animated PNG or numbered stills.
//!
//! Moves are grouped into frames so that a long tour stays within a few hundred frames; the
//! last frame is the still drawing itself, held for a moment.

use std::borrow::Cow;
use std::collections::HashMap;

use resvg::tiny_skia::Pixmap;
use thiserror::Error;

use super::paint::{self, Painter};
use super::picture::{Cap, Item, Outline, Paint, Picture, Shape};
use super::raster::{self, Raster, RasterError};
use super::theme::Join;

/// Frames per second when none is asked for.
pub(crate) const DEFAULT_FPS: f64 = 12.0;

/// Most frames made when no `--duration` says otherwise: 24 s at the default rate.
pub(crate) const DEFAULT_MAX_FRAMES: u32 = 288;

/// Most frames ever made.
pub(crate) const MAX_FRAMES: u32 = 10_000;

/// Bytes a pixel an animation holds at once: the kept canvas, the frame painted over it, the
/// frame before (to find what changed), the still at the end, and the changed rectangle's
/// pixels and flags (the whole first frame: 9 bytes), with room to spare.
pub(crate) const BYTES_PER_PIXEL: u64 = 24;

/// Most memory the frame buffers of an animation may take (the rest of a 4 GB machine is
/// left to the tour, the picture and the encoded file).
pub(crate) const MAX_BUFFER_BYTES: u64 = 2 << 30;

/// Most pixel-frames an animation may paint: each frame copies the canvas, paints, compares
/// with the frame before and encodes what changed, measured at about 5 ns a pixel on this
/// project's machine, so this is some ten seconds of work.
pub(crate) const MAX_PIXEL_FRAMES: u64 = 2_000_000_000;

/// How many times a pixel-frame of numbered stills costs one of GIF or APNG: each still is a
/// whole PNG to compress (measured: about 28 ns a pixel against 5).
pub(crate) const STILL_WEIGHT: u64 = 5;

/// Refuses an animation of `frames` frames at `raster` before any pixel is painted when its
/// frame buffers or its painting are over the limits, saying what size would fit; `stills`
/// when every frame is written whole (`--frames`).
pub(crate) fn check_cost(raster: Raster, frames: usize, stills: bool) -> Result<(), RasterError> {
    let px = raster.width as u64 * raster.height as u64;
    let weight = if stills { STILL_WEIGHT } else { 1 };
    let bytes = px.saturating_mul(BYTES_PER_PIXEL);
    let work = px.saturating_mul(frames as u64).saturating_mul(weight);
    if bytes <= MAX_BUFFER_BYTES && work <= MAX_PIXEL_FRAMES {
        return Ok(());
    }
    // The largest scale that fits both limits, as a width in pixels.
    let fit_px = (MAX_BUFFER_BYTES / BYTES_PER_PIXEL)
        .min(MAX_PIXEL_FRAMES / (frames.max(1) as u64 * weight));
    let k = (fit_px as f64 / px as f64).sqrt();
    let width = ((raster.width as f64 * k).floor() as u64).max(1);
    let hint = if work > MAX_PIXEL_FRAMES {
        format!("use --width {width} or less, or fewer frames (--duration and --fps)")
    } else {
        format!("use --width {width} or less")
    };
    let human = |x: f64| crate::board::human_bytes(x);
    let count = |x: u64| format!("{:.1e}", x as f64);
    Err(RasterError::Animation(format!(
        "the animation would be {frames} frames of {}x{} pixels: about {} of frame buffers and {} pixel-frames of work, over the limits of {} and {}; hint: {hint}",
        raster.width,
        raster.height,
        human(bytes as f64),
        count(work),
        human(MAX_BUFFER_BYTES as f64),
        count(MAX_PIXEL_FRAMES),
    )))
}

/// Seconds the last frame is held by default.
pub(crate) const DEFAULT_HOLD: f64 = 2.0;

/// Timing settings out of range.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum TimingError {
    /// `--fps` out of range.
    #[error("{0} frames per second is out of range (0.5 to 100)")]
    Fps(f64),
    /// `--duration` out of range.
    #[error("a duration of {0} s is out of range (0.1 to 3600)")]
    Duration(f64),
    /// `--hold` out of range.
    #[error("a hold of {0} s is out of range (0 to 600)")]
    Hold(f64),
    /// Too many frames.
    #[error("{frames} frames is over the limit of {limit}")]
    Frames {
        /// Frames asked for.
        frames: u64,
        /// The limit.
        limit: u32,
    },
}

/// When each step is shown.
#[derive(Debug, Clone, PartialEq)]
pub struct Timing {
    /// Frames per second.
    pub fps: f64,
    /// Seconds the last frame stays.
    pub hold: f64,
    /// The step shown complete by each frame: 0 first, the picture's last step at the end.
    bounds: Vec<u32>,
}

impl Timing {
    /// Frames for `steps` steps at `fps`, lasting `duration` seconds (default: one step a
    /// frame, up to 288 frames), then held `hold` seconds.
    pub fn new(
        steps: u32,
        fps: f64,
        duration: Option<f64>,
        hold: f64,
    ) -> Result<Timing, TimingError> {
        if !(0.5..=100.0).contains(&fps) {
            return Err(TimingError::Fps(fps));
        }
        if !(0.0..=600.0).contains(&hold) {
            return Err(TimingError::Hold(hold));
        }
        let frames = match duration {
            Some(d) if !(0.1..=3600.0).contains(&d) => return Err(TimingError::Duration(d)),
            Some(d) => {
                let f = (d * fps).round().max(1.0) as u64;
                if f > MAX_FRAMES as u64 {
                    return Err(TimingError::Frames {
                        frames: f,
                        limit: MAX_FRAMES,
                    });
                }
                (f as u32).min(steps)
            }
            None => steps.min(DEFAULT_MAX_FRAMES),
        };
        let bounds = (0..=frames as u64)
            .map(|f| {
                if frames == 0 {
                    steps
                } else {
                    (f * steps as u64).div_ceil(frames as u64) as u32
                }
            })
            .collect();
        Ok(Timing { fps, hold, bounds })
    }

    /// The step shown complete by each frame.
    pub fn frames(&self) -> &[u32] {
        &self.bounds
    }

    /// The first frame that shows `step`.
    pub fn frame_of(&self, step: u32) -> usize {
        self.bounds.partition_point(|&b| b < step)
    }

    /// Seconds from the start to the frame that shows `step`.
    pub fn time_of(&self, step: u32) -> f64 {
        self.frame_of(step) as f64 / self.fps
    }

    /// The last step of the frame that shows `step`.
    pub fn frame_end(&self, step: u32) -> u32 {
        self.bounds[self.frame_of(step).min(self.bounds.len() - 1)]
    }

    /// Seconds per frame.
    pub fn frame_time(&self) -> f64 {
        1.0 / self.fps
    }

    /// Each frame's display time in hundredths of a second, the last with the hold; rounded
    /// so that the total does not drift.
    pub fn delays_cs(&self) -> Vec<u16> {
        let n = self.bounds.len();
        let at = |f: usize| (f as f64 * 100.0 / self.fps).round() as i64;
        (0..n)
            .map(|f| {
                let mut d = at(f + 1) - at(f);
                if f + 1 == n {
                    d += (self.hold * 100.0).round() as i64;
                }
                d.clamp(1, u16::MAX as i64) as u16
            })
            .collect()
    }
}

/// Paints every frame of `pic` in order and hands each to `each`: the frame number, the step
/// it shows, and its pixels. The last frame is the still drawing; earlier ones add each
/// frame's moves to a kept canvas and paint the markers on top.
pub(crate) fn frames(
    pic: &Picture,
    raster: Raster,
    timing: &Timing,
    mut each: impl FnMut(usize, u32, &Pixmap) -> Result<(), RasterError>,
) -> Result<(), RasterError> {
    let painter = Painter::new(pic, raster.scale);
    let items = &pic.items;
    // Items that never change form the base; those after the last growing line or stamps
    // are painted fresh on every frame, so that markers stay on top.
    let base_end = items
        .iter()
        .position(|it| it.moves())
        .unwrap_or(items.len());
    let top = items
        .iter()
        .rposition(|it| it.moves() && !matches!(it.shape, Shape::Outline(_)))
        .map_or(base_end, |i| i + 1)
        .max(base_end);
    let mut canvas = paint::blank(pic, raster)?;
    for k in 0..base_end {
        painter.item(&mut canvas, k, None, u32::MAX);
    }
    let bounds = timing.frames();
    let mut prev = None;
    for (f, &step) in bounds.iter().enumerate() {
        if f + 1 == bounds.len() {
            let still = paint::pixmap(pic, raster)?;
            return each(f, step, &still);
        }
        for k in base_end..top {
            painter.item(&mut canvas, k, prev, step);
        }
        let mut frame = canvas.clone();
        for k in top..items.len() {
            painter.item(&mut frame, k, None, step);
        }
        // The ring moves on, which a clear page could not show in a GIF: marked on pages only.
        if let (Some(h), Some(_)) = (&pic.head, pic.background) {
            if let Some(&(x, y)) = h.track.get(step as usize % h.track.len().max(1)) {
                let mut ring = Outline::new();
                ring.circle(x, y, h.radius);
                let item = Item::new(
                    Shape::Outline(ring),
                    Paint::Stroke {
                        colour: h.colour,
                        width: h.width,
                        join: Join::Round,
                        cap: Cap::Round,
                    },
                );
                paint::item(&mut frame, &item, raster.scale);
            }
        }
        each(f, step, &frame)?;
        prev = Some(step);
    }
    Ok(())
}

/// Up to 256 colours for a whole animation: those of the last frame, most used first.
struct Quantiser {
    palette: Vec<[u8; 4]>,
    index: HashMap<u32, u8>,
}

impl Quantiser {
    fn new(still: &Pixmap, most: usize) -> Quantiser {
        let mut counts: HashMap<u32, u64> = HashMap::new();
        for p in still.pixels() {
            *counts.entry(key(*p)).or_insert(0) += 1;
        }
        let mut by_use: Vec<(u32, u64)> = counts.into_iter().collect();
        // Most used first; ties by colour, so the palette does not depend on hash order.
        by_use.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        by_use.truncate(most);
        let palette: Vec<[u8; 4]> = by_use.iter().map(|&(k, _)| k.to_be_bytes()).collect();
        let index = palette
            .iter()
            .enumerate()
            .map(|(i, c)| (u32::from_be_bytes(*c), i as u8))
            .collect();
        Quantiser { palette, index }
    }

    /// The palette index of a colour: exact, or the nearest.
    fn of(&mut self, c: u32) -> u8 {
        if let Some(&i) = self.index.get(&c) {
            return i;
        }
        let [r, g, b, a] = c.to_be_bytes();
        let dist = |p: &[u8; 4]| {
            let d = |x: u8, y: u8| (x as i32 - y as i32).pow(2);
            d(r, p[0]) + d(g, p[1]) + d(b, p[2]) + d(a, p[3])
        };
        let best = (0..self.palette.len())
            .min_by_key(|&i| dist(&self.palette[i]))
            .unwrap_or(0) as u8;
        self.index.insert(c, best);
        best
    }
}

/// A pixel as straight (not premultiplied) RGBA packed big-endian.
fn key(p: resvg::tiny_skia::PremultipliedColorU8) -> u32 {
    let c = p.demultiply();
    u32::from_be_bytes([c.red(), c.green(), c.blue(), c.alpha()])
}

/// The smallest rectangle (x, y, w, h) holding every pixel that differs, or `None`.
fn changed(a: &Pixmap, b: &Pixmap) -> Option<Rect> {
    let w = a.width() as usize;
    let (pa, pb) = (a.pixels(), b.pixels());
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (ra, rb)) in pa.chunks(w).zip(pb.chunks(w)).enumerate() {
        if ra == rb {
            continue;
        }
        let first = ra.iter().zip(rb).position(|(p, q)| p != q).unwrap_or(0);
        let last = w
            - 1
            - ra.iter()
                .rev()
                .zip(rb.iter().rev())
                .position(|(p, q)| p != q)
                .unwrap_or(0);
        x0 = x0.min(first);
        x1 = x1.max(last);
        y0 = y0.min(y);
        y1 = y;
    }
    (x0 != usize::MAX).then(|| {
        (
            x0 as u32,
            y0 as u32,
            (x1 - x0 + 1) as u32,
            (y1 - y0 + 1) as u32,
        )
    })
}

/// The pixels of a rectangle, straight RGBA.
fn crop(p: &Pixmap, (x, y, w, h): Rect) -> Vec<u32> {
    let pw = p.width() as usize;
    let px = p.pixels();
    let mut out = Vec::with_capacity((w * h) as usize);
    for row in y as usize..(y + h) as usize {
        out.extend(
            px[row * pw + x as usize..row * pw + (x + w) as usize]
                .iter()
                .map(|&c| key(c)),
        );
    }
    out
}

/// A rectangle of pixels: x, y, width, height.
type Rect = (u32, u32, u32, u32);

/// Paints every frame and hands each to `each` as the rectangle that changed against the
/// frame before (the whole first frame), its pixels and which of them changed; frames are
/// encoded as they come, so only a few frames' pixels are ever held. The callers have checked
/// the cost ([`check_cost`]) before painting anything.
fn deltas(
    pic: &Picture,
    raster: Raster,
    timing: &Timing,
    mut each: impl FnMut(Rect, &[u32], &[bool]) -> Result<(), RasterError>,
) -> Result<(), RasterError> {
    let mut prev: Option<Pixmap> = None;
    frames(pic, raster, timing, |_, _, pm| {
        let rect = match &prev {
            None => (0, 0, pm.width(), pm.height()),
            // An unchanged frame still counts for its time: one pixel, redrawn as it was.
            Some(p) => changed(p, pm).unwrap_or((0, 0, 1, 1)),
        };
        let now = crop(pm, rect);
        let new = match &prev {
            None => vec![true; now.len()],
            Some(p) => crop(p, rect)
                .iter()
                .zip(&now)
                .map(|(a, b)| a != b)
                .collect(),
        };
        each(rect, &now, &new)?;
        match &mut prev {
            Some(p) => p.data_mut().copy_from_slice(pm.data()),
            None => prev = Some(pm.clone()),
        }
        Ok(())
    })
}

/// An animated GIF of the picture: one global palette from the still drawing, and each frame
/// only the rectangle that changed.
pub fn gif(pic: &Picture, raster: Raster, timing: &Timing) -> Result<Vec<u8>, RasterError> {
    if raster.width > u16::MAX as u32 || raster.height > u16::MAX as u32 {
        return Err(RasterError::Format(format!(
            "a GIF is at most 65535 pixels on a side; this one would be {}x{}",
            raster.width, raster.height
        )));
    }
    check_cost(raster, timing.frames().len(), false)?;
    // The palette comes from the last frame, the still drawing: painted first, then dropped.
    // One entry is kept back: unchanged pixels are written as it, so they show the frame
    // before and compress to almost nothing.
    let mut q = Quantiser::new(&paint::pixmap(pic, raster)?, 255);
    let keep = q.palette.len() as u8;
    let mut rgb: Vec<u8> = q.palette.iter().flat_map(|c| [c[0], c[1], c[2]]).collect();
    rgb.extend_from_slice(&[0, 0, 0]);
    // GIF palettes come in powers of two.
    let size = (q.palette.len() + 1).max(2).next_power_of_two();
    rgb.resize(size * 3, 0);
    let err = |e: gif::EncodingError| RasterError::Format(format!("cannot encode the GIF: {e}"));
    let mut out = Vec::new();
    {
        let mut enc = gif::Encoder::new(&mut out, raster.width as u16, raster.height as u16, &rgb)
            .map_err(err)?;
        enc.set_repeat(gif::Repeat::Infinite).map_err(err)?;
        let mut delays = timing.delays_cs().into_iter();
        deltas(pic, raster, timing, |(x, y, w, h), pixels, new| {
            let delay = delays.next().unwrap_or(0);
            let buffer: Vec<u8> = pixels
                .iter()
                .zip(new)
                .map(|(&c, &new)| {
                    // GIF has no partial transparency: clear pixels show what is behind.
                    if new && c & 0xff >= 128 {
                        q.of(c)
                    } else {
                        keep
                    }
                })
                .collect();
            let frame = gif::Frame {
                delay,
                dispose: gif::DisposalMethod::Keep,
                transparent: Some(keep),
                left: x as u16,
                top: y as u16,
                width: w as u16,
                height: h as u16,
                buffer: Cow::Owned(buffer),
                ..gif::Frame::default()
            };
            enc.write_frame(&frame).map_err(err)
        })?;
    }
    Ok(out)
}

/// An animated PNG (APNG) of the picture: full colour, each frame only the rectangle that
/// changed; viewers without APNG show the first frame.
pub fn apng(pic: &Picture, raster: Raster, timing: &Timing) -> Result<Vec<u8>, RasterError> {
    check_cost(raster, timing.frames().len(), false)?;
    let err = RasterError::Encode;
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, raster.width, raster.height);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Best);
    enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    raster::set_dpi(&mut enc, raster);
    enc.set_animated(timing.frames().len() as u32, 0)
        .map_err(err)?;
    let mut w = enc.write_header().map_err(err)?;
    // Unchanged pixels are written clear and blended over the frame before, unless clear
    // pixels can appear (a transparent page), where every pixel of the rectangle is written.
    let over = pic.background.is_some();
    let mut delays = timing.delays_cs().into_iter();
    deltas(pic, raster, timing, |(x, y, fw, fh), pixels, new| {
        let delay = delays.next().unwrap_or(0);
        w.set_frame_position(0, 0).map_err(err)?;
        w.set_frame_dimension(fw, fh).map_err(err)?;
        w.set_frame_position(x, y).map_err(err)?;
        w.set_frame_delay(delay, 100).map_err(err)?;
        w.set_dispose_op(png::DisposeOp::None).map_err(err)?;
        w.set_blend_op(if over {
            png::BlendOp::Over
        } else {
            png::BlendOp::Source
        })
        .map_err(err)?;
        let bytes: Vec<u8> = pixels
            .iter()
            .zip(new)
            .flat_map(|(c, &new)| {
                if new || !over {
                    c.to_be_bytes()
                } else {
                    [0; 4]
                }
            })
            .collect();
        w.write_image_data(&bytes).map_err(err)
    })?;
    w.finish().map_err(err)?;
    Ok(out)
}

/// Every frame as its own PNG, in order.
pub(crate) fn stills(
    pic: &Picture,
    raster: Raster,
    timing: &Timing,
) -> Result<Vec<Vec<u8>>, RasterError> {
    check_cost(raster, timing.frames().len(), true)?;
    let mut out = Vec::new();
    frames(pic, raster, timing, |_, _, pm| {
        out.push(raster::encode(pm, raster)?);
        Ok(())
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_group_moves_and_hold_the_end() {
        let t = Timing::new(63, 12.0, None, 2.0).unwrap();
        assert_eq!(t.frames().len(), 64);
        assert_eq!(t.frames()[0], 0);
        assert_eq!(*t.frames().last().unwrap(), 63);
        let long = Timing::new(1156, 12.0, None, 2.0).unwrap();
        assert_eq!(long.frames().len() as u32, DEFAULT_MAX_FRAMES + 1);
        assert!(long.frames().windows(2).all(|w| w[0] < w[1]));
        let d = long.delays_cs();
        let total: u32 = d.iter().map(|&x| x as u32).sum();
        assert_eq!(total, (289.0f64 * 100.0 / 12.0).round() as u32 + 200);
        assert_eq!(long.frame_of(0), 0);
        assert_eq!(long.frame_end(1), long.frames()[1]);
        let short = Timing::new(1156, 10.0, Some(5.0), 0.0).unwrap();
        assert_eq!(short.frames().len(), 51);
        assert!(Timing::new(10, 0.0, None, 1.0).is_err());
        assert!(Timing::new(10, 10.0, Some(1e6), 1.0).is_err());
        assert_eq!(Timing::new(0, 10.0, None, 1.0).unwrap().frames(), &[0]);
    }
}
