//! Drawing tours: a pure layout ([`scene`]), themes, SVG, and PNG / PDF from the SVG.

pub mod glyphs;
pub mod pdf;
pub mod raster;
pub mod scene;
pub mod sheet;
pub mod svg;
pub mod theme;

pub use scene::Scene;
pub use svg::{render, DrawOptions, Style};
pub use theme::{Theme, ThemeError};
