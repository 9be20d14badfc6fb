//! Prints a random floor plan as a blocks file (`row,col,height,width` a line) for
//! `solve --blocks`: `macros SIDE COUNT [SEED] [MAX_H] [MAX_W]` (defaults: seed 1, 40 x 60).

#[path = "macros_gen.rs"]
mod macros_gen;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("numbers: SIDE COUNT [SEED] [MAX_H] [MAX_W]")
        })
        .collect();
    let at = |k: usize, default: u64| args.get(k).copied().unwrap_or(default);
    let list = macros_gen::macros(
        at(0, 200) as u32,
        at(1, 20) as usize,
        at(3, 40) as u32,
        at(4, 60) as u32,
        at(2, 1),
    );
    for (r, c, h, w) in list {
        println!("{r},{c},{h},{w}");
    }
}
