#![warn(missing_docs)]
//! knight-tour: knight's tours on any rectangular board.
//!
//! Data flows one way: [`board`] -> [`existence`] -> [`solve`] -> [`tour::Tour`] (verified).

pub mod board;
pub mod existence;
pub mod io;
#[cfg(feature = "puzzle")]
pub mod puzzle;
#[cfg(feature = "render")]
pub mod render;
pub mod solve;
pub mod tour;

pub use board::{Board, BoardError, Square};
#[cfg(feature = "puzzle")]
pub use puzzle::{Grade, Puzzle, PuzzleError};
pub use tour::{Tile, Tour, TourError};
