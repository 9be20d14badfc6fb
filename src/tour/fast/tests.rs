//! The fast check against the walk that names faults, on tours and faulty copies of them.

use super::*;

#[test]
fn chunks_agree_with_one_pass() {
    // A 3x4 open tour, then faults the chunk seams must still catch.
    let b = Board::new(3, 4).unwrap();
    let good: [u32; 12] = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4];
    let split = StepTest::Squares(Splitter::new(4), Piece::KNIGHT);
    for chunks in 1..=4 {
        let len = 12usize.div_ceil(chunks);
        let ranges: Vec<_> = (0..chunks)
            .map(|c| (c * len, ((c + 1) * len).min(12)))
            .filter(|(a, b)| a < b)
            .collect();
        let run = |p: &[u32]| {
            let sets: Option<Vec<_>> = ranges
                .iter()
                .map(|&r| chunk(p, r, (0, 1), 12, split))
                .collect();
            sets.is_some_and(|s| disjoint(&s, 1)) && check_by(p, 12, chunks, split).is_some()
        };
        assert!(run(&good), "{chunks} chunks");
        let mut dup = good;
        dup[11] = 0;
        assert!(!run(&dup));
        let mut off = good;
        off[6] = 99;
        assert!(!run(&off));
        let mut swap = good;
        swap.swap(5, 6);
        assert!(!run(&swap));
    }
    assert!(is_tour(b, &good, false, Piece::KNIGHT, &[]));
    assert!(!is_tour(b, &good, true, Piece::KNIGHT, &[]));
}

/// Pseudo-random numbers for the faults below.
fn next(x: &mut u64) -> u64 {
    *x = crate::rng::mix64(*x);
    *x
}

#[test]
fn difference_steps_agree_with_the_ordered_walk() {
    // Faults of every kind, on boards wide enough for the table, in one chunk and in
    // several: the fast answer must match the walk that names faults.
    let mut x = 7u64;
    for (rows, cols) in [(5, 5), (6, 6), (5, 8), (8, 8), (10, 7), (6, 64), (6, 65)] {
        let board = Board::new(rows, cols).unwrap();
        let req = crate::solve::Request::new(board, crate::Kind::Open);
        let tour = crate::solve::solve(&req).unwrap().tour;
        let n = board.area();
        let (table, off) = difference_table(cols, Piece::KNIGHT).unwrap();
        let steps = StepTest::Differences {
            table: &table,
            cols,
            off,
        };
        for case in 0..400 {
            let mut p = tour.path().to_vec();
            match case % 5 {
                0 => {}
                1 => p.swap(next(&mut x) as usize % n, next(&mut x) as usize % n),
                2 => p[next(&mut x) as usize % n] = next(&mut x) as u32 % (n as u32 + 3),
                3 => {
                    // A shift by a whole row keeps the differences and wraps a column.
                    let k = next(&mut x) as usize % n;
                    p[k] = (p[k] + cols) % n as u32;
                }
                _ => p[next(&mut x) as usize % n] = u32::MAX - (next(&mut x) as u32 % 4),
            }
            let want = super::super::Tour {
                piece: crate::piece::Piece::KNIGHT,
                board,
                path: p.clone(),
                kind: crate::Kind::Open,
                tiles: Vec::new(),
                holes: std::sync::Arc::default(),
            }
            .first_fault()
            .is_ok();
            for chunks in [1, 2, 3] {
                let len = n.div_ceil(chunks);
                let ranges: Vec<_> = (0..chunks)
                    .map(|c| (c * len, ((c + 1) * len).min(n)))
                    .filter(|(a, b)| a < b)
                    .collect();
                let sets: Option<Vec<_>> = ranges
                    .iter()
                    .map(|&r| chunk(&p, r, (0, n.div_ceil(64)), n, steps))
                    .collect();
                let got = sets.is_some_and(|s| disjoint(&s, n.div_ceil(64)));
                assert_eq!(got, want, "{rows}x{cols} case {case}, {chunks} chunks");
                // In parts of the board, from three chunks on.
                let got = check_by(&p, n, chunks + 2, steps).is_some();
                assert_eq!(got, want, "{rows}x{cols} case {case}, {} parts", chunks + 2);
            }
        }
    }
}

#[test]
fn parts_of_the_board_agree_with_the_ordered_walk() {
    // Eight chunks, each with the part of the board its stretch of the tour keeps to:
    // the same answers as the walk that names faults, the fault in any chunk or at a seam.
    // Large enough that the parts add up to less than two boards (a closed tour's last
    // stretch comes back to its start, so one part is the whole board).
    let board = Board::new(600, 500).unwrap();
    let req = crate::solve::Request::new(board, crate::Kind::Closed);
    let tour = crate::solve::solve(&req).unwrap().tour;
    let n = board.area();
    let (table, off) = difference_table(500, Piece::KNIGHT).unwrap();
    let steps = StepTest::Differences {
        table: &table,
        cols: 500,
        off,
    };
    let (ranges, parts) = plan(tour.path(), n, cut(n, 8)).unwrap();
    assert_eq!(ranges.len(), 8);
    assert!(
        parts.iter().any(|&(a, b)| b - a < n.div_ceil(64)),
        "{parts:?}"
    );
    // 64 chunks' parts add up to more than two boards: merged in twos, they fit.
    let words = n.div_ceil(64);
    let sum = |parts: &[(usize, usize)]| parts.iter().map(|&(a, b)| b - a).sum::<usize>();
    assert!(sum(&parts_of(tour.path(), &cut(n, 64), n).unwrap()) > WHOLE_SETS * words);
    let (ranges, parts) = plan(tour.path(), n, cut(n, 64)).unwrap();
    assert!(
        ranges.len() > WHOLE_SETS && ranges.len() < 64,
        "{}",
        ranges.len()
    );
    assert!(sum(&parts) <= WHOLE_SETS * words);
    assert_eq!(ranges.first().map(|r| r.0), Some(0));
    assert!(ranges.windows(2).all(|w| w[0].1 == w[1].0) && ranges.last().unwrap().1 == n);
    assert!(check_by(tour.path(), n, 64, steps).is_some());
    let mut x = 3u64;
    let mut faulty = 0;
    for case in 0..150 {
        let mut p = tour.path().to_vec();
        let k = next(&mut x) as usize % n;
        // Near a seam of the eight chunks, every third case.
        let k = if case % 3 == 0 { (k % 8) * (n / 8) } else { k };
        let j = next(&mut x) as usize % n;
        match case % 5 {
            0 => {}
            1 => p.swap(k, j),
            2 => p[k] = p[j],
            3 => p[k] = (p[k] + 500) % n as u32,
            _ => p[k] = n as u32 + (next(&mut x) as u32 % 70),
        }
        let want = super::super::Tour {
            path: p.clone(),
            ..tour.clone()
        }
        .first_fault()
        .is_ok();
        faulty += usize::from(!want);
        assert_eq!(check_by(&p, n, 8, steps).is_some(), want, "case {case}");
    }
    assert!(faulty > 100, "only {faulty} faulty copies");
}

#[test]
fn parts_that_share_a_square_are_not_disjoint() {
    // Three parts of a 5-word board; a square in two of them is found in any stretch.
    let seen = |first: usize, words: &[u64]| Seen {
        first,
        words: words.to_vec(),
    };
    let apart = [
        seen(0, &[1, 0, 0]),
        seen(2, &[2, 4]),
        seen(1, &[8, 1 << 5, 0, 16]),
    ];
    assert!(disjoint(&apart, 5));
    for (set, word, bit) in [
        (0, 1, 8u64),
        (0, 2, 2),
        (1, 0, 1 << 5),
        (2, 1, 2),
        (2, 2, 4),
    ] {
        let mut clash: Vec<Seen> = apart.iter().map(|s| seen(s.first, &s.words)).collect();
        let w = &mut clash[set].words;
        let at = word + apart[set].first;
        w[word] |= bit;
        assert!(!disjoint(&clash, 5), "square in word {at}");
    }
    assert!(apart[2].has(64 + 3) && !apart[2].has(3) && !apart[1].has(64 * 4 + 2));
}

#[test]
fn a_path_that_wanders_is_checked_in_whole_sets() {
    // The wazir down and up the columns: every stretch of it crosses every row, so parts
    // would cost a board each; the check falls back on two whole sets, with the same answers.
    let (rows, cols) = (64u32, 64u32);
    let path: Vec<u32> = (0..cols)
        .flat_map(|c| {
            (0..rows).map(move |i| {
                let r = if c % 2 == 0 { i } else { rows - 1 - i };
                r * cols + c
            })
        })
        .collect();
    let n = path.len();
    let (ranges, parts) = plan(&path, n, cut(n, 8)).unwrap();
    assert_eq!(ranges.len(), WHOLE_SETS);
    assert!(parts.iter().all(|&(a, b)| (a, b) == (0, n.div_ceil(64))));
    let wazir = Piece::leaper(0, 1).unwrap();
    assert!(check(&path, n, 8, (cols, wazir)).is_some());
    let mut bad = path.clone();
    bad.swap(5, 700);
    assert!(check(&bad, n, 8, (cols, wazir)).is_none());
    bad = path.clone();
    bad[4000] = bad[10];
    assert!(check(&bad, n, 8, (cols, wazir)).is_none());
}

#[test]
fn other_pieces_agree_with_the_ordered_walk() {
    // The fast answer for the wazir, king and zebra (tables and squares, open and closed)
    // matches the walk that names faults, on tours and on faulty copies of them.
    let mut x = 11u64;
    let pieces = [
        ("wazir", 6, 64, true),
        ("wazir", 7, 4, false),
        ("king", 10, 7, true),
        ("king", 3, 3, false),
        ("zebra", 10, 10, true),
    ];
    for (name, rows, cols, closed) in pieces {
        let piece: Piece = name.parse().unwrap();
        let board = Board::new(rows, cols).unwrap();
        let kind = if closed {
            crate::Kind::Closed
        } else {
            crate::Kind::Open
        };
        let req = crate::solve::Request {
            piece,
            ..crate::solve::Request::new(board, kind)
        };
        let tour = crate::solve::solve(&req).unwrap().tour;
        let n = board.area();
        let mut faulty = 0;
        for case in 0..300 {
            let mut p = tour.path().to_vec();
            match case % 4 {
                0 => {}
                1 => p.swap(next(&mut x) as usize % n, next(&mut x) as usize % n),
                2 => p[next(&mut x) as usize % n] = next(&mut x) as u32 % (n as u32 + 3),
                _ => {
                    let k = next(&mut x) as usize % n;
                    p[k] = (p[k] + cols) % n as u32;
                }
            }
            let want = super::super::Tour {
                piece,
                board,
                path: p.clone(),
                kind,
                tiles: Vec::new(),
                holes: std::sync::Arc::default(),
            }
            .first_fault()
            .is_ok();
            faulty += usize::from(!want);
            assert_eq!(
                is_tour(board, &p, closed, piece, &[]),
                want,
                "{name} {rows}x{cols} case {case}"
            );
        }
        assert!(faulty > 150, "{name}: only {faulty} faulty copies");
    }
}

#[test]
fn shaped_boards_agree_with_the_ordered_walk() {
    // Tours round blocks (closed and open, two chunks on the large one): the fast answer
    // matches the walk that names faults, on the tours and on copies sent through a hole,
    // short of a square, or swapped.
    let mut x = 5u64;
    for (rows, cols, blocks, kind) in [
        (40, 40, vec![(10, 10, 4, 4)], crate::Kind::Closed),
        (
            30,
            32,
            vec![(6, 6, 2, 8), (20, 20, 4, 2)],
            crate::Kind::Open,
        ),
        (1100, 1000, vec![(100, 100, 40, 60)], crate::Kind::Closed),
    ] {
        let shape = crate::shape::Shape::with_blocks(rows, cols, &blocks);
        let req = crate::solve::Request::new(shape.board(), kind);
        let tour = crate::solve::solve_on(&shape, &req).unwrap().tour;
        let holes = shape.holes();
        let n = tour.path().len();
        let mut faulty = 0;
        for case in 0..40 {
            let mut p = tour.path().to_vec();
            match case % 4 {
                0 => {}
                1 => p[next(&mut x) as usize % n] = holes[next(&mut x) as usize % holes.len()],
                2 => {
                    p.pop();
                }
                _ => p.swap(next(&mut x) as usize % n, next(&mut x) as usize % n),
            }
            let t = super::super::Tour {
                path: p.clone(),
                ..tour.clone()
            };
            let want = t.first_fault().is_ok();
            faulty += usize::from(!want);
            let closed = kind == crate::Kind::Closed;
            assert_eq!(
                is_tour(shape.board(), &p, closed, Piece::KNIGHT, holes),
                want,
                "{rows}x{cols} case {case}"
            );
        }
        assert!(faulty >= 20, "only {faulty} faulty copies");
    }
}

#[test]
fn narrow_and_huge_rows_use_the_squares() {
    let k = Piece::KNIGHT;
    // On 3 columns (1,2) and (2,-1) are both 5 squares on; from 4 on they differ.
    assert!(difference_table(3, k).is_none());
    assert!(difference_table(4, k).is_some());
    assert!(difference_table(1 << 18, k).is_none());
    assert!(difference_table((1 << 18) - 1, k).is_some());
    // The wazir's four differences (±1, ±cols) are distinct from 2 columns on; the
    // zebra's from 4 (on 3, its 3-column moves cannot be made).
    let zebra = Piece::leaper(2, 3).unwrap();
    assert!(difference_table(1, Piece::leaper(0, 1).unwrap()).is_none());
    assert!(difference_table(2, Piece::leaper(0, 1).unwrap()).is_some());
    assert!(difference_table(3, zebra).is_none());
    assert!(difference_table(4, zebra).is_some());
}

#[test]
fn a_square_on_a_hole_is_found_among_many_holes() {
    // Over a million holes (looked for on every core) and two sets: the odd squares seen,
    // the even ones holes; one even square seen too is found wherever it lies.
    let n = 3 << 20;
    let odd = |first: usize, words: usize| Seen {
        first,
        words: vec![0xAAAA_AAAA_AAAA_AAAA; words],
    };
    let words = n / 64;
    let sets = [odd(0, words / 2), odd(words / 2, words - words / 2)];
    let holes: Vec<u32> = (0..n as u32).step_by(2).collect();
    assert!(holes.len() > crate::tour::PARALLEL_SQUARES);
    assert!(!on_a_hole(&sets, &holes));
    for at in [0, 64 * 7 + 2, n / 2, n - 2] {
        let mut sets = [odd(0, words / 2), odd(words / 2, words - words / 2)];
        let s = usize::from(at / 64 >= words / 2);
        let w = at / 64 - sets[s].first;
        sets[s].words[w] |= 1 << (at % 64);
        assert!(on_a_hole(&sets, &holes), "hole {at}");
    }
}
