//! Proposals and their KG markdown form in `guard-staging/` (and, once approved, in the active
//! tier directory).
//!
//! Nothing from the store is spliced into markdown raw: the candidate pattern is built from a
//! restricted character set, and example commands are JSON strings (with `:` and `` ` `` escaped
//! too) inside a fenced block, so no recorded command can form a `key:: value` directive.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use terraphim_guard_kg::{Entry, Line, lines, split_synonyms};

use crate::{Error, Result, Tier, Timestamp};

/// What a proposal would change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Add the pattern to `guard-safe/`: run on the host.
    Allow,
    /// Add the pattern to `guard-destructive/`: never run.
    Deny,
    /// Mark an active safe entry `status:: deprecated`.
    Demote,
}

impl Action {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Allow => "allow",
            Action::Deny => "deny",
            Action::Demote => "demote",
        }
    }

    fn from_name(name: &str) -> Option<Action> {
        match name {
            "allow" => Some(Action::Allow),
            "deny" => Some(Action::Deny),
            "demote" => Some(Action::Demote),
            _ => None,
        }
    }

    /// The tier the proposal concerns.
    pub fn tier(self) -> Tier {
        match self {
            Action::Allow | Action::Demote => Tier::Safe,
            Action::Deny => Tier::Destructive,
        }
    }
}

/// The evidence behind a proposal, as counted from the store.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Evidence {
    /// Clean sandbox runs from distinct invocations.
    pub clean_runs: u64,
    /// Runs with a permission violation.
    pub violations: u64,
    /// Violations by kind.
    pub violation_kinds: BTreeMap<String, u64>,
    /// Failures without a violation.
    pub failures: u64,
    /// Timeouts.
    pub timeouts: u64,
    /// Resource limits hit.
    pub limits: u64,
    /// Denied by the guard.
    pub denied: u64,
    /// First record.
    pub first_seen: Option<Timestamp>,
    /// Last record.
    pub last_seen: Option<Timestamp>,
    /// Up to three original commands.
    pub examples: Vec<String>,
    /// The shortest canonical command seen.
    pub canonical_example: Option<String>,
}

/// A proposed change to the active KG, waiting for review.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proposal {
    /// Stable id: a short hash of the action and the pattern.
    pub id: String,
    /// What it would change.
    pub action: Action,
    /// The candidate pattern (for a demotion: the entry's concept).
    pub pattern: String,
    /// The patterns the KG entry gets (editable in review).
    pub synonyms: Vec<String>,
    /// The `reason::` line.
    pub reason: String,
    /// The rule that fired.
    pub rule: String,
    /// Counts behind it.
    pub evidence: Evidence,
    /// For a demotion: the active entry's file (`None` when it is in the embedded KG).
    pub target: Option<PathBuf>,
}

/// The stable id of a proposal.
pub fn proposal_id(action: Action, pattern: &str) -> String {
    let digest = Sha256::digest(format!("{}:{pattern}", action.as_str()).as_bytes());
    digest.iter().take(6).fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// A JSON string with `:` and `` ` `` escaped as well, so it can never form a directive or end a
/// code span.
pub(crate) fn json_line(text: &str) -> String {
    serde_json::Value::String(text.to_owned())
        .to_string()
        .replace(':', "\\u003a")
        .replace('`', "\\u0060")
}

/// A file-name slug: lowercase ASCII letters, digits and single dashes.
pub(crate) fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "pattern".into()
    } else {
        out.chars().take(60).collect()
    }
}

/// Check a synonym or reason typed by a reviewer: one line, no `::`, no comma in a synonym.
pub(crate) fn check_text(what: &str, text: &str, allow_comma: bool) -> Result<()> {
    let bad = text.trim().is_empty()
        || text.contains("::")
        || text.chars().any(char::is_control)
        || (!allow_comma && text.contains(','))
        || text.len() > 300;
    if bad {
        Err(Error::Refused(format!(
            "invalid {what} `{}`: it must be one non-empty line without `::`{}",
            text.escape_default(),
            if allow_comma { "" } else { " or `,`" }
        )))
    } else {
        Ok(())
    }
}

impl Proposal {
    /// The tier the proposal concerns.
    pub fn tier(&self) -> Tier {
        self.action.tier()
    }

    /// The markdown of the staged entry (`status:: staged`).
    pub fn to_staged_markdown(&self) -> String {
        let mut md = String::new();
        let _ = writeln!(md, "# {}\n", self.pattern);
        let _ = writeln!(md, "synonyms:: {}", self.synonyms.join(", "));
        let _ = writeln!(md, "tier:: {}", self.tier().as_str());
        let _ = writeln!(md, "action:: {}", self.action.as_str());
        let _ = writeln!(md, "status:: staged");
        let _ = writeln!(md, "reason:: {}", self.reason);
        let _ = writeln!(md, "rule:: {}", self.rule);
        let _ = writeln!(md, "proposal_id:: {}", self.id);
        let _ = writeln!(md, "pattern:: {}", self.pattern);
        if let Some(target) = &self.target {
            let _ = writeln!(md, "target:: {}", json_line(&target.to_string_lossy()));
        }
        self.write_evidence(&mut md);
        md.push_str("\nLearned proposal, not active: `terraphim-agent guard review` approves or rejects it.\n");
        md
    }

    fn write_evidence(&self, md: &mut String) {
        let e = &self.evidence;
        let _ = writeln!(md, "clean_runs:: {}", e.clean_runs);
        let _ = writeln!(md, "violations:: {}", e.violations);
        if !e.violation_kinds.is_empty() {
            let kinds: Vec<String> = e
                .violation_kinds
                .iter()
                .map(|(k, n)| format!("{}={n}", slug(k)))
                .collect();
            let _ = writeln!(md, "violation_kinds:: {}", kinds.join(", "));
        }
        let _ = writeln!(md, "failures:: {}", e.failures);
        let _ = writeln!(md, "timeouts:: {}", e.timeouts);
        let _ = writeln!(md, "limits:: {}", e.limits);
        let _ = writeln!(md, "denied:: {}", e.denied);
        if let Some(t) = e.first_seen {
            let _ = writeln!(md, "first_seen:: {t}");
        }
        if let Some(t) = e.last_seen {
            let _ = writeln!(md, "last_seen:: {t}");
        }
        if let Some(c) = &e.canonical_example {
            let _ = writeln!(md, "canonical_example:: {}", json_line(c));
        }
        if !e.examples.is_empty() {
            md.push_str("\nExample commands, as JSON strings (never run from here):\n\n```json\n");
            for ex in &e.examples {
                md.push_str(&json_line(ex));
                md.push('\n');
            }
            md.push_str("```\n");
        }
    }

    /// The `example::` command of the approved entry: the shortest canonical command seen, when
    /// it is plain enough to stand in a directive, else the pattern itself.
    pub fn example_command(&self) -> String {
        let plain = |c: &str| {
            c.len() <= 200
                && !c.contains("::")
                && c.chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || " ._/+=@%,-:".contains(ch))
                && !c.contains(',')
        };
        match &self.evidence.canonical_example {
            Some(c) if plain(c) && self.synonyms.iter().any(|s| s == &self.pattern) => c.clone(),
            _ => self
                .synonyms
                .first()
                .cloned()
                .unwrap_or_else(|| self.pattern.clone()),
        }
    }

    /// The markdown of the approved, active entry.
    pub fn to_active_markdown(&self, who: &str, now: Timestamp) -> String {
        let mut md = String::new();
        let _ = writeln!(md, "# {}\n", self.pattern);
        let _ = writeln!(md, "synonyms:: {}", self.synonyms.join(", "));
        let _ = writeln!(md, "reason:: {}", self.reason);
        let _ = writeln!(md, "status:: stable");
        let _ = writeln!(md, "example:: {}", self.example_command());
        let _ = writeln!(md, "source:: learned");
        let _ = writeln!(md, "proposal_id:: {}", self.id);
        let _ = writeln!(md, "rule:: {}", self.rule);
        let _ = writeln!(md, "approved_by:: {}", slug_who(who));
        let _ = writeln!(md, "approved_at:: {now}");
        self.write_evidence(&mut md);
        md.push_str(
            "\nLearned from sandbox outcomes and approved in `terraphim-agent guard review`.\n",
        );
        md
    }

    /// Parse a staged entry written by [`Proposal::to_staged_markdown`] (possibly edited).
    pub fn parse_staged(path: &Path, text: &str) -> Result<Proposal> {
        let err = |message: String| Error::Entry {
            path: path.to_owned(),
            message,
        };
        let mut fields: BTreeMap<String, String> = BTreeMap::new();
        let mut synonyms = Vec::new();
        let mut examples = Vec::new();
        for (_, line) in lines(text) {
            match line {
                Line::Fenced(line) => {
                    if let Ok(ex) = serde_json::from_str::<String>(line) {
                        examples.push(ex);
                    }
                }
                Line::Directive { key, value } if key == "synonyms" => {
                    synonyms.extend(split_synonyms(value).map(str::to_owned));
                }
                Line::Directive { key, value } => {
                    fields.entry(key).or_insert_with(|| value.to_owned());
                }
                Line::Fence | Line::Text(_) => {}
            }
        }
        let get = |k: &str| fields.get(k).map(String::as_str);
        let count = |k: &str| get(k).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
        let time = |k: &str| get(k).and_then(Timestamp::parse);
        let json = |k: &str| get(k).and_then(|v| serde_json::from_str::<String>(v).ok());
        let action = get("action")
            .and_then(Action::from_name)
            .ok_or_else(|| err("missing or unknown `action::`".into()))?;
        let id = get("proposal_id")
            .ok_or_else(|| err("missing `proposal_id::`".into()))?
            .to_owned();
        let pattern = get("pattern")
            .ok_or_else(|| err("missing `pattern::`".into()))?
            .to_owned();
        if synonyms.is_empty() {
            return Err(err("missing `synonyms::`".into()));
        }
        // Approval moves the file into the active KG as it is: it must be an entry the guard
        // loads (closed fences, a known `status::`).
        Entry::parse(path, action.tier(), text)?;
        let violation_kinds = get("violation_kinds")
            .map(|v| {
                v.split(',')
                    .filter_map(|kv| kv.trim().split_once('='))
                    .filter_map(|(k, n)| Some((k.to_owned(), n.parse().ok()?)))
                    .collect()
            })
            .unwrap_or_default();
        Ok(Proposal {
            id,
            action,
            pattern,
            synonyms,
            reason: get("reason").unwrap_or_default().to_owned(),
            rule: get("rule").unwrap_or_default().to_owned(),
            evidence: Evidence {
                clean_runs: count("clean_runs"),
                violations: count("violations"),
                violation_kinds,
                failures: count("failures"),
                timeouts: count("timeouts"),
                limits: count("limits"),
                denied: count("denied"),
                first_seen: time("first_seen"),
                last_seen: time("last_seen"),
                examples,
                canonical_example: json("canonical_example"),
            },
            target: json("target").map(PathBuf::from),
        })
    }
}

fn slug_who(who: &str) -> String {
    let s: String = who
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '@'))
        .take(64)
        .collect();
    if s.is_empty() { "unknown".into() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample(examples: Vec<String>) -> Proposal {
        Proposal {
            id: proposal_id(Action::Allow, "cargo test"),
            action: Action::Allow,
            pattern: "cargo test".into(),
            synonyms: vec!["cargo test".into()],
            reason: "ran clean in the sandbox".into(),
            rule: "allow-after-clean-runs".into(),
            evidence: Evidence {
                clean_runs: 4,
                violations: 0,
                violation_kinds: BTreeMap::from([("fs-write".to_owned(), 2)]),
                failures: 1,
                first_seen: Timestamp::parse("2025-06-01T12:00:00Z"),
                last_seen: Timestamp::parse("2025-06-02T12:00:00Z"),
                canonical_example: Some("cargo test -p x".into()),
                examples,
                ..Evidence::default()
            },
            target: None,
        }
    }

    #[test]
    fn hostile_commands_never_form_directives() {
        let hostile = "x\nsynonyms:: rm -rf /\nstatus:: stable ```\n`id` , a::b";
        let p = sample(vec![hostile.into()]);
        let md = p.to_staged_markdown();
        let synonym_lines: Vec<&str> = md
            .lines()
            // Line by line, blind to fences: not even a fence may hide one.
            .filter(|l| {
                lines(l).any(|(_, x)| matches!(x, Line::Directive { key, .. } if key == "synonyms"))
            })
            .collect();
        assert_eq!(synonym_lines, ["synonyms:: cargo test"]);
        assert!(!md.lines().any(|l| l.starts_with("status:: stable")));
        assert_eq!(Proposal::parse_staged(Path::new("x.md"), &md).unwrap(), p);
    }

    proptest! {
        #[test]
        fn staged_markdown_round_trips(examples in proptest::collection::vec(any::<String>(), 0..3)) {
            let p = sample(examples);
            let back = Proposal::parse_staged(Path::new("x.md"), &p.to_staged_markdown()).unwrap();
            prop_assert_eq!(back, p);
        }
    }

    /// An edited staged file that the guard could not load (an unclosed fence, an unknown
    /// status) is refused before approval could move it into the active KG.
    #[test]
    fn staged_files_are_valid_kg_entries() {
        let md = sample(vec!["cargo test -p x".into()]).to_staged_markdown();
        let lines = md.lines().count();
        for (edit, want) in [
            (
                format!("{md}```\n"),
                format!("x.md:{}: a code fence is never closed", lines + 1),
            ),
            (
                md.replace("status:: staged", "status:: live"),
                "unknown status `live`".to_string(),
            ),
        ] {
            let err = Proposal::parse_staged(Path::new("x.md"), &edit)
                .unwrap_err()
                .to_string();
            assert!(err.contains(&want), "{err}");
        }
    }

    #[test]
    fn ids_are_stable_and_distinct() {
        assert_eq!(
            proposal_id(Action::Allow, "cargo test"),
            proposal_id(Action::Allow, "cargo test")
        );
        assert_ne!(
            proposal_id(Action::Allow, "cargo test"),
            proposal_id(Action::Deny, "cargo test")
        );
        assert_eq!(proposal_id(Action::Allow, "cargo test").len(), 12);
    }
}
