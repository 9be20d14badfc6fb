//! knight-tour: knight's tours on any rectangular board.
//!
//! Data flows one way: [`board`] -> [`existence`] -> [`solve`] -> [`tour::Tour`] (verified).

pub mod board;
pub mod existence;
pub mod io;
pub mod puzzle;
pub mod render;
pub mod solve;
pub mod tour;

pub use board::{Board, BoardError, Square};
pub use puzzle::{Grade, Puzzle, PuzzleError};
pub use tour::{Tile, Tour, TourError};
