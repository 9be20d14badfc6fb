//! Cheap proofs that a shaped board has no tour. No theorem covers arbitrary shapes, so these
//! are necessary conditions only; the complete search (`solve::shaped`) settles the rest.
//!
//! - Every square of a tour is entered or left by a move to another open square, so an open
//!   square with no open square a knight's move away rules out every tour but the one-square
//!   one, and the open squares must form one piece.
//! - A square with one open neighbour can only be an end of a path (a cycle enters and leaves
//!   every square), so an open tour allows at most two such squares and a closed one none; a
//!   given start or end must be one of them when there are two (or the only one, if both are
//!   given).
//! - Every move changes colour, so a path's squares alternate colours: a closed tour needs as
//!   many open squares of each colour, an open one counts that differ by at most one, and
//!   then both ends lie on the majority colour; with equal counts the two ends differ.

use crate::board::{Board, Square};
use crate::piece::Piece;
use crate::shape::Shape;

use super::{Kind, NoTour};

/// Whether a tour of `kind` may exist on `shape` (from `start`, to `end`), by the cheap proofs;
/// `Err` carries the reason in words.
pub(crate) fn check(
    shape: &Shape,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
) -> Result<(), NoTour> {
    check_for(shape, kind, start, end, Piece::KNIGHT)
}

/// [`check`] for any piece: the colour rule only for a piece whose moves change colour.
pub(crate) fn check_for(
    shape: &Shape,
    kind: Kind,
    start: Option<Square>,
    end: Option<Square>,
    piece: Piece,
) -> Result<(), NoTour> {
    let board = shape.board();
    let name = |s: Square| board.algebraic(s);
    let no = |why: String| {
        Err(NoTour::Shaped {
            board,
            holes: shape.holes().len(),
            why,
        })
    };
    let blocked = shape.blocked();
    for (role, sq) in [("start", start), ("end", end)] {
        if let Some(s) = sq {
            if blocked[board.index(s) as usize] {
                return no(format!("the {role} square {} is a hole", name(s)));
            }
        }
    }
    if let (Some(s), Some(t)) = (start, end) {
        if s == t {
            return no(format!(
                "{} is both the start and the end, but a tour visits it once",
                name(s)
            ));
        }
    }
    let n = shape.open_count();
    if n == 1 {
        return match kind {
            Kind::Closed => no("one open square has no move to return by".into()),
            Kind::Open if end.is_some() => no("one open square cannot be two ends".into()),
            Kind::Open => Ok(()),
        };
    }
    let adj = Adjacency::new(board, &blocked, piece);
    let open: Vec<u32> = (0..board.area() as u32)
        .filter(|&i| !blocked[i as usize])
        .collect();
    if let Some(&lone) = open.iter().find(|&&i| adj.of(i).is_empty()) {
        return no(format!(
            "{} has no open square a {piece}'s move away",
            name(board.square(lone))
        ));
    }
    let pieces = pieces(&adj, &open);
    if pieces.len() > 1 {
        return no(format!(
            "the open squares fall apart into {} pieces that no {piece}'s move joins ({} cannot reach {})",
            pieces.len(),
            name(board.square(pieces[0])),
            name(board.square(pieces[1])),
        ));
    }
    let ones: Vec<Square> = open
        .iter()
        .filter(|&&i| adj.of(i).len() == 1)
        .map(|&i| board.square(i))
        .collect();
    let list = |v: &[Square]| v.iter().map(|&s| name(s)).collect::<Vec<_>>().join(", ");
    match kind {
        Kind::Closed if !ones.is_empty() => {
            return no(format!(
                "{} {} only one open neighbour, but a closed tour enters and leaves every square",
                list(&ones),
                if ones.len() == 1 { "has" } else { "have" }
            ))
        }
        Kind::Open if ones.len() > 2 => {
            return no(format!(
                "{} squares ({}) have only one open neighbour; each must be an end of the tour, and a tour has two ends",
                ones.len(),
                list(&ones)
            ))
        }
        _ => {}
    }
    let given: Vec<Square> = [start, end].into_iter().flatten().collect();
    // The squares with one neighbour and the given squares are all ends of the path.
    if let Some(&g) = given.iter().find(|g| !ones.contains(g)) {
        if ones.len() + given.iter().filter(|g| !ones.contains(g)).count() > 2 {
            return no(format!(
                "{} {} only one open neighbour, so the tour's ends are there, and {} cannot be an end too",
                list(&ones),
                if ones.len() == 1 { "has" } else { "have" },
                name(g)
            ));
        }
    }
    if !piece.alternates() {
        return Ok(());
    }
    // The colour rule sees every end the tour is known to have: the given squares and the
    // squares with one open neighbour.
    let mut ends = given.clone();
    ends.extend(ones.iter().filter(|s| !given.contains(s)));
    let forced = if kind == Kind::Open && ends.len() > given.len() {
        format!(
            "{} {} only one open neighbour, so {} an end of the tour; ",
            list(&ones),
            if ones.len() == 1 { "has" } else { "have" },
            if ones.len() == 1 { "it is" } else { "each is" }
        )
    } else {
        String::new()
    };
    let no_forced = |why: String| no(format!("{forced}{why}"));
    colours(board, &open, kind, &ends, &no_forced)
}

/// The colour-count rule.
fn colours(
    board: Board,
    open: &[u32],
    kind: Kind,
    given: &[Square],
    no: &dyn Fn(String) -> Result<(), NoTour>,
) -> Result<(), NoTour> {
    let a1 = Square::new(board.rows - 1, 0);
    let same = open
        .iter()
        .filter(|&&i| board.square(i).colour() == a1.colour())
        .count();
    let other = open.len() - same;
    // a1's colour holds the larger half of an odd board.
    let holes_same = board.area().div_ceil(2) - same;
    let holes_other = board.area() - open.len() - holes_same;
    let counts = format!(
        "the holes take {holes_same} squares of a1's colour and {holes_other} of the other, leaving {same} and {other}"
    );
    let diff = same.abs_diff(other);
    match kind {
        Kind::Closed if diff != 0 => no(format!(
            "{counts}; every move changes colour, so a closed tour needs equal counts, and these differ by {diff}"
        )),
        Kind::Open if diff > 1 => no(format!(
            "{counts}; every move changes colour, so a path's counts differ by at most one, and these differ by {diff}"
        )),
        Kind::Open if diff == 1 => {
            let major = if same > other {
                a1.colour()
            } else {
                1 - a1.colour()
            };
            match given.iter().find(|s| s.colour() != major) {
                Some(&s) => no(format!(
                    "{counts}; a path alternating colours starts and ends on the colour with more squares, and {} is on the other",
                    board.algebraic(s)
                )),
                None => Ok(()),
            }
        }
        Kind::Open if given.len() == 2 && given[0].colour() == given[1].colour() => no(format!(
            "{counts}; with equal counts a path's ends differ in colour, but {} and {} are the same colour",
            board.algebraic(given[0]),
            board.algebraic(given[1])
        )),
        _ => Ok(()),
    }
}

/// One square of each connected piece of the open squares (the first piece first).
fn pieces(adj: &Adjacency, open: &[u32]) -> Vec<u32> {
    let mut seen = vec![false; adj.len()];
    let mut firsts = Vec::new();
    let mut stack = Vec::new();
    for &o in open {
        if seen[o as usize] {
            continue;
        }
        firsts.push(o);
        seen[o as usize] = true;
        stack.push(o);
        while let Some(v) = stack.pop() {
            for &w in adj.of(v).iter() {
                if !seen[w as usize] {
                    seen[w as usize] = true;
                    stack.push(w);
                }
            }
        }
    }
    firsts
}

/// Open neighbours computed when asked: a list per square would cost an allocation each,
/// which dominates on large boards.
struct Adjacency<'a> {
    board: Board,
    blocked: &'a [bool],
    piece: Piece,
}

impl<'a> Adjacency<'a> {
    fn new(board: Board, blocked: &'a [bool], piece: Piece) -> Adjacency<'a> {
        Adjacency {
            board,
            blocked,
            piece,
        }
    }

    fn len(&self) -> usize {
        self.blocked.len()
    }

    /// The open neighbours of `i`, in move order.
    fn of(&self, i: u32) -> Near {
        let s = self.board.square(i);
        let mut near = Near { sq: [0; 8], n: 0 };
        for &(dr, dc) in self.piece.moves() {
            let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
            if self.board.contains(r, c) {
                let j = (r as u64 * self.board.cols as u64 + c as u64) as u32;
                if !self.blocked[j as usize] {
                    near.sq[near.n] = j;
                    near.n += 1;
                }
            }
        }
        near
    }
}

/// Up to eight neighbours.
struct Near {
    sq: [u32; 8],
    n: usize,
}

impl std::ops::Deref for Near {
    type Target = [u32];
    fn deref(&self) -> &[u32] {
        &self.sq[..self.n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_open_square_is_an_open_tour_but_not_two_ends_or_a_cycle() {
        let b = Board::new(1, 3).unwrap();
        let shape = Shape::new(b, vec![0, 2]).unwrap();
        let only = Square::new(0, 1);
        assert!(check(&shape, Kind::Open, None, None).is_ok());
        assert!(check(&shape, Kind::Open, Some(only), None).is_ok());
        assert!(check(&shape, Kind::Open, None, Some(only)).is_err());
        assert!(check(&shape, Kind::Closed, None, None).is_err());
    }

    /// The reason `check_for` gives with the wazir (its shapes are easy to picture).
    fn wazir_says(
        rows: u32,
        cols: u32,
        holes: &[(u32, u32)],
        kind: Kind,
        ends: [Option<(u32, u32)>; 2],
    ) -> String {
        let b = Board::new(rows, cols).unwrap();
        let holes = holes
            .iter()
            .map(|&(r, c)| b.index(Square::new(r, c)))
            .collect();
        let shape = Shape::new(b, holes).unwrap();
        let sq = |e: Option<(u32, u32)>| e.map(|(r, c)| Square::new(r, c));
        let wazir = Piece::leaper(0, 1).unwrap();
        match check_for(&shape, kind, sq(ends[0]), sq(ends[1]), wazir) {
            Ok(()) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn squares_with_one_neighbour_are_the_ends() {
        // A T: three tips of one neighbour each (colours 3 and 2, which a path allows), and a
        // path has two ends.
        let t = wazir_says(
            3,
            3,
            &[(1, 0), (1, 2), (2, 0), (2, 2)],
            Kind::Open,
            [None, None],
        );
        assert!(t.contains("3 squares"), "{t}");
        // One such square is an end already: two more given squares are one too many.
        let p = wazir_says(2, 3, &[(1, 2)], Kind::Open, [Some((0, 0)), Some((1, 1))]);
        assert!(p.contains("cannot be an end too"), "{p}");
    }

    #[test]
    fn squares_with_one_neighbour_meet_the_colour_rule() {
        // Issue 39's 8x9 board with two 2x4 blocks: i8 and i6 have one open neighbour each,
        // so they are the ends, but they share a colour while the counts are equal.
        let b = Board::new(8, 9).unwrap();
        let mut holes = Vec::new();
        for (r0, c0) in [(0, 4), (3, 3)] {
            for r in r0..r0 + 2 {
                for c in c0..c0 + 4 {
                    holes.push(b.index(Square::new(r, c)));
                }
            }
        }
        holes.sort_unstable();
        let shape = Shape::new(b, holes).unwrap();
        let why = check(&shape, Kind::Open, None, None)
            .unwrap_err()
            .to_string();
        assert!(
            why.contains("i8, i6 have only one open neighbour, so each is an end")
                && why.contains("but i8 and i6 are the same colour"),
            "{why}"
        );
        // A wazir's L of three squares: its tips are the ends, both on the colour that has
        // two of the three squares, as a path needs.
        assert_eq!(wazir_says(2, 2, &[(0, 1)], Kind::Open, [None, None]), "ok");
    }

    #[test]
    fn the_colour_rule_counts_the_holes_of_each_colour() {
        let why = wazir_says(3, 4, &[(2, 0)], Kind::Closed, [None, None]);
        assert!(
            why.contains(
                "the holes take 1 squares of a1's colour and 0 of the other, leaving 5 and 6"
            ),
            "{why}"
        );
    }
}
