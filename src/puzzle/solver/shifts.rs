//! Knight's moves as shifts of a 128-bit square set, on boards of at most 128 squares without
//! holes: the domain and square rules run on single words.

use super::super::Geometry;

/// A set of at most 128 squares as one word.
pub(super) fn word(set: &[u64]) -> u128 {
    set.iter()
        .rev()
        .fold(0u128, |a, &w| a << 64 | u128::from(w))
}

/// Knight's moves on a board of at most 128 squares without holes and with 3 to 31 columns, as
/// shifts of a row-major square set: first along its rows by one or two columns (from the
/// squares that stay in their row), then by two or one whole rows, dropping what passes the
/// last square. Four masked shifts and four plain ones reach all eight moves.
#[derive(Debug, Clone, Copy)]
pub(super) struct KnightShifts {
    /// A row's length: the shift by one row.
    pub(super) row: u32,
    /// The squares that can step one column right, one left, two right and two left.
    pub(super) cols: [u128; 4],
    /// The board's squares.
    pub(super) board: u128,
}

impl KnightShifts {
    /// The moves of `geo`'s board, or `None` when its piece is not the knight, it has holes (slots are then not its squares
    /// in row-major order), more than 128 squares, fewer than 3 columns or more than 31 (so
    /// that no move shifts by 64 or more).
    pub(super) fn new(geo: &Geometry) -> Option<Self> {
        let b = geo.board;
        if !geo.piece.is_knight()
            || !geo.holes.is_empty()
            || b.area() > 128
            || !(3..=31).contains(&b.cols)
        {
            return None;
        }
        let mut s = KnightShifts {
            row: b.cols,
            cols: [0; 4],
            board: 0,
        };
        for q in 0..b.area() as u32 {
            let c = q % b.cols;
            for (mask, ok) in
                s.cols
                    .iter_mut()
                    .zip([c + 1 < b.cols, c >= 1, c + 2 < b.cols, c >= 2])
            {
                *mask |= u128::from(ok) << q;
            }
            s.board |= 1 << q;
        }
        Some(s)
    }

    /// `set` moved a column right, a column left, two right and two left, within its rows.
    #[inline]
    pub(super) fn sideways(&self, set: u128) -> [u128; 4] {
        let [r1, l1, r2, l2] = self.cols;
        [
            (set & r1) << 1,
            (set & l1) >> 1,
            (set & r2) << 2,
            (set & l2) >> 2,
        ]
    }

    /// The shifts by one row and by two. Under 64 (see `new`): masked so, a shift needs no
    /// test of its size.
    #[inline]
    pub(super) fn rows(&self) -> (u32, u32) {
        (self.row & 63, (2 * self.row) & 63)
    }

    /// `set` moved by each knight's move in turn (squares leaving the board dropped).
    #[inline]
    pub(super) fn moved(&self, set: u128) -> [u128; 8] {
        let [r1, l1, r2, l2] = self.sideways(set);
        let (one, two) = self.rows();
        let b = self.board;
        [
            (r1 << two) & b,
            (l1 << two) & b,
            r1 >> two,
            l1 >> two,
            (r2 << one) & b,
            (l2 << one) & b,
            r2 >> one,
            l2 >> one,
        ]
    }

    /// The squares a knight's move from some square of `set`.
    #[inline]
    pub(super) fn reach(&self, set: u128) -> u128 {
        let [r1, l1, r2, l2] = self.sideways(set);
        let (one, two) = self.rows();
        let (a, b) = (r1 | l1, r2 | l2);
        ((a << two | b << one) & self.board) | a >> two | b >> one
    }
}
