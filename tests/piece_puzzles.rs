//! Puzzles for every piece through the real binary: Hidato (king), Numbrix (wazir) and leaper
//! puzzles are unique by an independent count, their solutions step by the piece's own moves,
//! files carry the piece and read it back, answers are marked by the piece, and worksheets and
//! the play page say the piece's words.

mod common;

use common::count::{jumps, solutions};
use common::{kt, stdout};
use predicates::str::contains;
use serde_json::Value;

/// Makes puzzles as JSON and returns them as values.
fn made(args: &[&str]) -> Vec<Value> {
    let out = stdout(&[&["puzzle"], args, &["--format", "json"]].concat());
    match serde_json::from_str(&out).unwrap() {
        Value::Array(a) => a,
        one => vec![one],
    }
}

/// Checks one puzzle object: its piece, one solution by the independent count, a solution
/// that steps by the piece's moves (the tests' own list) through every open square and agrees
/// with the givens.
fn check_puzzle(p: &Value, piece: &str) {
    assert_eq!(p["piece"].as_str(), Some(piece), "{p}");
    assert_eq!(solutions(p, 2), 1, "not unique: {p}");
    let cols = p["cols"].as_i64().unwrap();
    let moves = jumps(Some(piece));
    let path: Vec<(i64, i64)> = p["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_i64().unwrap(), s[1].as_i64().unwrap()))
        .collect();
    let holes = p["holes"].as_array().map_or(0, Vec::len);
    let rows = p["rows"].as_i64().unwrap();
    assert_eq!(path.len() as i64, rows * cols - holes as i64);
    let mut steps: Vec<((i64, i64), (i64, i64))> = path.windows(2).map(|w| (w[0], w[1])).collect();
    if p["closed"].as_bool().unwrap() {
        steps.push((path[path.len() - 1], path[0]));
    }
    for (a, b) in steps {
        assert!(
            moves.contains(&(b.0 - a.0, b.1 - a.1)),
            "{a:?} -> {b:?} is no {piece} move"
        );
    }
    for g in p["givens"].as_array().unwrap() {
        let k = g[2].as_u64().unwrap() as usize;
        assert_eq!(
            path[k - 1],
            (g[0].as_i64().unwrap(), g[1].as_i64().unwrap())
        );
    }
}

#[test]
fn hidato_numbrix_and_leaper_puzzles_are_unique_and_graded() {
    for (piece, board, extra) in [
        ("king", "6x6", &[][..]),
        ("wazir", "6x6", &[][..]),
        ("king", "5x5", &["--closed"][..]),
        ("wazir", "4x6", &["--closed"][..]),
        ("giraffe", "5x8", &[][..]),
        ("king", "6x6", &["--holes", "c3,d4"][..]),
        ("wazir", "6x6", &["--holes", "c3,c4"][..]),
    ] {
        for grade in ["easy", "medium", "hard"] {
            let args = [
                &[
                    board,
                    "--piece",
                    piece,
                    "--difficulty",
                    grade,
                    "--count",
                    "2",
                ][..],
                &["--seed", "7"],
                extra,
            ]
            .concat();
            for p in made(&args) {
                check_puzzle(&p, piece);
                assert_eq!(p["closed"].as_bool(), Some(extra == ["--closed"]));
                // These boards reach every grade asked for with this seed.
                assert_eq!(p["difficulty"].as_str(), Some(grade), "{piece} {board}");
            }
        }
    }
}

#[test]
fn the_piece_travels_through_files_and_checks() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("hidato.json");
    let text = dir.path().join("hidato.txt");
    kt().args(["puzzle", "7x7", "--piece", "king", "--seed", "3", "-o"])
        .arg(&json)
        .assert()
        .success()
        .stderr(contains("puzzle 1: 7x7 open king,"));
    kt().args(["puzzle", "7x7", "--piece", "king", "--seed", "3", "-o"])
        .arg(&text)
        .assert()
        .success();
    let grid = std::fs::read_to_string(&text).unwrap();
    assert!(grid.contains("# piece: king\n"), "{grid}");
    // Both read back as the king's, and solve to the same unique tour.
    let from_json = stdout(&["puzzle", "solve", json.to_str().unwrap()]);
    let from_text = stdout(&["puzzle", "solve", text.to_str().unwrap()]);
    assert!(from_json.starts_with("exactly one solution"), "{from_json}");
    assert_eq!(
        from_json.lines().skip(1).collect::<Vec<_>>(),
        from_text.lines().skip(1).collect::<Vec<_>>()
    );
    kt().arg("verify").arg(&json).assert().success();
    // The same grid read as a knight's is refused, naming both pieces.
    kt().args(["puzzle", "solve", "--piece", "knight"])
        .arg(&text)
        .assert()
        .code(2)
        .stderr(contains(
            "the grid is for the king, but knight was named too",
        ));
    // A JSON file says for itself.
    kt().args(["puzzle", "solve", "--piece", "king"])
        .arg(&json)
        .assert()
        .code(2)
        .stderr(contains("--piece does not apply to the JSON file"));
    // Without its piece line, the grid is a knight's puzzle the givens contradict.
    let bare: String = grid
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    let bare_path = dir.path().join("bare.txt");
    std::fs::write(&bare_path, &bare).unwrap();
    kt().args(["puzzle", "solve"])
        .arg(&bare_path)
        .assert()
        .code(1)
        .stderr(contains("knight moves apart on the board"));
    kt().args(["puzzle", "solve", "--piece", "king"])
        .arg(&bare_path)
        .assert()
        .success()
        .stdout(contains("exactly one solution"));

    // Answers are judged by the king's moves.
    let solved: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let mut grid = vec![vec![0u64; 7]; 7];
    for (k, s) in solved["solution"].as_array().unwrap().iter().enumerate() {
        grid[s[0].as_u64().unwrap() as usize][s[1].as_u64().unwrap() as usize] = k as u64 + 1;
    }
    let write = |g: &Vec<Vec<u64>>, name: &str| {
        let path = dir.path().join(name);
        let t: String = g
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        std::fs::write(&path, t).unwrap();
        path
    };
    let right = write(&grid, "right.txt");
    kt().args(["puzzle", "check"])
        .arg(&json)
        .arg(&right)
        .assert()
        .success()
        .stdout(contains("each a king's move from the next"));
    // Swap two blank squares' numbers that are far apart: some step is no king's move.
    let givens: Vec<(usize, usize)> = solved["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g[0].as_u64().unwrap() as usize,
                g[1].as_u64().unwrap() as usize,
            )
        })
        .collect();
    let blanks: Vec<(usize, usize)> = (0..49)
        .map(|i| (i / 7, i % 7))
        .filter(|s| !givens.contains(s))
        .collect();
    let (a, b) = (blanks[0], blanks[blanks.len() - 1]);
    let mut wrong = grid.clone();
    (wrong[a.0][a.1], wrong[b.0][b.1]) = (grid[b.0][b.1], grid[a.0][a.1]);
    let wrong = write(&wrong, "wrong.txt");
    let marked = dir.path().join("marked.png");
    kt().args(["puzzle", "check"])
        .arg(&json)
        .arg(&wrong)
        .arg("-o")
        .arg(&marked)
        .assert()
        .code(1)
        .stdout(contains("not a king's move apart"));
    assert!(std::fs::read(&marked).unwrap().starts_with(b"\x89PNG"));
}

/// The text of a PDF, by pdftotext (installed by .ci/test).
fn pdf_text(path: &std::path::Path) -> String {
    let out = std::process::Command::new("pdftotext")
        .arg(path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) runs");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn worksheets_say_each_pieces_move_in_words() {
    let dir = tempfile::tempdir().unwrap();
    for (piece, lang, words) in [
        (
            "knight",
            "en",
            &[
                "Knight's Tour Puzzles",
                "two squares in one direction and one",
            ][..],
        ),
        (
            "king",
            "en",
            &[
                "Hidato Puzzles",
                "a king's move from the next",
                "diagonals too",
            ][..],
        ),
        (
            "wazir",
            "en",
            &[
                "Numbrix Puzzles",
                "one step from the next",
                "never diagonally",
            ][..],
        ),
        (
            "zebra",
            "en",
            &[
                "Zebra Tour Puzzles",
                "3 squares in one direction and 2 to the side",
            ][..],
        ),
        ("king", "zh", &["国王巡游练习（Hidato）", "一步王步"][..]),
        (
            "wazir",
            "zh",
            &["一步巡游练习（Numbrix）", "不能斜着走"][..],
        ),
    ] {
        let board = if piece == "zebra" { "10x10" } else { "6x6" };
        let pdf = dir.path().join(format!("{piece}-{lang}.pdf"));
        kt().args([
            "puzzle", board, "--piece", piece, "--lang", lang, "--seed", "1",
        ])
        .args(["--difficulty", "easy", "-o"])
        .arg(&pdf)
        .assert()
        .success();
        // pdftotext breaks lines where the page does: compare without the breaks.
        let text: String = pdf_text(&pdf)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let squeezed: String = text.split(' ').collect();
        for w in words {
            let w_squeezed: String = w.split(' ').collect();
            assert!(
                text.contains(w) || squeezed.contains(&w_squeezed),
                "{piece} {lang}: '{w}' not in {text}"
            );
        }
    }
}

#[test]
fn the_play_page_carries_the_pieces_moves() {
    let wazir = stdout(&[
        "puzzle", "5x5", "--piece", "wazir", "--seed", "2", "--format", "html",
    ]);
    assert!(
        wazir.contains("\"moves\":[[0,1],[1,0]]"),
        "the wazir's moves"
    );
    assert!(wazir.contains("Numbrix Puzzles"));
    let king = stdout(&[
        "puzzle", "5x5", "--piece", "king", "--seed", "2", "--format", "html",
    ]);
    assert!(
        king.contains("\"moves\":[[0,1],[1,0],[1,1]]"),
        "the king's moves"
    );
    let knight = stdout(&["puzzle", "5x5", "--seed", "2", "--format", "html"]);
    assert!(
        !knight.contains("\"moves\""),
        "the knight's page names no moves"
    );
}

#[test]
fn pieces_without_puzzles_are_refused_with_the_reason() {
    // A colour-bound piece never tours a whole board.
    kt().args(["puzzle", "6x6", "--piece", "ferz"])
        .assert()
        .code(1)
        .stderr(contains("colour-bound"));
    // The zebra's graph on 5x5 falls apart (Knuth's theorem).
    kt().args(["puzzle", "5x5", "--piece", "zebra"])
        .assert()
        .code(1)
        .stderr(contains("not connected"));
    kt().args(["puzzle", "6x6", "--piece", "dragon"])
        .assert()
        .code(2)
        .stderr(contains("unknown piece 'dragon'"));
}
