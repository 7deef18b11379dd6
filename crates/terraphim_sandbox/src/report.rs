//! The outcome report of one sandboxed run: what happened and what the sandbox stopped.

use serde::{Deserialize, Serialize};

/// The version of the [`RunReport`] JSON shape.
pub const REPORT_SCHEMA: u32 = 1;

/// What a contained escape attempt tried to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ViolationKind {
    /// Read a path outside the readable roots or a hidden path.
    FsRead,
    /// Write outside the writable roots, into a read-only root or a protected path.
    FsWrite,
    /// Open an IP socket or reach the network.
    Network,
    /// Spawn more processes than allowed, or leave processes behind after the command ended.
    Spawn,
    /// Hit the memory cap.
    Memory,
    /// Hit the CPU-time cap.
    Cpu,
    /// Run past the wall-clock limit.
    WallTime,
    /// Print more than the output cap.
    Output,
    /// Trace or read the memory of another process.
    Ptrace,
    /// Use an environment variable the sandbox removed.
    Env,
    /// Call a privileged system call (mount, modules, namespaces, keyrings, bpf, ...).
    Syscall,
    /// Delete or overwrite work git cannot give back (a workspace change set held for it).
    DestroysWork,
}

impl ViolationKind {
    /// The kebab-case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FsRead => "fs-read",
            Self::FsWrite => "fs-write",
            Self::Network => "network",
            Self::Spawn => "spawn",
            Self::Memory => "memory",
            Self::Cpu => "cpu",
            Self::WallTime => "wall-time",
            Self::Output => "output",
            Self::Ptrace => "ptrace",
            Self::Env => "env",
            Self::Syscall => "syscall",
            Self::DestroysWork => "destroys-work",
        }
    }
}

impl std::fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing the sandbox stopped, with where the knowledge comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// What was attempted.
    pub kind: ViolationKind,
    /// What exactly, e.g. `socket(AF_INET, SOCK_STREAM) denied`.
    pub detail: String,
    /// The source of the knowledge, prefixed by the mechanism: `seccomp: ...`, `supervisor: ...`,
    /// `signal SIGXCPU ...`, or `stderr heuristic: ...` for guesses from the command's messages.
    pub evidence: String,
    /// How many times the same violation happened.
    pub count: u32,
}

/// Which backend confined the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Backend {
    /// Landlock, seccomp and rlimits applied in the child.
    #[serde(rename = "native")]
    Native,
    /// bubblewrap namespaces first, then Landlock, seccomp and rlimits inside.
    #[serde(rename = "native+bwrap")]
    NativeBwrap,
    /// The same namespaces and mounts as with bubblewrap, made by the supervisor itself (no
    /// `bwrap` and no helper started), then Landlock, seccomp and rlimits inside.
    #[serde(rename = "native+ns")]
    NativeNs,
}

/// The outcome of one sandboxed run. Serialised as JSON for the learning loop (schema
/// [`REPORT_SCHEMA`]); `docs/sandbox.md` documents every field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    /// Always [`REPORT_SCHEMA`].
    pub schema: u32,
    /// The caller's id for the run (`guard exec --id`), if any.
    pub id: Option<String>,
    /// The shell command that ran.
    pub command: String,
    /// The profile's name.
    pub profile: String,
    /// Which backend confined it.
    pub backend: Backend,
    /// The mechanisms that were in force, e.g. `landlock-abi-7`, `seccomp-user-notif`.
    pub enforced: Vec<String>,
    /// The command's exit code, when it exited normally.
    pub exit_code: Option<i32>,
    /// The signal that ended it (`SIGKILL`, `SIGXCPU`, ...), when one did.
    pub signal: Option<String>,
    /// Wall-clock duration of the run in milliseconds.
    pub duration_ms: u64,
    /// CPU time (user + system) of all reaped processes of the run, in milliseconds.
    pub cpu_ms: u64,
    /// The wall-clock limit ended the run.
    pub timed_out: bool,
    /// A process hit the CPU limit.
    pub cpu_limit_hit: bool,
    /// A process hit the memory limit (partly from stderr heuristics; see the violation).
    pub memory_limit_hit: bool,
    /// The output cap ended the run.
    pub output_limit_hit: bool,
    /// Bytes of stdout and stderr the command produced (up to the cap).
    pub output_bytes: u64,
    /// Names (never values) of the caller's environment variables that were not passed in.
    pub env_removed: Vec<String>,
    /// Everything the sandbox stopped.
    pub violations: Vec<Violation>,
    /// For a workspace profile: the change set and what became of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workspace: Option<crate::WorkspaceReport>,
}

impl RunReport {
    /// No violation and a zero exit code: a candidate for promotion to ALLOW.
    pub fn is_clean(&self) -> bool {
        self.violations.is_empty() && self.exit_code == Some(0)
    }

    /// Whether a violation of `kind` was recorded.
    pub fn has(&self, kind: ViolationKind) -> bool {
        self.violations.iter().any(|v| v.kind == kind)
    }
}

/// Collects violations, merging repeats of the same kind and detail.
#[derive(Debug, Default)]
pub(crate) struct Violations(Vec<Violation>);

impl Violations {
    const MAX: usize = 64;

    pub(crate) fn push(
        &mut self,
        kind: ViolationKind,
        detail: impl Into<String>,
        evidence: impl Into<String>,
    ) {
        let detail = detail.into();
        if let Some(v) = self
            .0
            .iter_mut()
            .find(|v| v.kind == kind && v.detail == detail)
        {
            v.count = v.count.saturating_add(1);
            return;
        }
        if self.0.len() < Self::MAX {
            self.0.push(Violation {
                kind,
                detail,
                evidence: evidence.into(),
                count: 1,
            });
        }
    }

    pub(crate) fn has(&self, kind: ViolationKind) -> bool {
        self.0.iter().any(|v| v.kind == kind)
    }

    pub(crate) fn into_vec(self) -> Vec<Violation> {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_serialise_as_documented() {
        let all = [
            ViolationKind::FsRead,
            ViolationKind::FsWrite,
            ViolationKind::Network,
            ViolationKind::Spawn,
            ViolationKind::Memory,
            ViolationKind::Cpu,
            ViolationKind::WallTime,
            ViolationKind::Output,
            ViolationKind::Ptrace,
            ViolationKind::Env,
            ViolationKind::Syscall,
        ];
        for kind in all {
            assert_eq!(
                serde_json::to_string(&kind).unwrap(),
                format!("\"{}\"", kind.as_str())
            );
        }
        assert_eq!(
            serde_json::to_string(&Backend::NativeBwrap).unwrap(),
            "\"native+bwrap\""
        );
    }

    #[test]
    fn repeats_are_merged() {
        let mut v = Violations::default();
        v.push(ViolationKind::Spawn, "fork denied", "seccomp: a");
        v.push(ViolationKind::Spawn, "fork denied", "seccomp: b");
        v.push(ViolationKind::Network, "socket", "seccomp: c");
        let v = v.into_vec();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].count, v[0].evidence.as_str()), (2, "seccomp: a"));
    }
}
