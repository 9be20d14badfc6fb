//! Where the chain construction cuts each side into tiles.
//!
//! A tile five squares high has its two left corners sharing one inner neighbour, the square
//! two rows down and one column in (b3 of the tile); so does the right pair. A Hamiltonian
//! path of the tile that ends on that square can use only one of its two moves to the
//! corners, and the other corner, left with one move inside the tile, would have to be the
//! path's other end. A tour's given start or end that falls on such a square of its tile is
//! therefore (nearly always) a dead end for the tiling, however the crossing squares are
//! chosen; on 5 x n with tiles 8 wide that is every end on the middle row whose column is 1 or
//! 6 modulo 8. The cuts below move the tile edges so that no given end sits there.

use super::super::divide::{closed_parts, even_parts, odd_parts_around};

/// Ways to cut a side into parts (5 to 13, at most one odd); with `odd_over`, the odd part
/// covers that coordinate.
pub(super) fn arrangements(len: u32, odd_over: Option<u32>) -> Vec<Vec<u32>> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    if let Some(x) = odd_over {
        out = odd_parts_around(len, x)
            .into_iter()
            .filter(|v| v.iter().all(|&p| p <= 13))
            .collect();
    } else if len <= 10 {
        out.push(vec![len]);
    } else {
        let base = closed_parts(len);
        let mut rev = base.clone();
        rev.reverse();
        out.push(base);
        out.push(rev);
        if len % 2 == 0 && len >= 16 && (len == 16 || len >= 22) {
            for head in [[6u32, 10], [10, 6]] {
                let mut v = head.to_vec();
                v.extend(even_parts(len - 16));
                out.push(v);
            }
        }
    }
    first_of_each(out)
}

/// `items` with each repeat after its first occurrence dropped, order kept.
pub(super) fn first_of_each<T: PartialEq + Clone>(mut items: Vec<T>) -> Vec<T> {
    let mut seen = Vec::new();
    items.retain(|v| {
        let new = !seen.contains(v);
        seen.push(v.clone());
        new
    });
    items
}

/// Whether local square (`r`, `c`) of an `h` x `w` tile is the one inner neighbour that two
/// corners of the tile share (only tiles with a side of 5 have one).
pub(super) fn pinched(h: u32, w: u32, r: u32, c: u32) -> bool {
    (h == 5 && r == 2 && (c == 1 || c + 2 == w)) || (w == 5 && c == 2 && (r == 1 || r + 2 == h))
}

/// The part of `parts` holding coordinate `x`: its size and `x`'s offset in it.
pub(super) fn part_at(parts: &[u32], x: u32) -> (u32, u32) {
    let mut o = 0;
    for &p in parts {
        if x < o + p {
            return (p, x - o);
        }
        o += p;
    }
    unreachable!("coordinate {x} inside the side")
}

/// Whether a given end (row, column) lies on a pinched square of the tiling.
pub(super) fn pinches(rparts: &[u32], cparts: &[u32], ends: &[(u32, u32)]) -> bool {
    ends.iter().any(|&(r, c)| {
        let ((h, lr), (w, lc)) = (part_at(rparts, r), part_at(cparts, c));
        pinched(h, w, lr, lc)
    })
}

/// How the odd part (if any) of a side may be placed.
#[derive(Clone, Copy)]
pub(super) enum Odd {
    /// Even side: even parts only.
    None,
    /// Odd side: one odd part, anywhere.
    Anywhere,
    /// Odd side: one odd part covering this coordinate.
    Over(u32),
}

/// A cut of a side of `len` whose parts put none of `points` on a square that `bad(offset,
/// size)` rejects; the parts outside those holding a point are the usual ones. `None` when no
/// such cut exists.
pub(super) fn avoiding(
    len: u32,
    odd: Odd,
    points: &[u32],
    bad: impl Fn(usize, u32, u32) -> bool,
) -> Option<Vec<u32>> {
    if len <= 10 {
        return None;
    }
    // The parts that hold a point (or must hold the odd part), chosen point by point.
    let mut targets: Vec<(usize, u32)> = points.iter().copied().enumerate().collect();
    if let Odd::Over(x) = odd {
        targets.push((usize::MAX, x));
    }
    let mut chosen: Vec<(u32, u32)> = Vec::new();
    pick(len, odd, &targets, &bad, &mut chosen).then(|| cut_side(len, &chosen))
}

const SIZES: [u32; 8] = [8, 6, 10, 5, 7, 9, 11, 13];

/// Depth-first choice of a part for each target (at most three, so this stays tiny).
fn pick(
    len: u32,
    odd: Odd,
    targets: &[(usize, u32)],
    bad: &impl Fn(usize, u32, u32) -> bool,
    chosen: &mut Vec<(u32, u32)>,
) -> bool {
    let Some(&(who, x)) = targets.first() else {
        return consistent(len, odd, chosen);
    };
    // A target already inside a chosen part keeps it.
    if let Some(&(o, p)) = chosen.iter().find(|&&(o, p)| o <= x && x < o + p) {
        let ok = match who {
            usize::MAX => p % 2 == 1,
            k => !bad(k, x - o, p),
        };
        return ok && pick(len, odd, &targets[1..], bad, chosen);
    }
    for p in SIZES {
        if p % 2 == 1 && matches!(odd, Odd::None) || who == usize::MAX && p % 2 == 0 || p > len {
            continue;
        }
        let lo = (x + 1).saturating_sub(p);
        let hi = x.min(len - p);
        for o in lo..=hi {
            if who != usize::MAX && bad(who, x - o, p) {
                continue;
            }
            // An odd part held over a coordinate may hold a point too, if it covers both.
            if let (Odd::Over(y), 1) = (odd, p % 2) {
                if !(o <= y && y < o + p) {
                    continue;
                }
            }
            chosen.push((o, p));
            if pick(len, odd, &targets[1..], bad, chosen) {
                return true;
            }
            chosen.pop();
        }
    }
    false
}

/// Whether the chosen parts are disjoint and the gaps between them can be cut as usual.
fn consistent(len: u32, odd: Odd, chosen: &[(u32, u32)]) -> bool {
    let mut parts = chosen.to_vec();
    parts.sort_unstable();
    parts.dedup();
    let mut odd_left = match odd {
        Odd::Anywhere => 1 - parts.iter().filter(|p| p.1 % 2 == 1).count() as i64,
        _ => 0,
    };
    if odd_left < 0 {
        return false;
    }
    let mut at = 0;
    let mut gaps = Vec::new();
    for &(o, p) in &parts {
        if o < at {
            return false;
        }
        gaps.push(o - at);
        at = o + p;
    }
    gaps.push(len - at);
    gaps.iter().all(|&g| {
        if g == 0 || (g % 2 == 0 && g >= 6) {
            true
        } else if g % 2 == 1 && odd_left == 1 && (g == 5 || g == 7 || g == 9 || g >= 11) {
            odd_left = 0;
            true
        } else {
            false
        }
    }) && odd_left == 0
}

/// The side cut into the chosen parts with the gaps between them filled as usual.
fn cut_side(len: u32, chosen: &[(u32, u32)]) -> Vec<u32> {
    let mut parts = chosen.to_vec();
    parts.sort_unstable();
    parts.dedup();
    let mut out = Vec::new();
    let mut at = 0;
    for (o, p) in parts.into_iter().chain([(len, 0)]) {
        let g = o - at;
        if g > 0 {
            out.extend(if g % 2 == 1 {
                closed_parts(g)
            } else {
                even_parts(g)
            });
        }
        if p > 0 {
            out.push(p);
        }
        at = o + p;
    }
    debug_assert_eq!(out.iter().sum::<u32>(), len);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_high_middle_row_square_next_to_two_corners_is_pinched() {
        assert!(pinched(5, 8, 2, 1) && pinched(5, 8, 2, 6));
        assert!(!pinched(5, 8, 2, 2) && !pinched(5, 8, 1, 1) && !pinched(6, 8, 2, 1));
        assert!(pinched(8, 5, 1, 2) && pinched(8, 5, 6, 2) && !pinched(8, 5, 2, 1));
    }

    #[test]
    fn cuts_move_the_tile_edges_off_pinched_ends() {
        // 5 x 1000 cut into eights puts column 918 (and 910) on offset 6 of an 8-wide tile.
        assert!(pinches(&[5], &even_parts(1000), &[(2, 918)]));
        let bad = |_: usize, off: u32, p: u32| pinched(5, p, 2, off);
        for len in [11u32, 12, 13, 14, 16, 21, 40, 1000, 1001] {
            let odd = if len % 2 == 1 {
                Odd::Anywhere
            } else {
                Odd::None
            };
            // Columns 1 and len - 2 are pinched in every cut (the board's own b3 squares).
            let free = |x: u32| x != 1 && x + 2 != len;
            for x in (0..len).filter(|&x| free(x)) {
                for y in [0, len / 2, len - 1, x.saturating_sub(7)]
                    .into_iter()
                    .filter(|&y| free(y))
                {
                    // Short sides have few cuts (12 is only 6 + 6), some of them all pinched.
                    let Some(parts) = avoiding(len, odd, &[x, y], bad) else {
                        assert!(len < 16, "len {len}: {x} {y}");
                        continue;
                    };
                    assert_eq!(parts.iter().sum::<u32>(), len);
                    assert!(parts.iter().all(|&p| (5..=13).contains(&p)), "{parts:?}");
                    assert!(parts.iter().filter(|&&p| p % 2 == 1).count() == (len % 2) as usize);
                    assert!(!pinches(&[5], &parts, &[(2, x), (2, y)]), "{len} {x} {y}");
                }
            }
        }
        // An odd part held over a coordinate stays over it.
        let parts = avoiding(41, Odd::Over(20), &[18, 3], bad).unwrap();
        let (p, _) = part_at(&parts, 20);
        assert_eq!(p % 2, 1);
        assert!(!pinches(&[5], &parts, &[(2, 18), (2, 3)]));
    }
}
