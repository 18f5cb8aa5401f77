//! What the differential tests against math.js share: the seeded generator and the run of a
//! peer script in `tests/peer` (Node.js, math.js installed there by `npm ci`, which
//! `scripts/test` runs before `cargo test`).
//!
//! Each test file compiles this module on its own, and not every file uses every item.
#![allow(dead_code)]

pub mod generators;
pub mod linalg;
pub mod unit_generators;
// The pending ratchet, shared with the registry's suites (this crate cannot depend on
// reckon-tools, which depends on it): one source file, included by path.
#[path = "../../../reckon-tools/src/pending.rs"]
pub mod pending;

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

/// xorshift64*: a small seeded generator, so every run tests the same expressions.
pub struct Rng(pub u64);

impl Rng {
    /// The seed of `RECKON_SEED` when set (to explore other expressions), else `default`.
    pub fn from_env(default: u64) -> Self {
        let seed = std::env::var("RECKON_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default);
        Self(seed | 1)
    }
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// One of `items`.
    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// `tests/peer`, checked to hold math.js.
pub fn peer() -> PathBuf {
    let peer = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/peer");
    assert!(
        peer.join("node_modules/mathjs").is_dir(),
        "math.js is not installed: run `npm ci` in tests/peer (scripts/test does it before cargo test)"
    );
    peer
}

/// The longest math.js may go without answering its next input. Its slowest answers take
/// seconds (`gamma(10!)`: 4.9 s); some inputs it never answers (`isPrime(Infinity)`, BigNumber
/// `tanh(10!)`), and waiting for them would hang the test (an unusual seed finds them).
const PEER_SILENCE: Duration = Duration::from_secs(60);

/// Runs `node tests/peer/{script} {args}` with one JSON value per input line and returns its
/// one JSON answer per line, checking that every input was answered. An input math.js leaves
/// unanswered for [`PEER_SILENCE`] fails the test, naming it, rather than hanging it.
pub fn run_peer(script: &str, args: &[&str], inputs: &[Value]) -> Vec<Value> {
    let peer = peer();
    let mut child = Command::new("node")
        .arg(peer.join(script))
        .args(args)
        .current_dir(&peer)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node starts");
    let input: String = inputs.iter().map(|v| format!("{v}\n")).collect();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = child.stdout.take().expect("stdout");
    let (lines, answered) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.expect("UTF-8")).is_err() {
                break;
            }
        }
    });
    let mut answers = Vec::with_capacity(inputs.len());
    loop {
        match answered.recv_timeout(PEER_SILENCE) {
            Ok(line) => answers.push(serde_json::from_str(&line).expect("JSON")),
            Err(RecvTimeoutError::Disconnected) => break,
            Err(RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "math.js gave no answer for {} s to input {} of {}: {}; keep such inputs out \
                     of the generator, or list them",
                    PEER_SILENCE.as_secs(),
                    answers.len() + 1,
                    inputs.len(),
                    inputs
                        .get(answers.len())
                        .map_or(String::new(), Value::to_string)
                );
            }
        }
    }
    child.wait().expect("node finishes");
    reader.join().expect("reader");
    writer.join().expect("writer").expect("written");
    assert_eq!(answers.len(), inputs.len(), "math.js answered every input");
    answers
}

/// One line pair of a differential report: the expression, math.js's answer and reckon's.
pub fn difference(
    expression: &str,
    want: &Value,
    got: &Result<Value, reckon_math::CalculateError>,
) -> String {
    let ours = match got {
        Ok(out) => out.to_string(),
        Err(e) => format!("{} ({})", e.reason.name(), e.message),
    };
    format!("{expression}\n  math.js: {want}\n  reckon:  {ours}")
}

/// Fails with the first 20 differences when there are any (all of them with
/// `RECKON_ALL_DIFFERENCES` set).
pub fn assert_no_differences(failures: &[String]) {
    let shown = if std::env::var_os("RECKON_ALL_DIFFERENCES").is_some() {
        failures.len()
    } else {
        failures.len().min(20)
    };
    assert!(
        failures.is_empty(),
        "{} differ:\n{}",
        failures.len(),
        failures[..shown].join("\n")
    );
}

/// The pending ratchet's list (`tests/pending.jsonl`).
pub fn pending_list() -> pending::PendingList {
    pending::PendingList::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/pending.jsonl"),
    )
}

/// The feature a not-built refusal waits for, for the ratchet (`None` for any other answer).
pub fn pending_feature(got: &Result<Value, reckon_math::CalculateError>) -> Option<&'static str> {
    match got {
        Err(e) if reckon_math::missing::is_not_built(&e.message) => {
            Some(reckon_math::missing::feature_of(&e.message).map_or("other forms", |m| m.feature))
        }
        _ => None,
    }
}
