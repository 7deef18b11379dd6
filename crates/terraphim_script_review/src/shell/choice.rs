//! A variable the script let through only as one of words it spells:
//! `case "$host" in localhost|127.0.0.1) ;; *) exit 1 ;; esac`, `[[ $env == staging ]] || exit`,
//! and inside the branch of `case "$host" in localhost|db.lab.internal) ... ;; esac`. There the
//! variable holds one of those words and nothing else: wherever its value came from (a `.env`
//! setting, an argument), what it carries is text of the script, so it is those literal
//! alternatives, with no data of its source. A pattern with a glob, an expansion or a
//! substitution spells no word, with one exception: a host's zone, `*.` before a plain dotted
//! name (`*.internal`, `*.lab.internal`), the shell form of the `host.endswith(".internal")`
//! check the Python and JavaScript walkers read ([`crate::host_check`]). Past such a check the
//! variable is a host of that zone (`*.internal`), and keeps the data of its source. A glob
//! without the dot (`*internal`), with more glob after the name (`*.internal*`) or anywhere
//! else narrows nothing.

use super::Shell;
use super::contain::Leaves;
use crate::engine::{Val, union_of};
use crate::ts::Node;

/// Characters of a pattern that make it match more than one word, or run code.
const GLOB_OR_CODE: [char; 12] = ['*', '?', '[', ']', '\\', '$', '`', '{', '}', '(', ')', '|'];

/// At most this many words a check lets through (a longer list is kept unknown).
const MAX_WORDS: usize = 16;

impl Shell<'_, '_, '_> {
    /// The word a `case` pattern or a test's right side spells, when it is a literal: a plain
    /// word with no glob, quote or expansion (`localhost`, `127.0.0.1`, `db.lab.internal`), or
    /// a quoted string with nothing expanded in it (`'staging'`, `"prod-eu"`); or the zone a
    /// bare host glob lets through (`*.internal`, see [`zone_glob`]).
    fn literal_word(&self, node: Node<'_>) -> Option<String> {
        let text = self.text(node);
        let word = match node.kind() {
            "word" | "extglob_pattern" if zone_glob(text).is_some() => text,
            "word" if !text.contains(GLOB_OR_CODE) => text,
            "raw_string" => text.strip_prefix('\'')?.strip_suffix('\'')?,
            "string" if node.named_children().next().is_none() => {
                let inner = text.strip_prefix('"')?.strip_suffix('"')?;
                if inner.contains(['$', '`', '\\']) {
                    return None;
                }
                inner
            }
            _ => return None,
        };
        (!word.is_empty()).then(|| word.to_owned())
    }

    /// The words of a `case` item whose every pattern is a literal word. tree-sitter-bash
    /// reads `localhost|127.0.0.1)` as one `extglob_pattern`: its parts between the `|` are the
    /// patterns.
    fn item_words(&self, item: Node<'_>) -> Option<Vec<String>> {
        let mut words = Vec::new();
        for p in item.children_by_field_name("value") {
            if p.kind() == "extglob_pattern" {
                for part in self.text(p).split('|') {
                    if zone_glob(part).is_some() {
                        words.push(part.to_owned());
                        continue;
                    }
                    if part.is_empty() || part.contains(GLOB_OR_CODE) || part.contains(['\'', '"'])
                    {
                        return None;
                    }
                    words.push(part.to_owned());
                }
                continue;
            }
            words.push(self.literal_word(p)?);
        }
        (!words.is_empty() && words.len() <= MAX_WORDS).then_some(words)
    }

    /// Inside a `case` item whose patterns are all literal words: the variable the `case`
    /// asks about and those words.
    pub(super) fn case_item_choice(&self, item: Node<'_>) -> Option<(String, Vec<String>)> {
        let case = item.parent().filter(|p| p.kind() == "case_statement")?;
        let name = self.plain_subject(case.field("value")?)?;
        Some((name, self.item_words(item)?))
    }

    /// A statement that leaves unless a variable is one of literal words: a `case` whose items
    /// that go on all name literal words and whose `*` item leaves; `[[ $v == word ]] || exit`
    /// (also `[[ $v == a || $v == b ]]`); `if [[ $v != word ]]; then exit 1; fi`.
    pub(super) fn leaving_choice(&self, node: Node<'_>) -> Option<(String, Vec<String>)> {
        match node.kind() {
            "case_statement" => {
                let name = self.plain_subject(node.field("value")?)?;
                let (going_on, catch_all) = self.going_on_items(node);
                let mut words = Vec::new();
                for item in going_on {
                    words.extend(self.item_words(item)?);
                }
                (catch_all && !words.is_empty() && words.len() <= MAX_WORDS)
                    .then_some((name, words))
            }
            "list" | "if_statement" => match self.leaving_condition(node)? {
                Leaves::UnlessHolds(cond) => self.equals_words(cond, "=="),
                Leaves::WhenHolds(cond) => self.equals_words(cond, "!="),
            },
            _ => None,
        }
    }

    /// A `[[ ]]` test that holds (`op` `==`) or fails (`op` `!=`) only when one variable is one
    /// of literal words: `[[ $v == a ]]`, `[[ $v == a || $v == b ]]` (with `!=`, `[[ $v != a &&
    /// $v != b ]]`): the variable and the words.
    fn equals_words(&self, node: Node<'_>, op: &str) -> Option<(String, Vec<String>)> {
        match node.kind() {
            "test_command" if self.text(node).starts_with("[[") => {
                let mut kids = node.named_children();
                match (kids.next(), kids.next()) {
                    (Some(k), None) => self.equals_words(k, op),
                    _ => None,
                }
            }
            "parenthesized_expression" => self.equals_words(node.named_child(0)?, op),
            "binary_expression" => {
                let operator = node
                    .field("operator")
                    .or_else(|| node.children().find(|c| !c.is_named()))
                    .map(|o| self.text(o).to_owned())
                    .unwrap_or_default();
                let joins = if op == "==" { "||" } else { "&&" };
                let compares = if op == "==" {
                    ["==", "="]
                } else {
                    ["!=", "!="]
                };
                if compares.contains(&operator.as_str()) {
                    let name = self.plain_subject(node.field("left")?)?;
                    let word = self.literal_word(node.field("right")?)?;
                    Some((name, vec![word]))
                } else if operator == joins {
                    let (mut a, b) = (
                        self.equals_or_empty(node.named_child(0)?, op)?,
                        self.equals_or_empty(node.named_child(1)?, op)?,
                    );
                    // `-n "$v" && ...` alone narrows nothing: a side must name a word.
                    if a.1.iter().chain(&b.1).all(String::is_empty) {
                        return None;
                    }
                    (a.0 == b.0 && a.1.len() + b.1.len() <= MAX_WORDS).then(|| {
                        a.1.extend(b.1);
                        a
                    })
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// [`Shell::equals_words`], or one side of its join that tests a variable for the empty
    /// string: `-z "$v"` where the test holds (`[[ -z $v || $v == *.internal ]] || exit`),
    /// `-n "$v"` where it fails (`if [[ -n $v && $v != *.internal ]]; then exit 1; fi`). Past
    /// the check the variable is empty or one of the words: an empty value names no host, and
    /// is kept as an alternative of the value (a path built of it still has it).
    fn equals_or_empty(&self, node: Node<'_>, op: &str) -> Option<(String, Vec<String>)> {
        if node.kind() == "unary_expression" {
            let test = if op == "==" { "-z" } else { "-n" };
            let mut kids = node.children();
            let (Some(o), Some(v), None) = (kids.next(), kids.next(), kids.next()) else {
                return None;
            };
            return (self.text(o) == test)
                .then(|| self.plain_subject(v))
                .flatten()
                .map(|name| (name, vec![String::new()]));
        }
        self.equals_words(node, op)
    }

    /// The variable a word is, whole: `$v`, `"$v"`, `${v}`.
    fn plain_subject(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "simple_expansion" | "expansion" => self.plain_expansion(node).map(str::to_owned),
            "string" => {
                let mut kids = node.named_children();
                match (kids.next(), kids.next()) {
                    (Some(k), None) if self.text(node).len() == self.text(k).len() + 2 => {
                        self.plain_subject(k)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The variable `name` holds one of `words` (and nothing of where its value came from)
    /// until [`Shell::release`] (unless the script assigns it again before).
    /// A zone among the words (`*.internal`) stands for any host of it: the variable is then a
    /// host among `words` ([`crate::host_check::host_at`]), which keeps the data of its source.
    pub(super) fn narrow_to_words(&mut self, name: String, words: &[String]) {
        let before = self.vars.get(&name).cloned();
        let after = match words.iter().any(|w| zone_glob(w).is_some()) {
            true => {
                // `*@*.internal` (an ssh destination with any user) lets through the hosts of
                // the zone: the user names no host.
                let mut hosts: Vec<String> = Vec::new();
                for w in words {
                    let host = match w.strip_prefix("*@") {
                        Some(h) if zone_glob(w).is_some() => h,
                        _ => w.as_str(),
                    };
                    if !hosts.iter().any(|h| h == host) {
                        hosts.push(host.to_owned());
                    }
                }
                crate::host_check::host_at(&hosts, before.as_ref().unwrap_or(&Val::unknown()))
            }
            false => union_of(words.iter().map(|w| Val::lit(w.as_str()))),
        };
        if before.as_ref() == Some(&after) {
            return;
        }
        self.vars.insert(name.clone(), after.clone());
        self.confined.push((name, before, after));
    }
}

/// The zone a bare host glob names: `*.` before a plain dotted name of a zone only the
/// network's own DNS answers (`*.internal`, `*.lab.internal`, `*.home.arpa`) or of this
/// machine (`*.localhost`), each label letters, digits, `-` or `_`. A file's extension
/// (`*.bak`, `*.tar.gz`) is no host: the variable keeps what it held. `*internal` (which also
/// matches `evilinternal`), `*.internal*`, `*.*` and `x.*.internal` name none.
pub(crate) fn zone_glob(pattern: &str) -> Option<&str> {
    // An ssh destination of any user at a host of the zone (`*@*.internal`).
    let pattern = pattern.strip_prefix("*@").unwrap_or(pattern);
    let name = pattern.strip_prefix("*.")?;
    let zone = name.eq_ignore_ascii_case("localhost")
        || terraphim_shell_vocab::hosts::is_private_zone_name(&format!("x.{name}"));
    (zone
        && name.split('.').all(|label| {
            !label.is_empty()
                && label
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        }))
    .then_some(name)
}
