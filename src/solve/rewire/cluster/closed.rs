//! The small cycles a cluster's flow closes inside its box, merged there, on the core that
//! rewired it: at 10^8 squares round 10^4 macros the flows leave 86,000 cycles, 80,000 of
//! them small, which the merges after the rewiring took one by one on one core.
//!
//! A cycle that closes inside the box (its squares' moves all known there) is apart from every
//! other cycle, so a parallel pair of moves, one on it and one on any other cycle, makes the
//! two one whatever the rest of the board does. The other cycle may be one that leaves the
//! box (a strand): two strands may be one cycle outside, so two pieces that each hold a
//! strand are never joined here; that is left to the merges, which see the whole board.

use super::super::find;
use super::{BoxMoves, UNKNOWN};
use crate::bits::BitSet;
use crate::board::{Board, Splitter};

/// A square not yet on any piece.
const NONE: u32 = u32::MAX;

/// What the closed cycles of a box are merged in: the piece of each slot, the pieces'
/// union-find, whether each holds a strand, and the closed cycles' squares.
#[derive(Default)]
pub(super) struct Buffers {
    piece: Vec<u32>,
    parent: Vec<u32>,
    strand: Vec<bool>,
    /// Each closed cycle's first square in `squares` (and where the next begins).
    cycles: Vec<(u32, usize)>,
    /// The closed cycles' squares: slot and square.
    squares: Vec<(usize, u32)>,
}

/// The box the cycles lie in and what may not be touched there (the look-ups given as
/// closures of their own types, so that they are inlined: called through `dyn`, the slot
/// look-up took a twentieth of a cluster's rewiring).
pub(super) struct Room<'r, L, F> {
    pub(super) board: Board,
    pub(super) blocked: &'r BitSet,
    pub(super) moves: &'r [(i32, i32)],
    /// A square's slot in the box, where it lies in it.
    pub(super) local: &'r L,
    /// Whether a step may not be given up (a path's own link between its ends).
    pub(super) fixed: &'r F,
}

/// Merges every cycle that closes inside the box through one of `nodes` (slots and squares
/// whose moves the flow drew: a closed cycle has one, as the base is one cycle) into a
/// neighbour, where a parallel pair of moves allows: the number of closed cycles left.
pub(super) fn merge<L, F>(
    buf: &mut Buffers,
    copy: &mut BoxMoves,
    nodes: &[(usize, u32)],
    room: &Room<L, F>,
) -> usize
where
    L: Fn(u32) -> Option<usize>,
    F: Fn(u32, u32) -> bool,
{
    let slots = copy.moves.len();
    buf.piece.clear();
    buf.piece.resize(slots, NONE);
    buf.parent.clear();
    buf.strand.clear();
    buf.cycles.clear();
    buf.squares.clear();
    // The square after `at` (in slot `la`, come to from `prev`) and its slot, where its moves
    // are known in the box.
    let next = |copy: &BoxMoves, prev: u32, la: usize| {
        let [p, q] = copy.moves[la];
        let to = if p == prev { q } else { p };
        if to == u32::MAX || to == UNKNOWN {
            return None;
        }
        let l = (room.local)(to)?;
        (copy.moves[l][0] != UNKNOWN).then_some((to, l))
    };
    for &(l0, g) in nodes {
        if buf.piece[l0] != NONE {
            continue;
        }
        let id = buf.parent.len() as u32;
        buf.parent.push(id);
        buf.piece[l0] = id;
        let start = buf.squares.len();
        buf.squares.push((l0, g));
        // One way round: back at `g` (closed), or out of the box (a strand, then walked the
        // other way too).
        let [first, second] = copy.moves[l0];
        let mut closed = false;
        for (k, by) in [first, second].into_iter().enumerate() {
            if k == 1 && closed {
                break;
            }
            let Some(l) = (by != u32::MAX && by != UNKNOWN)
                .then(|| (room.local)(by))
                .flatten()
                .filter(|&l| copy.moves[l][0] != UNKNOWN)
            else {
                continue;
            };
            let (mut prev, mut at, mut la) = (g, by, l);
            for _ in 0..slots {
                if at == g {
                    closed = true;
                    break;
                }
                if buf.piece[la] != NONE {
                    break;
                }
                buf.piece[la] = id;
                buf.squares.push((la, at));
                match next(copy, prev, la) {
                    Some((to, l)) => (prev, at, la) = (at, to, l),
                    None => break,
                }
            }
        }
        buf.strand.push(!closed);
        if closed {
            buf.cycles.push((id, start));
        } else {
            buf.squares.truncate(start);
        }
    }
    let split = Splitter::new(room.board.cols);
    let is_move = |p: u32, q: u32| {
        let ((pr, pc), (qr, qc)) = (split.split(p), split.split(q));
        let d = (qr as i32 - pr as i32, qc as i32 - pc as i32);
        room.moves.contains(&d)
    };
    let mut left = buf.cycles.len();
    for c in 0..buf.cycles.len() {
        let (id, from) = buf.cycles[c];
        let to = buf.cycles.get(c + 1).map_or(buf.squares.len(), |n| n.1);
        'squares: for i in from..to {
            let (la, a) = buf.squares[i];
            let ra = find(&mut buf.parent, id);
            let (r, col) = split.split(a);
            for &(dr, dc) in room.moves {
                let (xr, xc) = (r as i64 + dr as i64, col as i64 + dc as i64);
                if !room.board.contains(xr, xc) {
                    continue;
                }
                let x = (xr as u64 * room.board.cols as u64 + xc as u64) as u32;
                let Some(lx) = (room.local)(x) else {
                    continue;
                };
                if room.blocked.contains(x as usize) || copy.moves[lx][0] == UNKNOWN {
                    continue;
                }
                // The piece of `x`: a square on no piece lies on a strand.
                let rx = match buf.piece[lx] {
                    NONE => None,
                    p => Some(find(&mut buf.parent, p)),
                };
                if rx == Some(ra) {
                    continue;
                }
                let strands = usize::from(buf.strand[ra as usize])
                    + rx.map_or(1, |p| usize::from(buf.strand[p as usize]));
                if strands > 1 {
                    continue;
                }
                for b in copy.moves[la] {
                    for y in copy.moves[lx] {
                        if b == u32::MAX
                            || y == u32::MAX
                            || y == UNKNOWN
                            || (room.fixed)(a, b)
                            || (room.fixed)(x, y)
                            || !is_move(b, y)
                        {
                            continue;
                        }
                        let (Some(lb), Some(ly)) = ((room.local)(b), (room.local)(y)) else {
                            continue;
                        };
                        if copy.moves[ly][0] == UNKNOWN {
                            continue;
                        }
                        // a-b and x-y give way to a-x and b-y.
                        copy.set((la, a), b, x);
                        copy.set((lb, b), a, y);
                        copy.set((lx, x), y, a);
                        copy.set((ly, y), x, b);
                        match rx {
                            Some(p) => {
                                buf.parent[ra as usize] = p;
                                let s = buf.strand[ra as usize] || buf.strand[p as usize];
                                buf.strand[p as usize] = s;
                            }
                            None => buf.strand[ra as usize] = true,
                        }
                        left -= 1;
                        break 'squares;
                    }
                }
            }
        }
    }
    left
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::KNIGHT_DIRECTIONS;

    /// The cycles of a box's moves (each square's two neighbours, by slot = square).
    fn cycles(moves: &[[u32; 2]], open: &[u32]) -> usize {
        let mut seen = vec![false; moves.len()];
        let mut count = 0;
        for &s in open {
            if seen[s as usize] {
                continue;
            }
            count += 1;
            let (mut prev, mut at) = (s, moves[s as usize][0]);
            seen[s as usize] = true;
            while at != s {
                seen[at as usize] = true;
                let [x, y] = moves[at as usize];
                (prev, at) = (at, if x == prev { y } else { x });
            }
        }
        count
    }

    #[test]
    fn a_cycle_closed_in_the_box_joins_its_neighbour() {
        // A knight's hexagon beside a closed tour of the rest of a 12x12 board, all in the
        // box: merged into one cycle, unless every step of the hexagon is fixed.
        let (board, hex, main) = crate::solve::rewire::join::tests::hexagon_beside_a_tour();
        let n = board.area();
        let open: Vec<u32> = (0..n as u32).collect();
        let blocked = BitSet::new(n);
        let local = |g: u32| ((g as usize) < n).then_some(g as usize);
        for hold in [false, true] {
            let mut copy = BoxMoves {
                moves: vec![[u32::MAX; 2]; n],
                flag: vec![0; n],
                ..Default::default()
            };
            for c in [&main[..], &hex[..]] {
                for (i, &a) in c.iter().enumerate() {
                    let (p, q) = (c[(i + c.len() - 1) % c.len()], c[(i + 1) % c.len()]);
                    copy.moves[a as usize] = [p, q];
                }
            }
            assert_eq!(cycles(&copy.moves, &open), 2);
            let on_hex = |s: u32| hex.contains(&s);
            let fixed = |a: u32, b: u32| hold && on_hex(a) && on_hex(b);
            let room = Room {
                board,
                blocked: &blocked,
                moves: &KNIGHT_DIRECTIONS,
                local: &local,
                fixed: &fixed,
            };
            let nodes: Vec<(usize, u32)> = hex.iter().map(|&s| (s as usize, s)).collect();
            let mut buf = Buffers::default();
            let left = merge(&mut buf, &mut copy, &nodes, &room);
            let want = if hold { 2 } else { 1 };
            assert_eq!(cycles(&copy.moves, &open), want, "fixed: {hold}");
            assert_eq!(left, want - 1);
            // Every step is a knight's move.
            for (a, m) in copy.moves.iter().enumerate() {
                for &b in m {
                    let (s, t) = (board.square(a as u32), board.square(b));
                    let d = (t.row as i32 - s.row as i32, t.col as i32 - s.col as i32);
                    assert!(KNIGHT_DIRECTIONS.contains(&d));
                }
            }
        }
    }
}
