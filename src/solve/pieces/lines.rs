//! The wazir's and king's grid tours as runs of squares along straight lines, written turned
//! to begin at any square, and in either direction, on every core.
//!
//! A snake or a grid cycle is a few runs a row (or a column): a cycle is held as its runs and
//! where each begins, the start is found among the runs (not among the squares), and the path
//! is written in chunks side by side, each chunk starting in its run by a binary search. At
//! 10^8 squares that replaces a push a square, a search for the start and a rotation of the
//! whole path, all on one thread.

use crate::board::Board;

/// `len` squares from `from`, each `step` (an index difference: a wazir's move) from the last.
#[derive(Debug, Clone, Copy)]
struct Run {
    from: u32,
    step: i64,
    len: u32,
}

impl Run {
    /// The square `j` steps along.
    fn at(&self, j: u32) -> u32 {
        (i64::from(self.from) + i64::from(j) * self.step) as u32
    }
}

/// A sequence of squares as runs, with the position each run begins at.
#[derive(Debug, Default)]
pub(super) struct Runs {
    runs: Vec<Run>,
    starts: Vec<usize>,
    len: usize,
}

/// Squares written as one task.
#[cfg(feature = "parallel")]
const CHUNK: usize = 1 << 16;

impl Runs {
    /// Appends `len` squares from `from`, each `step` from the last.
    fn push(&mut self, from: u32, step: i64, len: u32) {
        if len > 0 {
            self.runs.push(Run { from, step, len });
            self.starts.push(self.len);
            self.len += len as usize;
        }
    }

    /// Where `sq` is in the sequence.
    pub(super) fn position(&self, sq: u32) -> Option<usize> {
        self.runs.iter().zip(&self.starts).find_map(|(r, &at)| {
            let d = i64::from(sq) - i64::from(r.from);
            let j = d / r.step;
            (d % r.step == 0 && (0..i64::from(r.len)).contains(&j)).then(|| at + j as usize)
        })
    }

    /// The sequence turned to begin at position `k`: onwards, or backwards when `back` (a
    /// cycle's positions wrap round; a path is only ever turned to its first or last square).
    pub(super) fn path(&self, k: usize, back: bool) -> Vec<u32> {
        let mut out = vec![0u32; self.len];
        #[cfg(feature = "parallel")]
        if self.len >= crate::tour::PARALLEL_SQUARES {
            use rayon::prelude::*;
            out.par_chunks_mut(CHUNK)
                .enumerate()
                .for_each(|(c, chunk)| self.fill(chunk, c * CHUNK, k, back));
            return out;
        }
        self.fill(&mut out, 0, k, back);
        out
    }

    /// Writes the path's entries `x..x + out.len()` (the path turned to begin at `k`).
    fn fill(&self, out: &mut [u32], x: usize, k: usize, back: bool) {
        let n = self.len;
        let mut pos = if back {
            (k + n - x % n) % n
        } else {
            (k + x) % n
        };
        let mut r = self.starts.partition_point(|&s| s <= pos) - 1;
        let mut done = 0;
        while done < out.len() {
            let run = self.runs[r];
            let j = (pos - self.starts[r]) as u32;
            if back {
                // Positions j, j-1, .., 0 of this run, then the run before (round to the last).
                let take = (j as usize + 1).min(out.len() - done);
                for (i, o) in out[done..done + take].iter_mut().enumerate() {
                    *o = run.at(j - i as u32);
                }
                done += take;
                r = if r == 0 { self.runs.len() - 1 } else { r - 1 };
                pos = self.starts[r] + self.runs[r].len as usize - 1;
            } else {
                let take = ((run.len - j) as usize).min(out.len() - done);
                for (i, o) in out[done..done + take].iter_mut().enumerate() {
                    *o = run.at(j + i as u32);
                }
                done += take;
                r = (r + 1) % self.runs.len();
                pos = self.starts[r];
            }
        }
    }

    /// Runs on `board` (`m` x `n`) from these runs on the board turned over its diagonal
    /// (`n` x `m`, whose rows are `board`'s columns).
    fn transposed(self, board: Board) -> Runs {
        let (m, n) = (board.rows, board.cols);
        let mut t = Runs::default();
        for r in self.runs {
            // Along a row of the turned board is down a column of `board`, and back.
            let step = if r.step.abs() == 1 {
                r.step * i64::from(n)
            } else {
                r.step.signum()
            };
            t.push((r.from % m) * n + r.from / m, step, r.len);
        }
        t
    }
}

/// Every square row by row, each row the other way from the last: wazir moves only.
pub(super) fn snake(board: Board) -> Runs {
    let (m, n) = (board.rows, board.cols);
    let mut runs = Runs::default();
    for r in 0..m {
        if r % 2 == 0 {
            runs.push(r * n, 1, n);
        } else {
            runs.push(r * n + n - 1, -1, n);
        }
    }
    runs
}

/// A cycle through every square of a board with both sides at least 2: along the top row,
/// back and forth over the other rows in columns 1.., and up column 0. With an even number of
/// rows it uses wazir moves only. With an odd number, the last two rows are walked column by
/// column and one diagonal (a king's move) reaches column 0, unless the columns' count lets
/// the walk end beside it; a wazir cycle on odd rows and even columns is the transposed one.
pub(super) fn grid_cycle(board: Board) -> Runs {
    let (m, n) = (board.rows, board.cols);
    if m % 2 == 1 && n % 2 == 0 {
        return grid_cycle(board.transposed()).transposed(board);
    }
    let at = |r: u32, c: u32| r * n + c;
    let mut runs = Runs::default();
    runs.push(at(0, 0), 1, n);
    // Rows 1.. snake in columns 1..n-1; with odd rows, the last two go column by column.
    let snake_rows = if m % 2 == 0 { m - 1 } else { m - 3 };
    for r in 1..=snake_rows {
        if r % 2 == 1 {
            runs.push(at(r, n - 1), -1, n - 1);
        } else {
            runs.push(at(r, 1), 1, n - 1);
        }
    }
    if m % 2 == 1 {
        let down = i64::from(n);
        for (j, c) in (1..n).rev().enumerate() {
            if j % 2 == 0 {
                runs.push(at(m - 2, c), down, 2);
            } else {
                runs.push(at(m - 1, c), -down, 2);
            }
        }
    }
    runs.push(at(m - 1, 0), -i64::from(n), m - 1);
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The runs' squares, one at a time.
    fn squares(runs: &Runs) -> Vec<u32> {
        runs.runs
            .iter()
            .flat_map(|r| (0..r.len).map(move |j| r.at(j)))
            .collect()
    }

    #[test]
    fn turned_paths_are_the_sequence_turned() {
        for (m, n) in [(2, 2), (3, 4), (4, 3), (5, 5), (6, 7), (7, 6), (1, 9)] {
            let board = Board::new(m, n).unwrap();
            let mut all = vec![snake(board)];
            if m >= 2 && n >= 2 {
                all.push(grid_cycle(board));
            }
            for runs in all {
                let seq = squares(&runs);
                let len = seq.len();
                assert_eq!(len, board.area());
                for (i, &q) in seq.iter().enumerate() {
                    assert_eq!(runs.position(q), Some(i), "{m}x{n} {q}");
                }
                for k in 0..len {
                    let on: Vec<u32> = (0..len).map(|x| seq[(k + x) % len]).collect();
                    let back: Vec<u32> = (0..len).map(|x| seq[(k + len - x) % len]).collect();
                    assert_eq!(runs.path(k, false), on, "{m}x{n} from {k}");
                    assert_eq!(runs.path(k, true), back, "{m}x{n} back from {k}");
                    // Chunks starting anywhere agree with the whole.
                    for x in [1, len / 2, len - 1] {
                        let mut part = vec![0; len - x];
                        runs.fill(&mut part, x, k, false);
                        assert_eq!(part, on[x..], "{m}x{n} from {k}, chunk at {x}");
                    }
                }
            }
        }
    }
}
