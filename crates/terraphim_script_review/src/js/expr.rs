//! JavaScript expressions: strings and template literals, names, members, subscripts,
//! operators, arrays, objects and functions as values.

use super::{GLOBALS, Js, line, named};
use crate::engine::{Handle, Taint, Val};
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;
use crate::scope::{EXEC_NAMES, unescape};
use crate::ts::Node;

impl Js<'_, '_, '_> {
    pub(super) fn string(&mut self, node: Node<'_>) -> Val {
        let raw = self.text(node);
        let inner = raw.get(1..raw.len().saturating_sub(1)).unwrap_or("");
        let hex = if inner.contains('\\') {
            inner.matches("\\x").count() + inner.matches("\\u").count()
        } else {
            0
        };
        let mut v = Val::lit(unescape(inner, true).0);
        if hex >= 8 {
            v.taint.decoded = true;
        }
        v
    }

    pub(super) fn template(&mut self, node: Node<'_>) -> Val {
        // The parts are appended in place (`out` is a plain string, its text always known).
        let mut text = String::new();
        let mut out = Val::unknown();
        let mut pos = node.start_byte() + 1;
        // Every text the template may have when a substitution takes one of several values
        // (`icupkg -a ${file}` in a loop over literal names): one per combination, at most 8.
        let mut alts: Vec<String> = vec![String::new()];
        let mut several = false;
        for c in named(node) {
            if c.kind() != "template_substitution" {
                continue;
            }
            let lit = unescape(self.src.get(pos..c.start_byte()).unwrap_or(""), true).0;
            text.push_str(&lit);
            let v = c.named_child(0).map(|e| self.eval(e)).unwrap_or_default();
            // A template of such a value (`${home()}`) keeps its alternatives beside a text
            // with a part nobody knows: they are the texts it may have.
            let choices: Vec<String> =
                if !v.alts.is_empty() && v.text.as_deref().is_none_or(|t| t.contains(UNKNOWN)) {
                    several = true;
                    v.alts.clone()
                } else {
                    vec![v.clone().interpolated().path_text().unwrap_or_default()]
                };
            alts = alts
                .iter()
                .flat_map(|a| {
                    let lit = &lit;
                    choices.iter().map(move |ch| format!("{a}{lit}{ch}"))
                })
                .collect();
            crate::engine::cap_alternatives(&mut alts, 8);
            // Values that may continue the host name of a URL (`.stats.example.net` among a
            // parameter's values) leave the host unknown, not the literal before them.
            let in_host = text
                .split_once("://")
                .is_some_and(|(_, rest)| !rest.contains(['/', '?', '#']));
            // After the host's `:` only a port follows (`http://127.0.0.1:${port}` given
            // `4000` and a number nobody knows): the host stays known.
            let port = text.ends_with(':')
                && v.alts
                    .iter()
                    .all(|a| a.chars().all(|c| c.is_ascii_digit() || c == UNKNOWN));
            if in_host
                && !port
                && v.text.is_none()
                && v.alts
                    .iter()
                    .any(|a| !a.starts_with(['/', '?', '#', UNKNOWN]))
            {
                text.push(UNKNOWN);
                text.push('@');
            }
            let v = v.interpolated();
            text.push_str(&v.path_text().unwrap_or_default());
            out.taint.join(&v.taint);
            pos = c.end_byte();
        }
        let tail = unescape(
            self.src
                .get(pos..node.end_byte().saturating_sub(1))
                .unwrap_or(""),
            true,
        )
        .0;
        text.push_str(&tail);
        if several {
            out.alts = alts.into_iter().map(|a| a + &tail).collect();
            out.alts.sort();
            out.alts.dedup();
        }
        out.text = Some(text);
        out
    }

    pub(super) fn eval(&mut self, node: Node<'_>) -> Val {
        if matches!(node.kind(), "identifier" | "member_expression")
            && !self.confined.is_empty()
            && let Some((_, dir)) = self
                .confined
                .iter()
                .rev()
                .find(|(e, _)| e == self.text(node))
        {
            // A path a guard before it confined to a directory: somewhere under it.
            let dir = dir.clone();
            let v = self.eval_inner(node);
            let mut under = Val::lit(format!("{}/{UNKNOWN}", dir.trim_end_matches('/')));
            under.taint = v.taint;
            return under;
        }
        self.eval_inner(node)
    }

    fn eval_inner(&mut self, node: Node<'_>) -> Val {
        match node.kind() {
            "string" => self.string(node),
            "template_string" => self.template(node),
            "number" | "true" | "false" | "null" | "undefined" => Val::lit(self.text(node)),
            "this" => self.this_val.clone(),
            // `private readonly root = path.join(HOME, 'x');` in a class body: `this.root`.
            "public_field_definition" | "field_definition" => {
                let name = node
                    .field("name")
                    .or_else(|| node.field("property"))
                    .map(|n| self.text(n).to_owned())
                    .unwrap_or_default();
                let v = node
                    .field("value")
                    .map(|x| self.eval(x))
                    .unwrap_or_default();
                if !name.is_empty() && !name.starts_with('[') && node.field("value").is_some() {
                    let v = match self.this_val.field(&name) {
                        Some(old) if *old != v => old.union(&v),
                        _ => v,
                    };
                    self.this_val.set_field(&[name.as_str()], v);
                }
                Val::unknown()
            }
            "identifier" | "shorthand_property_identifier" => {
                let name = self.text(node);
                match self.lookup(name) {
                    Some(v) => v,
                    // The script's own directory: somewhere in the working tree (agents keep
                    // scripts in `scripts/`, `tools/`), so `path.resolve(__dirname, '..')` is
                    // the project, not the directory above it.
                    None if name == "__dirname" || name == "__filename" => {
                        self.script_location(name).unwrap_or_default()
                    }
                    None if GLOBALS.contains(&name)
                        || matches!(
                            name,
                            "require" | "fetch" | "eval" | "atob" | "setTimeout" | "setInterval"
                        ) =>
                    {
                        Val::module(name)
                    }
                    // A function of the script named as a value (an interceptor kept in a
                    // list, a handler in a table): calling the value calls it.
                    None if self.scope.funcs.contains_key(name) => Val {
                        handle: Some(Handle::Func(name.to_owned())),
                        ..Val::default()
                    },
                    None => Val::unknown(),
                }
            }
            "member_expression" => {
                if let Some(v) = self.script_location(self.text(node)) {
                    return v;
                }
                let mut stored: Option<Val> = None;
                let mut own_members = false;
                // `tracker.meta` of an object literal with `get meta() { ... }`: what it returns.
                if let (Some(o), Some(p)) = (node.field("object"), node.field("property"))
                    && o.kind() == "identifier"
                    && self
                        .objects
                        .get(self.text(o))
                        .is_some_and(|m| m.contains(self.text(p)))
                    && self
                        .getters
                        .contains(&format!("{}.{}", self.text(o), self.text(p)))
                {
                    let f = format!("{}.{}", self.text(o), self.text(p));
                    return self.scope.call_user(&f, &[]);
                }
                // `this.path` in a method of a class with `get path() { ... }`: what it returns.
                if let (Some(o), Some(p)) = (node.field("object"), node.field("property"))
                    && o.kind() == "this"
                    && let Some(class) = self.enclosing_class(node)
                    && self.getters.contains(&format!("{class}.{}", self.text(p)))
                {
                    return self.scope.call_user(self.text(p), &[]);
                }
                if let (Some(o), Some(p)) = (node.field("object"), node.field("property"))
                    && let Some(class) = self.instance_class(o)
                {
                    let prop = self.text(p).to_owned();
                    if self.getters.contains(&format!("{class}.{prop}")) {
                        // `new Paths().cache` with `get cache() { return ... }`: what it returns.
                        return self.scope.call_user(&prop, &[]);
                    }
                    if o.kind() == "identifier"
                        && self.text(o) == class
                        && let Some(f) = self.this_val.field(&prop)
                    {
                        // `Paths.ROOT` with `static ROOT = os.homedir()`.
                        return f.clone();
                    }
                    // `paths.cacheRoot` of an instance whose class stored `this.cacheRoot` (a
                    // parameter property with a default, a class field): also what a method
                    // reads as `this.cacheRoot`, or a value nobody knows (a caller may have
                    // given the constructor another).
                    stored = self.this_val.field(&prop).cloned();
                    own_members = self.stores_args.contains(&class);
                }
                if node
                    .field("property")
                    .is_some_and(|p| self.text(p) == "constructor")
                    && node
                        .field("object")
                        .is_some_and(|o| self.is_function_object(o))
                {
                    // `(async () => {}).constructor`, `Object.getPrototypeOf(function* () {})
                    // .constructor`, `[].constructor.constructor`: the `Function` constructor
                    // (or its async/generator kin), which runs the code it is given.
                    return Val::module("Function");
                }
                let obj = node
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let prop = node
                    .field("property")
                    .map(|p| self.text(p).to_owned())
                    .unwrap_or_default();
                // (A member set on the instance itself, `client.calls = token`, is the
                // instance's own.)
                let set_on_instance = obj.field(&prop).is_some();
                let v = self.member(node, obj, &prop);
                match stored {
                    // `api.calls` of `new Api(base, key)` whose class keeps every constructor
                    // argument in a member of its own: the counter it stored, not the key the
                    // instance was built from (which is in `api.key`).
                    Some(f) if own_members && !set_on_instance => {
                        Val::lit(UNKNOWN.to_string()).union(&f)
                    }
                    Some(f) => v.union(&Val::lit(UNKNOWN.to_string())).union(&f),
                    None => v,
                }
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
                    // An argument of the command line (`process.argv[2]`): a string the
                    // script's caller chooses.
                    Some(Handle::Module(m)) if m == "process.argv" => {
                        Val::unknown().with_taint(&Taint {
                            arg: true,
                            ..Taint::default()
                        })
                    }
                    Some(Handle::Module(m)) if m == "process.env" => {
                        if let Some(i) = index_node.filter(|i| i.kind() == "identifier") {
                            let name = self.text(i).to_owned();
                            self.scope.env_read_by_param(&name);
                        }
                        match index.known() {
                            Some(k) => {
                                let k = k.to_owned();
                                self.sink.read_env(line(node), &k)
                            }
                            // Several names flow here (a helper called with each): each read.
                            None if index.text.is_none() && !index.alts.is_empty() => {
                                let mut v = Val::unknown();
                                for k in index.alts.clone() {
                                    let r = self.sink.read_env(line(node), &k);
                                    v.taint.join(&r.taint);
                                }
                                v
                            }
                            None => Val::unknown().with_taint(&obj.taint),
                        }
                    }
                    // `fs['writeFileSync']`, `fs[parts.join('')]`: a member of a module named
                    // by a string the walk knows is that member, as `fs.writeFileSync` is.
                    Some(Handle::Module(_))
                        if index.known().is_some_and(|k| {
                            !k.is_empty()
                                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                        }) =>
                    {
                        let k = index.known().unwrap_or_default().to_owned();
                        self.member(node, obj.clone(), &k)
                    }
                    _ => {
                        if let Some(f) = index.known().and_then(|k| obj.field(k)) {
                            return f.clone();
                        }
                        // An element or a member picked out of what a file holds
                        // (`lines[0]`, `m[1]` of a match, `data['count']`) is derived from it.
                        let mut v = Val::unknown().with_taint(&obj.taint.derived_copy());
                        if let (Some(items), Some(i)) = (
                            &obj.items,
                            index.known().and_then(|t| t.parse::<usize>().ok()),
                        ) && let Some(item) = items.get(i)
                        {
                            v = item.clone();
                        } else if index.known().is_none()
                            && obj.handle.is_none()
                            && let Some(items) = obj.items.as_deref().filter(|i| !i.is_empty())
                        {
                            // `parts[i]` with an index known only at run time (a loop's
                            // counter): any of the list's elements, each with what the list
                            // holds as a whole.
                            v = Val::any_of(items).with_taint(&obj.taint);
                        } else if index.known().is_none()
                            && obj.handle.is_none()
                            && !obj.fields.is_empty()
                        {
                            // `PATHS[process.platform]`, `table[kind]`: a member chosen at run
                            // time is any of the object's members (each one a path it may use).
                            let members: Vec<Val> =
                                obj.fields.iter().map(|(_, f)| f.clone()).collect();
                            v = Val::any_of(&members).with_taint(&obj.taint);
                            // Members that are lists (`LEVELS[level]` of `{ default: [...],
                            // all: [...] }`): a loop over the one chosen sees the elements of
                            // any of them, not only the first list's.
                            if members.len() > 1 && members.iter().all(|m| m.items.is_some()) {
                                let mut all: Vec<Val> = Vec::new();
                                for e in members.iter().filter_map(|m| m.items.as_ref()).flatten() {
                                    if !all.contains(e) && all.len() < 16 {
                                        all.push(e.clone());
                                    }
                                }
                                v.items = Some(all);
                            }
                        }
                        v
                    }
                }
            }
            "call_expression" | "new_expression" => {
                if node.kind() == "call_expression" && self.merges_members(node) {
                    self.sink.manifest_code_member = true;
                }
                self.call(node)
            }
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
                if matches!(op.as_str(), "||" | "??") {
                    self.sink.token_alternatives(&[&l, &r]);
                }
                // `import.meta.dirname ?? "."`: the fallback is for runtimes too old to say
                // where the script is; the project tool's root is the script's directory.
                let script_place = || {
                    node.field("left")
                        .is_some_and(|x| self.script_location(self.text(x)).is_some())
                };
                let key_file_default = || {
                    r.known().is_some_and(|p| {
                        !p.contains(['\n', ' ', '='])
                            && crate::places::secret_kind(p) == Some("a private key file")
                    }) && l.text.is_none()
                        && l.alts.is_empty()
                        && l.taint.secret.is_some()
                };
                if matches!(op.as_str(), "||" | "??") && script_place() {
                    l
                } else if matches!(op.as_str(), "||" | "??")
                    && key_file_default()
                    && let Some(name) = node
                        .field("left")
                        .and_then(|x| self.env_setting_name(x))
                        .filter(|n| n.to_ascii_uppercase().ends_with("KEY"))
                {
                    // `process.env.COSIGN_KEY ?? "cosign.key"`: a key variable whose default is
                    // a key's file names the key's file, as a signing tool's `--key` takes it,
                    // not the key itself; what the file holds is judged where it is read. A
                    // token or password variable stays the secret whatever its default.
                    let name = name.to_owned();
                    self.sink.env_token_used.insert(name);
                    r
                } else if op == "+" {
                    l.concat(&r)
                } else if matches!(op.as_str(), "||" | "??")
                    && r.known().is_some_and(|d| d.trim().is_empty())
                    && l.known()
                        .is_some_and(crate::places::configured_service_value)
                {
                    // `env.ZAMMAD_URL || ''`: an empty default names no place; the endpoint
                    // the user configured for that service.
                    l
                } else if matches!(op.as_str(), "||" | "??")
                    && r.known().is_some()
                    && node
                        .field("left")
                        .and_then(|x| self.env_setting_name(x))
                        .is_some_and(|n| l.text.is_none() || crate::places::endpoint_setting(n))
                {
                    // `process.env.API_URL || "https://api.github.com"`,
                    // `process.env.BACKUP_DIR ?? ''`: the script's default is what it does;
                    // the user's environment may point it elsewhere.
                    r.with_taint(&l.taint)
                } else if matches!(op.as_str(), "||" | "??")
                    && (l.text.is_some() || !l.alts.is_empty() || !l.fields.is_empty())
                {
                    // Either side (`opts.dir ?? DEFAULT_DIR`).
                    l.union(&r)
                } else if matches!(op.as_str(), "||" | "??") && l.is_blank() {
                    // `args.dir || os.homedir()` with `args` unknown: the default or a value
                    // the review cannot know (each judged at the sink).
                    r.or_unknown().with_taint(&l.taint)
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
                        let v = if super::conditional(node) {
                            let old = self.lookup(&name);
                            self.sink.conditional_assignment(old.as_ref(), v)
                        } else {
                            v
                        };
                        self.scope.assign(&name, v);
                    } else if matches!(l.kind(), "member_expression" | "subscript_expression") {
                        let t = self.text(l);
                        if t.contains("process.env")
                            && (t.contains("LD_PRELOAD") || t.contains("NODE_OPTIONS"))
                        {
                            self.sink.add(line(node), Category::Escape, Verdict::Dangerous, "sets a variable that injects code into every process started (LD_PRELOAD / NODE_OPTIONS)");
                        }
                        let mut root = l;
                        // The member names from the root object down (`a.b["c"]`: b, c); none
                        // when one is computed.
                        let mut owned: Vec<String> = Vec::new();
                        let mut literal = true;
                        while let Some(o) = root.field("object") {
                            match (root.field("property"), root.field("index")) {
                                (Some(p), _) => owned.push(self.text(p).to_owned()),
                                (None, Some(i)) if i.kind() == "string" => {
                                    let k = self.text(i);
                                    owned.push(
                                        k.get(1..k.len().saturating_sub(1))
                                            .unwrap_or("")
                                            .to_owned(),
                                    );
                                }
                                // `pkg.scripts[hooks.lifecycle]`: a key the script built from
                                // known parts is that key.
                                (None, Some(i))
                                    if matches!(
                                        i.kind(),
                                        "identifier" | "member_expression" | "binary_expression"
                                    ) && self.eval(i).known().is_some() =>
                                {
                                    owned.push(self.eval(i).known().unwrap_or("").to_owned());
                                }
                                _ => {
                                    literal = false;
                                    owned.push("*".to_owned());
                                }
                            }
                            root = o;
                        }
                        owned.reverse();
                        if self.text(root) == "process"
                            && let [env, name] = owned.as_slice()
                            && env == "env"
                            && node.kind() == "assignment_expression"
                        {
                            // `process.env.AM_URL = url`: later reads of it get that value.
                            self.sink.set_env(name, &r);
                        }
                        {
                            // `meta.resolved = url`, `pkg.dependencies[name] = url`: a package
                            // source, whatever the computed keys above it are.
                            let keys: Vec<&str> = owned.iter().map(String::as_str).collect();
                            self.sink.dependency_member(&keys, &r);
                        }
                        // The members named before the first computed key (`this.vault[p]`:
                        // `vault`), whose object holds what is stored under that key.
                        let named_prefix: Vec<String> =
                            owned.iter().take_while(|k| *k != "*").cloned().collect();
                        if !literal {
                            owned.clear();
                        }
                        let path: Vec<&str> = owned.iter().map(String::as_str).collect();
                        // Only a release's members (`pkg.version = next`) leave a manifest
                        // rewritten before a publish a version bump.
                        if !path
                            .last()
                            .is_some_and(|k| crate::engine::MANIFEST_RELEASE_KEYS.contains(k))
                            || path.iter().any(|k| crate::engine::manifest_code_key(k))
                        {
                            self.sink.manifest_code_member = true;
                        }
                        if let Some(last) = path.last() {
                            // `process.env.ANTHROPIC_BASE_URL = url`, `env.OPENAI_BASE_URL = url`.
                            self.sink.setting(line(node), last, &r);
                            // `scripts[LIFECYCLE] = CMD` on an object merged into a manifest
                            // later: kept as a hook the script spelled.
                            self.sink.spelled_hook(last, &r);
                        }
                        if let [.., "scripts", hook] = path.as_slice()
                            && terraphim_shell_vocab::manifest::INSTALL_HOOKS.contains(hook)
                            && let Some(tok) =
                                crate::places::code_exec_tokens(r.text.as_deref().unwrap_or(""))
                        {
                            // A package's install hook set to code-running text: it runs on the
                            // next `npm install`, outside any sandbox.
                            self.sink.install_hook(line(node), hook, tok);
                        }
                        if path.last() == Some(&"scripts") {
                            // `pkg.scripts = { ...pkg.scripts, ...HOOKS }`: each install hook
                            // among the members merged in, as if set one by one.
                            self.install_hooks_of(line(node), &r);
                        }
                        let r = if node.kind() == "augmented_assignment_expression" {
                            self.eval(l).concat(&r)
                        } else {
                            r.clone()
                        };
                        // A member set on some paths only (an option a flag overrides) may
                        // still hold what it held: both are its values.
                        let r = match root.kind() {
                            "identifier" if !path.is_empty() && super::conditional(node) => {
                                match self
                                    .lookup(self.text(root))
                                    .and_then(|o| o.field_at(&path).cloned())
                                {
                                    Some(old) if old.text.is_some() || !old.alts.is_empty() => {
                                        // A value nobody knows (`argv[++i]`) is one of them
                                        // too, not nothing.
                                        match r.is_blank() {
                                            true => old.union(
                                                &Val::lit(UNKNOWN.to_string()).with_taint(&r.taint),
                                            ),
                                            false => old.union(&r),
                                        }
                                    }
                                    _ => r,
                                }
                            }
                            _ => r,
                        };
                        match root.kind() {
                            // `process.exitCode = 1`, `process.env.NODE_ENV = 'production'`,
                            // `module.exports = f`: a member of one of the runtime's own
                            // objects the script never bound is no variable of its own; storing
                            // it would hide the object from the rest of the script
                            // (`process.env` would be that one variable, not the environment).
                            "identifier"
                                if self.lookup(self.text(root)).is_none()
                                    && RUNTIME_OBJECTS.contains(&self.text(root)) => {}
                            "identifier" => self.scope.store_into(self.text(root), t, &r, &path),
                            // `this.root = root` in a constructor: what the class's methods
                            // read as `this.root`.
                            "this" if !path.is_empty() => {
                                let old = self.this_val.field(path[0]).cloned();
                                let v = match old {
                                    Some(o) if path.len() == 1 && o != r => o.union(&r),
                                    _ => r,
                                };
                                self.this_val.set_field(&path, v);
                            }
                            // `this.vault[p] = readFileSync(p)` with `p` known only at run
                            // time: `this.vault` holds that data (under a key nobody knows).
                            "this" if !named_prefix.is_empty() => {
                                let prefix: Vec<&str> =
                                    named_prefix.iter().map(String::as_str).collect();
                                let v = self
                                    .this_val
                                    .field_at(&prefix)
                                    .cloned()
                                    .unwrap_or_default()
                                    .with_taint(&r.taint);
                                self.this_val.set_field(&prefix, v);
                            }
                            _ => {}
                        }
                    } else {
                        self.bind_pattern(l, r.clone());
                    }
                }
                r
            }
            // `!process.env.NPM_TOKEN`, `typeof process.env.X`: whether it is set, not its
            // value; nothing of it is read.
            "unary_expression"
                if node.field("argument").is_some_and(|a| {
                    let a = match a.kind() {
                        "parenthesized_expression" => a.named_child(0).unwrap_or(a),
                        _ => a,
                    };
                    a.kind() == "member_expression"
                        && matches!(
                            a.field("object").map(|o| self.text(o)),
                            Some("process.env" | "Deno.env" | "Bun.env")
                        )
                }) && matches!(
                    node.field("operator").map(|o| self.text(o)),
                    Some("!" | "typeof")
                ) =>
            {
                Val::unknown()
            }
            // `yield line` in a generator (`function*`, `async function*`): the function's
            // result is the list of what it yields, so `for (const p of lines())` and
            // `for await (...)` see each value.
            "yield_expression" => {
                let from = self.text(node).trim_start()["yield".len()..]
                    .trim_start()
                    .starts_with('*');
                // `yield* plan`: what iterating over it gives (an instance's own iterator).
                let v = named(node)
                    .next()
                    .map(|c| if from { self.iterated(c) } else { self.eval(c) })
                    .unwrap_or_default();
                self.scope.add_yield(v, from);
                Val::unknown()
            }
            // `[...plan]`, `f(...plan)`: the elements iterating over it gives (an instance's
            // own iterator); `{ ...obj }` spreads members, walked by the object literal.
            "spread_element" if node.parent().is_none_or(|p| p.kind() != "object") => named(node)
                .into_iter()
                .find(|c| !c.kind().contains("type"))
                .map(|c| self.iterated(c))
                .unwrap_or_default(),
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
                let mut items: Vec<Val> = Vec::new();
                // What a spread list carries beside its elements (`...(text.match(re) ?? [])`:
                // the empty default stands for the matches of the secret text).
                let mut spread = Taint::default();
                for c in named(node) {
                    if c.kind() == "spread_element" {
                        // `[...BASE, ...(deep ? ['node_modules'] : [])]`: a list's elements.
                        let v = self.eval(c);
                        match v.items {
                            Some(more) if more.len() <= 16 => {
                                spread.join(&v.taint);
                                items.extend(more);
                            }
                            _ => items.push(Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)),
                        }
                    } else {
                        // `[() => ({...}), () => ...]`: each element a function a later
                        // `jobs.map(j => j())` calls.
                        items.push(self.function_value(c));
                    }
                }
                Val::list(items).with_taint(&spread)
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
            "internal_module" | "module" => {
                self.namespace(node);
                Val::unknown()
            }
            "arrow_function" | "function_expression" | "function" => {
                let name = crate::scope::anon_name(node.start_byte());
                self.function(name, node);
                Val::unknown()
            }
            "object" => {
                // The text keeps the members' strings (`{postinstall: 'curl … | sh'}`), so a
                // manifest written from the object shows what runs.
                let mut v = Val::unknown();
                let mut text = String::new();
                // The function members of an object given to a variable are walked as
                // `api.post` (`api.post(x)` calls it with `x`).
                // Through a type assertion (`{ ... } as const`, `satisfies T`).
                let mut declared = node.parent();
                while let Some(d) = declared
                    .filter(|d| matches!(d.kind(), "as_expression" | "satisfies_expression"))
                {
                    declared = d.parent();
                }
                let object = declared
                    .filter(|d| d.kind() == "variable_declarator")
                    .and_then(|d| d.field("name"))
                    .filter(|n| n.kind() == "identifier")
                    .map(|n| self.text(n).to_owned());
                let functions = match &object {
                    Some(_) => self.object_functions(node),
                    None => Vec::new(),
                };
                // The text the object gives where it is used as a string (`${target}`).
                let mut primitive: Option<Val> = None;
                // Members that are methods (`apply() { fs.appendFile(this.file, …) }`): walked
                // once every member is known, `this` being the object.
                let mut methods: Vec<(String, Node<'_>)> = Vec::new();
                for c in named(node) {
                    if let Some(x) = self.primitive_value(c, &v) {
                        v.taint.join(&x.taint);
                        primitive = Some(x);
                        continue;
                    }
                    // `get report() { return join(this.root, 'report'); }`: the member is what
                    // its one `return` gives, `this` being the members before it.
                    if let Some((key, ret)) = self.getter(c) {
                        let saved = std::mem::replace(&mut self.this_val, v.clone());
                        let x = self.eval(ret);
                        self.this_val = saved;
                        v.taint.join(&x.taint);
                        v.set_field(&[key.as_str()], x);
                        continue;
                    }
                    if let (Some(object), Some((key, f))) = (
                        &object,
                        functions.iter().find(|(_, f)| {
                            *f == c || c.field("value").is_some_and(|value| value == *f)
                        }),
                    ) {
                        methods.push((format!("{object}.{key}"), *f));
                        // The object handed to a helper (`connect(config)`) keeps the member:
                        // `cfg.context()` there calls it.
                        v.set_field(
                            &[key.as_str()],
                            Val {
                                handle: Some(Handle::Func(format!("{object}.{key}"))),
                                ..Val::default()
                            },
                        );
                        continue;
                    }
                    if c.kind() == "method_definition" && self.getter(c).is_none() {
                        // A method of an object no variable names (a yielded step, a list
                        // item): walked below with the object as `this`.
                        methods.push((crate::scope::anon_name(c.start_byte()), c));
                        continue;
                    }
                    let (key, x) = match c.kind() {
                        // `{ file: () => join(home, '.gemini', 'settings.json') }` in a list
                        // of such objects: `item.file()` calls it.
                        "pair" => (
                            c.field("key").map(|k| self.key_name(k)).unwrap_or_default(),
                            c.field("value")
                                .map(|x| self.function_value(x))
                                .unwrap_or_default(),
                        ),
                        "shorthand_property_identifier" => (self.text(c).to_owned(), self.eval(c)),
                        _ => (String::new(), self.eval(c)),
                    };
                    // Its members by name (`{dir: path.join(HOME, '.claude')}`), and those of
                    // an object spread into it.
                    let name = key.trim_matches(|ch| matches!(ch, '"' | '\'' | '`'));
                    // A member that runs code, a computed key, or members spread in from data
                    // the script decoded or downloaded, or that name such a member.
                    if crate::engine::manifest_code_key(name)
                        || name.starts_with('[')
                        || (c.kind() == "spread_element"
                            && (x.taint.decoded
                                || x.taint.remote
                                || x.fields
                                    .iter()
                                    .any(|(k, _)| crate::engine::manifest_code_key(k))))
                    {
                        self.sink.manifest_code_member = true;
                    }
                    self.sink.spelled_hook(name, &x);
                    self.sink.setting(line(c), name, &x);
                    if name.starts_with('[') && c.kind() == "pair" {
                        // `{ [name]: tarballOf(name) }`: a member the walk cannot name, kept
                        // when it is a package's source (a tarball or git URL).
                        self.sink.dependency_member(&["*"], &x);
                    }
                    if c.kind() == "spread_element"
                        && x.taint != Taint::default()
                        && !x.taint_in_members()
                    {
                        // Data spread in whose members the walk does not know may replace
                        // any member before it (`{ host: 'x', ...parsedEnv }`).
                        for (_, f) in &mut v.fields {
                            f.taint.join(&x.taint);
                        }
                    }
                    if !name.is_empty() && !name.starts_with('[') {
                        v.set_field(&[name], x.clone());
                    } else if c.kind() == "spread_element" {
                        for (k, f) in &x.fields {
                            v.set_field(&[k.as_str()], f.clone());
                        }
                    }
                    v.taint.join(&x.taint);
                    if let Some(t) = &x.text {
                        text.push('\n');
                        text.push_str(&key);
                        text.push_str(": ");
                        text.push_str(t);
                    }
                }
                if !methods.is_empty() {
                    // An arrow function member keeps the `this` around the object.
                    let object_this = v.clone();
                    for (name, f) in methods {
                        if f.kind() == "arrow_function" {
                            self.function(name, f);
                        } else {
                            let saved = std::mem::replace(&mut self.this_val, object_this.clone());
                            self.function(name, f);
                            self.this_val = saved;
                        }
                    }
                }
                if !text.is_empty() {
                    v.text = Some(text);
                }
                if let Some(x) = primitive {
                    v.text = x.text;
                    v.alts = x.alts;
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

    /// The variable `node` reads from the environment, written out (`process.env.API_URL`,
    /// `process.env["API_URL"]`, `Deno.env.get("API_URL")`).
    fn env_setting_name<'n>(&'n self, node: Node<'_>) -> Option<&'n str> {
        let t = self.text(node);
        let name = if let Some(rest) = t.strip_prefix("process.env.") {
            rest
        } else if let Some(rest) = t
            .strip_prefix("process.env[")
            .or_else(|| t.strip_prefix("Deno.env.get("))
        {
            rest.trim_end_matches([']', ')'])
                .trim_matches(|c| matches!(c, '"' | '\'' | '`'))
        } else {
            return None;
        };
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then_some(name)
    }

    /// A function object written in place, or its prototype (`async function () {}`,
    /// `Object.getPrototypeOf(() => {})`), or any value's `.constructor`: its own
    /// `.constructor` is a function constructor.
    fn is_function_object(&self, node: Node<'_>) -> bool {
        let mut n = node;
        while n.kind() == "parenthesized_expression" {
            match n.named_child(0) {
                Some(c) => n = c,
                None => return false,
            }
        }
        match n.kind() {
            "function_expression" | "function" | "arrow_function" | "generator_function" => true,
            "member_expression" => n
                .field("property")
                .is_some_and(|p| self.text(p) == "constructor"),
            "call_expression" => {
                n.field("function").is_some_and(|f| {
                    matches!(
                        self.text(f),
                        "Object.getPrototypeOf" | "Reflect.getPrototypeOf"
                    )
                }) && n
                    .field("arguments")
                    .and_then(|a| a.named_child(0))
                    .is_some_and(|a| self.is_function_object(a))
            }
            _ => false,
        }
    }

    pub(super) fn member(&mut self, node: Node<'_>, obj: Val, prop: &str) -> Val {
        match &obj.handle {
            Some(Handle::Module(m)) => {
                // `globalThis.process`, `window["fetch"]`: the global itself.
                let full = match m.as_str() {
                    "globalThis" | "global" | "window" | "self" if !prop.is_empty() => {
                        prop.to_owned()
                    }
                    _ => crate::scope::dotted(m, prop),
                };
                match full.as_str() {
                    _ if m == "process.env" => self.sink.read_env(line(node), prop),
                    _ => module_member(full),
                }
            }
            _ => {
                if let Some(f) = obj.field(prop) {
                    // A member the script named (`cfg.dir`, `this.root`).
                    return f.clone();
                }
                if let Some(v) = self.dotenv_member(node, &obj, prop) {
                    return v;
                }
                if let Some(v) = url_member(&obj, prop) {
                    return v;
                }
                // A member picked out of what a file holds (`pkg.version`, `summary.total`)
                // is derived from the file, not the file.
                let mut v = Val::unknown().with_taint(&obj.taint.derived_copy());
                // A count (`list.length`, `map.size`) says how many, not what; where a URL
                // points (`new URL(dsn).hostname`) is not its password.
                if matches!(prop, "length" | "size") || crate::places::url_location_part(prop) {
                    v.taint = Taint::default();
                }
                v
            }
        }
    }

    /// A variable read by name from the settings parsed out of the project's `.env` (with or
    /// without the environment merged in: `loadEnv().STRIPE_SECRET_KEY`, `ENV.API_PORT`): that
    /// one variable, as `process.env` gives it, not the whole file. A token is then judged by
    /// where it goes like the environment's, a plain setting or a configured endpoint carries
    /// no secret, and so does a name that says nothing of a credential or a connection string
    /// (`JIRA_SITE`); any other name (`DATABASE_URL` holds a password) keeps the file's taint.
    /// An object that holds the whole environment copied (`{ ...process.env }`, and the same
    /// merged over a `.env` parser's result the script has not resolved yet) read by such a name
    /// is that one variable too, as `process.env.NAME` is: the environment's taint is what every
    /// other member of it carries.
    fn dotenv_member(&mut self, node: Node<'_>, obj: &Val, prop: &str) -> Option<Val> {
        let settings = match obj.taint.secret.as_deref() {
            Some(s) => s == crate::places::DOTENV,
            None => obj.taint.env,
        };
        if !settings
            || obj.taint.host
            || !prop.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return None;
        }
        let one_variable = crate::places::secret_env(prop)
            || terraphim_shell_vocab::secrets::plain_setting(prop)
            || terraphim_shell_vocab::secrets::names_no_credential(prop)
            || crate::places::setting_service_url(prop).is_some();
        if !one_variable {
            return None;
        }
        let copy_of_env = obj.taint.secret.is_none();
        let mut rest = obj.taint.clone();
        rest.secret = None;
        rest.mixed = false;
        rest.env = false;
        let v = if copy_of_env {
            self.sink.env_value(line(node), prop)
        } else {
            self.sink.read_env(line(node), prop)
        };
        Some(v.with_taint(&rest))
    }

    /// The name of an object literal's key: its text, or for a computed key (`{[hook]: cmd}`)
    /// the name its expression gives when that is known.
    /// An object member `get NAME() { return EXPR; }` whose body is that one statement: its
    /// name and the returned expression.
    pub(super) fn getter<'n>(&self, member: Node<'n>) -> Option<(String, Node<'n>)> {
        if member.kind() != "method_definition" || !self.text(member).starts_with("get ") {
            return None;
        }
        let name = member
            .field("name")
            .filter(|n| n.kind() == "property_identifier")?;
        let body = member.field("body")?;
        let mut stmts = named(body).filter(|c| c.kind() != "comment");
        let ret = stmts.next().filter(|r| r.kind() == "return_statement")?;
        if stmts.next().is_some() {
            return None;
        }
        Some((self.text(name).to_owned(), ret.named_child(0)?))
    }

    /// An object member that turns the object into a string (`[Symbol.toPrimitive](hint)`,
    /// `toString()`) whose body declares values and returns one: what it returns, `this`
    /// being the members before it (`${settingsTarget}` is the path it joins).
    fn primitive_value(&mut self, member: Node<'_>, this: &Val) -> Option<Val> {
        if member.kind() != "method_definition" {
            return None;
        }
        let name = self.text(member.field("name")?).to_owned();
        if !matches!(name.as_str(), "[Symbol.toPrimitive]" | "toString") {
            return None;
        }
        let body = member.field("body")?;
        let stmts: Vec<Node<'_>> = named(body).filter(|c| c.kind() != "comment").collect();
        let (ret, rest) = stmts.split_last()?;
        if ret.kind() != "return_statement"
            || rest.iter().any(|s| s.kind() != "lexical_declaration")
        {
            return None;
        }
        let expr = ret.named_child(0)?;
        let saved = std::mem::replace(&mut self.this_val, this.clone());
        self.scope.enter(format!("{UNKNOWN}{name} of an object"));
        for s in rest {
            self.stmt(*s);
        }
        let v = self.eval(expr);
        self.scope.leave();
        self.this_val = saved;
        Some(v)
    }

    pub(super) fn key_name(&mut self, key: Node<'_>) -> String {
        if key.kind() == "computed_property_name"
            && let Some(e) = named(key).next()
            && let Some(name) = self.eval(e).known().filter(|n| !n.is_empty())
        {
            return name.to_owned();
        }
        self.text(key).to_owned()
    }

    /// The value of a named property of an object literal argument.
    pub(super) fn prop<'t>(&mut self, obj: Option<Node<'t>>, key: &str) -> Option<(Val, Node<'t>)> {
        let obj = obj?;
        if matches!(obj.kind(), "identifier" | "member_expression") {
            // An object the script built earlier (`const opts = {hostname, path}`): its member.
            let v = self.eval(obj);
            return v.field(key).cloned().map(|f| (f, obj));
        }
        let obj = Some(obj).filter(|o| o.kind() == "object")?;
        // Members in order, a later one over an earlier one, as the object is built: an
        // object spread into it (`{ ...BASE, ...extra }`) gives the members the walk knows
        // it holds.
        let mut found = None;
        for c in named(obj) {
            match c.kind() {
                "pair" => {
                    let k = c.field("key").map(|k| {
                        self.text(k)
                            .trim_matches(|ch| ch == '"' || ch == '\'')
                            .to_owned()
                    });
                    if k.as_deref() == Some(key)
                        && let Some(v) = c.field("value")
                    {
                        found = Some((self.eval(v), v));
                    }
                }
                "shorthand_property_identifier" if self.text(c) == key => {
                    found = Some((self.eval(c), c));
                }
                "spread_element" => {
                    if let Some(f) = named(c)
                        .next()
                        .and_then(|e| self.eval(e).field(key).cloned())
                    {
                        found = Some((f, c));
                    }
                }
                _ => {}
            }
        }
        found
    }
}

impl Js<'_, '_, '_> {
    /// A call that sets members of an object it is given by names the review does not read
    /// (`Object.assign(pkg, extra)`, `_.merge`, `_.set(pkg, path, v)`, `Reflect.set`,
    /// `Object.defineProperty`): any member, a manifest's code-running ones among them.
    fn merges_members(&self, node: Node<'_>) -> bool {
        const MERGES: &[&str] = &[
            "assign",
            "merge",
            "mergeWith",
            "defaults",
            "defaultsDeep",
            "extend",
            "setWith",
            "defineProperty",
            "defineProperties",
            "setProperty",
        ];
        let Some(f) = node.field("function") else {
            return false;
        };
        let callee = self.text(f);
        let last = callee.rsplit('.').next().unwrap_or(callee);
        // The name first: this runs for every call of the script.
        (MERGES.contains(&last)
            || matches!(
                callee,
                "_.set" | "lodash.set" | "Reflect.set" | "dotProp.set"
            ))
            && node
                .field("arguments")
                .is_some_and(|a| named(a).filter(|c| c.kind() != "comment").count() >= 2)
    }

    /// Where the script itself is (`__dirname`, `__filename`, `import.meta.url`,
    /// `import.meta.dirname`, and Bun's `import.meta.dir` and `import.meta.path`): its
    /// directory is somewhere in the working tree (agents keep scripts in `scripts/`,
    /// `tools/`), so `path.resolve(__dirname, '..')` is the project, not the directory above it.
    fn script_location(&self, name: &str) -> Option<Val> {
        // Asked about every member expression and name read: the text is made only for the
        // names it answers.
        let (scheme, file) = match name {
            "__dirname" | "import.meta.dirname" | "import.meta.dir" => ("", false),
            "__filename" | "import.meta.filename" | "import.meta.path" => ("", true),
            "import.meta.url" => ("file://", true),
            _ => return None,
        };
        let dir = format!("{scheme}{}/{UNKNOWN}", self.sink.ctx.cwd.to_string_lossy());
        Some(Val::lit(if file {
            format!("{dir}/{UNKNOWN}")
        } else {
            dir
        }))
    }
}

impl Js<'_, '_, '_> {
    /// A package's `scripts` object given the members of `scripts`: an install hook among
    /// them whose text runs code is `install-hook`, whichever way it was merged in.
    pub(super) fn install_hooks_of(&mut self, ln: u32, scripts: &Val) {
        for (key, v) in &scripts.fields {
            if !terraphim_shell_vocab::manifest::INSTALL_HOOKS.contains(&key.as_str()) {
                continue;
            }
            let texts = v.text.iter().chain(&v.alts);
            if let Some(tok) = texts
                .filter_map(|t| crate::places::code_exec_tokens(t))
                .next()
            {
                self.sink.install_hook(ln, key, tok);
            }
        }
    }
}

/// The runtime's own objects, which a script uses without binding them.
const RUNTIME_OBJECTS: &[&str] = &[
    "process",
    "module",
    "exports",
    "globalThis",
    "global",
    "console",
];

/// The member `full` of a module or of the runtime (`process.env`, `path.sep`), however the
/// script reached it: `process.env`, `const { env } = process`, `import { env } from
/// 'node:process'` are all the environment, as is Bun's `Bun.env`.
pub(super) fn module_member(full: String) -> Val {
    match full.as_str() {
        "process.env" | "Bun.env" => {
            let mut v = Val::module("process.env");
            v.taint.env = true;
            v
        }
        "process.execPath" => Val::lit("node"),
        // `['', 'etc', 'x'].join(path.sep)` is `/etc/x`.
        "path.sep" | "path.posix.sep" => Val::lit("/"),
        _ => Val::module(full),
    }
}

/// The origin or the whole text of a URL object whose URL the walk knows, each alternative a
/// whole URL (`new URL(raw).origin` of `http://127.0.0.1:8500`), so a request to
/// `${origin}/v1` goes to the host the script named. An alternative that puts a scheme before
/// another URL (`http://https://h`, the branch a test of the scheme ruled out) is none.
/// `origin` holds none of the URL's credentials (a WHATWG URL keeps its user info out of it);
/// `href` is the URL. Where the host part alone is read (`hostname`), the checks of it judge it.
fn url_member(obj: &Val, prop: &str) -> Option<Val> {
    if !matches!(prop, "origin" | "href" | "pathname")
        || obj.handle.is_some()
        || !obj.fields.is_empty()
    {
        return None;
    }
    // The path of a `file:` URL (`new URL(import.meta.url).pathname`) is the file's path; an
    // HTTP URL's path says nothing this review needs.
    let file_path = |u: &str| {
        u.strip_prefix("file://")
            .filter(|p| p.starts_with('/'))
            .and_then(|p| p.split(['?', '#']).next())
            .map(str::to_owned)
    };
    let part = |u: &str| match prop {
        "pathname" => file_path(u),
        _ => crate::engine::url_part(u, prop),
    };
    let mut v = match (&obj.text, obj.alts.as_slice()) {
        (Some(t), _) => Val::lit(part(t)?),
        (None, []) => return None,
        (None, alts) => {
            let mut v = Val::unknown();
            for a in alts.iter().filter(|a| !crate::engine::doubled_scheme(a)) {
                let p = part(a)?;
                if !v.alts.contains(&p) {
                    v.alts.push(p);
                }
            }
            if v.alts.is_empty() {
                return None;
            }
            v
        }
    };
    v.taint = obj.taint.clone();
    if prop == "origin" {
        v.taint.mask();
    }
    Some(v)
}
