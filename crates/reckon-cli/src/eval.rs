//! `reckon eval`: one expression for a person, with a caret under the offending token on error.

use reckon_tools::Registry;
use serde_json::{Map, Value, json};
use std::process::ExitCode;

/// The tool `eval` runs unless `--tool` says otherwise.
const DEFAULT_TOOL: &str = "decimal-expression-evaluate";

/// Arguments of `reckon eval` (and, built line by line, of each `reckon repl` request).
#[derive(clap::Args, Clone, Debug)]
pub(crate) struct EvalArgs {
    /// The expression, such as '0.1 + 0.2' or 'round(10 / 3, 4)'.
    pub(crate) expression: String,
    /// A variable as NAME=DECIMAL (repeatable), such as --var price=19.99.
    #[arg(long = "var", value_name = "NAME=VALUE")]
    pub(crate) vars: Vec<String>,
    /// Fraction digits of the printed value (needs --rounding).
    #[arg(long)]
    pub(crate) scale: Option<u32>,
    /// Rounding mode for --scale and round(): half_even, half_up, half_down, half_ceiling,
    /// half_floor, up, down, ceiling, floor or unnecessary.
    #[arg(long)]
    pub(crate) rounding: Option<String>,
    /// Print the tool's JSON answer instead of the value.
    #[arg(long)]
    pub(crate) json: bool,
    /// calculate: significant digits of numeric results (1-16).
    #[arg(long)]
    pub(crate) precision: Option<u32>,
    /// calculate: number (default), BigNumber (64 digits) or Fraction (exact rationals).
    #[arg(long = "numeric-type", value_name = "TYPE")]
    pub(crate) numeric_type: Option<String>,
    /// The tool: decimal-expression-evaluate (exact decimals, the default), calc (JavaScript
    /// numbers, with hex/binary/octal/scientific literals, ** and %) or calculate (the math.js
    /// language: functions, constants, Fraction and BigNumber modes; --var values are numbers).
    #[arg(long, default_value = DEFAULT_TOOL)]
    pub(crate) tool: String,
}

/// Exit status of `reckon eval`: 0 an answer, 1 the tool's refusal, 2 a usage error.
pub(crate) fn run(registry: &Registry, args: &EvalArgs) -> ExitCode {
    let Some(tool) = registry.get(&args.tool) else {
        return crate::unknown_tool(registry, &args.tool);
    };
    let input = match input_for(tool.id(), args) {
        Ok(input) => input,
        Err(message) => {
            eprintln!("reckon eval: {message}");
            return ExitCode::from(2);
        }
    };
    let answer = tool.execute(&input);
    if args.json {
        // For scripts: the answer on stdout whatever it is; the status says which.
        println!("{answer}");
        return if answer.get("error").is_some() {
            ExitCode::FAILURE
        } else {
            ExitCode::SUCCESS
        };
    }
    match render(tool.id(), &args.expression, &answer) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(text) => {
            eprint!("{text}");
            ExitCode::FAILURE
        }
    }
}

/// The tool input for these arguments, or what is wrong with them.
pub(crate) fn input_for(tool: &str, args: &EvalArgs) -> Result<Value, String> {
    match tool {
        "calc" => calc_request(args),
        "calculate" => calculate_request(args),
        _ => request(args),
    }
}

/// An answer as a person reads it: `Ok` the value, `Err` the refusal with a caret under the
/// token at fault and the hint. Each ends with a newline.
pub(crate) fn render(tool: &str, expression: &str, answer: &Value) -> Result<String, String> {
    if answer.get("error").is_some() {
        return Err(render_error(expression, answer));
    }
    Ok(match tool {
        "calculate" => format!("{}\n", answer["result"].as_str().unwrap_or_default()),
        "calc" => format!(
            "{}\n",
            answer
                .pointer("/content/0/text")
                .and_then(Value::as_str)
                .unwrap_or_default()
        ),
        _ => render_value(answer),
    })
}

/// The tool input for these arguments.
fn request(args: &EvalArgs) -> Result<Value, String> {
    if args.precision.is_some() || args.numeric_type.is_some() {
        return Err(
            "--precision and --numeric-type belong to calculate; decimal-expression-evaluate takes --scale and --rounding".into(),
        );
    }
    let mut input = Map::new();
    input.insert("expression".into(), args.expression.clone().into());
    if !args.vars.is_empty() {
        let mut variables = Map::new();
        for var in &args.vars {
            let Some((name, value)) = var.split_once('=') else {
                return Err(format!(
                    "--var {var:?} must be NAME=VALUE, such as --var price=19.99"
                ));
            };
            if variables.insert(name.to_owned(), value.into()).is_some() {
                return Err(format!("variable {name:?} is given twice"));
            }
        }
        input.insert("variables".into(), variables.into());
    }
    if let Some(scale) = args.scale {
        input.insert("scale".into(), scale.into());
    }
    if let Some(rounding) = &args.rounding {
        input.insert("rounding".into(), rounding.clone().into());
    }
    Ok(Value::Object(input))
}

/// The calculate input: the expression, `--var` values as the scope (JSON numbers), precision and
/// numeric type.
fn calculate_request(args: &EvalArgs) -> Result<Value, String> {
    if args.scale.is_some() || args.rounding.is_some() {
        return Err("--scale and --rounding belong to decimal-expression-evaluate; calculate takes --precision".into());
    }
    let mut input = Map::new();
    input.insert("expression".into(), args.expression.clone().into());
    if !args.vars.is_empty() {
        let mut scope = Map::new();
        for var in &args.vars {
            let parsed = var.split_once('=').and_then(|(name, value)| {
                Some((
                    name,
                    serde_json::from_str::<serde_json::Number>(value.trim()).ok()?,
                ))
            });
            let Some((name, value)) = parsed else {
                return Err(format!(
                    "--var {var:?} must be NAME=NUMBER, such as --var x=2.5"
                ));
            };
            scope.insert(name.to_owned(), Value::Number(value));
        }
        input.insert("scope".into(), scope.into());
    }
    if let Some(precision) = args.precision {
        input.insert("precision".into(), precision.into());
    }
    if let Some(numeric_type) = &args.numeric_type {
        input.insert("numericType".into(), numeric_type.clone().into());
    }
    Ok(Value::Object(input))
}

/// The calc input for these arguments: one calculation without prefix or suffix.
fn calc_request(args: &EvalArgs) -> Result<Value, String> {
    if !args.vars.is_empty() || args.scale.is_some() || args.rounding.is_some() {
        return Err(
            "--var, --scale and --rounding belong to decimal-expression-evaluate, not calc".into(),
        );
    }
    if args.precision.is_some() || args.numeric_type.is_some() {
        return Err("--precision and --numeric-type belong to calculate, not calc".into());
    }
    Ok(json!({"calculations": [{"expression": args.expression, "prefix": "", "suffix": ""}]}))
}

/// The value on one line, then the exact fraction when the printed value is rounded.
fn render_value(answer: &Value) -> String {
    let text = |pointer: &str| {
        answer
            .pointer(pointer)
            .and_then(Value::as_str)
            .unwrap_or_default()
    };
    let mut out = format!("{}\n", text("/value"));
    if answer.get("exact") == Some(&json!(false)) {
        out.push_str(&format!(
            "(rounded; the exact value is {}/{})\n",
            text("/fraction/numerator"),
            text("/fraction/denominator")
        ));
    }
    out
}

/// The message, and when a token is at fault the expression with a caret under it.
fn render_error(expression: &str, answer: &Value) -> String {
    let error = &answer["error"];
    // calculate's errors carry a JSON-RPC code and `data` (reason, hint, a position in
    // characters); the other tools' carry a category code and `details` (a position in bytes).
    let calculate = error.get("data").is_some();
    let code = error["code"]
        .as_str()
        .or_else(|| error.pointer("/data/reason").and_then(Value::as_str))
        .unwrap_or("error");
    let message = error["message"].as_str().unwrap_or_default();
    let mut out = format!("error ({code}): {message}\n");
    let position = error
        .pointer("/details/position")
        .or_else(|| error.pointer("/data/position"))
        .or_else(|| error.get("position"))
        .and_then(Value::as_u64)
        .map(|p| p as usize);
    if let Some(position) = position.filter(|_| !expression.contains(['\n', '\r', '\t'])) {
        let width = error
            .pointer("/details/token")
            .and_then(Value::as_str)
            .map_or(1, |t| t.chars().count().max(1));
        let column = if calculate {
            position
        } else {
            expression
                .get(..position)
                .map_or(position, |prefix| prefix.chars().count())
        };
        out.push_str(&format!(
            "  {expression}\n  {}{}\n",
            " ".repeat(column),
            "^".repeat(width)
        ));
    }
    if let Some(hint) = error.pointer("/data/recovery/hint").and_then(Value::as_str) {
        out.push_str(&format!("hint: {hint}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carets_sit_under_the_token() {
        let answer = json!({"error": {"code": "invalid_input", "message": "unknown variable \"taxx\"", "details": {"reason": "unknown_variable", "position": 6, "token": "taxx"}}});
        let shown = render_error("1 + 2*taxx", &answer);
        assert_eq!(
            shown,
            "error (invalid_input): unknown variable \"taxx\"\n  1 + 2*taxx\n        ^^^^\n"
        );
    }

    #[test]
    fn calculate_errors_show_the_reason_a_caret_by_characters_and_the_hint() {
        let answer = json!({"error": {"code": -32007, "message": "Invalid expression: Undefined symbol y", "data": {"reason": "parse_failed", "recovery": {"hint": "Check syntax."}, "position": 5}}});
        assert_eq!(
            render_error("π² + y", &answer),
            "error (parse_failed): Invalid expression: Undefined symbol y\n  π² + y\n       ^\nhint: Check syntax.\n"
        );
    }

    /// What a person sees from each tool, answers and refusals (calc's error names the byte
    /// of its token; the decimal tool's too), through the real registry.
    #[test]
    fn every_tool_renders_answers_and_refusals_for_people() {
        let registry = Registry::standard();
        let mut shown = String::new();
        for (tool, expression) in [
            ("decimal-expression-evaluate", "1/3"),
            ("decimal-expression-evaluate", "2 +* 3"),
            ("calc", "0xff % 7 + 0.1 + 0.2"),
            ("calc", "1 + 2 $ 3"),
            ("calculate", "det([1, 2; 3, 4])"),
            ("calculate", "sqrt(-4)"),
            ("calculate", "[1, 2] * [3, 4, 5]"),
        ] {
            let args = EvalArgs {
                expression: expression.into(),
                vars: Vec::new(),
                scale: None,
                rounding: None,
                json: false,
                precision: None,
                numeric_type: None,
                tool: tool.into(),
            };
            let input = input_for(tool, &args).unwrap_or_default();
            let answer = registry
                .get(tool)
                .map(|t| t.execute(&input))
                .unwrap_or_default();
            let text = match render(tool, expression, &answer) {
                Ok(text) => text,
                Err(text) => format!("(stderr)\n{text}"),
            };
            shown.push_str(&format!(
                "$ reckon eval --tool {tool} '{expression}'\n{text}\n"
            ));
        }
        insta::assert_snapshot!(shown);
    }

    #[test]
    fn rounded_values_show_the_exact_fraction() {
        let answer = json!({"value": "64.92", "exact": false, "fraction": {"numerator": "2596701", "denominator": "40000"}});
        assert_eq!(
            render_value(&answer),
            "64.92\n(rounded; the exact value is 2596701/40000)\n"
        );
    }
}
