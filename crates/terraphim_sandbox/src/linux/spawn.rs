//! Starting the confined command from the namespace init (or the helper inside bubblewrap)
//! without copying the init's address space: `clone(CLONE_VM | CLONE_VFORK)`, as `posix_spawn`
//! does, instead of `fork`.
//!
//! The init is a copy of the supervisor (a 15 MB program with its heap): a `fork` copies its
//! page tables, both processes then take copy-on-write faults on every page they touch, and the
//! child's copy is torn down again by its `exec`. Here the child runs on the init's memory, on a
//! stack of its own, while the init waits (the kernel resumes it when the child has called
//! `exec` or exited). The child makes the same system calls in the same order as the `fork` it
//! replaces (std's `Command::spawn` with the `pre_exec` hook [`super::apply_in_child`]): signal
//! dispositions and mask reset, working directory, rlimits, capabilities, no_new_privs,
//! Landlock, the two seccomp filters, the listener sent to the supervisor, then `execve`. Every
//! one of them acts on the child alone: without `CLONE_THREAD`, `CLONE_FILES` or
//! `CLONE_SIGHAND` its credentials, rlimits, descriptor table, signal handlers and seccomp
//! filters are its own; only memory is shared until `exec`.

use std::collections::BTreeMap;
use std::ffi::{CString, OsStr};
use std::io;
use std::os::fd::RawFd;
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;

use super::Prepared;
use crate::plan::ChildPlan;

/// The child's stack until `exec`: it makes system calls only, a few frames deep.
const STACK: usize = 256 * 1024;

/// What the child reads, and where it leaves the error of a failed start.
struct Shared<'a> {
    path: &'a CString,
    argv: &'a [*const libc::c_char],
    envp: &'a [*const libc::c_char],
    cwd: Option<&'a CString>,
    prepared: &'a mut Prepared,
    control: RawFd,
    /// The `errno` of the step that failed (0: none; the child called `exec`).
    error: i32,
}

fn cstring(s: &OsStr) -> io::Result<CString> {
    CString::new(s.as_bytes()).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
}

/// Start `plan.shell -c plan.command` confined (`prepared` applied between the clone and
/// `exec`), with `env`'s variables and working directory when given (else this process's own),
/// stdio inherited; returns the child's pid once it has called `exec`. An error means the
/// command never ran (the child, if one was made, has been reaped).
pub(super) fn confined(
    plan: &ChildPlan,
    mut prepared: Prepared,
    control: RawFd,
    env: Option<(&[(String, String)], &Path)>,
) -> io::Result<i32> {
    // Everything the child needs is built here: it must not allocate.
    let path = cstring(plan.shell.as_os_str())?;
    let args = [
        path.clone(),
        CString::new("-c").map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?,
        cstring(OsStr::new(&plan.command))?,
    ];
    let vars: Vec<CString> = match env {
        // As std's `env_clear().envs(..)`: one value a name, the last given.
        Some((vars, _)) => vars
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect::<BTreeMap<_, _>>()
            .into_iter()
            .map(|(k, v)| cstring(OsStr::new(&format!("{k}={v}"))))
            .collect::<io::Result<_>>()?,
        None => std::env::vars_os()
            .map(|(k, v)| {
                let mut kv = k.into_encoded_bytes();
                kv.push(b'=');
                kv.extend(v.into_encoded_bytes());
                CString::new(kv).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
            })
            .collect::<io::Result<_>>()?,
    };
    let argv: Vec<*const libc::c_char> = args
        .iter()
        .map(|a| a.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect();
    let envp: Vec<*const libc::c_char> = vars
        .iter()
        .map(|a| a.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect();
    let cwd = env.map(|(_, cwd)| cstring(cwd.as_os_str())).transpose()?;
    let mut shared = Shared {
        path: &path,
        argv: &argv,
        envp: &envp,
        cwd: cwd.as_ref(),
        prepared: &mut prepared,
        control,
        error: 0,
    };

    // SAFETY: a new private anonymous mapping, unmapped below.
    let stack = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            STACK,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK | libc::MAP_NORESERVE,
            -1,
            0,
        )
    };
    if stack == libc::MAP_FAILED {
        return Err(io::Error::last_os_error());
    }
    // A guard page at the bottom: an overflow faults instead of writing over other memory.
    // SAFETY: the first page of the mapping made above.
    if unsafe { libc::mprotect(stack, 4096, libc::PROT_NONE) } != 0 {
        let e = io::Error::last_os_error();
        // SAFETY: the mapping made above.
        unsafe { libc::munmap(stack, STACK) };
        return Err(e);
    }
    // No signal handler of this process may run in the child (on this process's memory):
    // every signal is blocked across the clone; the child resets the handlers, then the mask.
    // SAFETY: sigset_t out-parameters filled by sigfillset / pthread_sigmask.
    let mut all: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    let mut old: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: valid sigset pointers.
    unsafe {
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_BLOCK, &all, &mut old);
    }
    // SAFETY: the child runs `child` on its own stack (the top of the mapping; the stack grows
    // down) with `shared`, which outlives it: this thread is suspended until the child has
    // called `exec` or exited (CLONE_VFORK).
    let pid = unsafe {
        libc::clone(
            child,
            stack.cast::<u8>().add(STACK).cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            (&raw mut shared).cast(),
        )
    };
    let clone_error = io::Error::last_os_error();
    // SAFETY: restores the mask saved above; unmaps the child's stack, which it no longer uses.
    unsafe {
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        libc::munmap(stack, STACK);
    }
    if pid < 0 {
        return Err(clone_error);
    }
    // SAFETY: the child wrote it (or not) before this thread resumed.
    let error = unsafe { std::ptr::read_volatile(&raw const shared.error) };
    if error != 0 {
        // The child failed before `exec` and exited: reap it.
        let _ = super::wait_pid(pid);
        return Err(io::Error::from_raw_os_error(error));
    }
    Ok(pid)
}

/// The child, until `exec`. Only system calls on memory built before the clone.
extern "C" fn child(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the parent's `Shared`, which lives until this child execs or exits.
    let shared = unsafe { &mut *arg.cast::<Shared<'_>>() };
    // SAFETY: this is the freshly cloned child.
    let e = unsafe { start(shared) };
    shared.error = e.raw_os_error().unwrap_or(libc::EINVAL).max(1);
    // SAFETY: leaves without running anything of the parent's.
    unsafe { libc::_exit(127) }
}

/// The steps of std's `fork` + `exec` with the `pre_exec` hook, in its order; returns only on
/// failure.
///
/// # Safety
/// Only in the child made by [`confined`].
unsafe fn start(s: &mut Shared<'_>) -> io::Error {
    // Signal handlers back to the default (they would run on the parent's memory), SIGPIPE too
    // (Rust's runtime ignores it; std's spawn restores it for the child), then an empty mask.
    for sig in 1..65 {
        // SAFETY: a zeroed sigaction is a valid out-parameter; invalid numbers fail harmlessly.
        let mut act: libc::sigaction = unsafe { std::mem::zeroed() };
        // SAFETY: as above.
        let queried = unsafe { libc::sigaction(sig, std::ptr::null(), &mut act) } == 0;
        let handled =
            queried && act.sa_sigaction != libc::SIG_DFL && act.sa_sigaction != libc::SIG_IGN;
        if handled || sig == libc::SIGPIPE {
            // SAFETY: a zeroed sigaction with SIG_DFL (0) is the default disposition.
            let dfl: libc::sigaction = unsafe { std::mem::zeroed() };
            // SAFETY: as above.
            unsafe { libc::sigaction(sig, &dfl, std::ptr::null_mut()) };
        }
    }
    // SAFETY: an empty set, then the mask set to it.
    unsafe {
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        let r = libc::pthread_sigmask(libc::SIG_SETMASK, &empty, std::ptr::null_mut());
        if r != 0 {
            return io::Error::from_raw_os_error(r);
        }
    }
    if let Some(cwd) = s.cwd {
        // SAFETY: a valid C string.
        if unsafe { libc::chdir(cwd.as_ptr()) } != 0 {
            return io::Error::last_os_error();
        }
    }
    // SAFETY: this is a freshly cloned child; the rules were built before the clone.
    if let Err(e) = unsafe { super::apply_in_child(s.prepared, s.control, false) } {
        return e;
    }
    // SAFETY: NULL-terminated arrays of valid C strings.
    unsafe { libc::execve(s.path.as_ptr(), s.argv.as_ptr(), s.envp.as_ptr()) };
    io::Error::last_os_error()
}
