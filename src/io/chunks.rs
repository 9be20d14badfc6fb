//! Writers at disk speed: squares are formatted by hand (digit pairs, a row and column from
//! one multiplication) into large reused buffers, chunk by chunk, on every core where the
//! `parallel` feature allows; while one batch of chunks is written, the next is formatted.
//! Memory stays bounded: only three batches of chunks are held at a time, whatever the tour's
//! length.

use std::io::{self, Write};
use std::ops::Range;

use crate::board::{file_letters, Splitter};

/// Items a chunk formats: about a megabyte of text, enough to keep the writes large and few
/// enough that three batches of chunks stay small beside the tour.
pub(crate) const CHUNK: usize = 1 << 16;

/// Formats `0..n` in chunks of `per_chunk` items with `fill` (which appends the text of a
/// range to a [`Text`], at most `per_item` bytes an item) and writes the chunks to `w` in order.
pub(crate) fn write_chunked<F>(
    w: &mut (impl Write + ?Sized),
    n: usize,
    per_chunk: usize,
    per_item: usize,
    fill: F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Text) + Sync,
{
    let per = per_chunk.max(1);
    let ranges: Vec<Range<usize>> = (0..n).step_by(per).map(|a| a..(a + per).min(n)).collect();
    let room = per.min(n) * per_item + RECORD;
    // The thread count is asked only for big outputs: asking starts the thread pool.
    #[cfg(feature = "parallel")]
    if ranges.len() > 2 && ranges.len() > 2 * rayon::current_num_threads().max(1) {
        return pipeline(w, &ranges, room, &fill);
    }
    let mut text = Text::with_room(room);
    for r in ranges {
        text.clear();
        fill(r, &mut text);
        w.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// Formats batches of chunks on the thread pool, one batch ahead of the writer: the caller's
/// thread only writes, so the formatting hides behind the write.
#[cfg(feature = "parallel")]
fn pipeline<F>(
    w: &mut (impl Write + ?Sized),
    ranges: &[Range<usize>],
    room: usize,
    fill: &F,
) -> io::Result<()>
where
    F: Fn(Range<usize>, &mut Text) + Sync,
{
    use rayon::prelude::*;
    use std::sync::mpsc;
    // Two chunks a thread keep every core busy; three sets of buffers circulate.
    const SETS: usize = 3;
    let batch = 2 * rayon::current_num_threads().max(1);
    // One batch is written while one waits and one is formatted.
    let (full_tx, full_rx) = mpsc::sync_channel::<Vec<Text>>(1);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<Text>>();
    std::thread::scope(move |s| {
        s.spawn(move || {
            let mut made = 0;
            for group in ranges.chunks(batch) {
                let texts = if made < SETS {
                    made += 1;
                    Some((0..batch).map(|_| Text::with_room(room)).collect())
                } else {
                    empty_rx.recv().ok()
                };
                let Some(mut texts) = texts else {
                    return; // the writer stopped on an error
                };
                texts.par_iter_mut().zip(group.par_iter()).for_each(
                    |(t, r): (&mut Text, &Range<usize>)| {
                        t.clear();
                        fill(r.clone(), t);
                    },
                );
                if full_tx.send(texts).is_err() {
                    return;
                }
            }
        });
        // Dropping both ends on an error lets the formatter stop before the scope waits for it.
        let (full_rx, empty_tx) = (full_rx, empty_tx);
        let mut done = 0;
        for texts in full_rx.iter() {
            let k = (ranges.len() - done).min(batch);
            for t in &texts[..k] {
                w.write_all(t.as_bytes())?;
            }
            done += k;
            let _ = empty_tx.send(texts);
        }
        Ok(())
    })
}

/// A buffer of text written through pre-sized room: a record takes a window of the room and
/// keeps what it used, so formatting never grows or zeroes the buffer square by square.
pub(crate) struct Text {
    buf: Vec<u8>,
    at: usize,
}

impl Text {
    /// An empty text with room for `bytes` bytes before it must grow.
    pub(crate) fn with_room(bytes: usize) -> Text {
        Text {
            buf: vec![0; bytes.max(RECORD)],
            at: 0,
        }
    }

    /// Empties the text, keeping its room.
    pub(crate) fn clear(&mut self) {
        self.at = 0;
    }

    /// The text written so far.
    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.buf[..self.at]
    }
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

/// Appends `v` in decimal to `out`, without the general formatter.
#[cfg(feature = "render")]
pub(crate) fn push_decimal(out: &mut Vec<u8>, v: u32) {
    let mut buf = [0u8; 10];
    let n = put(&mut buf, v);
    out.extend_from_slice(&buf[..n]);
}

/// The two digits of `v` (below 100), "00" to "99".
#[cfg(feature = "render")]
pub(crate) fn two_digits(v: usize) -> &'static [u8] {
    let p = v.min(99) * 2;
    &PAIRS[p..p + 2]
}

/// The text of every number below a bound (in decimal or as file letters, between a fixed
/// prefix and suffix), one 16-byte word each: up to 15 bytes of text and the length in the
/// last byte. A number is then one load and one store.
pub(crate) struct Words {
    table: Vec<[u8; 16]>,
}

/// Largest table: 2^16 words (1 MB), enough for the rows and columns of any square board up
/// to the largest; beyond it numbers are formatted digit by digit.
const MAX_TABLE: u32 = 1 << 16;

impl Words {
    /// The decimal text of the numbers below `bound` (at most [`MAX_TABLE`] of them).
    pub(crate) fn numbers(bound: u32) -> Words {
        Words::new(bound, b"", put, b"")
    }

    /// The decimal text of the numbers below `bound`, each between `prefix` and `suffix`
    /// (together at most 10 bytes).
    pub(crate) fn decorated(bound: u32, prefix: &[u8], suffix: &[u8]) -> Words {
        Words::new(bound, prefix, put, suffix)
    }

    /// The file letters (a..z, aa, ...) of the columns below `bound`.
    pub(crate) fn files(bound: u32) -> Words {
        Words::new(bound, b"", file_letters, b"")
    }

    fn new(bound: u32, prefix: &[u8], text: fn(&mut [u8], u32) -> usize, suffix: &[u8]) -> Words {
        let mut middle = [0u8; 16];
        let table = (0..bound.min(MAX_TABLE))
            .map(|v| {
                let n = text(&mut middle, v);
                let mut word = [0u8; 16];
                let len = prefix.len() + n + suffix.len();
                word[..prefix.len()].copy_from_slice(prefix);
                word[prefix.len()..prefix.len() + n].copy_from_slice(&middle[..n]);
                word[prefix.len() + n..len].copy_from_slice(suffix);
                word[15] = len as u8;
                word
            })
            .collect();
        Words { table }
    }

    /// The word of `v`, if the table holds it.
    #[inline]
    pub(crate) fn get(&self, v: u32) -> Option<&[u8; 16]> {
        self.table.get(v as usize)
    }
}

/// Records being assembled in place at the end of a [`Text`]: written into the room past the
/// end, then kept up to what was used. The room is a plain slice held for a whole run of
/// records, so its start and length stay in registers while the bytes are stored.
pub(crate) struct Record<'a> {
    buf: &'a mut [u8],
    at: usize,
    end: &'a mut usize,
}

/// Bytes a record may take: three numbers, an algebraic name and separators.
const RECORD: usize = 64;

impl<'a> Record<'a> {
    /// Starts one record at the end of `text`.
    #[cfg(test)]
    pub(crate) fn new(text: &'a mut Text) -> Self {
        Record::with_room(text, RECORD)
    }

    /// Starts records at the end of `text` that together take at most `bytes` bytes (plus
    /// the 16-byte overhang of a table word).
    #[inline]
    pub(crate) fn with_room(text: &'a mut Text, bytes: usize) -> Self {
        let Text { buf, at } = text;
        let need = *at + bytes + RECORD;
        if need > buf.len() {
            buf.resize(need.max(2 * buf.len()), 0);
        }
        Record {
            buf: &mut buf[..],
            at: *at,
            end: at,
        }
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

    /// Appends `v` in decimal, from the table when it holds `v`.
    #[inline]
    pub(crate) fn num_in(&mut self, numbers: &Words, v: u32) -> &mut Self {
        match numbers.get(v) {
            Some(word) => self.word(word),
            None => self.num(v),
        }
    }

    /// Appends the text of a table word.
    #[inline]
    pub(crate) fn word(&mut self, word: &[u8; 16]) -> &mut Self {
        // All 16 bytes are stored; the ones past the text are overwritten or cut.
        self.buf[self.at..self.at + 16].copy_from_slice(word);
        self.at += word[15] as usize;
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
    /// counted from the bottom row as 1; `files` and `numbers` are tables for the board.
    #[inline]
    pub(crate) fn algebraic(
        &mut self,
        files: &Words,
        numbers: &Words,
        rows: u32,
        row: u32,
        col: u32,
    ) -> &mut Self {
        match files.get(col) {
            Some(word) => self.word(word),
            None => {
                self.at += file_letters(&mut self.buf[self.at..], col);
                self
            }
        }
        .num_in(numbers, rows - row)
    }
}

impl Drop for Record<'_> {
    fn drop(&mut self) {
        *self.end = self.at;
    }
}

/// Appends, for each square, the texts of its row's word and its column's word; returns
/// how many squares it wrote, stopping at the first whose row or column the tables lack.
#[inline]
pub(crate) fn pairs(
    text: &mut Text,
    squares: &[u32],
    split: Splitter,
    rows: &Words,
    cols: &Words,
) -> usize {
    // A pair takes at most 28 bytes; the last one's 32-byte window ends in the spare room.
    let mut rec = Record::with_room(text, squares.len() * 28);
    // The room and the position are plain locals, so the loop keeps them in registers.
    let buf = &mut *rec.buf;
    let mut at = rec.at;
    let (rows, cols) = (&rows.table[..], &cols.table[..]);
    let mut done = 0;
    for &sq in squares {
        let (r, c) = split.split(sq);
        let (Some(a), Some(b)) = (rows.get(r as usize), cols.get(c as usize)) else {
            break;
        };
        let Some(dst) = buf.get_mut(at..).and_then(|d| d.first_chunk_mut::<32>()) else {
            break;
        };
        let la = usize::from(a[15] & 15);
        dst[..16].copy_from_slice(a);
        dst[la..la + 16].copy_from_slice(b);
        at += la + usize::from(b[15] & 15);
        done += 1;
    }
    rec.at = at;
    done
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
            let mut buf = Text::with_room(0);
            let (files, numbers) = (Words::files(b.cols), Words::numbers(b.rows + 1));
            Record::new(&mut buf).algebraic(&files, &numbers, b.rows, r, c);
            let (files, numbers) = (Words::files(0), Words::numbers(0));
            Record::new(&mut buf)
                .text(b"=")
                .algebraic(&files, &numbers, b.rows, r, c);
            assert_eq!(
                String::from_utf8(buf.as_bytes().to_vec()).unwrap(),
                format!("{0}={0}", b.algebraic(Square::new(r, c)))
            );
            assert!(b.algebraic(Square::new(r, c)).starts_with(&file_name(c)));
        }
        let mut buf = Text::with_room(0);
        Record::new(&mut buf).text(b"x");
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
            String::from_utf8(buf.as_bytes().to_vec()).unwrap(),
            "x   42123456,0 9 10 99 100 12345 999999999 1000000000 4294967295"
        );
    }

    #[test]
    fn decorated_words_match_the_plain_text() {
        let (rows, cols) = (
            Words::decorated(70_000, b", [", b", "),
            Words::decorated(9, b"", b"]"),
        );
        for (r, c) in [(0, 0), (9, 8), (65_535, 5)] {
            let mut t = Text::with_room(0);
            Record::new(&mut t)
                .word(rows.get(r).unwrap())
                .word(cols.get(c).unwrap());
            assert_eq!(
                String::from_utf8(t.as_bytes().to_vec()).unwrap(),
                format!(", [{r}, {c}]")
            );
        }
        assert!(rows.get(65_536).is_none() && cols.get(9).is_none());
    }

    #[test]
    fn table_words_match_the_digits() {
        let (numbers, files) = (Words::numbers(70_000), Words::files(70_000));
        for v in (0..70_000)
            .step_by(7)
            .chain([9, 10, 99, 100, 65_535, 65_536, 69_999])
        {
            let mut t = Text::with_room(0);
            Record::new(&mut t).num_in(&numbers, v).text(b" ");
            Record::new(&mut t).algebraic(&files, &numbers, 70_000, 0, v);
            let want = format!("{v} {}70000", crate::board::file_name(v));
            assert_eq!(String::from_utf8(t.as_bytes().to_vec()).unwrap(), want);
        }
    }

    #[test]
    fn chunks_are_written_in_order() {
        // Many batches, and items longer than their stated share so the room must grow.
        for (n, per_chunk, per_item) in [(3 * CHUNK + 17, CHUNK, 12), (37_017, 1000, 1), (5, 2, 3)]
        {
            let mut out = Vec::new();
            write_chunked(&mut out, n, per_chunk, per_item, |r, buf| {
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

    /// A sink that fails once it has taken `left` bytes.
    struct Failing {
        left: usize,
    }

    impl Write for Failing {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
            }
            let k = b.len().min(self.left);
            self.left -= k;
            Ok(k)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_write_stops_the_formatting_and_returns_the_error() {
        for left in [0, 10, 5000, 200_000] {
            let mut w = Failing { left };
            let e = write_chunked(&mut w, 100_000, 1000, 8, |r, buf| {
                for i in r {
                    Record::new(buf).num(i as u32).text(b"\n");
                }
            })
            .unwrap_err();
            assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        }
    }
}
