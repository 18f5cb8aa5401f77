//! `reckon exec TOOL`: JSON Lines in, JSON Lines out, in bounded memory, across cores.
//!
//! Lines are split on LF only (a CR before it is JSON whitespace). Each line is handed to the tool
//! as bytes, so invalid UTF-8 or a lone surrogate reaches the tool's own validation. A line longer
//! than [`MAX_LINE_BYTES`] is answered with the tool's `limit_exceeded` error without being held in
//! memory.
//!
//! Lines are read in batches of what is already waiting (at most [`BATCH_LINES`] lines and about
//! [`BATCH_BYTES`] bytes, so memory stays bounded on any input); a batch large enough to pay for
//! it is cut into one run of consecutive lines per core, answered on threads with the tools' large
//! stack, and the answers are written in input order. Output is flushed whenever the input
//! buffer is empty, i.e. before a read could block, so `exec` still works as a co-process (one
//! request, one answer). Tools are pure functions of their line, so the answers are the same
//! bytes as one thread would give.

use reckon_tools::{ErrorCategory, Registry, Tool};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

/// The longest input line `exec` reads; far above anything a tool admits (a decimal request is at
/// most a few kilobytes of meaningful text), yet bounded so one line cannot exhaust memory.
pub(crate) const MAX_LINE_BYTES: usize = 16 << 20;

/// Arguments of `reckon exec`.
#[derive(clap::Args)]
pub(crate) struct ExecArgs {
    /// The tool id, such as decimal-expression-evaluate (see `reckon tools`).
    tool: String,
    /// Threads that answer large batches of waiting lines (default: one per core). Answers stay
    /// in input order; each thread may hold one request's memory budget (256 MiB) at a time.
    #[arg(long)]
    threads: Option<usize>,
}

pub(crate) fn run(registry: &Registry, args: &ExecArgs) -> ExitCode {
    let Some(tool) = registry.get(&args.tool) else {
        return crate::unknown_tool(registry, &args.tool);
    };
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    match stream(tool, stdin, stdout, threads) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reckon exec: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Most lines read into one batch.
pub(crate) const BATCH_LINES: usize = 4096;

/// The bytes after which a batch takes no further line (a single line may still be up to
/// [`MAX_LINE_BYTES`]).
pub(crate) const BATCH_BYTES: usize = 4 << 20;

/// Fewest lines per thread for a batch to be shared between threads: below it, starting the
/// threads costs more than they save.
const LINES_PER_THREAD: usize = 64;

/// One input line: its bytes, or `None` when it was longer than [`MAX_LINE_BYTES`].
type Line = Option<Vec<u8>>;

/// Answers every line of `input` on `output`, sharing large batches among `threads` threads.
pub(crate) fn stream(
    tool: &dyn Tool,
    input: impl Read,
    output: impl Write,
    threads: usize,
) -> io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let mut batch: Vec<Line> = Vec::new();
    loop {
        if reader.buffer().is_empty() {
            writer.flush()?; // the next read may block: answer what has been asked so far
        }
        if !read_batch(&mut reader, &mut batch)? {
            break;
        }
        for answers in answer_batch(tool, &batch, threads) {
            writer.write_all(&answers)?;
        }
    }
    writer.flush()
}

/// Reads into `batch` one line (waiting for it if need be), then the lines already waiting, up
/// to [`BATCH_LINES`] and [`BATCH_BYTES`]. False at the end of input.
fn read_batch(reader: &mut BufReader<impl Read>, batch: &mut Vec<Line>) -> io::Result<bool> {
    batch.clear();
    let mut bytes = 0;
    while batch.len() < BATCH_LINES && bytes < BATCH_BYTES {
        if !batch.is_empty() && reader.buffer().is_empty() {
            break; // nothing more is waiting: answer these first
        }
        let mut line = Vec::new();
        match read_line(reader, &mut line)? {
            None => break,
            Some(complete) => {
                bytes += line.len();
                batch.push(complete.then_some(line));
            }
        }
    }
    Ok(!batch.is_empty())
}

/// The answers to `batch`, one newline-terminated answer per line, in order: one buffer per run
/// of consecutive lines (a run per thread when the batch is large enough to share).
fn answer_batch(tool: &dyn Tool, batch: &[Line], threads: usize) -> Vec<Vec<u8>> {
    let threads = threads.clamp(1, (batch.len() / LINES_PER_THREAD).max(1));
    if threads == 1 {
        return vec![answer_run(tool, batch)];
    }
    let run = batch.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let handles: Vec<_> = batch
            .chunks(run)
            .map(|lines| {
                std::thread::Builder::new()
                    .name("reckon-exec".into())
                    .stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        reckon_tools::stack::declare_large_stack();
                        answer_run(tool, lines)
                    })
            })
            .collect();
        batch
            .chunks(run)
            .zip(handles)
            .map(|(lines, handle)| match handle {
                Ok(handle) => handle.join().unwrap_or_else(|_| answer_run(tool, lines)),
                // No thread to be had: answer the run here.
                Err(_) => answer_run(tool, lines),
            })
            .collect()
    })
}

/// The answers to consecutive lines, each followed by a newline.
fn answer_run(tool: &dyn Tool, lines: &[Line]) -> Vec<u8> {
    let mut out = Vec::with_capacity(lines.len() * 64);
    for line in lines {
        match line {
            Some(line) => {
                tool.execute_into(line, &mut out);
            }
            None => {
                let message = format!("the input line is longer than {MAX_LINE_BYTES} bytes");
                let body = tool.reject(ErrorCategory::LimitExceeded, "input_bytes", &message);
                out.extend_from_slice(body.to_string().as_bytes());
            }
        }
        out.push(b'\n');
    }
    out
}

/// Reads one line without its LF into `line`. Returns `None` at the end of input, `Some(false)` when
/// the line was longer than [`MAX_LINE_BYTES`] (the rest of it is skipped, not stored).
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<bool>> {
    let mut seen_any = false;
    let mut fits = true;
    loop {
        let buffer = match reader.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(seen_any.then_some(fits));
        }
        seen_any = true;
        let (chunk, used, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(at) => (&buffer[..at], at + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if fits && line.len() + chunk.len() <= MAX_LINE_BYTES {
            line.extend_from_slice(chunk);
        } else {
            fits = false;
            line.clear();
        }
        reader.consume(used);
        if done {
            return Ok(Some(fits));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<(Vec<u8>, bool)> {
        let mut reader = BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        let mut line = Vec::new();
        while let Some(complete) = read_line(&mut reader, &mut line).expect("reads") {
            out.push((std::mem::take(&mut line), complete));
        }
        out
    }

    /// A batch shared among threads answers, in order, exactly what one thread answers, line
    /// by line as the tool answers each on its own.
    #[test]
    fn threads_answer_large_batches_in_input_order() {
        let registry = Registry::standard();
        let Some(tool) = registry.get("decimal-expression-evaluate") else {
            panic!("the decimal tool is registered");
        };
        let lines: Vec<String> = (0..3 * BATCH_LINES + 17)
            .map(|i| match i % 5 {
                0 => format!(r#"{{"expression": "{i} / 8"}}"#),
                1 => format!(r#"{{"expression": "{i} * 1.5 - 0.25"}}"#),
                2 => format!(r#"{{"expression": "1 / {}"}}"#, i % 3),
                3 => "not json".to_owned(),
                _ => format!(r#"{{"expression": "round({i} / 7, 2)", "rounding": "half_even"}}"#),
            })
            .collect();
        let input = lines.join("\n").into_bytes();
        let answer = |threads: usize| {
            let mut out = Vec::new();
            stream(tool, input.as_slice(), &mut out, threads).expect("answers");
            out
        };
        let one = answer(1);
        let expected: String = lines
            .iter()
            .map(|line| {
                let mut out = Vec::new();
                tool.execute_into(line.as_bytes(), &mut out);
                format!("{}\n", String::from_utf8_lossy(&out))
            })
            .collect();
        assert_eq!(String::from_utf8_lossy(&one), expected);
        for threads in [2, 3, 8] {
            assert!(answer(threads) == one, "{threads} threads");
        }
    }

    #[test]
    fn a_batch_stops_at_its_line_count_and_byte_size() {
        let input = "1\n".repeat(BATCH_LINES + 3);
        let mut reader = BufReader::with_capacity(1 << 20, input.as_bytes());
        let mut batch = Vec::new();
        assert!(read_batch(&mut reader, &mut batch).expect("reads"));
        assert_eq!(batch.len(), BATCH_LINES);
        assert!(read_batch(&mut reader, &mut batch).expect("reads"));
        assert_eq!(batch.len(), 3);
        assert!(!read_batch(&mut reader, &mut batch).expect("reads"));
        let long = format!("{}\n", "x".repeat(BATCH_BYTES / 2)).repeat(3);
        let mut reader = BufReader::with_capacity(1 << 16, long.as_bytes());
        assert!(read_batch(&mut reader, &mut batch).expect("reads"));
        assert_eq!(
            batch.len(),
            2,
            "the line that passes the byte bound ends the batch"
        );
    }

    #[test]
    fn splits_on_lf_only_and_keeps_blank_lines_and_an_unterminated_last_line() {
        let got = lines(b"a\r\n\n\nlonger than the buffer\nlast");
        let texts: Vec<&[u8]> = got.iter().map(|(l, _)| l.as_slice()).collect();
        assert_eq!(
            texts,
            [&b"a\r"[..], b"", b"", b"longer than the buffer", b"last"]
        );
        assert!(got.iter().all(|(_, complete)| *complete));
        assert!(lines(b"").is_empty());
        assert_eq!(lines(b"\n").len(), 1);
    }
}
