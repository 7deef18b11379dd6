//! Configuration: allowed hosts, the skip list, harmless modules, the second-opinion command.

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::error::{Error, Result};

/// Hosts a script may reach without a finding (a host matches itself and its subdomains).
pub const DEFAULT_ALLOWED_HOSTS: &[&str] = &[
    "python.org",
    "pypi.org",
    "pythonhosted.org",
    "readthedocs.io",
    "readthedocs.org",
    "npmjs.org",
    "npmjs.com",
    "yarnpkg.com",
    "nodejs.org",
    "developer.mozilla.org",
    "deno.land",
    "jsr.io",
    "crates.io",
    "docs.rs",
    "rust-lang.org",
    "golang.org",
    "go.dev",
    "github.com",
    "githubusercontent.com",
    "gitlab.com",
    "bitbucket.org",
    "codeberg.org",
    "httpbin.org",
    // The other ecosystems' package registries (images, gems, Composer, Maven, NuGet, Hex,
    // Dart, conda).
    "docker.io",
    "docker.com",
    "ghcr.io",
    "quay.io",
    "gcr.io",
    "registry.k8s.io",
    "rubygems.org",
    "packagist.org",
    "maven.org",
    "nuget.org",
    "hex.pm",
    "pub.dev",
    "anaconda.org",
    // Official release downloads of common infrastructure tools (kubectl, Terraform).
    "dl.k8s.io",
    "releases.hashicorp.com",
];

/// Programs and modules that are entry points of known tools, never reviewed as scripts.
pub const DEFAULT_SKIP_PROGRAMS: &[&str] = &[
    "pytest",
    "py.test",
    "ruff",
    "mypy",
    "black",
    "isort",
    "flake8",
    "pylint",
    "pyright",
    "pip",
    "pip3",
    "uv",
    "poetry",
    "pdm",
    "hatch",
    "tox",
    "nox",
    "coverage",
    "pre-commit",
    "ipython",
    "jupyter",
    "unittest",
    "venv",
    "build",
    "twine",
    "maturin",
    "sphinx-build",
    "mkdocs",
    "npm",
    "yarn",
    "pnpm",
    "jest",
    "vitest",
    "mocha",
    "eslint",
    "prettier",
    "tsc",
    "biome",
    "playwright",
    "cargo",
    "make",
    "shellcheck",
    "shfmt",
    "bats",
];

/// Modules a one-line `-c`/`-e` snippet may import without being reviewed.
pub const DEFAULT_HARMLESS_MODULES: &[&str] = &[
    "sys",
    "json",
    "math",
    "re",
    "datetime",
    "time",
    "platform",
    "collections",
    "itertools",
    "functools",
    "string",
    "textwrap",
    "pprint",
    "decimal",
    "fractions",
    "statistics",
    "random",
    "uuid",
    "hashlib",
    "unicodedata",
    "calendar",
    "enum",
    "dataclasses",
    "typing",
    "csv",
    "importlib.metadata",
    "sysconfig",
    "locale",
    "struct",
    "difflib",
    "zoneinfo",
    "tomllib",
    "path",
    "util",
    "assert",
    "node:path",
    "node:util",
    "node:assert",
];

/// Where the configuration lives, relative to `$XDG_CONFIG_HOME` (default `~/.config`).
pub const CONFIG_RELATIVE_PATH: &str = "terraphim/guard/script-review.toml";

/// Review configuration. [`Config::default`] gives the shipped defaults.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Hosts a script may reach without a finding; a host matches itself and its subdomains.
    pub allowed_hosts: Vec<String>,
    /// Programs and `-m` modules that are tool entry points: never reviewed.
    pub skip_programs: Vec<String>,
    /// Script paths never reviewed: an entry ending in `/` matches a directory prefix, any other
    /// entry the exact path (relative entries are taken from the working directory).
    pub skip_paths: Vec<String>,
    /// Modules that keep a one-line `-c`/`-e` snippet from being reviewed.
    pub harmless_modules: Vec<String>,
    /// An external second-opinion command (`sh -c` line), given the prompt and script on stdin.
    pub llm_command: Option<String>,
    /// How long the second opinion may take before the static verdict stands alone.
    pub llm_timeout: Duration,
    /// Larger scripts are not parsed and are judged suspicious.
    pub max_bytes: usize,
}

impl Default for Config {
    fn default() -> Self {
        let owned = |list: &[&str]| list.iter().map(|s| (*s).to_owned()).collect();
        Config {
            allowed_hosts: owned(DEFAULT_ALLOWED_HOSTS),
            skip_programs: owned(DEFAULT_SKIP_PROGRAMS),
            skip_paths: Vec::new(),
            harmless_modules: owned(DEFAULT_HARMLESS_MODULES),
            llm_command: None,
            llm_timeout: Duration::from_secs(30),
            max_bytes: 2 * 1024 * 1024,
        }
    }
}

/// The file format. A list given replaces the default; an `extra_` list extends it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    allowed_hosts: Option<Vec<String>>,
    extra_allowed_hosts: Option<Vec<String>>,
    skip_programs: Option<Vec<String>>,
    extra_skip_programs: Option<Vec<String>>,
    skip_paths: Option<Vec<String>>,
    harmless_modules: Option<Vec<String>>,
    extra_harmless_modules: Option<Vec<String>>,
    llm_command: Option<String>,
    llm_timeout_ms: Option<u64>,
    max_bytes: Option<usize>,
}

impl Config {
    /// Parse configuration text (TOML); `path` names the file in errors.
    pub fn from_toml(text: &str, path: &Path) -> Result<Config> {
        let file: ConfigFile = toml::from_str(text).map_err(|e| Error::Config {
            path: path.to_owned(),
            message: e.to_string().trim().replace('\n', " "),
        })?;
        let mut config = Config::default();
        let merge =
            |base: &mut Vec<String>, replace: Option<Vec<String>>, extra: Option<Vec<String>>| {
                if let Some(list) = replace {
                    *base = list;
                }
                base.extend(extra.unwrap_or_default());
            };
        merge(
            &mut config.allowed_hosts,
            file.allowed_hosts,
            file.extra_allowed_hosts,
        );
        merge(
            &mut config.skip_programs,
            file.skip_programs,
            file.extra_skip_programs,
        );
        merge(&mut config.skip_paths, file.skip_paths, None);
        merge(
            &mut config.harmless_modules,
            file.harmless_modules,
            file.extra_harmless_modules,
        );
        config.llm_command = file.llm_command.filter(|c| !c.trim().is_empty());
        if let Some(ms) = file.llm_timeout_ms {
            config.llm_timeout = Duration::from_millis(ms);
        }
        if let Some(max) = file.max_bytes {
            config.max_bytes = max;
        }
        Ok(config)
    }

    /// Load a configuration file.
    pub fn load(path: &Path) -> Result<Config> {
        let text = fs_err::read_to_string(path).map_err(|source| Error::Io {
            path: path.to_owned(),
            source,
        })?;
        Config::from_toml(&text, path)
    }

    /// The default configuration path: `$XDG_CONFIG_HOME/terraphim/guard/script-review.toml`,
    /// else `~/.config/...`; `None` when neither variable is set.
    pub fn default_path() -> Option<PathBuf> {
        Config::default_path_with(|k| std::env::var_os(k))
    }

    /// [`Config::default_path`] over the environment `env` gives.
    pub fn default_path_with(env: impl Fn(&str) -> Option<std::ffi::OsString>) -> Option<PathBuf> {
        use terraphim_shell_vocab::xdg::{BaseDir, path_under};
        path_under(BaseDir::Config, CONFIG_RELATIVE_PATH, env)
    }

    /// Load the file at [`Config::default_path`] if it exists, else the defaults. A file that
    /// exists but is invalid is an error (a broken config must not silently loosen the review).
    pub fn load_default() -> Result<Config> {
        match Config::default_path() {
            Some(path) if path.exists() => Config::load(&path),
            _ => Ok(Config::default()),
        }
    }

    /// Whether `host` is on the allow list (itself or a subdomain of an entry).
    pub fn host_allowed(&self, host: &str) -> bool {
        let host = host.trim_end_matches('.').to_ascii_lowercase();
        let host = host.as_bytes();
        // Compared without case and without copying each entry: the host itself or a subdomain.
        self.allowed_hosts.iter().any(|entry| {
            let mut entry = entry.trim();
            while let Some(rest) = entry.strip_prefix("*.") {
                entry = rest;
            }
            let entry = entry.as_bytes();
            !entry.is_empty()
                && host.len() >= entry.len()
                && host[host.len() - entry.len()..].eq_ignore_ascii_case(entry)
                && (host.len() == entry.len() || host[host.len() - entry.len() - 1] == b'.')
        })
    }

    /// Whether a program or `-m` module is a configured tool entry point.
    pub fn is_skip_program(&self, name: &str) -> bool {
        let base = name.rsplit('/').next().unwrap_or(name);
        self.skip_programs.iter().any(|p| p == base || p == name)
    }

    /// Whether a module is on the harmless list (or is a submodule of one).
    pub fn is_harmless_module(&self, module: &str) -> bool {
        self.harmless_modules.iter().any(|m| {
            module == m
                || module
                    .strip_prefix(m.as_str())
                    .is_some_and(|r| r.starts_with('.'))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_replaces_and_extends_lists() {
        let text = "extra_allowed_hosts = [\"internal.corp\"]\nskip_programs = [\"mytool\"]\nllm_timeout_ms = 500\n";
        let config = Config::from_toml(text, Path::new("x.toml")).unwrap();
        assert!(config.host_allowed("docs.python.org"));
        assert!(config.host_allowed("api.internal.corp"));
        assert!(!config.host_allowed("evilpython.org"));
        // Documentation hosts are not API hosts.
        for host in [
            "example.com",
            "example.org",
            "example.net",
            "api.example.com",
        ] {
            assert!(!config.host_allowed(host), "{host}");
        }
        assert!(config.is_skip_program("mytool"));
        assert!(!config.is_skip_program("pytest"));
        assert_eq!(config.llm_timeout, Duration::from_millis(500));
    }

    #[test]
    fn unknown_keys_are_errors_naming_the_file() {
        let err = Config::from_toml("allowed_host = []", Path::new("/c/x.toml")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("/c/x.toml") && text.contains("allowed_host"),
            "{text}"
        );
    }
}
