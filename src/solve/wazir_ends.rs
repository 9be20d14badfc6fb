//! The wazir's path through every square of a rectangle between two given squares: a wire
//! from one pin to another through every cell.
//!
//! Cut and conquer: a rectangle whose ends lie on either side of a line between two rows or
//! two columns is cut there, at a pair of squares facing each other across the cut, chosen
//! so that each part again has a path between its ends (Itai, Papadimitriou and Szwarcfiter's
//! exact conditions, `existence::pieces::wazir_joins`, decide that in O(1)); the two paths and
//! the step across make the whole. Cuts near the middle keep the parts balanced; parts of at
//! most 16 squares are solved by a plain search. The parts wait on an explicit stack and the
//! path is kept as each square's successor, so nothing recurses with the board and the work
//! is about one pass over the board. Ends too close to cut between: a strip two lines wide is
//! taken off a side away from them and, once the rest's path is made, the path goes round
//! the strip through one of its steps along the strip. Where neither fits (2% of the pairs on
//! boards up to 7x7, all with the ends side by side near a short edge), the caller falls back
//! to the complete search.

use std::collections::HashMap;

use crate::board::{Board, Square};
use crate::existence::pieces::wazir_joins;

mod order;

/// Parts this small are solved by search.
const SMALL: u32 = 16;

/// A rectangle of the board and the ends of its path (board coordinates).
#[derive(Debug, Clone, Copy)]
struct Part {
    row: u32,
    col: u32,
    rows: u32,
    cols: u32,
    from: Square,
    to: Square,
}

impl Part {
    /// `q` in the part's own coordinates.
    fn local(&self, q: Square) -> Square {
        Square::new(q.row - self.row, q.col - self.col)
    }

    /// Its number of squares.
    fn area(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// Whether the part has a path between its ends.
    fn joins(&self) -> bool {
        wazir_joins(
            self.rows,
            self.cols,
            self.local(self.from),
            self.local(self.to),
        )
    }
}

/// A wazir path from `s` to `t` through every square of `board` (indices in visiting order),
/// or `None` where the cuts found none: the parts in path order, written on every core
/// (`order.rs`).
pub(super) fn between(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    order::between(board, whole(board, s, t)?)
}

/// The whole board as a part from `s` to `t`, where the rule lets a path join them.
fn whole(board: Board, s: Square, t: Square) -> Option<Part> {
    let part = rect_part((0, 0, board.rows, board.cols), s, t);
    part.joins().then_some(part)
}

/// A rectangle of a board: first row and column, rows and columns.
pub(super) type Rect = (u32, u32, u32, u32);

/// Whether a wazir path runs from `s` to `t` through every square of `rect` (squares of the
/// board).
pub(super) fn joins_in(rect: Rect, s: Square, t: Square) -> bool {
    rect_part(rect, s, t).joins()
}

/// Writes a wazir path from `s` to `t` through every square of `rect` into `out` (one entry a
/// square of `rect`, as indices of `board`), laid out as [`between`] lays out a whole board;
/// `None` where the cuts find none.
pub(super) fn write_in(
    board: Board,
    rect: Rect,
    s: Square,
    t: Square,
    out: &mut [u32],
) -> Option<()> {
    let part = rect_part(rect, s, t);
    if out.len() != part.area() || !part.joins() {
        return None;
    }
    order::write_part(board, part, out)
}

fn rect_part((row, col, rows, cols): Rect, from: Square, to: Square) -> Part {
    Part {
        row,
        col,
        rows,
        cols,
        from,
        to,
    }
}

/// The same path by cuts and detours alone, kept as each square's successor: for parts whose
/// ends are too close to cut between, where a detour round a strip changes the order of what
/// is already laid out.
fn by_successors(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    let whole = whole(board, s, t)?;
    let n = board.area();
    let mut next = vec![u32::MAX; n];
    let mut known: HashMap<(u32, u32, u32, u32), Option<Vec<u32>>> = HashMap::new();
    let mut work = vec![Work::Path(whole)];
    while let Some(item) = work.pop() {
        let part = match item {
            Work::Path(part) => part,
            Work::Detour(strip, line) => {
                // The rest's path is done: send it round the strip through one of its steps
                // along the line next to the strip.
                let (u, v) = line.iter().find_map(|&(u, u2)| {
                    let v = next[board.index(u) as usize];
                    line.iter()
                        .find(|&&(w, _)| board.index(w) == v)
                        .map(|&(w, w2)| ((u, u2), (w, w2)))
                        .filter(|((a, _), (b, _))| {
                            a.row.abs_diff(b.row) + a.col.abs_diff(b.col) == 1
                        })
                })?;
                let round = Part {
                    from: u.1,
                    to: v.1,
                    ..strip
                };
                if !round.joins() {
                    return None;
                }
                next[board.index(u.0) as usize] = board.index(u.1);
                next[board.index(v.1) as usize] = board.index(v.0);
                work.push(Work::Path(round));
                continue;
            }
        };
        if part.rows * part.cols <= SMALL {
            // The cuts make the same few small parts over and over: each is searched once.
            let l = (part.local(part.from), part.local(part.to));
            let key = (
                part.rows,
                part.cols,
                l.0.row * part.cols + l.0.col,
                l.1.row * part.cols + l.1.col,
            );
            let walk = known.entry(key).or_insert_with(|| search(&part)).as_ref()?;
            let global = |v: u32| {
                board.index(Square::new(
                    part.row + v / part.cols,
                    part.col + v % part.cols,
                ))
            };
            for pair in walk.windows(2) {
                next[global(pair[0]) as usize] = global(pair[1]);
            }
            continue;
        }
        if let Some((first, second, p, q)) = cut(&part) {
            next[board.index(p) as usize] = board.index(q);
            work.push(Work::Path(first));
            work.push(Work::Path(second));
            continue;
        }
        // The ends are too close to cut between: take a strip two lines wide off a side
        // without them, and go round it once the rest's path is made.
        let (rest, strip, line) = peel(&part)?;
        work.push(Work::Detour(strip, line));
        work.push(Work::Path(rest));
    }
    let mut path = Vec::with_capacity(n);
    let mut at = board.index(s);
    let end = board.index(t);
    while path.len() < n {
        path.push(at);
        if at == end {
            break;
        }
        at = *next.get(at as usize)?;
    }
    (path.len() == n && path.last() == Some(&end)).then_some(path)
}

/// What is left to do: a part's path, or a strip to go round once the rest's path is made
/// (with the pairs of facing squares along the line between them: rest's, then strip's).
enum Work {
    Path(Part),
    Detour(Part, Facing),
}

/// The pairs of facing squares along a cut: the rest's square, then the strip's.
type Facing = Vec<(Square, Square)>;

/// A strip two lines wide off one side of `part`, away from both ends, such that the rest
/// still has a path between them; with the facing pairs along the cut.
fn peel(part: &Part) -> Option<(Part, Part, Facing)> {
    let (s, t) = (part.from, part.to);
    let (r1, c1) = (part.row + part.rows, part.col + part.cols);
    // (vertical, the strip's first line, the rest's line facing it, the strip's line facing)
    let mut sides = Vec::new();
    if part.cols >= 4 {
        sides.push((true, part.col, part.col + 2, part.col + 1));
        sides.push((true, c1 - 2, c1 - 3, c1 - 2));
    }
    if part.rows >= 4 {
        sides.push((false, part.row, part.row + 2, part.row + 1));
        sides.push((false, r1 - 2, r1 - 3, r1 - 2));
    }
    for (vertical, first, facing, inner) in sides {
        let inside = |q: Square| {
            let x = if vertical { q.col } else { q.row };
            x >= first && x < first + 2
        };
        if inside(s) || inside(t) {
            continue;
        }
        let (mut rest, mut strip) = (*part, *part);
        if vertical {
            strip.col = first;
            strip.cols = 2;
            rest.cols -= 2;
            if first == part.col {
                rest.col += 2;
            }
        } else {
            strip.row = first;
            strip.rows = 2;
            rest.rows -= 2;
            if first == part.row {
                rest.row += 2;
            }
        }
        if !rest.joins() {
            continue;
        }
        let line: Facing = if vertical {
            (part.row..r1)
                .map(|r| (Square::new(r, facing), Square::new(r, inner)))
                .collect()
        } else {
            (part.col..c1)
                .map(|c| (Square::new(facing, c), Square::new(inner, c)))
                .collect()
        };
        return Some((rest, strip, line));
    }
    None
}

/// Two parts whose paths, joined by the step from `p` to `q`, make `part`'s path: a cut
/// between the ends' columns or rows, nearest the middle first, at the first pair of squares
/// across it that leaves each part a path.
fn cut(part: &Part) -> Option<(Part, Part, Square, Square)> {
    let (s, t) = (part.from, part.to);
    // Across the longer side first: the parts stay closer to squares.
    let mut axes = [true, false];
    if part.rows > part.cols {
        axes.reverse();
    }
    for vertical in axes {
        let (a, b) = if vertical {
            (s.col, t.col)
        } else {
            (s.row, t.row)
        };
        if a == b {
            continue;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let (start, len) = if vertical {
            (part.col, part.cols)
        } else {
            (part.row, part.rows)
        };
        let middle = (start + len / 2).clamp(lo + 1, hi);
        // Cut positions k (the second part begins at k), from the middle outwards.
        let ks = (0..=hi - lo).flat_map(|d| [middle.checked_sub(d), Some(middle + d)]);
        for k in ks.flatten().filter(|&k| k > lo && k <= hi) {
            let (first, second) = halves(part, vertical, k);
            // A side of odd area joins only squares of its corners' colour: where the start's
            // or the end's is not, no pair across this cut can do (the whole line was scanned
            // for nothing, most of the time at 10^8 squares).
            let (own_s, own_t) = if a < b {
                (first, second)
            } else {
                (second, first)
            };
            let odd_miss = |p: &Part, q: Square| p.area() % 2 == 1 && p.local(q).colour() != 0;
            if odd_miss(&own_s, s) || odd_miss(&own_t, t) {
                continue;
            }
            let across = if vertical { part.rows } else { part.cols };
            let base = if vertical { part.row } else { part.col };
            for i in base..base + across {
                let (near, far) = if vertical {
                    (Square::new(i, k - 1), Square::new(i, k))
                } else {
                    (Square::new(k - 1, i), Square::new(k, i))
                };
                // The start's side runs to the cut, the other side on from it.
                let (mut x, mut y) = (first, second);
                let (p, q) = if a < b {
                    (x.from, x.to, y.from, y.to) = (s, near, far, t);
                    (near, far)
                } else {
                    (y.from, y.to, x.from, x.to) = (s, far, near, t);
                    (far, near)
                };
                if x.joins() && y.joins() {
                    return Some((x, y, p, q));
                }
            }
        }
    }
    None
}

/// The two parts of `part` on either side of the cut before line `k` (columns when
/// `vertical`), their ends not yet set.
fn halves(part: &Part, vertical: bool, k: u32) -> (Part, Part) {
    let mut first = *part;
    let mut second = *part;
    if vertical {
        first.cols = k - part.col;
        second.col = k;
        second.cols = part.col + part.cols - k;
    } else {
        first.rows = k - part.row;
        second.row = k;
        second.rows = part.row + part.rows - k;
    }
    (first, second)
}

/// A small part's path by plain search (an explicit stack; at most `SMALL` squares), as the
/// part's own square numbers in order.
fn search(part: &Part) -> Option<Vec<u32>> {
    let (rows, cols) = (part.rows, part.cols);
    let n = (rows * cols) as usize;
    let local = |q: Square| (q.row - part.row) * cols + (q.col - part.col);
    let (s, t) = (local(part.from), local(part.to));
    let around = |v: u32| {
        let (r, c) = (v / cols, v % cols);
        [
            (r > 0).then(|| v - cols),
            (r + 1 < rows).then(|| v + cols),
            (c > 0).then(|| v - 1),
            (c + 1 < cols).then(|| v + 1),
        ]
    };
    let mut seen = vec![false; n];
    // The walk so far and, for each square on it, the next neighbour to try.
    let mut walk: Vec<(u32, usize)> = vec![(s, 0)];
    seen[s as usize] = true;
    while let Some(&(v, tried)) = walk.last() {
        let depth = walk.len();
        if depth == n && v == t {
            break;
        }
        let options = around(v);
        let step =
            (tried..4).find_map(|i| options[i].filter(|&w| !seen[w as usize]).map(|w| (i, w)));
        let top = walk.len() - 1;
        match step {
            // The end is entered only as the last square.
            Some((i, w)) if w != t || depth + 1 == n => {
                walk[top].1 = i + 1;
                seen[w as usize] = true;
                walk.push((w, 0));
            }
            Some((i, _)) => walk[top].1 = i + 1,
            None => {
                seen[v as usize] = false;
                walk.pop();
            }
        }
    }
    (walk.len() == n).then(|| walk.iter().map(|&(v, _)| v).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(board: Board, s: Square, t: Square) -> bool {
        let Some(path) = between(board, s, t) else {
            return false;
        };
        assert_eq!(path.len(), board.area());
        assert_eq!(path[0], board.index(s));
        assert_eq!(*path.last().unwrap(), board.index(t));
        let mut seen = vec![false; board.area()];
        for w in path.windows(2) {
            let (a, b) = (board.square(w[0]), board.square(w[1]));
            assert_eq!(a.row.abs_diff(b.row) + a.col.abs_diff(b.col), 1, "{a} {b}");
        }
        for &v in &path {
            assert!(!std::mem::replace(&mut seen[v as usize], true));
        }
        true
    }

    #[test]
    fn every_pair_the_rule_allows_is_built_on_small_boards() {
        let mut built = 0;
        let mut missed = 0;
        for rows in 1..=7 {
            for cols in 1..=7 {
                let board = Board::new(rows, cols).unwrap();
                for s in 0..board.area() as u32 {
                    for t in 0..board.area() as u32 {
                        let (a, b) = (board.square(s), board.square(t));
                        if s != t && wazir_joins(rows, cols, a, b) {
                            if check(board, a, b) {
                                built += 1;
                            } else {
                                missed += 1;
                            }
                        }
                    }
                }
            }
        }
        // Where neither a cut nor a detour fits, `solve` falls back to the complete search:
        // that is rare, and kept so (7636 of 7784 pairs when this was written).
        assert!(
            built > 7500 && missed * 50 < built,
            "{built} built, {missed} missed"
        );
    }

    #[test]
    fn large_boards_are_built_between_far_and_near_squares() {
        let board = Board::new(300, 201).unwrap();
        for (s, t) in [
            ((0, 0), (299, 200)),
            ((150, 100), (150, 101)),
            ((1, 0), (0, 0)),
            ((150, 100), (0, 1)),
            ((299, 0), (0, 200)),
        ] {
            let (s, t) = (Square::new(s.0, s.1), Square::new(t.0, t.1));
            assert!(wazir_joins(300, 201, s, t));
            assert!(check(board, s, t), "{s} {t}");
        }
        let thin = Board::new(3, 1000).unwrap();
        assert!(check(thin, Square::new(0, 0), Square::new(0, 999)));
        assert!(check(thin, Square::new(2, 10), Square::new(0, 999)));
    }
}
