//! Shell scripts through the command-line guard: each command of a shell script is judged by
//! the engine that judges an agent's command lines (the same parse, the same KG), so a line the
//! guard denies makes the script dangerous and a line it would confine makes it suspicious
//! unless the line's effects stay in the project or a temp dir.
//!
//! This crate does not depend on the guard: a caller that has one implements [`CommandJudge`]
//! and hands it to the reviewer ([`crate::Reviewer::with_judge`]).

use crate::engine::Sink;
use crate::model::{Category, Finding, Verdict};
use crate::places::{Context, Place};

/// How the command-line guard would treat one command of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandTier {
    /// It runs as is.
    Allow,
    /// It would be confined because no rule knows the program: what it does is what the review
    /// of the script finds (an unknown build tool is no risk signal by itself).
    Unknown,
    /// A rule confines it to the project and temp dirs: its effects stay there when its operands
    /// ([`CommandVerdict::operands`]) do.
    Project,
    /// A rule confines it for what it may do beyond the project (secrets, other users' files,
    /// the network, the system).
    Outside,
    /// It would be confined because what runs cannot be seen (a command name or code built at
    /// run time, a pipe into a shell, input that does not parse).
    Opaque,
    /// It never runs.
    Deny,
}

/// The guard's judgement of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandVerdict {
    /// What the guard would do.
    pub tier: CommandTier,
    /// Why, in the guard's words.
    pub reason: String,
    /// The id of the rule that decided (the KG concept; a structural finding's name), empty when
    /// none did.
    pub rule: String,
    /// The KG pattern that matched, if one decided.
    pub pattern: Option<String>,
    /// For [`CommandTier::Project`]: the words after the program name of the command the rule
    /// matched, as the guard read them, to check that every path among them is in the project
    /// or a temp dir.
    pub operands: Vec<String>,
}

impl CommandVerdict {
    /// A verdict that adds nothing (allowed).
    pub fn allow() -> CommandVerdict {
        CommandVerdict {
            tier: CommandTier::Allow,
            reason: String::new(),
            rule: String::new(),
            pattern: None,
            operands: Vec::new(),
        }
    }
}

/// Judges one command of a shell script the way the command-line guard judges a command line.
///
/// An implementation must not fail open: when it cannot judge (a KG that does not load), it
/// answers [`CommandTier::Opaque`] with the error as the reason.
pub trait CommandJudge: Send + Sync + std::fmt::Debug {
    /// Judge `command` (one statement of a script, as source text, with the values the script
    /// gave its variables substituted where they are known), run in `ctx.cwd` for the user
    /// whose home is `ctx.home`.
    fn judge(&self, command: &str, ctx: &Context) -> CommandVerdict;

    /// Judge several one-line commands of one script at once (the review hands over every
    /// statement that fits on one line here): one verdict each, in order. The default judges
    /// them one by one; an implementation may parse and decide them as one text, since the
    /// guard's parse and decision cost little per line but much per call.
    fn judge_lines(&self, lines: &[&str], ctx: &Context) -> Vec<CommandVerdict> {
        lines.iter().map(|l| self.judge(l, ctx)).collect()
    }

    /// What the verdicts depend on besides the command and its context (the KG and the
    /// profiles the guard was built from): part of every cached review's key.
    fn identity(&self) -> String;
}

/// Statements that hold other statements: each of those is judged on its own, with the values
/// its variables have by then.
const COMPOUND: &[&str] = &[
    "if_statement",
    "while_statement",
    "for_statement",
    "c_style_for_statement",
    "case_statement",
    "compound_statement",
    "subshell",
    "function_definition",
];

/// Whether the guard judges `node` as one command line: a simple statement, pipeline or list
/// without compound statements in it (those are walked into and their statements judged).
pub(crate) fn judged_whole(node: crate::ts::Node<'_>) -> bool {
    match node.kind() {
        "command"
        | "variable_assignment"
        | "declaration_command"
        | "negated_command"
        | "test_command"
        | "unset_command" => true,
        "redirected_statement" | "pipeline" | "list" => node
            .named_children()
            .all(|c| !COMPOUND.contains(&c.kind()) && (!c.is_named() || simple_part(c))),
        _ => false,
    }
}

fn simple_part(node: crate::ts::Node<'_>) -> bool {
    match node.kind() {
        "redirected_statement" | "pipeline" | "list" | "negated_command" => judged_whole(node),
        k => !COMPOUND.contains(&k),
    }
}

/// The rule id of guard-derived findings: `guard:<concept>`.
const RULE_PREFIX: &str = "guard:";

/// Whether every path among `operands` lies in the project or a temp dir.
fn operands_contained(sink: &mut Sink<'_>, operands: &[String]) -> bool {
    operands.iter().all(|w| {
        let w = w.trim_start_matches(['<', '>']);
        let value = w.split_once('=').map_or(w, |(_, v)| v);
        let pathlike = value.contains('/')
            || value.starts_with('.')
            || value.starts_with('~')
            || value.starts_with('$');
        if w.starts_with('-') && !w.contains('=') || !pathlike {
            return true;
        }
        matches!(
            sink.resolve(value).place,
            Place::Tmp | Place::WorkTree | Place::WorkTreeRoot
        )
    })
}

/// One statement of a script waiting for the judge: its line, its texts (one per value of a
/// loop variable) and whether the review classified every program it runs.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    line: u32,
    texts: Vec<String>,
    modeled: bool,
}

/// Keep one statement of a script for the judge (asked once the whole script was walked, see
/// [`judge_pending`]). `modeled`: the review classified the effects of every program the
/// statement runs, so its own findings stand for what the guard would confine (a denied or
/// opaque line still counts).
pub(crate) fn judge_statement(sink: &mut Sink<'_>, line: u32, texts: Vec<String>, modeled: bool) {
    if sink.judge.is_none() || !sink.recording {
        return;
    }
    let line = sink.fixed_line.unwrap_or(line);
    sink.pending.push(Pending {
        line,
        texts,
        modeled,
    });
}

/// Ask the judge about every statement kept by [`judge_statement`] and record what it says:
/// the one-line texts in one call, the others (heredocs, continued lines) one by one.
pub(crate) fn judge_pending(sink: &mut Sink<'_>) {
    let Some(judge) = sink.judge else {
        return;
    };
    let pending = std::mem::take(&mut sink.pending);
    if pending.is_empty() {
        return;
    }
    let lines: Vec<&str> = pending
        .iter()
        .flat_map(|p| p.texts.iter())
        .filter(|t| !t.contains('\n'))
        .map(String::as_str)
        .collect();
    let mut batch = judge.judge_lines(&lines, sink.ctx).into_iter();
    for p in &pending {
        let verdicts: Vec<CommandVerdict> = p
            .texts
            .iter()
            .map(|t| match t.contains('\n') {
                true => judge.judge(t, sink.ctx),
                false => batch.next().unwrap_or_else(|| CommandVerdict {
                    tier: CommandTier::Opaque,
                    reason: "the command guard gave no verdict for this line".into(),
                    rule: "unavailable".into(),
                    pattern: None,
                    operands: Vec::new(),
                }),
            })
            .collect();
        record(sink, p, verdicts);
    }
}

/// Record the strictest of a statement's verdicts as a finding.
fn record(sink: &mut Sink<'_>, p: &Pending, verdicts: Vec<CommandVerdict>) {
    let mut worst: Option<(Verdict, CommandVerdict)> = None;
    for v in verdicts {
        let severity = match v.tier {
            CommandTier::Allow | CommandTier::Unknown => continue,
            CommandTier::Project | CommandTier::Outside if p.modeled => continue,
            CommandTier::Project if operands_contained(sink, &v.operands) => continue,
            CommandTier::Deny => Verdict::Dangerous,
            CommandTier::Project | CommandTier::Outside | CommandTier::Opaque => {
                Verdict::Suspicious
            }
        };
        if worst.as_ref().is_none_or(|(s, _)| severity > *s) {
            worst = Some((severity, v));
        }
    }
    let Some((severity, v)) = worst else {
        return;
    };
    let line = p.line;
    let action = match v.tier {
        CommandTier::Deny => "denies",
        _ => "confines",
    };
    let mut chain = vec![match &v.pattern {
        Some(p) => format!("guard {action}: {p}"),
        None => format!("guard {action}: {}", v.reason),
    }];
    if v.tier == CommandTier::Project {
        chain.push("effects outside the project".into());
    }
    let rule = if v.rule.is_empty() {
        format!(
            "{RULE_PREFIX}{}",
            if severity == Verdict::Dangerous {
                "deny"
            } else {
                "confine"
            }
        )
    } else {
        format!("{RULE_PREFIX}{}", v.rule)
    };
    let why = match v.tier {
        CommandTier::Deny => format!("the command guard denies this command: {}", v.reason),
        CommandTier::Opaque => format!("the command guard cannot see what runs: {}", v.reason),
        _ => format!("the command guard would confine this command: {}", v.reason),
    };
    sink.add_rule(line, Category::GuardRule, severity, &rule, chain, why);
}

/// One finding a line: where the guard and the script's own rules both flag a line, the stronger
/// stands (the script's own finding when they are equal: its chain says more).
pub(crate) fn merge_guard_findings(findings: &mut Vec<Finding>) {
    if !findings.iter().any(|f| f.rule.starts_with(RULE_PREFIX)) {
        return;
    }
    let own_max = |line: u32, fs: &[Finding]| {
        fs.iter()
            .filter(|f| f.line == line && !f.rule.starts_with(RULE_PREFIX))
            .map(|f| f.severity)
            .max()
    };
    let mut keep = vec![true; findings.len()];
    for (i, f) in findings.iter().enumerate() {
        if !f.rule.starts_with(RULE_PREFIX) {
            continue;
        }
        // Two guard findings on one line: the first of the stronger stands.
        if findings[..i].iter().zip(&keep).any(|(g, k)| {
            *k && g.line == f.line && g.rule.starts_with(RULE_PREFIX) && g.severity >= f.severity
        }) || findings[i + 1..]
            .iter()
            .any(|g| g.line == f.line && g.rule.starts_with(RULE_PREFIX) && g.severity > f.severity)
        {
            keep[i] = false;
            continue;
        }
        match own_max(f.line, findings) {
            Some(own) if own >= f.severity => keep[i] = false,
            Some(_) => {
                for (j, g) in findings.iter().enumerate() {
                    if g.line == f.line && !g.rule.starts_with(RULE_PREFIX) {
                        keep[j] = false;
                    }
                }
            }
            None => {}
        }
    }
    let mut k = keep.into_iter();
    findings.retain(|_| k.next().unwrap_or(true));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn finding(line: u32, severity: Verdict, rule: &str) -> Finding {
        Finding {
            category: Category::Destructive,
            severity,
            line,
            snippet: String::new(),
            why: rule.into(),
            rule: rule.into(),
            chain: Vec::new(),
        }
    }

    /// A value put where the guard reads it is one word, as the shell passes it; `~` (the home)
    /// stays expandable.
    #[test]
    fn substituted_values_are_quoted_as_the_shell_passes_them() {
        for (value, quoted) in [
            ("sshd", "'sshd'"),
            ("a b", "'a b'"),
            ("it's", "'it'\\''s'"),
            ("~", "~"),
            ("~/", "~/"),
            ("~/.ssh", "~/'.ssh'"),
            ("~user", "'~user'"),
            ("/etc/hosts", "'/etc/hosts'"),
            ("", "''"),
        ] {
            assert_eq!(crate::shell::quote_word(value), quoted, "{value}");
        }
    }

    #[test]
    fn one_finding_a_line_the_stronger_stands() {
        use Verdict::{Dangerous as D, Suspicious as S};
        // (findings, rules kept)
        let cases: Vec<(Vec<Finding>, Vec<&str>)> = vec![
            // The guard's stronger verdict replaces the script's own weaker one.
            (
                vec![
                    finding(3, S, "unknown-delete"),
                    finding(3, D, "guard:rm home"),
                ],
                vec!["guard:rm home"],
            ),
            // Equal: the script's own finding stays.
            (
                vec![finding(3, D, "destructive"), finding(3, D, "guard:rm home")],
                vec!["destructive"],
            ),
            // Weaker guard finding: dropped.
            (
                vec![finding(3, D, "destructive"), finding(3, S, "guard:x")],
                vec!["destructive"],
            ),
            // Different lines: both stay.
            (
                vec![finding(2, S, "secret-read"), finding(3, D, "guard:x")],
                vec!["secret-read", "guard:x"],
            ),
            // Two guard findings on a line: the stronger.
            (
                vec![finding(4, S, "guard:a"), finding(4, D, "guard:b")],
                vec!["guard:b"],
            ),
            (
                vec![finding(4, S, "guard:a"), finding(4, S, "guard:b")],
                vec!["guard:a"],
            ),
        ];
        for (mut fs, want) in cases {
            let before: Vec<String> = fs.iter().map(|f| f.rule.clone()).collect();
            merge_guard_findings(&mut fs);
            let got: Vec<&str> = fs.iter().map(|f| f.rule.as_str()).collect();
            assert_eq!(got, want, "{before:?}");
        }
    }
}
