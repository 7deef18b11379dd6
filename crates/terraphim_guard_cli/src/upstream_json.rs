//! Upstream terraphim's JSON guard thesauri (`guard_destructive.json`, `guard_allowlist.json`,
//! `guard_suspicious.json`) converted into KG markdown entries, so existing patterns keep working.
//!
//! Upstream matched keys as raw substrings; this project matches patterns against parsed
//! commands. Keys are translated to the pattern syntax: a leading `|` becomes a pipeline stage
//! (`| sh` -> `* | sh`), a trailing `/` a prefix (`rm -rf /tmp/` -> `rm -rf /tmp/*`), a trailing
//! `$(` is dropped (`eval $(` -> `eval`). Keys that cannot be expressed are reported, not guessed.

use std::collections::BTreeMap;

use terraphim_guard::{Guard, Kg, Tier};
use terraphim_types::Thesaurus;

/// One converted concept.
pub(crate) struct Converted {
    pub(crate) concept: String,
    pub(crate) markdown: String,
}

/// The result of converting one thesaurus.
pub(crate) struct Conversion {
    pub(crate) entries: Vec<Converted>,
    pub(crate) warnings: Vec<String>,
}

/// Translate one upstream key into a pattern, or say why it cannot be.
pub(crate) fn translate_key(key: &str) -> Result<String, String> {
    let mut k = key.trim().to_string();
    if k.contains(',') {
        return Err("a KG synonym cannot contain a comma".into());
    }
    if k.starts_with('|') {
        k = format!("* {k}");
    }
    if let Some(stripped) = k.strip_suffix("$(") {
        k = stripped.trim_end().to_string();
    }
    if k.ends_with('/') {
        k.push('*');
    }
    if k == "--" || k.ends_with(" --") {
        return Err("`--` with no operand after it matches nothing on its own; write the paths it guards (e.g. `git checkout -- .`)".into());
    }
    if k.is_empty() {
        return Err("empty key".into());
    }
    Ok(k)
}

pub(crate) fn convert(json: &str, tier: Tier) -> anyhow::Result<Conversion> {
    let thesaurus: Thesaurus = terraphim_automata::load_thesaurus_from_json(json)?;
    let mut by_concept: BTreeMap<String, (Vec<String>, Option<String>)> = BTreeMap::new();
    let mut warnings = Vec::new();
    for (key, term) in &thesaurus {
        let concept = term.value.as_str().trim().to_string();
        match translate_key(key.as_str()) {
            Ok(pattern) => {
                // Check the pattern compiles on its own before it can break a whole KG.
                let probe = format!("synonyms:: {pattern}\n");
                let ok =
                    terraphim_guard::Entry::parse(std::path::Path::new("probe.md"), tier, &probe)
                        .ok()
                        .and_then(|e| {
                            let mut kg = Kg::new();
                            kg.push(e);
                            Guard::new(&kg).ok()
                        })
                        .is_some();
                if !ok {
                    warnings.push(format!(
                        "key `{}` ({concept}) is not a valid pattern; skipped",
                        key.as_str()
                    ));
                    continue;
                }
                let slot = by_concept.entry(concept).or_default();
                if !slot.0.contains(&pattern) {
                    slot.0.push(pattern);
                }
                if slot.1.is_none() {
                    slot.1 = term.url.clone();
                }
            }
            Err(why) => warnings.push(format!(
                "key `{}` ({concept}): {why}; skipped",
                key.as_str()
            )),
        }
    }
    let entries = by_concept
        .into_iter()
        .map(|(concept, (mut synonyms, reason))| {
            synonyms.sort();
            let mut md = format!("# {concept}\n\nsynonyms:: {}\n", synonyms.join(", "));
            if let Some(r) = reason {
                md.push_str(&format!("reason:: {}\n", r.replace(['\n', '\r'], " ")));
            }
            for s in &synonyms {
                let example = match s.strip_prefix("* | ") {
                    Some(rest) => format!("echo x | {rest}"),
                    None => s.replace("/*", "/x").replace('*', "x"),
                };
                md.push_str(&format!("example:: {}\n", example));
            }
            md.push_str("\nImported from an upstream terraphim JSON guard thesaurus.\n");
            Converted {
                concept: concept.replace('/', "_"),
                markdown: md,
            }
        })
        .collect();
    Ok(Conversion { entries, warnings })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_translate() {
        for (key, want) in [
            ("rm -rf", Ok("rm -rf")),
            ("| bash", Ok("* | bash")),
            ("rm -rf /tmp/", Ok("rm -rf /tmp/*")),
            ("eval $(", Ok("eval")),
            ("git restore ", Ok("git restore")),
        ] {
            assert_eq!(
                translate_key(key).as_deref(),
                want.map(|s: &str| s),
                "{key}"
            );
        }
        assert!(translate_key("git checkout -- ").is_err());
    }
}
