//! The copy fallback of the workspace profile, where no overlay can be made (no overlayfs or no
//! mount namespace here, bubblewrap forced, a multi-threaded caller). The project is copied to
//! a directory of the run's own (bounded: files, MiB; build outputs and hidden paths left out),
//! the command runs there with the rest of the profile's rules (Landlock: only the copy and the
//! private temporary directory writable), and the copy's differences from the project are the
//! change set, judged and applied or held exactly like an overlay's.
//!
//! Where the run has a mount namespace (its own or bubblewrap's) the copy is bound over the
//! project's own path, so the command sees the project where it is (tools that record absolute
//! paths record the right one), the profile's protected and hidden paths are kept as they are
//! under the overlay, and its pass-through directories are bound from the project over the
//! copy. Without one (`--no-bwrap`, no namespaces here) the command runs at the copy's path, no
//! directory passes through, and the report says where it ran (`ran_at`).
//!
//! The copy lives beside the guard's data (`$XDG_DATA_HOME/terraphim/guard-copies/<id>`), never
//! beneath it (the guard's data is protected in every profile, and a writable root cannot lie
//! under a protected path); the run's directory in the change store names it as `upper`, a
//! symlink, so `guard changes` shows and applies a held copy like a held overlay.
//!
//! Unchanged files are told by size, mode and modification time, which the copy keeps: a
//! command that edits a file and puts its time back only loses its edit (nothing is applied
//! that the scan does not see).

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::os::unix::fs::MetadataExt as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::scan::{self, change, lstat, names};
use super::{Change, ChangeKind, Run, io_err};
use crate::error::{Result, SandboxError};
use crate::profile::Profile;

type Res<T> = std::io::Result<T>;

/// What the copy left out, so the scan leaves it out too.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CopyMeta {
    /// Directory names left out wherever they are.
    pub(crate) skip_names: Vec<String>,
    /// Paths (relative) left out: hidden paths, sockets, devices.
    pub(crate) skip_paths: Vec<String>,
    /// git's object store is not copied: the copy's `.git/objects` names the project's as an
    /// alternate (read-only for the command), so only new objects land in the copy; the
    /// project's objects missing from the copy are not deletions.
    #[serde(default)]
    pub(crate) shared_objects: bool,
    /// Where the command ran when not at the project's path (no mount namespace).
    #[serde(default)]
    pub(crate) ran_at: Option<PathBuf>,
}

/// The object store of the project's git repository.
pub(crate) const OBJECTS: &str = ".git/objects";
/// The copy's pointer to the project's object store (never applied).
const ALTERNATES: &str = ".git/objects/info/alternates";
/// With the copy bound over the project, the project's own object store is out of sight at its
/// path: it is bound read-only here instead (inside the copy, never applied), and the
/// alternates file names this place.
const HOST_OBJECTS: &str = ".git/objects/info/terraphim-host-objects";

/// The copy bound over the project in the run's mount namespace: what the supervisor mounts.
#[derive(Debug, Clone)]
pub struct CopyView(pub(crate) super::OverlayDirs);

impl CopyMeta {
    fn skipped(&self, rel: &Path, dir: bool) -> bool {
        let name = rel
            .file_name()
            .map(|n| n.to_string_lossy())
            .unwrap_or_default();
        (dir && self.skip_names.iter().any(|s| *s == name))
            || self
                .skip_paths
                .iter()
                .any(|p| Path::new(p) == rel || rel.starts_with(p))
    }
}

/// The root of the copies beneath a data home.
pub(crate) fn copies_root(data: &Path) -> PathBuf {
    data.join("terraphim/guard-copies")
}

/// A workspace run on a copy of the project.
pub struct CopyRun {
    run: Run,
    copy: PathBuf,
    profile: Profile,
    /// Bound over the project in the mount namespace (else the command runs at the copy).
    view: Option<CopyView>,
}

struct Budget {
    files: u64,
    bytes: u64,
    max_files: u64,
    max_bytes: u64,
}

impl Budget {
    fn take(&mut self, bytes: u64) -> bool {
        self.files += 1;
        self.bytes += bytes;
        self.files <= self.max_files && self.bytes <= self.max_bytes
    }
}

/// Copy `src` (a directory of the project) to `dst`, leaving out what `meta` skips; special
/// files are added to `meta.skip_paths`. `Ok(false)`: past the budget.
fn copy_tree(
    project: &Path,
    rel: &Path,
    dst_root: &Path,
    meta: &mut CopyMeta,
    budget: &mut Budget,
) -> Res<bool> {
    use std::os::unix::fs::PermissionsExt as _;
    for name in names(&project.join(rel))? {
        let r = rel.join(&name);
        let (src, dst) = (project.join(&r), dst_root.join(&r));
        let Some(m) = lstat(&src) else { continue };
        let ft = m.file_type();
        if meta.skipped(&r, ft.is_dir()) {
            continue;
        }
        if ft.is_dir() && meta.shared_objects && r == Path::new(OBJECTS) {
            let info = dst.join("info");
            fs_err::create_dir_all(&info)?;
            if let Some(m) = lstat(&src.join("info")) {
                fs_err::set_permissions(&info, std::fs::Permissions::from_mode(m.mode() & 0o7777))?;
            }
            // Bound over the project, the copy names the project's objects where they are
            // bound in the copy; else where they are.
            let mut line = if meta.ran_at.is_none() {
                project.join(HOST_OBJECTS).into_os_string()
            } else {
                src.as_os_str().to_owned()
            };
            line.push("\n");
            if meta.ran_at.is_none() {
                fs_err::create_dir(dst_root.join(HOST_OBJECTS))?;
            }
            fs_err::write(dst_root.join(ALTERNATES), line.as_encoded_bytes())?;
            fs_err::set_permissions(&dst, std::fs::Permissions::from_mode(m.mode() & 0o7777))?;
            continue;
        }
        if ft.is_dir() {
            if !budget.take(0) {
                return Ok(false);
            }
            fs_err::create_dir(&dst)?;
            if !copy_tree(project, &r, dst_root, meta, budget)? {
                return Ok(false);
            }
            fs_err::set_permissions(&dst, std::fs::Permissions::from_mode(m.mode() & 0o7777))?;
        } else if ft.is_symlink() {
            if !budget.take(0) {
                return Ok(false);
            }
            std::os::unix::fs::symlink(fs_err::read_link(&src)?, &dst)?;
        } else if ft.is_file() {
            if !budget.take(m.len()) {
                return Ok(false);
            }
            fs_err::copy(&src, &dst)?;
            let f = fs_err::File::options().write(true).open(&dst)?;
            f.file().set_modified(m.modified()?)?;
        } else {
            meta.skip_paths.push(r.to_string_lossy().into_owned());
        }
    }
    Ok(true)
}

impl CopyRun {
    /// Copy the project for a run of the workspace profile `profile` (which has `[workspace]`)
    /// in `project`, with the caller's environment `env` (for `HOME` and the XDG homes).
    /// `namespaced`: the run will have a mount namespace ([`crate::mount_namespace`]), so the
    /// copy is bound over the project's own path and pass-through directories are bound from
    /// the project; else the command runs at the copy's path.
    /// `Unenforceable` when the project is past the copy's bounds or the data home lies inside
    /// it; the caller then runs `readonly`.
    pub fn prepare(
        profile: &Profile,
        project: &Path,
        env: &std::collections::BTreeMap<String, String>,
        command: &str,
        namespaced: bool,
    ) -> Result<CopyRun> {
        let settings = profile.workspace.as_ref().ok_or_else(|| {
            SandboxError::Plan(format!("profile `{}` has no [workspace]", profile.name))
        })?;
        let home = PathBuf::from(
            env.get("HOME")
                .cloned()
                .unwrap_or_else(|| "/nonexistent".into()),
        );
        let xdg = |var: &str, default: &str| {
            env.get(var)
                .filter(|v| v.starts_with('/'))
                .map_or_else(|| home.join(default), PathBuf::from)
        };
        let ctx = crate::plan::Context {
            config: xdg("XDG_CONFIG_HOME", ".config"),
            data: xdg("XDG_DATA_HOME", ".local/share"),
            home: home.clone(),
            project: project.to_path_buf(),
            env: env.clone(),
        };
        if ctx.home.starts_with(project) {
            // The home is not a project: copying it would copy every secret and cache.
            return Err(SandboxError::Unenforceable(format!(
                "profile `{}` would copy the project {}, which is the home directory or holds it",
                profile.name,
                project.display()
            )));
        }
        if ctx.data.starts_with(project) {
            return Err(SandboxError::Unenforceable(format!(
                "the copy fallback of profile `{}` keeps the copy beneath {}, which lies inside the project",
                profile.name,
                ctx.data.display()
            )));
        }
        let objects = project.join(OBJECTS);
        let shared_objects = lstat(&project.join(".git")).is_some_and(|m| m.is_dir())
            && lstat(&objects).is_some_and(|m| m.is_dir())
            && lstat(&project.join(ALTERNATES)).is_none();
        let mut meta = CopyMeta {
            skip_names: settings.copy_skip.clone(),
            skip_paths: Vec::new(),
            shared_objects,
            ran_at: None,
        };
        if shared_objects {
            meta.skip_paths.push(ALTERNATES.to_owned());
            if namespaced {
                meta.skip_paths.push(HOST_OBJECTS.to_owned());
            }
        }
        // Hidden paths of the project are never copied (the command must not read them).
        for h in crate::plan::existing(&profile.hidden, &ctx, &crate::plan::RealFs) {
            if let Ok(rel) = h.strip_prefix(project)
                && !rel.as_os_str().is_empty()
            {
                meta.skip_paths.push(rel.to_string_lossy().into_owned());
            }
        }
        let protected: Vec<PathBuf> = profile
            .protected
            .iter()
            .filter_map(|e| crate::plan::expand(e, &ctx))
            .filter_map(|p| p.strip_prefix(project).ok().map(Path::to_path_buf))
            .filter(|p| !p.as_os_str().is_empty())
            .collect();
        // Pass-through directories are bound from the project over the copy (not copied, not
        // scanned), as over the overlay; without a mount namespace there is nothing to bind.
        let pass_through = if namespaced {
            let (ok, refused) = super::pass::choose(project, &settings.pass_through, &protected);
            for why in refused {
                eprintln!("terraphim sandbox: pass-through {why}; it stays on the copy (judged)");
            }
            ok
        } else {
            Vec::new()
        };
        for p in &pass_through {
            if let Ok(rel) = p.strip_prefix(project) {
                meta.skip_paths.push(rel.to_string_lossy().into_owned());
            }
        }
        let mut run = super::prepare(
            project,
            &ctx.data,
            command,
            &profile.name,
            settings,
            protected,
        )?;
        // The run's directory names the copy as its upper layer.
        for d in [&run.dirs.upper, &run.dirs.work] {
            fs_err::remove_dir(d).map_err(io_err(d))?;
        }
        let root = copies_root(&ctx.data);
        fs_err::create_dir_all(&root).map_err(io_err(&root))?;
        let copy = root.join(&run.meta.id);
        fs_err::create_dir(&copy).map_err(io_err(&copy))?;
        std::os::unix::fs::symlink(&copy, &run.dirs.upper).map_err(io_err(&run.dirs.upper))?;
        if !namespaced {
            meta.ran_at = Some(copy.clone());
        }
        let mut budget = Budget {
            files: 0,
            bytes: 0,
            max_files: settings.copy_max_files,
            max_bytes: settings.copy_max_mb.saturating_mul(1 << 20),
        };
        let copied = copy_tree(project, Path::new(""), &copy, &mut meta, &mut budget)
            .map_err(io_err(project))?;
        if !copied {
            return Err(SandboxError::Unenforceable(format!(
                "profile `{}` needs a copy of the project here (no overlay can be made), and the project is larger than the copy's bound ({} files / {} MiB, leaving out {})",
                profile.name,
                settings.copy_max_files,
                settings.copy_max_mb,
                settings.copy_skip.join(", ")
            )));
        }
        // Mount points of the pass-through directories in the copy.
        for p in &pass_through {
            if let Ok(rel) = p.strip_prefix(project) {
                let at = copy.join(rel);
                fs_err::create_dir_all(&at).map_err(io_err(&at))?;
            }
        }
        run.meta.copy = Some(meta);
        if namespaced {
            // The profile as it is: `{project}` writable (the copy, bound over it), its
            // protected paths bound read-only from the project, its hidden paths covered.
            let mut p = profile.clone();
            p.workspace = None;
            p.name = format!("{} (copy)", profile.name);
            run.dirs.pass_through = pass_through;
            let view = CopyView(super::OverlayDirs {
                lower: project.to_path_buf(),
                upper: copy.clone(),
                work: PathBuf::new(),
                pass_through: run.dirs.pass_through.clone(),
                copy: true,
                host_objects: shared_objects.then(|| project.join(HOST_OBJECTS)),
            });
            return Ok(CopyRun {
                run,
                copy,
                profile: p,
                view: Some(view),
            });
        }
        // The command's profile: the copy writable, the project's own protected paths left to
        // the judgement (a change to one is refused whole), everything else as the profile says.
        let mut p = profile.clone();
        let of_project = |e: &String| {
            e.starts_with("{project}")
                || crate::plan::expand(e, &ctx).is_some_and(|x| x.starts_with(project))
        };
        p.read_write = p
            .read_write
            .iter()
            .filter(|e| !of_project(e))
            .cloned()
            .chain(std::iter::once(copy.to_string_lossy().into_owned()))
            .collect();
        p.protected.retain(|e| !of_project(e));
        // `{project}` is the copy now: the project's own hidden paths stay hidden too (another
        // readable root may hold the project).
        let real_hidden: Vec<String> = profile
            .hidden
            .iter()
            .filter_map(|e| e.strip_prefix("{project}"))
            .map(|rest| format!("{}{rest}", project.display()))
            .collect();
        p.hidden.extend(real_hidden);
        if shared_objects {
            // git in the copy reads the project's objects through the alternate.
            p.read_only.push(objects.to_string_lossy().into_owned());
        }
        p.workspace = None;
        p.name = format!("{} (copy)", profile.name);
        Ok(CopyRun {
            run,
            copy,
            profile: p,
            view: None,
        })
    }

    /// Where the command runs (its working directory): the project's path when the copy is
    /// bound over it, else the copy's.
    pub fn dir(&self) -> &Path {
        match &self.view {
            Some(v) => &v.0.lower,
            None => &self.copy,
        }
    }

    /// The copy itself (beside the guard's data).
    pub fn copy_dir(&self) -> &Path {
        &self.copy
    }

    /// Whether the command runs at the project's own path (the copy bound over it).
    pub fn at_project_path(&self) -> bool {
        self.view.is_some()
    }

    /// `req` as it runs on the copy: this profile, in [`CopyRun::dir`], with the copy bound
    /// over the project where there is a mount namespace.
    pub fn request(&self, req: &crate::SandboxRequest) -> crate::SandboxRequest {
        let mut r = req.clone();
        r.profile = self.profile.clone();
        r.cwd = self.dir().to_path_buf();
        r.workspace_copy = self.view.clone();
        r
    }

    /// The profile the command runs under.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// After the command: judge the copy's change set, apply or hold it.
    pub fn finish(self, report: &mut crate::RunReport) {
        self.run.finish(report);
    }
}

/// The change set of a copy over the project, in path order, in the overlay scan's terms.
pub(crate) fn scan(copy: &Path, project: &Path, meta: &CopyMeta) -> Res<Vec<Change>> {
    let mut out = Vec::new();
    walk(copy, project, Path::new(""), meta, &mut out)?;
    Ok(out)
}

fn deleted(rel: &Path, m: &std::fs::Metadata, out: &mut Vec<Change>) {
    let mut c = change(rel, ChangeKind::Deleted, m);
    c.mode = 0;
    out.push(c);
}

fn walk(
    copy: &Path,
    project: &Path,
    rel: &Path,
    meta: &CopyMeta,
    out: &mut Vec<Change>,
) -> Res<()> {
    let here = names(&copy.join(rel))?;
    let host: Vec<OsString> = names(&project.join(rel))?;
    let all: BTreeSet<&OsString> = here.iter().chain(&host).collect();
    for name in all {
        let r = rel.join(name);
        let cm = lstat(&copy.join(&r));
        let hm = lstat(&project.join(&r));
        let dir = cm.as_ref().or(hm.as_ref()).is_some_and(|m| m.is_dir());
        if meta.skipped(&r, dir) || hm.as_ref().is_some_and(|h| meta.skipped(&r, h.is_dir())) {
            continue;
        }
        let (cm, hm) = match (cm, hm) {
            (None, None) => continue,
            // The project's objects are shared, not copied: missing from the copy is not gone.
            (None, Some(_)) if meta.shared_objects && r.starts_with(OBJECTS) => continue,
            (None, Some(h)) => {
                deleted(&r, &h, out);
                continue;
            }
            (Some(c), None) => {
                let kind = if c.file_type().is_symlink() {
                    ChangeKind::Symlink
                } else {
                    ChangeKind::Added
                };
                out.push(change(&r, kind, &c));
                if c.is_dir() {
                    scan::added_tree(copy, &r, &|r, m| meta.skipped(r, m.is_dir()), out)?;
                }
                continue;
            }
            (Some(c), Some(h)) => (c, h),
        };
        let clink = cm.file_type().is_symlink();
        if cm.is_dir() && hm.is_dir() {
            if hm.mode() & 0o7777 != cm.mode() & 0o7777 {
                out.push(change(&r, ChangeKind::Mode, &cm));
            }
            walk(copy, project, &r, meta, out)?;
            continue;
        }
        if cm.is_dir() != hm.is_dir() {
            deleted(&r, &hm, out);
            let kind = if clink {
                ChangeKind::Symlink
            } else {
                ChangeKind::Added
            };
            out.push(change(&r, kind, &cm));
            if cm.is_dir() {
                scan::added_tree(copy, &r, &|r, m| meta.skipped(r, m.is_dir()), out)?;
            }
            continue;
        }
        let (cp, hp) = (copy.join(&r), project.join(&r));
        out.extend(scan::entry_change(&r, (&cp, &cm), (&hp, &hm), || {
            // A copied file keeps its stamp: the same size and mtime is the same file.
            let same_stamp = cm.len() == hm.len()
                && cm.mtime() == hm.mtime()
                && cm.mtime_nsec() == hm.mtime_nsec();
            Ok(same_stamp || scan::same_content(&cp, &hp)?)
        })?);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt as _;

    fn write(p: &Path, text: &str) {
        fs_err::create_dir_all(p.parent().unwrap()).unwrap();
        fs_err::write(p, text).unwrap();
    }

    fn env_for(tmp: &Path) -> std::collections::BTreeMap<String, String> {
        [
            ("HOME", tmp.join("home")),
            ("XDG_DATA_HOME", tmp.join("data")),
            ("XDG_CONFIG_HOME", tmp.join("config")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_string_lossy().into_owned()))
        .collect()
    }

    fn workspace() -> Profile {
        let base = include_str!("../../../../kg/profiles/workspace.toml");
        Profile::from_toml("workspace", Path::new("w.toml"), base).unwrap()
    }

    #[test]
    fn the_copy_leaves_out_build_outputs_and_secrets_and_its_scan_sees_every_kind_of_change() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("p");
        write(&project.join("src/a.rs"), "a");
        write(&project.join("src/b.rs"), "b");
        write(&project.join("keep.txt"), "keep");
        write(&project.join("mode.sh"), "echo");
        write(&project.join(".env"), "TOKEN=secret");
        write(&project.join("target/debug/app"), "bin");
        write(&project.join("web/node_modules/x/index.js"), "x");
        let run =
            CopyRun::prepare(&workspace(), &project, &env_for(tmp.path()), "c", false).unwrap();
        let copy = run.dir().to_path_buf();
        assert!(copy.join("src/a.rs").is_file());
        assert!(!copy.join(".env").exists(), "hidden paths are not copied");
        assert!(
            !copy.join("target").exists(),
            "build outputs are not copied"
        );
        assert!(!copy.join("web/node_modules").exists());
        assert!(copy.join("web").is_dir());
        assert_eq!(run.profile().name, "workspace (copy)");
        assert!(run.profile().workspace.is_none());
        assert!(
            run.profile()
                .read_write
                .contains(&copy.to_string_lossy().into_owned())
        );
        assert!(!run.profile().read_write.iter().any(|e| e == "{project}"));
        assert!(
            run.profile()
                .hidden
                .contains(&format!("{}/**/.env*", project.display())),
            "the project's own hidden paths stay hidden"
        );
        let meta = run.run.meta.copy.clone().unwrap();
        assert_eq!(
            scan(&copy, &project, &meta).unwrap(),
            vec![],
            "a fresh copy changes nothing"
        );
        // The command's work.
        fs_err::remove_dir_all(copy.join("src")).unwrap();
        write(&copy.join("new/deep.txt"), "n");
        write(&copy.join("keep.txt"), "changed");
        fs_err::set_permissions(copy.join("mode.sh"), std::fs::Permissions::from_mode(0o755))
            .unwrap();
        write(&copy.join("target/release/app"), "ignored");
        let got: Vec<(String, ChangeKind, bool)> = scan(&copy, &project, &meta)
            .unwrap()
            .into_iter()
            .map(|c| (c.path, c.kind, c.nested))
            .collect();
        assert_eq!(
            got,
            vec![
                ("keep.txt".into(), ChangeKind::Modified, false),
                ("mode.sh".into(), ChangeKind::Mode, false),
                ("new".into(), ChangeKind::Added, false),
                ("new/deep.txt".into(), ChangeKind::Added, true),
                ("src".into(), ChangeKind::Deleted, false),
            ]
        );
    }

    #[test]
    fn git_objects_are_shared_not_copied_and_only_new_ones_are_changes() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("p");
        write(&project.join(".git/HEAD"), "ref: refs/heads/main");
        write(&project.join(".git/objects/ab/cdef"), "old object");
        fs_err::create_dir_all(project.join(".git/objects/info")).unwrap();
        write(&project.join("a.txt"), "a");
        let run =
            CopyRun::prepare(&workspace(), &project, &env_for(tmp.path()), "c", false).unwrap();
        let copy = run.dir().to_path_buf();
        assert!(
            !copy.join(".git/objects/ab").exists(),
            "objects are not copied"
        );
        assert_eq!(
            fs_err::read_to_string(copy.join(ALTERNATES)).unwrap(),
            format!("{}\n", project.join(OBJECTS).display())
        );
        assert!(
            run.profile()
                .read_only
                .contains(&project.join(OBJECTS).to_string_lossy().into_owned())
        );
        let meta = run.run.meta.copy.clone().unwrap();
        assert_eq!(scan(&copy, &project, &meta).unwrap(), vec![]);
        write(&copy.join(".git/objects/12/3456"), "new object");
        write(&copy.join(".git/objects/ab/ffff"), "new in an old dir");
        let got: Vec<(String, ChangeKind)> = scan(&copy, &project, &meta)
            .unwrap()
            .into_iter()
            .map(|c| (c.path, c.kind))
            .collect();
        assert_eq!(
            got,
            vec![
                (".git/objects/12".into(), ChangeKind::Added),
                (".git/objects/12/3456".into(), ChangeKind::Added),
                (".git/objects/ab/ffff".into(), ChangeKind::Added),
            ]
        );
    }

    #[test]
    fn in_a_mount_namespace_the_copy_is_bound_over_the_project_with_its_pass_through() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("p");
        write(&project.join(".git/HEAD"), "ref: refs/heads/main");
        write(&project.join(".git/objects/ab/cdef"), "old object");
        fs_err::create_dir_all(project.join(".git/objects/info")).unwrap();
        write(&project.join("src/a.rs"), "a");
        write(&project.join("out/old.bin"), "built");
        let mut p = workspace();
        if let Some(ws) = p.workspace.as_mut() {
            ws.pass_through = vec!["out".into(), ".git".into()];
        }
        let run = CopyRun::prepare(&p, &project, &env_for(tmp.path()), "c", true).unwrap();
        let copy = run.copy_dir().to_path_buf();
        assert!(run.at_project_path());
        assert_eq!(run.dir(), project, "the command runs at the project's path");
        // The profile keeps its own rules: `{project}` writable, protected paths protected.
        assert!(run.profile().read_write.iter().any(|e| e == "{project}"));
        assert_eq!(run.profile().protected, p.protected);
        assert!(run.profile().workspace.is_none());
        // The pass-through directory is a mount point in the copy, not a copy.
        assert!(copy.join("out").is_dir());
        assert!(!copy.join("out/old.bin").exists());
        assert_eq!(run.run.dirs.pass_through, vec![project.join("out")]);
        // git reads the project's objects where they are bound inside the copy.
        assert!(copy.join(HOST_OBJECTS).is_dir());
        assert_eq!(
            fs_err::read_to_string(copy.join(ALTERNATES)).unwrap(),
            format!("{}\n", project.join(HOST_OBJECTS).display())
        );
        let req = crate::SandboxRequest::new("c", p.clone()).unwrap();
        let on_copy = run.request(&req);
        assert_eq!(on_copy.cwd, project);
        let view = on_copy.workspace_copy.clone().unwrap();
        let mounts = view.0.mounts();
        assert_eq!(
            mounts,
            vec![
                crate::plan::Mount::BindFrom {
                    src: copy.clone(),
                    path: project.clone(),
                    ro: false
                },
                crate::plan::Mount::BindFrom {
                    src: project.join(OBJECTS),
                    path: project.join(HOST_OBJECTS),
                    ro: true
                },
                crate::plan::Mount::Bind {
                    path: project.join("out"),
                    ro: false
                },
            ]
        );
        // Neither the mount points nor a fresh copy are changes; the report says where it ran.
        let meta = run.run.meta.copy.clone().unwrap();
        assert_eq!(meta.ran_at, None);
        assert_eq!(scan(&copy, &project, &meta).unwrap(), vec![]);
        write(&copy.join("src/b.rs"), "b");
        let got: Vec<String> = scan(&copy, &project, &meta)
            .unwrap()
            .into_iter()
            .map(|c| c.path)
            .collect();
        assert_eq!(got, vec!["src/b.rs".to_owned()]);
        // Without a mount namespace: the copy's path, no pass-through, and the report says so.
        let run = CopyRun::prepare(&p, &project, &env_for(tmp.path()), "c", false).unwrap();
        assert!(!run.at_project_path());
        assert_eq!(run.dir(), run.copy_dir());
        assert!(run.request(&req).workspace_copy.is_none());
        assert!(run.run.dirs.pass_through.is_empty());
        assert!(
            run.copy_dir().join("out/old.bin").exists(),
            "copied, not bound"
        );
        let meta = run.run.meta.copy.clone().unwrap();
        assert_eq!(meta.ran_at.as_deref(), Some(run.copy_dir()));
        assert_eq!(
            fs_err::read_to_string(run.copy_dir().join(ALTERNATES)).unwrap(),
            format!("{}\n", project.join(OBJECTS).display())
        );
    }

    #[test]
    fn a_project_past_the_bound_is_not_copied() {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("p");
        for i in 0..5 {
            write(&project.join(format!("f{i}")), "x");
        }
        let mut p = workspace();
        if let Some(ws) = p.workspace.as_mut() {
            ws.copy_max_files = 3;
        }
        let err = CopyRun::prepare(&p, &project, &env_for(tmp.path()), "c", false)
            .err()
            .unwrap();
        assert!(
            matches!(err, SandboxError::Unenforceable(ref m) if m.contains("larger than the copy's bound")),
            "{err}"
        );
    }
}
