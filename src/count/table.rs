//! One step of the frontier over every state: successors summed by key.
//!
//! A large step is done in two passes so that the summing stays in cache and uses every core:
//! the states are expanded in chunks, each chunk scattering its successors into buckets by
//! hash; then each bucket is summed in its own small table. Sums are exact, so the answer is
//! the same whatever the number of threads or the order the buckets come back in.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

use super::frontier::{Next, Outcome, Plan, Step, Stop, BITS};
use super::number::Tally;

/// A state key: the frontier's codes packed in 64 or 128 bits.
pub(crate) trait Key: Copy + Eq + Hash + Send + Sync + 'static {
    /// The key of packed codes (the high bits are zero when `Self` is narrower).
    fn pack(v: u128) -> Self;
    /// The packed codes.
    fn unpack(self) -> u128;
}

impl Key for u64 {
    #[inline]
    fn pack(v: u128) -> Self {
        v as u64
    }
    #[inline]
    fn unpack(self) -> u128 {
        self as u128
    }
}

/// A key of two 64-bit halves: 8-byte aligned, so a state with its `u64` count takes 24
/// bytes where a `u128` key would pad it to 32.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Wide([u64; 2]);

impl Hash for Wide {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.unpack());
    }
}

impl Key for Wide {
    #[inline]
    fn pack(v: u128) -> Self {
        Wide([v as u64, (v >> 64) as u64])
    }
    #[inline]
    fn unpack(self) -> u128 {
        self.0[0] as u128 | (self.0[1] as u128) << 64
    }
}

/// Counts the Hamiltonian cycles, holding at most `max_states` states after a step;
/// `progress` hears (steps done, states now) after every step. Keys are 64 bits wide
/// where the frontier fits in them, which halves the tables.
pub(crate) fn count<T: Tally>(
    plan: &Plan,
    max_states: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Outcome<T>, Stop> {
    if plan.width <= (u64::BITS / BITS) as usize {
        count_with::<u64, T>(plan, max_states, progress)
    } else {
        count_with::<Wide, T>(plan, max_states, progress)
    }
}

/// [`count`] with keys of type `K`.
pub(crate) fn count_with<K: Key, T: Tally>(
    plan: &Plan,
    max_states: usize,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Outcome<T>, Stop> {
    let mut states: Vec<(K, T)> = vec![(K::pack(0), T::one())];
    let mut cycles = T::zero();
    let (mut peak_states, mut peak_bytes) = (1, 0u64);
    for (i, step) in plan.steps().iter().enumerate() {
        let (next, closed, bytes) = advance(step, &states, max_states).map_err(|e| match e {
            Stop::States(n, _) => Stop::States(n, i + 1),
            other => other,
        })?;
        if !cycles.add_from(&closed) {
            return Err(Stop::Overflow);
        }
        peak_states = peak_states.max(next.len());
        peak_bytes = peak_bytes.max(bytes);
        states = next;
        progress(i + 1, states.len());
    }
    Ok(Outcome {
        cycles,
        peak_states,
        peak_bytes,
    })
}

/// States and their counts.
type Table<K, T> = HashMap<K, T, BuildHasherDefault<KeyHasher>>;

/// Below this many states a step is summed in one table, on one thread.
const SMALL: usize = 1 << 15;

/// States a bucket of the two-pass step should hold: its table stays in the cache, and there
/// are few enough buckets for their write streams to stay in it too.
const PER_BUCKET: usize = 1 << 13;

/// Successors of every state of `states`, summed by key, the cycles closed at this step, and
/// the bytes the step's tables took.
#[allow(clippy::type_complexity)]
pub(crate) fn advance<K: Key, T: Tally>(
    step: &Step,
    states: &[(K, T)],
    max_states: usize,
) -> Result<(Vec<(K, T)>, T, u64), Stop> {
    let entry = std::mem::size_of::<(K, T)>() as u64;
    if states.len() < SMALL {
        let mut table: Table<K, T> = Table::default();
        let mut cycles = T::zero();
        for (key, count) in states {
            expand_into(step, *key, count, &mut cycles, &mut |k, c| {
                add(&mut table, k, c)
            })?;
        }
        let bytes = states.len() as u64 * entry + table.capacity() as u64 * (entry + 1);
        if table.len() > max_states {
            return Err(Stop::States(table.len(), 0));
        }
        return Ok((table.into_iter().collect(), cycles, bytes));
    }
    let chunk = states.len().div_ceil(4 * threads());
    let buckets = (states.len() / PER_BUCKET)
        .next_power_of_two()
        .clamp(64, 1 << 12);
    // Pass one: expand, scattering successors into buckets.
    let scattered: Vec<Result<(Vec<Vec<(K, T)>>, T), Stop>> = map_chunks(states, chunk, |part| {
        let mut scatter: Vec<Vec<(K, T)>> = (0..buckets).map(|_| Vec::new()).collect();
        let mut cycles = T::zero();
        for (key, count) in part {
            expand_into(step, *key, count, &mut cycles, &mut |k, c| {
                scatter[bucket(k, buckets)].push((k, c.clone()));
                Ok(())
            })?;
        }
        Ok((scatter, cycles))
    });
    let mut cycles = T::zero();
    let mut parts = Vec::with_capacity(scattered.len());
    for part in scattered {
        let (scatter, closed) = part?;
        if !cycles.add_from(&closed) {
            return Err(Stop::Overflow);
        }
        parts.push(scatter);
    }
    let pending: u64 = parts
        .iter()
        .flat_map(|p| p.iter().map(|b| b.capacity() as u64))
        .sum();
    // Pass two: sum each bucket in its own table.
    let summed: Vec<Result<(Vec<(K, T)>, u64), Stop>> = map_range(buckets, |b| {
        let len: usize = parts.iter().map(|p| p[b].len()).sum();
        let mut table: Table<K, T> = Table::with_capacity_and_hasher(len, Default::default());
        for p in &parts {
            for (k, c) in &p[b] {
                add(&mut table, *k, c)?;
            }
        }
        let bytes = table.capacity() as u64 * (entry + 1);
        Ok((table.into_iter().collect(), bytes))
    });
    let mut out = Vec::new();
    let mut bytes = (states.len() as u64 + pending) * entry;
    let mut sums = Vec::with_capacity(buckets);
    for s in summed {
        let (v, b) = s?;
        bytes += b;
        sums.push(v);
    }
    let total: usize = sums.iter().map(Vec::len).sum();
    if total > max_states {
        return Err(Stop::States(total, 0));
    }
    drop(parts);
    out.reserve_exact(total);
    for v in sums {
        out.extend(v);
    }
    Ok((out, cycles, bytes))
}

/// Expands one state, adding closed cycles to `cycles` and handing states to `put`.
#[inline]
fn expand_into<K: Key, T: Tally>(
    step: &Step,
    key: K,
    count: &T,
    cycles: &mut T,
    put: &mut impl FnMut(K, &T) -> Result<(), Stop>,
) -> Result<(), Stop> {
    step.expand(key.unpack(), &mut |next| match next {
        Next::State(k) => put(K::pack(k), count),
        Next::Cycle => {
            if cycles.add_from(count) {
                Ok(())
            } else {
                Err(Stop::Overflow)
            }
        }
    })
}

/// Adds `count` to `key`'s sum.
#[inline]
fn add<K: Key, T: Tally>(table: &mut Table<K, T>, key: K, count: &T) -> Result<(), Stop> {
    match table.entry(key) {
        Entry::Occupied(mut sum) => {
            if sum.get_mut().add_from(count) {
                Ok(())
            } else {
                Err(Stop::Overflow)
            }
        }
        Entry::Vacant(slot) => {
            slot.insert(count.clone());
            Ok(())
        }
    }
}

/// The bucket of a key: hash bits that the tables' own probing does not use.
#[inline]
fn bucket<K: Key>(key: K, buckets: usize) -> usize {
    let mut h = KeyHasher::default();
    key.hash(&mut h);
    (h.finish() >> 40) as usize & (buckets - 1)
}

#[cfg(feature = "parallel")]
fn threads() -> usize {
    rayon::current_num_threads()
}

#[cfg(not(feature = "parallel"))]
fn threads() -> usize {
    1
}

#[cfg(feature = "parallel")]
fn map_chunks<A: Sync, R: Send>(
    items: &[A],
    chunk: usize,
    f: impl Fn(&[A]) -> R + Sync + Send,
) -> Vec<R> {
    use rayon::prelude::*;
    items.par_chunks(chunk).map(f).collect()
}

#[cfg(not(feature = "parallel"))]
fn map_chunks<A, R>(items: &[A], chunk: usize, f: impl Fn(&[A]) -> R) -> Vec<R> {
    items.chunks(chunk).map(f).collect()
}

#[cfg(feature = "parallel")]
fn map_range<R: Send>(n: usize, f: impl Fn(usize) -> R + Sync + Send) -> Vec<R> {
    use rayon::prelude::*;
    (0..n).into_par_iter().map(f).collect()
}

#[cfg(not(feature = "parallel"))]
fn map_range<R>(n: usize, f: impl Fn(usize) -> R) -> Vec<R> {
    (0..n).map(f).collect()
}

/// A multiply-and-fold hash for state keys (already well spread bit patterns).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u128(&mut self, v: u128) {
        self.write_u64((v as u64) ^ ((v >> 64) as u64).rotate_left(29));
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        let m = (v ^ self.0) as u128 * 0x9E37_79B9_7F4A_7C15u128;
        self.0 = (m as u64) ^ ((m >> 64) as u64);
    }
}
