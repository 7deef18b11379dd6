//! Loading the knowledge graph: terraphim's one-concept-a-file markdown, plus the guard's own
//! directives (`reason::`, `profile::`, `example::`, `not_example::`, `status::`).
//!
//! Synonyms are parsed here rather than by terraphim's loader because terraphim lowercases them,
//! and shells are case-sensitive: `git branch -D` must not become `git branch -d`.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// Where the entries of the default KG, embedded in the binary, say they come from:
/// `<embedded>/<tier dir>/<file>`.
pub const EMBEDDED_ROOT: &str = "<embedded>";

/// The tier a KG entry belongs to; it comes from the entry's directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
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

    /// The tier of a short name (`safe`, `suspicious`, `destructive`, `replace`).
    pub fn from_name(name: &str) -> Option<Tier> {
        match name.trim() {
            "safe" => Some(Tier::Safe),
            "suspicious" => Some(Tier::Suspicious),
            "destructive" => Some(Tier::Destructive),
            "replace" => Some(Tier::Replace),
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
    /// The status a `status::` value names (case-insensitive; `active` and `approved` are
    /// `stable`); `None` for anything else.
    pub fn parse(value: &str) -> Option<Status> {
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
    /// `effect:: remote`: a safe command that changes state beyond this machine (`git push`,
    /// `npm publish`). Run from inside a command or process substitution, where its effect is
    /// hidden in another command's words, it is sandboxed instead of allowed.
    pub remote_effect: bool,
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
            remote_effect: false,
            status: Status::Stable,
            source: source.to_path_buf(),
        };
        let mut heading = None;
        let mut in_fence = false;
        for (line_no, line) in lines(content) {
            let (key, value) = match line {
                Line::Fence => {
                    in_fence = !in_fence;
                    continue;
                }
                Line::Fenced(_) => continue,
                Line::Text(text) => {
                    if heading.is_none()
                        && let Some(h) = text.strip_prefix("# ")
                    {
                        heading = Some(h.trim().to_string());
                    }
                    continue;
                }
                Line::Directive { key, value } => (key, value),
            };
            let located = |text: &str| Located {
                text: text.trim().to_string(),
                line: line_no,
            };
            match key.as_str() {
                "synonyms" => {
                    for text in split_synonyms(value) {
                        entry
                            .synonyms
                            .extend(expand_programs(text).map(|text| Located {
                                text,
                                line: line_no,
                            }));
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
                "effect" => match value.trim() {
                    "remote" => entry.remote_effect = true,
                    other => {
                        return Err(err(line_no, format!("unknown effect `{other}` (remote)")));
                    }
                },
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

    /// The file the entry was read from; `None` for an entry of the embedded default KG.
    pub fn file(&self) -> Option<&Path> {
        (!self.source.starts_with(EMBEDDED_ROOT)).then_some(self.source.as_path())
    }
}

/// One line of KG markdown, classified the one way every reader of the format (the guard, the
/// learning loop, the review gate) sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line<'a> {
    /// A line that opens or closes a code fence (it starts with ```` ``` ```` or `~~~`).
    Fence,
    /// A line inside a code fence, trimmed: never a directive.
    Fenced(&'a str),
    /// `key:: value` outside a fence: the key lowercased with `-` as `_`, the value trimmed.
    /// `key::: value` (terraphim's `type:::`) is not a directive, nor is a key with anything
    /// but ASCII letters, digits, `_` and `-`.
    Directive {
        /// The key, lowercased, `-` written `_`.
        key: String,
        /// The value, trimmed.
        value: &'a str,
    },
    /// Anything else outside a fence (headings, prose), trimmed.
    Text(&'a str),
}

/// The lines of `content` with their 1-based numbers, classified.
pub fn lines(content: &str) -> impl Iterator<Item = (usize, Line<'_>)> {
    let mut in_fence = false;
    content.lines().enumerate().map(move |(idx, raw)| {
        let line = raw.trim();
        let kind = if line.starts_with("```") || line.starts_with("~~~") {
            in_fence = !in_fence;
            Line::Fence
        } else if in_fence {
            Line::Fenced(line)
        } else if let Some((key, value)) = directive(line) {
            Line::Directive { key, value }
        } else {
            Line::Text(line)
        };
        (idx + 1, kind)
    })
}

/// A program word of a pattern that stands for every program of a shared list: written once,
/// it becomes one pattern per member, so an entry follows the list (`<http-client> | sh` is
/// `curl | sh`, `wget | sh`, `xh | sh`, ... for every client of
/// `terraphim_shell_vocab::hosts::HTTP_CLIENTS`).
pub const PROGRAM_LISTS: &[(&str, &[&str])] =
    &[("<http-client>", terraphim_shell_vocab::hosts::HTTP_CLIENTS)];

/// `pattern` with each program-list word of [`PROGRAM_LISTS`] replaced by each member of its
/// list (every occurrence of one word by the same member; every combination of members when a
/// pattern holds words of several lists); a pattern without one is itself.
pub fn expand_programs(pattern: &str) -> impl Iterator<Item = String> {
    let mut out = vec![pattern.to_string()];
    for (word, members) in PROGRAM_LISTS {
        if !pattern.split_whitespace().any(|w| w == *word) {
            continue;
        }
        out = out
            .iter()
            .flat_map(|p| {
                members.iter().map(move |m| {
                    p.split(' ')
                        .map(|w| if w == *word { *m } else { w })
                        .collect::<Vec<_>>()
                        .join(" ")
                })
            })
            .collect();
    }
    out.into_iter()
}

/// The patterns of a `synonyms::` value: comma-separated, trimmed, empty ones dropped.
pub fn split_synonyms(value: &str) -> impl Iterator<Item = &str> {
    value.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// `key:: value` (see [`Line::Directive`]) in one line, whatever the fences around it.
fn directive(line: &str) -> Option<(String, &str)> {
    let (key, rest) = line.trim().split_once("::")?;
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

    /// The entries of the default KG embedded in a binary: `files` are (path relative to the
    /// `kg/` directory, content), each parsed as `<embedded>/<path>` with the tier of its
    /// directory.
    pub fn from_embedded<'a>(files: impl IntoIterator<Item = (&'a str, &'a str)>) -> Result<Kg> {
        let mut kg = Kg::new();
        for (rel, content) in files {
            let path = Path::new(EMBEDDED_ROOT).join(rel);
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

/// The override rule's key: entries with one tier and concept are one entry, and the last
/// loaded wins (the user's KG, loaded after the default one, replaces or deprecates a default
/// entry).
fn override_key(e: &Entry) -> (Tier, &str) {
    (e.tier, e.concept.as_str())
}

/// The entries that take effect: of several entries with one tier and concept, the last.
pub fn effective(entries: &[Entry]) -> Vec<&Entry> {
    let mut last: std::collections::HashMap<(Tier, &str), usize> =
        std::collections::HashMap::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        last.insert(override_key(e), i);
    }
    entries
        .iter()
        .enumerate()
        .filter(|(i, e)| last.get(&override_key(e)) == Some(i))
        .map(|(_, e)| e)
        .collect()
}

/// What a later layer of entries (the user's KG) overrides in an earlier one that is not held
/// as [`Entry`] values (the compiled default KG): the same rule as [`effective`].
#[derive(Debug, Default)]
pub struct Overrides<'a>(std::collections::HashSet<(Tier, &'a str)>);

impl<'a> Overrides<'a> {
    /// The keys of the `later` layer.
    pub fn of(later: &'a [Entry]) -> Self {
        Self(later.iter().map(override_key).collect())
    }

    /// Whether an earlier entry of `tier` and `concept` is overridden.
    pub fn covers(&self, tier: Tier, concept: &str) -> bool {
        self.0.contains(&(tier, concept))
    }
}

/// The tier of a file from the nearest `guard-*` directory among its ancestors.
pub fn tier_of(path: &Path) -> Option<Tier> {
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
    #![allow(clippy::unwrap_used, reason = "test code")]
    use pretty_assertions::assert_eq;

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
        assert!(!e.remote_effect);
        let pushed = Entry::parse(
            Path::new("kg/guard-safe/push.md"),
            Tier::Safe,
            "synonyms:: git push\neffect:: remote\n",
        )
        .unwrap();
        assert!(pushed.remote_effect);
    }

    /// A program-list word becomes one pattern per member of its shared list, in the list's
    /// order and on the line it was written; a pattern without one, or with the word only as
    /// part of another word, is itself.
    #[test]
    fn program_list_words_expand_to_every_member() {
        let clients = terraphim_shell_vocab::hosts::HTTP_CLIENTS;
        let e = Entry::parse(
            Path::new("kg/guard-suspicious/x.md"),
            Tier::Suspicious,
            "synonyms:: <http-client> | sh, make install\n",
        )
        .unwrap();
        let syns: Vec<_> = e.synonyms.iter().map(|s| s.text.as_str()).collect();
        let mut want: Vec<String> = clients.iter().map(|c| format!("{c} | sh")).collect();
        want.push("make install".to_string());
        assert_eq!(syns, want);
        assert!(e.synonyms.iter().all(|s| s.line == 1));
        // The word twice in one pattern is the same member both times.
        let twice: Vec<String> = expand_programs("<http-client> | <http-client>").collect();
        assert_eq!(twice.len(), clients.len());
        assert_eq!(twice[0], format!("{0} | {0}", clients[0]));
        assert_eq!(
            expand_programs("echo x<http-client>").collect::<Vec<_>>(),
            ["echo x<http-client>"]
        );
    }

    /// Every rule of the format, as rows: markdown in, (synonyms, status) or the error out.
    #[test]
    fn parser_rules() {
        type Want = std::result::Result<(&'static [&'static str], Status), &'static str>;
        let rows: &[(&str, &str, Want)] = &[
            (
                "plain",
                "synonyms:: ls, ls -la\n",
                Ok((&["ls", "ls -la"], Status::Stable)),
            ),
            (
                "key case and dashes",
                "SYNONYMS:: ls\nStatus:: Preview\n",
                Ok((&["ls"], Status::Preview)),
            ),
            (
                "empty synonyms dropped",
                "synonyms:: ls, , ,pwd\n",
                Ok((&["ls", "pwd"], Status::Stable)),
            ),
            (
                "two synonym lines",
                "synonyms:: ls\nsynonyms:: pwd\n",
                Ok((&["ls", "pwd"], Status::Stable)),
            ),
            (
                "indented directive",
                "   synonyms:: ls  \n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "triple colon is terraphim's",
                "synonyms::: rm -rf /\nsynonyms:: ls\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "space in key",
                "syn onyms:: rm -rf /\nsynonyms:: ls\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "backtick fence hides",
                "synonyms:: ls\n```\nsynonyms:: rm -rf /\nstatus:: deprecated\n```\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "tilde fence hides",
                "synonyms:: ls\n~~~ sh\nsynonyms:: rm -rf /\n~~~\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "indented fence hides",
                "synonyms:: ls\n  ```\nsynonyms:: rm -rf /\n  ```\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "after a closed fence",
                "```\nx\n```\nsynonyms:: ls\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "approved is stable",
                "synonyms:: ls\nstatus:: approved\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "active is stable",
                "synonyms:: ls\nstatus:: active\n",
                Ok((&["ls"], Status::Stable)),
            ),
            (
                "staged",
                "synonyms:: ls\nstatus:: staged\n",
                Ok((&["ls"], Status::Staged)),
            ),
            (
                "deprecated",
                "synonyms:: ls\nstatus:: DEPRECATED\n",
                Ok((&["ls"], Status::Deprecated)),
            ),
            (
                "unknown status",
                "synonyms:: ls\n\nstatus:: maybe\n",
                Err(
                    "x/guard-safe/ls.md:3: unknown status `maybe` (stable, preview, staged, deprecated)",
                ),
            ),
            (
                "empty status",
                "synonyms:: ls\nstatus::\n",
                Err(
                    "x/guard-safe/ls.md:2: unknown status `` (stable, preview, staged, deprecated)",
                ),
            ),
            (
                "unclosed fence",
                "synonyms:: ls\n```\nsynonyms:: pwd\n",
                Err("x/guard-safe/ls.md:3: a code fence is never closed"),
            ),
            (
                "fenced synonyms only",
                "```\nsynonyms:: ls\n```\n",
                Err(
                    "x/guard-safe/ls.md:1: no `synonyms::` line: an entry needs at least one pattern",
                ),
            ),
            (
                "no synonyms",
                "# ls\n",
                Err(
                    "x/guard-safe/ls.md:1: no `synonyms::` line: an entry needs at least one pattern",
                ),
            ),
            (
                "empty profile",
                "synonyms:: ls\nprofile::   \n",
                Err("x/guard-safe/ls.md:2: `profile::` is empty"),
            ),
            (
                "unknown effect",
                "synonyms:: ls\neffect:: local\n",
                Err("x/guard-safe/ls.md:2: unknown effect `local` (remote)"),
            ),
        ];
        for (name, text, want) in rows {
            let got = Entry::parse(Path::new("x/guard-safe/ls.md"), Tier::Safe, text)
                .map(|e| {
                    let syns: Vec<String> = e.synonyms.into_iter().map(|s| s.text).collect();
                    (syns, e.status)
                })
                .map_err(|e| e.to_string());
            let want = want
                .map(|(syns, status)| (syns.iter().map(|s| (*s).to_string()).collect(), status))
                .map_err(str::to_string);
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn lines_are_classified_once_for_every_reader() {
        let text = "# T\nkey-A:: v \n```\nsynonyms:: x\n```\nprose";
        let got: Vec<_> = lines(text).collect();
        assert_eq!(
            got,
            [
                (1, Line::Text("# T")),
                (
                    2,
                    Line::Directive {
                        key: "key_a".into(),
                        value: "v"
                    }
                ),
                (3, Line::Fence),
                (4, Line::Fenced("synonyms:: x")),
                (5, Line::Fence),
                (6, Line::Text("prose")),
            ]
        );
    }

    /// A bad file in a directory is reported with its path and line; the good ones still load.
    #[test]
    fn bad_files_are_reported_with_file_and_line() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("guard-safe");
        fs_err::create_dir_all(&dir).unwrap();
        fs_err::write(dir.join("ls.md"), "synonyms:: ls\n").unwrap();
        fs_err::write(dir.join("bad.md"), "synonyms:: pwd\n```\n").unwrap();
        fs_err::write(dir.join("worse.md"), "# worse\nstatus:: nope\n").unwrap();
        let mut kg = Kg::new();
        let errors: Vec<String> = kg
            .add_dir_collecting(tmp.path())
            .iter()
            .map(ToString::to_string)
            .collect();
        let at = |file: &str, line: usize| format!("{}:{line}:", dir.join(file).display());
        assert_eq!(errors.len(), 2, "{errors:?}");
        assert!(errors[0].starts_with(&at("bad.md", 2)), "{errors:?}");
        assert!(errors[1].starts_with(&at("worse.md", 2)), "{errors:?}");
        let concepts: Vec<_> = kg.entries().iter().map(|e| e.concept.as_str()).collect();
        assert_eq!(concepts, ["ls"]);
        // The failing loader stops at the first.
        let err = Kg::new().add_dir(tmp.path()).unwrap_err().to_string();
        assert!(err.starts_with(&at("bad.md", 2)), "{err}");
    }

    /// Of several entries with one tier and concept the last takes effect; other tiers keep
    /// theirs; a user's deprecated entry hides the default one.
    #[test]
    fn later_entries_override_earlier_ones() {
        let entry = |path: &str, text: &str| {
            let path = Path::new(path);
            Entry::parse(path, tier_of(path).unwrap(), text).unwrap()
        };
        let kg = [
            entry("<embedded>/guard-safe/ls.md", "synonyms:: ls\n"),
            entry("<embedded>/guard-destructive/ls.md", "synonyms:: ls /\n"),
            entry("<embedded>/guard-safe/pwd.md", "synonyms:: pwd\n"),
            entry(
                "/home/u/guard-safe/LS.md",
                "synonyms:: ls -la\nstatus:: deprecated\n",
            ),
        ];
        let got: Vec<_> = effective(&kg)
            .iter()
            .map(|e| {
                (
                    e.tier,
                    e.synonyms[0].text.as_str(),
                    e.is_active(),
                    e.file().is_some(),
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (Tier::Destructive, "ls /", true, false),
                (Tier::Safe, "pwd", true, false),
                (Tier::Safe, "ls -la", false, true),
            ]
        );
        // The compiled default layer asks the same rule of the user's layer.
        let user = &kg[3..];
        let overrides = Overrides::of(user);
        let covered: Vec<_> = kg[..3]
            .iter()
            .map(|e| overrides.covers(e.tier, &e.concept))
            .collect();
        assert_eq!(covered, [true, false, false]);
    }
}
