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
}

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
    };
    let path = file_for(id)?;
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir)?;
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
