//! TikZ/PGF: a drawing as a `tikzpicture` to `\input` into a LaTeX paper, its numbers and
//! labels set as text in the paper's own (sans-serif) font, its colours named after the
//! theme's (`\definecolor{ktline}{HTML}{...}`, so a paper can recolour a figure in one
//! place), its line widths in PostScript points. `standalone` wraps it in a document of its
//! own, a page the drawing's size.
//!
//! One user unit (a CSS pixel of the SVG) is 0.75 bp (PostScript points, as in the PDF), with
//! y pointing down.

use std::fmt::Write;

use super::glyphs::num;
use super::picture::{Cap, Item, Outline, Paint, Picture, Seg, Shape};
use super::theme::{Join, Rgb, Theme};

/// Most digits one TikZ drawing sets: pdflatex's memory (5,000,000 words) holds a 70x70
/// numbered board (about 18,000 digits) and runs out at 80x80.
pub const MAX_TIKZ_ELEMENTS: u64 = 20_000;

/// Most moves one TikZ drawing takes: a line style's dots and line of a 40x40 board compile,
/// 60x60 runs out of pdflatex's memory.
pub const MAX_TIKZ_MOVES: u64 = 1_600;

/// The picture as TikZ, its colours named after `theme`'s.
pub fn tikz(pic: &Picture, theme: &Theme, standalone: bool) -> String {
    let names = Names::new(theme);
    let mut body = String::new();
    let mut colours = Colours::default();
    if let Some(bg) = pic.background {
        let c = colours.name(bg, &names);
        let _ = writeln!(
            body,
            "\\fill[{c}] (0,0) rectangle ({},{});",
            num(pic.width),
            num(pic.height)
        );
    }
    for item in &pic.items {
        item_tikz(&mut body, item, pic, &mut colours, &names);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "% {} drawn by knight-tour {}.",
        latex_escape(&pic.title),
        env!("CARGO_PKG_VERSION")
    );
    if standalone {
        // The article class and geometry (in every TeX distribution's base), the page cut to
        // the drawing.
        let _ = write!(
            out,
            "\\documentclass{{article}}\n\\usepackage{{tikz}}\n\\usepackage[paperwidth={}bp, paperheight={}bp, margin=0pt]{{geometry}}\n\\pagestyle{{empty}}\n\\begin{{document}}\n\\noindent\n",
            num(pic.width * 0.75),
            num(pic.height * 0.75)
        );
    } else {
        out.push_str(
            "% \\input this file where the figure goes; the preamble needs \\usepackage{tikz}.\n",
        );
    }
    for (name, rgb) in &colours.defined {
        let _ = writeln!(
            out,
            "\\definecolor{{{name}}}{{HTML}}{{{:02X}{:02X}{:02X}}}%",
            rgb.0, rgb.1, rgb.2
        );
    }
    let _ = writeln!(
        out,
        "\\begin{{tikzpicture}}[x=0.75bp, y=-0.75bp, every node/.style={{inner sep=0pt, font=\\sffamily\\bfseries}}]%"
    );
    out.push_str(&body);
    out.push_str("\\end{tikzpicture}\n");
    if standalone {
        out.push_str("\\end{document}\n");
    }
    out
}

/// The theme's colours by role, for naming.
struct Names(Vec<(Rgb, &'static str)>);

impl Names {
    fn new(t: &Theme) -> Names {
        Names(vec![
            (t.background, "background"),
            (t.light, "light"),
            (t.dark, "dark"),
            (t.grid, "grid"),
            (t.number, "number"),
            (t.line, "line"),
            (t.dot, "dot"),
            (t.start, "start"),
            (t.end, "end"),
            (t.tile_a, "tilea"),
            (t.tile_b, "tileb"),
            (t.tile_stroke, "tilestroke"),
            (t.gradient_from, "gradientfrom"),
            (t.gradient_to, "gradientto"),
            (t.label, "label"),
            (t.hole, "hole"),
            (t.hole_line, "holeline"),
        ])
    }
}

/// The colours used, each defined once: `kt` and the theme's role, else `ktcolour` and a
/// number (the shades of a gradient, marks of puzzles).
#[derive(Default)]
struct Colours {
    defined: Vec<(String, Rgb)>,
    others: usize,
}

impl Colours {
    /// The colour's name and, where it is not opaque, its opacity for `fill`/`draw`.
    fn name(&mut self, c: Rgb, names: &Names) -> String {
        let opaque = Rgb(c.0, c.1, c.2, 255);
        let name = match self.defined.iter().find(|(_, rgb)| *rgb == opaque) {
            Some((n, _)) => n.clone(),
            None => {
                let taken = |n: &str| self.defined.iter().any(|(d, _)| d == n);
                let role = names
                    .0
                    .iter()
                    .find(|(rgb, role)| {
                        Rgb(rgb.0, rgb.1, rgb.2, 255) == opaque && !taken(&format!("kt{role}"))
                    })
                    .map(|(_, role)| format!("kt{role}"));
                let n = role.unwrap_or_else(|| {
                    self.others += 1;
                    format!("ktcolour{}", self.others)
                });
                self.defined.push((n.clone(), opaque));
                n
            }
        };
        if c.3 == 255 {
            name
        } else {
            format!("{name}, opacity={}", num(c.3 as f64 / 255.0))
        }
    }
}

fn item_tikz(out: &mut String, item: &Item, pic: &Picture, colours: &mut Colours, names: &Names) {
    let (colour, pen) = match item.paint {
        Paint::Fill(c) => (colours.name(c, names), None),
        Paint::Stroke {
            colour,
            width,
            join,
            cap,
        } => (colours.name(colour, names), Some(pen(width, join, cap))),
    };
    let command = |pen: &Option<String>| match pen {
        None => format!("\\fill[{colour}]"),
        Some(p) => format!("\\draw[{colour}, {p}]"),
    };
    match &item.shape {
        Shape::Outline(o) => {
            if !o.is_empty() {
                let _ = writeln!(out, "{} {};", command(&pen), path(o, 0.0, 0.0));
            }
        }
        Shape::Text(w) => {
            let size = w.size * 0.75;
            let weight = if w.bold { "\\bfseries" } else { "\\mdseries" };
            let _ = writeln!(
                out,
                "\\node[text={colour}, anchor=base, font=\\sffamily{weight}\\fontsize{{{}}}{{{}}}\\selectfont] at ({},{}) {{{}}};",
                num(size),
                num(size * 1.2),
                num(pic.width / 2.0),
                num(w.y),
                latex_escape(&w.text)
            );
        }
        Shape::Line {
            points,
            closed,
            bend,
            ..
        } => {
            if points.len() < 2 {
                return;
            }
            // A wire's bends: TikZ rounds the corners itself.
            let pen = match (&pen, *bend > 0.0) {
                (Some(p), true) => Some(format!("{p}, rounded corners={}bp", num(bend * 0.75))),
                _ => pen.clone(),
            };
            let _ = write!(out, "{}", command(&pen));
            for (i, (x, y)) in points.iter().enumerate() {
                let join = if i == 0 { " " } else { " -- " };
                // A line break every eight points keeps the file readable and TeX's lines short.
                let brk = if i > 0 && i % 8 == 0 { "\n  " } else { "" };
                let _ = write!(out, "{join}{brk}({},{})", num(*x), num(*y));
            }
            if *closed {
                out.push_str(" -- cycle");
            }
            out.push_str(";\n");
        }
        Shape::Checker {
            x,
            y,
            cell,
            rows,
            cols,
        } => {
            // One path of all the dark squares: far less of TeX's memory than a command each.
            let _ = write!(out, "{}", command(&pen));
            for r in 0..*rows {
                for c in 0..*cols {
                    if (r + c) % 2 == 1 {
                        let (x0, y0) = (x + c as f64 * cell, y + r as f64 * cell);
                        let _ = write!(
                            out,
                            "\n  ({},{}) rectangle ({},{})",
                            num(x0),
                            num(y0),
                            num(x0 + cell),
                            num(y0 + cell)
                        );
                    }
                }
            }
            out.push_str(";\n");
        }
        Shape::Stamps { defs, uses } => match &item.lettering {
            // Numbers and labels: text in the paper's font, as high as the drawn digits.
            Some(l) => {
                let size = l.size * 0.75 / 0.72;
                let _ = writeln!(
                    out,
                    "\\begin{{scope}}[every node/.append style={{text={colour}, font=\\sffamily\\bfseries\\fontsize{{{}}}{{{}}}\\selectfont}}]",
                    num(size),
                    num(size * 1.2)
                );
                for (x, y, text) in &l.marks {
                    // Sans-serif bold digits are about 0.6 em wide: a number wider than its
                    // square is narrowed to fit, as the other formats narrow it.
                    let wide = text.chars().count() as f64 * 0.6 * size;
                    let fit = l.width * 0.75;
                    // (\scalebox comes with TikZ, which loads graphicx.)
                    let text = latex_escape(text);
                    let text = if wide > fit {
                        format!("\\scalebox{{{}}}[1]{{{text}}}", num(fit / wide))
                    } else {
                        text
                    };
                    let _ = writeln!(out, "\\node at ({},{}) {{{text}}};", num(*x), num(*y));
                }
                out.push_str("\\end{scope}\n");
            }
            // Arrow heads and other marks: their outlines where they go.
            None => {
                for u in uses {
                    if let Some(o) = defs.get(u.def as usize) {
                        let _ = writeln!(out, "{} {};", command(&pen), path(o, u.x, u.y));
                    }
                }
            }
        },
    }
}

fn pen(width: f64, join: Join, cap: Cap) -> String {
    let join = join.name();
    let cap = match cap {
        Cap::Butt => "butt",
        Cap::Round => "round",
        Cap::Square => "rect",
    };
    format!(
        "line width={}bp, line join={join}, line cap={cap}",
        num(width * 0.75)
    )
}

/// An outline as a TikZ path, moved by (dx, dy); quadratic curves become cubic ones.
fn path(o: &Outline, dx: f64, dy: f64) -> String {
    let mut s = String::new();
    let p = |x: f64, y: f64| format!("({},{})", num(x + dx), num(y + dy));
    let mut at = (0.0, 0.0);
    for seg in &o.segs {
        match *seg {
            Seg::Move(x, y) => {
                let _ = write!(s, " {}", p(x, y));
                at = (x, y);
            }
            Seg::Line(x, y) => {
                let _ = write!(s, " -- {}", p(x, y));
                at = (x, y);
            }
            Seg::Quad(a, b, x, y) => {
                let c1 = (at.0 + 2.0 / 3.0 * (a - at.0), at.1 + 2.0 / 3.0 * (b - at.1));
                let c2 = (x + 2.0 / 3.0 * (a - x), y + 2.0 / 3.0 * (b - y));
                let _ = write!(
                    s,
                    " .. controls {} and {} .. {}",
                    p(c1.0, c1.1),
                    p(c2.0, c2.1),
                    p(x, y)
                );
                at = (x, y);
            }
            Seg::Cubic(a, b, c, d, x, y) => {
                let _ = write!(s, " .. controls {} and {} .. {}", p(a, b), p(c, d), p(x, y));
                at = (x, y);
            }
            Seg::Close => s.push_str(" -- cycle"),
            Seg::Circle(x, y, r) => {
                let _ = write!(s, " {} circle[radius={}]", p(x, y), num(r));
            }
        }
    }
    s
}

/// Text for LaTeX: its special characters written as commands.
fn latex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '#' | '$' | '%' | '&' | '_' => {
                out.push('\\');
                out.push(c);
            }
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_special_characters_are_escaped() {
        assert_eq!(
            latex_escape(r"50% of #1 & \x_{y}^~$"),
            r"50\% of \#1 \& \textbackslash{}x\_\{y\}\textasciicircum{}\textasciitilde{}\$"
        );
    }

    #[test]
    fn a_quadratic_curve_becomes_the_same_cubic() {
        let mut o = Outline::new();
        o.move_to(0.0, 0.0);
        o.segs.push(Seg::Quad(3.0, 3.0, 6.0, 0.0));
        assert_eq!(
            path(&o, 0.0, 0.0),
            " (0,0) .. controls (2,2) and (4,2) .. (6,0)"
        );
    }
}
