//! Where the guard keeps its files. One definition of the XDG rules, shared with the learning
//! loop: `terraphim_learn::LearnPaths`.

use std::path::PathBuf;

use terraphim_learn::LearnPaths;

/// The user KG root (`$XDG_CONFIG_HOME/terraphim/kg`), holding `guard-*` tier directories; None
/// when neither HOME nor XDG_CONFIG_HOME says where it is.
pub(crate) fn user_kg_dir() -> Option<PathBuf> {
    LearnPaths::from_env().ok().map(|p| p.kg_dir())
}

/// `$XDG_DATA_HOME/terraphim/guard` (default `~/.local/share/terraphim/guard`).
pub(crate) fn data_dir() -> Option<PathBuf> {
    LearnPaths::from_env().ok().map(|p| p.data_dir)
}
