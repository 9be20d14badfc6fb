//! Checking a stored puzzle: its solution agrees with the givens, and the complete solver
//! finds exactly one solution, the stored one. The policy `verify` applies to puzzle files.

use thiserror::Error;

use super::solver::{self, GaveUp, Solutions};
use super::{Geometry, Puzzle};
use crate::tour::Tour;

/// Why a stored puzzle does not pass.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckError {
    /// The stored solution breaks a given (or is of another board or kind).
    #[error("the stored solution does not agree with the givens")]
    Disagrees,
    /// The puzzle has one solution, and it is not the stored one.
    #[error("the puzzle's one solution is not the stored one")]
    NotStored,
    /// No tour completes the givens.
    #[error("no solution")]
    NoSolution,
    /// Two different tours complete the givens.
    #[error("more than one solution")]
    Several,
    /// The search stopped at its budget.
    #[error("uniqueness not settled: {0}")]
    GaveUp(#[from] GaveUp),
}

/// Checks a puzzle and its stored solution (if any) within `budget` search nodes; returns
/// the one solution.
pub fn check(
    puzzle: &Puzzle,
    stored: Option<&Tour>,
    geo: &Geometry,
    budget: u64,
) -> Result<Tour, CheckError> {
    if stored.is_some_and(|t| !puzzle.agrees(t)) {
        return Err(CheckError::Disagrees);
    }
    match solver::solve(puzzle, geo, budget)?.solutions {
        Solutions::One(t) if stored.is_none_or(|s| *s == t) => Ok(t),
        Solutions::One(_) => Err(CheckError::NotStored),
        Solutions::None => Err(CheckError::NoSolution),
        Solutions::Two(..) => Err(CheckError::Several),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::generate::{generate, Spec, Target};
    use crate::puzzle::Grade;
    use crate::tour::Kind;
    use crate::Board;

    #[test]
    fn every_verdict() {
        let board = Board::new(6, 6).unwrap();
        let geo = Geometry::new(board);
        let spec = Spec::new(board, Kind::Open, Target::Difficulty(Grade::Medium), 3);
        let g = generate(&spec, &geo).unwrap();
        assert_eq!(
            check(&g.puzzle, Some(&g.solution), &geo, u64::MAX),
            Ok(g.solution.clone())
        );
        assert_eq!(
            check(&g.puzzle, None, &geo, u64::MAX),
            Ok(g.solution.clone())
        );
        // Another tour of the board breaks some given.
        let other = crate::solve(&crate::Request::new(board, crate::Kind::Open))
            .unwrap()
            .tour;
        if !g.puzzle.agrees(&other) {
            assert_eq!(
                check(&g.puzzle, Some(&other), &geo, u64::MAX),
                Err(CheckError::Disagrees)
            );
        }
        // Only 1 and 36 given: many tours.
        let sparse = Puzzle::from_tour(&g.solution, [0, 35]);
        assert_eq!(
            check(&sparse, None, &geo, u64::MAX),
            Err(CheckError::Several)
        );
        assert!(matches!(
            check(&sparse, None, &geo, 1),
            Err(CheckError::GaveUp(_)) | Err(CheckError::Several)
        ));
    }
}
