//! The verifier's fast path: is this path a tour of its piece, yes or no, at memory speed.
//!
//! A step's column change comes from its index difference through a small table of the
//! piece's moves (or, on boards where two moves share a difference, from one multiplication
//! per square, [`Splitter`]), and the tests fold into two flags, so the loop has no division
//! and only one branch, never taken on a tour. A path of `n` entries below `n` with no repeat
//! is a permutation, so no square needs to be looked for afterwards; repeats show as fewer
//! bits set than entries.
//!
//! Large paths are cut into chunks checked side by side, each with its own visited set; the
//! sets must then be disjoint. On two cores each set covers the board. On more, each covers
//! only the squares between its chunk's lowest and highest (a first pass finds them): a
//! tour's stretch keeps to a part of the board, so a chunk a core costs about as much memory
//! in all as two whole sets (1.95 boards for 16 chunks of a 10^8-square closed tour). Where
//! the parts would cost more (2.03 boards for 64 chunks), neighbouring chunks are merged in
//! twos until they fit, at worst into two whole sets.

use crate::board::{Board, Splitter};
use crate::piece::Piece;

/// Chunks of a parallel check at most (one a thread up to this).
#[cfg(feature = "parallel")]
const MAX_CHUNKS: usize = 64;

/// Whole visited sets the check may hold: one bit a square each, and two keep a 10^8-square
/// tour at 4.3 bytes a square with its path (the constructions list their tiles only after
/// the check). Chunks' parts of the board may add up to this many boards.
const WHOLE_SETS: usize = 2;

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
    let Some(sets) = check(path, area, chunks, (board.cols, piece)) else {
        return false;
    };
    // As many distinct squares on the board as there are open ones, none of them a hole: the
    // open squares, each once.
    if on_a_hole(&sets, holes) {
        return false;
    }
    // A closed tour of one square would need a move from the square to itself, and one of two
    // would go back by the move it came by.
    !closed || (len > 2 && is_move(path[len - 1], path[0], split, piece))
}

/// Whether a set holds one of the `holes`: looked for a run of consecutive holes at a time, a
/// word of each set at once (a macro's row is a run), on every core when there are many (the
/// 6.2 million squares of 10^4 macros on a 10^8-square board: 5-6 ms on two cores, where a
/// hole at a time took 14-23 ms on one).
fn on_a_hole(sets: &[Seen], holes: &[u32]) -> bool {
    let any = |hs: &[u32]| {
        let mut i = 0;
        while i < hs.len() {
            let first = hs[i] as usize;
            let len = crate::bits::consecutive_sorted(&hs[i..], hs.len() - i);
            if sets.iter().any(|s| s.any_in(first, first + len)) {
                return true;
            }
            i += len;
        }
        false
    };
    #[cfg(feature = "parallel")]
    if holes.len() >= super::PARALLEL_SQUARES {
        use rayon::prelude::*;
        return holes.par_chunks(1 << 16).any(any);
    }
    any(holes)
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

/// The squares one chunk saw: a bit a square from word `first` of the board's visited set on.
struct Seen {
    first: usize,
    words: Vec<u64>,
}

impl Seen {
    /// Whether square `sq` was seen.
    #[cfg(test)]
    fn has(&self, sq: u32) -> bool {
        self.any_in(sq as usize, sq as usize + 1)
    }

    /// Whether any of the squares `lo..hi` was seen.
    #[inline]
    fn any_in(&self, lo: usize, hi: usize) -> bool {
        let start = self.first * 64;
        let (lo, hi) = (lo.max(start), hi.max(start));
        crate::bits::any_in(&self.words, lo - start, hi - start)
    }
}

/// Checks `path` (`n` squares, of `cols` columns, by `piece`'s moves) in `chunks` chunks:
/// the squares each saw, disjoint, or `None` on any fault.
fn check(path: &[u32], n: usize, chunks: usize, (cols, piece): (u32, Piece)) -> Option<Vec<Seen>> {
    let table = difference_table(cols, piece);
    let steps = match &table {
        Some((table, off)) => StepTest::Differences {
            table,
            cols,
            off: *off,
        },
        None => StepTest::Squares(Splitter::new(cols), piece),
    };
    check_by(path, n, chunks, steps)
}

/// [`check`] with the step test given.
fn check_by(path: &[u32], n: usize, chunks: usize, steps: StepTest<'_>) -> Option<Vec<Seen>> {
    let ranges = cut(path.len(), chunks);
    let words = n.div_ceil(64);
    let (ranges, parts) = plan(path, n, ranges)?;
    let sets = check_chunks(path, &ranges, &parts, n, steps)?;
    disjoint(&sets, words).then_some(sets)
}

/// The ranges to check and each one's part of the board, in words: the whole of it for
/// [`WHOLE_SETS`] ranges or fewer; else from its lowest square's word to its highest's, the
/// ranges merged in twos until their parts add up to few enough (down to [`WHOLE_SETS`]
/// ranges with whole parts). `None` when a square is off the board (`n` squares).
#[allow(clippy::type_complexity)]
fn plan(
    path: &[u32],
    n: usize,
    mut ranges: Vec<(usize, usize)>,
) -> Option<(Vec<(usize, usize)>, Vec<(usize, usize)>)> {
    let words = n.div_ceil(64);
    if ranges.len() > WHOLE_SETS {
        let mut parts = parts_of(path, &ranges, n)?;
        // Parts that add up to too much (many chunks of a tour whose stretches overlap, or a
        // path that wanders) are merged in twos, each pair's part covering both, until they
        // fit.
        while ranges.len() > WHOLE_SETS
            && parts.iter().map(|&(a, b)| b - a).sum::<usize>() > WHOLE_SETS * words
        {
            ranges = ranges
                .chunks(2)
                .map(|c| (c[0].0, c[c.len() - 1].1))
                .collect();
            parts = parts
                .chunks(2)
                .map(|c| (c[0].0.min(c[c.len() - 1].0), c[0].1.max(c[c.len() - 1].1)))
                .collect();
        }
        if ranges.len() > WHOLE_SETS {
            return Some((ranges, parts));
        }
    }
    let parts = vec![(0, words); ranges.len()];
    Some((ranges, parts))
}

/// `len` entries cut into `chunks` ranges of positions (none empty).
fn cut(len: usize, chunks: usize) -> Vec<(usize, usize)> {
    let per = len.div_ceil(chunks.max(1));
    (0..chunks)
        .map(|c| (c * per, ((c + 1) * per).min(len)))
        .filter(|(a, b)| a < b)
        .collect()
}

/// Each range's part of the board in words of 64 squares, from its lowest square's (the
/// entry before the range's included, as the range's check reads it) to past its highest's;
/// `None` when a square is off the board (`n` squares).
fn parts_of(path: &[u32], ranges: &[(usize, usize)], n: usize) -> Option<Vec<(usize, usize)>> {
    let part = |&(from, to): &(usize, usize)| {
        let span = &path[from.saturating_sub(1)..to];
        let (lo, hi) = span
            .iter()
            .fold((u32::MAX, 0), |(lo, hi), &x| (lo.min(x), hi.max(x)));
        ((hi as usize) < n).then_some((lo as usize >> 6, (hi as usize >> 6) + 1))
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        ranges.par_iter().map(part).collect()
    }
    #[cfg(not(feature = "parallel"))]
    ranges.iter().map(part).collect()
}

/// Checks every range in its part of the board, side by side when there are several.
fn check_chunks(
    path: &[u32],
    ranges: &[(usize, usize)],
    parts: &[(usize, usize)],
    n: usize,
    steps: StepTest<'_>,
) -> Option<Vec<Seen>> {
    #[cfg(feature = "parallel")]
    if ranges.len() > 1 {
        use rayon::prelude::*;
        return ranges
            .par_iter()
            .zip(parts)
            .map(|(&r, &part)| chunk(path, r, part, n, steps))
            .collect();
    }
    ranges
        .iter()
        .zip(parts)
        .map(|(&r, &part)| chunk(path, r, part, n, steps))
        .collect()
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
/// board, each a knight's move from the last, none twice. Returns the squares seen, in the
/// words `first..last` of the board's visited set (a square outside them fails the chunk).
fn chunk(
    path: &[u32],
    (from, to): (usize, usize),
    (first, last): (usize, usize),
    n: usize,
    steps: StepTest<'_>,
) -> Option<Seen> {
    // The last word's bits from `n` up stand for squares past the board: set, they fail the
    // chunk, as does any index past the last word.
    let (base, mut seen) = (first, vec![0u64; last - first]);
    let start = if from == 0 { 0 } else { from - 1 };
    let first = path[start];
    let off_board = n as u32;
    if first >= off_board {
        return None;
    }
    // Every test of a step folds into one flag, so the loop's only branch is one never taken
    // on a tour; a square below the part wraps to a word past it.
    let mut bad = 0i32;
    let mut outside = false;
    let mut mark = |sq: u32| match seen.get_mut((sq as usize >> 6).wrapping_sub(base)) {
        Some(w) => *w |= 1u64 << (sq & 63),
        None => outside = true,
    };
    if from == 0 {
        mark(first);
    }
    let rest = &path[from.max(1)..to];
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
    let past = seen
        .get(((n - 1) >> 6).wrapping_sub(base))
        .map_or(0, |w| w & (!0u64 << 1 << ((n - 1) & 63)));
    let on_board = !outside && past == 0;
    let set: u64 = seen.iter().map(|w| u64::from(w.count_ones())).sum();
    (bad >= 0 && on_board && set == (to - from) as u64).then_some(Seen {
        first: base,
        words: seen,
    })
}

/// Whether no square is in two of the chunks' sets (`words` words of the board's set in
/// all): word by word, among the sets that cover it, in stretches side by side.
fn disjoint(sets: &[Seen], words: usize) -> bool {
    if sets.len() < 2 {
        return true;
    }
    let stretch = |(lo, hi): (usize, usize)| {
        let over: Vec<&Seen> = sets
            .iter()
            .filter(|s| s.first < hi && s.first + s.words.len() > lo)
            .collect();
        (lo..hi).all(|w| {
            let mut acc = 0u64;
            over.iter().all(|s| {
                let bits = s.words.get(w.wrapping_sub(s.first)).map_or(0, |&b| b);
                let clash = acc & bits != 0;
                acc |= bits;
                !clash
            })
        })
    };
    let stretches = cut(words, sets.len());
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        stretches.into_par_iter().all(stretch)
    }
    #[cfg(not(feature = "parallel"))]
    stretches.into_iter().all(stretch)
}

#[cfg(test)]
mod tests;
