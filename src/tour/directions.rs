//! The share of a path's moves in each of the 8 directions: how evenly a tour spreads its
//! moves, which varied tours even out and reports print. A verified tour's steps are told
//! apart by their index differences alone, and big paths are counted on every core.

use crate::board::{Board, Splitter, KNIGHT_DIRECTIONS};

/// The share of the path's moves in each of the 8 directions, in the order of
/// [`KNIGHT_DIRECTIONS`] (a cycle counts its closing move); steps that are not knight's moves count
/// in none. `tour` says the path is a verified tour, which lets the steps be told apart by
/// their index differences alone.
pub fn direction_shares(board: Board, path: &[u32], closed: bool, tour: bool) -> [f64; 8] {
    let n = path.len();
    let moves = if closed { n } else { n.saturating_sub(1) };
    let split = Splitter::new(board.cols);
    let steps = if tour && board.cols >= 5 {
        DirectionOf::Differences(differences(board.cols))
    } else {
        DirectionOf::Squares(split)
    };
    let mut counts = count_moves(path, steps);
    if closed && n > 1 {
        add_moves(
            &mut counts,
            &[path[n - 1], path[0]],
            DirectionOf::Squares(split),
        );
    }
    shares(counts, moves)
}

/// Counts of moves by direction as shares of `moves`.
fn shares(counts: [u64; 8], moves: usize) -> [f64; 8] {
    counts.map(|c| {
        if moves == 0 {
            0.0
        } else {
            c as f64 / moves as f64
        }
    })
}

/// Counts the moves between consecutive entries of `path` by direction; big paths are cut
/// into pieces (overlapping by one entry) counted side by side.
fn count_moves(path: &[u32], steps: DirectionOf) -> [u64; 8] {
    let mut counts = [0u64; 8];
    #[cfg(feature = "parallel")]
    if path.len() >= crate::tour::PARALLEL_SQUARES {
        use rayon::prelude::*;
        let piece = path.len().div_ceil(4 * rayon::current_num_threads().max(1));
        let parts: Vec<[u64; 8]> = (0..path.len() - 1)
            .step_by(piece)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|a| {
                let mut c = [0u64; 8];
                add_moves(&mut c, &path[a..(a + piece + 1).min(path.len())], steps);
                c
            })
            .collect();
        for p in parts {
            for (t, v) in counts.iter_mut().zip(p) {
                *t += v;
            }
        }
        return counts;
    }
    add_moves(&mut counts, path, steps);
    counts
}

/// How a step is told apart: by its index difference alone where the 8 knight's moves give 8
/// different differences and the path is known to be a tour, else by rows and columns.
#[derive(Clone, Copy)]
enum DirectionOf {
    /// The index difference of each direction (modulo 2^32), for tours on boards of 5 or more
    /// columns.
    Differences([u32; 8]),
    /// Rows and columns from each index.
    Squares(Splitter),
}

/// How many of a verified tour's moves (a cycle's closing move included) go in each of
/// `dirs`, and how many moves there are: any piece's directions. Where the directions' index
/// differences are all different, a step's difference alone names its direction (the tour
/// is verified, so every step is one of them); big paths are counted on every core.
pub(crate) fn direction_counts(
    board: Board,
    path: &[u32],
    closed: bool,
    dirs: &[(i32, i32)],
) -> (Vec<u64>, u64) {
    let n = path.len();
    let cols = i64::from(board.cols);
    let diffs: Vec<u32> = dirs
        .iter()
        .map(|&(dr, dc)| (i64::from(dr) * cols + i64::from(dc)) as u32)
        .collect();
    let distinct = diffs
        .iter()
        .enumerate()
        .all(|(i, d)| !diffs[..i].contains(d));
    let split = Splitter::new(board.cols);
    // Up to 8 differences, padded with 0 (no step of a tour has it): eight comparisons a step
    // and no branch, which the compiler runs several steps at a time, as for the knight.
    let eight: Option<[u32; 8]> = (distinct && diffs.len() <= 8).then(|| {
        let mut e = [0u32; 8];
        e[..diffs.len()].copy_from_slice(&diffs);
        e
    });
    let count = |part: &[u32]| -> Vec<u64> {
        let mut c = vec![0u64; dirs.len()];
        if let Some(eight) = eight {
            for (t, v) in c.iter_mut().zip(by_differences(part, &eight)) {
                *t += v;
            }
            return c;
        }
        for w in part.windows(2) {
            let k = if distinct {
                let d = w[1].wrapping_sub(w[0]);
                diffs.iter().position(|&t| t == d)
            } else {
                let ((ra, ca), (rb, cb)) = (split.split(w[0]), split.split(w[1]));
                let d = (rb as i32 - ra as i32, cb as i32 - ca as i32);
                dirs.iter().position(|&x| x == d)
            };
            if let Some(k) = k {
                c[k] += 1;
            }
        }
        c
    };
    let mut counts = vec![0u64; dirs.len()];
    let mut add = |c: Vec<u64>| {
        for (t, v) in counts.iter_mut().zip(c) {
            *t += v;
        }
    };
    #[cfg(feature = "parallel")]
    let done = if n >= crate::tour::PARALLEL_SQUARES {
        use rayon::prelude::*;
        let piece = n.div_ceil(4 * rayon::current_num_threads().max(1));
        // Pieces overlap by one entry, so every step is in exactly one.
        let parts: Vec<Vec<u64>> = (0..n - 1)
            .step_by(piece)
            .collect::<Vec<_>>()
            .into_par_iter()
            .map(|a| count(&path[a..(a + piece + 1).min(n)]))
            .collect();
        parts.into_iter().for_each(&mut add);
        true
    } else {
        false
    };
    #[cfg(not(feature = "parallel"))]
    let done = false;
    if !done {
        add(count(path));
    }
    let mut total = n.saturating_sub(1) as u64;
    if closed && n > 2 {
        // The closing step, told by its rows and columns: it may wrap in index order.
        let ((ra, ca), (rb, cb)) = (split.split(path[n - 1]), split.split(path[0]));
        let d = (rb as i32 - ra as i32, cb as i32 - ca as i32);
        if let Some(k) = dirs.iter().position(|&x| x == d) {
            counts[k] += 1;
        }
        total += 1;
    }
    (counts, total)
}

/// How many steps of `path` have each of the 8 index differences `diffs` (modulo 2^32).
fn by_differences(path: &[u32], diffs: &[u32; 8]) -> [u64; 8] {
    let steps = path.len().saturating_sub(1);
    let (from, to) = (&path[..steps], path.get(1..).unwrap_or_default());
    // Eight comparisons a step and no table: the compiler counts several steps at once.
    // Blocks keep the 32-bit counts from overflowing.
    const BLOCK: usize = 1 << 20;
    let mut counts = [0u64; 8];
    for (a, b) in from.chunks(BLOCK).zip(to.chunks(BLOCK)) {
        let mut c = [0u32; 8];
        for (&x, &y) in a.iter().zip(b) {
            let d = y.wrapping_sub(x);
            for (n, &t) in c.iter_mut().zip(diffs) {
                *n += u32::from(d == t);
            }
        }
        for (t, v) in counts.iter_mut().zip(c) {
            *t += u64::from(v);
        }
    }
    counts
}

/// The index difference of each of the 8 directions on rows of `cols` squares, modulo 2^32.
fn differences(cols: u32) -> [u32; 8] {
    KNIGHT_DIRECTIONS.map(|(dr, dc)| (dr.wrapping_mul(cols as i32)).wrapping_add(dc) as u32)
}

/// Adds the moves between consecutive entries of `path` to `counts`.
fn add_moves(counts: &mut [u64; 8], path: &[u32], steps: DirectionOf) {
    // A ninth slot takes the steps that are not knight's moves, so the loops have no branch.
    let mut c9 = [0u64; 9];
    match steps {
        DirectionOf::Differences(diffs) => {
            let steps = path.len().saturating_sub(1);
            let mut matched = 0;
            for (t, v) in c9.iter_mut().zip(by_differences(path, &diffs)) {
                *t += v;
                matched += v;
            }
            c9[8] += steps as u64 - matched;
        }
        DirectionOf::Squares(split) => {
            let Some(&first) = path.first() else {
                return;
            };
            let (mut pr, mut pc) = split.split(first);
            for &sq in &path[1..] {
                let (r, c) = split.split(sq);
                let (dr, dc) = (
                    r.wrapping_sub(pr).wrapping_add(2),
                    c.wrapping_sub(pc).wrapping_add(2),
                );
                let k = if dr < 5 && dc < 5 {
                    SLOT[(dr * 5 + dc) as usize]
                } else {
                    8
                };
                c9[k as usize] += 1;
                (pr, pc) = (r, c);
            }
        }
    }
    for (t, v) in counts.iter_mut().zip(c9) {
        *t += v;
    }
}

/// The index in [`KNIGHT_DIRECTIONS`] of a move of (rows, columns) + 2, each 0..=4; 8 for none.
const SLOT: [u8; 25] = {
    let mut t = [8u8; 25];
    let mut k = 0;
    while k < 8 {
        let (dr, dc) = KNIGHT_DIRECTIONS[k];
        t[((dr + 2) * 5 + dc + 2) as usize] = k as u8;
        k += 1;
    }
    t
};
