//! Luschny's table of knight's paths and cycles (k x n, 3 <= k <= n <= 12, k * n <= 40),
//! counted in one process, each entry checked against the published value, with the totals
//! beside Luschny's published times (backtracking: 71 s for the paths, 1.8 s for the cycles).
//! `cargo run --release --example count_table [big]`: `big` adds 7x7 open (about a minute and
//! 4 GB) and 3 x 1000, 4 x 1000.

use std::time::Instant;

use knight_tour::count::{count, Question};
use knight_tour::{Board, Kind, Shape};

/// Undirected Hamiltonian paths and cycles of the knight's graph (OEIS A390833, A169696,
/// A079137, A083386, A001230, A070030).
const TABLE: [(u32, u32, u64, u64); 22] = [
    (3, 3, 0, 0),
    (3, 4, 8, 0),
    (3, 5, 0, 0),
    (3, 6, 0, 0),
    (3, 7, 52, 0),
    (3, 8, 396, 0),
    (3, 9, 560, 0),
    (3, 10, 3048, 16),
    (3, 11, 10672, 0),
    (3, 12, 57248, 176),
    (4, 4, 0, 0),
    (4, 5, 82, 0),
    (4, 6, 744, 0),
    (4, 7, 6378, 0),
    (4, 8, 31088, 0),
    (4, 9, 189688, 0),
    (4, 10, 1213112, 0),
    (5, 5, 864, 0),
    (5, 6, 18784, 8),
    (5, 7, 622868, 0),
    (5, 8, 18061054, 44202),
    (6, 6, 3318960, 9862),
];

fn run(rows: u32, cols: u32, kind: Kind) -> (String, f64, usize) {
    let board = Board::new(rows, cols).expect("a board");
    let mut q = Question::new(Shape::rect(board), kind);
    q.max_states = usize::MAX;
    let t = Instant::now();
    let c = count(&q, &mut |_, _| {}).expect("counted");
    (
        c.tours.to_string(),
        t.elapsed().as_secs_f64(),
        c.peak_states,
    )
}

fn main() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "k x n   paths        time     cycles  time     (RAYON_NUM_THREADS or {threads} threads)"
    );
    let (mut paths_s, mut cycles_s) = (0.0, 0.0);
    for (k, n, paths, cycles) in TABLE {
        let (p, pt, _) = run(k, n, Kind::Open);
        let (c, ct, _) = run(k, n, Kind::Closed);
        assert_eq!(p, paths.to_string(), "{k}x{n} paths");
        assert_eq!(c, cycles.to_string(), "{k}x{n} cycles");
        paths_s += pt;
        cycles_s += ct;
        println!(
            "{k:>2} x {n:<3} {p:>10} {:>7.1} ms {c:>7} {:>7.1} ms",
            pt * 1e3,
            ct * 1e3
        );
    }
    println!(
        "table: paths {:.3} s (Luschny 71 s, {:.0}x), cycles {:.3} s (Luschny 1.8 s, {:.0}x), \
         total {:.3} s",
        paths_s,
        71.0 / paths_s,
        cycles_s,
        1.8 / cycles_s,
        paths_s + cycles_s
    );
    if std::env::args().nth(1).as_deref() == Some("big") {
        for (k, n, kind, want) in [
            (3, 1000, Kind::Open, None),
            (4, 1000, Kind::Open, None),
            (7, 7, Kind::Open, Some("82787609160")),
        ] {
            let (v, t, peak) = run(k, n, kind);
            if let Some(w) = want {
                assert_eq!(v, w);
            }
            println!(
                "{k}x{n} {kind:?}: {} digits, {t:.2} s, {peak} states at most",
                v.len()
            );
        }
    }
}
