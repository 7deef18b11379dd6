//! The thread that takes seccomp notifications off the listener the moment they are raised.
//!
//! A process that makes a notified call (a `fork`, `clone` or thread the fork gate counts, a
//! `connect`, ...) waits in the kernel for the supervisor's answer. Until the notification has
//! been *received* (`SECCOMP_IOCTL_NOTIF_RECV`) that wait ends on any signal: the call returns
//! `-ERESTARTSYS`, which is EINTR for a handler without `SA_RESTART` (dash's SIGCHLD handler),
//! and `fork` returning EINTR is something no program expects ("Cannot fork"). Once received,
//! with the filter installed with `SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV` (Linux 5.19), only
//! SIGKILL ends the wait. So this thread does nothing but wait on the listener and receive
//! (woken on the notifying task's own CPU where `SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP` exists,
//! Linux 6.6), and hands each request to the supervisor's loop, which decides and answers them
//! in order as before: the fork gate's counts stay exact because one thread still decides.
//! The thread ends when no process uses the filter any more (`ENOENT` from the receive, and
//! `POLLHUP` on the listener).
//!
//! What remains: a signal that arrives in the microseconds between the call and its receipt
//! (before the thread has run) still ends the wait; the kernel has no way to make that part
//! uninterruptible. Measured with dash forking for `$(true | cat)` as root at load 4-6: about
//! 1 fork in 1,500 instead of 1 in 4 (docs/sandbox.md).

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use super::{EventFd, clear_fd, signal_fd};
use crate::error::{Result, SandboxError};

/// `SECCOMP_USER_NOTIF_FD_SYNC_WAKE_UP` from `<linux/seccomp.h>` (Linux 6.6).
const SYNC_WAKE_UP: libc::c_ulong = 1;

/// Received notifications, waiting for the supervisor's answer.
pub(crate) struct Receiver {
    requests: mpsc::Receiver<libc::seccomp_notif>,
    /// Readable when a request was queued or the thread ended.
    ready: Arc<EventFd>,
    /// Set when the supervisor is done: what the thread receives after it is refused.
    stop: Arc<AtomicBool>,
    /// The thread's own duplicate of the listener (`POLLHUP` once no process uses the filter).
    listener: RawFd,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Receiver {
    /// Start receiving from (a duplicate of) `listener`.
    pub(crate) fn start(listener: &OwnedFd) -> Result<Self> {
        let fd = listener
            .try_clone()
            .map_err(SandboxError::os("duplicate the seccomp listener"))?;
        // SAFETY: an ioctl with an integer argument; failure (before Linux 6.6) only means the
        // receiving thread may be woken on another CPU.
        unsafe {
            libc::ioctl(
                fd.as_raw_fd(),
                libc::SECCOMP_IOCTL_NOTIF_SET_FLAGS,
                SYNC_WAKE_UP,
            )
        };
        let ready = Arc::new(EventFd::new()?);
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, requests) = mpsc::channel();
        let (r, s) = (Arc::clone(&ready), Arc::clone(&stop));
        let raw = fd.as_raw_fd();
        let thread = std::thread::Builder::new()
            .name("seccomp-recv".into())
            .spawn(move || receive(&fd, &s, &r, tx))
            .map_err(SandboxError::os("start the seccomp receiver"))?;
        Ok(Self {
            requests,
            ready,
            stop,
            listener: raw,
            thread: Some(thread),
        })
    }

    /// The descriptor to poll: readable when [`Receiver::take`] has something.
    pub(crate) fn fd(&self) -> RawFd {
        self.ready.fd()
    }

    /// Move the requests received so far into `into`; false once the thread has ended (no
    /// process uses the filter any more) and every request was taken.
    pub(crate) fn take(&self, into: &mut Vec<libc::seccomp_notif>) -> bool {
        clear_fd(self.ready.fd());
        loop {
            match self.requests.try_recv() {
                Ok(req) => into.push(req),
                Err(mpsc::TryRecvError::Empty) => return true,
                Err(mpsc::TryRecvError::Disconnected) => return false,
            }
        }
    }
}

impl Drop for Receiver {
    /// The thread blocks in the kernel and ends when no process uses the filter: joined when
    /// that is so (the run's processes are gone by the time the supervisor is done), else left
    /// to end with the last of them, refusing whatever it still receives.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let Some(t) = self.thread.take() else { return };
        if t.is_finished() || hung_up(self.listener) {
            let _ = t.join();
        }
    }
}

/// Whether no process uses the filter any more (the thread's descriptor is still open while
/// the thread runs: it owns it).
fn hung_up(fd: RawFd) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd, no waiting.
    unsafe { libc::poll(&mut p, 1, 0) == 1 && p.revents & libc::POLLHUP != 0 }
}

/// The thread: receive (blocking in the kernel), queue, signal `ready`; end when no process
/// uses the filter any more.
fn receive(
    listener: &OwnedFd,
    stop: &AtomicBool,
    ready: &EventFd,
    tx: mpsc::Sender<libc::seccomp_notif>,
) {
    // Run the moment a notification wakes this thread, ahead of the machine's ordinary
    // processes: on a loaded machine a woken thread of ordinary priority waits for others' time
    // slices (milliseconds), during which the held call is still interruptible. The thread
    // only receives (one system call per notification, each made by a held process), so it
    // cannot take more than those processes give it. Needs CAP_SYS_NICE or RLIMIT_RTPRIO;
    // without them it stays as it is (the gate is as exact; a signal may more often interrupt
    // a call not yet received).
    let param = libc::sched_param { sched_priority: 1 };
    // SAFETY: sched_setscheduler of this thread (0) with a valid parameter.
    unsafe { libc::sched_setscheduler(0, libc::SCHED_FIFO, &param) };
    let fd = listener.as_raw_fd();
    loop {
        // SAFETY: the kernel requires a zeroed seccomp_notif.
        let mut req: libc::seccomp_notif = unsafe { std::mem::zeroed() };
        // SAFETY: req is a valid seccomp_notif.
        if unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_RECV, &mut req) } == 0 {
            if stop.load(Ordering::SeqCst) || tx.send(req).is_err() {
                // Nobody decides any more: refused, never let through.
                let mut resp = libc::seccomp_notif_resp {
                    id: req.id,
                    val: 0,
                    error: -libc::EPERM,
                    flags: 0,
                };
                // SAFETY: resp is a valid seccomp_notif_resp.
                unsafe { libc::ioctl(fd, libc::SECCOMP_IOCTL_NOTIF_SEND, &mut resp) };
                continue;
            }
            signal_fd(ready.fd());
            continue;
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::EINTR) => {}
            // The caller was interrupted or killed before it was received, or no process uses
            // the filter any more (then the kernel no longer blocks the call: it hangs up).
            Some(libc::ENOENT) if !hung_up(fd) => {}
            _ => break,
        }
    }
    // Disconnected before the last signal: the supervisor sees the end once it has drained.
    drop(tx);
    signal_fd(ready.fd());
}
