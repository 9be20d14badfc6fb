//! The graph's nodes put in base order: the lists the cores gathered (each in rank order)
//! sorted by place by counting, on every core. A comparison sort of them all took 36-43 ms
//! at 10^8 squares round 10^4 macros (2 million nodes, 2 cores); this, 23-28 ms.
//!
//! Each list is first put in order of 256 buckets of places (a counting sort); each bucket
//! is then gathered from every list into its own stretch of the result and put in order by
//! the rest of the place, a digit of ten bits at a time from the lowest (a counting
//! sort each, in the cache). Every sort here is stable, so the result does not depend on
//! the threads.

/// Bits of the place that choose a list's bucket.
#[cfg(feature = "parallel")]
const TOP: u32 = 8;
/// Bits of the place that one counting sort of a bucket orders by (a node lies close to
/// others, so an insertion sort after one such pass took most of the time).
#[cfg(feature = "parallel")]
const DIGIT: u32 = 10;

/// Nodes in all: below this, one comparison sort of them all.
#[cfg(feature = "parallel")]
const MANY: usize = crate::tour::PARALLEL_SQUARES / 16;

/// The items of `parts`, sorted by `key` (below `bound`): stable, on every core where they
/// are many.
pub(super) fn by_key<T>(parts: Vec<Vec<T>>, bound: u32, key: impl Fn(&T) -> u32 + Sync) -> Vec<T>
where
    T: Copy + Default + Send + Sync,
{
    #[cfg(feature = "parallel")]
    if parts.iter().map(Vec::len).sum::<usize>() >= MANY {
        return bucketed(parts, bound, &key);
    }
    let _ = bound;
    let mut all = parts.concat();
    all.sort_by_key(key);
    all
}

/// [`by_key`] by buckets of keys, on every core.
#[cfg(feature = "parallel")]
fn bucketed<T>(mut parts: Vec<Vec<T>>, bound: u32, key: &(impl Fn(&T) -> u32 + Sync)) -> Vec<T>
where
    T: Copy + Default + Send + Sync,
{
    use rayon::prelude::*;
    let bits = u32::BITS - bound.max(2).saturating_sub(1).leading_zeros();
    let shift = bits.saturating_sub(TOP);
    let buckets = 1usize << bits.min(TOP);
    // Each list in bucket order, with where each bucket starts in it.
    let starts: Vec<Vec<u32>> = parts
        .par_iter_mut()
        .map_init(Vec::new, |spare, part| {
            counted(part, spare, buckets, |x| (key(x) >> shift) as usize)
        })
        .collect();
    let mut at = vec![0usize; buckets + 1];
    for b in 0..buckets {
        at[b + 1] = at[b]
            + starts
                .iter()
                .map(|s| (s[b + 1] - s[b]) as usize)
                .sum::<usize>();
    }
    let mut out: Vec<T> = (0..at[buckets])
        .into_par_iter()
        .map(|_| T::default())
        .collect();
    // Each bucket's stretch of the result, gathered and sorted on its own.
    let mut stretches = Vec::with_capacity(buckets);
    let mut rest = &mut out[..];
    for b in 0..buckets {
        let (mine, tail) = std::mem::take(&mut rest).split_at_mut(at[b + 1] - at[b]);
        stretches.push((b, mine));
        rest = tail;
    }
    stretches
        .into_par_iter()
        .for_each_init(Vec::new, |spare, (b, stretch)| {
            let mut filled = 0;
            for (part, s) in parts.iter().zip(&starts) {
                let from = &part[s[b] as usize..s[b + 1] as usize];
                stretch[filled..filled + from.len()].copy_from_slice(from);
                filled += from.len();
            }
            let digits = shift.div_ceil(DIGIT);
            for d in 0..digits {
                let low = d * DIGIT;
                let width = DIGIT.min(shift - low);
                let mask = (1usize << width) - 1;
                counted(stretch, spare, mask + 1, |x| {
                    (key(x) >> low) as usize & mask
                });
            }
        });
    out
}

/// Sorts `items` by `bucket` (below `buckets`) with a stable counting sort through `spare`
/// (a task's buffer, reused): where each bucket starts, and the end.
#[cfg(feature = "parallel")]
fn counted<T: Copy>(
    items: &mut [T],
    spare: &mut Vec<T>,
    buckets: usize,
    bucket: impl Fn(&T) -> usize,
) -> Vec<u32> {
    let mut start = vec![0u32; buckets + 1];
    for x in items.iter() {
        start[bucket(x) + 1] += 1;
    }
    for b in 0..buckets {
        start[b + 1] += start[b];
    }
    spare.clear();
    spare.extend_from_slice(items);
    let mut next = start.clone();
    for x in spare.iter() {
        let b = bucket(x);
        items[next[b] as usize] = *x;
        next[b] += 1;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_come_out_as_one_sorted_list() {
        // Keys spread over the whole bound and keys bunched together (as nodes round a
        // macro are), in lists of many sizes, some empty; pairs keep their order where keys
        // repeat.
        let mut seed = 3u64;
        let mut next = move || {
            seed = crate::rng::mix64(seed);
            seed
        };
        for (bound, lists) in [
            (1u32 << 27, 40),
            (1000, 7),
            (3, 5),
            (1 << 20, 1),
            (70_000, 0),
        ] {
            let parts: Vec<Vec<(u32, u32)>> = (0..lists)
                .map(|l| {
                    let len = (next() % 3000) as usize * (l % 3);
                    let near = (next() % u64::from(bound)) as u32;
                    (0..len)
                        .map(|i| {
                            let k = if i % 2 == 0 {
                                (next() % u64::from(bound)) as u32
                            } else {
                                near.saturating_add((next() % 64) as u32).min(bound - 1)
                            };
                            (k, (l * 10_000 + i) as u32)
                        })
                        .collect()
                })
                .collect();
            let mut want = parts.concat();
            want.sort_by_key(|x| x.0);
            #[cfg(feature = "parallel")]
            assert!(bucketed(parts.clone(), bound, &|x: &(u32, u32)| x.0) == want);
            assert!(by_key(parts, bound, |x| x.0) == want);
        }
    }
}
