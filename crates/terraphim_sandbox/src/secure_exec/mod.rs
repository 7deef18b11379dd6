//! The secure-exec bridge: JavaScript and TypeScript code in a V8 isolate.
//!
//! One run is one Node process (the driver, `js/driver.mjs`, embedded at build time) with one
//! `NodeRuntime` and one V8 sidecar; nothing is shared between runs. The Rust side writes one JSON
//! request on the driver's stdin and reads JSON Lines back (see `docs/secure-exec.md`).
//!
//! Walls, from the inside out:
//! 1. secure-exec's isolate: no host access except through the bridge.
//! 2. The driver's policy: reads only under the profile's read roots, checked on the real path at
//!    the lowest filesystem layer; writes only in a scratch dir; no links; network per profile;
//!    no environment; no child processes (never the host executor).
//! 3. The OS, applied to the Node process and inherited by the sidecar: `RLIMIT_DATA`,
//!    `RLIMIT_CPU`, `RLIMIT_CORE`, `RLIMIT_FSIZE`, no_new_privs, a Landlock ruleset and a seccomp
//!    filter; a wall-clock deadline that kills the process group.

mod deps;
mod error;
#[cfg(target_os = "linux")]
mod linux;
mod profile;
mod protocol;
mod report;
mod routing;
mod run;

pub use deps::{JsDeps, PINNED_SECURE_EXEC};
pub use error::SecureExecError;
pub use profile::{JsNetwork, JsProfile};
pub use report::JsRunReport;
pub use routing::{JsInvocation, js_invocation};
pub use run::{JsRequest, JsSource, SecureExec};
