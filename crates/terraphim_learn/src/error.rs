//! The one error type of the crate.

use std::path::PathBuf;

/// Everything that can go wrong in the learning loop.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Reading, writing, locking or renaming a file failed.
    #[error("failed to {action} {path}")]
    Io {
        /// What was being done (`append to`, `read`, `rename`, ...).
        action: &'static str,
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// The store stayed locked by other writers for longer than the append deadline.
    #[error("store {path} is locked by another writer; gave up after {waited_ms} ms")]
    Busy {
        /// The lock file.
        path: PathBuf,
        /// How long the append waited.
        waited_ms: u64,
    },
    /// A record could not be serialised.
    #[error("failed to serialise a {what} record")]
    Serialise {
        /// The record type.
        what: &'static str,
        /// The underlying error.
        #[source]
        source: serde_json::Error,
    },
    /// `learn.toml` is not valid.
    #[error("invalid learn config {path}: {message}")]
    Config {
        /// The config file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A staged proposal or a KG entry could not be parsed.
    #[error("invalid entry {path}: {message}")]
    Entry {
        /// The markdown file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// A KG entry could not be read or parsed (the message names its file and line).
    #[error(transparent)]
    Kg(#[from] terraphim_guard_kg::Error),
    /// No staged proposal has this id.
    #[error("no staged proposal with id `{0}`")]
    UnknownProposal(String),
    /// A review action was refused (e.g. an edit would make an ALLOW proposal destructive).
    #[error("{0}")]
    Refused(String),
    /// Neither `$XDG_DATA_HOME`/`$XDG_CONFIG_HOME` nor `$HOME` is set to an absolute path.
    #[error("cannot locate the {0} directory: set $HOME or the XDG variable")]
    NoHome(&'static str),
}

impl Error {
    pub(crate) fn io(
        action: &'static str,
        path: impl Into<PathBuf>,
        source: std::io::Error,
    ) -> Self {
        Error::Io {
            action,
            path: path.into(),
            source,
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
