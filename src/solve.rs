//! Solvers behind one [`Method`]: plain backtracking, Warnsdorff's rule, divide and conquer.

mod answer;
pub(crate) mod backtrack;
mod built;
pub(crate) mod divide;
pub(crate) mod ends;
pub(crate) mod ends_search;
pub(crate) mod four_wide;
pub(crate) mod holey;
mod king_ends;
mod leaper_tiles;
mod links;
pub(crate) mod merge;
pub(crate) mod narrow_ends;
mod pieces;
mod rewire;
pub(crate) mod search;
pub(crate) mod shaped;
pub(crate) mod three_wide;
pub(crate) mod tile_search;
pub(crate) mod varied;
pub(crate) mod warnsdorff;
mod wazir_ends;
mod wire;

pub use answer::{answer, Answer};
use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::existence::{self, NoTour};
use crate::shape::Shape;
use crate::tour::Kind;
use crate::tour::{Tour, TourError};
use divide::Constructed;

/// Which solver to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// The fastest method that is sure to answer.
    #[default]
    Auto,
    /// Divide and conquer: tiles merged into one cycle in O(rows x cols).
    Divide,
    /// Warnsdorff's fewest-onward-moves rule with backtracking.
    Warnsdorff,
    /// The tutorials' plain depth-first search in a fixed move order.
    Backtrack,
    /// The complete search on shaped boards (holes, masks) where no construction applies;
    /// reported, never asked for.
    Search,
    /// The wazir's and king's row-by-row constructions; reported, never asked for.
    Rows,
    /// The wazir's path, or the king's, between given ends by cuts and detours; reported,
    /// never asked for.
    Cuts,
    /// A free leaper's closed tour stitched from tiles' tours; reported, never asked for.
    Tiles,
    /// The wazir's (or king's) wire round 2x2-aligned macros, by a spanning tree of the free
    /// cells; reported, never asked for.
    Wire,
    /// A tour round blocks of any size (the knight's; the wazir's and king's wire where the
    /// blocks are not whole 2x2 cells): the whole board's tour rewired round each cluster of
    /// blocks by a flow, its cycles merged; reported, never asked for.
    Rewire,
}

impl Method {
    /// The name used on the command line and in tour files.
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Divide => "divide",
            Method::Warnsdorff => "warnsdorff",
            Method::Backtrack => "backtrack",
            Method::Search => "search",
            Method::Rows => "rows",
            Method::Cuts => "cuts",
            Method::Tiles => "tiles",
            Method::Wire => "wire",
            Method::Rewire => "rewire",
        }
    }

    /// How a tour this method gave was come by, for `exists`' reasons: found by the complete
    /// search, or built.
    pub fn found_words(self) -> String {
        match self {
            Method::Search => "the complete search found one".into(),
            m => format!("one is built ({})", m.name()),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "auto" => Ok(Method::Auto),
            "divide" => Ok(Method::Divide),
            "warnsdorff" => Ok(Method::Warnsdorff),
            "backtrack" => Ok(Method::Backtrack),
            _ => Err(format!(
                "unknown method '{s}'; hint: auto, divide, warnsdorff or backtrack"
            )),
        }
    }
}

/// What to solve.
#[derive(Debug, Clone, Copy)]
pub struct Request {
    /// The board.
    pub board: Board,
    /// Closed cycle or open path.
    pub kind: Kind,
    /// Start square; the top-left corner when absent (with an end alone: the first corner, then
    /// square, from which a tour to that end exists).
    pub start: Option<Square>,
    /// End square of an open tour; any end when absent.
    pub end: Option<Square>,
    /// Which solver.
    pub method: Method,
    /// Seed for randomised tie-breaks and tile choices.
    pub seed: Option<u64>,
    /// Node budget for the searching solvers (`None`: the method's default).
    pub budget: Option<u64>,
    /// The piece (the knight unless asked).
    pub piece: crate::piece::Piece,
}

impl Request {
    /// A request with default method, no seed and no start.
    pub fn new(board: Board, kind: Kind) -> Self {
        Request {
            board,
            kind,
            start: None,
            end: None,
            method: Method::Auto,
            seed: None,
            budget: None,
            piece: crate::piece::Piece::KNIGHT,
        }
    }
}

/// A verified tour and the method that found it.
#[derive(Debug, Clone)]
pub struct Solution {
    /// The tour (already verified).
    pub tour: Tour,
    /// The method that produced it (never `Auto`).
    pub method: Method,
}

/// Why a solve did not produce a tour.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The theorem says no such tour exists.
    #[error("{0}")]
    NoTour(#[from] NoTour),
    /// A searching solver gave up.
    #[error("{method} found no tour of {board} within its budget of {budget} nodes (a tour exists by theorem; the search gave up)")]
    Budget {
        /// The solver.
        method: Method,
        /// The board.
        board: Board,
        /// Nodes allowed.
        budget: u64,
    },
    /// The searching solver exhausted the whole tree (only possible from an impossible start).
    #[error("{method} searched every branch and found no tour of {board}")]
    Exhausted {
        /// The solver.
        method: Method,
        /// The board.
        board: Board,
    },
    /// The divide-and-conquer construction does not cover the board.
    #[error("{0}")]
    Divide(#[from] divide::DivideError),
    /// The tour would not fit in memory.
    #[error("a tour of {board} needs about {need} of memory, and the system would not give it")]
    Memory {
        /// The board.
        board: Board,
        /// Bytes needed, human-readable.
        need: String,
    },
    /// The search on a shaped board ran out of budget, though an exact count shows tours exist.
    #[error("no tour of {board}{} was found within the budget of {nodes} positions, though tours exist: an exact count finds {tours}", existence::with_holes(*.holes))]
    ShapeCounted {
        /// The rectangle.
        board: Board,
        /// Number of holes.
        holes: usize,
        /// Positions searched.
        nodes: u64,
        /// The tours counted (each once, whichever way round).
        tours: String,
    },
    /// The search on a shaped board ran out of budget: no tour and no proof.
    #[error("no tour of {board}{} was found within the budget of {nodes} positions, and no proof that none exists either", existence::with_holes(*.holes))]
    ShapeBudget {
        /// The rectangle.
        board: Board,
        /// Number of holes.
        holes: usize,
        /// Positions searched.
        nodes: u64,
    },
    /// The divide-and-conquer was asked for on a board with holes.
    #[error(
        "the divide-and-conquer construction does not apply to this board with holes (it needs both sides at least 24, no given end, and holes it can tile around)"
    )]
    ShapeMethod,
    /// A method that only knows the knight, asked for another piece.
    #[error("--method {method} only moves knights, not a {piece}; hint: use --method auto")]
    PieceMethod {
        /// The method asked for.
        method: Method,
        /// The piece's name.
        piece: String,
    },
    /// An end square was given for a closed tour.
    #[error(
        "a closed tour has no end square; hint: drop --end, or drop --closed for an open tour"
    )]
    EndOfClosed,
    /// An end square was given to a searching solver that cannot aim for one.
    #[error("{method} cannot aim for an end square; hint: use --method auto or divide with --end")]
    EndMethod {
        /// The solver.
        method: Method,
    },
    /// The construction found no tour between two squares the rule allows (a bug).
    #[error("internal error: no tour of {board} from {start} to {end} was constructed, though the rule allows one")]
    EndsMissed {
        /// The board.
        board: Board,
        /// The start's name.
        start: String,
        /// The end's name.
        end: String,
    },
    /// A solver produced a tour that failed verification (a bug; never output).
    #[error("internal error: the {method} tour failed verification: {source}")]
    Verify {
        /// The solver.
        method: Method,
        /// The fault.
        source: TourError,
    },
}

/// Counts every tour from `start` (a row-major square index) by complete search: directed
/// open paths, or directed cycles when `closed`. Exponential; for boards of up to about 36
/// squares, to check the constructions against known counts (5x5: 1728 open tours in all).
pub fn count_tours_from(board: Board, start: u32, closed: bool) -> u64 {
    search::count_from(board, start, closed)
}

/// Solves a request: checks existence, runs the solver, verifies the tour.
pub fn solve(req: &Request) -> Result<Solution, SolveError> {
    if !req.piece.is_knight() {
        return pieces::solve(&Shape::rect(req.board), req);
    }
    if let Some(end) = req.end {
        let start = req
            .start
            .or_else(|| (req.kind == Kind::Open).then(|| existence::start_for(req.board, end)));
        return solve_ends(&Request { start, ..*req }, end);
    }
    existence::check(req.board, req.kind, req.start)?;
    reserve(req.board)?;
    let (built, method) = match req.method {
        Method::Backtrack => (backtrack::solve(req)?.into(), Method::Backtrack),
        Method::Warnsdorff => (warnsdorff::solve(req)?.into(), Method::Warnsdorff),
        Method::Divide => (run_divide(req)?, Method::Divide),
        // A rectangle has no shape to search: asked for, the search is the automatic choice.
        Method::Auto | Method::Search | Method::Rows | Method::Cuts
            if divide::covers(req.board)
                || three_wide::covers(req.board)
                || four_wide::covers(req.board) =>
        {
            (run_divide(req)?, Method::Divide)
        }
        Method::Auto
        | Method::Search
        | Method::Rows
        | Method::Cuts
        | Method::Tiles
        | Method::Wire
        | Method::Rewire => (warnsdorff::solve(req)?.into(), Method::Warnsdorff),
    };
    built
        .tour
        .verify()
        .map_err(|source| SolveError::Verify { method, source })?;
    let tour = built.tiled();
    if req.kind == Kind::Closed && !tour.is_closed() {
        return Err(SolveError::Verify {
            method,
            source: TourError::NotClosed {
                last: tour.end(),
                first: tour.start(),
            },
        });
    }
    Ok(Solution { tour, method })
}

/// Default positions a search on a shaped board may visit: about 10 s of work.
pub(crate) const SHAPE_BUDGET: u64 = 50_000_000;

/// Solves a request on a shaped board: a plain rectangle goes to [`solve`]; otherwise the
/// cheap proofs of impossibility, then the complete search, whose answer is a verified tour,
/// a proof by exhaustion, or an honest "not found within the budget".
pub fn solve_on(shape: &Shape, req: &Request) -> Result<Solution, SolveError> {
    solve_for(shape, req, Need::Tour)
}

/// Whether a tour exists on a shaped board, as [`solve_on`] answers it, except that where the
/// search runs out of budget and an exact count finds tours, that answer
/// ([`SolveError::ShapeCounted`]) comes at once instead of after the rest of the search.
pub fn decide_on(shape: &Shape, req: &Request) -> Result<Solution, SolveError> {
    solve_for(shape, req, Need::Answer)
}

/// What a caller needs from a search: the tour itself, or only whether one exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    /// A tour to output.
    Tour,
    /// Yes or no (a count's yes will do).
    Answer,
}

fn solve_for(shape: &Shape, req: &Request, need: Need) -> Result<Solution, SolveError> {
    if !req.piece.is_knight() {
        return pieces::solve(shape, req);
    }
    if shape.is_rect() {
        return solve(req);
    }
    let board = shape.board();
    if req.end.is_some() && req.kind == Kind::Closed {
        return Err(SolveError::EndOfClosed);
    }
    reserve(board)?;
    // A construction's verified tour settles existence, so the proofs of "none" (a pass or
    // two over every square) run only when no construction applies.
    if matches!(req.method, Method::Auto | Method::Divide) {
        if let Some((tour, method)) = built::on_shape(shape, req) {
            tour.verify()
                .map_err(|source| SolveError::Verify { method, source })?;
            return Ok(Solution { tour, method });
        }
        existence::on_shape(shape, req.kind, req.start, req.end)?;
        if req.method == Method::Divide {
            return Err(SolveError::ShapeMethod);
        }
    } else {
        existence::on_shape(shape, req.kind, req.start, req.end)?;
    }
    let method = if req.method == Method::Backtrack {
        Method::Backtrack
    } else {
        Method::Search
    };
    search_on(shape, req, method, need)
}

/// The complete search on `shape` for `req` (any piece): a verified tour, a proof by
/// exhaustion, or an honest "not found within the budget".
pub(crate) fn search_on(
    shape: &Shape,
    req: &Request,
    method: Method,
    need: Need,
) -> Result<Solution, SolveError> {
    let board = shape.board();
    let goal = shaped::Goal {
        start: req.start.map(|s| board.index(s)),
        end: req.end.map(|t| board.index(t)),
        closed: req.kind == Kind::Closed,
        seed: req.seed.unwrap_or(0),
        fixed_order: method == Method::Backtrack,
        budget: req.budget.unwrap_or(SHAPE_BUDGET),
        piece: req.piece,
    };
    let holes = shape.holes().len();
    // A small board gets a short search first, then the exact count, which proves in seconds
    // that none exists where a search would spend its whole budget on it; the rest of the
    // budget then looks for the tour the count says exists.
    let mut known = None;
    if shape.open_count() <= COUNT_FIRST_SQUARES && goal.budget > FIRST_BUDGET {
        let first = shaped::search(
            shape,
            shaped::Goal {
                budget: FIRST_BUDGET,
                ..goal
            },
        );
        if let shaped::ShapedOutcome::Budget(_) = first {
            match counted(shape, req) {
                Some(tours) if tours.is_zero() => {
                    return Err(NoTour::Counted {
                        board,
                        holes,
                        squares: shape.open_count(),
                    }
                    .into())
                }
                Some(tours) if need == Need::Answer => {
                    return Err(SolveError::ShapeCounted {
                        board,
                        holes,
                        nodes: FIRST_BUDGET,
                        tours: tours.to_string(),
                    })
                }
                found => known = found,
            }
        } else {
            return found_or_not(first, shape, req, method);
        }
    }
    match shaped::search(shape, goal) {
        shaped::ShapedOutcome::Budget(nodes) if known.is_some() => Err(SolveError::ShapeCounted {
            board,
            holes,
            nodes,
            tours: known.map(|t| t.to_string()).unwrap_or_default(),
        }),
        outcome => found_or_not(outcome, shape, req, method),
    }
}

/// Boards of at most this many open squares are counted after a short search (their count
/// takes seconds where the frontier fits).
const COUNT_FIRST_SQUARES: usize = 100;

/// The short search before the count: about a tenth of a second.
const FIRST_BUDGET: u64 = 500_000;

/// The answer of one search: a verified tour, a proof by exhaustion, or the exact count where
/// the budget ran out.
fn found_or_not(
    outcome: shaped::ShapedOutcome,
    shape: &Shape,
    req: &Request,
    method: Method,
) -> Result<Solution, SolveError> {
    let board = shape.board();
    let holes = shape.holes().len();
    match outcome {
        shaped::ShapedOutcome::Found(path) => {
            let tour = Tour::of_piece(shape, path, req.kind, Vec::new(), req.piece)
                .map_err(|source| SolveError::Verify { method, source })?;
            Ok(Solution { tour, method })
        }
        // Another piece's plain board is named as its rules name it.
        shaped::ShapedOutcome::Exhausted(nodes) if holes == 0 && !req.piece.is_knight() => {
            Err(NoTour::PieceRule {
                what: format!("{} {} tour", req.kind.name(), req.piece),
                board,
                why: format!("the complete search exhausted {nodes} positions without finding one"),
            }
            .into())
        }
        shaped::ShapedOutcome::Exhausted(nodes) => Err(NoTour::Exhausted {
            board,
            holes,
            nodes,
        }
        .into()),
        shaped::ShapedOutcome::Budget(nodes) => Err(match counted(shape, req) {
            Some(tours) if tours.is_zero() => NoTour::Counted {
                board,
                holes,
                squares: shape.open_count(),
            }
            .into(),
            Some(tours) => SolveError::ShapeCounted {
                board,
                holes,
                nodes,
                tours: tours.to_string(),
            },
            None => SolveError::ShapeBudget {
                board,
                holes,
                nodes,
            },
        }),
    }
}

/// Most frontier states the exact count behind a search that ran out of budget may hold:
/// about 2.5 GB of tables, a few seconds (an 8x9 board with two 2x4 blocks takes 5.5 million).
const COUNT_STATES: usize = 16_000_000;

/// The exact number of tours `req` asks for on `shape`, where the count's frontier and states
/// fit (small boards, or narrow ones); `None` where they do not. It settles what a search that
/// ran out of budget could not: none exist, or some do.
fn counted(shape: &Shape, req: &Request) -> Option<crate::count::Number> {
    let question = crate::count::Question {
        shape: shape.clone(),
        kind: req.kind,
        piece: req.piece,
        start: req.start,
        end: req.end,
        max_states: COUNT_STATES,
    };
    crate::count::count(&question, &mut |_, _| {})
        .ok()
        .map(|c| c.tours)
}

/// Solves a request with an end square: the rule, then the construction for the board's family.
fn solve_ends(req: &Request, end: Square) -> Result<Solution, SolveError> {
    if req.kind == Kind::Closed {
        return Err(SolveError::EndOfClosed);
    }
    if matches!(req.method, Method::Warnsdorff | Method::Backtrack) {
        return Err(SolveError::EndMethod { method: req.method });
    }
    let (board, start) = (req.board, start_of(req));
    existence::between(board, start, end)?;
    reserve(board)?;
    let missed = || SolveError::EndsMissed {
        board,
        start: board.algebraic(start),
        end: board.algebraic(end),
    };
    let built = if board.sides().0 <= 4 {
        narrow_ends::construct(board, start, end).map(Constructed::from)
    } else {
        ends::build(board, start, end, req.seed)
            .or_else(|| ends::search_small(board, start, end, req.seed).map(Constructed::from))
            .or_else(|| search_ends(board, start, end, req.seed).map(Constructed::from))
    }
    .ok_or_else(missed)?;
    let method = Method::Divide;
    built
        .tour
        .verify()
        .map_err(|source| SolveError::Verify { method, source })?;
    let tour = built.tiled();
    if tour.start() != start || tour.end() != end {
        return Err(missed());
    }
    Ok(Solution { tour, method })
}

/// The last resort for a pair the chain of tiles misses on a mid-sized board: the complete
/// search of shaped boards on the whole rectangle, within a bounded budget.
fn search_ends(board: Board, start: Square, end: Square, seed: Option<u64>) -> Option<Tour> {
    if board.area() > 1 << 16 {
        return None;
    }
    let goal = shaped::Goal {
        start: Some(board.index(start)),
        end: Some(board.index(end)),
        closed: false,
        seed: seed.unwrap_or(0),
        fixed_order: false,
        budget: SHAPE_BUDGET,
        piece: crate::piece::Piece::KNIGHT,
    };
    match shaped::search(&Shape::rect(board), goal) {
        shaped::ShapedOutcome::Found(path) => Tour::new(board, path, Kind::Open, Vec::new()).ok(),
        _ => None,
    }
}

/// Asks the system for the memory a tour of `board` takes before any work, so that a board
/// too large for this machine is a typed error rather than an abort halfway through.
fn reserve(board: Board) -> Result<(), SolveError> {
    let need = (board.area() as f64 * crate::board::BYTES_PER_SQUARE) as usize;
    let mut probe: Vec<u8> = Vec::new();
    probe
        .try_reserve_exact(need)
        .map_err(|_| SolveError::Memory {
            board,
            need: crate::board::human_bytes(need as f64),
        })
}

/// Runs the construction; an open request on a board with a closed tour gets the cycle cut open.
fn run_divide(req: &Request) -> Result<Constructed, SolveError> {
    let mut built: Constructed = if four_wide::covers(req.board) {
        four_wide::construct(req.board, start_of(req))
            .ok_or(SolveError::Exhausted {
                method: Method::Divide,
                board: req.board,
            })?
            .into()
    } else if three_wide::covers(req.board) {
        three_wide::construct(req.board, start_of(req), req.kind == Kind::Closed, req.seed)
            .ok_or(SolveError::Exhausted {
                method: Method::Divide,
                board: req.board,
            })?
            .into()
    } else {
        divide::build(req.board, req.start, req.seed)?
    };
    let tour = &mut built.tour;
    // A seed asks for a tour of its own: the tiles' pattern broken up by random changes.
    if let Some(seed) = req.seed {
        varied::vary(req.board, &mut tour.path, seed);
    }
    if req.kind == Kind::Open {
        tour.kind = Kind::Open;
    }
    Ok(built)
}

/// The start square of a request: the given one, else the top-left corner.
pub(crate) fn start_of(req: &Request) -> Square {
    req.start.unwrap_or(Square::new(0, 0))
}
