//! One request must never exhaust the machine: the requests that once took gigabytes, driven
//! through `reckon exec` and `reckon serve` under an address-space limit (`ulimit -v`), each get
//! one well-formed answer or refusal, the process stays alive, and its resident memory comes
//! back near where it was before them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_reckon");

/// The address space each process may map, in KiB: four times the per-call budget, room for
/// the base, the stacks and one call at its budget, and far below what the requests took.
const ADDRESS_SPACE_KIB: u64 = 1 << 20;

/// The refusal every memory-bound request gets: over the request's budget, or (when the address
/// space left is smaller than the budget, as for a server whose thread stacks take a part of
/// it) memory the system could not provide for a build, asked for before it is made.
const MEMORY_REFUSAL: &str = "Memory limit exceeded: ";

/// The requests of issue 37, each with what it must answer: `Ok(result)` or `Err(message
/// start)`.
fn reproducers() -> Vec<(String, Result<&'static str, &'static str>)> {
    let reads = vec!["s"; 150].join(", ");
    vec![
        // 1.55 GB and 3.4 s when every read of `m` copied its digits; shared now.
        (
            "{a: m = bigint(10)^bigint(999000), b: size(map(1:20000, f(x) = m))}.b".into(),
            Ok("[20000]"),
        ),
        // A 999,002-character string read 150 times per callback aborted the process.
        (
            format!(
                r#"{{a: s = format(1, {{notation: "fixed", precision: 999000}}), b: sum(map(1:3000, f(x) = size([{reads}])[1]))}}.b"#
            ),
            Ok("450000"),
        ),
        // Nineteen million-element ranges (2.1 GB).
        (
            format!("size([{}])", vec!["1:1e6"; 19].join(", ")),
            Err(MEMORY_REFUSAL),
        ),
        // A million objects of twenty members (2.0 GB).
        (
            "size(map(1:1e6, f(x) = {a: x, b: x, c: x, d: x, e: x, f: x, g: x, h: x, i: x, j: x, k: x, l: x, m: x, n: x, o: x, p: x, q: x, r: x, s: x, t: x}))".into(),
            Err(MEMORY_REFUSAL),
        ),
        // Ten thousand 200,000-digit strings (2.5 GB).
        (
            r#"size(map(1:1e4, f(x) = format(x, {notation: "fixed", precision: 200000})))"#.into(),
            Err(MEMORY_REFUSAL),
        ),
        // A hundred thousand 5,000-digit strings: medium blocks, which share pages.
        (
            r#"size(map(1:1e5, f(x) = format(x, {notation: "fixed", precision: 5000})))"#.into(),
            Err(MEMORY_REFUSAL),
        ),
        // The same at 999,000 digits (the clock check fired after 8.3 s).
        (
            r#"size(map(1:1e4, f(x) = format(x, {notation: "fixed", precision: 999000})))"#.into(),
            Err(MEMORY_REFUSAL),
        ),
    ]
}

/// `reckon ARGS` under the address-space limit, with piped standard streams.
fn limited(args: &str) -> Child {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {ADDRESS_SPACE_KIB} && exec {BIN} {args}"
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts")
}

/// A memory figure of process `pid` from /proc, in KiB: `VmRSS` (resident now) or `VmHWM`
/// (the most it was ever resident).
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"))
}

/// The resident memory of process `pid` now, in KiB.
fn resident_kib(pid: u32) -> u64 {
    status_kib(pid, "VmRSS")
}

/// One call's memory budget, in KiB (the allocator's count follows resident memory from
/// above: blocks at the size class and page share they take).
const BUDGET_KIB: u64 = 256 << 10;

/// What the process may hold beyond its level before the requests and one call's budget, in
/// KiB: what a call can add between two checks of its budget, its answer's text, and pages the
/// allocator has not yet given back.
const PEAK_SLACK_KIB: u64 = 16 << 10;

/// Checks that process `pid` never held more than its resident memory `before` the requests,
/// one call's budget and [`PEAK_SLACK_KIB`].
#[track_caller]
fn peak_within_bound(pid: u32, before: u64) {
    let peak = status_kib(pid, "VmHWM");
    let bound = before + BUDGET_KIB + PEAK_SLACK_KIB;
    eprintln!("peak resident {peak} KiB (base {before} KiB, bound {bound} KiB)");
    assert!(peak <= bound, "peak resident {peak} KiB, over {bound} KiB");
}

/// Checks one tool answer against what it must be.
#[track_caller]
fn check(expression: &str, body: &serde_json::Value, expected: Result<&str, &str>) {
    match expected {
        Ok(result) => assert_eq!(body["result"], result, "{expression}: {body}"),
        Err(message) => {
            assert_eq!(
                body["error"]["data"]["reason"], "result_too_large",
                "{expression}: {body}"
            );
            let text = body["error"]["message"].as_str().unwrap_or_default();
            assert!(text.starts_with(message), "{expression}: {text}");
        }
    }
}

/// How much more resident memory than before the requests counts as "back near its level":
/// the allocator keeps some freed pages for reuse.
const RESIDENT_SLACK_KIB: u64 = 96 << 10;

#[test]
fn exec_answers_each_reproducer_within_the_budget_and_gives_the_memory_back() {
    let mut child = limited("exec calculate");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    let mut ask = |expression: &str, stdin: &mut std::process::ChildStdin| {
        let request = serde_json::json!({ "expression": expression });
        writeln!(stdin, "{request}").expect("writes");
        stdin.flush().expect("flushes");
        line.clear();
        stdout.read_line(&mut line).expect("reads an answer line");
        serde_json::from_str::<serde_json::Value>(&line)
            .unwrap_or_else(|e| panic!("one JSON line for {expression} ({e}): {line:?}"))
    };
    check("1 + 1", &ask("1 + 1", &mut stdin), Ok("2"));
    let before = resident_kib(child.id());
    for (expression, expected) in reproducers() {
        check(&expression, &ask(&expression, &mut stdin), expected);
    }
    check("2 + 2", &ask("2 + 2", &mut stdin), Ok("4"));
    let after = resident_kib(child.id());
    assert!(
        after <= before + RESIDENT_SLACK_KIB,
        "resident {before} KiB before, {after} KiB after"
    );
    peak_within_bound(child.id(), before);
    drop(stdin);
    let status = child.wait().expect("exits");
    assert!(status.success(), "exec ends normally: {status}");
}

/// One HTTP/1.1 request to `addr`; the status line and the body.
fn post(addr: &str, path: &str, body: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).expect("connects");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let request = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("writes");
    let mut reply = String::new();
    stream.read_to_string(&mut reply).expect("reads");
    let (head, body) = reply.split_once("\r\n\r\n").unwrap_or((&reply, ""));
    (
        head.lines().next().unwrap_or_default().to_owned(),
        body.to_owned(),
    )
}

#[test]
fn serve_answers_each_reproducer_within_the_budget_and_stays_up() {
    // One worker and one tool thread: each thread reserves a 64 MiB stack of the address
    // space, and the limit must leave the call its budget (`--max-memory` says so).
    let mut child = limited(
        "serve --addr 127.0.0.1:0 --log-format json --timeout 60 --workers 1 --max-memory 256MiB",
    );
    let mut log = BufReader::new(child.stderr.take().expect("stderr"));
    let mut first = String::new();
    log.read_line(&mut first).expect("a log line");
    let address: serde_json::Value = serde_json::from_str(&first).expect("a JSON log line");
    let addr = address["address"].as_str().expect("the address").to_owned();
    let mut second = String::new();
    log.read_line(&mut second).expect("the memory line");
    let stated: serde_json::Value = serde_json::from_str(&second).expect("a JSON log line");
    assert_eq!(stated["memory_per_call_mib"], 256, "{second}");

    let path = "/v1/tools/calculate/versions/1.0.0/execute";
    let ask = |expression: &str| {
        let (status, body) = post(
            &addr,
            path,
            &serde_json::json!({ "expression": expression }).to_string(),
        );
        let body: serde_json::Value = serde_json::from_str(&body)
            .unwrap_or_else(|e| panic!("a JSON body for {expression} ({e}, {status}): {body}"));
        (status, body)
    };
    let (status, body) = ask("1 + 1");
    assert!(status.contains(" 200 "), "{status}");
    check("1 + 1", &body, Ok("2"));
    let before = resident_kib(child.id());
    // The server logs a line per request: read them all, so that its stderr never fills.
    std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));
    for (expression, expected) in reproducers() {
        let (_, body) = ask(&expression);
        check(&expression, &body, expected);
    }
    let (status, body) = ask("2 + 2");
    assert!(status.contains(" 200 "), "{status}");
    check("2 + 2", &body, Ok("4"));
    let after = resident_kib(child.id());
    assert!(
        after <= before + RESIDENT_SLACK_KIB,
        "resident {before} KiB before, {after} KiB after"
    );
    peak_within_bound(child.id(), before);
    assert!(
        child.try_wait().expect("status").is_none(),
        "the server is still up"
    );
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().expect("exits");
    assert!(status.success(), "graceful exit: {status}");
}
