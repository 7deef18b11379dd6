//! Pass-through directories of the workspace profile: build outputs (`target`, `node_modules`)
//! bound writable straight through the overlay, for speed. What the command writes there is not
//! judged, so they are chosen carefully and checked after the run:
//! - an entry must be a relative path to a real directory of the project, reached without a
//!   symlink (a symlinked `target` would bind whatever it points to), outside `.git`, beneath no
//!   protected path and none of the files host tools run;
//! - after the run, a symlink made in one that leads out of it (absolute, or `..` past its top)
//!   is removed and reported, so a pass-through directory cannot become a way to plant a link
//!   that host tools follow to somewhere else.

use std::os::unix::fs::MetadataExt as _;
use std::path::{Component, Path, PathBuf};

/// The pass-through directories of `entries` that may be bound for `project`, and why each
/// other one is not (for the run's notes).
pub(crate) fn choose(
    project: &Path,
    entries: &[String],
    protected: &[PathBuf],
) -> (Vec<PathBuf>, Vec<String>) {
    let (mut ok, mut refused) = (Vec::new(), Vec::new());
    if entries.is_empty() {
        return (ok, refused);
    }
    let Ok(real_project) = fs_err::canonicalize(project) else {
        return (ok, refused);
    };
    for e in entries {
        let rel = Path::new(e);
        let plain = !e.is_empty() && rel.components().all(|c| matches!(c, Component::Normal(_)));
        if !plain {
            refused.push(format!("`{e}` is not a plain relative path"));
            continue;
        }
        if rel.starts_with(".git")
            || super::judge::protected(rel, protected).is_some()
            || protected.iter().any(|p| p.starts_with(rel))
            || super::judge::host_tool_path(rel)
        {
            refused.push(format!(
                "`{e}` is or holds a protected path or files host tools run"
            ));
            continue;
        }
        let path = project.join(rel);
        match fs_err::symlink_metadata(&path) {
            Ok(m) if m.is_dir() => {}
            // Missing: nothing to bind; what the command writes there is judged as usual.
            Err(_) => continue,
            Ok(_) => {
                refused.push(format!("`{e}` is not a directory (a symlink, or a file)"));
                continue;
            }
        }
        // No symlink on the way: the real path is the project's own.
        match fs_err::canonicalize(&path) {
            Ok(real) if real == real_project.join(rel) => ok.push(path),
            _ => refused.push(format!("`{e}` is reached through a symlink")),
        }
    }
    (ok, refused)
}

/// Whether a symlink at `link` (beneath `top`) with target `target` leads out of `top`.
pub(crate) fn escapes(top: &Path, link: &Path, target: &Path) -> bool {
    if target.is_absolute() {
        return !target.starts_with(top)
            || target
                .components()
                .any(|c| matches!(c, Component::ParentDir));
    }
    let Ok(rel) = link.parent().unwrap_or(top).strip_prefix(top) else {
        return true;
    };
    let mut depth: i64 = rel.components().count() as i64;
    for c in target.components() {
        match c {
            Component::ParentDir => {
                depth -= 1;
                if depth < 0 {
                    return true;
                }
            }
            Component::Normal(_) => depth += 1,
            _ => {}
        }
    }
    false
}

/// After the run: remove the symlinks made in the pass-through directories since `since` (a
/// change time) that lead out of their directory; returns the removed links (absolute).
pub(crate) fn sweep(dirs: &[PathBuf], since: (i64, i64)) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    for top in dirs {
        let mut stack = vec![top.clone()];
        while let Some(dir) = stack.pop() {
            let Ok(entries) = fs_err::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                let Ok(ft) = e.file_type() else { continue };
                let path = e.path();
                if ft.is_dir() {
                    stack.push(path);
                } else if ft.is_symlink() {
                    let Ok(m) = fs_err::symlink_metadata(&path) else {
                        continue;
                    };
                    if (m.ctime(), m.ctime_nsec()) < since {
                        continue;
                    }
                    let bad = fs_err::read_link(&path).is_ok_and(|t| escapes(top, &path, &t));
                    if bad && fs_err::remove_file(&path).is_ok() {
                        removed.push(path);
                    }
                }
            }
        }
    }
    removed.sort();
    removed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn which_directories_may_pass_through() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("p");
        for d in [
            "target",
            "web/node_modules",
            ".git/objects",
            "kg/out",
            ".github/workflows",
        ] {
            fs_err::create_dir_all(p.join(d)).unwrap();
        }
        let outside = tmp.path().join("elsewhere");
        fs_err::create_dir_all(&outside).unwrap();
        std::os::unix::fs::symlink(&outside, p.join("dist")).unwrap();
        fs_err::create_dir_all(p.join("real")).unwrap();
        std::os::unix::fs::symlink(p.join("real"), p.join("via")).unwrap();
        fs_err::create_dir_all(p.join("real/build")).unwrap();
        let entries: Vec<String> = [
            "target",
            "web/node_modules",
            "missing",
            "dist",
            "via/build",
            ".git/objects",
            "kg/out",
            "kg",
            ".github",
            "../up",
            "/abs",
            "",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        let (ok, refused) = choose(&p, &entries, &[PathBuf::from("kg")]);
        assert_eq!(ok, vec![p.join("target"), p.join("web/node_modules")]);
        assert_eq!(refused.len(), 9, "{refused:#?}");
    }

    #[test]
    fn links_that_lead_out_of_their_directory() {
        let top = Path::new("/p/target");
        let cases = [
            ("/p/target/a", "b", false),
            ("/p/target/d/a", "../b", false),
            ("/p/target/a", "../src/main.rs", true),
            ("/p/target/d/a", "../../x", true),
            ("/p/target/a", "/home/u/.bashrc", true),
            ("/p/target/a", "/p/target/b", false),
            ("/p/target/a", "/p/target/../.git/hooks/pre-commit", true),
            ("/p/target/a", "d/../../x", true),
        ];
        for (link, target, want) in cases {
            assert_eq!(
                escapes(top, Path::new(link), Path::new(target)),
                want,
                "{link} -> {target}"
            );
        }
    }

    #[test]
    fn escaping_links_made_during_the_run_are_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let top = tmp.path().join("target");
        fs_err::create_dir_all(top.join("d")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", top.join("old")).unwrap();
        let since = {
            let m = fs_err::symlink_metadata(top.join("old")).unwrap();
            (m.ctime(), m.ctime_nsec() + 1)
        };
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::os::unix::fs::symlink("../../outside", top.join("d/bad")).unwrap();
        std::os::unix::fs::symlink("sibling", top.join("d/good")).unwrap();
        let removed = sweep(std::slice::from_ref(&top), since);
        assert_eq!(removed, vec![top.join("d/bad")]);
        assert!(fs_err::symlink_metadata(top.join("d/good")).is_ok());
        assert!(
            fs_err::symlink_metadata(top.join("old")).is_ok(),
            "only links made during the run"
        );
    }
}
