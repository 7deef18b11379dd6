//! One command to run confined, as both backends take it (the Linux supervisor and the backend
//! that refuses every run elsewhere).

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::PathBuf;

use crate::error::{Result, SandboxError};
use crate::profile::Profile;

/// Whether to use bubblewrap when it is installed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BwrapUse {
    /// Use it when found on PATH.
    #[default]
    Auto,
    /// Never use it (Landlock, seccomp and rlimits only).
    Never,
    /// Always start bubblewrap for the namespaces, even where the supervisor can make the same
    /// namespaces itself (which is cheaper and the default).
    Force,
}

/// One command to run confined.
#[derive(Debug, Clone)]
pub struct SandboxRequest {
    /// The shell command, run as `bash -c COMMAND`.
    pub command: String,
    /// The profile to confine it with.
    pub profile: Profile,
    /// The working directory and `{project}` of the profile.
    pub cwd: PathBuf,
    /// The caller's environment, filtered by the profile's env policy.
    pub env: BTreeMap<String, String>,
    /// An id for the report (e.g. the hook's tool-use id).
    pub id: Option<String>,
    /// Whether bubblewrap may be used.
    pub bwrap: BwrapUse,
    /// How to start this program as the sandbox helper inside bubblewrap: the executable and the
    /// arguments that reach the hidden helper subcommand (the plan is appended as one argument).
    pub helper: Vec<OsString>,
    /// The workspace's copy fallback bound over the project in the mount namespace (set by
    /// [`crate::CopyRun::request`]); `None` for every other run.
    pub workspace_copy: Option<crate::workspace::CopyView>,
}

impl SandboxRequest {
    /// A request with the current directory, the current environment, and the helper reached as
    /// `<current exe> guard __sandbox-helper`.
    pub fn new(command: impl Into<String>, profile: Profile) -> Result<Self> {
        let cwd =
            std::env::current_dir().map_err(SandboxError::os("read the current directory"))?;
        let exe =
            std::env::current_exe().map_err(SandboxError::os("find the current executable"))?;
        Ok(Self {
            command: command.into(),
            profile,
            cwd,
            env: std::env::vars().collect(),
            id: None,
            bwrap: BwrapUse::Auto,
            helper: vec![exe.into(), "guard".into(), HELPER_SUBCOMMAND.into()],
            workspace_copy: None,
        })
    }
}

/// The hidden subcommand of `guard` that runs the helper.
pub const HELPER_SUBCOMMAND: &str = "__sandbox-helper";
