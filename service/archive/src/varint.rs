//! LEB128 numbers and their zigzag form for signed ones: how the packed
//! rows (the explorer's counts, the posting lists) write their entries.

/// Appends `n` in LEB128: seven bits a byte, low bits first, the high bit
/// set on every byte but the last.
pub(crate) fn push(mut n: u64, out: &mut Vec<u8>) {
    while n >= 0x80 {
        // The low seven bits, with the "more" bit.
        #[allow(clippy::cast_possible_truncation)]
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    #[allow(clippy::cast_possible_truncation)]
    out.push(n as u8);
}

/// Reads a LEB128 number at `*at` and moves past it; `None` where the
/// bytes end first.
pub(crate) fn read(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0_u64;
    let mut shift = 0;
    loop {
        let byte = *bytes.get(*at)?;
        *at += 1;
        if shift < 64 {
            n |= u64::from(byte & 0x7f) << shift;
        }
        shift += 7;
        if byte & 0x80 == 0 {
            return Some(n);
        }
    }
}

/// A signed number as an unsigned one, small either side of zero.
pub(crate) fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)).cast_unsigned()
}

/// The signed number that [`zigzag`] gave `n` for.
pub(crate) fn unzigzag(n: u64) -> i64 {
    (n >> 1).cast_signed() ^ -((n & 1).cast_signed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_as_written_and_a_cut_number_is_none() {
        let signed = [0, 1, -1, 63, -64, 64, i64::MAX, i64::MIN];
        let mut bytes = Vec::new();
        for n in signed {
            push(zigzag(n), &mut bytes);
        }
        push(u64::MAX, &mut bytes);
        // One byte up to 127, two from 128: the "more" bit at work.
        assert_eq!(zigzag(-64), 127);
        assert_eq!(zigzag(64), 128);
        let mut at = 0;
        for n in signed {
            assert_eq!(read(&bytes, &mut at).map(unzigzag), Some(n));
        }
        assert_eq!(read(&bytes, &mut at), Some(u64::MAX));
        assert_eq!(at, bytes.len());
        // Bytes that end while the "more" bit is still set.
        assert_eq!(read(&[0x80, 0x80], &mut 0), None);
    }
}
