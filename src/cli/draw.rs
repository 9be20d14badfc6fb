//! `knight-tour draw`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use std::io::Write;

use crate::io::OutputFormat;
use crate::render::animate::{self, Timing};
use crate::render::Raster;
use crate::render::Rgb;
use crate::render::{self, DrawOptions, Picture, Scene, Style, Theme};
use crate::render::{Palette, PALETTES};
use crate::{Board, Tour};

use super::files::{self, read_text};
use super::fonts::FontArgs;
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
    /// The numbered grid over the tour traced as a faint line.
    #[value(alias = "numbers+lines")]
    Traced,
}

/// Image formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ImageFormat {
    /// Scalable vector graphics (animated with --animate).
    Svg,
    /// Raster image, with its resolution recorded.
    Png,
    /// Vector PDF for printing.
    Pdf,
    /// Animated GIF of the tour being drawn.
    Gif,
    /// Animated PNG (APNG) of the tour being drawn, in full colour.
    Apng,
    /// TikZ/PGF for LaTeX papers: numbers in the paper's font, the theme's colours named.
    Tikz,
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
    /// Raster resolution in dots per inch, 1 to 4800 (the drawing keeps its size in inches).
    #[arg(long, value_name = "N", conflicts_with = "width", value_parser = decimal)]
    dpi: Option<f64>,
    /// Width: pixels for PNG, GIF and APNG (default: 1000 on the long side at least), points
    /// for PDF.
    #[arg(long, value_name = "N", value_parser = natural32)]
    width: Option<u32>,
    /// Blank border around the drawing, in SVG units; default: half a square, 2 to 24.
    #[arg(long, value_name = "PX", value_parser = decimal)]
    margin: Option<f64>,
    /// Width of the tour line as a fraction of a square, 0.005 to 0.5; default: the theme's.
    #[arg(long, value_name = "FRACTION", value_parser = decimal)]
    line_width: Option<f64>,
    /// Page colour: #rrggbb, #rgb, #rrggbbaa or #rgba (with an opacity), a CSS name, or none
    /// for a transparent image.
    #[arg(long, value_name = "COLOUR|none")]
    background: Option<String>,
    /// Gradient colours, shaded in OKLab: viridis, cividis, magma, or theme (its two colours);
    /// implies --gradient.
    #[arg(long, value_name = "NAME")]
    palette: Option<String>,
    /// Draw only the first N moves (the numbers 1 to N+1): a still for slides.
    #[arg(long, value_name = "N", value_parser = natural32)]
    upto: Option<u32>,
    /// Animate an SVG: the line draws itself and the numbers appear (plays in browsers).
    #[arg(long)]
    animate: bool,
    /// Write every frame of the animation as DIR/frame-0000.png, ... for slides.
    #[arg(long, value_name = "DIR")]
    frames: Option<PathBuf>,
    /// Animation frames per second, 0.5 to 100.
    #[arg(long, value_name = "N", value_parser = decimal)]
    fps: Option<f64>,
    /// Animation length in seconds (moves are grouped into frames to fit); default: one move
    /// a frame, up to 288 frames.
    #[arg(long, value_name = "SECONDS", value_parser = decimal)]
    duration: Option<f64>,
    /// Seconds the finished drawing is held at the end of an animation.
    #[arg(long, value_name = "SECONDS", value_parser = decimal)]
    hold: Option<f64>,
    /// A title above the board, in any script (see --font).
    #[arg(long, value_name = "TEXT", value_parser = super::printable)]
    title: Option<String>,
    /// A caption below the board, in any script.
    #[arg(long, value_name = "TEXT", value_parser = super::printable)]
    caption: Option<String>,
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
    /// The file to write: .svg, .png, .pdf, .gif, .apng or .tex (TikZ) (a regular file is
    /// replaced whole, atomically).
    #[arg(short, long, value_name = "FILE", required_unless_present = "frames")]
    output: Option<PathBuf>,
    /// SVG with the numbers and labels as editable text (in DejaVu Sans Bold, where the viewer
    /// has it) instead of shared outlines.
    #[arg(long)]
    editable: bool,
    /// With TikZ: a whole LaTeX document (standalone class) instead of a tikzpicture to
    /// \input into a paper.
    #[arg(long)]
    standalone: bool,
    #[command(flatten)]
    font: FontArgs,
}

impl From<ImageFormat> for OutputFormat {
    fn from(f: ImageFormat) -> Self {
        match f {
            ImageFormat::Svg => OutputFormat::Svg,
            ImageFormat::Png => OutputFormat::Png,
            ImageFormat::Pdf => OutputFormat::Pdf,
            ImageFormat::Gif => OutputFormat::Gif,
            ImageFormat::Apng => OutputFormat::Apng,
            ImageFormat::Tikz => OutputFormat::Tikz,
        }
    }
}

/// The image formats, for [`choose`].
pub const IMAGES: [OutputFormat; 6] = [
    OutputFormat::Svg,
    OutputFormat::Png,
    OutputFormat::Pdf,
    OutputFormat::Gif,
    OutputFormat::Apng,
    OutputFormat::Tikz,
];

/// Whether a format is painted to pixels.
fn is_raster(f: OutputFormat) -> bool {
    matches!(
        f,
        OutputFormat::Png | OutputFormat::Gif | OutputFormat::Apng
    )
}

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
    let lines = !matches!(args.style, StyleArg::Numbers);
    if !lines {
        refuse_given(
            &[
                ("--palette", args.palette.is_some()),
                ("--line-width", args.line_width.is_some()),
            ],
            "to --style numbers, which draws no line",
            |_| "add --style lines".into(),
        )?;
    }
    // --frames writes PNGs, whatever -o is.
    if !is_raster(format) && args.frames.is_none() {
        refuse_given(
            &[("--dpi", args.dpi.is_some())],
            "to SVG or PDF: they are vectors, sized by --cell",
            |_| "write .png, or use --cell (and --width for a PDF's width in points)".into(),
        )?;
    }
    if format == OutputFormat::Svg && args.frames.is_none() {
        refuse_given(
            &[("--width", args.width.is_some())],
            "to SVG: it is a vector drawing, sized by --cell",
            |_| "use --cell, or write .png or .pdf".into(),
        )?;
    }
    if format != OutputFormat::Svg {
        refuse_given(
            &[("--editable", args.editable)],
            "to this format: it makes an SVG's numbers text",
            |_| "write -o tour.svg (PDF and TikZ keep their text as text already)".into(),
        )?;
    }
    if format == OutputFormat::Tikz {
        refuse_given(
            &[
                ("--width", args.width.is_some()),
                ("--frames", args.frames.is_some()),
            ],
            "to TikZ: it is a vector drawing, sized by --cell",
            |_| "use --cell, or scale the figure in LaTeX".into(),
        )?;
    } else {
        refuse_given(
            &[("--standalone", args.standalone)],
            "to this format: it makes TikZ a LaTeX document",
            |_| "write -o figure.tex, or drop --standalone".into(),
        )?;
    }
    let animated = matches!(format, OutputFormat::Gif | OutputFormat::Apng)
        || (format == OutputFormat::Svg && args.animate);
    if args.animate && format != OutputFormat::Svg {
        return Err(Error::Usage(format!(
            "--animate applies to SVG; hint: .gif and .apng are always animated, and {} is a still",
            format.name()
        )));
    }
    if !animated && args.frames.is_none() {
        refuse_given(
            &[
                ("--fps", args.fps.is_some()),
                ("--duration", args.duration.is_some()),
                ("--hold", args.hold.is_some()),
            ],
            "to a still drawing",
            |_| "write .gif or .apng, add --animate to an .svg, or give --frames DIR".into(),
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
    let format = match &args.output {
        Some(o) => choose(args.format.map(Into::into), Some(o), "-o", &IMAGES, None)?,
        None => OutputFormat::Png,
    };
    check_applies(&args, format)?;
    let mut inputs: Vec<(&str, &Path)> = Vec::new();
    if let Some(t) = &args.tour {
        inputs.push(("--tour", t));
    }
    if let Some(t) = theme_file(&args.theme) {
        inputs.push(("--theme", t));
    }
    inputs.extend(args.font.inputs());
    inputs.extend(args.choice.shape.inputs());
    let out = match &args.output {
        Some(o) => Some(files::plan(&[("-o", o)], &inputs)?.remove(0)),
        None => None,
    };
    let theme = load_theme(&args.theme)?;
    args.font.load()?;
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
        StyleArg::Traced => Style::Traced,
    };
    // Everything about the drawing's size is decided before solving.
    let precheck = |board: Board, style: Style| -> Result<(), Error> {
        let cell = args.cell.unwrap_or_else(|| Scene::default_cell(board));
        let scene = scene_for(&args, board, cell)?;
        #[cfg(feature = "pdf")]
        if format == OutputFormat::Pdf {
            render::page_points(scene.width(), scene.height(), args.width.map(f64::from))?;
        }
        if is_raster(format) || args.frames.is_some() {
            let raster = Raster::new(scene.width(), scene.height(), args.dpi, args.width)?;
            // Animations hold several frames at once and paint every one: counted here, with
            // the most frames the board's tour can have, before anything is solved.
            if matches!(format, OutputFormat::Gif | OutputFormat::Apng) || args.frames.is_some() {
                let timing = Timing::new(
                    board.area().min(u32::MAX as usize) as u32,
                    args.fps.unwrap_or(animate::DEFAULT_FPS),
                    args.duration,
                    args.hold.unwrap_or(animate::DEFAULT_HOLD),
                )?;
                if matches!(format, OutputFormat::Gif | OutputFormat::Apng) {
                    animate::check_cost(raster, timing.frames().len(), false)?;
                }
                if args.frames.is_some() {
                    animate::check_cost(raster, timing.frames().len(), true)?;
                }
            }
        }
        if args.frames.is_some() {
            render::check_size(board, style, args.arrows, OutputFormat::Png)?;
        }
        render::check_size(board, style, args.arrows, format)?;
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
    let cell = args.cell.unwrap_or_else(|| Scene::default_cell(b));
    let scene = scene_for(&args, b, cell)?;
    let mut opts = DrawOptions::new(style);
    opts.coords = args.coords;
    opts.arrows = args.arrows;
    opts.title = args.title.clone();
    opts.caption = args.caption.clone();
    if args.gradient || args.palette.is_some() {
        opts.gradient = Some(true);
    }
    opts.palette = match args.palette.as_deref() {
        None | Some("theme") => None,
        Some(name) => Some(Palette::named(name).ok_or_else(|| {
            Error::Usage(format!(
                "no palette '{name}'; hint: use one of {}, or theme",
                PALETTES.join(", ")
            ))
        })?),
    };
    if let Some(w) = args.line_width {
        if !(0.005..=0.5).contains(&w) {
            return Err(Error::Usage(format!(
                "--line-width {w} is out of range; hint: a fraction of a square, from 0.005 to 0.5"
            )));
        }
        opts.line_width = Some(w);
    }
    let mut theme = theme;
    match args.background.as_deref() {
        None => {}
        Some("none") => opts.transparent = true,
        Some(c) => {
            theme.background = Rgb::parse(c).ok_or_else(|| {
                Error::Usage(format!(
                    "--background '{c}' is not a colour; hint: #rrggbb, #rgb, #rrggbbaa, #rgba, a CSS name such as ivory, or none"
                ))
            })?
        }
    }
    let mut pic = render::picture(&tour, &scene, &theme, &opts);
    if opts.transparent {
        pic.background = None;
    }
    if let Some(n) = args.upto {
        if n > pic.steps {
            return Err(Error::Usage(format!(
                "--upto {n} is past the end: this tour has {} moves; hint: use --upto {}",
                pic.steps, pic.steps
            )));
        }
        pic = pic.upto(n);
    }
    let timing = Timing::new(
        pic.steps,
        args.fps.unwrap_or(animate::DEFAULT_FPS),
        args.duration,
        args.hold.unwrap_or(animate::DEFAULT_HOLD),
    )?;
    if let Some(dir) = &args.frames {
        write_frames(dir, &pic, &args, &timing)?;
    }
    if let Some(out) = &out {
        let spec = render::Output {
            format,
            dpi: args.dpi,
            width: args.width.map(f64::from),
            timing: (format != OutputFormat::Svg || args.animate).then_some(timing),
            editable: args.editable,
        };
        let bytes = if format == OutputFormat::Tikz {
            render::tikz::tikz(&pic, &theme, args.standalone).into_bytes()
        } else {
            render::picture_bytes(&pic, &spec)?
        };
        emit(out, |w| w.write_all(&bytes))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The layout for a board, with the margin asked for.
fn scene_for(args: &DrawArgs, board: Board, cell: f64) -> Result<Scene, Error> {
    let mut scene = Scene::new(board, cell, args.coords);
    if let Some(m) = args.margin {
        if !(0.0..=1000.0).contains(&m) {
            return Err(Error::Usage(format!(
                "--margin {m} is out of range; hint: SVG units (CSS pixels), from 0 to 1000"
            )));
        }
        scene.margin = m;
    }
    Ok(scene.with_words(args.title.as_deref(), args.caption.as_deref()))
}

/// Writes each frame as DIR/frame-NNNN.png, all or none.
fn write_frames(dir: &Path, pic: &Picture, args: &DrawArgs, timing: &Timing) -> Result<(), Error> {
    if !dir.is_dir() {
        return Err(Error::Usage(format!(
            "--frames '{}' is not a folder; hint: create it first (mkdir -p {})",
            dir.display(),
            dir.display()
        )));
    }
    let raster = Raster::new(pic.width, pic.height, args.dpi, args.width)?;
    let pngs = animate::stills(pic, raster, timing)?;
    let digits = pngs.len().saturating_sub(1).to_string().len().max(4);
    let names: Vec<PathBuf> = (0..pngs.len())
        .map(|i| dir.join(format!("frame-{i:0digits$}.png")))
        .collect();
    let outputs: Vec<(&str, &Path)> = names.iter().map(|p| ("--frames", p.as_path())).collect();
    let planned = files::plan(&outputs, &[])?;
    let mut fills: Vec<Box<files::Fill<'_>>> = pngs
        .iter()
        .map(|b| Box::new(move |w: &mut dyn Write| w.write_all(b)) as Box<_>)
        .collect();
    let mut items: Vec<(&files::Output, &mut files::Fill<'_>)> = planned
        .iter()
        .zip(fills.iter_mut())
        .map(|(o, f)| (o, &mut **f as &mut files::Fill<'_>))
        .collect();
    files::write_all(&mut items)?;
    note(format_args!(
        "wrote {} frames to {}",
        pngs.len(),
        dir.display()
    ));
    Ok(())
}
