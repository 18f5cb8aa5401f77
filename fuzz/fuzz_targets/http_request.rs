//! The HTTP router (auth, limits, content types, body handling, MCP) on generated requests, without a socket.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: reckon_fuzz::http::HttpCase| reckon_fuzz::http::request(&case));
