//! Arrowheads on a drawn tour: one per move, placed along it and moved on where it would
//! overlap a head already placed.

use super::super::picture::{Item, Outline, Paint, Shape, Stamp};
use super::super::scene::Scene;
use super::super::theme::Rgb;
use crate::tour::Tour;

/// Where along a move its arrow's tip sits: past the middle, where crossing moves meet.
pub const ARROW_AT: f64 = 0.64;

/// Places along a move tried in turn for its arrow's tip when the head would overlap one
/// already placed: [`ARROW_AT`], then further on, then nearer the middle.
pub(super) const ARROW_PLACES: [f64; 5] = [ARROW_AT, 0.76, 0.52, 0.84, 0.44];

/// Arrow heads: one outline per move direction, placed with its tip at [`ARROW_AT`] of each
/// move (or at the first of [`ARROW_PLACES`] where it overlaps no head placed before it) and
/// sized by the line width.
pub(super) fn arrows(tour: &Tour, scene: &Scene, colour: Rgb, width: f64, moves: usize) -> Item {
    let n = tour.path.len();
    let c = scene.cell;
    let len = (4.0 * width).clamp(0.1 * c, 0.24 * c);
    // One head per direction of the tour's piece, in ascending order (the knight's eight as
    // before; a wazir's four, a king's eight, a zebra's eight).
    let directions = tour.piece().directions();
    let heads: Vec<Triangle> = directions
        .iter()
        .map(|&(dr, dc)| {
            let (dx, dy) = (dc as f64, dr as f64);
            let l = (dx * dx + dy * dy).sqrt();
            let (ux, uy) = (dx / l, dy / l);
            let (bx, by) = (-ux * len, -uy * len);
            let (px, py) = (-uy * len * 0.45, ux * len * 0.45);
            [(0.0, 0.0), (bx + px, by + py), (bx - px, by - py)]
        })
        .collect();
    let defs = heads
        .iter()
        .map(|h| {
            let mut o = Outline::new();
            o.polygon(h);
            o
        })
        .collect();
    // Heads placed so far by the square their tip is in: a head is shorter than a quarter of
    // a square, so two that overlap have their tips in neighbouring squares.
    let mut placed: std::collections::HashMap<(i64, i64), Vec<Triangle>> =
        std::collections::HashMap::new();
    let bucket = |x: f64, y: f64| ((x / c).floor() as i64, (y / c).floor() as i64);
    let mut uses = Vec::with_capacity(moves);
    for i in 0..moves {
        let a = tour.board.square(tour.path[i]);
        let b = tour.board.square(tour.path[(i + 1) % n]);
        let (dr, dc) = (b.row as i32 - a.row as i32, b.col as i32 - a.col as i32);
        let Some(def) = directions.iter().position(|&d| d == (dr, dc)) else {
            continue;
        };
        let (x0, y0) = scene.centre(a.row, a.col);
        let (x1, y1) = scene.centre(b.row, b.col);
        let at = |t: f64| (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
        let head = |(x, y): (f64, f64)| heads[def].map(|(hx, hy)| (hx + x, hy + y));
        let free = |tip: (f64, f64)| {
            let (bx, by) = bucket(tip.0, tip.1);
            let h = head(tip);
            (-1..=1).all(|i| {
                (-1..=1).all(|j| {
                    placed
                        .get(&(bx + i, by + j))
                        .is_none_or(|others| others.iter().all(|o| !overlap(&h, o)))
                })
            })
        };
        let tip = ARROW_PLACES
            .iter()
            .map(|&t| at(t))
            .find(|&tip| free(tip))
            .unwrap_or_else(|| at(ARROW_AT));
        placed
            .entry(bucket(tip.0, tip.1))
            .or_default()
            .push(head(tip));
        uses.push(Stamp {
            def: def as u32,
            x: tip.0,
            y: tip.1,
            step: i as u32 + 1,
        });
    }
    Item::new(Shape::Stamps { defs, uses }, Paint::Fill(colour))
}

/// Three corners.
pub(super) type Triangle = [(f64, f64); 3];

/// Whether two triangles overlap by more than a hair: no edge of either separates them.
pub(super) fn overlap(p: &Triangle, q: &Triangle) -> bool {
    let edges = |t: Triangle| (0..3).map(move |i| (t[i], t[(i + 1) % 3]));
    edges(*p).chain(edges(*q)).all(|(a, b)| {
        let (nx, ny) = (a.1 - b.1, b.0 - a.0);
        let norm = nx.hypot(ny);
        if norm == 0.0 {
            return true;
        }
        let span = |t: &Triangle| {
            t.iter()
                .map(|v| (v.0 * nx + v.1 * ny) / norm)
                .fold((f64::MAX, f64::MIN), |(lo, hi), d| (lo.min(d), hi.max(d)))
        };
        let ((p0, p1), (q0, q1)) = (span(p), span(q));
        p1.min(q1) - p0.max(q0) > 1e-3
    })
}
