//! The guard: KG entries compiled into one matcher per tier, and the decision rules.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};
use crate::kg::{Entry, Kg, Tier};
use crate::parse::{self, ParsedCommand, SimpleCommand};
use crate::pattern::{self, Haystack, MatchScratch, Pattern, PatternRef, StageHit, TierMatcher};
use crate::replace::Replacer;

/// Longest command the guard reads; anything longer is denied unread.
pub const MAX_COMMAND_BYTES: usize = 1 << 20;

/// The profile for sandboxed commands that no KG entry names a profile for.
pub const DEFAULT_PROFILE: &str = "workspace";

/// The profile for code the parser cannot see through (dynamic code, a pipe into a shell,
/// unparsable input, injected environment): it runs read-only, never on a workspace whose
/// changes would be applied, unless the default profile is stricter still.
pub const OPAQUE_PROFILE: &str = "readonly";

/// The three tiers of decision, ordered by strictness: `max()` is the strictest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Verdict {
    /// Runs on the host.
    Allow,
    /// Runs confined, under a sandbox profile.
    Sandbox,
    /// Never runs.
    Deny,
}

impl Verdict {
    /// `allow`, `sandbox` or `deny`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Allow => "allow",
            Verdict::Sandbox => "sandbox",
            Verdict::Deny => "deny",
        }
    }

    /// Parse `allow`, `sandbox`, `deny` (and upstream's `block` for deny).
    pub fn parse(s: &str) -> Option<Verdict> {
        match s {
            "allow" => Some(Verdict::Allow),
            "sandbox" => Some(Verdict::Sandbox),
            "deny" | "block" => Some(Verdict::Deny),
            _ => None,
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One KG pattern that matched part of a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// The tier of the entry.
    pub tier: Tier,
    /// The entry's concept (file stem).
    pub concept: String,
    /// The pattern (synonym) as written in the KG.
    pub pattern: String,
    /// The canonical simple command it matched.
    pub segment: String,
    /// The entry's reason, if any.
    pub reason: Option<String>,
    /// The entry's sandbox profile, if any.
    pub profile: Option<String>,
    /// The KG file that holds the entry.
    pub source: PathBuf,
    /// For a destructive match: the safe pattern that explicitly covers it, so it does not deny.
    pub covered_by: Option<String>,
}

/// The decision for one simple command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Canonical form of the simple command.
    pub canonical: String,
    /// The source text it came from.
    pub text: String,
    /// Wrappers and code layers that were peeled off, outermost first.
    pub layers: Vec<String>,
    /// The part's verdict.
    pub verdict: Verdict,
    /// Why.
    pub reason: String,
    /// Sandbox profile when the verdict is sandbox.
    pub profile: Option<String>,
    /// Indices into [`Decision::matches`].
    pub matches: Vec<usize>,
}

/// The guard's answer for a whole command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The command as given.
    pub command: String,
    /// The strictest part decides.
    pub verdict: Verdict,
    /// Why, in one sentence.
    pub reason: String,
    /// Sandbox profile when the verdict is sandbox.
    pub profile: Option<String>,
    /// Every KG match, destructive first.
    pub matches: Vec<Match>,
    /// Every simple command and its own decision.
    pub parts: Vec<Part>,
    /// The command after KG replacement, when the replace stage changed it. This is the command
    /// that should run.
    pub replaced: Option<String>,
    /// The decision of the replaced command, when there is one (its verdict is already folded
    /// into `verdict`).
    pub replaced_parts: Vec<Part>,
}

impl Decision {
    /// The match that decided the verdict, if a KG match did.
    pub fn deciding_match(&self) -> Option<&Match> {
        let tier = match self.verdict {
            Verdict::Deny => Tier::Destructive,
            Verdict::Sandbox => Tier::Suspicious,
            Verdict::Allow => Tier::Safe,
        };
        self.matches
            .iter()
            .find(|m| m.tier == tier && m.covered_by.is_none())
    }

    /// The command that should run: the replaced one when the replace stage changed it.
    pub fn effective_command(&self) -> &str {
        self.replaced.as_deref().unwrap_or(&self.command)
    }

    /// What to run instead of the command: for sandbox, the `guard exec` wrapper around the
    /// effective command; for allow with a KG replacement, the replaced command; else None
    /// (run as is, or, for deny, not at all).
    pub fn rewritten_command(&self, binary: &str, id: Option<&str>) -> Option<String> {
        match self.verdict {
            Verdict::Sandbox => Some(crate::wrap::sandbox_command(
                binary,
                self.profile.as_deref().unwrap_or(DEFAULT_PROFILE),
                id,
                self.effective_command(),
            )),
            Verdict::Allow => self.replaced.clone(),
            Verdict::Deny => None,
        }
    }
}

/// Text of an entry: borrowed from the embedded default KG, owned for the user's entries.
type Text = Cow<'static, str>;

struct CompiledEntry {
    tier: Tier,
    concept: Text,
    reason: Option<Text>,
    profile: Option<Text>,
    source: Cow<'static, Path>,
}

/// The patterns of one tier: the default KG's, compiled by the build script, and the ones
/// compiled at run time from the user's KG. Pattern indices run across both layers in order.
struct TierSet {
    layers: Vec<Layer>,
}

struct Layer {
    matcher: TierMatcher,
    /// Patterns of default entries that the user's KG overrides (`None`: none is).
    disabled: Option<Vec<bool>>,
}

impl TierSet {
    /// Every stage of every enabled pattern that the simple command satisfies.
    fn stage_hits(&self, hay: &Haystack<'_>, scratch: &mut MatchScratch) -> Vec<StageHit> {
        let mut out = Vec::new();
        let mut base = 0;
        for layer in &self.layers {
            let from = out.len();
            layer.matcher.stage_hits_in(hay, scratch, &mut out);
            if let Some(disabled) = &layer.disabled {
                let mut i = 0;
                out.retain(|h| {
                    i += 1;
                    i <= from || !disabled[h.pattern]
                });
            }
            for h in &mut out[from..] {
                h.pattern += base;
            }
            base += layer.matcher.len();
        }
        out
    }

    fn locate(&self, mut idx: usize) -> (&Layer, usize) {
        for layer in &self.layers {
            if idx < layer.matcher.len() {
                return (layer, idx);
            }
            idx -= layer.matcher.len();
        }
        unreachable!("pattern index {idx} beyond the tier's patterns")
    }

    fn pattern(&self, idx: usize) -> PatternRef<'_> {
        let (layer, i) = self.locate(idx);
        layer.matcher.pattern(i)
    }

    /// The entry index and synonym of a pattern.
    fn origin(&self, idx: usize) -> (u32, &str) {
        let (layer, i) = self.locate(idx);
        layer.matcher.origin(i)
    }
}

/// A built guard: immutable, cheap to share between threads.
pub struct Guard {
    entries: Vec<CompiledEntry>,
    destructive: TierSet,
    suspicious: TierSet,
    safe: TierSet,
    replacer: Option<Replacer>,
    default_profile: String,
    /// Command names with patterns that name a class of an operand (`rm <outside>`), and
    /// whether a `*` pattern does: only their operands are classed (redirects always are).
    class_heads: ClassHeads,
}

/// Which commands' operands need classes.
#[derive(Debug, Default)]
pub(crate) struct ClassHeads {
    names: HashSet<String>,
    any: bool,
}

impl ClassHeads {
    fn add(&mut self, set: &TierSet) {
        for layer in &set.layers {
            for i in 0..layer.matcher.len() {
                let p = layer.matcher.pattern(i);
                for s in 0..p.stage_count() {
                    let Some(st) = p.stage(s) else { continue };
                    let operand_class = st.targets().any(|t| {
                        matches!(t, pattern::Target::Exact(e)
                            if e.starts_with(pattern::CLASS_MARK))
                    });
                    if operand_class {
                        match st.name() {
                            Some(n) => {
                                self.names.insert(n.to_string());
                            }
                            None => self.any = true,
                        }
                    }
                }
            }
        }
    }

    /// Whether the operands of a command named `name` are classed.
    pub(crate) fn wants(&self, name: &str) -> bool {
        self.any || self.names.contains(name)
    }
}

impl fmt::Debug for Guard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Guard")
            .field("entries", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// Builds a [`Guard`] from KG sources.
#[derive(Debug, Default)]
pub struct GuardBuilder {
    kg: Kg,
    embedded: bool,
    default_profile: Option<String>,
}

impl GuardBuilder {
    /// Start from the embedded default KG.
    pub fn with_default_kg(mut self) -> Self {
        self.embedded = true;
        self
    }

    /// Add a KG (entries merge; order never changes a decision).
    pub fn kg(mut self, kg: Kg) -> Self {
        self.kg.extend(kg);
        self
    }

    /// Add the tier directories under `dir` (or `dir` itself when it is a tier directory).
    pub fn dir(mut self, dir: &Path) -> Result<Self> {
        self.kg.add_dir(dir)?;
        Ok(self)
    }

    /// The profile for sandboxed commands with no profile of their own (default `readonly`).
    pub fn default_profile(mut self, profile: impl Into<String>) -> Self {
        self.default_profile = Some(profile.into());
        self
    }

    /// Compile every active entry.
    pub fn build(self) -> Result<Guard> {
        Guard::compile(
            &self.kg,
            self.embedded,
            self.default_profile
                .unwrap_or_else(|| DEFAULT_PROFILE.to_string()),
        )
    }
}

impl Guard {
    /// A guard over `kg` alone.
    pub fn new(kg: &Kg) -> Result<Guard> {
        Guard::compile(kg, false, DEFAULT_PROFILE.to_string())
    }

    /// A builder; `Guard::builder().with_default_kg().dir(user)?.build()` is the usual start.
    pub fn builder() -> GuardBuilder {
        GuardBuilder::default()
    }

    /// Compile the default KG (when `embedded`, from the tables `build.rs` compiled) and then
    /// `kg` on top: a later entry of the same tier and concept overrides an earlier one, so the
    /// user's KG can replace or deprecate a default entry.
    fn compile(kg: &Kg, embedded: bool, default_profile: String) -> Result<Guard> {
        parse::check_grammar().map_err(Error::Grammar)?;
        let mut entries = Vec::new();
        // Per tier: (entry index, synonym, compiled pattern).
        let mut per_tier: BTreeMap<Tier, Vec<(u32, &str, Pattern)>> = BTreeMap::new();
        let mut replace_entries = Vec::new();
        // (tier, concept) of every entry of `kg`: those default entries are overridden.
        let user: HashSet<(Tier, &str)> = kg
            .entries()
            .iter()
            .map(|e| (e.tier, e.concept.as_str()))
            .collect();
        // Default entries keep their index in `COMPILED_KG`; overridden ones are disabled.
        let mut overridden = Vec::new();
        if embedded {
            for e in crate::embedded::entries() {
                entries.push(CompiledEntry {
                    tier: e.tier,
                    concept: Text::Borrowed(e.concept()),
                    reason: e.reason().map(Text::Borrowed),
                    profile: e.profile().map(Text::Borrowed),
                    source: Cow::Borrowed(Path::new(e.source())),
                });
                overridden.push(user.contains(&(e.tier, e.concept())));
            }
            for entry in Kg::embedded_tier(Tier::Replace)?.entries() {
                if entry.is_active() && !user.contains(&(entry.tier, entry.concept.as_str())) {
                    replace_entries.push(entry.clone());
                }
            }
        }
        for entry in crate::kg::effective(kg.entries())
            .into_iter()
            .filter(|e| e.is_active())
        {
            if entry.tier == Tier::Replace {
                replace_entries.push(entry.clone());
                continue;
            }
            let idx = u32::try_from(entries.len())
                .map_err(|_| Error::Automaton("too many KG entries".into()))?;
            entries.push(CompiledEntry {
                tier: entry.tier,
                concept: Text::Owned(entry.concept.clone()),
                reason: entry.reason.clone().map(Text::Owned),
                profile: entry.profile.clone().map(Text::Owned),
                source: Cow::Owned(entry.source.clone()),
            });
            let slot = per_tier.entry(entry.tier).or_default();
            for syn in &entry.synonyms {
                let pattern = Pattern::compile(&syn.text).map_err(|message| Error::Entry {
                    path: entry.source.clone(),
                    line: syn.line,
                    message: format!("pattern `{}`: {message}", syn.text),
                })?;
                slot.push((idx, syn.text.as_str(), pattern));
            }
        }
        let mut tier = |t: Tier| -> Result<TierSet> {
            let mut layers = Vec::with_capacity(2);
            if let Some(default) = crate::embedded::tier(t).filter(|_| embedded) {
                let matcher = TierMatcher::new(default).map_err(Error::Automaton)?;
                let disabled = overridden.iter().any(|o| *o).then(|| {
                    matcher
                        .entries()
                        .map(|entry| overridden[entry as usize])
                        .collect()
                });
                layers.push(Layer { matcher, disabled });
            }
            let patterns = per_tier.remove(&t).unwrap_or_default();
            if !patterns.is_empty() || layers.is_empty() {
                layers.push(Layer {
                    matcher: TierMatcher::build(&patterns).map_err(Error::Automaton)?,
                    disabled: None,
                });
            }
            Ok(TierSet { layers })
        };
        let (destructive, suspicious, safe) = (
            tier(Tier::Destructive)?,
            tier(Tier::Suspicious)?,
            tier(Tier::Safe)?,
        );
        let mut class_heads = ClassHeads::default();
        for set in [&destructive, &suspicious, &safe] {
            class_heads.add(set);
        }
        Ok(Guard {
            destructive,
            suspicious,
            safe,
            entries,
            replacer: Replacer::new(&replace_entries)?,
            default_profile,
            class_heads,
        })
    }

    /// Number of active entries (replace entries excluded).
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Decide a command line.
    pub fn check(&self, command: &str) -> Decision {
        self.check_in(command, None, None)
    }

    /// Decide a command line that runs in `cwd`, for a user whose home is `home`: relative
    /// operands such as `.`, `*` and `..` are also judged as the absolute paths they name, so
    /// `rm -rf *` run in `~` is judged like `rm -rf ~/*`.
    pub fn check_in(&self, command: &str, cwd: Option<&Path>, home: Option<&Path>) -> Decision {
        self.check_parsed_in(command, None, cwd, home)
    }

    /// [`Guard::check_in`] for a command the caller has already parsed with [`parse`](crate::parse)
    /// (`parsed` must be the parse of `command`), so a caller that also reads the parse (the
    /// script pre-review) parses the command once.
    pub fn check_parsed_in(
        &self,
        command: &str,
        parsed: Option<ParsedCommand>,
        cwd: Option<&Path>,
        home: Option<&Path>,
    ) -> Decision {
        let place = Place { cwd, home };
        if command.len() > MAX_COMMAND_BYTES {
            return Decision {
                command: command.to_string(),
                verdict: Verdict::Deny,
                reason: format!(
                    "the command is longer than the guard reads ({MAX_COMMAND_BYTES} bytes)"
                ),
                profile: None,
                matches: Vec::new(),
                parts: Vec::new(),
                replaced: None,
                replaced_parts: Vec::new(),
            };
        }
        let parsed = parsed.unwrap_or_else(|| parse::parse(command));
        let mut decision = self.decide(command, parsed, &place);
        if let Some(replacer) = &self.replacer {
            match replacer.replace(command) {
                Ok(replaced) if replaced != command => {
                    // The replaced command is guarded again and the stricter decision stands.
                    let second = self.decide(&replaced, parse::parse(&replaced), &place);
                    let base = decision.matches.len();
                    decision.matches.extend(second.matches);
                    decision.replaced_parts = second
                        .parts
                        .into_iter()
                        .map(|mut p| {
                            p.matches.iter_mut().for_each(|m| *m += base);
                            p
                        })
                        .collect();
                    if second.verdict > decision.verdict {
                        decision.verdict = second.verdict;
                        decision.reason = second.reason;
                        decision.profile = second.profile;
                    }
                    decision.replaced = Some(replaced);
                }
                Ok(_) => {}
                Err(e) => {
                    // Replacement failed: keep the original, never loosen the decision.
                    decision.verdict = decision.verdict.max(Verdict::Sandbox);
                    decision.reason = format!("{e}; running confined");
                    decision
                        .profile
                        .get_or_insert_with(|| self.default_profile.clone());
                }
            }
        }
        decision
    }

    /// Parse without deciding (for explanations and the learning loop).
    pub fn parse(&self, command: &str) -> ParsedCommand {
        parse::parse(command)
    }

    fn decide(&self, command: &str, mut parsed: ParsedCommand, place: &Place<'_>) -> Decision {
        for c in &mut parsed.commands {
            place.add_resolved_operands(&mut c.words);
        }
        let mut matches = Vec::new();
        let mut parts = Vec::new();
        let mut scratch = MatchScratch::default();
        let classes = place.classes(&parsed, &self.class_heads);
        let hits: Vec<[Vec<StageHit>; 3]> = parsed
            .commands
            .iter()
            .zip(&classes)
            .map(|(c, cl)| {
                let hay = Haystack::with_classes(&c.words, cl);
                [
                    self.destructive.stage_hits(&hay, &mut scratch),
                    self.suspicious.stage_hits(&hay, &mut scratch),
                    self.safe.stage_hits(&hay, &mut scratch),
                ]
            })
            .collect();
        for (ci, cmd) in parsed.commands.iter().enumerate() {
            let canonical = crate::canon::canonical_text(&cmd.words);
            // A safe pattern that names paths vouches only for commands whose every operand it
            // covers: `rm -rf /tmp/*` says nothing about `rm -rf /tmp/x ./src`. Other targets
            // (`python3 -m pytest`) only need to be present.
            let safe_hits: Vec<(usize, Vec<usize>)> =
                complete_hits(&self.safe, &parsed.commands, &hits, ci, 2)
                    .into_iter()
                    .filter(|(pi, head_words)| {
                        self.safe.pattern(*pi).last_stage().is_none_or(|st| {
                            !pattern::names_paths(st)
                                || pattern::covers_all_operands(
                                    st,
                                    &cmd.words,
                                    head_words,
                                    &classes[ci],
                                )
                        })
                    })
                    .collect();
            let mut part_matches = Vec::new();
            let mut uncovered_destructive = None;
            for (pi, _) in complete_hits(&self.destructive, &parsed.commands, &hits, ci, 0) {
                let covered_by = self.cover(&hits[ci][0], pi, &safe_hits, cmd, &classes[ci]);
                let idx = self.push_match(
                    &mut matches,
                    &self.destructive,
                    pi,
                    &canonical,
                    covered_by.clone(),
                );
                part_matches.push(idx);
                // A literal pattern names the danger more exactly than a class pattern
                // (`rm ~` "deletes the whole home" over `rm <outside>`): its reason is shown.
                let class = |i: usize| matches[i].pattern.contains('<');
                if covered_by.is_none()
                    && uncovered_destructive.is_none_or(|cur| class(cur) && !class(idx))
                {
                    uncovered_destructive = Some(idx);
                }
            }
            let mut suspicious = None;
            for (pi, _) in complete_hits(&self.suspicious, &parsed.commands, &hits, ci, 1) {
                let idx = self.push_match(&mut matches, &self.suspicious, pi, &canonical, None);
                part_matches.push(idx);
                // Several suspicious entries: the most restrictive profile wins, whatever the file order.
                let key = |i: usize| {
                    let m: &Match = &matches[i];
                    let p = m.profile.as_deref().unwrap_or(&self.default_profile);
                    (profile_rank(p), p, m.concept.as_str())
                };
                if suspicious.is_none_or(|cur| key(idx) > key(cur)) {
                    suspicious = Some(idx);
                }
            }
            let mut safe = None;
            for (pi, _) in &safe_hits {
                let idx = self.push_match(&mut matches, &self.safe, *pi, &canonical, None);
                part_matches.push(idx);
                safe.get_or_insert(idx);
            }
            let (verdict, reason, profile) = if let Some(i) = uncovered_destructive {
                (
                    Verdict::Deny,
                    match_reason(&matches[i], "destructive"),
                    None,
                )
            } else if let Some(i) = suspicious {
                let profile = matches[i]
                    .profile
                    .clone()
                    .unwrap_or_else(|| self.default_profile.clone());
                (
                    Verdict::Sandbox,
                    match_reason(&matches[i], "suspicious"),
                    Some(profile),
                )
            } else if let Some(f) = cmd.findings.first() {
                (
                    Verdict::Sandbox,
                    f.reason().to_string(),
                    Some(self.opaque_profile()),
                )
            } else if let Some(i) = safe {
                (
                    Verdict::Allow,
                    format!("known safe ({})", matches[i].concept),
                    None,
                )
            } else {
                (
                    Verdict::Sandbox,
                    format!("`{}` is not a known safe command", cmd.name()),
                    Some(self.default_profile.clone()),
                )
            };
            parts.push(Part {
                canonical,
                text: cmd.text.clone(),
                layers: cmd.layers.clone(),
                verdict,
                reason,
                profile,
                matches: part_matches,
            });
        }
        // The strictest part decides; among equals, one a KG entry decided (its reason says more
        // than "not a known safe command"), then the first.
        let mut verdict = Verdict::Allow;
        let mut reason = if parts.is_empty() {
            "nothing runs".to_string()
        } else {
            String::new()
        };
        let mut profile = None;
        let mut by_kg = false;
        for p in &parts {
            let p_by_kg = p.matches.iter().any(|&m| {
                matches!(
                    (p.verdict, matches[m].tier),
                    (Verdict::Deny, Tier::Destructive) | (Verdict::Sandbox, Tier::Suspicious)
                ) && matches[m].covered_by.is_none()
            });
            if p.verdict > verdict
                || reason.is_empty()
                || (p.verdict == verdict && p_by_kg && !by_kg)
            {
                by_kg = p_by_kg;
                verdict = p.verdict.max(verdict);
                reason = p.reason.clone();
                profile = p.profile.clone();
            }
        }
        if let Some(f) = parsed.findings.first()
            && verdict < Verdict::Sandbox
        {
            verdict = Verdict::Sandbox;
            reason = f.reason().to_string();
            profile = Some(self.opaque_profile());
        }
        if verdict == Verdict::Sandbox {
            profile = Some(pick_profile(
                &parts,
                profile.unwrap_or_else(|| self.default_profile.clone()),
            ));
        }
        if verdict != Verdict::Sandbox {
            profile = None;
        }
        // Destructive matches first, then suspicious, then safe: the reader sees what matters.
        let mut order: Vec<(usize, Match)> = matches.into_iter().enumerate().collect();
        order.sort_by_key(|(_, m)| std::cmp::Reverse(m.tier));
        let mut remap = vec![0; order.len()];
        for (new, (old, _)) in order.iter().enumerate() {
            remap[*old] = new;
        }
        let matches = order.into_iter().map(|(_, m)| m).collect();
        for p in &mut parts {
            p.matches.iter_mut().for_each(|m| *m = remap[*m]);
        }
        Decision {
            command: command.to_string(),
            verdict,
            reason,
            profile,
            matches,
            parts,
            replaced: None,
            replaced_parts: Vec::new(),
        }
    }

    fn push_match(
        &self,
        matches: &mut Vec<Match>,
        set: &TierSet,
        pattern: usize,
        segment: &str,
        covered_by: Option<String>,
    ) -> usize {
        let (entry_idx, text) = set.origin(pattern);
        let e = &self.entries[entry_idx as usize];
        matches.push(Match {
            tier: e.tier,
            concept: e.concept.to_string(),
            pattern: text.to_string(),
            segment: segment.to_string(),
            reason: e.reason.as_deref().map(str::to_string),
            profile: e.profile.as_deref().map(str::to_string),
            source: e.source.to_path_buf(),
            covered_by,
        });
        matches.len() - 1
    }

    /// The safe pattern that explicitly covers destructive pattern `d` on `cmd`, if any.
    fn cover(
        &self,
        d_hits: &[StageHit],
        d: usize,
        safe_hits: &[(usize, Vec<usize>)],
        cmd: &SimpleCommand,
        classes: &[u32],
    ) -> Option<String> {
        let d_pattern = self.destructive.pattern(d);
        if d_pattern.stage_count() != 1 || !d_hits.iter().any(|h| h.pattern == d) {
            return None;
        }
        let ds = d_pattern.stage(0)?;
        safe_hits.iter().find_map(|(si, head_words)| {
            let sp = self.safe.pattern(*si);
            let ss = sp.stage(0)?;
            let extends = sp.stage_count() == 1
                && ds.name().is_some()
                && ss.name() == ds.name()
                && ss.head().len() >= ds.head().len()
                && ss.head().zip(ds.head()).all(|(s, d)| s == d)
                && ds.flags().all(|f| ss.flags().any(|g| g == f))
                && pattern::covers_all_operands(ss, &cmd.words, head_words, classes);
            extends.then(|| self.safe.origin(*si).1.to_string())
        })
    }
}

/// Where a command runs.
struct Place<'a> {
    cwd: Option<&'a Path>,
    home: Option<&'a Path>,
}

impl Place<'_> {
    /// The class bits of every word of every command, following `cd` through the line: after
    /// `cd DIR` relative paths start there, after `cd "$X"` or `cd -` they are unknown.
    fn classes(&self, parsed: &ParsedCommand, heads: &ClassHeads) -> Vec<Vec<u32>> {
        let mut base: Option<Option<PathBuf>> = None;
        let mut out = Vec::with_capacity(parsed.commands.len());
        for c in &parsed.commands {
            let wants = heads.wants(c.name());
            if wants
                || c.words
                    .iter()
                    .any(|w| w.kind == crate::canon::WordKind::Redirect)
            {
                let scope = crate::paths::Scope::new(
                    self.cwd,
                    base.as_ref().map(|b| b.as_deref()),
                    self.home,
                    &parsed.assigned,
                );
                out.push(crate::paths::classify(&c.words, &scope, wants));
            } else {
                out.push(vec![0; c.words.len()]);
            }
            if matches!(c.name(), "cd" | "pushd" | "popd") {
                let target = c
                    .words
                    .iter()
                    .skip(1)
                    .find(|w| w.kind == crate::canon::WordKind::Operand)
                    .map(|w| w.text.as_str());
                let from = match &base {
                    None => self.cwd.map(Path::to_path_buf),
                    Some(b) => b.clone(),
                };
                let home = self.home.map(Path::to_path_buf);
                let next = match target {
                    None | Some("~") => home,
                    Some(t) if t.starts_with("~/") => home.map(|h| h.join(&t[2..])),
                    Some(t) if crate::canon::is_dynamic(t) || t == "-" => None,
                    Some(t) if t.starts_with('/') => Some(PathBuf::from(t)),
                    Some(t) => from.map(|f| f.join(t)),
                };
                base = Some(next.filter(|_| c.name() != "popd"));
            }
        }
        out
    }

    /// Add the absolute form of relative operands that name the working directory, its contents
    /// or its parents (`.`, `*`, `./*`, `..`, `../*`): extra operands can only make matching stricter.
    fn add_resolved_operands(&self, words: &mut Vec<crate::canon::Word>) {
        let Some(cwd) = self.cwd.filter(|c| c.is_absolute()) else {
            return;
        };
        let mut extra = Vec::new();
        for w in words
            .iter()
            .skip(1)
            .filter(|w| w.kind == crate::canon::WordKind::Operand)
        {
            let t = w.text.as_str();
            let (base, glob) = match t {
                "." | "./" => (".", false),
                "*" | "./*" | ".*" | "./.*" => (".", true),
                ".." => ("..", false),
                "../*" => ("..", true),
                _ if t.starts_with("../") && t.trim_start_matches("../").is_empty() => (t, false),
                _ => continue,
            };
            let joined = cwd.join(base);
            let mut resolved = crate::canon::normalise_path(&joined.to_string_lossy());
            if let Some(home) = self
                .home
                .and_then(|h| h.to_str())
                .map(crate::canon::normalise_path)
            {
                if resolved == home {
                    resolved = "~".into();
                } else if let Some(rest) = resolved.strip_prefix(&format!("{home}/")) {
                    resolved = format!("~/{rest}");
                }
            }
            if glob {
                resolved = if resolved == "/" {
                    "/*".into()
                } else {
                    format!("{resolved}/*")
                };
            }
            extra.push(crate::canon::Word {
                text: resolved,
                kind: crate::canon::WordKind::Operand,
                follows_flag: w.follows_flag,
            });
        }
        // Keep redirections last, where canonical text puts them.
        let at = words
            .iter()
            .position(|w| w.kind == crate::canon::WordKind::Redirect)
            .unwrap_or(words.len());
        words.splice(at..at, extra);
    }
}

/// Patterns of a tier fully matched by command `ci`: single-stage patterns that hit it, and
/// multi-stage patterns whose last stage hits it and whose earlier stages hit earlier stages of
/// the same pipeline, in order. Returns (pattern index, head words of the last stage).
fn complete_hits(
    set: &TierSet,
    cmds: &[SimpleCommand],
    hits: &[[Vec<StageHit>; 3]],
    ci: usize,
    tier: usize,
) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for h in &hits[ci][tier] {
        let p = set.pattern(h.pattern);
        if h.stage + 1 != p.stage_count() || seen.contains(&h.pattern) {
            continue;
        }
        seen.push(h.pattern);
        if h.stage == 0 {
            out.push((h.pattern, h.head_words.clone()));
            continue;
        }
        let Some((pipe, mut pos)) = cmds[ci].pipeline else {
            continue;
        };
        let mut ok = true;
        for want in (0..h.stage).rev() {
            let found = cmds
                .iter()
                .enumerate()
                .filter_map(|(j, c)| match c.pipeline {
                    Some((id, st))
                        if id == pipe
                            && st < pos
                            && hits[j][tier]
                                .iter()
                                .any(|x| x.pattern == h.pattern && x.stage == want) =>
                    {
                        Some(st)
                    }
                    _ => None,
                });
            match found.max() {
                Some(st) => pos = st,
                None => {
                    ok = false;
                    break;
                }
            }
        }
        if ok {
            out.push((h.pattern, h.head_words.clone()));
        }
    }
    out
}

fn match_reason(m: &Match, kind: &str) -> String {
    match &m.reason {
        Some(r) => format!("{r} ({kind}: {})", m.concept),
        None => format!("matched {kind} pattern `{}` ({})", m.pattern, m.concept),
    }
}

/// Several sandboxed parts run in one sandbox: take the most restrictive profile among them.
/// `strict` forbids spawning, so it only fits a command of one part.
impl Guard {
    /// [`OPAQUE_PROFILE`], or the default profile where that is stricter.
    fn opaque_profile(&self) -> String {
        if profile_rank(&self.default_profile) > profile_rank(OPAQUE_PROFILE) {
            self.default_profile.clone()
        } else {
            OPAQUE_PROFILE.to_string()
        }
    }
}

fn profile_rank(p: &str) -> u8 {
    match p {
        "strict" => 3,
        "readonly" => 2,
        "build" | "install" => 0,
        _ => 1,
    }
}

fn pick_profile(parts: &[Part], fallback: String) -> String {
    let rank = |p: &str| (profile_rank(p), p.to_string());
    let sandboxed: Vec<&str> = parts
        .iter()
        .filter(|p| p.verdict == Verdict::Sandbox)
        .filter_map(|p| p.profile.as_deref())
        .collect();
    let best = sandboxed
        .iter()
        .copied()
        .max_by_key(|p| rank(p))
        .map(str::to_string)
        .unwrap_or(fallback);
    if best == "strict" && parts.len() > 1 {
        "readonly".to_string()
    } else {
        best
    }
}

/// Compile-time check that a guard can be shared between threads.
#[allow(dead_code)]
fn assert_send_sync() {
    fn is<T: Send + Sync>() {}
    is::<Guard>();
}

/// Check one entry's examples against a guard: every `example::` must be decided by the entry's
/// own tier with the entry among the deciding matches, and no `not_example::` may match it.
/// Returns human-readable problems with their line numbers.
pub fn check_examples(guard: &Guard, entry: &Entry) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    if entry.tier == Tier::Replace || !entry.is_active() {
        return problems;
    }
    if entry.examples.is_empty() {
        problems.push((
            1,
            "no `example::` line: every entry proves itself with at least one".into(),
        ));
    }
    let want = match entry.tier {
        Tier::Destructive => Verdict::Deny,
        Tier::Suspicious => Verdict::Sandbox,
        _ => Verdict::Allow,
    };
    for ex in &entry.examples {
        let d = guard.check(&ex.text);
        let by_entry = d
            .matches
            .iter()
            .any(|m| m.concept == entry.concept && m.tier == entry.tier && m.covered_by.is_none());
        if !by_entry {
            problems.push((
                ex.line,
                format!(
                    "example `{}` is not matched by this entry (decision: {}, {})",
                    ex.text, d.verdict, d.reason
                ),
            ));
        } else if d.verdict != want {
            problems.push((
                ex.line,
                format!(
                    "example `{}` is decided {} ({}), expected {want}",
                    ex.text, d.verdict, d.reason
                ),
            ));
        }
    }
    for ex in &entry.not_examples {
        let d = guard.check(&ex.text);
        if d.matches
            .iter()
            .any(|m| m.concept == entry.concept && m.tier == entry.tier && m.covered_by.is_none())
        {
            problems.push((
                ex.line,
                format!("not_example `{}` is matched by this entry", ex.text),
            ));
        }
    }
    problems
}

/// Where a synonym sits: its tier, file and line.
pub type SynonymPlace = (Tier, PathBuf, usize);

/// Synonyms that appear in more than one tier: (synonym, every place that holds it).
pub fn cross_tier_duplicates(kg: &Kg) -> Vec<(String, Vec<SynonymPlace>)> {
    let mut by_syn: BTreeMap<String, Vec<SynonymPlace>> = BTreeMap::new();
    for e in kg
        .entries()
        .iter()
        .filter(|e| e.is_active() && e.tier != Tier::Replace)
    {
        for s in &e.synonyms {
            let key = Pattern::compile(&s.text)
                .map(|p| format!("{p:?}"))
                .unwrap_or_else(|_| s.text.clone());
            by_syn
                .entry(key)
                .or_default()
                .push((e.tier, e.source.clone(), s.line));
        }
    }
    by_syn
        .into_iter()
        .filter(|(_, v)| v.iter().any(|(t, _, _)| *t != v[0].0))
        .map(|(k, v)| {
            let shown = kg
                .entries()
                .iter()
                .flat_map(|e| e.synonyms.iter().map(move |s| (e, s)))
                .find(|(e, s)| e.source == v[0].1 && s.line == v[0].2)
                .map(|(_, s)| s.text.clone())
                .unwrap_or(k);
            (shown, v)
        })
        .collect()
}
