//! Wire types: the JSON this binary prints. Their shape is documented in `docs/json-output.md`
//! and is a contract for hook scripts and tests.

use serde::Serialize;
use terraphim_guard::{Part, Verdict};

use crate::judge::Judgement;

/// Version of the `guard check --json` object.
pub(crate) const CHECK_SCHEMA: u32 = 1;

/// `guard check --json`.
#[derive(Debug, Serialize)]
pub(crate) struct CheckOutput<'a> {
    pub(crate) schema: u32,
    pub(crate) decision: &'static str,
    pub(crate) command: &'a str,
    pub(crate) reason: String,
    pub(crate) profile: Option<&'a str>,
    pub(crate) matches: Vec<MatchOutput<'a>>,
    pub(crate) replaced: Option<&'a str>,
    /// The strictest pre-review of the temporary scripts the command runs, when one was reviewed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pre_review: Option<PreReviewOutput<'a>>,
}

/// A script pre-review in `--json` output.
#[derive(Debug, Serialize)]
pub(crate) struct PreReviewOutput<'a> {
    pub(crate) verdict: &'static str,
    pub(crate) script: &'a str,
    pub(crate) line: &'a str,
}

/// One KG match in `--json` output.
#[derive(Debug, Serialize)]
pub(crate) struct MatchOutput<'a> {
    pub(crate) tier: &'static str,
    pub(crate) concept: &'a str,
    pub(crate) pattern: &'a str,
    pub(crate) segment: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) covered_by: Option<&'a str>,
}

impl<'a> CheckOutput<'a> {
    pub(crate) fn new(j: &'a Judgement) -> Self {
        let d = &j.decision;
        CheckOutput {
            schema: CHECK_SCHEMA,
            decision: j.verdict().as_str(),
            command: &d.command,
            reason: j.reason(),
            profile: j.profile(),
            matches: d
                .matches
                .iter()
                .map(|m| MatchOutput {
                    tier: m.tier.as_str(),
                    concept: &m.concept,
                    pattern: &m.pattern,
                    segment: &m.segment,
                    covered_by: m.covered_by.as_deref(),
                })
                .collect(),
            replaced: d.replaced.as_deref(),
            pre_review: j.review.as_ref().map(|r| PreReviewOutput {
                verdict: r.verdict.as_str(),
                script: &r.script,
                line: &r.line,
            }),
        }
    }
}

/// Upstream terraphim-agent's `GuardResult`, exactly: `reason` and `pattern` omitted on allow.
#[derive(Debug, Serialize)]
pub(crate) struct UpstreamResult<'a> {
    pub(crate) decision: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) reason: Option<String>,
    pub(crate) command: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) pattern: Option<&'a str>,
}

impl<'a> UpstreamResult<'a> {
    pub(crate) fn new(j: &'a Judgement) -> Self {
        let d = &j.decision;
        let verdict = j.verdict();
        let decision = upstream_decision(verdict);
        if verdict == Verdict::Allow {
            return UpstreamResult {
                decision,
                reason: None,
                command: &d.command,
                pattern: None,
            };
        }
        let prefix = if verdict == Verdict::Deny {
            "Blocked"
        } else {
            "Sandboxed"
        };
        UpstreamResult {
            decision,
            reason: Some(format!("{prefix}: {}", j.reason())),
            command: &d.command,
            pattern: j.deciding_match().map(|m| m.pattern.as_str()),
        }
    }
}

/// Upstream says `block` where this project says `deny`.
pub(crate) fn upstream_decision(v: Verdict) -> &'static str {
    match v {
        Verdict::Allow => "allow",
        Verdict::Sandbox => "sandbox",
        Verdict::Deny => "block",
    }
}

/// Upstream's `GuardTrace` stage record.
#[derive(Debug, Serialize)]
pub(crate) struct UpstreamStage {
    pub(crate) stage: &'static str,
    pub(crate) matched: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) matched_term: Option<String>,
    pub(crate) outcome: &'static str,
}

/// Upstream's `GuardTrace`: the result flattened, plus stages.
#[derive(Debug, Serialize)]
pub(crate) struct UpstreamTrace<'a> {
    #[serde(flatten)]
    pub(crate) result: UpstreamResult<'a>,
    pub(crate) stages: Vec<UpstreamStage>,
}

/// Human lines for one part, used by `explain`.
pub(crate) fn part_line(p: &Part) -> String {
    let layers = if p.layers.is_empty() {
        String::new()
    } else {
        format!("  [via {}]", p.layers.join(" > "))
    };
    format!(
        "{:<7} {}{layers}\n        {}",
        p.verdict.as_str(),
        p.canonical,
        p.reason
    )
}

/// Version of the `guard changes --json` object.
pub(crate) const CHANGES_SCHEMA: u32 = 1;

/// `guard changes --json`: `held` for `--list`, `set` for `--show`, `result` for `--apply`.
#[derive(Debug, Serialize)]
pub(crate) struct ChangesOutput<'a> {
    pub(crate) schema: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) held: Option<&'a [terraphim_sandbox::HeldSet]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) set: Option<&'a terraphim_sandbox::HeldSet>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) result: Option<&'a terraphim_sandbox::WorkspaceReport>,
}
