use super::*;
use crate::board::Square;
use crate::existence::Kind;

fn tour() -> Tour {
    let b = Board::new(3, 4).unwrap();
    let sq: Vec<Square> = [
        (0, 0),
        (2, 1),
        (0, 2),
        (1, 0),
        (2, 2),
        (0, 3),
        (1, 1),
        (2, 3),
        (0, 1),
    ]
    .iter()
    .map(|&(r, c)| Square::new(r, c))
    .collect();
    Tour::from_squares_unchecked(b, &sq, Kind::Open)
}

#[test]
fn page_files_number_svg_and_png_pages_only() {
    let one = |p: &str, f, n| page_files(Path::new(p), f, n);
    assert_eq!(
        one("d/s.pdf", OutputFormat::Pdf, 3),
        vec![PathBuf::from("d/s.pdf")]
    );
    assert_eq!(
        one("s.png", OutputFormat::Png, 1),
        vec![PathBuf::from("s.png")]
    );
    assert_eq!(
        one("d/s.svg", OutputFormat::Svg, 2),
        vec![PathBuf::from("d/s-1.svg"), PathBuf::from("d/s-2.svg")]
    );
    assert_eq!(one("s", OutputFormat::Png, 2)[1], PathBuf::from("s-2"));
}

#[test]
fn json_round_trips() {
    let b = Board::new(3, 4).unwrap();
    let t = crate::solve(&crate::Request::new(b, crate::Kind::Open))
        .unwrap()
        .tour;
    let mut out = Vec::new();
    write_json(&mut out, &t, "warnsdorff", Some(7)).unwrap();
    let back = read_json(std::str::from_utf8(&out).unwrap()).unwrap();
    assert_eq!(back.tour, t);
    assert_eq!(back.method.as_deref(), Some("warnsdorff"));
    assert_eq!(back.seed, Some(7));
    // A file whose path is no tour is refused with the first fault.
    let bad = String::from_utf8(out)
        .unwrap()
        .replacen("[0, 0]", "[1, 1]", 1);
    assert!(matches!(read_json(&bad), Err(ReadError::Tour(_))));
}

#[test]
fn bad_files() {
    assert!(matches!(read_json(""), Err(ReadError::Empty)));
    assert!(matches!(
        read_json("{\"format\": \"knight-tour/1\", \"rows\""),
        Err(ReadError::Json(_))
    ));
    assert!(matches!(
        read_json("{\"format\": \"other/2\", \"rows\": 1, \"cols\": 1, \"closed\": false, \"path\": [[0,0]]}"),
        Err(ReadError::Tag(_))
    ));
    assert!(matches!(
        read_json("{\"format\": \"knight-tour/1\", \"rows\": 2, \"cols\": 2, \"closed\": false, \"path\": [[5,0]]}"),
        Err(ReadError::Tour(TourError::OffBoard { .. }))
    ));
}

#[test]
fn kinds_from_the_format_tag() {
    let tour = br#"{"format": "knight-tour/1", "rows": 1}"#;
    assert_eq!(file_kind(tour), FileKind::Tour);
    // The tag counts only at the top level, and only as the value of "format".
    let nested = br#"{"note": {"format": "knight-tour/1"}, "x": "format", "format": "other/2"}"#;
    assert_eq!(file_kind(nested), FileKind::Other(Some("other/2".into())));
    let late = br#"{"rows": 8, "path": [[0, 0]], "format": "knight-tour/1"}"#;
    assert_eq!(file_kind(late), FileKind::Tour);
    assert_eq!(file_kind(b"  [ {} ]"), FileKind::Puzzles);
    assert_eq!(file_kind(b"1 . .\n. 2 ."), FileKind::Grid);
    assert_eq!(file_kind(b"\0\0\0"), FileKind::Binary);
    assert_eq!(
        file_kind(br#"{"format": "knight-tour-puzzle/1"}"#),
        FileKind::Puzzles
    );
    assert_eq!(file_kind(br#"{"rows": 8"#), FileKind::Other(None));
    assert_eq!(
        file_kind(br#"{"a": "x\"format", "format": "knight-tour/1"}"#),
        FileKind::Tour
    );
}

#[test]
fn chunked_writers_match_plain_formatting() {
    // More squares than one chunk, so chunk seams are crossed; a board wider than 26
    // files, so two-letter files appear.
    let b = Board::new(520, 530).unwrap();
    let t = crate::solve::solve(&crate::solve::Request::new(b, Kind::Closed))
        .unwrap()
        .tour;
    assert!(t.len() > chunks::CHUNK);
    let run = |f: fn(&mut Vec<u8>, &Tour) -> io::Result<()>| {
        let mut out = Vec::new();
        f(&mut out, &t).unwrap();
        String::from_utf8(out).unwrap()
    };
    let sq: Vec<Square> = t.squares().collect();
    let json = run(|w, t| write_json(w, t, "divide", None));
    let path: Vec<String> = sq
        .iter()
        .map(|s| format!("[{}, {}]", s.row, s.col))
        .collect();
    assert!(json.contains(&format!("\"path\": [{}]", path.join(", "))));
    let moves: String = sq.iter().map(|&s| b.algebraic(s) + "\n").collect();
    assert_eq!(run(write_moves), moves);
    let csv: String = sq
        .iter()
        .enumerate()
        .map(|(i, &s)| format!("{},{},{},{}\n", i + 1, s.row, s.col, b.algebraic(s)))
        .collect();
    assert_eq!(run(write_csv), format!("move,row,col,square\n{csv}"));
    let numbers = t.numbers();
    let text: String = numbers
        .chunks(530)
        .map(|row| {
            let cells: Vec<String> = row.iter().map(|n| format!("{n:>6}")).collect();
            cells.join(" ") + "\n"
        })
        .collect();
    assert_eq!(run(write_text), text);
}

#[test]
fn text_grid() {
    let mut out = Vec::new();
    write_text(&mut out, &tour()).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        " 1  9  3  6\n 4  7  0  0\n 0  2  5  8\n"
    );
}

#[test]
fn holes_round_trip_and_show_in_the_grid() {
    let b = Board::new(8, 8).unwrap();
    let shape = crate::shape::Shape::new(b, vec![b.index(b.parse_square("b3").unwrap())]).unwrap();
    let req = crate::solve::Request::new(b, Kind::Open);
    let tour = crate::solve::solve_on(&shape, &req).unwrap().tour;
    let mut out = Vec::new();
    write_json(&mut out, &tour, "search", None).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("\"holes\": [[5, 1]]"), "{text}");
    let back = read_json(&text).unwrap().tour;
    assert_eq!(back, tour);
    assert_eq!(back.holes(), &[41]);
    // A file whose path runs over a hole is refused with that fault.
    let over = text.replace("\"holes\": [[5, 1]]", "\"holes\": [[7, 0]]");
    assert!(matches!(
        read_json(&over),
        Err(ReadError::Tour(TourError::OnHole { .. }))
    ));
    let mut grid = Vec::new();
    write_text(&mut grid, &tour).unwrap();
    let grid = String::from_utf8(grid).unwrap();
    assert_eq!(
        grid.lines().nth(5).unwrap().split_whitespace().nth(1),
        Some("#")
    );
}
