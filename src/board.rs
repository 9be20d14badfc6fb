//! Boards, squares and notation; the moves come from [`crate::piece`].

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::piece::Piece;

/// The knight's eight moves as (row delta, column delta) in [`Piece::KNIGHT`]'s order, as a
/// constant for the knight-only constructions and searches that index it.
pub(crate) const KNIGHT_MOVES: [(i32, i32); 8] = Piece::KNIGHT.moves;

/// The knight's moves in ascending (rows down, columns right) order: the order reports list
/// the directions in and varied tours count them. Derived from [`Piece::KNIGHT`].
pub(crate) const KNIGHT_DIRECTIONS: [(i32, i32); 8] = ascending(KNIGHT_MOVES);

/// `moves` sorted ascending (an insertion sort the compiler runs).
const fn ascending(mut moves: [(i32, i32); 8]) -> [(i32, i32); 8] {
    let mut i = 1;
    while i < moves.len() {
        let mut j = i;
        while j > 0
            && (moves[j - 1].0 > moves[j].0
                || (moves[j - 1].0 == moves[j].0 && moves[j - 1].1 > moves[j].1))
        {
            let t = moves[j - 1];
            moves[j - 1] = moves[j];
            moves[j] = t;
            j -= 1;
        }
        i += 1;
    }
    moves
}

/// The name of file (column) `col`: a, b, ..., z, aa, ab, ... (bijective base 26).
pub(crate) fn file_name(col: u32) -> String {
    let mut letters = [0u8; 8];
    let n = file_letters(&mut letters, col);
    String::from_utf8(letters[..n].to_vec()).expect("ascii")
}

/// Writes the file letters of column `col` at the start of `dst` (at least 8 bytes) and
/// returns their length: the writers' form of [`file_name`], with no allocation.
pub(crate) fn file_letters(dst: &mut [u8], col: u32) -> usize {
    let mut tmp = [0u8; 8];
    let mut k = tmp.len();
    let mut n = col as u64 + 1;
    while n > 0 {
        k -= 1;
        tmp[k] = b'a' + ((n - 1) % 26) as u8;
        n = (n - 1) / 26;
    }
    dst[..8 - k].copy_from_slice(&tmp[k..]);
    8 - k
}

/// Splits square indices into row and column without a division: for 32-bit `a` and `d`,
/// `a / d = (a * (floor((2^64 - 1) / d) + 1)) >> 64` (Lemire, Kaser & Kurz 2019), which
/// matters where every square of a 10^8-square tour is split.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Splitter {
    cols: u32,
    m: u128,
}

impl Splitter {
    /// A splitter for rows of `cols` squares.
    pub(crate) fn new(cols: u32) -> Splitter {
        Splitter {
            cols,
            m: u128::from(u64::MAX) / u128::from(cols.max(1)) + 1,
        }
    }

    /// `(index / cols, index % cols)`.
    #[inline]
    pub(crate) fn split(self, index: u32) -> (u32, u32) {
        let r = ((index as u128 * self.m) >> 64) as u32;
        (r, index - r * self.cols)
    }
}

/// Largest board accepted: indices must fit in `u32` and a path costs 4 bytes a square.
pub(crate) const MAX_SQUARES: u64 = 1 << 30;

/// Bytes a square costs while a tour is built and verified: the path (4), its tiles (1/4) and
/// the verifier's visited sets (1/8 a board's worth, up to 2 in all on two or more cores).
pub(crate) const BYTES_PER_SQUARE: f64 = 4.5;

/// Errors from parsing boards and squares.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BoardError {
    /// The text is not a board size.
    #[error("'{0}' is not a board size; hint: write ROWSxCOLS such as 8x8 or 6x10, or one number for a square board")]
    Syntax(String),
    /// A side is zero.
    #[error("board '{0}' has a side of zero; hint: both sides must be at least 1")]
    Empty(String),
    /// The board is too large to hold in memory.
    #[error("board {rows}x{cols} has {squares} squares and would need about {need} of memory; hint: the limit is {limit} squares")]
    TooLarge {
        /// Rows asked for.
        rows: u64,
        /// Columns asked for.
        cols: u64,
        /// rows * cols.
        squares: u128,
        /// Human-readable memory estimate.
        need: String,
        /// The square limit.
        limit: u64,
    },
    /// The text is not a square.
    #[error("'{0}' is not a square; hint: write algebraic notation such as c3 (files from the left, ranks from the bottom) or ROW,COL zero-based such as 2,1")]
    SquareSyntax(String),
    /// The square lies outside the board.
    #[error("square '{text}' is off the {board} board; hint: {}", .board.ranges(*.algebraic))]
    OffBoard {
        /// What was written.
        text: String,
        /// The board.
        board: Board,
        /// Whether it was written in algebraic notation (the hint answers in the same one).
        algebraic: bool,
    },
}

/// A rectangular board of `rows` x `cols` squares; row 0 is the top row as drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// Number of rows (the first number of `ROWSxCOLS`).
    pub rows: u32,
    /// Number of columns.
    pub cols: u32,
}

/// A square by zero-based row and column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Zero-based row, 0 at the top.
    pub row: u32,
    /// Zero-based column, 0 at the left.
    pub col: u32,
}

impl Square {
    /// Makes a square from row and column.
    pub const fn new(row: u32, col: u32) -> Self {
        Square { row, col }
    }

    /// Colour parity: squares with the same parity as the corner `[0, 0]` return 0.
    pub const fn colour(self) -> u32 {
        (self.row + self.col) & 1
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.row, self.col)
    }
}

/// Parses a whole number in the one grammar every option uses: surrounding spaces allowed,
/// then `0` or digits not starting with `0`; no sign. `None` if it is not one or overflows.
pub(crate) fn parse_natural(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) || (t.len() > 1 && t.starts_with('0'))
    {
        return None;
    }
    t.parse().ok()
}

/// Formats a human-readable byte count.
pub(crate) fn human_bytes(bytes: f64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    let mut v = bytes;
    let mut u = 0;
    while v >= 1000.0 && u + 1 < UNITS.len() {
        v /= 1000.0;
        u += 1;
    }
    if u == 0 {
        format!("{v:.0} {}", UNITS[u])
    } else {
        format!("{v:.1} {}", UNITS[u])
    }
}

impl Board {
    /// Makes a board, refusing empty or too-large ones.
    pub fn new(rows: u32, cols: u32) -> Result<Self, BoardError> {
        Self::checked(rows as u64, cols as u64, &format!("{rows}x{cols}"))
    }

    fn checked(rows: u64, cols: u64, text: &str) -> Result<Self, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty(text.to_string()));
        }
        let squares = rows as u128 * cols as u128;
        if squares > MAX_SQUARES as u128 || rows > u32::MAX as u64 || cols > u32::MAX as u64 {
            return Err(BoardError::TooLarge {
                rows,
                cols,
                squares,
                need: human_bytes(squares as f64 * BYTES_PER_SQUARE),
                limit: MAX_SQUARES,
            });
        }
        Ok(Board {
            rows: rows as u32,
            cols: cols as u32,
        })
    }

    /// Number of squares.
    pub const fn area(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// The shorter side first: (min, max).
    pub fn sides(&self) -> (u32, u32) {
        (self.rows.min(self.cols), self.rows.max(self.cols))
    }

    /// The board with rows and columns swapped.
    pub const fn transposed(&self) -> Board {
        Board {
            rows: self.cols,
            cols: self.rows,
        }
    }

    /// Whether (row, col) lies on the board.
    #[inline]
    pub fn contains(&self, row: i64, col: i64) -> bool {
        row >= 0 && col >= 0 && row < self.rows as i64 && col < self.cols as i64
    }

    /// Linear index of a square (row-major).
    #[inline]
    pub const fn index(&self, sq: Square) -> u32 {
        sq.row * self.cols + sq.col
    }

    /// Square of a linear index.
    #[inline]
    pub const fn square(&self, index: u32) -> Square {
        Square {
            row: index / self.cols,
            col: index % self.cols,
        }
    }

    /// Whether two squares are a knight's move apart.
    #[inline]
    pub fn is_knight_move(a: Square, b: Square) -> bool {
        Board::is_move(Piece::KNIGHT, a, b)
    }

    /// Whether two squares are one move of `piece` apart.
    #[inline]
    pub fn is_move(piece: Piece, a: Square, b: Square) -> bool {
        piece.is_step(a.row.abs_diff(b.row).into(), a.col.abs_diff(b.col).into())
    }

    /// The squares `piece` reaches from `sq`, in the piece's move order.
    pub fn moves_from(&self, piece: Piece, sq: Square) -> impl Iterator<Item = Square> + '_ {
        piece
            .moves
            .into_iter()
            .take(piece.moves().len())
            .filter_map(move |(dr, dc)| {
                let r = sq.row as i64 + dr as i64;
                let c = sq.col as i64 + dc as i64;
                self.contains(r, c).then(|| Square::new(r as u32, c as u32))
            })
    }

    /// Adjacency lists of `piece`'s graph by linear index (for small boards).
    pub fn adjacency_of(&self, piece: Piece) -> Vec<Vec<u32>> {
        (0..self.area() as u32)
            .map(|i| {
                self.moves_from(piece, self.square(i))
                    .map(|s| self.index(s))
                    .collect()
            })
            .collect()
    }

    /// The squares a knight reaches from `sq`, in [`Piece::KNIGHT`]'s move order.
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        self.moves_from(Piece::KNIGHT, sq)
    }

    /// Number of knight moves from `sq` that stay on the board.
    pub fn degree(&self, sq: Square) -> usize {
        self.neighbours(sq).count()
    }

    /// Adjacency lists of the knight's graph by linear index (for small boards).
    pub fn adjacency(&self) -> Vec<Vec<u32>> {
        self.adjacency_of(Piece::KNIGHT)
    }

    /// Parses a square: algebraic (`c3`, `aa12`) or zero-based `ROW,COL`.
    pub fn parse_square(&self, text: &str) -> Result<Square, BoardError> {
        let t = text.trim();
        let syntax = || BoardError::SquareSyntax(text.to_string());
        let off = |algebraic| BoardError::OffBoard {
            text: text.to_string(),
            board: *self,
            algebraic,
        };
        if let Some((r, c)) = t.split_once(',') {
            let r = parse_natural(r).ok_or_else(syntax)?;
            let c = parse_natural(c).ok_or_else(syntax)?;
            if r >= self.rows as u64 || c >= self.cols as u64 {
                return Err(off(false));
            }
            return Ok(Square::new(r as u32, c as u32));
        }
        let letters: String = t.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        let digits = &t[letters.len()..];
        if letters.is_empty() || letters.len() > 7 {
            return Err(syntax());
        }
        // No spaces inside a square: "c 3" is not one.
        let rank = parse_natural(digits)
            .filter(|_| digits.trim() == digits)
            .ok_or_else(syntax)?;
        // Bijective base 26: a..z, then aa, ab, ... as spreadsheet columns.
        let mut file: u64 = 0;
        for ch in letters.to_ascii_lowercase().bytes() {
            file = file * 26 + (ch - b'a' + 1) as u64;
        }
        let file = file - 1;
        if file >= self.cols as u64 || rank == 0 || rank > self.rows as u64 {
            return Err(off(true));
        }
        Ok(Square::new(self.rows - rank as u32, file as u32))
    }

    /// The squares of the board, in algebraic or zero-based notation, for hints.
    pub fn ranges(&self, algebraic: bool) -> String {
        if algebraic {
            format!(
                "files a..{}, ranks 1..{}",
                file_name(self.cols - 1),
                self.rows
            )
        } else {
            format!(
                "rows 0..{}, columns 0..{} (zero-based ROW,COL)",
                self.rows - 1,
                self.cols - 1
            )
        }
    }

    /// Algebraic name of a square (`a1` is the bottom-left corner).
    pub fn algebraic(&self, sq: Square) -> String {
        format!("{}{}", file_name(sq.col), self.rows - sq.row)
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Board {
    type Err = BoardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let syntax = || BoardError::Syntax(s.to_string());
        // Spaces around the board are ignored, spaces inside it ('8 x 8') are not.
        let side = |p: &str| -> Result<u64, BoardError> {
            if p.trim() != p {
                return Err(syntax());
            }
            if p.len() > 19 && p.bytes().all(|b| b.is_ascii_digit()) && !p.starts_with('0') {
                // A side too long to parse is simply too large.
                return Ok(u64::MAX);
            }
            parse_natural(p).ok_or_else(syntax)
        };
        let (rows, cols) = match t.split_once(['x', 'X', '×']) {
            Some((r, c)) => (side(r)?, side(c)?),
            None => {
                let n = side(t)?;
                (n, n)
            }
        };
        Board::checked(rows, cols, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_the_moves_in_ascending_order() {
        assert_eq!(
            KNIGHT_DIRECTIONS,
            [
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1)
            ]
        );
        let mut m = KNIGHT_MOVES;
        m.sort_unstable();
        assert_eq!(m, KNIGHT_DIRECTIONS);
    }

    #[test]
    fn splitting_by_multiplication_is_exact() {
        for d in [1u32, 2, 3, 5, 7, 10, 641, 10_000, 65_535, 1 << 20, u32::MAX] {
            let s = Splitter::new(d);
            for a in [
                0u32,
                1,
                d - 1,
                d,
                d.wrapping_add(1),
                12_345_678,
                u32::MAX - 1,
                u32::MAX,
            ] {
                assert_eq!(s.split(a), (a / d, a % d), "{a} / {d}");
            }
        }
    }

    #[test]
    fn parses_boards() {
        assert_eq!("8".parse::<Board>().unwrap(), Board { rows: 8, cols: 8 });
        assert_eq!(
            "6x10".parse::<Board>().unwrap(),
            Board { rows: 6, cols: 10 }
        );
        assert_eq!("3X4".parse::<Board>().unwrap(), Board { rows: 3, cols: 4 });
        for bad in ["0", "8y8", "-3x5", "1x0", "x8", "", "8x", "8x8x8", "+8"] {
            assert!(bad.parse::<Board>().is_err(), "{bad} should fail");
        }
        let e = "100000x100000".parse::<Board>().unwrap_err().to_string();
        assert!(e.contains("45.0 GB"), "{e}");
        assert!("99999999999999999999999x2".parse::<Board>().is_err());
    }

    #[test]
    fn parses_squares() {
        let b = Board::new(8, 8).unwrap();
        assert_eq!(b.parse_square("a1").unwrap(), Square::new(7, 0));
        assert_eq!(b.parse_square("h8").unwrap(), Square::new(0, 7));
        assert_eq!(b.parse_square("c3").unwrap(), Square::new(5, 2));
        assert_eq!(b.parse_square("2,1").unwrap(), Square::new(2, 1));
        assert!(b.parse_square("z9").is_err());
        assert!(b.parse_square("i1").is_err());
        assert!(b.parse_square("a0").is_err());
        assert!(b.parse_square("8,0").is_err());
        assert!(b.parse_square("c").is_err());
        let wide = Board::new(12, 30).unwrap();
        assert_eq!(wide.parse_square("aa12").unwrap(), Square::new(0, 26));
        assert_eq!(wide.parse_square("ad1").unwrap(), Square::new(11, 29));
        for c in 0..30 {
            let sq = Square::new(3, c);
            assert_eq!(wide.parse_square(&wide.algebraic(sq)).unwrap(), sq);
        }
    }

    #[test]
    fn knight_moves() {
        let b = Board::new(8, 8).unwrap();
        assert_eq!(b.degree(Square::new(0, 0)), 2);
        assert_eq!(b.degree(Square::new(3, 3)), 8);
        assert!(Board::is_knight_move(Square::new(0, 0), Square::new(2, 1)));
        assert!(!Board::is_knight_move(Square::new(0, 0), Square::new(2, 2)));
    }
}
