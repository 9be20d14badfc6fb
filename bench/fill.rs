//! Baseline for bench/compare.sh: allocate and fill N 4-byte entries, report time and memory.
//! It links nothing of the library, so that its figures are the floor ours are measured
//! against; that is why it reads VmHWM itself rather than sharing the CLI's reader.

use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let t = Instant::now();
    let v: Vec<u32> = (0..n as u32).collect();
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| {
                l.split_whitespace()
                    .nth(1)
                    .and_then(|k| k.parse::<f64>().ok())
            })
        })
        .unwrap_or(0.0);
    println!(
        "fill {n} x 4 bytes: {ms:.1} ms, peak memory {:.1} MB ({:.2} bytes/entry), checksum {}",
        peak / 1000.0,
        peak * 1024.0 / n as f64,
        v[n / 2]
    );
}
