//! For bench/compare.sh: the whole-process time of a command (spawn, run, exit), best and
//! median of `RUNS`, beside the same for `true`, the floor any process pays to start.
//! Usage: startup PROGRAM [ARGS...]

use std::process::{Command, Stdio};
use std::time::Instant;

/// Runs of each command.
const RUNS: usize = 100;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((program, rest)) = args.split_first() else {
        eprintln!("usage: startup PROGRAM [ARGS...]");
        std::process::exit(2);
    };
    let (best, median) = time(program, rest);
    let (floor, floor_median) = time("true", &[]);
    println!(
        "{best:.2} ms best, {median:.2} ms median; `true` {floor:.2} ms best, {floor_median:.2} ms median"
    );
}

/// Best and median milliseconds of `RUNS` runs of `program args`, output discarded.
fn time(program: &str, args: &[String]) -> (f64, f64) {
    let mut ms: Vec<f64> = (0..RUNS)
        .map(|_| {
            let t = Instant::now();
            let status = Command::new(program)
                .args(args)
                .stdout(Stdio::null())
                .status()
                .expect("run the command");
            assert!(status.success(), "{program} failed");
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    ms.sort_by(f64::total_cmp);
    (ms[0], ms[RUNS / 2])
}
