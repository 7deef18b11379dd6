//! The backend on systems other than Linux: the same API as the Linux supervisor, and it
//! refuses every run. The confinement (Landlock, seccomp, namespaces, rlimits as the sandbox
//! uses them) exists only on Linux, and a sandbox that cannot confine must not run the command
//! unconfined: [`run`] is an error that says so, and nothing runs.
//!
//! On Linux this file is compiled only by the tests, so it keeps type-checking against the
//! crate (no other target is installed where the project is built).

use std::io::Write;

use crate::error::{Result, SandboxError};
use crate::plan::HostCaps;
use crate::report::RunReport;
use crate::request::{BwrapUse, SandboxRequest};

/// What this machine offers: none of the mechanisms the sandbox uses.
pub fn probe() -> HostCaps {
    HostCaps {
        landlock_abi: None,
        seccomp_user_notif: false,
        seccomp_wait_killable: false,
        bwrap: None,
        namespaces: false,
        is_root: false,
    }
}

/// No namespaces here.
pub fn mount_namespace(_bwrap: BwrapUse, _caps: &HostCaps) -> bool {
    false
}

/// Bubblewrap never works here.
pub fn bwrap_works(_caps: &HostCaps) -> bool {
    false
}

/// The helper subcommand refuses (exit 125: nothing ran).
pub fn helper_main(_plan_json: &str) -> u8 {
    eprintln!("terraphim sandbox helper: {}", unsupported());
    125
}

/// Refuse: nothing runs, confined or not.
pub fn run(
    _req: &SandboxRequest,
    _caps: &HostCaps,
    _stdout: Box<dyn Write + Send>,
    _stderr: Box<dyn Write + Send>,
) -> Result<RunReport> {
    Err(unsupported())
}

/// The end of a run still under way (never one here).
#[must_use = "dropping an Ending waits for the end of the run"]
pub struct Ending;

impl Ending {
    /// Nothing to wait for.
    pub fn wait(self) {}
}

/// Refuse: nothing runs, confined or not.
pub fn run_ending(
    _req: &SandboxRequest,
    _caps: &HostCaps,
    _stdout: Box<dyn Write + Send>,
    _stderr: Box<dyn Write + Send>,
) -> Result<(RunReport, Ending)> {
    Err(unsupported())
}

fn unsupported() -> SandboxError {
    SandboxError::Unenforceable(format!(
        "the sandbox confines commands only on Linux (Landlock, seccomp, namespaces); this is {}, so nothing ran",
        std::env::consts::OS
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_run_is_refused_and_nothing_runs() {
        let profile = crate::ProfileSet::load(None)
            .unwrap()
            .get("readonly")
            .unwrap()
            .clone();
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("ran");
        let mut req = SandboxRequest::new(format!("touch {}", marker.display()), profile).unwrap();
        req.bwrap = BwrapUse::Never;
        let caps = probe();
        assert!(!bwrap_works(&caps));
        let err = run(
            &req,
            &caps,
            Box::new(std::io::sink()),
            Box::new(std::io::sink()),
        )
        .unwrap_err();
        assert!(matches!(err, SandboxError::Unenforceable(_)), "{err}");
        assert!(err.to_string().contains("only on Linux"), "{err}");
        assert!(!marker.exists(), "the refused command ran");
        assert_eq!(helper_main("{}"), 125);
    }
}
