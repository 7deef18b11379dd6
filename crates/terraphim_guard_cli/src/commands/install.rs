//! `guard install` / `guard uninstall`: wire the hook into an agent's settings file. Idempotent,
//! atomic (temporary file + rename), with a backup, keeping every unrelated setting.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use serde_json::{Map, Value, json};

use crate::exit_code;
use crate::hook::protocol::Agent;
use crate::hook::shell_quote;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Scope {
    /// The user's settings, for every project.
    User,
    /// This project's settings (committed with the project).
    Project,
}

#[derive(Debug, Args)]
pub(crate) struct InstallArgs {
    /// The agent to wire the hook into.
    #[arg(long, value_enum)]
    agent: Agent,
    /// Where: the user's settings or the project's.
    #[arg(long, value_enum, default_value_t = Scope::User)]
    scope: Scope,
    /// The project directory for `--scope project` (default: the current directory).
    #[arg(long, value_name = "DIR")]
    project: Option<PathBuf>,
    /// Show what would change and write nothing.
    #[arg(long)]
    dry_run: bool,
    /// The binary the hook runs (default: this binary's absolute path).
    #[arg(long, value_name = "PATH", hide = true)]
    binary: Option<PathBuf>,
}

/// The settings file of an agent at a scope.
fn settings_path(agent: Agent, scope: Scope, project: &Path) -> anyhow::Result<PathBuf> {
    let base = match scope {
        Scope::User => PathBuf::from(
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .context("HOME is not set")?,
        ),
        Scope::Project => project.to_path_buf(),
    };
    Ok(match agent {
        Agent::ClaudeCode => base.join(".claude/settings.json"),
        Agent::Codex => base.join(".codex/hooks.json"),
        Agent::Gemini => base.join(".gemini/settings.json"),
        Agent::Cursor => base.join(".cursor/hooks.json"),
    })
}

/// (event key, matcher, hook entry) for each event the guard handles, per agent.
fn entries(agent: Agent, binary: &str) -> Vec<(&'static str, Option<&'static str>, Value)> {
    let cmd = |extra: &str| {
        format!(
            "{} guard hook --agent {}{extra}",
            shell_quote(binary),
            agent.as_str()
        )
    };
    match agent {
        Agent::ClaudeCode | Agent::Codex => ["PreToolUse", "PostToolUse", "PostToolUseFailure"]
            .into_iter()
            .filter(|e| agent == Agent::ClaudeCode || *e != "PostToolUseFailure")
            .map(|e| (e, Some("Bash"), json!({"type": "command", "command": cmd(""), "timeout": 10})))
            .collect(),
        Agent::Gemini => [("BeforeTool", ""), ("AfterTool", "")]
            .into_iter()
            .map(|(e, x)| (e, Some("run_shell_command"), json!({"name": "terraphim-guard", "type": "command", "command": cmd(x), "timeout": 10000})))
            .collect(),
        Agent::Cursor => ["preToolUse", "postToolUse", "postToolUseFailure"]
            .into_iter()
            .map(|e| (e, None, json!({"command": cmd(""), "matcher": "Shell", "timeout": 10, "failClosed": true})))
            .collect(),
    }
}

/// Whether a hook entry is one of ours for this agent.
fn is_ours(entry: &Value, agent: Agent) -> bool {
    entry
        .get("command")
        .and_then(Value::as_str)
        .is_some_and(|c| c.contains(&format!("guard hook --agent {}", agent.as_str())))
}

/// Add the guard's entries; returns a description of each change.
fn add(settings: &mut Value, agent: Agent, binary: &str) -> anyhow::Result<Vec<String>> {
    let root = settings
        .as_object_mut()
        .context("the settings file is not a JSON object")?;
    if agent == Agent::Cursor {
        root.entry("version").or_insert(json!(1));
    }
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
        .context("`hooks` is not an object")?;
    let mut changes = Vec::new();
    for (event, matcher, entry) in entries(agent, binary) {
        let list = hooks
            .entry(event)
            .or_insert_with(|| json!([]))
            .as_array_mut()
            .with_context(|| format!("`hooks.{event}` is not an array"))?;
        let present = match matcher {
            Some(_) => list.iter().any(|group| {
                group
                    .get("hooks")
                    .and_then(Value::as_array)
                    .is_some_and(|hs| hs.iter().any(|h| is_ours(h, agent)))
            }),
            None => list.iter().any(|h| is_ours(h, agent)),
        };
        if present {
            continue;
        }
        match matcher {
            Some(m) => list.push(json!({"matcher": m, "hooks": [entry]})),
            None => list.push(entry),
        }
        changes.push(format!(
            "+ hooks.{event}: {}",
            entries_command(agent, binary)
        ));
    }
    Ok(changes)
}

fn entries_command(agent: Agent, binary: &str) -> String {
    format!(
        "{} guard hook --agent {}",
        shell_quote(binary),
        agent.as_str()
    )
}

/// Remove the guard's entries; returns a description of each change.
fn remove(settings: &mut Value, agent: Agent) -> Vec<String> {
    let mut changes = Vec::new();
    let Some(hooks) = settings.get_mut("hooks").and_then(Value::as_object_mut) else {
        return changes;
    };
    for (event, list) in hooks.iter_mut() {
        let Some(list) = list.as_array_mut() else {
            continue;
        };
        let before = list.len();
        // Remove our handlers, then groups left with no handler.
        for group in list.iter_mut() {
            if let Some(hs) = group.get_mut("hooks").and_then(Value::as_array_mut) {
                hs.retain(|h| !is_ours(h, agent));
            }
        }
        list.retain(|g| {
            !is_ours(g, agent)
                && !g
                    .get("hooks")
                    .and_then(Value::as_array)
                    .is_some_and(Vec::is_empty)
        });
        if list.len() != before {
            changes.push(format!(
                "- hooks.{event}: {} entr{}",
                before - list.len(),
                if before - list.len() == 1 { "y" } else { "ies" }
            ));
        }
    }
    hooks.retain(|_, v| !v.as_array().is_some_and(Vec::is_empty));
    if !changes.is_empty() {
        forget_what_install_added(settings, agent);
    }
    changes
}

/// After the guard's entries are gone, drop what `add` created around them: a `hooks` object
/// left empty and, for Cursor, the `version` it added to a file that holds nothing else.
fn forget_what_install_added(settings: &mut Value, agent: Agent) {
    let Some(root) = settings.as_object_mut() else {
        return;
    };
    if root
        .get("hooks")
        .and_then(Value::as_object)
        .is_some_and(Map::is_empty)
    {
        root.remove("hooks");
    }
    if agent == Agent::Cursor && root.len() == 1 && root.get("version") == Some(&json!(1)) {
        root.remove("version");
    }
}

/// Whether the settings hold nothing at all (a file uninstall may remove).
fn is_empty(settings: &Value) -> bool {
    settings.as_object().is_some_and(Map::is_empty)
}

fn read_settings(path: &Path) -> anyhow::Result<Value> {
    match fs_err::read_to_string(path) {
        Ok(text) if text.trim().is_empty() => Ok(json!({})),
        Ok(text) => serde_json::from_str(&text)
            .with_context(|| format!("{} is not valid JSON; not touching it", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(json!({})),
        Err(e) => Err(e.into()),
    }
}

/// Back up, then replace atomically.
fn write_settings(path: &Path, value: &Value) -> anyhow::Result<Option<PathBuf>> {
    let dir = path.parent().context("settings path has no parent")?;
    fs_err::create_dir_all(dir)?;
    let backup = if path.exists() {
        let b = path.with_extension(format!(
            "{}.bak",
            path.extension().and_then(|e| e.to_str()).unwrap_or("json")
        ));
        fs_err::copy(path, &b)?;
        Some(b)
    } else {
        None
    };
    let tmp = path.with_extension("tmp-terraphim-guard");
    fs_err::write(&tmp, format!("{}\n", serde_json::to_string_pretty(value)?))?;
    fs_err::rename(&tmp, path)?;
    Ok(backup)
}

pub(crate) fn run(args: InstallArgs, uninstall: bool) -> anyhow::Result<u8> {
    let project = match &args.project {
        Some(p) => p.clone(),
        None => std::env::current_dir()?,
    };
    let path = settings_path(args.agent, args.scope, &project)?;
    let mut settings = read_settings(&path)?;
    let binary = match &args.binary {
        Some(b) => b.clone(),
        None => std::env::current_exe().context("cannot find this binary's path")?,
    };
    let binary = binary.to_string_lossy().into_owned();
    let changes = if uninstall {
        remove(&mut settings, args.agent)
    } else {
        add(&mut settings, args.agent, &binary)?
    };
    if changes.is_empty() {
        println!(
            "{}: nothing to change ({})",
            path.display(),
            if uninstall {
                "the guard is not installed"
            } else {
                "the guard is already installed"
            }
        );
        return Ok(exit_code::SUCCESS);
    }
    println!("{}:", path.display());
    for c in &changes {
        println!("  {c}");
    }
    if args.dry_run {
        println!(
            "dry run: nothing written. The file would read:\n{}",
            serde_json::to_string_pretty(&settings)?
        );
        return Ok(exit_code::SUCCESS);
    }
    if uninstall && is_empty(&settings) {
        // Nothing is left but what install created: remove the file (and its directory, when
        // that is left empty), as if the guard had never been installed.
        fs_err::remove_file(&path)?;
        println!(
            "removed {} (it held only the guard's entries)",
            path.display()
        );
        if let Some(dir) = path.parent()
            && fs_err::read_dir(dir).is_ok_and(|mut d| d.next().is_none())
        {
            let _ = fs_err::remove_dir(dir);
        }
        return Ok(exit_code::SUCCESS);
    }
    if let Some(b) = write_settings(&path, &settings)? {
        println!("backup: {}", b.display());
    }
    if !uninstall {
        match args.agent {
            Agent::ClaudeCode => {
                println!("next: restart Claude Code (or run /hooks) so it loads the hook")
            }
            Agent::Codex => println!(
                "next: Codex skips a new hook until you trust it: open /hooks in Codex and trust `terraphim-guard`"
            ),
            Agent::Gemini => {
                println!("next: restart Gemini CLI; a changed project hook must be trusted again")
            }
            Agent::Cursor => {
                println!("next: restart Cursor; the hook is fail-closed (`failClosed: true`)")
            }
        }
    }
    Ok(exit_code::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn install_is_idempotent_and_uninstall_restores() {
        for agent in [
            Agent::ClaudeCode,
            Agent::Codex,
            Agent::Gemini,
            Agent::Cursor,
        ] {
            let original = json!({"model": "x", "hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "other"}]}]}});
            let mut s = original.clone();
            assert!(
                !add(&mut s, agent, "/bin/terraphim-agent")
                    .unwrap()
                    .is_empty()
            );
            let once = s.clone();
            assert!(
                add(&mut s, agent, "/bin/terraphim-agent")
                    .unwrap()
                    .is_empty(),
                "{agent:?}"
            );
            assert_eq!(s, once);
            assert!(!remove(&mut s, agent).is_empty());
            let mut want = original.clone();
            if agent == Agent::Cursor {
                want["version"] = json!(1);
            }
            assert_eq!(s, want, "{agent:?}");
        }
    }

    /// Uninstall leaves no trace of a file install created: no `{"hooks": {}}`, no Cursor
    /// `version` alone, so the file can go.
    #[test]
    fn uninstall_removes_what_install_created() {
        for agent in [
            Agent::ClaudeCode,
            Agent::Codex,
            Agent::Gemini,
            Agent::Cursor,
        ] {
            let mut s = json!({});
            add(&mut s, agent, "/bin/terraphim-agent").unwrap();
            assert!(!remove(&mut s, agent).is_empty());
            assert_eq!(s, json!({}), "{agent:?}");
            assert!(is_empty(&s));
            // Other settings stay, and so does a Cursor version beside them.
            let mut s = json!({"model": "x", "version": 1});
            add(&mut s, agent, "/bin/terraphim-agent").unwrap();
            remove(&mut s, agent);
            assert_eq!(s, json!({"model": "x", "version": 1}), "{agent:?}");
        }
    }
}
