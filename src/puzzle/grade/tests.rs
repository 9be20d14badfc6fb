use super::*;
use crate::board::Board;
use crate::puzzle::solver::{self, Solutions};
use crate::solve::{self, Method, Request};
use crate::tour::Kind;

fn tour(r: u32, c: u32, kind: Kind, seed: u64) -> Tour {
    let mut req = Request::new(Board::new(r, c).unwrap(), kind);
    req.method = Method::Warnsdorff;
    req.seed = Some(seed);
    solve::solve(&req).unwrap().tour
}

#[test]
fn a_fully_given_puzzle_is_easy() {
    let t = tour(8, 8, Kind::Open, 1);
    let p = Puzzle::from_tour(&t, 0..64);
    let geo = Geometry::new(t.board);
    assert_eq!(
        grade(&p, &geo, Grade::Easy),
        Verdict::Solved {
            grade: Grade::Easy,
            tour: t
        }
    );
}

#[test]
fn every_other_number_is_easy() {
    // Each missing number sits between two placed ones: one or two common neighbours,
    // and hidden singles settle the rest.
    let t = tour(8, 8, Kind::Open, 2);
    let p = Puzzle::from_tour(&t, (0..64).filter(|k| k % 2 == 0).chain([63]));
    let geo = Geometry::new(t.board);
    match grade(&p, &geo, Grade::Hard) {
        Verdict::Solved { tour, .. } => assert_eq!(tour, t),
        other => panic!("{other:?}"),
    }
}

#[test]
fn what_logic_solves_is_the_unique_solution() {
    // Sparse puzzles: whenever the logic solver finishes, the complete solver agrees that
    // the solution is unique and the same.
    for seed in 0..12 {
        let t = tour(6, 6, Kind::Open, seed);
        let geo = Geometry::new(t.board);
        let p = Puzzle::from_tour(&t, (0..36).filter(|k| k % 3 == 0).chain([35]));
        let logic = grade(&p, &geo, Grade::Hard);
        let complete = solver::solve(&p, &geo, 10_000_000).unwrap().solutions;
        if let Verdict::Solved { tour, .. } = logic {
            assert_eq!(complete, Solutions::One(tour));
        }
    }
}

#[test]
fn harder_grades_solve_more() {
    let mut by_grade = [0usize; 4];
    for seed in 0..20 {
        let t = tour(8, 8, Kind::Open, seed);
        let geo = Geometry::new(t.board);
        let p = Puzzle::from_tour(&t, (0..64).filter(|k| k % 4 == 0).chain([63]));
        let g = grade_of(&p, &geo);
        by_grade[g as usize] += 1;
        if g != Grade::Expert {
            // The grade is the least level that solves it.
            for lower in [Grade::Easy, Grade::Medium] {
                let solved = matches!(grade(&p, &geo, lower), Verdict::Solved { .. });
                assert_eq!(solved, lower >= g, "seed {seed}: {lower} vs {g}");
            }
        }
    }
    assert!(
        by_grade.iter().filter(|&&c| c > 0).count() >= 2,
        "{by_grade:?}"
    );
}
