//! `learn.toml`: the engine's thresholds and lists.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::{Error, Result};

/// Programs that run other code, beyond the shared shells, interpreters and wrappers of
/// `terraphim_shell_vocab` (which are never candidates either): never a candidate pattern, so
/// never proposed for ALLOW (or DENY: denying `bash` would deny every script).
pub const DEFAULT_NEVER_CANDIDATES: &[&str] = &[
    // shells
    "busybox",
    "rbash",
    // interpreters
    "pypy",
    "pypy3",
    "luajit",
    "tclsh",
    "wish",
    "expect",
    "powershell",
    "awk",
    "gawk",
    "mawk",
    "nawk",
    "jshell",
    "groovy",
    "scala",
    "julia",
    "irb",
    "ghci",
    "runghc",
    // wrappers and runners
    "su",
    "chroot",
    "unshare",
    "nsenter",
    "watch",
    "gdb",
    "eval",
    "source",
    ".",
    "npx",
    "pnpx",
    "bunx",
    "uv",
    "uvx",
    "pipx",
    "script",
    "faketime",
    "runuser",
    "systemd-run",
    "firejail",
    "bwrap",
    "terraphim-agent",
];

/// Command + subcommand pairs that run arbitrary code and so are never candidates.
pub const DEFAULT_NEVER_CANDIDATE_PAIRS: &[&str] = &[
    "npm exec",
    "npm x",
    "pnpm exec",
    "pnpm dlx",
    "yarn dlx",
    "yarn exec",
    "docker exec",
    "docker run",
    "podman exec",
    "podman run",
    "kubectl exec",
    "kubectl debug",
    "git -c",
    "cargo script",
];

/// Commands whose second word is a subcommand (`git push`, `cargo test`); for every other command
/// the candidate pattern is the command alone (`ls src` -> `ls`).
pub const DEFAULT_SUBCOMMAND_COMMANDS: &[&str] = &[
    "git",
    "cargo",
    "rustup",
    "npm",
    "pnpm",
    "yarn",
    "go",
    "pip",
    "pip3",
    "poetry",
    "pdm",
    "hatch",
    "conda",
    "mamba",
    "gem",
    "bundle",
    "rake",
    "rails",
    "mix",
    "dotnet",
    "mvn",
    "gradle",
    "gradlew",
    "make",
    "just",
    "task",
    "docker",
    "podman",
    "kubectl",
    "helm",
    "terraform",
    "tofu",
    "pulumi",
    "gh",
    "glab",
    "hg",
    "svn",
    "jj",
    "brew",
    "apt",
    "apt-get",
    "dnf",
    "yum",
    "pacman",
    "zypper",
    "snap",
    "flatpak",
    "systemctl",
    "journalctl",
    "nix",
    "stack",
    "cabal",
    "opam",
    "dune",
    "aws",
    "gcloud",
    "az",
    "ip",
    "rustc",
    "clippy-driver",
    "composer",
    "swift",
    "xcodebuild",
    "zig",
    "bazel",
    "buck2",
    "meson",
    "ninja",
    "cmake",
    "ctest",
    "tox",
    "nox",
    "pytest",
    "ruff",
    "mypy",
    "black",
    "eslint",
    "prettier",
    "tsc",
    "vite",
    "next",
    "turbo",
    "nx",
    "lerna",
    "firebase",
    "vercel",
    "wrangler",
    "supabase",
    "psql",
    "redis-cli",
    "sqlite3",
    "openssl",
    "gpg",
    "ssh-keygen",
    "minikube",
    "kind",
    "k3d",
    "skaffold",
    "ansible",
    "vagrant",
    "packer",
    "consul",
    "vault",
    "nomad",
];

/// The engine's configuration; every field has a default, so an empty file is valid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LearnConfig {
    /// Clean sandbox runs, from distinct invocations and with no violation, that propose ALLOW.
    pub allow_after_clean_runs: u64,
    /// Permission violations that propose DENY.
    pub deny_after_violations: u64,
    /// `guard sweep` lists candidates this many runs short of a threshold.
    pub near_threshold: u64,
    /// The store rolls `outcomes.jsonl` into `archive/` past this size.
    pub rotate_bytes: u64,
    /// Archived segments kept verbatim; older ones are folded into `summary.json` and removed.
    pub keep_segments: usize,
    /// How long an append waits for the store lock before it gives up with an error.
    pub lock_timeout_ms: u64,
    /// Replaces [`DEFAULT_NEVER_CANDIDATES`] when set.
    pub never_candidates: Option<Vec<String>>,
    /// Added to the never-candidate list (commands, or `command subcommand` pairs).
    pub extra_never_candidates: Vec<String>,
    /// Added to [`DEFAULT_SUBCOMMAND_COMMANDS`].
    pub extra_subcommand_commands: Vec<String>,
}

impl Default for LearnConfig {
    fn default() -> Self {
        LearnConfig {
            allow_after_clean_runs: 3,
            deny_after_violations: 1,
            near_threshold: 1,
            rotate_bytes: 32 * 1024 * 1024,
            keep_segments: 4,
            lock_timeout_ms: 2000,
            never_candidates: None,
            extra_never_candidates: Vec::new(),
            extra_subcommand_commands: Vec::new(),
        }
    }
}

impl LearnConfig {
    /// Read `path`; a missing file gives the defaults.
    pub fn load(path: &Path) -> Result<LearnConfig> {
        let text = match fs_err::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(LearnConfig::default()),
            Err(e) => return Err(Error::io("read", path, e)),
        };
        LearnConfig::parse(path, &text)
    }

    /// Parse TOML text; `path` names the file in errors.
    pub fn parse(path: &Path, text: &str) -> Result<LearnConfig> {
        let config: LearnConfig = toml::from_str(text).map_err(|e| Error::Config {
            path: path.into(),
            message: e.to_string().trim().to_owned(),
        })?;
        if config.allow_after_clean_runs == 0 || config.deny_after_violations == 0 {
            return Err(Error::Config {
                path: path.into(),
                message: "thresholds must be at least 1".into(),
            });
        }
        Ok(config)
    }

    /// Whether `command` (a command name or a `command subcommand` pair) never forms a candidate.
    pub(crate) fn is_never_candidate(&self, command: &str) -> bool {
        let base = match &self.never_candidates {
            Some(list) => list.iter().any(|c| c == command),
            None => {
                DEFAULT_NEVER_CANDIDATES.contains(&command)
                    || DEFAULT_NEVER_CANDIDATE_PAIRS.contains(&command)
                    || terraphim_shell_vocab::is_shell(command)
                    || terraphim_shell_vocab::is_interpreter(command)
                    || terraphim_shell_vocab::is_wrapper(command)
            }
        };
        base || self.extra_never_candidates.iter().any(|c| c == command)
    }

    /// Whether the second word of `command` is a subcommand.
    pub(crate) fn has_subcommands(&self, command: &str) -> bool {
        DEFAULT_SUBCOMMAND_COMMANDS.contains(&command)
            || self.extra_subcommand_commands.iter().any(|c| c == command)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_shell_vocabulary_is_never_a_candidate() {
        let config = LearnConfig::default();
        let shared = terraphim_shell_vocab::SHELLS
            .iter()
            .chain(terraphim_shell_vocab::INTERPRETERS)
            .chain(terraphim_shell_vocab::WRAPPERS)
            .chain(terraphim_shell_vocab::PRIVILEGED);
        for name in shared {
            assert!(config.is_never_candidate(name), "{name}");
        }
        // (command, never a candidate)
        let cases: &[(&str, bool)] = &[
            ("torsocks", true),
            ("python3.12", true),
            ("awk", true),
            ("npm exec", true),
            ("git", false),
            ("cargo", false),
        ];
        for &(command, want) in cases {
            assert_eq!(config.is_never_candidate(command), want, "{command}");
        }
    }
}
