//! SVG output through the `svg` crate: numbered grids, line drawings and tiled figures.
//!
//! Large boards stay small: the checkerboard, the grid, the dots and the tour are one `<path>`
//! each, the tour's moves are written relative (`l20 -40`), and each digit is one outline
//! in `<defs>` referenced by `<use>`.

use std::fmt::Write;

use svg::node::element::{Definitions, Group, Path, Rectangle, Title, Use};
use svg::Document;

use super::glyphs::{self, num};
use super::scene::Scene;
use super::theme::{HoleMark, Join, Pad, Rgb, Theme};
use crate::board::file_name;
use crate::tour::Tour;

/// What to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// The numbered grid.
    Numbers,
    /// The tour as a line through the square centres.
    Lines,
    /// The line over the divide-and-conquer tiles.
    Tiles,
}

impl Style {
    /// The style's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Style::Numbers => "numbers",
            Style::Lines => "lines",
            Style::Tiles => "tiles",
        }
    }
}

/// Choices beyond the theme.
#[derive(Debug, Clone, PartialEq)]
pub struct DrawOptions {
    /// The style.
    pub style: Style,
    /// Rank and file labels.
    pub coords: bool,
    /// Shade the line along the tour (`None`: as the theme says).
    pub gradient: Option<bool>,
    /// Direction arrows on the moves.
    pub arrows: bool,
    /// Squares whose numbers are left blank (puzzles); empty for none.
    pub blank: Vec<bool>,
    /// Squares shaded with `mark_colour` (the givens, on answer keys); empty for none.
    pub marked: Vec<bool>,
    /// Fill of marked squares.
    pub mark_colour: Rgb,
    /// Prefix of element ids, so that several drawings can share one document.
    pub id_prefix: String,
    /// Numbers to draw on each square instead of the tour's (0: none), e.g. a pupil's
    /// answer; empty to draw the tour's own.
    pub written: Vec<u32>,
    /// Squares framed in `flag_colour` (a pupil's mistakes); empty for none.
    pub flagged: Vec<bool>,
    /// Frame colour of flagged squares.
    pub flag_colour: Rgb,
}

impl DrawOptions {
    /// Defaults for a style: no labels, the theme's gradient, no arrows.
    pub fn new(style: Style) -> DrawOptions {
        DrawOptions {
            style,
            coords: false,
            gradient: None,
            arrows: false,
            blank: Vec::new(),
            marked: Vec::new(),
            mark_colour: Rgb(0xff, 0xe8, 0x9c),
            id_prefix: String::new(),
            written: Vec::new(),
            flagged: Vec::new(),
            flag_colour: Rgb(0xd6, 0x27, 0x28),
        }
    }
}

/// Draws `tour` as an SVG document.
pub fn render(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> String {
    document(tour, scene, theme, opts).to_string() + "\n"
}

/// Draws `tour` as an SVG element tree, to write or to nest in a larger page.
pub fn document(tour: &Tour, scene: &Scene, theme: &Theme, opts: &DrawOptions) -> Document {
    let (w, h) = (scene.width(), scene.height());
    let kind = tour.kind().name();
    let title = format!(
        "Knight's tour, {} {kind}, {} style, {} theme",
        tour.board,
        opts.style.name(),
        theme.name
    );
    let mut doc = Document::new()
        .set("width", num(w))
        .set("height", num(h))
        .set("viewBox", format!("0 0 {} {}", num(w), num(h)))
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", theme.background.hex()),
        );
    doc = doc.add(squares(scene, theme));
    if opts.marked.iter().any(|&m| m) {
        doc = doc.add(marks(scene, &opts.marked, opts.mark_colour));
    }
    if opts.style == Style::Tiles {
        doc = doc.add(tiles(tour, scene, theme));
    }
    if theme.grid_width > 0.0 {
        doc = doc.add(grid(scene, theme));
    }
    if !tour.holes.is_empty() {
        doc = doc.add(holes(&tour.holes, scene, theme));
    }
    if opts.coords {
        doc = doc.add(labels(scene, theme));
    }
    match opts.style {
        Style::Numbers => doc = numbers(doc, tour, scene, theme, opts),
        Style::Lines | Style::Tiles => {
            if let Some(d) = dots(tour, scene, theme) {
                doc = doc.add(d);
            }
            doc = lines(doc, tour, scene, theme, opts);
        }
    }
    doc
}

/// One path filling the given squares (row, col) in `colour`.
fn cells(scene: &Scene, squares: impl Iterator<Item = (u32, u32)>, colour: Rgb) -> Path {
    let cs = num(scene.cell);
    let mut d = String::new();
    for (row, col) in squares {
        let (x, y) = scene.corner(row, col);
        let _ = write!(d, "M{} {}h{cs}v{cs}h-{cs}z", num(x), num(y));
    }
    Path::new().set("d", d).set("fill", colour.hex())
}

fn marks(scene: &Scene, marked: &[bool], colour: Rgb) -> Path {
    let b = scene.board;
    let squares = (0..marked.len() as u32)
        .filter(|&i| marked[i as usize])
        .map(|i| (b.square(i).row, b.square(i).col));
    cells(scene, squares, colour)
}

fn squares(scene: &Scene, theme: &Theme) -> Group {
    let b = scene.board;
    let (x0, y0) = scene.origin();
    let c = scene.cell;
    let mut g = Group::new().add(
        Rectangle::new()
            .set("x", num(x0))
            .set("y", num(y0))
            .set("width", num(b.cols as f64 * c))
            .set("height", num(b.rows as f64 * c))
            .set("fill", theme.light.hex()),
    );
    if theme.dark != theme.light {
        let dark = (0..b.rows).flat_map(|r| {
            (0..b.cols)
                .filter(move |col| (r + col) % 2 == 1)
                .map(move |col| (r, col))
        });
        g = g.add(cells(scene, dark, theme.dark));
    }
    g
}

/// Holes over the board and its grid: filled as the theme says (the page colour, for a board
/// cut out), then hatched or crossed.
pub(crate) fn holes(holes: &[u32], scene: &Scene, theme: &Theme) -> Group {
    let b = scene.board;
    let at = |&h: &u32| (b.square(h).row, b.square(h).col);
    // A hair wider than the cell, so no grid line shows through at the edges.
    let c = scene.cell;
    let e = (theme.grid_width * c / 2.0).max(0.0);
    let mut fill = String::new();
    for (row, col) in holes.iter().map(at) {
        let (x, y) = scene.corner(row, col);
        let s = num(c + 2.0 * e);
        let _ = write!(fill, "M{} {}h{s}v{s}h-{s}z", num(x - e), num(y - e));
    }
    let mut g = Group::new().add(Path::new().set("d", fill).set("fill", theme.hole.hex()));
    let mut d = String::new();
    for (row, col) in holes.iter().map(at) {
        let (x, y) = scene.corner(row, col);
        match theme.hole_mark {
            HoleMark::None => {}
            HoleMark::Hatch => {
                // Lines x + y = k c / 4 inside the cell.
                for k in 1..8 {
                    let s = k as f64 * c / 4.0;
                    let (a, z) = if s <= c {
                        ((x + s, y), (x, y + s))
                    } else {
                        ((x + c, y + s - c), (x + s - c, y + c))
                    };
                    let _ = write!(d, "M{} {}L{} {}", num(a.0), num(a.1), num(z.0), num(z.1));
                }
            }
            HoleMark::Cross => {
                let i = c * 0.18;
                let (l, t, r, bt) = (num(x + i), num(y + i), num(x + c - i), num(y + c - i));
                let _ = write!(
                    d,
                    "M{l} {t}L{r} {bt}M{r} {t}L{l} {bt}M{l} {t}H{r}V{bt}H{l}z"
                );
            }
        }
    }
    if !d.is_empty() && theme.hole_line_width > 0.0 {
        g = g.add(
            Path::new()
                .set("d", d)
                .set("fill", "none")
                .set("stroke", theme.hole_line.hex())
                .set("stroke-width", num(theme.hole_line_width * c))
                .set("stroke-linecap", "round"),
        );
    }
    g
}

fn grid(scene: &Scene, theme: &Theme) -> Path {
    let b = scene.board;
    let (x0, y0) = scene.origin();
    let c = scene.cell;
    let mut d = String::new();
    let (wn, hn) = (num(b.cols as f64 * c), num(b.rows as f64 * c));
    for r in 0..=b.rows {
        let _ = write!(d, "M{} {}h{wn}", num(x0), num(y0 + r as f64 * c));
    }
    for col in 0..=b.cols {
        let _ = write!(d, "M{} {}v{hn}", num(x0 + col as f64 * c), num(y0));
    }
    Path::new()
        .set("d", d)
        .set("fill", "none")
        .set("stroke", theme.grid.hex())
        .set("stroke-width", num(theme.grid_width * c))
        .set("stroke-linecap", "square")
}

fn tiles(tour: &Tour, scene: &Scene, theme: &Theme) -> Group {
    // Tiles come from a grid of cuts; shading by band parity keeps neighbours apart.
    let mut rows: Vec<u32> = tour.tiles.iter().map(|t| t.row).collect();
    let mut cols: Vec<u32> = tour.tiles.iter().map(|t| t.col).collect();
    rows.sort_unstable();
    rows.dedup();
    cols.sort_unstable();
    cols.dedup();
    let (mut da, mut db) = (String::new(), String::new());
    let c = scene.cell;
    for t in &tour.tiles {
        let band =
            rows.binary_search(&t.row).unwrap_or(0) + cols.binary_search(&t.col).unwrap_or(0);
        let (x, y) = scene.corner(t.row, t.col);
        let d = if band % 2 == 0 { &mut da } else { &mut db };
        let _ = write!(
            d,
            "M{} {}h{}v{}h-{}z",
            num(x),
            num(y),
            num(t.cols as f64 * c),
            num(t.rows as f64 * c),
            num(t.cols as f64 * c)
        );
    }
    let outline = format!("{da}{db}");
    Group::new()
        .add(Path::new().set("d", da).set("fill", theme.tile_a.hex()))
        .add(Path::new().set("d", db).set("fill", theme.tile_b.hex()))
        .add(
            Path::new()
                .set("d", outline)
                .set("fill", "none")
                .set("stroke", theme.tile_stroke.hex())
                .set("stroke-width", num(theme.tile_stroke_width * c)),
        )
}

fn labels(scene: &Scene, theme: &Theme) -> Group {
    let b = scene.board;
    let size = (scene.cell * 0.32).min(scene.label * 0.5);
    let mut g = Group::new().set("fill", theme.label.hex());
    let mut place = |text: &str, (cx, cy): (f64, f64)| {
        let (d, w) = glyphs::outline(text, size);
        g = std::mem::take(&mut g).add(Path::new().set("d", d).set(
            "transform",
            format!("translate({} {})", num(cx - w / 2.0), num(cy + size / 2.0)),
        ));
    };
    for r in 0..b.rows {
        place(&(b.rows - r).to_string(), scene.rank_label(r));
    }
    for c in 0..b.cols {
        place(&file_name(c), scene.file_label(c));
    }
    g
}

fn numbers(
    mut doc: Document,
    tour: &Tour,
    scene: &Scene,
    theme: &Theme,
    opts: &DrawOptions,
) -> Document {
    let (blank, pre) = (&opts.blank, &opts.id_prefix);
    let c = scene.cell;
    let n = tour.path.len();
    // The tour's numbers in path order, or the written ones by square.
    let labels: Vec<(u32, u32)> = if opts.written.is_empty() {
        (0..n as u32)
            .map(|k| (tour.path[k as usize], k + 1))
            .collect()
    } else {
        (0..opts.written.len() as u32)
            .filter(|&i| opts.written[i as usize] != 0)
            .map(|i| (i, opts.written[i as usize]))
            .collect()
    };
    let longest = labels
        .iter()
        .map(|&(_, v)| v)
        .max()
        .unwrap_or(1)
        .to_string()
        .len();
    let aspect = glyphs::digit_aspect();
    // Digit height for each number length: the theme's size, shrunk to fit the cell.
    let height = |len: usize| (theme.number_size * c).min(0.84 * c / (len as f64 * aspect));
    let mut defs = Definitions::new();
    for len in 1..=longest {
        for digit in 0..10 {
            let (d, _) = glyphs::outline(&digit.to_string(), height(len));
            defs = defs.add(
                Path::new()
                    .set("id", format!("{pre}g{len}_{digit}"))
                    .set("d", d),
            );
        }
    }
    doc = doc.add(defs);
    let mut g = Group::new().set("fill", theme.number.hex());
    for &(sq, value) in &labels {
        if blank.get(sq as usize).copied().unwrap_or(false) {
            continue;
        }
        let s = tour.board.square(sq);
        let text = value.to_string();
        let len = text.len();
        let h = height(len);
        let adv = aspect * h;
        let (cx, cy) = scene.centre(s.row, s.col);
        let mut x = cx - adv * len as f64 / 2.0;
        let y = cy + h / 2.0;
        for ch in text.bytes() {
            g = g.add(
                Use::new()
                    .set("href", format!("#{pre}g{len}_{}", ch - b'0'))
                    .set("x", num(x))
                    .set("y", num(y)),
            );
            x += adv;
        }
    }
    doc = doc.add(g);
    // Flagged squares: a thick frame inside the square, over whatever it holds.
    for i in (0..opts.flagged.len() as u32).filter(|&i| opts.flagged[i as usize]) {
        doc = doc.add(frame(
            scene,
            tour.board.square(i),
            0.05,
            opts.flag_colour,
            0.1,
        ));
    }
    // First and last squares of the tour: a frame inside the square.
    if n > 0 && opts.written.is_empty() {
        for (sq, colour) in [(tour.path[0], theme.start), (tour.path[n - 1], theme.end)] {
            if blank.get(sq as usize).copied().unwrap_or(false) {
                // A frame on a blank square would give the puzzle away.
                continue;
            }
            doc = doc.add(frame(scene, tour.board.square(sq), 0.06, colour, 0.08));
        }
    }
    doc
}

/// A frame inside square `s`, `inset` and `width` in cells.
fn frame(scene: &Scene, s: crate::board::Square, inset: f64, colour: Rgb, width: f64) -> Rectangle {
    let c = scene.cell;
    let (x, y) = scene.corner(s.row, s.col);
    Rectangle::new()
        .set("x", num(x + inset * c))
        .set("y", num(y + inset * c))
        .set("width", num(c - 2.0 * inset * c))
        .set("height", num(c - 2.0 * inset * c))
        .set("fill", "none")
        .set("stroke", colour.hex())
        .set("stroke-width", num(c * width))
}

fn dots(tour: &Tour, scene: &Scene, theme: &Theme) -> Option<Path> {
    let size = theme.dot_size * scene.cell;
    // Below a pixel and a half the dots are noise (and megabytes on huge boards).
    if size < 1.5 {
        return None;
    }
    let b = tour.board;
    let mut d = String::new();
    let r = size / 2.0;
    for row in 0..b.rows {
        for col in 0..b.cols {
            if tour
                .holes
                .binary_search(&b.index(crate::board::Square::new(row, col)))
                .is_ok()
            {
                continue;
            }
            let (x, y) = scene.centre(row, col);
            match theme.pad {
                Pad::Square => {
                    let _ = write!(
                        d,
                        "M{} {}h{s}v{s}h-{s}z",
                        num(x - r),
                        num(y - r),
                        s = num(size)
                    );
                }
                Pad::None => {
                    let _ = write!(
                        d,
                        "M{} {}a{r} {r} 0 1 0 {dd} 0a{r} {r} 0 1 0 -{dd} 0z",
                        num(x - r),
                        num(y),
                        r = num(r),
                        dd = num(size)
                    );
                }
            }
        }
    }
    Some(Path::new().set("d", d).set("fill", theme.dot.hex()))
}

/// Relative path data for one move from `a` to `b`.
fn step(d: &mut String, scene: &Scene, a: (u32, u32), b: (u32, u32)) {
    let dx = (b.1 as f64 - a.1 as f64) * scene.cell;
    let dy = (b.0 as f64 - a.0 as f64) * scene.cell;
    let _ = write!(d, "l{} {}", num(dx), num(dy));
}

fn lines(
    mut doc: Document,
    tour: &Tour,
    scene: &Scene,
    theme: &Theme,
    opts: &DrawOptions,
) -> Document {
    let n = tour.path.len();
    if n == 0 {
        return doc;
    }
    let b = tour.board;
    let rc = |i: usize| {
        let s = b.square(tour.path[i]);
        (s.row, s.col)
    };
    let join = match theme.line_join {
        Join::Round => "round",
        Join::Miter => "miter",
        Join::Bevel => "bevel",
    };
    let stroke = |p: Path, colour: Rgb| {
        p.set("fill", "none")
            .set("stroke", colour.hex())
            .set("stroke-width", num(theme.line_width * scene.cell))
            .set("stroke-linejoin", join)
            .set(
                "stroke-linecap",
                if join == "round" { "round" } else { "butt" },
            )
    };
    let moves = if tour.is_closed() { n } else { n - 1 };
    let gradient = opts.gradient.unwrap_or(theme.gradient) && moves > 1;
    let at = |i: usize| {
        let (r, c) = rc(i % n);
        let (x, y) = scene.centre(r, c);
        format!("M{} {}", num(x), num(y))
    };
    if gradient {
        // One path per stretch of the tour, each in its own shade: at most 256 elements.
        let parts = moves.min(256);
        let mut g = Group::new();
        for k in 0..parts {
            let (from, to) = (k * moves / parts, (k + 1) * moves / parts);
            let mut d = at(from);
            for i in from..to {
                step(&mut d, scene, rc(i), rc((i + 1) % n));
            }
            let t = (k as f64 + 0.5) / parts as f64;
            g = g.add(stroke(
                Path::new().set("d", d),
                theme.gradient_from.mix(theme.gradient_to, t),
            ));
        }
        doc = doc.add(g);
    } else {
        let mut d = at(0);
        for i in 0..n - 1 {
            step(&mut d, scene, rc(i), rc(i + 1));
        }
        if tour.is_closed() {
            d.push('z');
        }
        doc = doc.add(stroke(Path::new().set("d", d), theme.line));
    }
    if opts.arrows {
        doc = doc.add(arrows(tour, scene, theme, moves));
    }
    let m = theme.marker_size * scene.cell;
    if m > 0.0 {
        let (r, c) = rc(0);
        let (x, y) = scene.centre(r, c);
        doc = doc.add(
            Path::new()
                .set(
                    "d",
                    format!(
                        "M{} {}a{h} {h} 0 1 0 {m} 0a{h} {h} 0 1 0 -{m} 0z",
                        num(x - m / 2.0),
                        num(y),
                        h = num(m / 2.0),
                        m = num(m)
                    ),
                )
                .set("fill", theme.start.hex()),
        );
        let (r, c) = rc(n - 1);
        let (x, y) = scene.centre(r, c);
        let e = m * 0.85;
        doc = doc.add(
            Rectangle::new()
                .set("x", num(x - e / 2.0))
                .set("y", num(y - e / 2.0))
                .set("width", num(e))
                .set("height", num(e))
                .set("fill", theme.end.hex()),
        );
    }
    doc
}

fn arrows(tour: &Tour, scene: &Scene, theme: &Theme, moves: usize) -> Path {
    let n = tour.path.len();
    let len = scene.cell * (theme.line_width * 2.2 + 0.12);
    let mut d = String::new();
    for i in 0..moves {
        let a = tour.board.square(tour.path[i]);
        let b = tour.board.square(tour.path[(i + 1) % n]);
        let (x0, y0) = scene.centre(a.row, a.col);
        let (x1, y1) = scene.centre(b.row, b.col);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let l = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (dx / l, dy / l);
        // Tip a little past the middle of the move, so that it reads as a direction.
        let (tx, ty) = (x0 + dx * 0.6, y0 + dy * 0.6);
        let (bx, by) = (tx - ux * len, ty - uy * len);
        let (px, py) = (-uy * len * 0.5, ux * len * 0.5);
        let _ = write!(
            d,
            "M{} {}L{} {}L{} {}z",
            num(tx),
            num(ty),
            num(bx + px),
            num(by + py),
            num(bx - px),
            num(by - py)
        );
    }
    Path::new().set("d", d).set("fill", theme.line.hex())
}
