//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

use clap::{Args, Subcommand};

mod exec;
mod profiles;

use crate::exit_code;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {
    /// Run a shell command confined by a sandbox profile.
    Exec(exec::ExecArgs),
    /// List the sandbox profiles and what enforces each field here.
    Profiles(profiles::ProfilesArgs),
    /// Internal: the sandbox helper, re-executed inside bubblewrap.
    #[command(name = "__sandbox-helper", hide = true)]
    SandboxHelper(exec::HelperArgs),
}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let result = match command.subcommand {
        Some(GuardSubcommand::Exec(args)) => exec::run(args),
        Some(GuardSubcommand::Profiles(args)) => profiles::run(args),
        Some(GuardSubcommand::SandboxHelper(args)) => Ok(exec::helper(args)),
        None => Ok(exit_code::ERROR_GENERAL),
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e:#}");
        exit_code::ERROR_GENERAL
    })
}
