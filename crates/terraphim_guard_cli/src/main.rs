//! `terraphim-agent`: only the `guard` command tree.

use clap::{Parser, Subcommand};

mod arena;

/// The system allocator, or in `guard hook` one arena for the whole process (see [`arena`]).
#[global_allocator]
static ALLOCATOR: arena::Arena = arena::Arena;

#[derive(Debug, Parser)]
#[command(
    name = "terraphim-agent",
    version,
    about = "terraphim agent: the command guard"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Guard shell commands: allow, sandbox or deny.
    Guard(terraphim_guard_cli::GuardCommand),
}

fn main() -> std::process::ExitCode {
    if hook() {
        arena::enable();
    }
    if let Some(code) = sandbox_helper() {
        return std::process::ExitCode::from(code);
    }
    if let Some(code) = exec() {
        return std::process::ExitCode::from(code);
    }
    if let Some(code) = hook_run() {
        return std::process::ExitCode::from(code);
    }
    let Command::Guard(guard) = Cli::parse().command;
    std::process::ExitCode::from(terraphim_guard_cli::run(guard))
}

/// Whether this is `guard hook ...`, a process of milliseconds that allocates a few megabytes.
fn hook() -> bool {
    let mut args = std::env::args_os().skip(1);
    args.next().is_some_and(|a| a == "guard") && args.next().is_some_and(|a| a == "hook")
}

/// `guard exec ...` starts every sandboxed command: parsed by its own subcommand's parser, not
/// the whole tree's. Words that do not parse there (or ask for help) go through the whole
/// parser, which gives the usual message.
fn exec() -> Option<u8> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != "guard" || args.next()? != "exec" {
        return None;
    }
    terraphim_guard_cli::run_exec(args)
}

/// `guard hook ...` answers every tool call of the agent: parsed by its own subcommand's parser,
/// as `guard exec` is, not the whole tree's. Words that do not parse there (or ask for help) go
/// through the whole parser, which gives the usual message.
fn hook_run() -> Option<u8> {
    let mut args = std::env::args_os().skip(1);
    if args.next()? != "guard" || args.next()? != "hook" {
        return None;
    }
    terraphim_guard_cli::run_hook(args)
}

/// `guard __sandbox-helper PLAN` runs inside bubblewrap once per sandboxed command, on the
/// critical path of `guard exec`: reach it without building the whole command-line parser.
/// Anything else (including a non-UTF-8 plan) goes through clap as usual.
fn sandbox_helper() -> Option<u8> {
    let args: Vec<_> = std::env::args_os().skip(1).take(4).collect();
    match args.as_slice() {
        [guard, helper, plan]
            if guard == "guard" && helper == terraphim_sandbox::HELPER_SUBCOMMAND =>
        {
            Some(terraphim_sandbox::helper_main(plan.to_str()?))
        }
        _ => None,
    }
}
