//! `--font FILE` and the system's fonts: the command line reads the files and hands the
//! bytes to the render floor, and warns once about characters that no font could draw.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;

use super::error::Error;
use super::files::{open_bounded, read_error};
use super::note;
use crate::render::fonts;

/// Largest font file read: the biggest CJK collections are about 120 MB.
const MAX_FONT_BYTES: u64 = 256 << 20;

/// Fonts beyond the bundled one.
#[derive(Debug, Args, Default, Clone)]
pub struct FontArgs {
    /// A TrueType or OpenType font (or collection) for characters the bundled DejaVu Sans
    /// lacks; may be given more than once (tried in order, before the system's fonts).
    #[arg(long = "font", value_name = "FILE")]
    pub fonts: Vec<PathBuf>,
}

impl FontArgs {
    /// The font files, as inputs that no output may overwrite.
    pub fn inputs(&self) -> impl Iterator<Item = (&'static str, &Path)> {
        self.fonts.iter().map(|p| ("--font", p.as_path()))
    }

    /// Loads the given fonts and lets the system's fonts be searched after them.
    pub fn load(&self) -> Result<(), Error> {
        for path in &self.fonts {
            let mut r = open_bounded(path, "font", MAX_FONT_BYTES)?;
            let mut bytes = Vec::new();
            r.read_to_end(&mut bytes).map_err(|e| read_error(e, path))?;
            fonts::add_font(bytes).map_err(|e| {
                Error::Usage(format!(
                    "cannot use --font '{}': {e}; hint: give a .ttf, .otf, .ttc or .otc file",
                    path.display()
                ))
            })?;
        }
        fonts::use_system_fonts(Box::new(|| {
            let mut db = resvg::usvg::fontdb::Database::new();
            db.load_system_fonts();
            db
        }));
        Ok(())
    }
}

/// Warns about characters that no font had: they are left out of the drawing.
pub fn warn_missing() {
    let missing = fonts::take_missing();
    if missing.is_empty() {
        return;
    }
    let list: Vec<String> = missing
        .iter()
        .take(12)
        .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
        .collect();
    let more = missing.len().saturating_sub(12);
    let more = if more > 0 {
        format!(" and {more} more")
    } else {
        String::new()
    };
    note(format_args!(
        "warning: no font here has {}{more}: left blank in the drawing; hint: install a font that has them (Debian: fonts-noto-cjk for Chinese, Japanese and Korean) or give --font FILE",
        list.join(", ")
    ));
}
