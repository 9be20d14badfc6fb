//! Open tours of boards four squares wide, by construction in O(n).
//!
//! The structure behind it. Outer-row squares (rows 0 and 3) only reach the inner rows, and a
//! move between two inner squares is the only other kind. Every move flips the colour; every
//! outer-inner move also flips outer/inner, so without inner-inner moves "colour xor outer"
//! never changes and the board falls into two classes of 2n squares. Each class, in column
//! order, is one outer square O_c and one inner square I_c per column c, with O_c joined to
//! I_d exactly when |c - d| is 1 or 2: a one-dimensional graph. (Class 0 holds (0,c) and
//! (1,c) for odd c and (3,c) and (2,c) for even c; class 1 the rest.) A tour must cross
//! between the classes, which only an inner-inner move does, and the counting argument of
//! `existence` allows exactly one. So a tour is: a path through the start's class from O_s to
//! some I_p, the move I_p -> I'_(p +- 2) into the other class, and a path through that class
//! to an outer square.
//!
//! Both paths are assembled from pieces of the one-dimensional graph:
//! - the first path runs from O_s through a window of a few columns around s (searched
//!   exactly), makes a U-turn through everything left of the window (two step-1 tracks,
//!   O_c I_(c-1) O_(c-2) ... and back, with a cap at column 0 found by search), and sweeps the
//!   rest of the board to the right in 3-column blocks O_c I_(c+1) O_(c+2) I_c O_(c+1) I_(c+2),
//!   ending near the right edge at I_(n-3) or I_(n-4) with a searched end piece;
//! - the second path starts two columns further right in the other class and sweeps back to
//!   the left edge in the mirror-image blocks I_c O_(c+1) I_(c+2) O_c I_(c+1) O_(c+2).
//!
//! Boards up to `WHOLE` columns are searched exactly in the same two-class form.

use std::sync::OnceLock;

use crate::board::{Board, Square};
use crate::tour::Kind;
use crate::tour::{Tile, Tour};

/// Boards up to this many columns are searched whole.
const WHOLE: u32 = 14;
/// Node budget of one exact search over a piece (they have at most a few dozen vertices).
const BUDGET: u64 = 2_000_000;

/// A vertex of one class: (inner, column).
type V = (bool, u32);

/// One class restricted to columns `lo..hi`, plus an optional stand-in edge.
struct Piece {
    lo: u32,
    hi: u32,
    extra: Option<(V, V)>,
}

impl Piece {
    fn id(&self, v: V) -> usize {
        2 * (v.1 - self.lo) as usize + v.0 as usize
    }

    fn neighbours(&self, v: V) -> Vec<V> {
        let c = v.1 as i64;
        let mut out: Vec<V> = [-2i64, -1, 1, 2]
            .iter()
            .map(|d| c + d)
            .filter(|&d| d >= self.lo as i64 && d < self.hi as i64)
            .map(|d| (!v.0, d as u32))
            .collect();
        if let Some((a, b)) = self.extra {
            if v == a && !out.contains(&b) {
                out.push(b);
            } else if v == b && !out.contains(&a) {
                out.push(a);
            }
        }
        out
    }

    /// A Hamiltonian path from `start` ending in `ends`, using the stand-in edge if there is
    /// one; exact (iterative depth-first search, fewest onward moves first).
    fn path(&self, start: V, ends: &[V]) -> Option<Vec<V>> {
        let n = 2 * (self.hi - self.lo) as usize;
        let mut seen = vec![false; n];
        let mut path = vec![start];
        let mut rank = vec![0usize];
        seen[self.id(start)] = true;
        let mut nodes = 0u64;
        loop {
            let u = *path.last().expect("non-empty");
            let mut next = None;
            if path.len() == n {
                let used = self.extra.is_none_or(|(a, b)| {
                    path.windows(2)
                        .any(|w| (w[0], w[1]) == (a, b) || (w[0], w[1]) == (b, a))
                });
                if ends.contains(&u) && used {
                    return Some(path);
                }
            } else {
                let free = |w: &V| !seen[self.id(*w)];
                // A free neighbour whose only free neighbour is u must be entered now.
                let stranded: Vec<V> = self
                    .neighbours(u)
                    .into_iter()
                    .filter(|w| free(w) && self.neighbours(*w).iter().all(|x| !free(x)))
                    .collect();
                let mut cands: Vec<(usize, u32, V)> = self
                    .neighbours(u)
                    .into_iter()
                    .filter(free)
                    .filter(|w| stranded.is_empty() || stranded == [*w])
                    .filter(|w| path.len() + 1 == n || ends.len() > 1 || !ends.contains(w))
                    .map(|w| {
                        (
                            self.neighbours(w).iter().filter(|x| free(x)).count(),
                            w.1,
                            w,
                        )
                    })
                    .collect();
                cands.sort_unstable();
                next = cands.get(rank[path.len() - 1]).map(|c| c.2);
            }
            if let Some(w) = next {
                nodes += 1;
                if nodes > BUDGET {
                    return None;
                }
                seen[self.id(w)] = true;
                path.push(w);
                rank.push(0);
                continue;
            }
            let back = path.pop().expect("non-empty");
            seen[self.id(back)] = false;
            rank.pop();
            if path.is_empty() {
                return None;
            }
            *rank.last_mut().expect("non-empty") += 1;
        }
    }
}

/// The searched pieces that do not depend on the board.
struct Pieces {
    /// U-turns of columns `0..w` from O_(w-1) to I_(w-1), for `w = umin` and `umin + 1`.
    umin: u32,
    uturn: [Vec<V>; 2],
    /// End pieces of columns `0..w` from O_0 to I_(w-3) or I_(w-4), for `w = emin..emin+3`.
    emin: u32,
    end: [Vec<V>; 3],
    /// Sweep tails of columns `0..w` from I_0 to any outer vertex, for `w = tmin..tmin+3`.
    tmin: u32,
    tail: [Vec<V>; 3],
    /// Heads of columns `0..3` from I_0 and from I_1 to O_2.
    head: [Vec<V>; 2],
}

fn search_pieces() -> Option<Pieces> {
    let piece = |w: u32| Piece {
        lo: 0,
        hi: w,
        extra: None,
    };
    let outer = |w: u32| (0..w).map(|c| (false, c)).collect::<Vec<V>>();
    let consecutive = |f: &dyn Fn(u32) -> Option<Vec<V>>, from: u32, k: usize| {
        (from..from + 12).find_map(|w0| {
            let v: Vec<Vec<V>> = (w0..w0 + k as u32).map_while(f).collect();
            (v.len() == k).then_some((w0, v))
        })
    };
    let (umin, u) = consecutive(&|w| piece(w).path((false, w - 1), &[(true, w - 1)]), 2, 2)?;
    let (emin, e) = consecutive(
        &|w| piece(w).path((false, 0), &[(true, w - 3), (true, w - 4)]),
        4,
        3,
    )?;
    let (tmin, t) = consecutive(&|w| piece(w).path((true, 0), &outer(w)), 3, 3)?;
    let h0 = piece(3).path((true, 0), &[(false, 2)])?;
    let h1 = piece(3).path((true, 1), &[(false, 2)])?;
    Some(Pieces {
        umin,
        uturn: [u[0].clone(), u[1].clone()],
        emin,
        end: [e[0].clone(), e[1].clone(), e[2].clone()],
        tmin,
        tail: [t[0].clone(), t[1].clone(), t[2].clone()],
        head: [h0, h1],
    })
}

fn pieces() -> Option<&'static Pieces> {
    static P: OnceLock<Option<Pieces>> = OnceLock::new();
    P.get_or_init(search_pieces).as_ref()
}

/// Whether this module builds the board's open tours: one side 4, the other at least 5.
pub fn covers(board: Board) -> bool {
    board.sides().0 == 4 && board.sides().1 >= 5
}

/// The square of a class vertex on a 4 x n board.
fn square(class: u32, v: V) -> Square {
    let odd = (v.1 + class) % 2 == 1;
    let row = match (v.0, odd) {
        (false, true) => 0,
        (false, false) => 3,
        (true, true) => 1,
        (true, false) => 2,
    };
    Square::new(row, v.1)
}

/// An open tour of a 4 x n (or n x 4) board from `start`; `None` when `start` is on an inner
/// row or line (no tour exists) or the board is too short.
pub fn construct(board: Board, start: Square) -> Option<Tour> {
    if board.rows != 4 {
        return construct(board.transposed(), Square::new(start.col, start.row))
            .map(Tour::transposed);
    }
    if !covers(board) || start.row == 1 || start.row == 2 {
        return None;
    }
    let n = board.cols;
    let s = start.col;
    let class = (1 + start.row + s) % 2;
    let (first, second, tiles) = if n <= WHOLE {
        whole(n, s)?
    } else {
        long(n, s, pieces()?)?
    };
    let mut path = Vec::with_capacity(board.area());
    let push = |path: &mut Vec<u32>, cls: u32, v: V| path.push(board.index(square(cls, v)));
    first.emit(&mut |v| push(&mut path, class, v));
    second.emit(&mut |v| push(&mut path, 1 - class, v));
    Some(Tour {
        piece: crate::piece::Piece::KNIGHT,
        board,
        path,
        kind: Kind::Open,
        holes: std::sync::Arc::default(),
        tiles: tiles
            .windows(2)
            .map(|w| Tile {
                row: 0,
                col: w[0],
                rows: 4,
                cols: w[1] - w[0],
            })
            .collect(),
    })
}

/// A class path described compactly, so that boards of 10^8 squares need no extra memory.
enum ClassPath {
    /// An explicit list of vertices.
    List(Vec<V>),
    /// The window's path with the U-turn spliced in at its stand-in edge, then a sweep.
    Long {
        window: Vec<V>,
        /// Width of the U-turn region (columns `0..left`); 0 for none.
        left: u32,
        uturn: &'static [V],
        ubase: u32,
        /// First column of the sweep and the end piece's first column.
        sweep: u32,
        end_at: u32,
        end: &'static [V],
    },
    /// A sweep from I_q near the right edge back to the left edge (mirrored pieces).
    Back {
        n: u32,
        head: &'static [V],
        tail: &'static [V],
        tail_at: u32,
    },
}

impl ClassPath {
    fn emit(&self, out: &mut dyn FnMut(V)) {
        match self {
            ClassPath::List(v) => v.iter().for_each(|&x| out(x)),
            ClassPath::Long {
                window,
                left,
                uturn,
                ubase,
                sweep,
                end_at,
                end,
            } => {
                let mut i = 0;
                while i < window.len() {
                    let v = window[i];
                    let pair = window.get(i + 1).copied();
                    if *left > 0 && v.1 == left - 1 && pair.is_some_and(|w| w.1 == left - 1) {
                        emit_uturn(*left, uturn, *ubase, v.0, out);
                        i += 2;
                        continue;
                    }
                    out(v);
                    i += 1;
                }
                sweep_blocks(*sweep, *end_at, false, &mut |v| out(v));
                end.iter().for_each(|&(t, d)| out((t, end_at + d)));
            }
            ClassPath::Back {
                n,
                head,
                tail,
                tail_at,
            } => {
                let m = |c: u32| n - 1 - c;
                head.iter().for_each(|&(t, d)| out((t, m(d))));
                sweep_blocks(3, *tail_at, true, &mut |(t, c)| out((t, m(c))));
                tail.iter().for_each(|&(t, d)| out((t, m(tail_at + d))));
            }
        }
    }
}

/// 3-column sweep blocks over columns `from..to`: O_c I_(c+1) O_(c+2) I_c O_(c+1) I_(c+2)
/// each, or with inner and outer swapped when `inner_first`.
fn sweep_blocks(from: u32, to: u32, inner_first: bool, out: &mut dyn FnMut(V)) {
    const BLOCK: [(bool, u32); 6] = [
        (false, 0),
        (true, 1),
        (false, 2),
        (true, 0),
        (false, 1),
        (true, 2),
    ];
    for c in (from..to).step_by(3) {
        for (inner, d) in BLOCK {
            out((inner != inner_first, c + d));
        }
    }
}

/// The U-turn through columns `0..w`, from O_(w-1) (`from_inner` false) or from I_(w-1).
fn emit_uturn(w: u32, base: &[V], bw: u32, from_inner: bool, out: &mut dyn FnMut(V)) {
    // Step-1 tracks from the base's ends out to column w-1: O_(w-1) I_(w-2) ... and back.
    // The track from column w-1 inward to column bw, starting inner or outer and alternating.
    let track = |out: &mut dyn FnMut(V), first_inner: bool, rev: bool| {
        let k = w - bw;
        for j in 0..k {
            let j = if rev { k - 1 - j } else { j };
            out(((j % 2 == 1) != first_inner, w - 1 - j));
        }
    };
    track(out, from_inner, false);
    if from_inner {
        base.iter().rev().for_each(|&v| out(v));
    } else {
        base.iter().for_each(|&v| out(v));
    }
    track(out, !from_inner, true);
}

/// Exact search of a short board: the first class path to every possible I_p, then the other.
#[allow(clippy::type_complexity)]
fn whole(n: u32, s: u32) -> Option<(ClassPath, ClassPath, Vec<u32>)> {
    let g = Piece {
        lo: 0,
        hi: n,
        extra: None,
    };
    let outer: Vec<V> = (0..n).map(|c| (false, c)).collect();
    for p in 0..n {
        let Some(a) = g.path((false, s), &[(true, p)]) else {
            continue;
        };
        for q in [p.wrapping_sub(2), p + 2] {
            if q >= n {
                continue;
            }
            if let Some(b) = g.path((true, q), &outer) {
                return Some((ClassPath::List(a), ClassPath::List(b), vec![0, n]));
            }
        }
    }
    None
}

/// The construction for long boards.
#[allow(clippy::type_complexity)]
fn long(n: u32, s: u32, pc: &'static Pieces) -> Option<(ClassPath, ClassPath, Vec<u32>)> {
    let smin = pc.emin; // narrowest sweep: just an end piece
    for dl in 3..=6u32 {
        for dr in 4..=7u32 {
            // Left region 0..left (with the window holding its two end vertices at left-1).
            let left = if s >= dl + pc.umin { s - dl } else { 0 };
            let mut right = s + dr;
            if right + smin > n {
                right = n;
            }
            let lo = left.saturating_sub(1);
            let window = Piece {
                lo,
                hi: right,
                extra: (left > 0).then(|| ((false, left - 1), (true, left - 1))),
            };
            let ends: Vec<V> = if right < n {
                vec![(true, right - 1), (true, right - 2)]
            } else {
                vec![(true, n - 3), (true, n - 4)]
            };
            let Some(path) = window.path((false, s), &ends) else {
                continue;
            };
            let last = path.last().expect("non-empty").1;
            let (sweep, end_at, end): (u32, u32, &'static [V]) = if right < n {
                let m = n - right;
                let k = (m - pc.emin) % 3;
                let w = pc.emin + k;
                (right, n - w, &pc.end[k as usize])
            } else {
                (n, n, &[])
            };
            // Where the first path ends: I_p with p = n-3 or n-4.
            let p = if end.is_empty() {
                last
            } else {
                end_at + end.last().expect("non-empty").1
            };
            let q = n - 1 - (p + 2); // the second path's start, in mirrored columns
            let m = n - 3;
            let k = (m - pc.tmin) % 3;
            let tail_at = n - (pc.tmin + k);
            let base = if left > 0 {
                let bw = if (left - pc.umin) % 2 == 0 {
                    pc.umin
                } else {
                    pc.umin + 1
                };
                (bw, &pc.uturn[(bw - pc.umin) as usize][..])
            } else {
                (0, &[][..])
            };
            let first = ClassPath::Long {
                window: path,
                left,
                uturn: base.1,
                ubase: base.0,
                sweep,
                end_at,
                end,
            };
            let second = ClassPath::Back {
                n,
                head: &pc.head[q as usize],
                tail: &pc.tail[k as usize],
                tail_at,
            };
            let mut cuts = vec![0];
            if left > 0 {
                cuts.push(left);
            }
            if right < n {
                cuts.push(right);
            }
            cuts.push(n);
            return Some((first, second, cuts));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_are_found() {
        let p = pieces().expect("pieces");
        assert!(p.umin <= 6 && p.emin <= 8 && p.tmin <= 8);
    }

    #[test]
    fn every_start_of_every_short_and_middling_board() {
        for n in 5..=60 {
            for s in 0..n {
                for row in [0, 3] {
                    let b = Board::new(4, n).unwrap();
                    let t = construct(b, Square::new(row, s))
                        .unwrap_or_else(|| panic!("4x{n} from ({row},{s})"));
                    t.verify()
                        .unwrap_or_else(|e| panic!("4x{n} from ({row},{s}): {e}"));
                    assert_eq!(t.path[0], b.index(Square::new(row, s)));
                }
            }
        }
    }
}
