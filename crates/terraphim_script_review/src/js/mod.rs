//! JavaScript and TypeScript: the same def-use pass as for Python, over the ECMAScript tree.
//!
//! - `stmt.rs`: declarations, functions, loops, imports and destructuring patterns;
//! - `expr.rs`: expressions (strings, templates, names, members, subscripts, operators);
//! - `call.rs`: a call's arguments and callee, dispatched by the rows of `api.rs` (which call
//!   is what) to `files.rs`, `code.rs` and `net.rs`;
//! - `method.rs`: methods of what a value refers to (a file, a connection, a string, a promise).

use crate::engine::{Sink, Val};
use crate::scope::{Map, Scope, Set};
use crate::ts::Node;

mod api;
mod call;
mod code;
mod contain;
mod expr;
mod files;
mod method;
mod net;
mod per_call;
mod stmt;

pub(crate) fn analyze(sink: &mut Sink<'_>, root: Node<'_>, src: &str) {
    let mut js = Js {
        src,
        sink,
        scope: Scope::new(true),
        this_val: Val::unknown(),
        confined: Vec::new(),
        host_vars: Map::default(),
        host_guards: Map::default(),
        host_conds: Map::default(),
        plain_hosts: Set::default(),
        url_objects: Map::default(),
        literal_sets: Map::default(),
        classes: Map::default(),
        instances: Map::default(),
        instance_lists: Map::default(),
        objects: Map::default(),
        resolvers: Vec::new(),
        getters: Set::default(),
        maps: Set::default(),
        fn_aliases: Map::default(),
        anon_fns: Map::default(),
        listeners: Map::default(),
        stores_args: Set::default(),
        predicates: Map::default(),
        fn_nodes: Map::default(),
        hashers: Set::default(),
        cli_options: Vec::new(),
        gates: crate::opt_in::gates(root, src, crate::opt_in::Syntax::Js),
        digest_args: Default::default(),
        unroll: 0,
    };
    js.hashers = hashers(root, src);
    js.sink.dry_run_unless_requested = js.gates.dry_run_unless_requested;
    // A list a function returns in a later round, walked with more values known (a callback
    // given its elements), stands for the one the first round found, as in Python.
    js.scope.fresh_lists = true;
    js.collect_funcs(root);
    if !js.objects.is_empty() {
        // Aliases are of the members of `objects` (none: nothing to look for).
        js.collect_fn_aliases(root);
    }
    // Callbacks see values only after the call that receives them: two rounds when any function
    // (named, arrow or expression) exists.
    if !js.scope.funcs.is_empty() || src.contains("=>") || src.contains("function") {
        // A first round binds function parameters and return values; findings come from the second.
        let recording = js.sink.recording;
        js.sink.recording = false;
        js.stmts(root);
        // Values that reached a function after its body was walked (calls three deep, the
        // callee defined first): up to two more rounds, while they do (three when the first
        // kept a blank argument for the second, see `Scope::call_user`).
        let rounds = 2 + usize::from(js.scope.deferred_blank());
        for _ in 0..rounds {
            if !js.scope.next_round() {
                break;
            }
            js.stmts(root);
        }
        js.scope.next_round();
        js.sink.recording = recording;
    }
    js.stmts(root);
}

struct Js<'s, 'k, 'a> {
    src: &'s str,
    sink: &'k mut Sink<'a>,
    scope: Scope,
    /// What the script's classes stored in `this` (`this.root = root`, constructor parameter
    /// properties), the union of every store: what their methods read as `this.root`.
    this_val: Val,
    /// Expressions a guard before them in the block confined to a directory
    /// (`if (!p.startsWith(DIR + '/')) continue;`): the expression's text and the prefix.
    confined: Vec<(String, String)>,
    /// Variables holding the host of a URL the script holds (`const host = new
    /// URL(root).hostname`), and the URL's text: a check of the host is a check of where the
    /// URL points.
    host_vars: Map<String, String>,
    /// The script's functions that refuse a URL they are given unless it points at some
    /// hosts (`function assertLocal(url) { const host = new URL(url).hostname; if
    /// (!LOCAL.has(host)) throw ...; }`, the check a statement of the body itself): the
    /// position of that parameter, the hosts, and whether the parameter is a host name rather
    /// than a URL. After a call `assertLocal(base)` standing as a statement, `base` points at
    /// one of them, as after the check written in place.
    host_guards: Map<String, (usize, Vec<String>, bool)>,
    /// Constants given a condition on a host (`const ok = u.hostname === 'localhost' ||
    /// u.hostname.endsWith('.internal')`): `if (!ok) throw` is that check.
    host_conds: Map<String, crate::host_check::HostCond>,
    /// Variables a check just read as holding a host name itself (`SITE.endsWith(
    /// '.internal')`, `/\.internal$/.test(host)`), not a URL: past the check they hold one of
    /// the hosts let through.
    plain_hosts: Set<String>,
    /// Variables given a URL object of a URL the script holds (`const u = new URL(base)`),
    /// and that URL's text: a check of `u.hostname` is a check of where `base` points too.
    url_objects: Map<String, String>,
    /// Variables given a `Set` of string literals (`const LOCAL = new Set(['localhost'])`) to
    /// which the script adds nothing (no `LOCAL.add(` in it): its strings.
    literal_sets: Map<String, Vec<String>>,
    /// The script's classes and the names of their methods.
    classes: Map<String, Set<String>>,
    /// Variables given a new instance of one of the script's classes (`const t = new
    /// Template(rows)`), and the class: `t.render()` is its method.
    instances: Map<String, String>,
    /// Variables given an array literal of new instances of the script's classes (`const
    /// probes = [new Docker(), new Fly()]`), and the class of the first: a loop variable or a
    /// callback's element over the list is an instance (`p.evidence()` is the method).
    instance_lists: Map<String, String>,
    /// Variables given an object literal with functions among its members (`const api = {
    /// post: (body) => fetch(URL, { body }) }`), and those members' names: `api.post(x)` calls
    /// the script's own function `api.post` (named so, apart from the script's other
    /// functions), whose parameters take the arguments.
    objects: Map<String, Set<String>>,
    /// The `resolve` parameters of the `new Promise((resolve, reject) => ...)` executors being
    /// walked, and what their calls gave: the promise's value (`resolve(data)`).
    resolvers: Vec<(String, Option<Val>)>,
    /// The getters of the script's classes, as `Class.name`: `obj.name` of an instance (or of
    /// the class, for a static one) returns what the getter returns.
    getters: Set<String>,
    /// Variables given a `new Map(...)`: `m.set(k, v)` stores the member `k`, `m.get(k)` reads
    /// it.
    maps: Set<String>,
    /// Names destructured from an object literal of the script whose member of that name is a
    /// function (`const { dir, file } = AGENT` with `AGENT = { dir: () => ... }`), and the
    /// function (`AGENT.dir`): `dir()` calls it.
    fn_aliases: Map<String, String>,
    /// Functions without a name of their own given as an argument to a function of the
    /// script (`download(url, (err, text) => ...)`), and their parameters: the callee calling
    /// its parameter (`onDone(null, body)`) gives them the arguments.
    anon_fns: Map<String, Vec<String>>,
    /// Callbacks registered on an event emitter (`bus.on('step', cmd => ...)`), by the
    /// emitter's text and the event's name: `bus.emit('step', value)` calls them with it.
    listeners: Map<(String, String), Vec<String>>,
    /// The script's classes whose constructor keeps every parameter in `this` (a TypeScript
    /// parameter property, or `this.x = ...` of an expression naming it), or that have no
    /// constructor and extend nothing: what an instance was built from is in the members its
    /// methods read, so a method's result is what its body returns.
    stores_args: Set<String>,
    /// The script's functions that return true only for a path under a known directory
    /// (`isOurs(dir)` returning `path.dirname(dir) === os.tmpdir() && ...`): the position of
    /// the parameter they test and the directory.
    predicates: Map<String, (usize, String)>,
    /// The byte ranges of the script's function declarations, by name (see `per_call.rs`).
    fn_nodes: Map<String, (usize, usize)>,
    /// Variables the script only ever sets to a hash object (see [`hashers`]).
    hashers: Set<String>,
    /// The options a command-line parser was given (commander's `.option('-r, --root <dir>',
    /// desc, DEFAULT)`, yargs' `.option('root', { default })`), by name, each holding its
    /// default or a value nobody knows: `.opts()`, `.parseSync()` return them as fields.
    cli_options: Vec<(String, Val)>,
    /// What only the user's explicit opt-in reaches (`crate::opt_in`).
    gates: crate::opt_in::Gates,
    /// The start bytes of calls that are a hash's `update` argument, while that call is walked.
    digest_args: std::collections::HashSet<usize>,
    /// How many loops over literal tuples are being walked once per tuple (see
    /// `for_in_statement`), at most [`UNROLL_DEPTH`].
    unroll: u32,
}

/// The event name under which a `FinalizationRegistry`'s callback is kept in
/// [`Js::listeners`]: `register(obj, held)` calls it with `held`.
const FINALIZE: &str = "\u{0}finalize";

/// A loop over at most this many literal tuples is walked once per tuple.
const UNROLL_ITEMS: usize = 8;
/// Loops inside such loops are walked per tuple up to this depth.
const UNROLL_DEPTH: u32 = 2;

/// The variables the script sets to a hash object (`const h = crypto.createHash('sha256')`,
/// `createHmac(...)`) and never to anything else: `h.update(x)` puts `x` into a digest.
fn hashers(root: Node<'_>, src: &str) -> Set<String> {
    fn makes_hash(n: Node<'_>, src: &str) -> bool {
        n.kind() == "call_expression"
            && n.field("function").is_some_and(|f| {
                let t = &src[f.byte_range()];
                t == "createHash"
                    || t == "createHmac"
                    || t.ends_with(".createHash")
                    || t.ends_with(".createHmac")
            })
    }
    fn walk(n: Node<'_>, src: &str, made: &mut Set<String>, other: &mut Set<String>) {
        let target = match n.kind() {
            "variable_declarator" => n.field("name").zip(n.field("value")),
            "assignment_expression" => n.field("left").zip(n.field("right")),
            _ => None,
        };
        if let Some((name, value)) = target {
            let text = src[name.byte_range()].to_owned();
            if name.kind() == "identifier" && makes_hash(value, src) {
                made.insert(text);
            } else {
                other.insert(text);
            }
        }
        if matches!(
            n.kind(),
            "augmented_assignment_expression" | "update_expression"
        ) {
            other.insert(
                src[n.byte_range()]
                    .split(|c: char| !c.is_alphanumeric() && c != '_' && c != '$')
                    .next()
                    .unwrap_or("")
                    .to_owned(),
            );
        }
        for c in n.named_children() {
            walk(c, src, made, other);
        }
    }
    // Every call `makes_hash` takes names one of these.
    if !src.contains("createHash") && !src.contains("createHmac") {
        return Set::default();
    }
    let (mut made, mut other) = (Set::default(), Set::default());
    walk(root, src, &mut made, &mut other);
    made.retain(|n| !other.contains(n));
    made
}

/// The text of a URL-encoded string with its `%XX` escapes decoded (`decodeURIComponent`,
/// the body of a `data:` URL); `None` when it holds no escape.
pub(super) fn percent_decoded(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut escaped = false;
    let mut i = 0;
    let hex = |from: usize, len: usize| {
        bytes
            .get(from..from + len)
            .filter(|h| h.iter().all(u8::is_ascii_hexdigit))
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
    };
    while i < bytes.len() {
        // `unescape`'s `%uXXXX` is one UTF-16 unit; `%XX` one byte.
        let wide = (bytes[i] == b'%' && bytes.get(i + 1) == Some(&b'u'))
            .then(|| hex(i + 2, 4))
            .flatten()
            .and_then(char::from_u32);
        if let Some(ch) = wide {
            out.extend_from_slice(ch.to_string().as_bytes());
            escaped = true;
            i += 6;
        } else if let (b'%', Some(b)) = (bytes[i], hex(i + 1, 2)) {
            out.push(u8::try_from(b).unwrap_or(b'?'));
            escaped = true;
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    escaped.then(|| String::from_utf8_lossy(&out).into_owned())
}

fn line(node: Node<'_>) -> u32 {
    node.line()
}

fn named<'t>(node: Node<'t>) -> impl Iterator<Item = Node<'t>> + 't {
    node.named_children().filter(|n| n.kind() != "comment")
}

/// Whether `node` runs only on some paths through its function (or the module): inside an
/// `if`, a loop, a `switch` case, a `catch`, a conditional expression or the right side of
/// `&&`, `||`, `??`. A value stored there may or may not replace the one before it
/// (`if (argv[i] === '--root') opts.root = argv[++i]` keeps the default as well).
fn conditional(node: Node<'_>) -> bool {
    let mut at = node;
    while let Some(p) = at.parent() {
        match p.kind() {
            "if_statement" if p.field("condition") != Some(at) => return true,
            "for_statement" | "for_in_statement" | "while_statement" | "do_statement"
            | "switch_case" | "switch_default" | "catch_clause" | "ternary_expression" => {
                return true;
            }
            "binary_expression"
                if p.field("right") == Some(at)
                    && p.child(1)
                        .is_some_and(|o| matches!(o.kind(), "&&" | "||" | "??")) =>
            {
                return true;
            }
            "function_declaration"
            | "function_expression"
            | "function"
            | "arrow_function"
            | "method_definition"
            | "generator_function_declaration"
            | "program" => {
                return false;
            }
            _ => {}
        }
        at = p;
    }
    false
}

/// Global objects, looked up as modules.
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
    "navigator",
];

/// The language's own classes (`new Error(msg)`, `new URL(s)`, `new Map()`): a `new` of one
/// that the script does not declare itself runs none of the script's constructors, whose
/// parameters would otherwise take an error's message or a URL's text beside what the
/// script's own `new Client(base, token)` gives them.
pub(super) const BUILTIN_CLASSES: &[&str] = &[
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "ReferenceError",
    "EvalError",
    "URIError",
    "AggregateError",
    "URL",
    "URLSearchParams",
    "Map",
    "Set",
    "WeakMap",
    "WeakSet",
    "WeakRef",
    "Date",
    "RegExp",
    "Promise",
    "AbortController",
    "Headers",
    "Request",
    "Response",
    "FormData",
    "Blob",
    "TextEncoder",
    "TextDecoder",
    "Array",
    "Object",
    "Uint8Array",
    "Int32Array",
    "Float64Array",
    "ArrayBuffer",
    "DataView",
];

/// Global functions that run, load or fetch what they are given: a member holding one
/// (`{ build: Function }`, `this.run = eval`) called is a call of it.
pub(super) const RUNS_ITS_ARGUMENT: &[&str] = &["eval", "Function", "require", "fetch", "atob"];

/// Modules (as [`module_name`] names them) whose calls are no package's client: Node's own
/// modules and the HTTP clients, judged by their own rows.
pub(super) const NODE_BUILTINS: &[&str] = &[
    "fs",
    "fs.promises",
    "path",
    "os",
    "child_process",
    "fetch",
    "axios",
    "http",
    "https",
    "http2",
    "net",
    "tls",
    "dgram",
    "dns",
    "util",
    "crypto",
    "zlib",
    "stream",
    "buffer",
    "querystring",
    "url",
    "vm",
    "worker_threads",
    "cluster",
    "readline",
    "process",
    "events",
    "assert",
    "module",
    "v8",
    "ws",
    "string_decoder",
    "timers",
    "perf_hooks",
];

/// The module a package name stands for (`node:fs`, `fs-extra` -> `fs`).
fn module_name(m: &str) -> String {
    let m = m.strip_prefix("node:").unwrap_or(m);
    match m {
        "fs/promises" => "fs.promises".into(),
        "fs-extra" | "graceful-fs" => "fs".into(),
        "child-process-promise" | "execa" => "child_process".into(),
        "node-fetch" | "cross-fetch" | "undici" => "fetch".into(),
        // `request(options)` and its promise wrappers take axios's options object (`url`,
        // `method`, `headers`, `body`) and its `get`/`post` methods.
        "got"
        | "superagent"
        | "needle"
        | "ky"
        | "request"
        | "request-promise"
        | "request-promise-native"
        | "requestretry"
        | "postman-request" => "axios".into(),
        _ => m.to_owned(),
    }
}

impl<'s> Js<'s, '_, '_> {
    fn text(&self, node: Node<'_>) -> &'s str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    fn params_of(&self, node: Node<'_>) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(ps) = node.field("parameters").or_else(|| node.field("parameter")) {
            if ps.kind() == "identifier" {
                out.push(self.text(ps).to_owned());
            }
            for (i, p) in named(ps).enumerate() {
                let id = match p.kind() {
                    "identifier" => Some(p),
                    "required_parameter" | "optional_parameter" => p.field("pattern"),
                    "assignment_pattern" => p.field("left"),
                    "rest_pattern" => p.named_child(0),
                    _ => None,
                };
                // `...args` (TypeScript `...args: string[]`): the name after the dots.
                let id = id.map(|x| match x.kind() {
                    "rest_pattern" => x.named_child(0).unwrap_or(x),
                    _ => x,
                });
                // A destructured parameter is named by its position (`#1`, no variable's
                // name), so what a call passes there reaches the pattern's names.
                let pattern = id.map_or(
                    matches!(p.kind(), "object_pattern" | "array_pattern"),
                    |x| matches!(x.kind(), "object_pattern" | "array_pattern"),
                );
                out.push(match id {
                    _ if pattern => format!("#{i}"),
                    Some(x) => self.text(x).to_owned(),
                    None => String::new(),
                });
            }
        }
        out
    }

    /// A rest parameter (`function sh(cmd, ...args)`, TypeScript `...args: string[]`): its
    /// position, so a call's arguments from there on are one list in it.
    fn note_rest(&mut self, name: &str, node: Node<'_>) {
        let Some(ps) = node.field("parameters") else {
            return;
        };
        let rest = named(ps).position(|p| {
            p.kind() == "rest_pattern"
                || p.field("pattern")
                    .is_some_and(|x| x.kind() == "rest_pattern")
        });
        if let Some(i) = rest {
            self.scope.rest_params.insert(name.to_owned(), i);
        }
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
                // `namespace Api { export function send() {...} }`: its functions.
                || k == "internal_module"
                || k == "module"
                || k.starts_with("switch"))
            {
                continue;
            }
            match c.kind() {
                "class_declaration" | "abstract_class_declaration" => {
                    if let (Some(n), Some(body)) = (c.field("name"), c.field("body")) {
                        let mut methods: Set<String> = named(body)
                            .filter(|m| m.kind() == "method_definition")
                            .filter_map(|m| m.field("name"))
                            .map(|m| self.text(m).to_owned())
                            .collect();
                        let class = self.text(n).to_owned();
                        // `get target() { ... }`: reading `obj.target` runs it.
                        for m in named(body).filter(|m| m.kind() == "method_definition") {
                            let getter =
                                m.children().any(|t| !t.is_named() && self.text(t) == "get");
                            if let (true, Some(name)) = (getter, m.field("name")) {
                                self.getters.insert(format!("{class}.{}", self.text(name)));
                            }
                        }
                        // A method another class defines too (an override): a call on
                        // `this` may run either.
                        for m in &methods {
                            if self.classes.values().any(|ms| ms.contains(m)) {
                                self.scope.shared_names.insert(m.clone());
                            }
                        }
                        // `class Cluster extends Collector`: the methods it inherits from a
                        // class of the script are its own too (`new Cluster().collect()`).
                        let base = named(c)
                            .find(|h| h.kind() == "class_heritage")
                            .and_then(|h| {
                                let e = named(h)
                                    .find(|e| e.kind() == "extends_clause")
                                    .and_then(|e| e.field("value").or_else(|| e.named_child(0)))
                                    .or_else(|| h.named_child(0))?;
                                Some(self.text(e).to_owned())
                            });
                        if let Some(inherited) = base.and_then(|b| self.classes.get(&b)) {
                            methods.extend(inherited.iter().cloned());
                        }
                        if self.constructor_stores_args(c, body) {
                            self.stores_args.insert(class.clone());
                        }
                        self.classes.insert(class, methods);
                    }
                }
                "function_declaration" | "generator_function_declaration" | "method_definition" => {
                    let name = c
                        .field("name")
                        .map(|n| self.text(n).to_owned())
                        .unwrap_or_default();
                    let params = self.params_of(c);
                    if c.kind() == "function_declaration" {
                        self.note_function_node(&name, c);
                    }
                    self.note_rest(&name, c);
                    self.scope.funcs.insert(name, params);
                }
                "variable_declarator" => {
                    if let (Some(n), Some(v)) = (c.field("name"), c.field("value")) {
                        self.note_finalizer(n, v);
                    }
                    // `const T = { ... } as const` / `satisfies Table`: the object itself.
                    let value = c.field("value").map(|v| {
                        let mut v = v;
                        while matches!(v.kind(), "as_expression" | "satisfies_expression")
                            && let Some(inner) = named(v).next()
                        {
                            v = inner;
                        }
                        v
                    });
                    if let (Some(n), Some(v)) = (c.field("name"), value)
                        && matches!(
                            v.kind(),
                            "arrow_function" | "function_expression" | "function"
                        )
                    {
                        let name = self.text(n).to_owned();
                        let params = self.params_of(v);
                        self.note_function_node(&name, v);
                        self.note_rest(&name, v);
                        self.scope.funcs.insert(name, params);
                    }
                    if let (Some(n), Some(v)) = (c.field("name"), value)
                        && n.kind() == "identifier"
                        && v.kind() == "object"
                    {
                        let object = self.text(n).to_owned();
                        let mut methods = Set::default();
                        for (key, f) in self.object_functions(v) {
                            // `get meta() { ... }` of an object literal: reading `obj.meta`
                            // runs it.
                            if f.kind() == "method_definition"
                                && f.children().any(|t| !t.is_named() && self.text(t) == "get")
                            {
                                self.getters.insert(format!("{object}.{key}"));
                            }
                            let params = self.params_of(f);
                            self.scope.funcs.insert(format!("{object}.{key}"), params);
                            methods.insert(key);
                        }
                        if !methods.is_empty() {
                            self.objects.insert(self.text(n).to_owned(), methods);
                        }
                    }
                }
                _ => {}
            }
            self.collect_funcs(c);
        }
    }

    /// `const cleanup = new FinalizationRegistry((dir) => rmSync(dir, ...))`: the callback is
    /// called with the value each `cleanup.register(obj, value)` holds for it (see
    /// [`FINALIZE`]), as an event listener is with what `emit` passes.
    fn note_finalizer(&mut self, name: Node<'_>, value: Node<'_>) {
        if name.kind() != "identifier"
            || value.kind() != "new_expression"
            || value
                .field("constructor")
                .is_none_or(|c| self.text(c) != "FinalizationRegistry")
        {
            return;
        }
        let Some(cb) = value.field("arguments").and_then(|a| named(a).next()) else {
            return;
        };
        let callback = match cb.kind() {
            "arrow_function" | "function_expression" | "function" => {
                let f = crate::scope::anon_name(cb.start_byte());
                let params = self.params_of(cb);
                if params.is_empty() {
                    return;
                }
                self.anon_fns.insert(f.clone(), params);
                f
            }
            "identifier" => self.text(cb).to_owned(),
            _ => return,
        };
        let key = (self.text(name).to_owned(), FINALIZE.to_owned());
        self.listeners.entry(key).or_default().push(callback);
    }

    /// Whether the class `class` (body `body`) keeps every constructor parameter in `this`
    /// (see `stores_args`).
    fn constructor_stores_args(&self, class: Node<'_>, body: Node<'_>) -> bool {
        let ctor = named(body).find(|m| {
            m.kind() == "method_definition"
                && m.field("name")
                    .is_some_and(|n| self.text(n) == "constructor")
        });
        let Some(ctor) = ctor else {
            return !named(class).any(|c| c.kind() == "class_heritage");
        };
        let Some(ps) = ctor.field("parameters") else {
            return true;
        };
        let Some(code) = ctor.field("body") else {
            return false;
        };
        let mut stores = Vec::new();
        this_stores(code, &mut stores);
        // A local the constructor makes of a parameter and stores (`const url = new
        // URL(base); this.origin = url.origin;`): the parameter is stored through it.
        let mut locals = Vec::new();
        local_decls(code, &mut locals);
        let stored_name = |name: &str| {
            stores
                .iter()
                .any(|rhs| names_identifier(*rhs, self.src, name))
        };
        let through_local = |param: &str| {
            locals.iter().any(|(local, value)| {
                let local = self.text(*local);
                local != param && names_identifier(*value, self.src, param) && stored_name(local)
            })
        };
        named(ps).all(|p| {
            let property = named(p).any(|c| c.kind() == "accessibility_modifier")
                || self.text(p).starts_with("readonly ");
            let id = match p.kind() {
                "identifier" => Some(p),
                "required_parameter" | "optional_parameter" => p.field("pattern"),
                "assignment_pattern" => p.field("left"),
                _ => None,
            };
            let Some(id) = id.filter(|i| i.kind() == "identifier") else {
                return false;
            };
            property || stored_name(self.text(id)) || through_local(self.text(id))
        })
    }

    /// Destructuring of an object literal with function members (`const { dir } = AGENT`,
    /// `const { dir: d } = AGENT`): the names given a function member call it.
    fn collect_fn_aliases(&mut self, node: Node<'_>) {
        for c in named(node) {
            if c.kind() == "variable_declarator"
                && let (Some(pat), Some(v)) = (c.field("name"), c.field("value"))
                && pat.kind() == "object_pattern"
                && v.kind() == "identifier"
                && let Some(members) = self.objects.get(self.text(v))
            {
                let object = self.text(v).to_owned();
                let mut found = Vec::new();
                for m in named(pat) {
                    let (key, local) = match m.kind() {
                        "shorthand_property_identifier_pattern" => (m, m),
                        "object_assignment_pattern" => match m.field("left") {
                            Some(l) => (l, l),
                            None => continue,
                        },
                        "pair_pattern" => match (m.field("key"), m.field("value")) {
                            (Some(k), Some(l)) if l.kind() == "identifier" => (k, l),
                            _ => continue,
                        },
                        _ => continue,
                    };
                    let key = self.text(key);
                    if members.contains(key) {
                        found.push((self.text(local).to_owned(), format!("{object}.{key}")));
                    }
                }
                self.fn_aliases.extend(found);
            }
            self.collect_fn_aliases(c);
        }
    }

    /// The members of an object literal that are functions, by their literal names:
    /// `key: (a) => ...`, `key: function (a) {...}` and `key(a) {...}`.
    fn object_functions<'t>(&self, object: Node<'t>) -> Vec<(String, Node<'t>)> {
        named(object)
            .filter_map(|m| {
                let (key, f) = match m.kind() {
                    "pair" => (m.field("key")?, m.field("value")?),
                    // A getter that only returns a value is that member's value, not a
                    // function called by name.
                    "method_definition" if self.getter(m).is_some() => return None,
                    "method_definition" => (m.field("name")?, m),
                    _ => return None,
                };
                let is_function = matches!(
                    f.kind(),
                    "arrow_function" | "function_expression" | "function" | "method_definition"
                );
                let key = self
                    .text(key)
                    .trim_matches(|ch| matches!(ch, '"' | '\'' | '`'));
                (is_function && !key.is_empty() && !key.starts_with('['))
                    .then(|| (key.to_owned(), f))
            })
            .collect()
    }

    fn lookup(&self, name: &str) -> Option<Val> {
        self.scope.lookup(name)
    }

    fn bind(&mut self, name: &str, val: Val) {
        self.scope.bind(name, val);
    }
}

/// The right-hand sides of `this.x = ...` assignments in `node`, outside nested functions.
fn this_stores<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    for c in named(node) {
        if matches!(
            c.kind(),
            "function_declaration" | "function_expression" | "function" | "arrow_function"
        ) {
            continue;
        }
        if c.kind() == "assignment_expression"
            && let (Some(l), Some(r)) = (c.field("left"), c.field("right"))
            && l.kind() == "member_expression"
            && l.field("object").is_some_and(|o| o.kind() == "this")
        {
            out.push(r);
        }
        this_stores(c, out);
    }
}

/// The `const`/`let` declarations of one identifier with a value in `node`, outside nested
/// functions: the name and the value.
fn local_decls<'t>(node: Node<'t>, out: &mut Vec<(Node<'t>, Node<'t>)>) {
    for c in named(node) {
        if matches!(
            c.kind(),
            "function_declaration" | "function_expression" | "function" | "arrow_function"
        ) {
            continue;
        }
        if c.kind() == "variable_declarator"
            && let (Some(n), Some(v)) = (c.field("name"), c.field("value"))
            && n.kind() == "identifier"
        {
            out.push((n, v));
        }
        local_decls(c, out);
    }
}

/// Whether `node` is or holds the identifier `name`.
fn names_identifier(node: Node<'_>, src: &str, name: &str) -> bool {
    (matches!(node.kind(), "identifier" | "shorthand_property_identifier")
        && src.get(node.byte_range()) == Some(name))
        || named(node).any(|c| names_identifier(c, src, name))
}
