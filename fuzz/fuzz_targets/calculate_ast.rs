//! calculate on generated requests (operations, numeric types, scope, precision).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: reckon_fuzz::calculate::Case| reckon_fuzz::calculate::structured(&case));
