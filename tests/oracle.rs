//! An independent truth for the existence rules and the shaped-board search.
//!
//! Which squares a Hamiltonian path of the knight's graph joins is worked out here by a
//! dynamic programme over subsets of the open squares (Held and Karp): for a start `s` and
//! every set `m` of squares, the squares a path from `s` through exactly `m` can end on. It
//! shares nothing with the crate: its own move list, no pruning, no search order, no theorem;
//! so "the rule says no" is checked against something that is not the rule. It affords
//! boards of up to 25 open squares (2^25 sets); symmetric starts are computed once.
//!
//! Compared: the theorems (`existence::open`, `open_from`, `closed`, `between`) on every
//! rectangle of up to 25 squares and every start and end; and the answer `solve_on` gives on
//! random shaped boards (a verified tour, a proof that none exists, or a budget that ran out,
//! which is counted, with a floor on the cases decided).

use knight_tour::existence::{self, Kind};
use knight_tour::solve::{solve_on, Request, SolveError};
use knight_tour::{Board, Shape, Square};

mod common;
use common::KNIGHT_JUMPS as JUMPS;

/// A symmetry of the board, as a map of (row, column).
type SquareMap = dyn Fn(u32, u32) -> (u32, u32);

/// The knight's graph on the open squares of a board, squares numbered row by row.
struct Graph {
    rows: u32,
    cols: u32,
    /// Open squares in order, and each board square's index among them.
    open: Vec<(u32, u32)>,
    index: Vec<Option<u32>>,
    /// Neighbours of each open square, as a bit set of open-square indices.
    nbr: Vec<u32>,
}

impl Graph {
    fn new(rows: u32, cols: u32, blocked: &[bool]) -> Graph {
        Graph::with_moves(rows, cols, blocked, &JUMPS)
    }

    /// The graph of any piece, given its moves written out by the test.
    fn with_moves(rows: u32, cols: u32, blocked: &[bool], moves: &[(i64, i64)]) -> Graph {
        let mut open = Vec::new();
        let mut index = vec![None; (rows * cols) as usize];
        for r in 0..rows {
            for c in 0..cols {
                if !blocked[(r * cols + c) as usize] {
                    index[(r * cols + c) as usize] = Some(open.len() as u32);
                    open.push((r, c));
                }
            }
        }
        assert!(open.len() <= 32, "the oracle affords 32 open squares");
        let nbr = open
            .iter()
            .map(|&(r, c)| {
                moves.iter().fold(0u32, |set, &(dr, dc)| {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                        return set;
                    }
                    match index[(nr as u32 * cols + nc as u32) as usize] {
                        Some(k) => set | 1 << k,
                        None => set,
                    }
                })
            })
            .collect();
        Graph {
            rows,
            cols,
            open,
            index,
            nbr,
        }
    }

    fn n(&self) -> usize {
        self.open.len()
    }

    /// The open squares a path from `s` through every open square can end on.
    fn ends_from(&self, s: usize) -> u32 {
        let n = self.n();
        let full = (1usize << n) - 1;
        let mut dp = vec![0u32; 1 << n];
        dp[1 << s] = 1 << s;
        for m in 1usize << s..=full {
            let mut ends = dp[m];
            while ends != 0 {
                let v = ends.trailing_zeros() as usize;
                ends &= ends - 1;
                let mut next = self.nbr[v] & !(m as u32);
                while next != 0 {
                    let u = next.trailing_zeros();
                    next &= next - 1;
                    dp[m | 1 << u] |= 1 << u;
                }
            }
        }
        dp[full]
    }

    /// The board's symmetries that keep the open squares open, as maps of open indices.
    fn symmetries(&self) -> Vec<Vec<usize>> {
        let (h, w) = (self.rows, self.cols);
        let mut maps: Vec<Box<SquareMap>> = vec![
            Box::new(|r, c| (r, c)),
            Box::new(move |r, c| (h - 1 - r, c)),
            Box::new(move |r, c| (r, w - 1 - c)),
            Box::new(move |r, c| (h - 1 - r, w - 1 - c)),
        ];
        if h == w {
            maps.push(Box::new(|r, c| (c, r)));
            maps.push(Box::new(move |r, c| (w - 1 - c, r)));
            maps.push(Box::new(move |r, c| (c, h - 1 - r)));
            maps.push(Box::new(move |r, c| (w - 1 - c, h - 1 - r)));
        }
        maps.iter()
            .filter_map(|f| {
                self.open
                    .iter()
                    .map(|&(r, c)| {
                        let (a, b) = f(r, c);
                        self.index[(a * w + b) as usize].map(|k| k as usize)
                    })
                    .collect()
            })
            .collect()
    }

    /// [`Self::ends_from`] for every start, each orbit of the symmetries computed once.
    fn all_ends(&self) -> Vec<u32> {
        let n = self.n();
        let syms = self.symmetries();
        let mut ends: Vec<Option<u32>> = vec![None; n];
        for s in 0..n {
            if ends[s].is_some() {
                continue;
            }
            let e = self.ends_from(s);
            for g in &syms {
                let mapped = (0..n)
                    .filter(|&t| e & 1 << t != 0)
                    .fold(0u32, |m, t| m | 1 << g[t]);
                ends[g[s]].get_or_insert(mapped);
            }
        }
        ends.into_iter().map(|e| e.expect("every start")).collect()
    }

    fn square(&self, k: usize) -> Square {
        Square::new(self.open[k].0, self.open[k].1)
    }
}

/// The ends of every Hamiltonian path from `s`, by plain depth-first enumeration of every
/// path (no pruning; an explicit stack): for boards past the subset programme's reach.
fn ends_by_enumeration(g: &Graph, s: usize) -> u32 {
    let n = g.n();
    let full = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut ends = 0u32;
    // Each frame: the square, the neighbours still to try.
    let mut stack: Vec<(usize, u32)> = vec![(s, g.nbr[s])];
    let mut used = 1u32 << s;
    while let Some(top) = stack.last_mut() {
        if used == full {
            ends |= 1 << top.0;
        }
        let next = top.1 & !used;
        if next == 0 {
            used &= !(1 << top.0);
            stack.pop();
            continue;
        }
        let u = next.trailing_zeros() as usize;
        top.1 &= !(1 << u);
        used |= 1 << u;
        stack.push((u, g.nbr[u]));
    }
    ends
}

/// Whether a closed tour exists: some path's ends are a move apart (three squares at least).
fn has_cycle(g: &Graph, ends: &[u32]) -> bool {
    g.n() >= 3 && ends.iter().enumerate().any(|(s, &e)| e & g.nbr[s] != 0)
}

#[test]
fn the_theorems_agree_with_the_subset_programme_on_every_board_up_to_25_squares() {
    let mut decided = 0u64;
    for rows in 1u32..=25 {
        for cols in rows..=25 / rows {
            for (r, c) in [(rows, cols), (cols, rows)] {
                let b = Board::new(r, c).unwrap();
                let g = Graph::new(r, c, &vec![false; (r * c) as usize]);
                let ends = g.all_ends();
                let n = g.n();
                assert_eq!(
                    existence::open(b).is_ok(),
                    ends.iter().any(|&e| e != 0),
                    "{b} open"
                );
                if n >= 2 {
                    assert_eq!(
                        existence::closed(b).is_ok(),
                        has_cycle(&g, &ends),
                        "{b} closed"
                    );
                }
                for (s, &from_s) in ends.iter().enumerate() {
                    let ss = g.square(s);
                    assert_eq!(
                        existence::open_from(b, ss).is_ok(),
                        from_s != 0,
                        "{b} open from {ss:?}"
                    );
                    for t in (0..n).filter(|&t| t != s) {
                        let tt = g.square(t);
                        assert_eq!(
                            existence::between(b, ss, tt).is_ok(),
                            from_s & 1 << t != 0,
                            "{b} from {ss:?} to {tt:?}"
                        );
                        decided += 1;
                    }
                }
                if r == c {
                    break;
                }
            }
        }
    }
    // Every start and end pair of the 48 boards: 5x5 alone has 600.
    assert!(decided >= 3000, "only {decided} pairs compared");
}

/// A small deterministic generator, so a failure names its case and repeats.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What the crate answered for one request, judged against the oracle.
fn judge(shape: &Shape, req: &Request, truth: bool, tally: &mut [u64; 2]) {
    let what = format!(
        "{} holes {:?} {:?} from {:?} to {:?}",
        shape.board(),
        shape.holes(),
        req.kind,
        req.start,
        req.end
    );
    match solve_on(shape, req) {
        Ok(sol) => {
            assert!(truth, "{what}: a tour where none exists");
            assert_eq!(sol.tour.piece(), req.piece, "{what}");
            sol.tour.verify().unwrap();
            assert_eq!(sol.tour.len(), shape.open_count(), "{what}");
            if let Some(s) = req.start {
                assert_eq!(sol.tour.start(), s, "{what}");
            }
            if let Some(t) = req.end {
                assert_eq!(sol.tour.end(), t, "{what}");
            }
            tally[0] += 1;
        }
        Err(SolveError::NoTour(_) | SolveError::Exhausted { .. }) => {
            assert!(!truth, "{what}: said none exists, but one does");
            tally[0] += 1;
        }
        Err(SolveError::Budget { .. } | SolveError::ShapeBudget { .. }) => tally[1] += 1,
        Err(e) => panic!("{what}: {e}"),
    }
}

#[test]
fn shaped_boards_agree_with_the_subset_programme() {
    let mut rng = Lcg(45);
    let mut tally = [0u64; 2];
    for case in 0..240 {
        let (r, c) = (3 + rng.below(4) as u32, 4 + rng.below(3) as u32);
        let area = (r * c) as usize;
        // Enough holes to leave at most 22 open squares, and at least one.
        let holes_wanted = area.saturating_sub(22).max(1 + rng.below(5) as usize);
        let mut blocked = vec![false; area];
        while blocked.iter().filter(|&&b| b).count() < holes_wanted {
            blocked[rng.below(area as u64) as usize] = true;
        }
        let board = Board::new(r, c).unwrap();
        let holes: Vec<u32> = (0..area as u32).filter(|&i| blocked[i as usize]).collect();
        let Ok(shape) = Shape::new(board, holes) else {
            panic!("case {case}: a shape of {board}");
        };
        let g = Graph::new(r, c, &blocked);
        let ends = g.all_ends();
        let n = g.n();
        let budget = Some(2_000_000);
        let s = rng.below(n as u64) as usize;
        let t = rng.below(n as u64) as usize;
        let base = Request {
            budget,
            ..Request::new(board, Kind::Open)
        };
        judge(
            &shape,
            &Request {
                start: Some(g.square(s)),
                ..base
            },
            ends[s] != 0,
            &mut tally,
        );
        if s != t {
            judge(
                &shape,
                &Request {
                    start: Some(g.square(s)),
                    end: Some(g.square(t)),
                    ..base
                },
                ends[s] & 1 << t != 0,
                &mut tally,
            );
        }
        if n >= 3 {
            judge(
                &shape,
                &Request {
                    kind: Kind::Closed,
                    start: Some(g.square(s)),
                    ..base
                },
                has_cycle(&g, &ends),
                &mut tally,
            );
        }
    }
    let [decided, undecided] = tally;
    assert!(
        decided >= 600 && undecided * 50 <= decided,
        "{decided} decided, {undecided} left at the budget"
    );
}

/// 5x6 (30 squares, past the subset programme): its 47 listed exceptions to the colour rule,
/// and every other pair, against plain enumeration of every path from every start (the
/// start-square rule too).
#[test]
fn the_5x6_exceptions_agree_with_plain_enumeration() {
    for (r, c) in [(5u32, 6u32), (6, 5)] {
        let b = Board::new(r, c).unwrap();
        let g = Graph::new(r, c, &vec![false; (r * c) as usize]);
        let mut refused = 0;
        for s in 0..g.n() {
            let ends = ends_by_enumeration(&g, s);
            let ss = g.square(s);
            assert_eq!(existence::open_from(b, ss).is_ok(), ends != 0, "{b} {ss:?}");
            for t in (0..g.n()).filter(|&t| t != s) {
                let tt = g.square(t);
                let rule = existence::between(b, ss, tt).is_ok();
                assert_eq!(rule, ends & 1 << t != 0, "{b} from {ss:?} to {tt:?}");
                // Pairs of differing colour that no tour joins: the listed exceptions.
                if !rule && (ss.row + ss.col + tt.row + tt.col) % 2 == 1 {
                    refused += 1;
                }
            }
        }
        // Each of the 47 unordered pairs, both ways.
        assert_eq!(refused, 2 * 47, "{b}");
    }
}

/// Every move of the (a,b) leaper, written out by the test (all signs, both orders).
fn leaper_moves(a: i64, b: i64) -> Vec<(i64, i64)> {
    let mut v = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if !v.contains(&(sx * x, sy * y)) {
                v.push((sx * x, sy * y));
            }
        }
    }
    v
}

#[test]
fn every_piece_agrees_with_the_subset_programme_on_small_boards() {
    // Each piece's answer (rules, constructions, and the complete search where no rule
    // settles the board) against the subset programme with the test's own moves: whole
    // boards of up to 24 squares open and closed and from every start, and every pair of ends up
    // to 16 squares.
    let mut king = leaper_moves(0, 1);
    king.extend(leaper_moves(1, 1));
    let pieces: Vec<(&str, Vec<(i64, i64)>)> = vec![
        ("wazir", leaper_moves(0, 1)),
        ("king", king),
        ("ferz", leaper_moves(1, 1)),
        ("camel", leaper_moves(1, 3)),
        ("zebra", leaper_moves(2, 3)),
        ("giraffe", leaper_moves(1, 4)),
        ("0,2", leaper_moves(0, 2)),
        ("1,6", leaper_moves(1, 6)),
    ];
    let mut decided = [0u64; 2];
    for (name, moves) in &pieces {
        let piece: knight_tour::Piece = name.parse().unwrap();
        for rows in 1u32..=24 {
            for cols in 1..=24 / rows {
                let b = Board::new(rows, cols).unwrap();
                let g = Graph::with_moves(rows, cols, &vec![false; (rows * cols) as usize], moves);
                let ends = g.all_ends();
                let n = g.n();
                let ask = |kind: Kind, start: Option<Square>, end: Option<Square>| {
                    let req = Request {
                        start,
                        end,
                        piece,
                        ..Request::new(b, kind)
                    };
                    match knight_tour::solve(&req) {
                        Ok(sol) => {
                            assert_eq!(sol.tour.piece(), piece);
                            assert_eq!(sol.tour.len(), n);
                            start.inspect(|&s| assert_eq!(sol.tour.start(), s));
                            end.inspect(|&t| assert_eq!(sol.tour.end(), t));
                            true
                        }
                        Err(SolveError::NoTour(_)) => false,
                        Err(e) => panic!("{name} {b} {kind:?} {start:?} {end:?}: {e}"),
                    }
                };
                let open = ends.iter().any(|&e| e != 0);
                assert_eq!(ask(Kind::Open, None, None), open, "{name} {b} open");
                let closed = has_cycle(&g, &ends);
                assert_eq!(ask(Kind::Closed, None, None), closed, "{name} {b} closed");
                decided[usize::from(open)] += 1;
                for (s, &from_s) in ends.iter().enumerate() {
                    let ss = g.square(s);
                    assert_eq!(
                        ask(Kind::Open, Some(ss), None),
                        from_s != 0,
                        "{name} {b} open from {ss:?}"
                    );
                    if n > 16 {
                        continue;
                    }
                    for t in (0..n).filter(|&t| t != s) {
                        let tt = g.square(t);
                        let truth = from_s & 1 << t != 0;
                        assert_eq!(
                            ask(Kind::Open, Some(ss), Some(tt)),
                            truth,
                            "{name} {b} from {ss:?} to {tt:?}"
                        );
                        decided[usize::from(truth)] += 1;
                    }
                }
            }
        }
    }
    // Both answers occur often: the comparison is not one-sided.
    assert!(decided[0] > 30_000 && decided[1] > 3_000, "{decided:?}");
}

#[test]
fn every_piece_agrees_with_the_subset_programme_on_shaped_boards() {
    // Random holes in small boards, for each piece: the shape proofs, the constructions and
    // the complete search against the subset programme with the test's own moves.
    let mut king = leaper_moves(0, 1);
    king.extend(leaper_moves(1, 1));
    let pieces: Vec<(&str, Vec<(i64, i64)>)> = vec![
        ("wazir", leaper_moves(0, 1)),
        ("king", king),
        ("zebra", leaper_moves(2, 3)),
        ("giraffe", leaper_moves(1, 4)),
        ("0,3", leaper_moves(0, 3)),
    ];
    let mut rng = Lcg(38);
    let mut tally = [0u64; 2];
    let mut answers = [0u64; 2];
    for (name, moves) in &pieces {
        let piece: knight_tour::Piece = name.parse().unwrap();
        for case in 0..120 {
            let (r, c) = (2 + rng.below(4) as u32, 3 + rng.below(4) as u32);
            let area = (r * c) as usize;
            let holes_wanted = area.saturating_sub(20).max(1 + rng.below(4) as usize);
            let mut blocked = vec![false; area];
            while blocked.iter().filter(|&&b| b).count() < holes_wanted {
                blocked[rng.below(area as u64) as usize] = true;
            }
            let board = Board::new(r, c).unwrap();
            let holes: Vec<u32> = (0..area as u32).filter(|&i| blocked[i as usize]).collect();
            let shape = Shape::new(board, holes)
                .unwrap_or_else(|e| panic!("{name} case {case}: a shape of {board}: {e}"));
            let g = Graph::with_moves(r, c, &blocked, moves);
            let ends = g.all_ends();
            let n = g.n();
            let base = Request {
                budget: Some(2_000_000),
                piece,
                ..Request::new(board, Kind::Open)
            };
            let s = rng.below(n as u64) as usize;
            let t = rng.below(n as u64) as usize;
            let from = Request {
                start: Some(g.square(s)),
                ..base
            };
            judge(&shape, &from, ends[s] != 0, &mut tally);
            answers[usize::from(ends[s] != 0)] += 1;
            if s != t {
                let between = Request {
                    end: Some(g.square(t)),
                    ..from
                };
                judge(&shape, &between, ends[s] & 1 << t != 0, &mut tally);
            }
            if n >= 3 {
                let closed = Request {
                    kind: Kind::Closed,
                    ..from
                };
                judge(&shape, &closed, has_cycle(&g, &ends), &mut tally);
            }
        }
    }
    let [decided, undecided] = tally;
    assert!(
        decided >= 1200 && undecided * 50 <= decided,
        "{decided} decided, {undecided} left at the budget"
    );
    assert!(answers[0] >= 50 && answers[1] >= 50, "{answers:?}");
}
