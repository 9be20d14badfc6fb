//! Tours with prescribed ends on boards 3 or 4 squares wide, built from the moves that the
//! exact column search of the existence rules finds (`existence/columns.rs`): each square's two
//! neighbours are read off the moves, then the path is walked from the start.

use crate::board::{Board, Square};
use crate::existence::columns::{self, orient, BACK};
use crate::tour::{Kind, Tour};

/// An open tour from `s` to `t` on a board at most 4 squares wide, if one exists.
pub(crate) fn construct(board: Board, s: Square, t: Square) -> Option<Tour> {
    let walk = columns::moves(board, s, t)?;
    let (h, choices) = (walk.h, walk.choices);
    let n = choices.len();
    // Each square's (up to two) neighbours, from the moves back.
    let idx = |r: usize, c: usize| c * h + r;
    let mut nb = vec![[u32::MAX; 2]; h * n];
    for (c, &ch) in choices.iter().enumerate() {
        for r in 0..h {
            for (k, &(dr, dc)) in BACK.iter().enumerate() {
                if ch >> (4 * r + k) & 1 == 1 {
                    let (a, z) = (idx(r, c), idx((r as i32 + dr) as usize, c - dc));
                    for (x, y) in [(a, z), (z, a)] {
                        let slot = if nb[x][0] == u32::MAX { 0 } else { 1 };
                        nb[x][slot] = y as u32;
                    }
                }
            }
        }
    }
    let (sr, sc) = orient(board, s);
    let mut path = Vec::with_capacity(h * n);
    let (mut prev, mut at) = (u32::MAX, idx(sr, sc as usize) as u32);
    loop {
        let (r, c) = (at as usize % h, at as usize / h);
        let sq = if board.rows <= board.cols {
            Square::new(r as u32, c as u32)
        } else {
            Square::new(c as u32, r as u32)
        };
        path.push(board.index(sq));
        let [a, z] = nb[at as usize];
        let next = if a != prev { a } else { z };
        if next == u32::MAX || path.len() == h * n {
            break;
        }
        prev = at;
        at = next;
    }
    Some(Tour::unchecked(board, path, Kind::Open))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::existence::columns::feasible;
    use crate::solve::ends_search;

    #[test]
    fn agrees_with_exhaustive_search_and_builds_what_it_finds() {
        for (r, c) in [
            (3, 4),
            (3, 7),
            (3, 8),
            (4, 5),
            (4, 6),
            (3, 10),
            (5, 4),
            (7, 3),
        ] {
            let b = Board::new(r, c).unwrap();
            for s in 0..b.area() as u32 {
                let ends = ends_search::ends_from(b, s).unwrap();
                for t in 0..b.area() as u32 {
                    let (ss, tt) = (b.square(s), b.square(t));
                    let want = ends & (1 << t) != 0;
                    assert_eq!(feasible(b, ss, tt), want, "{b} {ss:?} {tt:?}");
                    if want {
                        let tour = construct(b, ss, tt).unwrap();
                        tour.verify().unwrap();
                        assert_eq!((tour.path[0], *tour.path.last().unwrap()), (s, t));
                    }
                }
            }
        }
    }
}
