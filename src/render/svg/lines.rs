//! The tour's line as SVG path data: a polyline written relative, a wire's bends as curves,
//! and an animation's pieces cut at its frames.

use super::super::animate::Timing;
use super::{hundredths, line_to, push_hundredths, text};

/// A line cut at the frames' boundaries: path data and the steps it covers.
pub(super) fn line_pieces(
    points: &[(f64, f64)],
    first: u32,
    closed: bool,
    bend: f64,
    t: &Timing,
) -> Vec<(String, u32, u32)> {
    let n = points.len() as u32;
    let last = first + n.saturating_sub(1) + closed as u32;
    let mut out = Vec::new();
    let mut from = first;
    while from < last {
        let to = t.frame_end(from + 1).min(last);
        let pts: Vec<(f64, f64)> = (from..=to)
            .map(|s| points[((s - first) % n) as usize])
            .collect();
        out.push((line_data(&pts, false, bend), from, to));
        from = to;
    }
    out
}

/// Path data of a polyline, relative after the first point.
pub(super) fn line_data(points: &[(f64, f64)], closed: bool, bend: f64) -> String {
    if bend > 0.0 {
        return bent_data(points, closed, bend);
    }
    // A move is written in at most 16 bytes on boards of up to 10^4 columns at any scale.
    let mut d = Vec::with_capacity(points.len() * 16 + 16);
    // Written point by point, as `write_outline` writes a path of lines, with no outline of
    // a million 56-byte pieces built first.
    if let Some(&(x, y)) = points.first() {
        d.push(b'M');
        push_hundredths(&mut d, hundredths(x));
        d.push(b' ');
        push_hundredths(&mut d, hundredths(y));
        let mut at = (hundredths(x), hundredths(y));
        for &(x, y) in &points[1..] {
            line_to(&mut d, &mut at, x, y);
        }
        if closed {
            d.push(b'z');
        }
    }
    text(d)
}

/// A wire's path: the line with its corners cut by curves of radius `bend` (absolute
/// coordinates, in hundredths as every path here).
fn bent_data(points: &[(f64, f64)], closed: bool, bend: f64) -> String {
    let (start, pieces) = super::super::picture::bends(points, closed, bend);
    let mut d = Vec::with_capacity(points.len() * 40 + 16);
    let point = |d: &mut Vec<u8>, (x, y): (f64, f64)| {
        push_hundredths(d, hundredths(x));
        d.push(b' ');
        push_hundredths(d, hundredths(y));
    };
    d.push(b'M');
    point(&mut d, start);
    for p in pieces {
        match p {
            super::super::picture::Bend::To(x, y) => {
                d.push(b'L');
                point(&mut d, (x, y));
            }
            super::super::picture::Bend::Curve(c, to) => {
                d.push(b'Q');
                point(&mut d, c);
                d.push(b' ');
                point(&mut d, to);
            }
        }
    }
    if closed {
        d.push(b'z');
    }
    text(d)
}
