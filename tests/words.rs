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
