//! Closed tours of free leapers (the zebra, the giraffe) on large boards in O(rows x cols), the
//! way Kamcev ("Generalised knight's tours", 2014) builds them: the board is cut into tiles
//! two even sides and one odd (10, 12 and 13 for the giraffe; 10, 14 and 11 for the zebra),
//! each tile gets a closed tour found once by search (kept in `leaper_tiles/data.rs`), and neighbouring tiles' cycles are merged into one: a move u-v of
//! one tile and a move x-y of the next, with u-x and v-y moves of the piece across their
//! border, become u-x and v-y. Tiles are merged along each row of tiles, then down the first
//! column, so every merge joins two different cycles.

mod data;

use super::links::Links;
use crate::board::Board;
use crate::piece::Piece;

/// A tile's closed tour: its size and its squares (row-major indices) in order.
#[derive(Debug, Clone)]
struct Tile {
    rows: u32,
    cols: u32,
    path: Vec<u32>,
}

impl Tile {
    /// The same tour of the tile turned over its diagonal (a leaper's moves are symmetric).
    fn turned(&self) -> Tile {
        let path = self
            .path
            .iter()
            .map(|&i| (i % self.cols) * self.rows + i / self.cols)
            .collect();
        Tile {
            rows: self.cols,
            cols: self.rows,
            path,
        }
    }
}

/// The tiles kept for a leap: every size the cuts use, turned ones included.
fn tiles(leap: (u32, u32)) -> Option<Vec<Tile>> {
    let kept: Vec<Tile> = data::TILES
        .iter()
        .filter(|t| (t.0, t.1) == leap)
        .map(|t| Tile {
            rows: t.2,
            cols: t.3,
            path: t.4.iter().map(|&i| u32::from(i)).collect(),
        })
        .collect();
    if kept.is_empty() {
        return None;
    }
    let mut all = kept.clone();
    all.extend(kept.iter().filter(|t| t.rows != t.cols).map(Tile::turned));
    Some(all)
}

/// The sides a leaper's kept tiles come in: two even ones and, where kept, one odd.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Sides {
    small: u32,
    large: u32,
    odd: Option<u32>,
}

impl Sides {
    /// The sides of the tiles kept for `leap`.
    fn of(leap: (u32, u32)) -> Option<Sides> {
        let mut even: Vec<u32> = Vec::new();
        let mut odd = None;
        for t in data::TILES.iter().filter(|t| (t.0, t.1) == leap) {
            for side in [t.2, t.3] {
                if side % 2 == 1 {
                    odd = Some(side);
                } else if !even.contains(&side) {
                    even.push(side);
                }
            }
        }
        even.sort_unstable();
        Some(Sides {
            small: *even.first()?,
            large: *even.last()?,
            odd,
        })
    }

    /// `size` as a sum of the even sides, the large ones first, and the odd side once when
    /// it is odd (the tiles' areas stay even, as a closed tour of a piece whose moves change
    /// colour needs); the odd side goes last.
    fn split(self, size: u32) -> Option<Vec<u32>> {
        let even = if size % 2 == 1 {
            size.checked_sub(self.odd?)?
        } else {
            size
        };
        let (a, b) = (self.small, self.large);
        let mut out = (0..=even / b).rev().find_map(|k| {
            let rest = even - b * k;
            (rest % a == 0).then(|| {
                let mut v = vec![b; k as usize];
                v.extend(std::iter::repeat_n(a, (rest / a) as usize));
                v
            })
        })?;
        if size % 2 == 1 {
            out.extend(self.odd);
        }
        (!out.is_empty()).then_some(out)
    }
}

/// The tiles `cycle` cuts `board` into, row by row.
pub(super) fn layout(board: Board, piece: Piece) -> Option<Vec<crate::tour::Tile>> {
    let sides = Sides::of(piece.leap()?)?;
    let (heights, widths) = (sides.split(board.rows)?, sides.split(board.cols)?);
    let mut out = Vec::with_capacity(heights.len() * widths.len());
    let mut row = 0;
    for &rows in &heights {
        let mut col = 0;
        for &cols in &widths {
            out.push(crate::tour::Tile {
                row,
                col,
                rows,
                cols,
            });
            col += cols;
        }
        row += rows;
    }
    Some(out)
}

/// A closed tour of `piece` (a leaper with kept tiles) over `board`, as squares in order;
/// `None` when the board cannot be cut into kept tiles (too small, both sides odd) or a merge
/// finds no pair of moves.
pub(super) fn cycle(board: Board, piece: Piece) -> Option<Vec<u32>> {
    let leap = piece.leap()?;
    let tiles = tiles(leap)?;
    let sides = Sides::of(leap)?;
    let (heights, widths) = (sides.split(board.rows)?, sides.split(board.cols)?);
    if board.rows % 2 == 1 && board.cols % 2 == 1 {
        return None;
    }
    let n = board.area();
    let cols = board.cols as usize;
    let mut nb = Links::new(n);
    // Tile origins, row by row.
    let mut origins: Vec<Vec<(u32, u32, u32, u32)>> = Vec::with_capacity(heights.len());
    let mut r0 = 0;
    for &h in &heights {
        let mut row = Vec::with_capacity(widths.len());
        let mut c0 = 0;
        for &w in &widths {
            let tile = tiles.iter().find(|t| (t.rows, t.cols) == (h, w))?;
            let at = |i: u32| (r0 + i / w) * board.cols + c0 + i % w;
            let p = &tile.path;
            for k in 0..p.len() {
                nb.link(at(p[k]), at(p[(k + 1) % p.len()]));
            }
            row.push((r0, c0, h, w));
            c0 += w;
        }
        origins.push(row);
        r0 += h;
    }
    let moves: Vec<(i64, i64)> = piece
        .moves()
        .iter()
        .map(|&(dr, dc)| (i64::from(dr), i64::from(dc)))
        .collect();
    let inside = |t: (u32, u32, u32, u32), q: u32| {
        let (r, c) = (q / board.cols, q % board.cols);
        r >= t.0 && r < t.0 + t.2 && c >= t.1 && c < t.1 + t.3
    };
    let step = |q: u32, (dr, dc): (i64, i64)| {
        let r = i64::from(q / board.cols) + dr;
        let c = i64::from(q % board.cols) + dc;
        (r >= 0 && c >= 0 && r < i64::from(board.rows) && c < i64::from(board.cols))
            .then(|| (r as usize * cols + c as usize) as u32)
    };
    let is_move = |a: u32, b: u32| Board::is_move(piece, board.square(a), board.square(b));
    let reach = i64::from(leap.1) as u32;
    // Merges one tile's cycle into its neighbour's: a move u-v of `one` near the border and a
    // move x-y of `other` with u-x and v-y moves become those two moves.
    let merge =
        |nb: &mut Links, one: (u32, u32, u32, u32), other: (u32, u32, u32, u32)| -> Option<()> {
            // The squares of `one` within a leap of `other`.
            let (r_lo, r_hi, c_lo, c_hi) = if other.1 > one.1 {
                (
                    one.0,
                    one.0 + one.2,
                    (one.1 + one.3).saturating_sub(reach),
                    one.1 + one.3,
                )
            } else {
                (
                    (one.0 + one.2).saturating_sub(reach),
                    one.0 + one.2,
                    one.1,
                    one.1 + one.3,
                )
            };
            for r in r_lo..r_hi {
                for c in c_lo..c_hi {
                    let u = r * board.cols + c;
                    for v in nb.of(u) {
                        if !inside(one, v) {
                            continue;
                        }
                        for &mv in &moves {
                            let Some(x) = step(u, mv) else { continue };
                            if !inside(other, x) {
                                continue;
                            }
                            for y in nb.of(x) {
                                if inside(other, y) && is_move(v, y) {
                                    nb.swap((u, v), (x, y));
                                    return Some(());
                                }
                            }
                        }
                    }
                }
            }
            None
        };
    for row in &origins {
        for j in 1..row.len() {
            merge(&mut nb, row[j - 1], row[j])?;
        }
    }
    for i in 1..origins.len() {
        merge(&mut nb, origins[i - 1][0], origins[i][0])?;
    }
    // Walk the one cycle.
    let path = nb.walk(0, nb.of(0)[0], n);
    (path.len() == n && nb.of(path[n - 1]).contains(&0)).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;
    use crate::tour::{Kind, Tour};

    #[test]
    fn every_kept_tile_is_a_closed_tour_of_its_leaper() {
        for t in data::TILES {
            let board = Board::new(t.2, t.3).unwrap();
            let piece = Piece::leaper(t.0, t.1).unwrap();
            let path: Vec<u32> = t.4.iter().map(|&i| u32::from(i)).collect();
            Tour::of_piece(&Shape::rect(board), path, Kind::Closed, Vec::new(), piece)
                .unwrap_or_else(|e| panic!("{piece} {board}: {e}"));
        }
    }

    #[test]
    fn sides_cover_every_large_size() {
        let giraffe = Sides::of((1, 4)).unwrap();
        assert_eq!(
            giraffe,
            Sides {
                small: 10,
                large: 12,
                odd: Some(13)
            }
        );
        let zebra = Sides::of((2, 3)).unwrap();
        assert_eq!(
            zebra,
            Sides {
                small: 10,
                large: 14,
                odd: Some(11)
            }
        );
        // 2 x 19 and 2 x 23 are the largest even sizes the even sides miss (the Frobenius
        // numbers of 5 and 6, and of 5 and 7); an odd size adds the odd side.
        for (sides, from) in [(giraffe, 40), (zebra, 48)] {
            for size in from..400 {
                let Some(s) = sides.split(size) else {
                    assert!(size % 2 == 1 && size < from + sides.odd.unwrap(), "{size}");
                    continue;
                };
                assert_eq!(s.iter().sum::<u32>(), size);
                assert_eq!(
                    s.iter().filter(|&&x| x % 2 == 1).count(),
                    (size % 2) as usize
                );
            }
        }
        assert_eq!(giraffe.split(22), Some(vec![12, 10]));
        assert_eq!(giraffe.split(13), Some(vec![13]));
        for none in [9, 11, 14, 38, 51] {
            assert_eq!(giraffe.split(none), None, "{none}");
        }
        assert_eq!(zebra.split(12), None);
        assert_eq!(zebra.split(21), Some(vec![10, 11]));
    }

    #[test]
    fn zebra_and_giraffe_cycles_of_large_boards_are_tours() {
        for name in ["zebra", "giraffe"] {
            let piece: Piece = name.parse().unwrap();
            for (m, n) in [(10, 10), (20, 34), (53, 30), (60, 61), (100, 100)] {
                let board = Board::new(m, n).unwrap();
                let p = cycle(board, piece).unwrap_or_else(|| panic!("{name} {board}"));
                Tour::of_piece(&Shape::rect(board), p, Kind::Closed, Vec::new(), piece)
                    .unwrap_or_else(|e| panic!("{name} {board}: {e}"));
            }
            assert!(
                cycle(Board::new(43, 45).unwrap(), piece).is_none(),
                "odd area"
            );
        }
    }
}
