//! The language-independent part of the analyzer: abstract values with taint, and the rules
//! that turn reads, writes, deletions, network calls and executions into findings.

use crate::caps::{Cap, default_rule, source_steps};
use crate::config::Config;
use crate::model::{Category, Finding, Language, Verdict};
use crate::places::{self, Context, HostClass, Place, Resolved, UNKNOWN, WriteClass};
use crate::scope::{Map, Set};

/// Deepest nesting of code-in-strings the analyzer follows.
const MAX_DEPTH: u32 = 4;

/// Where a value's data came from.
#[derive(Debug, Clone, Default, Eq)]
pub(crate) struct Taint {
    /// Credential material, and what it is.
    pub(crate) secret: Option<String>,
    /// The whole environment.
    pub(crate) env: bool,
    /// Host or user information.
    pub(crate) host: bool,
    /// Decoded or assembled at run time (base64, zlib, chr-joined, hex).
    pub(crate) decoded: bool,
    /// Downloaded from the network.
    pub(crate) remote: bool,
    /// Downloaded, then printed by one of the script's functions into a value it keeps
    /// (`s=$(fetch "$url")`): data (a version, a checksum list) wherever it flows, except where
    /// it runs as code (`source /dev/stdin <<< "$s"`, `eval "$s"`), which runs the download.
    /// Left out of equality: it changes nothing but what running the value means.
    pub(crate) fetched: bool,
    /// Read from a file of the working tree that holds no credentials (a list of links in the
    /// docs, a lock file's pins): a URL made of it is a destination the project names, and a
    /// request carrying it in a URL sends the project's data. Left out of equality: it changes
    /// nothing but how a request to a host not on the allow list is judged.
    pub(crate) file: bool,
    /// The whole content of a file of the working tree (`read()`, `readFileSync`, `cat`, a
    /// file given as a request's body or upload, an archive of files), not something derived
    /// from it: parsing it (`json.load`, `JSON.parse`, `jq .field`), picking a member or an
    /// element of it, counting or converting it to a number clears this bit and keeps
    /// [`Taint::file`]. A request carrying it to a host no list vouches for takes the
    /// project's data off the machine. Left out of equality, as `file` is.
    pub(crate) content: bool,
    /// The whole content of a file outside the working tree and the temp dirs (under home,
    /// a system directory or another project's; not a device or a process's pseudo-file),
    /// that is no credential file: a request carrying it to a host no list vouches for takes
    /// the user's or the machine's data away, as [`Taint::content`] does the project's.
    /// Derived data ([`Taint::derived`]) clears it. Left out of equality, as `content` is.
    pub(crate) outside: bool,
    /// Given on the script's command line (`sys.argv[1]`, `process.argv[2]`): a string the
    /// script's caller chooses, so a shell command built with it can be made to run anything.
    /// Left out of equality: it changes nothing but how a shell command built with it is
    /// judged.
    pub(crate) arg: bool,
    /// Found on disk (the names a glob matches): names whoever wrote the files chose, not the
    /// script's caller, so a shell command built with one can be made to run anything (a file
    /// named `x;sh`). Left out of equality: it changes nothing but how a shell command built
    /// with it is judged.
    pub(crate) found: bool,
    /// Read from where the user keeps a credential (a credential file under home or the
    /// system, a credential helper's answer), not from the project's own secrets: a copy of
    /// it in a file of the project is the credential taken out of its store. Left out of
    /// equality: it changes nothing but how a write of the secret into the project is judged.
    pub(crate) store: bool,
    /// The secret is a connection URL's credentials (a `.env`'s `DATABASE_URL`), and which
    /// of its parts the script cut off since ([`URL_SECRET`] and the `URL_*_CUT` bits): with
    /// both the user info and the path gone, what is left is the host and port, no secret.
    /// Left out of equality: it changes nothing until the secret is dropped.
    pub(crate) url_secret: u8,
    /// More than one secret was joined into the value (a token and a key file, two
    /// services' tokens): `secret` names only the first, so the value belongs to no one
    /// service and no sink is benign for it by whom the secret belongs to.
    pub(crate) mixed: bool,
    /// One of the secrets joined into a mixed value is not an environment variable's value
    /// (a secrets file's lines, a credential file): with it, a cut of the value may be whole
    /// lines, not a few characters. Two variables joined (one token or the other, two tokens
    /// concatenated) are still one string.
    pub(crate) not_var: bool,
    /// Holds the default of a positional parameter of the script (`${2:-localhost}`): the
    /// value when the script's caller gives none, which the caller may replace with any other.
    /// Left out of equality: it changes nothing but how the command guard is asked about a
    /// line that uses it (the line as written is asked about too, and its deny counts).
    pub(crate) caller_default: bool,
}

/// [`Taint::url_secret`]: the secret is a URL's credentials.
pub(crate) const URL_SECRET: u8 = 1;
/// [`Taint::url_secret`]: everything up to the `@` of the user info was cut off.
pub(crate) const URL_USERINFO_CUT: u8 = 2;
/// [`Taint::url_secret`]: everything from the first `/` (the path and query) was cut off.
pub(crate) const URL_PATH_CUT: u8 = 4;

impl PartialEq for Taint {
    fn eq(&self, other: &Taint) -> bool {
        self.secret == other.secret
            && self.mixed == other.mixed
            && self.not_var == other.not_var
            && self.env == other.env
            && self.host == other.host
            && self.decoded == other.decoded
            && self.remote == other.remote
    }
}

impl Taint {
    /// The data this taint says a value holds (the parts equality compares), without where
    /// it came from (an argument, the project's files, a name found on disk, a fetch).
    pub(crate) fn data_only(&self) -> Taint {
        Taint {
            secret: self.secret.clone(),
            mixed: self.mixed,
            not_var: self.not_var,
            env: self.env,
            host: self.host,
            decoded: self.decoded,
            remote: self.remote,
            ..Taint::default()
        }
    }

    /// Whether every mark of this taint is also one of `other`'s (a secret where `other` has
    /// one; each flag `other` has too). The URL parts a value was cut to (`url_secret`) are
    /// not compared.
    pub(crate) fn marks_within(&self, other: &Taint) -> bool {
        (self.secret.is_none() || other.secret.is_some())
            && (!self.mixed || other.mixed)
            && (!self.env || other.env)
            && (!self.host || other.host)
            && (!self.decoded || other.decoded)
            && (!self.remote || other.remote)
            && (!self.fetched || other.fetched)
            && (!self.file || other.file)
            && (!self.content || other.content)
            && (!self.outside || other.outside)
            && (!self.arg || other.arg)
            && (!self.found || other.found)
            && (!self.store || other.store)
    }

    pub(crate) fn join(&mut self, other: &Taint) {
        if self.secret.is_none() {
            self.secret.clone_from(&other.secret);
            self.url_secret = other.url_secret;
        } else if other.secret.is_some() {
            // Two secrets: a part is gone only where it is gone from both.
            self.url_secret &= other.url_secret;
            if self.secret != other.secret {
                self.mixed = true;
                self.not_var |= self.env_var().is_none() || other.env_var().is_none();
            }
        }
        self.mixed |= other.mixed;
        self.not_var |= other.not_var;
        self.env |= other.env;
        self.host |= other.host;
        self.decoded |= other.decoded;
        self.remote |= other.remote;
        self.fetched |= other.fetched;
        self.file |= other.file;
        self.content |= other.content;
        self.outside |= other.outside;
        self.arg |= other.arg;
        self.found |= other.found;
        self.caller_default |= other.caller_default;
        self.store |= other.store;
    }

    /// `${url#*@}`, `${url%%/*}`: a part of a connection URL cut off. Once both its user
    /// info and its path are, the host and port left are no secret.
    pub(crate) fn cut_url(&mut self, part: u8) {
        if self.url_secret & URL_SECRET == 0 {
            return;
        }
        self.url_secret |= part;
        if self.url_secret & (URL_USERINFO_CUT | URL_PATH_CUT) == URL_USERINFO_CUT | URL_PATH_CUT {
            self.secret = None;
            self.mixed = false;
            self.url_secret = 0;
        }
    }

    /// A few characters cut from a secret ([`fragment_len`] at most [`MASK_CHARS`]: the last
    /// four of a token shown so the user can tell which one is in use) are no secret.
    pub(crate) fn mask(&mut self) {
        self.secret = None;
        self.mixed = false;
        self.not_var = false;
        self.url_secret = 0;
        self.store = false;
    }

    /// The part of the project's `.env` picked out by one key (a line tested to start with
    /// `SLACK_BOT_TOKEN=`, the group of `/^SLACK_BOT_TOKEN=(.+)$/m`, see [`dotenv_key`]) is
    /// that one variable's value, as if read from the environment: the rules for one named
    /// token (its own service's host, a masked cut) apply to it. Only the project's own
    /// secrets file with nothing else joined in is narrowed; any other taint is kept.
    /// A key whose name says it holds a plain setting (`SENTRY_ORG`, `LOG_LEVEL`,
    /// `LDAP_BASE_DN`: [`terraphim_shell_vocab::secrets::plain_setting`]) or says nothing of
    /// a credential or a connection string (`TWILIO_FROM`, `JIRA_SITE`:
    /// [`terraphim_shell_vocab::secrets::names_no_credential`]) picks no secret at all, as
    /// reading that variable from the environment gives none.
    pub(crate) fn narrow_to_dotenv_key(&mut self, key: &str) {
        if self.secret.as_deref() == Some(places::DOTENV)
            && !self.mixed
            && !self.env
            && !self.host
            && !self.store
        {
            if places::secret_env(key) {
                self.secret = Some(format!("the {key} environment variable"));
                self.url_secret = 0;
            } else if terraphim_shell_vocab::secrets::plain_setting(key)
                || terraphim_shell_vocab::secrets::names_no_credential(key)
                || places::configured_service_url(key).is_some()
            {
                self.secret = None;
                self.url_secret = 0;
            }
        }
    }

    /// The value of the endpoint setting `key` picked by its literal name out of this value,
    /// when this is the project's `.env` parsed whole or a copy of the environment (the `.env`
    /// merged in or not) with nothing else joined in: where the user said that service lives,
    /// as reading the variable from the environment gives it ([`places::setting_service_url`];
    /// a notification webhook's URL stays the file's).
    pub(crate) fn configured_pick(&self, key: &str) -> Option<Val> {
        let dotenv = self.secret.as_deref() == Some(places::DOTENV);
        let whole = !self.mixed
            && !self.host
            && !self.store
            && (dotenv || self.env && self.secret.is_none());
        if !whole || places::configured_webhook(key) {
            return None;
        }
        places::setting_service_url(key).map(Val::lit)
    }

    /// One variable picked by a literal name out of a copy of the whole environment (`env =
    /// dict(os.environ)` then `env["APOLLO_KEY"]`, `env.get("PORT")`), the project's `.env`
    /// merged in or not: that variable's value, as reading it from the environment gives it
    /// (a credential variable's secret; nothing private for a setting), no longer every
    /// variable the environment holds. A name that is neither a credential's nor a plain
    /// setting's and names a credential word or a connection string (`DATABASE_URL` may hold
    /// a password, `SMTP_PASS`) keeps the `.env`'s secret. Not for a
    /// value that also holds host information or another secret.
    pub(crate) fn narrow_env_to_key(&mut self, key: &str) {
        // A copy of the environment holding one more secret (`env["APOLLO_KEY"] =
        // dotenv["APOLLO_KEY"]`): the member of that secret's own name is that one variable.
        let own_key = |s: &str| {
            s.strip_prefix("the ")
                .and_then(|r| r.strip_suffix(" environment variable"))
                == Some(key)
        };
        if !self.env
            || self.host
            || self.mixed
            || self
                .secret
                .as_deref()
                .is_some_and(|s| s != places::DOTENV && !own_key(s))
            || key.is_empty()
            || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return;
        }
        self.env = false;
        if places::secret_env(key) {
            self.secret = Some(format!("the {key} environment variable"));
            self.url_secret = 0;
            self.store = false;
        } else if self.secret.is_none()
            || terraphim_shell_vocab::secrets::plain_setting(key)
            || terraphim_shell_vocab::secrets::names_no_credential(key)
            || places::setting_service_url(key).is_some()
        {
            self.secret = None;
            self.url_secret = 0;
            self.store = false;
        }
    }

    /// The taint of the NAMES of a collection of secrets (`Object.keys(secrets)`,
    /// `creds.keys()`): what a project's secret is called (`DATABASE_URL`) is no secret.
    /// The names under which the user's own credential store keeps its secrets (the
    /// profiles of `~/.aws/credentials`, the registries of `~/.docker/config.json`, a
    /// keychain's accounts) are a map of what the user holds: they stay the store's. The
    /// names are no file of the project either: a URL built from them is no destination the
    /// project names.
    pub(crate) fn names_only(&self) -> Taint {
        if self.store {
            return self.clone();
        }
        let mut t = self.clone();
        t.secret = None;
        t.store = false;
        t.url_secret = 0;
        t.mixed = false;
        t.not_var = false;
        t
    }

    /// Whether the value carries any data from a source, a file of the project included
    /// (which equality leaves out).
    pub(crate) fn carries(&self) -> bool {
        *self != Taint::default() || self.file
    }

    /// What is left of a file's content once the script parsed it, picked a member, an
    /// element or a match group out of it, or counted it: data derived from the file (a
    /// version, a coverage figure, a count), no longer the file itself. Any secret it holds
    /// stays: a member of a credential file is still the credential.
    pub(crate) fn derived(&mut self) {
        self.content = false;
        self.outside = false;
    }

    /// This taint as what is derived from it carries it ([`Taint::derived`]).
    pub(crate) fn derived_copy(&self) -> Taint {
        let mut t = self.clone();
        t.derived();
        t
    }

    /// Whether running the value as code runs what was downloaded.
    pub(crate) fn downloaded(&self) -> bool {
        self.remote || self.fetched
    }

    /// The environment variable whose secret this is (`GITHUB_TOKEN`), if it came from one.
    pub(crate) fn env_var(&self) -> Option<&str> {
        self.secret
            .as_deref()?
            .strip_prefix("the ")?
            .strip_suffix(" environment variable")
    }

    /// Whether the secret is the value of one environment variable, or of one of several (a
    /// token or its fallback, two tokens joined): a string, so a cut of it is a few
    /// characters (a cut of a secrets file's lines is whole lines).
    pub(crate) fn one_variable(&self) -> bool {
        (!self.mixed || !self.not_var) && self.env_var().is_some()
    }

    /// The token variable whose service the secret is for: the variable it was read from, the
    /// one of the service whose CLI printed it (`gh auth token` is GitHub's, as `GH_TOKEN`
    /// is), or the one of the service whose key file it was read from (`~/.qiskit/
    /// qiskit-ibm.json` is IBM Quantum's, as `QISKIT_IBM_TOKEN` would be).
    pub(crate) fn token_var(&self) -> Option<&str> {
        self.env_var().or_else(|| {
            self.secret.as_deref().and_then(|s| {
                crate::caps::printed_credential_var(s)
                    .or_else(|| terraphim_shell_vocab::secrets::key_file_token_var(s))
            })
        })
    }

    /// Whether the private data of the value is one secret that belongs to the service whose
    /// documented API `host` is (a `SENTRY_AUTH_TOKEN` to `sentry.io`, the token `gh auth
    /// token` prints to `api.github.com`): sent there, wherever in the request it is, it is
    /// used, not leaked. Never for a value that also holds the environment, host information
    /// or a second secret.
    pub(crate) fn belongs_to_host(&self, host: &str) -> bool {
        !self.mixed
            && !self.env
            && !self.host
            && self
                .token_var()
                .is_some_and(|t| places::token_host_documented(t, host))
    }

    /// Whether the value carries private data (secrets, environment, host information).
    pub(crate) fn private(&self) -> bool {
        self.secret.is_some() || self.env || self.host
    }

    fn describe(&self) -> String {
        match (&self.secret, self.env, self.host) {
            (Some(s), _, _) => s.clone(),
            (None, true, _) => "the whole environment".into(),
            (None, false, true) => "host and user information".into(),
            _ => "data".into(),
        }
    }
}

/// An object a value refers to, for method calls on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Handle {
    /// An imported module or a function from one (`subprocess`, `os.system`, `child_process`).
    Module(String),
    /// An open file.
    File {
        path: String,
        write: bool,
        append: bool,
        /// An archive whose extraction keeps every member inside the target directory:
        /// `zipfile` drops the `..` and absolute parts of member names and creates no links.
        confined: bool,
    },
    /// A path object (`pathlib.Path`).
    Path(String),
    /// A socket or connection, and the host it talks to.
    Conn { url: Option<String> },
    /// A remote-procedure proxy for a host (`xmlrpc.client.ServerProxy(url)`): every method
    /// called on it is a request to the host carrying its arguments.
    Rpc { url: Option<String> },
    /// An archive written in memory (`tarfile.open(fileobj=buf, mode="w")`,
    /// `zipfile.ZipFile(buf, "w")`): what is added to it is in it, and in the buffer
    /// variable it was opened over (`into`), whose bytes the script sends or writes later.
    Memory { into: Option<String> },
    /// An instance of one of the script's own classes (`Client(token)`): its methods return
    /// what their bodies return, not the data the instance holds.
    Instance(String),
    /// A function of the script without a name of its own (a Python `lambda` kept in a
    /// dictionary or a list, `{"dist": lambda: [ROOT / "dist"]}`): what a call of it returns.
    Lambda(Box<Val>),
    /// A named function of the script given as a value (`Warmer(POLICY, shell)` keeping
    /// `shell` in `self.run_shell`): calling the value calls the function with the arguments.
    /// Several names joined by [`FUNCS_SEP`]: one of those functions.
    Func(String),
    /// The whole text of a Python source file of the working tree the script did not change
    /// (see [`Sink::is_project_source`]), or that text compiled: running it runs the
    /// project's own code.
    ProjectCode(String),
}

/// The kind of thing `mktemp` brings up, for a teardown that removes it.
pub(crate) const MKTEMP_KIND: &str = "a path mktemp made";

/// Joins the names of a [`Handle::Func`] that is one of several functions.
pub(crate) const FUNCS_SEP: char = '|';

/// Whether `key` is a member of a package manifest that makes installing or loading the
/// package run code, or sends its dependencies elsewhere (or an install hook itself, as a key
/// of `scripts`): set by a script before a publish, it is a worm's way to spread.
pub(crate) fn manifest_code_key(key: &str) -> bool {
    const STRUCTURE: &[&str] = &[
        "scripts",
        "bin",
        "main",
        "module",
        "exports",
        "browser",
        "gypfile",
        "directories",
        "overrides",
        "resolutions",
    ];
    STRUCTURE.contains(&key) || terraphim_shell_vocab::manifest::INSTALL_HOOKS.contains(&key)
}

/// The members a release sets in a package manifest before it publishes (the version and the
/// package's descriptive fields): a rewrite that sets only these is a version bump.
pub(crate) const MANIFEST_RELEASE_KEYS: &[&str] = &[
    "version",
    "description",
    "keywords",
    "homepage",
    "license",
    "author",
    "contributors",
    "private",
];

/// What any of several calls returns (a value naming several functions, one called after
/// another): their results joined.
pub(crate) fn union_of(results: impl IntoIterator<Item = Val>) -> Val {
    results
        .into_iter()
        .reduce(|a, b| a.union(&b))
        .unwrap_or_default()
}

/// The directory part of a path as `dirname` gives it, read as the directory it names: of a
/// path ending in `..` or `.` (`resolve(__dirname, "..")` kept as `DIR/…/..`) it is the
/// parent of what the path names, not the text before the last `/`.
pub(crate) fn dirname_of(p: &str) -> String {
    let trimmed = p.trim_end_matches('/');
    match trimmed.rsplit_once('/') {
        Some((_, "..")) => format!("{trimmed}/.."),
        Some((d, ".")) => format!("{d}/.."),
        Some(("", _)) => "/".to_owned(),
        Some((d, _)) => d.to_owned(),
        // A name with no directory part is in `.`; a path not known at all has a directory
        // not known either (not the working tree).
        None if trimmed.contains(UNKNOWN) => UNKNOWN.to_string(),
        None => ".".to_owned(),
    }
}

/// The directory above `p` (`dirname`, `Path.parent`): of the working tree `cwd` itself it is
/// `CWD/..`, so the climb out of the project stays visible (a sibling project is not a
/// temporary file when the project lies in a temporary directory), and each further step
/// keeps climbing (`CWD/../..`).
pub(crate) fn parent_dir(cwd: &std::path::Path, p: &str) -> String {
    let t = p.trim_end_matches('/');
    let cwd = cwd.to_string_lossy();
    let cwd = cwd.trim_end_matches('/');
    if !t.is_empty() && t == cwd {
        return format!("{t}/..");
    }
    // The directory of the script (`CWD/…` of `dirname(__file__)`, kept at a depth the review
    // does not know) and every directory a chain of `dirname` climbs to from it: the project's
    // top, however deep the script is kept (`dirname(dirname(dirname(__file__)))` from
    // `tools/release/`), spelled `CWD/.` so that it is not the working tree named directly,
    // whose parent is above it. A `..` joined to it climbs out as from the top itself.
    let unknown = |n: &str| !n.is_empty() && n.chars().all(|c| c == UNKNOWN);
    if let Some(rest) = t.strip_prefix(cwd).and_then(|r| r.strip_prefix('/'))
        && (rest == "." || unknown(rest))
    {
        return format!("{cwd}/.");
    }
    dirname_of(p)
}

/// The elements of a list two values may be (a helper's `argv` parameter given `["-rf", dir]`
/// while `dir` was still blank, and again once a later round knew it): a list only one side
/// has is that list; two lists of one length whose first elements agree (the same program)
/// are one list whose element at each place may be either's, a blank element giving way to a
/// known one; a list beside a value that is nothing yet (a parameter no call had filled) is
/// that list. Lists of other programs are not blended (`None`: the first stays), so two argv
/// lists never make a command neither spells.
fn merge_lists(a: &Val, b: &Val) -> Option<Vec<Val>> {
    let (a, b) = match (a.items.as_deref(), b.items.as_deref()) {
        (None, Some(b)) if a.is_blank() => return Some(b.to_vec()),
        // An empty list has no element of its own (`if (!exists(dir)) return [];` beside the
        // listing a helper returns): a loop over either sees the other's elements.
        (Some([]), Some(b)) if !b.is_empty() => return Some(b.to_vec()),
        (Some(a), Some([])) if !a.is_empty() => return Some(a.to_vec()),
        (Some(x), Some(y)) if x != y && x.len() == y.len() => (x, y),
        _ => return None,
    };
    if let (Some(x), Some(y)) = (a.first(), b.first())
        && x != y
        && !x.is_blank()
        && !y.is_blank()
    {
        return None;
    }
    Some(
        a.iter()
            .zip(b)
            .map(|(x, y)| match (x.is_blank(), y.is_blank()) {
                _ if x == y => x.clone(),
                (true, false) => y.clone().with_taint(&x.taint),
                (false, true) => x.clone().with_taint(&y.taint),
                _ => x.union(y),
            })
            .collect(),
    )
}

/// The elements of either of two lists of places (a function returning `[cache, staging]`
/// in one branch and `[cache, staging, Path.home()]` in another, a `match`'s default case
/// adding a place): a loop over its result may see any of them, so none is dropped beside the
/// other list as [`Val::union`] does with argv lists of two programs. Only lists whose every
/// element is a path (a path object, an absolute or home path) are joined this way: an argv
/// list names its program first, and two commands are never blended into one.
pub(crate) fn union_place_lists(a: &Val, b: &Val) -> Option<Vec<Val>> {
    let place = |x: &Val| {
        matches!(x.handle, Some(Handle::Path(_)))
            || x.text
                .as_deref()
                .is_some_and(|t| t.starts_with('/') || t.starts_with('~'))
    };
    let (Some(x), Some(y)) = (a.items.as_deref(), b.items.as_deref()) else {
        return None;
    };
    if x == y || x.is_empty() || y.is_empty() || !x.iter().chain(y).all(place) {
        return None;
    }
    if merge_lists(a, b).is_some() {
        return None;
    }
    let mut all = x.to_vec();
    for e in y {
        if !all.contains(e) && all.len() < 16 {
            all.push(e.clone());
        }
    }
    Some(all)
}

/// Whether `a` and `b` are lists [`Val::union`] cannot blend (argv lists of two programs):
/// the union keeps the first, so the other is walked as an alternative of its own.
/// Only a list `b` naming a place or data the walk followed is kept apart: an element that
/// is an absolute or home path, holds a part known only at run time, several values, a path
/// object or data from a source. A list of literal words (`["publish", "--access",
/// "public"]`) names nothing the walk followed, and its call stays merged as before.
pub(crate) fn lists_apart(a: &Val, b: &Val) -> bool {
    let followed = |x: &Val| {
        x.taint != Taint::default()
            || !x.alts.is_empty()
            || matches!(x.handle, Some(Handle::Path(_)))
            || x.text
                .as_deref()
                .is_some_and(|t| t.contains(UNKNOWN) || t.starts_with('/') || t.starts_with('~'))
    };
    matches!((&a.items, &b.items), (Some(x), Some(y)) if x != y && y.iter().any(followed))
        && merge_lists(a, b).is_none()
}

/// Whether `b` is an argv list [`Val::union`] would drop beside the list `a` (another length or
/// another program: the union keeps the first), its program named: a second command, walked
/// apart from the first while there is room, so each call's command is judged
/// (`kind(["get", "clusters"])` and `kind(["delete", "cluster", "--name", c])`).
pub(crate) fn lists_unmerged(a: &Val, b: &Val) -> bool {
    matches!((&a.items, &b.items), (Some(x), Some(y))
        if x != y && !x.is_empty() && y.first().is_some_and(|w| w.known().is_some()))
        && merge_lists(a, b).is_none()
}

/// Whether `a` and `b` are argv lists of one length and one program, every word of both
/// known, that differ in two places or more: two commands of that program, not one list
/// whose blank words a later round filled in.
pub(crate) fn literal_lists_differ(a: &Val, b: &Val) -> bool {
    let known =
        |v: &Val| v.alts.is_empty() && v.text.as_deref().is_some_and(|t| !t.contains(UNKNOWN));
    match (a.items.as_deref(), b.items.as_deref()) {
        (Some(x), Some(y)) if x.len() == y.len() && x.first() == y.first() => {
            x.iter().chain(y).all(known) && x.iter().zip(y).filter(|(p, q)| p != q).count() >= 2
        }
        _ => false,
    }
}

/// An abstract value: a best-effort string, where its data came from, what it refers to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Val {
    /// The string value, with [`UNKNOWN`] for parts not known statically; `None` if not a string.
    pub(crate) text: Option<String>,
    pub(crate) taint: Taint,
    pub(crate) handle: Option<Handle>,
    /// The elements, for a list or tuple literal (used as an argv).
    pub(crate) items: Option<Vec<Val>>,
    /// Alternative string values when `text` is unknown because several flowed here.
    pub(crate) alts: Vec<String>,
    /// The members with literal names, for an object or dictionary literal (and what the
    /// script stored in it since): `cfg.dir`, `cfg["dir"]`, `this.root` are their values.
    pub(crate) fields: Vec<(String, Val)>,
}

/// The unknown value, for a missing argument.
pub(crate) static NO_VAL: Val = Val {
    text: None,
    taint: Taint {
        secret: None,
        env: false,
        host: false,
        decoded: false,
        remote: false,
        fetched: false,
        file: false,
        content: false,
        outside: false,
        arg: false,
        found: false,
        store: false,
        url_secret: 0,
        mixed: false,
        not_var: false,
        caller_default: false,
    },
    handle: None,
    items: None,
    alts: Vec::new(),
    fields: Vec::new(),
};

impl Val {
    pub(crate) fn lit(text: impl Into<String>) -> Val {
        Val {
            text: Some(text.into()),
            ..Val::default()
        }
    }

    pub(crate) fn unknown() -> Val {
        Val::default()
    }

    pub(crate) fn module(name: impl Into<String>) -> Val {
        Val {
            handle: Some(Handle::Module(name.into())),
            ..Val::default()
        }
    }

    pub(crate) fn with_taint(mut self, taint: &Taint) -> Val {
        self.taint.join(taint);
        self
    }

    /// The string value, unknown parts included as [`UNKNOWN`].
    pub(crate) fn text_or_unknown(&self) -> String {
        match (&self.text, &self.handle) {
            (Some(t), _) => t.clone(),
            (None, Some(Handle::Path(p))) => p.clone(),
            _ => UNKNOWN.to_string(),
        }
    }

    /// The string value if fully known.
    /// Every text the value may have (its text and its alternatives), joined with blanks.
    pub(crate) fn every_text(&self) -> String {
        let given: Vec<&str> = self
            .text
            .iter()
            .chain(&self.alts)
            .map(String::as_str)
            .collect();
        given.join(" ")
    }

    pub(crate) fn known(&self) -> Option<&str> {
        self.text.as_deref().filter(|t| !t.contains(UNKNOWN))
    }

    /// The known host of a socket address tuple `(host, port)`.
    pub(crate) fn address_host(&self) -> Option<String> {
        self.items
            .as_ref()
            .and_then(|i| i.first())
            .and_then(|h| h.known().map(str::to_owned))
    }

    /// Concatenate two values as strings (or as lists when both are lists).
    pub(crate) fn concat(&self, other: &Val) -> Val {
        // `["bash", "-c", code] + argv` with `argv` not known: the known elements first, then
        // what the review cannot know (as an element nobody knows).
        let unknown_tail =
            other.items.is_none() && other.known().is_none() && other.handle.is_none();
        let tail = [other.clone()];
        let right = match (&other.items, unknown_tail) {
            (Some(b), _) => Some(b.as_slice()),
            (None, true) => Some(&tail[..]),
            (None, false) => None,
        };
        if let (Some(a), Some(b)) = (&self.items, right) {
            let mut v = Val {
                items: Some(a.iter().chain(b).cloned().collect()),
                ..Val::default()
            };
            v.taint = self.taint.clone();
            v.taint.join(&other.taint);
            return v;
        }
        let (a, b) = (self.text_part(), other.text_part());
        let mut text = String::with_capacity(a.len() + b.len());
        text.push_str(a);
        if b.starts_with(UNKNOWN) && other.text.is_none() && !other.alts.is_empty() {
            // Several values flowed here (a parameter given `/pulls` and `/reviews`): what
            // they all start with is known (`API + path` keeps its host).
            let first = &other.alts[0];
            let mut common = first.len();
            for alt in &other.alts[1..] {
                common = common.min(
                    first
                        .char_indices()
                        .zip(alt.chars())
                        .find(|((_, x), y)| x != y)
                        .map_or(first.len().min(alt.len()), |((i, _), _)| i),
                );
            }
            let mut cut = common;
            while !first.is_char_boundary(cut) {
                cut -= 1;
            }
            text.push_str(&first[..cut]);
        }
        text.push_str(b);
        let mut v = Val::lit(text);
        v.taint = self.taint.clone();
        v.taint.join(&other.taint);
        // Each alternative of one side joined to the other side's text (`"$d"/*` for each
        // value of a loop over literal words), as the paths the value may name.
        fn side(x: &Val) -> Option<Vec<&str>> {
            match (&x.text, x.alts.is_empty()) {
                (_, false) => Some(x.alts.iter().map(String::as_str).collect()),
                (Some(t), true) => Some(vec![t.as_str()]),
                (None, true) => match &x.handle {
                    Some(Handle::Path(p)) => Some(vec![p.as_str()]),
                    // A text nobody knows (a file's content read) beside alternatives: each
                    // alternative joined to it (a banner a helper returned over its rounds,
                    // prepended to the file).
                    None if x.items.is_none() && x.fields.is_empty() => Some(vec![UNKNOWN_TEXT]),
                    _ => None,
                },
            }
        }
        if (!self.alts.is_empty() || !other.alts.is_empty())
            && let (Some(l), Some(r)) = (side(self), side(other))
        {
            v.alts = cap_product(&l, &r, 8, |out, a, b| {
                out.push_str(a);
                out.push_str(b);
            });
        }
        v
    }

    /// [`Val::text_or_unknown`] without the copy.
    fn text_part(&self) -> &str {
        debug_assert_eq!(UNKNOWN_TEXT.chars().next(), Some(UNKNOWN));
        match (&self.text, &self.handle) {
            (Some(t), _) => t,
            (None, Some(Handle::Path(p))) => p,
            _ => UNKNOWN_TEXT,
        }
    }

    /// A name the walk knew nothing of, in the branch of a test that it starts with one of
    /// `prefixes` (`if name.startswith(".env"):`, `if (n.startsWith('.env'))`): each prefix
    /// and a rest nobody knows, with the name's taint. `None` for a name the walk knows (it
    /// keeps its value) and for a directory's prefix (`p.startswith(tempfile.gettempdir())`),
    /// a containment check judged as one where the delete it guards is.
    pub(crate) fn shaped_by_prefixes(&self, prefixes: &[String]) -> Option<Val> {
        if self.known().is_some() || !self.alts.is_empty() || self.handle.is_some() {
            return None;
        }
        if prefixes.is_empty()
            || prefixes
                .iter()
                .any(|p| p.is_empty() || p.contains(['/', '\\']))
        {
            return None;
        }
        let shaped: Vec<Val> = prefixes
            .iter()
            .map(|p| Val::lit(format!("{p}{UNKNOWN}")).with_taint(&self.taint))
            .collect();
        Some(Val::any_of(&shaped))
    }

    /// Join as alternatives (data flow union); text is kept only if equal.
    pub(crate) fn union(&self, other: &Val) -> Val {
        let mut v = self.clone();
        if v.text.is_none() && other.text.is_none() && v.alts != other.alts {
            // Both sides are alternatives already (a loop over objects whose members each
            // hold several paths): all of them.
            v.alts.extend(other.alts.iter().cloned());
            cap_alternatives(&mut v.alts, 16);
        } else if v.text != other.text {
            v.text = match (&v.text, &other.text) {
                (None, t) if self.alts.is_empty() => t.clone(),
                (t, None) if other.alts.is_empty() => t.clone(),
                _ => {
                    // A side's text that only sums up its alternatives (`"# x\n" + header()`
                    // over two headers: what they share, then a part nobody knows) adds
                    // nothing beside them.
                    fn summary(x: &Val) -> impl Iterator<Item = &String> {
                        x.text.iter().filter(|t| {
                            !(t.contains(UNKNOWN)
                                && !x.alts.is_empty()
                                && x.alts.len() <= 8
                                && x.alts.iter().all(|a| !a.contains(UNKNOWN)))
                        })
                    }
                    let mut alts: Vec<String> = summary(self)
                        .chain(&self.alts)
                        .chain(summary(other))
                        .chain(&other.alts)
                        .cloned()
                        .collect();
                    cap_alternatives(&mut alts, 16);
                    v.alts = alts;
                    None
                }
            };
        }
        // A path object joined with a string (`remove(p)` given a `Path` by one call and a
        // string nobody knows by another): the object stays, and each is an alternative, so
        // the string is not lost behind the object's path.
        let text_of = |x: &Val| -> Vec<String> {
            match (&x.text, x.alts.is_empty()) {
                (Some(t), true) => vec![t.clone()],
                (_, false) => x.alts.clone(),
                (None, true) => Vec::new(),
            }
        };
        match (&self.handle, &other.handle) {
            (Some(Handle::Path(a)), h) | (h, Some(Handle::Path(a)))
                if !matches!(h, Some(Handle::Path(_))) =>
            {
                let (path_side, text_side) = match &self.handle {
                    Some(Handle::Path(_)) => (self, other),
                    _ => (other, self),
                };
                let texts = text_of(text_side);
                if !texts.is_empty() && texts.iter().any(|t| t != a) {
                    let mut alts = match path_side.alts.is_empty() {
                        true => vec![a.clone()],
                        false => path_side.alts.clone(),
                    };
                    alts.extend(texts);
                    cap_alternatives(&mut alts, 16);
                    v.handle = Some(Handle::Path(a.clone()));
                    v.text = None;
                    v.alts = alts;
                }
            }
            _ => {}
        }
        match (&v.handle, &other.handle) {
            (None, _) => v.handle.clone_from(&other.handle),
            // One of two functions (members of a dictionary picked by a key known only at run
            // time): a call returns what either returns.
            (Some(Handle::Lambda(a)), Some(Handle::Lambda(b))) if a != b => {
                let mut r = a.union(b);
                // Lists (`{"dist": lambda: [ROOT / "dist"], "near": lambda: [...]}`): a loop
                // over the result sees the elements of either; a result not known at all
                // (`lambda: list(ROOT.glob("*.egg-info"))`) is one element nobody knows.
                let elements = |x: &Val| match &x.items {
                    Some(items) => items.clone(),
                    None if x.is_blank() => vec![Val::unknown().with_taint(&x.taint)],
                    None => vec![x.clone()],
                };
                if a.items.is_some() || b.items.is_some() {
                    let mut all = elements(a);
                    for e in elements(b) {
                        if !all.contains(&e) && all.len() < 16 {
                            all.push(e);
                        }
                    }
                    r.items = Some(all);
                }
                v.handle = Some(Handle::Lambda(Box::new(r)));
            }
            // One of several functions of the script (a registry's handlers, a parameter
            // each call gives another callback): a call calls each.
            (Some(Handle::Func(a)), Some(Handle::Func(b))) if a != b => {
                let mut names: Vec<&str> = a.split(FUNCS_SEP).collect();
                for n in b.split(FUNCS_SEP) {
                    if !names.contains(&n) && names.len() < 8 {
                        names.push(n);
                    }
                }
                v.handle = Some(Handle::Func(names.join(&FUNCS_SEP.to_string())));
            }
            // Two path objects (a helper given `ROOT / "dist"` by one call and `~/.cache/x`
            // by another): the first stays the object, every one is an alternative path.
            (Some(Handle::Path(a)), Some(Handle::Path(b))) if a != b => {
                let mut alts = if self.alts.is_empty() {
                    vec![a.clone()]
                } else {
                    self.alts.clone()
                };
                if other.alts.is_empty() {
                    alts.push(b.clone());
                } else {
                    alts.extend(other.alts.iter().cloned());
                }
                cap_alternatives(&mut alts, 16);
                v.alts = alts;
            }
            _ => {}
        }
        if let Some(items) = merge_lists(self, other) {
            v.items = Some(items);
        }
        v.taint.join(&other.taint);
        if !other.fields.is_empty() {
            // Each member may hold what either side held (a loop variable over objects).
            for (k, x) in &other.fields {
                match v.fields.iter_mut().find(|(n, _)| n == k) {
                    Some((_, old)) if old != x => *old = union_segments(old, x),
                    Some(_) => {}
                    None => v.fields.push((k.clone(), x.clone())),
                }
            }
        }
        v
    }

    /// The member `name` of an object value, if the script named it.
    pub(crate) fn field(&self, name: &str) -> Option<&Val> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    /// The member at the path `path` (`a.b.c` is `["b", "c"]` of `a`).
    pub(crate) fn field_at(&self, path: &[&str]) -> Option<&Val> {
        let (first, rest) = path.split_first()?;
        let v = self.field(first)?;
        match rest.is_empty() {
            true => Some(v),
            false => v.field_at(rest),
        }
    }

    /// Store `val` at the member path `path` (`a.b.c = v` is `["b", "c"]` of `a`), making
    /// the objects on the way; the object's data joins it.
    pub(crate) fn set_field(&mut self, path: &[&str], val: Val) {
        let Some((first, rest)) = path.split_first() else {
            return;
        };
        self.taint.join(&val.taint);
        let slot = match self.fields.iter().position(|(n, _)| n == first) {
            Some(i) => &mut self.fields[i].1,
            None => {
                self.fields.push(((*first).to_owned(), Val::unknown()));
                let last = self.fields.len() - 1;
                &mut self.fields[last].1
            }
        };
        if rest.is_empty() {
            *slot = val;
        } else {
            slot.set_field(rest, val);
        }
    }

    /// Every path this value may name (one unknown path if none is known).
    pub(crate) fn path_alternatives(&self) -> Vec<String> {
        match self.path_text() {
            // A text with unknown parts that also knows its alternatives (a concatenation).
            Some(p) if p.contains(UNKNOWN) && !self.alts.is_empty() => self.alts.clone(),
            // A path object that several paths flowed into (see [`Val::union`]).
            Some(p)
                if matches!(&self.handle, Some(Handle::Path(h)) if *h == p)
                    && self.alts.contains(&p) =>
            {
                self.alts.clone()
            }
            Some(p) => vec![p],
            None if !self.alts.is_empty() => self.alts.clone(),
            None => vec![UNKNOWN.to_string()],
        }
    }

    /// Whether every mark of this object's taint is one of its members' (the object is the
    /// members the walk knows, nothing in it beside them from data it does not know).
    pub(crate) fn taint_in_members(&self) -> bool {
        let mut members = Taint::default();
        for (_, v) in &self.fields {
            members.join(&v.taint);
        }
        !self.fields.is_empty() && self.taint.marks_within(&members)
    }

    /// A member `f` of this object as a destructuring takes it (`const { client, db } =
    /// connect()`): what it holds when the object is only its members
    /// ([`Val::taint_in_members`]), not what its siblings hold; otherwise with the object's
    /// taint.
    pub(crate) fn member_of_closed(&self, f: &Val) -> Val {
        match self.taint_in_members() {
            true => f.clone(),
            false => f.clone().with_taint(&self.taint),
        }
    }

    /// The URL this value names: its text, or, when several URLs flowed here (a loop over
    /// `[{url: ...}, {url: ...}]`), the first of them if every one has the same host (the
    /// request goes to that host whichever it is).
    pub(crate) fn url_text(&self) -> Option<String> {
        if self.alts.is_empty() || self.text_stands() {
            return self.text.clone();
        }
        let alts = self.url_alternatives();
        // One host for all, or every one on this machine (a helper called with
        // `http://localhost:4000/health` and `http://127.0.0.1:3000/`) or on the network's
        // own (a table of targets `localhost` and `orthanc.dev.internal`, which
        // `places::classify_host` judges alike): any of them stands for all.
        let loopback = |u: &str| {
            u.contains("://")
                && terraphim_shell_vocab::hosts::host_of(u).is_some_and(|h| {
                    terraphim_shell_vocab::hosts::is_loopback_host(&h)
                        || terraphim_shell_vocab::hosts::is_private_zone_name(&h)
                        || terraphim_shell_vocab::hosts::is_single_label_name(&h)
                        || h.parse::<std::net::Ipv4Addr>()
                            .is_ok_and(|ip| ip.is_private())
                })
        };
        let same = url_authority(alts[0]).is_some_and(|first| {
            alts[1..]
                .iter()
                .all(|a| url_authority(a).as_deref() == Some(first.as_str()))
        });
        (same || alts.iter().all(|a| loopback(a))).then(|| alts[0].clone())
    }

    /// Whether this value's text is the address a request to it goes to, not a summary of its
    /// alternatives ([`Val::sums_up_urls`]) nor the empty one of them the walk took last (a
    /// sharing switched off, `endpoint=""`, beside the URL it is otherwise).
    fn text_stands(&self) -> bool {
        self.text.as_deref().is_some_and(|t| {
            let switched_off =
                t.trim().is_empty() && self.alts.iter().any(|a| !a.trim().is_empty());
            !(self.sums_up_urls(t) || switched_off)
        })
    }

    /// Whether `text`, this value's text, only sums up its alternatives, each a whole URL
    /// (`${base()}/v1` with `base()` one of two addresses: `…/v1` beside
    /// `http://127.0.0.1:8500/v1` and `http://localhost:8500/v1`): the request goes to one of
    /// those.
    fn sums_up_urls(&self, text: &str) -> bool {
        text.contains(UNKNOWN)
            && url_authority(text).is_none()
            && self
                .url_alternatives()
                .iter()
                .all(|a| url_authority(a).is_some())
    }

    /// The alternatives a request may go to: those that are not a scheme put before a URL
    /// that already has one (`http://https://h`, the branch of `/^https?:/.test(a) ? a :
    /// `http://${a}`` the script's own test ruled out; no request reaches a host named
    /// `https:`), nor empty (a sharing switched off, `endpoint=""`: a request to no address
    /// fails before it reaches any host), nor a local path (the `where` of a copy target
    /// that is a directory, beside one that is a URL: `fetch`, `requests` and `curl` refuse
    /// an address with no host). All of them when every one is such.
    fn url_alternatives(&self) -> Vec<&String> {
        let local_path = |a: &str| {
            (a.starts_with('/') && !a.starts_with("//"))
                || ["~/", "./", "../"].iter().any(|p| a.starts_with(p))
        };
        let kept: Vec<&String> = self
            .alts
            .iter()
            .filter(|a| !doubled_scheme(a) && !a.trim().is_empty() && !local_path(a))
            .collect();
        match kept.is_empty() {
            true => self.alts.iter().collect(),
            false => kept,
        }
    }

    /// The URLs a request to this value goes to: [`Val::url_text`], or, for alternatives of
    /// several hosts that each name their host (a helper called with `API + "/releases"` and
    /// `UPLOADS + "/assets"`), one of each host, so each is judged as its own request.
    pub(crate) fn url_texts(&self) -> Vec<Option<String>> {
        let one = self.url_text();
        if one.is_some() || self.text_stands() || self.alts.len() < 2 {
            return vec![one];
        }
        let mut hosts: Vec<String> = Vec::new();
        let mut out = Vec::new();
        for a in self.url_alternatives() {
            let Some(h) = url_authority(a) else {
                return vec![None];
            };
            if !hosts.contains(&h) {
                hosts.push(h);
                out.push(Some(a.clone()));
            }
        }
        out
    }

    /// The path this value names (a string or a path object).
    pub(crate) fn path_text(&self) -> Option<String> {
        match (&self.handle, &self.text) {
            (Some(Handle::Path(p)), _) => Some(p.clone()),
            (Some(Handle::File { path, .. }), _) => Some(path.clone()),
            (_, Some(t)) => Some(t.clone()),
            _ => None,
        }
    }
}

impl Val {
    /// A list or tuple literal: its elements, and their data joined.
    pub(crate) fn list(items: Vec<Val>) -> Val {
        let mut v = Val::unknown();
        for i in &items {
            v.taint.join(&i.taint);
        }
        v.items = Some(items);
        v
    }

    /// What a loop variable over `items` may hold, with tuples of one length (`d.items()`,
    /// `zip(a, b)`) joined position by position: `for name, path in d.items()` gives `path`
    /// every value, where [`Val::any_of`] keeps the first tuple of two that differ.
    pub(crate) fn element_of(items: &[Val]) -> Val {
        let width = items.first().and_then(|i| i.items.as_ref()).map(Vec::len);
        let Some(width) = width.filter(|w| *w >= 2 && items.len() > 1) else {
            return Val::any_of(items);
        };
        let rows: Vec<&Vec<Val>> = items.iter().filter_map(|i| i.items.as_ref()).collect();
        if rows.len() != items.len() || rows.iter().any(|r| r.len() != width) {
            return Val::any_of(items);
        }
        let columns = (0..width)
            .map(|k| Val::any_of(&rows.iter().map(|r| r[k].clone()).collect::<Vec<_>>()))
            .collect();
        let mut v = Val::list(columns);
        for i in items {
            v.taint.join(&i.taint);
        }
        v
    }

    /// What a loop variable over `items` may hold: any of them (unknown when there are none).
    pub(crate) fn any_of(items: &[Val]) -> Val {
        items.iter().fold(Val::unknown(), |acc, v| {
            if acc == Val::unknown() {
                v.clone()
            } else {
                acc.union(v)
            }
        })
    }

    /// A value that is `self` or one the review cannot know (`opts.dir ?? DEFAULT`, a
    /// destructuring default, `kw.get("root", DEFAULT)`): each of `self`'s strings or paths as
    /// an alternative besides an unknown one, so a sink judges every alternative and the
    /// unknown one stays unknown (suspicious, never clean). A value with no string or path is
    /// returned as it is.
    pub(crate) fn or_unknown(&self) -> Val {
        let mut alts: Vec<String> = self.text.iter().chain(&self.alts).cloned().collect();
        if let Some(Handle::Path(p)) = &self.handle
            && self.text.is_none()
            && self.alts.is_empty()
        {
            alts.push(p.clone());
        }
        if alts.is_empty() {
            return self.clone();
        }
        alts.push(UNKNOWN.to_string());
        cap_alternatives(&mut alts, 16);
        Val {
            text: None,
            alts,
            taint: self.taint.clone(),
            fields: self.fields.clone(),
            items: self.items.clone(),
            handle: None,
        }
    }

    /// A command-line option's value (argparse, click, `util.parseArgs`, commander, yargs): its
    /// default, or what the command line gives instead ([`Val::or_unknown`]); without a
    /// default, a value nobody knows (with the data a default of no known text carries:
    /// `default=os.environ.get("TOKEN")`).
    pub(crate) fn option_value(default: Option<&Val>) -> Val {
        match default {
            Some(d) if !d.is_blank() => d.or_unknown(),
            Some(d) => Val::unknown().with_taint(&d.taint),
            None => Val::unknown(),
        }
    }

    /// The value past a check that leaves unless it is a path under one of `dirs`: its
    /// known alternatives under them; an alternative known only at its end (`…/node_modules`
    /// of a `find -name`) keeps that end under each directory; any other is somewhere under
    /// each. The data it carries stays.
    pub(crate) fn confined_under(&self, dirs: &[String]) -> Val {
        let under = |p: &str| {
            dirs.iter().any(|d| {
                let d = d.trim_end_matches('/');
                p.strip_prefix(d).is_some_and(|r| r.starts_with('/'))
            })
        };
        let alts = self.path_alternatives();
        if alts.iter().all(|p| !p.contains(UNKNOWN) && under(p)) {
            return self.clone();
        }
        let mut items: Vec<Val> = Vec::new();
        let mut anywhere = false;
        for p in &alts {
            if p.split('/').any(|c| c == "..") {
                anywhere = true;
            } else if under(p) {
                items.push(Val::lit(p.as_str()));
            } else if let Some((_, tail)) = p.rsplit_once(UNKNOWN)
                && tail.starts_with('/')
                && tail.len() > 1
                && !p.starts_with('/')
                && !p.starts_with('~')
            {
                // Known only at its end: that end, somewhere under each directory.
                items.extend(
                    dirs.iter()
                        .map(|d| Val::lit(format!("{}/{UNKNOWN}{tail}", d.trim_end_matches('/')))),
                );
            } else if !p.contains(UNKNOWN) {
                // A known path elsewhere: the check leaves for it.
            } else {
                anywhere = true;
            }
        }
        if anywhere || items.is_empty() {
            items.extend(
                dirs.iter()
                    .map(|d| Val::lit(format!("{}/{UNKNOWN}", d.trim_end_matches('/')))),
            );
        }
        Val::any_of(&items).with_taint(&self.taint)
    }

    /// Whether nothing at all is known of this value (no string, path, members, elements,
    /// alternatives or handle); its data may still be known.
    pub(crate) fn is_blank(&self) -> bool {
        self.text.is_none()
            && self.alts.is_empty()
            && self.fields.is_empty()
            && self.items.is_none()
            && self.handle.is_none()
    }

    /// The union of a non-empty list of values.
    pub(crate) fn union_all(items: &[Val]) -> Option<Val> {
        let (first, rest) = items.split_first()?;
        Some(rest.iter().fold(first.clone(), |acc, v| acc.union(v)))
    }

    /// A value parsed from JSON text the script itself wrote (`json.loads('{"host": ...}')`,
    /// `JSON.parse('...')`): an object keeps its members, an array its elements, a string or
    /// number its text; so a configuration kept as a JSON literal is read as a dictionary
    /// literal would be.
    pub(crate) fn from_json(j: &serde_json::Value) -> Val {
        match j {
            serde_json::Value::String(t) => Val::lit(t.clone()),
            serde_json::Value::Number(n) => Val::lit(n.to_string()),
            serde_json::Value::Array(items) => {
                Val::list(items.iter().map(Val::from_json).collect())
            }
            serde_json::Value::Object(members) => {
                let mut v = Val::unknown();
                for (k, x) in members {
                    v.set_field(&[k.as_str()], Val::from_json(x));
                }
                v
            }
            serde_json::Value::Bool(_) | serde_json::Value::Null => Val::unknown(),
        }
    }

    /// `json.loads(text)` / `JSON.parse(text)`: the parsed value when the text is known and
    /// is JSON, otherwise an unknown value with the text's data.
    pub(crate) fn parsed_json(text: &Val, all: &Taint) -> Val {
        let parsed = text
            .known()
            .filter(|t| t.len() <= 65_536)
            .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok());
        // The parsed document is what the file says, no longer the file's text.
        let mut all = all.clone();
        all.derived();
        match parsed {
            Some(j) => Val::from_json(&j).with_taint(&all),
            None => Val::unknown().with_taint(&all),
        }
    }

    /// Data received from the network.
    pub(crate) fn remote() -> Val {
        Val::unknown().with_taint(&Taint {
            remote: true,
            ..Taint::default()
        })
    }

    /// Data decoded or assembled at run time from data carrying `taint`.
    pub(crate) fn decoded(taint: &Taint) -> Val {
        let mut v = Val::unknown().with_taint(taint);
        v.taint.decoded = true;
        v
    }

    /// Code or a command as it reaches an exec sink: kept when its text is known or it is
    /// decoded or downloaded data, otherwise an unknown string (so the sink says "unknown").
    pub(crate) fn code_or_unknown(self) -> Val {
        if self.text.is_some() || !self.alts.is_empty() || self.taint.decoded || self.taint.remote {
            self
        } else {
            // The alternatives stay: each one is code the sink may run.
            let mut v = Val::lit(UNKNOWN.to_string()).with_taint(&self.taint);
            v.alts = self.alts;
            v
        }
    }

    /// A value spliced into an f-string or a template literal: a path or a string as it is,
    /// anything else an unknown part.
    pub(crate) fn interpolated(self) -> Val {
        if self.text.is_none() && !matches!(self.handle, Some(Handle::Path(_))) {
            // Several values flowed here (a parameter given `/pulls` and `/issues/1`): what
            // they all start with is known, so `${API}${path}` keeps its host.
            let prefix = match self.alts.split_first() {
                Some((first, rest)) => {
                    let mut cut = rest.iter().fold(first.len(), |n, alt| {
                        n.min(
                            first
                                .char_indices()
                                .zip(alt.chars())
                                .find(|((_, x), y)| x != y)
                                .map_or(first.len().min(alt.len()), |((i, _), _)| i),
                        )
                    });
                    while !first.is_char_boundary(cut) {
                        cut -= 1;
                    }
                    first[..cut].to_owned()
                }
                None => String::new(),
            };
            Val::lit(format!("{prefix}{UNKNOWN}")).with_taint(&self.taint)
        } else {
            self
        }
    }
}

/// The authority of a URL (`host:port`, lowercased) when the text spells it, else `None`. A
/// port the text does not know (`http://127.0.0.1:${port}` given a number nobody knows) leaves
/// the host known: after the host's `:` only a port follows, so the authority is the host
/// alone; anything else nobody knows in it (`https://${sub}.example.net`) leaves it unknown.
/// The programs (base names without a Windows suffix: `gradlew.bat` is `gradlew`) a command
/// given as an argument list may run: each name its first word may be, or, for a package
/// runner (`npx web-ext sign`, `pnpm exec tsc`), the program it runs. `None` when a name is
/// not known or is a source file run as a program (`./upload.sh`, `tools/push.py`: code whose
/// effects the review does not see).
pub(crate) fn child_programs(argv: &[Val]) -> Option<Vec<String>> {
    let first = argv.first()?;
    // A name known only in part beside the names it may be (`root / ("gradlew.bat" if nt
    // else "gradlew")`): those names.
    let names: Vec<&String> = match first.alts.is_empty() {
        true => first.text.iter().collect(),
        false => first
            .text
            .iter()
            .filter(|t| !t.contains(UNKNOWN))
            .chain(&first.alts)
            .collect(),
    };
    if names.is_empty() {
        return None;
    }
    let base = |w: &str| -> Option<String> {
        let b = w.rsplit(['/', '\\']).next()?;
        let b = match b.rsplit_once('.') {
            Some((stem, ext))
                if ["bat", "cmd", "exe"].contains(&ext.to_ascii_lowercase().as_str()) =>
            {
                stem
            }
            Some((_, ext))
                if terraphim_shell_vocab::RUNNABLE_SOURCE_EXTENSIONS
                    .contains(&ext.to_ascii_lowercase().as_str()) =>
            {
                return None;
            }
            _ => b,
        };
        (!b.is_empty() && !b.contains(UNKNOWN)).then(|| b.to_owned())
    };
    let rest: Vec<&str> = argv[1..]
        .iter()
        .map_while(|a| a.text.as_deref().filter(|t| !t.contains(UNKNOWN)))
        .collect();
    names
        .iter()
        .map(|n| {
            let b = base(n)?;
            match terraphim_shell_vocab::runner_words(&b, &rest) {
                Some((_, k)) => rest.get(k).and_then(|p| base(p)),
                None => Some(b),
            }
        })
        .collect()
}

/// Whether `url` is a scheme put before a URL that already has one (`http://https://h`,
/// `http://redis://h`): its authority would be the inner scheme's name.
pub(crate) fn doubled_scheme(url: &str) -> bool {
    url.split_once("://").is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme.chars().all(|c| c.is_ascii_alphabetic())
            && rest.split_once("://").is_some_and(|(inner, _)| {
                inner.starts_with(|c: char| c.is_ascii_alphabetic())
                    && inner
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            })
    })
}

/// The part `part` (`origin`, `host`, `hostname`, `protocol`, `href`) of the URL `url`, as
/// the WHATWG `URL` object gives it, when the URL's scheme and authority are known (and it is
/// no scheme put before another URL, see [`doubled_scheme`]).
pub(crate) fn url_part(url: &str, part: &str) -> Option<String> {
    if doubled_scheme(url) {
        return None;
    }
    let (scheme, rest) = url.split_once("://")?;
    if scheme.is_empty()
        || !scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next()?;
    // The user info is no part of any of these (`origin` never holds a password).
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    if host.is_empty() || host.contains(UNKNOWN) {
        return None;
    }
    let hostname = match host.rsplit_once(':') {
        Some((h, port)) if !h.is_empty() && port.chars().all(|c| c.is_ascii_digit()) => h,
        _ => host,
    };
    let scheme = scheme.to_ascii_lowercase();
    Some(match part {
        "origin" => format!("{scheme}://{}", host.to_ascii_lowercase()),
        "host" => host.to_ascii_lowercase(),
        "hostname" => hostname.to_ascii_lowercase(),
        "protocol" => format!("{scheme}:"),
        "href" => url.to_owned(),
        _ => return None,
    })
}

pub(crate) fn url_authority(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = match authority.rsplit_once(':') {
        Some((host, port))
            if port.contains(UNKNOWN)
                && port.chars().all(|c| c.is_ascii_digit() || c == UNKNOWN) =>
        {
            host
        }
        _ => authority,
    };
    (!authority.is_empty() && !authority.contains(UNKNOWN) && !authority.ends_with(':'))
        .then(|| authority.to_ascii_lowercase())
}

/// The paths a join of parts with several values each may give: every combination of
/// `parts` (each the values one part may have) after each `start`, joined, sorted and without
/// repeats. Past 16 combinations a part is unknown rather than multiplied further.
pub(crate) fn join_each(
    starts: Vec<Vec<String>>,
    parts: impl IntoIterator<Item = Vec<String>>,
) -> Vec<String> {
    let mut joins = starts;
    for options in parts {
        if joins.len() * options.len() > 16 {
            joins.iter_mut().for_each(|j| j.push(UNKNOWN.to_string()));
            continue;
        }
        joins = joins
            .iter()
            .flat_map(|j| {
                options.iter().map(move |o| {
                    let mut j = j.clone();
                    j.push(o.clone());
                    j
                })
            })
            .collect();
    }
    let mut paths: Vec<String> = joins.iter().map(|j| join_paths(j)).collect();
    paths.sort();
    paths.dedup();
    paths
}

/// Join path parts the way `os.path.join` / `path.join` do.
pub(crate) fn join_paths(parts: &[String]) -> String {
    let mut out = String::new();
    for part in parts {
        if part.starts_with('/') || part.starts_with('~') || out.is_empty() {
            out = part.clone();
        } else if out.ends_with('/') {
            out.push_str(part);
        } else {
            out.push('/');
            out.push_str(part);
        }
    }
    out
}

/// Sorts and dedups the alternatives a value may hold and keeps at most `max` of them. Past
/// `max`, each alternative is first widened to its text up to its first unknown part (a
/// recursive walker's `dir/?/?/?` is `dir/?`, what it stands for): cutting the sorted list
/// alone dropped the alternatives that sort last, which are the home's (`~/...`), so a
/// walker over a project directory and a home directory read as the project's alone.
pub(crate) fn cap_alternatives(alts: &mut Vec<String>, max: usize) {
    alts.sort();
    alts.dedup();
    if alts.len() <= max {
        return;
    }
    for a in alts.iter_mut() {
        if let Some(i) = a.find(UNKNOWN) {
            a.truncate(i + UNKNOWN.len_utf8());
        }
    }
    alts.sort();
    alts.dedup();
    alts.truncate(max);
}

/// The text of an alternative nobody knows ([`UNKNOWN`] alone).
const UNKNOWN_TEXT: &str = "\u{1}";

/// [`cap_alternatives`] of the texts `join` makes of every pair of `left` and `right` (each
/// directory of several joined to each name of several), without building the whole product
/// first: up to 16 x 16 texts were made, sorted and all but `max` dropped. Each pair's text is
/// made in one buffer, and only the texts the cut keeps are copied out: the distinct texts while
/// there are at most `max`, else the `max` smallest of them widened to their first unknown part.
pub(crate) fn cap_product<L: AsRef<str>, R: AsRef<str>>(
    left: &[L],
    right: &[R],
    max: usize,
    join: impl Fn(&mut String, &str, &str),
) -> Vec<String> {
    let mut buf = String::new();
    // Sorted and distinct; one past `max` means the cut widens.
    let mut kept: Vec<String> = Vec::with_capacity(max + 1);
    'pairs: for a in left {
        for b in right {
            buf.clear();
            join(&mut buf, a.as_ref(), b.as_ref());
            if let Err(i) = kept.binary_search(&buf) {
                kept.insert(i, buf.clone());
                if kept.len() > max {
                    break 'pairs;
                }
            }
        }
    }
    if kept.len() <= max {
        return kept;
    }
    kept.clear();
    for a in left {
        for b in right {
            buf.clear();
            join(&mut buf, a.as_ref(), b.as_ref());
            if let Some(i) = buf.find(UNKNOWN) {
                buf.truncate(i + UNKNOWN.len_utf8());
            }
            if kept.len() == max && kept.last().is_some_and(|last| buf >= *last) {
                continue;
            }
            if let Err(i) = kept.binary_search(&buf) {
                kept.insert(i, buf.clone());
                kept.truncate(max);
            }
        }
    }
    kept
}

/// `base` joined to `part` as [`join_paths`] joins them, into `out` (empty).
pub(crate) fn join_path_into(out: &mut String, base: &str, part: &str) {
    if part.starts_with('/') || part.starts_with('~') || base.is_empty() {
        out.push_str(part);
        return;
    }
    out.push_str(base);
    if !base.ends_with('/') {
        out.push('/');
    }
    out.push_str(part);
}

/// The union of two members of objects a value may be (a loop variable over a list of
/// objects, a parameter given several): two lists of literal strings differing in their
/// elements (`segments: ['.vscode', 'settings.json']` and `['.ssh', 'config']`) are one list
/// whose element at each place is any of theirs there, or none (so the paths joined from it
/// are every path either list names); any other pair is their union.
pub(crate) fn union_segments(a: &Val, b: &Val) -> Val {
    let known = |e: &Val| {
        e.known().is_some()
            || (e.text.is_none()
                && !e.alts.is_empty()
                && e.alts.iter().all(|t| !t.contains(UNKNOWN)))
    };
    let literal = |l: &[Val]| l.len() <= 8 && l.iter().all(known);
    match (&a.items, &b.items) {
        (Some(x), Some(y)) if x != y && literal(x) && literal(y) => {
            let at = |l: &[Val], i: usize| l.get(i).cloned().unwrap_or_else(|| Val::lit(""));
            let items = (0..x.len().max(y.len()))
                .map(|i| at(x, i).union(&at(y, i)))
                .collect();
            let mut v = Val::list(items);
            v.taint = a.taint.clone();
            v.taint.join(&b.taint);
            v
        }
        _ => a.union(b),
    }
}

/// Collects findings for one script (and the code nested in it).
pub(crate) struct Sink<'a> {
    pub(crate) ctx: &'a Context,
    pub(crate) config: &'a Config,
    lines: std::rc::Rc<[&'a str]>,
    pub(crate) findings: Vec<Finding>,
    /// When set, findings are reported at this line (code nested in a string).
    pub(crate) fixed_line: Option<u32>,
    /// Findings are recorded only in the final pass.
    pub(crate) recording: bool,
    pub(crate) depth: u32,
    /// Files written with downloaded content.
    pub(crate) remote_files: Set<String>,
    /// Directories outside the working tree filled from the network (`git clone URL ~/.tool`):
    /// a program run from one is code fetched at run time, as a fetched installer is.
    pub(crate) remote_dirs: Set<String>,
    /// Directories a downloaded archive was unpacked into (resolved paths): a file run from
    /// one (`sh DEST/install.sh`) may be what the archive held.
    pub(crate) unpacked_dirs: Set<String>,
    /// Files written with content decoded at run time (resolved paths): running one runs the
    /// decoded code.
    pub(crate) decoded_files: Set<String>,
    /// Paths already resolved in this script: commands and paths repeat, resolving does not
    /// depend on anything but the context.
    resolved: Map<String, Resolved>,
    /// What credential each path read holds, once per distinct path: its keys are every path
    /// the script reads (a source file it rewrites after reading is a codemod).
    secrets: Map<String, Option<&'static str>>,
    /// The places (resolved) a credential file was copied to (`cp ~/.ssh/id_rsa "$BUNDLE/"`):
    /// an archive made of one of them, or of a directory holding one, holds the credential.
    copied_secrets: Vec<String>,
    /// What each network destination is, once per distinct URL (it depends on the config only).
    hosts: Map<String, (HostClass, Option<String>)>,
    /// A socket was connected to a remote host (for reverse-shell detection).
    pub(crate) remote_socket: bool,
    /// Capabilities used, with their line and what they touch (for the combination rules).
    pub(crate) caps: Vec<(Cap, u32, String)>,
    /// Token environment variables read (name, line).
    pub(crate) env_reads: Vec<(String, u32)>,
    /// Secret data written to a file that is not itself a secrets file (a project file the
    /// write rules let pass included): the values of a `.env` read did not stay in the process.
    pub(crate) secret_written_out: bool,
    /// Token variables used to authenticate to their own API's documented host.
    pub(crate) env_token_used: Set<String>,
    /// The script imports a client library of a database server ([`crate::sql`]).
    pub(crate) server_db: bool,
    /// The script imports a client library of a data store that takes no SQL
    /// ([`crate::store`]).
    pub(crate) store_db: bool,
    /// The hosts on other machines the script's store connections name ([`Sink::store_connect`]).
    store_remote: Vec<String>,
    /// The collections, indexes and databases the script's store calls create (by their
    /// name's text): dropping one removes what the script made.
    store_made: Vec<String>,
    /// What credential stores the script attached to a database connection
    /// ([`Sink::sql_attach`]).
    pub(crate) attached_secrets: Vec<&'static str>,
    /// What the script wrote whole to each file (resolved path), where the walk saw text:
    /// a temporary file later moved or copied over its target gives it that text.
    written: Map<String, Val>,
    /// Git remotes the script added or re-pointed (`git remote add NAME URL`): name to URL.
    pub(crate) git_remotes_added: Map<String, String>,
    /// Pairs of token variables one value may be either of ([`Sink::token_alternatives`]).
    pub(crate) token_alts: Vec<(String, String)>,
    /// Hosts a token was sent to as its service's documented API host: the script's other
    /// traffic on that connection (`req.write(body)`) goes to the same API.
    pub(crate) token_hosts_used: Set<String>,
    /// The language of the script (for code written into files of no known language).
    pub(crate) lang: Language,
    /// Private data in the unknown parts of code being run (`execSync(`nslookup ${host}.x`)`):
    /// every value built at run time in that code carries it.
    pub(crate) ambient: Taint,
    /// The ambient taint of the next nested analysis (set by `exec_code`).
    ambient_for_next: Taint,
    /// The command-line guard, when the caller has one: shell commands are also judged by it.
    pub(crate) judge: Option<&'a dyn crate::shell_judge::CommandJudge>,
    /// A program ran whose effects the review does not classify fully (see
    /// `command::modeled`); the shell walker reads and resets it per statement.
    pub(crate) ran_unmodeled: bool,
    /// The base names of the programs the script runs through an argv (`spawnSync('infracost',
    /// ...)`, `subprocess.run(["gh", ...])`): a token read for its own service's client, which
    /// takes it from the environment it inherits, is used there (see
    /// [`Sink::finish_env_reads`]).
    pub(crate) ran_programs: std::collections::HashSet<String>,
    /// Commands the shell walker ran through `command::run_argv`, and whether a word known
    /// only at run time decided what one of them runs (its program, a subcommand, the code of
    /// an option): what `exec_code` asks of the nested review of a shell command it builds.
    pub(crate) argv_runs: usize,
    pub(crate) run_time_code: bool,
    /// In the nested review of a shell command whose output the script's call takes as its
    /// value (`execSync`, `os.popen`, `check_output(..., shell=True)`): what the command
    /// prints, gathered here instead of reaching the output (see [`Sink::exec_code_captured`]).
    pub(crate) capture: Option<Val>,
    /// Set by [`Sink::exec_code_captured`] for the nested reviews it starts; what they printed.
    capture_next: bool,
    captured: Option<Val>,
    /// Shell statements waiting for the judge (asked once, when the whole script was walked).
    pub(crate) pending: Vec<crate::shell_judge::Pending>,
    /// What the script's shell commands bring up and may tear down again (a compose stack by
    /// its files and project, a worktree by its path): see `shell_judge::LIFECYCLE`.
    pub(crate) created: std::collections::HashSet<(&'static str, String)>,
    /// The teardown the statement being walked performs, for the judge's verdict on it.
    pub(crate) teardown: Option<(&'static str, Vec<String>)>,
    /// Directories the script makes (`mkdir -p`, `os.makedirs`, `fs.mkdirSync`), as written.
    made_dirs: std::collections::HashSet<String>,
    /// Directories of the working tree the script lists (`fs.readdirSync(DIR)`), resolved: a
    /// module loaded by a name from the listing is one of the project's files there.
    listed_dirs: std::collections::HashSet<String>,
    /// Files of the working tree the script wrote whole in this run with content carrying no
    /// downloaded, decoded or private data (resolved): its own output, so appending to one
    /// later (`cp x.tmpl x.go`, then `echo ... >> x.go`) adds to what it made.
    own_outputs: std::collections::HashSet<String>,
    /// Files of the working tree the script wrote in this run with only data derived from
    /// files (a count, the fields `jq` picked, a report of figures) and nothing private
    /// (resolved): reading one back gives that derived data, not the project's files
    /// ([`Taint::content`]).
    derived_outputs: std::collections::HashSet<String>,
    /// Files of the working tree the script opened for writing with a generated-code header
    /// (`# Generated by gen_table.py`) and no downloaded, decoded or private data (resolved):
    /// the rest it writes into one in this run (a table's rows, line by line, through the same
    /// handle) is that generator's output too.
    generated_outputs: std::collections::HashSet<String>,
    /// Set while a copy whose every source is a file of the working tree is written: the
    /// content is the project's own text, moved within the project.
    pub(crate) copying_project_file: bool,
    /// Install hooks (`postinstall`, ...) the script spells as a member of an object or
    /// dictionary with code-running text (the hook, what shows it): a package manifest the
    /// script rewrites with content built at run time may get them.
    pub(crate) hook_texts: Vec<(String, &'static str)>,
    /// Package sources the script set on an object (a lock file's `resolved`, a manifest's
    /// `dependencies.NAME`) to a URL on a foreign host (the member, the host): a lock file or
    /// manifest it writes afterwards installs from there.
    pub(crate) dependency_sources: Vec<(String, String)>,
    /// An object store's listing the script made whose prefix may be empty (the whole bucket):
    /// what it shows, for a bulk delete of the keys it listed.
    bucket_listing: Option<String>,
    /// Whether the script created a bucket (`CreateBucketCommand`, `create_bucket`): the
    /// bucket it empties is then its own, a test's.
    bucket_created: bool,
    /// Bulk deletes of the keys of a listing of a whole bucket (the line, what is deleted),
    /// judged once the whole script was walked.
    bucket_deletes: Vec<(u32, String)>,
    /// Directories the script made in a way that fails when they exist (`mkdir(parents=True)`
    /// without `exist_ok`, `mkdirSync(dir)` without `recursive`): new, empty directories.
    new_dirs: std::collections::HashSet<String>,
    /// Key and certificate files a key tool made in this run (`openssl ... -out`, `ssh-keygen
    /// -f`), resolved: signing with one later uses the script's own key, not a secret it found.
    made_key_files: std::collections::HashSet<String>,
    /// The paths `mktemp` printed (`mktemp "$DIR/.config.XXXXXX"`): a file or directory made
    /// new, with a name nobody else has, wherever it lies. Deleting exactly that path removes
    /// what the script made (`trap 'rm -f -- "$tmp"' EXIT`), not anything it found.
    made_temp: std::collections::HashSet<String>,
    /// Paths the script changed so far in its run (resolved): written, edited in place,
    /// checked out from another revision. Restoring one from the index undoes the script's
    /// own change (see [`Sink::git_facts`]).
    changed: std::collections::HashSet<String>,
    /// Calls of the script's shell functions, by the start of the body: how many, and how many
    /// of them were walked with their arguments for the judge (see `shell_judge::Pending`).
    pub(crate) function_calls: std::collections::HashMap<usize, (u32, u32)>,
    /// The findings (a range of `findings`) of each shell function's body walked where it is
    /// defined, with parameters nobody knows (the body's start byte).
    pub(crate) definition_findings: Vec<(usize, std::ops::Range<usize>)>,
    /// The publishes a shell function's body recorded where it is defined (see
    /// [`Sink::drop_definition_findings`]): a call decides whether the user asked for them.
    pub(crate) definition_caps: Vec<(usize, std::ops::Range<usize>)>,
    /// Environment variables the script set itself (`os.environ["X"] = "dummy"`,
    /// `monkeypatch.setenv("X", v)`, `mock.patch.dict(os.environ, {...})`), with the values
    /// it gave them: a later read of one gets that value, not the user's secret.
    pub(crate) env_set: std::collections::HashMap<String, Val>,
    /// The directory a shell `cd`/`pushd` moved to, when known (`web/ui`, `/srv/x`, `~/b`):
    /// relative paths of later statements are resolved there, so `cd web/ui && rm -rf
    /// ../static/react` deletes in the project, not beside it. `None`: the working tree.
    pub(crate) shell_dir: Option<String>,
    /// Set while an HTTP client call (`fetch`, `requests`, `urlopen`, `curl`, ...) reports its
    /// request: only such a request may be held by [`Sink::held_request`] (a socket, `ssh` or
    /// `nc` to a host is never a plain read).
    pub(crate) http_request: bool,
    /// The script stops when a digest or signature check of what it fetched fails
    /// (`verify::gates_on_digest`): what it stores is the artefact its pins name.
    pub(crate) verified: bool,
    /// A member other than a release's (`version`, `description`...: [`MANIFEST_RELEASE_KEYS`])
    /// was set, one that makes a package run code ([`manifest_code_key`]) was merged in, or a
    /// member was set by a key the review cannot read. Followed by the JavaScript walk only.
    pub(crate) manifest_code_member: bool,
    /// Set while a read whose result goes straight into a hash (`hash.update(readFileSync(p))`)
    /// is walked: the data ends in a one-way digest, nowhere else.
    pub(crate) digest_input: bool,
    /// Set while a shell script's `source`/`.` reads the file it runs: the project's `.env`
    /// sourced is code run in the script's shell, not settings parsed, and its read is not
    /// held (see [`Sink::finish_dotenv_reads`]).
    pub(crate) sourcing: bool,
    /// Set while a branch is walked that only an explicit opt-in of the user reaches (an
    /// option flag off by default: `if (( execute ))` set by `--execute`).
    pub(crate) on_request: bool,
    /// A `--dry-run` word the script adds only when the user did not opt in
    /// (`crate::opt_in::Gates::dry_run_unless_requested`): a publish whose words hold it is the
    /// release the user asks for.
    pub(crate) dry_run_unless_requested: bool,
    /// The statement being walked runs a database client the script checked is aimed at this
    /// machine (`shell/local_db.rs`): resetting that database destroys nothing remote.
    pub(crate) local_database: bool,
    /// Lines of publishes reached only on request whose publish stands as the release the
    /// user asked for (see [`crate::caps::combine`]): the guard's deny of them gives way.
    pub(crate) requested_publish_lines: Vec<u32>,
    /// Shell functions (their bodies' start bytes) called where no opt-in guards the call.
    pub(crate) called_unrequested: std::collections::HashSet<usize>,
}

/// The mark of a held request whose destination the project names (see [`Sink::held_request`]).
const HELD_PROJECT: &str = "#held-project";
/// The mark of a held request to a fixed host (see [`Sink::held_request`]).
const HELD_STORE: &str = "#held-store";
/// The mark of a held request to a URL an earlier response gave (see [`Sink::held_request`]).
const HELD_RESPONSE: &str = "#held-response";
/// The mark of a held token sent to a URL a response gave (see
/// [`Sink::network_with_credentials`]).
const HELD_POINTER: &str = "#held-pointer";

/// The key a prefix test or a pattern picks out of a `.env` file's lines: `NAME=` (a line
/// tested with `startswith`), `^NAME=(.+)$` or `^\s*(?:export\s+)?NAME\s*=(.*)` (a multi-line
/// regular expression). `None` for anything that is not one literal variable name followed by
/// its `=`: a pattern with an alternation or a class in the name matches several keys.
pub(crate) fn dotenv_key(pattern: &str) -> Option<&str> {
    let mut rest = pattern.strip_prefix('^').unwrap_or(pattern);
    for lead in [
        "\\s*",
        "(?:export\\s+)?",
        "(export\\s+)?",
        "export\\s+",
        "export ",
    ] {
        rest = rest.strip_prefix(lead).unwrap_or(rest);
    }
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    let (name, after) = rest.split_at(end);
    let after = after.strip_prefix("\\s*").unwrap_or(after);
    let named = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    (named && after.starts_with('=') && !pattern.contains('|')).then_some(name)
}

/// Nothing literal before the path: the host is the one the value names, not a name the
/// script builds around it (`${id}.collect.example.com`).
fn origin_unknown(url: Option<&str>) -> bool {
    url.is_none_or(|u| {
        u.split(['/', '?', '#'])
            .next()
            .is_some_and(|origin| !origin.is_empty() && origin.chars().all(|c| c == UNKNOWN))
    })
}

/// A host as a finding names it: an endpoint the user configured in the environment
/// (`slack-webhook-url.configured.invalid`, `zammad-url.service.configured.invalid`) by the
/// setting it came from.
fn shown_host(host: &str) -> String {
    match places::configured_service_setting(host) {
        Some(setting) => format!("the endpoint configured in {setting}"),
        None if host.ends_with(places::CONFIGURED_SUFFIX) => format!(
            "the endpoint configured in {}",
            host.trim_end_matches(places::CONFIGURED_SUFFIX)
                .replace('-', "_")
                .to_ascii_uppercase()
        ),
        None => host.to_owned(),
    }
}

/// The mark of a held read of the project's `.env` or of one service's key file (see
/// [`Sink::finish_dotenv_reads`]).
const HELD_DOTENV: &str = "#held-dotenv";

impl<'a> Sink<'a> {
    pub(crate) fn new(ctx: &'a Context, config: &'a Config, source: &'a str) -> Sink<'a> {
        Sink {
            ctx,
            config,
            lines: source.lines().collect::<Vec<_>>().into(),
            findings: Vec::new(),
            fixed_line: None,
            recording: true,
            depth: 0,
            remote_files: Set::default(),
            remote_dirs: Set::default(),
            unpacked_dirs: Set::default(),
            decoded_files: Set::default(),
            resolved: Map::default(),
            secrets: Map::default(),
            copied_secrets: Vec::new(),
            hosts: Map::default(),
            remote_socket: false,
            caps: Vec::new(),
            env_reads: Vec::new(),
            secret_written_out: false,
            env_token_used: Set::default(),
            server_db: false,
            store_db: false,
            store_remote: Vec::new(),
            store_made: Vec::new(),
            attached_secrets: Vec::new(),
            written: Map::default(),
            git_remotes_added: Map::default(),
            token_alts: Vec::new(),
            token_hosts_used: Set::default(),
            lang: Language::Python,
            ambient: Taint::default(),
            ambient_for_next: Taint::default(),
            judge: None,
            ran_unmodeled: false,
            ran_programs: std::collections::HashSet::new(),
            argv_runs: 0,
            run_time_code: false,
            capture: None,
            capture_next: false,
            captured: None,
            pending: Vec::new(),
            created: std::collections::HashSet::new(),
            teardown: None,
            made_dirs: std::collections::HashSet::new(),
            listed_dirs: std::collections::HashSet::new(),
            own_outputs: std::collections::HashSet::new(),
            derived_outputs: std::collections::HashSet::new(),
            generated_outputs: std::collections::HashSet::new(),
            copying_project_file: false,
            hook_texts: Vec::new(),
            dependency_sources: Vec::new(),
            bucket_listing: None,
            bucket_created: false,
            bucket_deletes: Vec::new(),
            new_dirs: std::collections::HashSet::new(),
            made_key_files: std::collections::HashSet::new(),
            made_temp: std::collections::HashSet::new(),
            changed: std::collections::HashSet::new(),
            function_calls: std::collections::HashMap::new(),
            definition_findings: Vec::new(),
            definition_caps: Vec::new(),
            env_set: std::collections::HashMap::new(),
            shell_dir: None,
            http_request: false,
            verified: false,
            manifest_code_member: false,
            digest_input: false,
            sourcing: false,
            on_request: false,
            dry_run_unless_requested: false,
            local_database: false,
            requested_publish_lines: Vec::new(),
            called_unrequested: std::collections::HashSet::new(),
        }
    }

    /// Resolve a path in the review's context, once per distinct path.
    pub(crate) fn resolve(&mut self, raw: &str) -> Resolved {
        let relative =
            !raw.is_empty() && !raw.starts_with(['/', '~', '$', '%', crate::places::UNKNOWN]);
        let joined;
        let raw = match &self.shell_dir {
            Some(dir) if relative => {
                joined = format!("{}/{raw}", dir.trim_end_matches('/'));
                joined.as_str()
            }
            _ => raw,
        };
        if let Some(r) = self.resolved.get(raw) {
            return r.clone();
        }
        let r = self.ctx.resolve(raw);
        self.resolved.insert(raw.to_owned(), r.clone());
        r
    }

    /// What the network destination `url` is, and its host: [`places::classify_host`], once
    /// per distinct URL.
    /// The class of the host `url` names (see [`places::classify_host`]).
    pub(crate) fn host_class(&mut self, url: Option<&str>) -> HostClass {
        self.classify_host(url).0
    }

    fn classify_host(&mut self, url: Option<&str>) -> (HostClass, Option<String>) {
        let Some(url) = url else {
            return places::classify_host(None, self.config);
        };
        if let Some(known) = self.hosts.get(url) {
            return known.clone();
        }
        let class = places::classify_host(Some(url), self.config);
        self.hosts.insert(url.to_owned(), class.clone());
        class
    }

    /// The host a request built at run time goes to, when the script checks the host it lets
    /// its requests go to against the documented host of the service token `token` is for
    /// (`host.endswith(".instructure.com")`, `/^[a-z0-9-]+\.atlassian\.net$/.test(site)`):
    /// `*.instructure.com`. A token of no vendor (`HA_TOKEN`, `IMMICH_API_KEY`) checked against
    /// a zone only the network's own DNS answers (`.endsWith('.internal')`) goes to
    /// `*.internal`. A host only named (in a comment, a message, a URL) checks nothing: the
    /// suffix with its leading dot must be a whole string literal, or end a pattern anchored
    /// at the end with the dot escaped.
    ///
    /// Shell scripts only: the Python and JavaScript walkers read the host from the check
    /// itself ([`crate::host_check`]: a check whose other branch only logs, or of another
    /// variable, restricts nothing), which the shell walker does not yet.
    fn checked_host(&self, token: &str) -> Option<String> {
        if self.lang != Language::Shell {
            return None;
        }
        let zones: &[&str] = if places::token_vendor(token).is_none() {
            &["internal", "home.arpa"]
        } else {
            &[]
        };
        let checks = |suffix: &str| {
            let quoted = ['"', '\'', '`'].map(|q| format!("{q}.{suffix}{q}"));
            let anchored = format!("\\.{}$", suffix.replace('.', "\\."));
            self.lines.iter().any(|l| {
                let code = l.trim_start();
                !code.starts_with('#')
                    && !code.starts_with("//")
                    && !code.starts_with('*')
                    && (quoted.iter().any(|q| code.contains(q.as_str()))
                        || code.contains(&anchored))
            })
        };
        terraphim_shell_vocab::secrets::token_hosts(token)
            .chain(zones.iter().copied())
            .find(|h| checks(h))
            .map(|h| format!("*.{h}"))
    }

    /// A connection to `host`: a socket to anywhere but this machine may carry a shell.
    pub(crate) fn connect(&mut self, line: u32, host: Option<&str>) {
        let (class, _) = self.classify_host(host);
        if !matches!(class, HostClass::Local) {
            self.remote_socket = true;
        }
        self.network(line, host, &Val::unknown(), false);
    }

    /// Record a finding at a 1-based line, with the rule and chain its category implies.
    pub(crate) fn add(
        &mut self,
        line: u32,
        category: Category,
        severity: Verdict,
        why: impl Into<String>,
    ) {
        if !self.recording {
            return;
        }
        let (rule, step) = default_rule(category, severity);
        self.add_rule(line, category, severity, rule, vec![step.to_owned()], why);
    }

    /// A member named like a package's install hook (`postinstall: '...'`) whose text runs
    /// code: kept for a package manifest the script rewrites later.
    pub(crate) fn spelled_hook(&mut self, name: &str, value: &Val) {
        if !terraphim_shell_vocab::manifest::INSTALL_HOOKS.contains(&name) {
            return;
        }
        if let Some(tok) = value
            .text
            .iter()
            .chain(&value.alts)
            .find_map(|t| places::code_exec_tokens(t))
            && !self.hook_texts.iter().any(|(h, _)| h == name)
        {
            self.hook_texts.push((name.to_owned(), tok));
        }
    }

    /// The members of an object serialised (`JSON.stringify(pkg)`, `json.dumps(lock)`), each
    /// as if set one by one: a package source among a manifest's dependency sections or a lock
    /// file's packages (a spread of defaults, an object literal merged in) is kept for the
    /// manifest or lock file written with the text.
    pub(crate) fn dependency_members_of(&mut self, value: &Val) {
        fn walk<'v>(sink: &mut Sink<'_>, path: &mut Vec<&'v str>, value: &'v Val) {
            for (key, member) in &value.fields {
                path.push(key);
                let in_dependencies = path
                    .iter()
                    .any(|k| places::DEPENDENCY_SECTIONS.contains(k) || *k == "packages")
                    || ["resolved", "tarball", "registry"].contains(&key.as_str());
                if in_dependencies {
                    sink.dependency_member(path, member);
                }
                // A manifest's sections and a lock file's entries lie at most three deep
                // (`packages.node_modules/x.resolved`).
                if path.len() < 4 && !member.fields.is_empty() {
                    walk(sink, path, member);
                }
                path.pop();
            }
        }
        walk(self, &mut Vec::new(), value);
    }

    /// A member of an object (`path`, its keys from the root) given `value`: a package's
    /// source (`resolved`, `tarball`, `registry`, a member of `dependencies`) set to a URL on a
    /// foreign host is kept for a lock file or manifest the script writes afterwards.
    pub(crate) fn dependency_member(&mut self, path: &[&str], value: &Val) {
        // A package's tarball is a source whatever the member holding it is called
        // (`deps[name] = mirrorTarball(name)` with `deps` a manifest's section passed in).
        // So is a git source (`git+https://host/fork.git#fix`), except where a manifest says
        // where the package's own code lives (`repository.url`, `bugs.url`).
        let own_repository = path
            .iter()
            .any(|k| ["repository", "bugs", "homepage", "url"].contains(k));
        let package_tarball = || {
            value.text.iter().chain(&value.alts).any(|t| {
                // (Split at blanks, not where `urls` ends one: at a part nobody knows,
                // `/forks/…-1.0.tgz`.)
                t.split_whitespace().any(|w| {
                    w.contains("://")
                        && (places::package_tarball_url(w)
                            || !own_repository && places::git_package_source(w))
                })
            })
        };
        let source_key = path.last().is_some_and(|k| {
            ["resolved", "tarball", "registry"].contains(k)
                || path.len() >= 2 && places::DEPENDENCY_SECTIONS.contains(&path[path.len() - 2])
        }) || package_tarball();
        let host = || {
            value
                .text
                .iter()
                .chain(&value.alts)
                .find_map(|t| places::foreign_dependency_url(t, self.config))
        };
        if source_key && let Some(host) = host() {
            let member = path.join(".");
            if !self.dependency_sources.iter().any(|(m, _)| *m == member) {
                self.dependency_sources.push((member, host));
            }
        }
        if path
            .last()
            .is_some_and(|k| places::DEPENDENCY_SECTIONS.contains(k))
        {
            // `pkg.dependencies = { ...pkg.dependencies, x: URL }`: each member as if set.
            for (key, v) in &value.fields {
                let mut inner = path.to_vec();
                inner.push(key);
                self.dependency_member(&inner, v);
            }
        }
    }

    /// A call of an object store's SDK (`op`: `ListObjectsV2Command`, `list_objects_v2`,
    /// `DeleteObjectsCommand`, `delete_objects`, ...) with its options: a bulk delete after a
    /// listing whose prefix may be empty (absent, `""`, a default of `""`) deletes every object
    /// of the bucket, which no undo on this machine brings back. A delete of keys the script
    /// uploaded, or of a listing of a fixed non-empty prefix, is not one.
    pub(crate) fn object_store_call(&mut self, line: u32, op: &str, options: &Val) {
        const LISTINGS: &[&str] = &[
            "ListObjectsV2Command",
            "ListObjectsCommand",
            "listObjectsV2",
            "listObjects",
            "list_objects_v2",
            "list_objects",
        ];
        const BULK_DELETES: &[&str] = &["DeleteObjectsCommand", "deleteObjects", "delete_objects"];
        const CREATES: &[&str] = &["CreateBucketCommand", "createBucket", "create_bucket"];
        let bucket = options
            .field("Bucket")
            .and_then(|b| b.text.clone().or_else(|| b.alts.first().cloned()))
            .unwrap_or_else(|| UNKNOWN.to_string());
        if CREATES.contains(&op) {
            self.bucket_created = true;
        } else if LISTINGS.contains(&op) {
            let prefix = options.field("Prefix");
            let may_be_empty = prefix.is_none_or(|p| {
                p.text.as_deref() == Some("") || p.alts.iter().any(String::is_empty)
            });
            if may_be_empty {
                self.bucket_listing = Some(bucket.replace(UNKNOWN, "…"));
            }
        } else if BULK_DELETES.contains(&op)
            && let Some(bucket) = self.bucket_listing.clone()
        {
            self.whole_bucket_delete(line, &format!("every object of the bucket {bucket}"));
        }
    }

    /// A delete of every object of a bucket (`what` says which), judged at the end.
    pub(crate) fn whole_bucket_delete(&mut self, line: u32, what: &str) {
        if self.recording && !self.bucket_deletes.iter().any(|(l, _)| *l == line) {
            self.bucket_deletes.push((line, what.to_owned()));
        }
    }

    /// The bulk deletes of whole buckets, unless the script created a bucket: the one it
    /// empties is then its own (a test's, emptied before it is removed).
    pub(crate) fn finish_bucket_deletes(&mut self) {
        if self.bucket_created {
            return;
        }
        for (line, what) in std::mem::take(&mut self.bucket_deletes) {
            self.destroy_remote(line, "deletes", &what);
        }
    }

    /// `what`, data that lives outside the machine (a cluster's namespace, a bucket's
    /// objects), destroyed (`verb` says how).
    pub(crate) fn destroy_remote(&mut self, line: u32, verb: &str, what: &str) {
        self.add_rule(
            line,
            Category::Destructive,
            Verdict::Dangerous,
            "destroy-remote",
            vec![format!("delete: {what}")],
            format!("{verb} {what}, which no undo on this machine brings back"),
        );
    }

    /// A package's source pointed at a foreign host (`what` says how): installing the
    /// project's dependencies later downloads and runs that host's code, outside any sandbox.
    pub(crate) fn dependency_source(&mut self, line: u32, what: &str, host: &str) {
        self.add_rule(
            line,
            Category::ConfigTampering,
            Verdict::Dangerous,
            "dependency-source",
            vec![
                format!("package source: {what}"),
                format!("network: {host}"),
            ],
            format!(
                "points {what} at {host}, a host not on the allow list: the next install runs its code"
            ),
        );
    }

    /// A setting named `name` (an environment variable set or exported, a member of the
    /// environment handed to a child, a key of a settings file) given `value`: a model API
    /// client's endpoint (`ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`) pointed at another host
    /// sends that host the API key and every prompt of the commands that read it.
    pub(crate) fn setting(&mut self, line: u32, name: &str, value: &Val) {
        if !places::model_api_endpoint_setting(name) {
            return;
        }
        let Some(host) = value
            .text
            .iter()
            .chain(&value.alts)
            .find_map(|t| places::model_api_redirect(name, t, self.config))
        else {
            return;
        };
        self.add_rule(
            line,
            Category::ConfigTampering,
            Verdict::Dangerous,
            "api-redirect",
            vec![
                format!("setting: {name}"),
                format!("network send: {host}"),
            ],
            format!(
                "points {name} at {host}, so the model client sends its API key and every prompt there"
            ),
        );
    }

    /// Record a finding with its rule id and capability chain (source -> transform -> sink).
    /// A package's install hook (`hook`) set to code-running text (`token` is what shows it):
    /// it runs on every later install of the project, outside any sandbox.
    pub(crate) fn install_hook(&mut self, line: u32, hook: &str, token: &str) {
        self.add_rule(
            line,
            Category::SourcePoisoning,
            Verdict::Dangerous,
            "install-hook",
            vec![format!("package script: {hook}")],
            format!(
                "sets the package's `{hook}` script to code-running text (`{token}`), run by every later install"
            ),
        );
    }
    /// Where a remote the script added points (`git remote add NAME URL`), when its host is
    /// a literal off the allow list (an scp-like `git@host:path` read as `ssh://`): the host.
    pub(crate) fn added_remote_unlisted_host(&mut self, name: &str) -> Option<String> {
        let url = self.git_remotes_added.get(name)?.clone();
        let url = match url.contains("://") {
            true => url,
            false => {
                let (user_host, path) = url.split_once(':')?;
                format!("ssh://{user_host}/{path}")
            }
        };
        match self.classify_host(Some(&url)) {
            (HostClass::Other | HostClass::Drop(_) | HostClass::Opaque(_), Some(host)) => {
                Some(host)
            }
            _ => None,
        }
    }

    /// A module the script imports (JavaScript `import`/`require`, Python `import`): a
    /// database server's client library makes the SQL it is given judged ([`Sink::sql_run`]).
    pub(crate) fn imported(&mut self, module: &str) {
        if crate::sql::is_server_db_module(module) {
            self.server_db = true;
        }
        if crate::store::is_store_module(module) {
            self.store_db = true;
        }
    }

    /// A database server's command-line client started by the script with SQL to run
    /// (`subprocess.run(["psql", "-h", host, "-c", sql])`): a destructive statement destroys
    /// data as it does through a client library, whatever the names built at run time (the
    /// database, the host) turn out to be. Emptying tables of a server on this machine (no
    /// host, or a loopback one) is a seed or a test reset.
    pub(crate) fn sql_cli(&mut self, line: u32, argv: &[Val]) {
        let mut words: Vec<String> = argv.iter().map(Val::text_or_unknown).collect();
        // `shutil.which("psql") or "/usr/bin/psql"`: one program by either path.
        let bases: Set<&str> = argv
            .first()
            .iter()
            .flat_map(|p| p.text.iter().chain(&p.alts))
            .map(|p| p.rsplit('/').next().unwrap_or(p))
            .collect();
        if let (Some(w), 1) = (words.first_mut(), bases.len())
            && let Some(base) = bases.iter().next()
        {
            (*base).clone_into(w);
        }
        let Some((at, host)) = crate::sql::cli_statement(&words) else {
            return;
        };
        // A text of several values (the SQL of each call of a helper): any of them.
        let sql = &argv[at];
        let Some((what, reach)) = sql
            .text
            .iter()
            .chain(&sql.alts)
            .find_map(|t| crate::sql::destructive_statement(crate::sql::cli_sql_text(t)))
        else {
            return;
        };
        // `--host=localhost:26257`: a host with its port.
        let local_host =
            |h: &str| places::local_address(h) || places::local_address(&format!("tcp://{h}"));
        let local = match host.as_deref() {
            None => true,
            Some(h) if !h.contains(UNKNOWN) => local_host(h),
            // A host of several values (each target of a table): local when every one is.
            Some(h) => words
                .iter()
                .position(|w| w == h || w.ends_with(&format!("={h}")))
                .map(|i| &argv[i].alts)
                .is_some_and(|alts| {
                    !alts.is_empty()
                        && alts.iter().all(|a| {
                            let v = a
                                .split_once('=')
                                .filter(|_| a.starts_with("--"))
                                .map_or(a.as_str(), |(_, v)| v);
                            !v.contains(UNKNOWN) && local_host(v)
                        })
                }),
        };
        if reach == crate::sql::Reach::Tables && local {
            return;
        }
        let program = words[0].rsplit('/').next().unwrap_or(&words[0]).to_owned();
        self.add_rule(
            line,
            Category::Destructive,
            Verdict::Dangerous,
            "destructive-sql",
            vec!["sql".to_owned(), format!("database client `{program}`")],
            format!(
                "{} through a database client (`{program}`)",
                what.replace(crate::places::UNKNOWN, "…")
            ),
        );
    }

    /// SQL text handed to a method of a database client (`client.query(sql)`; other methods
    /// are ignored): a statement that drops, truncates or empties a table of a database
    /// server the script imports a client of destroys data the script did not make, as
    /// `psql -c` would. SQLite is not judged here: its file may be the script's own scratch
    /// database.
    pub(crate) fn sql_run(&mut self, line: u32, method: &str, sql: &Val) {
        if !self.server_db || !crate::sql::SQL_RUNNING_METHODS.contains(&method) {
            return;
        }
        let Some((what, reach)) = sql.known().and_then(crate::sql::destructive_statement) else {
            return;
        };
        // Emptying tables of the development database on this machine the script names is a
        // seed or a test reset; a schema or a database dropped is never one.
        if reach == crate::sql::Reach::Tables
            && self
                .lines
                .iter()
                .any(|l| crate::sql::names_loopback_database(l))
        {
            return;
        }
        self.add_rule(
            line,
            Category::Destructive,
            Verdict::Dangerous,
            "destructive-sql",
            vec!["sql".to_owned(), format!("database client `{method}`")],
            format!("{what} through a database client (`{method}`)"),
        );
    }

    /// A call of a data store's client library (`q` qualified by its module) that makes a
    /// connection (`MongoClient(uri)`, `connections.connect(host=...)`, `new Redis(url)`):
    /// a host on another machine it names is where the script's store calls go.
    pub(crate) fn store_connect(&mut self, q: &str, args: &[&Val], keywords: &[(&str, &Val)]) {
        let tail = q.rsplit(['.', '/']).next().unwrap_or(q);
        let connects = tail.ends_with("Client")
            || tail.ends_with("Cluster")
            || matches!(
                tail,
                "connect"
                    | "Redis"
                    | "StrictRedis"
                    | "from_url"
                    | "Elasticsearch"
                    | "AsyncElasticsearch"
                    | "OpenSearch"
                    | "AsyncOpenSearch"
                    | "driver"
                    | "createClient"
                    | "createConnection"
            );
        if !connects || !crate::store::is_store_module(q) {
            return;
        }
        if let crate::store::Target::Remote(host) = crate::store::connection_target(args, keywords)
            && !self.store_remote.contains(&host)
        {
            self.store_remote.push(host);
        }
    }

    /// A method of a data store's client (`drop_collection`, `dropDatabase`, `flushall`,
    /// `indices.delete`, `collection.drop()`) called on a receiver spelled `recv`, with the
    /// value naming what it acts on (`name`): one that destroys a collection or a database
    /// is judged as the SQL statement it equals through a database client ([`Sink::sql_run`])
    /// when the script's connections name a server on another machine. Dropping what the
    /// script created (the same name given to `create_collection`) and stores on this machine
    /// or the project's containers (loopback, a one-label compose service, a file, memory)
    /// are the script's own; a host the review does not know stays unjudged here.
    pub(crate) fn store_method(
        &mut self,
        line: u32,
        method: &str,
        recv: &str,
        argc: usize,
        name: Option<&Val>,
    ) {
        if !self.store_db {
            return;
        }
        // `indices.delete({ index: 'logs' })`: the name is a member of an options object.
        let name = name.map(|n| {
            n.fields
                .iter()
                .find(|(k, _)| matches!(k.as_str(), "index" | "name" | "collection_name"))
                .map_or(n, |(_, f)| f)
        });
        let name_text = name.and_then(|n| n.text.clone());
        if crate::store::creating_method(method, recv) {
            if let Some(n) = name_text
                && !self.store_made.contains(&n)
            {
                self.store_made.push(n);
            }
            return;
        }
        let Some(drop) = crate::store::destroying_method(method, recv, argc) else {
            return;
        };
        if name_text
            .as_ref()
            .is_some_and(|n| self.store_made.contains(n))
        {
            return;
        }
        let reach = match name_text.as_deref() {
            // `indices.delete(index="*")`, `"_all"`: every index.
            Some("*" | "_all") => crate::sql::Reach::Database,
            _ => drop.reach,
        };
        let what = match (reach, name.and_then(Val::known)) {
            (crate::sql::Reach::Database, Some(n)) if drop.reach == crate::sql::Reach::Tables => {
                format!("deletes every index ({n})")
            }
            (_, Some(n)) => format!("{} {n}", drop.what),
            _ => drop.what.to_owned(),
        };
        self.store_destroys(line, method, &what);
    }

    /// Cypher text handed to a method of a graph database session (`session.run(cypher)`):
    /// `MATCH (n) DETACH DELETE n` empties the graph as `DROP DATABASE` would, and is judged
    /// as [`Sink::store_method`] judges a drop.
    pub(crate) fn cypher_run(&mut self, line: u32, method: &str, text: &Val) {
        if !self.store_db || !crate::store::CYPHER_RUNNING_METHODS.contains(&method) {
            return;
        }
        if let Some((what, _)) = text.known().and_then(crate::store::cypher_destroys) {
            self.store_destroys(line, method, what);
        }
    }

    fn store_destroys(&mut self, line: u32, method: &str, what: &str) {
        let Some(host) = self.store_remote.first().cloned() else {
            return;
        };
        self.add_rule(
            line,
            Category::Destructive,
            Verdict::Dangerous,
            "destructive-store-call",
            vec![
                format!("store: {host}"),
                format!("database client `{method}`"),
            ],
            format!(
                "{} on {host}, a server on another machine, through a database client (`{method}`)",
                what.replace(UNKNOWN, "…")
            ),
        );
    }

    /// SQL handed to a database connection that attaches another database file (`ATTACH
    /// DATABASE ? AS s` with the path bound as a parameter, or spelled in the text): the file
    /// is read, as any file the script opens is. Once a credential store (a browser's cookie
    /// or login database) is attached, a statement that copies rows (`INSERT ... SELECT`)
    /// copies it into the connection's own database, a file the user's store never was.
    pub(crate) fn sql_attach(&mut self, line: u32, method: &str, args: &[Val]) {
        if !crate::sql::SQL_RUNNING_METHODS.contains(&method) {
            return;
        }
        let Some(sql) = args.first() else {
            return;
        };
        let texts: Vec<String> = sql.text.iter().chain(&sql.alts).cloned().collect();
        for text in &texts {
            let paths = match crate::sql::attached_file(text) {
                None => continue,
                Some(Some(spelled)) => vec![spelled],
                // The bound parameters: a tuple or list of them, a dict of named ones.
                Some(None) => match args.get(1) {
                    Some(Val {
                        items: Some(items), ..
                    }) => items.iter().flat_map(Val::path_alternatives).collect(),
                    Some(v) if !v.fields.is_empty() => v
                        .fields
                        .iter()
                        .flat_map(|(_, f)| f.path_alternatives())
                        .collect(),
                    Some(v) => v.path_alternatives(),
                    None => Vec::new(),
                },
            };
            for p in paths.iter().filter(|p| !p.contains(UNKNOWN) || p.len() > 1) {
                if self.read_path(line, p).secret.is_some()
                    && let Some(what) = places::secret_kind(&self.resolve(p).text)
                        .or_else(|| places::secret_kind(p))
                    && !self.attached_secrets.contains(&what)
                {
                    self.attached_secrets.push(what);
                }
            }
        }
        if let Some(what) = self.attached_secrets.first().copied()
            && texts.iter().any(|t| crate::sql::copies_rows(t))
        {
            self.add_rule(
                line,
                Category::Exfiltration,
                Verdict::Dangerous,
                "secret-copied-to-database",
                vec![
                    format!("secret read: {what}"),
                    "sql: rows copied".to_owned(),
                ],
                format!("copies {what}, attached to a database connection, into that database"),
            );
        }
    }

    pub(crate) fn add_rule(
        &mut self,
        line: u32,
        category: Category,
        severity: Verdict,
        rule: &str,
        chain: Vec<String>,
        why: impl Into<String>,
    ) {
        if !self.recording || severity == Verdict::Clean {
            return;
        }
        let line = self.fixed_line.unwrap_or(line);
        let snippet = self
            .lines
            .get(line.saturating_sub(1) as usize)
            .map(|l| {
                let l = l.trim();
                match l.char_indices().nth(160) {
                    Some((i, _)) => format!("{}…", &l[..i]),
                    None => l.to_owned(),
                }
            })
            .unwrap_or_default();
        self.findings.push(Finding {
            category,
            severity,
            line,
            snippet,
            why: why.into(),
            rule: rule.to_owned(),
            chain,
        });
    }

    /// Record a capability the script uses, for the combination rules run at the end.
    /// Whether the script's line spells `word` as a word of its own, with nothing run to
    /// build it (`cargo publish --dry-run`, not a list a branch may have added it to).
    pub(crate) fn line_spells(&self, line: u32, word: &str) -> bool {
        let line = self.fixed_line.unwrap_or(line);
        self.lines
            .get(line.saturating_sub(1) as usize)
            .is_some_and(|l| {
                !l.contains("$(")
                    && !l.contains('`')
                    && l.split_whitespace()
                        .any(|w| w.trim_matches(['"', '\'']) == word)
            })
    }

    pub(crate) fn cap(&mut self, line: u32, cap: Cap, detail: impl Into<String>) {
        if self.recording {
            let line = self.fixed_line.unwrap_or(line);
            self.caps.push((cap, line, detail.into()));
        }
    }

    fn show(path: &str) -> String {
        path.replace(UNKNOWN, "…")
    }

    /// A read of `path`: returns the taint of the data read (secret if credential material).
    pub(crate) fn read_path(&mut self, line: u32, path: &str) -> Taint {
        let what = match self.secrets.get(path) {
            Some(what) => *what,
            None => {
                let resolved = self.resolve(path);
                let what =
                    places::secret_kind(&resolved.text).or_else(|| places::secret_kind(path));
                self.secrets.insert(path.to_owned(), what);
                what
            }
        };
        match what {
            // A file of the project fed straight into a hash (a cache key over its `.npmrc`
            // and lockfiles): its bytes end in a one-way digest and nowhere else.
            Some(_)
                if self.digest_input
                    && matches!(
                        self.resolve(path).place,
                        Place::WorkTree | Place::WorkTreeRoot
                    ) =>
            {
                Taint::default()
            }
            Some(what) => {
                if self.recording {
                    let resolved = self.resolve(path);
                    self.cap(line, Cap::CredentialRead, what);
                    let why = format!("reads {what} ({})", Self::show(&resolved.text));
                    // The project's own settings file, read the way dotenv loads it (by a
                    // Python/JS/TS script, or parsed by a shell script without sourcing it):
                    // judged at the end by where its values may have gone.
                    let own_dotenv = what == places::DOTENV
                        && !self.sourcing
                        && matches!(resolved.place, Place::WorkTree | Place::WorkTreeRoot);
                    // One service's key file (`~/.qiskit/qiskit-ibm.json`), read to hand the key to that
                    // service's client or its documented API: judged at the end the same way.
                    let service_key = !self.sourcing
                        && terraphim_shell_vocab::secrets::key_file_token_var(what).is_some();
                    if own_dotenv || service_key {
                        let rule = format!("secret-read{HELD_DOTENV}");
                        let chain = vec![format!("secret read: {what}")];
                        self.add_rule(
                            line,
                            Category::SecretRead,
                            Verdict::Suspicious,
                            &rule,
                            chain,
                            why,
                        );
                    } else {
                        self.add(line, Category::SecretRead, Verdict::Suspicious, why);
                    }
                }
                Taint {
                    secret: Some(what.to_owned()),
                    store: matches!(
                        self.resolve(path).place,
                        Place::Home | Place::HomeRoot | Place::System | Place::Outside
                    ),
                    ..Taint::default()
                }
            }
            None => {
                let resolved = self.resolve(path);
                let own = matches!(resolved.place, Place::WorkTree | Place::WorkTreeRoot);
                Taint {
                    file: own,
                    content: own && !self.derived_outputs.contains(&resolved.text),
                    outside: places::outside_data(resolved.place, &resolved.text),
                    ..Taint::default()
                }
            }
        }
    }

    /// `tar -c -f ARCHIVE MEMBERS` (`-C DIR` for relative members): an archive of a place a
    /// credential was copied to, or of a directory holding one, holds that credential, so
    /// what reads the archive later (`curl -F "f=@ARCHIVE"`) reads it.
    pub(crate) fn archived(&mut self, archive: &str, dir: Option<&str>, members: &[String]) {
        const HELD: &str = "an archive holding a copied credential file";
        const STORE: &str = "an archive of the user's credential files";
        if archive.is_empty() {
            return;
        }
        let members: Vec<Resolved> = members
            .iter()
            .map(|m| {
                let m = match dir {
                    Some(d) if !m.starts_with(['/', '~']) => {
                        format!("{}/{}", d.trim_end_matches('/'), m.trim_start_matches("./"))
                    }
                    _ => m.clone(),
                };
                self.resolve(&m)
            })
            .collect();
        // A credential file or directory of the user's store archived itself (`tar -czf
        // b.tgz -C "$HOME/.config" gh`): the archive holds it.
        let of_store = members.iter().any(|r| {
            matches!(r.place, Place::Home | Place::HomeRoot | Place::System)
                && places::secret_kind(r.text.trim_end_matches('/')).is_some()
        });
        if of_store {
            let resolved = self.resolve(archive).text;
            self.secrets.insert(archive.to_owned(), Some(STORE));
            self.secrets.insert(resolved, Some(STORE));
            return;
        }
        let holds = members.iter().any(|r| {
            let m = r.text.trim_end_matches('/');
            !m.is_empty()
                && self
                    .copied_secrets
                    .iter()
                    .any(|c| c == m || c.strip_prefix(m).is_some_and(|r| r.starts_with('/')))
        });
        if holds {
            let resolved = self.resolve(archive).text;
            self.secrets.insert(archive.to_owned(), Some(HELD));
            self.secrets.insert(resolved, Some(HELD));
        }
    }

    /// A read of an environment variable: returns its value.
    pub(crate) fn read_env(&mut self, line: u32, name: &str) -> Val {
        if let Some(v) = self.env_set.get(name) {
            return v.clone();
        }
        match name {
            "HOME" | "USERPROFILE" => return Val::lit("~"),
            "TMPDIR" | "TEMP" | "TMP" => return Val::lit("/tmp"),
            "PWD" => return Val::lit(self.ctx.cwd.to_string_lossy()),
            // The active Python environment: the project's own, rebuilt from its lock or
            // requirements (a `.venv` of the working tree), so what is installed or removed in
            // it stays in what the project builds.
            "VIRTUAL_ENV" => return Val::lit(format!("{}/.venv", self.ctx.cwd.to_string_lossy())),
            _ => {}
        }
        if places::secret_env(name) {
            // Reading a token is what a client of its API does: the read alone is judged at
            // the end (suspicious unless the token was used only for its own API's host).
            if self.recording {
                let at = self.fixed_line.unwrap_or(line);
                self.env_reads.push((name.to_owned(), at));
            }
            let what = format!("the {name} environment variable");
            return Val::unknown().with_taint(&Taint {
                secret: Some(what),
                ..Taint::default()
            });
        }
        // Where a service lives, as its user configured it: that service's documented API.
        match places::setting_service_url(name) {
            Some(url) => Val::lit(url),
            None => Val::unknown(),
        }
    }

    /// The value of the environment variable `name` as [`Sink::read_env`] gives it, without
    /// counting a read of it: a member of a copy of the environment named where the copy is
    /// being prepared for a child (`delete env.NOMAD_TOKEN`) is no use of the token, and where
    /// the value goes is judged as it goes.
    pub(crate) fn env_value(&mut self, line: u32, name: &str) -> Val {
        let recording = std::mem::replace(&mut self.recording, false);
        let v = self.read_env(line, name);
        self.recording = recording;
        v
    }

    /// The script sets the environment variable `name` to `value` (overriding the user's):
    /// later reads of it get `value`.
    pub(crate) fn set_env(&mut self, name: &str, value: &Val) {
        if !name.is_empty() && !name.contains(UNKNOWN) {
            self.env_set.insert(name.to_owned(), value.clone());
        }
    }

    /// Values that are one token or another (`a or b`, `a || b`, `a ?? b`): each pair of
    /// environment token variables among them, so the use of one for an API documented for
    /// both is the use of the other.
    pub(crate) fn token_alternatives(&mut self, vals: &[&Val]) {
        let names: Vec<String> = vals
            .iter()
            .filter_map(|v| v.taint.env_var().map(str::to_owned))
            .collect();
        for (i, a) in names.iter().enumerate() {
            for b in &names[i + 1..] {
                let pair = (a.clone(), b.clone());
                if a != b && !self.token_alts.contains(&pair) && self.token_alts.len() < 32 {
                    self.token_alts.push(pair);
                }
            }
        }
    }

    /// Credentials a script hands to a program in its environment (`env: { ...process.env,
    /// WEB_EXT_API_SECRET: secret }` for `npx web-ext sign`, `REDISCLI_AUTH` for
    /// `redis-cli`, Gradle's `ORG_GRADLE_PROJECT_...Password`), where programs take them
    /// without showing them in `ps`: the use of the token variable each was read from, when
    /// the program is that service's own client ([`places::vendor_cli`]), a password given
    /// to a program that signs, or the variable it is given under is one of the program's
    /// own for a credential (a credential's name, of no other service than the token's), the
    /// program named by the script and running no code it is given (no shell, interpreter or
    /// wrapper, whose code may send it anywhere). `argv` is the command (its program first,
    /// through a package runner: `npx web-ext`), `env` the environment given.
    pub(crate) fn child_env_credentials(&mut self, argv: &[Val], env: &Val) {
        use terraphim_shell_vocab::secrets;
        if env.fields.is_empty() {
            return;
        }
        let Some(programs) = child_programs(argv) else {
            return;
        };
        let words: Vec<String> = argv.iter().map(Val::text_or_unknown).collect();
        if crate::command::names_other_destination(self, &words) {
            return;
        }
        for (key, v) in &env.fields {
            let t = &v.taint;
            let Some(name) = t.env_var() else {
                continue;
            };
            if t.mixed || t.env || t.host || t.store {
                continue;
            }
            // The variable it is given under names no service, or the token's own: a token
            // of one service given under another's (`GH_TOKEN` set to a cloud key) goes to
            // that other service.
            let of_other_service = || secrets::token_service(key) != secrets::token_service(name);
            let used = programs.iter().all(|p| {
                let signs = secrets::SIGNING_TOOLS.contains(&p.as_str());
                places::vendor_cli(name, p)
                    || (signs && secrets::password_env(name))
                    || (places::secret_env(key)
                        && !of_other_service()
                        && !terraphim_shell_vocab::is_shell(p)
                        && !terraphim_shell_vocab::is_interpreter(p)
                        && !terraphim_shell_vocab::is_wrapper(p))
            });
            if used {
                self.env_token_used.insert(name.to_owned());
            }
        }
    }

    /// Token variables read and never used only for their own API: suspicious reads. A token
    /// the script only checks (is it set, its last characters shown) before it runs its own
    /// service's client (`INFRACOST_API_KEY` and `infracost`), which takes it from the
    /// environment the script hands down, is that client's: no finding. Printed whole or sent
    /// elsewhere, it is judged there.
    pub(crate) fn finish_env_reads(&mut self) {
        let reads = std::mem::take(&mut self.env_reads);
        for (name, line) in &reads {
            if self.env_token_used.contains(name)
                || self
                    .ran_programs
                    .iter()
                    .any(|p| places::vendor_cli(name, p))
            {
                continue;
            }
            self.add_rule(
                *line,
                Category::SecretRead,
                Verdict::Suspicious,
                "secret-read",
                vec![format!("env read: {name}")],
                format!("reads the {name} environment variable"),
            );
        }
    }

    /// The held reads of the project's `.env` and of one service's key file ([`HELD_DOTENV`]),
    /// once the whole script was walked and its commands judged: loading the project's
    /// settings into the process (its environment, a config object, a local database's URL) is
    /// what dotenv does, and a service's key handed to its client or its documented API
    /// (`~/.qiskit/qiskit-ibm.json`'s token to `auth.quantum-computing.ibm.com`) is its use, so
    /// the read
    /// is no finding when nothing shows its values leaving: no request to a host off the
    /// allow list or built at run time, no private data sent, printed or written anywhere, no
    /// command the guard confines, no code the review could not follow, and no secret
    /// written to a file that is not itself a secrets file.
    pub(crate) fn finish_dotenv_reads(&mut self) {
        let leaves = self.secret_written_out
            || self.findings.iter().any(|f| {
                matches!(
                    f.category,
                    Category::Network
                        | Category::Exfiltration
                        | Category::GuardRule
                        | Category::Unreviewable
                        | Category::ObfuscatedExecution
                        | Category::RemoteCode
                )
            });
        self.findings
            .retain_mut(|f| match f.rule.strip_suffix(HELD_DOTENV) {
                Some(rule) => {
                    f.rule = rule.to_owned();
                    leaves
                }
                None => true,
            });
    }

    /// Data reaching stdout, stderr or a log.
    pub(crate) fn output(&mut self, line: u32, data: &Val) {
        if let Some(captured) = &mut self.capture {
            // The calling script takes it as a value; where that goes is judged there.
            captured.taint.join(&data.taint);
            return;
        }
        if !self.recording {
            return;
        }
        if let Some(s) = &data.taint.secret {
            let mut chain = source_steps(&data.taint);
            chain.push("output: stdout/log".into());
            self.add_rule(
                line,
                Category::Exfiltration,
                Verdict::Dangerous,
                "secret-to-output",
                chain,
                format!("prints {s} to the output, where the agent's transcript keeps it"),
            );
        } else if data.taint.env {
            self.add_rule(
                line,
                Category::Exfiltration,
                Verdict::Suspicious,
                "env-to-output",
                vec![
                    "env read: the whole environment".into(),
                    "output: stdout/log".into(),
                ],
                "prints the whole environment, which holds tokens",
            );
        }
    }

    /// A network call to `url` (None: built at run time) carrying `payload`.
    /// A network call whose credentials (headers, `auth=`, `curl -H/-u`) are apart from its
    /// payload. A token from an environment variable used to authenticate to an allowed or local
    /// host is credential use, not exfiltration: suspicious (the read), not dangerous. Anything
    /// else in the credentials counts as payload.
    pub(crate) fn network_with_credentials(
        &mut self,
        line: u32,
        url: Option<&str>,
        payload: &Val,
        credentials: &Taint,
        sends: bool,
    ) {
        let (class, host) = self.classify_host(url);
        let own_api = matches!(class, HostClass::Allowed | HostClass::Local);
        let token = credentials.token_var().map(str::to_owned);
        let env_token = token.is_some();
        // A token sent to a URL an earlier response handed out (the `Link: rel="next"` of a
        // page, a release's `upload_url`), nothing literal added to its host: held, and
        // dropped at the end when the script used that token for its own API's documented
        // host and every host it names itself stays out of the findings, so the pointer came
        // from that API (see [`Sink::finish_held_network`]).
        if let Some(t) = &token
            && self.recording
            && self.http_request
            && matches!(class, HostClass::Unknown)
            && origin_unknown(url)
            && payload.taint.downloaded()
            && !payload.taint.private()
            && !payload.taint.decoded
            && !credentials.env
            && !credentials.host
        {
            let mut chain = vec![
                format!("secret read: the {t} environment variable"),
                "network receive".to_owned(),
            ];
            chain.push("network send (credentials): a URL a response gave".into());
            let rule = format!("secret-to-network{HELD_POINTER}");
            self.add_rule(
                line,
                Category::Exfiltration,
                Verdict::Dangerous,
                &rule,
                chain,
                format!("sends the {t} environment variable to a host built at run time"),
            );
            return;
        }
        let host = match (&token, host) {
            (Some(t), None) if matches!(class, HostClass::Unknown) && !payload.taint.decoded => {
                self.checked_host(t)
            }
            (_, h) => h,
        };
        let documented = match (&token, &host) {
            (Some(t), Some(h)) => places::token_host_documented(t, h),
            _ => false,
        };
        // `BILLING_API_TOKEN` in the request's credentials to `billing.internal.example.com`:
        // the token of a service the script names by the host's own name.
        let named = match (&token, &host) {
            // A host that collects data (a request bin, a tunnel) is no service's own.
            (Some(t), Some(h)) if matches!(class, HostClass::Other) => {
                places::token_host_named(t, h)
            }
            _ => false,
        };
        // A token of no service with documented hosts (`OCTOPRINT_API_KEY`, `HASS_TOKEN`) in the
        // credentials of a request to a name in a zone only the network's own DNS answers
        // (`octopi.internal`, `nas.home.arpa`): the project's own device or server. A private
        // address or a `.local` name may be whoever shares the link, and a vendor's token
        // (`GITHUB_TOKEN`) belongs to its vendor's hosts alone, wherever else it goes.
        let own_network = match (&token, &host) {
            (Some(t), Some(h)) => {
                (terraphim_shell_vocab::hosts::is_private_zone_name(h)
                    || terraphim_shell_vocab::hosts::is_single_label_name(h))
                    && places::token_vendor(t).is_none()
            }
            _ => false,
        };
        if env_token
            && (own_api || documented || named || own_network)
            && !credentials.env
            && !credentials.host
        {
            let (secret, host) = (
                credentials.secret.clone().unwrap_or_default(),
                host.unwrap_or_default(),
            );
            // The payload may hold the same token (a request built from the same settings):
            // it goes where the credentials go.
            let same = !payload.taint.private()
                || payload.taint.secret == credentials.secret
                    && !url_has_query(url)
                    && payload.taint.belongs_to_host(&host);
            // A token the project authenticates with to its own server on this machine
            // (`Authorization: Bearer $API_TOKEN` to `localhost:8080`), with nothing private in
            // what is sent: the project running against itself.
            let own_machine = (own_network
                || matches!(class, HostClass::Local)
                    && terraphim_shell_vocab::hosts::is_loopback_host(&host))
                && !payload.taint.private()
                && !credentials.mixed
                && !credentials.store;
            if own_machine {
                if let Some(t) = token {
                    self.env_token_used.insert(t);
                }
                return;
            }
            if documented && same {
                // The token goes to the API it is issued for: that is its use, not a leak, and
                // the host is documented for it.
                if let Some(t) = token {
                    // A token read as the fallback of this one (`GH_TOKEN or GITHUB_TOKEN`)
                    // is used too when the host is documented for it as well.
                    let alts: Vec<String> = self
                        .token_alts
                        .iter()
                        .filter_map(|(a, b)| match (a == &t, b == &t) {
                            (true, _) => Some(b.clone()),
                            (_, true) => Some(a.clone()),
                            _ => None,
                        })
                        .filter(|x| places::token_host_documented(x, &host))
                        .collect();
                    self.env_token_used.extend(alts);
                    self.env_token_used.insert(t);
                }
                self.token_hosts_used.insert(host);
                return;
            } else if self.recording {
                self.add_rule(
                    line,
                    Category::SecretRead,
                    Verdict::Suspicious,
                    "token-to-listed-host",
                    vec![
                        format!("secret read: {secret}"),
                        format!("network send (credentials): {host}"),
                    ],
                    format!("uses {secret} to authenticate to {}", shown_host(&host)),
                );
            }
            self.network(line, url, payload, sends);
        } else if self.recording {
            let merged = payload.clone().with_taint(credentials);
            self.network(line, url, &merged, sends);
        }
    }

    /// [`Sink::network_with_credentials`] for a request of an HTTP client.
    pub(crate) fn http_network(
        &mut self,
        line: u32,
        url: Option<&str>,
        payload: &Val,
        credentials: &Taint,
        sends: bool,
    ) {
        self.http_request = true;
        self.network_with_credentials(line, url, payload, credentials, sends);
        self.http_request = false;
    }

    pub(crate) fn network(&mut self, line: u32, url: Option<&str>, payload: &Val, sends: bool) {
        if !self.recording {
            return;
        }
        let (class, host) = self.classify_host(url);
        let host = match (payload.taint.token_var(), host) {
            (Some(t), None) if matches!(class, HostClass::Unknown) && !payload.taint.decoded => {
                self.checked_host(t)
            }
            (_, h) => h,
        };
        // A secret sent to the documented API of the service it belongs to, in a request
        // whose URL has no query string (where a key would be logged by every proxy): its use.
        if payload.taint.secret.is_some()
            && !url_has_query(url)
            && host
                .as_deref()
                .is_some_and(|h| payload.taint.belongs_to_host(h))
        {
            if let Some(t) = payload.taint.token_var() {
                let t = t.to_owned();
                self.env_token_used.insert(t);
            }
            self.token_hosts_used.extend(host);
            return;
        }
        // A request with nothing private to the endpoint of a service the user configured
        // (`ZAMMAD_URL`), where the script uses that service's own token: the service it works
        // with (a login's session, a public page of the same API).
        let service_used = host.as_deref().is_some_and(|h| {
            places::configured_service_setting(h).is_some() && self.token_hosts_used.contains(h)
        });
        if service_used && !payload.taint.private() {
            return;
        }
        let host = match host {
            Some(h) => shown_host(&h),
            None => "a host built at run time".into(),
        };
        // A token or the project's own secret (not one taken from the user's store) sent to
        // a service on this machine (the project's local server, its dev database's API): the
        // project running against itself. A host on the local network may be anyone's.
        if matches!(class, HostClass::Local)
            && payload.taint.secret.is_some()
            && !payload.taint.mixed
            && !payload.taint.env
            && !payload.taint.host
            && !payload.taint.store
            && url
                .and_then(terraphim_shell_vocab::hosts::host_of)
                .is_some_and(|h| terraphim_shell_vocab::hosts::is_loopback_host(&h))
        {
            if let Some(t) = payload.taint.token_var() {
                let t = t.to_owned();
                self.env_token_used.insert(t);
            }
            return;
        }
        // A token of no vendor (a self-hosted service's password or key: `MB_PASSWORD`,
        // `PIHOLE_PASSWORD`) alone in what is sent to the configured endpoint the script's own
        // host check confined to the network's own zone (`*.internal`): a login to the
        // project's own server, as the same token in the request's credentials is
        // ([`Sink::network_with_credentials`]). A vendor's token, two secrets, the whole
        // environment or a secrets file, a host the script names itself, a private address
        // (whoever shares the link) and a query string (logged on the way) stay where they
        // were.
        if matches!(class, HostClass::Local) && own_network_login(url, &payload.taint) {
            if let Some(t) = payload.taint.token_var() {
                let t = t.to_owned();
                self.env_token_used.insert(t);
            }
            return;
        }
        let private = payload.taint.private();
        let mut chain = source_steps(&payload.taint);
        let verb = if sends {
            "network send"
        } else {
            "network connect"
        };
        chain.push(format!("{verb}: {host}"));
        let held = self.held_request(class.clone(), url, payload, sends);
        let (category, severity, rule, why) = match class {
            HostClass::Local if private => (
                Category::Exfiltration,
                Verdict::Suspicious,
                "secret-to-network",
                format!(
                    "sends {} to a local service ({host})",
                    payload.taint.describe()
                ),
            ),
            HostClass::Local => return,
            _ if private => (
                Category::Exfiltration,
                Verdict::Dangerous,
                "secret-to-network",
                format!("sends {} to {host}", payload.taint.describe()),
            ),
            HostClass::Drop(what) if sends => (
                Category::Exfiltration,
                Verdict::Dangerous,
                "data-to-drop",
                format!("sends data to {what} ({host})"),
            ),
            HostClass::Allowed => return,
            HostClass::Other if self.token_hosts_used.contains(&host) => return,
            // The project's own files (a sample sheet, a ledger, results, an archive of
            // them) sent in a request's body to a host no list vouches for: its data taken
            // off the machine. A request that only fetches, or carries nothing read from a
            // file, stays a contact.
            HostClass::Other | HostClass::Opaque(_) if sends && payload.taint.content => (
                Category::Exfiltration,
                Verdict::Dangerous,
                "project-data-to-network",
                format!("sends the project's files to {host}"),
            ),
            // The same of files under home, of the system or of another project.
            HostClass::Other | HostClass::Opaque(_) if sends && payload.taint.outside => (
                Category::Exfiltration,
                Verdict::Dangerous,
                "outside-data-to-network",
                format!("sends files from outside the project to {host}"),
            ),
            HostClass::Drop(what) | HostClass::Opaque(what) => (
                Category::Network,
                Verdict::Suspicious,
                "network-opaque-host",
                format!("contacts {what} ({host})"),
            ),
            HostClass::Other => (
                Category::Network,
                Verdict::Suspicious,
                "network-unlisted-host",
                format!("contacts {host}, which is not on the allowed-hosts list"),
            ),
            HostClass::Unknown => (
                Category::Network,
                Verdict::Suspicious,
                "network-unknown-host",
                format!("contacts {host}"),
            ),
        };
        match held {
            Some(mark) => {
                let rule = format!("{rule}{mark}");
                self.add_rule(line, category, severity, &rule, chain, why);
            }
            None => self.add_rule(line, category, severity, rule, chain, why),
        }
    }

    /// Whether a request to a host not on the allow list is held until the whole script was
    /// walked (the mark its rule id gets), because it sends nothing the script holds: an HTTP
    /// request ([`Sink::http_request`]) with no body, whose URL carries no private or decoded
    /// data, and either
    /// - names the project's own destination: the whole URL, host included, was read from a
    ///   file of the working tree (links in the docs, the pins of a lock file) and nothing
    ///   literal is added to its host ([`HELD_PROJECT`]: dropped at the end), or
    /// - is fixed: the host is literal, and the rest of the URL literal or completed with
    ///   parts of earlier responses and none of the project's files ([`HELD_STORE`]: kept only when the script stores a
    ///   download it does not verify, see [`Sink::finish_held_network`]), or
    /// - follows a pointer a server handed out: the whole URL, host included, is taken from
    ///   the response of an earlier request (the `next` link of a page of an API, a redirect's
    ///   `Location`, a `patch_url` field) and nothing literal is added to its host
    ///   ([`HELD_RESPONSE`]: dropped at the end when every host the script names itself is
    ///   on the allow list, so the pointer came from one of them, and the script stores no
    ///   download it does not verify).
    fn held_request(
        &self,
        class: HostClass,
        url: Option<&str>,
        payload: &Val,
        sends: bool,
    ) -> Option<&'static str> {
        let t = &payload.taint;
        if !self.http_request || sends || t.private() || t.decoded {
            return None;
        }
        let whole_unknown = origin_unknown(url);
        match class {
            HostClass::Unknown if t.file && whole_unknown => Some(HELD_PROJECT),
            HostClass::Unknown if t.downloaded() && whole_unknown => Some(HELD_RESPONSE),
            // A fixed host the script alone names stays a finding: measured on scripts nobody
            // tuned the review to, holding such requests until a store was seen let through
            // requests whose data or use the walk does not follow ([`HELD_STORE`] is kept for
            // a narrower rule).
            _ => None,
        }
    }

    /// The held requests of [`Sink::held_request`], once the whole script was walked: a
    /// destination the project names is no finding; a fixed one is, when the script stores a
    /// download (a file written with downloaded content, an archive unpacked from one, a
    /// clone outside the project), because then what that host serves becomes the project's
    /// or the machine's.
    pub(crate) fn finish_held_network(&mut self) {
        // A contact with a host the script authenticates to with a token, as that token's
        // documented host (a public read of `archive.org/metadata/<id>` before the keys go to
        // the same API's write endpoint): the service the script works with, which the walk
        // learnt only after it had passed the read. A host no token of the script is used at
        // stays a finding.
        // So is a contact with the endpoint of a service the user configured (`ZAMMAD_URL`)
        // where the script uses that service's own token, and a contact with another host
        // documented for a token the script used at its documented host (the access token
        // `login.microsoftonline.com` gave for `M365_CLIENT_SECRET`, sent to
        // `graph.microsoft.com`): the same vendor's API.
        let used_hosts: Set<String> = self
            .token_hosts_used
            .iter()
            .map(|h| shown_host(h))
            .collect();
        let used_tokens: Vec<String> = self
            .env_token_used
            .iter()
            .filter(|t| {
                self.token_hosts_used
                    .iter()
                    .any(|h| terraphim_shell_vocab::secrets::token_host_documented(t, h))
            })
            .cloned()
            .collect();
        let used_vendor = |h: &str| {
            used_tokens
                .iter()
                .any(|t| terraphim_shell_vocab::secrets::token_host_documented(t, h))
        };
        self.findings.retain(|f| {
            let service = f.rule == "network-unknown-host"
                && f.why.starts_with("contacts the endpoint configured in ");
            f.rule != "network-unlisted-host" && !service
                || !f
                    .chain
                    .last()
                    .and_then(|c| {
                        c.strip_prefix("network connect: ")
                            .or_else(|| c.strip_prefix("network send: "))
                    })
                    .is_some_and(|h| {
                        used_hosts.contains(h)
                            || f.rule == "network-unlisted-host" && used_vendor(h)
                    })
        });
        let stores = !self.verified
            && (!self.remote_dirs.is_empty()
                || self
                    .caps
                    .iter()
                    .any(|(k, _, _)| matches!(k, Cap::DownloadToFile | Cap::DownloadExtract)));
        // Another request to a host not on the allow list that stays a finding: a pointer
        // may have come from that host's response.
        let named_elsewhere = self.findings.iter().any(|f| {
            f.category == Category::Network
                && !f.rule.ends_with(HELD_PROJECT)
                && !f.rule.ends_with(HELD_RESPONSE)
        });
        // A secret sent elsewhere: the pointer may lead to where it went.
        let sent_elsewhere = self
            .findings
            .iter()
            .any(|f| f.rule.starts_with("secret-to-network") && !f.rule.ends_with(HELD_POINTER));
        let used = self.env_token_used.clone();
        self.findings.retain_mut(|f| {
            if f.rule.ends_with(HELD_PROJECT) {
                false
            } else if let Some(rule) = f.rule.strip_suffix(HELD_POINTER) {
                f.rule = rule.to_owned();
                let token = f.chain.first().and_then(|c| {
                    c.strip_prefix("secret read: the ")?
                        .strip_suffix(" environment variable")
                });
                named_elsewhere || sent_elsewhere || !token.is_some_and(|t| used.contains(t))
            } else if let Some(rule) = f.rule.strip_suffix(HELD_RESPONSE) {
                f.rule = rule.to_owned();
                stores || named_elsewhere
            } else if let Some(rule) = f.rule.strip_suffix(HELD_STORE) {
                f.rule = rule.to_owned();
                stores
            } else {
                true
            }
        });
    }

    /// A DNS lookup of a name: data in the name leaves the machine.
    pub(crate) fn dns(&mut self, line: u32, name: &Val) {
        if self.recording && name.taint.private() {
            let mut chain = source_steps(&name.taint);
            chain.push("network send: DNS lookup".into());
            self.add_rule(
                line,
                Category::Exfiltration,
                Verdict::Dangerous,
                "secret-to-network",
                chain,
                format!("sends {} out in a DNS lookup", name.taint.describe()),
            );
        }
    }

    /// A read of whatever `path` names.
    pub(crate) fn read_val(&mut self, line: u32, path: &Val) -> Taint {
        let mut t = Taint::default();
        for p in path.path_alternatives() {
            t.join(&self.read_path(line, &p));
        }
        t
    }

    /// A write of `content` to `path`.
    pub(crate) fn write(&mut self, line: u32, path: &Val, content: &Val, append: bool) {
        for p in path.path_alternatives() {
            self.write_one(line, &p, content, append);
        }
    }

    fn write_one(&mut self, line: u32, raw: &str, content: &Val, append: bool) {
        let raw = raw.to_owned();
        let resolved = self.resolve(&raw);
        self.changed.insert(resolved.text.clone());
        // What the script writes whole of data it derived from files (and no file's
        // content, nothing private) stays its derived output until something written later
        // brings content in. Data of unknown origin is not known to be derived.
        let derived = content.taint.file
            && !content.taint.content
            && !content.taint.private()
            && !resolved.text.contains(UNKNOWN)
            && matches!(resolved.place, Place::WorkTree | Place::WorkTreeRoot);
        if !derived {
            self.derived_outputs.remove(&resolved.text);
        } else if !append {
            self.derived_outputs.insert(resolved.text.clone());
        }
        if append || (content.text.is_none() && content.alts.is_empty()) {
            self.written.remove(&resolved.text);
        } else {
            // A name known only in part (`mkstemp` in the project) may be another file the
            // script wrote under the same shape: either text.
            let kept = match self.written.get(&resolved.text) {
                Some(before) if resolved.text.contains(UNKNOWN) => before.union(content),
                _ => content.clone(),
            };
            self.written.insert(resolved.text.clone(), kept);
        }
        let shown = Self::show(&resolved.text);
        if content.taint.remote {
            self.remote_files.insert(resolved.text.clone());
            self.cap(line, Cap::DownloadToFile, shown.clone());
        } else if content.taint.decoded {
            self.decoded_files.insert(resolved.text.clone());
        }
        if !self.recording {
            // What follows only records findings and capabilities.
            return;
        }
        // The null device keeps nothing (`grep -q ... >/dev/null`): no file holds the data.
        // The standard streams and the terminal are the output.
        match resolved.text.as_str() {
            "/dev/null" => return,
            "/dev/stdout" | "/dev/stderr" | "/dev/tty" => {
                self.output(line, content);
                return;
            }
            _ => {}
        }
        let class = places::classify_write(&resolved);
        if matches!(class, WriteClass::Unknown) {
            self.cap(line, Cap::UnknownWrite, shown.clone());
        }
        if content.taint.secret.is_some() && places::secret_kind(&resolved.text).is_none() {
            self.secret_written_out = true;
        }
        let root = {
            let cwd = self.ctx.cwd.to_string_lossy().into_owned();
            self.resolve(&cwd).text
        };
        let mut chain = source_steps(&content.taint);
        chain.push(format!("write: {shown}"));
        if content.taint.private() {
            match class {
                // A credential from the user's store copied into a file of the project that
                // is not itself a secrets file (a fixture, a cache, a bundle): harvested
                // into a place every tool and commit of the project reads.
                WriteClass::Harmless
                    if matches!(resolved.place, Place::WorkTree)
                        && content.taint.store
                        && content.taint.secret.is_some()
                        && places::secret_kind(&resolved.text).is_none()
                        // A credential file copied whole is `secret-copy` already.
                        && !self
                            .copied_secrets
                            .iter()
                            .any(|c| c == resolved.text.trim_end_matches('/')) =>
                {
                    self.add_rule(
                        line,
                        Category::Exfiltration,
                        Verdict::Dangerous,
                        "secret-to-project-file",
                        chain.clone(),
                        format!(
                            "copies {} out of the user's credential store into {shown}",
                            content.taint.describe()
                        ),
                    )
                }
                WriteClass::Harmless if matches!(resolved.place, Place::WorkTree) => {}
                WriteClass::Unknown => self.add_rule(
                    line,
                    Category::Exfiltration,
                    Verdict::Suspicious,
                    "secret-to-file",
                    chain.clone(),
                    format!(
                        "writes {} to a path built at run time",
                        content.taint.describe()
                    ),
                ),
                _ => self.add_rule(
                    line,
                    Category::Exfiltration,
                    Verdict::Dangerous,
                    "secret-to-file",
                    chain.clone(),
                    format!(
                        "writes {} to {shown}, outside the working tree",
                        content.taint.describe()
                    ),
                ),
            }
        }
        // Looked for only where a write's content matters: manifests and source files.
        // Each text the content may hold (a helper's result over its rounds and calls).
        let tokens = || {
            places::code_exec_tokens(content.text.as_deref().unwrap_or("")).or_else(|| {
                content
                    .alts
                    .iter()
                    .find_map(|t| places::code_exec_tokens(t))
            })
        };
        let anchor = |cat: Category, why: String| (cat, Verdict::Dangerous, why);
        let bypass = match class {
            // Each text the content may hold (a function's result joined over the calls).
            WriteClass::Source => content.text.iter().chain(&content.alts).find_map(|t| {
                places::auth_bypass(t)
                    .map(|f| format!("makes `{f}` succeed before it checks anything"))
                    .or_else(|| {
                        places::fixed_credential_check(t).map(|c| {
                            format!("lets a request in on a credential fixed in the code (`{c}`)")
                        })
                    })
            }),
            _ => None,
        };
        let found = match class {
            WriteClass::Persistence(what) => Some(anchor(
                Category::Persistence,
                format!("writes {what} ({shown}), which outlives the session"),
            )),
            WriteClass::ConfigTampering(what) => Some(anchor(
                Category::ConfigTampering,
                format!("changes {what} ({shown})"),
            )),
            WriteClass::Escape(what) => {
                Some(anchor(Category::Escape, format!("writes {what} ({shown})")))
            }
            WriteClass::PoisonAlways(what) => Some(anchor(
                Category::SourcePoisoning,
                format!("writes {what} ({shown}), code that runs later outside any sandbox"),
            )),
            WriteClass::Manifest(what) => {
                if content.known().is_none() {
                    self.cap(line, Cap::ManifestRewrite, shown.clone());
                    // A manifest the project does not hold (unpacked, under the home, found
                    // at run time) is another package's.
                    if resolved.place != Place::WorkTree {
                        self.cap(line, Cap::ForeignManifestRewrite, shown.clone());
                    }
                }
                if content.known().is_none()
                    && resolved.text.ends_with("package.json")
                    && let Some((hook, tok)) = self.hook_texts.first().cloned()
                {
                    // `DEFAULTS = { postinstall: 'curl … | sh' }` merged into the manifest
                    // rewritten from what the script built: the hook it spelled goes in.
                    self.install_hook(line, &hook, tok);
                }
                let untrusted = content
                    .text
                    .as_deref()
                    .and_then(|t| places::untrusted_url(t, self.config));
                match (tokens(), untrusted) {
                    (Some(t), _) => Some(anchor(
                        Category::SourcePoisoning,
                        format!("writes {what} ({shown}) with code-running content (`{t}`)"),
                    )),
                    (None, Some(host)) => Some(anchor(
                        Category::ConfigTampering,
                        format!(
                            "points {what} ({shown}) at {host}, a host not on the allow list, to fetch code from"
                        ),
                    )),
                    (None, None) if content.known().is_some() => None,
                    // Several texts, each visible (a recipe picked by a `case` over a loop's
                    // targets): each was read for code that runs commands above.
                    (None, None) if every_alternative_visible(content) => None,
                    // The manifest's own text transformed (`re.sub` of its version line, a
                    // dependency bumped): read by the script, rewritten whole, with nothing
                    // downloaded, decoded or private in it and no code-running text visible,
                    // as for a source file.
                    // A JSON manifest parsed and serialised again (`JSON.stringify(pkg)` of
                    // the `pkg` read from it) shows no text of its own, and is the same case.
                    (None, None)
                        if !append
                            && (content.text.as_deref().is_some_and(|t| {
                                t.chars().any(|c| c.is_alphanumeric() && c != UNKNOWN)
                            }) || resolved.text.ends_with(".json"))
                            && self.secrets.contains_key(&raw)
                            && !(content.taint.remote
                                || content.taint.decoded
                                || content.taint.private()) =>
                    {
                        None
                    }
                    // The manifest of a package the script scaffolds in a directory it made
                    // new (`mkdirSync(dir)` that fails if it exists): a new file of the
                    // scaffold, not a rewrite of one of the project's, as for a source file.
                    (None, None)
                        if !append
                            && self.in_made_dir(&raw)
                            && !(content.taint.remote
                                || content.taint.decoded
                                || content.taint.private()) =>
                    {
                        None
                    }
                    (None, None) => Some((
                        Category::SourcePoisoning,
                        Verdict::Suspicious,
                        format!("rewrites {what} ({shown}) with content built at run time"),
                    )),
                }
            }
            WriteClass::Source if let Some(f) = &bypass => Some(anchor(
                Category::SourcePoisoning,
                format!("writes code into {shown} that {f} (an authentication bypass)"),
            )),
            WriteClass::Source => {
                if content.taint.remote || content.taint.decoded {
                    Some(anchor(
                        Category::SourcePoisoning,
                        format!("writes downloaded or decoded code into {shown}"),
                    ))
                } else if let Some(t) = tokens().filter(|_| {
                    // A source file generated whole by the script (its text opens with a
                    // generated-code marker, or its name or directory says it is a
                    // generator's output, `src/generated/api.js`, `client.gen.ts`, written
                    // from the project's data, not from the command line): the code it holds
                    // is reviewed as code by the planted-code rule, not by its words (a
                    // generated API client calls `fetch(`).
                    let marked = content
                        .text
                        .as_deref()
                        .is_some_and(places::generated_header);
                    let named = places::generated_name(&resolved.text)
                        && !content.taint.arg
                        && !content.taint.found;
                    append || content.taint.private() || !(marked || named)
                }) {
                    let severity = if append {
                        Verdict::Dangerous
                    } else {
                        Verdict::Suspicious
                    };
                    let how = if append { "appends" } else { "writes" };
                    Some((
                        Category::SourcePoisoning,
                        severity,
                        format!(
                            "{how} code that runs commands (`{t}`) into the source file {shown}"
                        ),
                    ))
                } else if (append || !self.secrets.contains_key(&raw) && !self.in_made_dir(&raw))
                    // Build output (`dist/`, `build/`, `target/`) is what the build writes,
                    // not the project's sources; a file the script made in this run, appended
                    // to, is its own output; a project file copied over another is the
                    // project's own text.
                    && !(matches!(resolved.place, Place::WorkTree)
                        && places::in_build_output(&resolved.text, &root))
                    && !(append && self.own_outputs.contains(&resolved.text))
                    && !self.copying_project_file
                    && content
                        .text
                        .as_deref()
                        .is_none_or(|t| !unknowns_are_quoted(t))
                    // Several texts, each visible (a method's result over its overrides, joined
                    // to a header): each was read for code that runs commands above.
                    && !every_alternative_visible(content)
                    && !(!append
                        && content
                            .text
                            .as_deref()
                            .is_some_and(places::generated_header)
                        && !content.taint.private())
                    // A file named as a generator's output (`client.gen.go`), written whole
                    // with content that carries no private data: the generator's output.
                    && !(!append
                        && places::generated_name(&resolved.text)
                        && !content.taint.private())
                    // The rows a generator writes after its generated-code header.
                    && (!self.generated_outputs.contains(&resolved.text)
                        || content.taint.private())
                {
                    // A file the script read and rewrites with content carrying no downloaded,
                    // decoded or private data is a codemod or a regenerated file (its own text
                    // transformed, compared); code appended unseen, or written into a file the
                    // script never read, is not.
                    Some((
                        Category::SourcePoisoning,
                        Verdict::Suspicious,
                        format!(
                            "{} the source file {shown} with content built at run time",
                            if append { "appends to" } else { "rewrites" }
                        ),
                    ))
                } else {
                    None
                }
            }
            WriteClass::System => Some(anchor(
                Category::Destructive,
                format!("overwrites the system path {shown}"),
            )),
            WriteClass::Outside => Some((
                Category::OutsideWrite,
                Verdict::Suspicious,
                format!("writes {shown}, outside the working tree and the temporary directories"),
            )),
            WriteClass::Harmless | WriteClass::Unknown => None,
        };
        if !append
            && matches!(resolved.place, Place::WorkTree)
            && !(content.taint.private() || content.taint.remote || content.taint.decoded)
        {
            self.own_outputs.insert(resolved.text.clone());
            if content
                .text
                .as_deref()
                .is_some_and(places::generated_header)
            {
                self.generated_outputs.insert(resolved.text.clone());
            }
        }
        let mut severity = Verdict::Clean;
        if let Some((category, sev, why)) = found {
            let rule = match (category, sev) {
                (Category::OutsideWrite, _) => "write-outside",
                (Category::Destructive, _) => "write-system-path",
                _ if bypass.is_some() => "auth-bypass",
                (_, Verdict::Dangerous) => "trust-anchor-write",
                _ => "source-rewrite",
            };
            severity = sev;
            self.add_rule(line, category, sev, rule, chain.clone(), why);
        }
        // A manifest or lock file whose package sources now name a foreign host: in the text
        // written, or set on the object serialised into it.
        let dependency_file = matches!(class, WriteClass::Manifest(_))
            || terraphim_shell_vocab::is_lockfile(&resolved.text);
        if severity < Verdict::Dangerous && dependency_file {
            let in_text = content
                .text
                .iter()
                .chain(&content.alts)
                .find_map(|t| places::foreign_dependency_source(t, self.config))
                .map(|host| (format!("the package sources of {shown}"), host));
            let on_object = || {
                self.dependency_sources
                    .first()
                    .filter(|_| content.known().is_none())
                    .map(|(member, host)| (format!("`{member}` in {shown}"), host.clone()))
            };
            if let Some((what, host)) = in_text.or_else(on_object) {
                self.dependency_source(line, &what, &host);
                severity = Verdict::Dangerous;
            }
        }
        // Code added to a source file is reviewed as code even when no word of it runs
        // commands by name (`_o["fet" + "ch"](...)` appended to a module): a call in the text
        // the script wrote is enough.
        let adds_calls = matches!(class, WriteClass::Source)
            && content
                .text
                .iter()
                .chain(&content.alts)
                .any(|t| t.split(UNKNOWN).any(|part| part.contains('(')));
        if severity < Verdict::Dangerous
            && !matches!(class, WriteClass::Manifest(_))
            && places::may_hold_code(&resolved.text)
            && (tokens().is_some() || adds_calls)
        {
            self.planted_code(line, &resolved.text, content, chain);
        }
    }

    /// Code written into a file is reviewed as code: a dangerous payload planted anywhere it
    /// can run (a source file, a temp script, a path built at run time) is dangerous.
    fn planted_code(&mut self, line: u32, path: &str, content: &Val, chain: Vec<String>) {
        if !self.recording || self.depth >= MAX_DEPTH {
            return;
        }
        // The text, or each text it may hold (a helper's result over its calls), until one
        // plants a dangerous payload.
        for text in content.text.iter().chain(&content.alts).take(8) {
            if text.len() <= 64 * 1024 && self.planted_text(line, path, text, &chain) {
                return;
            }
        }
    }

    /// [`Sink::planted_code`] of one text: whether it planted a dangerous payload.
    fn planted_text(&mut self, line: u32, path: &str, text: &str, chain: &[String]) -> bool {
        let mut chain = chain.to_vec();
        let code = text.replace(UNKNOWN, "\n");
        let lang = Language::from_extension(std::path::Path::new(path))
            .or_else(|| Language::from_shebang(&code))
            .unwrap_or(self.lang);
        let mut inner = Sink::new(self.ctx, self.config, "");
        inner.lines = self.lines.clone();
        inner.fixed_line = Some(self.fixed_line.unwrap_or(line));
        inner.depth = self.depth + 1;
        inner.lang = lang;
        crate::analyze::analyze_into(lang, &code, &mut inner);
        let worst = inner
            .findings
            .iter()
            .filter(|f| f.severity == Verdict::Dangerous && f.category != Category::Unreviewable)
            .max_by_key(|f| f.chain.len());
        if let Some(f) = worst {
            let why = format!(
                "writes code into {} that itself {}",
                Self::show(path),
                f.why
            );
            chain.extend(f.chain.iter().map(|c| format!("planted {c}")));
            self.add_rule(
                line,
                Category::SourcePoisoning,
                Verdict::Dangerous,
                "planted-code",
                chain,
                why,
            );
            return true;
        }
        false
    }

    /// A credential file copied whole to another place: staged for use elsewhere.
    pub(crate) fn copy_secret(&mut self, line: u32, what: &str, src: &str, dst: &Val) {
        for p in dst.path_alternatives() {
            let place = self.resolve(&p).text.trim_end_matches('/').to_owned();
            if !place.is_empty() && !self.copied_secrets.contains(&place) {
                self.copied_secrets.push(place);
            }
        }
        if !self.recording {
            return;
        }
        // A secrets file of the project or of the script's own scratch directory (a key it
        // just made, a `.env.local` it rewrote in a temporary file) put in place as another
        // secrets file of the project: the secret stays where the project keeps its secrets.
        // Not from the user's store or anywhere else, not into a file that is no secrets
        // file (`docs/env.txt`), not outside the working tree.
        let from = self.resolve(src);
        let kept_in_project = matches!(from.place, Place::WorkTree | Place::Tmp)
            && places::secret_kind(&from.text)
                .is_some_and(|k| k == places::DOTENV || k == places::KEY_FILE)
            && {
                let dsts = dst.path_alternatives();
                !dsts.is_empty()
                    && dsts.iter().all(|p| {
                        let to = self.resolve(p);
                        matches!(to.place, Place::WorkTree)
                            && !to.text.contains(UNKNOWN)
                            && places::secret_kind(&to.text).is_some()
                    })
            };
        if kept_in_project {
            return;
        }
        let shown = Self::show(&dst.text_or_unknown());
        self.add_rule(
            line,
            Category::Exfiltration,
            Verdict::Dangerous,
            "secret-copy",
            vec![format!("secret read: {what}"), format!("write: {shown}")],
            format!("copies {what} to {shown}"),
        );
    }

    /// A copy or move of `src` to `dst` writing `content` there. A file of the working tree
    /// copied into a source file of the working tree is the project's own code, not code built
    /// at run time (`os.rename('src/a.py', 'src/b.py')`); every other destination is judged as
    /// any write is (a project file copied into a git hook is still planted code).
    pub(crate) fn copied(&mut self, line: u32, src: &Val, dst: &Val, content: &Val) {
        // A file the script wrote earlier (a temporary file swapped over its target): the
        // destination gets the text written to it.
        let sources = src.path_alternatives();
        let earlier = match sources.as_slice() {
            [one] if content.text.is_none() && content.alts.is_empty() => {
                let key = self.resolve(one).text;
                self.written.get(&key).cloned()
            }
            _ => None,
        };
        let content = &match earlier {
            Some(w) => Val {
                text: w.text,
                alts: w.alts,
                ..content.clone()
            }
            .with_taint(&w.taint),
            None => content.clone(),
        };
        let from_tree = src
            .path_alternatives()
            .iter()
            .all(|p| matches!(self.resolve(p).place, Place::WorkTree));
        let plain = !content.taint.remote && !content.taint.decoded && !content.taint.private();
        if !(from_tree && plain) {
            self.write(line, dst, content, false);
            return;
        }
        for p in dst.path_alternatives() {
            let resolved = self.resolve(&p);
            if !matches!(places::classify_write(&resolved), WriteClass::Source) {
                self.write_one(line, &p, content, false);
            }
        }
    }

    /// A move or rename of `src` to `dst` (the content's write is judged by the caller). A
    /// tree moved from outside the working tree into a temporary directory is gone from where
    /// the user keeps it (the system empties temporary directories): judged as its deletion.
    pub(crate) fn moved(&mut self, line: u32, src: &Val, dst: &Val) {
        if !self.recording {
            return;
        }
        let into_tmp = dst
            .path_alternatives()
            .iter()
            .any(|p| matches!(self.resolve(p).place, Place::Tmp));
        if !into_tmp {
            return;
        }
        for p in src.path_alternatives() {
            if !matches!(
                self.resolve(&p).place,
                Place::Tmp | Place::WorkTree | Place::Unknown
            ) {
                self.delete_one(line, &p, true);
            }
        }
    }

    /// A change of `path`'s owner: of a system path or a credential file it hands them to
    /// whoever the script names (a user who then rewrites them); elsewhere it is housekeeping.
    pub(crate) fn chown(&mut self, line: u32, path: &Val) {
        if !self.recording {
            return;
        }
        for p in path.path_alternatives() {
            let resolved = self.resolve(&p);
            let shown = Self::show(&resolved.text);
            if matches!(resolved.place, Place::System | Place::HomeRoot)
                || places::secret_kind(&resolved.text).is_some()
            {
                self.add_rule(
                    line,
                    Category::Escape,
                    Verdict::Dangerous,
                    "weaken-permissions",
                    vec![format!("chown: {shown}")],
                    format!("changes the owner of {shown}, a system or credential file"),
                );
            }
        }
    }

    /// A deletion of `path`.
    pub(crate) fn delete(&mut self, line: u32, path: &Val, recursive: bool) {
        if !self.recording {
            return;
        }
        // The empty path names nothing (`rm('')`, `rm -rf ""` fail or do nothing): the blank a
        // field held before the script gave it the directory it made deletes nothing.
        for p in path.path_alternatives().iter().filter(|p| !p.is_empty()) {
            self.delete_one(line, p, recursive);
        }
    }

    /// Where every call of a shell function was walked with its arguments, the findings its
    /// body gave with parameters nobody knows (where it is defined) give way to the calls':
    /// `remove dist build` deletes build output, not "a path chosen at run time".
    pub(crate) fn drop_definition_findings(&mut self) {
        let mut drop = vec![false; self.findings.len()];
        let all_walked = |body: &usize| {
            self.function_calls
                .get(body)
                .is_some_and(|(calls, walked)| *calls > 0 && walked >= calls)
        };
        // A publish in a function every call of which only the user's opt-in reaches
        // (`if (( publish )); then release; fi`), the calls not walked: the release the user
        // asks for, as the same publish written in the branch is (see `caps::combine`).
        let on_request_only = |body: &usize| {
            self.function_calls
                .get(body)
                .is_some_and(|(calls, walked)| calls + walked > 0)
                && !self.called_unrequested.contains(body)
        };
        let mut requested: Vec<(usize, u32)> = Vec::new();
        for (body, range) in &self.definition_caps {
            if !all_walked(body) && on_request_only(body) {
                for cap in self.caps.get_mut(range.clone()).into_iter().flatten() {
                    if cap.0 == Cap::Publish {
                        cap.0 = Cap::PublishOnRequest;
                        requested.push((*body, cap.1));
                    }
                }
            }
        }
        for (body, range) in &self.definition_findings {
            if all_walked(body) {
                for d in drop.get_mut(range.clone()).into_iter().flatten() {
                    *d = true;
                }
            } else {
                for i in range.clone() {
                    if let (Some(d), Some(f)) = (drop.get_mut(i), self.findings.get(i))
                        && f.rule == "package-publish"
                        && requested.contains(&(*body, f.line))
                    {
                        *d = true;
                    }
                }
            }
        }
        let mut d = drop.into_iter();
        self.findings.retain(|_| !d.next().unwrap_or(false));
        self.definition_findings.clear();
        let mut drop = vec![false; self.caps.len()];
        for (body, range) in &self.definition_caps {
            if all_walked(body) {
                for i in range.clone() {
                    if let Some(d) = drop.get_mut(i)
                        && self.caps[i].0 == Cap::Publish
                    {
                        *d = true;
                    }
                }
            }
        }
        let mut d = drop.into_iter();
        self.caps.retain(|_| !d.next().unwrap_or(false));
        self.definition_caps.clear();
    }

    /// A call of the script's shell function whose body starts at `body`; `walked`: its body
    /// was walked with this call's arguments for the judge.
    pub(crate) fn function_called(&mut self, body: usize, walked: bool) {
        if !self.on_request {
            self.called_unrequested.insert(body);
        }
        let e = self.function_calls.entry(body).or_insert((0, 0));
        match walked {
            true => e.1 += 1,
            false => e.0 += 1,
        }
    }

    /// A directory the script makes: a later recursive delete of the same path, whose last
    /// part is a name the script wrote (`path.join(DIR, ".v1-backup")` under a directory given
    /// on the command line), removes what the script made, not a tree it found.
    /// A directory the script makes that must not exist before (see `new_dirs`).
    pub(crate) fn make_new_dir(&mut self, path: &Val) {
        for p in path.path_alternatives() {
            self.new_dirs.insert(p);
        }
        self.make_dir(path);
    }

    /// A key or certificate file a key tool makes (see `made_key_files`).
    pub(crate) fn made_key_file(&mut self, path: &str) {
        let resolved = self.resolve(path).text;
        self.made_key_files.insert(resolved);
    }

    /// Whether a key tool of this run made `path` (see `made_key_files`): a name completed at
    /// run time is the same file wherever the script spells it alike (`certs/{name}.key`).
    pub(crate) fn is_made_key_file(&mut self, path: &str) -> bool {
        let resolved = self.resolve(path).text;
        self.made_key_files.contains(&resolved)
    }

    /// A path `mktemp` made (see `made_temp`).
    /// Only a path whose name the template spells: a name built at run time may be another
    /// path's too.
    pub(crate) fn make_temp(&mut self, path: &Val) {
        for p in path.path_alternatives() {
            let name = p.trim_end_matches('/').rsplit('/').next().unwrap_or("");
            if name.len() > 3 && name.ends_with("XXX") && !name.contains(UNKNOWN) {
                self.created.insert((MKTEMP_KIND, p.clone()));
                self.made_temp.insert(p);
            }
        }
    }

    /// The paths of `rm [-f] [-r] [-v] [--] PATH...` (its words) when every one is a path
    /// `mktemp` made: a teardown of what the script brought up (see `shell_judge::record`).
    pub(crate) fn removes_made_temp(&self, words: &[String]) -> Option<Vec<String>> {
        let paths = rm_operands(words)?;
        paths
            .iter()
            .all(|w| self.made_temp.contains(*w))
            .then(|| paths.into_iter().cloned().collect())
    }

    /// A program edited `path` (relative to the shell's directory) in place: restoring it from
    /// the index later undoes the script's own change.
    pub(crate) fn edited_in_place(&mut self, path: &str) {
        let r = self.resolve(path);
        if !r.text.contains(UNKNOWN) {
            self.changed.insert(r.text);
        }
    }

    /// What a git command (its words) makes that the script owns from then on, recorded
    /// in `created` and `changed`; and when it drops or undoes only such things, the teardown
    /// to give the judge's verdict on it (see `shell_judge::record`): a branch the script
    /// created, deleted or force-pushed; a path it changed, restored; the `.git` of a
    /// repository it made (`git init`), or of one in a temporary directory or build output,
    /// removed. The project's own `.git` is never the script's.
    pub(crate) fn git_facts(&mut self, words: &[String]) -> Option<(&'static str, Vec<String>)> {
        use crate::shell_judge::{BRANCH_KIND, CHANGED_KIND, GitAct, REMOTE_KIND, REPO_KIND};
        if let Some(paths) = self.removes_git_dirs(words) {
            let root = self.root_text();
            let mut keys = Vec::new();
            for p in paths {
                let r = self.resolve(&p);
                if r.text.contains(UNKNOWN) || r.text.trim_end_matches("/.git") == root {
                    return None;
                }
                let scratch = matches!(r.place, Place::Tmp)
                    || places::in_build_output(&r.text, &root)
                    || self.made_temp.iter().any(|t| {
                        r.text
                            .strip_prefix(self.resolved_text(t).as_str())
                            .is_some_and(|rest| rest.starts_with('/'))
                    });
                if scratch {
                    self.created.insert((REPO_KIND, r.text.clone()));
                }
                keys.push(r.text);
            }
            return Some((REPO_KIND, keys));
        }
        match crate::shell_judge::git_act(words)? {
            GitAct::CreatesBranch(name) => {
                self.created.insert((BRANCH_KIND, name));
                None
            }
            GitAct::DropsBranches(names) => Some((BRANCH_KIND, names)),
            GitAct::Pushes(remote, names) => {
                if self.created.contains(&(REMOTE_KIND, remote.clone()))
                    || self.own_repo_path(&remote)
                {
                    self.created.insert((REMOTE_KIND, remote.clone()));
                    return Some((REMOTE_KIND, vec![remote]));
                }
                names.map(|n| (BRANCH_KIND, n))
            }
            GitAct::AddsRemote(name, url) => {
                if self.own_repo_path(&url) {
                    self.created.insert((REMOTE_KIND, name));
                }
                None
            }
            GitAct::Init(dir) => {
                let dir =
                    dir.map_or_else(|| ".".to_owned(), |d| d.trim_end_matches('/').to_owned());
                // A bare repository is the directory itself.
                for p in [format!("{dir}/.git"), dir] {
                    let r = self.resolve(&p);
                    if !r.text.contains(UNKNOWN) && r.text != self.root_text() {
                        self.created.insert((REPO_KIND, r.text));
                    }
                }
                None
            }
            GitAct::Overwrites(paths) => {
                for p in paths {
                    let r = self.resolve(&p);
                    self.changed.insert(r.text);
                }
                None
            }
            GitAct::Restores(paths) => {
                let root = self.root_text();
                let mut keys = Vec::new();
                for p in paths {
                    let r = self.resolve(p.trim_end_matches('/'));
                    let own = !r.text.contains(UNKNOWN)
                        && r.text != root
                        && (self.changed.contains(&r.text)
                            || places::in_build_output(&format!("{}/-", r.text), &root)
                            || self.new_dirs.contains(&p));
                    if !own {
                        return None;
                    }
                    keys.push(r.text);
                }
                for k in &keys {
                    self.created.insert((CHANGED_KIND, k.clone()));
                }
                Some((CHANGED_KIND, keys))
            }
        }
    }

    /// Whether `words` (a git command's words after `git`) delete or force-push only branches
    /// the script created itself (see [`Sink::git_facts`]).
    pub(crate) fn drops_own_branches(&self, words: &[String]) -> bool {
        let argv: Vec<String> = std::iter::once("git".to_owned())
            .chain(words.iter().cloned())
            .collect();
        use crate::shell_judge::{BRANCH_KIND, GitAct, REMOTE_KIND};
        match crate::shell_judge::git_act(&argv) {
            Some(GitAct::Pushes(remote, names)) => {
                self.created.contains(&(REMOTE_KIND, remote))
                    || names.is_some_and(|names| {
                        names
                            .iter()
                            .all(|n| self.created.contains(&(BRANCH_KIND, n.clone())))
                    })
            }
            _ => false,
        }
    }

    /// Whether `url` (a remote's path or `file://` URL) is a repository the script made, or
    /// lies in a temporary directory.
    pub(crate) fn own_repo_path(&mut self, url: &str) -> bool {
        let path = url.strip_prefix("file://").unwrap_or(url);
        if path.contains("://") || path.contains('@') || !path.contains('/') {
            return false;
        }
        let r = self.resolve(path.trim_end_matches('/'));
        !r.text.contains(UNKNOWN)
            && (self
                .created
                .contains(&(crate::shell_judge::REPO_KIND, r.text.clone()))
                || matches!(r.place, Place::Tmp))
    }

    /// The resolved text of the working tree's root.
    fn root_text(&mut self) -> String {
        let cwd = self.ctx.cwd.to_string_lossy().into_owned();
        self.resolve(&cwd).text
    }

    /// The resolved text of `raw`.
    fn resolved_text(&self, raw: &str) -> String {
        self.resolved
            .get(raw)
            .map_or_else(|| self.ctx.resolve(raw).text, |r| r.text.clone())
    }

    /// The paths of `rm -r [-f] [--] PATH...` (its words) when every one is a `.git`
    /// directory (`.git`, `DIR/.git`).
    fn removes_git_dirs(&self, words: &[String]) -> Option<Vec<String>> {
        rm_operands(words)?
            .into_iter()
            .map(|w| {
                let t = w.trim_end_matches('/');
                (t == ".git" || t.ends_with("/.git")).then(|| t.to_owned())
            })
            .collect()
    }

    pub(crate) fn make_dir(&mut self, path: &Val) {
        for p in path.path_alternatives() {
            self.made_dirs.insert(p);
        }
    }

    /// Whether `raw` is a file in a new directory the script made (a scaffold writing the
    /// files of a new app or package): a new file, not a rewrite of the project's sources.
    fn in_made_dir(&self, raw: &str) -> bool {
        raw.rsplit_once('/')
            .is_some_and(|(dir, name)| !name.contains(UNKNOWN) && self.new_dirs.contains(dir))
    }

    /// Whether `raw` is a directory the script made whose last part it named itself.
    fn made_here(&self, raw: &str) -> bool {
        let last = raw.trim_end_matches('/').rsplit('/').next().unwrap_or("");
        self.made_dirs.contains(raw)
            && !last.is_empty()
            && !last.contains(UNKNOWN)
            && !matches!(last, "." | ".." | "~")
            && raw.contains('/')
    }

    /// A directory the script lists; only a known directory of the working tree is kept.
    pub(crate) fn list_dir(&mut self, path: &Val) {
        if let Some(p) = path.path_text().filter(|p| !p.contains(UNKNOWN)) {
            let r = self.resolve(p.trim_end_matches('/'));
            if matches!(r.place, Place::WorkTree) {
                self.listed_dirs.insert(r.text);
            }
        }
    }

    /// Whether `path` (a module's path or `file://` URL) is an entry of a directory of the
    /// working tree the script listed (`import(path.join(MIGRATIONS, f))` over
    /// `readdirSync(MIGRATIONS)`): the project's own migration or plugin file, whichever
    /// the listing holds. Its name alone is unknown; a path that leaves the directory or
    /// whose value was decoded, downloaded or given on the command line is not one.
    pub(crate) fn listed_project_entry(&mut self, path: &Val) -> bool {
        let Some(text) = path.text.as_deref() else {
            return false;
        };
        let text = text.strip_prefix("file://").unwrap_or(text);
        let Some((dir, name)) = text.rsplit_once('/') else {
            return false;
        };
        let clean = !path.taint.decoded
            && !path.taint.remote
            && !path.taint.arg
            && !path.taint.env
            && path.taint.secret.is_none();
        if !clean || dir.contains(UNKNOWN) || name.is_empty() || name == ".." {
            return false;
        }
        let dir = self.resolve(dir).text;
        self.listed_dirs.contains(&dir)
    }

    /// Whether the script made the directory whose resolved path is `text`.
    fn made_dir_named(&mut self, text: &str) -> bool {
        let made: Vec<String> = self.made_dirs.iter().cloned().collect();
        made.iter().any(|m| self.resolve(m).text == text)
    }

    fn delete_one(&mut self, line: u32, raw: &str, recursive: bool) {
        if self.made_temp.contains(raw) {
            return;
        }
        let raw = raw.to_owned();
        let resolved = self.resolve(&raw);
        self.changed.insert(resolved.text.clone());
        let shown = Self::show(&resolved.text);
        let (severity, rule, why) = match resolved.place {
            Place::System => (
                Verdict::Dangerous,
                "delete-outside",
                format!("deletes the system path {shown}"),
            ),
            Place::HomeRoot => (
                Verdict::Dangerous,
                "delete-outside",
                format!("deletes the home directory ({shown})"),
            ),
            Place::WorkTreeRoot => (
                Verdict::Dangerous,
                "delete-project",
                "deletes the whole working tree".to_owned(),
            ),
            // An entry of a named tool's own cache directory (`~/.cache/<tool>/<entry>`): what
            // that tool can fetch or build again, pruned by its cleanup script.
            Place::Home if places::tool_cache_entry(&resolved) => return,
            // The script's own cache or state directory, which it named and made itself
            // (`~/.cache/<tool>` made to keep downloads, cleared by `--clear-cache`).
            Place::Home
                if places::tool_keep_dir(&resolved) && self.made_dir_named(&resolved.text) =>
            {
                return;
            }
            Place::Home
                if resolved.text.starts_with("~/.cache/")
                    || (recursive && places::regenerable_dir(&resolved.text)) =>
            {
                (
                    Verdict::Suspicious,
                    "delete-outside",
                    format!("deletes {shown}, outside the working tree"),
                )
            }
            Place::Home if resolved.text.starts_with("~/.cache/") => (
                Verdict::Suspicious,
                "delete-outside",
                format!("deletes {shown}, outside the working tree"),
            ),
            Place::Home | Place::Outside => (
                Verdict::Dangerous,
                "delete-outside",
                format!("deletes {shown}, outside the working tree"),
            ),
            Place::Unknown if recursive && !self.made_here(&raw) => (
                Verdict::Suspicious,
                "delete-unknown-path",
                "deletes a tree whose path is built at run time".to_owned(),
            ),
            Place::WorkTree if recursive && self.top_level_entry(&resolved.text) => (
                Verdict::Suspicious,
                "delete-project-entries",
                "deletes entries of the working tree's top level chosen at run time (the sources among them)"
                    .to_owned(),
            ),
            Place::WorkTree if self.own_git_dir(&resolved.text) => {
                (
                    Verdict::Dangerous,
                    "delete-project",
                    "deletes the git repository".to_owned(),
                )
            }
            _ => return,
        };
        let how = if recursive { "delete tree" } else { "delete" };
        self.add_rule(
            line,
            Category::Destructive,
            severity,
            rule,
            vec![format!("{how}: {shown}")],
            why,
        );
    }

    /// Whether `text` (a resolved path) is the working tree's own git directory or in it: a
    /// `.git` further down is a nested repository (a build output's `deno/.git`), not the
    /// project's history.
    fn own_git_dir(&mut self, text: &str) -> bool {
        let cwd = self.resolve(&self.ctx.cwd.to_string_lossy()).text;
        text.strip_prefix(cwd.as_str())
            .and_then(|r| r.strip_prefix("/.git"))
            .is_some_and(|r| r.is_empty() || r.starts_with('/'))
    }

    /// Whether `text` (a resolved path) is an entry of the working tree's top level whose
    /// name is known only at run time (`path.join(root, entry)` for each entry of a listing
    /// of the root, `find . -maxdepth 1 ! -name src -exec rm -rf {} +`).
    fn top_level_entry(&mut self, text: &str) -> bool {
        // The working tree as resolved paths show it (`~/src/proj` under home).
        let cwd = self.resolve(&self.ctx.cwd.to_string_lossy()).text;
        text.strip_prefix(cwd.as_str())
            .and_then(|r| r.strip_prefix('/'))
            .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c == UNKNOWN))
    }

    /// Code in `lang` executed at run time.
    pub(crate) fn exec_code(&mut self, line: u32, lang: Language, code: &Val, how: &str) {
        if !self.recording {
            // Only findings and the nested review (itself run only when recording) follow.
            return;
        }
        let mut chain = source_steps(&Taint {
            remote: code.taint.downloaded(),
            ..code.taint.clone()
        });
        chain.push(format!("exec: {how}"));
        if code.taint.downloaded() {
            self.add_rule(
                line,
                Category::RemoteCode,
                Verdict::Dangerous,
                "download-to-exec",
                chain,
                format!("{how} runs code downloaded at run time"),
            );
            return;
        }
        if code.taint.decoded {
            self.add_rule(
                line,
                Category::ObfuscatedExecution,
                Verdict::Dangerous,
                "decode-to-exec",
                chain,
                format!("{how} runs code decoded or assembled at run time"),
            );
            return;
        }
        let text = code.text_or_unknown();
        // Parts known only at run time that sit inside string literals of the code
        // (`node -p "require('$ROOT/package.json')"`) are data to it: what the code does is
        // visible, and its review judges the sinks they reach.
        let unknown_code = text.contains(UNKNOWN)
            && (code.taint.private() || !unknown_only_in_literals(&text, lang));
        // Code whose every possible text is known (`icupkg -a ${file}` for each name of a
        // literal list, `'command -v ' + (npx ? 'npx' : 'shellcheck')`): each is reviewed as
        // the literal code it is, not as a command built at run time.
        if unknown_code
            && !code.taint.private()
            && !code.alts.is_empty()
            && code.alts.iter().all(|a| !a.contains(UNKNOWN))
        {
            for alt in &code.alts {
                self.nested(line, lang, alt);
            }
            return;
        }
        if unknown_code {
            self.ambient_for_next = Taint {
                secret: code.taint.secret.clone(),
                env: code.taint.env,
                host: code.taint.host,
                ..Taint::default()
            };
            // A shell command whose parts known only at run time are operands of programs
            // the command names (`npm version ${v}`, `git tag -a ${tag} -m ${msg}`, `cp ${src}
            // ${dst}`): what runs is visible, and the nested review judges what those
            // programs do with any value (a delete of a path built at run time, a request to
            // a host built at run time). Only when such a part decides what runs (the
            // program, a subcommand, an option's code: `command::run_argv`) is the command
            // itself built at run time. A part given on the script's command line, or a
            // name found on disk outside the project, is not: the shell reads it as code
            // (`x; sh`, `$(…)`), so whoever picks it picks what runs, and a command line the
            // guard judges shows it only as data.
            // A few texts it may have (`tool ${v ? '--since ' + v : ''} --json`, a helper's
            // parameter given a literal command by one call and `git log -n {n}` by another):
            // each is a command that may run, and each must name what it runs.
            let texts = match code.alts.len() {
                2..=4 => code.alts.clone(),
                5..=8 if text.chars().all(|c| c == UNKNOWN) => code.alts.clone(),
                _ => vec![text.clone()],
            };
            let all_unknown = |t: &String| t.chars().all(|c| c == UNKNOWN);
            if lang == Language::Shell
                && !code.taint.private()
                && !code.taint.arg
                && !code.taint.found
                && !texts.iter().any(all_unknown)
            {
                let (mut runs, mut opaque) = (self.argv_runs, self.run_time_code);
                let at = self.findings.len();
                let mut visible = true;
                for t in &texts {
                    self.argv_runs = 0;
                    self.run_time_code = false;
                    self.nested(line, lang, t);
                    visible &= self.argv_runs > 0 && !self.run_time_code;
                    runs += self.argv_runs;
                    opaque |= self.run_time_code;
                }
                self.argv_runs = runs;
                self.run_time_code = opaque;
                self.ambient_for_next = Taint::default();
                if visible {
                    return;
                }
                let before = self.findings.len();
                self.add_rule(
                    line,
                    Category::RemoteCode,
                    Verdict::Suspicious,
                    "unknown-exec",
                    chain,
                    format!(
                        "{how} runs a shell command built at run time (command injection risk)"
                    ),
                );
                // Reported before what the nested review found in it, as it reads.
                if self.findings.len() > before {
                    let finding = self.findings.remove(before);
                    self.findings.insert(at, finding);
                }
                return;
            }
            let why = match lang {
                Language::Shell => {
                    format!("{how} runs a shell command built at run time (command injection risk)")
                }
                _ => format!("{how} runs code built at run time"),
            };
            self.add_rule(
                line,
                Category::RemoteCode,
                Verdict::Suspicious,
                "unknown-exec",
                chain,
                why,
            );
            // Several values flowed here (`cmd ?? DEFAULT`, a method of the script's class
            // that returns a command): each known one is code the sink may run.
            for alt in code.alts.iter().filter(|a| !a.contains(UNKNOWN)).take(4) {
                self.nested(line, lang, alt);
            }
            if text.chars().all(|c| c == UNKNOWN) {
                self.ambient_for_next = Taint::default();
                return;
            }
        }
        self.nested(line, lang, &text);
        self.ambient_for_next = Taint::default();
    }

    /// Whether a value names a place outside the working tree and the temporary directories
    /// (the home, a system path), by one of its known texts.
    pub(crate) fn names_outside(&mut self, v: &Val) -> bool {
        let texts: Vec<String> = v.path_alternatives();
        texts.iter().any(|t| {
            !t.contains(UNKNOWN)
                && matches!(
                    self.resolve(t).place,
                    Place::HomeRoot | Place::Home | Place::System | Place::Outside
                )
        }) || v
            .items
            .as_deref()
            // A list of paths (`targets = [os.homedir()]`) names one when an element does.
            .is_some_and(|items| {
                items
                    .iter()
                    .any(|i| i.items.is_none() && self.names_outside(i))
            })
    }

    /// The value of a variable assigned on one way only (in a branch, a loop, after `&&`):
    /// what it held before stays one of its values when that names a place outside the working
    /// tree (`target = home; if keep: target = "build"` may still delete the home).
    /// So does a command that fetches code and runs it (`recipe='curl … | sh'` in one `case`
    /// item of several): written or run later, it is judged with every way's text.
    /// Whether a text kept for a later expansion (`SPEC='${ROOT:-$HOME}'`, expanded by
    /// `${SPEC@P}`) holds a default that names a path outside the project.
    fn default_names_outside(&mut self, v: &Val) -> bool {
        let texts: Vec<String> = v.text.iter().chain(&v.alts).cloned().collect();
        texts.iter().any(|t| {
            t.match_indices("${").any(|(i, _)| {
                let inner = &t[i + 2..];
                let name_len = inner
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(inner.len());
                let op = &inner[name_len..];
                let Some(default) = op.strip_prefix(":-").or_else(|| op.strip_prefix('-')) else {
                    return false;
                };
                let default = default.split('}').next().unwrap_or_default();
                name_len > 0
                    && !default.is_empty()
                    && self.names_outside(&Val::lit(default.to_owned()))
            })
        })
    }

    pub(crate) fn conditional_assignment(&mut self, old: Option<&Val>, new: Val) -> Val {
        match old {
            Some(old)
                if *old != new
                    && (self.names_outside(old)
                        || old
                            .text
                            .iter()
                            .chain(&old.alts)
                            .any(|t| places::runs_fetched_code(t))
                        || self.default_names_outside(old)) =>
            {
                new.union(old)
            }
            _ => new,
        }
    }

    /// [`Sink::exec_code`] for a call that returns what the shell command prints
    /// (`execSync(cmd)`, `os.popen(cmd).read()`, `check_output(cmd, shell=True)`): the value,
    /// unknown text with the data the command printed (`printenv` the environment, `gh auth
    /// token` a credential), which the script then sends or prints where it is judged.
    pub(crate) fn exec_code_captured(
        &mut self,
        line: u32,
        lang: Language,
        code: &Val,
        how: &str,
    ) -> Val {
        self.capture_next = true;
        self.captured = None;
        self.exec_code(line, lang, code, how);
        self.capture_next = false;
        match self.captured.take() {
            Some(printed) => Val::unknown().with_taint(&printed.taint),
            None => Val::unknown(),
        }
    }

    /// Analyze code nested in a string, reporting at `line`.
    pub(crate) fn nested(&mut self, line: u32, lang: Language, code: &str) {
        if !self.recording {
            return;
        }
        if self.depth >= MAX_DEPTH {
            self.add(
                line,
                Category::Unreviewable,
                Verdict::Suspicious,
                "nests code deeper than the review follows",
            );
            return;
        }
        let line = self.fixed_line.unwrap_or(line);
        let mut inner = Sink::new(self.ctx, self.config, "");
        inner.lines = self.lines.clone();
        inner.fixed_line = Some(line);
        inner.depth = self.depth + 1;
        inner.remote_files = self.remote_files.clone();
        inner.remote_dirs = self.remote_dirs.clone();
        inner.unpacked_dirs = self.unpacked_dirs.clone();
        inner.decoded_files = self.decoded_files.clone();
        inner.lang = lang;
        inner.judge = self.judge;
        inner.shell_dir.clone_from(&self.shell_dir);
        // What the script made before (a trap handler removes its `mktemp` file).
        inner.made_temp.clone_from(&self.made_temp);
        inner.created.clone_from(&self.created);
        inner.changed.clone_from(&self.changed);
        inner.ambient = self.ambient.clone();
        inner.ambient.join(&self.ambient_for_next);
        if self.capture_next {
            inner.capture = Some(Val::default());
        }
        crate::analyze::analyze_into(lang, code, &mut inner);
        if let Some(printed) = inner.capture.take() {
            match &mut self.captured {
                Some(c) => c.taint.join(&printed.taint),
                None => self.captured = Some(printed),
            }
        }
        self.findings.append(&mut inner.findings);
        self.pending.append(&mut inner.pending);
        self.caps.append(&mut inner.caps);
        self.env_reads.append(&mut inner.env_reads);
        self.secret_written_out |= inner.secret_written_out;
        self.env_token_used.extend(inner.env_token_used);
        self.token_hosts_used.extend(inner.token_hosts_used);
        self.remote_files.extend(inner.remote_files);
        self.remote_dirs.extend(inner.remote_dirs);
        self.unpacked_dirs.extend(inner.unpacked_dirs);
        self.decoded_files.extend(inner.decoded_files);
        // What the nested code made or changed is the script's own for what follows
        // (`execSync("git checkout -b x")`, later `execSync("git branch -D x")`).
        self.created.extend(inner.created);
        self.changed.extend(inner.changed);
        self.argv_runs += inner.argv_runs;
        self.run_time_code |= inner.run_time_code;
    }

    /// Whether `path` is a Python source file of the working tree the script has not changed
    /// (written, edited, downloaded into or decoded into) so far: its text is the project's
    /// own code, which the agent may run as it is (`exec` of a `_version.py` to read
    /// `__version__` without importing the package). Its name must be known.
    pub(crate) fn is_project_source(&mut self, path: &str) -> bool {
        let resolved = self.resolve(path);
        let text = &resolved.text;
        let name = text.rsplit('/').next().unwrap_or(text);
        matches!(resolved.place, Place::WorkTree)
            && name.len() > ".py".len()
            && name.ends_with(".py")
            && !name.contains(UNKNOWN)
            && !self.changed.contains(text)
            && !self.decoded_files.contains(text)
            && !self.fetched(text)
    }

    /// Whether `path` names a file written with downloaded content.
    pub(crate) fn is_remote_file(&mut self, path: &str) -> bool {
        if self.remote_files.is_empty() && self.remote_dirs.is_empty() {
            return false;
        }
        let resolved = self.resolve(path);
        self.fetched(&resolved.text)
    }

    /// Whether a resolved path was downloaded, or lies in a directory cloned from the network.
    fn fetched(&self, resolved: &str) -> bool {
        self.remote_files.contains(resolved)
            || self.remote_dirs.iter().any(|d| {
                resolved
                    .strip_prefix(d.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
            })
    }

    /// A repository cloned from the network into `dir`: in the home or elsewhere outside the
    /// project (a tool's home, `~/.tool`, `/opt/tool`), what is run from it later is an
    /// installed tool fetched at run time. A clone into the project or a temporary directory
    /// is source to build (vendoring, a dependency built in CI), judged where it is built.
    pub(crate) fn cloned_into(&mut self, dir: &str) {
        // The clone's `.git` is a repository the script made.
        let git = self.resolve(&format!("{}/.git", dir.trim_end_matches('/')));
        if !git.text.contains(UNKNOWN) {
            self.created
                .insert((crate::shell_judge::REPO_KIND, git.text));
        }
        let resolved = self.resolve(dir);
        if !matches!(
            resolved.place,
            Place::WorkTree | Place::WorkTreeRoot | Place::Tmp | Place::Unknown
        ) {
            self.remote_dirs.insert(resolved.text);
        }
    }

    /// A downloaded archive unpacked into `dir`: recorded so that a file run from there later
    /// is judged with the download ([`crate::caps::Cap::DownloadExtract`] and `RunFile`).
    /// Returns the resolved directory.
    pub(crate) fn unpacked_into(&mut self, dir: &str) -> String {
        let resolved = self.resolve(dir).text;
        self.unpacked_dirs.insert(resolved.clone());
        resolved
    }

    /// A file that was written with downloaded content is run.
    pub(crate) fn runs_file(&mut self, line: u32, path: &str) {
        if !self.unpacked_dirs.is_empty() && !self.verified {
            // A file of a directory a downloaded archive was unpacked into (`sh
            // DEST/install.sh` after `tar.extractall(DEST)`): the archive's program. Not when
            // the script stops on a failed digest check of what it fetched: the pinned
            // release's own program.
            let resolved = self.resolve(path).text;
            let inside = self.unpacked_dirs.iter().any(|d| {
                resolved
                    .strip_prefix(d.as_str())
                    .is_some_and(|rest| rest.starts_with('/'))
            });
            if inside {
                self.cap(line, Cap::RunFile, resolved.replace(UNKNOWN, "…"));
            }
        }
        if self.remote_files.is_empty()
            && self.decoded_files.is_empty()
            && self.remote_dirs.is_empty()
        {
            return;
        }
        let resolved = self.resolve(path);
        if self.decoded_files.contains(&resolved.text) {
            self.add(
                line,
                Category::ObfuscatedExecution,
                Verdict::Dangerous,
                format!(
                    "runs {}, which was written with code decoded at run time",
                    Self::show(&resolved.text)
                ),
            );
        }
        if self.fetched(&resolved.text) {
            self.add(
                line,
                Category::RemoteCode,
                Verdict::Dangerous,
                format!(
                    "runs {}, which was downloaded at run time",
                    Self::show(&resolved.text)
                ),
            );
        }
    }
}

/// Whether every unknown part of a generated text sits inside a string literal of that text
/// (`__version__ = "…"`): generated data, not generated code.
/// Whether every text a written value may hold is known (a method's result over its
/// overrides, joined to a header): at most 8 alternatives, none with a part nobody knows
/// outside quotes, no private, downloaded or decoded data.
fn every_alternative_visible(content: &Val) -> bool {
    !content.alts.is_empty()
        && content.alts.len() <= 8
        && !(content.taint.private() || content.taint.remote || content.taint.decoded)
        && content.alts.iter().all(|a| unknowns_are_quoted(a))
}

fn unknowns_are_quoted(text: &str) -> bool {
    text.lines().all(|l| {
        let mut quotes = 0;
        for c in l.chars() {
            match c {
                '"' | '\'' => quotes += 1,
                UNKNOWN if quotes % 2 == 0 => return false,
                _ => {}
            }
        }
        true
    })
}

/// `v` quoted as one shell word, as `shlex.quote` or shell-quote's `quote` does
/// ([`crate::shell_judge::quote`]): a text known only at run time becomes `'…'`, whose
/// run-time parts [`unknown_only_in_literals`] then reads as data.
pub(crate) fn shell_word(v: &Val) -> String {
    crate::shell_judge::quote(&v.text_or_unknown())
}

/// Whether every part of `code` known only at run time ([`UNKNOWN`]) lies inside a string
/// literal of `lang` that nothing in it can leave or expand: single or double quotes in
/// Python and JavaScript (not a template literal, whose `${}` runs code), single quotes in
/// shell (double quotes expand `$(...)`). The code around them is then known.
pub(crate) fn unknown_only_in_literals(code: &str, lang: Language) -> bool {
    let quotes: &[char] = match lang {
        Language::Python | Language::JavaScript | Language::TypeScript => &['\'', '"'],
        Language::Shell => &['\''],
    };
    let mut open: Option<char> = None;
    let mut chars = code.chars();
    let mut any = false;
    while let Some(c) = chars.next() {
        if c == UNKNOWN {
            if open.is_none() {
                return false;
            }
            any = true;
            continue;
        }
        match open {
            Some(q) if c == q => open = None,
            Some(_) if c == '\\' && lang != Language::Shell => {
                chars.next();
            }
            // A string of Python or JavaScript ends at its line; a shell's quoted word may span
            // lines (`gh api graphql -f query='...'`).
            Some(_) if c == '\n' && lang != Language::Shell => return false,
            Some(_) => {}
            None if quotes.contains(&c) => open = Some(c),
            // A comment, a template literal or a regular expression: not followed here.
            None if matches!(c, '#' | '`') || c == '/' && lang != Language::Shell => {
                return false;
            }
            None => {}
        }
    }
    any && open.is_none()
}

/// The operands of `rm [-f] [-r] [-v] [--recursive] [--force] [--] PATH...` (its words): None for
/// another program, another option or no operand.
fn rm_operands(words: &[String]) -> Option<Vec<&String>> {
    let (name, rest) = words.split_first()?;
    if name != "rm" {
        return None;
    }
    let mut paths = Vec::new();
    for w in rest {
        if w.starts_with('-') && !w.contains(UNKNOWN) {
            if w == "--"
                || matches!(w.as_str(), "--recursive" | "--force")
                || w[1..].chars().all(|c| matches!(c, 'f' | 'r' | 'R' | 'v'))
            {
                continue;
            }
            return None;
        }
        paths.push(w);
    }
    (!paths.is_empty()).then_some(paths)
}

/// Whether `taint` is one token of no vendor, read from one environment variable (or picked
/// by its key out of the project's `.env`) and joined to nothing else private, sent to `url`
/// whose host is the zone a host check of the script let through (`*.internal`: a setting
/// the user configured, or an option the command line gives, refused unless it names a host
/// of the network's own zone, see [`crate::host_check::url_at`]): see [`Sink::network`]. A
/// host the script names itself (`https://sso.internal`) is the script's choice, not the
/// user's, and stays a local service the password is sent to.
fn own_network_login(url: Option<&str>, taint: &Taint) -> bool {
    let Some(t) = taint.env_var() else {
        return false;
    };
    !taint.mixed
        && !taint.env
        && !taint.host
        && !taint.store
        && places::secret_env(t)
        && places::token_vendor(t).is_none()
        && !url_has_query(url)
        && url
            .and_then(terraphim_shell_vocab::hosts::host_of)
            .is_some_and(|h| {
                h.starts_with("*.") && terraphim_shell_vocab::hosts::is_private_zone_name(&h)
            })
}

/// Whether the known text of a request's URL has a query string: a secret there is written
/// into every proxy's and server's access log, whoever the host is.
fn url_has_query(url: Option<&str>) -> bool {
    url.is_some_and(|u| u.contains('?'))
}

/// At most this many characters of a secret are no secret ([`Taint::mask`]).
pub(crate) const MASK_CHARS: u64 = 4;

/// At most this many characters of an API key or token (one environment variable whose name
/// says it holds a credential and no password) are no secret: a key's vendor prefix and a few
/// characters (`sk_test_…`, `tskey-ap…`) tell keys apart, and what stays hidden of a
/// machine-made key (tens of random characters) is still the key. A password is a few
/// characters a person chose, so a cut of it keeps [`MASK_CHARS`] at most.
pub(crate) const TOKEN_MASK_CHARS: u64 = 8;

/// The most characters a cut `start..stop` of a string can hold, the bounds literal integers
/// counted as Python's slices and JavaScript's `slice` count them (negative: from the end;
/// `None`: the string's start or end), or `None` when the cut can hold all of a long string
/// (`[4:]`, `[:-4]`, `[-40:]` hold all but a few characters or forty).
pub(crate) fn fragment_len(start: Option<i64>, stop: Option<i64>) -> Option<u64> {
    let span = |a: i64, b: i64| u64::try_from(b.saturating_sub(a).max(0)).ok();
    match (start, stop) {
        (Some(a), Some(b)) if (a >= 0) == (b >= 0) => span(a, b),
        (Some(a), None) if a < 0 => a.checked_neg().and_then(|n| u64::try_from(n).ok()),
        (None, Some(b)) if b >= 0 => span(0, b),
        _ => None,
    }
}

/// Whether a cut with these literal bounds keeps few enough characters to mask secret
/// `secret`: [`TOKEN_MASK_CHARS`] of one token variable, [`MASK_CHARS`] of anything else (a
/// password, a secrets file's text, two secrets joined).
pub(crate) fn masks(start: Option<i64>, stop: Option<i64>, secret: &Taint) -> bool {
    let limit = match secret.env_var() {
        Some(name)
            if !secret.mixed
                && places::secret_env(name)
                && !terraphim_shell_vocab::secrets::password_env(name) =>
        {
            TOKEN_MASK_CHARS
        }
        _ => MASK_CHARS,
    };
    fragment_len(start, stop).is_some_and(|n| n <= limit)
}

#[cfg(test)]
mod tests {
    use super::{UNKNOWN, cap_alternatives, cap_product, join_path_into, join_paths};

    /// The product cut while it is built keeps what cutting the whole product kept, for
    /// alternatives with unknown parts, duplicates, absolute and home paths, up to 17 x 17.
    #[test]
    fn the_capped_product_keeps_what_the_cut_of_the_whole_product_kept() {
        let u = UNKNOWN.to_string();
        let pool: Vec<String> = [
            "", "a", "b", "a/", "/etc", "~/.ssh", "dir", "dir/", "x", "zz", "ab", "/", "~",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .chain([
            u.clone(),
            format!("dir/{u}"),
            format!("{u}/x"),
            format!("a{u}b"),
            format!("~/{u}"),
        ])
        .collect();
        // Deterministic lists of every length up to 17, drawn from the pool with repeats.
        let list = |len: usize, seed: usize| -> Vec<String> {
            (0..len)
                .map(|i| pool[(seed * 7 + i * 5 + i * i) % pool.len()].clone())
                .collect()
        };
        let concat = |out: &mut String, a: &str, b: &str| {
            out.push_str(a);
            out.push_str(b);
        };
        let mut checked = 0;
        for l_len in 0..=17 {
            for r_len in 0..=17 {
                for seed in 0..3 {
                    let (l, r) = (list(l_len, seed), list(r_len, seed + l_len));
                    for max in [0, 1, 8, 16] {
                        let mut whole: Vec<String> = l
                            .iter()
                            .flat_map(|a| r.iter().map(move |b| format!("{a}{b}")))
                            .collect();
                        cap_alternatives(&mut whole, max);
                        assert_eq!(cap_product(&l, &r, max, concat), whole, "{l:?} {r:?}");
                        let mut paths: Vec<String> = l
                            .iter()
                            .flat_map(|a| {
                                r.iter().map(move |b| join_paths(&[a.clone(), b.clone()]))
                            })
                            .collect();
                        cap_alternatives(&mut paths, max);
                        assert_eq!(
                            cap_product(&l, &r, max, join_path_into),
                            paths,
                            "{l:?} {r:?}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 18 * 18 * 3 * 4);
    }
}
