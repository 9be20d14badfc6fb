//! Puzzle formats: `knight-tour-puzzle/1` JSON (one object, or an array of them) and the text
//! grid (numbers and `.` for blanks, one row a line; `x` for a blocked square, since `#`
//! starts a comment there).

use std::io::{self, Write};

use serde::Deserialize;
use thiserror::Error;

use crate::board::{Board, BoardError};
use crate::piece::Piece;
use crate::puzzle::answer::{Answer, Cell};
use crate::puzzle::generate::Generated;
use crate::puzzle::{Puzzle, PuzzleError};
use crate::shape::Shape;
use crate::tour::Kind;
use crate::tour::Tour;

/// A hole in a text grid being read (no number is this large).
const HOLE: u64 = u64::MAX;

/// The format tag of puzzle files.
pub(crate) const PUZZLE_FORMAT: &str = "knight-tour-puzzle/1";

/// Largest puzzle file read: room for a thousand puzzles with their solutions (a 50x50
/// puzzle with its solution takes about 65 KB).
pub(crate) const MAX_PUZZLE_FILE_BYTES: u64 = 64 << 20;

/// A puzzle as stored in a file, with what the file says about it.
#[derive(Debug, Clone)]
pub struct PuzzleFile {
    /// The puzzle (givens checked).
    pub puzzle: Puzzle,
    /// The solution, if the file carries one (verified as a tour; whether it agrees with
    /// the givens is for the reader to check).
    pub solution: Option<Tour>,
    /// The stored grade, if any.
    pub difficulty: Option<String>,
    /// The stored seed, if any.
    pub seed: Option<u64>,
}

/// Errors reading a puzzle file.
#[derive(Debug, Error)]
pub enum PuzzleReadError {
    /// Nothing in the file.
    #[error("the file has no text (it is empty or only white space); hint: a puzzle is knight-tour-puzzle/1 JSON or a grid of numbers and '.'")]
    Empty,
    /// The JSON does not parse or lacks fields.
    #[error("not a valid puzzle file: {0}")]
    Json(#[source] serde_json::Error),
    /// The format tag is not ours.
    #[error("the format tag is '{0}', expected '{PUZZLE_FORMAT}'")]
    Tag(String),
    /// The board is invalid.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// The givens are wrong.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
    /// The solution path is malformed.
    #[error("the solution {0}")]
    Solution(String),
    /// The stored solution is not a tour of the board.
    #[error("the stored solution: {0}")]
    BadSolution(#[source] crate::tour::TourError),
    /// The holes are not a shape of the board.
    #[error("{0}")]
    Holes(String),
    /// The piece is not one we know.
    #[error("{0}")]
    Piece(#[from] crate::piece::PieceError),
    /// A text grid is malformed.
    #[error("line {line}: {msg}")]
    Grid {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        msg: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPuzzle {
    format: String,
    rows: u64,
    cols: u64,
    #[serde(default)]
    closed: bool,
    /// The piece; absent for the knight.
    #[serde(default)]
    piece: Option<String>,
    givens: Vec<[u64; 3]>,
    /// Blocked squares as `[row, col]`; absent on a plain rectangle.
    #[serde(default)]
    holes: Vec<[u64; 2]>,
    #[serde(default)]
    solution: Option<Vec<[u64; 2]>>,
    #[serde(default)]
    difficulty: Option<String>,
    /// Written for readers; the givens are what count.
    #[serde(default, rename = "clues")]
    _clues: Option<u64>,
    #[serde(default)]
    seed: Option<u64>,
}

fn board(rows: u64, cols: u64) -> Result<Board, BoardError> {
    Board::new(
        u32::try_from(rows).unwrap_or(u32::MAX),
        u32::try_from(cols).unwrap_or(u32::MAX),
    )
}

fn from_raw(raw: RawPuzzle) -> Result<PuzzleFile, PuzzleReadError> {
    if raw.format != PUZZLE_FORMAT {
        return Err(PuzzleReadError::Tag(raw.format));
    }
    let b = board(raw.rows, raw.cols)?;
    let shape = shape_of(b, &raw.holes)?;
    let givens: Vec<(u64, u64, u64)> = raw.givens.iter().map(|g| (g[0], g[1], g[2])).collect();
    let piece = match &raw.piece {
        Some(name) => name.parse::<Piece>()?,
        None => Piece::KNIGHT,
    };
    let puzzle = Puzzle::on_shape_for(&shape, piece, Kind::of(raw.closed), &givens)?;
    let solution = match raw.solution {
        None => None,
        Some(path) => {
            let mut p = Vec::with_capacity(path.len());
            for (i, &[r, c]) in path.iter().enumerate() {
                if r >= b.rows as u64 || c >= b.cols as u64 {
                    return Err(PuzzleReadError::Solution(format!(
                        "has move {} at [{r}, {c}], off the {b} board",
                        i + 1
                    )));
                }
                p.push(r as u32 * b.cols + c as u32);
            }
            Some(
                Tour::of_piece(&shape, p, Kind::of(raw.closed), Vec::new(), piece)
                    .map_err(PuzzleReadError::BadSolution)?,
            )
        }
    };
    Ok(PuzzleFile {
        puzzle,
        solution,
        difficulty: raw.difficulty,
        seed: raw.seed,
    })
}

/// The board with holes `[row, col]`, each checked to lie on it.
fn shape_of(b: Board, holes: &[[u64; 2]]) -> Result<Shape, PuzzleReadError> {
    let mut idx = Vec::with_capacity(holes.len());
    for &[r, c] in holes {
        if r >= b.rows as u64 || c >= b.cols as u64 {
            return Err(PuzzleReadError::Holes(format!(
                "hole [{r}, {c}] is off the {b} board"
            )));
        }
        idx.push(r as u32 * b.cols + c as u32);
    }
    Shape::new(b, idx).map_err(|e| PuzzleReadError::Holes(e.to_string()))
}

/// Reads puzzles: a JSON object, a JSON array of objects, or a text grid (of knight's tours of
/// `kind`; a JSON file says for itself).
pub fn read_puzzles(text: &str, kind: Kind) -> Result<Vec<PuzzleFile>, PuzzleReadError> {
    read_puzzles_of(text, kind, None)
}

/// [`read_puzzles`] where a text grid's piece is `piece` (a `# piece: NAME` line in the grid
/// says so too; the two must agree), the knight when neither says.
pub fn read_puzzles_of(
    text: &str,
    kind: Kind,
    piece: Option<Piece>,
) -> Result<Vec<PuzzleFile>, PuzzleReadError> {
    let t = text.trim_start();
    if t.is_empty() {
        return Err(PuzzleReadError::Empty);
    }
    if t.starts_with('{') || t.starts_with('[') {
        let v: serde_json::Value = serde_json::from_str(t).map_err(PuzzleReadError::Json)?;
        let items = match v {
            serde_json::Value::Array(a) => a,
            one => vec![one],
        };
        if items.is_empty() {
            return Err(PuzzleReadError::Empty);
        }
        return items
            .into_iter()
            .map(|item| {
                if let Some(tag) = item.get("format").and_then(|f| f.as_str()) {
                    if tag != PUZZLE_FORMAT {
                        return Err(PuzzleReadError::Tag(tag.to_string()));
                    }
                }
                let raw: RawPuzzle = serde_json::from_value(item).map_err(PuzzleReadError::Json)?;
                from_raw(raw)
            })
            .collect();
    }
    Ok(vec![read_grid(text, kind, piece)?])
}

/// The comment line that names a text grid's piece (written for pieces other than the
/// knight).
const PIECE_LINE: &str = "# piece:";

/// The piece a text grid names on a `# piece: NAME` line, checked against `asked`.
fn grid_piece(text: &str, asked: Option<Piece>) -> Result<Piece, PuzzleReadError> {
    let mut found: Option<(usize, Piece)> = None;
    for (i, line) in text.lines().enumerate() {
        let Some(name) = line.trim().strip_prefix(PIECE_LINE) else {
            continue;
        };
        let piece: Piece = name.trim().parse()?;
        let clash = |other: Piece| PuzzleReadError::Grid {
            line: i + 1,
            msg: format!(
                "the grid is for the {piece}, but {other} was named too; hint: name one piece"
            ),
        };
        match (found, asked) {
            (Some((_, p)), _) if p != piece => return Err(clash(p)),
            (_, Some(a)) if a != piece => return Err(clash(a)),
            _ => found = Some((i, piece)),
        }
    }
    Ok(found.map(|f| f.1).or(asked).unwrap_or(Piece::KNIGHT))
}

/// Reads a text grid: whitespace-separated numbers, `.` for blanks and `x` for holes; blank
/// lines and `#` comments skipped (but for a `# piece: NAME` line, which names the piece).
pub(crate) fn read_grid(
    text: &str,
    kind: Kind,
    piece: Option<Piece>,
) -> Result<PuzzleFile, PuzzleReadError> {
    let piece = grid_piece(text, piece)?;
    let (b, cells) = grid_cells(text)?;
    let mut givens = Vec::new();
    let mut holes = Vec::new();
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = ((i / b.cols as usize) as u64, (i % b.cols as usize) as u64);
        if v == HOLE {
            holes.push([r, c]);
        } else if v != 0 {
            givens.push((r, c, v));
        }
    }
    let shape = shape_of(b, &holes)?;
    Ok(PuzzleFile {
        puzzle: Puzzle::on_shape_for(&shape, piece, kind, &givens)?,
        solution: None,
        difficulty: None,
        seed: None,
    })
}

/// The board and cells of a text grid, row-major: a number, 0 for a blank, `HOLE` for `x`.
fn grid_cells(text: &str) -> Result<(Board, Vec<u64>), PuzzleReadError> {
    let mut cells: Vec<u64> = Vec::new();
    let (mut rows, mut cols) = (0usize, 0usize);
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let before = cells.len();
        for tok in line.split_whitespace() {
            if tok.chars().all(|c| c == '.' || c == '_') {
                cells.push(0);
            } else if tok == "x" || tok == "X" {
                cells.push(HOLE);
            } else {
                cells.push(crate::board::parse_natural(tok).ok_or_else(|| {
                    PuzzleReadError::Grid {
                        line: i + 1,
                        msg: format!(
                            "'{tok}' is neither a number nor '.'; hint: '.' marks a blank, 'x' a blocked square"
                        ),
                    }
                })?);
            }
        }
        let len = cells.len() - before;
        if rows == 0 {
            cols = len;
        } else if len != cols {
            return Err(PuzzleReadError::Grid {
                line: i + 1,
                msg: format!("{len} entries, but the first row has {cols}"),
            });
        }
        rows += 1;
    }
    if rows == 0 {
        return Err(PuzzleReadError::Empty);
    }
    Ok((board(rows as u64, cols as u64)?, cells))
}

/// Reads a pupil's answer: a text grid as a puzzle's (numbers, `.`, `x`), or JSON with `rows`,
/// `cols` and either `givens` (`[row, col, number]`, a filled-in puzzle) or `path` (a tour's
/// squares in order). Nothing is checked but the layout: wrong numbers are for
/// [`crate::puzzle::answer::mark`] to find.
pub fn read_answer(text: &str) -> Result<Answer, PuzzleReadError> {
    let t = text.trim_start();
    if t.is_empty() {
        return Err(PuzzleReadError::Empty);
    }
    if !t.starts_with('{') {
        let (b, cells) = grid_cells(text)?;
        let cells = cells
            .into_iter()
            .map(|v| match v {
                0 => Cell::Blank,
                HOLE => Cell::Hole,
                v => Cell::Number(v),
            })
            .collect();
        return Ok(Answer { board: b, cells });
    }
    #[derive(Deserialize)]
    struct RawAnswer {
        rows: u64,
        cols: u64,
        #[serde(default)]
        givens: Option<Vec<[u64; 3]>>,
        #[serde(default)]
        path: Option<Vec<[u64; 2]>>,
        #[serde(default)]
        holes: Vec<[u64; 2]>,
    }
    let raw: RawAnswer = serde_json::from_str(t).map_err(PuzzleReadError::Json)?;
    let b = board(raw.rows, raw.cols)?;
    let mut cells = vec![Cell::Blank; b.area()];
    let mut put = |r: u64, c: u64, cell: Cell| {
        if r >= b.rows as u64 || c >= b.cols as u64 {
            return Err(PuzzleReadError::Solution(format!(
                "has [{r}, {c}], off the {b} board"
            )));
        }
        cells[(r * b.cols as u64 + c) as usize] = cell;
        Ok(())
    };
    for &[r, c] in &raw.holes {
        put(r, c, Cell::Hole)?;
    }
    match (raw.givens, raw.path) {
        (Some(g), None) => {
            for [r, c, n] in g {
                put(r, c, Cell::Number(n))?;
            }
        }
        (None, Some(path)) => {
            for (k, [r, c]) in path.into_iter().enumerate() {
                put(r, c, Cell::Number(k as u64 + 1))?;
            }
        }
        _ => {
            return Err(PuzzleReadError::Grid {
                line: 1,
                msg: "an answer in JSON has either \"givens\" or \"path\"".into(),
            })
        }
    }
    Ok(Answer { board: b, cells })
}

/// What to store beside a puzzle in JSON.
#[derive(Debug, Clone, Copy)]
pub struct PuzzleMeta<'a> {
    /// The solution.
    pub solution: Option<&'a Tour>,
    /// Its grade.
    pub difficulty: Option<&'a str>,
    /// Its seed.
    pub seed: Option<u64>,
}

/// Writes one puzzle as a `knight-tour-puzzle/1` JSON object (no trailing newline).
pub fn write_puzzle_json(
    w: &mut (impl Write + ?Sized),
    p: &Puzzle,
    meta: PuzzleMeta<'_>,
) -> io::Result<()> {
    let b = p.board;
    write!(
        w,
        "{{\"format\": \"{PUZZLE_FORMAT}\", \"rows\": {}, \"cols\": {}, \"closed\": {},",
        b.rows,
        b.cols,
        p.is_closed()
    )?;
    if !p.piece.is_knight() {
        // Knight files stay as they were: the piece is named only when it is another.
        write!(w, " \"piece\": {},", serde_json::json!(p.piece.name()))?;
    }
    w.write_all(b"\n \"givens\": [")?;
    for (i, (sq, k)) in p.givens().into_iter().enumerate() {
        let s = b.square(sq);
        let sep = if i == 0 { "" } else { ", " };
        write!(w, "{sep}[{}, {}, {}]", s.row, s.col, k + 1)?;
    }
    w.write_all(b"]")?;
    if !p.holes.is_empty() {
        w.write_all(b",\n \"holes\": [")?;
        for (i, &h) in p.holes.iter().enumerate() {
            let s = b.square(h);
            let sep = if i == 0 { "" } else { ", " };
            write!(w, "{sep}[{}, {}]", s.row, s.col)?;
        }
        w.write_all(b"]")?;
    }
    w.write_all(b",\n \"solution\": ")?;
    match meta.solution {
        None => w.write_all(b"null")?,
        Some(t) => {
            w.write_all(b"[")?;
            for (i, s) in t.squares().enumerate() {
                let sep = if i == 0 { "" } else { ", " };
                write!(w, "{sep}[{}, {}]", s.row, s.col)?;
            }
            w.write_all(b"]")?;
        }
    }
    let difficulty = meta
        .difficulty
        .map_or_else(|| "null".to_string(), |d| format!("\"{d}\""));
    let seed = meta
        .seed
        .map_or_else(|| "null".to_string(), |s| s.to_string());
    write!(
        w,
        ",\n \"difficulty\": {difficulty}, \"clues\": {}, \"seed\": {seed}}}",
        p.clues()
    )
}

/// Writes the puzzle as a text grid: right-aligned givens, `.` for blanks, `x` for holes,
/// under a `# piece: NAME` line for a piece other than the knight.
pub fn write_puzzle_text(w: &mut (impl Write + ?Sized), p: &Puzzle) -> io::Result<()> {
    if !p.piece.is_knight() {
        writeln!(w, "{PIECE_LINE} {}", p.piece)?;
    }
    let width = p.len().to_string().len();
    let cols = p.board.cols as usize;
    for (r, row) in p.grid.chunks(cols).enumerate() {
        for (i, &v) in row.iter().enumerate() {
            if i > 0 {
                w.write_all(b" ")?;
            }
            if p.holes.binary_search(&((r * cols + i) as u32)).is_ok() {
                write!(w, "{:>width$}", "x")?;
            } else if v == 0 {
                write!(w, "{:>width$}", ".")?;
            } else {
                write!(w, "{v:>width$}")?;
            }
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes generated puzzles as `knight-tour-puzzle/1` JSON with their solutions, grades and
/// seeds: one object, or an array when there are several.
pub(crate) fn write_batch_json(
    w: &mut (impl Write + ?Sized),
    made: &[Generated],
) -> io::Result<()> {
    let many = made.len() > 1;
    if many {
        w.write_all(b"[\n")?;
    }
    for (i, g) in made.iter().enumerate() {
        if i > 0 {
            w.write_all(b",\n")?;
        }
        let meta = PuzzleMeta {
            solution: Some(&g.solution),
            difficulty: Some(g.grade.name()),
            seed: Some(g.seed),
        };
        write_puzzle_json(w, &g.puzzle, meta)?;
    }
    w.write_all(if many { b"\n]\n" } else { b"\n" })
}

/// Writes generated puzzles as text grids, each under a `#` line saying what it is.
pub(crate) fn write_batch_text(
    w: &mut (impl Write + ?Sized),
    made: &[Generated],
) -> io::Result<()> {
    for (i, g) in made.iter().enumerate() {
        if i > 0 {
            w.write_all(b"\n")?;
        }
        let p = &g.puzzle;
        writeln!(
            w,
            "# puzzle {}: {} {}{}, {} clues, {}, seed {}",
            i + 1,
            p.board(),
            p.kind(),
            match p.holes.len() {
                0 => String::new(),
                1 => " with 1 hole".into(),
                h => format!(" with {h} holes"),
            },
            p.clues(),
            g.grade,
            g.seed
        )?;
        write_puzzle_text(w, p)?;
    }
    Ok(())
}

/// Prints two solutions side by side with the differing squares starred.
pub(crate) fn write_two(
    w: &mut (impl Write + ?Sized),
    p: &Puzzle,
    x: &Tour,
    y: &Tour,
) -> std::io::Result<()> {
    let (nx, ny) = (x.numbers(), y.numbers());
    let width = p.len().to_string().len();
    let cols = p.board().cols as usize;
    for r in 0..p.board().rows as usize {
        let row = |n: &[u32], other: &[u32]| {
            (0..cols)
                .map(|c| {
                    let i = r * cols + c;
                    let star = if n[i] != other[i] { '*' } else { ' ' };
                    if p.holes.binary_search(&(i as u32)).is_ok() {
                        format!("{:>width$} ", "x")
                    } else {
                        format!("{:>width$}{star}", n[i])
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        writeln!(w, "{}    {}", row(&nx, &ny), row(&ny, &nx))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_round_trip() {
        let b = Board::new(5, 5).unwrap();
        let p = Puzzle::new(b, Kind::Open, &[(0, 0, 1), (1, 2, 2), (4, 4, 25)]).unwrap();
        let mut out = Vec::new();
        write_puzzle_json(
            &mut out,
            &p,
            PuzzleMeta {
                solution: None,
                difficulty: Some("easy"),
                seed: Some(3),
            },
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let back = read_puzzles(&text, Kind::Open).unwrap();
        assert_eq!(back.len(), 1);
        assert_eq!(back[0].puzzle, p);
        assert_eq!(back[0].seed, Some(3));
        let arr = format!("[{text}, {text}]");
        assert_eq!(read_puzzles(&arr, Kind::Open).unwrap().len(), 2);
    }

    #[test]
    fn text_round_trip_and_errors() {
        let b = Board::new(5, 5).unwrap();
        let p = Puzzle::new(b, Kind::Open, &[(0, 0, 1), (1, 2, 2), (4, 4, 25)]).unwrap();
        let mut out = Vec::new();
        write_puzzle_text(&mut out, &p).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with(" 1  .  .  .  .\n"), "{text}");
        assert_eq!(read_puzzles(&text, Kind::Open).unwrap()[0].puzzle, p);
        let e = read_grid("1 . .\n. ? .\n", Kind::Open, None).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: '?' is neither a number nor '.'; hint: '.' marks a blank, 'x' a blocked square"
        );
        // 'x' is a hole: the puzzle is read, and refused only for what the hole does.
        let e = read_grid("1 . .\n. x .\n", Kind::Open, None).unwrap_err();
        assert!(e.to_string().contains("b2 has no open square"), "{e}");
        // A puzzle on a shape goes out with 'x' and comes back the same.
        let b8 = Board::new(8, 8).unwrap();
        let shape = Shape::new(b8, vec![41]).unwrap();
        let req = crate::solve::Request::new(b8, Kind::Open);
        let t = crate::solve::solve_on(&shape, &req).unwrap().tour;
        let p = Puzzle::from_tour(&t, [0, 10, 62]);
        let mut out = Vec::new();
        write_puzzle_text(&mut out, &p).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text.lines().nth(5).unwrap().split_whitespace().nth(1),
            Some("x")
        );
        assert_eq!(read_grid(&text, Kind::Open, None).unwrap().puzzle, p);
        let e = read_grid("1 . .\n. .\n", Kind::Open, None).unwrap_err();
        assert!(e.to_string().starts_with("line 2: 2 entries"), "{e}");
        let e = read_puzzles("{\"format\": \"knight-tour/1\"}", Kind::Open).unwrap_err();
        assert!(matches!(e, PuzzleReadError::Tag(_)));
    }
}
