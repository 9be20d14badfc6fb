//! Speed targets of the solvers (issues 2 and 3). `cargo bench`; the figures go in the notes.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use knight_tour::existence::Kind;
use knight_tour::solve::{solve, Method, Request};
use knight_tour::{Board, Square};

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
    for n in [1000u32, 10000] {
        g.bench_with_input(
            BenchmarkId::new("closed construct+verify", format!("{n}x{n}")),
            &n,
            |b, &n| {
                let r = req(&format!("{n}x{n}"), Kind::Closed, Method::Divide, None);
                b.iter(|| solve(&r).unwrap())
            },
        );
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

criterion_group!(benches, warnsdorff, backtrack, divide, ends);
criterion_main!(benches);
