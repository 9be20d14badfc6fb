//! TikZ for LaTeX papers: every style compiles with pdflatex (as a standalone document and
//! `\input` into a paper), and the compiled page looks like the PNG of the same drawing,
//! pixel for pixel within a tolerance (the numbers are in the paper's font, not DejaVu).
//! `.ci/test` installs texlive-latex-base, texlive-pictures and poppler-utils; these tests
//! fail without them.

mod common;

use common::{kt, rgba, Rgba};
use std::path::Path;
use std::process::Command;

/// Compiles `file.tex` in `dir` with pdflatex; returns the log on failure.
fn pdflatex(dir: &Path, file: &str) {
    let out = Command::new("pdflatex")
        .current_dir(dir)
        .args(["-interaction=nonstopmode", "-halt-on-error", file])
        .output()
        .expect("pdflatex must be installed (bash .ci/test installs texlive-latex-base and texlive-pictures)");
    assert!(
        out.status.success(),
        "pdflatex failed on {file}:\n{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// The first page of a PDF at 96 dpi.
fn page(pdf: &Path) -> Rgba {
    let png = pdf.with_extension("page.png");
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "96", "-singlefile"])
        .arg(pdf)
        .arg(png.with_extension(""))
        .status()
        .expect("pdftoppm (Debian's poppler-utils) must be installed");
    assert!(status.success());
    rgba(&std::fs::read(&png).unwrap()).unwrap()
}

/// Mean absolute difference of grey levels, and the share of pixels that differ by more
/// than a quarter of the range.
fn difference(a: &Rgba, b: &Rgba) -> (f64, f64) {
    assert!(a.width.abs_diff(b.width) <= 1 && a.height.abs_diff(b.height) <= 1);
    let (w, h) = (
        a.width.min(b.width) as usize,
        a.height.min(b.height) as usize,
    );
    let grey = |img: &Rgba, x: usize, y: usize| {
        let p = &img.rgba[(y * img.width as usize + x) * 4..][..3];
        (p[0] as f64 + p[1] as f64 + p[2] as f64) / 3.0
    };
    let (mut sum, mut big) = (0.0, 0usize);
    for y in 0..h {
        for x in 0..w {
            let d = (grey(a, x, y) - grey(b, x, y)).abs();
            sum += d;
            big += usize::from(d > 64.0);
        }
    }
    let n = (w * h) as f64;
    (sum / n, big as f64 / n)
}

#[test]
fn every_style_compiles_and_looks_like_the_png() {
    let dir = tempfile::tempdir().unwrap();
    let styles: [(&str, &[&str]); 4] = [
        ("numbers", &["--coords"]),
        ("lines", &["--arrows", "--gradient"]),
        ("tiles", &["--theme", "paper"]),
        ("traced", &[]),
    ];
    let mut pages = Vec::new();
    for (style, extra) in styles {
        let run = |out: &str, more: &[&str]| {
            kt().current_dir(dir.path())
                .args(["draw", "10x10", "--closed", "--style", style])
                .args(extra)
                .args(more)
                .args(["-o", out])
                .assert()
                .success();
        };
        let tex = format!("{style}.tex");
        run(&tex, &["--standalone", "--title", "Figure 1: a 10×10 tour"]);
        run(
            &format!("{style}.png"),
            &["--dpi", "96", "--title", "Figure 1: a 10×10 tour"],
        );
        pdflatex(dir.path(), &tex);
        let compiled = page(&dir.path().join(format!("{style}.pdf")));
        let png = rgba(&std::fs::read(dir.path().join(format!("{style}.png"))).unwrap()).unwrap();
        let (mean, big) = difference(&compiled, &png);
        // Measured: 15-26 mean, 10-16% of pixels (the fonts differ); a shifted or missing
        // layer doubles both.
        assert!(
            mean < 35.0 && big < 0.22,
            "{style}: mean {mean:.1}, {big:.3} differ"
        );
        pages.push((compiled, png));
    }
    // The comparison can fail: the lines drawing against the traced one (same size) differ
    // far more.
    let (mean, big) = difference(&pages[1].0, &pages[3].1);
    assert!(mean > 35.0 || big > 0.22, "mean {mean:.1}, {big:.3}");
}

#[test]
fn a_figure_is_input_into_a_paper_with_its_colours_named() {
    let dir = tempfile::tempdir().unwrap();
    kt().current_dir(dir.path())
        .args([
            "draw", "6x6", "--style", "lines", "--theme", "vlsi", "-o", "fig.tex",
        ])
        .assert()
        .success();
    let fig = std::fs::read_to_string(dir.path().join("fig.tex")).unwrap();
    assert!(fig.contains("\\begin{tikzpicture}") && !fig.contains("\\documentclass"));
    assert!(fig.contains("\\definecolor{ktline}{HTML}"), "{fig}");
    assert!(fig.contains("\\definecolor{ktbackground}{HTML}"), "{fig}");
    std::fs::write(
        dir.path().join("paper.tex"),
        "\\documentclass{article}\n\\usepackage{tikz}\n\\begin{document}\nBefore the figure.\n\
         \\begin{figure}[h]\\centering\\input{fig}\\caption{A route, 50\\% drawn.}\\end{figure}\n\
         After it.\n\\end{document}\n",
    )
    .unwrap();
    pdflatex(dir.path(), "paper.tex");
    let text = Command::new("pdftotext")
        .arg(dir.path().join("paper.pdf"))
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("Before the figure.") && text.contains("A route, 50% drawn."));
}

#[test]
fn tikz_refuses_what_does_not_apply() {
    kt().args(["draw", "8x8", "-o", "x.png", "--standalone"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("--standalone does not apply"));
    kt().args(["draw", "8x8", "-o", "x.tex", "--width", "300"])
        .assert()
        .code(2);
    kt().args(["draw", "400x400", "-o", "x.tex"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("TikZ"));
}
