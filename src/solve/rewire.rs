//! Knight's tours round blocks of any size and place, in O(rows x cols): the whole board's
//! closed tour, rewired round each cluster of blocks.
//!
//! 1. The divide-and-conquer builds a closed tour of the whole board, kept as each square's
//!    two neighbours ([`Links`]).
//! 2. Blocks close together form a cluster. Round each cluster, every move that touches the
//!    blocks or a frame of [`FRAME`] squares round them is dropped. The frame's squares then
//!    need two new moves each, and the squares just outside it one for each move they lost.
//! 3. Those needs are met by a flow: every move joins a light and a dark square, so a
//!    maximum flow from the light squares (supplying their needs) to the dark ones (taking
//!    theirs) over the knight's moves among them picks new moves that give every square two.
//!    The counts match when the blocks take as many squares of each colour, as blocks with an
//!    even side do. Where the flow falls short the frame is widened and tried again.
//! 4. Every square now has two moves: the board is covered by cycles. Two cycles are merged
//!    through a pair of parallel moves, one of each (a-b and x-y give way to a-x and b-y where
//!    both are knight's moves), tried round the frames, where the small cycles are, until one
//!    cycle is left.
//!
//! Everything outside the frames is the whole board's tour, untouched, so the work beyond
//! that construction grows with the blocks' perimeters. Where a step fails (a cluster whose
//! colours differ, a flow short even in the widest frame, cycles that no parallel pair
//! joins), the construction gives up and the caller falls back on the tiled construction
//! and the complete search: it never answers "no".

use super::divide;
use super::links::Links;
use crate::board::Board;
use crate::shape::Shape;

/// Frame widths tried round each cluster, narrowest first.
const FRAMES: [u32; 3] = [3, 5, 8];
/// Blocks whose boxes come closer than this are one cluster. Clusters are rewired one after
/// another, each on the moves the last left, so their frames may overlap; but a frame of
/// [`FRAMES`]`[0]` and a knight's move beyond it must not reach another cluster's blocks,
/// whose moves that would cut without counting them.
const APART: u32 = 2 * FRAMES[0];
/// The smallest side the construction takes (smaller boards go to the search).
pub(crate) const MIN_SIDE: u32 = 10;

/// The knight's eight moves.
pub(crate) const KNIGHT: [(i32, i32); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// Whether the construction may apply: a knight's shaped board, large enough, with an even
/// number of squares (the whole board needs a closed tour).
pub(crate) fn covers(shape: &Shape) -> bool {
    let b = shape.board();
    !shape.is_rect() && b.rows.min(b.cols) >= MIN_SIDE && b.area() % 2 == 0
}

/// Whether the blocks are more than scattered small holes: some connected block is larger
/// than 2x2 (the tiled construction handles scattered 2x2 holes and single squares).
pub(crate) fn has_large_blocks(shape: &Shape) -> bool {
    clusters_of(shape, 0)
        .iter()
        .any(|c| c.r1 - c.r0 > 2 || c.c1 - c.c0 > 2)
}

/// A knight's closed tour of every open square of `shape`, as row-major indices in visiting
/// order (not yet verified), or `None` where this construction does not apply.
pub(crate) fn construct(shape: &Shape) -> Option<Vec<u32>> {
    if !covers(shape) {
        return None;
    }
    let built = divide::build(shape.board(), None, None).ok()?;
    construct_from(shape, &built.tour.path, &KNIGHT)
}

/// A closed tour of every open square of `shape` by `moves` (a piece whose moves change
/// colour), rewired from `base`, a closed tour of the whole board by those moves; `None`
/// where this construction fails.
pub(crate) fn construct_from(
    shape: &Shape,
    base: &[u32],
    moves: &[(i32, i32)],
) -> Option<Vec<u32>> {
    let board = shape.board();
    if shape.is_rect() || base.len() != board.area() {
        return None;
    }
    let mut links = Links::cycle(base);
    let blocked = shape.blocked();
    let clusters = clusters_of(shape, APART);
    let mut touched = Vec::new();
    for cluster in &clusters {
        let nodes = FRAMES
            .iter()
            .find_map(|&w| rewire(board, &blocked, &mut links, cluster, w, (moves, 0)))?;
        touched.extend(nodes);
    }
    // Where cycles are left that no parallel pair joins (a column of knight's hexagons in a
    // corridor six squares wide, say), the clusters round them are rewired again with the
    // flow's moves taken in another order, which draws other cycles, and the merge runs
    // again. Every open square has two moves before and after, so a cluster may be rewired
    // as often as need be.
    for round in 1..=REDOS {
        let stuck = match merge_cycles(board, &blocked, &mut links, &touched, moves) {
            Ok(()) => break,
            Err(stuck) if round < REDOS => stuck,
            Err(_) => return None,
        };
        let reach = FRAMES[FRAMES.len() - 1] + 2;
        let mut redo: Vec<usize> = stuck
            .iter()
            .filter_map(|&i| {
                clusters
                    .iter()
                    .position(|c| c.holds(board.square(i), reach))
            })
            .collect();
        redo.sort_unstable();
        redo.dedup();
        if redo.is_empty() {
            return None;
        }
        for k in redo {
            let nodes = FRAMES.iter().find_map(|&w| {
                rewire(board, &blocked, &mut links, &clusters[k], w, (moves, round))
            })?;
            touched.extend(nodes);
        }
    }
    let first = (0..board.area() as u32).find(|&i| !blocked[i as usize])?;
    let open = shape.open_count();
    let path = links.walk(first, links.of(first)[0], open + 1);
    (path.len() == open).then_some(path)
}

/// Squares of the cycles left apart handed back, at most.
const STUCK_SQUARES: usize = 4096;

/// Merges tried before giving up: the first, then after each rewiring of the clusters round
/// the cycles left apart.
const REDOS: usize = 4;

/// A box of rows `r0..r1` and columns `c0..c1` round a cluster of blocks.
#[derive(Debug, Clone, Copy)]
struct Cluster {
    r0: u32,
    r1: u32,
    c0: u32,
    c1: u32,
}

impl Cluster {
    /// Whether `s` lies in the box grown by `margin` on every side.
    fn holds(&self, s: crate::board::Square, margin: u32) -> bool {
        s.row + margin >= self.r0
            && s.row < self.r1 + margin
            && s.col + margin >= self.c0
            && s.col < self.c1 + margin
    }
}

/// The bounding boxes of the blocks (8-connected pieces of holes), those closer than `apart`
/// merged into one box, in row-major order of their corners.
fn clusters_of(shape: &Shape, apart: u32) -> Vec<Cluster> {
    let board = shape.board();
    let blocked = shape.blocked();
    let mut seen = vec![false; board.area()];
    let mut boxes = Vec::new();
    let mut stack = Vec::new();
    for &h in shape.holes() {
        if seen[h as usize] {
            continue;
        }
        seen[h as usize] = true;
        stack.push(h);
        let s = board.square(h);
        let mut b = Cluster {
            r0: s.row,
            r1: s.row + 1,
            c0: s.col,
            c1: s.col + 1,
        };
        while let Some(i) = stack.pop() {
            let s = board.square(i);
            b.r0 = b.r0.min(s.row);
            b.r1 = b.r1.max(s.row + 1);
            b.c0 = b.c0.min(s.col);
            b.c1 = b.c1.max(s.col + 1);
            for dr in -1i64..=1 {
                for dc in -1i64..=1 {
                    let (r, c) = (s.row as i64 + dr, s.col as i64 + dc);
                    if board.contains(r, c) {
                        let j = (r as u64 * board.cols as u64 + c as u64) as usize;
                        if blocked[j] && !seen[j] {
                            seen[j] = true;
                            stack.push(j as u32);
                        }
                    }
                }
            }
        }
        boxes.push(b);
    }
    if apart == 0 {
        return boxes;
    }
    // Merge boxes closer than `apart` until none are: a sweep by top row, repeated while a
    // merged box grew into another.
    loop {
        boxes.sort_by_key(|b| (b.r0, b.c0));
        let mut merged: Vec<Cluster> = Vec::with_capacity(boxes.len());
        let mut changed = false;
        'next: for b in boxes {
            for m in merged.iter_mut().rev() {
                if m.r1 + apart <= b.r0 && m.r0 + 3 * apart < b.r0 {
                    // Sorted by top row: boxes this far above cannot reach, bar tall ones,
                    // which the repeat catches.
                    continue;
                }
                if near(m, &b, apart) {
                    m.r0 = m.r0.min(b.r0);
                    m.r1 = m.r1.max(b.r1);
                    m.c0 = m.c0.min(b.c0);
                    m.c1 = m.c1.max(b.c1);
                    changed = true;
                    continue 'next;
                }
            }
            merged.push(b);
        }
        boxes = merged;
        if !changed {
            return boxes;
        }
    }
}

/// Whether two boxes come closer than `apart` in both directions.
fn near(a: &Cluster, b: &Cluster, apart: u32) -> bool {
    a.r0 < b.r1 + apart && b.r0 < a.r1 + apart && a.c0 < b.c1 + apart && b.c0 < a.c1 + apart
}

/// Rewires the moves round one cluster with a frame `w` wide: the squares whose moves were
/// redrawn (to look for merges round), or `None` (moves untouched) where the flow falls
/// short or the colours differ.
fn rewire(
    board: Board,
    blocked: &[bool],
    links: &mut Links,
    c: &Cluster,
    w: u32,
    (moves, salt): (&[(i32, i32)], usize),
) -> Option<Vec<u32>> {
    // The frame: open squares within `w` (king's distance) of a block of the cluster, found in
    // the cluster's box grown by `w`.
    let r0 = c.r0.saturating_sub(w);
    let c0 = c.c0.saturating_sub(w);
    let r1 = (c.r1 + w).min(board.rows);
    let c1 = (c.c1 + w).min(board.cols);
    let (h, wd) = ((r1 - r0) as usize, (c1 - c0) as usize);
    let at = |r: usize, col: usize| (r0 as usize + r) * board.cols as usize + c0 as usize + col;
    // Distance to the nearest block along rows, then columns (a square's king distance is
    // the larger of the two, so two passes of a running window suffice).
    let mut near_row = vec![false; h * wd];
    for r in 0..h {
        let mut last: Option<usize> = None;
        for col in 0..wd {
            if blocked[at(r, col)] {
                last = Some(col);
            }
            near_row[r * wd + col] = last.is_some_and(|l| col - l <= w as usize);
        }
        let mut next: Option<usize> = None;
        for col in (0..wd).rev() {
            if blocked[at(r, col)] {
                next = Some(col);
            }
            if next.is_some_and(|n| n - col <= w as usize) {
                near_row[r * wd + col] = true;
            }
        }
    }
    let mut frame = vec![false; h * wd];
    for col in 0..wd {
        let mut last: Option<usize> = None;
        for r in 0..h {
            if near_row[r * wd + col] {
                last = Some(r);
            }
            frame[r * wd + col] = last.is_some_and(|l| r - l <= w as usize);
        }
        let mut next: Option<usize> = None;
        for r in (0..h).rev() {
            if near_row[r * wd + col] {
                next = Some(r);
            }
            if next.is_some_and(|n| n - r <= w as usize) {
                frame[r * wd + col] = true;
            }
        }
    }
    let inside: Vec<u32> = (0..h)
        .flat_map(|r| (0..wd).map(move |col| (r, col)))
        .filter(|&(r, col)| frame[r * wd + col])
        .map(|(r, col)| at(r, col) as u32)
        .collect();
    // The blocks and the frame are rewired; the moves they had are kept to restore on
    // failure.
    let mut dropped = Vec::new();
    for &s in &inside {
        for t in links.of(s) {
            if t != u32::MAX {
                links.unlink(s, t);
                dropped.push((s, t));
            }
        }
    }
    let in_frame = |i: u32| {
        let sq = board.square(i);
        sq.row >= r0
            && sq.row < r1
            && sq.col >= c0
            && sq.col < c1
            && frame[(sq.row - r0) as usize * wd + (sq.col - c0) as usize]
    };
    // Nodes: the open squares of the frame (two moves each) and the open squares outside it
    // that lost moves (one for each).
    let mut nodes: Vec<u32> = inside
        .iter()
        .copied()
        .filter(|&i| !blocked[i as usize])
        .collect();
    let mut outside: Vec<u32> = dropped
        .iter()
        .map(|&(_, t)| t)
        .filter(|&t| !in_frame(t) && !blocked[t as usize])
        .collect();
    outside.sort_unstable();
    outside.dedup();
    let first_outside = nodes.len();
    nodes.extend(&outside);
    let need = |i: u32| links.of(i).iter().filter(|&&x| x == u32::MAX).count() as u32;
    let ok = flow_moves(board, &nodes, first_outside, &need, (moves, salt)).map(|moves| {
        for (a, b) in moves {
            links.link(a, b);
        }
    });
    if ok.is_none() {
        for &(s, t) in dropped.iter().rev() {
            if links.of(s).contains(&t) {
                continue;
            }
            links.link(s, t);
        }
        return None;
    }
    Some(nodes)
}

/// New moves among `nodes` giving each its `need`: a maximum flow from the light squares to
/// the dark ones over the knight's moves among them, each move carrying at most one. Moves
/// between two squares outside the frame (from `first_outside` on) are not used, as they may
/// already be moves of the tour.
///
/// The flow is a matching in which each square takes as many moves as it needs: a greedy
/// pass gives most of them, then each light square still short is served by an augmenting
/// path found breadth first (new move, given-up move, new move, ...) to a dark square still
/// short. Such a path is short and found near its start, where Dinic's phases would sweep
/// the whole frame each time.
fn flow_moves(
    board: Board,
    nodes: &[u32],
    first_outside: usize,
    need: &dyn Fn(u32) -> u32,
    (moves, salt): (&[(i32, i32)], usize),
) -> Option<Vec<(u32, u32)>> {
    let m = nodes.len();
    let light = |i: u32| board.square(i).colour() == 0;
    let mut left: Vec<u32> = nodes.iter().map(|&i| need(i)).collect();
    let (mut supply, mut demand) = (0u32, 0u32);
    for (k, &i) in nodes.iter().enumerate() {
        if light(i) {
            supply += left[k];
        } else {
            demand += left[k];
        }
    }
    if supply != demand {
        return None;
    }
    // Local ids through an index over the nodes' bounding box.
    let (mut r0, mut c0, mut r1, mut c1) = (u32::MAX, u32::MAX, 0, 0);
    for &i in nodes {
        let s = board.square(i);
        (r0, c0) = (r0.min(s.row), c0.min(s.col));
        (r1, c1) = (r1.max(s.row + 1), c1.max(s.col + 1));
    }
    let bw = (c1 - c0) as usize;
    let mut index = vec![u32::MAX; (r1 - r0) as usize * bw];
    for (k, &i) in nodes.iter().enumerate() {
        let s = board.square(i);
        index[(s.row - r0) as usize * bw + (s.col - c0) as usize] = k as u32;
    }
    // Each node's usable moves (to nodes that need one), in the order `salt` picks.
    let mut first = vec![0u32; m + 1];
    let mut adj: Vec<u32> = Vec::with_capacity(m * 8);
    for (k, &i) in nodes.iter().enumerate() {
        let s = board.square(i);
        if left[k] > 0 {
            for t in 0..moves.len() {
                let (dr, dc) = moves[(t + 3 * salt) % moves.len()];
                let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
                if r < r0 as i64 || r >= r1 as i64 || c < c0 as i64 || c >= c1 as i64 {
                    continue;
                }
                let j = index[(r as u32 - r0) as usize * bw + (c as u32 - c0) as usize];
                if j != u32::MAX
                    && left[j as usize] > 0
                    && (k < first_outside || (j as usize) < first_outside)
                {
                    adj.push(j);
                }
            }
        }
        first[k + 1] = adj.len() as u32;
    }
    let moves_of = |k: usize| &adj[first[k] as usize..first[k + 1] as usize];
    // The moves taken, two slots a node.
    let mut mate = vec![[u32::MAX; 2]; m];
    let taken = |mate: &Vec<[u32; 2]>, a: usize, b: u32| mate[a].contains(&b);
    let take = |mate: &mut Vec<[u32; 2]>, a: usize, b: usize| {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut mate[x];
            slot[usize::from(slot[0] != u32::MAX)] = y as u32;
        }
    };
    let give_up = |mate: &mut Vec<[u32; 2]>, a: usize, b: usize| {
        for (x, y) in [(a, b), (b, a)] {
            let slot = &mut mate[x];
            slot[usize::from(slot[0] != y as u32)] = u32::MAX;
        }
    };
    let mut order: Vec<usize> = (0..m).filter(|&k| light(nodes[k])).collect();
    if salt % 2 == 1 {
        order.reverse();
    }
    for &k in &order {
        for &j in moves_of(k) {
            if left[k] == 0 {
                break;
            }
            if left[j as usize] > 0 && !taken(&mate, k, j) {
                take(&mut mate, k, j as usize);
                left[k] -= 1;
                left[j as usize] -= 1;
            }
        }
    }
    // Augmenting paths from each light node still short.
    let mut from = vec![u32::MAX; m];
    let mut stamp = vec![0u32; m];
    let mut round = 0u32;
    let mut queue = std::collections::VecDeque::new();
    for &k in &order {
        while left[k] > 0 {
            round += 1;
            queue.clear();
            queue.push_back(k);
            stamp[k] = round;
            let mut end = None;
            'search: while let Some(v) = queue.pop_front() {
                // From a light node by a move not taken, to a dark node.
                for &d in moves_of(v) {
                    let d = d as usize;
                    if stamp[d] == round || taken(&mate, v, d as u32) {
                        continue;
                    }
                    stamp[d] = round;
                    from[d] = v as u32;
                    if left[d] > 0 {
                        end = Some(d);
                        break 'search;
                    }
                    // From the dark node back by a move taken, to a light node.
                    for l in mate[d] {
                        if l != u32::MAX && stamp[l as usize] != round {
                            stamp[l as usize] = round;
                            from[l as usize] = d as u32;
                            queue.push_back(l as usize);
                        }
                    }
                }
            }
            let mut d = end?;
            left[d] -= 1;
            left[k] -= 1;
            // Flip the path: its new moves are taken, its taken moves given up.
            loop {
                let l = from[d] as usize;
                if l == k {
                    take(&mut mate, l, d);
                    break;
                }
                // Give up before taking: the light node's two slots may both be full.
                let prev = from[l] as usize;
                give_up(&mut mate, l, prev);
                take(&mut mate, l, d);
                d = prev;
            }
        }
    }
    let mut moves = Vec::with_capacity(supply as usize);
    for &k in &order {
        for j in mate[k] {
            if j != u32::MAX {
                moves.push((nodes[k], nodes[j as usize]));
            }
        }
    }
    Some(moves)
}

/// Merges the cycles that cover the open squares into one, through parallel pairs of moves
/// tried round the rewired squares; `None` if more than one cycle is left.
fn merge_cycles(
    board: Board,
    blocked: &[bool],
    links: &mut Links,
    touched: &[u32],
    moves: &[(i32, i32)],
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
                for b in links.of(a) {
                    for y in links.of(x) {
                        if is_move(b, y) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    /// A board with rectangular blocks `(row, col, height, width)`.
    fn blocks(rows: u32, cols: u32, list: &[(u32, u32, u32, u32)]) -> Shape {
        let b = Board::new(rows, cols).unwrap();
        let mut holes = Vec::new();
        for &(r0, c0, h, w) in list {
            for r in r0..r0 + h {
                for c in c0..c0 + w {
                    holes.push(b.index(Square::new(r, c)));
                }
            }
        }
        holes.sort_unstable();
        holes.dedup();
        Shape::new(b, holes).unwrap()
    }

    #[test]
    fn tours_round_blocks_of_many_sizes() {
        for (rows, cols, list) in [
            (40, 40, vec![(10, 10, 4, 4)]),
            (40, 42, vec![(6, 6, 20, 2), (6, 16, 2, 20), (30, 8, 6, 8)]),
            (60, 60, vec![(0, 0, 10, 12), (20, 30, 30, 30)]),
            (30, 30, vec![(7, 9, 6, 6), (13, 15, 6, 6)]),
            (50, 50, vec![(10, 10, 30, 30), (44, 0, 6, 50)]),
        ] {
            let shape = blocks(rows, cols, &list);
            let path = construct(&shape).unwrap_or_else(|| panic!("{rows}x{cols} {list:?}"));
            crate::tour::Tour::on_shape(&shape, path, crate::tour::Kind::Closed, Vec::new())
                .unwrap();
        }
    }

    #[test]
    fn clusters_join_blocks_that_come_close() {
        // Five squares apart: one cluster; six: two.
        let shape = blocks(100, 100, &[(10, 10, 4, 4), (10, 19, 4, 4), (80, 80, 4, 4)]);
        assert_eq!(clusters_of(&shape, APART).len(), 2);
        let shape = blocks(100, 100, &[(10, 10, 4, 4), (10, 20, 4, 4), (80, 80, 4, 4)]);
        assert_eq!(clusters_of(&shape, APART).len(), 3);
        assert!(has_large_blocks(&shape));
        assert!(!has_large_blocks(&blocks(
            40,
            40,
            &[(3, 3, 2, 2), (20, 9, 2, 2)]
        )));
    }

    #[test]
    fn blocks_of_unequal_colours_are_left_to_others() {
        // A 3x3 block takes five squares of one colour and four of the other.
        assert!(construct(&blocks(30, 30, &[(10, 10, 3, 3)])).is_none());
    }
}
