//! The frontier dynamic programme: Hamiltonian cycles of a graph counted vertex by vertex.
//!
//! The vertices are taken in a fixed order. After vertex `i`, the frontier is every earlier
//! vertex that still has a neighbour to come. A state gives each frontier vertex a code:
//! `EMPTY` (no edge chosen yet), `FULL` (both edges chosen) or a label shared by the two ends
//! of one path piece. Vertex `i` chooses zero, one or two edges to the frontier, pieces join,
//! and vertices that leave must be full. A piece closes into a cycle only at the last vertex
//! with nothing else open, so every closure is one Hamiltonian cycle, counted once.
//! The number of partial solutions per state is summed; the states are the frontier's
//! shapes, not the tours, so the work grows with the frontier, not with the count.

/// No edge chosen yet.
const EMPTY: u8 = 0;
/// Both edges chosen.
const FULL: u8 = 1;
/// The first label of a path piece's ends.
const FIRST_LABEL: u8 = 2;
/// A label not yet normalised (labels are renumbered in frontier order after each step; the
/// last code a nibble holds, so labels run from 2 to 14).
const FRESH: u8 = 15;
/// Bits a code takes in a state key.
pub(crate) const BITS: u32 = 4;
/// Most frontier vertices a key holds.
pub(crate) const MAX_WIDTH: usize = (u128::BITS / BITS) as usize;
/// Marks the new vertex in a step's `keep` list.
const NEW: u8 = MAX_WIDTH as u8;

/// A graph whose vertices are already in processing order.
pub(crate) struct Graph {
    /// Neighbours of each vertex (any order, no repeats).
    pub adjacency: Vec<Vec<u32>>,
    /// A symmetry of the graph and the question (each vertex's image), when it has one.
    pub mirror: Option<Vec<u32>>,
    /// An edge every cycle must take (vertex, neighbour before it), if any.
    pub forced: Option<(u32, u32)>,
    /// Each vertex's colour (0, 1, or `ANY`) when every edge joins two colours or `ANY`.
    pub colour: Option<Vec<u8>>,
}

/// What one vertex's step does to the frontier, worked out once for all states.
pub(crate) struct Step {
    /// Frontier width before the step.
    before: usize,
    /// Frontier slots (before the step) of the vertex's earlier neighbours.
    pick: Vec<u8>,
    /// The frontier after the step: each slot's old slot, or `NEW` for the vertex itself.
    keep: Vec<u8>,
    /// Edges each `pick` slot can still get after this step (at most 2 counted; 0 for drops).
    after: Vec<u8>,
    /// Edges the vertex itself can still get after this step (at most 2 counted).
    own_room: u8,
    /// Whether this is the last vertex (the only place a cycle may close).
    last: bool,
    /// A slot whose edge this vertex must take (an open tour's given end, to the extra vertex).
    force: Option<u8>,
    /// Colour classes of the slots after the step, when the graph is two-coloured.
    colours: Option<Colours>,
    /// Where the mirror takes each slot after the step, when the vertices done so far are
    /// the mirror's image of themselves (then a state and its image are summed as one).
    fold: Option<Vec<u8>>,
}

/// The two colours of a bipartite graph seen from one step: every cycle alternates them, so
/// the ends on the frontier fix how many more squares of one colour than the other are left.
struct Colours {
    /// Each slot's colour before the step: 0, 1, or `ANY` (an extra vertex of an open tour).
    before: Vec<u8>,
    /// The vertex's own colour.
    own: u8,
    /// Vertices of colour 1 minus vertices of colour 0 among those not yet done.
    surplus: i32,
}

/// The colour of an extra vertex, joined to both colours.
pub(crate) const ANY: u8 = 2;

impl Colours {
    /// Whether the frontier `codes` (after the step) can still become one cycle.
    ///
    /// The cycle runs piece, then a run through squares not yet done, then a piece, and so
    /// on. A run between two ends of colour 0 holds one more square of colour 1 than of
    /// colour 0; between ends of colour 1, one fewer; between different colours, as many.
    /// So with e0, e1 ends of each colour (an empty square is a piece with two ends),
    /// surplus = (e0 - e1) / 2. A run from an extra vertex to an end of colour 0 adds 0 or 1,
    /// to an end of colour 1, 0 or -1: with a extra ends, try every split of them.
    fn allow(&self, [e0, e1, a]: [i32; 3]) -> bool {
        if e0 + e1 == 0 {
            return true;
        }
        (0..=a).any(|a0| {
            let a1 = a - a0;
            let d = (e0 - a0) - (e1 - a1);
            a0 <= e0 && a1 <= e1 && d % 2 == 0 && (d / 2 - a1..=d / 2 + a0).contains(&self.surplus)
        })
    }

    /// Piece ends of each colour (and of extra vertices) on the frontier before the step.
    fn ends(&self, codes: &[u8]) -> [i32; 3] {
        let mut ends = [0i32; 3];
        for (&code, &colour) in codes.iter().zip(&self.before) {
            ends[colour as usize] += match code {
                EMPTY => 2,
                FULL => 0,
                _ => 1,
            };
        }
        ends
    }

    /// Whether the vertex taking edges to `edges` leaves a frontier that can still close:
    /// each joined slot loses an end and the vertex keeps 2 - edges of its own.
    #[inline]
    fn allow_after(&self, mut ends: [i32; 3], edges: &[u8]) -> bool {
        for &u in edges {
            ends[self.before[u as usize] as usize] -= 1;
        }
        ends[self.own as usize] += 2 - edges.len() as i32;
        self.allow(ends)
    }
}

/// The steps for a graph, with the widest frontier.
pub(crate) struct Plan {
    steps: Vec<Step>,
    /// The most vertices on the frontier at once.
    pub width: usize,
}

/// Why a count stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A count did not fit the tally type (redo it in limbs).
    Overflow,
    /// More distinct states than the limit allows (how many, and after which step).
    States(usize, usize),
    /// More path pieces at once than a key can label.
    Labels,
}

/// The answer and what it cost.
pub(crate) struct Outcome<T> {
    /// Hamiltonian cycles.
    pub cycles: T,
    /// Most states held after one step.
    pub peak_states: usize,
    /// Bytes of the state tables at that peak (keys, counts and the hash table's control bytes).
    pub peak_bytes: u64,
}

impl Plan {
    /// Works out every step's slot moves for `graph`; `Err` with the widest frontier when it
    /// is wider than a key holds (found in one pass before any slot list is built).
    pub(crate) fn new(graph: &Graph) -> Result<Plan, usize> {
        let n = graph.adjacency.len();
        // The last neighbour of each vertex: it leaves the frontier after that one.
        let last_use: Vec<usize> = (0..n)
            .map(|v| {
                graph.adjacency[v]
                    .iter()
                    .map(|&u| u as usize)
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        // The frontier's width before and after each step: those still waiting for a
        // neighbour, counted as they come and go.
        let (mut live, mut widest) = (0usize, 0usize);
        let mut leaving = vec![0usize; n];
        for v in 0..n {
            widest = widest.max(live);
            live -= leaving[v];
            if last_use[v] > v {
                live += 1;
                leaving[last_use[v]] += 1;
            }
            widest = widest.max(live);
        }
        if widest > MAX_WIDTH {
            return Err(widest);
        }
        let mut frontier: Vec<usize> = Vec::new();
        let mut steps = Vec::with_capacity(n);
        let mut reach = 0;
        // Vertices of each colour not done yet.
        let mut left = [0i32; 3];
        for &c in graph.colour.iter().flatten() {
            left[c as usize] += 1;
        }
        for v in 0..n {
            let slot_of = |u: usize| frontier.iter().position(|&f| f == u);
            let pick: Vec<u8> = graph.adjacency[v]
                .iter()
                .filter(|&&u| (u as usize) < v)
                .map(|&u| {
                    slot_of(u as usize).expect("an earlier neighbour is on the frontier") as u8
                })
                .collect();
            let stays = last_use[v] > v;
            let mut keep: Vec<u8> = (0..frontier.len())
                .filter(|&s| last_use[frontier[s]] != v)
                .map(|s| s as u8)
                .collect();
            let mut next: Vec<usize> = keep.iter().map(|&s| frontier[s as usize]).collect();
            if stays {
                keep.push(NEW);
                next.push(v);
            }
            let room = |u: usize| {
                let later = graph.adjacency[u]
                    .iter()
                    .filter(|&&w| w as usize > v)
                    .count();
                later.min(2) as u8
            };
            let after = pick.iter().map(|&s| room(frontier[s as usize])).collect();
            let force = graph
                .forced
                .filter(|&(at, _)| at as usize == v)
                .map(|(_, to)| {
                    slot_of(to as usize).expect("a forced edge's end is on the frontier") as u8
                });
            let colours = graph.colour.as_ref().map(|colour| {
                left[colour[v] as usize] -= 1;
                Colours {
                    before: frontier.iter().map(|&u| colour[u]).collect(),
                    own: colour[v],
                    surplus: left[1] - left[0],
                }
            });
            // The mirror keeps the done vertices to themselves once none maps past `v`.
            let fold = graph.mirror.as_ref().and_then(|m| {
                reach = reach.max(m[v] as usize);
                (reach == v && v + 1 < n).then(|| {
                    next.iter()
                        .map(|&u| {
                            let image = m[u] as usize;
                            next.iter()
                                .position(|&w| w == image)
                                .expect("the frontier is its own image")
                                as u8
                        })
                        .collect()
                })
            });
            steps.push(Step {
                before: frontier.len(),
                pick,
                keep,
                after,
                own_room: room(v),
                last: v + 1 == n,
                fold,
                force,
                colours,
            });
            frontier = next;
        }
        Ok(Plan {
            steps,
            width: widest,
        })
    }

    /// Number of steps (one per vertex).
    pub(crate) fn len(&self) -> usize {
        self.steps.len()
    }

    /// The steps, one a vertex, in order.
    pub(crate) fn steps(&self) -> &[Step] {
        &self.steps
    }
}

/// What one choice of edges leads to.
pub(crate) enum Next {
    /// A frontier state (its key).
    State(u128),
    /// A Hamiltonian cycle, complete.
    Cycle,
}

impl Step {
    /// Hands every successor of state `key` to `sink`.
    pub(crate) fn expand(
        &self,
        key: u128,
        sink: &mut impl FnMut(Next) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut codes = [0u8; MAX_WIDTH + 1];
        let width = self.before;
        // Two 64-bit halves: shifts of a u128 cost a branch each.
        let (lo, hi) = (key as u64, (key >> 64) as u64);
        for (s, c) in codes.iter_mut().enumerate().take(width) {
            let half = if s < 16 { lo } else { hi };
            *c = ((half >> (BITS * (s as u32 & 15))) & 0xF) as u8;
        }
        // A slot this vertex could join needs 2 edges while empty and 1 as a piece's end.
        // Where the edges left to it after this step are too few, it must take this one
        // (a slot that leaves now has none left); where even that is too few, the state dies.
        let mut must = [0u8; 2];
        let mut musts = 0;
        let mut free = [0u8; MAX_WIDTH];
        let mut frees = 0;
        for (&s, &room) in self.pick.iter().zip(&self.after) {
            let need = match codes[s as usize] {
                FULL if Some(s) == self.force => return Ok(()),
                FULL => continue,
                EMPTY => 2,
                _ => 1,
            };
            if room >= need && Some(s) != self.force {
                free[frees] = s;
                frees += 1;
            } else if room + 1 >= need && musts < 2 {
                must[musts] = s;
                musts += 1;
            } else {
                return Ok(());
            }
        }
        let free = &free[..frees];
        // The vertex itself: it keeps 2 - edges to find later.
        let least = 2u8.saturating_sub(self.own_room);
        // The colour balance is checked before a choice is built (most that fail it, fail it).
        let ends = self.colours.as_ref().map(|c| c.ends(&codes[..width]));
        let mut try_edges = |edges: &[u8]| -> Result<(), Stop> {
            match (&self.colours, ends) {
                (Some(c), Some(e)) if !self.last && !c.allow_after(e, edges) => Ok(()),
                _ => self.choose(&codes, width, edges, sink),
            }
        };
        match musts {
            0 => {
                if least == 0 {
                    try_edges(&[])?;
                }
                if least <= 1 {
                    for &a in free {
                        try_edges(&[a])?;
                    }
                }
                for (i, &a) in free.iter().enumerate() {
                    for &b in &free[i + 1..] {
                        try_edges(&[a, b])?;
                    }
                }
            }
            1 => {
                let a = must[0];
                if least <= 1 {
                    try_edges(&[a])?;
                }
                for &b in free {
                    try_edges(&[a, b])?;
                }
            }
            _ => try_edges(&must)?,
        }
        Ok(())
    }

    /// The successor where the vertex takes edges to the frontier slots `edges`.
    #[inline]
    fn choose(
        &self,
        codes: &[u8; MAX_WIDTH + 1],
        width: usize,
        edges: &[u8],
        sink: &mut impl FnMut(Next) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        let mut c = *codes;
        let own = match *edges {
            [] => EMPTY,
            [u] => {
                let u = u as usize;
                if c[u] == EMPTY {
                    c[u] = FRESH;
                    FRESH
                } else {
                    std::mem::replace(&mut c[u], FULL)
                }
            }
            [u, w] => {
                let (u, w) = (u as usize, w as usize);
                match (c[u], c[w]) {
                    (EMPTY, EMPTY) => {
                        c[u] = FRESH;
                        c[w] = FRESH;
                    }
                    (EMPTY, b) => {
                        c[u] = b;
                        c[w] = FULL;
                    }
                    (a, EMPTY) => {
                        c[w] = a;
                        c[u] = FULL;
                    }
                    (a, b) if a != b => {
                        c[u] = FULL;
                        c[w] = FULL;
                        for x in c.iter_mut().take(width) {
                            if *x == b {
                                *x = a;
                            }
                        }
                    }
                    _ => {
                        // The two ends of one piece: a cycle, which must be the whole graph.
                        c[u] = FULL;
                        c[w] = FULL;
                        if self.last && c[..width].iter().all(|&x| x == FULL) {
                            return sink(Next::Cycle);
                        }
                        return Ok(());
                    }
                }
                FULL
            }
            _ => unreachable!("a vertex takes at most two edges"),
        };
        // Every room check was made before the choice (see `expand`).
        let len = self.keep.len();
        let mut n = [0u8; MAX_WIDTH];
        c[NEW as usize] = own;
        for (slot, &src) in n.iter_mut().zip(&self.keep) {
            *slot = c[src as usize];
        }
        let mut key = pack(&n[..len])?;
        if let Some(mirror) = &self.fold {
            // The mirror image has as many completions: keep the smaller key of the two.
            let mut m = [0u8; MAX_WIDTH];
            for (j, &to) in mirror.iter().enumerate() {
                m[to as usize] = n[j];
            }
            key = key.min(pack(&m[..len])?);
        }
        sink(Next::State(key))
    }
}

/// The key of frontier codes, labels renumbered in order of first appearance.
#[inline]
fn pack(codes: &[u8]) -> Result<u128, Stop> {
    let (mut lo, mut hi) = (0u64, 0u64);
    // Without branches (they are unpredictable here) and in registers: `map` holds each
    // code's new label as a nibble, `seen` marks the codes met so far, and the empty and full
    // codes stand for themselves from the start.
    let mut map: u64 = (FULL as u64) << (BITS * FULL as u32);
    let mut seen: u32 = 1 << EMPTY | 1 << FULL;
    let mut label = FIRST_LABEL as u64;
    for (j, &code) in codes.iter().enumerate() {
        let shift = BITS * code as u32;
        let unseen = (seen >> code) & 1 == 0;
        map |= if unseen { label << shift } else { 0 };
        let new = (map >> shift) & 0xF;
        label += unseen as u64;
        seen |= 1 << code;
        // Two 64-bit halves: shifts of a u128 cost a branch each.
        if j < 16 {
            lo |= new << (BITS * j as u32);
        } else {
            hi |= new << (BITS * (j as u32 - 16));
        }
    }
    if label > FRESH as u64 {
        return Err(Stop::Labels);
    }
    Ok(lo as u128 | (hi as u128) << 64)
}
