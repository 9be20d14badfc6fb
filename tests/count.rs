//! `count` through the real binary, against published counts: OEIS A001230 (closed 6x6),
//! A165134 (directed open 5x5, and its table of starts), Luschny's table (A390833),
//! Knuth's ragged boards (A389755), and grid graphs for the wazir (A003763; 2^(k-1) cycles on
//! 3 x 2k, a number past any machine integer).

mod common;
use common::{kt, stdout};
use predicates::str::contains;

/// The first line of `count ARGS`: the number alone.
fn first(args: &[&str]) -> String {
    let mut all = vec!["count"];
    all.extend_from_slice(args);
    stdout(&all).lines().next().unwrap().to_string()
}

#[test]
fn luschnys_table_and_the_oeis_are_reproduced() {
    for (board, paths, cycles) in [
        ("3x4", "8", "0"),
        ("4x3", "8", "0"),
        ("3x10", "3048", "16"),
        ("4x7", "6378", "0"),
        ("5x5", "864", "0"),
        ("6x5", "18784", "8"),
    ] {
        assert_eq!(first(&[board]), paths, "{board} paths");
        assert_eq!(first(&[board, "--closed"]), cycles, "{board} cycles");
    }
    assert_eq!(first(&["6x6", "--closed"]), "9862");
    assert_eq!(first(&["6", "--closed", "--directed"]), "19724");
    assert_eq!(first(&["5x5", "--directed"]), "1728");
}

#[test]
fn given_ends_match_the_table_of_starts() {
    // OEIS A165134's table for 5x5: 304 tours from a corner, 56 from a3 or b2, 64 from the
    // centre, none from b1 or b3 (4 x 304 + 8 x 56 + 64 = 1728).
    let table = [
        ("a1", "304"),
        ("e5", "304"),
        ("a3", "56"),
        ("b2", "56"),
        ("c3", "64"),
        ("b1", "0"),
        ("b3", "0"),
    ];
    for (start, want) in table {
        assert_eq!(first(&["5x5", "--start", start]), want, "from {start}");
        assert_eq!(first(&["5x5", "--end", start]), want, "to {start}");
        assert_eq!(first(&["5x5", "--start", start, "--directed"]), want);
    }
    // Every tour from a1 ends somewhere: the ends' counts add up to the starts' count.
    let mut sum = 0u64;
    for file in 'a'..='e' {
        for rank in 1..=5 {
            let end = format!("{file}{rank}");
            if end != "a1" {
                sum += first(&["5x5", "--start", "a1", "--end", &end])
                    .parse::<u64>()
                    .unwrap();
            }
        }
    }
    assert_eq!(sum, 304);
    let text = stdout(&["count", "5x5", "--start", "a1"]);
    assert!(
        text.contains("from a1: the given end fixes each tour's direction"),
        "{text}"
    );
}

#[test]
fn holes_match_knuths_ragged_boards() {
    // A389755: the first n cells of 5 x ceil(n/5) taken column by column.
    assert_eq!(first(&["5x3", "--holes", "c1"]), "4");
    assert_eq!(first(&["5x4", "--holes", "d1"]), "144");
    assert_eq!(first(&["5x4", "--holes", "d1,d2"]), "95");
}

#[test]
fn other_pieces_and_numbers_of_any_size() {
    // Hamiltonian cycles of grid graphs (OEIS A003763): 6 on 4x4, 4638576 on 8x8.
    assert_eq!(first(&["4x4", "--piece", "wazir", "--closed"]), "6");
    assert_eq!(first(&["8x8", "--piece", "0,1", "--closed"]), "4638576");
    // 3 x 2k has 2^(k-1) of them: 2^199 on 3x400, computed here in decimal by doubling.
    let mut power = vec![1u8];
    for _ in 0..199 {
        let mut carry = 0;
        for d in power.iter_mut() {
            let v = *d * 2 + carry;
            *d = v % 10;
            carry = v / 10;
        }
        if carry > 0 {
            power.push(carry);
        }
    }
    let want: String = power.iter().rev().map(|d| char::from(b'0' + d)).collect();
    assert_eq!(first(&["3x400", "--piece", "wazir", "--closed"]), want);
    // The king on 3x3 and the giraffe where it cannot move: zero, said as a count.
    assert_eq!(first(&["3x3", "--piece", "giraffe"]), "0");
}

#[test]
fn json_carries_both_conventions() {
    let text = stdout(&["count", "5x5", "--format", "json", "--holes", "a1"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "knight-tour-count/1");
    assert_eq!(v["holes"], serde_json::json!([[4, 0]]));
    assert_eq!(v["directed"], false);
    let (count, directed) = (&v["count"], &v["directed_count"]);
    assert_eq!(directed.as_u64().unwrap(), 2 * count.as_u64().unwrap());
    assert_eq!(v["undirected_count"], *count);
    assert_eq!(v["method"], "frontier");
    assert!(v["peak_states"].as_u64().unwrap() > 0);
}

#[test]
fn bad_questions_get_one_line_and_their_exit_code() {
    let one_line = |args: &[&str], code: i32, says: &str| {
        let out = kt()
            .arg("count")
            .args(args)
            .assert()
            .code(code)
            .stderr(contains(says));
        let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: "), "{err}");
    };
    one_line(
        &["6x6", "--closed", "--start", "a1"],
        2,
        "hint: count open tours",
    );
    one_line(&["5x5", "--start", "a1", "--holes", "a1"], 2, "is a hole");
    one_line(
        &["5x5", "--start", "c3", "--end", "c3"],
        2,
        "give two different squares",
    );
    one_line(
        &["6x6", "--max-states", "100"],
        4,
        "hint: raise --max-states",
    );
    one_line(&["40x40"], 4, "frontier");
    one_line(&["5x5", "--piece", "rook"], 2, "rook");
}
