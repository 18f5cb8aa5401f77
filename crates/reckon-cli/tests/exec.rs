//! `reckon exec` as a process: the shared case corpus, one answer per line whatever the line, the
//! co-process protocol and usage errors.

use reckon_tools::Registry;
use reckon_tools::corpus;
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_reckon");

/// Runs `reckon exec TOOL` with `input` on stdin; returns stdout lines and the exit status.
fn exec(tool: &str, input: Vec<u8>) -> (Vec<String>, std::process::ExitStatus) {
    let mut child = Command::new(BIN)
        .args(["exec", tool])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("reckon starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let output = child.wait_with_output().expect("reckon finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin accepts the input");
    let text = String::from_utf8(output.stdout).expect("stdout is UTF-8");
    (text.lines().map(str::to_owned).collect(), output.status)
}

fn parse(line: &str) -> Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("output line is not JSON ({e}): {line}"))
}

#[test]
fn every_case_passes_through_reckon_exec() {
    let cases_root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let pending_list =
        reckon_tools::pending::PendingList::load(&cases_root.join("../pending.jsonl"));
    let mut ratchet = pending_list.ratchet("cases");
    for tool in Registry::standard().ids() {
        let mut cases = Vec::new();
        for entry in std::fs::read_dir(cases_root.join(tool)).expect("case directory") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|ext| ext == "jsonl") {
                let text = std::fs::read_to_string(&path).expect("readable");
                cases.extend(
                    corpus::parse_cases(&text)
                        .unwrap_or_else(|e| panic!("{}: {e}", path.display())),
                );
            }
        }
        let input: Vec<u8> = cases
            .iter()
            .flat_map(|c| format!("{}\n", c.line).into_bytes())
            .collect();
        let (lines, status) = exec(tool, input);
        assert!(status.success());
        assert_eq!(
            lines.len(),
            cases.len(),
            "{tool}: one answer per input line"
        );
        let failures: Vec<String> = cases
            .iter()
            .zip(&lines)
            .filter_map(|(case, line)| {
                let got = parse(line);
                // Only the inputs of the pending ratchet may answer "not implemented in
                // reckon yet".
                if ratchet.record(
                    &format!("{tool}/{}", case.id),
                    corpus::pending_feature(&got),
                ) {
                    return None;
                }
                corpus::check_case(case, &got)
                    .err()
                    .map(|why| format!("{}: {why}", case.id))
            })
            .collect();
        assert!(
            failures.is_empty(),
            "{tool}: {} failures:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
    if let Err(report) = ratchet.finish() {
        panic!("{report}");
    }
}

#[test]
fn every_line_gets_exactly_one_answer_whatever_it_holds() {
    let hostile: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"   ".to_vec(),
        b"\r".to_vec(),
        b"\xff\xfe{".to_vec(),
        b"\x00".to_vec(),
        b"{".to_vec(),
        b"[".repeat(100_000),
        br#"{"expression": "1+1"} trailing"#.to_vec(),
        br#"{"expression": "\ud800"}"#.to_vec(),
        br#"{"expression": "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1"}"#.to_vec(),
        br#"{"expression": "1+1"}"#.to_vec(),
    ];
    let mut input = hostile.join(&b'\n');
    input.push(b'\n');
    let (lines, status) = exec("decimal-expression-evaluate", input);
    assert!(status.success());
    assert_eq!(lines.len(), hostile.len());
    for line in &lines[..lines.len() - 1] {
        assert!(parse(line).get("error").is_some(), "{line}");
    }
    assert_eq!(parse(&lines[lines.len() - 1])["value"], "2");
}

#[test]
fn a_last_line_without_newline_is_answered_and_an_empty_input_gets_nothing() {
    let (lines, _) = exec(
        "decimal-expression-evaluate",
        br#"{"expression": "1"}"#.to_vec(),
    );
    assert_eq!(lines.len(), 1);
    let (lines, status) = exec("decimal-expression-evaluate", Vec::new());
    assert!(lines.is_empty() && status.success());
}

#[test]
fn an_overlong_line_is_refused_without_stopping_the_stream() {
    let mut input = vec![b' '; 17 << 20];
    input.extend_from_slice(b"\n{\"expression\": \"2\"}\n");
    let (lines, _) = exec("decimal-expression-evaluate", input);
    assert_eq!(lines.len(), 2);
    assert_eq!(parse(&lines[0])["error"]["code"], "limit_exceeded");
    assert_eq!(
        parse(&lines[0])["error"]["details"]["reason"],
        "input_bytes"
    );
    assert_eq!(parse(&lines[1])["value"], "2");
}

#[test]
fn works_as_a_co_process_one_request_one_answer() {
    let mut child = Command::new(BIN)
        .args(["exec", "decimal-expression-evaluate"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("reckon starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (sender, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.expect("readable")).is_err() {
                break;
            }
        }
    });
    for (request, value) in [
        (r#"{"expression": "1/8"}"#, "0.125"),
        (r#"{"expression": "2^10"}"#, "1024"),
    ] {
        stdin
            .write_all(format!("{request}\n").as_bytes())
            .expect("writes");
        stdin.flush().expect("flushes");
        // The answer must arrive while stdin is still open.
        let answer = answers
            .recv_timeout(Duration::from_secs(20))
            .expect("an answer before more input");
        assert_eq!(parse(&answer)["value"], value);
    }
    drop(stdin);
    assert!(child.wait().expect("exits").success());
}

#[test]
fn an_unknown_tool_is_a_usage_error_naming_the_tools() {
    let output = Command::new(BIN)
        .args(["exec", "nope"])
        .stdin(Stdio::null())
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("unknown tool \"nope\"") && stderr.contains("decimal-expression-evaluate"),
        "{stderr}"
    );
}

#[test]
fn tools_lists_and_shows_manifests() {
    let output = Command::new(BIN).arg("tools").output().expect("runs");
    let listing = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        listing.starts_with("decimal-expression-evaluate\t1.0.0\t"),
        "{listing}"
    );
    let output = Command::new(BIN)
        .args(["tools", "show", "decimal-expression-evaluate"])
        .output()
        .expect("runs");
    let manifest: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(manifest["id"], "decimal-expression-evaluate");
    let mut stderr = String::new();
    let mut child = Command::new(BIN)
        .args(["tools", "show", "x"])
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("reads");
    assert_eq!(child.wait().expect("exits").code(), Some(2));
}
