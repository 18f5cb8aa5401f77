//! The request's variables (step 5 of C5): count, then each member in document order: its name
//! (C8), its value (C9), and the work of reducing the value (C34).

use crate::error::{DecimalError, ErrorKind, NumberProblem};
use crate::lexer::number_problem;
use reckon_core::num::{DecimalLiteral, Rational};
use reckon_core::{Limits, Meter};

/// One member of `variables` as given: the value is `None` when it is not a JSON string.
#[derive(Clone, Copy, Debug)]
pub(crate) struct VariableInput<'a> {
    pub(crate) name: &'a str,
    pub(crate) value: Option<&'a str>,
}

/// Validated variables with their exact values.
#[derive(Clone, Debug, Default)]
pub(crate) struct Variables<'a> {
    entries: Vec<(&'a str, Rational)>,
}

impl<'a> Variables<'a> {
    /// Validates and reduces every member, in order, charging each reduction to `meter`.
    ///
    /// # Errors
    /// The first fault of step 5.
    pub(crate) fn bind(
        inputs: &[VariableInput<'a>],
        limits: &Limits,
        meter: &mut Meter,
    ) -> Result<Self, DecimalError> {
        if inputs.len() > limits.max_variables {
            let kind = ErrorKind::TooManyVariables {
                count: inputs.len(),
                limit: limits.max_variables,
            };
            return Err(DecimalError::new(kind));
        }
        let mut entries = Vec::with_capacity(inputs.len());
        for input in inputs {
            entries.push((input.name, bind_one(input, limits, meter)?));
        }
        Ok(Self { entries })
    }

    /// The index of the variable called `name`.
    pub(crate) fn index_of(&self, name: &str) -> Option<usize> {
        self.entries.iter().position(|(n, _)| *n == name)
    }

    /// The value of the variable at `index`.
    pub(crate) fn value(&self, index: usize) -> Option<&Rational> {
        self.entries.get(index).map(|(_, value)| value)
    }

    /// The names, in document order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|(name, _)| *name)
    }
}

fn bind_one(
    input: &VariableInput<'_>,
    limits: &Limits,
    meter: &mut Meter,
) -> Result<Rational, DecimalError> {
    let name = input.name;
    if !is_valid_name(name) {
        return Err(DecimalError::new(ErrorKind::InvalidVariableName(
            name.to_owned(),
        )));
    }
    let Some(value) = input.value else {
        return Err(DecimalError::new(ErrorKind::VariableNotString(
            name.to_owned(),
        )));
    };
    // Characters never outnumber bytes: count them only when the bytes alone could be too many.
    let chars = if value.len() > limits.max_literal_chars {
        value.chars().count()
    } else {
        value.len()
    };
    if chars > limits.max_literal_chars {
        let kind = ErrorKind::VariableTooLong {
            name: name.to_owned(),
            chars,
            limit: limits.max_literal_chars,
        };
        return Err(DecimalError::new(kind));
    }
    let literal = DecimalLiteral::parse(value, true).map_err(|e| {
        let problem: NumberProblem = number_problem(e);
        DecimalError::new(ErrorKind::InvalidVariableValue {
            name: name.to_owned(),
            problem,
        })
    })?;
    meter
        .charge_digits(literal.unreduced_digits())
        .map_err(|e| {
            let kind = ErrorKind::VariableWorkExhausted {
                name: name.to_owned(),
                budget: e.budget,
                charge: e.charge,
                used: e.used,
            };
            DecimalError::new(kind)
        })?;
    Ok(literal.to_rational())
}

/// `^[a-z_][a-z0-9_]{0,31}$`, exactly.
pub(crate) fn is_valid_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    matches!(bytes.first(), Some(b'a'..=b'z' | b'_'))
        && bytes.len() <= 32
        && bytes
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_pattern_exactly() {
        for name in [
            "a",
            "_",
            "__proto__",
            "constructor",
            "abs",
            "round",
            "x1",
            &"a".repeat(32),
        ] {
            assert!(is_valid_name(name), "{name:?}");
        }
        for name in [
            "",
            "1a",
            "A",
            "aB",
            "a-b",
            "a ",
            "a\n",
            "é",
            &"a".repeat(33),
        ] {
            assert!(!is_valid_name(name), "{name:?}");
        }
    }
}
