//! The judgement of a change set as a whole: protected paths (refused), work git cannot give
//! back, files other tools run later, setuid bits, size, and conflicts with the host.

use std::collections::HashMap;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::gitmeta;
use super::scan::host_tree;
use super::{Change, ChangeKind, HoldKind, HoldReason, WorkspaceSettings};

/// What git's ordinary work writes inside `.git` (relative to the git directory): commit,
/// merge, tag, branch, fetch, rebase, cherry-pick, gc.
pub(super) fn git_writable(rest: &Path) -> bool {
    let parts: Vec<&str> = rest.iter().filter_map(|c| c.to_str()).collect();
    match parts.as_slice() {
        [] => false,
        // Alternates make git read objects from anywhere: never from the sandbox.
        ["objects", "info", "alternates" | "http-alternates"] => false,
        [
            "objects" | "refs" | "logs" | "rebase-merge" | "rebase-apply" | "sequencer",
            ..,
        ] => true,
        // A submodule's or a linked worktree's own git directory follows the same rules.
        ["modules" | "worktrees", _name, rest @ ..] if !rest.is_empty() => {
            git_writable(&rest.iter().collect::<PathBuf>())
        }
        [one] => {
            matches!(
                *one,
                "index"
                    | "HEAD"
                    | "ORIG_HEAD"
                    | "FETCH_HEAD"
                    | "COMMIT_EDITMSG"
                    | "packed-refs"
                    | "AUTO_MERGE"
                    | "REBASE_HEAD"
                    | "CHERRY_PICK_HEAD"
                    | "REVERT_HEAD"
                    | "BISECT_LOG"
                    | "BISECT_START"
                    | "BISECT_TERMS"
                    | "BISECT_NAMES"
                    | "BISECT_EXPECTED_REV"
                    | "gc.pid"
                    | "gc.log"
                    | "shallow"
            ) || one.starts_with("MERGE_")
        }
        _ => false,
    }
}

/// Why a path is protected by where it lies alone, if it is: inside `.git` anything but git's
/// ordinary writes (config, hooks, commondir, info/, modules/*/config, the directory itself), or
/// beneath a path the profile protects. For pass-through directories, whose content is never
/// judged; a change set's entries inside git directories are judged by content instead
/// ([`gitmeta::judge`]).
pub(crate) fn protected(rel: &Path, profile_protected: &[PathBuf]) -> Option<String> {
    if let Ok(rest) = rel.strip_prefix(".git") {
        if !git_writable(rest) {
            return Some(format!(
                "{} is git's own configuration, hooks or metadata (only objects, refs, logs, index, HEAD and merge state may change)",
                rel.display()
            ));
        }
        return None;
    }
    beneath_protected(rel, profile_protected)
}

/// Why a path is protected by the profile, if it is.
fn beneath_protected(rel: &Path, profile_protected: &[PathBuf]) -> Option<String> {
    profile_protected
        .iter()
        .find(|p| rel.starts_with(p))
        .map(|p| {
            format!(
                "{} is beneath the protected path {}",
                rel.display(),
                p.display()
            )
        })
}

/// Whether a path lies inside installed packages (`node_modules/`, a Python `site-packages/` or
/// `dist-packages/`): what a package install writes. Their `package.json`, `Makefile`,
/// `setup.py` or `conftest.py` are not run by host tools the way the project's own are (npm
/// runs only the project's scripts, make only `./Makefile`, pytest skips `node_modules` and
/// virtual environments), so they are not held as host-tool files.
fn installed_package(rel: &Path) -> bool {
    rel.iter()
        .any(|c| c == "node_modules" || c == "site-packages" || c == "dist-packages")
}

/// Files that tools outside the sandbox run later: CI, hooks, test and build configuration,
/// environment loaders, editor tasks. `package.json` only when its `scripts` change.
fn host_tool(rel: &Path) -> Option<&'static str> {
    if installed_package(rel) {
        return None;
    }
    let parts: Vec<&str> = rel.iter().filter_map(|c| c.to_str()).collect();
    let name = parts.last().copied().unwrap_or_default();
    match parts.as_slice() {
        [".github", "workflows", ..] => return Some("a CI workflow"),
        [".gitlab-ci.yml"] | [".travis.yml"] | ["azure-pipelines.yml"] | ["Jenkinsfile"] => {
            return Some("a CI configuration");
        }
        [".circleci", ..] | [".buildkite", ..] => return Some("a CI configuration"),
        [".husky", ..] | [".pre-commit-config.yaml"] | [".githooks", ..] => {
            return Some("a git hook configuration");
        }
        [".vscode", "tasks.json" | "launch.json" | "settings.json"] => {
            return Some("an editor task or setting");
        }
        [".idea", ..] => return Some("an editor run configuration"),
        [".cargo", "config" | "config.toml"] => return Some("a cargo configuration"),
        _ => {}
    }
    match name {
        "conftest.py" => Some("a pytest plugin file"),
        "setup.py" => Some("a Python build script"),
        "Makefile" | "makefile" | "GNUmakefile" | "justfile" | "Justfile" => {
            Some("a build recipe file")
        }
        ".envrc" => Some("an environment loader (direnv)"),
        ".npmrc" | ".yarnrc" | ".yarnrc.yml" => Some("a package manager configuration"),
        _ => None,
    }
}

/// Whether a directory is, or is inside, a place host tools run files from by name (for the
/// pass-through directories, whose contents are never judged).
pub(crate) fn host_tool_path(rel: &Path) -> bool {
    host_tool(rel).is_some()
        || matches!(
            rel.iter().next().and_then(|c| c.to_str()),
            Some(
                ".github"
                    | ".circleci"
                    | ".buildkite"
                    | ".husky"
                    | ".githooks"
                    | ".vscode"
                    | ".idea"
                    | ".cargo"
            )
        )
}

fn scripts_of(path: &Path) -> Option<serde_json::Value> {
    let text = fs_err::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some(v.get("scripts").cloned().unwrap_or(serde_json::Value::Null))
}

/// How git sees the project's files: paths relative to the project.
struct GitState {
    /// `XY` of every path git reports (untracked `??`, ignored `!!`, changed otherwise); a
    /// path not listed is tracked and clean.
    entries: HashMap<PathBuf, [u8; 2]>,
    /// Directories git reports as wholly ignored.
    ignored_dirs: Vec<PathBuf>,
}

fn git(project: &Path, args: &[&str]) -> Option<Vec<u8>> {
    let out = Command::new("git")
        .arg("-C")
        .arg(project)
        .args([
            "-c",
            "core.fsmonitor=false",
            "-c",
            "core.untrackedCache=false",
        ])
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

fn git_state(project: &Path) -> Option<GitState> {
    let prefix = git(project, &["rev-parse", "--show-prefix"])?;
    let prefix = PathBuf::from(String::from_utf8_lossy(&prefix).trim());
    let out = git(
        project,
        &[
            "status",
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--ignored=matching",
            "--no-renames",
        ],
    )?;
    let mut state = GitState {
        entries: HashMap::new(),
        ignored_dirs: Vec::new(),
    };
    for rec in out.split(|b| *b == 0).filter(|r| r.len() > 3) {
        let xy = [rec[0], rec[1]];
        let text = String::from_utf8_lossy(&rec[3..]).into_owned();
        let dir = text.ends_with('/');
        let Ok(rel) = Path::new(text.trim_end_matches('/')).strip_prefix(&prefix) else {
            continue;
        };
        if dir && xy == *b"!!" {
            state.ignored_dirs.push(rel.to_path_buf());
        } else {
            state.entries.insert(rel.to_path_buf(), xy);
        }
    }
    Some(state)
}

impl GitState {
    /// Why git cannot give this file back, if it cannot.
    fn loss(&self, rel: &Path) -> Option<&'static str> {
        if self.ignored_dirs.iter().any(|d| rel.starts_with(d)) {
            return None;
        }
        match self.entries.get(rel) {
            None => None,
            Some(b"!!") => None,
            Some(b"??") => Some("untracked, not ignored"),
            Some(_) => Some("uncommitted changes"),
        }
    }
}

/// The judgement of one change set.
#[derive(Debug, Default)]
pub(crate) struct Judgement {
    pub(crate) reasons: Vec<HoldReason>,
    pub(crate) conflicts: Vec<String>,
}

impl Judgement {
    pub(crate) fn refused(&self) -> bool {
        self.reasons.iter().any(|r| r.kind == HoldKind::Protected)
    }
}

fn newer(m: &std::fs::Metadata, since: (i64, i64)) -> bool {
    (m.ctime(), m.ctime_nsec()) > since
}

const LISTED: usize = 20;

/// Judge `changes` (from [`super::scan::scan`]) against the project as it is now. `since` is the
/// change time of the run's start marker: a host file changed after it is a conflict.
pub(crate) fn judge(
    changes: &[Change],
    upper: &Path,
    project: &Path,
    profile_protected: &[PathBuf],
    settings: &WorkspaceSettings,
    since: (i64, i64),
) -> Judgement {
    let mut j = Judgement::default();
    let mut hold = |kind, path: &str, detail: String| {
        j.reasons.push(HoldReason {
            kind,
            path: path.to_owned(),
            detail,
        })
    };
    let (mut files, mut bytes) = (0u64, 0u64);
    let mut at_risk: Vec<(PathBuf, &'static str)> = Vec::new();
    let tree = gitmeta::Tree { upper, project };
    for c in changes {
        let rel = Path::new(&c.path);
        // A path the profile protects, then git's metadata by what it says.
        let refused =
            beneath_protected(rel, profile_protected).or_else(|| match gitmeta::judge(c, &tree) {
                Some(Err(why)) => Some(why),
                _ => None,
            });
        if let Some(why) = refused {
            hold(HoldKind::Protected, &c.path, why);
            continue;
        }
        let writes = c.kind != ChangeKind::Deleted;
        if writes && !c.dir {
            files += 1;
            bytes += c.bytes;
            if let Some(what) = host_tool(rel) {
                hold(
                    HoldKind::HostTool,
                    &c.path,
                    format!("{what}: tools outside the sandbox run it"),
                );
            } else if rel.file_name().is_some_and(|n| n == "package.json")
                && !installed_package(rel)
                && scripts_of(&upper.join(rel)) != scripts_of(&project.join(rel))
            {
                hold(
                    HoldKind::HostTool,
                    &c.path,
                    "package.json scripts changed: npm runs them outside the sandbox".into(),
                );
            }
            if c.mode & 0o6000 != 0 {
                hold(
                    HoldKind::Setuid,
                    &c.path,
                    format!("sets the setuid/setgid bits (mode {:o})", c.mode),
                );
            }
        }
        // What this change destroys on the host.
        match c.kind {
            ChangeKind::Deleted if c.dir => {
                for (r, m) in host_tree(project, rel) {
                    if newer(&m, since) {
                        j.conflicts.push(r.to_string_lossy().into_owned());
                    }
                    if !m.is_dir() {
                        at_risk.push((r, "deleted"));
                    }
                }
            }
            ChangeKind::Deleted | ChangeKind::Modified | ChangeKind::Symlink | ChangeKind::Mode => {
                if let Ok(m) = fs_err::symlink_metadata(project.join(rel)) {
                    if newer(&m, since) {
                        j.conflicts.push(c.path.clone());
                    }
                    if c.kind != ChangeKind::Mode && !m.is_dir() {
                        let how = if c.kind == ChangeKind::Deleted {
                            "deleted"
                        } else {
                            "overwritten"
                        };
                        at_risk.push((rel.to_path_buf(), how));
                    }
                }
            }
            ChangeKind::Added => {}
        }
    }
    if files > settings.max_files {
        hold(
            HoldKind::Size,
            "",
            format!("{files} files written (limit {})", settings.max_files),
        );
    }
    if bytes > settings.max_mb.saturating_mul(1 << 20) {
        hold(
            HoldKind::Size,
            "",
            format!(
                "{} MiB written (limit {} MiB)",
                bytes >> 20,
                settings.max_mb
            ),
        );
    }
    if !at_risk.is_empty() {
        let lost: Vec<(PathBuf, &str, &str)> = match git_state(project) {
            Some(state) => at_risk
                .into_iter()
                .filter_map(|(p, how)| state.loss(&p).map(|why| (p, how, why)))
                .collect(),
            None => at_risk
                .into_iter()
                .map(|(p, how)| (p, how, "not in a git repository"))
                .collect(),
        };
        let more = lost.len().saturating_sub(LISTED);
        for (p, how, why) in lost.iter().take(LISTED) {
            hold(
                HoldKind::DestroysWork,
                &p.to_string_lossy(),
                format!("{how}; git cannot give it back ({why})"),
            );
        }
        if more > 0 {
            hold(
                HoldKind::DestroysWork,
                "",
                format!("and {more} more files git cannot give back"),
            );
        }
    }
    j.conflicts.sort();
    j.conflicts.dedup();
    j
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_directory_rules() {
        let cases = [
            (".git/objects/ab/cdef", false),
            (".git/refs/heads/main", false),
            (".git/refs/tags/v1", false),
            (".git/logs/HEAD", false),
            (".git/index", false),
            (".git/HEAD", false),
            (".git/ORIG_HEAD", false),
            (".git/MERGE_HEAD", false),
            (".git/MERGE_MSG", false),
            (".git/COMMIT_EDITMSG", false),
            (".git/packed-refs", false),
            (".git/modules/sub/refs/heads/main", false),
            (".git/config", true),
            (".git/objects/info/alternates", true),
            (".git/objects/info/http-alternates", true),
            (".git/objects/info/packs", false),
            (".git/config.worktree", true),
            (".git/hooks/pre-commit", true),
            (".git/commondir", true),
            (".git/info/exclude", true),
            (".git/modules/sub/config", true),
            (".git/modules/sub/hooks/post-checkout", true),
            (".git", true),
            (".git/description", true),
        ];
        for (path, refused) in cases {
            assert_eq!(protected(Path::new(path), &[]).is_some(), refused, "{path}");
        }
        let prof = [PathBuf::from("kg"), PathBuf::from(".github/workflows")];
        assert!(protected(Path::new("kg/x.md"), &prof).is_some());
        assert!(protected(Path::new("kgx/x.md"), &prof).is_none());
        assert!(protected(Path::new("src/main.rs"), &prof).is_none());
    }

    #[test]
    fn files_other_tools_run() {
        let held = [
            ".github/workflows/ci.yml",
            ".gitlab-ci.yml",
            "tests/conftest.py",
            "setup.py",
            "Makefile",
            "sub/GNUmakefile",
            ".envrc",
            ".vscode/tasks.json",
            ".idea/workspace.xml",
            ".husky/pre-commit",
            ".pre-commit-config.yaml",
            ".cargo/config.toml",
        ];
        for p in held {
            assert!(host_tool(Path::new(p)).is_some(), "{p}");
        }
        for p in [
            "src/main.rs",
            "README.md",
            "docs/Makefile.md",
            ".github/CODEOWNERS",
            "node_modules/left-pad/Makefile",
            "node_modules/@scope/pkg/setup.py",
            ".venv/lib/python3.12/site-packages/pkg/conftest.py",
            "/usr/lib/python3/dist-packages/x/Makefile",
        ] {
            assert!(host_tool(Path::new(p)).is_none(), "{p}");
        }
        assert!(installed_package(Path::new("node_modules/x/package.json")));
        assert!(!installed_package(Path::new("package.json")));
        assert!(!installed_package(Path::new("packages/web/package.json")));
    }

    #[test]
    fn git_losses() {
        let mut entries = HashMap::new();
        entries.insert(PathBuf::from("a"), *b"??");
        entries.insert(PathBuf::from("b"), *b" M");
        entries.insert(PathBuf::from("c"), *b"!!");
        entries.insert(PathBuf::from("d"), *b"A ");
        let s = GitState {
            entries,
            ignored_dirs: vec![PathBuf::from("target")],
        };
        assert_eq!(s.loss(Path::new("a")), Some("untracked, not ignored"));
        assert_eq!(s.loss(Path::new("b")), Some("uncommitted changes"));
        assert_eq!(s.loss(Path::new("d")), Some("uncommitted changes"));
        assert_eq!(s.loss(Path::new("c")), None);
        assert_eq!(s.loss(Path::new("clean.rs")), None);
        assert_eq!(s.loss(Path::new("target/debug/x")), None);
    }
}
