//! Writers at disk speed: squares are formatted by hand (digit pairs, a row and column from
//! one multiplication) into large buffers, chunk by chunk, on every core where the `parallel`
//! feature allows, and the chunks are written in order. Memory stays bounded: only a few
//! chunks are held at a time, whatever the tour's length.

use std::io::{self, Write};
use std::ops::Range;

use crate::board::Splitter;

/// Squares a chunk formats: a few MB of text, enough to keep the writes large.
pub(crate) const CHUNK: usize = 1 << 18;

/// Formats `0..n` in chunks of `per_chunk` items with `fill` (which appends the text of a
/// range to a buffer, at most `per_item` bytes an item) and writes the chunks to `w` in order.
pub(crate) fn write_chunked<F>(
    w: &mut (impl Write + ?Sized),
    n: usize,
    per_chunk: usize,
    per_item: usize,
    fill: F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Vec<u8>) + Sync,
{
    let per = per_chunk.max(1);
    let ranges: Vec<Range<usize>> = (0..n).step_by(per).map(|a| a..(a + per).min(n)).collect();
    write_ranges(w, &ranges, per_item, &fill)
}

/// Formats and writes the ranges in order; on every core a batch at a time where the
/// `parallel` feature allows.
fn write_ranges<F>(
    w: &mut (impl Write + ?Sized),
    ranges: &[Range<usize>],
    per_item: usize,
    fill: &F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Vec<u8>) + Sync,
{
    let format = |r: &Range<usize>| {
        let mut buf = Vec::with_capacity(r.len() * per_item + RECORD);
        fill(r.clone(), &mut buf);
        buf
    };
    #[cfg(feature = "parallel")]
    if ranges.len() > 1 {
        use rayon::prelude::*;
        // A batch of chunks formatted side by side, then written in order: two a thread
        // keeps every core busy while memory stays a few chunks.
        let batch = 2 * rayon::current_num_threads().max(1);
        for group in ranges.chunks(batch) {
            let texts: Vec<Vec<u8>> = group.par_iter().map(format).collect();
            for t in &texts {
                w.write_all(t)?;
            }
        }
        return Ok(());
    }
    for r in ranges {
        w.write_all(&format(r))?;
    }
    Ok(())
}

/// Two-digit pairs "00" to "99".
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Decimal digits of `v`.
#[inline]
fn digits(v: u32) -> usize {
    match v {
        0..=9 => 1,
        10..=99 => 2,
        100..=999 => 3,
        1000..=9999 => 4,
        10_000..=99_999 => 5,
        100_000..=999_999 => 6,
        1_000_000..=9_999_999 => 7,
        10_000_000..=99_999_999 => 8,
        100_000_000..=999_999_999 => 9,
        _ => 10,
    }
}

/// Writes `v` in decimal at the start of `dst` (at least 10 bytes); returns its length.
#[inline]
fn put(dst: &mut [u8], mut v: u32) -> usize {
    let n = digits(v);
    let mut i = n;
    while v >= 100 {
        let p = (v % 100) as usize * 2;
        v /= 100;
        i -= 2;
        dst[i..i + 2].copy_from_slice(&PAIRS[p..p + 2]);
    }
    if v >= 10 {
        let p = v as usize * 2;
        dst[..2].copy_from_slice(&PAIRS[p..p + 2]);
    } else {
        dst[0] = b'0' + v as u8;
    }
    n
}

/// A record being assembled in place at the end of a buffer: a fixed-size window is added
/// (a fixed-size copy, not a call), written into, and cut back to what was used.
pub(crate) struct Record<'a> {
    buf: &'a mut Vec<u8>,
    at: usize,
}

/// Bytes a record may take: three numbers, an algebraic name and separators.
const RECORD: usize = 64;

impl<'a> Record<'a> {
    /// Starts a record at the end of `buf`.
    #[inline]
    pub(crate) fn new(buf: &'a mut Vec<u8>) -> Self {
        let at = buf.len();
        buf.resize(at + RECORD, 0);
        Record { buf, at }
    }

    /// Appends literal bytes (short separators).
    #[inline]
    pub(crate) fn text(&mut self, t: &[u8]) -> &mut Self {
        self.buf[self.at..self.at + t.len()].copy_from_slice(t);
        self.at += t.len();
        self
    }

    /// Appends `v` in decimal.
    #[inline]
    pub(crate) fn num(&mut self, v: u32) -> &mut Self {
        self.at += put(&mut self.buf[self.at..], v);
        self
    }

    /// Appends `v` in decimal, right-aligned in `width` columns (at most 10).
    #[inline]
    pub(crate) fn padded(&mut self, v: u32, width: usize) -> &mut Self {
        let pad = width.saturating_sub(digits(v));
        self.buf[self.at..self.at + pad].fill(b' ');
        self.at += pad;
        self.num(v)
    }

    /// Appends `#` right-aligned in `width` columns: a hole in a numbered grid.
    pub(crate) fn hole(&mut self, width: usize) -> &mut Self {
        self.buf[self.at..self.at + width - 1].fill(b' ');
        self.buf[self.at + width - 1] = b'#';
        self.at += width;
        self
    }

    /// Appends a square's algebraic name: the file letters (a..z, aa, ...) and the rank,
    /// counted from the bottom row as 1.
    #[inline]
    pub(crate) fn algebraic(&mut self, rows: u32, row: u32, col: u32) -> &mut Self {
        let mut letters = [0u8; 8];
        let mut k = letters.len();
        let mut n = col as u64 + 1;
        while n > 0 {
            k -= 1;
            letters[k] = b'a' + ((n - 1) % 26) as u8;
            n = (n - 1) / 26;
        }
        self.text(&letters[k..]).num(rows - row)
    }
}

impl Drop for Record<'_> {
    fn drop(&mut self) {
        self.buf.truncate(self.at);
    }
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
    fn records_match_the_general_formatter() {
        let b = Board::new(30, 800).unwrap();
        for (r, c) in [(0, 0), (29, 25), (0, 26), (5, 701), (12, 799)] {
            let mut buf = Vec::new();
            Record::new(&mut buf).algebraic(b.rows, r, c);
            assert_eq!(
                String::from_utf8(buf).unwrap(),
                b.algebraic(Square::new(r, c))
            );
            assert!(b.algebraic(Square::new(r, c)).starts_with(&file_name(c)));
        }
        let mut buf = b"x".to_vec();
        Record::new(&mut buf)
            .padded(42, 5)
            .padded(123456, 3)
            .text(b",")
            .num(0);
        for v in [
            9u32,
            10,
            99,
            100,
            12345,
            999_999_999,
            1_000_000_000,
            u32::MAX,
        ] {
            Record::new(&mut buf).text(b" ").num(v);
        }
        assert_eq!(
            String::from_utf8(buf).unwrap(),
            "x   42123456,0 9 10 99 100 12345 999999999 1000000000 4294967295"
        );
    }

    #[test]
    fn chunks_are_written_in_order() {
        let n = 3 * CHUNK + 17;
        let mut out = Vec::new();
        write_chunked(&mut out, n, CHUNK, 12, |r, buf| {
            for i in r {
                Record::new(buf).num(i as u32).text(b"\n");
            }
        })
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.lines().enumerate().all(|(i, l)| l == i.to_string()));
        assert_eq!(text.lines().count(), n);
    }
}
