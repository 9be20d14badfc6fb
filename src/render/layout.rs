//! The picture of a tour: every square, line, number and marker placed once, for both painters.

use super::glyphs;
use super::options::{DrawOptions, Style};
use super::picture::{Cap, Head, Item, Lettering, Outline, Paint, Picture, Shape, Stamp, Words};
use super::scene::Scene;
use super::theme::{Join, Pad, Rgb, Theme};
use crate::board::{file_name, Square};
use crate::tour::Tour;

mod arrows;
mod holes;

use arrows::*;
pub(crate) use holes::holes;

/// The whole drawing of `tour`: board, tiles, grid, holes, labels, then numbers or the line.
pub fn picture(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> Picture {
    let n = tour.path.len();
    let moves = match n {
        0 => 0,
        _ if tour.is_closed() => n,
        _ => n - 1,
    };
    let who = if tour.piece.is_knight() {
        "Knight's".to_string()
    } else {
        let name = tour.piece.name();
        let mut c = name.chars();
        c.next()
            .map(|f| f.to_uppercase().chain(c).collect::<String>())
            .unwrap_or(name)
    };
    let title = opts.title.clone().unwrap_or_else(|| {
        format!(
            "{who} tour, {} {}, {} style, {} theme",
            tour.board,
            tour.kind().name(),
            opts.style.name(),
            theme.name
        )
    });
    let mut items = squares(scene, theme);
    if opts.marked.iter().any(|&m| m) {
        let b = scene.board;
        let marked = (0..opts.marked.len() as u32).filter(|&i| opts.marked[i as usize]);
        items.push(cells(scene, marked.map(|i| b.square(i)), opts.mark_colour));
    }
    let mut tile_outline = None;
    if opts.style == Style::Tiles {
        let (fills, outline) = tiles(tour, scene, theme);
        items.extend(fills);
        tile_outline = Some(outline);
    }
    if theme.grid_width > 0.0 {
        items.push(grid(scene, theme));
    }
    // Over the grid: a grid line down the middle of the tile outline drew the border double.
    items.extend(tile_outline);
    if !tour.holes.is_empty() {
        items.extend(holes(&tour.holes, scene, theme));
    }
    if opts.coords {
        items.push(labels(scene, theme));
    }
    items.extend(words(scene, theme, opts));
    match opts.style {
        Style::Numbers => items.extend(numbers(tour, scene, theme, opts)),
        Style::Lines | Style::Tiles => {
            items.extend(dots(tour, scene, theme));
            items.extend(lines(tour, scene, theme, opts, moves, 0.0));
        }
        Style::Traced => {
            items.extend(lines(tour, scene, theme, opts, moves, TRACE_FADE));
            items.extend(numbers(tour, scene, theme, opts));
        }
    }
    Picture {
        width: scene.width(),
        height: scene.height(),
        title,
        background: Some(theme.background),
        items,
        steps: moves as u32,
        head: Some(Head {
            track: tour
                .path
                .iter()
                .map(|&i| {
                    let s = tour.board.square(i);
                    scene.centre(s.row, s.col)
                })
                .collect(),
            // Round the square's contents, clear of a number's corners.
            radius: 0.46 * scene.cell,
            width: 0.06 * scene.cell,
            colour: theme.end,
        }),
    }
}

/// The title centred in the band above the board, the caption in the band below.
fn words(scene: &Scene, theme: &Theme, opts: &DrawOptions) -> Vec<Item> {
    let centre = scene.width() / 2.0;
    let word = |text: &str, size: f64, bold: bool, baseline: f64| {
        let (outline, w) = glyphs::text_outline(text, size, bold);
        let x = centre - w / 2.0;
        let outline = outline.translated(x, baseline);
        Item::new(
            Shape::Text(Words {
                x,
                y: baseline,
                size,
                bold,
                text: text.to_string(),
                outline,
            }),
            Paint::Fill(theme.number),
        )
    };
    let mut out = Vec::new();
    if let (Some(t), true) = (&opts.title, scene.head > 0.0) {
        let size = scene.title_size();
        out.push(word(t, size, true, scene.margin + size * 1.1));
    }
    if let (Some(c), true) = (&opts.caption, scene.foot > 0.0) {
        let size = scene.caption_size();
        out.push(word(
            c,
            size,
            false,
            scene.height() - scene.margin - size * 0.5,
        ));
    }
    out
}

/// The given squares filled in `colour`.
fn cells(scene: &Scene, squares: impl Iterator<Item = Square>, colour: Rgb) -> Item {
    let c = scene.cell;
    let mut o = Outline::new();
    for s in squares {
        let (x, y) = scene.corner(s.row, s.col);
        o.rect(x, y, c, c);
    }
    Item::fill(o, colour)
}

fn squares(scene: &Scene, theme: &Theme) -> Vec<Item> {
    let b = scene.board;
    let (x0, y0) = scene.origin();
    let c = scene.cell;
    let mut board = Outline::new();
    board.rect(x0, y0, b.cols as f64 * c, b.rows as f64 * c);
    let mut items = vec![Item::fill(board, theme.light)];
    if theme.dark != theme.light {
        items.push(Item::new(
            Shape::Checker {
                x: x0,
                y: y0,
                cell: c,
                rows: b.rows,
                cols: b.cols,
            },
            Paint::Fill(theme.dark),
        ));
    }
    items
}

fn stroke(colour: Rgb, width: f64, join: Join, cap: Cap) -> Paint {
    Paint::Stroke {
        colour,
        width,
        join,
        cap,
    }
}

fn grid(scene: &Scene, theme: &Theme) -> Item {
    let b = scene.board;
    let (x0, y0) = scene.origin();
    let c = scene.cell;
    let (w, h) = (b.cols as f64 * c, b.rows as f64 * c);
    let mut o = Outline::new();
    for r in 0..=b.rows {
        o.move_to(x0, y0 + r as f64 * c);
        o.line_to(x0 + w, y0 + r as f64 * c);
    }
    for col in 0..=b.cols {
        o.move_to(x0 + col as f64 * c, y0);
        o.line_to(x0 + col as f64 * c, y0 + h);
    }
    let width = theme.grid_width * c;
    Item::new(
        Shape::Outline(o),
        stroke(theme.grid, width, Join::Miter, Cap::Square),
    )
}

fn tiles(tour: &Tour, scene: &Scene, theme: &Theme) -> (Vec<Item>, Item) {
    // Tiles come from a grid of cuts; shading by band parity keeps neighbours apart.
    let mut rows: Vec<u32> = tour.tiles.iter().map(|t| t.row).collect();
    let mut cols: Vec<u32> = tour.tiles.iter().map(|t| t.col).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    let (mut a, mut b) = (Outline::new(), Outline::new());
    let c = scene.cell;
    for t in &tour.tiles {
        let band =
            rows.binary_search(&t.row).unwrap_or(0) + cols.binary_search(&t.col).unwrap_or(0);
        let (x, y) = scene.corner(t.row, t.col);
        let o = if band % 2 == 0 { &mut a } else { &mut b };
        o.rect(x, y, t.cols as f64 * c, t.rows as f64 * c);
    }
    let sw = theme.tile_stroke_width * c;
    let mut outline = a.clone();
    outline.segs.extend_from_slice(&b.segs);
    (
        vec![Item::fill(a, theme.tile_a), Item::fill(b, theme.tile_b)],
        Item::new(
            Shape::Outline(outline),
            stroke(theme.tile_stroke, sw, Join::Miter, Cap::Butt),
        ),
    )
}

/// Stamps of several texts, each centred on its point, `size` high.
fn texts(items: &[(String, (f64, f64))], size: f64, colour: Rgb) -> Item {
    let mut defs = Vec::new();
    let mut uses = Vec::new();
    for (text, (cx, cy)) in items {
        let (o, w) = glyphs::outline(text, size);
        uses.push(Stamp {
            def: defs.len() as u32,
            x: cx - w / 2.0,
            y: cy + size / 2.0,
            step: 0,
        });
        defs.push(o);
    }
    let marks = items
        .iter()
        .map(|(text, (cx, cy))| (*cx, *cy, text.clone()))
        .collect();
    Item::new(Shape::Stamps { defs, uses }, Paint::Fill(colour)).spelling(Lettering {
        marks,
        size,
        width: f64::INFINITY,
    })
}

fn labels(scene: &Scene, theme: &Theme) -> Item {
    let b = scene.board;
    let size = (scene.cell * 0.32).min(scene.label * 0.5);
    let mut all = Vec::new();
    for r in 0..b.rows {
        all.push(((b.rows - r).to_string(), scene.rank_label(r)));
    }
    for c in 0..b.cols {
        all.push((file_name(c), scene.file_label(c)));
    }
    texts(&all, size, theme.label)
}

/// How numbers of each length are set: one digit height for the whole board; longer numbers
/// get tighter spacing and narrower digits instead of a smaller font.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NumberFit {
    /// Digit (cap) height, the same for every number.
    pub height: f64,
    /// Width available inside a square.
    pub room: f64,
}

impl NumberFit {
    /// Narrowest digits allowed, as a fraction of their natural width.
    const MIN_SQUEEZE: f64 = 0.5;

    /// The fit for squares of side `cell` whose longest number has `longest` digits.
    pub fn new(cell: f64, size: f64, longest: usize) -> NumberFit {
        // Padding inside the square, clear of the start and end frames.
        let room = 0.72 * cell;
        let a = glyphs::digit_aspect();
        // Two-digit numbers set at their natural width; longer ones squeezed, within limits.
        let mut height = (size * cell).min(room / (2.0 * a));
        let squeeze = room / (longest.max(1) as f64 * a * height);
        if squeeze < Self::MIN_SQUEEZE {
            height *= squeeze / Self::MIN_SQUEEZE;
        }
        NumberFit { height, room }
    }

    /// Advance per digit and horizontal glyph scale for a number of `len` digits.
    pub fn spacing(&self, len: usize) -> (f64, f64) {
        let a = glyphs::digit_aspect() * self.height;
        let k = (self.room / (len as f64 * a)).min(1.0);
        // Side bearings give way first: the glyphs narrow less than their spacing.
        (k * a, (k / 0.88).min(1.0))
    }
}

fn numbers(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> Vec<Item> {
    let blank = &opts.blank;
    let n = tour.path.len();
    // The tour's numbers in path order (with the step each appears at), or the written ones.
    let labels: Vec<(u32, u32, u32)> = if opts.written.is_empty() {
        (0..n as u32)
            .map(|k| (tour.path[k as usize], k + 1, k))
            .collect()
    } else {
        (0..opts.written.len() as u32)
            .filter(|&i| opts.written[i as usize] != 0)
            .map(|i| (i, opts.written[i as usize], 0))
            .collect()
    };
    let longest = labels
        .iter()
        .map(|&(_, v, _)| v)
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let fit = NumberFit::new(scene.cell, theme.number_size, longest);
    let h = fit.height;
    let mut defs = Vec::new();
    for len in 1..=longest {
        let (_, sx) = fit.spacing(len);
        for digit in 0..10 {
            let (o, _) = glyphs::outline(&digit.to_string(), h);
            defs.push(if sx < 1.0 { o.scaled(sx, 1.0) } else { o });
        }
    }
    let mut uses = Vec::new();
    let mut marks = Vec::new();
    for &(sq, value, step) in &labels {
        if blank.get(sq as usize).copied().unwrap_or(false) {
            continue;
        }
        let s = tour.board.square(sq);
        let text = value.to_string();
        let (cx, cy) = scene.centre(s.row, s.col);
        marks.push((cx, cy, text.clone()));
        let len = text.len();
        let (adv, sx) = fit.spacing(len);
        // The ink is narrower than the advance by the squeezed side bearings.
        let ink = adv * len as f64 - adv * (1.0 - sx.min(1.0)) * 0.5;
        let mut x = cx - ink / 2.0;
        for ch in text.bytes() {
            let def = ((len - 1) * 10 + (ch - b'0') as usize) as u32;
            uses.push(Stamp {
                def,
                x,
                y: cy + h / 2.0,
                step,
            });
            x += adv;
        }
    }
    let mut items = vec![
        Item::new(Shape::Stamps { defs, uses }, Paint::Fill(theme.number)).spelling(Lettering {
            marks,
            size: h,
            width: scene.cell * 0.78,
        }),
    ];
    // Flagged squares: a thick frame inside the square, over whatever it holds.
    for i in (0..opts.flagged.len() as u32).filter(|&i| opts.flagged[i as usize]) {
        items.push(frame(
            scene,
            tour.board.square(i),
            0.05,
            opts.flag_colour,
            0.1,
        ));
    }
    // First and last squares of the tour: a frame inside the square.
    if n > 0 && opts.written.is_empty() {
        for (sq, colour, step) in [
            (tour.path[0], theme.start, 0),
            (tour.path[n - 1], theme.end, n as u32 - 1),
        ] {
            if blank.get(sq as usize).copied().unwrap_or(false) {
                // A frame on a blank square would give the puzzle away.
                continue;
            }
            items.push(frame(scene, tour.board.square(sq), 0.06, colour, 0.08).at(step));
        }
    }
    items
}

/// A frame inside square `s`, `inset` and `width` in cells.
pub(crate) fn frame(scene: &Scene, s: Square, inset: f64, colour: Rgb, width: f64) -> Item {
    let c = scene.cell;
    let (x, y) = scene.corner(s.row, s.col);
    let mut o = Outline::new();
    o.rect(
        x + inset * c,
        y + inset * c,
        c - 2.0 * inset * c,
        c - 2.0 * inset * c,
    );
    Item::new(
        Shape::Outline(o),
        stroke(colour, c * width, Join::Miter, Cap::Butt),
    )
}

fn dots(tour: &Tour, scene: &Scene, theme: &Theme) -> Option<Item> {
    let size = theme.dot_size * scene.cell;
    // Below a pixel and a half the dots are noise (and megabytes on huge boards).
    if size < 1.5 {
        return None;
    }
    let b = tour.board;
    let mut o = Outline::new();
    let r = size / 2.0;
    let mut holes = tour.holes.iter().peekable();
    for i in 0..b.area() as u32 {
        if holes.peek() == Some(&&i) {
            holes.next();
            continue;
        }
        let s = b.square(i);
        let (x, y) = scene.centre(s.row, s.col);
        match theme.pad {
            Pad::Square => o.rect(x - r, y - r, size, size),
            Pad::None => o.circle(x, y, r),
        }
    }
    Some(Item::fill(o, theme.dot))
}

/// The colour `t` of the way along the line's gradient.
fn shade(theme: &Theme, opts: &DrawOptions, t: f64) -> Rgb {
    match &opts.palette {
        Some(p) => p.at(t),
        None => super::colour::Palette::two(theme.gradient_from, theme.gradient_to).at(t),
    }
}

/// Radius of a wire's bends, in squares: a wazir's tour with round joins is drawn as routing
/// tools draw a trace, each turn a curve rather than a corner.
const WIRE_BEND: f64 = 0.3;

/// How far the traced style's line is mixed toward the light squares: faint enough that every
/// number reads over it, dark enough to follow.
const TRACE_FADE: f64 = 0.7;

/// The tour's line (and arrows, and start and end markers); with `fade` above 0 its colours
/// are mixed that far toward the light squares and the markers left to the numbers' frames.
fn lines(
    tour: &Tour,
    scene: &Scene,
    theme: &Theme,
    opts: &DrawOptions,
    moves: usize,
    fade: f64,
) -> Vec<Item> {
    let n = tour.path.len();
    if n == 0 {
        return Vec::new();
    }
    let b = tour.board;
    let at = |i: usize| {
        let s = b.square(tour.path[i % n]);
        scene.centre(s.row, s.col)
    };
    let width = opts.line_width.unwrap_or(theme.line_width) * scene.cell;
    let cap = if theme.line_join == Join::Round {
        Cap::Round
    } else {
        Cap::Butt
    };
    let ink = |colour: Rgb| colour.mix(theme.light, fade);
    let pen = |colour| stroke(ink(colour), width, theme.line_join, cap);
    let gradient = opts.gradient.unwrap_or(theme.gradient) && moves > 1;
    let wire = tour.piece.leap() == Some((0, 1)) && theme.line_join == Join::Round;
    let bend = if wire { WIRE_BEND * scene.cell } else { 0.0 };
    let mut items = Vec::new();
    if gradient {
        // One line per stretch of the tour, each in its own shade: at most 256 of them.
        let parts = moves.min(256);
        for k in 0..parts {
            let (from, to) = (k * moves / parts, (k + 1) * moves / parts);
            let t = (k as f64 + 0.5) / parts as f64;
            items.push(Item::new(
                Shape::Line {
                    points: (from..=to).map(at).collect(),
                    first: from as u32,
                    closed: false,
                    bend,
                },
                pen(shade(theme, opts, t)),
            ));
        }
    } else {
        items.push(Item::new(
            Shape::Line {
                points: (0..n).map(at).collect(),
                first: 0,
                closed: tour.is_closed(),
                bend,
            },
            pen(theme.line),
        ));
    }
    if opts.arrows {
        items.push(arrows(tour, scene, ink(theme.line), width, moves));
    }
    let m = theme.marker_size * scene.cell;
    if m > 0.0 && fade == 0.0 {
        let (x, y) = at(0);
        let mut o = Outline::new();
        o.circle(x, y, m / 2.0);
        items.push(Item::fill(o, theme.start));
        let (x, y) = at(n - 1);
        let e = m * 0.85;
        let mut o = Outline::new();
        o.rect(x - e / 2.0, y - e / 2.0, e, e);
        items.push(Item::fill(o, theme.end).at(n as u32 - 1));
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::render::picture::Seg;
    use crate::solve::{solve, Request};
    use crate::tour::Kind;

    #[test]
    fn arrow_heads_never_overlap() {
        // Open and closed tours of many sizes, plain and varied, with the theme's line width
        // and a thick one (long heads): every pair of heads is apart.
        for (rows, cols, kind, seed) in [
            (3, 4, Kind::Open, None),
            (5, 5, Kind::Open, None),
            (6, 6, Kind::Closed, None),
            (8, 8, Kind::Open, None),
            (8, 8, Kind::Closed, Some(3)),
            (10, 10, Kind::Open, None),
            (12, 12, Kind::Closed, Some(9)),
            (7, 16, Kind::Open, Some(1)),
            (20, 20, Kind::Closed, None),
        ] {
            let mut req = Request::new(Board::new(rows, cols).unwrap(), kind);
            req.seed = seed;
            let tour = solve(&req).unwrap().tour;
            for line_width in [None, Some(0.2)] {
                let mut opts = DrawOptions::new(Style::Lines);
                opts.arrows = true;
                opts.line_width = line_width;
                let scene = Scene::new(tour.board(), 40.0, false);
                let pic = picture(&tour, &scene, &Theme::builtin("classic").unwrap(), &opts);
                let Some(Shape::Stamps { defs, uses }) = pic
                    .items
                    .iter()
                    .map(|it| &it.shape)
                    .find(|s| matches!(s, Shape::Stamps { .. }))
                else {
                    panic!("no arrows on {rows}x{cols}");
                };
                assert_eq!(uses.len(), tour.len() - 1 + tour.is_closed() as usize);
                let heads: Vec<[(f64, f64); 3]> = uses
                    .iter()
                    .map(|u| {
                        let pts: Vec<(f64, f64)> = defs[u.def as usize]
                            .segs
                            .iter()
                            .filter_map(|s| match *s {
                                Seg::Move(x, y) | Seg::Line(x, y) => Some((x + u.x, y + u.y)),
                                _ => None,
                            })
                            .collect();
                        [pts[0], pts[1], pts[2]]
                    })
                    .collect();
                for (i, p) in heads.iter().enumerate() {
                    for q in &heads[i + 1..] {
                        assert!(!overlap(p, q), "{rows}x{cols}: {p:?} and {q:?}");
                    }
                }
            }
        }
    }
}
