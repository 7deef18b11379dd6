//! Steps of the copy-on-write workspace: a git project, held change sets and what `guard
//! changes` does with them, and checks on the project's files and history.

use std::process::Command;

use cucumber::{given, then, when};

use super::world::GuardWorld;

/// git in the scenario's project with the scenario's HOME (its own `.gitconfig`).
fn git(world: &GuardWorld, args: &[&str]) -> Result<String, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(world.project())
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", world.home())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[given("the project is a git repository with its files committed")]
fn git_repo(world: &mut GuardWorld) -> Result<(), String> {
    // Identity and quiet defaults for git inside and outside the sandbox (HOME is the
    // scenario's; no background maintenance that would outlive a sandboxed command).
    super::common::write_file(
        &world.home().join(".gitconfig"),
        "[user]\n\tname = Scenario\n\temail = scenario@example.invalid\n[init]\n\tdefaultBranch = main\n[maintenance]\n\tauto = false\n[gc]\n\tauto = 0\n",
    )?;
    git(world, &["init", "-q"])?;
    git(world, &["add", "-A"])?;
    git(world, &["commit", "-q", "-m", "start"])?;
    Ok(())
}

fn change_set_id(world: &GuardWorld) -> Result<String, String> {
    let report: serde_json::Value = serde_json::from_str(
        world
            .vars
            .get("report")
            .ok_or_else(|| format!("no report was written\n{:#?}", world.last))?,
    )
    .map_err(|e| e.to_string())?;
    report["workspace"]["id"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("the report has no workspace id: {report:#}"))
}

#[when(expr = "I {word} the held change set")]
fn act_on_held(world: &mut GuardWorld, action: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let flag = match action.as_str() {
        "show" | "apply" | "discard" => format!("--{action}"),
        other => return Err(format!("`{other}`: say show, apply or discard")),
    };
    let id = change_set_id(world)?;
    world.run(&["guard".into(), "changes".into(), flag, id], None);
    Ok(())
}

#[then(expr = "{int} change set(s) is/are held")]
fn held_count(world: &mut GuardWorld, n: usize) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let out = world
        .command(&[
            "guard".into(),
            "changes".into(),
            "--list".into(),
            "--json".into(),
        ])
        .output()
        .map_err(|e| e.to_string())?;
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).map_err(|e| e.to_string())?;
    let got = v["held"].as_array().map_or(0, Vec::len);
    if got == n {
        Ok(())
    } else {
        Err(format!("{got} held change sets, expected {n}: {v:#}"))
    }
}

#[then(expr = "the project file {string} exists")]
fn file_exists(world: &mut GuardWorld, path: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    if world.project().join(&path).exists() {
        Ok(())
    } else {
        Err(format!("{path} does not exist\n{:#?}", world.last))
    }
}

#[then(expr = "git {string} in the project prints {string}")]
fn git_prints(world: &mut GuardWorld, args: String, text: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let words = shlex::split(&args).ok_or("cannot split the git arguments")?;
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let out = git(world, &words)?;
    if out.contains(&text) {
        Ok(())
    } else {
        Err(format!("git {args} printed {out:?}, expected {text:?}"))
    }
}

#[then(expr = "the file {string} does not exist")]
fn any_file_absent(world: &mut GuardWorld, path: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    let path = world.expand(&path);
    if std::fs::symlink_metadata(&path).is_ok() {
        Err(format!("{path} exists\n{:#?}", world.last))
    } else {
        Ok(())
    }
}

#[then(expr = "the project file {string} is not setuid")]
fn not_setuid(world: &mut GuardWorld, path: String) -> Result<(), String> {
    if world.skipped() {
        return Ok(());
    }
    use std::os::unix::fs::PermissionsExt as _;
    match std::fs::symlink_metadata(world.project().join(&path)) {
        Ok(m) if m.permissions().mode() & 0o6000 != 0 => Err(format!(
            "{path} has mode {:o}\n{:#?}",
            m.permissions().mode(),
            world.last
        )),
        _ => Ok(()),
    }
}

/// git run somewhere else than the project, with the scenario's HOME.
fn git_in(world: &GuardWorld, dir: &std::path::Path, args: &[&str]) -> Result<(), String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", world.home())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .map_err(|e| format!("git: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "git {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[given(expr = "the project has a submodule {string} that is not initialized")]
fn uninitialized_submodule(world: &mut GuardWorld, name: String) -> Result<(), String> {
    // Local submodule urls are refused by git since 2.38.1 unless the user allows them.
    let gitconfig = world.home().join(".gitconfig");
    let mut text = std::fs::read_to_string(&gitconfig).unwrap_or_default();
    text.push_str("[protocol \"file\"]\n\tallow = always\n");
    super::common::write_file(&gitconfig, &text)?;
    // The submodule's source: a bare repository under `~/go/src` (a toolchain home the
    // workspace reads; a source inside the project fails on the overlay: docs/sandbox.md).
    let up = world.root().join(format!("{name}-source"));
    super::common::write_file(&up.join("a.txt"), "from the submodule\n")?;
    git_in(world, &up, &["init", "-q"])?;
    git_in(world, &up, &["add", "a.txt"])?;
    git_in(world, &up, &["commit", "-q", "-m", "a"])?;
    let bare = world
        .home()
        .join(format!("go/src/{name}-upstream.git"))
        .display()
        .to_string();
    let source = up.display().to_string();
    git_in(
        world,
        world.root(),
        &["clone", "-q", "--bare", &source, &bare],
    )?;
    git(world, &["submodule", "add", "-q", &bare, &name])?;
    git(world, &["commit", "-q", "-m", "submodule"])?;
    git(world, &["submodule", "deinit", "-q", "-f", &name])?;
    std::fs::remove_dir_all(world.project().join(".git/modules"))
        .map_err(|e| format!("remove .git/modules: {e}"))?;
    Ok(())
}
