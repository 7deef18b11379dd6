//! The promotion / demotion rules, as a pure function of the counts, the active KG and the
//! review log.

use std::path::Path;

use crate::proposal::{Action, Evidence, Proposal, proposal_id};
use crate::record::{ReviewAction, ReviewRecord};
use crate::stats::{CandidateStats, Tally};
use crate::{ActiveKg, DestructiveCheck, KgEntry, LearnConfig, Tier, Timestamp};

/// The rule names written into `rule::`.
pub mod rules {
    /// Enough clean sandbox runs, no violation.
    pub const ALLOW_AFTER_CLEAN_RUNS: &str = "allow-after-clean-runs";
    /// A permission violation.
    pub const DENY_ON_VIOLATION: &str = "deny-on-violation";
    /// An active safe pattern violated after it was approved.
    pub const DEMOTE_ON_VIOLATION: &str = "demote-on-violation";
}

/// What the engine reads.
pub struct EngineInput<'a> {
    /// Counts of the whole store.
    pub tally: &'a Tally,
    /// The active KG.
    pub kg: &'a ActiveKg,
    /// The review log, oldest first.
    pub reviews: &'a [ReviewRecord],
    /// Thresholds.
    pub config: &'a LearnConfig,
    /// The caller's destructive check.
    pub destructive: &'a dyn DestructiveCheck,
}

fn evidence(s: &CandidateStats) -> Evidence {
    Evidence {
        clean_runs: s.clean_runs,
        violations: s.violations,
        violation_kinds: s.violation_kinds.clone(),
        failures: s.failures,
        timeouts: s.timeouts,
        limits: s.limits,
        denied: s.denied,
        first_seen: s.first_seen,
        last_seen: s.last_seen,
        examples: s.examples.clone(),
        canonical_example: s.canonical_example.clone(),
    }
}

impl EngineInput<'_> {
    /// The proposals the rules make now, sorted by id. Suppressed (rejected without new evidence)
    /// and already-active patterns are left out.
    pub fn propose(&self) -> Vec<Proposal> {
        let mut out = Vec::new();
        for (pattern, stats) in &self.tally.candidates {
            if self.kg.find(Tier::Destructive, pattern).is_some()
                || self.kg.find(Tier::Safe, pattern).is_some()
            {
                continue; // already decided; a violated safe pattern is handled as a demotion below
            }
            if stats.violations >= self.config.deny_after_violations {
                let p = Proposal {
                    id: proposal_id(Action::Deny, pattern),
                    action: Action::Deny,
                    pattern: pattern.clone(),
                    synonyms: vec![pattern.clone()],
                    reason: format!(
                        "learned: the sandbox stopped a permission violation ({})",
                        kinds(stats)
                    ),
                    rule: rules::DENY_ON_VIOLATION.into(),
                    evidence: evidence(stats),
                    target: None,
                };
                self.push_unless_suppressed(&mut out, p);
            } else if self.allow_eligible(pattern, stats) {
                let p = Proposal {
                    id: proposal_id(Action::Allow, pattern),
                    action: Action::Allow,
                    pattern: pattern.clone(),
                    synonyms: vec![pattern.clone()],
                    reason: "learned: ran clean in the sandbox from distinct invocations with no violation".into(),
                    rule: rules::ALLOW_AFTER_CLEAN_RUNS.into(),
                    evidence: evidence(stats),
                    target: None,
                };
                self.push_unless_suppressed(&mut out, p);
            }
        }
        for entry in self
            .kg
            .entries()
            .iter()
            .filter(|e| e.tier == Tier::Safe && e.is_active())
        {
            if let Some(p) = self.demotion(entry) {
                self.push_unless_suppressed(&mut out, p);
            }
        }
        out.sort_by(|a, b| a.id.cmp(&b.id));
        out.dedup_by(|a, b| a.id == b.id);
        out
    }

    /// ALLOW needs enough clean runs, no violation, no denial, and nothing destructive.
    fn allow_eligible(&self, pattern: &str, stats: &CandidateStats) -> bool {
        stats.clean_runs >= self.config.allow_after_clean_runs
            && stats.violations == 0
            && stats.denied == 0
            && !self.destructive.is_destructive(pattern)
            && !stats
                .canonical_example
                .as_deref()
                .is_some_and(|c| self.destructive.is_destructive(c))
    }

    /// Whether a staged ALLOW for `pattern` must be withdrawn (a violation arrived).
    pub fn withdraws_allow(&self, pattern: &str) -> bool {
        self.tally
            .candidates
            .get(pattern)
            .is_some_and(|s| s.violations > 0 || s.denied > 0)
    }

    fn demotion(&self, entry: &KgEntry) -> Option<Proposal> {
        let approved_at = self.approved_at(entry);
        // Same millisecond counts as after: a demotion is only proposed, and a human decides.
        let after = |t: Option<Timestamp>| t.is_some_and(|t| approved_at.is_none_or(|a| t >= a));
        let mut ev = Evidence::default();
        let mut violated = false;
        for synonym in &entry.synonyms {
            if let Some(s) = self.tally.candidates.get(&synonym.text) {
                violated |= after(s.last_violation);
                let e = evidence(s);
                ev.clean_runs += e.clean_runs;
                ev.violations += e.violations;
                for (k, n) in e.violation_kinds {
                    *ev.violation_kinds.entry(k).or_default() += n;
                }
                ev.failures += e.failures;
                ev.timeouts += e.timeouts;
                ev.limits += e.limits;
                ev.denied += e.denied;
                ev.first_seen = match (ev.first_seen, e.first_seen) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                ev.last_seen = ev.last_seen.max(e.last_seen);
                ev.examples.extend(e.examples);
                ev.canonical_example = ev.canonical_example.or(e.canonical_example);
            }
        }
        if let Some(c) = self.tally.concepts.get(&entry.concept)
            && after(c.last_violation)
        {
            violated = true;
            ev.violations = ev.violations.max(c.violations);
            ev.examples.extend(c.examples.iter().cloned());
        }
        if !violated {
            return None;
        }
        ev.examples.dedup();
        ev.examples.truncate(crate::stats::MAX_EXAMPLES);
        Some(Proposal {
            id: proposal_id(
                Action::Demote,
                &format!("{}:{}", entry.tier.as_str(), entry.concept),
            ),
            action: Action::Demote,
            pattern: entry.concept.clone(),
            synonyms: entry.synonyms.iter().map(|s| s.text.clone()).collect(),
            reason: "learned: an active safe pattern showed permission violations in the sandbox"
                .into(),
            rule: rules::DEMOTE_ON_VIOLATION.into(),
            evidence: ev,
            target: entry.file().map(Path::to_path_buf),
        })
    }

    /// When a safe entry with one of `entry`'s synonyms was last approved.
    fn approved_at(&self, entry: &KgEntry) -> Option<Timestamp> {
        self.reviews
            .iter()
            .filter(|r| r.action == ReviewAction::Approved && r.tier == entry.tier.as_str())
            .filter(|r| {
                r.synonyms
                    .iter()
                    .any(|s| entry.synonyms.iter().any(|e| &e.text == s))
            })
            .map(|r| r.time)
            .max()
    }

    /// A rejected proposal comes back only with new evidence: more of the runs that made it.
    fn push_unless_suppressed(&self, out: &mut Vec<Proposal>, p: Proposal) {
        let rejected = self.reviews.iter().rev().find(|r| {
            r.proposal_id == p.id
                && matches!(r.action, ReviewAction::Rejected | ReviewAction::Approved)
        });
        if let Some(r) = rejected.filter(|r| r.action == ReviewAction::Rejected) {
            let at_rejection = |key: &str| {
                r.evidence
                    .get(key)
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0)
            };
            let suppressed = match p.action {
                Action::Allow => p.evidence.clean_runs <= at_rejection("clean_runs"),
                Action::Deny | Action::Demote => {
                    p.evidence.violations <= at_rejection("violations")
                }
            };
            if suppressed {
                return;
            }
        }
        out.push(p);
    }
}

fn kinds(stats: &CandidateStats) -> String {
    if stats.violation_kinds.is_empty() {
        return "unknown kind".into();
    }
    stats
        .violation_kinds
        .keys()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ")
}
