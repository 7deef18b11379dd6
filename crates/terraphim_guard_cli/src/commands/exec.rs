//! `guard exec`: run one shell command confined by a sandbox profile.

use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use terraphim_guard::DEFAULT_PROFILE;
use terraphim_learn::{Outcome, OutcomeRecord};
use terraphim_sandbox::{BwrapUse, ProfileSet, RunReport, SandboxError, SandboxRequest};

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
    /// Run under a grant the guard's hook wrote when it asked the user (its base profile plus
    /// exactly what an earlier run was refused). A grant runs once, while fresh, for the command
    /// and directory it names; the hook treats this flag as the guard's own loosening.
    #[arg(long, value_name = "NONCE", conflicts_with = "profile")]
    grant: Option<String>,
    /// Write the JSON report to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Print the JSON report as the last line of stderr.
    #[arg(long)]
    json: bool,
    /// Do not use namespaces (built in, or bubblewrap) even where they are available: Landlock,
    /// seccomp and rlimits only. A flag only, never an environment variable: the agent's shell
    /// controls the environment `guard exec` runs in, and must not be able to weaken the sandbox.
    #[arg(long)]
    no_bwrap: bool,
    /// Start bubblewrap for the namespaces instead of making them directly (slower; for
    /// comparison and for tests of that path). A flag only, like `--no-bwrap`.
    #[arg(long, hide = true)]
    force_bwrap: bool,
    /// Which backend runs the command: `auto` sends JS/TS code (`node -e`, `node file.js`,
    /// `npx tsx file.ts`) to secure-exec when its packages are installed, everything else to the
    /// native backend.
    #[arg(long, value_enum, default_value_t = Backend::Auto)]
    backend: Backend,
    /// The command; several words are joined with spaces.
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Backend {
    /// secure-exec for JS/TS code when installed, else native.
    Auto,
    /// Landlock, seccomp, rlimits (and bubblewrap when present).
    Native,
    /// secure-exec's V8 isolate; refused when the command is not JS/TS code.
    SecureExec,
}

/// The profile a workspace run falls back to where no copy-on-write view can be made.
const WORKSPACE_FALLBACK: &str = "readonly";

pub(crate) fn run(args: ExecArgs) -> anyhow::Result<u8> {
    let command = args.command.join(" ");
    let grant = match &args.grant {
        Some(nonce) => {
            let cwd = std::env::current_dir().context("no working directory")?;
            match crate::way_out::claim(nonce, &command, &cwd) {
                Ok(g) => Some(g),
                Err(e) => {
                    eprintln!("error: {e:#}; nothing ran");
                    return Ok(exit_code::SANDBOX_REFUSED);
                }
            }
        }
        None => None,
    };
    // A profile by name, with the grant's loosening added when there is one.
    let load = |name: &str| {
        ProfileSet::load_one(name, ProfileSet::default_user_dir().as_deref()).map(|mut p| {
            if let Some(g) = &grant {
                g.loosening.apply(&mut p);
            }
            p
        })
    };
    let base = match &grant {
        Some(g) => g
            .loosening
            .profile
            .clone()
            .unwrap_or_else(|| g.base.clone()),
        None => args.profile.clone(),
    };
    let profile = match load(&base) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(exit_code::ERROR_USAGE);
        }
    };
    let mut request = SandboxRequest::new(command.clone(), profile)?;
    request.id = args.id.clone();
    if args.no_bwrap {
        request.bwrap = BwrapUse::Never;
    } else if args.force_bwrap {
        request.bwrap = BwrapUse::Force;
    }
    let parsed = terraphim_guard::parse(&command);
    let canonical: Vec<String> = parsed
        .commands
        .iter()
        .map(|c| terraphim_guard::canonical_text(&c.words))
        .collect();
    if let Some(code) = run_js(&args, &request, &parsed, &canonical)? {
        return Ok(code);
    }
    let caps = terraphim_sandbox::probe();
    // The end of the run still under way when its report is ready (the namespace init
    // exiting): waited for once the report is written and the outcome recorded.
    let mut ending: Option<terraphim_sandbox::Ending> = None;
    let mut run = |request: &SandboxRequest| {
        terraphim_sandbox::run_ending(
            request,
            &caps,
            Box::new(std::io::stdout()),
            Box::new(std::io::stderr()),
        )
        .map(|(report, end)| {
            ending = Some(end);
            report
        })
    };
    let mut result = run(&request);
    if let Err(SandboxError::Unenforceable(why)) = &result
        && request.profile.workspace.is_some()
    {
        // The copy-on-write overlay cannot be made here (no namespaces or overlayfs, or
        // bubblewrap forced). Nothing ran. Run on a copy of the project whose change set is
        // judged like the overlay's; a project past the copy's bound runs under `readonly`
        // instead: stricter (the project is not writable at all), never looser than asked.
        match terraphim_sandbox::CopyRun::prepare(
            &request.profile,
            &request.cwd,
            &request.env,
            &command,
            terraphim_sandbox::mount_namespace(request.bwrap, &caps),
        ) {
            Ok(copy) => {
                let place = if copy.at_project_path() {
                    "bound over the project's path".to_owned()
                } else {
                    format!(
                        "at {}, not the project's path: no mount namespace here",
                        copy.copy_dir().display()
                    )
                };
                eprintln!(
                    "note: {why}; running on a copy of the project, {place} (its changes are judged as a whole when it ends)"
                );
                let on_copy = copy.request(&request);
                result = run(&on_copy).map(|mut report| {
                    copy.finish(&mut report);
                    report
                });
                // The copy cannot run either (a network allow-list needs namespaces too):
                // `readonly`, which needs none and reaches no network, as when no copy fits.
                if let Err(SandboxError::Unenforceable(why)) = &result
                    && let Ok(profile) = load(WORKSPACE_FALLBACK)
                {
                    eprintln!(
                        "note: {why}; running under profile `{WORKSPACE_FALLBACK}` instead (no writes to the project, no network)"
                    );
                    request.profile = profile;
                    result = run(&request);
                }
            }
            Err(SandboxError::Unenforceable(why)) => {
                if let Ok(profile) = load(WORKSPACE_FALLBACK) {
                    eprintln!(
                        "note: {why}; running under profile `{WORKSPACE_FALLBACK}` instead (writes to the project are refused)"
                    );
                    request.profile = profile;
                    result = run(&request);
                }
            }
            Err(e) => {
                eprintln!("error: the copy of the project failed: {e}");
                return Ok(exit_code::SANDBOX_REFUSED);
            }
        }
    }
    let report = match result {
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
    if let Some(line) = report.workspace.as_ref().and_then(|w| w.held_line()) {
        eprintln!("{line}");
    }
    if let Some(line) = crate::way_out::after_run(
        args.id.as_deref(),
        &request.cwd,
        &request.profile.name,
        &report,
    ) {
        eprintln!("{line}");
    }
    if args.json {
        eprintln!("{json}");
    }
    let blamed = blame_destroyed(&parsed, &report, &request.cwd, &canonical);
    let mut rec = OutcomeRecord::from_run(record_id(&args), &report);
    rec.canonical = blamed.unwrap_or(canonical);
    record(rec);
    if let Some(end) = ending {
        end.wait();
    }
    Ok(exit_code_of(&report))
}

/// JS/TS code through secure-exec, when chosen; `None` means "run it natively".
fn run_js(
    args: &ExecArgs,
    request: &SandboxRequest,
    parsed: &terraphim_guard::ParsedCommand,
    canonical: &[String],
) -> anyhow::Result<Option<u8>> {
    let invocation = match parsed.commands.as_slice() {
        [only] if parsed.findings.is_empty() && only.layers.is_empty() => {
            terraphim_sandbox::js_invocation(&only.argv)
        }
        _ => None,
    };
    let deps = match (args.backend, &invocation) {
        (Backend::Native, _) | (Backend::Auto, None) => return Ok(None),
        (Backend::SecureExec, None) => {
            eprintln!(
                "error: --backend secure-exec runs JS/TS code (`node -e`, `node file.js`, `npx tsx file.ts`), not `{}`",
                request.command
            );
            return Ok(Some(exit_code::ERROR_USAGE));
        }
        (Backend::Auto, Some(_)) => match terraphim_sandbox::JsDeps::locate() {
            Ok(deps) => deps,
            // Not installed: the native backend confines node like any other program.
            Err(_) => return Ok(None),
        },
        (Backend::SecureExec, Some(_)) => match terraphim_sandbox::JsDeps::locate() {
            Ok(deps) => deps,
            Err(e) => {
                eprintln!("error: {e}");
                eprintln!(
                    "hint: `terraphim-agent guard sandbox setup-js` installs the secure-exec packages"
                );
                return Ok(Some(exit_code::SANDBOX_REFUSED));
            }
        },
    };
    let Some(invocation) = invocation else {
        return Ok(None);
    };
    let js_profile = terraphim_sandbox::js_profile(request);
    let js_request = terraphim_sandbox::JsRequest::from_invocation(invocation, request.cwd.clone());
    // An error means the code did not run (or its outcome is unknown): never fall back to the host.
    let report = match terraphim_sandbox::SecureExec::new(deps)
        .and_then(|b| b.run(&js_request, &js_profile))
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: secure-exec: {e}");
            return Ok(Some(exit_code::SANDBOX_REFUSED));
        }
    };
    print!("{}", report.stdout);
    eprint!("{}", report.stderr);
    let json = serde_json::to_string(&report).context("failed to serialise the run report")?;
    if let Some(path) = &args.report {
        fs_err::write(path, format!("{json}\n")).context("failed to write the run report")?;
    }
    if args.json {
        eprintln!("{json}");
    }
    let mut rec = OutcomeRecord::new(
        record_id(args),
        terraphim_learn::Source::Exec,
        request.command.clone(),
        terraphim_learn::Decision::Sandbox,
        Outcome::from_js(&report),
    );
    rec.executed = Some(request.command.clone());
    rec.canonical = canonical.to_vec();
    rec.profile = Some(request.profile.name.clone());
    rec.backend = Some(report.backend.to_owned());
    rec.duration_ms = Some(report.wall_ms);
    record(rec);
    Ok(Some(
        u8::try_from(report.exit_code).unwrap_or(exit_code::ERROR_GENERAL),
    ))
}

/// For a run whose workspace change set was held for destroying work (and that did nothing
/// else the sandbox refused): the simple commands whose arguments name a destroyed path or a
/// directory above one, so the outcome counts against the program that did it and not against
/// the others of the command line (`echo start && rm -r src`: `rm`). `None`: no such run, or no
/// part names a destroyed path (then every part is recorded, as for any other outcome).
fn blame_destroyed(
    parsed: &terraphim_guard::ParsedCommand,
    report: &RunReport,
    cwd: &std::path::Path,
    canonical: &[String],
) -> Option<Vec<String>> {
    use std::path::{Component, Path, PathBuf};
    use terraphim_sandbox::{HoldKind, ViolationKind as K};
    let destroys = report.violations.iter().any(|v| v.kind == K::DestroysWork);
    let other = report
        .violations
        .iter()
        .any(|v| v.kind != K::DestroysWork && v.kind.is_permission());
    if !destroys || other {
        return None;
    }
    let lost: Vec<PathBuf> = report
        .workspace
        .as_ref()?
        .reasons
        .iter()
        .filter(|r| r.kind == HoldKind::DestroysWork && !r.path.is_empty())
        .map(|r| PathBuf::from(&r.path))
        .collect();
    let relative = |word: &str| -> Option<PathBuf> {
        let p = Path::new(word);
        let p = if p.is_absolute() {
            p.strip_prefix(cwd).ok()?
        } else {
            p
        };
        let norm: PathBuf = p
            .components()
            .filter(|c| !matches!(c, Component::CurDir))
            .collect();
        (!norm.as_os_str().is_empty() && !norm.components().any(|c| c == Component::ParentDir))
            .then_some(norm)
    };
    let blamed: Vec<String> = parsed
        .commands
        .iter()
        .zip(canonical)
        .filter(|(c, _)| {
            c.argv.iter().skip(1).any(|w| {
                !w.starts_with('-')
                    && relative(w).is_some_and(|r| lost.iter().any(|l| l.starts_with(&r)))
            })
        })
        .map(|(_, canon)| canon.clone())
        .collect();
    (!blamed.is_empty()).then_some(blamed)
}

/// The record's invocation id: `--id`, or one made up for this process.
fn record_id(args: &ExecArgs) -> String {
    args.id.clone().unwrap_or_else(|| {
        format!(
            "exec-{}-{}",
            std::process::id(),
            terraphim_learn::Timestamp::now()
        )
    })
}

/// Append the run to the outcome store; a failure to record never changes the run's result.
fn record(mut record: OutcomeRecord) {
    record.cwd = std::env::current_dir()
        .ok()
        .map(|d| d.to_string_lossy().into_owned());
    if let Err(e) = crate::outcomes::append(record) {
        eprintln!("warning: terraphim guard could not record the outcome: {e:#}");
    }
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
