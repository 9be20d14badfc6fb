//! Whether a tour exists, with the reason, for any board, shape, piece and ends: the theorem
//! where one settles it, else the complete search and the exact count. `knight-tour exists`
//! and the Python package's `exists` answer by it.

use crate::board::Square;
use crate::existence::{self, pieces};
use crate::shape::Shape;
use crate::tour::Kind;

use super::{decide_on, Request, SolveError};

/// An answer: yes, no, or unknown (the search ran out of budget and the count did not fit),
/// with the reason in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// `Some(true)`: a tour exists; `Some(false)`: none does; `None`: not settled.
    pub exists: Option<bool>,
    /// Why, in words: the theorem, the tour found, the count, or what ran out.
    pub reason: String,
}

impl Answer {
    fn yes(reason: String) -> Answer {
        Answer {
            exists: Some(true),
            reason,
        }
    }

    fn no(reason: String) -> Answer {
        Answer {
            exists: Some(false),
            reason,
        }
    }
}

/// Whether a tour of `req`'s kind, piece and ends exists on `shape`, and why. Errors are only
/// for questions that make no sense (an end on a closed tour, an end on a hole).
pub fn answer(shape: &Shape, req: &Request) -> Result<Answer, SolveError> {
    let board = shape.board();
    if req.kind == Kind::Closed && req.end.is_some() {
        return Err(SolveError::EndOfClosed);
    }
    let place = format!("{board}{}", existence::with_holes(shape.holes().len()));
    let what = if req.piece.is_knight() {
        format!("{} tours", req.kind.name())
    } else {
        format!("{} {} tours", req.kind.name(), req.piece)
    };
    let at = |s: Square| board.algebraic(s);
    if shape.is_rect() {
        if !req.piece.is_knight() {
            match pieces::rule(board, req.piece, req.kind, req.start, req.end) {
                Ok(pieces::Ruling::Exists) => {
                    return Ok(Answer::yes(format!("{place} has {what} (by theorem)")))
                }
                Err(reason) => return Ok(Answer::no(reason.to_string())),
                Ok(pieces::Ruling::Unsettled) => {}
            }
        } else if let Some(end) = req.end {
            let start = req.start.unwrap_or(Square::new(0, 0));
            return Ok(match existence::between(board, start, end) {
                Ok(()) => Answer::yes(format!(
                    "{place} has open tours from {} to {}",
                    at(start),
                    at(end)
                )),
                Err(reason) => Answer::no(reason.to_string()),
            });
        } else {
            return Ok(match existence::check(board, req.kind, req.start) {
                Ok(()) => Answer::yes(match req.start {
                    Some(s) => format!("{place} has {what} starting at {}", at(s)),
                    None => format!("{place} has {what}"),
                }),
                Err(reason) => Answer::no(reason.to_string()),
            });
        }
    }
    match decide_on(shape, req) {
        Ok(sol) => Ok(Answer::yes(format!(
            "{place} has {what}; {} from {} to {}",
            sol.method.found_words(),
            at(sol.tour.start()),
            at(sol.tour.end())
        ))),
        Err(SolveError::NoTour(reason)) => Ok(Answer::no(reason.to_string())),
        Err(SolveError::ShapeCounted { tours, .. }) => Ok(Answer::yes(format!(
            "{place} has {what}: an exact count finds {tours}"
        ))),
        Err(e @ SolveError::ShapeBudget { .. }) => Ok(Answer {
            exists: None,
            reason: e.to_string(),
        }),
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::Piece;

    fn ask(board: &str, kind: Kind, piece: Piece, holes: &[u32]) -> Answer {
        let b: Board = board.parse().unwrap();
        let shape = Shape::new(b, holes.to_vec()).unwrap();
        let req = Request {
            piece,
            ..Request::new(b, kind)
        };
        answer(&shape, &req).unwrap()
    }

    #[test]
    fn theorems_searches_and_counts_answer_with_their_reasons() {
        let yes = ask("8x8", Kind::Closed, Piece::KNIGHT, &[]);
        assert_eq!(yes.exists, Some(true));
        let no = ask("5x5", Kind::Closed, Piece::KNIGHT, &[]);
        assert_eq!(no.exists, Some(false));
        assert!(no.reason.contains("odd"), "{}", no.reason);
        let camel = ask("8x8", Kind::Open, "camel".parse().unwrap(), &[]);
        assert_eq!(camel.exists, Some(false));
        assert!(camel.reason.contains("colour-bound"), "{}", camel.reason);
        let holed = ask("6x6", Kind::Open, Piece::KNIGHT, &[14]);
        assert_eq!(holed.exists, Some(true));
        assert!(
            holed.reason.contains("6x6 with 1 hole has open tours"),
            "{}",
            holed.reason
        );
    }
}
