//! JavaScript statements: declarations, functions, loops, imports, destructuring patterns.

use super::{Js, UNROLL_DEPTH, UNROLL_ITEMS, line, module_name, named};
use crate::engine::{Handle, Val};
use crate::host_check::HostCond;
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;
use crate::ts::Node;

impl Js<'_, '_, '_> {
    pub(super) fn bind_pattern(&mut self, pat: Node<'_>, val: Val) {
        match pat.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                let name = self.text(pat).to_owned();
                let v = match (&val.handle, pat.kind()) {
                    // `const { GITHUB_TOKEN } = process.env`: a read of that variable, as
                    // `process.env.GITHUB_TOKEN` is.
                    (Some(Handle::Module(m)), "shorthand_property_identifier_pattern")
                        if m == "process.env" =>
                    {
                        self.sink.read_env(line(pat), &name)
                    }
                    (Some(Handle::Module(m)), "shorthand_property_identifier_pattern") => {
                        super::expr::module_member(crate::scope::dotted(m, &name))
                    }
                    // `const { text, count } = generate()`: the member of that name when the
                    // object's members are known.
                    _ if pat.kind() == "shorthand_property_identifier_pattern" => {
                        match val.field(&name) {
                            Some(f) => val.member_of_closed(f),
                            None => Val::unknown().with_taint(&val.taint),
                        }
                    }
                    _ => val,
                };
                self.bind(&name, v);
            }
            "object_pattern" => {
                for c in named(pat) {
                    match c.kind() {
                        "pair_pattern" => {
                            // `const { [name]: run } = cp`: the member the computed key
                            // names, when the walk knows it.
                            let key = match c.field("key") {
                                Some(k) if k.kind() == "computed_property_name" => {
                                    let inner = named(k).next();
                                    inner
                                        .and_then(|e| self.eval(e).known().map(str::to_owned))
                                        .unwrap_or_else(|| self.text(k).to_owned())
                                }
                                Some(k) => self.text(k).to_owned(),
                                None => String::new(),
                            };
                            let v = match (&val.handle, val.field(&key)) {
                                (Some(Handle::Module(m)), _) if m == "process.env" => {
                                    self.sink.read_env(line(c), key.trim_matches(['"', '\'']))
                                }
                                (Some(Handle::Module(m)), _) => {
                                    super::expr::module_member(crate::scope::dotted(m, &key))
                                }
                                (_, Some(f)) => val.member_of_closed(f),
                                _ => Val::unknown().with_taint(&val.taint),
                            };
                            if let Some(t) = c.field("value") {
                                self.bind_pattern(t, v);
                            }
                        }
                        // `const { PATH, ...rest } = process.env`: the rest is the object
                        // without the members named before it, which the review keeps whole
                        // (the environment stays the environment).
                        "rest_pattern" => {
                            if let Some(inner) = c.named_child(0) {
                                self.bind_pattern(inner, val.clone());
                            }
                        }
                        _ => self.bind_pattern(c, val.clone()),
                    }
                }
            }
            "array_pattern" => {
                if let Some(items) = val.items.clone() {
                    // `const [key, value] = pair`: each name its element (the rest unknown). A
                    // hole counts (`const [, value] = pair`): the position is the commas before.
                    let mut at = 0;
                    for c in pat.children() {
                        if c.kind() == "," {
                            at += 1;
                            continue;
                        }
                        if !c.is_named() {
                            continue;
                        }
                        // `const [first, ...rest] = list`: the rest is the list of the
                        // elements from there on.
                        if c.kind() == "rest_pattern"
                            && let Some(inner) = c.named_child(0)
                        {
                            let rest = items.get(at..).map(<[Val]>::to_vec).unwrap_or_default();
                            self.bind_pattern(inner, Val::list(rest).with_taint(&val.taint));
                            continue;
                        }
                        let v = match (c.kind(), items.get(at)) {
                            ("identifier", Some(item)) => item.clone(),
                            _ => Val::unknown(),
                        };
                        self.bind_pattern(c, v.with_taint(&val.taint));
                    }
                    return;
                }
                // `const [, , version] = process.argv`: arguments of the command line.
                let mut taint = val.taint.clone();
                taint.arg |= matches!(&val.handle, Some(Handle::Module(m)) if m == "process.argv");
                for c in named(pat) {
                    // `const [k, ...v] = line.split('=')`: the rest holds the line's data too.
                    let c = match c.kind() {
                        "rest_pattern" => c.named_child(0).unwrap_or(c),
                        _ => c,
                    };
                    self.bind_pattern(c, Val::unknown().with_taint(&taint));
                }
            }
            "assignment_pattern" | "object_assignment_pattern" => {
                // `const { dir = os.homedir() } = opts`, `[a = DEFAULT] = list`: the default
                // when the member is missing, or it alongside a value the review cannot know.
                let Some(l) = pat.field("left") else {
                    return;
                };
                let default = pat.field("right").map(|r| self.eval(r));
                match default {
                    Some(d) if l.kind() == "shorthand_property_identifier_pattern" => {
                        let name = self.text(l).to_owned();
                        match (&val.handle, val.field(&name)) {
                            (Some(Handle::Module(_)), _) => self.bind_pattern(l, val),
                            (_, Some(f)) => {
                                let f = f.clone().with_taint(&val.taint);
                                self.bind(&name, f);
                            }
                            _ => self.bind(&name, d.or_unknown().with_taint(&val.taint)),
                        }
                    }
                    Some(d) if val.is_blank() => {
                        self.bind_pattern(l, d.or_unknown().with_taint(&val.taint));
                    }
                    _ => self.bind_pattern(l, val),
                }
            }
            _ => {}
        }
    }

    pub(super) fn stmts(&mut self, node: Node<'_>) {
        for c in named(node) {
            self.stmt(c);
            if c.kind() == "if_statement" {
                self.loopback_guard(c);
                self.host_guard(c);
            }
        }
    }

    pub(super) fn function(&mut self, name: String, node: Node<'_>) {
        self.function_body(name.clone(), node);
        // Calls whose list argument names another program: the body with each.
        for (k, alt) in self.scope.param_alternatives(&name).iter().enumerate() {
            let old = self.scope.swap_params(&name, alt);
            let outer = self.scope.walk_alternative(Some((name.clone(), k)));
            self.function_body(name.clone(), node);
            self.scope.walk_alternative(outer);
            self.scope.restore_params(&name, old);
        }
    }

    fn function_body(&mut self, name: String, node: Node<'_>) {
        self.scope.enter(name.clone());
        self.parameter_defaults(node);
        if let Some(body) = node.field("body") {
            if body.kind() == "statement_block" {
                self.stmts(body);
            } else {
                let v = self.eval(body);
                self.scope.add_return(v);
            }
            self.note_predicate(&name, node, body);
        }
        self.scope.leave();
    }

    /// Parameters with a default value (`function f(dir = 'dist')`) hold it when no call
    /// passes one (and may hold either when one does); TypeScript parameter properties
    /// (`constructor(private readonly root = path.join(HOME, 'x'))`) are also `this.root`.
    fn parameter_defaults(&mut self, node: Node<'_>) {
        let Some(ps) = node.field("parameters") else {
            return;
        };
        for (i, p) in named(ps).enumerate() {
            // A destructured parameter (`{ url = DEFAULT } = {}`): its names take the members
            // of what a call passed at its position (see `params_of`), their defaults when
            // none did.
            let (pattern, default) = match p.kind() {
                "object_pattern" | "array_pattern" => (Some(p), None),
                "assignment_pattern" => (p.field("left"), p.field("right")),
                "required_parameter" | "optional_parameter" => {
                    (p.field("pattern"), p.field("value"))
                }
                _ => (None, None),
            };
            if let Some(pattern) =
                pattern.filter(|x| matches!(x.kind(), "object_pattern" | "array_pattern"))
            {
                let passed = self.lookup(&format!("#{i}"));
                let v = match (passed, default) {
                    (Some(given), Some(d)) => given.union(&self.eval(d)),
                    (None, Some(d)) => self.eval(d),
                    (Some(given), None) => given,
                    (None, None) => Val::unknown(),
                };
                self.bind_pattern(pattern, v);
                continue;
            }
            let (id, default) = match p.kind() {
                "assignment_pattern" => (p.field("left"), p.field("right")),
                "required_parameter" | "optional_parameter" => {
                    (p.field("pattern"), p.field("value"))
                }
                _ => continue,
            };
            let Some(id) = id.filter(|i| i.kind() == "identifier") else {
                continue;
            };
            // `function clear(paths: Paths)` with `Paths` a class of the script: `paths` is an
            // instance of it (`paths.targets()` is its method), as a variable given `new
            // Paths()` is.
            if let Some(class) = named(p)
                .find(|c| c.kind() == "type_annotation")
                .and_then(|t| named(t).next())
                .filter(|t| t.kind() == "type_identifier")
                .map(|t| self.text(t).to_owned())
                .filter(|c| self.classes.contains_key(c))
            {
                self.instances.insert(self.text(id).to_owned(), class);
            }
            let property = named(p).any(|c| c.kind() == "accessibility_modifier")
                || self.text(p).starts_with("readonly ");
            if default.is_none() && !property {
                continue;
            }
            let name = self.text(id).to_owned();
            let passed = self.lookup(&name);
            let v = match (passed, default) {
                (Some(given), Some(d)) => given.union(&self.eval(d)),
                (None, Some(d)) => self.eval(d),
                (Some(given), None) => given,
                (None, None) => Val::unknown(),
            };
            if default.is_some() {
                self.bind(&name, v.clone());
            }
            if property {
                let v = match self.this_val.field(&name) {
                    Some(old) if *old != v => old.union(&v),
                    _ => v,
                };
                self.this_val.set_field(&[name.as_str()], v);
            }
        }
    }

    /// The script's class `node` is an instance of: `new Template(rows)` (with `await`
    /// or parentheses around it), or a variable given one.
    pub(super) fn instance_class(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "parenthesized_expression" | "await_expression" => {
                self.instance_class(node.named_child(0)?)
            }
            "new_expression" => {
                let c = node.field("constructor")?;
                let name = self.text(c);
                (c.kind() == "identifier" && self.classes.contains_key(name))
                    .then(|| name.to_owned())
            }
            // `Paths.root()`, `Paths.ROOT` of a class of the script: its static members.
            "identifier"
                if self.lookup(self.text(node)).is_none()
                    && self.classes.contains_key(self.text(node)) =>
            {
                Some(self.text(node).to_owned())
            }
            "identifier" => self.instances.get(self.text(node)).cloned(),
            // `new Cleaner().add("dist").add(dir)`: a chain of the class's own methods (a
            // builder whose methods return `this`) is an instance of the class still.
            "call_expression" => {
                let f = node
                    .field("function")
                    .filter(|f| f.kind() == "member_expression")?;
                let class = self.instance_class(f.field("object")?)?;
                let method = self.text(f.field("property")?);
                self.classes
                    .get(&class)
                    .is_some_and(|m| m.contains(method))
                    .then_some(class)
            }
            _ => None,
        }
    }

    /// What iterating over `node` gives (`for (const s of node)`, `[...node]`,
    /// `Array.from(node)`, `yield* node`): for an instance of a class of the script that
    /// defines the iterator protocol (`*[Symbol.iterator]() { yield ... }`, its async kin, or
    /// one returning a list), what that method yields or returns; else `node`'s value.
    pub(super) fn iterated(&mut self, node: Node<'_>) -> Val {
        let v = self.eval(node);
        match self.protocol_elements(node) {
            Some(elems) => elems.with_taint(&v.taint),
            None => v,
        }
    }

    /// The elements an instance of a class of the script gives when iterated (see
    /// [`Js::iterated`]); `None` when `node` is no such instance.
    pub(super) fn protocol_elements(&mut self, node: Node<'_>) -> Option<Val> {
        const PROTOCOL: &[&str] = &["[Symbol.iterator]", "[Symbol.asyncIterator]"];
        let class = self.instance_class(node)?;
        let methods = self.classes.get(&class)?;
        let m = *PROTOCOL.iter().find(|m| methods.contains(**m))?;
        if !self.scope.funcs.contains_key(m) {
            return None;
        }
        let elems = self.scope.call_user(m, &[]);
        Some(if elems.items.is_some() {
            elems
        } else {
            // An iterator the walk cannot take apart: its elements are unknown, with what the
            // method returned.
            Val::list(vec![Val::unknown().with_taint(&elems.taint)])
        })
    }

    /// The class of the first element of an array literal whose every element is a new
    /// instance of a class of the script (`[new Docker(), new Fly()]`).
    fn instances_listed(&self, node: Node<'_>) -> Option<String> {
        let node = match node.kind() {
            "as_expression" | "satisfies_expression" | "parenthesized_expression" => {
                named(node).next()?
            }
            _ => node,
        };
        if node.kind() != "array" {
            return None;
        }
        let classes: Vec<Option<String>> = named(node)
            .map(|e| {
                (e.kind() == "new_expression")
                    .then(|| self.instance_class(e))
                    .flatten()
            })
            .collect();
        if classes.is_empty() || classes.iter().any(Option::is_none) {
            return None;
        }
        classes.into_iter().next().flatten()
    }

    /// `for (const p of probes)`, `probes.forEach((p) => ...)` over a list of instances (see
    /// `instance_lists`): the loop variable, the callback's element parameter, is one.
    pub(super) fn note_listed_instance(&mut self, list: Node<'_>, var: Node<'_>) {
        if list.kind() != "identifier" || var.kind() != "identifier" {
            return;
        }
        if let Some(class) = self.instance_lists.get(self.text(list)).cloned() {
            self.instances.insert(self.text(var).to_owned(), class);
        }
    }

    /// The script's class whose body holds `node` (the `this` of its methods).
    pub(super) fn enclosing_class(&self, node: Node<'_>) -> Option<String> {
        let mut at = node.parent();
        while let Some(n) = at {
            if matches!(
                n.kind(),
                "class_declaration" | "abstract_class_declaration" | "class"
            ) {
                let name = self.text(n.field("name")?);
                return self.classes.contains_key(name).then(|| name.to_owned());
            }
            at = n.parent();
        }
        None
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) {
        // A statement only the user's opt-in reaches (`if (opts.publish)`): see
        // `crate::opt_in`.
        let requested_before = self.sink.on_request;
        self.sink.on_request |= self.gates.covers(node.start_byte());
        self.stmt_walk(node);
        self.sink.on_request = requested_before;
    }

    fn stmt_walk(&mut self, node: Node<'_>) {
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
                    if name.kind() == "identifier" {
                        let var = self.text(name).to_owned();
                        match value.and_then(|v| self.literal_set(&var, v)) {
                            Some(strings) => {
                                self.literal_sets.insert(var.clone(), strings);
                            }
                            None => {
                                self.literal_sets.remove(&var);
                            }
                        }
                        let cond = value
                            .filter(|v| {
                                self.text(node).starts_with("const") && self.may_check_host(*v)
                            })
                            .map(|v| self.host_cond(v))
                            .filter(|c| *c != HostCond::Other);
                        match cond {
                            Some(c) => {
                                self.host_conds.insert(var.clone(), c);
                            }
                            None => {
                                self.host_conds.remove(&var);
                            }
                        }
                        // `const u = new URL(base)`
                        let of = value
                            .filter(|v| {
                                v.kind() == "new_expression"
                                    && v.field("constructor")
                                        .is_some_and(|c| self.text(c) == "URL")
                            })
                            .and_then(|v| v.field("arguments"))
                            .and_then(|a| {
                                let mut args = named(a);
                                match (args.next(), args.next()) {
                                    (Some(a), None) => self.url_path(a),
                                    _ => None,
                                }
                            });
                        match of {
                            Some(of) => {
                                self.url_objects.insert(var.clone(), of);
                            }
                            None => {
                                self.url_objects.remove(&var);
                            }
                        }
                        match value.and_then(|v| self.host_subject(v)) {
                            Some(url) => {
                                self.host_vars.insert(var, url);
                            }
                            None => {
                                self.host_vars.remove(&var);
                            }
                        }
                    }
                    if name.kind() == "object_pattern" {
                        self.destructured_host(name, value);
                    }
                    if name.kind() == "identifier"
                        && value.is_some_and(|v| {
                            v.kind() == "new_expression"
                                && v.field("constructor")
                                    .is_some_and(|c| self.text(c) == "Map")
                        })
                    {
                        let var = self.text(name).to_owned();
                        self.maps.insert(var);
                    }
                    if name.kind() == "identifier"
                        && let Some(class) = value.and_then(|v| self.instance_class(v))
                    {
                        let var = self.text(name).to_owned();
                        self.instances.insert(var, class);
                    }
                    if name.kind() == "identifier"
                        && let Some(class) = value.and_then(|v| self.instances_listed(v))
                    {
                        let var = self.text(name).to_owned();
                        self.instance_lists.insert(var, class);
                    }
                    // `let tmp;` (or `= undefined`, `= null`, an empty array, an empty
                    // string `let rpcUrl = ""` a start-up function fills in): what the script
                    // assigns or pushes later.
                    let empty_array =
                        value.is_some_and(|v| v.kind() == "array" && named(v).next().is_none());
                    let empty = empty_array
                        || value.is_none_or(|v| {
                            matches!(v.kind(), "undefined" | "null")
                                || (v.kind() == "identifier" && self.text(v) == "undefined")
                                || (v.kind() == "string" && matches!(self.text(v), "\"\"" | "''"))
                        });
                    let val = if empty && name.kind() == "identifier" {
                        let n = self.text(name).to_owned();
                        let none = value.map(|v| self.eval(v)).unwrap_or_default();
                        self.scope.declare_empty(&n, none)
                    } else {
                        value.map(|v| self.eval(v)).unwrap_or_default()
                    };
                    self.bind_pattern(name, val);
                    if name.kind() == "identifier"
                        && let Some(v) = value
                    {
                        self.rewalk_own_callbacks(self.text(name), v);
                    }
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
                    .map(|c| self.returned(c))
                    .unwrap_or_default();
                self.scope.add_return(v);
            }
            "import_statement" => self.import(node),
            // `declare const Bun: {...}`, `declare global {...}`: types of what the runtime
            // already has, no values; the names keep meaning the runtime's own objects.
            "ambient_declaration" => {}
            "enum_declaration" => self.enum_declaration(node),
            "with_statement" => self.with_statement(node),
            "internal_module" | "module" => self.namespace(node),
            "for_in_statement" => {
                // `for (const s of plan)` over an instance of a class of the script: what its
                // iterator yields; `for (k in obj)`: the object's value, as before.
                let of = node.field("operator").is_some_and(|o| self.text(o) == "of");
                if of && let (Some(l), Some(r)) = (node.field("left"), node.field("right")) {
                    self.note_listed_instance(r, l);
                }
                let right = node
                    .field("right")
                    .map(|r| if of { self.iterated(r) } else { self.eval(r) })
                    .unwrap_or_default();
                let elem = match &right.items {
                    // `for (const [k, v] of Object.entries(cfg))`: pairs, each position the
                    // values it takes in turn.
                    Some(items)
                        if !items.is_empty()
                            && items
                                .iter()
                                .all(|i| i.items.as_ref().is_some_and(|p| p.len() == 2)) =>
                    {
                        let at = |n: usize| -> Vec<Val> {
                            items
                                .iter()
                                .filter_map(|i| i.items.as_ref().map(|p| p[n].clone()))
                                .collect()
                        };
                        let (keys, values) = (Val::any_of(&at(0)), Val::any_of(&at(1)));
                        // The secret the values carry is theirs, not their names'
                        // (`for (const [name, value] of Object.entries(secrets))`): a name
                        // taken apart gets the rest of what the whole holds. A pair kept
                        // whole (`for (const entry of ...) out.push(entry)`) holds its value.
                        let taken_apart = node
                            .field("left")
                            .is_some_and(|l| l.kind() == "array_pattern");
                        let named = taken_apart
                            && right.taint.secret.is_some()
                            && keys.taint.secret.is_none()
                            && values.taint.secret == right.taint.secret;
                        let mut pair = Val::list(vec![keys, values]);
                        pair.taint = match named {
                            true => right.taint.names_only(),
                            false => right.taint.clone(),
                        };
                        pair
                    }
                    // An element also holds what the array was given as a whole
                    // (`found.push(secret)` on `[]`).
                    Some(items) => Val::any_of(items).with_taint(&right.taint),
                    None => Val::unknown().with_taint(&right.taint),
                };
                // `for (const [cmd, args] of [["curl", [...]], ["sh", [...]]])`: tuples
                // taken apart in the body (a program and its arguments, a path and its
                // content), and records read by member (`for (const fix of [{argv: [...]},
                // ...]) run(fix.argv)`). Blended, each place would be either item's value and
                // the pairs judged would be ones the script never makes: the body is walked
                // once per item, as Python unrolls a loop over a literal collection.
                if let (Some(items), Some(l), Some(b)) =
                    (&right.items, node.field("left"), node.field("body"))
                    && node.field("operator").is_some_and(|o| self.text(o) == "of")
                    && (2..=UNROLL_ITEMS).contains(&items.len())
                    && self.unroll < UNROLL_DEPTH
                    && !right.taint.env
                    && items.iter().all(|i| {
                        i.items.as_ref().is_some_and(|t| t.len() >= 2) || !i.fields.is_empty()
                    })
                    && items.windows(2).any(|w| w[0] != w[1])
                {
                    self.unroll += 1;
                    for item in items.clone() {
                        self.bind_pattern(l, item.with_taint(&right.taint));
                        self.stmt(b);
                    }
                    self.unroll -= 1;
                    return;
                }
                let mut elem = elem;
                if right.taint.env
                    && let (Some(l), Some(b)) = (node.field("left"), node.field("body"))
                    && self.env_prefix_skip(l, b)
                {
                    // `for (const [k, v] of Object.entries(process.env)) { if
                    // (!k.startsWith('PROJ_')) continue; ...}`: the tool's own settings only.
                    elem = clear_env(elem);
                }
                if let Some(l) = node.field("left") {
                    self.bind_pattern(l, elem);
                }
                if let Some(b) = node.field("body") {
                    self.stmt(b);
                }
            }
            "for_statement" => self.for_statement(node),
            "expression_statement" => {
                for c in named(node) {
                    self.eval(c);
                }
                // `assertLocal(base)` of a function that refuses other hosts: after it,
                // `base` points at one of them.
                self.host_guard_call(node);
            }
            // `if (n.startsWith('.env')) { ... }` over a name the walk knows nothing of: in
            // the consequence the name begins with the prefix; afterwards it is what it was.
            "if_statement"
                if node.field("alternative").is_none()
                    && let Some((name, shaped)) = self.prefix_test(node) =>
            {
                if let Some(c) = node.field("condition") {
                    self.eval(c);
                }
                let old = self.lookup(&name);
                self.bind(&name, shaped);
                if let Some(b) = node.field("consequence") {
                    self.stmt(b);
                }
                if let Some(o) = old {
                    self.bind(&name, o);
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
                let guards = self.confined.len();
                for c in named(node) {
                    let ck = c.kind();
                    if ck == "if_statement"
                        && let Some(g) = self.prefix_guard(c)
                    {
                        self.confined.push(g);
                    }
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
                    if ck == "if_statement" {
                        self.loopback_guard(c);
                        self.host_guard(c);
                    }
                }
                self.confined.truncate(guards);
            }
            _ => {
                self.eval(node);
            }
        }
    }

    /// What a `return` gives: a function written there (a factory's `return function
    /// send(line) { ... }`, `return () => ...`) is a value that calls it, so the caller's
    /// `send(x)` passes `x` to its parameters and gets what it returns.
    fn returned(&mut self, c: Node<'_>) -> Val {
        self.function_value(c)
    }

    /// `for (init; cond; step) body`. A counted loop whose count is known (`for (let i = 0;
    /// i < depth; i++) dir = path.dirname(dir)` with `depth` 3) is walked once per turn (at
    /// most [`UNROLL_ITEMS`]), the counter holding each turn's number: what the body does to
    /// a variable it did that many times (a path climbed three levels, not one). Any other
    /// counter takes values the walk does not know (not only its start: `parts[i]` of
    /// `for (let i = 0; i < parts.length; i++)` is any element, not the first one).
    fn for_statement(&mut self, node: Node<'_>) {
        if let Some(init) = node.field("initializer") {
            self.stmt(init);
        }
        let counter = self.loop_counter(node);
        let turns = counter.as_ref().and_then(|(name, start)| {
            let n = self.loop_turns(node, name, *start)?;
            (self.unroll < UNROLL_DEPTH && (1..=UNROLL_ITEMS).contains(&n)).then_some(n)
        });
        match (&counter, turns) {
            (Some((name, Some(start))), Some(n)) => {
                let (name, start) = (name.clone(), *start);
                self.unroll += 1;
                for k in 0..n {
                    self.bind(&name, Val::lit((start + k as u64).to_string()));
                    if let Some(c) = node.field("condition") {
                        self.stmt(c);
                    }
                    if let Some(b) = node.field("body") {
                        self.stmt(b);
                    }
                }
                self.unroll -= 1;
                self.bind(&name, Val::lit((start + n as u64).to_string()));
            }
            _ => {
                if let Some((name, _)) = &counter {
                    self.bind(name, Val::unknown());
                }
                for f in ["condition", "body", "increment"] {
                    if let Some(c) = node.field(f) {
                        match f {
                            "increment" => {
                                self.eval(c);
                            }
                            _ => self.stmt(c),
                        }
                    }
                }
                if let Some((name, _)) = &counter {
                    self.bind(name, Val::unknown());
                }
            }
        }
    }

    /// The counter of a `for` loop, with its start when that is a whole number: the variable
    /// the loop's step changes (`i++`, `i += 60`, `i = i + 1`).
    fn loop_counter(&self, node: Node<'_>) -> Option<(String, Option<u64>)> {
        let step = node.field("increment")?;
        let target = match step.kind() {
            "update_expression" => step.field("argument")?,
            "augmented_assignment_expression" | "assignment_expression" => step.field("left")?,
            _ => return None,
        };
        if target.kind() != "identifier" {
            return None;
        }
        let name = self.text(target).to_owned();
        let start = self
            .lookup(&name)
            .and_then(|v| v.known().and_then(|t| t.parse::<u64>().ok()));
        Some((name, start))
    }

    /// How many times `for (i = start; i < N; i++)` turns, when `N` is known: the step adds
    /// one, the test is `<` or `<=` against a whole number.
    fn loop_turns(&mut self, node: Node<'_>, name: &str, start: Option<u64>) -> Option<usize> {
        let start = start?;
        let step = node.field("increment")?;
        let adds_one = match step.kind() {
            "update_expression" => self.text(step).contains("++"),
            "augmented_assignment_expression" => {
                self.text(step).contains("+=")
                    && step.field("right").is_some_and(|r| self.text(r) == "1")
            }
            _ => false,
        };
        let cond = node.field("condition")?;
        let cond = match cond.kind() {
            "expression_statement" => cond.named_child(0)?,
            _ => cond,
        };
        if !adds_one
            || cond.kind() != "binary_expression"
            || cond.field("left").is_none_or(|l| self.text(l) != name)
        {
            return None;
        }
        let op = cond.field("operator").map(|o| self.text(o).to_owned())?;
        let bound = cond.field("right").map(|r| self.eval(r))?;
        let bound = bound.known()?.parse::<u64>().ok()?;
        let end = match op.as_str() {
            "<" => bound,
            "<=" => bound + 1,
            _ => return None,
        };
        usize::try_from(end.saturating_sub(start)).ok()
    }

    /// The value of an expression; a function written there is a value that calls it (see
    /// [`Self::returned`]).
    pub(super) fn function_value(&mut self, c: Node<'_>) -> Val {
        let mut v = self.eval(c);
        if matches!(
            c.kind(),
            "arrow_function" | "function_expression" | "function"
        ) && v.handle.is_none()
        {
            let name = crate::scope::anon_name(c.start_byte());
            let params = self.params_of(c);
            if !params.is_empty() {
                self.anon_fns.insert(name.clone(), params);
            }
            v.handle = Some(Handle::Func(name));
        }
        v
    }

    /// `const sock = tls.connect(opts, () => { sock.write(data) })`: a callback given to the
    /// call that makes the variable uses the variable, which it holds only once the call
    /// returns (the callback runs later); walked again once it is bound.
    fn rewalk_own_callbacks(&mut self, name: &str, value: Node<'_>) {
        if !matches!(value.kind(), "call_expression" | "new_expression") {
            return;
        }
        let Some(args) = value.field("arguments") else {
            return;
        };
        let name = name.to_owned();
        let callbacks: Vec<Node<'_>> = named(args)
            .filter(|a| {
                matches!(
                    a.kind(),
                    "arrow_function" | "function_expression" | "function"
                )
            })
            .filter(|a| {
                self.text(*a)
                    .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '$')
                    .any(|w| w == name)
            })
            .collect();
        for f in callbacks {
            self.eval(f);
        }
    }

    /// `with (require('child_process')) { execSync(cmd) }`: in the body a bare name of a
    /// function of the module is that function (the names the rows of `api.rs` know); the old
    /// values come back after it (a name it left bound stays the module's function, which can
    /// only make a later call stricter).
    fn with_statement(&mut self, node: Node<'_>) {
        let object = node
            .field("object")
            .map(|o| self.eval(o))
            .unwrap_or_default();
        let mut saved = Vec::new();
        if let Some(Handle::Module(m)) = &object.handle {
            for (modules, names, _) in super::api::CALLS {
                if !modules.contains(&m.as_str()) {
                    continue;
                }
                for n in names.iter().filter(|n| **n != "*") {
                    saved.push((*n, self.lookup(n)));
                    self.bind(n, Val::module(crate::scope::dotted(m, n)));
                }
            }
        }
        if let Some(b) = node.field("body") {
            self.stmt(b);
        }
        for (n, old) in saved {
            if let Some(v) = old {
                self.bind(n, v);
            }
        }
    }

    /// A TypeScript `enum` (`enum Files { Tasks = 'tasks.json' }`): an object whose members
    /// hold their values (a member without one, its number), so `Files.Tasks` is the text it
    /// names.
    pub(super) fn enum_declaration(&mut self, node: Node<'_>) {
        let (Some(name), Some(body)) = (node.field("name"), node.field("body")) else {
            return;
        };
        let mut obj = Val::unknown();
        let mut next = 0_i64;
        for m in named(body) {
            let (key, value) = match m.kind() {
                "enum_assignment" => (m.field("name"), m.field("value")),
                "property_identifier" | "string" => (Some(m), None),
                _ => continue,
            };
            let Some(key) = key else { continue };
            let key = self.key_name(key);
            let key = key
                .trim_matches(|ch| matches!(ch, '"' | '\'' | '`'))
                .to_owned();
            let v = match value {
                Some(v) => self.eval(v),
                None => Val::lit(next.to_string()),
            };
            let number = v.known().and_then(|t| t.parse::<i64>().ok());
            next = number.map_or(next + 1, |n| n + 1);
            obj.taint.join(&v.taint);
            obj.set_field(&[key.as_str()], v);
            // A numeric member also maps its number back to its name (`ConfigFile[3]` is
            // `"settings"`), as TypeScript compiles it.
            if let Some(n) = number {
                obj.set_field(&[n.to_string().as_str()], Val::lit(key));
            }
        }
        let name = self.text(name).to_owned();
        self.bind(&name, obj);
    }

    /// A TypeScript `namespace Api { export const HOST = '...' }`: its body is walked as
    /// statements, and the namespace is an object of what it exports (`Api.HOST`).
    pub(super) fn namespace(&mut self, node: Node<'_>) {
        let Some(body) = node.field("body") else {
            return;
        };
        self.stmt(body);
        let Some(name) = node.field("name").filter(|n| n.kind() == "identifier") else {
            return;
        };
        let mut obj = Val::unknown();
        for e in named(body).filter(|e| e.kind() == "export_statement") {
            for d in named(e) {
                let names: Vec<String> = match d.kind() {
                    "lexical_declaration" | "variable_declaration" => named(d)
                        .filter(|x| x.kind() == "variable_declarator")
                        .filter_map(|x| x.field("name"))
                        .filter(|n| n.kind() == "identifier")
                        .map(|n| self.text(n).to_owned())
                        .collect(),
                    "enum_declaration" | "internal_module" | "class_declaration" => d
                        .field("name")
                        .map(|n| vec![self.text(n).to_owned()])
                        .unwrap_or_default(),
                    // `export function send(data)`: `Api.send(x)` calls it (its parameters
                    // take the arguments, the call gives what it returns).
                    "function_declaration" | "generator_function_declaration" => {
                        if let Some(f) = d
                            .field("name")
                            .map(|n| self.text(n).to_owned())
                            .filter(|f| self.scope.funcs.contains_key(f))
                        {
                            let member = Val {
                                handle: Some(Handle::Func(f.clone())),
                                ..Val::default()
                            };
                            obj.set_field(&[f.as_str()], member);
                        }
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                for n in names {
                    let v = self.lookup(&n).unwrap_or_default();
                    obj.taint.join(&v.taint);
                    obj.set_field(&[n.as_str()], v);
                }
            }
        }
        let name = self.text(name).to_owned();
        self.bind(&name, obj);
    }

    /// `if (n.startsWith('.env'))` (a known prefix of a file name) on a name the walk knew
    /// nothing of: the name and its shape in the consequence, the prefix and a rest nobody
    /// knows. A name the walk knows keeps its value.
    fn prefix_test(&mut self, node: Node<'_>) -> Option<(String, Val)> {
        let cond = node.field("condition")?;
        let cond = match cond.kind() {
            "parenthesized_expression" => cond.named_child(0)?,
            _ => cond,
        };
        let func = cond
            .field("function")
            .filter(|f| cond.kind() == "call_expression" && f.kind() == "member_expression")?;
        if func.field("property").map(|p| self.text(p)) != Some("startsWith") {
            return None;
        }
        let subject = func.field("object").filter(|o| o.kind() == "identifier")?;
        let name = self.text(subject).to_owned();
        let old = self.lookup(&name)?;
        let arg = cond.field("arguments").and_then(|a| named(a).next())?;
        let prefix = self.eval(arg).known()?.to_owned();
        // `if (line.startsWith('SLACK_BOT_TOKEN='))` over the lines of the project's `.env`:
        // in its branch the line holds that one variable.
        if let Some(key) = crate::engine::dotenv_key(&prefix) {
            let mut shaped = old
                .shaped_by_prefixes(std::slice::from_ref(&prefix))
                .unwrap_or_else(|| old.clone());
            let before = shaped.taint.clone();
            shaped.taint.narrow_to_dotenv_key(key);
            if shaped.taint != before {
                return Some((name, shaped));
            }
        }
        Some((name, old.shaped_by_prefixes(&[prefix])?))
    }

    /// `if (!p.startsWith(DIR)) continue;` (or `return`, `throw`, `break`): after it, in the
    /// same block, `p` is a path under the known directory `DIR`. The guard and the expression
    /// it names, with the prefix.
    fn prefix_guard(&mut self, node: Node<'_>) -> Option<(String, String)> {
        if node.field("alternative").is_some() {
            return None;
        }
        let cond = node.field("condition")?;
        let cond = match cond.kind() {
            "parenthesized_expression" => cond.named_child(0)?,
            _ => cond,
        };
        let call = (cond.kind() == "unary_expression" && self.text(cond).starts_with('!'))
            .then(|| cond.field("argument"))??;
        let call = match call.kind() {
            "parenthesized_expression" => call.named_child(0)?,
            _ => call,
        };
        if let Some(g) = self.predicate_guard(call) {
            return node
                .field("consequence")
                .is_some_and(|c| leaves_block(c))
                .then_some(g);
        }
        let func = call
            .field("function")
            .filter(|f| f.kind() == "member_expression")?;
        if func.field("property").map(|p| self.text(p)) != Some("startsWith") {
            return None;
        }
        let subject = func.field("object")?;
        if !matches!(subject.kind(), "identifier" | "member_expression") {
            return None;
        }
        let mut args = call
            .field("arguments")
            .map(named)?
            .collect::<Vec<_>>()
            .into_iter();
        let (Some(prefix), None) = (args.next(), args.next()) else {
            return None;
        };
        let leaves = node.field("consequence").is_some_and(|c| {
            let c = match c.kind() {
                "statement_block" => {
                    let mut kids = named(c);
                    match (kids.next(), kids.next()) {
                        (Some(k), None) => k,
                        _ => return false,
                    }
                }
                _ => c,
            };
            matches!(
                c.kind(),
                "continue_statement" | "return_statement" | "throw_statement" | "break_statement"
            )
        });
        if !leaves {
            return None;
        }
        // A directory, not a bare root: `/` or an empty prefix confines nothing.
        // Known but for the script's own directory left by `..` (`resolve(__dirname, '..')`).
        let dir = self.eval(prefix).text?;
        if dir.replace(&format!("{UNKNOWN}/.."), "").contains(UNKNOWN) {
            return None;
        }
        if dir.trim_end_matches('/').is_empty() {
            return None;
        }
        Some((self.text(subject).to_owned(), dir))
    }

    /// Whether a loop over the environment (its variable pattern `left`, its `body`) first
    /// skips every variable whose name does not start with a prefix of one tool's own
    /// settings ([`crate::places::own_env_prefix`]): `if (!k.startsWith('PROJ_')) continue;`,
    /// also with further reasons to skip (`|| v === undefined`).
    fn env_prefix_skip(&mut self, left: Node<'_>, body: Node<'_>) -> bool {
        let key = match left.kind() {
            "identifier" => Some(left),
            "array_pattern" => named(left).next(),
            _ => left.field("name").and_then(|n| match n.kind() {
                "array_pattern" => named(n).next(),
                _ => Some(n),
            }),
        };
        let Some(key) = key.filter(|k| k.kind() == "identifier") else {
            return false;
        };
        let key = self.text(key).to_owned();
        let first = match body.kind() {
            "statement_block" => named(body).find(|c| c.kind() != "comment"),
            _ => Some(body),
        };
        let Some(stmt) = first.filter(|f| f.kind() == "if_statement") else {
            return false;
        };
        if stmt.field("alternative").is_some() {
            return false;
        }
        let skips = stmt.field("consequence").is_some_and(|c| {
            let c = match c.kind() {
                "statement_block" => {
                    let mut kids = named(c);
                    match (kids.next(), kids.next()) {
                        (Some(k), None) => k,
                        _ => return false,
                    }
                }
                _ => c,
            };
            c.kind() == "continue_statement"
        });
        if !skips {
            return false;
        }
        // The disjuncts of the condition: any of them true skips the variable.
        let mut todo: Vec<Node<'_>> = stmt.field("condition").into_iter().collect();
        while let Some(n) = todo.pop() {
            match n.kind() {
                "parenthesized_expression" => todo.extend(n.named_child(0)),
                "binary_expression"
                    if n.field("operator").is_some_and(|o| self.text(o) == "||") =>
                {
                    todo.extend(n.field("left"));
                    todo.extend(n.field("right"));
                }
                "unary_expression" if self.text(n).starts_with('!') => {
                    let Some(call) = n.field("argument") else {
                        continue;
                    };
                    let Some(func) = call
                        .field("function")
                        .filter(|f| f.kind() == "member_expression")
                    else {
                        continue;
                    };
                    if func.field("property").map(|p| self.text(p)) != Some("startsWith")
                        || func.field("object").map(|o| self.text(o)) != Some(key.as_str())
                    {
                        continue;
                    }
                    let mut args = call.field("arguments").map(named).into_iter().flatten();
                    if let (Some(a), None) = (args.next(), args.next())
                        && let Some(p) = self.eval(a).known().map(str::to_owned)
                        && crate::places::own_env_prefix(&p)
                    {
                        return true;
                    }
                }
                _ => {}
            }
        }
        false
    }

    /// `const { hostname } = new URL(base)` (or `{ hostname: host }`, or of a URL object the
    /// script made of `base`): the variable bound to `hostname` holds the host of `base`, so a
    /// check of it is a check of where `base` points. Any other binding of those names ends
    /// what they held.
    fn destructured_host(&mut self, pattern: Node<'_>, value: Option<Node<'_>>) {
        let url = value.and_then(|v| match v.kind() {
            "new_expression"
                if v.field("constructor")
                    .is_some_and(|c| self.text(c) == "URL") =>
            {
                let mut args = v.field("arguments").map(named)?;
                match (args.next(), args.next()) {
                    (Some(a), None) => self.url_path(a),
                    _ => None,
                }
            }
            "identifier" => self.url_objects.get(self.text(v)).cloned(),
            _ => None,
        });
        for p in named(pattern) {
            let (key, var) = match p.kind() {
                "shorthand_property_identifier_pattern" => (self.text(p), p),
                "pair_pattern" => match (p.field("key"), p.field("value")) {
                    (Some(k), Some(v)) if v.kind() == "identifier" => (self.text(k), v),
                    _ => continue,
                },
                _ => continue,
            };
            let var = self.text(var).to_owned();
            match url.clone().filter(|_| key == "hostname") {
                Some(url) => {
                    self.host_vars.insert(var, url);
                }
                None => {
                    self.host_vars.remove(&var);
                }
            }
        }
    }

    /// The URL whose host `node` is: `url.hostname` of a variable, `new URL(base).hostname`,
    /// or a variable given one; the URL's text.
    fn host_subject(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "parenthesized_expression" => self.host_subject(node.named_child(0)?),
            "identifier" => self.host_vars.get(self.text(node)).cloned(),
            "member_expression" => {
                if node.field("property").map(|p| self.text(p)) != Some("hostname") {
                    return None;
                }
                let obj = node.field("object")?;
                let obj = match obj.kind() {
                    "parenthesized_expression" => obj.named_child(0)?,
                    _ => obj,
                };
                match obj.kind() {
                    "identifier" => Some(self.text(obj).to_owned()),
                    // `new URL(base).hostname`
                    "new_expression"
                        if obj
                            .field("constructor")
                            .is_some_and(|c| self.text(c) == "URL") =>
                    {
                        let mut args = obj.field("arguments").map(named)?;
                        let (Some(a), None) = (args.next(), args.next()) else {
                            return None;
                        };
                        // `new URL(base)`, `new URL(cfg.base)`
                        self.url_path(a)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The text of a variable or of a plain member path of one (`base`, `cfg.base`): where a
    /// URL a check reads is held.
    fn url_path(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "identifier" => Some(self.text(node).to_owned()),
            "member_expression"
                if node.field("property").is_some_and(|p| {
                    p.kind() == "property_identifier" && self.text(p) != "hostname"
                }) =>
            {
                let obj = node.field("object")?;
                matches!(obj.kind(), "identifier" | "member_expression")
                    .then(|| self.url_path(obj))??;
                Some(self.text(node).to_owned())
            }
            _ => None,
        }
    }

    /// The subject of a host test: a URL's host ([`Js::host_subject`]), or a variable the
    /// script knows nothing of, tested as a host name itself (`SITE.endsWith('.internal')`).
    fn host_or_plain(&mut self, node: Node<'_>) -> Option<String> {
        if let Some(s) = self.host_subject(node) {
            return Some(s);
        }
        if node.kind() != "identifier" {
            return None;
        }
        let name = self.text(node).to_owned();
        crate::host_check::plain_host_subject(&self.scope, &mut self.plain_hosts, name)
    }

    /// Whether an expression may test a host (a cheap look at its text before it is read as
    /// a [`HostCond`]).
    fn may_check_host(&self, node: Node<'_>) -> bool {
        let t = self.text(node);
        t.contains("hostname")
            || t.contains("endsWith(")
            || t.contains(".test(")
            || t.contains("includes(")
            || t.contains("has(")
            || (!self.host_conds.is_empty()
                && self.host_conds.keys().any(|k| t.contains(k.as_str())))
            || (!self.host_vars.is_empty() && self.host_vars.keys().any(|k| t.contains(k.as_str())))
    }

    /// `new Set(['localhost', '127.0.0.1'])` given to `var`, of string literals only, when the
    /// script adds nothing to it (no `var.add(`): the strings.
    fn literal_set(&self, var: &str, value: Node<'_>) -> Option<Vec<String>> {
        if value.kind() != "new_expression"
            || value.field("constructor").map(|c| self.text(c)) != Some("Set")
            || self.src.contains(&format!("{var}.add("))
        {
            return None;
        }
        let mut args = value.field("arguments").map(named)?;
        let (Some(list), None) = (args.next(), args.next()) else {
            return None;
        };
        if list.kind() != "array" {
            return None;
        }
        named(list)
            .map(|e| {
                let t = self.text(e);
                (e.kind() == "string" && !t.contains("${")).then(|| t[1..t.len() - 1].to_owned())
            })
            .collect()
    }

    /// What a condition says of the host of a URL (see [`crate::host_check`]): `HOSTS.includes
    /// (url.hostname)`, `HOSTS.has(host)`, `host === 'localhost'`, `host.endsWith('.internal')`,
    /// joined by `!`, `&&` and `||`.
    fn host_cond(&mut self, node: Node<'_>) -> HostCond {
        match node.kind() {
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) => self.host_cond(inner),
                None => HostCond::Other,
            },
            "unary_expression" if node.field("operator").is_some_and(|o| self.text(o) == "!") => {
                match node.field("argument") {
                    Some(a) => HostCond::not(self.host_cond(a)),
                    None => HostCond::Other,
                }
            }
            "binary_expression" => {
                let (Some(l), Some(r), Some(op)) = (
                    node.field("left"),
                    node.field("right"),
                    node.field("operator"),
                ) else {
                    return HostCond::Other;
                };
                let op = self.text(op).to_owned();
                match op.as_str() {
                    "&&" | "||" => {
                        let (a, b) = (self.host_cond(l), self.host_cond(r));
                        match op.as_str() {
                            "&&" => HostCond::and(a, b),
                            _ => HostCond::or(a, b),
                        }
                    }
                    "===" | "==" | "!==" | "!=" => {
                        let (subject, other) = match (self.host_subject(l), self.host_subject(r)) {
                            (Some(s), None) => (s, r),
                            (None, Some(s)) => (s, l),
                            // `SITE !== 'localhost'`: a variable beside a string literal.
                            (None, None) if r.kind() == "string" => match self.host_or_plain(l) {
                                Some(s) => (s, r),
                                None => return HostCond::Other,
                            },
                            _ => return HostCond::Other,
                        };
                        let Some(host) = self.eval(other).known().map(str::to_owned) else {
                            return HostCond::Other;
                        };
                        let is = HostCond::is(subject, vec![host]);
                        match op.starts_with('!') {
                            true => HostCond::not(is),
                            false => is,
                        }
                    }
                    _ => HostCond::Other,
                }
            }
            "call_expression" => self.host_call_test(node).unwrap_or(HostCond::Other),
            "identifier" => self
                .host_conds
                .get(self.text(node))
                .cloned()
                .unwrap_or(HostCond::Other),
            _ => HostCond::Other,
        }
    }

    /// `HOSTS.includes(host)`, `HOSTS.has(host)` (a literal list or a `Set` of one), and
    /// `host.endsWith('.internal')`.
    fn host_call_test(&mut self, node: Node<'_>) -> Option<HostCond> {
        let func = node
            .field("function")
            .filter(|f| f.kind() == "member_expression")?;
        let (obj, prop) = (func.field("object")?, func.field("property")?);
        let mut args = node.field("arguments").map(named)?;
        let (Some(arg), None) = (args.next(), args.next()) else {
            return None;
        };
        match self.text(prop) {
            "includes" | "has" => {
                let subject = self.host_or_plain(arg)?;
                let list = match obj.kind() {
                    // `new Set(['localhost', ...]).has(host)`
                    "new_expression" => obj.field("arguments").and_then(|a| named(a).next())?,
                    _ => obj,
                };
                if list.kind() == "identifier"
                    && let Some(strings) = self.literal_sets.get(self.text(list))
                {
                    return Some(HostCond::is(subject, strings.clone()));
                }
                let v = self.eval(list);
                let hosts = v
                    .items
                    .as_ref()?
                    .iter()
                    .map(|i| i.known().map(str::to_owned))
                    .collect::<Option<Vec<String>>>()?;
                Some(HostCond::is(subject, hosts))
            }
            // `/^[a-z0-9-]+\.atlassian\.net$/.test(site)`
            "test" if obj.kind() == "regex" => {
                let pattern = self.text(obj.field("pattern")?);
                let multiline = obj
                    .field("flags")
                    .is_some_and(|f| self.text(f).contains('m'));
                let host = HostCond::regex_suffix(pattern, multiline)?;
                let subject = self.host_or_plain(arg)?;
                Some(HostCond::is(subject, vec![host]))
            }
            "endsWith" => {
                let subject = self.host_or_plain(obj)?;
                let suffix = self.eval(arg);
                let host = HostCond::suffix(suffix.known()?)?;
                Some(HostCond::is(subject, vec![host]))
            }
            _ => None,
        }
    }

    /// `if (<the host of base is none of H>) throw ...` (or `return`, `continue`, `break`,
    /// `process.exit(...)`), with no other branch: after it `base` points at one of the hosts
    /// (see [`crate::host_check`]), and so does each variable holding its host. A URL whose
    /// every known address is already at one of them keeps its value.
    fn host_guard(&mut self, node: Node<'_>) {
        if node.field("alternative").is_some() {
            return;
        }
        let (Some(cond), Some(then)) = (node.field("condition"), node.field("consequence")) else {
            return;
        };
        if !self.leaves_or_exits(then) {
            return;
        }
        if !self.may_check_host(cond) {
            return;
        }
        self.plain_hosts.clear();
        let c = self.host_cond(cond);
        let Some((url, hosts)) = crate::host_check::hosts_where(&c, false) else {
            return;
        };
        let plain = self.plain_hosts.contains(&url) && !self.host_vars.contains_key(&url);
        self.note_host_guard(node, &url, &hosts, plain);
        // A variable tested as a host name: past the check it holds one of the hosts.
        if plain {
            let old = self.scope.lookup(&url).unwrap_or_default();
            self.scope
                .assign(&url, crate::host_check::host_at(&hosts, &old));
            if self.stored_in_field(node, &url) {
                let old = self.this_val.field(&url).cloned().unwrap_or_default();
                self.this_val
                    .set_field(&[url.as_str()], crate::host_check::host_at(&hosts, &old));
            }
            return;
        }
        // The field the constructor stored the parameter in before the check
        // (`constructor(private readonly base: string)`, `this.base = base;`) is that
        // parameter: past the check it points at one of the hosts too.
        if self.stored_in_field(node, &url) {
            let old = self.this_val.field(&url).cloned().unwrap_or_default();
            if !crate::host_check::knows_host(&old) {
                self.this_val
                    .set_field(&[url.as_str()], crate::host_check::url_at(&hosts, &old));
            }
        }
        // The URL, the URL a URL object checked was made of, the URL objects made of it.
        let mut urls = vec![url.clone()];
        if let Some(of) = self.url_objects.get(&url) {
            urls.push(of.clone());
        }
        for (obj, of) in &self.url_objects {
            if *of == url && !urls.contains(obj) {
                urls.push(obj.clone());
            }
        }
        for u in &urls {
            self.narrow_url(u, &hosts);
        }
        let vars: Vec<String> = self
            .host_vars
            .iter()
            .filter(|(_, of)| **of == url)
            .map(|(v, _)| v.clone())
            .collect();
        for var in vars {
            let old = self.scope.lookup(&var).unwrap_or_default();
            self.scope
                .assign(&var, crate::host_check::host_at(&hosts, &old));
        }
    }

    /// `function assertLocal(url) { ...; if (<the host of url is none of H>) throw ...; }` (or
    /// `process.exit(...)`; or
    /// `const assertLocal = (url) => { ... }`), the check `check` a statement of the body of
    /// the script's function itself (not in a branch of it), of the function's parameter
    /// `url`: the function is a host guard ([`Js::host_guards`]).
    fn note_host_guard(&mut self, check: Node<'_>, url: &str, hosts: &[String], plain: bool) {
        // Only a check that stops the script confines the caller's URL: a `return` leaves the
        // function, and its caller goes on with any URL.
        let stops = check.field("consequence").is_some_and(|c| {
            let last = match c.kind() {
                "statement_block" => named(c).filter(|k| k.kind() != "comment").last(),
                _ => Some(c),
            };
            last.is_some_and(|l| match l.kind() {
                "throw_statement" => true,
                "expression_statement" => l.named_child(0).is_some_and(|e| {
                    e.kind() == "call_expression"
                        && e.field("function")
                            .is_some_and(|f| self.text(f) == "process.exit")
                }),
                _ => false,
            })
        });
        if !stops {
            return;
        }
        let Some(def) = check
            .parent()
            .filter(|b| b.kind() == "statement_block")
            .and_then(|b| b.parent())
        else {
            return;
        };
        let name = match def.kind() {
            "function_declaration" => def.field("name").map(|n| self.text(n).to_owned()),
            "arrow_function" | "function_expression" => def
                .parent()
                .filter(|d| d.kind() == "variable_declarator")
                .and_then(|d| d.field("name"))
                .filter(|n| n.kind() == "identifier")
                .map(|n| self.text(n).to_owned()),
            _ => None,
        };
        let Some(name) = name else {
            return;
        };
        let Some(k) = self.params_of(def).iter().position(|p| p == url) else {
            return;
        };
        self.host_guards.insert(name, (k, hosts.to_vec(), plain));
    }

    /// `assertLocal(base)` (or `await assertLocal(base)`) as a statement, of a host guard
    /// ([`Js::host_guards`]) given a variable or a member path (`cfg.base`): past the call it
    /// points at one of the hosts the guard lets through, unless the walk already knows its
    /// host.
    fn host_guard_call(&mut self, stmt: Node<'_>) {
        let Some(mut e) = stmt.named_child(0) else {
            return;
        };
        if e.kind() == "await_expression"
            && let Some(inner) = e.named_child(0)
        {
            e = inner;
        }
        if e.kind() != "call_expression" {
            return;
        }
        let Some(f) = e.field("function").filter(|f| f.kind() == "identifier") else {
            return;
        };
        let Some((k, hosts, plain)) = self.host_guards.get(self.text(f)).cloned() else {
            return;
        };
        let Some(arg) = e
            .field("arguments")
            .and_then(|a| named(a).nth(k))
            .filter(|a| matches!(a.kind(), "identifier" | "member_expression"))
        else {
            return;
        };
        let name = self.text(arg).to_owned();
        if plain {
            if arg.kind() == "identifier" {
                let old = self.scope.lookup(&name).unwrap_or_default();
                self.scope
                    .assign(&name, crate::host_check::host_at(&hosts, &old));
            }
            return;
        }
        self.narrow_url(&name, &hosts);
    }

    /// Whether the check `node` sits in a class's constructor that stored its parameter `name`
    /// in the field of the same name before it: a TypeScript parameter property (`private
    /// readonly base: string`), or `this.base = base;` among the statements of the body before
    /// the check, with no other store into `this.base` there.
    fn stored_in_field(&self, node: Node<'_>, name: &str) -> bool {
        let mut f = node.parent();
        while let Some(p) = f {
            if matches!(
                p.kind(),
                "method_definition"
                    | "function_declaration"
                    | "function_expression"
                    | "arrow_function"
                    | "generator_function_declaration"
            ) {
                break;
            }
            f = p.parent();
        }
        let Some(ctor) = f.filter(|m| {
            m.kind() == "method_definition"
                && m.field("name")
                    .is_some_and(|n| self.text(n) == "constructor")
        }) else {
            return false;
        };
        let Some(params) = ctor.field("parameters") else {
            return false;
        };
        let mut parameter = false;
        let mut property = false;
        for p in named(params) {
            if !matches!(p.kind(), "required_parameter" | "optional_parameter")
                || !p
                    .field("pattern")
                    .is_some_and(|i| i.kind() == "identifier" && self.text(i) == name)
            {
                continue;
            }
            parameter = true;
            property = named(p).any(|c| c.kind() == "accessibility_modifier")
                || self.text(p).starts_with("readonly ");
        }
        if !parameter {
            return false;
        }
        let Some(body) = ctor.field("body") else {
            return false;
        };
        // Every store into `this.<name>` in the constructor: before the check, of the
        // parameter itself.
        let mut stored = property;
        for a in body.descendants().filter(|d| {
            d.kind() == "assignment_expression" || d.kind() == "augmented_assignment_expression"
        }) {
            // The parameter given another value: the field keeps what was passed.
            if a.field("left")
                .is_some_and(|l| l.kind() == "identifier" && self.text(l) == name)
            {
                return false;
            }
            let Some(left) = a.field("left").filter(|l| l.kind() == "member_expression") else {
                continue;
            };
            if left.field("object").is_none_or(|o| o.kind() != "this")
                || left.field("property").is_none_or(|p| self.text(p) != name)
            {
                continue;
            }
            let own = a.kind() == "assignment_expression"
                && a.field("right")
                    .is_some_and(|r| r.kind() == "identifier" && self.text(r) == name)
                && a.end_byte() <= node.start_byte();
            if !own {
                return false;
            }
            stored = true;
        }
        stored
    }

    /// Past a check of its host, `url` (a variable or a member path of one, `cfg.base`)
    /// points at one of `hosts`, unless every address it may hold names its host already.
    fn narrow_url(&mut self, url: &str, hosts: &[String]) {
        // A member path (`cfg.base`): the field of the variable.
        if let Some((var, path)) = url.split_once('.') {
            if let Some(mut whole) = self.scope.lookup(var) {
                let path: Vec<&str> = path.split('.').collect();
                let old = path
                    .iter()
                    .try_fold(&whole, |v, p| v.field(p))
                    .cloned()
                    .unwrap_or_default();
                if !crate::host_check::knows_host(&old) {
                    whole.set_field(&path, crate::host_check::url_at(hosts, &old));
                    self.scope.assign(var, whole);
                }
            }
            return;
        }
        let old = self.scope.lookup(url).unwrap_or_default();
        if crate::host_check::knows_host(&old) {
            return;
        }
        let at = crate::host_check::url_at(hosts, &old);
        let mut v = old.clone();
        v.text = at.text;
        v.alts = at.alts;
        v.taint = at.taint;
        if !v.fields.is_empty() {
            v.set_field(
                &["hostname"],
                crate::host_check::host_at(hosts, &Val::unknown()),
            );
        }
        self.scope.assign(url, v);
    }

    /// Whether an `if`'s consequence leaves: `continue`, `return`, `throw`, `break` or
    /// `process.exit(...)`, alone or last in its block.
    fn leaves_or_exits(&self, c: Node<'_>) -> bool {
        let last = match c.kind() {
            "statement_block" => named(c).filter(|k| k.kind() != "comment").last(),
            _ => Some(c),
        };
        last.is_some_and(|l| match l.kind() {
            "continue_statement" | "return_statement" | "throw_statement" | "break_statement" => {
                true
            }
            "expression_statement" => l.named_child(0).is_some_and(|e| {
                e.kind() == "call_expression"
                    && e.field("function")
                        .is_some_and(|f| self.text(f) == "process.exit")
            }),
            _ => false,
        })
    }

    /// `if (!['localhost', '127.0.0.1'].includes(url.hostname)) { ...; process.exit(2); }`:
    /// past a guard that leaves unless a host is one of a literal list of this machine's names,
    /// the host is this machine's (the first of the list stands for it).
    fn loopback_guard(&mut self, node: Node<'_>) {
        if node.field("alternative").is_some() {
            return;
        }
        let Some(cond) = node.field("condition") else {
            return;
        };
        let cond = match cond.kind() {
            "parenthesized_expression" => cond.named_child(0).unwrap_or(cond),
            _ => cond,
        };
        if cond.kind() != "unary_expression" || !self.text(cond).starts_with('!') {
            return;
        }
        let Some(call) = cond
            .field("argument")
            .filter(|c| c.kind() == "call_expression")
        else {
            return;
        };
        let Some(func) = call
            .field("function")
            .filter(|f| f.kind() == "member_expression")
        else {
            return;
        };
        if func.field("property").map(|p| self.text(p)) != Some("includes") {
            return;
        }
        let Some(list) = func.field("object").filter(|o| o.kind() == "array") else {
            return;
        };
        let hosts: Vec<Option<String>> = named(list)
            .map(|e| {
                (e.kind() == "string")
                    .then(|| self.eval(e).known().map(str::to_owned))
                    .flatten()
            })
            .collect();
        if hosts.is_empty()
            || !hosts.iter().all(|h| {
                h.as_deref()
                    .is_some_and(terraphim_shell_vocab::hosts::is_loopback_host)
            })
        {
            return;
        }
        let mut args = call.field("arguments").map(named).into_iter().flatten();
        let (Some(subject), None) = (args.next(), args.next()) else {
            return;
        };
        let leaves = node.field("consequence").is_some_and(|c| {
            let last = match c.kind() {
                "statement_block" => named(c).filter(|k| k.kind() != "comment").last(),
                _ => Some(c),
            };
            last.is_some_and(|l| match l.kind() {
                "continue_statement" | "return_statement" | "throw_statement"
                | "break_statement" => true,
                "expression_statement" => l.named_child(0).is_some_and(|e| {
                    e.kind() == "call_expression"
                        && e.field("function")
                            .is_some_and(|f| self.text(f) == "process.exit")
                }),
                _ => false,
            })
        });
        if !leaves {
            return;
        }
        let host = Val::lit(hosts[0].clone().unwrap_or_default());
        match subject.kind() {
            "identifier" => {
                let name = self.text(subject).to_owned();
                let old = self.scope.lookup(&name).unwrap_or_default();
                self.scope.assign(&name, host.with_taint(&old.taint));
            }
            // `url.hostname`: the object's member.
            "member_expression" => {
                let (Some(obj), Some(prop)) = (subject.field("object"), subject.field("property"))
                else {
                    return;
                };
                if obj.kind() != "identifier" {
                    return;
                }
                let (name, prop) = (self.text(obj).to_owned(), self.text(prop).to_owned());
                let mut v = self.scope.lookup(&name).unwrap_or_default();
                let t = v.taint.clone();
                // Where a URL points holds none of its secret (see `Js::member`).
                let host = match crate::places::url_location_part(&prop) {
                    true => host,
                    false => host.with_taint(&t),
                };
                // `new URL(process.env.WEBHOOK_URL ?? DEFAULT)` checked by its `hostname`: the
                // URL (`url.toString()`, `url.href`) points at this machine, whatever else of
                // it the review does not know.
                let local_text = v.text.as_deref().is_some_and(|t| {
                    t.contains("://")
                        && terraphim_shell_vocab::hosts::host_of(t)
                            .is_some_and(|h| terraphim_shell_vocab::hosts::is_loopback_host(&h))
                });
                if matches!(prop.as_str(), "hostname" | "host") && !local_text {
                    let at = host.text.as_deref().unwrap_or_default();
                    let at = match at.contains(':') {
                        true => format!("[{at}]"),
                        false => at.to_owned(),
                    };
                    v.text = Some(format!("http://{at}:{UNKNOWN}/{UNKNOWN}"));
                    v.alts.clear();
                }
                v.set_field(&[prop.as_str()], host);
                self.scope.assign(&name, v);
            }
            _ => {}
        }
    }

    pub(super) fn import(&mut self, node: Node<'_>) {
        let source = node
            .field("source")
            .map(|s| self.string(s).text_or_unknown())
            .unwrap_or_default();
        let m = module_name(&source);
        self.sink.imported(&source);
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
                            self.bind(
                                &alias,
                                super::expr::module_member(crate::scope::dotted(&m, &name)),
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// Whether a guard's consequence leaves: `continue`, `return`, `throw` or `break`, alone or
/// last in its block.
fn leaves_block(c: Node<'_>) -> bool {
    let last = match c.kind() {
        "statement_block" => named(c).filter(|k| k.kind() != "comment").last(),
        _ => Some(c),
    };
    last.is_some_and(|l| {
        matches!(
            l.kind(),
            "continue_statement" | "return_statement" | "throw_statement" | "break_statement"
        )
    })
}

/// A value read from the environment without the mark of the whole environment (its
/// elements too).
fn clear_env(mut v: Val) -> Val {
    v.taint.env = false;
    if let Some(items) = v.items.take() {
        v.items = Some(items.into_iter().map(clear_env).collect());
    }
    v
}
