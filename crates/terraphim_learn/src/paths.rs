//! Where the learning loop keeps its files.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use terraphim_shell_vocab::xdg::{self, BaseDir};

use crate::{Error, Result};

/// The directories the learning loop reads and writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LearnPaths {
    /// `$XDG_DATA_HOME/terraphim/guard`: `outcomes.jsonl`, `reviews.jsonl`, archives, summary.
    pub data_dir: PathBuf,
    /// `$XDG_CONFIG_HOME/terraphim`: `guard/learn.toml` and the user KG under `kg/`.
    pub config_dir: PathBuf,
}

impl LearnPaths {
    /// Paths under the given data and config roots (the values of `$XDG_DATA_HOME` and
    /// `$XDG_CONFIG_HOME`).
    pub fn new(xdg_data_home: &Path, xdg_config_home: &Path) -> LearnPaths {
        LearnPaths {
            data_dir: xdg_data_home.join("terraphim").join("guard"),
            config_dir: xdg_config_home.join("terraphim"),
        }
    }

    /// Paths from `$XDG_DATA_HOME` / `$XDG_CONFIG_HOME`, defaulting to `~/.local/share` and
    /// `~/.config`. Relative XDG values are ignored, as the XDG spec says.
    pub fn from_env() -> Result<LearnPaths> {
        LearnPaths::from_env_with(|k| std::env::var_os(k))
    }

    /// [`LearnPaths::from_env`] over the environment `env` gives (the rule of
    /// [`terraphim_shell_vocab::xdg`]).
    pub fn from_env_with(env: impl Fn(&str) -> Option<OsString>) -> Result<LearnPaths> {
        let dir =
            |d: BaseDir, what: &'static str| xdg::base_dir(d, &env).ok_or(Error::NoHome(what));
        Ok(LearnPaths::new(
            &dir(BaseDir::Data, "data")?,
            &dir(BaseDir::Config, "config")?,
        ))
    }

    /// The outcome store.
    pub fn outcomes(&self) -> PathBuf {
        self.data_dir.join("outcomes.jsonl")
    }
    /// The review log.
    pub fn reviews(&self) -> PathBuf {
        self.data_dir.join("reviews.jsonl")
    }
    /// `learn.toml`.
    pub fn config_file(&self) -> PathBuf {
        self.config_dir.join("guard").join("learn.toml")
    }
    /// The user KG root (`kg/`), holding `guard-safe/`, `guard-destructive/`, ...
    pub fn kg_dir(&self) -> PathBuf {
        self.config_dir.join("kg")
    }
    /// `kg/guard-staging/`: proposals, never active.
    pub fn staging_dir(&self) -> PathBuf {
        self.kg_dir().join("guard-staging")
    }
}
