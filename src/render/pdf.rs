//! PDF output: the SVG converted to vector PDF by svg2pdf (through the same usvg as PNG).

use super::raster::{self, RasterError};

/// Converts an SVG document to a one-page vector PDF of the drawing's nominal size, or
/// `width` points wide.
pub fn pdf(svg: &str, width: Option<f64>) -> Result<Vec<u8>, RasterError> {
    let tree = raster::parse(svg)?;
    let (w, _) = page_points(
        tree.size().width() as f64,
        tree.size().height() as f64,
        width,
    )?;
    // The page is the drawing's size at this many user units to the inch.
    let dpi = (72.0 * tree.size().width() as f64 / w) as f32;
    svg2pdf::to_pdf(
        &tree,
        svg2pdf::ConversionOptions::default(),
        svg2pdf::PageOptions { dpi },
    )
    .map_err(RasterError::Pdf)
}

/// Longest side of a PDF page that readers open: Acrobat and others stop at 14,400 points
/// (200 inches).
pub const MAX_PAGE_POINTS: f64 = 14_400.0;

/// The page size in points of a drawing `w` x `h` CSS pixels wide, `width` points across if
/// asked (else its own size, 96 pixels to 72 points, shrunk to fit the readers' limit);
/// refuses a width of under a point or a page over the limit.
pub fn page_points(w: f64, h: f64, width: Option<f64>) -> Result<(f64, f64), RasterError> {
    let (pw, ph) = match width {
        Some(pw) if pw.is_nan() || pw < 1.0 => {
            return Err(RasterError::Format(format!(
                "a PDF page {pw} points wide is not a page; hint: give --width from 1 to {MAX_PAGE_POINTS} points"
            )))
        }
        Some(pw) => (pw, pw * h / w),
        None => {
            let s = (0.75f64).min(MAX_PAGE_POINTS / w.max(h));
            (w * s, h * s)
        }
    };
    if pw.max(ph) > MAX_PAGE_POINTS {
        let most = (MAX_PAGE_POINTS * w / w.max(h)).floor();
        return Err(RasterError::Format(format!(
            "a PDF page of {pw:.0}x{ph:.0} points is over the {MAX_PAGE_POINTS} points a side that PDF readers open; hint: give --width {most} or less"
        )));
    }
    Ok((pw, ph))
}

/// Converts SVG pages to one multi-page vector PDF; each page keeps its drawing's size
/// (CSS pixels at 96 dpi become points at 72) and its text stays text in the embedded font.
pub fn pdf_pages(pages: &[&str]) -> Result<Vec<u8>, RasterError> {
    use pdf_writer::{Content, Finish, Name, Pdf, Rect, Ref, TextStr};
    use std::collections::HashMap;

    let mut alloc = Ref::new(1);
    let catalog = alloc.bump();
    let tree_id = alloc.bump();
    let mut pdf = Pdf::new();
    let mut page_ids = Vec::with_capacity(pages.len());
    for svg in pages {
        let tree = raster::parse(svg)?;
        let (chunk, root) = svg2pdf::to_chunk(&tree, svg2pdf::ConversionOptions::default())
            .map_err(RasterError::Pdf)?;
        let mut map = HashMap::new();
        let chunk = chunk.renumber(|old| *map.entry(old).or_insert_with(|| alloc.bump()));
        let root = map[&root];
        let (w, h) = (tree.size().width() * 0.75, tree.size().height() * 0.75);
        let page_id = alloc.bump();
        let content_id = alloc.bump();
        let name = Name(b"S1");
        let mut page = pdf.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, w, h));
        page.parent(tree_id);
        page.contents(content_id);
        page.resources().x_objects().pair(name, root);
        page.finish();
        let mut content = Content::new();
        content.transform([w, 0.0, 0.0, h, 0.0, 0.0]).x_object(name);
        pdf.stream(content_id, &content.finish());
        pdf.extend(&chunk);
        page_ids.push(page_id);
    }
    pdf.catalog(catalog).pages(tree_id);
    pdf.pages(tree_id)
        .kids(page_ids.iter().copied())
        .count(page_ids.len() as i32);
    pdf.document_info(alloc.bump())
        .producer(TextStr("knight-tour"));
    Ok(pdf.finish())
}
