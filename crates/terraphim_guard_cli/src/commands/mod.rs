//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

use clap::{Args, Subcommand};

use crate::exit_code;

mod review;
mod sweep;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {
    /// The human gate for learned patterns waiting in guard-staging/.
    Review(review::ReviewArgs),
    /// Daily summary: proposals, violations, most sandboxed commands; refreshes proposals.
    Sweep(sweep::SweepArgs),
}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let result = match command.subcommand {
        Some(GuardSubcommand::Review(args)) => review::run(args),
        Some(GuardSubcommand::Sweep(args)) => sweep::run(args),
        None => return exit_code::ERROR_GENERAL,
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e:#}");
        exit_code::ERROR_GENERAL
    })
}
