//! Compiling KG entries into one matcher per tier (the default KG's tables and the user's).

use std::borrow::Cow;
use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use crate::error::{Error, Result};
use crate::kg::{Kg, Tier};
use crate::parse::{self};
use crate::pattern::{Haystack, MatchScratch, Pattern, PatternRef, StageHit, TierMatcher};
use crate::replace::Replacer;

use super::{Guard, ProfileRanks};

/// Text of an entry: borrowed from the embedded default KG, owned for the user's entries.
type Text = Cow<'static, str>;

pub(super) struct CompiledEntry {
    pub(super) tier: Tier,
    pub(super) concept: Text,
    pub(super) reason: Option<Text>,
    pub(super) profile: Option<Text>,
    /// `effect:: remote`: sandboxed when run from inside a substitution.
    pub(super) remote_effect: bool,
    pub(super) source: Cow<'static, Path>,
}

/// The patterns of one tier: the default KG's, compiled by the build script, and the ones
/// compiled at run time from the user's KG. Pattern indices run across both layers in order.
pub(super) struct TierSet {
    pub(super) layers: Vec<Layer>,
}

pub(super) struct Layer {
    pub(super) matcher: TierMatcher,
    /// Patterns of default entries that the user's KG overrides (`None`: none is).
    pub(super) disabled: Option<Vec<bool>>,
}

impl TierSet {
    /// Every stage of every enabled pattern that the simple command satisfies.
    pub(super) fn stage_hits(
        &self,
        hay: &Haystack<'_>,
        scratch: &mut MatchScratch,
    ) -> Vec<StageHit> {
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

    pub(super) fn pattern(&self, idx: usize) -> PatternRef<'_> {
        let (layer, i) = self.locate(idx);
        layer.matcher.pattern(i)
    }

    /// The entry index and synonym of a pattern.
    pub(super) fn origin(&self, idx: usize) -> (u32, &str) {
        let (layer, i) = self.locate(idx);
        layer.matcher.origin(i)
    }

    /// Whether a pattern of `program` (whose second head word is `script`, when given: `php
    /// occ`) names `verb` or the class `<destroy-verb>`: the KG has judged that tool's
    /// deletions, so the forms it left out are not deletions it forgot. Walks every pattern;
    /// only called when an unknown part names a deleting subcommand.
    pub(super) fn names_deletion_of(
        &self,
        program: &str,
        script: Option<&str>,
        verb: &str,
    ) -> bool {
        self.layers.iter().any(|layer| {
            (0..layer.matcher.len()).any(|i| {
                let Some(st) = layer.matcher.pattern(i).last_stage() else {
                    return false;
                };
                st.name() == Some(program)
                    && script.is_none_or(|s| st.head().nth(1) == Some(s))
                    && (st.head().any(|h| h == verb)
                        || st.targets().any(|t| match t {
                            crate::pattern::Target::Exact(e) => {
                                e == verb || crate::paths::names_destroy_verb_class(e)
                            }
                            _ => false,
                        }))
            })
        })
    }
}

/// Which commands' operands need classes.
#[derive(Debug, Default)]
pub(crate) struct ClassHeads {
    pub(super) names: HashSet<String, ahash::RandomState>,
    pub(super) any: bool,
}

impl ClassHeads {
    pub(super) fn add(&mut self, set: &TierSet) {
        for layer in &set.layers {
            for name in layer.matcher.class_stage_names() {
                match name {
                    // A name comes once a layer (the tables list them), but layers share
                    // names: each is allocated once.
                    Some(n) => {
                        if !self.names.contains(n) {
                            self.names.insert(n.to_string());
                        }
                    }
                    None => self.any = true,
                }
            }
        }
    }

    /// Whether the operands of a command named `name` are classed.
    pub(crate) fn wants(&self, name: &str) -> bool {
        self.any || self.names.contains(name)
    }
}

impl Guard {
    /// Compile the default KG (when `embedded`, from the tables `build.rs` compiled) and then
    /// `kg` on top: a later entry of the same tier and concept overrides an earlier one, so the
    /// user's KG can replace or deprecate a default entry.
    pub(super) fn compile(
        kg: &Kg,
        embedded: bool,
        default_profile: String,
        ranks: ProfileRanks,
    ) -> Result<Guard> {
        parse::check_grammar().map_err(Error::Grammar)?;
        // Sized once: the default KG alone has hundreds of entries, and growing these vectors
        // step by step was a measurable part of every process's start.
        let defaults = if embedded {
            crate::embedded::entries().len()
        } else {
            0
        };
        let mut entries = Vec::with_capacity(defaults + kg.entries().len());
        // Per tier: (entry index, synonym, compiled pattern).
        let mut per_tier: BTreeMap<Tier, Vec<(u32, &str, Pattern)>> = BTreeMap::new();
        let mut replace_entries = Vec::new();
        // Default entries that an entry of `kg` overrides.
        let user = terraphim_guard_kg::Overrides::of(kg.entries());
        // Default entries keep their index in `COMPILED_KG`; overridden ones are disabled.
        let mut overridden = Vec::with_capacity(defaults);
        if embedded {
            for e in crate::embedded::entries() {
                entries.push(CompiledEntry {
                    tier: e.tier,
                    concept: Text::Borrowed(e.concept()),
                    reason: e.reason().map(Text::Borrowed),
                    profile: e.profile().map(Text::Borrowed),
                    remote_effect: e.remote_effect,
                    source: Cow::Borrowed(Path::new(e.source())),
                });
                overridden.push(user.covers(e.tier, e.concept()));
            }
            for entry in crate::embedded::embedded_tier(Tier::Replace)?.entries() {
                if entry.is_active() && !user.covers(entry.tier, &entry.concept) {
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
                remote_effect: entry.remote_effect,
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
        // A safe pattern's `**` vouches for whatever operands follow, none included, and its
        // negative targets hold for the whole word (`TierMatcher::safe_reading`).
        let reading = |t: Tier, m: TierMatcher| {
            if t == Tier::Safe { m.safe_reading() } else { m }
        };
        let mut tier = |t: Tier| -> Result<TierSet> {
            let mut layers = Vec::with_capacity(2);
            if let Some(default) = embedded.then(|| crate::embedded::matcher(t)).flatten() {
                let matcher = reading(t, default.map_err(Error::Automaton)?);
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
                    matcher: reading(t, TierMatcher::build(&patterns).map_err(Error::Automaton)?),
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
        let names: usize = [&destructive, &suspicious, &safe]
            .iter()
            .flat_map(|set| &set.layers)
            .map(|layer| layer.matcher.class_stage_names().count())
            .sum();
        class_heads.names.reserve(names);
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
            ranks,
            class_heads,
        })
    }
}
