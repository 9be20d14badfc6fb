//! Tour output: the format by flag or extension, and where the bytes go.

use std::io::{self, Write};
use std::path::Path;

use clap::ValueEnum;
use knight_tour::io::Format;

use super::files::{self, Output};
use super::Error;

/// Tour formats accepted by `--format`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// Numbered grid, one row a line.
    Text,
    /// knight-tour/1 JSON, read back by `verify` and `draw --tour`.
    Json,
    /// move,row,col,square lines.
    Csv,
    /// Algebraic squares, one a line.
    Moves,
    /// One line: board, method, time, memory, verification.
    Summary,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Text => Format::Text,
            FormatArg::Json => Format::Json,
            FormatArg::Csv => Format::Csv,
            FormatArg::Moves => Format::Moves,
            FormatArg::Summary => Format::Summary,
        }
    }
}

/// Picks the format: the flag, else the file's extension, else text.
pub fn choose_format(flag: Option<FormatArg>, out: Option<&Path>) -> Result<Format, Error> {
    if let Some(f) = flag {
        return Ok(f.into());
    }
    match out {
        None => Ok(Format::Text),
        Some(p) if p.as_os_str() == "-" => Ok(Format::Text),
        Some(p) => Format::from_extension(&p.to_string_lossy()).ok_or_else(|| {
            Error::Usage(format!(
                "cannot tell the format of '{}' from its extension; hint: use .json, .txt or .csv, or pass --format",
                p.display()
            ))
        }),
    }
}

/// The target of `-o`, or stdout without it.
pub fn target(out: Option<&Path>) -> Result<Output, Error> {
    match out {
        Some(p) => files::plan_one("-o", p),
        None => Ok(Output::stdout()),
    }
}

/// Writes one output, whole or not at all.
pub fn emit<F>(out: &Output, mut fill: F) -> Result<(), Error>
where
    F: FnMut(&mut dyn Write) -> io::Result<()>,
{
    files::write_one(out, &mut fill)
}

/// Prints text to stdout through one buffered handle (a closed pipe ends the run quietly).
pub fn print(text: &str) -> Result<(), Error> {
    print_bytes(text.as_bytes())
}

/// Prints bytes to stdout, as [`print`].
pub fn print_bytes(bytes: &[u8]) -> Result<(), Error> {
    emit(&Output::stdout(), |w| w.write_all(bytes))
}
