//! `guard exec`: run one shell command confined by a sandbox profile.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use terraphim_sandbox::{
    BwrapUse, DEFAULT_PROFILE, ProfileSet, RunReport, SandboxError, SandboxRequest,
};

use crate::exit_code;

/// Run COMMAND (one shell string, run by `bash -c`) confined by a sandbox profile.
///
/// Streams the command's output, exits with its exit code (128+N when killed by signal N, 124 on
/// the wall-clock limit, 123 on the output cap, 125 when the sandbox refused to run it), and
/// writes a JSON outcome report.
#[derive(Debug, Args)]
pub(crate) struct ExecArgs {
    /// The sandbox profile (see `guard profiles`).
    #[arg(long, default_value = DEFAULT_PROFILE)]
    profile: String,
    /// An id recorded in the report (e.g. the agent's tool-use id).
    #[arg(long)]
    id: Option<String>,
    /// Write the JSON report to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Print the JSON report as the last line of stderr.
    #[arg(long)]
    json: bool,
    /// Do not use bubblewrap even when it is installed (Landlock, seccomp and rlimits only).
    #[arg(long, env = "TERRAPHIM_GUARD_NO_BWRAP", value_parser = clap::builder::FalseyValueParser::new())]
    no_bwrap: bool,
    /// The command; several words are joined with spaces.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

pub(crate) fn run(args: ExecArgs) -> anyhow::Result<u8> {
    let profiles = match ProfileSet::load(ProfileSet::default_user_dir().as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(exit_code::ERROR_USAGE);
        }
    };
    let profile = match profiles.get(&args.profile) {
        Ok(p) => p.clone(),
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(exit_code::ERROR_USAGE);
        }
    };
    let mut request = SandboxRequest::new(args.command.join(" "), profile)?;
    request.id = args.id;
    if args.no_bwrap {
        request.bwrap = BwrapUse::Never;
    }
    let caps = terraphim_sandbox::probe();
    let report = match terraphim_sandbox::run(
        &request,
        &caps,
        Box::new(std::io::stdout()),
        Box::new(std::io::stderr()),
    ) {
        Ok(report) => report,
        Err(e @ SandboxError::Unenforceable(_)) => {
            eprintln!("error: {e}");
            eprintln!("hint: `terraphim-agent guard profiles` shows what this machine enforces");
            return Ok(exit_code::SANDBOX_REFUSED);
        }
        Err(e) => {
            eprintln!("error: sandbox: {e}");
            return Ok(exit_code::SANDBOX_REFUSED);
        }
    };
    let json = serde_json::to_string(&report).context("failed to serialise the run report")?;
    if let Some(path) = &args.report {
        fs_err::write(path, format!("{json}\n")).context("failed to write the run report")?;
    }
    if args.json {
        eprintln!("{json}");
    }
    Ok(exit_code_of(&report))
}

/// The exit code `exec` reports for a run.
fn exit_code_of(report: &RunReport) -> u8 {
    if report.timed_out {
        return exit_code::SANDBOX_TIMEOUT;
    }
    if report.output_limit_hit {
        return exit_code::SANDBOX_OUTPUT_LIMIT;
    }
    match (report.exit_code, report.signal.as_deref()) {
        (Some(code), _) => u8::try_from(code).unwrap_or(exit_code::ERROR_GENERAL),
        (None, Some(sig)) => exit_code::SANDBOX_SIGNAL_BASE.saturating_add(signal_number(sig)),
        (None, None) => exit_code::ERROR_GENERAL,
    }
}

fn signal_number(name: &str) -> u8 {
    const NAMES: &[(&str, u8)] = &[
        ("SIGHUP", 1),
        ("SIGINT", 2),
        ("SIGQUIT", 3),
        ("SIGILL", 4),
        ("SIGTRAP", 5),
        ("SIGABRT", 6),
        ("SIGBUS", 7),
        ("SIGFPE", 8),
        ("SIGKILL", 9),
        ("SIGSEGV", 11),
        ("SIGPIPE", 13),
        ("SIGALRM", 14),
        ("SIGTERM", 15),
        ("SIGXCPU", 24),
        ("SIGXFSZ", 25),
        ("SIGSYS", 31),
    ];
    NAMES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .or_else(|| name.strip_prefix("SIG").and_then(|n| n.parse().ok()))
        .unwrap_or(0)
}

/// `guard __sandbox-helper PLAN`: the helper the sandbox re-executes inside bubblewrap.
#[derive(Debug, Args)]
pub(crate) struct HelperArgs {
    /// The child plan, as JSON.
    plan: String,
}

pub(crate) fn helper(args: HelperArgs) -> u8 {
    terraphim_sandbox::helper_main(&args.plan)
}
