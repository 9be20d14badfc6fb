//! `knight-tour count`.

use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};

use crate::board::human_bytes;
use crate::count::{self, Counted, Question, DEFAULT_MAX_STATES};

use super::output::print;
use super::shape::ShapeArgs;
use super::{parse_board, parse_square, quantity, Error, KindArgs};

/// Arguments of `count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size ROWSxCOLS (rows first), or one number for a square board.
    #[arg(allow_hyphen_values = true, value_name = "BOARD")]
    board: String,
    #[command(flatten)]
    kind: KindArgs,
    /// Count each tour once in each direction: a path and its reverse count as two, and so
    /// do a closed tour's two ways round. Without it they count as one, as in OEIS A001230
    /// and Luschny's table. With --start or --end the direction is fixed and both agree.
    #[arg(long)]
    directed: bool,
    /// The piece: knight (default), camel, zebra, giraffe, antelope, wazir, ferz, king, or
    /// A,B for the (A,B) leaper.
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
    /// Count open tours that start on this square (algebraic or ROW,COL).
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    start: Option<String>,
    /// Count open tours that end on this square.
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    end: Option<String>,
    #[command(flatten)]
    shape: ShapeArgs,
    /// Output: the number and how it was counted (text), or one JSON object.
    #[arg(long, value_enum, default_value = "text")]
    format: CountFormat,
    /// Most frontier states held at once, the memory bound (about 100 bytes a state).
    #[arg(long, value_name = "N", value_parser = quantity, default_value_t = DEFAULT_MAX_STATES)]
    max_states: usize,
}

/// Formats of `count`'s answer.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum CountFormat {
    /// The number alone on the first line, then how it was counted.
    Text,
    /// One JSON object (knight-tour-count/1).
    Json,
}

/// Runs `count`: prints the number of tours; exit 0 (a count of zero is an answer too).
pub fn run(args: CountArgs) -> Result<ExitCode, Error> {
    let board = parse_board(&args.board)?;
    let start = parse_square(board, args.start.as_deref())?;
    let end = parse_square(board, args.end.as_deref())?;
    let shape = args.shape.shape(board)?;
    let kind = args.kind.kind();
    let piece = args.piece.unwrap_or_default();
    let question = Question {
        shape,
        kind,
        piece,
        start,
        end,
        max_states: args.max_states,
    };
    let began = Instant::now();
    let bar = progress();
    let counted = count::count(&question, &mut |done, steps| {
        bar.set_length(steps as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let counted = counted?;
    let seconds = began.elapsed().as_secs_f64();
    let text = match args.format {
        CountFormat::Text => text(&question, &counted, args.directed, seconds),
        CountFormat::Json => json(&question, &counted, args.directed, seconds),
    };
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// The board as the answer names it: with its holes and the piece when not the knight.
fn place(q: &Question) -> String {
    let holes = crate::existence::with_holes(q.shape.holes().len());
    format!("{}{holes}", q.shape.board())
}

fn text(q: &Question, c: &Counted, directed: bool, seconds: f64) -> String {
    let board = q.shape.board();
    let kind = q.kind.name();
    let ends = match (q.start, q.end) {
        (Some(s), Some(t)) => format!(" from {} to {}", board.algebraic(s), board.algebraic(t)),
        (Some(s), None) => format!(" from {}", board.algebraic(s)),
        (None, Some(t)) => format!(" ending on {}", board.algebraic(t)),
        (None, None) => String::new(),
    };
    let fixed = q.start.is_some() || q.end.is_some();
    let (first, convention) = match (directed, fixed) {
        (_, true) => (
            &c.tours,
            "the given end fixes each tour's direction".to_string(),
        ),
        (false, false) => (
            &c.tours,
            format!(
                "each counted once whichever way round; {} counting each direction",
                c.directed
            ),
        ),
        (true, false) => (
            &c.directed,
            format!(
                "each counted once in each direction; {} counting a tour and its reverse once",
                c.tours
            ),
        ),
    };
    format!(
        "{first}\n{kind} {} tours of {}{ends}: {convention}\n\
         counted by frontier dynamic programming over {} squares: frontier of {} squares, \
         {} states at most ({} of tables), {:.3} s\n",
        q.piece.name(),
        place(q),
        c.squares,
        c.width,
        c.peak_states,
        human_bytes(c.peak_bytes as f64),
        seconds
    )
}

fn json(q: &Question, c: &Counted, directed: bool, seconds: f64) -> String {
    let board = q.shape.board();
    let square = |s: Option<crate::Square>| match s {
        Some(s) => format!("[{}, {}]", s.row, s.col),
        None => "null".into(),
    };
    let kind = q.kind.name();
    let first = if directed { &c.directed } else { &c.tours };
    // Counts are written as JSON numbers of any length (serde_json would need them in a u64).
    format!(
        "{{\"format\": \"knight-tour-count/1\", \"rows\": {}, \"cols\": {}, \"holes\": {}, \
         \"piece\": {}, \"kind\": \"{kind}\", \"start\": {}, \"end\": {}, \"directed\": {directed}, \
         \"count\": {first}, \"undirected_count\": {}, \"directed_count\": {}, \
         \"method\": \"frontier\", \"squares\": {}, \"frontier\": {}, \"peak_states\": {}, \
         \"peak_bytes\": {}, \"seconds\": {seconds:.3}}}\n",
        board.rows,
        board.cols,
        holes(q),
        serde_json::to_string(&q.piece.name()).unwrap_or_default(),
        square(q.start),
        square(q.end),
        c.tours,
        c.directed,
        c.squares,
        c.width,
        c.peak_states,
        c.peak_bytes,
    )
}

/// The holes as [row, col] pairs.
fn holes(q: &Question) -> String {
    let board = q.shape.board();
    let pairs: Vec<String> = q
        .shape
        .holes()
        .iter()
        .map(|&i| {
            let s = board.square(i);
            format!("[{}, {}]", s.row, s.col)
        })
        .collect();
    format!("[{}]", pairs.join(", "))
}

/// A progress bar on stderr, one step a square; hidden when stderr is not a terminal.
fn progress() -> indicatif::ProgressBar {
    let bar =
        indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "{spinner} counting: square {pos}/{len} [{elapsed}, about {eta} left]",
    ) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    bar
}
