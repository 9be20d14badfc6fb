//! Where output goes: stdout, or a file written atomically; format by flag or extension.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use clap::ValueEnum;
use knight_tour::io::atomic::write_atomic;
use knight_tour::io::Format;

use super::Failure;

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
pub fn choose_format(flag: Option<FormatArg>, out: Option<&Path>) -> Result<Format, Failure> {
    if let Some(f) = flag {
        return Ok(f.into());
    }
    match out {
        None => Ok(Format::Text),
        Some(p) => Format::from_extension(&p.to_string_lossy()).ok_or_else(|| {
            Failure::usage(format!(
                "cannot tell the format of '{}' from its extension; hint: use .json, .txt or .csv, or pass --format",
                p.display()
            ))
        }),
    }
}

/// Checks before any work that an output file could be written.
pub fn check_target(out: Option<&Path>) -> Result<(), Failure> {
    if let Some(p) = out {
        let dir = match p.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        if !dir.is_dir() {
            return Err(Failure::usage(format!(
                "cannot write '{}': folder '{}' does not exist",
                p.display(),
                dir.display()
            )));
        }
    }
    Ok(())
}

/// Sends bytes to `out` (atomically) or to stdout.
pub fn emit<F>(out: Option<&Path>, fill: F) -> Result<(), Failure>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    match out {
        Some(p) => write_atomic(p, fill)
            .map_err(|e| Failure::usage(format!("cannot write '{}': {e}", p.display()))),
        None => {
            let stdout = io::stdout();
            let mut w = BufWriter::with_capacity(1 << 16, stdout.lock());
            fill(&mut w)?;
            w.flush()?;
            Ok(())
        }
    }
}

/// Peak resident memory of this process in bytes, where the system tells it.
pub fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}
