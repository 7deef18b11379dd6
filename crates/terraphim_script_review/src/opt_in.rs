//! Branches only the user's explicit opt-in reaches, in Python and JavaScript/TypeScript: the
//! counterpart of the shell's `shell/opt_in.rs`.
//!
//! An opt-in flag is a boolean only a command-line option turns on and that is off by default:
//! an `argparse` `store_true` option (`args.upload`), a click `is_flag` option, a `commander`,
//! `yargs` or `parseArgs` boolean option, `"--publish" in sys.argv`,
//! `process.argv.includes("--publish")`, `flags.has("--apply")` of a set made of the arguments,
//! or a member a hand-written parser sets to `true` only in the branch of an option
//! (`if (a === '--yes') opts.yes = true`). The flag flows through assignments
//! (`dry_run = not args.apply`), members (`self.apply = apply`), negation and parameters (a
//! function whose every call passes it: `publish(crates, args.execute)`).
//!
//! What the flag guards is walked with [`crate::engine::Sink::on_request`] set: the branch of an
//! `if` that holds only on request, the rest of a block after an early return taken when the
//! user did not opt in (`if not args.upload: return 0`), the right side of `opts.publish &&
//! publish()`, and the bodies of the script's functions called only from such places. A
//! `--dry-run` word added only when the user did not opt in (`if (!opts.publish)
//! args.push('--dry-run')`) makes the real publish one the user asks for.
//!
//! A flag turned on by default (`default=True`, `--no-x`), set from the environment or a file,
//! or assigned anything else anywhere, is none. Only the publish rules read `on_request`:
//! exfiltration, downloads run, deletes and trust-anchor writes behind a flag stay what they are.

use crate::scope::{Map, Set};
use crate::ts::Node;

/// The two syntaxes read here.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Syntax {
    Python,
    Js,
}

/// What the pre-pass found: the byte ranges walked only on request.
#[derive(Default, Debug)]
pub(crate) struct Gates {
    regions: Vec<(usize, usize)>,
    /// A `--dry-run` word is added only when the user did not opt in.
    pub(crate) dry_run_unless_requested: bool,
}

impl Gates {
    /// Whether the statement starting at `at` runs only on request.
    pub(crate) fn covers(&self, at: usize) -> bool {
        self.regions.iter().any(|&(s, e)| s <= at && at < e)
    }
}

/// Who binds a name or member: an expression, a literal that leaves it off, a parameter of a
/// function (its index), or anything else (a loop, a destructuring, an augmented assignment).
#[derive(Clone, Copy)]
enum Binding<'t> {
    Expr(Node<'t>),
    Off,
    /// `o.yes = true` in the branch of a test against an option word.
    OnByOption,
    Param(usize, usize, Option<Node<'t>>),
    Other,
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
enum Key {
    Name(String),
    Member(String),
}

struct Pass<'t, 's> {
    src: &'s str,
    syn: Syntax,
    /// Known polarity of names and members: `true`: true only on request; `false`: false only
    /// on request.
    known: Map<Key, bool>,
    /// Members an option declaration names (`add_argument("--upload", action="store_true")`).
    declared: Set<Key>,
    bindings: Vec<(Key, Binding<'t>)>,
    /// Functions: (name, body range, parameter names).
    funcs: Vec<(String, (usize, usize), Vec<String>)>,
    /// Calls of a name: (callee name, call node).
    calls: Vec<(String, Node<'t>)>,
    /// Names used otherwise than called or defined (a callback): their calls are not all seen.
    referenced: Set<String>,
    /// Identifiers that hold the command line's arguments (`const args = new Set(process.argv)`).
    argv_names: Set<String>,
}

/// The gates of a script whose syntax tree is `root`.
pub(crate) fn gates(root: Node<'_>, src: &str, syn: Syntax) -> Gates {
    // Every opt-in source names an option word or a boolean option type.
    if !src.contains("--") && !src.contains("boolean") && !src.contains("is_flag") {
        return Gates::default();
    }
    let mut p = Pass {
        src,
        syn,
        known: Map::default(),
        declared: Set::default(),
        bindings: Vec::new(),
        funcs: Vec::new(),
        calls: Vec::new(),
        referenced: Set::default(),
        argv_names: Set::default(),
    };
    let nodes: Vec<Node<'_>> = root.descendants().collect();
    for &n in &nodes {
        p.collect(n);
    }
    if p.declared.is_empty() && !src.contains("argv") {
        return Gates::default();
    }
    for k in p.declared.clone() {
        p.known.insert(k, true);
    }
    // Flags flow through a few assignments and calls.
    for _ in 0..4 {
        if !p.propagate() {
            break;
        }
    }
    p.regions(&nodes)
}

impl<'t> Pass<'t, '_> {
    fn text(&self, n: Node<'_>) -> &str {
        self.src.get(n.byte_range()).unwrap_or("")
    }

    fn string(&self, n: Node<'_>) -> Option<String> {
        if !matches!(n.kind(), "string" | "template_string") {
            return None;
        }
        let t = self.text(n);
        let t = t.trim_start_matches(['r', 'b', 'u', 'R', 'B', 'U']);
        let t = t.trim_matches(['"', '\'', '`']);
        (!t.contains(['{', '$'])).then(|| t.to_owned())
    }

    fn is_off(&self, n: Node<'_>) -> bool {
        matches!(
            self.text(n),
            "False" | "None" | "false" | "null" | "undefined"
        )
    }

    fn is_true(&self, n: Node<'_>) -> bool {
        matches!(self.text(n), "True" | "true")
    }

    /// The name a call calls: `f(...)`, `self.f(...)`, `this.f(...)`.
    fn callee(&self, call: Node<'_>) -> Option<String> {
        let f = call.field("function")?;
        match f.kind() {
            "identifier" => Some(self.text(f).to_owned()),
            "attribute" | "member_expression" => {
                let obj = f.field("object")?;
                if !matches!(self.text(obj), "self" | "this" | "cls") {
                    return None;
                }
                let prop = f.field("attribute").or_else(|| f.field("property"))?;
                Some(self.text(prop).to_owned())
            }
            _ => None,
        }
    }

    fn collect(&mut self, n: Node<'t>) {
        match (self.syn, n.kind()) {
            (_, "call" | "call_expression") => {
                self.declaration(n);
                if let Some(name) = self.callee(n) {
                    self.calls.push((name, n));
                }
            }
            (Syntax::Python, "function_definition")
            | (Syntax::Js, "function_declaration" | "method_definition") => {
                if let (Some(name), Some(body)) = (n.field("name"), n.field("body")) {
                    let params = self.params(n);
                    self.funcs.push((
                        self.text(name).to_owned(),
                        (body.start_byte(), body.end_byte()),
                        params,
                    ));
                }
            }
            (Syntax::Js, "variable_declarator") => {
                let (Some(name), value) = (n.field("name"), n.field("value")) else {
                    return;
                };
                if name.kind() != "identifier" {
                    self.bind_pattern(name);
                    return;
                }
                let name_text = self.text(name).to_owned();
                match value {
                    Some(v)
                        if matches!(
                            v.kind(),
                            "arrow_function" | "function_expression" | "function"
                        ) =>
                    {
                        if let Some(body) = v.field("body") {
                            let params = self.params(v);
                            self.funcs.push((
                                name_text,
                                (body.start_byte(), body.end_byte()),
                                params,
                            ));
                        }
                    }
                    Some(v) => {
                        if self.text(v).contains("argv") {
                            self.argv_names.insert(name_text.clone());
                        }
                        let b = self.value_binding(v);
                        self.bindings.push((Key::Name(name_text), b));
                    }
                    None => self.bindings.push((Key::Name(name_text), Binding::Off)),
                }
            }
            (Syntax::Python, "assignment") | (Syntax::Js, "assignment_expression") => {
                let (Some(l), Some(r)) = (n.field("left"), n.field("right")) else {
                    return;
                };
                let b = match self.syn == Syntax::Js && self.is_true(r) && self.in_option_branch(n)
                {
                    true => Binding::OnByOption,
                    false => self.value_binding(r),
                };
                match self.key(l) {
                    Some(k) => {
                        self.bindings.push((k, b));
                    }
                    None => self.bind_pattern(l),
                }
            }
            (Syntax::Python, "augmented_assignment" | "for_statement" | "named_expression")
            | (
                Syntax::Js,
                "augmented_assignment_expression" | "for_in_statement" | "update_expression",
            ) => {
                let target = n
                    .field("left")
                    .or_else(|| n.field("name"))
                    .or_else(|| n.field("argument"))
                    .or_else(|| n.field("value"));
                if let Some(t) = target {
                    self.bind_pattern(t);
                }
            }
            // `{ publish: false }`: a default off; `{ publish: { type: 'boolean' } }`: a
            // declaration; anything else binds the member.
            (Syntax::Js, "pair") => {
                let (Some(k), Some(v)) = (n.field("key"), n.field("value")) else {
                    return;
                };
                let key = self.string(k).unwrap_or_else(|| self.text(k).to_owned());
                if v.kind() == "object" {
                    let t = self.text(v);
                    let boolean = t.contains("'boolean'") || t.contains("\"boolean\"");
                    if boolean && !default_on(t) && !key.starts_with("no") {
                        self.declared.insert(Key::Member(key));
                    }
                    return;
                }
                let b = match self.is_off(v) {
                    true => Binding::Off,
                    false => self.value_binding(v),
                };
                self.bindings.push((Key::Member(key), b));
            }
            (Syntax::Js, "shorthand_property_identifier_pattern") => {
                self.bindings
                    .push((Key::Name(self.text(n).to_owned()), Binding::Other));
            }
            (Syntax::Python, "identifier")
                if n.parent().is_some_and(|p| {
                    p.kind() == "attribute" && p.field("attribute") == Some(n)
                }) =>
            {
                // `self.upload` named otherwise than called; `obj.upload(...)`: maybe the
                // script's method called on another object.
                let Some(a) = n.parent() else { return };
                let this = a
                    .field("object")
                    .is_some_and(|o| matches!(self.text(o), "self" | "cls"));
                let called = a
                    .parent()
                    .is_some_and(|c| c.kind() == "call" && c.field("function") == Some(a));
                if this != called {
                    self.referenced.insert(self.text(n).to_owned());
                }
            }
            (_, "identifier") => {
                // A function named otherwise than as the callee of a call or its definition.
                let Some(p) = n.parent() else { return };
                let called = matches!(p.kind(), "call" | "call_expression")
                    && p.field("function") == Some(n);
                let defined = matches!(
                    p.kind(),
                    "function_definition" | "function_declaration" | "variable_declarator"
                ) && p.field("name") == Some(n);
                if !called && !defined {
                    self.referenced.insert(self.text(n).to_owned());
                }
            }
            (_, "property_identifier") => {
                // `this.f` passed along (`list.forEach(this.f)`); `obj.f(...)`: maybe the
                // script's method called on another object.
                if let Some(m) = n.parent().filter(|m| m.kind() == "member_expression")
                    && m.field("property") == Some(n)
                {
                    let this = m.field("object").is_some_and(|o| o.kind() == "this");
                    let called = m.parent().is_some_and(|p| {
                        p.kind() == "call_expression" && p.field("function") == Some(m)
                    });
                    if this != called {
                        self.referenced.insert(self.text(n).to_owned());
                    }
                }
            }
            _ => {}
        }
    }

    /// Every name bound by a pattern (a tuple, a destructuring) is bound to something unknown.
    fn bind_pattern(&mut self, n: Node<'t>) {
        if let Some(k) = self.key(n) {
            self.bindings.push((k, Binding::Other));
            return;
        }
        for c in n.named_children() {
            self.bind_pattern(c);
        }
    }

    fn key(&self, n: Node<'_>) -> Option<Key> {
        match n.kind() {
            "identifier" => Some(Key::Name(self.text(n).to_owned())),
            "attribute" => n
                .field("attribute")
                .map(|a| Key::Member(self.text(a).to_owned())),
            "member_expression" => n
                .field("property")
                .map(|a| Key::Member(self.text(a).to_owned())),
            _ => None,
        }
    }

    fn value_binding(&self, v: Node<'t>) -> Binding<'t> {
        if self.is_off(v) {
            Binding::Off
        } else {
            Binding::Expr(v)
        }
    }

    /// The parameter names of a function, binding each.
    fn params(&mut self, f: Node<'t>) -> Vec<String> {
        let mut out = Vec::new();
        let Some(ps) = f.field("parameters").or_else(|| f.field("parameter")) else {
            return out;
        };
        let fi = self.funcs.len();
        let list: Vec<Node<'t>> = if ps.kind() == "identifier" {
            vec![ps]
        } else {
            ps.named_children()
                .filter(|c| c.kind() != "comment")
                .collect()
        };
        for p in list {
            let (id, default) = match p.kind() {
                "identifier" => (Some(p), None),
                "default_parameter" | "typed_default_parameter" => {
                    (p.field("name"), p.field("value"))
                }
                "typed_parameter" => (p.named_child(0).filter(|c| c.kind() == "identifier"), None),
                "required_parameter" | "optional_parameter" => (
                    p.field("pattern").filter(|c| c.kind() == "identifier"),
                    p.field("value"),
                ),
                "assignment_pattern" => (
                    p.field("left").filter(|c| c.kind() == "identifier"),
                    p.field("right"),
                ),
                _ => (None, None),
            };
            match id {
                Some(id) => {
                    let name = self.text(id).to_owned();
                    if name == "self" || name == "cls" {
                        continue;
                    }
                    self.bindings.push((
                        Key::Name(name.clone()),
                        Binding::Param(fi, out.len(), default),
                    ));
                    out.push(name);
                }
                None => {
                    self.bind_pattern(p);
                    // A splat or a pattern: the positions after it are not known.
                    out.push(String::new());
                }
            }
        }
        out
    }

    /// Whether `n` lies in a branch a test against an option word reaches (`if (a ===
    /// '--yes')`, `case '--yes':`).
    fn in_option_branch(&self, n: Node<'_>) -> bool {
        let mut at = n;
        for _ in 0..6 {
            let Some(p) = at.parent() else { return false };
            match p.kind() {
                "if_statement" => {
                    if let Some(c) = p.field("condition")
                        && p.field("consequence") == Some(at)
                    {
                        let t = self.text(c);
                        return (t.contains("=== '-")
                            || t.contains("=== \"-")
                            || t.contains("== '-")
                            || t.contains("== \"-"))
                            && !t.contains("||")
                            && !t.contains('!');
                    }
                    return false;
                }
                "switch_case" => {
                    return p
                        .field("value")
                        .and_then(|v| self.string(v))
                        .is_some_and(|s| s.starts_with('-') && s.len() > 1);
                }
                "program" | "function_declaration" | "arrow_function" => return false,
                _ => at = p,
            }
        }
        false
    }

    /// An option declaration: `add_argument("--upload", action="store_true")`,
    /// `click.option("--upload", is_flag=True)`, `.option("--publish")` (commander),
    /// `.boolean("publish")` (yargs).
    fn declaration(&mut self, call: Node<'_>) {
        let Some(f) = call.field("function") else {
            return;
        };
        let ft = self.text(f);
        let method = ft.rsplit('.').next().unwrap_or(ft);
        let Some(args) = call.field("arguments") else {
            return;
        };
        let args: Vec<Node<'_>> = args
            .named_children()
            .filter(|c| c.kind() != "comment")
            .collect();
        let kw = |name: &str| {
            args.iter()
                .filter(|a| a.kind() == "keyword_argument")
                .find(|a| a.field("name").is_some_and(|n| self.text(n) == name))
                .and_then(|a| a.field("value"))
        };
        let words: Vec<String> = args.iter().filter_map(|a| self.string(*a)).collect();
        match (self.syn, method) {
            (Syntax::Python, "add_argument" | "add_option") => {
                if kw("action").and_then(|a| self.string(a)).as_deref() != Some("store_true") {
                    return;
                }
                if kw("default").is_some_and(|d| !self.is_off(d)) {
                    return;
                }
                let dest = match kw("dest").and_then(|d| self.string(d)) {
                    Some(d) => d,
                    None => match words.iter().find(|w| w.starts_with("--")) {
                        Some(w) => w[2..].replace('-', "_"),
                        None => return,
                    },
                };
                if !dest.is_empty() && !dest.starts_with("no_") {
                    self.declared.insert(Key::Member(dest));
                }
            }
            (Syntax::Python, "option") => {
                if !kw("is_flag").is_some_and(|v| self.is_true(v))
                    || kw("default").is_some_and(|d| !self.is_off(d))
                    || kw("envvar").is_some()
                {
                    return;
                }
                if let Some(w) = words.iter().find(|w| w.starts_with("--"))
                    && !w.contains('/')
                    && !w.starts_with("--no-")
                {
                    self.declared.insert(Key::Name(w[2..].replace('-', "_")));
                }
            }
            (Syntax::Js, "option" | "boolean") => {
                let Some(first) = words.first() else { return };
                let long = first
                    .split([',', ' ', '|'])
                    .map(str::trim)
                    .find(|w| w.starts_with("--"))
                    .map(|w| &w[2..]);
                let name = match (method, long) {
                    // commander: `--publish` without a value placeholder, no default given.
                    ("option", Some(l)) => {
                        if first.contains(['<', '[']) || args.len() > 2 {
                            return;
                        }
                        l.to_owned()
                    }
                    // yargs: `.option('publish', { type: 'boolean' })`, `.boolean('publish')`.
                    ("option", None) => {
                        let Some(spec) = args.get(1).filter(|a| a.kind() == "object") else {
                            return;
                        };
                        let t = self.text(*spec);
                        if !(t.contains("'boolean'") || t.contains("\"boolean\"")) || default_on(t)
                        {
                            return;
                        }
                        first.clone()
                    }
                    ("boolean", l) => l.unwrap_or(first).to_owned(),
                    _ => return,
                };
                if name.is_empty() || name.starts_with("no-") {
                    return;
                }
                self.declared.insert(Key::Member(camel(&name)));
                self.declared.insert(Key::Member(name));
            }
            _ => {}
        }
    }

    /// `true`: the expression is true only on request; `false`: it is false only on request.
    fn polarity(&self, n: Node<'_>) -> Option<bool> {
        match n.kind() {
            "parenthesized_expression" => n.named_child(0).and_then(|c| self.polarity(c)),
            "not_operator" => n
                .field("argument")
                .and_then(|c| self.polarity(c))
                .map(|p| !p),
            "unary_expression" if n.field("operator").is_some_and(|o| self.text(o) == "!") => n
                .field("argument")
                .and_then(|c| self.polarity(c))
                .map(|p| !p),
            "boolean_operator" | "binary_expression" => {
                let (l, r) = (n.field("left")?, n.field("right")?);
                let op = n.field("operator").map(|o| self.text(o)).unwrap_or("");
                let (pl, pr) = (self.polarity(l), self.polarity(r));
                match op {
                    "and" | "&&" => {
                        if pl == Some(true) || pr == Some(true) {
                            Some(true)
                        } else if pl == Some(false) && pr == Some(false) {
                            Some(false)
                        } else {
                            None
                        }
                    }
                    "or" | "||" => {
                        if pl == Some(false) || pr == Some(false) {
                            Some(false)
                        } else if pl == Some(true) && pr == Some(true) {
                            Some(true)
                        } else {
                            None
                        }
                    }
                    "===" | "==" | "!==" | "!=" => {
                        let same = matches!(op, "===" | "==");
                        let (p, lit) = match (pl, pr) {
                            (Some(p), None) => (p, r),
                            (None, Some(p)) => (p, l),
                            _ => return None,
                        };
                        match self.text(lit) {
                            "true" => Some(if same { p } else { !p }),
                            "false" => Some(if same { !p } else { p }),
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            "identifier" => self.known.get(&Key::Name(self.text(n).to_owned())).copied(),
            "attribute" | "member_expression" => {
                let obj = n.field("object")?;
                if !matches!(
                    obj.kind(),
                    "identifier" | "attribute" | "member_expression" | "this"
                ) {
                    return None;
                }
                self.key(n).and_then(|k| self.known.get(&k).copied())
            }
            // `"--publish" in sys.argv`, `"--publish" not in argv`.
            "comparison_operator" => {
                let mut named = n.named_children();
                let (l, r) = (named.next()?, named.next()?);
                if named.next().is_some() {
                    return None;
                }
                let word = self.string(l)?;
                let between = self.src.get(l.end_byte()..r.start_byte())?;
                let op: Vec<&str> = between.split_whitespace().collect();
                let positive = match op.as_slice() {
                    ["in"] => true,
                    ["not", "in"] => false,
                    _ => return None,
                };
                (option_word(&word) && self.holds_argv(r)).then_some(positive)
            }
            "call" | "call_expression" => {
                let f = n.field("function")?;
                let args: Vec<Node<'_>> = n
                    .field("arguments")?
                    .named_children()
                    .filter(|c| c.kind() != "comment")
                    .collect();
                let [arg] = args.as_slice() else { return None };
                match f.kind() {
                    "identifier" if matches!(self.text(f), "bool" | "Boolean") => {
                        self.polarity(*arg)
                    }
                    "member_expression" => {
                        let prop = self.text(f.field("property")?);
                        let obj = f.field("object")?;
                        (matches!(prop, "includes" | "has")
                            && self.string(*arg).is_some_and(|w| option_word(&w))
                            && self.holds_argv(obj))
                        .then_some(true)
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The command line's arguments: `sys.argv`, `process.argv.slice(2)`, a name given them.
    fn holds_argv(&self, n: Node<'_>) -> bool {
        let t = self.text(n);
        t.contains("argv")
            || (n.kind() == "identifier" && self.argv_names.contains(t))
            || matches!(
                n.kind(),
                "subscript" | "call_expression" | "member_expression"
            ) && n.named_child(0).is_some_and(|c| self.holds_argv(c))
    }

    /// What every binding of a name or member says, where all agree (see [`Binding`]).
    fn propagate(&mut self) -> bool {
        let mut agree: Map<Key, Option<Option<bool>>> = Map::default();
        for (k, b) in &self.bindings {
            let p = match *b {
                Binding::Param(..) if self.declared.contains(k) => Some(None),
                Binding::Off => Some(None),
                Binding::OnByOption => Some(Some(true)),
                Binding::Expr(e) => self.polarity(e).map(Some),
                Binding::Param(fi, i, default) => self.param_polarity(fi, i, default).map(Some),
                Binding::Other => None,
            };
            let slot = agree.entry(k.clone()).or_insert(Some(None));
            *slot = match (*slot, p) {
                (None, _) | (_, None) => None,
                (Some(None), Some(x)) => Some(x),
                (Some(x), Some(None)) => Some(x),
                (Some(Some(a)), Some(Some(b))) if a == b => Some(Some(a)),
                _ => None,
            };
        }
        let mut changed = false;
        for (k, v) in agree {
            let declared = self.declared.contains(&k);
            let now = match v {
                // An off default and a flag's own binding, or a declared option only read.
                Some(Some(true)) => Some(true),
                Some(None) if declared => Some(true),
                // A negated flag with no off default (`dry_run = not args.apply`).
                Some(Some(false))
                    if !self
                        .bindings
                        .iter()
                        .any(|(b, x)| *b == k && matches!(x, Binding::Off)) =>
                {
                    Some(false)
                }
                _ => None,
            };
            if self.known.get(&k).copied() != now {
                changed = true;
                match now {
                    Some(p) => self.known.insert(k, p),
                    None => self.known.remove(&k),
                };
            }
        }
        changed
    }

    /// What a parameter receives when every call of its function passes the same kind of flag.
    fn param_polarity(&self, fi: usize, i: usize, default: Option<Node<'_>>) -> Option<bool> {
        let (name, _, params) = self.funcs.get(fi)?;
        let pname = params.get(i)?;
        if self.referenced.contains(name) || self.funcs.iter().filter(|f| f.0 == *name).count() > 1
        {
            return None;
        }
        let mut out: Option<bool> = None;
        let mut any = false;
        for (_, call) in self.calls.iter().filter(|(c, _)| c == name) {
            let args: Vec<Node<'_>> = call
                .field("arguments")?
                .named_children()
                .filter(|c| c.kind() != "comment")
                .collect();
            if args.iter().any(|a| {
                matches!(
                    a.kind(),
                    "list_splat" | "dictionary_splat" | "spread_element"
                )
            }) {
                return None;
            }
            let keyword = args.iter().find(|a| {
                a.kind() == "keyword_argument"
                    && a.field("name").is_some_and(|n| self.text(n) == pname)
            });
            let positional = args
                .iter()
                .filter(|a| a.kind() != "keyword_argument")
                .nth(i);
            let given = keyword
                .and_then(|k| k.field("value"))
                .or(positional.copied());
            let p = match given {
                Some(g) if self.is_off(g) => continue,
                Some(g) => self.polarity(g)?,
                None if default.is_none_or(|d| self.is_off(d)) => continue,
                None => return None,
            };
            if out.is_some_and(|o| o != p) {
                return None;
            }
            out = Some(p);
            any = true;
        }
        any.then_some(out).flatten()
    }

    /// The ranges walked only on request, and whether a `--dry-run` word is added only when the
    /// user did not opt in.
    fn regions(&self, nodes: &[Node<'_>]) -> Gates {
        let mut on: Vec<(usize, usize)> = Vec::new();
        let mut off: Vec<(usize, usize)> = Vec::new();
        let range = |n: Node<'_>| (n.start_byte(), n.end_byte());
        for &n in nodes {
            match n.kind() {
                "if_statement" | "elif_clause" => {
                    let (Some(c), Some(then)) = (n.field("condition"), n.field("consequence"))
                    else {
                        continue;
                    };
                    let Some(p) = self.polarity(c) else { continue };
                    // The `else` of an `if` with no `elif` runs exactly when the test fails.
                    let elif = n.named_children().any(|a| a.kind() == "elif_clause");
                    let alt = match (n.kind(), elif) {
                        ("if_statement", false) => {
                            n.named_children().find(|a| a.kind() == "else_clause")
                        }
                        _ => None,
                    };
                    let (yes, no) = if p {
                        (&mut on, &mut off)
                    } else {
                        (&mut off, &mut on)
                    };
                    yes.push(range(then));
                    if let Some(a) = alt {
                        no.push(range(a));
                    }
                    // `if not args.upload: return 0`: the rest of the block runs on request.
                    let has_alt = n.field("alternative").is_some()
                        || n.named_children()
                            .any(|a| matches!(a.kind(), "else_clause" | "elif_clause"));
                    if !p
                        && !has_alt
                        && n.kind() == "if_statement"
                        && self.leaves(then)
                        && let Some(block) = n.parent()
                    {
                        on.push((n.end_byte(), block.end_byte()));
                    }
                }
                "conditional_expression" => {
                    // `A if C else B`.
                    let named: Vec<Node<'_>> = n.named_children().collect();
                    if let [a, c, b] = named.as_slice()
                        && let Some(p) = self.polarity(*c)
                    {
                        let (yes, no) = if p { (a, b) } else { (b, a) };
                        on.push(range(*yes));
                        off.push(range(*no));
                    }
                }
                "ternary_expression" => {
                    if let (Some(c), Some(a), Some(b)) = (
                        n.field("condition"),
                        n.field("consequence"),
                        n.field("alternative"),
                    ) && let Some(p) = self.polarity(c)
                    {
                        let (yes, no) = if p { (a, b) } else { (b, a) };
                        on.push(range(yes));
                        off.push(range(no));
                    }
                }
                // `opts.publish && publish()` as a statement of its own.
                "expression_statement" => {
                    let Some(e) = n.named_child(0) else { continue };
                    if !matches!(e.kind(), "boolean_operator" | "binary_expression") {
                        continue;
                    }
                    let (Some(l), Some(_)) = (e.field("left"), e.field("right")) else {
                        continue;
                    };
                    let op = e.field("operator").map(|o| self.text(o)).unwrap_or("");
                    let p = self.polarity(l);
                    if (matches!(op, "and" | "&&") && p == Some(true))
                        || (matches!(op, "or" | "||") && p == Some(false))
                    {
                        on.push(range(n));
                    }
                }
                _ => {}
            }
        }
        // Functions called only where a request leads: their bodies too.
        let mut calls_of: Map<&str, Vec<usize>> = Map::default();
        for (c, call) in &self.calls {
            calls_of
                .entry(c.as_str())
                .or_default()
                .push(call.start_byte());
        }
        let mut requested: Vec<bool> = self
            .funcs
            .iter()
            .map(|(name, _, _)| {
                !self.referenced.contains(name) && calls_of.contains_key(name.as_str())
            })
            .collect();
        // A few rounds settle the chains scripts have (`main` -> `release` -> `upload`); one
        // still changing after them counts as called where no request leads.
        let mut rounds = 0;
        loop {
            rounds += 1;
            if rounds > 8 {
                requested.iter_mut().for_each(|r| *r = false);
                break;
            }
            let covered = |at: usize, requested: &[bool]| {
                on.iter().any(|&(s, e)| s <= at && at < e)
                    || self
                        .funcs
                        .iter()
                        .zip(requested)
                        .any(|((_, (s, e), _), r)| *r && *s <= at && at < *e)
            };
            let mut changed = false;
            for i in 0..self.funcs.len() {
                if !requested[i] {
                    continue;
                }
                let all = calls_of
                    .get(self.funcs[i].0.as_str())
                    .is_some_and(|at| at.iter().all(|a| covered(*a, &requested)));
                if !all {
                    requested[i] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for (f, r) in self.funcs.iter().zip(&requested) {
            if *r {
                on.push(f.1);
            }
        }
        let in_off = |at: usize| off.iter().any(|&(s, e)| s <= at && at < e);
        let dry_run_unless_requested = nodes
            .iter()
            .any(|&n| self.string(n).is_some_and(|w| w == "--dry-run") && in_off(n.start_byte()));
        Gates {
            regions: on,
            dry_run_unless_requested,
        }
    }

    /// Whether a block ends by leaving: `return`, `raise`, `throw`, `sys.exit(...)`,
    /// `process.exit(...)`.
    fn leaves(&self, block: Node<'_>) -> bool {
        let last = match block.kind() {
            "block" | "statement_block" => {
                let Some(l) = block
                    .named_children()
                    .filter(|c| c.kind() != "comment")
                    .last()
                else {
                    return false;
                };
                l
            }
            _ => block,
        };
        match last.kind() {
            "return_statement" | "raise_statement" | "throw_statement" => true,
            "expression_statement" => {
                let t = self.text(last).trim_end_matches(';');
                ["sys.exit(", "exit(", "process.exit("]
                    .iter()
                    .any(|p| t.starts_with(p))
            }
            _ => false,
        }
    }
}

/// An option word: `--publish`, `-y`.
fn option_word(w: &str) -> bool {
    w.starts_with('-') && w.len() > 1 && !w.contains(' ') && !w.starts_with("--no-")
}

/// An option spec that turns its option on by default.
fn default_on(spec: &str) -> bool {
    let compact: String = spec.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("default:true") || compact.contains("\"default\":true")
}

/// `dry-run` -> `dryRun` (commander's and yargs' member of an option).
fn camel(name: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for c in name.chars() {
        if c == '-' {
            up = true;
        } else if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}
