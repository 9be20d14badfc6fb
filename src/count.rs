//! Exact counts of tours by frontier (transfer-matrix) dynamic programming.
//!
//! Every count is a count of Hamiltonian cycles: a closed tour is one; an open tour becomes
//! one through an extra vertex joined to every square where the tour may end (to the given
//! start and end when both are given; with one given end, its edge to that end is forced). The cycles are counted square by
//! square along the board's shorter side, so the work grows with the number of frontier shapes,
//! about 3^(2 x shorter side) for the knight, times the area, not with the number of tours.
//!
//! ```
//! use knight_tour::count::{count, Question};
//! use knight_tour::{Board, Kind, Shape};
//!
//! let board: Board = "5x5".parse()?;
//! let counted = count(&Question::new(Shape::rect(board), Kind::Open), &mut |_, _| {})?;
//! assert_eq!(counted.tours.to_string(), "864"); // each path once, in either direction
//! assert_eq!(counted.directed.to_string(), "1728"); // OEIS A165134
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod frontier;
mod number;
mod table;

use thiserror::Error;

use crate::board::{Board, Square};
use crate::piece::Piece;
use crate::shape::Shape;
use crate::tour::Kind;
use frontier::{Graph, Plan, Stop, MAX_WIDTH};
pub use number::Number;
use number::Tally;

/// Most states held after one step unless the caller allows more: about 6 GB of tables (about 100 bytes a state, with the step's scattered successors).
pub const DEFAULT_MAX_STATES: usize = 60_000_000;

/// What to count: tours of one kind by one piece on a shape, optionally between given ends.
#[derive(Debug, Clone)]
pub struct Question {
    /// The board and its holes.
    pub shape: Shape,
    /// Open or closed tours.
    pub kind: Kind,
    /// The piece (the knight by default).
    pub piece: Piece,
    /// The square open tours must start on.
    pub start: Option<Square>,
    /// The square open tours must end on.
    pub end: Option<Square>,
    /// Most states held after one step (the memory bound).
    pub max_states: usize,
}

impl Question {
    /// Knight's tours of `kind` on `shape`, from anywhere to anywhere.
    pub fn new(shape: Shape, kind: Kind) -> Question {
        Question {
            shape,
            kind,
            piece: Piece::KNIGHT,
            start: None,
            end: None,
            max_states: DEFAULT_MAX_STATES,
        }
    }
}

/// The counts and what they cost.
#[derive(Debug, Clone)]
pub struct Counted {
    /// Tours counted once each, whichever way round (a cycle or path and its reverse are one).
    pub tours: Number,
    /// Tours counted once in each direction (with a given end, the direction is fixed and the
    /// two counts agree).
    pub directed: Number,
    /// Squares the tours visit.
    pub squares: usize,
    /// The most squares on the frontier at once.
    pub width: usize,
    /// The most frontier states held after one step.
    pub peak_states: usize,
    /// Bytes of the state tables at their largest.
    pub peak_bytes: u64,
}

/// Why a count could not be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CountError {
    /// A given end is a hole.
    #[error("{which} square {square} is a hole; hint: give an open square")]
    OnHole {
        /// "start" or "end".
        which: &'static str,
        /// The square.
        square: Square,
    },
    /// The start and end are one square on a board of more than one square.
    #[error("the start and end are both {0}; hint: give two different squares")]
    SameEnds(Square),
    /// Closed tours have no given ends.
    #[error("a closed tour has no start or end square")]
    ClosedEnds,
    /// The frontier is wider than a state can hold.
    #[error("the frontier of {board} with the {piece} holds {width} squares, more than the {MAX_WIDTH} a state can hold; hint: counting works on boards whose shorter side is about {} squares or less for this piece", MAX_WIDTH / reach_of(*piece) as usize)]
    TooWide {
        /// The board.
        board: Board,
        /// The piece.
        piece: Piece,
        /// Frontier squares needed.
        width: usize,
    },
    /// More states than allowed.
    #[error("counting {board} needs more than {limit} frontier states ({states} after {at} of {squares} steps)")]
    TooManyStates {
        /// The board.
        board: Board,
        /// States reached.
        states: usize,
        /// The limit.
        limit: usize,
        /// Steps done when the limit was passed (one a square, and one an extra vertex).
        at: usize,
        /// Steps in all.
        squares: usize,
    },
}

/// Counts the tours `question` asks for; `progress` hears (steps done, steps in all) as the
/// frontier moves, one step a square.
pub fn count(
    question: &Question,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Counted, CountError> {
    let shape = &question.shape;
    let board = shape.board();
    for (which, end) in [("start", question.start), ("end", question.end)] {
        if let Some(square) = end {
            if shape.is_hole(board.index(square)) {
                return Err(CountError::OnHole { which, square });
            }
        }
    }
    let squares = shape.open_count();
    let closed = question.kind == Kind::Closed;
    if closed && (question.start.is_some() || question.end.is_some()) {
        return Err(CountError::ClosedEnds);
    }
    if let (Some(s), Some(t)) = (question.start, question.end) {
        if s == t && squares > 1 {
            return Err(CountError::SameEnds(s));
        }
    }
    let too_wide = |width| CountError::TooWide {
        board,
        piece: question.piece,
        width,
    };
    // Refuse before building anything for boards far past any frontier a state holds.
    let (short, _) = board.sides();
    let guess = short as usize * reach_of(question.piece) as usize;
    if board.area() > 1 << 22 && guess > MAX_WIDTH {
        return Err(too_wide(guess));
    }
    if squares == 1 {
        // One square: one open tour (no moves), and no closed one.
        let one = Number::from(u128::from(!closed));
        return Ok(Counted {
            tours: one.clone(),
            directed: one,
            squares,
            width: 0,
            peak_states: 1,
            peak_bytes: 0,
        });
    }
    let graph = graph(question);
    let plan = Plan::new(&graph).map_err(too_wide)?;
    let steps = plan.len();
    let limit = question.max_states;
    let stop = |s: Stop| match s {
        Stop::States(states, at) => CountError::TooManyStates {
            board,
            states,
            limit,
            at,
            squares: steps,
        },
        _ => too_wide(plan.width),
    };
    let outcome = match table::count::<u64>(&plan, limit, &mut |done, _| progress(done, steps)) {
        Ok(o) => frontier::Outcome {
            cycles: o.cycles.number(),
            peak_states: o.peak_states,
            peak_bytes: o.peak_bytes,
        },
        // Past 2^64 partial tours in one state: the same count again in limbs.
        Err(Stop::Overflow) => {
            table::count::<Number>(&plan, limit, &mut |done, _| progress(done, steps))
                .map_err(stop)?
        }
        Err(other) => return Err(stop(other)),
    };
    let tours = outcome.cycles;
    let directed = if question.start.is_some() || question.end.is_some() {
        tours.clone()
    } else {
        tours.doubled()
    };
    Ok(Counted {
        tours,
        directed,
        squares,
        width: plan.width,
        peak_states: outcome.peak_states,
        peak_bytes: outcome.peak_bytes,
    })
}

/// How far the piece reaches along one axis (the frontier is about this many lines deep).
fn reach_of(piece: Piece) -> u32 {
    piece
        .moves()
        .iter()
        .map(|&(dr, dc)| dr.unsigned_abs().max(dc.unsigned_abs()))
        .max()
        .unwrap_or(1)
        .max(1)
}

/// The graph whose Hamiltonian cycles are the tours asked for, in processing order: the extra
/// vertices of an open tour first, then the squares along the shorter side.
fn graph(question: &Question) -> Graph {
    let shape = &question.shape;
    let board = shape.board();
    let across = board.rows <= board.cols;
    let mut squares: Vec<Square> = (0..board.area() as u32)
        .filter(|&i| !shape.is_hole(i))
        .map(|i| board.square(i))
        .collect();
    // Line by line across the shorter side. For a piece that changes colour with every move,
    // each line's squares of one colour come before the other's: a square's edges into its own
    // line's squares are none, so the first colour's squares reach back only to earlier
    // lines, and on 6x6 the frontier holds half the states it holds in plain order.
    let two_coloured = question.piece.alternates();
    let key = |line: u32, i: u32| (line, if two_coloured { (line + i) % 2 } else { 0 }, i);
    squares.sort_by_key(|s| {
        if across {
            key(s.col, s.row)
        } else {
            key(s.row, s.col)
        }
    });
    // One extra vertex for an open tour: joined to both given ends, or else to every square
    // (with one given end, the edge to it is forced).
    let extra = usize::from(question.kind == Kind::Open);
    let mut id = vec![u32::MAX; board.area()];
    for (k, s) in squares.iter().enumerate() {
        id[board.index(*s) as usize] = (extra + k) as u32;
    }
    let mut adjacency: Vec<Vec<u32>> = vec![Vec::new(); extra];
    for &s in &squares {
        adjacency.push(
            board
                .moves_from(question.piece, s)
                .map(|t| id[board.index(t) as usize])
                .filter(|&t| t != u32::MAX)
                .collect(),
        );
    }
    let vertex = |s: Square| id[board.index(s) as usize];
    let all = extra as u32..(extra + squares.len()) as u32;
    let mut forced = None;
    if extra == 1 {
        let joined: Vec<u32> = match (question.start, question.end) {
            (Some(s), Some(t)) => vec![vertex(s), vertex(t)],
            (one, other) => {
                forced = one.or(other).map(|e| (vertex(e), 0));
                // A path that alternates colours over one more square of one colour than of
                // the other starts and ends on that colour: only those squares are its ends.
                // (A given end of the other colour keeps its edge, and the count comes out 0.)
                let majority = ends_colour(question, &squares);
                let given = forced.map(|(v, _)| v);
                all.filter(|&v| {
                    Some(v) == given
                        || majority.is_none_or(|c| squares[v as usize - extra].colour() == c)
                })
                .collect()
            }
        };
        for v in joined {
            adjacency[0].push(v);
            adjacency[v as usize].push(0);
        }
    }
    // A piece whose every move changes colour makes a two-coloured graph.
    let colour = question.piece.alternates().then(|| {
        let mut c = vec![frontier::ANY; extra];
        c.extend(squares.iter().map(|s| s.colour() as u8));
        c
    });
    let mirror = mirror(question, across).map(|image| {
        let mut map: Vec<u32> = (0..extra as u32).collect();
        map.extend(squares.iter().map(|&s| vertex(image(s))));
        map
    });
    Graph {
        adjacency,
        mirror,
        forced,
        colour,
    }
}

/// The colour both ends of an open tour must have: that of the squares one more in number,
/// for a piece whose every move changes colour (none when the counts are equal).
fn ends_colour(question: &Question, squares: &[Square]) -> Option<u32> {
    if !question.piece.alternates() {
        return None;
    }
    let ones = squares.iter().filter(|s| s.colour() == 1).count();
    let zeros = squares.len() - ones;
    match zeros.cmp(&ones) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    }
}

/// The reflection across the processing order's lines (rows flip when columns are taken one
/// by one), when it maps the holes and the given ends to themselves: the frontier then
/// folds a state and its image into one.
fn mirror(question: &Question, across: bool) -> Option<impl Fn(Square) -> Square> {
    let shape = &question.shape;
    let board = shape.board();
    let image = move |s: Square| {
        if across {
            Square::new(board.rows - 1 - s.row, s.col)
        } else {
            Square::new(s.row, board.cols - 1 - s.col)
        }
    };
    let holes_fixed = shape
        .holes()
        .iter()
        .all(|&h| shape.is_hole(board.index(image(board.square(h)))));
    let ends_fixed = match (question.start, question.end) {
        (Some(s), Some(t)) => (image(s) == s && image(t) == t) || (image(s) == t && image(t) == s),
        (Some(e), None) | (None, Some(e)) => image(e) == e,
        (None, None) => true,
    };
    (holes_fixed && ends_fixed).then_some(image)
}

#[cfg(test)]
mod tests;
