//! A shape's hole list made: from a set of many holes, or from a floor plan's few runs,
//! written without filling it first, a share on each core.

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
    let count = |r: &std::ops::Range<usize>| -> usize {
        words[r.clone()]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum()
    };
    #[cfg(feature = "parallel")]
    let counts: Vec<usize> = {
        use rayon::prelude::*;
        parts.par_iter().map(count).collect()
    };
    #[cfg(not(feature = "parallel"))]
    let counts: Vec<usize> = parts.iter().map(count).collect();
    // Made without filling it, its pages are first touched by the writes below, on every
    // core: filled with zeros first, on one core, the 25 MB at 10^8 squares round 10^4
    // macros took 10-13 ms before anything else could start.
    let mut holes = Arc::<[u32]>::new_uninit_slice(counts.iter().sum());
    let Some(out) = Arc::get_mut(&mut holes) else {
        unreachable!("a list just made is not shared");
    };
    let mut jobs = Vec::with_capacity(parts.len());
    let mut rest = out;
    for (r, &c) in parts.into_iter().zip(&counts) {
        let (mine, tail) = std::mem::take(&mut rest).split_at_mut(c);
        jobs.push((r, mine));
        rest = tail;
    }
    let write = |(r, out): (std::ops::Range<usize>, &mut [std::mem::MaybeUninit<u32>])| {
        let wrote = crate::bits::write_ones(&words[r.clone()], r.start, out);
        assert_eq!(wrote, out.len(), "a task writes every element of its share");
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        jobs.into_par_iter().for_each(write);
    }
    #[cfg(not(feature = "parallel"))]
    jobs.into_iter().for_each(write);
    // SAFETY: every element was written: the shares cover the list, and each task wrote as
    // many elements as its share holds (asserted above; a task that panics takes the list,
    // never read, down with it).
    unsafe { holes.assume_init() }
}

/// The squares of `runs` (each its first square and length, sorted, overlaps allowed) in
/// order, as a shared list: the runs joined where they meet, then written out, a share of
/// about [`LISTED_WORDS`] x 64 squares on each core.
pub(super) fn listed_runs(runs: &[(u32, u32)]) -> Arc<[u32]> {
    let mut joined: Vec<(u32, u64)> = Vec::with_capacity(runs.len());
    for &(first, len) in runs {
        let end = u64::from(first) + u64::from(len);
        match joined.last_mut() {
            Some((_, e)) if u64::from(first) <= *e => *e = (*e).max(end),
            _ => joined.push((first, end)),
        }
    }
    let size = |&(first, end): &(u32, u64)| (end - u64::from(first)) as usize;
    let mut holes = Arc::<[u32]>::new_uninit_slice(joined.iter().map(size).sum());
    let Some(out) = Arc::get_mut(&mut holes) else {
        unreachable!("a list just made is not shared");
    };
    let mut jobs = Vec::new();
    let (mut rest, mut i) = (out, 0);
    while i < joined.len() {
        let (mut j, mut count) = (i, 0);
        while j < joined.len() && count < LISTED_WORDS * 64 {
            count += size(&joined[j]);
            j += 1;
        }
        let (mine, tail) = std::mem::take(&mut rest).split_at_mut(count);
        jobs.push((&joined[i..j], mine));
        (rest, i) = (tail, j);
    }
    let write = |(runs, out): (&[(u32, u64)], &mut [std::mem::MaybeUninit<u32>])| {
        let mut slots = out.iter_mut();
        for &(first, end) in runs {
            // The run first: a zip takes from its left side first.
            for (h, o) in (first..end as u32).zip(slots.by_ref()) {
                o.write(h);
            }
        }
        assert!(
            slots.next().is_none(),
            "a task writes every element of its share"
        );
    };
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        jobs.into_par_iter().for_each(write);
    }
    #[cfg(not(feature = "parallel"))]
    jobs.into_iter().for_each(write);
    // SAFETY: every element was written: the shares cover the list, and each task wrote
    // every element of its share (asserted above).
    unsafe { holes.assume_init() }
}

/// Words of a set a task of [`listed`] takes (2^18 squares).
const LISTED_WORDS: usize = 1 << 12;
