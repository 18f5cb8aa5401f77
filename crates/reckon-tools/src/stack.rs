//! Running tool calls on a thread with a large stack.
//!
//! `calculate` parses and evaluates by recursion over the expression tree, and 1,000 characters can
//! nest 1,000 levels deep; every such expression finishes on a stack of [`LARGE_STACK_BYTES`]
//! (`reckon_math::STACK_BYTES`). Front ends create their threads with that much stack and
//! [`declare_large_stack`] on them, so calls run in place; a call made on any other thread is moved
//! to a fresh thread of the right size ([`on_large_stack`]), which is correct but costs a thread
//! start (tens of microseconds).

use std::cell::Cell;

/// The stack a thread needs to run every tool call in place.
pub const LARGE_STACK_BYTES: usize = reckon_math::STACK_BYTES;

thread_local! {
    static LARGE: Cell<bool> = const { Cell::new(false) };
}

/// Records that the current thread was created with at least [`LARGE_STACK_BYTES`] of stack, so
/// tool calls made on it run in place. Call it first thing on such a thread (tokio's
/// `on_thread_start`, or the closure given to `std::thread::Builder::spawn`).
pub fn declare_large_stack() {
    LARGE.with(|large| large.set(true));
}

/// Whether the current thread declared a large stack.
pub fn has_large_stack() -> bool {
    LARGE.with(Cell::get)
}

/// Runs `work` on a thread with [`LARGE_STACK_BYTES`] of stack: in place when the current thread
/// declared one, else on a scoped thread started for the call.
///
/// # Errors
/// `None` when no thread could be started, or the work panicked (a bug, reported by the caller as
/// an internal error rather than crashing the front end).
pub fn on_large_stack<T: Send>(work: impl FnOnce() -> T + Send) -> Option<T> {
    if has_large_stack() {
        return Some(work());
    }
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .name("reckon-large-stack".into())
            .stack_size(LARGE_STACK_BYTES)
            .spawn_scoped(scope, || {
                declare_large_stack();
                work()
            })
            .ok()?
            .join()
            .ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_from_an_ordinary_thread_moves_to_a_declared_large_thread() {
        assert!(!has_large_stack());
        assert_eq!(on_large_stack(has_large_stack), Some(true));
        assert!(!has_large_stack(), "the caller's thread is not marked");
    }

    #[test]
    fn a_declared_thread_runs_calls_in_place() {
        let (declared_on, ran_on) = std::thread::Builder::new()
            .stack_size(LARGE_STACK_BYTES)
            .spawn(|| {
                declare_large_stack();
                let here = std::thread::current().id();
                (here, on_large_stack(|| std::thread::current().id()))
            })
            .expect("a thread")
            .join()
            .expect("no panic");
        assert_eq!(ran_on, Some(declared_on));
    }
}
