//! The default KG, embedded at build time by `build.rs`: the markdown sources (for validation,
//! explanations and the replace stage) and the compiled patterns (for building a guard).
//!
//! All of it is plain data without pointers: every text is a [`Span`] of a string constant and
//! every list a span of a static array. A pointer in a static would be a relocation that the
//! dynamic loader applies, on a page it copies, in every process that starts.

use std::borrow::Cow;

use terraphim_guard_kg::{Kg, Tier};

use terraphim_guard_kg::pattern::{
    PatternRec, Span, StageRec, TargetKind, TargetRec, Term, TierMatcher, TierTables,
};

/// An active entry of the default KG; its texts are spans of `ENTRY_TEXT`.
#[derive(Debug)]
pub(crate) struct EmbeddedEntry {
    pub(crate) tier: Tier,
    concept: Span,
    reason: Option<Span>,
    profile: Option<Span>,
    pub(crate) remote_effect: bool,
    /// `<embedded>/<tier dir>/<file>`, as `Kg::embedded` names it.
    source: Span,
}

impl EmbeddedEntry {
    pub(crate) fn concept(&self) -> &'static str {
        entry_text(self.concept)
    }

    pub(crate) fn reason(&self) -> Option<&'static str> {
        self.reason.map(entry_text)
    }

    pub(crate) fn profile(&self) -> Option<&'static str> {
        self.profile.map(entry_text)
    }

    pub(crate) fn source(&self) -> &'static str {
        entry_text(self.source)
    }
}

// `default_kg.rs` defines `DEFAULT_KG_TEXT`, every markdown file of `kg/` one after the other,
// and `DEFAULT_KG_FILES`, the (path relative to `kg/`, content) spans of each.
include!(concat!(env!("OUT_DIR"), "/default_kg.rs"));
// `compiled_kg.rs` defines `ENTRY_TEXT`, `COMPILED_KG` (the active entries) and, per tier,
// the pools of its `TierTables` and a function that borrows them.
include!(concat!(env!("OUT_DIR"), "/compiled_kg.rs"));

fn entry_text(span: Span) -> &'static str {
    &ENTRY_TEXT[span.range()]
}

/// The default KG's markdown files: (path relative to `kg/`, content), in path order.
pub(crate) fn default_kg() -> impl ExactSizeIterator<Item = (&'static str, &'static str)> {
    DEFAULT_KG_FILES.iter().map(|(path, content)| {
        (
            &DEFAULT_KG_TEXT[path.range()],
            &DEFAULT_KG_TEXT[content.range()],
        )
    })
}

/// The default KG embedded in the binary at build time (`kg/` of the workspace), as markdown
/// entries (for validation, explanations and examples; deciding uses the compiled tables).
pub fn embedded_kg() -> crate::Result<Kg> {
    Ok(Kg::from_embedded(default_kg())?)
}

/// The embedded entries of one tier.
pub(crate) fn embedded_tier(tier: Tier) -> crate::Result<Kg> {
    let dir = tier.dir_name();
    let files = default_kg().filter(|(rel, _)| {
        rel.strip_prefix(dir)
            .is_some_and(|rest| rest.starts_with('/'))
    });
    Ok(Kg::from_embedded(files)?)
}

/// The active entries of the default KG, in the order of `kg::effective`.
pub(crate) fn entries() -> &'static [EmbeddedEntry] {
    &COMPILED_KG
}

/// The compiled tier `tier` of the default KG, borrowing its statics; `None` for the replace
/// tier. Pattern origins index [`entries`].
pub(crate) fn tier(tier: Tier) -> Option<TierTables> {
    match tier {
        Tier::Destructive => Some(destructive()),
        Tier::Suspicious => Some(suspicious()),
        Tier::Safe => Some(safe()),
        Tier::Replace => None,
    }
}

/// A matcher of the compiled tier `tier` of the default KG; `None` for the replace tier.
pub(crate) fn matcher(t: Tier) -> Option<Result<TierMatcher, String>> {
    // SAFETY: the automaton bytes of the embedded tables are the build script's own output of
    // `TierTables::compile`, embedded unaltered; a test loads them with the checked
    // `TierMatcher::new` and compares them with what `compile` makes at run time.
    tier(t).map(|tables| unsafe { TierMatcher::new_unchecked(tables) })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "test code")]
    use super::*;
    use terraphim_guard_kg::pattern::Pattern;

    /// The tables `build.rs` wrote are what the run-time loader and compiler make of the same
    /// markdown: same entries in the same order, same directives, same patterns, atoms and
    /// pools.
    #[test]
    fn compiled_tables_match_the_runtime_compiler() {
        let kg = embedded_kg().unwrap();
        let expected: Vec<_> = terraphim_guard_kg::effective(kg.entries())
            .into_iter()
            .filter(|e| e.is_active() && e.tier != Tier::Replace)
            .collect();
        assert!(expected.len() > 150, "the default KG looks truncated");
        assert_eq!(entries().len(), expected.len());
        for (compiled, entry) in entries().iter().zip(&expected) {
            assert_eq!(compiled.tier, entry.tier);
            assert_eq!(compiled.concept(), entry.concept);
            assert_eq!(compiled.reason(), entry.reason.as_deref());
            assert_eq!(compiled.profile(), entry.profile.as_deref());
            assert_eq!(compiled.remote_effect, entry.remote_effect);
            assert_eq!(compiled.source(), entry.source.display().to_string());
        }
        for t in [Tier::Destructive, Tier::Suspicious, Tier::Safe] {
            let mut patterns = Vec::new();
            for (i, e) in expected.iter().enumerate().filter(|(_, e)| e.tier == t) {
                for s in &e.synonyms {
                    let entry = u32::try_from(i).unwrap();
                    patterns.push((entry, s.text.as_str(), Pattern::compile(&s.text).unwrap()));
                }
            }
            let compiled = tier(t).unwrap();
            assert!(
                matches!(compiled.text, Cow::Borrowed(_))
                    && matches!(compiled.stages, Cow::Borrowed(_)),
                "{t}: the default tables are statics"
            );
            assert!(
                !compiled.prefix_automaton.is_empty() && !compiled.contains_automaton.is_empty(),
                "{t}: the automata are embedded"
            );
            assert_eq!(compiled, TierTables::compile(&patterns), "{t}");
            // The embedded automata load with the checked deserializer.
            assert!(TierMatcher::new(compiled).is_ok(), "{t}");
            assert!(matcher(t).unwrap().is_ok(), "{t}");
        }
    }

    /// The embedded markdown is the `kg/` directory, file by file.
    #[test]
    fn default_kg_files_are_the_sources() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../kg");
        let files: Vec<_> = default_kg().collect();
        assert!(files.len() > 150, "the default KG looks truncated");
        for (rel, content) in files {
            assert_eq!(
                fs_err::read_to_string(root.join(rel)).unwrap(),
                content,
                "{rel}"
            );
        }
    }
}
