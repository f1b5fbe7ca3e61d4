//! Unsigned integers of a fixed number of 64-bit limbs, wrapping.
//!
//! The Dutch system's edge weights pack a dozen criteria one above the
//! other, each wide enough for a whole score group: hundreds of bits for a
//! large tournament, more than `u128` holds. Only what the matching and the
//! weights need is here: add, subtract, shift, compare.

use std::cmp::Ordering;

use super::matching::Weight;

/// An unsigned integer of `L` 64-bit limbs, least significant first.
#[derive(Clone, Copy, Eq, Debug)]
pub struct Wide<const L: usize>([u64; L]);

impl<const L: usize> Wide<L> {
    /// Zero.
    pub const ZERO: Wide<L> = Wide([0; L]);

    /// The number of bits the type holds.
    pub const BITS: u32 = 64 * L as u32;

    /// A small value.
    pub fn from_u64(value: u64) -> Wide<L> {
        let mut limbs = [0; L];
        limbs[0] = value;
        Wide(limbs)
    }

    /// Whether the value is zero.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&limb| limb == 0)
    }

    /// Shifted left by `bits` (bits beyond the width are lost).
    #[must_use]
    pub fn shifted_left(self, bits: u32) -> Wide<L> {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; L];
        for index in (limbs..L).rev() {
            let source = index - limbs;
            let mut limb = self.0[source] << rest;
            if rest > 0 && source > 0 {
                limb |= self.0[source - 1] >> (64 - rest);
            }
            out[index] = limb;
        }
        Wide(out)
    }

    /// Shifted right by one bit.
    #[must_use]
    pub fn shr1(self) -> Wide<L> {
        let mut out = [0u64; L];
        for (index, limb) in out.iter_mut().enumerate() {
            let high = self.0.get(index + 1).map_or(0, |next| next << 63);
            *limb = (self.0[index] >> 1) | high;
        }
        Wide(out)
    }

    /// The sum, wrapping.
    #[must_use]
    pub fn wrapping_add(self, other: Wide<L>) -> Wide<L> {
        let mut out = [0u64; L];
        let mut carry = false;
        for (index, limb) in out.iter_mut().enumerate() {
            let (sum, first) = self.0[index].overflowing_add(other.0[index]);
            let (sum, second) = sum.overflowing_add(u64::from(carry));
            *limb = sum;
            carry = first || second;
        }
        Wide(out)
    }

    /// The difference, wrapping.
    #[must_use]
    pub fn wrapping_sub(self, other: Wide<L>) -> Wide<L> {
        let mut out = [0u64; L];
        let mut borrow = false;
        for (index, limb) in out.iter_mut().enumerate() {
            let (difference, first) = self.0[index].overflowing_sub(other.0[index]);
            let (difference, second) = difference.overflowing_sub(u64::from(borrow));
            *limb = difference;
            borrow = first || second;
        }
        Wide(out)
    }

    /// The value with `small` added.
    #[must_use]
    pub fn plus(self, small: u64) -> Wide<L> {
        self.wrapping_add(Wide::from_u64(small))
    }

    /// The value with `small` subtracted.
    #[must_use]
    pub fn minus(self, small: u64) -> Wide<L> {
        self.wrapping_sub(Wide::from_u64(small))
    }

    /// The value with bit `bit` set.
    #[must_use]
    pub fn with_bit(mut self, bit: u32) -> Wide<L> {
        if bit < Self::BITS {
            self.0[(bit / 64) as usize] |= 1 << (bit % 64);
        }
        self
    }

    /// `1 << bit`.
    pub fn bit(bit: u32) -> Wide<L> {
        Wide::ZERO.with_bit(bit)
    }
}

// By hand: the derived comparison of the limbs calls `memcmp`, which the
// matching's inner loops spent most of their time in.
impl<const L: usize> PartialEq for Wide<L> {
    fn eq(&self, other: &Wide<L>) -> bool {
        let mut difference = 0;
        for index in 0..L {
            difference |= self.0[index] ^ other.0[index];
        }
        difference == 0
    }
}

impl<const L: usize> PartialOrd for Wide<L> {
    fn partial_cmp(&self, other: &Wide<L>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const L: usize> Ord for Wide<L> {
    fn cmp(&self, other: &Wide<L>) -> Ordering {
        for index in (0..L).rev() {
            if self.0[index] != other.0[index] {
                return self.0[index].cmp(&other.0[index]);
            }
        }
        Ordering::Equal
    }
}

impl<const L: usize> Weight for Wide<L> {
    const ZERO: Self = Wide::ZERO;
    fn add(self, other: Self) -> Self {
        self.wrapping_add(other)
    }
    fn sub(self, other: Self) -> Self {
        self.wrapping_sub(other)
    }
    fn half(self) -> Self {
        self.shr1()
    }
}
