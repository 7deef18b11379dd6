//! Steps of the learning loop: outcome records written as `guard exec` and the hook write them,
//! the review gate driven through the real binary, and the files it leaves behind.

use cucumber::gherkin::Step;
use cucumber::{given, then, when};
use terraphim_learn::{Action, proposal_id};

use super::common::write_file;
use super::world::GuardWorld;

fn store_path(world: &GuardWorld) -> std::path::PathBuf {
    world.data_dir().join("terraphim/guard/outcomes.jsonl")
}

fn next_id(world: &mut GuardWorld) -> String {
    let n: u64 = world
        .vars
        .get("learn.next_id")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
        + 1;
    world.vars.insert("learn.next_id".into(), n.to_string());
    format!("toolu_{n:04}")
}

fn append(world: &GuardWorld, line: &str) -> Result<(), String> {
    use std::io::Write as _;
    let path = store_path(world);
    if let Some(dir) = path.parent() {
        fs_err::create_dir_all(dir).map_err(|e| e.to_string())?;
    }
    let mut f = fs_err::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(|e| e.to_string())?;
    f.write_all(line.as_bytes()).map_err(|e| e.to_string())
}

/// One outcome record in the store's wire format; a `|` splits the command into simple commands.
fn record(
    id: &str,
    command: &str,
    decision: &str,
    kind: &str,
    violations: serde_json::Value,
) -> String {
    let canonical: Vec<&str> = command.split('|').map(str::trim).collect();
    let line = serde_json::json!({
        "type": "outcome", "schema": 1, "time": "2026-01-01T00:00:00.000Z", "id": id, "session": "bdd",
        "cwd": "/project", "source": "exec", "agent": "claude-code", "command": command, "executed": command,
        "canonical": canonical, "decision": decision, "concepts": [], "profile": "readonly", "backend": "native",
        "outcome": {"kind": kind, "exit_code": 0, "violations": violations}, "duration_ms": 5
    });
    format!("{line}\n")
}

#[given(expr = "{int} clean sandbox run(s) of {string}")]
fn clean_runs(world: &mut GuardWorld, n: usize, command: String) -> Result<(), String> {
    for _ in 0..n {
        let id = next_id(world);
        append(
            world,
            &record(&id, &command, "sandbox", "clean", serde_json::json!([])),
        )?;
    }
    Ok(())
}

#[given(expr = "{int} clean sandbox runs of {string} all with the invocation id {string}")]
fn same_id_runs(
    world: &mut GuardWorld,
    n: usize,
    command: String,
    id: String,
) -> Result<(), String> {
    for _ in 0..n {
        append(
            world,
            &record(&id, &command, "sandbox", "clean", serde_json::json!([])),
        )?;
    }
    Ok(())
}

#[given(expr = "{int} clean host run(s) of {string}")]
fn host_runs(world: &mut GuardWorld, n: usize, command: String) -> Result<(), String> {
    for _ in 0..n {
        let id = next_id(world);
        append(
            world,
            &record(&id, &command, "allow", "clean", serde_json::json!([])),
        )?;
    }
    Ok(())
}

#[given(expr = "a sandbox run of {string} that violated {word}")]
fn violated(world: &mut GuardWorld, command: String, kind: String) -> Result<(), String> {
    let id = next_id(world);
    let violations =
        serde_json::json!([{"kind": kind, "detail": format!("{kind} denied"), "evidence": "bdd"}]);
    let outcome = if matches!(kind.as_str(), "memory" | "cpu" | "output" | "wall-time") {
        "limit"
    } else {
        "violation"
    };
    append(
        world,
        &record(&id, &command, "sandbox", outcome, violations),
    )
}

#[given(expr = "{int} sandbox run(s) of {string} that ended with {word}")]
fn ended(world: &mut GuardWorld, n: usize, command: String, kind: String) -> Result<(), String> {
    for _ in 0..n {
        let id = next_id(world);
        append(
            world,
            &record(&id, &command, "sandbox", &kind, serde_json::json!([])),
        )?;
    }
    Ok(())
}

#[given(expr = "a denied run of {string}")]
fn denied(world: &mut GuardWorld, command: String) -> Result<(), String> {
    let id = next_id(world);
    append(
        world,
        &record(&id, &command, "deny", "denied", serde_json::json!([])),
    )
}

#[given(expr = "the outcome store contains:")]
fn store_contains(world: &mut GuardWorld, step: &Step) -> Result<(), String> {
    let text = step.docstring.as_deref().ok_or("a docstring is needed")?;
    append(world, text.trim_start_matches('\n'))
}

#[given(expr = "the outcome store ends with the torn record {string}")]
fn torn(world: &mut GuardWorld, fragment: String) -> Result<(), String> {
    append(world, &fragment)
}

#[given(expr = "the learn config:")]
fn learn_config(world: &mut GuardWorld, step: &Step) -> Result<(), String> {
    let text = step.docstring.as_deref().ok_or("a docstring is needed")?;
    write_file(&world.config_dir().join("terraphim/guard/learn.toml"), text)
}

#[given(expr = "the user {word} pattern {string}")]
fn user_pattern(world: &mut GuardWorld, tier: String, pattern: String) -> Result<(), String> {
    let name: String = pattern
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let path = world
        .user_kg(&format!("guard-{tier}"))
        .join(format!("{name}.md"));
    write_file(
        &path,
        &format!("# {pattern}\n\nsynonyms:: {pattern}\nreason:: given\nexample:: {pattern}\n"),
    )
}

fn action(name: &str) -> Result<Action, String> {
    match name {
        "ALLOW" | "allow" => Ok(Action::Allow),
        "DENY" | "deny" => Ok(Action::Deny),
        "demotion" | "demote" => Ok(Action::Demote),
        other => Err(format!("unknown proposal kind `{other}`")),
    }
}

/// The id of a proposal: demotions are keyed by tier and concept.
fn id_of(kind: &str, pattern: &str) -> Result<String, String> {
    let action = action(kind)?;
    let key = if action == Action::Demote {
        let concept: String = pattern
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        format!("safe:{concept}")
    } else {
        pattern.to_owned()
    };
    Ok(proposal_id(action, &key))
}

#[when(expr = "I approve the {word} proposal for {string}")]
fn approve(world: &mut GuardWorld, kind: String, pattern: String) -> Result<(), String> {
    let id = id_of(&kind, &pattern)?;
    world.run(
        &["guard".into(), "review".into(), "--approve".into(), id],
        None,
    );
    Ok(())
}

#[when(expr = "I reject the {word} proposal for {string} because {string}")]
fn reject(
    world: &mut GuardWorld,
    kind: String,
    pattern: String,
    why: String,
) -> Result<(), String> {
    let id = id_of(&kind, &pattern)?;
    world.run(
        &[
            "guard".into(),
            "review".into(),
            "--reject".into(),
            id,
            "--why".into(),
            why,
        ],
        None,
    );
    Ok(())
}

/// Staged proposals as (file name, text).
fn staged(world: &GuardWorld) -> Result<Vec<(String, String)>, String> {
    let dir = world.user_kg("guard-staging");
    let Ok(entries) = fs_err::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_file() && path.extension().is_some_and(|x| x == "md") {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.push((
                name,
                fs_err::read_to_string(&path).map_err(|e| e.to_string())?,
            ));
        }
    }
    out.sort();
    Ok(out)
}

fn find_staged(world: &GuardWorld, kind: &str, pattern: &str) -> Result<Option<String>, String> {
    let action = action(kind)?;
    let want_action = format!("action:: {}", action.as_str());
    let want_pattern = format!("pattern:: {pattern}");
    Ok(staged(world)?
        .into_iter()
        .map(|(_, text)| text)
        .find(|t| t.lines().any(|l| l == want_action) && t.lines().any(|l| l == want_pattern)))
}

#[then(expr = "a staged {word} proposal for {string} exists")]
fn staged_exists(world: &mut GuardWorld, kind: String, pattern: String) -> Result<(), String> {
    match find_staged(world, &kind, &pattern)? {
        Some(text) if text.lines().any(|l| l == "status:: staged") => Ok(()),
        Some(text) => Err(format!("the proposal is not `status:: staged`:\n{text}")),
        None => Err(format!(
            "no staged {kind} proposal for `{pattern}`; staging holds {:#?}\nlast run: {:#?}",
            staged(world)?,
            world.last
        )),
    }
}

#[then(expr = "no staged {word} proposal for {string} exists")]
fn staged_absent(world: &mut GuardWorld, kind: String, pattern: String) -> Result<(), String> {
    match find_staged(world, &kind, &pattern)? {
        None => Ok(()),
        Some(text) => Err(format!("unexpected staged proposal:\n{text}")),
    }
}

#[then(expr = "the staging dir holds {int} proposal(s)")]
fn staged_count(world: &mut GuardWorld, n: usize) -> Result<(), String> {
    let staged = staged(world)?;
    if staged.len() == n {
        Ok(())
    } else {
        Err(format!("{} proposals staged: {staged:#?}", staged.len()))
    }
}

#[then(expr = "the staged {word} proposal for {string} has the line {string}")]
fn staged_line(
    world: &mut GuardWorld,
    kind: String,
    pattern: String,
    line: String,
) -> Result<(), String> {
    let text = find_staged(world, &kind, &pattern)?
        .ok_or_else(|| format!("no staged {kind} proposal for `{pattern}`"))?;
    if text.lines().any(|l| l == line) {
        Ok(())
    } else {
        Err(format!("no line {line:?} in\n{text}"))
    }
}

#[then(expr = "the user KG file {string} has the line {string}")]
fn kg_line(world: &mut GuardWorld, rel: String, line: String) -> Result<(), String> {
    let path = world.config_dir().join("terraphim/kg").join(&rel);
    let text =
        fs_err::read_to_string(&path).map_err(|e| format!("{e}\nlast run: {:#?}", world.last))?;
    if text.lines().any(|l| l == line) {
        Ok(())
    } else {
        Err(format!("no line {line:?} in {}:\n{text}", path.display()))
    }
}

#[then(expr = "the user KG file {string} does not exist")]
fn kg_absent(world: &mut GuardWorld, rel: String) -> Result<(), String> {
    let path = world.config_dir().join("terraphim/kg").join(&rel);
    if path.exists() {
        Err(format!("{} exists", path.display()))
    } else {
        Ok(())
    }
}

#[then(expr = "the review log has a {string} record for {string}")]
fn review_record(world: &mut GuardWorld, action: String, synonym: String) -> Result<(), String> {
    let path = world.data_dir().join("terraphim/guard/reviews.jsonl");
    let text = fs_err::read_to_string(&path).map_err(|e| e.to_string())?;
    let found = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .any(|v| {
            v["type"] == "review"
                && v["action"] == action.as_str()
                && v["synonyms"]
                    .as_array()
                    .is_some_and(|s| s.iter().any(|x| x == synonym.as_str()))
                && v["who"].is_string()
                && v["time"].is_string()
                && v["evidence"].is_object()
        });
    if found {
        Ok(())
    } else {
        Err(format!("no {action} record for {synonym} in\n{text}"))
    }
}

#[then(expr = "{int} review record(s) say(s) {string}")]
fn review_count(world: &mut GuardWorld, n: usize, action: String) -> Result<(), String> {
    let path = world.data_dir().join("terraphim/guard/reviews.jsonl");
    let text = fs_err::read_to_string(&path).unwrap_or_default();
    let count = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["action"] == action.as_str())
        .count();
    if count == n {
        Ok(())
    } else {
        Err(format!("{count} {action} records, expected {n}:\n{text}"))
    }
}

#[when(expr = "I review interactively answering {string}")]
fn review_interactively(world: &mut GuardWorld, answers: String) {
    let input: String = answers
        .split(';')
        .map(|a| format!("{}\n", a.trim()))
        .collect();
    world.run(
        &["guard".into(), "review".into(), "--interactive".into()],
        Some(&input),
    );
}

#[then(expr = "stderr has no warning")]
fn no_warning(world: &mut GuardWorld) -> Result<(), String> {
    if world.last.stderr.contains("warning") {
        Err(format!("stderr warns:\n{}", world.last.stderr))
    } else {
        Ok(())
    }
}
