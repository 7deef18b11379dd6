//! The guard's answer: verdicts, matches, and the decision for a line and its parts.

use std::fmt;
use std::path::PathBuf;

use crate::kg::Tier;

use super::DEFAULT_PROFILE;

/// The three tiers of decision, ordered by strictness: `max()` is the strictest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Runs on the host.
    Allow,
    /// Runs confined, under a sandbox profile.
    Sandbox,
    /// Never runs.
    Deny,
}

impl Verdict {
    /// `allow`, `sandbox` or `deny`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Sandbox => "sandbox",
            Verdict::Deny => "deny",
        }
    }

    /// Parse `allow`, `sandbox`, `deny` (and upstream's `block` for deny).
    pub fn parse(s: &str) -> Option<Verdict> {
        match s {
            "allow" => Some(Verdict::Allow),
            "sandbox" => Some(Verdict::Sandbox),
            "deny" | "block" => Some(Verdict::Deny),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One KG pattern that matched part of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The tier of the entry.
    pub tier: Tier,
    /// The entry's concept (file stem).
    pub concept: String,
    /// The pattern (synonym) as written in the KG.
    pub pattern: String,
    /// The canonical simple command it matched.
    pub segment: String,
    /// The entry's reason, if any.
    pub reason: Option<String>,
    /// The entry's sandbox profile, if any.
    pub profile: Option<String>,
    /// The KG file that holds the entry.
    pub source: PathBuf,
    /// For a destructive match: the safe pattern that explicitly covers it, so it does not deny.
    pub covered_by: Option<String>,
}

/// The decision for one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Canonical form of the simple command.
    pub canonical: String,
    /// The source text it came from.
    pub text: String,
    /// Wrappers and code layers that were peeled off, outermost first.
    pub layers: Vec<String>,
    /// The part's verdict.
    pub verdict: Verdict,
    /// Why.
    pub reason: String,
    /// Sandbox profile when the verdict is sandbox.
    pub profile: Option<String>,
    /// Indices into [`Decision::matches`].
    pub matches: Vec<usize>,
}

/// The guard's answer for a whole command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The command as given.
    pub command: String,
    /// The strictest part decides.
    pub verdict: Verdict,
    /// Why, in one sentence.
    pub reason: String,
    /// Sandbox profile when the verdict is sandbox.
    pub profile: Option<String>,
    /// Every KG match, destructive first.
    pub matches: Vec<Match>,
    /// Every simple command and its own decision.
    pub parts: Vec<Part>,
    /// The command after KG replacement, when the replace stage changed it. This is the command
    /// that should run.
    pub replaced: Option<String>,
    /// The decision of the replaced command, when there is one (its verdict is already folded
    /// into `verdict`).
    pub replaced_parts: Vec<Part>,
}

impl Decision {
    /// The match that decided the verdict, if a KG match did.
    pub fn deciding_match(&self) -> Option<&Match> {
        let tier = match self.verdict {
            Verdict::Deny => Tier::Destructive,
            Verdict::Sandbox => Tier::Suspicious,
            Verdict::Allow => Tier::Safe,
        };
        self.matches
            .iter()
            .find(|m| m.tier == tier && m.covered_by.is_none())
    }

    /// The command that should run: the replaced one when the replace stage changed it.
    pub fn effective_command(&self) -> &str {
        self.replaced.as_deref().unwrap_or(&self.command)
    }

    /// What to run instead of the command: for sandbox, the `guard exec` wrapper around the
    /// effective command; for allow with a KG replacement, the replaced command; else None
    /// (run as is, or, for deny, not at all).
    pub fn rewritten_command(&self, binary: &str, id: Option<&str>) -> Option<String> {
        match self.verdict {
            Verdict::Sandbox => Some(crate::wrap::sandbox_command(
                binary,
                self.profile.as_deref().unwrap_or(DEFAULT_PROFILE),
                id,
                self.effective_command(),
            )),
            Verdict::Allow => self.replaced.clone(),
            Verdict::Deny => None,
        }
    }
}
