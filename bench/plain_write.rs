//! Baseline for bench/compare.sh: write N bytes to a file through one buffered writer, the
//! floor a tour writer is measured against. Like `fill`, it links nothing of the library;
//! `write_speed` includes this file for the same floor.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let path = args.next().unwrap_or_else(|| "plain-write.out".into());
    println!(
        "plain write {n} bytes: {:.1} ms",
        plain_write(Path::new(&path), n)
    );
}

/// Writes `n` bytes to a new file at `path` through one buffered writer; returns milliseconds.
pub fn plain_write(path: &Path, n: usize) -> f64 {
    let block = vec![b'7'; 1 << 20];
    let t = Instant::now();
    let file = File::create(path).expect("create the output file");
    let mut w = BufWriter::with_capacity(1 << 20, file);
    let mut left = n;
    while left > 0 {
        let k = left.min(block.len());
        w.write_all(&block[..k]).expect("write");
        left -= k;
    }
    w.flush().expect("flush");
    drop(w);
    t.elapsed().as_secs_f64() * 1e3
}
