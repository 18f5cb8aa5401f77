//! MCP over stdio (`reckon mcp`): every line read gets an answer, a line rmcp cannot read included.
//!
//! rmcp's own stdio transport drops a line it cannot parse without a reply (see [`crate::jsonrpc`]),
//! and a client then waits forever. So the lines are read here instead, and rmcp is given an
//! in-process pipe ([`tokio::io::duplex`]) as its transport:
//!
//! ```text
//! stdin ─ reader ─┬─ good lines ─▶ pipe ─▶ rmcp ─▶ pipe ─ forwarder ─┐
//!                 └─ errors ─────────────────────────────────────────┴─▶ channel ─ writer ─▶ stdout
//! ```
//!
//! - The reader reads one line at a time, at most [`MAX_LINE_BYTES`] of it (a longer line is
//!   answered `-32700` and the rest of it skipped as it arrives, in bounded memory), skips blank
//!   lines, and runs [`crate::jsonrpc::check`] on each: a line rmcp reads goes on to rmcp
//!   unchanged; any other is answered with a JSON-RPC error, or dropped when it is a notification
//!   or a response (JSON-RPC wants no answer to either). A last line without a line end counts.
//! - One writer task owns stdout and writes whole lines from one channel, fed by the reader (its
//!   errors) and by the forwarder (rmcp's lines, which it reads from the pipe line by line), so
//!   the two sources never interleave within a line.
//! - At the end of stdin (or on a read error) the pipe is closed; rmcp finishes and closes its
//!   side, the forwarder and the reader drop their senders, and the writer flushes and ends.
//! - When a write to stdout fails, nothing can be answered any more: rmcp's service is cancelled
//!   and `reckon mcp` ends with the error, without waiting for the end of stdin.
//!
//! Why a pipe rather than a custom rmcp `Transport`: the pipe keeps rmcp's own line codec and its
//! service loop exactly as they are, and the checks need no knowledge of rmcp's internals beyond
//! its public message type.

use crate::jsonrpc::{self, Fault, Verdict};
use crate::mcp::McpServer;
use reckon_tools::Registry;
use rmcp::ServiceExt;
use rmcp::transport::async_rw::AsyncRwTransport;
use std::sync::Arc;
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{mpsc, oneshot};

/// The longest line read, in bytes without its line end: 16 MiB, as rmcp's own transport and
/// `reckon exec`.
pub(crate) const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// The capacity of each direction of the pipe to rmcp.
const PIPE_BYTES: usize = 64 * 1024;

/// Lines waiting for the writer.
const QUEUED_LINES: usize = 64;

/// Serves MCP over `input` and `output` until `input` ends and rmcp has answered what it was
/// given.
///
/// # Errors
/// A message when the client closed the stream before initialising, when writing fails, or when
/// rmcp's service fails.
pub(crate) async fn serve<R, W>(registry: Arc<Registry>, input: R, output: W) -> Result<(), String>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    let (ours, theirs) = tokio::io::duplex(PIPE_BYTES);
    let (from_rmcp, to_rmcp) = tokio::io::split(ours);
    let (theirs_read, theirs_write) = tokio::io::split(theirs);
    let (lines, queue) = mpsc::channel::<Vec<u8>>(QUEUED_LINES);
    let (write_failed, write_failure) = oneshot::channel();
    let writer = tokio::spawn(write_lines(queue, output, write_failed));
    let forwarder = tokio::spawn(forward(from_rmcp, lines.clone()));
    let reader = tokio::spawn(read_lines(input, to_rmcp, lines));
    // rmcp counts the line end in its limit; the lines it gets are at most MAX_LINE_BYTES before it.
    let transport = AsyncRwTransport::new_server(theirs_read, theirs_write)
        .with_max_line_length(MAX_LINE_BYTES + 1);
    let run = async move {
        let service = McpServer::new(registry)
            .serve(transport)
            .await
            .map_err(|e| format!("MCP initialisation failed: {e}"))?;
        service
            .waiting()
            .await
            .map(drop)
            .map_err(|e| format!("MCP service failed: {e}"))
    };
    // When stdout fails nothing can be answered any more: stop rmcp (dropping `run` cancels its
    // service) rather than serve on until stdin ends. The branch is off when the writer ends well.
    let served = tokio::select! {
        served = run => served,
        Ok(()) = write_failure => Ok(()),
    };
    // rmcp has closed its side of the pipe, so the forwarder ends; the reader may still be
    // waiting for input if rmcp stopped on its own, and nothing it reads can be served any more.
    reader.abort();
    let forwarded = forwarder.await;
    let written = writer.await;
    served?;
    if let Ok(Err(e)) = forwarded {
        return Err(format!("cannot read rmcp's answers: {e}"));
    }
    match written {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(format!("cannot write to stdout: {e}")),
        Err(_) => Err("the stdout writer stopped".into()),
    }
}

/// Writes each queued line and its line end, flushing whenever the queue is empty. Says on
/// `failed` when a write fails.
async fn write_lines<W: AsyncWrite + Unpin>(
    mut queue: mpsc::Receiver<Vec<u8>>,
    mut output: W,
    failed: oneshot::Sender<()>,
) -> std::io::Result<()> {
    let written = async {
        while let Some(mut line) = queue.recv().await {
            line.push(b'\n');
            output.write_all(&line).await?;
            if queue.is_empty() {
                output.flush().await?;
            }
        }
        output.flush().await
    }
    .await;
    if written.is_err() {
        let _ = failed.send(());
    }
    written
}

/// Passes rmcp's output on to the writer, line by line (rmcp writes one message per line), until
/// rmcp closes its side of the pipe.
async fn forward<R: AsyncRead + Unpin>(
    from_rmcp: R,
    lines: mpsc::Sender<Vec<u8>>,
) -> std::io::Result<()> {
    let mut from_rmcp = BufReader::new(from_rmcp);
    let mut writing = true;
    loop {
        let mut line = Vec::new();
        if from_rmcp.read_until(b'\n', &mut line).await? == 0 {
            return Ok(());
        }
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        // When the writer is gone, rmcp's lines are still read (and dropped), so that it never
        // blocks on a full pipe while it is being stopped.
        if writing && lines.send(line).await.is_err() {
            writing = false;
        }
    }
}

/// Reads the client's lines: each one goes on to rmcp or is answered (see the module doc).
async fn read_lines<R, P>(
    input: R,
    mut to_rmcp: P,
    answers: mpsc::Sender<Vec<u8>>,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    P: AsyncWrite + Unpin,
{
    let pumped = pump(input, &mut to_rmcp, answers).await;
    // Whatever ended the input (its end, a read error, the writer gone), rmcp must see the end of
    // its input, or it would wait for more and keep the whole service waiting.
    let closed = to_rmcp.shutdown().await;
    pumped.and(closed)
}

/// The loop of [`read_lines`].
async fn pump<R, P>(
    input: R,
    to_rmcp: &mut P,
    answers: mpsc::Sender<Vec<u8>>,
) -> std::io::Result<()>
where
    R: AsyncRead + Unpin,
    P: AsyncWrite + Unpin,
{
    let mut input = BufReader::new(input);
    let mut line = Vec::new();
    loop {
        let read = read_line(&mut input, &mut line, MAX_LINE_BYTES).await?;
        let verdict = match read {
            Line::End => break,
            Line::TooLong => Verdict::Answer(Fault::parse(format!(
                "the line is longer than {MAX_LINE_BYTES} bytes (16 MiB): send one JSON-RPC 2.0 request per line, within that size"
            ))),
            Line::Complete => {
                let message = line.strip_suffix(b"\r").unwrap_or(&line);
                let message = message.strip_prefix(jsonrpc::BOM).unwrap_or(message);
                if message.iter().all(u8::is_ascii_whitespace) {
                    continue;
                }
                jsonrpc::check(message)
            }
        };
        match verdict {
            Verdict::Forward => {
                line.push(b'\n');
                to_rmcp.write_all(&line).await?;
                to_rmcp.flush().await?;
            }
            Verdict::Answer(fault) => {
                tracing::debug!(code = fault.code, message = %fault.message, "answered a message rmcp cannot read");
                if answers.send(fault.to_json()).await.is_err() {
                    break;
                }
            }
            Verdict::Unanswerable(fault) => {
                tracing::debug!(message = %fault.message, "dropped a notification or response rmcp cannot read");
            }
        }
    }
    Ok(())
}

/// What [`read_line`] found.
#[derive(Debug, PartialEq, Eq)]
enum Line {
    /// A line (without its `\n`) is in the buffer; also the last line when the input ends without one.
    Complete,
    /// The line was longer than the limit; it has been skipped through its end.
    TooLong,
    /// The input has ended.
    End,
}

/// Reads one line into `line` (cleared first) without letting it grow past `max` bytes: a longer
/// line is consumed to its end and dropped.
async fn read_line<R: AsyncBufReadExt + Unpin>(
    input: &mut R,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Line> {
    line.clear();
    let mut too_long = false;
    loop {
        let available = input.fill_buf().await?;
        if available.is_empty() {
            return Ok(if too_long {
                Line::TooLong
            } else if line.is_empty() {
                Line::End
            } else {
                Line::Complete
            });
        }
        let end = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..end.unwrap_or(available.len())];
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line.clear();
                line.shrink_to(PIPE_BYTES);
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(end.is_some());
        input.consume(used);
        if end.is_some() {
            return Ok(if too_long {
                Line::TooLong
            } else {
                Line::Complete
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::pin::Pin;
    use std::task::{Context, Poll};
    use std::time::Duration;
    use tokio::io::AsyncReadExt;

    const INIT: &str = r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

    #[tokio::test]
    async fn every_line_is_answered_and_the_end_of_input_ends_the_service() {
        let input = format!(
            "{INIT}\n\n{{\"id\": {{}}}}\n{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}}"
        );
        let (output, mut answers) = tokio::io::duplex(1 << 20);
        let served = tokio::time::timeout(
            Duration::from_secs(20),
            serve(
                Arc::new(Registry::standard()),
                std::io::Cursor::new(input.into_bytes()),
                output,
            ),
        )
        .await
        .expect("ends at the end of input");
        assert_eq!(served, Ok(()));
        let mut text = String::new();
        answers.read_to_string(&mut text).await.expect("reads");
        let ids: Vec<serde_json::Value> = text
            .lines()
            .map(|line| {
                serde_json::from_str::<serde_json::Value>(line).expect("JSON")["id"].clone()
            })
            .collect();
        // The blank line is skipped; the last line, without a line end, is answered too.
        assert_eq!(ids.len(), 3, "{text}");
        for id in [
            serde_json::json!(0),
            serde_json::Value::Null,
            serde_json::json!(1),
        ] {
            assert!(ids.contains(&id), "{id} in {text}");
        }
    }

    /// An output whose every write fails, as stdout once the client has closed it.
    struct Closed;

    impl AsyncWrite for Closed {
        fn poll_write(
            self: Pin<&mut Self>,
            _: &mut Context<'_>,
            _: &[u8],
        ) -> Poll<std::io::Result<usize>> {
            Poll::Ready(Err(std::io::ErrorKind::BrokenPipe.into()))
        }
        fn poll_flush(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Err(std::io::ErrorKind::BrokenPipe.into()))
        }
        fn poll_shutdown(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<std::io::Result<()>> {
            Poll::Ready(Ok(()))
        }
    }

    #[tokio::test]
    async fn a_failed_write_ends_the_service_without_waiting_for_the_end_of_input() {
        let (mut client, input) = tokio::io::duplex(1 << 16);
        client
            .write_all(format!("{INIT}\n").as_bytes())
            .await
            .expect("writes");
        // `client` stays open: the input never ends.
        let served = tokio::time::timeout(
            Duration::from_secs(20),
            serve(Arc::new(Registry::standard()), input, Closed),
        )
        .await
        .expect("ends when the output fails");
        assert!(
            served
                .as_ref()
                .is_err_and(|e| e.contains("cannot write to stdout")),
            "{served:?}"
        );
        drop(client);
    }

    #[tokio::test]
    async fn lines_are_bounded_and_a_long_one_is_skipped_to_its_end() {
        let input = b"abc\r\n0123456789\nxy\n\nlast".to_vec();
        let mut reader = BufReader::with_capacity(4, input.as_slice());
        let mut line = Vec::new();
        let mut seen = Vec::new();
        loop {
            let read = read_line(&mut reader, &mut line, 5).await.expect("reads");
            if read == Line::End {
                break;
            }
            seen.push((read, String::from_utf8_lossy(&line).into_owned()));
        }
        assert_eq!(
            seen,
            [
                (Line::Complete, "abc\r".to_owned()),
                (Line::TooLong, String::new()),
                (Line::Complete, "xy".to_owned()),
                (Line::Complete, String::new()),
                (Line::Complete, "last".to_owned()),
            ]
        );
    }
}
