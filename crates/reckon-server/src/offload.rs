//! Tool calls that may run long go to tokio's blocking pool, never onto the async workers.
//!
//! A call the tool proves small first (`Tool::execute_small_into`: a body of at most 4 KiB whose
//! work fits a small allowance of the meter, about 150 µs at most) is answered on the worker by the
//! route itself (`api::execute`); only the others come here. The hand-off to the pool and back
//! costs more than such a call, and under load it was what held small `execute` requests to two
//! thirds of the `/healthz` rate.
//!
//! # Why
//! A tool call is synchronous CPU work bounded by its tool's budget, but `calculate`'s budget
//! admits hostile near-budget requests of about 2 s. Run in place, such a call holds an async
//! worker for that long, and everything that worker would do meanwhile waits behind it: accepting
//! connections, reading other requests, `/healthz`, cheap calls. On a one-worker server one heavy
//! request stalled the whole server. On the blocking pool the workers stay free to read, route and
//! answer; the pool's threads get the large stack that `calculate` needs (see [`crate::runtime`]).
//! A decimal call costs a few microseconds more this way (a hand-off to a parked thread), which is
//! noise next to HTTP parsing.
//!
//! # The concurrency limit and the deadline
//! The `limits` layer takes one permit per request and puts an [`Admission`] (the shared permit and
//! the request's deadline) in the request's extensions. [`run`] moves a clone of it into the call,
//! so the permit is given back only when the response has been sent *and* the call has finished: a
//! request answered 408 at its deadline still counts against `max_concurrency` while its call runs
//! on (for at most its tool's budget), and the pool never holds more calls than that limit. The
//! response itself is still 408 at the deadline (the layer's timeout), and a call that had not
//! started by its deadline (queued behind others) is skipped rather than computed for nobody.

use std::sync::Arc;
use std::time::Instant;
use tokio::sync::OwnedSemaphorePermit;

/// What the `limits` layer grants a request: its share of the concurrency limit and its deadline.
#[derive(Clone, Debug)]
pub(crate) struct Admission {
    /// The request's permit, released when the last clone is dropped (held, never read).
    _permit: Arc<OwnedSemaphorePermit>,
    /// When the request is answered 408.
    deadline: Instant,
}

impl Admission {
    /// An admission holding `permit` until `deadline`.
    pub(crate) fn new(permit: OwnedSemaphorePermit, deadline: Instant) -> Self {
        Self {
            _permit: Arc::new(permit),
            deadline,
        }
    }
}

/// Why a call gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The call had not started by the request's deadline; the request is answered 408.
    Expired,
    /// The call panicked (a bug; logged here) or the runtime is shutting down.
    Failed,
}

/// Runs `work` on the blocking pool, holding `admission` (when the request has one; stdio MCP has
/// none) until it finishes.
///
/// # Errors
/// [`Refusal::Expired`] when the call was still queued at the deadline, [`Refusal::Failed`] when it
/// panicked or could not be run.
pub(crate) async fn run<T: Send + 'static>(
    admission: Option<Admission>,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Refusal> {
    let handle = tokio::task::spawn_blocking(move || {
        if admission
            .as_ref()
            .is_some_and(|admission| Instant::now() >= admission.deadline)
        {
            return Err(Refusal::Expired);
        }
        let answer = work();
        drop(admission);
        Ok(answer)
    });
    match handle.await {
        Ok(answer) => answer,
        Err(error) => {
            if error.is_panic() {
                log_panic(&*error.into_panic());
            } else {
                tracing::error!("a tool call was cancelled: {error}");
            }
            Err(Refusal::Failed)
        }
    }
}

/// Logs a tool call's panic (a bug) with its message.
pub(crate) fn log_panic(panic: &(dyn std::any::Any + Send)) {
    let message = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    tracing::error!(panic = message, "a tool call panicked");
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;
    use tokio::sync::Semaphore;

    fn admission(semaphore: &Arc<Semaphore>, deadline: Instant) -> Admission {
        let permit = semaphore.clone().try_acquire_owned().expect("a permit");
        Admission::new(permit, deadline)
    }

    #[tokio::test]
    async fn the_permit_is_held_until_the_call_finishes_even_when_the_caller_gave_up() {
        let semaphore = Arc::new(Semaphore::new(1));
        let granted = admission(&semaphore, Instant::now() + Duration::from_secs(60));
        let (started, started_rx) = std::sync::mpsc::channel();
        let (release, release_rx) = std::sync::mpsc::channel::<()>();
        let call = tokio::spawn(run(Some(granted), move || {
            let _ = started.send(());
            let _ = release_rx.recv();
            7
        }));
        tokio::task::spawn_blocking(move || started_rx.recv())
            .await
            .expect("joins")
            .expect("the call started");
        call.abort(); // the request timed out and its future was dropped
        assert!(call.await.is_err(), "the caller was cancelled");
        assert_eq!(semaphore.available_permits(), 0, "the call still runs");
        release.send(()).expect("the call waits");
        // Waits for the permit to come back; the bound only turns a hang into a failure (it is far
        // above the time a loaded machine takes to finish the call).
        let permit = tokio::time::timeout(Duration::from_secs(60), semaphore.acquire())
            .await
            .expect("the permit was not released when the call finished");
        drop(permit);
    }

    #[tokio::test]
    async fn a_call_not_started_by_its_deadline_is_skipped() {
        let semaphore = Arc::new(Semaphore::new(1));
        let expired = admission(&semaphore, Instant::now());
        let answer = run(Some(expired), || -> u8 { panic!("not computed") }).await;
        assert_eq!(answer, Err(Refusal::Expired));
        assert_eq!(semaphore.available_permits(), 1);
    }

    #[test]
    fn the_serve_runtime_runs_calls_on_declared_large_stack_threads() {
        let threads = crate::Threads {
            workers: Some(1),
            tool_threads: None,
        };
        let runtime = crate::runtime(threads).expect("a runtime");
        let declared = runtime.block_on(run(None, reckon_tools::stack::has_large_stack));
        assert_eq!(
            declared,
            Ok(true),
            "calculate runs in place, no thread per call"
        );
    }

    /// With one tool thread, two calls run one after the other on it: the pool is bounded.
    #[test]
    fn tool_threads_bound_the_calls_that_run_at_once() {
        let threads = crate::Threads {
            workers: Some(1),
            tool_threads: Some(1),
        };
        let runtime = crate::runtime(threads).expect("a runtime");
        let running = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let call = |running: Arc<std::sync::atomic::AtomicUsize>| {
            run(None, move || {
                let at_once = running.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                std::thread::sleep(Duration::from_millis(100));
                running.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                (std::thread::current().id(), at_once)
            })
        };
        let (first, second) =
            runtime.block_on(async { tokio::join!(call(running.clone()), call(running.clone())) });
        let (first, second) = (first.expect("runs"), second.expect("runs"));
        assert_eq!(first.0, second.0, "the same thread");
        assert_eq!((first.1, second.1), (1, 1), "never two at once");
    }

    #[tokio::test]
    async fn answers_and_panics() {
        assert_eq!(run(None, || 6 * 7).await, Ok(42));
        let semaphore = Arc::new(Semaphore::new(1));
        let granted = admission(&semaphore, Instant::now() + Duration::from_secs(60));
        let failed = run(Some(granted), || -> u8 { panic!("deliberate test panic") }).await;
        assert_eq!(failed, Err(Refusal::Failed));
        assert_eq!(semaphore.available_permits(), 1, "a panic frees the permit");
    }
}
