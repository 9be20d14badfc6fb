//! The anti-aliased line drawer for thin lines (under a pixel wide): each move walked along
//! its long axis, its coverage blended into the band it crosses, four channels at once.

use resvg::tiny_skia::Pixmap;

use super::super::theme::Rgb;
use super::*;

/// Widest stroke, in pixels, painted by [`thin_line`]. tiny-skia too paints strokes up to a
/// pixel wide as hairlines whose coverage is their width; a million of its hairlines take half
/// a second, this painter a fifth of that on one core.
pub(super) const THIN: f32 = 1.0;

/// Paints the polyline through `points` (pixels), a stroke `width` pixels wide (at most
/// [`THIN`]), one move at a time: where moves cross, both are painted, as tiny-skia paints
/// hairlines.
pub(super) fn thin_line(pm: &mut Pixmap, points: &[(f32, f32)], width: f32, colour: Rgb) {
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
pub(super) fn floor(v: f32) -> i64 {
    let i = v as i64;
    i - i64::from((i as f32) > v)
}

/// Paints the part in `band` of one move from `a` to `b` (pixels) as a line `width` pixels wide, by Xiaolin Wu's method: along the longer axis, each pixel
/// column (or row) gets the ink of the length of line over it, width x length, shared between
/// the two pixels across that a pixel-high box centred on the line overlaps. A column the move
/// only partly spans gets its part, so the moves of a polyline meet without a gap or a
/// double-painted joint.
#[inline]
pub(super) fn thin_move(band: &mut PixelRows, a: (f32, f32), b: (f32, f32), width: f32, src: Ink) {
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

/// A colour with its four channels (red, green, blue, 255) 16 bits apart, so that [`blend`]
/// works on all four at once, and its opacity, which scales the coverage it is blended with.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ink {
    pub(super) lanes: u64,
    pub(super) alpha: u32,
}

/// One in each 16-bit lane.
pub(super) const LANES: u64 = 0x0001_0001_0001_0001;
/// The low byte of each 16-bit lane.
pub(super) const LOW: u64 = 0x00FF_00FF_00FF_00FF;

impl Ink {
    pub(super) fn new(Rgb(r, g, b, alpha): Rgb) -> Ink {
        Ink {
            lanes: spread([r, g, b, 255]),
            alpha: u32::from(alpha),
        }
    }
}

/// Four bytes, 16 bits apart.
#[inline]
pub(super) fn spread(p: [u8; 4]) -> u64 {
    p.iter().rev().fold(0, |acc, &c| (acc << 16) | u64::from(c))
}

/// Blends `ink` over one premultiplied pixel with coverage `a` of 255, scaled by the ink's
/// opacity (unchanged for an opaque ink): each channel becomes (ink x a + pixel x (255 - a) +
/// 127) / 255, all four in one 64-bit word. No lane carries into the next: a lane's sum is at
/// most 255 x 255 + 127, and the division by 255 is (x + 1 + x / 256) / 256, exact below 65535.
#[inline]
pub(super) fn blend(pixel: &mut [u8], ink: Ink, a: u32) {
    let Ok(px) = <&mut [u8; 4]>::try_from(pixel) else {
        return;
    };
    let a = u64::from((a.min(255) * ink.alpha + 127) / 255);
    let x = ink.lanes * a + spread(*px) * (255 - a) + 127 * LANES;
    let q = ((x + LANES + ((x >> 8) & LOW)) >> 8) & LOW;
    *px = [q as u8, (q >> 16) as u8, (q >> 32) as u8, (q >> 48) as u8];
}
