//! Checks over a KG: each entry's examples, and synonyms held by more than one tier.

use std::collections::BTreeMap;
use std::path::PathBuf;

use crate::kg::{Entry, Kg, Tier};
use crate::pattern::Pattern;

use super::Guard;
use super::types::Verdict;

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
    // Keyed by the compiled pattern (so spelling variants meet), shown as first written.
    let mut by_syn: BTreeMap<String, (String, Vec<SynonymPlace>)> = BTreeMap::new();
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
                .or_insert_with(|| (s.text.clone(), Vec::new()))
                .1
                .push((e.tier, e.source.clone(), s.line));
        }
    }
    by_syn
        .into_values()
        .filter(|(_, v)| v.iter().any(|(t, _, _)| *t != v[0].0))
        .collect()
}
