//! Text as outlines and widths, from the faces `fonts` chooses (the bundled DejaVu Sans
//! first).
//!
//! Each glyph is shaped once and reused, so a 100x100 numbered grid costs ten digit outlines
//! and 10^4 references instead of 10^4 text layouts, and the numbers look the same in every
//! viewer and in PDF whatever fonts the machine has.

use std::sync::OnceLock;

use ttf_parser::{Face, OutlineBuilder};

use super::picture::{Outline, Seg};

use super::fonts::font_bytes;

/// Width of `text` at `font_size` (the em size), for line breaking: each character in the
/// first font that has it (the bundled one, then the user's and the system's).
pub fn text_width(text: &str, font_size: f64, bold: bool) -> f64 {
    text.chars()
        .filter_map(|c| {
            let l = super::fonts::face_for(c, bold)?;
            let g = l.face.glyph_index(c)?;
            Some(l.face.glyph_hor_advance(g).unwrap_or(0) as f64 / l.units_per_em())
        })
        .sum::<f64>()
        * font_size
}

pub use super::fonts::{FAMILIES, FAMILY};

struct Font {
    face: Face<'static>,
    /// Height of the digits above the baseline, in font units.
    digit_height: f64,
}

fn font() -> &'static Font {
    static F: OnceLock<Font> = OnceLock::new();
    F.get_or_init(|| {
        let face = Face::parse(font_bytes(), 0).expect("the bundled font parses");
        let digit_height = face
            .glyph_index('0')
            .and_then(|g| face.glyph_bounding_box(g))
            .map_or(0.73 * face.units_per_em() as f64, |b| b.y_max as f64);
        Font { face, digit_height }
    })
}

struct Builder<'a> {
    o: &'a mut Outline,
    scale: f64,
    x: f64,
}

impl Builder<'_> {
    fn pt(&self, x: f32, y: f32) -> (f64, f64) {
        (self.x + x as f64 * self.scale, -(y as f64) * self.scale)
    }
}

impl OutlineBuilder for Builder<'_> {
    fn move_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.pt(x, y);
        self.o.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        let (x, y) = self.pt(x, y);
        self.o.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        let ((a, b), (x, y)) = (self.pt(x1, y1), self.pt(x, y));
        self.o.segs.push(Seg::Quad(a, b, x, y));
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        let ((a, b), (c, d), (x, y)) = (self.pt(x1, y1), self.pt(x2, y2), self.pt(x, y));
        self.o.segs.push(Seg::Cubic(a, b, c, d, x, y));
    }
    fn close(&mut self) {
        self.o.close();
    }
}

/// Outline of `text` with its baseline at y = 0 and its left edge at x = 0, digits `size`
/// high; returns the outline and the advance width. Characters the bundled bold font lacks
/// come from the next font that has them, at the same em size; those no font has are left
/// out (and reported by [`super::fonts::take_missing`]).
pub fn outline(text: &str, size: f64) -> (Outline, f64) {
    let f = font();
    text_outline(
        text,
        size / f.digit_height * f.face.units_per_em() as f64,
        true,
    )
}

/// Outline of `text` at `em` units to the em, bold or regular, its baseline at y = 0 from
/// x = 0; returns the outline and the advance width.
pub fn text_outline(text: &str, em: f64, bold: bool) -> (Outline, f64) {
    let mut o = Outline::new();
    let mut x = 0.0;
    for ch in text.chars() {
        let Some(l) = super::fonts::face_for(ch, bold) else {
            continue;
        };
        let Some(g) = l.face.glyph_index(ch) else {
            continue;
        };
        let scale = em / l.units_per_em();
        let mut b = Builder {
            o: &mut o,
            scale,
            x,
        };
        l.face.outline_glyph(g, &mut b);
        x += l.face.glyph_hor_advance(g).unwrap_or(0) as f64 * scale;
    }
    (o, x)
}

/// Height of the digits per unit of font size (em), to match `<text>` sizes to outlines.
pub fn digit_height_per_em() -> f64 {
    let f = font();
    f.digit_height / f.face.units_per_em() as f64
}

/// Width of one digit (all digits share one advance) per unit of digit height.
pub fn digit_aspect() -> f64 {
    let f = font();
    let g = f.face.glyph_index('0').expect("digits");
    f.face.glyph_hor_advance(g).unwrap_or(0) as f64 / f.digit_height
}

/// A number for SVG: at most two decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_have_outlines_and_one_width() {
        for c in '0'..='9' {
            let (o, w) = outline(&c.to_string(), 10.0);
            assert!(matches!(o.segs.first(), Some(Seg::Move(..))), "{c}");
            assert_eq!(o.segs.last(), Some(&Seg::Close), "{c}");
            assert!((w - digit_aspect() * 10.0).abs() < 1e-9);
        }
        assert_eq!(num(1.005), "1");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(2.5), "2.5");
    }
}
