//! Puzzle generator: a random tour, clues added until the solution is unique, then every clue
//! removed whose removal keeps it unique (and, when a difficulty is asked for, within it).
//!
//! Tours are varied: Warnsdorff's rule from a random square with random tie-breaks, then many
//! random "backbite" moves (join an end to one of its neighbours on the path and reverse the
//! stretch between), which walk through Hamiltonian paths of the knight graph.

use thiserror::Error;

use super::grade::{self, Verdict};
use super::solver::{self, Solutions};
use super::{Geometry, Grade, Puzzle, PuzzleError, MAX_SQUARES};
use crate::board::{Board, Square};
use crate::existence;
use crate::piece::Piece;
use crate::rng::mix64;
use crate::shape::{Shape, ShapeError};
use crate::solve::SolveError;
use crate::tour::Kind;
use crate::tour::Tour;

mod tours;

use tours::*;

/// What the clues should achieve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A minimal puzzle solvable by deduction at this grade or easier, and graded near it.
    Difficulty(Grade),
    /// This many clues: clues are removed while the puzzle stays unique, down to this count.
    Clues(usize),
    /// A minimal puzzle: every clue whose removal keeps it unique is removed, whatever the
    /// grade (often beyond the logic solver's rules). A clue whose check runs out of its node
    /// budget stays, counted in [`Generated::unproven`].
    Minimal,
}

impl Target {
    /// The target in words, for messages.
    pub fn name(self) -> &'static str {
        match self {
            Target::Difficulty(Grade::Easy) => "easy",
            Target::Difficulty(Grade::Medium) => "medium",
            Target::Difficulty(Grade::Hard) => "hard",
            Target::Difficulty(Grade::Expert) => "expert",
            Target::Clues(_) => "clue-count",
            Target::Minimal => "minimal",
        }
    }
}

/// Largest board, in squares and as text, for minimal and clue-count puzzles, whose removal
/// phase proves uniqueness once per clue.
const MINIMAL_SQUARES: usize = 100;
const MINIMAL_BOARD: &str = "10x10";

/// One puzzle to make.
#[derive(Debug, Clone)]
pub struct Spec {
    /// The board.
    pub board: Board,
    /// The piece whose moves join consecutive numbers (the knight unless asked).
    pub piece: Piece,
    /// Row-major indices of its blocked squares (empty for the whole rectangle).
    pub holes: Vec<u32>,
    /// Closed or open tour.
    pub kind: Kind,
    /// What the clues should achieve.
    pub target: Target,
    /// The seed; the same spec always gives the same puzzle.
    pub seed: u64,
    /// The square of number 1, or anywhere the generator likes.
    pub start: Option<Square>,
    /// The square of the last number of an open tour, or anywhere.
    pub end: Option<Square>,
    /// Search nodes for each check that a clue can go (minimal and clue-count puzzles), or
    /// The default is 4,000 nodes a square, at least 200,000.
    pub budget: Option<u64>,
}

impl Spec {
    /// A spec with 1 and the last number wherever the generator puts them.
    pub fn new(board: Board, kind: Kind, target: Target, seed: u64) -> Self {
        Spec {
            board,
            piece: Piece::KNIGHT,
            holes: Vec::new(),
            kind,
            target,
            seed,
            start: None,
            end: None,
            budget: None,
        }
    }

    /// A spec on a shaped board.
    pub fn on_shape(shape: &Shape, kind: Kind, target: Target, seed: u64) -> Self {
        Spec {
            holes: shape.holes().to_vec(),
            ..Spec::new(shape.board(), kind, target, seed)
        }
    }

    /// The board with its holes.
    pub fn shape(&self) -> Result<Shape, ShapeError> {
        Shape::new(self.board, self.holes.clone())
    }

    /// Open squares: the numbers of each puzzle.
    fn squares(&self) -> usize {
        self.board.area() - self.holes.len()
    }
}

/// A generated puzzle, proved unique by the complete solver.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its one solution.
    pub solution: Tour,
    /// Its grade by the logic solver.
    pub grade: Grade,
    /// The seed it was made from.
    pub seed: u64,
    /// Tours tried before this one was accepted.
    pub attempts: u32,
    /// Clues kept only because the search for a second solution without them ran out of its
    /// node budget (minimal and clue-count puzzles): each might have gone, so a minimal
    /// puzzle with any is minimal only as far as the search could tell.
    pub unproven: usize,
}

/// Largest board the generator takes for a target, in squares and as a square board: beyond
/// it, a puzzle takes more than some seconds (easy, medium) or a minute (hard, minimal) on a
/// 2-core machine. Measured, one puzzle: medium 16x16 0.07 s, 20x20 0.4 s, 25x25 1.4 s, 30x30
/// 4.6 s, 32x32 7.9 s; hard 12x12 2-3 s, 14x14 11 s; minimal 10x10 0.07-2.3 s (seeds 1-30,
/// median 0.64 s).
pub fn max_squares(target: Target) -> (usize, &'static str) {
    match target {
        Target::Difficulty(Grade::Easy | Grade::Medium) => (900, "30x30"),
        Target::Difficulty(_) => (196, "14x14"),
        Target::Clues(_) | Target::Minimal => (MINIMAL_SQUARES, MINIMAL_BOARD),
    }
}

/// Why no puzzle was made.
#[derive(Debug, Error)]
pub enum GenerateError {
    /// The board or kind admits no puzzle.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The holes are not a shape of the board.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// No tour of the shaped board was found to make puzzles from.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// The board is larger than the generator is made for.
    #[error("{board} has {squares} squares; {target} puzzles are made on boards of up to {max} squares ({largest}), where one takes at most about a minute")]
    TooLarge {
        /// The board.
        board: Board,
        /// Its squares.
        squares: usize,
        /// The largest number of squares for this target.
        max: usize,
        /// The largest square board for this target, as text.
        largest: &'static str,
        /// The target, as text.
        target: &'static str,
    },
    /// An end square was asked of a closed tour.
    #[error("a closed tour has no end square; its first number is also next to its last")]
    EndOfClosed,
    /// More clues than squares.
    #[error("{clues} clues asked for, but {board} has only {squares} squares")]
    TooManyClues {
        /// Clues asked for.
        clues: usize,
        /// The board.
        board: Board,
        /// Its squares.
        squares: usize,
    },
    /// No unique puzzle with so few clues was found.
    #[error("{clues} clues are too few for a unique {board} puzzle: the fewest reached in {attempts} tours was {fewest}")]
    TooFewClues {
        /// Clues asked for.
        clues: usize,
        /// The board.
        board: Board,
        /// The fewest clues of any unique puzzle found.
        fewest: usize,
        /// Tours tried.
        attempts: u32,
    },
}

/// Tours tried per puzzle before settling for the nearest result: 24 on 8x8, fewer on larger
/// boards, where each attempt costs more.
fn attempts(n: usize) -> u32 {
    (1536 / n.max(1)).clamp(2, 24) as u32
}

/// A small seeded generator (SplitMix64 steps), portable across machines.
#[derive(Debug, Clone)]
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(mix64(seed ^ 0x6b6e_6967_6874))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix64(self.0)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// Shuffles a slice (Fisher-Yates).
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// Checks a spec before any work: board size, existence, clue count.
pub fn check(spec: &Spec) -> Result<(), GenerateError> {
    let shape = spec.shape()?;
    let squares = spec.squares();
    let (max, largest) = max_squares(spec.target);
    if squares > max {
        return Err(GenerateError::TooLarge {
            board: spec.board,
            squares,
            max,
            largest,
            target: spec.target.name(),
        });
    }
    if spec.board.area() > MAX_SQUARES {
        return Err(PuzzleError::TooLarge {
            board: spec.board,
            squares: spec.board.area(),
        }
        .into());
    }
    if spec.end.is_some() && spec.kind.is_closed() {
        return Err(GenerateError::EndOfClosed);
    }
    if shape.is_rect() && spec.piece.is_knight() {
        match (spec.start, spec.end) {
            (Some(s), Some(t)) => existence::between(spec.board, s, t),
            (None, Some(t)) => existence::check(spec.board, spec.kind, Some(t)),
            (s, None) => existence::check(spec.board, spec.kind, s),
        }
    } else {
        super::possible(&shape, spec.piece, spec.kind, spec.start, spec.end)
    }
    .map_err(PuzzleError::from)?;
    if let Target::Clues(c) = spec.target {
        if c > squares {
            return Err(GenerateError::TooManyClues {
                clues: c,
                board: spec.board,
                squares,
            });
        }
        let least = if spec.kind.is_closed() || squares == 1 {
            1
        } else {
            2
        };
        if c < least {
            return Err(GenerateError::TooFewClues {
                clues: c,
                board: spec.board,
                fewest: least,
                attempts: 0,
            });
        }
    }
    Ok(())
}

/// Makes one puzzle.
pub fn generate(spec: &Spec, geo: &Geometry) -> Result<Generated, GenerateError> {
    assert_eq!(geo.piece, spec.piece, "the geometry is the spec's piece's");
    check(spec)?;
    let mut best: Option<Generated> = None;
    let mut fewest = usize::MAX;
    let tries = attempts(spec.squares());
    for attempt in 0..tries {
        let mut rng = Rng::new(spec.seed.wrapping_add((attempt as u64) << 40));
        // On a shaped board the first search says whether there is a tour at all; a later
        // one that runs out of budget only costs its attempt.
        let tour = match random_tour(spec, &mut rng) {
            Ok(t) => t,
            Err(e) if attempt == 0 => return Err(e),
            Err(_) => continue,
        };
        let Some(g) = clues_for_tour(spec, geo, tour, &mut rng, attempt + 1) else {
            continue;
        };
        let clues = g.puzzle.clues();
        fewest = fewest.min(clues);
        match spec.target {
            Target::Difficulty(want) => {
                if g.grade == want {
                    return Ok(g);
                }
                if best.as_ref().is_none_or(|b| g.grade > b.grade) {
                    best = Some(g);
                }
            }
            Target::Clues(want) => {
                if clues <= want {
                    return Ok(top_up(g, want, geo, &mut rng));
                }
            }
            Target::Minimal => return Ok(g),
        }
    }
    match (spec.target, best) {
        (Target::Difficulty(_) | Target::Minimal, Some(g)) => Ok(g),
        (Target::Clues(want), _) => Err(GenerateError::TooFewClues {
            clues: want,
            board: spec.board,
            fewest,
            attempts: tries,
        }),
        (Target::Difficulty(_) | Target::Minimal, None) => {
            unreachable!("a fully given puzzle is always accepted")
        }
    }
}

/// Budget for one uniqueness check while generating on `n` squares, unless the spec gives
/// one: a check that runs out counts as "not proved unique", which only keeps a clue.
pub fn check_budget(n: usize) -> u64 {
    (n as u64 * 4_000).max(200_000)
}

/// Node budgets of the removal passes on `n` squares, each 7 times the last's, up to `budget`:
/// a check that runs out is put off to the next pass, so the cheap decisions come first. A clue
/// shown needed stays needed (its second solution solves every sparser puzzle too), and by the
/// next pass, with clues gone, a put-off clue often shows its second solution quickly. On 10x10
/// (seeds 1-12) the median puzzle took 1.2 s instead of 2.2 when this came in, and 3 clues
/// are kept unproven instead of 13. The passes start from the default budget, so a larger one
/// only adds passes for the clues the default leaves unproven.
fn passes(n: usize, budget: u64) -> Vec<u64> {
    let default = check_budget(n);
    let mut out: Vec<u64> = (0..24)
        .map(|i| default.saturating_mul(7u64.saturating_pow(i)) / 343)
        .take_while(|&b| b < budget)
        .collect();
    out.push(budget);
    out
}

/// Budget while adding clues: running out just means adding another clue.
fn add_budget(n: usize) -> u64 {
    (n as u64 * 200).max(20_000)
}

/// The clue-selection loop on one tour: start from a scattering of clues, add clues until the
/// puzzle is unique (or, with a grade, until deduction at that grade finishes it), remove every
/// clue that is not needed, and prove what is left unique with the complete solver.
fn clues_for_tour(
    spec: &Spec,
    geo: &Geometry,
    tour: Tour,
    rng: &mut Rng,
    attempts: u32,
) -> Option<Generated> {
    let n = tour.len() as u32;
    let budget = spec.budget.unwrap_or_else(|| check_budget(n as usize));
    let fixed: Vec<u32> = if spec.kind.is_closed() {
        vec![0]
    } else {
        vec![0, n - 1]
    };
    let mut given = vec![false; n as usize];
    for &k in &fixed {
        given[k as usize] = true;
    }
    // A scattering of clues to start from: sparse puzzles make the complete search slow at
    // finding even two solutions, and minimising removes what is not needed anyway.
    for g in given.iter_mut() {
        *g |= rng.below(3) == 0;
    }
    let target = match spec.target {
        Target::Difficulty(g) => Some(g),
        Target::Clues(_) | Target::Minimal => None,
    };
    match target {
        None => add_until_unique(&tour, geo, &mut given, rng),
        Some(g) => add_until_graded(&tour, geo, g, &mut given, rng),
    }
    let unproven = remove_clues(spec, geo, &tour, budget, &fixed, &mut given, rng);
    let puzzle = puzzle_with(&tour, &given);
    // Never assume: the complete solver proves uniqueness of what is written.
    let proof =
        solver::solve_on_all_cores(&puzzle, geo, solver::default_budget(n as usize)).ok()?;
    if proof.solutions != Solutions::One(tour.clone()) {
        return None;
    }
    let grade = grade::grade_of(&puzzle, geo);
    Some(Generated {
        puzzle,
        solution: tour,
        grade,
        seed: spec.seed,
        attempts,
        unproven,
    })
}

/// The puzzle of `tour` with the numbers marked in `given` shown.
fn puzzle_with(tour: &Tour, given: &[bool]) -> Puzzle {
    Puzzle::from_tour(tour, (0..given.len() as u32).filter(|&k| given[k as usize]))
}

/// Adds clues until the complete solver proves the solution unique: each one where a second
/// solution it found differs from the tour (or, when the search runs out, anywhere free).
/// Used without a grade only: with one, deduction proves uniqueness as it goes (its rules are
/// sound), and the complete search on sparse puzzles was most of the time, mostly spent running
/// out of budget (20x20: 40 s of 40.4).
fn add_until_unique(tour: &Tour, geo: &Geometry, given: &mut [bool], rng: &mut Rng) {
    let n = tour.len() as u32;
    loop {
        let p = puzzle_with(tour, given);
        let add = match solver::solve(&p, geo, add_budget(n as usize)) {
            Ok(o) => match o.solutions {
                Solutions::One(_) => return,
                Solutions::Two(a, b) => {
                    // A clue where a wrong solution differs from the tour rules it out.
                    let wrong = if a.path == tour.path { b } else { a };
                    let diff: Vec<u32> = (0..n)
                        .filter(|&k| wrong.path[k as usize] != tour.path[k as usize])
                        .collect();
                    diff[rng.below(diff.len())]
                }
                Solutions::None => unreachable!("the tour itself solves its puzzle"),
            },
            Err(_) => {
                let free: Vec<u32> = (0..n).filter(|&k| !given[k as usize]).collect();
                free[rng.below(free.len())]
            }
        };
        given[add as usize] = true;
    }
}

/// Adds clues until deduction at grade `g` finishes the puzzle, each one a number deduction
/// was stuck on.
fn add_until_graded(tour: &Tour, geo: &Geometry, g: Grade, given: &mut [bool], rng: &mut Rng) {
    loop {
        match grade::grade(&puzzle_with(tour, given), geo, g) {
            Verdict::Solved { .. } => return,
            Verdict::Stuck { unplaced } => {
                given[unplaced[rng.below(unplaced.len())] as usize] = true;
            }
            Verdict::Contradiction => unreachable!("the tour itself solves its puzzle"),
        }
    }
}

/// Removes, in a random order, every clue but the `fixed` ones whose removal keeps the puzzle
/// unique (and within the grade), down to the spec's clue count. Returns the clues kept only
/// because their last check ran out of budget.
fn remove_clues(
    spec: &Spec,
    geo: &Geometry,
    tour: &Tour,
    budget: u64,
    fixed: &[u32],
    given: &mut [bool],
    rng: &mut Rng,
) -> usize {
    let n = tour.len() as u32;
    let target = match spec.target {
        Target::Difficulty(g) => Some(g),
        Target::Clues(_) | Target::Minimal => None,
    };
    let mut order: Vec<u32> = (0..n)
        .filter(|&k| given[k as usize] && !fixed.contains(&k))
        .collect();
    rng.shuffle(&mut order);
    let floor = match spec.target {
        Target::Clues(c) => c,
        Target::Difficulty(_) | Target::Minimal => 0,
    };
    // The puzzle with `k` erased was unique before, so only a solution with `k` moved can be
    // new: whether there is one.
    let elsewhere = |given: &[bool], k: u32, budget: u64| {
        solver::solvable_elsewhere(&puzzle_with(tour, given), geo, k, tour, budget)
    };
    // With a grade, deduction decides every clue in one pass.
    let budgets = match target {
        Some(_) => vec![budget],
        None => passes(n as usize, budget),
    };
    let mut unproven = 0;
    let mut pending = order;
    for (pass, &b) in budgets.iter().enumerate() {
        let last = pass + 1 == budgets.len();
        let mut deferred = Vec::new();
        // The answer for the next clue, found on the other core while this one was decided.
        let mut ahead: Option<(u32, Result<bool, solver::GaveUp>)> = None;
        for (i, &k) in pending.iter().enumerate() {
            if given.iter().filter(|&&g| g).count() <= floor {
                break;
            }
            given[k as usize] = false;
            let keep = match target {
                // Deduction is sound: if it finishes, the solution is unique.
                Some(g) => matches!(
                    grade::grade(&puzzle_with(tour, given), geo, g),
                    Verdict::Solved { .. }
                ),
                None => {
                    let found = match ahead.take() {
                        Some((j, found)) if j == k => found,
                        _ => match pending.get(i + 1) {
                            Some(&next) => {
                                let mut with_k = given.to_vec();
                                with_k[k as usize] = true;
                                with_k[next as usize] = false;
                                let (found, then) = rayon::join(
                                    || elsewhere(given, k, b),
                                    || elsewhere(&with_k, next, b),
                                );
                                ahead = Some((next, then));
                                found
                            }
                            None => elsewhere(given, k, b),
                        },
                    };
                    match found {
                        Err(_) if !last => deferred.push(k),
                        Err(_) => unproven += 1,
                        Ok(_) => {}
                    }
                    found == Ok(false)
                }
            };
            if !keep {
                given[k as usize] = true;
            }
            // The answer ahead was found with `k` given. It stands if `k` stayed, or if it is a
            // second solution: erasing `k` as well keeps that solution. Otherwise ask again, so
            // the puzzle is the one a clue-by-clue pass makes.
            if keep && ahead.as_ref().is_some_and(|a| a.1 != Ok(true)) {
                ahead = None;
            }
        }
        pending = deferred;
    }
    unproven
}

/// Most puzzles one batch makes: a class set many times over, in minutes rather than hours.
pub const MAX_BATCH: usize = 1000;

/// Makes `count` puzzles on all cores, puzzle `i` from seed `spec.seed + i` (so any one can
/// be remade alone); `done` is called as each one finishes, for progress.
pub fn batch(
    spec: &Spec,
    count: usize,
    done: &(dyn Fn() + Sync),
) -> Result<Vec<Generated>, GenerateError> {
    use rayon::prelude::*;
    check(spec)?;
    let geo = Geometry::of_piece(&spec.shape()?, spec.piece);
    (0..count as u64)
        .into_par_iter()
        .map(|i| {
            let g = generate(
                &Spec {
                    seed: spec.seed.wrapping_add(i),
                    ..spec.clone()
                },
                &geo,
            );
            done();
            g
        })
        .collect()
}

/// Adds random clues from the solution until the puzzle has `want`.
fn top_up(mut g: Generated, want: usize, geo: &Geometry, rng: &mut Rng) -> Generated {
    let n = g.solution.len() as u32;
    let mut free: Vec<u32> = (0..n)
        .filter(|&k| g.puzzle.grid[g.solution.path[k as usize] as usize] == 0)
        .collect();
    rng.shuffle(&mut free);
    let extra = want.saturating_sub(g.puzzle.clues());
    for &k in &free[..extra] {
        g.puzzle.grid[g.solution.path[k as usize] as usize] = k + 1;
    }
    if extra > 0 {
        g.grade = grade::grade_of(&g.puzzle, geo);
    }
    g
}

#[cfg(test)]
mod tests;
