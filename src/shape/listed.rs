//! A shape's hole list made: from a set of many holes, or from a floor plan's few runs,
//! written without filling it first, a share on each core.

use std::borrow::Cow;
use std::mem::MaybeUninit;
use std::sync::Arc;

/// The squares of `set` in order, as a shared list: counted first, the list is written in
/// place (made from a list, it was a second copy of 25 MB: 15-25 ms at 10^8 squares round
/// 10^4 macros), a stretch of the set on each core, 64 squares at once where a word is full
/// (a square at a time, on one core, it took 23-34 ms there).
pub(super) fn listed(set: &crate::bits::BitSet) -> Arc<[u32]> {
    let words = set.words();
    let parts: Vec<std::ops::Range<usize>> = (0..words.len())
        .step_by(LISTED_WORDS)
        .map(|w| w..(w + LISTED_WORDS).min(words.len()))
        .collect();
    let count = |r: &std::ops::Range<usize>| crate::bits::count(&words[r.clone()]) as usize;
    #[cfg(feature = "parallel")]
    let counts: Vec<usize> = {
        use rayon::prelude::*;
        parts.par_iter().map(count).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let counts: Vec<usize> = parts.iter().map(count).collect();
    written(parts.into_iter().zip(counts).collect(), |r, out| {
        crate::bits::write_ones(&words[r.clone()], r.start, out)
    })
}

/// `runs` (each its first square and length, sorted, overlaps allowed) joined where they
/// meet: apart, each its first square and length (a board's squares fit in a `u32`).
pub(super) fn joined(runs: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut joined: Vec<(u32, u32)> = Vec::with_capacity(runs.len());
    // The run being joined: its first square and its end.
    let mut at: Option<(u32, u64)> = None;
    for &(first, len) in runs {
        let end = u64::from(first) + u64::from(len);
        match &mut at {
            Some((_, e)) if u64::from(first) <= *e => *e = (*e).max(end),
            _ => {
                if let Some((f, e)) = at.replace((first, end)) {
                    joined.push((f, (e - u64::from(f)) as u32));
                }
            }
        }
    }
    if let Some((f, e)) = at {
        joined.push((f, (e - u64::from(f)) as u32));
    }
    joined
}

/// The squares of `runs` (each its first square and length, sorted and apart, [`joined`])
/// in order, as a shared list, a share of about [`LISTED_WORDS`] x 64 squares on each core.
pub(super) fn listed_runs(runs: &[(u32, u32)]) -> Arc<[u32]> {
    let mut shares = Vec::new();
    let mut i = 0;
    while i < runs.len() {
        let (mut j, mut count) = (i, 0);
        while j < runs.len() && count < LISTED_WORDS * 64 {
            count += runs[j].1 as usize;
            j += 1;
        }
        shares.push((&runs[i..j], count));
        i = j;
    }
    written(shares, |runs, out| {
        let mut slots = out.iter_mut();
        let mut wrote = 0;
        for &(first, len) in runs {
            // The run first: a zip takes from its left side first.
            for (h, o) in (first..first + len).zip(slots.by_ref()) {
                o.write(h);
                wrote += 1;
            }
        }
        wrote
    })
}

/// `runs` (each its first square and length, on a board of `area` squares) with the empty
/// ones left out, sorted by first square: as they are where they come so, none empty (a
/// blocks file's rows do, `cli/blocks.rs` `rows_of`: sorted, the 250,000 at 10^8 squares
/// round 10^4 macros took 6-8 ms before anything else could start); else put in buckets of
/// the board's squares, a few runs a bucket, by counting, then each bucket sorted on its own
/// (one sort of them all took 7-11 ms on one core; so, 4.7-6.5 ms).
pub(super) fn sorted_runs(area: usize, runs: &[(u32, u32)]) -> Cow<'_, [(u32, u32)]> {
    if runs.windows(2).all(|w| w[0].0 <= w[1].0) && runs.iter().all(|r| r.1 > 0) {
        return Cow::Borrowed(runs);
    }
    // A bucket is a power of two of squares, about four runs' worth, so that a run's bucket
    // is a shift and the counts stay small: with a division a run and a bucket a run, the
    // counts' pages first touched, it took as long as the sort.
    let shift = (area.saturating_mul(4) / runs.len().max(1)).max(1).ilog2();
    let buckets = (area >> shift) + 1;
    let bucket = |first: u32| (first as usize >> shift).min(buckets - 1);
    // Each bucket's count, then where it ends, then (filled from the back) where it starts.
    let mut at = vec![0u32; buckets + 1];
    for &(first, len) in runs {
        if len > 0 {
            at[bucket(first)] += 1;
        }
    }
    let mut sum = 0;
    for a in &mut at {
        sum += *a;
        *a = sum;
    }
    let mut sorted = vec![(0, 0); sum as usize];
    for &(first, len) in runs.iter().rev() {
        if len > 0 {
            let b = bucket(first);
            at[b] -= 1;
            sorted[at[b] as usize] = (first, len);
        }
    }
    for b in at.windows(2) {
        if b[1] - b[0] > 1 {
            sorted[b[0] as usize..b[1] as usize].sort_unstable();
        }
    }
    Cow::Owned(sorted)
}

/// A list made without filling it, its pages first touched by the writes, on every core
/// (filled with zeros first, on one core, the 25 MB at 10^8 squares round 10^4 macros took
/// 10-13 ms before anything else could start): each share, with as many elements as it
/// says, written in turn by `write`, which says how many it wrote.
fn written<S: Send>(
    shares: Vec<(S, usize)>,
    write: impl Fn(S, &mut [MaybeUninit<u32>]) -> usize + Sync,
) -> Arc<[u32]> {
    let mut list = Arc::<[u32]>::new_uninit_slice(shares.iter().map(|s| s.1).sum());
    let Some(out) = Arc::get_mut(&mut list) else {
        unreachable!("a list just made is not shared");
    };
    let mut jobs = Vec::with_capacity(shares.len());
    let mut rest = out;
    for (share, count) in shares {
        let (mine, tail) = std::mem::take(&mut rest).split_at_mut(count);
        jobs.push((share, mine));
        rest = tail;
    }
    let write = |(share, out): (S, &mut [MaybeUninit<u32>])| {
        let len = out.len();
        assert_eq!(write(share, out), len, "a share is written whole");
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        jobs.into_par_iter().for_each(write);
    }
    #[cfg(not(feature = "parallel"))]
    jobs.into_iter().for_each(write);
    // SAFETY: every element was written: the shares cover the list, and each was written
    // whole (asserted above; a share that panics takes the list, never read, down with it).
    unsafe { list.assume_init() }
}

/// Words of a set a task of [`listed`] takes (2^18 squares).
const LISTED_WORDS: usize = 1 << 12;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_sorted_by_buckets_come_out_as_one_sort_gives() {
        // Spread over the board, crowded into a corner (every run in a few buckets), with
        // empty runs and repeats, and at the board's last square: the empty ones left out,
        // the rest as a sort puts them.
        let area = 1_000_000;
        let mut x = 11u64;
        for (count, spread) in [(0, area), (1, area), (5_000, area), (5_000, 900), (3, 1)] {
            let mut runs: Vec<(u32, u32)> = (0..count)
                .map(|_| {
                    x = crate::rng::mix64(x);
                    ((x % spread as u64) as u32, (x >> 40) as u32 % 7)
                })
                .collect();
            runs.extend([(area as u32 - 1, 1), (5, 0), (5, 2), (5, 2)]);
            let mut want: Vec<(u32, u32)> = runs.iter().copied().filter(|r| r.1 > 0).collect();
            want.sort_unstable();
            assert_eq!(sorted_runs(area, &runs), want, "{count} runs over {spread}");
        }
    }
}
