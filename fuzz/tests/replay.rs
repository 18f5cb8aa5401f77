//! The stable stand-in for libFuzzer: every file of the seed corpus (and of any crash artifacts)
//! through its target's checks, then pseudo-random byte strings through every structure-aware
//! target, for `FUZZ_SECONDS` (default 10) per target. Runs on stable: `cargo test` in fuzz/
//! with `--no-default-features`. `FUZZ_TARGET` limits it to one target.
//!
//! This is what `scripts/fuzz.sh` falls back to on a machine without a nightly toolchain; it finds
//! what random inputs find, not what coverage guidance finds.

use arbitrary::{Arbitrary, Unstructured};
use std::path::Path;
use std::time::{Duration, Instant};

type Check = fn(&[u8]);

fn structured<T: for<'a> Arbitrary<'a>>(data: &[u8], run: fn(&T)) {
    if let Ok(case) = T::arbitrary_take_rest(Unstructured::new(data)) {
        run(&case);
    }
}

const TARGETS: [(&str, Check); 7] = [
    ("decimal_bytes", reckon_fuzz::decimal::bytes),
    ("calc_bytes", reckon_fuzz::calc::bytes),
    ("calculate_bytes", reckon_fuzz::calculate::bytes),
    ("decimal_ast", |d| {
        structured(d, reckon_fuzz::decimal::structured)
    }),
    ("calc_ast", |d| structured(d, reckon_fuzz::calc::structured)),
    ("calculate_ast", |d| {
        structured(d, reckon_fuzz::calculate::structured)
    }),
    ("http_request", |d| {
        structured(d, reckon_fuzz::http::request)
    }),
];

fn files(dir: &Path) -> Vec<Vec<u8>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    paths.iter().filter_map(|p| std::fs::read(p).ok()).collect()
}

/// xorshift64*: a fixed, seeded stream, so a failure reproduces.
struct Bytes(u64);

impl Bytes {
    fn fill(&mut self, out: &mut [u8]) {
        for byte in out {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            *byte = (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 56) as u8;
        }
    }
}

#[test]
fn replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let only = std::env::var("FUZZ_TARGET").ok();
    let seconds: u64 = std::env::var("FUZZ_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    for (name, check) in TARGETS {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let mut inputs = files(&root.join("corpus").join(name));
        // The targets seeded from the case files (all but the structure-aware `*_ast` ones, see
        // scripts/fuzz-seeds.py): replaying no seeds would pass without checking them, so a
        // missing or empty seed folder is a broken set-up.
        assert!(
            name.ends_with("_ast") || !inputs.is_empty(),
            "{name}: no seed inputs in fuzz/corpus/{name}: run scripts/fuzz-seeds.py"
        );
        inputs.extend(files(&root.join("artifacts").join(name)));
        inputs.extend(files(&root.join("regressions").join(name)));
        for input in &inputs {
            check(input);
        }
        let deadline = Instant::now() + Duration::from_secs(seconds);
        let mut stream = Bytes(0x9e37_79b9_7f4a_7c15 ^ name.len() as u64);
        let mut random = 0u64;
        let mut buffer = vec![0u8; 4096];
        while Instant::now() < deadline {
            let len = 1 + (random as usize * 37) % buffer.len();
            stream.fill(&mut buffer[..len]);
            check(&buffer[..len]);
            random += 1;
        }
        println!(
            "{name}: {} corpus inputs, {random} random inputs",
            inputs.len()
        );
    }
}
