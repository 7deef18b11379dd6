//! The agents' hook protocols: where each agent puts the command in its input, and how each
//! spells allow, deny, ask and a rewritten command in its output. Facts from
//! `docs/hooks.md`; every shape here has a golden test.

use serde_json::{Map, Value, json};

/// The agents this hook speaks to. The agent is always given explicitly, never guessed from the
/// payload's shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Agent {
    /// Claude Code (`PreToolUse` / `PostToolUse` / `PostToolUseFailure`, tool `Bash`).
    ClaudeCode,
    /// Codex CLI (same event names, tool `Bash`; output must hold documented fields only).
    Codex,
    /// Gemini CLI (`BeforeTool` / `AfterTool`, tool `run_shell_command`).
    Gemini,
    /// Cursor (`preToolUse` tool `Shell`, or `beforeShellExecution`; post events).
    Cursor,
}

impl Agent {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Agent::ClaudeCode => "claude-code",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
            Agent::Cursor => "cursor",
        }
    }
}

/// Which side of the tool call the event is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Event {
    /// Before the command runs: the gate.
    PreToolUse,
    /// After a successful run (Claude: exit 0 only).
    PostToolUse,
    /// After a failed run.
    PostToolUseFailure,
}

impl Event {
    /// The event named in the input (`hook_event_name`), per agent.
    pub(crate) fn from_input(name: &str) -> Option<Event> {
        match name {
            "PreToolUse" | "BeforeTool" | "preToolUse" | "beforeShellExecution" => {
                Some(Event::PreToolUse)
            }
            "PostToolUse" | "AfterTool" | "postToolUse" | "afterShellExecution" => {
                Some(Event::PostToolUse)
            }
            "PostToolUseFailure" | "postToolUseFailure" => Some(Event::PostToolUseFailure),
            _ => None,
        }
    }
}

/// What the hook extracted from an agent's input.
#[derive(Debug, Clone)]
pub(crate) struct ToolCall {
    /// The shell command.
    pub(crate) command: String,
    /// The whole tool input object, round-tripped on rewrite.
    pub(crate) tool_input: Map<String, Value>,
    /// Where the command lives: in `tool_input` (most agents) or top-level (Cursor's
    /// `beforeShellExecution`, which also cannot be rewritten).
    pub(crate) flat: bool,
    pub(crate) id: Option<String>,
    pub(crate) session: Option<String>,
    pub(crate) cwd: Option<String>,
}

/// Pull the shell call out of an input; `Ok(None)` when the tool is not a shell.
pub(crate) fn tool_call(agent: Agent, input: &Value) -> Result<Option<ToolCall>, String> {
    let obj = input
        .as_object()
        .ok_or("the hook input is not a JSON object")?;
    let s = |k: &str| obj.get(k).and_then(Value::as_str).map(str::to_string);
    let session = s("session_id").or_else(|| s("conversation_id"));
    let id = s("tool_use_id").or_else(|| s("generation_id"));
    if agent == Agent::Cursor && obj.get("tool_input").is_none() {
        // beforeShellExecution / afterShellExecution: flat {command, cwd}.
        let Some(command) = obj.get("command") else {
            return Ok(None);
        };
        let command = command
            .as_str()
            .ok_or("`command` is not a string")?
            .to_string();
        return Ok(Some(ToolCall {
            command,
            tool_input: Map::new(),
            flat: true,
            id,
            session,
            cwd: s("cwd"),
        }));
    }
    let tool = s("tool_name").unwrap_or_default();
    let is_shell = match agent {
        Agent::ClaudeCode | Agent::Codex => {
            tool == "Bash" || tool == "shell" || tool == "local_shell"
        }
        Agent::Gemini => tool == "run_shell_command",
        Agent::Cursor => tool == "Shell" || tool == "Bash" || tool == "terminal",
    };
    if !is_shell {
        return Ok(None);
    }
    let tool_input = match obj.get("tool_input") {
        Some(Value::Object(m)) => m.clone(),
        Some(_) => return Err("`tool_input` is not an object".into()),
        None => return Err("a shell tool call without `tool_input`".into()),
    };
    let command = match tool_input.get("command") {
        Some(Value::String(c)) => c.clone(),
        Some(Value::Array(parts)) => {
            // Codex's local_shell sends argv; judge it as the shell would run it.
            let words: Option<Vec<&str>> = parts.iter().map(Value::as_str).collect();
            let words = words.ok_or("`tool_input.command` array holds a non-string")?;
            words
                .iter()
                .map(|w| crate::hook::shell_quote(w))
                .collect::<Vec<_>>()
                .join(" ")
        }
        _ => return Err("`tool_input.command` is missing or not a string".into()),
    };
    let cwd = s("cwd")
        .or_else(|| {
            tool_input
                .get("cwd")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .or_else(|| {
            tool_input
                .get("dir_path")
                .and_then(Value::as_str)
                .map(str::to_string)
        });
    Ok(Some(ToolCall {
        command,
        tool_input,
        flat: false,
        id,
        session,
        cwd,
    }))
}

/// A pre-tool-use answer, before it is spelled in an agent's protocol.
#[derive(Debug, Clone)]
pub(crate) enum Answer {
    /// Let it run (`explicit`: say allow; else leave the agent's own permission flow in charge).
    Allow { explicit: bool, reason: String },
    /// Run this command instead (the sandbox wrapper, or a replaced command).
    Rewrite { command: String, reason: String },
    /// Ask the user.
    Ask { reason: String },
    /// Ask the user whether to run this command instead (a grant the user approves): agents
    /// that cannot ask, or cannot rewrite, get a deny with the reason and never the command.
    AskRewrite { command: String, reason: String },
    /// Never run.
    Deny { reason: String },
}

/// The JSON to print for an answer (None: print nothing), per agent.
pub(crate) fn render(agent: Agent, call: Option<&ToolCall>, answer: &Answer) -> Option<Value> {
    let updated = |command: &str| {
        let mut input = call.map(|c| c.tool_input.clone()).unwrap_or_default();
        input.insert("command".into(), Value::String(command.to_string()));
        Value::Object(input)
    };
    let flat_cursor = call.is_some_and(|c| c.flat);
    match agent {
        Agent::ClaudeCode | Agent::Codex => {
            let (decision, reason, input) = match answer {
                Answer::Allow {
                    explicit: false, ..
                } => return None,
                // Codex treats `allow` without `updatedInput` as a failed hook; say nothing.
                Answer::Allow { .. } if agent == Agent::Codex => return None,
                Answer::Allow { reason, .. } => ("allow", reason, None),
                Answer::Rewrite { command, reason } => ("allow", reason, Some(updated(command))),
                // Codex has no `ask`: it would run the tool. Deny instead, and say why.
                Answer::Ask { reason } if agent == Agent::Codex => ("deny", reason, None),
                Answer::Ask { reason } => ("ask", reason, None),
                Answer::AskRewrite { reason, .. } if agent == Agent::Codex => {
                    ("deny", reason, None)
                }
                Answer::AskRewrite { command, reason } => ("ask", reason, Some(updated(command))),
                Answer::Deny { reason } => ("deny", reason, None),
            };
            let mut hso = json!({
                "hookEventName": "PreToolUse",
                "permissionDecision": decision,
                "permissionDecisionReason": cap(reason),
            });
            if let (Some(input), Some(obj)) = (input, hso.as_object_mut()) {
                obj.insert("updatedInput".into(), input);
            }
            Some(json!({ "hookSpecificOutput": hso }))
        }
        Agent::Gemini => Some(match answer {
            Answer::Allow {
                explicit: false, ..
            } => return None,
            Answer::Allow { reason, .. } => json!({"decision": "allow", "reason": cap(reason)}),
            Answer::Rewrite { command, reason } => json!({
                "decision": "allow",
                "reason": cap(reason),
                "systemMessage": cap(reason),
                "hookSpecificOutput": {"tool_input": {"command": command}},
            }),
            Answer::Ask { reason } => json!({"decision": "ask", "reason": cap(reason)}),
            Answer::AskRewrite { command, reason } => json!({
                "decision": "ask",
                "reason": cap(reason),
                "systemMessage": cap(reason),
                "hookSpecificOutput": {"tool_input": {"command": command}},
            }),
            Answer::Deny { reason } => json!({"decision": "deny", "reason": cap(reason)}),
        }),
        Agent::Cursor => Some(match answer {
            // With `failClosed: true` an empty answer blocks, so allow is always spelled out.
            Answer::Allow { reason, .. } => {
                json!({"permission": "allow", "agent_message": cap(reason)})
            }
            Answer::Rewrite { command, reason } if !flat_cursor => json!({
                "permission": "allow",
                "updated_input": updated(command),
                "user_message": cap(reason),
                "agent_message": cap(reason),
            }),
            // beforeShellExecution cannot rewrite: deny, and tell the agent the confined form.
            Answer::Rewrite { command, reason } => {
                let msg = format!(
                    "{reason}. This hook cannot rewrite commands; run it confined instead: {command}"
                );
                json!({"permission": "deny", "user_message": cap(&msg), "agent_message": cap(&msg)})
            }
            // Cursor accepts `ask` without enforcing it: deny.
            Answer::Ask { reason }
            | Answer::AskRewrite { reason, .. }
            | Answer::Deny { reason } => {
                json!({"permission": "deny", "user_message": cap(reason), "agent_message": cap(reason)})
            }
        }),
    }
}

/// Claude Code caps strings in hook output at 10,000 characters.
fn cap(s: &str) -> String {
    const MAX: usize = 9_000;
    if s.len() <= MAX {
        return s.to_string();
    }
    let mut end = MAX;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… [truncated]", &s[..end])
}

/// The exit code of a finished tool call, from an agent's post event, when it says.
pub(crate) fn exit_code(agent: Agent, event: Event, input: &Value) -> Option<i32> {
    match (agent, event) {
        (_, Event::PostToolUseFailure) => {
            let err = input
                .get("error")
                .or_else(|| input.get("error_message"))
                .and_then(Value::as_str)?;
            let rest = err.strip_prefix("Exit code ")?;
            rest.split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        }
        (Agent::ClaudeCode, Event::PostToolUse) => Some(0),
        (Agent::Cursor, Event::PostToolUse) => {
            let out = input.get("tool_output")?;
            let parsed: Value = match out {
                Value::String(s) => serde_json::from_str(s).ok()?,
                other => other.clone(),
            };
            parsed
                .get("exitCode")
                .and_then(Value::as_i64)
                .map(|c| c as i32)
        }
        (_, Event::PostToolUse) => {
            let resp = input.get("tool_response")?;
            ["exit_code", "exitCode"]
                .iter()
                .find_map(|k| resp.get(*k).and_then(Value::as_i64))
                .map(|c| c as i32)
        }
        (_, Event::PreToolUse) => None,
    }
}
