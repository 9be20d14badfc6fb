//! `puzzle` and `puzzle solve` through the real binary: worksheets, answer keys, files, and
//! every bad input.

use std::path::Path;

use knight_tour::io::puzzle::read_puzzles;
use knight_tour::puzzle::Solutions;
use knight_tour::puzzle::Verdict;
use knight_tour::puzzle::{Geometry, Grade, Puzzle};
use predicates::str::contains;

mod common;
use common::{kt, stdout};

fn pdf_pages(path: &Path) -> usize {
    let bytes = std::fs::read(path).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let i = text.find("/Count ").expect("a page tree");
    text[i + 7..]
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect::<String>()
        .parse()
        .unwrap()
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn done_when_worksheet_and_key_with_unique_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let (sheet, key, json) = (
        dir.path().join("sheet.pdf"),
        dir.path().join("key.pdf"),
        dir.path().join("p.json"),
    );
    let args = [
        "puzzle",
        "8x8",
        "--count",
        "6",
        "--difficulty",
        "medium",
        "--seed",
        "1",
    ];
    kt().args(args)
        .arg("-o")
        .arg(&sheet)
        .arg("--answers")
        .arg(&key)
        .assert()
        .success()
        .stderr(contains("puzzle 6: 8x8 open"))
        .stderr(contains("wrote"));
    let pages = pdf_pages(&sheet) + pdf_pages(&key);
    assert!(pages >= 2, "{pages} pages");
    let pdf = std::fs::read(&sheet).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
    assert!(
        String::from_utf8_lossy(&pdf).contains("FontFile"),
        "the worksheet's text is set in an embedded font"
    );
    // The same seed gives the same puzzles as JSON; each is unique and graded as stored.
    kt().args(args)
        .args(["--format", "json", "-o"])
        .arg(&json)
        .assert()
        .success();
    let puzzles = read_puzzles(
        &std::fs::read_to_string(&json).unwrap(),
        knight_tour::Kind::Open,
    )
    .unwrap();
    assert_eq!(puzzles.len(), 6);
    // Unique by a count that shares nothing with the generator's solver.
    let raw: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    for (i, p) in raw.as_array().unwrap().iter().enumerate() {
        assert_eq!(common::count::solutions(p, 2), 1, "puzzle {}", i + 1);
    }
    for (i, f) in puzzles.iter().enumerate() {
        let geo = Geometry::new(f.puzzle.board());
        let solution = f.solution.clone().expect("solutions are stored");
        solution.verify().unwrap();
        let o = knight_tour::puzzle::solve(&f.puzzle, &geo, u64::MAX).unwrap();
        assert_eq!(o.solutions, Solutions::One(solution), "puzzle {}", i + 1);
        assert_eq!(f.seed, Some(1 + i as u64));
        let stored: Grade = f.difficulty.as_deref().unwrap().parse().unwrap();
        assert_eq!(stored, knight_tour::puzzle::grade_of(&f.puzzle, &geo));
        assert!(stored <= Grade::Medium);
        assert!(matches!(
            knight_tour::puzzle::grade(&f.puzzle, &geo, Grade::Medium),
            Verdict::Solved { .. }
        ));
    }
    kt().arg("verify")
        .arg(&json)
        .assert()
        .success()
        .stdout(contains("6 puzzles"));
    kt().args(["puzzle", "solve"]).arg(&json).assert().success();
}

#[test]
fn answers_same_puts_the_key_pages_after_the_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "puzzle",
        "6x6",
        "--count",
        "3",
        "--per-page",
        "2",
        "--seed",
        "5",
    ];
    let run = |out: &str, key: &str| {
        let dpi: &[&str] = if out.ends_with(".png") {
            &["--dpi", "40"]
        } else {
            &[]
        };
        kt().current_dir(dir.path())
            .args(args)
            .args(dpi)
            .args(["-o", out, "--answers", key])
            .assert()
            .success();
    };
    run("apart.png", "key.png");
    run("same.png", "same");
    run("apart.pdf", "key.pdf");
    run("same.pdf", "same");
    run("apart.svg", "key.svg");
    run("same.svg", "same");
    let read = |f: &str| std::fs::read_to_string(dir.path().join(f)).unwrap();
    // Two puzzle pages, then the two key pages: one document numbers them 1 to 4 of 4, two
    // documents 1 to 2 of 2 each; otherwise the pages are the same.
    for (same, apart, n, m) in [
        ("same-1.svg", "apart-1.svg", "page 1 of 4", "page 1 of 2"),
        ("same-2.svg", "apart-2.svg", "page 2 of 4", "page 2 of 2"),
        ("same-3.svg", "key-1.svg", "page 3 of 4", "page 1 of 2"),
        ("same-4.svg", "key-2.svg", "page 4 of 4", "page 2 of 2"),
    ] {
        let (a, b) = (read(same), read(apart));
        assert!(a.contains(n) && b.contains(m), "{same}, {apart}");
        assert_eq!(
            a.replace(n, "page N"),
            b.replace(m, "page N"),
            "{same} and {apart} differ past their numbers"
        );
    }
    for png in ["same-1.png", "same-4.png", "apart-1.png", "key-2.png"] {
        assert!(dir.path().join(png).exists(), "{png}");
    }
    let pages = |f: &str| pdf_pages(&dir.path().join(f));
    assert_eq!(pages("same.pdf"), pages("apart.pdf") + pages("key.pdf"));
    assert_eq!(pages("same.pdf"), 4);
}

#[test]
fn dark_themes_are_lightened_on_worksheets_and_keys() {
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args([
            "puzzle",
            "6x6",
            "--count",
            "1",
            "--per-page",
            "1",
            "--seed",
            "2",
        ])
        .args([
            "--theme",
            "vlsi",
            "--dpi",
            "40",
            "-o",
            "s.png",
            "--answers",
            "same",
        ])
        .assert()
        .success();
    for page in ["s-1.png", "s-2.png"] {
        let png = common::rgba(&std::fs::read(dir.path().join(page)).unwrap()).unwrap();
        let dark = png
            .rgba
            .chunks(4)
            .filter(|p| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 3 * 90)
            .count();
        // The board covers about half the page; its squares must not be the ink.
        let share = dark as f64 / (png.width * png.height) as f64;
        assert!(share < 0.08, "{page}: {share:.3} of the page is dark");
    }
}

#[test]
fn outputs_are_byte_identical_for_one_seed() {
    let dir = tempfile::tempdir().unwrap();
    let mut outs = Vec::new();
    for run in 0..2 {
        let (pdf, svg) = (
            dir.path().join(format!("s{run}.pdf")),
            dir.path().join(format!("s{run}.svg")),
        );
        for out in [&pdf, &svg] {
            kt().args([
                "puzzle", "8x8", "--count", "3", "--seed", "9", "--closed", "-o",
            ])
            .arg(out)
            .assert()
            .success();
        }
        outs.push((std::fs::read(&pdf).unwrap(), std::fs::read(&svg).unwrap()));
    }
    assert!(outs[0] == outs[1]);
}

#[test]
fn png_pages_decode_one_file_per_page() {
    let dir = tempfile::tempdir().unwrap();
    kt().args([
        "puzzle",
        "6x6",
        "--count",
        "3",
        "--per-page",
        "2",
        "--seed",
        "4",
    ])
    .args(["--page", "letter", "--dpi", "100", "-o"])
    .arg(dir.path().join("s.png"))
    .arg("--answers")
    .arg(dir.path().join("k.svg"))
    .assert()
    .success();
    assert_eq!(
        files_in(dir.path()),
        ["k-1.svg", "k-2.svg", "s-1.png", "s-2.png"]
    );
    let png = common::rgba(&std::fs::read(dir.path().join("s-1.png")).unwrap()).unwrap();
    // Letter at 100 dpi: 8.5 x 11 inches.
    assert_eq!((png.width, png.height), (850, 1100));
    let dark = png
        .rgba
        .chunks(4)
        .filter(|p| (p[0] as u32 + p[1] as u32 + p[2] as u32) < 150)
        .count();
    // Title, text, grid lines and givens: a good share of ink, but far from all of the page.
    let share = dark as f64 / (850.0 * 1100.0);
    assert!((0.01..0.3).contains(&share), "{share}");
    // The title is set in the bundled font: the top band carries ink below the margin.
    let band = (60..100).any(|y| {
        (60..400).any(|x| {
            let p = &png.rgba[4 * (y * 850 + x)..4 * (y * 850 + x) + 3];
            (p[0] as u32 + p[1] as u32 + p[2] as u32) < 150
        })
    });
    assert!(band, "no title ink");
    let key = std::fs::read_to_string(dir.path().join("k-1.svg")).unwrap();
    assert!(
        key.contains("Answer key: Knight&apos;s Tour Puzzles")
            || key.contains("Answer key: Knight's Tour Puzzles")
    );
    // the key is a well-formed SVG: it renders
    let r = knight_tour::render::Raster::new(100.0, 100.0, None, Some(100)).unwrap();
    knight_tour::render::png(&key, r).unwrap();
}

#[test]
fn template_file_and_title_override() {
    let dir = tempfile::tempdir().unwrap();
    let tpl = dir.path().join("mine.page");
    std::fs::write(
        &tpl,
        "# a school's own page\ninstructions = Fill in 1 to {last}.\nfooter = Room 12\n",
    )
    .unwrap();
    let out = dir.path().join("s.svg");
    kt().args([
        "puzzle",
        "5x5",
        "--seed",
        "2",
        "--title",
        "Friday <fun>",
        "--template",
    ])
    .arg(&tpl)
    .arg("-o")
    .arg(&out)
    .assert()
    .success();
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("Fill in 1 to 25."));
    assert!(svg.contains("Room 12"));
    assert!(svg.contains("Friday &lt;fun&gt;"));
    std::fs::write(&tpl, "colour = red\n").unwrap();
    kt().args(["puzzle", "5x5", "--template"])
        .arg(&tpl)
        .arg("-o")
        .arg(dir.path().join("t.svg"))
        .assert()
        .code(2)
        .stderr(contains("mine.page:1: unknown key 'colour'"));
    assert!(!dir.path().join("t.svg").exists());
}

#[test]
fn text_and_json_formats() {
    let args = [
        "puzzle",
        "6x6",
        "--seed",
        "7",
        "--difficulty",
        "easy",
        "--format",
    ];
    let text = stdout(&[&args[..], &["text"]].concat());
    assert!(text.starts_with("# puzzle 1: 6x6 open"), "{text}");
    // The grid reads back and solves uniquely.
    let dir = tempfile::tempdir().unwrap();
    let grid = dir.path().join("g.txt");
    std::fs::write(&grid, &text).unwrap();
    kt().args(["puzzle", "solve"])
        .arg(&grid)
        .assert()
        .success()
        .stdout(contains("exactly one solution"));
    let json = stdout(&[&args[..], &["json"]].concat());
    let raw: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(common::count::solutions(&raw, 2), 1, "{json}");
    // The count itself can say "more than one": with only the first clue left it finds many.
    let mut bare = raw.clone();
    bare["givens"] = serde_json::json!([raw["givens"][0]]);
    assert_eq!(common::count::solutions(&bare, 100), 100);
    assert!(json.starts_with("{\"format\": \"knight-tour-puzzle/1\", \"rows\": 6, \"cols\": 6"));
    assert!(json.contains("\"difficulty\": \"easy\""));
}

#[test]
fn puzzle_solve_reports_none_one_and_two() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            " 1 . . . .\n . . . . .\n . . . . .\n . . . . .\n . . . . 25\n",
            "more than one solution",
        ),
        // 1 on the minority colour of 5x5: no open tour starts there.
        (
            ". 1 . . .\n. . . . .\n. . . . .\n. . . . .\n. . . . .\n",
            "no solution",
        ),
    ];
    for (grid, message) in cases {
        let f = dir.path().join("grid.txt");
        std::fs::write(&f, grid).unwrap();
        kt().args(["puzzle", "solve"])
            .arg(&f)
            .assert()
            .code(1)
            .stdout(contains(message));
    }
}

#[test]
fn closed_puzzles() {
    let out = stdout(&[
        "puzzle", "6x6", "--closed", "--seed", "3", "--format", "json",
    ]);
    let f = &read_puzzles(&out, knight_tour::Kind::Open).unwrap()[0];
    assert!(f.puzzle.is_closed());
    let geo = Geometry::new(f.puzzle.board());
    let o = knight_tour::puzzle::solve(&f.puzzle, &geo, u64::MAX).unwrap();
    assert_eq!(o.solutions, Solutions::One(f.solution.clone().unwrap()));
}

/// One `error:` line, the exit code, and nothing written.
fn refused(args: &[&str], code: i32, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = kt()
        .current_dir(dir.path())
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("puzzle ")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].starts_with("error: "), "{err}");
    assert!(lines[0].contains(message), "{err}");
    assert!(
        files_in(dir.path()).is_empty(),
        "{:?}",
        files_in(dir.path())
    );
}

#[test]
fn bad_requests_are_refused_and_write_nothing() {
    let cases: [(&[&str], i32, &str); 14] = [
        (
            &["8x8", "--clues", "65", "-o", "s.pdf"],
            2,
            "only 64 squares",
        ),
        (
            &["6x6", "--clues", "3", "-o", "s.pdf", "--seed", "1"],
            1,
            "fewest reached",
        ),
        (&["8x8", "--clues", "1", "-o", "s.pdf"], 1, "too few"),
        (
            &["8x8", "--page", "a2", "-o", "s.pdf"],
            2,
            "unknown page size 'a2'",
        ),
        (
            &["5x5", "--closed", "-o", "s.pdf"],
            1,
            "no closed tour on 5x5",
        ),
        (&["8x8", "-o", "s.bmp"], 2, "cannot tell the format"),
        (
            &["8x8", "-o", "s.pdf", "--answers", "k.json"],
            2,
            "--answers",
        ),
        (
            &["8x8", "-o", "s.pdf", "--answers", "k.gif"],
            2,
            "names a gif file",
        ),
        (
            &["8x8", "-o", "s.html", "--answers", "same"],
            2,
            "--answers same adds the key pages to a PDF, PNG or SVG",
        ),
        (&["8x8", "--format", "pdf"], 2, "needs -o FILE"),
        (&["8x8", "--count", "0", "-o", "s.pdf"], 2, "--count 0"),
        (&["8x8", "--per-page", "0", "-o", "s.pdf"], 2, "--per-page"),
        (&["8x8", "-o", "nowhere/s.pdf"], 2, "does not exist"),
        (&["60x60", "-o", "s.pdf"], 2, "up to 900 squares"),
    ];
    for (args, code, message) in cases {
        let mut all = vec!["puzzle"];
        all.extend_from_slice(args);
        refused(&all, code, message);
    }
}

#[test]
fn bad_puzzle_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    // Contradictory givens are "no solution" (1); malformed ones are bad input (2).
    let cases = [
        ("[[0, 0, 1], [0, 0, 2]]", 1, "given two numbers"),
        ("[[0, 0, 1], [1, 2, 1]]", 1, "number 1 is given twice"),
        ("[[0, 0, 1], [9, 0, 2]]", 2, "off the 8x8 board"),
        ("[[0, 0, 1], [1, 0, 70]]", 2, "out of range"),
        ("[[0, 0, 0]]", 2, "out of range"),
        ("[[0, 0, 1], [7, 7, 3]]", 1, "contradict each other"),
        ("[[0, 0, 1], [0, 2, 4]]", 1, "contradict each other"),
    ];
    for (givens, code, message) in cases {
        let f = dir.path().join("bad.json");
        std::fs::write(
            &f,
            format!("{{\"format\": \"knight-tour-puzzle/1\", \"rows\": 8, \"cols\": 8, \"closed\": false, \"givens\": {givens}}}"),
        )
        .unwrap();
        kt().args(["puzzle", "solve"])
            .arg(&f)
            .assert()
            .code(code)
            .stderr(contains(message));
    }
    let f = dir.path().join("bad.txt");
    std::fs::write(&f, "1 . .\n. ? .\n").unwrap();
    kt().args(["puzzle", "solve"])
        .arg(&f)
        .assert()
        .code(2)
        .stderr(contains("line 2: '?' is neither a number nor '.'"));
}

/// Red frame pixels (the mark of a wrong square) in a PNG.
fn red_pixels(path: &Path) -> usize {
    common::rgba(&std::fs::read(path).unwrap())
        .unwrap()
        .rgba
        .chunks(4)
        .filter(|p| p[0] > 180 && p[1] < 90 && p[2] < 90)
        .count()
}

#[test]
fn puzzle_check_names_every_fault_and_marks_the_squares() {
    let dir = tempfile::tempdir().unwrap();
    let pz = dir.path().join("p.json");
    kt().args(["puzzle", "6x6", "--seed", "3", "-o"])
        .arg(&pz)
        .assert()
        .success();
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&pz).unwrap()).unwrap();
    let mut grid = vec![vec![0u64; 6]; 6];
    for (k, s) in v["solution"].as_array().unwrap().iter().enumerate() {
        grid[s[0].as_u64().unwrap() as usize][s[1].as_u64().unwrap() as usize] = k as u64 + 1;
    }
    let given: Vec<(usize, usize, u64)> = v["givens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g[0].as_u64().unwrap() as usize,
                g[1].as_u64().unwrap() as usize,
                g[2].as_u64().unwrap(),
            )
        })
        .collect();
    let is_given = |r: usize, c: usize| given.iter().any(|&(gr, gc, _)| (gr, gc) == (r, c));
    let write = |name: &str, g: &[Vec<u64>]| {
        let text: String = g
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&n| {
                        if n == 0 {
                            ".".to_string()
                        } else {
                            n.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
                    + "\n"
            })
            .collect();
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p
    };
    let check = |answer: &Path| kt().args(["puzzle", "check"]).arg(&pz).arg(answer).assert();
    let right = write("right.txt", &grid);
    check(&right)
        .code(0)
        .stdout(contains("right: every number from 1 to 36"));

    // A changed given.
    let (gr, gc, gn) = given[1];
    let mut g = grid.clone();
    g[gr][gc] = if gn == 36 { 35 } else { gn + 1 };
    check(&write("given.txt", &g))
        .code(1)
        .stdout(contains(format!("the given {gn} at")));
    // Two free numbers swapped: moves break, nothing is missing.
    let free: Vec<(usize, usize)> = (0..36)
        .map(|i| (i / 6, i % 6))
        .filter(|&(r, c)| !is_given(r, c))
        .collect();
    let (a, b) = (free[0], free[free.len() / 2]);
    let mut g = grid.clone();
    let t = g[a.0][a.1];
    g[a.0][a.1] = g[b.0][b.1];
    g[b.0][b.1] = t;
    let out = check(&write("swap.txt", &g))
        .code(1)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("are not a knight's move apart"), "{out}");
    assert!(!out.contains("missing"), "{out}");
    // A repeated number (so another is missing), a blank, and a number out of range.
    let mut g = grid.clone();
    g[free[1].0][free[1].1] = g[free[2].0][free[2].1];
    g[free[3].0][free[3].1] = 0;
    g[free[4].0][free[4].1] = 99;
    let marked = dir.path().join("marked.png");
    let answer = write("many.txt", &g);
    kt().args(["puzzle", "check"])
        .arg(&pz)
        .arg(&answer)
        .arg("-o")
        .arg(&marked)
        .assert()
        .code(1)
        .stdout(contains("is written 2 times"))
        .stdout(contains("numbers are missing"))
        .stdout(contains("is blank"))
        .stdout(contains("99 at"))
        .stdout(contains("out of range: numbers run from 1 to 36"));
    assert!(red_pixels(&marked) > 500, "the wrong squares are framed");
    let clean = dir.path().join("clean.png");
    kt().args(["puzzle", "check"])
        .arg(&pz)
        .arg(&right)
        .arg("-o")
        .arg(&clean)
        .assert()
        .code(0);
    assert_eq!(red_pixels(&clean), 0, "a right answer has no marks");

    // Unreadable answers: exit 2 with the reason.
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 2 ?\n").unwrap();
    check(&bad)
        .code(2)
        .stderr(contains("'?' is neither a number nor '.'"));
    let small = write("small.txt", &grid[..5]);
    check(&small)
        .code(2)
        .stderr(contains("the answer is a 5x6 grid but the puzzle is 6x6"));

    // A class: one line each and a summary; the worst verdict sets the exit status.
    let out = kt()
        .args(["puzzle", "check"])
        .arg(&pz)
        .args([&right, &answer, &bad])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[0].ends_with("right.txt: right"), "{out}");
    assert!(lines[1].contains("many.txt: wrong, "), "{out}");
    assert!(lines[2].contains("bad.txt: unreadable: "), "{out}");
    assert_eq!(lines[3], "1 of 3 right, 1 wrong, 1 unreadable");
    kt().args(["puzzle", "check"])
        .arg(&pz)
        .args([&right, &answer])
        .arg("-o")
        .arg(dir.path().join("x.png"))
        .assert()
        .code(2)
        .stderr(contains("-o draws one answer"));
    // The answer as a tour file (JSON path) is read too.
    let tour = dir.path().join("t.json");
    std::fs::write(
        &tour,
        format!("{{\"rows\": 6, \"cols\": 6, \"path\": {}}}", v["solution"]),
    )
    .unwrap();
    check(&tour).code(0);
}

#[test]
fn play_page_is_one_self_contained_file_with_every_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let page = dir.path().join("sheet.html");
    let make = |out: &Path| {
        kt().args(["puzzle", "8x8", "--count", "3", "--seed", "9", "--title"])
            .arg("Tom's </script> & <b>homework</b> {{STYLE}}")
            .arg("-o")
            .arg(out)
            .assert()
            .success()
            .stderr(contains("wrote"));
    };
    make(&page);
    let html = std::fs::read_to_string(&page).unwrap();
    // Nothing fetched from anywhere: no links out, no external scripts, styles or images.
    for outside in ["http:", "https:", "src=", "@import", "url("] {
        assert!(!html.contains(outside), "the page refers to {outside}");
    }
    // The puzzles' data, the page's words and the script.
    assert_eq!(html.matches("<script").count(), 3);
    assert_eq!(
        html.matches("</script>").count(),
        3,
        "the title closed a script"
    );
    assert!(html.contains(
        "<h1>Tom&#39;s &lt;/script&gt; &amp; &lt;b&gt;homework&lt;/b&gt; {{STYLE}}</h1>"
    ));
    // The data: three puzzles, givens and solutions of 64 squares, as the JSON batch has them.
    let start = html.find("id=\"puzzle-data\">").unwrap() + "id=\"puzzle-data\">".len();
    let end = start + html[start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).unwrap();
    let json: serde_json::Value = serde_json::from_str(&stdout(&[
        "puzzle", "8x8", "--count", "3", "--seed", "9", "--format", "json",
    ]))
    .unwrap();
    let puzzles = data["puzzles"].as_array().unwrap();
    assert_eq!(puzzles.len(), 3);
    for (p, j) in puzzles.iter().zip(json.as_array().unwrap()) {
        let cells = p["cells"].as_array().unwrap();
        for g in j["givens"].as_array().unwrap() {
            let (r, c, n) = (g[0].as_u64().unwrap(), g[1].as_u64().unwrap(), &g[2]);
            assert_eq!(&cells[(r * 8 + c) as usize], n);
        }
        let given = cells.iter().filter(|v| v.as_i64() != Some(0)).count();
        assert_eq!(given, j["givens"].as_array().unwrap().len());
        for (k, sq) in j["solution"].as_array().unwrap().iter().enumerate() {
            let i = sq[0].as_u64().unwrap() * 8 + sq[1].as_u64().unwrap();
            assert_eq!(p["solution"][i as usize], k + 1);
        }
    }
    // Same arguments, same bytes.
    let again = dir.path().join("again.html");
    make(&again);
    assert_eq!(std::fs::read(&again).unwrap(), html.as_bytes());
}

#[test]
fn play_page_refuses_paper_options_without_a_printed_key() {
    kt().args(["puzzle", "6x6", "--per-page", "2", "-o", "p.html"])
        .assert()
        .code(2)
        .stderr(contains("--per-page does not apply to a web page"));
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args([
            "puzzle",
            "6x6",
            "--seed",
            "1",
            "--per-page",
            "2",
            "-o",
            "p.html",
        ])
        .args(["--answers", "key.pdf"])
        .assert()
        .success();
    assert_eq!(pdf_pages(&dir.path().join("key.pdf")), 1);
    assert!(dir.path().join("p.html").is_file());
}

#[test]
fn every_page_size_keeps_its_content_inside_the_margins() {
    let dir = tempfile::tempdir().unwrap();
    let title = "Homework for the Easter holidays: knight's tours for class 4b, with thanks to \
                 everyone who came to the chess club this term, and to their parents";
    // Page, width and height in mm, the margin the page scales A4's or Letter's 14 / 16 mm to.
    for (page, w, h, margin) in [
        ("a5", 148.0, 210.0, 14.0 * 148.0 / 210.0),
        ("a3", 297.0, 420.0, 14.0 * 420.0 / 297.0),
        ("legal", 215.9, 355.6, 16.0),
        ("500x250mm", 500.0, 250.0, 14.0 * 250.0 / 297.0),
    ] {
        let out = dir.path().join(format!("{page}.png"));
        kt().args([
            "puzzle", "6x6", "--seed", "4", "--count", "40", "--page", page,
        ])
        .args(["--dpi", "50", "--caption", "full", "--title", title, "-o"])
        .arg(&out)
        .assert()
        .success();
        let png = std::fs::read(dir.path().join(format!("{page}-1.png"))).unwrap();
        let img = common::rgba(&png).unwrap();
        let px_per_mm = img.width as f64 / w;
        assert!((img.height as f64 / px_per_mm - h).abs() < 1.0, "{page}");
        // The outer 80% of the margin is blank on three sides; at the foot, the footer line
        // stands in the margin, 55% of it up, so the outer 40% is blank there.
        let band = (margin * 0.8 * px_per_mm).floor() as u32;
        let foot = (margin * 0.4 * px_per_mm).floor() as u32;
        let mut ink = 0;
        for y in 0..img.height {
            for x in 0..img.width {
                let inside =
                    x >= band && x < img.width - band && y >= band && y < img.height - foot;
                let i = ((y * img.width + x) * 4) as usize;
                // Paper to the last pixel, even where the page is no whole number of pixels.
                assert_eq!(img.rgba[i + 3], 255, "{page}: ({x}, {y}) is not opaque");
                if !inside && img.rgba[i..i + 3].iter().any(|&c| c < 250) {
                    ink += 1;
                }
            }
        }
        assert_eq!(ink, 0, "{page}: {ink} dark pixels in the margins");
        // And the page is used: ink reaches past the middle in both directions.
        let dark = |x: u32, y: u32| {
            let i = ((y * img.width + x) * 4) as usize;
            img.rgba[i..i + 3].iter().any(|&c| c < 128)
        };
        let right = (0..img.height).any(|y| (img.width * 3 / 4..img.width).any(|x| dark(x, y)));
        let low = (img.height * 3 / 4..img.height).any(|y| (0..img.width).any(|x| dark(x, y)));
        assert!(right && low, "{page}: the boards do not fill the page");
    }
}

#[test]
fn minimal_says_when_a_clue_stayed_unproven() {
    // Seed 3's 10x10 keeps one clue whose check ran out of budget; seed 4's keeps none, and
    // neither does seed 3's with a budget that lets every check finish (the clue was needed
    // after all, so the same clues stay). The puzzle written is unique either way, and where
    // it is said to be minimal, taking away any clue (but 1 and the last number, always
    // given) lets in a second solution, by the complete solver without a budget.
    let dir = tempfile::tempdir().unwrap();
    let kept = "(not proved minimal: 1 clue kept when the search without it ran out of budget; \
                hint: raise --budget, now 400000)";
    let mut clue_counts = Vec::new();
    for (seed, budget, note) in [
        ("3", None, Some(kept)),
        ("3", Some("100000000"), None),
        ("4", None, None),
    ] {
        let file = dir.path().join(format!("m{seed}.json"));
        let mut cmd = kt();
        cmd.args(["puzzle", "10x10", "--minimal", "--seed", seed, "-o"])
            .arg(&file);
        if let Some(b) = budget {
            cmd.args(["--budget", b]);
        }
        let out = cmd.assert().success().get_output().stderr.clone();
        let err = String::from_utf8(out).unwrap();
        assert!(err.contains(", unique"), "{err}");
        match note {
            Some(note) => assert!(err.contains(note), "{err}"),
            None => assert!(!err.contains("not proved minimal"), "{err}"),
        }
        let text = std::fs::read_to_string(&file).unwrap();
        let f = &read_puzzles(&text, knight_tour::Kind::Open).unwrap()[0];
        let geo = Geometry::new(f.puzzle.board());
        let o = knight_tour::puzzle::solve(&f.puzzle, &geo, u64::MAX).unwrap();
        let t = f.solution.clone().unwrap();
        assert_eq!(o.solutions, Solutions::One(t.clone()), "seed {seed}");
        assert!(
            err.contains(&format!(", {} clues, ", f.puzzle.clues())),
            "{err}"
        );
        clue_counts.push(f.puzzle.clues());
        if note.is_none() {
            let last = t.len() as u32 - 1;
            let given: Vec<u32> = f.puzzle.givens().iter().map(|&(_, k)| k).collect();
            for &k in given.iter().filter(|&&k| k != 0 && k != last) {
                let fewer = Puzzle::from_tour(&t, given.iter().copied().filter(|&j| j != k));
                let o = knight_tour::puzzle::solve(&fewer, &geo, u64::MAX).unwrap();
                assert!(
                    matches!(o.solutions, Solutions::Two(..)),
                    "seed {seed}: without {} the puzzle is still unique",
                    k + 1
                );
            }
        }
    }
    assert_eq!(
        clue_counts[0], clue_counts[1],
        "the unproven clue was needed"
    );
}

/// The width (mm) of the first board drawn on a worksheet SVG page.
fn first_board_width(svg: &str) -> f64 {
    let inner = svg[1..].find("<svg").expect("a board") + 1;
    let tag = &svg[inner..inner + svg[inner..].find('>').unwrap()];
    let at = tag.find("width=\"").unwrap() + 7;
    tag[at..at + tag[at..].find('"').unwrap()].parse().unwrap()
}

#[test]
fn a_small_batch_fills_the_page_unless_per_page_says_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let width = |name: &str, args: &[&str]| {
        kt().current_dir(dir.path())
            .args(["puzzle", "5x5", "--seed", "5", "-o", name])
            .args(args)
            .assert()
            .success();
        first_board_width(&std::fs::read_to_string(dir.path().join(name)).unwrap())
    };
    let one = width("one.svg", &["--count", "1"]);
    let four = width("four.svg", &["--count", "4"]);
    let twelve = width("twelve.svg", &["--count", "4", "--per-page", "12"]);
    // A4 is 210 mm wide: one board takes most of it, four share it two by two.
    assert!(one > 150.0, "{one}");
    assert!(four > 80.0 && four < one, "{four}");
    assert!(twelve < four * 0.6, "{twelve}");
}

#[test]
fn a_class_set_makes_each_grade_with_its_own_tours_in_one_run() {
    let json = |args: &[&str]| -> Vec<serde_json::Value> {
        let out = common::stdout(&[&["puzzle", "6x6", "--format", "json"], args].concat());
        match serde_json::from_str(&out).unwrap() {
            serde_json::Value::Array(a) => a,
            one => vec![one],
        }
    };
    let set = json(&["--count", "2", "--difficulty", "mixed", "--seed", "7"]);
    let grades: Vec<&str> = set
        .iter()
        .map(|p| p["difficulty"].as_str().unwrap())
        .collect();
    assert_eq!(grades, ["easy", "easy", "medium", "medium", "hard", "hard"]);
    let seeds: Vec<u64> = set.iter().map(|p| p["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, [7, 8, 9, 10, 11, 12]);
    // Every hidden tour is its own, though one --seed made them all.
    let tours: std::collections::BTreeSet<String> =
        set.iter().map(|p| p["solution"].to_string()).collect();
    assert_eq!(tours.len(), 6);
    // Puzzle 3 (the first medium one) is remade alone from its seed and grade.
    let again = json(&["--seed", "9", "--difficulty", "medium"]);
    assert_eq!(again[0], set[2]);
    // Grades in the order given; a grade twice is refused.
    let two = json(&["--difficulty", "hard,easy", "--seed", "3"]);
    let grades: Vec<&str> = two
        .iter()
        .map(|p| p["difficulty"].as_str().unwrap())
        .collect();
    assert_eq!(grades, ["hard", "easy"]);
    common::kt()
        .args(["puzzle", "6x6", "--difficulty", "easy,easy"])
        .assert()
        .code(2);
    common::kt()
        .args(["puzzle", "6x6", "--difficulty", "mixed", "--count", "400"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "1 to 333 puzzles of each of 3 grades",
        ));
}
