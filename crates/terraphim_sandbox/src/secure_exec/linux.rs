//! OS confinement of the Node host process and of the V8 sidecar (the same rules, applied to each).
//!
//! Everything that allocates (the Landlock ruleset, the seccomp program) is built in the parent;
//! the child only makes syscalls between fork and exec.

use std::collections::BTreeMap;
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, CompatLevel, Compatible, Ruleset, RulesetAttr,
    RulesetCreatedAttr, path_beneath_rules,
};
use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule,
};

use super::error::SecureExecError;
use super::profile::{JsNetwork, JsProfile};

/// `RLIMIT_DATA` the Node host and the V8 sidecar need before any user code runs. Measured with
/// secure-exec 0.2.1 on Node 20: the sidecar aborts (SIGTRAP) at 544 MiB and starts at 576 MiB.
pub(crate) const RUNTIME_DATA_MB: u64 = 640;
/// CPU seconds the Node host spends importing secure-exec and starting the sidecar.
pub(crate) const RUNTIME_CPU_SECONDS: u64 = 3;
/// Largest file the run may write (the scratch dir is the only writable place).
const FSIZE_BYTES: u64 = 256 << 20;
const NOFILE: u64 = 1024;

/// What a run's Node process is allowed on the host.
pub(crate) struct Plan<'a> {
    pub(crate) profile: &'a JsProfile,
    pub(crate) node: &'a Path,
    pub(crate) deps_dir: &'a Path,
    /// Writable: the scratch dir and the sidecar's socket dir.
    pub(crate) write_dirs: &'a [&'a Path],
}

/// The confinement of one run, ready to apply in the child.
pub(crate) struct Confinement {
    ruleset: OwnedFd,
    seccomp: BpfProgram,
    rlimits: Vec<(libc::__rlimit_resource_t, u64, u64)>,
    /// A human record of what is enforced.
    pub(crate) enforced: Vec<String>,
}

impl Confinement {
    pub(crate) fn build(plan: &Plan<'_>) -> Result<Self, SecureExecError> {
        let profile = plan.profile;
        let data = (RUNTIME_DATA_MB + profile.memory_mb) << 20;
        let cpu = profile.cpu_seconds + RUNTIME_CPU_SECONDS;
        let rlimits = vec![
            (libc::RLIMIT_DATA, data, data),
            (libc::RLIMIT_CPU, cpu, cpu + 1),
            (libc::RLIMIT_CORE, 0, 0),
            (libc::RLIMIT_FSIZE, FSIZE_BYTES, FSIZE_BYTES),
            (libc::RLIMIT_NOFILE, NOFILE, NOFILE),
        ];
        let mut enforced = vec![
            format!(
                "rlimit: RLIMIT_DATA {} MiB ({} MiB runtime + {} MiB profile), RLIMIT_CPU {cpu} s soft / {} s hard, RLIMIT_CORE 0, RLIMIT_FSIZE {} MiB",
                data >> 20,
                RUNTIME_DATA_MB,
                profile.memory_mb,
                cpu + 1,
                FSIZE_BYTES >> 20
            ),
            "no_new_privs".to_string(),
        ];
        let (ruleset, landlock_note) = landlock_ruleset(plan)?;
        enforced.push(landlock_note);
        let (seccomp, seccomp_note) = seccomp_program(profile.network)?;
        enforced.push(seccomp_note);
        Ok(Self {
            ruleset,
            seccomp,
            rlimits,
            enforced,
        })
    }

    /// Apply in the child, between fork and exec: a new session (so the whole group can be
    /// killed), rlimits, no_new_privs, Landlock, seccomp. Syscalls only, no allocation.
    pub(crate) fn apply(&self) -> std::io::Result<()> {
        // SAFETY: plain syscalls on values owned by `self`; no memory is allocated.
        unsafe {
            if libc::setsid() < 0 {
                return Err(std::io::Error::last_os_error());
            }
            for &(resource, soft, hard) in &self.rlimits {
                let limit = libc::rlimit {
                    rlim_cur: soft,
                    rlim_max: hard,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if libc::syscall(
                libc::SYS_landlock_restrict_self,
                self.ruleset.as_raw_fd(),
                0,
            ) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
        }
        seccompiler::apply_filter(&self.seccomp).map_err(|e| std::io::Error::other(e.to_string()))
    }
}

/// System paths the Node binary and the sidecar read: loader, libraries, randomness, /proc.
const SYSTEM_READ: &[&str] = &[
    "/usr",
    "/bin",
    "/lib",
    "/lib64",
    "/etc/ld.so.cache",
    "/etc/ssl/openssl.cnf",
    "/dev/urandom",
    "/proc",
];
/// Name resolution and TLS roots, only when the profile allows some network.
const NETWORK_READ: &[&str] = &[
    "/etc/hosts",
    "/etc/resolv.conf",
    "/etc/nsswitch.conf",
    "/etc/host.conf",
    "/etc/gai.conf",
    "/etc/ssl",
    "/etc/ca-certificates",
];

fn landlock_ruleset(plan: &Plan<'_>) -> Result<(OwnedFd, String), SecureExecError> {
    let abi = ABI::V5;
    let err = |e: landlock::RulesetError| SecureExecError::Confinement(format!("landlock: {e}"));
    let existing =
        |paths: Vec<PathBuf>| paths.into_iter().filter(|p| p.exists()).collect::<Vec<_>>();

    let mut read: Vec<PathBuf> = SYSTEM_READ.iter().map(PathBuf::from).collect();
    if plan.profile.network != JsNetwork::Deny {
        read.extend(NETWORK_READ.iter().map(PathBuf::from));
    }
    if let Some(dir) = fs_err::canonicalize(plan.node)
        .ok()
        .and_then(|p| p.parent().map(Path::to_path_buf))
    {
        read.push(dir);
    }
    read.push(plan.deps_dir.to_path_buf());
    read.extend(plan.profile.read_roots.iter().cloned());
    let read = existing(read);
    // Rules are a union of allows: a root holding a hidden path is replaced by its entries minus
    // the hidden ones (the directories on the way may only be listed), as for the native backend.
    let mut listed = Vec::new();
    let mut carved = Vec::new();
    for root in &read {
        for (path, grant) in crate::plan::carve(root, &plan.profile.hidden, &crate::plan::RealFs) {
            match grant {
                crate::plan::Grant::Read => carved.push(path),
                crate::plan::Grant::List => listed.push(path),
            }
        }
    }
    let read = carved;
    let mut write: Vec<PathBuf> = plan.write_dirs.iter().map(|p| p.to_path_buf()).collect();
    write.push(PathBuf::from("/dev/null"));
    let write = existing(write);

    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(abi))
        .map_err(err)?;
    let net_note = if plan.profile.network == JsNetwork::Deny {
        ruleset = ruleset
            .handle_access(AccessNet::BindTcp | AccessNet::ConnectTcp)
            .map_err(err)?;
        "TCP bind/connect denied"
    } else {
        "TCP left to the isolate policy"
    };
    let created = ruleset
        .create()
        .map_err(err)?
        .add_rules(path_beneath_rules(&read, AccessFs::from_read(abi)))
        .map_err(err)?
        .add_rules(path_beneath_rules(&listed, AccessFs::ReadDir))
        .map_err(err)?
        .add_rules(path_beneath_rules(&write, AccessFs::from_all(abi)))
        .map_err(err)?;
    let fd: Option<OwnedFd> = created.into();
    let fd = fd.ok_or_else(|| {
        SecureExecError::Confinement("landlock is not supported by this kernel".into())
    })?;
    let show = |v: &[PathBuf]| {
        v.iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    Ok((
        fd,
        format!(
            "landlock ABI v5: read {}; list only {}; write {}; {net_note}",
            show(&read),
            show(&listed),
            show(&write)
        ),
    ))
}

fn seccomp_program(network: JsNetwork) -> Result<(BpfProgram, String), SecureExecError> {
    let err = |e: seccompiler::BackendError| SecureExecError::Confinement(format!("seccomp: {e}"));
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = BTreeMap::new();
    let mut denied = vec![
        "ptrace",
        "process_vm_readv",
        "process_vm_writev",
        "io_uring_setup",
        "io_uring_enter",
        "io_uring_register",
    ];
    for nr in [
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
    ] {
        rules.insert(nr, vec![]);
    }
    if network == JsNetwork::Deny {
        let family = |f: i32| {
            SeccompCondition::new(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Eq, f as u64)
                .and_then(|c| SeccompRule::new(vec![c]))
                .map_err(err)
        };
        rules.insert(
            libc::SYS_socket,
            vec![family(libc::AF_INET)?, family(libc::AF_INET6)?],
        );
        denied.push("socket(AF_INET|AF_INET6)");
    }
    let arch = std::env::consts::ARCH
        .try_into()
        .map_err(|e: seccompiler::BackendError| {
            SecureExecError::Confinement(format!("seccomp: {e}"))
        })?;
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        arch,
    )
    .map_err(err)?;
    let program: BpfProgram = filter.try_into().map_err(err)?;
    Ok((program, format!("seccomp: EPERM for {}", denied.join(", "))))
}
