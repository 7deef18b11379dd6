//! Steps for script pre-review: git state of the project, fake second-opinion reviewers, and
//! the verdict line.

use std::os::unix::fs::PermissionsExt as _;
use std::process::Command;

use cucumber::gherkin::Step;
use cucumber::{given, then};

use super::world::GuardWorld;

fn git(world: &GuardWorld, args: &[&str]) -> Result<(), String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(world.project())
        .args(args)
        .env("HOME", world.home())
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .map_err(|e| format!("git is needed for this scenario: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "git {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

#[given("the project is a git repository with everything committed")]
fn commit_all(world: &mut GuardWorld) -> Result<(), String> {
    git(world, &["init", "-q"])?;
    git(world, &["add", "-A"])?;
    git(world, &["commit", "-q", "--allow-empty", "-m", "fixture"])
}

#[given(expr = "a reviewer command {string} answering:")]
fn reviewer(world: &mut GuardWorld, name: String, step: &Step) -> Result<(), String> {
    let answer = step
        .docstring
        .as_deref()
        .ok_or("the step needs a docstring")?
        .trim();
    let path = world.root().join("tmp").join(&name);
    let body = format!("#!/bin/sh\ncat > /dev/null\ncat <<'ANSWER'\n{answer}\nANSWER\n");
    fs_err::write(&path, body).map_err(|e| format!("write {}: {e}", path.display()))?;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[then(expr = "the verdict line is {string}")]
fn verdict_line_is(world: &mut GuardWorld, expected: String) -> Result<(), String> {
    let expected = world.expand(&expected);
    let lines: Vec<&str> = world
        .last
        .stdout
        .lines()
        .chain(world.last.stderr.lines())
        .filter(|l| l.starts_with("pre-review: "))
        .collect();
    match lines.as_slice() {
        [one] if one.starts_with(&expected) => Ok(()),
        [one] => Err(format!(
            "verdict line {one:?} does not start with {expected:?}"
        )),
        _ => Err(format!(
            "expected exactly one verdict line, found {}\n{:#?}",
            lines.len(),
            world.last
        )),
    }
}
