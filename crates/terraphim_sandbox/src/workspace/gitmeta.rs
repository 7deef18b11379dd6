//! git's own metadata in a change set, judged by what it says rather than where it lies.
//!
//! `git submodule update --init`, `git submodule add`, `git worktree add`, `git clone` and
//! `git init` inside the project write git directories that the host's git later trusts: a
//! submodule's `.git/modules/NAME/config` and hooks run on the host's next `git status` (it
//! recurses into submodules), a worktree's `commondir` names the config git reads, a `.git` file
//! (a "gitfile") names the git directory of the tree it sits in. Each is accepted when its
//! content is what git's own commands write, and refused (as a protected path: the whole set is
//! never applied) when it could run a program or send git somewhere else:
//!
//! - a `config` holds only the keys of [`REPOSITORY_KEYS`] (what `git clone`, `git init` and
//!   `git submodule` write); the superproject's own `.git/config` may change only in the keys of
//!   [`SUPERPROJECT_KEYS`]. Every other key is refused: `core.fsmonitor`, `core.hooksPath`,
//!   `core.sshCommand`, `core.pager`, `core.editor`, `*.textconv`, `filter.*`, `diff.external`,
//!   `include.*`, `includeIf.*`, `alias.*`, `credential.*`, `remote.*.uploadpack`, ... A url
//!   with the `ext::` or `fd::` transport, or one that starts with `-`, is refused, and
//!   `core.worktree` must lie inside the project. git itself reads the file
//!   (`git config --no-includes --file F --list -z`), so the keys judged are the keys git sees;
//!   a file git cannot read is refused.
//! - `hooks/` holds only git's templates (`*.sample`, which git never runs);
//! - a worktree's `commondir` names exactly the repository it belongs to, its `gitdir` a path
//!   inside the project;
//! - a `.git` file names a submodule's or a worktree's git directory inside the project;
//! - `objects/info/alternates` names object stores inside the project only;
//! - no symlink is made inside a git directory.
//!
//! The superproject's `.git` stays as strict as before: only git's ordinary writes (objects,
//! refs, logs, index, HEAD, merge state), its `config` in [`SUPERPROJECT_KEYS`], and the
//! `modules/` and `worktrees/` beneath it. A repository made inside the project (`sub/.git/`)
//! is judged like a submodule's git directory, so a planted nested repository is refused too.

use std::path::{Component, Path, PathBuf};
use std::process::{Command, Stdio};

use super::scan::{is_whiteout, lstat};
use super::{Change, ChangeKind};

/// Keys a git directory made during the run may hold in its `config`: what `git clone`,
/// `git init`, `git submodule update|add|absorbgitdirs` and `git worktree add` write. A `*`
/// stands for any subsection (`remote.origin.url`). Nothing here runs a program or points git at
/// another directory (`core.worktree` and urls are checked by value).
pub(crate) const REPOSITORY_KEYS: &[&str] = &[
    "core.repositoryformatversion",
    "core.filemode",
    "core.bare",
    "core.logallrefupdates",
    "core.worktree",
    "core.symlinks",
    "core.ignorecase",
    "core.precomposeunicode",
    "extensions.objectformat",
    "remote.*.url",
    "remote.*.fetch",
    "remote.*.tagopt",
    "remote.*.promisor",
    "remote.*.partialclonefilter",
    "branch.*.remote",
    "branch.*.merge",
    "branch.*.rebase",
    "submodule.*.url",
    "submodule.*.active",
    "user.name",
    "user.email",
];

/// Keys the superproject's `.git/config` may gain, lose or change during the run: what
/// `git submodule init|update|add|deinit|sync` write there. (`submodule.*.update` is not here:
/// `update = !command` runs a program.)
pub(crate) const SUPERPROJECT_KEYS: &[&str] = &["submodule.*.url", "submodule.*.active"];

/// Keys whose value is a url git fetches from.
const URL_KEYS: &[&str] = &["remote.*.url", "submodule.*.url"];

/// The largest metadata file read (configs and pointers are a few hundred bytes).
const MAX_READ: u64 = 1 << 20;

/// The run's tree: what the command left (`upper`: the overlay's upper layer, or the copy) over
/// the project.
pub(crate) struct Tree<'a> {
    pub(crate) upper: &'a Path,
    pub(crate) project: &'a Path,
}

impl Tree<'_> {
    /// Whether `rel` exists after the run.
    fn exists(&self, rel: &Path) -> bool {
        match lstat(&self.upper.join(rel)) {
            Some(m) => !is_whiteout(&m),
            None => lstat(&self.project.join(rel)).is_some(),
        }
    }

    /// The new content of a file of the change set (bounded).
    fn read_new(&self, rel: &Path) -> Result<Vec<u8>, String> {
        read_small(&self.upper.join(rel))
    }
}

fn read_small(path: &Path) -> Result<Vec<u8>, String> {
    let m = fs_err::symlink_metadata(path).map_err(|e| e.to_string())?;
    if !m.is_file() {
        return Err("it is not a regular file".into());
    }
    if m.len() > MAX_READ {
        return Err(format!("it is larger than {MAX_READ} bytes"));
    }
    fs_err::read(path).map_err(|e| e.to_string())
}

/// Which git directory a path lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The project's own `.git`.
    Top,
    /// A submodule's git directory (`modules/NAME`), or a repository made below the project
    /// (`sub/.git`).
    Repository,
    /// A linked worktree's git directory (`worktrees/NAME`).
    Worktree,
}

/// Whether `rel` is git metadata, and if so its judgement: `Some(Ok(()))` accepted (git's own
/// writes), `Some(Err(why))` refused, `None` not git metadata (judged like any other file).
pub(crate) fn judge(c: &Change, t: &Tree<'_>) -> Option<Result<(), String>> {
    let rel = Path::new(&c.path);
    let comps: Vec<&std::ffi::OsStr> = rel.iter().collect();
    let at = comps.iter().position(|p| *p == ".git")?;
    let gitdir: PathBuf = comps[..=at].iter().collect();
    let top = at == 0;
    let Some(rest) = comps[at + 1..]
        .iter()
        .map(|p| p.to_str())
        .collect::<Option<Vec<&str>>>()
    else {
        return Some(Err(format!(
            "{}: a name inside a git directory that is not UTF-8",
            c.path
        )));
    };
    let verdict = if rest.is_empty() {
        itself(c, top, &gitdir, t)
    } else {
        let kind = if top { Kind::Top } else { Kind::Repository };
        inside(c, kind, &gitdir, &rest, t)
    };
    Some(verdict.map_err(|why| format!("{}: {why}", c.path)))
}

/// The `.git` entry itself: the project's is never replaced; below the project a new
/// repository's directory (its content judged entry by entry) or a gitfile.
fn itself(c: &Change, top: bool, gitdir: &Path, t: &Tree<'_>) -> Result<(), String> {
    if top {
        return Err("the project's git directory itself may not be replaced or removed".into());
    }
    match c.kind {
        ChangeKind::Deleted => Ok(()),
        ChangeKind::Symlink => Err("a symlink in place of a git directory".into()),
        _ if c.dir => Ok(()),
        _ => gitfile(gitdir, t),
    }
}

/// A `.git` file names the git directory of the tree it sits in: it must be a submodule's or a
/// linked worktree's git directory inside the project.
fn gitfile(rel: &Path, t: &Tree<'_>) -> Result<(), String> {
    let text = t
        .read_new(rel)
        .map_err(|e| format!("a .git file git cannot read ({e})"))?;
    let text = String::from_utf8(text).map_err(|_| "a .git file that is not UTF-8".to_owned())?;
    let Some(target) = text.strip_prefix("gitdir: ") else {
        return Err("a .git file that is not `gitdir: PATH`".into());
    };
    let base = t.project.join(rel.parent().unwrap_or(Path::new("")));
    let Some(target) = resolve(&base, trim_newlines(target), t.project) else {
        return Err(format!(
            "a .git file pointing outside the project ({})",
            trim_newlines(target)
        ));
    };
    if is_linked_gitdir(&target, t) {
        Ok(())
    } else {
        Err(format!(
            "a .git file pointing at {}, which is not a submodule's or a worktree's git directory",
            target.display()
        ))
    }
}

/// git trims only line ends from the pointers it reads.
fn trim_newlines(s: &str) -> &str {
    s.trim_end_matches(['\n', '\r'])
}

/// `text` as a path (relative ones from `base`), without `.`/`..`, relative to the project;
/// `None` when it leaves the project.
fn resolve(base: &Path, text: &str, project: &Path) -> Option<PathBuf> {
    if text.is_empty() {
        return None;
    }
    let p = Path::new(text);
    let joined = if p.is_absolute() {
        p.to_path_buf()
    } else {
        base.join(p)
    };
    let mut out = PathBuf::new();
    for comp in joined.components() {
        match comp {
            Component::RootDir => out.push("/"),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::Normal(x) => out.push(x),
            Component::Prefix(_) => return None,
        }
    }
    out.strip_prefix(project).ok().map(Path::to_path_buf)
}

/// How many components after `modules/` name the submodule: the fewest that lead to a `HEAD`
/// (a name may hold slashes), else one.
fn module_name_len(base: &Path, names: &[&str], t: &Tree<'_>) -> usize {
    let mut dir = base.to_path_buf();
    for (i, n) in names.iter().enumerate() {
        dir.push(n);
        if t.exists(&dir.join("HEAD")) {
            return i + 1;
        }
    }
    1
}

/// Whether `target` (relative to the project) is, by the same reading the judge uses, exactly a
/// submodule's or a linked worktree's git directory.
fn is_linked_gitdir(target: &Path, t: &Tree<'_>) -> bool {
    let Some(comps) = target
        .iter()
        .map(|p| p.to_str())
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    let Some(at) = comps.iter().position(|p| *p == ".git") else {
        return false;
    };
    let mut dir: PathBuf = comps[..=at].iter().collect();
    let mut rest = &comps[at + 1..];
    loop {
        match rest {
            ["modules", names @ ..] if !names.is_empty() => {
                let k = module_name_len(&dir.join("modules"), names, t);
                dir.push("modules");
                dir.extend(&names[..k]);
                rest = &names[k..];
                if rest.is_empty() {
                    return true;
                }
            }
            ["worktrees", _name] => return true,
            _ => return false,
        }
    }
}

fn dir_entry(c: &Change) -> Result<(), String> {
    if c.kind == ChangeKind::Symlink {
        Err("a symlink inside a git directory".into())
    } else {
        Ok(())
    }
}

/// An entry `rest` inside the git directory `gitdir` (relative to the project) of `kind`.
fn inside(
    c: &Change,
    kind: Kind,
    gitdir: &Path,
    rest: &[&str],
    t: &Tree<'_>,
) -> Result<(), String> {
    if c.kind == ChangeKind::Symlink {
        return Err("a symlink inside a git directory".into());
    }
    // A submodule's or a linked worktree's own git directory, judged by its own rules.
    if kind != Kind::Worktree {
        match rest {
            ["modules" | "worktrees"] => return dir_entry(c),
            ["modules", names @ ..] => {
                let k = module_name_len(&gitdir.join("modules"), names, t);
                let sub: PathBuf = gitdir.join("modules").join(names[..k].join("/"));
                return match &names[k..] {
                    [] => dir_entry(c),
                    more => inside(c, Kind::Repository, &sub, more, t),
                };
            }
            ["worktrees", name, more @ ..] => {
                let sub = gitdir.join("worktrees").join(name);
                return if more.is_empty() {
                    dir_entry(c)
                } else {
                    inside(c, Kind::Worktree, &sub, more, t)
                };
            }
            _ => {}
        }
    }
    let ordinary = super::judge::git_writable(&rest.iter().collect::<PathBuf>());
    if c.kind == ChangeKind::Deleted {
        // Removing a submodule's, a worktree's or a nested repository's metadata runs nothing
        // (`git worktree remove|prune`); the project's own keeps only git's ordinary work.
        return if kind != Kind::Top || ordinary {
            Ok(())
        } else {
            Err(refused_here(kind))
        };
    }
    let rel = gitdir.join(rest.iter().collect::<PathBuf>());
    match (kind, rest) {
        (_, ["objects", "info", "alternates"]) => {
            return alternates(&rel, gitdir, t);
        }
        (_, ["objects", "info", "http-alternates"]) => {
            return Err("objects/info/http-alternates makes git fetch objects from a url".into());
        }
        (Kind::Top, ["config"]) => return superproject_config(&rel, t),
        (Kind::Repository, ["config"]) => return repository_config(&rel, gitdir, t),
        (Kind::Repository, ["hooks"]) | (Kind::Repository, ["branches" | "info"]) if c.dir => {
            return Ok(());
        }
        (Kind::Repository, ["hooks", name]) => {
            return if name.ends_with(".sample") && !c.dir {
                Ok(())
            } else {
                Err("a hook: git runs it".into())
            };
        }
        (Kind::Repository, ["description"]) | (Kind::Repository, ["info", "exclude"]) if !c.dir => {
            return Ok(());
        }
        (Kind::Worktree, ["commondir"]) => return commondir(&rel, gitdir, t),
        (Kind::Worktree, ["gitdir"]) => return worktree_gitdir(&rel, t),
        (Kind::Worktree, ["locked"]) => return Ok(()),
        _ => {}
    }
    if ordinary {
        return Ok(());
    }
    Err(refused_here(kind))
}

fn refused_here(kind: Kind) -> String {
    match kind {
        Kind::Top => "git's own configuration, hooks or metadata (only objects, refs, logs, index, HEAD, merge state, submodule keys of config, modules/ and worktrees/ may change)".into(),
        Kind::Repository => "not what git writes in a repository's git directory (config with git's own keys, *.sample hooks, description, info/exclude, objects, refs, logs, index, HEAD)".into(),
        Kind::Worktree => "not what git writes in a worktree's git directory (HEAD, index, commondir, gitdir, locked, logs, refs, merge state)".into(),
    }
}

/// `commondir` of a linked worktree: exactly the repository whose `worktrees/` holds it.
fn commondir(rel: &Path, gitdir: &Path, t: &Tree<'_>) -> Result<(), String> {
    let text = String::from_utf8(t.read_new(rel)?).map_err(|_| "commondir is not UTF-8")?;
    let owner = gitdir
        .parent()
        .and_then(Path::parent)
        .ok_or("a worktree outside a repository")?;
    match resolve(&t.project.join(gitdir), trim_newlines(&text), t.project) {
        Some(p) if p == owner => Ok(()),
        _ => Err(format!(
            "commondir names {}, not the repository {} it belongs to",
            trim_newlines(&text),
            owner.display()
        )),
    }
}

/// `gitdir` of a linked worktree (where its `.git` file is): inside the project.
fn worktree_gitdir(rel: &Path, t: &Tree<'_>) -> Result<(), String> {
    let text = String::from_utf8(t.read_new(rel)?).map_err(|_| "gitdir is not UTF-8")?;
    let base = t.project.join(rel.parent().unwrap_or(Path::new("")));
    resolve(&base, trim_newlines(&text), t.project)
        .map(|_| ())
        .ok_or_else(|| format!("gitdir names {}, outside the project", trim_newlines(&text)))
}

/// `objects/info/alternates`: every object store it names lies inside the project.
fn alternates(rel: &Path, gitdir: &Path, t: &Tree<'_>) -> Result<(), String> {
    let text = String::from_utf8(t.read_new(rel)?).map_err(|_| "alternates is not UTF-8")?;
    let objects = t.project.join(gitdir).join("objects");
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with('"') || resolve(&objects, line, t.project).is_none() {
            return Err(format!(
                "objects/info/alternates makes git read objects from {line}, outside the project"
            ));
        }
    }
    Ok(())
}

/// `(key, value)` of every entry of a config file, as git reads it (includes not followed).
fn config_entries(path: &Path) -> Result<Vec<(String, Option<String>)>, String> {
    read_small(path)?;
    let out = Command::new("git")
        .args(["config", "--no-includes", "--null", "--list", "--file"])
        .arg(path)
        .current_dir("/")
        .env_remove("GIT_DIR")
        .env_remove("GIT_CONFIG")
        .env_remove("GIT_CONFIG_PARAMETERS")
        .env_remove("GIT_CONFIG_COUNT")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("git config could not run: {e}"))?;
    if !out.status.success() {
        return Err("git cannot read it as a config file".into());
    }
    let mut entries = Vec::new();
    for rec in out.stdout.split(|b| *b == 0).filter(|r| !r.is_empty()) {
        let rec = String::from_utf8_lossy(rec);
        match rec.split_once('\n') {
            Some((k, v)) => entries.push((k.to_owned(), Some(v.to_owned()))),
            None => entries.push((rec.into_owned(), None)),
        }
    }
    Ok(entries)
}

/// Whether `key` (`section[.subsection].name`, as git lists it) matches a pattern of `list`.
fn key_in(key: &str, list: &[&str]) -> bool {
    let split = |k: &str| -> Option<(String, Option<String>, String)> {
        let (section, rest) = k.split_once('.')?;
        let (sub, name) = match rest.rsplit_once('.') {
            Some((s, n)) => (Some(s.to_owned()), n),
            None => (None, rest),
        };
        Some((section.to_ascii_lowercase(), sub, name.to_ascii_lowercase()))
    };
    let Some((section, sub, name)) = split(key) else {
        return false;
    };
    list.iter().any(|p| match split(p) {
        Some((ps, psub, pn)) => {
            ps == section
                && pn == name
                && matches!(
                    (psub.as_deref(), sub.as_deref()),
                    (None, None) | (Some("*"), Some(_))
                )
        }
        None => false,
    })
}

/// A value git would use to run or reach something it should not.
fn bad_value(key: &str, value: Option<&str>, gitdir: &Path, t: &Tree<'_>) -> Option<String> {
    let v = value.unwrap_or_default();
    if key_in(key, URL_KEYS) {
        let lower = v.to_ascii_lowercase();
        if lower.starts_with("ext::") || lower.starts_with("fd::") || v.starts_with('-') {
            return Some(format!("{key} = {v} runs a program as its transport"));
        }
    }
    if key_in(key, &["core.worktree"]) && resolve(&t.project.join(gitdir), v, t.project).is_none() {
        return Some(format!("{key} = {v} lies outside the project"));
    }
    None
}

/// The config of a repository made during the run (a submodule's, a clone's, a new repository's).
fn repository_config(rel: &Path, gitdir: &Path, t: &Tree<'_>) -> Result<(), String> {
    let entries = config_entries(&t.upper.join(rel))?;
    for (k, v) in &entries {
        if !key_in(k, REPOSITORY_KEYS) {
            return Err(format!(
                "sets {k}, which is not among the keys git clone, init and submodule write (it could run a program or redirect git)"
            ));
        }
        if let Some(why) = bad_value(k, v.as_deref(), gitdir, t) {
            return Err(why);
        }
    }
    Ok(())
}

/// The project's own `.git/config`: only the submodule keys may change.
fn superproject_config(rel: &Path, t: &Tree<'_>) -> Result<(), String> {
    let new = config_entries(&t.upper.join(rel))?;
    let old_path = t.project.join(rel);
    let old = if lstat(&old_path).is_some() {
        config_entries(&old_path)?
    } else {
        Vec::new()
    };
    let mut rest_old = old.clone();
    let mut changed: Vec<&(String, Option<String>)> = Vec::new();
    for e in &new {
        if let Some(i) = rest_old.iter().position(|o| o == e) {
            rest_old.swap_remove(i);
        } else {
            changed.push(e);
        }
    }
    for (k, v) in changed.into_iter().chain(rest_old.iter()) {
        if !key_in(k, SUPERPROJECT_KEYS) {
            return Err(format!(
                "changes {k}: only the submodule keys git submodule writes may change in the project's config"
            ));
        }
        if let Some(why) = bad_value(k, v.as_deref(), Path::new(".git"), t) {
            return Err(why);
        }
    }
    Ok(())
}

/// On the copy fallback the command ran in a copy of the project at another path, and git
/// writes some pointers as absolute paths (`git worktree add`: the worktree's `gitdir` and its
/// `.git` file; a relative submodule url resolved against the working directory): in the git
/// metadata of the change set, the copy's path is replaced by the project's, so what is applied
/// names the project (and is judged as such). Returns the files rewritten.
pub(crate) fn relocate(changes: &[Change], copy: &Path, project: &Path) -> std::io::Result<usize> {
    let (Some(from), Some(to)) = (copy.to_str(), project.to_str()) else {
        return Ok(0);
    };
    let mut n = 0;
    for c in changes {
        if c.dir || !matches!(c.kind, ChangeKind::Added | ChangeKind::Modified) {
            continue;
        }
        let rel = Path::new(&c.path);
        let Some(name) = rel.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let in_git = rel.iter().any(|p| p == ".git");
        if !in_git || !matches!(name, ".git" | "gitdir" | "config") {
            continue;
        }
        let path = copy.join(rel);
        let Ok(bytes) = read_small(&path) else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            continue;
        };
        if !text.contains(from) {
            continue;
        }
        let text = text.replace(&format!("{from}/"), &format!("{to}/"));
        // Beside it, then renamed over it: the copy is the run's own directory.
        let tmp = path.with_file_name(format!(".{name}.relocated"));
        fs_err::write(&tmp, text)?;
        fs_err::rename(&tmp, &path)?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_patterns() {
        for (key, allowed) in [
            ("remote.origin.url", true),
            ("remote.my.fork.url", true),
            ("remote.origin.uploadpack", false),
            ("core.filemode", true),
            ("core.fsmonitor", false),
            ("core.hookspath", false),
            ("core.sshcommand", false),
            ("core.pager", false),
            ("core.editor", false),
            ("core.gitproxy", false),
            ("diff.external", false),
            ("diff.x.textconv", false),
            ("filter.lfs.smudge", false),
            ("include.path", false),
            ("includeif.gitdir:/x.path", false),
            ("alias.st", false),
            ("credential.helper", false),
            ("submodule.sub.url", true),
            ("submodule.sub.update", false),
            ("submodule.url", false),
            ("core.x.filemode", false),
        ] {
            assert_eq!(key_in(key, REPOSITORY_KEYS), allowed, "{key}");
        }
        assert!(key_in("submodule.a/b.active", SUPERPROJECT_KEYS));
        assert!(!key_in("core.worktree", SUPERPROJECT_KEYS));
    }

    fn added(path: &str, dir: bool) -> Change {
        Change {
            path: path.into(),
            kind: ChangeKind::Added,
            dir,
            bytes: 0,
            mode: 0o644,
            renamed_from: None,
            nested: false,
        }
    }

    /// A `.git` file must name a git directory itself, not a place inside one that the rules
    /// call ordinary (a config planted under `refs/` would pass as a ref).
    #[test]
    fn gitfiles_name_a_submodule_or_worktree_git_directory_only() {
        let tmp = tempfile::tempdir().unwrap();
        let (upper, project) = (tmp.path().join("upper"), tmp.path().join("project"));
        let put = |rel: &str, text: &str| {
            let p = upper.join(rel);
            fs_err::create_dir_all(p.parent().unwrap()).unwrap();
            fs_err::write(p, text).unwrap();
        };
        fs_err::create_dir_all(project.join(".git")).unwrap();
        put(".git/modules/sub/HEAD", "ref: refs/heads/main\n");
        put(".git/worktrees/wt/HEAD", "ref: refs/heads/wt\n");
        let t = Tree {
            upper: &upper,
            project: &project,
        };
        let outside = format!("gitdir: {}\n", tmp.path().join("elsewhere/.git").display());
        for (content, ok) in [
            ("gitdir: ../.git/modules/sub\n", true),
            ("gitdir: ../.git/worktrees/wt\n", true),
            ("gitdir: ../.git/modules/sub/refs/evil\n", false),
            ("gitdir: ../.git\n", false),
            ("gitdir: ../.git/worktrees/wt/logs\n", false),
            ("gitdir: ../../outside/.git\n", false),
            (outside.as_str(), false),
            ("../.git/modules/sub\n", false),
        ] {
            put("sub/.git", content);
            let got = judge(&added("sub/.git", false), &t);
            assert_eq!(
                got.as_ref().map(Result::is_ok),
                Some(ok),
                "{content}: {got:?}"
            );
        }
        // Inside git directories: templates and git's writes pass, hooks and symlinks do not.
        for (path, dir, ok) in [
            (".git/modules/sub/hooks/pre-commit.sample", false, true),
            (".git/modules/sub/hooks/pre-commit", false, false),
            (".git/modules/sub/description", false, true),
            (".git/modules/sub/info/exclude", false, true),
            (".git/modules/sub/info/attributes", false, false),
            (".git/modules/sub/config.worktree", false, false),
            (".git/modules/sub/refs/heads/main", false, true),
            (".git/modules/sub/branches", true, true),
            (".git/worktrees/wt/locked", false, true),
            (".git/worktrees/wt/config", false, false),
            (".git/hooks/pre-commit.sample", false, false),
            (".git/description", false, false),
            (".git/modules", true, true),
            ("nested/.git/hooks/post-update.sample", false, true),
            ("nested/.git/hooks/post-update", false, false),
            ("src/main.rs", false, true),
        ] {
            if dir {
                fs_err::create_dir_all(upper.join(path)).unwrap();
            } else {
                put(path, "x");
            }
            let got = judge(&added(path, dir), &t).unwrap_or(Ok(()));
            assert_eq!(got.is_ok(), ok, "{path}: {got:?}");
        }
        let mut link = added(".git/modules/sub/refs/heads/x", false);
        link.kind = ChangeKind::Symlink;
        assert!(judge(&link, &t).unwrap().is_err());
    }

    #[test]
    fn paths_resolve_inside_the_project_only() {
        let p = Path::new("/w/proj");
        let base = p.join(".git/modules/sub");
        assert_eq!(
            resolve(&base, "../../../sub", p),
            Some(PathBuf::from("sub"))
        );
        assert_eq!(resolve(&base, "../../../../other", p), None);
        assert_eq!(
            resolve(&base, "/w/proj/.git", p),
            Some(PathBuf::from(".git"))
        );
        assert_eq!(resolve(&base, "/etc", p), None);
        assert_eq!(resolve(&base, "", p), None);
        assert_eq!(resolve(Path::new("/"), "../../..", p), None);
    }
}
