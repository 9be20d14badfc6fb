//! Tours with prescribed ends on boards 3 or 4 squares wide, decided exactly by a search over
//! columns (a transfer-matrix search), which also yields the moves of one such tour for the
//! solver to walk (`solve/narrow_ends.rs`).
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
//! exhaustive for every length of board. Away from the end squares every column adds the same
//! moves, so the sets of reachable states soon repeat; each distinct set is kept once and each
//! transition between sets computed once, so a long band costs one lookup a column.

use std::collections::HashMap;

use crate::board::{Board, Square};

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

/// Every way to give new squares `r..h` their moves back (at most two each), from the working
/// mates `w`: pushes (next state, moves) for each that leaves no square of column c-2 short of
/// moves and closes the tour only on the last column. Depth is the band's height.
#[allow(clippy::too_many_arguments)]
fn extend(
    h: usize,
    cands: &[Vec<(usize, usize)>],
    r: usize,
    w: [u8; 3 * MAX_H],
    complete: bool,
    choice: Choice,
    last: bool,
    out: &mut Vec<(State, Choice)>,
) {
    // Square r-2 of column c-2 is reached only from new rows r-3 and r-1, all placed now.
    if r >= 2 && w[r - 2] != FULL {
        return;
    }
    if r == h {
        if w[..h].iter().any(|&m| m != FULL) {
            return;
        }
        if complete != last || (complete && w.iter().any(|&m| m != FULL)) {
            return;
        }
        let mut next = [FULL; 2 * MAX_H];
        for (i, &m) in w[h..3 * h].iter().enumerate() {
            next[i] = if m < FULL - 2 { m - h as u8 } else { m };
        }
        out.push((next, choice));
        return;
    }
    let c = &cands[r];
    for mask in 0u8..1 << c.len() {
        if mask.count_ones() > 2 {
            continue;
        }
        let mut x = w;
        let mut done = complete;
        let mut bits = 0u32;
        let mut ok = true;
        for (k, &(v, mv)) in c.iter().enumerate() {
            if mask & (1 << k) != 0 {
                if done || !add(&mut x, 2 * h + r, v, &mut done) {
                    ok = false;
                    break;
                }
                bits |= 1 << mv;
            }
        }
        if ok {
            extend(
                h,
                cands,
                r + 1,
                x,
                done,
                choice | bits << (4 * r),
                last,
                out,
            );
        }
    }
}

/// The search over one board's columns.
struct ColumnSearch {
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

impl ColumnSearch {
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
        let mut found = Vec::new();
        extend(h, &cands, 0, base, false, 0, last, &mut found);
        let out: Vec<(u32, Choice)> = found
            .into_iter()
            .map(|(next, choice)| (self.id(next), choice))
            .collect();
        self.table.push(out);
        self.memo.insert((from, ends, last), self.table.len() - 1);
        self.table.len() - 1
    }

    /// The reachable states after each column, as ids into a pool of distinct layers.
    ///
    /// Between the end squares' columns every column adds the same moves, so a layer that
    /// feeds such a column once gives the same next layer every time: on a long band the
    /// layers soon repeat and each further column costs a lookup (4 x 100000 in milliseconds
    /// and kilobytes instead of minutes and gigabytes).
    fn forward(&mut self) -> Layers {
        let first = self.id([FULL; 2 * MAX_H]);
        let mut ly = Layers {
            pool: vec![vec![first]],
            of: Vec::with_capacity(self.n as usize),
            interned: HashMap::new(),
            after: HashMap::new(),
        };
        ly.interned.insert(vec![first], 0);
        let mut cur = 0u32;
        for c in 0..self.n {
            let key = (cur, self.endpoint_rows(c), c + 1 == self.n);
            let id = match ly.after.get(&key) {
                Some(&id) => id,
                None => {
                    let mut next = Vec::new();
                    for i in 0..ly.pool[cur as usize].len() {
                        let k = self.step(ly.pool[cur as usize][i], key.1, key.2);
                        next.extend(self.table[k].iter().map(|&(t, _)| t));
                    }
                    next.sort_unstable();
                    next.dedup();
                    let id = match ly.interned.get(&next) {
                        Some(&id) => id,
                        None => {
                            let id = ly.pool.len() as u32;
                            ly.interned.insert(next.clone(), id);
                            ly.pool.push(next);
                            id
                        }
                    };
                    ly.after.insert(key, id);
                    id
                }
            };
            ly.of.push(id);
            cur = id;
            if ly.pool[id as usize].is_empty() {
                break;
            }
        }
        ly
    }

    /// Whether the search reached the far end with some state.
    fn reached(&self, ly: &Layers) -> bool {
        ly.of.len() == self.n as usize
            && ly
                .of
                .last()
                .is_some_and(|&id| !ly.pool[id as usize].is_empty())
    }
}

/// The forward search's layers: each distinct set of states once.
struct Layers {
    /// Distinct layers (sorted state ids); 0 is the empty board's single state.
    pool: Vec<Vec<u32>>,
    /// The layer after each column.
    of: Vec<u32>,
    interned: HashMap<Vec<u32>, u32>,
    /// (layer before, endpoint rows, last column) -> layer after.
    after: HashMap<(u32, u8, bool), u32>,
}

/// The band's orientation: rows are the short side (3 or 4).
pub(crate) fn orient(board: Board, sq: Square) -> (usize, u32) {
    if board.rows <= board.cols {
        (sq.row as usize, sq.col)
    } else {
        (sq.col as usize, sq.row)
    }
}

fn band(board: Board, s: Square, t: Square) -> Option<ColumnSearch> {
    let (h, n) = board.sides();
    if !(1..=MAX_H as u32).contains(&h) || s == t {
        return None;
    }
    Some(ColumnSearch {
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
        let ly = b.forward();
        b.reached(&ly)
    })
}

/// The moves of an open tour from `s` to `t` on a board at most 4 squares wide, if one
/// exists: for each column (along the long side), the moves its squares make back to the two
/// columns before it, found by walking back through the stored states.
pub(crate) fn moves(board: Board, s: Square, t: Square) -> Option<Walk> {
    let mut b = band(board, s, t)?;
    let ly = b.forward();
    if !b.reached(&ly) {
        return None;
    }
    let h = b.h;
    let n = b.n as usize;
    // Walk back: the state after column c and the moves column c added. Repeating layers
    // repeat the same lookups, so each answer is kept.
    let mut choices = vec![0 as Choice; n];
    let mut cur = ly.pool[ly.of[n - 1] as usize][0];
    let mut back: HashMap<(u32, u8, bool, u32), (u32, Choice)> = HashMap::new();
    for c in (0..n).rev() {
        let prev = if c == 0 { 0 } else { ly.of[c - 1] };
        let key = (prev, b.endpoint_rows(c as u32), c + 1 == n, cur);
        let (p, ch) = match back.get(&key) {
            Some(&v) => v,
            None => {
                let v = ly.pool[prev as usize].iter().find_map(|&p| {
                    let k = b.step(p, key.1, key.2);
                    b.table[k]
                        .iter()
                        .find(|&&(t, _)| t == cur)
                        .map(|&(_, ch)| (p, ch))
                })?;
                back.insert(key, v);
                v
            }
        };
        choices[c] = ch;
        cur = p;
    }
    Some(Walk { h, choices })
}

/// The moves of a tour column by column, as [`moves`] finds them: bit `4 * r + k` of a
/// column's word is the move from its row `r` back by [`BACK`]`[k]`.
pub(crate) struct Walk {
    /// Squares across the band (3 or 4).
    pub(crate) h: usize,
    /// One word of moves per column.
    pub(crate) choices: Vec<u32>,
}

/// The moves back from a column: (rows down, columns back), in the bit order of [`Walk`].
pub(crate) const BACK: [(i32, usize); 4] = [(-2, 1), (2, 1), (-1, 2), (1, 2)];
