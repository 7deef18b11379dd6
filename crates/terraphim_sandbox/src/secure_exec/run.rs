use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::deps::{DRIVER_JS, JsDeps, find_program};
use super::error::SecureExecError;
use super::profile::JsProfile;
use super::protocol::{Message, PROTOCOL_VERSION, Request, Sidecar};
use super::report::{JsRunReport, ViolationKind};
use super::routing::JsInvocation;

/// Time allowed, on top of the profile's wall limit, for Node to start, import secure-exec and
/// start the sidecar. Past it the process group is killed.
const START_ALLOWANCE: Duration = Duration::from_secs(10);
/// Cap on the driver's own diagnostics kept for error messages.
const STDERR_CAP: usize = 64 << 10;
/// How long to wait for a sidecar whose connection closed under the driver to be reapable.
const SIDECAR_EXIT_GRACE: Duration = Duration::from_secs(2);

/// What to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsSource {
    /// Inline code (`node -e CODE`).
    Code(String),
    /// A script file, relative to the working dir or absolute. `.ts`/`.mts`/`.cts`/`.tsx` files
    /// are transpiled first.
    File(PathBuf),
}

/// One run: the code, its working dir, arguments and stdin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsRequest {
    /// The code or file.
    pub source: JsSource,
    /// The working dir (`process.cwd()`); usually the project.
    pub cwd: PathBuf,
    /// `node -p`: print the expression's value.
    pub print: bool,
    /// Script arguments.
    pub args: Vec<String>,
    /// Data on the script's stdin.
    pub stdin: String,
}

impl JsRequest {
    /// A request with no arguments and empty stdin.
    pub fn new(source: JsSource, cwd: impl Into<PathBuf>) -> Self {
        Self {
            source,
            cwd: cwd.into(),
            print: false,
            args: Vec::new(),
            stdin: String::new(),
        }
    }

    /// The request for a routed command (see [`crate::js_invocation`]).
    pub fn from_invocation(invocation: JsInvocation, cwd: impl Into<PathBuf>) -> Self {
        Self {
            source: invocation.source,
            cwd: cwd.into(),
            print: invocation.print,
            args: invocation.args,
            stdin: String::new(),
        }
    }
}

/// The secure-exec backend: runs JS/TS code in a fresh, confined Node process per run.
#[derive(Debug, Clone)]
pub struct SecureExec {
    deps: JsDeps,
    node: PathBuf,
}

impl SecureExec {
    /// The backend with `node` from PATH.
    pub fn new(deps: JsDeps) -> Result<Self, SecureExecError> {
        let node =
            find_program("node").ok_or(SecureExecError::ProgramMissing { program: "node" })?;
        Ok(Self::with_node(deps, node))
    }

    /// The backend with a given `node` binary.
    pub fn with_node(deps: JsDeps, node: PathBuf) -> Self {
        Self { deps, node }
    }

    /// Run the code under the profile. `Ok` means the run is accounted for (its violations are in
    /// the report); `Err` means the code did not run or its outcome is unknown.
    pub fn run(
        &self,
        request: &JsRequest,
        profile: &JsProfile,
    ) -> Result<JsRunReport, SecureExecError> {
        profile
            .validate()
            .map_err(SecureExecError::InvalidProfile)?;
        let cwd =
            fs_err::canonicalize(&request.cwd).map_err(|e| SecureExecError::io(&request.cwd, e))?;
        // A root that does not exist grants nothing.
        let read_roots: Vec<PathBuf> = profile
            .read_roots
            .iter()
            .filter_map(|r| fs_err::canonicalize(r).ok())
            .collect();
        let run_dir = tempfile::Builder::new()
            .prefix("terraphim-js-")
            .tempdir()
            .map_err(|e| SecureExecError::io(std::env::temp_dir(), e))?;
        let run_path = fs_err::canonicalize(run_dir.path())
            .map_err(|e| SecureExecError::io(run_dir.path(), e))?;
        let scratch = run_path.join("scratch");
        let socket_dir = run_path.join("rt");
        for dir in [&scratch, &socket_dir] {
            fs_err::create_dir(dir).map_err(|e| SecureExecError::io(dir, e))?;
        }
        // Hidden paths as given and as resolved: a symlink to one is hidden too.
        let mut hidden: Vec<PathBuf> = profile
            .hidden
            .iter()
            .flat_map(|h| [Some(h.clone()), fs_err::canonicalize(h).ok()])
            .flatten()
            .collect();
        hidden.sort();
        hidden.dedup();
        let confined = JsProfile {
            read_roots: read_roots.clone(),
            hidden: hidden.clone(),
            ..profile.clone()
        };
        let (code, file) = match &request.source {
            JsSource::Code(code) => (Some(code.as_str()), None),
            JsSource::File(file) => (None, Some(file.as_path())),
        };
        let sidecar_bin = self.deps.sidecar()?;
        let bridge_code = self.deps.bridge_code()?;
        let token = auth_token()?;
        let write_dirs: [&Path; 2] = [&scratch, &socket_dir];

        // The driver and the sidecar share one stderr pipe, read by one collector.
        let (stderr_read, stderr_write) =
            std::io::pipe().map_err(|e| SecureExecError::process("create a pipe", e))?;
        let stderr_clone = stderr_write
            .try_clone()
            .map_err(|e| SecureExecError::process("create a pipe", e))?;

        let started = Instant::now();
        let (mut child, enforced) = {
            let mut command = Command::new(&self.node);
            command
                .args(["--input-type=module", "-e", DRIVER_JS])
                .env_clear()
                .env("TMPDIR", &socket_dir)
                .current_dir(&cwd)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(stderr_clone);
            let enforced = confine(
                &mut command,
                &confined,
                &self.node,
                self.deps.dir(),
                &write_dirs,
            )?;
            let child = command
                .spawn()
                .map_err(|e| SecureExecError::process("start node", e))?;
            (child, enforced)
        };
        let pid = child.id();
        let stderr_thread = collect_stderr(stderr_read);

        // The V8 sidecar starts now too, not when the driver gets to it: building its snapshot
        // of the bridge code is the longest step of a run, and it overlaps Node's start.
        let sidecar = start_sidecar(
            &sidecar_bin,
            &token,
            &bridge_code,
            stderr_write,
            |command| {
                confine(command, &confined, &self.node, self.deps.dir(), &write_dirs).map(drop)
            },
            &socket_dir,
        );
        let (mut sidecar, socket) = match sidecar {
            Ok(started) => started,
            Err(e) => {
                kill_group(pid);
                let _ = child.wait();
                let stderr = stderr_thread.join().unwrap_or_default();
                return Err(match e {
                    SecureExecError::Driver { message, .. } => driver_error(&message, &stderr),
                    other => other,
                });
            }
        };

        let wire = Request {
            protocol: PROTOCOL_VERSION,
            deps_dir: self.deps.dir(),
            cwd: &cwd,
            scratch: &scratch,
            read_roots: &read_roots,
            hidden: &hidden,
            network: profile.network,
            memory_mb: profile.memory_mb,
            wall_ms: profile.wall_seconds * 1000,
            max_output_bytes: profile.max_output_bytes,
            code,
            file,
            print: request.print,
            argv: &request.args,
            stdin: &request.stdin,
            sidecar: Sidecar {
                socket: &socket,
                token: &token,
                pid: sidecar.id(),
            },
        };
        let outcome = serde_json::to_vec(&wire)
            .map_err(|e| driver_error(&format!("failed to encode the request: {e}"), ""))
            .and_then(|wire| supervise(&mut child, &wire, profile, started));
        // How the sidecar ended, if it did before the group is killed: when the driver saw its
        // connection close, the exit status is moments away.
        let crashed = outcome.as_ref().is_ok_and(|(messages, _)| {
            messages.iter().any(|m| {
                matches!(m, Message::Exit { error: Some(e), .. }
                    if e.contains("IPC connection closed") || e.contains("ERR_V8_PROCESS_CRASH"))
            })
        });
        let sidecar_end = wait_briefly(
            &mut sidecar,
            if crashed {
                SIDECAR_EXIT_GRACE
            } else {
                Duration::ZERO
            },
        )
        .filter(|_| crashed);
        // Both sessions (the driver's and the sidecar's) go, whatever happened. Neither leader is
        // reaped yet, so their ids cannot have been reused.
        kill_group(pid);
        kill_group(sidecar.id());
        let _ = sidecar.wait();
        let status = child
            .wait()
            .map_err(|e| SecureExecError::process("wait for node", e));
        // Every writer of the stderr pipe is gone now.
        let stderr = stderr_thread.join().unwrap_or_default();
        let (messages, timed_out) = outcome.map_err(|e| match e {
            SecureExecError::Driver { message, .. } => driver_error(&message, &stderr),
            other => other,
        })?;
        let status = status?;
        let wall_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let mut enforced = enforced;
        enforced.push(
            "V8 sidecar: started by the bridge in its own session under the same rlimits, no_new_privs, landlock and seccomp".to_string(),
        );
        enforced.push(format!(
            "isolate: secure-exec {} V8 heap {} MiB, wall {} s; reads under {}; hidden {}; writes in the scratch dir only; no links; network {:?}; environment denied; child processes denied",
            super::deps::PINNED_SECURE_EXEC,
            profile.memory_mb,
            profile.wall_seconds,
            read_roots.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" "),
            hidden.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" "),
            profile.network
        ));
        let ends = Ends {
            node: status,
            sidecar: sidecar_end,
            timed_out,
        };
        report(messages, stderr, ends, profile, enforced, wall_ms)
    }
}

/// A random token the sidecar requires as the first message of every connection.
fn auth_token() -> Result<String, SecureExecError> {
    let mut bytes = [0u8; 16];
    fs_err::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| SecureExecError::io("/dev/urandom", e))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Start the V8 sidecar confined by `confine`, read the socket path it prints, and send it the
/// bridge code to snapshot (secure-exec's `Authenticate` and `WarmSnapshot` frames). The
/// connection is then closed; the driver opens its own.
fn start_sidecar(
    binary: &Path,
    token: &str,
    bridge_code: &[u8],
    stderr: std::io::PipeWriter,
    confine: impl FnOnce(&mut Command) -> Result<(), SecureExecError>,
    socket_dir: &Path,
) -> Result<(std::process::Child, String), SecureExecError> {
    let mut child = {
        let mut command = Command::new(binary);
        command
            .env_clear()
            .env("TMPDIR", socket_dir)
            .env("SECURE_EXEC_V8_TOKEN", token)
            .current_dir(socket_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr);
        confine(&mut command)?;
        command
            .spawn()
            .map_err(|e| SecureExecError::process("start the V8 sidecar", e))?
    };
    let result = (|| {
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| driver_error("no sidecar stdout pipe", ""))?;
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let read = BufReader::new(stdout.take(4096)).read_line(&mut line);
            let _ = tx.send(read.map(|_| line));
        });
        let socket = match rx.recv_timeout(START_ALLOWANCE) {
            Ok(Ok(line)) if !line.trim().is_empty() => line.trim().to_owned(),
            Ok(Ok(_)) => {
                return Err(driver_error(
                    "the V8 sidecar exited before it was ready",
                    "",
                ));
            }
            Ok(Err(e)) => return Err(SecureExecError::process("read the V8 sidecar's socket", e)),
            Err(_) => return Err(driver_error("the V8 sidecar did not start in time", "")),
        };
        let warm = || -> std::io::Result<()> {
            let mut stream = std::os::unix::net::UnixStream::connect(&socket)?;
            stream.set_write_timeout(Some(START_ALLOWANCE))?;
            stream.write_all(&frame(&[&[0x01, 0], token.as_bytes()]))?;
            let len = u32::try_from(bridge_code.len()).map_err(std::io::Error::other)?;
            stream.write_all(&frame(&[&[0x09, 0], &len.to_be_bytes(), bridge_code]))?;
            Ok(())
        };
        warm().map_err(|e| SecureExecError::process("send the V8 sidecar its bridge code", e))?;
        Ok(socket)
    })();
    match result {
        Ok(socket) => Ok((child, socket)),
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            Err(e)
        }
    }
}

/// One frame of secure-exec's sidecar protocol: a big-endian u32 length, then the body.
fn frame(parts: &[&[u8]]) -> Vec<u8> {
    let body: Vec<u8> = parts.concat();
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&u32::try_from(body.len()).unwrap_or(u32::MAX).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// The exit status of `child` if it ends within `grace` (zero: only if it has already ended).
fn wait_briefly(child: &mut std::process::Child, grace: Duration) -> Option<ExitStatus> {
    let until = Instant::now() + grace;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
            _ => return None,
        }
    }
}

#[cfg(target_os = "linux")]
fn confine(
    command: &mut Command,
    profile: &JsProfile,
    node: &Path,
    deps_dir: &Path,
    write_dirs: &[&Path],
) -> Result<Vec<String>, SecureExecError> {
    use std::os::unix::process::CommandExt;
    let plan = super::linux::Plan {
        profile,
        node,
        deps_dir,
        write_dirs,
    };
    let confinement = super::linux::Confinement::build(&plan)?;
    let enforced = confinement.enforced.clone();
    // SAFETY: `apply` makes syscalls only (no allocation, no locks), as required after fork.
    unsafe {
        command.pre_exec(move || confinement.apply());
    }
    Ok(enforced)
}

#[cfg(not(target_os = "linux"))]
fn confine(
    _: &mut Command,
    _: &JsProfile,
    _: &Path,
    _: &Path,
    _: &[&Path],
) -> Result<Vec<String>, SecureExecError> {
    Err(SecureExecError::Confinement(
        "the node process can be confined only on Linux".into(),
    ))
}

/// The driver's messages, and whether the deadline passed.
type Outcome = (Vec<Message>, bool);

/// Keep the last [`STDERR_CAP`] bytes of the driver's and the sidecar's diagnostics, until every
/// writer has closed the pipe.
fn collect_stderr(mut pipe: std::io::PipeReader) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut kept = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(n) = pipe.read(&mut buf) {
            if n == 0 {
                break;
            }
            kept.extend_from_slice(&buf[..n]);
            if kept.len() > STDERR_CAP {
                kept.drain(..kept.len() - STDERR_CAP);
            }
        }
        String::from_utf8_lossy(&kept).into_owned()
    })
}

/// Feed the request, collect the messages until the driver closes stdout or the deadline passes.
fn supervise(
    child: &mut std::process::Child,
    wire: &[u8],
    profile: &JsProfile,
    started: Instant,
) -> Result<Outcome, SecureExecError> {
    let mut stdin = child
        .stdin
        .take()
        .ok_or_else(|| driver_error("no stdin pipe", ""))?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| driver_error("no stdout pipe", ""))?;
    let (tx, rx) = mpsc::channel::<Result<Message, String>>();
    let line_cap = usize::try_from(profile.max_output_bytes)
        .unwrap_or(usize::MAX)
        .saturating_mul(2)
        + (1 << 20);
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = Vec::new();
        loop {
            line.clear();
            match (&mut reader)
                .take(line_cap as u64)
                .read_until(b'\n', &mut line)
            {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let parsed = serde_json::from_slice::<Message>(&line).map_err(|e| {
                        format!(
                            "bad protocol line ({e}): {}",
                            String::from_utf8_lossy(&line[..line.len().min(200)])
                        )
                    });
                    if tx.send(parsed).is_err() {
                        break;
                    }
                }
            }
        }
    });

    // The driver reads stdin to EOF before anything else; a write error means it died early and
    // shows up as a missing exit message.
    let _ = stdin.write_all(wire);
    drop(stdin);

    let deadline = started + Duration::from_secs(profile.wall_seconds) + START_ALLOWANCE;
    let mut messages = Vec::new();
    let mut timed_out = false;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(Ok(message)) => messages.push(message),
            // The caller kills the group and adds the diagnostics.
            Ok(Err(bad)) => return Err(driver_error(&bad, "")),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                timed_out = true;
                break;
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    Ok((messages, timed_out))
}

fn kill_group(pid: u32) {
    if let Ok(pid) = libc::pid_t::try_from(pid) {
        // SAFETY: signals the process group this run created with setsid; no memory involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

fn driver_error(message: &str, stderr: &str) -> SecureExecError {
    SecureExecError::Driver {
        message: message.to_owned(),
        stderr: stderr.to_owned(),
    }
}

/// How a run's processes ended.
struct Ends {
    /// The driver.
    node: ExitStatus,
    /// The sidecar, when it died during the run (the driver saw its connection close).
    sidecar: Option<ExitStatus>,
    /// Whether the run was killed at its deadline.
    timed_out: bool,
}

fn report(
    messages: Vec<Message>,
    stderr: String,
    ends: Ends,
    profile: &JsProfile,
    enforced: Vec<String>,
    wall_ms: u64,
) -> Result<JsRunReport, SecureExecError> {
    use std::os::unix::process::ExitStatusExt;
    let Ends {
        node: status,
        sidecar,
        timed_out,
    } = ends;
    let mut report = JsRunReport {
        backend: "secure-exec",
        exit_code: 0,
        error: None,
        stdout: String::new(),
        stderr: String::new(),
        violations: Vec::new(),
        enforced,
        wall_ms,
        timings_ms: Default::default(),
    };
    let cap = usize::try_from(profile.max_output_bytes).unwrap_or(usize::MAX);
    let mut exit = None;
    for message in messages {
        match message {
            Message::Stdout { data } | Message::Stderr { data }
                if report.stdout.len() + report.stderr.len() + data.len() > cap =>
            {
                report.push(
                    ViolationKind::Output,
                    format!("output exceeded {cap} bytes"),
                    "dropped by the bridge",
                );
                let _ = data;
            }
            Message::Stdout { data } => report.stdout.push_str(&data),
            Message::Stderr { data } => report.stderr.push_str(&data),
            Message::Violation {
                kind,
                detail,
                evidence,
            } => report.push(kind, detail, evidence),
            Message::Exit {
                code,
                error,
                timings_ms,
            } => exit = Some((code, error, timings_ms)),
            Message::Error { message } => return Err(driver_error(&message, &stderr)),
        }
    }
    if let Some(end) = sidecar {
        // The isolate's process died under the script: the signal says which limit it hit.
        let (kind, what) = match end.signal() {
            Some(libc::SIGXCPU | libc::SIGKILL) => (
                ViolationKind::Cpu,
                "the V8 sidecar exceeded its CPU time limit (RLIMIT_CPU)".to_string(),
            ),
            Some(_) => (
                ViolationKind::Memory,
                format!(
                    "the V8 sidecar died at its memory limit ({} MB heap, RLIMIT_DATA)",
                    profile.memory_mb
                ),
            ),
            None => (ViolationKind::Memory, "the V8 sidecar died".to_string()),
        };
        report.push(kind, what, format!("V8 sidecar ended with {end}"));
    }
    match exit {
        Some((code, error, timings)) => {
            report.exit_code = code;
            report.error = error;
            report.timings_ms = timings;
        }
        None if timed_out => {
            report.exit_code = 124;
            report.push(
                ViolationKind::WallTime,
                format!("ran longer than {} s", profile.wall_seconds),
                format!(
                    "killed after {wall_ms} ms (wall limit plus {} s start allowance)",
                    START_ALLOWANCE.as_secs()
                ),
            );
        }
        None => match status.signal() {
            Some(sig) => {
                report.exit_code = 128 + sig;
                let (kind, what) = match sig {
                    libc::SIGXCPU | libc::SIGKILL => (
                        ViolationKind::Cpu,
                        "the node process exceeded its CPU time limit",
                    ),
                    libc::SIGSYS => (
                        ViolationKind::Ptrace,
                        "the node process made a forbidden system call",
                    ),
                    _ => (
                        ViolationKind::Memory,
                        "the node process died, most likely at its RLIMIT_DATA",
                    ),
                };
                report.push(
                    kind,
                    what,
                    format!(
                        "node killed by signal {sig}; stderr: {}",
                        tail(&stderr, 400)
                    ),
                );
            }
            None => {
                return Err(driver_error(
                    &format!("the driver exited with {status} without a result"),
                    &stderr,
                ));
            }
        },
    }
    Ok(report)
}

fn tail(s: &str, n: usize) -> &str {
    let mut start = s.len().saturating_sub(n);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}
