//! `guard explain`: a human trace of how a command is decided.

use std::io::Write as _;
use std::path::PathBuf;

use clap::Args;

use crate::judge::{Context, Judge};
use crate::load::KgArgs;
use crate::output::part_line;

#[derive(Debug, Args)]
pub(crate) struct ExplainArgs {
    /// The command to explain; read from stdin when absent. Several words are joined with spaces; quote the command to keep its own quoting.
    #[arg(trailing_var_arg = true)]
    command: Vec<String>,
    /// The directory the command would run in; default: the current directory.
    #[arg(long, value_name = "DIR")]
    cwd: Option<PathBuf>,
    #[command(flatten)]
    kg: KgArgs,
}

pub(crate) fn run(args: ExplainArgs) -> anyhow::Result<u8> {
    let judge = Judge::new(args.kg);
    let command = super::command_to_judge(args.command)?;
    let j = judge.judge(&command, &Context::new(args.cwd.as_deref()))?;
    let d = &j.decision;
    let mut out = std::io::stdout().lock();
    writeln!(out, "command: {command}")?;
    for f in &j.findings {
        writeln!(out, "parse:   {}", f.reason())?;
    }
    writeln!(out, "simple commands ({}):", d.parts.len())?;
    for (i, p) in d.parts.iter().enumerate() {
        writeln!(out, "  {}. {}", i + 1, p.text.replace('\n', "\\n"))?;
        for line in part_line(p).lines() {
            writeln!(out, "     {line}")?;
        }
        for &m in &p.matches {
            let m = &d.matches[m];
            let covered = m
                .covered_by
                .as_ref()
                .map(|c| format!(", covered by safe `{c}`"))
                .unwrap_or_default();
            writeln!(
                out,
                "     match {:<11} `{}` ({}){covered}  [{}]",
                m.tier.as_str(),
                m.pattern,
                m.concept,
                m.source.display()
            )?;
        }
    }
    if let Some(r) = &d.replaced {
        writeln!(out, "replaced: {r}")?;
        for p in &d.replaced_parts {
            for line in part_line(p).lines() {
                writeln!(out, "     {line}")?;
            }
        }
    }
    if let Some(r) = &j.review {
        writeln!(out, "{}  [{}]", r.line, r.script)?;
    }
    let verdict = j.verdict();
    let profile = j
        .profile()
        .map(|p| format!(" (profile {p})"))
        .unwrap_or_default();
    writeln!(out, "decision: {verdict}{profile}: {}", j.reason())?;
    if j.asks() {
        writeln!(
            out,
            "hint: an agent that can ask asks the user; elsewhere the command runs confined"
        )?;
    } else if let Some(p) = j.profile() {
        writeln!(
            out,
            "hint: runs as `terraphim-agent guard exec --profile {p} -- '<command>'`"
        )?;
    }
    Ok(super::check::verdict_code(verdict))
}
