//! The verifier's fast path: is this path a tour of its piece, yes or no, at memory speed.
//!
//! A step's column change comes from its index difference through a small table of the
//! piece's moves (or, on boards where two moves share a difference, from one multiplication
//! per square, [`Splitter`]), and the tests fold into two flags, so the loop has no division
//! and only one branch, never taken on a tour. A path of `n` entries below `n` with no repeat is a permutation, so no square needs
//! to be looked for afterwards; repeats show as fewer bits set than entries. Large paths are
//! cut into a few chunks checked side by side, each with its own visited set; the sets must
//! then be disjoint.

use crate::board::{Board, Splitter};
use crate::piece::Piece;

/// Chunks of a parallel check: each costs a visited set of one bit a square, and two keep a
/// 10^8-square tour at 4.3 bytes a square with its path (the constructions list their tiles
/// only after the check).
#[cfg(feature = "parallel")]
const MAX_CHUNKS: usize = 2;

/// Whether `path` visits every square of `board` but the `holes` (sorted) once by `piece`'s
/// moves (and returns, if closed).
pub(super) fn is_tour(
    board: Board,
    path: &[u32],
    closed: bool,
    piece: Piece,
    holes: &[u32],
) -> bool {
    let area = board.area();
    let len = path.len();
    if len + holes.len() != area || len == 0 {
        return false;
    }
    let split = Splitter::new(board.cols);
    let chunks = chunk_count(len);
    let per = len.div_ceil(chunks);
    let ranges: Vec<(usize, usize)> = (0..chunks)
        .map(|c| (c * per, ((c + 1) * per).min(len)))
        .filter(|(a, b)| a < b)
        .collect();
    let table = difference_table(board.cols, piece);
    let steps = match &table {
        Some((table, off)) => StepTest::Differences {
            table,
            cols: board.cols,
            off: *off,
        },
        None => StepTest::Squares(split, piece),
    };
    let Some(sets) = check_chunks(path, &ranges, area, steps) else {
        return false;
    };
    if !disjoint(&sets) {
        return false;
    }
    // As many distinct squares on the board as there are open ones, none of them a hole: the
    // open squares, each once.
    if holes
        .iter()
        .any(|&h| sets.iter().any(|s| crate::bits::has(s, h)))
    {
        return false;
    }
    // A closed tour of one square would need a move from the square to itself, and one of two
    // would go back by the move it came by.
    !closed || (len > 2 && is_move(path[len - 1], path[0], split, piece))
}

/// How many chunks to check `n` squares in: one below the parallel size or without the
/// `parallel` feature, else one a thread up to [`MAX_CHUNKS`].
fn chunk_count(n: usize) -> usize {
    #[cfg(feature = "parallel")]
    if n >= super::PARALLEL_SQUARES {
        return rayon::current_num_threads().clamp(1, MAX_CHUNKS);
    }
    let _ = n;
    1
}

/// Checks every range, side by side when there are several.
fn check_chunks(
    path: &[u32],
    ranges: &[(usize, usize)],
    n: usize,
    steps: StepTest<'_>,
) -> Option<Vec<Vec<u64>>> {
    #[cfg(feature = "parallel")]
    if ranges.len() > 1 {
        use rayon::prelude::*;
        return ranges
            .par_iter()
            .map(|&r| chunk(path, r, n, steps))
            .collect();
    }
    ranges.iter().map(|&r| chunk(path, r, n, steps)).collect()
}

/// Whether squares `a` and `b` (both on the board) are one of `piece`'s moves apart.
#[inline]
fn is_move(a: u32, b: u32, split: Splitter, piece: Piece) -> bool {
    let ((ra, ca), (rb, cb)) = (split.split(a), split.split(b));
    let (dr, dc) = (ra.abs_diff(rb), ca.abs_diff(cb));
    if piece.is_knight() {
        // The knight's test in one multiplication: 1 x 2 or 2 x 1.
        dr * dc == 2
    } else {
        piece.is_step(dr.into(), dc.into())
    }
}

/// How each step's column change is found: from the index difference through a table when the
/// moves' differences are distinct, else by splitting both squares into rows and columns.
#[derive(Clone, Copy)]
enum StepTest<'a> {
    /// `table[d + off]` is the column change of a move by index difference `d`, or
    /// [`NO_MOVE`] when `d` is no move (`off` is the largest difference a move makes, 2 cols + 1
    /// for the knight); the last entry takes every difference out of that range.
    Differences {
        table: &'a [i32],
        cols: u32,
        off: u32,
    },
    /// Rows and columns from each index, and the piece whose moves they must differ by.
    Squares(Splitter, Piece),
}

/// Largest table of differences built, in entries: 4 MB, so boards up to 2^18 columns use it.
const MAX_TABLE: usize = 1 << 20;

/// The table's entry for a difference that is no knight's move: added to a column, it leaves it
/// negative, which fails the check at that step.
const NO_MOVE: i32 = i32::MIN / 2;

/// The column change of each of `piece`'s moves by index difference on rows of `cols`
/// squares, with the offset of difference 0; `None` when two moves share a difference (the
/// knight on fewer than 4 columns) or the table would be too large.
fn difference_table(cols: u32, piece: Piece) -> Option<(Vec<i32>, u32)> {
    let c = i64::from(cols);
    let diff = |(dr, dc): (i32, i32)| i64::from(dr) * c + i64::from(dc);
    let off = piece.moves().iter().map(|&m| diff(m).abs()).max()?;
    let len = usize::try_from(2 * off + 2).ok()?;
    if len > MAX_TABLE || u32::try_from(2 * off + 1).is_err() {
        return None;
    }
    let mut table = vec![NO_MOVE; len];
    for &(dr, dc) in piece.moves() {
        let at = (diff((dr, dc)) + off) as usize;
        // A difference two moves share cannot tell them apart: split the squares instead.
        if table[at] != NO_MOVE || dc.unsigned_abs() >= cols {
            return None;
        }
        table[at] = dc;
    }
    Some((table, off as u32))
}

/// Checks entries `from..to` (and the move into `from` from the entry before it): each on the
/// board, each a knight's move from the last, none twice. Returns the squares seen.
fn chunk(
    path: &[u32],
    (from, to): (usize, usize),
    n: usize,
    steps: StepTest<'_>,
) -> Option<Vec<u64>> {
    // The last word's bits from `n` up stand for squares past the board: set, they fail the
    // chunk, as does any index past the last word.
    let mut seen = vec![0u64; n.div_ceil(64)];
    let start = if from == 0 { 0 } else { from - 1 };
    let first = path[start];
    let off_board = n as u32;
    if first >= off_board {
        return None;
    }
    if from == 0 {
        seen[first as usize >> 6] |= 1 << (first & 63);
    }
    let rest = &path[from.max(1)..to];
    // Every test of a step folds into one flag, so the loop's only branch is one never taken
    // on a tour.
    let mut bad = 0i32;
    let mut outside = false;
    let mut mark = |sq: u32| match seen.get_mut(sq as usize >> 6) {
        Some(w) => *w |= 1u64 << (sq & 63),
        None => outside = true,
    };
    match steps {
        StepTest::Differences { table, cols, off } => {
            let top = 2 * off + 1;
            let table = &table[..=top as usize];
            let index = |a: u32, b: u32| b.wrapping_sub(a).wrapping_add(off).min(top) as usize;
            // A column below 0 reads as a huge unsigned one, so the widest column seen is
            // below `cols` exactly when every step stays on its rows.
            let mut widest = 0u32;
            let mut col = (first % cols) as i32;
            let mut prev = first;
            let pairs = rest.chunks_exact(2);
            let odd = pairs.remainder();
            for p in pairs {
                let (a, b) = (p[0], p[1]);
                col = col.wrapping_add(table[index(prev, a)]);
                widest = widest.max(col as u32);
                col = col.wrapping_add(table[index(a, b)]);
                widest = widest.max(col as u32);
                mark(a);
                mark(b);
                prev = b;
            }
            for &sq in odd {
                col = col.wrapping_add(table[index(prev, sq)]);
                widest = widest.max(col as u32);
                mark(sq);
            }
            bad |= -i32::from(widest >= cols);
        }
        StepTest::Squares(split, piece) => {
            let (mut pr, mut pc) = split.split(first);
            let knight = piece.is_knight();
            for &sq in rest {
                let (r, c) = split.split(sq);
                let (dr, dc) = (r.abs_diff(pr), c.abs_diff(pc));
                let step = if knight {
                    dr * dc == 2
                } else {
                    piece.is_step(dr.into(), dc.into())
                };
                bad |= -i32::from(!step);
                mark(sq);
                (pr, pc) = (r, c);
            }
        }
    }
    // With every entry on the board, a chunk holds no square twice exactly when it sets as many
    // bits as it has entries.
    let past = seen[(n - 1) >> 6] & (!0u64 << 1 << ((n - 1) & 63));
    let on_board = !outside && past == 0;
    let set: u64 = seen.iter().map(|w| u64::from(w.count_ones())).sum();
    (bad >= 0 && on_board && set == (to - from) as u64).then_some(seen)
}

/// Whether no square is in two of the chunks' sets.
fn disjoint(sets: &[Vec<u64>]) -> bool {
    if sets.len() < 2 {
        return true;
    }
    let words = sets[0].len();
    (0..words).all(|w| {
        let mut acc = 0u64;
        sets.iter().all(|s| {
            let clash = acc & s[w] != 0;
            acc |= s[w];
            !clash
        })
    })
}

#[cfg(test)]
mod tests {
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
                let sets: Option<Vec<_>> = ranges.iter().map(|&r| chunk(p, r, 12, split)).collect();
                sets.is_some_and(|s| disjoint(&s))
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
                    holes: Vec::new(),
                }
                .first_fault()
                .is_ok();
                for chunks in [1, 2, 3] {
                    let len = n.div_ceil(chunks);
                    let ranges: Vec<_> = (0..chunks)
                        .map(|c| (c * len, ((c + 1) * len).min(n)))
                        .filter(|(a, b)| a < b)
                        .collect();
                    let sets: Option<Vec<_>> =
                        ranges.iter().map(|&r| chunk(&p, r, n, steps)).collect();
                    let got = sets.is_some_and(|s| disjoint(&s));
                    assert_eq!(got, want, "{rows}x{cols} case {case}, {chunks} chunks");
                }
            }
        }
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
                    holes: Vec::new(),
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
}
