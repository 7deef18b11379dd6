use std::path::PathBuf;

/// Everything that can go wrong while loading a knowledge graph or building a guard.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A KG file or directory could not be read.
    #[error("failed to read {path}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A KG entry is malformed.
    #[error("{path}:{line}: {message}")]
    Entry {
        /// The file, as given to the loader.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The shell grammar could not be loaded into the parser.
    #[error("failed to load the bash grammar: {0}")]
    Grammar(String),
    /// The replace stage's automaton could not be built or applied.
    #[error("failed to apply KG replacements: {0}")]
    Replace(String),
    /// The pattern automaton could not be built.
    #[error("failed to build the pattern automaton: {0}")]
    Automaton(String),
}

impl From<terraphim_guard_kg::Error> for Error {
    fn from(e: terraphim_guard_kg::Error) -> Error {
        match e {
            terraphim_guard_kg::Error::Io { path, source } => Error::Io { path, source },
            terraphim_guard_kg::Error::Entry {
                path,
                line,
                message,
            } => Error::Entry {
                path,
                line,
                message,
            },
        }
    }
}

/// Result alias for this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
