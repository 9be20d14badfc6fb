//! Exact search on small boards with required edges: finds the tile tours that the
//! divide-and-conquer construction joins (cycles or paths that contain given knight moves,
//! so that neighbouring tiles can be merged through them).

use super::search::TieBreak;
use crate::board::{Board, Square};
use crate::rng::mix64;

/// What a tile tour must satisfy.
#[derive(Debug, Clone, Default)]
pub struct Constraints {
    /// Knight moves (pairs of linear indices) the tour must contain.
    pub required: Vec<(u32, u32)>,
    /// Squares the path must not end on (open tours only).
    pub forbid_end: Vec<u32>,
    /// Edges added to the graph: stand-ins for a region outside the board that a path
    /// enters at one end of the edge and leaves at the other.
    pub extra: Vec<(u32, u32)>,
    /// Knight moves no tour of the whole board can use, left out to prune the search.
    pub banned: Vec<(u32, u32)>,
}

/// Finds a tour of `board` from `start` that contains every required edge; `None` when the
/// search is exhausted or the node budget runs out.
pub fn find(
    board: Board,
    start: u32,
    closed: bool,
    cons: &Constraints,
    tie: TieBreak,
    budget: u64,
) -> Option<Vec<u32>> {
    let n = board.area();
    let mut adj: Vec<Vec<u32>> = board.adjacency();
    for &(a, b) in &cons.banned {
        adj[a as usize].retain(|&x| x != b);
        adj[b as usize].retain(|&x| x != a);
    }
    for &(a, b) in &cons.extra {
        if !adj[a as usize].contains(&b) {
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        }
    }
    let mut req: Vec<Vec<u32>> = vec![Vec::new(); n];
    for &(a, b) in &cons.required {
        if req[a as usize].contains(&b) {
            continue;
        }
        req[a as usize].push(b);
        req[b as usize].push(a);
        if req[a as usize].len() > 2 || req[b as usize].len() > 2 {
            return None;
        }
    }
    if n == 1 {
        return (!closed).then(|| vec![start]);
    }
    let centre = |i: u32| {
        let s: Square = board.square(i);
        let r = s.row as i64 * 2 - (board.rows as i64 - 1);
        let c = s.col as i64 * 2 - (board.cols as i64 - 1);
        r * r + c * c
    };
    let key = |i: u32| -> u64 {
        match tie {
            TieBreak::Random(seed) => mix64(seed ^ mix64(i as u64)),
            TieBreak::FarFromCentre => u64::MAX - centre(i) as u64,
            TieBreak::MoveOrder => 0,
        }
    };
    let mut deg: Vec<u8> = adj.iter().map(|a| a.len() as u8).collect();
    let mut visited = vec![false; n];
    let visit = |v: u32, visited: &mut Vec<bool>, deg: &mut Vec<u8>| {
        visited[v as usize] = true;
        for &w in &adj[v as usize] {
            deg[w as usize] -= 1;
        }
    };
    let unvisit = |v: u32, visited: &mut Vec<bool>, deg: &mut Vec<u8>| {
        visited[v as usize] = false;
        for &w in &adj[v as usize] {
            deg[w as usize] += 1;
        }
    };
    let complete = |path: &[u32]| -> bool {
        let last = *path.last().expect("non-empty");
        if closed && !adj[last as usize].contains(&start) {
            return false;
        }
        if !closed && cons.forbid_end.contains(&last) {
            return false;
        }
        let mut pos = vec![0u32; n];
        for (i, &v) in path.iter().enumerate() {
            pos[v as usize] = i as u32;
        }
        cons.required.iter().all(|&(a, b)| {
            let (pa, pb) = (pos[a as usize], pos[b as usize]);
            pa.abs_diff(pb) == 1 || (closed && pa.abs_diff(pb) == n as u32 - 1)
        })
    };
    // A path with one allowed end must not pass through it early.
    let only_end = (!closed && cons.forbid_end.len() + 1 == n)
        .then(|| (0..n as u32).find(|z| !cons.forbid_end.contains(z)))
        .flatten();
    let mut path = vec![start];
    let mut rank = vec![0u8];
    visit(start, &mut visited, &mut deg);
    let mut nodes = 0u64;
    loop {
        let d = path.len() - 1;
        let u = path[d];
        let mut chosen = None;
        if path.len() == n {
            if complete(&path) {
                return Some(path);
            }
        } else {
            let remaining = n - path.len();
            let prev = if d > 0 { Some(path[d - 1]) } else { None };
            let unused: Vec<u32> = req[u as usize]
                .iter()
                .copied()
                .filter(|&p| Some(p) != prev)
                .collect();
            // Which moves the required edges still allow from u.
            let allowed: Option<Vec<u32>> = if d == 0 {
                match (closed, unused.len()) {
                    (_, 0) => None,
                    (true, 2) => Some(unused.clone()),
                    (true, _) => None,
                    (false, 1) => Some(unused.clone()),
                    (false, _) => Some(Vec::new()),
                }
            } else {
                match unused.len() {
                    0 => None,
                    1 => Some(unused.clone()),
                    _ => Some(Vec::new()),
                }
            };
            let mut cands: Vec<(u8, u64, u32)> = adj[u as usize]
                .iter()
                .copied()
                .filter(|&v| !visited[v as usize])
                .filter(|&v| remaining == 1 || Some(v) != only_end)
                .filter(|v| allowed.as_ref().is_none_or(|a| a.contains(v)))
                .map(|v| (deg[v as usize], key(v), v))
                .collect();
            let dead = adj[u as usize]
                .iter()
                .any(|&v| !visited[v as usize] && deg[v as usize] == 0 && remaining > 1)
                || (closed && deg[start as usize] == 0 && !adj[u as usize].contains(&start));
            if !dead {
                cands.sort_unstable();
                let r = rank[d] as usize;
                if r < cands.len() {
                    chosen = Some(cands[r].2);
                }
            }
        }
        if let Some(v) = chosen {
            nodes += 1;
            if nodes > budget {
                return None;
            }
            visit(v, &mut visited, &mut deg);
            path.push(v);
            rank.push(0);
            continue;
        }
        let back = path.pop().expect("non-empty");
        rank.pop();
        unvisit(back, &mut visited, &mut deg);
        if path.is_empty() {
            return None;
        }
        let d = rank.len() - 1;
        rank[d] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tour::Kind;

    #[test]
    fn finds_cycle_with_required_edges() {
        let b = Board::new(6, 6).unwrap();
        let e = (b.index(Square::new(1, 1)), b.index(Square::new(3, 0)));
        let f = (b.index(Square::new(1, 1)), b.index(Square::new(0, 3)));
        let cons = Constraints {
            required: vec![e, f],
            ..Constraints::default()
        };
        let p = find(b, 0, true, &cons, TieBreak::FarFromCentre, 10_000_000).unwrap();
        let t = crate::tour::Tour {
            piece: crate::piece::Piece::KNIGHT,
            board: b,
            path: p.clone(),
            kind: Kind::Closed,
            tiles: vec![],
            holes: std::sync::Arc::default(),
        };
        t.verify().unwrap();
        let i = p.iter().position(|&x| x == e.0).unwrap();
        let nb = [p[(i + 1) % 36], p[(i + 35) % 36]];
        assert!(nb.contains(&e.1) && nb.contains(&f.1));
    }
}
