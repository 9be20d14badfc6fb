use super::super::picture::{Cap, Outline, Paint, Seg};
use super::super::theme::{Join, Rgb};
use super::*;
use resvg::tiny_skia::{self as sk, PathBuilder, Pixmap, Transform};

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
                x >= a.min(c) - ex && x < a.max(c) + ex && y >= b.min(d) - ey && y < b.max(d) + ey
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
                        let x = (f64::from(px) + (f64::from(sx) + 0.5) / 64.0 - origin.0) / cell;
                        let y = (f64::from(py) + (f64::from(sy) + 0.5) / 64.0 - origin.1) / cell;
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
