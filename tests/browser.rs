//! The puzzle page in a real browser: headless Chromium opens `puzzle ... -o page.html` with a
//! driver script appended (`tests/browser/driver.js`) that plays through the page's own
//! buttons, squares and keys, and reports what the page showed. A missing browser fails the
//! test: `bash .ci/test` installs Debian's `chromium` first.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const DRIVER: &str = include_str!("browser/driver.js");

/// The browser: `KNIGHT_TOUR_CHROMIUM`, else the first Chromium on the usual paths.
fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("KNIGHT_TOUR_CHROMIUM") {
        return PathBuf::from(p);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/bin")])
        .collect();
    for name in ["chromium", "chromium-browser", "google-chrome"] {
        if let Some(p) = dirs.iter().map(|d| d.join(name)).find(|p| p.is_file()) {
            return p;
        }
    }
    panic!(
        "headless Chromium is needed for the browser tests and was not found; \
         run `bash .ci/test` (it installs Debian's chromium package) or set KNIGHT_TOUR_CHROMIUM"
    );
}

/// The DOM of `page` after its scripts ran, as headless Chromium dumps it.
fn dump_dom(page: &Path, dir: &Path) -> String {
    let out = dir.join("dom.html");
    let err = dir.join("chromium.log");
    let mut child = Command::new(chromium())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--allow-file-access-from-files",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("start chromium");
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 90 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        status.success(),
        "chromium failed ({status}): {}",
        std::fs::read_to_string(&err).unwrap_or_default()
    );
    std::fs::read_to_string(&out).unwrap()
}

/// Each puzzle's solution as row-major move numbers, from the batch's JSON.
fn solutions(json: &str) -> Vec<Vec<u64>> {
    let v: Value = serde_json::from_str(json).unwrap();
    let list = match v {
        Value::Array(a) => a,
        one => vec![one],
    };
    list.iter()
        .map(|p| {
            let cols = p["cols"].as_u64().unwrap();
            let mut grid = vec![0; (p["rows"].as_u64().unwrap() * cols) as usize];
            for (k, sq) in p["solution"].as_array().unwrap().iter().enumerate() {
                let (r, c) = (sq[0].as_u64().unwrap(), sq[1].as_u64().unwrap());
                grid[(r * cols + c) as usize] = k as u64 + 1;
            }
            grid
        })
        .collect()
}

/// Makes the page for `args`, plays it with the driver, returns the driver's report and the
/// solutions.
fn play(args: &[&str]) -> (Value, Vec<Vec<u64>>) {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("page.html");
    let mut make = args.to_vec();
    make.extend(["-o", page.to_str().unwrap()]);
    common::kt().args(&make).assert().success();
    // The same puzzles as JSON, for their solutions (the page's words are not part of it).
    let mut data: Vec<&str> = Vec::new();
    let mut words = false;
    for a in args {
        if std::mem::take(&mut words) {
            continue;
        }
        words = *a == "--lang";
        if !words {
            data.push(a);
        }
    }
    data.extend(["--format", "json"]);
    let sols = solutions(&common::stdout(&data));
    let html = std::fs::read_to_string(&page).unwrap();
    let end = html.rfind("</body>").expect("the page has a body");
    // The piece's moves as [rows, cols] distances, from the tests' own move lists.
    let piece = args
        .iter()
        .position(|a| *a == "--piece")
        .map(|i| args[i + 1]);
    let mut moves: Vec<[i64; 2]> = common::count::jumps(piece)
        .into_iter()
        .map(|(r, c)| [r.abs(), c.abs()])
        .collect();
    moves.sort_unstable();
    moves.dedup();
    let driven = format!(
        "{}<script>\nvar SOLUTIONS = {};\nvar MOVES = {};\n{DRIVER}</script>\n{}",
        &html[..end],
        serde_json::to_string(&sols).unwrap(),
        serde_json::to_string(&moves).unwrap(),
        &html[end..]
    );
    let driven_path = dir.path().join("driven.html");
    std::fs::write(&driven_path, driven).unwrap();
    let dom = dump_dom(&driven_path, dir.path());
    let start = dom
        .find("<pre id=\"driver-report\">")
        .unwrap_or_else(|| panic!("the driver wrote no report; the page's DOM:\n{dom}"));
    let body = &dom[start..];
    let text = &body[body.find('>').unwrap() + 1..body.find("</pre>").unwrap()];
    let text = text
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&nbsp;", "\u{a0}")
        .replace("&amp;", "&");
    let report: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(report["errors"], Value::Array(vec![]), "{report:#}");
    (report, sols)
}

/// The squares' shown values against a solution: every open square holds its number.
fn as_shown(solution: &[u64]) -> Vec<String> {
    solution
        .iter()
        .map(|&v| if v == 0 { "#".into() } else { v.to_string() })
        .collect()
}

#[test]
fn a_puzzle_is_played_to_the_end_in_a_browser() {
    let (r, sols) = play(&["puzzle", "6x6", "--count", "2", "--seed", "5"]);
    assert_eq!(r["sections"], 2, "{r:#}");
    assert_eq!(r["navLinks"], 2, "{r:#}");
    let first = &r["first"];
    let yes = |key: &str| assert_eq!(first[key], true, "{key}: {first:#}");

    // Keys: arrows move the one tab stop.
    yes("arrowRight");
    yes("arrowDown");
    assert_eq!(first["tabStops"], 1, "{first:#}");

    // A wrong entry, checked: that square alone is marked and named; undo takes it back.
    yes("wrongMarked");
    assert_eq!(first["marks"], 1, "{first:#}");
    let status = first["wrongStatus"].as_str().unwrap();
    assert!(status.starts_with("1 mistake, marked: "), "{status}");
    assert!(
        status.contains(&format!("({})", first["wrongValue"].as_str().unwrap())),
        "{status}"
    );
    yes("undone");

    // Clicks in order: a square that is no knight's move away is refused and counted.
    assert_eq!(first["orderPressed"], "true");
    assert_eq!(first["misstepValue"], "", "{first:#}");
    let misstep = first["misstepStatus"].as_str().unwrap();
    assert!(
        misstep.contains("cannot go on") && misstep.contains("(Missteps: 1)"),
        "{misstep}"
    );

    // The hint lights the legal squares for the next number, the right one among them.
    let hint = &first["hint"];
    assert_eq!(
        hint["label"],
        format!("Show where {} goes", hint["number"]),
        "{hint:#}"
    );
    assert_eq!(hint["includesAnswer"], true, "{hint:#}");
    assert_eq!(hint["allMoves"], true, "{hint:#}");
    assert!(hint["count"].as_u64().unwrap() >= 1);
    assert_eq!(first["hintOff"], 0);

    // Typing digit by digit is one undo step; Space places the next number.
    let typed = first["digitwise"].as_str().unwrap();
    assert!(typed.len() == 2, "{first:#}");
    assert_eq!(first["digitwiseUndone"], "");
    assert_eq!(first["digitwiseRedone"], typed);
    assert_eq!(
        first["spaceValue"],
        first["spaceNumber"].to_string(),
        "{first:#}"
    );

    // Two numbers swapped are caught and marked, not taken for a solution.
    assert_eq!(first["swappedSolved"], false, "{first:#}");
    assert_eq!(first["swappedMarks"], 2, "{first:#}");
    yes("swappedMarkedThem");
    yes("solvedAgain");

    // The end: solved, said so, ticked in the list, and the numbers are the solution.
    yes("solved");
    yes("navDone");
    assert!(
        first["status"].as_str().unwrap().starts_with("Solved!"),
        "{first:#}"
    );
    assert_eq!(
        first["values"],
        serde_json::to_value(as_shown(&sols[0])).unwrap()
    );

    // Reveal shows the solution without calling it solved; undo brings back the givens only.
    let second = &r["second"];
    assert_eq!(second["revealed"], true, "{second:#}");
    assert_eq!(second["solvedClass"], false, "{second:#}");
    assert!(second["status"].as_str().unwrap().starts_with("Revealed"));
    assert_eq!(
        second["values"],
        serde_json::to_value(as_shown(&sols[1])).unwrap()
    );
    let after = second["afterUndo"].as_array().unwrap();
    let blanks = after.iter().filter(|v| *v == "").count();
    assert!(blanks > 0 && blanks < after.len(), "{second:#}");
}

#[test]
fn hidato_and_numbrix_are_played_by_their_pieces_moves() {
    for piece in ["king", "wazir"] {
        let (r, sols) = play(&[
            "puzzle", "6x6", "--piece", piece, "--count", "2", "--seed", "5",
        ]);
        let first = &r["first"];
        // A square no move of the piece away is refused; the hint lights only its moves.
        let misstep = first["misstepStatus"].as_str().unwrap();
        assert!(misstep.contains("cannot go on"), "{piece}: {misstep}");
        assert_eq!(first["hint"]["allMoves"], true, "{piece}: {first:#}");
        assert_eq!(first["hint"]["includesAnswer"], true, "{piece}: {first:#}");
        // Played to the end: the page accepts the piece's steps as a solution.
        assert_eq!(first["solved"], true, "{piece}: {first:#}");
        assert_eq!(
            first["values"],
            serde_json::to_value(as_shown(&sols[0])).unwrap()
        );
    }
}

#[test]
fn a_closed_puzzle_with_a_hole_is_solved_in_a_browser() {
    // The closing move (last number back to 1) is part of the rule the page checks.
    let (r, sols) = play(&[
        "puzzle", "6x6", "--closed", "--seed", "3", "--holes", "a1,b1", "--count", "1",
    ]);
    let first = &r["first"];
    assert_eq!(first["solved"], true, "{first:#}");
    assert_eq!(
        first["values"],
        serde_json::to_value(as_shown(&sols[0])).unwrap()
    );
    assert!(first["values"].as_array().unwrap().contains(&"#".into()));
}

#[test]
fn the_play_page_speaks_chinese_with_lang_zh() {
    let (r, _) = play(&[
        "puzzle", "6x6", "--count", "2", "--seed", "5", "--lang", "zh",
    ]);
    let first = &r["first"];
    let status = first["wrongStatus"].as_str().unwrap();
    assert!(status.starts_with("有 1 处错误，已标出："), "{status}");
    assert!(
        first["status"].as_str().unwrap().starts_with("做对了！"),
        "{first:#}"
    );
    assert!(r["second"]["status"]
        .as_str()
        .unwrap()
        .starts_with("已显示答案"));

    // The page as a pupil opens it: every word on it Chinese, read back from the DOM.
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("zh.html");
    common::kt()
        .args([
            "puzzle", "6x6", "--count", "2", "--seed", "5", "--lang", "zh",
        ])
        .args(["--title", "骑士巡游练习", "-o", page.to_str().unwrap()])
        .assert()
        .success();
    let dom = dump_dom(&page, dir.path());
    for want in [
        "<html lang=\"zh-Hans\">",
        "<h1>骑士巡游练习</h1>",
        "填入缺少的数字",
        ">第 1 题</h2>",
        ">按顺序填</button>",
        "可以填在哪里</button>",
        ">检查</button>",
        ">打印</button>",
        "已填 36 个格子中的",
    ] {
        assert!(dom.contains(want), "'{want}' not in the page:\n{dom}");
    }
    for english in ["Place in order", "Puzzle 1", "squares filled", "Print<"] {
        assert!(
            !dom.contains(english),
            "'{english}' left in English:\n{dom}"
        );
    }
}
