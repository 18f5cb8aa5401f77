//! The hasher of reckon-math's fixed name tables (the function catalogue, constants, units). It
//! sits in `num/`, the lowest layer both `syntax/` and `units/` may use, because it is a small
//! piece of arithmetic over bytes; nothing here knows what the names mean.

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over a name's bytes: the hash of the fixed name tables read on every name a request
/// looks up (about 30 instructions for a short name, where the standard library's SipHash took
/// some 200). The tables' keys are fixed at start-up, so no input can choose collisions among
/// them; a looked-up name only probes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NameHasher(u64);

impl Default for NameHasher {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for NameHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The hasher of the name tables ([`NameHasher`]).
pub(crate) type NameHash = BuildHasherDefault<NameHasher>;
