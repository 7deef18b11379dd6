//! `guard review`: the human gate between learned proposals in `guard-staging/` and the active KG.
//!
//! Every run first refreshes the proposals from the outcome store (the engine is cheap and
//! idempotent), unless `--no-refresh` is given.

use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::path::PathBuf;

use anyhow::Context as _;
use clap::Args;
use serde_json::json;
use terraphim_learn::{ActiveKg, DestructivePatterns, Learn, Proposal, ReadWarning, Staged};

use crate::exit_code;

/// Arguments of `guard review`.
#[derive(Debug, Args)]
#[command(group(clap::ArgGroup::new("mode").args(["list", "approve", "reject", "edit", "interactive"])))]
pub(crate) struct ReviewArgs {
    /// List the proposals awaiting review (the default when stdin is not a terminal).
    #[arg(long)]
    list: bool,
    /// Approve a proposal: move it into the active user KG of its tier.
    #[arg(long, value_name = "ID")]
    approve: Option<String>,
    /// Reject a proposal (needs --why): archive it, suppressed until new evidence arrives.
    #[arg(long, value_name = "ID", requires = "why")]
    reject: Option<String>,
    /// Why a proposal is rejected.
    #[arg(long, value_name = "TEXT")]
    why: Option<String>,
    /// Edit a staged proposal's synonyms (--synonyms) and/or reason (--reason); it stays staged.
    #[arg(long, value_name = "ID")]
    edit: Option<String>,
    /// New comma-separated synonyms, with --edit.
    #[arg(long, value_name = "LIST", requires = "edit")]
    synonyms: Option<String>,
    /// New reason, with --edit.
    #[arg(long, value_name = "TEXT", requires = "edit")]
    reason: Option<String>,
    /// Ask about each proposal on stdin even when it is not a terminal.
    #[arg(long)]
    interactive: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Who reviews (default: $USER).
    #[arg(long, value_name = "NAME")]
    who: Option<String>,
    /// Do not run the engine over the outcome store first.
    #[arg(long)]
    no_refresh: bool,
    /// Extra KG directory (holding guard-safe/, guard-destructive/, ...); repeatable.
    #[arg(long = "kg", value_name = "DIR")]
    kg: Vec<PathBuf>,
}

/// The learning loop with the active KG and the destructive check the engine needs.
pub(crate) struct Context {
    pub(crate) learn: Learn,
    pub(crate) kg: ActiveKg,
    pub(crate) destructive: DestructivePatterns,
}

impl Context {
    pub(crate) fn load(extra_kg: &[PathBuf]) -> anyhow::Result<Context> {
        let learn = Learn::from_env().context("failed to open the learning loop")?;
        // The embedded default KG takes part too: its safe entries can be proposed for
        // demotion, and its destructive patterns keep candidates from being proposed for ALLOW.
        // The user's entries, then those of each `--kg` directory, override it.
        let embedded = terraphim_guard::embedded_kg().context("failed to load the embedded KG")?;
        let mut kg = ActiveKg::layered([embedded]);
        let user = learn.user_kg().context("failed to read the user KG")?;
        for entry in user.entries() {
            kg.push(entry.clone());
        }
        for dir in extra_kg {
            let extra = ActiveKg::load_user(dir)
                .with_context(|| format!("failed to read the KG in {}", dir.display()))?;
            for entry in extra.entries() {
                kg.push(entry.clone());
            }
        }
        let destructive = DestructivePatterns::from_kg(&kg);
        Ok(Context {
            learn,
            kg,
            destructive,
        })
    }

    pub(crate) fn refresh(&self) -> anyhow::Result<Vec<ReadWarning>> {
        let refresh = self
            .learn
            .refresh(&self.kg, &self.destructive)
            .context("failed to refresh the learned proposals")?;
        for id in &refresh.new {
            eprintln!("note: staged new proposal {id}");
        }
        for id in &refresh.withdrawn {
            eprintln!("note: withdrew proposal {id} after a violation");
        }
        Ok(refresh.warnings)
    }
}

pub(crate) fn print_warnings(warnings: &[ReadWarning]) {
    for w in warnings {
        eprintln!("warning: {w}");
    }
}

/// A string as JSON, with backticks escaped too, so it is safe inside markdown code spans.
pub(crate) fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_owned())
        .to_string()
        .replace('`', "\\u0060")
}

fn who(args: &ReviewArgs) -> String {
    args.who
        .clone()
        .or_else(|| std::env::var("USER").ok())
        .or_else(|| std::env::var("LOGNAME").ok())
        .filter(|w| !w.trim().is_empty())
        .unwrap_or_else(|| "unknown".into())
}

fn proposal_json(s: &Staged) -> serde_json::Value {
    let p = &s.proposal;
    json!({
        "id": p.id,
        "action": p.action.as_str(),
        "tier": p.tier().as_str(),
        "pattern": p.pattern,
        "synonyms": p.synonyms,
        "reason": p.reason,
        "rule": p.rule,
        "evidence": p.evidence,
        "target": p.target,
        "path": s.path,
    })
}

fn describe(p: &Proposal) -> String {
    let e = &p.evidence;
    let mut out = format!(
        "{}  {} -> {}/  {}\n    synonyms: {}\n    reason: {}\n    rule: {}  clean runs: {}  violations: {}  failures: {}  timeouts: {}  limits: {}  denied: {}\n",
        p.id,
        p.action.as_str(),
        p.tier().dir_name(),
        p.pattern,
        p.synonyms.join(", "),
        p.reason,
        p.rule,
        e.clean_runs,
        e.violations,
        e.failures,
        e.timeouts,
        e.limits,
        e.denied
    );
    if !e.violation_kinds.is_empty() {
        let kinds: Vec<String> = e
            .violation_kinds
            .iter()
            .map(|(k, n)| format!("{k} x{n}"))
            .collect();
        out.push_str(&format!("    violation kinds: {}\n", kinds.join(", ")));
    }
    if let (Some(first), Some(last)) = (e.first_seen, e.last_seen) {
        out.push_str(&format!("    seen: {first} .. {last}\n"));
    }
    for ex in &e.examples {
        out.push_str(&format!("    example: {}\n", quoted(ex)));
    }
    if let Some(t) = &p.target {
        out.push_str(&format!("    entry: {}\n", t.display()));
    }
    out
}

pub(crate) fn run(args: ReviewArgs) -> anyhow::Result<u8> {
    let ctx = Context::load(&args.kg)?;
    if !args.no_refresh {
        print_warnings(&ctx.refresh()?);
    }
    let who = who(&args);
    let outcome = if let Some(id) = &args.approve {
        ctx.learn.approve(id, &who, &ctx.destructive).map(|a| {
            if args.json {
                println!(
                    "{}",
                    json!({"type": "review", "schema": 1, "action": "approved", "proposal_id": a.proposal.id,
                        "tier": a.proposal.tier().as_str(), "synonyms": a.proposal.synonyms, "path": a.path})
                );
            } else {
                println!("approved {}: {} -> {}", a.proposal.id, a.proposal.synonyms.join(", "), a.path.display());
            }
        })
    } else if let Some(id) = &args.reject {
        let why = args.why.as_deref().unwrap_or_default();
        ctx.learn.reject(id, &who, why).map(|archived| {
            if args.json {
                println!("{}", json!({"type": "review", "schema": 1, "action": "rejected", "proposal_id": id, "path": archived}));
            } else {
                println!("rejected {id}: archived in {}", archived.display());
            }
        })
    } else if let Some(id) = &args.edit {
        let synonyms = args
            .synonyms
            .as_ref()
            .map(|s| s.split(',').map(str::to_owned).collect());
        ctx.learn.edit(id, &who, synonyms, args.reason.clone(), &ctx.destructive).map(|p| {
            if args.json {
                println!("{}", json!({"type": "review", "schema": 1, "action": "edited", "proposal_id": p.id, "synonyms": p.synonyms, "reason": p.reason}));
            } else {
                println!("edited {}: {}", p.id, p.synonyms.join(", "));
            }
        })
    } else if !args.list && (args.interactive || std::io::stdin().is_terminal()) {
        return interactive(&ctx, &who);
    } else {
        let staged = ctx.learn.staged().context("failed to read guard-staging")?;
        if args.json {
            let list: Vec<_> = staged.iter().map(proposal_json).collect();
            println!(
                "{}",
                json!({"type": "review-list", "schema": 1, "proposals": list})
            );
        } else if staged.is_empty() {
            println!("no proposals awaiting review");
        } else {
            for s in &staged {
                print!("{}", describe(&s.proposal));
            }
            println!("\nhint: terraphim-agent guard review --approve ID | --reject ID --why TEXT");
        }
        Ok(())
    };
    match outcome {
        Ok(()) => Ok(exit_code::SUCCESS),
        Err(e @ terraphim_learn::Error::UnknownProposal(_)) => {
            eprintln!("error: {e}");
            eprintln!("hint: terraphim-agent guard review --list shows the staged proposals");
            Ok(exit_code::ERROR_USAGE)
        }
        Err(e) => Err(anyhow::Error::new(e).context("review failed")),
    }
}

fn prompt(question: &str) -> anyhow::Result<Option<String>> {
    let mut out = std::io::stdout().lock();
    write!(out, "{question}")?;
    out.flush()?;
    let mut line = String::new();
    if std::io::stdin().lock().read_line(&mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(line.trim().to_owned()))
}

fn interactive(ctx: &Context, who: &str) -> anyhow::Result<u8> {
    let staged = ctx.learn.staged().context("failed to read guard-staging")?;
    if staged.is_empty() {
        println!("no proposals awaiting review");
        return Ok(exit_code::SUCCESS);
    }
    let total = staged.len();
    'proposals: for (i, s) in staged.into_iter().enumerate() {
        let mut p = s.proposal;
        loop {
            println!("\n[{}/{total}] {}", i + 1, describe(&p).trim_end());
            let Some(answer) = prompt("[a]pprove, [r]eject, [e]dit, [s]kip, [q]uit? ")? else {
                break 'proposals;
            };
            let result = match answer.to_ascii_lowercase().as_str() {
                "a" | "approve" => ctx
                    .learn
                    .approve(&p.id, who, &ctx.destructive)
                    .map(|a| println!("approved: {}", a.path.display())),
                "r" | "reject" => {
                    let Some(why) = prompt("why? ")? else {
                        break 'proposals;
                    };
                    ctx.learn
                        .reject(&p.id, who, &why)
                        .map(|path| println!("rejected: archived in {}", path.display()))
                }
                "e" | "edit" => {
                    let Some(synonyms) = prompt("synonyms (comma-separated, empty keeps): ")?
                    else {
                        break 'proposals;
                    };
                    let Some(reason) = prompt("reason (empty keeps): ")? else {
                        break 'proposals;
                    };
                    let synonyms = (!synonyms.is_empty())
                        .then(|| synonyms.split(',').map(str::to_owned).collect());
                    let reason = (!reason.is_empty()).then_some(reason);
                    match ctx
                        .learn
                        .edit(&p.id, who, synonyms, reason, &ctx.destructive)
                    {
                        Ok(edited) => {
                            p = edited;
                            continue; // show it again
                        }
                        Err(e) => Err(e),
                    }
                }
                "s" | "skip" | "" => Ok(()),
                "q" | "quit" => break 'proposals,
                other => {
                    println!("unknown answer `{other}`");
                    continue;
                }
            };
            if let Err(e) = result {
                eprintln!("error: {e}");
                continue;
            }
            break;
        }
    }
    Ok(exit_code::SUCCESS)
}
