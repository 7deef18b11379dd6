//! Joining a tool call's two halves. PostToolUse sees only the rewritten command, so the
//! original is kept at PreToolUse in a small file keyed by the agent's `tool_use_id`, and both
//! halves are appended to the outcome store.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use terraphim_guard::Decision;

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
    pre_review: Option<Value>,
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
        json!({"kind": "denied"})
    } else {
        json!({"kind": "pending"})
    };
    let mut rec = record_json("hook-pre", agent, call, &pre, outcome, None);
    if let Some(review) = pre_review {
        rec["pre_review"] = review;
    }
    crate::outcomes::append(&rec)
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
        "hook-post-failure"
    } else {
        "hook-post"
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
    let kind = match code {
        Some(0) => "clean",
        Some(_) => "failure",
        None if event == Event::PostToolUseFailure => "failure",
        None => "clean",
    };
    let duration = input.get("duration_ms").and_then(Value::as_u64);
    let mut outcome = json!({"kind": kind, "exit_code": code});
    if let Some(err) = input.get("error").and_then(Value::as_str)
        && err.contains("timed out")
    {
        outcome = json!({"kind": "timeout", "exit_code": code});
    }
    let mut rec = record_json(source, agent, call, &pre, outcome, duration);
    // What ran is the rewritten command the agent reports now.
    rec["executed"] = Value::String(call.command.clone());
    crate::outcomes::append(&rec)
}

fn record_json(
    source: &str,
    agent: Agent,
    call: &ToolCall,
    pre: &PreRecord,
    outcome: Value,
    duration_ms: Option<u64>,
) -> Value {
    json!({
        "type": "outcome",
        "schema": 1,
        "time": crate::outcomes::now_rfc3339(),
        "id": pre.id,
        "session": call.session,
        "cwd": call.cwd,
        "source": source,
        "agent": agent.as_str(),
        "command": pre.command,
        "executed": pre.executed,
        "canonical": pre.canonical,
        "decision": pre.decision,
        "concepts": pre.concepts,
        "profile": pre.profile,
        "backend": Value::Null,
        "outcome": outcome,
        "duration_ms": duration_ms,
    })
}
