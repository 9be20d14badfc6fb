//! `knight-tour puzzle`: make worksheets of unique puzzles, or solve a puzzle file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};

use super::pages::page_files;
use crate::io::OutputFormat;
use crate::puzzle::Grade;
use crate::puzzle::{self, Generated, Spec, Target};
use crate::render::sheet::{self, Sheet, Template};
use crate::render::Raster;
use crate::Board;
use crate::Kind;

use super::draw::{load_theme, theme_file, MAX_SETTINGS_BYTES};
use super::files::{self, read_text, Fill, Output};
use super::fonts::FontArgs;
use super::output::choose;
use super::shape::ShapeArgs;
use super::{
    decimal, natural, note, parse_board, parse_square, quantity, refuse_given, Error, KindArgs,
};

mod check;
mod solve;

use check::check;
use solve::solve;

/// Arguments of `puzzle`.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PuzzleArgs {
    #[command(subcommand)]
    command: Option<PuzzleCommand>,
    #[command(flatten)]
    make: MakeArgs,
}

#[derive(Debug, Subcommand)]
enum PuzzleCommand {
    /// Solve a puzzle file: none, exactly one (printed) or several (two shown).
    Solve(SolveArgs),
    /// Check pupils' answers against a puzzle: every mistake named, optionally drawn.
    #[command(
        after_help = "Exit status: 0 when every answer is right, 1 when one is wrong, 2 when one cannot be read.\n\nExamples:\n  knight-tour puzzle check puzzle.json pupil.txt -o marked.png\n  knight-tour puzzle check puzzle.json class/*.txt      one line per pupil"
    )]
    Check(CheckArgs),
}

#[derive(Debug, Args)]
struct CheckArgs {
    /// The puzzle: a knight-tour-puzzle/1 JSON file or a text grid ('.' blanks, 'x' holes).
    puzzle: PathBuf,
    /// The answers: text grids as the pupil filled them in, or JSON with "givens" or "path".
    #[arg(required = true)]
    answers: Vec<PathBuf>,
    /// The hidden tour is closed (for a puzzle given as a text grid).
    #[arg(long)]
    closed: bool,
    /// The piece of a puzzle given as a text grid [default: knight]; JSON files say for
    /// themselves.
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
    /// Which puzzle of a file that holds several, from 1.
    #[arg(long, value_name = "K", value_parser = quantity)]
    number: Option<usize>,
    /// Draw the answer with its mistakes marked: .svg, .png or .pdf (one answer only).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Board look of the drawing: classic, paper, vlsi, color, or a theme file [default: classic].
    #[arg(long, value_name = "NAME|FILE")]
    theme: Option<String>,
    /// The words of the drawing: en (the default) or zh (简体中文).
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    #[command(flatten)]
    font: FontArgs,
}

/// The grades of `--difficulty`: one (easy, medium, hard), several joined by commas (a class
/// set, such as easy,medium,hard), or mixed (all three).
fn grades(text: &str) -> Result<Grades, String> {
    if text.trim() == "mixed" {
        return Ok(Grades(vec![Grade::Easy, Grade::Medium, Grade::Hard]));
    }
    let mut out = Vec::new();
    for word in text.split(',') {
        let g = match word.trim() {
            "easy" => Grade::Easy,
            "medium" => Grade::Medium,
            "hard" => Grade::Hard,
            w => {
                return Err(format!(
                    "'{w}' is not a grade; write easy, medium, hard, several joined by commas (easy,hard), or mixed"
                ))
            }
        };
        if out.contains(&g) {
            return Err(format!("{g} is given twice"));
        }
        out.push(g);
    }
    Ok(Grades(out))
}

/// The grades asked for, in order (one value to clap, not a list of values).
#[derive(Debug, Clone)]
struct Grades(Vec<Grade>);

/// What `--caption` prints under each board: none, seed, full, or any other text (with `{n}`
/// for the puzzle's number and `{seed}` for its seed).
fn caption(text: &str) -> Result<sheet::Caption, String> {
    Ok(match text {
        "none" => sheet::Caption::None,
        "seed" => sheet::Caption::Seed,
        "full" => sheet::Caption::Full,
        _ => sheet::Caption::Text(super::printable(text)?),
    })
}

/// Output formats of `puzzle`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SheetFormat {
    /// Worksheet pages as SVG (one file per page).
    Svg,
    /// Worksheet pages as PNG (one file per page).
    Png,
    /// One multi-page PDF.
    Pdf,
    /// knight-tour-puzzle/1 JSON with solutions (an array when --count > 1).
    Json,
    /// Text grids with '.' for blanks.
    Text,
    /// One self-contained web page to play every puzzle on screen.
    Html,
}

#[derive(Debug, Args)]
struct MakeArgs {
    /// Board size ROWSxCOLS.
    #[arg(value_name = "BOARD", required = true, allow_hyphen_values = true)]
    board: Option<String>,
    /// The piece: knight (default), king (Hidato), wazir (Numbrix: one step up, down or
    /// sideways), camel, zebra, giraffe, antelope, or A,B for an (A,B) leaper.
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
    #[command(flatten)]
    kind: KindArgs,
    #[command(flatten)]
    shape: ShapeArgs,
    /// Square of number 1 (algebraic or ROW,COL) [default: anywhere].
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    start: Option<String>,
    /// Square of the last number of an open tour [default: anywhere].
    #[arg(long, value_name = "SQ", allow_hyphen_values = true)]
    end: Option<String>,
    /// Aim at this many clues (removing clues while the puzzle stays unique).
    #[arg(long, value_name = "N", conflicts_with = "difficulty", value_parser = quantity)]
    clues: Option<usize>,
    /// Grade by the deductions needed without guessing: easy (forced single candidates),
    /// medium (distance and colour reasoning), hard (chains, pairs, lookahead); several joined
    /// by commas, or mixed, make a class set: --count puzzles of each grade, in that order, in
    /// one document [default: medium].
    #[arg(long, value_name = "GRADE[,GRADE..]|mixed", value_parser = grades)]
    difficulty: Option<Grades>,
    /// Fewest clues: remove every clue the solution does not need, whatever the grade (a clue
    /// whose check runs out of search budget stays, and the summary line says so).
    #[arg(long, conflicts_with_all = ["clues", "difficulty"])]
    minimal: bool,
    /// Search nodes for each check that a clue can go, with --minimal or --clues
    /// [default: 4000 a square, at least 200000].
    #[arg(long, value_name = "NODES", value_parser = natural, conflicts_with = "difficulty")]
    budget: Option<u64>,
    /// Number of puzzles, 1 to 1000.
    #[arg(long, value_name = "K", default_value = "1", value_parser = quantity)]
    count: usize,
    /// Seed: puzzle i uses seed N+i-1, so `--seed N+i-1 --count 1` remakes it [default: from the clock].
    #[arg(long, value_name = "N", value_parser = natural)]
    seed: Option<u64>,
    /// Page size: a4, letter, a3, a5, legal or WIDTHxHEIGHTmm [default: a4].
    #[arg(long, value_name = "SIZE")]
    page: Option<String>,
    /// A page template file (key = value lines over the --page template).
    #[arg(long, value_name = "FILE")]
    template: Option<PathBuf>,
    /// Puzzles per page, 1 to 64 [default: by board and page size, 6 for 8x8 on A4].
    #[arg(long, value_name = "P", value_parser = quantity)]
    per_page: Option<usize>,
    /// The words of worksheets and answer keys: en (English, the default) or zh (简体中文);
    /// a --template file may override any of them.
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// Title of the worksheet.
    #[arg(long, value_name = "TEXT", value_parser = super::printable)]
    title: Option<String>,
    /// Under each board of the puzzle pages: none, seed, full (board, kind, grade, clues,
    /// seed), or your own words, where {n} is the puzzle's number and {seed} its seed, such
    /// as "第{n}题" [default: none; keys: full].
    #[arg(long, value_name = "none|seed|full|TEXT", value_parser = caption)]
    caption: Option<sheet::Caption>,
    /// Board look: classic, paper, vlsi, color, or a theme file [default: classic].
    #[arg(long, value_name = "NAME|FILE")]
    theme: Option<String>,
    /// PNG resolution in dots per inch, 1 to 4800 [default: 150].
    #[arg(long, value_name = "N", value_parser = decimal)]
    dpi: Option<f64>,
    /// Output format; default: from the extension of -o.
    #[arg(long, value_enum)]
    format: Option<SheetFormat>,
    /// The worksheet: .svg or .png (one file per page: NAME-1.png, ...), .pdf, .html (to play
    /// on screen), .json or .txt.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Answer key pages: .svg, .png or .pdf, or `same` to add them after the puzzles in -o.
    #[arg(long, value_name = "FILE|same")]
    answers: Option<PathBuf>,
    #[command(flatten)]
    font: FontArgs,
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// A knight-tour-puzzle/1 JSON file (one puzzle or an array) or a text grid ('.' for blanks).
    file: PathBuf,
    /// The hidden tour is closed (for text grids; JSON files say for themselves).
    #[arg(long)]
    closed: bool,
    /// The piece of a text grid [default: knight]; JSON files say for themselves.
    #[arg(long, value_name = "PIECE", value_parser = super::solve::parse_piece)]
    piece: Option<crate::piece::Piece>,
    /// Give up after this many search nodes [default: 4000000, about 10 s].
    #[arg(long, value_name = "NODES", value_parser = natural)]
    budget: Option<u64>,
}

impl From<SheetFormat> for OutputFormat {
    fn from(f: SheetFormat) -> Self {
        match f {
            SheetFormat::Svg => OutputFormat::Svg,
            SheetFormat::Png => OutputFormat::Png,
            SheetFormat::Pdf => OutputFormat::Pdf,
            SheetFormat::Json => OutputFormat::Json,
            SheetFormat::Text => OutputFormat::Text,
            SheetFormat::Html => OutputFormat::Html,
        }
    }
}

/// What `-o` may be: worksheet pages, or the puzzles as data.
const SHEETS: [OutputFormat; 6] = [
    OutputFormat::Pdf,
    OutputFormat::Png,
    OutputFormat::Svg,
    OutputFormat::Html,
    OutputFormat::Json,
    OutputFormat::Text,
];

/// What answer keys and marked answers may be: printed pages, not animations.
const PAGES: [OutputFormat; 3] = [OutputFormat::Pdf, OutputFormat::Png, OutputFormat::Svg];

/// The `--answers` value that puts the key pages after the puzzles, in the same output.
const SAME: &str = "same";

/// Runs `puzzle`.
pub fn run(args: PuzzleArgs) -> Result<ExitCode, Error> {
    match args.command {
        Some(PuzzleCommand::Solve(s)) => solve(s),
        Some(PuzzleCommand::Check(c)) => check(c),
        None => make(args.make),
    }
}

/// Refuses options that would do nothing with the chosen output.
fn check_applies(a: &MakeArgs, format: OutputFormat) -> Result<(), Error> {
    if matches!(format, OutputFormat::Json | OutputFormat::Text) {
        refuse_given(
            &[
                ("--page", a.page.is_some()),
                ("--template", a.template.is_some()),
                ("--per-page", a.per_page.is_some()),
                ("--title", a.title.is_some()),
                ("--theme", a.theme.is_some()),
                ("--dpi", a.dpi.is_some()),
                ("--caption", a.caption.is_some()),
                ("--lang", a.lang.is_some()),
            ],
            "to JSON or text output: it lays out worksheet pages",
            |_| "write -o sheet.pdf, .png or .svg".into(),
        )?;
    }
    // A web page has no paper (a template still gives its words); the answer key beside it
    // may.
    if format == OutputFormat::Html && a.answers.is_none() {
        refuse_given(
            &[
                ("--page", a.page.is_some()),
                ("--per-page", a.per_page.is_some()),
            ],
            "to a web page: it lays out printed pages",
            |_| "drop it, or add --answers key.pdf for a printed key".into(),
        )?;
    }
    refuse_given(
        &[(
            "--caption",
            a.caption.is_some() && format == OutputFormat::Html,
        )],
        "to a web page: it prints no seeds, and answer keys always print everything",
        |_| "drop --caption".into(),
    )?;
    let png = |p: &Path| OutputFormat::from_path(p) == Some(OutputFormat::Png);
    let any_png = format == OutputFormat::Png || a.answers.as_deref().is_some_and(png);
    refuse_given(
        &[("--dpi", a.dpi.is_some() && !any_png)],
        "to SVG or PDF pages: they are vectors",
        |_| "write .png pages, or drop --dpi".into(),
    )
}

fn make(a: MakeArgs) -> Result<ExitCode, Error> {
    let board = parse_board(a.board.as_deref().unwrap_or_default())?;
    let shape = a.shape.shape(board)?;
    let start = parse_square(board, a.start.as_deref())?;
    let end = parse_square(board, a.end.as_deref())?;
    refuse_given(
        &[("--end", end.is_some() && a.kind.closed)],
        "to --closed: a closed tour has no end square",
        |_| "drop --end, or drop --closed for an open tour".into(),
    )?;
    let (format, same, answers_format) = formats(&a, board)?;
    check_applies(&a, format)?;
    let aims = targets_of(&a);
    let total = a.count.saturating_mul(aims.len());
    if a.count == 0 || total > puzzle::MAX_BATCH {
        return Err(Error::Usage(format!(
            "--count {} is out of range; hint: 1 to {} puzzles{}",
            a.count,
            puzzle::MAX_BATCH / aims.len(),
            if aims.len() > 1 {
                format!(" of each of {} grades", aims.len())
            } else {
                String::new()
            }
        )));
    }
    if a.per_page == Some(0) || a.per_page.is_some_and(|p| p > sheet::MAX_PER_PAGE) {
        return Err(Error::Usage(format!(
            "--per-page must be from 1 to {}",
            sheet::MAX_PER_PAGE
        )));
    }
    let dpi = a.dpi.unwrap_or(150.0);
    Raster::new(1.0, 1.0, Some(dpi), None)?;
    a.font.load()?;
    let template = in_language(
        Template::builtin(a.page.as_deref().unwrap_or("a4"))?,
        a.lang.as_deref(),
    )?;
    let mut template = template;
    if let Some(path) = &a.template {
        let text = read_text(path, "page template", MAX_SETTINGS_BYTES)?;
        template = Template::parse(&path.display().to_string(), &text, Some(&template))?;
    }
    let piece = a.piece.unwrap_or_default();
    let template = template.for_piece(piece);
    let title = a.title.clone().unwrap_or_else(|| template.title.clone());
    let per_page = a.per_page.unwrap_or_else(|| {
        let facts = sheet::Facts {
            board,
            last: shape.open_count(),
            holes: !shape.holes().is_empty(),
            closed: a.kind.closed,
        };
        // A batch smaller than a page's worth is laid out to fill the page.
        sheet::default_per_page(&template, &title, &facts).min(total.max(1))
    });
    let pages = total.div_ceil(per_page);
    let png_pages = png_page_count(format, same, answers_format, pages);
    super::pages::check_page_work(&template, dpi, png_pages)?;
    let theme_spec = a.theme.as_deref().unwrap_or("classic");
    let targets = plan_outputs(&a, format, same, answers_format, pages, theme_spec)?;
    let theme = load_theme(theme_spec)?;
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let bar = progress(total as u64, &format!("{board} puzzles"));
    let mut made = Vec::with_capacity(total);
    // A class set numbers its puzzles on through the grades, each from its own seed: puzzle i
    // of the set uses seed N+i-1 at its grade, so every hidden tour differs.
    for (g, target) in aims.iter().enumerate() {
        let spec = Spec {
            piece,
            start,
            end,
            budget: a.budget,
            ..Spec::on_shape(
                &shape,
                Kind::of(a.kind.closed),
                *target,
                seed.wrapping_add((g * a.count) as u64),
            )
        };
        puzzle::check_spec(&spec)?;
        let part = puzzle::batch(&spec, a.count, &|| bar.inc(1))?;
        say_made(&part, &spec, board, made.len());
        made.extend(part);
    }
    bar.finish_and_clear();
    let sheet = Sheet {
        template: &template,
        theme: &theme,
        title,
        per_page,
        caption: a.caption.clone().unwrap_or_default(),
    };
    // Every file is rendered first, then all are written together: all or none.
    let keys = match answers_format {
        Some(f) => sheet::Keys::Apart(f),
        None if same => sheet::Keys::After,
        None => sheet::Keys::None,
    };
    let contents = sheet::batch_files(&made, &sheet, format, keys, dpi)?;
    debug_assert_eq!(contents.len(), targets.len());
    write_files(&contents, &targets)?;
    Ok(ExitCode::SUCCESS)
}

/// The worksheet's format, whether the key pages follow it in the same file (`--answers
/// same`), and the key file's format: checked against each other before any work.
fn formats(
    a: &MakeArgs,
    board: Board,
) -> Result<(OutputFormat, bool, Option<OutputFormat>), Error> {
    let format = choose(
        a.format.map(Into::into),
        a.output.as_deref(),
        "-o",
        &SHEETS,
        Some(OutputFormat::Text),
    )?;
    if a.output.is_none()
        && matches!(
            format,
            OutputFormat::Svg | OutputFormat::Png | OutputFormat::Pdf
        )
    {
        return Err(Error::Usage(format!(
            "a {format:?} worksheet needs -o FILE; hint: knight-tour puzzle {board} -o sheet.pdf"
        )));
    }
    let same = a.answers.as_deref() == Some(Path::new(SAME));
    if same && !PAGES.contains(&format) {
        return Err(Error::Usage(format!(
            "--answers same adds the key pages to a PDF, PNG or SVG worksheet, not to {format:?} \
             output; hint: --answers key.pdf"
        )));
    }
    let answers_format = match &a.answers {
        None => None,
        Some(_) if same => None,
        Some(p) => Some(choose(None, Some(p), "--answers", &PAGES, None)?),
    };
    Ok((format, same, answers_format))
}

/// PNG pages to paint: the worksheet's (with the key's when they share the file) and the key's.
fn png_page_count(
    format: OutputFormat,
    same: bool,
    answers_format: Option<OutputFormat>,
    pages: usize,
) -> usize {
    let sheet = match (format, same) {
        (OutputFormat::Png, true) => 2 * pages,
        (OutputFormat::Png, false) => pages,
        _ => 0,
    };
    sheet
        + if answers_format == Some(OutputFormat::Png) {
            pages
        } else {
            0
        }
}

/// Every output and input, known before any work and compared by file identity: the files
/// to write (stdout first when there is no `-o`).
fn plan_outputs(
    a: &MakeArgs,
    format: OutputFormat,
    same: bool,
    answers_format: Option<OutputFormat>,
    pages: usize,
    theme_spec: &str,
) -> Result<Vec<Output>, Error> {
    let mut outputs: Vec<(&str, PathBuf)> = Vec::new();
    if let Some(o) = &a.output {
        let sheet_pages = if same { 2 * pages } else { pages };
        outputs.extend(
            page_files(o, format, sheet_pages)
                .into_iter()
                .map(|p| ("-o", p)),
        );
    }
    if let (Some(k), Some(f)) = (&a.answers, answers_format) {
        outputs.extend(
            page_files(k, f, pages)
                .into_iter()
                .map(|p| ("--answers", p)),
        );
    }
    let mut inputs: Vec<(&str, &Path)> = Vec::new();
    if let Some(t) = &a.template {
        inputs.push(("--template", t));
    }
    if let Some(t) = theme_file(theme_spec) {
        inputs.push(("--theme", t));
    }
    inputs.extend(a.shape.inputs());
    inputs.extend(a.font.inputs());
    let named: Vec<(&str, &Path)> = outputs.iter().map(|(o, p)| (*o, p.as_path())).collect();
    Ok(if a.output.is_none() {
        let mut t = vec![Output::stdout()];
        t.extend(files::plan(&named, &inputs)?);
        t
    } else {
        files::plan(&named, &inputs)?
    })
}

/// `template` with the words of `--lang` (unchanged without one); the fonts then prefer that
/// language's Han forms.
fn in_language(template: Template, lang: Option<&str>) -> Result<Template, Error> {
    let Some(lang) = lang else {
        return Ok(template);
    };
    crate::render::fonts::prefer_language(lang);
    template.in_language(lang).ok_or_else(|| {
        Error::Usage(format!(
            "no built-in words for --lang '{lang}'; hint: use {}, or a --template file with your own (its keys are those of templates/lang/en.lang)",
            sheet::LANGUAGE_TAGS
        ))
    })
}

/// What the clues aim at: a minimal puzzle, a clue count, or each difficulty asked (medium
/// by default), in order.
fn targets_of(a: &MakeArgs) -> Vec<Target> {
    match (a.clues, &a.difficulty) {
        _ if a.minimal => vec![Target::Minimal],
        (Some(c), _) => vec![Target::Clues(c)],
        (None, None) => vec![Target::Difficulty(Grade::Medium)],
        (None, Some(Grades(grades))) => grades.iter().map(|&g| Target::Difficulty(g)).collect(),
    }
}

/// One line on stderr for each puzzle made: its clues, grade and seed, and why it is not
/// what was asked for where it is not.
fn say_made(made: &[Generated], spec: &Spec, board: Board, before: usize) {
    let target = spec.target;
    let piece = match spec.piece.is_knight() {
        true => String::new(),
        false => format!(" {}", spec.piece),
    };
    let kind = match spec.holes.len() {
        0 => format!("{}{piece}", spec.kind.name()),
        1 => format!("{}{piece} with 1 hole", spec.kind.name()),
        h => format!("{}{piece} with {h} holes", spec.kind.name()),
    };
    for (i, g) in made.iter().enumerate() {
        let why = match target {
            Target::Difficulty(want) if g.grade != want => {
                format!(" (asked for {want}; the closest in {} tours)", g.attempts)
            }
            Target::Minimal if g.unproven > 0 => {
                let budget = spec
                    .budget
                    .unwrap_or_else(|| puzzle::check_budget(g.solution.len()));
                let kept = if g.unproven == 1 {
                    "1 clue kept when the search without it".to_string()
                } else {
                    format!("{} clues kept when the search without each", g.unproven)
                };
                format!(" (not proved minimal: {kept} ran out of budget; hint: raise --budget, now {budget})")
            }
            _ => String::new(),
        };
        note(format_args!(
            "puzzle {}: {board} {kind}, {} clues, {}, seed {}, unique{why}",
            before + i + 1,
            g.puzzle.clues(),
            g.grade,
            g.seed
        ));
    }
}

/// Writes every rendered file together: all or none.
fn write_files(contents: &[Vec<u8>], targets: &[Output]) -> Result<(), Error> {
    let mut fills: Vec<Box<Fill<'_>>> = contents
        .iter()
        .map(|bytes| Box::new(move |w: &mut dyn Write| w.write_all(bytes)) as Box<Fill<'_>>)
        .collect();
    let mut items: Vec<(&Output, &mut Fill<'_>)> = targets
        .iter()
        .zip(fills.iter_mut())
        .map(|(t, f)| (t, &mut **f))
        .collect();
    files::write_all(&mut items)?;
    for t in targets.iter().filter(|t| !t.is_stdout()) {
        note(format_args!("wrote {}", t.path().display()));
    }
    Ok(())
}

/// A progress bar on stderr for long batches; hidden when stderr is not a terminal.
fn progress(len: u64, what: &str) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(len),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{spinner} {msg}: {pos}/{len} [{elapsed}]")
    {
        bar.set_style(style);
    }
    bar.set_message(format!("making {what}"));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
