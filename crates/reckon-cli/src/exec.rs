//! `reckon exec TOOL`: JSON Lines in, JSON Lines out, in constant memory.
//!
//! Lines are split on LF only (a CR before it is JSON whitespace). Each line is handed to the tool
//! as bytes, so invalid UTF-8 or a lone surrogate reaches the tool's own validation. A line longer
//! than [`MAX_LINE_BYTES`] is answered with the tool's `limit_exceeded` error without being held in
//! memory. Output is flushed whenever the input buffer is empty, i.e. before a read could block.

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
}

pub(crate) fn run(registry: &Registry, args: &ExecArgs) -> ExitCode {
    let Some(tool) = registry.get(&args.tool) else {
        return crate::unknown_tool(registry, &args.tool);
    };
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    match stream(tool, stdin, stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("reckon exec: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Answers every line of `input` on `output`.
pub(crate) fn stream(tool: &dyn Tool, input: impl Read, output: impl Write) -> io::Result<()> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut writer = BufWriter::with_capacity(1 << 16, output);
    let mut line = Vec::with_capacity(1 << 12);
    let mut answer = Vec::with_capacity(1 << 10);
    loop {
        if reader.buffer().is_empty() {
            writer.flush()?; // the next read may block: answer what has been asked so far
        }
        line.clear();
        let Some(complete) = read_line(&mut reader, &mut line)? else {
            break;
        };
        answer.clear();
        if complete {
            tool.execute_into(&line, &mut answer);
        } else {
            let message = format!("the input line is longer than {MAX_LINE_BYTES} bytes");
            let body = tool.reject(ErrorCategory::LimitExceeded, "input_bytes", &message);
            serde_json::to_writer(&mut answer, &body)?;
        }
        answer.push(b'\n');
        writer.write_all(&answer)?;
    }
    writer.flush()
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
