//! The XDG base directories, resolved one way for every part of the guard.
//!
//! The rule (XDG Base Directory Specification 0.8): `$XDG_CONFIG_HOME` (and the others) is used
//! when it is set to an absolute path; an empty or relative value is invalid and ignored, and
//! the default under `$HOME` applies. `$HOME` too must be absolute: a relative or empty `HOME`
//! names no directory, so there is none (`None`), and the caller fails closed.
//!
//! The functions read nothing themselves: they take the environment as a lookup function, so a
//! caller passes `|k| std::env::var_os(k)` or a sandbox request's environment.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// One of the XDG base directories.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaseDir {
    /// `$XDG_CONFIG_HOME`, default `~/.config`.
    Config,
    /// `$XDG_DATA_HOME`, default `~/.local/share`.
    Data,
    /// `$XDG_CACHE_HOME`, default `~/.cache`.
    Cache,
    /// `$XDG_STATE_HOME`, default `~/.local/state`.
    State,
}

impl BaseDir {
    /// The environment variable that names it.
    pub fn var(self) -> &'static str {
        match self {
            BaseDir::Config => "XDG_CONFIG_HOME",
            BaseDir::Data => "XDG_DATA_HOME",
            BaseDir::Cache => "XDG_CACHE_HOME",
            BaseDir::State => "XDG_STATE_HOME",
        }
    }

    /// Its default, relative to `$HOME`.
    pub fn default_under_home(self) -> &'static str {
        match self {
            BaseDir::Config => ".config",
            BaseDir::Data => ".local/share",
            BaseDir::Cache => ".cache",
            BaseDir::State => ".local/state",
        }
    }
}

/// An absolute path from an environment value; `None` for an unset, empty or relative one.
fn absolute(value: Option<OsString>) -> Option<PathBuf> {
    value.map(PathBuf::from).filter(|p| p.is_absolute())
}

/// `$HOME` when it is an absolute path.
pub fn home(env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    absolute(env("HOME"))
}

/// The base directory `dir`: its variable when absolute, else its default under an absolute
/// `$HOME`, else `None`.
pub fn base_dir(dir: BaseDir, env: impl Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    absolute(env(dir.var())).or_else(|| home(&env).map(|h| h.join(dir.default_under_home())))
}

/// [`base_dir`] joined with `rel` (`terraphim/guard/profiles`).
pub fn path_under(
    dir: BaseDir,
    rel: impl AsRef<Path>,
    env: impl Fn(&str) -> Option<OsString>,
) -> Option<PathBuf> {
    base_dir(dir, env).map(|b| b.join(rel))
}
