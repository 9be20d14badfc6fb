//! A closed tour of a leaper on a small board, for the tiles of `src/solve/leaper_tiles/data.rs`:
//! randomised Warnsdorff paths, stretched by Posa rotations when they stick and closed by
//! more rotations until the last square is a move from the first. This found the zebra's
//! tiles, where the complete search ran out of time; the tour printed is verified.
//!
//! `cargo run --release --example leaper_tile -- zebra 11x14 7` (piece, board, seed)

use knight_tour::{Board, Kind, Piece, Shape, Tour};

/// A xorshift generator: the same seed gives the same tour.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Reverses the path after the square at `i` (a neighbour of the last), so that the square
/// after `i` becomes the last: Posa's rotation.
fn rotate(p: &mut [u32], adj: &[Vec<u32>], rng: &mut Rng) -> bool {
    let k = p.len() - 1;
    let last = p[k];
    let at: Vec<usize> = adj[last as usize]
        .iter()
        .filter_map(|q| p.iter().position(|x| x == q))
        .filter(|&i| i + 1 < k)
        .collect();
    if at.is_empty() {
        return false;
    }
    let i = at[rng.below(at.len())];
    p[i + 1..].reverse();
    true
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let piece: Piece = args.next().as_deref().unwrap_or("zebra").parse()?;
    let board: Board = args.next().as_deref().unwrap_or("10x10").parse()?;
    let seed: u64 = args.next().as_deref().unwrap_or("1").parse()?;
    let n = board.area();
    let adj = board.adjacency_of(piece);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x2545_F491_4F6C_DD1D));
    for _ in 0..1_000_000 {
        let mut seen = vec![false; n];
        let mut p = vec![rng.below(n) as u32];
        seen[p[0] as usize] = true;
        let mut stuck = 0;
        while p.len() < n && stuck < 200 * n {
            let v = *p.last().expect("a path");
            let free = |w: u32, seen: &[bool]| {
                adj[w as usize]
                    .iter()
                    .filter(|&&x| !seen[x as usize])
                    .count()
            };
            let options: Vec<u32> = adj[v as usize]
                .iter()
                .copied()
                .filter(|&w| !seen[w as usize])
                .collect();
            let Some(best) = options.iter().map(|&w| free(w, &seen)).min() else {
                stuck += 1;
                if !rotate(&mut p, &adj, &mut rng) {
                    break;
                }
                continue;
            };
            let ties: Vec<u32> = options
                .into_iter()
                .filter(|&w| free(w, &seen) == best)
                .collect();
            let w = ties[rng.below(ties.len())];
            seen[w as usize] = true;
            p.push(w);
        }
        if p.len() < n {
            continue;
        }
        for _ in 0..20_000 {
            if adj[p[n - 1] as usize].contains(&p[0]) {
                let tour = Tour::of_piece(
                    &Shape::rect(board),
                    p.clone(),
                    Kind::Closed,
                    Vec::new(),
                    piece,
                )?;
                println!("{piece} {board}: {:?}", tour.path());
                return Ok(());
            }
            if !rotate(&mut p, &adj, &mut rng) {
                break;
            }
        }
    }
    Err(format!("no closed {piece} tour of {board} found with seed {seed}").into())
}
