//! Issue 39: knight's tours round rectangular blocks of any size (the rewiring construction).
//! Random floor plans are built and verified; the issue's own cases run through the binary.

mod common;

use common::kt;
use knight_tour::solve::{solve_on, Request};
use knight_tour::{Board, Kind, Method, Piece, Shape, Square};
use predicates::str::contains;
use proptest::prelude::*;

/// Blocks `(row, col, height, width)` with even sides, at least `gap` squares from each other
/// and from the edge, placed by rejection from the `picks` (row, col, half-height,
/// half-width) that fit.
fn floor_plan(
    rows: u32,
    cols: u32,
    picks: &[(u32, u32, u32, u32)],
    gap: u32,
) -> Vec<(u32, u32, u32, u32)> {
    let mut placed: Vec<(u32, u32, u32, u32)> = Vec::new();
    for &(r, c, hh, hw) in picks {
        let (h, w) = (2 * hh, 2 * hw);
        let fits = r >= gap && c >= gap && r + h + gap <= rows && c + w + gap <= cols;
        let clear = placed.iter().all(|&(r2, c2, h2, w2)| {
            r >= r2 + h2 + gap || r2 >= r + h + gap || c >= c2 + w2 + gap || c2 >= c + w + gap
        });
        if fits && clear {
            placed.push((r, c, h, w));
        }
    }
    placed
}

/// A path from `s` to `t` round the blocks of `shape` for `piece`, built by the rewiring (or
/// the 2x2-cell wire), verified, with the right ends; else what went wrong.
fn pin_to_pin(shape: &Shape, piece: Piece, s: Square, t: Square) -> Result<(), String> {
    let req = Request {
        piece,
        start: Some(s),
        end: Some(t),
        ..Request::new(shape.board(), Kind::Open)
    };
    let got = solve_on(shape, &req).map_err(|e| format!("{s} to {t}: {e}"))?;
    if !matches!(got.method, Method::Rewire | Method::Wire) {
        return Err(format!("{s} to {t} by {}", got.method));
    }
    if (got.tour.start(), got.tour.end()) != (s, t) {
        return Err(format!(
            "{s} to {t}: ends {} and {}",
            got.tour.start(),
            got.tour.end()
        ));
    }
    got.tour.verify().map_err(|e| format!("{s} to {t}: {e}"))
}

fn shape_with(rows: u32, cols: u32, blocks: &[(u32, u32, u32, u32)]) -> Shape {
    let b = Board::new(rows, cols).unwrap();
    let mut holes = Vec::new();
    for &(r0, c0, h, w) in blocks {
        for r in r0..r0 + h {
            for c in c0..c0 + w {
                holes.push(b.index(Square::new(r, c)));
            }
        }
    }
    holes.sort_unstable();
    Shape::new(b, holes).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Every floor plan of even-sided blocks six squares apart gets a closed tour by the
    /// rewiring, which verifies, avoids every block, and opens at any start asked for.
    #[test]
    fn floor_plans_get_closed_tours_round_their_blocks(
        half_rows in 8u32..24,
        cols in 16u32..48,
        picks in proptest::collection::vec((0u32..48, 0u32..48, 1u32..9, 1u32..9), 1..8),
        at in 0usize..10_000,
    ) {
        let rows = 2 * half_rows;
        let blocks = floor_plan(rows, cols, &picks, 6);
        prop_assume!(!blocks.is_empty());
        let shape = shape_with(rows, cols, &blocks);
        let closed = Request::new(shape.board(), Kind::Closed);
        let got = solve_on(&shape, &closed).unwrap();
        // Scattered 2x2 blocks go to the tiles first (on large boards), or to the search.
        let large = blocks.iter().any(|&(_, _, h, w)| h > 2 || w > 2);
        prop_assert!(
            got.method == Method::Rewire
                || !large && matches!(got.method, Method::Divide | Method::Search),
            "{:?} by {}", blocks, got.method
        );
        got.tour.verify().unwrap();
        prop_assert_eq!(got.tour.holes(), shape.holes());
        prop_assert_eq!(got.tour.len(), shape.open_count());
        // An open tour from an open square of the plan's choosing starts there.
        let open: Vec<u32> = (0..shape.board().area() as u32)
            .filter(|&i| !shape.is_hole(i))
            .collect();
        let start = shape.board().square(open[at % open.len()]);
        let mut from = Request::new(shape.board(), Kind::Open);
        from.start = Some(start);
        let got = solve_on(&shape, &from).unwrap();
        prop_assert_eq!(got.tour.start(), start);
        got.tour.verify().unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// The wire (wazir or king) round blocks anywhere, not only whole 2x2 cells: the wire
    /// construction where the blocks are aligned, else the rewiring; closed, verified.
    #[test]
    fn wires_run_round_blocks_anywhere(
        half_rows in 8u32..24,
        half_cols in 8u32..24,
        picks in proptest::collection::vec((0u32..48, 0u32..48, 1u32..9, 1u32..9), 1..8),
        king in any::<bool>(),
    ) {
        let (rows, cols) = (2 * half_rows, 2 * half_cols);
        let blocks = floor_plan(rows, cols, &picks, 6);
        prop_assume!(!blocks.is_empty());
        let shape = shape_with(rows, cols, &blocks);
        let piece = if king { Piece::KING } else { Piece::leaper(0, 1).unwrap() };
        let req = Request { piece, ..Request::new(shape.board(), Kind::Closed) };
        let got = solve_on(&shape, &req).unwrap();
        let aligned = blocks.iter().all(|&(r, c, _, _)| r % 2 == 0 && c % 2 == 0);
        let expected = if aligned { Method::Wire } else { Method::Rewire };
        prop_assert_eq!(got.method, expected, "{:?}", blocks);
        got.tour.verify().unwrap();
        prop_assert_eq!(got.tour.len(), shape.open_count());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    /// Pin to pin: given ends of unlike colours at most 6 apart, round a floor plan, for the
    /// knight, the wazir and the king: a path from the one to the other, verified.
    #[test]
    fn paths_between_near_ends_run_round_blocks(
        half_rows in 8u32..24,
        half_cols in 8u32..24,
        picks in proptest::collection::vec((0u32..48, 0u32..48, 1u32..9, 1u32..9), 1..8),
        at in 0usize..10_000,
        (dr, dc) in (-6i64..=6, -6i64..=6),
        which in 0usize..3,
    ) {
        let (rows, cols) = (2 * half_rows, 2 * half_cols);
        let blocks = floor_plan(rows, cols, &picks, 6);
        prop_assume!(blocks.iter().any(|&(_, _, h, w)| h > 2 || w > 2));
        let shape = shape_with(rows, cols, &blocks);
        let board = shape.board();
        let open: Vec<u32> = (0..board.area() as u32).filter(|&i| !shape.is_hole(i)).collect();
        let s = board.square(open[at % open.len()]);
        let (r, c) = (s.row as i64 + dr, s.col as i64 + dc);
        prop_assume!(r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64);
        let t = Square::new(r as u32, c as u32);
        prop_assume!(!shape.is_hole(board.index(t)) && s.colour() != t.colour());
        let piece = [Piece::KNIGHT, Piece::leaper(0, 1).unwrap(), Piece::KING][which];
        let routed = pin_to_pin(&shape, piece, s, t);
        prop_assert!(routed.is_ok(), "{:?}: {}", blocks, routed.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Pin to pin, ends anywhere: two open squares any distance apart (beside the blocks, in
    /// their frames, across the board), of unlike colours for the knight and the wazir and of
    /// any colours for the king: the whole board's path between them, rewired round the
    /// blocks, verified.
    #[test]
    fn paths_between_ends_anywhere_run_round_blocks(
        half_rows in 10u32..30,
        half_cols in 10u32..30,
        picks in proptest::collection::vec((0u32..60, 0u32..60, 1u32..9, 1u32..9), 1..10),
        (a, b) in (0usize..100_000, 0usize..100_000),
        which in 0usize..3,
    ) {
        let (rows, cols) = (2 * half_rows, 2 * half_cols);
        let blocks = floor_plan(rows, cols, &picks, 6);
        prop_assume!(blocks.iter().any(|&(_, _, h, w)| h > 2 || w > 2));
        let shape = shape_with(rows, cols, &blocks);
        let board = shape.board();
        let open: Vec<u32> = (0..board.area() as u32).filter(|&i| !shape.is_hole(i)).collect();
        let (s, t) = (board.square(open[a % open.len()]), board.square(open[b % open.len()]));
        let piece = [Piece::KNIGHT, Piece::leaper(0, 1).unwrap(), Piece::KING][which];
        prop_assume!(s != t && (piece == Piece::KING || s.colour() != t.colour()));
        let routed = pin_to_pin(&shape, piece, s, t);
        prop_assert!(routed.is_ok(), "{:?}: {}", blocks, routed.unwrap_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Free leapers whose moves change colour (the zebra, the giraffe) round blocks 12 squares
    /// apart and from the edge (a long leap needs room: under a wide block 7 rows from the
    /// edge no zebra's tour exists, as the rows next to the edge reach only the three between):
    /// the tiles' closed tour rewired: closed, open from any square, and between near ends
    /// with room round them, verified.
    #[test]
    fn free_leapers_run_round_blocks(
        half_rows in 24u32..40,
        half_cols in 24u32..40,
        picks in proptest::collection::vec((12u32..60, 12u32..60, 1u32..9, 1u32..9), 1..6),
        giraffe in any::<bool>(),
        at in 0usize..10_000,
        (dr, dc) in (-6i64..=6, -6i64..=6),
    ) {
        let (rows, cols) = (2 * half_rows, 2 * half_cols);
        let blocks = floor_plan(rows, cols, &picks, 12);
        prop_assume!(!blocks.is_empty());
        let shape = shape_with(rows, cols, &blocks);
        let piece = if giraffe { Piece::leaper(1, 4) } else { Piece::leaper(2, 3) }.unwrap();
        let req = Request { piece, ..Request::new(shape.board(), Kind::Closed) };
        let got = solve_on(&shape, &req);
        prop_assert!(got.is_ok(), "{:?}: {}", blocks, got.unwrap_err());
        let got = got.unwrap();
        prop_assert_eq!(got.method, Method::Rewire);
        got.tour.verify().unwrap();
        prop_assert_eq!(got.tour.len(), shape.open_count());
        let board = shape.board();
        let open: Vec<u32> = (0..board.area() as u32).filter(|&i| !shape.is_hole(i)).collect();
        let s = board.square(open[at % open.len()]);
        // An open tour from any open square starts there.
        let req = Request { piece, start: Some(s), ..Request::new(board, Kind::Open) };
        let got = solve_on(&shape, &req).unwrap();
        prop_assert_eq!(got.method, Method::Rewire);
        prop_assert_eq!(got.tour.start(), s);
        got.tour.verify().unwrap();
        // A path between two ends a few squares apart, of unlike colours, both as far from
        // the blocks and the edge as the blocks are from each other (nearer, a long leap may
        // find no way, or none may exist: the search decides).
        let clear = |q: Square| {
            let gap = |x: u32, lo: u32, len: u32| {
                lo.saturating_sub(x).max(x.saturating_sub(lo + len - 1))
            };
            blocks
                .iter()
                .all(|&(br, bc, h, w)| gap(q.row, br, h).max(gap(q.col, bc, w)) > 12)
                && q.row.min(rows - 1 - q.row) >= 12
                && q.col.min(cols - 1 - q.col) >= 12
        };
        let room: Vec<Square> =
            open.iter().map(|&i| board.square(i)).filter(|&q| clear(q)).collect();
        prop_assume!(!room.is_empty());
        let s = room[at % room.len()];
        let (r, c) = (s.row as i64 + dr, s.col as i64 + dc);
        let t = Square::new(r as u32, c as u32);
        if (dr, dc) != (0, 0) && clear(t) && s.colour() != t.colour() {
            let routed = pin_to_pin(&shape, piece, s, t);
            prop_assert!(routed.is_ok(), "{:?}: {}", blocks, routed.unwrap_err());
        }
    }
}

#[test]
fn the_zebra_and_the_giraffe_are_routed_round_macros() {
    // Before, a free leaper round blocks went to the search: "no tour of 300x300 with ...
    // holes was found within the budget ..., and no proof that none exists either" (exit 4).
    let dir = tempfile::tempdir().unwrap();
    let mut lines = String::new();
    for i in 0..4 {
        for j in 0..4 {
            lines += &format!(
                "{},{},{},{}\n",
                14 + 70 * i,
                16 + 68 * j + i,
                10 + 4 * j,
                30 - 6 * i
            );
        }
    }
    let file = dir.path().join("macros.txt");
    std::fs::write(&file, lines).unwrap();
    for piece in ["zebra", "giraffe"] {
        let tour = dir.path().join(format!("{piece}.json"));
        kt().args(["solve", "300x300", "--closed", "--piece", piece, "--blocks"])
            .arg(&file)
            .arg("-o")
            .arg(&tour)
            .assert()
            .success();
        kt().arg("verify").arg(&tour).assert().success();
        kt().args([
            "solve", "300x300", "--piece", piece, "--start", "150,1", "--blocks",
        ])
        .arg(&file)
        .args(["--format", "summary"])
        .assert()
        .success()
        .stdout(contains(format!("300x300 open {piece} tour by rewire")))
        .stdout(contains("squares from b150"));
    }
    // Near ends whose first merges leave cycles round them: the ends are rewired again, as
    // a cluster is (before, the rewiring gave up and the search found the path).
    let one = dir.path().join("one.txt");
    std::fs::write(&one, "33,40,4,6\n").unwrap();
    kt().args(["solve", "64x68", "--piece", "zebra", "--blocks"])
        .arg(&one)
        .args(["--start", "32,21", "--end", "29,17", "--format", "summary"])
        .assert()
        .success()
        .stdout(contains(
            "64x68 open zebra tour by rewire: 4328 squares from v32 to r35",
        ));
}

#[test]
fn blocks_the_rewiring_cannot_take_go_to_the_other_methods() {
    let dir = tempfile::tempdir().unwrap();
    let odd = dir.path().join("odd.txt");
    // A 3x3 block takes five squares of one colour and four of the other: no closed tour, by
    // the colour count, and the rewiring leaves it to the proof.
    std::fs::write(&odd, "10,10,3,3\n").unwrap();
    kt().args([
        "solve", "40x40", "--closed", "--format", "summary", "--blocks",
    ])
    .arg(&odd)
    .assert()
    .code(1)
    .stderr(contains("differ by 1"));
    // Blocks touching each other and the edge (an L of two blocks in the corner) are one
    // cluster, rewired together.
    let corner = dir.path().join("corner.txt");
    std::fs::write(&corner, "0,0,8,4\n0,4,4,8\n").unwrap();
    kt().args([
        "solve", "30x30", "--closed", "--format", "summary", "--blocks",
    ])
    .arg(&corner)
    .assert()
    .success()
    .stdout(contains("by rewire"));
}
