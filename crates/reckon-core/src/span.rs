//! Byte spans into the text a tool was given.
//!
//! Every error that blames a piece of the input carries a [`Span`], so a front end can point at it
//! (the CLI draws a caret, the wire format reports `position` and `token`).

/// A half-open byte range `start..end` into a tool's input text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Self {
        Self { start, end }
    }

    /// An empty span at `position`, for faults found between tokens (such as an unexpected end).
    pub const fn at(position: usize) -> Self {
        Self {
            start: position,
            end: position,
        }
    }

    /// Length in bytes.
    pub const fn len(self) -> usize {
        self.end - self.start
    }

    /// True when the span covers no byte.
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The text this span covers in `source`, or `None` if it does not fall on character boundaries.
    pub fn text(self, source: &str) -> Option<&str> {
        source.get(self.start..self.end)
    }
}
