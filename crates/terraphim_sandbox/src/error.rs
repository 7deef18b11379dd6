//! The one error type of the crate.

use std::path::PathBuf;

/// Everything that can stop a sandboxed run before or while it starts.
///
/// Any of these means the command did **not** run (or was killed before it could do anything):
/// the sandbox fails closed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SandboxError {
    /// A file could not be read or written.
    #[error("failed to access {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A profile file is not valid TOML or has invalid fields.
    #[error("invalid profile {path}: {message}")]
    InvalidProfile {
        /// The profile file (`<embedded>/NAME.toml` for the built-in ones).
        path: PathBuf,
        /// What is wrong, with the line where the parser knows it.
        message: String,
    },
    /// No profile has this name.
    #[error("unknown sandbox profile `{name}` (known: {known})")]
    UnknownProfile {
        /// The requested name.
        name: String,
        /// The known names, comma separated.
        known: String,
    },
    /// The profile asks for something this machine cannot enforce; nothing ran.
    #[error("refusing to run: {0}")]
    Unenforceable(String),
    /// A system call needed to set up or supervise the sandbox failed.
    #[error("failed to {what}: {source}")]
    Os {
        /// What was being done.
        what: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The sandbox plan handed to the helper process is malformed.
    #[error("failed to decode the sandbox plan: {0}")]
    Plan(String),
}

impl SandboxError {
    pub(crate) fn os(what: &'static str) -> impl FnOnce(std::io::Error) -> Self {
        move |source| Self::Os { what, source }
    }

    pub(crate) fn last_os(what: &'static str) -> Self {
        Self::Os {
            what,
            source: std::io::Error::last_os_error(),
        }
    }
}

/// The crate's result type.
pub type Result<T, E = SandboxError> = std::result::Result<T, E>;
