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
    heads: Vec<(String, Subcommand)>,
}

/// What a destructive pattern says about the subcommand of its command.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Subcommand {
    /// Nothing (`shred`): every use of the command overlaps.
    Any,
    /// The second word (`git push --force`).
    Named(String),
    /// The second word is an option or a gap (`git -c KEY=V`, `skaffold ** delete`): the
    /// subcommand, if any, is one of the later subcommand-like words (`delete`); a text that
    /// names none of them (`skaffold render`) does not overlap, one with no subcommand does.
    OneOf(Vec<String>),
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
            .filter_map(|s| pattern_head(s.as_ref()))
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
    let mut words = words(text);
    let first = words.next()?;
    let command = first.rsplit('/').next().unwrap_or(first).to_owned();
    let sub = words.next().filter(|w| is_subcommand_like(w));
    Some((command, sub.map(str::to_owned)))
}

/// A destructive pattern's command and what it says about the subcommand.
fn pattern_head(pattern: &str) -> Option<(String, Subcommand)> {
    let mut words = words(pattern);
    let first = words.next()?;
    let command = first.rsplit('/').next().unwrap_or(first).to_owned();
    let sub = match words.next() {
        None => Subcommand::Any,
        Some(w) if is_subcommand_like(w) => Subcommand::Named(w.to_owned()),
        Some(w) if w.starts_with('-') || w.contains('*') => Subcommand::OneOf(
            words
                .filter(|w| is_subcommand_like(w))
                .map(str::to_owned)
                .collect(),
        ),
        // A path or a value (`rm -rf /`'s `/`, `chmod 777`): the command itself is the risk.
        Some(_) => Subcommand::Any,
    };
    Some((command, sub))
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_ascii_whitespace()
        .map(|w| w.trim_matches(|c| c == '\'' || c == '"'))
}

fn is_subcommand_like(w: &str) -> bool {
    w.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && w.chars().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '.' | ':')
        })
}

impl DestructiveCheck for DestructivePatterns {
    fn is_destructive(&self, text: &str) -> bool {
        let Some((command, sub)) = head(text) else {
            return false;
        };
        self.heads.iter().any(|(dc, ds)| {
            *dc == command
                && match (ds, &sub) {
                    (Subcommand::Any, _) | (_, None) => true,
                    (Subcommand::Named(d), Some(s)) => d == s,
                    (Subcommand::OneOf(later), Some(s)) => later.contains(s),
                }
        })
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
            "git -c '*core.hookspath=/tmp/*'",
            "skaffold ** delete",
            "kubectl --context prod delete",
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
            // An option or a gap before the subcommand: only the later words can be it.
            ("git verify-pack", false),
            ("git -c core.hooksPath=/tmp/h commit", true),
            ("skaffold render", false),
            ("skaffold delete", true),
            ("skaffold", true),
            ("kubectl get", false),
            ("kubectl delete", true),
        ] {
            assert_eq!(list.is_destructive(text), expected, "{text}");
        }
    }
}
