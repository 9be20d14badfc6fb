//! The cycles that cover the open squares after rewiring, joined into one through parallel
//! pairs of moves.

use super::wiring::Wiring;
use crate::bits::BitSet;
use crate::board::Board;

/// Squares of the cycles left apart handed back, at most.
const STUCK_SQUARES: usize = 4096;

/// Merges the cycles that cover the open squares into one, through parallel pairs of moves
/// tried round the rewired squares; `Err` with some squares of the cycles left apart (none
/// where a square lacks a move) if more than one cycle is left.
pub(super) fn merge_cycles<W: Wiring>(
    board: Board,
    blocked: &BitSet,
    links: &mut W,
    touched: &[u32],
    moves: &[(i32, i32)],
    keep: Option<(u32, u32)>,
) -> Result<(), Vec<u32>> {
    // Each square's cycle; merged cycles share a root.
    let size = links.cycles(blocked).ok_or_else(Vec::new)?;
    let count = size.len() as u32;
    let mut parent: Vec<u32> = (0..count).collect();
    let find = |parent: &mut Vec<u32>, mut x: u32| {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    };
    let mut left = count;
    let is_move = |a: u32, b: u32| {
        let (p, q) = (board.square(a), board.square(b));
        let (dr, dc) = (q.row as i32 - p.row as i32, q.col as i32 - p.col as i32);
        moves.contains(&(dr, dc))
    };
    // The ends' own move is never given up.
    let kept = |p: u32, q: u32| keep.is_some_and(|(s, t)| (p, q) == (s, t) || (p, q) == (t, s));
    let main = (0..count).max_by_key(|&l| size[l as usize]);
    // Every merge joins a square of a cycle apart from the largest to one of another cycle a
    // move away, and is found from either: so the squares of the cycles apart are tried,
    // pass after pass while one merges something; first the rewired ones alone (a small
    // cycle's), then every one.
    let apart = |l: u32| (Some(l) != main).then_some(l);
    let mut anchors = if left > 1 {
        links.squares_apart(&apart, touched, false)
    } else {
        Vec::new()
    };
    let mut whole = false;
    while left > 1 {
        let before = left;
        for &a in &anchors {
            if left == 1 {
                break;
            }
            let ra = find(&mut parent, links.label(a));
            if main.is_some_and(|m| find(&mut parent, m) == ra) {
                continue;
            }
            let s = board.square(a);
            'moves: for &(dr, dc) in moves {
                let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
                if !board.contains(r, c) {
                    continue;
                }
                let x = (r as u64 * board.cols as u64 + c as u64) as u32;
                if blocked.contains(x as usize) || !links.knows(x) {
                    continue;
                }
                let rx = find(&mut parent, links.label(x));
                if ra == rx {
                    continue;
                }
                for b in links.of(a) {
                    for y in links.of(x) {
                        if is_move(b, y)
                            && !kept(a, b)
                            && !kept(x, y)
                            && links.knows(b)
                            && links.knows(y)
                        {
                            links.swap((a, b), (x, y));
                            parent[ra as usize] = rx;
                            left -= 1;
                            break 'moves;
                        }
                    }
                }
            }
        }
        if left == before && !whole {
            // The rewired squares are done with: every square of the cycles still apart.
            whole = true;
            let roots: Vec<u32> = (0..count).map(|l| find(&mut parent, l)).collect();
            let main = main.map(|m| roots[m as usize]);
            let apart = |l: u32| {
                let root = *roots.get(l as usize)?;
                (Some(root) != main).then_some(root)
            };
            anchors = links.squares_apart(&apart, touched, true);
        } else if left == before {
            // Some squares of each cycle left apart, for the caller to rewire round.
            let main = main.map(|m| find(&mut parent, m));
            return Err(anchors
                .iter()
                .copied()
                .filter(|&a| Some(find(&mut parent, links.label(a))) != main)
                .take(STUCK_SQUARES)
                .collect());
        }
    }
    Ok(())
}
