//! Numbers and entries of a tour file's path read fast: eight digits at a time where the
//! bytes allow, big paths cut into pieces parsed side by side, a plain reader otherwise.

use crate::board::Board;
use crate::tour::Tile;

/// Bytes the fast entry reader may look at: more than any entry it accepts.
pub(super) const FAST_ROOM: usize = 48;

/// The number of at most 7 digits at the start of `s` (8 bytes or more), and its length; `None`
/// for no digit, 8 or more, or a number that goes on as a fraction or exponent. Eight bytes
/// are tested and converted at once (SWAR), which leaves no branch on the number's length.
#[inline(always)]
pub(super) fn swar_number(s: &[u8]) -> Option<(u64, usize)> {
    let (v, len) = digits(s)?;
    (len < 8 && !matches!(s[len], b'.' | b'e' | b'E')).then_some((v, len))
}

/// The run of 1 to 8 digits at the start of `s` (8 bytes or more) and its length; what follows
/// the run is for the caller to check.
#[inline(always)]
pub(super) fn digits(s: &[u8]) -> Option<(u64, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let w = u64::from_le_bytes(s.get(..8)?.try_into().ok()?);
    let t = w.wrapping_sub(ONES * b'0' as u64);
    // A byte is a digit when t < 10 there: t + 0x76 then stays below 0x80. Borrows and carries
    // only move upwards, so the bytes before the first non-digit read true.
    let non_digit = (t | t.wrapping_add(ONES * 0x76)) & (ONES * 0x80);
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 {
        return None;
    }
    // Digits moved to the top bytes, zeros in front, then pairs, fours and eights combined.
    let v = t << (8 * (8 - len));
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let v = ((v & 0x0000_00FF_0000_00FF)
        .wrapping_mul(100 + (1_000_000 << 32))
        .wrapping_add(((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32))))
        >> 32;
    Some((v, len))
}

/// One path entry `[row, col]` and the separator after it, read from the start of `s` when it
/// is written plainly: one optional space where our writer puts one, numbers of at most 7
/// digits. Returns the row, the column, the bytes used and whether a `,` (rather than the
/// closing `]`) follows.
#[inline(always)]
pub(super) fn fast_entry(s: &[u8]) -> Option<(u64, u64, usize, bool)> {
    let s = s.get(..FAST_ROOM)?;
    if s[0] != b'[' {
        return None;
    }
    let (r, n) = swar_number(&s[1..])?;
    let mut i = 1 + n;
    if s[i] != b',' {
        return None;
    }
    i += 1 + usize::from(s[i + 1] == b' ');
    let (c, n) = swar_number(&s[i..])?;
    i += n;
    if s[i] != b']' {
        return None;
    }
    let more = match s[i + 1] {
        b',' => true,
        b']' => false,
        _ => return None,
    };
    i += 2;
    if more && s[i] == b' ' {
        i += 1;
    }
    Some((r, c, i, more))
}

/// Unread bytes in the buffer from which the path is read on two threads (a hand-over costs
/// a thread's wake-up, some microseconds).
#[cfg(feature = "parallel")]
pub(super) const PARALLEL_BYTES: usize = 1 << 16;

/// Path entries read from the start of `s` (at an entry) into `out` by [`plain_entries`], on two
/// threads when `s` is long enough and there are two. Returns the bytes used.
#[inline]
pub(super) fn entries(
    s: &[u8],
    b: Board,
    room: usize,
    out: &mut Vec<u32>,
    tail: &mut Vec<u32>,
) -> usize {
    // A few entries first, so a file written otherwise stops here at once, not after a
    // hand-over to two threads for every entry.
    let before = out.len();
    let at = plain_entries(s, PROBE_BYTES.min(s.len()), b, room, out);
    let room = room - (out.len() - before);
    let rest = &s[at..];
    #[cfg(feature = "parallel")]
    if at >= PROBE_BYTES && rest.len() >= PARALLEL_BYTES && rayon::current_num_threads() > 1 {
        return at + parallel_entries(rest, b, room, out, tail);
    }
    #[cfg(not(feature = "parallel"))]
    let _ = tail;
    at + plain_entries(rest, rest.len(), b, room, out)
}

/// Entries read the general way after one the plain way could not read, before it is tried
/// again: a file written otherwise would else try it, and fail, at every entry.
pub(super) const RETRY_AFTER: usize = 64;

/// Bytes of entries read on one thread before the rest may be read on two.
pub(super) const PROBE_BYTES: usize = 256;

/// Path entries read from the start of `s` (at an entry) into `out`, each index on board `b`,
/// on two threads: `s` is cut at the first `[` after its middle, and each half is read by
/// [`plain_entries`]. The second half counts only when the first ends exactly at the cut.
/// Returns the bytes used; the caller reads whatever is left (an entry written otherwise, an
/// error, the path's last entry) the general way, so the result is the one-thread result.
#[cfg(feature = "parallel")]
pub(super) fn parallel_entries(
    s: &[u8],
    b: Board,
    room: usize,
    out: &mut Vec<u32>,
    tail: &mut Vec<u32>,
) -> usize {
    let mid = s.len() / 2;
    let Some(cut) = s[mid..].iter().position(|&c| c == b'[').map(|i| mid + i) else {
        return plain_entries(s, s.len(), b, room, out);
    };
    let start = out.len();
    tail.clear();
    let (head_end, tail_end) = rayon::join(
        || plain_entries(s, cut, b, room, out),
        || plain_entries(&s[cut..], s.len() - cut, b, room, tail),
    );
    if head_end != cut || out.len() - start + tail.len() > room {
        return head_end;
    }
    out.extend_from_slice(tail);
    cut + tail_end
}

/// Entries starting before `until` read from the start of `s` into `out` while they are written
/// plainly (`[R, C], ` with each space optional, as our writer or a compact writer writes them,
/// numbers of at most 8 digits, 16 bytes or less up to the `]`), lie on board `b` and number at
/// most `room`. Returns the bytes used, which end at an entry's start.
///
/// The next entry's place depends only on where this one's `]` is, found in one 16-byte word,
/// not on reading its numbers first: so the processor reads several entries at once.
#[inline]
pub(super) fn plain_entries(
    s: &[u8],
    until: usize,
    b: Board,
    room: usize,
    out: &mut Vec<u32>,
) -> usize {
    let mut at = 0;
    let mut room = room;
    // Entries are gathered in a small array first: pushing one at a time stores the vector's
    // length after every entry.
    let mut batch = [0u32; 64];
    loop {
        let want = room.min(batch.len());
        let mut k = 0;
        while k < want && at < until {
            let Some((index, used)) = s.get(at..at + FAST_ROOM).and_then(|t| plain_entry(t, b))
            else {
                break;
            };
            batch[k] = index;
            k += 1;
            at += used;
        }
        out.extend_from_slice(&batch[..k]);
        room -= k;
        if k < batch.len() {
            return at;
        }
    }
}

/// One entry `[R, C], ` at the start of `t` as [`plain_entries`] takes it: its index on board
/// `b` and its length.
#[inline(always)]
pub(super) fn plain_entry(t: &[u8], b: Board) -> Option<(u32, usize)> {
    let t: &[u8; FAST_ROOM] = t.try_into().ok()?;
    let e = close_at(t)?;
    let (r, n) = digits(&t[1..])?;
    let col = 2 + n + usize::from(t[2 + n] == b' ');
    let (c, m) = digits(&t[col..])?;
    let plain = t[0] == b'[' && t[1 + n] == b',' && col + m == e && t[e + 1] == b',';
    (plain && r < u64::from(b.rows) && c < u64::from(b.cols)).then(|| {
        (
            r as u32 * b.cols + c as u32,
            e + 2 + usize::from(t[e + 2] == b' '),
        )
    })
}

/// Where the first `]` is in the first 16 bytes of `s` (16 bytes or more), found at once with
/// the zero-byte test on one 128-bit word; `None` when there is none.
#[inline(always)]
pub(super) fn close_at(s: &[u8]) -> Option<usize> {
    const ONES: u128 = u128::MAX / 255;
    let w = u128::from_le_bytes(s.get(..16)?.try_into().ok()?);
    let x = w ^ (ONES * u128::from(b']'));
    // Borrows move upwards only, so the lowest flagged byte is the first `]`.
    let zero = x.wrapping_sub(ONES) & !x & (ONES * 0x80);
    (zero != 0).then_some((zero.trailing_zeros() / 8) as usize)
}

/// Bytes the fast tile reader may look at: more than any tile it accepts.
pub(super) const TILE_ROOM: usize = 96;

/// One tile `{"row": R, "col": C, "rows": H, "cols": W}` at the start of `s`, read straight from
/// the buffer when it is written exactly so (as our writer writes it), with numbers of at most
/// 7 digits. Returns the tile and the bytes used.
#[inline]
pub(super) fn fast_tile(s: &[u8]) -> Option<(Tile, usize)> {
    let s = s.get(..TILE_ROOM)?;
    let mut at = 0;
    let mut field = |name: &[u8]| {
        let end = at + name.len();
        if s.get(at..end)? != name {
            return None;
        }
        let (v, n) = swar_number(&s[end..])?;
        at = end + n;
        Some(v as u32)
    };
    let row = field(b"{\"row\": ")?;
    let col = field(b", \"col\": ")?;
    let rows = field(b", \"rows\": ")?;
    let cols = field(b", \"cols\": ")?;
    (s[at] == b'}').then_some((
        Tile {
            row,
            col,
            rows,
            cols,
        },
        at + 1,
    ))
}
