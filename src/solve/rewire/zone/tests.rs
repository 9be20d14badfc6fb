//! The zone's graph kept up to date and its walks past the held squares, on a board round
//! three macros.

use super::super::blocks::{blocks_of, clusters_of, Blocks};
use super::super::{cluster::frames, first_open, join, APART};
use super::*;
use crate::board::KNIGHT_DIRECTIONS;
use crate::shape::Shape;

/// A 60x60 board round three macros, with its base, blocks and clusters.
pub(super) struct Plan {
    shape: Shape,
    base: Vec<u32>,
    blocks: Blocks,
    clusters: Vec<Cluster>,
}

impl Plan {
    pub(super) fn new() -> Plan {
        let shape = Shape::with_blocks(60, 60, &[(0, 0, 10, 12), (20, 30, 30, 30), (40, 6, 8, 8)]);
        let base = crate::solve::divide::build(shape.board(), None, None)
            .unwrap()
            .tour
            .path;
        let blocks = blocks_of(&shape);
        let clusters = clusters_of(&blocks.list, APART);
        Plan {
            shape,
            base,
            blocks,
            clusters,
        }
    }

    /// Its zone (the first open square forced) with every cluster rewired, and the
    /// squares rewired.
    pub(super) fn rewired(&self) -> (Zone<'_>, Vec<u32>) {
        let board = self.shape.board();
        let first = first_open(&self.blocks.set, board.area()).unwrap();
        let parts = (&self.blocks.list[..], &self.clusters[..], true);
        let mut zone = Zone::new(
            board,
            Base::Whole(&self.base),
            &self.blocks.set,
            parts,
            (9, &[], &[first]),
            // Leaked: the zone lends it for as long as the plan lives.
            (Box::leak(Box::default()), 0),
        );
        let each = |w: &mut dyn Moves, c: &Cluster| {
            frames(
                board,
                &self.blocks.set,
                w,
                c,
                (&KNIGHT_DIRECTIONS, 0),
                (None, None),
            )
        };
        let reads = crate::solve::rewire::cluster::first_read(&KNIGHT_DIRECTIONS);
        let touched = zone.each_cluster(&self.clusters, &each, reads).unwrap();
        (zone, touched)
    }

    /// The clusters of `which` rewired again on `zone`, each with its own salt (its index
    /// and one), for other moves than the first time's.
    pub(super) fn rewire_again(&self, zone: &mut Zone, which: std::ops::Range<usize>) {
        for k in which {
            frames(
                self.shape.board(),
                &self.blocks.set,
                zone,
                &self.clusters[k],
                (&KNIGHT_DIRECTIONS, k + 1),
                (None, None),
            )
            .unwrap();
        }
    }
}

#[test]
fn a_graph_brought_up_to_date_numbers_the_cycles_as_a_new_one() {
    // After the clusters, after the merges and after a cluster rewired again, the graph
    // kept up to date from the changed squares and one drawn anew count the same cycles.
    let plan = Plan::new();
    let (shape, board, blocks, clusters) = (
        &plan.shape,
        plan.shape.board(),
        &plan.blocks,
        &plan.clusters,
    );
    let moves = &KNIGHT_DIRECTIONS[..];
    let (mut zone, touched) = plan.rewired();
    let both = |z: &mut Zone| {
        let mut kept = z.cycles(&blocks.set).unwrap();
        z.graph = None;
        let mut anew = z.cycles(&blocks.set).unwrap();
        kept.sort_unstable();
        anew.sort_unstable();
        assert_eq!(kept, anew);
        kept
    };
    let drawn = zone.cycles(&blocks.set).unwrap();
    assert!(drawn.len() > 1, "nothing for the merges to do");
    join::merge_cycles(board, &blocks.set, &mut zone, &touched, moves, None).unwrap();
    assert_eq!(both(&mut zone), vec![shape.open_count()]);
    for k in 0..clusters.len() {
        plan.rewire_again(&mut zone, k..k + 1);
        let sizes = both(&mut zone);
        assert_eq!(sizes.iter().sum::<usize>(), shape.open_count());
    }
    assert!(!zone.strayed());
}

#[test]
fn a_walk_past_the_held_squares_follows_the_cycle() {
    // From squares near the blocks, the first of two squares met (held or not) is the
    // one the walk of the whole cycle reaches first that way.
    let plan = Plan::new();
    let (shape, board, blocks) = (&plan.shape, plan.shape.board(), &plan.blocks);
    let n = board.area();
    let first = first_open(&blocks.set, n).unwrap();
    let moves = &KNIGHT_DIRECTIONS[..];
    let (mut zone, touched) = plan.rewired();
    zone.cycles(&blocks.set).unwrap();
    join::merge_cycles(board, &blocks.set, &mut zone, &touched, moves, None).unwrap();
    let open: Vec<u32> = (0..n as u32)
        .filter(|&i| !blocks.set.contains(i as usize))
        .collect();
    let mut x = 11u64;
    let mut pick = || {
        x = crate::rng::mix64(x);
        open[x as usize % open.len()]
    };
    // The held open squares: those near the blocks.
    let near: Vec<u32> = open.iter().copied().filter(|&s| zone.knows(s)).collect();
    let asked: Vec<(u32, u32, [u32; 2], Option<u32>)> = near
        .iter()
        .step_by(7)
        .map(|&s| {
            let (by, goals) = (zone.of(s)[0], [pick(), pick()]);
            (s, by, goals, zone.reach(s, by, goals, n))
        })
        .collect();
    // Six goals at once, walked to the end: each met, in the order of the cycle.
    let asked_all: Vec<(u32, u32, Vec<u32>, Vec<usize>)> = near
        .iter()
        .step_by(11)
        .map(|&s| {
            let (by, goals) = (zone.of(s)[0], (0..6).map(|_| pick()).collect::<Vec<_>>());
            let steps = zone.reach_all(s, by, &goals, n, &|_| false);
            (s, by, goals, steps)
        })
        .collect();
    assert!(asked.len() > 20 && asked_all.len() > 10 && !zone.strayed());
    let path = zone
        .walk(first, zone.of(first)[0], shape.open_count() + 1)
        .into_path(zone.ix.base, Vec::new());
    assert_eq!(path.len(), shape.open_count());
    let mut place = vec![usize::MAX; n];
    for (i, &s) in path.iter().enumerate() {
        place[s as usize] = i;
    }
    let len = path.len();
    // How far `g` lies along the cycle from `s`, going by `by`.
    let ahead_of = |s: u32, by: u32, g: u32| {
        let onwards = path[(place[s as usize] + 1) % len] == by;
        let (p, q) = (place[s as usize], place[g as usize]);
        if onwards {
            (q + len - p) % len
        } else {
            (p + len - q) % len
        }
    };
    for (s, by, goals, got) in asked {
        let ahead = |g: u32| ahead_of(s, by, g);
        let want = if goals.contains(&s) || goals[0] == goals[1] {
            continue;
        } else if ahead(goals[0]) < ahead(goals[1]) {
            goals[0]
        } else {
            goals[1]
        };
        assert_eq!(got, Some(want), "from {s} by {by} to {goals:?}");
    }
    for (s, by, goals, steps) in asked_all {
        let ahead = |g: u32| ahead_of(s, by, g);
        for (i, &g) in goals.iter().enumerate() {
            if g == s {
                continue;
            }
            assert_ne!(steps[i], super::super::wiring::NOT_MET, "{g} from {s}");
            for (j, &h) in goals.iter().enumerate() {
                if h != s && h != g {
                    let order = ahead(g) < ahead(h);
                    assert_eq!(steps[i] < steps[j], order, "{g} and {h} from {s} by {by}");
                }
            }
        }
    }
}

#[test]
fn a_patched_graph_walks_the_moves_as_they_are() {
    // The last walk goes over a graph patched from the changed squares alone (new nodes
    // after the old ones): after the merges, and after every cluster rewired again on top
    // of them, its walk is the walk of every square's moves, square by square.
    let plan = Plan::new();
    let (board, blocks, clusters) = (plan.shape.board(), &plan.blocks, &plan.clusters);
    let n = board.area();
    let first = first_open(&blocks.set, n).unwrap();
    let moves = &KNIGHT_DIRECTIONS[..];
    for again in [false, true] {
        let (mut zone, touched) = plan.rewired();
        zone.cycles(&blocks.set).unwrap();
        join::merge_cycles(board, &blocks.set, &mut zone, &touched, moves, None).unwrap();
        if again {
            plan.rewire_again(&mut zone, 0..clusters.len());
        }
        assert!(!zone.fresh.is_empty());
        // Every open square's moves: the zone's where it holds them, else the base's.
        let mut links = crate::solve::links::Links::new(n);
        for (p, &a) in plan.base.iter().enumerate() {
            if blocks.set.contains(a as usize) {
                continue;
            }
            let to = if zone.knows(a) {
                zone.of(a)
            } else {
                Base::Whole(&plan.base).links(p)
            };
            links.set(a, to);
        }
        let by = zone.of(first)[0];
        let want = links.walk(first, by, n + 1);
        let base = zone.ix.base;
        let walked = zone.walk(first, by, n + 1).into_path(base, Vec::new());
        assert_eq!(walked, want, "rewired again: {again}");
        if !again {
            assert_eq!(want.len(), plan.shape.open_count());
        }
    }
}

#[test]
fn a_row_is_read_as_its_squares_one_by_one() {
    // A row is read run by run of held squares; each square must read as it would alone:
    // its moves where the share owns its rank, none where it is blocked and not held, else
    // unknown. Shares cut anywhere, spans across the bitset's words.
    let plan = Plan::new();
    let (zone, _) = plan.rewired();
    let (board, n) = (plan.shape.board(), plan.shape.board().area() as u32);
    let total = zone.links.len();
    let mut x = 5u64;
    let mut pick = |m: u64| {
        x = crate::rng::mix64(x);
        x % m
    };
    for _ in 0..400 {
        let first = pick(total as u64 + 1) as usize;
        let last = first + pick((total - first) as u64 + 1) as usize;
        let share = &zone.links[first..last];
        let from = pick(u64::from(n)) as u32;
        let len = pick(u64::from(n - from).min(3 * u64::from(board.cols)) + 1) as usize;
        let mut got = Vec::new();
        zone.ix.read_row(from, len, share, first, &mut got);
        let want: Vec<[u32; 2]> = (from..from + len as u32)
            .map(|a| match zone.ix.rank_of(a) {
                Some(k) if (first..last).contains(&k) => share[k - first],
                Some(_) => [UNKNOWN; 2],
                None if plan.blocks.set.contains(a as usize) => [u32::MAX; 2],
                None => [UNKNOWN; 2],
            })
            .collect();
        assert_eq!(
            got, want,
            "from {from}, {len} squares, ranks {first}..{last}"
        );
    }
}
