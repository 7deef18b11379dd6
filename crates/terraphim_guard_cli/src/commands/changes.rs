//! `guard changes`: the change sets a workspace run held (destroying work, protected paths,
//! files other tools run, setuid bits, size, conflicts): list, show with diffs, apply, discard.

use std::fmt::Write as _;
use std::path::Path;

use clap::Args;
use terraphim_sandbox::{ChangeKind, ChangeStore, HeldSet, WorkspaceReport, WorkspaceVerdict};

use crate::exit_code;
use crate::output::{CHANGES_SCHEMA, ChangesOutput};

/// List, show, apply or discard the change sets that workspace runs held.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("action").args(["list", "show", "apply", "discard"])))]
pub(crate) struct ChangesArgs {
    /// List the held change sets (the default).
    #[arg(long)]
    list: bool,
    /// Show one set: why it was held, and a diff of each text file (a summary for binaries).
    #[arg(long, value_name = "ID")]
    show: Option<String>,
    /// Apply one set to its project now (judged again: a protected path or a file changed on
    /// the host since the run still stops it).
    #[arg(long, value_name = "ID")]
    apply: Option<String>,
    /// Drop one set.
    #[arg(long, value_name = "ID")]
    discard: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

fn store() -> anyhow::Result<ChangeStore> {
    let data = ChangeStore::default_data_home()
        .ok_or_else(|| anyhow::anyhow!("neither XDG_DATA_HOME nor HOME is set"))?;
    Ok(ChangeStore::new(&data))
}

fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn json(out: &ChangesOutput<'_>) -> anyhow::Result<()> {
    emit(&format!("{}\n", serde_json::to_string_pretty(out)?))
}

pub(crate) fn run(args: ChangesArgs) -> anyhow::Result<u8> {
    let store = store()?;
    let _ = store.expire();
    let missing = |e: terraphim_sandbox::SandboxError| {
        eprintln!("error: {e}");
        eprintln!("hint: `terraphim-agent guard changes --list` shows the held change sets");
        Ok(exit_code::ERROR_USAGE)
    };
    if let Some(id) = &args.show {
        let set = match store.get(id) {
            Ok(s) => s,
            Err(e) => return missing(e),
        };
        if args.json {
            json(&ChangesOutput {
                schema: CHANGES_SCHEMA,
                held: None,
                set: Some(&set),
                result: None,
            })?;
        } else {
            emit(&show(&set))?;
        }
        return Ok(exit_code::SUCCESS);
    }
    if let Some(id) = &args.apply {
        let report = match store.apply(id) {
            Ok(r) => r,
            Err(e) => return missing(e),
        };
        if args.json {
            json(&ChangesOutput {
                schema: CHANGES_SCHEMA,
                held: None,
                set: None,
                result: Some(&report),
            })?;
        } else {
            emit(&applied(id, &report))?;
        }
        return Ok(if report.verdict == WorkspaceVerdict::Applied {
            exit_code::SUCCESS
        } else {
            exit_code::ERROR_GENERAL
        });
    }
    if let Some(id) = &args.discard {
        if let Err(e) = store.discard(id) {
            return missing(e);
        }
        if !args.json {
            emit(&format!("discarded {id}\n"))?;
        } else {
            json(&ChangesOutput {
                schema: CHANGES_SCHEMA,
                held: None,
                set: None,
                result: None,
            })?;
        }
        return Ok(exit_code::SUCCESS);
    }
    let held = store.list()?;
    if args.json {
        return json(&ChangesOutput {
            schema: CHANGES_SCHEMA,
            held: Some(&held),
            set: None,
            result: None,
        })
        .map(|()| exit_code::SUCCESS);
    }
    let mut out = String::new();
    if held.is_empty() {
        out.push_str("no held change sets\n");
    }
    for s in &held {
        let _ = writeln!(
            out,
            "{}  {}  {} changes  {}  ({})\n    {}",
            s.id,
            verdict(s.report.verdict),
            top_level(&s.report),
            s.project.display(),
            s.command,
            first_reason(&s.report)
        );
    }
    emit(&out)?;
    Ok(exit_code::SUCCESS)
}

fn verdict(v: WorkspaceVerdict) -> &'static str {
    match v {
        WorkspaceVerdict::Unchanged => "unchanged",
        WorkspaceVerdict::Applied => "applied",
        WorkspaceVerdict::Held => "held",
        WorkspaceVerdict::Refused => "refused",
        WorkspaceVerdict::Failed => "failed",
    }
}

fn top_level(r: &WorkspaceReport) -> usize {
    r.changes.iter().filter(|c| !c.nested).count()
}

fn first_reason(r: &WorkspaceReport) -> String {
    r.reasons
        .first()
        .map(|x| format!("{} {}", x.path, x.detail).trim().to_owned())
        .or_else(|| r.conflicts.first().map(|c| format!("conflict: {c}")))
        .or_else(|| r.error.clone())
        .unwrap_or_default()
}

fn applied(id: &str, r: &WorkspaceReport) -> String {
    let mut out = String::new();
    match r.verdict {
        WorkspaceVerdict::Applied => {
            let _ = writeln!(out, "applied {id}: {} entries", r.applied);
        }
        WorkspaceVerdict::Unchanged => {
            let _ = writeln!(out, "{id}: nothing left to apply");
        }
        other => {
            let _ = writeln!(out, "not applied: {id} is {}", verdict(other));
            for c in &r.conflicts {
                let _ = writeln!(
                    out,
                    "  conflict: {c} changed on the host since the run started"
                );
            }
            for x in r
                .reasons
                .iter()
                .filter(|x| x.kind == terraphim_sandbox::HoldKind::Protected)
            {
                let _ = writeln!(out, "  refused: {} {}", x.path, x.detail);
            }
            if let Some(e) = &r.error {
                let _ = writeln!(out, "  error: {e}");
            }
        }
    }
    out
}

fn kind(k: ChangeKind) -> &'static str {
    match k {
        ChangeKind::Added => "added",
        ChangeKind::Modified => "modified",
        ChangeKind::Deleted => "deleted",
        ChangeKind::Mode => "mode",
        ChangeKind::Symlink => "symlink",
    }
}

/// The text of a file when it looks like text (UTF-8, no NUL, at most 1 MiB).
fn text_of(path: &Path) -> Option<String> {
    let m = fs_err::symlink_metadata(path).ok()?;
    if !m.is_file() || m.len() > 1 << 20 {
        return None;
    }
    let bytes = fs_err::read(path).ok()?;
    if bytes.contains(&0) {
        return None;
    }
    String::from_utf8(bytes).ok()
}

fn show(s: &HeldSet) -> String {
    let r = &s.report;
    let mut out = String::new();
    let _ = writeln!(out, "change set {} ({})", s.id, verdict(r.verdict));
    let _ = writeln!(out, "project: {}", s.project.display());
    let _ = writeln!(out, "command: {}", s.command);
    let _ = writeln!(out, "profile: {}", s.profile);
    for x in &r.reasons {
        let _ = writeln!(out, "held: {} {}", x.path, x.detail);
    }
    for c in &r.conflicts {
        let _ = writeln!(
            out,
            "conflict: {c} changed on the host since the run started"
        );
    }
    if let Some(e) = &r.error {
        let _ = writeln!(out, "error: {e}");
    }
    let _ = writeln!(out);
    for c in r.changes.iter().filter(|c| !c.nested) {
        let mut head = format!(
            "{} {}{}",
            kind(c.kind),
            c.path,
            if c.dir { "/" } else { "" }
        );
        if let Some(from) = &c.renamed_from {
            let _ = write!(head, " (renamed from {from})");
        }
        if c.kind == ChangeKind::Mode {
            let _ = write!(head, " (mode {:o})", c.mode);
        }
        let _ = writeln!(out, "{head}");
        if c.dir {
            if c.kind == ChangeKind::Added {
                let n = r
                    .changes
                    .iter()
                    .filter(|x| x.nested && x.path.starts_with(&format!("{}/", c.path)))
                    .count();
                let _ = writeln!(out, "  new directory with {n} entries");
            }
            continue;
        }
        let (old, new) = (s.old_path(&c.path), s.new_path(&c.path));
        match c.kind {
            ChangeKind::Deleted => {}
            ChangeKind::Symlink => {
                if let Ok(t) = fs_err::read_link(&new) {
                    let _ = writeln!(out, "  -> {}", t.display());
                }
            }
            ChangeKind::Mode => {}
            ChangeKind::Added | ChangeKind::Modified => {
                let before = if c.kind == ChangeKind::Added {
                    Some(String::new())
                } else {
                    text_of(&old)
                };
                match (before, text_of(&new)) {
                    (Some(a), Some(b)) => {
                        let diff = similar::TextDiff::from_lines(&a, &b);
                        let _ = write!(
                            out,
                            "{}",
                            diff.unified_diff()
                                .context_radius(3)
                                .header(&format!("a/{}", c.path), &format!("b/{}", c.path))
                        );
                    }
                    _ => {
                        let _ = writeln!(out, "  binary file, {} bytes", c.bytes);
                    }
                }
            }
        }
    }
    out
}
