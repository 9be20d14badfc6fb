//! A pupil's answer drawn with its mistakes marked, in the template's language.

use svg::node::element::Title;
use svg::Document;

use super::super::glyphs::num;
use super::super::scene::Scene;
use super::super::svg::{document, DrawOptions, Style};
use super::super::theme::Theme;
use super::text::{bold, text, wrap};
use super::{into_page, Page, Template, PX_PER_MM};
use crate::puzzle::answer::{Fault, Marking};
use crate::puzzle::Puzzle;
use crate::tour::Tour;
use crate::Board;

/// A pupil's answer as one page sized to the board: the heading, the grid as written with
/// the givens shaded and every wrong square framed, file and rank labels (the report names
/// squares by them), and the verdict with each fault in words beneath.
pub(crate) fn marked_answer(
    puzzle: &Puzzle,
    marking: &Marking,
    theme: &Theme,
    template: &Template,
    heading: &str,
) -> Page {
    let own = template.for_piece(puzzle.piece);
    let t = &own;
    let heading = &own.fill_piece(heading, puzzle.piece);
    let b = puzzle.board;
    // Squares of 9 mm, smaller on big boards so the page stays below about 40 cm.
    let cell = (400.0 / b.rows.max(b.cols) as f64).min(9.0);
    let mut scene = Scene::new(b, cell, true);
    scene.margin = cell * 0.6;
    let m = 12.0;
    let w = (scene.width() + 2.0 * m).max(150.0);
    let inner = w - 2.0 * m;
    let verdict = match marking.faults.len() {
        _ if marking.is_right() => t.phrase("mark_right", &[]),
        1 => t.phrase("mark_one", &[]),
        k => t.phrase("mark_many", &[("k", &k.to_string())]),
    };
    let mut lines = wrap(&verdict, t.text_size, inner);
    for f in &marking.faults {
        for (i, l) in wrap(&fault_words(f, b, t), t.text_size, inner - 4.0)
            .into_iter()
            .enumerate()
        {
            lines.push(if i == 0 {
                format!("• {l}")
            } else {
                format!("  {l}")
            });
        }
    }
    let top = m + t.title_size * 1.2;
    let board_y = top + t.text_size;
    let text_y = board_y + scene.height() + t.text_size;
    let h = text_y + lines.len() as f64 * t.text_size * 1.4 + m;
    let mut doc = Document::new()
        .set("width", num(w * PX_PER_MM))
        .set("height", num(h * PX_PER_MM))
        .set("viewBox", format!("0 0 {} {}", num(w), num(h)))
        .add(Title::new(heading.to_string()))
        .add(
            svg::node::element::Rectangle::new()
                .set("width", "100%")
                .set("height", "100%")
                .set("fill", "#ffffff"),
        )
        .add(bold(m, top, t.title_size, t.text, heading));
    // A board with no path: the numbers are the pupil's, not a tour's.
    let mut carrier = Tour::unchecked(b, Vec::new(), puzzle.kind);
    carrier.holes = puzzle.holes.as_slice().into();
    let mut opts = DrawOptions::new(Style::Numbers);
    opts.id_prefix = "a_".into();
    opts.coords = true;
    opts.written = marking.written.clone();
    opts.marked = puzzle.grid.iter().map(|&v| v != 0).collect();
    opts.mark_colour = t.given_fill;
    opts.flagged = marking.wrong.clone();
    let board = document(&carrier, &scene, &theme.for_writing(), &opts)
        .set("x", num(m + (inner - scene.width()) / 2.0))
        .set("y", num(board_y));
    doc = doc.add(board);
    for (i, line) in lines.iter().enumerate() {
        let y = text_y + (i as f64 + 0.8) * t.text_size * 1.4;
        doc = doc.add(text(m, y, t.text_size, t.text, line));
    }
    into_page(doc, w, h)
}

/// A fault in the template's words, squares named as the board names them (`a1` bottom
/// left); a long list shows twelve and says how many more.
fn fault_words(f: &Fault, board: Board, t: &Template) -> String {
    let at = |s: &crate::board::Square| board.algebraic(*s);
    let list = |v: Vec<String>| {
        const SHOWN: usize = 12;
        let more = v.len().saturating_sub(SHOWN);
        let shown = v.into_iter().take(SHOWN).collect::<Vec<_>>().join(", ");
        if more > 0 {
            t.phrase(
                "fault_and_more",
                &[("list", &shown), ("more", &more.to_string())],
            )
        } else {
            shown
        }
    };
    let n = |v: u64| v.to_string();
    match f {
        Fault::GivenChanged {
            square,
            given,
            written: Some(w),
        } => t.phrase(
            "fault_given_changed",
            &[
                ("given", &n(u64::from(*given))),
                ("square", &at(square)),
                ("written", &n(*w)),
            ],
        ),
        Fault::GivenChanged {
            square,
            given,
            written: None,
        } => t.phrase(
            "fault_given_erased",
            &[("given", &n(u64::from(*given))), ("square", &at(square))],
        ),
        Fault::OnHole { square, number } => t.phrase(
            "fault_on_hole",
            &[("number", &n(*number)), ("square", &at(square))],
        ),
        Fault::OutOfRange {
            square,
            number,
            last,
        } => t.phrase(
            "fault_out_of_range",
            &[
                ("number", &n(*number)),
                ("square", &at(square)),
                ("last", &last.to_string()),
            ],
        ),
        Fault::Repeated { number, squares } => t.phrase(
            "fault_repeated",
            &[
                ("number", &n(u64::from(*number))),
                ("k", &squares.len().to_string()),
                ("squares", &list(squares.iter().map(at).collect())),
            ],
        ),
        Fault::Missing { numbers } if numbers.len() == 1 => {
            t.phrase("fault_missing_one", &[("number", &numbers[0].to_string())])
        }
        Fault::Missing { numbers } => t.phrase(
            "fault_missing",
            &[
                ("k", &numbers.len().to_string()),
                (
                    "numbers",
                    &list(numbers.iter().map(|v| v.to_string()).collect()),
                ),
            ],
        ),
        Fault::Blank { squares } if squares.len() == 1 => {
            t.phrase("fault_blank_one", &[("square", &at(&squares[0]))])
        }
        Fault::Blank { squares } => t.phrase(
            "fault_blank",
            &[
                ("k", &squares.len().to_string()),
                ("squares", &list(squares.iter().map(at).collect())),
            ],
        ),
        Fault::NotAMove { a, sa, b, sb, .. } => t.phrase(
            "fault_not_a_move",
            &[
                ("a", &a.to_string()),
                ("sa", &at(sa)),
                ("b", &b.to_string()),
                ("sb", &at(sb)),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn english_fault_words_match_the_terminal_report() {
        let board = Board::new(5, 5).unwrap();
        let t = Template::builtin("a4")
            .unwrap()
            .for_piece(crate::piece::Piece::KNIGHT);
        let sq = |r, c| Square { row: r, col: c };
        let faults = [
            Fault::GivenChanged {
                square: sq(0, 0),
                given: 3,
                written: Some(4),
            },
            Fault::GivenChanged {
                square: sq(0, 0),
                given: 3,
                written: None,
            },
            Fault::OnHole {
                square: sq(1, 1),
                number: 7,
            },
            Fault::OutOfRange {
                square: sq(1, 2),
                number: 99,
                last: 25,
            },
            Fault::Repeated {
                number: 5,
                squares: (0..14).map(|c| sq(c / 5, c % 5)).collect(),
            },
            Fault::Missing { numbers: vec![9] },
            Fault::Missing {
                numbers: vec![9, 10],
            },
            Fault::Blank {
                squares: vec![sq(4, 4)],
            },
            Fault::Blank {
                squares: vec![sq(4, 4), sq(4, 3)],
            },
            Fault::NotAMove {
                a: 1,
                sa: sq(0, 0),
                b: 2,
                sb: sq(0, 1),
                piece: crate::piece::Piece::KNIGHT,
            },
        ];
        for f in &faults {
            assert_eq!(fault_words(f, board, &t), f.describe(board));
        }
        let zh = Template::builtin("a4")
            .unwrap()
            .in_language("zh")
            .unwrap()
            .for_piece(crate::piece::Piece::KNIGHT);
        let words = fault_words(&faults[9], board, &zh);
        assert_eq!(words, "a5 上的 1 和 b5 上的 2 之间不是一步马步");
        // Another piece: the page and the terminal name it alike.
        let king = Fault::NotAMove {
            a: 1,
            sa: sq(0, 0),
            b: 2,
            sb: sq(0, 2),
            piece: crate::piece::Piece::KING,
        };
        let for_king = Template::builtin("a4")
            .unwrap()
            .for_piece(crate::piece::Piece::KING);
        let words = fault_words(&king, board, &for_king);
        assert_eq!(words, king.describe(board));
        assert_eq!(words, "1 at a5 and 2 at c5 are not a king's move apart");
    }
}
