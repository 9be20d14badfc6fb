//! The Python package's native module: a thin layer over the `knight_tour` crate. Every
//! question goes to the library as the command line asks it, long work runs with the
//! interpreter released, and errors come back as `KnightTourError` with the library's
//! message.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use knight_tour::count::{count as count_tours, Question};
use knight_tour::render::{self, DrawOptions, Raster, Scene, Style, Theme};
use knight_tour::solve::{answer, solve_on, Method, Request};
use knight_tour::{Board, Kind, Piece, Shape, Square, Tour};

create_exception!(
    _knight_tour,
    KnightTourError,
    PyValueError,
    "A question the library refuses or cannot answer, with its message."
);

/// Any library error as a `KnightTourError` with its message.
fn err(e: impl std::fmt::Display) -> PyErr {
    KnightTourError::new_err(e.to_string())
}

/// The board, its shape and the request that the keyword arguments describe.
fn request(
    board: &str,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    piece: &str,
    holes: Option<Vec<String>>,
) -> PyResult<(Shape, Request)> {
    let b: Board = board.parse().map_err(err)?;
    let square = |t: &str| -> PyResult<Square> { b.parse_square(t).map_err(err) };
    let mut blocked = Vec::new();
    for h in holes.unwrap_or_default() {
        blocked.push(b.index(square(&h)?));
    }
    let shape = Shape::new(b, blocked).map_err(err)?;
    let req = Request {
        start: start.map(square).transpose()?,
        end: end.map(square).transpose()?,
        piece: piece.parse::<Piece>().map_err(err)?,
        ..Request::new(b, if closed { Kind::Closed } else { Kind::Open })
    };
    Ok((shape, req))
}

/// Whether a tour exists: truthy when it does, with the reason.
#[pyclass(module = "knight_tour", frozen)]
struct Answer {
    /// True, False, or None when the search ran out of budget and no count settled it.
    #[pyo3(get)]
    exists: Option<bool>,
    /// Why: the theorem, the tour found, the count, or what ran out.
    #[pyo3(get)]
    reason: String,
}

#[pymethods]
impl Answer {
    fn __bool__(&self) -> bool {
        self.exists == Some(true)
    }

    fn __repr__(&self) -> String {
        let word = match self.exists {
            Some(true) => "yes",
            Some(false) => "no",
            None => "unknown",
        };
        format!("<Answer {word}: {}>", self.reason)
    }
}

#[pyfunction]
#[pyo3(signature = (board, closed=false, start=None, end=None, piece="knight", holes=None))]
fn exists(
    py: Python<'_>,
    board: &str,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    piece: &str,
    holes: Option<Vec<String>>,
) -> PyResult<Answer> {
    let (shape, req) = request(board, closed, start, end, piece, holes)?;
    let a = py.detach(|| answer(&shape, &req)).map_err(err)?;
    Ok(Answer {
        exists: a.exists,
        reason: a.reason,
    })
}

/// A verified tour.
#[pyclass(module = "knight_tour", name = "Tour", frozen)]
struct PyTour {
    tour: Tour,
    method: String,
}

/// A rows x cols NumPy array of `values` (row-major), -1 on the holes.
fn grid_array<'py>(
    py: Python<'py>,
    board: Board,
    values: &[u32],
    holes: &[u32],
) -> PyResult<Bound<'py, PyAny>> {
    let mut g: Vec<i64> = py.detach(|| values.iter().map(|&v| i64::from(v)).collect());
    for &h in holes {
        g[h as usize] = -1;
    }
    Ok(PyArray1::from_vec(py, g)
        .reshape([board.rows as usize, board.cols as usize])?
        .into_any())
}

fn style_of(name: &str) -> PyResult<Style> {
    Ok(match name {
        "numbers" => Style::Numbers,
        "lines" => Style::Lines,
        "tiles" => Style::Tiles,
        "traced" => Style::Traced,
        other => {
            return Err(err(format!(
                "no style '{other}'; use numbers, lines, tiles or traced"
            )))
        }
    })
}

impl PyTour {
    fn svg(&self, style: &str, theme: &str, coords: bool) -> PyResult<(String, Scene)> {
        let style = style_of(style)?;
        if style == Style::Tiles && self.tour.tiles().is_empty() {
            return Err(err(
                "this tour has no tiles to draw: only divide-and-conquer tours carry them",
            ));
        }
        let theme = Theme::builtin(theme).map_err(err)?;
        let b = self.tour.board();
        let scene = Scene::new(b, Scene::default_cell(b), coords);
        let mut opts = DrawOptions::new(style);
        opts.coords = coords;
        Ok((render::render(&self.tour, &scene, &theme, &opts), scene))
    }
}

#[pymethods]
impl PyTour {
    /// The squares in visiting order, as (row, col) pairs, row 0 at the top.
    #[getter]
    fn path(&self) -> Vec<(u32, u32)> {
        self.tour.squares().map(|s| (s.row, s.col)).collect()
    }

    /// (rows, cols).
    #[getter]
    fn board(&self) -> (u32, u32) {
        let b = self.tour.board();
        (b.rows, b.cols)
    }

    /// Whether the last square is a move from the first.
    #[getter]
    fn closed(&self) -> bool {
        self.tour.is_closed()
    }

    /// The piece's name.
    #[getter]
    fn piece(&self) -> String {
        self.tour.piece().to_string()
    }

    /// The method that built it.
    #[getter]
    fn method(&self) -> String {
        self.method.clone()
    }

    /// The divide-and-conquer tiles, as (row, col, rows, cols).
    #[getter]
    fn tiles(&self) -> Vec<(u32, u32, u32, u32)> {
        self.tour
            .tiles()
            .iter()
            .map(|t| (t.row, t.col, t.rows, t.cols))
            .collect()
    }

    /// Blocked squares, as (row, col) pairs.
    #[getter]
    fn holes(&self) -> Vec<(u32, u32)> {
        let b = self.tour.board();
        self.tour
            .holes()
            .iter()
            .map(|&i| {
                let s = b.square(i);
                (s.row, s.col)
            })
            .collect()
    }

    fn __len__(&self) -> usize {
        self.tour.len()
    }

    /// The move number (from 1) of every square as a rows x cols NumPy array, -1 on holes.
    fn numbers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numbers = py.detach(|| self.tour.numbers());
        grid_array(py, self.tour.board(), &numbers, self.tour.holes())
    }

    /// The tour as knight-tour/1 JSON, as `solve --format json` writes it.
    fn to_json(&self) -> PyResult<String> {
        let mut out = Vec::new();
        knight_tour::io::write_json(&mut out, &self.tour, &self.method, None).map_err(err)?;
        String::from_utf8(out).map_err(err)
    }

    /// The numbered grid as text, as `solve` prints it.
    fn to_text(&self) -> PyResult<String> {
        let mut out = Vec::new();
        knight_tour::io::write_text(&mut out, &self.tour).map_err(err)?;
        String::from_utf8(out).map_err(err)
    }

    /// The drawing as SVG: style numbers, lines, tiles or traced; theme classic, paper, vlsi
    /// or color.
    #[pyo3(signature = (style="numbers", theme="classic", coords=false))]
    fn to_svg(&self, style: &str, theme: &str, coords: bool) -> PyResult<String> {
        Ok(self.svg(style, theme, coords)?.0)
    }

    /// The drawing as PNG bytes, `width` pixels across (default: 1000 on the long side).
    #[pyo3(signature = (style="numbers", theme="classic", coords=false, width=None))]
    fn to_png<'py>(
        &self,
        py: Python<'py>,
        style: &str,
        theme: &str,
        coords: bool,
        width: Option<u32>,
    ) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
        let (svg, scene) = self.svg(style, theme, coords)?;
        let raster = Raster::new(scene.width(), scene.height(), None, width).map_err(err)?;
        let png = py.detach(|| render::png(&svg, raster)).map_err(err)?;
        warn_missing(py)?;
        Ok(pyo3::types::PyBytes::new(py, &png))
    }

    /// Jupyter draws a tour as its SVG.
    fn _repr_svg_(&self) -> PyResult<String> {
        let style = if self.tour.tiles().is_empty() {
            "numbers"
        } else {
            "tiles"
        };
        // Past 20x20 a numbered grid is too small to read: the line shows the tour.
        let style = if self.tour.len() > 400 && style == "numbers" {
            "lines"
        } else {
            style
        };
        self.to_svg(style, "classic", false)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tour {} {} {} tour, {} squares by {}>",
            self.tour.board(),
            self.tour.kind().name(),
            self.tour.piece(),
            self.tour.len(),
            self.method
        )
    }
}

#[pyfunction]
#[pyo3(signature = (board, closed=false, start=None, end=None, piece="knight", holes=None, method="auto", seed=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    board: &str,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    piece: &str,
    holes: Option<Vec<String>>,
    method: &str,
    seed: Option<u64>,
) -> PyResult<PyTour> {
    let (shape, mut req) = request(board, closed, start, end, piece, holes)?;
    req.method = method.parse::<Method>().map_err(err)?;
    req.seed = seed;
    let sol = py.detach(|| solve_on(&shape, &req)).map_err(err)?;
    Ok(PyTour {
        method: sol.method.name().to_string(),
        tour: sol.tour,
    })
}

/// Reads a knight-tour/1 JSON tour and verifies it: the tour, or the first fault.
#[pyfunction]
fn verify_json(py: Python<'_>, text: &str) -> PyResult<PyTour> {
    let file = knight_tour::io::read_json_from(text.as_bytes()).map_err(err)?;
    py.detach(|| file.tour.verify()).map_err(err)?;
    Ok(PyTour {
        method: file.method.unwrap_or_else(|| "file".into()),
        tour: file.tour,
    })
}

/// The exact number of tours, as decimal digits (any size).
#[pyfunction]
#[pyo3(signature = (board, closed=false, start=None, end=None, piece="knight", holes=None, directed=false))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    board: &str,
    closed: bool,
    start: Option<&str>,
    end: Option<&str>,
    piece: &str,
    holes: Option<Vec<String>>,
    directed: bool,
) -> PyResult<String> {
    let (shape, req) = request(board, closed, start, end, piece, holes)?;
    let question = Question {
        piece: req.piece,
        start: req.start,
        end: req.end,
        ..Question::new(shape, req.kind)
    };
    let counted = py
        .detach(|| count_tours(&question, &mut |_, _| {}))
        .map_err(err)?;
    Ok(if directed {
        counted.directed.to_string()
    } else {
        counted.tours.to_string()
    })
}

/// A puzzle with exactly one solution, graded.
#[pyclass(module = "knight_tour", name = "Puzzle", frozen)]
struct PyPuzzle {
    made: knight_tour::puzzle::Generated,
}

/// What is wrong with a pupil's answer, if anything.
#[pyclass(module = "knight_tour", frozen)]
struct Marking {
    /// Whether the answer is right.
    #[pyo3(get)]
    right: bool,
    /// Each fault in words, as `puzzle check` lists them.
    #[pyo3(get)]
    faults: Vec<String>,
    /// The squares marked wrong, as (row, col) pairs.
    #[pyo3(get)]
    wrong: Vec<(u32, u32)>,
}

#[pymethods]
impl Marking {
    fn __bool__(&self) -> bool {
        self.right
    }

    fn __repr__(&self) -> String {
        if self.right {
            "<Marking right>".into()
        } else {
            format!(
                "<Marking {} faults: {}>",
                self.faults.len(),
                self.faults.join("; ")
            )
        }
    }
}

#[pymethods]
impl PyPuzzle {
    /// The given numbers as a rows x cols NumPy array: 0 where blank, -1 on holes.
    fn givens<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let p = &self.made.puzzle;
        grid_array(py, p.board(), p.grid(), p.holes())
    }

    /// Its one solution.
    #[getter]
    fn solution(&self) -> PyTour {
        PyTour {
            tour: self.made.solution.clone(),
            method: "puzzle".into(),
        }
    }

    /// easy, medium or hard.
    #[getter]
    fn grade(&self) -> String {
        self.made.grade.to_string()
    }

    /// The seed that remakes it.
    #[getter]
    fn seed(&self) -> u64 {
        self.made.seed
    }

    /// The piece whose moves join consecutive numbers: knight, king (Hidato), wazir (Numbrix)...
    #[getter]
    fn piece(&self) -> String {
        self.made.puzzle.piece().to_string()
    }

    /// How many numbers are given.
    #[getter]
    fn clues(&self) -> usize {
        self.made.puzzle.clues()
    }

    /// knight-tour-puzzle/1 JSON with its solution, as `puzzle --format json` writes it.
    fn to_json(&self) -> PyResult<String> {
        let mut out = Vec::new();
        let m = &self.made;
        let grade = m.grade.to_string();
        let meta = knight_tour::io::puzzle::PuzzleMeta {
            solution: Some(&m.solution),
            difficulty: Some(&grade),
            seed: Some(m.seed),
        };
        knight_tour::io::puzzle::write_puzzle_json(&mut out, &m.puzzle, meta).map_err(err)?;
        String::from_utf8(out).map_err(err)
    }

    /// Judges a pupil's answer: a text grid as `puzzle check` reads it, or rows of numbers
    /// (0 for blank).
    fn check(&self, answer: &Bound<'_, PyAny>) -> PyResult<Marking> {
        let text = match answer.extract::<String>() {
            Ok(t) => t,
            Err(_) => {
                let rows: Vec<Vec<i64>> = answer.extract()?;
                rows.iter()
                    .map(|r| {
                        r.iter()
                            .map(|v| {
                                if *v <= 0 {
                                    ".".to_string()
                                } else {
                                    v.to_string()
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            }
        };
        let answer = knight_tour::io::puzzle::read_answer(&text).map_err(err)?;
        let p = &self.made.puzzle;
        let marking = knight_tour::puzzle::mark(p, &answer).map_err(err)?;
        let b = p.board();
        Ok(Marking {
            right: marking.is_right(),
            faults: marking.faults.iter().map(|f| f.describe(b)).collect(),
            wrong: (0..marking.wrong.len() as u32)
                .filter(|&i| marking.wrong[i as usize])
                .map(|i| {
                    let s = b.square(i);
                    (s.row, s.col)
                })
                .collect(),
        })
    }

    fn __repr__(&self) -> String {
        let p = &self.made.puzzle;
        format!(
            "<Puzzle {} {}{}, {} clues, {}, seed {}>",
            p.board(),
            if p.is_closed() { "closed" } else { "open" },
            if p.piece().is_knight() {
                String::new()
            } else {
                format!(" {}", p.piece())
            },
            p.clues(),
            self.made.grade,
            self.made.seed
        )
    }
}

/// `count` unique puzzles of a grade, puzzle i from seed `seed + i`.
#[pyfunction]
#[pyo3(signature = (board, count=1, difficulty="medium", seed=1, closed=false, holes=None, piece="knight"))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments, one each
fn puzzles(
    py: Python<'_>,
    board: &str,
    count: usize,
    difficulty: &str,
    seed: u64,
    closed: bool,
    holes: Option<Vec<String>>,
    piece: &str,
) -> PyResult<Vec<PyPuzzle>> {
    use knight_tour::puzzle::{batch, Grade, Spec, Target};
    let (shape, req) = request(board, closed, None, None, piece, holes)?;
    let grade: Grade = difficulty.parse().map_err(err)?;
    if count == 0 || count > 1000 {
        return Err(err(format!(
            "count {count} is out of range; hint: 1 to 1000 puzzles"
        )));
    }
    // The batch checks the spec (a board too small or too large for puzzles) first.
    let spec = Spec {
        piece: req.piece,
        ..Spec::on_shape(&shape, req.kind, Target::Difficulty(grade), seed)
    };
    let made = py.detach(|| batch(&spec, count, &|| {})).map_err(err)?;
    Ok(made.into_iter().map(|made| PyPuzzle { made }).collect())
}

/// Worksheet pages (or the answer key's, with `key`) as one PDF, in a language (en or zh).
#[pyfunction]
#[pyo3(signature = (puzzles, key=false, title=None, lang="en", page="a4"))]
fn worksheet<'py>(
    py: Python<'py>,
    puzzles: Vec<PyRef<'py, PyPuzzle>>,
    key: bool,
    title: Option<String>,
    lang: &str,
    page: &str,
) -> PyResult<Bound<'py, pyo3::types::PyBytes>> {
    use knight_tour::render::sheet::{self, Caption, Facts, Sheet, Template};
    let made: Vec<_> = puzzles.iter().map(|p| p.made.clone()).collect();
    let first = made
        .first()
        .ok_or_else(|| err("no puzzles to lay out; hint: make some with puzzles()"))?;
    let piece = first.puzzle.piece();
    if made.iter().any(|m| m.puzzle.piece() != piece) {
        return Err(err(
            "the puzzles are for different pieces; hint: one worksheet takes one piece's puzzles",
        ));
    }
    let template = Template::builtin(page)
        .map_err(err)?
        .in_language(lang)
        .ok_or_else(|| {
            err(format!(
                "no built-in words for lang '{lang}'; use {}",
                sheet::LANGUAGE_TAGS
            ))
        })?
        .for_piece(piece);
    knight_tour::render::fonts::prefer_language(lang);
    let title = title.unwrap_or_else(|| template.title.clone());
    let facts = Facts {
        board: first.puzzle.board(),
        last: first.solution.len(),
        holes: !first.puzzle.holes().is_empty(),
        closed: first.puzzle.is_closed(),
    };
    let theme = Theme::builtin("classic").map_err(err)?;
    let per_page = sheet::default_per_page(&template, &title, &facts).min(made.len());
    let s = Sheet {
        template: &template,
        theme: &theme,
        title,
        per_page,
        caption: Caption::None,
    };
    let items = sheet::items(&made);
    let pages = sheet::pages(&s, &items, key);
    let pdf = py
        .detach(|| sheet::encode_pages(&pages, knight_tour::io::OutputFormat::Pdf, 150.0))
        .map_err(err)?;
    warn_missing(py)?;
    Ok(pyo3::types::PyBytes::new(py, &pdf[0]))
}

/// Warns (a Python `UserWarning`) about characters no font had in what was just drawn.
fn warn_missing(py: Python<'_>) -> PyResult<()> {
    let missing = render::fonts::take_missing();
    if missing.is_empty() {
        return Ok(());
    }
    let list: Vec<String> = missing
        .iter()
        .map(|c| format!("'{c}' (U+{:04X})", *c as u32))
        .collect();
    let message = std::ffi::CString::new(format!(
        "no font here has {}: left blank in the drawing; install a font that has them (Debian: fonts-noto-cjk)",
        list.join(", ")
    ))
    .map_err(err)?;
    PyErr::warn(
        py,
        &py.get_type::<pyo3::exceptions::PyUserWarning>(),
        &message,
        1,
    )
}

/// The native module.
#[pymodule]
fn _knight_tour(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // Characters the bundled font lacks come from the system's fonts, found when first needed.
    render::fonts::use_system_fonts(Box::new(|| {
        let mut db = fontdb::Database::new();
        db.load_system_fonts();
        db
    }));
    m.add("KnightTourError", m.py().get_type::<KnightTourError>())?;
    m.add_class::<Answer>()?;
    m.add_class::<PyTour>()?;
    m.add_function(wrap_pyfunction!(exists, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(verify_json, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_class::<PyPuzzle>()?;
    m.add_class::<Marking>()?;
    m.add_function(wrap_pyfunction!(puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(worksheet, m)?)?;
    Ok(())
}
