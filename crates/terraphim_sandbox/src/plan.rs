//! Pure rule construction: from a profile and the caller's context to the exact rules a run
//! gets (Landlock roots, bubblewrap arguments, rlimits, environment). No system call here except
//! the directory listings and existence checks the caller passes in through [`Inspect`].

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::error::{Result, SandboxError};
use crate::profile::{Network, Profile};

/// What this machine offers, probed once per process.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostCaps {
    /// The Landlock ABI version, if Landlock is enabled.
    pub landlock_abi: Option<u8>,
    /// Whether seccomp supports `SECCOMP_RET_USER_NOTIF` (the fork gate and exact evidence).
    pub seccomp_user_notif: bool,
    /// Whether a notified call, once the supervisor has received it, waits for the answer
    /// without being interrupted by a signal (`SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV`, Linux
    /// 5.19): `fork` under the fork gate then never fails with EINTR.
    #[serde(default)]
    pub seccomp_wait_killable: bool,
    /// The bubblewrap executable, if found.
    pub bwrap: Option<PathBuf>,
    /// Whether this process can create mount, PID, network, IPC and UTS namespaces itself (as
    /// root, or through an unprivileged user namespace): the same confinement as bubblewrap
    /// without starting it.
    #[serde(default)]
    pub namespaces: bool,
    /// Whether the caller runs as root (root ignores RLIMIT_NPROC and keeps capabilities).
    pub is_root: bool,
}

/// The lowest Landlock ABI the sandbox accepts (ABI 2 adds `Refer`, so renames are handled).
pub(crate) const MIN_LANDLOCK_ABI: u8 = 2;

/// Where the caller stands: the paths placeholders expand to, and its environment.
#[derive(Debug, Clone)]
pub(crate) struct Context {
    pub(crate) home: PathBuf,
    pub(crate) project: PathBuf,
    pub(crate) config: PathBuf,
    pub(crate) data: PathBuf,
    pub(crate) env: BTreeMap<String, String>,
}

/// The file-system questions rule construction asks; the real one is [`RealFs`].
pub(crate) trait Inspect {
    /// `Some(true)` for a directory, `Some(false)` for anything else, `None` when missing.
    fn kind(&self, path: &Path) -> Option<bool>;
    /// The entries of a directory, sorted.
    fn list(&self, dir: &Path) -> Vec<PathBuf>;
    /// The path with every symlink resolved, `None` when it does not exist.
    fn canonical(&self, path: &Path) -> Option<PathBuf>;
    /// Whether the path itself is a symlink (not followed).
    fn is_symlink(&self, path: &Path) -> bool;
    /// What is at `path` below `root`, walked one component at a time without following
    /// symlinks (see [`Found`]).
    fn walk(&self, root: &Path, path: &Path) -> Found {
        let Ok(rel) = path.strip_prefix(root) else {
            return Found::Absent;
        };
        let mut cur = root.to_path_buf();
        for c in rel.components() {
            cur.push(c);
            if self.is_symlink(&cur) {
                return Found::Link(cur);
            }
            if self.kind(&cur).is_none() {
                return Found::Absent;
            }
        }
        Found::Present(cur, (0, 0))
    }
    /// A regular file's device, inode and link count (not following a symlink); `None` for
    /// anything else.
    fn file_id(&self, _path: &Path) -> Option<(u64, u64, u64)> {
        None
    }
    /// The entries of a directory with whether each is a directory (a symlink never is), sorted.
    fn list_dirs(&self, dir: &Path) -> Vec<(PathBuf, bool)> {
        self.list_links(dir)
            .into_iter()
            .map(|(p, link)| {
                let is_dir = !link && self.kind(&p) == Some(true);
                (p, is_dir)
            })
            .collect()
    }
    /// The entries of a directory with whether each is a symlink (not followed), sorted.
    fn list_links(&self, dir: &Path) -> Vec<(PathBuf, bool)> {
        self.list(dir)
            .into_iter()
            .map(|p| {
                let link = self.is_symlink(&p);
                (p, link)
            })
            .collect()
    }
}

/// [`Inspect`] on the real file system (symlinks followed, as Landlock and bwrap do).
pub(crate) struct RealFs;

impl Inspect for RealFs {
    fn kind(&self, path: &Path) -> Option<bool> {
        fs_err::metadata(path).ok().map(|m| m.is_dir())
    }
    fn list(&self, dir: &Path) -> Vec<PathBuf> {
        let mut out: Vec<PathBuf> = fs_err::read_dir(dir)
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        out.sort();
        out
    }
    fn canonical(&self, path: &Path) -> Option<PathBuf> {
        fs_err::canonicalize(path).ok()
    }
    fn is_symlink(&self, path: &Path) -> bool {
        fs_err::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
    }
    fn walk(&self, root: &Path, path: &Path) -> Found {
        use std::os::unix::fs::MetadataExt as _;
        let Ok(rel) = path.strip_prefix(root) else {
            return Found::Absent;
        };
        let mut cur = root.to_path_buf();
        let mut last = None;
        for c in rel.components() {
            cur.push(c);
            match fs_err::symlink_metadata(&cur) {
                Err(_) => return Found::Absent,
                Ok(m) if m.file_type().is_symlink() => return Found::Link(cur),
                Ok(m) => last = Some((m.dev(), m.ino())),
            }
        }
        match last {
            Some(id) => Found::Present(cur, id),
            None => Found::Absent,
        }
    }
    fn file_id(&self, path: &Path) -> Option<(u64, u64, u64)> {
        use std::os::unix::fs::MetadataExt as _;
        let m = fs_err::symlink_metadata(path).ok()?;
        m.file_type()
            .is_file()
            .then(|| (m.dev(), m.ino(), m.nlink()))
    }
    fn list_dirs(&self, dir: &Path) -> Vec<(PathBuf, bool)> {
        // The entry type comes from readdir itself: no stat per entry.
        let mut out: Vec<(PathBuf, bool)> = fs_err::read_dir(dir)
            .map(|rd| {
                rd.filter_map(|e| {
                    let e = e.ok()?;
                    let is_dir = match e.file_type() {
                        Ok(t) => t.is_dir(),
                        Err(_) => fs_err::symlink_metadata(e.path()).is_ok_and(|m| m.is_dir()),
                    };
                    Some((e.path(), is_dir))
                })
                .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }
    fn list_links(&self, dir: &Path) -> Vec<(PathBuf, bool)> {
        // The entry type comes from readdir itself: no stat per entry.
        let mut out: Vec<(PathBuf, bool)> = fs_err::read_dir(dir)
            .map(|rd| {
                rd.filter_map(|e| {
                    let e = e.ok()?;
                    let link = e
                        .file_type()
                        .map_or_else(|_| self.is_symlink(&e.path()), |t| t.is_symlink());
                    Some((e.path(), link))
                })
                .collect()
            })
            .unwrap_or_default();
        out.sort();
        out
    }
}

/// What a component-wise walk without following symlinks found at a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// Nothing (some component is missing).
    Absent,
    /// A symlink at this component, on the way to (or at) the path.
    Link(PathBuf),
    /// The path itself, with its device and inode numbers.
    Present(PathBuf, (u64, u64)),
}

/// A protected path beneath a writable root, checked after the run: one that did not exist may
/// not have been made, one that existed must still be the same file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Watched {
    pub(crate) root: PathBuf,
    pub(crate) path: PathBuf,
    pub(crate) before: Found,
}

/// One resource limit, applied with `setrlimit` in the child.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Rlimit {
    pub(crate) resource: RlimitKind,
    pub(crate) soft: u64,
    pub(crate) hard: u64,
}

/// The resources the sandbox limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum RlimitKind {
    Data,
    Cpu,
    Fsize,
    Core,
    Nofile,
}

/// What the confined child applies to itself before `exec`: serialisable, because with
/// bubblewrap the helper process inside the namespaces receives it as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChildPlan {
    pub(crate) command: String,
    pub(crate) shell: PathBuf,
    pub(crate) read_roots: Vec<PathBuf>,
    /// Directories whose entries may be listed but not read: what is left of a read root that
    /// was carved around a hidden path.
    pub(crate) list_roots: Vec<PathBuf>,
    pub(crate) write_roots: Vec<PathBuf>,
    /// Device files that may be written (`/dev/null`, ...).
    pub(crate) dev_write: Vec<PathBuf>,
    pub(crate) landlock_abi: u8,
    pub(crate) network: Network,
    pub(crate) rlimits: Vec<Rlimit>,
    /// Refuse every change of file metadata (seccomp): the native backend of a profile with no
    /// writable roots, where no read-only mount stops `chmod`/`utime`/`chown` on readable files.
    #[serde(default)]
    pub(crate) lock_metadata: bool,
    /// The size of the private `/tmp` tmpfs in MiB (inside the namespaces).
    #[serde(default)]
    pub(crate) tmp_mb: Option<u64>,
}

/// Everything one run needs, built before anything is spawned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    pub(crate) profile: String,
    pub(crate) child: ChildPlan,
    pub(crate) cwd: PathBuf,
    /// The run's writable temporary directory (`/tmp` inside bubblewrap).
    pub(crate) tmp: PathBuf,
    pub(crate) hidden: Vec<PathBuf>,
    /// Existing protected paths that lie beneath a writable root.
    pub(crate) protected: Vec<PathBuf>,
    /// Directories bound over themselves (writable) so they cannot be renamed away: the first
    /// component below a writable root of each protected path (`.git`, `.github`).
    pub(crate) pinned: Vec<PathBuf>,
    /// Every protected path beneath a writable root, for the post-run check.
    pub(crate) watched: Vec<Watched>,
    pub(crate) bwrap: bool,
    /// bubblewrap needs its own user namespace when not run as root.
    pub(crate) unshare_user: bool,
    pub(crate) max_processes: u32,
    pub(crate) max_tasks: u32,
    pub(crate) wall_seconds: u64,
    pub(crate) cpu_seconds: u64,
    pub(crate) memory_mb: u64,
    pub(crate) output_bytes: u64,
    pub(crate) env: Vec<(String, String)>,
    pub(crate) env_removed: Vec<String>,
    /// The workspace overlay over the project, for a profile with `[workspace]` (set by the
    /// supervisor once the run's upper layer exists).
    pub(crate) workspace: Option<crate::workspace::OverlayDirs>,
    /// Overlays over package caches, each also a writable root (`caches.rs`; set by the
    /// supervisor once their upper layers exist).
    pub(crate) caches: Vec<Mount>,
}

/// Device nodes the command may write. Not `/dev/zero`: a *writable* shared mapping of it
/// (`open(O_RDWR)` + `mmap(MAP_SHARED)`) is shared memory that no rlimit counts and no seccomp
/// filter can tell from a file mapping; read-only it still gives zeros and private mappings.
const DEV_WRITE: &[&str] = &["/dev/null", "/dev/full"];

/// Expand one profile path entry; `None` when it names an unset variable.
pub(crate) fn expand(entry: &str, ctx: &Context) -> Option<PathBuf> {
    let (base, rest): (PathBuf, &str) = if let Some(rest) = entry.strip_prefix('~') {
        (ctx.home.clone(), rest)
    } else if let Some(rest) = entry.strip_prefix("{project}") {
        (ctx.project.clone(), rest)
    } else if let Some(rest) = entry.strip_prefix("{config}") {
        (ctx.config.clone(), rest)
    } else if let Some(rest) = entry.strip_prefix("{data}") {
        (ctx.data.clone(), rest)
    } else if let Some(var) = entry.strip_prefix('$') {
        let (name, rest) = var.split_at(var.find('/').unwrap_or(var.len()));
        let value = ctx.env.get(name).filter(|v| v.starts_with('/'))?;
        (PathBuf::from(value), rest)
    } else {
        return Some(PathBuf::from(entry));
    };
    let rest = rest.trim_start_matches('/');
    Some(if rest.is_empty() {
        base
    } else {
        base.join(rest)
    })
}

/// Shell-style `*` matching, nothing else.
pub(crate) fn glob_match(pattern: &str, text: &str) -> bool {
    let (p, t) = (pattern.as_bytes(), text.as_bytes());
    let (mut pi, mut ti, mut star, mut mark) = (0, 0, None, 0);
    while ti < t.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some(pi);
            mark = ti;
            pi += 1;
        } else if pi < p.len() && p[pi] == t[ti] {
            pi += 1;
            ti += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ti = mark;
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&b| b == b'*')
}

/// Expand entries and globs, keeping only paths that exist.
pub(crate) fn existing(entries: &[String], ctx: &Context, fs: &dyn Inspect) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in entries {
        if let Some((base, name)) = entry.split_once("/**/") {
            // `BASE/**/NAME`: NAME (a glob) at any depth below BASE, by a bounded walk.
            if let Some(base) = expand(base, ctx) {
                let mut visit = |p: &Path, _: bool| {
                    let n = p.file_name().map(|n| n.to_string_lossy());
                    if n.is_some_and(|n| glob_match(name, &n)) {
                        out.push(p.to_path_buf());
                    }
                };
                walk_tree(&base, fs, &mut visit);
            }
            continue;
        }
        let Some(path) = expand(entry, ctx) else {
            continue;
        };
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if name.contains('*') {
            let Some(parent) = path.parent() else {
                continue;
            };
            for candidate in fs.list(parent) {
                let cname = candidate
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned());
                if cname.is_some_and(|c| glob_match(&name, &c)) {
                    out.push(candidate);
                }
            }
        } else if fs.kind(&path).is_some() {
            out.push(path);
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Directories a walk of the project for secrets does not enter: git's store, and
/// dependency and build-output trees (what lies there is not the user's own file).
const WALK_SKIP: &[&str] = &[".git", "node_modules", "target"];
/// How deep and how wide a walk for secrets goes (it runs before every command).
const WALK_MAX_DEPTH: usize = 12;
const WALK_MAX_DIRS: usize = 5_000;

/// How deep and wide the search of a hidden directory for files with a second link goes
/// (secrets sit near its top: `~/.ssh/id_*`, `~/.gnupg/private-keys-v1.d/*`; caches below
/// them, `~/.kube/cache`, can be large, and each file there costs an `lstat` per run).
const SECRET_DIR_MAX_DEPTH: usize = 2;
const SECRET_DIR_MAX_DIRS: usize = 64;

/// Visit every entry below `base` (not `base` itself), breadth first, without following
/// symlinks, skipping [`WALK_SKIP`], at most [`WALK_MAX_DEPTH`] deep and [`WALK_MAX_DIRS`]
/// directories wide. `visit` gets the path and whether it is a directory.
pub(crate) fn walk_tree(base: &Path, fs: &dyn Inspect, visit: &mut dyn FnMut(&Path, bool)) {
    walk_bounded(base, fs, (WALK_MAX_DEPTH, WALK_MAX_DIRS), visit);
}

fn walk_bounded(
    base: &Path,
    fs: &dyn Inspect,
    (max_depth, max_dirs): (usize, usize),
    visit: &mut dyn FnMut(&Path, bool),
) {
    let mut queue = std::collections::VecDeque::from([(base.to_path_buf(), 0usize)]);
    let mut dirs = 0;
    while let Some((dir, depth)) = queue.pop_front() {
        dirs += 1;
        if dirs > max_dirs {
            return;
        }
        for (path, is_dir) in fs.list_dirs(&dir) {
            visit(&path, is_dir);
            let skip = path
                .file_name()
                .is_some_and(|n| WALK_SKIP.iter().any(|s| n == *s));
            if is_dir && !skip && depth < max_depth {
                queue.push_back((path, depth + 1));
            }
        }
    }
}

/// Hard links below `project` to a file inside a hidden path: Landlock and mounts judge
/// paths, so a link the host made (`ln ~/.ssh/id_ed25519 project/key`) would be readable. Only
/// files with more than one link can be one, so the project is searched (by the bounded walk,
/// one `lstat` per regular file) only when some hidden file has more than one link.
pub(crate) fn secret_links(hidden: &[PathBuf], project: &Path, fs: &dyn Inspect) -> Vec<PathBuf> {
    let mut ids = std::collections::HashSet::new();
    for h in hidden {
        match fs.file_id(h) {
            Some((dev, ino, n)) if n > 1 => {
                ids.insert((dev, ino));
            }
            Some(_) => {}
            None => {
                let mut visit = |p: &Path, is_dir: bool| {
                    if let (false, Some((dev, ino, n))) = (is_dir, fs.file_id(p))
                        && n > 1
                    {
                        ids.insert((dev, ino));
                    }
                };
                walk_bounded(
                    h,
                    fs,
                    (SECRET_DIR_MAX_DEPTH, SECRET_DIR_MAX_DIRS),
                    &mut visit,
                );
            }
        }
    }
    let mut out = Vec::new();
    if ids.is_empty() {
        return out;
    }
    let mut visit = |p: &Path, is_dir: bool| {
        if let (false, Some((dev, ino, n))) = (is_dir, fs.file_id(p))
            && n > 1
            && ids.contains(&(dev, ino))
        {
            out.push(p.to_path_buf());
        }
    };
    walk_tree(project, fs, &mut visit);
    out
}

/// What a carved read root grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Grant {
    /// Read and execute everything beneath.
    Read,
    /// List the directory's entries only (it holds a hidden path).
    List,
}

/// Read roots around hidden paths: Landlock rules are a union of allows, so a hidden path beneath
/// a root is excluded by replacing the root with its entries, recursively, minus the hidden ones;
/// the directories on the way keep only the right to be listed. Symlinks are judged by their
/// target, since Landlock follows them when the rule is made.
pub(crate) fn carve(root: &Path, hidden: &[PathBuf], fs: &dyn Inspect) -> Vec<(PathBuf, Grant)> {
    let real = fs.canonical(root).unwrap_or_else(|| root.to_path_buf());
    carve_real(root, real, hidden, fs)
}

/// [`carve`] of a root whose resolved path is known: entries of a resolved directory resolve to
/// themselves unless they are symlinks, which saves a `realpath` per entry.
fn carve_real(
    root: &Path,
    real: PathBuf,
    hidden: &[PathBuf],
    fs: &dyn Inspect,
) -> Vec<(PathBuf, Grant)> {
    if hidden
        .iter()
        .any(|h| root.starts_with(h) || real.starts_with(h))
    {
        return Vec::new();
    }
    let inner: Vec<PathBuf> = hidden
        .iter()
        .filter(|h| h.starts_with(&real))
        .cloned()
        .collect();
    if inner.is_empty() || fs.kind(&real) != Some(true) {
        return vec![(root.to_path_buf(), Grant::Read)];
    }
    let mut out = vec![(real.clone(), Grant::List)];
    for (child, link) in fs.list_links(&real) {
        // A symlink among the entries grants nothing: a rule on it would grant its target,
        // wherever that is (a link to HOME or to `/`), and walking it can loop. A target inside
        // the root is granted through its own entry.
        if link {
            continue;
        }
        out.extend(carve_real(&child, child.clone(), hidden, fs));
    }
    out
}

/// Split the caller's environment into what the sandbox passes and the names it removes.
pub(crate) fn filter_env(
    env: &BTreeMap<String, String>,
    profile: &Profile,
) -> (Vec<(String, String)>, Vec<String>) {
    let (mut kept, mut removed) = (Vec::new(), Vec::new());
    for (k, v) in env {
        let denied = profile.env_deny.iter().any(|p| glob_match(p, k))
            || (is_locale_var(k) && !is_locale_value(v));
        let passed = profile.env_pass.iter().any(|p| glob_match(p, k));
        if passed && !denied {
            kept.push((k.clone(), v.clone()));
        } else {
            removed.push(k.clone());
        }
    }
    (kept, removed)
}

/// Locale variables: passed only with a locale's syntax, since their values are read by every
/// program (a path in `LC_ALL` makes glibc load locale files from there).
fn is_locale_var(name: &str) -> bool {
    name == "LANG" || name == "LANGUAGE" || name.starts_with("LC_")
}

/// `ll_CC.charset@modifier`, `C`, `POSIX`, and `LANGUAGE`'s colon-separated lists of them.
fn is_locale_value(value: &str) -> bool {
    value.len() <= 128
        && !value.starts_with('/')
        && !value.contains("..")
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"_.@:-".contains(&b))
}

/// The rlimits a profile asks for.
pub(crate) fn rlimits(profile: &Profile) -> Vec<Rlimit> {
    const MIB: u64 = 1024 * 1024;
    let mut out = vec![
        Rlimit {
            resource: RlimitKind::Data,
            soft: profile.memory_mb * MIB,
            hard: profile.memory_mb * MIB,
        },
        Rlimit {
            resource: RlimitKind::Cpu,
            soft: profile.cpu_seconds,
            hard: profile.cpu_seconds + 1,
        },
        Rlimit {
            resource: RlimitKind::Core,
            soft: 0,
            hard: 0,
        },
    ];
    if let Some(mb) = profile.file_size_mb {
        out.push(Rlimit {
            resource: RlimitKind::Fsize,
            soft: mb * MIB,
            hard: mb * MIB,
        });
    }
    if let Some(n) = profile.open_files {
        out.push(Rlimit {
            resource: RlimitKind::Nofile,
            soft: n,
            hard: n,
        });
    }
    out
}

/// Check the profile against the machine and build the run's rules, or refuse.
pub(crate) fn build(
    profile: &Profile,
    command: &str,
    ctx: &Context,
    caps: &HostCaps,
    use_bwrap: bool,
    private_tmp: &Path,
    fs: &dyn Inspect,
) -> Result<Plan> {
    let refuse = |why: String| Err(SandboxError::Unenforceable(why));
    let abi = match caps.landlock_abi {
        Some(abi) if abi >= MIN_LANDLOCK_ABI => abi,
        Some(abi) => {
            return refuse(format!(
                "Landlock ABI {abi} is too old (need {MIN_LANDLOCK_ABI})"
            ));
        }
        None => return refuse("Landlock is not available on this kernel".into()),
    };
    if !caps.seccomp_user_notif {
        return refuse(
            "seccomp user notification is not available (needed for max_processes and network)"
                .into(),
        );
    }
    let bwrap = use_bwrap && (caps.bwrap.is_some() || caps.namespaces);
    if profile.network == Network::Loopback && !bwrap {
        return refuse(format!(
            "profile `{}` asks for network = \"loopback\", which needs bubblewrap (a private network namespace)",
            profile.name
        ));
    }
    if profile.network == Network::Proxy && !bwrap {
        return refuse(format!(
            "profile `{}` has a network allow-list, which needs namespaces (the command runs in a network namespace of its own and reaches only the guard's proxy)",
            profile.name
        ));
    }

    let mut hidden = existing(&profile.hidden, ctx, fs);
    let links = secret_links(&hidden, &ctx.project, fs);
    hidden.extend(links);
    let resolved: Vec<PathBuf> = hidden.iter().filter_map(|h| fs.canonical(h)).collect();
    hidden.extend(resolved);
    hidden.sort();
    hidden.dedup();
    // A project that is the home directory (or holds it: `/`, `/home`) is not a project: a
    // writable `{project}` would hand the program every shell startup file, agent setting and
    // user service, which the protected list names only beneath a project.
    if profile
        .read_write
        .iter()
        .any(|e| e.starts_with("{project}"))
        && ctx.home.starts_with(&ctx.project)
    {
        return refuse(format!(
            "profile `{}` writes the project, and the project {} is the home directory or holds it \
             (its shell startup files, agent settings and keys); run the command from a project \
             directory, or use profile `readonly`",
            profile.name,
            ctx.project.display()
        ));
    }
    let mut write_roots = existing(&profile.read_write, ctx, fs);
    write_roots.retain(|w| !hidden.iter().any(|h| w.starts_with(h)));

    let (mut protected, mut pinned, mut watched) = (Vec::new(), Vec::new(), Vec::new());
    for entry in &profile.protected {
        let Some(path) = expand(entry, ctx) else {
            continue;
        };
        for root in &write_roots {
            if path == *root || root.starts_with(&path) {
                return refuse(format!(
                    "protected path {} covers the writable root {}",
                    path.display(),
                    root.display()
                ));
            }
            if !path.starts_with(root) {
                continue;
            }
            let before = fs.walk(root, &path);
            if let Found::Present(..) = before {
                protected.push(path.clone());
                if let Some(first) = path
                    .strip_prefix(root)
                    .ok()
                    .and_then(|r| r.components().next())
                {
                    let first = root.join(first);
                    if first != path && fs.kind(&first) == Some(true) && !fs.is_symlink(&first) {
                        pinned.push(first);
                    }
                }
            }
            watched.push(Watched {
                root: root.clone(),
                path: path.clone(),
                before,
            });
        }
    }
    protected.sort();
    protected.dedup();
    pinned.sort();
    pinned.dedup();

    if !bwrap {
        if let Some(p) = protected.first() {
            return refuse(format!(
                "profile `{}` protects {} inside a writable root; Landlock alone cannot keep it read-only, \
                 and bubblewrap is not available (install bubblewrap, or use a profile without writable roots)",
                profile.name,
                p.display()
            ));
        }
        if let Some(h) = hidden
            .iter()
            .find(|h| write_roots.iter().any(|w| h.starts_with(w)))
        {
            return refuse(format!(
                "profile `{}` hides {} inside a writable root; that needs bubblewrap, which is not available",
                profile.name,
                h.display()
            ));
        }
    }

    let (mut read_roots, mut list_roots) = (Vec::new(), Vec::new());
    for root in existing(&profile.read_only, ctx, fs) {
        if bwrap {
            let real = fs.canonical(&root).unwrap_or_else(|| root.clone());
            if !hidden
                .iter()
                .any(|h| root.starts_with(h) || real.starts_with(h))
            {
                read_roots.push(root);
            }
        } else {
            for (path, grant) in carve(&root, &hidden, fs) {
                match grant {
                    Grant::Read => read_roots.push(path),
                    Grant::List => list_roots.push(path),
                }
            }
        }
    }
    read_roots.sort();
    read_roots.dedup();
    list_roots.sort();
    list_roots.dedup();
    // Inside the namespaces the whole private `/tmp` is writable and TMPDIR is a fresh directory
    // in it that no bound path can collide with; natively TMPDIR is the run's private directory.
    let tmp = if bwrap {
        write_roots.push(PathBuf::from(TMP));
        let bound: Vec<&Path> = read_roots
            .iter()
            .chain(&write_roots)
            .chain(&protected)
            .chain(&hidden)
            .map(PathBuf::as_path)
            .collect();
        ns_tmpdir(&bound)
    } else {
        write_roots.push(private_tmp.to_path_buf());
        private_tmp.to_path_buf()
    };

    let (mut env, mut env_removed) = filter_env(&ctx.env, profile);
    env_removed.retain(|k| k != "TMPDIR");
    env.retain(|(k, _)| k != "TMPDIR");
    env.push(("TMPDIR".into(), tmp.display().to_string()));
    env.push(("TERRAPHIM_GUARD_PROFILE".into(), profile.name.clone()));

    Ok(Plan {
        profile: profile.name.clone(),
        child: ChildPlan {
            command: command.to_owned(),
            shell: PathBuf::from("/bin/bash"),
            read_roots,
            list_roots,
            write_roots,
            dev_write: DEV_WRITE.iter().map(PathBuf::from).collect(),
            landlock_abi: abi,
            network: child_network(profile.network, bwrap),
            rlimits: rlimits(profile),
            lock_metadata: !bwrap && profile.read_write.is_empty(),
            tmp_mb: bwrap.then_some(profile.memory_mb),
        },
        cwd: ctx.project.clone(),
        tmp,
        hidden,
        protected,
        pinned,
        watched,
        bwrap,
        unshare_user: !caps.is_root,
        max_processes: profile.max_processes,
        max_tasks: profile.task_cap(),
        wall_seconds: profile.wall_seconds,
        cpu_seconds: profile.cpu_seconds,
        memory_mb: profile.memory_mb,
        output_bytes: profile.output_mb.saturating_mul(1024 * 1024),
        env,
        env_removed,
        workspace: None,
        caches: Vec::new(),
    })
}

/// One step of the file-system view inside the namespaces, after the fixed ones (everything
/// read-only, a fresh `/dev`, `/proc` and `/tmp`). Applied in order, so later steps cover earlier
/// ones (a protected path inside a writable root, a hidden path inside either).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Mount {
    /// Bind `path` over itself (recursively), read-only or writable.
    Bind { path: PathBuf, ro: bool },
    /// Bind the host's `src` at `path` (recursively), read-only or writable: the workspace's
    /// copy fallback over the project, so the command runs at the project's own path.
    BindFrom {
        src: PathBuf,
        path: PathBuf,
        ro: bool,
    },
    /// An empty read-only tmpfs over a hidden directory.
    HideDir(PathBuf),
    /// `/dev/null`, read-only, over a hidden file.
    HideFile(PathBuf),
    /// The workspace profile's overlay over the project (writable; writes land in `upper`).
    Overlay {
        path: PathBuf,
        upper: PathBuf,
        work: PathBuf,
    },
}

/// The mount steps of a namespaced plan: read roots beneath `/tmp` brought back read-only over
/// the private `/tmp`, writable roots, protected paths read-only, hidden paths covered.
pub(crate) fn mounts(plan: &Plan, fs: &dyn Inspect) -> Vec<Mount> {
    let mut out = Vec::new();
    for root in &plan.child.read_roots {
        if under_tmp(root) {
            out.push(Mount::Bind {
                path: root.clone(),
                ro: true,
            });
        }
    }
    for root in &plan.child.write_roots {
        let cache = plan
            .caches
            .iter()
            .find(|m| matches!(m, Mount::Overlay { path, .. } if path == root));
        if let Some(ws) = plan.workspace.as_ref().filter(|w| w.lower == *root) {
            out.extend(ws.mounts());
        } else if let Some(cache) = cache {
            out.push(cache.clone());
        } else if root != Path::new(TMP) {
            out.push(Mount::Bind {
                path: root.clone(),
                ro: false,
            });
        }
    }
    for p in &plan.pinned {
        // Beneath the workspace overlay a bind of the host's own directory would let writes
        // bypass the overlay; there the overlay itself keeps it (every change is judged).
        if plan
            .workspace
            .as_ref()
            .is_some_and(|w| p.starts_with(&w.lower))
        {
            continue;
        }
        out.push(Mount::Bind {
            path: p.clone(),
            ro: false,
        });
    }
    for p in &plan.protected {
        out.push(Mount::Bind {
            path: p.clone(),
            ro: true,
        });
    }
    for h in &plan.hidden {
        match fs.kind(h) {
            Some(true) => out.push(Mount::HideDir(h.clone())),
            Some(false) => out.push(Mount::HideFile(h.clone())),
            None => {}
        }
    }
    out
}

/// The network mode the command's filter enforces. `deny` in a network namespace of the run's
/// own is enforced as the allow-list's connect gate with a proxy that refuses every host
/// (`proxy::for_run`): TCP sockets can be made, every `connect` is held and refused (the
/// address it named recorded), and a program that asks the proxy by name (`HTTP_PROXY`) is
/// refused with the host named, so a way-out grant can name exactly that host. UDP is still
/// refused at `socket` (the sandbox resolves no name). Without the namespace a TCP socket could
/// listen on the host's network, so `deny` stays the socket filter there.
pub(crate) fn child_network(network: Network, namespaces: bool) -> Network {
    if network == Network::Deny && namespaces {
        Network::Proxy
    } else {
        network
    }
}

/// Whether the namespaces the supervisor makes itself include a network namespace: for
/// `loopback` (the run's own loopback) and for `deny`. With `deny` seccomp (every socket family
/// but `AF_UNIX`, and `io_uring`) and Landlock (TCP, abstract Unix sockets from ABI 6) already
/// refuse the network; the namespace is kept as a further wall and so that `/proc/net` does not
/// show the host's interfaces and sockets. It costs about 1 ms a run (measured with
/// `scripts/bench-exec`).
pub(crate) fn own_netns(child: &ChildPlan) -> bool {
    match child.network {
        Network::Allow => false,
        Network::Loopback | Network::Deny | Network::Proxy => true,
    }
}

/// The device nodes of the sandbox's `/dev`, as bubblewrap's `--dev` makes it.
pub(crate) const DEV_NODES: &[&str] = &["null", "zero", "full", "random", "urandom", "tty"];

/// The private `/tmp` inside the namespaces.
pub(crate) const TMP: &str = "/tmp";

fn under_tmp(p: &Path) -> bool {
    p.starts_with(TMP) && p != Path::new(TMP)
}

/// The run's `TMPDIR` inside the namespaces: a fresh directory in the private `/tmp` whose name
/// is not the first component of any path bound back beneath `/tmp`, so `$TMPDIR/NAME` can
/// never reach a bound path (a project that itself lives under `/tmp`, say).
pub(crate) fn ns_tmpdir(bound: &[&Path]) -> PathBuf {
    let taken = |name: &str| {
        bound
            .iter()
            .any(|p| p.strip_prefix(TMP).ok().and_then(|r| r.iter().next()) == Some(name.as_ref()))
    };
    let mut name = String::from("terraphim-run");
    let mut n = 0u32;
    while taken(&name) {
        n += 1;
        name = format!("terraphim-run-{n}");
    }
    Path::new(TMP).join(name)
}

/// The bubblewrap arguments for a plan, up to and including `--`.
pub(crate) fn bwrap_args(plan: &Plan, helper_exe: &Path, fs: &dyn Inspect) -> Vec<String> {
    let mut a: Vec<String> = [
        "--die-with-parent",
        "--new-session",
        "--unshare-pid",
        "--unshare-ipc",
        "--unshare-uts",
        "--cap-drop",
        "ALL",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    if plan.child.network != Network::Allow {
        a.push("--unshare-net".into());
    }
    if plan.unshare_user {
        a.push("--unshare-user".into());
    }
    let mut push = |args: &[&str]| a.extend(args.iter().map(|s| (*s).to_owned()));
    // bubblewrap's `--dev` binds the host's device nodes writable, and its `--remount-ro` adds
    // `nodev` (the devices then cannot be opened): their metadata is locked by seccomp instead
    // where the profile writes nothing (`ChildPlan::lock_metadata`, set by the supervisor).
    push(&["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"]);
    if let Some(mb) = plan.child.tmp_mb {
        let bytes = mb.saturating_mul(1024 * 1024).to_string();
        push(&["--size", &bytes]);
    }
    push(&["--tmpfs", TMP]);
    if under_tmp(helper_exe) {
        let r = helper_exe.display().to_string();
        push(&["--ro-bind", &r, &r]);
    }
    for m in mounts(plan, fs) {
        match m {
            Mount::Bind { path, ro } => {
                let r = path.display().to_string();
                push(&[if ro { "--ro-bind" } else { "--bind" }, &r, &r]);
            }
            Mount::BindFrom { src, path, ro } => {
                let (s, r) = (src.display().to_string(), path.display().to_string());
                push(&[if ro { "--ro-bind" } else { "--bind" }, &s, &r]);
            }
            Mount::HideDir(path) => {
                let r = path.display().to_string();
                push(&["--tmpfs", &r, "--remount-ro", &r]);
            }
            Mount::HideFile(path) => {
                let r = path.display().to_string();
                push(&["--ro-bind", "/dev/null", &r]);
            }
            Mount::Overlay { path, upper, work } => {
                let (r, u, w) = (
                    path.display().to_string(),
                    upper.display().to_string(),
                    work.display().to_string(),
                );
                push(&["--overlay-src", &r, "--overlay", &u, &w, &r]);
            }
        }
    }
    if plan.tmp != Path::new(TMP) {
        let r = plan.tmp.display().to_string();
        push(&["--perms", "0700", "--dir", &r]);
    }
    let cwd = plan.cwd.display().to_string();
    push(&["--chdir", &cwd, "--"]);
    a
}

/// How one profile field is enforced on this machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldEnforcement {
    /// The profile field.
    pub field: String,
    /// Its value, rendered.
    pub value: String,
    /// The mechanisms that enforce it here, or why it cannot be.
    pub mechanisms: String,
    /// Whether it is enforced here (otherwise a run with this profile is refused).
    pub enforced: bool,
}

/// Which mechanism enforces each field of `profile` on a machine with `caps`.
pub fn enforcement(profile: &Profile, caps: &HostCaps) -> Vec<FieldEnforcement> {
    let ll = caps.landlock_abi.filter(|a| *a >= MIN_LANDLOCK_ABI);
    let notif = caps.seccomp_user_notif;
    let bw = caps.bwrap.is_some() || caps.namespaces;
    let landlock = ll.map(|a| format!("landlock abi {a}"));
    let mut rows = Vec::new();
    let mut row = |field: &str, value: String, mech: Option<String>| {
        let enforced = mech.is_some();
        rows.push(FieldEnforcement {
            field: field.into(),
            value,
            mechanisms: mech.unwrap_or_else(|| "cannot be enforced here: runs are refused".into()),
            enforced,
        });
    };
    let list = |l: &[String]| l.join(" ");
    let fs_mech = landlock.clone().map(|l| {
        if bw {
            format!("{l} + mount namespace")
        } else {
            l
        }
    });
    row("read_only", list(&profile.read_only), fs_mech.clone());
    row("read_write", list(&profile.read_write), fs_mech);
    row(
        "hidden",
        list(&profile.hidden),
        landlock.clone().map(|l| {
            if bw {
                format!("mount namespace: empty tmpfs / unreadable empty file binds + {l}")
            } else {
                format!("{l} (roots carved around them; refused when inside a writable root)")
            }
        }),
    );
    let protected = if profile.read_write.is_empty() {
        landlock.clone().map(|l| format!("{l} (no writable roots)"))
    } else if bw {
        Some(
            "mount namespace: read-only binds, their first directory pinned; missing ones: post-run check (removed and reported)"
                .into(),
        )
    } else {
        Some(
            "needs namespaces: runs with these paths present are refused; missing ones: post-run check (removed and reported)"
                .into(),
        )
    };
    row("protected", list(&profile.protected), protected);
    // Both the supervisor's own namespaces and bubblewrap unshare the network (see `own_netns`).
    let netns = bw;
    let scoped = ll.is_some_and(|a| a >= 6);
    let landlock_tcp = if ll.is_some_and(|a| a >= 4) {
        " + landlock tcp"
    } else {
        ""
    };
    let landlock_scope = if scoped {
        " + landlock abstract-socket scope"
    } else {
        ""
    };
    let net = match profile.network {
        Network::Deny if notif && netns => Some(format!(
            "seccomp connect gate (every connect refused, its address reported; no UDP) + the guard's refusing proxy (HTTP_PROXY: a request by name is refused and the host reported){}{} + network namespace",
            landlock_tcp,
            landlock_scope,
        )),
        Network::Deny if notif => Some(format!(
            "seccomp socket filter{}{}{}",
            landlock_tcp,
            landlock_scope,
            if netns { " + network namespace" } else { "" }
        )),
        Network::Loopback if bw && notif => Some(
            "network namespace + every connect held by seccomp user-notif (IPv4/IPv6 made by the supervisor on the program's socket, Unix sockets only the run's own) + no datagram Unix sockets"
                .into(),
        ),
        Network::Proxy if notif && bw => Some(format!(
            "the guard's HTTP proxy outside the sandbox (CONNECT and plain HTTP; {} host patterns; it resolves names, the sandbox resolves none) + seccomp connect gate (only the proxy; no UDP) + network namespace{}",
            profile.net_policy().map_or(0, |p| p.patterns().count()),
            landlock_tcp,
        )),
        Network::Allow => Some("not restricted".into()),
        _ => None,
    };
    let net_value = if profile.network == Network::Proxy {
        format!("allow-list: {}", profile.allow_hosts.join(" "))
    } else {
        profile.network.to_string()
    };
    row("network", net_value, net);
    row(
        "max_processes",
        profile.max_processes.to_string(),
        notif.then(|| {
            format!(
                "seccomp user-notif fork gate{} (the cgroup pids controller is not used)",
                if bw { " + pid namespace" } else { "" }
            )
        }),
    );
    row(
        "max_threads",
        profile.task_cap().to_string(),
        notif
            .then(|| "seccomp user-notif gate on clone(CLONE_THREAD) and every new process".into()),
    );
    row(
        "memory_mb",
        profile.memory_mb.to_string(),
        notif.then(|| {
            format!(
                "RLIMIT_DATA per process + shared anonymous mappings capped and memfd_create refused (seccomp user-notif) + /dev/zero not writable (Landlock){} (the cgroup memory controller is not used)",
                if bw {
                    " + System V segments capped (IPC namespace) + private /tmp tmpfs of this size"
                } else {
                    " + System V segments refused; the private tmp dir is on disk (TMPDIR, or /var/tmp when TMPDIR is a tmpfs), bounded per file by file_size_mb"
                }
            )
        }),
    );
    row(
        "cpu_seconds",
        profile.cpu_seconds.to_string(),
        Some("RLIMIT_CPU (SIGXCPU, then SIGKILL)".into()),
    );
    row(
        "wall_seconds",
        profile.wall_seconds.to_string(),
        Some(format!(
            "supervisor timer + process-tree kill{}",
            if bw {
                " + pid namespace"
            } else {
                " (subreaper)"
            }
        )),
    );
    row(
        "output_mb",
        profile.output_mb.to_string(),
        Some("supervisor byte count".into()),
    );
    if let Some(v) = profile.file_size_mb {
        row("file_size_mb", v.to_string(), Some("RLIMIT_FSIZE".into()));
    }
    if let Some(v) = profile.open_files {
        row("open_files", v.to_string(), Some("RLIMIT_NOFILE".into()));
    }
    row(
        "env_pass",
        list(&profile.env_pass),
        Some("supervisor: explicit environment".into()),
    );
    row(
        "env_deny",
        list(&profile.env_deny),
        Some("supervisor: explicit environment".into()),
    );
    if let Some(ws) = &profile.workspace {
        row(
            "workspace",
            ws.to_string(),
            crate::workspace::mechanism(caps, ws),
        );
    }
    if !profile.caches.is_empty() {
        #[cfg(target_os = "linux")]
        let overlays = caps.namespaces && crate::linux::overlay::available();
        #[cfg(not(target_os = "linux"))]
        let overlays = false;
        row(
            "caches",
            list(&profile.caches),
            crate::caches::describe(&profile.caches, overlays).ok(),
        );
    }
    rows
}

#[cfg(test)]
mod netns_tests {
    use super::*;

    #[test]
    fn a_network_namespace_where_the_filters_leave_something_open() {
        let child = |network, landlock_abi| ChildPlan {
            command: "true".into(),
            shell: PathBuf::from("/bin/bash"),
            read_roots: Vec::new(),
            list_roots: Vec::new(),
            write_roots: Vec::new(),
            dev_write: Vec::new(),
            landlock_abi,
            network,
            rlimits: Vec::new(),
            lock_metadata: false,
            tmp_mb: None,
        };
        let cases = [
            (Network::Allow, 7, false),
            (Network::Loopback, 7, true),
            (Network::Loopback, 4, true),
            (Network::Deny, 7, true),
            (Network::Deny, 6, true),
            (Network::Deny, 5, true),
            (Network::Deny, 2, true),
        ];
        for (network, abi, want) in cases {
            assert_eq!(own_netns(&child(network, abi)), want, "{network} abi {abi}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::ProfileSet;
    use pretty_assertions::assert_eq;
    use std::collections::BTreeSet;

    /// A fake file system: a set of files and directories, and symlinks (link, target).
    struct FakeFs(BTreeSet<(PathBuf, bool)>, Vec<(PathBuf, PathBuf)>);

    impl FakeFs {
        fn new(dirs: &[&str], files: &[&str]) -> Self {
            let mut set = BTreeSet::new();
            for d in dirs {
                set.insert((PathBuf::from(d), true));
            }
            for f in files {
                set.insert((PathBuf::from(f), false));
            }
            Self(set, Vec::new())
        }
        fn link(mut self, link: &str, target: &str) -> Self {
            self.0.insert((PathBuf::from(link), false));
            self.1.push((link.into(), target.into()));
            self
        }
    }

    impl Inspect for FakeFs {
        fn is_symlink(&self, path: &Path) -> bool {
            self.1.iter().any(|(l, _)| l == path)
        }
        fn kind(&self, path: &Path) -> Option<bool> {
            self.0.iter().find(|(p, _)| p == path).map(|(_, d)| *d)
        }
        fn list(&self, dir: &Path) -> Vec<PathBuf> {
            self.0
                .iter()
                .filter(|(p, _)| p.parent() == Some(dir))
                .map(|(p, _)| p.clone())
                .collect()
        }
        fn canonical(&self, path: &Path) -> Option<PathBuf> {
            let target = self
                .1
                .iter()
                .find(|(l, _)| l == path)
                .map(|(_, t)| t.clone());
            target.or_else(|| self.kind(path).map(|_| path.to_path_buf()))
        }
    }

    fn ctx() -> Context {
        let mut env = BTreeMap::new();
        for (k, v) in [
            ("PATH", "/usr/bin"),
            ("HOME", "/h"),
            ("GITHUB_TOKEN", "t"),
            ("AWS_PROFILE", "p"),
            ("LC_ALL", "C"),
            ("CARGO_HOME", "/c"),
            ("EDITOR", "vi"),
            ("TMPDIR", "/elsewhere"),
        ] {
            env.insert(k.to_owned(), v.to_owned());
        }
        Context {
            home: "/h".into(),
            project: "/p".into(),
            config: "/h/.config".into(),
            data: "/h/.local/share".into(),
            env,
        }
    }

    fn caps(bwrap: bool) -> HostCaps {
        HostCaps {
            landlock_abi: Some(7),
            seccomp_user_notif: true,
            seccomp_wait_killable: true,
            bwrap: bwrap.then(|| "/usr/bin/bwrap".into()),
            namespaces: false,
            is_root: true,
        }
    }

    fn fake() -> FakeFs {
        FakeFs::new(
            &[
                "/usr",
                "/etc",
                "/etc/ssh",
                "/p",
                "/p/src",
                "/p/.git",
                "/p/.git/hooks",
                "/h",
                "/h/.ssh",
                "/c",
                "/c/bin",
                "/dev",
                "/proc",
            ],
            &[
                "/p/.env",
                "/p/.env.local",
                "/p/Cargo.toml",
                "/p/.git/config",
                "/h/.ssh/id_ed25519",
                "/c/credentials.toml",
                "/c/env",
                "/etc/passwd",
                "/etc/shadow",
                "/etc/ssh/ssh_host_ed25519_key",
                "/etc/ssh/ssh_config",
            ],
        )
        .link("/p/leak", "/h/.ssh/id_ed25519")
        .link("/p/docs", "/usr")
        .link("/p/homelink", "/h")
        .link("/p/rootlink", "/")
    }

    fn plan(name: &str, bwrap: bool) -> Result<Plan> {
        let set = ProfileSet::embedded().unwrap();
        build(
            set.get(name).unwrap(),
            "true",
            &ctx(),
            &caps(bwrap),
            true,
            Path::new("/t/run"),
            &fake(),
        )
    }

    fn paths(v: &[PathBuf]) -> Vec<String> {
        v.iter().map(|p| p.display().to_string()).collect()
    }

    #[test]
    fn expand_placeholders() {
        let c = ctx();
        let cases = [
            ("~/.ssh", Some("/h/.ssh")),
            ("~", Some("/h")),
            ("{project}/.git/hooks", Some("/p/.git/hooks")),
            ("{config}/terraphim", Some("/h/.config/terraphim")),
            (
                "{data}/terraphim/guard",
                Some("/h/.local/share/terraphim/guard"),
            ),
            ("$CARGO_HOME/credentials.toml", Some("/c/credentials.toml")),
            ("$CARGO_HOME", Some("/c")),
            ("$RUSTUP_HOME", None),
            ("$EDITOR", None),
            ("/usr", Some("/usr")),
        ];
        for (entry, want) in cases {
            assert_eq!(expand(entry, &c), want.map(PathBuf::from), "{entry}");
        }
    }

    #[test]
    fn globs() {
        for (p, t, want) in [
            (".env*", ".env", true),
            (".env*", ".env.local", true),
            (".env*", "x.env", false),
            ("*_TOKEN", "GITHUB_TOKEN", true),
            ("*_TOKEN", "TOKEN", false),
            ("ssh_host_*_key", "ssh_host_ed25519_key", true),
            ("ssh_host_*_key", "ssh_host_ed25519_key.pub", false),
            ("AWS_*", "AWS_PROFILE", true),
            ("PATH", "PATH", true),
        ] {
            assert_eq!(glob_match(p, t), want, "{p} {t}");
        }
    }

    /// [`FakeFs`] with inode numbers: `links` share one inode (two links), every other file
    /// has its own.
    struct Linked(FakeFs, Vec<&'static str>);

    impl Inspect for Linked {
        fn is_symlink(&self, path: &Path) -> bool {
            self.0.is_symlink(path)
        }
        fn kind(&self, path: &Path) -> Option<bool> {
            self.0.kind(path)
        }
        fn list(&self, dir: &Path) -> Vec<PathBuf> {
            self.0.list(dir)
        }
        fn canonical(&self, path: &Path) -> Option<PathBuf> {
            self.0.canonical(path)
        }
        fn file_id(&self, path: &Path) -> Option<(u64, u64, u64)> {
            if self.is_symlink(path) || self.kind(path) != Some(false) {
                return None;
            }
            if self.1.iter().any(|l| Path::new(l) == path) {
                return Some((1, 7, 2));
            }
            let ino = self.0.0.iter().position(|(p, _)| p == path)? as u64 + 100;
            Some((1, ino, 1))
        }
    }

    #[test]
    fn nested_env_files_and_hard_links_to_secrets_are_hidden() {
        let mut f = fake();
        for d in ["/p/src/deep", "/p/node_modules", "/p/node_modules/x"] {
            f.0.insert((PathBuf::from(d), true));
        }
        for file in [
            "/p/src/.env",
            "/p/src/deep/.env.production",
            "/p/src/key",
            "/p/src/other",
            "/p/node_modules/x/.env",
        ] {
            f.0.insert((PathBuf::from(file), false));
        }
        let set = ProfileSet::embedded().unwrap();
        let run = |fs: &dyn Inspect| {
            build(
                set.get("readonly").unwrap(),
                "true",
                &ctx(),
                &caps(true),
                true,
                Path::new("/t/run"),
                fs,
            )
            .unwrap()
        };
        let plan = run(&Linked(f, vec!["/h/.ssh/id_ed25519", "/p/src/key"]));
        let hidden = paths(&plan.hidden);
        for want in [
            "/p/.env",
            "/p/.env.local",
            "/p/src/.env",
            "/p/src/deep/.env.production",
            "/p/src/key",
        ] {
            assert!(
                hidden.contains(&want.to_owned()),
                "{want} not in {hidden:?}"
            );
        }
        // Dependency trees are not walked; a file with one link is no secret's link.
        for not in ["/p/node_modules/x/.env", "/p/src/other", "/p/Cargo.toml"] {
            assert!(!hidden.contains(&not.to_owned()), "{not} in {hidden:?}");
        }
        // No hidden file with a second link: the project is not searched for links at all.
        let mut g = fake();
        g.0.insert((PathBuf::from("/p/src/key"), false));
        let plan = run(&Linked(g, vec!["/p/src/key"]));
        assert!(!paths(&plan.hidden).contains(&"/p/src/key".to_owned()));
    }

    #[test]
    fn native_read_roots_exclude_hidden_paths() {
        let plan = plan("readonly", false).unwrap();
        let roots = paths(&plan.child.read_roots);
        // The project, /etc and CARGO_HOME hold hidden files, so they are carved into entries.
        for want in [
            "/p/Cargo.toml",
            "/p/src",
            "/p/.git",
            "/etc/passwd",
            "/etc/ssh/ssh_config",
            "/c/bin",
            "/c/env",
            "/usr",
        ] {
            assert!(
                roots.contains(&want.to_owned()),
                "missing {want} in {roots:?}"
            );
        }
        for hidden in [
            "/p",
            "/p/.env",
            "/p/.env.local",
            "/p/leak",
            "/etc",
            "/etc/shadow",
            "/etc/ssh/ssh_host_ed25519_key",
            "/c/credentials.toml",
            "/h",
            "/h/.ssh",
        ] {
            assert!(
                !roots.contains(&hidden.to_owned()),
                "{hidden} is readable: {roots:?}"
            );
        }
        // A symlink among the carved entries grants nothing (its target would be granted: a
        // link to HOME made HOME readable, one to `/` made the carving recurse until the stack
        // overflowed); the carved directories can still be listed.
        for link in ["/p/docs", "/p/homelink", "/p/rootlink", "/"] {
            assert!(!roots.contains(&link.to_owned()), "{link} in {roots:?}");
        }
        assert_eq!(
            paths(&plan.child.list_roots),
            vec!["/c", "/etc", "/etc/ssh", "/p"]
        );
        for root in &plan.child.read_roots {
            assert!(
                !plan
                    .hidden
                    .iter()
                    .any(|h| root.starts_with(h) || h.starts_with(root)),
                "{root:?}"
            );
        }
        assert_eq!(paths(&plan.child.write_roots), vec!["/t/run"]);
        assert!(plan.protected.is_empty());
    }

    #[test]
    fn bwrap_keeps_whole_roots_and_hides_by_mounts() {
        let plan = plan("readonly", true).unwrap();
        assert!(plan.child.read_roots.contains(&PathBuf::from("/p")));
        assert_eq!(paths(&plan.child.write_roots), vec!["/tmp"]);
        let args = bwrap_args(&plan, Path::new("/usr/bin/terraphim-agent"), &fake()).join(" ");
        for want in [
            "--unshare-net",
            "--unshare-pid",
            "--die-with-parent",
            "--cap-drop ALL",
            "--tmpfs /tmp",
            "--tmpfs /h/.ssh --remount-ro /h/.ssh",
            "--ro-bind /dev/null /p/.env",
            "--ro-bind /dev/null /etc/shadow",
            "--size 2147483648 --tmpfs /tmp",
            "--chdir /p --",
        ] {
            assert!(args.contains(want), "`{want}` missing from {args}");
        }
        assert!(!args.contains("--bind /p"), "{args}");
    }

    #[test]
    fn build_protects_paths_with_bwrap_and_refuses_without() {
        let plan = plan("build", true).unwrap();
        assert_eq!(
            paths(&plan.protected),
            vec!["/p/.git/config", "/p/.git/hooks"]
        );
        // `.git` is pinned (bound over itself) so it cannot be renamed away and rebuilt.
        assert_eq!(paths(&plan.pinned), vec!["/p/.git"]);
        // Every protected path beneath the project is watched; the missing ones as absent.
        let watched = |p: &str| {
            plan.watched
                .iter()
                .find(|w| w.path == Path::new(p))
                .map(|w| w.before.clone())
        };
        assert_eq!(watched("/p/.github/workflows"), Some(Found::Absent));
        assert_eq!(watched("/p/.git/commondir"), Some(Found::Absent));
        assert!(matches!(watched("/p/.git/hooks"), Some(Found::Present(..))));
        assert_eq!(watched("/c/terraphim"), None);
        let args = bwrap_args(&plan, Path::new("/x"), &fake()).join(" ");
        let bind = args.find("--bind /p /p").unwrap();
        let pin = args.find("--bind /p/.git /p/.git").unwrap();
        let ro = args.find("--ro-bind /p/.git/hooks /p/.git/hooks").unwrap();
        let hide = args.find("--ro-bind /dev/null /p/.env").unwrap();
        assert!(bind < pin && pin < ro && ro < hide, "{args}");
        let err = plan_err("build", false);
        assert!(
            err.contains("protects /p/.git/config") && err.contains("bubblewrap"),
            "{err}"
        );
    }

    #[test]
    fn a_project_that_is_or_holds_the_home_is_never_writable() {
        let set = ProfileSet::embedded().unwrap();
        let fs = FakeFs::new(&["/usr", "/", "/h", "/h/src", "/p"], &[]);
        // (project, profile, refused)
        for (project, name, refused) in [
            ("/h", "build", true),
            ("/h", "install", true),
            ("/h", "workspace", true),
            ("/", "build", true),
            ("/h", "readonly", false),
            ("/h/src", "build", false),
            ("/p", "build", false),
        ] {
            let mut c = ctx();
            c.project = project.into();
            let got = build(
                set.get(name).unwrap(),
                "true",
                &c,
                &caps(true),
                true,
                Path::new("/t/run"),
                &fs,
            );
            match got {
                Err(e) => {
                    assert!(refused, "{project} {name}: {e}");
                    assert!(e.to_string().contains("home directory"), "{e}");
                }
                Ok(_) => assert!(!refused, "{project} {name} was not refused"),
            }
        }
    }

    #[test]
    fn ns_tmpdir_avoids_bound_names() {
        let cases: [(&[&str], &str); 3] = [
            (&["/p", "/usr"], "/tmp/terraphim-run"),
            (&["/tmp/terraphim-run/p"], "/tmp/terraphim-run-1"),
            (
                &["/tmp/terraphim-run", "/tmp/terraphim-run-1/x", "/tmp/other"],
                "/tmp/terraphim-run-2",
            ),
        ];
        for (bound, want) in cases {
            let bound: Vec<&Path> = bound.iter().map(Path::new).collect();
            assert_eq!(ns_tmpdir(&bound), PathBuf::from(want), "{bound:?}");
        }
    }

    #[test]
    fn a_project_under_tmp_is_bound_back_read_only_beside_a_fresh_tmpdir() {
        let fs = FakeFs::new(
            &["/usr", "/tmp", "/tmp/terraphim-run", "/tmp/terraphim-run/p"],
            &[],
        );
        let mut c = ctx();
        c.project = "/tmp/terraphim-run/p".into();
        let set = ProfileSet::embedded().unwrap();
        let plan = build(
            set.get("readonly").unwrap(),
            "true",
            &c,
            &caps(true),
            true,
            Path::new("/unused"),
            &fs,
        )
        .unwrap();
        assert_eq!(plan.tmp, PathBuf::from("/tmp/terraphim-run-1"));
        assert!(
            plan.env
                .contains(&("TMPDIR".into(), "/tmp/terraphim-run-1".into()))
        );
        assert_eq!(
            mounts(&plan, &fs),
            vec![Mount::Bind {
                path: "/tmp/terraphim-run/p".into(),
                ro: true
            }]
        );
        let args = bwrap_args(&plan, Path::new("/usr/bin/x"), &fs).join(" ");
        let bind = args.find("--ro-bind /tmp/terraphim-run/p /tmp/terraphim-run/p");
        let dir = args.find("--dir /tmp/terraphim-run-1");
        assert!(bind.is_some() && dir.is_some(), "{args}");
    }

    fn plan_err(name: &str, bwrap: bool) -> String {
        plan(name, bwrap).unwrap_err().to_string()
    }

    #[test]
    fn refusals() {
        let set = ProfileSet::embedded().unwrap();
        let mut loopback = set.get("readonly").unwrap().clone();
        loopback.network = Network::Loopback;
        let fs = fake();
        let go = |p: &Profile, caps: &HostCaps| {
            build(p, "true", &ctx(), caps, true, Path::new("/t"), &fs)
                .map(|_| ())
                .map_err(|e| e.to_string())
        };
        let readonly = set.get("readonly").unwrap();
        let no_landlock = HostCaps {
            landlock_abi: None,
            ..caps(true)
        };
        let old = HostCaps {
            landlock_abi: Some(1),
            ..caps(true)
        };
        let no_notif = HostCaps {
            seccomp_user_notif: false,
            ..caps(true)
        };
        let cases: [(&str, &Profile, HostCaps, &str); 5] = [
            (
                "no landlock",
                readonly,
                no_landlock,
                "Landlock is not available",
            ),
            ("old landlock", readonly, old, "too old"),
            ("no user notif", readonly, no_notif, "user notification"),
            ("loopback without bwrap", &loopback, caps(false), "loopback"),
            ("loopback with bwrap", &loopback, caps(true), ""),
        ];
        for (name, profile, caps, want) in cases {
            match go(profile, &caps) {
                Ok(()) => assert!(want.is_empty(), "{name}: ran"),
                Err(e) => assert!(
                    !want.is_empty() && e.starts_with("refusing to run: ") && e.contains(want),
                    "{name}: {e}"
                ),
            }
        }
    }

    #[test]
    fn environment_is_explicit() {
        let plan = plan("readonly", false).unwrap();
        let keys: Vec<&str> = plan.env.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys,
            vec![
                "CARGO_HOME",
                "HOME",
                "LC_ALL",
                "PATH",
                "TMPDIR",
                "TERRAPHIM_GUARD_PROFILE"
            ]
        );
        assert!(plan.env.contains(&("TMPDIR".into(), "/t/run".into())));
        assert_eq!(
            plan.env_removed,
            vec!["AWS_PROFILE", "EDITOR", "GITHUB_TOKEN"]
        );
    }

    #[test]
    fn locale_variables_pass_only_with_a_locale_syntax() {
        let profile = ProfileSet::embedded()
            .unwrap()
            .get("readonly")
            .unwrap()
            .clone();
        let cases = [
            ("LC_ALL", "en_US.UTF-8", true),
            ("LANG", "C", true),
            ("LANGUAGE", "de_DE:en", true),
            ("LC_MESSAGES", "sr_RS@latin", true),
            ("LC_ALL", "/tmp/evil-locale", false),
            ("LC_CTYPE", "../../tmp/x", false),
            ("LANG", "en US", false),
            ("LC_TIME", "$(id)", false),
        ];
        for (name, value, passed) in cases {
            let env = BTreeMap::from([(name.to_owned(), value.to_owned())]);
            let (kept, removed) = filter_env(&env, &profile);
            assert_eq!(
                (kept.len() == 1, removed.len() == 1),
                (passed, !passed),
                "{name}={value}"
            );
        }
    }

    #[test]
    fn rlimits_follow_the_profile() {
        let set = ProfileSet::embedded().unwrap();
        let r = rlimits(set.get("strict").unwrap());
        let get = |k| r.iter().find(|l| l.resource == k).map(|l| (l.soft, l.hard));
        assert_eq!(get(RlimitKind::Data), Some((64 << 20, 64 << 20)));
        assert_eq!(get(RlimitKind::Cpu), Some((10, 11)));
        assert_eq!(get(RlimitKind::Core), Some((0, 0)));
        assert_eq!(get(RlimitKind::Fsize), Some((64 << 20, 64 << 20)));
        assert_eq!(get(RlimitKind::Nofile), Some((256, 256)));
    }

    #[test]
    fn enforcement_table_names_mechanisms() {
        let set = ProfileSet::embedded().unwrap();
        let build = set.get("build").unwrap();
        let with = enforcement(build, &caps(true));
        let find = |rows: &[FieldEnforcement], f: &str| {
            rows.iter().find(|r| r.field == f).unwrap().clone()
        };
        assert!(
            find(&with, "protected")
                .mechanisms
                .starts_with("mount namespace: read-only binds")
        );
        // Threads and the memory the data limit misses name their fallbacks.
        assert!(
            find(&with, "max_threads")
                .mechanisms
                .contains("CLONE_THREAD")
        );
        let memory = find(&with, "memory_mb").mechanisms;
        assert!(
            memory.contains("shared anonymous mappings capped")
                && memory.contains("memfd_create refused")
                && memory.contains("tmpfs")
                && memory.contains("cgroup memory controller is not used"),
            "{memory}"
        );
        assert!(
            find(&with, "network")
                .mechanisms
                .contains("network namespace")
        );
        let own = enforcement(
            build,
            &HostCaps {
                namespaces: true,
                ..caps(true)
            },
        );
        assert_eq!(
            find(&own, "network").mechanisms,
            "seccomp connect gate (every connect refused, its address reported; no UDP) + the guard's refusing proxy (HTTP_PROXY: a request by name is refused and the host reported) + landlock tcp + landlock abstract-socket scope + network namespace"
        );
        // Without namespaces `deny` is the socket filter (a TCP socket could listen on the
        // host's network); with them, the connect gate of an allow-list that lists nothing.
        let cases = [
            (Network::Deny, true, Network::Proxy),
            (Network::Deny, false, Network::Deny),
            (Network::Loopback, true, Network::Loopback),
            (Network::Allow, true, Network::Allow),
            (Network::Proxy, true, Network::Proxy),
        ];
        for (network, namespaces, want) in cases {
            assert_eq!(child_network(network, namespaces), want, "{network:?}");
        }
        let without = enforcement(build, &caps(false));
        assert!(
            find(&without, "protected")
                .mechanisms
                .contains("needs namespaces")
        );
        let none = enforcement(
            build,
            &HostCaps {
                landlock_abi: None,
                ..caps(false)
            },
        );
        assert!(!find(&none, "read_only").enforced);
    }
}
