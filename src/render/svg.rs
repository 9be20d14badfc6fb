//! SVG output through the `svg` crate: a [`Picture`] written as elements.
//!
//! Large boards stay small: the checkerboard, the grid, the dots and the tour are one `<path>`
//! each, lines are written relative (`l20 -40`) in whole hundredths so that they never drift,
//! and each digit is one outline in `<defs>` referenced by `<use>`. An animated SVG plays
//! the picture's steps with CSS: the line draws itself and the numbers appear.

use svg::node::element::{Definitions, Group, Path, Rectangle, Style as CssStyle, Title, Use};
use svg::Document;

use super::animate::Timing;
use super::glyphs::num;
use super::layout;
use super::picture::{Cap, Outline, Paint, Picture, Seg, Shape};
use super::scene::Scene;
use super::theme::{Rgb, Theme};
use crate::tour::Tour;

mod lines;
use lines::{line_data, line_pieces};

pub use super::options::{DrawOptions, Style};

/// Draws `tour` as an SVG document.
pub fn render(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> String {
    document(tour, scene, theme, opts).to_string() + "\n"
}

/// Draws `tour` as an SVG element tree, to write or to nest in a larger page.
pub fn document(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> Document {
    let mut pic = layout::picture(tour, scene, theme, opts);
    if opts.transparent {
        pic.background = None;
    }
    write(&pic, &opts.id_prefix, None)
}

/// The text of `doc`, the SVG of `pic`, and a last newline, written into a string sized for
/// it beforehand: a million-move line is 13 MB, which a growing string would copy as it grows.
pub fn text_of(doc: &Document, pic: &Picture) -> String {
    use std::fmt::Write;
    let hint: usize = pic
        .items
        .iter()
        .map(|it| match &it.shape {
            Shape::Line { points, .. } => points.len() * 14,
            Shape::Stamps { uses, .. } => uses.len() * 48,
            _ => 256,
        })
        .sum();
    let mut s = String::with_capacity(hint + 4096);
    let _ = writeln!(s, "{doc}");
    s
}

/// A picture as an SVG element tree; with `timing`, animated by CSS.
pub fn write(pic: &Picture, id_prefix: &str, timing: Option<&Timing>) -> Document {
    write_as(pic, id_prefix, timing, false)
}

/// [`write`], with numbers and labels as editable `<text>` (in the bundled font's family)
/// instead of shared outlines when `editable`.
pub fn write_as(
    pic: &Picture,
    id_prefix: &str,
    timing: Option<&Timing>,
    editable: bool,
) -> Document {
    let (w, h) = (pic.width, pic.height);
    let mut doc = Document::new()
        .set("width", num(w))
        .set("height", num(h))
        .set("viewBox", format!("0 0 {} {}", num(w), num(h)))
        .add(Title::new(pic.title.clone()));
    if timing.is_some() {
        doc = doc.add(CssStyle::new(CSS));
    }
    if let Some(bg) = pic.background {
        doc = doc.add(coloured(
            Rectangle::new().set("width", "100%").set("height", "100%"),
            "fill",
            bg,
        ));
    }
    for (k, item) in pic.items.iter().enumerate() {
        let painted = |p: Path| paint(p, &item.paint);
        match &item.shape {
            Shape::Outline(o) => {
                let mut p = painted(Path::new().set("d", path_data(o)));
                if let (Some(t), true) = (timing, item.step > 0) {
                    p = appear(p, t.time_of(item.step));
                }
                doc = doc.add(p);
            }
            Shape::Text(w) => {
                let colour = item.paint.colour();
                doc = doc.add(text_node(w.x, w.y, w.size, w.bold, colour, &w.text));
            }
            Shape::Checker {
                x,
                y,
                cell,
                rows,
                cols,
            } => {
                let d = checker_data(*x, *y, *cell, *rows, *cols);
                doc = doc.add(painted(Path::new().set("d", d)));
            }
            Shape::Line {
                points,
                first,
                closed,
                bend,
            } => match timing {
                None => {
                    if points.len() > 1 {
                        let d = line_data(points, *closed, *bend);
                        doc = doc.add(painted(Path::new().set("d", d)));
                    }
                }
                Some(t) => {
                    for (d, from, to) in line_pieces(points, *first, *closed, *bend, t) {
                        let (t0, t1) = (t.time_of(from + 1), t.time_of(to) + t.frame_time());
                        doc = doc.add(
                            painted(Path::new().set("d", d))
                                .set("pathLength", 1)
                                .set("class", "d")
                                .set(
                                    "style",
                                    format!(
                                        "animation-delay:{}s;animation-duration:0s,{}s",
                                        secs(t0),
                                        secs((t1 - t0).max(0.01))
                                    ),
                                ),
                        );
                    }
                }
            },
            Shape::Stamps { .. } if editable && item.lettering.is_some() => {
                let l = item.lettering.as_deref().expect("checked");
                let colour = item.paint.colour();
                // The digits' height is the outlines'; the em is larger by the font's ratio.
                let em = l.size / super::glyphs::digit_height_per_em();
                let mut group = Group::new()
                    .set("font-family", super::glyphs::FAMILIES)
                    .set("font-weight", "bold")
                    .set("font-size", num(em))
                    .set("text-anchor", "middle");
                group = coloured(group, "fill", colour);
                for (x, y, text) in &l.marks {
                    group = group.add(
                        svg::node::element::Text::new(text.as_str())
                            .set("x", num(*x))
                            .set("y", num(y + l.size / 2.0)),
                    );
                }
                doc = doc.add(group);
            }
            Shape::Stamps { defs, uses } => {
                let mut d = Definitions::new();
                for (i, o) in defs.iter().enumerate() {
                    d = d.add(
                        Path::new()
                            .set("id", format!("{id_prefix}s{k}_{i}"))
                            .set("d", path_data(o)),
                    );
                }
                doc = doc.add(d);
                let mut g = painted(Path::new()).get_attributes().clone();
                g.remove("d");
                let mut group = Group::new();
                for (key, v) in g {
                    group = group.set(key, v);
                }
                for u in uses {
                    let mut e = Use::new()
                        .set("href", format!("#{id_prefix}s{k}_{}", u.def))
                        .set("x", num(u.x))
                        .set("y", num(u.y));
                    if let (Some(t), true) = (timing, u.step > 0) {
                        e = e.set("class", "a").set(
                            "style",
                            format!("animation-delay:{}s", secs(t.time_of(u.step))),
                        );
                    }
                    group = group.add(e);
                }
                doc = doc.add(group);
            }
        }
    }
    doc
}

/// Things appear at their step; lines draw themselves over their frame (two animations: the
/// first keeps a piece's round cap hidden until its turn).
const CSS: &str = ".a{opacity:0;animation:kt-show 0s forwards}\
.d{opacity:0;stroke-dasharray:1 1;stroke-dashoffset:1;animation-name:kt-show,kt-draw;\
animation-timing-function:linear;animation-fill-mode:forwards}\
@keyframes kt-show{to{opacity:1}}@keyframes kt-draw{to{stroke-dashoffset:0}}";

fn secs(t: f64) -> String {
    format!("{:.3}", t)
        .trim_end_matches('0')
        .trim_end_matches('.')
        .to_string()
}

fn appear<T: svg::Node>(mut e: T, t: f64) -> T {
    e.assign("class", "a");
    e.assign("style", format!("animation-delay:{}s", secs(t)));
    e
}

/// `e` with the paint `key` (`fill` or `stroke`) set to `colour`, and `key-opacity` when the
/// colour is not opaque: SVG 1.1 has no colour with an opacity in it.
/// Text with its left end of baseline at (x, y), `size` units to the em, as real `<text>`:
/// one element per run of characters that one face draws, each naming that face's family
/// and placed by the widths measured here, so our renderers and a browser take the same face
/// (a run of the bundled font names it first, then any sans-serif).
pub(crate) fn text_node(
    x: f64,
    y: f64,
    size: f64,
    bold: bool,
    colour: Rgb,
    content: &str,
) -> Box<dyn svg::Node> {
    let runs = super::fonts::runs(content, bold);
    let element = |x: f64, family: &str, run: &str| {
        let family = if family == super::glyphs::FAMILY {
            super::glyphs::FAMILIES.to_string()
        } else {
            format!("{family}, sans-serif")
        };
        let mut t = svg::node::element::Text::new(run)
            .set("x", num(x))
            .set("y", num(y))
            .set("font-family", family)
            .set("font-size", num(size));
        if bold {
            t = t.set("font-weight", "bold");
        }
        coloured(t, "fill", colour)
    };
    match runs.as_slice() {
        [] => Box::new(element(x, super::glyphs::FAMILY, "")),
        [(family, run)] => Box::new(element(x, family, run)),
        _ => {
            let mut g = svg::node::element::Group::new();
            let mut at = x;
            for (family, run) in &runs {
                // Spaces between runs are gaps, not characters: SVG drops them at a
                // `<text>`'s ends (and a reader of the PDF finds the word break in the gap).
                let lead = &run[..run.len() - run.trim_start().len()];
                let x = at + super::glyphs::text_width(lead, size, bold);
                g = g.add(element(x, family, run.trim()));
                at += super::glyphs::text_width(run, size, bold);
            }
            Box::new(g)
        }
    }
}

pub(crate) fn coloured<T: svg::Node>(mut e: T, key: &str, colour: Rgb) -> T {
    e.assign(key, colour.hex());
    if let Some(o) = colour.opacity() {
        e.assign(format!("{key}-opacity"), num(o));
    }
    e
}

fn paint(p: Path, paint: &Paint) -> Path {
    match *paint {
        Paint::Fill(c) => coloured(p, "fill", c),
        Paint::Stroke {
            colour,
            width,
            join,
            cap,
        } => {
            let join = join.name();
            let cap = match cap {
                Cap::Butt => "butt",
                Cap::Round => "round",
                Cap::Square => "square",
            };
            coloured(p.set("fill", "none"), "stroke", colour)
                .set("stroke-width", num(width))
                .set("stroke-linejoin", join)
                .set("stroke-linecap", cap)
        }
    }
}

/// Whole hundredths of a user unit: the precision written, rounded half away from zero as
/// `f64::round` does, without the call to the library that baseline x86-64 needs for it.
fn hundredths(v: f64) -> i64 {
    let t = v * 100.0;
    // Also true for a value that is not a number.
    if t.abs().partial_cmp(&4.0e15) != Some(std::cmp::Ordering::Less) {
        return t.round() as i64;
    }
    let i = t as i64;
    // Exact: the fraction of a number below 2^52 is representable.
    let f = t - i as f64;
    i + i64::from(f >= 0.5) - i64::from(f <= -0.5)
}

/// Appends hundredths `v` as a decimal: "12", "12.5", "-0.25".
fn push_hundredths(d: &mut Vec<u8>, v: i64) {
    if v < 0 {
        d.push(b'-');
    }
    let a = v.unsigned_abs();
    match u32::try_from(a / 100) {
        Ok(whole) => crate::io::push_decimal(d, whole),
        Err(_) => d.extend_from_slice((a / 100).to_string().as_bytes()),
    }
    let f = (a % 100) as usize;
    if f != 0 {
        d.push(b'.');
        let two = crate::io::two_digits(f);
        d.extend_from_slice(if f % 10 == 0 { &two[..1] } else { two });
    }
}

/// Path data written as bytes (ASCII only) as a string.
fn text(d: Vec<u8>) -> String {
    String::from_utf8(d).expect("path data is ASCII")
}

/// Path data of the dark squares of a checkerboard: a row's first square from `M`, each next
/// one by a relative `m` from the last one's corner (where its `z` leaves the pen), so a
/// million squares take a quarter less text; corners are the same rounded hundredths.
fn checker_data(x: f64, y: f64, cell: f64, rows: u32, cols: u32) -> String {
    let mut d = Vec::with_capacity((rows as usize * cols as usize / 2) * 14 + 16);
    let at = |v: f64, k: u32| hundredths(v + f64::from(k) * cell);
    for r in 0..rows {
        let (top, bottom) = (at(y, r), at(y, r + 1));
        let mut last: Option<i64> = None;
        for c in ((1 - r % 2)..cols).step_by(2) {
            let (left, right) = (at(x, c), at(x, c + 1));
            match last {
                None => {
                    d.push(b'M');
                    push_hundredths(&mut d, left);
                    d.push(b' ');
                    push_hundredths(&mut d, top);
                }
                Some(prev) => {
                    d.push(b'm');
                    push_hundredths(&mut d, left - prev);
                    d.extend_from_slice(b" 0");
                }
            }
            d.push(b'h');
            push_hundredths(&mut d, right - left);
            d.push(b'v');
            push_hundredths(&mut d, bottom - top);
            d.push(b'h');
            push_hundredths(&mut d, left - right);
            d.push(b'z');
            last = Some(left);
        }
    }
    text(d)
}

/// A line from `at` (hundredths) to (x, y), written relative: `h`, `v` or `l`.
#[inline]
fn line_to(d: &mut Vec<u8>, at: &mut (i64, i64), x: f64, y: f64) {
    let (nx, ny) = (hundredths(x), hundredths(y));
    let (dx, dy) = (nx - at.0, ny - at.1);
    if dy == 0 {
        d.push(b'h');
        push_hundredths(d, dx);
    } else if dx == 0 {
        d.push(b'v');
        push_hundredths(d, dy);
    } else {
        d.push(b'l');
        push_hundredths(d, dx);
        d.push(b' ');
        push_hundredths(d, dy);
    }
    *at = (nx, ny);
}

/// SVG path data of an outline: lines relative, curves absolute.
pub fn path_data(o: &Outline) -> String {
    let mut d = Vec::new();
    write_outline(&mut d, o);
    text(d)
}

fn write_outline(d: &mut Vec<u8>, o: &Outline) {
    let (mut cx, mut cy) = (0i64, 0i64);
    let (mut sx, mut sy) = (0i64, 0i64);
    let abs = |d: &mut Vec<u8>, x: f64, y: f64| {
        push_hundredths(d, hundredths(x));
        d.push(b' ');
        push_hundredths(d, hundredths(y));
    };
    for s in &o.segs {
        match *s {
            Seg::Move(x, y) => {
                d.push(b'M');
                abs(d, x, y);
                (cx, cy) = (hundredths(x), hundredths(y));
                (sx, sy) = (cx, cy);
            }
            Seg::Line(x, y) => {
                let mut at = (cx, cy);
                line_to(d, &mut at, x, y);
                (cx, cy) = at;
            }
            Seg::Quad(a, b, x, y) => {
                d.push(b'Q');
                abs(d, a, b);
                d.push(b' ');
                abs(d, x, y);
                (cx, cy) = (hundredths(x), hundredths(y));
            }
            Seg::Cubic(a, b, c, e, x, y) => {
                d.push(b'C');
                abs(d, a, b);
                d.push(b' ');
                abs(d, c, e);
                d.push(b' ');
                abs(d, x, y);
                (cx, cy) = (hundredths(x), hundredths(y));
            }
            Seg::Close => {
                d.push(b'z');
                (cx, cy) = (sx, sy);
            }
            Seg::Circle(x, y, r) => {
                d.push(b'M');
                abs(d, x - r, y);
                let arcs = format!(
                    "a{r} {r} 0 1 0 {dd} 0a{r} {r} 0 1 0 -{dd} 0z",
                    r = num(r),
                    dd = num(2.0 * r)
                );
                d.extend_from_slice(arcs.as_bytes());
                (cx, cy) = (hundredths(x - r), hundredths(y));
                (sx, sy) = (cx, cy);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checker_data_draws_each_dark_square_at_its_rounded_corners() {
        for (x, y, cell, rows, cols) in [
            (2.0, 2.0, 2.0, 4, 5),
            (3.5, 1.25, 2.004, 7, 6),
            (0.0, 0.0, 0.333, 5, 9),
            (10.0, 20.0, 48.0, 1, 1),
            (10.0, 20.0, 48.0, 2, 1),
        ] {
            // Read the path back: M and m move the pen (m from where the last z left it),
            // h and v draw; each z closes one square.
            let d = checker_data(x, y, cell, rows, cols);
            let letters = d.chars().filter(char::is_ascii_alphabetic);
            let numbers = d.split(|ch: char| ch.is_ascii_alphabetic()).skip(1);
            let commands = letters.zip(numbers).map(|(cmd, text)| {
                let args: Vec<i64> = text
                    .split(' ')
                    .filter(|s| !s.is_empty())
                    .map(|s| (s.parse::<f64>().unwrap() * 100.0).round() as i64)
                    .collect();
                (cmd, args)
            });
            let (mut pen, mut start) = ((0i64, 0i64), (0i64, 0i64));
            let (mut squares, mut corners) = (Vec::new(), Vec::new());
            for (cmd, args) in commands {
                match cmd {
                    'M' => pen = (args[0], args[1]),
                    'm' => pen = (pen.0 + args[0], pen.1 + args[1]),
                    'h' => pen.0 += args[0],
                    'v' => pen.1 += args[0],
                    'z' => {
                        squares.push(std::mem::take(&mut corners));
                        pen = start;
                        continue;
                    }
                    other => panic!("unexpected '{other}' in {d}"),
                }
                if cmd == 'M' || cmd == 'm' {
                    start = pen;
                }
                corners.push(pen);
            }
            let mut want = Vec::new();
            for r in 0..rows {
                for c in (0..cols).filter(|c| (r + c) % 2 == 1) {
                    let at = |v: f64, k: u32| hundredths(v + f64::from(k) * cell);
                    let (l, t, rr, b) = (at(x, c), at(y, r), at(x, c + 1), at(y, r + 1));
                    want.push(vec![(l, t), (rr, t), (rr, b), (l, b)]);
                }
            }
            assert_eq!(squares, want, "{x} {y} {cell} {rows}x{cols}: {d}");
        }
    }

    #[test]
    fn hundredths_round_and_read_as_the_formatter_would() {
        // Halves, near-halves, negatives, huge values, and a sweep: rounded as `f64::round`
        // and written as the general formatter writes the same number.
        let mut values = vec![
            0.0, -0.0, 0.005, -0.005, 0.015, 2.675, -2.675, 1e13, -1e13, 4.1e13, 1e300,
        ];
        values.extend((0..20_000).map(|k| (k as f64 - 10_000.0) * 0.123_456_7));
        values.extend((0..2_000).map(|k| (k as f64 - 1_000.0) / 200.0));
        for v in values {
            let h = hundredths(v);
            assert_eq!(h, (v * 100.0).round() as i64, "{v}");
            let mut d = Vec::new();
            push_hundredths(&mut d, h);
            let d = text(d);
            let want = if h % 100 == 0 {
                format!("{}", h / 100)
            } else {
                let s = format!(
                    "{}{}.{:02}",
                    if h < 0 { "-" } else { "" },
                    h.unsigned_abs() / 100,
                    h.unsigned_abs() % 100
                );
                s.trim_end_matches('0').to_string()
            };
            assert_eq!(d, want, "{v}");
        }
    }

    #[test]
    fn path_data_is_relative_in_hundredths_without_drift() {
        let mut o = Outline::new();
        o.move_to(0.333, 1.0);
        for i in 1..=300 {
            o.line_to(
                0.333 + i as f64 * 1.0 / 3.0,
                1.0 + (i % 2) as f64 * 2.0 / 3.0,
            );
        }
        let d = path_data(&o);
        // Summing the written steps lands on the last point rounded, not on drifted sums.
        let mut x = 33i64;
        for part in d.split('l').skip(1) {
            let dx: f64 = part.split(' ').next().unwrap().parse().unwrap();
            x += (dx * 100.0).round() as i64;
        }
        assert_eq!(x, hundredths(0.333 + 100.0));
        assert_eq!(
            path_data(&{
                let mut o = Outline::new();
                o.rect(1.0, 2.0, 3.5, 4.0);
                o
            }),
            "M1 2h3.5v4h-3.5z"
        );
        let mut s = Vec::new();
        push_hundredths(&mut s, -105);
        assert_eq!(text(s), "-1.05");
    }
}
