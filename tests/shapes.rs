//! Shaped boards: on random small shapes the answer (tour or no tour) equals plain exhaustive
//! enumeration, and every tour verifies and avoids the holes.

use knight_tour::solve::{solve_on, Request, SolveError};
use knight_tour::{Board, Kind, NoTour, Shape, Square};
use proptest::prelude::*;

/// Plain enumeration of Hamiltonian paths (or cycles) on the open squares, no pruning at all:
/// whether one exists from `start` (or from any square).
fn brute(shape: &Shape, closed: bool, start: Option<u32>, end: Option<u32>) -> bool {
    let adj = shape.adjacency();
    let open: Vec<u32> = (0..shape.board().area() as u32)
        .filter(|&i| !shape.is_hole(i))
        .collect();
    let n = open.len();
    let starts: Vec<u32> = match start {
        Some(s) => vec![s],
        None => open.clone(),
    };
    for s in starts {
        let mut seen = vec![false; adj.len()];
        let mut path = vec![s];
        let mut next = vec![0usize];
        seen[s as usize] = true;
        while let Some(&head) = path.last() {
            if path.len() == n {
                let ok = if closed {
                    n > 2 && adj[head as usize].contains(&s)
                } else {
                    end.is_none_or(|e| e == head)
                };
                if ok {
                    return true;
                }
            } else {
                let d = path.len() - 1;
                if next[d] < adj[head as usize].len() {
                    let w = adj[head as usize][next[d]];
                    next[d] += 1;
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        path.push(w);
                        next.push(0);
                    }
                    continue;
                }
            }
            let v = path.pop().unwrap();
            seen[v as usize] = false;
            next.pop();
        }
    }
    false
}

fn shape_of(r: u32, c: u32, bits: u64) -> Option<Shape> {
    let b = Board::new(r, c).unwrap();
    let holes = (0..b.area() as u32)
        .filter(|&i| bits >> i & 1 == 1)
        .collect();
    Shape::new(b, holes).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn search_agrees_with_enumeration(r in 3u32..=7, c in 3u32..=7, bits in any::<u64>(), closed in any::<bool>(), pick in proptest::option::of(0u32..49), pick_end in proptest::option::of(0u32..49)) {
        // Holes on about a quarter of the squares keep the shapes varied and mostly connected.
        let sparse = bits & bits.rotate_left(17);
        let Some(shape) = shape_of(r, c, sparse) else { return Ok(()) };
        prop_assume!(shape.open_count() <= 30);
        let b = shape.board();
        let open: Vec<u32> = (0..b.area() as u32).filter(|&i| !shape.is_hole(i)).collect();
        let start = pick.map(|p| open[p as usize % open.len()]);
        let end = if closed { None } else { pick_end.map(|p| open[p as usize % open.len()]) };
        let req = Request {
            start: start.map(|s| b.square(s)),
            end: end.map(|e| b.square(e)),
            budget: Some(u64::MAX),
            ..Request::new(b, Kind::of(closed))
        };
        let want = brute(&shape, closed, start, end) && !(end.is_some() && end == start && open.len() > 1);
        match solve_on(&shape, &req) {
            Ok(sol) => {
                prop_assert!(want, "{b} {:?}: built a tour enumeration does not find", shape.holes());
                let t = &sol.tour;
                t.verify().unwrap();
                prop_assert_eq!(t.holes(), shape.holes());
                prop_assert_eq!(t.len(), shape.open_count());
                prop_assert!(t.path().iter().all(|&i| !shape.is_hole(i)));
                prop_assert_eq!(t.is_closed(), closed);
                if let Some(s) = start { prop_assert_eq!(t.path()[0], s); }
                if let Some(e) = end { prop_assert_eq!(*t.path().last().unwrap(), e); }
            }
            Err(SolveError::NoTour(why)) => {
                prop_assert!(!want, "{b} holes {:?} closed {closed} start {start:?} end {end:?}: refused ({why}) but enumeration finds a tour", shape.holes());
                let proved = matches!(why, NoTour::Shaped { .. } | NoTour::Exhausted { .. });
                prop_assert!(proved || shape.is_rect(), "{why}");
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
    }
}

/// The examples.
#[test]
fn the_examples_answer_as_asked() {
    let b = Board::new(8, 8).unwrap();
    let sq = |t: &str| b.parse_square(t).unwrap();
    let two = Shape::with_squares(b, &[sq("a1"), sq("h8")]).unwrap();
    let err = solve_on(&two, &Request::new(b, Kind::Open)).unwrap_err();
    assert!(err.to_string().contains("differ by 2"), "{err}");
    let one = Shape::with_squares(b, &[sq("b3")]).unwrap();
    let t = solve_on(&one, &Request::new(b, Kind::Open)).unwrap().tour;
    assert_eq!(t.len(), 63);
    let b16 = Board::new(16, 16).unwrap();
    let block: Vec<Square> = ["e5", "f5", "e6", "f6"]
        .iter()
        .map(|t| b16.parse_square(t).unwrap())
        .collect();
    let s = Shape::with_squares(b16, &block).unwrap();
    let t = solve_on(&s, &Request::new(b16, Kind::Closed)).unwrap().tour;
    assert!(t.is_closed());
    assert_eq!(t.len(), 252);
}

/// Every named shape at a few sizes gets a verified tour or a reason, never a budget stop.
#[test]
fn named_shapes_are_answered() {
    for name in knight_tour::shape::NAMES {
        for n in [8u32, 10, 12, 16, 30] {
            let b = Board::new(n, n).unwrap();
            let s = Shape::named(b, name).unwrap();
            for kind in [Kind::Open, Kind::Closed] {
                match solve_on(&s, &Request::new(b, kind)) {
                    Ok(sol) => sol.tour.verify().unwrap(),
                    Err(SolveError::NoTour(_)) => {}
                    Err(e) => panic!("{name} {n} {kind:?}: {e}"),
                }
            }
        }
    }
}
