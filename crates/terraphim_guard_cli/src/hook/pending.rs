//! Joining a tool call's two halves. PostToolUse sees only the rewritten command, so the
//! original is kept at PreToolUse in a small file keyed by the agent's `tool_use_id`, and both
//! halves are appended to the outcome store.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use terraphim_guard::Decision;
use terraphim_learn::{Outcome, OutcomeKind, OutcomeRecord, PreReview, Source};

use super::protocol::{Agent, Event, ToolCall};

/// What PreToolUse keeps for PostToolUse.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct PreRecord {
    pub(crate) id: String,
    pub(crate) agent: String,
    pub(crate) command: String,
    pub(crate) executed: String,
    pub(crate) decision: String,
    pub(crate) profile: Option<String>,
    pub(crate) concepts: Vec<String>,
    pub(crate) canonical: Vec<String>,
    /// The agent session, for `guard exec` to keep a refusal for the next attempt.
    #[serde(default)]
    pub(crate) session: Option<String>,
    /// The grant the user was asked about (`guard exec --grant`), when the answer was one.
    #[serde(default)]
    pub(crate) grant: Option<String>,
}

/// Concept recorded with the outcome of a run the user approved after the hook asked with a
/// grant: the user's answer, evidence toward ALLOW (through the same review gate as any).
pub(crate) const APPROVED_CONCEPT: &str = "approved by the user";

fn pending_dir() -> anyhow::Result<PathBuf> {
    crate::paths::data_dir()
        .map(|d| d.join("pending"))
        .ok_or_else(|| anyhow::anyhow!("no data directory (HOME and XDG_DATA_HOME are unset)"))
}

/// A file name for an id that the agent chose: hashed, so no id can name a path.
fn file_for(id: &str) -> anyhow::Result<PathBuf> {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(id.as_bytes());
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    Ok(pending_dir()?.join(format!("{hex}.json")))
}

pub(crate) fn record(
    id: &str,
    agent: Agent,
    call: &ToolCall,
    d: &Decision,
    executed: &str,
    pre_review: Option<PreReview>,
    grant: Option<String>,
) -> anyhow::Result<()> {
    let pre = PreRecord {
        id: id.to_string(),
        agent: agent.as_str().to_string(),
        command: call.command.clone(),
        executed: executed.to_string(),
        decision: d.verdict.as_str().to_string(),
        profile: d.profile.clone(),
        concepts: concepts(d),
        canonical: d.parts.iter().map(|p| p.canonical.clone()).collect(),
        session: call.session.clone(),
        grant,
    };
    let path = file_for(id)?;
    let dir = path
        .parent()
        .ok_or_else(|| anyhow::anyhow!("{} has no directory", path.display()))?;
    fs_err::create_dir_all(dir)?;
    sweep(dir);
    write_replacing(&path, &serde_json::to_vec(&pre)?)?;
    let outcome = if d.verdict == terraphim_guard::Verdict::Deny {
        OutcomeKind::Denied
    } else {
        OutcomeKind::Pending
    };
    let mut rec = outcome_record(Source::HookPre, agent, call, &pre, Outcome::new(outcome));
    rec.pre_review = pre_review;
    crate::outcomes::append(rec)
}

/// Write `bytes` to `path` through a temporary file of this writer's own in the same directory,
/// so two hooks given the same id (agents reuse ids across retries) never rename each other's
/// half-written file, and a reader sees the old record or the new one, never a torn one.
fn write_replacing(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = path
        .file_name()
        .ok_or_else(|| anyhow::anyhow!("{} has no file name", path.display()))?;
    let tmp = path.with_file_name(format!(
        ".{}.{}-{}.tmp",
        name.to_string_lossy(),
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = fs_err::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        file.write_all(bytes)?;
        fs_err::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = fs_err::remove_file(&tmp);
    }
    Ok(written?)
}

/// Remove records whose post event never came (a declined ask, an agent without post events),
/// older than a day; at most once an hour.
fn sweep(dir: &std::path::Path) {
    use std::time::{Duration, SystemTime};
    let stamp = dir.join(".swept");
    let now = SystemTime::now();
    let age = |p: &std::path::Path| {
        fs_err::metadata(p)
            .and_then(|m| m.modified())
            .ok()
            .and_then(|m| now.duration_since(m).ok())
    };
    if age(&stamp).is_some_and(|a| a < Duration::from_secs(3600)) {
        return;
    }
    let _ = fs_err::write(&stamp, b"");
    let Ok(entries) = fs_err::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.extension().is_some_and(|x| x == "json")
            && age(&p).is_some_and(|a| a > Duration::from_secs(86_400))
        {
            let _ = fs_err::remove_file(&p);
        }
    }
}

/// The record of `id`, left in place (for `guard exec`, which runs between the two halves).
pub(crate) fn peek(id: &str) -> anyhow::Result<Option<PreRecord>> {
    let path = file_for(id)?;
    match fs_err::read_to_string(&path) {
        Ok(t) => Ok(serde_json::from_str(&t).ok()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e.into()),
    }
}

pub(crate) fn take(id: &str) -> anyhow::Result<Option<PreRecord>> {
    let path = file_for(id)?;
    let text = match fs_err::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    let _ = fs_err::remove_file(&path);
    Ok(serde_json::from_str(&text).ok())
}

fn concepts(d: &Decision) -> Vec<String> {
    let mut c: Vec<String> = d
        .matches
        .iter()
        .filter(|m| m.covered_by.is_none())
        .map(|m| m.concept.clone())
        .collect();
    c.dedup();
    c
}

pub(crate) fn record_outcome(
    agent: Agent,
    call: &ToolCall,
    event: Event,
    code: Option<i32>,
    pre: Option<PreRecord>,
    input: &Value,
) -> anyhow::Result<()> {
    let source = if event == Event::PostToolUseFailure {
        Source::HookPostFailure
    } else {
        Source::HookPost
    };
    let pre = pre.unwrap_or_else(|| PreRecord {
        id: call.id.clone().unwrap_or_default(),
        agent: agent.as_str().to_string(),
        command: call.command.clone(),
        executed: call.command.clone(),
        decision: "unknown".into(),
        profile: None,
        concepts: Vec::new(),
        canonical: Vec::new(),
        session: call.session.clone(),
        grant: None,
    });
    let mut kind = match code {
        Some(0) => OutcomeKind::Clean,
        Some(_) => OutcomeKind::Failure,
        None if event == Event::PostToolUseFailure => OutcomeKind::Failure,
        None => OutcomeKind::Clean,
    };
    if input
        .get("error")
        .and_then(Value::as_str)
        .is_some_and(|err| err.contains("timed out"))
    {
        kind = OutcomeKind::Timeout;
    }
    let mut outcome = Outcome::new(kind);
    outcome.exit_code = code;
    let mut rec = outcome_record(source, agent, call, &pre, outcome);
    rec.duration_ms = input.get("duration_ms").and_then(Value::as_u64);
    // What ran is the rewritten command the agent reports now.
    rec.executed = Some(call.command.clone());
    if let Some(grant) = &pre.grant {
        // A post event after an ask with a grant: the user approved it (a declined ask never
        // runs, so it has no post event). The run was under the grant's profile.
        rec.concepts.insert(0, APPROVED_CONCEPT.to_owned());
        rec.profile = Some(format!(
            "{}+grant {grant}",
            pre.profile
                .as_deref()
                .unwrap_or(terraphim_guard::DEFAULT_PROFILE)
        ));
    }
    crate::outcomes::append(rec)
}

fn outcome_record(
    source: Source,
    agent: Agent,
    call: &ToolCall,
    pre: &PreRecord,
    outcome: Outcome,
) -> OutcomeRecord {
    let mut rec = OutcomeRecord::new(
        pre.id.clone(),
        source,
        pre.command.clone(),
        crate::outcomes::decision(&pre.decision),
        outcome,
    );
    rec.session = call.session.clone();
    rec.cwd = call.cwd.clone();
    rec.agent = Some(agent.as_str().to_owned());
    rec.executed = Some(pre.executed.clone());
    rec.canonical = pre.canonical.clone();
    rec.concepts = pre.concepts.clone();
    rec.profile = pre.profile.clone();
    rec
}

#[cfg(test)]
mod tests {
    use super::write_replacing;

    #[test]
    fn writers_of_one_record_never_take_each_others_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("same-id.json");
        let texts: Vec<String> = (0..8).map(|i| format!("{{\"writer\":{i}}}")).collect();
        std::thread::scope(|s| {
            for text in &texts {
                let path = &path;
                s.spawn(move || {
                    for _ in 0..50 {
                        write_replacing(path, text.as_bytes()).unwrap();
                    }
                });
            }
        });
        let left = fs_err::read_to_string(&path).unwrap();
        assert!(texts.contains(&left), "a torn or foreign record: {left:?}");
        let others: Vec<_> = fs_err::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n != "same-id.json")
            .collect();
        assert!(others.is_empty(), "temporary files left behind: {others:?}");
    }
}
