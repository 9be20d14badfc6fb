//! Baseline for bench/compare.sh: write N bytes to a file through one buffered writer, the
//! floor a tour writer is measured against. Like `fill`, it links nothing of the library.

use std::io::Write;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let path = args.next().unwrap_or_else(|| "plain-write.out".into());
    let block = vec![b'7'; 1 << 20];
    let t = Instant::now();
    let file = std::fs::File::create(&path).expect("create the output file");
    let mut w = std::io::BufWriter::with_capacity(1 << 20, file);
    let mut left = n;
    while left > 0 {
        let k = left.min(block.len());
        w.write_all(&block[..k]).expect("write");
        left -= k;
    }
    w.flush().expect("flush");
    drop(w);
    println!(
        "plain write {n} bytes: {:.1} ms",
        t.elapsed().as_secs_f64() * 1e3
    );
}
