//! The king between two given squares in O(rows x cols): a wazir path where the colours allow
//! one; otherwise the board is cut in two rectangles between the ends, a wazir path covers the
//! start's part up to a square beside the cut, one king's step (straight or diagonal) crosses
//! it, and a wazir path covers the end's part (or more strips between, each crossed by one
//! king's step). The diagonal steps are what free the king from the wazir's colours. The
//! parts' paths come from the wazir's cuts and detours (`wazir_ends.rs`), chosen by Itai,
//! Papadimitriou and Szwarcfiter's O(1) rule.
//!
//! Ends close together by an edge or a corner leave no such cut. Then a small window round
//! both is solved by search, and the board is grown back round it two lines at a time: each
//! strip is a ladder, walked from one square to its neighbour, spliced into one step of the
//! path along the strip's side.

use std::collections::HashMap;

use crate::board::{Board, Square};
use crate::existence::pieces::wazir_joins;

/// A king's path from `s` to `t` through every square of `board` (both sides at least 2), or
/// `None` where neither a wazir path nor any cut between the ends gives one.
pub(super) fn between(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    if board.rows < 2 || board.cols < 2 || s == t {
        return None;
    }
    if wazir_joins(board.rows, board.cols, s, t) {
        if let Some(p) = super::wazir_ends::between(board, s, t) {
            return Some(p);
        }
    }
    one_cut(board, s, t)
        .or_else(|| cut(board, s, t))
        .or_else(|| peeled(board, s, t))
}

/// Cut positions tried by [`one_cut`] on each axis, from the middle outwards.
const CUTS_TRIED: u32 = 64;

/// One cut between the ends, across columns or rows: a wazir path through the start's side
/// to a square beside the cut, a king's step across it (diagonal, which turns the colours, or
/// straight), and a wazir path through the end's side; each side written straight into its
/// share of the path. The squares along the cut tried are the corners' lines and those
/// beside the ends' lines, where the wazir's rule most often allows an end; a few dozen cut
/// positions and a few hundred O(1) checks settle almost every board, at any size.
fn one_cut(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    let (m, n) = (board.rows, board.cols);
    for vertical in [true, false] {
        let (a, b, len, across) = if vertical {
            (s.col, t.col, n, m)
        } else {
            (s.row, t.row, m, n)
        };
        if a == b {
            continue;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let middle = (len / 2).clamp(lo + 1, hi);
        let ks = (0..=hi - lo).flat_map(|d| [middle.checked_sub(d), Some(middle + d)]);
        // The squares along the cut: both ends' lines and their neighbours, and the corners'.
        let (sa, ta) = if vertical {
            (s.row, t.row)
        } else {
            (s.col, t.col)
        };
        let mut lines: Vec<u32> = [0, 1, across.wrapping_sub(2), across - 1]
            .into_iter()
            .chain(
                [sa, ta]
                    .into_iter()
                    .flat_map(|x| [x.wrapping_sub(1), x, x + 1]),
            )
            .filter(|&x| x < across)
            .collect();
        lines.sort_unstable();
        lines.dedup();
        let rect = |from: u32, to: u32| {
            if vertical {
                (0, from, m, to - from)
            } else {
                (from, 0, to - from, n)
            }
        };
        let square = |line: u32, x: u32| {
            if vertical {
                Square::new(x, line)
            } else {
                Square::new(line, x)
            }
        };
        for k in ks
            .flatten()
            .filter(|&k| k > lo && k <= hi)
            .take(CUTS_TRIED as usize)
        {
            // The start's side and the end's, and their lines beside the cut.
            let (own, other, near, far) = if a < b {
                (rect(0, k), rect(k, len), k - 1, k)
            } else {
                (rect(k, len), rect(0, k), k, k - 1)
            };
            for &x in &lines {
                let p = square(near, x);
                if !super::wazir_ends::joins_in(own, s, p) {
                    continue;
                }
                for y in [x.wrapping_sub(1), x + 1, x] {
                    let q = square(far, y);
                    if y >= across || !super::wazir_ends::joins_in(other, q, t) {
                        continue;
                    }
                    let mut path = vec![0u32; board.area()];
                    let (head, tail) = path.split_at_mut((own.2 * own.3) as usize);
                    if super::wazir_ends::write_in(board, own, s, p, head).is_some()
                        && super::wazir_ends::write_in(board, other, q, t, tail).is_some()
                    {
                        return Some(path);
                    }
                }
            }
        }
    }
    None
}

/// A path by cuts between columns, or between rows (the columns of the board turned over its
/// diagonal).
fn cut(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    if let Some(p) = across_columns(board, s, t) {
        return Some(p);
    }
    let turned = Board::new(board.cols, board.rows).ok()?;
    let flip = |q: Square| Square::new(q.col, q.row);
    let path = across_columns(turned, flip(s), flip(t))?;
    Some(
        path.into_iter()
            .map(|i| board.index(flip(turned.square(i))))
            .collect(),
    )
}

/// A rectangle of columns `from..to` of a board, with its own coordinates.
#[derive(Debug, Clone, Copy)]
struct Columns {
    from: u32,
    to: u32,
    rows: u32,
}

impl Columns {
    fn board(self) -> Option<Board> {
        Board::new(self.rows, self.to - self.from).ok()
    }

    fn local(self, q: Square) -> Square {
        Square::new(q.row, q.col - self.from)
    }

    /// A wazir path from `a` to `b` through these columns, as indices of `board`.
    fn path(self, board: Board, a: Square, b: Square) -> Option<Vec<u32>> {
        let own = self.board()?;
        let p = super::wazir_ends::between(own, self.local(a), self.local(b))?;
        Some(
            p.into_iter()
                .map(|i| {
                    let q = own.square(i);
                    board.index(Square::new(q.row, q.col + self.from))
                })
                .collect(),
        )
    }

    /// Whether the wazir's rule lets a path through these columns run from `a` to `b`.
    fn joins(self, a: Square, b: Square) -> bool {
        let w = self.to - self.from;
        if w * self.rows > 1 && a == b {
            return false;
        }
        wazir_joins(self.rows, w, self.local(a), self.local(b))
    }
}

/// Most checks of the parts' rule one search of cuts makes: far more than any board where a
/// cut works needs (it finds one in the first columns it tries), and a bound on the work
/// where none does.
const BUDGET: u64 = 20_000_000;

/// How the path reached a strip's entry square: the strip it came from (its first column, or
/// `FIRST` for the part holding the path's first square), where it entered that strip, and
/// the row it left it from.
#[derive(Debug, Clone, Copy)]
struct Back {
    from: u32,
    entry: u32,
    exit: u32,
}

/// The part that holds the path's first square.
const FIRST: u32 = u32::MAX;

/// A path from `s` to `t` (in different columns) through strips of whole columns, left to
/// right: the columns up to a cut, covered from the left end to a square beside the cut, then
/// strips of one or two columns, each entered by a king's step (straight or diagonal) from
/// the last and covered by a wazir path to a square beside its right side, then the columns
/// from the last cut to the right end. Breadth first over the strips' entries, so the first
/// way found has the fewest strips.
fn across_columns(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    let (m, n) = (board.rows, board.cols);
    if s.col == t.col {
        return None;
    }
    let (left, right) = if s.col < t.col { (s, t) } else { (t, s) };
    let strip = |from: u32, to: u32| Columns { from, to, rows: m };
    // How the path came to enter column c at row r, by (c, r): a map, since a cut is
    // usually found in the first columns tried.
    let mut back: HashMap<(u32, u32), Back> = HashMap::new();
    let mut queue: std::collections::VecDeque<(u32, u32)> = std::collections::VecDeque::new();
    let mut work = 0u64;
    // Rows a strip may be left from: its corners' rows and those beside the entry, where the
    // wazir's rule most often allows an end; enough for the cut to turn the colours.
    let exits = |entry: u32| {
        let mut rows = vec![
            0,
            1,
            m - 2,
            m - 1,
            entry.saturating_sub(1),
            entry,
            entry + 1,
        ];
        rows.retain(|&r| r < m);
        rows.sort_unstable();
        rows.dedup();
        rows
    };
    let enter = |back: &mut HashMap<(u32, u32), Back>,
                 queue: &mut std::collections::VecDeque<(u32, u32)>,
                 c: u32,
                 x: u32,
                 how: Back| {
        for r in x.saturating_sub(1)..=(x + 1).min(m - 1) {
            if let std::collections::hash_map::Entry::Vacant(e) = back.entry((c, r)) {
                e.insert(how);
                queue.push_back((c, r));
            }
        }
    };
    for c in left.col + 1..=right.col {
        let first = strip(0, c);
        for x in 0..m {
            work += 1;
            if first.joins(left, Square::new(x, c - 1)) {
                let how = Back {
                    from: FIRST,
                    entry: FIRST,
                    exit: x,
                };
                enter(&mut back, &mut queue, c, x, how);
            }
        }
    }
    while let Some((c, r)) = queue.pop_front() {
        if work > BUDGET {
            return None;
        }
        let e = Square::new(r, c);
        work += 1;
        if strip(c, n).joins(e, right) {
            if let Some(p) = build(board, left, right, &back, c, r) {
                return Some(if left == s {
                    p
                } else {
                    p.into_iter().rev().collect()
                });
            }
        }
        for w in 1..=2 {
            let to = c + w;
            if to > right.col {
                break;
            }
            for x in exits(r) {
                work += 1;
                if strip(c, to).joins(e, Square::new(x, to - 1)) {
                    let how = Back {
                        from: c,
                        entry: r,
                        exit: x,
                    };
                    enter(&mut back, &mut queue, to, x, how);
                }
            }
        }
    }
    None
}

/// The path the strips found: back from the last part's entry at (`r`, column `c`) to the
/// first part, each strip's wazir path built by cuts and detours.
fn build(
    board: Board,
    left: Square,
    right: Square,
    back: &HashMap<(u32, u32), Back>,
    c: u32,
    r: u32,
) -> Option<Vec<u32>> {
    let m = board.rows;
    let strip = |from: u32, to: u32| Columns { from, to, rows: m };
    let mut pieces = vec![strip(c, board.cols).path(board, Square::new(r, c), right)?];
    let (mut c, mut r) = (c, r);
    loop {
        let how = back[&(c, r)];
        let exit = Square::new(how.exit, c - 1);
        if how.from == FIRST {
            pieces.push(strip(0, c).path(board, left, exit)?);
            break;
        }
        pieces.push(strip(how.from, c).path(board, Square::new(how.entry, how.from), exit)?);
        (c, r) = (how.from, how.entry);
    }
    Some(pieces.into_iter().rev().flatten().collect())
}

/// Largest window the search solves: 8x8 king paths are found in well under a million nodes.
const WINDOW: usize = 64;

/// Nodes the window's search may visit.
const WINDOW_NODES: u64 = 2_000_000;

/// The ends' window solved by search (or cuts), then the board grown back round it: strips
/// two columns wide to the left and right, then two rows high above and below, each a detour
/// through a step of the path along its side. Wider margins are tried when a window's path
/// has no such step.
fn peeled(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
    let (m, n) = (board.rows, board.cols);
    for margin in [2, 4] {
        // Margins leave an even number of lines outside the window on each side, so strips
        // two lines thick fill them.
        let low = |a: u32, b: u32| {
            let x = a.min(b).saturating_sub(margin);
            x - x % 2
        };
        let high = |a: u32, b: u32, size: u32| {
            let x = (a.max(b) + 1 + margin).min(size);
            x + (size - x) % 2
        };
        let (top, bottom) = (low(s.row, t.row), high(s.row, t.row, m));
        let (left, right) = (low(s.col, t.col), high(s.col, t.col, n));
        let window = Board::new(bottom - top, right - left).ok()?;
        let inside = |q: Square| Square::new(q.row - top, q.col - left);
        let (ls, lt) = (inside(s), inside(t));
        // Each side with strips to grow needs a step of the path along it; the rows above
        // and below get one from the column strips' ladders, when there are any.
        let (wr, wc) = (window.rows, window.cols);
        let columns = left > 0 || right < n;
        let sides = [
            (
                left > 0,
                (0..wr).map(|r| Square::new(r, 0)).collect::<Vec<_>>(),
            ),
            (right < n, (0..wr).map(|r| Square::new(r, wc - 1)).collect()),
            (
                top > 0 && !columns,
                (0..wc).map(|c| Square::new(0, c)).collect(),
            ),
            (
                bottom < m && !columns,
                (0..wc).map(|c| Square::new(wr - 1, c)).collect(),
            ),
        ];
        let fits = |path: &[u32]| {
            let mut next = vec![u32::MAX; window.area()];
            for w in path.windows(2) {
                next[w[0] as usize] = w[1];
            }
            sides.iter().filter(|(needed, _)| *needed).all(|(_, line)| {
                line.windows(2).any(|w| {
                    let (a, b) = (window.index(w[0]), window.index(w[1]));
                    next[a as usize] == b || next[b as usize] == a
                })
            })
        };
        let core = if window.area() <= WINDOW {
            search(window, ls, lt, &fits)
        } else {
            cut(window, ls, lt).filter(|p| fits(p))
        };
        let Some(core) = core else { continue };
        let mut next = vec![u32::MAX; board.area()];
        let global = |i: u32| {
            let q = window.square(i);
            board.index(Square::new(q.row + top, q.col + left))
        };
        for w in core.windows(2) {
            next[global(w[0]) as usize] = global(w[1]);
        }
        if grow(board, &mut next, (top, bottom, left, right)).is_none() {
            continue;
        }
        let mut path = Vec::with_capacity(board.area());
        let mut at = board.index(s);
        while at != u32::MAX {
            path.push(at);
            at = next[at as usize];
        }
        return (path.len() == board.area()).then_some(path);
    }
    None
}

/// Grows the path in `next` from the window `(top, bottom, left, right)` to the whole board.
fn grow(board: Board, next: &mut [u32], window: (u32, u32, u32, u32)) -> Option<()> {
    let (mut top, mut bottom, mut left, mut right) = window;
    let (m, n) = (board.rows, board.cols);
    while left > 0 {
        let (rows, col) = ((top, bottom), left);
        detour(board, next, bottom - top, |k| {
            let r = rows.0 + k;
            [(r, col), (r, col - 1), (r, col - 2)].map(|(r, c)| Square::new(r, c))
        })?;
        left -= 2;
    }
    while right < n {
        let col = right;
        detour(board, next, bottom - top, |k| {
            let r = top + k;
            [(r, col - 1), (r, col), (r, col + 1)].map(|(r, c)| Square::new(r, c))
        })?;
        right += 2;
    }
    while top > 0 {
        let row = top;
        detour(board, next, n, |k| {
            [(row, k), (row - 1, k), (row - 2, k)].map(|(r, c)| Square::new(r, c))
        })?;
        top -= 2;
    }
    while bottom < m {
        let row = bottom;
        detour(board, next, n, |k| {
            [(row - 1, k), (row, k), (row + 1, k)].map(|(r, c)| Square::new(r, c))
        })?;
        bottom += 2;
    }
    Some(())
}

/// Splices a strip two lines thick into the path: `lines(k)` gives, at place `k` of `len`
/// along the strip, the square on the path's side, the strip's inner square and its outer
/// one. A step of the path between neighbours on its side, u to v, becomes u, the inner
/// square beside u, away along the inner line to the strip's end, back along the outer line,
/// along the inner line to the square beside v, and v.
fn detour(
    board: Board,
    next: &mut [u32],
    len: u32,
    lines: impl Fn(u32) -> [Square; 3],
) -> Option<()> {
    let at = |k: u32, line: usize| board.index(lines(k)[line]);
    let (ku, kv) = (0..len.saturating_sub(1)).find_map(|k| {
        let (a, b) = (at(k, 0), at(k + 1, 0));
        if next[a as usize] == b {
            Some((k, k + 1))
        } else if next[b as usize] == a {
            Some((k + 1, k))
        } else {
            None
        }
    })?;
    // The strip's squares in walking order.
    let mut walk: Vec<u32> = Vec::with_capacity(2 * len as usize);
    if ku < kv {
        walk.extend((0..=ku).rev().map(|k| at(k, 1)));
        walk.extend((0..len).map(|k| at(k, 2)));
        walk.extend((kv..len).rev().map(|k| at(k, 1)));
    } else {
        walk.extend((ku..len).map(|k| at(k, 1)));
        walk.extend((0..len).rev().map(|k| at(k, 2)));
        walk.extend((0..=kv).map(|k| at(k, 1)));
    }
    let (u, v) = (at(ku, 0), at(kv, 0));
    next[u as usize] = walk[0];
    for w in walk.windows(2) {
        next[w[0] as usize] = w[1];
    }
    next[walk[walk.len() - 1] as usize] = v;
    Some(())
}

/// A king's path from `s` to `t` through every square of a small board that `fits` accepts,
/// by depth-first search trying first the squares with the fewest free neighbours; `None`
/// when there is none or the search runs past its nodes. A move is cut off when it leaves a
/// square beside the old head with fewer than two ways on (the end: fewer than one), which
/// the rest of the path would need.
fn search(board: Board, s: Square, t: Square, fits: &dyn Fn(&[u32]) -> bool) -> Option<Vec<u32>> {
    let n = board.area();
    let (start, end) = (board.index(s), board.index(t));
    let adj: Vec<Vec<u32>> = board.adjacency_of(crate::piece::Piece::KING);
    let mut seen = vec![false; n];
    seen[start as usize] = true;
    // Whether moving the head from `v` to `w` (already marked seen) leaves every free square
    // beside `v` enough ways on.
    let viable = |v: u32, w: u32, seen: &[bool]| {
        adj[v as usize].iter().all(|&x| {
            if seen[x as usize] {
                return true;
            }
            let ways = adj[x as usize]
                .iter()
                .filter(|&&y| y == w || !seen[y as usize])
                .count();
            ways >= if x == end { 1 } else { 2 }
        })
    };
    // The moves from `v`, best last: free squares, the end only as the last, fewest onward
    // ways first.
    let options = |v: u32, seen: &[bool], depth: usize| -> Vec<u32> {
        let mut o: Vec<u32> = adj[v as usize]
            .iter()
            .copied()
            .filter(|&w| !seen[w as usize] && (w != end || depth + 1 == n))
            .collect();
        let free = |w: u32| {
            adj[w as usize]
                .iter()
                .filter(|&&x| !seen[x as usize])
                .count()
        };
        o.sort_by_key(|&w| std::cmp::Reverse(free(w)));
        o
    };
    let mut walk: Vec<(u32, Vec<u32>)> = Vec::with_capacity(n);
    walk.push((start, options(start, &seen, 1)));
    let mut nodes = 0u64;
    loop {
        let depth = walk.len();
        let Some((v, tried)) = walk.last_mut() else {
            break;
        };
        let v = *v;
        if depth == n {
            let path: Vec<u32> = walk.iter().map(|(q, _)| *q).collect();
            if fits(&path) {
                return Some(path);
            }
            walk.pop();
            seen[v as usize] = false;
            continue;
        }
        nodes += 1;
        if nodes > WINDOW_NODES {
            return None;
        }
        match tried.pop() {
            Some(w) => {
                seen[w as usize] = true;
                if depth + 1 == n || viable(v, w, &seen) {
                    let o = options(w, &seen, depth + 1);
                    walk.push((w, o));
                } else {
                    seen[w as usize] = false;
                }
            }
            None => {
                seen[v as usize] = false;
                walk.pop();
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Piece;
    use crate::tour::{Kind, Tour};

    fn king_path(board: Board, s: Square, t: Square) -> Option<Vec<u32>> {
        let p = between(board, s, t)?;
        let shape = crate::shape::Shape::rect(board);
        Tour::of_piece(&shape, p.clone(), Kind::Open, Vec::new(), Piece::KING)
            .expect("a king's tour");
        assert_eq!(p.first(), Some(&board.index(s)));
        assert_eq!(p.last(), Some(&board.index(t)));
        Some(p)
    }

    #[test]
    fn every_pair_of_squares_on_boards_from_3x3_to_11x13_is_joined() {
        // Where the wazir's colours forbid a path, a cut's diagonal step allows one; ends by
        // an edge or a corner are joined in a small window and the board grown round it.
        for m in [3, 4, 5, 6, 7, 9, 11] {
            for n in [m, m + 1, m + 2] {
                let board = Board::new(m, n).unwrap();
                let squares: Vec<Square> =
                    (0..board.area() as u32).map(|i| board.square(i)).collect();
                for &s in &squares {
                    for &t in &squares {
                        if s != t {
                            assert!(king_path(board, s, t).is_some(), "{board} {s:?} {t:?}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn same_colour_ends_on_a_large_board() {
        let board = Board::new(300, 200).unwrap();
        let s = Square::new(0, 0);
        for t in [
            Square::new(0, 2),
            Square::new(299, 199),
            Square::new(150, 100),
            Square::new(0, 0),
        ] {
            assert_eq!(king_path(board, s, t).is_some(), s != t, "{t:?}");
        }
    }

    /// Ends of one colour far apart on a large board take one cut, whichever side and axis:
    /// before it, the strips' breadth-first search went column by column and ran out of its
    /// budget at 10^8 squares (then the search ran 274 s and gave up).
    #[test]
    fn one_cut_joins_far_ends_of_one_colour() {
        let board = Board::new(1000, 998).unwrap();
        for (s, t) in [
            ((500, 500), (999, 997)),
            ((999, 997), (500, 499)),
            ((10, 400), (990, 400)),
            ((0, 0), (0, 996)),
            ((3, 900), (1, 5)),
        ] {
            let (s, t) = (Square::new(s.0, s.1), Square::new(t.0, t.1));
            let p = one_cut(board, s, t).unwrap_or_else(|| panic!("{s:?} {t:?}"));
            let shape = crate::shape::Shape::rect(board);
            Tour::of_piece(&shape, p.clone(), Kind::Open, Vec::new(), Piece::KING)
                .unwrap_or_else(|e| panic!("{s:?} {t:?}: {e}"));
            assert_eq!(p.first(), Some(&board.index(s)));
            assert_eq!(p.last(), Some(&board.index(t)));
        }
    }
}
