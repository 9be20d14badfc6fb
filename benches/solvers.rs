//! Speed targets of the solvers (issues 2 and 3). `cargo bench`; the figures go in the notes.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use knight_tour::existence::Kind;
use knight_tour::solve::{solve, solve_on, Method, Request};
use knight_tour::{Board, Piece, Shape, Square};

#[path = "../bench/macros_gen.rs"]
mod macros_gen;

fn req(board: &str, kind: Kind, method: Method, start: Option<Square>) -> Request {
    Request {
        method,
        start,
        ..Request::new(board.parse::<Board>().unwrap(), kind)
    }
}

fn warnsdorff(c: &mut Criterion) {
    let mut g = c.benchmark_group("warnsdorff");
    g.bench_function("8x8 open from all 64 squares (total)", |b| {
        b.iter(|| {
            for i in 0..64u32 {
                let r = req(
                    "8x8",
                    Kind::Open,
                    Method::Warnsdorff,
                    Some(Square::new(i / 8, i % 8)),
                );
                solve(&r).unwrap();
            }
        })
    });
    g.bench_function("100x100 open from a corner", |b| {
        let r = req("100x100", Kind::Open, Method::Warnsdorff, None);
        b.iter(|| solve(&r).unwrap())
    });
    g.sample_size(10);
    g.bench_function("1000x1000 open from a corner", |b| {
        let r = req("1000x1000", Kind::Open, Method::Warnsdorff, None);
        b.iter(|| solve(&r).unwrap())
    });
    g.finish();
}

fn backtrack(c: &mut Criterion) {
    let mut g = c.benchmark_group("backtrack");
    g.sample_size(10);
    g.bench_function("6x6 open from a corner (plain DFS)", |b| {
        let r = req("6x6", Kind::Open, Method::Backtrack, None);
        b.iter(|| solve(&r).unwrap())
    });
    // From a1 the tutorials' plain search needs billions of nodes; measure the node rate.
    g.bench_function("8x8 from a1, 10^7 nodes (budget stop)", |b| {
        let mut r = req(
            "8x8",
            Kind::Open,
            Method::Backtrack,
            Some(Square::new(7, 0)),
        );
        r.budget = Some(10_000_000);
        b.iter(|| solve(&r).unwrap_err())
    });
    g.finish();
}

fn divide(c: &mut Criterion) {
    let mut g = c.benchmark_group("divide");
    g.sample_size(10);
    // Issue 16's sizes: closed, open from the middle, and given ends (corner to a far square
    // of the other colour), each constructed and verified.
    for n in [1000u32, 3000, 10000] {
        let board: Board = format!("{n}x{n}").parse().unwrap();
        let mid = Square::new(n / 2, n / 2);
        let cases = [
            ("closed construct+verify", Request::new(board, Kind::Closed)),
            (
                "open from the middle",
                Request {
                    start: Some(mid),
                    ..Request::new(board, Kind::Open)
                },
            ),
            (
                "given ends",
                Request {
                    start: Some(Square::new(0, 0)),
                    end: Some(Square::new(n - 1, n - 2)),
                    ..Request::new(board, Kind::Open)
                },
            ),
        ];
        for (name, r) in cases {
            g.bench_with_input(BenchmarkId::new(name, format!("{n}x{n}")), &r, |b, r| {
                b.iter(|| solve(r).unwrap())
            });
        }
    }
    g.bench_function("open 999x999 from the middle", |b| {
        let r = req(
            "999x999",
            Kind::Open,
            Method::Auto,
            Some(Square::new(500, 500)),
        );
        b.iter(|| solve(&r).unwrap())
    });
    for (name, kind) in [
        ("3x1001", Kind::Open),
        ("1001x999", Kind::Open),
        ("3x1000", Kind::Closed),
        ("4x1000", Kind::Open),
        ("4x1000000", Kind::Open),
    ] {
        g.bench_function(format!("auto {name}"), |b| {
            let r = req(name, kind, Method::Auto, None);
            b.iter(|| solve(&r).unwrap())
        });
    }
    g.finish();
}

fn ends(c: &mut Criterion) {
    let mut g = c.benchmark_group("ends");
    let with_end = |board: &str, s: (u32, u32), t: (u32, u32)| Request {
        start: Some(Square::new(s.0, s.1)),
        end: Some(Square::new(t.0, t.1)),
        ..Request::new(board.parse::<Board>().unwrap(), Kind::Open)
    };
    g.bench_function("8x8 from a1 to each of the 32 feasible ends (total)", |b| {
        let board: Board = "8x8".parse().unwrap();
        let a1 = board.parse_square("a1").unwrap();
        let ends: Vec<Square> = (0..64)
            .map(|i| board.square(i))
            .filter(|&t| knight_tour::existence::between(board, a1, t).is_ok())
            .collect();
        b.iter(|| {
            for &t in &ends {
                solve(&Request {
                    start: Some(a1),
                    end: Some(t),
                    ..Request::new(board, Kind::Open)
                })
                .unwrap();
            }
        })
    });
    for (name, s, t) in [
        ("1000x1000 corner to far corner", (0, 0), (999, 998)),
        ("1000x1000 middle to a neighbour", (500, 500), (501, 502)),
        ("1000x1000 edge to edge", (0, 500), (999, 502)),
    ] {
        let r = with_end("1000x1000", s, t);
        g.bench_function(name, |b| b.iter(|| solve(&r).unwrap()));
    }
    g.finish();
}

/// SplitMix64, for hole positions that are the same on every machine.
fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// Balanced random holes (as many of each colour) on an n x n board: `count` of them.
fn random_holes(n: u32, count: usize, seed: u64) -> Shape {
    let b = Board::new(n, n).unwrap();
    let mut holes = std::collections::BTreeSet::new();
    let mut per = [0usize; 2];
    let mut x = seed;
    while holes.len() < count {
        x = splitmix(x);
        let i = (x % b.area() as u64) as u32;
        let c = b.square(i).colour() as usize;
        if per[c] < count.div_ceil(2) && holes.insert(i) {
            per[c] += 1;
        }
    }
    Shape::new(b, holes.into_iter().collect()).unwrap()
}

fn shapes(c: &mut Criterion) {
    let mut g = c.benchmark_group("shapes");
    g.sample_size(10);
    let rosetta =
        Shape::parse_mask(include_str!("../examples/masks/rosetta-holey-8x8.txt")).unwrap();
    let b8 = rosetta.board();
    let from_a3 = Request {
        start: Some(b8.parse_square("a3").unwrap()),
        ..Request::new(b8, Kind::Open)
    };
    g.bench_function("Rosetta holey 8x8 from a3", |bch| {
        bch.iter(|| solve_on(&rosetta, &from_a3).unwrap())
    });
    for (d, kind) in [(30, Kind::Closed), (100, Kind::Closed), (100, Kind::Open)] {
        let b = Board::new(d, d).unwrap();
        let disc = Shape::named(b, "disc").unwrap();
        let r = Request::new(b, kind);
        g.bench_function(format!("disc {d} {kind:?}"), |bch| {
            bch.iter(|| solve_on(&disc, &r).unwrap())
        });
    }
    // 64x64 with 5% holes: the instances (of the first 12 seeds) where a tour is found.
    let b = Board::new(64, 64).unwrap();
    let r = Request {
        budget: Some(4_000_000),
        ..Request::new(b, Kind::Open)
    };
    for seed in 0..12 {
        let shape = random_holes(64, 204, seed);
        if solve_on(&shape, &r).is_ok() {
            g.bench_function(format!("64x64 5% holes seed {seed}"), |bch| {
                bch.iter(|| solve_on(&shape, &r).unwrap())
            });
        }
    }
    // Blocked cells of a routing problem: the tiled construction.
    for (n, count) in [(1000u32, 300usize), (3000, 2700)] {
        let b = Board::new(n, n).unwrap();
        let shape = Shape::scattered(b, count, 5);
        let r = Request::new(b, Kind::Closed);
        g.bench_function(format!("{n}x{n} {count} scattered blocks closed"), |bch| {
            bch.iter(|| solve_on(&shape, &r).unwrap())
        });
    }
    // Issue 39: macros with even sides from 2x2 up to 40x60, at least 6 squares apart and from
    // the edge (goals: 200x200 with 20 under 50 ms, 2000x2000 with 1000 under 1 s; the
    // 10^8-square board with 10^4 macros against the plain board is in bench/compare.sh).
    for (n, count) in [(200u32, 20usize), (2000, 1000)] {
        let b = Board::new(n, n).unwrap();
        let mut holes = Vec::new();
        for (r0, c0, h, w) in macros_gen::macros(n, count, 40, 60, 1) {
            for r in r0..r0 + h {
                holes.extend((c0..c0 + w).map(|c| b.index(Square::new(r, c))));
            }
        }
        holes.sort_unstable();
        let shape = Shape::new(b, holes).unwrap();
        let r = Request::new(b, Kind::Closed);
        assert_eq!(solve_on(&shape, &r).unwrap().method, Method::Rewire);
        g.bench_function(
            format!("{n}x{n} round {count} macros closed (rewire)"),
            |bch| bch.iter(|| solve_on(&shape, &r).unwrap()),
        );
    }
    g.finish();
}

/// Issue 16's writers on the 3000x3000 closed tour, into a sink (formatting alone), and the
/// JSON read back; bench/compare.sh sets the file writes beside a plain write.
fn writers(c: &mut Criterion) {
    use knight_tour::io;
    let mut g = c.benchmark_group("writers 3000x3000");
    g.sample_size(10);
    let tour = solve(&Request::new("3000x3000".parse().unwrap(), Kind::Closed))
        .unwrap()
        .tour;
    g.bench_function("json", |b| {
        b.iter(|| io::write_json(&mut std::io::sink(), &tour, "divide", None).unwrap())
    });
    g.bench_function("csv", |b| {
        b.iter(|| io::write_csv(&mut std::io::sink(), &tour).unwrap())
    });
    g.bench_function("moves", |b| {
        b.iter(|| io::write_moves(&mut std::io::sink(), &tour).unwrap())
    });
    g.bench_function("text", |b| {
        b.iter(|| io::write_text(&mut std::io::sink(), &tour).unwrap())
    });
    let mut json = Vec::new();
    io::write_json(&mut json, &tour, "divide", None).unwrap();
    g.bench_function("json read back", |b| {
        b.iter(|| io::read_json_from(&json[..]).unwrap())
    });
    g.finish();
}

fn pieces(c: &mut Criterion) {
    let mut g = c.benchmark_group("pieces");
    g.sample_size(10);
    for (piece, board) in [
        ("wazir", "1000x1000"),
        ("king", "1001x1001"),
        ("wazir", "10000x10000"),
    ] {
        g.bench_function(format!("{piece} {board} closed (rows)"), |b| {
            let r = Request {
                piece: piece.parse().unwrap(),
                ..req(board, Kind::Closed, Method::Auto, None)
            };
            b.iter(|| solve(&r).unwrap())
        });
    }
    // The king between given ends: a1 to c1 has no wazir path (same colour on an even board),
    // so the cuts' king's step is what builds it.
    for board in ["1000x1000", "10000x10000"] {
        g.bench_function(format!("king {board} a1 to c1 (cuts)"), |b| {
            let mut r = Request {
                piece: Piece::KING,
                ..req(board, Kind::Open, Method::Auto, None)
            };
            r.start = Some(Square::new(r.board.rows - 1, 0));
            r.end = Some(Square::new(r.board.rows - 1, 2));
            b.iter(|| solve(&r).unwrap())
        });
    }
    // The wazir between given ends, the middle to near the far corner (the cuts, parts in
    // path order written on every core; issue 38: 3.3 s at 10^8 before).
    for side in [1000u32, 10000] {
        g.bench_function(
            format!("wazir {side}x{side} middle to far corner (cuts)"),
            |b| {
                let mut r = Request {
                    piece: "wazir".parse().unwrap(),
                    ..req(&format!("{side}x{side}"), Kind::Open, Method::Auto, None)
                };
                r.start = Some(Square::new(side / 2, side / 2));
                r.end = Some(Square::new(side - 1, side - 2));
                b.iter(|| solve(&r).unwrap())
            },
        );
    }
    // Issue 38: zebra and giraffe closed tours of 1000x1000 in well under a second (tiles);
    // 10x10 is one tile, found by the search.
    for (piece, board) in [
        ("zebra", "10x10"),
        ("giraffe", "100x100"),
        ("zebra", "50x50"),
        ("giraffe", "1000x1000"),
        ("zebra", "1000x1000"),
    ] {
        g.bench_function(format!("{piece} {board} closed"), |b| {
            let r = Request {
                piece: piece.parse().unwrap(),
                ..req(board, Kind::Closed, Method::Auto, None)
            };
            b.iter(|| solve(&r).unwrap())
        });
    }
    // Issues 38 and 39, the routing case: a wire round macros that are whole 2x2 cells
    // (even sides at even places, 20 and more squares apart), pin to pin.
    for (side, across, down) in [(200u32, 5u32, 4u32), (2000, 25, 40)] {
        let board = Board::new(side, side).unwrap();
        let (step_r, step_c) = (side / down, side / across);
        let mut holes = Vec::new();
        for i in 0..down {
            for j in 0..across {
                let (r0, c0) = (i * step_r + 10, j * step_c + 10);
                for r in r0..r0 + (step_r - 20) / 2 * 2 {
                    for c in c0..c0 + (step_c - 20) / 2 * 2 {
                        holes.push(board.index(Square::new(r, c)));
                    }
                }
            }
        }
        holes.sort_unstable();
        let shape = Shape::new(board, holes).unwrap();
        let name = format!(
            "wazir {side}x{side} round {} macros a1 to b1 (wire)",
            across * down
        );
        g.bench_function(name, |b| {
            let mut r = Request {
                piece: "wazir".parse().unwrap(),
                ..req(&format!("{side}x{side}"), Kind::Open, Method::Auto, None)
            };
            r.start = Some(Square::new(side - 1, 0));
            r.end = Some(Square::new(side - 1, 1));
            b.iter(|| solve_on(&shape, &r).unwrap())
        });
    }
    // Free leapers round macros (12 squares apart and from the edge, sides 2 to 30): the
    // tiles' closed tour rewired (before, the search ran out of its budget: exit 4).
    for piece in ["zebra", "giraffe"] {
        let side = 600u32;
        let board = Board::new(side, side).unwrap();
        let mut holes = Vec::new();
        for (r0, c0, h, w) in macros_gen::macros_apart(side, 120, (30, 30), 12, 1) {
            for r in r0..r0 + h {
                holes.extend((c0..c0 + w).map(|c| board.index(Square::new(r, c))));
            }
        }
        holes.sort_unstable();
        let shape = Shape::new(board, holes).unwrap();
        let r = Request {
            piece: piece.parse().unwrap(),
            ..req(&format!("{side}x{side}"), Kind::Closed, Method::Auto, None)
        };
        assert_eq!(solve_on(&shape, &r).unwrap().method, Method::Rewire);
        g.bench_function(
            format!("{piece} {side}x{side} round 120 macros closed (rewire)"),
            |b| b.iter(|| solve_on(&shape, &r).unwrap()),
        );
    }
    g.bench_function("zebra 8x8 open, no tour (search to exhaustion)", |b| {
        let r = Request {
            piece: "zebra".parse().unwrap(),
            ..req("8x8", Kind::Open, Method::Auto, None)
        };
        b.iter(|| solve(&r).unwrap_err())
    });
    g.finish();
}

/// Exact counts by the frontier: the two largest entries of Luschny's table (his backtracking
/// counter takes 71 s for all the paths and 1.8 s for all the cycles), and a long thin board
/// whose count has 538 digits.
fn counting(c: &mut Criterion) {
    use knight_tour::count::{count, Question};
    let mut g = c.benchmark_group("count");
    g.sample_size(10);
    for (board, kind) in [
        ("6x6", Kind::Open),
        ("5x8", Kind::Open),
        ("6x6", Kind::Closed),
        ("5x8", Kind::Closed),
        ("3x1000", Kind::Open),
    ] {
        let q = Question::new(Shape::rect(board.parse().unwrap()), kind);
        g.bench_function(format!("{board} {}", kind.name()), |b| {
            b.iter(|| count(&q, &mut |_, _| {}).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, warnsdorff, backtrack, divide, ends, shapes, writers, pieces, counting);
criterion_main!(benches);
