//! The cycles that cover the open squares after rewiring, joined into one through parallel
//! pairs of moves.

use crate::board::Board;
use crate::solve::links::Links;

/// Squares of the cycles left apart handed back, at most.
const STUCK_SQUARES: usize = 4096;

/// Merges the cycles that cover the open squares into one, through parallel pairs of moves
/// tried round the rewired squares; `None` if more than one cycle is left.
pub(super) fn merge_cycles(
    board: Board,
    blocked: &[bool],
    links: &mut Links,
    touched: &[u32],
    moves: &[(i32, i32)],
    keep: Option<(u32, u32)>,
) -> Result<(), Vec<u32>> {
    // Each square's cycle, numbered by walking them; merged cycles share a root.
    let n = board.area();
    let mut label = vec![u32::MAX; n];
    let mut size: Vec<usize> = Vec::new();
    let mut cycles = 0u32;
    for start in 0..n as u32 {
        if blocked[start as usize] || label[start as usize] != u32::MAX {
            continue;
        }
        let [first, _] = links.of(start);
        if first == u32::MAX {
            return Err(Vec::new());
        }
        let (mut prev, mut at) = (start, first);
        label[start as usize] = cycles;
        let mut len = 1;
        while at != start {
            label[at as usize] = cycles;
            len += 1;
            let [x, y] = links.of(at);
            if x == u32::MAX || y == u32::MAX {
                return Err(Vec::new());
            }
            (prev, at) = (at, if x == prev { y } else { x });
        }
        size.push(len);
        cycles += 1;
    }
    let mut parent: Vec<u32> = (0..cycles).collect();
    let find = |parent: &mut Vec<u32>, mut x: u32| {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    };
    let mut left = cycles;
    let is_move = |a: u32, b: u32| {
        let (p, q) = (board.square(a), board.square(b));
        let (dr, dc) = (q.row as i32 - p.row as i32, q.col as i32 - p.col as i32);
        moves.contains(&(dr, dc))
    };
    // Passes round the rewired squares until one cycle is left or a pass merges nothing;
    // then every square of the cycles still apart is tried as well.
    let mut anchors = touched.to_vec();
    let mut widened: Option<u32> = None;
    while left > 1 {
        let before = left;
        for &a in &anchors {
            if left == 1 {
                break;
            }
            let s = board.square(a);
            'moves: for &(dr, dc) in moves {
                let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
                if !board.contains(r, c) {
                    continue;
                }
                let x = (r as u64 * board.cols as u64 + c as u64) as u32;
                if blocked[x as usize] {
                    continue;
                }
                let (ra, rx) = (
                    find(&mut parent, label[a as usize]),
                    find(&mut parent, label[x as usize]),
                );
                if ra == rx {
                    continue;
                }
                // The ends' own move is never given up.
                let kept = |p: u32, q: u32| {
                    keep.is_some_and(|(s, t)| (p, q) == (s, t) || (p, q) == (t, s))
                };
                for b in links.of(a) {
                    for y in links.of(x) {
                        if is_move(b, y) && !kept(a, b) && !kept(x, y) {
                            links.swap((a, b), (x, y));
                            parent[ra as usize] = rx;
                            left -= 1;
                            break 'moves;
                        }
                    }
                }
            }
        }
        if left == before {
            if let Some(main) = widened {
                // Some squares of each cycle left apart, for the caller to rewire round.
                let main = find(&mut parent, main);
                let apart: Vec<u32> = anchors
                    .iter()
                    .copied()
                    .filter(|&a| find(&mut parent, label[a as usize]) != main)
                    .take(STUCK_SQUARES)
                    .collect();
                return Err(apart);
            }
            // The cycles apart from the largest, walked whole, once each.
            let mut sizes = std::collections::BTreeMap::new();
            for (l, &size) in size.iter().enumerate() {
                *sizes.entry(find(&mut parent, l as u32)).or_insert(0usize) += size;
            }
            let main = sizes.iter().max_by_key(|&(_, &s)| s).map(|(&r, _)| r);
            widened = main;
            let mut firsts = std::collections::BTreeMap::new();
            for &a in touched {
                let r = find(&mut parent, label[a as usize]);
                if Some(r) != main {
                    firsts.entry(r).or_insert(a);
                }
            }
            anchors = firsts
                .values()
                .flat_map(|&a| links.walk(a, links.of(a)[0], n))
                .collect();
        }
    }
    Ok(())
}
