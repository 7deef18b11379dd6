//! `guard review-script FILE`: the static pre-review of a script, with an optional second opinion.
//!
//! Output contract: exactly one line `pre-review: <verdict> — <reason>` is printed for every
//! review. A review that cannot be made (a file that cannot be read, an invalid configuration)
//! is an error, not a verdict: one `error:` line on stderr, a `{"schema","file","error"}` object
//! on stdout under `--json`, exit 3 (input) or 1. Without
//! `--json` it is the first line on stdout, followed by the findings. With `--json` stdout holds
//! one JSON object (documented in docs/script-review.md) and the verdict line goes to stderr, so
//! stdout stays machine-readable.
//!
//! `--command CMD` plans like the hook: every simple command of CMD that runs a script through an
//! interpreter is reviewed or skipped (with the reason), and the one line is the strictest review's
//! line, or `pre-review: skipped — <why>` when nothing was reviewed.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context as _;
use clap::Args;
use serde::Serialize;
use terraphim_script_review::{
    CommandReview, Config, Context, Finding, Language, Report, Review, Reviewer, Verdict,
    VerdictCache,
};

use crate::exit_code;

/// Version of the `guard review-script --json` object.
const REVIEW_SCHEMA: u32 = 1;

#[derive(Debug, Args)]
pub(crate) struct ReviewScriptArgs {
    /// The script to review; `-` reads it from stdin (then `--language` is required).
    #[arg(
        value_name = "FILE",
        required_unless_present = "command",
        conflicts_with = "command"
    )]
    file: Option<PathBuf>,
    /// Plan as the hook does: parse COMMAND as shell, find the scripts its simple commands run
    /// (`python x.py`, `uv run python x.py`, `bash x.sh`, `npx tsx x.ts`, `./x.sh`, heredocs fed
    /// to an interpreter), and review those that are not committed, not tool entry points and
    /// not harmless one-liners. `-` reads the command from stdin.
    #[arg(long, value_name = "COMMAND")]
    command: Option<String>,
    /// Print one JSON object on stdout; the verdict line then goes to stderr.
    #[arg(long)]
    json: bool,
    /// A second-opinion reviewer (run with `sh -c`), given the shipped prompt and the script on
    /// stdin; it answers `{"verdict": ..., "reason": ...}`. The stricter verdict wins.
    #[arg(long, value_name = "CMD")]
    llm_command: Option<String>,
    /// Review as this language instead of guessing from the extension or the shebang.
    #[arg(long, value_enum)]
    language: Option<LanguageArg>,
    /// The working tree the script runs in (default: the current directory).
    #[arg(long, value_name = "DIR")]
    cwd: Option<PathBuf>,
    /// Configuration file (default: `$XDG_CONFIG_HOME/terraphim/guard/script-review.toml`).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Neither read nor store cached verdicts.
    #[arg(long)]
    no_cache: bool,
    /// The KG the command guard judges a shell script's commands with (the one the hook uses).
    #[command(flatten)]
    kg: crate::load::KgArgs,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum LanguageArg {
    Python,
    Shell,
    Javascript,
    Typescript,
}

impl From<LanguageArg> for Language {
    fn from(l: LanguageArg) -> Language {
        match l {
            LanguageArg::Python => Language::Python,
            LanguageArg::Shell => Language::Shell,
            LanguageArg::Javascript => Language::JavaScript,
            LanguageArg::Typescript => Language::TypeScript,
        }
    }
}

/// `guard review-script --json`.
#[derive(Debug, Serialize)]
struct ReviewOutput<'a> {
    schema: u32,
    file: String,
    verdict: Verdict,
    reason: String,
    line: String,
    language: Language,
    sha256: &'a str,
    cached: bool,
    findings: &'a [Finding],
    notes: &'a [String],
}

/// The exit code of `review-script` (without `--json`) for a verdict.
fn verdict_code(v: Verdict) -> u8 {
    match v {
        Verdict::Clean => exit_code::SUCCESS,
        Verdict::Suspicious => exit_code::SCRIPT_SUSPICIOUS,
        Verdict::Dangerous => exit_code::SCRIPT_DANGEROUS,
    }
}

pub(crate) fn run(args: ReviewScriptArgs) -> anyhow::Result<u8> {
    if let Some(command) = &args.command {
        if command == "-" {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("failed to read the command from stdin")?;
            return run_command(&args, text.trim_end());
        }
        return run_command(&args, command);
    }
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    if let Some(why) = unreadable(&file) {
        // An error, not a verdict: one message, its own exit code, a JSON object under --json.
        let message = format!("cannot read {}: {why}", file.display());
        return review_error(&args, &file, exit_code::ERROR_INPUT, &message);
    }
    match review(&args) {
        Ok((review, name)) => print(&args, &review, &name),
        Err(e) => {
            let (code, message) = match e.downcast_ref::<terraphim_script_review::Error>() {
                Some(terraphim_script_review::Error::Io { path, source }) if path == &file => {
                    let why = source.to_string();
                    (
                        exit_code::ERROR_INPUT,
                        format!("cannot read {}: {why}", file.display()),
                    )
                }
                _ => (
                    exit_code::ERROR_GENERAL,
                    format!("failed to review {}: {e:#}", file.display()),
                ),
            };
            review_error(&args, &file, code, &message)
        }
    }
}

/// Why a script file cannot be read, if it cannot: the OS's own words (`No such file or
/// directory (os error 2)`), which fs-err would wrap in a message repeating the path.
fn unreadable(file: &Path) -> Option<String> {
    if file == Path::new("-") {
        return None;
    }
    #[allow(
        clippy::disallowed_methods,
        reason = "the OS error alone; the message names the file once itself"
    )]
    let opened = std::fs::File::open(file);
    match opened {
        Err(e) => Some(e.to_string()),
        Ok(f) if !f.metadata().is_ok_and(|m| m.is_file()) => Some("not a regular file".into()),
        Ok(_) => None,
    }
}

/// The review could not be made: an error, not a verdict. One message on stderr (and a JSON
/// error object on stdout under `--json`), and the error's own exit code.
fn review_error(
    args: &ReviewScriptArgs,
    file: &Path,
    code: u8,
    message: &str,
) -> anyhow::Result<u8> {
    if args.json {
        let mut out = std::io::stdout().lock();
        serde_json::to_writer(
            &mut out,
            &serde_json::json!({"schema": REVIEW_SCHEMA, "file": file.display().to_string(), "error": message}),
        )?;
        writeln!(out)?;
    }
    eprintln!("error: {message}");
    Ok(code)
}

fn reviewer(args: &ReviewScriptArgs) -> anyhow::Result<(Reviewer, PathBuf)> {
    let config = match &args.config {
        Some(path) => Config::load(path)?,
        None => Config::load_default()?,
    };
    let cwd = match &args.cwd {
        Some(dir) => dir.clone(),
        None => std::env::current_dir().context("failed to read the current directory")?,
    };
    let cwd = cwd.canonicalize().unwrap_or(cwd);
    let cache = if args.no_cache {
        None
    } else {
        VerdictCache::default_location()
    };
    Ok((
        Reviewer::new(config)
            .with_cache(cache)
            .with_llm_command(args.llm_command.clone())
            .with_judge(Some(crate::script_judge::ScriptJudge::shared(Arc::new(
                crate::script_judge::GuardCell::new(
                    args.kg.clone(),
                    crate::load::UpstreamThesauri::default(),
                ),
            )))),
        cwd,
    ))
}

fn review(args: &ReviewScriptArgs) -> anyhow::Result<(Review, String)> {
    let (reviewer, cwd) = reviewer(args)?;
    let ctx = Context::for_cwd(&cwd);
    let language = args.language.map(Language::from);
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from("-"));
    if file == Path::new("-") {
        let language = language.context("reading the script from stdin needs --language")?;
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("failed to read the script from stdin")?;
        return Ok((reviewer.review_text(&text, language, &ctx), "-".to_owned()));
    }
    let review = reviewer.review_file(&file, language, &ctx)?;
    Ok((review, file.display().to_string()))
}

fn print(args: &ReviewScriptArgs, review: &Review, name: &str) -> anyhow::Result<u8> {
    let report: &Report = &review.report;
    let line = review.line();
    let mut out = std::io::stdout().lock();
    if args.json {
        eprintln!("{line}");
        let output = ReviewOutput {
            schema: REVIEW_SCHEMA,
            file: name.to_owned(),
            verdict: report.verdict,
            reason: report.reason(),
            line: line.clone(),
            language: report.language,
            sha256: &review.sha256,
            cached: review.cached,
            findings: &report.findings,
            notes: &report.notes,
        };
        serde_json::to_writer(&mut out, &output)?;
        writeln!(out)?;
        return Ok(exit_code::SUCCESS);
    }
    writeln!(out, "{line}")?;
    for f in &report.findings {
        match f.line {
            0 => writeln!(out, "  {} ({}): {}", f.category, f.severity, f.why)?,
            n => writeln!(
                out,
                "  line {n}: {} ({}): {}\n      {}",
                f.category, f.severity, f.why, f.snippet
            )?,
        }
        if !f.chain.is_empty() {
            writeln!(out, "      chain: {} [{}]", f.chain_text(), f.rule)?;
        }
    }
    for note in &report.notes {
        writeln!(out, "note: {note}")?;
    }
    if report.verdict != Verdict::Clean {
        writeln!(
            out,
            "hint: `--json` gives every finding with its line and snippet"
        )?;
    }
    Ok(verdict_code(report.verdict))
}

/// One script found in a command, for `--command --json`.
#[derive(Debug, Serialize)]
struct ScriptOutput {
    script: String,
    action: &'static str,
    reason: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    verdict: Option<Verdict>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cached: Option<bool>,
    findings: Vec<Finding>,
}

/// `guard review-script --command --json`.
#[derive(Debug, Serialize)]
struct CommandOutput<'a> {
    schema: u32,
    command: &'a str,
    /// The strictest verdict of the reviewed scripts; absent when none was reviewed.
    verdict: Option<Verdict>,
    line: String,
    scripts: Vec<ScriptOutput>,
}

/// Plan and review every script a command line runs, the way the hook does.
fn run_command(args: &ReviewScriptArgs, command: &str) -> anyhow::Result<u8> {
    let (reviewer, cwd) = reviewer(args)?;
    let parsed = terraphim_guard::parse(command);
    let mut scripts = Vec::new();
    let mut strictest: Option<(Verdict, String)> = None;
    for simple in &parsed.commands {
        match reviewer.review_command(&simple.argv, simple.stdin_text.as_deref(), &cwd) {
            CommandReview::NotAScript => {}
            CommandReview::Skipped { script, reason } => scripts.push(ScriptOutput {
                script: script
                    .map(|s| s.display())
                    .unwrap_or_else(|| simple.text.clone()),
                action: "skipped",
                reason: reason.describe(),
                verdict: None,
                cached: None,
                findings: Vec::new(),
            }),
            CommandReview::Reviewed { script, review } => {
                let v = review.verdict();
                if strictest.as_ref().is_none_or(|(s, _)| v > *s) {
                    strictest = Some((v, review.line()));
                }
                scripts.push(ScriptOutput {
                    script: script.display(),
                    action: "reviewed",
                    reason: review.report.reason(),
                    verdict: Some(v),
                    cached: Some(review.cached),
                    findings: review.report.findings.clone(),
                });
            }
        }
    }
    let line = match (&strictest, scripts.first()) {
        (Some((_, line)), _) => line.clone(),
        (None, Some(s)) => format!("pre-review: skipped — {}: {}", s.script, s.reason),
        (None, None) => "pre-review: skipped — the command runs no script".to_owned(),
    };
    let verdict = strictest.map(|(v, _)| v);
    let mut out = std::io::stdout().lock();
    if args.json {
        eprintln!("{line}");
        serde_json::to_writer(
            &mut out,
            &CommandOutput {
                schema: REVIEW_SCHEMA,
                command,
                verdict,
                line: line.clone(),
                scripts,
            },
        )?;
        writeln!(out)?;
        return Ok(exit_code::SUCCESS);
    }
    writeln!(out, "{line}")?;
    for s in &scripts {
        match s.verdict {
            Some(v) => writeln!(out, "  {}: {v}: {}", s.script, s.reason)?,
            None => writeln!(out, "  {}: skipped: {}", s.script, s.reason)?,
        }
    }
    Ok(verdict.map(verdict_code).unwrap_or(exit_code::SUCCESS))
}
