//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong while loading configuration or reading a script.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("failed to access {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The configuration file is not valid.
    #[error("invalid configuration {path}: {message}")]
    Config {
        /// The configuration file.
        path: PathBuf,
        /// What is wrong, with the line when known.
        message: String,
    },
    /// A tree-sitter grammar could not be loaded.
    #[error("failed to load the {language} grammar: {message}")]
    Grammar {
        /// The language.
        language: &'static str,
        /// The loader's message.
        message: String,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
