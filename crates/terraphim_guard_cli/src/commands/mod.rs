//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

mod changes;
mod check;
mod exec;
mod explain;
mod hook;
mod install;
mod kg;
mod profiles;
mod review;
mod review_script;
mod sandbox;
mod sweep;
mod upstream;

pub(crate) use check::decide;

use clap::{Args, Subcommand};

use crate::exit_code;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
///
/// Upstream's flat form keeps working beside the subcommands:
/// `terraphim-agent guard [--json] [--fail-open] [--explain] [COMMAND]` prints upstream's
/// `GuardResult`. To check a command whose first word is a subcommand name, put `--` first:
/// `terraphim-agent guard -- check this` (or use `guard check 'check this'`).
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
    #[command(flatten)]
    upstream: upstream::UpstreamArgs,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {
    /// Decide one command (argument or stdin), or a batch of JSON Lines.
    Check(check::CheckArgs),
    /// Show how a command is parsed, unwrapped, matched and decided.
    Explain(explain::ExplainArgs),
    /// Validate or import knowledge-graph entries.
    #[command(subcommand)]
    Kg(kg::KgCommand),
    /// Agent hook: read the agent's hook JSON on stdin, answer in its protocol.
    Hook(hook::HookArgs),
    /// Wire the hook into an agent's settings (idempotent, atomic, with a backup).
    Install(install::InstallArgs),
    /// Remove the hook from an agent's settings.
    Uninstall(install::InstallArgs),
    /// The human gate for learned patterns waiting in guard-staging/.
    Review(review::ReviewArgs),
    /// Daily summary: proposals, violations, most sandboxed commands; refreshes proposals.
    Sweep(sweep::SweepArgs),
    /// Set up and inspect sandbox backends.
    Sandbox(sandbox::SandboxArgs),
    /// Run a shell command confined by a sandbox profile.
    Exec(exec::ExecArgs),
    /// List the sandbox profiles and what enforces each field here.
    Profiles(profiles::ProfilesArgs),
    /// Change sets a workspace run held: list, show, apply, discard.
    Changes(changes::ChangesArgs),
    /// Internal: the sandbox helper, re-executed inside bubblewrap.
    #[command(name = "__sandbox-helper", hide = true)]
    SandboxHelper(exec::HelperArgs),
    /// Pre-review a script: clean, suspicious or dangerous.
    ReviewScript(review_script::ReviewScriptArgs),
}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let result = match command.subcommand {
        Some(GuardSubcommand::Check(args)) => check::run(args),
        Some(GuardSubcommand::Explain(args)) => explain::run(args),
        Some(GuardSubcommand::Kg(args)) => kg::run(args),
        Some(GuardSubcommand::Hook(args)) => hook::run(args),
        Some(GuardSubcommand::Install(args)) => install::run(args, false),
        Some(GuardSubcommand::Uninstall(args)) => install::run(args, true),
        Some(GuardSubcommand::Review(args)) => review::run(args),
        Some(GuardSubcommand::Sweep(args)) => sweep::run(args),
        Some(GuardSubcommand::Sandbox(args)) => sandbox::run(args),
        Some(GuardSubcommand::Exec(args)) => exec::run(args),
        Some(GuardSubcommand::Profiles(args)) => profiles::run(args),
        Some(GuardSubcommand::Changes(args)) => changes::run(args),
        Some(GuardSubcommand::SandboxHelper(args)) => Ok(exec::helper(args)),
        Some(GuardSubcommand::ReviewScript(args)) => review_script::run(args),
        None => upstream::run(command.upstream),
    };
    match result {
        Ok(code) => code,
        // A reader that went away (`| head`) is not an error worth a message.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            exit_code::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            exit_code::ERROR_GENERAL
        }
    }
}

/// The command from the argument, or all of stdin, trimmed.
pub(crate) fn command_or_stdin(command: Vec<String>) -> anyhow::Result<String> {
    match command.is_empty() {
        false => Ok(command.join(" ")),
        true => {
            use std::io::Read as _;
            let mut buf = Vec::new();
            std::io::stdin()
                .lock()
                .take(terraphim_guard::MAX_COMMAND_BYTES as u64 + 1)
                .read_to_end(&mut buf)?;
            let text = String::from_utf8(buf).map_err(|e| {
                anyhow::anyhow!(
                    "the command on stdin is not valid UTF-8 (byte {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            Ok(text.trim().to_string())
        }
    }
}
