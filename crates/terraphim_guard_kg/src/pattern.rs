//! KG patterns (synonyms) compiled into structured specs, and per tier every word, word prefix
//! and substring that any pattern of the tier mentions (its atoms). The atoms of a simple
//! command are found by a binary search of the sorted word table and by two Aho-Corasick
//! automata (double-array, `daachorse`), one over the prefix atoms and one over the substring
//! atoms, each run once over the command in time linear in its length. The automata are built
//! when the tables are compiled and kept as bytes: the build script embeds the default KG's,
//! so a process only loads them (a copy, no construction). A pattern then matches when its
//! head, flags and targets are all found in the right places (see `docs/kg-format.md`).
//!
//! A tier's compiled patterns are flat pools of plain records ([`TierTables`]): every string is
//! a [`Span`] of one text pool and every list a [`Span`] of a record pool. The build script
//! writes the default KG's pools as statics that hold no pointers, so the dynamic loader has
//! nothing to relocate in them and their pages stay shared, read-only and untouched until used.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

use daachorse::{DoubleArrayAhoCorasick, DoubleArrayAhoCorasickBuilder};

use crate::canon::{self, Word, WordKind};

/// Separates words in the haystack. Words containing it are rewritten (see `haystack`).
const SEP: char = '\u{1e}';
/// Stands for an escaped `\*` while a pattern is classified.
const LITERAL_STAR: char = '\u{E000}';
/// Starts the text of a class target (`<outside>`): no command word holds it.
pub const CLASS_MARK: char = '\u{E001}';

/// Word classes a target can name as `<name>`, by bit. The guard decides a word's classes from
/// its text alone (see `paths.rs`); `dest:` classes hold for the last operand only (the
/// destination of `cp`, `mv`, `ln`, `install`).
pub const CLASSES: [&str; 25] = [
    "temp",
    "build-output",
    "project",
    "outside",
    "trust-anchor",
    "read-verb",
    "destroy-verb",
    "dest:temp",
    "dest:build-output",
    "dest:project",
    "dest:outside",
    "dest:trust-anchor",
    "home",
    "system",
    "local",
    "disposable",
    "dynamic",
    "secret",
    "remote",
    "runnable",
    "root-if-unset",
    "size",
    "dest:system",
    "records",
    "whole-project",
];
/// The bits of the classes that name paths (a safe pattern with one vouches only for the
/// operands it covers).
pub const PATH_CLASSES: u32 = !((1 << 5) | (1 << 6) | (1 << 21));

/// `CLASS_MARK` + class name, as an operand's and as a redirect's atom text, by bit.
const CLASS_KEYS: [&str; 25] = [
    "\u{E001}temp",
    "\u{E001}build-output",
    "\u{E001}project",
    "\u{E001}outside",
    "\u{E001}trust-anchor",
    "\u{E001}read-verb",
    "\u{E001}destroy-verb",
    "\u{E001}dest:temp",
    "\u{E001}dest:build-output",
    "\u{E001}dest:project",
    "\u{E001}dest:outside",
    "\u{E001}dest:trust-anchor",
    "\u{E001}home",
    "\u{E001}system",
    "\u{E001}local",
    "\u{E001}disposable",
    "\u{E001}dynamic",
    "\u{E001}secret",
    "\u{E001}remote",
    "\u{E001}runnable",
    "\u{E001}root-if-unset",
    "\u{E001}size",
    "\u{E001}dest:system",
    "\u{E001}records",
    "\u{E001}whole-project",
];
const REDIRECT_CLASS_KEYS: [&str; 25] = [
    ">\u{E001}temp",
    ">\u{E001}build-output",
    ">\u{E001}project",
    ">\u{E001}outside",
    ">\u{E001}trust-anchor",
    ">\u{E001}read-verb",
    ">\u{E001}destroy-verb",
    ">\u{E001}dest:temp",
    ">\u{E001}dest:build-output",
    ">\u{E001}dest:project",
    ">\u{E001}dest:outside",
    ">\u{E001}dest:trust-anchor",
    ">\u{E001}home",
    ">\u{E001}system",
    ">\u{E001}local",
    ">\u{E001}disposable",
    ">\u{E001}dynamic",
    ">\u{E001}secret",
    ">\u{E001}remote",
    ">\u{E001}runnable",
    ">\u{E001}root-if-unset",
    ">\u{E001}size",
    ">\u{E001}dest:system",
    ">\u{E001}records",
    ">\u{E001}whole-project",
];

/// The class bit a target text names (`\u{E001}outside` or `>\u{E001}outside`), if any.
pub fn class_of_target(text: &str) -> Option<u32> {
    let name = text
        .strip_prefix('>')
        .unwrap_or(text)
        .strip_prefix(CLASS_MARK)?;
    CLASSES.iter().position(|c| *c == name).map(|b| b as u32)
}

/// A pattern word `<name>` or `><name>` for a known class, as its target text.
fn class_word(word: &str) -> Option<String> {
    let (redirect, rest) = match word.strip_prefix('>') {
        Some(r) => (true, r),
        None => (false, word),
    };
    let name = rest.strip_prefix('<')?.strip_suffix('>')?;
    CLASSES
        .contains(&name)
        .then(|| format!("{}{CLASS_MARK}{name}", if redirect { ">" } else { "" }))
}

/// A pool of a tier's tables: borrowed from the statics the build script generates for the
/// default KG, owned for tables compiled at run time.
pub type List<T> = Cow<'static, [T]>;

/// How a target word of a pattern matches a word of a command. `S` is its text: owned in a
/// freshly compiled [`Pattern`], borrowed from a tier's text pool in a [`StageRef`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Target<S = String> {
    /// The word equals this.
    Exact(S),
    /// The word starts with this.
    Prefix(S),
    /// The word contains this, ASCII case-insensitively.
    Contains(S),
    /// The word is this path or lies beneath it.
    Subtree(S),
    /// Any word (`**`): lets a safe exception cover every operand.
    Any,
    /// `!*text*` after a `*text*` target: the word that target matches has a statement (its
    /// text between `;`) that contains the target's text and not this one, ASCII
    /// case-insensitively (`psql '*delete from*' '!*where*'`).
    Without(S),
}

impl Target {
    fn parse(word: &str) -> Target {
        let literal = |s: &str| s.replace(LITERAL_STAR, "*");
        if let Some(negated) = word.strip_prefix('!')
            && let Target::Contains(text) = Target::classify(negated)
        {
            return Target::Without(literal(&text));
        }
        match Target::classify(word) {
            Target::Exact(s) => Target::Exact(literal(&s)),
            Target::Prefix(s) => Target::Prefix(literal(&s)),
            Target::Contains(s) => Target::Contains(literal(&s)),
            Target::Subtree(s) => Target::Subtree(literal(&s)),
            Target::Any => Target::Any,
            Target::Without(s) => Target::Without(literal(&s)),
        }
    }

    fn classify(word: &str) -> Target {
        if word == "*" {
            return Target::Exact("*".to_string());
        }
        if word == "**" {
            return Target::Any;
        }
        if let Some(dir) = word.strip_suffix("/**") {
            return Target::Subtree(if dir.is_empty() {
                "/".to_string()
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
pub struct Stage {
    /// Command name; `None` for `*`.
    pub name: Option<String>,
    /// Subcommand words after the name.
    pub head: Vec<String>,
    /// Flags that must all be present.
    pub flags: Vec<String>,
    /// Targets that must each match some word after the head.
    pub targets: Vec<Target>,
}

/// A compiled pattern: one or more stages (`A | B`). [`TierTables::compile`] flattens patterns
/// into a tier's pools.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pattern {
    pub stages: Vec<Stage>,
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
    pub fn compile(text: &str) -> Result<Pattern, String> {
        let mut stages = Vec::new();
        for words in tokenize(text)? {
            let name_is_any = words.first().is_some_and(|w| w == "*");
            let mut argv = words.clone();
            if name_is_any {
                argv[0] = "*".into();
            }
            let mut canonical = canon::canonical_words(&argv, &[]);
            // A `--` last in a pattern is a target: the command ends its options and names
            // more words (in a command, `--` is kept only before words).
            if words.last().is_some_and(|w| w == "--") && words.len() > 1 {
                canonical.push(Word {
                    text: "--".to_string(),
                    kind: WordKind::Operand,
                    follows_flag: false,
                });
            }
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
                        name = (!name_is_any).then(|| w.text.clone());
                    }
                    WordKind::Flag => {
                        in_head = false;
                        flags.push(w.text.clone());
                    }
                    WordKind::Operand | WordKind::Redirect => {
                        if let Some(class) = class_word(&w.text) {
                            in_head = false;
                            targets.push(Target::Exact(class));
                        } else if w.text.starts_with('<') && w.text.ends_with('>') {
                            return Err(format!(
                                "unknown class `{}` (known: {})",
                                w.text,
                                CLASSES.join(", ")
                            ));
                        } else if in_head && is_plain(&w.text) {
                            head.push(w.text.clone());
                        } else {
                            in_head = false;
                            let target = Target::parse(&w.text);
                            // A leading `*` is a wildcard only in `*text*` (contains) or `**`:
                            // `'*.sslverify'` would match only that literal word, never a
                            // command's.
                            if matches!(&target, Target::Exact(t) if t.starts_with('*') && t != "*")
                            {
                                return Err(format!(
                                    "`{}` starts with `*` but is not `*text*`: a target matches a word exactly, by prefix (`text*`), or containing text (`*text*`)",
                                    w.text
                                ));
                            }
                            targets.push(target);
                        }
                    }
                }
            }
            for (i, t) in targets.iter().enumerate() {
                let after_contains =
                    i > 0 && matches!(targets[i - 1], Target::Contains(_) | Target::Without(_));
                if matches!(t, Target::Without(_)) && !after_contains {
                    return Err("a negative target `!*text*` must follow a `*text*` target".into());
                }
            }
            stages.push(Stage {
                name,
                head,
                flags,
                targets,
            });
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
pub type AtomId = u32;

/// A range of a pool: bytes of a tier's text, or records of one of its record pools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A word in the text pool and the atom that finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Term {
    pub text: Span,
    pub atom: AtomId,
}

/// The kind of a [`Target`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Exact,
    Prefix,
    Contains,
    Subtree,
    Any,
    Without,
}

/// A target of a stage: its kind and text, and the atoms (in `ids`) of which any one finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TargetRec {
    pub kind: TargetKind,
    pub text: Span,
    pub atoms: Span,
}

/// One stage of a pattern, with the atoms it needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageRec {
    /// Index of the pattern in the tier.
    pub pattern: u32,
    /// Stage index within the pattern.
    pub stage: u32,
    /// Command name; `None` for `*`.
    pub name: Option<Term>,
    /// Subcommand words after the name, in `terms`.
    pub head: Span,
    /// Flags that must all be present, in `terms`.
    pub flags: Span,
    /// Targets that must each match some word after the head, in `targets`.
    pub targets: Span,
}

/// One pattern: where it came from and its stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatternRec {
    /// Index of the pattern's KG entry in the guard's entry list.
    pub entry: u32,
    /// The synonym as written in the KG, in the text pool.
    pub synonym: Span,
    /// Its stages, in `stages`.
    pub stages: Span,
}

/// What the automaton reports for one stage of one pattern on one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StageHit {
    /// Index of the pattern in the tier.
    pub pattern: usize,
    /// Stage index within the pattern.
    pub stage: usize,
    /// Word indices consumed by the head (name included).
    pub head_words: Vec<usize>,
}

/// Everything a [`TierMatcher`] knows, its automata as bytes: flat pools of plain, sorted
/// records that refer to each other by index. The build script writes them out as statics for the
/// default KG, so a process neither interns ~2,000 patterns' atoms at startup nor relocates
/// a pointer per string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TierTables {
    /// Every string of the tier, each once: pattern words, atoms and synonyms.
    pub text: Cow<'static, str>,
    pub patterns: List<PatternRec>,
    /// Stages, pattern by pattern.
    pub stages: List<StageRec>,
    /// Head and flag words of the stages.
    pub terms: List<Term>,
    pub targets: List<TargetRec>,
    /// The atoms of targets and the stage lists of `by_name`, `any_by_atom` and `any_always`.
    pub ids: List<u32>,
    /// Stage indices (in `ids`) by the atom of their command name, sorted by atom.
    pub by_name: List<(AtomId, Span)>,
    /// The stages of `*` patterns (in `ids`) listed under the atoms of one thing each needs (a
    /// flag, a head word, or every alternative of one target), sorted by atom: a command that
    /// has none of a stage's atoms cannot satisfy it, so only the stages listed under its atoms
    /// are checked.
    pub any_by_atom: List<(AtomId, Span)>,
    /// The stages of `*` patterns that need no atom (the bare `*` of `* | sh`), in `ids`.
    pub any_always: Span,
    /// Whole-word atoms, sorted by word.
    pub words: List<Term>,
    /// Prefix atoms as `SEP` + prefix, sorted.
    pub prefixes: List<Term>,
    /// Substring atoms (lowercase), sorted.
    pub contains: List<Term>,
    pub atom_count: u32,
    /// The automaton of the prefix atoms (each reports its atom), serialized; empty when the
    /// tier has none.
    pub prefix_automaton: List<u8>,
    /// The automaton of the substring atoms, serialized; empty when the tier has none.
    pub contains_automaton: List<u8>,
    /// The command names (in `text`) of the stages with an operand target that names a class
    /// (`rm <outside>`), each once, found when the tables are made (the build script's for the
    /// default KG), so a process need not scan every stage for them at startup.
    pub class_heads: List<Span>,
    /// Whether a `*` stage has such a target.
    pub class_any: bool,
}

/// A pattern of a tier, read from its tables.
#[derive(Debug, Clone, Copy)]
pub struct PatternRef<'a> {
    tables: &'a TierTables,
    stages: &'a [StageRec],
}

impl<'a> PatternRef<'a> {
    /// Number of stages.
    pub fn stage_count(self) -> usize {
        self.stages.len()
    }

    pub fn stage(self, i: usize) -> Option<StageRef<'a>> {
        let rec = self.stages.get(i)?;
        Some(StageRef {
            tables: self.tables,
            rec,
        })
    }

    pub fn last_stage(self) -> Option<StageRef<'a>> {
        self.stage(self.stages.len().checked_sub(1)?)
    }
}

/// A stage of a pattern, read from its tier's tables.
#[derive(Debug, Clone, Copy)]
pub struct StageRef<'a> {
    tables: &'a TierTables,
    rec: &'a StageRec,
}

impl<'a> StageRef<'a> {
    /// Command name; `None` for `*`.
    pub fn name(self) -> Option<&'a str> {
        self.rec.name.map(|t| self.tables.str(t.text))
    }

    /// Subcommand words after the name.
    pub fn head(self) -> impl ExactSizeIterator<Item = &'a str> + Clone {
        let t = self.tables;
        t.terms[self.rec.head.range()].iter().map(|w| t.str(w.text))
    }

    /// Flags that must all be present.
    pub fn flags(self) -> impl ExactSizeIterator<Item = &'a str> + Clone {
        let t = self.tables;
        t.terms[self.rec.flags.range()]
            .iter()
            .map(|w| t.str(w.text))
    }

    /// Targets that must each match some word after the head.
    pub fn targets(self) -> impl ExactSizeIterator<Item = Target<&'a str>> + Clone {
        let t = self.tables;
        t.targets[self.rec.targets.range()].iter().map(|r| {
            let s = t.str(r.text);
            match r.kind {
                TargetKind::Exact => Target::Exact(s),
                TargetKind::Prefix => Target::Prefix(s),
                TargetKind::Contains => Target::Contains(s),
                TargetKind::Subtree => Target::Subtree(s),
                TargetKind::Any => Target::Any,
                TargetKind::Without => Target::Without(s),
            }
        })
    }
}

/// An Aho-Corasick automaton whose patterns report their atom; `None` for no pattern.
#[derive(Clone)]
struct Automaton(Option<DoubleArrayAhoCorasick<AtomId>>);

impl std::fmt::Debug for Automaton {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let states = self.0.as_ref().map_or(0, |a| a.num_states());
        write!(f, "Automaton {{ states: {states} }}")
    }
}

impl Automaton {
    /// The automaton of `atoms` (texts in `text`), serialized; empty for no atom.
    fn serialized(text: &str, atoms: &[Term]) -> Vec<u8> {
        if atoms.is_empty() {
            return Vec::new();
        }
        let patterns = atoms
            .iter()
            .map(|a| (&text.as_bytes()[a.text.range()], a.atom));
        // No prefilter: loading it cost more than the rest of the automaton, and a haystack is
        // a few words.
        let builder = DoubleArrayAhoCorasickBuilder::new().use_prefilter(false);
        match builder.build_with_values::<_, _, AtomId>(patterns) {
            Ok(a) => a.serialize(),
            // Unreachable for interned atoms (distinct, non-empty, far fewer than 2^24); no
            // bytes for some atoms make `TierMatcher::new` refuse the tables.
            Err(_) => Vec::new(),
        }
    }

    /// Load an automaton that [`Automaton::serialized`] wrote. The checked deserializer bounds
    /// every index, so corrupt bytes are an error, never an out-of-bounds read.
    fn load(bytes: &[u8], atoms: usize) -> Result<Automaton, String> {
        if bytes.is_empty() {
            return Automaton::none(atoms);
        }
        match DoubleArrayAhoCorasick::<AtomId>::deserialize(bytes) {
            Ok((a, [])) => Ok(Automaton(Some(a))),
            _ => Err("malformed atom automaton".into()),
        }
    }

    /// Load an automaton without the checks of [`Automaton::load`] (a third of a `guard check`
    /// process's cost of loading the default KG's). Debug builds check all the same.
    ///
    /// # Safety
    ///
    /// `bytes` is empty or [`Automaton::serialized`]'s output, unaltered.
    unsafe fn load_unchecked(bytes: &[u8], atoms: usize) -> Result<Automaton, String> {
        if bytes.is_empty() {
            return Automaton::none(atoms);
        }
        if cfg!(debug_assertions) {
            return Automaton::load(bytes, atoms);
        }
        // SAFETY: the caller vouches that the bytes are `serialize`'s output.
        let (a, rest) = unsafe { DoubleArrayAhoCorasick::<AtomId>::deserialize_unchecked(bytes) };
        if rest.is_empty() {
            Ok(Automaton(Some(a)))
        } else {
            Err("malformed atom automaton".into())
        }
    }

    /// No automaton: right for no atom, an error for some.
    fn none(atoms: usize) -> Result<Automaton, String> {
        if atoms == 0 {
            Ok(Automaton(None))
        } else {
            Err("missing atom automaton".into())
        }
    }
}

/// All patterns of one tier, ready to match.
#[derive(Debug, Clone)]
pub struct TierMatcher {
    tables: TierTables,
    /// Finds the prefix atoms (as `SEP` + prefix) in the haystack.
    prefixes: Automaton,
    /// Finds the substring atoms in the lowercased haystack.
    contains: Automaton,
    /// The atom of each class key (operand, redirect) in this tier, if a pattern uses it.
    class_atoms: [[Option<AtomId>; CLASSES.len()]; 2],
    /// The prefix atom of every word (`SEP` alone, what a `*` target needs), if a pattern
    /// uses it.
    every_word: Option<AtomId>,
    /// The `*` stages that are candidates for every command, sorted: those that need no atom
    /// and those listed under [`TierMatcher::every_word`]. Computed once here, so a call of
    /// [`TierMatcher::stage_hits_in`] merges them with the few its atoms list instead of
    /// copying and sorting them each time.
    always: Vec<u32>,
    /// Whether the safe tier's reading applies ([`TierMatcher::safe_reading`]): a `**` target
    /// is met by no word at all too, and a negative target holds for the whole word.
    safe_reading: bool,
}

/// No atom of this kind for a string yet.
const NO_ATOM: AtomId = AtomId::MAX;

/// The kinds of atom, each with its own automaton or table.
#[derive(Clone, Copy)]
enum AtomKind {
    /// Whole words, looked up per word.
    Word = 0,
    /// Word prefixes (as `SEP` + prefix), found by the prefix automaton.
    Prefix = 1,
    /// Substrings, lowercase, found by the substring automaton in the lowercased haystack.
    Contains = 2,
}

/// A string of the text pool and its atoms, by [`AtomKind`].
struct Interned {
    span: Span,
    atoms: [AtomId; 3],
}

/// Builds the text pool and interns atoms while tables are compiled.
#[derive(Default)]
struct Pool {
    text: String,
    strings: HashMap<String, Interned, ahash::RandomState>,
    /// New atoms by kind, in the order they were made.
    atoms: [Vec<Term>; 3],
    next: AtomId,
}

/// An index into a pool. A pool never reaches `u32::MAX` entries: [`TierMatcher::new`] refuses
/// tables whose pools do.
fn idx(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

impl Pool {
    /// The span of `s` in the pool (added once), and its atom of `kind` (made once).
    fn intern(&mut self, s: &str, kind: Option<AtomKind>) -> Term {
        let slot = match self.strings.get_mut(s) {
            Some(slot) => slot,
            None => {
                let start = idx(self.text.len());
                self.text.push_str(s);
                let span = Span::new(start, idx(self.text.len()));
                self.strings.entry(s.to_string()).or_insert(Interned {
                    span,
                    atoms: [NO_ATOM; 3],
                })
            }
        };
        let Some(kind) = kind else {
            return Term {
                text: slot.span,
                atom: NO_ATOM,
            };
        };
        let atom = &mut slot.atoms[kind as usize];
        if *atom == NO_ATOM {
            *atom = self.next;
            self.next += 1;
            self.atoms[kind as usize].push(Term {
                text: slot.span,
                atom: *atom,
            });
        }
        Term {
            text: slot.span,
            atom: *atom,
        }
    }

    fn text(&mut self, s: &str) -> Span {
        self.intern(s, None).text
    }

    /// A pattern word and its whole-word atom.
    fn word(&mut self, w: &str) -> Term {
        match sep_word(w) {
            Cow::Borrowed(_) => self.intern(w, Some(AtomKind::Word)),
            Cow::Owned(key) => Term {
                atom: self.intern(&key, Some(AtomKind::Word)).atom,
                text: self.text(w),
            },
        }
    }

    fn prefix(&mut self, p: &str) -> AtomId {
        let key = format!("{SEP}{}", sep_word(p));
        self.intern(&key, Some(AtomKind::Prefix)).atom
    }

    fn contains(&mut self, s: &str) -> AtomId {
        let key = if s.bytes().any(|b| b.is_ascii_uppercase()) {
            Cow::Owned(sep_word(s).to_ascii_lowercase())
        } else {
            sep_word(s)
        };
        self.intern(&key, Some(AtomKind::Contains)).atom
    }

    /// The atoms of `kind`, sorted by text.
    fn sorted(&mut self, kind: AtomKind) -> Vec<Term> {
        let mut v = std::mem::take(&mut self.atoms[kind as usize]);
        let text = self.text.as_bytes();
        v.sort_unstable_by(|a, b| text[a.text.range()].cmp(&text[b.text.range()]));
        v
    }
}

/// The prefix of a flag pattern `--force*` (`--force`): it matches every flag that starts with
/// it (`--force`, `--force-with-lease`). A bare `-*` or `--*` is no prefix flag.
pub fn prefix_flag(flag: &str) -> Option<&str> {
    let prefix = flag.strip_suffix('*')?;
    (prefix.starts_with('-')
        && !prefix.trim_start_matches('-').is_empty()
        && !prefix.ends_with('*'))
    .then_some(prefix)
}

/// `text.contains(CLASS_MARK)`, with the search (of a character beyond ASCII, a substring
/// search) only in a text that holds the mark's first byte: a command's words rarely do.
fn holds_class_mark(text: &str) -> bool {
    const FIRST: u8 = {
        let mut buf = [0u8; 4];
        CLASS_MARK.encode_utf8(&mut buf);
        buf[0]
    };
    text.as_bytes().contains(&FIRST) && text.contains(CLASS_MARK)
}

fn sep_word(w: &str) -> Cow<'_, str> {
    if w.contains(SEP) {
        Cow::Owned(w.replace(SEP, "\u{fffd}"))
    } else {
        Cow::Borrowed(w)
    }
}

fn span_of<T>(pool: &[T], start: usize) -> Span {
    Span::new(idx(start), idx(pool.len()))
}

/// The atoms of one thing a `*` stage needs: its first flag, else its first head word, else
/// every alternative of its target with the fewest. Empty when the stage needs nothing.
fn needed(stage: &StageRec, terms: &[Term], targets: &[TargetRec], ids: &[u32]) -> Vec<AtomId> {
    if let Some(f) = terms[stage.flags.range()].first() {
        return vec![f.atom];
    }
    if let Some(h) = terms[stage.head.range()].first() {
        return vec![h.atom];
    }
    let mut alts = targets[stage.targets.range()]
        .iter()
        .filter(|t| t.kind != TargetKind::Without)
        .map(|t| &ids[t.atoms.range()])
        .min_by_key(|alts| alts.len())
        .unwrap_or_default()
        .to_vec();
    alts.sort_unstable();
    alts.dedup();
    alts
}

/// Stage lists by atom, sorted by atom, as spans of `ids`.
fn index_lists(
    lists: HashMap<AtomId, Vec<u32>, ahash::RandomState>,
    ids: &mut Vec<u32>,
) -> Vec<(AtomId, Span)> {
    let mut lists: Vec<(AtomId, Vec<u32>)> = lists.into_iter().collect();
    lists.sort_unstable_by_key(|(atom, _)| *atom);
    lists
        .into_iter()
        .map(|(atom, list)| {
            let start = ids.len();
            ids.extend(list);
            (atom, span_of(ids, start))
        })
        .collect()
}

impl TierTables {
    /// Intern the atoms of `patterns`, given with the index of their KG entry and their
    /// synonym as written, and index their stages.
    pub fn compile(patterns: &[(u32, &str, Pattern)]) -> TierTables {
        let stage_count = patterns.iter().map(|(_, _, p)| p.stages.len()).sum();
        let mut pool = Pool::default();
        let mut records = Vec::with_capacity(patterns.len());
        let mut stages = Vec::with_capacity(stage_count);
        let mut terms = Vec::new();
        let mut targets = Vec::new();
        let mut ids = Vec::new();
        let mut by_name: HashMap<AtomId, Vec<u32>, ahash::RandomState> = HashMap::default();
        // (stage, atoms one of which it needs) of every `*` stage.
        let mut any_name: Vec<(u32, Vec<AtomId>)> = Vec::new();
        for (pi, (entry, synonym, p)) in patterns.iter().enumerate() {
            let first_stage = stages.len();
            for (si, s) in p.stages.iter().enumerate() {
                let name = s.name.as_deref().map(|n| pool.word(n));
                let start = terms.len();
                terms.extend(s.head.iter().map(|h| pool.word(h)));
                let head = span_of(&terms, start);
                let start = terms.len();
                terms.extend(s.flags.iter().map(|f| match prefix_flag(f) {
                    Some(prefix) => Term {
                        text: pool.text(f),
                        atom: pool.prefix(prefix),
                    },
                    None => pool.word(f),
                }));
                let flags = span_of(&terms, start);
                let first_target = targets.len();
                for t in &s.targets {
                    let start = ids.len();
                    let (kind, text) = match t {
                        Target::Exact(w) => {
                            let term = pool.word(w);
                            ids.push(term.atom);
                            (TargetKind::Exact, term.text)
                        }
                        Target::Prefix(p) => {
                            ids.push(pool.prefix(p));
                            (TargetKind::Prefix, pool.text(p))
                        }
                        Target::Contains(c) => {
                            ids.push(pool.contains(c));
                            (TargetKind::Contains, pool.text(c))
                        }
                        Target::Subtree(d) if d == "/" => {
                            ids.push(pool.prefix("/"));
                            (TargetKind::Subtree, pool.text(d))
                        }
                        Target::Subtree(d) => {
                            let term = pool.word(d);
                            ids.push(term.atom);
                            ids.push(pool.prefix(&format!("{d}/")));
                            (TargetKind::Subtree, term.text)
                        }
                        // Every word starts with SEP in the haystack.
                        Target::Any => {
                            ids.push(pool.prefix(""));
                            (TargetKind::Any, Span::default())
                        }
                        // Checked on the text of the word the previous target matched.
                        Target::Without(w) => (TargetKind::Without, pool.text(w)),
                    };
                    targets.push(TargetRec {
                        kind,
                        text,
                        atoms: span_of(&ids, start),
                    });
                }
                let stage_idx = idx(stages.len());
                let stage = StageRec {
                    pattern: idx(pi),
                    stage: idx(si),
                    name,
                    head,
                    flags,
                    targets: span_of(&targets, first_target),
                };
                match name {
                    Some(t) => by_name.entry(t.atom).or_default().push(stage_idx),
                    None => any_name.push((stage_idx, needed(&stage, &terms, &targets, &ids))),
                }
                stages.push(stage);
            }
            records.push(PatternRec {
                entry: *entry,
                synonym: pool.text(synonym),
                stages: span_of(&stages, first_stage),
            });
        }
        let mut any_by_atom: HashMap<AtomId, Vec<u32>, ahash::RandomState> = HashMap::default();
        let mut any_always = Vec::new();
        for (stage, atoms) in any_name {
            if atoms.is_empty() {
                any_always.push(stage);
            }
            for a in atoms {
                any_by_atom.entry(a).or_default().push(stage);
            }
        }
        let by_name = index_lists(by_name, &mut ids);
        let any_by_atom = index_lists(any_by_atom, &mut ids);
        let start = ids.len();
        ids.extend(any_always);
        let any_always = span_of(&ids, start);
        let words = pool.sorted(AtomKind::Word);
        let prefixes = pool.sorted(AtomKind::Prefix);
        let contains = pool.sorted(AtomKind::Contains);
        let prefix_automaton = Automaton::serialized(&pool.text, &prefixes);
        let contains_automaton = Automaton::serialized(&pool.text, &contains);
        let (class_heads, class_any) = class_heads(&pool.text, &stages, &targets);
        TierTables {
            text: Cow::Owned(pool.text),
            patterns: List::Owned(records),
            stages: List::Owned(stages),
            terms: List::Owned(terms),
            targets: List::Owned(targets),
            ids: List::Owned(ids),
            by_name: List::Owned(by_name),
            any_by_atom: List::Owned(any_by_atom),
            any_always,
            words: List::Owned(words),
            prefixes: List::Owned(prefixes),
            contains: List::Owned(contains),
            atom_count: pool.next,
            prefix_automaton: List::Owned(prefix_automaton),
            contains_automaton: List::Owned(contains_automaton),
            class_heads: List::Owned(class_heads),
            class_any,
        }
    }

    fn str(&self, s: Span) -> &str {
        &self.text[s.range()]
    }

    fn bytes(&self, s: Span) -> &[u8] {
        &self.text.as_bytes()[s.range()]
    }
}

impl TierMatcher {
    /// Compile `patterns` (see [`TierTables::compile`]) and make a matcher of them.
    pub fn build(patterns: &[(u32, &str, Pattern)]) -> Result<TierMatcher, String> {
        TierMatcher::new(TierTables::compile(patterns))
    }

    /// A matcher over compiled tables: loads the automata (nothing is built), checking their
    /// bytes.
    pub fn new(tables: TierTables) -> Result<TierMatcher, String> {
        TierMatcher::assemble(tables, Automaton::load)
    }

    /// [`TierMatcher::new`] for tables whose automata need no check: it loads them faster.
    ///
    /// # Safety
    ///
    /// The automaton bytes of `tables` are those [`TierTables::compile`] made, unaltered (the
    /// build script embeds them in the binary).
    pub unsafe fn new_unchecked(tables: TierTables) -> Result<TierMatcher, String> {
        // SAFETY: the caller vouches for the bytes.
        TierMatcher::assemble(tables, |b, n| unsafe { Automaton::load_unchecked(b, n) })
    }

    fn assemble(
        tables: TierTables,
        load: impl Fn(&[u8], usize) -> Result<Automaton, String>,
    ) -> Result<TierMatcher, String> {
        let t = &tables;
        let largest = [
            t.text.len(),
            t.patterns.len(),
            t.stages.len(),
            t.terms.len(),
            t.targets.len(),
            t.ids.len(),
        ];
        if largest.iter().any(|n| *n >= u32::MAX as usize) {
            return Err("too many patterns in one tier".into());
        }
        // The word search needs a sorted table. `compile` sorts it (the build script's statics
        // are checked equal to `compile`'s output by a test).
        if t.prefixes
            .iter()
            .any(|p| t.bytes(p.text).first() != Some(&(SEP as u8)))
            || t.contains.iter().any(|c| {
                let c = t.bytes(c.text);
                c.is_empty() || c.iter().any(|b| b.is_ascii_uppercase())
            })
        {
            return Err("malformed prefix or substring atoms".into());
        }
        let pools = t.pools();
        let mut class_atoms = [[None; CLASSES.len()]; 2];
        for b in 0..CLASSES.len() {
            class_atoms[0][b] = pools.word_atom(CLASS_KEYS[b]);
            class_atoms[1][b] = pools.word_atom(REDIRECT_CLASS_KEYS[b]);
        }
        let every_word = t
            .prefixes
            .first()
            .filter(|p| t.bytes(p.text) == [SEP as u8])
            .map(|p| p.atom);
        let mut always = pools.ids[pools.any_always.range()].to_vec();
        if let Some(atom) = every_word {
            always.extend_from_slice(pools.listed(pools.any_by_atom, atom));
        }
        always.sort_unstable();
        always.dedup();
        let prefixes = load(&t.prefix_automaton, t.prefixes.len())?;
        let contains = load(&t.contains_automaton, t.contains.len())?;
        Ok(TierMatcher {
            class_atoms,
            every_word,
            always,
            prefixes,
            contains,
            tables,
            safe_reading: false,
        })
    }

    /// The same matcher read as the safe tier reads its patterns:
    /// - a `**` target is met by no word as well (a safe pattern that vouches for whatever
    ///   operands follow vouches for none too, so `zowe profiles list **` allows `zowe
    ///   profiles list`); in the other tiers `**` needs a word (`git config set
    ///   core.hookspath **`: a value follows; `npm install **`: something named);
    /// - a site alias before the subcommand (`wp @prod db size`) is not skipped: a safe
    ///   pattern vouches for the local call only;
    /// - a `*text*` target's negative targets hold for the whole word, not for one of its
    ///   statements: `cypher-shell '*match *' '!*delete*'` vouches for a query without a
    ///   delete anywhere, so `MATCH (n) RETURN n; MATCH (n) DETACH DELETE n` is not a read. In
    ///   the other tiers one statement is enough (`psql '*delete from*' '!*where*'`: a DELETE
    ///   without a WHERE of its own, whatever the other statements say).
    #[must_use]
    pub fn safe_reading(mut self) -> TierMatcher {
        self.safe_reading = true;
        self
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.tables.patterns.len()
    }

    /// Whether the tier has no pattern.
    pub fn is_empty(&self) -> bool {
        self.tables.patterns.is_empty()
    }

    pub fn pattern(&self, idx: usize) -> PatternRef<'_> {
        PatternRef {
            tables: &self.tables,
            stages: &self.tables.stages[self.tables.patterns[idx].stages.range()],
        }
    }

    /// Where pattern `idx` came from: the index of its KG entry and its synonym as written.
    pub fn origin(&self, idx: usize) -> (u32, &str) {
        let p = &self.tables.patterns[idx];
        (p.entry, self.tables.str(p.synonym))
    }

    /// The command name (`None` for `*`) of the stages with an operand target that names a
    /// class (`rm <outside>`): each such name once.
    pub fn class_stage_names(&self) -> impl Iterator<Item = Option<&str>> + '_ {
        let t = &self.tables;
        t.class_heads
            .iter()
            .map(|n| Some(t.str(*n)))
            .chain(t.class_any.then_some(None))
    }

    /// The index of the KG entry of every pattern, in order.
    pub fn entries(&self) -> impl Iterator<Item = u32> + '_ {
        self.tables.patterns.iter().map(|p| p.entry)
    }

    /// Every stage of every pattern that the simple command satisfies.
    pub fn stage_hits(&self, words: &[Word]) -> Vec<StageHit> {
        let mut out = Vec::new();
        self.stage_hits_in(
            &Haystack::new(words),
            &mut MatchScratch::default(),
            &mut out,
        );
        out
    }

    /// Fill `scratch.found` with (word, atom) for every atom of this tier on a word: whole
    /// words, classes, then prefixes and substrings.
    fn find_atoms(&self, hay: &Haystack<'_>, scratch: &mut MatchScratch) {
        let (words, t) = (hay.words, self.tables.pools());
        let found = &mut scratch.found;
        found.clear();
        for (i, w) in words.iter().enumerate() {
            if holds_class_mark(&w.text) {
                continue;
            }
            if let Some(id) = t.word_atom(&sep_word(&w.text)) {
                found.push((i, id));
            }
        }
        for (i, &bits) in hay.classes.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let kind = usize::from(words[i].kind == WordKind::Redirect);
                if let Some(id) = self.class_atoms[kind].get(b).copied().flatten() {
                    found.push((i, id));
                }
            }
        }
        // Prefix atoms (`SEP` + prefix) start at the SEP before a word (no atom holds a SEP
        // after its first byte), so a word's come shortest first; the final SEP starts none.
        if let Some(ac) = &self.prefixes.0 {
            for m in ac.find_overlapping_iter(hay.text.as_bytes()) {
                if let Ok(w) = hay.starts.binary_search(&(m.start() + 1)) {
                    found.push((w, m.value()));
                }
            }
        }
        // Substring atoms (no SEP in them, so within one word) in the lowercased haystack,
        // ordered by word, by end, longest first at one end.
        if let Some(ac) = &self.contains.0 {
            let subs = &mut scratch.substrings;
            subs.clear();
            for m in ac.find_overlapping_iter(hay.lower()) {
                let w = match hay.starts.binary_search(&m.start()) {
                    Ok(i) => i,
                    Err(i) => i.saturating_sub(1),
                };
                subs.push((
                    w,
                    m.end(),
                    std::cmp::Reverse(m.end() - m.start()),
                    m.value(),
                ));
            }
            subs.sort_unstable();
            found.extend(subs.iter().map(|&(i, _, _, atom)| (i, atom)));
        }
        if hay.data != 0 {
            found.retain(|&(i, _)| i >= 64 || hay.data & (1 << i) == 0);
        }
    }

    /// Append to `out` every stage of every pattern that the prepared simple command
    /// satisfies, in stage order among those named by the command and then among `*` stages.
    /// `scratch` only saves allocations between calls; nothing in it carries over.
    pub fn stage_hits_in(
        &self,
        hay: &Haystack<'_>,
        scratch: &mut MatchScratch,
        out: &mut Vec<StageHit>,
    ) {
        let words = hay.words;
        let t = self.tables.pools();
        if t.stages.is_empty() || words.is_empty() {
            return;
        }
        self.find_atoms(hay, scratch);
        let found = &mut scratch.found;
        debug_assert!(found.iter().all(|(_, a)| *a < self.tables.atom_count));
        // Grouped by word, in the order found within a word.
        found.sort_by_key(|(w, _)| *w);
        let bounds = &mut scratch.bounds;
        bounds.clear();
        bounds.resize(words.len() + 1, 0);
        for (w, _) in found.iter() {
            bounds[w + 1] += 1;
        }
        for i in 1..bounds.len() {
            bounds[i] += bounds[i - 1];
        }
        // Every atom found anywhere in the command, as a bit set: a stage that needs an atom
        // not in here cannot match, which rules out most stages before the positional check.
        let seen = &mut scratch.seen;
        seen.clear();
        seen.resize((self.tables.atom_count as usize).div_ceil(64), 0);
        for (_, a) in found.iter() {
            if let Some(bits) = seen.get_mut(*a as usize / 64) {
                *bits |= 1u64 << (*a % 64);
            }
        }
        // The `*` stages listed under an atom the command has, in stage order: those of every
        // command (`self.always`) merged with the others. A stage of `self.always` whose atom
        // no word has (every word is data) needs that atom, so it fails the check below.
        let any = &mut scratch.any;
        any.clear();
        for (_, a) in found.iter() {
            if Some(*a) != self.every_word {
                any.extend_from_slice(t.listed(t.any_by_atom, *a));
            }
        }
        any.sort_unstable();
        any.dedup();

        let (found, bounds, seen) = (&scratch.found, &scratch.bounds, &scratch.seen);
        let atoms_on = |w: usize| found[bounds[w]..bounds[w + 1]].iter().map(|(_, a)| *a);
        let has = |atom: AtomId, w: usize| atoms_on(w).any(|a| a == atom);
        let present = |a: &AtomId| {
            seen.get(*a as usize / 64)
                .is_some_and(|bits| bits & (1u64 << (*a % 64)) != 0)
        };
        let candidates = atoms_on(0)
            .flat_map(|a| t.listed(t.by_name, a))
            .chain(merged(&self.always, &scratch.any));
        let head_words = &mut scratch.head_words;
        for &si in candidates {
            let stage = &t.stages[si as usize];
            let possible = t.terms[stage.head.range()].iter().all(|w| present(&w.atom))
                && t.terms[stage.flags.range()]
                    .iter()
                    .all(|w| present(&w.atom))
                && t.targets[stage.targets.range()].iter().all(|r| {
                    r.kind == TargetKind::Without || t.ids[r.atoms.range()].iter().any(present)
                });
            if possible && eval_stage(&t, stage, words, &has, head_words, self.safe_reading) {
                out.push(StageHit {
                    pattern: stage.pattern as usize,
                    stage: stage.stage as usize,
                    head_words: head_words.clone(),
                });
            }
        }
    }
}

/// The union of two sorted lists without repeats, sorted, without repeats.
fn merged<'s>(a: &'s [u32], b: &'s [u32]) -> impl Iterator<Item = &'s u32> + 's {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        let next = match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x < y => {
                i += 1;
                x
            }
            (Some(x), Some(y)) if x > y => {
                j += 1;
                y
            }
            (Some(x), Some(_)) => {
                i += 1;
                j += 1;
                x
            }
            (Some(x), None) => {
                i += 1;
                x
            }
            (None, Some(y)) => {
                j += 1;
                y
            }
            (None, None) => return None,
        };
        Some(next)
    })
}

/// The pools of a [`TierTables`] as plain slices, for the matching loop.
#[derive(Clone, Copy)]
struct Pools<'a> {
    text: &'a [u8],
    stages: &'a [StageRec],
    terms: &'a [Term],
    targets: &'a [TargetRec],
    ids: &'a [u32],
    by_name: &'a [(AtomId, Span)],
    any_by_atom: &'a [(AtomId, Span)],
    any_always: Span,
    words: &'a [Term],
}

impl TierTables {
    fn pools(&self) -> Pools<'_> {
        Pools {
            text: self.text.as_bytes(),
            stages: &self.stages,
            terms: &self.terms,
            targets: &self.targets,
            ids: &self.ids,
            by_name: &self.by_name,
            any_by_atom: &self.any_by_atom,
            any_always: self.any_always,
            words: &self.words,
        }
    }
}

impl<'a> Pools<'a> {
    fn word_atom(&self, word: &str) -> Option<AtomId> {
        let text = self.text;
        let word = word.as_bytes();
        // Most steps of the search are decided by the first byte: compared here, without a
        // call of `memcmp` (the order is the same: bytes, lexicographically).
        self.words
            .binary_search_by(|w| {
                let t = &text[w.text.range()];
                match (t.first(), word.first()) {
                    (Some(a), Some(b)) if a != b => a.cmp(b),
                    _ => t.cmp(word),
                }
            })
            .ok()
            .map(|i| self.words[i].atom)
    }

    /// The stages `index` lists under `atom`.
    #[inline]
    fn listed(&self, index: &'a [(AtomId, Span)], atom: AtomId) -> &'a [u32] {
        match index.binary_search_by(|(a, _)| a.cmp(&atom)) {
            Ok(i) => &self.ids[index[i].1.range()],
            Err(_) => &[],
        }
    }
}

/// Buffers reused across [`TierMatcher::stage_hits_in`] calls.
#[derive(Debug, Default)]
pub struct MatchScratch {
    /// (word index, atom) pairs.
    found: Vec<(usize, AtomId)>,
    /// `found[bounds[w]..bounds[w + 1]]` are the atoms of word `w`.
    bounds: Vec<usize>,
    /// Bit set of every atom found.
    seen: Vec<u64>,
    /// Candidate `*` stages.
    any: Vec<u32>,
    /// (word, end, longest first, atom) of every substring atom found.
    substrings: Vec<(usize, usize, std::cmp::Reverse<usize>, AtomId)>,
    head_words: Vec<usize>,
}

/// A simple command prepared for matching: the haystack `SEP w0 SEP w1 SEP ... SEP` and the
/// byte offset where each word starts. The same for every tier, so built once per command.
#[derive(Debug)]
pub struct Haystack<'w> {
    words: &'w [Word],
    text: String,
    starts: Vec<usize>,
    /// The class bits of each word (see [`CLASSES`]).
    classes: &'w [u32],
    /// `text`, ASCII-lowercased, for substring atoms.
    lower: std::cell::OnceCell<Vec<u8>>,
    /// Words (bit `i` for word `i`, the first 64) that are data to the command, such as a
    /// search tool's pattern: no atom is found in them, so no pattern's head or target
    /// matches one (`grep -n authorized_keys docs/x.md` names no trust anchor).
    data: u64,
}

impl<'w> Haystack<'w> {
    /// The haystack, ASCII-lowercased (made once, for the first tier that asks).
    fn lower(&self) -> &[u8] {
        self.lower
            .get_or_init(|| self.text.as_bytes().to_ascii_lowercase())
    }

    /// A haystack whose words have the given class bits.
    pub fn with_classes(words: &'w [Word], classes: &'w [u32]) -> Haystack<'w> {
        let mut h = Haystack::new(words);
        h.classes = classes;
        h
    }

    /// The same haystack with the words of `mask` (bit `i` for word `i`) read as data: no
    /// pattern's head or target matches them.
    pub fn with_data(mut self, mask: u64) -> Haystack<'w> {
        self.data = mask;
        self
    }

    pub fn new(words: &'w [Word]) -> Haystack<'w> {
        let mut text =
            String::with_capacity(words.iter().map(|w| w.text.len() + 1).sum::<usize>() + 1);
        let mut starts = Vec::with_capacity(words.len());
        text.push(SEP);
        for w in words {
            starts.push(text.len());
            text.push_str(&sep_word(&w.text));
            text.push(SEP);
        }
        Haystack {
            words,
            text,
            starts,
            classes: &[],
            lower: std::cell::OnceCell::new(),
            data: 0,
        }
    }
}

/// Whether `words` satisfy the stage's name, head, flags and targets. On success `head_words`
/// holds the word indices the head consumed (name included).
fn eval_stage(
    t: &Pools<'_>,
    stage: &StageRec,
    words: &[Word],
    has: &impl Fn(AtomId, usize) -> bool,
    head_words: &mut Vec<usize>,
    safe_reading: bool,
) -> bool {
    head_words.clear();
    if let Some(name) = stage.name
        && !has(name.atom, 0)
    {
        return false;
    }
    // Head: the command's operands must start with the head words, in order; an operand that is
    // a flag's value may be skipped.
    head_words.push(0);
    let mut next = 1;
    for h in &t.terms[stage.head.range()] {
        loop {
            let Some(w) = words.get(next) else {
                return false;
            };
            next += 1;
            match w.kind {
                WordKind::Flag => continue,
                WordKind::Operand if has(h.atom, next - 1) => {
                    head_words.push(next - 1);
                    break;
                }
                WordKind::Operand if w.follows_flag => continue,
                // The site a call is aimed at, before its subcommand (`wp @prod db reset`,
                // `drush @live sql-drop`): where the subcommand runs, not which one. A safe
                // pattern vouches for the local call only (`wp db size`), not for another site.
                WordKind::Operand
                    if !safe_reading && head_words.len() == 1 && is_site_alias(&w.text) =>
                {
                    continue;
                }
                _ => return false,
            }
        }
    }
    for f in &t.terms[stage.flags.range()] {
        if !(1..words.len()).any(|i| words[i].kind == WordKind::Flag && has(f.atom, i)) {
            return false;
        }
    }
    // git's options before its subcommand (`git -C ../other checkout main`, `git -c k=v`) say
    // where and how git runs, and are no operands of the subcommand: a target of a pattern
    // with a subcommand is one of the words after it. (Other tools read their options
    // anywhere: `pg_ctl -D DIR stop` names the data directory `stop` acts on.)
    let from = match words.first() {
        Some(w) if w.text == "git" => head_words.last().copied().unwrap_or(0) + 1,
        _ => 1,
    };
    let targets = &t.targets[stage.targets.range()];
    for (ti, target) in targets.iter().enumerate() {
        if target.kind == TargetKind::Without || (target.kind == TargetKind::Any && safe_reading) {
            continue;
        }
        // The negative targets right after this one, each checked on the same statement.
        let without: Vec<&str> = targets[ti + 1..]
            .iter()
            .take_while(|n| n.kind == TargetKind::Without)
            .map(|n| std::str::from_utf8(&t.text[n.text.range()]).unwrap_or_default())
            .collect();
        let alternatives = &t.ids[target.atoms.range()];
        let found = (from..words.len())
            .filter(|i| !head_words.contains(i) && words[*i].kind != WordKind::Flag)
            .any(|i| {
                alternatives.iter().any(|a| has(*a, i))
                    && (without.is_empty() || {
                        let with = std::str::from_utf8(&t.text[target.text.range()]);
                        let with = with.unwrap_or_default();
                        if safe_reading {
                            word_without(&words[i].text, with, &without)
                        } else {
                            statement_without(&words[i].text, with, &without)
                        }
                    })
            });
        if !found {
            return false;
        }
    }
    true
}

/// Whether `text` has a statement (a part between `;`) that contains `with` and none of
/// `without`, ASCII case-insensitively (`DELETE FROM t; SELECT 1 WHERE x` has `delete from`
/// without `where`).
pub fn statement_without(text: &str, with: &str, without: &[&str]) -> bool {
    let lower = text.to_ascii_lowercase();
    let with = with.to_ascii_lowercase();
    let without: Vec<String> = without.iter().map(|w| w.to_ascii_lowercase()).collect();
    lower.split(';').any(|statement| {
        statement.contains(&with) && !without.iter().any(|w| statement.contains(w.as_str()))
    })
}

/// Whether `text` contains `with` and none of `without` anywhere, ASCII case-insensitively:
/// the safe tier's reading of negative targets (`SELECT 1; DELETE FROM t` has a delete).
pub fn word_without(text: &str, with: &str, without: &[&str]) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains(&with.to_ascii_lowercase())
        && !without
            .iter()
            .any(|w| lower.contains(w.to_ascii_lowercase().as_str()))
}

/// Whether a stage's targets name file-system paths (`/tmp/*`, `~/x`, `./build`, `of=/dev/null`):
/// a safe pattern with such targets vouches only for the operands it covers.
pub fn names_paths(stage: StageRef<'_>) -> bool {
    stage.targets().any(|t| match t {
        Target::Exact(w) if w.contains(CLASS_MARK) => {
            class_of_target(w).is_some_and(|b| PATH_CLASSES & (1 << b) != 0)
        }
        Target::Exact(w) | Target::Prefix(w) | Target::Subtree(w) => {
            w.contains('/') || w.starts_with('~') || w.starts_with('.') || w.starts_with("$HOME")
        }
        Target::Contains(_) | Target::Any | Target::Without(_) => false,
    })
}

/// Whether the words not consumed by `hit`'s head are all matched by the stage's targets: the
/// "explicit cover" test for safe exceptions. Redirections are not operands here. Words before
/// index `from` are not looked at: git's options before a subcommand, which a destructive
/// stage of that subcommand cannot match (its targets are the words after it), so its cover
/// need not vouch for them.
pub fn covers_all_operands(
    stage: StageRef<'_>,
    words: &[Word],
    head_words: &[usize],
    classes: &[u32],
    from: usize,
) -> bool {
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            *i >= from && w.kind == WordKind::Operand && !head_words.contains(i) && w.text != "--"
        })
        .all(|(i, w)| {
            // `/tmp/$X` may name `/etc`: a run-time value is covered only literally or by `**`.
            let dynamic = canon::is_dynamic(&w.text);
            let bits = classes.get(i).copied().unwrap_or(0);
            stage.targets().any(|t| match t {
                Target::Exact(e) if e.contains(CLASS_MARK) => {
                    class_of_target(e).is_some_and(|b| bits & (1 << b) != 0)
                }
                Target::Exact(e) => w.text == e,
                Target::Prefix(_) | Target::Contains(_) | Target::Subtree(_) if dynamic => false,
                other => shape_matches(other, &w.text),
            })
        })
}

/// Whether `text` matches target `t` by its shape: a prefix, a substring (ASCII
/// case-insensitively), a path subtree or `**`. An exact target (a literal or a class) is the
/// caller's to compare; `!*text*` covers nothing.
fn shape_matches(t: Target<&str>, text: &str) -> bool {
    match t {
        Target::Exact(_) | Target::Without(_) => false,
        Target::Prefix(p) => text.starts_with(p),
        Target::Contains(c) => text.to_ascii_lowercase().contains(&c.to_ascii_lowercase()),
        Target::Subtree("/") => text.starts_with('/'),
        Target::Subtree(d) => text == d || text.strip_prefix(d).is_some_and(|r| r.starts_with('/')),
        Target::Any => true,
    }
}

/// Whether safe stage `safe` names, by its own words and not by a path class, every operand
/// of `words` that destructive stage `destructive` names literally: a literal target says what
/// makes the command destructive (`.git` of `mv .git <dest:temp>`, `+s` of `chmod +s <temp>`),
/// and a class that happens to hold that word (`mv <local>`, `chmod <local>`) does not excuse
/// it. A literal, prefix, subtree or substring target of the safe stage that matches the word,
/// or `**`, names it, and so does its head (`head_words`: the command's words the safe stage's
/// head matched, as `rm` of `aws s3 rm --help` is for `aws ** rm`).
pub fn names_literal_targets(
    destructive: StageRef<'_>,
    safe: StageRef<'_>,
    words: &[Word],
    head_words: &[usize],
    from: usize,
) -> bool {
    destructive.targets().all(|t| {
        if let Target::Contains(_) | Target::Prefix(_) = t {
            return names_shaped_target(t, safe, words, head_words, from);
        }
        let Target::Exact(e) = t else {
            return true;
        };
        if e.contains(CLASS_MARK) {
            return true;
        }
        words
            .iter()
            .enumerate()
            .filter(|(i, w)| {
                *i >= from && w.kind == WordKind::Operand && w.text == e && !head_words.contains(i)
            })
            .all(|(_, w)| {
                safe.targets().any(|s| match s {
                    Target::Exact(x) => !x.contains(CLASS_MARK) && x == e,
                    other => shape_matches(other, &w.text),
                })
            })
    })
}

/// Whether safe stage `safe` names, in every operand of `words` that destructive target `t`
/// (`*text*` or `prefix*`) matches and that is a program's text (a word with a blank or a
/// `;`: statements, a query), what `t` says is destructive: by a target of the same shape that
/// holds it (`*drop keyspace*` holds `*drop *`), the word literally, or `**`. A statement that
/// reads (`cqlsh '*describe *'`) says nothing of the `DROP` another statement of the same word
/// holds (`-e 'DESCRIBE KEYSPACES; DROP KEYSPACE x'`), so its match does not excuse the
/// destructive one. A plain word is one thing, and a safe target matching it says what it is
/// (`git checkout v*` names the tag `v3.2.1` that `git checkout '*.*'` reads as a file).
fn names_shaped_target(
    t: Target<&str>,
    safe: StageRef<'_>,
    words: &[Word],
    head_words: &[usize],
    from: usize,
) -> bool {
    let names = |s: Target<&str>, word: &str| match (&t, s) {
        (Target::Contains(c), Target::Contains(x)) => {
            x.to_ascii_lowercase().contains(&c.to_ascii_lowercase())
        }
        (Target::Prefix(p), Target::Prefix(x)) => x.starts_with(*p),
        (_, Target::Exact(x)) => !x.contains(CLASS_MARK) && x == word,
        (_, Target::Any) => true,
        _ => false,
    };
    words
        .iter()
        .enumerate()
        .filter(|(i, w)| {
            *i >= from
                && w.kind == WordKind::Operand
                && !head_words.contains(i)
                && w.text.contains([' ', '\t', '\n', ';'])
                && shape_matches(t.clone(), &w.text)
        })
        .all(|(_, w)| safe.targets().any(|s| names(s, &w.text)))
}

/// The distinct command names (spans of `text`) of the stages with an operand target that names
/// a class, and whether a `*` stage has one.
fn class_heads(text: &str, stages: &[StageRec], targets: &[TargetRec]) -> (Vec<Span>, bool) {
    let mut seen: HashSet<&str, ahash::RandomState> = HashSet::default();
    let (mut heads, mut any) = (Vec::new(), false);
    for s in stages {
        let classed = targets[s.targets.range()]
            .iter()
            .any(|r| r.kind == TargetKind::Exact && text[r.text.range()].starts_with(CLASS_MARK));
        if !classed {
            continue;
        }
        match s.name {
            Some(n) => {
                if seen.insert(&text[n.text.range()]) {
                    heads.push(n.text);
                }
            }
            None => any = true,
        }
    }
    (heads, any)
}

/// A site alias written before a subcommand: `@` and a name (`@prod`, `@self`, `@site.live`),
/// as WP-CLI and Drush take the site a call is aimed at.
pub fn is_site_alias(word: &str) -> bool {
    word.strip_prefix('@').is_some_and(|name| {
        name.starts_with(|c: char| c.is_ascii_alphanumeric())
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]
    use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

    use super::*;

    /// The merge of two sorted lists is their sorted union, each stage once.
    #[test]
    fn merged_is_the_sorted_union() {
        let cases: [(&[u32], &[u32]); 6] = [
            (&[], &[]),
            (&[1, 4, 9], &[]),
            (&[], &[2, 3]),
            (&[1, 4, 9], &[2, 4, 10, 11]),
            (&[5], &[5]),
            (&[0, 1, 2], &[3, 4]),
        ];
        for (a, b) in cases {
            let mut want: Vec<u32> = a.iter().chain(b).copied().collect();
            want.sort_unstable();
            want.dedup();
            let got: Vec<u32> = merged(a, b).copied().collect();
            assert_eq!(got, want, "{a:?} {b:?}");
        }
    }

    /// The quick test of a word for the class mark says what a search of the whole word says,
    /// for words with the mark, with other characters that begin with the mark's first byte
    /// (the literal star's, U+E000..U+EFFF), and with none.
    #[test]
    fn the_class_mark_test_is_the_search() {
        let words = [
            String::new(),
            "rm".into(),
            "-rf".into(),
            "/home/u/.ssh".into(),
            "caf\u{e9}".into(),
            "\u{2603}".into(),
            format!("{LITERAL_STAR}"),
            format!("a{LITERAL_STAR}b"),
            "\u{E002}x".into(),
            "\u{EFFF}".into(),
            format!("{CLASS_MARK}"),
            format!("{CLASS_MARK}outside"),
            format!(">{CLASS_MARK}secret"),
            format!("x{LITERAL_STAR}{CLASS_MARK}"),
            format!("tail{CLASS_MARK}"),
        ];
        for w in &words {
            assert_eq!(holds_class_mark(w), w.contains(CLASS_MARK), "{w:?}");
        }
        assert!(holds_class_mark(&format!("{CLASS_MARK}temp")));
        assert!(!holds_class_mark(&format!("{LITERAL_STAR}temp")));
    }

    /// What an independent Aho-Corasick implementation (`aho_corasick`, as the matcher used
    /// before the automata were built ahead of time) finds: one automaton over the prefix
    /// atoms and one ASCII-case-insensitive automaton over the substring atoms, run
    /// overlapping over the haystack, each match given to the word it starts in.
    fn found_by_automata(
        m: &TierMatcher,
        [prefixes, contains]: &[AhoCorasick; 2],
        hay: &Haystack<'_>,
    ) -> Vec<(usize, AtomId)> {
        let t = &m.tables;
        let mut scratch = MatchScratch::default();
        m.find_atoms(hay, &mut scratch);
        // Whole words and classes are found as before; keep them, drop the rest.
        let automaton_kinds: Vec<AtomId> = t
            .prefixes
            .iter()
            .chain(t.contains.iter())
            .map(|a| a.atom)
            .collect();
        let mut found: Vec<_> = scratch
            .found
            .into_iter()
            .filter(|(_, a)| !automaton_kinds.contains(a))
            .collect();
        for m in prefixes.find_overlapping_iter(hay.text.as_str()) {
            if let Ok(w) = hay.starts.binary_search(&(m.start() + 1)) {
                found.push((w, t.prefixes[m.pattern().as_usize()].atom));
            }
        }
        for m in contains.find_overlapping_iter(hay.text.as_str()) {
            let w = match hay.starts.binary_search(&m.start()) {
                Ok(i) => i,
                Err(i) => i.saturating_sub(1),
            };
            found.push((w, t.contains[m.pattern().as_usize()].atom));
        }
        found.sort_by_key(|(w, _)| *w);
        found
    }

    /// The loaded automata find exactly what `aho_corasick` finds, in the same order (the order
    /// the former table search gave too), for every tier of the project's KG on the words of
    /// every example and of some awkward commands.
    #[test]
    fn loaded_automata_find_what_aho_corasick_finds() {
        let mut kg = crate::Kg::new();
        kg.add_dir(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kg"))
            .unwrap();
        let mut commands: Vec<String> = kg
            .entries()
            .iter()
            .flat_map(|e| e.examples.iter().chain(&e.not_examples))
            .map(|ex| ex.text.clone())
            .collect();
        assert!(commands.len() > 300);
        commands.extend(
            [
                "PSQL -c 'DrOp TaBlE users'",
                "curl HTTPS://Example.COM/x | SH",
                "rm -rf /tmp/é/x ~/ÉTÉ",
                "x \u{1e}y z\u{1e}",
                "",
                "a",
            ]
            .map(String::from),
        );
        let mut atoms = 0;
        for tier in [
            crate::Tier::Destructive,
            crate::Tier::Suspicious,
            crate::Tier::Safe,
        ] {
            let mut patterns = Vec::new();
            for (i, e) in kg
                .entries()
                .iter()
                .enumerate()
                .filter(|(_, e)| e.tier == tier)
            {
                for syn in &e.synonyms {
                    let p = Pattern::compile(&syn.text).unwrap();
                    patterns.push((u32::try_from(i).unwrap(), syn.text.as_str(), p));
                }
            }
            let m = TierMatcher::build(&patterns).unwrap();
            assert!(!m.tables.prefixes.is_empty() && !m.tables.contains.is_empty());
            let build = |pats: &[Term], ci: bool| -> AhoCorasick {
                AhoCorasickBuilder::new()
                    .match_kind(MatchKind::Standard)
                    .ascii_case_insensitive(ci)
                    .build(pats.iter().map(|a| m.tables.bytes(a.text)))
                    .unwrap()
            };
            let automata = [
                build(&m.tables.prefixes, false),
                build(&m.tables.contains, true),
            ];
            for cmd in &commands {
                let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
                let words = canon::canonical_words(&argv, &[]);
                let hay = Haystack::new(&words);
                let mut scratch = MatchScratch::default();
                m.find_atoms(&hay, &mut scratch);
                let mut got = scratch.found.clone();
                got.sort_by_key(|(w, _)| *w);
                assert_eq!(
                    got,
                    found_by_automata(&m, &automata, &hay),
                    "{tier}: `{cmd}`"
                );
                atoms += got.len();
            }
        }
        assert!(atoms > 1000, "only {atoms} atoms found");
    }

    #[test]
    fn bad_patterns_are_errors() {
        assert!(Pattern::compile("* | sh").is_ok());
        for bad in ["", "|", "rm '-rf", "*", "ls |", "sh | *"] {
            assert!(Pattern::compile(bad).is_err(), "{bad:?}");
        }
        // A negative target needs a `*text*` target before it.
        for bad in [
            "psql '!*where*'",
            "psql x '!*where*'",
            "psql 'a*' '!*where*'",
        ] {
            assert!(Pattern::compile(bad).is_err(), "{bad:?}");
        }
        // A leading star is a wildcard only in `*text*`: a suffix glob would match nothing.
        for bad in ["git config set '*.sslverify' false", "rm '*.orig'"] {
            assert!(Pattern::compile(bad).is_err(), "{bad:?}");
        }
        for good in [
            "psql '*delete*' '!*where*'",
            "psql '*delete*' '!*where*' '!*limit*'",
            "git config set '*.sslverify*' false",
            "rm '*.orig*'",
            "git commit *",
            "ls **",
        ] {
            assert!(Pattern::compile(good).is_ok(), "{good:?}");
        }
    }

    /// Blank-separated words; single quotes group.
    fn words_of(command: &str) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut quoted = false;
        for c in command.chars() {
            match c {
                '\'' => quoted = !quoted,
                ' ' if !quoted => out.push(String::new()),
                c => out.last_mut().unwrap().push(c),
            }
        }
        out.retain(|w| !w.is_empty());
        out
    }

    /// (pattern, command, matches): prefix flags, negative targets and a final `--`.
    #[test]
    fn prefix_flags_negative_targets_and_double_dash() {
        let cases: &[(&str, &str, bool)] = &[
            ("tool push --force*", "tool push --force", true),
            (
                "tool push --force*",
                "tool push --force-with-x origin",
                true,
            ),
            ("tool push --force*", "tool push --forceful", true),
            ("tool push --force*", "tool push --forc", false),
            ("tool push --force*", "tool push origin --no-force", false),
            ("tool push --force*", "tool push -- --force", false),
            (
                "sql '*delete from*' '!*where*'",
                "sql 'DELETE FROM t'",
                true,
            ),
            (
                "sql '*delete from*' '!*where*'",
                "sql 'delete from t where a=1'",
                false,
            ),
            (
                "sql '*delete from*' '!*where*'",
                "sql 'delete from t where a=1; delete from u'",
                true,
            ),
            (
                "sql '*delete from*' '!*where*'",
                "sql 'select 1 where x; delete from u'",
                true,
            ),
            ("sql '*delete from*' '!*where*'", "sql 'select 1'", false),
            (
                "sql '*up*' '!*where*' '!*insert*'",
                "sql 'insert x on dup up y'",
                false,
            ),
            ("sql '*up*' '!*where*' '!*insert*'", "sql 'up x'", true),
            ("co --", "co -- x", true),
            ("co --", "co -- -f", true),
            ("co --", "co x --", false),
            ("co --", "co x", false),
        ];
        for (pattern, command, want) in cases {
            let tables = TierTables::compile(&[(0, pattern, Pattern::compile(pattern).unwrap())]);
            let m = TierMatcher::new(tables).unwrap();
            let argv = words_of(command);
            let words = canon::canonical_words(&argv, &[]);
            let hits = m.stage_hits(&words);
            assert_eq!(!hits.is_empty(), *want, "`{pattern}` on `{command}`");
        }
    }

    /// (pattern, command, matches in another tier, matches in the safe tier): a safe pattern's
    /// negative targets hold for the whole word, so a read followed by a delete is no read.
    #[test]
    fn safe_reading_applies_negative_targets_to_the_whole_word() {
        let q = "db '*match *' '!*delete*' '!*set *'";
        let cases: &[(&str, &str, bool, bool)] = &[
            (q, "db 'MATCH (n) RETURN n'", true, true),
            (q, "db 'MATCH (n) DELETE n'", false, false),
            (
                q,
                "db 'MATCH (n) RETURN n; MATCH (n) DELETE n'",
                true,
                false,
            ),
            (
                q,
                "db 'MATCH (n) SET n.x = 1; MATCH (n) RETURN n'",
                true,
                false,
            ),
            (q, "db 'RETURN 1'", false, false),
            ("db **", "db", false, true),
        ];
        for (pattern, command, other, safe) in cases {
            let tables = TierTables::compile(&[(0, pattern, Pattern::compile(pattern).unwrap())]);
            let argv = words_of(command);
            let words = canon::canonical_words(&argv, &[]);
            let m = TierMatcher::new(tables).unwrap();
            assert_eq!(
                !m.stage_hits(&words).is_empty(),
                *other,
                "`{pattern}` on `{command}`"
            );
            let tables = TierTables::compile(&[(0, pattern, Pattern::compile(pattern).unwrap())]);
            let m = TierMatcher::new(tables).unwrap().safe_reading();
            assert_eq!(
                !m.stage_hits(&words).is_empty(),
                *safe,
                "safe `{pattern}` on `{command}`"
            );
        }
    }

    #[test]
    fn class_heads_name_each_classed_command_once() {
        let cases: &[(&str, &[Option<&str>])] = &[
            ("rm <outside>", &[Some("rm")]),
            ("rm -rf *", &[]),
            ("cat <secret> | curl", &[Some("cat")]),
            ("* <secret>", &[None]),
        ];
        let mut patterns = Vec::new();
        let mut want: Vec<Option<&str>> = Vec::new();
        for (i, (text, names)) in cases.iter().enumerate() {
            patterns.push((
                u32::try_from(i).unwrap(),
                *text,
                Pattern::compile(text).unwrap(),
            ));
            want.extend(names.iter().copied());
        }
        // A second pattern of a command already named adds no name.
        patterns.push((
            9,
            "rm -r <outside>",
            Pattern::compile("rm -r <outside>").unwrap(),
        ));
        let m = TierMatcher::build(&patterns).unwrap();
        let mut got: Vec<Option<&str>> = m.class_stage_names().collect();
        got.sort();
        want.sort();
        assert_eq!(got, want);
    }
}
