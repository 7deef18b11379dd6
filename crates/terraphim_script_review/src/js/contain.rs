//! The script's own predicates of containment: a function whose one `return` asks whether its
//! parameter is a path under a known directory (`p.startsWith(DIR)`, `path.dirname(p) ===
//! DIR`, alone or with more conditions joined by `&&`). `if (!isOurs(dir)) continue;` then
//! confines `dir` as `if (!dir.startsWith(DIR)) continue;` does.

use super::{Js, named};
use crate::places::UNKNOWN;
use crate::ts::Node;

impl Js<'_, '_, '_> {
    /// After walking function `name` (`node`, its `body`), still in its scope: whether it is
    /// a predicate of containment, and of which parameter and directory.
    pub(super) fn note_predicate(&mut self, name: &str, node: Node<'_>, body: Node<'_>) {
        if name.is_empty() {
            return;
        }
        let expr = match body.kind() {
            "statement_block" => {
                let mut returns = Vec::new();
                let mut stack = vec![body];
                while let Some(n) = stack.pop() {
                    match n.kind() {
                        "return_statement" => returns.push(n),
                        "function_declaration"
                        | "function_expression"
                        | "arrow_function"
                        | "function" => continue,
                        _ => {}
                    }
                    stack.extend(named(n));
                }
                let last = named(body).filter(|c| c.kind() != "comment").last();
                match (returns.as_slice(), last) {
                    ([r], Some(l)) if r.byte_range() == l.byte_range() => r.named_child(0),
                    _ => None,
                }
            }
            _ => Some(body),
        };
        let found = expr
            .and_then(|e| self.containment_test(e))
            .and_then(|(subject, dir)| {
                let params = node.field("parameters")?;
                let at = named(params).position(|p| {
                    let id = match p.kind() {
                        "required_parameter" | "optional_parameter" => p.field("pattern"),
                        _ => Some(p),
                    };
                    id.is_some_and(|i| i.kind() == "identifier" && self.text(i) == subject)
                })?;
                Some((at, dir))
            });
        match found {
            Some(f) => {
                self.predicates.insert(name.to_owned(), f);
            }
            None => {
                self.predicates.remove(name);
            }
        }
    }

    /// `isOurs(dir)` of a predicate of containment: the argument it tests and the directory.
    pub(super) fn predicate_guard(&mut self, call: Node<'_>) -> Option<(String, String)> {
        if call.kind() != "call_expression" {
            return None;
        }
        let func = call
            .field("function")
            .filter(|f| f.kind() == "identifier")?;
        let (at, dir) = self.predicates.get(self.text(func)).cloned()?;
        let arg = call.field("arguments").map(named)?.nth(at)?;
        matches!(arg.kind(), "identifier" | "member_expression")
            .then(|| (self.text(arg).to_owned(), dir))
    }

    /// A test true only for a path under a known directory: the tested expression's text and
    /// the directory.
    fn containment_test(&mut self, e: Node<'_>) -> Option<(String, String)> {
        match e.kind() {
            "parenthesized_expression" => self.containment_test(e.named_child(0)?),
            "binary_expression" => {
                let op = e.field("operator").map(|o| self.text(o).to_owned())?;
                let (l, r) = (e.field("left")?, e.field("right")?);
                match op.as_str() {
                    "&&" => self
                        .containment_test(l)
                        .or_else(|| self.containment_test(r)),
                    "===" | "==" => {
                        let (call, other) = if self.dirname_of(l).is_some() {
                            (l, r)
                        } else {
                            (r, l)
                        };
                        let subject = self.dirname_of(call)?;
                        let dir = self.known_dir(other)?;
                        Some((subject, dir))
                    }
                    _ => None,
                }
            }
            "call_expression" => {
                let func = e
                    .field("function")
                    .filter(|f| f.kind() == "member_expression")?;
                if func.field("property").map(|p| self.text(p)) != Some("startsWith") {
                    return None;
                }
                let subject = func.field("object").filter(|o| o.kind() == "identifier")?;
                let mut args = e.field("arguments").map(named)?;
                let (Some(prefix), None) = (args.next(), args.next()) else {
                    return None;
                };
                let dir = self.known_dir(prefix)?;
                Some((self.text(subject).to_owned(), dir))
            }
            _ => None,
        }
    }

    /// `path.dirname(p)`: the identifier `p`.
    fn dirname_of(&self, e: Node<'_>) -> Option<String> {
        if e.kind() != "call_expression" {
            return None;
        }
        let f = e.field("function")?;
        if !self.text(f).ends_with("dirname") || f.kind() != "member_expression" {
            return None;
        }
        let mut args = e.field("arguments").map(named)?;
        match (args.next(), args.next()) {
            (Some(a), None) if a.kind() == "identifier" => Some(self.text(a).to_owned()),
            _ => None,
        }
    }

    /// The known directory an expression names (not `/` nor one known only at run time).
    fn known_dir(&mut self, e: Node<'_>) -> Option<String> {
        let dir = self.eval(e).text?;
        if dir.replace(&format!("{UNKNOWN}/.."), "").contains(UNKNOWN)
            || dir.trim_end_matches('/').is_empty()
        {
            return None;
        }
        Some(dir)
    }
}
