//! Pieces other than the knight, through the real binary: the piece travels from `solve` into
//! the tour file and back through `verify`; `exists` answers yes, no, or unknown (exit 4).

mod common;
use common::{kt, stdout};
use predicates::prelude::*;
use predicates::str::contains;

#[test]
fn a_king_tour_is_written_named_and_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k.json");
    kt().args(["solve", "7x7", "--piece", "king", "--closed", "-o"])
        .arg(&file)
        .assert()
        .success();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"piece\": \"king\""), "{text}");
    assert!(text.contains("\"-1-1\""), "the king's directions: {text}");
    kt().arg("verify")
        .arg(&file)
        .assert()
        .success()
        .stdout(contains("is a closed 7x7 king tour of 49 squares"));
    // The 7x7 king cycle takes one diagonal: as a wazir's tour it fails at that step.
    std::fs::write(
        &file,
        text.replace("\"piece\": \"king\"", "\"piece\": \"wazir\""),
    )
    .unwrap();
    kt().arg("verify")
        .arg(&file)
        .assert()
        .code(1)
        .stderr(contains("are not a wazir move apart"));
    std::fs::write(
        &file,
        text.replace("\"piece\": \"king\"", "\"piece\": \"rook\""),
    )
    .unwrap();
    kt().arg("verify")
        .arg(&file)
        .assert()
        .code(2)
        .stderr(contains("unknown piece 'rook'"));
}

#[test]
fn knight_files_do_not_name_the_piece() {
    let json = stdout(&["solve", "6x6", "--format", "json"]);
    assert!(!json.contains("\"piece\""), "{json}");
    let same = stdout(&["solve", "6x6", "--piece", "1,2", "--format", "json"]);
    assert_eq!(json, same);
}

#[test]
fn exists_answers_yes_no_and_unknown() {
    kt().args(["exists", "10x10", "--piece", "giraffe", "--closed"])
        .assert()
        .success()
        .stdout(contains("yes: 10x10 has closed giraffe tours"));
    kt().args(["exists", "8x8", "--piece", "zebra", "--open"])
        .assert()
        .code(1)
        .stdout(contains(
            "no: no open zebra tour on 8x8: the complete search exhausted",
        ));
    kt().args(["exists", "8x8", "--piece", "camel"])
        .assert()
        .code(1)
        .stdout(contains("colour-bound"));
    kt().args(["exists", "4x9", "--piece", "zebra"])
        .assert()
        .code(1)
        .stdout(contains("not connected"));
    kt().args([
        "exists", "9x12", "--piece", "giraffe", "--closed", "--budget", "20000",
    ])
    .assert()
    .code(4)
    .stdout(contains("unknown: closed giraffe tours"));
}

#[test]
fn arrows_follow_every_pieces_moves() {
    // One arrowhead a move, in the piece's own directions: a king's open 6x6 tour has 35.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.svg");
    for piece in ["king", "wazir", "zebra"] {
        let board = if piece == "zebra" { "10x10" } else { "6x6" };
        kt().args([
            "draw", board, "--piece", piece, "--style", "lines", "--arrows", "-o",
        ])
        .arg(&file)
        .assert()
        .success();
        let svg = std::fs::read_to_string(&file).unwrap();
        let squares: usize = if piece == "zebra" { 100 } else { 36 };
        assert_eq!(
            svg.matches("<use href=\"#s").count(),
            squares - 1,
            "{piece}"
        );
    }
}

#[test]
fn bad_pieces_and_knight_only_methods_are_refused() {
    kt().args(["solve", "8x8", "--piece", "bishop"])
        .assert()
        .code(2)
        .stderr(contains("unknown piece 'bishop'").and(contains("hint:")));
    kt().args(["solve", "8x8", "--piece", "0,0"])
        .assert()
        .code(2);
    kt().args(["solve", "8x8", "--piece", "camel", "--method", "warnsdorff"])
        .assert()
        .code(2)
        .stderr(contains("only moves knights"));
}

#[test]
fn wazir_and_king_tours_of_large_boards_are_built_row_by_row() {
    for args in [
        ["solve", "1001x999", "--piece", "king", "--closed"],
        ["solve", "1000x999", "--piece", "wazir", "--closed"],
    ] {
        kt().args(args)
            .args(["--format", "summary"])
            .assert()
            .success()
            .stdout(contains("tour by rows").and(contains("verified ok")));
    }
    // An odd count from inside: the colours allow it from c3 of 5x5, not from b1.
    kt().args(["solve", "5x5", "--piece", "wazir", "--start", "c3"])
        .assert()
        .success();
    kt().args(["solve", "5x5", "--piece", "wazir", "--start", "b1"])
        .assert()
        .code(1)
        .stderr(contains("corners' colour"));
}

/// Itai, Papadimitriou and Szwarcfiter's rule for the wazir between two given squares,
/// answered by `exists` at once, against exact counts (`knight_tour::count`, itself checked
/// against plain enumeration) of every pair on every board up to 5x6 and on 2x9, 3x8, 3x10.
#[test]
fn the_wazir_between_given_ends_follows_the_exact_counts() {
    use knight_tour::count::{count, Question};
    use knight_tour::{Board, Kind, Piece, Shape};
    let wazir = Piece::leaper(0, 1).unwrap();
    let mut boards: Vec<(u32, u32)> = (2..=5).flat_map(|m| (2..=6).map(move |n| (m, n))).collect();
    boards.extend([(2, 9), (9, 2), (3, 8), (3, 10), (10, 3)]);
    let (mut yes, mut no) = (0, 0);
    for (m, n) in boards {
        let board = Board::new(m, n).unwrap();
        for s in 0..board.area() as u32 {
            for t in s + 1..board.area() as u32 {
                let (s, t) = (board.square(s), board.square(t));
                let mut q = Question::new(Shape::rect(board), Kind::Open);
                (q.piece, q.start, q.end) = (wazir, Some(s), Some(t));
                let truth = !count(&q, &mut |_, _| {}).unwrap().tours.is_zero();
                let (a, b) = (board.algebraic(s), board.algebraic(t));
                let out = kt()
                    .args([
                        "exists",
                        &format!("{m}x{n}"),
                        "--piece",
                        "wazir",
                        "--start",
                        &a,
                    ])
                    .args(["--end", &b])
                    .output()
                    .unwrap();
                let text = String::from_utf8_lossy(&out.stdout);
                // Decided by the rule, never by the search: no "complete search" in the answer.
                assert!(!text.contains("search"), "{m}x{n} {a}-{b}: {text}");
                assert_eq!(
                    out.status.code(),
                    Some(if truth { 0 } else { 1 }),
                    "{m}x{n} {a}-{b}: {text}"
                );
                if truth {
                    yes += 1;
                } else {
                    no += 1;
                }
            }
        }
    }
    assert!(yes > 1000 && no > 1000, "{yes} yes, {no} no");
}

#[test]
fn a_wazir_tour_is_drawn_as_a_wire_with_bent_corners() {
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("wire.png");
    // 4x4 closed, starting inside: the board's four corners are turns of the cycle, and no
    // marker sits on them. vlsi: copper #d08a3c, 0.16 of a square wide.
    kt().args([
        "draw", "4x4", "--piece", "wazir", "--closed", "--start", "b2",
    ])
    .args([
        "--style", "lines", "--theme", "vlsi", "--cell", "100", "--dpi", "96",
    ])
    .args(["--margin", "0", "-o"])
    .arg(&png)
    .assert()
    .success();
    let img = common::rgba(&std::fs::read(&png).unwrap()).unwrap();
    assert_eq!((img.width, img.height), (400, 400));
    let copper = |x: u32, y: u32| {
        let i = 4 * (y * img.width + x) as usize;
        let p = &img.rgba[i..i + 3];
        (p[0] as i32 - 0xd0).abs() < 24 && (p[1] as i32 - 0x8a).abs() < 24 && p[2] < 0x70
    };
    let corners: [(i32, i32, i32, i32); 4] = [
        (50, 50, 1, 1),
        (350, 50, -1, 1),
        (50, 350, 1, -1),
        (350, 350, -1, -1),
    ];
    for (cx, cy, sx, sy) in corners {
        // The corner's centre is cut off by the bend: the wire passes inside it.
        assert!(!copper(cx as u32, cy as u32), "corner ({cx},{cy}) is sharp");
        // The bend's middle, a quarter of its 30-unit radius in along both sides, is copper.
        let (x, y) = ((cx + sx * 8) as u32, (cy + sy * 8) as u32);
        assert!(copper(x, y), "no wire at ({x},{y}) on the bend");
    }
    // The SVG says the same with curves; a knight's line has none.
    let svg = stdout(&[
        "draw", "4x4", "--piece", "wazir", "--closed", "--style", "lines", "-o", "-", "--format",
        "svg",
    ]);
    assert!(svg.contains('Q'), "the wire's bends are curves");
    let knight = stdout(&[
        "draw", "5x6", "--closed", "--style", "lines", "-o", "-", "--format", "svg",
    ]);
    let line = knight
        .split("<path")
        .find(|p| p.contains("stroke-linejoin"))
        .unwrap();
    assert!(
        !line.contains('Q'),
        "the knight's moves stay straight: {line}"
    );
}

#[test]
fn the_king_between_given_ends_is_built_wherever_the_count_finds_a_path() {
    use knight_tour::count::{count, Question};
    use knight_tour::{Board, Kind, Piece, Shape};
    // Every pair on boards from 2x3 to 5x6: the exact count is the truth. Where it finds
    // paths, `solve` gives one that steps by king's moves, built (method cuts, no search) on
    // boards at least 3 wide; where it finds none (only two-wide boards have such pairs),
    // `solve` says no.
    let (mut built, mut none) = (0, 0);
    for (m, n) in [
        (2, 3),
        (2, 4),
        (2, 5),
        (3, 3),
        (3, 4),
        (4, 4),
        (3, 5),
        (4, 5),
        (5, 5),
        (4, 6),
        (5, 6),
    ] {
        let board = Board::new(m, n).unwrap();
        for s in 0..board.area() as u32 {
            for t in s + 1..board.area() as u32 {
                let (s, t) = (board.square(s), board.square(t));
                let mut q = Question::new(Shape::rect(board), Kind::Open);
                (q.piece, q.start, q.end) = (Piece::KING, Some(s), Some(t));
                let truth = !count(&q, &mut |_, _| {}).unwrap().tours.is_zero();
                let (a, b) = (board.algebraic(s), board.algebraic(t));
                let out = kt()
                    .args(["solve", &format!("{m}x{n}"), "--piece", "king"])
                    .args(["--start", &a, "--end", &b, "--format", "json"])
                    .output()
                    .unwrap();
                assert_eq!(
                    out.status.code(),
                    Some(if truth { 0 } else { 1 }),
                    "{m}x{n} {a}-{b}"
                );
                if !truth {
                    none += 1;
                    continue;
                }
                built += 1;
                let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
                if m >= 3 {
                    assert_eq!(v["method"].as_str(), Some("cuts"), "{m}x{n} {a}-{b}");
                }
                let path = v["path"].as_array().unwrap();
                assert_eq!(path.len(), board.area());
                for w in path.windows(2) {
                    let d =
                        |i: usize| (w[1][i].as_i64().unwrap() - w[0][i].as_i64().unwrap()).abs();
                    assert!(d(0) <= 1 && d(1) <= 1, "{m}x{n} {a}-{b}: not a king's step");
                }
            }
        }
    }
    assert!(
        built > 1500 && none > 0,
        "{built} built, {none} without a path"
    );
}

#[test]
fn the_king_between_given_ends_on_a_large_board_is_built_not_searched() {
    // Same colour on an even board (no wazir path), and ends by a corner.
    for (s, t) in [("a1", "c1"), ("b1", "a2"), ("e5", "e4")] {
        let out = stdout(&[
            "solve", "600x400", "--piece", "king", "--start", s, "--end", t, "--format", "summary",
        ]);
        assert!(out.contains("open king tour by cuts"), "{s}-{t}: {out}");
        assert!(out.contains("verified ok"), "{s}-{t}: {out}");
    }
}

#[test]
fn free_leapers_close_large_boards_by_tiles() {
    let dir = tempfile::tempdir().unwrap();
    for (piece, board) in [
        ("giraffe", "100x100"),
        ("giraffe", "54x61"),
        ("zebra", "100x100"),
        ("zebra", "61x48"),
    ] {
        let out = stdout(&[
            "solve", board, "--piece", piece, "--closed", "--format", "summary",
        ]);
        assert!(
            out.contains(&format!("closed {piece} tour by tiles")),
            "{out}"
        );
        // The file reads back as the piece's closed tour.
        let f = dir.path().join(format!("{piece}-{board}.json"));
        kt().args(["solve", board, "--piece", piece, "--closed", "-o"])
            .arg(&f)
            .assert()
            .success();
        kt().arg("verify")
            .arg(&f)
            .assert()
            .success()
            .stdout(contains(format!("is a closed {board} {piece} tour")));
    }
    // From a given square, the cycle is opened there.
    let out = stdout(&[
        "solve", "60x60", "--piece", "giraffe", "--start", "c3", "--format", "summary",
    ]);
    assert!(
        out.contains("open giraffe tour by tiles") && out.contains("from c3"),
        "{out}"
    );
    // Both sides odd: no closed tour (the colours), said by the rule at once.
    kt().args(["solve", "61x61", "--piece", "giraffe", "--closed"])
        .assert()
        .code(1);
}

#[test]
fn a_king_tour_written_as_text_reads_back_as_the_kings() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("king.txt");
    kt().args(["solve", "5x5", "--piece", "king", "--start", "a1", "-o"])
        .arg(&f)
        .assert()
        .success();
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.starts_with("# piece: king\n"), "{text}");
    // verify reads the grid as the king's fully given puzzle: one solution, the tour.
    kt().arg("verify").arg(&f).assert().success();
    let moves = stdout(&["solve", "5x5", "--piece", "king", "--format", "moves"]);
    assert!(moves.starts_with("# piece: king\na"), "{moves}");
}

#[test]
fn a_wire_goes_round_two_by_two_macros_at_chip_scale() {
    // A 200x200 floor plan with ten 4x6 macros at even places: the shaped search ran out of
    // its budget here (exit 4); the wire round a spanning tree of 2x2 cells is built at once.
    let dir = tempfile::tempdir().unwrap();
    let blocks = dir.path().join("macros.txt");
    let macros: String = (0..10)
        .map(|k| format!("{},{},4,6\n", 10 + 18 * k, 20 + 16 * k))
        .collect();
    std::fs::write(&blocks, macros).unwrap();
    for (piece, ends) in [
        ("wazir", &["--start", "a1", "--end", "b1"][..]),
        ("wazir", &["--closed"][..]),
        ("king", &["--start", "a1", "--end", "a2"][..]),
    ] {
        let f = dir.path().join(format!("{piece}.json"));
        kt().args(["solve", "200x200", "--piece", piece, "--blocks"])
            .arg(&blocks)
            .args(ends)
            .arg("-o")
            .arg(&f)
            .assert()
            .success();
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        assert_eq!(v["method"].as_str(), Some("wire"), "{piece} {ends:?}");
        assert_eq!(v["path"].as_array().unwrap().len(), 40000 - 240);
        kt().arg("verify").arg(&f).assert().success();
    }
}
