//! The seccomp programs (pure construction) and the meaning of a notification.
//!
//! Two filters are installed:
//! - the *errno* filter: `clone3` and the x32 ABI get `ENOSYS` (libc then falls back to `clone`,
//!   whose flags a filter can read; x32 numbers would bypass the number checks below);
//! - the *notify* filter: every call the sandbox refuses returns `SECCOMP_RET_USER_NOTIF`, so the
//!   supervisor sees it (exact evidence), answers `EPERM` (or `EAGAIN` for the process cap), or
//!   lets a `fork` through while the process count is below `max_processes`.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen as ArgLen, SeccompCmpOp as Op,
    SeccompCondition as Cond, SeccompFilter, SeccompRule, TargetArch,
};

use crate::error::{Result, SandboxError};
use crate::profile::Network;

/// A marker the notify filter is compiled with (as `SECCOMP_RET_TRACE | MAGIC`) and then
/// rewritten to `SECCOMP_RET_USER_NOTIF`, which seccompiler cannot emit itself.
const MAGIC: u32 = 0x7e57;
const SECCOMP_RET_TRACE: u32 = 0x7ff0_0000;
const BPF_RET_K: u16 = 0x06;

/// Calls that are always refused and reported as `syscall` violations.
const PRIVILEGED: &[(i64, &str)] = &[
    (libc::SYS_mount, "mount"),
    (libc::SYS_umount2, "umount2"),
    (libc::SYS_pivot_root, "pivot_root"),
    (libc::SYS_move_mount, "move_mount"),
    (libc::SYS_open_tree, "open_tree"),
    (libc::SYS_fsopen, "fsopen"),
    (libc::SYS_fsconfig, "fsconfig"),
    (libc::SYS_fsmount, "fsmount"),
    (libc::SYS_fspick, "fspick"),
    (libc::SYS_mount_setattr, "mount_setattr"),
    (libc::SYS_init_module, "init_module"),
    (libc::SYS_finit_module, "finit_module"),
    (libc::SYS_delete_module, "delete_module"),
    (libc::SYS_kexec_load, "kexec_load"),
    (libc::SYS_kexec_file_load, "kexec_file_load"),
    (libc::SYS_bpf, "bpf"),
    (libc::SYS_perf_event_open, "perf_event_open"),
    (libc::SYS_unshare, "unshare"),
    (libc::SYS_setns, "setns"),
    (libc::SYS_add_key, "add_key"),
    (libc::SYS_request_key, "request_key"),
    (libc::SYS_keyctl, "keyctl"),
    (libc::SYS_reboot, "reboot"),
    (libc::SYS_swapon, "swapon"),
    (libc::SYS_swapoff, "swapoff"),
    (libc::SYS_acct, "acct"),
    (libc::SYS_chroot, "chroot"),
    (libc::SYS_quotactl, "quotactl"),
    (libc::SYS_userfaultfd, "userfaultfd"),
    (libc::SYS_io_uring_setup, "io_uring_setup"),
    (libc::SYS_io_uring_enter, "io_uring_enter"),
    (libc::SYS_io_uring_register, "io_uring_register"),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_iopl, "iopl"),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_ioperm, "ioperm"),
];

const TRACING: &[(i64, &str)] = &[
    (libc::SYS_ptrace, "ptrace"),
    (libc::SYS_process_vm_readv, "process_vm_readv"),
    (libc::SYS_process_vm_writev, "process_vm_writev"),
];

const NAMESPACE_FLAGS: u64 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWCGROUP) as u64;

fn arch() -> Result<TargetArch> {
    TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|e| SandboxError::Unenforceable(format!("seccomp: {e}")))
}

fn compile(rules: BTreeMap<i64, Vec<SeccompRule>>, matched: SeccompAction) -> Result<BpfProgram> {
    let filter = SeccompFilter::new(rules, SeccompAction::Allow, matched, arch()?)
        .map_err(|e| SandboxError::Plan(format!("seccomp filter: {e}")))?;
    BpfProgram::try_from(filter).map_err(|e| SandboxError::Plan(format!("seccomp filter: {e}")))
}

fn cond(arg: u8, op: Op, value: u64) -> Result<SeccompRule> {
    let c = Cond::new(arg, ArgLen::Qword, op, value)
        .map_err(|e| SandboxError::Plan(format!("seccomp condition: {e}")))?;
    SeccompRule::new(vec![c]).map_err(|e| SandboxError::Plan(format!("seccomp rule: {e}")))
}

/// `socket`/`socketpair(AF_UNIX, SOCK_DGRAM, ...)` (the type's flag bits aside).
fn dgram_unix() -> Result<SeccompRule> {
    let conds = vec![
        Cond::new(0, ArgLen::Qword, Op::Eq, libc::AF_UNIX as u64),
        Cond::new(1, ArgLen::Qword, Op::MaskedEq(0xf), libc::SOCK_DGRAM as u64),
    ]
    .into_iter()
    .collect::<std::result::Result<Vec<_>, _>>()
    .map_err(|e| SandboxError::Plan(format!("seccomp condition: {e}")))?;
    SeccompRule::new(conds).map_err(|e| SandboxError::Plan(format!("seccomp rule: {e}")))
}

/// `setxattrat` (Linux 6.13); not in the libc crate yet. The same number on every architecture
/// (system calls added after 5.1 share one table).
pub(crate) const SYS_SETXATTRAT: i64 = 463;

/// What the notify filter covers beyond the fixed calls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NotifyRules {
    pub(crate) network: Network,
    /// Refuse every change of file metadata (mode, owner, times, extended attributes): the
    /// native backend of a profile that writes nothing, where no read-only mount stops them.
    pub(crate) lock_metadata: bool,
}

const SUID_BITS: [u64; 2] = [libc::S_ISUID as u64, libc::S_ISGID as u64];

/// Rules matching a mode argument with the setuid or setgid bit, optionally only when a flags
/// argument has one of `flag_bits` (`O_CREAT`, `O_TMPFILE`).
fn suid_rules(mode_arg: u8, flags: Option<(u8, &[u64])>) -> Result<Vec<SeccompRule>> {
    let mut out = Vec::new();
    for bit in SUID_BITS {
        let mode = Cond::new(mode_arg, ArgLen::Qword, Op::MaskedEq(bit), bit)
            .map_err(|e| SandboxError::Plan(format!("seccomp condition: {e}")))?;
        match flags {
            None => out.push(
                SeccompRule::new(vec![mode])
                    .map_err(|e| SandboxError::Plan(format!("seccomp rule: {e}")))?,
            ),
            Some((arg, bits)) => {
                for &f in bits {
                    let flag = Cond::new(arg, ArgLen::Qword, Op::MaskedEq(f), f)
                        .map_err(|e| SandboxError::Plan(format!("seccomp condition: {e}")))?;
                    out.push(
                        SeccompRule::new(vec![flag, mode.clone()])
                            .map_err(|e| SandboxError::Plan(format!("seccomp rule: {e}")))?,
                    );
                }
            }
        }
    }
    Ok(out)
}

/// Calls that change the mode of a file: (number, name, index of the mode argument).
const CHMODS: &[(i64, &str, u8)] = &[
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_chmod, "chmod", 1),
    (libc::SYS_fchmod, "fchmod", 1),
    (libc::SYS_fchmodat, "fchmodat", 2),
    (libc::SYS_fchmodat2, "fchmodat2", 2),
];

/// Calls that create a file with a mode: (number, name, mode argument, flags argument).
const CREATES: &[(i64, &str, u8, Option<u8>)] = &[
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_open, "open", 2, Some(1)),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_creat, "creat", 1, None),
    (libc::SYS_openat, "openat", 3, Some(2)),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_mknod, "mknod", 1, None),
    (libc::SYS_mknodat, "mknodat", 2, None),
];

/// Calls that set an extended attribute: (number, name, index of the name argument).
const SETXATTRS: &[(i64, &str, u8)] = &[
    (libc::SYS_setxattr, "setxattr", 1),
    (libc::SYS_lsetxattr, "lsetxattr", 1),
    (libc::SYS_fsetxattr, "fsetxattr", 1),
    (SYS_SETXATTRAT, "setxattrat", 3),
];

/// Owner and time changes, refused outright under `lock_metadata`: (number, name, index of the
/// times argument for the time calls, where a null pointer means "now" and is let through).
const OWNERS_AND_TIMES: &[(i64, &str, Option<u8>)] = &[
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_chown, "chown", None),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_lchown, "lchown", None),
    (libc::SYS_fchown, "fchown", None),
    (libc::SYS_fchownat, "fchownat", None),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_utime, "utime", Some(1)),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_utimes, "utimes", Some(1)),
    #[cfg(target_arch = "x86_64")]
    (libc::SYS_futimesat, "futimesat", Some(2)),
    (libc::SYS_utimensat, "utimensat", Some(2)),
    (libc::SYS_removexattr, "removexattr", None),
    (libc::SYS_lremovexattr, "lremovexattr", None),
    (libc::SYS_fremovexattr, "fremovexattr", None),
];

/// The notify filter for a run.
pub(crate) fn notify_program(r: NotifyRules) -> Result<Vec<libc::sock_filter>> {
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    for (nr, _) in PRIVILEGED.iter().chain(TRACING) {
        rules.insert(*nr, Vec::new());
    }
    if r.network != Network::Allow {
        // Datagram Unix sockets: `sendmsg` names its destination behind a pointer no filter
        // reads, so one could reach a host datagram socket (journald, syslog) around `connect`.
        rules.insert(libc::SYS_socket, vec![dgram_unix()?]);
        rules.insert(libc::SYS_socketpair, vec![dgram_unix()?]);
    }
    if r.network == Network::Loopback {
        // Every `connect`: the supervisor makes it on the program's own socket (IPv4/IPv6, in
        // the run's network namespace) or handles it as for `deny` (Unix sockets).
        rules.insert(libc::SYS_connect, Vec::new());
    }
    if r.network == Network::Deny {
        rules.insert(
            libc::SYS_socket,
            vec![cond(0, Op::Ne, libc::AF_UNIX as u64)?, dgram_unix()?],
        );
        // Pathname Unix sockets: `connect` is always refused (the supervisor reads the address
        // only to name it in the report; the decision does not depend on memory the program can
        // change). `sendto` with an address reaches a datagram socket without `connect`.
        rules.insert(libc::SYS_connect, Vec::new());
        rules.insert(libc::SYS_sendto, vec![cond(4, Op::Ne, 0)?]);
    } else if r.network == Network::Proxy {
        super::netgate::proxy_rules(&mut rules)?;
    }
    // Every new task, threads included: the gate counts both.
    rules.insert(libc::SYS_clone, Vec::new());
    #[cfg(target_arch = "x86_64")]
    {
        rules.insert(libc::SYS_fork, Vec::new());
        rules.insert(libc::SYS_vfork, Vec::new());
    }
    for (nr, _, mode) in CHMODS {
        let v = if r.lock_metadata {
            Vec::new()
        } else {
            suid_rules(*mode, None)?
        };
        rules.insert(*nr, v);
    }
    let creating: [u64; 2] = [
        libc::O_CREAT as u64,
        libc::O_TMPFILE as u64 & !(libc::O_DIRECTORY as u64),
    ];
    for (nr, _, mode, flags) in CREATES {
        rules.insert(*nr, suid_rules(*mode, flags.map(|f| (f, &creating[..])))?);
    }
    for (nr, _, _) in SETXATTRS {
        rules.insert(*nr, Vec::new());
    }
    if r.lock_metadata {
        for (nr, _, times) in OWNERS_AND_TIMES {
            let v = match times {
                Some(arg) => vec![cond(*arg, Op::Ne, 0)?],
                None => Vec::new(),
            };
            rules.insert(*nr, v);
        }
    }
    // Memory the data limit does not count: shared anonymous mappings (capped by the
    // supervisor) and memfds (refused).
    let shared_anon = (libc::MAP_SHARED | libc::MAP_ANONYMOUS) as u64;
    rules.insert(
        libc::SYS_mmap,
        vec![cond(3, Op::MaskedEq(shared_anon), shared_anon)?],
    );
    rules.insert(libc::SYS_memfd_create, Vec::new());
    // System V shared memory: a new segment is memory no rlimit counts (capped with the
    // shared mappings; refused where no IPC namespace ends it with the run).
    rules.insert(
        libc::SYS_shmget,
        vec![cond(
            2,
            Op::MaskedEq(libc::IPC_CREAT as u64),
            libc::IPC_CREAT as u64,
        )?],
    );
    let mut program = to_libc(compile(rules, SeccompAction::Trace(MAGIC))?);
    let mut rewritten = 0;
    for ins in &mut program {
        if ins.code == BPF_RET_K && ins.k == SECCOMP_RET_TRACE | MAGIC {
            ins.k = libc::SECCOMP_RET_USER_NOTIF;
            rewritten += 1;
        }
    }
    if rewritten == 0 {
        return Err(SandboxError::Plan(
            "seccomp notify filter has no notify action".into(),
        ));
    }
    Ok(program)
}

/// The errno filter: `clone3` and (on x86_64) every x32 call fail with `ENOSYS`.
pub(crate) fn errno_program() -> Result<Vec<libc::sock_filter>> {
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    rules.insert(libc::SYS_clone3, Vec::new());
    // openat2 carries its mode in a struct a filter cannot read (a setuid file could be created
    // through it); libc and every runtime fall back to openat.
    rules.insert(libc::SYS_openat2, Vec::new());
    let mut program = to_libc(compile(rules, SeccompAction::Errno(libc::ENOSYS as u32))?);
    #[cfg(target_arch = "x86_64")]
    {
        // After the arch check (3 instructions): load nr; nr >= x32 bit -> ENOSYS.
        let x32: [libc::sock_filter; 3] = [
            libc::sock_filter {
                code: 0x20,
                jt: 0,
                jf: 0,
                k: 0,
            },
            libc::sock_filter {
                code: 0x35,
                jt: 0,
                jf: 1,
                k: 0x4000_0000,
            },
            libc::sock_filter {
                code: BPF_RET_K,
                jt: 0,
                jf: 0,
                k: libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32,
            },
        ];
        let at = 3.min(program.len());
        program.splice(at..at, x32);
    }
    Ok(program)
}

fn to_libc(program: BpfProgram) -> Vec<libc::sock_filter> {
    program
        .into_iter()
        .map(|i| libc::sock_filter {
            code: i.code,
            jt: i.jt,
            jf: i.jf,
            k: i.k,
        })
        .collect()
}

/// What a notification is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Call {
    /// A socket of a refused family.
    Socket { domain: u64, kind: u64 },
    /// `connect`, or `sendto` with an address: the address is at `addr` in the caller's memory.
    Connect {
        name: &'static str,
        addr: u64,
        len: u64,
    },
    /// ptrace or cross-process memory access.
    Trace {
        name: &'static str,
        request: u64,
        target: u64,
    },
    /// A new task (`clone`, `fork`, `vfork`); `thread` for `CLONE_THREAD`.
    Spawn {
        name: &'static str,
        new_namespaces: bool,
        thread: bool,
    },
    /// A mode change (`chmod` family) to `mode`.
    Chmod { name: &'static str, mode: u64 },
    /// A file created with a setuid or setgid mode.
    Create { name: &'static str, mode: u64 },
    /// An extended attribute set; its name is at `attr` in the caller's memory.
    SetXattr { name: &'static str, attr: u64 },
    /// An owner, time or attribute removal (refused where metadata is locked).
    Metadata(&'static str),
    /// A shared anonymous mapping of `len` bytes.
    SharedMap { len: u64 },
    /// `memfd_create`.
    Memfd,
    /// A datagram Unix socket (`socket` or `socketpair`).
    DgramUnix { name: &'static str },
    /// `shmget(IPC_CREAT)` of a segment of `size` bytes.
    ShmGet { size: u64 },
    /// A privileged call.
    Privileged(&'static str),
    /// Anything else (should not happen: the filter notifies nothing else).
    Other(i64),
}

pub(crate) fn classify(nr: i64, args: &[u64; 6]) -> Call {
    let dgram_unix = args[0] == libc::AF_UNIX as u64 && args[1] & 0xf == libc::SOCK_DGRAM as u64;
    if nr == libc::SYS_socketpair || (nr == libc::SYS_socket && dgram_unix) {
        return Call::DgramUnix {
            name: if nr == libc::SYS_socket {
                "socket"
            } else {
                "socketpair"
            },
        };
    }
    if nr == libc::SYS_socket {
        return Call::Socket {
            domain: args[0],
            kind: args[1] & 0xf,
        };
    }
    if nr == libc::SYS_connect {
        return Call::Connect {
            name: "connect",
            addr: args[1],
            len: args[2],
        };
    }
    if nr == libc::SYS_sendto {
        return Call::Connect {
            name: "sendto",
            addr: args[4],
            len: args[5],
        };
    }
    if nr == libc::SYS_sendmsg || nr == libc::SYS_sendmmsg {
        // Notified only with MSG_FASTOPEN (an allow-list's rules); the address is behind a
        // pointer in the message, never read.
        return Call::Connect {
            name: if nr == libc::SYS_sendmsg {
                "sendmsg"
            } else {
                "sendmmsg"
            },
            addr: 0,
            len: 0,
        };
    }
    if nr == libc::SYS_clone {
        return Call::Spawn {
            name: "clone",
            new_namespaces: args[0] & NAMESPACE_FLAGS != 0,
            thread: args[0] & libc::CLONE_THREAD as u64 != 0,
        };
    }
    #[cfg(target_arch = "x86_64")]
    if nr == libc::SYS_fork || nr == libc::SYS_vfork {
        return Call::Spawn {
            name: if nr == libc::SYS_fork {
                "fork"
            } else {
                "vfork"
            },
            new_namespaces: false,
            thread: false,
        };
    }
    if let Some((_, name, mode)) = CHMODS.iter().find(|(n, _, _)| *n == nr) {
        return Call::Chmod {
            name,
            mode: args[usize::from(*mode)],
        };
    }
    if let Some((_, name, mode, _)) = CREATES.iter().find(|(n, _, _, _)| *n == nr) {
        return Call::Create {
            name,
            mode: args[usize::from(*mode)],
        };
    }
    if let Some((_, name, attr)) = SETXATTRS.iter().find(|(n, _, _)| *n == nr) {
        return Call::SetXattr {
            name,
            attr: args[usize::from(*attr)],
        };
    }
    if let Some((_, name, _)) = OWNERS_AND_TIMES.iter().find(|(n, _, _)| *n == nr) {
        return Call::Metadata(name);
    }
    if nr == libc::SYS_mmap {
        return Call::SharedMap { len: args[1] };
    }
    if nr == libc::SYS_memfd_create {
        return Call::Memfd;
    }
    if nr == libc::SYS_shmget {
        return Call::ShmGet { size: args[1] };
    }
    if let Some((_, name)) = TRACING.iter().find(|(n, _)| *n == nr) {
        return Call::Trace {
            name,
            request: args[0],
            target: args[1],
        };
    }
    match PRIVILEGED.iter().find(|(n, _)| *n == nr) {
        Some((_, name)) => Call::Privileged(name),
        None => Call::Other(nr),
    }
}

/// Whether a mode has the setuid or setgid bit.
pub(crate) fn is_suid(mode: u64) -> bool {
    mode & u64::from(libc::S_ISUID | libc::S_ISGID) != 0
}

pub(crate) fn family(domain: u64) -> String {
    match domain as i32 {
        libc::AF_UNIX => "AF_UNIX".into(),
        libc::AF_INET => "AF_INET".into(),
        libc::AF_INET6 => "AF_INET6".into(),
        libc::AF_NETLINK => "AF_NETLINK".into(),
        libc::AF_PACKET => "AF_PACKET".into(),
        libc::AF_VSOCK => "AF_VSOCK".into(),
        d => format!("family {d}"),
    }
}

pub(crate) fn socket_type(kind: u64) -> String {
    match kind as i32 {
        libc::SOCK_STREAM => "SOCK_STREAM".into(),
        libc::SOCK_DGRAM => "SOCK_DGRAM".into(),
        libc::SOCK_RAW => "SOCK_RAW".into(),
        k => format!("type {k}"),
    }
}

pub(crate) fn ptrace_request(request: u64) -> String {
    match request as i32 {
        0 => "PTRACE_TRACEME".into(),
        16 => "PTRACE_ATTACH".into(),
        0x4206 => "PTRACE_SEIZE".into(),
        r => format!("request {r}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notify_filter_uses_user_notif_and_no_trace() {
        for network in [Network::Deny, Network::Loopback, Network::Allow] {
            let p = notify_program(NotifyRules {
                network,
                lock_metadata: false,
            })
            .unwrap();
            assert!(
                p.iter()
                    .any(|i| i.code == BPF_RET_K && i.k == libc::SECCOMP_RET_USER_NOTIF)
            );
            assert!(
                !p.iter()
                    .any(|i| i.code == BPF_RET_K && i.k & 0xffff_0000 == SECCOMP_RET_TRACE)
            );
            // The arch check kills foreign-arch calls (i386 socketcall would bypass the filter).
            assert_eq!(p[2].k, libc::SECCOMP_RET_KILL_PROCESS);
        }
        // The socket rule exists only when the network is denied.
        let rules = |network| NotifyRules {
            network,
            lock_metadata: false,
        };
        let deny = notify_program(rules(Network::Deny)).unwrap();
        let allow = notify_program(rules(Network::Allow)).unwrap();
        assert!(deny.len() > allow.len());
        assert!(deny.iter().any(|i| i.k == libc::SYS_socket as u32));
        assert!(
            !allow
                .iter()
                .any(|i| i.code == 0x15 && i.k == libc::SYS_socket as u32)
        );
    }

    #[test]
    fn errno_filter_denies_clone3_and_x32() {
        let p = errno_program().unwrap();
        assert!(p.iter().any(|i| i.k == libc::SYS_clone3 as u32));
        assert!(
            p.iter().any(
                |i| i.code == BPF_RET_K && i.k == libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32
            )
        );
        #[cfg(target_arch = "x86_64")]
        assert_eq!((p[4].code, p[4].k), (0x35, 0x4000_0000));
    }

    #[test]
    fn notifications_are_classified() {
        let a = |x: u64| [x, 1, 0, 0, 0, 0];
        assert_eq!(
            classify(libc::SYS_socket, &[2, 1 | 0x80000, 0, 0, 0, 0]),
            Call::Socket { domain: 2, kind: 1 }
        );
        assert_eq!(
            classify(libc::SYS_clone, &a(libc::SIGCHLD as u64)),
            Call::Spawn {
                name: "clone",
                new_namespaces: false,
                thread: false
            }
        );
        assert_eq!(
            classify(
                libc::SYS_clone,
                &a((libc::CLONE_THREAD | libc::CLONE_VM) as u64)
            ),
            Call::Spawn {
                name: "clone",
                new_namespaces: false,
                thread: true
            }
        );
        assert_eq!(
            classify(libc::SYS_fchmodat, &[0, 0, 0o4755, 0, 0, 0]),
            Call::Chmod {
                name: "fchmodat",
                mode: 0o4755
            }
        );
        assert!(is_suid(0o4755) && is_suid(0o2755) && !is_suid(0o755));
        assert_eq!(
            classify(libc::SYS_connect, &[3, 0x1000, 110, 0, 0, 0]),
            Call::Connect {
                name: "connect",
                addr: 0x1000,
                len: 110
            }
        );
        assert_eq!(
            classify(libc::SYS_mmap, &[0, 4096, 3, 0x21, u64::MAX, 0]),
            Call::SharedMap { len: 4096 }
        );
        assert_eq!(
            classify(libc::SYS_shmget, &[0, 1 << 20, 0o1600, 0, 0, 0]),
            Call::ShmGet { size: 1 << 20 }
        );
        assert_eq!(
            classify(libc::SYS_socket, &[1, 2 | 0x80000, 0, 0, 0, 0]),
            Call::DgramUnix { name: "socket" }
        );
        assert_eq!(
            classify(libc::SYS_socketpair, &[1, 2, 0, 0, 0, 0]),
            Call::DgramUnix { name: "socketpair" }
        );
        assert_eq!(
            classify(libc::SYS_socket, &[1, 1, 0, 0, 0, 0]),
            Call::Socket { domain: 1, kind: 1 }
        );
        assert_eq!(
            classify(
                libc::SYS_clone,
                &a((libc::CLONE_NEWUSER | libc::SIGCHLD) as u64)
            ),
            Call::Spawn {
                name: "clone",
                new_namespaces: true,
                thread: false
            }
        );
        assert_eq!(
            classify(libc::SYS_ptrace, &[16, 42, 0, 0, 0, 0]),
            Call::Trace {
                name: "ptrace",
                request: 16,
                target: 42
            }
        );
        assert_eq!(classify(libc::SYS_mount, &a(0)), Call::Privileged("mount"));
        assert_eq!(
            (family(2), family(10), socket_type(2)),
            ("AF_INET".into(), "AF_INET6".into(), "SOCK_DGRAM".into())
        );
    }
}
