//! KG patterns (synonyms) compiled into structured specs, and one Aho-Corasick automaton per
//! tier that finds, in a single pass over a simple command, every word that any pattern of the
//! tier mentions. A pattern then matches when its head, flags and targets are all found in the
//! right places (see `docs/kg-format.md`).

use std::borrow::Cow;
use std::collections::HashMap;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use crate::canon::{self, Word, WordKind};

/// Separates words in the haystack. Words containing it are rewritten (see `haystack`).
const SEP: char = '\u{1e}';
/// Stands for an escaped `\*` while a pattern is classified.
const LITERAL_STAR: char = '\u{E000}';

/// Text of a compiled pattern: borrowed from the tables the build script generates for the
/// embedded KG, owned for patterns compiled at run time.
pub(crate) type Text = Cow<'static, str>;
/// A list in a compiled pattern, borrowed or owned like [`Text`].
pub(crate) type List<T> = Cow<'static, [T]>;

/// How a target word of a pattern matches a word of a command.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Target {
    /// The word equals this.
    Exact(Text),
    /// The word starts with this.
    Prefix(Text),
    /// The word contains this, ASCII case-insensitively.
    Contains(Text),
    /// The word is this path or lies beneath it.
    Subtree(Text),
    /// Any word (`**`): lets a safe exception cover every operand.
    Any,
}

impl Target {
    fn parse(word: &str) -> Target {
        let literal = |s: &str| Text::Owned(s.replace(LITERAL_STAR, "*"));
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
            return Target::Exact(Text::Borrowed("*"));
        }
        if word == "**" {
            return Target::Any;
        }
        if let Some(dir) = word.strip_suffix("/**") {
            return Target::Subtree(if dir.is_empty() {
                Text::Borrowed("/")
            } else {
                Text::Owned(dir.to_string())
            });
        }
        if word.len() > 2 && word.starts_with('*') && word.ends_with('*') {
            return Target::Contains(Text::Owned(word[1..word.len() - 1].to_string()));
        }
        if let Some(prefix) = word.strip_suffix('*')
            && !prefix.is_empty()
            && !prefix.ends_with('*')
        {
            return Target::Prefix(Text::Owned(prefix.to_string()));
        }
        Target::Exact(Text::Owned(word.to_string()))
    }
}

/// One stage of a pattern: the part that matches one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Stage {
    /// Command name; `None` for `*`.
    pub(crate) name: Option<Text>,
    /// Subcommand words after the name.
    pub(crate) head: List<Text>,
    /// Flags that must all be present.
    pub(crate) flags: List<Text>,
    /// Targets that must each match some word after the head.
    pub(crate) targets: List<Target>,
}

/// A compiled pattern: one or more stages (`A | B`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Pattern {
    pub(crate) stages: List<Stage>,
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
            let mut name = None;
            let mut head = Vec::new();
            let mut flags = Vec::new();
            let mut targets = Vec::new();
            let mut in_head = true;
            for w in &canonical {
                match w.kind {
                    WordKind::Name => {
                        if w.text.is_empty() {
                            return Err("empty command name".into());
                        }
                        name = (!name_is_any).then(|| Text::Owned(w.text.clone()));
                    }
                    WordKind::Flag => {
                        in_head = false;
                        flags.push(Text::Owned(w.text.clone()));
                    }
                    WordKind::Operand | WordKind::Redirect => {
                        if in_head && is_plain(&w.text) {
                            head.push(Text::Owned(w.text.clone()));
                        } else {
                            in_head = false;
                            targets.push(Target::parse(&w.text));
                        }
                    }
                }
            }
            stages.push(Stage {
                name,
                head: List::Owned(head),
                flags: List::Owned(flags),
                targets: List::Owned(targets),
            });
        }
        // `*` alone matches every command: allowed only as a leading pipeline stage (`* | sh`).
        let bare = |s: &Stage| {
            s.name.is_none() && s.head.is_empty() && s.flags.is_empty() && s.targets.is_empty()
        };
        if stages.last().is_some_and(bare) {
            return Err("`*` alone would match every command".into());
        }
        Ok(Pattern {
            stages: List::Owned(stages),
        })
    }
}

/// Identifies an atom: a word-level string the automaton looks for.
type AtomId = u32;

/// The atoms one stage of a pattern needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StageAtoms {
    /// Index of the pattern in the tier.
    pub(crate) pattern: u32,
    /// Stage index within the pattern.
    pub(crate) stage: u32,
    pub(crate) name: Option<AtomId>,
    pub(crate) head: List<AtomId>,
    pub(crate) flags: List<AtomId>,
    /// Each target matches if any of its atoms hits.
    pub(crate) targets: List<List<AtomId>>,
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

/// Everything a [`TierMatcher`] knows except its automata: plain, sorted data, which the build
/// script writes out as statics for the default KG so a process does not intern ~2,000
/// patterns' atoms at startup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TierTables {
    pub(crate) patterns: List<Pattern>,
    pub(crate) stages: List<StageAtoms>,
    /// Stage indices by the atom of their command name, sorted by atom; stages of `*`
    /// patterns are in `any_name`.
    pub(crate) by_name: List<(AtomId, List<u32>)>,
    pub(crate) any_name: List<u32>,
    /// Whole-word atoms, sorted by word.
    pub(crate) words: List<(Text, AtomId)>,
    /// Prefix atoms as `SEP` + prefix, sorted: the prefix automaton's patterns.
    pub(crate) prefixes: List<(Text, AtomId)>,
    /// Substring atoms (lowercase), sorted: the case-insensitive automaton's patterns.
    pub(crate) contains: List<(Text, AtomId)>,
    pub(crate) atom_count: u32,
}

/// All patterns of one tier, and the automata that find their atoms.
#[derive(Debug, Clone)]
pub(crate) struct TierMatcher {
    tables: TierTables,
    /// Prefix atoms over the haystack `SEP w0 SEP w1 ... SEP`.
    exact: Option<AhoCorasick>,
    contains: Option<AhoCorasick>,
}

/// Atom text to atom id while tables are compiled. Keys borrow from the patterns where they
/// can.
type AtomMap = HashMap<Text, AtomId, ahash::RandomState>;

#[derive(Default)]
struct AtomTable {
    /// Whole words, looked up per word.
    words: AtomMap,
    /// Word prefixes, found by the prefix automaton (as `SEP` + prefix).
    prefixes: AtomMap,
    /// Substrings, found by the case-insensitive automaton.
    contains: AtomMap,
    next: AtomId,
}

impl AtomTable {
    fn intern(map: &mut AtomMap, next: &mut AtomId, s: Text) -> AtomId {
        *map.entry(s).or_insert_with(|| {
            *next += 1;
            *next - 1
        })
    }
    fn word(&mut self, w: &Text) -> AtomId {
        Self::intern(&mut self.words, &mut self.next, sep_text(w))
    }
    fn prefix(&mut self, p: &str) -> AtomId {
        Self::intern(
            &mut self.prefixes,
            &mut self.next,
            Text::Owned(format!("{SEP}{}", sep_word(p))),
        )
    }
    fn contains(&mut self, s: &Text) -> AtomId {
        let key = if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Text::Owned(sep_word(s).to_ascii_lowercase())
        } else {
            sep_text(s)
        };
        Self::intern(&mut self.contains, &mut self.next, key)
    }
}

fn sep_word(w: &str) -> Cow<'_, str> {
    if w.contains(SEP) {
        Cow::Owned(w.replace(SEP, "\u{fffd}"))
    } else {
        Cow::Borrowed(w)
    }
}

/// [`sep_word`] for pattern text: a borrowed pattern stays borrowed.
fn sep_text(w: &Text) -> Text {
    match sep_word(w) {
        Cow::Borrowed(_) => w.clone(),
        Cow::Owned(o) => Text::Owned(o),
    }
}

fn sorted<K: Ord, V>(map: HashMap<K, V, ahash::RandomState>) -> Vec<(K, V)> {
    let mut v: Vec<(K, V)> = map.into_iter().collect();
    v.sort_unstable_by(|a, b| a.0.cmp(&b.0));
    v
}

impl TierTables {
    /// Intern the atoms of `patterns` and index their stages.
    pub(crate) fn compile(patterns: Vec<Pattern>) -> TierTables {
        let stage_count = patterns.iter().map(|p| p.stages.len()).sum();
        let mut atoms = AtomTable::default();
        let mut stages = Vec::with_capacity(stage_count);
        let mut by_name: HashMap<AtomId, Vec<u32>, ahash::RandomState> = HashMap::default();
        let mut any_name = Vec::new();
        for (pi, p) in patterns.iter().enumerate() {
            for (si, s) in p.stages.iter().enumerate() {
                let name = s.name.as_ref().map(|n| atoms.word(n));
                let head = s.head.iter().map(|h| atoms.word(h)).collect();
                let flags = s.flags.iter().map(|f| atoms.word(f)).collect();
                let targets = s
                    .targets
                    .iter()
                    .map(|t| {
                        List::Owned(match t {
                            Target::Exact(w) => vec![atoms.word(w)],
                            Target::Prefix(p) => vec![atoms.prefix(p)],
                            Target::Contains(c) => vec![atoms.contains(c)],
                            Target::Subtree(d) if d == "/" => vec![atoms.prefix("/")],
                            Target::Subtree(d) => {
                                vec![atoms.word(d), atoms.prefix(&format!("{d}/"))]
                            }
                            // Every word starts with SEP in the haystack.
                            Target::Any => vec![atoms.prefix("")],
                        })
                    })
                    .collect();
                let idx = u32::try_from(stages.len()).unwrap_or(u32::MAX);
                match name {
                    Some(id) => by_name.entry(id).or_default().push(idx),
                    None => any_name.push(idx),
                }
                stages.push(StageAtoms {
                    pattern: u32::try_from(pi).unwrap_or(u32::MAX),
                    stage: u32::try_from(si).unwrap_or(u32::MAX),
                    name,
                    head: List::Owned(head),
                    flags: List::Owned(flags),
                    targets: List::Owned(targets),
                });
            }
        }
        TierTables {
            patterns: List::Owned(patterns),
            stages: List::Owned(stages),
            by_name: List::Owned(
                sorted(by_name)
                    .into_iter()
                    .map(|(a, s)| (a, List::Owned(s)))
                    .collect(),
            ),
            any_name: List::Owned(any_name),
            words: List::Owned(sorted(atoms.words)),
            prefixes: List::Owned(sorted(atoms.prefixes)),
            contains: List::Owned(sorted(atoms.contains)),
            atom_count: atoms.next,
        }
    }
}

impl TierMatcher {
    pub(crate) fn build(patterns: Vec<Pattern>) -> Result<TierMatcher, String> {
        TierMatcher::new(TierTables::compile(patterns))
    }

    /// Build the automata over compiled tables.
    pub(crate) fn new(tables: TierTables) -> Result<TierMatcher, String> {
        if tables.stages.len() > u32::MAX as usize - 1 {
            return Err("too many pattern stages".into());
        }
        let build = |pats: &[(Text, AtomId)], ci: bool| -> Result<Option<AhoCorasick>, String> {
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
                .build(pats.iter().map(|(s, _)| s.as_bytes()))
                .map(Some)
                .map_err(|e| e.to_string())
        };
        Ok(TierMatcher {
            exact: build(&tables.prefixes, false)?,
            contains: build(&tables.contains, true)?,
            tables,
        })
    }

    /// Number of patterns.
    pub(crate) fn len(&self) -> usize {
        self.tables.patterns.len()
    }

    fn word_atom(&self, word: &str) -> Option<AtomId> {
        let words = &self.tables.words;
        words
            .binary_search_by(|(w, _)| (**w).cmp(word))
            .ok()
            .map(|i| words[i].1)
    }

    fn stages_named(&self, atom: AtomId) -> &[u32] {
        let by_name = &self.tables.by_name;
        match by_name.binary_search_by(|(a, _)| a.cmp(&atom)) {
            Ok(i) => &by_name[i].1,
            Err(_) => &[],
        }
    }

    pub(crate) fn pattern(&self, idx: usize) -> &Pattern {
        &self.tables.patterns[idx]
    }

    /// Every stage of every pattern that the simple command satisfies.
    pub(crate) fn stage_hits(&self, words: &[Word]) -> Vec<StageHit> {
        if self.tables.stages.is_empty() || words.is_empty() {
            return Vec::new();
        }
        let (hay, starts) = haystack(words);
        // hits[word] = atoms found on that word.
        let mut hits: Vec<Vec<AtomId>> = vec![Vec::new(); words.len()];
        for (i, w) in words.iter().enumerate() {
            if let Some(id) = self.word_atom(&sep_word(&w.text)) {
                hits[i].push(id);
            }
        }
        if let Some(ac) = &self.exact {
            for m in ac.find_overlapping_iter(hay.as_str()) {
                // Every exact/prefix atom starts with SEP, so the word starts one byte later.
                if let Ok(w) = starts.binary_search(&(m.start() + 1)) {
                    hits[w].push(self.tables.prefixes[m.pattern().as_usize()].1);
                }
            }
        }
        if let Some(ac) = &self.contains {
            for m in ac.find_overlapping_iter(hay.as_str()) {
                let w = match starts.binary_search(&m.start()) {
                    Ok(i) => i,
                    Err(i) => i.saturating_sub(1),
                };
                hits[w].push(self.tables.contains[m.pattern().as_usize()].1);
            }
        }
        debug_assert!(hits.iter().flatten().all(|a| *a < self.tables.atom_count));
        let has = |atom: AtomId, w: usize| hits[w].contains(&atom);

        let mut out = Vec::new();
        let candidates = hits[0]
            .iter()
            .flat_map(|a| self.stages_named(*a))
            .chain(self.tables.any_name.iter());
        // Every atom hit anywhere in the command: a stage that needs an atom not in here cannot
        // match, which rules out most `*` stages before the positional check.
        let mut seen: Vec<AtomId> = hits.iter().flatten().copied().collect();
        seen.sort_unstable();
        seen.dedup();
        let present = |a: &AtomId| seen.binary_search(a).is_ok();
        for &si in candidates {
            let atoms = &self.tables.stages[si as usize];
            let possible = atoms.head.iter().all(present)
                && atoms.flags.iter().all(present)
                && atoms.targets.iter().all(|alts| alts.iter().any(present));
            if !possible {
                continue;
            }
            if let Some(head_words) = eval_stage(atoms, words, &has) {
                out.push(StageHit {
                    pattern: atoms.pattern as usize,
                    stage: atoms.stage as usize,
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
    for &h in atoms.head.iter() {
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
    for &f in atoms.flags.iter() {
        if !(1..words.len()).any(|i| words[i].kind == WordKind::Flag && has(f, i)) {
            return None;
        }
    }
    for alternatives in atoms.targets.iter() {
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
                Target::Prefix(p) => w.text.starts_with(&**p),
                Target::Contains(c) => w
                    .text
                    .to_ascii_lowercase()
                    .contains(&c.to_ascii_lowercase()),
                Target::Subtree(d) if d == "/" => w.text.starts_with('/'),
                Target::Subtree(d) => {
                    w.text == *d
                        || w.text
                            .strip_prefix(&**d)
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
