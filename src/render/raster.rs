//! PNG output: the SVG rendered by resvg / tiny-skia, with the bundled font and a pHYs
//! chunk so that the printed size comes out right.

use std::sync::Arc;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;
use thiserror::Error;

use super::glyphs;

/// Largest image made: 2^28 pixels (1 GiB of RGBA while rendering).
pub const MAX_PIXELS: u64 = 1 << 28;

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
    /// The SVG did not parse (a bug if it is our own).
    #[error("cannot read the drawing: {0}")]
    Svg(#[source] usvg::Error),
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
            (None, None) => (1.0, 96.0),
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

/// usvg options with the bundled font as the only one, and every generic family mapped to it:
/// text renders the same on a machine without fonts.
pub fn options() -> usvg::Options<'static> {
    let mut db = usvg::fontdb::Database::new();
    db.load_font_data(glyphs::font_bytes().to_vec());
    db.load_font_data(glyphs::regular_font_bytes().to_vec());
    db.set_sans_serif_family(glyphs::FAMILY);
    db.set_serif_family(glyphs::FAMILY);
    db.set_monospace_family(glyphs::FAMILY);
    db.set_cursive_family(glyphs::FAMILY);
    db.set_fantasy_family(glyphs::FAMILY);
    usvg::Options {
        font_family: glyphs::FAMILY.to_string(),
        fontdb: Arc::new(db),
        ..usvg::Options::default()
    }
}

/// Parses an SVG document with [`options`].
pub fn parse(svg: &str) -> Result<usvg::Tree, RasterError> {
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
    let s = raster.scale as f32;
    resvg::render(tree, Transform::from_scale(s, s), &mut pixmap.as_mut());
    Ok(pixmap)
}

/// PNG bytes of a pixmap, with its resolution in the pHYs chunk.
pub fn encode(pixmap: &Pixmap, raster: Raster) -> Result<Vec<u8>, RasterError> {
    let mut data = Vec::with_capacity(pixmap.data().len());
    for p in pixmap.pixels() {
        let c = p.demultiply();
        data.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
    }
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    let ppm = (raster.dpi / 0.0254).round() as u32;
    enc.set_pixel_dims(Some(png::PixelDimensions {
        xppu: ppm,
        yppu: ppm,
        unit: png::Unit::Meter,
    }));
    let err = RasterError::Encode;
    let mut w = enc.write_header().map_err(err)?;
    w.write_image_data(&data).map_err(err)?;
    w.finish().map_err(err)?;
    Ok(out)
}
