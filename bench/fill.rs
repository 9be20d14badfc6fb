//! Baseline for bench/compare.sh: allocate and fill N 4-byte entries on T threads (default 1),
//! each thread writing, and so first touching, its own share of the pages, and report time and
//! memory. It links nothing of the library, so that its figures are the floor ours are
//! measured against; that is why it reads VmHWM itself rather than sharing the CLI's reader.
//! Usage: `fill N [THREADS]`.

use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let threads: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1).max(1);
    let t = Instant::now();
    let mut v: Vec<u32> = Vec::with_capacity(n);
    {
        let spare = &mut v.spare_capacity_mut()[..n];
        let share = n.div_ceil(threads).max(1);
        std::thread::scope(|s| {
            for (k, part) in spare.chunks_mut(share).enumerate() {
                s.spawn(move || {
                    let base = (k * share) as u32;
                    for (i, slot) in part.iter_mut().enumerate() {
                        slot.write(base + i as u32);
                    }
                });
            }
        });
    }
    // SAFETY: every one of the first `n` entries was written above.
    unsafe { v.set_len(n) };
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
        "fill {n} x 4 bytes on {threads} threads: {ms:.1} ms, peak memory {:.1} MB ({:.2} bytes/entry), checksum {}",
        peak / 1000.0,
        peak * 1024.0 / n as f64,
        v[n / 2]
    );
}
