//! Command-line interface: clap definitions and one module per subcommand.

mod blocks;
mod count;
mod deferred;
mod draw;
mod error;
mod exists;
mod files;
mod fonts;
mod graph;
mod meta;
mod output;
mod pages;
mod puzzle;
mod shape;
mod sniff;
mod solve;
mod verify;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::solve::Method;
use crate::Kind;
use crate::{Board, Square};

use deferred::Deferred;
pub(crate) use error::Error;

const EXAMPLES: &str = concat!(
    "Examples:
  knight-tour solve 8x8                          numbered open tour from the top-left corner
  knight-tour solve 5x5 --start c3 --format json a tour file that `verify` and `draw` read
  knight-tour solve 6x10 --closed --seed 3       a closed tour (rows first: 6 rows of 10)
  knight-tour exists 4x20 --open --start b2      the theorem's answer and its reason
  knight-tour verify tour.json                   check a tour file
  knight-tour draw 8x8 -o tour.png               a numbered grid as PNG
  knight-tour puzzle 8x8 --count 6 -o sheet.pdf --answers key.pdf   a worksheet

Limits (checked before any work):
  solve: 2^30 squares, memory reserved first; backtrack stops at its --budget (about 10 s)
  draw: PNG 2^28 pixels; PNG/PDF 490,000 digits (numbers) or 2^22 moves (lines, tiles);
        SVG 2,000,000 digits or 2^24 moves
  puzzle: easy/medium 20x20, hard 14x14, --minimal/--clues 10x10; 1000 puzzles
  files read: tour files 40 bytes a square of the largest board, puzzles 64 MiB, themes 64 KiB
",
    "
Exit codes: 0 ok; 1 no such tour / check failed / no unique solution; 2 bad usage or input;
  3 read or write failed; 4 search budget ran out; 130 interrupted"
);

const PUZZLE_EXAMPLES: &str = "Examples:
  knight-tour puzzle 8x8 --count 6 --difficulty medium --seed 1 -o sheet.pdf --answers key.pdf
  knight-tour puzzle 10x10 --closed --difficulty hard --count 4 --page letter -o sheet.png
  knight-tour puzzle 8x8 --clues 16 --format json -o puzzle.json
  knight-tour puzzle solve puzzle.json        none, exactly one (printed) or two shown
  knight-tour puzzle solve grid.txt           a text grid: numbers, '.' for blanks";

const COUNT_EXAMPLES: &str = "Examples:
  knight-tour count 6x6 --closed               9862 closed tours (OEIS A001230)
  knight-tour count 5x5 --directed             1728 open tours counted in each direction
  knight-tour count 5x8                        18061054 open tours (Luschny's table)
  knight-tour count 3x100 --start a1           open tours from a corner (any size of number)
  knight-tour count 6x6 --piece king --closed  other pieces, holes (--holes) and given ends

Conventions: without --directed a tour and its reverse count once (OEIS A001230, A390833);
  with it, once each way (OEIS A165134). With --start or --end both agree.
Exit codes: 0 counted (zero is an answer); 2 bad input; 4 past --max-states or too wide a
  frontier (the board's shorter side, times the piece's reach, at most 32 squares)";

const DRAW_EXAMPLES: &str = "Examples:
  knight-tour draw 8x8 -o tour.png                                   numbered grid
  knight-tour draw 34x34 --closed --style tiles --theme paper -o fig5.png --width 2000
  knight-tour draw 8x8 --style lines --theme color -o tour.svg        shaded line drawing
  knight-tour draw 16x16 --closed --style tiles --theme vlsi -o route.pdf
  knight-tour draw --tour tour.json --style lines --arrows -o tour.svg";

/// Knight's tours on any rectangular board: exact existence, solvers and checks.
#[derive(Debug, Parser)]
#[command(name = "knight-tour", version, about, after_help = EXAMPLES)]
pub(crate) struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Construct and verify a tour, then print or write it.
    #[command(after_help = EXAMPLES)]
    Solve(Deferred<solve::SolveArgs>),
    /// Draw a tour: numbered grid, line drawing or tiles, as SVG, PNG or PDF.
    #[command(after_help = DRAW_EXAMPLES)]
    Draw(Deferred<draw::DrawArgs>),
    /// Make worksheets of unique puzzles with answer keys, or solve a puzzle file.
    #[command(after_help = PUZZLE_EXAMPLES)]
    Puzzle(Deferred<puzzle::PuzzleArgs>),
    /// Check a tour or puzzle file: say what is wrong and where.
    #[command(
        after_help = "Example:\n  knight-tour solve 8x8 --format json -o t.json && knight-tour verify t.json"
    )]
    Verify(Deferred<verify::VerifyArgs>),
    /// Write a piece's whole graph on a board as DOT, GraphML or CSV, for graph libraries.
    #[command(
        after_help = "Examples:\n  knight-tour graph 8x8 -o knight.graphml\n  knight-tour graph 8x8 --piece king --holes d4,e5 --format csv\n  knight-tour graph 8x8 | neato -n -Tsvg > graph.svg"
    )]
    Graph(Deferred<graph::GraphArgs>),
    /// Say whether a tour exists, with the theorem's reason.
    #[command(
        after_help = "Examples:\n  knight-tour exists 5x5 --closed\n  knight-tour exists 4x20 --open --start b2"
    )]
    Exists(Deferred<exists::ExistsArgs>),
    /// Count every tour exactly (frontier dynamic programming), past the published tables.
    #[command(after_help = COUNT_EXAMPLES)]
    Count(Deferred<count::CountArgs>),
    /// Print a shell completion script (bash, zsh, fish, powershell).
    #[command(
        after_help = "Example:\n  knight-tour completions bash > ~/.local/share/bash-completion/completions/knight-tour"
    )]
    Completions(Deferred<meta::CompletionsArgs>),
    /// Print the manual page in roff.
    #[command(after_help = "Example:\n  knight-tour man > knight-tour.1 && man ./knight-tour.1")]
    Man,
}

/// The kind of tour (shared by subcommands).
#[derive(Debug, Clone, Copy, Args)]
#[group(multiple = false)]
pub(crate) struct KindArgs {
    /// A closed tour: the last square is a knight's move from the first.
    #[arg(long)]
    closed: bool,
    /// An open tour (a path); the default.
    #[arg(long)]
    open: bool,
}

impl KindArgs {
    fn kind(&self) -> Kind {
        if self.closed {
            Kind::Closed
        } else {
            Kind::Open
        }
    }
}

/// Solver choice accepted on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub(crate) enum MethodArg {
    /// The fastest method that is sure to answer.
    Auto,
    /// Divide and conquer: tiles merged into one cycle, O(rows x cols).
    Divide,
    /// Warnsdorff's fewest-onward-moves rule with backtracking.
    Warnsdorff,
    /// The tutorials' plain depth-first search (exponential; a baseline).
    Backtrack,
}

impl From<MethodArg> for Method {
    fn from(m: MethodArg) -> Self {
        match m {
            MethodArg::Auto => Method::Auto,
            MethodArg::Divide => Method::Divide,
            MethodArg::Warnsdorff => Method::Warnsdorff,
            MethodArg::Backtrack => Method::Backtrack,
        }
    }
}

/// The `knight-tour` command-line tool: parses the process's arguments, runs the command and
/// prints any error once (the binary's whole `main`).
pub fn main() -> ExitCode {
    match parse_args().and_then(run) {
        Ok(code) => code,
        Err(e) => report(&e),
    }
}

/// Prints an error once, as one `error:` line with its hint, and returns its exit code.
pub(crate) fn report(e: &Error) -> ExitCode {
    let code = e.code();
    if code != error::OK {
        let line = match e.hint() {
            Some(h) => format!("error: {e}; hint: {h}"),
            None => format!("error: {e}"),
        };
        // If stderr itself is gone there is nobody left to tell.
        let _ = writeln!(io::stderr().lock(), "{}", line.replace('\n', " "));
    }
    ExitCode::from(code)
}

/// Parses the command line. `--help`, `--version` and their like print and end the process
/// as clap does; every mistake becomes one [`Error::Usage`] line with a hint, as every other
/// error is (clap's own message takes three lines and its tip for a value starting with '-'
/// does not work for option values).
pub(crate) fn parse_args() -> Result<Cli, Error> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    use clap::Parser;
    let e = match Cli::try_parse() {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    if matches!(
        e.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        e.exit();
    }
    let text = e.render().to_string();
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // The message runs until the tip, the usage line or the pointer to --help.
    let first = lines
        .iter()
        .take_while(|l| {
            !l.starts_with("tip:") && !l.starts_with("Usage:") && !l.starts_with("For more")
        })
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let first = first.strip_prefix("error: ").unwrap_or(&first).to_string();
    let tip = lines
        .iter()
        .find_map(|l| l.strip_prefix("tip: "))
        .map(str::to_string);
    let invalid = e.get(ContextKind::InvalidArg).and_then(|v| match v {
        ContextValue::String(s) => Some(s.clone()),
        _ => None,
    });
    let negative = |s: &str| {
        s.strip_prefix('-')
            .is_some_and(|d| d.parse::<f64>().is_ok())
    };
    let hint = match (e.kind(), invalid) {
        (ErrorKind::UnknownArgument, Some(arg)) if negative(&arg) => format!(
            "numbers are written without a sign; a value must be {}",
            "zero or more (see --help for each option's range)"
        ),
        _ => match tip {
            Some(t) if !t.contains("'-- ") => t,
            _ => "see knight-tour --help, or the command's --help".to_string(),
        },
    };
    Err(Error::Usage(format!("{first}; hint: {hint}")))
}

/// Writes a note to stderr (never fails: a closed stderr only loses the note).
pub(crate) fn note(text: std::fmt::Arguments<'_>) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

/// Refuses the first option in `given` that is set: it does not apply `why`.
fn refuse_given(
    given: &[(&str, bool)],
    why: &str,
    hint: impl Fn(&str) -> String,
) -> Result<(), Error> {
    match given.iter().find(|(_, on)| *on) {
        Some((option, _)) => Err(Error::Usage(format!(
            "{option} does not apply {why}; hint: {}",
            hint(option)
        ))),
        None => Ok(()),
    }
}

/// Parses a board argument.
fn parse_board(text: &str) -> Result<Board, Error> {
    Ok(text.parse::<Board>()?)
}

/// Parses an optional square on `board`.
fn parse_square(board: Board, text: Option<&str>) -> Result<Option<Square>, Error> {
    Ok(text.map(|t| board.parse_square(t)).transpose()?)
}

/// Text drawn on a page (`--title`): any script, but no control characters, which would make
/// the SVG not XML and cannot be printed.
fn printable(text: &str) -> Result<String, String> {
    match text.chars().find(|c| c.is_control()) {
        Some(c) => Err(format!(
            "it holds the control character U+{:04X}; write the text without it (a line break too: long titles wrap by themselves)",
            c as u32
        )),
        None => Ok(text.to_string()),
    }
}

/// clap parser for whole-number options: the same grammar as board sides
/// (surrounding spaces allowed, digits only, no sign, no leading zeros).
fn natural(text: &str) -> Result<u64, String> {
    crate::board::parse_natural(text).ok_or_else(|| {
        format!("'{text}' is not a whole number; write digits only, such as 12 (no sign, no leading zeros)")
    })
}

/// clap parser for `usize` options.
fn quantity(text: &str) -> Result<usize, String> {
    natural(text).and_then(|n| usize::try_from(n).map_err(|_| format!("'{text}' is too large")))
}

/// clap parser for `u32` options.
fn natural32(text: &str) -> Result<u32, String> {
    natural(text).and_then(|n| u32::try_from(n).map_err(|_| format!("'{text}' is too large")))
}

/// clap parser for decimal options (sizes, resolutions): digits with an optional fraction.
fn decimal(text: &str) -> Result<f64, String> {
    parse_decimal(text).ok_or_else(|| {
        format!(
            "'{text}' is not a number; write digits with an optional fraction, such as 12 or 1.5"
        )
    })
}

/// Runs the parsed command line.
pub(crate) fn run(cli: Cli) -> Result<ExitCode, Error> {
    // Ctrl-C and SIGTERM end every run with 130, also before any file is written.
    files::on_interrupt();
    let result = match cli.command {
        Command::Solve(a) => solve::run(a.0),
        Command::Draw(a) => draw::run(a.0),
        Command::Puzzle(a) => puzzle::run(a.0),
        Command::Verify(a) => verify::run(a.0),
        Command::Exists(a) => exists::run(a.0),
        Command::Count(a) => count::run(a.0),
        Command::Graph(a) => graph::run(a.0),
        Command::Completions(a) => meta::completions(a.0),
        Command::Man => meta::man(),
    };
    fonts::warn_missing();
    result
}

/// Parses a decimal in the same grammar, with an optional fraction (`12`, `1.5`, `0.25`).
fn parse_decimal(text: &str) -> Option<f64> {
    let t = text.trim();
    let (whole, frac) = t.split_once('.').unwrap_or((t, ""));
    if t.ends_with('.') || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    crate::board::parse_natural(whole)?;
    t.parse().ok().filter(|v: &f64| v.is_finite())
}
