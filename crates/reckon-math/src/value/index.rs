//! The value of `index(...)` (spec sections 2 and 4.7): math.js 15.2's `Index`, its dimensions
//! 0-based, and its printed form. `eval/index.rs` builds and reads it.

/// One dimension of an index, 0-based.
#[derive(Clone, Debug)]
pub enum Dimension {
    /// A single position (any number math.js lets through: `index(1.5)` is `[0.5]`).
    Number(f64),
    /// An object property (`index("a")`).
    Key(String),
    /// Several positions (integers), from an array, a range or a boolean mask.
    List(Vec<f64>),
}

/// A math.js `Index`.
#[derive(Clone, Debug)]
pub struct Index {
    /// The dimensions, outermost first.
    pub dimensions: Vec<Dimension>,
    /// For a dimension made from a boolean mask, the mask's length (the size it must match).
    pub mask_sizes: Vec<Option<usize>>,
}

impl Index {
    /// No dimension selects several positions (math.js `isScalar`).
    pub(crate) fn is_scalar(&self) -> bool {
        !self
            .dimensions
            .iter()
            .any(|d| matches!(d, Dimension::List(_)))
    }

    /// math.js `isEmptyIndex`: a dimension with no positions, or the empty key.
    pub(crate) fn is_empty(&self) -> bool {
        self.dimensions.iter().any(|d| match d {
            Dimension::List(list) => list.is_empty(),
            Dimension::Key(key) => key.is_empty(),
            Dimension::Number(_) => false,
        })
    }

    /// math.js `size`: 1 for a single position or key, else the count of positions.
    pub(crate) fn size(&self) -> Vec<usize> {
        self.dimensions
            .iter()
            .map(|d| match d {
                Dimension::List(list) => list.len(),
                _ => 1,
            })
            .collect()
    }

    /// As math.js prints an `Index` (its `toString`, which ignores `precision`): numbers as
    /// JavaScript writes them, lists as math.js's default `format` writes arrays, keys in JSON
    /// quotes.
    pub fn format(&self) -> String {
        let mut out = String::from("[");
        for (i, dimension) in self.dimensions.iter().enumerate() {
            if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                // Refused as too long anyway (see `FORMAT_CAP_BYTES`).
                break;
            }
            if i > 0 {
                out.push_str(", ");
            }
            match dimension {
                Dimension::Number(x) => out.push_str(&crate::num::format::js_string(*x)),
                Dimension::Key(key) => {
                    out.push_str(&serde_json::to_string(key).unwrap_or_else(|_| "\"\"".into()))
                }
                Dimension::List(list) => {
                    out.push('[');
                    for (j, x) in list.iter().enumerate() {
                        if out.len() > crate::value::matrix::FORMAT_CAP_BYTES {
                            break;
                        }
                        if j > 0 {
                            out.push_str(", ");
                        }
                        // math.js's `format` defaults: exponential from 1e5 on.
                        out.push_str(&crate::num::format::format_number_with(*x, None, -3, 5));
                    }
                    out.push(']');
                }
            }
        }
        out.push(']');
        out
    }
}
