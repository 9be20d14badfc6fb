//! Writers at disk speed: squares are formatted by hand (`itoa`, a row and column from one
//! multiplication) into large buffers, chunk by chunk, on every core where the `parallel`
//! feature allows, and the chunks are written in order. Memory stays bounded: only a few
//! chunks are held at a time, whatever the tour's length.

use std::io::{self, Write};
use std::ops::Range;

use crate::board::Splitter;

/// Squares a chunk formats: a few MB of text, enough to keep the writes large.
pub(crate) const CHUNK: usize = 1 << 18;

/// Formats `0..n` in chunks of `per_chunk` items with `fill` (which appends the text of a
/// range to a buffer) and writes the chunks to `w` in order.
pub(crate) fn write_chunked<F>(
    w: &mut (impl Write + ?Sized),
    n: usize,
    per_chunk: usize,
    fill: F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Vec<u8>) + Sync,
{
    let per = per_chunk.max(1);
    let ranges: Vec<Range<usize>> = (0..n).step_by(per).map(|a| a..(a + per).min(n)).collect();
    write_ranges(w, &ranges, &fill)
}

#[cfg(feature = "parallel")]
fn write_ranges<F>(
    w: &mut (impl Write + ?Sized),
    ranges: &[Range<usize>],
    fill: &F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Vec<u8>) + Sync,
{
    use rayon::prelude::*;
    if ranges.len() <= 1 {
        let mut buf = Vec::new();
        for r in ranges {
            fill(r.clone(), &mut buf);
        }
        return w.write_all(&buf);
    }
    // A batch of chunks formatted side by side, then written in order: two a thread keeps
    // every core busy while memory stays a few chunks.
    let batch = 2 * rayon::current_num_threads().max(1);
    for group in ranges.chunks(batch) {
        let texts: Vec<Vec<u8>> = group
            .par_iter()
            .map(|r| {
                let mut buf = Vec::with_capacity(r.len() * 16);
                fill(r.clone(), &mut buf);
                buf
            })
            .collect();
        for t in &texts {
            w.write_all(t)?;
        }
    }
    Ok(())
}

#[cfg(not(feature = "parallel"))]
fn write_ranges<F>(
    w: &mut (impl Write + ?Sized),
    ranges: &[Range<usize>],
    fill: &F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Vec<u8>) + Sync,
{
    let mut buf = Vec::new();
    for r in ranges {
        buf.clear();
        fill(r.clone(), &mut buf);
        w.write_all(&buf)?;
    }
    Ok(())
}

/// Appends `v` in decimal.
#[inline]
pub(crate) fn push_u64(buf: &mut Vec<u8>, v: u64) {
    buf.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
}

/// Appends `v` in decimal, right-aligned in `width` columns.
#[inline]
pub(crate) fn push_padded(buf: &mut Vec<u8>, v: u64, width: usize) {
    let mut b = itoa::Buffer::new();
    let s = b.format(v).as_bytes();
    buf.resize(buf.len() + width.saturating_sub(s.len()), b' ');
    buf.extend_from_slice(s);
}

/// Appends a square's algebraic name: the file letters (a..z, aa, ...) and the rank, counted
/// from the bottom row as 1.
#[inline]
pub(crate) fn push_algebraic(buf: &mut Vec<u8>, rows: u32, row: u32, col: u32) {
    let mut letters = [0u8; 8];
    let mut k = letters.len();
    let mut n = col as u64 + 1;
    while n > 0 {
        k -= 1;
        letters[k] = b'a' + ((n - 1) % 26) as u8;
        n = (n - 1) / 26;
    }
    buf.extend_from_slice(&letters[k..]);
    push_u64(buf, (rows - row) as u64);
}

/// The row and column of every square of `path[range]`.
#[inline]
pub(crate) fn squares<'a>(
    path: &'a [u32],
    range: Range<usize>,
    split: Splitter,
) -> impl Iterator<Item = (usize, u32, u32)> + 'a {
    path[range.clone()].iter().zip(range).map(move |(&sq, i)| {
        let (r, c) = split.split(sq);
        (i, r, c)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{file_name, Board, Square};

    #[test]
    fn pieces_match_the_general_formatter() {
        let b = Board::new(30, 800).unwrap();
        for (r, c) in [(0, 0), (29, 25), (0, 26), (5, 701), (12, 799)] {
            let mut buf = Vec::new();
            push_algebraic(&mut buf, b.rows, r, c);
            assert_eq!(
                String::from_utf8(buf).unwrap(),
                b.algebraic(Square::new(r, c))
            );
            assert!(b.algebraic(Square::new(r, c)).starts_with(&file_name(c)));
        }
        let mut buf = Vec::new();
        push_padded(&mut buf, 42, 5);
        push_padded(&mut buf, 123456, 3);
        push_u64(&mut buf, 0);
        assert_eq!(buf, b"   421234560");
    }

    #[test]
    fn chunks_are_written_in_order() {
        let n = 3 * CHUNK + 17;
        let mut out = Vec::new();
        write_chunked(&mut out, n, CHUNK, |r, buf| {
            for i in r {
                push_u64(buf, i as u64);
                buf.push(b'\n');
            }
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().enumerate().all(|(i, l)| l == i.to_string()));
        assert_eq!(text.lines().count(), n);
    }
}
