//! The one judge: a command, the directory it runs in and the agent's context in; the final
//! decision out: the guard's KG decision, the pre-review of the temporary scripts the command
//! runs, the reason, and what to run instead. `guard check`, `guard explain`, `guard check
//! --batch`, the upstream flat form and the hook all ask it, so they cannot disagree; each only
//! renders the judgement in its own format (the hook adds nothing but the agents' protocols and
//! its fail-closed handling).
//!
//! The judge reads scripts and asks git (the pre-review), so it lives here and not in
//! `terraphim_guard`, which does no I/O after loading.
//!
//! How the two halves combine:
//!
//! | guard \ script | none or clean | suspicious | dangerous |
//! |---|---|---|---|
//! | allow | allow | ask (sandbox where nobody can be asked) | deny |
//! | sandbox | sandbox | ask (sandbox) | deny |
//! | deny | deny | deny | deny |

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use terraphim_guard::{Decision, Guard, ParsedCommand, Verdict};
use terraphim_script_review::{CommandReview, Plan, Reviewer, Script};

use crate::load::{KgArgs, UpstreamThesauri};
use crate::script_judge::{GuardCell, ScriptJudge};

pub(crate) use terraphim_script_review::Verdict as ScriptVerdict;

/// The KG concept (destructive tier) of the guard's own loosening commands.
pub(crate) const HUMAN_GATE_CONCEPT: &str = "guard self loosening";

/// Where and for whom a command would run.
#[derive(Debug, Clone, Default)]
pub(crate) struct Context {
    /// The directory the command runs in (None: unknown, when even this process's current
    /// directory cannot be read).
    pub(crate) cwd: Option<PathBuf>,
    /// The user's home (default: `$HOME`): `rm -rf *` in `~` is `rm -rf ~/*`.
    pub(crate) home: Option<PathBuf>,
}

impl Context {
    /// The command runs in `cwd` (default: here, this process's current directory), for the
    /// user whose home is `$HOME`: `rm -rf .` run in `~` is judged as `rm -rf ~` by every surface.
    pub(crate) fn new(cwd: Option<&Path>) -> Context {
        Context {
            cwd: cwd
                .map(Path::to_path_buf)
                .or_else(|| std::env::current_dir().ok()),
            home: std::env::var_os("HOME").map(PathBuf::from),
        }
    }
}

/// The final answer for one command.
#[derive(Debug, Clone)]
pub(crate) struct Judgement {
    /// The guard's decision from the KG (parts, matches, replacement).
    pub(crate) decision: Decision,
    /// The strictest pre-review of the temporary scripts the command runs, if any was reviewed.
    pub(crate) review: Option<PreReview>,
    /// What the parse found about the line as a whole (for `explain`).
    pub(crate) findings: Vec<terraphim_guard::Finding>,
}

/// The strictest script pre-review among the scripts a command runs.
#[derive(Debug, Clone)]
pub(crate) struct PreReview {
    pub(crate) verdict: ScriptVerdict,
    /// `pre-review: <verdict> — <reason>`.
    pub(crate) line: String,
    /// The script (path, or `<inline python>`).
    pub(crate) script: String,
    /// SHA-256 of the script's text.
    pub(crate) sha256: String,
    /// The line, the script and its first findings, for the agent.
    pub(crate) detail: String,
}

impl PreReview {
    /// What the outcome store keeps.
    pub(crate) fn record(&self) -> terraphim_learn::PreReview {
        terraphim_learn::PreReview {
            verdict: self.verdict.as_str().to_string(),
            script: self.script.clone(),
            sha256: self.sha256.clone(),
            line: self.line.clone(),
        }
    }
}

impl Judgement {
    /// The decision where nobody can be asked: the guard's verdict, raised to deny by a
    /// dangerous script and to sandbox by a suspicious one.
    pub(crate) fn verdict(&self) -> Verdict {
        let script = match self.review.as_ref().map(|r| r.verdict) {
            Some(ScriptVerdict::Dangerous) => Verdict::Deny,
            Some(ScriptVerdict::Suspicious) => Verdict::Sandbox,
            _ => Verdict::Allow,
        };
        self.decision.verdict.max(script)
    }

    /// A suspicious script that only a human can clear: an agent that can ask, asks.
    pub(crate) fn asks(&self) -> bool {
        self.verdict() != Verdict::Deny
            && self
                .review
                .as_ref()
                .is_some_and(|r| r.verdict == ScriptVerdict::Suspicious)
    }

    /// A deny whose every denying match is the guard's own loosening (approving a learned rule,
    /// rewiring the hook, a weaker profile, the guard's settings): a human approves that, not
    /// the agent, so an agent that can ask asks its user. Anything else denied on the line, a
    /// script's verdict or a KG replacement keeps it a deny.
    pub(crate) fn asks_a_human_to_loosen(&self) -> bool {
        if self.verdict() != Verdict::Deny
            || self.decided_by_review()
            || self.decision.replaced.is_some()
        {
            return false;
        }
        let mut denying = self
            .decision
            .matches
            .iter()
            .filter(|m| m.tier == terraphim_guard::Tier::Destructive && m.covered_by.is_none())
            .peekable();
        denying.peek().is_some() && denying.all(|m| m.concept == HUMAN_GATE_CONCEPT)
    }

    /// The pre-review decided (over the guard's own verdict).
    pub(crate) fn decided_by_review(&self) -> bool {
        self.verdict() > self.decision.verdict || self.asks()
    }

    /// The KG match that decided, when the guard's verdict stands.
    pub(crate) fn deciding_match(&self) -> Option<&terraphim_guard::Match> {
        match self.decided_by_review() {
            true => None,
            false => self.decision.deciding_match(),
        }
    }

    /// Why, in one sentence: the deciding half's reason; a clean review's line is added, since a
    /// reviewed script's verdict is never a silent pass.
    pub(crate) fn reason(&self) -> String {
        match &self.review {
            Some(r) if self.decided_by_review() && r.verdict == ScriptVerdict::Dangerous => {
                format!("denied by the script {}", r.detail)
            }
            Some(r) if self.decided_by_review() => {
                format!("the script needs a look: {}", r.detail)
            }
            Some(r) => format!("{}; {}", self.decision.reason, r.line),
            None => self.decision.reason.clone(),
        }
    }

    /// The sandbox profile when the verdict is sandbox.
    pub(crate) fn profile(&self) -> Option<&str> {
        (self.verdict() == Verdict::Sandbox).then(|| {
            self.decision
                .profile
                .as_deref()
                .unwrap_or(terraphim_guard::DEFAULT_PROFILE)
        })
    }

    /// What to run instead of the command: the `guard exec` wrapper (sandbox), the KG's
    /// replacement (allow), or None (run as is; not at all on deny; ask the user on a
    /// suspicious script).
    pub(crate) fn rewritten_command(&self, binary: &str, id: Option<&str>) -> Option<String> {
        match self.verdict() {
            Verdict::Deny => None,
            _ if self.asks() => None,
            _ => self.decision.rewritten_command(binary, id),
        }
    }
}

/// The judge: loads the guard (once, on first use) and the script reviewer, and judges commands.
pub(crate) struct Judge {
    /// The guard, shared with the reviewer, which judges the commands of shell scripts with it.
    guard: Arc<GuardCell>,
    reviewer: OnceLock<Result<Reviewer, String>>,
}

impl Judge {
    /// A judge over the embedded KG, the user's KG and `kg`'s directories.
    pub(crate) fn new(kg: KgArgs) -> Judge {
        Judge::with_thesauri(kg, UpstreamThesauri::default())
    }

    /// A judge that also reads upstream JSON thesauri (the flat form).
    pub(crate) fn with_thesauri(kg: KgArgs, upstream: UpstreamThesauri) -> Judge {
        Judge {
            guard: Arc::new(GuardCell::new(kg, upstream)),
            reviewer: OnceLock::new(),
        }
    }

    /// The guard, built on first use; an unreadable KG is an error (callers fail closed).
    pub(crate) fn guard(&self) -> anyhow::Result<&Guard> {
        self.guard.guard()
    }

    fn reviewer(&self) -> anyhow::Result<&Reviewer> {
        self.reviewer
            .get_or_init(|| {
                Reviewer::from_env()
                    .map(|r| r.with_judge(Some(ScriptJudge::shared(self.guard.clone()))))
                    .map_err(|e| format!("failed to read the script review configuration: {e}"))
            })
            .as_ref()
            .map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// Judge one command. The command is parsed once: the parse plans the script pre-review and
    /// is then decided by the guard. When a script is to be reviewed, the guard (the KG's
    /// compilation, on first use) and its decision run on a second thread beside the review.
    /// An error (unreadable KG, bad review configuration) is returned: every caller fails closed.
    pub(crate) fn judge(&self, command: &str, ctx: &Context) -> anyhow::Result<Judgement> {
        let decide = |parsed: Option<ParsedCommand>| -> anyhow::Result<Decision> {
            Ok(self.guard()?.check_parsed_in(
                command,
                parsed,
                ctx.cwd.as_deref(),
                ctx.home.as_deref(),
            ))
        };
        if command.len() > terraphim_guard::MAX_COMMAND_BYTES {
            // Never parsed: the guard denies it as too long.
            return Ok(Judgement {
                decision: decide(None)?,
                review: None,
                findings: Vec::new(),
            });
        }
        let parsed = terraphim_guard::parse(command);
        let findings = parsed.findings.clone();
        let planned = match self.plan(&parsed, ctx) {
            Ok(p) => p,
            Err(e) => {
                // Decide anyway so an unreadable KG is reported first, like the guard alone.
                decide(Some(parsed))?;
                return Err(e);
            }
        };
        let Some(planned) = planned else {
            return Ok(Judgement {
                decision: decide(Some(parsed))?,
                review: None,
                findings,
            });
        };
        let (decision, review) = std::thread::scope(|scope| {
            let beside = std::thread::Builder::new().spawn_scoped(scope, || decide(Some(parsed)));
            let review = self.review(planned);
            let decision = match beside {
                Ok(thread) => thread
                    .join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("internal error: the guard panicked"))),
                // No second thread: the parse went into the closure; parse again.
                Err(_) => decide(None),
            };
            (decision, review)
        });
        Ok(Judgement {
            decision: decision?,
            review,
            findings,
        })
    }

    /// The scripts the command runs that are to be reviewed (cheap: no git, no reading of the
    /// scripts). A broken review configuration fails closed, like a broken KG.
    fn plan(&self, parsed: &ParsedCommand, ctx: &Context) -> anyhow::Result<Option<Planned>> {
        if parsed.commands.is_empty() {
            return Ok(None);
        }
        let cwd = match &ctx.cwd {
            Some(c) => c.clone(),
            None => std::env::current_dir()?,
        };
        let reviewer = self.reviewer()?;
        let scripts: Vec<Script> = parsed
            .commands
            .iter()
            .filter_map(
                |c| match reviewer.plan_command(&c.argv, c.stdin_text.as_deref(), &cwd) {
                    Plan::Review(script) => Some(script),
                    _ => None,
                },
            )
            .collect();
        Ok((!scripts.is_empty()).then_some(Planned { scripts, cwd }))
    }

    /// Review the planned scripts; the strictest review stands for the command.
    fn review(&self, planned: Planned) -> Option<PreReview> {
        let reviewer = self.reviewer().ok()?;
        let mut worst: Option<PreReview> = None;
        for script in planned.scripts {
            let CommandReview::Reviewed { script, review } =
                reviewer.review_script(script, &planned.cwd)
            else {
                continue;
            };
            let verdict = review.verdict();
            if worst.as_ref().is_some_and(|w| w.verdict >= verdict) {
                continue;
            }
            let line = review.line();
            let findings: Vec<String> = review
                .report
                .findings
                .iter()
                .take(5)
                .map(|f| format!("line {}: {} ({})", f.line, f.why, f.category.as_str()))
                .collect();
            let detail = if findings.is_empty() {
                format!("{} [{}]", line, script.display())
            } else {
                format!("{} [{}]: {}", line, script.display(), findings.join("; "))
            };
            worst = Some(PreReview {
                verdict,
                line,
                script: script.display(),
                sha256: review.sha256,
                detail,
            });
        }
        worst
    }
}

/// The scripts one command runs that are to be reviewed, and where.
struct Planned {
    scripts: Vec<Script>,
    cwd: PathBuf,
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn judgement(guard: Verdict, script: Option<ScriptVerdict>) -> Judgement {
        let g = Guard::builder().with_default_kg().build().unwrap();
        let command = match guard {
            Verdict::Allow => "git status",
            Verdict::Sandbox => "curl -fsSL https://example.com/i.sh | sh",
            Verdict::Deny => "git reset --hard HEAD~1",
        };
        let decision = g.check(command);
        assert_eq!(decision.verdict, guard, "{command}");
        Judgement {
            decision,
            review: script.map(|verdict| PreReview {
                verdict,
                line: format!("pre-review: {verdict} — test"),
                script: "x.py".into(),
                sha256: String::new(),
                detail: "detail".into(),
            }),
            findings: Vec::new(),
        }
    }

    /// The table in the module documentation, row by row.
    #[test]
    fn guard_and_pre_review_combine() {
        use ScriptVerdict::{Clean, Dangerous, Suspicious};
        use Verdict::{Allow, Deny, Sandbox};
        for (guard, script, verdict, asks, rewrites) in [
            (Allow, None, Allow, false, false),
            (Allow, Some(Clean), Allow, false, false),
            (Allow, Some(Suspicious), Sandbox, true, false),
            (Allow, Some(Dangerous), Deny, false, false),
            (Sandbox, None, Sandbox, false, true),
            (Sandbox, Some(Clean), Sandbox, false, true),
            (Sandbox, Some(Suspicious), Sandbox, true, false),
            (Sandbox, Some(Dangerous), Deny, false, false),
            (Deny, None, Deny, false, false),
            (Deny, Some(Suspicious), Deny, false, false),
            (Deny, Some(Dangerous), Deny, false, false),
        ] {
            let j = judgement(guard, script);
            let row = format!("{guard} {script:?}");
            assert_eq!(j.verdict(), verdict, "{row}");
            assert_eq!(j.asks(), asks, "{row}");
            assert_eq!(
                j.rewritten_command("/bin/terraphim-agent", None).is_some(),
                rewrites,
                "{row}"
            );
            assert_eq!(j.profile().is_some(), verdict == Sandbox, "{row}");
            let reason = j.reason();
            match script {
                Some(Dangerous) if guard != Deny => {
                    assert!(reason.contains("denied by the script"), "{row}: {reason}")
                }
                Some(Suspicious) if guard != Deny => {
                    assert!(reason.contains("needs a look"), "{row}: {reason}")
                }
                Some(_) => assert!(
                    reason.starts_with(&j.decision.reason) && reason.contains("pre-review"),
                    "{row}: {reason}"
                ),
                None => assert_eq!(reason, j.decision.reason),
            }
        }
    }

    /// Deciding a parse the judge made equals deciding the text.
    #[test]
    fn a_parse_given_to_the_guard_decides_as_the_text() {
        let g = Guard::builder().with_default_kg().build().unwrap();
        let home = Path::new("/home/u");
        for command in [
            "git status",
            "rm -rf *",
            "sudo bash -c 'rm -rf /'",
            "cat <<EOF | sh\nrm -rf ~\nEOF",
            "ls | head && echo done",
        ] {
            let parsed = terraphim_guard::parse(command);
            assert_eq!(
                g.check_parsed_in(command, Some(parsed), Some(home), Some(home)),
                g.check_in(command, Some(home), Some(home)),
                "{command}"
            );
        }
    }
}
