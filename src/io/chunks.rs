//! Writers at disk speed: squares are formatted by hand (digit pairs, a row and column from
//! one multiplication) into reused buffers, chunk by chunk, on every core where the
//! `parallel` feature allows, while the caller's thread writes the chunks in order. Memory
//! stays bounded: a ring of three buffers a thread, whatever the tour's length.

use std::io::{self, Write};
use std::ops::Range;
#[cfg(feature = "parallel")]
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
#[cfg(feature = "parallel")]
use std::sync::Mutex;
#[cfg(feature = "parallel")]
use std::thread::Thread;

use crate::board::{file_letters, Splitter};

/// Items a chunk formats: about a megabyte of text, enough to keep the writes large and the
/// hand-overs few (2^15 and 2^17 were both slower for the 3000x3000 JSON).
pub(crate) const CHUNK: usize = 1 << 17;

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
    if ranges.len() > 2 && rayon::current_num_threads() > 1 {
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

/// Formats chunks on every core into a small ring of buffers while the caller's thread
/// writes them in order; the caller formats too whenever the chunk it must write next is not
/// ready. The ring is small enough to stay in the caches, and the threads hand chunks over by
/// spinning on atomics, not by sleeping: a wake-up costs more than formatting a chunk.
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
    let threads = rayon::current_num_threads().clamp(1, MAX_FORMATTERS);
    let ring = Ring {
        ranges,
        fill,
        slots: (0..SLOTS_PER_THREAD * threads)
            .map(|_| Slot {
                ready: AtomicUsize::new(0),
                text: Mutex::new(Text::with_room(room)),
            })
            .collect(),
        claimed: AtomicUsize::new(0),
        written: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    std::thread::scope(|s| {
        let formatters: Vec<_> = (1..threads)
            .map(|_| s.spawn(|| ring.format_until_done()).thread().clone())
            .collect();
        let result = ring.write_in_order(w, &formatters);
        // Formatters waiting for room must not wait for a writer that has stopped.
        ring.stop.store(true, Ordering::Release);
        formatters.iter().for_each(Thread::unpark);
        result
    })
}

/// Most threads that format at once: the writer's thread and one more already keep a disk
/// busy, and each further thread only spins.
#[cfg(feature = "parallel")]
const MAX_FORMATTERS: usize = 4;

/// Buffers in the ring for each formatting thread: enough that a thread can run ahead of the
/// writer by a chunk while the writer empties another.
#[cfg(feature = "parallel")]
const SLOTS_PER_THREAD: usize = 3;

/// The state the formatting threads and the writer share.
#[cfg(feature = "parallel")]
struct Ring<'a, F> {
    ranges: &'a [Range<usize>],
    fill: &'a F,
    slots: Vec<Slot>,
    /// The next chunk no thread has taken.
    claimed: AtomicUsize,
    /// Chunks written so far; chunk `i` may be formatted once chunk `i - slots` is written.
    written: AtomicUsize,
    stop: AtomicBool,
}

/// One buffer of the ring and which chunk it holds.
#[cfg(feature = "parallel")]
struct Slot {
    /// One more than the index of the chunk whose text is ready in `text`; 0 for none.
    ready: AtomicUsize,
    /// Locked by one thread at a time by construction, so the lock is never contended.
    text: Mutex<Text>,
}

#[cfg(feature = "parallel")]
impl<F> Ring<'_, F>
where
    F: Fn(Range<usize>, &mut Text) + Sync,
{
    /// Formats the next chunk no thread has taken, if its buffer is free; returns whether
    /// there may be more to do without waiting.
    fn format_one(&self) -> bool {
        let i = self.claimed.load(Ordering::Acquire);
        if i >= self.ranges.len() || i >= self.written.load(Ordering::Acquire) + self.slots.len() {
            return false;
        }
        if self
            .claimed
            .compare_exchange(i, i + 1, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            return true;
        }
        let slot = &self.slots[i % self.slots.len()];
        let mut text = slot.text.lock().unwrap_or_else(|e| e.into_inner());
        text.clear();
        (self.fill)(self.ranges[i].clone(), &mut text);
        drop(text);
        slot.ready.store(i + 1, Ordering::Release);
        true
    }

    /// A formatting thread's work: chunks until none are left or the writer stops. A full
    /// ring waits for a slow writer (a pipe, a disk) asleep, so the spare core goes to
    /// whoever reads the output.
    fn format_until_done(&self) {
        let mut idle = 0;
        while !self.stop.load(Ordering::Acquire)
            && self.claimed.load(Ordering::Acquire) < self.ranges.len()
        {
            // The writer unparks after every chunk; the timeout only bounds a lost wake-up.
            self.format_or_wait(&mut idle, || {
                std::thread::park_timeout(std::time::Duration::from_millis(1))
            });
        }
    }

    /// Formats a chunk if one may be taken; else spins a while, then waits by `rest`.
    fn format_or_wait(&self, idle: &mut u32, rest: impl Fn()) {
        if self.format_one() {
            *idle = 0;
        } else if *idle < SPINS {
            *idle += 1;
            std::hint::spin_loop();
        } else {
            rest();
        }
    }

    /// The writer's work: every chunk in order, formatting while the next one is not ready;
    /// each written chunk frees a slot, so the sleeping `formatters` are woken.
    fn write_in_order(
        &self,
        w: &mut (impl Write + ?Sized),
        formatters: &[Thread],
    ) -> io::Result<()> {
        for i in 0..self.ranges.len() {
            let slot = &self.slots[i % self.slots.len()];
            let mut idle = 0;
            // The chunk is being formatted elsewhere: a wait of at most one chunk's work.
            while slot.ready.load(Ordering::Acquire) != i + 1 {
                self.format_or_wait(&mut idle, std::thread::yield_now);
            }
            let text = slot.text.lock().unwrap_or_else(|e| e.into_inner());
            w.write_all(text.as_bytes())?;
            drop(text);
            self.written.store(i + 1, Ordering::Release);
            formatters.iter().for_each(Thread::unpark);
        }
        Ok(())
    }
}

/// Spins before a thread waits by other means: a chunk is handed over within microseconds.
#[cfg(feature = "parallel")]
const SPINS: u32 = 1 << 10;

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
        let cases = [(3 * CHUNK + 17, CHUNK, 12), (37_017, 1000, 1), (5, 2, 3)];
        let check = || {
            for (n, per_chunk, per_item) in cases {
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
        };
        check();
        // One thread writes alone; three or more share a ring that wraps many times.
        #[cfg(feature = "parallel")]
        for threads in [1, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(check);
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
