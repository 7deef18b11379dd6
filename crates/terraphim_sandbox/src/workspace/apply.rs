//! Applying a judged change set to the project: deletions first (deepest first), then new and
//! changed entries in path order, each moved from the upper layer with one `rename` (atomic per
//! file; a new directory moves whole). Across file systems a file is copied next to its target
//! and renamed over it, which is still atomic per file.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt as _;
use std::os::unix::fs::PermissionsExt as _;
use std::path::Path;

use super::{Change, ChangeKind};

/// Remove overlayfs's own extended attributes (`trusted.overlay.*`, `user.overlay.*`) that a
/// copied-up entry carries, so the project holds plain files.
fn strip_overlay_xattrs(path: &Path) {
    let Ok(p) = CString::new(path.as_os_str().as_bytes()) else {
        return;
    };
    let mut buf = [0u8; 1024];
    // SAFETY: a valid path and a buffer of the length passed.
    let n = unsafe { libc::llistxattr(p.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
    if n <= 0 {
        return;
    }
    for name in buf[..n as usize].split(|b| *b == 0) {
        if (name.starts_with(b"trusted.overlay.") || name.starts_with(b"user.overlay."))
            && let Ok(n) = CString::new(name)
        {
            // SAFETY: valid NUL-terminated path and attribute name.
            unsafe { libc::lremovexattr(p.as_ptr(), n.as_ptr()) };
        }
    }
}

/// Swap `src` and an existing `dst` atomically (`renameat2(RENAME_EXCHANGE)`); `Ok(false)` where
/// the file system cannot. Replacing a file with a plain rename makes ext4 (`auto_da_alloc`)
/// write the new file's data out there and then, about 3 ms a file here; an exchange does not.
fn exchange(src: &Path, dst: &Path) -> io::Result<bool> {
    let (s, d) = (
        CString::new(src.as_os_str().as_bytes())
            .map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?,
        CString::new(dst.as_os_str().as_bytes())
            .map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?,
    );
    // SAFETY: valid NUL-terminated paths relative to the current directory's descriptor.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            s.as_ptr(),
            libc::AT_FDCWD,
            d.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        return Ok(true);
    }
    let e = io::Error::last_os_error();
    match e.raw_os_error() {
        Some(libc::EINVAL | libc::ENOSYS | libc::EOPNOTSUPP) => Ok(false),
        _ => Err(io::Error::new(
            e.kind(),
            format!("exchange {} with {}: {e}", src.display(), dst.display()),
        )),
    }
}

/// Move `src` over `dst` (rename; across file systems a copy beside `dst`, then a rename).
fn move_into(src: &Path, dst: &Path) -> io::Result<()> {
    let replaces_file = fs_err::symlink_metadata(dst).is_ok_and(|m| !m.is_dir());
    let src_file = fs_err::symlink_metadata(src).is_ok_and(|m| !m.is_dir());
    if replaces_file && src_file {
        match exchange(src, dst) {
            Ok(true) => {
                strip_overlay_xattrs(dst);
                // `src` now holds the replaced file, which the upper layer does not need.
                return fs_err::remove_file(src);
            }
            Ok(false) => {}
            Err(e) if e.raw_os_error() == Some(libc::EXDEV) => return copy_over(src, dst),
            Err(e) => return Err(e),
        }
    }
    match fs_err::rename(src, dst) {
        Ok(()) => {
            strip_overlay_xattrs(dst);
            Ok(())
        }
        Err(e) if e.raw_os_error() == Some(libc::EXDEV) => copy_over(src, dst),
        Err(e) => Err(e),
    }
}

fn copy_over(src: &Path, dst: &Path) -> io::Result<()> {
    let m = fs_err::symlink_metadata(src)?;
    if m.is_dir() {
        fs_err::create_dir(dst)?;
        fs_err::set_permissions(dst, m.permissions())?;
        for entry in fs_err::read_dir(src)? {
            let entry = entry?;
            copy_over(&entry.path(), &dst.join(entry.file_name()))?;
        }
        return Ok(());
    }
    let name = dst
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = dst.with_file_name(format!(".{name}.terraphim-apply-{}", std::process::id()));
    let _ = fs_err::remove_file(&tmp);
    if m.file_type().is_symlink() {
        std::os::unix::fs::symlink(fs_err::read_link(src)?, &tmp)?;
    } else {
        fs_err::copy(src, &tmp)?;
        fs_err::set_permissions(&tmp, std::fs::Permissions::from_mode(m.mode_bits()))?;
    }
    fs_err::rename(&tmp, dst)
}

trait ModeBits {
    fn mode_bits(&self) -> u32;
}

impl ModeBits for std::fs::Metadata {
    fn mode_bits(&self) -> u32 {
        std::os::unix::fs::MetadataExt::mode(self) & 0o7777
    }
}

fn remove(path: &Path) -> io::Result<()> {
    let r = match fs_err::symlink_metadata(path) {
        Ok(m) if m.is_dir() => fs_err::remove_dir_all(path),
        Ok(_) => fs_err::remove_file(path),
        Err(e) => Err(e),
    };
    match r {
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

/// Refuses a target whose directory, symlinks resolved, is not inside the project (a directory
/// of the project replaced by a symlink on the host after the judgement must not lead a rename
/// or a deletion elsewhere). Checked directories are remembered.
struct Inside {
    root: std::path::PathBuf,
    seen: std::collections::HashSet<std::path::PathBuf>,
}

impl Inside {
    fn check(&mut self, dst: &Path) -> io::Result<()> {
        let parent = dst.parent().unwrap_or(dst);
        if self.seen.contains(parent) {
            return Ok(());
        }
        let real = fs_err::canonicalize(parent)?;
        if !real.starts_with(&self.root) {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                format!(
                    "refusing to write {}: its directory resolves to {}, outside the project",
                    dst.display(),
                    real.display()
                ),
            ));
        }
        self.seen.insert(parent.to_path_buf());
        Ok(())
    }
}

/// Apply `changes` from `upper` to `project`; returns how many entries were written or removed.
pub(crate) fn apply(changes: &[Change], upper: &Path, project: &Path) -> io::Result<u64> {
    let mut done = 0u64;
    let mut inside = Inside {
        root: fs_err::canonicalize(project)?,
        seen: std::collections::HashSet::new(),
    };
    let mut deletions: Vec<&Change> = changes
        .iter()
        .filter(|c| c.kind == ChangeKind::Deleted)
        .collect();
    deletions.sort_by_key(|c| std::cmp::Reverse(Path::new(&c.path).components().count()));
    for c in deletions {
        let dst = project.join(&c.path);
        inside.check(&dst)?;
        remove(&dst)?;
        done += 1;
    }
    for c in changes
        .iter()
        .filter(|c| c.kind != ChangeKind::Deleted && !c.nested)
    {
        let (src, dst) = (upper.join(&c.path), project.join(&c.path));
        inside.check(&dst)?;
        if c.dir && c.kind == ChangeKind::Mode {
            fs_err::set_permissions(&dst, std::fs::Permissions::from_mode(c.mode))?;
        } else {
            move_into(&src, &dst)?;
        }
        done += 1;
    }
    Ok(done)
}
