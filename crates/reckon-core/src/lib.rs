//! Pure, synchronous foundations shared by every reckon tool: byte spans, error categories, limits,
//! the work meter, exact rationals with rounding and decimal text, and a strict JSON reader.
//!
//! Nothing here does I/O, spawns threads or knows about a wire format beyond JSON text: tools build
//! on these types and front ends never reach below the tools.

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod category;
pub mod ecmascript;
pub mod json;
pub mod limits;
pub mod num;
pub mod span;

pub use category::ErrorCategory;
pub use limits::{
    Depth, DepthExceeded, Limits, MemoryBudget, MemoryExhausted, MemoryGauge, Meter, WorkExhausted,
};
pub use span::Span;
