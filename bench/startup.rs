//! For bench/compare.sh: the whole-process time of a command (spawn, run, exit), best and
//! median of `RUNS`, and its peak memory (the largest resident set of its runs), beside the
//! same for `true`, the floor any process pays to start.
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
    // The largest resident set of the children waited for so far: the command's, taken before
    // `true` runs (whose own is smaller, so the maximum stays the command's either way).
    let (best, median) = time(program, rest);
    let rss = children_peak_kib();
    let (floor, floor_median) = time("true", &[]);
    println!(
        "{best:.2} ms best, {median:.2} ms median, peak memory {:.1} MB; `true` {floor:.2} ms best, {floor_median:.2} ms median",
        rss as f64 * 1024.0 / 1e6
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

/// The largest resident set, in KiB, of any child this process has waited for.
fn children_peak_kib() -> i64 {
    // SAFETY: getrusage writes only into the struct it is given.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let got = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    if got == 0 {
        usage.ru_maxrss
    } else {
        0
    }
}
