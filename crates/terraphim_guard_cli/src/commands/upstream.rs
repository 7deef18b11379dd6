//! Upstream terraphim-agent's flat form: `guard [--json] [--fail-open] [--explain]
//! [--guard-thesaurus F] [--guard-allowlist F] [COMMAND]`, answered by this project's engine
//! in upstream's `GuardResult` shape, so existing hook scripts keep working.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;
use terraphim_guard::{Decision, Tier, Verdict};

use crate::exit_code;
use crate::judge::{Context, Judge, Judgement};
use crate::load::{KgArgs, UpstreamThesauri};
use crate::output::{UpstreamResult, UpstreamStage, UpstreamTrace, upstream_decision};

#[derive(Debug, Default, Args)]
pub(crate) struct UpstreamArgs {
    /// (flat form) The command to check; read from stdin when absent. Several words are joined with spaces; quote the command to keep its own quoting. A first word that looks like a mistyped subcommand is refused: put such a command after `--`.
    #[arg(allow_hyphen_values = true, num_args = 0.., value_name = "COMMAND")]
    command: Vec<String>,
    /// (flat form) The command to check, taken as it is.
    #[arg(last = true, value_name = "COMMAND", hide = true)]
    after_dashes: Vec<String>,
    /// (flat form) Print upstream's GuardResult JSON; exit 0 whatever the decision.
    #[arg(long)]
    json: bool,
    /// (flat form) UNSAFE: exit 0 on block, and allow when the guard itself fails.
    #[arg(long)]
    fail_open: bool,
    /// (flat form) Print the evaluation trace (JSON with --json, else on stderr).
    #[arg(long)]
    explain: bool,
    /// (flat form) Upstream JSON thesaurus of destructive patterns to add.
    #[arg(long, value_name = "FILE")]
    guard_thesaurus: Option<PathBuf>,
    /// (flat form) Upstream JSON allowlist thesaurus to add (safe tier).
    #[arg(long, value_name = "FILE")]
    guard_allowlist: Option<PathBuf>,
    /// (flat form) Upstream JSON thesaurus of suspicious patterns to add.
    #[arg(long, value_name = "FILE")]
    guard_suspicious: Option<PathBuf>,
    #[command(flatten)]
    kg: KgArgs,
}

pub(crate) fn run(args: UpstreamArgs) -> anyhow::Result<u8> {
    let words = match args.after_dashes.is_empty() {
        true => {
            if let Some(first) = args.command.first() {
                super::refuse_near_miss(first)?;
            }
            args.command.clone()
        }
        false => [args.command.clone(), args.after_dashes.clone()].concat(),
    };
    let command = super::command_or_stdin(words)?;
    let thesauri = UpstreamThesauri {
        destructive: args.guard_thesaurus.clone(),
        allowlist: args.guard_allowlist.clone(),
        suspicious: args.guard_suspicious.clone(),
    };
    let judge = Judge::with_thesauri(args.kg.clone(), thesauri);
    // Like `check`: the command runs here, for the user whose home is $HOME.
    let judgement = match judge.judge(&command, &Context::new(None)) {
        Ok(j) => j,
        Err(e) if args.fail_open => {
            eprintln!("warning: the guard failed and --fail-open lets the command through: {e:#}");
            return print(&args, &unjudged(allow_on_failure(&command)));
        }
        Err(e) => unjudged(failure_block(&command, &format!("{e:#}"))),
    };
    print(&args, &judgement)
}

fn unjudged(decision: Decision) -> Judgement {
    Judgement {
        decision,
        review: None,
        findings: Vec::new(),
    }
}

fn allow_on_failure(command: &str) -> Decision {
    Decision {
        command: command.to_string(),
        verdict: Verdict::Allow,
        reason: String::new(),
        profile: None,
        matches: Vec::new(),
        parts: Vec::new(),
        replaced: None,
        replaced_parts: Vec::new(),
    }
}

/// Without --fail-open a guard that cannot decide blocks.
fn failure_block(command: &str, why: &str) -> Decision {
    Decision {
        verdict: Verdict::Deny,
        reason: format!("the guard could not decide, so it fails closed: {why}"),
        ..allow_on_failure(command)
    }
}

fn print(args: &UpstreamArgs, j: &Judgement) -> anyhow::Result<u8> {
    let d = &j.decision;
    let verdict = j.verdict();
    let result = UpstreamResult::new(j);
    let mut out = std::io::stdout().lock();
    if args.json {
        if args.explain {
            serde_json::to_writer(
                &mut out,
                &UpstreamTrace {
                    stages: stages(j),
                    result,
                },
            )?;
        } else {
            serde_json::to_writer(&mut out, &result)?;
        }
        writeln!(out)?;
        return Ok(exit_code::SUCCESS);
    }
    if args.explain {
        let mut err = std::io::stderr().lock();
        writeln!(err, "# guard evaluation trace")?;
        writeln!(err, "# command: {}", d.command)?;
        for s in stages(j) {
            let term = s
                .matched_term
                .map(|t| format!(" term=`{t}`"))
                .unwrap_or_default();
            writeln!(
                err,
                "# stage={} matched={} outcome={}{term}",
                s.stage, s.matched, s.outcome
            )?;
        }
        let name = match verdict {
            Verdict::Allow => "Allow",
            Verdict::Sandbox => "Sandbox",
            Verdict::Deny => "Block",
        };
        writeln!(err, "# decision={name}")?;
    }
    if verdict == Verdict::Deny {
        eprintln!("BLOCKED: {}", result.reason.as_deref().unwrap_or("blocked"));
        return Ok(if args.fail_open {
            exit_code::SUCCESS
        } else {
            exit_code::ERROR_GENERAL
        });
    }
    Ok(exit_code::SUCCESS)
}

/// Upstream's stage list, in its order, stopping at the stage that decided; a script pre-review
/// that decided is the last stage (`pre-review`, its term the script).
fn stages(j: &Judgement) -> Vec<UpstreamStage> {
    let d = &j.decision;
    let first = |tier: Tier| {
        d.matches
            .iter()
            .find(|m| m.tier == tier && m.covered_by.is_none())
            .map(|m| m.pattern.clone())
    };
    let mut out = Vec::new();
    let decided = upstream_decision(j.verdict());
    let by_review = j.review.as_ref().filter(|_| j.decided_by_review());
    for (stage, tier, outcome) in [
        ("destructive", Tier::Destructive, "block"),
        ("suspicious", Tier::Suspicious, "sandbox"),
        ("allowlist", Tier::Safe, "allow"),
    ] {
        let term = first(tier);
        let matched = term.is_some();
        let decides = matched && outcome == decided && by_review.is_none();
        out.push(UpstreamStage {
            stage,
            matched,
            matched_term: term,
            outcome: if decides { outcome } else { "no_match" },
        });
        if decides {
            return out;
        }
    }
    out.push(match by_review {
        Some(r) => UpstreamStage {
            stage: "pre-review",
            matched: true,
            matched_term: Some(r.script.clone()),
            outcome: decided,
        },
        None => UpstreamStage {
            stage: "default",
            matched: false,
            matched_term: None,
            outcome: decided,
        },
    });
    out
}
