//! The workspace profile's overlay: a detached overlayfs mount of the project (the project as
//! its only lower layer, the run's own upper and work directories), made with the new mount API
//! (`fsopen`, `fsconfig`, `fsmount`) while the host view is still intact and writable, and
//! attached over the project in the namespace's view like any other bind.

use std::ffi::CString;
use std::io;
use std::os::fd::{FromRawFd as _, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;

const FSOPEN_CLOEXEC: libc::c_uint = 1;
const FSMOUNT_CLOEXEC: libc::c_uint = 1;
const FSCONFIG_SET_FLAG: libc::c_uint = 0;
const FSCONFIG_SET_STRING: libc::c_uint = 1;
const FSCONFIG_CMD_CREATE: libc::c_uint = 6;

/// Whether the kernel knows overlayfs (`/proc/filesystems`).
pub(crate) fn available() -> bool {
    fs_err::read_to_string("/proc/filesystems").is_ok_and(|t| {
        t.lines()
            .any(|l| l.split_whitespace().last() == Some("overlay"))
    })
}

fn c(text: &str) -> io::Result<CString> {
    CString::new(text).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))
}

fn config(fs: &OwnedFd, cmd: libc::c_uint, key: &str, value: Option<&[u8]>) -> io::Result<()> {
    use std::os::fd::AsRawFd as _;
    let k = c(key)?;
    let v = match value {
        Some(v) => Some(CString::new(v).map_err(|_| io::Error::from_raw_os_error(libc::EINVAL))?),
        None => None,
    };
    let key_ptr = if cmd == FSCONFIG_CMD_CREATE {
        std::ptr::null()
    } else {
        k.as_ptr()
    };
    // SAFETY: a valid fs context descriptor and NUL-terminated strings (or null) for the call.
    let r = unsafe {
        libc::syscall(
            libc::SYS_fsconfig,
            fs.as_raw_fd(),
            cmd,
            key_ptr,
            v.as_ref().map_or(std::ptr::null(), |v| v.as_ptr()),
            0,
        )
    };
    if r < 0 {
        let e = io::Error::last_os_error();
        return Err(io::Error::new(
            e.kind(),
            format!("overlay option {key}: {e}"),
        ));
    }
    Ok(())
}

/// Escape a path for overlayfs's `lowerdir` list (`:` separates layers, `\` escapes).
fn escape(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    for &b in path.as_os_str().as_bytes() {
        if b == b':' || b == b'\\' || b == b',' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out
}

/// A detached overlay mount: `lower` read through, writes into `upper` (`work` is overlayfs's
/// scratch directory on the same file system). Plain upper files: no metacopy, no redirects
/// (`nofollow`: `off` means "follow", which `userxattr` refuses), no index, so every changed file is whole in `upper` and applying it is a rename. `userxattr`
/// for a mount made inside a user namespace (whiteouts and opaque markers then use `user.*`
/// extended attributes).
pub(crate) fn create(
    lower: &Path,
    upper: &Path,
    work: &Path,
    userxattr: bool,
) -> io::Result<OwnedFd> {
    let name = c("overlay")?;
    // SAFETY: a NUL-terminated file system name; returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_fsopen, name.as_ptr(), FSOPEN_CLOEXEC) };
    if fd < 0 {
        let e = io::Error::last_os_error();
        return Err(io::Error::new(
            e.kind(),
            format!("open an overlay context: {e}"),
        ));
    }
    // SAFETY: fd was just created and is owned here.
    let fs = unsafe { OwnedFd::from_raw_fd(fd as RawFd) };
    // `lowerdir+` (Linux 6.8) takes one layer without escaping; older kernels get the list form.
    if config(
        &fs,
        FSCONFIG_SET_STRING,
        "lowerdir+",
        Some(lower.as_os_str().as_bytes()),
    )
    .is_err()
    {
        config(&fs, FSCONFIG_SET_STRING, "lowerdir", Some(&escape(lower)))?;
    }
    config(
        &fs,
        FSCONFIG_SET_STRING,
        "upperdir",
        Some(upper.as_os_str().as_bytes()),
    )?;
    config(
        &fs,
        FSCONFIG_SET_STRING,
        "workdir",
        Some(work.as_os_str().as_bytes()),
    )?;
    for (key, value) in [
        ("redirect_dir", "nofollow"),
        ("metacopy", "off"),
        ("index", "off"),
        ("xino", "off"),
    ] {
        config(&fs, FSCONFIG_SET_STRING, key, Some(value.as_bytes()))?;
    }
    // The upper layer is thrown away or applied right after the run, never mounted again: no
    // sync of the whole upper file system when the overlay goes away (without `volatile` the
    // end of every run waited for all dirty data of that file system, other programs' too).
    config(&fs, FSCONFIG_SET_FLAG, "volatile", None)?;
    if userxattr {
        config(&fs, FSCONFIG_SET_FLAG, "userxattr", None)?;
    }
    config(&fs, FSCONFIG_CMD_CREATE, "create", None)?;
    use std::os::fd::AsRawFd as _;
    // SAFETY: a configured fs context; returns a new mount descriptor or -1.
    let m = unsafe { libc::syscall(libc::SYS_fsmount, fs.as_raw_fd(), FSMOUNT_CLOEXEC, 0u32) };
    if m < 0 {
        let e = io::Error::last_os_error();
        return Err(io::Error::new(
            e.kind(),
            format!("mount the overlay of {}: {e}", lower.display()),
        ));
    }
    // SAFETY: m was just created and is owned here.
    Ok(unsafe { OwnedFd::from_raw_fd(m as RawFd) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowerdir_list_escapes_separators() {
        assert_eq!(escape(Path::new("/a:b\\c,d")), b"/a\\:b\\\\c\\,d".to_vec());
        assert_eq!(escape(Path::new("/plain/path")), b"/plain/path".to_vec());
    }
}
