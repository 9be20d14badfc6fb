//! PDF output: the SVG converted to vector PDF by svg2pdf (through the same usvg as PNG).

use super::raster::{self, RasterError};

/// Converts an SVG document to a one-page vector PDF of the drawing's nominal size.
pub fn pdf(svg: &str) -> Result<Vec<u8>, RasterError> {
    let tree = raster::parse(svg)?;
    svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi: 96.0 },
    )
    .map_err(|e| RasterError::Encode(format!("PDF: {e}")))
}
