//! `knight-tour graph`: a piece's whole graph on a (shaped) board, for graph libraries.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::io::graph::{write_graph, GraphFormat, PieceGraph};
use crate::io::OutputFormat;

use super::files::{self, Output};
use super::output::{choose, emit};
use super::shape::ShapeArgs;
use super::{parse_board, Error};

/// Most squares a graph is written for: a 5000x5000 board's knight graph is about 2 GB of DOT.
const MAX_GRAPH_SQUARES: usize = 25_000_000;

/// Arguments of `graph`.
#[derive(Debug, Args)]
pub struct GraphArgs {
    /// Board size ROWSxCOLS (rows first), or one number for a square board.
    #[arg(allow_hyphen_values = true, value_name = "BOARD")]
    board: String,
    /// The piece whose moves are the edges: knight (default), camel, zebra, giraffe, antelope,
    /// wazir, ferz, king, or A,B.
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
    #[command(flatten)]
    shape: ShapeArgs,
    /// dot (Graphviz), graphml, or csv (source,target lines); default: from the extension of
    /// -o (.dot, .gv, .graphml, .csv), else dot.
    #[arg(long, value_enum)]
    format: Option<GraphArg>,
    /// Write to this file (a regular file is replaced whole, atomically; `-` is stdout).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
}

/// Formats of `graph`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum GraphArg {
    /// Graphviz DOT, with each square's position for `neato -n`.
    Dot,
    /// GraphML, with each square's row and column.
    Graphml,
    /// `source,target` lines.
    Csv,
}

impl From<GraphArg> for OutputFormat {
    fn from(f: GraphArg) -> Self {
        match f {
            GraphArg::Dot => OutputFormat::Dot,
            GraphArg::Graphml => OutputFormat::GraphMl,
            GraphArg::Csv => OutputFormat::Csv,
        }
    }
}

/// Runs `graph`.
pub fn run(args: GraphArgs) -> Result<ExitCode, Error> {
    let board = parse_board(&args.board)?;
    let format = choose(
        args.format.map(Into::into),
        args.output.as_deref(),
        "-o",
        &[OutputFormat::Dot, OutputFormat::GraphMl, OutputFormat::Csv],
        Some(OutputFormat::Dot),
    )?;
    if board.area() > MAX_GRAPH_SQUARES {
        return Err(Error::Usage(format!(
            "a graph of {board} has {} squares, more than the {MAX_GRAPH_SQUARES} written (its file would take gigabytes); hint: a smaller board, or solve --format dot for the tour alone",
            board.area()
        )));
    }
    let shape = args.shape.shape(board)?;
    let out = match &args.output {
        None => Output::stdout(),
        Some(o) => files::plan(&[("-o", o)], &args.shape.inputs())?.remove(0),
    };
    let blocked = shape.blocked();
    let g = PieceGraph {
        board,
        piece: args.piece.unwrap_or_default(),
        blocked: &blocked,
    };
    let format = match format {
        OutputFormat::GraphMl => GraphFormat::GraphMl,
        OutputFormat::Csv => GraphFormat::Csv,
        _ => GraphFormat::Dot,
    };
    emit(&out, |w| write_graph(w, &g, format))?;
    Ok(ExitCode::SUCCESS)
}
