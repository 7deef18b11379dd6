//! JavaScript calls: the arguments are evaluated, the callee named (`fs.writeFileSync`, a
//! method of a value, a function of the script), and the call dispatched by its row in
//! `api.rs`.

use super::api::{self, Api};
use super::{BUILTIN_CLASSES, GLOBALS, Js, line, named};
use crate::engine::{Handle, NO_VAL, Taint, Val, join_paths};
use crate::model::Language;
use crate::places::UNKNOWN;
use crate::scope::dotted;
use crate::ts::Node;

/// Members of a client's options that hand it its credentials.
const CREDENTIAL_MEMBERS: &[&str] = &[
    "password",
    "pass",
    "passwd",
    "token",
    "apikey",
    "api_key",
    "auth",
    "authtoken",
    "accesstoken",
    "secret",
    "secretkey",
    "clientsecret",
    "privatetoken",
];

/// Members of a client's options that say where it connects.
const CLIENT_TARGETS: &[&str] = &[
    "host",
    "hostname",
    "server",
    "url",
    "endpoint",
    "baseurl",
    "connectionstring",
    "uri",
];

/// A call with its arguments evaluated.
pub(super) struct Call<'t> {
    pub(super) ln: u32,
    /// The qualified name of the callee (`fs.writeFileSync`, `eval`), `globalThis.` removed.
    pub(super) q: String,
    pub(super) args: Vec<Val>,
    pub(super) arg_nodes: Vec<Node<'t>>,
    /// The data of every argument.
    pub(super) all: Taint,
    /// The HTTP client object the callee is a method of (`api.post` after
    /// `api = axios.create({baseURL, headers})`): its base URL and credentials.
    pub(super) client: Option<Val>,
}

impl Call<'_> {
    /// The function's name without its module.
    pub(super) fn tail(&self) -> &str {
        match crate::scope::last_dot(&self.q) {
            Some(i) => &self.q[i + 1..],
            None => &self.q,
        }
    }

    /// The module the function belongs to (`""` for a global function).
    pub(super) fn module(&self) -> &str {
        match crate::scope::last_dot(&self.q) {
            Some(i) => &self.q[..i],
            None => "",
        }
    }

    /// The first argument (unknown when missing).
    pub(super) fn first(&self) -> &Val {
        self.args.first().unwrap_or(&NO_VAL)
    }

    /// The second argument (unknown when missing).
    pub(super) fn second(&self) -> &Val {
        self.args.get(1).unwrap_or(&NO_VAL)
    }

    /// The argument node at `i`.
    pub(super) fn arg_node(&self, i: usize) -> Option<Node<'_>> {
        self.arg_nodes.get(i).copied()
    }
}

/// The arguments `apply` passes from its list (`f.apply(this, [a, b])`, `Reflect.apply(f,
/// this, list)`): the list's elements, or one value of the list's data when the walk does not
/// know them.
fn applied(list: Option<&Val>) -> Vec<Val> {
    match list {
        Some(l) => match &l.items {
            Some(items) => items.clone(),
            None => vec![Val::unknown().with_taint(&l.taint)],
        },
        None => Vec::new(),
    }
}

/// A call through `Function.prototype.call`, `apply`, `bind` or `Reflect.apply`, reshaped.
enum Reshaped<'t> {
    /// The function called, its arguments and their nodes.
    Call(String, Vec<Val>, Vec<Node<'t>>),
    /// `f.bind(obj)`: the function itself.
    Bound(String),
}

impl Js<'_, '_, '_> {
    /// `/^SLACK_BOT_TOKEN=(.+)$/m.exec(text)`, `text.match(/^SLACK_BOT_TOKEN=(.*)/m)`: the
    /// key of the project's `.env` the match picks out ([`crate::engine::dotenv_key`]), so the
    /// match of the file's text holds that one variable.
    fn dotenv_pattern_key(&self, func: Node<'_>, c: &Call<'_>) -> Option<String> {
        let method = func.field("property").map(|p| self.text(p))?;
        let regex = match method {
            "exec" => func.field("object")?,
            "match" | "matchAll" => *c.arg_nodes.first()?,
            _ => return None,
        };
        if regex.kind() != "regex" {
            return None;
        }
        let pattern = self.text(regex.field("pattern")?);
        crate::engine::dotenv_key(pattern).map(str::to_owned)
    }

    /// `f.call(this, ...args)`, `f.apply(this, list)`, `Reflect.apply(f, this, list)` and
    /// `f.bind(this)` of a function `f` the rows of `api.rs` know (`cp.execSync`): the call
    /// of `f` itself (or, for `bind`, `f`). `None` for any other call.
    fn through_call_apply<'t>(
        &self,
        q: &str,
        args: &[Val],
        nodes: &[Node<'t>],
    ) -> Option<Reshaped<'t>> {
        let known = |f: &str| {
            let (m, t) = match crate::scope::last_dot(f) {
                Some(i) => (&f[..i], &f[i + 1..]),
                None => ("", f),
            };
            api::lookup(m, t).is_some()
        };
        // The list `apply` passes: its elements, and the literal array's element nodes.
        let spread = |list: Option<&Val>, node: Option<&Node<'t>>| {
            let items = list.and_then(|l| l.items.clone()).unwrap_or_default();
            let item_nodes: Vec<Node<'t>> = match node.filter(|n| n.kind() == "array") {
                Some(a) if named(*a).count() == items.len() => named(*a).collect(),
                _ => node.map(|n| vec![*n; items.len()]).unwrap_or_default(),
            };
            (items, item_nodes)
        };
        let from = |i: usize| {
            (
                args.get(i..).unwrap_or(&[]).to_vec(),
                nodes.get(i..).unwrap_or(&[]).to_vec(),
            )
        };
        // `Function.prototype.call.bind(execSync)`: a function whose first argument is `this`,
        // the rest `execSync`'s (`invoke(cp, cmd)`), which `f.call` stands for.
        if let Some(how) = q
            .strip_prefix("Function.prototype.")
            .and_then(|r| r.strip_suffix(".bind"))
            .filter(|h| matches!(*h, "call" | "apply"))
        {
            let Some(Handle::Module(f)) = args.first().and_then(|a| a.handle.clone()) else {
                return None;
            };
            return known(&f).then(|| Reshaped::Bound(crate::scope::dotted(&f, how)));
        }
        if q == "Reflect.apply" {
            let Some(Handle::Module(f)) = args.first().and_then(|a| a.handle.clone()) else {
                return None;
            };
            let (a, n) = spread(args.get(2), nodes.get(2));
            return known(&f).then_some(Reshaped::Call(f, a, n));
        }
        let i = crate::scope::last_dot(q)?;
        let (f, how) = (&q[..i], &q[i + 1..]);
        if !known(f) {
            return None;
        }
        let f = f.to_owned();
        match how {
            "call" => {
                let (a, n) = from(1);
                Some(Reshaped::Call(f, a, n))
            }
            "apply" => {
                let (a, n) = spread(args.get(1), nodes.get(1));
                Some(Reshaped::Call(f, a, n))
            }
            "bind" if args.len() <= 1 => Some(Reshaped::Bound(f)),
            _ => None,
        }
    }

    /// A call; one whose result goes straight into a hash (`hash.update(readFileSync(p))`,
    /// see [`Js::digest_update`]) is walked with [`Sink::digest_input`] set, and gives the
    /// digest's input, nothing a later step could send or print.
    pub(super) fn call(&mut self, node: Node<'_>) -> Val {
        if self.digest_update(node) {
            let args = node
                .field("arguments")
                .map(|a| named(a).collect::<Vec<_>>());
            for a in args.unwrap_or_default() {
                if a.kind() == "call_expression" {
                    self.digest_args.insert(a.start_byte());
                }
            }
        }
        let hashed = self.digest_args.remove(&node.start_byte());
        let outer = std::mem::replace(&mut self.sink.digest_input, hashed);
        let v = self.call_walked(node);
        self.sink.digest_input = outer;
        let mut v = v;
        if self.derives(node) {
            // What a parser, a number or a match gives of a file's text is derived from it.
            v.taint.derived();
        }
        if self.hmac_key_used(node) {
            // The signature or token made with the key, not the key.
            v.taint.secret = None;
            v.taint.mixed = false;
        }
        if hashed { Val::unknown() } else { v }
    }

    /// Whether the call gives something derived from the text it is handed (a parsed
    /// document, a number, the names of an object's members, a pattern's match, a digest):
    /// see [`crate::engine::Taint::derived`].
    fn derives(&self, node: Node<'_>) -> bool {
        node.field("function").is_some_and(|f| match f.kind() {
            "identifier" => super::api::DERIVING_CALLS.contains(&self.text(f)),
            "member_expression" => {
                super::api::DERIVING_CALLS.contains(&self.text(f))
                    || f.field("property")
                        .is_some_and(|p| super::api::DERIVING_METHODS.contains(&self.text(p)))
            }
            _ => false,
        })
    }

    /// `createHmac(alg, key)`, `jwt.sign(claims, key)`, `jwt.verify(token, key)` with a secret
    /// from the environment as the key (a webhook's signing secret checking a payload): the key
    /// signs or checks a message and stays in the process; the digest or token does not give
    /// it away. That read is the secret's use. True when the call is one and the key is its
    /// only private argument.
    fn hmac_key_used(&mut self, node: Node<'_>) -> bool {
        let signs = node.field("function").is_some_and(|f| match f.kind() {
            "identifier" => self.text(f) == "createHmac",
            "member_expression" => f.field("property").is_some_and(|p| {
                let object = f.field("object").map(|o| self.text(o));
                match self.text(p) {
                    "createHmac" => true,
                    "sign" | "verify" => matches!(object, Some("jwt" | "jsonwebtoken")),
                    _ => false,
                }
            }),
            _ => false,
        });
        if !signs {
            return false;
        }
        let args: Vec<Node<'_>> = node
            .field("arguments")
            .map(|a| named(a).collect())
            .unwrap_or_default();
        // Arguments holding no call are looked at again (no call is walked twice).
        fn calls_nothing(n: Node<'_>) -> bool {
            !matches!(
                n.kind(),
                "call_expression" | "new_expression" | "await_expression" | "arrow_function"
            ) && named(n).all(calls_nothing)
        }
        if args.len() < 2 || !args.iter().all(|a| calls_nothing(*a)) {
            return false;
        }
        let key = self.eval(args[1]);
        let Some(name) = key.taint.env_var() else {
            return false;
        };
        let others_private = args
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 1)
            .any(|(_, a)| self.eval(*a).taint.secret.is_some());
        if others_private {
            return false;
        }
        self.sink.env_token_used.insert(name.to_owned());
        true
    }

    /// Whether `node` is `H.update(...)` of a hash object `H`: `createHash(...)` or
    /// `createHmac(...)` itself, a chain of `update` calls on one, or a variable the script
    /// only ever sets to one ([`Js::hashers`]).
    fn digest_update(&self, node: Node<'_>) -> bool {
        fn hasher(js: &Js<'_, '_, '_>, n: Node<'_>) -> bool {
            match n.kind() {
                "identifier" => js.hashers.contains(js.text(n)),
                "call_expression" => n.field("function").is_some_and(|f| match f.kind() {
                    "identifier" => matches!(js.text(f), "createHash" | "createHmac"),
                    "member_expression" => f.field("property").is_some_and(|p| match js.text(p) {
                        "createHash" | "createHmac" => true,
                        "update" => f.field("object").is_some_and(|o| hasher(js, o)),
                        _ => false,
                    }),
                    _ => false,
                }),
                _ => false,
            }
        }
        node.kind() == "call_expression"
            && node.field("function").is_some_and(|f| {
                f.kind() == "member_expression"
                    && f.field("property")
                        .is_some_and(|p| self.text(p) == "update")
                    && f.field("object").is_some_and(|o| hasher(self, o))
            })
    }

    fn call_walked(&mut self, node: Node<'_>) -> Val {
        let ln = line(node);
        let mut func = node.field("function").or_else(|| node.field("constructor"));
        // The TypeScript grammar reads `await get<T>(url)` as a call of `await get`: the call
        // is of `get`, and awaiting its result gives the value the walk already stands for.
        while let Some(inner) = func
            .filter(|f| f.kind() == "await_expression")
            .and_then(|f| named(f).next())
        {
            func = Some(inner);
        }
        let arg_nodes: Vec<Node<'_>> = node
            .field("arguments")
            .map(|a| named(a).collect())
            .unwrap_or_default();
        // `(() => { try { return readFileSync(p) } catch { return '' } })()`: a function
        // called where it is written returns what its body returns.
        let mut callee = func;
        while let Some(f) = callee.filter(|f| f.kind() == "parenthesized_expression") {
            callee = named(f).next();
        }
        if let Some(f) = callee.filter(|f| {
            matches!(
                f.kind(),
                "arrow_function" | "function_expression" | "function"
            )
        }) {
            let key = crate::scope::anon_name(f.start_byte());
            for (p, a) in self.params_of(f).into_iter().zip(arg_nodes.iter()) {
                let v = self.eval(*a);
                let _ = self.scope.set_param(key.clone(), p, v);
            }
            self.eval(f);
            return self.scope.returns.get(&key).cloned().unwrap_or_default();
        }
        // `probes.forEach((p) => p.check())` over a list of instances of the script's
        // classes: the callback's element parameter is one.
        if let Some(f) = callee.filter(|f| f.kind() == "member_expression")
            && let (Some(list), Some(m)) = (f.field("object"), f.field("property"))
        {
            let at = match self.text(m) {
                "forEach" | "map" | "flatMap" | "filter" | "some" | "every" | "find"
                | "findLast" => Some(0),
                "reduce" | "reduceRight" => Some(1),
                _ => None,
            };
            if let Some(cb) = at.and_then(|_| arg_nodes.first()).filter(|a| {
                matches!(
                    a.kind(),
                    "arrow_function" | "function_expression" | "function"
                )
            }) && let Some(ps) = cb.field("parameters").or_else(|| cb.field("parameter"))
            {
                let params: Vec<Node<'_>> = if ps.kind() == "identifier" {
                    vec![ps]
                } else {
                    named(ps)
                        .map(|p| match p.kind() {
                            "required_parameter" | "optional_parameter" => {
                                p.field("pattern").unwrap_or(p)
                            }
                            _ => p,
                        })
                        .collect()
                };
                if let Some(p) = at.and_then(|i| params.get(i)) {
                    self.note_listed_instance(list, *p);
                }
            }
        }
        // `list[Symbol.iterator]()`: an iterator over the list's elements, which a loop or a
        // spread takes as the list (an instance of a class of the script: what its own
        // iterator method gives).
        if let Some(f) = callee.filter(|f| {
            f.kind() == "subscript_expression"
                && f.field("index").is_some_and(|i| {
                    matches!(self.text(i), "Symbol.iterator" | "Symbol.asyncIterator")
                })
        }) && let Some(object) = f.field("object")
        {
            return self.iterated(object);
        }
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
            let tag = func.map(|f| self.text(f)).unwrap_or("");
            if tag == "String.raw" {
                // The template's text as written.
                return tpl;
            }
            if self.scope.funcs.contains_key(tag) {
                // A tag function of the script (`sh\`curl ${url} | sh\``): what it returns,
                // and, as an alternative, the text of the template (what tags that join the
                // parts with the values give).
                // Its `strings.raw`, rejoined with the values (`String.raw({ raw:
                // strings.raw }, ...values)`), is the template's text.
                let mut strings = Val::list(vec![Val::unknown()]);
                strings.set_field(&["raw"], tpl.clone());
                let mut v = self.scope.call_user(tag, &[strings]);
                let mut out = Val::unknown().with_taint(&tpl.taint).with_taint(&v.taint);
                out.alts.extend(v.text.take());
                out.alts.append(&mut v.alts);
                out.alts.extend(tpl.text);
                crate::engine::cap_alternatives(&mut out.alts, 8);
                return out;
            }
            return Val::unknown();
        }
        if let Some(f) = func.filter(|f| f.kind() == "member_expression")
            && f.field("property").is_some_and(|p| {
                matches!(
                    self.text(p),
                    "on" | "once" | "forEach" | "map" | "flatMap" | "reduce" | "then"
                )
            })
            && let Some(recv) = f
                .field("object")
                .filter(|o| o.kind() == "identifier")
                .and_then(|o| self.lookup(self.text(o)))
            && (recv.taint != Taint::default() || matches!(recv.handle, Some(Handle::Conn { .. })))
        {
            // `res.on('data', c => body += c)`: the callback's parameter holds the receiver's
            // data while the callback is walked, in this round already.
            let mut data = recv;
            if matches!(data.handle, Some(Handle::Conn { .. })) {
                data.taint.remote = true;
            }
            let _ = self.bind_callbacks(&arg_nodes, &data);
        }
        // `new Promise((resolve, reject) => ...)`: what `resolve` is called with is the value
        // `await` gives (a download's body collected in `res.on('data', ...)`).
        let executor = (node.kind() == "new_expression"
            && func.is_some_and(|f| self.text(f) == "Promise"))
        .then(|| arg_nodes.first().map(|a| self.params_of(*a)))
        .flatten()
        .and_then(|ps| ps.into_iter().next())
        .filter(|p| !p.is_empty());
        if let Some(p) = &executor {
            self.resolvers.push((p.clone(), None));
        }
        let mut args: Vec<Val> = Vec::with_capacity(arg_nodes.len());
        let mut spread_nodes: Vec<Node<'_>> = Vec::with_capacity(arg_nodes.len());
        for a in &arg_nodes {
            let mut v = self.eval(*a);
            let items = match v.items.take() {
                Some(items) if a.kind() == "spread_element" && items.len() <= 16 => items,
                other => {
                    v.items = other;
                    args.push(v);
                    spread_nodes.push(*a);
                    continue;
                }
            };
            // `join(...parts)`: a literal array's elements are the arguments.
            for item in items {
                args.push(item.with_taint(&v.taint));
                spread_nodes.push(*a);
            }
        }
        let arg_nodes = spread_nodes;
        if executor.is_some() {
            return self
                .resolvers
                .pop()
                .and_then(|(_, v)| v)
                .unwrap_or_default();
        }
        let Some(func) = func else {
            return Val::unknown();
        };
        // A token handed to its own service's client (`new Octokit({ auth: token })`) is its
        // use: consumed by the client, not in what the call returns.
        // The callee's text and the module its root names (`new WebClient(token)` with
        // `WebClient` imported from `@slack/web-api`; `client.chat.postMessage(...)` on it).
        let callee = {
            let mut root = func;
            while root.kind() == "member_expression"
                && let Some(o) = root.field("object")
            {
                root = o;
            }
            let t = self.text(func).to_owned();
            match self.lookup(self.text(root)).and_then(|v| v.handle) {
                Some(Handle::Module(m)) => format!("{t} {m}"),
                _ => t,
            }
        };
        let mut all = Taint::default();
        let mut vendor_used = false;
        // `knex({ client: 'pg', connection: { host, password } })`, `new Pool({ password })`:
        // a package's client given its credentials in an options object logs in with them;
        // what the client gives back is not them. Logging in to this machine (or to no host
        // the options name) is their use.
        let client_module = {
            let mut root = func;
            while root.kind() == "member_expression"
                && let Some(o) = root.field("object")
            {
                root = o;
            }
            let tail = match func.kind() {
                "member_expression" => func.field("property").map(|p| self.text(p).to_owned()),
                _ => None,
            };
            // A call that turns its argument into text (`qs.stringify`) is no client.
            let to_text = tail.as_deref().is_some_and(|t| {
                let t = t.to_ascii_lowercase();
                [
                    "string", "encode", "serial", "format", "inspect", "dump", "escape",
                ]
                .iter()
                .any(|w| t.contains(w))
            });
            matches!(
                self.lookup(self.text(root)).and_then(|v| v.handle),
                Some(Handle::Module(m)) if !super::NODE_BUILTINS.contains(&m.as_str()) && !to_text
            )
        };
        let given: Vec<Val> = match client_module {
            true => args
                .iter()
                .map(|a| {
                    self.client_options(a)
                        .or_else(|| self.vendor_keyed_options(a))
                        .unwrap_or_else(|| a.clone())
                })
                .collect(),
            false => Vec::new(),
        };
        for a in if client_module { &given } else { &args } {
            match a
                .taint
                .secret
                .as_deref()
                .and_then(|s| s.strip_prefix("the "))
                .and_then(|s| s.strip_suffix(" environment variable"))
            {
                Some(name) if crate::places::vendor_client(name, &callee) => {
                    vendor_used = true;
                    self.sink.env_token_used.insert(name.to_owned());
                    let mut rest = a.taint.clone();
                    rest.secret = None;
                    rest.mixed = false;
                    all.join(&rest);
                }
                _ => all.join(&a.taint),
            }
        }
        let mut client = None;
        let (qual, recv) = match func.kind() {
            "identifier" => {
                let name = self.text(func);
                if node.kind() == "new_expression"
                    && name == "Proxy"
                    && self.scope.get(name).is_none()
                    && let Some(v) = self.proxy(&arg_nodes, &args)
                {
                    return v;
                }
                if let Some((_, got)) = self.resolvers.iter_mut().rev().find(|(r, _)| r == name) {
                    let v = args.first().cloned().unwrap_or_default();
                    *got = Some(match got.take() {
                        Some(old) => old.union(&v),
                        None => v,
                    });
                    return Val::unknown();
                }
                if node.kind() == "new_expression"
                    && name.starts_with(|c: char| c.is_ascii_uppercase())
                    && self.scope.get(name).is_none()
                    && self.scope.funcs.contains_key("constructor")
                    && (self.classes.contains_key(name) || !BUILTIN_CLASSES.contains(&name))
                {
                    // `new Client(CONFIG)` of a class of the script: its constructor's
                    // parameters take the arguments (`this.host = options.host`), a
                    // function given there a value whose call is that function's.
                    let given = self.function_args(&arg_nodes, &args);
                    self.scope.call_user("constructor", &given);
                }
                match self.scope.get(name) {
                    // `new WebClient(token)` of the token's own service's library: the client
                    // of that service, its methods (`client.chat.postMessage`) the service's.
                    Some(Val {
                        handle: Some(Handle::Module(m)),
                        ..
                    }) if vendor_used && node.kind() == "new_expression" => {
                        return Val::module(m.clone());
                    }
                    Some(Val {
                        handle: Some(Handle::Module(m)),
                        ..
                    }) => (m.clone(), None),
                    // `onDone(null, body)` of a parameter given a function of the script (a
                    // callback written at the call, or one named): that function's call.
                    Some(Val {
                        handle: Some(Handle::Func(f)),
                        ..
                    }) if !self.scope.funcs.contains_key(name) => {
                        let f = f.clone();
                        return self.call_function_value(&f, &args);
                    }
                    // `const { dir } = AGENT; dir()`: the object's function member.
                    _ if !self.scope.funcs.contains_key(name)
                        && self.fn_aliases.contains_key(name) =>
                    {
                        let f = self.fn_aliases.get(name).cloned().unwrap_or_default();
                        return self.scope.call_user(&f, &args);
                    }
                    _ if self.scope.funcs.contains_key(name) => {
                        let given = self.function_args(&arg_nodes, &args);
                        let r = self.scope.call_user(name, &given);
                        // `env('GITHUB_TOKEN')`: a helper reading the variable it is given.
                        if let Some(k) = self
                            .scope
                            .env_getter(name)
                            .and_then(|i| args.get(i))
                            .and_then(Val::known)
                        {
                            let k = k.to_owned();
                            return self.sink.read_env(ln, &k);
                        }
                        // A path helper given known arguments: what this call returns.
                        if let Some(own) = self.per_call_return(node, name, &args) {
                            return own;
                        }
                        return r;
                    }
                    None if GLOBALS.contains(&name)
                        || matches!(
                            name,
                            "require" | "fetch" | "eval" | "atob" | "setTimeout" | "setInterval"
                        ) =>
                    {
                        (name.to_owned(), None)
                    }
                    // A parameter or variable of no known value called: it may be given a
                    // function of the script in a later round.
                    _ => {
                        self.scope.note_caller();
                        (name.to_owned(), None)
                    }
                }
            }
            // `this.request("GET", "/user")` (or `super.request(...)`) in a class of the
            // script: its own method, whose parameters take the arguments of every call.
            "member_expression"
                if func
                    .field("object")
                    .is_some_and(|o| matches!(o.kind(), "this" | "super"))
                    && func.field("property").is_some_and(|p| {
                        let name = self.text(p);
                        self.scope.funcs.contains_key(name) && self.lookup(name).is_none()
                    }) =>
            {
                let name = func.field("property").map(|p| self.text(p)).unwrap_or("");
                return self.scope.call_user(name, &args);
            }
            // `api.post(body)` of an object literal of the script with a `post` function.
            "member_expression"
                if func.field("object").is_some_and(|o| {
                    o.kind() == "identifier"
                        && func.field("property").is_some_and(|p| {
                            self.objects
                                .get(self.text(o))
                                .is_some_and(|m| m.contains(self.text(p)))
                        })
                }) =>
            {
                let name = func.field("property").map(|p| self.text(p)).unwrap_or("");
                let object = func.field("object").map(|o| self.text(o)).unwrap_or("");
                return self.scope.call_user(&format!("{object}.{name}"), &args);
            }
            // `EDITORS[editor]()` of an object literal of the script whose members are
            // functions: the member the key names, or, for a key known only at run time, any
            // of them (the result is what either returns).
            "subscript_expression"
                if func.field("object").is_some_and(|o| {
                    o.kind() == "identifier" && self.objects.contains_key(self.text(o))
                }) =>
            {
                let object = func
                    .field("object")
                    .map(|o| self.text(o).to_owned())
                    .unwrap_or_default();
                let mut members: Vec<String> = self
                    .objects
                    .get(&object)
                    .map(|m| m.iter().cloned().collect())
                    .unwrap_or_default();
                members.sort();
                let key = func
                    .field("index")
                    .map(|i| self.eval(i))
                    .and_then(|k| k.known().map(str::to_owned));
                let chosen: Vec<String> = match key {
                    Some(k) if members.contains(&k) => vec![k],
                    _ => members,
                };
                let mut out: Option<Val> = None;
                for m in chosen {
                    let r = self.scope.call_user(&format!("{object}.{m}"), &args);
                    out = Some(match out {
                        Some(o) => o.union(&r),
                        None => r,
                    });
                }
                return out.unwrap_or_default();
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
                    Some(Handle::Module(m))
                        if m == crate::command::CHILD_STDIN
                            && matches!(prop.as_str(), "write" | "end") =>
                    {
                        crate::command::write_to_child(self.sink, ln, &obj, args.first());
                        return Val::unknown();
                    }
                    // `import('child_process').then(m => ...)`: a promise of the module, whose
                    // callback gets the module.
                    Some(Handle::Module(_)) if prop == "then" => (dotted("?", &prop), Some(obj)),
                    Some(Handle::Module(m)) => {
                        if m == "axios" && (obj.text.is_some() || obj.taint != Taint::default()) {
                            client = Some(obj.clone());
                        }
                        (dotted(m, &prop), None)
                    }
                    // `this.exec(cmd)` after `this.exec = execSync` (a runner given the
                    // function it calls), `ops.run(cmd)` of `{ run: execSync }`: the member
                    // holds a known function, and the call is of that function.
                    _ if obj.handle.is_none()
                        && let Some(Handle::Module(m)) =
                            obj.field(&prop).and_then(|f| f.handle.clone())
                        && (m.contains('.') || super::RUNS_ITS_ARGUMENT.contains(&m.as_str())) =>
                    {
                        (m, None)
                    }
                    // `send.call(null, body)`, `send.apply(null, [body])` of a function of
                    // the script: its call with the arguments after `this`.
                    Some(Handle::Func(f)) if matches!(prop.as_str(), "call" | "apply") => {
                        let f = f.clone();
                        let passed = match prop.as_str() {
                            "call" => args.get(1..).unwrap_or(&[]).to_vec(),
                            _ => applied(args.get(1)),
                        };
                        return self.call_function_value(&f, &passed);
                    }
                    // `integration.file()` of an object whose member is a function of the
                    // script (a list of such objects walked in a loop): that function's call.
                    _ if obj.handle.is_none()
                        && let Some(Handle::Func(f)) =
                            obj.field(&prop).and_then(|f| f.handle.clone()) =>
                    {
                        return self.call_function_value(&f, &args);
                    }
                    _ => (dotted("?", &prop), Some(obj)),
                }
            }
            // `await import(spec)`: loads and runs the module `spec` as `require` does.
            "import" => ("require".to_owned(), None),
            _ => match self.eval(func).handle {
                Some(Handle::Module(m)) => (m, None),
                _ => ("?".to_owned(), None),
            },
        };
        // `globalThis.eval(...)`, `window.Function(...)`: the same functions.
        let q = ["globalThis.", "window.", "global.", "self."]
            .iter()
            .find_map(|p| qual.strip_prefix(p))
            .unwrap_or(qual.as_str())
            .to_owned();
        // `execSync.call(cp, cmd)`, `execSync.apply(cp, [cmd])`, `Reflect.apply(execSync, cp,
        // [cmd])` of a function the rows know: that function's call with the arguments after
        // `this`; `execSync.bind(cp)` is the function itself.
        let (q, args, arg_nodes) = match self.through_call_apply(&q, &args, &arg_nodes) {
            Some(Reshaped::Call(q, args, nodes)) => (q, args, nodes),
            Some(Reshaped::Bound(f)) => return Val::module(f),
            None => (q, args, arg_nodes),
        };
        // `Reflect.apply(send, null, [body])` of a function of the script: its call with the
        // list's elements.
        if q == "Reflect.apply"
            && let Some(Handle::Func(f)) = args.first().and_then(|a| a.handle.clone())
        {
            return self.call_function_value(&f, &applied(args.get(2)));
        }
        let c = Call {
            ln,
            q,
            args,
            arg_nodes,
            all,
            client,
        };
        self.handed_functions(&c, recv.as_ref());
        // `new ListObjectsV2Command({ Bucket, Prefix })`, `s3.deleteObjects({...})`.
        let op = c.q.rsplit('.').next().unwrap_or("");
        self.sink.object_store_call(ln, op, c.first());
        if func.kind() == "member_expression" {
            self.event_listeners(func, &c);
        }
        if let Some(method) = prototype_method_called(self.text(func))
            && !c.args.is_empty()
        {
            // `Array.prototype.map.call(s, fn)`: `s.map(fn)`, the first argument the receiver.
            let on_first = Call {
                ln,
                q: format!("?.{method}"),
                args: c.args[1..].to_vec(),
                arg_nodes: c.arg_nodes.get(1..).unwrap_or(&[]).to_vec(),
                all: c.all.clone(),
                client: None,
            };
            return self.method(&on_first, c.first().clone());
        }
        if c.q == "String.raw"
            && let Some(raw) = c
                .first()
                .field("raw")
                .filter(|r| r.text.is_some() || !r.alts.is_empty())
        {
            // `String.raw({ raw: strings.raw }, ...values)` in a tag function: the strings of
            // the template it was given (which hold its values already).
            return raw.clone();
        }
        // `Array.from(plan)` of an instance with its own iterator: what it yields.
        let from = (c.q == "Array.from")
            .then(|| c.arg_nodes.first().and_then(|a| self.protocol_elements(*a)))
            .flatten()
            .map(|elems| elems.with_taint(&c.first().taint));
        if c.args.len() == 1
            && let Some(elems) = &from
        {
            return elems.clone();
        }
        if c.q == "Array.from" && c.args.len() == 2 {
            // `Array.from(list, fn)`: `list.map(fn)`, the callback's values its elements.
            let mapped = Call {
                ln,
                q: "?.map".to_owned(),
                args: c.args[1..].to_vec(),
                arg_nodes: c.arg_nodes[1..].to_vec(),
                all: c.all.clone(),
                client: None,
            };
            return self.method(&mapped, from.unwrap_or_else(|| c.first().clone()));
        }
        if c.q.starts_with("process.argv.") {
            // `process.argv.slice(2)`: arguments of the command line, strings the script's
            // caller chooses.
            return Val::unknown().with_taint(&Taint {
                arg: true,
                ..Taint::default()
            });
        }
        if matches!(
            c.q.as_str(),
            "Promise.resolve" | "Promise.all" | "Promise.allSettled"
        ) {
            // `Promise.resolve(v)`: a promise of `v`, which `await` and `.then` give;
            // `Promise.all(list)`: a promise of the list of what its promises give.
            return c.first().clone();
        }
        if c.q == "util.promisify" && matches!(c.first().handle, Some(Handle::Module(_))) {
            // `const run = promisify(execFile)`: the same function, returning a promise;
            // `run("sudo", argv)` is `execFile("sudo", argv)`.
            return c.first().clone();
        }
        if matches!(c.q.as_str(), "Promise.race" | "Promise.any")
            && let Some(items) = c.first().items.as_deref()
            && let Some(any) = Val::union_all(items)
        {
            // The value of any one of the promises.
            return any;
        }
        if c.q == "Map" && node.kind() == "new_expression" && c.args.is_empty() {
            // `new Map()`: no entries yet; `m.set(k, v)` adds them.
            return Val::list(Vec::new());
        }
        if c.q == "Map"
            && let Some(pairs) = &c.first().items
        {
            // `new Map([['state', dir]])`: its members by their keys, for `m.get('state')`;
            // and its entries, the pairs `for (const [k, v] of m)` takes in turn.
            let mut m = Val::unknown().with_taint(&c.all);
            for pair in pairs {
                if let Some([k, v]) = pair.items.as_deref()
                    && let Some(k) = k.known()
                {
                    m.set_field(&[k], v.clone());
                }
            }
            if pairs
                .iter()
                .all(|p| p.items.as_ref().is_some_and(|i| i.len() == 2))
            {
                m.items = Some(pairs.clone());
            }
            return m;
        }
        if matches!(c.q.as_str(), "Number" | "parseInt" | "parseFloat")
            && let Some(t) = c.first().known()
            && let Ok(n) = t.trim().parse::<f64>()
            && n.is_finite()
            && (c.q != "parseInt" || c.args.len() == 1 || c.second().known() == Some("10"))
        {
            // `Number(process.env.LEVELS ?? 2)`: the number the text spells, what a count
            // (`Array(levels)`) or a depth built from it is.
            let n = if c.q == "parseInt" { n.trunc() } else { n };
            return Val::lit(n.to_string()).with_taint(&c.first().taint);
        }
        // `parseInt(pair, 16)`: a character code read out of hex text, what a decoder the
        // script writes itself (`hex.match(/../g).map(h => parseInt(h, 16))`) is made of.
        if c.q == "parseInt" && c.second().known().is_some_and(|r| r == "16") {
            return Val::decoded(&c.all);
        }
        // A command-line parser's methods (commander, yargs), called on what the review
        // does not know (the library's object or a chain of its calls).
        if func.kind() == "member_expression"
            && let Some(v) = self.cli_parser_call(c.tail(), &c.args)
        {
            return v;
        }
        // `parseArgs({ options: { root: { type: 'string', default: D } } })` of `node:util`:
        // `values.root` is D or what the command line gives.
        if c.tail() == "parseArgs"
            && let Some(options) = c.first().field("options").filter(|o| !o.fields.is_empty())
        {
            // Each field keeps its own data (see `Js::cli_namespace`).
            let mut values = Val::unknown();
            for (k, o) in &options.fields {
                values
                    .fields
                    .push((k.clone(), Val::option_value(o.field("default"))));
            }
            let mut out = Val::unknown();
            out.set_field(&["values"], values);
            out.set_field(&["positionals"], Val::list(vec![Val::unknown()]));
            return out;
        }
        if c.q == "Array"
            && c.args.len() == 1
            && let Some(n) = c.first().known().and_then(|t| t.parse::<usize>().ok())
            && n <= 16
        {
            // `Array(2)`: that many empty slots (`.fill('..')` gives them a value).
            return Val::list(vec![Val::unknown(); n]);
        }
        if c.q == "Array"
            && c.args.len() == 1
            && c.first().text.is_none()
            && !c.first().alts.is_empty()
            && let Some(counts) = c
                .first()
                .alts
                .iter()
                .map(|t| t.parse::<usize>().ok().filter(|n| *n <= 16))
                .collect::<Option<Vec<usize>>>()
        {
            // `Array(this.levelsUp)` of several counts (subclasses setting 4 and 1): the
            // longest, whose elements hold those of every shorter one (a path climbed with
            // `.fill('..')` reaches the highest directory any of them does).
            let n = counts.into_iter().max().unwrap_or(0);
            return Val::list(vec![Val::unknown(); n]);
        }
        // `new Template(rows).render()`, `t.render()` of a `t = new Template(rows)`: the method
        // of the script's class takes the arguments and returns what its body returns, besides
        // what any method of an unknown object gives.
        let user_method = func
            .field("property")
            .filter(|p| {
                func.kind() == "member_expression"
                    && func
                        .field("object")
                        .and_then(|o| self.instance_class(o))
                        .and_then(|c| self.classes.get(&c))
                        .is_some_and(|m| m.contains(self.text(*p)))
            })
            .map(|p| self.text(p).to_owned());
        let user_ret = user_method.map(|m| self.scope.call_user(&m, &c.args));
        if let Some(recv) = recv {
            if c.tail() == "fill"
                && c.args.len() == 1
                && let Some(items) = &recv.items
            {
                // `Array(levels).fill('..')`: every element is the value.
                return Val::list(vec![c.first().clone(); items.len()]).with_taint(&recv.taint);
            }
            if let Some(obj) = func
                .field("object")
                .filter(|o| o.kind() == "identifier" && self.maps.contains(self.text(*o)))
            {
                // A function written as the value (`m.set('.env', (old) => ...)`) is one
                // the map's reader may call.
                let value = match c.args.len() {
                    2 => self.function_args(&c.arg_nodes, &c.args).pop(),
                    _ => None,
                };
                match (c.tail(), c.first().known(), value) {
                    // `m.set('state', dir)`: the map now holds it under that key, and the
                    // entry a loop over the map takes.
                    ("set", Some(k), Some(value)) => {
                        let (k, name) = (k.to_owned(), self.text(obj).to_owned());
                        let mut m = recv.clone();
                        m.set_field(&[k.as_str()], value.clone());
                        if let Some(items) = m.items.as_mut() {
                            items.retain(|e| {
                                e.items
                                    .as_deref()
                                    .and_then(|p| p.first())
                                    .and_then(Val::known)
                                    != Some(k.as_str())
                            });
                            if items.len() < 16 {
                                items.push(Val::list(vec![Val::lit(k.clone()), value]));
                            }
                        }
                        self.scope.assign(&name, m);
                        return Val::unknown();
                    }
                    // `m.set(name, data)` with a key known only at run time: the map holds
                    // the data under some key, and an entry of it.
                    ("set", None, Some(value)) => {
                        let name = self.text(obj).to_owned();
                        let mut m = recv.clone().with_taint(&value.taint);
                        let entry = Val::list(vec![c.first().clone(), value]);
                        if let Some(items) = m
                            .items
                            .as_mut()
                            .filter(|i| i.len() < 16 && !i.contains(&entry))
                        {
                            items.push(entry);
                        }
                        self.scope.assign(&name, m);
                        return Val::unknown();
                    }
                    ("get", Some(k), _) if recv.field(k).is_some() => {
                        return recv.field(k).cloned().unwrap_or_default();
                    }
                    // A key known only at run time: any of its members.
                    ("get", _, _) if !recv.fields.is_empty() => {
                        let members: Vec<Val> =
                            recv.fields.iter().map(|(_, f)| f.clone()).collect();
                        return Val::any_of(&members).with_taint(&recv.taint);
                    }
                    _ => {}
                }
            }
            if matches!(c.tail(), "push" | "unshift")
                && let Some(items) = &recv.items
                && let Some(obj) = func.field("object").filter(|o| o.kind() == "identifier")
            {
                // `dirs.push(dir)`: the array now holds the value too (once: loops are walked
                // once a round, and functions in two rounds).
                let list = pushed(recv.clone(), items.clone(), &c.args);
                let name = self.text(obj).to_owned();
                self.scope.assign(&name, list);
                return Val::unknown();
            }
            if matches!(c.tail(), "push" | "unshift")
                && let Some(obj) = func.field("object").filter(|o| {
                    o.kind() == "member_expression"
                        && o.field("object").is_some_and(|t| t.kind() == "this")
                })
                && let Some(prop) = obj.field("property")
            {
                // `this.targets.push(p)` in a method: the class's list now holds it, for the
                // methods that read `this.targets`.
                let name = self.text(prop).to_owned();
                let list = match self.this_val.field(&name) {
                    Some(old) if old.items.is_some() => old.clone(),
                    _ => Val::list(Vec::new()),
                };
                let items = list.items.clone().unwrap_or_default();
                let list = pushed(list, items, &c.args);
                self.this_val.set_field(&[name.as_str()], list);
                return Val::unknown();
            }
            if let Some(obj) = func.field("object").filter(|o| o.kind() == "identifier")
                && let Some(list) = inserted_into(c.tail(), &recv, &c.args)
            {
                // `lines.splice(at, 0, snippet)` on the lines of a file read: the array holds
                // the inserted text among elements the review does not know, so a later
                // `lines.join("\n")` written back is that text inside the file's own.
                let name = self.text(obj).to_owned();
                self.scope.assign(&name, list);
                return Val::unknown();
            }
            if c.all.carries()
                && recv.handle.is_none()
                && !crate::scope::keeps_receiver(c.tail())
                && let Some(obj) = func.field("object").filter(|o| o.kind() == "identifier")
            {
                // `lines.push(secret)`: the object now holds it.
                self.scope.taint_object(self.text(obj), &recv, &c.all);
            } else if c.all != Taint::default()
                && let Some(mut root) = func
                    .field("object")
                    .filter(|o| o.kind() == "member_expression")
            {
                // `url.searchParams.set("k", secret)`, `opts.headers.append(k, secret)`: the
                // object the part belongs to now holds it.
                while let Some(o) = root
                    .field("object")
                    .filter(|_| root.kind() == "member_expression")
                {
                    root = o;
                }
                if root.kind() == "identifier" {
                    let name = self.text(root).to_owned();
                    if let Some(mut v) = self.lookup(&name).filter(|v| v.handle.is_none()) {
                        v.taint.join(&c.all);
                        self.bind(&name, v);
                    }
                }
            }
            // A method of the script's own class: its result is what its body returns, which
            // reads the instance's data through the members the class stored (`this.token`).
            // The instance's own taint (what its constructor was given) is left out only when
            // the constructor stores every parameter in `this` (see `stores_args`); otherwise
            // it stays on the result.
            let mut recv = recv;
            let class = func.field("object").and_then(|o| self.instance_class(o));
            if user_ret.is_some() && class.is_some_and(|c| self.stores_args.contains(&c)) {
                recv.taint = Taint::default();
            }
            let key = self.dotenv_pattern_key(func, &c);
            let recv_text = func
                .field("object")
                .map(|o| self.text(o))
                .unwrap_or_default();
            self.sink
                .store_method(c.ln, c.tail(), recv_text, c.args.len(), c.args.first());
            let mut out = self.method(&c, recv);
            if let Some(key) = key {
                out.taint.narrow_to_dotenv_key(&key);
            }
            return match user_ret {
                // Its text is one the result may hold, not the one it holds: rules that look
                // for planted code read it, while what the review cannot see stays unseen.
                Some(r) => {
                    let mut v = out;
                    v.alts.extend(r.text.into_iter().chain(r.alts));
                    crate::engine::cap_alternatives(&mut v.alts, 8);
                    v.taint.join(&r.taint);
                    // A list the method returns (`paths.all()` giving `[root, homedir()]`):
                    // its elements, for a loop or a `map` over the result.
                    if v.items.is_none() && v.handle.is_none() {
                        v.items = r.items;
                    }
                    v
                }
                None => out,
            };
        }
        let (module, tail) = (c.module(), c.tail());
        // `pipeline(res.body, createWriteStream(dest))` (`stream`, `stream/promises`): the
        // last stream, a file opened for writing, gets what the first ones carry (a download
        // saved to disk), as `res.pipe(file)` does.
        if tail == "pipeline"
            && matches!(
                module,
                "" | "stream" | "stream.promises" | "stream/promises"
            )
            && !self.scope.funcs.contains_key(tail)
            && let Some((last, rest)) = c.args.split_last()
            && let Some(Handle::File {
                path,
                write: true,
                append,
                ..
            }) = last.handle.clone()
        {
            let mut data = Val::unknown();
            for a in rest {
                data.taint.join(&a.taint);
                if matches!(a.handle, Some(Handle::Conn { .. })) {
                    data.taint.remote = true;
                }
            }
            // Whatever it carries: a file the streams fill (`pipeline(Readable.from(lines),
            // createWriteStream(dest))`) is written, as `writeFileSync(dest, text)` is.
            self.sink.write(ln, &Val::lit(path), &data, append);
            return Val::unknown().with_taint(&c.all);
        }
        // `pipeline(createReadStream(file), net.connect(...))`: the connection sends what
        // the streams before it carry.
        if tail == "pipeline"
            && matches!(
                module,
                "" | "stream" | "stream.promises" | "stream/promises"
            )
            && !self.scope.funcs.contains_key(tail)
            && let Some(at) = c
                .args
                .iter()
                .rposition(|a| matches!(a.handle, Some(Handle::Conn { .. })))
            && at > 0
            && let Some(Handle::Conn { url }) = c.args[at].handle.clone()
        {
            let mut data = Val::unknown();
            for a in &c.args[..at] {
                data.taint.join(&a.taint);
            }
            self.sink.network(ln, url.as_deref(), &data, true);
            return Val::unknown().with_taint(&c.all);
        }
        match api::lookup(module, tail) {
            Some(api) => self.dispatch(api, &c),
            None => {
                if self.scope.funcs.contains_key(tail) && module.is_empty() {
                    return self.scope.call_user(tail, &c.args);
                }
                if let Some(effect) = crate::caps::lookup(crate::caps::CALL_ROWS, &c.q) {
                    let t = crate::caps::apply(self.sink, ln, &c.q, effect);
                    return Val::unknown().with_taint(&c.all).with_taint(&t);
                }
                // `new MongoClient(uri)`, `createClient({ url })`: a store client's connection.
                if crate::store::is_store_module(&c.q) {
                    self.sink
                        .store_connect(&c.q, &c.args.iter().collect::<Vec<_>>(), &[]);
                    if let Some((recv, method)) = c.q.rsplit_once('.') {
                        self.sink
                            .store_method(ln, method, recv, c.args.len(), c.args.first());
                    }
                }
                if let Some(connection) = crate::sql::local_connection(
                    &c.q,
                    &c.args.iter().collect::<Vec<_>>(),
                    &[],
                    &c.all,
                ) {
                    return connection;
                }
                Val::unknown().with_taint(&c.all)
            }
        }
    }

    /// A function the rows of `api.rs` know handed, uncalled, to a call that calls it
    /// (`steps.forEach(cp.execSync)`, `setTimeout(execSync, 0, cmd)`, `get(url).then(exec)`,
    /// `bus.on('done', exec)`): that function's call with what the caller gives it, the
    /// receiver's elements or value, the arguments after the delay, or, for an event, a value
    /// the review does not know.
    fn handed_functions(&mut self, c: &Call<'_>, recv: Option<&Val>) {
        // The argument that is the function, and where its arguments come from.
        enum From {
            Args(usize),
            Elements,
            Value,
            Unknown,
        }
        let (at, from): (&[usize], From) = match c.tail() {
            "setTimeout" | "setInterval" => (&[0], From::Args(2)),
            "setImmediate" | "nextTick" | "queueMicrotask" => (&[0], From::Args(1)),
            "forEach" | "map" | "flatMap" | "filter" | "some" | "every" | "find" => {
                (&[0], From::Elements)
            }
            "then" | "catch" | "finally" => (&[0, 1], From::Value),
            "on" | "once" | "addListener" | "prependListener" | "addEventListener" => {
                (&[1], From::Unknown)
            }
            _ => return,
        };
        for &i in at {
            let Some(Handle::Module(f)) = c.args.get(i).and_then(|a| a.handle.clone()) else {
                continue;
            };
            let (m, t) = match crate::scope::last_dot(&f) {
                Some(d) => (&f[..d], &f[d + 1..]),
                None => ("", f.as_str()),
            };
            let Some(api) = api::lookup(m, t) else {
                continue;
            };
            let (args, arg_nodes) = match (&from, recv) {
                (From::Args(k), _) => (
                    c.args.get(*k..).unwrap_or(&[]).to_vec(),
                    c.arg_nodes.get(*k..).unwrap_or(&[]).to_vec(),
                ),
                (From::Elements, Some(r)) => {
                    let each = r
                        .items
                        .as_deref()
                        .and_then(Val::union_all)
                        .unwrap_or_default()
                        .with_taint(&r.taint);
                    (vec![each], Vec::new())
                }
                (From::Value, Some(r)) => (vec![r.clone()], Vec::new()),
                _ => (vec![Val::unknown()], Vec::new()),
            };
            let mut all = Taint::default();
            for a in &args {
                all.join(&a.taint);
            }
            let handed = Call {
                ln: c.ln,
                q: f.clone(),
                args,
                arg_nodes,
                all,
                client: None,
            };
            let _ = self.dispatch(api, &handed);
        }
    }

    /// `bus.on('step', cmd => ...)` registers the callback for the event of that emitter;
    /// `bus.emit('step', value)` calls each callback registered for it with the arguments
    /// after the event's name.
    fn event_listeners(&mut self, func: Node<'_>, c: &Call<'_>) {
        let Some(emitter) = func.field("object").map(|o| self.text(o).to_owned()) else {
            return;
        };
        if c.tail() == "register" {
            // `cleanup.register(obj, held)` of a `FinalizationRegistry`: its callback gets
            // `held` once `obj` is collected.
            let callbacks = self
                .listeners
                .get(&(emitter, super::FINALIZE.to_owned()))
                .cloned()
                .unwrap_or_default();
            let held = c.args.get(1..2).unwrap_or(&[]);
            for f in callbacks {
                let _ = self.call_function_value(&f, held);
            }
            return;
        }
        let Some(event) = c.first().known().map(str::to_owned) else {
            return;
        };
        match c.tail() {
            "on" | "once" | "addListener" | "prependListener" | "prependOnceListener" => {
                let Some(cb) = c.arg_node(1) else {
                    return;
                };
                let name = match cb.kind() {
                    "arrow_function" | "function_expression" | "function" => {
                        let name = crate::scope::anon_name(cb.start_byte());
                        let params = self.params_of(cb);
                        if params.is_empty() {
                            return;
                        }
                        self.anon_fns.insert(name.clone(), params);
                        name
                    }
                    "identifier" if self.scope.funcs.contains_key(self.text(cb)) => {
                        self.text(cb).to_owned()
                    }
                    _ => return,
                };
                let known = self.listeners.entry((emitter, event)).or_default();
                if !known.contains(&name) {
                    known.push(name);
                }
            }
            "emit" => {
                let callbacks = self
                    .listeners
                    .get(&(emitter, event))
                    .cloned()
                    .unwrap_or_default();
                let args = c.args.get(1..).unwrap_or(&[]);
                for f in callbacks {
                    let _ = self.call_function_value(&f, args);
                }
            }
            _ => {}
        }
    }

    /// A call the rows of `api.rs` know.
    /// The arguments of a call of a function of the script, those that are functions of the
    /// script (`download(url, (err, text) => ...)`, `retry(upload)`) as values that call
    /// them: the callee calling its parameter calls the function.
    /// An options object holding credentials (`password`, `token`, `apiKey`, ..., also in a
    /// nested object such as `connection`) for a client of this machine (it names a host, and
    /// every host it names is local): the object without the credentials' taint, their token
    /// variables used. `None` otherwise.
    fn client_options(&mut self, opts: &Val) -> Option<Val> {
        fn walk(v: &Val, creds: &mut Vec<Taint>, hosts: &mut Vec<Option<String>>, depth: u8) {
            for (k, f) in &v.fields {
                let key = k.to_ascii_lowercase();
                if CREDENTIAL_MEMBERS.contains(&key.as_str()) {
                    creds.push(f.taint.clone());
                } else if CLIENT_TARGETS.contains(&key.as_str()) {
                    hosts.push(f.known().map(str::to_owned));
                } else if depth < 2 && !f.fields.is_empty() {
                    walk(f, creds, hosts, depth + 1);
                }
            }
        }
        let (mut creds, mut hosts) = (Vec::new(), Vec::new());
        walk(opts, &mut creds, &mut hosts, 0);
        if creds.iter().all(|t| t.secret.is_none()) {
            return None;
        }
        fn strip(v: &Val, depth: u8) -> Val {
            let mut out = Val::unknown();
            out.text.clone_from(&v.text);
            out.alts.clone_from(&v.alts);
            for (k, f) in &v.fields {
                let key = k.to_ascii_lowercase();
                let f = match CREDENTIAL_MEMBERS.contains(&key.as_str()) {
                    true => Val::unknown(),
                    false if depth < 2 && !f.fields.is_empty() => strip(f, depth + 1),
                    false => f.clone(),
                };
                out.taint.join(&f.taint);
                out.set_field(&[k.as_str()], f);
            }
            out
        }
        let local = !hosts.is_empty()
            && hosts
                .iter()
                .all(|h| h.as_deref().is_some_and(crate::places::local_address));
        if !local {
            // Credentials handed to a client of another machine go there: judged as before.
            return None;
        }
        for t in &creds {
            if let Some(name) = t.env_var() {
                self.sink.env_token_used.insert(name.to_owned());
            }
        }
        Some(strip(opts, 0))
    }

    /// A package's function given a token under a credential member named for the token's
    /// own service (`publish({ ghToken: process.env.GH_TOKEN })`): the token handed to the
    /// package for that service is its use. The options without those members, or `None`
    /// when there is none.
    fn vendor_keyed_options(&mut self, opts: &Val) -> Option<Val> {
        fn vendor_keyed(key: &str, f: &Val) -> Option<String> {
            let key = key.to_ascii_lowercase();
            let name = f.taint.env_var()?;
            let credential = ["token", "key", "auth", "secret"]
                .iter()
                .any(|w| key.ends_with(w));
            (credential && crate::places::vendor_client(name, &key)).then(|| name.to_owned())
        }
        fn strip(v: &Val, used: &mut Vec<String>, depth: u8) -> Val {
            let mut out = Val::unknown();
            out.text.clone_from(&v.text);
            out.alts.clone_from(&v.alts);
            for (k, f) in &v.fields {
                let f = match vendor_keyed(k, f) {
                    Some(name) => {
                        used.push(name);
                        Val::unknown()
                    }
                    None if depth < 2 && !f.fields.is_empty() => strip(f, used, depth + 1),
                    None => f.clone(),
                };
                out.taint.join(&f.taint);
                out.set_field(&[k.as_str()], f);
            }
            out
        }
        if opts.fields.is_empty() {
            return None;
        }
        let mut used = Vec::new();
        let out = strip(opts, &mut used, 0);
        if used.is_empty() {
            return None;
        }
        self.sink.env_token_used.extend(used);
        Some(out)
    }

    fn function_args(&mut self, arg_nodes: &[Node<'_>], args: &[Val]) -> Vec<Val> {
        let mut out = args.to_vec();
        if arg_nodes.len() != args.len() {
            return out;
        }
        for (a, v) in arg_nodes.iter().zip(out.iter_mut()) {
            let f = match a.kind() {
                "arrow_function" | "function_expression" | "function" => {
                    let name = crate::scope::anon_name(a.start_byte());
                    // `() => join(homedir(), '.ssh')`: a function without parameters is a
                    // value too, its call giving what it returns.
                    let params = self.params_of(*a);
                    if !params.is_empty() {
                        self.anon_fns.insert(name.clone(), params);
                    }
                    name
                }
                "identifier"
                    if self.scope.funcs.contains_key(self.text(*a))
                        && self.lookup(self.text(*a)).is_none() =>
                {
                    self.text(*a).to_owned()
                }
                _ => continue,
            };
            if v.handle.is_none() {
                v.handle = Some(Handle::Func(f));
            }
        }
        out
    }

    /// `new Proxy(target, { get(t, key) { ... } })`: reading a member gives what the `get`
    /// trap returns, or the target's own member where the trap passes it through.
    fn proxy(&mut self, arg_nodes: &[Node<'_>], args: &[Val]) -> Option<Val> {
        let handler = arg_nodes.get(1).filter(|h| h.kind() == "object")?;
        let trap = named(*handler).find_map(|m| match m.kind() {
            "method_definition" => m
                .field("name")
                .filter(|n| self.text(*n) == "get")
                .map(|_| m),
            "pair" => m
                .field("key")
                .filter(|k| self.text(*k).trim_matches(['"', '\'']) == "get")
                .and_then(|_| m.field("value"))
                .filter(|f| {
                    matches!(
                        f.kind(),
                        "arrow_function" | "function_expression" | "function"
                    )
                }),
            _ => None,
        })?;
        let name = crate::scope::anon_name(trap.start_byte());
        // The trap is called with the proxied object first (`get(target, key)`): what it does
        // with `target` (`Object.entries(target)` of `process.env`) is done to that object.
        let params = self.params_of(trap);
        if let (Some(p), Some(target)) = (params.first(), args.first())
            && !p.starts_with('#')
        {
            self.scope.pass_param(&name, p, target);
        }
        self.function(name.clone(), trap);
        // A trap that gives back the target's own member (`return target[key]`,
        // `Reflect.get(target, key)`): reading `proxy.HOME` reads `target.HOME`, not all of it.
        if let Some(target) = args.first()
            && self.passes_through(trap, &params)
        {
            return Some(target.clone());
        }
        let returned = self.scope.returns.get(&name).cloned()?;
        let mut v = args.first().cloned().unwrap_or_default();
        if v.fields.is_empty() {
            return Some(returned);
        }
        for (_, f) in &mut v.fields {
            *f = f.union(&returned);
        }
        v.taint.join(&returned.taint);
        Some(v)
    }

    /// Whether every value a `get` trap returns is the member of its first parameter named by
    /// its second (`target[key]`, `Reflect.get(target, key, receiver)`), also in an arrow
    /// function's expression body. Returns of functions nested in the trap are theirs.
    fn passes_through(&self, trap: Node<'_>, params: &[String]) -> bool {
        let (Some(t), Some(k)) = (params.first(), params.get(1)) else {
            return false;
        };
        let through = |e: Node<'_>| {
            let text: String = self.text(e).split_whitespace().collect();
            text == format!("{t}[{k}]") || text.starts_with(&format!("Reflect.get({t},{k}"))
        };
        let Some(body) = trap.field("body") else {
            return false;
        };
        if body.kind() != "statement_block" {
            return through(body);
        }
        let mut returns = Vec::new();
        let mut todo = vec![body];
        while let Some(n) = todo.pop() {
            for c in named(n) {
                match c.kind() {
                    "arrow_function"
                    | "function_expression"
                    | "function"
                    | "function_declaration"
                    | "method_definition"
                    | "class_body" => {}
                    "return_statement" => returns.push(c.named_child(0)),
                    _ => todo.push(c),
                }
            }
        }
        !returns.is_empty() && returns.into_iter().all(|r| r.is_some_and(through))
    }

    /// A call of a value holding a function of the script (see [`Self::function_args`]).
    fn call_function_value(&mut self, f: &str, args: &[Val]) -> Val {
        if f.contains(crate::engine::FUNCS_SEP) {
            // One of several functions (a registry's handlers): what any of them returns.
            return crate::engine::union_of(
                f.split(crate::engine::FUNCS_SEP)
                    .map(|one| self.call_function_value(one, args)),
            );
        }
        if self.scope.funcs.contains_key(f) {
            return self.scope.call_user(f, args);
        }
        let params = self.anon_fns.get(f).cloned().unwrap_or_default();
        for (p, a) in params.iter().zip(args) {
            if !p.is_empty() {
                self.scope.pass_param(f, p, a);
            }
        }
        self.scope.returns.get(f).cloned().unwrap_or_default()
    }

    fn dispatch(&mut self, api: Api, c: &Call<'_>) -> Val {
        let ln = c.ln;
        match api {
            Api::Require => self.require(c),
            Api::RequireResolve => c.first().clone(),
            Api::CreateRequire => Val::module("require".to_owned()),
            Api::EvalCode => self.eval_code(c),
            // `execSync(cmd)` returns what the command prints; `exec(cmd, cb)` hands it to
            // the callback, and a promisified `exec` resolves to it.
            Api::ShellCommand => {
                let cmd = c.first().clone().code_or_unknown();
                self.sink
                    .exec_code_captured(ln, Language::Shell, &cmd, &format!("`{}`", c.tail()))
            }
            Api::Spawn => {
                // `spawn(cmd, opts)`: a second argument that is no list is the options,
                // written in place or held by a name (`const opts = { shell: true }`).
                let opts = c.arg_node(2).or_else(|| {
                    c.arg_node(1).filter(|n| {
                        n.kind() == "object"
                            || (matches!(n.kind(), "identifier" | "member_expression")
                                && c.second().items.is_none()
                                && !c.second().fields.is_empty())
                    })
                });
                self.spawn(ln, c.first().clone(), c.second().items.clone(), opts)
            }
            Api::Fork => {
                if let Some(p) = c.first().known() {
                    self.sink.runs_file(ln, p);
                }
                Val::unknown()
            }
            Api::Worker => {
                let evals = self
                    .prop(c.arg_node(1), "eval")
                    .is_some_and(|(v, _)| v.known() == Some("true"));
                if evals {
                    return self.eval_code(c);
                }
                if let Some(p) = c.first().known() {
                    self.sink.runs_file(ln, p);
                }
                Val::unknown()
            }
            Api::BunSpawn => {
                let items = c.first().items.clone().unwrap_or_default();
                crate::command::run_program(self.sink, ln, &items, None)
            }
            Api::DenoCommand => {
                let a = self
                    .prop(c.arg_node(1), "args")
                    .map(|(v, _)| v.items.unwrap_or_default())
                    .unwrap_or_default();
                let mut argv = vec![c.first().clone()];
                argv.extend(a);
                crate::command::run_program(self.sink, ln, &argv, None)
            }
            Api::DenoRun => {
                let argv = self
                    .prop(c.arg_node(0), "cmd")
                    .and_then(|(v, _)| v.items)
                    .unwrap_or_default();
                crate::command::run_program(self.sink, ln, &argv, None)
            }
            Api::NativeCode => {
                // `process.dlopen(module, file)`: a file written with downloaded or decoded
                // content loaded as native code is that content run.
                for p in c.args.iter().filter_map(Val::path_text) {
                    self.sink.runs_file(ln, &p);
                }
                self.sink.add(
                    ln,
                    crate::model::Category::Escape,
                    crate::model::Verdict::Suspicious,
                    "loads native code into the process",
                );
                Val::unknown()
            }
            Api::ReflectGet => self.reflect_get(c),
            Api::Output => {
                self.sink.output(ln, &Val::unknown().with_taint(&c.all));
                Val::unknown()
            }
            Api::PublicCertificate => {
                let mut v = Val::unknown().with_taint(&c.all);
                v.taint.mask();
                v
            }
            Api::HomeDir => Val::lit("~"),
            Api::TmpDir => Val::lit("/tmp"),
            Api::Cwd => Val::lit(self.sink.ctx.cwd.to_string_lossy()),
            Api::HostInfo { identity } => {
                if identity {
                    crate::caps::identity(self.sink, ln, &c.q);
                }
                Val::unknown().with_taint(&Taint {
                    host: true,
                    ..Taint::default()
                })
            }
            Api::PathJoin => {
                let parts: Vec<String> = c
                    .args
                    .iter()
                    .map(|a| a.path_text().unwrap_or_else(|| UNKNOWN.to_string()))
                    .collect();
                // Parts with alternatives (`shell === "zsh" ? ".zshrc" : ".bashrc"`, a loop
                // variable over several names): a path for each combination, at most 16.
                // More than 8 (a recursive walker's `dir` over its rounds) are widened to
                // their known starts first (`engine::cap_alternatives`), so the roots the
                // walk began at stay paths it may name.
                let mut combos: Vec<Vec<String>> = vec![parts.clone()];
                for (i, a) in c.args.iter().enumerate() {
                    // A template of such a value (`.${name}`) has a text with the part
                    // nobody knows beside its alternatives: they are what it may be.
                    let known = a.text.as_deref().is_some_and(|t| !t.contains(UNKNOWN));
                    if known || a.alts.len() < 2 {
                        continue;
                    }
                    let mut alts = a.alts.clone();
                    crate::engine::cap_alternatives(&mut alts, 8);
                    if alts.len() < 2 || combos.len() * alts.len() > 16 {
                        continue;
                    }
                    combos = combos
                        .iter()
                        .flat_map(|base| {
                            alts.iter().map(move |alt| {
                                let mut b = base.clone();
                                b[i].clone_from(alt);
                                b
                            })
                        })
                        .collect();
                }
                // Node normalises the joined path: a climb out of the script's own directory
                // (`join(__dirname, '..', '..')`) is the project directory it reached, so a
                // later `..` from it climbs out of the project (see `Context::script_root`).
                let ctx = self.sink.ctx;
                let out = combos
                    .iter()
                    .map(|ps| {
                        let joined = join_paths(ps);
                        Val::lit(ctx.script_root(&joined).unwrap_or(joined))
                    })
                    .reduce(|o, v| o.union(&v))
                    .unwrap_or_default();
                out.with_taint(&c.all)
            }
            Api::Dirname => {
                let a = c.first();
                match a.text.is_none() && !a.alts.is_empty() {
                    // A path with several values (an option's default or what a flag gives):
                    // the directory of each.
                    true => a
                        .alts
                        .iter()
                        .map(|t| Val::lit(crate::engine::parent_dir(&self.sink.ctx.cwd, t)))
                        .reduce(|o, v| o.union(&v))
                        .unwrap_or_default()
                        .with_taint(&a.taint),
                    false => Val::lit(crate::engine::parent_dir(
                        &self.sink.ctx.cwd,
                        &a.text_or_unknown(),
                    )),
                }
            }
            Api::PathRelative => match (c.first().known(), c.second().known()) {
                (Some(from), Some(to)) => match relative_path(from, to) {
                    Some(rel) => Val::lit(rel).with_taint(&c.all),
                    None => Val::unknown().with_taint(&c.all),
                },
                _ => Val::unknown().with_taint(&c.all),
            },
            Api::UrlNew => {
                let (first, base) = (c.first(), c.second());
                // No address among the values that flow into the first argument.
                let path_only = first.alts.iter().all(|a| !a.contains("://"));
                let against = |b: &str| -> Option<String> {
                    match &first.text {
                        Some(p) if !p.contains("://") => {
                            let sep = if b.ends_with('/') || p.starts_with('/') {
                                ""
                            } else {
                                "/"
                            };
                            Some(format!("{b}{sep}{p}"))
                        }
                        // A path known only at run time, against a literal base: the script
                        // names no other host (none of the values that flow here is a URL).
                        None if b.contains("://") && !b.contains(UNKNOWN) && path_only => {
                            Some(format!("{}/{UNKNOWN}", b.trim_end_matches('/')))
                        }
                        // The same against a base whose host is known and the rest not (a URL
                        // a check of its host restricted, see `crate::host_check`): its origin.
                        None if path_only => crate::engine::url_part(b, "origin")
                            .map(|origin| format!("{origin}/{UNKNOWN}")),
                        _ => None,
                    }
                };
                // `new URL(`/api${p}`, base)` with `base` one of several URLs (a setting or
                // its default): the path against each of them, when each gives one.
                let at_each = (base.text.is_none()
                    && !base.alts.is_empty()
                    && path_only
                    && first.text.as_deref().is_none_or(|p| !p.contains("://")))
                .then(|| {
                    base.alts
                        .iter()
                        .map(|b| against(b))
                        .collect::<Option<Vec<String>>>()
                })
                .flatten();
                let (text, alts) = match at_each {
                    Some(alts) => (None, alts),
                    None => {
                        let text = match &base.text {
                            Some(b) => against(b).or_else(|| first.text.clone()),
                            None => first.text.clone(),
                        };
                        // `new URL(a ? x : y)`: either URL, when each is a whole one.
                        let alts = match (&text, &base.text) {
                            (None, None) if first.alts.iter().all(|a| a.contains("://")) => {
                                first.alts.clone()
                            }
                            _ => Vec::new(),
                        };
                        (text, alts)
                    }
                };
                Val {
                    text,
                    alts,
                    ..Val::default()
                }
                .with_taint(&c.all)
            }
            Api::PathFileUrl => {
                let path = c.first();
                match path.text.as_deref() {
                    Some(p) => {
                        let url = Val::lit(format!("file://{p}")).with_taint(&path.taint);
                        let mut v = url.clone();
                        v.set_field(&["href"], url);
                        v.set_field(&["pathname"], path.clone());
                        v
                    }
                    None => Val::unknown().with_taint(&path.taint),
                }
            }
            Api::FileUrlPath => {
                let url = c.first();
                match url.text.as_deref().and_then(|t| t.strip_prefix("file://")) {
                    Some(p) => Val::lit(p).with_taint(&url.taint),
                    None => url.clone(),
                }
            }
            Api::EnvGet => match c.first().known() {
                Some(k) => self.sink.read_env(ln, k),
                None => Val::unknown(),
            },
            Api::EnvAll => Val::unknown().with_taint(&Taint {
                env: true,
                ..Taint::default()
            }),
            Api::DeepCopy => c.first().clone().with_taint(&c.all),
            Api::Collection => {
                if c.q == "JSON.stringify" {
                    // A manifest's dependencies or a lock file's sources among the members.
                    self.sink.dependency_members_of(c.first());
                }
                let mut v = Val::unknown().with_taint(&c.all);
                v.text = c
                    .first()
                    .text
                    .clone()
                    .filter(|_| c.args.len() <= 3 && c.q == "JSON.stringify");
                if c.q == "JSON.stringify"
                    && let Some(t) = &v.text
                    && c.first().fields.is_empty()
                    && c.first().items.is_none()
                    && !matches!(t.as_str(), "true" | "false" | "null")
                    && t.parse::<f64>().is_err()
                {
                    // A string serialised is the same text in double quotes: code generated
                    // with it holds a string literal.
                    v.text = Some(format!("\"{t}\""));
                }
                if c.q == "JSON.stringify"
                    && c.args.len() <= 3
                    && v.text
                        .as_deref()
                        .is_none_or(|t| t.contains(UNKNOWN) && !t.starts_with('"'))
                {
                    // JSON of data known only at run time: its strings are quoted and escaped,
                    // so code generated with it holds a literal, whatever the data says.
                    v.text = Some(format!("\"{UNKNOWN}\""));
                }
                let fields = &c.first().fields;
                if !fields.is_empty() && c.args.len() == 1 {
                    // `Object.entries(cfg)`, `.values`, `.keys` of an object whose members are
                    // known: a list of them, so a loop over it sees each member's value.
                    let items: Option<Vec<Val>> = match c.q.as_str() {
                        "Object.entries" => Some(
                            fields
                                .iter()
                                .map(|(k, f)| Val::list(vec![Val::lit(k.clone()), f.clone()]))
                                .collect(),
                        ),
                        "Object.values" => Some(fields.iter().map(|(_, f)| f.clone()).collect()),
                        "Object.keys" => {
                            Some(fields.iter().map(|(k, _)| Val::lit(k.clone())).collect())
                        }
                        _ => None,
                    };
                    if items.is_some() {
                        v.items = items;
                    }
                }
                let first = c.first();
                if fields.is_empty() && c.args.len() == 1 && first.taint.secret.is_some() {
                    // The keys of secrets parsed at run time (`Object.keys(JSON.parse(raw))`
                    // of a secrets manager's download) are their names; `Object.entries`
                    // pairs a name with a value that is still the secret.
                    let names = Val::unknown().with_taint(&first.taint.names_only());
                    match c.q.as_str() {
                        "Object.keys" => v = names,
                        "Object.entries" => {
                            let value = Val::unknown().with_taint(&first.taint);
                            v.items = Some(vec![Val::list(vec![names, value])]);
                        }
                        _ => {}
                    }
                }
                if c.q == "Object.assign" {
                    // The merged object holds the members of every part, later ones over
                    // earlier ones.
                    for a in &c.args {
                        for (k, f) in &a.fields {
                            v.set_field(&[k.as_str()], f.clone());
                        }
                    }
                    // `Object.assign(pkg.dependencies, { sharp: URL })`: each member merged
                    // into a manifest's section as if set there.
                    let section = c.arg_nodes.first().and_then(|n| {
                        let key = match (n.field("property"), n.field("index")) {
                            (Some(p), _) => self.text(p).to_owned(),
                            (None, Some(i)) => self.eval(i).known()?.to_owned(),
                            _ => return None,
                        };
                        crate::places::DEPENDENCY_SECTIONS
                            .iter()
                            .find(|s| **s == key)
                    });
                    if let Some(section) = section {
                        for a in c.args.iter().skip(1) {
                            for (k, f) in &a.fields {
                                self.sink.dependency_member(&[section, k.as_str()], f);
                            }
                        }
                    }
                    // `Object.assign(pkg.scripts, HOOKS)`, `Object.assign(pkg, { scripts })`:
                    // install hooks merged into a package's scripts.
                    let into_scripts = c.arg_nodes.first().is_some_and(|n| {
                        n.kind() == "member_expression"
                            && n.field("property")
                                .is_some_and(|p| self.text(p) == "scripts")
                    });
                    if into_scripts {
                        self.install_hooks_of(ln, &v);
                    }
                    for a in &c.args {
                        if let Some(scripts) = a.field("scripts") {
                            self.install_hooks_of(ln, scripts);
                        }
                    }
                    // The merged object holds the strings of every part.
                    let parts: Vec<&str> =
                        c.args.iter().filter_map(|a| a.text.as_deref()).collect();
                    if !parts.is_empty() {
                        v.text = Some(parts.join("\n"));
                    }
                }
                v
            }
            Api::BufferFrom => {
                let enc = c.second().known().unwrap_or("").to_ascii_lowercase();
                let mut v = Val::unknown().with_taint(&c.first().taint);
                v.text.clone_from(&c.first().text);
                if matches!(enc.as_str(), "base64" | "hex" | "base64url") {
                    v.taint.decoded = true;
                    v.text = None;
                }
                v
            }
            Api::Decode => Val::decoded(&c.all),
            Api::UrlDecode => {
                let first = c.first();
                match first.known().and_then(super::percent_decoded) {
                    Some(text) => Val::lit(text).with_taint(&first.taint),
                    None => first.clone(),
                }
            }
            Api::ShellQuote => {
                let first = c.first();
                let words: Vec<String> = match &first.items {
                    Some(items) => items.iter().map(crate::engine::shell_word).collect(),
                    None => vec![crate::engine::shell_word(first)],
                };
                Val::lit(words.join(" ")).with_taint(&c.all)
            }
            Api::JsonParse => {
                // `JSON.parse(text, reviver)`: the reviver is called with each key and value
                // of the parsed text.
                if c.arg_nodes.len() > 1 {
                    let parsed = Val::unknown().with_taint(&c.first().taint);
                    let _ = self.bind_callbacks_at(&c.arg_nodes[1..2], &parsed, 1);
                }
                Val::parsed_json(c.first(), &c.all)
            }
            Api::ReadFile => {
                let t = self.sink.read_val(ln, c.first());
                let read = Val::unknown().with_taint(&t);
                // `fs.readFile(p, 'utf8', (err, data) => ...)`: the callback's second
                // parameter is what was read.
                self.bind_node_callback(&c.arg_nodes, 1, &read);
                read
            }
            Api::Glob => {
                // The matches lie where the patterns point (under the `cwd` option when one
                // is given): a file read from one is a file of that directory.
                let base = self
                    .prop(c.arg_node(1), "cwd")
                    .and_then(|(v, _)| v.path_text());
                let first = c.first();
                let patterns: Vec<Val> = match &first.items {
                    Some(items) => items.clone(),
                    None => vec![first.clone()],
                };
                let items = patterns
                    .iter()
                    // `!**/node_modules/**`: a pattern left out, no match of its own.
                    .filter(|p| !p.known().is_some_and(|t| t.starts_with('!')))
                    .map(|p| {
                        let text = p.path_text().unwrap_or_else(|| UNKNOWN.to_string());
                        let text = match &base {
                            Some(b) if !text.starts_with(['/', '~']) => {
                                join_paths(&[b.clone(), text])
                            }
                            _ => text,
                        };
                        Val::lit(text).with_taint(&c.all)
                    })
                    .collect();
                Val::list(items)
            }
            Api::ListDir => {
                self.sink.list_dir(c.first());
                Val::unknown()
            }
            Api::MkTemp => Val::lit(format!("{}{UNKNOWN}", c.first().known().unwrap_or("/tmp/"))),
            Api::BunFile => Val {
                handle: Some(Handle::Path(
                    c.first().path_text().unwrap_or_else(|| UNKNOWN.to_string()),
                )),
                ..Val::default()
            },
            Api::WriteFile => self.write_file(c),
            Api::WriteStream => self.write_stream(c),
            Api::Delete => self.delete(c),
            Api::MakeDir => {
                // Without `recursive: true` it fails on an existing directory: a new one.
                let recursive = c
                    .second()
                    .field("recursive")
                    .and_then(Val::known)
                    .is_some_and(|r| r == "true");
                if recursive || c.q.contains("ensureDir") || c.q.contains("mkdirp") {
                    self.sink.make_dir(c.first());
                } else {
                    self.sink.make_new_dir(c.first());
                }
                Val::unknown()
            }
            Api::Copy => self.copy(c),
            Api::Chmod => self.chmod(c),
            Api::Chown => {
                self.sink.chown(ln, c.first());
                Val::unknown()
            }
            Api::OpenFd => self.open_fd(c),
            Api::ReadFd => {
                // `fs.readSync(fd, buf)`: the buffer now holds what the file holds.
                let fd = c.first().clone();
                if let Some(buf) = c.arg_node(1).filter(|n| n.kind() == "identifier") {
                    let name = self.text(buf).to_owned();
                    let v = self.lookup(&name).unwrap_or_default().with_taint(&fd.taint);
                    self.bind(&name, v);
                }
                Val::unknown()
            }
            Api::Fetch => self.fetch(c),
            Api::Axios => self.axios(c),
            Api::HttpRequest => self.http_request(c),
            Api::NetConnect { opens } => {
                // `createTransport({host: "smtp.example.net"})`: the options' host first (the
                // object's own text names no host).
                // An options object built earlier (`tls.connect(COLLECTOR, cb)`) too: its
                // text is its members', no host.
                let from_options = c
                    .arg_node(0)
                    .filter(|n| n.kind() == "object" || !c.first().fields.is_empty())
                    .and_then(|_| self.prop(c.arg_node(0), "host"))
                    .and_then(|(v, _)| v.known().map(str::to_owned));
                let host = from_options.or_else(|| {
                    c.args
                        .iter()
                        .filter(|a| a.fields.is_empty())
                        .find_map(|a| {
                            a.known()
                                .filter(|t| t.parse::<u32>().is_err())
                                .map(str::to_owned)
                        })
                        .or_else(|| {
                            self.prop(c.arg_node(0), "host")
                                .and_then(|(v, _)| v.known().map(str::to_owned))
                        })
                });
                if opens {
                    self.sink.connect(ln, host.as_deref());
                }
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            Api::WebSocket => {
                let url = c.first().known().map(str::to_owned);
                self.sink.connect(ln, url.as_deref());
                Val {
                    handle: Some(Handle::Conn { url }),
                    ..Val::default()
                }
            }
            Api::Datagram => Val {
                handle: Some(Handle::Conn { url: None }),
                ..Val::default()
            },
            // `new dns.Resolver()`: a resolver whose methods are the module's lookups.
            Api::Resolve if c.tail() == "Resolver" => Val::module(c.module().to_owned()),
            Api::Resolve => {
                self.sink.dns(ln, c.first());
                Val::unknown()
            }
        }
    }
}

/// `list` holding `items` and then what `push(args)` adds (each value once, at most 16), with
/// the data of each.
fn pushed(mut list: Val, mut items: Vec<Val>, args: &[Val]) -> Val {
    for a in args {
        if items.len() < 16 && !items.contains(a) {
            items.push(a.clone());
        }
        list.taint.join(&a.taint);
    }
    list.items = Some(items);
    list
}

/// The method `Array.prototype.map.call(s, ...)` (also `String.prototype.X.call`,
/// `[].X.call`) borrows to call on its first argument.
fn prototype_method_called(callee: &str) -> Option<&str> {
    let m = callee.strip_suffix(".call")?;
    let m = ["Array.prototype.", "String.prototype.", "[]."]
        .iter()
        .find_map(|p| m.strip_prefix(p))?;
    m.chars()
        .all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
        .then_some(m)
}

/// The array `recv` becomes after `push`, `unshift` or `splice(at, n, ...items)` inserts
/// values with text into it: a known list gets them at their place (`splice` at a known
/// index, elements deleted kept: the review never forgets a value), an array of elements the
/// review does not know (`src.split("\n")` of a file read) is those elements around the
/// inserted ones. `None` when nothing with text is inserted, or `push`/`unshift` onto a
/// known list (the caller's own rule).
fn inserted_into(method: &str, recv: &Val, args: &[Val]) -> Option<Val> {
    let new: &[Val] = match method {
        "push" | "unshift" => args,
        "splice" => args.get(2..).unwrap_or_default(),
        _ => return None,
    };
    if recv.handle.is_some()
        || new.is_empty()
        || !new.iter().any(|a| a.text.is_some() || !a.alts.is_empty())
    {
        return None;
    }
    let mut list = recv.clone();
    for a in new {
        list.taint.join(&a.taint);
    }
    let items = match (&recv.items, method) {
        (Some(_), "push" | "unshift") => return None,
        (Some(old), _) => {
            let at = args
                .first()
                .and_then(Val::known)
                .and_then(|t| t.parse::<usize>().ok())
                .map_or(old.len(), |i| i.min(old.len()));
            let mut items = old.clone();
            for (k, a) in new.iter().enumerate() {
                items.insert(at + k, a.clone());
            }
            items.truncate(16);
            items
        }
        (None, _)
            if recv
                .text
                .as_deref()
                .is_some_and(|t| t.chars().any(|c| c != UNKNOWN)) =>
        {
            return None;
        }
        (None, _) => {
            let rest = Val::unknown().with_taint(&recv.taint);
            let mut items = Vec::with_capacity(new.len() + 2);
            if method != "unshift" {
                items.push(rest.clone());
            }
            items.extend(new.iter().cloned());
            if method != "push" {
                items.push(rest);
            }
            items
        }
    };
    list.text = None;
    list.items = Some(items);
    Some(list)
}

/// `path.relative(from, to)` of two paths from the same root (both absolute or both in the home
/// directory): `..` for each part of `from` past what they share, then the rest of `to`
/// (`path.relative('~/.cache', '~')` is `..`). `None` when the roots differ.
fn relative_path(from: &str, to: &str) -> Option<String> {
    let parts = |p: &str| -> Option<(String, Vec<String>)> {
        let (root, rest) = if let Some(r) = p
            .strip_prefix('~')
            .filter(|r| r.is_empty() || r.starts_with('/'))
        {
            ("~", r)
        } else {
            ("/", p.strip_prefix('/')?)
        };
        let mut out: Vec<String> = Vec::new();
        for part in rest.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    out.pop();
                }
                p => out.push(p.to_owned()),
            }
        }
        Some((root.to_owned(), out))
    };
    let (from_root, from) = parts(from)?;
    let (to_root, to) = parts(to)?;
    if from_root != to_root {
        return None;
    }
    let shared = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut out: Vec<String> = vec!["..".to_owned(); from.len() - shared];
    out.extend(to[shared..].iter().cloned());
    Some(out.join("/"))
}
