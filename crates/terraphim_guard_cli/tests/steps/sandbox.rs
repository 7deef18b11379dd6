//! Steps of the sandbox domain: profiles in the scenario's config dir, planted secrets, loopback
//! listeners, sandboxed runs with and without bubblewrap, and checks on the run report.

use std::net::TcpListener;

use cucumber::gherkin::Step;
use cucumber::{given, then, when};

use super::common::{json_at, write_file};
use super::world::GuardWorld;

const SECRET: &str = "SECRET-KEY-MATERIAL-91ab";

fn base_profile(name: &str) -> Result<&'static str, String> {
    match name {
        "readonly" => Ok(include_str!("../../../../kg/profiles/readonly.toml")),
        "strict" => Ok(include_str!("../../../../kg/profiles/strict.toml")),
        "build" => Ok(include_str!("../../../../kg/profiles/build.toml")),
        "workspace" => Ok(include_str!("../../../../kg/profiles/workspace.toml")),
        "install" => Ok(include_str!("../../../../kg/profiles/install.toml")),
        other => Err(format!("no embedded profile `{other}`")),
    }
}

#[given(expr = "a sandbox profile {string} based on {string} with:")]
fn profile(world: &mut GuardWorld, name: String, base: String, step: &Step) -> Result<(), String> {
    let mut text = base_profile(&base)?.to_owned();
    let changes = step
        .docstring
        .as_deref()
        .ok_or("the step needs a docstring")?;
    for change in changes.lines().filter(|l| !l.trim().is_empty()) {
        let key = change.split('=').next().unwrap_or_default().trim();
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{key} =")))
            .ok_or(format!("no `{key}` in {base}"))?;
        text = text.replace(line, change.trim());
    }
    write_file(
        &world
            .config_dir()
            .join(format!("terraphim/guard/profiles/{name}.toml")),
        &text,
    )
}

#[given(expr = "a planted secret {string}")]
fn planted_secret(world: &mut GuardWorld, path: String) -> Result<(), String> {
    write_file(std::path::Path::new(&world.expand(&path)), SECRET)
}

#[given(expr = "a symlink {string} in the project pointing to {string}")]
fn symlink(world: &mut GuardWorld, link: String, target: String) -> Result<(), String> {
    std::os::unix::fs::symlink(world.expand(&target), world.project().join(link))
        .map_err(|e| e.to_string())
}

#[given("a loopback TCP listener")]
fn listener(world: &mut GuardWorld) -> Result<(), String> {
    let l = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    l.set_nonblocking(true).map_err(|e| e.to_string())?;
    let port = l.local_addr().map_err(|e| e.to_string())?.port();
    world.vars.insert("port".into(), port.to_string());
    // The listener lives as long as the scenario: leak it into the world's variables by fd.
    let fd = std::os::fd::IntoRawFd::into_raw_fd(l);
    world.vars.insert("listener_fd".into(), fd.to_string());
    Ok(())
}

#[then("the listener got no connection")]
fn no_connection(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let fd: i32 = world
        .vars
        .get("listener_fd")
        .ok_or("no listener")?
        .parse()
        .map_err(|_| "bad fd")?;
    // SAFETY: the fd was created by `listener` and is owned by this scenario.
    let l = unsafe { <TcpListener as std::os::fd::FromRawFd>::from_raw_fd(fd) };
    world.vars.remove("listener_fd");
    match l.accept() {
        Ok(_) => Err("the listener accepted a connection".into()),
        Err(_) => Ok(()),
    }
}

/// Whether the mechanisms a mode needs exist; prints `skipping: ...` or fails under
/// TERRAPHIM_GUARD_NO_SKIP=1.
fn available(world: &GuardWorld, bwrap: bool) -> Result<bool, String> {
    let out = world
        .command(&["guard".into(), "profiles".into(), "--json".into()])
        .output()
        .map_err(|e| e.to_string())?;
    let host: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    let why = if host["host"]["landlock_abi"].as_u64().unwrap_or(0) < 2 {
        Some("Landlock is not available")
    } else if bwrap
        && !host["host"]["namespaces"].as_bool().unwrap_or(false)
        && !host["bwrap_works"].as_bool().unwrap_or(false)
    {
        Some("namespaces cannot be made here and bubblewrap does not work")
    } else if world.vars.contains_key("force_bwrap")
        && !host["bwrap_works"].as_bool().unwrap_or(false)
    {
        Some("bubblewrap does not work here")
    } else {
        None
    };
    match why {
        None => Ok(true),
        Some(why) if std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() == Ok("1") => {
            Err(format!("{why} (TERRAPHIM_GUARD_NO_SKIP=1)"))
        }
        Some(why) => {
            eprintln!("skipping: {why}");
            Ok(false)
        }
    }
}

#[when(expr = "I run {string} sandboxed with profile {string} {word} namespaces")]
fn run_sandboxed(
    world: &mut GuardWorld,
    command: String,
    profile: String,
    with: String,
) -> Result<(), String> {
    if world.skipped() {
        // An earlier step found a tool the scenario needs missing (it said `skipping: ...`).
        return Ok(());
    }
    let bwrap = match with.as_str() {
        "with" => true,
        "without" => false,
        other => return Err(format!("`{other} namespaces`: say `with` or `without`")),
    };
    world.vars.remove("force_bwrap");
    run_mode(world, command, profile, bwrap)
}

/// Through bubblewrap (`--force-bwrap`): namespaces, but not the sandbox's own, so no overlay.
#[when(expr = "I run {string} sandboxed with profile {string} in bubblewrap")]
fn run_in_bwrap(world: &mut GuardWorld, command: String, profile: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    world.vars.insert("force_bwrap".into(), "1".into());
    run_mode(world, command, profile, true)
}

fn run_mode(
    world: &mut GuardWorld,
    command: String,
    profile: String,
    bwrap: bool,
) -> Result<(), String> {
    if !available(world, bwrap)? {
        world.vars.insert("skipped".into(), "1".into());
        return Ok(());
    }
    let mut command = world.expand(&command);
    for (k, v) in &world.vars {
        command = command.replace(&format!("{{{k}}}"), v);
    }
    let report = world.root().join("report.json");
    let _ = fs_err::remove_file(&report);
    let report_path = report.display().to_string();
    let mut args: Vec<String> = [
        "guard",
        "exec",
        "--profile",
        &profile,
        "--report",
        &report_path,
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    if !bwrap {
        args.push("--no-bwrap".into());
    } else if world.vars.contains_key("force_bwrap") {
        args.push("--force-bwrap".into());
    }
    args.push("--".into());
    args.push(command);
    world.run(&args, None);
    match fs_err::read_to_string(&report) {
        Ok(text) => world.vars.insert("report".into(), text),
        Err(_) => world.vars.remove("report"),
    };
    Ok(())
}

fn report(world: &GuardWorld) -> Result<serde_json::Value, String> {
    let text = world
        .vars
        .get("report")
        .ok_or_else(|| format!("no report was written\n{:#?}", world.last))?;
    serde_json::from_str(text).map_err(|e| format!("report is not JSON: {e}"))
}

#[then("the report has no violations")]
fn no_violations(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let r = report(world)?;
    match r["violations"].as_array() {
        Some(v) if v.is_empty() => Ok(()),
        _ => Err(format!(
            "violations: {:#}\n{:#?}",
            r["violations"], world.last
        )),
    }
}

fn find_violation(world: &GuardWorld, kind: &str, evidence: &str) -> Result<(), String> {
    let r = report(world)?;
    let found =
        r["violations"].as_array().into_iter().flatten().any(|v| {
            v["kind"] == kind && v["evidence"].as_str().is_some_and(|e| e.contains(evidence))
        });
    if found {
        Ok(())
    } else {
        Err(format!(
            "no `{kind}` violation with evidence {evidence:?}: {r:#}\n{:#?}",
            world.last
        ))
    }
}

#[then(expr = "the report has a {string} violation")]
fn has_violation(world: &mut GuardWorld, kind: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    find_violation(world, &kind, "")
}

#[then(expr = "the report has a {string} violation with evidence containing {string}")]
fn has_violation_with(
    world: &mut GuardWorld,
    kind: String,
    evidence: String,
) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    find_violation(world, &kind, &evidence)
}

#[then(expr = "the report field {string} is {string}")]
fn report_field(world: &mut GuardWorld, path: String, want: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let r = report(world)?;
    match json_at(&r, &path) {
        Some(serde_json::Value::String(s)) if *s == want => Ok(()),
        Some(v) if serde_json::to_string(v).is_ok_and(|t| t == want) => Ok(()),
        other => Err(format!(
            "report field {path} is {other:?}, expected {want:?}"
        )),
    }
}

#[then(expr = "the report field {string} contains {string}")]
fn report_field_contains(world: &mut GuardWorld, path: String, part: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let r = report(world)?;
    let value = json_at(&r, &path)
        .map(|v| v.to_string())
        .unwrap_or_default();
    if value.contains(&part) {
        Ok(())
    } else {
        Err(format!(
            "report field {path} is {value}, expected to contain {part:?}"
        ))
    }
}

#[then("the output does not contain the secret")]
fn no_secret(world: &mut GuardWorld) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    if world.last.stdout.contains(SECRET) || world.last.stderr.contains(SECRET) {
        Err(format!("the secret leaked\n{:#?}", world.last))
    } else {
        Ok(())
    }
}

#[then(expr = "the project file {string} does not contain {string}")]
fn file_lacks(world: &mut GuardWorld, path: String, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let body =
        fs_err::read_to_string(world.project().join(&path)).map_err(|e| format!("{path}: {e}"))?;
    if body.contains(&text) {
        Err(format!("{path} contains {text:?}"))
    } else {
        Ok(())
    }
}

#[then(expr = "the project file {string} does not exist")]
fn file_absent(world: &mut GuardWorld, path: String) -> Result<(), String> {
    // A symlink is there even when what it points to is not (or is: it must not be followed).
    if fs_err::symlink_metadata(world.project().join(&path)).is_ok() {
        Err(format!("{path} exists"))
    } else {
        Ok(())
    }
}

#[then(expr = "the project file {string} has no setuid or setgid bit")]
fn file_not_setuid(world: &mut GuardWorld, path: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    use std::os::unix::fs::PermissionsExt as _;
    match fs_err::metadata(world.project().join(&path)) {
        Ok(m) if m.permissions().mode() & 0o6000 != 0 => {
            Err(format!("{path} has mode {:o}", m.permissions().mode()))
        }
        _ => Ok(()),
    }
}
