use std::path::PathBuf;

/// Everything that can go wrong around a secure-exec run. Any error means the code did not run
/// (or its outcome is unknown): callers must not fall back to running it unconfined.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SecureExecError {
    /// `node` (or `npm`, for setup) is not on PATH.
    #[error("{program} not found on PATH; install Node.js 20 or newer")]
    ProgramMissing {
        /// The missing program.
        program: &'static str,
    },
    /// The pinned JS dependencies are not installed (or not bundled) in the directory.
    #[error(
        "secure-exec {expected} is not installed and bundled in {}; run `terraphim-agent guard sandbox setup-js`",
        dir.display()
    )]
    DepsMissing {
        /// The directory that was searched.
        dir: PathBuf,
        /// The pinned version.
        expected: &'static str,
    },
    /// No directory for the JS dependencies could be derived from the environment.
    #[error("cannot locate the JS dependency dir: set XDG_DATA_HOME or HOME")]
    NoDataDir,
    /// A filesystem operation failed.
    #[error("failed to access {}", path.display())]
    Io {
        /// The path involved.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// Starting or talking to a process failed.
    #[error("failed to {action}")]
    Process {
        /// What was being done.
        action: String,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// `npm install` failed.
    #[error("npm install failed in {} with {status}: {stderr}", dir.display())]
    Npm {
        /// The install directory.
        dir: PathBuf,
        /// The exit status.
        status: std::process::ExitStatus,
        /// The tail of npm's stderr.
        stderr: String,
    },
    /// The install-time build step (`bundle.mjs`) failed.
    #[error("bundling the secure-exec packages failed in {} with {status}: {stderr}", dir.display())]
    Bundle {
        /// The install directory.
        dir: PathBuf,
        /// The exit status.
        status: std::process::ExitStatus,
        /// The tail of node's stderr.
        stderr: String,
    },
    /// The profile cannot be enforced by this backend.
    #[error("invalid profile: {0}")]
    InvalidProfile(String),
    /// The OS confinement of the Node process could not be built.
    #[error("failed to confine the node process: {0}")]
    Confinement(String),
    /// The driver broke the protocol or failed before running the code.
    #[error("secure-exec driver failed: {message}")]
    Driver {
        /// What happened.
        message: String,
        /// The tail of the driver's stderr.
        stderr: String,
    },
}

impl SecureExecError {
    pub(crate) fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Self::Io {
            path: path.into(),
            source,
        }
    }

    pub(crate) fn process(action: impl Into<String>, source: std::io::Error) -> Self {
        Self::Process {
            action: action.into(),
            source,
        }
    }
}
