//! Violations read from the command's stderr. Landlock denials leave no log a process can read
//! cheaply, so file-system violations are recognised from the error messages tools print, and the
//! evidence says so (`stderr heuristic: ...`). Exact sources (seccomp notifications, signals, the
//! supervisor's own timers) are handled elsewhere.

use std::path::{Path, PathBuf};

use crate::report::{Cause, Target, Violation, ViolationKind};

/// What a stderr line is judged against.
pub(crate) struct Judge<'a> {
    /// The shell command of the run: a tool named at the start of an error message is taken as
    /// the program that made the attempt only when the command names it as a word.
    pub(crate) command: &'a str,
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

/// For a protected path in git's store of submodules or worktrees, why the ordinary commands
/// that write there fail under a profile that writes the project directly, and what to do.
pub(crate) fn git_store_hint(path: &Path) -> &'static str {
    let s = path.to_string_lossy();
    if s.contains("/.git/modules") || s.contains("/.git/worktrees") {
        "; `git submodule update` and `git worktree add` write there, and the host's git trusts \
         what they leave (config, hooks, commondir): run them under the `workspace` profile, \
         whose change set is judged file by file, or outside the sandbox"
    } else {
        ""
    }
}

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

    /// The program a tool's message names (`touch: cannot touch ...` -> `touch`), when the
    /// run's command names it as a word.
    fn program(&self, line: &str) -> Option<Vec<String>> {
        let (head, _) = line.split_once(':')?;
        let name = head.trim();
        let plain = !name.is_empty()
            && name.bytes().all(|b| {
                b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'+' | b'/')
            });
        let base = name.rsplit('/').next().unwrap_or(name);
        let named = self
            .command
            .split(|c: char| c.is_whitespace() || ";|&()<>`$\"'".contains(c))
            .any(|w| w == name || w.rsplit('/').next() == Some(base));
        // `bash: line 1: ...` is the run's own shell (it runs `bash -c COMMAND`): a redirection.
        (plain && (named || base == "bash")).then(|| vec![base.to_owned()])
    }

    /// Judge one line of stderr: the violation, with the program its message names and whether
    /// only the profile refused it (a write into the project of a run that may not write it).
    pub(crate) fn line(&self, line: &str) -> Option<Violation> {
        let (kind, detail, evidence, cause, target) = self.judge(line)?;
        let mut v = Violation::new(kind, detail, evidence);
        v.program = self.program(line);
        v.cause = cause;
        v.target = target;
        Some(v)
    }

    /// The violation a line shows: kind, detail, evidence, cause and what exactly was refused.
    #[allow(clippy::type_complexity, reason = "one violation's parts")]
    fn judge(&self, line: &str) -> Option<(ViolationKind, String, String, Cause, Option<Target>)> {
        let lower = line.to_ascii_lowercase();
        let evidence = || format!("stderr heuristic: `{}`", line.trim());
        if let Some(mark) = MEMORY_MARKS.iter().find(|m| lower.contains(*m)) {
            return Some((
                ViolationKind::Memory,
                format!("allocation failed ({mark})"),
                evidence(),
                Cause::Profile,
                Some(Target::limit("memory")),
            ));
        }
        if lower.contains("cpu time limit exceeded") {
            return Some((
                ViolationKind::Cpu,
                "a process hit the CPU limit".into(),
                evidence(),
                Cause::Profile,
                Some(Target::limit("cpu")),
            ));
        }
        if lower.contains("file size limit exceeded") {
            return Some((
                ViolationKind::FsWrite,
                "a process hit the file size limit".into(),
                evidence(),
                Cause::Profile,
                Some(Target::limit("file-size")),
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
                        format!(
                            "write to protected path {}{}",
                            path.display(),
                            git_store_hint(&path)
                        ),
                        evidence(),
                        Cause::Program,
                        Some(Target::Path {
                            path: path.to_string_lossy().into_owned(),
                            protected: true,
                            hidden: false,
                        }),
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
        if error == "permission denied" && path == Path::new("/dev/zero") {
            // Only opening it for writing is refused: the way to shared memory no limit counts.
            return Some((
                ViolationKind::Memory,
                "write access to /dev/zero denied (a writable shared mapping of it is memory no limit counts)".into(),
                evidence(),
                Cause::Program,
                None,
            ));
        }
        let resolved = (self.resolve)(&path);
        let in_hidden = |p: &Path| Self::under(p, self.hidden);
        if in_hidden(&path) || resolved.as_deref().is_some_and(in_hidden) {
            return Some((
                ViolationKind::FsRead,
                format!("hidden path {}", path.display()),
                evidence(),
                Cause::Program,
                Some(Target::Path {
                    path: path.to_string_lossy().into_owned(),
                    protected: false,
                    hidden: true,
                }),
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
                    Cause::Program,
                    Some(Target::path(&path)),
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
                Cause::Program,
                None,
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
            // A write into the project (not a protected path) that this profile does not
            // grant: a profile with a writable project would have let it through.
            let cause = if !in_protected && path.starts_with(self.cwd) {
                Cause::Profile
            } else {
                Cause::Program
            };
            Some((
                ViolationKind::FsWrite,
                format!(
                    "write to {what} {}{}",
                    path.display(),
                    git_store_hint(&path)
                ),
                evidence(),
                cause,
                Some(Target::Path {
                    path: path.to_string_lossy().into_owned(),
                    protected: in_protected,
                    hidden: false,
                }),
            ))
        } else {
            Some((
                ViolationKind::FsRead,
                format!("read outside the readable roots: {}", path.display()),
                evidence(),
                Cause::Program,
                Some(Target::path(&path)),
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
        let got = judged(line, "cat touch bash python3 ls mv ln x").map(|v| {
            assert!(
                v.evidence.starts_with("stderr heuristic: `"),
                "{}",
                v.evidence
            );
            (v.kind, v.detail)
        });
        assert_eq!(got.as_ref().map(|(k, d)| (*k, d.as_str())), want, "{line}");
    }

    fn judged(line: &str, command: &str) -> Option<Violation> {
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
            command,
            cwd: Path::new("/p"),
            read_roots: &read,
            write_roots: &write,
            hidden: &hidden,
            protected: &protected,
            resolve: &resolve,
        };
        judge.line(line)
    }

    #[test]
    fn each_violation_names_its_target_in_fields() {
        let p = |path: &str, protected, hidden| {
            Some(Target::Path {
                path: path.into(),
                protected,
                hidden,
            })
        };
        let rows: &[(&str, Option<Target>)] = &[
            (
                "touch: cannot touch '/root/x': Permission denied",
                p("/root/x", false, false),
            ),
            (
                "bash: .git/hooks/pre-commit: Read-only file system",
                p("/p/.git/hooks/pre-commit", true, false),
            ),
            (
                "error: could not write config file .git/hooks/pre-push: Device or resource busy",
                p("/p/.git/hooks/pre-push", true, false),
            ),
            (
                "cat: /h/.ssh/id: Permission denied",
                p("/h/.ssh/id", false, true),
            ),
            (
                "ls: cannot open directory '/root': Permission denied",
                p("/root", false, false),
            ),
            ("File size limit exceeded", Some(Target::limit("file-size"))),
            ("MemoryError", Some(Target::limit("memory"))),
            ("cat: /proc/1/environ: Permission denied", None),
        ];
        for (line, want) in rows {
            let v = judged(line, "x").unwrap_or_else(|| panic!("no violation: {line}"));
            assert_eq!(&v.target, want, "{line}");
        }
    }

    #[test]
    fn who_and_why() {
        use Cause::*;
        // (stderr line, the run's command, program named, cause)
        let rows: &[(&str, &str, Option<&str>, Cause)] = &[
            // A write into the project refused by a profile that grants none: the profile's.
            (
                "touch: cannot touch 'x': Read-only file system",
                "ls; touch x",
                Some("touch"),
                Profile,
            ),
            (
                "touch: cannot touch 'x': Read-only file system",
                "ls; /usr/bin/touch x",
                Some("touch"),
                Profile,
            ),
            (
                "bash: line 1: README: Permission denied",
                "echo a > README",
                Some("bash"),
                Profile,
            ),
            // The same program writing a protected path or outside the project: the program's.
            (
                "bash: .git/hooks/pre-commit: Read-only file system",
                "echo > .git/hooks/pre-commit",
                Some("bash"),
                Program,
            ),
            (
                "touch: cannot touch '/root/x': Permission denied",
                "touch /root/x",
                Some("touch"),
                Program,
            ),
            (
                "cat: /h/.ssh/id: Permission denied",
                "cat /h/.ssh/id",
                Some("cat"),
                Program,
            ),
            (
                "cat: /proc/1/environ: Permission denied",
                "cat /proc/1/environ",
                Some("cat"),
                Program,
            ),
            // A message whose first word the command does not name: no program.
            (
                "PermissionError: [Errno 13] Permission denied: '/root/y'",
                "python3 w.py",
                None,
                Program,
            ),
            (
                "touch: cannot touch 'x': Read-only file system",
                "make",
                None,
                Profile,
            ),
            ("MemoryError", "python3 m.py", None, Profile),
        ];
        for (line, command, program, cause) in rows {
            let v = judged(line, command).unwrap_or_else(|| panic!("no violation: {line}"));
            assert_eq!(
                (v.program_name(), v.cause),
                (*program, *cause),
                "{line} in `{command}`"
            );
        }
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
