//! Python statements: blocks, loops, functions, `with`, imports, and assignment targets.

use super::{Py, UNROLL_DEPTH, UNROLL_ITEMS, line, named};
use crate::engine::{Handle, Val};
use crate::model::{Category, Verdict};
use crate::ts::Node;

impl Py<'_, '_, '_> {
    pub(super) fn bind_target(&mut self, target: Node<'_>, val: Val) {
        if val.taint != crate::engine::Taint::default()
            && let Some(client) = self.client_config_target(target)
        {
            self.client_holds(client, &val.taint);
        }
        match target.kind() {
            "identifier" => {
                let name = self.text(target).to_owned();
                self.bind(&name, val);
            }
            "pattern_list" | "tuple_pattern" | "list_pattern" | "tuple" | "list"
            | "as_pattern_target" => {
                let targets: Vec<Node<'_>> = named(target).collect();
                let items = val.items.as_ref().filter(|i| i.len() == targets.len());
                for (i, c) in targets.into_iter().enumerate() {
                    let v = match items {
                        // `a, b = "x", "y"`: each name gets its element.
                        Some(items) => items[i].clone(),
                        None => Val {
                            taint: val.taint.clone(),
                            ..Val::default()
                        },
                    };
                    self.bind_target(c, v);
                }
            }
            "subscript" => {
                let key = target
                    .field("subscript")
                    .map(|k| self.eval(k).text_or_unknown())
                    .unwrap_or_default();
                let obj = target
                    .field("value")
                    .map(|v| self.text(v).to_owned())
                    .unwrap_or_default();
                if obj.ends_with("environ") && matches!(key.as_str(), "LD_PRELOAD" | "LD_AUDIT") {
                    self.sink.add(
                        line(target),
                        Category::Escape,
                        Verdict::Dangerous,
                        format!("sets {key}, injecting a library into every program started"),
                    );
                }
                // `cfg["a"]["b"] = v`, `cfg.setdefault("a", {})["b"] = v`: the object at the
                // root holds it.
                let mut root = target;
                while let Some(v) = root
                    .field("value")
                    .or_else(|| root.field("object"))
                    .or_else(|| root.field("function"))
                {
                    root = v;
                }
                if root.kind() == "identifier" {
                    let name = self.text(root);
                    self.scope.store_into(name, self.text(target), &val, &[]);
                }
            }
            "attribute" => {
                if target
                    .field("object")
                    .is_some_and(|o| matches!(o.kind(), "identifier" | "attribute"))
                {
                    let key = self.text(target).to_owned();
                    let joined = match self.fields.get(&key) {
                        Some(old) if *old != val => old.union(&val),
                        _ => val.clone(),
                    };
                    self.fields.insert(key, joined);
                }
                if let Some(obj) = target.field("object").filter(|o| o.kind() == "identifier")
                    && let Some(Val {
                        handle: Some(Handle::Module(m)),
                        ..
                    }) = self.lookup(self.text(obj))
                    && let Some(name) = super::env_token_name(&val.taint)
                    && crate::places::vendor_client(name, &m)
                {
                    // `openai.api_key = os.environ["OPENAI_API_KEY"]`: handed to its own client.
                    self.sink.env_token_used.insert(name.to_owned());
                }
                let attr = target.field("attribute").map(|a| self.text(a));
                if attr == Some("extraction_filter")
                    && let Some(obj) = target.field("object")
                {
                    let obj = self.text(obj).to_owned();
                    self.filtered.insert(obj);
                }
            }
            _ => {}
        }
    }

    pub(super) fn block(&mut self, node: Node<'_>) {
        for c in named(node) {
            self.stmt(c);
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) {
        match node.kind() {
            "expression_statement" => {
                for c in named(node) {
                    self.eval(c);
                }
            }
            "import_statement" | "import_from_statement" | "future_import_statement" => {
                self.import(node)
            }
            "function_definition" => {
                let name = node
                    .field("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                // `def prune(entries=CACHES["state"])`: a parameter holds its default (read
                // where the function is defined) besides what the calls pass.
                if let Some(ps) = node.field("parameters") {
                    for p in named(ps) {
                        if !matches!(p.kind(), "default_parameter" | "typed_default_parameter") {
                            continue;
                        }
                        if let (Some(n), Some(v)) = (p.field("name"), p.field("value")) {
                            let param = self.text(n).to_owned();
                            let val = self.eval(v);
                            self.scope.add_param_value(&name, &param, val);
                        }
                    }
                }
                self.scope.enter(name);
                if let Some(body) = node.field("body") {
                    self.block(body);
                }
                self.scope.leave();
            }
            "return_statement" => {
                let mut v = Val::unknown();
                for c in named(node) {
                    v = self.eval(c);
                }
                self.scope.add_return(v);
            }
            "with_statement" => {
                for c in named(node) {
                    if c.kind() == "with_clause" {
                        for item in named(c) {
                            let Some(value) = item.field("value") else {
                                continue;
                            };
                            if value.kind() == "as_pattern" {
                                let expr = value.named_child(0);
                                let alias = value.field("alias");
                                let v = expr.map(|e| self.eval(e)).unwrap_or_default();
                                if let Some(a) = alias {
                                    let target = a.named_child(0).unwrap_or(a);
                                    self.bind_target(target, v);
                                }
                            } else {
                                self.eval(value);
                            }
                        }
                    } else {
                        self.stmt(c);
                    }
                }
            }
            "for_statement" => {
                let iter = node
                    .field("right")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                if let (Some(items), Some(left), Some(body)) =
                    (&iter.items, node.field("left"), node.field("body"))
                    && (1..=UNROLL_ITEMS).contains(&items.len())
                    && self.unroll < UNROLL_DEPTH
                    && items.iter().any(|i| {
                        i.text.is_some()
                            || i.items.is_some()
                            || matches!(i.handle, Some(Handle::Path(_)))
                    })
                {
                    // `for name in (".netrc", ".aws/credentials")`: the body runs with each
                    // element, so paths and hosts built from it stay known.
                    self.unroll += 1;
                    for item in items.clone() {
                        self.bind_target(left, item);
                        self.stmt(body);
                    }
                    self.unroll -= 1;
                    if let Some(all) = Val::union_all(items) {
                        self.bind_target(left, all);
                    }
                    if let Some(b) = node.field("alternative") {
                        self.stmt(b);
                    }
                    return;
                }
                let elem = match &iter.items {
                    Some(items) => Val::any_of(items),
                    None => Val {
                        text: iter.text.clone(),
                        taint: iter.taint.clone(),
                        alts: iter.alts.clone(),
                        handle: iter.handle.clone().filter(|h| matches!(h, Handle::Path(_))),
                        ..Val::default()
                    },
                };
                if let Some(left) = node.field("left") {
                    self.bind_target(left, elem);
                }
                for field in ["body", "alternative"] {
                    if let Some(b) = node.field(field) {
                        self.stmt(b);
                    }
                }
            }
            "block"
            | "module"
            | "if_statement"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "try_statement"
            | "except_clause"
            | "finally_clause"
            | "decorated_definition"
            | "class_definition"
            | "match_statement"
            | "case_clause"
            | "with_clause" => {
                for c in named(node) {
                    match c.kind() {
                        "block"
                        | "elif_clause"
                        | "else_clause"
                        | "except_clause"
                        | "finally_clause"
                        | "function_definition"
                        | "class_definition"
                        | "case_clause" => self.stmt(c),
                        "identifier" if node.kind() == "class_definition" => {}
                        _ if c.kind().ends_with("statement")
                            || c.kind().ends_with("definition") =>
                        {
                            self.stmt(c)
                        }
                        _ => {
                            self.eval(c);
                        }
                    }
                }
            }
            "comment" | "pass_statement" | "break_statement" | "continue_statement"
            | "global_statement" | "nonlocal_statement" => {}
            "ERROR" => {
                self.sink.add(
                    line(node),
                    Category::Unreviewable,
                    Verdict::Suspicious,
                    "part of the script is not valid Python",
                );
                for c in named(node) {
                    self.stmt(c);
                }
            }
            _ => {
                for c in named(node) {
                    if c.kind().ends_with("statement") || c.kind() == "block" {
                        self.stmt(c);
                    } else {
                        self.eval(c);
                    }
                }
            }
        }
    }

    pub(super) fn import(&mut self, node: Node<'_>) {
        let module = node.field("module_name").map(|m| self.text(m).to_owned());
        for n in node.children_by_field_name("name") {
            let (full, alias) = if n.kind() == "aliased_import" {
                let full = n
                    .field("name")
                    .map(|x| self.text(x).to_owned())
                    .unwrap_or_default();
                let alias = n
                    .field("alias")
                    .map(|x| self.text(x).to_owned())
                    .unwrap_or_default();
                (full, alias)
            } else {
                let full = self.text(n).to_owned();
                let alias = match &module {
                    Some(_) => full.clone(),
                    None => full.split('.').next().unwrap_or(&full).to_owned(),
                };
                (full, alias)
            };
            let target = match &module {
                Some(m) => crate::scope::dotted(m, &full),
                None if n.kind() == "aliased_import" => full,
                None => alias.clone(),
            };
            self.bind(&alias, Val::module(target));
        }
        if module.is_some() && self.text(node).trim_end().ends_with('*') {
            // `from os import *`: unknown names may be functions of the module.
        }
    }
}
