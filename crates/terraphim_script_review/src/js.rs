//! JavaScript and TypeScript: the same def-use pass as for Python, over the ECMAScript tree.

use std::collections::HashMap;

use crate::ts::Node;

use crate::command::run_argv;
use crate::engine::{Handle, Sink, Taint, Val, join_paths};
use crate::model::{Category, Language, Verdict};
use crate::places::UNKNOWN;
use crate::python::EXEC_NAMES;

pub(crate) fn analyze(sink: &mut Sink<'_>, root: Node<'_>, src: &str) {
    let mut js = Js {
        src,
        sink,
        globals: HashMap::new(),
        locals: Vec::new(),
        funcs: HashMap::new(),
        returns: HashMap::new(),
        params: HashMap::new(),
    };
    js.collect_funcs(root);
    // Callbacks see values only after the call that receives them: two rounds when any function
    // (named, arrow or expression) exists.
    if !js.funcs.is_empty() || src.contains("=>") || src.contains("function") {
        // A first round binds function parameters and return values; findings come from the second.
        let recording = js.sink.recording;
        js.sink.recording = false;
        js.stmts(root);
        js.sink.recording = recording;
    }
    js.stmts(root);
}

struct Js<'s, 'k, 'a> {
    src: &'s str,
    sink: &'k mut Sink<'a>,
    globals: HashMap<String, Val>,
    locals: Vec<(String, HashMap<String, Val>)>,
    funcs: HashMap<String, Vec<String>>,
    returns: HashMap<String, Val>,
    params: HashMap<(String, String), Val>,
}

fn line(node: Node<'_>) -> u32 {
    node.line()
}

fn named<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> + 't {
    node.named_children().filter(|n| n.kind() != "comment")
}

const GLOBALS: &[&str] = &[
    "process",
    "Deno",
    "Bun",
    "console",
    "JSON",
    "Buffer",
    "globalThis",
    "global",
    "window",
    "self",
    "Reflect",
    "String",
    "Object",
    "Math",
    "Promise",
    "Array",
    "URL",
    "Function",
];

fn module_name(m: &str) -> String {
    let m = m.strip_prefix("node:").unwrap_or(m);
    match m {
        "fs/promises" => "fs.promises".into(),
        "fs-extra" | "graceful-fs" => "fs".into(),
        "child-process-promise" | "execa" => "child_process".into(),
        "node-fetch" | "cross-fetch" | "undici" => "fetch".into(),
        "got" | "superagent" | "needle" | "ky" => "axios".into(),
        _ => m.to_owned(),
    }
}

impl Js<'_, '_, '_> {
    fn text(&self, node: Node<'_>) -> &str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn params_of(&self, node: Node<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(ps) = node.field("parameters").or_else(|| node.field("parameter")) {
            if ps.kind() == "identifier" {
                out.push(self.text(ps).to_owned());
            }
            for p in named(ps) {
                let id = match p.kind() {
                    "identifier" => Some(p),
                    "required_parameter" | "optional_parameter" => p.field("pattern"),
                    "assignment_pattern" => p.field("left"),
                    _ => None,
                };
                out.push(id.map(|i| self.text(i).to_owned()).unwrap_or_default());
            }
        }
        out
    }

    fn collect_funcs(&mut self, node: Node<'_>) {
        for c in named(node) {
            let k = c.kind();
            // Named functions are declared among statements: skip other expressions.
            if !(k.ends_with("statement")
                || k.ends_with("declaration")
                || k.ends_with("clause")
                || k == "variable_declarator"
                || k == "statement_block"
                || k == "class_body"
                || k == "method_definition"
                || k == "export_statement"
                || k.starts_with("switch"))
            {
                continue;
            }
            match c.kind() {
                "function_declaration" | "generator_function_declaration" | "method_definition" => {
                    let name = c
                        .field("name")
                        .map(|n| self.text(n).to_owned())
                        .unwrap_or_default();
                    let params = self.params_of(c);
                    self.funcs.insert(name, params);
                }
                "variable_declarator" => {
                    if let (Some(n), Some(v)) = (c.field("name"), c.field("value"))
                        && matches!(
                            v.kind(),
                            "arrow_function" | "function_expression" | "function"
                        )
                    {
                        let name = self.text(n).to_owned();
                        let params = self.params_of(v);
                        self.funcs.insert(name, params);
                    }
                }
                _ => {}
            }
            self.collect_funcs(c);
        }
    }

    fn lookup(&self, name: &str) -> Option<Val> {
        if let Some((f, locals)) = self.locals.last() {
            if let Some(v) = locals.get(name) {
                return Some(v.clone());
            }
            if let Some(v) = self.params.get(&(f.clone(), name.to_owned())) {
                return Some(v.clone());
            }
        }
        for (_, scope) in self.locals.iter().rev() {
            if let Some(v) = scope.get(name) {
                return Some(v.clone());
            }
        }
        self.globals.get(name).cloned()
    }

    fn bind(&mut self, name: &str, val: Val) {
        match self.locals.last_mut() {
            Some((_, l)) => {
                l.insert(name.to_owned(), val);
            }
            None => {
                self.globals.insert(name.to_owned(), val);
            }
        }
    }

    fn bind_pattern(&mut self, pat: Node<'_>, val: Val) {
        match pat.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                let name = self.text(pat).to_owned();
                let v = match (&val.handle, pat.kind()) {
                    (Some(Handle::Module(m)), "shorthand_property_identifier_pattern") => {
                        Val::module(format!("{m}.{name}"))
                    }
                    _ if pat.kind() == "shorthand_property_identifier_pattern" => {
                        Val::unknown().with_taint(&val.taint)
                    }
                    _ => val,
                };
                self.bind(&name, v);
            }
            "object_pattern" => {
                for c in named(pat) {
                    match c.kind() {
                        "pair_pattern" => {
                            let key = c
                                .field("key")
                                .map(|k| self.text(k).to_owned())
                                .unwrap_or_default();
                            let v = match &val.handle {
                                Some(Handle::Module(m)) => Val::module(format!("{m}.{key}")),
                                _ => Val::unknown().with_taint(&val.taint),
                            };
                            if let Some(t) = c.field("value") {
                                self.bind_pattern(t, v);
                            }
                        }
                        _ => self.bind_pattern(c, val.clone()),
                    }
                }
            }
            "array_pattern" => {
                for c in named(pat) {
                    self.bind_pattern(c, Val::unknown().with_taint(&val.taint));
                }
            }
            "assignment_pattern" | "object_assignment_pattern" => {
                if let Some(l) = pat.field("left") {
                    self.bind_pattern(l, val);
                }
            }
            _ => {}
        }
    }

    fn stmts(&mut self, node: Node<'_>) {
        for c in named(node) {
            self.stmt(c);
        }
    }

    fn function(&mut self, name: String, node: Node<'_>) {
        self.locals.push((name, HashMap::new()));
        if let Some(body) = node.field("body") {
            if body.kind() == "statement_block" {
                self.stmts(body);
            } else {
                let v = self.eval(body);
                self.add_return(v);
            }
        }
        self.locals.pop();
    }

    fn add_return(&mut self, v: Val) {
        if let Some((f, _)) = self.locals.last() {
            let f = f.clone();
            let joined = match self.returns.get(&f) {
                Some(old) => old.union(&v),
                None => v,
            };
            self.returns.insert(f, joined);
        }
    }

    fn stmt(&mut self, node: Node<'_>) {
        match node.kind() {
            "lexical_declaration" | "variable_declaration" => {
                for d in named(node) {
                    if d.kind() != "variable_declarator" {
                        continue;
                    }
                    let Some(name) = d.field("name") else {
                        continue;
                    };
                    let value = d.field("value");
                    if let Some(v) = value.filter(|v| {
                        matches!(
                            v.kind(),
                            "arrow_function" | "function_expression" | "function"
                        )
                    }) {
                        let n = self.text(name).to_owned();
                        self.function(n, v);
                        continue;
                    }
                    let val = value.map(|v| self.eval(v)).unwrap_or_default();
                    self.bind_pattern(name, val);
                }
            }
            "function_declaration" | "generator_function_declaration" | "method_definition" => {
                let name = node
                    .field("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                self.function(name, node);
            }
            "return_statement" => {
                let v = node
                    .named_child(0)
                    .map(|c| self.eval(c))
                    .unwrap_or_default();
                self.add_return(v);
            }
            "import_statement" => self.import(node),
            "for_in_statement" => {
                let right = node
                    .field("right")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                let elem = match &right.items {
                    Some(items) => items.iter().fold(Val::unknown(), |acc, v| {
                        if acc == Val::unknown() {
                            v.clone()
                        } else {
                            acc.union(v)
                        }
                    }),
                    None => Val::unknown().with_taint(&right.taint),
                };
                if let Some(l) = node.field("left") {
                    self.bind_pattern(l, elem);
                }
                if let Some(b) = node.field("body") {
                    self.stmt(b);
                }
            }
            "expression_statement" => {
                for c in named(node) {
                    self.eval(c);
                }
            }
            "ERROR" => {
                self.sink.add(
                    line(node),
                    Category::Unreviewable,
                    Verdict::Suspicious,
                    "part of the script could not be parsed",
                );
                for c in named(node) {
                    self.stmt(c);
                }
            }
            k if k.ends_with("statement")
                || k.ends_with("declaration")
                || k.ends_with("clause")
                || matches!(
                    k,
                    "program"
                        | "statement_block"
                        | "class_body"
                        | "switch_body"
                        | "switch_case"
                        | "switch_default"
                        | "else_clause"
                ) =>
            {
                for c in named(node) {
                    let ck = c.kind();
                    if ck.ends_with("statement")
                        || ck.ends_with("declaration")
                        || ck.ends_with("clause")
                        || matches!(
                            ck,
                            "statement_block"
                                | "class_body"
                                | "switch_body"
                                | "switch_case"
                                | "switch_default"
                                | "method_definition"
                        )
                    {
                        self.stmt(c);
                    } else {
                        self.eval(c);
                    }
                }
            }
            _ => {
                self.eval(node);
            }
        }
    }

    fn import(&mut self, node: Node<'_>) {
        let source = node
            .field("source")
            .map(|s| self.string(s).text_or_unknown())
            .unwrap_or_default();
        let m = module_name(&source);
        for c in named(node) {
            if c.kind() != "import_clause" {
                continue;
            }
            for part in named(c) {
                match part.kind() {
                    "identifier" => {
                        let n = self.text(part).to_owned();
                        self.bind(&n, Val::module(m.clone()));
                    }
                    "namespace_import" => {
                        if let Some(id) = part.named_child(0) {
                            let n = self.text(id).to_owned();
                            self.bind(&n, Val::module(m.clone()));
                        }
                    }
                    "named_imports" => {
                        for spec in named(part) {
                            let name = spec
                                .field("name")
                                .map(|n| self.text(n).to_owned())
                                .unwrap_or_default();
                            let alias = spec
                                .field("alias")
                                .map(|n| self.text(n).to_owned())
                                .unwrap_or_else(|| name.clone());
                            self.bind(&alias, Val::module(format!("{m}.{name}")));
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    fn string(&mut self, node: Node<'_>) -> Val {
        let raw = self.text(node);
        let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
        let hex = if inner.contains('\\') {
            inner.matches("\\x").count() + inner.matches("\\u").count()
        } else {
            0
        };
        let mut v = Val::lit(unescape(inner));
        if hex >= 8 {
            v.taint.decoded = true;
        }
        v
    }

    fn template(&mut self, node: Node<'_>) -> Val {
        let mut out = Val::lit("");
        let mut pos = node.start_byte() + 1;
        for c in named(node) {
            if c.kind() != "template_substitution" {
                continue;
            }
            out = out.concat(&Val::lit(unescape(
                self.src.get(pos..c.start_byte()).unwrap_or(""),
            )));
            let v = c.named_child(0).map(|e| self.eval(e)).unwrap_or_default();
            let v = if v.text.is_none() && !matches!(v.handle, Some(Handle::Path(_))) {
                Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)
            } else {
                v
            };
            out = out.concat(&Val::lit(v.path_text().unwrap_or_default()).with_taint(&v.taint));
            pos = c.end_byte();
        }
        out.concat(&Val::lit(unescape(
            self.src
                .get(pos..node.end_byte().saturating_sub(1))
                .unwrap_or(""),
        )))
    }

    fn eval(&mut self, node: Node<'_>) -> Val {
        match node.kind() {
            "string" => self.string(node),
            "template_string" => self.template(node),
            "number" | "true" | "false" | "null" | "undefined" => Val::lit(self.text(node)),
            "identifier" | "shorthand_property_identifier" => {
                let name = self.text(node);
                match self.lookup(name) {
                    Some(v) => v,
                    None if name == "__dirname" => Val::lit(self.sink.ctx.cwd.to_string_lossy()),
                    None if GLOBALS.contains(&name)
                        || matches!(
                            name,
                            "require" | "fetch" | "eval" | "atob" | "setTimeout" | "setInterval"
                        ) =>
                    {
                        Val::module(name)
                    }
                    None => Val::unknown(),
                }
            }
            "member_expression" => {
                let obj = node
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let prop = node
                    .field("property")
                    .map(|p| self.text(p).to_owned())
                    .unwrap_or_default();
                self.member(node, obj, &prop)
            }
            "subscript_expression" => {
                let obj = node
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let index_node = node.field("index");
                let index = index_node.map(|i| self.eval(i)).unwrap_or_default();
                match &obj.handle {
                    Some(Handle::Module(m))
                        if matches!(
                            m.as_str(),
                            "globalThis"
                                | "global"
                                | "window"
                                | "self"
                                | "child_process"
                                | "process"
                                | "Function"
                                | "vm"
                        ) =>
                    {
                        let plain = index_node.is_some_and(|n| n.kind() == "string");
                        match index.known() {
                            Some(n) if EXEC_NAMES.contains(&n) => {
                                let sev = if plain && !index.taint.decoded {
                                    Verdict::Suspicious
                                } else {
                                    Verdict::Dangerous
                                };
                                self.sink.add(
                                    line(node),
                                    Category::ObfuscatedExecution,
                                    sev,
                                    format!(
                                        "reaches `{n}` through {}",
                                        if plain {
                                            "an indirect lookup"
                                        } else {
                                            "a name assembled at run time"
                                        }
                                    ),
                                );
                                let base = if m == "child_process" {
                                    "child_process"
                                } else {
                                    ""
                                };
                                Val::module(if base.is_empty() {
                                    n.to_owned()
                                } else {
                                    format!("{base}.{n}")
                                })
                            }
                            Some(_) => self.member(node, obj.clone(), &index.text_or_unknown()),
                            None => {
                                self.sink.add(
                                    line(node),
                                    Category::ObfuscatedExecution,
                                    if index.taint.decoded {
                                        Verdict::Dangerous
                                    } else {
                                        Verdict::Suspicious
                                    },
                                    format!(
                                        "looks up a member of `{m}` by a name computed at run time"
                                    ),
                                );
                                Val::unknown()
                            }
                        }
                    }
                    Some(Handle::Module(m)) if m == "process.env" => match index.known() {
                        Some(k) => {
                            let k = k.to_owned();
                            self.sink.read_env(line(node), &k)
                        }
                        None => Val::unknown().with_taint(&obj.taint),
                    },
                    _ => {
                        let mut v = Val::unknown().with_taint(&obj.taint);
                        if let (Some(items), Some(i)) = (
                            &obj.items,
                            index.known().and_then(|t| t.parse::<usize>().ok()),
                        ) && let Some(item) = items.get(i)
                        {
                            v = item.clone();
                        }
                        v
                    }
                }
            }
            "call_expression" | "new_expression" => self.call(node),
            "binary_expression" => {
                let l = node.field("left").map(|x| self.eval(x)).unwrap_or_default();
                let r = node
                    .field("right")
                    .map(|x| self.eval(x))
                    .unwrap_or_default();
                let op = node
                    .field("operator")
                    .map(|o| self.text(o).to_owned())
                    .unwrap_or_default();
                if op == "+" {
                    l.concat(&r)
                } else {
                    Val::unknown().with_taint(&l.taint).with_taint(&r.taint)
                }
            }
            "assignment_expression" | "augmented_assignment_expression" => {
                let r = node
                    .field("right")
                    .map(|x| self.eval(x))
                    .unwrap_or_default();
                if let Some(l) = node.field("left") {
                    if l.kind() == "identifier" {
                        let name = self.text(l).to_owned();
                        let v = if node.kind() == "augmented_assignment_expression" {
                            self.lookup(&name).unwrap_or_default().concat(&r)
                        } else {
                            r.clone()
                        };
                        self.bind(&name, v);
                    } else if matches!(l.kind(), "member_expression" | "subscript_expression") {
                        let t = self.text(l).to_owned();
                        if t.contains("process.env")
                            && (t.contains("LD_PRELOAD") || t.contains("NODE_OPTIONS"))
                        {
                            self.sink.add(line(node), Category::Escape, Verdict::Dangerous, "sets a variable that injects code into every process started (LD_PRELOAD / NODE_OPTIONS)");
                        }
                        let mut root = l;
                        while let Some(o) = root.field("object") {
                            root = o;
                        }
                        if root.kind() == "identifier" {
                            let name = self.text(root).to_owned();
                            let mut old = self.lookup(&name).unwrap_or_default();
                            if old.handle.is_none() {
                                old.taint.join(&r.taint);
                                // Keep what is stored in the object, so a later write of it shows it.
                                let fragment = format!("\n{t} = {}", r.text_or_unknown());
                                old.text =
                                    Some(format!("{}{fragment}", old.text.unwrap_or_default()));
                                self.bind(&name, old);
                            }
                        }
                    } else {
                        self.bind_pattern(l, r.clone());
                    }
                }
                r
            }
            "await_expression"
            | "parenthesized_expression"
            | "as_expression"
            | "non_null_expression"
            | "satisfies_expression"
            | "type_assertion"
            | "spread_element" => named(node)
                .into_iter()
                .find(|c| !c.kind().contains("type"))
                .map(|c| self.eval(c))
                .unwrap_or_default(),
            "array" => {
                let items: Vec<Val> = named(node)
                    .map(|c| {
                        if c.kind() == "spread_element" {
                            Val::lit(UNKNOWN.to_string()).with_taint(&self.eval(c).taint)
                        } else {
                            self.eval(c)
                        }
                    })
                    .collect();
                let mut v = Val::unknown();
                for i in &items {
                    v.taint.join(&i.taint);
                }
                v.items = Some(items);
                v
            }
            "sequence_expression" => {
                // `(0, eval)`: every part runs, the last is the value.
                let mut last = Val::unknown();
                for c in named(node) {
                    last = self.eval(c);
                }
                last
            }
            "ternary_expression" => {
                let vals: Vec<Val> = named(node).skip(1).map(|c| self.eval(c)).collect();
                vals.into_iter()
                    .reduce(|a, b| a.union(&b))
                    .unwrap_or_default()
            }
            "arrow_function" | "function_expression" | "function" => {
                let name = format!("<anon@{}>", node.start_byte());
                self.function(name, node);
                Val::unknown()
            }
            "object" => {
                // The text keeps the members' strings (`{postinstall: 'curl … | sh'}`), so a
                // manifest written from the object shows what runs.
                let mut v = Val::unknown();
                let mut text = String::new();
                for c in named(node) {
                    let (key, x) = match c.kind() {
                        "pair" => (
                            c.field("key")
                                .map(|k| self.text(k).to_owned())
                                .unwrap_or_default(),
                            c.field("value").map(|x| self.eval(x)).unwrap_or_default(),
                        ),
                        _ => (String::new(), self.eval(c)),
                    };
                    v.taint.join(&x.taint);
                    if let Some(t) = &x.text {
                        text.push_str(&format!("\n{key}: {t}"));
                    }
                }
                if !text.is_empty() {
                    v.text = Some(text);
                }
                v
            }
            _ => {
                let mut v = Val::unknown();
                for c in named(node) {
                    if c.kind().ends_with("statement") || c.kind() == "statement_block" {
                        self.stmt(c);
                    } else {
                        let x = self.eval(c);
                        v.taint.join(&x.taint);
                    }
                }
                v
            }
        }
    }

    fn member(&mut self, node: Node<'_>, obj: Val, prop: &str) -> Val {
        match &obj.handle {
            Some(Handle::Module(m)) => {
                let full = format!("{m}.{prop}");
                match full.as_str() {
                    "process.env" => {
                        let mut v = Val::module("process.env");
                        v.taint.env = true;
                        v
                    }
                    _ if m == "process.env" => self.sink.read_env(line(node), prop),
                    "process.execPath" => Val::lit("node"),
                    _ => Val::module(full),
                }
            }
            _ => {
                let mut v = Val::unknown().with_taint(&obj.taint);
                if prop == "length" {
                    v.taint = Taint::default();
                }
                v
            }
        }
    }

    /// The value of a named property of an object literal argument.
    fn prop<'t>(&mut self, obj: Option<Node<'t>>, key: &str) -> Option<(Val, Node<'t>)> {
        let obj = obj.filter(|o| o.kind() == "object")?;
        for c in named(obj) {
            match c.kind() {
                "pair" => {
                    let k = c.field("key").map(|k| {
                        self.text(k)
                            .trim_matches(|ch| ch == '"' || ch == '\'')
                            .to_owned()
                    });
                    if k.as_deref() == Some(key) {
                        let v = c.field("value")?;
                        return Some((self.eval(v), v));
                    }
                }
                "shorthand_property_identifier" if self.text(c) == key => {
                    return Some((self.eval(c), c));
                }
                _ => {}
            }
        }
        None
    }

    fn call(&mut self, node: Node<'_>) -> Val {
        let ln = line(node);
        let func = node.field("function").or_else(|| node.field("constructor"));
        let arg_nodes: Vec<Node<'_>> = node
            .field("arguments")
            .map(|a| named(a).collect())
            .unwrap_or_default();
        if node
            .field("arguments")
            .is_some_and(|a| a.kind() == "template_string")
        {
            // A tagged template: zx / Bun shell `$\`cmd\``.
            let tpl = node
                .field("arguments")
                .map(|a| self.template(a))
                .unwrap_or_default();
            if func.is_some_and(|f| self.text(f) == "$" || self.text(f).ends_with(".$")) {
                self.sink
                    .exec_code(ln, Language::Shell, &tpl, "a shell template");
            }
            return Val::unknown();
        }
        let args: Vec<Val> = arg_nodes.iter().map(|a| self.eval(*a)).collect();
        let mut all = Taint::default();
        for a in &args {
            all.join(&a.taint);
        }
        let Some(func) = func else {
            return Val::unknown();
        };
        let (qual, recv) = match func.kind() {
            "identifier" => {
                let name = self.text(func).to_owned();
                match self.lookup(&name) {
                    Some(Val {
                        handle: Some(Handle::Module(m)),
                        ..
                    }) => (m, None),
                    _ if self.funcs.contains_key(&name) => return self.user_call(&name, &args),
                    None if GLOBALS.contains(&name.as_str())
                        || matches!(
                            name.as_str(),
                            "require" | "fetch" | "eval" | "atob" | "setTimeout" | "setInterval"
                        ) =>
                    {
                        (name, None)
                    }
                    _ => (name, None),
                }
            }
            "member_expression" => {
                let obj = func
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let prop = func
                    .field("property")
                    .map(|p| self.text(p).to_owned())
                    .unwrap_or_default();
                match &obj.handle {
                    Some(Handle::Module(m)) => (format!("{m}.{prop}"), None),
                    _ => (format!("?.{prop}"), Some(obj)),
                }
            }
            _ => match self.eval(func).handle {
                Some(Handle::Module(m)) => (m, None),
                _ => ("?".to_owned(), None),
            },
        };
        // `globalThis.eval(...)`, `window.Function(...)`: the same functions.
        let q = ["globalThis.", "window.", "global.", "self."]
            .iter()
            .find_map(|p| qual.strip_prefix(p))
            .unwrap_or(qual.as_str());
        let first = args.first().cloned().unwrap_or_default();
        let second = args.get(1).cloned().unwrap_or_default();
        if let Some(recv) = recv {
            if all != Taint::default()
                && recv.handle.is_none()
                && let Some(obj) = func.field("object").filter(|o| o.kind() == "identifier")
            {
                // `lines.push(secret)`: the object now holds it.
                let name = self.text(obj).to_owned();
                let mut v = recv.clone();
                v.taint.join(&all);
                self.bind(&name, v);
            }
            return self.method(node, &q[2..], recv, &args, &arg_nodes, &all);
        }
        let tail = q.rsplit('.').next().unwrap_or(q);
        let module = q.rsplit_once('.').map(|(m, _)| m).unwrap_or("");
        match (module, tail) {
            ("", "require") => {
                let plain = arg_nodes.first().is_some_and(|n| n.kind() == "string");
                match first.known() {
                    Some(m) => {
                        let m = module_name(m);
                        if (!plain || first.taint.decoded)
                            && matches!(
                                m.as_str(),
                                "child_process"
                                    | "fs"
                                    | "net"
                                    | "vm"
                                    | "http"
                                    | "https"
                                    | "os"
                                    | "dgram"
                            )
                        {
                            self.sink.add(
                                ln,
                                Category::ObfuscatedExecution,
                                Verdict::Dangerous,
                                format!("loads `{m}` by a name assembled at run time"),
                            );
                        }
                        Val::module(m)
                    }
                    None => {
                        self.sink.add(
                            ln,
                            Category::ObfuscatedExecution,
                            if first.taint.decoded {
                                Verdict::Dangerous
                            } else {
                                Verdict::Suspicious
                            },
                            "loads a module whose name is computed at run time",
                        );
                        Val::unknown()
                    }
                }
            }
            (
                "console",
                "log" | "info" | "warn" | "error" | "debug" | "dir" | "table" | "trace",
            )
            | ("process.stdout" | "process.stderr", "write") => {
                self.sink.output(ln, &Val::unknown().with_taint(&all));
                Val::unknown()
            }
            ("os", "homedir") => Val::lit("~"),
            ("os", "tmpdir") => Val::lit("/tmp"),
            ("process", "cwd") | ("Deno", "cwd") => Val::lit(self.sink.ctx.cwd.to_string_lossy()),
            ("os", "hostname" | "userInfo" | "networkInterfaces" | "release")
            | ("Deno", "hostname") => {
                if tail != "release" {
                    crate::caps::identity(self.sink, ln, q);
                }
                Val::unknown().with_taint(&Taint {
                    host: true,
                    ..Taint::default()
                })
            }
            ("path" | "path.posix", "join" | "resolve" | "normalize") => {
                let parts: Vec<String> = args
                    .iter()
                    .map(|a| a.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
                    .collect();
                Val::lit(join_paths(&parts)).with_taint(&all)
            }
            ("path", "dirname") => Val::lit(
                first
                    .text_or_unknown()
                    .rsplit_once('/')
                    .map(|(d, _)| d.to_owned())
                    .unwrap_or_else(|| ".".into()),
            ),
            ("Deno.env", "get") => match first.known() {
                Some(k) => {
                    let k = k.to_owned();
                    self.sink.read_env(ln, &k)
                }
                None => Val::unknown(),
            },
            ("Deno.env", "toObject") => Val::unknown().with_taint(&Taint {
                env: true,
                ..Taint::default()
            }),
            ("JSON", "stringify")
            | ("Object", "entries" | "keys" | "values" | "assign")
            | ("Buffer", "concat") => {
                let mut v = Val::unknown().with_taint(&all);
                v.text = first
                    .text
                    .clone()
                    .filter(|_| args.len() <= 3 && q == "JSON.stringify");
                if q == "Object.assign" {
                    // The merged object holds the strings of every part.
                    let parts: Vec<&str> = args.iter().filter_map(|a| a.text.as_deref()).collect();
                    if !parts.is_empty() {
                        v.text = Some(parts.join("\n"));
                    }
                }
                v
            }
            (
                "fs" | "fs.promises" | "Deno",
                "readFileSync" | "readFile" | "readTextFile" | "readTextFileSync" | "readFileStr"
                | "readJsonSync" | "readJson" | "createReadStream",
            ) => {
                let t = self.sink.read_val(ln, &first);
                Val::unknown().with_taint(&t)
            }
            (
                "fs" | "fs.promises" | "Deno",
                "mkdtempSync" | "mkdtemp" | "makeTempDirSync" | "makeTempDir",
            ) => Val::lit(format!("{}{UNKNOWN}", first.known().unwrap_or("/tmp/"))),
            ("Bun", "file") => Val {
                handle: Some(Handle::Path(
                    first.path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                )),
                ..Val::default()
            },
            (
                "fs" | "fs.promises" | "Deno" | "Bun",
                "writeFileSync" | "writeFile" | "appendFileSync" | "appendFile" | "writeTextFile"
                | "writeTextFileSync" | "outputFileSync" | "outputFile" | "writeJsonSync"
                | "writeJson" | "write",
            ) => {
                let append = tail.starts_with("append")
                    || self.prop(arg_nodes.get(2).copied(), "append").is_some()
                    || self
                        .prop(arg_nodes.get(2).copied(), "flag")
                        .is_some_and(|(v, _)| v.known() == Some("a"));
                self.sink.write(ln, &first, &second, append);
                Val::unknown()
            }
            ("fs", "createWriteStream") => {
                let append = self
                    .prop(arg_nodes.get(1).copied(), "flags")
                    .is_some_and(|(v, _)| v.known().is_some_and(|f| f.contains('a')));
                Val {
                    handle: Some(Handle::File {
                        path: first.path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                        write: true,
                        append,
                    }),
                    ..Val::default()
                }
            }
            (
                "fs" | "fs.promises" | "Deno",
                "rmSync" | "rm" | "rmdirSync" | "rmdir" | "unlinkSync" | "unlink" | "remove"
                | "removeSync" | "emptyDirSync",
            )
            | ("", "rimraf" | "rimrafSync")
            | ("rimraf", _) => {
                let recursive = tail.starts_with("rm")
                    && arg_nodes
                        .get(1)
                        .is_some_and(|o| self.text(*o).contains("recursive"))
                    || tail.starts_with("remove")
                    || tail.starts_with("rimraf")
                    || module == "rimraf"
                    || tail == "emptyDirSync";
                self.sink.delete(ln, &first, recursive);
                Val::unknown()
            }
            (
                "fs" | "fs.promises" | "Deno",
                "copyFileSync" | "copyFile" | "cpSync" | "cp" | "renameSync" | "rename"
                | "copySync" | "copy" | "moveSync" | "move" | "symlinkSync" | "linkSync",
            ) => {
                let mut content = Val::unknown();
                if let Some(s) = first.path_text() {
                    let t = self.sink.read_path(ln, &s);
                    content.taint.join(&t);
                    if self.sink.is_remote_file(&s) {
                        content.taint.remote = true;
                    }
                }
                self.sink.write(ln, &second, &content, false);
                Val::unknown()
            }
            ("fs" | "fs.promises" | "Deno", "chmodSync" | "chmod") => {
                let mode = arg_nodes
                    .get(1)
                    .map(|n| self.text(*n).to_owned())
                    .unwrap_or_default();
                if mode.starts_with("0o4")
                    || mode.starts_with("0o6")
                    || mode.starts_with("0o2")
                    || mode.starts_with("'4")
                    || mode.starts_with("\"4")
                {
                    self.sink.add(
                        ln,
                        Category::Escape,
                        Verdict::Dangerous,
                        "sets the setuid or setgid bit (privilege escalation)",
                    );
                }
                Val::unknown()
            }
            ("Buffer", "from") => {
                let enc = second.known().unwrap_or("").to_ascii_lowercase();
                let mut v = Val::unknown().with_taint(&first.taint);
                v.text.clone_from(&first.text);
                if matches!(enc.as_str(), "base64" | "hex" | "base64url") {
                    v.taint.decoded = true;
                    v.text = None;
                }
                v
            }
            ("", "atob")
            | ("String", "fromCharCode" | "fromCodePoint")
            | (
                "zlib",
                "inflateSync"
                | "gunzipSync"
                | "inflateRawSync"
                | "brotliDecompressSync"
                | "unzipSync"
                | "inflate"
                | "gunzip",
            ) => {
                let mut v = Val::unknown().with_taint(&all);
                v.taint.decoded = true;
                v
            }
            ("", "eval" | "Function")
            | (
                "vm",
                "runInThisContext" | "runInNewContext" | "runInContext" | "Script"
                | "compileFunction",
            )
            | ("", "setTimeout" | "setInterval") => {
                let code = if q == "Function" {
                    args.last().cloned().unwrap_or_default()
                } else {
                    first.clone()
                };
                if matches!(q, "setTimeout" | "setInterval")
                    && !arg_nodes.first().is_some_and(|n| {
                        matches!(
                            n.kind(),
                            "string" | "template_string" | "binary_expression" | "identifier"
                        )
                    })
                {
                    return Val::unknown();
                }
                if matches!(q, "setTimeout" | "setInterval")
                    && code.text.is_none()
                    && !code.taint.decoded
                    && !code.taint.remote
                {
                    return Val::unknown();
                }
                let code = if code.text.is_some() || code.taint.decoded || code.taint.remote {
                    code
                } else {
                    Val::lit(UNKNOWN.to_string()).with_taint(&code.taint)
                };
                self.sink
                    .exec_code(ln, Language::JavaScript, &code, &format!("`{q}`"));
                Val::unknown()
            }
            ("child_process", "exec" | "execSync") => {
                let cmd = if first.text.is_some() || first.taint.decoded || first.taint.remote {
                    first
                } else {
                    Val::lit(UNKNOWN.to_string()).with_taint(&first.taint)
                };
                self.sink
                    .exec_code(ln, Language::Shell, &cmd, &format!("`{tail}`"));
                Val::unknown()
            }
            ("child_process", "spawn" | "spawnSync" | "execFile" | "execFileSync")
            | ("", "execa" | "execaSync") => {
                let opts = arg_nodes
                    .get(2)
                    .copied()
                    .or_else(|| arg_nodes.get(1).copied().filter(|n| n.kind() == "object"));
                self.spawn(ln, first, second.items.clone(), opts)
            }
            ("child_process", "fork") => {
                if let Some(p) = first.known() {
                    let p = p.to_owned();
                    self.sink.runs_file(ln, &p);
                }
                Val::unknown()
            }
            ("Bun", "spawn" | "spawnSync") => {
                let items = first.items.clone().unwrap_or_default();
                run_argv(self.sink, ln, &items, None)
            }
            ("Deno", "Command") => {
                let a = self
                    .prop(arg_nodes.get(1).copied(), "args")
                    .map(|(v, _)| v.items.unwrap_or_default())
                    .unwrap_or_default();
                let mut argv = vec![first];
                argv.extend(a);
                run_argv(self.sink, ln, &argv, None)
            }
            ("Deno", "run") => {
                let argv = self
                    .prop(arg_nodes.first().copied(), "cmd")
                    .and_then(|(v, _)| v.items)
                    .unwrap_or_default();
                run_argv(self.sink, ln, &argv, None)
            }
            ("", "fetch") | ("fetch", "default") => {
                let opts = arg_nodes.get(1).copied();
                let method = self
                    .prop(opts, "method")
                    .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
                    .unwrap_or_default();
                let mut payload = Val::unknown().with_taint(&first.taint);
                let mut has_body = false;
                if let Some((v, _)) = self.prop(opts, "body") {
                    payload.taint.join(&v.taint);
                    has_body = true;
                }
                let credentials = self
                    .prop(opts, "headers")
                    .map(|(v, _)| v.taint)
                    .unwrap_or_default();
                if opts.is_some_and(|o| o.kind() != "object") {
                    payload.taint.join(&second.taint);
                }
                let sends = has_body || matches!(method.as_str(), "POST" | "PUT" | "PATCH");
                let u = first.text.clone();
                self.sink
                    .network_with_credentials(ln, u.as_deref(), &payload, &credentials, sends);
                Val::unknown().with_taint(&Taint {
                    remote: true,
                    ..Taint::default()
                })
            }
            ("axios", m) | ("", m @ "axios") => {
                let (url, payload_val, sends) = if m == "axios" || m == "request" {
                    let url = self
                        .prop(arg_nodes.first().copied(), "url")
                        .map(|(v, _)| v)
                        .unwrap_or(first.clone());
                    let data = self
                        .prop(arg_nodes.first().copied(), "data")
                        .map(|(v, _)| v);
                    let method = self
                        .prop(arg_nodes.first().copied(), "method")
                        .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
                        .unwrap_or_default();
                    let payload = Val::unknown()
                        .with_taint(&url.taint)
                        .with_taint(&data.as_ref().map(|d| d.taint.clone()).unwrap_or_default());
                    (
                        url,
                        payload,
                        data.is_some() || matches!(method.as_str(), "POST" | "PUT" | "PATCH"),
                    )
                } else {
                    // `axios.get(url, config)`, `axios.post(url, data, config)`: the config's
                    // headers are credentials, the rest is payload.
                    let with_body = matches!(m, "post" | "put" | "patch");
                    let config = if with_body { 2 } else { 1 };
                    let mut payload = Val::unknown().with_taint(&first.taint);
                    for (i, a) in args.iter().enumerate().skip(1) {
                        if i != config {
                            payload.taint.join(&a.taint);
                        }
                    }
                    (first.clone(), payload, with_body)
                };
                let config_at = match m {
                    "axios" | "request" => 0,
                    "post" | "put" | "patch" => 2,
                    _ => 1,
                };
                let config = arg_nodes
                    .get(config_at)
                    .copied()
                    .filter(|n| n.kind() == "object");
                let credentials = self
                    .prop(config, "headers")
                    .map(|(v, _)| v.taint)
                    .unwrap_or_default();
                let mut payload_val = payload_val;
                if let Some(c) = config {
                    // What the config holds besides its headers is payload (`data`, `params`).
                    for key in ["data", "params", "body"] {
                        if let Some((v, _)) = self.prop(Some(c), key) {
                            payload_val.taint.join(&v.taint);
                        }
                    }
                }
                let u = url.text.clone();
                self.sink.network_with_credentials(
                    ln,
                    u.as_deref(),
                    &payload_val,
                    &credentials,
                    sends,
                );
                Val::unknown().with_taint(&Taint {
                    remote: true,
                    ..Taint::default()
                })
            }
            ("http" | "https", "request" | "get") => {
                let url = match first.known() {
                    Some(u) => Some(u.to_owned()),
                    None => {
                        let h = self.prop(arg_nodes.first().copied(), "hostname");
                        let h = if h.is_some() {
                            h
                        } else {
                            self.prop(arg_nodes.first().copied(), "host")
                        };
                        h.and_then(|(v, _)| v.known().map(str::to_owned))
                    }
                };
                // The options object: its headers are credentials, the rest payload.
                let opts = arg_nodes.iter().copied().find(|n| n.kind() == "object");
                let method = self
                    .prop(opts, "method")
                    .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
                    .unwrap_or_default();
                let credentials = self
                    .prop(opts, "headers")
                    .map(|(v, _)| v.taint)
                    .unwrap_or_default();
                let mut payload = Val::unknown();
                for (a, n) in args.iter().zip(&arg_nodes) {
                    if Some(*n) == opts {
                        for key in ["path", "host", "hostname", "auth"] {
                            if let Some((v, _)) = self.prop(opts, key) {
                                payload.taint.join(&v.taint);
                            }
                        }
                    } else {
                        payload.taint.join(&a.taint);
                    }
                }
                self.sink.network_with_credentials(
                    ln,
                    url.as_deref(),
                    &payload,
                    &credentials,
                    matches!(method.as_str(), "POST" | "PUT" | "PATCH"),
                );
                Val {
                    handle: Some(Handle::Conn { url }),
                    ..Val::default()
                }
                .with_taint(&Taint {
                    remote: true,
                    ..Taint::default()
                })
            }
            ("net" | "tls", "connect" | "createConnection") | ("net", "Socket") => {
                let host = args
                    .iter()
                    .find_map(|a| {
                        a.known()
                            .filter(|t| t.parse::<u32>().is_err())
                            .map(str::to_owned)
                    })
                    .or_else(|| {
                        self.prop(arg_nodes.first().copied(), "host")
                            .and_then(|(v, _)| v.known().map(str::to_owned))
                    });
                if tail != "Socket" {
                    self.connect(ln, host.as_deref());
                }
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            ("dgram", "createSocket") => Val {
                handle: Some(Handle::Conn { url: None }),
                ..Val::default()
            },
            ("dns" | "dns.promises", _) => {
                self.sink.dns(ln, &first);
                Val::unknown()
            }
            ("process", "binding" | "dlopen") => {
                self.sink.add(
                    ln,
                    Category::Escape,
                    Verdict::Suspicious,
                    "loads native code into the process",
                );
                Val::unknown()
            }
            ("Reflect", "get") => {
                let name = second;
                if name.known().is_some_and(|n| EXEC_NAMES.contains(&n)) || name.taint.decoded {
                    let n = name.text_or_unknown();
                    self.sink.add(
                        ln,
                        Category::ObfuscatedExecution,
                        Verdict::Dangerous,
                        format!("reaches `{n}` through Reflect.get"),
                    );
                    return Val::module(n);
                }
                Val::unknown().with_taint(&all)
            }
            _ => {
                if self.funcs.contains_key(tail) && module.is_empty() {
                    return self.user_call(tail, &args);
                }
                if let Some(effect) = crate::caps::lookup(crate::caps::CALL_ROWS, q) {
                    let t = crate::caps::apply(self.sink, ln, q, effect);
                    return Val::unknown().with_taint(&all).with_taint(&t);
                }
                Val::unknown().with_taint(&all)
            }
        }
    }

    fn connect(&mut self, ln: u32, host: Option<&str>) {
        let (class, _) = crate::places::classify_host(host, self.sink.config);
        if !matches!(class, crate::places::HostClass::Local) {
            self.sink.remote_socket = true;
        }
        self.sink.network(ln, host, &Val::unknown(), false);
    }

    fn spawn(
        &mut self,
        ln: u32,
        prog: Val,
        items: Option<Vec<Val>>,
        opts: Option<Node<'_>>,
    ) -> Val {
        let shell = self
            .prop(opts, "shell")
            .is_some_and(|(v, _)| v.known() != Some("false"));
        let detached = self
            .prop(opts, "detached")
            .is_some_and(|(v, _)| v.known() == Some("true"));
        let stdio = self
            .prop(opts, "stdio")
            .map(|(_, n)| self.text(n).to_owned())
            .unwrap_or_default();
        let ignored = stdio.contains("ignore");
        if detached && ignored {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Suspicious,
                "starts a detached, silent background process meant to outlive the run",
            );
        }
        let env = self
            .prop(opts, "env")
            .map(|(_, n)| self.text(n).to_owned())
            .unwrap_or_default();
        if env.contains("LD_PRELOAD") {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "injects a library into the command through LD_PRELOAD",
            );
        }
        if (stdio.contains("socket") || stdio.contains("client")) && self.sink.remote_socket {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "wires a network socket to a process: a reverse shell",
            );
        }
        let mut argv = vec![prog];
        argv.extend(items.unwrap_or_default());
        if shell {
            let mut cmd = Val::lit("");
            for (i, a) in argv.iter().enumerate() {
                if i > 0 {
                    cmd = cmd.concat(&Val::lit(" "));
                }
                cmd = cmd.concat(a);
            }
            self.sink
                .exec_code(ln, Language::Shell, &cmd, "spawn with shell: true");
            return Val::unknown();
        }
        if argv[0].text.is_none() && !argv[0].taint.remote && !argv[0].taint.decoded {
            return Val::unknown();
        }
        run_argv(self.sink, ln, &argv, None)
    }

    fn user_call(&mut self, name: &str, args: &[Val]) -> Val {
        if let Some(params) = self.funcs.get(name).cloned() {
            for (p, a) in params.iter().zip(args) {
                let key = (name.to_owned(), p.clone());
                let joined = match self.params.get(&key) {
                    Some(old) => old.union(a),
                    None => a.clone(),
                };
                self.params.insert(key, joined);
            }
        }
        self.returns.get(name).cloned().unwrap_or_default()
    }

    /// Give the first parameter of each callback argument the value it will receive.
    fn bind_callbacks(&mut self, arg_nodes: &[Node<'_>], data: &Val) {
        for a in arg_nodes {
            if matches!(
                a.kind(),
                "arrow_function" | "function_expression" | "function"
            ) && let Some(p) = self.params_of(*a).into_iter().next_back().filter(|_| true)
            {
                let params = self.params_of(*a);
                let p = params.first().cloned().unwrap_or(p);
                let key = (format!("<anon@{}>", a.start_byte()), p);
                let v = Val {
                    taint: data.taint.clone(),
                    ..Val::default()
                };
                self.params.insert(key, v);
            }
        }
    }

    fn method(
        &mut self,
        node: Node<'_>,
        name: &str,
        recv: Val,
        args: &[Val],
        arg_nodes: &[Node<'_>],
        all: &Taint,
    ) -> Val {
        let ln = line(node);
        let first = args.first().cloned().unwrap_or_default();
        match (&recv.handle, name) {
            (Some(Handle::File { path, append, .. }), "write" | "end") => {
                let (path, append) = (path.clone(), *append);
                self.sink.write(ln, &Val::lit(path), &first, append);
                Val::unknown()
            }
            (Some(Handle::Path(p)), "text" | "json" | "arrayBuffer" | "bytes") => {
                let p = p.clone();
                let t = self.sink.read_path(ln, &p);
                Val::unknown().with_taint(&t)
            }
            (Some(Handle::Conn { url }), "write" | "end" | "send") => {
                let url = url.clone();
                let host = if name == "send" {
                    args.iter()
                        .skip(1)
                        .find_map(|a| {
                            a.known()
                                .filter(|t| t.parse::<u32>().is_err())
                                .map(str::to_owned)
                        })
                        .or(url)
                } else {
                    url
                };
                if !args.is_empty() {
                    self.sink
                        .network(ln, host.as_deref(), &Val::unknown().with_taint(all), true);
                }
                Val::unknown()
            }
            (Some(Handle::Conn { .. }), "connect") => {
                let host = args.iter().find_map(|a| {
                    a.known()
                        .filter(|t| t.parse::<u32>().is_err())
                        .map(str::to_owned)
                });
                self.connect(ln, host.as_deref());
                Val::unknown()
            }
            (_, "pipe")
                if matches!(recv.handle, Some(Handle::Conn { .. }))
                    || arg_nodes
                        .first()
                        .is_some_and(|n| self.text(*n).contains("sh.std")) =>
            {
                if self.sink.remote_socket {
                    self.sink.add(
                        ln,
                        Category::Escape,
                        Verdict::Dangerous,
                        "pipes a network socket into a process: a reverse shell",
                    );
                }
                Val::unknown()
            }
            (
                _,
                "toString" | "trim" | "toLowerCase" | "toUpperCase" | "replace" | "replaceAll"
                | "slice" | "substring" | "concat",
            ) => {
                let mut v = recv.clone().with_taint(all);
                v.handle = None;
                if name == "toString"
                    && args
                        .first()
                        .and_then(Val::known)
                        .is_some_and(|e| matches!(e, "base64" | "hex"))
                {
                    // Encoding to base64 is not decoding.
                }
                if name != "toString" && name != "trim" {
                    v.text = v.text.map(|_| UNKNOWN.to_string());
                }
                v
            }
            (_, "join") => {
                let mut v = Val::unknown().with_taint(&recv.taint).with_taint(all);
                if let (Some(items), Some(sep)) = (&recv.items, first.known().or(Some(","))) {
                    let parts: Vec<String> = items.iter().map(Val::text_or_unknown).collect();
                    v.text = Some(parts.join(sep));
                }
                if recv.taint.decoded {
                    v.taint.decoded = true;
                }
                v
            }
            (_, "reverse") if recv.text.is_some() || recv.items.is_some() => {
                let mut v = recv.clone();
                v.taint.decoded = true;
                v
            }
            (_, "decrypt" | "final" | "update")
                if recv.taint != Taint::default() || name == "decrypt" =>
            {
                let mut v = Val::unknown().with_taint(&recv.taint).with_taint(all);
                v.taint.decoded = true;
                v
            }
            (_, "on" | "once" | "forEach" | "map" | "flatMap" | "reduce") => {
                let mut data = recv.clone();
                if matches!(recv.handle, Some(Handle::Conn { .. })) {
                    data.taint.remote = true;
                }
                self.bind_callbacks(arg_nodes, &data);
                let mut out = Val::unknown().with_taint(&recv.taint);
                // What the callbacks return is what the mapped collection holds
                // (`hex.map(h => String.fromCharCode(parseInt(h, 16)))`).
                for a in arg_nodes {
                    let key = format!("<anon@{}>", a.start_byte());
                    if let Some(r) = self.returns.get(&key) {
                        out.taint.join(&r.taint);
                    }
                }
                out
            }
            (_, "then") => {
                self.bind_callbacks(arg_nodes, &recv);
                // `fetch(u).then(r => r.text()).then(eval)`: the callback sees the value.
                for a in arg_nodes {
                    if a.kind() == "identifier" && self.text(*a) == "eval" {
                        self.sink.exec_code(
                            ln,
                            Language::JavaScript,
                            &recv,
                            "`eval` in a promise chain",
                        );
                    }
                }
                recv.clone().with_taint(all)
            }
            _ => {
                let out = Val::unknown().with_taint(&recv.taint).with_taint(all);
                match crate::caps::lookup(crate::caps::CALL_ROWS, name) {
                    Some(effect) => {
                        let t = crate::caps::apply(self.sink, ln, name, effect);
                        out.with_taint(&t)
                    }
                    None => out,
                }
            }
        }
    }
}

fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('x') => {
                let h: String = chars.by_ref().take(2).collect();
                if let Some(ch) = u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some('u') => {
                let h: String = chars.by_ref().take(4).collect();
                if let Some(ch) = u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(o) => out.push(o),
            None => {}
        }
    }
    out
}
