//! The records of the outcome store and the review log: JSON Lines, one object a line, tagged by
//! `type` and versioned by `schema`.
//!
//! Readers tolerate unknown fields, unknown `type`s (skipped) and unknown enum values (kept as
//! `Other`), so a newer writer never breaks an older reader.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Timestamp;

pub use terraphim_sandbox::{Cause, Outcome, OutcomeKind, RunReport, Violation, ViolationKind};

/// The record schema this crate writes.
pub const SCHEMA: u32 = 1;

/// One line of `outcomes.jsonl` or `reviews.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Record {
    /// What happened to one command.
    Outcome(OutcomeRecord),
    /// A step of the review gate.
    Review(ReviewRecord),
    /// A record type this version does not know; skipped by the engine.
    #[serde(other)]
    Unknown,
}

/// What happened to one command: written by `guard exec`, the hook's post events and deny decisions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OutcomeRecord {
    /// Record schema version ([`SCHEMA`]).
    pub schema: u32,
    /// When the outcome was recorded.
    pub time: Timestamp,
    /// The invocation id: the agent's `tool_use_id`, or the exec id. Runs are counted once per id.
    pub id: String,
    /// The agent session, if known.
    #[serde(default)]
    pub session: Option<String>,
    /// The working directory of the command.
    #[serde(default)]
    pub cwd: Option<String>,
    /// Who wrote the record.
    pub source: Source,
    /// The agent (`claude-code`, ...), if known.
    #[serde(default)]
    pub agent: Option<String>,
    /// The command as the agent asked for it (stored JSON-escaped, never spliced anywhere raw).
    pub command: String,
    /// What actually ran (e.g. the sandbox wrapper command line).
    #[serde(default)]
    pub executed: Option<String>,
    /// The canonical simple commands, each as its canonical words joined by single spaces.
    #[serde(default)]
    pub canonical: Vec<String>,
    /// The guard's decision.
    pub decision: Decision,
    /// The KG concepts that matched.
    #[serde(default)]
    pub concepts: Vec<String>,
    /// The sandbox profile, if sandboxed.
    #[serde(default)]
    pub profile: Option<String>,
    /// The execution backend (`native`, `native+ns`, `native+bwrap`, `secure-exec`, `host`).
    #[serde(default)]
    pub backend: Option<String>,
    /// How it ended.
    pub outcome: Outcome,
    /// Wall time of the run.
    #[serde(default)]
    pub duration_ms: Option<u64>,
    /// The script pre-review of a temporary script the command runs, if one was reviewed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_review: Option<PreReview>,
}

/// A script pre-review verdict, kept with the outcome of the command that ran the script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PreReview {
    /// `clean`, `suspicious` or `dangerous`.
    pub verdict: String,
    /// The script (a path, or `<stdin>` for a heredoc).
    pub script: String,
    /// SHA-256 of the reviewed content.
    #[serde(default)]
    pub sha256: String,
    /// The one-line summary shown to the agent and the user.
    pub line: String,
}

impl OutcomeRecord {
    /// A record stamped now with the current schema; optional fields start empty.
    pub fn new(
        id: impl Into<String>,
        source: Source,
        command: impl Into<String>,
        decision: Decision,
        outcome: Outcome,
    ) -> Self {
        OutcomeRecord {
            schema: SCHEMA,
            time: Timestamp::now(),
            id: id.into(),
            session: None,
            cwd: None,
            source,
            agent: None,
            command: command.into(),
            executed: None,
            canonical: Vec::new(),
            decision,
            concepts: Vec::new(),
            profile: None,
            backend: None,
            outcome,
            duration_ms: None,
            pre_review: None,
        }
    }
}

impl OutcomeRecord {
    /// The record of one native sandbox run (`guard exec`): decision `sandbox`, source `exec`,
    /// the run's profile, backend, outcome ([`Outcome::from_run`]) and duration. The caller adds
    /// what only it knows (cwd, canonical simple commands, agent, concepts).
    pub fn from_run(id: impl Into<String>, report: &RunReport) -> Self {
        let mut record = OutcomeRecord::new(
            id,
            Source::Exec,
            report.command.clone(),
            Decision::Sandbox,
            Outcome::from_run(report),
        );
        record.executed = Some(report.command.clone());
        record.profile = Some(report.profile.clone());
        record.backend = Some(report.backend.as_str().to_owned());
        record.duration_ms = Some(report.duration_ms);
        record
    }
}

/// Which part of the guard wrote an outcome record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    /// `guard exec` (its report).
    Exec,
    /// The pre-tool-use hook (decisions, e.g. a deny).
    HookPre,
    /// The post-tool-use hook.
    HookPost,
    /// The post-tool-use-failure hook.
    HookPostFailure,
    /// `guard check`.
    Check,
    /// A source this version does not know.
    #[serde(other)]
    Other,
}

/// The guard's decision for the command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Ran on the host.
    Allow,
    /// Ran confined.
    Sandbox,
    /// Never ran.
    Deny,
    /// A decision this version does not know; counts neither way.
    #[serde(other)]
    Other,
}

/// One step of the review gate, appended to `reviews.jsonl`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReviewRecord {
    /// Record schema version ([`SCHEMA`]).
    pub schema: u32,
    /// When it happened.
    pub time: Timestamp,
    /// What happened.
    pub action: ReviewAction,
    /// The proposal.
    pub proposal_id: String,
    /// The tier the pattern joins (`safe`, `destructive`).
    pub tier: String,
    /// The patterns.
    pub synonyms: Vec<String>,
    /// Who did it (`$USER`, or `terraphim-learn` for the engine).
    pub who: String,
    /// The evidence at that moment.
    #[serde(default)]
    pub evidence: serde_json::Value,
    /// Why (a rejection's `--why`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// The KG file written or archived.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// Fields of newer writers, kept when the record is read and written again.
    #[serde(flatten)]
    pub extra: BTreeMap<String, serde_json::Value>,
}

/// What a review record says happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ReviewAction {
    /// The engine staged a new ALLOW or DENY proposal.
    Staged,
    /// A human approved it; it is now active.
    Approved,
    /// A human rejected it; it is archived and suppressed until new evidence arrives.
    Rejected,
    /// A human edited the staged proposal.
    Edited,
    /// The engine staged a demotion of an active safe pattern.
    DemotionProposed,
    /// The engine withdrew a staged ALLOW proposal after a violation.
    Withdrawn,
    /// An action this version does not know.
    #[serde(other)]
    Other,
}

impl ReviewAction {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            ReviewAction::Staged => "staged",
            ReviewAction::Approved => "approved",
            ReviewAction::Rejected => "rejected",
            ReviewAction::Edited => "edited",
            ReviewAction::DemotionProposed => "demotion-proposed",
            ReviewAction::Withdrawn => "withdrawn",
            ReviewAction::Other => "other",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_round_trips_with_type_tag() {
        let mut r = OutcomeRecord::new(
            "toolu_1",
            Source::Exec,
            "cargo test -p foo",
            Decision::Sandbox,
            Outcome::new(OutcomeKind::Clean),
        );
        r.canonical = vec!["cargo test -p foo".into()];
        let line = serde_json::to_string(&Record::Outcome(r.clone())).unwrap();
        assert!(
            line.starts_with(r#"{"type":"outcome","schema":1,"#),
            "{line}"
        );
        let back: Record = serde_json::from_str(&line).unwrap();
        assert_eq!(back, Record::Outcome(r));
    }

    #[test]
    fn destroyed_work_is_a_permission_violation() {
        let k = ViolationKind::from_wire("destroys-work");
        assert_eq!(k, ViolationKind::DestroysWork);
        assert_eq!(k.as_str(), "destroys-work");
        assert!(k.is_permission());
        let v: ViolationKind = serde_json::from_str(r#""destroys-work""#).unwrap();
        assert_eq!(v, ViolationKind::DestroysWork);
    }

    #[test]
    fn tolerates_unknown_fields_types_and_values() {
        let line = r#"{"type":"outcome","schema":2,"time":"2025-06-01T12:00:00+00:00","id":"x","source":"exec-v2","command":"ls","decision":"quarantine","outcome":{"kind":"oom","violations":[{"kind":"gpu","detail":"d"}],"new":1},"future":{"a":1}}"#;
        let Record::Outcome(r) = serde_json::from_str::<Record>(line).unwrap() else {
            panic!("not an outcome")
        };
        assert_eq!(
            (r.source, r.decision, r.outcome.kind),
            (Source::Other, Decision::Other, OutcomeKind::Other)
        );
        assert_eq!(r.outcome.violations[0].kind, ViolationKind::Other);
        assert!(
            r.outcome.violations[0].kind.is_permission(),
            "unknown kinds fail closed"
        );
        let unknown: Record = serde_json::from_str(r#"{"type":"heartbeat","schema":9}"#).unwrap();
        assert_eq!(unknown, Record::Unknown);
    }

    #[test]
    fn review_keeps_fields_of_newer_writers() {
        let line = r#"{"type":"review","schema":1,"time":"2025-06-01T12:00:00.000Z","action":"approved","proposal_id":"p","tier":"safe","synonyms":["cargo test"],"who":"me","evidence":{},"signed_by":"key"}"#;
        let rec: Record = serde_json::from_str(line).unwrap();
        let again = serde_json::to_string(&rec).unwrap();
        assert!(again.contains(r#""signed_by":"key""#), "{again}");
        assert_eq!(again.matches(r#""type""#).count(), 1, "{again}");
    }
}
