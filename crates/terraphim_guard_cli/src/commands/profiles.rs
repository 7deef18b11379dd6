//! `guard profiles`: list the sandbox profiles and what enforces each field on this machine.

use std::fmt::Write as _;

use clap::Args;
use serde::Serialize;
use terraphim_sandbox::{FieldEnforcement, HostCaps, ProfileSet};

use crate::exit_code;

/// List the sandbox profiles and which mechanism enforces each field on this machine.
#[derive(Debug, Args)]
pub(crate) struct ProfilesArgs {
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Listing<'a> {
    schema: u32,
    host: &'a HostCaps,
    bwrap_works: bool,
    profiles: Vec<ProfileRow>,
}

#[derive(Serialize)]
struct ProfileRow {
    name: String,
    description: String,
    source: String,
    runnable: bool,
    fields: Vec<FieldEnforcement>,
}

pub(crate) fn run(args: ProfilesArgs) -> anyhow::Result<u8> {
    let profiles = match ProfileSet::load(ProfileSet::default_user_dir().as_deref()) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(exit_code::ERROR_USAGE);
        }
    };
    let mut caps = terraphim_sandbox::probe();
    let works = terraphim_sandbox::bwrap_works(&caps);
    if !works {
        caps.bwrap = None;
    }
    let rows: Vec<ProfileRow> = profiles
        .iter()
        .map(|p| {
            let fields = terraphim_sandbox::enforcement(p, &caps);
            ProfileRow {
                name: p.name.clone(),
                description: p.description.clone(),
                source: p.source.display().to_string(),
                runnable: fields.iter().all(|f| f.enforced),
                fields,
            }
        })
        .collect();
    if args.json {
        let listing = Listing {
            schema: 1,
            host: &caps,
            bwrap_works: works,
            profiles: rows,
        };
        let text = serde_json::to_string_pretty(&listing)?;
        emit(&format!("{text}\n"))?;
        return Ok(exit_code::SUCCESS);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "landlock: {}",
        caps.landlock_abi
            .map_or_else(|| "not available".to_owned(), |a| format!("ABI {a}"))
    );
    let _ = writeln!(
        out,
        "seccomp user notification: {}",
        if caps.seccomp_user_notif { "yes" } else { "no" }
    );
    let _ = writeln!(
        out,
        "fork gate waits: {}",
        if !caps.seccomp_user_notif {
            "none (no fork gate)"
        } else if caps.seccomp_wait_killable {
            "received at once by a thread of their own, then uninterruptible (WAIT_KILLABLE_RECV): a signal fails a held fork with EINTR only in the moment before it is received"
        } else {
            "interruptible (this kernel has no WAIT_KILLABLE_RECV, Linux 5.19): a signal during a held fork can fail it with EINTR"
        }
    );
    let _ = writeln!(
        out,
        "bubblewrap: {}",
        caps.bwrap.as_ref().map_or_else(
            || "not available (native backend only)".to_owned(),
            |b| format!("{} (works)", b.display())
        )
    );
    let _ = writeln!(
        out,
        "namespaces made directly: {}",
        if caps.namespaces {
            "yes (mount, pid, net, ipc, uts; used instead of starting bubblewrap)"
        } else {
            "no"
        }
    );
    let _ = writeln!(
        out,
        "running as root: {}",
        if caps.is_root { "yes" } else { "no" }
    );
    let _ = writeln!(
        out,
        "cgroups: not used (never created or joined); threads, shared memory and the private /tmp \
         are capped by the fallbacks named per field below"
    );
    for row in rows {
        out.push('\n');
        let _ = writeln!(out, "{}  ({})", row.name, row.source);
        if !row.description.is_empty() {
            let _ = writeln!(out, "  {}", row.description);
        }
        if !row.runnable {
            let _ = writeln!(out, "  refused here: a field below cannot be enforced");
        }
        for f in row.fields {
            let value = if f.value.len() > 60 {
                format!("{}...", f.value.chars().take(57).collect::<String>())
            } else {
                f.value
            };
            let _ = writeln!(out, "  {:<14} {:<62} {}", f.field, value, f.mechanisms);
        }
    }
    emit(&out)?;
    Ok(exit_code::SUCCESS)
}

/// Print, treating a closed pipe (`guard profiles | head`) as success.
fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
