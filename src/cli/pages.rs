//! What PNG worksheet pages cost, estimated before any puzzle is made: memory for one page
//! while it is painted, and the time for all of them.

use crate::io::OutputFormat;
use crate::render::sheet::Template;
use std::path::{Path, PathBuf};

use super::Error;

/// The files `pages` pages in `format` go to: one PDF (or JSON or text file) named `out`, or,
/// for SVG and PNG with more than one page, `NAME-1.ext`, `NAME-2.ext`, ... beside `out`.
pub fn page_files(out: &Path, format: OutputFormat, pages: usize) -> Vec<PathBuf> {
    if pages <= 1 || !matches!(format, OutputFormat::Svg | OutputFormat::Png) {
        return vec![out.to_path_buf()];
    }
    let part = |s: Option<&std::ffi::OsStr>| s.map(|s| s.to_string_lossy().into_owned());
    let (stem, ext) = (
        part(out.file_stem()).unwrap_or_default(),
        part(out.extension()),
    );
    (1..=pages)
        .map(|i| match &ext {
            Some(e) => out.with_file_name(format!("{stem}-{i}.{e}")),
            None => out.with_file_name(format!("{stem}-{i}")),
        })
        .collect()
}

/// Bytes a pixel that painting one PNG page holds (the pixmap, its rows and the encoder's).
const PAGE_BYTES_PER_PIXEL: u64 = 20;

/// Most memory one PNG page may take while it is painted.
const MAX_PAGE_BYTES: u64 = 2 << 30;

/// Most pixels painted over all PNG pages of a run: some 11 ns a pixel, so about 2 minutes.
const MAX_PAGE_PIXELS: u64 = 10_000_000_000;

/// Pixels past which a run says how long its PNG pages will take (about 10 s).
const NOTE_PAGE_PIXELS: u64 = 1_000_000_000;

/// Refuses, before any puzzle is made, PNG pages that would take too much memory each or too
/// long all together, saying what would fit.
pub(super) fn check_page_work(
    template: &Template,
    dpi: f64,
    png_pages: usize,
) -> Result<(), Error> {
    if png_pages == 0 {
        return Ok(());
    }
    let side = |mm: f64| (mm / 25.4 * dpi).ceil() as u64;
    let (w, h) = (side(template.width), side(template.height));
    let px = w * h;
    let total = px.saturating_mul(png_pages as u64);
    if px.saturating_mul(PAGE_BYTES_PER_PIXEL) > MAX_PAGE_BYTES {
        let most =
            (dpi * ((MAX_PAGE_BYTES / PAGE_BYTES_PER_PIXEL) as f64 / px as f64).sqrt()).floor();
        return Err(Error::Usage(format!(
            "a PNG page of {w}x{h} pixels would need about {} to paint, over the limit of {}; hint: use --dpi {most} or less, a smaller --page, or PDF",
            crate::board::human_bytes((px * PAGE_BYTES_PER_PIXEL) as f64),
            crate::board::human_bytes(MAX_PAGE_BYTES as f64)
        )));
    }
    if total > MAX_PAGE_PIXELS {
        let most = (MAX_PAGE_PIXELS / px).max(1);
        return Err(Error::Usage(format!(
            "{png_pages} PNG pages of {w}x{h} pixels are {total} pixels to paint (about {} s), over the limit of {MAX_PAGE_PIXELS}; hint: at most {most} such pages (fewer puzzles or more --per-page), a lower --dpi, or PDF",
            total / 90_000_000
        )));
    }
    if total > NOTE_PAGE_PIXELS {
        super::note(format_args!(
            "note: {png_pages} PNG pages of {w}x{h} pixels: about {} s of painting (PDF is faster)",
            total / 90_000_000
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_files_number_svg_and_png_pages_only() {
        let one = |p: &str, f, n| page_files(Path::new(p), f, n);
        assert_eq!(
            one("d/s.pdf", OutputFormat::Pdf, 3),
            vec![PathBuf::from("d/s.pdf")]
        );
        assert_eq!(
            one("s.png", OutputFormat::Png, 1),
            vec![PathBuf::from("s.png")]
        );
        assert_eq!(
            one("d/s.svg", OutputFormat::Svg, 2),
            vec![PathBuf::from("d/s-1.svg"), PathBuf::from("d/s-2.svg")]
        );
        assert_eq!(one("s", OutputFormat::Png, 2)[1], PathBuf::from("s-2"));
    }
}
