//! The change set of a run: the overlay's upper layer compared with the project as it is now.
//!
//! Every entry of the upper layer is one of: a whiteout (a character device 0:0: the lower entry
//! was deleted), a directory (opaque when it replaced a lower directory, whose entries are then
//! all gone), or a file or symlink (new, or a whole copy of a changed lower file: the overlay
//! runs with `metacopy=off`, so data is never split across layers).

use std::ffi::{CString, OsString};
use std::io::Read as _;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};

use super::{Change, ChangeKind};

type Res<T> = std::io::Result<T>;

pub(super) fn lstat(p: &Path) -> Option<std::fs::Metadata> {
    fs_err::symlink_metadata(p).ok()
}

/// An overlay whiteout: a character device with device number 0:0.
pub(crate) fn is_whiteout(m: &std::fs::Metadata) -> bool {
    m.file_type().is_char_device() && m.rdev() == 0
}

fn xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let p = CString::new(path.as_os_str().as_bytes()).ok()?;
    let n = CString::new(name).ok()?;
    let mut buf = [0u8; 8];
    // SAFETY: valid NUL-terminated strings and a buffer of the length passed.
    let r = unsafe { libc::lgetxattr(p.as_ptr(), n.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
    (r >= 0).then(|| buf[..r as usize].to_vec())
}

/// An opaque upper directory hides every lower entry beneath it (it replaced a deleted one).
fn is_opaque(path: &Path) -> bool {
    ["trusted.overlay.opaque", "user.overlay.opaque"]
        .iter()
        .any(|n| xattr(path, n).is_some_and(|v| v.first() == Some(&b'y')))
}

pub(super) fn names(dir: &Path) -> Res<Vec<OsString>> {
    let mut out: Vec<OsString> = fs_err::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.file_name()))
        .collect();
    out.sort();
    Ok(out)
}

/// Whether two regular files hold the same bytes.
pub(crate) fn same_content(a: &Path, b: &Path) -> Res<bool> {
    let (mut fa, mut fb) = (fs_err::File::open(a)?, fs_err::File::open(b)?);
    if fa.metadata()?.len() != fb.metadata()?.len() {
        return Ok(false);
    }
    let (mut ba, mut bb) = (vec![0u8; 64 * 1024], vec![0u8; 64 * 1024]);
    loop {
        let n = fa.read(&mut ba)?;
        if n == 0 {
            return Ok(true);
        }
        fb.read_exact(&mut bb[..n])?;
        if ba[..n] != bb[..n] {
            return Ok(false);
        }
    }
}

pub(super) fn change(path: &Path, kind: ChangeKind, m: &std::fs::Metadata) -> Change {
    Change {
        path: path.to_string_lossy().into_owned(),
        kind,
        dir: m.is_dir(),
        bytes: if m.is_file() { m.len() } else { 0 },
        mode: m.mode() & 0o7777,
        renamed_from: None,
        nested: false,
    }
}

/// The change set of `upper` over `project`, in path order.
pub(crate) fn scan(upper: &Path, project: &Path) -> Res<Vec<Change>> {
    let mut out = Vec::new();
    walk(upper, project, Path::new(""), false, &mut out)?;
    find_renames(upper, project, &mut out);
    Ok(out)
}

fn deleted(project: &Path, rel: &Path, out: &mut Vec<Change>) {
    if let Some(m) = lstat(&project.join(rel)) {
        let mut c = change(rel, ChangeKind::Deleted, &m);
        c.mode = 0;
        out.push(c);
    }
}

/// Everything beneath a directory that is new as a whole: listed for the judgement, applied by
/// moving the directory itself. `skip` passes over entries that are no change of the run (the
/// overlay's whiteouts, the copy's skipped trees).
pub(super) fn added_tree(
    root: &Path,
    rel: &Path,
    skip: &dyn Fn(&Path, &std::fs::Metadata) -> bool,
    out: &mut Vec<Change>,
) -> Res<()> {
    for name in names(&root.join(rel))? {
        let r = rel.join(&name);
        let m = fs_err::symlink_metadata(root.join(&r))?;
        if skip(&r, &m) {
            continue;
        }
        let kind = if m.file_type().is_symlink() {
            ChangeKind::Symlink
        } else {
            ChangeKind::Added
        };
        let mut c = change(&r, kind, &m);
        c.nested = true;
        out.push(c);
        if m.is_dir() {
            added_tree(root, &r, skip, out)?;
        }
    }
    Ok(())
}

fn walk(upper: &Path, project: &Path, rel: &Path, replace: bool, out: &mut Vec<Change>) -> Res<()> {
    let here = names(&upper.join(rel))?;
    if replace {
        // An opaque directory: host entries the upper layer does not have are gone.
        if lstat(&project.join(rel)).is_some_and(|m| m.is_dir()) {
            for name in names(&project.join(rel))? {
                let live = here.binary_search(&name).is_ok()
                    && lstat(&upper.join(rel).join(&name)).is_some_and(|m| !is_whiteout(&m));
                if !live {
                    deleted(project, &rel.join(&name), out);
                }
            }
        }
    }
    for name in here {
        let r = rel.join(&name);
        let up = upper.join(&r);
        let um = fs_err::symlink_metadata(&up)?;
        let hm = lstat(&project.join(&r));
        if is_whiteout(&um) {
            if !replace {
                deleted(project, &r, out);
            }
            continue;
        }
        let link = um.file_type().is_symlink();
        let new_kind = if link {
            ChangeKind::Symlink
        } else {
            ChangeKind::Added
        };
        if um.is_dir() {
            let opaque = is_opaque(&up);
            match hm {
                Some(h) if h.is_dir() => {
                    if h.mode() & 0o7777 != um.mode() & 0o7777 {
                        out.push(change(&r, ChangeKind::Mode, &um));
                    }
                    walk(upper, project, &r, replace || opaque, out)?;
                }
                Some(_) => {
                    deleted(project, &r, out);
                    out.push(change(&r, ChangeKind::Added, &um));
                    added_tree(upper, &r, &|_, m| is_whiteout(m), out)?;
                }
                None => {
                    out.push(change(&r, ChangeKind::Added, &um));
                    added_tree(upper, &r, &|_, m| is_whiteout(m), out)?;
                }
            }
            continue;
        }
        match hm {
            None => out.push(change(&r, new_kind, &um)),
            Some(h) if h.is_dir() => {
                deleted(project, &r, out);
                out.push(change(&r, new_kind, &um));
            }
            Some(h) => {
                let host = project.join(&r);
                out.extend(entry_change(&r, (&up, &um), (&host, &h), || {
                    same_content(&up, &host)
                })?);
            }
        }
    }
    Ok(())
}

/// How the run's non-directory entry `new` at `r` differs from the host's `host` (each a path
/// and its metadata): a symlink's target or kind, a regular file's bytes (`same_bytes`, asked
/// only for two regular files), else only its permission bits; `None` when it does not.
pub(super) fn entry_change(
    r: &Path,
    (new_path, new): (&Path, &std::fs::Metadata),
    (host_path, host): (&Path, &std::fs::Metadata),
    same_bytes: impl FnOnce() -> Res<bool>,
) -> Res<Option<Change>> {
    let (link, hlink) = (new.file_type().is_symlink(), host.file_type().is_symlink());
    let differs = if link || hlink {
        link != hlink || fs_err::read_link(new_path)? != fs_err::read_link(host_path)?
    } else if new.is_file() && host.is_file() {
        !same_bytes()?
    } else {
        true
    };
    Ok(if differs {
        let kind = if link {
            ChangeKind::Symlink
        } else {
            ChangeKind::Modified
        };
        Some(change(r, kind, new))
    } else if !link && host.mode() & 0o7777 != new.mode() & 0o7777 {
        Some(change(r, ChangeKind::Mode, new))
    } else {
        None
    })
}

/// Mark a new file whose bytes equal a deleted file's as renamed from it (for the report; it is
/// applied as a deletion and a new file either way). Only a bounded number of pairs is compared.
fn find_renames(upper: &Path, project: &Path, out: &mut [Change]) {
    let gone: Vec<(String, u64)> = out
        .iter()
        .filter(|c| c.kind == ChangeKind::Deleted && !c.dir)
        .filter_map(|c| {
            lstat(&project.join(&c.path))
                .filter(|m| m.is_file())
                .map(|m| (c.path.clone(), m.len()))
        })
        .take(256)
        .collect();
    if gone.is_empty() {
        return;
    }
    let mut compared = 0;
    for c in out.iter_mut() {
        if c.kind != ChangeKind::Added || c.dir || compared > 1024 {
            continue;
        }
        for (from, len) in &gone {
            if *len != c.bytes {
                continue;
            }
            compared += 1;
            let same = same_content(&upper.join(&c.path), &project.join(from)).unwrap_or(false);
            if same {
                c.renamed_from = Some(from.clone());
                break;
            }
        }
    }
}

/// Every entry beneath a host directory (the directory excluded), relative to `project`.
pub(crate) fn host_tree(project: &Path, rel: &Path) -> Vec<(PathBuf, std::fs::Metadata)> {
    let mut out = Vec::new();
    let mut stack = vec![rel.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = names(&project.join(&dir)) else {
            continue;
        };
        for name in entries {
            let r = dir.join(name);
            if let Some(m) = lstat(&project.join(&r)) {
                if m.is_dir() {
                    stack.push(r.clone());
                }
                out.push((r, m));
            }
        }
    }
    out
}
