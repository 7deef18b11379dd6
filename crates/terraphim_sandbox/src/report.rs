//! The outcome report of one sandboxed run: what happened and what the sandbox stopped.

use serde::{Deserialize, Serialize};

/// The version of the [`RunReport`] JSON shape.
pub const REPORT_SCHEMA: u32 = 1;

/// What a contained escape attempt tried to do: the one violation vocabulary of the sandbox, the
/// outcome store and the learning loop.
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
    /// A kind this version does not know (a newer writer's); a permission violation, so an
    /// unknown kind fails closed.
    #[serde(other)]
    Other,
}

impl ViolationKind {
    /// Every kind, in wire order.
    pub const ALL: [ViolationKind; 13] = [
        Self::FsRead,
        Self::FsWrite,
        Self::Network,
        Self::Spawn,
        Self::Memory,
        Self::Cpu,
        Self::WallTime,
        Self::Output,
        Self::Ptrace,
        Self::Env,
        Self::Syscall,
        Self::DestroysWork,
        Self::Other,
    ];

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
            Self::Other => "other",
        }
    }

    /// The kind of a wire name; unknown names are [`ViolationKind::Other`].
    pub fn from_wire(name: &str) -> ViolationKind {
        Self::ALL
            .into_iter()
            .find(|k| k.as_str() == name)
            .unwrap_or(Self::Other)
    }

    /// Whether this is a permission violation (an attempt the sandbox refused); the resource
    /// limits (memory, cpu, wall-time, output) are not.
    pub fn is_permission(self) -> bool {
        !matches!(
            self,
            Self::Memory | Self::Cpu | Self::WallTime | Self::Output
        )
    }
}

impl std::fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why an attempt was refused: what the program tried, or only how tight the run's profile is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Cause {
    /// The program tried something no profile grants (a hidden path, a protected path, the
    /// network, another process, a privileged call): evidence against the program.
    #[default]
    Program,
    /// Only this profile's own limits refused it (a write into the project under a profile that
    /// grants no writes, a second process under a single-program profile): says nothing about
    /// the program.
    Profile,
}

/// One thing the sandbox stopped, with where the knowledge comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Violation {
    /// What was attempted.
    pub kind: ViolationKind,
    /// What exactly, e.g. `socket(AF_INET, SOCK_STREAM) denied`.
    #[serde(default)]
    pub detail: String,
    /// The source of the knowledge, prefixed by the mechanism: `seccomp: ...`, `supervisor: ...`,
    /// `signal SIGXCPU ...`, or `stderr heuristic: ...` for guesses from the command's messages.
    #[serde(default)]
    pub evidence: String,
    /// How many times the same violation happened.
    #[serde(default = "one")]
    pub count: u32,
    /// The argv of the program that made the attempt, when known exactly (the process a seccomp
    /// notification names, read from `/proc/PID/cmdline` while it waits) or from the tool's name
    /// in its own error message. `None`: not known (a run-wide limit, an older record).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub program: Option<Vec<String>>,
    /// The argv of the command's program that `program` descends from, when that is another
    /// process: the outermost process below the run's shell (`git` for `git-remote-http`,
    /// `npm` for the `node` its script shell started).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_by: Option<Vec<String>>,
    /// Why it was refused.
    #[serde(default)]
    pub cause: Cause,
    /// What exactly was refused, in fields (the way out grants exactly this, never reading
    /// `detail`): a path, a network destination or a limit. `None`: not known (an older record,
    /// a refusal that names nothing, such as a socket refused before any address was given).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
}

/// What exactly a violation refused, as fields.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "type")]
pub enum Target {
    /// A file-system path, absolute, as the program's view names it.
    Path {
        /// The path.
        path: String,
        /// A protected path (never granted).
        #[serde(default, skip_serializing_if = "is_false")]
        protected: bool,
        /// A hidden path: a secret (never granted).
        #[serde(default, skip_serializing_if = "is_false")]
        hidden: bool,
    },
    /// A host the program asked the guard's proxy for, by name or address literal (lowercase,
    /// IPv6 in brackets): the proxy read it from the request (`CONNECT host:port`, or the URL
    /// of a plain HTTP request). An allow-list can name it.
    Host {
        /// The host name or address literal.
        host: String,
        /// The port.
        port: u16,
    },
    /// An address a program's own `connect` (or `sendto`) named, around the proxy: only the
    /// address is known (the sandbox resolves no name).
    Address {
        /// The IP address.
        ip: std::net::IpAddr,
        /// The port.
        port: u16,
    },
    /// A resource limit, by the name a grant raises it with (`processes`, `memory`, `cpu`,
    /// `wall`, `output`, `file-size`).
    Limit {
        /// The limit's name.
        limit: String,
    },
    /// A target this version does not know (a newer writer's): grants nothing.
    #[serde(other)]
    Unknown,
}

impl Target {
    /// A path target (neither protected nor hidden).
    pub fn path(p: &std::path::Path) -> Target {
        Target::Path {
            path: p.to_string_lossy().into_owned(),
            protected: false,
            hidden: false,
        }
    }

    /// A limit target.
    pub fn limit(name: &str) -> Target {
        Target::Limit {
            limit: name.to_owned(),
        }
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn one() -> u32 {
    1
}

impl Violation {
    /// A violation caused by the program, seen once, program unknown.
    pub fn new(
        kind: ViolationKind,
        detail: impl Into<String>,
        evidence: impl Into<String>,
    ) -> Self {
        Violation {
            kind,
            detail: detail.into(),
            evidence: evidence.into(),
            count: 1,
            program: None,
            started_by: None,
            cause: Cause::Program,
            target: None,
        }
    }

    /// The same violation with what exactly it refused.
    pub fn with_target(mut self, target: Target) -> Self {
        self.target = Some(target);
        self
    }

    /// Whether this is evidence against the program: a permission violation that the program,
    /// not the profile's own tightness, caused.
    pub fn blames_program(&self) -> bool {
        self.kind.is_permission() && self.cause == Cause::Program
    }

    /// The program's name (the last component of `argv[0]`), when known.
    pub fn program_name(&self) -> Option<&str> {
        let first = self.program.as_ref()?.first()?;
        Some(first.rsplit('/').next().unwrap_or(first))
    }
}

/// The kind of ending of a command, as the outcome store and the learning loop read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OutcomeKind {
    /// Ran to completion without a violation, exit code 0.
    Clean,
    /// The sandbox stopped a permission violation.
    Violation,
    /// The run hit its wall-time limit.
    Timeout,
    /// The run hit a resource limit (memory, cpu, output).
    Limit,
    /// The command failed (non-zero exit) without a violation.
    Failure,
    /// The guard denied the command; it never ran.
    Denied,
    /// The pre-event of a run whose outcome is not known yet.
    Pending,
    /// A kind this version does not know; counts neither way.
    #[serde(other)]
    Other,
}

impl OutcomeKind {
    /// The wire name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Clean => "clean",
            Self::Violation => "violation",
            Self::Timeout => "timeout",
            Self::Limit => "limit",
            Self::Failure => "failure",
            Self::Denied => "denied",
            Self::Pending => "pending",
            Self::Other => "other",
        }
    }
}

/// How a command ended: the `outcome` of an outcome record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The kind of ending.
    pub kind: OutcomeKind,
    /// The exit code, if the command exited.
    #[serde(default)]
    pub exit_code: Option<i32>,
    /// What the sandbox stopped or observed.
    #[serde(default)]
    pub violations: Vec<Violation>,
}

impl Outcome {
    /// An outcome of `kind` with no exit code and no violations.
    pub fn new(kind: OutcomeKind) -> Outcome {
        Outcome {
            kind,
            exit_code: None,
            violations: Vec::new(),
        }
    }

    /// The outcome of a native run.
    pub fn from_run(report: &RunReport) -> Outcome {
        let limit = report.cpu_limit_hit || report.memory_limit_hit || report.output_limit_hit;
        Self::classify(
            report.violations.clone(),
            report.timed_out,
            limit,
            report.exit_code,
        )
    }

    /// The outcome of a secure-exec run (exit code 124 without a violation is its time limit).
    pub fn from_js(report: &crate::JsRunReport) -> Outcome {
        let timed_out = report.violations.is_empty() && report.exit_code == 124;
        Self::classify(
            report.violations.clone(),
            timed_out,
            false,
            Some(report.exit_code),
        )
    }

    /// The one rule: any permission violation makes a `violation`, then the wall clock, then
    /// the resource limits, then the exit code.
    pub fn classify(
        violations: Vec<Violation>,
        timed_out: bool,
        limit: bool,
        exit_code: Option<i32>,
    ) -> Outcome {
        let kind = if violations.iter().any(|v| v.kind.is_permission()) {
            OutcomeKind::Violation
        } else if timed_out {
            OutcomeKind::Timeout
        } else if limit || !violations.is_empty() {
            OutcomeKind::Limit
        } else if exit_code == Some(0) {
            OutcomeKind::Clean
        } else {
            OutcomeKind::Failure
        };
        Outcome {
            kind,
            exit_code,
            violations,
        }
    }
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

impl Backend {
    /// The wire name (`native`, `native+bwrap`, `native+ns`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Native => "native",
            Self::NativeBwrap => "native+bwrap",
            Self::NativeNs => "native+ns",
        }
    }
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
    /// For a network allow-list: every `host:port` the guard's proxy connected to for the run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub network_reached: Vec<String>,
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

/// Collects violations, merging repeats of the same kind, detail and program.
#[derive(Debug, Default)]
pub(crate) struct Violations(Vec<Violation>);

impl Violations {
    const MAX: usize = 64;

    /// A violation the program caused, program unknown.
    pub(crate) fn push(
        &mut self,
        kind: ViolationKind,
        detail: impl Into<String>,
        evidence: impl Into<String>,
    ) {
        self.add(Violation::new(kind, detail, evidence));
    }

    /// One violation (its `count` is added to a repeat's).
    pub(crate) fn add(&mut self, new: Violation) {
        if let Some(v) = self.0.iter_mut().find(|v| {
            v.kind == new.kind
                && v.detail == new.detail
                && v.program == new.program
                && v.started_by == new.started_by
                && v.cause == new.cause
                && v.target == new.target
        }) {
            v.count = v.count.saturating_add(new.count.max(1));
            return;
        }
        if self.0.len() < Self::MAX {
            self.0.push(new);
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

#[cfg(test)]
mod outcome_tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn one_vocabulary_of_permission_and_limits() {
        use ViolationKind::*;
        let rows = [
            (FsRead, true),
            (FsWrite, true),
            (Network, true),
            (Spawn, true),
            (Memory, false),
            (Cpu, false),
            (WallTime, false),
            (Output, false),
            (Ptrace, true),
            (Env, true),
            (Syscall, true),
            (DestroysWork, true),
            (Other, true),
        ];
        assert_eq!(rows.map(|(k, _)| k), ViolationKind::ALL);
        for (kind, permission) in rows {
            assert_eq!(kind.is_permission(), permission, "{kind}");
            assert_eq!(ViolationKind::from_wire(kind.as_str()), kind);
            let json = serde_json::to_string(&kind).unwrap();
            assert_eq!(serde_json::from_str::<ViolationKind>(&json).unwrap(), kind);
        }
        assert_eq!(ViolationKind::from_wire("gpu"), Other);
        assert_eq!(
            serde_json::from_str::<ViolationKind>("\"gpu\"").unwrap(),
            Other
        );
    }

    #[test]
    fn outcome_kind_from_a_run() {
        use OutcomeKind as O;
        use ViolationKind::*;
        type Row = (
            &'static str,
            &'static [ViolationKind],
            bool,
            bool,
            Option<i32>,
            OutcomeKind,
        );
        let rows: &[Row] = &[
            ("clean", &[], false, false, Some(0), O::Clean),
            ("failure", &[], false, false, Some(2), O::Failure),
            ("killed", &[], false, false, None, O::Failure),
            ("timeout", &[WallTime], true, false, None, O::Timeout),
            ("memory", &[Memory], false, true, Some(1), O::Limit),
            ("limit flag only", &[], false, true, Some(0), O::Limit),
            ("network", &[Network], false, false, Some(7), O::Violation),
            (
                "env is a permission violation",
                &[Env],
                false,
                false,
                Some(0),
                O::Violation,
            ),
            (
                "syscall is a permission violation",
                &[Syscall],
                false,
                false,
                Some(1),
                O::Violation,
            ),
            (
                "permission beats timeout",
                &[WallTime, FsWrite],
                true,
                false,
                None,
                O::Violation,
            ),
        ];
        for (name, kinds, timed_out, limit, exit, want) in rows {
            let vs = kinds.iter().map(|k| Violation::new(*k, "d", "e")).collect();
            let got = Outcome::classify(vs, *timed_out, *limit, *exit);
            assert_eq!(got.kind, *want, "{name}");
            assert_eq!(got.exit_code, *exit, "{name}");
        }
    }

    #[test]
    fn old_violations_read_as_program_caused_and_unattributed() {
        let v: Violation =
            serde_json::from_str(r#"{"kind":"fs-write","detail":"d","evidence":"e","count":3}"#)
                .unwrap();
        assert_eq!((v.count, v.program, v.cause), (3, None, Cause::Program));
        let v: Violation = serde_json::from_str(r#"{"kind":"network"}"#).unwrap();
        assert_eq!((v.count, v.detail.as_str()), (1, ""));
        let mut v = Violation::new(ViolationKind::Spawn, "d", "e");
        v.program = Some(vec!["/usr/bin/curl".into(), "-s".into()]);
        v.cause = Cause::Profile;
        let json = serde_json::to_string(&v).unwrap();
        assert!(json.contains(r#""cause":"profile""#), "{json}");
        assert_eq!(serde_json::from_str::<Violation>(&json).unwrap(), v);
        assert_eq!(v.program_name(), Some("curl"));
        assert!(!v.blames_program());
    }
}
