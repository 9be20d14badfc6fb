//! Random floor plans for the benchmarks of issue 39: `count` macros with even sides from 2 up
//! to `max_h` x `max_w` (either way round), each at least 6 squares from every other and from
//! the board's edge, placed by rejection with a bucket grid so that 10^4 macros take
//! milliseconds. Shared by `benches/solvers.rs` and `bench/macros.rs` (the blocks files that
//! `bench/compare.sh` times).

/// A macro: top row, left column, height, width.
pub type Macro = (u32, u32, u32, u32);

/// The least gap between macros, and between a macro and the edge.
pub const GAP: u32 = 6;

/// Up to `count` macros on a `side` x `side` board (fewer if `tries` placements fail), [`GAP`]
/// apart.
pub fn macros(side: u32, count: usize, max_h: u32, max_w: u32, seed: u64) -> Vec<Macro> {
    macros_apart(side, count, (max_h, max_w), GAP, seed)
}

/// [`macros`] at least `gap` squares from each other and from the edge (a long leaper needs
/// more room than the knight).
pub fn macros_apart(
    side: u32,
    count: usize,
    (max_h, max_w): (u32, u32),
    gap: u32,
    seed: u64,
) -> Vec<Macro> {
    let mut state = seed ^ 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: u32| {
        // SplitMix64: fast, and the same on every machine.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) % n as u64) as u32
    };
    let cell = max_h.max(max_w) + gap;
    let cells = side.div_ceil(cell) as usize;
    let mut grid: Vec<Vec<usize>> = vec![Vec::new(); cells * cells];
    let mut placed: Vec<Macro> = Vec::with_capacity(count);
    let mut tries = 0;
    while placed.len() < count && tries < 200 * count.max(1) {
        tries += 1;
        let (mut h, mut w) = (2 * (1 + next(max_h / 2)), 2 * (1 + next(max_w / 2)));
        if next(2) == 1 {
            (h, w) = (w, h);
        }
        if h + 2 * gap > side || w + 2 * gap > side {
            continue;
        }
        let r = gap + next(side - 2 * gap - h + 1);
        let c = gap + next(side - 2 * gap - w + 1);
        let (gr, gc) = ((r / cell) as usize, (c / cell) as usize);
        let clear = (gr.saturating_sub(1)..(gr + 2).min(cells)).all(|i| {
            (gc.saturating_sub(1)..(gc + 2).min(cells)).all(|j| {
                grid[i * cells + j].iter().all(|&k| {
                    let (r2, c2, h2, w2) = placed[k];
                    r >= r2 + h2 + gap
                        || r2 >= r + h + gap
                        || c >= c2 + w2 + gap
                        || c2 >= c + w + gap
                })
            })
        });
        if clear {
            grid[gr * cells + gc].push(placed.len());
            placed.push((r, c, h, w));
        }
    }
    placed
}
