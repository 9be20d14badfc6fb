//! Renderer figures (issue 4): solve + draw + encode, as `draw` does it.
//! Targets: 8x8 numbered PNG < 50 ms (whole command); 34x34 tiles PNG at 2000 px < 300 ms;
//! 100x100 numbered PNG < 1 s; 1000x1000 lines PNG < 3 s and its SVG < 30 MB.

use criterion::{criterion_group, criterion_main, Criterion};
use knight_tour::existence::Kind;
use knight_tour::render::{self, Raster};
use knight_tour::render::{render, DrawOptions, Scene, Style, Theme};
use knight_tour::solve::{solve, Request};
use knight_tour::Board;

fn png(board: &str, kind: Kind, style: Style, theme: &str, cell: f64, width: Option<u32>) -> usize {
    let board: Board = board.parse().unwrap();
    let tour = solve(&Request::new(board, kind)).unwrap().tour;
    let scene = Scene::new(board, cell, false);
    let svg = render(
        &tour,
        &scene,
        &Theme::builtin(theme).unwrap(),
        &DrawOptions::new(style),
    );
    let r = Raster::new(scene.width(), scene.height(), None, width).unwrap();
    render::png(&svg, r).unwrap().len()
}

fn renders(c: &mut Criterion) {
    let mut g = c.benchmark_group("render");
    g.sample_size(10);
    g.bench_function("8x8 numbers PNG", |b| {
        b.iter(|| png("8x8", Kind::Open, Style::Numbers, "classic", 48.0, None))
    });
    g.bench_function("34x34 tiles PNG 2000 px", |b| {
        b.iter(|| {
            png(
                "34x34",
                Kind::Closed,
                Style::Tiles,
                "paper",
                47.0,
                Some(2000),
            )
        })
    });
    g.bench_function("100x100 numbers PNG", |b| {
        b.iter(|| png("100x100", Kind::Open, Style::Numbers, "classic", 16.0, None))
    });
    g.bench_function("1000x1000 lines PNG", |b| {
        b.iter(|| png("1000x1000", Kind::Open, Style::Lines, "classic", 2.0, None))
    });
    let board: Board = "1000x1000".parse().unwrap();
    let tour = solve(&Request::new(board, Kind::Open)).unwrap().tour;
    let scene = Scene::new(board, 2.0, false);
    let svg = render(
        &tour,
        &scene,
        &Theme::builtin("classic").unwrap(),
        &DrawOptions::new(Style::Lines),
    );
    eprintln!("1000x1000 lines SVG: {:.1} MB", svg.len() as f64 / 1e6);
    g.bench_function("1000x1000 lines SVG", |b| {
        b.iter(|| {
            render(
                &tour,
                &scene,
                &Theme::builtin("classic").unwrap(),
                &DrawOptions::new(Style::Lines),
            )
            .len()
        })
    });
    g.finish();
}

criterion_group!(benches, renders);
criterion_main!(benches);
