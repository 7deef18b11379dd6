//! `guard check`: decide a command, or a batch of them.

use std::io::{BufRead as _, Write as _};
use std::path::PathBuf;

use clap::Args;
use terraphim_guard::Verdict;

use crate::exit_code;
use crate::judge::{Context, Judge};
use crate::load::KgArgs;
use crate::output::CheckOutput;

#[derive(Debug, Args)]
pub(crate) struct CheckArgs {
    /// The command to check; read from stdin when absent. Several words are joined with spaces; quote the command to keep its own quoting.
    #[arg(trailing_var_arg = true)]
    command: Vec<String>,
    /// Print one JSON object (see docs/json-output.md).
    #[arg(long)]
    json: bool,
    /// Read JSON Lines `{"command": "..."}` from stdin, write one JSON result per line.
    #[arg(long)]
    batch: bool,
    /// The directory the command would run in (`rm -rf .` in `/` or `~` is `rm -rf /` or `~`); default: the current directory.
    #[arg(long, value_name = "DIR")]
    cwd: Option<PathBuf>,
    #[command(flatten)]
    kg: KgArgs,
}

/// The exit code of `check` for a verdict.
pub(crate) fn verdict_code(v: Verdict) -> u8 {
    match v {
        Verdict::Allow => exit_code::SUCCESS,
        Verdict::Sandbox => exit_code::DECISION_SANDBOX,
        Verdict::Deny => exit_code::DECISION_DENY,
    }
}

pub(crate) fn run(args: CheckArgs) -> anyhow::Result<u8> {
    let judge = Judge::new(args.kg);
    let ctx = Context::new(args.cwd.as_deref());
    if args.batch {
        // An unreadable KG is one error, not one per line.
        judge.guard()?;
        return batch(&judge, &ctx);
    }
    let command = super::command_to_judge(args.command)?;
    let j = judge.judge(&command, &ctx)?;
    let d = &j.decision;
    let verdict = j.verdict();
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer(&mut out, &CheckOutput::new(&j))?;
        writeln!(out)?;
    } else {
        writeln!(out, "{verdict}: {}", j.reason())?;
        if let Some(p) = j.profile() {
            writeln!(out, "  profile: {p}")?;
        }
        for m in &d.matches {
            let covered = m
                .covered_by
                .as_ref()
                .map(|c| format!(" (covered by safe `{c}`)"))
                .unwrap_or_default();
            writeln!(
                out,
                "  {} `{}` ({}) in `{}`{covered}",
                m.tier, m.pattern, m.concept, m.segment
            )?;
        }
        if let Some(r) = &d.replaced {
            writeln!(out, "  replaced: {r}")?;
        }
        if verdict != Verdict::Allow {
            writeln!(
                out,
                "hint: `terraphim-agent guard explain '<command>'` shows the whole trace"
            )?;
        }
    }
    Ok(verdict_code(verdict))
}

#[derive(serde::Deserialize)]
struct BatchLine {
    command: String,
}

fn batch(judge: &Judge, ctx: &Context) -> anyhow::Result<u8> {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut code = exit_code::SUCCESS;
    for (i, line) in stdin.split(b'\n').enumerate() {
        let line = line?;
        let line_no = i + 1;
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let parsed = std::str::from_utf8(&line)
            .map_err(|e| format!("not valid UTF-8 (byte {})", e.valid_up_to()))
            .and_then(|s| {
                serde_json::from_str::<BatchLine>(s)
                    .map_err(|e| format!("not a {{\"command\": ...}} object: {e}"))
            })
            .and_then(|b| judge.judge(&b.command, ctx).map_err(|e| format!("{e:#}")));
        match parsed {
            Ok(j) => serde_json::to_writer(&mut out, &CheckOutput::new(&j))?,
            Err(error) => {
                code = exit_code::ERROR_GENERAL;
                serde_json::to_writer(
                    &mut out,
                    &serde_json::json!({"schema": crate::output::CHECK_SCHEMA, "line": line_no, "error": error}),
                )?;
            }
        }
        writeln!(out)?;
    }
    out.flush()?;
    Ok(code)
}
