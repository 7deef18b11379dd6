//! The verdict cache: one small JSON file per (content hash, context) key, so an edited script
//! is reviewed again and an unchanged one is not.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::model::Report;

/// The hash of the sources the review's verdicts come from (this crate's, the shell
/// vocabulary's, and the command guard's with its embedded KG, made by `build.rs`), part of
/// every cache key: a verdict cached by another
/// build, of the same version or not, is not reused.
const RULES_SOURCES: &str = env!("TERRAPHIM_REVIEW_SOURCES_HASH");

/// Where verdicts are cached, relative to `$XDG_CACHE_HOME` (default `~/.cache`).
pub const CACHE_RELATIVE_PATH: &str = "terraphim/guard/script-review";

/// A directory of cached reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictCache {
    dir: PathBuf,
}

/// The SHA-256 of a script's text, in hex.
pub fn content_hash(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

impl VerdictCache {
    /// A cache in `dir` (created on first store).
    pub fn new(dir: impl Into<PathBuf>) -> VerdictCache {
        VerdictCache { dir: dir.into() }
    }

    /// `$XDG_CACHE_HOME/terraphim/guard/script-review`, else `~/.cache/...`; `None` if neither
    /// variable is set.
    pub fn default_location() -> Option<VerdictCache> {
        VerdictCache::default_location_with(|k| std::env::var_os(k))
    }

    /// [`VerdictCache::default_location`] over the environment `env` gives.
    pub fn default_location_with(
        env: impl Fn(&str) -> Option<std::ffi::OsString>,
    ) -> Option<VerdictCache> {
        use terraphim_shell_vocab::xdg::{BaseDir, path_under};
        path_under(BaseDir::Cache, CACHE_RELATIVE_PATH, env).map(VerdictCache::new)
    }

    /// The cache directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The key of a review: the script's hash plus everything else the verdict depends on
    /// (the context, the crate version and the sources of the rules).
    pub fn key(content_hash: &str, context: &str) -> String {
        let mut h = Sha256::new();
        h.update(content_hash.as_bytes());
        h.update([0]);
        h.update(context.as_bytes());
        h.update([0]);
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        h.update([0]);
        h.update(RULES_SOURCES.as_bytes());
        hex(&h.finalize())
    }

    fn file(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    /// A cached report, if any. A damaged entry counts as absent.
    pub fn get(&self, key: &str) -> Option<Report> {
        let text = fs_err::read_to_string(self.file(key)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// Store a report (atomically: a temporary file renamed into place).
    pub fn put(&self, key: &str, report: &Report) -> Result<()> {
        let io = |path: &Path| {
            let path = path.to_owned();
            move |source| Error::Io { path, source }
        };
        fs_err::create_dir_all(&self.dir).map_err(io(&self.dir))?;
        let target = self.file(key);
        let tmp = self.dir.join(format!(".{key}.{}.tmp", std::process::id()));
        let text = serde_json::to_string(report).map_err(|e| Error::Io {
            path: target.clone(),
            source: std::io::Error::other(e),
        })?;
        fs_err::write(&tmp, text).map_err(io(&tmp))?;
        fs_err::rename(&tmp, &target).map_err(io(&target))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_carry_the_hash_of_the_rules_sources() {
        // Made by build.rs from the sources: another build's verdicts get other keys.
        assert_eq!(RULES_SOURCES.len(), 64);
        assert!(RULES_SOURCES.bytes().all(|b| b.is_ascii_hexdigit()));
        assert_ne!(VerdictCache::key("a", "c"), VerdictCache::key("b", "c"));
    }
}
