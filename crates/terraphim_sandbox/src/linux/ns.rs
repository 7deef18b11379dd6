//! Namespaces without bubblewrap: the confinement `bwrap` gives the sandbox (mount, PID, network,
//! IPC and UTS namespaces; everything read-only, a minimal `/dev`, a fresh `/proc`, a private
//! `/tmp`, binds, hidden and protected paths; a new session; death with the parent), built by a
//! forked child of the supervisor itself. Nothing is executed until the confined command, so a
//! run costs one `exec` (of `bash`) instead of three (`bwrap`, the helper, `bash`).
//!
//! The process tree: the supervisor starts `B` with `clone` (fork semantics) directly in new
//! mount, PID, IPC and UTS namespaces (plus, for a caller that is not root, a user namespace
//! mapping only its own uid and gid), so `B` is PID 1 of the new PID namespace and dies with the
//! supervisor. Where one is needed ([`crate::plan::own_netns`]), a thread of `B` creates the
//! network namespace while `B` builds the file-system view and mounts `/proc`, and `B` enters it
//! (`setns`). `B` then runs [`super::init`] (the same code the helper runs inside bubblewrap): the command starts under
//! rlimits, Landlock and seccomp (from a `clone(CLONE_VM | CLONE_VFORK)`: `super::spawn`), and
//! `B` closes its output and reports the command's status over the control socket before it
//! exits, so the supervisor reports while the kernel releases `B` (`crate::run_ending`).
//!
//! The file-system view uses the new mount API: every source tree is cloned (`open_tree`) while
//! the host view is still intact, the whole tree is then made read-only, nosuid and nodev in one
//! call (`mount_setattr` with `AT_RECURSIVE`), and the clones are attached (`move_mount`) over
//! the fresh `/dev` and `/tmp` in the plan's order.

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd as _, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt as _;
use std::path::{Path, PathBuf};

use crate::plan::{ChildPlan, DEV_NODES, Mount, TMP};
use crate::profile::Network;

const OPEN_TREE_CLONE: libc::c_uint = 1;
const AT_RECURSIVE: libc::c_uint = 0x8000;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;
const MOVE_MOUNT_T_SYMLINKS: libc::c_uint = 0x10;
const MOUNT_ATTR_RDONLY: u64 = 0x1;
const MOUNT_ATTR_NOSUID: u64 = 0x2;
const MOUNT_ATTR_NODEV: u64 = 0x4;
const MOUNT_ATTR_NOEXEC: u64 = 0x8;

/// `struct mount_attr` from `<linux/mount.h>`.
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

/// An empty regular file of mode 000 in the sandbox's `/dev`, bound over hidden files: a hidden
/// file stays a regular file (a device node there made `git status` and `git add` of an ignored
/// `.env` fail), and opening it fails with `EACCES` (no capability is left to override the mode),
/// which the run report records.
const EMPTY: &str = "/dev/.terraphim-hidden";

/// Whether this process can create the namespaces: as root always (where the kernel has them),
/// otherwise only when unprivileged user namespaces are allowed.
pub(crate) fn available(is_root: bool) -> bool {
    // The link itself (not followed: resolving a namespace link costs several times a plain
    // lookup) exists exactly for the namespace types the kernel has.
    let has = |ns: &str| fs_err::symlink_metadata(Path::new("/proc/self/ns").join(ns)).is_ok();
    if !["mnt", "pid", "net", "ipc", "uts"].iter().all(|n| has(n)) {
        return false;
    }
    if is_root {
        return true;
    }
    let read = |p: &str| fs_err::read_to_string(p).ok().map(|s| s.trim().to_owned());
    has("user")
        && read("/proc/sys/user/max_user_namespaces").is_some_and(|n| n != "0")
        && read("/proc/sys/kernel/unprivileged_userns_clone").is_none_or(|v| v == "1")
}

/// Whether only one thread runs in this process: the namespace child is forked and keeps
/// running Rust code (it allocates), which is sound only when no other thread can hold a lock.
pub(crate) fn single_threaded() -> bool {
    super::procs::read_proc("/proc/self/status")
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("Threads:").map(|n| n.trim() == "1"))
        })
        .unwrap_or(false)
}

/// Everything the namespace child needs, built before the fork.
pub(crate) struct NsRun<'a> {
    pub(crate) child: &'a ChildPlan,
    pub(crate) mounts: Vec<Mount>,
    pub(crate) tmpdir: PathBuf,
    pub(crate) cwd: &'a Path,
    pub(crate) env: &'a [(String, String)],
    pub(crate) unshare_user: bool,
}

fn cstr(p: &Path) -> io::Result<CString> {
    CString::new(p.as_os_str().as_bytes()).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
}

fn check(ret: libc::c_long, what: &str, path: &Path) -> io::Result<libc::c_long> {
    if ret < 0 {
        let e = io::Error::last_os_error();
        Err(io::Error::new(
            e.kind(),
            format!("{what} {}: {e}", path.display()),
        ))
    } else {
        Ok(ret)
    }
}

fn mount(src: &str, dst: &Path, fstype: &str, flags: libc::c_ulong, data: &str) -> io::Result<()> {
    let (s, d, t, o) = (
        CString::new(src)?,
        cstr(dst)?,
        CString::new(fstype)?,
        CString::new(data)?,
    );
    // SAFETY: all pointers are valid NUL-terminated strings for the duration of the call.
    let r = unsafe {
        libc::mount(
            s.as_ptr(),
            d.as_ptr(),
            t.as_ptr(),
            flags,
            if data.is_empty() {
                std::ptr::null()
            } else {
                o.as_ptr().cast()
            },
        )
    };
    check(r.into(), "mount", dst).map(|_| ())
}

/// A detached clone of the mount tree at `path`.
fn open_tree(path: &Path) -> io::Result<OwnedFd> {
    let p = cstr(path)?;
    // SAFETY: a valid path; the result is a new descriptor or -1.
    let fd = unsafe {
        libc::syscall(
            libc::SYS_open_tree,
            libc::AT_FDCWD,
            p.as_ptr(),
            OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint | AT_RECURSIVE,
        )
    };
    let fd = check(fd, "clone the mount", path)?;
    // SAFETY: fd was just created and is owned here.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Set mount attributes on a detached tree (`fd`) or on the tree at `path`, recursively.
fn set_attr(fd: Option<&OwnedFd>, path: &Path, set: u64) -> io::Result<()> {
    use std::os::fd::AsRawFd as _;
    let attr = MountAttr {
        attr_set: set,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let (dirfd, p, flags) = match fd {
        Some(fd) => (
            fd.as_raw_fd(),
            CString::default(),
            AT_RECURSIVE | libc::AT_EMPTY_PATH as libc::c_uint,
        ),
        None => (libc::AT_FDCWD, cstr(path)?, AT_RECURSIVE),
    };
    // SAFETY: valid descriptor or path, and a mount_attr of the size passed.
    let r = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            dirfd,
            p.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    check(r, "set mount attributes on", path).map(|_| ())
}

/// Whether a descriptor (a detached mount's root) is a directory.
fn fd_is_dir(fd: &OwnedFd) -> Option<bool> {
    // SAFETY: a zeroed stat is a valid out-parameter; fd is a valid descriptor.
    let mut st: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    (unsafe { libc::fstat(fd.as_raw_fd(), &mut st) } == 0)
        .then_some(st.st_mode & libc::S_IFMT == libc::S_IFDIR)
}

/// Attach a detached tree over `dst`.
fn attach(fd: &OwnedFd, dst: &Path) -> io::Result<()> {
    use std::os::fd::AsRawFd as _;
    let (empty, d) = (CString::default(), cstr(dst)?);
    // SAFETY: valid descriptor and paths.
    let r = unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            fd.as_raw_fd(),
            empty.as_ptr(),
            libc::AT_FDCWD,
            d.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_SYMLINKS,
        )
    };
    check(r, "attach a mount at", dst).map(|_| ())
}

/// Make sure `dst` exists as a mount point of the right kind. Missing ones can only be created in
/// the private tmpfs (`/tmp`, `/dev`); anywhere else the read-only view refuses, and so does the
/// run.
fn mount_point(dst: &Path, dir: bool) -> io::Result<()> {
    if fs_err::symlink_metadata(dst).is_ok() {
        return Ok(());
    }
    if let Some(parent) = dst.parent() {
        fs_err::create_dir_all(parent)?;
    }
    if dir {
        fs_err::create_dir(dst)
    } else {
        fs_err::File::create(dst).map(|_| ())
    }
}

fn write_file(path: &str, text: &str) -> io::Result<()> {
    fs_err::write(path, text)
}

/// In `B`, which starts in a new user namespace: map only our own uid and gid.
fn map_ids(uid: libc::uid_t, gid: libc::gid_t) -> io::Result<()> {
    write_file("/proc/self/setgroups", "deny")?;
    write_file("/proc/self/uid_map", &format!("{uid} {uid} 1"))?;
    write_file("/proc/self/gid_map", &format!("{gid} {gid} 1"))
}

/// Inside the new network namespace: bring the loopback interface up, as bubblewrap does, so
/// `network = "loopback"` gives the run a loopback of its own; the socket used is returned.
fn loopback_up() -> io::Result<OwnedFd> {
    // SAFETY: a new datagram socket, closed below.
    let sock = unsafe { libc::socket(libc::AF_INET, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
    if sock < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: sock was just created and is owned here.
    let owned = unsafe { OwnedFd::from_raw_fd(sock) };
    // SAFETY: a zeroed ifreq is valid; the name fits.
    let mut req: libc::ifreq = unsafe { std::mem::zeroed() };
    for (d, s) in req.ifr_name.iter_mut().zip(b"lo\0") {
        *d = *s as libc::c_char;
    }
    // SAFETY: SIOCGIFFLAGS / SIOCSIFFLAGS on a valid ifreq.
    unsafe {
        if libc::ioctl(sock, libc::SIOCGIFFLAGS, &mut req) < 0 {
            return Err(io::Error::last_os_error());
        }
        req.ifr_ifru.ifru_flags |= (libc::IFF_UP | libc::IFF_RUNNING) as libc::c_short;
        if libc::ioctl(sock, libc::SIOCSIFFLAGS, &req) < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    Ok(owned)
}

/// `B`, PID 1: build the file-system view.
fn build_view(run: &NsRun<'_>) -> io::Result<()> {
    // Mounts made here never propagate back to the host.
    mount(
        "none",
        Path::new("/"),
        "",
        libc::MS_REC | libc::MS_SLAVE,
        "",
    )?;
    // Clone every source while the host view is intact.
    let mut trees = Vec::with_capacity(run.mounts.len());
    for m in &run.mounts {
        trees.push(match m {
            Mount::Bind { path, .. } => Some(open_tree(path)?),
            Mount::BindFrom { src, .. } => Some(open_tree(src)?),
            Mount::HideFile(_) | Mount::HideDir(_) => None,
            Mount::Overlay { path, upper, work } => {
                Some(super::overlay::create(path, upper, work, run.unshare_user)?)
            }
        });
    }
    let mut nodes = Vec::with_capacity(DEV_NODES.len());
    for n in DEV_NODES {
        let p = Path::new("/dev").join(n);
        if fs_err::metadata(&p).is_ok() {
            nodes.push((p.clone(), open_tree(&p)?));
        }
    }
    // Everything read-only, without setuid and device nodes: bubblewrap's `--ro-bind / /`.
    set_attr(
        None,
        Path::new("/"),
        MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
    )?;

    // A minimal /dev: bubblewrap's `--dev /dev`.
    let nosuid_nodev = libc::MS_NOSUID | libc::MS_NODEV;
    mount(
        "tmpfs",
        Path::new("/dev"),
        "tmpfs",
        nosuid_nodev,
        "mode=0755",
    )?;
    for (p, fd) in &nodes {
        mount_point(p, false)?;
        // Read-only mounts: the device still reads and writes, but its mode, times and owner
        // (the host's node) cannot change.
        set_attr(Some(fd), p, MOUNT_ATTR_NOSUID | MOUNT_ATTR_RDONLY)?;
        attach(fd, p)?;
    }
    {
        use std::os::unix::fs::OpenOptionsExt as _;
        std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o000)
            .open(EMPTY)?;
    }
    for (link, target) in [
        ("/dev/fd", "/proc/self/fd"),
        ("/dev/stdin", "/proc/self/fd/0"),
        ("/dev/stdout", "/proc/self/fd/1"),
        ("/dev/stderr", "/proc/self/fd/2"),
        ("/dev/core", "/proc/kcore"),
        ("/dev/ptmx", "pts/ptmx"),
    ] {
        std::os::unix::fs::symlink(target, link)?;
    }
    fs_err::create_dir("/dev/shm")?;
    fs_err::create_dir("/dev/pts")?;
    mount(
        "devpts",
        Path::new("/dev/pts"),
        "devpts",
        libc::MS_NOSUID | libc::MS_NOEXEC,
        "newinstance,ptmxmode=0666,mode=620",
    )?;

    // A /proc of the new PID namespace, with the writable kernel knobs read-only.
    mount(
        "proc",
        Path::new("/proc"),
        "proc",
        nosuid_nodev | libc::MS_NOEXEC,
        "",
    )?;
    for knob in ["/proc/sys", "/proc/sysrq-trigger", "/proc/irq", "/proc/bus"] {
        let p = Path::new(knob);
        if fs_err::symlink_metadata(p).is_ok() {
            mount(knob, p, "", libc::MS_BIND | libc::MS_REC, "")?;
            set_attr(
                None,
                p,
                MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC,
            )?;
        }
    }

    // The private /tmp, then the plan's binds, protected and hidden paths, in order.
    // Size-bounded: a tmpfs is memory the data limit does not count.
    let tmp_opts = match run.child.tmp_mb {
        Some(mb) => format!("mode=0755,size={mb}m"),
        None => "mode=0755".to_owned(),
    };
    mount("tmpfs", Path::new(TMP), "tmpfs", nosuid_nodev, &tmp_opts)?;
    for (m, tree) in run.mounts.iter().zip(&trees) {
        match (m, tree) {
            (Mount::Bind { path, ro } | Mount::BindFrom { path, ro, .. }, Some(fd)) => {
                // The clone itself says what it is: beneath the fresh /tmp the path is gone.
                let dir = fd_is_dir(fd).unwrap_or(true);
                let mut attr = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
                if *ro {
                    attr |= MOUNT_ATTR_RDONLY;
                }
                set_attr(Some(fd), path, attr)?;
                mount_point(path, dir)?;
                attach(fd, path)?;
            }
            (Mount::HideFile(path), None) => {
                let fd = &open_tree(Path::new(EMPTY))?;
                set_attr(
                    Some(fd),
                    path,
                    MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
                )?;
                mount_point(path, false)?;
                attach(fd, path)?;
            }
            (Mount::Overlay { path, .. }, Some(fd)) => {
                set_attr(Some(fd), path, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV)?;
                mount_point(path, true)?;
                attach(fd, path)?;
            }
            (Mount::HideDir(path), _) => {
                mount_point(path, true)?;
                mount(
                    "tmpfs",
                    path,
                    "tmpfs",
                    libc::MS_RDONLY | nosuid_nodev,
                    "mode=0755",
                )?;
            }
            _ => return Err(io::Error::from_raw_os_error(libc::EINVAL)),
        }
    }
    use std::os::unix::fs::DirBuilderExt as _;
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&run.tmpdir)
        .map_err(|e| io::Error::new(e.kind(), format!("create {}: {e}", run.tmpdir.display())))
}

/// Report a setup failure on stderr (the supervisor's pump passes it on) and leave.
fn die(what: &str, e: &dyn std::fmt::Display) -> ! {
    use std::io::Write as _;
    let _ = writeln!(io::stderr(), "terraphim sandbox: {what}: {e}");
    // SAFETY: _exit never returns and runs no destructors of state shared with the parent.
    unsafe { libc::_exit(125) }
}

/// In a thread of `B`: a new network namespace, returned as a descriptor for `setns`. A thread
/// (not `B` itself) makes it so that the kernel's work of setting a network namespace up, the
/// costliest of the namespaces, overlaps with `B` building the file-system view; `B` joins it
/// before the command starts. Its loopback interface is brought up only for
/// `network = "loopback"` (bringing it up costs milliseconds); with `deny` the command cannot
/// create an IP socket at all (seccomp), so the interface's state is moot. Which runs get one:
/// [`crate::plan::own_netns`].
fn new_netns(loopback: bool) -> io::Result<OwnedFd> {
    // SAFETY: unshare of the network namespace only changes this thread's namespaces.
    if unsafe { libc::unshare(libc::CLONE_NEWNET) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let sock = if loopback {
        loopback_up()?
    } else {
        // Any socket names its network namespace; a Unix one is the cheapest to make.
        // SAFETY: a new datagram socket, owned below.
        let fd = unsafe { libc::socket(libc::AF_UNIX, libc::SOCK_DGRAM | libc::SOCK_CLOEXEC, 0) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd was just created and is owned here.
        unsafe { OwnedFd::from_raw_fd(fd) }
    };
    // SAFETY: SIOCGSKNS returns a new descriptor of the socket's network namespace, or -1.
    let fd = unsafe { libc::ioctl(sock.as_raw_fd(), SIOCGSKNS) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: fd was just created and is owned here.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// `SIOCGSKNS` from `<linux/sockios.h>`: the network namespace of a socket.
const SIOCGSKNS: libc::c_ulong = 0x894C;

/// Start `B`, PID 1 of new mount, PID, IPC, UTS (and, where [`crate::plan::own_netns`] says
/// so, network) namespaces, which builds the view and runs the command; returns `B`'s pid. stdout and
/// stderr of the run go to `out` and `err`; `control` is the socket the command's seccomp
/// listener and `B`'s status are sent over.
///
/// The caller must be single-threaded ([`single_threaded`]): `B` runs Rust code that
/// allocates.
pub(crate) fn spawn(run: &NsRun<'_>, out: RawFd, err: RawFd, control: RawFd) -> io::Result<i32> {
    // SAFETY: getuid/getgid/getpid cannot fail.
    let (uid, gid, me) = unsafe { (libc::getuid(), libc::getgid(), libc::getpid()) };
    // B checks through it that the supervisor did not die before B's death signal was set.
    // SAFETY: pidfd_open of this process returns a new descriptor or -1.
    let parent = unsafe { libc::syscall(libc::SYS_pidfd_open, me, 0u32) };
    if parent < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: parent was just created and is owned here (close-on-exec).
    let parent = unsafe { OwnedFd::from_raw_fd(parent as RawFd) };
    let mut flags =
        libc::CLONE_NEWNS | libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if run.unshare_user {
        flags |= libc::CLONE_NEWUSER;
    }
    // A fork (no shared memory, no new stack) whose child starts in the new namespaces, and is
    // PID 1 of the new PID namespace. As with `fork`, the child continues here.
    // SAFETY: the caller is single-threaded, so the child may run ordinary code.
    let pid = unsafe {
        libc::syscall(
            libc::SYS_clone,
            (flags | libc::SIGCHLD) as libc::c_ulong,
            0usize,
            0usize,
            0usize,
            0usize,
        )
    };
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    if pid > 0 {
        return Ok(pid as i32);
    }
    // B: PID 1.
    // SAFETY: prctl with integer arguments; poll of one valid pollfd without waiting; dup2 onto
    // stdout and stderr, and close of the descriptors duplicated; setsid.
    unsafe {
        // Dies with the supervisor, and the whole PID namespace with it.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        let mut pfd = libc::pollfd {
            fd: parent.as_raw_fd(),
            events: libc::POLLIN,
            revents: 0,
        };
        if libc::poll(&mut pfd, 1, 0) != 0 {
            libc::_exit(125);
        }
        if libc::dup2(out, 1) < 0 || libc::dup2(err, 2) < 0 {
            libc::_exit(125);
        }
        // The pipes' write ends are now stdout and stderr only: when `B` closes those (before
        // it reports the status) the supervisor's copy of the output ends.
        for fd in [out, err] {
            if fd > 2 {
                libc::close(fd);
            }
        }
        if libc::setsid() < 0 {
            die("start a new session", &io::Error::last_os_error());
        }
    }
    drop(parent);
    if run.unshare_user
        && let Err(e) = map_ids(uid, gid)
    {
        die("map the user namespace", &e);
    }
    let loopback = run.child.network == Network::Loopback;
    let mut net =
        crate::plan::own_netns(run.child).then(|| std::thread::spawn(move || new_netns(loopback)));
    if let Err(e) = build_view(run) {
        die("build the file-system view", &e);
    }
    // Joined before the command starts: it runs in the new network namespace or not at all.
    let mut join_net = || -> crate::error::Result<()> {
        let Some(thread) = net.take() else {
            return Ok(());
        };
        let fd = thread
            .join()
            .map_err(|_| io::Error::other("the network namespace thread panicked"))
            .and_then(|r| r)
            .map_err(crate::error::SandboxError::os(
                "create the network namespace",
            ))?;
        // SAFETY: setns with a network namespace descriptor.
        if unsafe { libc::setns(fd.as_raw_fd(), libc::CLONE_NEWNET) } != 0 {
            return Err(crate::error::SandboxError::last_os(
                "enter the network namespace",
            ));
        }
        Ok(())
    };
    match super::init(
        run.child,
        control,
        Some((run.env, run.cwd)),
        &mut join_net,
        true,
    ) {
        // SAFETY: leaves B without running anything shared with the supervisor.
        Ok(code) => unsafe { libc::_exit(i32::from(code)) },
        Err(e) => die("run the command", &e),
    }
}
