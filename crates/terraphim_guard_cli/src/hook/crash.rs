//! A crash of the hook process must not let the command through: the agents run a command whose
//! hook died of a signal (a fault in the C parsers, a stack overflow, an abort). Panics are
//! caught and answered in the agent's protocol; for everything that ends in a fatal signal, the
//! handlers below exit with code 2 and the reason on stderr, which every supported agent treats
//! as a block.

use crate::exit_code;

/// The signals a crash ends in.
const FATAL_SIGNALS: [libc::c_int; 5] = [
    libc::SIGSEGV,
    libc::SIGBUS,
    libc::SIGILL,
    libc::SIGFPE,
    libc::SIGABRT,
];

const MESSAGE: &[u8] = b"terraphim guard crashed while judging this command, so it is blocked (the guard fails closed)\n";

extern "C" fn block(_signal: libc::c_int) {
    // Only async-signal-safe calls: write(2) and _exit(2). A failed write changes nothing: exit 2
    // still blocks.
    // SAFETY: MESSAGE is a valid buffer of its length; _exit does not return.
    unsafe {
        libc::write(libc::STDERR_FILENO, MESSAGE.as_ptr().cast(), MESSAGE.len());
        libc::_exit(libc::c_int::from(exit_code::HOOK_BLOCK));
    }
}

/// Install the handlers for this process. They run on the alternate signal stack that the Rust
/// runtime gives the main thread and every thread it spawns, so a stack overflow is caught too.
pub(crate) fn block_on_crash() {
    for signal in FATAL_SIGNALS {
        // SAFETY: a zeroed `sigaction` is a valid value of the C struct; the handler makes only
        // async-signal-safe calls; the previous action is not needed.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = block as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_ONSTACK;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// Where a test asks the hook to crash.
#[cfg(feature = "test-hooks")]
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// Before the input is read.
    Start,
    /// After the decision, while the call is recorded for learning (before the answer).
    Recording,
}

/// `TERRAPHIM_GUARD_TEST_CRASH=segv|abort|stack-overflow` lets the test suite prove the handlers
/// on a real crash of each kind at the start; `KIND@recording` crashes while the call is
/// recorded, after the decision (only with the `test-hooks` feature, which only the tests enable).
#[cfg(feature = "test-hooks")]
pub(crate) fn crash_if_asked(stage: Stage) {
    let Ok(asked) = std::env::var("TERRAPHIM_GUARD_TEST_CRASH") else {
        return;
    };
    let (kind, at) = match asked.split_once('@') {
        Some((kind, "recording")) => (kind, Stage::Recording),
        Some(_) => return,
        None => (asked.as_str(), Stage::Start),
    };
    if at != stage {
        return;
    }
    match kind {
        // SAFETY: raising a signal has no memory effects; the handler ends the process.
        "segv" => unsafe {
            libc::raise(libc::SIGSEGV);
        },
        "abort" => std::process::abort(),
        "stack-overflow" => {
            std::hint::black_box(recurse(0));
        }
        _ => {}
    }
}

/// Recurse until the stack's guard page is hit (each frame keeps a buffer alive).
#[cfg(feature = "test-hooks")]
#[inline(never)]
fn recurse(depth: u64) -> u64 {
    let frame = std::hint::black_box([depth; 64]);
    if std::hint::black_box(true) {
        return recurse(depth + 1).wrapping_add(frame[depth as usize % 64]);
    }
    frame[0]
}
