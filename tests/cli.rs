//! The real binary: commands, formats, exit codes and error messages.

use predicates::prelude::*;
use predicates::str::contains;

mod common;
use common::kt;

#[test]
fn solve_8x8_prints_a_numbered_grid() {
    let out = kt()
        .args(["solve", "8x8"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let mut nums: Vec<u32> = text
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(text.lines().count(), 8);
    nums.sort();
    assert_eq!(nums, (1..=64).collect::<Vec<_>>());
}

#[test]
fn json_round_trips_through_verify() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    kt().args(["solve", "5x5", "--start", "c3", "--format", "json", "-o"])
        .arg(&f)
        .assert()
        .success();
    let text = std::fs::read_to_string(&f).unwrap();
    assert!(text.starts_with(
        "{\"format\": \"knight-tour/1\", \"rows\": 5, \"cols\": 5, \"closed\": false,"
    ));
    assert!(text.contains("\"path\": [[2, 2], "));
    kt().arg("verify")
        .arg(&f)
        .assert()
        .success()
        .stdout(contains("ok:"));
}

#[test]
fn divide_json_carries_tiles() {
    let out = kt()
        .args([
            "solve", "34x34", "--closed", "--method", "divide", "--format", "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["closed"], true);
    assert_eq!(v["method"], "divide");
    assert_eq!(v["path"].as_array().unwrap().len(), 34 * 34);
    assert!(v["tiles"].as_array().unwrap().len() >= 4);
}

#[test]
fn same_seed_same_bytes() {
    let run = || {
        kt().args([
            "solve", "20x20", "--closed", "--seed", "9", "--format", "json",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
    };
    assert_eq!(run(), run());
}

#[test]
fn other_formats() {
    kt().args(["solve", "5x5", "--format", "moves"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("a5\n"));
    kt().args(["solve", "5x5", "--format", "csv"])
        .assert()
        .success()
        .stdout(predicate::str::starts_with(
            "move,row,col,square\n1,0,0,a5\n",
        ));
    kt().args(["solve", "1000x1000", "--closed", "--format", "summary"])
        .assert()
        .success()
        .stdout(
            contains("1000x1000 closed tour by divide")
                .and(contains("verified ok"))
                .and(contains("peak memory")),
        );
}

#[test]
fn exists_answers_with_reasons() {
    kt().args(["exists", "4x20", "--open", "--start", "b2"])
        .assert()
        .code(1)
        .stdout(contains("inner"));
    kt().args(["exists", "4x20", "--open", "--start", "b1"])
        .assert()
        .success();
    kt().args(["exists", "5x5", "--closed"])
        .assert()
        .code(1)
        .stdout(contains("both sides are odd"));
    kt().args(["exists", "8x8"]).assert().success();
}

fn bad(args: &[&str], code: i32, needle: &str) {
    let a = kt().args(args).assert().code(code);
    let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?}: {err}");
}

#[test]
fn bad_input_gets_one_line() {
    bad(&["solve", "0"], 2, "side of zero");
    bad(&["solve", "8y8"], 2, "not a board size");
    bad(&["solve", "-3x5"], 2, "not a board size");
    bad(&["solve", "1x0"], 2, "side of zero");
    bad(&["solve", "x8"], 2, "not a board size");
    bad(&["solve", "2x9"], 1, "two squares wide");
    bad(&["solve", "5x5", "--closed"], 1, "both sides are odd");
    bad(&["solve", "4x20", "--start", "b2"], 1, "inner");
    bad(&["solve", "8x8", "--start", "z9"], 2, "off the 8x8 board");
    bad(&["solve", "3x3"], 1, "no tour on 3x3");
    bad(&["solve", "100000x100000"], 2, "45.0 GB");
    bad(
        &["solve", "8x8", "-o", "/nonexistent-dir/x.json"],
        2,
        "does not exist",
    );
    bad(&["solve", "8x8", "-o", "x.weird"], 2, "extension");
}

fn verify_text(text: &str, code: i32, needle: &str) {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    std::fs::write(&f, text).unwrap();
    let a = kt().arg("verify").arg(&f).assert().code(code);
    let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
    assert!(
        err.starts_with("error: ") && err.contains(needle),
        "{text}: {err}"
    );
}

#[test]
fn verify_names_the_fault() {
    let head =
        "{\"format\": \"knight-tour/1\", \"rows\": 3, \"cols\": 4, \"closed\": false, \"path\": ";
    verify_text("", 2, "empty");
    verify_text(&format!("{head}[[0, 0], [2"), 2, "not a valid tour file");
    verify_text(
        "{\"format\": \"chess/9\", \"rows\": 3, \"cols\": 4, \"closed\": false, \"path\": []}",
        2,
        "format tag",
    );
    verify_text(
        &format!("{head}[[0, 0], [2, 1], [0, 0]]}}"),
        1,
        "visited twice, at moves 1 and 3",
    );
    verify_text(
        &format!("{head}[[0, 0], [1, 1]]}}"),
        1,
        "not a knight's move apart",
    );
    verify_text(&format!("{head}[[0, 0], [2, 1]]}}"), 1, "never visited");
    verify_text(&format!("{head}[[0, 0], [9, 1]]}}"), 1, "off the 3x4 board");
}

#[test]
fn failed_write_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    std::fs::write(&f, "keep").unwrap();
    kt().args(["solve", "2x2", "-o"]).arg(&f).assert().code(1);
    assert_eq!(std::fs::read_to_string(&f).unwrap(), "keep");
}

#[test]
fn help_shows_examples() {
    kt().args(["solve", "--help"])
        .assert()
        .success()
        .stdout(contains("Examples:"));
}

#[test]
fn completions_and_man_page() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let out = common::stdout(&["completions", shell]);
        assert!(out.contains("knight-tour"), "{shell}");
        assert!(out.contains("closed"), "{shell}: options are completed");
    }
    let man = common::stdout(&["man"]);
    assert!(man.contains(".TH knight-tour 1"), "{man}");
    assert!(man.contains("solve"));
    kt().args(["completions", "tcsh"]).assert().code(2);
    let version = common::stdout(&["--version"]);
    assert_eq!(
        version.trim(),
        format!("knight-tour {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn end_square_is_reached_checked_and_explained() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    kt().args(["solve", "8x8", "--start", "a1", "--end", "h1", "-o"])
        .arg(&f)
        .assert()
        .success();
    kt().arg("verify")
        .arg(&f)
        .args(["--start", "a1", "--end", "h1"])
        .assert()
        .success()
        .stdout(contains("from a1 to h1"));
    kt().arg("verify")
        .arg(&f)
        .args(["--end", "h2"])
        .assert()
        .code(1)
        .stderr(contains("the tour ends on h1, not h2"));
    kt().args(["exists", "8x8", "--start", "a1", "--end", "h8"])
        .assert()
        .code(1)
        .stdout(contains("differ in colour"));
    kt().args(["exists", "5x5", "--start", "c3", "--end", "a3"])
        .assert()
        .code(1)
        .stdout(contains("on 5x5 every tour has a corner at one end"));
    kt().args(["exists", "5x8", "--start", "b3", "--end", "c3"])
        .assert()
        .code(1)
        .stdout(contains("a5 or a1"));
    for command in ["solve", "puzzle"] {
        kt().args([command, "8x8", "--closed", "--end", "h1"])
            .assert()
            .code(2)
            .stderr(contains("error: --end does not apply to --closed"));
    }
    kt().args(["solve", "8x8", "--method", "warnsdorff", "--end", "h1"])
        .assert()
        .code(2);
    kt().args([
        "solve", "4x9", "--start", "a1", "--end", "i4", "--format", "summary",
    ])
    .assert()
    .success()
    .stdout(contains("from a1 to i4"));
}

#[test]
fn draw_joins_the_ends_over_the_tiles() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("f.svg");
    kt().args([
        "draw", "34x34", "--start", "a1", "--end", "b1", "--style", "tiles", "-o",
    ])
    .arg(&f)
    .assert()
    .success();
    let svg = std::fs::read_to_string(&f).unwrap();
    assert!(svg.starts_with("<svg") || svg.starts_with("<?xml"));
}

#[test]
fn puzzle_fixes_its_first_and_last_numbers() {
    let text = common::stdout(&[
        "puzzle", "8x8", "--start", "a1", "--end", "h1", "--seed", "7",
    ]);
    // The grid prints rank 8 first, so a1 and h1 are the ends of the last line.
    let bottom: Vec<&str> = text.lines().last().unwrap().split_whitespace().collect();
    assert_eq!((bottom[0], bottom[7]), ("1", "64"), "{text}");
    kt().args(["puzzle", "8x8", "--start", "a1", "--end", "h8"])
        .assert()
        .code(1)
        .stderr(contains("differ in colour"));
}
