//! The cycles that cover the open squares after rewiring, joined into one through parallel
//! pairs of moves.

use super::find;
use super::wiring::{Moves, Wiring, NOT_MET};
use crate::bits::BitSet;
use crate::board::Board;

/// Squares of the cycles left apart handed back, at most.
const STUCK_SQUARES: usize = 4096;

/// Merges the cycles that cover the open squares into one, through parallel pairs of moves
/// tried round the rewired squares; `Err` with some squares of the cycles left apart (none
/// where a square lacks a move) if more than one cycle is left.
pub(super) fn merge_cycles<W: Wiring>(
    board: Board,
    blocked: &BitSet,
    links: &mut W,
    touched: &[u32],
    moves: &[(i32, i32)],
    keep: Option<(u32, u32)>,
) -> Result<(), Vec<u32>> {
    // Each square's cycle; merged cycles share a root.
    let size = links.cycles(blocked).ok_or_else(Vec::new)?;
    let count = size.len() as u32;
    let mut parent: Vec<u32> = (0..count).collect();
    let mut left = count;
    let joins = Joins {
        board,
        blocked,
        moves,
        keep,
    };
    let main = (0..count).max_by_key(|&l| size[l as usize]);
    // Every merge joins a square of a cycle apart from the largest to one of another cycle a
    // move away, and is found from either: so the squares of the cycles apart are tried,
    // pass after pass while one merges something; first the rewired ones alone (a small
    // cycle's), then every one.
    let apart = |l: u32| (Some(l) != main).then_some(l);
    let mut anchors = if left > 1 {
        links.squares_apart(&apart, touched, false)
    } else {
        Vec::new()
    };
    let mut whole = false;
    // The squares a move from an anchor, with their cycles.
    let mut near: Vec<(u32, u32)> = Vec::with_capacity(moves.len());
    while left > 1 {
        let before = left;
        // The main cycle's root (a join sets the root of the cycle apart, never the main
        // one's) and the last anchor's cycle found joined to it: the anchor after it in the
        // list is mostly on the same cycle, and a cycle joined to the main one stays so.
        let main_root = main.map(|m| find(&mut parent, m));
        let mut joined = u32::MAX;
        for &(a, la) in &anchors {
            if left == 1 {
                break;
            }
            if la == joined {
                continue;
            }
            let ra = find(&mut parent, la);
            if main_root == Some(ra) {
                joined = la;
                continue;
            }
            // Every neighbour's cycle looked up before any is compared: each look-up waits
            // on memory (a zone's ranks, nodes and labels), and so they wait side by side
            // (one after another, the first pass took 21 ms at 10^8 squares round 10^4
            // macros).
            near.clear();
            near.extend(
                moves
                    .iter()
                    .filter_map(|&step| joins.step(a, step).filter(|&x| links.knows(x)))
                    .map(|x| (x, links.label(x))),
            );
            'moves: for &(x, lx) in &near {
                let rx = find(&mut parent, lx);
                if ra == rx {
                    continue;
                }
                for b in links.of(a) {
                    for y in links.of(x) {
                        if joins.is_move(b, y)
                            && joins.free(a, b)
                            && joins.free(x, y)
                            && links.knows(b)
                            && links.knows(y)
                        {
                            links.swap((a, b), (x, y));
                            parent[ra as usize] = rx;
                            left -= 1;
                            break 'moves;
                        }
                    }
                }
            }
        }
        if left < before && left > 1 {
            // The squares of the cycles joined to the main one are passed over from now on:
            // the first pass joins nearly all of them (at 10^8 squares round 10^4 macros,
            // all but 9 of 8,025), and a second pass over all 915,000 squares took 7-10 ms.
            let main = main.map(|m| find(&mut parent, m));
            let roots: Vec<u32> = (0..count).map(|l| find(&mut parent, l)).collect();
            anchors.retain(|&(_, la)| Some(roots[la as usize]) != main);
        }
        if left == before && !whole {
            // The rewired squares are done with: every square of the cycles still apart.
            whole = true;
            let roots: Vec<u32> = (0..count).map(|l| find(&mut parent, l)).collect();
            let main = main.map(|m| roots[m as usize]);
            let apart = |l: u32| {
                let root = *roots.get(l as usize)?;
                (Some(root) != main).then_some(root)
            };
            anchors = links.squares_apart(&apart, touched, true);
        } else if left == before {
            // No parallel pair is left: a cycle apart may still join the main one through
            // three moves, where the main cycle's order round them is known.
            if let Some(m) = main {
                let mut roots: Vec<u32> = (0..count).map(|l| find(&mut parent, l)).collect();
                let m = roots[m as usize];
                for &(a, la) in &anchors {
                    let ra = roots[la as usize];
                    if ra == m {
                        continue;
                    }
                    if let Some(join) = joins.find(links, a, (&roots, m)) {
                        Joins::join(links, join);
                        parent[ra as usize] = m;
                        roots.iter_mut().filter(|r| **r == ra).for_each(|r| *r = m);
                        left -= 1;
                    }
                }
                if left < before {
                    continue;
                }
            }
            // Some squares of each cycle left apart, for the caller to rewire round.
            let main = main.map(|m| find(&mut parent, m));
            return Err(anchors
                .iter()
                .filter(|&&(_, la)| Some(find(&mut parent, la)) != main)
                .map(|&(a, _)| a)
                .take(STUCK_SQUARES)
                .collect());
        }
    }
    Ok(())
}

/// Squares walked along the main cycle to tell its way round a join through three moves.
const BRIDGE_WALK: usize = 1 << 18;

/// What the joins need: the board, its blocks, the piece's moves and the ends' own move,
/// which is never given up.
struct Joins<'t> {
    board: Board,
    blocked: &'t BitSet,
    moves: &'t [(i32, i32)],
    keep: Option<(u32, u32)>,
}

impl Joins<'_> {
    /// The square the move `(dr, dc)` leads to from `a`, where it is on the board and open.
    fn step(&self, a: u32, (dr, dc): (i32, i32)) -> Option<u32> {
        let s = self.board.square(a);
        let (r, c) = (s.row as i64 + dr as i64, s.col as i64 + dc as i64);
        if !self.board.contains(r, c) {
            return None;
        }
        let x = (r as u64 * self.board.cols as u64 + c as u64) as u32;
        (!self.blocked.contains(x as usize)).then_some(x)
    }

    /// The squares a move of the piece from `a`, on the board, open and kept by `links`.
    fn near<'w, W: Wiring>(&'w self, links: &'w W, a: u32) -> impl Iterator<Item = u32> + 'w {
        self.moves
            .iter()
            .filter_map(move |&m| self.step(a, m).filter(|&x| links.knows(x)))
    }

    /// Makes the join [`Joins::find`] found: a-b, x-y and u-v give way to a-x, b-u and y-v.
    fn join<W: Moves + ?Sized>(links: &mut W, [a, b, x, y, u, v]: [u32; 6]) {
        links.unlink(a, b);
        links.unlink(x, y);
        links.unlink(u, v);
        links.link(a, x);
        links.link(b, u);
        links.link(y, v);
    }

    /// Whether the step `a`-`b` may be given up.
    fn free(&self, a: u32, b: u32) -> bool {
        b != u32::MAX
            && !self
                .keep
                .is_some_and(|(s, t)| (a, b) == (s, t) || (a, b) == (t, s))
    }

    /// Whether `p` and `q` are a move apart.
    fn is_move(&self, p: u32, q: u32) -> bool {
        let (s, t) = (self.board.square(p), self.board.square(q));
        let d = (t.row as i32 - s.row as i32, t.col as i32 - s.col as i32);
        self.moves.contains(&d)
    }

    /// A join of the cycle through `a` (apart from the main one) to the main one: its step
    /// a-b and the main cycle's x-y and u-v give way to a-x, b-u and y-v, where x is a move
    /// from a, u a move from b, y a move from v, and the main cycle goes on from y away from
    /// x to u before v (so x, a..b, u..y, v.. is one cycle). The squares a, b, x, y, u, v.
    fn find<W: Wiring>(&self, links: &W, a: u32, (roots, m): (&[u32], u32)) -> Option<[u32; 6]> {
        let on_main = |s: u32| roots.get(links.label(s) as usize) == Some(&m);
        let other = |s: u32, t: u32| {
            let [p, q] = links.of(s);
            if p == t {
                q
            } else {
                p
            }
        };
        for b in links.of(a) {
            if !self.free(a, b) || !links.knows(b) {
                continue;
            }
            for x in self.near(links, a).filter(|&x| on_main(x)) {
                for y in links.of(x) {
                    if !self.free(x, y) || !links.knows(y) {
                        continue;
                    }
                    // The (u, v) that would do, in the order they are tried; one walk each way
                    // round the main cycle tells the way round for all of them.
                    let mut pairs: Vec<(u32, u32)> = Vec::new();
                    for u in self.near(links, b) {
                        if u == x || u == y || !on_main(u) {
                            continue;
                        }
                        for v in links.of(u) {
                            if v == x || v == y || !self.free(u, v) || !links.knows(v) {
                                continue;
                            }
                            if self.is_move(y, v) {
                                pairs.push((u, v));
                            }
                        }
                    }
                    if pairs.is_empty() {
                        continue;
                    }
                    let goals: Vec<u32> = pairs.iter().flat_map(|&(u, v)| [u, v]).collect();
                    // Pair k's answer from a walk's steps: u or v, the first met from y (or
                    // the other one, the first met from x); `None` while neither is met.
                    let first = |met: &[usize], k: usize, from_y: bool| {
                        let (mu, mv) = (met[2 * k], met[2 * k + 1]);
                        (mu.min(mv) != NOT_MET).then(|| {
                            let (u, v) = pairs[k];
                            if (mu < mv) == from_y {
                                u
                            } else {
                                v
                            }
                        })
                    };
                    // The pairs are tried in order, each from y, and from x only where the walk
                    // from y meets neither: a walk may end once every pair up to the first
                    // whose answer is its u (or every pair) has its answer.
                    let settled = |y_met: &[usize], x_met: Option<&[usize]>| {
                        for (k, &(u, _)) in pairs.iter().enumerate() {
                            let got = match (first(y_met, k, true), x_met) {
                                (Some(w), _) => w,
                                (None, None) => return false,
                                (None, Some(x_met)) => match first(x_met, k, false) {
                                    Some(w) => w,
                                    None => return false,
                                },
                            };
                            if got == u {
                                return true;
                            }
                        }
                        true
                    };
                    let y_met =
                        links.reach_all(y, other(y, x), &goals, BRIDGE_WALK, &|m| settled(m, None));
                    let mut x_met: Option<Vec<usize>> = None;
                    for (k, &(u, v)) in pairs.iter().enumerate() {
                        let got = first(&y_met, k, true).or_else(|| {
                            let met = x_met.get_or_insert_with(|| {
                                links.reach_all(x, other(x, y), &goals, BRIDGE_WALK, &|m| {
                                    settled(&y_met, Some(m))
                                })
                            });
                            first(met, k, false)
                        });
                        if got == Some(u) {
                            return Some([a, b, x, y, u, v]);
                        }
                    }
                }
            }
        }
        None
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::wiring::Dense;
    use super::*;
    use crate::board::KNIGHT_DIRECTIONS;

    /// A knight's hexagon on a 12x12 board and a closed tour of the board's other squares.
    pub(in crate::solve::rewire) fn hexagon_beside_a_tour() -> (Board, [u32; 6], Vec<u32>) {
        let board = Board::new(12, 12).unwrap();
        let at = |r: u32, c: u32| r * 12 + c;
        let hex = [at(4, 5), at(6, 4), at(5, 6), at(7, 5), at(5, 4), at(6, 6)];
        let mut holes = hex.to_vec();
        holes.sort_unstable();
        let shape = crate::shape::Shape::new(board, holes).unwrap();
        let req = crate::solve::Request::new(board, crate::tour::Kind::Closed);
        let main = crate::solve::solve_on(&shape, &req).unwrap().tour.path;
        (board, hex, main)
    }

    #[test]
    fn a_cycle_apart_joins_the_main_one_through_three_moves() {
        // A knight's hexagon beside a closed tour of the rest of the board: each join found
        // from one of its squares leaves one cycle, and some are found.
        let (board, hex, main) = hexagon_beside_a_tour();
        let n = board.area();
        let blocked = BitSet::new(n);
        let joins = Joins {
            board,
            blocked: &blocked,
            moves: &KNIGHT_DIRECTIONS,
            keep: None,
        };
        let mut joined = 0;
        for &a in &hex {
            let mut d = Dense::of_cycles(n, &[&main, &hex]);
            assert_eq!(d.cycles(&blocked).unwrap().len(), 2);
            let m = d.label(main[0]);
            let roots: Vec<u32> = vec![0, 1];
            if let Some(join) = joins.find(&d, a, (&roots, m)) {
                Joins::join(&mut d, join);
                assert_eq!(d.cycles(&blocked).unwrap(), vec![n], "from {a}");
                joined += 1;
            }
        }
        assert!(joined > 0);
    }
}
