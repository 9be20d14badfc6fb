//! `knight-tour solve`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::board::human_bytes;
use crate::io::{self as tio, OutputFormat};
use crate::piece::Piece;
use crate::solve::{self, Request, Solution};
use crate::Kind;
use crate::Shape;
use clap::Args;

use super::output::{choose, emit, target, FormatArg};
use super::shape::ShapeArgs;
use super::{natural, parse_board, parse_square, refuse_given, Error, KindArgs, MethodArg};

/// The board and the solver options.
#[derive(Debug, Clone, Args)]
pub struct SolveOpts {
    /// Board size ROWSxCOLS (rows first), or one number for a square board.
    #[arg(allow_hyphen_values = true, value_name = "BOARD")]
    pub board: String,
    #[command(flatten)]
    pub choice: Choice,
}

/// Options that choose and run a solver (shared with `draw`).
#[derive(Debug, Clone, Args)]
pub struct Choice {
    /// The piece: knight (default), camel, zebra, giraffe, antelope, wazir, ferz, king, or
    /// A,B for the leaper that moves A squares one way and B the other (1,2 is the knight).
    #[arg(long, value_name = "PIECE", value_parser = parse_piece)]
    pub piece: Option<Piece>,
    /// Start square: algebraic (c3, aa12) or zero-based ROW,COL. Default: the top-left corner.
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// End square of an open tour (algebraic or ROW,COL): the tour runs from --start to here.
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    pub end: Option<String>,
    #[command(flatten)]
    pub kind: KindArgs,
    /// Solver to use [default: auto].
    #[arg(long, value_enum)]
    pub method: Option<MethodArg>,
    /// Seed for random tie-breaks and tile choices: same seed, same tour.
    #[arg(long, value_parser = natural)]
    pub seed: Option<u64>,
    /// Node budget of the searching solvers (backtrack, warnsdorff, the search on shaped boards) [default: about 10 s of work].
    #[arg(long, value_name = "NODES", value_parser = natural)]
    pub budget: Option<u64>,
    #[command(flatten)]
    pub shape: ShapeArgs,
}

impl Choice {
    /// Parses the options into a request for `board`.
    pub fn request(&self, board: &str) -> Result<Request, Error> {
        let board = parse_board(board)?;
        let start = parse_square(board, self.start.as_deref())?;
        let end = parse_square(board, self.end.as_deref())?;
        refuse_given(
            &[("--end", end.is_some() && self.kind.kind() == Kind::Closed)],
            "to --closed: a closed tour has no end square",
            |_| "drop --end, or drop --closed for an open tour".into(),
        )?;
        refuse_given(
            &[(
                "--end",
                end.is_some()
                    && matches!(
                        self.method,
                        Some(MethodArg::Warnsdorff | MethodArg::Backtrack)
                    ),
            )],
            "to --method warnsdorff or backtrack: they cannot aim for an end square",
            |_| "use --method auto or divide with --end".into(),
        )?;
        refuse_given(
            &[(
                "--budget",
                self.budget.is_some() && matches!(self.method, Some(MethodArg::Divide)),
            )],
            "to --method divide: the construction always finishes",
            |_| "drop --budget, or use --method warnsdorff or backtrack".into(),
        )?;
        refuse_given(
            &[(
                "--seed",
                self.seed.is_some() && matches!(self.method, Some(MethodArg::Backtrack)),
            )],
            "to --method backtrack: it tries moves in one fixed order",
            |_| "drop --seed, or use --method warnsdorff".into(),
        )?;
        Ok(Request {
            board,
            kind: self.kind.kind(),
            start,
            end,
            method: self.method.unwrap_or(MethodArg::Auto).into(),
            seed: self.seed,
            budget: self.budget,
            piece: self.piece.unwrap_or_default(),
        })
    }
}

/// Runs a request on a shape.
pub fn run_request(shape: &Shape, req: &Request) -> Result<Solution, Error> {
    Ok(solve::solve_on(shape, req)?)
}

/// Peak resident memory of this process in bytes, where the system tells it.
fn peak_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Arguments of `solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    opts: SolveOpts,
    /// Output format; default: from the extension of -o, else text.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Write to this file (a regular file is replaced whole, atomically; `-` is stdout).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Runs `solve`.
pub fn run(args: SolveArgs) -> Result<ExitCode, Error> {
    let req = args.opts.choice.request(&args.opts.board)?;
    let shape = args.opts.choice.shape.shape(req.board)?;
    let format = choose(
        args.format.map(Into::into),
        args.output.as_deref(),
        "-o",
        &[
            OutputFormat::Text,
            OutputFormat::Json,
            OutputFormat::Csv,
            OutputFormat::Moves,
            OutputFormat::Summary,
            OutputFormat::Dot,
            OutputFormat::GraphMl,
        ],
        Some(OutputFormat::Text),
    )?;
    // The shape's files are inputs: -o may not name one.
    let out = target(args.output.as_deref(), &args.opts.choice.shape.inputs())?;
    let t0 = Instant::now();
    let sol = run_request(&shape, &req)?;
    let elapsed = t0.elapsed();
    let tour = &sol.tour;
    emit(&out, |w| match format {
        OutputFormat::Text => tio::write_text(w, tour),
        OutputFormat::Json => tio::write_json(w, tour, sol.method.name(), req.seed),
        OutputFormat::Csv => tio::write_csv(w, tour),
        OutputFormat::Moves => tio::write_moves(w, tour),
        OutputFormat::Dot => tio::graph::write_tour_graph(w, tour, tio::graph::GraphFormat::Dot),
        OutputFormat::GraphMl => {
            tio::graph::write_tour_graph(w, tour, tio::graph::GraphFormat::GraphMl)
        }
        OutputFormat::Svg
        | OutputFormat::Png
        | OutputFormat::Pdf
        | OutputFormat::Gif
        | OutputFormat::Apng
        | OutputFormat::Html
        | OutputFormat::Tikz => {
            unreachable!("choose() allows only tour formats here")
        }
        OutputFormat::Summary => {
            let memory = peak_memory().map_or(String::new(), |m| {
                let per = m as f64 / tour.board().area() as f64;
                // Per-square figures mean something only once the board outweighs the binary.
                if tour.board().area() >= 1_000_000 {
                    format!(
                        ", peak memory {} ({per:.2} bytes/square)",
                        human_bytes(m as f64)
                    )
                } else {
                    format!(", peak memory {}", human_bytes(m as f64))
                }
            });
            writeln!(
                w,
                "{} {}{} tour by {}: {} squares from {} to {}, {} tiles, constructed and verified in {:.3} ms{memory}: verified ok",
                tour.board(),
                tour.kind(),
                super::verify::piece_word(tour.piece()),
                sol.method,
                tour.len(),
                tour.board().algebraic(tour.start()),
                tour.board().algebraic(tour.end()),
                tour.tiles().len(),
                elapsed.as_secs_f64() * 1e3,
            )?;
            let parts: Vec<String> = tio::direction_list(tour)
                .into_iter()
                .map(|((dr, dc), s)| format!("{dr:+}{dc:+} {:.1}%", 100.0 * s))
                .collect();
            writeln!(
                w,
                "moves by direction (rows down, columns right): {}",
                parts.join(", ")
            )
        }
    })?;
    Ok(ExitCode::SUCCESS)
}

/// `--piece`'s value.
pub(crate) fn parse_piece(text: &str) -> Result<Piece, String> {
    text.parse()
        .map_err(|e: crate::piece::PieceError| e.to_string())
}
