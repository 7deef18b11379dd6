//! Python scripts: a flow-insensitive def-use pass over the syntax tree, in two rounds so that
//! functions defined after their use and values passed into functions are followed.

use std::collections::HashMap;

use crate::ts::Node;

use crate::command::run_argv;
use crate::engine::{Handle, Sink, Taint, Val, join_paths};
use crate::model::{Category, Language, Verdict};
use crate::places::UNKNOWN;

/// Names whose indirect lookup means hidden execution.
pub(crate) const EXEC_NAMES: &[&str] = &[
    "exec",
    "eval",
    "compile",
    "system",
    "popen",
    "spawn",
    "execv",
    "execve",
    "execvp",
    "Popen",
    "run",
    "call",
    "check_output",
    "__import__",
    "execSync",
    "exec_command",
    "spawnSync",
    "Function",
    "execFile",
    "getoutput",
];

pub(crate) fn analyze(sink: &mut Sink<'_>, root: Node<'_>, src: &str) {
    let mut py = Py {
        src,
        sink,
        globals: HashMap::new(),
        locals: Vec::new(),
        funcs: HashMap::new(),
        returns: HashMap::new(),
        params: HashMap::new(),
        unroll: 0,
        filtered: std::collections::HashSet::new(),
    };
    py.collect_funcs(root);
    if !py.funcs.is_empty() {
        // A first round binds function parameters and return values; findings come from the second.
        let recording = py.sink.recording;
        py.sink.recording = false;
        py.block(root);
        py.sink.recording = recording;
    }
    py.block(root);
}

struct Py<'s, 'k, 'a> {
    src: &'s str,
    sink: &'k mut Sink<'a>,
    globals: HashMap<String, Val>,
    /// Stack of (function name, local variables).
    locals: Vec<(String, HashMap<String, Val>)>,
    funcs: HashMap<String, Vec<String>>,
    returns: HashMap<String, Val>,
    /// Values passed to each function's parameters, by function name and parameter name.
    params: HashMap<String, HashMap<String, Val>>,
    /// How many loops over literal collections are being unrolled around the current node.
    unroll: u32,
    /// Archives given an extraction filter (`tar.extraction_filter = tarfile.data_filter`).
    filtered: std::collections::HashSet<String>,
}

/// Loops over literal collections of at most this many elements are walked once per element.
const UNROLL_ITEMS: usize = 8;
/// ... nested at most this deep.
const UNROLL_DEPTH: u32 = 2;

fn line(node: Node<'_>) -> u32 {
    node.line()
}

fn named<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> + 't {
    node.named_children()
}

/// Decode a Python string literal's escapes (best effort).
fn unescape(raw: &str) -> (String, usize) {
    let mut out = String::with_capacity(raw.len());
    let mut hex = 0;
    let mut chars = raw.chars().peekable();
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
                hex += 1;
                if let Some(ch) = u32::from_str_radix(&h, 16).ok().and_then(char::from_u32) {
                    out.push(ch);
                }
            }
            Some(o) => out.push(o),
            None => {}
        }
    }
    (out, hex)
}

impl Py<'_, '_, '_> {
    fn text(&self, node: Node<'_>) -> &str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn collect_funcs(&mut self, node: Node<'_>) {
        for c in named(node) {
            let k = c.kind();
            // Function definitions only appear among statements: skip expressions.
            if !(k.ends_with("statement")
                || k.ends_with("definition")
                || k.ends_with("clause")
                || k == "block")
            {
                continue;
            }
            if c.kind() == "function_definition" {
                let name = c
                    .field("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                let mut params = Vec::new();
                if let Some(ps) = c.field("parameters") {
                    for p in named(ps) {
                        let id = if p.kind() == "identifier" {
                            Some(p)
                        } else {
                            p.field("name").or_else(|| p.named_child(0))
                        };
                        if let Some(id) = id {
                            let n = self.text(id).to_owned();
                            if n != "self" && n != "cls" {
                                params.push(n);
                            }
                        }
                    }
                }
                self.funcs.insert(name, params);
            }
            self.collect_funcs(c);
        }
    }

    fn func_name(&self) -> Option<&str> {
        self.locals.last().map(|(f, _)| f.as_str())
    }

    fn lookup(&self, name: &str) -> Option<Val> {
        if let Some((f, locals)) = self.locals.last() {
            if let Some(v) = locals.get(name) {
                return Some(v.clone());
            }
            if let Some(v) = self.params.get(f).and_then(|p| p.get(name)) {
                return Some(v.clone());
            }
        }
        self.globals.get(name).cloned()
    }

    fn bind(&mut self, name: &str, val: Val) {
        match self.locals.last_mut() {
            Some((_, locals)) => {
                locals.insert(name.to_owned(), val);
            }
            None => {
                self.globals.insert(name.to_owned(), val);
            }
        }
    }

    fn bind_target(&mut self, target: Node<'_>, val: Val) {
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
                let mut root = target;
                while let Some(v) = root.field("value").or_else(|| root.field("object")) {
                    root = v;
                }
                if root.kind() == "identifier" {
                    let name = self.text(root).to_owned();
                    let mut new = self.lookup(&name).unwrap_or_default();
                    if new.handle.is_none() {
                        new.taint.join(&val.taint);
                        // Keep what is stored in the container, so a later write of it shows it.
                        let fragment =
                            format!("\n{} = {}", self.text(target), val.text_or_unknown());
                        new.text = Some(format!("{}{fragment}", new.text.unwrap_or_default()));
                        self.bind(&name, new);
                    }
                }
            }
            "attribute" => {
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

    fn block(&mut self, node: Node<'_>) {
        for c in named(node) {
            self.stmt(c);
        }
    }

    fn stmt(&mut self, node: Node<'_>) {
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
                self.locals.push((name, HashMap::new()));
                if let Some(body) = node.field("body") {
                    self.block(body);
                }
                self.locals.pop();
            }
            "return_statement" => {
                let mut v = Val::unknown();
                for c in named(node) {
                    v = self.eval(c);
                }
                if let Some(f) = self.func_name().map(str::to_owned) {
                    let joined = match self.returns.get(&f) {
                        Some(old) => old.union(&v),
                        None => v,
                    };
                    self.returns.insert(f, joined);
                }
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
                    && items.iter().any(|i| i.text.is_some() || i.items.is_some())
                {
                    // `for name in (".netrc", ".aws/credentials")`: the body runs with each
                    // element, so paths and hosts built from it stay known.
                    self.unroll += 1;
                    for item in items.clone() {
                        self.bind_target(left, item);
                        self.stmt(body);
                    }
                    self.unroll -= 1;
                    let all = items
                        .iter()
                        .skip(1)
                        .fold(items[0].clone(), |acc, v| acc.union(v));
                    self.bind_target(left, all);
                    if let Some(b) = node.field("alternative") {
                        self.stmt(b);
                    }
                    return;
                }
                let elem = match &iter.items {
                    Some(items) => items.iter().fold(Val::unknown(), |acc, v| {
                        if acc == Val::unknown() {
                            v.clone()
                        } else {
                            acc.union(v)
                        }
                    }),
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

    fn import(&mut self, node: Node<'_>) {
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
                Some(m) => format!("{m}.{full}"),
                None if n.kind() == "aliased_import" => full,
                None => alias.clone(),
            };
            self.bind(&alias, Val::module(target));
        }
        if module.is_some() && self.text(node).trim_end().ends_with('*') {
            // `from os import *`: unknown names may be functions of the module.
        }
    }

    fn string(&mut self, node: Node<'_>) -> Val {
        let mut out = Val::lit("");
        let mut hex = 0;
        let mut prefix = String::new();
        for c in named(node) {
            match c.kind() {
                "string_start" => prefix = self.text(c).to_ascii_lowercase(),
                "string_content" => {
                    let raw = self.text(c);
                    let (s, h) = if prefix.contains('r') {
                        (raw.to_owned(), 0)
                    } else {
                        unescape(raw)
                    };
                    hex += h;
                    out = out.concat(&Val::lit(s));
                }
                "interpolation" => {
                    let v = c
                        .field("expression")
                        .map(|e| self.eval(e))
                        .unwrap_or_default();
                    let v = if v.text.is_none() && !matches!(v.handle, Some(Handle::Path(_))) {
                        Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)
                    } else {
                        v
                    };
                    out = out.concat(&v);
                }
                _ => {}
            }
        }
        if hex >= 8 {
            out.taint.decoded = true;
        }
        out
    }

    fn eval(&mut self, node: Node<'_>) -> Val {
        match node.kind() {
            "string" => self.string(node),
            "concatenated_string" => {
                let mut out = Val::lit("");
                for c in named(node) {
                    let v = self.eval(c);
                    out = out.concat(&v);
                }
                out
            }
            "integer" | "float" => Val::lit(self.text(node)),
            "true" | "false" | "none" => Val::lit(self.text(node)),
            "identifier" => {
                let name = self.text(node);
                match name {
                    "__builtins__" => Val::module("builtins"),
                    "__file__" => Val::lit("./__file__"),
                    _ => interpreter_path(self.lookup(name).unwrap_or_default()),
                }
            }
            "attribute" => {
                let obj = node
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let attr = node
                    .field("attribute")
                    .map(|a| self.text(a).to_owned())
                    .unwrap_or_default();
                match &obj.handle {
                    Some(Handle::Module(m)) => {
                        let full = format!("{m}.{attr}");
                        let mut v = Val::module(full.clone());
                        if full == "os.environ" {
                            v.taint.env = true;
                        }
                        interpreter_path(v)
                    }
                    Some(Handle::Path(p)) => match attr.as_str() {
                        "parent" => Val {
                            handle: Some(Handle::Path(
                                p.rsplit_once('/')
                                    .map(|(d, _)| d.to_owned())
                                    .unwrap_or_else(|| ".".into()),
                            )),
                            ..Val::default()
                        },
                        _ => Val::unknown().with_taint(&obj.taint),
                    },
                    _ => Val::unknown().with_taint(&obj.taint),
                }
            }
            "subscript" => {
                let obj = node
                    .field("value")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let index_node = node.field("subscript");
                let index = index_node.map(|i| self.eval(i)).unwrap_or_default();
                match &obj.handle {
                    Some(Handle::Module(m)) if m == "os.environ" => match index.known() {
                        Some(k) => self.sink.read_env(line(node), k),
                        None => Val::unknown().with_taint(&obj.taint),
                    },
                    // A command-line argument: a string nobody can know here.
                    Some(Handle::Module(m)) if m == "sys.argv" => Val::lit(UNKNOWN.to_string()),
                    Some(Handle::Module(m))
                        if m == "builtins"
                            || m.ends_with("__dict__")
                            || m == "os"
                            || m == "subprocess" =>
                    {
                        self.indirect(node, m, &index, index_node)
                    }
                    _ => {
                        let mut v = Val::unknown().with_taint(&obj.taint);
                        if let Some(items) = &obj.items
                            && let Some(i) = index.known().and_then(|t| t.parse::<usize>().ok())
                            && let Some(item) = items.get(i)
                        {
                            v = item.clone();
                        }
                        v
                    }
                }
            }
            "call" => self.call(node),
            "binary_operator" => {
                let left = node.field("left").map(|l| self.eval(l)).unwrap_or_default();
                let right = node
                    .field("right")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                let op = node
                    .field("operator")
                    .map(|o| self.text(o).to_owned())
                    .unwrap_or_default();
                match op.as_str() {
                    "+" => left.concat(&right),
                    "/" if matches!(left.handle, Some(Handle::Path(_))) => {
                        let base = left.path_text().unwrap_or_default();
                        Val {
                            handle: Some(Handle::Path(join_paths(&[
                                base,
                                right.text_or_unknown(),
                            ]))),
                            taint: left.taint.clone(),
                            ..Val::default()
                        }
                        .with_taint(&right.taint)
                    }
                    "|" => {
                        // `stat.S_IRWXU | stat.S_IRWXO`: keep the flag names, for modes.
                        let name = |v: &Val| match &v.handle {
                            Some(Handle::Module(m)) => Some(m.clone()),
                            _ => v.known().map(str::to_owned),
                        };
                        let mut v = Val::unknown()
                            .with_taint(&left.taint)
                            .with_taint(&right.taint);
                        if let (Some(l), Some(r)) = (name(&left), name(&right)) {
                            v.text = Some(format!("{l}|{r}"));
                        }
                        v
                    }
                    "%" => {
                        let mut v = Val::unknown()
                            .with_taint(&left.taint)
                            .with_taint(&right.taint);
                        if let Some(t) = &left.text {
                            let filler = right
                                .known()
                                .map(str::to_owned)
                                .unwrap_or_else(|| UNKNOWN.to_string());
                            v.text = Some(
                                t.replace("%s", &filler)
                                    .replace("%r", &filler)
                                    .replace("%d", &filler),
                            );
                        }
                        v
                    }
                    _ => Val::unknown()
                        .with_taint(&left.taint)
                        .with_taint(&right.taint),
                }
            }
            "list" | "tuple" | "set" | "expression_list" => {
                let items: Vec<Val> = named(node)
                    .map(|c| {
                        if c.kind() == "list_splat" {
                            Val::lit(UNKNOWN.to_string())
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
            "parenthesized_expression" | "await" | "not_operator" => node
                .named_child(0)
                .map(|c| self.eval(c))
                .unwrap_or_default(),
            "conditional_expression" | "boolean_operator" => {
                let vals: Vec<Val> = named(node).map(|c| self.eval(c)).collect();
                let mut it = vals.into_iter();
                let first = it.next().unwrap_or_default();
                it.fold(first, |a, b| a.union(&b))
            }
            "assignment" | "augmented_assignment" => {
                let right = node
                    .field("right")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                if let Some(left) = node.field("left") {
                    let val = if node.kind() == "augmented_assignment" {
                        self.eval(left).concat(&right)
                    } else {
                        right
                    };
                    self.bind_target(left, val);
                }
                Val::unknown()
            }
            "named_expression" => {
                let v = node
                    .field("value")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                if let Some(n) = node.field("name") {
                    self.bind_target(n, v.clone());
                }
                v
            }
            "list_comprehension"
            | "generator_expression"
            | "set_comprehension"
            | "dictionary_comprehension" => {
                // Bind the loop variables first, then evaluate the body.
                let children: Vec<Node<'_>> = named(node).collect();
                for c in &children {
                    if c.kind() == "for_in_clause" {
                        let iter = c.field("right").map(|r| self.eval(r)).unwrap_or_default();
                        // A loop over a literal collection: the variable is each element.
                        let elem = match &iter.items {
                            Some(items) if !items.is_empty() => items
                                .iter()
                                .skip(1)
                                .fold(items[0].clone(), |acc, v| acc.union(v))
                                .with_taint(&iter.taint),
                            _ => Val::unknown().with_taint(&iter.taint),
                        };
                        if let Some(left) = c.field("left") {
                            self.bind_target(left, elem);
                        }
                    }
                }
                let mut v = Val::unknown();
                for c in &children {
                    if c.kind() != "for_in_clause" {
                        let x = self.eval(*c);
                        v.taint.join(&x.taint);
                    }
                }
                v
            }
            "lambda" => {
                if let Some(b) = node.field("body") {
                    self.eval(b);
                }
                Val::unknown()
            }
            "comment" => Val::unknown(),
            _ => {
                let mut v = Val::unknown();
                for c in named(node) {
                    let x = self.eval(c);
                    v.taint.join(&x.taint);
                }
                v
            }
        }
    }

    /// `globals()['ex' + 'ec']`, `getattr(os, 'sys' + 'tem')`: a name looked up at run time.
    fn indirect(
        &mut self,
        node: Node<'_>,
        module: &str,
        name: &Val,
        name_node: Option<Node<'_>>,
    ) -> Val {
        let plain = name_node.is_some_and(|n| n.kind() == "string" && !self.text(n).contains('{'));
        match name.known() {
            Some(n) if EXEC_NAMES.contains(&n) => {
                if !plain || name.taint.decoded {
                    self.sink.add(
                        line(node),
                        Category::ObfuscatedExecution,
                        Verdict::Dangerous,
                        format!("reaches `{n}` through a name assembled at run time"),
                    );
                } else {
                    self.sink.add(
                        line(node),
                        Category::ObfuscatedExecution,
                        Verdict::Suspicious,
                        format!("reaches `{n}` through an indirect lookup"),
                    );
                }
                let base = if module == "builtins" || module.ends_with("__dict__") {
                    "builtins".to_owned()
                } else {
                    module.to_owned()
                };
                Val::module(format!("{base}.{n}"))
            }
            Some(n) => Val::module(format!("{module}.{n}")),
            None => {
                self.sink.add(
                    line(node),
                    Category::ObfuscatedExecution,
                    if name.taint.decoded {
                        Verdict::Dangerous
                    } else {
                        Verdict::Suspicious
                    },
                    "looks up a function by a name computed at run time",
                );
                Val::module(format!("{module}.{}", UNKNOWN))
            }
        }
    }

    fn call(&mut self, node: Node<'_>) -> Val {
        let ln = line(node);
        let func = node.field("function");
        let mut args: Vec<Val> = Vec::new();
        let mut arg_nodes: Vec<Node<'_>> = Vec::new();
        let mut kwargs: HashMap<String, Val> = HashMap::new();
        let mut kw_nodes: HashMap<String, Node<'_>> = HashMap::new();
        if let Some(a) = node.field("arguments") {
            if a.kind() == "generator_expression" {
                args.push(self.eval(a));
                arg_nodes.push(a);
            } else {
                for c in named(a) {
                    match c.kind() {
                        "keyword_argument" => {
                            let k = c
                                .field("name")
                                .map(|n| self.text(n).to_owned())
                                .unwrap_or_default();
                            let v = c.field("value").map(|v| self.eval(v)).unwrap_or_default();
                            if let Some(vn) = c.field("value") {
                                kw_nodes.insert(k.clone(), vn);
                            }
                            kwargs.insert(k, v);
                        }
                        "comment" => {}
                        _ => {
                            let v = self.eval(c);
                            args.push(v);
                            arg_nodes.push(c);
                        }
                    }
                }
            }
        }
        let Some(func) = func else {
            return Val::unknown();
        };
        let (qual, receiver, receiver_node) = match func.kind() {
            "identifier" => {
                let name = self.text(func).to_owned();
                match self.lookup(&name) {
                    Some(Val {
                        handle: Some(Handle::Module(m)),
                        ..
                    }) => (m, None, None),
                    _ if self.funcs.contains_key(&name) => {
                        return self.user_call(&name, &args);
                    }
                    _ => (name, None, None),
                }
            }
            "attribute" => {
                let obj_node = func.field("object");
                let obj = obj_node.map(|o| self.eval(o)).unwrap_or_default();
                let attr = func
                    .field("attribute")
                    .map(|a| self.text(a).to_owned())
                    .unwrap_or_default();
                match &obj.handle {
                    Some(Handle::Module(m)) => (format!("{m}.{attr}"), None, None),
                    _ => (format!("?.{attr}"), Some(obj), obj_node),
                }
            }
            _ => {
                let f = self.eval(func);
                match f.handle {
                    Some(Handle::Module(m)) => (m, None, None),
                    _ => ("?".to_owned(), None, None),
                }
            }
        };
        let qual = qual
            .strip_prefix("builtins.")
            .map(str::to_owned)
            .unwrap_or(qual);
        let arg = |i: usize, kw: &str| -> Val {
            kwargs
                .get(kw)
                .cloned()
                .or_else(|| args.get(i).cloned())
                .unwrap_or_default()
        };
        // Credentials handed to a client (`OpenAI(api_key=...)`, `Github(token)`) are consumed
        // by it: they are not in what the call returns. A token given to its own vendor's client
        // is its use.
        let vendor_call = |sink: &mut Sink<'_>, v: &Val| -> bool {
            let Some(name) = env_token_name(&v.taint) else {
                return false;
            };
            let used = crate::places::token_vendor(name)
                .is_some_and(|vendor| qual.to_ascii_lowercase().contains(&vendor));
            if used {
                sink.env_token_used.insert(name.to_owned());
            }
            used
        };
        let mut all = Taint::default();
        for a in &args {
            if !vendor_call(self.sink, a) {
                all.join(&a.taint);
            }
        }
        for (k, v) in &kwargs {
            let vendor = vendor_call(self.sink, v);
            if !vendor && !is_credential_keyword(k) {
                all.join(&v.taint);
            }
        }
        let all_val = Val::unknown().with_taint(&all);
        if let Some(recv) = receiver {
            if all != Taint::default()
                && recv.handle.is_none()
                && let Some(r) = receiver_node.filter(|r| r.kind() == "identifier")
            {
                // `parser.read_string(secret)`, `lines.append(secret)`: the object now holds it.
                let name = self.text(r).to_owned();
                let mut v = recv.clone();
                v.taint.join(&all);
                self.bind(&name, v);
            }
            return self.method(
                node,
                &qual[2..],
                recv,
                receiver_node,
                &args,
                &kwargs,
                &all_val,
            );
        }
        let q = qual.as_str();
        let tail = q.rsplit('.').next().unwrap_or(q);
        match q {
            "print"
            | "sys.stdout.write"
            | "sys.stderr.write"
            | "sys.stdout.buffer.write"
            | "pprint.pprint"
            | "pprint.pp"
            | "logging.info"
            | "logging.debug"
            | "logging.warning"
            | "logging.error"
            | "logging.critical"
            | "logging.exception"
            | "logging.log" => {
                match kwargs.get("file") {
                    Some(Val {
                        handle: Some(Handle::File { path, append, .. }),
                        ..
                    }) => {
                        let (path, append) = (path.clone(), *append);
                        let mut content = Val::lit("");
                        for a in &args {
                            content = content.concat(a);
                        }
                        self.sink.write(ln, &Val::lit(path), &content, append);
                    }
                    _ => {
                        let mut data = Val::unknown();
                        for a in &args {
                            data.taint.join(&a.taint);
                        }
                        self.sink.output(ln, &data);
                    }
                }
                Val::unknown()
            }
            "logging.getLogger" => Val::module("logging"),
            "open" | "io.open" | "codecs.open" | "os.fdopen" => {
                let path = arg(0, "file");
                let mode = arg(1, "mode").known().unwrap_or("r").to_owned();
                self.open(ln, &path, &mode)
            }
            "tarfile.open" | "zipfile.ZipFile" | "tarfile.TarFile" | "gzip.open" | "bz2.open"
            | "lzma.open" => {
                // An archive: what is added to it is written to its file.
                let path = arg(0, "name");
                let path = if path.path_text().is_some() {
                    path
                } else {
                    arg(0, "file")
                };
                let mode = arg(1, "mode").known().unwrap_or("r").to_owned();
                self.open(ln, &path, &mode)
            }
            "pathlib.Path" | "pathlib.PurePath" | "pathlib.PosixPath" => {
                if args.len() == 1 && args[0].path_text().is_none() && !args[0].alts.is_empty() {
                    // Several paths flow here: keep them as alternatives.
                    return Val {
                        alts: args[0].alts.clone(),
                        taint: all,
                        ..Val::default()
                    };
                }
                let parts: Vec<String> = args
                    .iter()
                    .map(|a| a.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
                    .collect();
                let p = if parts.is_empty() {
                    ".".to_owned()
                } else {
                    join_paths(&parts)
                };
                Val {
                    handle: Some(Handle::Path(p)),
                    taint: all,
                    ..Val::default()
                }
            }
            "pathlib.Path.home" => Val {
                handle: Some(Handle::Path("~".into())),
                ..Val::default()
            },
            "pathlib.Path.cwd" | "os.getcwd" => {
                let cwd = self.sink.ctx.cwd.to_string_lossy().into_owned();
                if q == "os.getcwd" {
                    Val::lit(cwd)
                } else {
                    Val {
                        handle: Some(Handle::Path(cwd)),
                        ..Val::default()
                    }
                }
            }
            "os.path.expanduser" | "os.path.abspath" | "os.path.realpath" | "os.path.normpath"
            | "os.fspath" | "str" | "os.path.expandvars" | "bytes" | "bytearray" | "repr" => {
                let a = args.first().cloned().unwrap_or_default();
                match a.path_text() {
                    Some(t) => Val::lit(t.replace("$HOME", "~")).with_taint(&a.taint),
                    None => a,
                }
            }
            "os.path.join" | "posixpath.join" => {
                let parts: Vec<String> = args
                    .iter()
                    .map(|a| a.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
                    .collect();
                Val::lit(join_paths(&parts)).with_taint(&all)
            }
            "os.path.dirname" => {
                let t = args
                    .first()
                    .and_then(Val::path_text)
                    .unwrap_or_else(|| UNKNOWN.to_string());
                Val::lit(
                    t.rsplit_once('/')
                        .map(|(d, _)| d.to_owned())
                        .unwrap_or_else(|| ".".into()),
                )
            }
            "glob.glob" | "glob.iglob" => {
                // The matches lie where the pattern points.
                let pattern = arg(0, "pathname");
                Val::lit(pattern.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
                    .with_taint(&all)
            }
            "tempfile.mkdtemp" | "tempfile.gettempdir" | "tempfile.mkstemp" => {
                Val::lit(format!("/tmp/{UNKNOWN}"))
            }
            "tempfile.TemporaryDirectory" => Val::lit(format!("/tmp/{UNKNOWN}")),
            "tempfile.NamedTemporaryFile"
            | "tempfile.TemporaryFile"
            | "tempfile.SpooledTemporaryFile" => Val {
                handle: Some(Handle::File {
                    path: format!("/tmp/{UNKNOWN}"),
                    write: true,
                    append: false,
                }),
                ..Val::default()
            },
            "os.environ.get" | "os.getenv" | "os.environ.setdefault" | "os.environ.pop"
                if arg(0, "key").text.is_none() && !arg(0, "key").alts.is_empty() =>
            {
                // Several names flow here (a loop over a literal list): read each.
                let mut v = Val::unknown();
                for k in arg(0, "key").alts {
                    let r = self.sink.read_env(ln, &k);
                    v.taint.join(&r.taint);
                }
                v
            }
            "os.environ.get" | "os.getenv" | "os.environ.setdefault" | "os.environ.pop" => {
                match arg(0, "key").known() {
                    Some(k) => {
                        let k = k.to_owned();
                        let v = self.sink.read_env(ln, &k);
                        let default = arg(1, "default");
                        if v.text.is_none() && v.taint.secret.is_none() {
                            default.union(&Val::lit(UNKNOWN.to_string()))
                        } else {
                            v
                        }
                    }
                    None => Val::unknown(),
                }
            }
            "os.environ.copy"
            | "os.environ.items"
            | "os.environ.keys"
            | "os.environ.values"
            | "dict"
            | "list"
            | "json.dumps"
            | "str.join"
            | "sorted"
            | "tuple"
            | "set"
            | "urllib.parse.urlencode"
            | "toml.dumps" => {
                let mut v = Val::unknown().with_taint(&all);
                if matches!(q, "json.dumps" | "toml.dumps") {
                    v.text = args.first().and_then(|a| a.text.clone());
                }
                if q.starts_with("os.environ") {
                    v.taint.env = true;
                }
                if q == "list" || q == "tuple" {
                    v.items = args.first().and_then(|a| a.items.clone());
                }
                v
            }
            "socket.gethostname" | "getpass.getuser" | "os.getlogin" | "platform.node"
            | "platform.uname" | "os.uname" | "socket.getfqdn" | "uuid.getnode"
            | "pwd.getpwuid" => {
                crate::caps::identity(self.sink, ln, q);
                Val::unknown().with_taint(&Taint {
                    host: true,
                    ..Taint::default()
                })
            }
            "keyring.get_password"
            | "keyring.get_credential"
            | "pyperclip.paste"
            | "win32crypt.CryptUnprotectData"
            | "browser_cookie3.chrome"
            | "browser_cookie3.firefox"
            | "browser_cookie3.load"
            | "getpass.getpass" => {
                let what = if q.starts_with("keyring") {
                    "the system keyring"
                } else if q.starts_with("pyperclip") {
                    "the clipboard"
                } else if q.starts_with("getpass") {
                    "a password typed by the user"
                } else {
                    "a browser credential store"
                };
                if q.starts_with("pyperclip") {
                    self.sink.cap(ln, crate::caps::Cap::ClipboardRead, q);
                }
                if q != "getpass.getpass" {
                    self.sink.add(
                        ln,
                        Category::SecretRead,
                        Verdict::Suspicious,
                        format!("reads {what}"),
                    );
                }
                Val::unknown().with_taint(&Taint {
                    secret: Some(what.into()),
                    ..Taint::default()
                })
            }
            "base64.b64decode"
            | "base64.b32decode"
            | "base64.b16decode"
            | "base64.a85decode"
            | "base64.b85decode"
            | "base64.urlsafe_b64decode"
            | "base64.decodebytes"
            | "base64.decodestring"
            | "binascii.unhexlify"
            | "binascii.a2b_base64"
            | "binascii.a2b_hex"
            | "zlib.decompress"
            | "gzip.decompress"
            | "bz2.decompress"
            | "lzma.decompress"
            | "marshal.loads"
            | "pickle.loads"
            | "codecs.decode"
            | "bytes.fromhex"
            | "bytearray.fromhex"
            | "chr"
            | "dill.loads"
            | "cloudpickle.loads" => {
                let mut v = Val::unknown().with_taint(&all);
                v.taint.decoded = true;
                v
            }
            "exec"
            | "eval"
            | "compile"
            | "execfile"
            | "code.InteractiveInterpreter"
            | "runpy.run_path" => {
                let code = args.first().cloned().unwrap_or_default();
                if q == "runpy.run_path" {
                    if let Some(p) = code.known() {
                        let p = p.to_owned();
                        self.sink.runs_file(ln, &p);
                    }
                } else {
                    let plain = arg_nodes.first().is_some_and(|n| n.kind() == "string");
                    let code = if plain
                        || code.text.is_some()
                        || code.taint.decoded
                        || code.taint.remote
                    {
                        code
                    } else {
                        Val::lit(UNKNOWN.to_string()).with_taint(&code.taint)
                    };
                    self.sink
                        .exec_code(ln, Language::Python, &code, &format!("`{q}`"));
                }
                Val::unknown()
            }
            "getattr" => {
                let target = args.first().cloned().unwrap_or_default();
                let name = args.get(1).cloned().unwrap_or_default();
                match &target.handle {
                    Some(Handle::Module(m)) => {
                        let m = m.clone();
                        self.indirect(node, &m, &name, arg_nodes.get(1).copied())
                    }
                    _ => Val::unknown().with_taint(&target.taint),
                }
            }
            "__import__" | "importlib.import_module" => {
                let name = args.first().cloned().unwrap_or_default();
                let plain = arg_nodes.first().is_some_and(|n| n.kind() == "string");
                match name.known() {
                    Some(m) => {
                        let sensitive = matches!(
                            m.split('.').next().unwrap_or(m),
                            "os" | "subprocess"
                                | "socket"
                                | "ctypes"
                                | "builtins"
                                | "pty"
                                | "shutil"
                                | "marshal"
                                | "pickle"
                                | "base64"
                                | "urllib"
                                | "requests"
                                | "http"
                                | "importlib"
                                | "sys"
                                | "posix"
                                | "nt"
                        );
                        if name.taint.decoded || (!plain && sensitive) {
                            self.sink.add(
                                ln,
                                Category::ObfuscatedExecution,
                                Verdict::Dangerous,
                                format!("imports `{m}` by a name assembled at run time"),
                            );
                        }
                        Val::module(m.to_owned())
                    }
                    None => {
                        self.sink.add(
                            ln,
                            Category::ObfuscatedExecution,
                            if name.taint.decoded {
                                Verdict::Dangerous
                            } else {
                                Verdict::Suspicious
                            },
                            "imports a module whose name is computed at run time",
                        );
                        Val::unknown()
                    }
                }
            }
            "globals" | "vars" | "locals" => Val::module("builtins"),
            "os.system"
            | "os.popen"
            | "subprocess.getoutput"
            | "subprocess.getstatusoutput"
            | "commands.getoutput"
            | "asyncio.create_subprocess_shell"
            | "os.popen2"
            | "os.popen3" => {
                let cmd = args.first().cloned().unwrap_or_default();
                let cmd = self.known_or_unknown(cmd, arg_nodes.first().copied());
                self.sink
                    .exec_code(ln, Language::Shell, &cmd, &format!("`{q}`"));
                Val::unknown()
            }
            "subprocess.run"
            | "subprocess.call"
            | "subprocess.check_call"
            | "subprocess.check_output"
            | "subprocess.Popen"
            | "asyncio.create_subprocess_exec"
            | "pty.spawn"
            | "os.execv"
            | "os.execve"
            | "os.execvp"
            | "os.execvpe"
            | "os.execl"
            | "os.execlp"
            | "os.execle"
            | "os.spawnv"
            | "os.spawnvp"
            | "os.spawnl"
            | "os.spawnlp"
            | "os.posix_spawn"
            | "os.posix_spawnp"
            | "sh.Command"
            | "plumbum.local" => self.subprocess(node, q, &args, &arg_nodes, &kwargs, &kw_nodes),
            "os.dup2" => {
                if self.sink.remote_socket {
                    self.sink.add(
                        ln,
                        Category::Escape,
                        Verdict::Dangerous,
                        "wires a network socket to the standard streams: a reverse shell",
                    );
                }
                Val::unknown()
            }
            "os.setsid" | "os.daemon" | "daemon.DaemonContext" => {
                self.sink.add(
                    ln,
                    Category::Escape,
                    Verdict::Suspicious,
                    "detaches from the session, to outlive the run",
                );
                Val::unknown()
            }
            "shutil.rmtree"
            | "os.remove"
            | "os.unlink"
            | "os.rmdir"
            | "os.removedirs"
            | "send2trash.send2trash" => {
                let p = arg(0, "path");
                self.sink
                    .delete(ln, &p, q == "shutil.rmtree" || q == "os.removedirs");
                Val::unknown()
            }
            "shutil.copy" | "shutil.copy2" | "shutil.copyfile" | "shutil.copytree"
            | "shutil.move" | "os.rename" | "os.replace" | "os.link" | "os.symlink"
            | "shutil.copyfileobj" => {
                let src = arg(0, "src");
                let dst = arg(1, "dst");
                let mut content = Val::unknown().with_taint(&src.taint);
                if let Some(s) = src.path_text() {
                    let t = self.sink.read_path(ln, &s);
                    content.taint.join(&t);
                    if self.sink.is_remote_file(&s) {
                        content.taint.remote = true;
                    }
                    if let Some(what) = &t.secret {
                        self.sink.copy_secret(ln, what, &dst);
                    }
                }
                self.sink.write(ln, &dst, &content, false);
                Val::unknown()
            }
            "os.chmod" | "os.fchmod" | "os.lchmod" => {
                let mode_text = arg_nodes
                    .get(1)
                    .map(|n| self.text(*n).to_owned())
                    .unwrap_or_default();
                let path = arg(0, "path");
                let mode_val = arg(1, "mode");
                let mode_val = match &mode_val.handle {
                    Some(Handle::Module(m)) => m.clone(),
                    _ => mode_val.text.clone().unwrap_or_default(),
                };
                self.chmod(ln, &path, &format!("{mode_text} {mode_val}"));
                if mode_text.contains("S_ISUID")
                    || mode_text.contains("S_ISGID")
                    || mode_text.starts_with("0o4")
                    || mode_text.starts_with("0o2")
                    || mode_text.starts_with("0o6")
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
            "json.dump" | "yaml.dump" | "yaml.safe_dump" | "pickle.dump" | "toml.dump"
            | "tomli_w.dump" | "marshal.dump" => {
                let obj = args.first().cloned().unwrap_or_default();
                let target = args
                    .get(1)
                    .cloned()
                    .or_else(|| kwargs.get("fp").cloned())
                    .or_else(|| kwargs.get("stream").cloned())
                    .unwrap_or_default();
                if let Some(Handle::File { path, append, .. }) = &target.handle {
                    let (path, append) = (path.clone(), *append);
                    self.sink.write(ln, &Val::lit(path), &obj, append);
                } else if args.len() <= 1 && !kwargs.contains_key("stream") {
                    // `yaml.dump(obj)` returns the text.
                    return obj;
                } else {
                    self.sink.output(ln, &obj);
                }
                Val::unknown()
            }
            "csv.writer" | "csv.DictWriter" => args.first().cloned().unwrap_or_default(),
            "input" | "raw_input" => Val::lit(UNKNOWN.to_string()),
            "re.sub" | "re.subn" => {
                // The result is the old text with the replacement in it.
                let repl = arg(1, "repl");
                let text = arg(2, "string");
                Val::lit(format!("{UNKNOWN}{}{UNKNOWN}", repl.text_or_unknown()))
                    .with_taint(&text.taint)
                    .with_taint(&repl.taint)
            }
            "dotenv.load_dotenv" | "dotenv.dotenv_values" => {
                let path = args
                    .first()
                    .and_then(Val::path_text)
                    .unwrap_or_else(|| ".env".to_owned());
                let t = self.sink.read_path(ln, &path);
                Val::unknown().with_taint(&t)
            }
            "socketserver.TCPServer"
            | "socketserver.ThreadingTCPServer"
            | "socketserver.UDPServer"
            | "http.server.HTTPServer"
            | "http.server.ThreadingHTTPServer" => {
                let host = args.first().and_then(Val::address_host);
                self.listens(ln, host.as_deref());
                Val::unknown()
            }
            "os.write" => {
                // A file descriptor: where it points is rarely known (`mkstemp`).
                let fd = arg(0, "fd");
                let path = Val::lit(fd.path_text().unwrap_or_else(|| UNKNOWN.to_string()));
                let data = arg(1, "data");
                self.sink.write(ln, &path, &data, false);
                Val::unknown()
            }
            "yaml.load" | "yaml.load_all" => {
                let loader = kw_nodes
                    .get("Loader")
                    .or_else(|| arg_nodes.get(1))
                    .map(|n| self.text(*n).to_owned());
                let unsafe_loader = loader
                    .as_deref()
                    .is_none_or(|l| l.contains("Unsafe") || l == "yaml.Loader" || l == "Loader");
                if unsafe_loader {
                    crate::caps::apply(self.sink, ln, q, crate::caps::Effect::Deserialize);
                }
                Val::unknown().with_taint(&all)
            }
            "requests.get"
            | "requests.post"
            | "requests.put"
            | "requests.patch"
            | "requests.delete"
            | "requests.head"
            | "requests.options"
            | "requests.request"
            | "httpx.get"
            | "httpx.post"
            | "httpx.put"
            | "httpx.patch"
            | "httpx.delete"
            | "httpx.request"
            | "httpx.stream"
            | "requests.Session.post"
            | "requests.Session.get"
            | "aiohttp.request" => self.http(ln, tail, &args, &kwargs),
            "requests.Session"
            | "requests.session"
            | "httpx.Client"
            | "httpx.AsyncClient"
            | "aiohttp.ClientSession"
            | "urllib3.PoolManager" => Val::module("requests"),
            "urllib.request.urlopen" | "urllib2.urlopen" | "urllib.urlopen" => {
                let target = arg(0, "url");
                let data = arg(1, "data");
                match &target.handle {
                    Some(Handle::Conn { .. }) => {}
                    _ => {
                        let sends = data != Val::unknown() || data.text.is_some();
                        let payload = data.with_taint(&target.taint);
                        let url = target.text.clone();
                        self.sink.network(ln, url.as_deref(), &payload, sends);
                    }
                }
                Val::unknown().with_taint(&Taint {
                    remote: true,
                    ..Taint::default()
                })
            }
            "urllib.request.Request" | "urllib2.Request" => {
                let url = arg(0, "url");
                let data = arg(1, "data");
                let payload = data.clone().with_taint(&url.taint);
                let credentials = kwargs
                    .get("headers")
                    .map(|h| h.taint.clone())
                    .unwrap_or_default();
                let sends = data.text.is_some()
                    || data.taint != Taint::default()
                    || kwargs
                        .get("method")
                        .and_then(|m| m.known())
                        .is_some_and(|m| {
                            m.eq_ignore_ascii_case("post") || m.eq_ignore_ascii_case("put")
                        });
                let u = url.text.clone();
                self.sink
                    .network_with_credentials(ln, u.as_deref(), &payload, &credentials, sends);
                Val {
                    handle: Some(Handle::Conn { url: u }),
                    ..Val::default()
                }
            }
            "urllib.request.urlretrieve" => {
                let url = arg(0, "url");
                let u = url.text.clone();
                self.sink.network(ln, u.as_deref(), &Val::unknown(), false);
                let file = arg(1, "filename");
                let downloaded = Val::unknown().with_taint(&Taint {
                    remote: true,
                    ..Taint::default()
                });
                self.sink.write(ln, &file, &downloaded, false);
                Val::unknown()
            }
            "http.client.HTTPSConnection"
            | "http.client.HTTPConnection"
            | "smtplib.SMTP"
            | "smtplib.SMTP_SSL"
            | "ftplib.FTP"
            | "ftplib.FTP_TLS"
            | "telnetlib.Telnet" => {
                let host = arg(0, "host").known().map(str::to_owned);
                if q.starts_with("smtplib") || q.starts_with("ftplib") || q.starts_with("telnetlib")
                {
                    self.sink
                        .network(ln, host.as_deref(), &Val::unknown(), false);
                }
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            "socket.socket" => Val {
                handle: Some(Handle::Conn { url: None }),
                ..Val::default()
            },
            "socket.create_connection" => {
                let host = args.first().and_then(Val::address_host);
                self.connect(ln, host.as_deref());
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            "socket.gethostbyname"
            | "socket.getaddrinfo"
            | "socket.gethostbyname_ex"
            | "dns.resolver.resolve"
            | "dns.resolver.query" => {
                let name = args.first().cloned().unwrap_or_default();
                self.sink.dns(ln, &name);
                Val::unknown()
            }
            _ => {
                if self.funcs.contains_key(tail) && !q.contains('.') {
                    return self.user_call(tail, &args);
                }
                if let Some(effect) = crate::caps::lookup(crate::caps::CALL_ROWS, q) {
                    return self.row_call(ln, q, effect, &args, all_val);
                }
                // Unknown function: its result may carry its arguments' data.
                all_val
            }
        }
    }

    /// A call the capability tables know.
    fn row_call(
        &mut self,
        ln: u32,
        q: &str,
        effect: crate::caps::Effect,
        args: &[Val],
        result: Val,
    ) -> Val {
        use crate::caps::Effect;
        let first = args.first().cloned().unwrap_or_default();
        match effect {
            // A file whose path the script itself chose in the project or a temp dir holds
            // data the script wrote: no evidence of a foreign payload.
            Effect::Deserialize
                if matches!(&first.handle, Some(Handle::File { path, .. })
                    if !path.contains(UNKNOWN) && !matches!(self.sink.resolve(path).place, crate::places::Place::Outside | crate::places::Place::Home | crate::places::Place::System)) =>
            {
                result
            }
            Effect::RunFile => {
                let p = first.path_text().unwrap_or_else(|| UNKNOWN.to_string());
                self.sink.runs_file(ln, &p);
                self.sink
                    .cap(ln, crate::caps::Cap::RunFile, p.replace(UNKNOWN, "…"));
                result
            }
            _ => {
                let t = crate::caps::apply(self.sink, ln, q, effect);
                result.with_taint(&t)
            }
        }
    }

    /// A mode set on a path: setuid, world-writable, executable.
    fn chmod(&mut self, ln: u32, path: &Val, mode: &str) {
        let octal = mode
            .split_whitespace()
            .find_map(|w| w.strip_prefix("0o"))
            .unwrap_or("");
        let world_writable = mode.contains("S_IRWXO")
            || mode.contains("S_IWOTH")
            || octal
                .chars()
                .last()
                .is_some_and(|c| matches!(c, '2' | '3' | '6' | '7'));
        let executable = mode.contains("S_IX")
            || mode.contains("S_IRWXU")
            || octal.chars().any(|c| matches!(c, '1' | '3' | '5' | '7'));
        for p in path.path_alternatives() {
            crate::command::chmod_effects(self.sink, ln, &p, world_writable, executable);
        }
    }

    fn known_or_unknown(&self, v: Val, node: Option<Node<'_>>) -> Val {
        if v.text.is_some() || v.taint.decoded || v.taint.remote {
            return v;
        }
        let _ = node;
        Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)
    }

    fn open(&mut self, ln: u32, path: &Val, mode: &str) -> Val {
        let p = path.path_text().unwrap_or_else(|| UNKNOWN.to_string());
        let write =
            mode.contains('w') || mode.contains('a') || mode.contains('x') || mode.contains('+');
        let append = mode.contains('a');
        let taint = if write && !mode.contains('+') {
            Taint::default()
        } else {
            self.sink.read_val(ln, path)
        };
        let mut v = Val {
            handle: Some(Handle::File {
                path: p,
                write,
                append,
            }),
            ..Val::default()
        };
        v.taint = taint;
        v.taint.join(&path.taint);
        v
    }

    fn connect(&mut self, ln: u32, host: Option<&str>) {
        let (class, _) = crate::places::classify_host(host, self.sink.config);
        if !matches!(class, crate::places::HostClass::Local) {
            self.sink.remote_socket = true;
        }
        self.sink.network(ln, host, &Val::unknown(), false);
    }

    fn http(&mut self, ln: u32, method: &str, args: &[Val], kwargs: &HashMap<String, Val>) -> Val {
        let (method, url) = if method == "request" {
            (
                args.first()
                    .and_then(|m| m.known().map(str::to_ascii_lowercase))
                    .unwrap_or_default(),
                kwargs
                    .get("url")
                    .cloned()
                    .or_else(|| args.get(1).cloned())
                    .unwrap_or_default(),
            )
        } else {
            (
                method.to_owned(),
                kwargs
                    .get("url")
                    .cloned()
                    .or_else(|| args.first().cloned())
                    .unwrap_or_default(),
            )
        };
        let mut payload = Val::unknown().with_taint(&url.taint);
        let mut credentials = Taint::default();
        let mut has_body = false;
        for k in ["data", "json", "files", "params", "content"] {
            if let Some(v) = kwargs.get(k) {
                payload.taint.join(&v.taint);
                has_body |= k != "params";
            }
        }
        for k in ["headers", "auth", "cookies"] {
            if let Some(v) = kwargs.get(k) {
                credentials.join(&v.taint);
            }
        }
        for a in args.iter().skip(if method == "request" { 2 } else { 1 }) {
            payload.taint.join(&a.taint);
            has_body = true;
        }
        let sends = has_body || matches!(method.as_str(), "post" | "put" | "patch");
        let u = url.text.clone();
        self.sink
            .network_with_credentials(ln, u.as_deref(), &payload, &credentials, sends);
        Val::unknown().with_taint(&Taint {
            remote: true,
            ..Taint::default()
        })
    }

    fn user_call(&mut self, name: &str, args: &[Val]) -> Val {
        if let Some(params) = self.funcs.get(name)
            && !params.is_empty()
            && !args.is_empty()
        {
            let passed = match self.params.get_mut(name) {
                Some(p) => p,
                None => self.params.entry(name.to_owned()).or_default(),
            };
            for (p, a) in params.iter().zip(args) {
                let joined = match passed.get(p) {
                    Some(old) => old.union(a),
                    None => a.clone(),
                };
                passed.insert(p.clone(), joined);
            }
        }
        self.returns.get(name).cloned().unwrap_or_default()
    }

    #[allow(clippy::too_many_arguments)]
    fn method(
        &mut self,
        node: Node<'_>,
        name: &str,
        recv: Val,
        recv_node: Option<Node<'_>>,
        args: &[Val],
        kwargs: &HashMap<String, Val>,
        all: &Val,
    ) -> Val {
        let ln = line(node);
        let first = args.first().cloned().unwrap_or_default();
        if name == "extractall"
            && !kwargs.contains_key("filter")
            && !recv_node.is_some_and(|r| self.filtered.contains(self.text(r)))
        {
            self.sink.add_rule(
                ln,
                Category::Destructive,
                Verdict::Suspicious,
                "unsafe-extract",
                vec!["archive extract without a filter".into()],
                "extracts an archive without a filter, so its members can write anywhere (`../`, absolute paths, links)",
            );
        }
        match (&recv.handle, name) {
            (
                Some(Handle::File { path, append, .. }),
                "write" | "writelines" | "writerow" | "writerows" | "writeheader" | "add"
                | "writestr" | "addfile",
            ) => {
                let (path, append) = (path.clone(), *append);
                // `tar.add(path)` / `zip.write(path)` copy a file's content into the archive.
                let read = self.sink.read_val(ln, &first);
                let first = first.clone().with_taint(&read);
                self.sink.write(ln, &Val::lit(path), &first, append);
                Val::unknown()
            }
            (Some(Handle::File { .. }), _) => Val::unknown().with_taint(&recv.taint),
            (Some(Handle::Path(p)), _) => {
                let p = p.clone();
                match name {
                    "write_text" | "write_bytes" => {
                        self.sink.write(ln, &Val::lit(p), &first, false);
                        Val::unknown()
                    }
                    "read_text" | "read_bytes" => {
                        let t = self.sink.read_path(ln, &p);
                        Val::unknown().with_taint(&t).with_taint(&recv.taint)
                    }
                    "open" => {
                        let mode = kwargs
                            .get("mode")
                            .cloned()
                            .unwrap_or(first)
                            .known()
                            .unwrap_or("r")
                            .to_owned();
                        self.open(ln, &Val::lit(p), &mode)
                    }
                    "unlink" | "rmdir" => {
                        self.sink.delete(ln, &Val::lit(p), false);
                        Val::unknown()
                    }
                    "rename" | "replace" | "symlink_to" | "hardlink_to" => {
                        let t = self.sink.read_path(ln, &p);
                        self.sink
                            .write(ln, &first, &Val::unknown().with_taint(&t), false);
                        Val::unknown()
                    }
                    "joinpath" => {
                        let mut parts = vec![p];
                        parts.extend(args.iter().map(|a| a.text_or_unknown()));
                        Val {
                            handle: Some(Handle::Path(join_paths(&parts))),
                            ..Val::default()
                        }
                    }
                    "expanduser" | "resolve" | "absolute" | "with_suffix" | "with_name" => Val {
                        handle: Some(Handle::Path(p)),
                        ..Val::default()
                    },
                    "glob" | "rglob" | "iterdir" => {
                        // Each match lies under `p` and ends as the pattern does (`*.py`).
                        let pattern = first
                            .known()
                            .unwrap_or("*")
                            .rsplit('/')
                            .next()
                            .unwrap_or("*");
                        let tail = pattern.replace(['*', '?'], &UNKNOWN.to_string());
                        Val {
                            handle: Some(Handle::Path(format!("{p}/{UNKNOWN}/{tail}"))),
                            ..Val::default()
                        }
                    }
                    "chmod" => {
                        let mode = self.mode_text(node);
                        self.chmod(ln, &Val::lit(p), &mode);
                        Val::unknown()
                    }
                    _ => Val::unknown().with_taint(&recv.taint),
                }
            }
            (Some(Handle::Conn { url }), _) => {
                let url = url.clone();
                match name {
                    "connect" | "connect_ex" => {
                        let host = first.address_host();
                        self.connect(ln, host.as_deref());
                        if let Some(r) = recv_node.filter(|r| r.kind() == "identifier") {
                            let n = self.text(r).to_owned();
                            self.bind(
                                &n,
                                Val {
                                    handle: Some(Handle::Conn { url: host }),
                                    ..Val::default()
                                },
                            );
                        }
                        Val::unknown()
                    }
                    "send" | "sendall" | "sendto" | "sendmail" | "send_message" | "storbinary"
                    | "storlines" | "write" => {
                        self.sink.network(ln, url.as_deref(), all, true);
                        Val::unknown()
                    }
                    "request" | "putrequest" => {
                        let m = first.known().unwrap_or("GET").to_ascii_uppercase();
                        let sends = matches!(m.as_str(), "POST" | "PUT" | "PATCH")
                            || args.len() > 2
                            || kwargs.contains_key("body");
                        self.sink.network(ln, url.as_deref(), all, sends);
                        Val::unknown()
                    }
                    "recv" | "getresponse" | "read" | "makefile" => {
                        Val::unknown().with_taint(&Taint {
                            remote: true,
                            ..Taint::default()
                        })
                    }
                    "fileno" => Val::unknown(),
                    "bind" => {
                        let host = first.address_host();
                        self.listens(ln, host.as_deref());
                        Val::unknown()
                    }
                    _ => Val::unknown(),
                }
            }
            _ => match name {
                "decode" | "encode" | "strip" | "rstrip" | "lstrip" | "lower" | "upper"
                | "replace" | "expanduser" | "casefold" | "removeprefix" | "removesuffix" => {
                    let mut v = recv.clone();
                    v.handle = None;
                    if name == "replace" || v.taint.decoded && name == "decode" {
                        v.text = v.text.map(|_| UNKNOWN.to_string());
                    }
                    if name == "decode"
                        && args.first().and_then(|a| a.known()).is_some_and(|c| {
                            // Any codec but the plain text ones hides the text (rot13, EBCDIC).
                            let c = c.to_ascii_lowercase().replace(['-', '_'], "");
                            !matches!(
                                c.as_str(),
                                "utf8"
                                    | "ascii"
                                    | "latin1"
                                    | "iso88591"
                                    | "utf16"
                                    | "utf32"
                                    | "utf8sig"
                                    | "cp1252"
                                    | "usascii"
                                    | "ignore"
                                    | "replace"
                                    | "strict"
                            )
                        })
                    {
                        v.taint.decoded = true;
                        v.text = v.text.map(|_| UNKNOWN.to_string());
                    }
                    v.with_taint(&all.taint)
                }
                "format" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    if let Some(t) = &recv.text {
                        let mut out = String::new();
                        let mut depth = 0;
                        for c in t.chars() {
                            match c {
                                '{' => {
                                    depth += 1;
                                    if depth == 1 {
                                        out.push(UNKNOWN);
                                    }
                                }
                                '}' if depth > 0 => depth -= 1,
                                _ if depth == 0 => out.push(c),
                                _ => {}
                            }
                        }
                        v.text = Some(out);
                    }
                    v
                }
                "join" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    match (recv.known(), first.items.as_ref()) {
                        (Some(sep), Some(items)) => {
                            let parts: Vec<String> =
                                items.iter().map(Val::text_or_unknown).collect();
                            v.text = Some(parts.join(sep));
                        }
                        // Joined at run time: a string, but not a known one.
                        (Some(_), None) => v.text = Some(UNKNOWN.to_string()),
                        _ => {}
                    }
                    v
                }
                "decrypt" | "decompress" | "b64decode" | "fromhex" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    v.taint.decoded = true;
                    v
                }
                "get" | "post" | "put" | "patch" | "request"
                    if first.text.as_deref().is_some_and(|t| t.starts_with("http")) =>
                {
                    self.http(ln, name, args, kwargs)
                }
                "info" | "debug" | "warning" | "warn" | "error" | "critical" | "exception"
                    if recv_node
                        .is_some_and(|r| self.text(r).to_ascii_lowercase().contains("log")) =>
                {
                    self.sink.output(ln, all);
                    Val::unknown()
                }
                "read_text" | "read_bytes" if !recv.alts.is_empty() => {
                    let t = self.sink.read_val(ln, &recv);
                    Val::unknown().with_taint(&t)
                }
                "write_text" | "write_bytes" if !recv.alts.is_empty() => {
                    self.sink.write(ln, &recv, &first, false);
                    Val::unknown()
                }
                "copy" | "items" | "keys" | "values" | "read" | "text" | "json" | "readlines"
                | "splitlines" | "split" | "iter_content" | "get" | "pop" | "__getitem__" => {
                    Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint)
                }
                "system" | "popen" => {
                    let cmd = self.known_or_unknown(first, None);
                    self.sink
                        .exec_code(ln, Language::Shell, &cmd, &format!("`{name}`"));
                    Val::unknown()
                }
                _ => {
                    let result = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    match crate::caps::lookup(crate::caps::CALL_ROWS, name) {
                        Some(effect) => self.row_call(ln, name, effect, args, result),
                        None => result,
                    }
                }
            },
        }
    }

    /// A server bound to an address: on every interface, anyone on the network can reach it.
    fn listens(&mut self, ln: u32, host: Option<&str>) {
        if matches!(host, Some("0.0.0.0" | "" | "::")) {
            self.sink.add_rule(
                ln,
                Category::Network,
                Verdict::Suspicious,
                "listen-all-interfaces",
                vec!["network listen: all interfaces".into()],
                "listens on all network interfaces, so anyone who can reach the machine can connect",
            );
        }
    }

    /// The source text of a call's first argument (a mode such as `0o755` or `stat.S_IRWXU`).
    fn mode_text(&self, call: Node<'_>) -> String {
        call.field("arguments")
            .and_then(|a| named(a).next())
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default()
    }

    fn subprocess(
        &mut self,
        node: Node<'_>,
        q: &str,
        args: &[Val],
        arg_nodes: &[Node<'_>],
        kwargs: &HashMap<String, Val>,
        kw_nodes: &HashMap<String, Node<'_>>,
    ) -> Val {
        let ln = line(node);
        let shell = kwargs
            .get("shell")
            .and_then(|v| v.known())
            .is_some_and(|t| t != "False" && t != "0");
        if kw_nodes
            .get("env")
            .is_some_and(|n| self.text(*n).contains("LD_PRELOAD"))
        {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "injects a library into the command through LD_PRELOAD",
            );
        }
        let detached = kwargs
            .get("start_new_session")
            .and_then(|v| v.known())
            .is_some_and(|t| t == "True")
            || kw_nodes
                .get("preexec_fn")
                .is_some_and(|n| self.text(*n).contains("setsid"));
        let silent = kw_nodes
            .get("stdout")
            .is_some_and(|n| self.text(*n).contains("DEVNULL"))
            && kw_nodes
                .get("stderr")
                .is_some_and(|n| self.text(*n).contains("DEVNULL"));
        if detached && (silent || q == "subprocess.Popen") {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Suspicious,
                "starts a detached background process meant to outlive the run",
            );
        }
        if kw_nodes
            .get("stdin")
            .is_some_and(|n| self.text(*n).contains("fileno"))
            && self.sink.remote_socket
        {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "wires a network socket to a process: a reverse shell",
            );
        }
        let (first, first_node) = match q {
            "os.execv" | "os.execve" | "os.execvp" | "os.execvpe" | "os.spawnv" | "os.spawnvp"
            | "os.posix_spawn" | "os.posix_spawnp" => {
                (args.get(1).cloned(), arg_nodes.get(1).copied())
            }
            "os.spawnl" | "os.spawnlp" => (
                Some(Val {
                    items: Some(args.iter().skip(2).cloned().collect()),
                    ..Val::default()
                }),
                None,
            ),
            "os.execl" | "os.execlp" | "os.execle" | "asyncio.create_subprocess_exec" => (
                Some(Val {
                    items: Some(
                        args.iter()
                            .skip(if q == "asyncio.create_subprocess_exec" {
                                0
                            } else {
                                1
                            })
                            .cloned()
                            .collect(),
                    ),
                    ..Val::default()
                }),
                None,
            ),
            _ => (
                kwargs
                    .get("args")
                    .cloned()
                    .or_else(|| args.first().cloned()),
                arg_nodes.first().copied(),
            ),
        };
        let first = first.unwrap_or_default();
        if q == "pty.spawn" && self.sink.remote_socket {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "spawns a shell after connecting a socket: a reverse shell",
            );
        }
        let stdin = kwargs.get("input").cloned();
        if shell {
            let cmd = self.known_or_unknown(first, first_node);
            self.sink
                .exec_code(ln, Language::Shell, &cmd, &format!("`{q}` with shell=True"));
            return Val::unknown();
        }
        let argv: Vec<Val> = match (&first.items, first.known()) {
            (Some(items), _) => items.clone(),
            (None, Some(t)) => t.split_whitespace().map(Val::lit).collect(),
            (None, None) => {
                if first.taint.decoded || first.taint.remote {
                    self.sink
                        .exec_code(ln, Language::Shell, &first, &format!("`{q}`"));
                }
                return Val::unknown();
            }
        };
        let mut out = run_argv(self.sink, ln, &argv, stdin.as_ref());
        out.text = None;
        out
    }
}

/// `sys.executable` names the Python interpreter running the script.
fn interpreter_path(v: Val) -> Val {
    match &v.handle {
        Some(Handle::Module(m)) if m == "sys.executable" => Val::lit("python3"),
        _ => v,
    }
}

/// The name of the token variable a value was read from, if it is one.
fn env_token_name(t: &Taint) -> Option<&str> {
    t.secret
        .as_deref()?
        .strip_prefix("the ")?
        .strip_suffix(" environment variable")
}

/// Keyword arguments that hand a client its credentials.
fn is_credential_keyword(k: &str) -> bool {
    let k = k.to_ascii_lowercase();
    matches!(
        k.as_str(),
        "api_key"
            | "apikey"
            | "token"
            | "auth"
            | "auth_token"
            | "access_token"
            | "password"
            | "private_token"
            | "secret_key"
            | "aws_access_key_id"
            | "aws_secret_access_key"
            | "aws_session_token"
            | "login_or_token"
            | "bearer_token"
            | "client_secret"
    )
}
