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
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir)?;
        sweep(dir);
    }
    let tmp = path.with_extension("tmp");
    fs_err::write(&tmp, serde_json::to_vec(&pre)?)?;
    fs_err::rename(&tmp, &path)?;
    let outcome = if d.verdict == terraphim_guard::Verdict::Deny {
        OutcomeKind::Denied
    } else {
        OutcomeKind::Pending
    };
    let mut rec = outcome_record(Source::HookPre, agent, call, &pre, Outcome::new(outcome));
    rec.pre_review = pre_review;
    crate::outcomes::append(rec)
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
