//! Seeded randomness: one fixed, portable mixer, so that a seed means the same tour, tie-break
//! or puzzle on every machine and at every thread count. Every floor that draws a random
//! number takes it from here.

/// SplitMix64: a fixed, portable mixer so that a seed means the same on every machine.
pub(crate) fn mix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
