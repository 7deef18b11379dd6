//! Python statements: blocks, loops, functions, `with`, imports, and assignment targets.

use super::{Py, UNROLL_DEPTH, UNROLL_ITEMS, line, named};
use crate::engine::{Handle, Val};
use crate::host_check::HostCond;
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;
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
                // `os.environ["API_TOKEN"] = "dummy"`: later reads get the value set.
                if let Some(v) = target.field("value")
                    && matches!(
                        self.eval(v).handle,
                        Some(Handle::Module(ref m)) if m == "os.environ"
                    )
                {
                    self.sink.set_env(&key, &val);
                }
                // `ctx["sig"] = value` on an instance of the script's class that defines
                // `__setitem__`: that method runs with the key and the value.
                if let Some(v) = target.field("value")
                    && let Some(Handle::Instance(class)) = self.eval(v).handle
                    && self.class_has(&class, "__setitem__")
                {
                    let key_val = target
                        .field("subscript")
                        .map(|k| self.eval(k))
                        .unwrap_or_default();
                    self.scope.call_user("__setitem__", &[key_val, val.clone()]);
                }
                // `env["OPENAI_BASE_URL"] = url`, `scripts["postinstall"] = cmd`.
                self.sink.setting(line(target), &key, &val);
                self.sink.spelled_hook(&key, &val);
                // `lock["packages"][k]["resolved"] = url`, `deps["dependencies"][name] = url`.
                {
                    let mut keys = vec![key.clone()];
                    let mut at = target.field("value");
                    while let Some(t) = at.filter(|t| t.kind() == "subscript") {
                        keys.push(
                            t.field("subscript")
                                .and_then(|k| self.eval(k).known().map(str::to_owned))
                                .unwrap_or_else(|| "*".to_owned()),
                        );
                        at = t.field("value");
                    }
                    keys.reverse();
                    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
                    self.sink.dependency_member(&keys, &val);
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
                    // `kwargs["headers"] = headers`: a literal key of the dictionary itself is
                    // its member of that name (`f(**kwargs)` passes it as that keyword).
                    let direct = target.field("value") == Some(root);
                    let path: &[&str] = if direct && !key.is_empty() && !key.contains(UNKNOWN) {
                        &[key.as_str()]
                    } else {
                        &[]
                    };
                    self.scope.store_into(name, self.text(target), &val, path);
                }
            }
            "attribute" => {
                if target
                    .field("object")
                    .is_some_and(|o| matches!(o.kind(), "identifier" | "attribute"))
                {
                    let key = self.text(target).to_owned();
                    self.store_field(key, val.clone());
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
                // `area.base = path` (also `self.base = path` in a method) of a class whose
                // `@base.setter` runs code: that method, given the value.
                if let Some(a) = attr
                    && let Some(class) = target.field("object").and_then(|o| self.class_of(o))
                    && self.setters.contains(&crate::scope::dotted(&class, a))
                {
                    self.scope.call_user(a, std::slice::from_ref(&val));
                }
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

    /// `range(n)`, `range(a, b)` of whole numbers the walk knows, turning at most
    /// [`UNROLL_ITEMS`] times: the list of the numbers it counts.
    fn small_range(&mut self, call: Node<'_>) -> Option<Val> {
        if call.kind() != "call"
            || call
                .field("function")
                .is_none_or(|f| self.text(f) != "range")
        {
            return None;
        }
        let args: Vec<Node<'_>> = named(call.field("arguments")?).collect();
        if args.is_empty() || args.len() > 2 || args.iter().any(|a| a.kind().contains("argument")) {
            return None;
        }
        let mut bounds = Vec::with_capacity(2);
        for a in args {
            let n = self.eval(a).known()?.parse::<i64>().ok()?;
            bounds.push(n);
        }
        let (start, end) = match bounds.as_slice() {
            [end] => (0, *end),
            [start, end] => (*start, *end),
            _ => return None,
        };
        let n = usize::try_from(end.checked_sub(start)?).ok()?;
        if !(1..=UNROLL_ITEMS).contains(&n) {
            return None;
        }
        Some(Val::list(
            (start..end).map(|k| Val::lit(k.to_string())).collect(),
        ))
    }

    /// The class of the script an object expression is an instance of: `self` in a method of
    /// it, or a variable holding an instance.
    fn class_of(&self, obj: Node<'_>) -> Option<String> {
        if obj.kind() != "identifier" {
            return None;
        }
        if self.text(obj) == "self" {
            return self.class_now.clone();
        }
        match self.lookup(self.text(obj))?.handle {
            Some(Handle::Instance(class)) => Some(class),
            _ => None,
        }
    }

    /// Whether a loop over the environment (its target `left`, its `body`) first skips every
    /// variable whose name does not start with a prefix of one tool's own settings
    /// ([`crate::places::own_env_prefix`]): `if not key.startswith("PROJ_"): continue`, also
    /// with further reasons to skip (`or key.count("__") != 1`).
    fn env_prefix_skip(&mut self, left: Node<'_>, body: Node<'_>) -> bool {
        let key = match left.kind() {
            "identifier" => Some(left),
            _ => named(left).next(),
        };
        let Some(key) = key.filter(|k| k.kind() == "identifier") else {
            return false;
        };
        let key = self.text(key).to_owned();
        let Some(stmt) = named(body)
            .find(|c| c.kind() != "comment")
            .filter(|f| f.kind() == "if_statement")
        else {
            return false;
        };
        if stmt.field("alternative").is_some() || named(stmt).any(|c| c.kind().ends_with("clause"))
        {
            return false;
        }
        let skips = stmt.field("consequence").is_some_and(|c| {
            let mut kids = named(c);
            matches!((kids.next(), kids.next()), (Some(k), None) if k.kind() == "continue_statement")
        });
        if !skips {
            return false;
        }
        let mut todo: Vec<Node<'_>> = stmt.field("condition").into_iter().collect();
        while let Some(n) = todo.pop() {
            match n.kind() {
                "parenthesized_expression" => todo.extend(n.named_child(0)),
                "boolean_operator" if n.field("operator").is_some_and(|o| self.text(o) == "or") => {
                    todo.extend(n.field("left"));
                    todo.extend(n.field("right"));
                }
                "not_operator" => {
                    let Some(call) = n.field("argument").filter(|c| c.kind() == "call") else {
                        continue;
                    };
                    let Some(func) = call.field("function").filter(|f| f.kind() == "attribute")
                    else {
                        continue;
                    };
                    if func.field("attribute").map(|p| self.text(p)) != Some("startswith")
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

    /// Store `val` in the attribute `key` (`self.root`), joined with what it held; an
    /// attribute of `self` in a class's methods also as that class's own (`Class.self.root`).
    pub(super) fn store_field(&mut self, key: String, val: Val) {
        let class = self.class_now.clone();
        self.store_field_of(class.as_deref(), key, val);
    }

    /// [`Py::store_field`] for an instance of `class` (a constructor's arguments).
    pub(super) fn store_field_of(&mut self, class: Option<&str>, key: String, val: Val) {
        if let Some(class) = class.filter(|_| key.starts_with("self.")) {
            let own = format!("{class}.{key}");
            // Two instances of a class given different tuples of path parts
            // (`Target(root, (".vscode", "settings.json"))`, `Target(home, (".claude", ...))`):
            // each place of the field's tuple is any of theirs.
            let joined = match self.fields.get(&own) {
                Some(old) if *old != val => crate::engine::union_segments(old, &val),
                _ => val.clone(),
            };
            self.fields.insert(own, joined);
        }
        let joined = match self.fields.get(&key) {
            Some(old) if *old != val => old.union(&val),
            _ => val,
        };
        self.fields.insert(key, joined);
    }

    /// What the attribute `key` holds: for `self.x` in a class's methods, what that class
    /// stored there when it stored anything (else what any class did: a base class's
    /// `__init__` stores for its subclasses).
    /// `cls.x` in a class method is the class's `x`, as `self.x` is.
    pub(super) fn field(&self, key: &str, class: Option<&str>) -> Option<&Val> {
        let via_cls = key.starts_with("cls.");
        let own;
        let key = match key.strip_prefix("cls.") {
            Some(rest) => {
                own = format!("self.{rest}");
                own.as_str()
            }
            None => key,
        };
        // `cls.target` in `__init_subclass__`: the hook runs as each subclass is defined, so
        // `cls` is every subclass, and the attribute what any class stored there.
        let class = class
            .filter(|_| !(via_cls && self.scope.current_function() == Some("__init_subclass__")));
        class
            .filter(|_| key.starts_with("self."))
            .and_then(|c| self.fields.get(&format!("{c}.{key}")))
            .or_else(|| self.fields.get(key))
    }

    pub(super) fn block(&mut self, node: Node<'_>) {
        let guards = self.confined.len();
        let mut narrowed: Vec<(String, Val)> = Vec::new();
        for c in named(node) {
            self.stmt(c);
            match c.kind() {
                // `if not inside(path, ROOT): return`: after it, in the same block, `path` is
                // under `ROOT`.
                "if_statement" => {
                    if let Some(g) = self.leaving_guard(c) {
                        self.confined.push(g);
                    }
                    // `if d not in CACHE_DIRS: continue`: after it, `d` is one of the names.
                    if let Some((name, v)) = self.leaving_membership(c)
                        && let Some(old) = self.scope.lookup(&name)
                    {
                        self.scope.bind(&name, v);
                        narrowed.push((name, old));
                    }
                    // `if urlparse(base).hostname not in HOSTS: raise ...`: after it, `base`
                    // points at one of the hosts.
                    for (name, v) in self.leaving_host_check(c) {
                        if let Some(undo) = self.bind_subject(&name, v) {
                            narrowed.push(undo);
                        }
                    }
                    self.note_host_guard(node, c);
                }
                // `allowed = inside(path, ROOT) or inside(path, CACHE)`: a check asked later.
                "expression_statement" => {
                    // `check_host(base)` of a function that refuses other hosts: after it,
                    // `base` points at one of them.
                    if let Some((name, v)) = self.host_guard_call(c)
                        && let Some(undo) = self.bind_subject(&name, v)
                    {
                        narrowed.push(undo);
                    }
                    if let Some(a) = c.named_child(0).filter(|a| a.kind() == "assignment")
                        && let (Some(l), Some(r)) = (a.field("left"), a.field("right"))
                        && l.kind() == "identifier"
                    {
                        let name = self.text(l).to_owned();
                        match self.url_parts_of(r) {
                            Some(url) => {
                                self.url_objects.insert(name.clone(), url);
                            }
                            None => {
                                self.url_objects.remove(&name);
                            }
                        }
                        match self.host_subject(r) {
                            Some(url) => {
                                self.host_vars.insert(name.clone(), url);
                            }
                            None => {
                                self.host_vars.remove(&name);
                            }
                        }
                        match self.containment(r) {
                            Some(g) => {
                                self.guard_vars.insert(name, g);
                            }
                            None => {
                                self.guard_vars.remove(&name);
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        self.confined.truncate(guards);
        for (name, old) in narrowed.into_iter().rev() {
            self.scope.bind(&name, old);
        }
    }

    /// The URL whose host `node` is: `urlparse(base).hostname` (`urlsplit`, `or ""` after it)
    /// or a variable given one; the URL's text.
    fn host_subject(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "parenthesized_expression" => self.host_subject(node.named_child(0)?),
            "identifier" => self.host_vars.get(self.text(node)).cloned(),
            "subscript" => self.split_host_of(node),
            // `urlparse(base).hostname or ""`
            "boolean_operator" if node.field("operator").is_some_and(|o| self.text(o) == "or") => {
                let right = node.field("right")?;
                matches!(right.kind(), "string" | "none")
                    .then(|| self.host_subject(node.field("left")?))?
            }
            "attribute" => {
                if node.field("attribute").map(|a| self.text(a)) != Some("hostname") {
                    return None;
                }
                let obj = node.field("object")?;
                match obj.kind() {
                    // `parts.hostname` of `parts = urlparse(base)`
                    "identifier" => self.url_objects.get(self.text(obj)).cloned(),
                    _ => self.url_parts_of(obj),
                }
            }
            _ => None,
        }
    }

    /// The URL whose host `node` cuts out of its text: `server.split("//", 1)[-1].split("/",
    /// 1)[0]` (then `.split(":")[0]`, the port cut off). The cut after the scheme must come
    /// before the cut at the first `/`: without it the text is a host and a path
    /// (`evil.example/x.internal`), which a suffix check says nothing of.
    fn split_host_of(&self, node: Node<'_>) -> Option<String> {
        // (separator, index) from the outermost cut in.
        let mut cuts: Vec<(String, String)> = Vec::new();
        let mut at = node;
        while at.kind() == "subscript" {
            let index = self.text(at.field("subscript")?).replace(' ', "");
            let call = at.field("value").filter(|v| v.kind() == "call")?;
            let func = call.field("function").filter(|f| f.kind() == "attribute")?;
            if func.field("attribute").map(|a| self.text(a)) != Some("split") {
                return None;
            }
            let sep = call.field("arguments").and_then(|a| named(a).next())?;
            let sep = self.text(sep);
            let sep = sep
                .strip_prefix(['"', '\''])
                .and_then(|x| x.strip_suffix(['"', '\'']))?;
            cuts.push((sep.to_owned(), index));
            at = func.field("object")?;
        }
        let url = self.subject_text(at)?;
        cuts.reverse();
        let mut cuts = cuts.iter().map(|(s, i)| (s.as_str(), i.as_str()));
        if !matches!(cuts.next(), Some(("//", "-1" | "1"))) || cuts.next() != Some(("/", "0")) {
            return None;
        }
        cuts.all(|c| matches!(c, (":" | "?" | "#", "0")))
            .then_some(url)
    }

    /// The URL whose parts `node` is: `urlparse(base)` (`urlsplit`), the URL's text.
    fn url_parts_of(&self, call: Node<'_>) -> Option<String> {
        if call.kind() != "call" {
            return None;
        }
        let func = self.text(call.field("function")?);
        let parser = func.rsplit('.').next().unwrap_or(func);
        if !matches!(parser, "urlparse" | "urlsplit") {
            return None;
        }
        let mut args = call.field("arguments").map(named)?;
        self.subject_text(args.next()?)
    }

    /// The text of a URL a host check may test: a variable (`base`), or a field of a
    /// variable holding an object of the walk's own (`args.base` of the parsed command line,
    /// `cfg.url` of a settings dict read as an object), never of `self` (whose attributes the
    /// class's methods share).
    fn subject_text(&self, node: Node<'_>) -> Option<String> {
        match node.kind() {
            "identifier" => Some(self.text(node).to_owned()),
            "attribute" => {
                let obj = node.field("object").filter(|o| o.kind() == "identifier")?;
                let attr = node.field("attribute")?;
                let obj = self.text(obj);
                if obj == "self" || obj == "cls" {
                    return None;
                }
                self.scope.get(obj)?.field(self.text(attr))?;
                Some(format!("{obj}.{}", self.text(attr)))
            }
            _ => None,
        }
    }

    /// The value a host check's subject ([`Py::subject_text`]) holds.
    fn subject_val(&self, subject: &str) -> Option<Val> {
        match subject.split_once('.') {
            None => self.scope.lookup(subject),
            Some((obj, field)) => self.scope.get(obj)?.field(field).cloned(),
        }
    }

    /// Bind a host check's subject to `v` (the field alone of `args.base`, the other fields
    /// kept): the variable rebound and the value it held, to bind again where the check's
    /// block ends.
    fn bind_subject(&mut self, subject: &str, v: Val) -> Option<(String, Val)> {
        match subject.split_once('.') {
            None => {
                let old = self.scope.lookup(subject)?;
                self.scope.bind(subject, v);
                Some((subject.to_owned(), old))
            }
            Some((obj, field)) => {
                let old = self.scope.lookup(obj)?;
                old.field(field)?;
                let mut new = old.clone();
                for (k, f) in &mut new.fields {
                    if k == field {
                        *f = v.clone();
                    }
                }
                self.scope.bind(obj, new);
                Some((obj.to_owned(), old))
            }
        }
    }

    /// What a condition says of the host of a URL (see [`crate::host_check`]): `host in
    /// HOSTS`, `host == "localhost"`, `host.endswith(".internal")`, joined by `not`, `and`
    /// and `or`.
    fn host_cond(&mut self, node: Node<'_>) -> HostCond {
        match node.kind() {
            "parenthesized_expression" => match node.named_child(0) {
                Some(inner) => self.host_cond(inner),
                None => HostCond::Other,
            },
            "not_operator" => match node.field("argument") {
                Some(a) => HostCond::not(self.host_cond(a)),
                None => HostCond::Other,
            },
            "boolean_operator" => {
                let (Some(l), Some(r), Some(op)) = (
                    node.field("left"),
                    node.field("right"),
                    node.field("operator"),
                ) else {
                    return HostCond::Other;
                };
                let (a, b) = (self.host_cond(l), self.host_cond(r));
                match self.text(op) {
                    "and" => HostCond::and(a, b),
                    "or" => HostCond::or(a, b),
                    _ => HostCond::Other,
                }
            }
            "comparison_operator" => self.host_comparison(node).unwrap_or(HostCond::Other),
            "call" => self
                .host_suffix_test(node)
                .or_else(|| self.host_regex_test(node))
                .unwrap_or(HostCond::Other),
            _ => HostCond::Other,
        }
    }

    /// `host in HOSTS`, `host not in HOSTS`, `host == "x"`, `host != "x"`.
    fn host_comparison(&mut self, node: Node<'_>) -> Option<HostCond> {
        let ops: Vec<Node<'_>> = named(node).collect();
        let [left, right] = ops.as_slice() else {
            return None;
        };
        let between = self.src.get(left.end_byte()..right.start_byte())?;
        let op: Vec<&str> = between.split_whitespace().collect();
        let (subject, other) = match (self.host_subject(*left), self.host_subject(*right)) {
            (Some(s), None) => (s, *right),
            (None, Some(s)) if matches!(op.as_slice(), ["=="] | ["!="]) => (s, *left),
            // `site == "localhost"`: a variable beside a string literal.
            (None, None) if right.kind() == "string" => (self.host_or_plain(*left)?, *right),
            _ => return None,
        };
        let v = self.eval(other);
        let hosts: Vec<String> = match op.as_slice() {
            ["in"] | ["not", "in"] => match &v.items {
                Some(items) => items
                    .iter()
                    .map(|i| i.known().map(str::to_owned))
                    .collect::<Option<Vec<String>>>()?,
                None if !v.fields.is_empty() => v.fields.iter().map(|(k, _)| k.clone()).collect(),
                None => return None,
            },
            ["=="] | ["!="] => vec![v.known()?.to_owned()],
            _ => return None,
        };
        let is = HostCond::is(subject, hosts);
        Some(match op.as_slice() {
            ["in"] | ["=="] => is,
            _ => HostCond::not(is),
        })
    }

    /// `host.endswith(".internal")` (or a tuple of suffixes, each with its leading dot).
    fn host_suffix_test(&mut self, node: Node<'_>) -> Option<HostCond> {
        let func = node.field("function").filter(|f| f.kind() == "attribute")?;
        if func.field("attribute").map(|a| self.text(a)) != Some("endswith") {
            return None;
        }
        let subject = self.host_or_plain(func.field("object")?)?;
        let mut args = node.field("arguments").map(named)?;
        let (Some(arg), None) = (args.next(), args.next()) else {
            return None;
        };
        let v = self.eval(arg);
        let suffixes: Vec<String> = match &v.items {
            Some(items) => items
                .iter()
                .map(|i| i.known().map(str::to_owned))
                .collect::<Option<Vec<String>>>()?,
            None => vec![v.known()?.to_owned()],
        };
        let hosts = suffixes
            .iter()
            .map(|s| HostCond::suffix(s))
            .collect::<Option<Vec<String>>>()?;
        Some(HostCond::is(subject, hosts))
    }

    /// `re.match(r".*\.internal$", host)` (`fullmatch`, `search`; a pattern compiled with
    /// `re.compile` is not read): the host the pattern lets through, see
    /// [`HostCond::regex_suffix`].
    fn host_regex_test(&mut self, node: Node<'_>) -> Option<HostCond> {
        let func = self.text(node.field("function")?);
        if !matches!(func, "re.match" | "re.fullmatch" | "re.search") {
            return None;
        }
        let mut args = node.field("arguments").map(named)?;
        let (Some(pattern), Some(subject), None) = (args.next(), args.next(), args.next()) else {
            return None;
        };
        let pattern = self.eval(pattern);
        let mut pattern = pattern.known()?.to_owned();
        // `fullmatch` is anchored at both ends.
        if func == "re.fullmatch" && !pattern.ends_with('$') {
            pattern.push('$');
        }
        let host = HostCond::regex_suffix(&pattern, false)?;
        let subject = self.host_or_plain(subject)?;
        Some(HostCond::is(subject, vec![host]))
    }

    /// The subject of a host test: a URL's host ([`Py::host_subject`]), or a variable the
    /// walk knows nothing of, tested as a host name itself (`host.endswith(".internal")`).
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

    /// `if <the host of url is none of H>: raise ...` (or `sys.exit(...)`) standing in the body of the script's
    /// function `def check_host(url)` itself (not in a branch of it), `url` a parameter of
    /// the function (not `self`): the function is a host guard ([`Py::host_guards`]).
    fn note_host_guard(&mut self, body: Node<'_>, check: Node<'_>) {
        let Some(def) = body.parent().filter(|d| d.kind() == "function_definition") else {
            return;
        };
        let Some(name) = def.field("name").map(|n| self.text(n).to_owned()) else {
            return;
        };
        if self.scope.current_function() != Some(name.as_str()) || self.class_now.is_some() {
            return;
        }
        // Only a check that stops the script confines the caller's URL: a `return` (or a
        // `continue`, a `break`) leaves the function, and its caller goes on with any URL.
        let raises = check
            .field("consequence")
            .and_then(|b| named(b).filter(|c| c.kind() != "comment").last())
            .is_some_and(|l| l.kind() == "raise_statement");
        // `if <the host of url is one of H>: return` then `raise ...` (or `sys.exit(...)`) as
        // the function's last statement: it stops the script unless the condition holds.
        let passes = self.passing_condition(body, check);
        let Some((cond, holds)) = leaving_condition(check)
            .filter(|_| raises)
            .or_else(|| exiting_condition(check, self.src))
            .map(|c| (c, false))
            .or(passes.map(|c| (c, true)))
        else {
            return;
        };
        if !self.may_check_host(cond) {
            return;
        }
        self.plain_hosts.clear();
        let c = self.host_cond(cond);
        let Some((url, hosts)) = crate::host_check::hosts_where(&c, holds) else {
            return;
        };
        // A parameter tested as a host name (`def check(host): if not
        // host.endswith(".internal"): raise`) is given a host name, not a URL.
        let plain = self.plain_hosts.contains(&url) && !self.host_vars.contains_key(&url);
        let Some(k) = self
            .scope
            .funcs
            .get(&name)
            .and_then(|ps| ps.iter().position(|p| *p == url))
        else {
            return;
        };
        self.host_guards.insert(name, (k, hosts, plain));
    }

    /// The condition of `if <cond>: return` (a bare `return`, with no other branch) standing
    /// in function body `body` right before its last statement, which stops the script
    /// (`raise ...`, `sys.exit(...)`): past a call the function returned, so the condition
    /// held.
    fn passing_condition<'n>(&self, body: Node<'n>, check: Node<'n>) -> Option<Node<'n>> {
        if check.field("alternative").is_some() {
            return None;
        }
        let stmts: Vec<Node<'n>> = named(body).filter(|c| c.kind() != "comment").collect();
        let [.., at, last] = stmts.as_slice() else {
            return None;
        };
        if at.byte_range() != check.byte_range() {
            return None;
        }
        let inner: Vec<Node<'n>> = check
            .field("consequence")
            .map(|b| named(b).filter(|c| c.kind() != "comment").collect())
            .unwrap_or_default();
        let [ret] = inner.as_slice() else {
            return None;
        };
        let bare = ret.kind() == "return_statement"
            && named(*ret).all(|v| v.kind() == "none" || v.kind() == "comment");
        let stops = last.kind() == "raise_statement"
            || last
                .named_child(0)
                .filter(|c| last.kind() == "expression_statement" && c.kind() == "call")
                .and_then(|c| c.field("function"))
                .is_some_and(|f| matches!(self.text(f), "sys.exit" | "exit" | "os._exit" | "quit"));
        (bare && stops).then(|| check.field("condition"))?
    }

    /// `check_host(base)` as a statement, of a host guard ([`Py::host_guards`]) given a
    /// variable whose host the walk does not know: the variable and the value it holds past
    /// the call (pointing at one of the hosts the guard lets through).
    fn host_guard_call(&mut self, stmt: Node<'_>) -> Option<(String, Val)> {
        let call = stmt.named_child(0).filter(|c| c.kind() == "call")?;
        let func = call
            .field("function")
            .filter(|f| f.kind() == "identifier")?;
        let (k, hosts, plain) = self.host_guards.get(self.text(func))?.clone();
        let args = call.field("arguments")?;
        let arg = named(args).nth(k)?;
        let name = self.subject_text(arg)?;
        let old = self.subject_val(&name)?;
        if plain {
            return Some((name, crate::host_check::host_at(&hosts, &old)));
        }
        if crate::host_check::knows_host(&old) {
            return None;
        }
        Some((name, crate::host_check::url_at(&hosts, &old)))
    }

    /// Whether condition `cond` may test a host: a variable known to hold one, or a host name's
    /// test by its text (`hostname`, `endswith(`, a regular expression's `match(`/`search(`).
    /// A cheap filter before the condition is read as a host check.
    fn may_check_host(&self, cond: Node<'_>) -> bool {
        let text = self.text(cond);
        !self.host_vars.is_empty()
            || text.contains("hostname")
            || text.contains("endswith(")
            || text.contains("match(")
            || text.contains("search(")
    }

    /// `if <the host of base is none of H>: raise ...` (or `return`, `continue`, `break`,
    /// `sys.exit(...)`), with no other branch: after it `base` points at one of the hosts
    /// (see [`crate::host_check`]), and so does each variable holding its host. The names to
    /// bind and their values.
    fn leaving_host_check(&mut self, node: Node<'_>) -> Vec<(String, Val)> {
        let Some(cond) = leaving_condition(node).or_else(|| exiting_condition(node, self.src))
        else {
            return Vec::new();
        };
        if !self.may_check_host(cond) {
            return Vec::new();
        }
        self.plain_hosts.clear();
        let c = self.host_cond(cond);
        let Some((url, hosts)) = crate::host_check::hosts_where(&c, false) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        // A variable tested as a host name: past the check it holds one of the hosts.
        if self.plain_hosts.contains(&url) && !self.host_vars.contains_key(&url) {
            let old = self.scope.lookup(&url).unwrap_or_default();
            out.push((url, crate::host_check::host_at(&hosts, &old)));
            return out;
        }
        let old = self.subject_val(&url).unwrap_or_default();
        if !crate::host_check::knows_host(&old) {
            out.push((url.clone(), crate::host_check::url_at(&hosts, &old)));
        }
        for (var, of) in &self.host_vars {
            if *of == url {
                let old = self.scope.lookup(var).unwrap_or_default();
                out.push((var.clone(), crate::host_check::host_at(&hosts, &old)));
            }
        }
        out
    }

    /// `if name.startswith(".env"):` (or a tuple of prefixes): in its branch a name the walk
    /// knew nothing of begins with one of them (`.env` and a rest nobody knows), so a file
    /// opened by it is judged by that shape. A name the walk knows keeps its value.
    fn prefix_test(&mut self, cond: Node<'_>) -> Option<(String, Val)> {
        let cond = match cond.kind() {
            "parenthesized_expression" => cond.named_child(0)?,
            _ => cond,
        };
        let func = cond
            .field("function")
            .filter(|f| cond.kind() == "call" && f.kind() == "attribute")?;
        if func.field("attribute").map(|a| self.text(a)) != Some("startswith") {
            return None;
        }
        let subject = func.field("object").filter(|o| o.kind() == "identifier")?;
        let name = self.text(subject).to_owned();
        let old = self.scope.lookup(&name)?;
        let arg = cond.field("arguments").and_then(|a| named(a).next())?;
        let v = self.eval(arg);
        let prefixes: Vec<String> = match &v.items {
            Some(items) => items
                .iter()
                .map(|i| i.known().map(str::to_owned))
                .collect::<Option<Vec<String>>>()?,
            None => vec![v.known()?.to_owned()],
        };
        // `if line.startswith("GRAFANA_TOKEN="):` over the lines of the project's `.env`: in
        // its branch the line holds that one variable.
        if let [p] = prefixes.as_slice()
            && let Some(key) = crate::engine::dotenv_key(p)
        {
            let mut shaped = old
                .shaped_by_prefixes(&prefixes)
                .unwrap_or_else(|| old.clone());
            let before = shaped.taint.clone();
            shaped.taint.narrow_to_dotenv_key(key);
            if shaped.taint != before {
                return Some((name, shaped));
            }
        }
        Some((name, old.shaped_by_prefixes(&prefixes)?))
    }

    /// `NAME in COLLECTION` (`negated`: `NAME not in COLLECTION`, or `not NAME in ...`) where
    /// the collection is a list, tuple or set of known strings (or a dictionary's literal
    /// keys, at most 16): the name and the value it holds where the test holds, any of the
    /// collection's strings (with the taint the name had).
    pub(super) fn membership(&mut self, cond: Node<'_>, negated: bool) -> Option<(String, Val)> {
        let (cond, negated) = match cond.kind() {
            "parenthesized_expression" => return self.membership(cond.named_child(0)?, negated),
            "not_operator" => (cond.field("argument")?, !negated),
            _ => (cond, negated),
        };
        if cond.kind() != "comparison_operator" {
            return None;
        }
        let ops: Vec<Node<'_>> = named(cond).collect();
        let [subject, coll] = ops.as_slice() else {
            return None;
        };
        if subject.kind() != "identifier"
            || !matches!(
                coll.kind(),
                "identifier" | "attribute" | "list" | "tuple" | "set" | "dictionary"
            )
        {
            return None;
        }
        let between = self.src.get(subject.end_byte()..coll.start_byte())?;
        let op: Vec<&str> = between.split_whitespace().collect();
        let not_in = match op.as_slice() {
            ["in"] => false,
            ["not", "in"] => true,
            _ => return None,
        };
        if not_in == negated {
            // The test holds where the name is one of the names.
        } else {
            return None;
        }
        let name = self.text(*subject).to_owned();
        let old = self.scope.lookup(&name)?;
        let c = self.eval(*coll);
        let names: Vec<String> = match &c.items {
            Some(items) => items
                .iter()
                .map(|i| i.known().map(str::to_owned))
                .collect::<Option<Vec<String>>>()?,
            None if !c.fields.is_empty() => c.fields.iter().map(|(k, _)| k.clone()).collect(),
            None => return None,
        };
        if names.is_empty()
            || names.len() > 16
            || names.iter().any(|n| n.is_empty() || n.contains(UNKNOWN))
        {
            return None;
        }
        let vals: Vec<Val> = names.into_iter().map(Val::lit).collect();
        Some((name, Val::any_of(&vals).with_taint(&old.taint)))
    }

    /// `if NAME not in COLLECTION: continue` (or `return`, `raise`, `break`), with no other
    /// branch: after it, the name is one of the collection's strings.
    fn leaving_membership(&mut self, node: Node<'_>) -> Option<(String, Val)> {
        self.membership(leaving_condition(node)?, true)
    }

    /// A check that `subject` lies under known directories: a call of the script's own
    /// containment function (`inside(path, ROOT)`), `path.is_relative_to(ROOT)`, a variable
    /// holding one, or several joined by `or`. The subject's text and the directories.
    pub(super) fn containment(&mut self, node: Node<'_>) -> Option<(String, Vec<String>)> {
        match node.kind() {
            "parenthesized_expression" => self.containment(node.named_child(0)?),
            "identifier" => self.guard_vars.get(self.text(node)).cloned(),
            "boolean_operator" if node.field("operator").is_some_and(|o| self.text(o) == "or") => {
                let (a, mut da) = self.containment(node.field("left")?)?;
                let (b, db) = self.containment(node.field("right")?)?;
                (a == b).then(|| {
                    da.extend(db);
                    (a, da)
                })
            }
            // `ROOT in path.resolve().parents`
            "comparison_operator" => {
                let (dir, parents) = self.parents_membership(node, "in")?;
                self.contained_in(parents, dir)
            }
            "call" => {
                let func = node.field("function")?;
                let args: Vec<Node<'_>> = node
                    .field("arguments")
                    .map(named)?
                    .filter(|a| a.kind() != "comment")
                    .collect();
                let (subject, dir) = match func.kind() {
                    "identifier" if self.containment_funcs.contains(self.text(func)) => {
                        (*args.first()?, *args.get(1)?)
                    }
                    "attribute"
                        if func
                            .field("attribute")
                            .is_some_and(|a| self.text(a) == "is_relative_to")
                            && args.len() == 1 =>
                    {
                        // `path.resolve().is_relative_to(ROOT)`
                        (self.unresolved(func.field("object")?)?, args[0])
                    }
                    _ => return None,
                };
                self.contained_in(subject, dir)
            }
            _ => None,
        }
    }

    /// The subject's text and the directory a containment check places it under, when the
    /// directory is known and is not the home or the root.
    fn contained_in(&mut self, subject: Node<'_>, dir: Node<'_>) -> Option<(String, Vec<String>)> {
        if !matches!(subject.kind(), "identifier" | "attribute") {
            return None;
        }
        let dir = self.eval(dir).path_text()?;
        let d = dir.trim_end_matches('/');
        if d.is_empty() || d.contains(UNKNOWN) || d == "~" {
            return None;
        }
        Some((self.text(subject).to_owned(), vec![dir]))
    }

    /// `DIR in PATH.parents` (operator `op`: `in` or `not in`), with `.resolve()` or
    /// `.absolute()` calls on PATH passed over: the directory and PATH.
    fn parents_membership<'n>(&self, node: Node<'n>, op: &str) -> Option<(Node<'n>, Node<'n>)> {
        let mut kids = named(node);
        let (dir, right) = (kids.next()?, kids.next()?);
        if kids.next().is_some() {
            return None;
        }
        let between = self.text(node)
            [dir.end_byte() - node.start_byte()..right.start_byte() - node.start_byte()]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        if between != op
            || right.kind() != "attribute"
            || right
                .field("attribute")
                .is_none_or(|a| self.text(a) != "parents")
        {
            return None;
        }
        Some((dir, self.unresolved(right.field("object")?)?))
    }

    /// `path` of `path.resolve()` or `path.absolute()` (of any chain of them): the same path.
    fn unresolved<'n>(&self, mut obj: Node<'n>) -> Option<Node<'n>> {
        while obj.kind() == "call"
            && let Some(f) = obj.field("function").filter(|f| {
                f.kind() == "attribute"
                    && f.field("attribute")
                        .is_some_and(|a| matches!(self.text(a), "resolve" | "absolute"))
            })
        {
            obj = f.field("object")?;
        }
        Some(obj)
    }

    /// `for m in tar.getmembers(): if <m's path escapes>: raise ...`: the archive whose members
    /// a loop checks where they land, leaving (raise, return, exit) at one that escapes, before
    /// it is extracted (the check CVE-2007-4559's advisories give). `continue` only skips the
    /// check, so it does not count.
    fn members_checked(&self, node: Node<'_>) -> Option<String> {
        let right = node.field("right")?;
        let func = (right.kind() == "call").then(|| right.field("function"))??;
        let (object, attribute) = (func.field("object")?, func.field("attribute")?);
        if !matches!(
            self.text(attribute),
            "getmembers" | "getnames" | "namelist" | "infolist"
        ) {
            return None;
        }
        let var = node.field("left").filter(|l| l.kind() == "identifier")?;
        let body = node.field("body")?;
        let words = |t: &str| -> Vec<String> {
            t.split(|ch: char| !(ch.is_alphanumeric() || ch == '_'))
                .filter(|w| !w.is_empty())
                .map(str::to_owned)
                .collect()
        };
        // The member, and the names the loop's body gives values built from it
        // (`resolved = (target / member.name).resolve()`).
        let mut member = vec![self.text(var).to_owned()];
        for c in named(body).filter(|c| c.kind() == "expression_statement") {
            if let Some(a) = c.named_child(0).filter(|a| a.kind() == "assignment")
                && let (Some(l), Some(r)) = (a.field("left"), a.field("right"))
                && l.kind() == "identifier"
                && words(self.text(r)).iter().any(|w| member.contains(w))
            {
                member.push(self.text(l).to_owned());
            }
        }
        let checks = named(body).filter(|c| c.kind() == "if_statement").any(|c| {
            let (Some(cond), Some(then)) = (c.field("condition"), c.field("consequence")) else {
                return false;
            };
            let cond = self.text(cond);
            let names_member = words(cond).iter().any(|w| member.contains(w));
            let placed = [
                "resolve",
                "abspath",
                "realpath",
                "commonpath",
                "is_relative_to",
                "startswith",
                "parents",
                "isabs",
                "\"..\"",
                "'..'",
            ]
            .iter()
            .any(|k| cond.contains(k));
            let leaves = named(then)
                .filter(|s| s.kind() != "comment")
                .last()
                .is_some_and(|last| match last.kind() {
                    "raise_statement" | "return_statement" => true,
                    "expression_statement" => {
                        let t = self.text(last);
                        t.starts_with("sys.exit(") || t.starts_with("exit(")
                    }
                    _ => false,
                });
            names_member && placed && leaves
        });
        checks.then(|| self.text(object).to_owned())
    }

    /// `if not inside(path, ROOT): ... return` (or `continue`, `raise`, `break`), with no
    /// other branch: the subject is confined after it.
    fn leaving_guard(&mut self, node: Node<'_>) -> Option<(String, Vec<String>)> {
        let cond = leaving_condition(node)?;
        self.leaves_uncontained(cond)
    }

    /// A condition under which the script leaves, holding when the subject is not under the
    /// directories: `ROOT not in path.parents`, `not inside(path, ROOT)`, or either of them as
    /// one alternative of an `or` (`if not line or ROOT not in path.parents: continue`: after
    /// it every alternative is false, that one too).
    fn leaves_uncontained(&mut self, cond: Node<'_>) -> Option<(String, Vec<String>)> {
        match cond.kind() {
            "parenthesized_expression" => self.leaves_uncontained(cond.named_child(0)?),
            // `if ROOT not in path.resolve().parents: raise ...`
            "comparison_operator" => {
                let (dir, parents) = self.parents_membership(cond, "not in")?;
                self.contained_in(parents, dir)
            }
            "not_operator" => self.containment(cond.field("argument")?),
            "boolean_operator" if cond.field("operator").is_some_and(|o| self.text(o) == "or") => {
                let left = cond.field("left")?;
                let right = cond.field("right")?;
                self.leaves_uncontained(left)
                    .or_else(|| self.leaves_uncontained(right))
            }
            _ => None,
        }
    }

    pub(super) fn stmt(&mut self, node: Node<'_>) {
        // A statement only the user's opt-in reaches (`if args.upload:`): see `crate::opt_in`.
        let requested_before = self.sink.on_request;
        self.sink.on_request |= self.gates.covers(node.start_byte());
        self.stmt_walk(node);
        self.sink.on_request = requested_before;
    }

    fn stmt_walk(&mut self, node: Node<'_>) {
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
                        // `def test_fetch(server):` of a script with `@pytest.fixture def
                        // server(): ... yield url`: pytest passes the fixture's value.
                        let plain = match p.kind() {
                            "identifier" => Some(p),
                            "typed_parameter" => {
                                p.named_child(0).filter(|c| c.kind() == "identifier")
                            }
                            _ => None,
                        };
                        if let Some(id) = plain
                            && !self.fixtures.is_empty()
                        {
                            let param = self.text(id).to_owned();
                            if param != name && self.fixtures.contains(&param) {
                                // A fixture that yields gives the value it yields.
                                let v = match self.scope.yields.get(&param) {
                                    Some(ys) if !ys.is_empty() => {
                                        ys.iter().skip(1).fold(ys[0].clone(), |a, b| a.union(b))
                                    }
                                    _ => {
                                        self.scope.returns.get(&param).cloned().unwrap_or_default()
                                    }
                                };
                                self.scope.add_param_value(&name, &param, v);
                            }
                        }
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
                self.cli_decorators(node, &name);
                self.scope.enter(name.clone());
                if let Some(body) = node.field("body") {
                    self.block(body);
                }
                self.scope.leave();
                // Calls whose list argument names another program: the body with each.
                for (k, alt) in self.scope.param_alternatives(&name).iter().enumerate() {
                    let old = self.scope.swap_params(&name, alt);
                    let outer = self.scope.walk_alternative(Some((name.clone(), k)));
                    self.scope.enter(name.clone());
                    if let Some(body) = node.field("body") {
                        self.block(body);
                    }
                    self.scope.leave();
                    self.scope.walk_alternative(outer);
                    self.scope.restore_params(&name, old);
                }
            }
            "return_statement" => {
                let mut v = Val::unknown();
                for c in named(node) {
                    v = self.eval(c);
                }
                // A method's result is also its class's own (`super().header()` in an
                // override is the base's, not the override's).
                if let Some(class) = &self.class_now
                    && let Some(f) = self.scope.current_function()
                {
                    let key = format!("{class}.{f}");
                    let joined = match self.method_returns.get(&key) {
                        Some(old) if *old != v => old.union(&v),
                        _ => v.clone(),
                    };
                    self.method_returns.insert(key, joined);
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
                if let Some(archive) = self.members_checked(node) {
                    self.filtered.insert(archive);
                }
                let iter = node
                    .field("right")
                    .map(|r| self.eval(r))
                    .unwrap_or_default();
                // `for _ in range(depth)` with `depth` known: each number counted, so the body
                // runs as many times as the loop turns (`d = os.path.dirname(d)` climbs
                // `depth` levels, not one).
                let iter = match node.field("right").and_then(|r| self.small_range(r)) {
                    Some(counted) => counted,
                    None => iter,
                };
                if let (Some(items), Some(left), Some(body)) =
                    (&iter.items, node.field("left"), node.field("body"))
                    && (1..=UNROLL_ITEMS).contains(&items.len())
                    && self.unroll < UNROLL_DEPTH
                    && items.iter().any(|i| {
                        i.text.is_some()
                            || i.items.is_some()
                            || matches!(i.handle, Some(Handle::Path(_)))
                            || enum_member(i)
                    })
                {
                    // `for name in (".netrc", ".aws/credentials")`: the body runs with each
                    // element, so paths and hosts built from it stay known.
                    self.unroll += 1;
                    // Each element also holds what was put into the collection as a whole
                    // (`found.append(secret)` on a list written `[]` or with literals).
                    for item in items.clone() {
                        self.bind_target(left, item.with_taint(&iter.taint));
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
                    // `tokens = []`, `tokens.append(token)` in another loop, `for t in tokens`:
                    // an element holds what the collection was given. (An empty list that is
                    // also a directory's listing, a helper's `return []` when the directory is
                    // missing beside the listing it returns, is the listing.)
                    Some(items)
                        if !items.is_empty() || !matches!(iter.handle, Some(Handle::Path(_))) =>
                    {
                        Val::any_of(items).with_taint(&iter.taint)
                    }
                    _ => Val {
                        text: iter.text.clone(),
                        taint: iter.taint.clone(),
                        alts: iter.alts.clone(),
                        handle: iter.handle.clone().filter(|h| matches!(h, Handle::Path(_))),
                        ..Val::default()
                    },
                };
                let mut elem = elem;
                if elem.taint.env
                    && let (Some(l), Some(b)) = (node.field("left"), node.field("body"))
                    && self.env_prefix_skip(l, b)
                {
                    // `for key, value in os.environ.items(): if not
                    // key.startswith("PROJ_"): continue`: the tool's own settings only.
                    elem.taint.env = false;
                }
                if let Some(left) = node.field("left") {
                    self.bind_target(left, elem);
                }
                for field in ["body", "alternative"] {
                    if let Some(b) = node.field(field) {
                        self.stmt(b);
                    }
                }
            }
            // `if inside(path, ROOT): shutil.rmtree(path)`: the branch sees `path` under `ROOT`.
            "if_statement" => {
                let cond = node.field("condition");
                let may_guard = !self.containment_funcs.is_empty()
                    || !self.guard_vars.is_empty()
                    || cond.is_some_and(|c| {
                        let t = self.text(c);
                        t.contains("is_relative_to") || t.contains(".parents")
                    });
                let guard = cond.filter(|_| may_guard).and_then(|c| self.containment(c));
                match cond {
                    // `if os.environ.get("CI"):` tests whether it is set.
                    Some(c) if self.env_value(c) => self.presence_test(Some(c)),
                    Some(c) => {
                        self.eval(c);
                    }
                    None => {}
                }
                // `if d in CACHE_DIRS:`: in its branch `d` is one of the collection's names.
                let member = cond.and_then(|c| {
                    let m = self.membership(c, false);
                    m.or_else(|| self.prefix_test(c))
                });
                for c in named(node).filter(|c| Some(*c) != cond) {
                    let confined = guard.is_some() && c.kind() == "block";
                    if confined && let Some(g) = guard.clone() {
                        self.confined.push(g);
                    }
                    let narrowed = match &member {
                        Some((name, v)) if c.kind() == "block" => {
                            let old = self.scope.lookup(name);
                            self.scope.bind(name, v.clone());
                            old.map(|o| (name.clone(), o))
                        }
                        _ => None,
                    };
                    self.stmt(c);
                    if let Some((name, old)) = narrowed {
                        self.scope.bind(&name, old);
                    }
                    if confined {
                        self.confined.pop();
                    }
                }
            }
            "class_definition" => {
                let Some(body) = node.field("body") else {
                    return;
                };
                // `base: str = API` in a class body: what `self.base` holds in its methods
                // (until the instance is given another value, which joins it).
                let class = node.field("name").map(|n| self.text(n).to_owned());
                // `class Index(enum.Enum)`, `StrEnum`, `IntFlag`: each member is an object
                // whose `value` is what the body gave it; a loop over the class takes them in
                // turn.
                let is_enum = node.field("superclasses").is_some_and(|b| {
                    named(b).any(|a| {
                        let t = self.text(a);
                        let t = t.rsplit('.').next().unwrap_or(t);
                        t.ends_with("Enum") || t.ends_with("Flag")
                    })
                });
                let outer = std::mem::replace(&mut self.class_now, class.clone());
                let mut members = Vec::new();
                for c in named(body) {
                    self.stmt(c);
                    if let Some(left) = super::class_field(c) {
                        let name = self.text(left).to_owned();
                        let v = self.lookup(&name).unwrap_or_default();
                        if is_enum && !name.starts_with('_') {
                            let mut member = Val::unknown();
                            member.set_field(&["name"], Val::lit(name.clone()));
                            member.set_field(&["value"], v.clone());
                            // `self.value` and `self.name` in the class's methods (walked
                            // after the members): any member's, each place of a tuple value
                            // any of the members' at that place.
                            if let Some(class) = &class {
                                for attr in ["value", "name"] {
                                    let own = format!("{class}.self.{attr}");
                                    let v = member.field(attr).cloned().unwrap_or_default();
                                    let joined = match self.fields.get(&own) {
                                        Some(old) if *old != v => {
                                            crate::engine::union_segments(old, &v)
                                        }
                                        _ => v,
                                    };
                                    self.fields.insert(own, joined);
                                }
                            }
                            members.push((name.clone(), member));
                        }
                        self.store_field(format!("self.{name}"), v);
                    }
                }
                self.class_now = outer;
                if let Some(class) = class.filter(|_| !members.is_empty()) {
                    for (name, member) in &members {
                        self.fields
                            .insert(format!("{class}.{name}"), member.clone());
                    }
                    self.enums.insert(class.clone());
                    self.scope.assign(
                        &class,
                        Val::list(members.into_iter().map(|(_, m)| m).collect()),
                    );
                }
            }
            // A nested block (a loop's or a branch's body): its guards (`if n not in NAMES:
            // continue`) hold for the rest of it, as in a function's body.
            "block" => self.block(node),
            "module"
            | "elif_clause"
            | "else_clause"
            | "while_statement"
            | "try_statement"
            | "except_clause"
            | "finally_clause"
            | "decorated_definition"
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
            // `global TARGET`: the function's assignments to it set the module's variable.
            "global_statement" => {
                for n in named(node).filter(|n| n.kind() == "identifier") {
                    let name = self.text(n).to_owned();
                    self.scope.declare_global(&name);
                }
            }
            "comment" | "pass_statement" | "break_statement" | "continue_statement"
            | "nonlocal_statement" => {}
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
            self.sink.imported(module.as_deref().unwrap_or(&full));
            let target = match &module {
                Some(m) => crate::scope::dotted(m, &full),
                None if n.kind() == "aliased_import" => full,
                None => alias.clone(),
            };
            self.bind(&alias, super::expr::module_value(target));
        }
        if module.is_some() && self.text(node).trim_end().ends_with('*') {
            // `from os import *`: unknown names may be functions of the module.
        }
    }
}

/// The condition of an `if` with no other branch whose body ends by leaving (`return`,
/// `continue`, `raise`, `break`): after it, the condition is false.
fn leaving_condition(node: Node<'_>) -> Option<Node<'_>> {
    if node.field("alternative").is_some() {
        return None;
    }
    let cond = node.field("condition")?;
    let body = node.field("consequence")?;
    let last = named(body).filter(|c| c.kind() != "comment").last()?;
    matches!(
        last.kind(),
        "return_statement" | "continue_statement" | "raise_statement" | "break_statement"
    )
    .then_some(cond)
}

/// The condition of an `if` with no other branch whose body ends by stopping the script
/// (`sys.exit(...)`, `exit(...)`, `os._exit(...)`).
fn exiting_condition<'n>(node: Node<'n>, src: &str) -> Option<Node<'n>> {
    if node.field("alternative").is_some() {
        return None;
    }
    let body = node.field("consequence")?;
    let last = named(body).filter(|c| c.kind() != "comment").last()?;
    let call = last
        .named_child(0)
        .filter(|c| last.kind() == "expression_statement" && c.kind() == "call")?;
    let func = &src[call.field("function")?.byte_range()];
    matches!(func, "sys.exit" | "exit" | "os._exit" | "quit").then(|| node.field("condition"))?
}

impl Py<'_, '_, '_> {
    /// `@click.option("--root", default=D)` (or `@click.argument`) above `def main(root)`: the
    /// parameter holds D, or what the command line gives instead (a value nobody knows).
    fn cli_decorators(&mut self, def: Node<'_>, func: &str) {
        let Some(parent) = def.parent().filter(|p| p.kind() == "decorated_definition") else {
            return;
        };
        for d in named(parent).filter(|d| d.kind() == "decorator") {
            let Some(call) = named(d).next().filter(|c| c.kind() == "call") else {
                continue;
            };
            let callee = call.field("function").map(|f| self.text(f)).unwrap_or("");
            if !(callee.ends_with(".option") || callee.ends_with(".argument")) {
                continue;
            }
            let Some(args) = call.field("arguments") else {
                continue;
            };
            let mut names = Vec::new();
            let mut default = None;
            for a in named(args) {
                match a.kind() {
                    "string" => {
                        if let Some(t) = self.eval(a).known() {
                            names.push(t.to_owned());
                        }
                    }
                    "keyword_argument"
                        if a.field("name").is_some_and(|n| self.text(n) == "default") =>
                    {
                        default = a.field("value").map(|v| self.eval(v));
                    }
                    _ => {}
                }
            }
            // click's parameter name: a name given without dashes, else the longest option
            // name, dashes turned to underscores.
            let param = names
                .iter()
                .find(|n| !n.starts_with('-'))
                .or_else(|| names.iter().max_by_key(|n| n.trim_start_matches('-').len()))
                .map(|n| {
                    n.trim_start_matches('-')
                        .replace('-', "_")
                        .to_ascii_lowercase()
                });
            if let (Some(param), Some(d)) = (param, default.filter(|d| !d.is_blank())) {
                self.scope
                    .add_param_value(func, &param, Val::option_value(Some(&d)));
            }
        }
    }
}

/// Whether a value is a member of one of the script's enums (its `name` and `value`, as the
/// class body walk made it): a loop over the class takes each in turn.
pub(super) fn enum_member(v: &Val) -> bool {
    matches!(v.fields.as_slice(), [(n, _), (val, _)] if n == "name" && val == "value")
        && v.text.is_none()
        && v.handle.is_none()
}
