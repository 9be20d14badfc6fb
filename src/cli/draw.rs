//! `knight-tour draw`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use knight_tour::io::OutputFormat;
use knight_tour::render::raster::Raster;
use knight_tour::render::{self, DrawOptions, Scene, Style, Theme};
use knight_tour::{Board, Tour};

use super::files::{self, read_text};
use super::output::{choose, emit};
use super::solve::{run_request, Choice};
use super::verify::read_tour_file;
use super::{decimal, natural32, note, refuse_given, Error};

/// Drawing styles accepted by `--style`.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum StyleArg {
    /// The numbered grid.
    Numbers,
    /// The tour as one line through the square centres.
    Lines,
    /// The line over the divide-and-conquer tiles (Figure 5 of Bai & Yang).
    Tiles,
}

/// Image formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ImageFormat {
    /// Scalable vector graphics.
    Svg,
    /// Raster image (resvg), with its resolution recorded.
    Png,
    /// Vector PDF for printing.
    Pdf,
}

/// Arguments of `draw`.
#[derive(Debug, Args)]
pub struct DrawArgs {
    /// Board size ROWSxCOLS to solve and draw (or give --tour).
    #[arg(
        allow_hyphen_values = true,
        value_name = "BOARD",
        required_unless_present = "tour"
    )]
    board: Option<String>,
    /// Draw this knight-tour/1 JSON file instead of solving.
    #[arg(long, value_name = "FILE", conflicts_with = "board")]
    tour: Option<PathBuf>,
    #[command(flatten)]
    choice: Choice,
    /// What to draw.
    #[arg(long, value_enum, default_value = "numbers")]
    style: StyleArg,
    /// Theme: classic, paper, vlsi, color, or a theme file (key = value lines).
    #[arg(long, value_name = "NAME|FILE", default_value = "classic")]
    theme: String,
    /// Side of a square in SVG units (CSS pixels), 0.5 to 1000; default: by board size.
    #[arg(long, value_name = "PX", value_parser = decimal)]
    cell: Option<f64>,
    /// PNG resolution in dots per inch, 1 to 4800 (the drawing keeps its size in inches).
    #[arg(long, value_name = "N", conflicts_with = "width", value_parser = decimal)]
    dpi: Option<f64>,
    /// PNG width in pixels.
    #[arg(long, value_name = "PX", value_parser = natural32)]
    width: Option<u32>,
    /// Rank and file labels.
    #[arg(long)]
    coords: bool,
    /// Shade the line from start to end (lines and tiles styles).
    #[arg(long)]
    gradient: bool,
    /// Arrows showing the direction of each move (lines and tiles styles).
    #[arg(long)]
    arrows: bool,
    /// Output format; default: from the extension of -o.
    #[arg(long, value_enum)]
    format: Option<ImageFormat>,
    /// The file to write: .svg, .png or .pdf (a regular file is replaced whole, atomically).
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

/// The default side of a square: large on small boards, at least 2 units on huge ones.
pub fn default_cell(rows: u32, cols: u32) -> f64 {
    (1600.0 / rows.max(cols) as f64).clamp(2.0, 48.0).floor()
}

impl From<ImageFormat> for OutputFormat {
    fn from(f: ImageFormat) -> Self {
        match f {
            ImageFormat::Svg => OutputFormat::Svg,
            ImageFormat::Png => OutputFormat::Png,
            ImageFormat::Pdf => OutputFormat::Pdf,
        }
    }
}

/// The image formats, for [`choose`].
pub const IMAGES: [OutputFormat; 3] = [OutputFormat::Svg, OutputFormat::Png, OutputFormat::Pdf];

/// Largest theme or page-template file read: a few dozen `key = value` lines.
pub const MAX_SETTINGS_BYTES: u64 = 64 << 10;

/// The theme file a `--theme` names, if it names a file rather than a built-in theme.
pub fn theme_file(spec: &str) -> Option<&Path> {
    Theme::builtin(spec).is_err().then(|| Path::new(spec))
}

/// Loads a built-in theme by name, or a theme file.
pub fn load_theme(spec: &str) -> Result<Theme, Error> {
    match Theme::builtin(spec) {
        Ok(t) => Ok(t),
        Err(unknown) => {
            let path = Path::new(spec);
            if !path.exists() {
                return Err(unknown.into());
            }
            let text = read_text(path, "theme", MAX_SETTINGS_BYTES)?;
            Ok(Theme::parse(spec, &text, None)?)
        }
    }
}

/// Refuses options that would do nothing with the rest of the command line.
fn check_applies(args: &DrawArgs, format: OutputFormat) -> Result<(), Error> {
    if matches!(args.style, StyleArg::Numbers) {
        refuse_given(
            &[("--arrows", args.arrows), ("--gradient", args.gradient)],
            "to --style numbers: the numbers already show the order",
            |_| "add --style lines".into(),
        )?;
    }
    if format != OutputFormat::Png {
        refuse_given(
            &[
                ("--dpi", args.dpi.is_some()),
                ("--width", args.width.is_some()),
            ],
            "to SVG or PDF: they are vectors, sized by --cell",
            |_| "write .png, or use --cell".into(),
        )?;
    }
    if args.tour.is_some() {
        let c = &args.choice;
        refuse_given(
            &[
                ("--start", c.start.is_some()),
                ("--closed", c.kind.closed),
                ("--open", c.kind.open),
                ("--method", c.method.is_some()),
                ("--seed", c.seed.is_some()),
                ("--budget", c.budget.is_some()),
                ("--holes/--mask/--shape", c.shape.given()),
            ],
            "to --tour: the tour is read from the file, not solved",
            |option| format!("drop {option}, or give a BOARD instead of --tour"),
        )?;
    }
    Ok(())
}

/// Runs `draw`.
pub fn run(args: DrawArgs) -> Result<ExitCode, Error> {
    let format = choose(
        args.format.map(Into::into),
        Some(&args.output),
        "-o",
        &IMAGES,
        None,
    )?;
    check_applies(&args, format)?;
    let mut inputs: Vec<(&str, &Path)> = Vec::new();
    if let Some(t) = &args.tour {
        inputs.push(("--tour", t));
    }
    if let Some(t) = theme_file(&args.theme) {
        inputs.push(("--theme", t));
    }
    let out = files::plan(&[("-o", &args.output)], &inputs)?.remove(0);
    let theme = load_theme(&args.theme)?;
    if let Some(c) = args.cell {
        if !(0.5..=1000.0).contains(&c) {
            return Err(Error::Usage(format!(
                "--cell {c} is out of range; hint: a square's side in pixels, from 0.5 to 1000"
            )));
        }
    }
    let mut style = match args.style {
        StyleArg::Numbers => Style::Numbers,
        StyleArg::Lines => Style::Lines,
        StyleArg::Tiles => Style::Tiles,
    };
    // Everything about the drawing's size is decided before solving.
    let precheck = |board: Board, style: Style| -> Result<(), Error> {
        let cell = args
            .cell
            .unwrap_or_else(|| default_cell(board.rows, board.cols));
        let scene = Scene::new(board, cell, args.coords);
        if format == OutputFormat::Png {
            Raster::new(scene.width(), scene.height(), args.dpi, args.width)?;
        }
        render::check_size(board, style, args.arrows, format != OutputFormat::Svg)?;
        Ok(())
    };
    let tour: Tour = match (&args.tour, &args.board) {
        (Some(path), _) => {
            let tour = read_tour_file(path)?;
            if style == Style::Tiles && tour.tiles().is_empty() {
                let name = path.display();
                return Err(Error::Usage(format!(
                    "{name} has no tiles to draw: only divide-and-conquer tours carry them; hint: use --style lines, or solve with --method divide"
                )));
            }
            precheck(tour.board(), style)?;
            tour
        }
        (None, Some(board)) => {
            let req = args.choice.request(board)?;
            let shape = args.choice.shape.shape(req.board)?;
            precheck(req.board, style)?;
            let sol = run_request(&shape, &req)?;
            if style == Style::Tiles && sol.tour.tiles().is_empty() {
                note(format_args!(
                    "note: this {} tour has no tiles (only divide-and-conquer tours do); drawing lines",
                    sol.method
                ));
                style = Style::Lines;
            }
            sol.tour
        }
        (None, None) => {
            return Err(Error::Usage(
                "draw needs a BOARD or --tour FILE; hint: knight-tour draw 8x8 -o tour.png".into(),
            ))
        }
    };
    let b = tour.board();
    let cell = args.cell.unwrap_or_else(|| default_cell(b.rows, b.cols));
    let scene = Scene::new(b, cell, args.coords);
    let mut opts = DrawOptions::new(style);
    opts.coords = args.coords;
    opts.arrows = args.arrows;
    if args.gradient {
        opts.gradient = Some(true);
    }
    let svg = render::render(&tour, &scene, &theme, &opts);
    let bytes = render::encode(
        svg,
        format,
        (scene.width(), scene.height()),
        args.dpi,
        args.width,
    )?;
    emit(&out, |w| w.write_all(&bytes))?;
    Ok(ExitCode::SUCCESS)
}
