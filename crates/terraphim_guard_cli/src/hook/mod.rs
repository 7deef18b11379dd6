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
use terraphim_guard::Verdict;

use protocol::{Agent, Answer, Event, ToolCall};

use crate::exit_code;
use crate::judge::{Context, Judge, Judgement, PreReview};

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
        if let Answer::Deny { reason }
        | Answer::Ask { reason }
        | Answer::AskRewrite { reason, .. } = answer
        {
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

/// The test suite's ways to prove the fail-closed paths on a real panic, crash and stall. Only
/// the `test-hooks` feature (enabled by the crate's own tests alone) compiles them in.
#[cfg(feature = "test-hooks")]
fn test_hooks() {
    if std::env::var_os("TERRAPHIM_GUARD_TEST_PANIC").is_some() {
        panic!("test panic requested by TERRAPHIM_GUARD_TEST_PANIC");
    }
    crash::crash_if_asked(crash::Stage::Start);
    if let Some(ms) = std::env::var("TERRAPHIM_GUARD_TEST_STALL_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        // Stall before answering, so the deadline answers.
        std::thread::sleep(Duration::from_millis(ms));
    }
}

fn run_inner(opts: &HookOptions) -> anyhow::Result<u8> {
    #[cfg(feature = "test-hooks")]
    test_hooks();
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
    // Gemini CLI sends no tool-call id. A call of a session gets one of the guard's own, so the
    // sandbox run can find its session (and a refusal can be kept for the next attempt).
    let with_id;
    let call = if call.id.is_none() && call.session.is_some() {
        let mut c = call.clone();
        c.id = Some(format!("guard-{}", &crate::way_out::new_nonce()?[..16]));
        with_id = c;
        &with_id
    } else {
        call
    };
    let judge = Judge::new(opts.kg.clone());
    let ctx = Context::new(call.cwd.as_deref().map(Path::new));
    let judgement = judge.judge(&call.command, &ctx)?;
    let mut answer = answer_for(&judgement, call, opts.defer_allow)?;
    let mut grant = None;
    if matches!(answer, Answer::Rewrite { .. })
        && judgement.verdict() == Verdict::Sandbox
        && let Some(session) = call.session.as_deref()
    {
        // A retry of a command the sandbox refused something in this session: a way out.
        match retry(opts.agent, call, session, &judgement) {
            Ok(Some((a, g))) => {
                answer = a;
                grant = g;
            }
            Ok(None) => {}
            Err(e) => {
                eprintln!("warning: terraphim guard could not look up an earlier refusal: {e:#}")
            }
        }
    }
    // The call is recorded before the answer is printed: a crash while recording then leaves no
    // answer at all (exit 2 blocks in every agent), where an answer printed first would stand in
    // the agents that read stdout whatever the exit code (Gemini CLI).
    if let Some(id) = &call.id {
        let executed = match &answer {
            Answer::Rewrite { command, .. } | Answer::AskRewrite { command, .. } => command.clone(),
            _ => call.command.clone(),
        };
        let review = judgement.review.as_ref().map(PreReview::record);
        #[cfg(feature = "test-hooks")]
        crash::crash_if_asked(crash::Stage::Recording);
        if let Err(e) = pending::record(
            id,
            opts.agent,
            call,
            &judgement.decision,
            &executed,
            review,
            grant,
        ) {
            eprintln!("warning: terraphim guard could not record the call for learning: {e:#}");
        }
    }
    answer_once(opts.agent, Some(call), &answer);
    Ok(exit_code::SUCCESS)
}

/// Spell a judgement as a hook answer. A reviewed script's verdict is never a silent pass: it
/// reaches the agent and the user (a dangerous script denies, a suspicious one asks, a clean
/// one's line is added to the answer, and an allow becomes explicit so it is shown).
pub(crate) fn answer_for(
    j: &Judgement,
    call: &ToolCall,
    defer_allow: bool,
) -> anyhow::Result<Answer> {
    let d = &j.decision;
    if let Some(r) = j.review.as_ref().filter(|_| j.decided_by_review()) {
        return Ok(match j.verdict() {
            Verdict::Deny => Answer::Deny {
                reason: format!("terraphim guard: denied by the script {}", r.detail),
            },
            _ => Answer::Ask {
                reason: format!("terraphim guard: the script needs a look: {}", r.detail),
            },
        });
    }
    let concept = j
        .deciding_match()
        .map(|m| format!(" [{}]", m.concept))
        .unwrap_or_default();
    let answer = match (
        j.verdict(),
        j.rewritten_command(&self_binary()?, call.id.as_deref()),
    ) {
        // Codex and Cursor cannot ask: their protocols render this as a deny.
        (Verdict::Deny, _) if j.asks_a_human_to_loosen() => Answer::Ask {
            reason: format!(
                "terraphim guard: only a human may do this: {}{concept}",
                d.reason
            ),
        },
        (Verdict::Deny, _) => Answer::Deny {
            reason: format!("terraphim guard: denied: {}{concept}", d.reason),
        },
        (Verdict::Sandbox, Some(command)) => Answer::Rewrite {
            command,
            reason: format!(
                "terraphim guard: runs in the sandbox (profile `{}`) because {}. Writes, network or secrets it needs may be refused; the outcome is recorded for review",
                j.profile().unwrap_or(terraphim_guard::DEFAULT_PROFILE),
                d.reason
            ),
        },
        (_, Some(replaced)) => Answer::Rewrite {
            reason: format!("terraphim guard: rewritten by the KG to `{replaced}`"),
            command: replaced,
        },
        (_, None) => Answer::Allow {
            explicit: !defer_allow || j.review.is_some(),
            reason: format!("terraphim guard: {}", d.reason),
        },
    };
    Ok(match &j.review {
        Some(r) => with_line(answer, &r.line),
        None => answer,
    })
}

/// The answer to a retry of a command whose last sandboxed run in this session was refused
/// something, if it was: an agent that can ask asks its user, naming the command under a grant
/// of exactly what was refused; one that cannot is denied, with what its human can do.
fn retry(
    agent: Agent,
    call: &ToolCall,
    session: &str,
    j: &Judgement,
) -> anyhow::Result<Option<(Answer, Option<String>)>> {
    use crate::way_out;
    let settings = way_out::Settings::load()?;
    let Some(refusal) = way_out::take_refusal(session, &call.command, &settings)? else {
        return Ok(None);
    };
    let base = j
        .profile()
        .unwrap_or(terraphim_guard::DEFAULT_PROFILE)
        .to_owned();
    let what = way_out::plain(&refusal.refused);
    let human = "For the user: run it yourself outside the agent if it must have that, `terraphim-agent guard review --list` shows what the guard learned from it and `terraphim-agent guard changes --list` what it held";
    if !matches!(agent, Agent::ClaudeCode | Agent::Gemini) {
        return Ok(Some((
            Answer::Deny {
                reason: format!(
                    "terraphim guard: the last run of this command in the sandbox (profile `{}`) was refused {what}, and running it the same way would be refused again. This agent cannot ask its user, so the guard does not loosen anything: do the work another way, or hand it to the user. {human}",
                    refusal.profile
                ),
            },
            None,
        )));
    }
    let has_workspace = terraphim_sandbox::ProfileSet::load_one(
        &base,
        terraphim_sandbox::ProfileSet::default_user_dir().as_deref(),
    )
    .map(|p| p.workspace.is_some())
    .unwrap_or(false);
    let home = std::env::var_os("HOME").map(std::path::PathBuf::from);
    let (loosening, never) = way_out::loosening_for(&refusal, has_workspace, home.as_deref());
    let never_line = if never.is_empty() {
        String::new()
    } else {
        format!(" The guard never grants {}.", never.join("; "))
    };
    if loosening.is_empty() {
        return Ok(Some((
            Answer::Deny {
                reason: format!(
                    "terraphim guard: the last run of this command in the sandbox (profile `{}`) was refused {what}, and running it the same way would be refused again.{never_line} Do the work another way, or hand it to the user. {human}",
                    refusal.profile
                ),
            },
            None,
        )));
    }
    let granted = loosening.describe();
    let nonce = way_out::write_grant(&refusal, &call.command, &base, loosening)?;
    let command = format!(
        "{} guard exec --grant {nonce}{} -- {}",
        shell_quote(&self_binary()?),
        call.id
            .as_deref()
            .map(|id| format!(" --id {}", shell_quote(id)))
            .unwrap_or_default(),
        shell_quote(&call.command)
    );
    Ok(Some((
        Answer::AskRewrite {
            command,
            reason: format!(
                "terraphim guard: the last run of this command in the sandbox (profile `{}`) was refused {what}. Approve to run it once more, still confined, with exactly this granted: {granted} (grant {nonce}, usable once).{never_line}",
                refusal.profile
            ),
        },
        Some(nonce),
    )))
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
        Answer::AskRewrite { command, reason } => Answer::AskRewrite {
            command,
            reason: format!("{reason}; {line}"),
        },
        Answer::Deny { reason } => Answer::Deny {
            reason: format!("{reason}; {line}"),
        },
    }
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
