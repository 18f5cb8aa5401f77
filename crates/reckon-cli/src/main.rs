//! `reckon`: exact calculator tools for AI agents and people.
//!
//! Every command looks tools up in the same [`reckon_tools::Registry`]; this crate only reads
//! arguments and streams, and renders answers for people.

#![forbid(unsafe_code)]

mod eval;
mod exec;
mod repl;
mod serve;

use clap::{Parser, Subcommand};
use reckon_tools::Registry;
use std::process::ExitCode;

/// mimalloc rather than the platform's malloc, through reckon-alloc (whose doc says why not the
/// `mimalloc` crate): a calculate request makes dozens of small
/// allocations, and glibc's malloc and free were a third of its instructions (callgrind).
#[global_allocator]
static ALLOCATOR: reckon_alloc::Allocator = reckon_alloc::Allocator;

/// Exact calculator tools for AI agents and people.
#[derive(Parser)]
#[command(name = "reckon", version, about, long_about = None, after_help = "With no command on a terminal, reckon starts the REPL.\n\nExamples:\n  reckon serve\n  reckon eval '0.1 + 0.2'\n  reckon repl\n  echo '{\"expression\": \"1/8\"}' | reckon exec decimal-expression-evaluate\n  reckon tools")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate one expression and print the value (exact decimals by default; --tool calc for JavaScript numbers).
    #[command(
        after_help = "Examples:\n  reckon eval '0.1 + 0.2'\n  reckon eval 'price * qty * (1 + tax / 100)' --var price=19.99 --var qty=3 --var tax=8.25 --scale 2 --rounding half_up\n  reckon eval 'round(10 / 3, 4)' --rounding half_even --json\n  reckon eval --tool calculate 'sqrt(-4)'\n\nExit status: 0 an answer; 1 the tool refused (its error on stderr with a caret under the token at fault, or with --json the answer on stdout); 2 a usage error."
    )]
    Eval(eval::EvalArgs),
    /// Evaluate line after line: switch tools, keep variables, line editing and history.
    #[command(
        after_help = "Example session:\n  decimal> 0.1 + 0.2\n  0.3\n  decimal> :tool calculate\n  calculate> x = sqrt(2)\n  1.4142135623730951\n  calculate> x^2\n  2.0000000000000004\n\n:help inside lists the commands. Colour only on a terminal (NO_COLOR turns it off); history in ~/.reckon_history. Exit status 0."
    )]
    Repl,
    /// Run a tool over JSON Lines: one input object per stdin line, one answer per stdout line.
    #[command(
        after_help = "Every input line gets exactly one output line, in order: the tool's output \
object or {\"error\": ...}. A line that is not a JSON object gets an error line; nothing stops the \
stream. Answers are flushed whenever no further input is waiting, so reckon exec also works as a \
co-process (one request, one answer).\n\nExample:\n  printf '%s\\n' '{\"expression\": \"1/8\"}' '{\"expression\": \"1/3\", \"scale\": 3, \"rounding\": \"half_even\"}' | reckon exec decimal-expression-evaluate"
    )]
    Exec(exec::ExecArgs),
    /// Serve every tool over HTTP: catalogue, execute, OpenAPI, health and metrics.
    #[command(
        after_help = "Examples:\n  reckon serve\n  reckon serve --addr 0.0.0.0:8080 --auth-token-file /run/secrets/reckon-token\n  curl -s localhost:8080/v1/tools/decimal-expression-evaluate/versions/1.0.0/execute -H 'content-type: application/json' -d '{\"expression\": \"0.1 + 0.2\"}'"
    )]
    Serve(serve::ServeArgs),
    /// Serve every tool over MCP on stdin/stdout (for MCP hosts that start a process).
    #[command(
        after_help = "Example MCP host configuration:\n  {\"mcpServers\": {\"reckon\": {\"command\": \"reckon\", \"args\": [\"mcp\"]}}}\nLogs go to stderr only (RUST_LOG filters, warn by default)."
    )]
    Mcp(McpArgs),
    /// List the registered tools, or show one tool's manifest.
    #[command(
        after_help = "Examples:\n  reckon tools\n  reckon tools show decimal-expression-evaluate"
    )]
    Tools(ToolsArgs),
}

#[derive(clap::Args)]
struct McpArgs {
    /// Expose only these tools (comma-separated ids), such as decimal-expression-evaluate.
    #[arg(long, value_name = "IDS")]
    tools: Option<String>,
}

#[derive(clap::Args)]
struct ToolsArgs {
    #[command(subcommand)]
    action: Option<ToolsAction>,
}

#[derive(Subcommand)]
enum ToolsAction {
    /// Print the OpenAPI 3.1 document of the HTTP API (as `reckon serve` serves it at /openapi.json).
    Openapi,
    /// Print a tool's manifest (its specification, input and output schemas) as JSON.
    Show {
        /// The tool id, such as decimal-expression-evaluate.
        id: String,
    },
}

fn main() -> ExitCode {
    reckon_alloc::return_freed_memory_promptly();
    let cli = Cli::parse();
    // Every command calls tools on this thread; give it the stack recursive tools need, so calls
    // run in place instead of starting a thread each.
    let large = std::thread::Builder::new()
        .name("reckon".into())
        .stack_size(reckon_tools::stack::LARGE_STACK_BYTES)
        .spawn(|| {
            reckon_tools::stack::declare_large_stack();
            run(cli)
        });
    match large.map(std::thread::JoinHandle::join) {
        Ok(Ok(code)) => code,
        Ok(Err(_)) => ExitCode::FAILURE,
        Err(_) => {
            eprintln!("reckon: cannot start the main thread");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> ExitCode {
    let mut registry = Registry::standard();
    // Each call's heap, as this binary's allocator counts it per thread: the gauge of the
    // tools' memory budgets.
    registry.set_memory_gauge(reckon_core::MemoryGauge::new(
        reckon_alloc::thread_heap_bytes,
    ));
    let Some(command) = cli.command else {
        use std::io::IsTerminal;
        if std::io::stdin().is_terminal() {
            return repl::run(&registry);
        }
        eprintln!(
            "reckon: a command is needed (eval, repl, exec, serve, mcp or tools); reckon --help says more"
        );
        return ExitCode::from(2);
    };
    match command {
        Command::Repl => repl::run(&registry),
        Command::Eval(args) => eval::run(&registry, &args),
        Command::Exec(args) => exec::run(&registry, &args),
        Command::Serve(args) => serve::run(registry, args),
        Command::Mcp(args) => mcp(registry, &args),
        Command::Tools(args) => tools(&registry, args.action),
    }
}

fn tools(registry: &Registry, action: Option<ToolsAction>) -> ExitCode {
    match action {
        None => {
            for tool in registry.tools() {
                println!("{}\t{}\t{}", tool.id(), tool.version(), tool.description());
            }
            ExitCode::SUCCESS
        }
        Some(ToolsAction::Openapi) => {
            let document = reckon_server::openapi::document(registry);
            match serde_json::to_string_pretty(&document) {
                Ok(text) => println!("{text}"),
                Err(e) => eprintln!("reckon: cannot print the document: {e}"),
            }
            ExitCode::SUCCESS
        }
        Some(ToolsAction::Show { id }) => match registry.get(&id) {
            Some(tool) => {
                match serde_json::to_string_pretty(tool.manifest()) {
                    Ok(text) => println!("{text}"),
                    Err(e) => eprintln!("reckon: cannot print the manifest: {e}"),
                }
                ExitCode::SUCCESS
            }
            None => unknown_tool(registry, &id),
        },
    }
}

fn mcp(mut registry: Registry, args: &McpArgs) -> ExitCode {
    if let Some(tools) = &args.tools
        && let Err(message) = select_tools(&mut registry, tools)
    {
        eprintln!("reckon mcp: {message}");
        return ExitCode::from(2);
    }
    reckon_server::init_logging(reckon_server::LogFormat::Text, "warn");
    match reckon_server::run_mcp_stdio(std::sync::Arc::new(registry)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("reckon mcp: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Keeps only the comma-separated tool ids of `list`.
pub(crate) fn select_tools(registry: &mut Registry, list: &str) -> Result<(), String> {
    let ids: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|id| !id.is_empty())
        .collect();
    if ids.is_empty() {
        return Err("--tools needs at least one tool id".into());
    }
    registry.retain(&ids)
}

/// The usage error for a tool id the registry does not know.
pub(crate) fn unknown_tool(registry: &Registry, id: &str) -> ExitCode {
    eprintln!(
        "reckon: unknown tool {id:?}; registered tools: {}",
        registry.ids().join(", ")
    );
    ExitCode::from(2)
}
