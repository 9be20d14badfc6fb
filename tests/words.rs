//! Words in every script: titles in Chinese, Greek, Cyrillic, Japanese and Korean render in
//! PNG, stay text in PDF and SVG, give the same bytes every run, and a character no font has
//! is named in a warning. `.ci/test` installs Debian's fonts-noto-cjk and poppler-utils; these
//! tests fail (never skip) without them.

mod common;

use common::{kt, rgba};
use std::path::Path;
use std::process::Command as Std;

const TITLE: &str = "骑士巡游练习";

/// Makes a one-puzzle worksheet with `title` and returns the command's stderr.
fn sheet(dir: &Path, title: &str, out: &str, extra: &[&str]) -> String {
    let o = kt()
        .current_dir(dir)
        .args(["puzzle", "6x6", "--seed", "3", "--title", title, "-o", out])
        .args(extra)
        .assert()
        .success()
        .get_output()
        .clone();
    String::from_utf8(o.stderr).unwrap()
}

/// The text poppler reads from a PDF.
fn pdftotext(pdf: &Path) -> String {
    let out = Std::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (Debian's poppler-utils) must be installed: bash .ci/test does it");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

/// The title band of a rendered page: the rows from 4% to 12% of the height.
fn title_band(png: &[u8]) -> Vec<u8> {
    let img = rgba(png).unwrap();
    let (w, h) = (img.width as usize, img.height as usize);
    img.rgba[w * 4 * (h * 4 / 100)..w * 4 * (h * 12 / 100)].to_vec()
}

fn ink(band: &[u8]) -> usize {
    band.chunks(4).filter(|p| p[0] < 128).count()
}

#[test]
fn a_chinese_title_renders_with_no_warning_and_differs_from_question_marks() {
    let dir = tempfile::tempdir().unwrap();
    let err = sheet(dir.path(), TITLE, "zh.png", &[]);
    assert!(
        !err.contains("warning"),
        "a CJK font must be found (bash .ci/test installs fonts-noto-cjk): {err}"
    );
    sheet(dir.path(), "??????", "q.png", &[]);
    let zh = title_band(&std::fs::read(dir.path().join("zh.png")).unwrap());
    let q = title_band(&std::fs::read(dir.path().join("q.png")).unwrap());
    // Six ideographs carry more ink than six question marks, and fall elsewhere.
    assert!(ink(&zh) * 10 > ink(&q) * 14, "{} vs {}", ink(&zh), ink(&q));
    let differ = zh
        .chunks(4)
        .zip(q.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    assert!(differ > 1000, "{differ}");
}

#[test]
fn every_script_in_a_pdf_title_reads_back_as_text() {
    let dir = tempfile::tempdir().unwrap();
    let title = "骑士巡游練習 Ελληνικά Кириллица ナイト 나이트";
    let err = sheet(dir.path(), title, "all.pdf", &[]);
    assert!(!err.contains("warning"), "{err}");
    let text = pdftotext(&dir.path().join("all.pdf"));
    for word in title.split(' ') {
        assert!(
            text.contains(word),
            "'{word}' not in the PDF's text: {text}"
        );
    }
}

#[test]
fn a_pdf_with_several_fonts_is_the_same_every_run() {
    let dir = tempfile::tempdir().unwrap();
    let runs: Vec<Vec<u8>> = (0..4)
        .map(|i| {
            let name = format!("s{i}.pdf");
            sheet(dir.path(), &format!("{TITLE} Practice"), &name, &[]);
            std::fs::read(dir.path().join(name)).unwrap()
        })
        .collect();
    let fonts = String::from_utf8_lossy(&runs[0])
        .matches("/FontFile")
        .count();
    assert!(fonts >= 3, "regular, bold and CJK faces embedded: {fonts}");
    assert!(
        runs.iter().all(|r| *r == runs[0]),
        "PDF bytes differ between runs"
    );
}

#[test]
fn an_svg_keeps_the_title_as_text() {
    let dir = tempfile::tempdir().unwrap();
    sheet(dir.path(), TITLE, "s.svg", &[]);
    let svg = std::fs::read_to_string(dir.path().join("s.svg")).unwrap();
    let heading = svg.find("font-weight=\"bold\"").expect("a bold heading");
    assert!(svg[heading..heading + 200].contains(TITLE), "{svg}");
}

#[test]
fn a_character_no_font_has_is_named_in_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    // U+0378 is unassigned: no font has it.
    let err = sheet(dir.path(), "Test \u{378}", "w.png", &[]);
    assert!(err.contains("warning: no font here has"), "{err}");
    assert!(err.contains("U+0378"), "{err}");
    assert_eq!(err.matches("warning").count(), 1, "{err}");
}

#[test]
fn font_accepts_a_font_file_and_refuses_anything_else() {
    let dir = tempfile::tempdir().unwrap();
    let noto = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
    assert!(
        Path::new(noto).exists(),
        "bash .ci/test installs fonts-noto-cjk"
    );
    let before = std::fs::metadata(noto).unwrap().modified().unwrap();
    let err = sheet(dir.path(), TITLE, "f.pdf", &["--font", noto]);
    assert!(!err.contains("warning"), "{err}");
    assert!(pdftotext(&dir.path().join("f.pdf")).contains(TITLE));
    assert_eq!(std::fs::metadata(noto).unwrap().modified().unwrap(), before);

    std::fs::write(dir.path().join("bad.ttf"), "not a font").unwrap();
    let out = kt()
        .current_dir(dir.path())
        .args(["draw", "6x6", "-o", "d.png", "--font", "bad.ttf"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: cannot use --font 'bad.ttf'"),
        "{err}"
    );
    assert!(!dir.path().join("d.png").exists());
}

#[test]
fn draw_takes_a_title_and_a_caption_as_text_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let run = |out: &str| {
        let o = kt()
            .current_dir(dir.path())
            .args([
                "draw",
                "6x6",
                "--title",
                "骑士巡游 6×6",
                "--caption",
                "第一题 · Problem 1",
            ])
            .args(["-o", out])
            .assert()
            .success()
            .get_output()
            .clone();
        assert!(!String::from_utf8_lossy(&o.stderr).contains("warning"));
    };
    for f in ["d.pdf", "d.svg", "d.png", "d.gif", "plain.png"] {
        if f == "plain.png" {
            kt().current_dir(dir.path())
                .args(["draw", "6x6", "-o", f])
                .assert()
                .success();
        } else {
            run(f);
        }
    }
    let text = pdftotext(&dir.path().join("d.pdf"));
    assert!(text.contains("骑士巡游 6×6"), "{text}");
    assert!(text.contains("第一题 · Problem 1"), "{text}");
    let svg = std::fs::read_to_string(dir.path().join("d.svg")).unwrap();
    assert!(svg.contains("<title>骑士巡游 6×6</title>"), "{svg}");
    // One `<text>` a run of one face, placed where the run falls.
    assert!(
        svg.contains("\n第一题\n") && svg.contains("\n· Problem 1\n"),
        "{svg}"
    );
    // The words take room of their own: the drawing is taller, and its top band has ink.
    let titled = rgba(&std::fs::read(dir.path().join("d.png")).unwrap()).unwrap();
    let plain = rgba(&std::fs::read(dir.path().join("plain.png")).unwrap()).unwrap();
    let tall = |i: &common::Rgba| i.height as f64 / i.width as f64;
    assert!(tall(&titled) > tall(&plain) * 1.1);
    let w = titled.width as usize;
    let top = &titled.rgba[..w * 4 * (titled.height as usize / 12)];
    assert!(ink(top) > 500, "{}", ink(top));
    // The animation's frames carry the same words (its first frame: the empty board).
    let gif = image::load_from_memory(&std::fs::read(dir.path().join("d.gif")).unwrap())
        .unwrap()
        .to_rgba8();
    let band = &gif.as_raw()[..gif.width() as usize * 4 * (gif.height() as usize / 12)];
    assert!(ink(band) > 500, "{}", ink(band));

    let out = kt()
        .current_dir(dir.path())
        .args(["draw", "6x6", "--caption", "a\u{7}b", "-o", "bad.png"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("control character U+0007"), "{err}");
    assert!(!dir.path().join("bad.png").exists());
}

#[test]
fn a_puzzle_caption_of_ones_own_words_numbers_each_board() {
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args(["puzzle", "5x5", "--count", "3", "--seed", "5"])
        .args(["--caption", "第{n}题（种子 {seed}）", "-o", "c.pdf"])
        .assert()
        .success();
    let text = pdftotext(&dir.path().join("c.pdf"));
    for (n, seed) in [(1, 5), (2, 6), (3, 7)] {
        let want = format!("第{n}题（种子 {seed}）");
        assert!(text.contains(&want), "{want} not in {text}");
    }
}

#[test]
fn lang_zh_puts_every_worksheet_string_in_chinese() {
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args([
            "puzzle", "6x6", "--count", "2", "--closed", "--seed", "4", "--lang", "zh",
        ])
        .args(["--holes", "a1,b1", "-o", "zh.pdf", "--answers", "same"])
        .assert()
        .success();
    let text = pdftotext(&dir.path().join("zh.pdf"));
    for want in [
        "骑士巡游练习",
        "姓名",
        "日期",
        "马步",
        "从 34 再走一步马步就回到 1。",
        "画斜线的格子是障碍",
        "答案：骑士巡游练习",
        "由 knight-tour 制作",
        "第 1 页，共 2 页",
        "第 2 页，共 2 页",
        // The key's line under each board.
        "6x6 闭合巡游 · 2 个障碍格 ·",
        "个提示 · 种子 4",
    ] {
        assert!(text.contains(want), "'{want}' not in {text}");
    }
    assert!(!text.contains("Name") && !text.contains("page 1"), "{text}");
    // A page template's own words go over the language's.
    std::fs::write(dir.path().join("t.page"), "name_label = 学生\n").unwrap();
    kt().current_dir(dir.path())
        .args([
            "puzzle",
            "6x6",
            "--seed",
            "4",
            "--lang",
            "zh",
            "--template",
            "t.page",
        ])
        .args(["-o", "t.pdf"])
        .assert()
        .success();
    let text = pdftotext(&dir.path().join("t.pdf"));
    assert!(text.contains("学生") && text.contains("日期"), "{text}");

    let out = kt()
        .current_dir(dir.path())
        .args(["puzzle", "6x6", "--lang", "tlh", "-o", "x.pdf"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: no built-in words for --lang 'tlh'"),
        "{err}"
    );
}

#[test]
fn a_marked_answer_in_chinese_names_the_pupil_and_each_fault() {
    let dir = tempfile::tempdir().unwrap();
    let json = common::stdout(&["puzzle", "6x6", "--seed", "3", "--format", "json"]);
    std::fs::write(dir.path().join("p.json"), &json).unwrap();
    let p: serde_json::Value = serde_json::from_str(&json).unwrap();
    let (rows, cols) = (p["rows"].as_u64().unwrap(), p["cols"].as_u64().unwrap());
    let mut grid = vec![vec![0u64; cols as usize]; rows as usize];
    let path = p["solution"].as_array().unwrap();
    for (i, sq) in path.iter().enumerate() {
        let (r, c) = (sq[0].as_u64().unwrap(), sq[1].as_u64().unwrap());
        grid[r as usize][c as usize] = i as u64 + 1;
    }
    // Swap two numbers that are not given: 16 and 21 are blank on this puzzle.
    let at = |n: usize| {
        (
            path[n - 1][0].as_u64().unwrap(),
            path[n - 1][1].as_u64().unwrap(),
        )
    };
    let ((ra, ca), (rb, cb)) = (at(16), at(21));
    grid[ra as usize][ca as usize] = 21;
    grid[rb as usize][cb as usize] = 16;
    let text: Vec<String> = grid
        .iter()
        .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
        .collect();
    std::fs::write(dir.path().join("张三.txt"), text.join("\n") + "\n").unwrap();
    kt().current_dir(dir.path())
        .args([
            "puzzle",
            "check",
            "p.json",
            "张三.txt",
            "--lang",
            "zh",
            "-o",
            "m.pdf",
        ])
        .assert()
        .code(1);
    let read = pdftotext(&dir.path().join("m.pdf"));
    for want in [
        "答案：张三.txt",
        "还不对：有 4 处问题。",
        "之间不是一步马步",
    ] {
        assert!(read.contains(want), "'{want}' not in {read}");
    }
    kt().current_dir(dir.path())
        .args(["puzzle", "check", "p.json", "张三.txt", "--lang", "zh"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--lang does not apply without -o",
        ));
}

#[test]
fn editable_svg_sets_numbers_and_labels_as_text() {
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args(["draw", "6x6", "--coords", "--editable", "-o", "e.svg"])
        .assert()
        .success();
    let svg = std::fs::read_to_string(dir.path().join("e.svg")).unwrap();
    // 36 numbers and 12 labels as text, no shared digit outlines.
    assert_eq!(svg.matches("<text").count(), 48, "{svg}");
    assert!(!svg.contains("<use"), "{svg}");
    for n in 1..=36 {
        assert!(svg.contains(&format!(">\n{n}\n</text>")), "{n}");
    }
    kt().current_dir(dir.path())
        .args(["draw", "6x6", "--editable", "-o", "e.png"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--editable does not apply"));
}
