//! The daily summary: proposals awaiting review, recent violations, the most sandboxed commands,
//! and candidates close to a threshold.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::stats::LineRecord;
use crate::{
    ActiveKg, DestructiveCheck, Learn, ReadWarning, Result, Staged, Tier, Timestamp, ViolationKind,
    candidate_pattern,
};

/// How many recent violations a sweep lists.
const MAX_VIOLATIONS: usize = 50;
/// How many sandboxed commands a sweep lists.
const MAX_TOP: usize = 10;

/// One recent violation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ViolationEvent {
    /// When.
    pub time: Timestamp,
    /// The invocation id.
    pub id: String,
    /// The command (JSON-escaped wherever it is printed).
    pub command: String,
    /// The candidate patterns of its simple commands.
    pub candidates: Vec<String>,
    /// Violation kinds.
    pub kinds: Vec<String>,
    /// Violation details.
    pub details: Vec<String>,
}

/// A command and how often it was sandboxed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CommandCount {
    /// The candidate pattern (or the command name when it can never be one).
    pub command: String,
    /// Sandboxed runs in the window.
    pub count: u64,
}

/// A candidate a few clean runs short of an ALLOW proposal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NearThreshold {
    /// The candidate pattern.
    pub pattern: String,
    /// Clean sandbox runs so far.
    pub clean_runs: u64,
    /// Clean runs the rule needs.
    pub threshold: u64,
}

/// The sweep.
#[derive(Debug, Clone, Serialize)]
pub struct SweepReport {
    /// Start of the window.
    pub since: Timestamp,
    /// When the sweep ran.
    pub now: Timestamp,
    /// Outcome records in the window.
    pub records: u64,
    /// Proposals waiting in `guard-staging/`.
    pub proposals: Vec<Staged>,
    /// Ids staged by this sweep.
    pub new_proposals: Vec<String>,
    /// Ids withdrawn by this sweep.
    pub withdrawn: Vec<String>,
    /// Violations in the window, newest first (at most 50).
    pub violations: Vec<ViolationEvent>,
    /// All violations in the window.
    pub violations_total: u64,
    /// The most sandboxed commands in the window.
    pub top_sandboxed: Vec<CommandCount>,
    /// Candidates close to the ALLOW threshold.
    pub near_threshold: Vec<NearThreshold>,
    /// Skipped store lines.
    pub warnings: Vec<ReadWarning>,
}

impl Learn {
    /// Refresh the proposals (as [`Learn::refresh`]) and summarise the window since `since`.
    pub fn sweep(
        &self,
        since: Timestamp,
        kg: &ActiveKg,
        destructive: &dyn DestructiveCheck,
    ) -> Result<SweepReport> {
        let config = self.config().clone();
        let mut records = 0u64;
        let mut violations: Vec<ViolationEvent> = Vec::new();
        let mut violations_total = 0u64;
        let mut sandboxed: BTreeMap<String, u64> = BTreeMap::new();
        let mut visit = |rec: &LineRecord<'_>, time: Timestamp| {
            if time < since {
                return;
            }
            records += 1;
            let candidates: Vec<String> = rec
                .canonical
                .iter()
                .filter_map(|c| candidate_pattern(c, &config))
                .collect();
            if rec.decision.as_deref() == Some("sandbox") {
                let names: Vec<String> = if candidates.is_empty() {
                    rec.canonical
                        .iter()
                        .filter_map(|c| c.split_ascii_whitespace().next())
                        .map(str::to_owned)
                        .collect()
                } else {
                    candidates.clone()
                };
                for name in names {
                    *sandboxed.entry(name).or_default() += 1;
                }
            }
            let Some(outcome) = &rec.outcome else { return };
            let permission: Vec<_> = outcome
                .violations
                .iter()
                .filter(|v| ViolationKind::from_wire(&v.kind).is_permission())
                .collect();
            if permission.is_empty()
                && !(outcome.kind == "violation" && outcome.violations.is_empty())
            {
                return;
            }
            violations_total += 1;
            violations.push(ViolationEvent {
                time,
                id: rec.id.as_deref().unwrap_or_default().to_owned(),
                command: rec.command.to_string(),
                candidates,
                kinds: permission.iter().map(|v| v.kind.to_string()).collect(),
                details: permission.iter().map(|v| v.detail.to_string()).collect(),
            });
            if violations.len() > MAX_VIOLATIONS * 4 {
                violations.sort_by_key(|v| std::cmp::Reverse(v.time));
                violations.truncate(MAX_VIOLATIONS);
            }
        };
        let refresh = self.refresh_with(kg, destructive, &mut visit)?;
        violations.sort_by_key(|v| std::cmp::Reverse(v.time));
        violations.truncate(MAX_VIOLATIONS);
        let mut top: Vec<CommandCount> = sandboxed
            .into_iter()
            .map(|(command, count)| CommandCount { command, count })
            .collect();
        top.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| a.command.cmp(&b.command))
        });
        top.truncate(MAX_TOP);
        let threshold = self.config().allow_after_clean_runs;
        let staged_patterns: Vec<&str> = refresh
            .staged
            .iter()
            .map(|s| s.proposal.pattern.as_str())
            .collect();
        let near_threshold = refresh
            .tally
            .candidates
            .iter()
            .filter(|(pattern, s)| {
                s.clean_runs > 0
                    && s.clean_runs < threshold
                    && s.clean_runs + self.config().near_threshold >= threshold
                    && s.violations == 0
                    && s.denied == 0
                    && !staged_patterns.contains(&pattern.as_str())
                    && kg.find(Tier::Safe, pattern).is_none()
                    && !destructive.is_destructive(pattern)
            })
            .map(|(pattern, s)| NearThreshold {
                pattern: pattern.clone(),
                clean_runs: s.clean_runs,
                threshold,
            })
            .collect();
        Ok(SweepReport {
            since,
            now: Timestamp::now(),
            records,
            proposals: refresh.staged,
            new_proposals: refresh.new,
            withdrawn: refresh.withdrawn,
            violations,
            violations_total,
            top_sandboxed: top,
            near_threshold,
            warnings: refresh.warnings,
        })
    }
}
