//! Colour: CSS colour names, and gradients interpolated in OKLab (Björn Ottosson, 2020), where
//! equal steps look equal and the middle of blue-to-orange does not turn to mud.

/// An sRGB colour and its opacity: red, green, blue, and alpha from 0 (clear) to 255 (opaque).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8, pub u8);

impl Rgb {
    /// Parses `#rrggbb`, `#rgb`, `#rrggbbaa`, `#rgba` (the last two with an opacity) or a CSS
    /// colour name (`transparent` included).
    pub fn parse(v: &str) -> Option<Rgb> {
        let Some(h) = v.strip_prefix('#') else {
            return css_name(v);
        };
        if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let p = |i: usize, w: usize| {
            let x = u8::from_str_radix(&h[i..i + w], 16).ok()?;
            Some(if w == 1 { x * 17 } else { x })
        };
        match h.len() {
            3 => Some(Rgb(p(0, 1)?, p(1, 1)?, p(2, 1)?, 255)),
            4 => Some(Rgb(p(0, 1)?, p(1, 1)?, p(2, 1)?, p(3, 1)?)),
            6 => Some(Rgb(p(0, 2)?, p(2, 2)?, p(4, 2)?, 255)),
            8 => Some(Rgb(p(0, 2)?, p(2, 2)?, p(4, 2)?, p(6, 2)?)),
            _ => None,
        }
    }

    /// `#rrggbb`: the colour without its opacity, as SVG 1.1 writes a paint (its opacity is
    /// written apart, from [`Rgb::opacity`]).
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// `#rrggbb` when opaque, else `#rrggbbaa`, as CSS writes a colour.
    pub fn css(self) -> String {
        match self.opacity() {
            None => self.hex(),
            Some(_) => format!("{}{:02x}", self.hex(), self.3),
        }
    }

    /// The opacity from 0 to 1, or `None` for an opaque colour.
    pub fn opacity(self) -> Option<f64> {
        (self.3 < 255).then(|| f64::from(self.3) / 255.0)
    }

    /// The same colour, opaque.
    pub fn opaque(self) -> Rgb {
        Rgb(self.0, self.1, self.2, 255)
    }

    /// The colour `t` of the way from `self` to `other` (0 <= t <= 1), opacity included.
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
        Rgb(
            m(self.0, other.0),
            m(self.1, other.1),
            m(self.2, other.2),
            m(self.3, other.3),
        )
    }

    /// Relative luminance (WCAG 2) of the colour, its opacity aside: 0 for black, 1 for white.
    pub fn luminance(self) -> f64 {
        let lin = |v: u8| {
            let s = f64::from(v) / 255.0;
            if s <= 0.040_45 {
                s / 12.92
            } else {
                ((s + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * lin(self.0) + 0.7152 * lin(self.1) + 0.0722 * lin(self.2)
    }

    /// Contrast ratio (WCAG 2) between two colours: 1 to 21.
    pub fn contrast(self, other: Rgb) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// This colour mixed with white, in steps of 1/40, until its luminance reaches `min`.
    pub fn lightened_to(self, min: f64) -> Rgb {
        let white = Rgb(255, 255, 255, 255);
        (0..=40)
            .map(|step| self.mix(white, f64::from(step) / 40.0))
            .find(|m| m.luminance() >= min)
            .unwrap_or(white)
    }

    /// This colour mixed with black, in steps of 1/40, until it has contrast `ratio` with
    /// `back`.
    pub fn darkened_against(self, back: Rgb, ratio: f64) -> Rgb {
        let black = Rgb(0, 0, 0, 255);
        (0..=40)
            .map(|step| self.mix(black, f64::from(step) / 40.0))
            .find(|m| m.contrast(back) >= ratio)
            .unwrap_or(black)
    }
}

/// A gradient from t = 0 to t = 1 through evenly spaced stops.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    /// Its name on the command line.
    pub name: &'static str,
    stops: Vec<Rgb>,
    /// Keep the chroma between two stops rather than passing near grey (two-colour gradients).
    keep_chroma: bool,
}

/// The named palettes: matplotlib's perceptually uniform maps, sampled at even steps.
const NAMED: [(&str, &[u32]); 3] = [
    (
        "viridis",
        &[
            0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c, 0x22a884, 0x44bf70,
            0x7ad151, 0xbddf26, 0xfde725,
        ],
    ),
    (
        "cividis",
        &[
            0x00204d, 0x00336f, 0x39486b, 0x575d6d, 0x707173, 0x8a8779, 0xa69d75, 0xc4b56c,
            0xe4cf5b, 0xfdea45,
        ],
    ),
    (
        "magma",
        &[
            0x000004, 0x140e36, 0x3b0f70, 0x641a80, 0x8c2981, 0xb73779, 0xde4968, 0xf7705c,
            0xfe9f6d, 0xfecf92, 0xfcfdbf,
        ],
    ),
];

/// Names accepted by `--palette`, besides `theme` (the theme's two gradient colours).
pub const PALETTES: [&str; 3] = ["viridis", "cividis", "magma"];

impl Palette {
    /// A named palette.
    pub fn named(name: &str) -> Option<Palette> {
        NAMED
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, hex)| Palette {
                name: n,
                stops: hex
                    .iter()
                    .map(|&h| Rgb((h >> 16) as u8, (h >> 8) as u8, h as u8, 255))
                    .collect(),
                keep_chroma: false,
            })
    }

    /// The two-colour gradient from `a` to `b`.
    pub fn two(a: Rgb, b: Rgb) -> Palette {
        Palette {
            name: "theme",
            stops: vec![a, b],
            keep_chroma: true,
        }
    }

    /// The colour at `t` (clamped to 0..=1).
    pub fn at(&self, t: f64) -> Rgb {
        let t = t.clamp(0.0, 1.0);
        let last = self.stops.len() - 1;
        if last == 0 {
            return self.stops[0];
        }
        let x = t * last as f64;
        let i = (x.floor() as usize).min(last - 1);
        let f = x - i as f64;
        let (a, b) = (oklab(self.stops[i]), oklab(self.stops[i + 1]));
        let mut m = [0.0; 3];
        for k in 0..3 {
            m[k] = a[k] + (b[k] - a[k]) * f;
        }
        if self.keep_chroma {
            let chroma = |c: [f64; 3]| c[1].hypot(c[2]);
            let (ca, cb, cm) = (chroma(a), chroma(b), chroma(m));
            let want = ca + (cb - ca) * f;
            if cm > 1e-6 {
                m[1] *= want / cm;
                m[2] *= want / cm;
            }
        }
        // Opacity, where the stops have any, is interpolated straight.
        let (oa, ob) = (self.stops[i].3, self.stops[i + 1].3);
        let Rgb(r, g, b, _) = from_oklab(m);
        Rgb(
            r,
            g,
            b,
            (f64::from(oa) + (f64::from(ob) - f64::from(oa)) * f).round() as u8,
        )
    }
}

fn to_linear(c: u8) -> f64 {
    let c = c as f64 / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn from_linear(l: f64) -> u8 {
    let c = if l <= 0.0031308 {
        12.92 * l
    } else {
        1.055 * l.powf(1.0 / 2.4) - 0.055
    };
    (c.clamp(0.0, 1.0) * 255.0).round() as u8
}

/// sRGB to OKLab [L, a, b].
pub fn oklab(c: Rgb) -> [f64; 3] {
    let (r, g, b) = (to_linear(c.0), to_linear(c.1), to_linear(c.2));
    let l = (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b).cbrt();
    let m = (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b).cbrt();
    let s = (0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b).cbrt();
    [
        0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
        1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
        0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
    ]
}

/// OKLab to opaque sRGB, clipped into the gamut.
pub fn from_oklab([ll, a, b]: [f64; 3]) -> Rgb {
    let l = (ll + 0.3963377774 * a + 0.2158037573 * b).powi(3);
    let m = (ll - 0.1055613458 * a - 0.0638541728 * b).powi(3);
    let s = (ll - 0.0894841775 * a - 1.2914855480 * b).powi(3);
    Rgb(
        from_linear(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
        from_linear(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
        from_linear(-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s),
        255,
    )
}

/// The CSS named colours (CSS Color Module Level 4), sorted by name.
const CSS: [(&str, u32); 148] = [
    ("aliceblue", 0xf0f8ff),
    ("antiquewhite", 0xfaebd7),
    ("aqua", 0x00ffff),
    ("aquamarine", 0x7fffd4),
    ("azure", 0xf0ffff),
    ("beige", 0xf5f5dc),
    ("bisque", 0xffe4c4),
    ("black", 0x000000),
    ("blanchedalmond", 0xffebcd),
    ("blue", 0x0000ff),
    ("blueviolet", 0x8a2be2),
    ("brown", 0xa52a2a),
    ("burlywood", 0xdeb887),
    ("cadetblue", 0x5f9ea0),
    ("chartreuse", 0x7fff00),
    ("chocolate", 0xd2691e),
    ("coral", 0xff7f50),
    ("cornflowerblue", 0x6495ed),
    ("cornsilk", 0xfff8dc),
    ("crimson", 0xdc143c),
    ("cyan", 0x00ffff),
    ("darkblue", 0x00008b),
    ("darkcyan", 0x008b8b),
    ("darkgoldenrod", 0xb8860b),
    ("darkgray", 0xa9a9a9),
    ("darkgreen", 0x006400),
    ("darkgrey", 0xa9a9a9),
    ("darkkhaki", 0xbdb76b),
    ("darkmagenta", 0x8b008b),
    ("darkolivegreen", 0x556b2f),
    ("darkorange", 0xff8c00),
    ("darkorchid", 0x9932cc),
    ("darkred", 0x8b0000),
    ("darksalmon", 0xe9967a),
    ("darkseagreen", 0x8fbc8f),
    ("darkslateblue", 0x483d8b),
    ("darkslategray", 0x2f4f4f),
    ("darkslategrey", 0x2f4f4f),
    ("darkturquoise", 0x00ced1),
    ("darkviolet", 0x9400d3),
    ("deeppink", 0xff1493),
    ("deepskyblue", 0x00bfff),
    ("dimgray", 0x696969),
    ("dimgrey", 0x696969),
    ("dodgerblue", 0x1e90ff),
    ("firebrick", 0xb22222),
    ("floralwhite", 0xfffaf0),
    ("forestgreen", 0x228b22),
    ("fuchsia", 0xff00ff),
    ("gainsboro", 0xdcdcdc),
    ("ghostwhite", 0xf8f8ff),
    ("gold", 0xffd700),
    ("goldenrod", 0xdaa520),
    ("gray", 0x808080),
    ("green", 0x008000),
    ("greenyellow", 0xadff2f),
    ("grey", 0x808080),
    ("honeydew", 0xf0fff0),
    ("hotpink", 0xff69b4),
    ("indianred", 0xcd5c5c),
    ("indigo", 0x4b0082),
    ("ivory", 0xfffff0),
    ("khaki", 0xf0e68c),
    ("lavender", 0xe6e6fa),
    ("lavenderblush", 0xfff0f5),
    ("lawngreen", 0x7cfc00),
    ("lemonchiffon", 0xfffacd),
    ("lightblue", 0xadd8e6),
    ("lightcoral", 0xf08080),
    ("lightcyan", 0xe0ffff),
    ("lightgoldenrodyellow", 0xfafad2),
    ("lightgray", 0xd3d3d3),
    ("lightgreen", 0x90ee90),
    ("lightgrey", 0xd3d3d3),
    ("lightpink", 0xffb6c1),
    ("lightsalmon", 0xffa07a),
    ("lightseagreen", 0x20b2aa),
    ("lightskyblue", 0x87cefa),
    ("lightslategray", 0x778899),
    ("lightslategrey", 0x778899),
    ("lightsteelblue", 0xb0c4de),
    ("lightyellow", 0xffffe0),
    ("lime", 0x00ff00),
    ("limegreen", 0x32cd32),
    ("linen", 0xfaf0e6),
    ("magenta", 0xff00ff),
    ("maroon", 0x800000),
    ("mediumaquamarine", 0x66cdaa),
    ("mediumblue", 0x0000cd),
    ("mediumorchid", 0xba55d3),
    ("mediumpurple", 0x9370db),
    ("mediumseagreen", 0x3cb371),
    ("mediumslateblue", 0x7b68ee),
    ("mediumspringgreen", 0x00fa9a),
    ("mediumturquoise", 0x48d1cc),
    ("mediumvioletred", 0xc71585),
    ("midnightblue", 0x191970),
    ("mintcream", 0xf5fffa),
    ("mistyrose", 0xffe4e1),
    ("moccasin", 0xffe4b5),
    ("navajowhite", 0xffdead),
    ("navy", 0x000080),
    ("oldlace", 0xfdf5e6),
    ("olive", 0x808000),
    ("olivedrab", 0x6b8e23),
    ("orange", 0xffa500),
    ("orangered", 0xff4500),
    ("orchid", 0xda70d6),
    ("palegoldenrod", 0xeee8aa),
    ("palegreen", 0x98fb98),
    ("paleturquoise", 0xafeeee),
    ("palevioletred", 0xdb7093),
    ("papayawhip", 0xffefd5),
    ("peachpuff", 0xffdab9),
    ("peru", 0xcd853f),
    ("pink", 0xffc0cb),
    ("plum", 0xdda0dd),
    ("powderblue", 0xb0e0e6),
    ("purple", 0x800080),
    ("rebeccapurple", 0x663399),
    ("red", 0xff0000),
    ("rosybrown", 0xbc8f8f),
    ("royalblue", 0x4169e1),
    ("saddlebrown", 0x8b4513),
    ("salmon", 0xfa8072),
    ("sandybrown", 0xf4a460),
    ("seagreen", 0x2e8b57),
    ("seashell", 0xfff5ee),
    ("sienna", 0xa0522d),
    ("silver", 0xc0c0c0),
    ("skyblue", 0x87ceeb),
    ("slateblue", 0x6a5acd),
    ("slategray", 0x708090),
    ("slategrey", 0x708090),
    ("snow", 0xfffafa),
    ("springgreen", 0x00ff7f),
    ("steelblue", 0x4682b4),
    ("tan", 0xd2b48c),
    ("teal", 0x008080),
    ("thistle", 0xd8bfd8),
    ("tomato", 0xff6347),
    ("turquoise", 0x40e0d0),
    ("violet", 0xee82ee),
    ("wheat", 0xf5deb3),
    ("white", 0xffffff),
    ("whitesmoke", 0xf5f5f5),
    ("yellow", 0xffff00),
    ("yellowgreen", 0x9acd32),
];

/// A CSS colour name (any case), as sRGB; `transparent` is clear black.
pub fn css_name(name: &str) -> Option<Rgb> {
    let lower = name.to_ascii_lowercase();
    if lower == "transparent" {
        return Some(Rgb(0, 0, 0, 0));
    }
    CSS.binary_search_by(|(n, _)| (*n).cmp(lower.as_str()))
        .ok()
        .map(|i| {
            let h = CSS[i].1;
            Rgb((h >> 16) as u8, (h >> 8) as u8, h as u8, 255)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oklab_round_trips_and_names_resolve() {
        for c in [
            Rgb(0, 0, 0, 255),
            Rgb(255, 255, 255, 255),
            Rgb(31, 119, 180, 255),
            Rgb(255, 127, 14, 255),
        ] {
            assert_eq!(from_oklab(oklab(c)), c);
        }
        assert!(
            CSS.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted for binary search"
        );
        assert_eq!(css_name("RebeccaPurple"), Some(Rgb(0x66, 0x33, 0x99, 255)));
        assert_eq!(css_name("no-such"), None);
    }

    #[test]
    fn gradients_keep_their_ends_and_avoid_grey() {
        let blue = Rgb(31, 119, 180, 255);
        let orange = Rgb(255, 127, 14, 255);
        let p = Palette::two(blue, orange);
        assert_eq!(p.at(0.0), blue);
        assert_eq!(p.at(1.0), orange);
        // The middle keeps the ends' colourfulness: OKLab chroma near theirs, not near zero.
        let mid = oklab(p.at(0.5));
        let chroma = |c: [f64; 3]| c[1].hypot(c[2]);
        assert!(chroma(mid) > 0.8 * chroma(oklab(blue)).min(chroma(oklab(orange))));
        // Lightness rises evenly along viridis.
        let v = Palette::named("viridis").unwrap();
        let l: Vec<f64> = (0..=10).map(|i| oklab(v.at(i as f64 / 10.0))[0]).collect();
        assert!(l.windows(2).all(|w| w[1] > w[0]), "{l:?}");
        for name in PALETTES {
            assert!(Palette::named(name).is_some());
        }
    }
}
