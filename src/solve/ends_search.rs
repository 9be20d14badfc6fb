//! Exact search for tours with prescribed ends on boards of up to 128 squares: bit-set
//! depth-first search with the two prunings that make refutation fast.
//!
//! - Degree: an unvisited square with one way left in or out can only be the path's last
//!   square, so it must be a wanted end, and there can be at most one such square; a square
//!   with no way left kills the branch.
//! - Connectivity: the unvisited squares, with the head, must form one piece.
//!
//! [`ends_from`] runs one search per start for a whole set of wanted ends, dropping each end
//! as soon as a tour reaches it; the existence tests run it over every small board to
//! establish the rules of `existence`, and the constructions use [`path`] for small pieces.

use crate::board::Board;

/// Largest board (in squares) the exact search takes.
pub(crate) const MAX_SQUARES: usize = 128;

/// The knight graph of a board as bit sets, for boards of up to [`MAX_SQUARES`] squares.
struct Graph {
    n: usize,
    adj: Vec<u128>,
}

impl Graph {
    fn new(board: Board) -> Option<Graph> {
        let n = board.area();
        if n > MAX_SQUARES {
            return None;
        }
        let adj = board
            .adjacency()
            .iter()
            .map(|a| a.iter().fold(0u128, |m, &v| m | 1 << v))
            .collect();
        Some(Graph { n, adj })
    }

    /// Whether `from` reaches every square of `free` through squares of `free`.
    fn connected(&self, from: usize, free: u128) -> bool {
        let mut seen = 1u128 << from;
        let mut frontier = seen;
        let all = free | seen;
        while frontier != 0 {
            let mut next = 0u128;
            let mut f = frontier;
            while f != 0 {
                let v = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= self.adj[v];
            }
            next &= all & !seen;
            seen |= next;
            frontier = next;
        }
        seen == all
    }

    /// Whether the branch at `head` with `free` squares left can still end in `wanted`.
    fn alive(&self, head: usize, free: u128, wanted: u128) -> bool {
        if free == 0 {
            return true;
        }
        if free & wanted == 0 {
            return false;
        }
        let open = free | 1 << head;
        let mut forced_end = false;
        let mut f = free;
        while f != 0 {
            let v = f.trailing_zeros() as usize;
            f &= f - 1;
            match (self.adj[v] & open).count_ones() {
                0 => return false,
                1 => {
                    if forced_end || wanted & (1 << v) == 0 {
                        return false;
                    }
                    forced_end = true;
                }
                _ => {}
            }
        }
        self.connected(head, free)
    }
}

/// What a search does with each tour it completes.
enum Goal<'a> {
    /// Stop at the first, keeping its squares.
    First(&'a mut Vec<u32>),
    /// Record its end, drop that end from the wanted set and go on.
    #[cfg_attr(not(test), allow(dead_code))]
    AllEnds(&'a mut u128),
}

/// Depth-first search from `start`; `Err(())` when `budget` nodes run out.
fn search(
    g: &Graph,
    start: usize,
    mut wanted: u128,
    goal: &mut Goal,
    budget: u64,
) -> Result<(), ()> {
    let full: u128 = if g.n == 128 { !0 } else { (1u128 << g.n) - 1 };
    let mut free = full & !(1 << start);
    wanted &= free;
    if g.n == 1 {
        if let Goal::First(p) = goal {
            p.push(start as u32);
        }
        return Ok(());
    }
    // Each level keeps the candidates still to try, in Warnsdorff order.
    let mut path = vec![start];
    let mut todo: Vec<Vec<usize>> = Vec::with_capacity(g.n);
    let order = |head: usize, free: u128, wanted: u128| -> Vec<usize> {
        let mut c: Vec<(u32, usize)> = Vec::new();
        let mut m = g.adj[head] & free;
        while m != 0 {
            let v = m.trailing_zeros() as usize;
            m &= m - 1;
            let rest = free & !(1 << v);
            // The last square must be wanted; an early visit to a wanted end is fine.
            if (rest == 0 && wanted & (1 << v) == 0) || !g.alive(v, rest, wanted) {
                continue;
            }
            c.push(((g.adj[v] & rest).count_ones(), v));
        }
        c.sort_unstable_by(|a, b| b.cmp(a));
        c.into_iter().map(|(_, v)| v).collect()
    };
    if !g.alive(start, free, wanted) {
        return Ok(());
    }
    todo.push(order(start, free, wanted));
    let mut nodes = 0u64;
    while let Some(level) = todo.last_mut() {
        let Some(v) = level.pop() else {
            todo.pop();
            if let Some(u) = path.pop() {
                if path.is_empty() {
                    break;
                }
                free |= 1 << u;
            }
            continue;
        };
        nodes += 1;
        if nodes > budget {
            return Err(());
        }
        free &= !(1 << v);
        path.push(v);
        if free == 0 {
            match goal {
                Goal::First(p) => {
                    p.extend(path.iter().map(|&x| x as u32));
                    return Ok(());
                }
                Goal::AllEnds(found) => {
                    **found |= 1 << v;
                    wanted &= !(1 << v);
                    if wanted == 0 {
                        return Ok(());
                    }
                    path.pop();
                    free |= 1 << v;
                    continue;
                }
            }
        }
        let next = order(v, free, wanted);
        todo.push(next);
    }
    Ok(())
}

/// A Hamiltonian path of `board` from `start` to `end` (row-major indices): `Ok(None)` when
/// the search proves there is none, `Err(())` when `budget` nodes run out first.
pub(crate) fn path(
    board: Board,
    start: u32,
    end: u32,
    budget: u64,
) -> Result<Option<Vec<u32>>, ()> {
    let g = Graph::new(board).ok_or(())?;
    if start == end && g.n > 1 {
        return Ok(None);
    }
    let mut p = Vec::new();
    search(
        &g,
        start as usize,
        1 << end,
        &mut Goal::First(&mut p),
        budget,
    )?;
    Ok((!p.is_empty()).then_some(p))
}

/// Every square a tour of `board` from `start` can end on, as a bit set over row-major
/// indices (exhaustive; `None` above [`MAX_SQUARES`] squares).
///
/// One search for all ends at once finds the easy ones; each end it leaves is then searched on
/// its own, where the one-end pruning refutes an impossible end quickly.
#[cfg_attr(not(test), allow(dead_code))]
pub(crate) fn ends_from(board: Board, start: u32) -> Option<u128> {
    let g = Graph::new(board)?;
    if g.n == 1 {
        return Some(1);
    }
    let full: u128 = if g.n == 128 { !0 } else { (1u128 << g.n) - 1 };
    let mut found = 0u128;
    let _ = search(
        &g,
        start as usize,
        full,
        &mut Goal::AllEnds(&mut found),
        50_000,
    );
    let mut rest = full & !found & !(1 << start);
    while rest != 0 {
        let t = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut p = Vec::new();
        search(
            &g,
            start as usize,
            1 << t,
            &mut Goal::First(&mut p),
            u64::MAX,
        )
        .ok()?;
        if !p.is_empty() {
            found |= 1 << t;
        }
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::Kind;
    use crate::tour::Tour;

    #[test]
    fn paths_verify_and_end_where_asked() {
        let b = Board::new(8, 8).unwrap();
        let p = path(b, 0, 7, 10_000_000).unwrap().unwrap();
        assert_eq!((p[0], p[63]), (0, 7));
        Tour::new(b, p, Kind::Open, Vec::new()).unwrap();
    }

    #[test]
    fn ends_agree_with_the_published_count_on_5x5() {
        // 5x5 has 1728 directed open tours (OEIS A165134), counted here by plain enumeration
        // from each start; a start has ends exactly when some tour leaves it, and every end
        // found has a path to it.
        let b = Board::new(5, 5).unwrap();
        let mut total = 0;
        for s in 0..25u32 {
            let count = crate::solve::count_tours_from(b, s, false);
            total += count;
            let e = ends_from(b, s).unwrap();
            assert_eq!(e != 0, count > 0, "start {s}");
            assert_eq!(e & 1 << s, 0);
            for i in (0..25u32).filter(|&i| e & 1 << i != 0) {
                assert_eq!(b.square(i).colour(), 0);
                assert!(path(b, s, i, u64::MAX).unwrap().is_some());
            }
        }
        assert_eq!(total, 1728);
    }
}
