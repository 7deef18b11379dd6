//! Drop-in checks against the real binary, with a plain `N passed, N failed` summary:
//!
//! 1. A host program mounts `GuardCommand` under its own `guard` subcommand (this test binary is
//!    that host when `TERRAPHIM_HOST_MODE` is set) and drives it end to end.
//! 2. Upstream's own shape of hook script, pointed at this binary, still blocks a destructive
//!    command; the same call through `guard hook` no longer lets a sandbox decision through as
//!    allow.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::disallowed_methods,
    reason = "test code: a failed setup should panic loudly"
)]

use std::io::Write as _;
use std::process::{Command, ExitCode, Stdio};

use clap::{Parser, Subcommand};

/// The host: an upstream-like CLI with one extra variant.
#[derive(Parser)]
#[command(name = "host")]
struct HostCli {
    #[command(subcommand)]
    command: HostCommand,
}

#[derive(Subcommand)]
#[allow(clippy::large_enum_variant, reason = "parsed once per process")]
enum HostCommand {
    /// A command of the host's own.
    Hello,
    /// The guard tree, mounted unchanged.
    Guard(terraphim_guard_cli::GuardCommand),
}

fn host_main() -> ExitCode {
    match HostCli::parse().command {
        HostCommand::Hello => {
            println!("hello from the host");
            ExitCode::SUCCESS
        }
        HostCommand::Guard(g) => ExitCode::from(terraphim_guard_cli::run(g)),
    }
}

struct Env {
    _tmp: tempfile::TempDir,
    home: std::path::PathBuf,
}

impl Env {
    fn new() -> Env {
        let tmp = tempfile::tempdir().expect("tempdir");
        let home = tmp.path().join("home");
        std::fs::create_dir_all(&home).expect("mkdir home");
        Env { _tmp: tmp, home }
    }
    fn cmd(&self, program: &std::path::Path) -> Command {
        let mut c = Command::new(program);
        c.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", &self.home)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .env("XDG_DATA_HOME", self.home.join(".local/share"));
        c
    }
}

fn run(mut c: Command, stdin: &str) -> (Option<i32>, String) {
    c.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = c.spawn().expect("spawn");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("write stdin");
    let out = child.wait_with_output().expect("wait");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

type Check = (&'static str, fn() -> Result<(), String>);

fn host_mounts_guard() -> Result<(), String> {
    let env = Env::new();
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut c = env.cmd(&me);
    c.env("TERRAPHIM_HOST_MODE", "1")
        .args(["guard", "check", "--json", "sudo rm -rf /"]);
    let (code, out) = run(c, "");
    let json: serde_json::Value =
        serde_json::from_str(out.trim()).map_err(|e| format!("{e}: {out}"))?;
    if json["decision"] != "deny" || code != Some(11) {
        return Err(format!("mounted `guard check` gave {code:?} {json}"));
    }
    let mut c = env.cmd(&me);
    c.env("TERRAPHIM_HOST_MODE", "1")
        .args(["guard", "--json", "git status"]);
    let (_, out) = run(c, "");
    if out.trim() != r#"{"decision":"allow","command":"git status"}"# {
        return Err(format!("mounted flat form gave {out}"));
    }
    let mut c = env.cmd(&me);
    c.env("TERRAPHIM_HOST_MODE", "1").arg("hello");
    let (_, out) = run(c, "");
    if !out.contains("hello from the host") {
        return Err(format!("the host's own command broke: {out}"));
    }
    Ok(())
}

fn hook_input(command: &str) -> String {
    format!(
        r#"{{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_use_id":"toolu_u","tool_input":{{"command":"{command}"}}}}"#
    )
}

fn upstream_script_still_blocks() -> Result<(), String> {
    let env = Env::new();
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/upstream_git_safety_guard.sh");
    let mut c = env.cmd(&script);
    c.env("TERRAPHIM_AGENT", env!("CARGO_BIN_EXE_terraphim-agent"));
    let (_, out) = run(c, &hook_input("git reset --hard HEAD~3"));
    let json: serde_json::Value =
        serde_json::from_str(out.trim()).map_err(|e| format!("{e}: {out:?}"))?;
    if json["hookSpecificOutput"]["permissionDecision"] != "deny" {
        return Err(format!("upstream script did not block: {json}"));
    }
    // The weakness the drop-in fixes: upstream's script lets a sandbox decision through.
    let mut c = env.cmd(&script);
    c.env("TERRAPHIM_AGENT", env!("CARGO_BIN_EXE_terraphim-agent"));
    let (_, out) = run(c, &hook_input("frobnicate --all"));
    if !out.trim().is_empty() {
        return Err(format!(
            "expected upstream's script to pass a sandbox decision through, got {out}"
        ));
    }
    Ok(())
}

fn guard_hook_sandboxes_what_upstream_passed() -> Result<(), String> {
    let env = Env::new();
    let mut c = env.cmd(std::path::Path::new(env!("CARGO_BIN_EXE_terraphim-agent")));
    c.args(["guard", "hook", "--agent", "claude-code"]);
    let (_, out) = run(c, &hook_input("frobnicate --all"));
    let json: serde_json::Value =
        serde_json::from_str(out.trim()).map_err(|e| format!("{e}: {out}"))?;
    let rewritten = json["hookSpecificOutput"]["updatedInput"]["command"]
        .as_str()
        .unwrap_or_default();
    if json["hookSpecificOutput"]["permissionDecision"] != "allow"
        || !rewritten.contains(" guard exec --profile workspace ")
    {
        return Err(format!("guard hook did not sandbox: {json}"));
    }
    Ok(())
}

fn main() -> ExitCode {
    if std::env::var_os("TERRAPHIM_HOST_MODE").is_some() {
        return host_main();
    }
    let checks: &[Check] = &[
        (
            "a host binary mounts GuardCommand and drives it",
            host_mounts_guard,
        ),
        (
            "upstream's hook script shape still blocks a destructive command",
            upstream_script_still_blocks,
        ),
        (
            "guard hook sandboxes what upstream's script let through",
            guard_hook_sandboxes_what_upstream_passed,
        ),
    ];
    let mut failed = 0;
    for (name, check) in checks {
        match check() {
            Ok(()) => println!("test {name} ... ok"),
            Err(e) => {
                failed += 1;
                println!("test {name} ... FAILED\n  {e}");
            }
        }
    }
    println!("{} passed, {failed} failed", checks.len() - failed);
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
