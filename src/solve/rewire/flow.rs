//! The new moves round a cluster: a flow from the light squares to the dark ones.

/// New moves among the nodes (each's row and column in `at`) giving each the number of moves
/// it needs (`left`), as pairs of nodes: a maximum flow from the light squares to the dark
/// ones over the piece's moves among them, each move carrying at most one. Moves between two
/// squares outside the frame (from `first_outside` on) are not used, as they may already be
/// moves of the tour; the moves the nodes had (`old`, pairs of nodes) are taken first.
///
/// The flow is a matching in which each square takes as many moves as it needs: a greedy
/// pass gives most of them, then each light square still short is served by an augmenting
/// path found breadth first (new move, given-up move, new move, ...) to a dark square still
/// short. Such a path is short and found near its start, where Dinic's phases would sweep
/// the whole frame each time.
///
/// Every move the nodes had is taken again (each node needs as many as it lost), so what the
/// flow draws afresh are the moves the blocks cut and the paths that make room for them. At
/// 10^8 squares round 10^4 macros those were also mended straight on the box's slots (the
/// cut moves dropped, the same greedy pass and searches over the squares a move apart, no
/// node list): the same 269,081 searches over the same 2.5 million squares, but each step
/// took twice as long as here, where a node's moves and mates are short lists of node
/// numbers, and the clusters' time did not change.
pub(super) fn flow_moves<'b>(
    buf: &'b mut Buffers,
    at: &[(u32, u32)],
    first_outside: usize,
    left: &mut [u32],
    (moves, salt): (&[(i32, i32)], usize),
    old: &[(u32, u32)],
) -> Option<&'b [(u32, u32)]> {
    let m = at.len();
    let light = |k: usize| (at[k].0 + at[k].1) & 1 == 0;
    let (mut supply, mut demand) = (0u32, 0u32);
    for (k, &l) in left.iter().enumerate() {
        if light(k) {
            supply += l;
        } else {
            demand += l;
        }
    }
    if supply != demand || left.len() != m {
        return None;
    }
    // Local ids through an index over the nodes' bounding box, padded by a move's reach on
    // every side: a move from any node lands inside it, so a move is one offset in the index
    // and needs no bounds check.
    let (mut r0, mut c0, mut r1, mut c1) = (u32::MAX, u32::MAX, 0, 0);
    for &(r, c) in at {
        (r0, c0) = (r0.min(r), c0.min(c));
        (r1, c1) = (r1.max(r + 1), c1.max(c + 1));
    }
    let pad = moves
        .iter()
        .map(|&(dr, dc)| dr.unsigned_abs().max(dc.unsigned_abs()))
        .max()
        .unwrap_or(0) as usize;
    let gw = (c1 - c0) as usize + 2 * pad;
    let cell = |k: usize| (at[k].0 - r0) as usize * gw + pad * gw + (at[k].1 - c0) as usize + pad;
    let index = &mut buf.index;
    index.clear();
    index.resize(((r1 - r0) as usize + 2 * pad) * gw, u32::MAX);
    for k in 0..m {
        index[cell(k)] = k as u32;
    }
    // Each light node's usable moves (to nodes that need one), in the order `salt` picks: the
    // greedy pass and the searches leave light nodes by these and dark ones by their taken
    // moves alone, so a dark node's list would never be read (listing them took half of it).
    let turn = (3 * salt) % moves.len().max(1);
    let offsets = &mut buf.offsets;
    offsets.clear();
    offsets.extend(
        moves[turn..]
            .iter()
            .chain(&moves[..turn])
            .map(|&(dr, dc)| dr as isize * gw as isize + dc as isize),
    );
    let (first, adj) = (&mut buf.first, &mut buf.adj);
    first.clear();
    first.resize(m + 1, 0);
    adj.clear();
    for k in 0..m {
        if left[k] > 0 && light(k) {
            let from = cell(k) as isize;
            for &off in offsets.iter() {
                let j = index[(from + off) as usize];
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
    let mate = &mut buf.mate;
    mate.clear();
    mate.resize(m, [u32::MAX; 2]);
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
    // The moves the nodes had are taken again first, where both ends still need one: the
    // tour keeps its shape away from the blocks, so fewer squares change and fewer cycles
    // are left to merge.
    for &(k, j) in old {
        let (k, j) = (k as usize, j as usize);
        if left[k] > 0
            && left[j] > 0
            && (k < first_outside || j < first_outside)
            && !taken(mate, k, j as u32)
        {
            take(mate, k, j);
            left[k] -= 1;
            left[j] -= 1;
        }
    }
    let order = &mut buf.order;
    order.clear();
    order.extend((0..m).filter(|&k| light(k)));
    if salt % 2 == 1 {
        order.reverse();
    }
    for &k in order.iter() {
        for &j in moves_of(k) {
            if left[k] == 0 {
                break;
            }
            if left[j as usize] > 0 && !taken(mate, k, j) {
                take(mate, k, j as usize);
                left[k] -= 1;
                left[j as usize] -= 1;
            }
        }
    }
    // Augmenting paths from each light node still short.
    let (from, stamp, queue) = (&mut buf.from, &mut buf.stamp, &mut buf.queue);
    from.clear();
    from.resize(m, u32::MAX);
    stamp.clear();
    stamp.resize(m, 0);
    let mut round = 0u32;
    for &k in order.iter() {
        while left[k] > 0 {
            round += 1;
            queue.clear();
            queue.push(k as u32);
            stamp[k] = round;
            let mut end = None;
            let mut head = 0;
            'search: while let Some(&v) = queue.get(head) {
                head += 1;
                let v = v as usize;
                // From a light node by a move not taken, to a dark node.
                for &d in moves_of(v) {
                    let d = d as usize;
                    if stamp[d] == round || taken(mate, v, d as u32) {
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
                            queue.push(l);
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
                    take(mate, l, d);
                    break;
                }
                // Give up before taking: the light node's two slots may both be full.
                let prev = from[l] as usize;
                give_up(mate, l, prev);
                take(mate, l, d);
                d = prev;
            }
        }
    }
    let drawn = &mut buf.drawn;
    drawn.clear();
    for &k in order.iter() {
        for j in mate[k] {
            if j != u32::MAX {
                drawn.push((k as u32, j));
            }
        }
    }
    Some(drawn)
}

/// Buffers a flow reuses from the last one (see `cluster.rs`).
#[derive(Default)]
pub(super) struct Buffers {
    index: Vec<u32>,
    offsets: Vec<isize>,
    first: Vec<u32>,
    adj: Vec<u32>,
    mate: Vec<[u32; 2]>,
    order: Vec<usize>,
    from: Vec<u32>,
    stamp: Vec<u32>,
    queue: Vec<u32>,
    drawn: Vec<(u32, u32)>,
}
