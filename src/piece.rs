//! Pieces: the moves a piece makes, in one canonical order. The ground floor's one move set;
//! every other floor asks a [`Piece`] for its moves instead of keeping a table of its own.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The largest leap accepted (`--piece A,B` with `B` at most this): far past any board a tour
/// is drawn on, small enough that no move arithmetic can overflow.
pub(crate) const MAX_LEAP: u32 = 1 << 20;

/// A leaper (every move of `a` squares one way and `b` the other) or the king (wazir and
/// ferz together). Copy-sized: at most eight moves, kept inline.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    pub(crate) moves: [(i32, i32); 8],
    len: u8,
    leap: Option<(u32, u32)>,
}

/// Why a piece could not be named.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// Neither a known name nor `A,B`.
    #[error("unknown piece '{0}'; hint: use knight, camel, zebra, giraffe, antelope, wazir, ferz, king, or A,B for an (A,B) leaper such as 1,2")]
    Unknown(String),
    /// A leap of (0, 0) or of more than 2^20 squares.
    #[error("no piece leaps ({0},{1}); hint: A and B are 0..={MAX_LEAP} and not both 0")]
    Leap(u32, u32),
}

/// The named pieces and their leaps; the king is the one that is not a single leaper.
const NAMED: [(&str, u32, u32); 7] = [
    ("knight", 1, 2),
    ("camel", 1, 3),
    ("zebra", 2, 3),
    ("giraffe", 1, 4),
    ("antelope", 3, 4),
    ("wazir", 0, 1),
    ("ferz", 1, 1),
];

impl Piece {
    /// The knight, a (1,2) leaper; its moves in the Java tutorial's order (seeds/001), the
    /// order plain backtracking tries them in.
    pub const KNIGHT: Piece = Piece::leap_of(1, 2);

    /// The king: one step in any of the eight directions.
    pub const KING: Piece = Piece {
        moves: [
            (-1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
            (1, 0),
            (1, -1),
            (0, -1),
            (-1, -1),
        ],
        len: 8,
        leap: None,
    };

    /// The (a,b) leaper, `a` and `b` in either order.
    pub fn leaper(a: u32, b: u32) -> Result<Piece, PieceError> {
        if (a == 0 && b == 0) || a.max(b) > MAX_LEAP {
            return Err(PieceError::Leap(a, b));
        }
        Ok(Piece::leap_of(a.min(b), a.max(b)))
    }

    /// Every sign and order of (a, b) (a <= b), duplicates dropped, in the pattern of the
    /// tutorial's knight table: (-a,b), (a,b), (b,-a), (b,a), (a,-b), (-a,-b), (-b,-a), (-b,a).
    const fn leap_of(a: u32, b: u32) -> Piece {
        let (x, y) = (a as i32, b as i32);
        let all = [
            (-x, y),
            (x, y),
            (y, -x),
            (y, x),
            (x, -y),
            (-x, -y),
            (-y, -x),
            (-y, x),
        ];
        let mut moves = [(0, 0); 8];
        let mut len = 0;
        let mut i = 0;
        while i < all.len() {
            let mut j = 0;
            let mut seen = false;
            while j < len {
                if moves[j].0 == all[i].0 && moves[j].1 == all[i].1 {
                    seen = true;
                }
                j += 1;
            }
            if !seen {
                moves[len] = all[i];
                len += 1;
            }
            i += 1;
        }
        Piece {
            moves,
            len: len as u8,
            leap: Some((a, b)),
        }
    }

    /// The moves as (row delta, column delta), in the piece's canonical order.
    #[inline]
    pub fn moves(&self) -> &[(i32, i32)] {
        &self.moves[..self.len as usize]
    }

    /// The moves sorted ascending (rows down, columns right): the order reports list the
    /// directions in and varied tours count them.
    pub fn directions(&self) -> Vec<(i32, i32)> {
        let mut d = self.moves().to_vec();
        d.sort_unstable();
        d
    }

    /// (a, b) with a <= b for a leaper; `None` for the king.
    pub fn leap(&self) -> Option<(u32, u32)> {
        self.leap
    }

    /// Whether this is the knight (the pieces its knight-only constructions apply to).
    pub fn is_knight(&self) -> bool {
        self.leap == Some((1, 2))
    }

    /// Whether every move changes the square's colour (a leaper whose two steps add up to an
    /// odd number): then a path's squares alternate colours.
    pub fn alternates(&self) -> bool {
        self.leap.is_some_and(|(a, b)| (a + b) % 2 == 1)
    }

    /// Whether a step of `dr` rows and `dc` columns (either sign) is one of the moves.
    #[inline]
    pub fn is_step(&self, dr: u64, dc: u64) -> bool {
        match self.leap {
            Some((a, b)) => {
                let (a, b) = (u64::from(a), u64::from(b));
                (dr == a && dc == b) || (dr == b && dc == a)
            }
            None => dr <= 1 && dc <= 1 && dr + dc > 0,
        }
    }

    /// The piece's name: a known name, or `(a,b) leaper`.
    pub fn name(&self) -> String {
        match self.leap {
            None => "king".into(),
            Some((a, b)) => NAMED
                .iter()
                .find(|n| (n.1, n.2) == (a, b))
                .map_or_else(|| format!("({a},{b}) leaper"), |n| n.0.to_string()),
        }
    }
}

impl Default for Piece {
    fn default() -> Piece {
        Piece::KNIGHT
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Piece {
    type Err = PieceError;

    /// A known name (any case), `king`, or `A,B` for the (A,B) leaper.
    fn from_str(s: &str) -> Result<Piece, PieceError> {
        let t = s.trim().to_ascii_lowercase();
        if t == "king" {
            return Ok(Piece::KING);
        }
        if let Some(n) = NAMED.iter().find(|n| n.0 == t) {
            return Piece::leaper(n.1, n.2);
        }
        let unknown = || PieceError::Unknown(s.to_string());
        // `(a,b) leaper`, as the name of an unnamed leaper is written, reads back too
        let t = t.strip_suffix("leaper").unwrap_or(&t).trim();
        let t = t
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(t);
        let (a, b) = t.split_once(',').ok_or_else(unknown)?;
        let a: u32 = a.trim().parse().map_err(|_| unknown())?;
        let b: u32 = b.trim().parse().map_err(|_| unknown())?;
        Piece::leaper(a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_knight_moves_in_the_tutorials_order() {
        // seeds/001's table, written out as the tutorial prints it.
        let tutorial = [
            (-1, 2),
            (1, 2),
            (2, -1),
            (2, 1),
            (1, -2),
            (-1, -2),
            (-2, -1),
            (-2, 1),
        ];
        assert_eq!(Piece::KNIGHT.moves(), tutorial);
        assert!(Piece::KNIGHT.is_knight());
        assert_eq!("1,2".parse::<Piece>().unwrap(), Piece::KNIGHT);
        assert_eq!("2,1".parse::<Piece>().unwrap(), Piece::KNIGHT);
    }

    #[test]
    fn moves_match_the_step_rule_for_every_small_leaper() {
        for a in 0..6 {
            for b in 0..6 {
                let Ok(p) = Piece::leaper(a, b) else {
                    assert_eq!((a, b), (0, 0));
                    continue;
                };
                let mut want = Vec::new();
                for dr in -6i32..=6 {
                    for dc in -6i32..=6 {
                        if p.is_step(dr.unsigned_abs().into(), dc.unsigned_abs().into()) {
                            want.push((dr, dc));
                        }
                    }
                }
                assert_eq!(p.directions(), want, "{p}");
                let n = if a == 0 || b == 0 || a == b { 4 } else { 8 };
                assert_eq!(p.moves().len(), n, "{p}");
            }
        }
        let king: Vec<_> = Piece::KING.directions();
        assert_eq!(king.len(), 8);
        assert!(king.iter().all(|&(r, c)| r.abs() <= 1 && c.abs() <= 1));
    }

    #[test]
    fn names_read_back() {
        for name in [
            "knight", "camel", "zebra", "giraffe", "antelope", "wazir", "ferz", "king",
        ] {
            let p: Piece = name.parse().unwrap();
            assert_eq!(p.name(), name);
            assert_eq!(p.to_string().parse::<Piece>().unwrap(), p);
        }
        let p: Piece = "3,5".parse().unwrap();
        assert_eq!(p.name(), "(3,5) leaper");
        assert_eq!(p.name().parse::<Piece>().unwrap(), p);
        assert!("0,0".parse::<Piece>().is_err());
        assert!("bishop".parse::<Piece>().is_err());
        assert!(format!("{}", "rook".parse::<Piece>().unwrap_err()).contains("hint:"));
    }
}
