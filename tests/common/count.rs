//! An independent count of a numbered puzzle's solutions, read from its JSON: its own move
//! lists (the knight's, the king's, and any leaper's written out from its leap), a plain
//! depth-first walk and one prune (the next given number must be reachable in
//! the moves left, by breadth-first distance), so that the generator's solver is not judged
//! by itself.

use serde_json::Value;

/// Solutions of the puzzle in `p` (one object of `--format json`), counted up to `limit`.
pub fn solutions(p: &Value, limit: u64) -> u64 {
    let rows = p["rows"].as_i64().unwrap();
    let cols = p["cols"].as_i64().unwrap();
    let closed = p["closed"].as_bool().unwrap();
    let area = (rows * cols) as usize;
    let at = |v: &Value| (v[0].as_i64().unwrap() * cols + v[1].as_i64().unwrap()) as usize;
    let mut blocked = vec![false; area];
    for h in p["holes"].as_array().into_iter().flatten() {
        blocked[at(h)] = true;
    }
    let n = blocked.iter().filter(|&&b| !b).count();
    // square of each given number (1-based), and the number given on each square
    let mut square_of = vec![usize::MAX; n + 1];
    let mut given_on = vec![0usize; area];
    for g in p["givens"].as_array().unwrap() {
        let (sq, k) = (at(g), g[2].as_u64().unwrap() as usize);
        square_of[k] = sq;
        given_on[sq] = k;
    }
    let jumps = jumps(p["piece"].as_str());
    let moves: Vec<Vec<usize>> = (0..area)
        .map(|s| {
            let (r, c) = (s as i64 / cols, s as i64 % cols);
            jumps
                .iter()
                .map(|&(dr, dc)| (r + dr, c + dc))
                .filter(|&(r, c)| r >= 0 && r < rows && c >= 0 && c < cols)
                .map(|(r, c)| (r * cols + c) as usize)
                .filter(|&t| !blocked[t])
                .collect()
        })
        .collect();
    // Breadth-first distances from every given square.
    let mut dist = vec![Vec::new(); area];
    for &g in square_of.iter().filter(|&&s| s != usize::MAX) {
        let mut d = vec![u32::MAX; area];
        d[g] = 0;
        let mut queue = std::collections::VecDeque::from([g]);
        while let Some(s) = queue.pop_front() {
            for &t in &moves[s] {
                if d[t] == u32::MAX {
                    d[t] = d[s] + 1;
                    queue.push_back(t);
                }
            }
        }
        dist[g] = d;
    }
    // next given number after each number
    let mut next_given = vec![0usize; n + 2];
    for k in (1..=n).rev() {
        next_given[k] = if k < n && square_of[k + 1] != usize::MAX {
            k + 1
        } else {
            next_given[k + 1]
        };
    }
    let fits = |sq: usize, k: usize| {
        if given_on[sq] != 0 {
            return given_on[sq] == k;
        }
        if square_of[k] != usize::MAX {
            return false;
        }
        let g = next_given[k];
        g == 0 || dist[square_of[g]][sq] as usize <= g - k
    };
    let mut count = 0;
    let mut used = vec![false; area];
    for start in 0..area {
        if blocked[start] || !fits(start, 1) {
            continue;
        }
        // explicit stack of (square, index of the next move to try)
        let mut stack = vec![(start, 0usize)];
        used[start] = true;
        while let Some(&(sq, i)) = stack.last() {
            let depth = stack.len();
            if depth == n {
                if !closed || moves[sq].contains(&start) {
                    count += 1;
                    if count >= limit {
                        return count;
                    }
                }
                used[sq] = false;
                stack.pop();
                continue;
            }
            if let Some(&t) = moves[sq].get(i) {
                stack[depth - 1].1 += 1;
                if !used[t] && fits(t, depth + 1) {
                    used[t] = true;
                    stack.push((t, 0));
                }
            } else {
                used[sq] = false;
                stack.pop();
            }
        }
    }
    count
}

/// The moves of the piece a puzzle file names (the knight when it names none): the king's
/// eight steps, or every sign and order of a leaper's (a, b).
pub fn jumps(piece: Option<&str>) -> Vec<(i64, i64)> {
    let leap = match piece {
        None | Some("knight") => return super::KNIGHT_JUMPS.to_vec(),
        Some("king") => {
            return [
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ]
            .to_vec()
        }
        Some("wazir") => (0, 1),
        Some("ferz") => (1, 1),
        Some("camel") => (1, 3),
        Some("zebra") => (2, 3),
        Some("giraffe") => (1, 4),
        Some("antelope") => (3, 4),
        Some(other) => {
            // "(a,b) leaper"
            let t = other.trim_start_matches('(').trim_end_matches(" leaper");
            let t = t.trim_end_matches(')');
            let (a, b) = t.split_once(',').expect("a piece name or (a,b) leaper");
            (a.trim().parse().unwrap(), b.trim().parse().unwrap())
        }
    };
    let (a, b) = leap;
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !out.contains(&(sx * x, sy * y)) {
                out.push((sx * x, sy * y));
            }
        }
    }
    out
}
