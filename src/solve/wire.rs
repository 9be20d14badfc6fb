//! The wazir's (and so the king's) tour of a board whose blocked squares are whole 2x2 cells
//! of its grid of 2x2 cells (macros with even sides at even places, as floor plans are
//! drawn): the routing case, in O(rows x cols). The free cells' graph gets a spanning tree,
//! and the wire runs round it: each free cell is a ring of four squares, and each tree edge
//! opens the two rings' facing sides and joins them by two parallel steps, so the rings
//! become one cycle through every free square. An open wire between two neighbouring squares
//! is that cycle opened at their step, which the tree is made to keep.

use std::collections::VecDeque;

use super::links::Links;
use crate::board::Square;
use crate::shape::Shape;

/// A side of a cell, and the step between neighbouring cells across it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Right,
    Down,
}

/// A cell (row-major in the grid of 2x2 cells) and one of its sides: the edge to the
/// neighbour cell across it.
type CellEdge = (u32, Side);

/// A closed wire through every open square of `shape` (starting at `start`), or an open one
/// from `start` to `end` where the two are neighbours; `None` where the blocked squares are
/// not whole 2x2 cells, the free cells fall apart, or the ends are not neighbours.
pub(super) fn wire(shape: &Shape, start: Square, end: Option<Square>) -> Option<Vec<u32>> {
    let board = shape.board();
    let (m, n) = (board.rows, board.cols);
    if m % 2 == 1 || n % 2 == 1 || shape.open_count() < 4 {
        return None;
    }
    let (rows, cols) = (m / 2, n / 2);
    let blocked = shape.blocked();
    let cell_of = |q: Square| (q.row / 2) * cols + q.col / 2;
    // A cell is free or blocked as a whole.
    let mut free = vec![false; (rows * cols) as usize];
    for c in 0..rows * cols {
        let (r0, c0) = (2 * (c / cols), 2 * (c % cols));
        let squares = [(0, 0), (0, 1), (1, 0), (1, 1)]
            .map(|(dr, dc)| blocked[board.index(Square::new(r0 + dr, c0 + dc)) as usize]);
        if squares.iter().any(|&b| b != squares[0]) {
            return None;
        }
        free[c as usize] = !squares[0];
    }
    if blocked[board.index(start) as usize] {
        return None;
    }
    // The cell edge the open wire's step needs: kept out of the tree when the two ends share
    // a cell (the ring's side between them stays), put into it when they face each other
    // across a border (the parallel steps join them).
    let (mut keep_out, mut keep_in): (Option<CellEdge>, Option<CellEdge>) = (None, None);
    if let Some(t) = end {
        let (a, b) = if (start.row, start.col) < (t.row, t.col) {
            (start, t)
        } else {
            (t, start)
        };
        if a.row.abs_diff(b.row) + a.col.abs_diff(b.col) != 1 || blocked[board.index(b) as usize] {
            return None;
        }
        let across = if a.row == b.row {
            Side::Right
        } else {
            Side::Down
        };
        if cell_of(a) == cell_of(b) {
            // The ring's side between them faces the neighbour cell on the other side of
            // the cell: a step along the top row is the top side, and so on.
            let c = cell_of(a);
            let (cr, cc) = (c / cols, c % cols);
            keep_out = match across {
                Side::Right if a.row % 2 == 0 => (cr > 0).then(|| (c - cols, Side::Down)),
                Side::Right => Some((c, Side::Down)),
                Side::Down if a.col % 2 == 0 => (cc > 0).then(|| (c - 1, Side::Right)),
                Side::Down => Some((c, Side::Right)),
            };
        } else {
            keep_in = Some((cell_of(a), across));
        }
    }
    // Breadth-first spanning tree of the free cells.
    let neighbours = |c: u32| {
        let (cr, cc) = (c / cols, c % cols);
        [
            (cc + 1 < cols).then(|| (c + 1, (c, Side::Right))),
            (cr + 1 < rows).then(|| (c + cols, (c, Side::Down))),
            (cc > 0).then(|| (c - 1, (c - 1, Side::Right))),
            (cr > 0).then(|| (c - cols, (c - cols, Side::Down))),
        ]
    };
    let mut seen = vec![false; free.len()];
    let mut tree: Vec<CellEdge> = Vec::new();
    let root = cell_of(start);
    let mut queue = VecDeque::from([root]);
    seen[root as usize] = true;
    if let Some((c, side)) = keep_in {
        let other = if side == Side::Right { c + 1 } else { c + cols };
        let far = if other == root { c } else { other };
        seen[far as usize] = true;
        tree.push((c, side));
        queue.push_back(far);
    }
    while let Some(c) = queue.pop_front() {
        for (d, edge) in neighbours(c).into_iter().flatten() {
            if free[d as usize] && !seen[d as usize] && Some(edge) != keep_out {
                seen[d as usize] = true;
                tree.push(edge);
                queue.push_back(d);
            }
        }
    }
    if (0..free.len()).any(|c| free[c] && !seen[c]) {
        return None;
    }
    // Each free cell's ring, then each tree edge's join.
    let area = board.area();
    let mut nb = Links::new(area);
    let sq = |c: u32, dr: u32, dc: u32| {
        board.index(Square::new(2 * (c / cols) + dr, 2 * (c % cols) + dc))
    };
    for c in (0..rows * cols).filter(|&c| free[c as usize]) {
        let (tl, tr, bl, br) = (sq(c, 0, 0), sq(c, 0, 1), sq(c, 1, 0), sq(c, 1, 1));
        for (a, b) in [(tl, tr), (tr, br), (br, bl), (bl, tl)] {
            nb.link(a, b);
        }
    }
    for &(c, side) in &tree {
        let (a1, a2, b1, b2) = match side {
            // A's right side (tr, br) and B's left side (tl, bl).
            Side::Right => (sq(c, 0, 1), sq(c, 1, 1), sq(c + 1, 0, 0), sq(c + 1, 1, 0)),
            // A's bottom side (bl, br) and B's top side (tl, tr).
            Side::Down => (
                sq(c, 1, 0),
                sq(c, 1, 1),
                sq(c + cols, 0, 0),
                sq(c + cols, 0, 1),
            ),
        };
        nb.swap((a1, a2), (b1, b2));
    }
    // Walk the cycle from the start, toward the end's side when there is one.
    let s = board.index(start);
    let first = match end {
        Some(t) => {
            let t = board.index(t);
            if !nb.of(s).contains(&t) {
                return None;
            }
            // Leave by the other step, so the walk finishes on the end.
            let [x, y] = nb.of(s);
            if x == t {
                y
            } else {
                x
            }
        }
        None => nb.of(s)[0],
    };
    let open = shape.open_count();
    let path = nb.walk(s, first, open);
    (path.len() == open).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use crate::tour::{Kind, Tour};

    #[test]
    fn wires_go_round_macros_closed_and_between_neighbours() {
        let shape = Shape::with_blocks(
            20,
            24,
            &[(2, 2, 4, 6), (10, 12, 6, 4), (0, 20, 2, 4), (16, 0, 4, 8)],
        );
        let wazir = Piece::leaper(0, 1).unwrap();
        let b = shape.board();
        let check = |p: Vec<u32>, kind: Kind| {
            Tour::of_piece(&shape, p, kind, Vec::new(), wazir).expect("a wazir tour");
        };
        check(wire(&shape, Square::new(0, 0), None).unwrap(), Kind::Closed);
        // Every pair of open neighbours, within a cell and across cells.
        let mut pairs = 0;
        for i in 0..b.area() as u32 {
            let s = b.square(i);
            for t in [Square::new(s.row, s.col + 1), Square::new(s.row + 1, s.col)] {
                if t.row >= b.rows
                    || t.col >= b.cols
                    || shape.is_hole(b.index(t))
                    || shape.is_hole(i)
                {
                    continue;
                }
                let p = wire(&shape, s, Some(t)).unwrap_or_else(|| panic!("{s:?} {t:?}"));
                assert_eq!(p.last(), Some(&b.index(t)));
                check(p, Kind::Open);
                pairs += 1;
            }
        }
        assert!(pairs > 700, "{pairs}");
        // Blocks off the 2x2 grid, and ends apart: not this construction's.
        assert!(wire(
            &Shape::with_blocks(20, 24, &[(3, 2, 4, 6)]),
            Square::new(0, 0),
            None
        )
        .is_none());
        assert!(wire(&shape, Square::new(0, 0), Some(Square::new(0, 2))).is_none());
        // A wall of macros cutting the board in two: the free cells fall apart.
        assert!(wire(
            &Shape::with_blocks(8, 8, &[(0, 4, 8, 2)]),
            Square::new(0, 0),
            None
        )
        .is_none());
    }
}
