//! The default KG, embedded at build time by `build.rs`: the markdown sources (for validation,
//! explanations and the replace stage) and the compiled patterns (for building a guard).

use std::borrow::Cow;

use crate::kg::Tier;
use crate::pattern::{Pattern, Stage, StageAtoms, Target, Text, TierTables};

/// An active entry of the default KG with its patterns compiled.
#[derive(Debug)]
pub(crate) struct EmbeddedEntry {
    pub(crate) tier: Tier,
    pub(crate) concept: &'static str,
    pub(crate) reason: Option<&'static str>,
    pub(crate) profile: Option<&'static str>,
    /// `<embedded>/<tier dir>/<file>`, as `Kg::embedded` names it.
    pub(crate) source: &'static str,
}

/// One tier of the default KG, compiled.
#[derive(Debug)]
pub(crate) struct EmbeddedTier {
    /// For each pattern: the index of its entry in `COMPILED_KG` and the synonym as written.
    pub(crate) origin: &'static [(u32, Text)],
    pub(crate) tables: TierTables,
}

include!(concat!(env!("OUT_DIR"), "/default_kg.rs"));
include!(concat!(env!("OUT_DIR"), "/compiled_kg.rs"));

/// The compiled tier `tier` of the default KG; `None` for the replace tier.
pub(crate) fn tier(tier: Tier) -> Option<&'static EmbeddedTier> {
    match tier {
        Tier::Destructive => Some(&DESTRUCTIVE),
        Tier::Suspicious => Some(&SUSPICIOUS),
        Tier::Safe => Some(&SAFE),
        Tier::Replace => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]
    use super::*;
    use crate::kg::Kg;

    /// The tables `build.rs` wrote are what the run-time loader and compiler make of the same
    /// markdown: same entries in the same order, same directives, same patterns and atoms.
    #[test]
    fn compiled_tables_match_the_runtime_compiler() {
        let kg = Kg::embedded().unwrap();
        let expected: Vec<_> = crate::kg::effective(kg.entries())
            .into_iter()
            .filter(|e| e.is_active() && e.tier != Tier::Replace)
            .collect();
        assert!(expected.len() > 150, "the default KG looks truncated");
        assert_eq!(COMPILED_KG.len(), expected.len());
        for (compiled, entry) in COMPILED_KG.iter().zip(&expected) {
            assert_eq!(compiled.tier, entry.tier);
            assert_eq!(compiled.concept, entry.concept);
            assert_eq!(compiled.reason, entry.reason.as_deref());
            assert_eq!(compiled.profile, entry.profile.as_deref());
            assert_eq!(compiled.source, entry.source.display().to_string());
        }
        for t in [Tier::Destructive, Tier::Suspicious, Tier::Safe] {
            let mut patterns = Vec::new();
            let mut origin = Vec::new();
            for (i, e) in expected.iter().enumerate().filter(|(_, e)| e.tier == t) {
                for s in &e.synonyms {
                    patterns.push(Pattern::compile(&s.text).unwrap());
                    origin.push((u32::try_from(i).unwrap(), Text::from(s.text.clone())));
                }
            }
            let compiled = tier(t).unwrap();
            assert_eq!(compiled.origin, origin.as_slice(), "{t}");
            assert_eq!(compiled.tables, TierTables::compile(patterns), "{t}");
        }
    }
}
