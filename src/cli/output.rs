//! Tour output: the format by flag or extension, and where the bytes go.

use std::io::{self, Write};
use std::path::Path;

use crate::io::OutputFormat;
use clap::ValueEnum;

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
    /// Graphviz DOT: the squares as nodes, the moves as edges in order.
    Dot,
    /// GraphML: the squares as nodes, the moves as edges in order.
    Graphml,
}

impl From<FormatArg> for OutputFormat {
    fn from(f: FormatArg) -> Self {
        match f {
            FormatArg::Text => OutputFormat::Text,
            FormatArg::Json => OutputFormat::Json,
            FormatArg::Csv => OutputFormat::Csv,
            FormatArg::Moves => OutputFormat::Moves,
            FormatArg::Summary => OutputFormat::Summary,
            FormatArg::Dot => OutputFormat::Dot,
            FormatArg::Graphml => OutputFormat::GraphMl,
        }
    }
}

/// Picks an output's format: the flag, else the file's extension, else `default` for
/// stdout. `allowed` lists what the command writes; the hint names their extensions.
pub fn choose(
    flag: Option<OutputFormat>,
    out: Option<&Path>,
    option: &str,
    allowed: &[OutputFormat],
    default: Option<OutputFormat>,
) -> Result<OutputFormat, Error> {
    if let Some(f) = flag {
        return Ok(f);
    }
    let extensions = || {
        let names: Vec<String> = allowed
            .iter()
            .filter_map(|f| match f {
                OutputFormat::Text => Some(".txt".to_string()),
                OutputFormat::Moves | OutputFormat::Summary => None,
                f => Some(format!(".{}", f.name())),
            })
            .collect();
        names.join(", ")
    };
    let path = match out {
        Some(p) if p.as_os_str() != "-" => p,
        _ => {
            return default.ok_or_else(|| {
                Error::Usage(format!(
                    "{option} needs a file name to tell the format; hint: use {}, or pass --format",
                    extensions()
                ))
            })
        }
    };
    match OutputFormat::from_path(path) {
        Some(f) if allowed.contains(&f) => Ok(f),
        Some(f) => Err(Error::Usage(format!(
            "{option} '{}' names a {} file, which this command does not write; hint: use {}",
            path.display(),
            f.name(),
            extensions()
        ))),
        None => Err(Error::Usage(format!(
            "cannot tell the format of {option} '{}' from its extension; hint: use {}, or pass --format",
            path.display(),
            extensions()
        ))),
    }
}

/// Where `-o` goes: a planned file (refused if it is one of `inputs`), or stdout.
pub fn target(out: Option<&Path>, inputs: &[(&str, &Path)]) -> Result<Output, Error> {
    match out {
        Some(p) => Ok(files::plan(&[("-o", p)], inputs)?.remove(0)),
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
