//! Loading the knowledge graph: terraphim's one-concept-a-file markdown, plus the guard's own
//! directives (`reason::`, `profile::`, `example::`, `not_example::`, `status::`).
//!
//! Synonyms are parsed here rather than by terraphim's loader because terraphim lowercases them,
//! and shells are case-sensitive: `git branch -D` must not become `git branch -d`.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The tier a KG entry belongs to; it comes from the entry's directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Tier {
    /// `guard-safe/`: allowed on the host when every part of a command is safe.
    Safe,
    /// `guard-suspicious/`: runs in the sandbox.
    Suspicious,
    /// `guard-destructive/`: never runs.
    Destructive,
    /// `guard-replace/`: KG synonym substitution before the command is guarded again.
    Replace,
}

impl Tier {
    /// The directory name of the tier (`guard-safe`, ...).
    pub fn dir_name(self) -> &'static str {
        match self {
            Tier::Safe => "guard-safe",
            Tier::Suspicious => "guard-suspicious",
            Tier::Destructive => "guard-destructive",
            Tier::Replace => "guard-replace",
        }
    }

    /// The tier of a directory name, if it is one of the active tiers.
    pub fn from_dir_name(name: &str) -> Option<Tier> {
        match name {
            "guard-safe" => Some(Tier::Safe),
            "guard-suspicious" => Some(Tier::Suspicious),
            "guard-destructive" => Some(Tier::Destructive),
            "guard-replace" => Some(Tier::Replace),
            _ => None,
        }
    }

    /// All active tiers, in loading order.
    pub const ALL: [Tier; 4] = [
        Tier::Destructive,
        Tier::Suspicious,
        Tier::Safe,
        Tier::Replace,
    ];

    /// Short lowercase name (`safe`, `suspicious`, `destructive`, `replace`).
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Safe => "safe",
            Tier::Suspicious => "suspicious",
            Tier::Destructive => "destructive",
            Tier::Replace => "replace",
        }
    }
}

impl fmt::Display for Tier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether an entry takes part in decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Active (the default).
    Stable,
    /// Proposed, not active.
    Preview,
    /// Waiting in `guard-staging/` for review; not active.
    Staged,
    /// Demoted; kept for the record, not active.
    Deprecated,
}

impl Status {
    fn parse(value: &str) -> Option<Status> {
        match value.trim().to_ascii_lowercase().as_str() {
            "stable" | "active" | "approved" => Some(Status::Stable),
            "preview" => Some(Status::Preview),
            "staged" => Some(Status::Staged),
            "deprecated" => Some(Status::Deprecated),
            _ => None,
        }
    }
}

/// A value together with the 1-based line it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The text.
    pub text: String,
    /// 1-based line number in the entry's file.
    pub line: usize,
}

/// One concept of the KG: one markdown file.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The concept: the file stem, trimmed and lowercased (terraphim's `nterm`).
    pub concept: String,
    /// The first `# Heading`, or the stem.
    pub display: String,
    /// The tier, from the directory.
    pub tier: Tier,
    /// The patterns (`synonyms::`), case preserved.
    pub synonyms: Vec<Located>,
    /// `reason::`, shown when the entry decides.
    pub reason: Option<String>,
    /// `profile::`, the sandbox profile for suspicious entries.
    pub profile: Option<String>,
    /// `example::` lines: commands this entry must decide.
    pub examples: Vec<Located>,
    /// `not_example::` lines: commands this entry must not match.
    pub not_examples: Vec<Located>,
    /// `status::`.
    pub status: Status,
    /// Where the entry came from (a real path, or `<embedded>/...`).
    pub source: PathBuf,
}

impl Entry {
    /// Parse one KG markdown file. `source` is used for error messages and must name the tier
    /// directory unless `tier` is given.
    pub fn parse(source: &Path, tier: Tier, content: &str) -> Result<Entry> {
        let stem = source
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default();
        let concept = stem.trim().to_lowercase();
        let err = |line: usize, message: String| Error::Entry {
            path: source.to_path_buf(),
            line,
            message,
        };
        if concept.is_empty() {
            return Err(err(1, "the file name gives no concept".into()));
        }
        let mut entry = Entry {
            display: concept.clone(),
            concept,
            tier,
            synonyms: Vec::new(),
            reason: None,
            profile: None,
            examples: Vec::new(),
            not_examples: Vec::new(),
            status: Status::Stable,
            source: source.to_path_buf(),
        };
        let mut heading = None;
        let mut in_fence = false;
        for (idx, raw) in content.lines().enumerate() {
            let line_no = idx + 1;
            let line = raw.trim();
            if line.starts_with("```") || line.starts_with("~~~") {
                in_fence = !in_fence;
                continue;
            }
            if in_fence {
                continue;
            }
            if heading.is_none()
                && let Some(h) = line.strip_prefix("# ")
            {
                heading = Some(h.trim().to_string());
                continue;
            }
            let Some((key, value)) = split_directive(line) else {
                continue;
            };
            let value = value.trim();
            let located = |text: &str| Located {
                text: text.trim().to_string(),
                line: line_no,
            };
            match key.as_str() {
                "synonyms" => {
                    for syn in value.split(',') {
                        if !syn.trim().is_empty() {
                            entry.synonyms.push(located(syn));
                        }
                    }
                }
                "reason" => entry.reason = Some(value.to_string()),
                "profile" => {
                    if value.is_empty() {
                        return Err(err(line_no, "`profile::` is empty".into()));
                    }
                    entry.profile = Some(value.to_string());
                }
                "example" => entry.examples.push(located(value)),
                "not_example" => entry.not_examples.push(located(value)),
                "status" => {
                    entry.status = Status::parse(value).ok_or_else(|| {
                        err(
                            line_no,
                            format!(
                                "unknown status `{value}` (stable, preview, staged, deprecated)"
                            ),
                        )
                    })?;
                }
                // terraphim's own directives and anything unknown are ignored, as terraphim does.
                _ => {}
            }
        }
        if in_fence {
            return Err(err(
                content.lines().count(),
                "a code fence is never closed".into(),
            ));
        }
        if let Some(h) = heading {
            entry.display = h;
        }
        if entry.synonyms.is_empty() {
            return Err(err(
                1,
                "no `synonyms::` line: an entry needs at least one pattern".into(),
            ));
        }
        Ok(entry)
    }

    /// Whether the entry takes part in decisions.
    pub fn is_active(&self) -> bool {
        self.status == Status::Stable
    }
}

/// `key:: value` with a case-insensitive key; `key::: value` (terraphim's `type:::`) is not a
/// guard directive.
fn split_directive(line: &str) -> Option<(String, &str)> {
    let (key, rest) = line.split_once("::")?;
    if rest.starts_with(':')
        || key.is_empty()
        || !key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return None;
    }
    Some((key.to_ascii_lowercase().replace('-', "_"), rest))
}

/// A set of KG entries from one or more sources, in loading order.
#[derive(Debug, Clone, Default)]
pub struct Kg {
    entries: Vec<Entry>,
}

impl Kg {
    /// An empty KG.
    pub fn new() -> Kg {
        Kg::default()
    }

    /// The KG embedded in the binary at build time (`kg/` of the workspace).
    pub fn embedded() -> Result<Kg> {
        Kg::embedded_filtered(|_| true)
    }

    /// The embedded entries of one tier.
    pub(crate) fn embedded_tier(tier: Tier) -> Result<Kg> {
        Kg::embedded_filtered(|rel| {
            rel.strip_prefix(tier.dir_name())
                .is_some_and(|rest| rest.starts_with('/'))
        })
    }

    fn embedded_filtered(keep: impl Fn(&str) -> bool) -> Result<Kg> {
        let mut kg = Kg::new();
        for (rel, content) in crate::embedded::default_kg() {
            if !keep(rel) {
                continue;
            }
            let path = Path::new("<embedded>").join(rel);
            let tier = tier_of(&path).ok_or_else(|| Error::Entry {
                path: path.clone(),
                line: 1,
                message: "not under a guard tier directory".into(),
            })?;
            kg.entries.push(Entry::parse(&path, tier, content)?);
        }
        Ok(kg)
    }

    /// Add every `guard-*/**.md` entry found in `root` (a directory that holds tier directories,
    /// such as `~/.config/terraphim/kg/`), or, when `root` itself is a tier directory, its entries.
    /// A missing `root` adds nothing. `guard-staging/` is never read.
    pub fn add_dir(&mut self, root: &Path) -> Result<()> {
        if !root.exists() {
            return Ok(());
        }
        let name = root
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if let Some(tier) = Tier::from_dir_name(name) {
            return self.add_tier_dir(root, tier);
        }
        for tier in Tier::ALL {
            let dir = root.join(tier.dir_name());
            if dir.is_dir() {
                self.add_tier_dir(&dir, tier)?;
            }
        }
        Ok(())
    }

    fn add_tier_dir(&mut self, dir: &Path, tier: Tier) -> Result<()> {
        let mut errors = Vec::new();
        self.add_tier_dir_collecting(dir, tier, &mut errors);
        match errors.into_iter().next() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// Like [`Kg::add_dir`], but keeps going past bad files and returns every error, for
    /// validation (`guard kg check`).
    pub fn add_dir_collecting(&mut self, root: &Path) -> Vec<Error> {
        let mut errors = Vec::new();
        if !root.exists() {
            errors.push(Error::Io {
                path: root.to_path_buf(),
                source: std::io::Error::from(std::io::ErrorKind::NotFound),
            });
            return errors;
        }
        let name = root
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if let Some(tier) = Tier::from_dir_name(name) {
            self.add_tier_dir_collecting(root, tier, &mut errors);
            return errors;
        }
        for tier in Tier::ALL {
            let dir = root.join(tier.dir_name());
            if dir.is_dir() {
                self.add_tier_dir_collecting(&dir, tier, &mut errors);
            }
        }
        errors
    }

    fn add_tier_dir_collecting(&mut self, dir: &Path, tier: Tier, errors: &mut Vec<Error>) {
        let mut files = Vec::new();
        if let Err(e) = collect_md(dir, &mut files) {
            errors.push(e);
        }
        files.sort();
        for path in files {
            let parsed = fs_err::read_to_string(&path)
                .map_err(|source| Error::Io {
                    path: path.clone(),
                    source,
                })
                .and_then(|content| Entry::parse(&path, tier, &content));
            match parsed {
                Ok(entry) => self.entries.push(entry),
                Err(e) => errors.push(e),
            }
        }
    }

    /// Append every entry of `other`, after this KG's own.
    pub fn extend(&mut self, other: Kg) {
        self.entries.extend(other.entries);
    }

    /// Add one parsed entry.
    pub fn push(&mut self, entry: Entry) {
        self.entries.push(entry);
    }

    /// All entries, active or not, in loading order.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The entries that take effect: of several entries with one tier and concept, the last (the
/// user's KG, loaded after the default one, replaces or deprecates a default entry).
pub(crate) fn effective(entries: &[Entry]) -> Vec<&Entry> {
    let mut last: std::collections::HashMap<(Tier, &str), usize> =
        std::collections::HashMap::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        last.insert((e.tier, e.concept.as_str()), i);
    }
    entries
        .iter()
        .enumerate()
        .filter(|(i, e)| last.get(&(e.tier, e.concept.as_str())) == Some(i))
        .map(|(_, e)| e)
        .collect()
}

/// The tier of a file from the nearest `guard-*` directory among its ancestors.
pub(crate) fn tier_of(path: &Path) -> Option<Tier> {
    path.ancestors().skip(1).find_map(|a| {
        a.file_name()
            .and_then(|n| n.to_str())
            .and_then(Tier::from_dir_name)
    })
}

fn collect_md(dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let entries = fs_err::read_dir(dir).map_err(|source| Error::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for entry in entries {
        let entry = entry.map_err(|source| Error::Io {
            path: dir.to_path_buf(),
            source,
        })?;
        let path = entry.path();
        let hidden = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with('.'));
        if hidden {
            continue;
        }
        if path.is_dir() {
            collect_md(&path, files)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_directives_and_keeps_case() {
        let text = "# Git branch force delete\n\nsynonyms:: git branch -D, git branch --delete --force\nreason:: deletes unmerged work\nexample:: git branch -D x\nnot_example:: git branch -d x\ntype::: kg_entry\n```\nsynonyms:: in a fence\n```\n";
        let e = Entry::parse(
            Path::new("kg/guard-destructive/git branch force delete.md"),
            Tier::Destructive,
            text,
        )
        .unwrap();
        assert_eq!(e.concept, "git branch force delete");
        assert_eq!(e.display, "Git branch force delete");
        let syns: Vec<_> = e.synonyms.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(syns, ["git branch -D", "git branch --delete --force"]);
        assert_eq!(e.synonyms[0].line, 3);
        assert_eq!(e.examples[0].line, 5);
        assert_eq!(e.reason.as_deref(), Some("deletes unmerged work"));
    }

    #[test]
    fn errors_name_file_and_line() {
        let e = Entry::parse(
            Path::new("x/guard-safe/ls.md"),
            Tier::Safe,
            "synonyms:: ls\nstatus:: maybe\n",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "x/guard-safe/ls.md:2: unknown status `maybe` (stable, preview, staged, deprecated)"
        );
        let e = Entry::parse(Path::new("x/guard-safe/ls.md"), Tier::Safe, "# ls\n").unwrap_err();
        assert!(e.to_string().contains("no `synonyms::` line"), "{e}");
    }
}
