//! Integration tests of the learning loop against real files in temporary directories.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test helpers panic on failure, like tests"
)]

mod engine;
mod lifecycle;
mod store;

use terraphim_learn::{
    Cause, Decision, Learn, LearnConfig, LearnPaths, Outcome, OutcomeKind, OutcomeRecord, Source,
    Timestamp, Violation, ViolationKind,
};

/// A learning loop in a fresh temporary directory.
pub struct Env {
    pub tmp: tempfile::TempDir,
    pub learn: Learn,
}

impl Default for Env {
    fn default() -> Env {
        Env::with_config(LearnConfig::default())
    }
}

impl Env {
    pub fn new() -> Env {
        Env::default()
    }

    pub fn with_config(config: LearnConfig) -> Env {
        let tmp = tempfile::tempdir().unwrap();
        let paths = LearnPaths::new(&tmp.path().join("data"), &tmp.path().join("config"));
        let learn = Learn::with_config(paths, config);
        Env { tmp, learn }
    }
}

/// A compact description of one outcome record.
#[derive(Clone, Copy)]
pub struct Run<'a> {
    pub id: &'a str,
    pub command: &'a str,
    pub decision: Decision,
    pub kind: OutcomeKind,
    pub violations: &'a [ViolationKind],
    pub concepts: &'a [&'a str],
    /// Violations with their program (argv words; empty: unknown; `PROGRAM < PART` when started
    /// by the command's program PART) and cause.
    pub by: &'a [(ViolationKind, &'a str, Cause)],
}

/// A sandbox run with violations the sandbox attributed (program, cause).
pub fn blamed<'a>(
    id: &'a str,
    command: &'a str,
    by: &'a [(ViolationKind, &'a str, Cause)],
) -> Run<'a> {
    Run {
        id,
        command,
        decision: Decision::Sandbox,
        kind: OutcomeKind::Violation,
        violations: &[],
        concepts: &[],
        by,
    }
}

pub fn clean<'a>(id: &'a str, command: &'a str) -> Run<'a> {
    Run {
        id,
        command,
        decision: Decision::Sandbox,
        kind: OutcomeKind::Clean,
        violations: &[],
        concepts: &[],
        by: &[],
    }
}

pub fn violation<'a>(id: &'a str, command: &'a str, kinds: &'a [ViolationKind]) -> Run<'a> {
    Run {
        id,
        command,
        decision: Decision::Sandbox,
        kind: OutcomeKind::Violation,
        violations: kinds,
        concepts: &[],
        by: &[],
    }
}

pub fn ended<'a>(id: &'a str, command: &'a str, kind: OutcomeKind) -> Run<'a> {
    Run {
        id,
        command,
        decision: Decision::Sandbox,
        kind,
        violations: &[],
        concepts: &[],
        by: &[],
    }
}

impl Run<'_> {
    pub fn record(&self) -> OutcomeRecord {
        let mut outcome = Outcome::new(self.kind);
        outcome.violations = self
            .violations
            .iter()
            .map(|k| Violation::new(*k, format!("{} denied", k.as_str()), ""))
            .chain(self.by.iter().map(|(k, program, cause)| {
                let mut v = Violation::new(*k, format!("{} denied", k.as_str()), "");
                // `PROGRAM < PART`: a program started by the command's program PART.
                let (program, part) = program.split_once(" < ").unwrap_or((program, ""));
                let words = |s: &str| -> Option<Vec<String>> {
                    let w: Vec<String> = s.split_whitespace().map(str::to_owned).collect();
                    (!w.is_empty()).then_some(w)
                };
                v.program = words(program);
                v.started_by = words(part);
                v.cause = *cause;
                v
            }))
            .collect();
        let mut r = OutcomeRecord::new(self.id, Source::Exec, self.command, self.decision, outcome);
        // A pipeline or list: one canonical simple command per part.
        r.canonical = self
            .command
            .split(['|', ';', '&'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect();
        r.concepts = self.concepts.iter().map(|c| (*c).to_owned()).collect();
        r.time = Timestamp::now();
        r
    }
}

pub fn append_all(learn: &Learn, runs: &[Run<'_>]) {
    for run in runs {
        learn.append_outcome(run.record()).unwrap();
    }
}
