//! The glue to tiny-skia: outlines turned into its paths and stroked or filled, and straight
//! strokes drawn as exact rectangles.

use resvg::tiny_skia::{
    self as sk, FillRule, LineCap, LineJoin, PathBuilder, Pixmap, Stroke, Transform,
};

use super::super::picture::{Cap, Outline, Paint, Seg};
use super::super::theme::{Join, Rgb};
use super::*;

/// Paints a stroke made of separate level and upright segments (a grid) as rectangles, by
/// each pixel's exact coverage; returns false, painting nothing, for any other outline or
/// paint. Where a level and an upright line cross, painting one over the other covers
/// exactly their union.
pub(super) fn straight_strokes(pm: &mut Pixmap, o: &Outline, paint: &Paint, scale: f32) -> bool {
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

pub(super) fn draw(pm: &mut Pixmap, p: &sk::Path, paint: &Paint, t: Transform) {
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
pub(super) fn path(o: &Outline) -> Option<sk::Path> {
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
