//! The supervisor: plans a run, starts the confined command (directly, or through bubblewrap and
//! the helper), streams and caps its output, enforces the wall clock, kills every descendant, and
//! writes the [`RunReport`].

use std::collections::BTreeMap;
use std::io::Write;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::error::{Result, SandboxError};
use crate::evidence::Judge;
use crate::linux::{self, HelperStatus};
use crate::plan::{self, Context, HostCaps, Plan, RealFs};
use crate::profile::Network;
use crate::report::{Backend, REPORT_SCHEMA, RunReport, ViolationKind, Violations};
use crate::request::{BwrapUse, SandboxRequest};

/// Probe what this machine offers (Landlock ABI, seccomp user notification, bubblewrap on PATH).
/// Cheap: no process is started.
pub fn probe() -> HostCaps {
    linux::probe()
}

/// Whether the bubblewrap found by [`probe`] actually works here (starts one bwrap).
pub fn bwrap_works(caps: &HostCaps) -> bool {
    caps.bwrap.as_deref().is_some_and(linux::bwrap_works)
}

/// The entry point of the hidden helper subcommand; returns the exit code to exit with.
pub fn helper_main(plan_json: &str) -> u8 {
    match linux::helper(plan_json) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("terraphim sandbox helper: {e}");
            125
        }
    }
}

/// A private temporary directory for one native run, removed afterwards.
struct PrivateTmp(Option<PathBuf>);

impl Drop for PrivateTmp {
    fn drop(&mut self) {
        if let Some(p) = self.0.take()
            && !keep_spare(&p)
        {
            let _ = fs_err::remove_dir_all(p);
        }
    }
}

/// How many emptied private tmp directories are kept for later runs, per user and base. On
/// ext4 a `mkdir` and `rmdir` per run cost more than the rest of a short run's set-up (the
/// inode allocator skips over the inodes freed in the last seconds, one table block each);
/// a `rename` of a kept one costs a directory entry.
const SPARE_TMPS: u32 = 4;

fn spare_tmp(base: &Path, slot: u32) -> PathBuf {
    // SAFETY: geteuid cannot fail.
    let uid = unsafe { libc::geteuid() };
    base.join(format!("terraphim-sandbox-spare-{uid}-{slot}"))
}

/// `rename` that never replaces an existing entry (`RENAME_NOREPLACE`).
fn rename_new(from: &Path, to: &Path) -> bool {
    let (Ok(f), Ok(t)) = (
        std::ffi::CString::new(from.as_os_str().as_encoded_bytes()),
        std::ffi::CString::new(to.as_os_str().as_encoded_bytes()),
    ) else {
        return false;
    };
    // SAFETY: renameat2 with valid C strings.
    unsafe {
        libc::syscall(
            libc::SYS_renameat2,
            libc::AT_FDCWD,
            f.as_ptr(),
            libc::AT_FDCWD,
            t.as_ptr(),
            libc::RENAME_NOREPLACE,
        ) == 0
    }
}

/// Whether `dir` is exactly what a fresh private tmp directory is: a directory (not a link)
/// of this user, mode 0700, empty, with no extended attribute (an ACL or a `user.*` value a
/// run left) but a security label the kernel's policy gives every file.
fn pristine(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    let Ok(m) = fs_err::symlink_metadata(dir) else {
        return false;
    };
    // SAFETY: geteuid cannot fail.
    if !m.is_dir() || m.uid() != unsafe { libc::geteuid() } || m.mode() & 0o7777 != 0o700 {
        return false;
    }
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()) else {
        return false;
    };
    let mut names = [0u8; 256];
    // SAFETY: llistxattr into a buffer of the size given.
    let n = unsafe { libc::llistxattr(c.as_ptr(), names.as_mut_ptr().cast(), names.len()) };
    let Ok(n) = usize::try_from(n) else {
        return false;
    };
    if !names[..n]
        .split(|b| *b == 0)
        .all(|name| name.is_empty() || name == b"security.selinux")
    {
        return false;
    }
    fs_err::read_dir(dir).is_ok_and(|mut d| d.next().is_none())
}

/// Keep an emptied private tmp directory for a later run; false when it is not pristine or
/// every spare place is taken.
fn keep_spare(dir: &Path) -> bool {
    let Some(base) = dir.parent() else {
        return false;
    };
    pristine(dir) && (0..SPARE_TMPS).any(|slot| rename_new(dir, &spare_tmp(base, slot)))
}

/// Whether a directory lies on a tmpfs (memory, not disk).
fn on_tmpfs(dir: &Path) -> bool {
    let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_encoded_bytes()) else {
        return false;
    };
    // SAFETY: a zeroed statfs is a valid out-parameter.
    let mut st: libc::statfs = unsafe { std::mem::zeroed() };
    // SAFETY: statfs with a valid C string and out-parameter.
    unsafe { libc::statfs(c.as_ptr(), &mut st) == 0 && st.f_type == libc::TMPFS_MAGIC }
}

/// Where the native backend's private tmp directory goes: the caller's `TMPDIR` (else `/tmp`),
/// unless that is a tmpfs: a tmpfs is host RAM that no rlimit bounds, so a disk-backed
/// `/var/tmp` is taken instead where there is one.
fn tmp_base(env: &BTreeMap<String, String>) -> PathBuf {
    let base = env
        .get("TMPDIR")
        .filter(|t| t.starts_with('/'))
        .map_or_else(|| PathBuf::from("/tmp"), PathBuf::from);
    let disk = Path::new("/var/tmp");
    if on_tmpfs(&base) && disk.is_dir() && !on_tmpfs(disk) {
        return disk.to_path_buf();
    }
    base
}

fn private_tmp(env: &BTreeMap<String, String>) -> Result<PathBuf> {
    private_tmp_in(&tmp_base(env))
}

fn private_tmp_in(base: &Path) -> Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt as _;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let dir = base.join(format!(
        "terraphim-sandbox-{}-{nanos:x}",
        std::process::id()
    ));
    // A kept directory is taken by renaming it (atomic: one run gets it) and used only when it
    // is still pristine; one that is not (planted, or changed since) is removed when empty and
    // otherwise left under its own name.
    for slot in 0..SPARE_TMPS {
        let taken = dir.with_extension(format!("s{slot}"));
        if rename_new(&spare_tmp(base, slot), &taken) {
            if pristine(&taken) {
                return Ok(taken);
            }
            let _ = fs_err::remove_dir(&taken);
        }
    }
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&dir)
        .map_err(|source| SandboxError::Io {
            path: dir.clone(),
            source,
        })?;
    Ok(dir)
}

/// The secure-exec profile that mirrors a request's native profile: the same readable roots
/// (hidden paths excepted by the bridge's realpath check against them), network and limits.
pub fn js_profile(req: &SandboxRequest) -> crate::JsProfile {
    let ctx = context(req);
    let p = &req.profile;
    let roots = p
        .read_only
        .iter()
        .chain(&p.read_write)
        .filter(|e| !e.contains('*'))
        .filter_map(|e| crate::plan::expand(e, &ctx))
        .filter(|r| r.exists())
        .collect();
    let mut js = crate::JsProfile::new(roots);
    js.hidden = plan::existing(&p.hidden, &ctx, &RealFs);
    let links = plan::secret_links(&js.hidden, &ctx.project, &RealFs);
    js.hidden.extend(links);
    js.network = match p.network {
        crate::Network::Deny => crate::JsNetwork::Deny,
        crate::Network::Loopback => crate::JsNetwork::Loopback,
        crate::Network::Allow => crate::JsNetwork::Allow,
        // secure-exec has no way through the guard's proxy: no network at all (stricter).
        crate::Network::Proxy => crate::JsNetwork::Deny,
    };
    js.memory_mb = p.memory_mb;
    js.cpu_seconds = p.cpu_seconds;
    js.wall_seconds = p.wall_seconds;
    js.max_output_bytes = p.output_mb.saturating_mul(1 << 20);
    js
}

fn context(req: &SandboxRequest) -> Context {
    let home = PathBuf::from(
        req.env
            .get("HOME")
            .cloned()
            .unwrap_or_else(|| "/nonexistent".into()),
    );
    use terraphim_shell_vocab::xdg::{self, BaseDir};
    let xdg = |dir: BaseDir| {
        // The request's HOME (or the placeholder) stands in when HOME is relative or unset.
        xdg::base_dir(dir, |k| req.env.get(k).map(Into::into))
            .unwrap_or_else(|| home.join(dir.default_under_home()))
    };
    Context {
        config: xdg(BaseDir::Config),
        data: xdg(BaseDir::Data),
        home: home.clone(),
        project: req.cwd.clone(),
        env: req.env.clone(),
    }
}

fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("SIG{sig}"),
    };
    name.to_owned()
}

/// Copy the command's stdout and stderr to their sinks until both end, counting bytes against
/// the cap (signalled once on `cap_fd` when passed; past it, output is drained and dropped).
/// Returns the start of stderr (for the evidence judge) and the byte count.
fn pump(
    out: OwnedFd,
    err: OwnedFd,
    mut out_sink: Box<dyn Write + Send>,
    mut err_sink: Box<dyn Write + Send>,
    cap: u64,
    cap_fd: i32,
) -> (Vec<u8>, u64, Box<dyn Write + Send>) {
    const KEEP: usize = 256 * 1024;
    let mut kept = Vec::new();
    let mut total = 0u64;
    let mut buf = [0u8; 16 * 1024];
    let mut open = [Some(out), Some(err)];
    while open.iter().any(Option::is_some) {
        let mut pfds: Vec<libc::pollfd> = open
            .iter()
            .map(|fd| libc::pollfd {
                fd: fd.as_ref().map_or(-1, AsRawFd::as_raw_fd),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        // SAFETY: valid pollfds; negative descriptors are ignored by poll.
        let r = unsafe { libc::poll(pfds.as_mut_ptr(), pfds.len() as libc::nfds_t, -1) };
        if r < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            break;
        }
        for (i, pfd) in pfds.iter().enumerate() {
            if pfd.revents == 0 || pfd.fd < 0 {
                continue;
            }
            // SAFETY: reading into a buffer we own from an open descriptor.
            let n = unsafe { libc::read(pfd.fd, buf.as_mut_ptr().cast(), buf.len()) };
            if n < 0 {
                if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                open[i] = None;
                continue;
            }
            if n == 0 {
                open[i] = None;
                continue;
            }
            let n = n as usize;
            let before = total;
            total += n as u64;
            let allowed = cap.saturating_sub(before).min(n as u64) as usize;
            if allowed > 0 {
                let sink = if i == 0 { &mut out_sink } else { &mut err_sink };
                let _ = sink.write_all(&buf[..allowed]);
                let _ = sink.flush();
                if i == 1 {
                    let room = KEEP.saturating_sub(kept.len()).min(allowed);
                    kept.extend_from_slice(&buf[..room]);
                }
            }
            if total > cap && before <= cap {
                linux::signal_fd(cap_fd);
            }
        }
    }
    (kept, total, err_sink)
}

/// What woke the supervisor's loop.
enum Wakeup {
    /// The command (or the namespace init's parent) ended.
    Exited,
    /// The output passed the cap.
    OutputCap,
    /// The wall clock ran out.
    Timeout,
    /// A notification was answered or a control message received.
    Other,
}

/// The supervisor's side of the control socket: the seccomp listener (answered here) and the
/// helper's status.
struct Control {
    sock: Option<OwnedFd>,
    notifier: Option<linux::Notifier>,
    status: Option<HelperStatus>,
    /// Whether a listener arrived: the command started confined.
    confined: bool,
}

impl Control {
    /// Wait up to `wait` for the command's end, the output cap, a control message or a
    /// notification, and handle the last two.
    fn poll(
        &mut self,
        exit: i32,
        cap: i32,
        wait: Duration,
        root: i32,
        limits: &linux::Limits,
        seen: &mut Violations,
    ) -> Wakeup {
        let ms = wait.as_nanos().div_ceil(1_000_000).min(i32::MAX as u128) as i32;
        let fd = |o: Option<i32>| o.unwrap_or(-1);
        let mut pfds = [
            exit,
            cap,
            fd(self.sock.as_ref().map(AsRawFd::as_raw_fd)),
            fd(self.notifier.as_ref().map(linux::Notifier::fd)),
        ]
        .map(|fd| libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        });
        // SAFETY: four valid pollfds; negative descriptors are ignored.
        let r = unsafe { libc::poll(pfds.as_mut_ptr(), 4, ms) };
        if r == 0 {
            return Wakeup::Timeout;
        }
        if r < 0 {
            return Wakeup::Other;
        }
        if pfds[3].revents != 0 {
            self.notify(pfds[3].revents, seen);
        }
        if pfds[2].revents != 0 {
            self.receive(root, limits);
        }
        if pfds[0].revents != 0 {
            return Wakeup::Exited;
        }
        if pfds[1].revents != 0 {
            linux::clear_fd(cap);
            return Wakeup::OutputCap;
        }
        Wakeup::Other
    }

    fn notify(&mut self, revents: i16, seen: &mut Violations) {
        if let Some(n) = &mut self.notifier {
            if revents & libc::POLLIN != 0 {
                if !n.answer(seen) {
                    self.notifier = None;
                }
            } else {
                // POLLHUP: no process uses the filter any more.
                self.notifier = None;
            }
        }
    }

    fn receive(&mut self, root: i32, limits: &linux::Limits) {
        let Some(sock) = &self.sock else { return };
        match linux::recv_message(sock.as_raw_fd()) {
            Ok(Some((data, Some(listener)))) => {
                self.confined = true;
                let killable = data.first() == Some(&linux::LISTENER_KILLABLE);
                self.notifier = Some(linux::Notifier::new(
                    listener,
                    killable,
                    root,
                    limits.clone(),
                ));
            }
            Ok(Some((data, None))) => {
                if let Ok(s) = serde_json::from_slice::<HelperStatus>(&data) {
                    self.status = Some(s);
                }
            }
            Ok(None) | Err(_) => self.sock = None,
        }
    }

    /// After the run: take in every message still queued, without waiting.
    fn drain(&mut self, root: i32, limits: &linux::Limits) {
        for _ in 0..64 {
            let Some(sock) = &self.sock else { break };
            let mut pfd = libc::pollfd {
                fd: sock.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            // SAFETY: one valid pollfd, no waiting.
            if unsafe { libc::poll(&mut pfd, 1, 0) } <= 0 || pfd.revents == 0 {
                break;
            }
            self.receive(root, limits);
        }
    }
}

fn rusage_children_ms() -> u64 {
    linux::rusage_ms(libc::RUSAGE_CHILDREN)
}

/// The end of a run still under way when its report is ready: the namespace init, which sent
/// the command's status (the command and everything that outlived it are gone) and is exiting
/// (its memory, mounts and namespaces are being released). Waiting for it ([`Ending::wait`], or
/// dropping it) reaps it, and kills and reaps whatever of the run could still be there.
#[must_use = "dropping an Ending waits for the end of the run"]
pub struct Ending {
    init: Option<linux::PidFd>,
    me: i32,
}

impl Ending {
    /// Nothing left to wait for.
    fn done(me: i32) -> Self {
        Self { init: None, me }
    }

    /// Wait for the end of the run.
    pub fn wait(mut self) {
        self.finish();
    }

    /// Reap the init (killing it, and with it its namespaces, when it has not ended within
    /// [`ENDING_GRACE`]), then anything else of the run; the init's wait status.
    fn finish(&mut self) -> Option<i32> {
        let init = self.init.take()?;
        let mut pfd = libc::pollfd {
            fd: init.fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = ENDING_GRACE.as_millis() as i32;
        // SAFETY: one valid pollfd.
        if unsafe { libc::poll(&mut pfd, 1, ms) } <= 0 {
            // SAFETY: SIGKILL to our own child, not yet reaped (its pid cannot be reused).
            unsafe { libc::kill(init.pid(), libc::SIGKILL) };
        }
        let status = init.reap();
        linux::procs::kill_tree(self.me);
        linux::procs::reap_zombie_children(self.me);
        Some(status)
    }
}

impl Drop for Ending {
    fn drop(&mut self) {
        self.finish();
    }
}

/// How long the namespace init may take to exit once it has sent the command's status.
const ENDING_GRACE: Duration = Duration::from_secs(10);

/// Whether a run with `bwrap` on a machine with `caps` gets namespaces (its own, or
/// bubblewrap's), and with them a mount namespace of its own.
pub fn mount_namespace(bwrap: BwrapUse, caps: &HostCaps) -> bool {
    match bwrap {
        BwrapUse::Auto => caps.bwrap.is_some() || caps.namespaces,
        BwrapUse::Force => caps.bwrap.is_some(),
        BwrapUse::Never => false,
    }
}

/// Run `req` confined, streaming its stdout and stderr into `stdout` and `stderr`.
///
/// Returns the report of a run that started; an `Err` means nothing ran (refused or failed to
/// start), never that something ran unconfined. Without bubblewrap the calling process becomes
/// a child subreaper for the run, so orphaned descendants of the command come back to it and are
/// killed.
pub fn run(
    req: &SandboxRequest,
    caps: &HostCaps,
    stdout: Box<dyn Write + Send>,
    stderr: Box<dyn Write + Send>,
) -> Result<RunReport> {
    run_ending(req, caps, stdout, stderr).map(|(report, ending)| {
        ending.wait();
        report
    })
}

/// [`run`], returning the report as soon as the command's end is known, with the [`Ending`]
/// still to wait for: where the supervisor made the namespaces itself (and no overlay or copy
/// of the project is in play, whose change set needs every mount gone), the namespace init
/// reports the command's status and closes its output before it exits, and what the caller
/// does with the report (print it, record the outcome) overlaps the kernel's release of the
/// init's memory and namespaces. Everything of the report is final; `cpu_ms` is the init's own
/// count of itself and the processes it reaped.
pub fn run_ending(
    req: &SandboxRequest,
    caps: &HostCaps,
    stdout: Box<dyn Write + Send>,
    stderr: Box<dyn Write + Send>,
) -> Result<(RunReport, Ending)> {
    let start = Instant::now();
    if req.bwrap == BwrapUse::Force && caps.bwrap.is_none() {
        return Err(SandboxError::Unenforceable(
            "bubblewrap was asked for but is not installed".into(),
        ));
    }
    let use_bwrap = mount_namespace(req.bwrap, caps);
    let ctx = context(req);
    let mut tmp_guard = PrivateTmp(None);
    let tmp = if use_bwrap {
        PathBuf::from("/tmp")
    } else {
        let t = private_tmp(&req.env)?;
        tmp_guard.0 = Some(t.clone());
        t
    };
    let mut plan = plan::build(
        &req.profile,
        &req.command,
        &ctx,
        caps,
        use_bwrap,
        &tmp,
        &RealFs,
    )?;
    let workspace = crate::workspace::start(req, &ctx, caps, &mut plan)?;
    // An allow-list: the proxy's port is bound now (the command's environment names it); its
    // threads start once the command has (the supervisor must be single-threaded until then).
    let mut proxy = crate::proxy::for_run(&req.profile, &mut plan)?;
    let (parent_sock, child_sock) = linux::socket_pair()?;
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    // Everything that can fail is created before the command starts.
    let cap_hit = linux::EventFd::new()?;
    let cpu_before = rusage_children_ms();

    // Own namespaces when the machine allows them and no other thread exists (the namespace
    // child keeps running this program's code); otherwise bubblewrap and the helper.
    let own_ns = plan.bwrap
        && req.bwrap != BwrapUse::Force
        && caps.namespaces
        && linux::ns::single_threaded();
    // Package caches: overlays where the run makes its own namespaces, else moved into TMPDIR;
    // their layers go when the run ends (dropped with this value).
    let _caches = crate::caches::start(
        &req.profile,
        &ctx,
        own_ns && linux::overlay::available(),
        &mut plan,
    )?;
    if plan.bwrap && !own_ns && req.profile.read_write.is_empty() {
        // bubblewrap binds the host's device nodes writable (see `plan::bwrap_args`): with no
        // writable root, lock file metadata in seccomp as the native backend does.
        plan.child.lock_metadata = true;
    }
    let (pid, out_reader, err_reader): (i32, OwnedFd, OwnedFd) = if own_ns {
        let (out_r, out_w) = linux::pipe()?;
        let (err_r, err_w) = linux::pipe()?;
        let ns = linux::ns::NsRun {
            child: &plan.child,
            mounts: plan::mounts(&plan, &RealFs),
            tmpdir: plan.tmp.clone(),
            cwd: &plan.cwd,
            env: &plan.env,
            unshare_user: plan.unshare_user,
        };
        let pid = linux::ns::spawn(
            &ns,
            out_w.as_raw_fd(),
            err_w.as_raw_fd(),
            child_sock.as_raw_fd(),
        )
        .map_err(SandboxError::os("start the confined command"))?;
        (pid, out_r, err_r)
    } else {
        let mut child = spawn_command(req, caps, &plan, &child_sock)?;
        let pid = child.id() as i32;
        match (child.stdout.take(), child.stderr.take()) {
            (Some(out), Some(err)) => (pid, OwnedFd::from(out), OwnedFd::from(err)),
            _ => {
                linux::procs::kill_tree(me);
                let _ = child.wait();
                return Err(SandboxError::Plan(
                    "the command's output is not piped".into(),
                ));
            }
        }
    };
    drop(child_sock);
    // The command's end, as a descriptor to poll.
    let exit = match linux::PidFd::open(pid) {
        Ok(fd) => fd,
        Err(e) => {
            linux::procs::kill_tree(me);
            let _ = linux::wait_pid(pid);
            return Err(e);
        }
    };

    if let Some(p) = &mut proxy
        && let Err(e) = p.start()
    {
        linux::procs::kill_tree(me);
        let _ = linux::wait_pid(pid);
        return Err(SandboxError::Io {
            path: PathBuf::from("<guard proxy>"),
            source: e,
        });
    }

    // One thread copies the output (a blocked sink must never stall the wall clock); this
    // thread answers seccomp notifications, receives the helper's status and keeps the time.
    let out_pump = {
        let cap = plan.output_bytes;
        let cap_fd = cap_hit.fd();
        std::thread::spawn(move || pump(out_reader, err_reader, stdout, stderr, cap, cap_fd))
    };

    let mut v = Violations::default();
    let mut seen = Violations::default();
    let mut control = Control {
        sock: Some(parent_sock),
        notifier: None,
        status: None,
        confined: false,
    };
    let limits = linux::Limits {
        profile: plan.profile.clone(),
        max_processes: plan.max_processes,
        max_tasks: plan.max_tasks,
        shared_bytes: plan.memory_mb.saturating_mul(1024 * 1024),
        lock_metadata: plan.child.lock_metadata,
        ipc_namespace: plan.bwrap,
        loopback: plan.child.network == crate::profile::Network::Loopback,
        socket_dirs: vec![if plan.bwrap {
            PathBuf::from(plan::TMP)
        } else {
            plan.tmp.clone()
        }],
        socket_excluded: if plan.bwrap {
            plan.child
                .read_roots
                .iter()
                .chain(&plan.child.write_roots)
                .chain(&plan.protected)
                .chain(&plan.hidden)
                .filter(|p| p.starts_with(plan::TMP) && p.as_path() != Path::new(plan::TMP))
                .cloned()
                .collect()
        } else {
            Vec::new()
        },
        proxy: proxy.as_ref().map(crate::proxy::Proxy::gate),
    };
    let deadline = start + Duration::from_secs(plan.wall_seconds);
    let (mut timed_out, mut output_hit) = (false, false);
    // The init's status may end the wait (its own exit overlaps what follows) only where no
    // change set is judged after the run: those need the init's mounts gone first.
    let may_end_early = own_ns
        && workspace.is_none()
        && req.workspace_copy.is_none()
        && req.profile.caches.is_empty();
    let mut ended_early = false;
    let status = loop {
        let wait = if timed_out || output_hit {
            Duration::from_secs(10)
        } else {
            deadline.saturating_duration_since(Instant::now())
        };
        match control.poll(exit.fd(), cap_hit.fd(), wait, me, &limits, &mut seen) {
            Wakeup::Exited => break exit.reap(),
            Wakeup::OutputCap if !output_hit => {
                output_hit = true;
                v.push(
                    ViolationKind::Output,
                    format!("output exceeded {} bytes", plan.output_bytes),
                    "supervisor: output byte count passed the profile's output_mb; the run was killed",
                );
                linux::procs::kill_tree(me);
            }
            Wakeup::OutputCap | Wakeup::Other => {}
            Wakeup::Timeout if !timed_out && !output_hit => {
                timed_out = true;
                v.push(
                    ViolationKind::WallTime,
                    format!("ran longer than {} s", plan.wall_seconds),
                    format!(
                        "supervisor: wall clock {} s exceeded; every process of the run was killed",
                        plan.wall_seconds
                    ),
                );
                linux::procs::kill_tree(me);
            }
            Wakeup::Timeout => {
                linux::procs::kill_tree(me);
                break libc::SIGKILL;
            }
        }
        if may_end_early && !timed_out && !output_hit && control.status.is_some() {
            // The init has reaped the command, killed what outlived it and closed its output:
            // nothing of the run but the exiting init is left. Its wait status is not needed
            // (the status message carries the command's).
            ended_early = true;
            break 0;
        }
    };
    let mut ending = Ending::done(me);
    let leftovers = if ended_early {
        ending.init = Some(exit);
        Vec::new()
    } else {
        // Whatever is still running after a short grace outlived the command.
        if !timed_out && !output_hit {
            linux::procs::settle(me, linux::procs::LEFTOVER_GRACE);
        }
        linux::procs::kill_tree(me)
    };
    if !plan.bwrap && !timed_out && !output_hit {
        for (lpid, name) in &leftovers {
            let mut x = crate::report::Violation::new(
                ViolationKind::Spawn,
                format!("process `{name}` outlived the command"),
                format!("supervisor: pid {lpid} still running after the command exited; killed"),
            );
            x.program = Some(vec![name.clone()]);
            v.add(x);
        }
    }
    if !ended_early {
        linux::procs::reap_zombie_children(me);
    }
    let (stderr_text, output_total, mut err_sink) = match out_pump.join() {
        Ok(r) => r,
        Err(_) => (
            Vec::new(),
            0,
            Box::new(std::io::sink()) as Box<dyn Write + Send>,
        ),
    };
    // What the control socket still holds (the listener and the helper's status may arrive
    // after the command's end was seen); pending notifications of killed processes are moot.
    control.drain(me, &limits);
    let (helper_status, confined) = (control.status, control.confined);
    // Every process of the run is gone: what the proxy refused is evidence of the run.
    let mut network_reached = Vec::new();
    if let Some(p) = proxy.take() {
        let seen_by_proxy = p.stop();
        for x in seen_by_proxy.refused {
            v.add(x);
        }
        network_reached = seen_by_proxy.reached;
    }
    if plan.bwrap && !confined && !timed_out && !output_hit {
        // The listener is sent just before `exec` of the command: without it the command never
        // started, and the namespace setup (or bubblewrap, or the helper) failed; its own
        // message went to stderr.
        let status = ending.finish().unwrap_or(status);
        return Err(SandboxError::Unenforceable(format!(
            "{} failed to start the sandbox ({}); run with --no-bwrap to use the native backend only",
            if own_ns {
                "the namespace setup"
            } else {
                "bubblewrap"
            },
            match linux::decode_status(status) {
                (Some(code), _) => format!("exit {code}"),
                (_, Some(sig)) => format!("signal {}", signal_name(sig)),
                _ => "no status".into(),
            }
        )));
    }

    let (mut exit_code, mut signal) = linux::decode_status(status);
    let init_cpu_ms = helper_status.as_ref().and_then(|h| h.cpu_ms);
    if let Some(h) = &helper_status {
        exit_code = h.exit_code;
        signal = h.signal;
        if h.tmp_full {
            v.push(
                ViolationKind::Memory,
                format!(
                    "the private /tmp (a tmpfs of {} MiB) was filled",
                    plan.child.tmp_mb.unwrap_or(0)
                ),
                "helper: statvfs(/tmp) after the command: no block left (a tmpfs is memory; its size is memory_mb)",
            );
        }
        if !timed_out && !output_hit {
            for (lpid, name) in &h.leftovers {
                v.push(
                    ViolationKind::Spawn,
                    format!("process `{name}` outlived the command"),
                    format!("helper: pid {lpid} (in the sandbox's PID namespace) still running after the command exited; killed"),
                );
            }
        }
    }
    if plan.max_processes <= 1 && seen.has(ViolationKind::Spawn) {
        let _ = writeln!(
            err_sink,
            "terraphim sandbox: profile `{}` runs a single program (max_processes = 1): a pipeline, subshell or second program is refused; use the `readonly` profile for those",
            plan.profile
        );
    }
    for x in seen.into_vec() {
        v.add(x);
    }
    match signal {
        Some(libc::SIGXCPU) => v.push(
            ViolationKind::Cpu,
            format!("CPU limit of {} s reached", plan.cpu_seconds),
            "signal SIGXCPU: RLIMIT_CPU soft limit reached",
        ),
        Some(libc::SIGXFSZ) => v.push(
            ViolationKind::FsWrite,
            "file size limit reached",
            "signal SIGXFSZ: RLIMIT_FSIZE reached",
        ),
        Some(libc::SIGSYS) => v.push(
            ViolationKind::Syscall,
            "killed by seccomp",
            "signal SIGSYS: a foreign-architecture system call",
        ),
        Some(libc::SIGKILL) if !timed_out && !output_hit => {
            v.push(
                ViolationKind::Cpu,
                format!("killed at the CPU hard limit of {} s", plan.cpu_seconds + 1),
                "signal SIGKILL not sent by the supervisor: RLIMIT_CPU hard limit (heuristic)",
            );
        }
        _ => {}
    }
    if exit_code == Some(128 + libc::SIGXCPU) && !v.has(ViolationKind::Cpu) {
        v.push(
            ViolationKind::Cpu,
            format!("CPU limit of {} s reached", plan.cpu_seconds),
            "exit status 152 = 128 + SIGXCPU: a child of the shell hit RLIMIT_CPU (heuristic)",
        );
    }
    check_protected(&plan, &mut v);
    judge_stderr(&plan, &req.command, &stderr_text, &mut v);
    for name in &plan.env_removed {
        if mentions(&req.command, name) {
            // The profile removed it; the command only names it.
            let mut x = crate::report::Violation::new(
                ViolationKind::Env,
                format!("uses removed variable {name}"),
                format!(
                    "command text: mentions ${name}, which the sandbox did not pass in (heuristic)"
                ),
            );
            x.cause = crate::report::Cause::Profile;
            v.add(x);
        }
    }

    let violations = v.into_vec();
    let has = |k| violations.iter().any(|x| x.kind == k);
    let mut report = RunReport {
        schema: REPORT_SCHEMA,
        id: req.id.clone(),
        command: req.command.clone(),
        profile: plan.profile.clone(),
        backend: if own_ns {
            Backend::NativeNs
        } else if plan.bwrap {
            Backend::NativeBwrap
        } else {
            Backend::Native
        },
        enforced: enforced(&plan, own_ns),
        exit_code,
        signal: signal.map(signal_name),
        duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
        cpu_ms: match (ending.init.is_some(), init_cpu_ms) {
            // Not reaped yet: the init's own count (its CPU and its reaped children's).
            (true, Some(ms)) => ms,
            _ => rusage_children_ms().saturating_sub(cpu_before),
        },
        timed_out,
        cpu_limit_hit: has(ViolationKind::Cpu),
        memory_limit_hit: has(ViolationKind::Memory),
        output_limit_hit: output_hit,
        output_bytes: output_total.min(plan.output_bytes),
        env_removed: plan.env_removed.clone(),
        violations,
        workspace: None,
        network_reached,
    };
    if let Some(ws) = workspace {
        ws.finish(&mut report);
    }
    Ok((report, ending))
}

/// Start the command through bubblewrap and the helper, or natively, with piped output.
fn spawn_command(
    req: &SandboxRequest,
    caps: &HostCaps,
    plan: &Plan,
    child_sock: &OwnedFd,
) -> Result<std::process::Child> {
    let mut cmd = if plan.bwrap {
        let (exe, rest) = req
            .helper
            .split_first()
            .ok_or_else(|| SandboxError::Plan("empty helper command".into()))?;
        let bwrap = caps
            .bwrap
            .as_deref()
            .ok_or_else(|| SandboxError::Plan("bubblewrap vanished".into()))?;
        let plan_json =
            serde_json::to_string(&plan.child).map_err(|e| SandboxError::Plan(e.to_string()))?;
        let mut cmd = Command::new(bwrap);
        cmd.args(plan::bwrap_args(plan, Path::new(exe), &RealFs))
            .arg(exe)
            .args(rest)
            .arg(plan_json);
        let fd = child_sock.as_raw_fd();
        // SAFETY: only system calls in the hook.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setsid() < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if fd == linux::CONTROL_FD {
                    libc::fcntl(fd, libc::F_SETFD, 0);
                } else if libc::dup2(fd, linux::CONTROL_FD) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // Nothing but stdio and the control socket reaches bubblewrap.
                if libc::syscall(
                    libc::SYS_close_range,
                    4u32,
                    u32::MAX,
                    linux::CLOSE_RANGE_CLOEXEC,
                ) < 0
                {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        cmd
    } else {
        // SAFETY: prctl with integer arguments.
        if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } != 0 {
            return Err(SandboxError::last_os("become a child subreaper"));
        }
        let prepared = linux::prepare(&plan.child)?;
        linux::confined_command(&plan.child, prepared, child_sock.as_raw_fd(), true)
    };
    cmd.current_dir(&plan.cwd)
        .env_clear()
        .envs(plan.env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::inherit())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // Spawn before any thread exists: the native pre_exec hook runs after fork.
    cmd.spawn()
        .map_err(SandboxError::os("start the confined command"))
}

fn mentions(command: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    command.match_indices(name).any(|(at, _)| {
        let before = command[..at].chars().next_back();
        let after = command[at + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// The post-run check of protected paths beneath writable roots (every process of the run is
/// gone, so nothing races it): a protected path that did not exist before the run is removed
/// again (it was made by the command: a planted `.git/hooks`, `.github/workflows` or
/// `.git/commondir`), a symlink made on the way to one is removed, and one that existed but is
/// now another file is reported.
fn check_protected(plan: &Plan, v: &mut Violations) {
    use plan::Found;
    for w in &plan.watched {
        let after = plan::Inspect::walk(&RealFs, &w.root, &w.path);
        let shown = w.path.display();
        match (&w.before, &after) {
            (_, Found::Absent) | (Found::Link(_), _) => {}
            (Found::Present(_, a), Found::Present(_, b)) if a == b => {}
            (Found::Absent, Found::Present(p, _)) | (Found::Absent, Found::Link(p)) => {
                let removed = match fs_err::symlink_metadata(p) {
                    Ok(m) if m.is_dir() => fs_err::remove_dir_all(p).is_ok(),
                    Ok(_) => fs_err::remove_file(p).is_ok(),
                    Err(_) => true,
                };
                v.push(
                    ViolationKind::FsWrite,
                    format!(
                        "protected path {shown} was created{}",
                        crate::evidence::git_store_hint(&w.path)
                    ),
                    format!(
                        "supervisor: post-run check: {} did not exist before the run; {}",
                        p.display(),
                        if removed {
                            "removed"
                        } else {
                            "could NOT be removed"
                        }
                    ),
                );
            }
            (Found::Present(..), _) => v.push(
                ViolationKind::FsWrite,
                format!("protected path {shown} was replaced"),
                format!(
                    "supervisor: post-run check: {shown} is no longer the file it was before the run (left in place)"
                ),
            ),
        }
    }
}

fn judge_stderr(plan: &Plan, command: &str, stderr: &[u8], v: &mut Violations) {
    let resolve = |p: &Path| fs_err::canonicalize(p).ok();
    // Paths are resolved on the host; inside the namespaces `/tmp` is the run's private tmpfs,
    // not the host's `/tmp`, so it is no root of a host path.
    let write_roots: Vec<PathBuf> = plan
        .child
        .write_roots
        .iter()
        .filter(|r| !plan.bwrap || r.as_path() != Path::new(plan::TMP))
        .cloned()
        .collect();
    let judge = Judge {
        command,
        cwd: &plan.cwd,
        read_roots: &plan.child.read_roots,
        write_roots: &write_roots,
        hidden: &plan.hidden,
        protected: &plan.protected,
        resolve: &resolve,
    };
    for line in String::from_utf8_lossy(stderr).lines().take(2000) {
        if let Some(x) = judge.line(line) {
            v.add(x);
        }
    }
}

fn enforced(plan: &Plan, own_ns: bool) -> Vec<String> {
    let abi = plan.child.landlock_abi;
    let mut e = vec![
        format!("landlock-abi-{abi}"),
        "seccomp-user-notif".to_owned(),
        "rlimits".to_owned(),
        "no-new-privs".to_owned(),
        "capabilities-dropped".to_owned(),
        "explicit-env".to_owned(),
        "private-tmp".to_owned(),
    ];
    if plan.child.network == Network::Proxy {
        e.push("guard-proxy".into());
        e.push("seccomp-connect-gate".into());
        if abi >= 4 {
            e.push("landlock-tcp".into());
        }
    }
    if plan.child.network == Network::Deny {
        e.push("seccomp-socket-filter".into());
        if abi >= 4 {
            e.push("landlock-tcp".into());
        }
    }
    if abi >= 6 {
        e.push("landlock-scopes".into());
    }
    if plan.bwrap {
        if !own_ns {
            e.push("bwrap".into());
        }
        e.extend(["mount-namespace", "pid-namespace"].map(String::from));
        let netns = if own_ns {
            plan::own_netns(&plan.child)
        } else {
            plan.child.network != Network::Allow
        };
        if netns {
            e.push("net-namespace".into());
        }
    } else {
        e.push("subreaper".into());
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn env_mentions_are_whole_words() {
        assert!(mentions("echo $GITHUB_TOKEN", "GITHUB_TOKEN"));
        assert!(mentions(
            "printenv AWS_SECRET_ACCESS_KEY | head",
            "AWS_SECRET_ACCESS_KEY"
        ));
        assert!(mentions("echo ${NPM_TOKEN:-x}", "NPM_TOKEN"));
        assert!(!mentions("echo $MY_GITHUB_TOKENS", "GITHUB_TOKEN"));
        assert!(!mentions("ls", "EDITOR"));
    }

    #[test]
    fn native_tmp_is_never_on_a_tmpfs_when_disk_exists() {
        let env = |t: &str| BTreeMap::from([("TMPDIR".to_owned(), t.to_owned())]);
        let disk = Path::new("/var/tmp");
        let shm = Path::new("/dev/shm");
        if on_tmpfs(shm) && disk.is_dir() && !on_tmpfs(disk) {
            assert_eq!(tmp_base(&env("/dev/shm")), disk);
        } else {
            eprintln!("skipping: no tmpfs /dev/shm and disk /var/tmp here");
        }
        let here = std::env::temp_dir();
        if !on_tmpfs(&here) {
            assert_eq!(tmp_base(&env(&here.display().to_string())), here);
        }
    }

    #[test]
    fn emptied_private_tmps_are_kept_and_reused_only_when_pristine() {
        use std::os::unix::fs::PermissionsExt as _;
        let base = tempfile::tempdir().unwrap();
        let base = base.path();
        let spare = |slot| spare_tmp(base, slot);

        // An emptied one is kept, and the next run takes it (renamed: a name of its own).
        let first = private_tmp_in(base).unwrap();
        drop(PrivateTmp(Some(first.clone())));
        assert!(!first.exists() && spare(0).is_dir());
        let second = private_tmp_in(base).unwrap();
        assert!(second.is_dir() && !spare(0).exists());
        assert!(
            second.to_string_lossy().ends_with(".s0"),
            "{}",
            second.display()
        );

        // What a run leaves behind is removed with its directory, never kept.
        type Leave = fn(&Path);
        let rows: &[(&str, Leave)] = &[
            ("a file in it", |d| {
                fs_err::write(d.join("left"), "x").unwrap()
            }),
            ("an empty directory in it", |d| {
                fs_err::create_dir(d.join("sub")).unwrap()
            }),
            ("its mode opened", |d| {
                fs_err::set_permissions(d, std::fs::Permissions::from_mode(0o777)).unwrap()
            }),
        ];
        for (name, leave) in rows {
            let t = private_tmp_in(base).unwrap();
            leave(&t);
            drop(PrivateTmp(Some(t.clone())));
            assert!(!t.exists(), "{name}: removed");
            assert!(!spare(0).exists(), "{name}: not kept");
        }

        // An extended attribute a run set on it (where the file system has `user.*` ones).
        let t = private_tmp_in(base).unwrap();
        let c = std::ffi::CString::new(t.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: setxattr with valid C strings and a value of the length given.
        let set = unsafe {
            libc::setxattr(
                c.as_ptr(),
                c"user.left".as_ptr(),
                b"x".as_ptr().cast(),
                1,
                0,
            )
        };
        drop(PrivateTmp(Some(t.clone())));
        if set == 0 {
            assert!(
                !t.exists() && !spare(0).exists(),
                "an xattr: removed, not kept"
            );
        } else {
            eprintln!("skipping the xattr row: no user.* attributes on this file system");
        }

        // A spare place holding something not pristine (planted there, or changed while kept)
        // is never used as a run's directory.
        let plants: &[(&str, Leave)] = &[
            ("not empty", |d| {
                fs_err::write(d.join("planted"), "x").unwrap()
            }),
            ("world-writable", |d| {
                fs_err::set_permissions(d, std::fs::Permissions::from_mode(0o777)).unwrap()
            }),
        ];
        for (name, plant) in plants {
            fs_err::create_dir(spare(0)).unwrap();
            fs_err::set_permissions(spare(0), std::fs::Permissions::from_mode(0o700)).unwrap();
            plant(&spare(0));
            let t = private_tmp_in(base).unwrap();
            assert!(pristine(&t), "{name}: the run's directory is fresh");
            assert!(fs_err::read_dir(&t).unwrap().next().is_none(), "{name}");
            drop(PrivateTmp(Some(t)));
            for e in fs_err::read_dir(base).unwrap() {
                let p = e.unwrap().path();
                let _ = fs_err::set_permissions(&p, std::fs::Permissions::from_mode(0o700));
                fs_err::remove_dir_all(p).unwrap();
            }
        }

        // A symlink in a spare place is not followed into.
        let target = base.join("elsewhere");
        fs_err::create_dir(&target).unwrap();
        fs_err::set_permissions(&target, std::fs::Permissions::from_mode(0o700)).unwrap();
        std::os::unix::fs::symlink(&target, spare(0)).unwrap();
        let t = private_tmp_in(base).unwrap();
        assert!(
            !fs_err::symlink_metadata(&t)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_ne!(
            fs_err::canonicalize(&t).unwrap(),
            fs_err::canonicalize(&target).unwrap()
        );
    }

    #[test]
    fn signal_names() {
        assert_eq!(signal_name(libc::SIGXCPU), "SIGXCPU");
        assert_eq!(signal_name(libc::SIGKILL), "SIGKILL");
    }
}
