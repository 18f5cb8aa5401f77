//! `reckon repl`: the tools one line at a time, for a person at a terminal.
//!
//! A [`Session`] holds what carries from line to line (the tool, the variables, the settings
//! each tool takes) and turns a line into the text to print; [`run`] wraps it in a line editor
//! (rustyline: editing, and a history kept in `~/.reckon_history`). Requests are built and
//! answers rendered by the same code as `reckon eval` (`eval::input_for`, `eval::render`), so a
//! line answers as `reckon eval` would.
//!
//! Lines:
//! - an expression: evaluated by the current tool;
//! - `name = expression`: evaluated, and its value kept as a variable (the decimal tool's
//!   `variables`, calculate's `scope`; calc takes none);
//! - `:command`: `:tool`, `:scale`, `:rounding`, `:precision`, `:type`, `:json`, `:vars`,
//!   `:clear`, `:help`, `:quit` (see [`HELP`]).

use crate::eval::{self, EvalArgs};
use reckon_tools::Registry;
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::ExitCode;

/// What `:help` prints.
pub(crate) const HELP: &str = "\
Type an expression and press Enter. Commands:
  :tool NAME        switch tool: decimal (exact decimals), calc (JavaScript numbers), calculate (math.js)
  NAME = EXPR       evaluate EXPR and keep it as a variable (decimal and calculate)
  :vars             list the variables          :clear   forget them
  :scale N|off      decimal: fraction digits of the value (with :rounding)
  :rounding MODE|off decimal: half_even, half_up, half_down, half_ceiling, half_floor, up, down, ceiling, floor, unnecessary
  :precision N|off  calculate: significant digits (1-16)
  :type TYPE|off    calculate: number, BigNumber or Fraction
  :json on|off      print the tool's JSON answer
  :help             this text                   :quit    leave (or Ctrl-D)
";

/// The tool names a person may type, and the tool each means.
const TOOL_NAMES: &[(&str, &str)] = &[
    ("decimal", "decimal-expression-evaluate"),
    ("decimal-expression-evaluate", "decimal-expression-evaluate"),
    ("calc", "calc"),
    ("calculate", "calculate"),
    ("math", "calculate"),
];

/// What one line gives: text for stdout, text for stderr, and whether to stop.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Reply {
    pub(crate) out: String,
    pub(crate) err: String,
    pub(crate) quit: bool,
}

impl Reply {
    fn out(text: impl Into<String>) -> Self {
        Self {
            out: text.into(),
            ..Self::default()
        }
    }

    fn err(text: impl Into<String>) -> Self {
        Self {
            err: text.into(),
            ..Self::default()
        }
    }
}

/// What carries from line to line.
pub(crate) struct Session<'r> {
    registry: &'r Registry,
    tool: &'static str,
    variables: BTreeMap<String, String>,
    scale: Option<u32>,
    rounding: Option<String>,
    precision: Option<u32>,
    numeric_type: Option<String>,
    json: bool,
    colour: bool,
}

impl<'r> Session<'r> {
    /// A session on the decimal tool (`reckon eval`'s default), coloured or not.
    pub(crate) fn new(registry: &'r Registry, colour: bool) -> Self {
        Self {
            registry,
            tool: "decimal-expression-evaluate",
            variables: BTreeMap::new(),
            scale: None,
            rounding: None,
            precision: None,
            numeric_type: None,
            json: false,
            colour,
        }
    }

    /// The prompt: the tool's short name.
    pub(crate) fn prompt(&self) -> String {
        let short = match self.tool {
            "decimal-expression-evaluate" => "decimal",
            other => other,
        };
        format!("{short}> ")
    }

    /// The answer to one line.
    pub(crate) fn line(&mut self, line: &str) -> Reply {
        let line = line.trim();
        if line.is_empty() {
            return Reply::default();
        }
        if let Some(command) = line.strip_prefix(':') {
            return self.command(command);
        }
        if let Some((name, expression)) = assignment(line) {
            return self.assign(name, expression);
        }
        self.evaluate(line).0
    }

    fn command(&mut self, command: &str) -> Reply {
        let (name, argument) = command
            .split_once(char::is_whitespace)
            .map_or((command, ""), |(n, a)| (n, a.trim()));
        let off = argument.is_empty() || argument == "off";
        match name {
            "q" | "quit" | "exit" => Reply {
                quit: true,
                ..Reply::default()
            },
            "h" | "help" | "?" => Reply::out(HELP),
            "tool" | "t" => self.switch_tool(argument),
            "vars" => Reply::out(self.list_variables()),
            "clear" => {
                self.variables.clear();
                Reply::out("variables forgotten\n")
            }
            "json" => {
                self.json = matches!(argument, "" | "on" | "true" | "yes");
                Reply::out(format!("json {}\n", if self.json { "on" } else { "off" }))
            }
            "scale" if off => {
                self.scale = None;
                Reply::out("scale off\n")
            }
            "scale" => match argument.parse() {
                Ok(scale) => {
                    self.scale = Some(scale);
                    Reply::out(format!("scale {scale}\n"))
                }
                Err(_) => Reply::err(format!(
                    "usage: :scale N (0-40) or :scale off, not {argument:?}\n"
                )),
            },
            "rounding" => {
                self.rounding = (!off).then(|| argument.to_owned());
                Reply::out(format!("rounding {}\n", if off { "off" } else { argument }))
            }
            "precision" if off => {
                self.precision = None;
                Reply::out("precision off\n")
            }
            "precision" => match argument.parse() {
                Ok(digits) => {
                    self.precision = Some(digits);
                    Reply::out(format!("precision {digits}\n"))
                }
                Err(_) => Reply::err(format!(
                    "usage: :precision N (1-16) or :precision off, not {argument:?}\n"
                )),
            },
            "type" => {
                self.numeric_type = (!off).then(|| argument.to_owned());
                Reply::out(format!("type {}\n", if off { "number" } else { argument }))
            }
            other => Reply::err(format!(
                "unknown command :{other}; :help lists the commands\n"
            )),
        }
    }

    fn switch_tool(&mut self, name: &str) -> Reply {
        let wanted = TOOL_NAMES
            .iter()
            .find(|(typed, _)| *typed == name)
            .map(|(_, id)| *id)
            .filter(|id| self.registry.get(id).is_some());
        match wanted {
            Some(id) => {
                self.tool = id;
                // The purpose's first clause: what the tool is for.
                let about = self
                    .registry
                    .get(id)
                    .and_then(|tool| tool.purpose().split(':').next().map(str::trim))
                    .unwrap_or_default()
                    .to_owned();
                Reply::out(format!("tool {id}: {about}\n"))
            }
            None => Reply::err(format!(
                "unknown tool {name:?}; the tools are decimal, calc and calculate\n"
            )),
        }
    }

    fn list_variables(&self) -> String {
        if self.variables.is_empty() {
            return "no variables (NAME = EXPR keeps one)\n".into();
        }
        self.variables
            .iter()
            .map(|(name, value)| format!("{name} = {value}\n"))
            .collect()
    }

    /// `name = expression`: the value, kept as a variable when the tool takes variables.
    fn assign(&mut self, name: &str, expression: &str) -> Reply {
        if self.tool == "calc" {
            return Reply::err(
                "calc takes no variables; :tool decimal or :tool calculate keep them\n",
            );
        }
        let (reply, answer) = self.evaluate(expression);
        let Some(answer) = answer else {
            return reply;
        };
        match variable_value(self.tool, &answer) {
            Ok(value) => {
                self.variables.insert(name.to_owned(), value);
                reply
            }
            Err(why) => Reply {
                err: format!("{}{name} is not kept: {why}\n", reply.err),
                ..reply
            },
        }
    }

    /// The reply to `expression`, and the answer when the tool gave one.
    fn evaluate(&self, expression: &str) -> (Reply, Option<Value>) {
        let Some(tool) = self.registry.get(self.tool) else {
            return (Reply::err("the tool is not registered\n"), None);
        };
        let args = self.args(expression);
        let input = match eval::input_for(self.tool, &args) {
            Ok(input) => input,
            Err(message) => return (Reply::err(format!("{message}\n")), None),
        };
        let answer = tool.execute(&input);
        if self.json {
            let line = format!("{answer}\n");
            return if answer.get("error").is_some() {
                (Reply::err(line), None)
            } else {
                (Reply::out(line), Some(answer))
            };
        }
        match eval::render(self.tool, expression, &answer) {
            Ok(text) => (Reply::out(text), Some(answer)),
            Err(text) => (Reply::err(self.paint_error(&text)), None),
        }
    }

    /// The `reckon eval` arguments for `expression` with this session's settings (only those
    /// the current tool takes).
    fn args(&self, expression: &str) -> EvalArgs {
        let decimal = self.tool == "decimal-expression-evaluate";
        let calculate = self.tool == "calculate";
        EvalArgs {
            expression: expression.to_owned(),
            vars: if decimal || calculate {
                self.variables
                    .iter()
                    .map(|(name, value)| format!("{name}={value}"))
                    .collect()
            } else {
                Vec::new()
            },
            scale: self.scale.filter(|_| decimal),
            rounding: self.rounding.clone().filter(|_| decimal),
            json: self.json,
            precision: self.precision.filter(|_| calculate),
            numeric_type: self.numeric_type.clone().filter(|_| calculate),
            tool: self.tool.to_owned(),
        }
    }

    /// A refusal in red, its caret line too, and the hint dimmed, on a colour terminal.
    fn paint_error(&self, text: &str) -> String {
        if !self.colour {
            return text.to_owned();
        }
        text.lines()
            .map(|line| {
                let style = if line.starts_with("hint:") {
                    "\x1b[2m"
                } else if line.starts_with("error") || line.trim_start().starts_with('^') {
                    "\x1b[31m"
                } else {
                    ""
                };
                if style.is_empty() {
                    format!("{line}\n")
                } else {
                    format!("{style}{line}\x1b[0m\n")
                }
            })
            .collect()
    }
}

/// `name = expression` (not `==`, `<=`, `>=`, `!=`), with a plain name on the left.
fn assignment(line: &str) -> Option<(&str, &str)> {
    let (left, right) = line.split_once('=')?;
    let name = left.trim();
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    (plain && !right.starts_with('=') && !right.trim().is_empty()).then(|| (name, right.trim()))
}

/// The value a variable keeps: the decimal tool's exact value as printed, calculate's result
/// when it is a number (a Fraction's `p/q` as its nearest number; scope values are numbers).
fn variable_value(tool: &str, answer: &Value) -> Result<String, String> {
    if tool == "calculate" {
        let result = answer["result"].as_str().unwrap_or_default();
        let number = match result.split_once('/') {
            Some((p, q)) => p
                .trim()
                .parse::<f64>()
                .ok()
                .zip(q.trim().parse::<f64>().ok())
                .map(|(p, q)| p / q),
            None => result.parse::<f64>().ok(),
        };
        return match number.filter(|n| n.is_finite()) {
            Some(n) => {
                Ok(serde_json::Number::from_f64(n).map_or(result.to_owned(), |n| n.to_string()))
            }
            None => Err(format!(
                "calculate's scope holds numbers, and this is a {}",
                answer["resultType"].as_str().unwrap_or("value")
            )),
        };
    }
    answer["value"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| "the answer has no value".into())
}

/// The REPL on this terminal until `:quit` or end of input. Colour only on a terminal and
/// without `NO_COLOR`.
pub(crate) fn run(registry: &Registry) -> ExitCode {
    use std::io::IsTerminal;
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut session = Session::new(registry, colour);
    let mut editor = match rustyline::DefaultEditor::new() {
        Ok(editor) => editor,
        Err(e) => {
            eprintln!("reckon repl: cannot open the terminal: {e}");
            return ExitCode::FAILURE;
        }
    };
    let history =
        std::env::var_os("HOME").map(|home| std::path::Path::new(&home).join(".reckon_history"));
    if let Some(path) = &history {
        let _ = editor.load_history(path);
    }
    println!(
        "reckon {}: :help for commands, :tool calculate for functions, Ctrl-D to leave",
        env!("CARGO_PKG_VERSION")
    );
    loop {
        match editor.readline(&session.prompt()) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = editor.add_history_entry(line.as_str());
                }
                let reply = session.line(&line);
                print!("{}", reply.out);
                eprint!("{}", reply.err);
                if reply.quit {
                    break;
                }
            }
            Err(rustyline::error::ReadlineError::Interrupted) => continue,
            Err(rustyline::error::ReadlineError::Eof) => break,
            Err(e) => {
                eprintln!("reckon repl: {e}");
                break;
            }
        }
    }
    if let Some(path) = &history {
        let _ = editor.save_history(path);
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A session's transcript: each line after its prompt, then what it printed (stderr lines
    /// marked `!`).
    fn transcript(lines: &[&str]) -> String {
        let registry = Registry::standard();
        let mut session = Session::new(&registry, false);
        let mut out = String::new();
        for line in lines {
            out.push_str(&format!("{}{line}\n", session.prompt()));
            let reply = session.line(line);
            out.push_str(&reply.out);
            for err in reply.err.lines() {
                out.push_str(&format!("! {err}\n"));
            }
            if reply.quit {
                out.push_str("(quit)\n");
                break;
            }
        }
        out
    }

    #[test]
    fn a_session_switches_tools_and_keeps_variables() {
        // The values are the tools' contract (0.1 + 0.2 is 3/10 exactly; binary64's sqrt(2)
        // squared is 2.0000000000000004, as JavaScript prints it), checked by their own suites;
        // this snapshot holds the REPL's rendering of them.
        insta::assert_snapshot!(transcript(&[
            "0.1 + 0.2",
            "price = 19.99",
            "qty = 3",
            ":scale 2",
            ":rounding half_up",
            "price * qty / 7",
            ":vars",
            ":tool calculate",
            "x = sqrt(2)",
            "x^2",
            ":type Fraction",
            "1/3 + 1/6",
            ":tool calc",
            "0.1 + 0.2",
            "y = 1",
            ":quit",
            "never read",
        ]));
    }

    #[test]
    fn refusals_show_a_caret_and_commands_explain_themselves() {
        insta::assert_snapshot!(transcript(&[
            "2 +* 3",
            ":tool calculate",
            "2 + sqrtt(3)",
            "v = [1, 2]",
            ":precision x",
            ":tool nope",
            ":nope",
            ":json on",
            "1/0",
        ]));
    }

    #[test]
    fn only_a_plain_name_before_a_single_equals_sign_assigns() {
        assert_eq!(assignment("x = 1 + 2"), Some(("x", "1 + 2")));
        assert_eq!(assignment("_rate2=0.5"), Some(("_rate2", "0.5")));
        for line in [
            "x == 1", "x <= 1", "1 = x", "f(x) = x", "x =", "a b = 1", "2x = 1",
        ] {
            assert_eq!(assignment(line), None, "{line}");
        }
    }

    #[test]
    fn colour_marks_the_refusal_and_dims_the_hint() {
        let registry = Registry::standard();
        let mut session = Session::new(&registry, true);
        session.line(":tool calculate");
        let reply = session.line("sqrtt(2)");
        assert!(
            reply.err.starts_with("\x1b[31merror (parse_failed)"),
            "{:?}",
            reply.err
        );
        assert!(reply.err.contains("\x1b[2mhint: "), "{:?}", reply.err);
        let plain = Session::new(&registry, false).line("1 +");
        assert!(!plain.err.contains('\x1b'), "{:?}", plain.err);
    }
}
