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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]
    use super::*;

    /// The user's KG is read by the guard's parser: a directive in a code fence is not one, a
    /// nested file counts, staging is never read, and a malformed entry is an error naming its
    /// file and line (where the engine once took an unknown status for "inactive").
    #[test]
    fn the_user_kg_is_read_as_the_guard_reads_it() {
        let tmp = tempfile::tempdir().unwrap();
        let write = |rel: &str, text: &str| {
            let path = tmp.path().join(rel);
            fs_err::create_dir_all(path.parent().unwrap()).unwrap();
            fs_err::write(path, text).unwrap();
        };
        write(
            "guard-safe/cargo test.md",
            "synonyms:: cargo test\n```\nsynonyms:: rm -rf /\n```\n",
        );
        write("guard-safe/nested/ls.md", "synonyms:: ls\n");
        write("guard-staging/x.md", "synonyms:: curl\nstatus:: staged\n");
        let kg = ActiveKg::load_user(tmp.path()).unwrap();
        let safe: Vec<&str> = kg.synonyms(Tier::Safe).collect();
        assert_eq!(safe, ["cargo test", "ls"]);
        assert!(kg.find(Tier::Safe, "curl").is_none());

        write(
            "guard-destructive/wipe.md",
            "synonyms:: wipe\nstatus:: maybe\n",
        );
        let err = ActiveKg::load_user(tmp.path()).unwrap_err().to_string();
        let at = format!(
            "{}:2:",
            tmp.path().join("guard-destructive/wipe.md").display()
        );
        assert!(err.starts_with(&at), "{err}");
    }

    /// The user's entry of a tier and concept replaces the earlier one (the default's).
    #[test]
    fn later_layers_override_earlier_ones() {
        let entry = |path: &str, text: &str| {
            let path = Path::new(path);
            Entry::parse(path, terraphim_guard_kg::tier_of(path).unwrap(), text).unwrap()
        };
        let mut default = Kg::new();
        default.push(entry("<embedded>/guard-safe/ls.md", "synonyms:: ls\n"));
        default.push(entry("<embedded>/guard-safe/pwd.md", "synonyms:: pwd\n"));
        let mut kg = ActiveKg::layered([default]);
        kg.push(entry(
            "/u/guard-safe/ls.md",
            "synonyms:: ls\nstatus:: deprecated\n",
        ));
        assert!(kg.find(Tier::Safe, "ls").is_none());
        assert_eq!(kg.find(Tier::Safe, "pwd").unwrap().file(), None);
        assert_eq!(kg.entries().len(), 2);
    }
}
