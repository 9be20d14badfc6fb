//! Puzzle figures (issue 5). Targets: a minimal unique 8x8 puzzle in < 1 s median; a
//! 20-puzzle 8x8 worksheet PDF with answer key in < 10 s (both cores); 10x10 puzzles < 5 s
//! each; the complete solver on 8x8 puzzles in milliseconds and on 12x12 in under a second.
//! Issue 15: medium 16x16 < 2 s and 20x20 < 10 s median; minimal 10x10 < 1 s median.
//! Issue 38: 10x10 Hidato (king) and Numbrix (wazir), easy to hard, < 2 s each.
//! Seeds change from one iteration to the next, so the medians are over different puzzles.

use std::sync::atomic::{AtomicU64, Ordering};

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode};
use knight_tour::puzzle::{generate, Generated, Spec, Target};
use knight_tour::puzzle::{Geometry, Grade};
use knight_tour::render::pdf_pages;
use knight_tour::render::sheet::{self, Sheet, Template};
use knight_tour::render::Theme;
use knight_tour::Board;
use rayon::prelude::*;

fn spec(n: u32, target: Target, seed: u64) -> Spec {
    Spec::new(
        Board::new(n, n).unwrap(),
        knight_tour::Kind::Open,
        target,
        seed,
    )
}

fn make(n: u32, target: Target, seed: u64, geo: &Geometry) -> Generated {
    generate(&spec(n, target, seed), geo).unwrap()
}

fn generation(c: &mut Criterion) {
    let mut g = c.benchmark_group("puzzle");
    // Flat sampling: one generation per iteration, so slow cases take sample_size runs, not
    // criterion's growing linear batches.
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(20);
    let geo8 = Geometry::new(Board::new(8, 8).unwrap());
    let geo10 = Geometry::new(Board::new(10, 10).unwrap());
    let seed = AtomicU64::new(1);
    let next = || seed.fetch_add(1, Ordering::Relaxed);
    for (name, target) in [
        ("8x8 medium (default)", Target::Difficulty(Grade::Medium)),
        ("8x8 hard", Target::Difficulty(Grade::Hard)),
        ("8x8 minimal (any grade)", Target::Minimal),
    ] {
        g.bench_function(name, |b| b.iter(|| make(8, target, next(), &geo8)));
    }
    g.sample_size(10);
    for (name, target) in [
        ("10x10 medium", Target::Difficulty(Grade::Medium)),
        ("10x10 hard", Target::Difficulty(Grade::Hard)),
        ("10x10 minimal (any grade)", Target::Minimal),
    ] {
        g.bench_function(name, |b| b.iter(|| make(10, target, next(), &geo10)));
    }
    for piece in [knight_tour::Piece::KING, "wazir".parse().unwrap()] {
        let shape = knight_tour::Shape::rect(Board::new(10, 10).unwrap());
        let geo = Geometry::of_piece(&shape, piece);
        let title = if piece == knight_tour::Piece::KING {
            "Hidato"
        } else {
            "Numbrix"
        };
        for grade in [Grade::Easy, Grade::Medium, Grade::Hard] {
            g.bench_function(format!("10x10 {title} {grade}"), |b| {
                b.iter(|| {
                    let spec = Spec {
                        piece,
                        ..spec(10, Target::Difficulty(grade), next())
                    };
                    generate(&spec, &geo).unwrap()
                })
            });
        }
    }
    for n in [16, 20] {
        let geo = Geometry::new(Board::new(n, n).unwrap());
        g.bench_function(format!("{n}x{n} medium"), |b| {
            b.iter(|| make(n, Target::Difficulty(Grade::Medium), next(), &geo))
        });
    }
    g.bench_function("20-puzzle 8x8 worksheet PDF with answer key", |b| {
        let template = Template::builtin("a4").unwrap();
        let theme = Theme::builtin("classic").unwrap();
        b.iter(|| {
            let base = next() * 100;
            let made: Vec<Generated> = (0..20u64)
                .into_par_iter()
                .map(|i| make(8, Target::Difficulty(Grade::Medium), base + i, &geo8))
                .collect();
            let items = sheet::items(&made);
            let sheet = Sheet {
                template: &template,
                theme: &theme,
                title: template.title.clone(),
                per_page: 6,
                caption: sheet::Caption::None,
            };
            let (a, k) = rayon::join(
                || {
                    let p = sheet::pages(&sheet, &items, false);
                    pdf_pages(&p.iter().map(|p| p.svg.as_str()).collect::<Vec<_>>()).unwrap()
                },
                || {
                    let p = sheet::pages(&sheet, &items, true);
                    pdf_pages(&p.iter().map(|p| p.svg.as_str()).collect::<Vec<_>>()).unwrap()
                },
            );
            a.len() + k.len()
        })
    });
    g.finish();
}

fn solving(c: &mut Criterion) {
    let mut g = c.benchmark_group("puzzle solve");
    g.sample_size(20);
    for (n, target) in [
        (8, Target::Difficulty(Grade::Hard)),
        (8, Target::Minimal),
        (12, Target::Difficulty(Grade::Hard)),
    ] {
        let geo = Geometry::new(Board::new(n, n).unwrap());
        let puzzles: Vec<_> = (0..8)
            .map(|s| make(n, target, 500 + s, &geo).puzzle)
            .collect();
        let name = match target {
            Target::Minimal => format!("{n}x{n} minimal, uniqueness proof"),
            _ => format!("{n}x{n} hard, uniqueness proof"),
        };
        let mut i = 0;
        g.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % puzzles.len();
                knight_tour::puzzle::solve(&puzzles[i], &geo, u64::MAX)
                    .unwrap()
                    .nodes
            })
        });
    }
    g.finish();
}

criterion_group!(benches, generation, solving);
criterion_main!(benches);
