//! The part of the active KG the engine needs: which patterns are already safe or destructive,
//! and where the user's entries live. Entries, tiers and the markdown format are
//! `terraphim_guard_kg`'s, the model the guard decides with.

use std::path::Path;

use terraphim_guard_kg::{Entry, Kg, Tier};

use crate::Result;

/// The active KG as the engine sees it: the entries that take effect, in loading order.
#[derive(Debug, Clone, Default)]
pub struct ActiveKg {
    entries: Vec<Entry>,
}

impl ActiveKg {
    /// An empty KG.
    pub fn new() -> ActiveKg {
        ActiveKg::default()
    }

    /// Read the user KG under `kg_dir` the way the guard reads it (`guard-*/**.md`; never
    /// `guard-staging/`). A missing directory is empty; a malformed entry is an error that
    /// names its file and line.
    pub fn load_user(kg_dir: &Path) -> Result<ActiveKg> {
        let mut kg = Kg::new();
        kg.add_dir(kg_dir)?;
        Ok(ActiveKg::layered([kg]))
    }

    /// The KG made of `layers`, each loaded after the one before: of several entries with one
    /// tier and concept the last takes effect (the user's over the embedded default's).
    pub fn layered(layers: impl IntoIterator<Item = Kg>) -> ActiveKg {
        let mut all = Kg::new();
        for layer in layers {
            all.extend(layer);
        }
        ActiveKg {
            entries: terraphim_guard_kg::effective(all.entries())
                .into_iter()
                .cloned()
                .collect(),
        }
    }

    /// Add an entry after the others, replacing an earlier one of its tier and concept.
    pub fn push(&mut self, entry: Entry) {
        self.entries
            .retain(|e| !(e.tier == entry.tier && e.concept == entry.concept));
        self.entries.push(entry);
    }

    /// All entries.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// The active entry of `tier` that has `pattern` as a synonym.
    pub fn find(&self, tier: Tier, pattern: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| {
            e.tier == tier && e.is_active() && e.synonyms.iter().any(|s| s.text == pattern)
        })
    }

    /// Active synonyms of `tier`.
    pub fn synonyms(&self, tier: Tier) -> impl Iterator<Item = &str> {
        self.entries
            .iter()
            .filter(move |e| e.tier == tier && e.is_active())
            .flat_map(|e| e.synonyms.iter().map(|s| s.text.as_str()))
    }
}
