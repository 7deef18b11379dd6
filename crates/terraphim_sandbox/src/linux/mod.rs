//! The native Linux backend: probing, building the Landlock ruleset and seccomp programs, the
//! thin apply step that runs in the child before `exec`, the seccomp notification service, and
//! the helper that runs inside bubblewrap.

pub(crate) mod netgate;
pub(crate) mod ns;
pub(crate) mod overlay;
pub(crate) mod procs;
pub(crate) mod receiver;
pub(crate) mod seccomp;
mod spawn;

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::Command;

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreated, RulesetStatus, Scope,
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

    pub(crate) fn pid(&self) -> i32 {
        self.pid
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
    // SAFETY: with no program the kernel installs nothing: it checks the flags first (EINVAL
    // for one it does not know) and then fails to read the program (EFAULT).
    let killable = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            NOTIFY_FLAGS,
            std::ptr::null::<libc::sock_fprog>(),
        )
    } < 0
        && io::Error::last_os_error().raw_os_error() == Some(libc::EFAULT);
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
        seccomp_wait_killable: notif && killable,
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

/// `struct landlock_path_beneath_attr` from `<linux/landlock.h>` (packed).
#[repr(C, packed)]
struct PathBeneathAttr {
    allowed_access: u64,
    parent_fd: i32,
}

/// `LANDLOCK_RULE_PATH_BENEATH`.
const RULE_PATH_BENEATH: libc::c_int = 1;

/// Add a path-beneath rule for each path to the ruleset `fd` (a duplicate of the created
/// ruleset's descriptor: the same ruleset). The rules are added with the system call itself:
/// the crate's `add_rule` asks the descriptor's type with an `fstat` of its own, a second one
/// per rule, and the type is already known here.
fn add_paths(
    ruleset: RawFd,
    paths: &[std::path::PathBuf],
    access: landlock::BitFlags<AccessFs>,
    abi: ABI,
) -> Result<()> {
    let file_access = access & AccessFs::from_file(abi);
    for path in paths {
        // One lookup per rule: the `O_PATH` descriptor (symlinks followed, as `stat` would) is
        // what the rule names, and its type comes from `fstat` on it.
        let Ok(c) = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()) else {
            continue;
        };
        // SAFETY: a valid C string; the result is a new descriptor or -1.
        let raw = unsafe { libc::open(c.as_ptr(), libc::O_PATH | libc::O_CLOEXEC) };
        if raw < 0 {
            continue;
        }
        // SAFETY: raw was just opened and is owned here.
        let fd = unsafe { OwnedFd::from_raw_fd(raw) };
        // SAFETY: a zeroed stat is a valid out-parameter.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        // SAFETY: fstat on an open descriptor into a valid stat.
        if unsafe { libc::fstat(fd.as_raw_fd(), &mut st) } != 0 {
            continue;
        }
        let access = if st.st_mode & libc::S_IFMT == libc::S_IFDIR {
            access
        } else {
            file_access
        };
        if access.is_empty() {
            // Grants nothing (and the kernel refuses an empty rule).
            continue;
        }
        let attr = PathBeneathAttr {
            allowed_access: access.bits(),
            parent_fd: fd.as_raw_fd(),
        };
        // SAFETY: landlock_add_rule with a valid ruleset descriptor and a rule of the type given.
        let r = unsafe {
            libc::syscall(
                libc::SYS_landlock_add_rule,
                ruleset,
                RULE_PATH_BENEATH,
                &attr as *const PathBeneathAttr,
                0u32,
            )
        };
        if r != 0 {
            return Err(landlock_err(format!(
                "add a rule for {}: {}",
                path.display(),
                io::Error::last_os_error()
            )));
        }
    }
    Ok(())
}

/// Build the Landlock ruleset, seccomp programs and rlimits for a child plan.
pub(crate) fn prepare(plan: &ChildPlan) -> Result<Prepared> {
    let abi = abi_of(plan.landlock_abi);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(abi))
        .map_err(landlock_err)?;
    if matches!(plan.network, Network::Deny | Network::Proxy) && plan.landlock_abi >= 4 {
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
    {
        // A duplicate of the ruleset's descriptor (the same ruleset) to add the rules through.
        let dup: Option<OwnedFd> = created.try_clone().map_err(landlock_err)?.into();
        let dup = dup.ok_or_else(|| landlock_err("the ruleset has no descriptor"))?;
        let fd = dup.as_raw_fd();
        add_paths(fd, &plan.read_roots, AccessFs::from_read(abi), abi)?;
        add_paths(fd, &plan.list_roots, AccessFs::ReadDir.into(), abi)?;
        add_paths(fd, &plan.write_roots, AccessFs::from_all(abi), abi)?;
        let dev = AccessFs::from_read(abi) | AccessFs::WriteFile;
        add_paths(fd, &plan.dev_write, dev, abi)?;
    }

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
    let cap_last = procs::read_proc("/proc/sys/kernel/cap_last_cap")
        .and_then(|s| String::from_utf8_lossy(&s).trim().parse().ok())
        .unwrap_or(40);
    Ok(Prepared {
        ruleset: Some(created),
        errno: seccomp::errno_program()?,
        notify: seccomp::notify_program(seccomp::NotifyRules {
            network: plan.network,
            lock_metadata: plan.lock_metadata,
        })?,
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
        // Dropping a capability that is not in the set succeeds and changes nothing, so no
        // `PR_CAPBSET_READ` first (one system call less per capability before `exec`).
        // SAFETY: prctl with integer arguments. Without CAP_SETPCAP (inside bubblewrap, or not
        // root) this fails with EPERM; that is safe because the permitted set is emptied below
        // and, under no_new_privs, `exec` never grants more than the permitted set holds.
        let r = unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0) };
        if r != 0 && io::Error::last_os_error().raw_os_error() != Some(libc::EPERM) {
            return Err(io::Error::last_os_error());
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

/// The notify filter's flags where the kernel has them: a listener, and a wait that only
/// SIGKILL ends once the notification was received (Linux 5.19; see `receiver`).
const NOTIFY_FLAGS: libc::c_ulong =
    libc::SECCOMP_FILTER_FLAG_NEW_LISTENER | libc::SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;

/// The byte sent with the listener: its filter was installed with [`NOTIFY_FLAGS`].
pub(crate) const LISTENER_KILLABLE: u8 = b'K';

/// Send a descriptor over a Unix socket (`SCM_RIGHTS`) with one byte, without allocating.
///
/// # Safety
/// `sock` and `fd` must be open descriptors.
unsafe fn send_fd(sock: RawFd, fd: RawFd, byte: u8) -> io::Result<()> {
    let mut byte = [byte];
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
    // SAFETY: as above. A kernel without WAIT_KILLABLE_RECV refuses the flag with EINVAL: the
    // filter is then installed without it (signals may interrupt a held call, as before).
    let (listener, byte) = match unsafe { install(&p.notify, NOTIFY_FLAGS) } {
        Ok(fd) => (fd as RawFd, LISTENER_KILLABLE),
        Err(e) if e.raw_os_error() == Some(libc::EINVAL) => {
            // SAFETY: as above.
            let fd = unsafe { install(&p.notify, libc::SECCOMP_FILTER_FLAG_NEW_LISTENER) }?;
            (fd as RawFd, b'L')
        }
        Err(e) => return Err(e),
    };
    // SAFETY: both descriptors are open.
    let sent = unsafe { send_fd(control, listener, byte) };
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

/// The limits the notification service enforces for one run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Limits {
    /// The profile's name, for messages.
    pub(crate) profile: String,
    /// Live confined processes at once.
    pub(crate) max_processes: u32,
    /// Live confined tasks (threads of every process) at once.
    pub(crate) max_tasks: u32,
    /// Bytes of shared anonymous memory the run may map in all (never given back on `munmap`).
    pub(crate) shared_bytes: u64,
    /// Refuse every extended attribute (see `seccomp::NotifyRules::lock_metadata`).
    pub(crate) lock_metadata: bool,
    /// The run has an IPC namespace of its own (System V segments end with it).
    pub(crate) ipc_namespace: bool,
    /// `network = "loopback"`: IPv4/IPv6 `connect` is made by the supervisor on the program's
    /// socket (see `loopback_connect`); Unix sockets are handled as for `deny`.
    pub(crate) loopback: bool,
    /// The run's private storage as the command sees it (the private `/tmp` or tmp directory):
    /// a Unix socket there whose listener is a process of this run may be connected to (the
    /// supervisor makes the connection). Never a host path: the supervisor must not touch a
    /// host socket even to find out whose it is.
    pub(crate) socket_dirs: Vec<std::path::PathBuf>,
    /// Paths beneath `socket_dirs` that are host paths bound into the view (a project under
    /// `/tmp`).
    pub(crate) socket_excluded: Vec<std::path::PathBuf>,
    /// With `network` an allow-list: the proxy that IP connections are sent to.
    pub(crate) proxy: Option<crate::proxy::ProxyGate>,
}

/// Answers the seccomp notifications of one run: refuses and records denied calls, and gates
/// process creation on `max_processes` live confined processes beneath `root`. The supervisor
/// polls [`Notifier::fd`] with its other descriptors and calls [`Notifier::answer`] when it is
/// readable; `POLLHUP` on it, or `answer` returning false, means no process uses the filter any
/// more. Notifications are received by a thread of their own (see `receiver`) when the filter
/// was installed with WAIT_KILLABLE_RECV (`killable`); otherwise here, as they are answered.
pub(crate) struct Notifier {
    listener: OwnedFd,
    receiver: Option<receiver::Receiver>,
    gate: ForkGate,
    shared_used: u64,
}

impl Notifier {
    pub(crate) fn new(listener: OwnedFd, killable: bool, root: i32, limits: Limits) -> Self {
        // Without the receiving thread (it could not start, or received notifications would
        // stay interruptible anyway) the loop receives them itself: slower, never looser.
        let receiver = if killable {
            receiver::Receiver::start(&listener).ok()
        } else {
            None
        };
        Self {
            listener,
            receiver,
            gate: ForkGate {
                root,
                limits,
                recent: Vec::new(),
                recent_tasks: Vec::new(),
            },
            shared_used: 0,
        }
    }

    pub(crate) fn fd(&self) -> RawFd {
        self.receiver
            .as_ref()
            .map_or(self.listener.as_raw_fd(), receiver::Receiver::fd)
    }

    /// Answer the notifications received so far (or receive one pending notification and
    /// answer it: nothing happens when none is pending). False once no process uses the filter
    /// any more.
    pub(crate) fn answer(&mut self, out: &mut Violations) -> bool {
        let mut requests = Vec::new();
        let open = match &self.receiver {
            Some(r) => r.take(&mut requests),
            None => {
                // SAFETY: the kernel requires a zeroed seccomp_notif.
                let mut req: libc::seccomp_notif = unsafe { std::mem::zeroed() };
                // SAFETY: req is a valid seccomp_notif.
                if unsafe {
                    libc::ioctl(
                        self.listener.as_raw_fd(),
                        libc::SECCOMP_IOCTL_NOTIF_RECV,
                        &mut req,
                    )
                } == 0
                {
                    requests.push(req);
                }
                true
            }
        };
        for req in &requests {
            self.answer_one(req, out);
        }
        open
    }

    fn answer_one(&mut self, req: &libc::seccomp_notif, out: &mut Violations) {
        let fd = self.listener.as_raw_fd();
        let (error, flags) = decide(req, self, out);
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

/// Counts live confined processes and tasks for the fork gate. A fork let through a moment ago
/// may not be visible in `/proc` yet, so tasks let through in the last few milliseconds count too
/// (this errs towards refusing early, never towards exceeding the cap by a burst).
struct ForkGate {
    root: i32,
    limits: Limits,
    recent: Vec<std::time::Instant>,
    recent_tasks: Vec<std::time::Instant>,
}

/// The gate's answer: admitted, or refused because of processes or tasks, with the live count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Admit {
    Yes,
    Processes(u32),
    Tasks(u32),
}

impl ForkGate {
    const WINDOW: std::time::Duration = std::time::Duration::from_millis(5);

    /// Whether one more task (a process, or a thread when `thread`) fits.
    fn admit(&mut self, thread: bool) -> Admit {
        let now = std::time::Instant::now();
        self.recent
            .retain(|t| now.duration_since(*t) < Self::WINDOW);
        self.recent_tasks
            .retain(|t| now.duration_since(*t) < Self::WINDOW);
        let (live, tasks) = procs::count_confined(self.root);
        let n = |v: &Vec<std::time::Instant>| u32::try_from(v.len()).unwrap_or(u32::MAX);
        if !thread && live.saturating_add(n(&self.recent)) >= self.limits.max_processes {
            return Admit::Processes(live);
        }
        if tasks.saturating_add(n(&self.recent_tasks)) >= self.limits.max_tasks {
            return Admit::Tasks(tasks);
        }
        if !thread {
            self.recent.push(now);
        }
        self.recent_tasks.push(now);
        Admit::Yes
    }
}

/// Read up to `max` bytes of another process's memory (for naming what it asked for in the
/// report; never for a decision, since the process can change the memory afterwards).
fn read_memory(pid: i32, addr: u64, max: usize) -> Option<Vec<u8>> {
    if addr == 0 || max == 0 {
        return None;
    }
    let mut buf = vec![0u8; max];
    let local = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: max,
    };
    let remote = libc::iovec {
        iov_base: addr as *mut libc::c_void,
        iov_len: max,
    };
    // SAFETY: one local iovec into our buffer; the remote one is only read by the kernel.
    let n = unsafe { libc::process_vm_readv(pid, &local, 1, &remote, 1, 0) };
    let n = usize::try_from(n).ok()?;
    buf.truncate(n);
    Some(buf)
}

/// A C string at `addr` in the process's memory (at most 255 bytes).
fn read_cstr(pid: i32, addr: u64) -> Option<String> {
    // A string near the end of a mapping: read what can be read, in smaller pieces.
    let bytes = [256usize, 64, 16]
        .iter()
        .find_map(|n| read_memory(pid, addr, *n).filter(|b| !b.is_empty()))?;
    let end = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
    Some(String::from_utf8_lossy(&bytes[..end]).into_owned())
}

/// What a `connect`/`sendto` address names, as read from the process: `(label, path)` where
/// `path` is a pathname Unix socket.
fn socket_address(pid: i32, addr: u64, len: u64) -> (String, Option<String>) {
    let len = usize::try_from(len.min(128)).unwrap_or(0);
    let Some(bytes) = read_memory(pid, addr, len).filter(|b| b.len() >= 2) else {
        return ("an unreadable address".into(), None);
    };
    let family = i32::from(u16::from_ne_bytes([bytes[0], bytes[1]]));
    if family != libc::AF_UNIX {
        return (seccomp::family(family as u64), None);
    }
    let path = &bytes[2..];
    if path.first() == Some(&0) {
        let name: String = String::from_utf8_lossy(&path[1..])
            .chars()
            .take(64)
            .collect();
        return (format!("abstract Unix socket @{name}"), None);
    }
    let end = path.iter().position(|b| *b == 0).unwrap_or(path.len());
    let p = String::from_utf8_lossy(&path[..end]).into_owned();
    (format!("Unix socket {p}"), Some(p))
}

/// `struct open_how` for `openat2` (the libc crate's is not constructible).
#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}

fn owned(fd: libc::c_long) -> Option<OwnedFd> {
    // SAFETY: a descriptor just returned by the kernel, owned here.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// A connection to a pathname Unix socket *inside the run*: the socket file lies in the run's
/// private storage in the program's view (resolved there with no symlink at all), it is a stream
/// socket, and the process listening on it is a confined process of this run. The
/// supervisor connects a socket of its own to it, from the path it read once, checks the peer
/// on the connected socket, and installs the socket in place of the program's descriptor
/// (`SECCOMP_IOCTL_NOTIF_ADDFD`): nothing the program changes after the read can redirect it.
/// `Ok` when installed; `Err(Some(errno))` to fail the call with that errno without a violation;
/// `Err(None)` to refuse it as an escape.
fn internal_connect(
    req: &libc::seccomp_notif,
    n: &Notifier,
    pid: i32,
    sockfd: u64,
    path: &str,
) -> std::result::Result<(), Option<i32>> {
    use std::path::{Component, PathBuf};
    // The absolute path in the program's view, normalised without touching the file system.
    let full = if path.starts_with('/') {
        PathBuf::from(path)
    } else {
        let cwd = fs_err::read_link(format!("/proc/{pid}/cwd")).map_err(|_| None)?;
        cwd.join(path)
    };
    let mut clean = PathBuf::from("/");
    for c in full.components() {
        match c {
            Component::Normal(x) => clean.push(x),
            Component::RootDir | Component::CurDir => {}
            Component::ParentDir | Component::Prefix(_) => return Err(None),
        }
    }
    let l = &n.gate.limits;
    if !l.socket_dirs.iter().any(|r| clean.starts_with(r))
        || l.socket_excluded.iter().any(|r| clean.starts_with(r))
    {
        return Err(None);
    }
    let proc_root = std::ffi::CString::new(format!("/proc/{pid}/root")).map_err(|_| None)?;
    // SAFETY: a valid C string; the result is a new descriptor or -1.
    let root = owned(
        unsafe {
            libc::open(
                proc_root.as_ptr(),
                libc::O_PATH | libc::O_DIRECTORY | libc::O_CLOEXEC,
            )
        }
        .into(),
    )
    .ok_or(None)?;
    let rel = clean.strip_prefix("/").map_err(|_| None)?;
    let rel = std::ffi::CString::new(rel.as_os_str().as_encoded_bytes()).map_err(|_| None)?;
    let how = OpenHow {
        flags: (libc::O_PATH | libc::O_CLOEXEC) as u64,
        mode: 0,
        resolve: libc::RESOLVE_IN_ROOT | libc::RESOLVE_NO_SYMLINKS | libc::RESOLVE_NO_MAGICLINKS,
    };
    // SAFETY: openat2 with a valid directory descriptor, C string and open_how of the size given.
    let target = owned(unsafe {
        libc::syscall(
            libc::SYS_openat2,
            root.as_raw_fd(),
            rel.as_ptr(),
            &how as *const OpenHow,
            std::mem::size_of::<OpenHow>(),
        )
    })
    .ok_or(None)?;
    // SAFETY: a zeroed stat is a valid out-parameter of fstat.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: fstat on an open descriptor.
    if unsafe { libc::fstat(target.as_raw_fd(), &mut st) } != 0
        || st.st_mode & libc::S_IFMT != libc::S_IFSOCK
    {
        return Err(Some(libc::ECONNREFUSED));
    }
    // The program's socket: its type and blocking mode are copied.
    // SAFETY: pidfd_open of a live process (the caller is blocked in this notification).
    let pidfd = owned(unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0u32) }).ok_or(None)?;
    // SAFETY: pidfd_getfd duplicates the program's descriptor into this process.
    let theirs = owned(unsafe {
        libc::syscall(
            libc::SYS_pidfd_getfd,
            pidfd.as_raw_fd(),
            sockfd as i32,
            0u32,
        )
    })
    .ok_or(None)?;
    let int_opt = |opt: i32| -> Option<i32> {
        let mut v: i32 = 0;
        let mut len = std::mem::size_of::<i32>() as libc::socklen_t;
        // SAFETY: getsockopt into an int of the length given.
        let r = unsafe {
            libc::getsockopt(
                theirs.as_raw_fd(),
                libc::SOL_SOCKET,
                opt,
                (&mut v as *mut i32).cast(),
                &mut len,
            )
        };
        (r == 0).then_some(v)
    };
    let kind = int_opt(libc::SO_TYPE).ok_or(Some(libc::ENOTSOCK))?;
    if int_opt(libc::SO_DOMAIN) != Some(libc::AF_UNIX)
        || (kind != libc::SOCK_STREAM && kind != libc::SOCK_SEQPACKET)
    {
        return Err(None);
    }
    // SAFETY: fcntl on an open descriptor.
    let status = unsafe { libc::fcntl(theirs.as_raw_fd(), libc::F_GETFL) };
    drop(theirs);
    // SAFETY: a new socket, owned below.
    let mine = owned(
        unsafe {
            libc::socket(
                libc::AF_UNIX,
                kind | libc::SOCK_CLOEXEC | libc::SOCK_NONBLOCK,
                0,
            )
        }
        .into(),
    )
    .ok_or(Some(libc::ENOBUFS))?;
    // Connect through the opened inode itself, never through the path again.
    let via = format!("/proc/self/fd/{}", target.as_raw_fd());
    // SAFETY: a zeroed sockaddr_un is valid; the path fits (checked below).
    let mut sun: libc::sockaddr_un = unsafe { std::mem::zeroed() };
    sun.sun_family = libc::AF_UNIX as libc::sa_family_t;
    if via.len() >= sun.sun_path.len() {
        return Err(None);
    }
    for (d, b) in sun.sun_path.iter_mut().zip(via.bytes()) {
        *d = b as libc::c_char;
    }
    // SAFETY: connect with a valid sockaddr_un of the size given.
    let r = unsafe {
        libc::connect(
            mine.as_raw_fd(),
            (&sun as *const libc::sockaddr_un).cast(),
            std::mem::size_of::<libc::sockaddr_un>() as libc::socklen_t,
        )
    };
    if r != 0 {
        let e = io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::ECONNREFUSED);
        return Err(Some(e));
    }
    // The listener must be a confined process of this run.
    let mut cred: libc::ucred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
    // SAFETY: getsockopt into a ucred of the length given.
    let r = unsafe {
        libc::getsockopt(
            mine.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            (&mut cred as *mut libc::ucred).cast(),
            &mut len,
        )
    };
    let ours = r == 0
        && cred.pid > 0
        && procs::is_confined(cred.pid)
        && procs::descendants_of(n.gate.root)
            .iter()
            .any(|p| p.pid == cred.pid);
    if !ours {
        return Err(None);
    }
    if status >= 0 && status & libc::O_NONBLOCK == 0 {
        // SAFETY: fcntl on our own descriptor.
        unsafe { libc::fcntl(mine.as_raw_fd(), libc::F_SETFL, status & !libc::O_NONBLOCK) };
    }
    if !install_in_place(n.listener.as_raw_fd(), req.id, pid, sockfd, &mine) {
        return Err(Some(libc::EINTR));
    }
    Ok(())
}

/// Put `mine` in the place of the program's descriptor `sockfd` (pid `pid`), keeping its
/// close-on-exec flag, while notification `id` is pending (`SECCOMP_IOCTL_NOTIF_ADDFD` with
/// `SETFD`): the program's `connect` then returns with a socket the supervisor connected.
/// False when the kernel refused (the notification is gone).
pub(crate) fn install_in_place(
    listener: RawFd,
    id: u64,
    pid: i32,
    sockfd: u64,
    mine: &impl AsRawFd,
) -> bool {
    let cloexec = fs_err::read_to_string(format!("/proc/{pid}/fdinfo/{sockfd}"))
        .ok()
        .and_then(|t| {
            t.lines()
                .find_map(|l| l.strip_prefix("flags:").map(|f| f.trim().to_owned()))
        })
        .and_then(|f| u32::from_str_radix(&f, 8).ok())
        .is_some_and(|f| f & libc::O_CLOEXEC as u32 != 0);
    let mut addfd = libc::seccomp_notif_addfd {
        id,
        flags: libc::SECCOMP_ADDFD_FLAG_SETFD as u32,
        srcfd: mine.as_raw_fd() as u32,
        newfd: sockfd as u32,
        newfd_flags: if cloexec { libc::O_CLOEXEC as u32 } else { 0 },
    };
    // SAFETY: ADDFD with a valid struct; the caller's notification is still pending.
    unsafe { libc::ioctl(listener, libc::SECCOMP_IOCTL_NOTIF_ADDFD, &mut addfd) >= 0 }
}

/// `network = "loopback"`: the supervisor makes an IPv4/IPv6 `connect` itself, on the
/// program's own socket (a duplicate of its descriptor, `pidfd_getfd`, so the connection lands
/// in the socket's own network namespace, the run's, where only loopback exists) with the
/// address it read once. Nothing the program changes after the read (the address, or which
/// socket the descriptor number names) can turn it into a `connect` of a Unix socket: the
/// program's own call never runs. Returns the call's result (0 or `-errno`); `None` for an
/// address of another family (a Unix socket: handled as for `deny`).
fn loopback_connect(pid: i32, sockfd: u64, addr: u64, len: u64) -> Option<i32> {
    let len = usize::try_from(len.min(128)).unwrap_or(0);
    let Some(bytes) = read_memory(pid, addr, len).filter(|b| b.len() >= 2) else {
        return Some(-libc::EFAULT);
    };
    let family = i32::from(u16::from_ne_bytes([bytes[0], bytes[1]]));
    let need = match family {
        libc::AF_INET => std::mem::size_of::<libc::sockaddr_in>(),
        libc::AF_INET6 => std::mem::size_of::<libc::sockaddr_in6>(),
        // Dissolves a datagram association; reaches nothing.
        libc::AF_UNSPEC => bytes.len(),
        _ => return None,
    };
    if bytes.len() < need {
        return Some(-libc::EINVAL);
    }
    // SAFETY: pidfd_open of a process blocked in this notification.
    let pidfd = owned(unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0u32) })?;
    // SAFETY: pidfd_getfd duplicates the program's descriptor into this process.
    let Some(theirs) = owned(unsafe {
        libc::syscall(
            libc::SYS_pidfd_getfd,
            pidfd.as_raw_fd(),
            sockfd as i32,
            0u32,
        )
    }) else {
        return Some(-libc::EBADF);
    };
    let fd = theirs.as_raw_fd();
    let mut domain: i32 = 0;
    let mut dlen = std::mem::size_of::<i32>() as libc::socklen_t;
    // SAFETY: getsockopt into an int of the length given.
    let r = unsafe {
        libc::getsockopt(
            fd,
            libc::SOL_SOCKET,
            libc::SO_DOMAIN,
            (&mut domain as *mut i32).cast(),
            &mut dlen,
        )
    };
    if r != 0 {
        return Some(-libc::ENOTSOCK);
    }
    if domain != libc::AF_INET && domain != libc::AF_INET6 {
        // A Unix socket with an IP address: the kernel would refuse it too.
        return Some(-libc::EINVAL);
    }
    // A blocking socket is connected without blocking this loop (bounded wait below); the
    // descriptor's flags are shared with the program, whose call is held meanwhile.
    // SAFETY: fcntl on an open descriptor.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    let blocking = flags >= 0 && flags & libc::O_NONBLOCK == 0;
    if blocking {
        // SAFETY: fcntl on an open descriptor.
        unsafe { libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK) };
    }
    // SAFETY: connect with a buffer of `need` bytes read from the program.
    let r = unsafe { libc::connect(fd, bytes.as_ptr().cast(), need as libc::socklen_t) };
    let mut errno = if r == 0 {
        0
    } else {
        io::Error::last_os_error()
            .raw_os_error()
            .unwrap_or(libc::EIO)
    };
    if blocking && errno == libc::EINPROGRESS {
        let mut p = libc::pollfd {
            fd,
            events: libc::POLLOUT,
            revents: 0,
        };
        // SAFETY: poll on one valid pollfd.
        errno = if unsafe { libc::poll(&mut p, 1, 2000) } == 1 {
            let mut e: i32 = 0;
            let mut elen = std::mem::size_of::<i32>() as libc::socklen_t;
            // SAFETY: getsockopt into an int of the length given.
            unsafe {
                libc::getsockopt(
                    fd,
                    libc::SOL_SOCKET,
                    libc::SO_ERROR,
                    (&mut e as *mut i32).cast(),
                    &mut elen,
                )
            };
            e
        } else {
            libc::ETIMEDOUT
        };
    }
    if blocking {
        // SAFETY: fcntl on an open descriptor.
        unsafe { libc::fcntl(fd, libc::F_SETFL, flags) };
    }
    Some(-errno)
}

/// `shmget(IPC_CREAT)`: a System V segment is memory no rlimit counts and it outlives its
/// creator. With an IPC namespace (which ends with the run) its size counts against the same
/// budget as shared anonymous mappings; without one (natively) it would outlive the run on the
/// host, so it is refused.
fn shm_get(
    n: &mut Notifier,
    size: u64,
    record: &mut impl FnMut(ViolationKind, String, String),
    who: &str,
) -> (i32, u32) {
    let limits = &n.gate.limits;
    let used = n.shared_used.saturating_add(size);
    if limits.ipc_namespace && used <= limits.shared_bytes {
        n.shared_used = used;
        return (0, libc::SECCOMP_USER_NOTIF_FLAG_CONTINUE as u32);
    }
    let (detail, errno, name) = if limits.ipc_namespace {
        (
            format!(
                "System V shared memory past memory_mb ({} MiB)",
                limits.shared_bytes >> 20
            ),
            libc::ENOMEM,
            "ENOMEM",
        )
    } else {
        (
            "System V shared memory denied (no IPC namespace: the segment would outlive the run)"
                .to_owned(),
            libc::EPERM,
            "EPERM",
        )
    };
    record(
        ViolationKind::Memory,
        detail,
        format!(
            "seccomp: shmget(IPC_CREAT, {size} bytes) by {who} refused with {name}; {} bytes mapped before",
            n.shared_used
        ),
    );
    (-errno, 0)
}

/// Sockets of the name services glibc asks for users and groups (nscd, systemd's userdb).
const NAME_SERVICES: &[&str] = &["/run/nscd/", "/var/run/nscd/", "/run/systemd/userdb/"];

/// Whether a socket path is a name service's (see [`NAME_SERVICES`]), lexically.
fn name_service(path: &str) -> bool {
    !path.contains("/../") && NAME_SERVICES.iter().any(|d| path.starts_with(d))
}

/// Whether `path` exists in the file-system view of process `pid` (its root and working
/// directory), without following a final symlink.
fn exists_for(pid: i32, path: &str) -> bool {
    let full = if let Some(rest) = path.strip_prefix('/') {
        format!("/proc/{pid}/root/{rest}")
    } else {
        format!("/proc/{pid}/cwd/{path}")
    };
    fs_err::symlink_metadata(full).is_ok()
}

fn decide(req: &libc::seccomp_notif, n: &mut Notifier, out: &mut Violations) -> (i32, u32) {
    let pid = req.pid as i32;
    let args = req.data.args;
    let call = seccomp::classify(i64::from(req.data.nr), &args);
    let who = || format!("pid {pid} ({})", procs::comm(pid));
    // The program that made the call: the process waits in it until it is answered, so its
    // argv, read before the answer, is still the one it made the call with. Read only when a
    // record or the proxy needs it (most calls are let through or answered quietly).
    let root = n.gate.root;
    let program = std::cell::LazyCell::new(|| procs::cmdline(pid));
    let started_by = std::cell::LazyCell::new(|| procs::started_by(pid, root));
    let mut blame = |kind, detail: String, evidence: String, cause, target| {
        let mut v = crate::report::Violation::new(kind, detail, evidence);
        v.program = (*program).clone();
        v.started_by = (*started_by).clone();
        v.cause = cause;
        v.target = target;
        out.add(v);
    };
    let mut aimed = |kind, detail: String, evidence: String, target| {
        blame(
            kind,
            detail,
            evidence,
            crate::report::Cause::Program,
            target,
        )
    };
    let mut record = |kind, detail: String, evidence: String| aimed(kind, detail, evidence, None);
    let eperm = (-libc::EPERM, 0);
    let cont = (0, libc::SECCOMP_USER_NOTIF_FLAG_CONTINUE as u32);
    match call {
        seccomp::Call::Socket { domain, kind } => {
            if n.gate.limits.proxy.is_some() && netgate::quiet_socket(domain, args[2]) {
                return (-libc::EAFNOSUPPORT, 0);
            }
            let what = format!(
                "socket({}, {})",
                seccomp::family(domain),
                seccomp::socket_type(kind)
            );
            // EAFNOSUPPORT, not EPERM: tools that retry EPERM (wget) give up at once on it.
            record(
                ViolationKind::Network,
                format!("{what} denied"),
                format!("seccomp: {what} by {} refused with EAFNOSUPPORT", who()),
            );
            (-libc::EAFNOSUPPORT, 0)
        }
        seccomp::Call::DgramUnix { name } => {
            record(
                ViolationKind::Network,
                format!(
                    "{name}(AF_UNIX, SOCK_DGRAM) denied (a datagram Unix socket can send to any named socket without connect)"
                ),
                format!(
                    "seccomp: {name}(AF_UNIX, SOCK_DGRAM) by {} refused with EPERM",
                    who()
                ),
            );
            eperm
        }
        seccomp::Call::Connect { name, addr, len } => {
            if n.gate.limits.loopback
                && name == "connect"
                && let Some(r) = loopback_connect(pid, args[0], addr, len)
            {
                return (r, 0);
            }
            // The program's own `connect` never runs: the address is read from its memory to
            // name it, and the supervisor may make the connection itself (below).
            if let Some(gate) = &n.gate.limits.proxy {
                let peer = crate::proxy::Peer {
                    pid,
                    comm: procs::comm(pid),
                    program: (*program).clone(),
                    started_by: (*started_by).clone(),
                };
                match netgate::answer(
                    req,
                    &n.listener,
                    gate,
                    &who(),
                    peer,
                    name,
                    args[0],
                    addr,
                    len,
                ) {
                    netgate::Answer::NotInet => {}
                    netgate::Answer::Connected => return (0, 0),
                    netgate::Answer::Refused(errno, detail, evidence, target) => {
                        aimed(ViolationKind::Network, detail, evidence, target);
                        return (-errno, 0);
                    }
                }
            }
            let (what, path) = socket_address(pid, addr, len);
            if let Some(p) = &path
                && (!exists_for(pid, p) || name_service(p))
            {
                // Nothing there to reach (glibc's look for nscd, say), or a user and group
                // lookup service (what it answers is readable in /etc anyway): refused as if it
                // were not there, and not worth a violation (every `ls -l` would have one).
                return (-libc::ENOENT, 0);
            }
            if let (Some(p), "connect") = (&path, name) {
                match internal_connect(req, n, pid, args[0], p) {
                    Ok(()) => return (0, 0),
                    Err(Some(errno)) => return (-errno, 0),
                    Err(None) => {}
                }
            }
            record(
                ViolationKind::Network,
                format!("{name} to {what} denied"),
                format!(
                    "seccomp: {name}() to {what} (address as read by the supervisor) by {} refused with EACCES",
                    who()
                ),
            );
            (-libc::EACCES, 0)
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
            ..
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
            thread,
        } => {
            let limits = n.gate.limits.clone();
            match n.gate.admit(thread) {
                Admit::Yes => cont,
                Admit::Processes(live) if limits.max_processes <= 1 => {
                    // A single program: refuse at once (EAGAIN would make a shell retry).
                    blame(
                        ViolationKind::Spawn,
                        format!(
                            "profile `{}` runs a single program (max_processes 1): a new process was refused",
                            limits.profile
                        ),
                        format!(
                            "seccomp: {name} by {} refused with EPERM; {live} live confined processes",
                            who()
                        ),
                        crate::report::Cause::Profile,
                        Some(crate::report::Target::limit("processes")),
                    );
                    eperm
                }
                Admit::Processes(live) => {
                    blame(
                        ViolationKind::Spawn,
                        format!(
                            "process limit reached (max_processes {})",
                            limits.max_processes
                        ),
                        format!(
                            "seccomp: {name} by {} refused with EAGAIN; {live} live confined processes",
                            who()
                        ),
                        crate::report::Cause::Profile,
                        Some(crate::report::Target::limit("processes")),
                    );
                    (-libc::EAGAIN, 0)
                }
                Admit::Tasks(tasks) => {
                    blame(
                        ViolationKind::Spawn,
                        format!("task limit reached (max_threads {})", limits.max_tasks),
                        format!(
                            "seccomp: {name}({}) by {} refused with EAGAIN; {tasks} live confined tasks",
                            if thread {
                                "CLONE_THREAD"
                            } else {
                                "new process"
                            },
                            who()
                        ),
                        crate::report::Cause::Profile,
                        Some(crate::report::Target::limit("processes")),
                    );
                    (-libc::EAGAIN, 0)
                }
            }
        }
        seccomp::Call::Chmod { name, mode } if seccomp::is_suid(mode) => {
            record(
                ViolationKind::FsWrite,
                format!("setuid/setgid mode {mode:o} denied"),
                format!(
                    "seccomp: {name}(mode {mode:o}) by {} refused with EPERM",
                    who()
                ),
            );
            eperm
        }
        seccomp::Call::Create { name, mode } => {
            record(
                ViolationKind::FsWrite,
                format!("file created with setuid/setgid mode {mode:o} denied"),
                format!(
                    "seccomp: {name}(mode {mode:o}) by {} refused with EPERM",
                    who()
                ),
            );
            eperm
        }
        seccomp::Call::Chmod { name, .. } | seccomp::Call::Metadata(name) => {
            // Locked because this run has no mount namespace, not because of what the program is.
            blame(
                ViolationKind::FsWrite,
                format!("{name} denied: file metadata is read-only in this run"),
                format!(
                    "seccomp: {name} by {} refused with EPERM (no mount namespace: metadata locked)",
                    who()
                ),
                crate::report::Cause::Profile,
                None,
            );
            eperm
        }
        seccomp::Call::SetXattr { name, attr } => {
            let attr_name = read_cstr(pid, attr);
            let privileged = attr_name.as_deref().is_none_or(|a| {
                a.starts_with("security.") || a.starts_with("trusted.") || a.starts_with("system.")
            });
            if !privileged && !n.gate.limits.lock_metadata {
                // user.* attributes: let through (the kernel still checks ownership, and
                // capabilities are gone, so a racing rename to security.* fails there).
                return cont;
            }
            let label = attr_name.unwrap_or_else(|| "an unreadable name".into());
            record(
                ViolationKind::FsWrite,
                format!("extended attribute {label} denied"),
                format!("seccomp: {name}({label}) by {} refused with EPERM", who()),
            );
            eperm
        }
        seccomp::Call::SharedMap { len } => {
            let used = n.shared_used.saturating_add(len);
            if used <= n.gate.limits.shared_bytes {
                n.shared_used = used;
                return cont;
            }
            record(
                ViolationKind::Memory,
                format!(
                    "shared anonymous memory past memory_mb ({} MiB)",
                    n.gate.limits.shared_bytes >> 20
                ),
                format!(
                    "seccomp: mmap(MAP_SHARED|MAP_ANONYMOUS, {len} bytes) by {} refused with ENOMEM; {} bytes mapped before",
                    who(),
                    n.shared_used
                ),
            );
            (-libc::ENOMEM, 0)
        }
        seccomp::Call::ShmGet { size } => shm_get(n, size, &mut record, &who()),
        seccomp::Call::Memfd => {
            record(
                ViolationKind::Memory,
                "memfd_create denied (memory the data limit does not count)".into(),
                format!("seccomp: memfd_create by {} refused with EPERM", who()),
            );
            eperm
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
    /// The private `/tmp` (a size-bounded tmpfs) was full when the command ended.
    #[serde(default)]
    pub(crate) tmp_full: bool,
    /// User and system CPU of the sender and of every process it reaped (the command and what
    /// outlived it), in milliseconds: what the supervisor's own count of its reaped children
    /// gives once the sender is reaped, known before it is.
    #[serde(default)]
    pub(crate) cpu_ms: Option<u64>,
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
    init(&plan, CONTROL_FD, None, &mut || Ok(()), false)
}

/// User and system CPU of `who` (`RUSAGE_SELF`, `RUSAGE_CHILDREN`), in milliseconds.
pub(crate) fn rusage_ms(who: libc::c_int) -> u64 {
    // SAFETY: zeroed rusage is a valid out-parameter.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointer.
    unsafe { libc::getrusage(who, &mut u) };
    let ms = |t: libc::timeval| (t.tv_sec as u64) * 1000 + (t.tv_usec as u64) / 1000;
    ms(u.ru_utime) + ms(u.ru_stime)
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
    close_output: bool,
) -> Result<u8> {
    // SAFETY: prctl with integer arguments.
    if unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) } != 0 {
        return Err(SandboxError::last_os("become a child subreaper"));
    }
    let prepared = prepare(plan)?;
    ready()?;
    let pid = if plan.shell.is_absolute() {
        spawn::confined(plan, prepared, control, env)
            .map_err(SandboxError::os("start the confined command"))?
    } else {
        let mut cmd = confined_command(plan, prepared, control, false);
        if let Some((vars, cwd)) = env {
            cmd.env_clear()
                .envs(vars.iter().map(|(k, v)| (k, v)))
                .current_dir(cwd);
        }
        let child = cmd
            .spawn()
            .map_err(SandboxError::os("start the confined command"))?;
        child.id() as i32
    };
    let (status, _) = wait_pid(pid).map_err(SandboxError::os("wait for the confined command"))?;
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    procs::settle(me, procs::LEFTOVER_GRACE);
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
        tmp_full: plan.tmp_mb.is_some() && tmp_is_full(),
        cpu_ms: Some(rusage_ms(libc::RUSAGE_SELF) + rusage_ms(libc::RUSAGE_CHILDREN)),
    };
    let bytes = serde_json::to_vec(&report).map_err(|e| SandboxError::Plan(e.to_string()))?;
    if close_output {
        // Nothing of the run writes to the output pipes any more (the command and whatever
        // outlived it are gone): the supervisor's copy of the output ends now, not when this
        // process has finished exiting.
        // SAFETY: closing this process's stdout and stderr; nothing writes to them after this.
        unsafe {
            libc::close(1);
            libc::close(2);
        }
    }
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

/// Whether the private `/tmp` has no block left (checked by the namespace init after the run).
fn tmp_is_full() -> bool {
    // SAFETY: a zeroed statvfs is a valid out-parameter.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    let path = c"/tmp";
    // SAFETY: a valid C string and out-pointer.
    if unsafe { libc::statvfs(path.as_ptr(), &mut st) } != 0 {
        return false;
    }
    st.f_blocks > 0 && st.f_bavail == 0
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn name_service_sockets_are_recognised_lexically() {
        assert!(name_service("/var/run/nscd/socket"));
        assert!(name_service("/run/systemd/userdb/io.systemd.Multiplexer"));
        assert!(!name_service("/run/systemd/userdb/../../docker.sock"));
        assert!(!name_service("/run/user/0/ssh-agent.sock"));
        assert!(!name_service("/var/run/docker.sock"));
    }
}
