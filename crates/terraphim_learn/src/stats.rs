//! Folding outcome records into per-candidate counts: the only thing the engine reads.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::hash::{DefaultHasher, Hash, Hasher};

use serde::{Deserialize, Serialize};

use crate::{Cause, LearnConfig, Timestamp, ViolationKind, candidate_pattern};

/// How many example commands a candidate keeps.
pub(crate) const MAX_EXAMPLES: usize = 3;

/// Counts for one candidate pattern; runs are counted once per invocation id.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct CandidateStats {
    /// Records that named this candidate.
    pub records: u64,
    /// Records where the guard sandboxed it.
    pub sandboxed: u64,
    /// Clean sandbox runs (distinct invocations, no violation).
    pub clean_runs: u64,
    /// Runs with a permission violation (distinct invocations).
    pub violations: u64,
    /// Permission violations by kind (`fs-write`, `network`, ...).
    pub violation_kinds: BTreeMap<String, u64>,
    /// Failures without a violation (count neither way).
    pub failures: u64,
    /// Timeouts (count neither way).
    pub timeouts: u64,
    /// Resource limits hit (count neither way).
    pub limits: u64,
    /// Runs refused only by the profile's own tightness (a write into the project under a
    /// profile that grants none, a second process under a single-program profile), or whose
    /// violations another program of the run caused: count neither way, and are not clean.
    pub refused: u64,
    /// Denied by the guard (it never ran).
    pub denied: u64,
    /// First record.
    pub first_seen: Option<Timestamp>,
    /// Last record.
    pub last_seen: Option<Timestamp>,
    /// Last permission violation.
    pub last_violation: Option<Timestamp>,
    /// Up to three distinct original commands.
    pub examples: Vec<String>,
    /// The shortest canonical simple command seen.
    pub canonical_example: Option<String>,
    #[serde(skip)]
    seen_clean: HashSet<u64>,
    #[serde(skip)]
    seen_violation: HashSet<u64>,
}

/// Violation counts for one KG concept that matched the violating commands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ConceptStats {
    /// Runs with a permission violation.
    pub violations: u64,
    /// Last permission violation.
    pub last_violation: Option<Timestamp>,
    /// Up to three distinct original commands.
    pub examples: Vec<String>,
}

/// Counts over the whole store: per candidate, and violations per matched concept.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tally {
    /// Outcome records folded in.
    pub records: u64,
    /// Per candidate pattern.
    pub candidates: BTreeMap<String, CandidateStats>,
    /// Per KG concept, for demotion.
    pub concepts: BTreeMap<String, ConceptStats>,
}

/// One outcome line, borrowed from the input where possible (the engine's fast path).
#[derive(Debug, Deserialize)]
pub(crate) struct LineRecord<'a> {
    #[serde(rename = "type", borrow)]
    pub(crate) ty: Cow<'a, str>,
    #[serde(borrow, default)]
    pub(crate) time: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) id: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) command: Cow<'a, str>,
    #[serde(borrow, default)]
    pub(crate) canonical: Vec<Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) decision: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) concepts: Vec<Cow<'a, str>>,
    #[serde(borrow, default)]
    pub(crate) outcome: Option<LineOutcome<'a>>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct LineOutcome<'a> {
    #[serde(borrow)]
    pub(crate) kind: Cow<'a, str>,
    #[serde(borrow, default)]
    pub(crate) violations: Vec<LineViolation<'a>>,
}

#[derive(Debug, Deserialize)]
pub(crate) struct LineViolation<'a> {
    #[serde(borrow)]
    pub(crate) kind: Cow<'a, str>,
    #[serde(borrow, default)]
    pub(crate) detail: Cow<'a, str>,
    /// The argv of the program that made the attempt; absent in older records.
    #[serde(borrow, default)]
    pub(crate) program: Option<Vec<Cow<'a, str>>>,
    /// The argv of the command's program that `program` descends from.
    #[serde(borrow, default)]
    pub(crate) started_by: Option<Vec<Cow<'a, str>>>,
    #[serde(default)]
    pub(crate) cause: Cause,
}

impl LineViolation<'_> {
    /// Evidence against a program: a permission violation the program caused.
    pub(crate) fn blames_program(&self) -> bool {
        self.cause == Cause::Program && ViolationKind::from_wire(&self.kind).is_permission()
    }
}

/// Which parts of a record a program's violation counts against.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Blamed {
    /// Every part: the program is unknown (an older record, a run-wide observation) or is
    /// none of the parts (started by one of them, which one is unknown: the safe side).
    Every,
    /// The parts whose command is this program.
    Part(String),
    /// No part: the run's own shell (`bash -c COMMAND`: its redirections and forks).
    None,
}

/// Whom a program's violation counts against, given the record's command and canonical parts.
pub(crate) fn blamed(
    program: Option<&[Cow<'_, str>]>,
    started_by: Option<&[Cow<'_, str>]>,
    command: &str,
    canonical: &[Cow<'_, str>],
) -> Blamed {
    let Some(argv) = program.filter(|a| !a.is_empty()) else {
        return Blamed::Every;
    };
    let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_owned();
    let name = base(&argv[0]);
    let own_shell = terraphim_shell_vocab::is_shell(&name)
        && (argv.len() == 1
            || (argv.iter().any(|w| w == "-c") && argv.last().is_some_and(|w| w == command)));
    if own_shell {
        return Blamed::None;
    }
    let is_part = canonical
        .iter()
        .any(|c| c.split_ascii_whitespace().next().map(base).as_deref() == Some(name.as_str()));
    let parent = started_by
        .and_then(|a| a.first())
        .map(|w| base(w))
        .filter(|p| {
            canonical
                .iter()
                .any(|c| c.split_ascii_whitespace().next().map(base).as_deref() == Some(p))
        });
    if is_part {
        Blamed::Part(name)
    } else if let Some(parent) = parent {
        // A helper or child of one part (`git-remote-http` of `git ls-remote`).
        Blamed::Part(parent)
    } else {
        Blamed::Every
    }
}

/// How one outcome record counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    Clean,
    Violation,
    Failure,
    Timeout,
    Limit,
    Denied,
    Refused,
    Neutral,
}

/// A validated outcome line.
pub(crate) struct Checked<'r, 'a> {
    pub(crate) rec: &'r LineRecord<'a>,
    pub(crate) time: Timestamp,
    pub(crate) id: &'r str,
    pub(crate) class: Class,
    pub(crate) sandboxed: bool,
}

impl<'a> LineRecord<'a> {
    /// Check the fields an outcome needs; `Err` says what is missing.
    pub(crate) fn check(&self) -> Result<Checked<'_, 'a>, &'static str> {
        let time = self.time.as_deref().ok_or("outcome without `time`")?;
        let time = Timestamp::parse(time).ok_or("outcome with an invalid `time`")?;
        let id = self.id.as_deref().ok_or("outcome without `id`")?;
        let decision = self
            .decision
            .as_deref()
            .ok_or("outcome without `decision`")?;
        let outcome = self.outcome.as_ref().ok_or("outcome without `outcome`")?;
        let permission = outcome
            .violations
            .iter()
            .any(|v| ViolationKind::from_wire(&v.kind).is_permission());
        let program = outcome.violations.iter().any(LineViolation::blames_program);
        let class = match (outcome.kind.as_ref(), permission) {
            (_, true) if program => Class::Violation,
            // Only the profile refused something: no evidence either way, and not clean.
            (_, true) => Class::Refused,
            // A violation with nothing listed fails closed; one listing only limits is a limit.
            ("violation", false) if outcome.violations.is_empty() => Class::Violation,
            ("violation" | "limit", false) => Class::Limit,
            (_, false) if !outcome.violations.is_empty() => Class::Limit,
            ("clean", false) if decision == "sandbox" => Class::Clean,
            ("failure", false) => Class::Failure,
            ("timeout", false) => Class::Timeout,
            ("denied", false) => Class::Denied,
            _ if decision == "deny" => Class::Denied,
            _ => Class::Neutral,
        };
        Ok(Checked {
            rec: self,
            time,
            id,
            class,
            sandboxed: decision == "sandbox",
        })
    }
}

impl Checked<'_, '_> {
    /// Whether a violation of this record that blames a program counts against the part
    /// `canonical`.
    pub(crate) fn blames(&self, canonical: &str) -> bool {
        let rec = self.rec;
        let Some(outcome) = &rec.outcome else {
            return true;
        };
        if outcome.violations.is_empty() {
            return true; // a violation with nothing listed fails closed
        }
        let name = canonical
            .split_ascii_whitespace()
            .next()
            .map(|w| w.rsplit('/').next().unwrap_or(w));
        outcome
            .violations
            .iter()
            .filter(|v| v.blames_program())
            .any(|v| {
                match blamed(
                    v.program.as_deref(),
                    v.started_by.as_deref(),
                    &rec.command,
                    &rec.canonical,
                ) {
                    Blamed::Every => true,
                    Blamed::Part(p) => name == Some(p.as_str()),
                    Blamed::None => false,
                }
            })
    }
}

fn id_hash(id: &str) -> u64 {
    let mut h = DefaultHasher::new();
    id.hash(&mut h);
    h.finish()
}

fn push_example(examples: &mut Vec<String>, command: &str) {
    if examples.len() < MAX_EXAMPLES && !examples.iter().any(|e| e == command) {
        examples.push(command.to_owned());
    }
}

fn min_time(a: Option<Timestamp>, b: Option<Timestamp>) -> Option<Timestamp> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl Tally {
    /// Fold one checked outcome in.
    pub(crate) fn add(&mut self, c: &Checked<'_, '_>, config: &LearnConfig) {
        self.records += 1;
        let rec = c.rec;
        let mut done: Vec<String> = Vec::new();
        for canonical in &rec.canonical {
            let Some(pattern) = candidate_pattern(canonical, config) else {
                continue;
            };
            if done.contains(&pattern) {
                continue;
            }
            let stats = match self.candidates.get_mut(&pattern) {
                Some(s) => s,
                None => self.candidates.entry(pattern.clone()).or_default(),
            };
            let class = if c.class == Class::Violation && !c.blames(canonical) {
                // The run's violations are another program's: this part is not clean, and
                // nothing counts against it.
                Class::Refused
            } else {
                c.class
            };
            stats.add(c, class, canonical);
            done.push(pattern);
        }
        let blames_a_part =
            rec.canonical.is_empty() || rec.canonical.iter().any(|part| c.blames(part));
        if c.class == Class::Violation && blames_a_part {
            for concept in &rec.concepts {
                let stats = match self.concepts.get_mut(concept.as_ref()) {
                    Some(s) => s,
                    None => self.concepts.entry(concept.to_string()).or_default(),
                };
                stats.violations += 1;
                stats.last_violation = stats.last_violation.max(Some(c.time));
                push_example(&mut stats.examples, &rec.command);
            }
        }
    }

    /// Add the counts of `other` (an older part of the store) to these.
    pub fn merge(&mut self, other: &Tally) {
        self.records += other.records;
        for (pattern, o) in &other.candidates {
            let s = self.candidates.entry(pattern.clone()).or_default();
            s.records += o.records;
            s.sandboxed += o.sandboxed;
            s.clean_runs += o.clean_runs;
            s.violations += o.violations;
            for (k, n) in &o.violation_kinds {
                *s.violation_kinds.entry(k.clone()).or_default() += n;
            }
            s.failures += o.failures;
            s.timeouts += o.timeouts;
            s.limits += o.limits;
            s.refused += o.refused;
            s.denied += o.denied;
            s.first_seen = min_time(s.first_seen, o.first_seen);
            s.last_seen = s.last_seen.max(o.last_seen);
            s.last_violation = s.last_violation.max(o.last_violation);
            for e in &o.examples {
                push_example(&mut s.examples, e);
            }
            s.canonical_example =
                shorter(s.canonical_example.take(), o.canonical_example.as_deref());
        }
        for (concept, o) in &other.concepts {
            let s = self.concepts.entry(concept.clone()).or_default();
            s.violations += o.violations;
            s.last_violation = s.last_violation.max(o.last_violation);
            for e in &o.examples {
                push_example(&mut s.examples, e);
            }
        }
    }
}

fn shorter(current: Option<String>, new: Option<&str>) -> Option<String> {
    match (current, new) {
        (Some(c), Some(n)) if n.len() < c.len() => Some(n.to_owned()),
        (None, Some(n)) => Some(n.to_owned()),
        (c, _) => c,
    }
}

impl CandidateStats {
    fn add(&mut self, c: &Checked<'_, '_>, class: Class, canonical: &str) {
        self.records += 1;
        self.first_seen = min_time(self.first_seen, Some(c.time));
        self.last_seen = self.last_seen.max(Some(c.time));
        if c.sandboxed {
            self.sandboxed += 1;
        }
        push_example(&mut self.examples, &c.rec.command);
        if self
            .canonical_example
            .as_ref()
            .is_none_or(|e| canonical.len() < e.len())
        {
            self.canonical_example = Some(canonical.to_owned());
        }
        match class {
            Class::Clean => {
                if self.seen_clean.insert(id_hash(c.id)) {
                    self.clean_runs += 1;
                }
            }
            Class::Violation => {
                if self.seen_violation.insert(id_hash(c.id)) {
                    self.violations += 1;
                    self.last_violation = self.last_violation.max(Some(c.time));
                    let outcome = c.rec.outcome.as_ref();
                    let kinds = outcome.map(|o| o.violations.as_slice()).unwrap_or_default();
                    if kinds.is_empty() {
                        *self.violation_kinds.entry("other".into()).or_default() += 1;
                    }
                    for v in kinds.iter().filter(|v| v.blames_program()) {
                        let kind = ViolationKind::from_wire(&v.kind);
                        {
                            *self
                                .violation_kinds
                                .entry(kind.as_str().to_owned())
                                .or_default() += 1;
                        }
                    }
                }
            }
            Class::Failure => self.failures += 1,
            Class::Timeout => self.timeouts += 1,
            Class::Limit => self.limits += 1,
            Class::Denied => self.denied += 1,
            Class::Refused => self.refused += 1,
            Class::Neutral => {}
        }
    }
}
