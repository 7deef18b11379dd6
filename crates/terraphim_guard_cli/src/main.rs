//! `terraphim-agent`: only the `guard` command tree.

use clap::{Parser, Subcommand};

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
    let Command::Guard(guard) = Cli::parse().command;
    std::process::ExitCode::from(terraphim_guard_cli::run(guard))
}
