//! Checking a pupil's answer: the numbers written on a puzzle's board, against its rules.
//!
//! The answer is judged by the rules, not compared with a stored solution: every open square
//! carries one number from 1 to the last, the givens are kept, and each number is a knight's
//! move from the next (and the last from the first, on a closed puzzle). A unique puzzle has
//! one such filling, so a right answer is the solution; a pupil is never told "wrong" for a
//! valid tour the setter did not expect.

use crate::board::{Board, Square};
use crate::piece::Piece;

use super::Puzzle;

/// One square of a written answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Nothing written.
    Blank,
    /// Marked blocked (`x`).
    Hole,
    /// A number as written (any size: a pupil may write 99 on an 8x8 board).
    Number(u64),
}

/// A pupil's filled-in grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The board as written.
    pub board: Board,
    /// The cells, row-major.
    pub cells: Vec<Cell>,
}

/// One thing wrong with an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// A given number was changed or erased.
    GivenChanged {
        /// Where it is.
        square: Square,
        /// The given number.
        given: u32,
        /// What is written there now (`None`: blank).
        written: Option<u64>,
    },
    /// A number is written on a blocked square.
    OnHole {
        /// The square.
        square: Square,
        /// The number.
        number: u64,
    },
    /// A number is 0 or beyond the last.
    OutOfRange {
        /// Where it is.
        square: Square,
        /// The number.
        number: u64,
        /// The last number.
        last: usize,
    },
    /// A number is written on several squares.
    Repeated {
        /// The number.
        number: u32,
        /// Where it is written.
        squares: Vec<Square>,
    },
    /// Numbers written nowhere.
    Missing {
        /// The numbers.
        numbers: Vec<u32>,
    },
    /// Open squares left blank.
    Blank {
        /// The squares.
        squares: Vec<Square>,
    },
    /// Two consecutive numbers (or the last and 1, when closed) not one move of the puzzle's
    /// piece apart.
    NotAMove {
        /// The first number.
        a: u32,
        /// Its square.
        sa: Square,
        /// The next number.
        b: u32,
        /// Its square.
        sb: Square,
        /// The piece.
        piece: Piece,
    },
}

impl Fault {
    /// The fault in words, squares named as the board names them (`a1` bottom left).
    pub fn describe(&self, board: Board) -> String {
        let at = |s: &Square| board.algebraic(*s);
        let list = |v: Vec<String>| {
            const SHOWN: usize = 12;
            let more = v.len().saturating_sub(SHOWN);
            let mut s = v.into_iter().take(SHOWN).collect::<Vec<_>>().join(", ");
            if more > 0 {
                s.push_str(&format!(" and {more} more"));
            }
            s
        };
        match self {
            Fault::GivenChanged {
                square,
                given,
                written: Some(w),
            } => format!("the given {given} at {} was changed to {w}", at(square)),
            Fault::GivenChanged {
                square,
                given,
                written: None,
            } => format!("the given {given} at {} was erased", at(square)),
            Fault::OnHole { square, number } => {
                format!("{number} is written on {}, a blocked square", at(square))
            }
            Fault::OutOfRange {
                square,
                number,
                last,
            } => format!(
                "{number} at {} is out of range: numbers run from 1 to {last}",
                at(square)
            ),
            Fault::Repeated { number, squares } => format!(
                "{number} is written {} times: at {}",
                squares.len(),
                list(squares.iter().map(at).collect())
            ),
            Fault::Missing { numbers } if numbers.len() == 1 => {
                format!("{} is missing", numbers[0])
            }
            Fault::Missing { numbers } => format!(
                "{} numbers are missing: {}",
                numbers.len(),
                list(numbers.iter().map(|n| n.to_string()).collect())
            ),
            Fault::Blank { squares } if squares.len() == 1 => {
                format!("{} is blank", at(&squares[0]))
            }
            Fault::Blank { squares } => format!(
                "{} squares are blank: {}",
                squares.len(),
                list(squares.iter().map(at).collect())
            ),
            Fault::NotAMove {
                a,
                sa,
                b,
                sb,
                piece,
            } => format!(
                "{a} at {} and {b} at {} are not a {piece}'s move apart",
                at(sa),
                at(sb)
            ),
        }
    }

    /// The squares this fault marks as wrong.
    fn squares(&self) -> Vec<Square> {
        match self {
            Fault::GivenChanged { square, .. }
            | Fault::OnHole { square, .. }
            | Fault::OutOfRange { square, .. } => vec![*square],
            Fault::Repeated { squares, .. } | Fault::Blank { squares } => squares.clone(),
            Fault::Missing { .. } => Vec::new(),
            Fault::NotAMove { sa, sb, .. } => vec![*sa, *sb],
        }
    }
}

/// The verdict on an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marking {
    /// Everything wrong, in the order a teacher reads it: givens, stray numbers, repeats,
    /// gaps, then moves. Empty when the answer is right.
    pub faults: Vec<Fault>,
    /// Squares to mark as wrong, row-major.
    pub wrong: Vec<bool>,
    /// The number written on each square, for drawing (0 where blank, on a hole, or out of
    /// range by more than a digit).
    pub written: Vec<u32>,
}

impl Marking {
    /// Whether the answer is right.
    pub fn is_right(&self) -> bool {
        self.faults.is_empty()
    }
}

/// The answer's board differs from the puzzle's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the answer is a {answer} grid but the puzzle is {puzzle}")]
pub struct SizeMismatch {
    /// The answer's board.
    pub answer: Board,
    /// The puzzle's board.
    pub puzzle: Board,
}

/// Checks `answer` against `puzzle`'s rules and givens.
pub fn mark(puzzle: &Puzzle, answer: &Answer) -> Result<Marking, SizeMismatch> {
    let board = puzzle.board;
    if answer.board != board {
        return Err(SizeMismatch {
            answer: answer.board,
            puzzle: board,
        });
    }
    let last = puzzle.len();
    let mut faults = Vec::new();
    let mut written = vec![0u32; board.area()];
    let mut at: Vec<Vec<Square>> = vec![Vec::new(); last];
    let mut blank = Vec::new();
    let (mut stray, mut range) = (Vec::new(), Vec::new());
    for (i, &cell) in answer.cells.iter().enumerate() {
        let square = board.square(i as u32);
        let hole = puzzle.holes.binary_search(&(i as u32)).is_ok();
        let given = puzzle.grid[i];
        let value = match cell {
            Cell::Number(v) => Some(v),
            Cell::Blank | Cell::Hole => None,
        };
        if given != 0 && value != Some(given as u64) {
            faults.push(Fault::GivenChanged {
                square,
                given,
                written: value,
            });
        }
        match (hole, value) {
            (true, Some(number)) => stray.push(Fault::OnHole { square, number }),
            (true, None) => {}
            (false, None) => blank.push(square),
            (false, Some(v)) if v == 0 || v > last as u64 => {
                // Shown as written when it fits a square beside the real numbers.
                if v < 10 * last as u64 {
                    written[i] = v as u32;
                }
                range.push(Fault::OutOfRange {
                    square,
                    number: v,
                    last,
                });
            }
            (false, Some(v)) => {
                written[i] = v as u32;
                at[v as usize - 1].push(square);
            }
        }
    }
    faults.extend(stray);
    faults.extend(range);
    let mut missing = Vec::new();
    for (k, squares) in at.iter().enumerate() {
        match squares.len() {
            0 => missing.push(k as u32 + 1),
            1 => {}
            _ => faults.push(Fault::Repeated {
                number: k as u32 + 1,
                squares: squares.clone(),
            }),
        }
    }
    if !missing.is_empty() {
        faults.push(Fault::Missing { numbers: missing });
    }
    if !blank.is_empty() {
        faults.push(Fault::Blank { squares: blank });
    }
    // Moves between numbers written exactly once; a repeated number's moves are ambiguous.
    let pairs = (1..last)
        .map(|k| (k - 1, k))
        .chain((puzzle.is_closed() && last > 2).then_some((last - 1, 0)));
    for (x, y) in pairs {
        if let ([sa], [sb]) = (at[x].as_slice(), at[y].as_slice()) {
            if !Board::is_move(puzzle.piece, *sa, *sb) {
                faults.push(Fault::NotAMove {
                    a: x as u32 + 1,
                    sa: *sa,
                    b: y as u32 + 1,
                    sb: *sb,
                    piece: puzzle.piece,
                });
            }
        }
    }
    let mut wrong = vec![false; board.area()];
    for f in faults
        .iter()
        .filter(|f| !matches!(f, Fault::NotAMove { .. }))
    {
        for s in f.squares() {
            wrong[board.index(s) as usize] = true;
        }
    }
    mark_moves(puzzle, &faults, &mut wrong);
    Ok(Marking {
        faults,
        wrong,
        written,
    })
}

/// Marks the squares that break moves: the pupil's, never a given clue (a changed given is
/// its own fault). Of two pupil's squares in one broken move, the one whose moves to both
/// neighbours are broken is the wrong one; where that does not tell, both are marked.
fn mark_moves(puzzle: &Puzzle, faults: &[Fault], wrong: &mut [bool]) {
    let board = puzzle.board;
    let given = |s: Square| puzzle.grid[board.index(s) as usize] != 0;
    let mut broken = vec![0u8; board.area()];
    for f in faults {
        if let Fault::NotAMove { sa, sb, .. } = f {
            for s in [sa, sb] {
                broken[board.index(*s) as usize] += 1;
            }
        }
    }
    for f in faults {
        let Fault::NotAMove { sa, sb, .. } = f else {
            continue;
        };
        let pupil: Vec<Square> = [*sa, *sb].into_iter().filter(|&s| !given(s)).collect();
        let twice = |s: &Square| broken[board.index(*s) as usize] >= 2;
        let marked: Vec<Square> = match pupil.as_slice() {
            [a, b] if twice(a) != twice(b) => vec![if twice(a) { *a } else { *b }],
            _ => pupil,
        };
        for s in marked {
            wrong[board.index(s) as usize] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::Kind;
    use crate::tour::Tour;

    /// A 5x5 open tour (from a1 along a known route) and its full answer.
    fn setup() -> (Puzzle, Tour, Answer) {
        let b = Board::new(5, 5).unwrap();
        let mut req = crate::solve::Request::new(b, Kind::Open);
        req.method = crate::solve::Method::Warnsdorff;
        req.seed = Some(1);
        let t = crate::solve::solve(&req).unwrap().tour;
        let p = Puzzle::from_tour(&t, [0, 7, 24]);
        let cells = t
            .numbers()
            .into_iter()
            .map(|v| Cell::Number(v as u64))
            .collect();
        (p, t, Answer { board: b, cells })
    }

    fn kinds(m: &Marking) -> Vec<&'static str> {
        m.faults
            .iter()
            .map(|f| match f {
                Fault::GivenChanged { .. } => "given",
                Fault::OnHole { .. } => "hole",
                Fault::OutOfRange { .. } => "range",
                Fault::Repeated { .. } => "repeated",
                Fault::Missing { .. } => "missing",
                Fault::Blank { .. } => "blank",
                Fault::NotAMove { .. } => "move",
            })
            .collect()
    }

    #[test]
    fn the_solution_is_right() {
        let (p, _, a) = setup();
        let m = mark(&p, &a).unwrap();
        assert!(m.is_right(), "{:?}", m.faults);
        assert!(m.wrong.iter().all(|&w| !w));
    }

    #[test]
    fn each_fault_kind_is_found_and_marked() {
        let (p, t, a) = setup();
        let b = p.board;
        let sq = |k: usize| t.path[k] as usize;
        // A changed given (8 becomes 9, so 9 is also repeated and 8 missing).
        let mut x = a.clone();
        x.cells[sq(7)] = Cell::Number(9);
        let m = mark(&p, &x).unwrap();
        assert_eq!(kinds(&m), ["given", "repeated", "missing"]);
        assert!(m.wrong[sq(7)] && m.wrong[sq(8)]);
        assert_eq!(
            m.faults[0].describe(b),
            format!(
                "the given 8 at {} was changed to 9",
                b.algebraic(b.square(sq(7) as u32))
            )
        );
        // Two numbers swapped: both stay present once, four moves break, and exactly the two
        // swapped squares are marked, not their neighbours in number.
        let mut x = a.clone();
        x.cells.swap(sq(3), sq(12));
        let m = mark(&p, &x).unwrap();
        assert!(kinds(&m).iter().all(|&k| k == "move"), "{:?}", m.faults);
        let marked: Vec<usize> = (0..25).filter(|&i| m.wrong[i]).collect();
        let mut want = vec![sq(3), sq(12)];
        want.sort_unstable();
        assert_eq!(marked, want);
        // Next to a given (8, the 8th square): a wrong 9 is marked, the given never is.
        let mut x = a.clone();
        x.cells.swap(sq(8), sq(20));
        let m = mark(&p, &x).unwrap();
        assert!(!m.wrong[sq(7)], "the given 8 is marked");
        assert!(m.wrong[sq(8)] && m.wrong[sq(20)]);
        // A blank square, and a number out of range.
        let mut x = a.clone();
        x.cells[sq(4)] = Cell::Blank;
        x.cells[sq(5)] = Cell::Number(26);
        let m = mark(&p, &x).unwrap();
        assert_eq!(kinds(&m), ["range", "missing", "blank"]);
        assert_eq!(
            m.faults[1].describe(b),
            "2 numbers are missing: 5, 6".to_string()
        );
        // Another board.
        let other = Answer {
            board: Board::new(5, 6).unwrap(),
            cells: vec![Cell::Blank; 30],
        };
        assert!(mark(&p, &other).is_err());
    }

    #[test]
    fn holes_and_closed_tours() {
        let b = Board::new(6, 6).unwrap();
        let mut req = crate::solve::Request::new(b, Kind::Closed);
        req.seed = Some(3);
        let t = crate::solve::solve(&req).unwrap().tour;
        let p = Puzzle::from_tour(&t, [0]);
        let cells: Vec<Cell> = t
            .numbers()
            .into_iter()
            .map(|v| Cell::Number(v as u64))
            .collect();
        assert!(mark(
            &p,
            &Answer {
                board: b,
                cells: cells.clone()
            }
        )
        .unwrap()
        .is_right());
        // An open tour whose ends are not a knight's move apart breaks only the closing move.
        let mut req = crate::solve::Request::new(b, Kind::Open);
        req.method = crate::solve::Method::Warnsdorff;
        req.seed = Some(5);
        let open = crate::solve::solve(&req).unwrap().tour;
        assert!(!Board::is_knight_move(open.start(), open.end()));
        let closed = Puzzle {
            kind: Kind::Closed,
            ..Puzzle::from_tour(&open, [0])
        };
        let cells = open
            .numbers()
            .into_iter()
            .map(|v| Cell::Number(v as u64))
            .collect();
        let m = mark(&closed, &Answer { board: b, cells }).unwrap();
        assert_eq!(kinds(&m), ["move"]);
        assert!(
            m.faults[0].describe(b).starts_with("36 at "),
            "{:?}",
            m.faults
        );
        // A number on a hole.
        let shape = crate::shape::Shape::new(b, vec![0, 7]).unwrap();
        let hp = Puzzle {
            holes: shape.holes().to_vec(),
            ..Puzzle::from_tour(&t, [])
        };
        let mut cells = vec![Cell::Blank; 36];
        cells[0] = Cell::Number(3);
        let m = mark(&hp, &Answer { board: b, cells }).unwrap();
        assert_eq!(kinds(&m)[0], "hole");
        assert!(m.faults[0].describe(b).contains("a6, a blocked square"));
    }
}
