//! A closed tour of a board, checked and drawn as an SVG line drawing.
//!
//! `cargo run --example tour_to_svg -- 10x12 tour.svg`

use knight_tour::render::{render, DrawOptions, Scene, Style, Theme};
use knight_tour::{exists, solve, Board, Kind, Request};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let board: Board = args.next().as_deref().unwrap_or("8x8").parse()?;
    let out = args.next().unwrap_or_else(|| "tour.svg".into());

    // The theorem first: it says why not, where there is no closed tour.
    if let Err(why) = exists(board, Kind::Closed, None) {
        return Err(why.into());
    }
    let solution = solve(&Request::new(board, Kind::Closed))?;
    let tour = &solution.tour; // verified by `solve`
    println!(
        "{} closed tour by {}: {} squares",
        tour.board(),
        solution.method,
        tour.len()
    );

    let scene = Scene::new(board, 36.0, true); // 36 px squares, with file and rank labels
    let mut options = DrawOptions::new(Style::Lines);
    options.gradient = Some(true);
    let svg = render(tour, &scene, &Theme::builtin("color")?, &options);
    std::fs::write(&out, svg)?;
    println!("wrote {out}");
    Ok(())
}
