//! Steps every domain uses: files, environment, running the binary, checking its output.

use cucumber::gherkin::Step;
use cucumber::{given, then, when};

use super::world::GuardWorld;

pub fn docstring(step: &Step) -> Result<&str, String> {
    // The parser keeps the newline after the opening `"""`.
    let text = step
        .docstring
        .as_deref()
        .ok_or_else(|| format!("step `{}` needs a docstring", step.value))?;
    Ok(text.strip_prefix('\n').unwrap_or(text))
}

fn split_args(world: &GuardWorld, line: &str) -> Result<Vec<String>, String> {
    let line = world.expand(line);
    let words = shlex::split(&line).ok_or_else(|| format!("cannot split `{line}` into words"))?;
    match words.split_first() {
        Some((first, rest)) if first == "terraphim-agent" => Ok(rest.to_vec()),
        _ => Err(format!(
            "a run step starts with `terraphim-agent`: `{line}`"
        )),
    }
}

#[given(expr = "a project file {string} containing:")]
fn project_file(world: &mut GuardWorld, path: String, step: &Step) -> Result<(), String> {
    let path = world.project().join(world.expand(&path));
    write_file(&path, &world.expand(docstring(step)?))
}

#[given(expr = "a file {string} containing:")]
fn any_file(world: &mut GuardWorld, path: String, step: &Step) -> Result<(), String> {
    let path = std::path::PathBuf::from(world.expand(&path));
    write_file(&path, &world.expand(docstring(step)?))
}

#[given(expr = "the user KG file {string} containing:")]
fn user_kg_file(world: &mut GuardWorld, path: String, step: &Step) -> Result<(), String> {
    let path = world.config_dir().join("terraphim/kg").join(path);
    write_file(&path, docstring(step)?)
}

#[given(expr = "the environment variable {string} is {string}")]
fn env_var(world: &mut GuardWorld, key: String, value: String) {
    let value = world.expand(&value);
    world.env.insert(key, value);
}

pub fn write_file(path: &std::path::Path, text: &str) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("mkdir {}: {e}", parent.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("write {}: {e}", path.display()))
}

#[when(expr = "I run {string}")]
fn run(world: &mut GuardWorld, line: String) -> Result<(), String> {
    let args = split_args(world, &line)?;
    world.run(&args, None);
    Ok(())
}

#[when(expr = "I run {string} in the home directory")]
fn run_in_home(world: &mut GuardWorld, line: String) -> Result<(), String> {
    let args = split_args(world, &line)?;
    let out = world
        .command(&args)
        .current_dir(world.home())
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("spawn: {e}"))?;
    world.last = super::world::RunOutput {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    Ok(())
}

#[then(expr = "the project file {string} contains {string}")]
fn project_file_contains(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let body =
        std::fs::read_to_string(world.project().join(&path)).map_err(|e| format!("{path}: {e}"))?;
    if body.contains(&text) {
        Ok(())
    } else {
        Err(format!("{path} lacks {text:?}:\n{body}"))
    }
}

#[when(expr = "I run {string} with stdin:")]
fn run_with_stdin(world: &mut GuardWorld, line: String, step: &Step) -> Result<(), String> {
    let args = split_args(world, &line)?;
    let input = world.expand(docstring(step)?);
    world.run(&args, Some(&input));
    Ok(())
}

#[then(expr = "the exit code is {int}")]
fn exit_code(world: &mut GuardWorld, code: i32) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    if world.last.code == Some(code) {
        Ok(())
    } else {
        Err(format!(
            "exit code {:?}, expected {code}\n{:#?}",
            world.last.code, world.last
        ))
    }
}

#[then(expr = "the exit code is not {int}")]
fn exit_code_not(world: &mut GuardWorld, code: i32) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    if world.last.code == Some(code) {
        Err(format!("exit code is {code}\n{:#?}", world.last))
    } else {
        Ok(())
    }
}

#[then(expr = "stdout contains {string}")]
fn stdout_contains(world: &mut GuardWorld, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let text = world.expand(&text);
    if world.last.stdout.contains(&text) {
        Ok(())
    } else {
        Err(format!("stdout lacks {text:?}\n{:#?}", world.last))
    }
}

#[then(expr = "stdout does not contain {string}")]
fn stdout_lacks(world: &mut GuardWorld, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let text = world.expand(&text);
    if world.last.stdout.contains(&text) {
        Err(format!("stdout has {text:?}\n{:#?}", world.last))
    } else {
        Ok(())
    }
}

#[then(expr = "stderr contains {string}")]
fn stderr_contains(world: &mut GuardWorld, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let text = world.expand(&text);
    if world.last.stderr.contains(&text) {
        Ok(())
    } else {
        Err(format!("stderr lacks {text:?}\n{:#?}", world.last))
    }
}

#[then(expr = "stdout is empty")]
fn stdout_empty(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    if world.last.stdout.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("stdout is not empty\n{:#?}", world.last))
    }
}

/// A JSON value as text, the way a scenario writes it (`3`, `true`, `null`).
fn json_text(v: &serde_json::Value) -> String {
    v.to_string()
}

/// Look a dotted path (`hookSpecificOutput.permissionDecision`, `matches.0.concept`) up in JSON.
pub fn json_at<'a>(value: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    path.split('.')
        .try_fold(value, |v, key| match key.parse::<usize>() {
            Ok(i) => v.get(i),
            Err(_) => v.get(key),
        })
}

#[then(expr = "the JSON field {string} is {string}")]
fn json_field_is(world: &mut GuardWorld, path: String, expected: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let json = world.last_json()?;
    let expected = world.expand(&expected);
    match json_at(&json, &path) {
        Some(serde_json::Value::String(s)) if *s == expected => Ok(()),
        Some(v) if !v.is_string() && json_text(v) == expected => Ok(()),
        other => Err(format!(
            "JSON field {path} is {other:?}, expected {expected:?}\n{json:#}"
        )),
    }
}

#[then(expr = "the JSON field {string} contains {string}")]
fn json_field_contains(world: &mut GuardWorld, path: String, part: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let json = world.last_json()?;
    let part = world.expand(&part);
    let found = json_at(&json, &path).map(|v| match v {
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    });
    match found {
        Some(s) if s.contains(&part) => Ok(()),
        other => Err(format!(
            "JSON field {path} is {other:?}, expected to contain {part:?}\n{json:#}"
        )),
    }
}

#[then(expr = "the JSON field {string} is absent")]
fn json_field_absent(world: &mut GuardWorld, path: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let json = world.last_json()?;
    match json_at(&json, &path) {
        None => Ok(()),
        Some(v) => Err(format!("JSON field {path} is present: {v}\n{json:#}")),
    }
}
