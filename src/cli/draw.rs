//! `knight-tour draw`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use knight_tour::render::raster::{self, Raster};
use knight_tour::render::{self, pdf, DrawOptions, Scene, Style, Theme};
use knight_tour::Tour;

use super::output::{check_target, emit};
use super::solve::{run_request, Choice};
use super::verify::read_tour_file;
use super::Failure;

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
    /// Side of a square in SVG units (CSS pixels); default: by board size.
    #[arg(long, value_name = "PX")]
    cell: Option<f64>,
    /// PNG resolution in dots per inch (the drawing keeps its size in inches).
    #[arg(long, value_name = "N", conflicts_with = "width")]
    dpi: Option<f64>,
    /// PNG width in pixels.
    #[arg(long, value_name = "PX")]
    width: Option<u32>,
    /// Rank and file labels.
    #[arg(long)]
    coords: bool,
    /// Shade the line from start to end.
    #[arg(long)]
    gradient: bool,
    /// Arrows showing the direction of each move.
    #[arg(long)]
    arrows: bool,
    /// Output format; default: from the extension of -o.
    #[arg(long, value_enum)]
    format: Option<ImageFormat>,
    /// The file to write (atomically): .svg, .png or .pdf.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
}

/// The default side of a square: large on small boards, at least 2 units on huge ones.
pub fn default_cell(rows: u32, cols: u32) -> f64 {
    (1600.0 / rows.max(cols) as f64).clamp(2.0, 48.0).floor()
}

/// Picks the image format from the flag or the extension.
pub fn image_format(flag: Option<ImageFormat>, out: &Path) -> Result<ImageFormat, Failure> {
    if let Some(f) = flag {
        return Ok(f);
    }
    let ext = out
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase());
    match ext.as_deref() {
        Some("svg") => Ok(ImageFormat::Svg),
        Some("png") => Ok(ImageFormat::Png),
        Some("pdf") => Ok(ImageFormat::Pdf),
        _ => Err(Failure::usage(format!(
            "cannot tell the image format of '{}' from its extension; hint: use .svg, .png or .pdf, or pass --format",
            out.display()
        ))),
    }
}

/// Loads a built-in theme by name, or a theme file.
pub fn load_theme(spec: &str) -> Result<Theme, Failure> {
    match Theme::builtin(spec) {
        Ok(t) => Ok(t),
        Err(unknown) => {
            let path = Path::new(spec);
            if !path.is_file() {
                return Err(Failure::usage(unknown));
            }
            let text = std::fs::read_to_string(path)
                .map_err(|e| Failure::usage(format!("cannot read theme '{spec}': {e}")))?;
            Theme::parse(spec, &text, None).map_err(Failure::usage)
        }
    }
}

/// Renders an SVG document into the bytes of `format`.
pub fn encode(
    svg: String,
    format: ImageFormat,
    scene: &Scene,
    dpi: Option<f64>,
    width: Option<u32>,
) -> Result<Vec<u8>, Failure> {
    match format {
        ImageFormat::Svg => Ok(svg.into_bytes()),
        ImageFormat::Png => {
            let r =
                Raster::new(scene.width(), scene.height(), dpi, width).map_err(Failure::usage)?;
            raster::png(&svg, r).map_err(Failure::usage)
        }
        ImageFormat::Pdf => pdf::pdf(&svg).map_err(Failure::usage),
    }
}

/// Runs `draw`.
pub fn run(args: DrawArgs) -> Result<ExitCode, Failure> {
    let out = args.output.as_path();
    let format = image_format(args.format, out)?;
    check_target(Some(out))?;
    let theme = load_theme(&args.theme)?;
    if let Some(c) = args.cell {
        if !(c.is_finite() && (0.5..=1000.0).contains(&c)) {
            return Err(Failure::usage(format!(
                "--cell {c} is out of range; hint: a square's side in pixels, from 0.5 to 1000"
            )));
        }
    }
    if format == ImageFormat::Png {
        // Refuse impossible sizes before solving anything.
        if let Some(d) = args.dpi {
            Raster::new(1.0, 1.0, Some(d), None).map_err(Failure::usage)?;
        }
        if args.width == Some(0) {
            Raster::new(1.0, 1.0, None, Some(0)).map_err(Failure::usage)?;
        }
    }
    let mut style = match args.style {
        StyleArg::Numbers => Style::Numbers,
        StyleArg::Lines => Style::Lines,
        StyleArg::Tiles => Style::Tiles,
    };
    let tour: Tour = match (&args.tour, &args.board) {
        (Some(path), _) => {
            let tour = read_tour_file(path)?;
            if style == Style::Tiles && tour.tiles.is_empty() {
                let name = path.display();
                return Err(Failure::usage(format!(
                    "{name} has no tiles to draw: only divide-and-conquer tours carry them; hint: use --style lines, or solve with --method divide"
                )));
            }
            tour
        }
        (None, Some(board)) => {
            let req = args.choice.request(board)?;
            let sol = run_request(&req)?;
            if style == Style::Tiles && sol.tour.tiles.is_empty() {
                eprintln!(
                    "note: this {} tour has no tiles (only divide-and-conquer tours do); drawing lines",
                    sol.method
                );
                style = Style::Lines;
            }
            sol.tour
        }
        (None, None) => unreachable!("clap requires BOARD or --tour"),
    };
    let b = tour.board;
    let cell = args.cell.unwrap_or_else(|| default_cell(b.rows, b.cols));
    let scene = Scene::new(b, cell, args.coords);
    if format == ImageFormat::Png {
        Raster::new(scene.width(), scene.height(), args.dpi, args.width).map_err(Failure::usage)?;
    }
    let mut opts = DrawOptions::new(style);
    opts.coords = args.coords;
    opts.arrows = args.arrows;
    if args.gradient {
        opts.gradient = Some(true);
    }
    let svg = render::render(&tour, &scene, &theme, &opts);
    let bytes = encode(svg, format, &scene, args.dpi, args.width)?;
    emit(Some(out), |w| w.write_all(&bytes))?;
    Ok(ExitCode::SUCCESS)
}
