//! The native Linux backend: probing, building the Landlock ruleset and seccomp programs, the
//! thin apply step that runs in the child before `exec`, the seccomp notification service, and
//! the helper that runs inside bubblewrap.

pub(crate) mod ns;
pub(crate) mod overlay;
pub(crate) mod procs;
pub(crate) mod seccomp;

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::Command;

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset,
    RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope,
};
use serde::{Deserialize, Serialize};

use crate::error::{Result, SandboxError};
use crate::plan::{ChildPlan, HostCaps, RlimitKind};
use crate::profile::Network;
use crate::report::{ViolationKind, Violations};

/// An eventfd: one thread signals, another polls.
pub(crate) struct EventFd(OwnedFd);

impl EventFd {
    pub(crate) fn new() -> Result<Self> {
        // SAFETY: eventfd returns a new descriptor or -1.
        let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
        if fd < 0 {
            return Err(SandboxError::last_os("create an eventfd"));
        }
        // SAFETY: fd was just created and is owned here.
        Ok(Self(unsafe { OwnedFd::from_raw_fd(fd) }))
    }

    pub(crate) fn fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

/// Make an eventfd readable.
pub(crate) fn signal_fd(fd: RawFd) {
    let one: u64 = 1;
    // SAFETY: writes 8 bytes from a valid u64 to the eventfd.
    unsafe { libc::write(fd, (&one as *const u64).cast(), 8) };
}

/// Reset a (non-blocking) eventfd.
pub(crate) fn clear_fd(fd: RawFd) {
    let mut n: u64 = 0;
    // SAFETY: reads 8 bytes into a valid u64.
    unsafe { libc::read(fd, (&mut n as *mut u64).cast(), 8) };
}

/// A child process as a descriptor that becomes readable when it ends.
pub(crate) struct PidFd {
    fd: OwnedFd,
    pid: i32,
}

impl PidFd {
    pub(crate) fn open(pid: i32) -> Result<Self> {
        // SAFETY: pidfd_open with a pid and no flags returns a new descriptor or -1.
        let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0u32) };
        if fd < 0 {
            return Err(SandboxError::last_os("watch the confined command"));
        }
        // SAFETY: fd was just created (pidfds are close-on-exec) and is owned here.
        Ok(Self {
            fd: unsafe { OwnedFd::from_raw_fd(fd as RawFd) },
            pid,
        })
    }

    pub(crate) fn fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// Reap the ended child; its raw wait status (SIGKILL when it cannot be had).
    pub(crate) fn reap(&self) -> i32 {
        wait_pid(self.pid).map_or(libc::SIGKILL, |(s, _)| s)
    }
}

/// The control socket's descriptor number inside bubblewrap.
pub(crate) const CONTROL_FD: RawFd = 3;

/// `CLOSE_RANGE_CLOEXEC` from `<linux/close_range.h>`.
pub(crate) const CLOSE_RANGE_CLOEXEC: u32 = 1 << 2;

/// Probe the machine once: Landlock ABI, seccomp user notification, bubblewrap on PATH.
pub(crate) fn probe() -> HostCaps {
    // SAFETY: landlock_create_ruleset(NULL, 0, VERSION) only returns a number.
    let abi = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    let action: u32 = libc::SECCOMP_RET_USER_NOTIF;
    // SAFETY: SECCOMP_GET_ACTION_AVAIL reads one u32 from the pointer.
    let notif = unsafe { libc::syscall(libc::SYS_seccomp, 2u32, 0u32, &action as *const u32) } == 0;
    let bwrap = std::env::var_os("PATH").and_then(|path| {
        std::env::split_paths(&path)
            .map(|d| d.join("bwrap"))
            .find(|p| fs_err::metadata(p).is_ok_and(|m| m.is_file()))
    });
    // SAFETY: geteuid cannot fail.
    let is_root = unsafe { libc::geteuid() } == 0;
    HostCaps {
        landlock_abi: u8::try_from(abi).ok().filter(|a| *a > 0),
        seccomp_user_notif: notif,
        bwrap,
        namespaces: ns::available(is_root),
        is_root,
    }
}

/// Whether bubblewrap actually works here (it may be installed but blocked, e.g. in containers
/// without user namespaces). Costs one bwrap run; used by `guard profiles`, not by every run.
pub(crate) fn bwrap_works(bwrap: &Path) -> bool {
    Command::new(bwrap)
        .args([
            "--ro-bind",
            "/",
            "/",
            "--unshare-pid",
            "--unshare-net",
            "--die-with-parent",
            "--",
            "/bin/true",
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Rules built in the parent; only system calls remain for the child.
pub(crate) struct Prepared {
    ruleset: Option<RulesetCreated>,
    errno: Vec<libc::sock_filter>,
    notify: Vec<libc::sock_filter>,
    rlimits: Vec<(libc::__rlimit_resource_t, libc::rlimit)>,
    cap_last: u32,
}

fn abi_of(v: u8) -> ABI {
    match v {
        0 | 1 => ABI::V1,
        2 => ABI::V2,
        3 => ABI::V3,
        4 => ABI::V4,
        _ => ABI::V5,
    }
}

fn landlock_err(e: impl std::fmt::Display) -> SandboxError {
    SandboxError::Unenforceable(format!("landlock: {e}"))
}

fn add_paths(
    mut ruleset: RulesetCreated,
    paths: &[std::path::PathBuf],
    access: landlock::BitFlags<AccessFs>,
    abi: ABI,
) -> Result<RulesetCreated> {
    use std::os::fd::AsFd as _;
    for path in paths {
        // One lookup per rule: the `O_PATH` descriptor (symlinks followed, as `stat` would) is
        // what the rule names, and its type comes from `fstat` on it.
        let fd = match PathFd::new(path) {
            Ok(fd) => fd,
            Err(_) => continue,
        };
        // SAFETY: a zeroed stat is a valid out-parameter.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat on an open descriptor into a valid stat.
        if unsafe { libc::fstat(fd.as_fd().as_raw_fd(), &mut st) } != 0 {
            continue;
        }
        let access = if st.st_mode & libc::S_IFMT == libc::S_IFDIR {
            access
        } else {
            access & AccessFs::from_file(abi)
        };
        ruleset = ruleset
            .add_rule(PathBeneath::new(fd, access))
            .map_err(landlock_err)?;
    }
    Ok(ruleset)
}

/// Build the Landlock ruleset, seccomp programs and rlimits for a child plan.
pub(crate) fn prepare(plan: &ChildPlan) -> Result<Prepared> {
    let abi = abi_of(plan.landlock_abi);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(abi))
        .map_err(landlock_err)?;
    if plan.network == Network::Deny && plan.landlock_abi >= 4 {
        ruleset = ruleset
            .handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)
            .map_err(landlock_err)?;
    }
    if plan.landlock_abi >= 6 {
        let scopes = if plan.network == Network::Allow {
            Scope::Signal.into()
        } else {
            Scope::Signal | Scope::AbstractUnixSocket
        };
        ruleset = ruleset.scope(scopes).map_err(landlock_err)?;
    }
    let created = ruleset.create().map_err(landlock_err)?;
    let created = add_paths(created, &plan.read_roots, AccessFs::from_read(abi), abi)?;
    let created = add_paths(created, &plan.list_roots, AccessFs::ReadDir.into(), abi)?;
    let created = add_paths(created, &plan.write_roots, AccessFs::from_all(abi), abi)?;
    let dev = AccessFs::from_read(abi) | AccessFs::WriteFile;
    let created = add_paths(created, &plan.dev_write, dev, abi)?;

    let rlimits = plan
        .rlimits
        .iter()
        .map(|l| {
            let resource = match l.resource {
                RlimitKind::Data => libc::RLIMIT_DATA,
                RlimitKind::Cpu => libc::RLIMIT_CPU,
                RlimitKind::Fsize => libc::RLIMIT_FSIZE,
                RlimitKind::Core => libc::RLIMIT_CORE,
                RlimitKind::Nofile => libc::RLIMIT_NOFILE,
            };
            // Never ask for more than the caller has: raising a hard limit needs privileges,
            // and a lower limit is only stricter.
            // SAFETY: zeroed rlimit is a valid out-parameter.
            let mut current: libc::rlimit = unsafe { std::mem::zeroed() };
            // SAFETY: valid pointer.
            let have = unsafe { libc::getrlimit(resource, &mut current) } == 0;
            let hard = if have {
                l.hard.min(current.rlim_max)
            } else {
                l.hard
            };
            (
                resource,
                libc::rlimit {
                    rlim_cur: l.soft.min(hard),
                    rlim_max: hard,
                },
            )
        })
        .collect();
    let cap_last = fs_err::read_to_string("/proc/sys/kernel/cap_last_cap")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(40);
    Ok(Prepared {
        ruleset: Some(created),
        errno: seccomp::errno_program()?,
        notify: seccomp::notify_program(plan.network)?,
        rlimits,
        cap_last,
    })
}

fn check(ret: libc::c_long) -> io::Result<libc::c_long> {
    if ret < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(ret)
    }
}

/// Drop every capability: the bounding set (so `exec` of a root process gains none), then the
/// effective, permitted, inheritable and ambient sets.
///
/// # Safety
/// Only system calls; meant for the child between `fork` and `exec`.
unsafe fn drop_capabilities(cap_last: u32) -> io::Result<()> {
    for cap in 0..=cap_last {
        // SAFETY: prctl with integer arguments.
        let has = unsafe { libc::prctl(libc::PR_CAPBSET_READ, cap as libc::c_ulong, 0, 0, 0) };
        if has == 1 {
            // SAFETY: as above. Without CAP_SETPCAP (inside bubblewrap, or not root) this fails
            // with EPERM; that is safe because the permitted set is emptied below and, under
            // no_new_privs, `exec` never grants more than the permitted set already holds.
            let r = unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0) };
            if r != 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EPERM) {
                return Err(io::Error::last_os_error());
            }
        }
    }
    // SAFETY: as above; failure means ambient caps are unsupported, which leaves nothing to clear.
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
            0,
            0,
            0,
        )
    };
    #[repr(C)]
    struct Header {
        version: u32,
        pid: i32,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    let header = Header {
        version: 0x2008_0522,
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: capset with a v3 header and two data structs, as the ABI requires.
    check(unsafe { libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()) })?;
    Ok(())
}

/// Install one seccomp program; returns the listener descriptor when asked for one.
///
/// # Safety
/// Only system calls on memory owned by the caller.
unsafe fn install(program: &[libc::sock_filter], flags: libc::c_ulong) -> io::Result<libc::c_long> {
    let prog = libc::sock_fprog {
        len: u16::try_from(program.len()).map_err(|_| io::Error::from_raw_os_error(libc::E2BIG))?,
        filter: program.as_ptr().cast_mut(),
    };
    // SAFETY: prog points to a valid program for the duration of the call.
    check(unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            flags,
            &prog as *const libc::sock_fprog,
        )
    })
}

/// Send a descriptor over a Unix socket (`SCM_RIGHTS`), without allocating.
///
/// # Safety
/// `sock` and `fd` must be open descriptors.
unsafe fn send_fd(sock: RawFd, fd: RawFd) -> io::Result<()> {
    let mut byte = [b'L'];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    let mut buf = [0u64; 8];
    // SAFETY: zeroed msghdr is valid; the fields are set below.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = buf.as_mut_ptr().cast();
    // SAFETY: CMSG_SPACE is a pure computation.
    msg.msg_controllen = unsafe { libc::CMSG_SPACE(4) } as usize;
    // SAFETY: msg_control points to a buffer of msg_controllen bytes, so the first header fits.
    unsafe {
        let c = libc::CMSG_FIRSTHDR(&msg);
        (*c).cmsg_level = libc::SOL_SOCKET;
        (*c).cmsg_type = libc::SCM_RIGHTS;
        (*c).cmsg_len = libc::CMSG_LEN(4) as usize;
        std::ptr::write_unaligned(libc::CMSG_DATA(c).cast::<i32>(), fd);
    }
    // SAFETY: msg is fully initialised.
    check(unsafe { libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL) } as libc::c_long)?;
    Ok(())
}

/// The child side, between `fork` and `exec`: rlimits, capabilities, no_new_privs, Landlock
/// (fully enforced or fail), seccomp, and the notification listener sent to the supervisor.
/// Only system calls: the rules were built in the parent.
///
/// # Safety
/// Call only in a freshly forked child (a `pre_exec` hook).
pub(crate) unsafe fn apply_in_child(
    p: &mut Prepared,
    control: RawFd,
    new_session: bool,
) -> io::Result<()> {
    // Descriptors the caller leaked into the child must not reach the command: mark everything
    // above stderr close-on-exec (the control socket is used below, before exec).
    // SAFETY: close_range with the CLOEXEC flag only changes descriptor flags.
    check(unsafe { libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, CLOSE_RANGE_CLOEXEC) })?;
    if new_session {
        // SAFETY: setsid in a fresh child.
        check(unsafe { libc::setsid() }.into())?;
    }
    for (resource, limit) in &p.rlimits {
        // SAFETY: limit is a valid rlimit.
        check(unsafe { libc::setrlimit(*resource, limit) }.into())?;
    }
    // SAFETY: only system calls.
    unsafe { drop_capabilities(p.cap_last) }?;
    // SAFETY: prctl with integer arguments.
    check(unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) }.into())?;
    let ruleset = p
        .ruleset
        .take()
        .ok_or_else(|| io::Error::from_raw_os_error(libc::EINVAL))?;
    match ruleset.restrict_self() {
        Ok(status) if status.ruleset == RulesetStatus::FullyEnforced => {}
        _ => return Err(io::Error::from_raw_os_error(libc::EPERM)),
    }
    // SAFETY: the programs live in `p` for the duration of the calls.
    unsafe { install(&p.errno, 0) }?;
    // SAFETY: as above.
    let listener = unsafe { install(&p.notify, libc::SECCOMP_FILTER_FLAG_NEW_LISTENER) }? as RawFd;
    // SAFETY: both descriptors are open.
    let sent = unsafe { send_fd(control, listener) };
    // SAFETY: the listener now lives in the supervisor.
    unsafe { libc::close(listener) };
    sent
}

/// A `bash -c COMMAND` that confines itself before `exec`.
pub(crate) fn confined_command(
    plan: &ChildPlan,
    mut prepared: Prepared,
    control: RawFd,
    new_session: bool,
) -> Command {
    let mut cmd = Command::new(&plan.shell);
    cmd.arg("-c").arg(&plan.command);
    // SAFETY: the hook only makes system calls on data built before the fork.
    unsafe {
        cmd.pre_exec(move || apply_in_child(&mut prepared, control, new_session));
    }
    cmd
}

/// Receive one message (and a descriptor, if one came with it) from the control socket.
pub(crate) fn recv_message(sock: RawFd) -> io::Result<Option<(Vec<u8>, Option<OwnedFd>)>> {
    // Not zeroed: the kernel writes the first `n` bytes, and only those are kept (most
    // messages are a byte or two, so most of the buffer is never touched).
    let mut data: Vec<u8> = Vec::with_capacity(64 * 1024);
    let mut iov = libc::iovec {
        iov_base: data.as_mut_ptr().cast(),
        iov_len: data.capacity(),
    };
    let mut buf = [0u64; 8];
    // SAFETY: zeroed msghdr is valid.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = buf.as_mut_ptr().cast();
    msg.msg_controllen = std::mem::size_of_val(&buf);
    let n = loop {
        // SAFETY: msg points to valid buffers.
        let n = unsafe { libc::recvmsg(sock, &mut msg, libc::MSG_CMSG_CLOEXEC) };
        if n >= 0 {
            break n as usize;
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    };
    if n == 0 && msg.msg_controllen == 0 {
        return Ok(None);
    }
    let mut fd = None;
    // SAFETY: the kernel filled msg_control; walk it with the CMSG macros.
    unsafe {
        let mut c = libc::CMSG_FIRSTHDR(&msg);
        while !c.is_null() {
            if (*c).cmsg_level == libc::SOL_SOCKET && (*c).cmsg_type == libc::SCM_RIGHTS {
                let raw = std::ptr::read_unaligned(libc::CMSG_DATA(c).cast::<i32>());
                fd = Some(OwnedFd::from_raw_fd(raw));
            }
            c = libc::CMSG_NXTHDR(&msg, c);
        }
    }
    // SAFETY: recvmsg initialised the first n bytes (n <= capacity).
    unsafe { data.set_len(n.min(data.capacity())) };
    Ok(Some((data, fd)))
}

/// A `SOCK_SEQPACKET` pair, close-on-exec.
pub(crate) fn socket_pair() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: fds is a valid out-array of two ints.
    let r = unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    };
    if r != 0 {
        return Err(SandboxError::last_os("create the control socket"));
    }
    // SAFETY: both descriptors were just created and are owned here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Answers the seccomp notifications of one run: refuses and records denied calls, and gates
/// process creation on `max_processes` live confined processes beneath `root`. The supervisor
/// polls [`Notifier::fd`] with its other descriptors and calls [`Notifier::answer`] when it is
/// readable; `POLLHUP` on it means no process uses the filter any more.
pub(crate) struct Notifier {
    listener: OwnedFd,
    gate: ForkGate,
}

impl Notifier {
    pub(crate) fn new(listener: OwnedFd, root: i32, max_processes: u32) -> Self {
        Self {
            listener,
            gate: ForkGate {
                root,
                max: max_processes,
                recent: Vec::new(),
            },
        }
    }

    pub(crate) fn fd(&self) -> RawFd {
        self.listener.as_raw_fd()
    }

    /// Receive one pending notification and answer it (nothing happens when none is pending:
    /// the call fails and is ignored).
    pub(crate) fn answer(&mut self, out: &mut Violations) {
        let fd = self.listener.as_raw_fd();
        // SAFETY: the kernel requires a zeroed seccomp_notif.
        let mut req: libc::seccomp_notif = unsafe { std::mem::zeroed() };
        // SAFETY: req is a valid seccomp_notif.
        if unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_RECV, &mut req) } != 0 {
            return;
        }
        let (error, flags) = decide(&req, &mut self.gate, out);
        let mut resp = libc::seccomp_notif_resp {
            id: req.id,
            val: 0,
            error,
            flags,
        };
        // SAFETY: resp is a valid seccomp_notif_resp; ENOENT (the caller died) is fine.
        unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_SEND, &mut resp) };
    }
}

/// Counts live confined processes for the fork gate. A fork let through a moment ago may not be
/// visible in `/proc` yet, so forks let through in the last few milliseconds count too (this
/// errs towards refusing a fork early, never towards exceeding the cap by a burst).
struct ForkGate {
    root: i32,
    max: u32,
    recent: Vec<std::time::Instant>,
}

impl ForkGate {
    const WINDOW: std::time::Duration = std::time::Duration::from_millis(5);

    /// Whether one more process fits, and the count it was judged on.
    fn admit(&mut self) -> (bool, u32) {
        let now = std::time::Instant::now();
        self.recent
            .retain(|t| now.duration_since(*t) < Self::WINDOW);
        let live = procs::count_confined(self.root);
        let counted = live.saturating_add(u32::try_from(self.recent.len()).unwrap_or(u32::MAX));
        let ok = counted < self.max;
        if ok {
            self.recent.push(now);
        }
        (ok, live)
    }
}

fn decide(req: &libc::seccomp_notif, gate: &mut ForkGate, out: &mut Violations) -> (i32, u32) {
    let max_processes = gate.max;
    let pid = req.pid as i32;
    let args = req.data.args;
    let call = seccomp::classify(i64::from(req.data.nr), &args);
    let who = || format!("pid {pid} ({})", procs::comm(pid));
    let mut record = |kind, detail: String, evidence: String| out.push(kind, detail, evidence);
    let eperm = (-libc::EPERM, 0);
    match call {
        seccomp::Call::Socket { domain, kind } => {
            let what = format!(
                "socket({}, {})",
                seccomp::family(domain),
                seccomp::socket_type(kind)
            );
            record(
                ViolationKind::Network,
                format!("{what} denied"),
                format!("seccomp: {what} by {} refused with EPERM", who()),
            );
            eperm
        }
        seccomp::Call::Trace {
            name,
            request,
            target,
        } => {
            let what = if name == "ptrace" {
                format!("ptrace({}, pid {target})", seccomp::ptrace_request(request))
            } else {
                format!("{name}(pid {request})")
            };
            record(
                ViolationKind::Ptrace,
                format!("{what} denied"),
                format!("seccomp: {what} by {} refused with EPERM", who()),
            );
            eperm
        }
        seccomp::Call::Spawn {
            name,
            new_namespaces: true,
        } => {
            record(
                ViolationKind::Syscall,
                format!("{name} with new namespaces denied"),
                format!(
                    "seccomp: {name}(CLONE_NEW*) by {} refused with EPERM",
                    who()
                ),
            );
            eperm
        }
        seccomp::Call::Spawn {
            name,
            new_namespaces: false,
        } => {
            let (admitted, live) = gate.admit();
            if admitted {
                (0, libc::SECCOMP_USER_NOTIF_FLAG_CONTINUE as u32)
            } else {
                record(
                    ViolationKind::Spawn,
                    format!("process limit reached (max_processes {max_processes})"),
                    format!(
                        "seccomp: {name} by {} refused with EAGAIN; {live} live confined processes",
                        who()
                    ),
                );
                (-libc::EAGAIN, 0)
            }
        }
        seccomp::Call::Privileged(name) => {
            record(
                ViolationKind::Syscall,
                format!("{name} denied"),
                format!("seccomp: {name} by {} refused with EPERM", who()),
            );
            eperm
        }
        seccomp::Call::Other(nr) => {
            record(
                ViolationKind::Syscall,
                format!("syscall {nr} denied"),
                format!("seccomp: syscall {nr} by {}", who()),
            );
            eperm
        }
    }
}

/// What the helper inside bubblewrap reports when the command has ended.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct HelperStatus {
    pub(crate) exit_code: Option<i32>,
    pub(crate) signal: Option<i32>,
    /// Processes still running after the command exited (PID inside the namespace, name).
    pub(crate) leftovers: Vec<(i32, String)>,
}

/// Decode a wait status into (exit code, signal).
pub(crate) fn decode_status(status: i32) -> (Option<i32>, Option<i32>) {
    if libc::WIFEXITED(status) {
        (Some(libc::WEXITSTATUS(status)), None)
    } else if libc::WIFSIGNALED(status) {
        (None, Some(libc::WTERMSIG(status)))
    } else {
        (None, None)
    }
}

/// Wait for one child, retrying on EINTR; returns the raw status.
pub(crate) fn wait_pid(pid: i32) -> io::Result<(i32, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: zeroed rusage is valid.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            return Ok((status, usage));
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

/// The helper's work inside bubblewrap: become a subreaper, run the confined command, report
/// leftovers and the exit status over [`CONTROL_FD`], and return the exit code to use.
pub(crate) fn helper(plan_json: &str) -> Result<u8> {
    let plan: ChildPlan =
        serde_json::from_str(plan_json).map_err(|e| SandboxError::Plan(e.to_string()))?;
    // SAFETY: fcntl on the inherited control descriptor; keeps it out of the command's exec.
    if unsafe { libc::fcntl(CONTROL_FD, libc::F_SETFD, libc::FD_CLOEXEC) } != 0 {
        return Err(SandboxError::last_os("use the control socket"));
    }
    init(&plan, CONTROL_FD, None, &mut || Ok(()))
}

/// The first process inside the namespaces: become a subreaper, run the confined command, kill
/// and report what outlived it, and send the exit status over `control`. `env` is the command's
/// whole environment and working directory, when the process's own are not already right.
/// `ready` runs after the rules are built and before the command starts; an error from it
/// means the command never starts.
pub(crate) fn init(
    plan: &ChildPlan,
    control: RawFd,
    env: Option<(&[(String, String)], &Path)>,
    ready: &mut dyn FnMut() -> Result<()>,
) -> Result<u8> {
    // SAFETY: prctl with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } != 0 {
        return Err(SandboxError::last_os("become a child subreaper"));
    }
    let prepared = prepare(plan)?;
    ready()?;
    let mut cmd = confined_command(plan, prepared, control, false);
    if let Some((vars, cwd)) = env {
        cmd.env_clear()
            .envs(vars.iter().map(|(k, v)| (k, v)))
            .current_dir(cwd);
    }
    let child = cmd
        .spawn()
        .map_err(SandboxError::os("start the confined command"))?;
    let pid = child.id() as i32;
    let (status, _) = wait_pid(pid).map_err(SandboxError::os("wait for the confined command"))?;
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    let leftovers = procs::kill_tree(me);
    for _ in 0..if leftovers.is_empty() { 0 } else { 200 } {
        // SAFETY: reaping any child without blocking.
        let r = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        if r < 0 {
            break;
        }
        if r == 0 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    let (exit_code, signal) = decode_status(status);
    let report = HelperStatus {
        exit_code,
        signal,
        leftovers,
    };
    let bytes = serde_json::to_vec(&report).map_err(|e| SandboxError::Plan(e.to_string()))?;
    // SAFETY: writing a buffer we own to the control socket.
    unsafe {
        libc::send(
            control,
            bytes.as_ptr().cast(),
            bytes.len(),
            libc::MSG_NOSIGNAL,
        )
    };
    Ok(match (exit_code, signal) {
        (Some(c), _) => u8::try_from(c).unwrap_or(1),
        (None, Some(s)) => u8::try_from(128 + s).unwrap_or(255),
        _ => 1,
    })
}

/// A pipe, both ends close-on-exec: (read, write).
pub(crate) fn pipe() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: fds is a valid out-array of two ints.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(SandboxError::last_os("create a pipe"));
    }
    // SAFETY: both descriptors were just created and are owned here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}
