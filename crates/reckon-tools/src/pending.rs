//! The pending ratchet: one file in the repository, `tests/pending.jsonl`, lists every input that
//! may still be answered "… is not implemented in reckon yet", each with the feature it waits
//! for. A suite records each answer it gets ([`Ratchet::record`]) and fails at the end
//! ([`Ratchet::finish`]) on a not-built answer to an input the list does not name (a built-in
//! that lost its row, a feature that broke) and on a listed input that now answers (so the list
//! only shrinks: remove its line). The list is the tests' own, never the implementation's tables.
//!
//! One line per input: `{"suite": S, "key": K, "feature": F}`. `suite` names the suite family
//! (`cases`: the case files under `tests/cases/`, keyed `TOOL/ID`, which the library, `reckon
//! exec`, HTTP and the public runner all run; `reference`: the function reference's examples,
//! keyed by expression; `differential`: the generated math.js differential cases, keyed
//! `NUMERIC-TYPE EXPRESSION`). `feature` is informative.
//!
//! This file depends on `serde_json` and the standard library only, so that reckon-math's tests
//! (which cannot depend on this crate) include it by path.

use serde_json::Value;
use std::collections::BTreeMap;

/// The parsed list.
#[derive(Debug, Default)]
pub struct PendingList {
    /// `(suite, key)` → feature.
    entries: BTreeMap<(String, String), String>,
}

impl PendingList {
    /// Parses the JSON Lines text of the list.
    ///
    /// # Errors
    /// The first line that is not `{"suite", "key", "feature"}` strings, or a line twice.
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut entries = BTreeMap::new();
        for (number, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let value: Value =
                serde_json::from_str(line).map_err(|e| format!("line {}: {e}", number + 1))?;
            let field = |name: &str| {
                value
                    .get(name)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .ok_or_else(|| format!("line {}: no string {name:?}", number + 1))
            };
            let key = (field("suite")?, field("key")?);
            if entries.insert(key.clone(), field("feature")?).is_some() {
                return Err(format!("line {}: {key:?} is listed twice", number + 1));
            }
        }
        Ok(Self { entries })
    }

    /// The list at `path`; panics with a message naming the file when it cannot be read (a test
    /// helper: a missing list must fail the suite, never count as empty).
    pub fn load(path: &std::path::Path) -> Self {
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("the pending list {}: {e}", path.display()));
        Self::parse(&text).unwrap_or_else(|e| panic!("the pending list {}: {e}", path.display()))
    }

    /// A ratchet over the entries of `suite`.
    pub fn ratchet(&self, suite: &str) -> Ratchet<'_> {
        Ratchet {
            list: self,
            suite: suite.to_owned(),
            pending: 0,
            unlisted: Vec::new(),
            answered: Vec::new(),
        }
    }

    /// Whether `suite` lists `key`.
    pub fn lists(&self, suite: &str, key: &str) -> bool {
        self.entries
            .contains_key(&(suite.to_owned(), key.to_owned()))
    }
}

/// One suite's run against the list.
#[derive(Debug)]
pub struct Ratchet<'a> {
    list: &'a PendingList,
    suite: String,
    pending: usize,
    /// Not-built answers to inputs the list does not name, with their features.
    unlisted: Vec<(String, String)>,
    answered: Vec<String>,
}

impl Ratchet<'_> {
    /// Records the answer to the input `key`: `not_built` is the feature a refusal of something
    /// not built yet waits for (`None` for any other answer). Returns whether the answer is such
    /// a refusal, which the caller then does not judge as an ordinary answer (listed or not: an
    /// unlisted one fails at [`Ratchet::finish`]). A listed input that answered is judged as
    /// usual and fails at the end too.
    pub fn record(&mut self, key: &str, not_built: Option<&str>) -> bool {
        let listed = self.list.lists(&self.suite, key);
        match (not_built, listed) {
            (Some(_), true) => self.pending += 1,
            (Some(feature), false) => self.unlisted.push((key.to_owned(), feature.to_owned())),
            (None, true) => self.answered.push(key.to_owned()),
            (None, false) => {}
        }
        not_built.is_some()
    }

    /// How many listed inputs were pending, or what is wrong: the not-built answers the list does
    /// not name, and the listed inputs that now answer, each with the line to add or remove.
    ///
    /// # Errors
    /// A report of both kinds of fault.
    pub fn finish(self) -> Result<usize, String> {
        if self.unlisted.is_empty() && self.answered.is_empty() {
            return Ok(self.pending);
        }
        let line = |key: &String| serde_json::json!({"suite": self.suite, "key": key}).to_string();
        let full = |(key, feature): &(String, String)| {
            serde_json::json!({"suite": self.suite, "key": key, "feature": feature}).to_string()
        };
        let mut report = String::new();
        if !self.unlisted.is_empty() {
            report.push_str(&format!(
                "{} input(s) answered \"not implemented in reckon yet\" but are not in \
                 tests/pending.jsonl (a regression, or a new case of a feature not built: add it \
                 with its feature only in the second case):\n",
                self.unlisted.len()
            ));
            for entry in &self.unlisted {
                report.push_str(&format!("{}\n", full(entry)));
            }
        }
        if !self.answered.is_empty() {
            report.push_str(&format!(
                "{} listed input(s) now answer: remove their lines from tests/pending.jsonl:\n",
                self.answered.len()
            ));
            for key in &self.answered {
                report.push_str(&format!("  {}\n", line(key)));
            }
        }
        Err(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = r#"{"suite": "cases", "key": "calculate/1", "feature": "units"}
{"suite": "reference", "key": "eigs([1])", "feature": "eigs"}
"#;

    #[test]
    fn listed_pending_inputs_pass_and_nothing_else_does() {
        let list = PendingList::parse(LIST).expect("valid");
        let mut ratchet = list.ratchet("cases");
        assert!(ratchet.record("calculate/1", Some("units")));
        assert!(!ratchet.record("calculate/2", None));
        assert_eq!(ratchet.finish(), Ok(1));

        // A not-built answer the list does not name fails, even one listed for another suite.
        let mut ratchet = list.ratchet("cases");
        assert!(ratchet.record("eigs([1])", Some("eigs")));
        let report = ratchet.finish().expect_err("unlisted");
        let line = report.lines().nth(1).unwrap_or_default();
        let listed: Value = serde_json::from_str(line).unwrap_or_default();
        assert_eq!(
            listed,
            serde_json::json!({"suite": "cases", "key": "eigs([1])", "feature": "eigs"}),
            "{report}"
        );

        // A listed input that answers fails: the list only shrinks.
        let mut ratchet = list.ratchet("reference");
        assert!(!ratchet.record("eigs([1])", None));
        let report = ratchet.finish().expect_err("answered");
        assert!(report.contains("remove their lines"), "{report}");
    }

    #[test]
    fn a_malformed_or_repeated_line_is_refused() {
        assert!(PendingList::parse("{\"suite\": \"cases\"}").is_err());
        assert!(PendingList::parse("not json").is_err());
        let twice = format!("{LIST}{}", LIST.lines().next().unwrap_or_default());
        assert!(
            PendingList::parse(&twice)
                .expect_err("a line twice")
                .contains("twice")
        );
    }
}
