//! Path classes decided from a command's words alone (no I/O): temp dirs, build outputs, other
//! project paths, paths outside the project (home, system, `..`), and the trust anchors (the
//! agents' settings and hooks, this guard's own files, shell startup files, git hooks and
//! config, CI workflows, package-manager configs that run code, ssh keys and config, user
//! services and scheduled jobs). Patterns name them as targets (`rm <outside>`, `* ><trust-anchor>`,
//! `cp <dest:trust-anchor>`); verbs of subcommand CLIs are classes too (`<destroy-verb>`).
//!
//! The lists are data: `kg/paths/path-classes.md`, embedded, and readable by the sandbox (its
//! protected paths) and the script review through [`trust_anchors`] and [`PathClasses`].

use std::borrow::Cow;
use std::path::Path;
use std::sync::OnceLock;
use terraphim_shell_vocab::{is_lockfile, is_runner_source};

use crate::canon::{Word, WordKind};
use crate::pattern::CLASSES;

/// The embedded class lists.
const DEFAULT_TEXT: &str = include_str!("../../../kg/paths/path-classes.md");

/// Bits of [`CLASSES`].
const TEMP: u32 = 1 << 0;
const BUILD_OUTPUT: u32 = 1 << 1;
const PROJECT: u32 = 1 << 2;
const OUTSIDE: u32 = 1 << 3;
const TRUST_ANCHOR: u32 = 1 << 4;
const READ_VERB: u32 = 1 << 5;
const DESTROY_VERB: u32 = 1 << 6;
/// `dest:` classes are the path classes shifted by this much.
const DEST_SHIFT: u32 = 7;
const HOME: u32 = 1 << 12;
const SYSTEM: u32 = 1 << 13;
/// A project path, build output or temp file (not a trust anchor).
const LOCAL: u32 = 1 << 14;
/// A build output or temp file.
const DISPOSABLE: u32 = 1 << 15;
/// A path known only at run time (`$DIR/x`, `$(pwd)`), other than the home or temp dir.
const DYNAMIC: u32 = 1 << 16;
/// A file that holds credentials or keys (`~/.aws/credentials`, `~/.ssh/id_ed25519`, `.env`).
const SECRET: u32 = 1 << 17;
/// A path on another machine (`host:path` of `scp`, `rsync`, `rclone`).
const REMOTE: u32 = 1 << 18;
/// A project file a runner loads as code or instructions (`Makefile`, `conftest.py`,
/// `package.json`, a lockfile, `*.sh`): what lands there runs at the next build or test.
const RUNNABLE: u32 = 1 << 19;
/// A path that is the root or everything in it when its leading variable is unset or empty
/// (`"$BUILD_ROOT/"*`, `$OUT/`): shellcheck's SC2115, the uninstaller that ran `rm -rf /*`.
const ROOT_IF_UNSET: u32 = 1 << 20;
/// An option's value that is a size or a count (`-s 1G`, `--size=512M`, `-s +10K`, `-s 0`): no
/// path, whatever its text would say as one.
const SIZE: u32 = 1 << 21;
/// The destination (see `dest:` classes) lies in one of the operating system's own directories
/// (the `system::` list: `/usr/local/bin/`, `/etc/x`; not `/opt` or `/srv`): a program installed
/// or copied there replaces what every user and service runs.
const DEST_SYSTEM: u32 = 1 << 22;
/// A project file or directory of data records (`exports/grades.csv`, `data/patients`,
/// `db/app.sqlite`) where it is sent: a request's body or upload file, a source of `scp`/`rsync`
/// to a raw address, an operand of a program that prints, packs or publishes it
/// (`RECORD_READERS`). Test data and fixtures are none.
const RECORDS: u32 = 1 << 23;
/// The project as a whole: the working directory itself (`.`, `"$PWD"`, `../proj` from
/// inside it), everything in it (`*`), or its repository's store (`.git`, its `objects`,
/// `refs` and `logs`, `packed-refs`): what a delete of it takes is every uncommitted change
/// and, with the store, the history nobody pushed.
const WHOLE_PROJECT: u32 = 1 << 24;

/// Where the words of a command are read: the project (the working directory the guard was
/// given), the directory relative paths start from (another after a `cd`), the home, and the
/// variables the line assigns itself.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scope<'a> {
    pub(crate) project: Option<&'a Path>,
    /// Where relative paths start: `None` is the project; `Some(None)` is unknown (`cd "$X"`).
    pub(crate) base: Option<Option<&'a Path>>,
    pub(crate) home: Option<&'a Path>,
    pub(crate) assigned: &'a [String],
    /// Variables the line assigned a fresh `mktemp` path first (`ParsedCommand::temp_vars`):
    /// their bare expansion is a temp path.
    pub(crate) temp_vars: &'a [String],
    /// Variables of `for` loops over literal words, and the words
    /// (`ParsedCommand::loop_values`): a variable whose every word is a project path is one.
    pub(crate) loop_values: &'a [(String, Vec<String>)],
    /// The components of `project`, `home` and `base`, split once by [`Scope::new`].
    parts: Option<ScopeParts>,
    /// The classes of the words already classed in this scope ([`Scope::path_bits`]): a
    /// word's classes depend on its text and the scope alone, and a script's commands repeat
    /// their operands.
    seen: std::cell::RefCell<std::collections::HashMap<String, u32, ahash::RandomState>>,
}

#[derive(Debug, Clone, Default)]
struct ScopeParts {
    project: Option<Vec<String>>,
    home: Option<Vec<String>>,
    base: Option<Vec<String>>,
    /// The working directory is the home or holds it (`~`, `/home`, `/`): a path that names
    /// the home (`~/x`, `/home/u/x`) is the user's, not a project file, although relative
    /// paths there are still read as the working directory's own.
    holds_home: bool,
}

impl<'a> Scope<'a> {
    /// This scope with the line's literal loop variables ([`Scope::loop_values`]).
    pub(crate) fn with_loop_values(mut self, loop_values: &'a [(String, Vec<String>)]) -> Self {
        self.loop_values = loop_values;
        self
    }

    /// A scope with its paths split once, for many words.
    pub(crate) fn new(
        project: Option<&'a Path>,
        base: Option<Option<&'a Path>>,
        home: Option<&'a Path>,
        assigned: &'a [String],
        temp_vars: &'a [String],
    ) -> Scope<'a> {
        let mut s = Scope {
            project,
            base,
            home,
            assigned,
            temp_vars,
            loop_values: &[],
            parts: None,
            seen: Default::default(),
        };
        s.parts = Some(s.split_parts());
        s
    }

    /// [`path_bits`] of `text` in this scope, worked out once per text.
    fn path_bits(&self, text: &str) -> u32 {
        if let Some(&bits) = self.seen.borrow().get(text) {
            return bits;
        }
        let bits = path_bits(text, self);
        self.seen.borrow_mut().insert(text.to_owned(), bits);
        bits
    }

    fn split_parts(&self) -> ScopeParts {
        let cwd = self
            .project
            .filter(|c| c.is_absolute())
            .and_then(path_parts);
        let home = self.home.and_then(path_parts);
        let holds_home = matches!((&cwd, &home), (Some(c), Some(h)) if h.starts_with(c));
        // The root is no project: run in `/`, `rm -rf etc` deletes `/etc`. Relative paths still
        // start there. (A home inside the working directory stays the home: see `locate`.)
        let project = cwd.clone().filter(|c| !c.is_empty());
        let base = match self.base {
            None => cwd,
            Some(None) => None,
            Some(Some(b)) => path_parts(b),
        };
        ScopeParts {
            project,
            home,
            base,
            holds_home,
        }
    }

    fn parts(&self) -> std::borrow::Cow<'_, ScopeParts> {
        match &self.parts {
            Some(p) => std::borrow::Cow::Borrowed(p),
            None => std::borrow::Cow::Owned(self.split_parts()),
        }
    }
}

/// Where a path glob is rooted.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Root {
    /// `~/...`: the user's home.
    Home,
    /// `/...`.
    Absolute,
    /// `$VAR/...`.
    Var(&'static str),
    /// No root: matches these components anywhere in a path (`.git/hooks/**`).
    Anywhere,
}

/// A path glob of the lists: a root and components, where a component may hold `*` and a last
/// `**` matches any number of further components.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathGlob {
    /// The glob as written.
    pub text: &'static str,
    root: Root,
    /// The components after the root, `/`-separated.
    rest: &'static str,
    /// A component without `*` that every matching path holds (a quick test before matching).
    key: Option<&'static str>,
}

impl PathGlob {
    fn parse(text: &'static str) -> PathGlob {
        let (root, rest) = if let Some(r) = text.strip_prefix("~/") {
            (Root::Home, r)
        } else if let Some(r) = text.strip_prefix('/') {
            (Root::Absolute, r)
        } else if let Some(r) = text.strip_prefix('$') {
            let (var, rest) = r.split_once('/').unwrap_or((r, ""));
            (Root::Var(var), rest)
        } else {
            (Root::Anywhere, text)
        };
        PathGlob {
            text,
            root,
            rest,
            key: glob_key(rest),
        }
    }

    fn matches(&self, loc: &Location) -> bool {
        let parts: Vec<&str> = self
            .rest
            .split('/')
            .filter(|p| !p.is_empty() && *p != ".")
            .collect();
        let parts = &parts[..];
        match (&self.root, loc) {
            (Root::Home, Location::Home(p)) | (Root::Absolute, Location::Absolute(p)) => {
                parts_match(parts, p)
            }
            (Root::Var(v), Location::Var(w, p)) => v == w && parts_match(parts, p),
            (Root::Anywhere, Location::Home(p) | Location::Absolute(p) | Location::Project(p)) => {
                (0..p.len().max(1)).any(|k| parts_match(parts, &p[k.min(p.len())..]))
            }
            _ => false,
        }
    }
}

/// The class lists.
#[derive(Debug, Clone, Default)]
pub struct PathClasses {
    /// Files and directories whose change loosens the guard or plants code that runs later.
    pub trust_anchors: Vec<PathGlob>,
    /// Indices of `trust_anchors` by their literal component; those without one apart.
    by_key: std::collections::HashMap<&'static str, Vec<usize>, ahash::RandomState>,
    keyless: Vec<usize>,
    /// Build-output names without `*`, and the globs with one.
    build_names: std::collections::HashSet<&'static str, ahash::RandomState>,
    build_globs: Vec<&'static str>,
    /// Names of build outputs and caches inside a project (a path component matches one).
    pub build_outputs: Vec<PathGlob>,
    /// Temporary directories (their contents).
    pub temp: Vec<PathGlob>,
    /// Files that hold credentials or private keys.
    pub secrets: Vec<PathGlob>,
    /// Indices of `secrets` by their literal component; those without one apart.
    secrets_by_key: std::collections::HashMap<&'static str, Vec<usize>, ahash::RandomState>,
    secrets_keyless: Vec<usize>,
    /// The operating system's own directories, by their absolute paths (`/etc`, `/usr`, ...):
    /// what is known of another machine's paths beyond its trust anchors.
    pub system: Vec<&'static str>,
    /// Names (globs) of files that hold a private key or a credential store wherever they lie
    /// (`*.pem`, `id_rsa*`, `*.kdbx`): what a search for them collects is a secret.
    pub key_files: Vec<&'static str>,
}

impl PathClasses {
    /// Parse the lists: `trust_anchor::`, `build_output::`, `temp::`, `secret::`, `system::`
    /// and `key_file::` lines of comma-separated globs; other lines are prose.
    pub fn parse(text: &'static str) -> PathClasses {
        PathClasses::from_items(crate::path_lists::list_items(text))
    }

    /// The lists of these items: each the index of its list in `path_lists::LISTS` and its
    /// text, in the order of the file (see `path_lists::list_items`).
    fn from_items(items: impl Iterator<Item = (usize, &'static str)>) -> PathClasses {
        let mut out = PathClasses::default();
        for (list, item) in items {
            match list {
                0 => out.trust_anchors.push(PathGlob::parse(item)),
                1 => out.build_outputs.push(PathGlob::parse(item)),
                2 => out.temp.push(PathGlob::parse(item)),
                3 => out.secrets.push(PathGlob::parse(item)),
                4 => out.system.push(item),
                _ => out.key_files.push(item),
            }
        }
        // Sized once: the lists are built in every process that judges a path.
        out.build_names.reserve(out.build_outputs.len());
        out.by_key.reserve(out.trust_anchors.len());
        out.secrets_by_key.reserve(out.secrets.len());
        for g in &out.build_outputs {
            if g.rest.contains('*') {
                out.build_globs.push(g.rest);
            } else {
                out.build_names.insert(g.rest);
            }
        }
        for (i, g) in out.trust_anchors.iter().enumerate() {
            match g.key {
                Some(k) => out.by_key.entry(k).or_default().push(i),
                None => out.keyless.push(i),
            }
        }
        for (i, g) in out.secrets.iter().enumerate() {
            match g.key {
                Some(k) => out.secrets_by_key.entry(k).or_default().push(i),
                None => out.secrets_keyless.push(i),
            }
        }
        out
    }
}

/// The last `/`-separated component of a glob's `rest` that is not empty, not `.` and holds no
/// `*`: what `rest.rsplit('/').find(..)` finds, in one pass over the bytes from the end.
fn glob_key(rest: &'static str) -> Option<&'static str> {
    let bytes = rest.as_bytes();
    let mut end = bytes.len();
    loop {
        let mut start = end;
        let mut star = false;
        while start > 0 && bytes[start - 1] != b'/' {
            start -= 1;
            star |= bytes[start] == b'*';
        }
        let part = &rest[start..end];
        if !star && !part.is_empty() && part != "." {
            return Some(part);
        }
        if start == 0 {
            return None;
        }
        end = start - 1;
    }
}

/// The embedded class lists, parsed once.
pub fn default_classes() -> &'static PathClasses {
    static CLASSES_DATA: OnceLock<PathClasses> = OnceLock::new();
    CLASSES_DATA.get_or_init(|| {
        PathClasses::from_items(
            DEFAULT_ITEMS
                .iter()
                .map(|&(list, start, end)| (usize::from(list), &DEFAULT_TEXT[start..end])),
        )
    })
}

// `path_items.rs` defines `DEFAULT_ITEMS`: (list, start, end) of every item of the embedded
// lists, in `DEFAULT_TEXT`, as `path_lists::list_items` reads them (the build script reads the
// same file with the same code; a unit test checks the two agree).
include!(concat!(env!("OUT_DIR"), "/path_items.rs"));

/// The trust anchors as written in the list (`~/.claude/**`, `.git/hooks/**`, ...), for the
/// sandbox's protected paths and the script review.
pub fn trust_anchors() -> impl Iterator<Item = &'static str> {
    default_classes().trust_anchors.iter().map(|g| g.text)
}

/// Whether `path` (as a command names it, in the working directory `cwd` of a user whose home
/// is `home`) is a trust anchor.
pub fn is_trust_anchor(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> bool {
    let scope = Scope {
        project: cwd,
        home,
        ..Scope::default()
    };
    path_bits(path, &scope) & TRUST_ANCHOR != 0
}

/// Whether a word names a `<secret>` file as written, with no working directory: `~/.netrc`,
/// `$HOME/.ssh`, `.env.production`, `/home/u/.pgpass` (the home read from the path).
pub(crate) fn names_secret(word: &str) -> bool {
    let home = ["/home/", "/Users/"].iter().find_map(|root| {
        let rest = word.strip_prefix(root)?;
        let user = rest.split('/').next()?;
        (!user.is_empty()).then(|| Path::new(&word[..root.len() + user.len()]))
    });
    let home = home.or_else(|| word.starts_with("/root/").then(|| Path::new("/root")));
    let scope = Scope::new(None, None, home, &[], &[]);
    // `path_bits(word, &scope) & SECRET != 0`, without the other classes.
    place_of(word, &scope).is_ok_and(|(loc, in_home)| {
        is_secret(default_classes(), &loc, in_home.as_ref())
            || searched_key_files(default_classes(), word)
    })
}

/// Whether `word` names the home itself or a directory holding it (`~`, `$HOME`, `/home/ana`,
/// `/home`, `/Users`, `/root`, `/`): an archive or a recursive copy of it holds every secret of
/// the home.
pub(crate) fn holds_the_home(word: &str) -> bool {
    let word = word.trim_end_matches('/');
    let word = if word.is_empty() { "/" } else { word };
    if matches!(word, "/" | "/home" | "/Users" | "/root") {
        return true;
    }
    let in_homes = ["/home/", "/Users/"].iter().any(|root| {
        word.strip_prefix(root)
            .is_some_and(|user| !user.is_empty() && !user.contains('/'))
    });
    in_homes
        || place_of(word, &Scope::default())
            .is_ok_and(|(loc, _)| matches!(loc, Location::Home(p) if p.is_empty()))
}

/// Whether `word` names a path in the user's home (`~/.cache/x.py`, `$HOME/bin/t`).
pub(crate) fn is_in_home(word: &str) -> bool {
    place_of(word, &Scope::default()).is_ok_and(|(loc, _)| matches!(loc, Location::Home(_)))
}

/// Whether `word` is what a search for key files reaches: a path with a `**` component (a
/// named find's `START/**/NAME`, `rg --files -g`'s reach) whose last component names files of
/// the `key_file::` list (`~/**/*.pem`, `/**/id_*`). Whatever the search finds there is a
/// private key or a credential store, wherever the search starts.
fn searched_key_files(lists: &PathClasses, word: &str) -> bool {
    let Some((dir, last)) = word.rsplit_once('/') else {
        return false;
    };
    let last = last.trim_matches(['\'', '"']);
    dir.split('/').any(|c| c == "**")
        && !last.is_empty()
        && lists
            .key_files
            .iter()
            .any(|k| glob(k, last) || glob(last, k))
}

/// The options of HTTP clients whose value is a file sent whole as the request's body.
const UPLOAD_FILE_FLAGS: &[&str] = &["-T", "--upload-file", "--post-file", "--body-file"];

/// The directories a project keeps credentials in by name (`secrets/sa.json`,
/// `config/credentials/prod.json`).
const CREDENTIAL_DIRS: &[&str] = &["secrets", ".secrets", "credentials"];

/// Whether a file sent as a request's body is a key or a credential by its name: its last
/// component is of the `key_file::` list (`cosign.key`, `server-key.pem`, `release.jks`), or it
/// lies in a credentials directory of the project (`secrets/`, `credentials/`).
fn sent_key_file(lists: &PathClasses, path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    let (dirs, last) = path.rsplit_once('/').unwrap_or(("", path));
    // A `.pem` holds a certificate as often as a key: only one named for a key is one.
    let key_name = if last.to_ascii_lowercase().ends_with(".pem") {
        let lower = last.to_ascii_lowercase();
        lower.contains("key") || lower.contains("priv")
    } else {
        lists.key_files.iter().any(|k| glob(k, last))
    };
    (!last.is_empty() && last != "-" && key_name)
        || dirs.split('/').any(|c| CREDENTIAL_DIRS.contains(&c))
}

/// Programs that pack or publish what their operands name: a data file there is sent
/// whole where their output goes (`tar czf - data/patients | curl -T - URL`, `ia upload`), or
/// handed to another person or the public (`wormhole send`, `croc send`, `tailscale file cp`,
/// `gh gist create`, `aws s3 cp --acl public-read`; the KG's patterns say which of their
/// subcommands send).
const RECORD_READERS: &[&str] = &[
    "gzip",
    "bzip2",
    "xz",
    "zstd",
    "tar",
    "zip",
    "7z",
    "ia",
    "wormhole",
    "croc",
    "gh",
    "aws",
    "tailscale",
];

/// Extensions of files that hold records: tables, spreadsheets, databases, statistics
/// packages' data, ledgers and journals, address books and mailboxes; and images of a
/// machine's memory or disk, process dumps and network captures, which hold everything it
/// held (passwords, keys, sessions, mail). Raw images (`.raw`, `.dd`, `.img`) and virtual
/// machines' disks (`.vmdk`, `.vhd`, `.vhdx`, `.qcow2`, `.vdi`) are records where the project
/// keeps them; a build's images (`build/sdcard.img`, `dist/os.img`) are build output, never
/// records.
const RECORD_EXTENSIONS: &[&str] = &[
    "csv", "tsv", "xlsx", "xls", "xlsm", "ods", "parquet", "feather", "sqlite", "sqlite3", "db",
    "mdb", "accdb", "sav", "dta", "journal", "ledger", "vcf", "mbox", "pst", "e01", "ex01", "aff",
    "aff4", "vmem", "vmss", "lime", "dmp", "mem", "hprof", "pcap", "pcapng", "raw", "dd", "img",
    "vmdk", "vhd", "vhdx", "qcow2", "vdi",
];

/// Directories of a project that hold its data rather than its code or its build.
const RECORD_DIRS: &[&str] = &[
    "data", "exports", "export", "imports", "import", "records", "backups", "backup", "dumps",
    "dump",
];

/// Directories of example and test data, made up to be shared.
const SAMPLE_DIRS: &[&str] = &[
    "test",
    "tests",
    "testdata",
    "fixtures",
    "fixture",
    "__fixtures__",
    "samples",
    "sample",
    "examples",
    "example",
    "demo",
    "mocks",
    "spec",
];

/// Whether a project path names data records: a file of [`RECORD_EXTENSIONS`] or a path in a
/// data directory ([`RECORD_DIRS`]), and nothing in a test or sample directory.
fn is_record_path(path: &str) -> bool {
    let path = path.trim_matches(['\'', '"']);
    let parts: Vec<&str> = path
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    let Some(last) = parts.last() else {
        return false;
    };
    if parts.iter().any(|c| SAMPLE_DIRS.contains(c)) {
        return false;
    }
    let record_ext = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && RECORD_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
    });
    record_ext || parts.iter().any(|c| RECORD_DIRS.contains(c))
}

/// Whether an `scp`/`rsync` command names a path on a machine by a public IPv4 address (`user@
/// 203.0.113.4:/srv/in/`): a machine no name, and so nobody, answers for.
fn to_raw_address(words: &[Word]) -> bool {
    words.iter().skip(1).any(|w| {
        w.kind == WordKind::Operand
            && remote_path(&w.text).is_some()
            && w.text
                .split_once(':')
                .map(|(h, _)| h.rsplit('@').next().unwrap_or(h))
                .and_then(|h| h.parse::<std::net::Ipv4Addr>().ok())
                .is_some_and(|ip| !ip.is_private() && !ip.is_loopback() && !ip.is_link_local())
    })
}

/// The variable a word starts with (`$OUT/x` and `${OUT}` give `OUT`).
fn leading_variable(text: &str) -> Option<&str> {
    let rest = text.strip_prefix('$')?;
    let rest = rest.strip_prefix('{').unwrap_or(rest);
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Whether a word names a key file by its name (`certs/tls-key.pem`, `cosign.key`,
/// `release.jks`) or a file of a credentials directory (`secrets/sa.json`).
pub(crate) fn names_key_file(word: &str) -> bool {
    sent_key_file(default_classes(), word)
}

/// Mail clients that attach files to the message they send.
const MAIL_SENDERS: &[&str] = &[
    "swaks",
    "mutt",
    "neomutt",
    "mail",
    "mailx",
    "s-nail",
    "sendemail",
];

/// The options of [`MAIL_SENDERS`] whose value is a file attached to the message (`swaks
/// --attach`, `mutt -a`, mailutils' `mail -A`, `s-nail -a`/`--attach`, `sendemail -a`).
const MAIL_ATTACH_FLAGS: &[&str] = &["--attach", "-a", "-A"];

/// The last part of a long option's name (after `-` or `_`) that says its value is a name in
/// the tool's own namespace, never a file: test tags (`odoo-bin --test-tags /stock`,
/// `--tags`), routes and endpoints of a web application (`--route /api/x`), message topics
/// (`--topic /chatter`).
const NO_FILE_OPTION_NAMES: &[&str] = &[
    "tag", "tags", "route", "routes", "topic", "topics", "endpoint",
];

/// Programs that act on the files their words name (delete, move, copy, link, change, search,
/// archive): no option of theirs makes a word a name of their own.
const FILE_ACTORS: &[&str] = &[
    "rm", "rmdir", "unlink", "shred", "mv", "cp", "ln", "install", "rsync", "scp", "chmod",
    "chown", "chgrp", "chattr", "truncate", "dd", "find", "tar", "zip", "touch", "mkdir",
];

/// The directories at `/` of a Linux (the Filesystem Hierarchy Standard's) or macOS system.
const ROOT_LAYOUT: &[&str] = &[
    "bin",
    "boot",
    "dev",
    "etc",
    "home",
    "lib",
    "lib32",
    "lib64",
    "libx32",
    "media",
    "mnt",
    "opt",
    "proc",
    "root",
    "run",
    "sbin",
    "srv",
    "sys",
    "tmp",
    "usr",
    "var",
    "nix",
    "snap",
    "Applications",
    "Library",
    "System",
    "Users",
    "Volumes",
    "private",
    "cores",
];

/// Whether absolute `path` is `/` or lies under one of the system's own directories at `/`
/// ([`ROOT_LAYOUT`]), once `.` and `..` are read.
fn in_root_layout(path: &str) -> bool {
    split_normal(path).is_none_or(|parts| {
        parts
            .first()
            .is_none_or(|first| ROOT_LAYOUT.contains(&first.as_str()))
    })
}

/// Whether `flag`, a long option (`--test-tags`, `--route`), names no file (see
/// [`NO_FILE_OPTION_NAMES`]).
fn names_no_file_option(flag: &str) -> bool {
    flag.strip_prefix("--").is_some_and(|name| {
        name.rsplit(['-', '_'])
            .next()
            .is_some_and(|last| NO_FILE_OPTION_NAMES.contains(&last))
    })
}

/// Whether a mail client's message leaves this machine and its network: a recipient (an
/// operand `user@domain`, also an option's value such as swaks' `--to`) whose domain is
/// neither loopback nor private, or no literal recipient at all (`"$TO"`: unknown). The
/// sender's own address (`--from`, `-f`, `-r`) is no recipient.
fn mails_away(words: &[Word]) -> bool {
    let mut any = false;
    let away = words
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(i, w)| {
            w.kind == WordKind::Operand
                && !(w.follows_flag && matches!(words[i - 1].text.as_str(), "--from" | "-f" | "-r"))
        })
        .filter_map(|(_, w)| recipient_domain(&w.text))
        .any(|d| {
            any = true;
            !terraphim_shell_vocab::hosts::is_loopback_host(d)
                && !terraphim_shell_vocab::hosts::is_private_network_host(d)
        });
    away || !any
}

/// The domain of a mail address (`ops@mail.internal`, `<a@b.example>`); `None` for a word that
/// is no address (a path, a URL, `@file`).
fn recipient_domain(word: &str) -> Option<&str> {
    let word = word.trim_matches(['<', '>', '\'', '"']);
    let (local, domain) = word.rsplit_once('@')?;
    (!local.is_empty()
        && !domain.is_empty()
        && !word.contains(['/', ':', ' ', '$'])
        && domain
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-')))
    .then_some(domain)
}

/// Whether an HTTP client's request leaves this machine and its network: a URL operand whose
/// host is neither loopback nor private, or no literal URL at all (`"$URL"`: unknown).
fn sends_away(words: &[Word]) -> bool {
    let mut hosts = words
        .iter()
        .skip(1)
        .filter(|w| w.kind == WordKind::Operand)
        .filter(|w| w.text.contains("://"))
        .map(|w| terraphim_shell_vocab::hosts::host_of(&w.text));
    let mut any = false;
    let away = hosts.any(|h| {
        any = true;
        h.is_none_or(|h| {
            !terraphim_shell_vocab::hosts::is_loopback_host(&h)
                && !terraphim_shell_vocab::hosts::is_private_network_host(&h)
        })
    });
    away || !any
}

/// A `<secret>` file a glob word may name (`~/.ssh/id_*` names `~/.ssh/id_rsa`): the word
/// itself when it names one, else the word with its last component replaced by a literal file
/// name of the secret list that the component matches.
pub(crate) fn secret_named_by(word: &str) -> Option<String> {
    if names_secret(word) {
        return Some(word.to_string());
    }
    let (dir, last) = word.rsplit_once('/')?;
    if !last.contains(['*', '?']) {
        return None;
    }
    default_classes()
        .secrets
        .iter()
        .filter_map(|g| g.text.rsplit('/').next())
        .filter(|n| !n.contains(['*', '?']) && glob(last, n))
        .map(|n| format!("{dir}/{n}"))
        .find(|p| names_secret(p))
}

/// Whether a file name ends like an archive or a compressed file (`x.tar.gz`, `x.zip`).
fn is_archive_name(path: &str) -> bool {
    const ARCHIVE_ENDINGS: &[&str] = &[
        ".tar", ".tgz", ".tar.gz", ".tar.bz2", ".tar.xz", ".tar.zst", ".gz", ".bz2", ".xz", ".zst",
        ".zip", ".7z", ".rar", ".jar", ".whl", ".deb", ".rpm",
    ];
    let base = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    ARCHIVE_ENDINGS.iter().any(|e| base.ends_with(e))
}

/// Whether `path`, a program path as a command line names it, lies in a directory where the
/// project's compilers put what they build (`./target/release/app`, `build/bin/app`,
/// `.build/debug/cli`, `zig-out/bin/x`: `terraphim_shell_vocab::COMPILE_OUTPUT_DIRS`): a relative
/// path that does not climb out (`..`), spells no variable, glob or home, and whose first
/// directory is one of those (`scripts/build/x.sh` is not; `node_modules/` and `.venv/` hold
/// installed packages, not the project's build). The program file itself is not looked at.
pub fn is_in_project_build_output(path: &str) -> bool {
    if path.is_empty()
        || path.starts_with('/')
        || path.starts_with('~')
        || path.contains(['$', '`', '*', '?', '[', '\\'])
        || path.contains(char::is_whitespace)
    {
        return false;
    }
    let parts: Vec<&str> = path
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    parts.len() >= 2
        && !parts.contains(&"..")
        && parts
            .first()
            .is_some_and(|c| terraphim_shell_vocab::COMPILE_OUTPUT_DIRS.contains(c))
}

/// A command that writes only literal text the line spells (see `Place::classes`): its redirect
/// into a data or documentation file of the project (`terraphim_shell_vocab::is_data_file`), or
/// into a configuration template no program loads (`.env.example`, `app.yml.dist`:
/// `terraphim_shell_vocab::template_target`), is no `<project>` write, as the agent's own file
/// write is not; a redirect into a runnable file, a secret, a trust anchor or a dotfile keeps
/// its classes.
pub(crate) fn literal_data_write(words: &[Word], bits: &mut [u32]) {
    for (w, b) in words.iter().zip(bits.iter_mut()) {
        let target = w.text.trim_start_matches('>');
        if w.kind == WordKind::Redirect
            && *b & PROJECT != 0
            && *b & (RUNNABLE | SECRET | TRUST_ANCHOR) == 0
            && (terraphim_shell_vocab::is_data_file(target)
                || terraphim_shell_vocab::template_target(target).is_some())
        {
            *b &= !PROJECT;
        }
    }
}

/// Whether a word's classes hold `<destroy-verb>` (`delete`, `apps:destroy`, `rm`).
pub(crate) fn is_destroy_verb(bits: u32) -> bool {
    bits & DESTROY_VERB != 0
}

/// Whether a pattern's target text is the class `<destroy-verb>`.
pub(crate) fn names_destroy_verb_class(target: &str) -> bool {
    crate::pattern::class_of_target(target).is_some_and(|b| b < 32 && 1u32 << b == DESTROY_VERB)
}

/// MSBuild's output pair: a command naming both `DIR/bin` and `DIR/obj` of one directory of the
/// project (`rm -rf bin obj`, `rm -rf src/*/bin src/*/obj`) names a .NET project's build output
/// (`obj` holds the intermediate files, `bin` what they build), which `dotnet build` makes
/// again. `bin` alone is often the project's own scripts (`bin/rails`, `bin/setup`) and stays a
/// project path; so does either one when it is anything more than a plain project directory.
pub(crate) fn dotnet_output_pair(words: &[Word], bits: &mut [u32]) {
    let split = |w: &Word| -> Option<(String, bool)> {
        if w.kind != WordKind::Operand {
            return None;
        }
        let t = w.text.trim_end_matches('/');
        let (dir, last) = t.rsplit_once('/').unwrap_or(("", t));
        match last {
            "bin" => Some((dir.to_string(), true)),
            "obj" => Some((dir.to_string(), false)),
            _ => None,
        }
    };
    // A plain project directory: no other place, no trust anchor, secret or runnable file.
    let plain = |b: u32| {
        b & PROJECT != 0
            && b & (TEMP
                | BUILD_OUTPUT
                | OUTSIDE
                | TRUST_ANCHOR
                | HOME
                | SYSTEM
                | DYNAMIC
                | SECRET
                | REMOTE
                | RUNNABLE
                | ROOT_IF_UNSET)
                == 0
    };
    // (`obj` alone is build output already: `kg/paths/path-classes.md`.)
    let output = |b: u32| {
        b & BUILD_OUTPUT != 0 && b & (OUTSIDE | TRUST_ANCHOR | DYNAMIC | SECRET | REMOTE) == 0
    };
    let named: Vec<(usize, String, bool)> = words
        .iter()
        .enumerate()
        .filter(|(i, _)| bits.get(*i).is_some_and(|b| plain(*b) || output(*b)))
        .filter_map(|(i, w)| split(w).map(|(d, bin)| (i, d, bin)))
        .collect();
    for (i, dir, bin) in &named {
        if named.iter().any(|(_, d, b)| d == dir && b != bin)
            && let Some(b) = bits.get_mut(*i)
            && plain(*b)
        {
            // The destination's classes (the last operand's) move with it.
            let dest = *b & (0x1f << DEST_SHIFT) != 0;
            *b = (*b & !(PROJECT | (0x1f << DEST_SHIFT))) | BUILD_OUTPUT | DISPOSABLE | LOCAL;
            if dest {
                *b |= BUILD_OUTPUT << DEST_SHIFT;
            }
        }
    }
}

/// Whether a word's classes name a file of the project an edit may change in place: `<project>`
/// (a file runners load as code too) and no trust anchor, secret, path outside, in temp, on
/// another machine, in build output or known only at run time.
pub(crate) fn is_editable_project(bits: u32) -> bool {
    bits & PROJECT != 0
        && bits & (TRUST_ANCHOR | SECRET | OUTSIDE | TEMP | DYNAMIC | REMOTE | BUILD_OUTPUT) == 0
}

/// Whether a word's classes name a plain file of the project: `<project>` and nothing that
/// makes a write there matter more (a trust anchor, a file runners load as code, a path
/// outside, in temp, on another machine or known only at run time). A secret's name keeps it
/// plain: the caller decides what a secret there means.
pub(crate) fn is_plain_project(bits: u32) -> bool {
    bits & PROJECT != 0
        && bits & (TRUST_ANCHOR | RUNNABLE | OUTSIDE | TEMP | DYNAMIC | REMOTE | BUILD_OUTPUT) == 0
}

/// Whether a word's classes name a file inside the project or a temporary directory, known
/// from the line itself: the project's own files, build outputs, files runners load and temp
/// files, with no trust anchor, secret, outside path, remote or run-time value among them.
pub(crate) fn is_inside_project_or_temp(bits: u32) -> bool {
    bits & (PROJECT | BUILD_OUTPUT | TEMP) != 0
        && bits & (TRUST_ANCHOR | OUTSIDE | DYNAMIC | REMOTE | SECRET | ROOT_IF_UNSET) == 0
}

/// Whether a word's classes name a path at all (a file of any place, or one known at run time).
pub(crate) fn names_a_path(bits: u32) -> bool {
    bits & (TEMP | BUILD_OUTPUT | PROJECT | OUTSIDE | TRUST_ANCHOR | DYNAMIC | SECRET | REMOTE) != 0
}

/// Whether a word's classes name a file that holds credentials or keys.
pub(crate) fn names_a_secret(bits: u32) -> bool {
    bits & SECRET != 0
}

/// Whether a word's classes name a path known only at run time or on another machine.
pub(crate) fn unknown_or_remote(bits: u32) -> bool {
    bits & (DYNAMIC | REMOTE) != 0
}

/// Whether a word's classes name a file of the project, its build output or a temporary
/// directory, and nothing that makes a read there matter more (a secret, a trust anchor, a path
/// outside, on another machine or known only at run time).
pub(crate) fn is_local_plain(bits: u32) -> bool {
    bits & LOCAL != 0 && bits & (SECRET | TRUST_ANCHOR | OUTSIDE | DYNAMIC | REMOTE) == 0
}

/// Whether a word's classes name a file of the project or its build output, possibly with a
/// part known only at run time below it, and nothing that makes a write there matter more (a
/// secret, a trust anchor, a temporary directory other users read, a path outside or on another
/// machine).
pub(crate) fn is_project_destination(bits: u32) -> bool {
    bits & (PROJECT | BUILD_OUTPUT) != 0
        && bits & (SECRET | TRUST_ANCHOR | TEMP | OUTSIDE | REMOTE) == 0
}

/// For `ln -s TARGET LINK` (two operands, no `-r`/`--relative`, no `-t`), a relative `TARGET`
/// joined to `LINK`'s directory: the path the link resolves to, as the word index of `TARGET`
/// and that path. `None` for anything else (an absolute, home or variable target is classed as
/// written).
fn symlink_target(words: &[Word], last_operand: Option<usize>) -> Option<(usize, String)> {
    if words.first()?.text != "ln" {
        return None;
    }
    let flags: Vec<&str> = words
        .iter()
        .filter(|w| w.kind == WordKind::Flag)
        .map(|w| w.text.as_str())
        .collect();
    if !flags.iter().any(|f| *f == "-s" || *f == "--symbolic")
        || flags.iter().any(|f| {
            matches!(
                *f,
                "-r" | "--relative"
                    | "-t"
                    | "--target-directory"
                    | "-T"
                    | "--no-target-directory"
                    | "-S"
                    | "--suffix"
            )
        })
    {
        return None;
    }
    let operands: Vec<usize> = words
        .iter()
        .enumerate()
        .skip(1)
        // (The options left take no value: an operand after one is still an operand.)
        .filter(|(_, w)| w.kind == WordKind::Operand)
        .map(|(i, _)| i)
        .collect();
    let [target, link] = operands[..] else {
        return None;
    };
    if Some(link) != last_operand {
        return None;
    }
    let t = words[target].text.as_str();
    let l = words[link].text.as_str();
    if t.is_empty()
        || t.starts_with(['/', '~', '$'])
        || l.starts_with(['/', '~', '$'])
        || t.contains(['$', '`'])
        || l.contains(['$', '`'])
    {
        return None;
    }
    let dir = l.rsplit_once('/').map_or("", |(d, _)| d);
    // Resolved lexically from the link's directory; a target that climbs above the working
    // directory is classed as written (a `..` out of the project is `<outside>`).
    let mut parts: Vec<&str> = Vec::new();
    for c in dir.split('/').chain(t.split('/')) {
        match c {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            c => parts.push(c),
        }
    }
    if parts.is_empty() || dir.is_empty() || dir == "." {
        return None;
    }
    Some((target, parts.join("/")))
}

/// Whether a word's classes name a build-output path of the project (`vendor/x.tgz`,
/// `third_party` is plain project) and nothing outside, temporary or known only at run time.
pub(crate) fn is_plain_build_output(bits: u32) -> bool {
    bits & BUILD_OUTPUT != 0 && bits & (TRUST_ANCHOR | OUTSIDE | TEMP | DYNAMIC | REMOTE) == 0
}

/// Whether a word's classes name a path on this machine outside the project, its build
/// output and the temp dirs, known as written (no run-time variable): the home's files, the
/// system's, another project's.
pub(crate) fn is_outside_data(bits: u32) -> bool {
    bits & OUTSIDE != 0 && bits & (TEMP | LOCAL | DYNAMIC | REMOTE) == 0
}

/// Whether a word's classes say it holds credentials or a private key (`<secret>`).
pub(crate) fn has_secret_class(bits: u32) -> bool {
    bits & SECRET != 0
}

/// Whether the absolute path `path` (components) lies outside the project `project`
/// (components) but beside it inside a temporary directory: the two share a parent that is
/// itself temporary (`/tmp/w/other` beside the project `/tmp/w/app`). The temporary class means
/// the agent's scratch space, and a project kept in `/tmp/w` does not make its neighbours
/// scratch: they are other projects. `/tmp/scratch` beside `/tmp/w/app` shares only `/tmp`,
/// the temporary directory itself, and stays temporary.
pub(crate) fn beside_temp_project<S: AsRef<str>>(path: &[S], project: &[S]) -> bool {
    let common = path
        .iter()
        .zip(project)
        .take_while(|(a, b)| a.as_ref() == b.as_ref())
        .count();
    if common == 0 || common == project.len() {
        return false;
    }
    let mut parent = String::new();
    for c in &project[..common] {
        parent.push('/');
        parent.push_str(c.as_ref());
    }
    is_temp(&parent)
}

/// Whether `path` (absolute, as a command names it) is inside a temporary directory.
pub(crate) fn is_temp(path: &str) -> bool {
    path.starts_with('/') && path_bits(path, &Scope::default()) & TEMP != 0
}

/// The class names of a word, for explanations and tests.
pub fn class_names(bits: u32) -> Vec<&'static str> {
    CLASSES
        .iter()
        .enumerate()
        .filter(|(b, _)| bits & (1 << b) != 0)
        .map(|(_, n)| *n)
        .collect()
}

fn split(path: &str) -> Vec<String> {
    path.split('/')
        .filter(|p| !p.is_empty() && *p != ".")
        .map(str::to_string)
        .collect()
}

fn parts_match(pat: &[&str], path: &[String]) -> bool {
    match pat.split_last() {
        Some((last, head)) if *last == "**" => {
            path.len() >= head.len() && head.iter().zip(path).all(|(p, s)| glob(p, s))
        }
        _ => pat.len() == path.len() && pat.iter().zip(path).all(|(p, s)| glob(p, s)),
    }
}

/// `*` matches any run of characters within one component.
fn glob(pat: &str, s: &str) -> bool {
    let Some((first, rest)) = pat.split_once('*') else {
        return pat == s;
    };
    let Some(mut s) = s.strip_prefix(first) else {
        return false;
    };
    // The pieces between two stars in order, then the last piece ending the text (without a
    // list of the pieces: this runs for every component of every path against every glob).
    let (middle, last) = match rest.rsplit_once('*') {
        Some((middle, last)) => (Some(middle), last),
        None => (None, rest),
    };
    for piece in middle.into_iter().flat_map(|m| m.split('*')) {
        match s.find(piece) {
            Some(i) => s = &s[i + piece.len()..],
            None => return false,
        }
    }
    s.len() >= last.len() && s.ends_with(last)
}

/// Where a path lies, its components normalised.
#[derive(Debug)]
enum Location {
    Home(Vec<String>),
    Absolute(Vec<String>),
    Var(String, Vec<String>),
    /// Inside the working directory (the project).
    Project(Vec<String>),
    /// Somewhere the words cannot place (another user's home, the working directory itself,
    /// above it).
    Outside,
}

/// `..` and `.` resolved lexically; `None` when the path climbs above its start.
fn normalise(parts: &[String]) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for p in parts {
        if p == ".." {
            out.pop()?;
        } else {
            out.push(p.clone());
        }
    }
    Some(out)
}

/// Whether `path`, from its words alone, is a file in one of the operating system's own
/// directories (the `system::` list: `/etc/hosts`, `/usr/local/bin/x`), not one of the devices
/// that keep nothing (`/dev/null`).
pub(crate) fn is_system_file(path: &str) -> bool {
    if !path.starts_with('/') || matches!(place_of(path, &Scope::default()), Err(0)) {
        return false;
    }
    let Some(parts) = split_normal(path) else {
        return false;
    };
    default_classes().system.iter().any(|dir| {
        let dir: Vec<&str> = dir.split('/').filter(|c| !c.is_empty()).collect();
        !dir.is_empty() && parts.len() > dir.len() && parts.iter().zip(&dir).all(|(p, d)| p == d)
    })
}

/// `normalise(&split(path))` in one pass, without the intermediate copy.
fn split_normal(path: &str) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    for p in path.split('/').filter(|p| !p.is_empty() && *p != ".") {
        if p == ".." {
            out.pop()?;
        } else {
            out.push(p.to_string());
        }
    }
    Some(out)
}

fn path_parts(p: &Path) -> Option<Vec<String>> {
    split_normal(p.to_str()?)
}

fn locate(text: &str, scope: &Scope<'_>, sp: &ScopeParts) -> Option<Location> {
    let text = text
        .strip_prefix("${HOME}")
        .map(|r| Cow::Owned(format!("~{r}")))
        .or_else(|| {
            text.strip_prefix("$HOME")
                .map(|r| Cow::Owned(format!("~{r}")))
        })
        .unwrap_or(Cow::Borrowed(text));
    let text: &str = &text;
    let home_parts = &sp.home;
    let cwd_parts = &sp.project;
    if text == "~" || text.starts_with("~/") {
        let parts = split_normal(&text[1..])?;
        // The home of the project itself: a path under the working directory is a project path
        // (from the home or a directory holding it, `~/x` is the user's).
        if let (Some(h), Some(c), false) = (home_parts, cwd_parts, sp.holds_home) {
            let mut abs = h.clone();
            abs.extend(parts.iter().cloned());
            if abs.starts_with(c) {
                return Some(Location::Project(abs[c.len()..].to_vec()));
            }
        }
        return Some(Location::Home(parts));
    }
    if text.starts_with('~') {
        return Some(Location::Outside);
    }
    if let Some(var) = text.strip_prefix('$') {
        let (name, rest) = var.split_once('/').unwrap_or((var, ""));
        let name = name.trim_start_matches('{').trim_end_matches('}');
        if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            if scope.temp_vars.iter().any(|t| t == name) {
                // `t=$(mktemp -d) && rm -rf "$t"`: the directory mktemp made, under the temp
                // dir. Only the bare expansion: a path below it is unknown (were mktemp to
                // fail, `"$t"/x` would be `/x`).
                return split_normal(rest)
                    .filter(Vec::is_empty)
                    .map(|_| Location::Var("TMPDIR".to_string(), vec!["mktemp".to_string()]));
            }
            if scope.assigned.iter().any(|a| a == name) {
                // `TMPDIR=/Users; rm -rf $TMPDIR/x`: the line sets the variable itself.
                return None;
            }
            // `for f in po/*.po; do msgfmt "$f"; done`: `$f` is one of the loop's words, a
            // project path when every one of them is (several loops of one name: all their
            // words). Anything else keeps the variable's own location.
            let words: Vec<&String> = scope
                .loop_values
                .iter()
                .filter(|(n, _)| n == name)
                .flat_map(|(_, vs)| vs)
                .collect();
            if !words.is_empty() && !rest.contains('$') {
                let paths: Vec<String> = words
                    .iter()
                    .map(|w| {
                        if rest.is_empty() {
                            (*w).clone()
                        } else {
                            format!("{}/{rest}", w.trim_end_matches('/'))
                        }
                    })
                    .filter(|p| !p.starts_with('$'))
                    .collect();
                let each: Vec<Option<Location>> =
                    paths.iter().map(|p| locate(p, scope, sp)).collect();
                // Every word a project path, and of the same classes (`for d in build src` is
                // no build output; a secret or an anchor among them is its own class): the
                // variable is then what each of them is.
                let bits: Vec<u32> = paths.iter().map(|p| path_bits(p, scope)).collect();
                if paths.len() == words.len()
                    && each.iter().all(|l| matches!(l, Some(Location::Project(_))))
                    && bits.windows(2).all(|b| b[0] == b[1])
                {
                    return each.into_iter().next().flatten();
                }
            }
            return Some(match split_normal(rest) {
                Some(parts) => Location::Var(name.to_string(), parts),
                // `$TMPDIR/../etc` climbs out of wherever the variable points.
                None => Location::Outside,
            });
        }
        return None;
    }
    if text.contains('$') || text.contains('`') {
        return None;
    }
    // After `cd "$X"` a relative path starts somewhere unknown; an absolute one does not.
    if scope.base == Some(None) && !text.starts_with('/') {
        return None;
    }
    let base_parts = &sp.base;
    let absolute: Vec<String> = if let Some(rest) = text.strip_prefix('/') {
        split_normal(rest).unwrap_or_default()
    } else {
        match base_parts {
            Some(c) => {
                let mut joined = c.clone();
                joined.extend(split(text));
                match normalise(&joined) {
                    // A `..` that climbs out of the project from inside it is outside, wherever
                    // it lands (`rm -rf ../../x` run in `/tmp/work` names another temp tree).
                    Some(p)
                        if cwd_parts.as_ref().is_some_and(|proj| {
                            c.starts_with(proj) && !p.starts_with(proj) && !proj.starts_with(&p)
                        }) && text.split('/').any(|part| part == "..") =>
                    {
                        return Some(match home_parts {
                            Some(h) if p.starts_with(h) => Location::Home(p[h.len()..].to_vec()),
                            _ => Location::Outside,
                        });
                    }
                    Some(p) => p,
                    None => return Some(Location::Absolute(Vec::new())),
                }
            }
            // No working directory: a relative path that stays below its start is in the project.
            None => {
                return Some(match split_normal(text) {
                    Some(p) => Location::Project(p),
                    None => Location::Outside,
                });
            }
        }
    };
    // A home inside the working directory is still the home, and from the home itself a path
    // that names it absolutely is the user's (relative paths there are the working directory's).
    if let (Some(h), Some(c)) = (home_parts, cwd_parts)
        && absolute.starts_with(h)
        && (h.len() > c.len() || (sp.holds_home && text.starts_with('/')))
    {
        return Some(Location::Home(absolute[h.len()..].to_vec()));
    }
    if let Some(c) = cwd_parts {
        if absolute.len() > c.len() && absolute.starts_with(c) {
            return Some(Location::Project(absolute[c.len()..].to_vec()));
        }
        if absolute == *c {
            return Some(Location::Project(Vec::new()));
        }
        if c.starts_with(&absolute) {
            // A parent of the working directory.
            return Some(Location::Outside);
        }
    }
    if let Some(h) = home_parts
        && absolute.starts_with(h)
    {
        return Some(Location::Home(absolute[h.len()..].to_vec()));
    }
    Some(Location::Absolute(absolute))
}

/// Whether a word holding a blank is still a path: one rooted in the home (`~/`, `$HOME/`,
/// `${HOME}/`) or at `/`, whose blanks are single spaces inside its components (`~/Library/Application
/// Support/Google/Chrome`, quoted or backslash-escaped on the line). macOS keeps application
/// data, browser profiles and keychains in such directories. A relative word is one too when
/// it names a directory and a file in it (`data/raw/Parcels 2026/p.shp`, `../other proj/x`,
/// also written with a directory's trailing `/`: `case/extracted files/`) and spells nothing
/// but a file name's characters: no quote, operator, bracket, `=`, `:`, expansion or option
/// word (` -json`), so a message (`fix: a/b`) or a program's text
/// (`synth -json out/x.json`, `s/old text/new/g`) stays no path. Other words with a
/// blank (a message, a program's text, `/ is root`) are no path.
fn is_spaced_path(text: &str) -> bool {
    let rooted = ["~/", "$HOME/", "${HOME}/", "/"]
        .iter()
        .any(|r| text.starts_with(r));
    let spaced = !text.contains(|c: char| c.is_whitespace() && c != ' ')
        && !text.contains("  ")
        && text.split('/').all(|c| c.trim() == c);
    if rooted {
        return spaced && text.matches('/').count() >= 2;
    }
    // `s/old text/new/g`, `y/abc/xyz/`: a sed program, not a path.
    let sed_program = text.starts_with("s/") || text.starts_with("y/");
    // A directory is often written with its trailing `/` (`"case/extracted files/"`).
    let dir = text.strip_suffix('/').unwrap_or(text);
    spaced
        && !sed_program
        && !text.contains(" -")
        && dir.contains('/')
        && !text.starts_with('-')
        && text.chars().all(|c| {
            c.is_alphanumeric() || matches!(c, ' ' | '/' | '.' | '_' | '-' | '+' | ',' | '@')
        })
        && dir.split('/').skip(1).all(|c| !c.is_empty())
}

/// Whether a word is the output of git listing files of the working directory's repository:
/// `$(git ls-files ...)` or `$(git grep -l|-L|--name-only ...)` (backquoted too), with nothing
/// else in the word, no expansion inside and no option that names another repository or work
/// tree (`-C`, `--git-dir`, `--work-tree`, `-c`). git prints the paths relative to the
/// working directory, and only paths inside the repository's work tree.
fn lists_repository_files(text: &str) -> bool {
    let Some(inner) = text
        .strip_prefix("$(")
        .and_then(|t| t.strip_suffix(')'))
        .or_else(|| text.strip_prefix('`').and_then(|t| t.strip_suffix('`')))
    else {
        return false;
    };
    if inner.contains(['$', '`', '(', ')', ';', '|', '&', '<', '>', '\n']) {
        return false;
    }
    let words: Vec<&str> = inner
        .split_whitespace()
        .map(|w| w.trim_matches(['\'', '"']))
        .collect();
    let escapes = |w: &&str| {
        matches!(*w, "-C" | "-c")
            || w.starts_with("--git-dir")
            || w.starts_with("--work-tree")
            || w.starts_with("--namespace")
    };
    match words.as_slice() {
        ["git", "ls-files", rest @ ..] => !rest.iter().any(escapes),
        ["git", "grep", rest @ ..] => {
            !rest.iter().any(escapes)
                && rest
                    .iter()
                    .any(|w| matches!(*w, "-l" | "-L" | "--name-only" | "--files-with-matches"))
                && !rest
                    .iter()
                    .any(|w| w.starts_with("-O") || w.starts_with("--open-files"))
        }
        _ => false,
    }
}

/// Where a word is as a path: its location and, for a project path under the home, its
/// location in the home too; or, for a word that is no path one can place, its class bits.
fn place_of(text: &str, scope: &Scope<'_>) -> Result<(Location, Option<Location>), u32> {
    let sp = scope.parts();
    // `$(git ls-files '*.py')`, `$(git grep -l NAME -- src)`: files of the working directory's
    // repository, named relative to where the command runs (some file of the project).
    if lists_repository_files(text) {
        return if scope.base == Some(None) || sp.project.is_none() {
            Err(DYNAMIC)
        } else {
            Ok((Location::Project(vec!["*".to_string()]), None))
        };
    }
    if text.is_empty()
        || (text.contains(char::is_whitespace) && !is_spaced_path(text))
        || text.contains("://")
        || text.starts_with('-')
    {
        return Err(0);
    }
    // Devices that keep nothing: writing to them changes no file.
    if matches!(
        text,
        "/dev/null" | "/dev/stdout" | "/dev/stderr" | "/dev/tty" | "/dev/zero"
    ) || text
        .strip_prefix("/dev/fd/")
        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(0);
    }
    let dynamic = text.contains('$') || text.contains('`');
    // `.*` also matches `..` in older shells: the glob may name the parent directory.
    if text.split('/').any(|c| c == ".*" || c == "..*") {
        return Err(OUTSIDE);
    }
    let Some(loc) = locate(text, scope, &sp) else {
        return Err(if dynamic || scope.base == Some(None) {
            DYNAMIC
        } else {
            0
        });
    };
    // A project path under the home is also its home path (`.bashrc` run in `~`).
    let in_home = match (&loc, &sp.project, &sp.home) {
        (Location::Project(p), Some(c), Some(h)) if c.starts_with(h) => {
            let mut parts = c[h.len()..].to_vec();
            parts.extend(p.iter().cloned());
            Some(Location::Home(parts))
        }
        _ => None,
    };
    Ok((loc, in_home))
}

/// An absolute path whose directory is literal and whose last part is known only at run time
/// (`/var/spool/cron/crontabs/$(whoami)`, `/etc/sudoers.d/$USER`): whatever the name, the file
/// lies in that directory, so a trust anchor or system directory there is its class. Any other
/// place stays `<dynamic>` (a temporary directory's `/tmp/$X` is not made disposable).
fn dynamic_leaf_bits(text: &str, scope: &Scope<'_>) -> u32 {
    let Some(at) = text.find(['$', '`']) else {
        return DYNAMIC;
    };
    let Some(slash) = text[..at].rfind('/') else {
        return DYNAMIC;
    };
    let leaf = &text[slash + 1..];
    if !text.starts_with('/') || leaf.contains('/') || text[..slash].contains(['*', '?', '[']) {
        return DYNAMIC;
    }
    let bits = path_bits(&format!("{}/x", &text[..slash]), scope);
    if bits & TRUST_ANCHOR != 0 {
        TRUST_ANCHOR
    } else if bits & SYSTEM != 0 {
        OUTSIDE | SYSTEM
    } else {
        DYNAMIC
    }
}

/// `text` with each command substitution whose output is a plain token (`$(date +%F)`,
/// `` `git rev-parse --short HEAD` ``, `$(nproc)`) written as `0`, when those are its only
/// expansions. Such output holds no `/` and cannot be `.` or `..`, and the working tree cannot
/// choose it (a branch or tag name could be `hooks`), so the path stays in its directory.
fn with_plain_tokens(text: &str) -> Option<String> {
    if !text.contains("$(") && !text.contains('`') {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let at = rest.find(['$', '`'])?;
        let (inner, after) = if let Some(r) = rest[at..].strip_prefix("$(") {
            let end = r.find(')')?;
            (&r[..end], &r[end + 1..])
        } else if let Some(r) = rest[at..].strip_prefix('`') {
            let end = r.find('`')?;
            (&r[..end], &r[end + 1..])
        } else {
            return None;
        };
        if !prints_plain_token(inner) {
            return None;
        }
        out.push_str(&rest[..at]);
        out.push('0');
        rest = after;
        if !rest.contains(['$', '`']) {
            out.push_str(rest);
            return Some(out);
        }
    }
}

/// `text` with a leading substitution that prints a directory the line's own working tree
/// fixes written as that directory: `$(pwd)` is the working directory, `$(git rev-parse
/// --git-dir)` its repository's `.git` (so `"$(git rev-parse --git-dir)/hooks/pre-commit"` is
/// a git hook), `$(git rev-parse --show-toplevel)` the project's top, as seen from there (only
/// when nothing climbs out of it: from a subdirectory its `..` is not ours). `$PWD` is the
/// working directory as `$(pwd)` is.
fn with_known_directory(text: &str) -> Option<String> {
    const KNOWN: &[(&str, &str, bool)] = &[
        ("pwd", ".", true),
        ("git rev-parse --git-dir", ".git", false),
        ("git rev-parse --git-common-dir", ".git", false),
        ("git rev-parse --absolute-git-dir", ".git", false),
        ("git rev-parse --show-toplevel", ".", false),
    ];
    // `$PWD` is the working directory as the shell keeps it, as `$(pwd)` prints it.
    if let Some(rest) = text
        .strip_prefix("${PWD}")
        .or_else(|| text.strip_prefix("$PWD"))
    {
        let plain = rest.is_empty() || (rest.starts_with('/') && !rest.contains(['$', '`']));
        return plain.then(|| format!(".{rest}"));
    }
    let (inner, rest) = if let Some(r) = text.strip_prefix("$(") {
        r.split_once(')')?
    } else {
        text.strip_prefix('`')?.split_once('`')?
    };
    let command = inner.split_whitespace().collect::<Vec<_>>().join(" ");
    let (dir, climbs) = match KNOWN.iter().find(|(c, _, _)| *c == command) {
        Some(&(_, dir, climbs)) => (Cow::Borrowed(dir), climbs),
        None => (Cow::Owned(printed_path(&command)?), true),
    };
    if rest.contains(['$', '`']) || !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    if !climbs && rest.split('/').any(|c| c == "..") {
        return None;
    }
    Some(format!("{dir}{rest}"))
}

/// The path a command prints of the one literal path it is given: `realpath X` and `readlink
/// -f X` print X resolved (lexically, as the classes read it), `dirname X` its directory
/// (`dirname "$PWD"` is the working directory's parent). `None` for anything else, a path
/// with an expansion, or `readlink` without a canonicalising option (it prints a link's
/// target).
fn printed_path(command: &str) -> Option<String> {
    let mut words = command.split(' ');
    let name = words.next()?;
    let (flags, operands): (Vec<&str>, Vec<&str>) = words.partition(|w| w.starts_with('-'));
    let [operand] = operands[..] else {
        return None;
    };
    let operand = operand.trim_matches('"');
    let operand = match operand {
        "$PWD" | "${PWD}" => ".",
        o if o.is_empty() || o.contains(['$', '`', '*', '?', '[', '{', '\'', '"']) => {
            return None;
        }
        o => o,
    };
    match name {
        "realpath" => Some(operand.to_string()),
        "readlink"
            if flags
                .iter()
                .any(|f| matches!(*f, "-f" | "-e" | "-m") || f.starts_with("--canonicalize")) =>
        {
            Some(operand.to_string())
        }
        "dirname" if flags.is_empty() => Some(match operand.trim_end_matches('/') {
            // The working directory's parent; `dirname .` and `dirname ..` print `.`.
            "." if command.contains("PWD") => "..".to_string(),
            "" => "/".to_string(),
            o => match o.rsplit_once('/') {
                Some(("", _)) => "/".to_string(),
                Some((parent, _)) => parent.to_string(),
                None => ".".to_string(),
            },
        }),
        _ => None,
    }
}

/// Whether `path`'s file name holds a plain-token substitution (`reports/lh-$(date +%s).json`,
/// `build/app-$(git rev-parse --short HEAD).js`): a name the line makes for this run, so a
/// write there creates its own file rather than replacing someone's work. Its other
/// characters must be those of a file name (no glob, no other expansion).
pub(crate) fn names_fresh_file(path: &str) -> bool {
    let leaf = path.rsplit('/').next().unwrap_or(path);
    (leaf.contains("$(") || leaf.contains('`'))
        && !leaf.contains(['*', '?', '[', '{'])
        && with_plain_tokens(path).is_some()
}

/// Whether a command prints one token of digits, hex or date fields: `date [-u] [+FORMAT]`
/// with numeric fields only (`%D` and `%x` print slashes), `git rev-parse [--short] HEAD`,
/// `git rev-list --count HEAD`, `nproc`, `id -u|-g`, `uname -r|-m|-s`.
fn prints_plain_token(command: &str) -> bool {
    if command.contains(|c: char| "$`()|;&<>\\\n*?[".contains(c)) {
        return false;
    }
    let words: Vec<&str> = command.split_whitespace().collect();
    match words.as_slice() {
        ["nproc"] | ["id", "-u" | "-g"] | ["uname", "-r" | "-m" | "-s"] => true,
        ["git", "rev-parse", "HEAD"] | ["git", "rev-list", "--count", "HEAD"] => true,
        ["git", "rev-parse", short, "HEAD"] => {
            *short == "--short"
                || short
                    .strip_prefix("--short=")
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
        }
        ["date", "-u" | "--utc", format] | ["date", format] => {
            date_format_is_plain(format.trim_matches(|c| c == '\'' || c == '"'))
        }
        _ => false,
    }
}

/// Whether a `date` format (`+%Y-%m-%d`) prints only numeric fields and the separators `-`,
/// `_`, `.`, `:`, `T`, `Z`, with at least one field: no `/`, no blank, never `.` or `..`.
fn date_format_is_plain(format: &str) -> bool {
    let Some(format) = format.strip_prefix('+') else {
        return false;
    };
    let mut fields = 0;
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        match c {
            '%' => match chars.next() {
                Some(
                    'Y' | 'm' | 'd' | 'H' | 'M' | 'S' | 's' | 'F' | 'j' | 'T' | 'u' | 'V' | 'G'
                    | 'y' | 'N',
                ) => fields += 1,
                _ => return false,
            },
            '-' | '_' | '.' | ':' | 'T' | 'Z' => {}
            c if c.is_ascii_digit() => {}
            _ => return false,
        }
    }
    fields > 0
}

/// Whether `text`, a path led by the variable `name` (`$NAME/..`, `${NAME}/..`), names `/` or
/// only globs right below it: what it deletes were the variable unset or empty. `${NAME:?}` is
/// no such path (the shell stops first), and neither is one with a named part (`$TMPDIR/build`
/// is `/build` at worst).
fn root_if_unset(text: &str, name: &str) -> bool {
    let Some(rest) = text.strip_prefix('$').and_then(|v| {
        v.strip_prefix(name)
            .or_else(|| v.strip_prefix(&format!("{{{name}}}")))
    }) else {
        return false;
    };
    let globs_only = |c: &str| {
        c.chars()
            .all(|ch| matches!(ch, '*' | '?' | '[' | ']' | '!' | '.'))
    };
    // The shell sets these two itself.
    !matches!(name, "HOME" | "PWD") && rest.starts_with('/') && rest.split('/').all(globs_only)
}

/// The path class bits of one path.
fn path_bits(text: &str, scope: &Scope<'_>) -> u32 {
    // `backups/prod-$(date +%F).tar.gz`: a substitution whose output is a plain token names a
    // file of the literal directory, whatever the token; the path is classed as if written out.
    if let Some(written) = with_plain_tokens(text).or_else(|| with_known_directory(text)) {
        return path_bits(&written, scope);
    }
    let (loc, in_home) = match place_of(text, scope) {
        Ok(place) => place,
        Err(DYNAMIC) => return dynamic_leaf_bits(text, scope),
        Err(bits) => return bits,
    };
    let lists = default_classes();
    let mut bits = match &loc {
        Location::Project(p) => {
            if p.iter().any(|c| {
                lists.build_names.contains(c.as_str())
                    || lists.build_globs.iter().any(|g| glob(g, c))
            }) {
                BUILD_OUTPUT
            } else if !text.is_empty() && names_whole_project(p) {
                PROJECT | WHOLE_PROJECT
            } else {
                PROJECT
            }
        }
        Location::Home(_) => OUTSIDE | HOME,
        Location::Absolute(_) | Location::Var(..) => {
            if lists.temp.iter().any(|g| g.matches(&loc)) {
                match (&loc, &scope.parts().project) {
                    // A neighbour of a project that itself lies in a temporary directory is
                    // another project there, not the agent's scratch space.
                    (Location::Absolute(p), Some(proj)) if beside_temp_project(p, proj) => OUTSIDE,
                    _ => TEMP,
                }
            } else if matches!(loc, Location::Var(..)) {
                DYNAMIC
            } else {
                OUTSIDE | SYSTEM
            }
        }
        Location::Outside => OUTSIDE,
    };
    if let Location::Var(name, _) = &loc
        && root_if_unset(text, name)
    {
        bits |= ROOT_IF_UNSET;
    }
    let parts: &[String] = match &loc {
        Location::Home(p) | Location::Absolute(p) | Location::Var(_, p) | Location::Project(p) => p,
        Location::Outside => &[],
    };
    let home_parts: &[String] = match &in_home {
        Some(Location::Home(p)) => p,
        _ => &[],
    };
    // Only anchors whose literal component the path holds can match it.
    let candidates = parts
        .iter()
        .chain(home_parts)
        .filter_map(|p| lists.by_key.get(p.as_str()))
        .flatten()
        .chain(&lists.keyless);
    if candidates
        .map(|&i| &lists.trust_anchors[i])
        .any(|g| g.matches(&loc) || in_home.as_ref().is_some_and(|h| g.matches(h)))
    {
        // Only the trust-anchor entries judge an anchor, so their reason is the one shown.
        bits = TRUST_ANCHOR;
    }
    // A secret keeps its other classes (`cat ~/.netrc` reads a home file that is a secret).
    if is_secret(lists, &loc, in_home.as_ref())
        || glob_names_secret(lists, text, scope)
        || searched_key_files(lists, text)
    {
        bits |= SECRET;
    }
    if bits & PROJECT != 0 && (is_runner_source(text) || is_lockfile(text)) {
        bits |= RUNNABLE;
    }
    // The project's build output runs on the host like `cargo run` (`decide.rs`), so a file
    // saved there is code the next command may run: a download into it is a download into code.
    // (Data and archives there are no program: `curl -o build/tool.tar.gz URL` stays data.)
    if bits & (PROJECT | BUILD_OUTPUT) != 0
        && is_in_project_build_output(text)
        && !terraphim_shell_vocab::is_data_file(text)
        && !is_archive_name(text)
    {
        bits |= RUNNABLE;
    }
    if bits & (BUILD_OUTPUT | TEMP) != 0 {
        bits |= DISPOSABLE;
    }
    if bits & (PROJECT | BUILD_OUTPUT | TEMP) != 0 {
        bits |= LOCAL;
    }
    bits
}

/// Whether a project path's components (relative to the project) name the project as a whole
/// ([`WHOLE_PROJECT`]): none (the project directory), a bare glob of every file in it (`*`,
/// `.*`), or the repository's store and the parts of it that hold history (`.git`,
/// `.git/objects`, `.git/refs`, `.git/logs`, `.git/packed-refs`, and what is in them). A
/// repository nested deeper (`vendor/x/.git`), a lock or a rebase's state are not.
fn names_whole_project(parts: &[String]) -> bool {
    match parts {
        [] => true,
        [only] => matches!(only.as_str(), "*" | ".*" | ".git"),
        [git, store, ..] => {
            git == ".git" && matches!(store.as_str(), "objects" | "refs" | "logs" | "packed-refs")
        }
    }
}

/// Whether a glob's last component matches the name of a secret file in its directory
/// (`~/.ssh/*`, `~/.ssh/id_*` name `~/.ssh/id_rsa`): the shell expands it to that file if it is
/// there. A `*` matches a leading dot only when the glob starts with one, as the shell's does.
fn glob_names_secret(lists: &PathClasses, text: &str, scope: &Scope<'_>) -> bool {
    let Some((dir, last)) = text.rsplit_once('/') else {
        return false;
    };
    if !last.contains(['*', '?']) || dir.contains(['*', '?']) {
        return false;
    }
    lists
        .secrets
        .iter()
        .filter_map(|g| g.text.rsplit('/').next())
        .filter(|n| {
            !n.contains(['*', '?'])
                && (!n.starts_with('.') || last.starts_with('.'))
                && glob(last, n)
        })
        .any(|n| {
            place_of(&format!("{dir}/{n}"), scope)
                .is_ok_and(|(loc, in_home)| is_secret(lists, &loc, in_home.as_ref()))
        })
}

/// Whether a placed path (and its home location, for a project path under the home) is one of
/// the secrets; only secrets whose literal component the path holds can match it.
fn is_secret(lists: &PathClasses, loc: &Location, in_home: Option<&Location>) -> bool {
    let parts: &[String] = match loc {
        Location::Home(p) | Location::Absolute(p) | Location::Var(_, p) | Location::Project(p) => p,
        Location::Outside => &[],
    };
    let home_parts: &[String] = match in_home {
        Some(Location::Home(p)) => p,
        _ => &[],
    };
    parts
        .iter()
        .chain(home_parts)
        .filter_map(|p| lists.secrets_by_key.get(p.as_str()))
        .flatten()
        .chain(&lists.secrets_keyless)
        .any(|&i| {
            let g = &lists.secrets[i];
            g.matches(loc) || in_home.is_some_and(|h| g.matches(h))
        })
}

/// Whether a URL's last path part, saved in the working directory, is a file the project runs
/// (`wget https://h/x/conftest.py` writes `./conftest.py`).
fn url_saves_runnable(url: &str, scope: &Scope<'_>) -> bool {
    let Some((_, rest)) = url.split_once("://") else {
        return false;
    };
    let path = rest.split(['?', '#']).next().unwrap_or(rest);
    let Some((_, name)) = path.rsplit_once('/') else {
        return false;
    };
    !name.is_empty()
        && !name.contains(['$', '`'])
        && path_bits(name, scope) & PROJECT != 0
        && (is_runner_source(name) || is_lockfile(name))
}

/// A size or a count as tools take one (`0`, `1G`, `512MiB`, `1.5GB`, `+10K`, `-4k`, `%4096`): an
/// optional relative mark of `truncate`/`fallocate` (`+ - < > / %`), digits with at most one
/// decimal point, and an optional unit (`K M G T P E`, `k`, with an optional `i` and `B`, or `B`).
fn is_size(text: &str) -> bool {
    let t = text
        .strip_prefix(['+', '-', '<', '>', '/', '%'])
        .unwrap_or(text);
    let digits = t
        .bytes()
        .take_while(|b| b.is_ascii_digit() || *b == b'.')
        .count();
    let (number, unit) = t.split_at(digits);
    if number.is_empty()
        || !number.starts_with(|c: char| c.is_ascii_digit())
        || number.matches('.').count() > 1
    {
        return false;
    }
    let unit = unit.strip_suffix('B').unwrap_or(unit);
    let unit = unit.strip_suffix('i').unwrap_or(unit);
    unit.is_empty() || (unit.len() == 1 && "KMGTPEk".contains(unit))
}

/// Whether a word names a destroying action of a subcommand CLI (`destroy`, `delete-bucket`,
/// `apps:destroy`), as `<destroy-verb>` does, whatever command it is a word of.
pub(crate) fn is_destroy_verb_word(text: &str) -> bool {
    is_destroy_verb(verb_bits(text))
}

/// Whether a word names a reading action of a subcommand CLI (`list`, `describe-instances`,
/// `projects:list`), as `<read-verb>` does.
pub(crate) fn is_read_verb_word(text: &str) -> bool {
    verb_bits(text) & READ_VERB != 0
}

/// Words that name a read or a destroying action of a subcommand CLI: the whole word or its
/// first `-`/`_` part (`describe-instances`, `delete-bucket`).
fn verb_bits(text: &str) -> u32 {
    if let Some(action) = api_action_verb(text) {
        return verb_bits(&action);
    }
    if text.is_empty()
        || !text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'_' || b == b':')
    {
        return 0;
    }
    // A topic's verb (`apps:destroy`, `projects:list`, as Heroku, Firebase and Salesforce
    // CLIs write them) is the part after the last `:`.
    let text = text.rsplit(':').next().unwrap_or(text);
    let first = text.split(['-', '_']).next().unwrap_or(text);
    const READ: &[&str] = &[
        "list",
        "ls",
        "get",
        "describe",
        "show",
        "status",
        "info",
        "view",
        "inspect",
        "logs",
        "log",
        "search",
        "version",
        "help",
        "diff",
        "plan",
        "validate",
        "whoami",
        "ps",
        "explain",
        "top",
        "history",
        "check",
        "lint",
        "doctor",
        "config-get",
        // A deployment's dry run as Azure and Pulumi call it, a log stream, a dependency report.
        "what-if",
        "preview",
        "tail",
        "outdated",
        // Paging through an index's records (`algolia indices browse`).
        "browse",
    ];
    const DESTROY: &[&str] = &[
        "delete",
        "destroy",
        "rm",
        "rmi",
        "remove",
        "purge",
        "drop",
        "truncate",
        "wipe",
        "prune",
        "terminate",
        "uninstall",
        "unregister",
        "deregister",
        "disable",
        "revoke",
        "reset",
        "flush",
        "erase",
        "nuke",
        "kill",
        // A virtual machine's definition removed (`virsh undefine`), an account or a key
        // switched off for good (`... users deactivate`).
        "undefine",
        "deactivate",
    ];
    // A compound names its action first (`delete-bucket`) or, after the thing it acts on,
    // last (`service-instance-delete`, `sql-drop`); a read named first keeps the read
    // (`describe-delete-policy`).
    let last = text.rsplit(['-', '_']).next().unwrap_or(text);
    if DESTROY.contains(&text) || DESTROY.contains(&first) {
        DESTROY_VERB
    } else if READ.contains(&text) || READ.contains(&first) {
        READ_VERB
    } else if DESTROY.contains(&last) {
        DESTROY_VERB
    } else {
        0
    }
}

/// The verb of an API action written as the cloud APIs name them and their CLIs take them
/// (`aliyun ecs DeleteInstance`, `tccli cvm TerminateInstances`, `DescribeInstances`): two
/// or more capitalised parts, letters and digits only; the first part, lower-cased. A single
/// capitalised word (`Delete`) is no action name.
pub(crate) fn api_action_verb(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    if !bytes.first()?.is_ascii_uppercase() || !bytes.iter().all(u8::is_ascii_alphanumeric) {
        return None;
    }
    let second = bytes.iter().skip(1).position(u8::is_ascii_uppercase)? + 1;
    if second < 2 || !bytes[1..second].iter().all(u8::is_ascii_lowercase) {
        return None;
    }
    Some(text[..second].to_ascii_lowercase())
}

/// The path on the other machine that an `scp`/`rsync` operand `[user@]host:path` names, as a
/// path of that machine: relative paths (and none) start at the remote user's home (`host:` is
/// `~`, `host:.ssh/x` is `~/.ssh/x`). An rsync daemon's module (`host::module/x`,
/// `rsync://host/module/x`) and an `scp://`/`sftp://` URL are on another machine too; their
/// path is kept relative (`module/x`), as a module is not a directory of that machine's tree.
/// `None` for a local path or another URL.
pub(crate) fn remote_path(word: &str) -> Option<String> {
    for scheme in ["rsync://", "scp://", "sftp://"] {
        if let Some(rest) = word.strip_prefix(scheme) {
            let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
            return (!host.is_empty()).then(|| path.trim_start_matches('/').to_string());
        }
    }
    if let Some((host, module)) = word.split_once("::")
        && !host.is_empty()
        && !host.contains(['/', '['])
    {
        return Some(module.trim_start_matches('/').to_string());
    }
    let (host, path) = word.split_once(':')?;
    if host.is_empty()
        || path.starts_with(':')
        || path.starts_with("//")
        || !host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "@.-_[]%".contains(c))
    {
        return None;
    }
    Some(if path.is_empty() {
        "~".to_string()
    } else if path.starts_with('/') || path.starts_with('~') {
        path.to_string()
    } else {
        format!("~/{path}")
    })
}

/// The class bits of every word of a simple command (the name gets none).
/// With `operands` false only redirections are classed (no pattern names a class of this
/// command's operands). A redirect that only appends (bit `i` of `appends` for word `i`: `>>
/// FILE`) adds to a project file and loses nothing it held, so it is no `<project>` write (the
/// entry `write a project file` judges what `>` would overwrite); its other classes stay, so an
/// append to a trust anchor, the home or a system file is judged as a write there. The files
/// of `tee -a` are appended to in the same way.
pub(crate) fn classify(
    words: &[Word],
    appends: u64,
    scope: &Scope<'_>,
    operands: bool,
) -> Vec<u32> {
    let mut out = vec![0u32; words.len()];
    if !operands && words.iter().all(|w| w.kind != WordKind::Redirect) {
        return out;
    }
    let copies = matches!(
        words[0].text.as_str(),
        "cp" | "mv" | "install" | "rsync" | "scp" | "ln"
    );
    // `tee -a FILE` appends to its files as `>> FILE` does.
    let tee_appends = words[0].text == "tee"
        && words
            .iter()
            .any(|w| w.kind == WordKind::Flag && matches!(w.text.as_str(), "-a" | "--append"));
    // The destination: the value of `-t DIR` / `--target-directory=DIR` where one is given (every
    // operand is then a source), else the last operand.
    let target_dir = || {
        words.windows(2).position(|pair| {
            pair[0].kind == WordKind::Flag
                && matches!(
                    pair[0].text.as_str(),
                    "-t" | "--target-directory" | "--target"
                )
                && pair[1].kind == WordKind::Operand
                && pair[1].follows_flag
        })
    };
    let last_operand = match copies.then(target_dir).flatten() {
        Some(flag) => Some(flag + 1),
        None => words
            .iter()
            .enumerate()
            .skip(1)
            .rev()
            .find(|(_, w)| w.kind == WordKind::Operand && !w.follows_flag)
            .map(|(i, _)| i),
    };
    // A relative symlink's target is read from the link's directory, not the working directory:
    // `ln -s ../fixtures tests/unit/fixtures` points at `tests/fixtures`. Its target is classed
    // as the path it resolves to there (lexically, as the link is followed).
    let link_target = symlink_target(words, last_operand);
    let find = words[0].text == "find";
    // truncate's option values are a size (`-s 0`) or a file it only reads (`-r REF`): the
    // files it changes are its operands.
    let truncate = words[0].text == "truncate";
    // `wget URL` (without `-O`) and `curl -O URL` save the download under the URL's last part.
    let flag = |f: &[&str]| words.iter().any(|w| f.contains(&w.text.as_str()));
    let saves_by_url_name = match words[0].text.as_str() {
        "wget" => !flag(&["-O", "--output-document", "-P", "--directory-prefix"]),
        "curl" => {
            flag(&["-O", "--remote-name", "--remote-name-all"])
                && !flag(&["-o", "--output", "--output-dir"])
        }
        _ => false,
    };
    for (i, w) in words.iter().enumerate().skip(1) {
        if truncate
            && w.kind == WordKind::Operand
            && w.follows_flag
            && matches!(
                words[i - 1].text.as_str(),
                "-s" | "--size" | "-r" | "--reference"
            )
        {
            // A size is `<size>`; a reference file and anything else is no class.
            if matches!(words[i - 1].text.as_str(), "-s" | "--size") && is_size(&w.text) {
                out[i] = SIZE;
            }
            continue;
        }
        // find's test values (`-name '*.o'`, `-type d`), its `{}` placeholder, `;`/`+` and its
        // operators (`!`, `(`, `)`, `,`) name no path of their own: its start paths (also after
        // `-L`) are what it reaches.
        if find
            && w.kind == WordKind::Operand
            && (matches!(w.text.as_str(), "{}" | "+" | ";" | "!" | "(" | ")" | ",")
                || (w.follows_flag && !matches!(words[i - 1].text.as_str(), "-H" | "-L" | "-P")))
        {
            continue;
        }
        let text = match w.kind {
            WordKind::Redirect => w.text.strip_prefix('>').unwrap_or(&w.text),
            WordKind::Operand if operands => w.text.strip_prefix("of=").unwrap_or(&w.text),
            _ => continue,
        };
        let name = words[0].text.as_str();
        let remote =
            matches!(name, "scp" | "rsync" | "sftp" | "rclone") && w.kind == WordKind::Operand;
        // HTTP clients read a file named after `@` (`-d @file`, `-F f=@file`,
        // `--data-urlencode name@file`) or `<` (`-F f=<file`); so does swaks (`--attach @file`).
        let sender = matches!(name, "curl" | "http" | "https" | "xh" | "wget" | "swaks");
        // A mail client attaches the file its attach option names (`swaks --attach F`, also
        // `--attach @F`; `mutt -a F`, `mail -A F`, `s-nail -a F`) to the message it sends.
        let attached = MAIL_SENDERS.contains(&name)
            && w.kind == WordKind::Operand
            && w.follows_flag
            && MAIL_ATTACH_FLAGS.contains(&words[i - 1].text.as_str());
        let plain = text;
        let text = match name {
            "curl" | "http" | "https" | "xh" | "wget" | "swaks" if w.kind == WordKind::Operand => {
                text.strip_prefix('@')
                    .or_else(|| text.split_once("=@").map(|(_, p)| p))
                    .or_else(|| text.split_once("=<").map(|(_, p)| p))
                    .or_else(|| {
                        text.split_once('@')
                            .filter(|(n, _)| {
                                !n.is_empty()
                                    && n.chars().all(|c| {
                                        c.is_ascii_alphanumeric() || matches!(c, '_' | '-')
                                    })
                            })
                            .map(|(_, p)| p)
                    })
                    .unwrap_or(text)
            }
            _ => text,
        };
        // The value of an option that names a thing of the tool's own (`--test-tags
        // /hr_custom`, `--route /api/orders`, `--topic /sensors/temp`) is a name there, not a
        // file: its leading `/` roots it in the tool's namespace, so it is read as the name
        // it spells (a plain word of the project, as `--tags smoke` is), never as `/`'s.
        // A value under a directory of the system's own layout (`/etc`, `/home`, `/tmp`,
        // `/Users`, ...) keeps its class, whatever the option is called, and so does every
        // word of the programs that act on files by their operands (`rm`, `mv`, `find`...:
        // the word after an option they do not have is still a file to them).
        let text = if w.kind == WordKind::Operand
            && w.follows_flag
            && !FILE_ACTORS.contains(&name)
            && names_no_file_option(&words[i - 1].text)
            && text.starts_with('/')
            && !in_root_layout(text)
            && scope.path_bits(text) & (HOME | TEMP | TRUST_ANCHOR | SECRET) == 0
        {
            text.trim_start_matches('/')
        } else {
            text
        };
        let mut bits = match remote.then(|| remote_path(text)).flatten() {
            // On the other machine only its trust anchors are known (`host:~/.ssh/authorized_keys`,
            // `host:/etc/cron.d/`): its other paths are no class of this machine's.
            // Its system directories are outside too (`host:/etc/nginx/`, `host:/`: the
            // `system::` list), as `/etc` is here; its other paths are unknown.
            Some(path) => {
                let there = path_bits(&path, &Scope::default());
                let dir = path.trim_end_matches('/');
                let system = default_classes().system.iter().any(|g| {
                    let g = g.trim_end_matches('/');
                    dir == g
                        || (!g.is_empty()
                            && dir.strip_prefix(g).is_some_and(|r| r.starts_with('/')))
                });
                let system = if system { OUTSIDE | SYSTEM } else { 0 };
                REMOTE | (there & TRUST_ANCHOR) | system
            }
            None => match &link_target {
                Some((at, resolved)) if *at == i => scope.path_bits(resolved),
                _ => scope.path_bits(text),
            },
        };
        // A redirect to a path a command substitution makes (`> $(cat f)`, `> "notes/$(cat
        // name).txt"`: its output may hold `/` and `..`) is a file known only at run time. (A
        // substitution printing a plain token, `$(date +%F)`, was put in place above.) Only
        // the `$(...)` form: the canonical text keeps no quotes, and a backquote is as often a
        // literal character of a single-quoted name (`>'a`x`b'`).
        if w.kind == WordKind::Redirect && bits == 0 && text.contains("$(") {
            bits = DYNAMIC;
        }
        // A key file or a file of a credentials directory sent as a request's body to another
        // machine sends the key (`curl --data-binary @cosign.key URL`, `-F f=@certs/tls.key`,
        // `-T secrets/sa.json`): by its name alone such a file is no secret (a project keeps
        // test certificates), sent away it is one.
        if (attached
            || (sender
                && w.kind == WordKind::Operand
                && (text != plain
                    || (w.follows_flag
                        && UPLOAD_FILE_FLAGS.contains(&words[i - 1].text.as_str())))))
            && sent_key_file(default_classes(), text)
            && if attached {
                mails_away(words)
            } else {
                sends_away(words)
            }
        {
            bits |= SECRET;
        }
        // The project's data records where they are sent (see `RECORDS`). A table attached to
        // a mail is one even where a build wrote it (`build/members.csv`): a message to a
        // person is no service that ingests build output.
        if w.kind == WordKind::Operand
            && (bits & PROJECT != 0 || (attached && bits & BUILD_OUTPUT != 0))
            && is_record_path(text)
            && match name {
                _ if attached => mails_away(words),
                _ if sender => {
                    (text != plain
                        || (w.follows_flag
                            && UPLOAD_FILE_FLAGS.contains(&words[i - 1].text.as_str())))
                        && sends_away(words)
                }
                "scp" | "rsync" => Some(i) != last_operand && to_raw_address(words),
                _ => RECORD_READERS.contains(&name),
            }
        {
            bits |= RECORDS;
        }
        if w.kind == WordKind::Operand && !w.follows_flag {
            bits |= verb_bits(text);
        }
        if w.kind == WordKind::Operand && w.follows_flag && is_size(text) {
            bits |= SIZE;
        }
        // (A URL after a flag is still the URL: `wget -q URL`.)
        if w.kind == WordKind::Operand && saves_by_url_name && url_saves_runnable(text, scope) {
            bits |= RUNNABLE;
        }
        // wget writes its WARC record to the value with `.warc.gz` added: an archive of what it
        // fetched, no program (`--warc-file=build/site` writes `build/site.warc.gz`).
        if words[0].text == "wget" && w.follows_flag && words[i - 1].text == "--warc-file" {
            bits &= !RUNNABLE;
        }
        if Some(i) == last_operand {
            // A temp directory itself is a fine destination (`cp x /tmp/`), not a thing to delete.
            let temp_root = matches!(
                text,
                "/tmp" | "/var/tmp" | "/dev/shm" | "$TMPDIR" | "${TMPDIR}" | "/private/tmp"
            );
            if temp_root && copies {
                bits = TEMP | LOCAL;
            }
            bits |= (bits & 0x1f) << DEST_SHIFT;
            if bits & SYSTEM != 0 && bits & REMOTE == 0 && is_system_file(text) {
                bits |= DEST_SYSTEM;
            }
        }
        if (w.kind == WordKind::Redirect && i < 64 && appends & (1 << i) != 0)
            || (tee_appends && w.kind == WordKind::Operand)
        {
            bits &= !PROJECT;
        }
        // A redirect known at run time that only appends loses nothing the file held
        // (`>> "$GITHUB_OUTPUT"`), and one led by a variable the line sets itself is judged
        // where the line puts it (the value is put in place and judged again).
        if w.kind == WordKind::Redirect
            && bits & DYNAMIC != 0
            && ((i < 64 && appends & (1 << i) != 0)
                || leading_variable(text).is_some_and(|v| scope.assigned.iter().any(|a| a == v)))
        {
            bits &= !DYNAMIC;
        }
        out[i] = bits;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`glob`] as it was, with a list of the pieces between stars.
    fn glob_with_pieces(pat: &str, s: &str) -> bool {
        let Some((first, rest)) = pat.split_once('*') else {
            return pat == s;
        };
        let Some(mut s) = s.strip_prefix(first) else {
            return false;
        };
        let mut pieces: Vec<&str> = rest.split('*').collect();
        let last = pieces.pop().unwrap_or("");
        for piece in pieces {
            match s.find(piece) {
                Some(i) => s = &s[i + piece.len()..],
                None => return false,
            }
        }
        s.len() >= last.len() && s.ends_with(last)
    }

    /// Globs with no star, one, several, leading, trailing and adjacent stars answer as they
    /// did with a list of their pieces.
    #[test]
    fn glob_answers_as_with_a_list_of_pieces() {
        let pats = [
            "",
            "*",
            "**",
            "***",
            "a",
            "*.pyc",
            ".coverage.*",
            "npm-debug.log*",
            "a*b",
            "a*b*c",
            "*a*",
            "a**b",
            "*.tar.*",
            "id_*",
            "*_rsa*",
            "x*y*",
            "*.egg-info",
        ];
        let texts = [
            "",
            "a",
            "ab",
            "abc",
            "acbc",
            "a.pyc",
            ".coverage.x",
            "npm-debug.log",
            "x.tar.gz",
            "id_rsa",
            "my_rsa.pub",
            "xyzy",
            "aab",
            "ba",
            "foo.egg-info",
            "*",
            "a*b",
        ];
        for p in pats {
            for t in texts {
                assert_eq!(glob(p, t), glob_with_pieces(p, t), "{p} {t}");
            }
        }
    }

    /// Class names without the unions `local` and `disposable` (checked apart).
    fn bits(path: &str, cwd: &str) -> Vec<&'static str> {
        let scope = Scope {
            project: Some(Path::new(cwd)),
            home: Some(Path::new("/home/u")),
            ..Scope::default()
        };
        let b = path_bits(path, &scope);
        class_names(b & !(LOCAL | DISPOSABLE))
    }

    #[test]
    fn paths_fall_in_classes_by_their_words() {
        let p = "/home/u/proj";
        let cases: &[(&str, &[&str])] = &[
            ("target", &["build-output"]),
            ("./target/debug/x", &["build-output", "runnable"]),
            ("web/node_modules", &["build-output"]),
            ("src/__pycache__/a.pyc", &["build-output"]),
            ("a.pyc", &["build-output"]),
            ("src", &["project"]),
            ("./src/main.rs", &["project", "runnable"]),
            ("/home/u/proj/src", &["project"]),
            ("~/proj/src", &["project"]),
            ("/tmp/build", &["temp"]),
            ("/tmp", &["outside", "system"]),
            ("$TMPDIR/x", &["temp"]),
            ("..", &["outside"]),
            ("../other", &["outside", "home"]),
            ("../../..", &["outside"]),
            (".", &["project", "whole-project"]),
            ("/home/u/proj", &["project", "whole-project"]),
            ("~/proj/*", &["project", "whole-project"]),
            (".git/objects/pack", &["project", "whole-project"]),
            (".git/index.lock", &["build-output"]),
            ("src/x/.git", &["project"]),
            ("/home/u", &["outside"]),
            ("~", &["outside", "home"]),
            ("$HOME/docs", &["outside", "home"]),
            ("/home/u/docs/thesis.tex", &["outside", "home"]),
            ("~other/x", &["outside"]),
            ("/etc/passwd", &["outside", "system"]),
            ("~/.bashrc", &["trust-anchor"]),
            ("$HOME/.claude/settings.json", &["trust-anchor"]),
            (".claude/settings.local.json", &["trust-anchor"]),
            (".git/hooks/pre-commit", &["trust-anchor"]),
            (".github/workflows/ci.yml", &["trust-anchor"]),
            (".mcp.json", &["trust-anchor"]),
            ("sub/.cargo/config.toml", &["trust-anchor"]),
            ("~/.ssh/authorized_keys", &["trust-anchor"]),
            ("~/.config/terraphim/kg/guard-safe/x.md", &["trust-anchor"]),
            ("/etc/cron.d/job", &["trust-anchor"]),
            ("$X/y", &["dynamic"]),
            ("$X/*", &["dynamic", "root-if-unset"]),
            ("${X}/*", &["dynamic", "root-if-unset"]),
            ("$TMPDIR/*", &["temp", "root-if-unset"]),
            ("$X/*.log", &["dynamic"]),
            ("${X:?}/*", &["dynamic"]),
            ("$HOME/*", &["outside", "home"]),
            ("\"$(pwd)\"/x", &["dynamic"]),
            ("/var/spool/cron/crontabs/$(whoami)", &["trust-anchor"]),
            ("/etc/sudoers.d/$USER", &["trust-anchor"]),
            ("/usr/local/lib/$NAME", &["outside", "system"]),
            ("/tmp/$X", &["dynamic"]),
            ("${TMPDIR}/build", &["temp"]),
            ("${TMPDIR}/../etc", &["outside"]),
            (".*", &["outside"]),
            ("https://example.com/a", &[]),
            ("hello world", &[]),
            // Files a runner loads as code or instructions: also `runnable`.
            ("Makefile", &["project", "runnable"]),
            ("tests/conftest.py", &["project", "runnable"]),
            ("./package-lock.json", &["project", "runnable"]),
            ("scripts/setup.sh", &["project", "runnable"]),
            ("tests/fixtures/users.json", &["project"]),
            ("target/gen/x.py", &["build-output", "runnable"]),
            ("/tmp/conftest.py", &["temp"]),
        ];
        let mut bad = Vec::new();
        for (path, want) in cases {
            let got = bits(path, p);
            if got != *want {
                bad.push(format!("{path}: {got:?}, want {want:?}"));
            }
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
        // The home as working directory: `.bashrc` there is the startup file.
        assert_eq!(bits(".bashrc", "/home/u"), ["trust-anchor"]);
        // From the home (or a directory holding it), a path that names the home is the user's
        // (`rm -rf ~/Documents` run in `~` is not a project delete); a relative path is still
        // the working directory's own, which the sandbox runs read-only there.
        for (path, cwd, want) in [
            ("~/Documents", "/home/u", &["outside", "home"][..]),
            ("$HOME/src", "/home/u", &["outside", "home"]),
            ("/home/u/src", "/home/u", &["outside", "home"]),
            ("/home/u/src", "/home", &["outside", "home"]),
            ("/home/u/src", "/", &["outside", "home"]),
            ("~/.bashrc", "/home/u", &["trust-anchor"]),
            ("Documents/thesis", "/home/u", &["project"]),
            ("target", "/home/u", &["build-output"]),
            ("/tmp/x", "/home/u", &["temp"]),
            ("/etc/x", "/", &["outside", "system"]),
            ("etc/x", "/", &["outside", "system"]),
            ("u/src", "/home", &["outside", "home"]),
        ] {
            assert_eq!(bits(path, cwd), want, "{path} in {cwd}");
        }
        // Without a working directory a relative path is a project path.
        assert_eq!(
            class_names(path_bits("src/x", &Scope::default())),
            ["project", "local"]
        );
        assert_eq!(
            class_names(path_bits("/tmp/a/b", &Scope::default())),
            ["temp", "local", "disposable"]
        );
        assert_eq!(
            class_names(path_bits(".git/config", &Scope::default())),
            ["trust-anchor"]
        );
    }

    #[test]
    fn sizes_are_classes() {
        for (w, want) in [
            ("0", true),
            ("1G", true),
            ("512MiB", true),
            ("1.5GB", true),
            ("+10K", true),
            ("%4096", true),
            ("20B", true),
            ("G", false),
            ("1.2.3", false),
            ("build/disk.img", false),
            ("10X", false),
            ("$SIZE", false),
            ("1Gx", false),
        ] {
            assert_eq!(is_size(w), want, "{w}");
        }
    }

    #[test]
    fn verbs_are_classes() {
        for (w, want) in [
            ("delete", DESTROY_VERB),
            ("delete-bucket", DESTROY_VERB),
            ("terminate-instances", DESTROY_VERB),
            ("describe-instances", READ_VERB),
            ("apps:destroy", DESTROY_VERB),
            ("projects:list", READ_VERB),
            ("ps", READ_VERB),
            ("ps:scale", 0),
            ("list", READ_VERB),
            ("get", READ_VERB),
            ("deploy", 0),
            ("what-if", READ_VERB),
            ("preview", READ_VERB),
            ("Delete", 0),
            ("service-instance-delete", DESTROY_VERB),
            ("sql-drop", DESTROY_VERB),
            ("describe-delete-policy", READ_VERB),
            ("DeleteInstance", DESTROY_VERB),
            ("TerminateInstances", DESTROY_VERB),
            ("DescribeInstances", READ_VERB),
            ("RunInstances", 0),
            ("HTTPServer", 0),
            ("deleted.txt", 0),
            ("undefine", DESTROY_VERB),
            ("deactivate", DESTROY_VERB),
        ] {
            assert_eq!(verb_bits(w), want, "{w}");
        }
    }

    /// The secret lists as one linear scan, each glob's literal component checked first: what
    /// the index by component must give.
    fn secret_by_scan(loc: &Location, in_home: Option<&Location>) -> bool {
        let parts: &[String] = match loc {
            Location::Home(p)
            | Location::Absolute(p)
            | Location::Var(_, p)
            | Location::Project(p) => p,
            Location::Outside => &[],
        };
        let home_parts: &[String] = match in_home {
            Some(Location::Home(p)) => p,
            _ => &[],
        };
        default_classes().secrets.iter().any(|g| {
            g.key
                .is_none_or(|k| parts.iter().chain(home_parts).any(|p| p == k))
                && (g.matches(loc) || in_home.is_some_and(|h| g.matches(h)))
        })
    }

    #[test]
    fn secrets_found_by_index_and_alone_as_by_every_class() {
        // Every secret glob as written, under the home, absolute, relative and in a project
        // under the home, and words near them that are no secret.
        let mut words: Vec<String> = Vec::new();
        for g in &default_classes().secrets {
            let t = g.text.replace("**", "x").replace('*', "a");
            let t = t.trim_start_matches('/');
            for w in [
                format!("~/{t}"),
                format!("$HOME/{t}"),
                format!("/home/u/{t}"),
                format!("/{t}"),
                t.to_string(),
                format!("./{t}"),
                format!("proj/{t}"),
                format!("~/{t}.bak"),
                format!("~/x/../{t}"),
                format!("../{t}"),
            ] {
                words.push(w);
            }
        }
        words.extend(
            [
                "",
                "-f",
                "https://h/.netrc",
                "~/.netrc x",
                "/dev/null",
                "~/.*",
                "$X/.env",
                "`p`",
            ]
            .map(str::to_string),
        );
        let scopes = [
            Scope::new(None, None, Some(Path::new("/home/u")), &[], &[]),
            Scope {
                project: Some(Path::new("/home/u/proj")),
                home: Some(Path::new("/home/u")),
                ..Scope::default()
            },
            Scope {
                project: Some(Path::new("/srv/app")),
                home: Some(Path::new("/home/u")),
                ..Scope::default()
            },
        ];
        let mut secrets = 0;
        for scope in &scopes {
            for w in &words {
                let by_bits = path_bits(w, scope) & SECRET != 0;
                let by_scan = place_of(w, scope)
                    .is_ok_and(|(loc, in_home)| secret_by_scan(&loc, in_home.as_ref()));
                let by_index = place_of(w, scope).is_ok_and(|(loc, in_home)| {
                    is_secret(default_classes(), &loc, in_home.as_ref())
                });
                assert_eq!(by_bits, by_scan, "{w}");
                assert_eq!(by_index, by_scan, "{w}");
                secrets += usize::from(by_bits);
            }
        }
        for w in &words {
            let home = ["/home/", "/Users/"].iter().find_map(|root| {
                let rest = w.strip_prefix(root)?;
                let user = rest.split('/').next()?;
                (!user.is_empty()).then(|| Path::new(&w[..root.len() + user.len()]))
            });
            let scope = Scope::new(None, None, home, &[], &[]);
            assert_eq!(names_secret(w), path_bits(w, &scope) & SECRET != 0, "{w}");
        }
        assert!(secrets > words.len(), "the words name secrets: {secrets}");
    }

    #[test]
    fn globs() {
        assert!(glob("settings*.json", "settings.local.json"));
        assert!(glob("*.pyc", "a.pyc"));
        assert!(!glob("*.pyc", "a.py"));
        assert!(glob("a*b*c", "aXbYc"));
        assert!(!glob("a*b*c", "aXc"));
        assert!(trust_anchors().any(|a| a == "~/.claude/**"));
    }

    /// The lists a process starts with (the spans the build script read) are those the
    /// library's own reading of the embedded file gives, item for item and in order.
    #[test]
    fn embedded_items_are_the_parsed_lists() {
        let built = default_classes();
        let parsed = PathClasses::parse(DEFAULT_TEXT);
        assert_eq!(built.trust_anchors, parsed.trust_anchors);
        assert_eq!(built.build_outputs, parsed.build_outputs);
        assert_eq!(built.temp, parsed.temp);
        assert_eq!(built.secrets, parsed.secrets);
        assert_eq!(built.system, parsed.system);
        assert_eq!(built.key_files, parsed.key_files);
        assert_eq!(built.keyless, parsed.keyless);
        assert_eq!(built.secrets_keyless, parsed.secrets_keyless);
        assert_eq!(built.build_globs, parsed.build_globs);
        assert_eq!(built.build_names, parsed.build_names);
        assert_eq!(built.by_key, parsed.by_key);
        assert_eq!(built.secrets_by_key, parsed.secrets_by_key);
        assert!(built.trust_anchors.len() > 50 && built.secrets.len() > 20);
        assert!(built.system.contains(&"/etc") && !built.key_files.is_empty());
    }

    /// Substitutions that print a plain token are written as one; any other expansion, a
    /// date field that prints a slash or a blank, and names the working tree chooses keep the
    /// word unknown.
    #[test]
    fn plain_token_substitutions() {
        let cases: &[(&str, Option<&str>)] = &[
            (
                "backups/prod-$(date +%F).tar.gz",
                Some("backups/prod-0.tar.gz"),
            ),
            ("b/`date -u +%Y%m%dT%H%M%SZ`.tgz", Some("b/0.tgz")),
            ("b/$(date '+%Y-%m-%d')-$(nproc)", Some("b/0-0")),
            (
                "build/app-$(git rev-parse --short=8 HEAD).js",
                Some("build/app-0.js"),
            ),
            ("logs/$(git rev-list --count HEAD)", Some("logs/0")),
            ("k/$(uname -r)", Some("k/0")),
            ("b/$(date +%D)", None),
            ("b/$(date +%c)", None),
            ("b/$(date +..)", None),
            ("b/$(date)", None),
            ("b/$(date +%F)/$X", None),
            ("b/$(git branch --show-current)", None),
            ("b/$(git describe --tags)", None),
            ("b/$(cat name)", None),
            ("b/$(date +%F; rm x)", None),
            ("b/$(date +%F", None),
            ("b/$X", None),
            ("b/plain", None),
        ];
        for (text, want) in cases {
            assert_eq!(with_plain_tokens(text).as_deref(), *want, "{text}");
        }
        let known: &[(&str, Option<&str>)] = &[
            (
                "$(git rev-parse --git-dir)/hooks/pre-commit",
                Some(".git/hooks/pre-commit"),
            ),
            (
                "`git rev-parse --git-common-dir`/config",
                Some(".git/config"),
            ),
            ("$(pwd)/build", Some("./build")),
            ("$(pwd)/../other", Some("./../other")),
            ("$(pwd)", Some(".")),
            ("$(git rev-parse --show-toplevel)/dist", Some("./dist")),
            ("$(git rev-parse --show-toplevel)/../x", None),
            ("$(pwd)x", None),
            ("$(pwd)/$X", None),
            ("$(git rev-parse HEAD)/x", None),
            ("$PWD/dist", Some("./dist")),
            ("${PWD}/build/out", Some("./build/out")),
            ("$PWD", Some(".")),
            ("$PWD/../x", Some("./../x")),
            ("$PWDX/x", None),
            ("$PWD_OLD/x", None),
            ("$PWD/$X", None),
        ];
        for (text, want) in known {
            assert_eq!(with_known_directory(text).as_deref(), *want, "{text}");
        }
    }

    /// The class lists' line split and glob key, against the plain forms they replace
    /// (`split_once("::")` with the key trimmed, `rsplit('/').find(..)`), on every line and glob
    /// of the embedded lists and on edge cases.
    #[test]
    fn list_line_and_glob_key_match_their_plain_forms() {
        const KEYS: &[&str] = &crate::path_lists::LISTS;
        fn plain_line(line: &str) -> Option<(&str, &str)> {
            line.split_once("::")
                .map(|(k, v)| (k.trim(), v))
                .filter(|(k, _)| KEYS.contains(k))
        }
        let edge = [
            "secret:: .env",
            "  secret  ::.env, x",
            "\u{a0}temp\u{2003}:: /tmp/*/**",
            "secretX:: .env",
            "secret : : .env",
            "prose: with::colons and secret:: later",
            "key_file::",
            "system::/etc/**::x",
            ":: nothing",
            "",
            "   ",
            "Trust_anchor:: ~/.x",
        ];
        let mut lines = 0;
        for line in DEFAULT_TEXT.lines().chain(edge) {
            let ours = crate::path_lists::list_line(line).filter(|(k, _)| KEYS.contains(k));
            assert_eq!(ours, plain_line(line), "{line:?}");
            lines += usize::from(ours.is_some());
        }
        assert!(lines > 20, "the embedded lists have their lines ({lines})");
        let plain_key = |rest: &str| {
            rest.rsplit('/')
                .find(|p| !p.is_empty() && *p != "." && !p.contains('*'))
                .map(str::to_owned)
        };
        let lists = default_classes();
        let globs = lists
            .trust_anchors
            .iter()
            .chain(&lists.secrets)
            .chain(&lists.temp)
            .chain(&lists.build_outputs)
            .map(|g| g.rest);
        let edge = [
            "",
            "/",
            "//",
            ".",
            "./",
            "a",
            "a/",
            "/a",
            "a/b",
            "a/*",
            "*/a",
            "a/./",
            "a/b*/.",
            "**",
            "a/**",
            "x*y/z",
            ".git/hooks/**",
            "a//b",
            "*",
        ];
        for rest in globs.chain(edge) {
            assert_eq!(
                glob_key(rest).map(str::to_owned),
                plain_key(rest),
                "{rest:?}"
            );
        }
    }
}
