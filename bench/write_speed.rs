//! For bench/compare.sh: the time our writers take to put a built tour into a file, beside
//! one plain buffered write of the same number of bytes into the same folder. Both are
//! timed in this one process, best of `RUNS`, so the build and verify are left out of both.
//! Usage: write_speed SIDE DIR

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use knight_tour::{io, solve, Board, Kind};

// The same floor as the `plain_write` example; its `main` is not used here.
#[allow(dead_code)]
#[path = "plain_write.rs"]
mod plain;
use plain::plain_write;

/// Runs of each writer; the best is printed.
const RUNS: usize = 3;

fn main() {
    let mut args = std::env::args().skip(1);
    let side: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(3000);
    let dir = args.next().unwrap_or_else(|| ".".into());
    let board = Board::new(side, side).expect("a board");
    let tour = solve::solve(&solve::Request::new(board, Kind::Closed))
        .expect("a closed tour")
        .tour;
    let out = Path::new(&dir).join("write-speed.out");
    type Writer = fn(&mut dyn Write, &knight_tour::Tour) -> std::io::Result<()>;
    let writers: [(&str, Writer); 4] = [
        ("json", |w, t| io::write_json(w, t, "divide", None)),
        ("csv", |w, t| io::write_csv(w, t)),
        ("moves", |w, t| io::write_moves(w, t)),
        ("text", |w, t| io::write_text(w, t)),
    ];
    for (name, write) in writers {
        let mut ours = f64::MAX;
        let mut plain = f64::MAX;
        let mut bytes = 0;
        for _ in 0..RUNS {
            let _ = fs::remove_file(&out);
            let t = Instant::now();
            let mut w = BufWriter::with_capacity(1 << 16, File::create(&out).expect("create"));
            write(&mut w, &tour).expect("write");
            w.flush().expect("flush");
            drop(w);
            ours = ours.min(t.elapsed().as_secs_f64() * 1e3);
            bytes = fs::metadata(&out).expect("written").len() as usize;
            let _ = fs::remove_file(&out);
            plain = plain.min(plain_write(&out, bytes));
            let _ = fs::remove_file(&out);
        }
        // A closed pipe (`| head`) ends the report, not with a panic.
        let line = format!(
            "{name}: {bytes} bytes in {ours:.1} ms; plain write {plain:.1} ms; {:.2}x",
            ours / plain
        );
        if writeln!(std::io::stdout(), "{line}").is_err() {
            return;
        }
    }
}
