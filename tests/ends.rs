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
    // `solve` asks the rule first, so "refused => the rule says no" holds by construction and
    // is not checked here; whether the rule's "no" is true is checked against an independent
    // enumeration in tests/oracle.rs. Here: the rule's "yes" gives a verified tour.
    let rule = existence::between(board, s, t);
    match solve(&req) {
        Ok(sol) => {
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
    #![proptest_config(ProptestConfig {
        cases: 300,
        // Fixed, so that a failure in CI repeats from its log.
        rng_seed: proptest::test_runner::RngSeed::Fixed(44),
        ..ProptestConfig::default()
    })]

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
        let (dr, dc) = knight_tour::Piece::KNIGHT.moves()[m];
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

/// The edges issue's wrong answer (5x1000 from 3,782 to 2,918) and its family: an end on the
/// middle row of a 5-high tile, one column in from a tile side, where two tile corners share
/// their only inner neighbour. Every tile 8 wide puts columns 1 and 6 modulo 8 there, so the
/// usual cuts put those ends on such squares; the chain now moves the cuts. Also the
/// transposed boards (5 wide, rows 1 and 6 modulo 8) and odd lengths.
#[test]
fn ends_beside_two_tile_corners_on_5_wide_boards() {
    let mut built = 0;
    for n in [40u32, 41, 64, 67, 1000, 1001] {
        for flip in [false, true] {
            let board = if flip {
                Board::new(n, 5)
            } else {
                Board::new(5, n)
            }
            .unwrap();
            let at = |line: u32, along: u32| {
                if flip {
                    Square::new(along, line)
                } else {
                    Square::new(line, along)
                }
            };
            let pinched: Vec<u32> = (2..n - 2).filter(|x| x % 8 == 1 || x % 8 == 6).collect();
            let pick = |k: usize| pinched[k * 7919 % pinched.len()];
            for k in 0..6 {
                let (x, y) = (pick(k), pick(k + 3));
                for (s, t) in [
                    (at(3, x), at(2, y)),
                    (at(2, x), at(2, y)),
                    (at(2, x), at(1, x + 1)),
                    (at(0, 0), at(2, y)),
                ] {
                    if s != t && existence::between(board, s, t).is_ok() {
                        check(board, s, t, None).unwrap();
                        built += 1;
                    }
                }
            }
        }
        // The issue's own pair, in the notation of the report.
        if n == 1000 {
            check(
                board_of(5, n),
                Square::new(3, 782),
                Square::new(2, 918),
                None,
            )
            .unwrap();
            check(
                board_of(5, n),
                Square::new(3, 782),
                Square::new(2, 910),
                None,
            )
            .unwrap();
        }
    }
    assert!(built >= 100, "only {built} pairs allowed by the rule");
}

fn board_of(r: u32, c: u32) -> Board {
    Board::new(r, c).unwrap()
}

/// The README's table: "a verified tour for every allowed pair on 5x7 ... 5x14, 6x7 ... 6x11,
/// 7x7 ... 8x8". Every pair of squares of those boards that the rule allows is built, from the
/// first square to the second, and verified; about a minute (69 s on CI), so `.ci/run` runs it as its
/// own step (`cargo test --release -- --ignored`).
#[test]
#[ignore = "every pair on 16 boards, about a minute: .ci/run runs it in its own step"]
fn every_allowed_pair_on_the_tables_boards_is_built() {
    let boards = [
        (5, 7),
        (5, 8),
        (5, 9),
        (5, 10),
        (5, 11),
        (5, 12),
        (5, 13),
        (5, 14),
        (6, 7),
        (6, 8),
        (6, 9),
        (6, 10),
        (6, 11),
        (7, 7),
        (7, 8),
        (8, 8),
    ];
    let mut built = 0u64;
    for (r, c) in boards {
        let b = board_of(r, c);
        for s in 0..b.area() as u32 {
            for t in s + 1..b.area() as u32 {
                let (ss, tt) = (b.square(s), b.square(t));
                if existence::between(b, ss, tt).is_ok() {
                    check(b, ss, tt, None).unwrap();
                    built += 1;
                }
            }
        }
    }
    // Pairs of differing colour on even boards, both ends on the corners' colour on odd ones,
    // less the few the rule forbids (the b3 squares of 5 x n): counted when this test was
    // written, so a change of the rule shows here too.
    assert_eq!(built, 10_105);
}
