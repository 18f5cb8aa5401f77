//! calc on raw request bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| reckon_fuzz::calc::bytes(data));
