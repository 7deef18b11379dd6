//! Sandbox profiles and backends for terraphim guard.
//!
//! The secure-exec backend runs JavaScript and TypeScript code in a V8 isolate
//! ([secure-exec](https://github.com/rivet-dev/secure-exec)) behind a policy that mirrors a sandbox
//! profile, with the Node host process itself confined by rlimits, Landlock and seccomp:
//!
//! ```no_run
//! use terraphim_sandbox::{JsDeps, JsProfile, JsRequest, JsSource, SecureExec};
//!
//! let deps = JsDeps::locate()?;
//! let backend = SecureExec::new(deps)?;
//! let profile = JsProfile::new(vec!["/path/to/project".into()]);
//! let request = JsRequest::new(JsSource::Code("console.log(1)".into()), "/path/to/project");
//! let report = backend.run(&request, &profile)?;
//! assert!(report.violations.is_empty());
//! # Ok::<(), terraphim_sandbox::SecureExecError>(())
//! ```
#![deny(missing_docs)]

mod secure_exec;

pub use secure_exec::{
    JsDeps, JsInvocation, JsNetwork, JsProfile, JsRequest, JsRunReport, JsSource,
    PINNED_SECURE_EXEC, SecureExec, SecureExecError, Violation, ViolationKind, js_invocation,
};
