//! Python scripts: a flow-insensitive def-use pass over the syntax tree, in two rounds so that
//! functions defined after their use and values passed into functions are followed.
//!
//! - `stmt.rs`: statements, imports and assignment targets;
//! - `expr.rs`: expressions (strings, names, attributes, subscripts, operators);
//! - `call.rs`: a call's arguments and callee, dispatched by the rows of `api.rs` (which call
//!   is what) to `files.rs`, `code.rs`, `net.rs` and `data.rs`;
//! - `method.rs`: methods of what a value refers to (a file, a path, a connection, a string).

use crate::engine::{Handle, Sink, Taint, Val};
use crate::scope::{Map, Scope, Set};
use crate::ts::Node;

mod api;
mod call;
mod code;
mod data;
mod expr;
mod files;
mod ini;
mod method;
mod net;
mod stmt;

pub(crate) fn analyze(sink: &mut Sink<'_>, root: Node<'_>, src: &str) {
    let mut py = Py {
        src,
        sink,
        scope: Scope::new(true),
        unroll: 0,
        filtered: Set::default(),
        fields: Map::default(),
        class_now: None,
        dict_entries: Vec::new(),
        classes: Map::default(),
        class_methods: Map::default(),
        class_bases: Map::default(),
        field_classes: Set::default(),
        method_returns: Map::default(),
        properties: Set::default(),
        setters: Set::default(),
        enums: Set::default(),
        kw_params: Map::default(),
        confined: Vec::new(),
        guard_vars: Map::default(),
        host_vars: Map::default(),
        host_guards: Map::default(),
        plain_hosts: Set::default(),
        url_objects: Map::default(),
        containment_funcs: Set::default(),
        path_keys: Set::default(),
        counters: Set::default(),
        fixtures: Set::default(),
        cli_options: Vec::new(),
        gates: crate::opt_in::gates(root, src, crate::opt_in::Syntax::Python),
    };
    py.scope.fresh_lists = true;
    py.sink.dry_run_unless_requested = py.gates.dry_run_unless_requested;
    py.counters = range_counters(root, src);
    py.collect_funcs(root);
    if !py.scope.funcs.is_empty() {
        // A first round binds function parameters and return values; findings come from the second.
        let recording = py.sink.recording;
        py.sink.recording = false;
        py.block(root);
        // Values that reached a function after its body was walked (calls three deep, the
        // callee defined first): up to two more rounds, while they do (three when the first
        // kept a blank argument for the second, see `Scope::call_user`).
        let rounds = 2 + usize::from(py.scope.deferred_blank());
        for _ in 0..rounds {
            if !py.scope.next_round() {
                break;
            }
            py.block(root);
        }
        py.scope.next_round();
        py.sink.recording = recording;
    }
    py.block(root);
}

struct Py<'s, 'k, 'a> {
    src: &'s str,
    sink: &'k mut Sink<'a>,
    scope: Scope,
    /// How many loops over literal collections are being unrolled around the current node.
    unroll: u32,
    /// Archives given an extraction filter (`tar.extraction_filter = tarfile.data_filter`).
    filtered: Set<String>,
    /// Values stored in attributes (`self.tmp = tempfile.mkdtemp()`), by the attribute's text,
    /// the union of every assignment anywhere in the script: what `setUp` stores, `tearDown`
    /// reads.
    fields: Map<String, Val>,
    /// The class whose body (its methods included) is being walked: `self.token` in its methods
    /// is this class's attribute, also kept as `Class.self.token` in `fields`, so two classes
    /// of one script with an attribute of the same name do not share its value.
    class_now: Option<String>,
    /// The entries with literal keys of the dictionary literal evaluated last, for the
    /// assignment that names it (`ops = {"run": os.system}` keeps `ops[run]` in `fields`).
    dict_entries: Vec<(String, Val)>,
    /// The fields of the script's classes without an `__init__` (dataclasses, named tuples,
    /// attrs classes): the names the class body assigns or annotates, in order; a call of the
    /// class puts its arguments into them (`Client(token)` -> `self.token`).
    classes: Map<String, Vec<String>>,
    /// The methods of each of the script's classes (`def get(self, path)` in `class Client`).
    class_methods: Map<String, Vec<String>>,
    /// The base classes each of the script's classes names (`class Db(Writer)`): a method or
    /// `__init__` it does not define is its bases'.
    class_bases: Map<String, Vec<String>>,
    /// The classes of [`Py::classes`] that name no base class but `NamedTuple` (a
    /// dataclass, an attrs class, a named tuple): nothing but their fields takes a call's
    /// arguments, where a base from elsewhere (`threading.Thread`, `logging.Handler`) may
    /// keep them in members the script never names.
    field_classes: Set<String>,
    /// What each method of the script's classes returns, as `Class.method`.
    method_returns: Map<String, Val>,
    /// The properties of the script's classes, as `Class.name` (`@property def state(self)`):
    /// reading `obj.state` of an instance runs the method.
    properties: Set<String>,
    /// The property setters of the script's classes, as `Class.name` (`@name.setter def
    /// name(self, value)`): assigning `obj.name = v` of an instance runs the method with `v`.
    setters: Set<String>,
    /// The script's enum classes (`class Workspace(enum.Enum)`): a method called on one of
    /// their members (`item.path()`, `Workspace.PREFS.path()`) is the class's, and `self.value`
    /// in it any of the members' values, place by place of a tuple.
    enums: Set<String>,
    /// The script's functions with a `**name` parameter, and its name: the call's keyword
    /// arguments are that dictionary's members.
    kw_params: Map<String, String>,
    /// Expressions a containment check before them confined to directories (`if not
    /// inside(path, ROOT): return`): the expression's text and the directories.
    confined: Vec<(String, Vec<String>)>,
    /// Variables holding the answer of a containment check (`ok = inside(p, ROOT)`).
    guard_vars: Map<String, (String, Vec<String>)>,
    /// Variables holding the host of a URL the script holds (`host = urlparse(base).hostname`),
    /// and the URL's text: a check of the host is a check of where the URL points.
    host_vars: Map<String, String>,
    /// The script's functions that refuse a URL they are given unless it points at some
    /// hosts (`def check_host(url): if urlparse(url).hostname not in HOSTS: raise ...`, the
    /// check a statement of the body itself): the position of that parameter and the hosts.
    /// After a call `check_host(base)` standing as a statement, `base` points at one of them,
    /// as after the check written in place.
    host_guards: Map<String, (usize, Vec<String>, bool)>,
    /// Variables a check just read as holding a host name itself (`host.endswith(
    /// ".internal")` of a `host` the walk knows nothing of), not a URL: past the check they
    /// hold one of the hosts let through.
    plain_hosts: Set<String>,
    /// Variables given the parts of a URL the script holds (`parts = urlparse(base)`), and
    /// that URL's text: a check of `parts.hostname` is a check of where `base` points.
    url_objects: Map<String, String>,
    /// The script's functions that check a path lies under a directory (their body asks
    /// `relative_to`, `is_relative_to`, `commonpath` or `startswith`): `inside(path, root)`.
    containment_funcs: Set<String>,
    /// The keys of dictionary literals that were path objects (`{ROOT / "a.json": …}`): the
    /// dictionary's `keys()` and `items()` give them back as paths.
    path_keys: Set<String>,
    /// Names bound only as the counter of a loop over `range(...)` (see [`range_counters`]).
    counters: Set<String>,
    /// The script's pytest fixtures (`@pytest.fixture def server(): ...`): a test function's
    /// parameter of the same name is given what the fixture returns or yields.
    fixtures: Set<String>,
    /// The options an `argparse` parser was given (`add_argument("--root", default=...)`),
    /// by their destination name, each holding its default or what the command line gives:
    /// `parse_args()` returns them as the fields of its namespace.
    cli_options: Vec<(String, Val)>,
    /// What only the user's explicit opt-in reaches (`crate::opt_in`).
    gates: crate::opt_in::Gates,
}

/// The names the script binds only as the counter of a loop over `range(...)` (`for cp in
/// range(0x110000)`, `chr(i) for i in range(32, 127)`), never by an assignment, another loop,
/// a parameter or a `with`/`except` alias: numbers counted in order, so `chr` of one is a
/// table of code points walked one by one, not characters spelled out to hide a text.
fn range_counters(root: Node<'_>, src: &str) -> Set<String> {
    fn idents(n: Node<'_>, src: &str, out: &mut Set<String>) {
        if n.kind() == "identifier" {
            out.insert(src[n.byte_range()].to_owned());
        }
        for c in n.named_children() {
            idents(c, src, out);
        }
    }
    fn walk(n: Node<'_>, src: &str, counters: &mut Set<String>, other: &mut Set<String>) {
        match n.kind() {
            "for_statement" | "for_in_clause" => {
                let over_range = n.field("right").is_some_and(|r| {
                    r.kind() == "call"
                        && r.field("function")
                            .is_some_and(|f| &src[f.byte_range()] == "range")
                });
                if let Some(left) = n.field("left") {
                    if over_range && left.kind() == "identifier" {
                        counters.insert(src[left.byte_range()].to_owned());
                    } else {
                        idents(left, src, other);
                    }
                }
            }
            "assignment" | "augmented_assignment" => {
                if let Some(left) = n.field("left") {
                    idents(left, src, other);
                }
            }
            "named_expression" => {
                if let Some(name) = n.field("name") {
                    idents(name, src, other);
                }
            }
            "parameters"
            | "lambda_parameters"
            | "as_pattern_target"
            | "global_statement"
            | "nonlocal_statement"
            | "import_statement"
            | "import_from_statement"
            | "aliased_import" => idents(n, src, other),
            _ => {}
        }
        for c in n.named_children() {
            walk(c, src, counters, other);
        }
    }
    // A counter is of a loop over a call of `range`, named in the text.
    if !src.contains("range") {
        return Set::default();
    }
    let (mut counters, mut other) = (Set::default(), Set::default());
    walk(root, src, &mut counters, &mut other);
    counters.retain(|n| !other.contains(n));
    counters
}

/// Loops over literal collections of at most this many elements are walked once per element.
const UNROLL_ITEMS: usize = 8;
/// ... nested at most this deep.
const UNROLL_DEPTH: u32 = 2;
/// Lists of at most this many elements keep them through a comprehension that only turns each
/// into its text (`[str(a) for a in argv]`).
const CONVERTED_ITEMS: usize = 64;

fn line(node: Node<'_>) -> u32 {
    node.line()
}

/// The named children of `node` but comments: a comment between the items of a tuple or
/// the arguments of a call (`# fmt: off`) is not one of them.
fn named<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> + 't {
    node.named_children().filter(|n| n.kind() != "comment")
}

impl<'s> Py<'s, '_, '_> {
    /// What `super().m()` in a method of the class being walked returns: the method of the
    /// nearest base class that defines it.
    fn base_method_returns(&self, m: &str) -> Option<Val> {
        let class = self.class_now.as_deref()?;
        let mut todo: Vec<&str> = self
            .class_bases
            .get(class)?
            .iter()
            .map(String::as_str)
            .collect();
        for _ in 0..8 {
            let c = todo.first().copied()?;
            todo.remove(0);
            if self
                .class_methods
                .get(c)
                .is_some_and(|ms| ms.iter().any(|x| x == m))
            {
                return self.method_returns.get(&format!("{c}.{m}")).cloned();
            }
            if let Some(bases) = self.class_bases.get(c) {
                todo.extend(bases.iter().map(String::as_str));
            }
        }
        None
    }

    /// The classes of a dictionary whose every member is one of the script's classes (a
    /// registry), joined by [`crate::engine::FUNCS_SEP`].
    fn classes_for_key(&self, obj: &Val) -> Option<String> {
        let classes: Vec<&str> = obj
            .fields
            .iter()
            .map(|(_, v)| match &v.handle {
                Some(Handle::Instance(c)) if self.class_methods.contains_key(c) => Some(c.as_str()),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let mut classes = classes;
        classes.dedup();
        (!classes.is_empty() && classes.len() <= 16)
            .then(|| classes.join(&crate::engine::FUNCS_SEP.to_string()))
    }

    /// Whether the script's class `class` derives from `base` (a few levels up).
    fn derives_from(&self, class: &str, base: &str) -> bool {
        let mut todo: Vec<&str> = vec![class];
        for _ in 0..8 {
            let Some(c) = todo.pop() else {
                return false;
            };
            let Some(bases) = self.class_bases.get(c) else {
                continue;
            };
            if bases.iter().any(|b| b == base) {
                return true;
            }
            todo.extend(bases.iter().map(String::as_str));
        }
        false
    }

    /// `self.attr` in a method of `class`: what `class` stored there, joined with what each
    /// of its subclasses stored (`levels_up = 4` and `levels_up = 1` overriding the base's
    /// `levels_up = 0`): the method runs on instances of any of them. `None` when no subclass
    /// stored the attribute.
    pub(super) fn field_with_overrides(&self, key: &str, class: &str) -> Option<Val> {
        if !key.starts_with("self.") || self.class_bases.is_empty() {
            return None;
        }
        let own = self.fields.get(&format!("{class}.{key}"))?;
        let mut subs: Vec<&String> = self
            .class_bases
            .keys()
            .filter(|c| c.as_str() != class && self.derives_from(c, class))
            .collect();
        subs.sort();
        let mut joined: Option<Val> = None;
        for sub in subs {
            if let Some(v) = self.fields.get(&format!("{sub}.{key}"))
                && v != own
            {
                let base = joined.as_ref().unwrap_or(own);
                joined = Some(base.union(v));
            }
        }
        joined
    }

    /// Whether the script's class `class` (or any of several joined by
    /// [`crate::engine::FUNCS_SEP`]) has method `m`, its own or one of its bases'
    /// (a few levels up).
    pub(super) fn class_has(&self, class: &str, m: &str) -> bool {
        let mut todo: Vec<&str> = class.split(crate::engine::FUNCS_SEP).collect();
        for _ in 0..8 {
            let Some(c) = todo.pop() else {
                return false;
            };
            if self
                .class_methods
                .get(c)
                .is_some_and(|ms| ms.iter().any(|x| x == m))
            {
                return true;
            }
            if let Some(bases) = self.class_bases.get(c) {
                todo.extend(bases.iter().map(String::as_str));
            }
        }
        false
    }

    fn text(&self, node: Node<'_>) -> &'s str {
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
            if c.kind() == "decorated_definition"
                && named(c).any(|d| {
                    d.kind() == "decorator" && {
                        let t = self.text(d).trim_start_matches('@');
                        let t = t.split('(').next().unwrap_or(t).trim();
                        matches!(t, "pytest.fixture" | "fixture" | "pytest_asyncio.fixture")
                    }
                })
                && let Some(n) = c
                    .field("definition")
                    .filter(|d| d.kind() == "function_definition")
                    .and_then(|d| d.field("name"))
            {
                self.fixtures.insert(self.text(n).to_owned());
            }
            if c.kind() == "class_definition"
                && let (Some(n), Some(body)) = (c.field("name"), c.field("body"))
            {
                let mut fields = Vec::new();
                let mut init = false;
                let mut methods = Vec::new();
                for s in named(body) {
                    let property = s.kind() == "decorated_definition"
                        && named(s)
                            .any(|d| d.kind() == "decorator" && self.text(d).ends_with("property"));
                    let setter = s.kind() == "decorated_definition"
                        && named(s)
                            .any(|d| d.kind() == "decorator" && self.text(d).ends_with(".setter"));
                    let s = match s.kind() {
                        "decorated_definition" => s.field("definition").unwrap_or(s),
                        _ => s,
                    };
                    if s.kind() == "function_definition"
                        && let Some(f) = s.field("name")
                    {
                        let m = self.text(f).to_owned();
                        if property {
                            self.properties.insert(format!("{}.{m}", self.text(n)));
                        }
                        if setter {
                            self.setters.insert(format!("{}.{m}", self.text(n)));
                        }
                        init |= m == "__init__";
                        methods.push(m);
                    }
                    if let Some(left) = class_field(s) {
                        fields.push(self.text(left).to_owned());
                    }
                }
                // A method another class defines too (an override): a call on `self` may
                // run either.
                for m in &methods {
                    if self
                        .class_methods
                        .iter()
                        .any(|(k, ms)| k != self.text(n) && ms.contains(m))
                    {
                        self.scope.shared_names.insert(m.clone());
                    }
                }
                let bases: Vec<String> = c
                    .field("superclasses")
                    .map(|b| {
                        named(b)
                            .filter(|a| a.kind() == "identifier")
                            .map(|a| self.text(a).to_owned())
                            .collect()
                    })
                    .unwrap_or_default();
                self.class_bases.insert(self.text(n).to_owned(), bases);
                self.class_methods.insert(self.text(n).to_owned(), methods);
                if !init && !fields.is_empty() {
                    let plain = c.field("superclasses").is_none_or(|b| {
                        named(b).all(|a| matches!(self.text(a), "NamedTuple" | "typing.NamedTuple"))
                    });
                    if plain {
                        self.field_classes.insert(self.text(n).to_owned());
                    }
                    self.classes.insert(self.text(n).to_owned(), fields);
                }
            }
            if c.kind() == "expression_statement"
                && let Some(a) = c.named_child(0).filter(|a| a.kind() == "assignment")
                && let (Some(l), Some(r)) = (a.field("left"), a.field("right"))
                && l.kind() == "identifier"
                && let Some((r, bound)) = match r.kind() {
                    "lambda" => Some((r, 0)),
                    _ => partial_lambda(r, self.src).map(|(f, b)| (f, b.len())),
                }
            {
                // `home = lambda: Path.home()`: a function of the script named `home`; of
                // `post = partial(lambda url, data: ..., URL)`, the calls give the parameters
                // after the bound ones.
                let params: Vec<String> = r
                    .field("parameters")
                    .map(|ps| {
                        named(ps)
                            .filter(|p| p.kind() == "identifier")
                            .map(|p| self.text(p).to_owned())
                            .collect()
                    })
                    .unwrap_or_default();
                let params = params
                    .get(bound..)
                    .map(<[String]>::to_vec)
                    .unwrap_or_default();
                self.scope.funcs.insert(self.text(l).to_owned(), params);
            }
            if c.kind() == "function_definition" {
                let name = c
                    .field("name")
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                let mut params = Vec::new();
                if let Some(ps) = c.field("parameters") {
                    for p in named(ps) {
                        if p.kind() == "dictionary_splat_pattern" {
                            // `**kw`: the keyword arguments, as a dictionary.
                            if let Some(id) = p.named_child(0) {
                                self.kw_params
                                    .insert(name.clone(), self.text(id).to_owned());
                            }
                            continue;
                        }
                        // `*argv` (`*argv: str`): the rest of a call's arguments, as a list.
                        let splat = if p.kind() == "list_splat_pattern" {
                            Some(p)
                        } else {
                            p.named_child(0)
                                .filter(|c| c.kind() == "list_splat_pattern")
                        };
                        if splat.is_some() {
                            self.scope.rest_params.insert(name.clone(), params.len());
                        }
                        let id = if p.kind() == "identifier" {
                            Some(p)
                        } else if let Some(s) = splat {
                            s.named_child(0)
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
                let body = c.field("body").map(|b| self.text(b)).unwrap_or("");
                if params.len() >= 2
                    && [
                        ".relative_to(",
                        ".is_relative_to(",
                        "commonpath(",
                        ".startswith(",
                    ]
                    .iter()
                    .any(|m| body.contains(m))
                {
                    self.containment_funcs.insert(name.clone());
                }
                self.scope.funcs.insert(name, params);
            }
            self.collect_funcs(c);
        }
    }

    fn lookup(&self, name: &str) -> Option<Val> {
        self.scope.lookup(name)
    }

    fn bind(&mut self, name: &str, val: Val) {
        self.scope.bind_declared(name, val);
    }
}

/// The name a statement of a class body gives the class's instances: `base: str = API`,
/// `retries = 3`, `token: str`.
/// `functools.partial(lambda url, body: ..., URL)` (also a bare `partial`): the lambda and the
/// nodes of the arguments bound to its first parameters. Assigned to a name, it is walked as
/// a function of that name whose calls give the remaining parameters.
fn partial_lambda<'t>(call: Node<'t>, src: &str) -> Option<(Node<'t>, Vec<Node<'t>>)> {
    if call.kind() != "call" {
        return None;
    }
    let f = call.field("function")?;
    let ft = src.get(f.byte_range())?;
    if !matches!(ft, "functools.partial" | "partial") {
        return None;
    }
    let mut args = named(call.field("arguments")?)
        .filter(|a| !matches!(a.kind(), "keyword_argument" | "comment"));
    let lambda = args.next().filter(|l| l.kind() == "lambda")?;
    let bound: Vec<Node<'t>> = args.collect();
    if bound
        .iter()
        .any(|a| matches!(a.kind(), "list_splat" | "dictionary_splat"))
    {
        return None;
    }
    Some((lambda, bound))
}

/// Whether `node` is an attribute, subscript or call whose innermost object is a `*splat`:
/// tree-sitter-python parses `[*step.argv]` and `f(*step.argv)` as the attribute `argv` of
/// `*step`, which Python reads as `*(step.argv)`.
pub(super) fn leading_splat(node: Node<'_>) -> bool {
    let mut at = node;
    for _ in 0..16 {
        let inner = match at.kind() {
            "attribute" => at.field("object"),
            "subscript" => at.field("value"),
            "call" => at.field("function"),
            _ => None,
        };
        match inner {
            Some(i) if i.kind() == "list_splat" => return true,
            Some(i) => at = i,
            None => return false,
        }
    }
    false
}

fn class_field(stmt: Node<'_>) -> Option<Node<'_>> {
    let a = stmt
        .named_child(0)
        .filter(|a| stmt.kind() == "expression_statement" && a.kind() == "assignment")?;
    a.field("left").filter(|l| l.kind() == "identifier")
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
    // Compared without case and without a lowercase copy of every keyword.
    [
        "api_key",
        "apikey",
        "token",
        "auth",
        "auth_token",
        "access_token",
        "password",
        "private_token",
        "secret_key",
        "aws_access_key_id",
        "aws_secret_access_key",
        "aws_session_token",
        "login_or_token",
        "bearer_token",
        "client_secret",
    ]
    .iter()
    .any(|c| k.eq_ignore_ascii_case(c))
}

/// Whether `node` runs on some ways through its function or module only: in a branch of an
/// `if` (not its condition), a loop, an `except` or `finally`, the right of `and`/`or`, or a
/// conditional expression.
fn conditional(node: Node<'_>) -> bool {
    let mut at = node;
    while let Some(p) = at.parent() {
        match p.kind() {
            "if_statement" if p.field("condition") != Some(at) => return true,
            "elif_clause"
            | "else_clause"
            | "for_statement"
            | "while_statement"
            | "except_clause"
            | "conditional_expression" => return true,
            "boolean_operator" if p.field("right") == Some(at) => return true,
            "function_definition" | "class_definition" | "module" | "lambda" => return false,
            _ => {}
        }
        at = p;
    }
    false
}
