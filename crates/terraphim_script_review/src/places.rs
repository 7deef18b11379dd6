//! Classifying paths and hosts: what a read, write, delete or network call touches.

use std::path::{Path, PathBuf};

use crate::config::Config;
pub(crate) use terraphim_shell_vocab::hosts::host_of;
use terraphim_shell_vocab::hosts::is_loopback_host;
#[cfg(test)]
use terraphim_shell_vocab::secrets::SECRET_PATH_PARTS as SECRET_PARTS;
use terraphim_shell_vocab::secrets::secret_path_part as first_secret_part;
pub(crate) use terraphim_shell_vocab::secrets::{
    TOKEN_HOSTS, model_api_endpoint_setting, model_api_host, secret_env,
};

/// Marks a part of a string whose value is not known statically.
pub(crate) const UNKNOWN: char = '\u{1}';

/// Where a review happens: the working tree, the home directory and the temporary directories.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    /// The working tree (the directory the script runs in).
    pub cwd: PathBuf,
    /// The user's home directory.
    pub home: PathBuf,
    /// Temporary directories (`/tmp`, `/var/tmp`, `$TMPDIR`).
    pub tmp_dirs: Vec<PathBuf>,
}

impl Context {
    /// A context for `cwd`, with home and temporary directories from the environment.
    pub fn for_cwd(cwd: &Path) -> Context {
        let home = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| "/root".into());
        let mut tmp_dirs = vec![
            PathBuf::from("/tmp"),
            PathBuf::from("/var/tmp"),
            PathBuf::from("/dev/shm"),
        ];
        if let Some(t) = std::env::var_os("TMPDIR").filter(|t| !t.is_empty()) {
            tmp_dirs.push(PathBuf::from(t));
        }
        Context {
            cwd: cwd.to_owned(),
            home,
            tmp_dirs,
        }
    }
}

/// A path as the analyzer resolved it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Resolved {
    /// Absolute, normalised, with unknown parts as [`UNKNOWN`]; `~` stands for home.
    pub(crate) text: String,
    /// The location class.
    pub(crate) place: Place,
}

/// Where a path lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// Under a temporary directory.
    Tmp,
    /// Inside the working tree.
    WorkTree,
    /// Exactly the working tree (or all of it, `*`).
    WorkTreeRoot,
    /// The home directory itself.
    HomeRoot,
    /// Somewhere under home, outside the working tree.
    Home,
    /// `/`, a system directory or a device.
    System,
    /// Somewhere else outside the working tree.
    Outside,
    /// Not known statically.
    Unknown,
}

impl Context {
    /// Resolve a best-effort path string.
    /// Whether `text`, read from the working tree, leaves it through `..` (`../x`,
    /// `CWD/…/../../x`).
    fn climbs_out(&self, text: &str) -> bool {
        climbs_out(&self.cwd.to_string_lossy(), text)
    }

    /// Whether `text` (`~/src/../../x`, or the same with the home spelled out) climbs above the
    /// home with `..`: to the directory
    /// that holds every user's home, not to a temporary directory, also when the home lies in
    /// one (as in tests).
    fn climbs_above_home(&self, text: &str) -> bool {
        let home = self.home.to_string_lossy();
        match text
            .strip_prefix('~')
            .or_else(|| text.strip_prefix(home.trim_end_matches('/')))
        {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => climbs_out("", rest),
            _ => false,
        }
    }

    /// `text` with the climb out of the script's own directory ended at the working tree: the
    /// script lies in a directory of the project whose depth the review does not know (its
    /// location is `CWD/…/…`), and `..` right after those unknown names climbs to the project's
    /// top, the directory the script means by its root (`$(dirname "$0")/../..`,
    /// `path.join(__dirname, '..', '..')` from `tools/dep_updaters/`), not above it. A climb
    /// from a directory the text names (`CWD/../x`, `ROOT/../x` once the root is known) is
    /// kept.
    pub(crate) fn settle_script_climb<'t>(&self, text: &'t str) -> std::borrow::Cow<'t, str> {
        let cwd = self.cwd.to_string_lossy();
        let cwd = cwd.trim_end_matches('/');
        let Some(rest) = text.strip_prefix(cwd).filter(|r| r.starts_with('/')) else {
            return text.into();
        };
        let names: Vec<&str> = rest
            .split('/')
            .filter(|n| !n.is_empty() && *n != ".")
            .collect();
        let unknown = names
            .iter()
            .take_while(|n| n.chars().all(|c| c == UNKNOWN))
            .count();
        let climbs = names[unknown..].iter().take_while(|n| **n == "..").count();
        if unknown == 0 || climbs < unknown {
            return text.into();
        }
        let rest = &names[unknown + climbs..];
        if climbs > unknown && aimed_at_home(&rest.join("/")) {
            return text.into();
        }
        let mut out = cwd.to_owned();
        for n in rest {
            out.push('/');
            out.push_str(n);
        }
        out.into()
    }

    /// The directory a climb out of the script's own directory names, as `pwd` prints it once
    /// the script changed to it (`$(cd "$(dirname "$0")/../.." && pwd)`): the working tree or
    /// a directory in it, spelled plainly, so a later `..` from it climbs out of the project.
    /// `None` when the text is not such a climb.
    pub(crate) fn script_root(&self, text: &str) -> Option<String> {
        let settled = self.settle_script_climb(text);
        if !matches!(settled, std::borrow::Cow::Owned(_)) {
            return None;
        }
        let normal = normalise(&[&settled]);
        (!normal.contains(UNKNOWN)).then_some(normal)
    }

    pub(crate) fn resolve(&self, raw: &str) -> Resolved {
        let home = self.home.to_string_lossy();
        let settled = self.settle_script_climb(raw);
        let trimmed = settled.trim();
        let tilde;
        let text = match ["${HOME}", "$HOME", "%USERPROFILE%"]
            .iter()
            .find_map(|var| trimmed.strip_prefix(var))
        {
            Some(rest) => {
                tilde = format!("~{rest}");
                tilde.as_str()
            }
            None => trimmed,
        };
        if text.starts_with(UNKNOWN) || text.is_empty() {
            return Resolved {
                text: text.to_owned(),
                place: Place::Unknown,
            };
        }
        let normal = if text == "~" || text.starts_with("~/") {
            normalise(&[&home, &text[1..]])
        } else if text.starts_with('/') {
            normalise(&[text])
        } else {
            normalise(&[&self.cwd.to_string_lossy(), "/", text])
        };
        // The most specific root wins: a home under /tmp (as in tests) is still home, and a
        // working tree under home is still the working tree.
        let mut root: Option<(usize, Place)> = None;
        let mut consider = |dir: &Path, place: Place| {
            if under(&normal, dir) && root.is_none_or(|(len, _)| dir.as_os_str().len() > len) {
                root = Some((dir.as_os_str().len(), place));
            }
        };
        for t in &self.tmp_dirs {
            if !same(&normal, t) {
                consider(t, Place::Tmp);
            }
        }
        consider(&self.home, Place::Home);
        consider(&self.cwd, Place::WorkTree);
        let place = if normal == "/" || normal == "/*" {
            Place::System
        } else if all_of(&normal, &self.cwd) {
            Place::WorkTreeRoot
        } else if all_of(&normal, &self.home) {
            Place::HomeRoot
        } else if let Some((_, place)) = root {
            // The working tree's neighbours, reached by climbing out of it with `..`
            // (`path.resolve(ROOT, '..')` and its entries), are other projects' directories,
            // not the script's temporary files, also when the working tree lies in a
            // temporary directory.
            if place == Place::Tmp && (self.climbs_out(text) || self.climbs_above_home(text)) {
                Place::Outside
            } else {
                place
            }
        } else if [
            "/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/dev", "/var", "/opt",
            "/root", "/home", "/srv", "/sys", "/proc",
        ]
        .iter()
        .any(|s| under_clean(&normal, s))
        {
            if ["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"].contains(&normal.as_str()) {
                Place::Tmp
            } else {
                Place::System
            }
        } else {
            Place::Outside
        };
        let shown = match normal.strip_prefix(home.as_ref()) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
            _ => normal,
        };
        Resolved { text: shown, place }
    }
}

/// Whether `rest`, the part of a path after a climb out of the script's own directory, names
/// what a home directory holds and a project does not (`.ssh`, `.aws/credentials`, `.bashrc`,
/// `.config/git/config`): such a climb aims at the home the script lies in, so it keeps
/// climbing as written.
fn aimed_at_home(rest: &str) -> bool {
    if rest.is_empty() {
        return false;
    }
    let r = Resolved {
        text: format!("~/{rest}"),
        place: Place::Home,
    };
    secret_kind(&r.text).is_some()
        || matches!(
            classify_write(&r),
            WriteClass::Persistence(_) | WriteClass::ConfigTampering(_) | WriteClass::Escape(_)
        )
}

/// Whether `text`, read from the working tree `cwd`, leaves it through `..` (`../x`,
/// `CWD/…/../../x`).
fn climbs_out(cwd: &str, text: &str) -> bool {
    let rest = if text.starts_with('/') {
        match text.strip_prefix(cwd) {
            Some(r) if r.starts_with('/') => r,
            _ => return false,
        }
    } else if text.starts_with('~') {
        return false;
    } else {
        text
    };
    let mut depth: i32 = 0;
    for name in rest.split('/') {
        match name {
            "" | "." => {}
            ".." => {
                depth -= 1;
                if depth < 0 {
                    return true;
                }
            }
            _ => depth += 1,
        }
    }
    false
}

/// The absolute, normalised form of the concatenation of `parts`: `/` and the path's names
/// joined by `/`, without empty names or `.`, with `..` removing the name before it (as
/// `Path::components` splits a path on Unix).
fn normalise(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum::<usize>() + 1);
    // The end of `out` before each name, to drop it again on `..`.
    let mut ends: Vec<usize> = Vec::new();
    let mut name = |name: &str, out: &mut String| match name {
        "" | "." => {}
        ".." => {
            if let Some(end) = ends.pop() {
                out.truncate(end);
            }
        }
        _ => {
            ends.push(out.len());
            out.push('/');
            out.push_str(name);
        }
    };
    // Names may straddle the parts (`~` + `/x`, `cwd` + `/` + `y`): split the joined text.
    let mut pending = String::new();
    for part in parts {
        pending.push_str(part);
    }
    for n in pending.split('/') {
        name(n, &mut out);
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

/// Whether a directory is spelled in the form [`normalise`] gives (absolute, no empty names, no
/// `.` or `..`, no trailing `/`), so that comparing strings compares components.
fn is_clean(dir: &str) -> bool {
    if dir == "/" {
        return true;
    }
    let b = dir.as_bytes();
    // Each name starts after a `/`: it must not be empty, `.` or `..`.
    b.first() == Some(&b'/')
        && b.iter().enumerate().all(|(i, &c)| {
            c != b'/' || {
                let name = &b[i + 1..];
                let end = name.iter().position(|&c| c == b'/').unwrap_or(name.len());
                !matches!(&name[..end], b"" | b"." | b"..")
            }
        })
}

/// `Path::new(normal).starts_with(dir)` for a normalised `normal` and a clean `dir`.
fn under_clean(normal: &str, dir: &str) -> bool {
    dir == "/"
        || normal
            .strip_prefix(dir)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
}

/// Whether the normalised path `normal` lies under `dir` (component-wise, or equal).
fn under(normal: &str, dir: &Path) -> bool {
    match dir.to_str() {
        Some(d) if is_clean(d) => under_clean(normal, d),
        _ => Path::new(normal).starts_with(dir),
    }
}

/// Whether the normalised path `normal` is `dir` (component-wise).
fn same(normal: &str, dir: &Path) -> bool {
    match dir.to_str() {
        Some(d) if is_clean(d) => normal == d,
        _ => Path::new(normal) == dir,
    }
}

/// Whether the normalised path `normal` is `dir` or all of it (`dir/*`).
fn all_of(normal: &str, dir: &Path) -> bool {
    match dir.to_str() {
        Some(d) if is_clean(d) => {
            normal == d
                || normal
                    .strip_suffix("/*")
                    .is_some_and(|parent| parent == d || (parent.is_empty() && d == "/"))
        }
        _ => {
            let path = Path::new(normal);
            path == dir
                || (path.parent() == Some(dir) && path.file_name().is_some_and(|n| n == "*"))
        }
    }
}

/// The base name of a path string.
fn base(path: &str) -> &str {
    path.trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(path)
}

/// `haystack.contains(needle)` for the short paths matched against long lists of needles here:
/// a scan for the needle's first byte, without the setup of a general substring search.
fn contains(haystack: &str, needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else {
        return true;
    };
    if h.len() < n.len() {
        return false;
    }
    h[..=h.len() - n.len()]
        .iter()
        .enumerate()
        .any(|(i, &b)| b == first && h[i + 1..].starts_with(rest))
}

/// Whether a file read at the resolved `path` (of place `place`) is data of the user or the
/// machine from outside the project: under home, in a system directory or another
/// project's, but not a device, a process's or the kernel's pseudo-file (`/dev/stdin`,
/// `/proc/cpuinfo`) or a file the system shares with everyone (`/etc/os-release`).
pub(crate) fn outside_data(place: Place, path: &str) -> bool {
    const NOT_DATA: &[&str] = &[
        "/dev/", "/proc/", "/sys/", "/run/", "/usr/", "/lib", "/bin/", "/sbin/",
    ];
    const SHARED: &[&str] = &[
        "/etc/os-release",
        "/etc/lsb-release",
        "/etc/hostname",
        "/etc/timezone",
        "/etc/localtime",
        "/etc/machine-id",
        "/etc/debian_version",
        "/etc/redhat-release",
    ];
    match place {
        Place::Home | Place::HomeRoot | Place::Outside => true,
        Place::System => !NOT_DATA.iter().any(|p| path.starts_with(p)) && !SHARED.contains(&path),
        _ => false,
    }
}

/// What [`secret_kind`] calls a `.env` file.
pub(crate) const DOTENV: &str = "a .env secrets file";

/// What [`secret_kind`] calls a key file named by its extension (`.pem`, `.key`, `.p12`).
pub(crate) const KEY_FILE: &str = "a private key file";

/// What kind of credential a path holds, if it is credential material.
/// A part of a parsed URL that says where it points and holds none of its credentials
/// (`hostname`, `port`, `protocol`/`scheme`), unlike `host`/`netloc` of some parsers, the
/// userinfo, the path (a webhook's secret) or the whole URL.
pub(crate) fn url_location_part(member: &str) -> bool {
    matches!(member, "hostname" | "port" | "protocol" | "scheme")
}

pub(crate) fn secret_kind(path: &str) -> Option<&'static str> {
    let p = if path.contains('\\') {
        std::borrow::Cow::Owned(path.replace('\\', "/"))
    } else {
        std::borrow::Cow::Borrowed(path)
    };
    let p: &str = &p;
    let name = base(p);
    if name.ends_with(".pub") {
        return None;
    }
    if let Some(what) = first_secret_part(p) {
        return Some(what);
    }
    // A whole credential directory, or a glob over it: `~/.ssh`, `~/.ssh/*`, `~/.aws/`.
    // (directory, the directory after a slash, what it holds)
    const DIRS: &[(&str, &str, &str)] = &[
        (".ssh", "/.ssh", "SSH private keys"),
        (".aws", "/.aws", "AWS credentials"),
        (".gnupg", "/.gnupg", "the GnuPG keyring"),
        (".kube", "/.kube", "the Kubernetes config"),
        (".docker", "/.docker", "Docker registry credentials"),
        (".sfdx", "/.sfdx", "the Salesforce CLI's org auth files"),
        (
            ".config/sf",
            "/.config/sf",
            "the Salesforce CLI's org auth files",
        ),
    ];
    const SLASH_UNKNOWN: &str = "/\u{1}";
    for (dir, slash_dir, what) in DIRS {
        let rest = p
            .rsplit_once(slash_dir)
            .map(|(_, r)| r)
            .or_else(|| p.strip_prefix(*dir));
        if let Some(rest) = rest
            && (rest.is_empty()
                || rest == "/"
                || rest.starts_with("/*")
                || rest.starts_with(SLASH_UNKNOWN))
        {
            return Some(what);
        }
    }
    // `.env*`, `.env.*`, `".env" + suffix`: a name that starts as the secrets file and is
    // known no further may be that file (a glob over it matches `.env` itself).
    let open_end = |rest: &str| rest.starts_with(['*', '?', '[', UNKNOWN]);
    if name
        .strip_prefix(".env")
        .is_some_and(|rest| open_end(rest) || rest.strip_prefix('.').is_some_and(open_end))
    {
        return Some(DOTENV);
    }
    // A template or a schema of the file (`.env.example`, `.env.schema.json`: the keys and
    // their patterns) holds no values.
    let template = |s: &str| ["example", "sample", "template", "dist", "defaults"].contains(&s);
    if name == ".env"
        || (name.starts_with(".env.")
            && !["example", "sample", "template", "dist", "defaults"]
                .iter()
                .any(|s| name.ends_with(s))
            && !name.strip_prefix(".env.").is_some_and(|rest| {
                let parts: Vec<&str> = rest.split('.').collect();
                parts.len() == 2
                    && matches!(parts[1], "json" | "yaml" | "yml" | "toml")
                    && (parts[0] == "schema" || template(parts[0]))
            }))
    {
        return Some(DOTENV);
    }
    if name.ends_with(".pem") && public_certificate_pem(name) {
        return None;
    }
    if name.ends_with(".pem")
        || name.ends_with(".key")
        || name.ends_with(".p12")
        || name.ends_with(".pfx")
    {
        return Some(KEY_FILE);
    }
    if name.starts_with("id_rsa") || name.starts_with("id_ed25519") || name.starts_with("id_ecdsa")
    {
        return Some("an SSH private key");
    }
    None
}

/// Whether a `.pem` file's name says it holds certificates, which are public, and no key:
/// `cert.pem`, `fullchain.pem`, mkcert's `rootCA.pem`, step's `root_ca.pem`, `ca-bundle.pem`.
/// A name with a key word in it (`rootCA-key.pem`, `privkey.pem`, `ca_key.pem`) or none of
/// the certificate words (`server.pem`, `dev.pem`, which may hold both) stays a key file.
fn public_certificate_pem(name: &str) -> bool {
    const KEY_WORDS: &[&str] = &["key", "priv", "secret", "id_", "p12", "pfx", "sign"];
    const CERT_WORDS: &[&str] = &[
        "cert",
        "certs",
        "certificate",
        "crt",
        "chain",
        "fullchain",
        "ca",
        "rootca",
        "cacert",
        "cacerts",
        "bundle",
        "intermediate",
        "trust",
        "truststore",
    ];
    let stem = name
        .strip_suffix(".pem")
        .unwrap_or(name)
        .to_ascii_lowercase();
    !stem.contains(UNKNOWN)
        && !KEY_WORDS.iter().any(|k| stem.contains(k))
        && stem.split(['-', '_', '.']).any(|w| CERT_WORDS.contains(&w))
}

/// What writing to a path means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum WriteClass {
    /// Survives the session (rc files, crontab, systemd, authorized_keys).
    Persistence(&'static str),
    /// Changes how tools fetch or trust code.
    ConfigTampering(&'static str),
    /// Tampers with the agent's hook settings or the guard itself.
    Escape(&'static str),
    /// Code that runs later automatically (git hooks, CI, conftest, .pth).
    PoisonAlways(&'static str),
    /// A manifest: dangerous only with code-running content.
    Manifest(&'static str),
    /// An ordinary source file in the working tree.
    Source,
    /// A system path.
    System,
    /// Outside the working tree and the temporary directories.
    Outside,
    /// Data: the working tree, a temporary directory, /dev/null.
    Harmless,
    /// Not known statically.
    Unknown,
}

/// Classify a write target.
/// A data file in a tool's own cache or state directory (`~/.cache/<tool>/pulls.json`): where a tool
/// keeps what it can fetch again, also images, media and fonts it rendered or downloaded
/// (`thumb.webp`), database dumps, release archives it downloaded (`node-v20.tar.xz`; unpacking and running
/// one is judged where it runs), a partial download (`x.part`) and a data file's temporary twin
/// for an atomic replace (`index.json.<pid>`). Code there (`.py`, `.sh`, no extension, ...) is
/// not data, nor is a pickle (loading one runs code).
fn tool_cache_data(r: &Resolved) -> bool {
    const DATA: &[&str] = &[
        "json", "txt", "csv", "tsv", "db", "sqlite", "sqlite3", "cache", "log", "xml", "html",
        "yaml", "yml", "toml", "md", "etag", "gz", "zst", "bin", "dat", "tmp", "png", "jpg",
        "jpeg", "gif", "webp", "avif", "ico", "pdf", "mp3", "mp4", "wav", "woff", "woff2",
        "parquet", "xz", "bz2", "tgz", "tar", "zip", "part", "dump",
    ];
    // A tool's state directory (`~/.local/state/<tool>/last.json`) keeps the same kind of
    // data between runs; not a directory of the [`SHARED`] programs.
    let state = || {
        tool_dir_file(r, "~/.local/state/")
            .filter(|(tool, _)| !SHARED.iter().any(|s| s.eq_ignore_ascii_case(tool)))
    };
    let Some((_, file)) = tool_dir_file(r, "~/.cache/").or_else(state) else {
        return false;
    };
    // A name `mktemp` makes from a template (`index.XXXXXX`, the X's replaced at random): no
    // other program knows it, so none loads it; the script's own scratch file there.
    if mktemp_template(base(file)) {
        return true;
    }
    let name = base(file).to_ascii_lowercase();
    let mut exts: Vec<&str> = name.split('.').skip(1).collect();
    if exts.last().is_some_and(|e| DATA.contains(e)) {
        return true;
    }
    // `index.json.<pid>`, `index.json.tmp.1234`: what an atomic replace adds to a data name.
    let spare =
        |e: &str| e.contains(UNKNOWN) || (!e.is_empty() && e.chars().all(|c| c.is_ascii_digit()));
    exts.reverse();
    exts.into_iter()
        .find(|e| !spare(e))
        .is_some_and(|e| DATA.contains(&e))
}

/// Whether a file name is a `mktemp` template: at least three trailing `X`s, after a name
/// of its own (`index.XXXXXX`, `dl-XXXXXXXX`).
fn mktemp_template(name: &str) -> bool {
    let stem = name.trim_end_matches('X');
    name.len() - stem.len() >= 3
        && !stem.is_empty()
        && !stem.contains(['*', '?', '[', '$', UNKNOWN])
}

/// An entry of a tool's own cache directory (`~/.cache/<tool>/<entry>`, the tool named, the
/// entry inside its directory): not the cache as a whole, nor every tool's directory in it.
pub(crate) fn tool_cache_entry(r: &Resolved) -> bool {
    tool_dir_file(r, "~/.cache/").is_some_and(|(_, entry)| {
        let first = entry.split('/').next().unwrap_or("");
        !first.is_empty() && first != "."
    })
}

/// A named tool's cache or state directory, or a directory in one (`~/.cache/<tool>`,
/// `~/.local/state/<tool>/snapshots`): what a tool keeps between runs and can do without. Not
/// the cache or state root, a name built at run time or hidden, a path leaving it (`..`), nor
/// the directory of a program shared with everything the user runs ([`SHARED`]).
pub(crate) fn tool_keep_dir(r: &Resolved) -> bool {
    let Some(rest) = ["~/.cache/", "~/.local/state/"]
        .iter()
        .find_map(|p| r.text.strip_prefix(p))
    else {
        return false;
    };
    let rest = rest.trim_end_matches('/');
    let tool = rest.split('/').next().unwrap_or("");
    matches!(r.place, Place::Home)
        && !tool.starts_with('.')
        && !SHARED.iter().any(|s| s.eq_ignore_ascii_case(tool))
        && secret_kind(&r.text).is_none()
        && rest.split('/').all(|part| {
            !part.is_empty()
                && part != ".."
                && part != "."
                && !part.contains(UNKNOWN)
                && !part.contains(['*', '?', '[', '{', '$'])
        })
}

/// The tool and the file of a path `PREFIX<tool>/<file>` in the home directory, where the
/// tool is named (not built at run time, not hidden) and the file stays inside its directory.
fn tool_dir_file<'r>(r: &'r Resolved, prefix: &str) -> Option<(&'r str, &'r str)> {
    let (tool, file) = r.text.strip_prefix(prefix)?.split_once('/')?;
    (matches!(r.place, Place::Home)
        && !tool.is_empty()
        && !tool.contains(UNKNOWN)
        && !tool.starts_with('.')
        && !file.split('/').any(|part| part == ".."))
    .then_some((tool, file))
}

/// Directories of `~/.config/` that belong to programs shared with everything else the user
/// runs, whose files hold credentials, package sources, editor or terminal settings that start
/// programs, or the session's environment: no one tool's own settings.
const SHARED: &[&str] = &[
    "gh",
    "hub",
    "glab-cli",
    "gcloud",
    "doctl",
    "rclone",
    "op",
    "containers",
    "docker",
    "helm",
    "kube",
    "uv",
    "pypoetry",
    "pip",
    "npm",
    "yarn",
    "pnpm",
    "cargo",
    "configstore",
    "Code",
    "Code - OSS",
    "VSCodium",
    "Cursor",
    "zed",
    "nvim",
    "vim",
    "helix",
    "JetBrains",
    "kitty",
    "alacritty",
    "wezterm",
    "environment.d",
    "git",
    "fish",
    "systemd",
    "autostart",
    "terraphim",
    "claude",
    "codex",
    "gemini",
    "direnv",
    "starship",
    "tmux",
    "ssh",
    "gnupg",
];

/// A data file in a tool's own configuration directory (`~/.config/<tool>/config.toml`): where a
/// command-line tool keeps its settings, written by its own setup script. Not the directories of
/// programs shared with everything else the user runs, whose files hold credentials, package
/// sources, editor or terminal settings that start programs, or the session's environment.
fn tool_config_data(r: &Resolved) -> bool {
    const DATA: &[&str] = &["json", "toml", "ini", "yaml", "yml", "conf", "cfg"];
    let Some((tool, file)) = tool_dir_file(r, "~/.config/") else {
        return false;
    };
    // A settings file named as such without an extension (`config`, `settings`).
    const NAMES: &[&str] = &["config", "settings", "preferences", "prefs", "defaults"];
    // What an atomic replace or a backup adds to the name: `.tmp`, `.bak`, a date, the
    // random part of a `mktemp` template.
    let spare = |e: &str| {
        ["bak", "old", "orig", "tmp", "new", "backup"].contains(&e)
            || e.contains(UNKNOWN)
            || (e.len() >= 3 && e.chars().all(|c| c == 'x'))
            || (!e.is_empty() && e.chars().all(|c| c.is_ascii_digit()))
    };
    // The file itself or a temporary file beside it for an atomic replace (`config.json.tmp`,
    // `config.json.1234.tmp`, `.config.XXXXXX`), or its backup (`config.bak`).
    let name = base(file).trim_end_matches('~').to_ascii_lowercase();
    let mut parts = name.trim_start_matches('.').split('.');
    let first = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    let data = rest.iter().any(|e| DATA.contains(e))
        || (NAMES.contains(&first) && rest.iter().all(|e| spare(e)));
    data && !SHARED.iter().any(|s| s.eq_ignore_ascii_case(tool)) && secret_kind(&r.text).is_none()
}

/// A path in a named tool's own configuration or cache directory (`~/.config/<tool>`,
/// `~/.cache/<tool>/...`: the directory itself or a path inside it), where no program but that
/// tool looks. Not a directory of the [`SHARED`] programs, a trust anchor (shell startup,
/// systemd, autostart, the agent's or the guard's settings, package-manager and git configs) or
/// a secret; not `~/.config` or `~/.cache` as a whole, nor every tool's directory in them.
/// The command guard denies every change outside the project; in these the review's own rules
/// judge the write, copy, permission change or delete (`shell_judge::record`): a tool's data
/// file is clean as [`tool_config_data`] and [`tool_cache_entry`] say, code or a secret written
/// there, or the directory deleted whole, is not.
pub(crate) fn tool_own_dir(r: &Resolved) -> bool {
    if !matches!(r.place, Place::Home) || secret_kind(&r.text).is_some() {
        return false;
    }
    let Some((cache, rest)) = [("~/.config/", false), ("~/.cache/", true)]
        .iter()
        .find_map(|(p, cache)| r.text.strip_prefix(p).map(|rest| (*cache, rest)))
    else {
        return false;
    };
    let rest = rest.trim_end_matches('/');
    let (tool, file) = rest.split_once('/').unwrap_or((rest, ""));
    let named = !tool.is_empty()
        && !tool.contains(UNKNOWN)
        && !tool.starts_with('.')
        && !tool.contains(['*', '?', '[', '{', '$'])
        && !file.split('/').any(|part| part == "..");
    named
        && (cache || !SHARED.iter().any(|s| s.eq_ignore_ascii_case(tool)))
        && matches!(
            classify_write(r),
            WriteClass::Harmless | WriteClass::Outside
        )
}

/// `~/.<name>rc`, `~/.<name>_profile`, `~/.<name>env` whose name is known only at run time
/// (`~/.$(basename "$SHELL")rc`): a file in the home directory shaped like the startup file
/// of the shell or program the script picked, which it runs whenever it starts.
fn startup_file_shape(p: &str) -> bool {
    let Some(name) = p.strip_prefix("~/.") else {
        return false;
    };
    !name.contains('/')
        && name.contains(UNKNOWN)
        && ["rc", "profile", "env", "_login"]
            .iter()
            .any(|end| name.ends_with(end) && !name[..name.len() - end.len()].is_empty())
}

pub(crate) fn classify_write(r: &Resolved) -> WriteClass {
    let p = r.text.as_str();
    let name = base(p);
    const PERSIST: &[(&str, &str)] = &[
        ("~/.bashrc", "a shell startup file"),
        ("~/.bash_profile", "a shell startup file"),
        ("~/.bash_login", "a shell startup file"),
        ("~/.bash_logout", "a shell startup file"),
        ("~/.profile", "a shell startup file"),
        ("~/.zshrc", "a shell startup file"),
        ("~/.zprofile", "a shell startup file"),
        ("~/.zshenv", "a shell startup file"),
        ("~/.zlogin", "a shell startup file"),
        ("~/.config/fish/", "a shell startup file"),
        ("/etc/profile", "a system shell startup file"),
        ("/etc/bash.bashrc", "a system shell startup file"),
        ("/etc/zsh", "a system shell startup file"),
        ("/etc/rc.local", "a boot script"),
        ("/etc/init.d/", "a boot script"),
        ("/etc/cron", "a cron table"),
        ("/var/spool/cron", "a cron table"),
        ("~/.config/autostart", "a desktop autostart entry"),
        ("/etc/xdg/autostart", "a desktop autostart entry"),
        ("/.config/systemd/", "a systemd unit"),
        ("/etc/systemd/", "a systemd unit"),
        ("/lib/systemd/", "a systemd unit"),
        ("/.ssh/authorized_keys", "SSH authorized_keys"),
        ("/Library/LaunchAgents", "a launchd agent"),
        ("/Library/LaunchDaemons", "a launchd daemon"),
        ("~/.local/bin/", "a directory on PATH"),
        ("/usr/local/bin/", "a directory on PATH"),
        ("/etc/ld.so.preload", "the dynamic loader preload list"),
    ];
    const CONFIG: &[(&str, &str)] = &[
        (".npmrc", "the npm config"),
        (".yarnrc", "the yarn config"),
        ("pip.conf", "the pip config"),
        ("pip.ini", "the pip config"),
        (".pypirc", "the PyPI config"),
        (".condarc", "the conda config"),
        ("~/.gitconfig", "the git config"),
        ("/.git/config", "the git config"),
        ("~/.config/git/", "the git config"),
        (".cargo/config", "the cargo config"),
        ("~/.ssh/config", "the SSH config"),
        ("/etc/hosts", "the hosts file"),
        ("/etc/apt/", "the apt sources"),
        ("/etc/resolv.conf", "the resolver config"),
        (".docker/config.json", "the Docker config"),
        // Package managers' user configs: where every build on the machine fetches from.
        ("~/.m2/settings.xml", "the Maven settings"),
        ("~/.gemrc", "the RubyGems config"),
        ("~/.bundle/config", "the Bundler config"),
        ("~/.config/uv/uv.toml", "the uv config"),
        ("~/.pydistutils.cfg", "the distutils config"),
        ("~/.nuget/NuGet/NuGet.Config", "the NuGet config"),
        ("~/.sbt/repositories", "the sbt repositories"),
        ("~/.bunfig.toml", "the Bun config"),
    ];
    const ESCAPE: &[(&str, &str)] = &[
        ("/.claude/settings", "the agent's hook settings"),
        ("/.claude/commands", "the agent's command definitions"),
        ("/.mcp.json", "the agent's tool servers"),
        ("/.codex/", "the agent's settings"),
        ("/.gemini/", "the agent's settings"),
        ("/.cursor/", "the agent's settings"),
        (
            "~/.config/terraphim/",
            "the guard's configuration or knowledge graph",
        ),
        ("~/.local/share/terraphim/", "the guard's outcome store"),
        ("/kg/guard-", "the guard's knowledge graph"),
        ("/etc/sudoers", "the sudoers file"),
        ("/proc/", "another process's memory or settings"),
    ];
    const POISON: &[(&str, &str)] = &[
        ("/.git/hooks/", "a git hook"),
        ("/.github/workflows/", "a CI workflow"),
        ("/.gitlab-ci.yml", "a CI pipeline"),
        ("/.circleci/", "a CI pipeline"),
        ("/Jenkinsfile", "a CI pipeline"),
        ("/.pre-commit-config.yaml", "a pre-commit hook"),
        ("/.husky/", "a git hook"),
        ("/.envrc", "a direnv script"),
        ("/.vscode/tasks.json", "an editor task"),
        // Gradle runs every init script of the user's Gradle home before each build.
        ("~/.gradle/init.d/", "a Gradle init script"),
        ("~/.gradle/init.gradle", "a Gradle init script"),
    ];
    let lookup = |list: &[(&str, &'static str)]| {
        list.iter()
            .find(|(needle, _)| contains(p, needle))
            .map(|(_, w)| *w)
    };
    // A system directory's shape inside the project or a temporary directory
    // (`build/root/lib/systemd/system/app.service`, a package's staging root) is a file of
    // that tree: nothing on this machine reads it from there.
    let staged = matches!(r.place, Place::WorkTree | Place::WorkTreeRoot | Place::Tmp);
    let system_root = |needle: &str| {
        ["/etc/", "/lib/", "/usr/", "/var/", "/Library/"]
            .iter()
            .any(|root| needle.starts_with(root))
    };
    if let Some((_, w)) = PERSIST
        .iter()
        .find(|(needle, _)| contains(p, needle) && !(staged && system_root(needle)))
    {
        return WriteClass::Persistence(w);
    }
    if startup_file_shape(p) {
        return WriteClass::Persistence("a shell startup file (its name chosen at run time)");
    }
    // A repository's or a package's own files in a temporary directory (a throwaway test
    // repository's `.git/config`, an extracted tarball's `.npmrc`) configure nothing the user
    // runs: the anchors below are the project's and the user's.
    let throwaway = r.place == Place::Tmp;
    // The agent's settings inside a directory the script made with a name nobody knows
    // (`tempfile.TemporaryDirectory()`, `mkdtemp`, pytest's `tmp_path`): a test's fixture,
    // which no agent session reads. A fixed temp path (`/tmp/.claude/...`) still counts.
    let made_temp = throwaway && p.contains(UNKNOWN);
    // A coding agent's settings directory in the home written whole (a directory copied
    // into it): its settings, commands and tool servers are among what lands there.
    if ["~/.claude", "~/.cursor", "~/.gemini", "~/.codex"].contains(&p.trim_end_matches('/')) {
        return WriteClass::Escape("the agent's settings directory");
    }
    if let Some(w) = lookup(ESCAPE).filter(|_| !made_temp) {
        return WriteClass::Escape(w);
    }
    // The same for the system's configuration: a rootfs or a package's staging tree in the
    // project (`build/rootfs/etc/apt/sources.list`) configures that tree, not this machine.
    if let Some((_, w)) = CONFIG
        .iter()
        .find(|(needle, _)| contains(p, needle) && !throwaway && !(staged && system_root(needle)))
    {
        return WriteClass::ConfigTampering(w);
    }
    if let Some(w) = lookup(POISON).filter(|_| !throwaway) {
        return WriteClass::PoisonAlways(w);
    }
    if [
        "conftest.py",
        "setup.py",
        "sitecustomize.py",
        "usercustomize.py",
    ]
    .contains(&name)
        || name.ends_with(".pth")
    {
        return WriteClass::PoisonAlways("a file Python runs automatically");
    }
    if matches!(r.place, Place::Tmp) {
        return WriteClass::Harmless;
    }
    // A coding agent's instructions file (`CLAUDE.md`, `AGENTS.md`, `.cursorrules`): the agent
    // follows what it says as it follows the project's code, so the text written into it is
    // reviewed as source (commands planted in it, downloaded or decoded text).
    if AGENT_INSTRUCTIONS.contains(&name) || p.ends_with("/.github/copilot-instructions.md") {
        return WriteClass::Source;
    }
    if terraphim_shell_vocab::is_build_input(name) {
        return WriteClass::Manifest("a build manifest");
    }
    if tool_cache_data(r) || tool_config_data(r) {
        return WriteClass::Harmless;
    }
    match r.place {
        Place::Unknown => WriteClass::Unknown,
        Place::System => WriteClass::System,
        Place::Home | Place::HomeRoot | Place::Outside => WriteClass::Outside,
        Place::WorkTree | Place::WorkTreeRoot | Place::Tmp => {
            let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
            if [
                "py", "js", "mjs", "cjs", "ts", "tsx", "jsx", "sh", "bash", "rb", "pl", "php",
                "go", "rs",
            ]
            .contains(&ext)
            {
                WriteClass::Source
            } else {
                WriteClass::Harmless
            }
        }
    }
}

/// The files a coding agent reads as its instructions for the project.
const AGENT_INSTRUCTIONS: &[&str] = &[
    "CLAUDE.md",
    "CLAUDE.local.md",
    "AGENTS.md",
    "GEMINI.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
];

/// Whether a file mode written in Python or JavaScript (`0o4755`, `0o6755`, legacy `04755`, a
/// string `'2755'`, a decimal number, or an expression of such numbers like `0o4000 | 0o755`)
/// sets the setuid or setgid bit. `0o600` and `0o644` do not: a mode's special bits are its
/// fourth octal digit from the right, not its first digit.
pub(crate) fn mode_sets_special_bits(text: &str) -> bool {
    let special = |mode: Option<u32>| mode.is_some_and(|m| m & 0o6000 != 0);
    // A string mode (`'2755'`) is octal as a whole; an expression is its numbers.
    if text.trim_start().starts_with(['\'', '"']) {
        return special(crate::command::octal_mode(text));
    }
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|t| t.starts_with(|c: char| c.is_ascii_digit()))
        .any(|t| special(crate::command::octal_mode(t)))
}

/// Whether a mode a variable holds sets the setuid or setgid bit. The value's text does not say
/// whether it was a number or a string (`'1777'`, octal to `chmod`): digits that are also an
/// octal number count only when both readings set the bit.
pub(crate) fn held_mode_is_special(text: &str) -> bool {
    let special = |m: u32| m & 0o6000 != 0;
    let Some(mode) = crate::command::octal_mode(text) else {
        return false;
    };
    let t = text.trim();
    let ambiguous =
        t.len() > 1 && !t.starts_with('0') && t.bytes().all(|b| (b'0'..=b'7').contains(&b));
    special(mode) && (!ambiguous || u32::from_str_radix(t, 8).is_ok_and(special))
}

/// Names that make a path a trust anchor wherever they stand in it: a directory or file an
/// agent, a shell, git, CI, a package manager or the service manager reads settings or code
/// from (the names of [`classify_write`]'s lists that need no context).
const ANCHOR_NAMES: &[(&str, &str)] = &[
    (".claude", "the agent's settings"),
    (".codex", "the agent's settings"),
    (".gemini", "the agent's settings"),
    (".cursor", "the agent's settings"),
    (".mcp.json", "the agent's tool servers"),
    (".bashrc", "a shell startup file"),
    (".bash_profile", "a shell startup file"),
    (".bash_login", "a shell startup file"),
    (".zshrc", "a shell startup file"),
    (".zprofile", "a shell startup file"),
    (".zshenv", "a shell startup file"),
    (".profile", "a shell startup file"),
    ("authorized_keys", "SSH authorized_keys"),
    (".npmrc", "the npm config"),
    (".yarnrc", "the yarn config"),
    (".yarnrc.yml", "the yarn config"),
    (".pypirc", "the PyPI config"),
    ("pip.conf", "the pip config"),
    (".condarc", "the conda config"),
    (".husky", "a git hook"),
    (".gitlab-ci.yml", "a CI pipeline"),
    (".pre-commit-config.yaml", "a pre-commit hook"),
    ("sitecustomize.py", "a file Python runs automatically"),
    ("usercustomize.py", "a file Python runs automatically"),
    ("LaunchAgents", "a launchd agent"),
    ("LaunchDaemons", "a launchd daemon"),
];

/// Two names in a row that make a path a trust anchor (`.git/hooks`, `.github/workflows`).
const ANCHOR_PAIRS: &[(&str, &str, &str)] = &[
    (".git", "hooks", "a git hook"),
    (".github", "workflows", "a CI workflow"),
    (".ssh", "config", "the SSH config"),
    (".cargo", "config", "the cargo config"),
    (".cargo", "config.toml", "the cargo config"),
    (".docker", "config.json", "the Docker config"),
    ("systemd", "user", "a systemd unit"),
    (".config", "fish", "a shell startup file"),
    (".m2", "settings.xml", "the Maven settings"),
    (".gradle", "init.d", "a Gradle init script"),
    (".gradle", "init.gradle", "a Gradle init script"),
    (".gradle", "init.gradle.kts", "a Gradle init script"),
];

/// What trust anchor a string of a script names as a path or a part of one (`.claude`,
/// `~/.claude/settings.json`, `.git/hooks/pre-commit`), if any. A string with white space in it
/// is a message, not a path (`"add it to your ~/.bashrc"`).
pub(crate) fn anchor_named(literal: &str) -> Option<&'static str> {
    if literal.is_empty() || literal.len() > 256 || literal.chars().any(char::is_whitespace) {
        return None;
    }
    let parts: Vec<&str> = literal.split(['/', '\\']).collect();
    parts
        .iter()
        .find_map(|part| {
            ANCHOR_NAMES
                .iter()
                .find(|(name, _)| part == name)
                .map(|(_, what)| *what)
        })
        .or_else(|| {
            parts.windows(2).find_map(|w| {
                ANCHOR_PAIRS
                    .iter()
                    .find(|(a, b, _)| w[0] == *a && w[1] == *b)
                    .map(|(_, _, what)| *what)
            })
        })
}

/// The names a path is made of, as `PurePosixPath(p).parts` gives them (`/a/b` is `/`, `a`,
/// `b`; `.` parts and repeated slashes are dropped), so a loop that joins them one by one onto
/// a directory builds the path the script spelled. `None` for an empty path or one with more
/// than 32 parts.
pub(crate) fn path_parts(p: &str) -> Option<Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    if p.starts_with('/') {
        out.push("/".to_owned());
    }
    out.extend(
        p.split('/')
            .filter(|s| !s.is_empty() && *s != ".")
            .map(str::to_owned),
    );
    (!out.is_empty() && out.len() <= 32).then_some(out)
}

/// The names [`anchor_named`] looks for, to find the strings worth asking about in a text.
pub(crate) fn anchor_needles() -> impl Iterator<Item = &'static str> {
    ANCHOR_NAMES
        .iter()
        .map(|(n, _)| *n)
        .chain(ANCHOR_PAIRS.iter().map(|(a, _, _)| *a))
}

/// Whether a loop over the environment that skips every variable not starting with `prefix`
/// reads only one tool's own settings (`PROJ_`, `MYTOOL_`): a literal name prefix of three or
/// more characters that names no credential and no service whose token lives in the
/// environment (`AWS_`, `GITHUB_`, `NPM_`). Those variables are the tool's configuration,
/// not the whole environment with every token in it.
pub(crate) fn own_env_prefix(prefix: &str) -> bool {
    let p = prefix.to_ascii_uppercase();
    p.len() >= 3
        && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && p.starts_with(|c: char| c.is_ascii_alphabetic())
        && !secret_env(&p)
        && !secret_env(p.trim_end_matches('_'))
        && ![
            "AWS", "AZURE", "GOOGLE", "GCP", "GCLOUD", "CI", "RUNNER", "ACTIONS", "SSH", "GPG",
        ]
        .iter()
        .any(|s| p.starts_with(s))
        && !TOKEN_HOSTS
            .iter()
            .any(|(service, _)| p.starts_with(service) || service.starts_with(p.as_str()))
}

/// Whether environment variable `name` is a setting that says where a service lives
/// (`GITHUB_API_URL`, `API_BASE_URL`, `SENTRY_HOST`, and the `_ADDR` of HashiCorp's tools:
/// `VAULT_ADDR`, `CONSUL_HTTP_ADDR`, `NOMAD_ADDR`), not a credential.
pub(crate) fn endpoint_setting(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    !secret_env(name)
        && [
            "_URL",
            "_ADDR",
            "_URI",
            "_HOST",
            "_ENDPOINT",
            "_BASE",
            "_API",
            "_SERVER",
            "_ORIGIN",
        ]
        .iter()
        .any(|s| n.ends_with(s))
}

/// Whether environment variable `name` with the script's default `default` is a setting that
/// says which program to run (`GODOT_BIN` or `BLENDER` defaulting to `godot` or `blender`):
/// the user's own copy of the tool the default names, so the command is judged with the
/// default. A default that is not a bare program name, or a variable named like neither a
/// program setting nor that program, is not one.
pub(crate) fn program_setting(name: &str, default: &str) -> bool {
    let n = name.to_ascii_uppercase();
    let bare = default
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && default
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'));
    if secret_env(name) || !bare {
        return false;
    }
    let prog = default.to_ascii_uppercase().replace(['-', '.', '+'], "_");
    [
        "_BIN",
        "_EXE",
        "_EXECUTABLE",
        "_CMD",
        "_COMMAND",
        "_PROGRAM",
    ]
    .iter()
    .any(|s| n.ends_with(s))
        || n == prog
        || n.ends_with(&format!("_{prog}"))
        || n == format!("{prog}_PATH")
}

/// The documented API URL of the service an endpoint setting belongs to (`GITHUB_API_URL` ->
/// `https://api.github.com`, which GitHub Actions sets it to), if it names one: the value the
/// environment gives is that service's endpoint, configured by the user.
pub(crate) fn setting_service_url(name: &str) -> Option<String> {
    if !endpoint_setting(name) {
        return None;
    }
    if configured_webhook(name) {
        // The notification endpoint the user configured: where the user said to post.
        return Some(format!(
            "https://{}{CONFIGURED_SUFFIX}/",
            name.to_ascii_lowercase().replace('_', "-")
        ));
    }
    let n = name.to_ascii_uppercase();
    TOKEN_HOSTS
        .iter()
        .find(|(prefix, _)| n.starts_with(prefix))
        .and_then(|(_, hosts)| hosts.first())
        .map(|h| format!("https://{h}"))
        .or_else(|| configured_service_url(name))
}

/// The host suffix standing for the endpoint of a service with no documented host that the
/// user configured in the environment or the project's `.env` (`ZAMMAD_URL`,
/// `REDCAP_API_URL`, `VAULT_ADDR`): see [`configured_service_url`].
pub(crate) const SERVICE_SUFFIX: &str = ".service.configured.invalid";

/// The first words of endpoint settings that name a data store or a relay, whose URL carries
/// its credentials (`DATABASE_URL`, `REDIS_URL`, `AMQP_URL`, `SMTP_URL`): a connection
/// string, no service's address.
const CONNECTION_WORDS: &[&str] = &[
    "DATABASE",
    "DB",
    "CACHE",
    "SQL",
    "SQLALCHEMY",
    "POSTGRES",
    "POSTGRESQL",
    "PG",
    "PSQL",
    "MYSQL",
    "MARIADB",
    "MONGO",
    "MONGODB",
    "REDIS",
    "VALKEY",
    "MEMCACHED",
    "AMQP",
    "RABBITMQ",
    "RABBIT",
    "BROKER",
    "CELERY",
    "KAFKA",
    "NATS",
    "CLICKHOUSE",
    "CASSANDRA",
    "NEO4J",
    "COUCHDB",
    "ELASTICSEARCH",
    "OPENSEARCH",
    "INFLUX",
    "INFLUXDB",
    "SMTP",
    "IMAP",
    "FTP",
    "SFTP",
    "LDAP",
    "PROXY",
];

/// The endpoint of a service with no documented host, as the user configured it: an
/// [`endpoint_setting`] (`ZAMMAD_URL`, `REDCAP_API_URL`, `AM_URL`) that is no notification
/// webhook, no model API's, no connection string (a data store's URL carries its password:
/// [`CONNECTION_WORDS`]) and no redirect or callback address, read from the environment or
/// picked by its literal name out of the project's `.env`. Its value is
/// `https://zammad-url.service.configured.invalid/`: the request goes where the user said
/// that service lives, and a token of the same service sent there is its use
/// ([`configured_service_token`]). Nothing else about the host is known.
pub(crate) fn configured_service_url(name: &str) -> Option<String> {
    let n = name.to_ascii_uppercase();
    let first = n.split('_').next().unwrap_or("");
    let shape = n.len() > first.len()
        && first.len() >= 2
        && first.starts_with(|c: char| c.is_ascii_alphabetic())
        && n.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    // (`_BASE` and `_API` may name a directory or a switch: no address for sure.)
    let address = [
        "_URL",
        "_URI",
        "_ADDR",
        "_ENDPOINT",
        "_HOST",
        "_HOSTNAME",
        "_SERVER",
        "_ORIGIN",
    ]
    .iter()
    .any(|s| n.ends_with(s));
    (shape
        && address
        && endpoint_setting(name)
        && !configured_webhook(name)
        && !model_api_endpoint_setting(name)
        && !CONNECTION_WORDS.contains(&first)
        && ![
            "WEBHOOK", "CALLBACK", "REDIRECT", "RETURN", "DSN", "CONN", "DATABASE", "_DB_", "PROXY",
        ]
        .iter()
        .any(|w| n.contains(w)))
    .then(|| {
        let host = format!(
            "{}{SERVICE_SUFFIX}",
            n.to_ascii_lowercase().replace('_', "-")
        );
        // A host name setting holds the name alone (`https://{HA_HOST}/api`).
        match ["_HOST", "_HOSTNAME", "_SERVER"]
            .iter()
            .any(|s| n.ends_with(s))
        {
            true => host,
            false => format!("https://{host}/"),
        }
    })
}

/// Whether a value is (or starts with) the endpoint of [`configured_service_url`].
pub(crate) fn configured_service_value(text: &str) -> bool {
    let host = text
        .split_once("://")
        .map_or(text, |(_, rest)| rest)
        .split(['/', ':', '?', '#'])
        .next()
        .unwrap_or("");
    configured_service_setting(host).is_some()
}

/// The setting a host of [`configured_service_url`] stands for (`ZAMMAD_URL`).
pub(crate) fn configured_service_setting(host: &str) -> Option<String> {
    host.strip_suffix(SERVICE_SUFFIX)
        .filter(|l| !l.is_empty() && !l.contains('.'))
        .map(|l| l.replace('-', "_").to_ascii_uppercase())
}

/// Whether token variable `token` belongs to the service whose configured endpoint `host` is
/// ([`configured_service_url`]): its name starts with the setting's first word
/// (`ZAMMAD_TOKEN` to `ZAMMAD_URL`'s endpoint, `REDCAP_API_TOKEN` to `REDCAP_API_URL`'s). A
/// token of another service, or of a vendor with documented hosts, sent there is no use of it.
pub(crate) fn configured_service_token(token: &str, host: &str) -> bool {
    let Some(setting) = configured_service_setting(host) else {
        return false;
    };
    let service = setting.split('_').next().unwrap_or("");
    let t = token.to_ascii_uppercase();
    !service.is_empty()
        && secret_env(token)
        && t.strip_prefix(service).is_some_and(|r| r.starts_with('_'))
        && !TOKEN_HOSTS.iter().any(|(prefix, _)| t.starts_with(prefix))
}

/// Whether token variable `name` is documented for `host`: its vendor's documented API
/// ([`terraphim_shell_vocab::secrets::token_host_documented`]), or the endpoint of its own
/// service that the user configured ([`configured_service_token`]).
pub(crate) fn token_host_documented(name: &str, host: &str) -> bool {
    terraphim_shell_vocab::secrets::token_host_documented(name, host)
        || configured_service_token(name, host)
}

/// The host suffix standing for an endpoint the user configured in the environment (the
/// reserved `.invalid` top-level domain: no script can reach a host named so).
pub(crate) const CONFIGURED_SUFFIX: &str = ".configured.invalid";

/// Whether environment variable `name` holds the URL of a notification webhook the user
/// configured (`SLACK_WEBHOOK_URL`, `DISCORD_WEBHOOK`, `TEAMS_WEBHOOK_URL`): the channel a
/// CI script posts its status to. It is the user's own endpoint, as a service's API host is
/// its token's.
pub(crate) fn configured_webhook(name: &str) -> bool {
    let n = name.to_ascii_uppercase();
    !secret_env(name)
        && (n.ends_with("_WEBHOOK_URL") || n.ends_with("_WEBHOOK") || n == "WEBHOOK_URL")
}

/// Whether a host name, an address or a URL / connection string names this machine
/// (`localhost`, `127.0.0.1`, `postgres://app@localhost:5432/db`, a Unix socket path).
pub(crate) fn local_address(text: &str) -> bool {
    let host = match text.split_once("://") {
        Some((_, rest)) => {
            let authority = rest.split(['/', '?']).next().unwrap_or("");
            let authority = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
            authority
                .strip_prefix('[')
                .and_then(|h| h.split_once(']'))
                .map_or_else(|| authority.split(':').next().unwrap_or(""), |(h, _)| h)
        }
        None => text,
    };
    host.is_empty() || host.starts_with('/') || is_loopback_host(host)
}

/// Whether a host may be a drop (request bin, webhook, paste, tunnel) or a URL shortener: a cheap
/// test on the host alone, so that URLs named in a script's text are classified only then.
pub(crate) fn maybe_shady(host: &str) -> bool {
    const DOMAINS: &[&str] = &[
        "discord.com",
        "discordapp.com",
        "hooks.slack.com",
        "api.telegram.org",
        "webhook.site",
        "requestbin.com",
        "requestbin.net",
        "pipedream.net",
        "hookbin.com",
        "beeceptor.com",
        "ngrok.io",
        "ngrok.app",
        "ngrok-free.app",
        "ngrok.dev",
        "trycloudflare.com",
        "burpcollaborator.net",
        "oastify.com",
        "interact.sh",
        "canarytokens.com",
        "canarytokens.org",
        "pastebin.com",
        "paste.ee",
        "transfer.sh",
        "0x0.st",
        "termbin.com",
        "file.io",
        "bit.ly",
        "tinyurl.com",
        "t.co",
        "goo.gl",
        "is.gd",
        "ow.ly",
        "rb.gy",
        "cutt.ly",
        "shorturl.at",
        "tiny.cc",
    ];
    DOMAINS.iter().any(|d| {
        host.len() >= d.len()
            && host.ends_with(d)
            && (host.len() == d.len() || host.as_bytes()[host.len() - d.len() - 1] == b'.')
    })
}

/// Directories that hold what a build writes inside a project (the build-output directories of
/// the KG's path classes, `kg/paths/path-classes.md`, that toolchains regenerate whole).
const BUILD_OUTPUT_DIRS: &[&str] = &[
    "dist",
    "build",
    "out",
    "target",
    "_build",
    ".next",
    ".nuxt",
    ".svelte-kit",
    "coverage",
    "htmlcov",
];

/// Whether the path `text` names, below the home directory's own entries, a directory a
/// toolchain regenerates whole (a build output, `node_modules`, `.venv`): another checkout's
/// build output (`~/code/app/node_modules`), whose loss costs a rebuild, not data.
pub(crate) fn regenerable_dir(text: &str) -> bool {
    let Some(rel) = text.strip_prefix("~/") else {
        return false;
    };
    let parts: Vec<&str> = rel.trim_end_matches('/').split('/').collect();
    parts.len() >= 2
        && parts.last().is_some_and(|l| {
            BUILD_OUTPUT_DIRS.contains(l) || matches!(*l, "node_modules" | ".venv" | "venv")
        })
        && !parts[..parts.len() - 1]
            .iter()
            .any(|p| p.starts_with('.') || *p == "..")
}

/// Whether the resolved path `text` lies in a build-output directory of the working tree `cwd`
/// (`<cwd>/dist/node/index.d.ts`); dependency directories (`node_modules`, `.venv`) are not:
/// their code runs when the project imports it.
pub(crate) fn in_build_output(text: &str, cwd: &str) -> bool {
    let Some(rel) = text
        .strip_prefix(cwd.trim_end_matches('/'))
        .and_then(|r| r.strip_prefix('/'))
    else {
        return false;
    };
    let mut parts: Vec<&str> = rel.split('/').collect();
    parts.pop();
    !rel.contains(UNKNOWN)
        && parts.iter().any(|p| BUILD_OUTPUT_DIRS.contains(p))
        && !parts
            .iter()
            .any(|p| matches!(*p, "node_modules" | ".venv" | "venv"))
}

/// Whether `host` is the documented API host of a service in the token table.
pub(crate) fn documented_api_host(host: &str) -> bool {
    // Only the services' API hosts themselves (`api.openai.com`), not their whole domains.
    host.starts_with("api.") && TOKEN_HOSTS.iter().any(|(_, hosts)| hosts.contains(&host))
}

/// Client libraries named other than their service (`Octokit` is GitHub's).
const CLIENT_ALIASES: &[(&str, &str)] = &[("github", "octokit"), ("gh", "octokit")];

/// Whether a call or module named `callee` is the client of the service the token variable
/// `token` is for (`OpenAI(api_key=...)`, `new Octokit({auth})`, `openai.api_key = ...`): the
/// token handed to it is its use.
pub(crate) fn vendor_client(token: &str, callee: &str) -> bool {
    let Some(vendor) = token_vendor(token) else {
        return false;
    };
    let callee = callee.to_ascii_lowercase();
    callee.contains(&vendor)
        || CLIENT_ALIASES
            .iter()
            .any(|(v, alias)| *v == vendor && callee.contains(alias))
}

/// Whether the program `program` (its base name) is the command-line client of the service
/// the token variable `token` is for (`gh` for `GITHUB_TOKEN`, `vercel` for `VERCEL_TOKEN`):
/// the token given to it in its environment is its use.
pub(crate) fn vendor_cli(token: &str, program: &str) -> bool {
    terraphim_shell_vocab::secrets::token_cli(token, program)
}

/// The vendor word of a token variable (`OPENAI_API_KEY` -> `openai`), if it is in the table.
pub(crate) fn token_vendor(name: &str) -> Option<String> {
    terraphim_shell_vocab::secrets::token_service(name)
}

/// Options and keys of dependency files that say where packages come from: pip's index options
/// in a requirements file, a registry setting, a lock file's download URL of each package.
/// pip's options in a requirements file that say where packages come from (each at a line's
/// start), and the keys of other dependency files that do (a registry setting, a lock file's
/// download URL of each package).
const PIP_SOURCE_OPTIONS: &[&str] = &[
    "--extra-index-url",
    "--index-url",
    "--find-links",
    "--trusted-host",
    "-i",
    "-f",
];
const DEPENDENCY_SOURCE_KEYS: &[&str] = &["registry", "resolved", "tarball"];

/// The host a dependency file's text points its package source at (`--extra-index-url URL` in
/// a requirements file, `registry=URL`, a lock file's `"resolved": "URL"` or `tarball: URL`),
/// when it is neither allowed (the public registries are) nor local: installing from it runs
/// that host's code. A URL in a comment or a homepage is not one.
pub(crate) fn foreign_dependency_source(text: &str, config: &Config) -> Option<String> {
    let ends_key = |rest: &str| rest.chars().next().is_some_and(|c| " \t\"'=:".contains(c));
    text.lines().find_map(|line| {
        let line = line.trim_start();
        if line.starts_with('#') || line.starts_with("//") {
            return None;
        }
        let lower = line.to_ascii_lowercase();
        let option = PIP_SOURCE_OPTIONS
            .iter()
            .find(|o| lower.starts_with(*o) && ends_key(&lower[o.len()..]));
        let key_end = match option {
            Some(o) => o.len(),
            None => DEPENDENCY_SOURCE_KEYS.iter().find_map(|k| {
                lower.match_indices(k).find_map(|(at, _)| {
                    // The key as a word of its own: after a quote, a scope's colon or nothing.
                    let before = lower[..at].chars().next_back();
                    (before.is_none_or(|c| " \t\"':@{,".contains(c))
                        && ends_key(&lower[at + k.len()..]))
                    .then_some(at + k.len())
                })
            })?,
        };
        let value = line[key_end..].trim_start_matches([' ', '\t', '"', '\'', '=', ':']);
        let url = if value.contains("://") {
            urls(value).next()?.to_owned()
        } else if option == Some(&"--trusted-host") {
            // A host alone: pip skips TLS checks for it.
            format!("https://{}", value.split_whitespace().next()?)
        } else {
            return None;
        };
        foreign_dependency_url(&url, config)
    })
}

/// The host a package's dependency is pointed at when its value is a URL (`"left-pad":
/// "https://host/left-pad-1.0.0.tgz"`, `git+https://host/repo.git`) on a host neither allowed
/// nor local, if any.
pub(crate) fn foreign_dependency_url(value: &str, config: &Config) -> Option<String> {
    let url = urls(value).next()?;
    let (class, host) = classify_host(Some(url), config);
    let host = host.filter(|h| !h.contains(UNKNOWN))?;
    matches!(
        class,
        HostClass::Other | HostClass::Drop(_) | HostClass::Opaque(_)
    )
    .then_some(host)
}

/// Whether a URL fetches an npm-style package tarball (`.../name-1.2.3.tgz`).
pub(crate) fn package_tarball_url(url: &str) -> bool {
    let path = url
        .split(['?', '#'])
        .next()
        .unwrap_or(url)
        .to_ascii_lowercase();
    path.ends_with(".tgz") || path.ends_with(".tar.gz")
}

/// Whether a word is a package manager's git source (`git+https://host/fork.git#fix`,
/// `git+ssh://…`): npm, pnpm, yarn and pip install such a dependency from that repository.
pub(crate) fn git_package_source(word: &str) -> bool {
    let w = word.trim_start_matches(['"', '\'', '`', '(', '[', '=', ':']);
    w.get(..4).is_some_and(|s| s.eq_ignore_ascii_case("git+"))
}

/// The members of a package manifest that name dependencies (`dependencies.left-pad`), whose
/// values say where each comes from.
pub(crate) const DEPENDENCY_SECTIONS: &[&str] = &[
    "dependencies",
    "devDependencies",
    "optionalDependencies",
    "peerDependencies",
    "bundleDependencies",
    "overrides",
    "resolutions",
];

/// The first URL in `text` that fetches a package or code (an archive, a wheel, a script, a git
/// repository) from a host neither allowed nor local, if any. Homepages and docs links are data.
pub(crate) fn untrusted_url(text: &str, config: &Config) -> Option<String> {
    const CODE: &[&str] = &[
        ".whl", ".tar.gz", ".tgz", ".zip", ".sh", ".py", ".js", ".exe", ".git", ".tar.bz2", ".egg",
    ];
    urls(text).find_map(|u| {
        let path = u.split(['?', '#']).next().unwrap_or(u).to_ascii_lowercase();
        if !u.starts_with("git+") && !CODE.iter().any(|e| path.ends_with(e)) {
            return None;
        }
        let (class, host) = classify_host(Some(u), config);
        match class {
            HostClass::Allowed | HostClass::Local | HostClass::Unknown => None,
            _ => host,
        }
    })
}

/// Every `scheme://...` URL in a text (up to a quote, space or bracket).
pub(crate) fn urls(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("://").filter_map(move |(i, _)| {
        // The scheme starts after the last character that cannot be in one (which may be
        // several bytes long: `ó://`).
        let start = text[..i]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '+' || c == '-' || c == '.'))
            .map_or(0, |(s, c)| s + c.len_utf8());
        let scheme = &text[start..i];
        if scheme.is_empty() {
            return None;
        }
        let end = text[i + 3..]
            .find(|c: char| c.is_whitespace() || "\"'`<>(){}[],;|\\".contains(c) || c == UNKNOWN)
            .map_or(text.len(), |e| i + 3 + e);
        Some(&text[start..end])
    })
}

/// Whether a file written at `path` may be run as code later: a script or source extension, or
/// no extension at all (a script, or a name built at run time). Data and config files are judged
/// by the write rules, not as code.
pub(crate) fn may_hold_code(path: &str) -> bool {
    let name = base(path);
    match name.rsplit_once('.') {
        None => true,
        Some((_, ext)) => {
            ext.contains(UNKNOWN)
                || matches!(
                    ext.to_ascii_lowercase().as_str(),
                    "py" | "pyw"
                        | "pth"
                        | "sh"
                        | "bash"
                        | "zsh"
                        | "js"
                        | "mjs"
                        | "cjs"
                        | "jsx"
                        | "ts"
                        | "mts"
                        | "cts"
                        | "tsx"
                        | "ps1"
                        | "bat"
                        | "cmd"
                        | "rb"
                        | "pl"
                        | "php"
                )
        }
    }
}

/// Code that makes an authentication or authorisation check succeed before it checks
/// anything: a function whose name says it verifies a password, a token, a login or a
/// permission, whose first statements return success (`if backdoor(pw): return True`). Returns
/// the function's name.
pub(crate) fn auth_bypass(code: &str) -> Option<String> {
    const CHECKS: &[&str] = &[
        "verify",
        "authenticate",
        "authorize",
        "authorise",
        "check_password",
        "checkpassword",
        "check_token",
        "checktoken",
        "validate_token",
        "validatetoken",
        "has_permission",
        "haspermission",
        "is_admin",
        "isadmin",
        "login",
        "check_auth",
        "checkauth",
        "can_access",
        "canaccess",
    ];
    // Parts known only at run time separate what the script wrote.
    let lines: Vec<&str> = code
        .split(['\n', UNKNOWN])
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for (i, l) in lines.iter().enumerate() {
        let name = if let Some(rest) = l
            .strip_prefix("def ")
            .or_else(|| l.strip_prefix("async def "))
        {
            rest.split('(').next()
        } else if let Some(rest) = l
            .strip_prefix("function ")
            .or_else(|| l.strip_prefix("async function "))
            .or_else(|| l.strip_prefix("export function "))
            .or_else(|| l.strip_prefix("export async function "))
        {
            rest.split('(').next()
        } else {
            None
        };
        let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
            continue;
        };
        let lower = name.to_ascii_lowercase();
        if !CHECKS.iter().any(|c| lower.contains(c)) {
            continue;
        }
        // Its first statements (docstrings and comments aside): a success returned at once.
        let body = lines[i + 1..]
            .iter()
            .filter(|b| !b.is_empty() && !b.starts_with('#') && !b.starts_with("//"))
            .take(3);
        for b in body {
            if b.starts_with("def ") || b.starts_with("function ") {
                break;
            }
            let b = b.trim_end_matches(';');
            if matches!(b, "return True" | "return true")
                || b.ends_with(": return True")
                || b.ends_with(") return true")
                || b.ends_with("{ return true")
                || b.ends_with("{ return true }")
            {
                return Some(name.to_owned());
            }
        }
    }
    None
}

/// Code that lets a request in when a header or credential it carries equals a value fixed in
/// the code: `return req.headers["x-support"] === "c0ffee42";`, `if (header === 'Bearer
/// mnt-...') return { roles: ['admin'] }`. A credential written into generated code is one
/// every reader of the code (or of the script) holds: an authentication bypass whatever the
/// checks after it do. Returns the comparison, shortened.
///
/// The fixed side is a quoted literal that reads as a credential: an `Authorization` scheme
/// (`Bearer`, `Basic`, `Token`) followed by anything, or a token-like word (8 or more
/// characters, no spaces or slashes, with a digit or a capital letter), so content
/// negotiation (`content-type === 'application/json'`) is not one; the line grants (`return`,
/// `next(`, a `?` choice).
pub(crate) fn fixed_credential_check(code: &str) -> Option<String> {
    const CREDENTIAL: &[&str] = &[
        "header",
        "authorization",
        "token",
        "api_key",
        "apikey",
        "api-key",
        "password",
        "passwd",
        "secret",
    ];
    for raw in code.lines() {
        let l = raw.trim();
        let Some(at) = l.find("==") else {
            continue;
        };
        if at > 0 && matches!(l.as_bytes()[at - 1], b'!' | b'<' | b'>') {
            continue;
        }
        let grants = l.contains("return") || l.contains("next(") || l.contains('?');
        if !grants {
            continue;
        }
        let left = &l[..at];
        let right = l[at..].trim_start_matches('=').trim_start();
        let credential = |side: &str| {
            let lower = side.to_ascii_lowercase();
            CREDENTIAL.iter().any(|c| lower.contains(c))
        };
        // The literal on either side, the credential on the other.
        let literal_of = |side: &str| -> Option<String> {
            let side = side.trim();
            let q = side
                .chars()
                .next()
                .filter(|c| matches!(c, '\'' | '"' | '`'))?;
            let body = &side[1..];
            let end = body.find(q)?;
            Some(body[..end].to_owned())
        };
        let last_word = |side: &str| -> String {
            let s = side.trim_end();
            let start = s
                .rfind(|c: char| c.is_whitespace() || c == '(')
                .map_or(0, |i| i + 1);
            s[start..].to_owned()
        };
        let lit = match (literal_of(right), literal_of(&last_word(left))) {
            (Some(lit), _) if credential(left) => lit,
            (_, Some(lit)) if credential(right) => lit,
            _ => continue,
        };
        let lower = lit.to_ascii_lowercase();
        let scheme = ["bearer ", "basic ", "token "]
            .iter()
            .any(|s| lower.starts_with(s) && lit.len() > s.len());
        let token_like = lit.chars().count() >= 8
            && !lit.contains(UNKNOWN)
            && !lit.chars().any(|c| c.is_whitespace() || c == '/')
            && lit
                .chars()
                .any(|c| c.is_ascii_digit() || c.is_ascii_uppercase());
        if scheme || token_like {
            let shown: String = l.chars().filter(|c| *c != UNKNOWN).take(80).collect();
            return Some(shown);
        }
    }
    None
}

/// The domains of the mail addresses in `text` (`Ops <ops@mail.example.net>, a@b.test`).
pub(crate) fn mail_domains(text: &str) -> Vec<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '<' | '>' | '"' | '\''))
        .filter_map(|w| w.split_once('@'))
        .filter(|(user, _)| !user.is_empty())
        .map(|(_, d)| {
            d.trim_end_matches(|c: char| !c.is_ascii_alphanumeric())
                .to_ascii_lowercase()
        })
        .filter(|d| {
            d.contains('.')
                && d.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        })
        .collect()
}

/// The recipients' domains of a mail message whose header assignments are in `text`
/// (`msg["Bcc"] = "audit@mail.example.net"`, as the review keeps what was stored in an object).
pub(crate) fn mail_header_domains(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let (target, value) = l.split_once(" = ")?;
            let key = target
                .rsplit('[')
                .next()?
                .trim_matches(|c: char| matches!(c, ']' | '"' | '\''))
                .to_ascii_lowercase();
            matches!(key.as_str(), "to" | "cc" | "bcc").then(|| mail_domains(value))
        })
        .flatten()
        .collect()
}

/// Whether a text written into a source file opens with the marker of generated code (`//
/// Code generated by gen.js. DO NOT EDIT.`, `@generated`, `auto-generated`) in its first lines,
/// written by the script itself: the file is the script's output, regenerated whole.
pub(crate) fn generated_header(text: &str) -> bool {
    // Up to the first part known only at run time: a line's text before it is the script's
    // own (`// generated from openapi.json (${version}) — do not edit`).
    let known = text.split(UNKNOWN).next().unwrap_or("");
    known.lines().take(3).any(|l| {
        let l = l.trim_start();
        // A Python module docstring and an HTML or XML comment are header comments too.
        let comment = l.starts_with("//")
            || l.starts_with('#')
            || l.starts_with("/*")
            || l.starts_with('*')
            || l.starts_with("\"\"\"")
            || l.starts_with("'''")
            || l.starts_with("<!--");
        let lower = l.to_ascii_lowercase();
        comment
            && (lower.contains("do not edit")
                || lower.contains("@generated")
                || lower.contains("auto-generated")
                || lower.contains("autogenerated")
                || lower.contains("code generated")
                || lower.contains("generated from ")
                || lower.contains("generated by "))
    })
}

/// Whether a source file's name marks it as a generator's output by the usual conventions
/// (`client.gen.go`, `api_gen.go`, `routes.generated.ts`, `zz_generated.deepcopy.go`,
/// `x.pb.go`, `x_pb2.py`, `x.g.dart`): the file is regenerated whole, not edited by hand.
pub(crate) fn generated_name(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or("");
    let Some((stem, _ext)) = name.rsplit_once('.') else {
        return false;
    };
    const STEM_ENDS: &[&str] = &[
        ".gen",
        "_gen",
        ".generated",
        "_generated",
        ".pb",
        "_pb2",
        "_pb2_grpc",
        ".g",
        ".freezed",
    ];
    // A directory the project keeps for generated code (`homeassistant/generated/x.py`,
    // `src/__generated__/schema.ts`): what is in it is written by its generators.
    const DIRS: &[&str] = &["generated", "__generated__", "autogen", "autogenerated"];
    let in_generated_dir = path
        .rsplit(['/', '\\'])
        .skip(1)
        .any(|dir| DIRS.contains(&dir));
    // In such a directory the name may be chosen at run time (`${schema}.ts`); elsewhere the
    // name itself must say it is generated.
    !stem.is_empty()
        && (in_generated_dir
            || !stem.contains(UNKNOWN)
                && (name.starts_with("zz_generated.")
                    || STEM_ENDS.iter().any(|e| stem.ends_with(e))))
}

/// Text that downloads code and hands it to a shell (`curl -fsSL URL | sh`).
pub(crate) fn runs_fetched_code(text: &str) -> bool {
    const FETCH: &[&str] = &["curl ", "wget "];
    let into_shell = text.split('|').skip(1).any(|after| {
        let program = after
            .trim_start()
            .split([' ', '\n', '\'', '"', ';', ')'])
            .next();
        program
            .and_then(|p| p.rsplit('/').next())
            .is_some_and(terraphim_shell_vocab::is_shell)
    });
    into_shell && FETCH.iter().any(|f| text.contains(f))
}

/// Text in written content that makes a write into code that runs something.
pub(crate) fn code_exec_tokens(content: &str) -> Option<&'static str> {
    const TOKENS: &[&str] = &[
        "os.system",
        "subprocess",
        "exec(",
        "eval(",
        "__import__",
        "child_process",
        "execSync",
        "curl ",
        "wget ",
        "| sh",
        "|sh",
        "| bash",
        "|bash",
        "base64",
        "socket",
        "/dev/tcp",
        "preinstall",
        "postinstall",
        "\"install\":",
        "[build-system]",
        "nc -e",
        "Function(",
        "marshal.loads",
        "pickle.loads",
        "urlopen",
        "requests.",
        "fetch(",
        // Inline programs of an interpreter (`node -e "require('https').get(...)"`).
        "node -e ",
        "node -e\"",
        "python -c ",
        "python3 -c ",
        "require('https')",
        "require('http')",
        "require(\"https\")",
        "require(\"http\")",
    ];
    TOKENS.iter().find(|t| content.contains(*t)).copied()
}

/// What a network destination is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostClass {
    /// On the allow list.
    Allowed,
    /// Loopback or a private (RFC 1918) address.
    Local,
    /// A chat webhook, request bin, paste or tunnel service: a known exfiltration endpoint.
    Drop(&'static str),
    /// A URL shortener or a raw public IP address.
    Opaque(&'static str),
    /// Another host.
    Other,
    /// Built at run time.
    Unknown,
}

/// `https://api.github.com${path}`: a literal origin whose host is an allowed or documented API
/// host, followed at once by a part known only at run time. The part is the request's path (an
/// API client's own helper builds it); read as the rest of the host name it would make another
/// host only if it started with a `.`, which the script's own text would show.
fn api_origin_then_path(url: &str, config: &Config) -> Option<String> {
    let (scheme, rest) = url.trim().split_once("://")?;
    if !matches!(scheme, "https" | "http" | "wss" | "ws") {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    let (host, after) = authority.split_once(UNKNOWN)?;
    // Nothing but the run-time part in the rest of the authority (no `@`, no literal text).
    if host.is_empty()
        || host.contains([':', '@'])
        || !host.contains('.')
        || after.chars().any(|c| c != UNKNOWN)
    {
        return None;
    }
    let host = host.to_ascii_lowercase();
    (config.host_allowed(&host) || documented_api_host(&host)).then_some(host)
}

/// Classify the destination of a network call.
pub(crate) fn classify_host(url: Option<&str>, config: &Config) -> (HostClass, Option<String>) {
    let Some(url) = url else {
        return (HostClass::Unknown, None);
    };
    let lower = url.to_ascii_lowercase();
    if let Some(h) = host_of(url).filter(|h| h.ends_with(SERVICE_SUFFIX)) {
        // The endpoint of a service the user configured: where its own token goes. Any other
        // request to it goes to a host the review does not know, as one built at run time.
        return (HostClass::Unknown, Some(h));
    }
    if let Some(h) = host_of(url).filter(|h| h.ends_with(CONFIGURED_SUFFIX)) {
        // The endpoint the user configured (a notification webhook from the environment).
        return (HostClass::Allowed, Some(h));
    }
    const DROPS: &[(&str, &str)] = &[
        ("discord.com/api/webhooks", "a Discord webhook"),
        ("discordapp.com/api/webhooks", "a Discord webhook"),
        ("hooks.slack.com", "a Slack webhook"),
        ("api.telegram.org/bot", "a Telegram bot"),
        ("webhook.site", "a request bin"),
        ("requestbin", "a request bin"),
        ("pipedream.net", "a request bin"),
        ("hookbin", "a request bin"),
        ("beeceptor", "a request bin"),
        ("ngrok", "a tunnel"),
        ("trycloudflare.com", "a tunnel"),
        ("burpcollaborator", "an interaction catcher"),
        ("oastify.com", "an interaction catcher"),
        ("interact.sh", "an interaction catcher"),
        ("canarytokens", "a canary endpoint"),
        ("pastebin.com", "a paste site"),
        ("paste.ee", "a paste site"),
        ("transfer.sh", "a file drop"),
        ("0x0.st", "a file drop"),
        ("termbin.com", "a paste site"),
        ("file.io", "a file drop"),
    ];
    if let Some((_, what)) = DROPS.iter().find(|(n, _)| lower.contains(n)) {
        return (HostClass::Drop(what), host_of(url));
    }
    let Some(host) = host_of(url).or_else(|| api_origin_then_path(url, config)) else {
        return (HostClass::Unknown, None);
    };
    let class = if is_loopback_host(&host) {
        HostClass::Local
    } else if let Ok(ip) = host.parse::<std::net::Ipv4Addr>() {
        if ip.is_loopback() || ip.is_private() || ip.is_unspecified() || ip.is_link_local() {
            HostClass::Local
        } else {
            HostClass::Opaque("a raw public IP address")
        }
    } else if host.parse::<std::net::Ipv6Addr>().is_ok() {
        HostClass::Opaque("a raw IP address")
    } else if terraphim_shell_vocab::hosts::is_private_zone_name(&host)
        || terraphim_shell_vocab::hosts::is_single_label_name(&host)
    {
        // A name public DNS never answers (`octopi.internal`, `nas.home.arpa`, a compose
        // service's `jellyfin`): a machine of the developer's own network, as its private
        // address is.
        HostClass::Local
    } else if config.host_allowed(&host) || documented_api_host(&host) {
        HostClass::Allowed
    } else if [
        "bit.ly",
        "tinyurl.com",
        "t.co",
        "goo.gl",
        "is.gd",
        "ow.ly",
        "rb.gy",
        "cutt.ly",
        "shorturl.at",
        "tiny.cc",
    ]
    .contains(&host.as_str())
    {
        HostClass::Opaque("a URL shortener")
    } else {
        HostClass::Other
    };
    (class, Some(host))
}

/// The host a model API client's endpoint setting `name` is pointed at by `value`, when that
/// host is neither this machine nor the network's, nor on the allow list, nor the vendor's own
/// API or a known gateway: the client then sends its API key and every prompt there
/// (`ANTHROPIC_BASE_URL=https://api.anthropic-edge.net` for the agent's later commands).
pub(crate) fn model_api_redirect(name: &str, value: &str, config: &Config) -> Option<String> {
    if !model_api_endpoint_setting(name) {
        return None;
    }
    let url = value.trim().trim_matches(['"', '\'']);
    if !url.contains("://") {
        return None;
    }
    let (class, host) = classify_host(Some(url), config);
    let host = host?;
    if host.contains(UNKNOWN) || matches!(class, HostClass::Allowed | HostClass::Local) {
        return None;
    }
    (!model_api_host(name, &host)).then_some(host)
}

/// Words of a token variable's name that name no service (`API_TOKEN`, `SECRET_KEY`, ...).
const GENERIC_TOKEN_WORDS: &[&str] = &[
    "API", "APP", "AUTH", "ACCESS", "BEARER", "CLIENT", "DEPLOY", "KEY", "MY", "OAUTH", "PRIVATE",
    "PUBLIC", "READ", "SECRET", "SERVICE", "TOKEN", "USER", "WRITE", "PROD", "DEV", "STAGING",
];

/// Whether the token variable `name` is for a service that `host` is named after: the first
/// word of the name (`BILLING` of `BILLING_API_TOKEN`) is a label of the host
/// (`billing.internal.example.com`, `api.billing.example.com`). A service with documented API
/// hosts ([`TOKEN_HOSTS`]) is judged by those alone.
pub(crate) fn token_host_named(name: &str, host: &str) -> bool {
    let n = name.to_ascii_uppercase();
    let Some(word) = n.split('_').next() else {
        return false;
    };
    if word.len() < 4
        || GENERIC_TOKEN_WORDS.contains(&word)
        || TOKEN_HOSTS
            .iter()
            .any(|(prefix, _)| n.starts_with(prefix) || n.contains(&format!("_{prefix}")))
    {
        return false;
    }
    let labels: Vec<&str> = host.split('.').collect();
    labels.len() >= 2
        && labels[..labels.len() - 1]
            .iter()
            .any(|l| l.eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_that_set_the_setuid_or_setgid_bit() {
        for (mode, special) in [
            ("0o4755", true),
            ("0o6755", true),
            ("0o2775", true),
            ("04755", true),
            ("'4755'", true),
            ("\"2755\"", true),
            ("2541", true),
            ("0o4000 | 0o755", true),
            ("0o600", false),
            ("0o644", false),
            ("0o700", false),
            ("0o200", false),
            ("0600", false),
            ("'600'", false),
            ("384", false),
            ("0o777", false),
            ("mode", false),
            ("", false),
        ] {
            assert_eq!(mode_sets_special_bits(mode), special, "{mode}");
        }
    }

    #[test]
    fn strings_that_name_a_trust_anchor() {
        for (literal, what) in [
            (".claude", Some("the agent's settings")),
            ("~/.claude/settings.json", Some("the agent's settings")),
            ("/.codex/config.toml", Some("the agent's settings")),
            (".mcp.json", Some("the agent's tool servers")),
            ("$HOME/.zshrc", Some("a shell startup file")),
            (".git/hooks/pre-commit", Some("a git hook")),
            (".github/workflows", Some("a CI workflow")),
            (
                "C:\\Users\\u\\.cursor\\mcp.json",
                Some("the agent's settings"),
            ),
            (".ssh/config", Some("the SSH config")),
            // a message, not a path
            ("add it to your ~/.bashrc", None),
            // near names
            (".claude-notes", None),
            (".git", None),
            ("hooks", None),
            (".github/ISSUE_TEMPLATE", None),
            ("config/settings.json", None),
            ("", None),
        ] {
            assert_eq!(anchor_named(literal), what, "{literal}");
        }
    }

    /// The one-pass search names the same part as trying every part in order.
    #[test]
    fn first_secret_part_is_the_first_part_in_order_the_path_holds() {
        let naive = |p: &str| {
            SECRET_PARTS
                .iter()
                .find(|(needle, _)| contains(p, needle))
                .map(|(_, what)| *what)
        };
        let mut paths: Vec<String> = ["", "a", ".", "/", "src/main.rs", "./.ssh", "~/.ssh/id"]
            .iter()
            .map(|p| (*p).to_owned())
            .collect();
        for (a, _) in SECRET_PARTS {
            for (pre, post) in [("", ""), ("~/", ""), ("/home/u/", "/x"), ("x", "y.pub")] {
                paths.push(format!("{pre}{a}{post}"));
                // Cut short: no part at all, or a shorter one.
                paths.push(format!("{pre}{}", &a[..a.len() - 1]));
            }
            // Two parts in one path, in both orders.
            for (b, _) in SECRET_PARTS {
                paths.push(format!("/{b}/{a}"));
            }
        }
        for p in &paths {
            assert_eq!(first_secret_part(p), naive(p), "{p}");
        }
    }

    #[test]
    fn contains_is_str_contains() {
        let hay = [
            "",
            "a",
            "~/.ssh/id_rsa",
            "/home/u/.aws/credentials",
            "aaab",
            "é/.ssh",
            "ab",
        ];
        let needles = [
            "",
            "a",
            "b",
            "ab",
            "aab",
            ".ssh/id_",
            "/.aws/",
            "é",
            "~/.ssh/id_rsa!",
            "abc",
        ];
        for h in hay {
            for n in needles {
                assert_eq!(super::contains(h, n), h.contains(n), "{h:?} {n:?}");
            }
        }
    }

    fn ctx() -> Context {
        Context {
            cwd: "/home/u/proj".into(),
            home: "/home/u".into(),
            tmp_dirs: vec!["/tmp".into()],
        }
    }

    #[test]
    fn places() {
        let c = ctx();
        let cases = [
            ("data.json", Place::WorkTree, "~/proj/data.json"),
            ("~/.bashrc", Place::Home, "~/.bashrc"),
            ("/tmp/x/y", Place::Tmp, "/tmp/x/y"),
            ("/", Place::System, "/"),
            ("..", Place::HomeRoot, "~"),
            ("../other", Place::Home, "~/other"),
            (".", Place::WorkTreeRoot, "~/proj"),
            ("$HOME", Place::HomeRoot, "~"),
            ("\u{1}/x", Place::Unknown, "\u{1}/x"),
        ];
        for (raw, place, text) in cases {
            let r = c.resolve(raw);
            assert_eq!((r.place, r.text.as_str()), (place, text), "{raw}");
        }
    }

    /// The resolution by `Path` components that the string operations must agree with.
    fn resolve_by_components(ctx: &Context, raw: &str) -> Resolved {
        use std::path::Component;
        let home = ctx.home.to_string_lossy().into_owned();
        let mut text = raw.trim().to_owned();
        for var in ["${HOME}", "$HOME", "%USERPROFILE%"] {
            if let Some(rest) = text.strip_prefix(var) {
                text = format!("~{rest}");
            }
        }
        if text.starts_with(UNKNOWN) || text.is_empty() {
            return Resolved {
                text,
                place: Place::Unknown,
            };
        }
        let absolute = if text == "~" || text.starts_with("~/") {
            format!("{home}{}", &text[1..])
        } else if text.starts_with('/') {
            text.clone()
        } else {
            format!("{}/{text}", ctx.cwd.to_string_lossy())
        };
        let mut parts: Vec<String> = Vec::new();
        for comp in Path::new(&absolute).components() {
            match comp {
                Component::ParentDir => {
                    parts.pop();
                }
                Component::Normal(p) => parts.push(p.to_string_lossy().into_owned()),
                Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
            }
        }
        let normal = format!("/{}", parts.join("/"));
        let path = Path::new(&normal);
        let mut root: Option<(usize, Place)> = None;
        let mut consider = |dir: &Path, place: Place| {
            if path.starts_with(dir) && root.is_none_or(|(len, _)| dir.as_os_str().len() > len) {
                root = Some((dir.as_os_str().len(), place));
            }
        };
        for t in &ctx.tmp_dirs {
            if path != t {
                consider(t, Place::Tmp);
            }
        }
        consider(&ctx.home, Place::Home);
        consider(&ctx.cwd, Place::WorkTree);
        let all_of = |dir: &Path| {
            path == dir
                || (path.parent() == Some(dir) && path.file_name().is_some_and(|n| n == "*"))
        };
        let place = if normal == "/" || normal == "/*" {
            Place::System
        } else if all_of(&ctx.cwd) {
            Place::WorkTreeRoot
        } else if all_of(&ctx.home) {
            Place::HomeRoot
        } else if let Some((_, place)) = root {
            // The working tree's neighbours, reached by climbing out of it with `..`
            // (`path.resolve(ROOT, '..')` and its entries), are other projects' directories,
            // not the script's temporary files, also when the working tree lies in a
            // temporary directory.
            if place == Place::Tmp
                && (climbs_out(&ctx.cwd.to_string_lossy(), &text) || ctx.climbs_above_home(&text))
            {
                Place::Outside
            } else {
                place
            }
        } else if [
            "/etc", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/boot", "/dev", "/var", "/opt",
            "/root", "/home", "/srv", "/sys", "/proc",
        ]
        .iter()
        .any(|s| path.starts_with(s))
        {
            if ["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"].contains(&normal.as_str()) {
                Place::Tmp
            } else {
                Place::System
            }
        } else {
            Place::Outside
        };
        let shown = match normal.strip_prefix(&home) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("~{rest}"),
            _ => normal,
        };
        Resolved { text: shown, place }
    }

    #[test]
    fn string_resolution_agrees_with_components() {
        let contexts = [
            ctx(),
            Context {
                cwd: "/tmp/work/proj/".into(),
                home: "/tmp/work".into(),
                tmp_dirs: vec!["/tmp".into(), "/var/tmp/".into(), "/dev/shm".into()],
            },
            Context {
                cwd: "/home/u/./proj".into(),
                home: "/home//u".into(),
                tmp_dirs: vec!["/tmp/../tmp".into(), "relative/tmp".into(), "/".into()],
            },
            Context {
                cwd: "/".into(),
                home: "/".into(),
                tmp_dirs: vec![],
            },
        ];
        let names = [
            "",
            " ",
            ".",
            "..",
            "...",
            "/",
            "//",
            "/*",
            "*",
            "~",
            "~/",
            "~x",
            "~/.",
            "$HOME",
            "${HOME}/x",
            "%USERPROFILE%\\x",
            "$HOMEDIR/x",
            "a",
            "a/",
            "a/../..",
            "../../..",
            "./a/./b//c/",
            "/tmp",
            "/tmp/",
            "/tmp/x",
            "/tmpx",
            "/var/tmp",
            "/var/tmp/y",
            "/dev/null",
            "/dev/sda",
            "/etc/passwd",
            "/etc",
            "/home",
            "/home/u",
            "/home/u/",
            "/home/u/proj",
            "/home/u/proj/*",
            "/home/u/*",
            "/home/u/proj/..",
            "/home/u/projx",
            "/tmp/work",
            "/tmp/work/proj",
            "/tmp/work/proj/a",
            "/opt/../etc/x",
            "/usr/local/bin/x",
            "\u{1}/x",
            "x/\u{1}/y",
            "/a/\u{1}",
            "data.json",
            ".git/hooks/pre-commit",
            "/dev/shm/x",
            "/dev/shm",
            "relative/tmp/x",
            "/relative/tmp/x",
            "/srv/",
            "/sys/x",
        ];
        for c in &contexts {
            for a in names {
                for b in ["", "/", "/x", "/..", "/./*", "/*"] {
                    let raw = format!("{a}{b}");
                    assert_eq!(
                        c.resolve(&raw),
                        resolve_by_components(c, &raw),
                        "{raw:?} in {c:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn urls_after_a_multibyte_character() {
        // Found by the review_python fuzz target: the scheme's start was cut inside a character.
        for (text, found) in [
            ("ó://;", vec![]),
            ("Ƿ://", vec![]),
            (
                "éhttps://x.example.net/a b",
                vec!["https://x.example.net/a"],
            ),
            ("«https://x.example.net»", vec!["https://x.example.net»"]),
        ] {
            assert_eq!(urls(text).collect::<Vec<_>>(), found, "{text}");
        }
    }

    #[test]
    fn hosts() {
        let config = Config::default();
        let class = |u: &str| classify_host(Some(u), &config).0;
        assert_eq!(class("https://docs.python.org/3/"), HostClass::Allowed);
        assert_eq!(class("http://127.0.0.1:8000/x"), HostClass::Local);
        assert_eq!(class("http://192.168.1.4/x"), HostClass::Local);
        assert_eq!(class("http://octopi.internal:5000/api"), HostClass::Local);
        assert_eq!(class("https://nas.home.arpa/x"), HostClass::Local);
        assert_eq!(
            class("https://octopi.internal.example.net/x"),
            HostClass::Other
        );
        assert_eq!(
            class("https://discord.com/api/webhooks/1/abc"),
            HostClass::Drop("a Discord webhook")
        );
        assert_eq!(
            class("http://45.33.2.1/x"),
            HostClass::Opaque("a raw public IP address")
        );
        assert_eq!(class("https://evil.example.net/x"), HostClass::Other);
        assert_eq!(class("https://discord.gg/invite"), HostClass::Other);
        // An allowed or documented API origin followed by a path known at run time.
        let u = UNKNOWN;
        for (url, host) in [
            (format!("https://api.github.com{u}"), Some("api.github.com")),
            (
                format!("https://api.github.com{u}/x"),
                Some("api.github.com"),
            ),
            (format!("https://collector.example.net{u}"), None),
            (format!("https://api.{u}"), None),
            (format!("https://user@api.github.com{u}"), None),
            (format!("ftp://api.github.com{u}"), None),
            (format!("https://api.github.com{u}.example.net/x"), None),
            (format!("https://api.github.com{u}@{u}/x"), None),
        ] {
            let (class, got) = classify_host(Some(&url), &config);
            assert_eq!(got.as_deref(), host, "{url}");
            if host.is_some() {
                assert_eq!(class, HostClass::Allowed, "{url}");
            }
        }
        // (token variable, host, documented for it)
        for (token, host, documented) in [
            ("GITHUB_TOKEN", "api.github.com", true),
            ("OPENROUTER_API_KEY", "openrouter.ai", true),
            ("MAILGUN_API_KEY", "api.eu.mailgun.net", true),
            ("FLY_API_TOKEN", "api.machines.dev", true),
            ("TFE_TOKEN", "app.terraform.io", true),
            ("GHCR_TOKEN", "ghcr.io", true),
            ("GHCR_TOKEN", "registry.example.net", false),
            ("MAILGUN_API_KEY", "mailgun.example.net", false),
            ("GITHUB_TOKEN", "github.example.net", false),
            ("DEPLOY_TOKEN", "api.render.com", false),
            // The endpoint the user configured for a service with no documented host: its
            // own token's, no other's; a webhook's is no service's.
            (
                "ZAMMAD_TOKEN",
                "zammad-url.service.configured.invalid",
                true,
            ),
            (
                "REDCAP_API_TOKEN",
                "redcap-api-url.service.configured.invalid",
                true,
            ),
            (
                "PRETIX_TOKEN",
                "zammad-url.service.configured.invalid",
                false,
            ),
            (
                "GITHUB_TOKEN",
                "github-enterprise.service.configured.invalid",
                false,
            ),
            (
                "ZAMMADX_TOKEN",
                "zammad-url.service.configured.invalid",
                false,
            ),
            (
                "SLACK_BOT_TOKEN",
                "slack-webhook-url.configured.invalid",
                false,
            ),
        ] {
            assert_eq!(
                token_host_documented(token, host),
                documented,
                "{token} -> {host}"
            );
        }
    }

    #[test]
    fn configured_service_endpoints() {
        for (name, url) in [
            (
                "ZAMMAD_URL",
                Some("https://zammad-url.service.configured.invalid/"),
            ),
            (
                "VAULT_ADDR",
                Some("https://vault-addr.service.configured.invalid/"),
            ),
            ("GITHUB_API_URL", Some("https://api.github.com")),
            ("DATABASE_URL", None),
            ("REDIS_URL", None),
            (
                "SLACK_WEBHOOK_URL",
                Some("https://slack-webhook-url.configured.invalid/"),
            ),
            ("OAUTH_CALLBACK_URL", None),
            ("HTTP_PROXY", None),
            ("ZAMMAD_TOKEN", None),
        ] {
            assert_eq!(setting_service_url(name).as_deref(), url, "{name}");
        }
    }

    #[test]
    fn secrets() {
        assert!(secret_kind("~/.ssh/id_rsa").is_some());
        assert!(secret_kind("~/.ssh/id_rsa.pub").is_none());
        assert!(secret_kind("/p/.env").is_some());
        assert!(secret_kind("/p/.env.example").is_none());
        assert!(secret_kind("/p/.env.schema.json").is_none());
        assert!(secret_kind("/p/.env.example.yaml").is_none());
        assert!(secret_kind("/p/.env.production.json").is_some());
        assert!(secret_kind("/p/.env.schema.local.json").is_some());
        assert!(secret_kind(&format!("~/.ssh/{UNKNOWN}")).is_some());
        assert!(secret_kind(&format!("/h/.aws/{UNKNOWN}x")).is_some());
        assert!(secret_kind("C:\\Users\\u\\.ssh").is_some());
        assert!(secret_kind("/h/.awsome/x").is_none());
        assert!(secret_env("GITHUB_TOKEN") && secret_env("AWS_SECRET_ACCESS_KEY"));
        assert!(!secret_env("HOME") && !secret_env("PATH") && !secret_env("KUBECONFIG_PATH"));
        for (text, local) in [
            ("localhost", true),
            ("127.0.0.1", true),
            ("postgres://app@localhost:5432/app_test", true),
            ("postgresql://u:p@[::1]:5432/db", true),
            ("/var/run/postgresql", true),
            ("db.example.net", false),
            ("mysql://root@db.example.net/x", false),
            ("https://localhost.example.net/", false),
        ] {
            assert_eq!(local_address(text), local, "{text}");
        }
        // (name, holds a credential)
        for (name, secret) in [
            ("AWS_REGION", false),
            ("AWS_DEFAULT_REGION", false),
            ("AWS_PROFILE", false),
            ("AWS_ENDPOINT_URL", false),
            ("GIT_AUTHOR_NAME", false),
            ("GIT_AUTHOR_EMAIL", false),
            ("AWS_ACCESS_KEY_ID", true),
            ("AWS_SESSION_TOKEN", true),
            ("AWS_SECRET_ACCESS_KEY", true),
            ("STRIPE_SECRET_KEY", true),
            ("VAULT_TOKEN_NAME", true),
        ] {
            assert_eq!(secret_env(name), secret, "{name}");
        }
    }
}
