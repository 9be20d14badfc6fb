//! Bit sets for the verifier and the puzzle rules: one bit an element, so a visited set over
//! 10^8 squares costs 12.5 MB and a candidate row over 2500 squares costs 40 words.

// The rows serve only the puzzle rules; a build without puzzles keeps the visited set alone.
#![cfg_attr(not(feature = "puzzle"), allow(dead_code))]

/// A set of small integers below a fixed bound.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// An empty set over `n` elements.
    pub(crate) fn new(n: usize) -> Self {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// Inserts `i`; returns false if it was already there.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let w = &mut self.words[i >> 6];
        let bit = 1u64 << (i & 63);
        let fresh = *w & bit == 0;
        *w |= bit;
        fresh
    }

    /// Whether `i` is in the set.
    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        has(&self.words, i as u32)
    }

    /// Inserts `lo..hi`, or with `on` false removes it, a word at a time.
    pub(crate) fn set_range(&mut self, lo: usize, hi: usize, on: bool) {
        set_range_in(&mut self.words, lo, hi, on);
    }

    /// Whether every element of `lo..hi` is in the set, a word at a time.
    pub(crate) fn all_in(&self, lo: usize, hi: usize) -> bool {
        masks(lo, hi).all(|(w, mask)| self.words[w] & mask == mask)
    }

    /// The words, 64 elements each, the first in the lowest bit.
    pub(crate) fn words(&self) -> &[u64] {
        &self.words
    }

    /// The words, to be written a share at a time (by [`set_range_in`], say).
    pub(crate) fn words_mut(&mut self) -> &mut [u64] {
        &mut self.words
    }
}

/// Sets the bits `lo..hi` of `words`, or with `on` false clears them, a word at a time.
pub(crate) fn set_range_in(words: &mut [u64], lo: usize, hi: usize, on: bool) {
    for (w, mask) in masks(lo, hi) {
        if on {
            words[w] |= mask;
        } else {
            words[w] &= !mask;
        }
    }
}

/// How many of `values`, from the first on, go up by one at a time: the run of consecutive
/// squares a sorted list of holes starts with (a row of a macro).
pub(crate) fn consecutive(values: &[u32]) -> usize {
    let Some(&first) = values.first() else {
        return 0;
    };
    1 + values[1..]
        .iter()
        .zip(first as usize + 1..)
        .take_while(|&(&h, want)| h as usize == want)
        .count()
}

/// [`consecutive`] for a list sorted with no repeats, counting at most `most`: then a run of
/// `len` is there exactly when the `len`th value is the first plus `len - 1`, so its length
/// is found by a galloping search, a few looks (a hole at a time, the blocks' runs of a
/// 10^8-square floor plan, 6 million holes in 200,000 runs, took 25-34 ms).
pub(crate) fn consecutive_sorted(values: &[u32], most: usize) -> usize {
    let most = most.min(values.len());
    let Some(&first) = values.first().filter(|_| most > 0) else {
        return 0;
    };
    let run = |len: usize| values[len - 1] as usize == first as usize + len - 1;
    // `len` is a run; `past` is not (or lies beyond `most`).
    let (mut len, mut step) = (1, 1);
    while len + step <= most && run(len + step) {
        len += step;
        step *= 2;
    }
    let mut past = (len + step).min(most + 1);
    while past - len > 1 {
        let mid = (len + past) / 2;
        if run(mid) {
            len = mid;
        } else {
            past = mid;
        }
    }
    len
}

/// Whether any of the bits `lo..hi` of `words` is set, a word at a time (bits past the
/// words are not).
pub(crate) fn any_in(words: &[u64], lo: usize, hi: usize) -> bool {
    masks(lo, hi.min(words.len() * 64)).any(|(w, mask)| words[w] & mask != 0)
}

/// The words that `lo..hi` touches, each with the bits of it that it holds.
fn masks(lo: usize, hi: usize) -> impl Iterator<Item = (usize, u64)> {
    let mut i = lo;
    std::iter::from_fn(move || {
        (i < hi).then(|| {
            let (w, b) = (i >> 6, i & 63);
            let take = (64 - b).min(hi - i);
            i += take;
            let mask = if take == 64 {
                u64::MAX
            } else {
                ((1u64 << take) - 1) << b
            };
            (w, mask)
        })
    })
}

/// Equal-width rows of bits in one allocation: row `k` is a set over `0..width`.
#[derive(Debug, Clone)]
pub(crate) struct BitRows {
    w: usize,
    words: Vec<u64>,
}

impl BitRows {
    /// `rows` empty rows over `width` elements.
    pub(crate) fn new(rows: usize, width: usize) -> Self {
        let w = width.div_ceil(64);
        BitRows {
            w,
            words: vec![0; rows * w],
        }
    }

    /// Words a row takes.
    pub(crate) fn words_per_row(&self) -> usize {
        self.w
    }

    /// Row `k`.
    #[inline]
    pub(crate) fn row(&self, k: u32) -> &[u64] {
        &self.words[k as usize * self.w..(k as usize + 1) * self.w]
    }

    /// Row `k`, to change.
    #[inline]
    pub(crate) fn row_mut(&mut self, k: u32) -> &mut [u64] {
        &mut self.words[k as usize * self.w..(k as usize + 1) * self.w]
    }

    /// Whether row `k` holds `j`.
    #[inline]
    pub(crate) fn contains(&self, k: u32, j: u32) -> bool {
        has(self.row(k), j)
    }
}

/// Whether `row` holds `j`.
#[inline]
pub(crate) fn has(row: &[u64], j: u32) -> bool {
    row[j as usize / 64] & (1 << (j % 64)) != 0
}

/// Adds `j` to `row`.
#[inline]
pub(crate) fn set(row: &mut [u64], j: u32) {
    row[j as usize / 64] |= 1 << (j % 64);
}

/// Removes `j` from `row`.
#[inline]
pub(crate) fn clear(row: &mut [u64], j: u32) {
    row[j as usize / 64] &= !(1 << (j % 64));
}

/// Makes `row` the single element `j`.
#[inline]
pub(crate) fn only(row: &mut [u64], j: u32) {
    row.fill(0);
    set(row, j);
}

/// Elements in `row`.
#[inline]
pub(crate) fn count(row: &[u64]) -> u32 {
    row.iter().map(|w| w.count_ones()).sum()
}

/// Elements in both `a` and `b`.
#[inline]
pub(crate) fn count_and(a: &[u64], b: &[u64]) -> u32 {
    a.iter().zip(b).map(|(x, y)| (x & y).count_ones()).sum()
}

/// The elements of `row`, ascending.
pub(crate) fn ones(row: &[u64]) -> impl Iterator<Item = u32> + '_ {
    row.iter().enumerate().flat_map(|(i, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros();
            w &= w - 1;
            Some(i as u32 * 64 + b)
        })
    })
}

/// Writes the elements of `words`, word `first` of a set on, in order to `out`, which holds
/// at least as many, and says how many it wrote: a full word as 64 elements in a row (a
/// floor plan's macros fill most of theirs), any other bit by bit. `out` may be memory not
/// yet written (a list made without filling it first, whose pages the cores then touch side
/// by side).
pub(crate) fn write_ones(
    words: &[u64],
    first: usize,
    out: &mut [std::mem::MaybeUninit<u32>],
) -> usize {
    let mut at = 0;
    for (i, &w) in words.iter().enumerate() {
        let base = ((first + i) * 64) as u32;
        if w == u64::MAX {
            for (j, o) in out[at..at + 64].iter_mut().enumerate() {
                o.write(base + j as u32);
            }
            at += 64;
            continue;
        }
        let mut w = w;
        while w != 0 {
            out[at].write(base + w.trailing_zeros());
            w &= w - 1;
            at += 1;
        }
    }
    at
}

/// The bits of word `i` that stand for elements below `n` (all of them but in the last word).
#[inline]
pub(crate) fn word_mask(i: usize, n: usize) -> u64 {
    if (i + 1) * 64 > n && n % 64 != 0 {
        (1u64 << (n % 64)) - 1
    } else {
        u64::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_words_are_written_as_their_bits_are() {
        // Full, empty and mixed words, from word 0 and from word 5 of a set.
        let words = [
            u64::MAX,
            0,
            0x8000_0000_0000_0001,
            u64::MAX,
            0xf0f0,
            u64::MAX - 1,
            1,
        ];
        for first in [0usize, 5] {
            let want: Vec<u32> = ones(&words).map(|b| b + first as u32 * 64).collect();
            let mut out = vec![std::mem::MaybeUninit::new(u32::MAX); want.len() + 1];
            assert_eq!(write_ones(&words, first, &mut out), want.len());
            let out: Vec<u32> = out.iter().map(|o| unsafe { o.assume_init() }).collect();
            assert_eq!(out[..want.len()], want);
            assert_eq!(out[want.len()], u32::MAX, "nothing written past the ones");
        }
    }

    #[test]
    fn rows_and_sets_agree() {
        let mut r = BitRows::new(3, 130);
        assert_eq!(r.words_per_row(), 3);
        set(r.row_mut(1), 129);
        set(r.row_mut(1), 0);
        set(r.row_mut(1), 64);
        assert_eq!(ones(r.row(1)).collect::<Vec<_>>(), vec![0, 64, 129]);
        assert_eq!(count(r.row(1)), 3);
        assert!(r.contains(1, 64) && !r.contains(0, 64) && !r.contains(2, 129));
        clear(r.row_mut(1), 64);
        assert_eq!(count(r.row(1)), 2);
        only(r.row_mut(2), 7);
        assert_eq!(ones(r.row(2)).collect::<Vec<_>>(), vec![7]);
        assert_eq!(word_mask(2, 130), 0b11);
        assert_eq!(word_mask(1, 128), u64::MAX);
        let mut s = BitSet::new(200);
        assert!(s.insert(99) && !s.insert(99) && s.contains(99) && !s.contains(98));
        s.set_range(60, 190, true);
        s.set_range(64, 128, false);
        s.set_range(130, 131, false);
        let held: Vec<usize> = (0..200).filter(|&i| s.contains(i)).collect();
        let want: Vec<usize> = (60..64).chain(128..130).chain(131..190).collect();
        assert_eq!(held, want);
        assert_eq!(s.words().len(), 4);
        // Shares of the words, each set on its own from its first element, as the whole.
        let mut shared = s.clone();
        let (a, b) = shared.words_mut().split_at_mut(1);
        set_range_in(a, 50, 64, false);
        set_range_in(b, 0, 70 - 64, false);
        set_range_in(b, 188 - 64, 200 - 64, false);
        let held: Vec<usize> = (0..200).filter(|&i| shared.contains(i)).collect();
        let want: Vec<usize> = (128..130).chain(131..188).collect();
        assert_eq!(held, want);
        // Every range, word by word, as element by element.
        for lo in 0..200 {
            for hi in lo..=200 {
                assert_eq!(
                    s.all_in(lo, hi),
                    (lo..hi).all(|i| s.contains(i)),
                    "{lo}..{hi}"
                );
            }
        }
    }

    #[test]
    fn runs_of_a_sorted_list_are_found_by_galloping_as_by_counting() {
        // Every start of a list of runs of many lengths, and every cap up to past its end:
        // the galloping search gives the linear count's length, cut at the cap.
        let mut values = Vec::new();
        let mut at = 0u32;
        for len in [1u32, 2, 3, 5, 8, 13, 64, 100, 1, 1, 7] {
            values.extend(at..at + len);
            at += len + 1 + len % 3;
        }
        for i in 0..values.len() {
            for most in 0..values.len() - i + 2 {
                assert_eq!(
                    consecutive_sorted(&values[i..], most),
                    consecutive(&values[i..]).min(most),
                    "from {i}, at most {most}"
                );
            }
        }
    }

    #[test]
    fn any_in_finds_a_bit_of_a_range_alone() {
        // One bit set at a time, ranges round it within a word, across words and past the
        // words' end: found exactly when the range holds it.
        let words_of = |bit: usize| {
            let mut w = vec![0u64; 3];
            w[bit / 64] |= 1 << (bit % 64);
            w
        };
        for bit in [0, 1, 63, 64, 100, 127, 128, 191] {
            let w = words_of(bit);
            for lo in (0..200).step_by(7) {
                for hi in lo..lo + 90 {
                    assert_eq!(
                        any_in(&w, lo, hi),
                        (lo..hi).contains(&bit),
                        "{bit} in {lo}..{hi}"
                    );
                }
            }
        }
    }
}
