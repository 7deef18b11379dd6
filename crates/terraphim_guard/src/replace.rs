//! The replace stage: terraphim's KG synonym substitution (`replace_matches`) over the raw
//! command, with entries from `guard-replace/` directories.

use terraphim_automata::{LinkType, replace_matches};
use terraphim_types::{NormalizedTerm, NormalizedTermValue, Thesaurus};

use crate::error::{Error, Result};
use crate::kg::Entry;

/// A thesaurus of replacements: every synonym of an entry becomes the entry's display value.
pub(crate) struct Replacer {
    thesaurus: Thesaurus,
}

impl Replacer {
    /// None when there are no replace entries (the common case: the stage costs nothing).
    pub(crate) fn new(entries: &[Entry]) -> Result<Option<Replacer>> {
        if entries.is_empty() {
            return Ok(None);
        }
        let mut thesaurus = Thesaurus::new("guard-replace".to_string());
        for e in entries {
            let term =
                NormalizedTerm::with_stable_id(NormalizedTermValue::from(e.concept.as_str()))
                    .with_display_value(e.display.clone());
            for s in &e.synonyms {
                if s.text.trim().len() < 2 {
                    return Err(Error::Entry {
                        path: e.source.clone(),
                        line: s.line,
                        message: format!("replace synonym `{}` is shorter than 2 bytes", s.text),
                    });
                }
                thesaurus.insert(NormalizedTermValue::from(s.text.as_str()), term.clone());
            }
        }
        Ok(Some(Replacer { thesaurus }))
    }

    pub(crate) fn replace(&self, command: &str) -> Result<String> {
        let bytes = replace_matches(command, &self.thesaurus, LinkType::PlainText)
            .map_err(|e| Error::Replace(e.to_string()))?;
        String::from_utf8(bytes).map_err(|e| Error::Replace(e.to_string()))
    }
}
