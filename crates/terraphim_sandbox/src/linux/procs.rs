//! The process tree of a run, read from `/proc`: counting confined processes for the fork gate,
//! finding and killing every descendant (setsid daemons included, since the supervisor or the
//! helper is a child subreaper and orphans come back to it).

/// One process, as `/proc/PID/stat` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Proc {
    pub(crate) pid: i32,
    pub(crate) ppid: i32,
    pub(crate) zombie: bool,
}

/// Parse the fields after the command name of `/proc/PID/stat`.
pub(crate) fn parse_stat(pid: i32, stat: &str) -> Option<Proc> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace();
    let state = fields.next()?;
    let ppid = fields.next()?.parse().ok()?;
    Some(Proc {
        pid,
        ppid,
        zombie: state == "Z" || state == "X",
    })
}

/// The whole of a small `/proc` file: open, read until the end, close. `read_to_string` first
/// asks the file's size (two `statx` and an `lseek`, useless on `/proc`, whose files show size
/// 0); this costs only the reads.
pub(crate) fn read_proc(path: &str) -> Option<Vec<u8>> {
    use std::io::Read as _;
    let mut f = fs_err::File::open(path).ok()?;
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match f.read(&mut buf) {
            Ok(0) => return Some(out),
            Ok(n) => out.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
}

/// One process's `/proc/PID/stat`, parsed; `None` when it is gone.
fn stat_of(pid: i32) -> Option<Proc> {
    let raw = read_proc(&format!("/proc/{pid}/stat"))?;
    parse_stat(pid, &String::from_utf8_lossy(&raw))
}

/// Every process of the machine (or of the PID namespace, inside bubblewrap).
pub(crate) fn snapshot() -> Vec<Proc> {
    let Ok(dir) = fs_err::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| {
        let e = e.ok()?;
        let pid: i32 = e.file_name().to_str()?.parse().ok()?;
        stat_of(pid)
    })
    .collect()
}

/// The children of every thread of `pid` (`/proc/PID/task/TID/children`: a child belongs to
/// the thread that made it, an orphan to any thread of its new reaper). `None` when `pid` is
/// gone or the kernel keeps no such lists (`CONFIG_PROC_CHILDREN`).
fn children_of(pid: i32) -> Option<Vec<i32>> {
    let tasks = fs_err::read_dir(format!("/proc/{pid}/task")).ok()?;
    let (mut out, mut read_any) = (Vec::new(), false);
    for t in tasks {
        let Some(tid) = t
            .ok()
            .and_then(|t| t.file_name().to_str()?.parse::<i32>().ok())
        else {
            continue;
        };
        if let Some(list) = read_proc(&format!("/proc/{pid}/task/{tid}/children")) {
            read_any = true;
            out.extend(
                String::from_utf8_lossy(&list)
                    .split_ascii_whitespace()
                    .filter_map(|w| w.parse::<i32>().ok()),
            );
        }
    }
    read_any.then_some(out)
}

/// The descendants of `root` (not `root` itself), zombies included, read from the children
/// lists down from `root`: the cost follows the run's processes, not the machine's. Falls back
/// to a scan of every process where the kernel keeps no children lists, and when a process
/// ended while the lists were read (its children, moved to their new reaper meanwhile, could
/// be missed). The lists of `root` and of its children, the reapers of a run's orphans (`root`
/// a subreaper, or a namespace's first process), are read once more at the end for orphans
/// that moved there while the rest was read.
pub(crate) fn descendants_of(root: i32) -> Vec<Proc> {
    let Some(first) = children_of(root) else {
        return descendants(root, &snapshot());
    };
    let direct = first.clone();
    let mut out: Vec<Proc> = Vec::new();
    let mut vanished = false;
    let mut walk = |mut frontier: Vec<i32>, out: &mut Vec<Proc>| {
        while let Some(pid) = frontier.pop() {
            if pid == root || out.iter().any(|o| o.pid == pid) {
                continue;
            }
            let Some(p) = stat_of(pid) else {
                vanished = true;
                continue;
            };
            out.push(p);
            if !p.zombie {
                match children_of(pid) {
                    Some(kids) => frontier.extend(kids),
                    None => vanished = true,
                }
            }
        }
    };
    walk(first, &mut out);
    let mut again = children_of(root).unwrap_or_default();
    for pid in direct {
        again.extend(children_of(pid).unwrap_or_default());
    }
    walk(again, &mut out);
    if vanished {
        return descendants(root, &snapshot());
    }
    out
}

/// The descendants of `root` (not `root` itself), zombies included.
pub(crate) fn descendants(root: i32, procs: &[Proc]) -> Vec<Proc> {
    let mut out = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for p in procs.iter().filter(|p| p.ppid == parent && p.pid != root) {
            if !out.iter().any(|o: &Proc| o.pid == p.pid) {
                out.push(*p);
                frontier.push(p.pid);
            }
        }
    }
    out
}

/// Whether a process runs under a seccomp filter (that is, inside the sandbox).
pub(crate) fn is_confined(pid: i32) -> bool {
    confined_threads(pid).is_some()
}

/// The number of threads of a process that runs under a seccomp filter, `None` when it does
/// not (or is gone).
pub(crate) fn confined_threads(pid: i32) -> Option<u32> {
    let raw = read_proc(&format!("/proc/{pid}/status"))?;
    let status = String::from_utf8_lossy(&raw);
    let (mut confined, mut threads) = (false, 1);
    for l in status.lines() {
        if l.starts_with("Seccomp:") {
            confined = l.trim_end().ends_with('2');
        } else if let Some(n) = l.strip_prefix("Threads:") {
            threads = n.trim().parse().unwrap_or(1);
        }
    }
    confined.then_some(threads)
}

/// The argv of a process, from `/proc/PID/cmdline` (NUL-separated; read while a seccomp
/// notification holds the process in its system call, so it names the program that made the
/// call). `None` when the process is gone or shows no argv (a kernel thread, a zombie).
pub(crate) fn cmdline(pid: i32) -> Option<Vec<String>> {
    let raw = read_proc(&format!("/proc/{pid}/cmdline"))?;
    parse_cmdline(&raw)
}

/// The argv of the program of the command that `pid` belongs to: walking up from `pid` through
/// the confined processes (never past `root`, the supervisor), the outermost process whose parent is a `sh -c`-style shell (the
/// run's own `bash -c COMMAND`, or a subshell of it). `None` when that is `pid` itself or it
/// cannot be told. `git ls-remote URL` -> `git-remote-http`'s socket is started by `git`;
/// `npm test` -> `sh -c node t.js` -> `node`'s socket is started by `npm`.
pub(crate) fn started_by(pid: i32, root: i32) -> Option<Vec<String>> {
    let mut chain: Vec<Vec<String>> = Vec::new();
    let mut at = pid;
    // Up the confined processes only: the topmost is the run's first process, the shell
    // `bash -c COMMAND` or the program it replaced itself with (bash execs a last command). Its
    // parent (the supervisor, or the namespaces' first process) stands for the run's shell.
    while at > 1 && at != root && chain.len() < 32 {
        chain.push(cmdline(at).unwrap_or_default());
        at = stat_of(at)?.ppid;
        if !is_confined(at) {
            chain.push(vec!["sh".into(), "-c".into()]);
            break;
        }
    }
    let i = outermost_below_shell(&chain)?;
    (i > 0).then(|| chain.swap_remove(i))
}

/// In `chain` (a process, its parent, its grandparent, ...), the index of the outermost process
/// whose parent is a shell running a `-c` string.
pub(crate) fn outermost_below_shell(chain: &[Vec<String>]) -> Option<usize> {
    let shell_c = |argv: &Vec<String>| {
        argv.first()
            .map(|a| a.rsplit('/').next().unwrap_or(a))
            .is_some_and(terraphim_shell_vocab::is_shell)
            && argv.iter().skip(1).any(|w| w == "-c")
    };
    (0..chain.len().saturating_sub(1))
        .rev()
        .find(|&i| shell_c(&chain[i + 1]) && !shell_c(&chain[i]))
}

/// The words of a `/proc/PID/cmdline` buffer: NUL-terminated, at most 64 words of 4 KiB each
/// kept (the program and its first arguments are what names it).
pub(crate) fn parse_cmdline(raw: &[u8]) -> Option<Vec<String>> {
    let raw = raw.strip_suffix(&[0]).unwrap_or(raw);
    if raw.is_empty() {
        return None;
    }
    Some(
        raw.split(|b| *b == 0)
            .take(64)
            .map(|w| String::from_utf8_lossy(&w[..w.len().min(4096)]).into_owned())
            .collect(),
    )
}

/// The command name of a process.
pub(crate) fn comm(pid: i32) -> String {
    read_proc(&format!("/proc/{pid}/comm"))
        .map(|s| String::from_utf8_lossy(&s).trim().to_owned())
        .unwrap_or_else(|| "?".into())
}

/// Live confined descendants of `root`, and their threads (tasks) in all.
pub(crate) fn count_confined(root: i32) -> (u32, u32) {
    let (mut n, mut tasks) = (0u32, 0u32);
    for p in descendants_of(root).iter().filter(|p| !p.zombie) {
        if let Some(t) = confined_threads(p.pid) {
            n = n.saturating_add(1);
            tasks = tasks.saturating_add(t);
        }
    }
    (n, tasks)
}

/// Whether this process has no child at all (then it has no descendant either). Cheap: one
/// `waitid` with `WNOWAIT`, which reaps nothing (the waiter thread must still see the command's
/// status), and no `/proc` scan.
pub(crate) fn childless() -> bool {
    // SAFETY: zeroed siginfo is a valid out-parameter.
    let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
    // SAFETY: waitid without blocking or reaping.
    let r = unsafe {
        libc::waitid(
            libc::P_ALL,
            0,
            &mut info,
            libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
        )
    };
    r < 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD)
}

/// SIGKILL every live descendant of `root` until none is left; returns the first round's
/// victims with their names (the processes that were still running).
pub(crate) fn kill_tree(root: i32) -> Vec<(i32, String)> {
    let mut first = Vec::new();
    // SAFETY: getpid cannot fail.
    if root == unsafe { libc::getpid() } && childless() {
        return first;
    }
    for round in 0..400 {
        let live: Vec<Proc> = descendants_of(root)
            .into_iter()
            .filter(|p| !p.zombie)
            .collect();
        if live.is_empty() {
            break;
        }
        for p in &live {
            if round == 0 {
                first.push((p.pid, comm(p.pid)));
            }
            // SAFETY: kill has no memory-safety preconditions.
            unsafe { libc::kill(p.pid, libc::SIGKILL) };
        }
        std::thread::sleep(std::time::Duration::from_millis(if round < 10 {
            1
        } else {
            5
        }));
    }
    first
}

/// How long processes left behind by the command may take to end before they count as
/// having outlived it (and are killed).
pub(crate) const LEFTOVER_GRACE: std::time::Duration = std::time::Duration::from_millis(250);

/// Give the descendants of `root` up to `grace` to end on their own once the command has
/// exited: a helper that its parent left behind on an error (git's remote helper after a
/// refused connection) ends as soon as it reads the closed pipe, and is not a process that
/// outlived the command. Returns early when none is left.
pub(crate) fn settle(root: i32, grace: std::time::Duration) {
    // SAFETY: getpid cannot fail.
    if root == unsafe { libc::getpid() } && childless() {
        return;
    }
    let start = std::time::Instant::now();
    while start.elapsed() < grace && descendants_of(root).iter().any(|p| !p.zombie) {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Reap zombie children of this process that were part of the run (no blocking).
pub(crate) fn reap_zombie_children(me: i32) {
    if childless() {
        return;
    }
    for p in descendants_of(me)
        .iter()
        .filter(|p| p.ppid == me && p.zombie)
    {
        let mut status = 0;
        // SAFETY: waitpid on a specific zombie child; status is a valid out-pointer.
        unsafe { libc::waitpid(p.pid, &mut status, libc::WNOHANG) };
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_part_a_process_belongs_to() {
        let v = |s: &str| -> Vec<String> { s.split(' ').map(str::to_owned).collect() };
        let root = "/bin/bash -c RUN";
        let rows: &[(&str, &[&str], Option<usize>)] = &[
            ("a part itself", &["curl -s x", root], Some(0)),
            (
                "git's helper is git's",
                &["git-remote-http origin u", "git ls-remote u", root],
                Some(1),
            ),
            (
                "npm's script shell is npm's",
                &["node t.js", "sh -c node t.js", "npm test", root],
                Some(2),
            ),
            (
                "a pipeline's subshell fork",
                &["cat", "/bin/bash -c RUN", root],
                Some(0),
            ),
            (
                "the shell itself",
                &[root, "terraphim-agent guard exec"],
                None,
            ),
            ("no shell above", &["x", "y"], None),
        ];
        for (name, chain, want) in rows {
            let chain: Vec<Vec<String>> = chain.iter().map(|s| v(s)).collect();
            assert_eq!(outermost_below_shell(&chain), *want, "{name}");
        }
    }

    #[test]
    fn cmdline_words() {
        let long = "x".repeat(5000);
        let rows: &[(&[u8], Option<Vec<&str>>)] = &[
            (
                b"curl\0-s\0http://127.0.0.1:9/\0",
                Some(vec!["curl", "-s", "http://127.0.0.1:9/"]),
            ),
            (
                b"/bin/bash\0-c\0ls; cat\0",
                Some(vec!["/bin/bash", "-c", "ls; cat"]),
            ),
            (b"no-terminator", Some(vec!["no-terminator"])),
            (b"a\0\0b\0", Some(vec!["a", "", "b"])),
            (b"", None),
            (b"\0", None),
        ];
        for (raw, want) in rows {
            let got = parse_cmdline(raw);
            let want: Option<Vec<String>> = want
                .as_ref()
                .map(|w| w.iter().map(|s| (*s).to_owned()).collect());
            assert_eq!(got, want, "{raw:?}");
        }
        let got = parse_cmdline(format!("{long}\0").as_bytes()).unwrap();
        assert_eq!(got[0].len(), 4096);
        // This very process: its argv names the test binary.
        let me = cmdline(std::process::id() as i32).unwrap();
        assert!(!me.is_empty());
    }

    use super::*;

    #[test]
    fn stat_parsing_survives_odd_names() {
        assert_eq!(
            parse_stat(7, "7 (a) b) S 3 7 7 0"),
            Some(Proc {
                pid: 7,
                ppid: 3,
                zombie: false
            })
        );
        assert_eq!(
            parse_stat(8, "8 (sh) Z 1 8 8"),
            Some(Proc {
                pid: 8,
                ppid: 1,
                zombie: true
            })
        );
        assert_eq!(parse_stat(9, "garbage"), None);
    }

    #[test]
    fn descendants_follow_the_tree() {
        let p = |pid, ppid| Proc {
            pid,
            ppid,
            zombie: false,
        };
        let procs = [p(1, 0), p(10, 1), p(11, 10), p(12, 11), p(13, 10), p(20, 1)];
        let mut d: Vec<i32> = descendants(10, &procs).iter().map(|p| p.pid).collect();
        d.sort();
        assert_eq!(d, vec![11, 12, 13]);
    }

    #[test]
    fn descendants_from_children_lists_are_those_of_a_full_scan() {
        // The harness runs this test in a thread of its own: the shell is that thread's child,
        // found only through the lists of every thread of the process.
        let me = std::process::id() as i32;
        let mut shell = std::process::Command::new("sh")
            .args(["-c", "sleep 30 & sleep 30 & wait"])
            .spawn()
            .unwrap();
        let sh = shell.id() as i32;
        let live = |v: Vec<Proc>| -> Vec<i32> {
            let mut p: Vec<i32> = v.into_iter().filter(|p| !p.zombie).map(|p| p.pid).collect();
            p.sort();
            p
        };
        let mut below = Vec::new();
        for _ in 0..1000 {
            below = live(descendants_of(sh));
            if below.len() == 2 {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        assert_eq!(below.len(), 2, "the two sleeps below the shell");
        assert_eq!(below, live(descendants(sh, &snapshot())));
        let mine = live(descendants_of(me));
        assert!(mine.contains(&sh), "{mine:?}");
        assert!(below.iter().all(|p| mine.contains(p)), "{mine:?}");
        for p in below {
            // SAFETY: kill has no memory-safety preconditions.
            unsafe { libc::kill(p, libc::SIGKILL) };
        }
        let _ = shell.kill();
        shell.wait().unwrap();
    }

    #[test]
    fn this_process_is_seen() {
        let me = std::process::id() as i32;
        assert!(snapshot().iter().any(|p| p.pid == me));
        assert!(!is_confined(me));
    }
}
