//! SVG snapshots of every style (insta): any change to the drawing shows up as a diff.
//! Update with `INSTA_UPDATE=always cargo test --test render_snapshots` and review the diff.

use knight_tour::existence::Kind;
use knight_tour::render::{render, DrawOptions, Scene, Style, Theme};
use knight_tour::solve::{solve, Request};
use knight_tour::Board;

fn draw(
    board: &str,
    kind: Kind,
    style: Style,
    theme: &str,
    tweak: impl Fn(&mut DrawOptions),
) -> String {
    let board: Board = board.parse().unwrap();
    let tour = solve(&Request::new(board, kind)).unwrap().tour;
    let mut opts = DrawOptions::new(style);
    tweak(&mut opts);
    let scene = Scene::new(board, 20.0, opts.coords);
    render(&tour, &scene, &Theme::builtin(theme).unwrap(), &opts)
}

#[test]
fn numbers_5x5_with_coords() {
    insta::assert_snapshot!(draw("5x5", Kind::Open, Style::Numbers, "classic", |o| o
        .coords =
        true));
}

#[test]
fn lines_3x4_gradient_arrows() {
    insta::assert_snapshot!(draw("3x4", Kind::Open, Style::Lines, "color", |o| o
        .arrows =
        true));
}

#[test]
fn tiles_10x10_paper() {
    insta::assert_snapshot!(draw("10x10", Kind::Closed, Style::Tiles, "paper", |_| {}));
}

#[test]
fn vlsi_6x6_closed() {
    insta::assert_snapshot!(draw("6x6", Kind::Closed, Style::Tiles, "vlsi", |_| {}));
}
