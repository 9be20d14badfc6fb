//! A theme of your own: `key = value` lines over a built-in theme, then a PNG.
//!
//! `cargo run --example custom_theme -- tour.png`

use knight_tour::render::{png, Raster};
use knight_tour::render::{render, DrawOptions, Scene, Style, Theme};
use knight_tour::{solve, Board, Kind, Request};

/// Only the keys that differ from the base theme are needed (the keys are those of
/// templates/themes/classic.theme).
const MINE: &str = "
light = #f4efe6
dark = #d9cbb3
line = #7a1f1f
line_width = 0.08
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).unwrap_or_else(|| "tour.png".into());
    let base = Theme::builtin("classic")?;
    // Errors name the line: "mine.theme:3: unknown key ...".
    let theme = Theme::parse("mine.theme", MINE, Some(&base))?;

    let board: Board = "8x8".parse()?;
    let tour = solve(&Request::new(board, Kind::Closed))?.tour;
    let scene = Scene::new(board, 48.0, false);
    let svg = render(&tour, &scene, &theme, &DrawOptions::new(Style::Lines));
    // 150 dpi keeps the drawing's printed size and records it in the PNG.
    let raster = Raster::new(scene.width(), scene.height(), Some(150.0), None)?;
    std::fs::write(&out, png(&svg, raster)?)?;
    println!("wrote {out}");
    Ok(())
}
