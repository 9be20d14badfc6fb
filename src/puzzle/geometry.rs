//! The geometry the puzzle solvers share: a piece's moves between a board's open squares,
//! numbered as slots, and all-pairs distances.

use std::collections::VecDeque;

use super::NONE;
use crate::board::Board;
use crate::piece::Piece;
use crate::shape::Shape;
use crate::tour::{Kind, Tour};

/// Distance meaning "no path" (boards where the piece's graph falls apart).
pub(crate) const UNREACHABLE: u8 = u8::MAX;

/// A piece's moves and all-pairs distances on one board's open squares, shared by the
/// solvers.
///
/// The solvers number the open squares `0..len()` in row-major order ("slots"), so that on a
/// shaped board numbers and slots still correspond one to one; on a plain rectangle a slot is
/// the square's row-major index.
#[derive(Debug, Clone)]
pub struct Geometry {
    /// The board.
    pub board: Board,
    /// Row-major indices of the blocked squares, sorted (empty on a plain rectangle).
    pub(crate) holes: Vec<u32>,
    /// Row-major index of each slot.
    cells: Vec<u32>,
    /// Slot of each row-major square; `NONE` on a hole.
    slots: Vec<u32>,
    /// Colour of each slot; 1 everywhere for a piece whose moves keep or may keep colour, so
    /// that colour rules see one colour and ask only for counts.
    colours: Vec<u8>,
    /// The piece.
    pub(crate) piece: Piece,
    /// Neighbours of each slot, `NONE`-padded to eight.
    pub(crate) adj: Vec<[u32; 8]>,
    /// Number of neighbours of each slot.
    pub(crate) deg: Vec<u8>,
    dist: Vec<u8>,
}

impl Geometry {
    /// The knight's geometry of a plain rectangle.
    pub fn new(board: Board) -> Self {
        Geometry::on_shape(&Shape::rect(board))
    }

    /// The knight's geometry of a shaped board.
    pub fn on_shape(shape: &Shape) -> Self {
        Geometry::of_piece(shape, Piece::KNIGHT)
    }

    /// Builds `piece`'s move table of the open squares and, by one breadth-first search per
    /// square, the distances (through open squares only).
    pub fn of_piece(shape: &Shape, piece: Piece) -> Self {
        let board = shape.board();
        let blocked = shape.blocked();
        let cells: Vec<u32> = (0..board.area() as u32)
            .filter(|&i| !blocked[i as usize])
            .collect();
        let mut slots = vec![NONE; board.area()];
        for (k, &c) in cells.iter().enumerate() {
            slots[c as usize] = k as u32;
        }
        let n = cells.len();
        let mut adj = vec![[NONE; 8]; n];
        let mut deg = vec![0u8; n];
        for (i, &c) in cells.iter().enumerate() {
            for t in board.moves_from(piece, board.square(c)) {
                let j = slots[board.index(t) as usize];
                if j != NONE {
                    adj[i][deg[i] as usize] = j;
                    deg[i] += 1;
                }
            }
        }
        let colours = cells
            .iter()
            .map(|&c| match piece.alternates() {
                true => board.square(c).colour() as u8,
                false => 1,
            })
            .collect();
        let mut dist = vec![UNREACHABLE; n * n];
        let mut queue = VecDeque::new();
        for s in 0..n {
            let row = &mut dist[s * n..(s + 1) * n];
            row[s] = 0;
            queue.push_back(s as u32);
            while let Some(u) = queue.pop_front() {
                let du = row[u as usize];
                for &v in &adj[u as usize][..deg[u as usize] as usize] {
                    if row[v as usize] == UNREACHABLE {
                        row[v as usize] = du.saturating_add(1).min(UNREACHABLE - 1);
                        queue.push_back(v);
                    }
                }
            }
        }
        Geometry {
            board,
            holes: shape.holes().to_vec(),
            cells,
            slots,
            colours,
            piece,
            adj,
            deg,
            dist,
        }
    }

    /// Whether the piece's moves change colour, so that numbers alternate colours.
    #[inline]
    pub(crate) fn alternates(&self) -> bool {
        self.piece.alternates()
    }

    /// The row-major square index of slot `s`.
    #[inline]
    pub fn cell(&self, s: u32) -> u32 {
        self.cells[s as usize]
    }

    /// The slot of row-major square `i`, or `None` on a hole.
    #[inline]
    pub fn slot(&self, i: u32) -> Option<u32> {
        self.slots.get(i as usize).copied().filter(|&s| s != NONE)
    }

    /// The colour of slot `s` (0 or 1, as [`crate::board::Square::colour`]; 1 when the piece does not
    /// alternate colours).
    #[inline]
    pub(crate) fn colour(&self, s: u32) -> u32 {
        self.colours[s as usize] as u32
    }

    /// The tour visiting `slots` in order, as row-major squares on the shaped board (not
    /// verified: callers verify before output).
    pub(crate) fn tour(&self, slots: &[u32], kind: Kind) -> Tour {
        let mut t = Tour::unchecked(
            self.board,
            slots.iter().map(|&s| self.cell(s)).collect(),
            kind,
        );
        t.holes = self.holes.as_slice().into();
        t.piece = self.piece;
        t
    }

    /// Number of squares.
    pub fn len(&self) -> usize {
        self.deg.len()
    }

    /// Whether the board has no squares.
    pub fn is_empty(&self) -> bool {
        self.deg.is_empty()
    }

    /// Moves of the piece from square `a` to square `b` (`u8::MAX` when unreachable).
    #[inline]
    pub fn dist(&self, a: u32, b: u32) -> u8 {
        self.dist[a as usize * self.len() + b as usize]
    }

    /// The neighbours of square `s`.
    #[inline]
    pub fn neighbours(&self, s: u32) -> &[u32] {
        &self.adj[s as usize][..self.deg[s as usize] as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: u32, c: u32) -> Board {
        Board::new(r, c).unwrap()
    }

    #[test]
    fn distances_match_known_values() {
        let g = Geometry::new(b(8, 8));
        let a1 = 56;
        let h8 = 7;
        assert_eq!(g.dist(a1, h8), 6);
        assert_eq!(
            g.dist(0, 9),
            4,
            "a8 to b7 (diagonal neighbour in the corner)"
        );
        assert_eq!(g.dist(0, 17), 1);
        assert_eq!(g.dist(0, 0), 0);
        let three = Geometry::new(b(3, 3));
        assert_eq!(
            three.dist(0, 4),
            UNREACHABLE,
            "the centre of 3x3 is cut off"
        );
    }
}
