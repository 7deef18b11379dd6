//! Where the guard keeps its files: XDG directories with the usual defaults.

use std::path::PathBuf;

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
}

fn xdg(var: &str, default_under_home: &str) -> Option<PathBuf> {
    match std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
    {
        Some(p) if p.is_absolute() => Some(p),
        _ => home().map(|h| h.join(default_under_home)),
    }
}

/// `$XDG_CONFIG_HOME/terraphim` (default `~/.config/terraphim`).
pub(crate) fn config_dir() -> Option<PathBuf> {
    xdg("XDG_CONFIG_HOME", ".config").map(|p| p.join("terraphim"))
}

/// The user KG root, holding `guard-*` tier directories.
pub(crate) fn user_kg_dir() -> Option<PathBuf> {
    config_dir().map(|p| p.join("kg"))
}

/// `$XDG_DATA_HOME/terraphim/guard` (default `~/.local/share/terraphim/guard`).
#[allow(dead_code, reason = "used by the outcome store")]
pub(crate) fn data_dir() -> Option<PathBuf> {
    xdg("XDG_DATA_HOME", ".local/share").map(|p| p.join("terraphim/guard"))
}
