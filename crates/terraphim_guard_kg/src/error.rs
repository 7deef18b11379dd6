use std::path::PathBuf;

/// Everything that can go wrong while loading a knowledge graph or compiling its patterns.
#[derive(Debug, thiserror::Error)]
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
}

/// Result alias for this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
