//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

use clap::{Args, Subcommand};

use crate::exit_code;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let _ = command;
    exit_code::ERROR_GENERAL
}
