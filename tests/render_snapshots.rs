//! SVG snapshots of every style (insta): any change to the drawing shows up as a diff.
//! Update with `INSTA_UPDATE=always cargo test --test render_snapshots` and review the diff.

use std::path::PathBuf;

use knight_tour::io::read_json_from;
use knight_tour::render::{render, render_tikz, DrawOptions, Scene, Style, Theme};
use knight_tour::{Board, Tour};

/// A fixed input from tests/data: drawings are snapshotted from these, not from the solver,
/// so that a solver change never shows up as a rendering change.
fn data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    std::fs::read_to_string(path).unwrap()
}

fn tour(name: &str) -> Tour {
    read_json_from(data(name).as_bytes()).unwrap().tour
}

fn draw(file: &str, style: Style, theme: &str, tweak: impl Fn(&mut DrawOptions)) -> String {
    let tour = tour(file);
    let mut opts = DrawOptions::new(style);
    tweak(&mut opts);
    let scene = Scene::new(tour.board(), 20.0, opts.coords);
    render(&tour, &scene, &Theme::builtin(theme).unwrap(), &opts)
}

#[test]
fn numbers_5x5_with_coords() {
    insta::assert_snapshot!(draw("5x5-open.json", Style::Numbers, "classic", |o| o
        .coords =
        true));
}

#[test]
fn lines_3x4_gradient_arrows() {
    insta::assert_snapshot!(draw("3x4-open.json", Style::Lines, "color", |o| o.arrows = true));
}

#[test]
fn tikz_of_numbers_and_of_lines_with_arrows() {
    let tikz = |file: &str, style: Style, theme: &str, arrows: bool| {
        let tour = tour(file);
        let mut opts = DrawOptions::new(style);
        opts.arrows = arrows;
        opts.coords = style == Style::Numbers;
        let scene = Scene::new(tour.board(), 20.0, opts.coords);
        render_tikz(&tour, &scene, &Theme::builtin(theme).unwrap(), &opts, false)
    };
    insta::assert_snapshot!(
        "tikz_5x5_numbers",
        tikz("5x5-open.json", Style::Numbers, "classic", false)
    );
    insta::assert_snapshot!(
        "tikz_3x4_lines_arrows",
        tikz("3x4-open.json", Style::Lines, "color", true)
    );
}

#[test]
fn tiles_10x10_paper() {
    insta::assert_snapshot!(draw("10x10-closed.json", Style::Tiles, "paper", |_| {}));
}

#[test]
fn vlsi_6x6_closed() {
    insta::assert_snapshot!(draw("6x6-closed.json", Style::Tiles, "vlsi", |_| {}));
}

/// A 5x5 puzzle (made with `puzzle 5x5 --difficulty easy --seed 1`), kept in tests/data.
fn worksheet(answers: bool) -> String {
    use knight_tour::io::puzzle::read_puzzles;
    use knight_tour::render::sheet::{pages, Item, Sheet, Template};
    let f = read_puzzles(&data("5x5-easy-puzzle.json"), knight_tour::Kind::Open)
        .unwrap()
        .remove(0);
    let solution = f.solution.unwrap();
    let template = Template::builtin("a4").unwrap();
    let theme = Theme::builtin("classic").unwrap();
    let sheet = Sheet {
        template: &template,
        theme: &theme,
        title: "Snapshot".into(),
        per_page: 1,
        caption: knight_tour::render::sheet::Caption::Full,
    };
    let item = Item {
        number: 1,
        puzzle: &f.puzzle,
        solution: &solution,
        grade: f.difficulty.unwrap().parse().unwrap(),
        seed: f.seed.unwrap(),
    };
    let p = pages(&sheet, &[item], answers);
    assert_eq!(p.len(), 1);
    p[0].svg.clone()
}

#[test]
fn worksheet_page_5x5() {
    insta::assert_snapshot!(worksheet(false));
}

#[test]
fn answer_page_5x5() {
    insta::assert_snapshot!(worksheet(true));
}

#[test]
fn puzzle_text_and_json() {
    use knight_tour::io::puzzle::{write_puzzle_json, write_puzzle_text, PuzzleMeta};
    use knight_tour::Puzzle;
    let board = Board::new(5, 5).unwrap();
    let p = Puzzle::new(
        board,
        knight_tour::Kind::Open,
        &[(0, 0, 1), (1, 2, 2), (2, 2, 13), (4, 4, 25)],
    )
    .unwrap();
    let mut text = Vec::new();
    write_puzzle_text(&mut text, &p).unwrap();
    insta::assert_snapshot!(String::from_utf8(text).unwrap(), @r"
     1  .  .  .  .
     .  .  2  .  .
     .  . 13  .  .
     .  .  .  .  .
     .  .  .  . 25
    ");
    let mut json = Vec::new();
    let meta = PuzzleMeta {
        solution: None,
        difficulty: Some("easy"),
        seed: Some(4),
    };
    write_puzzle_json(&mut json, &p, meta).unwrap();
    insta::assert_snapshot!(String::from_utf8(json).unwrap(), @r#"
    {"format": "knight-tour-puzzle/1", "rows": 5, "cols": 5, "closed": false,
     "givens": [[0, 0, 1], [1, 2, 2], [2, 2, 13], [4, 4, 25]],
     "solution": null,
     "difficulty": "easy", "clues": 4, "seed": 4}
    "#);
}
