#![warn(missing_docs)]
//! Knight's tours on any rectangular board: exact existence with the theorem's reason,
//! solvers that are sure to answer, and drawings and puzzles made from the tours.
//!
//! Data flows one way: a [`Board`] → [`exists`] (can a tour of this [`Kind`] exist, and from
//! this square? if not, why not) → [`solve()`] (divide and conquer in O(rows x cols), or
//! Warnsdorff and backtracking searches) → a [`Tour`], verified before it is handed out. With
//! the default features, [`render`] draws a tour as SVG, PNG or PDF, and [`puzzle`] makes
//! puzzles from tours and proves them unique. `default-features = false` leaves the solvers,
//! the existence rules, tours and their file formats ([`io`]) alone.
//!
//! # Solve and verify
//!
//! ```
//! use knight_tour::{exists, solve, Board, Kind, Request};
//!
//! let board: Board = "8x8".parse()?;
//! exists(board, Kind::Closed, None)?;
//! let solution = solve(&Request::new(board, Kind::Closed))?;
//! let tour = &solution.tour;
//! assert!(tour.is_closed());
//! assert_eq!(tour.len(), 64);
//! tour.verify()?; // already done by `solve`; a `Tour` is always a checked one
//!
//! // No closed tour on a board with an odd number of squares, and the reason says why.
//! let why = exists("5x5".parse()?, Kind::Closed, None).unwrap_err();
//! assert!(why.to_string().contains("odd"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Draw it
//!
//! ```
//! # #[cfg(feature = "render")] {
//! use knight_tour::render::{render, DrawOptions, Scene, Style, Theme};
//! use knight_tour::{solve, Board, Kind, Request};
//!
//! let board: Board = "6x6".parse()?;
//! let tour = solve(&Request::new(board, Kind::Closed))?.tour;
//! let scene = Scene::new(tour.board(), 40.0, true); // 40 px squares, with coordinates
//! let svg = render(&tour, &scene, &Theme::builtin("paper")?, &DrawOptions::new(Style::Lines));
//! assert!(svg.starts_with("<svg"));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Make a puzzle and prove it unique
//!
//! ```
//! # #[cfg(feature = "puzzle")] {
//! use knight_tour::puzzle::{self, generate, Geometry, Solutions, Spec, Target};
//! use knight_tour::{Board, Grade, Kind};
//!
//! let board: Board = "6x6".parse()?;
//! let geo = Geometry::new(board);
//! let spec = Spec::new(board, Kind::Open, Target::Difficulty(Grade::Easy), 7);
//! let made = generate(&spec, &geo)?;
//! let proof = puzzle::solve(&made.puzzle, &geo, 4_000_000)?;
//! assert_eq!(proof.solutions, Solutions::One(made.solution));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod bits;
pub mod board;
/// The `knight-tour` command-line tool (the binary is its `main`); not a library interface.
#[cfg(feature = "cli")]
#[doc(hidden)]
pub mod cli;
pub mod count;
pub mod existence;
pub mod io;
pub mod piece;
#[cfg(feature = "puzzle")]
pub mod puzzle;
#[cfg(feature = "render")]
pub mod render;
mod rng;
pub mod shape;
pub mod solve;
pub mod tour;

pub use board::{Board, BoardError, Square};
pub use existence::{check as exists, NoTour};
pub use piece::{Piece, PieceError};
#[cfg(feature = "puzzle")]
pub use puzzle::{Grade, Puzzle, PuzzleError};
pub use shape::{Shape, ShapeError};
pub use solve::{solve, Method, Request, Solution, SolveError};
pub use tour::Kind;
pub use tour::{Tile, Tour, TourError};
