//! decimal-expression-evaluate on generated trees, checked against an exact reference evaluator.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: reckon_fuzz::decimal::Case| reckon_fuzz::decimal::structured(&case));
