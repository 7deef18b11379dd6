//! The part of the active KG the engine needs: which patterns are already safe or destructive,
//! and where the user's entries live.

use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// An active KG tier the learning loop reads or writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tier {
    /// `guard-safe/`: allowed on the host.
    Safe,
    /// `guard-suspicious/`: sandboxed.
    Suspicious,
    /// `guard-destructive/`: denied.
    Destructive,
}

impl Tier {
    /// The directory name (`guard-safe`, ...).
    pub fn dir_name(self) -> &'static str {
        match self {
            Tier::Safe => "guard-safe",
            Tier::Suspicious => "guard-suspicious",
            Tier::Destructive => "guard-destructive",
        }
    }

    /// The short name (`safe`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Safe => "safe",
            Tier::Suspicious => "suspicious",
            Tier::Destructive => "destructive",
        }
    }

    /// The tier of a short name.
    pub fn from_name(name: &str) -> Option<Tier> {
        match name.trim() {
            "safe" => Some(Tier::Safe),
            "suspicious" => Some(Tier::Suspicious),
            "destructive" => Some(Tier::Destructive),
            _ => None,
        }
    }

    const ALL: [Tier; 3] = [Tier::Safe, Tier::Suspicious, Tier::Destructive];
}

/// One KG entry, reduced to what the learning loop needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KgEntry {
    /// The concept (file stem, lowercased).
    pub concept: String,
    /// The tier.
    pub tier: Tier,
    /// The patterns.
    pub synonyms: Vec<String>,
    /// `status::` (default `stable`).
    pub status: String,
    /// The file, for user entries; `None` for the embedded default KG.
    pub path: Option<PathBuf>,
}

impl KgEntry {
    /// Whether the entry takes part in decisions (`status:: stable`, the default).
    pub fn is_active(&self) -> bool {
        matches!(self.status.as_str(), "stable" | "active" | "approved")
    }
}

/// The active KG as the engine sees it.
#[derive(Debug, Clone, Default)]
pub struct ActiveKg {
    entries: Vec<KgEntry>,
}

impl ActiveKg {
    /// An empty KG.
    pub fn new() -> ActiveKg {
        ActiveKg::default()
    }

    /// Read the user KG under `kg_dir` (`guard-safe/`, `guard-suspicious/`, `guard-destructive/`;
    /// never `guard-staging/`). Missing directories are empty.
    pub fn load_user(kg_dir: &Path) -> Result<ActiveKg> {
        let mut kg = ActiveKg::new();
        for tier in Tier::ALL {
            let dir = kg_dir.join(tier.dir_name());
            let entries = match fs_err::read_dir(&dir) {
                Ok(e) => e,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(Error::io("list", &dir, e)),
            };
            let mut paths = Vec::new();
            for entry in entries {
                let path = entry.map_err(|e| Error::io("list", &dir, e))?.path();
                if path.extension().is_some_and(|x| x == "md") && !file_name(&path).starts_with('.')
                {
                    paths.push(path);
                }
            }
            paths.sort();
            for path in paths {
                let text =
                    fs_err::read_to_string(&path).map_err(|e| Error::io("read", &path, e))?;
                kg.push(parse_entry(&path, tier, &text));
            }
        }
        Ok(kg)
    }

    /// Add an entry (e.g. from the embedded default KG).
    pub fn push(&mut self, entry: KgEntry) {
        self.entries.push(entry);
    }

    /// All entries.
    pub fn entries(&self) -> &[KgEntry] {
        &self.entries
    }

    /// The active entry of `tier` that has `pattern` as a synonym.
    pub fn find(&self, tier: Tier, pattern: &str) -> Option<&KgEntry> {
        self.entries
            .iter()
            .find(|e| e.tier == tier && e.is_active() && e.synonyms.iter().any(|s| s == pattern))
    }

    /// Active synonyms of `tier`.
    pub fn synonyms(&self, tier: Tier) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter(move |e| e.tier == tier && e.is_active())
            .flat_map(|e| e.synonyms.iter().map(String::as_str))
    }
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `key:: value` lines (`key::: ...` is terraphim's, not a directive here).
pub(crate) fn directive(line: &str) -> Option<(String, &str)> {
    let (key, rest) = line.split_once("::")?;
    let key = key.trim();
    if rest.starts_with(':')
        || key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return None;
    }
    Some((key.to_ascii_lowercase().replace('-', "_"), rest.trim()))
}

fn parse_entry(path: &Path, tier: Tier, text: &str) -> KgEntry {
    let concept = path
        .file_stem()
        .map(|s| s.to_string_lossy().trim().to_lowercase())
        .unwrap_or_default();
    let mut synonyms = Vec::new();
    let mut status = "stable".to_owned();
    for line in text.lines() {
        match directive(line) {
            Some((key, value)) if key == "synonyms" => {
                synonyms.extend(
                    value
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned),
                );
            }
            Some((key, value)) if key == "status" => status = value.to_ascii_lowercase(),
            _ => {}
        }
    }
    KgEntry {
        concept,
        tier,
        synonyms,
        status,
        path: Some(path.to_owned()),
    }
}
