//! `guard hook`: the agents' PreToolUse / PostToolUse gate. It never fails open: a panic, an
//! internal error, bad or oversized input, an unreadable KG, or its own deadline all end in the
//! agent's deny (or exit 2 with the reason on stderr).

mod crash;
pub(crate) mod pending;
pub(crate) mod protocol;

pub(crate) use terraphim_guard::shell_quote;

use std::io::{Read as _, Write as _};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::Value;
use terraphim_guard::{Decision, Verdict};

use protocol::{Agent, Answer, Event, ToolCall};

use crate::exit_code;

/// Largest hook input read; anything larger is denied.
pub(crate) const MAX_INPUT_BYTES: usize = 2 << 20;

/// Options of one hook run.
#[derive(Debug, Clone)]
pub(crate) struct HookOptions {
    pub(crate) agent: Agent,
    pub(crate) event: Option<Event>,
    pub(crate) defer_allow: bool,
    pub(crate) deadline: Duration,
    pub(crate) kg: crate::load::KgArgs,
}

static ANSWERED: AtomicBool = AtomicBool::new(false);

/// Print the hook's one answer, once; later callers (the deadline watchdog, a panic path) find
/// it taken and print nothing.
fn answer_once(agent: Agent, call: Option<&ToolCall>, answer: &Answer) -> bool {
    if ANSWERED.swap(true, Ordering::SeqCst) {
        return false;
    }
    let mut out = std::io::stdout().lock();
    let printed = match protocol::render(agent, call, answer) {
        Some(v) => writeln!(out, "{v}").and_then(|()| out.flush()).is_ok(),
        None => true,
    };
    if !printed {
        // stdout is gone: the only way left to block is exit 2 with the reason on stderr.
        if let Answer::Deny { reason } | Answer::Ask { reason } = answer {
            eprintln!("{reason}");
            std::process::exit(i32::from(exit_code::HOOK_BLOCK));
        }
    }
    true
}

fn fail_closed_reason(what: &str) -> String {
    format!(
        "terraphim guard could not judge this command ({what}), so it is blocked (the guard fails closed)"
    )
}

/// Run the hook. The return value is the process exit code.
pub(crate) fn run(opts: HookOptions) -> u8 {
    crash::block_on_crash();
    let agent = opts.agent;
    let deadline = opts.deadline;
    // The watchdog answers deny if the real answer is late.
    std::thread::spawn(move || {
        std::thread::sleep(deadline);
        let reason = fail_closed_reason(&format!(
            "it ran past its own deadline of {} ms",
            deadline.as_millis()
        ));
        if answer_once(agent, None, &Answer::Deny { reason }) {
            std::process::exit(i32::from(exit_code::SUCCESS));
        }
    });
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_inner(&opts)));
    match outcome {
        Ok(Ok(code)) => code,
        Ok(Err(e)) => {
            answer_once(
                agent,
                None,
                &Answer::Deny {
                    reason: fail_closed_reason(&format!("{e:#}")),
                },
            );
            exit_code::SUCCESS
        }
        Err(_) => {
            answer_once(
                agent,
                None,
                &Answer::Deny {
                    reason: fail_closed_reason("internal error: the guard panicked"),
                },
            );
            exit_code::SUCCESS
        }
    }
}

fn read_input() -> anyhow::Result<Value> {
    let mut buf = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut buf)?;
    if buf.len() > MAX_INPUT_BYTES {
        anyhow::bail!("the hook input is larger than {MAX_INPUT_BYTES} bytes");
    }
    let text = std::str::from_utf8(&buf).map_err(|e| {
        anyhow::anyhow!(
            "the hook input is not valid UTF-8 (byte {})",
            e.valid_up_to()
        )
    })?;
    serde_json::from_str(text).map_err(|e| anyhow::anyhow!("the hook input is not valid JSON: {e}"))
}

fn run_inner(opts: &HookOptions) -> anyhow::Result<u8> {
    if std::env::var_os("TERRAPHIM_GUARD_TEST_PANIC").is_some() {
        // Lets the test suite prove that a panic still ends in a deny.
        panic!("test panic requested by TERRAPHIM_GUARD_TEST_PANIC");
    }
    crash::crash_if_asked();
    if let Some(ms) = std::env::var("TERRAPHIM_GUARD_TEST_STALL_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        // Lets the test suite prove the deadline: stall before answering.
        std::thread::sleep(Duration::from_millis(ms));
    }
    let input = read_input()?;
    let event_name = input.get("hook_event_name").and_then(Value::as_str);
    let event = match (opts.event, event_name.and_then(Event::from_input)) {
        (Some(e), _) | (None, Some(e)) => e,
        (None, None) => anyhow::bail!(
            "the hook input names no known event (`hook_event_name`) and --event was not given"
        ),
    };
    let call = protocol::tool_call(opts.agent, &input).map_err(|e| anyhow::anyhow!(e))?;
    let Some(call) = call else {
        // Not a shell tool: no decision (Cursor, with failClosed, needs an explicit allow).
        if event == Event::PreToolUse && opts.agent == Agent::Cursor {
            answer_once(
                opts.agent,
                None,
                &Answer::Allow {
                    explicit: true,
                    reason: "not a shell command".into(),
                },
            );
        }
        return Ok(exit_code::SUCCESS);
    };
    match event {
        Event::PreToolUse => pre_tool_use(opts, &call),
        Event::PostToolUse | Event::PostToolUseFailure => {
            post_tool_use(opts, &call, event, &input);
            Ok(exit_code::SUCCESS)
        }
    }
}

fn pre_tool_use(opts: &HookOptions, call: &ToolCall) -> anyhow::Result<u8> {
    let decide = || -> anyhow::Result<Decision> {
        let guard = crate::load::guard(&opts.kg, &crate::load::UpstreamThesauri::default())?;
        let cwd = call.cwd.as_deref().map(Path::new);
        Ok(crate::commands::decide(&guard, &call.command, cwd))
    };
    let (decision, pre_review) = match scripts_to_review(call) {
        // A script review needs no KG: the KG's compilation and the decision run beside it, on a
        // second thread when one can be started.
        Ok(Some(scripts)) => std::thread::scope(|scope| {
            let beside = std::thread::Builder::new().spawn_scoped(scope, decide);
            let review = pre_review(scripts);
            let decision = match beside {
                Ok(thread) => thread
                    .join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("internal error: the guard panicked"))),
                Err(_) => decide(),
            };
            (decision, Ok(review))
        }),
        Ok(None) => (decide(), Ok(None)),
        Err(e) => (decide(), Err(e)),
    };
    let decision = decision?;
    let pre_review = pre_review?;
    let answer = match &pre_review {
        // A reviewed script's verdict is never a silent pass: it reaches the agent and the user.
        Some(r) if r.verdict == ScriptVerdict::Dangerous => Answer::Deny {
            reason: format!("terraphim guard: denied by the script {}", r.detail),
        },
        Some(r) if r.verdict == ScriptVerdict::Suspicious => Answer::Ask {
            reason: format!("terraphim guard: the script needs a look: {}", r.detail),
        },
        Some(r) => with_line(answer_for(&decision, call, false)?, &r.line),
        None => answer_for(&decision, call, opts.defer_allow)?,
    };
    answer_once(opts.agent, Some(call), &answer);
    if let Some(id) = &call.id {
        let executed = match &answer {
            Answer::Rewrite { command, .. } => command.clone(),
            _ => call.command.clone(),
        };
        let review = pre_review.as_ref().map(|r| r.record.clone());
        if let Err(e) = pending::record(id, opts.agent, call, &decision, &executed, review) {
            eprintln!("warning: terraphim guard could not record the call for learning: {e:#}");
        }
    }
    Ok(exit_code::SUCCESS)
}

/// The strictest script pre-review among the scripts a command runs.
struct PreReview {
    verdict: ScriptVerdict,
    /// `pre-review: <verdict> — <reason>`.
    line: String,
    /// The line, the script and its findings, for the agent.
    detail: String,
    /// What the outcome store keeps.
    record: serde_json::Value,
}

use terraphim_script_review::Verdict as ScriptVerdict;

/// The scripts a command runs that are to be reviewed (`python x.py`, `bash x.sh`, heredocs fed
/// to interpreters, ...), with the reviewer and the working directory.
struct Scripts {
    reviewer: terraphim_script_review::Reviewer,
    scripts: Vec<terraphim_script_review::Script>,
    cwd: std::path::PathBuf,
}

/// Plan the review of every temporary script the command runs (cheap: no git, no reading of the
/// scripts). A broken review configuration fails closed, like a broken KG.
fn scripts_to_review(call: &ToolCall) -> anyhow::Result<Option<Scripts>> {
    use terraphim_script_review::{Plan, Reviewer};
    let parsed = terraphim_guard::parse(&call.command);
    let cwd = match &call.cwd {
        Some(c) => std::path::PathBuf::from(c),
        None => std::env::current_dir()?,
    };
    if parsed.commands.is_empty() {
        return Ok(None);
    }
    let reviewer = Reviewer::from_env()
        .map_err(|e| anyhow::anyhow!("the script review configuration: {e}"))?;
    let scripts: Vec<_> = parsed
        .commands
        .iter()
        .filter_map(
            |c| match reviewer.plan_command(&c.argv, c.stdin_text.as_deref(), &cwd) {
                Plan::Review(script) => Some(script),
                _ => None,
            },
        )
        .collect();
    Ok((!scripts.is_empty()).then_some(Scripts {
        reviewer,
        scripts,
        cwd,
    }))
}

/// Review the planned scripts; the strictest review stands for the command.
fn pre_review(planned: Scripts) -> Option<PreReview> {
    use terraphim_script_review::CommandReview;
    let mut worst: Option<PreReview> = None;
    for script in planned.scripts {
        if let CommandReview::Reviewed { script, review } =
            planned.reviewer.review_script(script, &planned.cwd)
        {
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
            let record = serde_json::json!({"verdict": verdict.as_str(), "script": script.display(), "sha256": review.sha256, "line": line});
            worst = Some(PreReview {
                verdict,
                line,
                detail,
                record,
            });
        }
    }
    worst
}

/// Add the pre-review line to an answer's reason; an allow becomes explicit so it is shown.
fn with_line(answer: Answer, line: &str) -> Answer {
    match answer {
        Answer::Allow { reason, .. } => Answer::Allow {
            explicit: true,
            reason: format!("{reason}; {line}"),
        },
        Answer::Rewrite { command, reason } => Answer::Rewrite {
            command,
            reason: format!("{reason}; {line}"),
        },
        Answer::Ask { reason } => Answer::Ask {
            reason: format!("{reason}; {line}"),
        },
        Answer::Deny { reason } => Answer::Deny {
            reason: format!("{reason}; {line}"),
        },
    }
}

/// Map a decision onto a hook answer.
pub(crate) fn answer_for(
    d: &Decision,
    call: &ToolCall,
    defer_allow: bool,
) -> anyhow::Result<Answer> {
    let concept = d
        .deciding_match()
        .map(|m| format!(" [{}]", m.concept))
        .unwrap_or_default();
    Ok(match d.verdict {
        Verdict::Deny => Answer::Deny {
            reason: format!("terraphim guard: denied: {}{concept}", d.reason),
        },
        Verdict::Sandbox => {
            let profile = d
                .profile
                .as_deref()
                .unwrap_or(terraphim_guard::DEFAULT_PROFILE);
            let wrapped = terraphim_guard::sandbox_command(
                &self_binary()?,
                profile,
                call.id.as_deref(),
                d.effective_command(),
            );
            Answer::Rewrite {
                command: wrapped,
                reason: format!(
                    "terraphim guard: runs in the sandbox (profile `{profile}`) because {}. Writes, network or secrets it needs may be refused; the outcome is recorded for review",
                    d.reason
                ),
            }
        }
        Verdict::Allow => match &d.replaced {
            Some(replaced) => Answer::Rewrite {
                command: replaced.clone(),
                reason: format!("terraphim guard: rewritten by the KG to `{replaced}`"),
            },
            None => Answer::Allow {
                explicit: !defer_allow,
                reason: format!("terraphim guard: {}", d.reason),
            },
        },
    })
}

fn self_binary() -> anyhow::Result<String> {
    let exe = std::env::current_exe()
        .map_err(|e| anyhow::anyhow!("cannot find this binary's path to wrap the command: {e}"))?;
    Ok(exe.to_string_lossy().into_owned())
}

fn post_tool_use(opts: &HookOptions, call: &ToolCall, event: Event, input: &Value) {
    let code = protocol::exit_code(opts.agent, event, input);
    let pre = call
        .id
        .as_deref()
        .and_then(|id| pending::take(id).ok().flatten());
    if let Err(e) = pending::record_outcome(opts.agent, call, event, code, pre, input) {
        // Recording never changes what the agent sees; say so on stderr.
        eprintln!("warning: terraphim guard could not record the outcome: {e:#}");
    }
}
