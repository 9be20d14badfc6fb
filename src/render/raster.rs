//! PNG output: the SVG rendered by resvg / tiny-skia, with the bundled font and a pHYs
//! chunk so that the printed size comes out right.

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use thiserror::Error;

use super::glyphs;

/// Largest image made: 2^28 pixels (1 GiB of RGBA while rendering).
pub const MAX_PIXELS: u64 = 1 << 28;

/// Pixels on the long side of an image when neither a width nor a resolution is given.
pub const DEFAULT_PIXELS: f64 = 1000.0;

/// What went wrong while rasterising.
#[derive(Debug, Error)]
pub enum RasterError {
    /// `--dpi 0` or a negative or absurd resolution.
    #[error("resolution {0} dpi is out of range (1 to 4800)")]
    Dpi(f64),
    /// `--width 0`.
    #[error("a width of 0 pixels is not an image")]
    Width,
    /// The image would not fit in memory.
    #[error("the image would be {width}x{height} pixels ({bytes} while rendering), over the limit of 2^28 pixels")]
    TooLarge {
        /// Pixels across.
        width: u64,
        /// Pixels down.
        height: u64,
        /// Memory the pixels would take.
        bytes: String,
    },
    /// An animation whose frame buffers or painting would cost too much (the message says
    /// how much, the limits, and the size that fits).
    #[error("{0}")]
    Animation(String),
    /// The SVG did not parse (a bug if it is our own).
    #[error("cannot read the drawing: {0}")]
    Svg(#[source] usvg::Error),
    /// An image format's own limit or failure.
    #[error("{0}")]
    Format(String),
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[source] png::EncodingError),
    /// The format is not an image (text, JSON, CSV...).
    #[error("{0} is not an image format")]
    NotAnImage(&'static str),
    /// PDF conversion failed.
    #[cfg(feature = "pdf")]
    #[error("cannot make the PDF: {0}")]
    Pdf(svg2pdf::ConversionError),
}

/// Pixel size and resolution of an image.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Raster {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// Pixels per SVG user unit.
    pub scale: f64,
    /// Dots per inch written to the pHYs chunk.
    pub dpi: f64,
}

impl Raster {
    /// The image for a drawing of `w` x `h` user units (CSS pixels, 96 to the inch) at `dpi`,
    /// or `width` pixels across (then the dpi keeps the drawing's nominal printed size).
    pub fn new(
        w: f64,
        h: f64,
        dpi: Option<f64>,
        width: Option<u32>,
    ) -> Result<Raster, RasterError> {
        let (scale, dpi) = match (width, dpi) {
            (Some(0), _) => return Err(RasterError::Width),
            (Some(px), _) => {
                let s = px as f64 / w;
                (s, 96.0 * s)
            }
            (None, Some(d)) if !(1.0..=4800.0).contains(&d) || !d.is_finite() => {
                return Err(RasterError::Dpi(d))
            }
            (None, Some(d)) => (d / 96.0, d),
            // At least DEFAULT_PIXELS on the long side, keeping the printed size.
            (None, None) => {
                let s = (DEFAULT_PIXELS / w.max(h)).max(1.0);
                (s, 96.0 * s)
            }
        };
        // A hair below the next pixel counts as on it: 816 px at 100/96 is 850, not 851.
        let pw = (w * scale - 1e-6).ceil().max(1.0) as u64;
        let ph = (h * scale - 1e-6).ceil().max(1.0) as u64;
        if pw.saturating_mul(ph) > MAX_PIXELS
            || pw > u32::MAX as u64 / 4
            || ph > u32::MAX as u64 / 4
        {
            return Err(RasterError::TooLarge {
                width: pw,
                height: ph,
                bytes: crate::board::human_bytes(pw.saturating_mul(ph).saturating_mul(4) as f64),
            });
        }
        Ok(Raster {
            width: pw as u32,
            height: ph as u32,
            scale,
            dpi,
        })
    }
}

/// usvg options with the bundled font first and every generic family mapped to it, then the
/// fonts given and the system faces chosen for characters it lacks: text renders the same on
/// a machine without fonts, and any script renders where a font has it.
pub fn options() -> usvg::Options<'static> {
    usvg::Options {
        font_family: glyphs::FAMILY.to_string(),
        fontdb: super::fonts::database(),
        font_resolver: usvg::FontResolver {
            select_font: usvg::FontResolver::default_font_selector(),
            select_fallback: Box::new(|c, exclude, db| super::fonts::fallback(c, exclude, db)),
        },
        ..usvg::Options::default()
    }
}

/// Parses an SVG document with [`options`], after choosing a face for every character of
/// its text that the bundled font lacks.
pub fn parse(svg: &str) -> Result<usvg::Tree, RasterError> {
    super::fonts::prepare(svg, svg.contains("font-weight=\"bold\""));
    usvg::Tree::from_str(svg, &options()).map_err(RasterError::Svg)
}

/// Renders an SVG document to PNG bytes.
pub fn png(svg: &str, raster: Raster) -> Result<Vec<u8>, RasterError> {
    let tree = parse(svg)?;
    let pixels = render(&tree, raster)?;
    encode(&pixels, raster)
}

/// Renders a parsed tree to a pixmap.
pub fn render(tree: &usvg::Tree, raster: Raster) -> Result<Pixmap, RasterError> {
    let mut pixmap = Pixmap::new(raster.width, raster.height).ok_or(RasterError::TooLarge {
        width: raster.width as u64,
        height: raster.height as u64,
        bytes: crate::board::human_bytes(raster.width as f64 * raster.height as f64 * 4.0),
    })?;
    // The pixel size is the drawing's rounded up; stretching the last fraction of a pixel over
    // it (under one part in a thousand) keeps a page's edge from being half transparent.
    let size = tree.size();
    let fit = |px: u32, len: f32| {
        if len > 0.0 {
            px as f32 / len
        } else {
            raster.scale as f32
        }
    };
    let (sx, sy) = (
        fit(raster.width, size.width()),
        fit(raster.height, size.height()),
    );
    resvg::render(tree, Transform::from_scale(sx, sy), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Records the raster's resolution in the pHYs chunk.
pub fn set_dpi<W: std::io::Write>(enc: &mut png::Encoder<W>, raster: Raster) {
    let ppm = (raster.dpi / 0.0254).round() as u32;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
}

/// Bits of the palette cache's slot numbers: four slots a colour at the most colours a palette
/// has.
const CACHE_BITS: u32 = 10;
/// Slots of the palette cache.
const CACHE_SLOTS: usize = 1 << CACHE_BITS;

/// PNG bytes of a pixmap, with its resolution in the pHYs chunk: indexed when it has at most
/// 256 colours (drawings usually do), else RGB or RGBA, compressed hard either way.
pub fn encode(pixmap: &Pixmap, raster: Raster) -> Result<Vec<u8>, RasterError> {
    let px = pixmap.pixels();
    let straight = |p: &resvg::tiny_skia::PremultipliedColorU8| {
        let c = p.demultiply();
        [c.red(), c.green(), c.blue(), c.alpha()]
    };
    // The palette in order of first appearance, so the same image gives the same bytes.
    let mut palette: Vec<[u8; 4]> = Vec::new();
    let mut index: std::collections::HashMap<[u8; 4], u8> = std::collections::HashMap::new();
    let mut indexed = Vec::with_capacity(px.len());
    // Indices by premultiplied pixel, in a direct-mapped cache in front of the map: a million
    // pixels are a million lookups, and hashing each one took a third of the encoding.
    let mut cache = vec![(u32::MAX, 0u8, false); CACHE_SLOTS];
    for p in px {
        let key = u32::from_le_bytes([p.red(), p.green(), p.blue(), p.alpha()]);
        let slot = (key.wrapping_mul(0x9E37_79B9) >> (32 - CACHE_BITS)) as usize;
        let (k, i, used) = cache[slot];
        if used && k == key {
            indexed.push(i);
            continue;
        }
        let c = straight(p);
        let i = match index.get(&c) {
            Some(&i) => i,
            None if palette.len() < 256 => {
                palette.push(c);
                index.insert(c, (palette.len() - 1) as u8);
                (palette.len() - 1) as u8
            }
            None => {
                indexed.clear();
                break;
            }
        };
        cache[slot] = (key, i, true);
        indexed.push(i);
    }
    let opaque = px.iter().all(|p| p.alpha() == 255);
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_depth(png::BitDepth::Eight);
    enc.set_compression(png::Compression::Best);
    set_dpi(&mut enc, raster);
    let data: Vec<u8> = if indexed.len() == px.len() {
        enc.set_color(png::ColorType::Indexed);
        enc.set_palette(
            palette
                .iter()
                .flat_map(|c| [c[0], c[1], c[2]])
                .collect::<Vec<u8>>(),
        );
        if !opaque {
            enc.set_trns(palette.iter().map(|c| c[3]).collect::<Vec<u8>>());
        }
        // Flat colours compress best unfiltered.
        enc.set_filter(png::FilterType::NoFilter);
        indexed
    } else if opaque {
        enc.set_color(png::ColorType::Rgb);
        enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
        px.iter()
            .flat_map(|p| {
                let c = straight(p);
                [c[0], c[1], c[2]]
            })
            .collect()
    } else {
        enc.set_color(png::ColorType::Rgba);
        enc.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
        px.iter().flat_map(straight).collect()
    };
    let err = RasterError::Encode;
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&data).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
