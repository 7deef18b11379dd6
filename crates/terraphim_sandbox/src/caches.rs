//! Package caches of a profile (`caches = ["@package-caches"]`, the list in
//! `kg/profiles/package-caches.txt`): writable for the run, never for the host.
//!
//! A cache is not a writable bind of the host's directory: host tools run what lies in some
//! caches without checking it again (cargo compiles `~/.cargo/registry/src` as it finds it; pip
//! and npm check the hashes of downloads, not of every unpacked file), so a confined command
//! that could write one could plant code the host runs later. Instead, per run and per cache:
//! - [`Way::Overlay`]: where the supervisor makes its own namespaces and overlayfs exists, an
//!   overlay at the cache's path with the host's cache as its only (read-only) lower layer and
//!   an upper layer of the run's own beneath the data home: the host's entries are hits, the
//!   run's writes land in the upper layer, which is removed when the run ends;
//! - [`Way::Moved`]: elsewhere (bubblewrap, no namespaces, no overlayfs), or when the cache
//!   does not exist on the host, the tool's variable (`npm_config_cache`, `PIP_CACHE_DIR`, ...)
//!   names an empty directory in the run's private `TMPDIR`, removed with it; the host's cache
//!   stays read-only and unused;
//! - [`Way::ReadOnly`]: a cache without such a variable (cargo's: `CARGO_HOME` also holds
//!   `config.toml`, so it is never moved) stays as the profile's read-only roots leave it.

use std::path::{Path, PathBuf};

use crate::plan::{Context, Mount, Plan};

/// The shipped cache lists: `@NAME` in a profile's `caches`.
const LISTS: &[(&str, &str)] = &[(
    "package-caches",
    include_str!("../../../kg/profiles/package-caches.txt"),
)];

/// One cache: its path (profile syntax) and the variable that moves it, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub(crate) path: String,
    pub(crate) var: Option<String>,
}

fn parse_line(line: &str) -> Result<Option<Entry>, String> {
    let line = line.split('#').next().unwrap_or_default().trim();
    let mut words = line.split_whitespace();
    let Some(path) = words.next() else {
        return Ok(None);
    };
    let var = words.next().map(str::to_owned);
    if words.next().is_some() {
        return Err(format!("`{line}`: one path and at most one variable"));
    }
    if !(path.starts_with('/') || path.starts_with('~') || path.starts_with('$')) {
        return Err(format!(
            "cache `{path}` must be absolute or start with ~ or $NAME"
        ));
    }
    if path.split('/').any(|c| c == "..") {
        return Err(format!("cache `{path}` must not contain `..`"));
    }
    if let Some(v) = &var
        && (v.is_empty() || !v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
    {
        return Err(format!("cache `{path}`: `{v}` is not a variable name"));
    }
    Ok(Some(Entry {
        path: path.to_owned(),
        var,
    }))
}

/// A profile's `caches` list with `@NAME` lists expanded; an error names the bad entry.
pub(crate) fn entries(list: &[String]) -> Result<Vec<Entry>, String> {
    let mut out = Vec::new();
    for e in list {
        if let Some(name) = e.trim().strip_prefix('@') {
            let (_, text) = LISTS.iter().find(|(n, _)| *n == name).ok_or_else(|| {
                format!(
                    "unknown cache list `@{name}` (known: {})",
                    LISTS
                        .iter()
                        .map(|(n, _)| format!("@{n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
            for (i, line) in text.lines().enumerate() {
                let entry = parse_line(line).map_err(|m| format!("@{name} line {}: {m}", i + 1))?;
                out.extend(entry);
            }
        } else {
            out.extend(parse_line(e)?);
        }
    }
    Ok(out)
}

/// How one cache is made writable for a run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Way {
    /// An overlay at `path` over the host's cache; writes in `upper`, removed after the run.
    Overlay {
        path: PathBuf,
        upper: PathBuf,
        work: PathBuf,
    },
    /// `var` names `dir`, an empty directory in the run's private TMPDIR.
    Moved {
        path: PathBuf,
        var: String,
        dir: PathBuf,
    },
    /// Left read-only (no variable moves it).
    ReadOnly { path: PathBuf },
}

/// Decide, for each cache of `list` that applies here, how the run gets it. `overlays`: the
/// run makes its own namespaces and the kernel has overlayfs; `layers`: the run's directory for
/// upper layers; `tmp`: the run's TMPDIR as the command sees it; a cache at or beneath one of
/// `hidden` is left out (the profile hides it). No I/O but `is_dir`.
pub(crate) fn ways(
    list: &[Entry],
    ctx: &Context,
    overlays: bool,
    (layers, tmp): (&Path, &Path),
    hidden: &[PathBuf],
    is_dir: &dyn Fn(&Path) -> bool,
) -> Vec<Way> {
    let mut out: Vec<Way> = Vec::new();
    let mut vars: Vec<&str> = Vec::new();
    for e in list {
        let Some(path) = crate::plan::expand(&e.path, ctx) else {
            continue;
        };
        if hidden.iter().any(|h| path.starts_with(h)) {
            continue;
        }
        let seen = out.iter().any(|w| match w {
            Way::Overlay { path: p, .. }
            | Way::Moved { path: p, .. }
            | Way::ReadOnly { path: p } => *p == path,
        });
        if seen {
            continue;
        }
        if overlays && is_dir(&path) {
            let n = out.len();
            out.push(Way::Overlay {
                path,
                upper: layers.join(format!("{n}/upper")),
                work: layers.join(format!("{n}/work")),
            });
        } else if let Some(var) = &e.var {
            if vars.contains(&var.as_str()) {
                continue;
            }
            vars.push(var);
            out.push(Way::Moved {
                path,
                var: var.clone(),
                dir: tmp.join("terraphim-caches").join(var.to_ascii_lowercase()),
            });
        } else {
            out.push(Way::ReadOnly { path });
        }
    }
    out
}

/// In words, for `guard profiles`: what each cache of a profile gets on a machine where the
/// sandbox's own namespaces with overlayfs exist (`overlays`) or not.
pub(crate) fn describe(list: &[String], overlays: bool) -> Result<String, String> {
    let entries = entries(list)?;
    if entries.is_empty() {
        return Ok("none: package caches are read-only (as the read-only roots say)".into());
    }
    let (mut moved, mut ro) = (Vec::new(), Vec::new());
    for e in &entries {
        match &e.var {
            Some(v) => moved.push(format!("{} ({v})", e.path)),
            None => ro.push(e.path.clone()),
        }
    }
    let first = if overlays {
        format!(
            "each existing cache an overlay over the host's (read-only: hits are the host's; the run's writes in a layer of its own, removed when it ends: the host's cache never changes); a missing one moved to an empty directory in the run's TMPDIR by its variable: {}; a missing one without a variable stays missing: {}",
            moved.join(", "),
            ro.join(", ")
        )
    } else {
        format!(
            "no overlays here (the sandbox's own namespaces with overlayfs are needed): the host's caches stay read-only and unused, each moved to an empty directory in the run's TMPDIR by its variable: {}; without a variable read-only (installs only from what is cached, e.g. cargo --offline): {}",
            moved.join(", "),
            ro.join(", ")
        )
    };
    Ok(first)
}

/// Remove the layers of runs that ended without removing theirs (killed) more than a day ago;
/// at most once an hour (a stamp file's time says when it last ran).
fn expire(root: &Path) {
    use std::os::unix::fs::MetadataExt as _;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let age = |p: &Path| {
        fs_err::metadata(p)
            .ok()
            .and_then(|m| u64::try_from(m.mtime()).ok())
            .map(|t| now.saturating_sub(t))
    };
    let stamp = root.join(".expired");
    if age(&stamp).is_some_and(|a| a < 3600) || fs_err::write(&stamp, b"").is_err() {
        return;
    }
    let Ok(entries) = fs_err::read_dir(root) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if e.file_type().is_ok_and(|t| t.is_dir()) && age(&p).is_some_and(|a| a >= 86_400) {
            crate::workspace::remove_later(&p);
        }
    }
}

/// A new directory of the run's own beneath `root` (mode 0700).
fn layers_dir(root: &Path) -> crate::Result<PathBuf> {
    use std::os::unix::fs::DirBuilderExt as _;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| crate::SandboxError::Io { path, source }
    };
    fs_err::create_dir_all(root).map_err(io(root))?;
    expire(root);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    let mut n = 0u32;
    loop {
        let dir = root.join(format!("{}-{nanos:x}-{n}", std::process::id()));
        match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => return Ok(dir),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 16 => n += 1,
            Err(e) => return Err(io(&dir)(e)),
        }
    }
}

/// The run's cache layers, removed when the run ends (dropped).
pub(crate) struct CacheRun {
    dir: Option<PathBuf>,
}

impl Drop for CacheRun {
    fn drop(&mut self) {
        if let Some(d) = &self.dir {
            crate::workspace::remove_later(d);
        }
    }
}

/// For a profile with `caches`: decide each cache's way, create the upper layers, and put the
/// overlays and variables into the plan. `overlays`: the run makes its own namespaces and the
/// kernel has overlayfs.
pub(crate) fn start(
    profile: &crate::Profile,
    ctx: &Context,
    overlays: bool,
    plan: &mut Plan,
) -> crate::Result<CacheRun> {
    let mut run = CacheRun { dir: None };
    if profile.caches.is_empty() {
        return Ok(run);
    }
    let list = entries(&profile.caches).map_err(|m| {
        crate::SandboxError::Plan(format!("profile `{}`: caches: {m}", profile.name))
    })?;
    let layers = layers_dir(&ctx.data.join("terraphim/guard/caches"))?;
    run.dir = Some(layers.clone());
    let ways = ways(
        &list,
        ctx,
        overlays,
        (&layers, &plan.tmp),
        &plan.hidden,
        &|p: &Path| fs_err::metadata(p).is_ok_and(|m| m.is_dir()),
    );
    for w in ways {
        match w {
            Way::Overlay { path, upper, work } => {
                for d in [&upper, &work] {
                    fs_err::create_dir_all(d).map_err(|source| crate::SandboxError::Io {
                        path: d.clone(),
                        source,
                    })?;
                }
                plan.child.write_roots.push(path.clone());
                plan.caches.push(Mount::Overlay { path, upper, work });
            }
            Way::Moved { var, dir, .. } => {
                plan.env.retain(|(k, _)| *k != var);
                plan.env_removed.retain(|k| *k != var);
                plan.env.push((var, dir.display().to_string()));
            }
            Way::ReadOnly { .. } => {}
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx(env: &[(&str, &str)]) -> Context {
        Context {
            config: PathBuf::from("/h/.config"),
            data: PathBuf::from("/h/.local/share"),
            home: PathBuf::from("/h"),
            project: PathBuf::from("/p"),
            env: env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        }
    }

    #[test]
    fn the_shipped_list_parses_and_names_each_tools_cache() {
        let list = entries(&["@package-caches".into()]).unwrap();
        let paths: Vec<&str> = list.iter().map(|e| e.path.as_str()).collect();
        for p in [
            "~/.npm",
            "~/.cache/pip",
            "~/.cache/uv",
            "~/.cargo/registry",
            "~/.cargo/git",
            "~/go/pkg/mod",
            "~/.cache/go-build",
            "~/.bun/install/cache",
            "~/.local/share/pnpm/store",
            "~/.cache/yarn",
        ] {
            assert!(paths.contains(&p), "{p} missing from {paths:?}");
        }
        // A tool's whole home is never moved: cargo's caches have no variable.
        assert!(
            list.iter()
                .filter(|e| e.path.contains(".cargo") || e.path.contains("CARGO_HOME"))
                .all(|e| e.var.is_none())
        );
        assert!(!list.iter().any(|e| e.var.as_deref() == Some("CARGO_HOME")));
    }

    #[test]
    fn layers_left_by_killed_runs_go_after_a_day() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("caches");
        let (old, fresh) = (root.join("1-old-0"), root.join("2-new-0"));
        fs_err::create_dir_all(old.join("0/upper")).unwrap();
        fs_err::create_dir_all(&fresh).unwrap();
        let two_days = std::time::SystemTime::now() - std::time::Duration::from_secs(2 * 86_400);
        fs_err::File::open(&old)
            .unwrap()
            .file()
            .set_modified(two_days)
            .unwrap();
        let dir = layers_dir(&root).unwrap();
        assert!(!old.exists(), "a day-old run's layers are removed");
        assert!(fresh.is_dir() && dir.is_dir());
        // Within the hour nothing is looked at again.
        fs_err::create_dir_all(&old).unwrap();
        fs_err::File::open(&old)
            .unwrap()
            .file()
            .set_modified(two_days)
            .unwrap();
        layers_dir(&root).unwrap();
        assert!(old.is_dir());
    }

    #[test]
    fn bad_entries_are_refused_with_their_reason() {
        for (entry, why) in [
            ("@nope", "unknown cache list `@nope`"),
            ("relative/dir", "must be absolute"),
            ("~/a/../b", "must not contain `..`"),
            ("~/.npm npm-cache", "is not a variable name"),
            ("~/.npm A B", "at most one variable"),
        ] {
            let err = entries(&[entry.into()]).unwrap_err();
            assert!(err.contains(why), "{entry}: {err}");
        }
    }

    #[test]
    fn each_cache_gets_an_overlay_a_private_directory_or_stays_read_only() {
        let list = entries(&["@package-caches".into()]).unwrap();
        let c = ctx(&[("CARGO_HOME", "/h/.cargo")]);
        let existing = ["/h/.npm", "/h/.cargo/registry"];
        let is_dir = |p: &Path| existing.iter().any(|e| Path::new(e) == p);
        let (layers, tmp) = (Path::new("/d/caches/1"), Path::new("/tmp/run"));
        let ways_here = ways(&list, &c, true, (layers, tmp), &[], &is_dir);
        let find = |ways: &[Way], path: &str| {
            ways.iter()
                .find(|w| match w {
                    Way::Overlay { path: p, .. }
                    | Way::Moved { path: p, .. }
                    | Way::ReadOnly { path: p } => p == Path::new(path),
                })
                .cloned()
        };
        // Existing caches: overlays over the host's, layers of the run's own.
        assert_eq!(
            find(&ways_here, "/h/.npm"),
            Some(Way::Overlay {
                path: "/h/.npm".into(),
                upper: "/d/caches/1/0/upper".into(),
                work: "/d/caches/1/0/work".into(),
            })
        );
        assert!(matches!(
            find(&ways_here, "/h/.cargo/registry"),
            Some(Way::Overlay { .. })
        ));
        // $CARGO_HOME/registry is the same directory: once.
        let registry = ways_here
            .iter()
            .filter(|w| matches!(w, Way::Overlay { path, .. } if path == Path::new("/h/.cargo/registry")))
            .count();
        assert_eq!(registry, 1);
        // Missing with a variable: moved into TMPDIR; without one: read-only.
        assert_eq!(
            find(&ways_here, "/h/.cache/uv"),
            Some(Way::Moved {
                path: "/h/.cache/uv".into(),
                var: "UV_CACHE_DIR".into(),
                dir: "/tmp/run/terraphim-caches/uv_cache_dir".into(),
            })
        );
        assert!(matches!(
            find(&ways_here, "/h/.cargo/git"),
            Some(Way::ReadOnly { .. })
        ));
        // One variable moves one cache: yarn's second path is not set twice.
        let yarn = ways_here
            .iter()
            .filter(|w| matches!(w, Way::Moved { var, .. } if var == "YARN_CACHE_FOLDER"))
            .count();
        assert_eq!(yarn, 1);
        // $GOPATH unset: its line is skipped.
        assert!(
            ways_here
                .iter()
                .all(|w| !matches!(w, Way::Moved { path, .. } if path.starts_with("/gopath")))
        );
        // A hidden cache is left out.
        let hidden = ways(
            &list,
            &c,
            true,
            (layers, tmp),
            &["/h/.cache".into()],
            &is_dir,
        );
        assert!(find(&hidden, "/h/.cache/uv").is_none());
        assert!(find(&hidden, "/h/.npm").is_some());
        // No overlays here: every cache with a variable is moved, the others stay read-only.
        let native = ways(&list, &c, false, (layers, tmp), &[], &is_dir);
        assert!(!native.iter().any(|w| matches!(w, Way::Overlay { .. })));
        assert!(matches!(
            find(&native, "/h/.npm"),
            Some(Way::Moved { ref var, .. }) if var == "npm_config_cache"
        ));
        assert!(matches!(
            find(&native, "/h/.cargo/registry"),
            Some(Way::ReadOnly { .. })
        ));
    }
}
