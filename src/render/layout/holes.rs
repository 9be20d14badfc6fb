//! Blocked squares on the drawing: cut out of the board and hatched or crossed, or drawn as
//! a floor plan's solid macros with their outlines.

use super::super::picture::{Cap, Item, Outline, Shape};
use super::super::scene::Scene;
use super::super::theme::{HoleMark, Join, Theme};
use super::stroke;

/// Holes over the board and its grid: filled as the theme says (the page colour, for a board
/// cut out), then hatched or crossed.
pub(crate) fn holes(holes: &[u32], scene: &Scene, theme: &Theme) -> Vec<Item> {
    let b = scene.board;
    let at = |&h: &u32| scene.corner(b.square(h).row, b.square(h).col);
    let c = scene.cell;
    // A hair wider than the cell, so no grid line shows through at the edges.
    let e = (theme.grid_width * c / 2.0).max(0.0);
    let mut fill = Outline::new();
    for (x, y) in holes.iter().map(at) {
        fill.rect(x - e, y - e, c + 2.0 * e, c + 2.0 * e);
    }
    let mut items = vec![Item::fill(fill, theme.hole)];
    let mut o = Outline::new();
    let mut sorted;
    let holes = if holes.windows(2).all(|w| w[0] < w[1]) {
        holes
    } else {
        sorted = holes.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        &sorted[..]
    };
    let blocked = |i: u32| holes.binary_search(&i).is_ok();
    if theme.hole_mark == HoleMark::Macro {
        macro_outlines(holes, scene, &blocked, &mut o);
    }
    for &h in holes {
        let (x, y) = at(&h);
        let mark = match theme.hole_mark {
            // A macro's cell alone (no blocked neighbour) is marked as a blocked cell.
            HoleMark::Macro if sides(b, h).any(blocked) => HoleMark::None,
            HoleMark::Macro => HoleMark::Cross,
            m => m,
        };
        match mark {
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
                    o.move_to(a.0, a.1);
                    o.line_to(z.0, z.1);
                }
            }
            HoleMark::Cross => {
                let i = c * 0.18;
                let (l, t, r, bt) = (x + i, y + i, x + c - i, y + c - i);
                o.move_to(l, t);
                o.line_to(r, bt);
                o.move_to(r, t);
                o.line_to(l, bt);
                o.rect(l, t, r - l, bt - t);
            }
            HoleMark::Macro => unreachable!("a macro's cell is marked as none or cross"),
        }
    }
    if !o.is_empty() && theme.hole_line_width > 0.0 {
        let w = theme.hole_line_width * c;
        items.push(Item::new(
            Shape::Outline(o),
            stroke(theme.hole_line, w, Join::Round, Cap::Round),
        ));
    }
    items
}

/// The squares beside square `i` (up, down, left, right) that are on the board.
fn sides(b: crate::board::Board, i: u32) -> impl Iterator<Item = u32> {
    let s = b.square(i);
    let (r, c) = (s.row as i64, s.col as i64);
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .map(move |(dr, dc)| (r + dr, c + dc))
        .filter(move |&(r, c)| r >= 0 && c >= 0 && r < b.rows as i64 && c < b.cols as i64)
        .map(move |(r, c)| b.index(crate::board::Square::new(r as u32, c as u32)))
}

/// The outline of every blocked region: each side of a blocked cell that faces an open
/// square or the board's edge, run by run along rows and columns.
fn macro_outlines(holes: &[u32], scene: &Scene, blocked: &dyn Fn(u32) -> bool, o: &mut Outline) {
    let b = scene.board;
    let c = scene.cell;
    let open = |r: i64, col: i64| {
        r < 0
            || col < 0
            || r >= b.rows as i64
            || col >= b.cols as i64
            || !blocked(b.index(crate::board::Square::new(r as u32, col as u32)))
    };
    // Horizontal sides: above each blocked cell whose upper neighbour is open (and below),
    // joined along the row while the next cell has the same side.
    for &h in holes {
        let s = b.square(h);
        let (r, col) = (s.row as i64, s.col as i64);
        let (x, y) = scene.corner(s.row, s.col);
        for (dr, dy) in [(-1i64, 0.0), (1, c)] {
            let starts =
                open(r + dr, col) && (col == 0 || open(r, col - 1) || !open(r + dr, col - 1));
            if starts {
                let mut len = 1;
                while col + len < b.cols as i64 && !open(r, col + len) && open(r + dr, col + len) {
                    len += 1;
                }
                o.move_to(x, y + dy);
                o.line_to(x + len as f64 * c, y + dy);
            }
        }
        for (dc, dx) in [(-1i64, 0.0), (1, c)] {
            let starts =
                open(r, col + dc) && (r == 0 || open(r - 1, col) || !open(r - 1, col + dc));
            if starts {
                let mut len = 1;
                while r + len < b.rows as i64 && !open(r + len, col) && open(r + len, col + dc) {
                    len += 1;
                }
                o.move_to(x + dx, y);
                o.line_to(x + dx, y + len as f64 * c);
            }
        }
    }
}
