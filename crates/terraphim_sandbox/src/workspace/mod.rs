//! The copy-on-write workspace: a profile with `[workspace]` runs the command on an overlay of
//! the project (the project is the lower layer, each run has its own upper layer), so the
//! project itself never changes while the command runs. When the command ends its change set is
//! judged as a whole ([`judge`]): applied at once (a rename per file) when it touches no
//! protected path and destroys nothing git cannot give back; otherwise held, whole, with its
//! report, for `guard changes` to show, apply or discard.
//!
//! Where things live: `$XDG_DATA_HOME/terraphim/guard/workspaces/<id>/` holds `upper/`, `work/`
//! (overlayfs's scratch directory), `started` (its change time is the run's start: a host file
//! changed after it is a conflict) and, for a held set, `meta.json` and `held.json`. A run
//! whose set was applied (or that changed nothing) removes its directory in a forked child, so
//! the caller does not wait for it.

mod apply;
mod copy;
mod gitmeta;
mod judge;
mod pass;
mod scan;

pub use copy::{CopyRun, CopyView};

use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::error::{Result, SandboxError};
use crate::plan::{HostCaps, Mount};

/// The `[workspace]` table of a profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkspaceSettings {
    /// A change set writing more files than this is held.
    #[serde(default = "default_max_files")]
    pub max_files: u64,
    /// A change set writing more MiB than this is held.
    #[serde(default = "default_max_mb")]
    pub max_mb: u64,
    /// Held change sets are removed after this many hours.
    #[serde(default = "default_keep_hours")]
    pub keep_hours: u64,
    /// Build-output directories of the project (relative paths: `target`, `node_modules`) bound
    /// writable straight through the overlay, for speed: their changes are not judged. Each must
    /// be a real directory of the project (no symlink on the way), outside `.git`, protected
    /// paths and files host tools run; a symlink made in one during the run that leads out of it
    /// is removed and reported.
    #[serde(default)]
    pub pass_through: Vec<String>,
    /// Where no overlay can be made, the project is copied to a directory of the run's own and
    /// the command runs there: at most this many files ...
    #[serde(default = "default_copy_max_files")]
    pub copy_max_files: u64,
    /// ... and this many MiB; a larger project runs `readonly` instead.
    #[serde(default = "default_copy_max_mb")]
    pub copy_max_mb: u64,
    /// Directory names the copy leaves out wherever they are (build outputs); the command does
    /// not see them, and what it writes there is not applied.
    #[serde(default = "default_copy_skip")]
    pub copy_skip: Vec<String>,
}

impl Default for WorkspaceSettings {
    fn default() -> Self {
        Self {
            max_files: default_max_files(),
            max_mb: default_max_mb(),
            keep_hours: default_keep_hours(),
            pass_through: Vec::new(),
            copy_max_files: default_copy_max_files(),
            copy_max_mb: default_copy_max_mb(),
            copy_skip: default_copy_skip(),
        }
    }
}

/// Copying costs about a file creation per file (2.4 ms a file on this loaded machine's overlay
/// root, `cp -a` alike), so the bound is lower than the overlay's.
fn default_copy_max_files() -> u64 {
    5_000
}
fn default_copy_max_mb() -> u64 {
    256
}
fn default_copy_skip() -> Vec<String> {
    [
        "target",
        "node_modules",
        ".venv",
        "dist",
        "build",
        "__pycache__",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect()
}

fn default_max_files() -> u64 {
    20_000
}
fn default_max_mb() -> u64 {
    1024
}
fn default_keep_hours() -> u64 {
    168
}

impl std::fmt::Display for WorkspaceSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "copy-on-write; hold past {} files / {} MiB; held sets kept {} h; pass-through: {}",
            self.max_files,
            self.max_mb,
            self.keep_hours,
            if self.pass_through.is_empty() {
                "none".to_owned()
            } else {
                self.pass_through.join(", ")
            }
        )
    }
}

/// How `guard profiles` says the workspace is made here: overlayfs, or the copy fallback.
pub(crate) fn mechanism(caps: &HostCaps, ws: &WorkspaceSettings) -> Option<String> {
    let pass = if ws.pass_through.is_empty() {
        String::new()
    } else {
        format!(
            "; {} bound writable straight through (not judged)",
            ws.pass_through.join(", ")
        )
    };
    let ns = caps.namespaces || caps.bwrap.is_some();
    let copy = format!(
        "a copy of the project (at most {} files / {} MiB, leaving out {}; larger projects run `readonly`), {}",
        ws.copy_max_files,
        ws.copy_max_mb,
        ws.copy_skip.join(", "),
        if ns {
            format!(
                "bound over the project's own path in the mount namespace{pass} (without namespaces, `--no-bwrap`: the command runs at the copy's path, which tools that record absolute paths record, and nothing passes through)"
            )
        } else {
            "run at the copy's own path, because no mount namespace can be made here (tools that record absolute paths record the copy's; nothing passes through)".to_owned()
        }
    );
    Some(if overlay_possible(caps) {
        format!(
            "overlayfs in the mount namespace (upper layer per run{pass}); change set judged, then applied by rename or held; where a run cannot make the overlay, {copy}"
        )
    } else {
        format!(
            "{copy}; no overlayfs in a mount namespace is available here; change set judged, then applied or held"
        )
    })
}

fn overlay_possible(caps: &HostCaps) -> bool {
    #[cfg(target_os = "linux")]
    {
        (caps.namespaces || caps.bwrap.is_some()) && crate::linux::overlay::available()
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = caps;
        false
    }
}

/// The directories of one run's overlay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct OverlayDirs {
    /// The project (the only lower layer, and where the overlay is mounted).
    pub(crate) lower: PathBuf,
    pub(crate) upper: PathBuf,
    pub(crate) work: PathBuf,
    /// Build-output directories of the project bound writable over the overlay.
    pub(crate) pass_through: Vec<PathBuf>,
    /// The copy fallback in a mount namespace: `upper` is a copy of the project, bound over it
    /// in place of an overlay (the command runs at the project's own path).
    pub(crate) copy: bool,
    /// With `copy`: where in the project's path the host's git object store is bound read-only
    /// (the copy's `.git/objects/info/alternates` names it).
    pub(crate) host_objects: Option<PathBuf>,
}

impl OverlayDirs {
    /// The overlay (or the copy) over the project, then the pass-through directories over it.
    pub(crate) fn mounts(&self) -> Vec<Mount> {
        let mut out = if self.copy {
            vec![Mount::BindFrom {
                src: self.upper.clone(),
                path: self.lower.clone(),
                ro: false,
            }]
        } else {
            vec![Mount::Overlay {
                path: self.lower.clone(),
                upper: self.upper.clone(),
                work: self.work.clone(),
            }]
        };
        if let Some(at) = self.host_objects.iter().find(|_| self.copy) {
            out.push(Mount::BindFrom {
                src: self.lower.join(copy::OBJECTS),
                path: at.clone(),
                ro: true,
            });
        }
        out.extend(self.pass_through.iter().map(|p| Mount::Bind {
            path: p.clone(),
            ro: false,
        }));
        out
    }
}

/// What kind of change one entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// A new file or directory.
    Added,
    /// A file whose content (or type) changed.
    Modified,
    /// A deleted file or directory (an overlay whiteout, or hidden by an opaque directory).
    Deleted,
    /// Only the permission bits changed.
    Mode,
    /// A new or changed symlink.
    Symlink,
}

/// One entry of a change set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Change {
    /// Relative to the project.
    pub path: String,
    /// What changed.
    pub kind: ChangeKind,
    /// Whether the entry is a directory.
    pub dir: bool,
    /// Size of the new file (0 for directories, symlinks and deletions).
    pub bytes: u64,
    /// Permission bits of the new entry (0 for deletions).
    pub mode: u32,
    /// For a new file whose bytes equal a deleted one's: the deleted path.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renamed_from: Option<String>,
    /// Beneath a new directory: moved with it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub nested: bool,
}

/// Why a change set is held (or, for [`HoldKind::Protected`], refused).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HoldKind {
    /// It touches a protected path: refused, and a violation of the run.
    Protected,
    /// It deletes or overwrites a file git cannot give back.
    DestroysWork,
    /// It changes a file that tools outside the sandbox run later.
    HostTool,
    /// It sets setuid or setgid bits.
    Setuid,
    /// It passes the profile's size limits.
    Size,
}

/// One reason to hold a change set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldReason {
    /// The rule.
    pub kind: HoldKind,
    /// The path, relative to the project (empty for the whole set).
    pub path: String,
    /// In words.
    pub detail: String,
}

/// What became of a run's change set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WorkspaceVerdict {
    /// Nothing changed.
    Unchanged,
    /// Applied to the project.
    Applied,
    /// Kept whole for a human: `guard changes`.
    Held,
    /// It touches a protected path: kept for inspection, never applied.
    Refused,
    /// Scanning or applying failed; the set is kept (the error says how far applying got).
    Failed,
}

/// The workspace part of a run report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkspaceReport {
    /// The change set's id (`guard changes --show ID`).
    pub id: String,
    /// `overlay`.
    pub mode: String,
    /// What became of it.
    pub verdict: WorkspaceVerdict,
    /// Every change, in path order.
    pub changes: Vec<Change>,
    /// Why it is held or refused.
    pub reasons: Vec<HoldReason>,
    /// Host paths that changed while the command ran: never overwritten.
    pub conflicts: Vec<String>,
    /// Entries written or removed on the project.
    pub applied: u64,
    /// Time to scan and judge, in milliseconds.
    pub judge_ms: u64,
    /// Time to apply, in milliseconds.
    pub apply_ms: u64,
    /// What failed, when something did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Where the command ran when it was not the project's own path: the copy fallback where
    /// no mount namespace can be made (tools that record absolute paths recorded this one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ran_at: Option<PathBuf>,
}

impl WorkspaceReport {
    /// One line for the agent: what was held and how to look at it; `None` unless held.
    pub fn held_line(&self) -> Option<String> {
        if !matches!(
            self.verdict,
            WorkspaceVerdict::Held | WorkspaceVerdict::Refused | WorkspaceVerdict::Failed
        ) {
            return None;
        }
        let first = self
            .reasons
            .first()
            .map(|r| {
                if r.path.is_empty() {
                    r.detail.clone()
                } else {
                    format!("{}: {}", r.path, r.detail)
                }
            })
            .or_else(|| {
                self.conflicts
                    .first()
                    .map(|c| format!("{c} changed on the host during the run"))
            })
            .or_else(|| self.error.clone())
            .unwrap_or_default();
        let what = match self.verdict {
            WorkspaceVerdict::Refused => "refused (protected path)",
            WorkspaceVerdict::Failed => "kept (applying failed)",
            _ => "held",
        };
        Some(format!(
            "terraphim guard: the command's {} changes to the project were {what}, not applied ({first}); see `terraphim-agent guard changes --show {id}`, then --apply {id} or --discard {id}",
            self.changes.iter().filter(|c| !c.nested).count(),
            id = self.id
        ))
    }
}

/// Stored beside a run's layers.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Meta {
    id: String,
    project: PathBuf,
    command: String,
    profile: String,
    created: u64,
    settings: WorkspaceSettings,
    /// The profile's protected paths, relative to the project.
    protected: Vec<PathBuf>,
    /// For a run on a copy of the project (no overlay here): what the copy left out.
    #[serde(default)]
    copy: Option<copy::CopyMeta>,
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> SandboxError + '_ {
    move |source| SandboxError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Remove a run's directory. overlayfs leaves `work/work` with mode 000 (owned by the caller
/// when made in a user namespace), so directories are made accessible first when needed.
fn remove_run_dir(dir: &Path) -> std::io::Result<()> {
    // A copy run's upper layer is a symlink to its copy beside the store: the copy goes too.
    let upper = dir.join("upper");
    if fs_err::symlink_metadata(&upper).is_ok_and(|m| m.file_type().is_symlink())
        && let Ok(copy) = fs_err::read_link(&upper)
        && copy
            .parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == "guard-copies")
    {
        let _ = remove_run_dir(&copy);
    }
    if fs_err::remove_dir_all(dir).is_ok() {
        return Ok(());
    }
    fn open_up(d: &Path) {
        use std::os::unix::fs::PermissionsExt as _;
        let _ = fs_err::set_permissions(d, std::fs::Permissions::from_mode(0o700));
        if let Ok(entries) = fs_err::read_dir(d) {
            for e in entries.flatten() {
                if e.file_type().is_ok_and(|t| t.is_dir()) {
                    open_up(&e.path());
                }
            }
        }
    }
    open_up(dir);
    fs_err::remove_dir_all(dir)
}

/// Remove a finished run's directory without making the caller wait: a handful of unlinks and
/// rmdirs on a busy ext4 took milliseconds each here, after the command's result is known. A
/// forked child does it (single-threaded callers only; otherwise it is done here).
pub(crate) fn remove_later(dir: &Path) {
    #[cfg(target_os = "linux")]
    if crate::linux::ns::single_threaded() {
        // SAFETY: the caller is single-threaded, so the child may run ordinary code.
        match unsafe { libc::fork() } {
            0 => {
                // SAFETY: a new session, so the caller's terminal signals do not reach it.
                unsafe { libc::setsid() };
                let _ = remove_run_dir(dir);
                // SAFETY: leaves without running anything shared with the parent.
                unsafe { libc::_exit(0) }
            }
            pid if pid > 0 => return,
            _ => {}
        }
    }
    let _ = remove_run_dir(dir);
}

/// Where runs keep their layers: beneath the data home.
fn store_root(data: &Path) -> PathBuf {
    data.join("terraphim/guard/workspaces")
}

/// One run's workspace. Removed when dropped unless its change set is held.
pub(crate) struct Run {
    meta: Meta,
    dir: PathBuf,
    pub(crate) dirs: OverlayDirs,
    keep: bool,
}

impl Drop for Run {
    fn drop(&mut self) {
        if !self.keep {
            remove_later(&self.dir);
        }
    }
}

/// Refuse a workspace run where no overlay can be made.
pub(crate) fn check_possible(caps: &HostCaps, namespaces: bool, profile: &str) -> Result<()> {
    if namespaces && overlay_possible(caps) {
        return Ok(());
    }
    Err(SandboxError::Unenforceable(format!(
        "profile `{profile}` runs on a copy-on-write workspace, which needs overlayfs in a mount namespace (not available here{}); `guard exec` uses a copy of the project instead",
        if namespaces {
            ""
        } else {
            ": namespaces are off"
        }
    )))
}

/// Create the run's upper and work directories and its start marker.
pub(crate) fn prepare(
    project: &Path,
    data: &Path,
    command: &str,
    profile: &str,
    settings: &WorkspaceSettings,
    protected: Vec<PathBuf>,
) -> Result<Run> {
    use std::os::unix::fs::DirBuilderExt as _;
    let root = store_root(data);
    fs_err::create_dir_all(&root).map_err(io_err(&root))?;
    // Old held sets and leftovers of crashed runs go, at most once an hour.
    let stamp = root.join(".expired");
    let due = fs_err::metadata(&stamp)
        .ok()
        .and_then(|m| u64::try_from(m.mtime()).ok())
        .is_none_or(|t| t + 3600 <= now());
    if due {
        let _ = fs_err::write(&stamp, b"");
        let _ = ChangeStore::at(root.clone()).expire();
    }
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut id = format!("ws-{}-{}-{:04x}", now(), std::process::id(), nanos >> 16);
    let mut dir = root.join(&id);
    let mut n = 0;
    loop {
        match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => break,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 16 => {
                n += 1;
                id = format!("{id}-{n}");
                dir = root.join(&id);
            }
            Err(e) => return Err(io_err(&dir)(e)),
        }
    }
    let meta = Meta {
        id,
        project: project.to_path_buf(),
        command: command.to_owned(),
        profile: profile.to_owned(),
        created: now(),
        settings: settings.clone(),
        protected,
        copy: None,
    };
    let run = Run {
        dirs: OverlayDirs {
            lower: project.to_path_buf(),
            upper: dir.join("upper"),
            work: dir.join("work"),
            pass_through: Vec::new(),
            copy: false,
            host_objects: None,
        },
        meta,
        dir,
        keep: false,
    };
    for d in [&run.dirs.upper, &run.dirs.work] {
        fs_err::create_dir(d).map_err(io_err(d))?;
    }
    let marker = run.dir.join("started");
    fs_err::write(&marker, b"").map_err(io_err(&marker))?;
    Ok(run)
}

fn started(dir: &Path) -> std::io::Result<(i64, i64)> {
    let m = fs_err::metadata(dir.join("started"))?;
    Ok((m.ctime(), m.ctime_nsec()))
}

fn ms(t: Instant) -> u64 {
    u64::try_from(t.elapsed().as_millis()).unwrap_or(u64::MAX)
}

/// Scan and judge a set; apply it when `apply` says so for its judgement.
fn settle(meta: &Meta, dir: &Path, apply_held: bool) -> (WorkspaceReport, bool /* keep */) {
    let upper = dir.join("upper");
    let t = Instant::now();
    let mut report = WorkspaceReport {
        id: meta.id.clone(),
        mode: if meta.copy.is_some() {
            "copy"
        } else {
            "overlay"
        }
        .into(),
        verdict: WorkspaceVerdict::Unchanged,
        changes: Vec::new(),
        reasons: Vec::new(),
        conflicts: Vec::new(),
        applied: 0,
        judge_ms: 0,
        apply_ms: 0,
        error: None,
        ran_at: meta.copy.as_ref().and_then(|c| c.ran_at.clone()),
    };
    let judged = started(dir).and_then(|since| {
        let changes = match &meta.copy {
            Some(c) => {
                let changes = copy::scan(&upper, &meta.project, c)?;
                // git's absolute pointers name the copy: make them name the project.
                // (git writes the physical path: getcwd).
                let copy_dir = fs_err::canonicalize(&upper)?;
                gitmeta::relocate(&changes, &copy_dir, &meta.project)?;
                changes
            }
            None => scan::scan(&upper, &meta.project)?,
        };
        let j = judge::judge(
            &changes,
            &upper,
            &meta.project,
            &meta.protected,
            &meta.settings,
            since,
        );
        Ok((changes, j))
    });
    report.judge_ms = ms(t);
    let (changes, j) = match judged {
        Ok(x) => x,
        Err(e) => {
            report.verdict = WorkspaceVerdict::Failed;
            report.error = Some(format!("scanning the change set failed: {e}"));
            return (report, true);
        }
    };
    report.changes = changes;
    let refused = j.refused();
    report.reasons = j.reasons;
    report.conflicts = j.conflicts;
    if report.changes.is_empty() {
        return (report, false);
    }
    if refused {
        report.verdict = WorkspaceVerdict::Refused;
        return (report, true);
    }
    if !report.conflicts.is_empty() || (!report.reasons.is_empty() && !apply_held) {
        report.verdict = WorkspaceVerdict::Held;
        return (report, true);
    }
    let t = Instant::now();
    match apply::apply(&report.changes, &upper, &meta.project) {
        Ok(n) => {
            report.applied = n;
            report.verdict = WorkspaceVerdict::Applied;
        }
        Err(e) => {
            report.verdict = WorkspaceVerdict::Failed;
            report.error = Some(format!("applying stopped part-way: {e}"));
        }
    }
    report.apply_ms = ms(t);
    let keep = report.verdict != WorkspaceVerdict::Applied;
    (report, keep)
}

impl Run {
    /// After the command: judge the change set, apply or hold it, and say what became of it.
    /// A protected path in the set is a violation of the run.
    pub(crate) fn finish(mut self, report: &mut crate::RunReport) {
        if !self.dirs.pass_through.is_empty() {
            let since = started(&self.dir).unwrap_or((0, 0));
            for link in pass::sweep(&self.dirs.pass_through, since) {
                report.violations.push(crate::Violation {
                    kind: crate::ViolationKind::FsWrite,
                    detail: format!(
                        "symlink leading out of a pass-through directory: {}",
                        link.display()
                    ),
                    evidence: format!(
                        "workspace: {} was made during the run and points out of its pass-through directory; removed",
                        link.display()
                    ),
                    count: 1,
                    program: None,
                    started_by: None,
                    cause: crate::Cause::Program,
                    target: None,
                });
            }
        }
        let (ws, keep) = settle(&self.meta, &self.dir, false);
        for r in ws.reasons.iter().filter(|r| r.kind == HoldKind::Protected) {
            report.violations.push(crate::Violation {
                kind: crate::ViolationKind::FsWrite,
                detail: format!("protected path {}", r.path),
                // The rule in the evidence (the git key or pointer, or the protected path).
                evidence: format!(
                    "workspace: the change set writes {} ({}); refused whole, nothing applied",
                    r.path,
                    r.detail
                        .strip_prefix(&format!("{}: ", r.path))
                        .unwrap_or(&r.detail)
                ),
                count: 1,
                program: None,
                started_by: None,
                cause: crate::Cause::Program,
                target: None,
            });
        }
        let lost: Vec<&str> = ws
            .reasons
            .iter()
            .filter(|r| r.kind == HoldKind::DestroysWork && !r.path.is_empty())
            .map(|r| r.path.as_str())
            .collect();
        if ws.verdict == WorkspaceVerdict::Held && !lost.is_empty() {
            // Evidence for the learning loop: the command tried to destroy work.
            report.violations.push(crate::Violation {
                kind: crate::ViolationKind::DestroysWork,
                detail: format!(
                    "deletes or overwrites {} file(s) git cannot give back: {}",
                    lost.len(),
                    lost.iter().take(5).copied().collect::<Vec<_>>().join(", ")
                ),
                evidence: format!(
                    "workspace: the change set was held as {}; the project is unchanged",
                    ws.id
                ),
                count: 1,
                program: None,
                started_by: None,
                cause: crate::Cause::Program,
                target: None,
            });
        }
        if keep {
            self.keep = true;
            let path = self.dir.join("meta.json");
            let text = serde_json::to_string_pretty(&self.meta).unwrap_or_default();
            if let Err(e) = fs_err::write(&path, text) {
                eprintln!("terraphim sandbox: {e}");
            }
            let path = self.dir.join("held.json");
            let text = serde_json::to_string_pretty(&ws).unwrap_or_default();
            if let Err(e) = fs_err::write(&path, text) {
                // Without its report the set would be invisible: say so, keep the layers.
                eprintln!("terraphim sandbox: {e}");
            }
        }
        report.workspace = Some(ws);
    }
}

/// A held change set as `guard changes` shows it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct HeldSet {
    /// Its id.
    pub id: String,
    /// The project it belongs to.
    pub project: PathBuf,
    /// The command that made it.
    pub command: String,
    /// The profile it ran under.
    pub profile: String,
    /// When it was made (Unix seconds).
    pub created: u64,
    /// When it expires (Unix seconds).
    pub expires: u64,
    /// Its judgement.
    pub report: WorkspaceReport,
    /// The directory holding its upper layer.
    pub dir: PathBuf,
}

impl HeldSet {
    /// Where the new version of `rel` is (in the held upper layer).
    pub fn new_path(&self, rel: &str) -> PathBuf {
        self.dir.join("upper").join(rel)
    }
    /// Where the project's current version of `rel` is.
    pub fn old_path(&self, rel: &str) -> PathBuf {
        self.project.join(rel)
    }
}

/// The held change sets of this user.
#[derive(Debug, Clone)]
pub struct ChangeStore {
    root: PathBuf,
}

impl ChangeStore {
    /// The store beneath a data home (`$XDG_DATA_HOME`).
    pub fn new(data_home: &Path) -> Self {
        Self::at(store_root(data_home))
    }

    fn at(root: PathBuf) -> Self {
        Self { root }
    }

    /// `$XDG_DATA_HOME`, else `~/.local/share`.
    pub fn default_data_home() -> Option<PathBuf> {
        Self::default_data_home_with(|k| std::env::var_os(k))
    }

    /// [`ChangeStore::default_data_home`] over the environment `env` gives.
    pub fn default_data_home_with(
        env: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> Option<PathBuf> {
        terraphim_shell_vocab::xdg::base_dir(terraphim_shell_vocab::xdg::BaseDir::Data, env)
    }

    fn load(&self, dir: &Path) -> Result<HeldSet> {
        let read = |name: &str| {
            let p = dir.join(name);
            fs_err::read_to_string(&p).map_err(io_err(&p))
        };
        let decode = |name: &str, e: serde_json::Error| {
            SandboxError::Plan(format!("{}: {e}", dir.join(name).display()))
        };
        let meta: Meta =
            serde_json::from_str(&read("meta.json")?).map_err(|e| decode("meta.json", e))?;
        let report: WorkspaceReport =
            serde_json::from_str(&read("held.json")?).map_err(|e| decode("held.json", e))?;
        Ok(HeldSet {
            expires: meta.created + meta.settings.keep_hours * 3600,
            id: meta.id,
            project: meta.project,
            command: meta.command,
            profile: meta.profile,
            created: meta.created,
            report,
            dir: dir.to_path_buf(),
        })
    }

    /// Every held set, oldest first.
    pub fn list(&self) -> Result<Vec<HeldSet>> {
        let mut out = Vec::new();
        let entries = match fs_err::read_dir(&self.root) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
            Err(e) => return Err(io_err(&self.root)(e)),
        };
        for e in entries.flatten() {
            let dir = e.path();
            if dir.join("held.json").exists() {
                out.push(self.load(&dir)?);
            }
        }
        out.sort_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
        Ok(out)
    }

    fn dir_of(&self, id: &str) -> Result<PathBuf> {
        let ok = !id.is_empty()
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        let dir = self.root.join(id);
        if !ok || !dir.join("held.json").exists() {
            return Err(SandboxError::Plan(format!("no held change set `{id}`")));
        }
        Ok(dir)
    }

    /// One held set.
    pub fn get(&self, id: &str) -> Result<HeldSet> {
        self.load(&self.dir_of(id)?)
    }

    /// Apply a held set now (a human decided): judged again against the project as it is now;
    /// a protected path or a conflict still stops it, and then nothing is applied.
    pub fn apply(&self, id: &str) -> Result<WorkspaceReport> {
        let dir = self.dir_of(id)?;
        let p = dir.join("meta.json");
        let meta: Meta = serde_json::from_str(&fs_err::read_to_string(&p).map_err(io_err(&p))?)
            .map_err(|e| SandboxError::Plan(format!("{}: {e}", p.display())))?;
        let (report, keep) = settle(&meta, &dir, true);
        if keep {
            let path = dir.join("held.json");
            let text = serde_json::to_string_pretty(&report).unwrap_or_default();
            fs_err::write(&path, text).map_err(io_err(&path))?;
        } else {
            remove_run_dir(&dir).map_err(io_err(&dir))?;
        }
        Ok(report)
    }

    /// Drop a held set.
    pub fn discard(&self, id: &str) -> Result<()> {
        let dir = self.dir_of(id)?;
        remove_run_dir(&dir).map_err(io_err(&dir))
    }

    /// Remove held sets past their time, and leftovers of runs that ended without a verdict
    /// more than a day ago; returns how many were removed.
    pub fn expire(&self) -> Result<usize> {
        let mut removed = 0;
        let Ok(entries) = fs_err::read_dir(&self.root) else {
            return Ok(0);
        };
        let t = now();
        for e in entries.flatten() {
            let dir = e.path();
            if !e.file_type().is_ok_and(|t| t.is_dir()) {
                continue;
            }
            let expired = if dir.join("held.json").exists() {
                self.load(&dir).is_ok_and(|h| h.expires <= t)
            } else {
                fs_err::metadata(&dir)
                    .ok()
                    .and_then(|m| u64::try_from(m.mtime()).ok())
                    .is_some_and(|m| m + 86_400 <= t)
            };
            if expired && remove_run_dir(&dir).is_ok() {
                removed += 1;
            }
        }
        Ok(removed)
    }
}

/// For a profile with `[workspace]`: refuse where no overlay can be made, create the run's
/// layers, and put the overlay into the plan in place of the project's writable bind.
#[cfg(target_os = "linux")]
pub(crate) fn start(
    req: &crate::SandboxRequest,
    ctx: &crate::plan::Context,
    caps: &HostCaps,
    plan: &mut crate::plan::Plan,
) -> Result<Option<Run>> {
    if let Some(view) = &req.workspace_copy {
        // The copy fallback (its run is the caller's `CopyRun`): the copy bound over the
        // project, which needs a mount namespace (`CopyRun` asks for this only with one).
        if !plan.bwrap || !plan.child.write_roots.contains(&ctx.project) {
            return Err(SandboxError::Unenforceable(format!(
                "profile `{}`: the copy of the project is bound over it in a mount namespace, which this run does not have",
                req.profile.name
            )));
        }
        plan.workspace = Some(view.0.clone());
        return Ok(None);
    }
    let Some(settings) = &req.profile.workspace else {
        return Ok(None);
    };
    check_possible(caps, plan.bwrap, &req.profile.name)?;
    // The overlay is made by the supervisor's own namespace setup; bubblewrap (0.8 here) has no
    // overlay option, so a run that would go through it is refused.
    if req.bwrap == crate::BwrapUse::Force
        || !caps.namespaces
        || !crate::linux::ns::single_threaded()
    {
        return Err(SandboxError::Unenforceable(format!(
            "profile `{}` runs on a copy-on-write workspace, which the sandbox's own namespaces make; they cannot be used for this run (bubblewrap forced, namespaces unavailable, or a multi-threaded caller)",
            req.profile.name
        )));
    }
    if ctx.data.starts_with(&ctx.project) {
        // overlayfs refuses an upper layer inside its lower layer.
        return Err(SandboxError::Unenforceable(format!(
            "profile `{}` keeps each run's upper layer in {}, which lies inside the project {} (overlayfs refuses that); set XDG_DATA_HOME to a directory outside the project, on the same file system so applying is a rename",
            req.profile.name,
            ctx.data.display(),
            ctx.project.display()
        )));
    }
    if !plan.child.write_roots.contains(&ctx.project) {
        return Err(SandboxError::Unenforceable(format!(
            "profile `{}` has [workspace] but does not list {{project}} in read_write",
            req.profile.name
        )));
    }
    let protected: Vec<PathBuf> = req
        .profile
        .protected
        .iter()
        .filter_map(|e| crate::plan::expand(e, ctx))
        .filter_map(|p| p.strip_prefix(&ctx.project).ok().map(Path::to_path_buf))
        .filter(|p| !p.as_os_str().is_empty())
        .collect();
    let (pass_through, refused) = pass::choose(&ctx.project, &settings.pass_through, &protected);
    for why in refused {
        eprintln!("terraphim sandbox: pass-through {why}; it stays on the overlay (judged)");
    }
    let mut run = prepare(
        &ctx.project,
        &ctx.data,
        &req.command,
        &req.profile.name,
        settings,
        protected,
    )?;
    run.dirs.pass_through = pass_through;
    plan.workspace = Some(run.dirs.clone());
    Ok(Some(run))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt as _;

    fn write(p: &Path, text: &str) {
        fs_err::create_dir_all(p.parent().unwrap()).unwrap();
        fs_err::write(p, text).unwrap();
    }

    /// An overlay whiteout, as overlayfs makes it (needs CAP_MKNOD: root, as in CI).
    fn whiteout(p: &Path) -> bool {
        let c = CString::new(p.as_os_str().as_bytes()).unwrap();
        // SAFETY: a valid path.
        unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR, 0) == 0 }
    }

    struct Fixture {
        _tmp: tempfile::TempDir,
        project: PathBuf,
        dir: PathBuf,
        meta: Meta,
    }

    impl Fixture {
        fn new() -> Self {
            let tmp = tempfile::tempdir().unwrap();
            let project = tmp.path().join("p");
            let dir = tmp.path().join("run");
            fs_err::create_dir_all(&project).unwrap();
            fs_err::create_dir_all(dir.join("upper")).unwrap();
            let meta = Meta {
                id: "ws-test".into(),
                project: project.clone(),
                command: "test".into(),
                profile: "workspace".into(),
                created: now(),
                settings: WorkspaceSettings {
                    max_files: 100,
                    max_mb: 1,
                    keep_hours: 1,
                    ..WorkspaceSettings::default()
                },
                protected: vec![PathBuf::from("kg")],
                copy: None,
            };
            Self {
                _tmp: tmp,
                project,
                dir,
                meta,
            }
        }
        fn start(&self) {
            fs_err::write(self.dir.join("started"), b"").unwrap();
        }
        fn upper(&self, rel: &str) -> PathBuf {
            self.dir.join("upper").join(rel)
        }
        fn settle(&self) -> WorkspaceReport {
            settle(&self.meta, &self.dir, false).0
        }
    }

    fn kinds(r: &WorkspaceReport) -> Vec<(String, ChangeKind)> {
        r.changes.iter().map(|c| (c.path.clone(), c.kind)).collect()
    }

    #[test]
    fn new_files_and_directories_are_applied_by_rename() {
        let f = Fixture::new();
        write(&f.project.join("keep.txt"), "same");
        f.start();
        write(&f.upper("new.txt"), "new");
        write(&f.upper("gen/a/b.txt"), "deep");
        write(&f.upper("keep.txt"), "same"); // a copy-up that changed nothing
        let r = f.settle();
        assert_eq!(r.verdict, WorkspaceVerdict::Applied, "{r:#?}");
        assert_eq!(
            kinds(&r),
            vec![
                ("gen".into(), ChangeKind::Added),
                ("gen/a".into(), ChangeKind::Added),
                ("gen/a/b.txt".into(), ChangeKind::Added),
                ("new.txt".into(), ChangeKind::Added),
            ]
        );
        assert_eq!(r.applied, 2, "the new directory moves whole");
        assert_eq!(
            fs_err::read_to_string(f.project.join("gen/a/b.txt")).unwrap(),
            "deep"
        );
        assert_eq!(
            fs_err::read_to_string(f.project.join("new.txt")).unwrap(),
            "new"
        );
    }

    #[test]
    fn destroying_files_outside_git_is_held_and_the_project_untouched() {
        let f = Fixture::new();
        write(&f.project.join("notes.txt"), "mine");
        write(&f.project.join("src/a.rs"), "a");
        write(&f.project.join("src/b.rs"), "b");
        f.start();
        write(&f.upper("notes.txt"), "overwritten");
        fs_err::create_dir_all(f.upper("")).unwrap();
        if !whiteout(&f.upper("src")) {
            eprintln!("skipping the whiteout part: mknod needs CAP_MKNOD");
            return;
        }
        let r = f.settle();
        assert_eq!(r.verdict, WorkspaceVerdict::Held, "{r:#?}");
        assert_eq!(
            kinds(&r),
            vec![
                ("notes.txt".into(), ChangeKind::Modified),
                ("src".into(), ChangeKind::Deleted),
            ]
        );
        let lost: Vec<&str> = r
            .reasons
            .iter()
            .filter(|x| x.kind == HoldKind::DestroysWork)
            .map(|x| x.path.as_str())
            .collect();
        assert_eq!(lost, vec!["notes.txt", "src/a.rs", "src/b.rs"]);
        assert_eq!(
            fs_err::read_to_string(f.project.join("notes.txt")).unwrap(),
            "mine"
        );
        assert!(f.project.join("src/a.rs").exists());
        // A human applies it: the deletion and the overwrite happen.
        let (r, keep) = settle(&f.meta, &f.dir, true);
        assert_eq!(r.verdict, WorkspaceVerdict::Applied, "{r:#?}");
        assert!(!keep);
        assert!(!f.project.join("src").exists());
        assert_eq!(
            fs_err::read_to_string(f.project.join("notes.txt")).unwrap(),
            "overwritten"
        );
    }

    #[test]
    fn an_opaque_directory_replaces_the_host_directory() {
        let f = Fixture::new();
        write(&f.project.join("d/x"), "x");
        write(&f.project.join("d/y"), "y");
        f.start();
        write(&f.upper("d/z"), "z");
        let d = CString::new(f.upper("d").as_os_str().as_bytes()).unwrap();
        let name = CString::new("trusted.overlay.opaque").unwrap();
        // SAFETY: valid path, name and a one-byte value.
        let ok = unsafe { libc::setxattr(d.as_ptr(), name.as_ptr(), b"y".as_ptr().cast(), 1, 0) };
        if ok != 0 {
            eprintln!("skipping: trusted.* extended attributes need root");
            return;
        }
        let r = settle(&f.meta, &f.dir, true).0;
        assert_eq!(
            kinds(&r),
            vec![
                ("d/x".into(), ChangeKind::Deleted),
                ("d/y".into(), ChangeKind::Deleted),
                ("d/z".into(), ChangeKind::Added),
            ]
        );
        assert_eq!(r.verdict, WorkspaceVerdict::Applied);
        let mut left: Vec<String> = fs_err::read_dir(f.project.join("d"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        assert_eq!(left, vec!["z"]);
    }

    #[test]
    fn protected_paths_refuse_the_whole_set_even_when_a_human_applies_it() {
        let f = Fixture::new();
        fs_err::create_dir_all(f.project.join(".git/info")).unwrap();
        f.start();
        write(&f.upper("ok.txt"), "fine");
        write(&f.upper(".git/info/exclude"), "*.x");
        write(&f.upper("kg/new.md"), "entry");
        write(&f.upper(".git/refs/heads/topic"), "abc");
        for apply_held in [false, true] {
            let (r, keep) = settle(&f.meta, &f.dir, apply_held);
            assert_eq!(r.verdict, WorkspaceVerdict::Refused);
            assert!(keep);
            let refused: Vec<&str> = r
                .reasons
                .iter()
                .filter(|x| x.kind == HoldKind::Protected)
                .map(|x| x.path.as_str())
                .collect();
            assert_eq!(refused, vec![".git/info/exclude", "kg", "kg/new.md"]);
            assert!(!f.project.join("ok.txt").exists());
        }
    }

    #[test]
    fn setuid_tool_files_and_size_are_held() {
        use std::os::unix::fs::PermissionsExt as _;
        let f = Fixture::new();
        f.start();
        write(&f.upper("bin/tool"), "x");
        fs_err::set_permissions(f.upper("bin/tool"), std::fs::Permissions::from_mode(0o4755))
            .unwrap();
        write(&f.upper("conftest.py"), "import os");
        write(&f.upper("big.bin"), &"x".repeat(2 << 20));
        let r = f.settle();
        assert_eq!(r.verdict, WorkspaceVerdict::Held);
        let got: Vec<(HoldKind, &str)> = r
            .reasons
            .iter()
            .map(|x| (x.kind, x.path.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (HoldKind::Setuid, "bin/tool"),
                (HoldKind::HostTool, "conftest.py"),
                (HoldKind::Size, ""),
            ]
        );
    }

    #[test]
    fn a_host_file_changed_after_the_start_is_a_conflict() {
        let f = Fixture::new();
        write(&f.project.join("a.txt"), "before");
        f.start();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write(&f.project.join("a.txt"), "host edit");
        write(&f.upper("a.txt"), "sandbox edit");
        let (r, keep) = settle(&f.meta, &f.dir, true);
        assert_eq!(r.verdict, WorkspaceVerdict::Held, "{r:#?}");
        assert!(keep);
        assert_eq!(r.conflicts, vec!["a.txt".to_owned()]);
        assert_eq!(
            fs_err::read_to_string(f.project.join("a.txt")).unwrap(),
            "host edit"
        );
    }

    #[test]
    fn a_directory_turned_into_a_symlink_on_the_host_never_leads_applying_outside() {
        let f = Fixture::new();
        fs_err::create_dir_all(f.project.join("out")).unwrap();
        f.start();
        write(&f.upper("out/new.txt"), "x");
        let outside = f._tmp.path().join("elsewhere");
        fs_err::create_dir_all(&outside).unwrap();
        // After the run, before applying: the host's `out` becomes a symlink out of the project.
        fs_err::remove_dir(f.project.join("out")).unwrap();
        std::os::unix::fs::symlink(&outside, f.project.join("out")).unwrap();
        let changes = vec![Change {
            path: "out/new.txt".into(),
            kind: ChangeKind::Added,
            dir: false,
            bytes: 1,
            mode: 0o644,
            renamed_from: None,
            nested: false,
        }];
        let err = apply::apply(&changes, &f.dir.join("upper"), &f.project).unwrap_err();
        assert!(err.to_string().contains("outside the project"), "{err}");
        assert!(!outside.join("new.txt").exists());
    }

    #[test]
    fn runs_get_their_own_layers() {
        let tmp = tempfile::tempdir().unwrap();
        let (project, data) = (tmp.path().join("p"), tmp.path().join("data"));
        fs_err::create_dir_all(&project).unwrap();
        let settings = WorkspaceSettings {
            max_files: 1,
            max_mb: 1,
            keep_hours: 1,
            ..WorkspaceSettings::default()
        };
        let a = prepare(&project, &data, "a", "workspace", &settings, vec![]).unwrap();
        let b = prepare(&project, &data, "b", "workspace", &settings, vec![]).unwrap();
        assert_ne!(a.dirs.upper, b.dirs.upper);
        assert_ne!(a.dirs.work, b.dirs.work);
        assert!(a.dirs.upper.is_dir() && b.dirs.upper.is_dir());
        assert!(a.dir.join("started").exists());
    }

    #[test]
    fn the_workspace_table_of_a_profile() {
        let base = include_str!("../../../../kg/profiles/workspace.toml");
        let p = crate::Profile::from_toml("workspace", Path::new("w.toml"), base).unwrap();
        let ws = p.workspace.unwrap();
        assert_eq!(
            (ws.max_files, ws.max_mb, ws.keep_hours),
            (20_000, 1024, 168)
        );
        assert!(
            ws.pass_through.is_empty(),
            "nothing passes through by default"
        );
        assert_eq!((ws.copy_max_files, ws.copy_max_mb), (5_000, 256));
        assert_eq!(ws.copy_skip, WorkspaceSettings::default().copy_skip);
        let short = base
            .replace("\nmax_files = 20000\n", "\n")
            .replace("\ncopy_skip = ", "\n# copy_skip = ");
        let p = crate::Profile::from_toml("w", Path::new("w.toml"), &short).unwrap();
        let ws = p.workspace.unwrap();
        assert_eq!(ws.max_files, 20_000);
        assert!(ws.copy_skip.iter().any(|s| s == "node_modules"));
        let bad = format!("{base}bogus = 1\n");
        let err = crate::Profile::from_toml("w", Path::new("w.toml"), &bad).unwrap_err();
        assert!(err.to_string().contains("unknown field"), "{err}");
        let readonly = include_str!("../../../../kg/profiles/readonly.toml");
        let p = crate::Profile::from_toml("readonly", Path::new("r.toml"), readonly).unwrap();
        assert!(p.workspace.is_none());
    }
}
