//! calc on generated expressions, checked against a plain f64 evaluation.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: reckon_fuzz::calc::Case| reckon_fuzz::calc::structured(&case));
