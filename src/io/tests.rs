use super::*;
use crate::board::Square;
use crate::tour::Kind;

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

/// Parses a `knight-tour/1` JSON tour held as text.
fn read_json(text: &str) -> Result<TourFile, ReadError> {
    read_json_from(text.as_bytes())
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

/// A closed tour of a rows x cols board and its JSON file.
fn closed_json(rows: u32, cols: u32) -> (Tour, String) {
    let b = Board::new(rows, cols).unwrap();
    let t = crate::solve::solve(&crate::solve::Request::new(b, Kind::Closed))
        .unwrap()
        .tour;
    let mut out = Vec::new();
    write_json(&mut out, &t, "divide", None).unwrap();
    (t, String::from_utf8(out).unwrap())
}

#[test]
fn json_rows_and_columns_past_the_tables_are_written_digit_by_digit() {
    // Columns from 65536 on are past the tables, so the path's text alternates between
    // table words and digits.
    let (t, json) = closed_json(5, 70_002);
    let path: Vec<String> = t
        .squares()
        .map(|s| format!("[{}, {}]", s.row, s.col))
        .collect();
    assert!(path.iter().any(|p| p.ends_with(", 70001]")));
    assert!(json.contains(&format!("\"path\": [{}]", path.join(", "))));
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

/// Reads `text` through a reader that hands out at most `step` bytes a call, so entries and
/// tokens are cut at every place a buffer boundary can fall.
fn read_in_steps(text: &str, step: usize) -> Result<TourFile, ReadError> {
    struct Steps<'a>(&'a [u8], usize);
    impl std::io::Read for Steps<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }
    read_json_from(Steps(text.as_bytes(), step))
}

#[test]
fn reader_takes_any_json_layout() {
    let b = Board::new(30, 40).unwrap();
    let t = crate::solve(&crate::Request::new(b, Kind::Closed))
        .unwrap()
        .tour;
    let mut out = Vec::new();
    write_json(&mut out, &t, "divide", Some(3)).unwrap();
    let ours = String::from_utf8(out).unwrap();
    let value: serde_json::Value = serde_json::from_str(&ours).unwrap();
    // serde_json's maps sort their keys, so "path" comes before "rows" and "cols" here.
    let compact = serde_json::to_string(&value).unwrap();
    let pretty = serde_json::to_string_pretty(&value).unwrap();
    let spaced = ours
        .replace(", ", " ,  ")
        .replace('[', "[ ")
        .replace(']', " ]");
    let padded = ours.replace("[1, ", "[0000001, ");
    for (name, text) in [
        ("ours", &ours),
        ("compact", &compact),
        ("pretty", &pretty),
        ("spaced", &spaced),
        ("padded", &padded),
    ] {
        for step in [1 << 20, 7, 1] {
            let back = read_in_steps(text, step).unwrap_or_else(|e| panic!("{name}/{step}: {e}"));
            assert_eq!(back.tour, t, "{name}/{step}");
            assert_eq!(back.seed, Some(3));
            assert_eq!(back.method.as_deref(), Some("divide"));
        }
    }
}

#[test]
fn reader_counts_columns_across_its_buffers() {
    // A path of several megabytes with a fault past the first buffer: the column is counted
    // over every buffer read before it.
    let (_, mut text) = closed_json(600, 600);
    let line2 = text.find('\n').unwrap() + 1;
    let at = 3_000_000 + text[3_000_000..].find("[").unwrap() + 1;
    text.replace_range(at..at + 1, "x");
    match read_json(&text) {
        Err(ReadError::Json(e)) => {
            let want = format!("whole number at line 2 column {}", at - line2 + 1);
            assert!(e.to_string().contains(&want), "{e}: {want}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn reader_names_where_a_file_goes_wrong() {
    let head = "{\"format\": \"knight-tour/1\",\n \"rows\": 3, \"cols\": 4, \"closed\": false,\n \"path\": ";
    let err = |text: &str| match read_json(text) {
        Err(ReadError::Json(e)) => e.to_string(),
        other => panic!("{text}: {other:?}"),
    };
    assert!(err(&format!("{head}[[0, 0], [2")).contains("line 3"));
    let e = err(&format!("{head}[[0, 0], [2.5, 1]]}}"));
    assert!(e.contains("whole number at line 3 column 20"), "{e}");
    assert!(err(&format!("{head}[[0, 0] [2, 1]]}}")).contains("expected ',' or ']'"));
    assert!(err(&format!("{head}[[0, 0]]}} x")).contains("trailing characters"));
    assert!(err(&format!("{head}[[0, -1]]}}")).contains("whole number"));
    assert!(
        err("{\"format\": \"knight-tour/1\", \"rows\": \"3\"}").contains("the value of \"rows\"")
    );
    assert!(err("{\"format\": \"knight-tour/1\", \"rows\": 3}").contains("missing field `cols`"));
    // Numbers past the fast reader's 7 digits still read, and are then off the board.
    assert!(matches!(
        read_json(&format!("{head}[[12345678901, 0]]}}")),
        Err(ReadError::Tour(TourError::OffBoard { .. }))
    ));
    // Tiles are read one at a time, and a bad one is named as the whole list was.
    let path = "[[0, 0], [1, 2], [2, 0], [0, 1], [1, 3], [2, 1], [0, 2], [2, 3], [1, 1], [0, 3], [2, 2], [1, 0]]";
    let tile = r#"{"row": 0, "col": 0, "rows": 3, "cols": 4}"#;
    for (tiles, want) in [
        (
            "5",
            "the value of \"tiles\" at line 3 column 117: invalid type: integer `5`",
        ),
        (
            "[1]",
            "the value of \"tiles\" at line 3 column 118: invalid type: integer `1`",
        ),
        (
            &format!("[{tile}, {{\"row\": 0, \"col\": 0, \"rows\": 3}}]") as &str,
            "missing field `cols`",
        ),
        (
            &format!("[{tile} {tile}]"),
            "expected ',' or ']' in the tiles",
        ),
    ] {
        let e = err(&format!("{head}{path}, \"tiles\": {tiles}}}"));
        assert!(e.contains(want), "{tiles}: {e}");
    }
    // Unknown keys of any kind are passed over.
    let ok = format!(
        "{{\"note\": {{\"a\": [1, \"]}}\\\"\"], \"b\": null}}, {}",
        &head[1..]
    ) + "[[0, 0], [1, 2], [2, 0], [0, 1], [1, 3], [2, 1], [0, 2], [2, 3], [1, 1], [0, 3], [2, 2], [1, 0]], \"x\": -1.5e3}";
    read_json(&ok).unwrap();
}

#[test]
fn reader_never_panics_on_cut_or_damaged_files() {
    let b = Board::new(5, 6).unwrap();
    let t = crate::solve(&crate::Request::new(b, Kind::Closed))
        .unwrap()
        .tour;
    let mut out = Vec::new();
    write_json(&mut out, &t, "divide", None).unwrap();
    for k in 0..out.len() {
        let cut = String::from_utf8_lossy(&out[..k]).into_owned();
        let whole = out[k..].iter().all(u8::is_ascii_whitespace);
        assert_eq!(read_json(&cut).is_ok(), whole, "cut at {k}");
        let mut damaged = out.clone();
        for (i, byte) in b"[],: 9\n\"{}-.x".iter().enumerate() {
            damaged[k] = *byte;
            let text = String::from_utf8_lossy(&damaged).into_owned();
            // Any answer will do but a panic; the fast and the byte-at-a-time ways agree.
            let whole = read_json(&text).map(|f| f.tour);
            let steps = read_in_steps(&text, 1 + i % 3).map(|f| f.tour);
            assert_eq!(
                whole.is_ok(),
                steps.is_ok(),
                "byte {k} as {}",
                *byte as char
            );
        }
    }
}

#[cfg(feature = "parallel")]
#[test]
fn reader_on_two_threads_answers_as_byte_by_byte() {
    // The path is read in two halves at once when enough of it is buffered; a fault or an
    // entry written otherwise in either half, at the cut or at the end must give the answer
    // of the byte-at-a-time reader (fed 7 bytes at a time, so no fast way applies): the same
    // tour, or the same message.
    let (t, text) = closed_json(100, 120);
    let path = text.find("\"path\": [").unwrap() + 9;
    let end = text[path..].find("]]").unwrap() + path + 1;
    let at = |share: f64| {
        let i = path + ((end - path) as f64 * share) as usize;
        i + text[i..].find('[').unwrap()
    };
    let mut cases = vec![("as written".to_string(), text.clone())];
    for share in [0.0, 0.25, 0.5, 0.51, 0.75, 0.999] {
        let i = at(share);
        let mut damage = |name: &str, from: usize, to: usize, with: &str| {
            let mut t = text.clone();
            t.replace_range(from..to, with);
            cases.push((format!("{name} at {share}"), t));
        };
        damage("a letter", i + 1, i + 2, "x");
        damage("off the board", i, i + 1, "[99999, 0], [");
        damage("a line break", i, i, "\n");
        damage("two spaces", i, i, "  ");
        damage("a fraction", i + 1, i + 2, "1.5");
        damage("a long number", i + 1, i + 1, "00000000");
        let close = i + text[i..].find(']').unwrap();
        damage("a column's fraction", close, close, ".5");
        damage("a space before ]", close, close, " ");
        damage("no [", i, i + 1, "(");
        let comma = i + text[i..].find(',').unwrap();
        damage("a ; for the ,", comma, comma + 1, ";");
        let entry = &text[i..close + 3];
        damage("a repeat", i, i, entry);
        damage("two repeats", i, i, &entry.repeat(2));
        damage("cut short", i, end, "");
    }
    let pool = |n| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .unwrap()
    };
    let (one, two) = (pool(1), pool(2));
    let answer = |r: Result<TourFile, ReadError>| r.map(|f| f.tour).map_err(|e| e.to_string());
    for (name, text) in &cases {
        let want = one.install(|| answer(read_in_steps(text, 7)));
        assert_eq!(one.install(|| answer(read_json(text))), want, "{name}");
        assert_eq!(two.install(|| answer(read_json(text))), want, "{name}");
        for step in [1 << 14, 100_000] {
            let got = two.install(|| answer(read_in_steps(text, step)));
            assert_eq!(got, want, "{name} in steps of {step}");
        }
    }
    assert_eq!(two.install(|| read_json(&cases[0].1)).unwrap().tour, t);
}

#[test]
fn text_formats_name_a_piece_other_than_the_knight_on_their_first_line() {
    let b = Board::new(4, 4).unwrap();
    let mut req = crate::solve::Request::new(b, Kind::Closed);
    req.piece = crate::piece::Piece::KING;
    let king = crate::solve::solve(&req).unwrap().tour;
    let knight = crate::solve::solve(&crate::solve::Request::new(
        Board::new(5, 6).unwrap(),
        Kind::Closed,
    ))
    .unwrap()
    .tour;
    type Writer = fn(&mut Vec<u8>, &Tour) -> io::Result<()>;
    let writers: [Writer; 3] = [
        |w, t| write_text(w, t),
        |w, t| write_csv(w, t),
        |w, t| write_moves(w, t),
    ];
    for f in writers {
        let mut out = Vec::new();
        f(&mut out, &king).unwrap();
        assert!(String::from_utf8(out)
            .unwrap()
            .starts_with("# piece: king\n"));
        let mut out = Vec::new();
        f(&mut out, &knight).unwrap();
        assert!(!String::from_utf8(out).unwrap().contains("piece"));
    }
}
