//! Violations read from the command's stderr. Landlock denials leave no log a process can read
//! cheaply, so file-system violations are recognised from the error messages tools print, and the
//! evidence says so (`stderr heuristic: ...`). Exact sources (seccomp notifications, signals, the
//! supervisor's own timers) are handled elsewhere.

use std::path::{Path, PathBuf};

use crate::report::ViolationKind;

/// What a stderr line is judged against.
pub(crate) struct Judge<'a> {
    pub(crate) cwd: &'a Path,
    pub(crate) read_roots: &'a [PathBuf],
    pub(crate) write_roots: &'a [PathBuf],
    pub(crate) hidden: &'a [PathBuf],
    pub(crate) protected: &'a [PathBuf],
    /// Resolve a path on the host (symlinks followed), `None` when it does not exist.
    pub(crate) resolve: &'a dyn Fn(&Path) -> Option<PathBuf>,
}

const WRITE_VERBS: &[&str] = &[
    "cannot touch",
    "cannot create",
    "cannot remove",
    "cannot move",
    "cannot make",
    "cannot overwrite",
    "cannot change",
    "cannot link",
    "failed to create",
    "for writing",
    "cannot open file for writing",
    "unable to write",
    "could not write",
    "could not create",
    "cannot write",
];

const MEMORY_MARKS: &[&str] = &[
    "cannot allocate memory",
    "memoryerror",
    "out of memory",
    "xmalloc: cannot allocate",
    "xrealloc: cannot allocate",
    "memory allocation of",
    "std::bad_alloc",
    "heap out of memory",
];

/// The path a tool's error message is about: the last quoted path, or the part before the
/// error text in `tool: PATH: error` form.
fn path_in(line: &str, error_at: usize) -> Option<String> {
    let head = &line[..error_at];
    for (open, close) in [('\'', '\''), ('‘', '’'), ('"', '"'), ('`', '\'')] {
        if let Some(end) = head.rfind(close)
            && let Some(start) = head[..end].rfind(open)
        {
            let p = &head[start + open.len_utf8()..end];
            if !p.is_empty() {
                return Some(p.to_owned());
            }
        }
    }
    let tail = line[error_at..].trim_start_matches(|c: char| c != ':' && c != '\'' && c != '"');
    if let Some(q) = tail
        .strip_prefix(": '")
        .or_else(|| tail.strip_prefix(": \""))
    {
        return q.find(['\'', '"']).map(|e| q[..e].to_owned());
    }
    let head = head.trim_end().trim_end_matches(':');
    let part = head.rsplit(": ").next()?.trim();
    (!part.is_empty() && !part.contains(' ')).then(|| part.to_owned())
}

impl Judge<'_> {
    fn absolute(&self, p: &str) -> PathBuf {
        let p = Path::new(p);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.cwd.join(p)
        }
    }

    fn under(path: &Path, roots: &[PathBuf]) -> bool {
        roots.iter().any(|r| path.starts_with(r))
    }

    /// Judge one line of stderr.
    pub(crate) fn line(&self, line: &str) -> Option<(ViolationKind, String, String)> {
        let lower = line.to_ascii_lowercase();
        let evidence = || format!("stderr heuristic: `{}`", line.trim());
        if let Some(mark) = MEMORY_MARKS.iter().find(|m| lower.contains(*m)) {
            return Some((
                ViolationKind::Memory,
                format!("allocation failed ({mark})"),
                evidence(),
            ));
        }
        if lower.contains("cpu time limit exceeded") {
            return Some((
                ViolationKind::Cpu,
                "a process hit the CPU limit".into(),
                evidence(),
            ));
        }
        if lower.contains("file size limit exceeded") {
            return Some((
                ViolationKind::FsWrite,
                "a process hit the file size limit".into(),
                evidence(),
            ));
        }
        if let Some(at) = lower.find("device or resource busy")
            && path_in(line, at).is_none()
        {
            // git names the path without quotes: `error: could not write config file
            // .git/config: Device or resource busy` (its rename of `config.lock` over a
            // protected path bound read-only). The message's last word is the path.
            let head = line[..at].trim_end().trim_end_matches(':');
            if let Some(raw) = head.rsplit(' ').next() {
                let path = self.absolute(raw);
                if Self::under(&path, self.protected) {
                    return Some((
                        ViolationKind::FsWrite,
                        format!("write to protected path {}", path.display()),
                        evidence(),
                    ));
                }
            }
        }
        let errors = [
            "permission denied",
            "read-only file system",
            "no such file or directory",
            // A mount point (a pinned `.git`, a protected path) cannot be renamed or removed.
            "device or resource busy",
            // A link or rename across the sandbox's mounts, or without Landlock's refer right.
            "invalid cross-device link",
        ];
        let (error, at) = errors
            .iter()
            .find_map(|e| lower.find(e).map(|at| (*e, at)))?;
        let raw = path_in(line, at)?;
        let path = self.absolute(&raw);
        let resolved = (self.resolve)(&path);
        let in_hidden = |p: &Path| Self::under(p, self.hidden);
        if in_hidden(&path) || resolved.as_deref().is_some_and(in_hidden) {
            return Some((
                ViolationKind::FsRead,
                format!("hidden path {}", path.display()),
                evidence(),
            ));
        }
        if error == "no such file or directory" {
            // Missing in the sandbox's view but present on the host outside every root: the
            // private `/tmp` and the namespaces' view hide it (a symlink to a host path).
            let outside = resolved.as_deref().is_some_and(|p| {
                !Self::under(p, self.read_roots) && !Self::under(p, self.write_roots)
            });
            return outside.then(|| {
                (
                    ViolationKind::FsRead,
                    format!(
                        "read outside the readable roots: {} (not in the sandbox's view)",
                        path.display()
                    ),
                    evidence(),
                )
            });
        }
        let in_protected = Self::under(&path, self.protected)
            || resolved
                .as_deref()
                .is_some_and(|p| Self::under(p, self.protected));
        // `/proc/PID/...` of another process is denied by Landlock's ptrace rules, not by the
        // file-system roots: reading another process's environment or memory.
        let other_process = path
            .strip_prefix("/proc")
            .ok()
            .and_then(|rest| rest.components().next())
            .is_some_and(|c| {
                c.as_os_str()
                    .to_str()
                    .is_some_and(|s| s.bytes().all(|b| b.is_ascii_digit()))
            });
        let write_verb = WRITE_VERBS.iter().any(|v| lower.contains(v));
        if other_process && !write_verb && error == "permission denied" {
            return Some((
                ViolationKind::Ptrace,
                format!("read of another process's {}", path.display()),
                evidence(),
            ));
        }
        let writing = write_verb
            || error == "read-only file system"
            || error == "device or resource busy"
            || error == "invalid cross-device link"
            || in_protected
            // A denied access to a path that does not exist was an attempt to create it.
            || resolved.is_none()
            // A readable path that is still denied was denied for writing.
            || resolved.as_deref().is_some_and(|p| Self::under(p, self.read_roots) || Self::under(p, self.write_roots));
        if writing {
            let what = if in_protected {
                "protected path"
            } else if Self::under(&path, self.read_roots) {
                "read-only path"
            } else {
                "path outside the writable roots"
            };
            Some((
                ViolationKind::FsWrite,
                format!("write to {what} {}", path.display()),
                evidence(),
            ))
        } else {
            Some((
                ViolationKind::FsRead,
                format!("read outside the readable roots: {}", path.display()),
                evidence(),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[track_caller]
    fn check(line: &str, want: Option<(ViolationKind, &str)>) {
        let read = [PathBuf::from("/usr"), PathBuf::from("/p")];
        let write = [PathBuf::from("/t")];
        let hidden = [PathBuf::from("/h/.ssh"), PathBuf::from("/p/.env")];
        let protected = [PathBuf::from("/p/.git/hooks")];
        let resolve = |p: &Path| -> Option<PathBuf> {
            match p.to_str()? {
                "/p/link" => Some("/h/.ssh/id".into()),
                "/p/homelink/notes" => Some("/h/notes".into()),
                "/p/README" | "/p" | "/root" | "/etc/passwd" | "/p/.git/hooks" => {
                    Some(p.to_path_buf())
                }
                _ => None,
            }
        };
        let judge = Judge {
            cwd: Path::new("/p"),
            read_roots: &read,
            write_roots: &write,
            hidden: &hidden,
            protected: &protected,
            resolve: &resolve,
        };
        let got = judge.line(line).map(|(k, d, e)| {
            assert!(e.starts_with("stderr heuristic: `"), "{e}");
            (k, d)
        });
        assert_eq!(got.as_ref().map(|(k, d)| (*k, d.as_str())), want, "{line}");
    }

    #[test]
    fn stderr_lines() {
        use ViolationKind::*;
        check(
            "cat: /h/.ssh/id: Permission denied",
            Some((FsRead, "hidden path /h/.ssh/id")),
        );
        check(
            "cat: /h/.ssh/id: No such file or directory",
            Some((FsRead, "hidden path /h/.ssh/id")),
        );
        check(
            "cat: link: Permission denied",
            Some((FsRead, "hidden path /p/link")),
        );
        check(
            "cat: link: No such file or directory",
            Some((FsRead, "hidden path /p/link")),
        );
        check(
            "cat: /etc/passwd: Permission denied",
            Some((FsRead, "read outside the readable roots: /etc/passwd")),
        );
        check(
            "touch: cannot touch '/root/x': Permission denied",
            Some((FsWrite, "write to path outside the writable roots /root/x")),
        );
        check(
            "bash: line 1: /root/x: Permission denied",
            Some((FsWrite, "write to path outside the writable roots /root/x")),
        );
        check(
            "touch: cannot touch 'new': Read-only file system",
            Some((FsWrite, "write to read-only path /p/new")),
        );
        check(
            "bash: line 1: README: Permission denied",
            Some((FsWrite, "write to read-only path /p/README")),
        );
        check(
            "bash: .git/hooks/pre-commit: Read-only file system",
            Some((FsWrite, "write to protected path /p/.git/hooks/pre-commit")),
        );
        check(
            "PermissionError: [Errno 13] Permission denied: '/root/y'",
            Some((FsWrite, "write to path outside the writable roots /root/y")),
        );
        check(
            "ls: cannot open directory '/root': Permission denied",
            Some((FsRead, "read outside the readable roots: /root")),
        );
        check("cat: missing: No such file or directory", None);
        check(
            "ln: failed to create hard link 'suid' => '/usr/bin/passwd': Invalid cross-device link",
            Some((FsWrite, "write to read-only path /usr/bin/passwd")),
        );
        // Missing in the sandbox's view, present on the host outside the roots.
        check(
            "cat: homelink/notes: No such file or directory",
            Some((
                FsRead,
                "read outside the readable roots: /p/homelink/notes (not in the sandbox's view)",
            )),
        );
        check(
            "mv: cannot move '/p/.git' to '/p/.git_old': Device or resource busy",
            Some((
                ViolationKind::FsWrite,
                "write to read-only path /p/.git_old",
            )),
        );
        check("all good", None);
        check(
            "error: could not write config file .git/hooks/pre-push: Device or resource busy",
            Some((FsWrite, "write to protected path /p/.git/hooks/pre-push")),
        );
        check(
            "cat: /proc/1/environ: Permission denied",
            Some((Ptrace, "read of another process's /proc/1/environ")),
        );
        check(
            "bash: line 1: /proc/42/mem: Permission denied",
            Some((Ptrace, "read of another process's /proc/42/mem")),
        );
        check(
            "touch: cannot touch '/proc/42/x': Permission denied",
            Some((
                FsWrite,
                "write to path outside the writable roots /proc/42/x",
            )),
        );
        check(
            "bash: xrealloc: cannot allocate 18446744071562067968 bytes",
            Some((Memory, "allocation failed (xrealloc: cannot allocate)")),
        );
        check(
            "MemoryError",
            Some((Memory, "allocation failed (memoryerror)")),
        );
        check(
            "bash: line 1:  7 CPU time limit exceeded (core dumped) x",
            Some((Cpu, "a process hit the CPU limit")),
        );
    }
}
