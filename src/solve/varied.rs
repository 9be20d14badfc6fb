//! Varied tours: random changes that keep one Hamiltonian path or cycle, so that a seeded
//! divide-and-conquer tour stops repeating its tiles (Parberry's "obfuscation" in Tourney).
//!
//! One change removes two moves a→b and c→d, where c is a knight's move from a, and adds a→c
//! and b→d when b→d is a knight's move too: the stretch between is walked backwards.
//! The tour's first and last squares (and a cycle's closing move) never change. Most stretches
//! are at most [`WINDOW`] squares long; longer ones, which join neighbouring tiles (whose
//! squares can lie far apart along the tour), draw on a budget of [`LONG_WORK`] squares moved
//! per square of the board. So the rounds, proportional to the board, cost O(rows x cols).

use crate::board::{Board, KNIGHT_DIRECTIONS};
use crate::rng::mix64;

/// Longest stretch walked backwards by one change.
pub(crate) const WINDOW: usize = 48;

/// Passes along the tour, each trying a change at about every other move.
pub(crate) const PASSES: usize = 8;

/// The first passes take any change; later ones only those that even out the slopes.
pub(crate) const MIXING: usize = 4;

/// Squares that long reversals may move, per square of the board: a tile whose cycle the
/// merges cut into short pieces can change only through them.
pub(crate) const LONG_WORK: usize = 96;

/// Most squares moved by long reversals in all, so that huge boards stay linear and fast.
pub(crate) const MAX_LONG_WORK: usize = 1 << 26;

/// Changes `path` (row-major indices in visiting order) by random reversals that keep it a
/// knight's tour with the same ends; returns the number of changes made.
pub(crate) fn vary(board: Board, path: &mut [u32], seed: u64) -> usize {
    let n = path.len();
    if n < 6 {
        return 0;
    }
    let cols = board.cols as i64;
    let rows = board.rows as i64;
    let mut pos = vec![0u32; board.area()];
    for (i, &s) in path.iter().enumerate() {
        pos[s as usize] = i as u32;
    }
    let knight = |a: u32, b: u32| {
        let (ar, ac) = (a as i64 / cols, a as i64 % cols);
        let (br, bc) = (b as i64 / cols, b as i64 % cols);
        let (dr, dc) = ((ar - br).abs(), (ac - bc).abs());
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    };
    let mut state = mix64(seed ^ 0x7661_7279);
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(state)
    };
    // Moves fall into 4 slopes. After the mixing passes a change is kept only if it does not
    // pull the counts of the slopes further from even, which brings the 8 directions near 1/8
    // each (reversals even out each direction with its opposite).
    let slope = |a: u32, b: u32| {
        let (dr, dc) = (
            b as i64 / cols - a as i64 / cols,
            b as i64 % cols - a as i64 % cols,
        );
        ((dr.abs() == 2) as usize) * 2 + ((dr * dc > 0) as usize)
    };
    let mut slopes = [0i64; 4];
    for w in path.windows(2) {
        slopes[slope(w[0], w[1])] += 1;
    }
    let mut made = 0;
    let mut budget = (n * LONG_WORK).min(MAX_LONG_WORK);
    // Huge boards, which nobody looks at whole, get one mixing pass.
    let mixing = if n > 1 << 20 { 1 } else { MIXING };
    // Sweeps along the tour, so that the squares looked at are near each other in memory.
    let mut i = 0;
    let mut pass = 0;
    while pass < PASSES {
        let r = next();
        i += 1 + (r >> 62) as usize;
        // Move i is path[i] -> path[i + 1]; the last move (and a cycle's closing one) stays.
        if i + 2 >= n {
            i = (r >> 61) as usize & 1;
            pass += 1;
            // Balancing ends once every slope is within 0.1% of an even share.
            let even = slopes.iter().sum::<i64>() as f64 / 4.0;
            if pass > mixing
                && slopes
                    .iter()
                    .all(|&x| (x as f64 - even).abs() <= n as f64 / 1000.0)
            {
                break;
            }
            continue;
        }
        let (a, b) = (path[i], path[i + 1]);
        let (ar, ac) = (a as i64 / cols, a as i64 % cols);
        let turn = (r & 7) as usize;
        for k in 0..8 {
            let (dr, dc) = KNIGHT_DIRECTIONS[(k + turn) & 7];
            let (dr, dc) = (dr as i64, dc as i64);
            let (cr, cc) = (ar + dr, ac + dc);
            if cr < 0 || cc < 0 || cr >= rows || cc >= cols {
                continue;
            }
            let c = (cr * cols + cc) as u32;
            let j = pos[c as usize] as usize;
            // Either c after b (a b .. c d becomes a c .. b d) or c before a with d after it
            // (c d .. a b becomes c a .. d b); the stretch between is walked backwards.
            let (lo, hi, d) = if j > i + 1 && j + 1 < n {
                (i + 1, j, path[j + 1])
            } else if j + 1 < i {
                (j + 1, i, path[j + 1])
            } else {
                continue;
            };
            let len = hi - lo + 1;
            if (len > WINDOW && len > budget) || !knight(b, d) {
                continue;
            }
            let (out1, out2, in1, in2) = (slope(a, b), slope(c, d), slope(a, c), slope(b, d));
            let spread = |s: &[i64; 4]| {
                let mean = s.iter().sum::<i64>() as f64 / 4.0;
                s.iter().map(|&x| (x as f64 - mean).powi(2)).sum::<f64>()
            };
            let mut after = slopes;
            after[out1] -= 1;
            after[out2] -= 1;
            after[in1] += 1;
            after[in2] += 1;
            if pass >= mixing && spread(&after) > spread(&slopes) {
                continue;
            }
            slopes = after;
            if len > WINDOW {
                budget -= len;
            }
            path[lo..=hi].reverse();
            for (t, &s) in path[lo..=hi].iter().enumerate() {
                pos[s as usize] = (lo + t) as u32;
            }
            made += 1;
            break;
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{solve, Method, Request};
    use crate::tour::direction_shares;
    use crate::Kind;

    #[test]
    fn direction_counts_agree_with_square_by_square_counting() {
        // Narrow boards make different moves differ by the same index step: 3 columns above all.
        for (rows, cols, kind) in [
            (4, 3, Kind::Open),
            (3, 10, Kind::Open),
            (6, 6, Kind::Closed),
            (1100, 1000, Kind::Closed),
        ] {
            let board = Board::new(rows, cols).unwrap();
            let path = solve(&Request::new(board, kind)).unwrap().tour.path;
            let n = path.len();
            let mut want = [0u64; 8];
            let moves = if kind == Kind::Closed { n } else { n - 1 };
            for i in 0..moves {
                let (a, b) = (board.square(path[i]), board.square(path[(i + 1) % n]));
                let d = (b.row as i32 - a.row as i32, b.col as i32 - a.col as i32);
                want[KNIGHT_DIRECTIONS.iter().position(|&x| x == d).unwrap()] += 1;
            }
            for tour in [true, false] {
                let got = direction_shares(board, &path, kind == Kind::Closed, tour);
                for k in 0..8 {
                    let share = want[k] as f64 / moves as f64;
                    assert!((got[k] - share).abs() < 1e-12, "{rows}x{cols}");
                }
            }
        }
        // Steps that only look like moves by their index difference (they wrap a row) count
        // in no direction when the path is not known to be a tour.
        let board = Board::new(4, 6).unwrap();
        let got = direction_shares(board, &[0, 11, 23, 12], false, false);
        assert_eq!(got.iter().sum::<f64>(), 0.0);
    }

    #[test]
    fn changes_keep_a_tour_with_the_same_ends() {
        for (size, kind) in [(8, Kind::Closed), (10, Kind::Open), (16, Kind::Closed)] {
            let board = Board::new(size, size).unwrap();
            let mut req = Request::new(board, kind);
            req.method = Method::Divide;
            let tour = solve(&req).unwrap().tour;
            let mut path = tour.path.clone();
            let made = vary(board, &mut path, 7);
            assert!(made > path.len() / 8, "{size}: only {made} changes");
            assert_ne!(path, tour.path);
            assert_eq!(path[0], tour.path[0]);
            assert_eq!(path.last(), tour.path.last());
            let t = crate::tour::Tour::new(board, path, kind, Vec::new()).expect("still a tour");
            assert_eq!(t.kind(), kind);
        }
    }

    /// The moves of a tour inside each aligned 8x8 window, as (from, to) in window coordinates.
    fn windows(board: Board, path: &[u32]) -> Vec<Vec<(u32, u32)>> {
        let n = path.len();
        let side = board.cols / 8;
        let mut w = vec![Vec::new(); (side * (board.rows / 8)) as usize];
        for i in 0..n {
            let (a, b) = (board.square(path[i]), board.square(path[(i + 1) % n]));
            if a.row / 8 == b.row / 8 && a.col / 8 == b.col / 8 {
                let k = (a.row / 8 * side + a.col / 8) as usize;
                let local = |s: crate::board::Square| (s.row % 8) * 8 + s.col % 8;
                let (x, y) = (local(a), local(b));
                w[k].push((x.min(y), x.max(y)));
            }
        }
        for v in &mut w {
            v.sort_unstable();
        }
        w
    }

    #[test]
    fn seeded_64x64_tours_spread_their_directions_and_repeat_no_window() {
        let board = Board::new(64, 64).unwrap();
        let plain = solve(&Request::new(board, Kind::Closed)).unwrap().tour;
        let w = windows(board, &plain.path);
        let distinct = |w: &[Vec<(u32, u32)>]| {
            let mut v = w.to_vec();
            v.sort();
            v.dedup();
            v.len()
        };
        // The construction alone repeats its tiles: the reason for the changes.
        assert!(distinct(&w) < w.len());
        for seed in 1..=5 {
            let mut req = Request::new(board, Kind::Closed);
            req.seed = Some(seed);
            let tour = solve(&req).unwrap().tour;
            for (k, s) in tour.direction_shares().iter().enumerate() {
                assert!(
                    (s - 0.125).abs() <= 0.015,
                    "seed {seed}: direction {k} has {s}"
                );
            }
            let w = windows(board, &tour.path);
            assert_eq!(distinct(&w), w.len(), "seed {seed}: two 8x8 windows alike");
        }
        // Without a seed the output stays as it was.
        assert_eq!(
            solve(&Request::new(board, Kind::Closed)).unwrap().tour,
            plain
        );
    }
}
