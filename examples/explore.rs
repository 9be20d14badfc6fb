use knight_tour::solve::search::*;
use knight_tour::*;
fn main() {
    let cfg = SearchConfig {
        closed: false,
        order: Order::Warnsdorff(TieBreak::FarFromCentre),
        prune: true,
        budget: u64::MAX,
    };
    let args: Vec<String> = std::env::args().collect();
    let rmax: u32 = args[1].parse().unwrap();
    let cmax: u32 = args[2].parse().unwrap();
    for r in 3..=rmax {
        for c in r.max(args[3].parse().unwrap())..=cmax {
            let b = Board::new(r, c).unwrap();
            let mut bad = vec![];
            let mut any = false;
            for s in 0..b.area() as u32 {
                match search(b, s, cfg) {
                    Outcome::Found(_) => any = true,
                    _ => bad.push(b.square(s)),
                }
            }
            let closed = (r >= 5 && (r % 2 == 0 || c % 2 == 0))
                && (0..1).any(|s| {
                    matches!(
                        search(
                            b,
                            s,
                            SearchConfig {
                                closed: true,
                                ..cfg
                            }
                        ),
                        Outcome::Found(_)
                    )
                });
            let cornerbad: Vec<_> = bad
                .iter()
                .filter(|s| {
                    (b.area() % 2 == 0 || s.colour() == 0)
                        && !(r == 4 && (s.row == 0 || s.row == 3))
                })
                .collect();
            println!(
                "{r}x{c}: open={any} closed={closed} nonstart={} unexplained={:?}",
                bad.len(),
                cornerbad.iter().map(|s| (s.row, s.col)).collect::<Vec<_>>()
            );
        }
    }
}
