//! The verifier's fast path: is this path a tour, yes or no, at memory speed.
//!
//! A square's row comes from one multiplication ([`Splitter`]), and every test folds into one
//! flag, so the loop has no division and no branch. A path of `n` entries below `n` with no repeat is a
//! permutation, so no square needs to be looked for afterwards. Large paths are cut into a few
//! chunks checked side by side, each with its own visited set; the sets must then be disjoint.

use crate::board::{Board, Splitter};

/// Chunks of a parallel check: each costs a visited set of one bit a square, and two keep a
/// 10^8-square tour under 4.5 bytes a square with its path and tiles.
#[cfg(feature = "parallel")]
const MAX_CHUNKS: usize = 2;

/// Whether `path` visits every square of `board` once by knight moves (and returns, if closed).
pub(super) fn is_tour(board: Board, path: &[u32], closed: bool) -> bool {
    let n = board.area();
    if path.len() != n || n == 0 {
        return false;
    }
    let split = Splitter::new(board.cols);
    let chunks = chunk_count(n);
    let len = n.div_ceil(chunks);
    let ranges: Vec<(usize, usize)> = (0..chunks)
        .map(|c| (c * len, ((c + 1) * len).min(n)))
        .filter(|(a, b)| a < b)
        .collect();
    let Some(sets) = check_chunks(path, &ranges, n, split) else {
        return false;
    };
    if !disjoint(&sets) {
        return false;
    }
    // A closed tour of one square would need a move from the square to itself.
    !closed || (n > 1 && is_move(path[n - 1], path[0], split))
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
    split: Splitter,
) -> Option<Vec<Vec<u64>>> {
    #[cfg(feature = "parallel")]
    if ranges.len() > 1 {
        use rayon::prelude::*;
        return ranges
            .par_iter()
            .map(|&r| chunk(path, r, n, split))
            .collect();
    }
    ranges.iter().map(|&r| chunk(path, r, n, split)).collect()
}

/// Whether squares `a` and `b` (both on the board) are a knight's move apart.
#[inline]
fn is_move(a: u32, b: u32, split: Splitter) -> bool {
    let ((ra, ca), (rb, cb)) = (split.split(a), split.split(b));
    ra.abs_diff(rb) * ca.abs_diff(cb) == 2
}

/// Checks entries `from..to` (and the move into `from` from the entry before it): each on the
/// board, each a knight's move from the last, none twice. Returns the squares seen.
fn chunk(path: &[u32], (from, to): (usize, usize), n: usize, split: Splitter) -> Option<Vec<u64>> {
    let mut seen = vec![0u64; n.div_ceil(64)];
    let start = if from == 0 { 0 } else { from - 1 };
    let first = path[start];
    if first as usize >= n {
        return None;
    }
    let (mut pr, mut pc) = split.split(first);
    let mut ok = true;
    if from == 0 {
        seen[first as usize >> 6] |= 1 << (first & 63);
    }
    for &sq in &path[from.max(1)..to] {
        // An index past the board would read past `seen`: clamp it and fail the flag instead.
        let on = (sq as usize) < n;
        let s = if on { sq } else { 0 };
        let (r, c) = split.split(s);
        let word = &mut seen[s as usize >> 6];
        let bit = 1u64 << (s & 63);
        ok &= on & (r.abs_diff(pr) * c.abs_diff(pc) == 2) & (*word & bit == 0);
        *word |= bit;
        (pr, pc) = (r, c);
    }
    ok.then_some(seen)
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
        let split = Splitter::new(4);
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
        assert!(is_tour(b, &good, false));
        assert!(!is_tour(b, &good, true));
    }
}
