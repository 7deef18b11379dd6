//! Sandbox profiles and the native Linux backend of terraphim guard.
//!
//! A command the guard routes to the SANDBOX tier runs through [`run`]: it is confined by a
//! [`Profile`] (data, from `kg/profiles/*.toml` and the user's config directory), every limit the
//! profile states is enforced or the run is refused, and the outcome is a [`RunReport`] whose
//! [`Violation`]s feed the learning loop.
//!
//! Mechanisms, in the child before `exec` of `bash -c COMMAND`: rlimits, dropped capabilities,
//! no_new_privs, Landlock (fully enforced or refused), seccomp (a notification filter the
//! supervisor answers, so denied calls are reported exactly). With bubblewrap on PATH the command
//! first enters mount, PID and network namespaces (hidden paths under tmpfs, protected paths
//! bound read-only, a private `/tmp`), and this program's hidden helper subcommand applies the
//! rest inside.
//!
//! JavaScript and TypeScript code (`node -e`, `node file.js`, `npx tsx file.ts`) can instead run
//! in a V8 isolate through [`SecureExec`] (secure-exec), whose Node host process is itself under
//! rlimits, Landlock and seccomp.
//!
//! ```no_run
//! use terraphim_sandbox::{ProfileSet, SandboxRequest, probe, run};
//!
//! let profiles = ProfileSet::load(ProfileSet::default_user_dir().as_deref())?;
//! let request = SandboxRequest::new("ls | wc -l", profiles.get("readonly")?.clone())?;
//! let report = run(&request, &probe(), Box::new(std::io::stdout()), Box::new(std::io::stderr()))?;
//! println!("exit {:?}, {} violations", report.exit_code, report.violations.len());
//! # Ok::<(), terraphim_sandbox::SandboxError>(())
//! ```
#![deny(missing_docs)]

mod caches;
mod error;
mod evidence;
#[cfg(target_os = "linux")]
mod linux;
mod netpolicy;
mod plan;
mod profile;
#[cfg(target_os = "linux")]
mod proxy;
mod report;
mod request;
mod secure_exec;
#[cfg(target_os = "linux")]
mod supervisor;
// Elsewhere the same API refuses every run; on Linux the tests compile it so it keeps
// type-checking.
#[cfg(any(not(target_os = "linux"), test))]
#[cfg_attr(
    target_os = "linux",
    allow(
        dead_code,
        unreachable_pub,
        reason = "compiled on Linux only to be tested"
    )
)]
mod other_os;
mod workspace;

pub use error::{Result, SandboxError};
pub use netpolicy::{host_lists, is_private_address};
#[cfg(not(target_os = "linux"))]
pub use other_os::{Ending, bwrap_works, helper_main, mount_namespace, probe, run, run_ending};
pub use plan::{FieldEnforcement, HostCaps, enforcement};
pub use profile::{Network, Profile, ProfileSet};
pub use report::{
    Backend, Cause, Outcome, OutcomeKind, REPORT_SCHEMA, RunReport, Target, Violation,
    ViolationKind,
};
pub use request::{BwrapUse, HELPER_SUBCOMMAND, SandboxRequest};
pub use secure_exec::{
    JsDeps, JsInvocation, JsNetwork, JsProfile, JsRequest, JsRunReport, JsSource,
    PINNED_SECURE_EXEC, SecureExec, SecureExecError, js_invocation,
};
#[cfg(target_os = "linux")]
pub use supervisor::{
    Ending, bwrap_works, helper_main, js_profile, mount_namespace, probe, run, run_ending,
};
pub use workspace::{
    Change, ChangeKind, ChangeStore, CopyRun, CopyView, HeldSet, HoldKind, HoldReason,
    WorkspaceReport, WorkspaceSettings, WorkspaceVerdict,
};
