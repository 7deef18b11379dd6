//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

use clap::{Args, Subcommand};

use crate::exit_code;

mod sandbox;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {
    /// Set up and inspect sandbox backends.
    Sandbox(sandbox::SandboxArgs),
}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let result = match command.subcommand {
        Some(GuardSubcommand::Sandbox(args)) => sandbox::run(args),
        None => return exit_code::ERROR_GENERAL,
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e:#}");
        exit_code::ERROR_GENERAL
    })
}
