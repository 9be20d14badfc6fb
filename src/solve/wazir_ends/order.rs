//! The wire between two given squares laid out part by part in the order the path takes
//! them, then written into the path on every core.
//!
//! The cuts of `wazir_ends.rs` halve a part until each is small and keep each square's
//! successor: at 10^8 squares that was millions of small parts, a second array of 4 bytes a
//! square and a walk over it, all on one thread (3.3 s). Most parts, though, soon run from
//! corner to corner, and a rectangle whose ends are two corners that a boustrophedon joins
//! (a snake back and forth along its rows or its columns) needs no more cutting. So the parts
//! are taken in path order (a part's start side first), each snake part kept whole, and only
//! the few others cut on; parts the cuts cannot split (ends too close to cut between) get
//! the successor construction on their own squares. Each part's place in the path is then
//! the sum of the areas before it, and the parts, snakes cut into bands of lines, are written
//! side by side.

use std::collections::HashMap;
use std::sync::Arc;

use super::{by_successors, cut, search, Part, SMALL};
use crate::board::{Board, Square};

/// A part of the path in path order.
enum Piece {
    /// A boustrophedon from `part.from` to `part.to`: along rows when `by_rows`, else along
    /// columns.
    Snake { part: Part, by_rows: bool },
    /// A path found for the part alone, as the part's own square numbers in order.
    Walk { part: Part, walk: Arc<Vec<u32>> },
}

impl Piece {
    fn part(&self) -> &Part {
        match self {
            Piece::Snake { part, .. } | Piece::Walk { part, .. } => part,
        }
    }
}

/// A wazir path from `whole.from` to `whole.to` through every square of `whole` (the whole
/// `board`), or `None` where the cuts and the successor construction find none.
pub(super) fn between(board: Board, whole: Part) -> Option<Vec<u32>> {
    let pieces = plan(whole)?;
    let n = board.area();
    debug_assert_eq!(
        pieces.iter().map(|p| p.part().area()).sum::<usize>(),
        n,
        "the parts cover the board"
    );
    let mut path = vec![0u32; n];
    write(board, &pieces, &mut path);
    Some(path)
}

/// Writes the path of `part`, a rectangle of `board`, into `out` (one entry a square of it).
pub(super) fn write_part(board: Board, part: Part, out: &mut [u32]) -> Option<()> {
    let pieces = plan(part)?;
    write(board, &pieces, out);
    Some(())
}

/// Small parts' paths already searched, by size and ends (local square numbers).
type Known = HashMap<(u32, u32, u32, u32), Option<Arc<Vec<u32>>>>;

/// The parts of the path in path order.
fn plan(whole: Part) -> Option<Vec<Piece>> {
    let mut pieces = Vec::new();
    // The cuts make the same few small parts over and over: each is searched once.
    let mut known: Known = HashMap::new();
    let mut work = vec![whole];
    while let Some(part) = work.pop() {
        if let Some(by_rows) = snake(&part) {
            pieces.push(Piece::Snake { part, by_rows });
            continue;
        }
        if part.rows * part.cols <= SMALL {
            let (s, t) = (part.local(part.from), part.local(part.to));
            let key = (
                part.rows,
                part.cols,
                s.row * part.cols + s.col,
                t.row * part.cols + t.col,
            );
            let walk = known
                .entry(key)
                .or_insert_with(|| search(&part).map(Arc::new))
                .clone()?;
            pieces.push(Piece::Walk { part, walk });
            continue;
        }
        if let Some((x, y, _, _)) = cut(&part) {
            // The part holding the start comes first; the step across the cut joins them.
            let (first, second) = if x.from == part.from { (x, y) } else { (y, x) };
            work.push(second);
            work.push(first);
            continue;
        }
        // Ends too close to cut between: the successor construction, on this part alone.
        let own = Board::new(part.rows, part.cols).ok()?;
        let walk = by_successors(own, part.local(part.from), part.local(part.to))?;
        pieces.push(Piece::Walk {
            part,
            walk: Arc::new(walk),
        });
    }
    Some(pieces)
}

/// Whether a boustrophedon joins the part's ends: `Some(true)` along rows, `Some(false)`
/// along columns. It starts at a corner and ends, along rows, on the far row, at the far
/// column after an odd number of rows and back at the start's column after an even number.
fn snake(part: &Part) -> Option<bool> {
    let (s, t) = (part.local(part.from), part.local(part.to));
    let (r, c) = (part.rows - 1, part.cols - 1);
    if s == t || (s.row != 0 && s.row != r) || (s.col != 0 && s.col != c) {
        return None;
    }
    let rows_end = (
        r - s.row,
        if part.rows % 2 == 1 { c - s.col } else { s.col },
    );
    let cols_end = (
        if part.cols % 2 == 1 { r - s.row } else { s.row },
        c - s.col,
    );
    if (t.row, t.col) == rows_end {
        Some(true)
    } else if (t.row, t.col) == cols_end {
        Some(false)
    } else {
        None
    }
}

/// Lines of a snake written as one task: a band of about 2^16 squares.
const BAND: usize = 1 << 16;

/// A stretch of the path: lines `lines` of a snake piece, or a whole walk.
struct Task<'a> {
    piece: &'a Piece,
    lines: std::ops::Range<u32>,
}

/// Writes every piece into `path`, at the sum of the areas before it.
fn write(board: Board, pieces: &[Piece], path: &mut [u32]) {
    let mut tasks: Vec<(Task<'_>, &mut [u32])> = Vec::new();
    let mut rest = path;
    for piece in pieces {
        let part = piece.part();
        let (lines, long) = match piece {
            Piece::Snake { by_rows: true, .. } => (part.rows, part.cols),
            Piece::Snake { by_rows: false, .. } => (part.cols, part.rows),
            Piece::Walk { .. } => (1, part.rows * part.cols),
        };
        let per = (BAND / long as usize).max(1) as u32;
        let mut at = 0;
        while at < lines {
            let to = (at + per).min(lines);
            let (head, tail) =
                std::mem::take(&mut rest).split_at_mut((to - at) as usize * long as usize);
            tasks.push((
                Task {
                    piece,
                    lines: at..to,
                },
                head,
            ));
            rest = tail;
            at = to;
        }
    }
    let run = |(task, out): (Task<'_>, &mut [u32])| fill(board, &task, out);
    #[cfg(feature = "parallel")]
    if board.area() >= crate::tour::PARALLEL_SQUARES {
        use rayon::prelude::*;
        tasks.into_par_iter().for_each(run);
        return;
    }
    tasks.into_iter().for_each(run);
}

/// Writes one task's squares, in path order, into `out`.
fn fill(board: Board, task: &Task<'_>, out: &mut [u32]) {
    let cols = board.cols;
    match task.piece {
        Piece::Walk { part, walk } => {
            for (o, &v) in out.iter_mut().zip(walk.iter()) {
                *o = (part.row + v / part.cols) * cols + part.col + v % part.cols;
            }
        }
        Piece::Snake { part, by_rows } => {
            let s = part.local(part.from);
            let (lines, long) = if *by_rows {
                (part.rows, part.cols)
            } else {
                (part.cols, part.rows)
            };
            // The start's line and place along it, in the snake's own terms.
            let (line0, along0) = if *by_rows {
                (s.row, s.col)
            } else {
                (s.col, s.row)
            };
            let mut chunks = out.chunks_exact_mut(long as usize);
            for i in task.lines.clone() {
                let line = if line0 == 0 { i } else { lines - 1 - i };
                let forward = (i % 2 == 0) == (along0 == 0);
                let out = chunks.next().expect("a line's room");
                let square = |k: u32| {
                    let along = if forward { k } else { long - 1 - k };
                    let q = if *by_rows {
                        Square::new(line, along)
                    } else {
                        Square::new(along, line)
                    };
                    (part.row + q.row) * cols + part.col + q.col
                };
                // A line is squares a fixed index step apart: one along a row, a row's length
                // down a column (each way round, modulo 2^32).
                let first = square(0);
                let unit = if *by_rows { 1 } else { cols };
                let step = if forward { unit } else { unit.wrapping_neg() };
                let mut v = first;
                for o in out.iter_mut() {
                    *o = v;
                    v = v.wrapping_add(step);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(rows: u32, cols: u32, from: (u32, u32), to: (u32, u32)) -> Part {
        Part {
            row: 0,
            col: 0,
            rows,
            cols,
            from: Square::new(from.0, from.1),
            to: Square::new(to.0, to.1),
        }
    }

    /// Every snake the rule names is a path between the part's ends, and no other corner
    /// pair is called one.
    #[test]
    fn snakes_join_the_ends_they_claim() {
        for rows in 1..=5 {
            for cols in 1..=5 {
                let board = Board::new(rows, cols).unwrap();
                let corners = [(0, 0), (0, cols - 1), (rows - 1, 0), (rows - 1, cols - 1)];
                for &a in &corners {
                    for b in 0..rows * cols {
                        let b = (b / cols, b % cols);
                        let p = part(rows, cols, a, b);
                        let Some(by_rows) = snake(&p) else {
                            continue;
                        };
                        let piece = Piece::Snake { part: p, by_rows };
                        let mut path = vec![u32::MAX; board.area()];
                        write(board, &[piece], &mut path);
                        assert_eq!(path[0], a.0 * cols + a.1);
                        assert_eq!(*path.last().unwrap(), b.0 * cols + b.1);
                        let mut seen = vec![false; board.area()];
                        for &v in &path {
                            assert!(!std::mem::replace(&mut seen[v as usize], true));
                        }
                        for w in path.windows(2) {
                            let (x, y) = (board.square(w[0]), board.square(w[1]));
                            assert_eq!(x.row.abs_diff(y.row) + x.col.abs_diff(y.col), 1);
                        }
                    }
                }
            }
        }
    }

    /// A 10^6-square board is laid out in a number of parts that grows with its side, not
    /// its area (2,037 for the first pair when this was written; 15,728 on 10000x10000).
    #[test]
    fn large_boards_take_few_parts() {
        for (s, t) in [
            ((500, 500), (999, 998)),
            ((0, 0), (999, 0)),
            ((3, 7), (998, 3)),
        ] {
            let p = part(1000, 1000, s, t);
            assert!(p.joins(), "{s:?} {t:?}");
            let pieces = plan(p).expect("a plan");
            assert!(pieces.len() < 3000, "{s:?} {t:?}: {} parts", pieces.len());
        }
    }
}
