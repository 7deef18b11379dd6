//! Steps for the agents' hooks.

use cucumber::gherkin::Step;
use cucumber::{then, when};

use super::common::{docstring, json_at};
use super::world::GuardWorld;

#[when(expr = "the {word} hook receives:")]
fn hook_receives(world: &mut GuardWorld, agent: String, step: &Step) -> Result<(), String> {
    let mut input = world.expand(docstring(step)?);
    if let Some(port) = world.vars.get("port") {
        input = input.replace("{port}", port);
    }
    let args = vec!["guard".to_string(), "hook".into(), "--agent".into(), agent];
    world.run(&args, Some(&input));
    Ok(())
}

#[when(expr = "the {word} hook with {string} receives:")]
fn hook_with_receives(
    world: &mut GuardWorld,
    agent: String,
    extra: String,
    step: &Step,
) -> Result<(), String> {
    let input = world.expand(docstring(step)?);
    let mut args = vec!["guard".to_string(), "hook".into(), "--agent".into(), agent];
    args.extend(extra.split_whitespace().map(str::to_string));
    world.run(&args, Some(&input));
    Ok(())
}

#[when(expr = "the {word} hook receives {int} bytes of input")]
fn hook_receives_bytes(world: &mut GuardWorld, agent: String, bytes: usize) {
    let command = "x".repeat(bytes);
    let input = format!(
        r#"{{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{{"command":"{command}"}}}}"#
    );
    let args = vec!["guard".to_string(), "hook".into(), "--agent".into(), agent];
    world.run(&args, Some(&input));
}

fn outcome_records(world: &GuardWorld) -> Result<Vec<serde_json::Value>, String> {
    let path = world.data_dir().join("terraphim/guard/outcomes.jsonl");
    let text =
        std::fs::read_to_string(&path).map_err(|e| format!("read {}: {e}", path.display()))?;
    text.lines()
        .map(|l| serde_json::from_str(l).map_err(|e| format!("bad record {l}: {e}")))
        .collect()
}

#[then(expr = "the outcome store holds a {string} record for command {string}")]
fn store_holds(world: &mut GuardWorld, source: String, command: String) -> Result<(), String> {
    let records = outcome_records(world)?;
    let found = records.iter().any(|r| {
        r.get("source").and_then(|s| s.as_str()) == Some(&source)
            && r.get("command").and_then(|c| c.as_str()) == Some(&command)
    });
    if found {
        Ok(())
    } else {
        Err(format!("no {source} record for {command:?}: {records:#?}"))
    }
}

#[then(expr = "the last outcome record's {string} is {string}")]
fn last_record_field(world: &mut GuardWorld, path: String, expected: String) -> Result<(), String> {
    let records = outcome_records(world)?;
    let last = records.last().ok_or("the outcome store is empty")?;
    let got = json_at(last, &path).map(|v| match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    if got.as_deref() == Some(expected.as_str()) {
        Ok(())
    } else {
        Err(format!("{path} is {got:?}, expected {expected}\n{last:#}"))
    }
}

#[when(expr = "I run the rewritten command with bash")]
fn run_rewritten(world: &mut GuardWorld) -> Result<(), String> {
    let json = world.last_json()?;
    // Claude Code and Codex name it in `updatedInput`, Gemini CLI in `tool_input`.
    let cmd = [
        "hookSpecificOutput.updatedInput.command",
        "hookSpecificOutput.tool_input.command",
    ]
    .iter()
    .find_map(|p| json_at(&json, p).and_then(|v| v.as_str()))
    .ok_or_else(|| format!("no rewritten command in {json:#}"))?
    .to_string();
    world.vars.insert("rewritten".into(), cmd.clone());
    run_with_bash(world, cmd)
}

#[when(expr = "I run the same rewritten command with bash again")]
fn run_rewritten_again(world: &mut GuardWorld) -> Result<(), String> {
    let cmd = world
        .vars
        .get("rewritten")
        .cloned()
        .ok_or("no rewritten command was run before")?;
    run_with_bash(world, cmd)
}

fn run_with_bash(world: &mut GuardWorld, cmd: String) -> Result<(), String> {
    // The agent runs the rewritten command with its shell, in the project.
    let args = vec!["-c".to_string(), cmd];
    let mut command = world.command(&[]);
    command.env_remove("CI");
    let out = std::process::Command::new("bash")
        .args(&args)
        .current_dir(world.project())
        .env_clear()
        .envs(
            command
                .get_envs()
                .filter_map(|(k, v)| v.map(|v| (k.to_owned(), v.to_owned()))),
        )
        .output()
        .map_err(|e| format!("bash: {e}"))?;
    world.last = super::world::RunOutput {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    Ok(())
}

#[then(expr = "the outcome store holds a {string} violation for command {string}")]
fn store_violation(world: &mut GuardWorld, kind: String, command: String) -> Result<(), String> {
    let records = outcome_records(world)?;
    let found = records.iter().any(|r| {
        r.get("command").and_then(|c| c.as_str()) == Some(&command)
            && r.get("source").and_then(|s| s.as_str()) == Some("exec")
            && json_at(r, "outcome.violations")
                .and_then(|v| v.as_array())
                .is_some_and(|vs| {
                    vs.iter()
                        .any(|v| v.get("kind").and_then(|k| k.as_str()) == Some(&kind))
                })
    });
    if found {
        Ok(())
    } else {
        Err(format!(
            "no exec record with a {kind} violation for {command:?}: {records:#?}"
        ))
    }
}

#[then(expr = "the rewritten command wraps {string} for the sandbox with profile {string}")]
fn rewritten(world: &mut GuardWorld, original: String, profile: String) -> Result<(), String> {
    let original = original.replace("\\\"", "\"");
    let json = world.last_json()?;
    let cmd = [
        "hookSpecificOutput.updatedInput.command",
        "hookSpecificOutput.tool_input.command",
        "updated_input.command",
    ]
    .iter()
    .find_map(|p| {
        json_at(&json, p)
            .and_then(|v| v.as_str())
            .map(str::to_string)
    })
    .ok_or_else(|| format!("no rewritten command in {json:#}"))?;
    let bin = GuardWorld::binary().display().to_string();
    let expected_prefix = format!("{bin} guard exec --profile {profile} ");
    if !cmd.starts_with(&expected_prefix) {
        return Err(format!("{cmd:?} does not start with {expected_prefix:?}"));
    }
    // The original must come back byte for byte when a shell splits the wrapper.
    let words = shlex::split(&cmd).ok_or("the rewritten command does not split")?;
    match words.last() {
        Some(last) if *last == original && words[words.len() - 2] == "--" => Ok(()),
        _ => Err(format!(
            "the last word of {words:?} is not {original:?} after --"
        )),
    }
}
