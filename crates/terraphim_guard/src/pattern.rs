//! KG patterns (synonyms) compiled into structured specs, and one Aho-Corasick automaton per
//! tier that finds, in a single pass over a simple command, every word that any pattern of the
//! tier mentions. A pattern then matches when its head, flags and targets are all found in the
//! right places (see `docs/kg-format.md`).

use std::collections::HashMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::canon::{self, Word, WordKind};

/// Separates words in the haystack. Words containing it are rewritten (see `haystack`).
const SEP: char = '\u{1e}';
/// Stands for an escaped `\*` while a pattern is classified.
const LITERAL_STAR: char = '\u{E000}';

/// How a target word of a pattern matches a word of a command.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// The word equals this.
    Exact(String),
    /// The word starts with this.
    Prefix(String),
    /// The word contains this, ASCII case-insensitively.
    Contains(String),
    /// The word is this path or lies beneath it.
    Subtree(String),
    /// Any word (`**`): lets a safe exception cover every operand.
    Any,
}

impl Target {
    fn parse(word: &str) -> Target {
        let literal = |s: &str| s.replace(LITERAL_STAR, "*");
        match Target::classify(word) {
            Target::Exact(s) => Target::Exact(literal(&s)),
            Target::Prefix(s) => Target::Prefix(literal(&s)),
            Target::Contains(s) => Target::Contains(literal(&s)),
            Target::Subtree(s) => Target::Subtree(literal(&s)),
            Target::Any => Target::Any,
        }
    }

    fn classify(word: &str) -> Target {
        if word == "*" {
            return Target::Exact("*".into());
        }
        if word == "**" {
            return Target::Any;
        }
        if let Some(dir) = word.strip_suffix("/**") {
            return Target::Subtree(if dir.is_empty() {
                "/".into()
            } else {
                dir.to_string()
            });
        }
        if word.len() > 2 && word.starts_with('*') && word.ends_with('*') {
            return Target::Contains(word[1..word.len() - 1].to_string());
        }
        if let Some(prefix) = word.strip_suffix('*')
            && !prefix.is_empty()
            && !prefix.ends_with('*')
        {
            return Target::Prefix(prefix.to_string());
        }
        Target::Exact(word.to_string())
    }
}

/// One stage of a pattern: the part that matches one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stage {
    /// Command name; `None` for `*`.
    pub(crate) name: Option<String>,
    /// Subcommand words after the name.
    pub(crate) head: Vec<String>,
    /// Flags that must all be present.
    pub(crate) flags: Vec<String>,
    /// Targets that must each match some word after the head.
    pub(crate) targets: Vec<Target>,
}

/// A compiled pattern: one or more stages (`A | B`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub(crate) stages: Vec<Stage>,
}

fn is_plain(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || "._:@+-".contains(c))
}

/// Split a pattern into stages of words, honouring single and double quotes.
fn tokenize(pattern: &str) -> Result<Vec<Vec<String>>, String> {
    let mut stages = vec![Vec::new()];
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in canon::fold_lookalikes(pattern).chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '|') => {
                if in_word {
                    if let Some(s) = stages.last_mut() {
                        s.push(std::mem::take(&mut word));
                    }
                    in_word = false;
                }
                stages.push(Vec::new());
            }
            // `\*` is a literal star (`rm -r ~/\*`), not a wildcard.
            (None, '\\') => {
                escaped = true;
                in_word = true;
            }
            (None, c) if escaped => {
                escaped = false;
                word.push(if c == '*' { LITERAL_STAR } else { c });
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    if let Some(s) = stages.last_mut() {
                        s.push(std::mem::take(&mut word));
                    }
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err("unclosed quote".into());
    }
    if in_word && let Some(s) = stages.last_mut() {
        s.push(word);
    }
    if stages.iter().any(Vec::is_empty) {
        return Err("empty pipeline stage".into());
    }
    Ok(stages)
}

impl Pattern {
    /// Compile a synonym into a pattern, canonicalising it like a command.
    pub(crate) fn compile(text: &str) -> Result<Pattern, String> {
        let mut stages = Vec::new();
        for words in tokenize(text)? {
            let name_is_any = words.first().is_some_and(|w| w == "*");
            let mut argv = words.clone();
            if name_is_any {
                argv[0] = "*".into();
            }
            let canonical = canon::canonical_words(&argv, &[]);
            let mut stage = Stage {
                name: None,
                head: Vec::new(),
                flags: Vec::new(),
                targets: Vec::new(),
            };
            let mut in_head = true;
            for w in &canonical {
                match w.kind {
                    WordKind::Name => {
                        if w.text.is_empty() {
                            return Err("empty command name".into());
                        }
                        stage.name = (!name_is_any).then(|| w.text.clone());
                    }
                    WordKind::Flag => {
                        in_head = false;
                        stage.flags.push(w.text.clone());
                    }
                    WordKind::Operand | WordKind::Redirect => {
                        if in_head && is_plain(&w.text) {
                            stage.head.push(w.text.clone());
                        } else {
                            in_head = false;
                            stage.targets.push(Target::parse(&w.text));
                        }
                    }
                }
            }
            stages.push(stage);
        }
        // `*` alone matches every command: allowed only as a leading pipeline stage (`* | sh`).
        let bare = |s: &Stage| {
            s.name.is_none() && s.head.is_empty() && s.flags.is_empty() && s.targets.is_empty()
        };
        if stages.last().is_some_and(bare) {
            return Err("`*` alone would match every command".into());
        }
        Ok(Pattern { stages })
    }
}

/// Identifies an atom: a word-level string the automaton looks for.
type AtomId = u32;

#[derive(Debug, Clone)]
struct StageAtoms {
    name: Option<AtomId>,
    head: Vec<AtomId>,
    flags: Vec<AtomId>,
    /// Each target matches if any of its atoms hits.
    targets: Vec<Vec<AtomId>>,
}

/// What the automaton reports for one stage of one pattern on one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StageHit {
    /// Index of the pattern in the tier.
    pub(crate) pattern: usize,
    /// Stage index within the pattern.
    pub(crate) stage: usize,
    /// Word indices consumed by the head (name included).
    pub(crate) head_words: Vec<usize>,
}

/// All patterns of one tier, and the automata that find their atoms.
#[derive(Debug, Clone)]
pub(crate) struct TierMatcher {
    patterns: Vec<Pattern>,
    stages: Vec<(usize, usize, StageAtoms)>,
    /// Stages by the atom of their command name; stages of `*` patterns are in `any_name`.
    by_name: HashMap<AtomId, Vec<usize>>,
    any_name: Vec<usize>,
    /// Whole-word atoms: the canonical word itself.
    words: HashMap<String, AtomId>,
    /// Prefix atoms (`SEP` + prefix) over the haystack `SEP w0 SEP w1 ... SEP`.
    exact: Option<AhoCorasick>,
    /// Atom ids of the prefix automaton's patterns, in order.
    exact_ids: Vec<AtomId>,
    contains: Option<AhoCorasick>,
    contains_ids: Vec<AtomId>,
    atom_count: usize,
}

#[derive(Default)]
struct AtomTable {
    /// Whole words, looked up per word in a hash map.
    words: HashMap<String, AtomId>,
    /// Word prefixes (`SEP` + prefix), found by the prefix automaton.
    prefixes: HashMap<String, AtomId>,
    /// Substrings, found by the case-insensitive automaton.
    contains: HashMap<String, AtomId>,
    next: AtomId,
}

impl AtomTable {
    fn intern(map: &mut HashMap<String, AtomId>, next: &mut AtomId, s: String) -> AtomId {
        *map.entry(s).or_insert_with(|| {
            *next += 1;
            *next - 1
        })
    }
    fn word(&mut self, w: &str) -> AtomId {
        Self::intern(&mut self.words, &mut self.next, sep_word(w).into_owned())
    }
    fn prefix(&mut self, p: &str) -> AtomId {
        Self::intern(
            &mut self.prefixes,
            &mut self.next,
            format!("{SEP}{}", sep_word(p)),
        )
    }
    fn contains(&mut self, s: &str) -> AtomId {
        Self::intern(
            &mut self.contains,
            &mut self.next,
            sep_word(s).to_ascii_lowercase(),
        )
    }
}

fn sep_word(w: &str) -> std::borrow::Cow<'_, str> {
    if w.contains(SEP) {
        std::borrow::Cow::Owned(w.replace(SEP, "\u{fffd}"))
    } else {
        std::borrow::Cow::Borrowed(w)
    }
}

impl TierMatcher {
    pub(crate) fn build(patterns: Vec<Pattern>) -> Result<TierMatcher, String> {
        let mut atoms = AtomTable::default();
        let mut stages = Vec::new();
        let mut by_name: HashMap<AtomId, Vec<usize>> = HashMap::new();
        let mut any_name = Vec::new();
        for (pi, p) in patterns.iter().enumerate() {
            for (si, s) in p.stages.iter().enumerate() {
                let name = s.name.as_ref().map(|n| atoms.word(n));
                let head = s.head.iter().map(|h| atoms.word(h)).collect();
                let flags = s.flags.iter().map(|f| atoms.word(f)).collect();
                let targets = s
                    .targets
                    .iter()
                    .map(|t| match t {
                        Target::Exact(w) => vec![atoms.word(w)],
                        Target::Prefix(p) => vec![atoms.prefix(p)],
                        Target::Contains(c) => vec![atoms.contains(c)],
                        Target::Subtree(d) if d == "/" => vec![atoms.prefix("/")],
                        Target::Subtree(d) => vec![atoms.word(d), atoms.prefix(&format!("{d}/"))],
                        // Every word starts with SEP in the haystack.
                        Target::Any => vec![atoms.prefix("")],
                    })
                    .collect();
                let idx = stages.len();
                match name {
                    Some(id) => by_name.entry(id).or_default().push(idx),
                    None => any_name.push(idx),
                }
                stages.push((
                    pi,
                    si,
                    StageAtoms {
                        name,
                        head,
                        flags,
                        targets,
                    },
                ));
            }
        }
        let mut exact: Vec<(String, AtomId)> = atoms.prefixes.into_iter().collect();
        exact.sort();
        let mut contains: Vec<(String, AtomId)> = atoms.contains.into_iter().collect();
        contains.sort();
        let build = |pats: &[(String, AtomId)], ci: bool| -> Result<Option<AhoCorasick>, String> {
            if pats.is_empty() {
                return Ok(None);
            }
            // A hook process builds these once and scans a few hundred bytes: the NFA builds
            // fastest and scans fast enough.
            AhoCorasickBuilder::new()
                .kind(Some(AhoCorasickKind::NoncontiguousNFA))
                .prefilter(false)
                .match_kind(MatchKind::Standard)
                .ascii_case_insensitive(ci)
                .build(pats.iter().map(|(s, _)| s.as_str()))
                .map(Some)
                .map_err(|e| e.to_string())
        };
        Ok(TierMatcher {
            patterns,
            stages,
            by_name,
            any_name,
            words: atoms.words,
            exact: build(&exact, false)?,
            exact_ids: exact.iter().map(|(_, id)| *id).collect(),
            contains: build(&contains, true)?,
            contains_ids: contains.iter().map(|(_, id)| *id).collect(),
            atom_count: atoms.next as usize,
        })
    }

    pub(crate) fn pattern(&self, idx: usize) -> &Pattern {
        &self.patterns[idx]
    }

    /// Every stage of every pattern that the simple command satisfies.
    pub(crate) fn stage_hits(&self, words: &[Word]) -> Vec<StageHit> {
        if self.stages.is_empty() || words.is_empty() {
            return Vec::new();
        }
        let (hay, starts) = haystack(words);
        // hits[word] = atoms found on that word.
        let mut hits: Vec<Vec<AtomId>> = vec![Vec::new(); words.len()];
        for (i, w) in words.iter().enumerate() {
            let found = self.words.get(sep_word(&w.text).as_ref());
            if let Some(id) = found {
                hits[i].push(*id);
            }
        }
        if let Some(ac) = &self.exact {
            for m in ac.find_overlapping_iter(hay.as_str()) {
                // Every exact/prefix atom starts with SEP, so the word starts one byte later.
                if let Ok(w) = starts.binary_search(&(m.start() + 1)) {
                    hits[w].push(self.exact_ids[m.pattern().as_usize()]);
                }
            }
        }
        if let Some(ac) = &self.contains {
            for m in ac.find_overlapping_iter(hay.as_str()) {
                let w = match starts.binary_search(&m.start()) {
                    Ok(i) => i,
                    Err(i) => i.saturating_sub(1),
                };
                hits[w].push(self.contains_ids[m.pattern().as_usize()]);
            }
        }
        debug_assert!(
            hits.iter()
                .flatten()
                .all(|a| (*a as usize) < self.atom_count)
        );
        let has = |atom: AtomId, w: usize| hits[w].contains(&atom);

        let mut out = Vec::new();
        let candidates = hits[0]
            .iter()
            .filter_map(|a| self.by_name.get(a))
            .flatten()
            .chain(self.any_name.iter());
        // Every atom hit anywhere in the command: a stage that needs an atom not in here cannot
        // match, which rules out most `*` stages before the positional check.
        let mut seen: Vec<AtomId> = hits.iter().flatten().copied().collect();
        seen.sort_unstable();
        seen.dedup();
        let present = |a: &AtomId| seen.binary_search(a).is_ok();
        for &si in candidates {
            let (pattern, stage, atoms) = &self.stages[si];
            let possible = atoms.head.iter().all(present)
                && atoms.flags.iter().all(present)
                && atoms.targets.iter().all(|alts| alts.iter().any(present));
            if !possible {
                continue;
            }
            if let Some(head_words) = eval_stage(atoms, words, &has) {
                out.push(StageHit {
                    pattern: *pattern,
                    stage: *stage,
                    head_words,
                });
            }
        }
        out
    }
}

/// The haystack `SEP w0 SEP w1 SEP ... SEP` and the byte offset where each word starts.
fn haystack(words: &[Word]) -> (String, Vec<usize>) {
    let mut hay = String::with_capacity(words.iter().map(|w| w.text.len() + 1).sum::<usize>() + 1);
    let mut starts = Vec::with_capacity(words.len());
    hay.push(SEP);
    for w in words {
        starts.push(hay.len());
        hay.push_str(&sep_word(&w.text));
        hay.push(SEP);
    }
    (hay, starts)
}

fn eval_stage(
    atoms: &StageAtoms,
    words: &[Word],
    has: &impl Fn(AtomId, usize) -> bool,
) -> Option<Vec<usize>> {
    if let Some(name) = atoms.name
        && !has(name, 0)
    {
        return None;
    }
    // Head: the command's operands must start with the head words, in order; an operand that is
    // a flag's value may be skipped.
    let mut head_words = vec![0];
    let mut next = 1;
    for &h in &atoms.head {
        loop {
            let w = words.get(next)?;
            next += 1;
            match w.kind {
                WordKind::Flag => continue,
                WordKind::Operand if has(h, next - 1) => {
                    head_words.push(next - 1);
                    break;
                }
                WordKind::Operand if w.follows_flag => continue,
                _ => return None,
            }
        }
    }
    for &f in &atoms.flags {
        if !(1..words.len()).any(|i| words[i].kind == WordKind::Flag && has(f, i)) {
            return None;
        }
    }
    for alternatives in &atoms.targets {
        let found = (1..words.len())
            .filter(|i| !head_words.contains(i) && words[*i].kind != WordKind::Flag)
            .any(|i| alternatives.iter().any(|a| has(*a, i)));
        if !found {
            return None;
        }
    }
    Some(head_words)
}

/// Whether a stage's targets name file-system paths (`/tmp/*`, `~/x`, `./build`, `of=/dev/null`):
/// a safe pattern with such targets vouches only for the operands it covers.
pub(crate) fn names_paths(stage: &Stage) -> bool {
    stage.targets.iter().any(|t| match t {
        Target::Exact(w) | Target::Prefix(w) | Target::Subtree(w) => {
            w.contains('/') || w.starts_with('~') || w.starts_with('.') || w.starts_with("$HOME")
        }
        Target::Contains(_) | Target::Any => false,
    })
}

/// Whether the words not consumed by `hit`'s head are all matched by the stage's targets: the
/// "explicit cover" test for safe exceptions. Redirections are not operands here.
pub(crate) fn covers_all_operands(stage: &Stage, words: &[Word], head_words: &[usize]) -> bool {
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| w.kind == WordKind::Operand && !head_words.contains(i))
        .all(|(_, w)| {
            // `/tmp/$X` may name `/etc`: a run-time value is covered only literally or by `**`.
            let dynamic = canon::is_dynamic(&w.text);
            stage.targets.iter().any(|t| match t {
                Target::Exact(e) => w.text == *e,
                Target::Prefix(_) | Target::Contains(_) | Target::Subtree(_) if dynamic => false,
                Target::Prefix(p) => w.text.starts_with(p.as_str()),
                Target::Contains(c) => w
                    .text
                    .to_ascii_lowercase()
                    .contains(&c.to_ascii_lowercase()),
                Target::Subtree(d) if d == "/" => w.text.starts_with('/'),
                Target::Subtree(d) => {
                    w.text == *d
                        || w.text
                            .strip_prefix(d.as_str())
                            .is_some_and(|r| r.starts_with('/'))
                }
                Target::Any => true,
            })
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    #[track_caller]
    fn check(pattern: &str, command: &str, expected: bool) {
        let p = Pattern::compile(pattern).unwrap();
        let m = TierMatcher::build(vec![p]).unwrap();
        let parsed = parse::parse(command);
        let hit = parsed
            .commands
            .iter()
            .any(|c| !m.stage_hits(&c.words).is_empty());
        assert_eq!(hit, expected, "pattern `{pattern}` on `{command}`");
    }

    #[test]
    fn pattern_semantics() {
        for (pattern, command, expected) in [
            ("rm -rf /", "rm -rf /", true),
            ("rm -rf /", "rm -r -f /", true),
            ("rm -rf /", "rm --recursive --force /", true),
            ("rm -rf /", "rm -rfv /tmp/x /", true),
            ("rm -rf /", "rm -rf /tmp/x", false),
            ("rm -rf /", "echo rm -rf /", false),
            ("rm -r /etc/**", "rm -r /etc/nginx", true),
            ("rm -r /etc/**", "rm -r /etcetera", false),
            ("git push -f", "git push origin main --force", true),
            ("git push -f", "git -C repo push --force", true),
            ("git push -f", "git push --force-with-lease", false),
            ("git push -f", "git commit -m push --force", false),
            ("git push +*", "git push origin +main", true),
            ("git branch -D", "git branch -d x", false),
            ("git branch -D", "git branch --delete --force x", true),
            ("kubectl delete", "kubectl -n prod delete pod x", true),
            ("psql '*drop table*'", "psql -c 'DROP TABLE users'", true),
            ("psql '*drop table*'", "psql -c 'select 1'", false),
            ("* >~/.bashrc", "echo x >> ~/.bashrc", true),
            ("* >~/.ssh/**", "cat k > ~/.ssh/authorized_keys", true),
            ("dd of=/dev/*", "dd if=x of=/dev/sda bs=1M", true),
            ("find -delete", "find . -name x -delete", true),
            ("rm -rf *", "rm -rf *", true),
            ("rm -rf *", "rm -rf build", false),
            ("cargo test", "cargo test -p foo --release", true),
            ("rm -r ~/\\*", "rm -rf ~/*", true),
            ("rm -r ~/\\*", "rm -rf ~/project", false),
            ("git grep -O", "git grep -O'sh -c id' x", true),
            (
                "git restore --staged **",
                "git restore --staged src/a.rs",
                true,
            ),
            ("git restore --staged **", "git restore src/a.rs", false),
        ] {
            check(pattern, command, expected);
        }
    }

    #[test]
    fn bad_patterns_are_errors() {
        assert!(Pattern::compile("* | sh").is_ok());
        for bad in ["", "|", "rm '-rf", "*", "ls |", "sh | *"] {
            assert!(Pattern::compile(bad).is_err(), "{bad:?}");
        }
    }
}
