//! Sandbox profiles: data, loaded from the embedded defaults and the user's config directory.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use terraphim_shell_vocab::xdg::{self, BaseDir};

use crate::error::{Result, SandboxError};

/// The profiles shipped in the binary, from `kg/profiles/`.
const EMBEDDED: &[(&str, &str)] = &[
    ("build", include_str!("../../../kg/profiles/build.toml")),
    (
        "readonly",
        include_str!("../../../kg/profiles/readonly.toml"),
    ),
    ("strict", include_str!("../../../kg/profiles/strict.toml")),
    (
        "workspace",
        include_str!("../../../kg/profiles/workspace.toml"),
    ),
    ("install", include_str!("../../../kg/profiles/install.toml")),
];

/// What the sandboxed command may do on the network.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Network {
    /// No IP sockets at all (seccomp, Landlock TCP rules, and a network namespace where present).
    Deny,
    /// A private network namespace with only its own loopback (needs bubblewrap).
    Loopback,
    /// The host's network, unrestricted.
    Allow,
    /// Only the hosts of the profile's allow-list (`network = ["host", "*.domain", "@list"]`),
    /// through an HTTP proxy the guard runs outside the sandbox: the command's only connection
    /// is to the proxy; DNS answers come from the proxy (see [`Profile::allow_hosts`]).
    Proxy,
}

impl std::fmt::Display for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Deny => "deny",
            Self::Loopback => "loopback",
            Self::Allow => "allow",
            Self::Proxy => "allow-list",
        })
    }
}

/// One sandbox permission profile. Every limit it states is enforced, or the run is refused.
///
/// Paths may use `~` (HOME), `{project}` (the run's working directory), `{config}` and `{data}`
/// (XDG config and data homes), and `$NAME` (an environment variable of the caller; the entry is
/// skipped when unset). A `*` in the last component is a glob.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The profile's name (the file stem).
    #[serde(skip)]
    pub name: String,
    /// Where it was loaded from (`<embedded>/NAME.toml` for the built-in ones).
    #[serde(skip)]
    pub source: PathBuf,
    /// One line saying what the profile is for.
    #[serde(default)]
    pub description: String,
    /// How restrictive the profile is, for choosing among profiles: when several parts of one
    /// command name different profiles, the one with the highest strictness that fits the
    /// command runs it ([`ProfileSet::strictest`]). A user profile without it ranks 1.
    #[serde(default = "default_strictness")]
    pub strictness: u8,
    /// Readable (and executable) roots. Nothing else is readable.
    #[serde(default)]
    pub read_only: Vec<String>,
    /// Writable roots (also readable). The run's private temporary directory is always writable.
    #[serde(default)]
    pub read_write: Vec<String>,
    /// Paths that must be neither readable nor writable, even beneath a readable root.
    #[serde(default)]
    pub hidden: Vec<String>,
    /// Paths that stay read-only even beneath a writable root.
    #[serde(default)]
    pub protected: Vec<String>,
    /// Network policy: `"deny"`, `"loopback"`, `"allow"`, or a list of host patterns (then
    /// [`Network::Proxy`], the list in [`Profile::allow_hosts`]).
    #[serde(deserialize_with = "network_mode")]
    pub network: Network,
    /// With `network` a list: its entries (host patterns and `@list` names), as written.
    #[serde(skip)]
    pub allow_hosts: Vec<String>,
    /// Host names the network proxy resolves to these addresses instead of asking DNS (also to
    /// loopback or private addresses, which a looked-up name never reaches): for tests against a
    /// local fake registry. No shipped profile has one.
    #[serde(default)]
    pub resolve: BTreeMap<String, Vec<String>>,
    /// Live processes the command may have at once, itself included (1: no spawning).
    pub max_processes: u32,
    /// Live tasks (threads of all its processes) the command may have at once; default
    /// `max(64, 16 * max_processes)`.
    #[serde(default)]
    pub max_threads: Option<u32>,
    /// Memory cap in MiB (RLIMIT_DATA of each process).
    pub memory_mb: u64,
    /// CPU seconds per process (RLIMIT_CPU; SIGXCPU, then SIGKILL one second later).
    pub cpu_seconds: u64,
    /// Wall-clock seconds for the whole run, after which every process of it is killed.
    pub wall_seconds: u64,
    /// Output cap in MiB for stdout and stderr together; the run is killed past it.
    pub output_mb: u64,
    /// Largest file a process may write, in MiB (RLIMIT_FSIZE).
    #[serde(default)]
    pub file_size_mb: Option<u64>,
    /// Open file descriptors per process (RLIMIT_NOFILE).
    #[serde(default)]
    pub open_files: Option<u64>,
    /// Environment variables passed through (names, `*` globs); everything else is dropped.
    #[serde(default)]
    pub env_pass: Vec<String>,
    /// Environment variables always dropped, even when `env_pass` names them (globs).
    #[serde(default)]
    pub env_deny: Vec<String>,
    /// Run on a copy-on-write view of the project whose change set is judged when the command
    /// ends (the `workspace` profile); `None`: the project is seen as the other fields say.
    #[serde(default)]
    pub workspace: Option<crate::workspace::WorkspaceSettings>,
    /// Package caches made writable for the run and never for the host (`@package-caches`, or
    /// `PATH [VARIABLE]` entries): an overlay over each with a layer of the run's own where the
    /// sandbox makes its own namespaces, else the variable moves it into the run's TMPDIR.
    #[serde(default)]
    pub caches: Vec<String>,
}

fn default_strictness() -> u8 {
    1
}

/// `network` in a profile file: one of the modes, or a list of host patterns ([`Network::Proxy`];
/// the list itself is read by [`Profile::from_toml`]).
fn network_mode<'de, D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Network, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Raw {
        Mode(String),
        Hosts(
            #[allow(
                dead_code,
                reason = "only the shape is checked here; Profile::from_toml reads the list"
            )]
            Vec<String>,
        ),
    }
    match Raw::deserialize(d)? {
        Raw::Mode(m) => match m.as_str() {
            "deny" => Ok(Network::Deny),
            "loopback" => Ok(Network::Loopback),
            "allow" => Ok(Network::Allow),
            other => Err(serde::de::Error::custom(format!(
                "unknown variant `{other}`, expected `deny`, `loopback`, `allow` or a list of host patterns"
            ))),
        },
        Raw::Hosts(_) => Ok(Network::Proxy),
    }
}

impl Profile {
    /// Whether the profile can run a command of `parts` simple commands: a single-program
    /// profile (`max_processes = 1`) cannot run a pipeline or a list.
    pub fn fits(&self, parts: usize) -> bool {
        self.max_processes > 1 || parts <= 1
    }

    /// The task (thread) cap in force: `max_threads`, or its default.
    pub fn task_cap(&self) -> u32 {
        self.max_threads
            .unwrap_or_else(|| self.max_processes.saturating_mul(16).max(64))
            .max(self.max_processes)
    }

    /// Parse a profile from TOML text; `source` names the file in errors.
    pub fn from_toml(name: &str, source: &Path, text: &str) -> Result<Self> {
        let invalid = |message: String| SandboxError::InvalidProfile {
            path: source.to_path_buf(),
            message,
        };
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        {
            return Err(invalid(format!(
                "profile name `{name}` must be lowercase letters, digits, - or _"
            )));
        }
        let mut profile: Profile = toml::from_str(text).map_err(|e| {
            let line = e
                .span()
                .map(|s| text[..s.start.min(text.len())].matches('\n').count() + 1);
            match line {
                Some(line) => invalid(format!("line {line}: {}", e.message())),
                None => invalid(e.message().to_owned()),
            }
        })?;
        profile.name = name.to_owned();
        profile.source = source.to_path_buf();
        if profile.network == Network::Proxy {
            #[derive(Deserialize)]
            struct Hosts {
                network: Vec<String>,
            }
            let hosts: Hosts = toml::from_str(text).map_err(|e| invalid(e.message().to_owned()))?;
            profile.allow_hosts = hosts.network;
        }
        profile.validate().map_err(invalid)?;
        Ok(profile)
    }

    /// The compiled network allow-list, for [`Network::Proxy`].
    pub(crate) fn net_policy(&self) -> std::result::Result<crate::netpolicy::NetPolicy, String> {
        crate::netpolicy::NetPolicy::new(&self.allow_hosts, &self.resolve)
    }

    fn validate(&self) -> std::result::Result<(), String> {
        if self.network == Network::Proxy {
            self.net_policy()?;
        } else if self.network == Network::Deny {
            // The table serves the allow-list a way-out grant adds (the hosts a run was
            // refused, named by the guard's proxy).
            crate::netpolicy::resolve_table(&self.resolve)?;
        } else if !self.resolve.is_empty() {
            return Err(
                "`resolve` needs `network` to be a list of host patterns (or \"deny\", for the allow-list of a grant)".into(),
            );
        }
        crate::caches::entries(&self.caches).map_err(|m| format!("caches: {m}"))?;
        let positive = [
            ("max_processes", u64::from(self.max_processes)),
            ("memory_mb", self.memory_mb),
            ("cpu_seconds", self.cpu_seconds),
            ("wall_seconds", self.wall_seconds),
            ("output_mb", self.output_mb),
        ];
        for (field, value) in positive {
            if value == 0 {
                return Err(format!("`{field}` must be at least 1"));
            }
        }
        for (field, list) in [
            ("read_only", &self.read_only),
            ("read_write", &self.read_write),
            ("hidden", &self.hidden),
            ("protected", &self.protected),
        ] {
            for entry in list {
                let ok = entry.starts_with('/')
                    || entry.starts_with('~')
                    || entry.starts_with('$')
                    || entry.starts_with("{project}")
                    || entry.starts_with("{config}")
                    || entry.starts_with("{data}");
                if !ok {
                    return Err(format!(
                        "`{field}` entry `{entry}` must be absolute or start with ~, $NAME, {{project}}, {{config}} or {{data}}"
                    ));
                }
                if entry.split('/').any(|c| c == "..") {
                    return Err(format!("`{field}` entry `{entry}` must not contain `..`"));
                }
            }
        }
        Ok(())
    }
}

/// All profiles known to a run: the embedded defaults, replaced by user files of the same name.
#[derive(Debug, Clone)]
pub struct ProfileSet {
    profiles: BTreeMap<String, Profile>,
}

impl ProfileSet {
    /// The embedded profiles only.
    pub fn embedded() -> Result<Self> {
        let mut profiles = BTreeMap::new();
        for (name, text) in EMBEDDED {
            let source = PathBuf::from(format!("<embedded>/{name}.toml"));
            profiles.insert((*name).to_owned(), Profile::from_toml(name, &source, text)?);
        }
        Ok(Self { profiles })
    }

    /// The embedded profiles, overridden and extended by `*.toml` files in `user_dir`
    /// (usually `$XDG_CONFIG_HOME/terraphim/guard/profiles`). A missing directory is fine; an
    /// unreadable or invalid file is an error naming the file.
    pub fn load(user_dir: Option<&Path>) -> Result<Self> {
        let mut set = Self::embedded()?;
        set.profiles.extend(Self::user_files(user_dir)?);
        Ok(set)
    }

    /// The one profile called `name`, as [`ProfileSet::load`] followed by [`ProfileSet::get`]
    /// would find it (every user file is still parsed, so an invalid one is an error either
    /// way), without parsing the embedded profiles that are not asked for.
    pub fn load_one(name: &str, user_dir: Option<&Path>) -> Result<Profile> {
        let mut user = Self::user_files(user_dir)?;
        if let Some(profile) = user.remove(name) {
            return Ok(profile);
        }
        if let Some((_, text)) = EMBEDDED.iter().find(|(n, _)| *n == name) {
            let source = PathBuf::from(format!("<embedded>/{name}.toml"));
            return Profile::from_toml(name, &source, text);
        }
        let mut known: Vec<String> = EMBEDDED.iter().map(|(n, _)| (*n).to_owned()).collect();
        known.extend(user.into_keys());
        known.sort();
        known.dedup();
        Err(SandboxError::UnknownProfile {
            name: name.to_owned(),
            known: known.join(", "),
        })
    }

    /// The user's profiles alone (`*.toml` in `user_dir`), without parsing the embedded ones:
    /// what a caller that already knows the embedded profiles needs to learn of the user's. A
    /// missing directory has none; an invalid file is an error naming the file.
    pub fn user_profiles(user_dir: Option<&Path>) -> Result<Vec<Profile>> {
        Ok(Self::user_files(user_dir)?.into_values().collect())
    }

    /// The profiles of the `*.toml` files in `user_dir`, by name.
    fn user_files(user_dir: Option<&Path>) -> Result<BTreeMap<String, Profile>> {
        let mut set = BTreeMap::new();
        let Some(dir) = user_dir else { return Ok(set) };
        let entries = match fs_err::read_dir(dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(set),
            Err(source) => {
                return Err(SandboxError::Io {
                    path: dir.to_path_buf(),
                    source,
                });
            }
        };
        let mut files = Vec::new();
        for entry in entries {
            let path = entry
                .map_err(|source| SandboxError::Io {
                    path: dir.to_path_buf(),
                    source,
                })?
                .path();
            if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
        files.sort();
        for path in files {
            let text = fs_err::read_to_string(&path).map_err(|source| SandboxError::Io {
                path: path.clone(),
                source,
            })?;
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let profile = Profile::from_toml(&name, &path, &text)?;
            set.insert(name, profile);
        }
        Ok(set)
    }

    /// The default user directory: `$XDG_CONFIG_HOME/terraphim/guard/profiles`, falling back to
    /// `~/.config/terraphim/guard/profiles`.
    /// A relative `XDG_CONFIG_HOME` is ignored, as the XDG spec says.
    pub fn default_user_dir() -> Option<PathBuf> {
        Self::default_user_dir_with(|k| std::env::var_os(k))
    }

    /// [`ProfileSet::default_user_dir`] over the environment `env` gives.
    pub fn default_user_dir_with(
        env: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> Option<PathBuf> {
        xdg::path_under(BaseDir::Config, "terraphim/guard/profiles", env)
    }

    /// The profile called `name`.
    pub fn get(&self, name: &str) -> Result<&Profile> {
        self.profiles
            .get(name)
            .ok_or_else(|| SandboxError::UnknownProfile {
                name: name.to_owned(),
                known: self.profiles.keys().cloned().collect::<Vec<_>>().join(", "),
            })
    }

    /// Of the profiles `names`, the strictest one that fits a command of `parts` simple
    /// commands (ties by name); unknown names are skipped. When the strictest does not fit
    /// (a single-program profile for a pipeline), the strictest of the others that does.
    pub fn strictest<'a>(
        &self,
        names: impl IntoIterator<Item = &'a str>,
        parts: usize,
    ) -> Option<&Profile> {
        let mut known: Vec<&Profile> = names
            .into_iter()
            .filter_map(|n| self.profiles.get(n))
            .collect();
        known.sort_by(|a, b| (b.strictness, &b.name).cmp(&(a.strictness, &a.name)));
        known.iter().copied().find(|p| p.fits(parts)).or_else(|| {
            // Only single-program profiles were named: the strictest profile of the whole set
            // that fits, no looser than needed.
            let mut all: Vec<&Profile> = self.profiles.values().filter(|p| p.fits(parts)).collect();
            all.sort_by(|a, b| (b.strictness, &b.name).cmp(&(a.strictness, &a.name)));
            known.first().and(all.first().copied())
        })
    }

    /// Every profile, by name.
    pub fn iter(&self) -> impl Iterator<Item = &Profile> {
        self.profiles.values()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn embedded_profiles_match_the_issue() {
        let set = ProfileSet::embedded().unwrap();
        let strict = set.get("strict").unwrap();
        assert_eq!(
            (
                strict.network,
                strict.max_processes,
                strict.memory_mb,
                strict.cpu_seconds
            ),
            (Network::Deny, 1, 64, 10)
        );
        assert!(strict.read_write.is_empty());
        let readonly = set.get("readonly").unwrap();
        assert!(readonly.read_write.is_empty() && readonly.max_processes > 1);
        assert!(readonly.read_only.contains(&"{project}".to_owned()));
        let build = set.get("build").unwrap();
        assert_eq!(build.read_write, vec!["{project}".to_owned()]);
        assert!(build.protected.contains(&"{project}/.git/hooks".to_owned()));
        for p in set.iter() {
            for h in [
                "~/.ssh",
                "~/.aws",
                "~/.gnupg",
                "~/.config/gh",
                "~/.netrc",
                "{project}/**/.env*",
            ] {
                assert!(
                    p.hidden.contains(&h.to_owned()),
                    "{} lacks hidden {h}",
                    p.name
                );
            }
            assert!(p.env_deny.contains(&"AWS_*".to_owned()));
        }
    }

    #[test]
    fn user_files_override_and_errors_name_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let base = include_str!("../../../kg/profiles/strict.toml");
        fs_err::write(
            dir.path().join("strict.toml"),
            base.replace("wall_seconds = 30", "wall_seconds = 2"),
        )
        .unwrap();
        fs_err::write(dir.path().join("notes.txt"), "ignored").unwrap();
        let set = ProfileSet::load(Some(dir.path())).unwrap();
        assert_eq!(set.get("strict").unwrap().wall_seconds, 2);
        assert_eq!(
            set.get("strict").unwrap().source,
            dir.path().join("strict.toml")
        );

        fs_err::write(
            dir.path().join("bad.toml"),
            "network = \"deny\"\nmax_processes = \"lots\"\n",
        )
        .unwrap();
        let err = ProfileSet::load(Some(dir.path())).unwrap_err().to_string();
        assert!(err.contains("bad.toml") && err.contains("line 2"), "{err}");
        let err = ProfileSet::load_one("readonly", Some(dir.path()))
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.toml") && err.contains("line 2"), "{err}");
    }

    #[test]
    fn load_one_finds_what_load_and_get_find() {
        let dir = tempfile::tempdir().unwrap();
        let base = include_str!("../../../kg/profiles/strict.toml");
        fs_err::write(
            dir.path().join("strict.toml"),
            base.replace("wall_seconds = 30", "wall_seconds = 2"),
        )
        .unwrap();
        fs_err::write(dir.path().join("mine.toml"), base).unwrap();
        for user in [None, Some(dir.path())] {
            let set = ProfileSet::load(user).unwrap();
            for name in ["strict", "readonly", "build", "mine", "nope"] {
                let one = ProfileSet::load_one(name, user).map_err(|e| e.to_string());
                let all = set.get(name).cloned().map_err(|e| e.to_string());
                assert_eq!(one, all, "{name} with {user:?}");
            }
        }
    }

    #[test]
    fn strictness_is_data_and_picks_the_strictest_that_fits() {
        let dir = tempfile::tempdir().unwrap();
        let base = include_str!("../../../kg/profiles/readonly.toml");
        fs_err::write(
            dir.path().join("tight.toml"),
            base.replace("strictness = 2", "strictness = 5"),
        )
        .unwrap();
        fs_err::write(
            dir.path().join("plain.toml"),
            base.replace("strictness = 2\n", ""),
        )
        .unwrap();
        let set = ProfileSet::load(Some(dir.path())).unwrap();
        let cases: &[(&str, &[&str], usize, Option<&str>)] = &[
            (
                "one part, strict wins",
                &["build", "strict", "readonly"],
                1,
                Some("strict"),
            ),
            (
                "strict cannot run a pipeline",
                &["strict", "build"],
                2,
                Some("build"),
            ),
            ("only strict named, pipeline", &["strict"], 3, Some("tight")),
            (
                "readonly over build",
                &["build", "readonly"],
                2,
                Some("readonly"),
            ),
            (
                "user profile by its own strictness",
                &["readonly", "tight"],
                2,
                Some("tight"),
            ),
            (
                "missing strictness ranks 1",
                &["plain", "build"],
                1,
                Some("plain"),
            ),
            (
                "missing strictness below readonly",
                &["plain", "readonly"],
                1,
                Some("readonly"),
            ),
            (
                "unknown names skipped",
                &["nope", "build"],
                1,
                Some("build"),
            ),
            ("nothing known", &["nope"], 1, None),
        ];
        for (name, names, parts, want) in cases {
            let got = set
                .strictest(names.iter().copied(), *parts)
                .map(|p| p.name.as_str());
            assert_eq!(got, *want, "{name}");
        }
        let embedded = ProfileSet::embedded().unwrap();
        let ranks: Vec<(&str, u8)> = embedded
            .iter()
            .map(|p| (p.name.as_str(), p.strictness))
            .collect();
        assert_eq!(
            ranks,
            [
                ("build", 0),
                ("install", 0),
                ("readonly", 2),
                ("strict", 3),
                ("workspace", 1)
            ]
        );
    }

    #[test]
    fn network_is_a_mode_or_an_allow_list() {
        let set = ProfileSet::embedded().unwrap();
        let install = set.get("install").unwrap();
        assert_eq!(install.network, Network::Proxy);
        assert_eq!(install.allow_hosts, vec!["@registries".to_owned()]);
        assert!(install.resolve.is_empty());
        assert!(
            install.workspace.is_some(),
            "install writes through the overlay"
        );
        let policy = install.net_policy().unwrap();
        assert!(policy.patterns().any(|p| p == "registry.npmjs.org"));
        for p in set.iter().filter(|p| p.name != "install") {
            assert!(p.allow_hosts.is_empty(), "{}", p.name);
            assert_ne!(p.network, Network::Proxy, "{}", p.name);
        }

        let base = include_str!("../../../kg/profiles/readonly.toml");
        let text = format!(
            "{}\n[resolve]\n\"registry.fake.test\" = [\"127.0.0.1\"]\n",
            base.replace(
                "network = \"deny\"",
                "network = [\"registry.fake.test:*\", \"*.example.org\", \"@registries\"]"
            )
        );
        let p = Profile::from_toml("fake", Path::new("fake.toml"), &text).unwrap();
        assert_eq!(p.network, Network::Proxy);
        assert_eq!(
            p.allow_hosts,
            vec!["registry.fake.test:*", "*.example.org", "@registries"]
        );
        assert_eq!(
            p.resolve.get("registry.fake.test"),
            Some(&vec!["127.0.0.1".to_owned()])
        );
        assert!(p.net_policy().is_ok());
    }

    #[test]
    fn invalid_profiles_are_rejected() {
        let base = include_str!("../../../kg/profiles/readonly.toml");
        let cases = [
            (
                "zero limit",
                base.replace("wall_seconds = 120", "wall_seconds = 0"),
                "wall_seconds",
            ),
            (
                "relative path",
                base.replace("read_write = []", "read_write = [\"src\"]"),
                "must be absolute",
            ),
            (
                "dotdot",
                base.replace("read_write = []", "read_write = [\"{project}/../x\"]"),
                "`..`",
            ),
            (
                "unknown field",
                format!("{base}\nswap_mb = 3\n"),
                "unknown field",
            ),
            (
                "bad network",
                base.replace("network = \"deny\"", "network = \"some\""),
                "unknown variant",
            ),
            (
                "network mode spelled as the list's",
                base.replace("network = \"deny\"", "network = \"allow-list\""),
                "unknown variant",
            ),
            (
                "empty allow-list",
                base.replace("network = \"deny\"", "network = []"),
                "empty list",
            ),
            (
                "bad host pattern",
                base.replace("network = \"deny\"", "network = [\"exa mple.com\"]"),
                "bad host name",
            ),
            (
                "unknown host list",
                base.replace("network = \"deny\"", "network = [\"@mirrors\"]"),
                "unknown host list `@mirrors`",
            ),
            (
                "resolve without an allow-list (or deny, for a grant's list)",
                format!(
                    "{}\n[resolve]\n\"x.test\" = [\"127.0.0.1\"]\n",
                    base.replace("network = \"deny\"", "network = \"allow\"")
                ),
                "`resolve` needs",
            ),
            (
                "resolve under deny, to a non-address",
                format!("{base}\n[resolve]\n\"x.test\" = [\"localhost\"]\n"),
                "not an IP address",
            ),
            (
                "resolve to a non-address",
                format!(
                    "{}\n[resolve]\n\"x.test\" = [\"localhost\"]\n",
                    base.replace("network = \"deny\"", "network = [\"x.test\"]")
                ),
                "not an IP address",
            ),
        ];
        for (name, text, want) in cases {
            let err = Profile::from_toml("x", Path::new("x.toml"), &text)
                .unwrap_err()
                .to_string();
            assert!(err.contains(want), "{name}: {err}");
        }
        let err = ProfileSet::embedded()
            .unwrap()
            .get("nope")
            .unwrap_err()
            .to_string();
        assert_eq!(
            err,
            "unknown sandbox profile `nope` (known: build, install, readonly, strict, workspace)"
        );
    }
}
