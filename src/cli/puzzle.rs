//! `knight-tour puzzle`: make worksheets of unique puzzles, or solve a puzzle file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, Subcommand, ValueEnum};
use rayon::prelude::*;

use knight_tour::io::puzzle::{read_puzzles, write_puzzle_json, write_puzzle_text, PuzzleMeta};
use knight_tour::io::write_text;
use knight_tour::puzzle::generate::{self, GenerateError, Generated, Spec, Target};
use knight_tour::puzzle::solver::{self, Solutions};
use knight_tour::puzzle::{Geometry, Grade, Puzzle};
use knight_tour::render::pdf;
use knight_tour::render::raster::{self, Raster};
use knight_tour::render::sheet::{self, Item, Sheet, Template};
use knight_tour::Tour;

use super::draw::load_theme;
use super::output::{check_target, emit};
use super::{parse_board, Failure, KindArgs};

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
}

/// Difficulty grades accepted by `--difficulty`.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum DifficultyArg {
    /// Forced single candidates next to given numbers.
    Easy,
    /// Distance and colour reasoning from the givens.
    Medium,
    /// Chains, pairs and one-step lookahead.
    Hard,
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
}

#[derive(Debug, Args)]
struct MakeArgs {
    /// Board size ROWSxCOLS.
    #[arg(value_name = "BOARD", required = true, allow_hyphen_values = true)]
    board: Option<String>,
    #[command(flatten)]
    kind: KindArgs,
    /// Aim at this many clues (removing clues while the puzzle stays unique).
    #[arg(long, value_name = "N", conflicts_with = "difficulty")]
    clues: Option<usize>,
    /// Grade by the deductions needed without guessing [default: medium].
    #[arg(long, value_enum)]
    difficulty: Option<DifficultyArg>,
    /// Fewest clues: remove every clue the solution does not need, whatever the grade.
    #[arg(long, conflicts_with_all = ["clues", "difficulty"])]
    minimal: bool,
    /// Number of puzzles.
    #[arg(long, value_name = "K", default_value_t = 1)]
    count: usize,
    /// Seed: puzzle i uses seed N+i-1, so `--seed N+i-1 --count 1` remakes it [default: from the clock].
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Page size: a4 or letter.
    #[arg(long, value_name = "SIZE", default_value = "a4")]
    page: String,
    /// A page template file (key = value lines over the --page template).
    #[arg(long, value_name = "FILE")]
    template: Option<PathBuf>,
    /// Puzzles per page [default: by board size, 6 for 8x8].
    #[arg(long, value_name = "P")]
    per_page: Option<usize>,
    /// Title of the worksheet.
    #[arg(long, value_name = "TEXT")]
    title: Option<String>,
    /// Board look: classic, paper, vlsi, color, or a theme file.
    #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
    theme: String,
    /// PNG resolution in dots per inch.
    #[arg(long, value_name = "N", default_value_t = 150.0)]
    dpi: f64,
    /// Output format; default: from the extension of -o.
    #[arg(long, value_enum)]
    format: Option<SheetFormat>,
    /// The worksheet: .svg or .png (one file per page: NAME-1.png, ...), .pdf, .json or .txt.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Answer key pages: .svg, .png or .pdf.
    #[arg(long, value_name = "FILE")]
    answers: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct SolveArgs {
    /// A knight-tour-puzzle/1 JSON file (one puzzle or an array) or a text grid ('.' for blanks).
    file: PathBuf,
    /// The hidden tour is closed (for text grids; JSON files say for themselves).
    #[arg(long)]
    closed: bool,
    /// Give up after this many search nodes [default: 10^8 or 10^5 per square].
    #[arg(long, value_name = "NODES")]
    budget: Option<u64>,
}

fn sheet_format(
    flag: Option<SheetFormat>,
    out: Option<&Path>,
    what: &str,
) -> Result<SheetFormat, Failure> {
    if let Some(f) = flag {
        return Ok(f);
    }
    let Some(out) = out else {
        return Ok(SheetFormat::Text);
    };
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("svg") => Ok(SheetFormat::Svg),
        Some("png") => Ok(SheetFormat::Png),
        Some("pdf") => Ok(SheetFormat::Pdf),
        Some("json") => Ok(SheetFormat::Json),
        Some("txt") => Ok(SheetFormat::Text),
        _ => Err(Failure::usage(format!(
            "cannot tell the format of {what} '{}' from its extension; hint: use .pdf, .png, .svg, .json or .txt",
            out.display()
        ))),
    }
}

/// The files a set of pages goes to: the name itself for one page, NAME-1.ext ... for more.
fn page_paths(out: &Path, pages: usize) -> Vec<PathBuf> {
    if pages <= 1 {
        return vec![out.to_path_buf()];
    }
    let stem = out
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().into_owned())
        .unwrap_or_default();
    (1..=pages)
        .map(|i| out.with_file_name(format!("{stem}-{i}.{ext}")))
        .collect()
}

/// Runs `puzzle`.
pub fn run(args: PuzzleArgs) -> Result<ExitCode, Failure> {
    match args.command {
        Some(PuzzleCommand::Solve(s)) => solve(s),
        None => make(args.make),
    }
}

fn make(a: MakeArgs) -> Result<ExitCode, Failure> {
    let board = parse_board(a.board.as_deref().expect("clap requires BOARD"))?;
    let out = a.output.as_deref();
    let format = sheet_format(a.format, out, "-o")?;
    if out.is_none()
        && matches!(
            format,
            SheetFormat::Svg | SheetFormat::Png | SheetFormat::Pdf
        )
    {
        return Err(Failure::usage(format!(
            "a {format:?} worksheet needs -o FILE; hint: knight-tour puzzle {board} -o sheet.pdf"
        )));
    }
    let answers_format = match &a.answers {
        None => None,
        Some(p) => match sheet_format(None, Some(p), "--answers")? {
            f @ (SheetFormat::Svg | SheetFormat::Png | SheetFormat::Pdf) => Some(f),
            _ => {
                return Err(Failure::usage(format!(
                    "--answers '{}' must be .pdf, .png or .svg; hint: -o FILE.json already stores the solutions",
                    p.display()
                )))
            }
        },
    };
    check_target(out)?;
    check_target(a.answers.as_deref())?;
    if let (Some(o), Some(k)) = (out, &a.answers) {
        if o == k.as_path() {
            return Err(Failure::usage("-o and --answers name the same file"));
        }
    }
    if a.count == 0 || a.count > 1000 {
        return Err(Failure::usage(format!(
            "--count {} is out of range; hint: 1 to 1000 puzzles",
            a.count
        )));
    }
    if a.per_page == Some(0) || a.per_page.is_some_and(|p| p > 64) {
        return Err(Failure::usage("--per-page must be from 1 to 64"));
    }
    Raster::new(1.0, 1.0, Some(a.dpi), None).map_err(Failure::usage)?;
    let mut template = Template::builtin(&a.page).map_err(Failure::usage)?;
    if let Some(path) = &a.template {
        let text = std::fs::read_to_string(path).map_err(|e| {
            Failure::usage(format!("cannot read template '{}': {e}", path.display()))
        })?;
        template = Template::parse(&path.display().to_string(), &text, Some(&template))
            .map_err(Failure::usage)?;
    }
    let theme = load_theme(&a.theme)?;
    let target = match (a.clues, a.difficulty) {
        _ if a.minimal => Target::Minimal,
        (Some(c), _) => Target::Clues(c),
        (None, d) => Target::Difficulty(match d.unwrap_or(DifficultyArg::Medium) {
            DifficultyArg::Easy => Grade::Easy,
            DifficultyArg::Medium => Grade::Medium,
            DifficultyArg::Hard => Grade::Hard,
        }),
    };
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let spec = Spec {
        board,
        closed: a.kind.closed,
        target,
        seed,
    };
    generate::check(&spec).map_err(gen_failure)?;
    let geo = Geometry::new(board);
    let made: Vec<Generated> = (0..a.count as u64)
        .into_par_iter()
        .map(|i| {
            generate::generate(
                &Spec {
                    seed: seed.wrapping_add(i),
                    ..spec
                },
                &geo,
            )
        })
        .collect::<Result<_, _>>()
        .map_err(gen_failure)?;
    let kind = if spec.closed { "closed" } else { "open" };
    for (i, g) in made.iter().enumerate() {
        let note = match target {
            Target::Difficulty(want) if g.grade != want => {
                format!(" (asked for {want}; the closest in {} tours)", g.attempts)
            }
            _ => String::new(),
        };
        eprintln!(
            "puzzle {}: {board} {kind}, {} clues, {}, seed {}, unique{note}",
            i + 1,
            g.puzzle.clues(),
            g.grade,
            g.seed
        );
    }
    let title = a.title.clone().unwrap_or_else(|| template.title.clone());
    let per_page = a
        .per_page
        .unwrap_or_else(|| sheet::default_per_page(board.rows, board.cols));
    let items: Vec<Item<'_>> = made
        .iter()
        .enumerate()
        .map(|(i, g)| Item {
            number: i + 1,
            puzzle: &g.puzzle,
            solution: &g.solution,
            grade: g.grade,
            seed: g.seed,
        })
        .collect();
    let sheet = Sheet {
        template: &template,
        theme: &theme,
        title,
        per_page,
    };
    match format {
        SheetFormat::Json => emit(out, |w| {
            let many = made.len() > 1;
            if many {
                w.write_all(b"[\n")?;
            }
            for (i, g) in made.iter().enumerate() {
                if i > 0 {
                    w.write_all(b",\n")?;
                }
                write_puzzle_json(w, &g.puzzle, meta(g))?;
            }
            w.write_all(if many { b"\n]\n" } else { b"\n" })
        })?,
        SheetFormat::Text => emit(out, |w| {
            for (i, g) in made.iter().enumerate() {
                if i > 0 {
                    w.write_all(b"\n")?;
                }
                writeln!(
                    w,
                    "# puzzle {}: {board} {kind}, {} clues, {}, seed {}",
                    i + 1,
                    g.puzzle.clues(),
                    g.grade,
                    g.seed
                )?;
                write_puzzle_text(w, &g.puzzle)?;
            }
            Ok(())
        })?,
        f => write_pages(&sheet, &items, false, f, out.expect("checked above"), a.dpi)?,
    }
    if let (Some(f), Some(path)) = (answers_format, &a.answers) {
        write_pages(&sheet, &items, true, f, path, a.dpi)?;
    }
    Ok(ExitCode::SUCCESS)
}

fn meta(g: &Generated) -> PuzzleMeta<'_> {
    PuzzleMeta {
        solution: Some(&g.solution),
        difficulty: Some(g.grade.name()),
        seed: Some(g.seed),
    }
}

fn gen_failure(e: GenerateError) -> Failure {
    match e {
        GenerateError::TooManyClues { .. } => Failure::usage(e),
        GenerateError::Puzzle(knight_tour::PuzzleError::NoTour(_)) => Failure::no(e),
        GenerateError::Puzzle(_) => Failure::usage(e),
        GenerateError::TooFewClues { .. } => Failure::no(e),
    }
}

fn write_pages(
    sheet: &Sheet<'_>,
    items: &[Item<'_>],
    answers: bool,
    format: SheetFormat,
    out: &Path,
    dpi: f64,
) -> Result<(), Failure> {
    let pages = sheet::pages(sheet, items, answers);
    // Render everything before the first write, so a failure leaves no partial set.
    let files: Vec<(PathBuf, Vec<u8>)> = match format {
        SheetFormat::Pdf => {
            let svgs: Vec<&str> = pages.iter().map(|p| p.svg.as_str()).collect();
            vec![(
                out.to_path_buf(),
                pdf::pdf_pages(&svgs).map_err(Failure::usage)?,
            )]
        }
        SheetFormat::Svg | SheetFormat::Png => page_paths(out, pages.len())
            .into_par_iter()
            .zip(pages.par_iter())
            .map(|(path, page)| {
                let bytes = if format == SheetFormat::Svg {
                    page.svg.clone().into_bytes()
                } else {
                    let r = Raster::new(page.width, page.height, Some(dpi), None)
                        .map_err(Failure::usage)?;
                    raster::png(&page.svg, r).map_err(Failure::usage)?
                };
                Ok((path, bytes))
            })
            .collect::<Result<_, Failure>>()?,
        SheetFormat::Json | SheetFormat::Text => unreachable!("not a page format"),
    };
    for (path, bytes) in &files {
        emit(Some(path), |w| w.write_all(bytes))?;
        eprintln!(
            "wrote {} ({} {})",
            path.display(),
            if answers { "answer key" } else { "worksheet" },
            match (format, pages.len()) {
                (SheetFormat::Pdf, 1) | (SheetFormat::Svg | SheetFormat::Png, _) => "page".into(),
                (_, n) => format!("{n} pages"),
            }
        );
    }
    Ok(())
}

fn solve(a: SolveArgs) -> Result<ExitCode, Failure> {
    let name = a.file.display().to_string();
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Failure::usage(format!("cannot read '{name}': {e}")))?;
    let files =
        read_puzzles(&text, a.closed).map_err(|e| Failure::usage(format!("{name}: {e}")))?;
    let mut all_unique = true;
    let stdout = std::io::stdout();
    let mut w = stdout.lock();
    for (i, f) in files.iter().enumerate() {
        let p = &f.puzzle;
        let geo = Geometry::new(p.board);
        let budget = a.budget.unwrap_or_else(|| solver::default_budget(p.len()));
        let label = if files.len() > 1 {
            format!("puzzle {}: ", i + 1)
        } else {
            String::new()
        };
        let o = solver::solve(p, &geo, budget).map_err(|e| {
            Failure::no(format!(
                "{name}: {label}{e}; hint: raise --budget (now {budget})"
            ))
        })?;
        let kind = if p.closed { "closed" } else { "open" };
        match &o.solutions {
            Solutions::One(t) => {
                writeln!(
                    w,
                    "{label}exactly one solution ({} {kind}, {} clues, {} search nodes)",
                    p.board,
                    p.clues(),
                    o.nodes
                )?;
                write_text(&mut w, t)?;
                if let Some(stored) = &f.solution {
                    if stored != t {
                        writeln!(
                            w,
                            "note: the solution stored in the file differs from this one"
                        )?;
                    }
                }
            }
            Solutions::None => {
                all_unique = false;
                writeln!(
                    w,
                    "{label}no solution: the givens cannot all lie on one knight's tour"
                )?;
            }
            Solutions::Two(x, y) => {
                all_unique = false;
                writeln!(w, "{label}more than one solution; two of them (squares where they differ marked *):")?;
                show_two(&mut w, p, x, y)?;
            }
        }
        if i + 1 < files.len() {
            writeln!(w)?;
        }
    }
    w.flush()?;
    Ok(if all_unique {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Prints two solutions side by side with the differing squares starred.
fn show_two(w: &mut impl Write, p: &Puzzle, x: &Tour, y: &Tour) -> std::io::Result<()> {
    let (nx, ny) = (x.numbers(), y.numbers());
    let width = p.len().to_string().len();
    let cols = p.board.cols as usize;
    for r in 0..p.board.rows as usize {
        let row = |n: &[u32], other: &[u32]| {
            (0..cols)
                .map(|c| {
                    let i = r * cols + c;
                    let star = if n[i] != other[i] { '*' } else { ' ' };
                    format!("{:>width$}{star}", n[i])
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(w, "{}    {}", row(&nx, &ny), row(&ny, &nx))?;
    }
    Ok(())
}
