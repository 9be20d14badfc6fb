use super::*;

fn spec(r: u32, c: u32, closed: bool, target: Target, seed: u64) -> Spec {
    Spec::new(Board::new(r, c).unwrap(), Kind::of(closed), target, seed)
}

fn minimal(g: &Generated, geo: &Geometry) {
    // Every clue but the fixed ends is needed: without it the puzzle is not unique.
    let p = &g.puzzle;
    let n = p.len() as u32;
    for s in 0..p.grid.len() as u32 {
        let v = p.grid[s as usize];
        if v == 0 || v == 1 || (!p.is_closed() && v == n) {
            continue;
        }
        let mut q = p.clone();
        q.grid[s as usize] = 0;
        let o = solver::solve(&q, geo, 100_000_000).unwrap();
        let unique = matches!(o.solutions, Solutions::One(_));
        if unique {
            let brute = crate::puzzle::solver::tests_support::brute(&q, 3);
            panic!(
                "clue {v} is redundant ({} nodes); brute force finds {brute}",
                o.nodes
            );
        }
    }
}

#[test]
fn tours_are_varied_and_valid() {
    let b = Board::new(8, 8).unwrap();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..10 {
        for closed in [false, true] {
            let t = random_tour(
                &Spec::new(b, Kind::of(closed), Target::Minimal, 0),
                &mut Rng::new(seed),
            )
            .unwrap();
            t.verify().unwrap();
            assert_eq!(t.is_closed(), closed);
            seen.insert(t.path);
        }
    }
    assert_eq!(seen.len(), 20);
}

#[test]
fn minimal_open_puzzle_is_unique_and_minimal() {
    let s = spec(6, 6, false, Target::Minimal, 3);
    let geo = Geometry::new(s.board);
    let g = generate(
        &Spec {
            target: Target::Clues(30),
            ..s.clone()
        },
        &geo,
    )
    .unwrap();
    assert_eq!(g.puzzle.clues(), 30);
    let m = generate(&spec(6, 6, false, Target::Clues(2), 5), &geo);
    // Two clues never pin down a 6x6 tour; the error reports the fewest reached.
    match m {
        Err(GenerateError::TooFewClues { fewest, .. }) => assert!(fewest > 2),
        other => panic!("{other:?}"),
    }
    let mut rng = Rng::new(9);
    let t = random_tour(&s, &mut rng).unwrap();
    let g = clues_for_tour(
        &spec(6, 6, false, Target::Minimal, 9),
        &geo,
        t.clone(),
        &mut rng,
        1,
    )
    .unwrap();
    assert_eq!(g.solution, t);
    minimal(&g, &geo);
}

#[test]
fn difficulty_targets_are_met_and_unique() {
    let b = Board::new(8, 8).unwrap();
    let geo = Geometry::new(b);
    for (grade, seed) in [(Grade::Easy, 1), (Grade::Medium, 2), (Grade::Hard, 3)] {
        let g = generate(&spec(8, 8, false, Target::Difficulty(grade), seed), &geo).unwrap();
        assert!(g.grade <= grade, "{grade}: got {}", g.grade);
        let o = solver::solve(&g.puzzle, &geo, u64::MAX).unwrap();
        assert_eq!(o.solutions, Solutions::One(g.solution.clone()));
        assert!(matches!(
            grade::grade(&g.puzzle, &geo, grade),
            Verdict::Solved { .. }
        ));
    }
}

#[test]
fn closed_puzzles_are_unique() {
    let s = spec(6, 6, true, Target::Difficulty(Grade::Medium), 4);
    let geo = Geometry::new(s.board);
    let g = generate(&s, &geo).unwrap();
    assert!(g.solution.is_closed());
    let o = solver::solve(&g.puzzle, &geo, u64::MAX).unwrap();
    assert_eq!(o.solutions, Solutions::One(g.solution));
}

#[test]
fn same_seed_same_puzzle() {
    let s = spec(8, 8, false, Target::Difficulty(Grade::Medium), 11);
    let geo = Geometry::new(s.board);
    let a = generate(&s, &geo).unwrap();
    let b = generate(&s, &geo).unwrap();
    assert_eq!(a.puzzle, b.puzzle);
    let c = generate(&Spec { seed: 12, ..s }, &geo).unwrap();
    assert_ne!(a.puzzle, c.puzzle);
}

#[test]
fn given_ends_stay_where_asked() {
    let b = Board::new(8, 8).unwrap();
    let geo = Geometry::new(b);
    let a1 = b.parse_square("a1").unwrap();
    let h1 = b.parse_square("h1").unwrap();
    let d4 = b.parse_square("d4").unwrap();
    for (kind, start, end) in [
        (Kind::Open, Some(a1), Some(h1)),
        (Kind::Open, None, Some(h1)),
        (Kind::Open, Some(d4), None),
        (Kind::Closed, Some(d4), None),
    ] {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..4 {
            let s = Spec {
                start,
                end,
                ..Spec::new(b, kind, Target::Difficulty(Grade::Easy), seed)
            };
            let g = generate(&s, &geo).unwrap();
            g.solution.verify().unwrap();
            assert_eq!(g.solution.is_closed(), kind.is_closed());
            let path = &g.solution.path;
            let (first, last) = (path[0], *path.last().unwrap());
            if let Some(s) = start {
                assert_eq!(first, b.index(s));
                assert_eq!(g.puzzle.grid[first as usize], 1);
            }
            if let Some(t) = end {
                assert_eq!(last, b.index(t));
                assert_eq!(g.puzzle.grid[last as usize], 64);
            }
            seen.insert(path.clone());
        }
        // The ends stay put, but the tours between them still vary.
        assert_eq!(seen.len(), 4, "{kind:?} {start:?} {end:?}");
    }
    let bad = Spec {
        start: Some(a1),
        end: Some(b.parse_square("h8").unwrap()),
        ..Spec::new(b, Kind::Open, Target::Minimal, 0)
    };
    assert!(matches!(check(&bad), Err(GenerateError::Puzzle(_))));
    let closed = Spec {
        end: Some(h1),
        ..Spec::new(b, Kind::Closed, Target::Minimal, 0)
    };
    assert!(matches!(check(&closed), Err(GenerateError::EndOfClosed)));
}

#[test]
fn puzzles_on_shapes_are_unique_and_avoid_the_holes() {
    let b = |r, c| Board::new(r, c).unwrap();
    let shapes = [
        Shape::named(b(8, 8), "disc").unwrap(),
        Shape::named(b(10, 10), "cross").unwrap(),
        Shape::new(b(8, 8), vec![41]).unwrap(),
        Shape::new(b(6, 7), vec![0]).unwrap(),
    ];
    for (i, shape) in shapes.iter().enumerate() {
        let geo = Geometry::on_shape(shape);
        for (closed, target) in [
            (false, Target::Minimal),
            (true, Target::Difficulty(Grade::Medium)),
        ] {
            let spec = Spec::on_shape(shape, Kind::of(closed), target, i as u64);
            let g = match generate(&spec, &geo) {
                Ok(g) => g,
                // A closed tour may not exist on a shape; the generator says so.
                Err(GenerateError::Solve(_) | GenerateError::Puzzle(_)) if closed => continue,
                Err(e) => panic!("{e}"),
            };
            assert_eq!(g.puzzle.holes(), shape.holes());
            assert_eq!(g.puzzle.len(), shape.open_count());
            assert!(shape
                .holes()
                .iter()
                .all(|&h| g.puzzle.grid[h as usize] == 0));
            assert!(g.solution.path().iter().all(|&s| !shape.is_hole(s)));
            let o = solver::solve(&g.puzzle, &geo, u64::MAX).unwrap();
            assert_eq!(o.solutions, Solutions::One(g.solution.clone()), "{i}");
            if target == Target::Minimal {
                minimal(&g, &geo);
            }
            let again = generate(&spec, &geo).unwrap();
            assert_eq!(again.puzzle, g.puzzle);
        }
    }
}

#[test]
fn removal_passes_grow_to_the_budget_from_the_default() {
    // 10x10: the default budget is 400,000.
    assert_eq!(passes(100, 400_000), [1166, 8163, 57142, 400_000]);
    // A larger budget keeps the default's passes and adds more, so it only goes on with the
    // clues the default left unproven.
    assert_eq!(
        passes(100, 10_000_000),
        [1166, 8163, 57142, 400_000, 2_800_000, 10_000_000]
    );
    assert_eq!(passes(100, 5000), [1166, 5000]);
    assert_eq!(passes(100, 1), [1]);
    assert_eq!(*passes(100, u64::MAX).last().unwrap(), u64::MAX);
}
