//! `guard sweep`: refresh the learned proposals and print the daily summary.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use terraphim_learn::{SweepReport, Timestamp, parse_duration};

use super::review::{Context, print_warnings, quoted};
use crate::exit_code;

/// Output formats of `guard sweep`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// A markdown report (for mail, issues, a terminal).
    Markdown,
    /// One JSON object.
    Json,
}

/// Arguments of `guard sweep`.
#[derive(Debug, Args)]
pub(crate) struct SweepArgs {
    /// The window: violations and sandboxed runs newer than this (`24h`, `7d`, `90m`).
    #[arg(long, value_name = "DURATION", default_value = "24h", value_parser = parse_since)]
    since: std::time::Duration,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Markdown)]
    format: Format,
    /// Extra KG directory (holding guard-safe/, guard-destructive/, ...); repeatable.
    #[arg(long = "kg", value_name = "DIR")]
    kg: Vec<PathBuf>,
}

fn parse_since(text: &str) -> Result<std::time::Duration, String> {
    parse_duration(text).ok_or_else(|| {
        format!("invalid duration `{text}`: use a number and s, m, h, d or w, e.g. 24h")
    })
}

pub(crate) fn run(args: SweepArgs) -> anyhow::Result<u8> {
    let ctx = Context::load(&args.kg)?;
    let since = Timestamp::now().minus(args.since);
    let report = ctx
        .learn
        .sweep(since, &ctx.kg, &ctx.destructive)
        .context("failed to sweep the outcome store")?;
    print_warnings(&report.warnings);
    let held = held_change_sets();
    match args.format {
        Format::Json => {
            let mut value = serde_json::to_value(&report).context("failed to encode the sweep")?;
            if let Some(obj) = value.as_object_mut() {
                obj.insert("type".into(), "sweep".into());
                obj.insert("schema".into(), 1.into());
                obj.insert("held_change_sets".into(), held.len().into());
            }
            println!("{value}");
        }
        Format::Markdown => print!("{}{}", markdown(&report), held_markdown(&held)),
    }
    Ok(exit_code::SUCCESS)
}

/// The workspace change sets waiting for a human (expired ones removed first); an unreadable
/// store is a warning, never a failed sweep.
fn held_change_sets() -> Vec<terraphim_sandbox::HeldSet> {
    let Some(data) = terraphim_sandbox::ChangeStore::default_data_home() else {
        return Vec::new();
    };
    let store = terraphim_sandbox::ChangeStore::new(&data);
    let _ = store.expire();
    store.list().unwrap_or_else(|e| {
        eprintln!("warning: held change sets: {e}");
        Vec::new()
    })
}

fn held_markdown(held: &[terraphim_sandbox::HeldSet]) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "## Held change sets ({})\n", held.len());
    if held.is_empty() {
        let _ = writeln!(md, "None.\n");
        return md;
    }
    for h in held {
        let why = h
            .report
            .reasons
            .first()
            .map(|r| format!("{} {}", r.path, r.detail).trim().to_owned())
            .unwrap_or_default();
        let _ = writeln!(
            md,
            "- `{}` in {}: {}",
            h.id,
            quoted(&h.project.display().to_string()),
            quoted(&why)
        );
    }
    let _ = writeln!(
        md,
        "\nLook: `terraphim-agent guard changes --show ID`; then `--apply ID` or `--discard ID`.\n"
    );
    md
}

fn markdown(r: &SweepReport) -> String {
    let mut md = String::new();
    let _ = writeln!(md, "# terraphim guard sweep\n");
    let _ = writeln!(
        md,
        "Window: {} .. {}, {} outcome records.\n",
        r.since, r.now, r.records
    );
    let _ = writeln!(md, "## Proposals awaiting review ({})\n", r.proposals.len());
    if r.proposals.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        let _ = writeln!(
            md,
            "| id | action | pattern | rule | clean runs | violations | last seen |"
        );
        let _ = writeln!(md, "|---|---|---|---|---|---|---|");
        for s in &r.proposals {
            let p = &s.proposal;
            let new = if r.new_proposals.contains(&p.id) {
                " (new)"
            } else {
                ""
            };
            let last = p
                .evidence
                .last_seen
                .map(|t| t.to_string())
                .unwrap_or_default();
            let _ = writeln!(
                md,
                "| `{}`{new} | {} | {} | {} | {} | {} | {last} |",
                p.id,
                p.action.as_str(),
                quoted(&p.synonyms.join(", ")).replace('|', "\\|"),
                p.rule,
                p.evidence.clean_runs,
                p.evidence.violations
            );
        }
        let _ = writeln!(md, "\nReview: `terraphim-agent guard review`.\n");
    }
    if !r.withdrawn.is_empty() {
        let _ = writeln!(
            md,
            "Withdrawn after a violation: {}\n",
            r.withdrawn.join(", ")
        );
    }
    let _ = writeln!(md, "## Violations ({})\n", r.violations_total);
    if r.violations.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        for v in &r.violations {
            let details: Vec<String> = v
                .kinds
                .iter()
                .zip(&v.details)
                .map(|(k, d)| format!("{k}: {}", quoted(d)))
                .collect();
            let _ = writeln!(
                md,
                "- {} `{}` ({})",
                v.time,
                quoted(&v.command),
                details.join("; ")
            );
        }
        md.push('\n');
    }
    let _ = writeln!(md, "## Most sandboxed commands\n");
    if r.top_sandboxed.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        let _ = writeln!(md, "| command | sandboxed runs |\n|---|---|");
        for c in &r.top_sandboxed {
            let _ = writeln!(
                md,
                "| {} | {} |",
                quoted(&c.command).replace('|', "\\|"),
                c.count
            );
        }
        md.push('\n');
    }
    let _ = writeln!(md, "## Close to a threshold\n");
    if r.near_threshold.is_empty() {
        let _ = writeln!(md, "None.\n");
    } else {
        for n in &r.near_threshold {
            let _ = writeln!(
                md,
                "- {}: {} of {} clean sandbox runs",
                quoted(&n.pattern),
                n.clean_runs,
                n.threshold
            );
        }
        md.push('\n');
    }
    if !r.warnings.is_empty() {
        let _ = writeln!(md, "## Store warnings\n");
        for w in &r.warnings {
            let _ = writeln!(md, "- {}", quoted(&w.to_string()));
        }
        md.push('\n');
    }
    md
}
