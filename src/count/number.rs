//! Counts of any size: the frontier sums them in `u64` while they fit and in limbs past that.

use std::fmt;

/// A whole number of any size, the answer of a count.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Number {
    /// Base 2^64 digits, least significant first, no trailing zeros (zero is empty).
    limbs: Vec<u64>,
}

impl Number {
    /// Zero.
    pub fn zero() -> Number {
        Number { limbs: Vec::new() }
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The value when it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        match self.limbs.as_slice() {
            [] => Some(0),
            [a] => Some(*a as u128),
            [a, b] => Some(*a as u128 | (*b as u128) << 64),
            _ => None,
        }
    }

    /// Adds `other` into `self`.
    pub(crate) fn add(&mut self, other: &Number) {
        if self.limbs.len() < other.limbs.len() {
            self.limbs.resize(other.limbs.len(), 0);
        }
        let mut carry = false;
        for (i, limb) in self.limbs.iter_mut().enumerate() {
            let b = other.limbs.get(i).copied().unwrap_or(0);
            if b == 0 && !carry && i >= other.limbs.len() {
                break;
            }
            let (s, c1) = limb.overflowing_add(b);
            let (s, c2) = s.overflowing_add(carry as u64);
            *limb = s;
            carry = c1 || c2;
        }
        if carry {
            self.limbs.push(1);
        }
    }

    /// Twice the value (each undirected tour read in both directions).
    pub fn doubled(&self) -> Number {
        let mut out = self.clone();
        out.add(self);
        out
    }

    /// Divides in place by a small divisor, returning the remainder.
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem = 0u128;
        for limb in self.limbs.iter_mut().rev() {
            let cur = rem << 64 | *limb as u128;
            *limb = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
        rem as u64
    }
}

impl From<u128> for Number {
    fn from(v: u128) -> Number {
        let mut limbs = vec![v as u64, (v >> 64) as u64];
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        Number { limbs }
    }
}

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(v) = self.to_u128() {
            return write!(f, "{v}");
        }
        // Nineteen decimal digits at a time, the most a u64 holds.
        const CHUNK: u64 = 10_000_000_000_000_000_000;
        let mut rest = self.clone();
        let mut parts = Vec::new();
        while !rest.is_zero() {
            parts.push(rest.div_small(CHUNK));
        }
        let mut text = parts.pop().unwrap_or(0).to_string();
        for part in parts.iter().rev() {
            text.push_str(&format!("{part:019}"));
        }
        f.write_str(&text)
    }
}

/// What the frontier sums: a count of partial tours.
pub(crate) trait Tally: Clone + Send + Sync + 'static {
    /// Nothing counted.
    fn zero() -> Self;
    /// One partial tour.
    fn one() -> Self;
    /// Adds `other`; false when the sum does not fit (the count is then redone in limbs).
    fn add_from(&mut self, other: &Self) -> bool;
    /// The value as a [`Number`].
    fn number(&self) -> Number;
}

impl Tally for u64 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    #[inline]
    fn add_from(&mut self, other: &Self) -> bool {
        match self.checked_add(*other) {
            Some(s) => {
                *self = s;
                true
            }
            None => false,
        }
    }
    fn number(&self) -> Number {
        Number::from(*self as u128)
    }
}

impl Tally for Number {
    fn zero() -> Self {
        Number::zero()
    }
    fn one() -> Self {
        Number::from(1)
    }
    fn add_from(&mut self, other: &Self) -> bool {
        self.add(other);
        true
    }
    fn number(&self) -> Number {
        self.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_carry_across_limbs_and_print_in_decimal() {
        let mut a = Number::from(u64::MAX as u128);
        a.add(&Number::from(1));
        assert_eq!(a.to_u128(), Some(1u128 << 64));
        let mut big = Number::from(u128::MAX);
        big.add(&Number::from(1));
        assert_eq!(big.to_u128(), None);
        assert_eq!(big.to_string(), "340282366920938463463374607431768211456");
        let twice = big.doubled();
        assert_eq!(twice.to_string(), "680564733841876926926749214863536422912");
        assert_eq!(Number::zero().to_string(), "0");
        // A chunk of nineteen digits that starts with zeros keeps them: 10^19 * 2^128 + 5.
        let mut padded = Number::from(10_000_000_000_000_000_000);
        for _ in 0..128 {
            padded = padded.doubled();
        }
        padded.add(&Number::from(5));
        assert_eq!(
            padded.to_string(),
            "3402823669209384634633746074317682114560000000000000000005"
        );
    }

    #[test]
    fn u64_tally_reports_overflow() {
        let mut a = u64::MAX - 1;
        assert!(a.add_from(&1));
        assert!(!a.add_from(&1));
    }
}
