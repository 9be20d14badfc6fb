//! Tours with prescribed ends: a tour is built exactly when the rule says one exists, it runs
//! from the start asked for to the end asked for, and it verifies.

use knight_tour::existence;
use knight_tour::solve::{solve, Request, SolveError};
use knight_tour::{Board, Kind, Square};
use proptest::prelude::*;

fn check(board: Board, s: Square, t: Square, seed: Option<u64>) -> Result<(), TestCaseError> {
    let req = Request {
        start: Some(s),
        end: Some(t),
        seed,
        ..Request::new(board, Kind::Open)
    };
    let rule = existence::between(board, s, t);
    match solve(&req) {
        Ok(sol) => {
            prop_assert!(
                rule.is_ok(),
                "{board} {s:?}->{t:?}: built, but the rule says {rule:?}"
            );
            sol.tour.verify().unwrap();
            prop_assert_eq!(sol.tour.start(), s);
            prop_assert_eq!(sol.tour.end(), t);
            prop_assert!(!sol.tour.is_closed() || board.area() > 1);
        }
        Err(SolveError::NoTour(why)) => {
            prop_assert!(
                rule.is_err(),
                "{board} {s:?}->{t:?}: refused ({why}) but the rule allows it"
            );
        }
        Err(e) => prop_assert!(false, "{board} {s:?}->{t:?}: {e}"),
    }
    Ok(())
}

fn pick(board: Board, a: u32, b: u32) -> Square {
    Square::new(a % board.rows, b % board.cols)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn boards_5_to_60(r in 5u32..=60, c in 5u32..=60, a in 0u32..60, b in 0u32..60, x in 0u32..60, y in 0u32..60, seed in proptest::option::of(0u64..100)) {
        let board = Board::new(r, c).unwrap();
        let (s, mut t) = (pick(board, a, b), pick(board, x, y));
        // Half the cases get an end of the right colour, so most of them exist.
        if board.area() % 2 == 0 && s.colour() == t.colour() && x % 2 == 0 {
            t = Square::new(t.row, (t.col + 1) % c);
        }
        check(board, s, t, seed)?;
    }

    #[test]
    fn near_ends_and_same_tile(r in 5u32..=60, c in 5u32..=60, a in 0u32..60, b in 0u32..60, m in 0usize..8) {
        let board = Board::new(r, c).unwrap();
        let s = pick(board, a, b);
        let (dr, dc) = knight_tour::board::MOVES[m];
        let t = Square::new((s.row as i64 + dr as i64).rem_euclid(r as i64) as u32, (s.col as i64 + dc as i64).rem_euclid(c as i64) as u32);
        check(board, s, t, None)?;
    }

    #[test]
    fn three_and_four_wide(h in 3u32..=4, n in 1u32..=60, a in 0u32..4, b in 0u32..60, x in 0u32..4, y in 0u32..60, flip in any::<bool>()) {
        let board = if flip { Board::new(n, h) } else { Board::new(h, n) }.unwrap();
        let (s, t) = if flip {
            (pick(board, b, a), pick(board, y, x))
        } else {
            (pick(board, a, b), pick(board, x, y))
        };
        check(board, s, t, None)?;
    }
}

/// Corners, edges, the middle and a far pair on boards of every shape class.
#[test]
fn chosen_pairs_on_large_boards() {
    for (r, c) in [
        (1000, 1000),
        (999, 999),
        (1000, 999),
        (5, 1001),
        (3, 2001),
        (2000, 4),
        // Long bands: the column search repeats its layers instead of storing each column.
        (4, 100_000),
        (100_000, 3),
    ] {
        let board = Board::new(r, c).unwrap();
        let sq = |a: u32, b: u32| Square::new(a.min(r - 1), b.min(c - 1));
        for (s, t) in [
            (sq(0, 0), sq(r - 1, c - 1)),
            (sq(0, 0), sq(0, c - 1)),
            (sq(r / 2, c / 2), sq(r / 2 + 1, c / 2 + 2)),
            (sq(0, c / 2), sq(r - 1, c / 2 + 1)),
            (sq(r - 1, 3), sq(1, 2)),
        ] {
            check(board, s, t, None).unwrap();
        }
    }
}

/// The examples.
#[test]
fn the_examples_answer_as_asked() {
    let b = Board::new(8, 8).unwrap();
    let sq = |t: &str| b.parse_square(t).unwrap();
    assert!(existence::between(b, sq("a1"), sq("h1")).is_ok());
    let e = existence::between(b, sq("a1"), sq("h8"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("same colour"), "{e}");
    let b5 = Board::new(5, 5).unwrap();
    let e = existence::between(
        b5,
        b5.parse_square("c3").unwrap(),
        b5.parse_square("a3").unwrap(),
    )
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("on 5x5 every tour has a corner at one end"),
        "{e}"
    );
}

/// Every feasible pair from a1 on 8x8 is built.
#[test]
fn every_end_from_a1_on_8x8() {
    let b = Board::new(8, 8).unwrap();
    let a1 = b.parse_square("a1").unwrap();
    let mut built = 0;
    for i in 0..64 {
        let t = b.square(i);
        if t != a1 {
            check(b, a1, t, None).unwrap();
            built += existence::between(b, a1, t).is_ok() as u32;
        }
    }
    assert_eq!(built, 32);
}

/// A pair the chain of tiles missed (found by the property tests): the complete search of
/// shaped boards now catches what the chain misses on mid-sized boards.
#[test]
fn pairs_the_chain_missed() {
    let b = Board::new(23, 12).unwrap();
    let sq = |t: &str| b.parse_square(t).unwrap();
    check(b, sq("e21"), sq("f23"), None).unwrap();
}

/// An end alone: the start is a corner or square from which a tour to it exists, so an end on
/// the top-left corner's colour (which no tour from there can reach on 8x8) is still served.
#[test]
fn an_end_alone_finds_its_start() {
    for (rows, cols, end) in [(8, 8, "b1"), (3, 4, "d3"), (8, 8, "a8"), (5, 5, "c3")] {
        let b = Board::new(rows, cols).unwrap();
        let t = b.parse_square(end).unwrap();
        let req = Request {
            end: Some(t),
            ..Request::new(b, Kind::Open)
        };
        let tour = solve(&req).unwrap().tour;
        tour.verify().unwrap();
        assert_eq!(tour.end(), t, "{rows}x{cols} {end}");
    }
}
