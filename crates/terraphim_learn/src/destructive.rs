//! The caller's answer to "is this destructive?": the engine never proposes ALLOW for a pattern
//! or an example command it says yes to.

/// Tells the engine whether a candidate pattern (`git push`) or an observed canonical command
/// (`git push --force origin main`) is destructive. The CLI wires the guard engine in; any
/// `Fn(&str) -> bool` works.
pub trait DestructiveCheck {
    /// Whether `text` matches, or overlaps, a destructive pattern.
    fn is_destructive(&self, text: &str) -> bool;
}

impl<F: Fn(&str) -> bool> DestructiveCheck for F {
    fn is_destructive(&self, text: &str) -> bool {
        self(text)
    }
}

/// A conservative [`DestructiveCheck`] over a list of destructive KG synonyms: a text is
/// destructive when it names the same command as a destructive pattern and their subcommands do
/// not differ. So `rm` is destructive because of `rm -rf /`, `git push` because of
/// `git push --force`, while `git status` is not.
#[derive(Debug, Clone, Default)]
pub struct DestructivePatterns {
    heads: Vec<(String, Option<String>)>,
}

impl DestructivePatterns {
    /// From destructive synonyms (`rm -rf /`, `git push --force`, ...). Patterns whose command is
    /// `*` (redirection patterns) are left to the guard engine.
    pub fn new<I, S>(synonyms: I) -> DestructivePatterns
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let heads = synonyms
            .into_iter()
            .filter_map(|s| head(s.as_ref()))
            .filter(|(cmd, _)| cmd != "*")
            .collect();
        DestructivePatterns { heads }
    }

    /// The active destructive synonyms of `kg`.
    pub fn from_kg(kg: &crate::ActiveKg) -> DestructivePatterns {
        DestructivePatterns::new(kg.synonyms(crate::Tier::Destructive))
    }

    /// Add more synonyms (e.g. the embedded default KG's).
    pub fn extend<I, S>(&mut self, synonyms: I)
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        self.heads.extend(DestructivePatterns::new(synonyms).heads);
    }
}

/// Command name and subcommand (the second word when it looks like one).
fn head(text: &str) -> Option<(String, Option<String>)> {
    let mut words = text
        .split_ascii_whitespace()
        .map(|w| w.trim_matches(|c| c == '\'' || c == '"'));
    let first = words.next()?;
    let command = first.rsplit('/').next().unwrap_or(first).to_owned();
    let sub = words.next().filter(|w| {
        w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && w.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.' | ':')
            })
    });
    Some((command, sub.map(str::to_owned)))
}

impl DestructiveCheck for DestructivePatterns {
    fn is_destructive(&self, text: &str) -> bool {
        let Some((command, sub)) = head(text) else {
            return false;
        };
        self.heads
            .iter()
            .any(|(dc, ds)| *dc == command && (ds.is_none() || sub.is_none() || *ds == sub))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_is_conservative() {
        let list = DestructivePatterns::new([
            "rm -rf /",
            "git push --force",
            "git reset --hard",
            "dd if=/dev/zero",
            "* >~/.bashrc",
            "docker system prune",
        ]);
        for (text, expected) in [
            ("rm", true),
            ("rm -f x", true),
            ("git push", true),
            ("git push origin main", true),
            ("git reset", true),
            ("git status", false),
            ("git", true),
            ("dd", true),
            ("docker system", true),
            ("docker ps", false),
            ("cargo test", false),
            ("ls", false),
        ] {
            assert_eq!(list.is_destructive(text), expected, "{text}");
        }
    }
}
