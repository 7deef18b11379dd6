//! The result types: verdict, category, finding, report, language.

use std::fmt;

use serde::{Deserialize, Serialize};

/// How risky a script is. Ordered: the strictest verdict of all findings is the script's verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// No risk signal, or intent obvious and harmless.
    Clean,
    /// One or more risk signals without evident malice; a human should decide.
    Suspicious,
    /// Clear malice or a high-specificity finding: the script must not run.
    Dangerous,
}

impl Verdict {
    /// The lowercase name used on the verdict line and in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Clean => "clean",
            Verdict::Suspicious => "suspicious",
            Verdict::Dangerous => "dangerous",
        }
    }

    /// Parse the lowercase name.
    pub fn parse(text: &str) -> Option<Verdict> {
        match text.trim().to_ascii_lowercase().as_str() {
            "clean" => Some(Verdict::Clean),
            "suspicious" => Some(Verdict::Suspicious),
            "dangerous" => Some(Verdict::Dangerous),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The threat category of a finding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// Reading credential material (key files, token variables, credential stores).
    SecretRead,
    /// A secret, the environment or host information reaching output, a file or the network.
    Exfiltration,
    /// Writing code into the working tree that runs later (sources, manifests, CI, git hooks).
    SourcePoisoning,
    /// Executing code that is decoded or assembled at run time.
    ObfuscatedExecution,
    /// Running downloaded or constructed code (`curl | sh`, `shell=True` with a built string).
    RemoteCode,
    /// Surviving the session: shell rc files, crontab, systemd units, authorized_keys.
    Persistence,
    /// Changing how tools fetch or trust code (npmrc, pip.conf, git config).
    ConfigTampering,
    /// Deleting or overwriting outside the script's own scope.
    Destructive,
    /// Detached processes, reverse shells, privilege escalation, tampering with the guard.
    Escape,
    /// A network call to a host that is not on the allow list.
    Network,
    /// A write outside the working tree and the temporary directories.
    OutsideWrite,
    /// The script could not be reviewed fully (parse error, unknown language, size).
    Unreviewable,
    /// The external second-opinion reviewer judged the script stricter than the static review.
    SecondOpinion,
    /// A command of a shell script that the command-line guard denies or confines (its rule and
    /// reason named).
    GuardRule,
}

impl Category {
    /// The kebab-case name used in JSON and on the verdict line.
    pub fn as_str(self) -> &'static str {
        match self {
            Category::SecretRead => "secret-read",
            Category::Exfiltration => "exfiltration",
            Category::SourcePoisoning => "source-poisoning",
            Category::ObfuscatedExecution => "obfuscated-execution",
            Category::RemoteCode => "remote-code",
            Category::Persistence => "persistence",
            Category::ConfigTampering => "config-tampering",
            Category::Destructive => "destructive",
            Category::Escape => "escape",
            Category::Network => "network",
            Category::OutsideWrite => "outside-write",
            Category::Unreviewable => "unreviewable",
            Category::SecondOpinion => "second-opinion",
            Category::GuardRule => "guard-rule",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One risk signal found in a script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What kind of threat it is.
    pub category: Category,
    /// How strongly it counts: `Suspicious` or `Dangerous` (never `Clean`).
    pub severity: Verdict,
    /// 1-based line in the script (0: the script as a whole).
    pub line: u32,
    /// The source text of the line (trimmed, at most 160 characters).
    pub snippet: String,
    /// Why this is a risk, as a lowercase sentence fragment.
    pub why: String,
    /// The stable id of the rule that made the finding (`secret-to-network`, `decode-to-exec`,
    /// `trust-anchor-write`, ...).
    #[serde(default)]
    pub rule: String,
    /// The capability chain, source to sink (`secret read: an SSH private key` ->
    /// `network send: x.example.net`); one element when the finding is a single capability.
    #[serde(default)]
    pub chain: Vec<String>,
}

impl Finding {
    /// The chain as one line: `a -> b -> c`.
    pub fn chain_text(&self) -> String {
        self.chain.join(" -> ")
    }
}

/// The language of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// Python 3.
    Python,
    /// POSIX shell or bash.
    Shell,
    /// JavaScript (Node, Deno, Bun).
    JavaScript,
    /// TypeScript (also TSX).
    TypeScript,
}

impl Language {
    /// The lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Language::Python => "python",
            Language::Shell => "shell",
            Language::JavaScript => "javascript",
            Language::TypeScript => "typescript",
        }
    }

    /// The language a file name's extension says, if any.
    pub fn from_extension(path: &std::path::Path) -> Option<Language> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "py" | "pyw" => Some(Language::Python),
            "sh" | "bash" | "zsh" | "ksh" | "dash" => Some(Language::Shell),
            "js" | "mjs" | "cjs" | "jsx" => Some(Language::JavaScript),
            "ts" | "mts" | "cts" | "tsx" => Some(Language::TypeScript),
            _ => None,
        }
    }

    /// The language a `#!` line names, if any (`#!/usr/bin/env python3`, `#!/bin/bash`).
    pub fn from_shebang(text: &str) -> Option<Language> {
        let first = text.lines().next()?.strip_prefix("#!")?;
        let mut words = first.split_whitespace();
        let mut prog = words.next()?.rsplit('/').next()?;
        if prog == "env" {
            prog = words.find(|w| !w.starts_with('-') && !w.contains('='))?;
        }
        Language::from_program(prog)
    }

    /// The language an interpreter's name runs (`python3.12`, `bash`, `node`, `tsx`, `deno`).
    pub fn from_program(name: &str) -> Option<Language> {
        let name = name.rsplit('/').next().unwrap_or(name);
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        match base {
            "python" | "pypy" | "pypy3" | "python3" => Some(Language::Python),
            "sh" | "bash" | "zsh" | "dash" | "ksh" | "mksh" | "ash" => Some(Language::Shell),
            "node" | "nodejs" => Some(Language::JavaScript),
            "tsx" | "ts-node" | "deno" | "bun" | "esno" | "esrun" => Some(Language::TypeScript),
            _ => None,
        }
    }
}

impl fmt::Display for Language {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The outcome of reviewing one script.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    /// The strictest severity of all findings (`Clean` when there are none).
    pub verdict: Verdict,
    /// The language the script was reviewed as.
    pub language: Language,
    /// Every finding, strictest first, then by line.
    pub findings: Vec<Finding>,
    /// Notes that do not change the verdict (e.g. about the second opinion).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Report {
    /// Build a report from findings: sort, dedupe and take the strictest severity.
    pub fn from_findings(language: Language, mut findings: Vec<Finding>) -> Report {
        findings.sort_by(|a, b| {
            b.severity
                .cmp(&a.severity)
                .then(a.line.cmp(&b.line))
                .then(a.category.cmp(&b.category))
                .then(a.why.cmp(&b.why))
        });
        findings.dedup_by(|a, b| a.line == b.line && a.category == b.category && a.why == b.why);
        let verdict = findings
            .iter()
            .map(|f| f.severity)
            .max()
            .unwrap_or(Verdict::Clean);
        Report {
            verdict,
            language,
            findings,
            notes: Vec::new(),
        }
    }

    /// The reason for the verdict: the strictest finding, or that nothing was found.
    pub fn reason(&self) -> String {
        match self.findings.first() {
            None => format!("no risk signals in this {} script", self.language),
            Some(top) => {
                let more = self
                    .findings
                    .iter()
                    .filter(|f| f.severity > Verdict::Clean)
                    .count()
                    - 1;
                let more = match more {
                    0 => String::new(),
                    n => format!(" (+{n} more)"),
                };
                match top.line {
                    0 => format!("{}: {}{more}", top.category, top.why),
                    l => format!("{}: {} (line {l}){more}", top.category, top.why),
                }
            }
        }
    }

    /// The one line always printed: `pre-review: <verdict> — <reason>`.
    pub fn line(&self) -> String {
        format!("pre-review: {} — {}", self.verdict, self.reason())
    }
}
