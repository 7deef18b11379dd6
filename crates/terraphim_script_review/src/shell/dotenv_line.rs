//! A line of the project's `.env` picked by the setting it starts with:
//! `[[ "$line" == "$key="* ]]` in a helper called `env_get GITLAB_TOKEN .env`, `case "$line" in
//! MONGO_URL=*) ... ;; esac`. Inside the branch the line is that one setting (`NAME=value`), so
//! its value is what reading the variable `NAME` gives: a token's secret for a credential's
//! name, nothing private for a plain setting (`PORT`), the file's secret otherwise (see
//! [`crate::engine::Taint::narrow_to_dotenv_key`]). The branch ends, the line is the file's
//! again.

use super::Shell;
use super::contain::same;
use crate::places::UNKNOWN;
use crate::ts::Node;

impl Shell<'_, '_, '_> {
    /// Test `node` (`[[ "$line" == "$key="* ]]`, also one side of an `&&`) succeeds only for a
    /// line starting with `NAME=`: the variable and `NAME`.
    pub(super) fn dotenv_line_test(&mut self, node: Node<'_>) -> Option<(String, String)> {
        match node.kind() {
            "test_command" if self.text(node).starts_with("[[") => {
                self.dotenv_line_test(node.named_child(0)?)
            }
            "parenthesized_expression" => self.dotenv_line_test(node.named_child(0)?),
            "binary_expression" | "list" => {
                let op = node
                    .field("operator")
                    .or_else(|| node.children().find(|c| !c.is_named()))
                    .map(|o| self.text(o).to_owned())
                    .unwrap_or_default();
                match op.as_str() {
                    "==" | "=" => {
                        let name = self.plain_expansion_of(node.field("left")?)?;
                        let key = self.setting_prefix(node.field("right")?)?;
                        Some((name, key))
                    }
                    "&&" => {
                        let (l, r) = (node.named_child(0)?, node.named_child(1)?);
                        self.dotenv_line_test(l)
                            .or_else(|| self.dotenv_line_test(r))
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// `case "$line" in NAME=*) ... ;;`: the item's one pattern picks the lines of `NAME`.
    pub(super) fn dotenv_case_item(&mut self, item: Node<'_>) -> Option<(String, String)> {
        let case = item.parent().filter(|p| p.kind() == "case_statement")?;
        let name = self.plain_expansion_of(case.field("value")?)?;
        let mut pats = item.children_by_field_name("value");
        let (Some(p), None) = (pats.next(), pats.next()) else {
            return None;
        };
        let key = self.setting_prefix(p)?;
        Some((name, key))
    }

    /// The variable `name`, a line of the project's `.env`, is the setting `key` until the
    /// branch ends ([`Shell::release`] restores it unless the script assigned it since).
    pub(super) fn narrow_dotenv_line(&mut self, name: String, key: &str) {
        let Some(before) = self.vars.get(&name).cloned() else {
            return;
        };
        let mut after = before.clone();
        after.taint.narrow_to_dotenv_key(key);
        if after.taint == before.taint {
            return;
        }
        self.vars.insert(name.clone(), after.clone());
        self.confined.push((name, Some(before), after));
    }

    /// The name of the variable a word is, whole: `$line`, `"$line"`, `${line}`.
    fn plain_expansion_of(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "simple_expansion" | "expansion" => self.plain_expansion(node).map(str::to_owned),
            "string" => {
                let mut kids = node.named_children();
                match (kids.next(), kids.next()) {
                    (Some(k), None) => self.plain_expansion_of(k),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A pattern `NAME=*` (spelled `"$key="*`, `NAME=*`, `"NAME="*`) with `NAME` known and a
    /// setting's name: `NAME`. A pattern holding code (`$(...)`) or any other glob is none.
    fn setting_prefix(&mut self, node: Node<'_>) -> Option<String> {
        let src = self.text(node);
        if src.contains("$(") || src.contains('`') || !src.ends_with('*') {
            return None;
        }
        let below = |n: Node<'_>| same(n, node) || n.kind() != "command_substitution";
        if !node.descendants().all(below) {
            return None;
        }
        let v = self.word(node);
        let text = v.known()?;
        let key = text.strip_suffix("=*")?;
        (!key.is_empty()
            && !key.contains(UNKNOWN)
            && key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| key.to_owned())
    }
}
