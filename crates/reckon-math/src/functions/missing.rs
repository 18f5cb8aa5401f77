//! What `calculate` does not build yet, each with the nearest way to the answer today: one list
//! that the tool's description and `calculator://help` ([`not_built_line`]), the refusals' hints
//! ([`with_workaround`]) and the test suites' "pending" judgement ([`feature_of`]) all read. A
//! feature that lands leaves the list (a test holds every name here to be one the function table
//! still lacks), so the description line, the hints and the pending cases shrink together and
//! disappear with the last entry.
//!
//! A refusal is recognised from its message, "Evaluation failed: WHAT is not implemented in
//! reckon yet" (`crate::error::not_implemented`), where WHAT is `NAME()` for a catalogue
//! function.
//! Any other WHAT is a rare argument form of a function that is built (`zeta()` of a complex
//! argument it has no series for, a sparse-matrix variant, ...), answered with
//! [`OTHER_FORMS_HINT`].

use crate::error::{CalculateError, Reason};

/// One feature not built yet.
#[derive(Debug)]
pub struct Missing {
    /// What is missing, as the description names it ("units").
    pub feature: &'static str,
    /// The catalogue functions refused as part of it.
    pub names: &'static [&'static str],
    /// The way to the answer now, short enough for the tool description's one line.
    pub instead: &'static str,
    /// The refusal's hint: what is missing and the nearest way to get the answer now.
    pub hint: &'static str,
}

/// The features not built yet, in the order the description names them.
pub static MISSING: &[Missing] = &[Missing {
    feature: "fft, ifft, freqz, zpk2tf and solveODE",
    names: &["fft", "ifft", "freqz", "zpk2tf", "solveODE"],
    instead: "no substitute yet",
    hint: "Signal processing (fft, ifft, freqz, zpk2tf) and solveODE are not built in reckon \
               yet and have no substitute in it; retrying the same call fails the same way.",
}];

/// The hint of a refusal of a rare argument form of a built function.
pub const OTHER_FORMS_HINT: &str = "This form of the function is not built in reckon yet, and \
    retrying the same call fails the same way; the message names it. Rewrite the call with \
    the argument types the function does take (numbers or dense matrices instead of sparse \
    ones, number instead of BigNumber), or compute this part outside reckon.";

/// The text between "Evaluation failed: " and " is not implemented in reckon yet" of a
/// not-built refusal's message.
fn what_is_missing(message: &str) -> Option<&str> {
    let (what, _) = message.split_once(" is not implemented in reckon yet")?;
    Some(what.strip_prefix("Evaluation failed: ").unwrap_or(what))
}

/// The feature a refusal's message names, or `None` for a message that is no not-built refusal
/// or one of a rare argument form ([`OTHER_FORMS_HINT`]).
pub fn feature_of(message: &str) -> Option<&'static Missing> {
    let what = what_is_missing(message)?;
    let name = what.strip_suffix("()")?;
    MISSING.iter().find(|m| m.names.contains(&name))
}

/// Whether a message is calculate's refusal of something not built yet (a feature of
/// [`MISSING`] or a rare form): what the test suites count as pending rather than passing.
pub fn is_not_built(message: &str) -> bool {
    what_is_missing(message).is_some()
}

/// A not-built refusal with its hint (its own when it has one, else the feature's, or
/// [`OTHER_FORMS_HINT`]) and `retryable: false`; any other error unchanged.
pub(crate) fn with_workaround(mut error: CalculateError) -> CalculateError {
    if error.reason != Reason::EvaluationFailed || !is_not_built(&error.message) {
        return error;
    }
    if error.hint.is_none() {
        let hint = feature_of(&error.message).map_or(OTHER_FORMS_HINT, |m| m.hint);
        error.hint = Some(hint.to_owned());
    }
    error.retryable = Some(false);
    error
}

/// One line for the tool description and `calculator://help`: what is not built yet and what
/// to do instead, or `None` once everything is built.
pub fn not_built_line() -> Option<String> {
    if MISSING.is_empty() {
        return None;
    }
    let items: Vec<String> = MISSING
        .iter()
        .map(|m| format!("{} ({})", m.feature, m.instead))
        .collect();
    Some(format!(
        "Not built in reckon yet (refused with evaluation_failed and retryable false; do this \
         instead): {}.",
        items.join("; ")
    ))
}

/// The features not built yet, named in one short phrase ("units, lusolve, ..."), or `None`
/// once everything is built.
pub fn not_built_features() -> Option<String> {
    let features: Vec<&str> = MISSING.iter().map(|m| m.feature).collect();
    match features.as_slice() {
        [] => None,
        [one] => Some((*one).to_owned()),
        [rest @ .., last] => Some(format!("{} and {last}", rest.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_a_catalogue_function_the_table_lacks() {
        // A feature that lands must leave the list, so that no description keeps calling it
        // missing.
        for missing in MISSING {
            for name in missing.names {
                assert!(
                    crate::syntax::names::is_catalogue_function(name),
                    "{name} is no catalogue function"
                );
                assert!(
                    crate::functions::builtin(name).is_none(),
                    "{name} is built: remove it from MISSING"
                );
            }
        }
    }

    #[test]
    fn every_catalogue_function_the_table_lacks_is_listed() {
        // The description may not promise a function that refuses without saying so.
        for doc in crate::functions::reference::DOCS {
            if doc.is_constant() || doc.implemented() {
                continue;
            }
            assert!(
                MISSING.iter().any(|m| m.names.contains(&doc.name)),
                "{} refuses as not built but is in no entry of MISSING",
                doc.name
            );
        }
    }

    #[test]
    fn refusals_name_their_feature() {
        let refusal =
            |what: &str| format!("Evaluation failed: {what} is not implemented in reckon yet");
        let feature = |what: &str| feature_of(&refusal(what)).map(|m| m.feature);
        // A rare form of units (a Fraction meeting a unit in number mode): no feature.
        assert_eq!(feature("units with a Fraction magnitude"), None);
        assert_eq!(
            feature("fft()"),
            Some("fft, ifft, freqz, zpk2tf and solveODE")
        );
        // A rare form of a built function: not built, but no feature of the list.
        assert_eq!(feature("zeta() of this value"), None);
        assert!(is_not_built(&refusal("zeta() of this value")));
        assert!(!is_not_built(
            "Evaluation failed: Value must be non-negative"
        ));
        assert!(feature_of("Evaluation failed: Value must be non-negative").is_none());
    }

    #[test]
    fn a_refusal_gets_its_workaround_and_is_not_retryable() {
        let error = with_workaround(crate::error::not_implemented("fft()", 2));
        assert_eq!(error.hint.as_deref(), Some(MISSING[0].hint));
        assert_eq!(error.to_json()["error"]["data"]["retryable"], false);
        assert_eq!(error.position, Some(2));
        let other = with_workaround(crate::error::not_implemented("indexing", 0));
        assert_eq!(other.hint.as_deref(), Some(OTHER_FORMS_HINT));
        // Other errors are left alone.
        // A not-built refusal with its own hint keeps it.
        let mut own = crate::error::not_implemented("fft() of a sparse matrix", 0);
        own.hint = Some("Use order 0".into());
        assert_eq!(with_workaround(own).hint.as_deref(), Some("Use order 0"));
        let failed = with_workaround(crate::error::failed("Value must be non-negative", 0));
        assert_eq!(failed.hint, None);
        assert!(failed.to_json()["error"]["data"].get("retryable").is_none());
    }

    #[test]
    fn the_line_names_every_feature_with_its_way_around() {
        let line = not_built_line().unwrap_or_default();
        assert!(!line.contains('\n'));
        for missing in MISSING {
            assert!(line.contains(missing.feature), "{}", missing.feature);
            assert!(line.contains(missing.instead), "{}", missing.feature);
        }
        assert!(line.contains("fft"));
    }
}
