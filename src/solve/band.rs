//! Tours with prescribed ends on boards 3 or 4 squares wide, decided and built exactly by a
//! search over columns (a transfer-matrix search).
//!
//! Cut the board between two columns: the moves that cross the cut, and which of their loose
//! ends belong to one piece of path, are all that the columns already placed tell the columns
//! still to come. A knight's move spans at most two columns, so a *state* records, for the
//! last two columns, each square's remaining degree and the square at the other end of its
//! piece of path (or that the piece ends at the tour's start or end). Adding a column tries
//! every set of moves from its squares back to the two columns before it, rejecting cycles,
//! a square left with too few moves once no later column can reach it, and a tour that
//! closes before the last column. The states reachable after the last column say whether a
//! tour exists; walking back through the stored states picks one.
//!
//! Every tour crosses every cut in one of these states, so the search misses none: it is
//! exhaustive for every length of board, in time linear in the length.

use std::collections::HashMap;

use crate::board::{Board, Square};
use crate::existence::Kind;
use crate::tour::Tour;

/// A square with no degree left.
const FULL: u8 = 0xFF;
/// A square with no move yet (its piece is itself).
const SELF: u8 = 0xFE;
/// The piece's other end is the tour's start or end, already complete.
const ANCHOR: u8 = 0xFD;

/// The widest band searched.
const MAX_H: usize = 5;

/// Mates of the two columns before the cut (column c-1 then c), `FULL` beyond `h`.
type State = [u8; 2 * MAX_H];

/// One column's moves: for each new square, a bit per candidate move.
type Choice = u32;

/// The candidate moves back from square `r` of a new column: (working index, move number).
fn candidates(h: usize, r: usize) -> impl Iterator<Item = (usize, usize)> {
    // Working array: column c-2 at 0..h, c-1 at h..2h, the new column c at 2h..3h.
    let back = [(-2i32, 1usize), (2, 1), (-1, 2), (1, 2)];
    back.into_iter()
        .enumerate()
        .filter_map(move |(k, (dr, dc))| {
            let rr = r as i32 + dr;
            (rr >= 0 && (rr as usize) < h).then(|| {
                let col_base = if dc == 1 { h } else { 0 };
                (col_base + rr as usize, k)
            })
        })
}

/// Adds the move u-v to the working mates; false if it cannot be added.
fn add(w: &mut [u8; 3 * MAX_H], u: usize, v: usize, complete: &mut bool) -> bool {
    let (mu, mv) = (w[u], w[v]);
    if mu == FULL || mv == FULL || mu as usize == v {
        return false;
    }
    let x = if mu == SELF { u as u8 } else { mu };
    let y = if mv == SELF { v as u8 } else { mv };
    if mu != SELF {
        w[u] = FULL;
    }
    if mv != SELF {
        w[v] = FULL;
    }
    if x == ANCHOR && y == ANCHOR {
        *complete = true;
        return true;
    }
    if x != ANCHOR {
        w[x as usize] = y;
    }
    if y != ANCHOR {
        w[y as usize] = x;
    }
    true
}

/// The search over one board's columns.
struct Band {
    h: usize,
    n: u32,
    /// Board square (row, col) in the band's orientation -> whether it is the start or end.
    ends: [(usize, u32); 2],
    states: Vec<State>,
    ids: HashMap<State, u32>,
    /// Transitions by (state, endpoint rows of the new column, last column): an index into
    /// `table`.
    memo: HashMap<(u32, u8, bool), usize>,
    table: Vec<Vec<(u32, Choice)>>,
}

impl Band {
    fn id(&mut self, s: State) -> u32 {
        if let Some(&i) = self.ids.get(&s) {
            return i;
        }
        let i = self.states.len() as u32;
        self.states.push(s);
        self.ids.insert(s, i);
        i
    }

    fn endpoint_rows(&self, c: u32) -> u8 {
        self.ends
            .iter()
            .filter(|&&(_, col)| col == c)
            .fold(0, |m, &(r, _)| m | 1 << r)
    }

    /// Every state that `from` leads to through a new column, as an index into `table`.
    fn step(&mut self, from: u32, ends: u8, last: bool) -> usize {
        if let Some(&v) = self.memo.get(&(from, ends, last)) {
            return v;
        }
        let h = self.h;
        let st = self.states[from as usize];
        let mut base = [FULL; 3 * MAX_H];
        base[..2 * h].copy_from_slice(&st[..2 * h]);
        for r in 0..h {
            base[2 * h + r] = if ends & (1 << r) != 0 { ANCHOR } else { SELF };
        }
        let cands: Vec<Vec<(usize, usize)>> = (0..h).map(|r| candidates(h, r).collect()).collect();
        let mut out = Vec::new();
        // Every subset of each new square's candidate moves (at most its degree of 2).
        let sizes: Vec<u32> = cands.iter().map(|c| 1u32 << c.len()).collect();
        let total: u32 = sizes.iter().product();
        for code in 0..total {
            let mut rest = code;
            let mut masks = [0u8; MAX_H];
            let mut ok = true;
            for r in 0..h {
                masks[r] = (rest % sizes[r]) as u8;
                rest /= sizes[r];
                if masks[r].count_ones() > 2 {
                    ok = false;
                }
            }
            if !ok {
                continue;
            }
            let mut w = base;
            let mut complete = false;
            'apply: for r in 0..h {
                for (k, &(v, _)) in cands[r].iter().enumerate() {
                    if masks[r] & (1 << k) != 0
                        && (complete || !add(&mut w, 2 * h + r, v, &mut complete))
                    {
                        ok = false;
                        break 'apply;
                    }
                }
            }
            // Column c-2 gets no more moves; a closed tour must have covered everything.
            if !ok || w[..h].iter().any(|&m| m != FULL) {
                continue;
            }
            if complete && (!last || w.iter().any(|&m| m != FULL)) {
                continue;
            }
            let mut next = [FULL; 2 * MAX_H];
            for (i, &m) in w[h..3 * h].iter().enumerate() {
                next[i] = if m < FULL - 2 { m - h as u8 } else { m };
            }
            if last && !complete {
                continue;
            }
            let mut choice: Choice = 0;
            for r in 0..h {
                let mut bits = 0u32;
                for (k, &(_, mv)) in cands[r].iter().enumerate() {
                    if masks[r] & (1 << k) != 0 {
                        bits |= 1 << mv;
                    }
                }
                choice |= bits << (4 * r);
            }
            let id = self.id(next);
            out.push((id, choice));
        }
        self.table.push(out);
        self.memo.insert((from, ends, last), self.table.len() - 1);
        self.table.len() - 1
    }

    /// The reachable states after each column (sorted ids).
    fn forward(&mut self) -> Vec<Vec<u32>> {
        let start = self.id([FULL; 2 * MAX_H]);
        let mut layers = Vec::with_capacity(self.n as usize);
        let mut cur = vec![start];
        for c in 0..self.n {
            let ends = self.endpoint_rows(c);
            let last = c + 1 == self.n;
            let mut next = Vec::new();
            for &s in &cur {
                let k = self.step(s, ends, last);
                next.extend(self.table[k].iter().map(|&(t, _)| t));
            }
            next.sort_unstable();
            next.dedup();
            layers.push(next.clone());
            cur = next;
            if cur.is_empty() {
                break;
            }
        }
        layers
    }
}

/// The band's orientation: rows are the short side (3 or 4).
fn orient(board: Board, sq: Square) -> (usize, u32) {
    if board.rows <= board.cols {
        (sq.row as usize, sq.col)
    } else {
        (sq.col as usize, sq.row)
    }
}

fn band(board: Board, s: Square, t: Square) -> Option<Band> {
    let (h, n) = board.sides();
    if !(1..=MAX_H as u32).contains(&h) || s == t {
        return None;
    }
    Some(Band {
        h: h as usize,
        n,
        ends: [orient(board, s), orient(board, t)],
        states: Vec::new(),
        ids: HashMap::new(),
        memo: HashMap::new(),
        table: Vec::new(),
    })
}

/// Whether an open tour of a board at most 4 squares wide runs from `s` to `t` (exact).
pub(crate) fn feasible(board: Board, s: Square, t: Square) -> bool {
    band(board, s, t).is_some_and(|mut b| {
        let layers = b.forward();
        layers.len() == b.n as usize && layers.last().is_some_and(|l| !l.is_empty())
    })
}

/// An open tour from `s` to `t` on a board at most 4 squares wide, if one exists.
pub(crate) fn construct(board: Board, s: Square, t: Square) -> Option<Tour> {
    let mut b = band(board, s, t)?;
    let layers = b.forward();
    if layers.len() != b.n as usize || layers.last()?.is_empty() {
        return None;
    }
    let h = b.h;
    let n = b.n as usize;
    // Walk back: the state after column c and the moves column c added.
    let mut choices = vec![0 as Choice; n];
    let mut cur = layers[n - 1][0];
    for c in (0..n).rev() {
        let first = [b.id([FULL; 2 * MAX_H])];
        let prev: &[u32] = if c == 0 { &first } else { &layers[c - 1] };
        let ends = b.endpoint_rows(c as u32);
        let last = c + 1 == n;
        let (p, ch) = prev.iter().find_map(|&p| {
            let k = b.step(p, ends, last);
            b.table[k]
                .iter()
                .find(|&&(t, _)| t == cur)
                .map(|&(_, ch)| (p, ch))
        })?;
        choices[c] = ch;
        cur = p;
    }
    // Each square's (up to two) neighbours, from the moves back.
    let idx = |r: usize, c: usize| c * h + r;
    let mut nb = vec![[u32::MAX; 2]; h * n];
    let back = [(-2i32, 1usize), (2, 1), (-1, 2), (1, 2)];
    for (c, &ch) in choices.iter().enumerate() {
        for r in 0..h {
            for (k, &(dr, dc)) in back.iter().enumerate() {
                if ch >> (4 * r + k) & 1 == 1 {
                    let (a, z) = (idx(r, c), idx((r as i32 + dr) as usize, c - dc));
                    for (x, y) in [(a, z), (z, a)] {
                        let slot = if nb[x][0] == u32::MAX { 0 } else { 1 };
                        nb[x][slot] = y as u32;
                    }
                }
            }
        }
    }
    let (sr, sc) = orient(board, s);
    let mut path = Vec::with_capacity(h * n);
    let (mut prev, mut at) = (u32::MAX, idx(sr, sc as usize) as u32);
    loop {
        let (r, c) = (at as usize % h, at as usize / h);
        let sq = if board.rows <= board.cols {
            Square::new(r as u32, c as u32)
        } else {
            Square::new(c as u32, r as u32)
        };
        path.push(board.index(sq));
        let [a, z] = nb[at as usize];
        let next = if a != prev { a } else { z };
        if next == u32::MAX || path.len() == h * n {
            break;
        }
        prev = at;
        at = next;
    }
    Some(Tour {
        board,
        path,
        kind: Kind::Open,
        tiles: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::exact;

    #[test]
    fn agrees_with_exhaustive_search_and_builds_what_it_finds() {
        for (r, c) in [
            (3, 4),
            (3, 7),
            (3, 8),
            (4, 5),
            (4, 6),
            (3, 10),
            (5, 4),
            (7, 3),
        ] {
            let b = Board::new(r, c).unwrap();
            for s in 0..b.area() as u32 {
                let ends = exact::ends_from(b, s).unwrap();
                for t in 0..b.area() as u32 {
                    let (ss, tt) = (b.square(s), b.square(t));
                    let want = ends & (1 << t) != 0;
                    assert_eq!(feasible(b, ss, tt), want, "{b} {ss:?} {tt:?}");
                    if want {
                        let tour = construct(b, ss, tt).unwrap();
                        tour.verify().unwrap();
                        assert_eq!((tour.path[0], *tour.path.last().unwrap()), (s, t));
                    }
                }
            }
        }
    }
}
