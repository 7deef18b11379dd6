//! Python calls: the arguments are evaluated, the callee named (`os.system`, a method of a
//! value, a function of the script), and the call dispatched by its row in `api.rs`.

use super::api::{self, Api};
use super::{Py, env_token_name, is_credential_keyword, line, named};
use crate::engine::{Handle, Sink, Taint, Val};
use crate::places::UNKNOWN;
use crate::scope::{Map, dotted};
use crate::ts::Node;

/// Keyword arguments that name where a client connects.
const TARGET_KEYWORDS: &[&str] = &[
    "host", "hostname", "server", "url", "endpoint", "base_url", "dsn", "conninfo", "uri",
];

/// The module name a `operator.methodcaller(name)` value stands for (`<this>.name`).
const METHOD_CALLER: &str = "operator.methodcaller";

/// The method a call names unbound, of the class of its first argument: `pathlib.Path.read_text`
/// (`Path.read_text(p)` is `p.read_text()`), and what `operator.methodcaller(name)` made.
fn unbound_method(q: &str) -> Option<&str> {
    [
        "pathlib.Path.",
        "pathlib.PurePath.",
        "pathlib.PosixPath.",
        "operator.methodcaller.",
    ]
    .iter()
    .find_map(|p| q.strip_prefix(p))
    .filter(|m| !m.is_empty() && !m.contains('.'))
}

/// A call with its arguments evaluated.
pub(super) struct Call<'t> {
    pub(super) node: Node<'t>,
    pub(super) ln: u32,
    /// The qualified name of the callee (`os.system`, `print`).
    pub(super) q: String,
    pub(super) args: Vec<Val>,
    pub(super) arg_nodes: Vec<Node<'t>>,
    pub(super) kwargs: Map<String, Val>,
    pub(super) kw_nodes: Map<String, Node<'t>>,
    /// The data of every argument (credentials handed to their own client left out).
    pub(super) all: Taint,
    /// The HTTP client object the callee is a method of (`session.get`): its base URL and the
    /// credentials it was configured with.
    pub(super) client: Option<Val>,
}

impl Call<'_> {
    /// Keyword argument `kw`, else positional argument `i`.
    pub(super) fn arg(&self, i: usize, kw: &str) -> Val {
        self.kwargs
            .get(kw)
            .cloned()
            .or_else(|| self.args.get(i).cloned())
            .unwrap_or_default()
    }

    /// The first positional argument.
    pub(super) fn first(&self) -> Val {
        self.args.first().cloned().unwrap_or_default()
    }

    /// The last component of the callee's name.
    pub(super) fn tail(&self) -> &str {
        match crate::scope::last_dot(&self.q) {
            Some(i) => &self.q[i + 1..],
            None => &self.q,
        }
    }

    /// An unknown value carrying the data of every argument.
    pub(super) fn all_val(&self) -> Val {
        Val::unknown().with_taint(&self.all)
    }
}

impl Py<'_, '_, '_> {
    pub(super) fn call(&mut self, node: Node<'_>) -> Val {
        let ln = line(node);
        let func = node.field("function");
        let mut args: Vec<Val> = Vec::new();
        let mut arg_nodes: Vec<Node<'_>> = Vec::new();
        let mut kwargs: Map<String, Val> = Map::default();
        let mut kw_nodes: Map<String, Node<'_>> = Map::default();
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
                            // `dict(os.environ, OPENAI_BASE_URL=...)`, `env.update(...)`.
                            self.sink.setting(line(c), &k, &v);
                            kwargs.insert(k, v);
                        }
                        "comment" => {}
                        // `f(**opts)`: each known member of the dictionary is the keyword
                        // argument of its name; the data of the rest (a dictionary nobody
                        // knows the keys of) is an argument too.
                        "dictionary_splat" => {
                            let v = c.named_child(0).map(|x| self.eval(x)).unwrap_or_default();
                            let mut rest = v.taint.clone();
                            for (k, x) in &v.fields {
                                if !kwargs.contains_key(k) {
                                    kw_nodes.insert(k.clone(), c);
                                    kwargs.insert(k.clone(), x.clone());
                                }
                            }
                            if v.fields.is_empty()
                                && let Some(items) = &v.items
                            {
                                for x in items {
                                    rest.join(&x.taint);
                                }
                            }
                            if rest != Taint::default() {
                                kwargs.insert("**".to_owned(), Val::unknown().with_taint(&rest));
                            }
                        }
                        // `f(*parts)`: a literal list's elements are the arguments (also
                        // `f(*step.argv)`, parsed as the attribute of `*step`).
                        k if k == "list_splat" || super::leading_splat(c) => {
                            let v = match k {
                                "list_splat" => {
                                    c.named_child(0).map(|x| self.eval(x)).unwrap_or_default()
                                }
                                _ => self.eval(c),
                            };
                            match v.items {
                                Some(items) if items.len() <= 16 => {
                                    for item in items {
                                        args.push(item.with_taint(&v.taint));
                                        arg_nodes.push(c);
                                    }
                                }
                                _ => {
                                    args.push(Val::unknown().with_taint(&v.taint));
                                    arg_nodes.push(c);
                                }
                            }
                        }
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
        // `os.environ.setdefault("ANTHROPIC_BASE_URL", url)`, `os.putenv(...)`.
        if let [key, value, ..] = args.as_slice()
            && let Some(key) = key.known()
            && func
                .field("attribute")
                .is_some_and(|a| matches!(self.text(a), "setdefault" | "putenv"))
        {
            let key = key.to_owned();
            self.sink.setting(ln, &key, value);
        }
        // `loop.run_in_executor(None, f, *args)`, `pool.submit(f, *args)`,
        // `asyncio.to_thread(f, *args)`: the executor calls the function it is given with the
        // arguments after it.
        if let Some(i) = self.executor_target(func, &args, &arg_nodes) {
            let target = arg_nodes[i];
            let rest = args.split_off(i + 1);
            let rest_nodes = arg_nodes.split_off(i + 1);
            return self.call_with(node, ln, target, rest, rest_nodes, kwargs, kw_nodes);
        }
        let parses = super::api::DERIVING_CALLS.contains(&self.text(func));
        let mut v = self.call_with(node, ln, func, args, arg_nodes, kwargs, kw_nodes);
        if parses {
            // What a parser, a number or a match gives of a file's text is derived from it.
            v.taint.derived();
        }
        v
    }

    /// `cmd.append(x)`, `cmd.extend([...])`, `lines.insert(0, x)` of a list held by a
    /// variable: the variable's list now holds them too. Whether the call was one.
    fn list_add(&mut self, c: &Call<'_>, recv: &Val, receiver_node: Option<Node<'_>>) -> bool {
        // A list whose elements are not known one by one (`paths = glob.glob(...)`,
        // `sorted(...)`): what it held is one element, shaped like the value, beside
        // what is added to it.
        let listed = match (&recv.items, recv.handle.is_none()) {
            (None, true)
                if matches!(c.tail(), "append" | "extend" | "insert")
                    && !(recv.is_blank() && recv.taint == Taint::default()) =>
            {
                Some(vec![recv.clone()])
            }
            (items, _) => items.clone(),
        };
        if matches!(c.tail(), "append" | "extend" | "insert")
            && recv.handle.is_none()
            && let Some(items) = &listed
            && let Some(r) = receiver_node.filter(|r| r.kind() == "identifier")
        {
            // `cmd.append(x)`, `cmd.extend([...])`: the list (an argv) now holds them.
            let mut items = items.clone();
            let added: Vec<Val> = match (c.tail(), c.args.last()) {
                ("extend", Some(a)) => match &a.items {
                    Some(more) => more.clone(),
                    None => vec![Val::lit(UNKNOWN.to_string()).with_taint(&a.taint)],
                },
                (_, Some(a)) => vec![a.clone()],
                _ => Vec::new(),
            };
            for a in added {
                if items.len() < 16 && !items.contains(&a) {
                    items.push(a);
                }
            }
            let mut list = recv.clone().with_taint(&c.all);
            list.items = Some(items);
            let name = self.text(r).to_owned();
            self.scope.assign(&name, list);
            return true;
        }
        false
    }

    /// Which argument of an executor's call (`run_in_executor`, `submit`, `to_thread`, an exit
    /// stack's `callback`) is the function it runs, when that argument is one the walk can
    /// call: a function or method of the script, or a known API function.
    fn executor_target(
        &self,
        func: Node<'_>,
        args: &[Val],
        arg_nodes: &[Node<'_>],
    ) -> Option<usize> {
        let name = match func.kind() {
            "attribute" => func.field("attribute").map(|a| self.text(a))?,
            "identifier" => self.text(func),
            _ => return None,
        };
        // A function or method of the script of that name is its own.
        let own = |m: &str| {
            self.scope.funcs.contains_key(m)
                || self
                    .class_methods
                    .values()
                    .any(|ms| ms.iter().any(|x| x == m))
        };
        // `from atexit import register`: the bare name stands for the module's function.
        let imported = |q: &str| {
            func.kind() == "identifier"
                && matches!(
                    self.scope.get(name).and_then(|v| v.handle.as_ref()),
                    Some(Handle::Module(m)) if m == q
                )
        };
        // `module.name(...)` of that module, or the name imported from it.
        let of = |module: &str| {
            func.field("object").is_some_and(|o| self.text(o) == module)
                || imported(&dotted(module, name))
        };
        // The name first: it rules out almost every call without a look at the script's
        // functions.
        let i = match name {
            "run_in_executor" => 1,
            // `atexit.register(final, path)`: called with the arguments after it at exit.
            // `stack.callback(f, *args)` of an `ExitStack`: called so when the block ends.
            "submit" | "to_thread" | "callback" | "push_callback" => 0,
            // An event loop's `call_soon(f, *args)`, `call_later(delay, f, *args)`,
            // `call_at(when, f, *args)`: called with the arguments after it.
            "call_soon" | "call_soon_threadsafe" => 0,
            "call_later" | "call_at" => 1,
            // `weakref.finalize(obj, f, *args)`: called with the arguments after it when the
            // object is collected (at the latest at exit).
            "finalize" if of("weakref") => 1,
            "register" if of("atexit") => 0,
            _ => return None,
        };
        let bare = func.kind() == "identifier"
            && name != "to_thread"
            && !imported("weakref.finalize")
            && !imported("atexit.register");
        if own(name) || bare {
            return None;
        }
        let (v, n) = (args.get(i)?, *arg_nodes.get(i)?);
        // Each argument has a node of its own (not one of a `*list` splat).
        if arg_nodes.get(i + 1).is_some_and(|m| *m == n) || (i > 0 && arg_nodes[i - 1] == n) {
            return None;
        }
        let callable = match (&v.handle, n.kind()) {
            (Some(Handle::Func(_) | Handle::Module(_)), "identifier" | "attribute") => true,
            (_, "identifier") => self.scope.funcs.contains_key(self.text(n)),
            // `self.upload`, `facts.attach`: a method of the script's classes.
            (_, "attribute") => n.field("attribute").is_some_and(|a| own(self.text(a))),
            _ => false,
        };
        callable.then_some(i)
    }

    /// A call of `func` with arguments already evaluated.
    #[allow(clippy::too_many_arguments)]
    fn call_with<'n>(
        &mut self,
        node: Node<'n>,
        ln: u32,
        func: Node<'n>,
        mut args: Vec<Val>,
        mut arg_nodes: Vec<Node<'n>>,
        mut kwargs: Map<String, Val>,
        kw_nodes: Map<String, Node<'n>>,
    ) -> Val {
        let mut client = None;
        let (qual, receiver, receiver_node) = match func.kind() {
            "identifier" => {
                let name = self.text(func);
                if let Some(fields) = self.classes.get(name) {
                    // `Client(token, base=API)`: the instance's fields hold the arguments.
                    let given: Vec<(String, Val)> = fields
                        .iter()
                        .enumerate()
                        .filter_map(|(i, f)| {
                            let v = kwargs.get(f).or_else(|| args.get(i))?;
                            Some((format!("self.{f}"), v.clone()))
                        })
                        .collect();
                    let class = name.to_owned();
                    for (k, v) in given {
                        self.store_field_of(Some(&class), k, v);
                    }
                }
                match self.scope.get(name) {
                    Some(Val {
                        handle: Some(Handle::Module(m)),
                        items,
                        fields,
                        ..
                    }) => {
                        if let Some(bound) = items {
                            // A `functools.partial` of it: the bound arguments come first;
                            // of an `operator.methodcaller(name, *bound)`, after the object
                            // whose method it calls (`op(lines)` is `lines.name(*bound)`).
                            let at = match m.starts_with(METHOD_CALLER) && !args.is_empty() {
                                true => 1,
                                false => 0,
                            };
                            arg_nodes.splice(at..at, bound.iter().map(|_| func));
                            args.splice(at..at, bound.iter().cloned());
                            for (k, x) in fields {
                                kwargs.entry(k.clone()).or_insert_with(|| x.clone());
                            }
                        }
                        (m.clone(), None, None)
                    }
                    // `cls = WRITERS[kind]; cls(pkg)`: a class of the script, called.
                    Some(Val {
                        handle: Some(Handle::Instance(class)),
                        ..
                    }) if !self.scope.funcs.contains_key(name)
                        && !self.class_methods.contains_key(name) =>
                    {
                        (class.clone(), None, None)
                    }
                    // `job = JOBS[name]; job()`: what the function returns.
                    Some(Val {
                        handle: Some(Handle::Lambda(r)),
                        ..
                    }) if !self.scope.funcs.contains_key(name) => return (**r).clone(),
                    // `def apply(fn, x): fn(x)` given a function of the script: that call.
                    Some(Val {
                        handle: Some(Handle::Func(f)),
                        items,
                        ..
                    }) if !self.scope.funcs.contains_key(name) => {
                        let f = f.clone();
                        // A `functools.partial` of it: the bound arguments come first.
                        if let Some(bound) = items {
                            args.splice(0..0, bound.iter().cloned());
                        }
                        self.keyword_arguments(&f, &kwargs);
                        return self.scope.call_user(&f, &args);
                    }
                    _ if self.scope.funcs.contains_key(name) => {
                        let name = name.to_owned();
                        self.keyword_arguments(&name, &kwargs);
                        let r = self.scope.call_user(&name, &args);
                        // `env("GITHUB_TOKEN")`: a helper reading the variable it is given.
                        if let Some(k) = self
                            .scope
                            .env_getter(&name)
                            .and_then(|i| args.get(i))
                            .and_then(Val::known)
                        {
                            let k = k.to_owned();
                            return self.sink.read_env(ln, &k);
                        }
                        // Objects the function put data into hold it here too.
                        for (i, t) in self.scope.passed_back(&name) {
                            if let Some(a) = arg_nodes.get(i).filter(|a| a.kind() == "identifier") {
                                let n = self.text(*a);
                                let v = self.lookup(n).unwrap_or_default();
                                if let Some(Handle::Memory { into: Some(b) }) = &v.handle {
                                    // An archive in memory filled by the helper: its buffer
                                    // holds the data too.
                                    let b = b.clone();
                                    let buf = self.lookup(&b).unwrap_or_default();
                                    self.scope.taint_object(&b, &buf, &t);
                                }
                                if matches!(
                                    v.handle,
                                    None | Some(Handle::Memory { .. } | Handle::Instance(_))
                                ) {
                                    self.scope.taint_object(n, &v, &t);
                                }
                            }
                        }
                        return r;
                    }
                    _ => (name.to_owned(), None, None),
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
                    // `p.stdin.write(code)` of a `Popen(["sh"], stdin=PIPE)`: the program reads it.
                    Some(Handle::Module(m))
                        if m == crate::command::CHILD_STDIN
                            && matches!(attr.as_str(), "write" | "writelines") =>
                    {
                        crate::command::write_to_child(self.sink, ln, &obj, args.first());
                        return Val::unknown();
                    }
                    Some(Handle::Module(m)) => {
                        let q = dotted(m, &attr);
                        if m == super::net::CLIENT {
                            client = Some(obj.clone());
                        } else if m
                            .strip_suffix(".headers")
                            .is_some_and(|c| c == super::net::CLIENT)
                            && attr == "update"
                            && let Some(holder) = obj_node.and_then(|o| o.field("object"))
                        {
                            // `session.headers.update({...})`: the client now sends them.
                            let t = args.iter().fold(Taint::default(), |mut t, a| {
                                t.join(&a.taint);
                                t
                            });
                            self.client_holds(holder, &t);
                        }
                        (q, None, None)
                    }
                    _ => {
                        // `self.run_shell(cmd)` after `self.run_shell = run_shell` was given a
                        // function of the script (or a known API function): that call.
                        match self.eval(func).handle {
                            Some(Handle::Func(f)) if obj.handle.is_none() => {
                                self.keyword_arguments(&f, &kwargs);
                                return self.scope.call_user(&f, &args);
                            }
                            Some(Handle::Module(m))
                                if obj.handle.is_none()
                                    && (m.contains('.') || api::lookup(&m).is_some()) =>
                            {
                                (m, None, None)
                            }
                            _ => (dotted("?", &attr), Some(obj), obj_node),
                        }
                    }
                }
            }
            _ => {
                let f = self.eval(func);
                match f.handle {
                    Some(Handle::Module(m)) => (m, None, None),
                    // `JOBS[name]()`: what the function picked returns.
                    Some(Handle::Lambda(r)) => return (*r).with_taint(&f.taint),
                    Some(Handle::Func(name)) => {
                        self.keyword_arguments(&name, &kwargs);
                        return self.scope.call_user(&name, &args);
                    }
                    _ => ("?".to_owned(), None, None),
                }
            }
        };
        let q = qual
            .strip_prefix("builtins.")
            .map(str::to_owned)
            .unwrap_or(qual);
        // Credentials handed to a client (`OpenAI(api_key=...)`, `Github(token)`) are consumed
        // by it: they are not in what the call returns. A token given to its own vendor's client
        // is its use.
        let vendor_call = |sink: &mut Sink<'_>, v: &Val| -> bool {
            let Some(name) = env_token_name(&v.taint) else {
                return false;
            };
            let used = crate::places::vendor_client(name, &q);
            if used {
                sink.env_token_used.insert(name.to_owned());
            }
            used
        };
        // `hmac.new(key, msg, digestmod)`, `jwt.encode(claims, key)`, `jwt.decode(token, key)`
        // with a secret from the environment as the key (a webhook's signing secret checking a
        // payload): the key signs or checks a message and stays in the process; the digest or
        // token does not give it away.
        let key_at = match q.as_str() {
            "hmac.new" | "hmac.digest" | "hmac.HMAC" => Some(0),
            "jwt.encode" | "jwt.decode" => Some(1),
            _ => None,
        };
        let hmac_key = |sink: &mut Sink<'_>, v: &Val| -> bool {
            match (key_at, env_token_name(&v.taint)) {
                (Some(_), Some(name)) => {
                    sink.env_token_used.insert(name.to_owned());
                    true
                }
                _ => false,
            }
        };
        let mut all = Taint::default();
        for (i, a) in args.iter().enumerate() {
            let used = vendor_call(self.sink, a) || (key_at == Some(i) && hmac_key(self.sink, a));
            if !used {
                all.join(&a.taint);
            }
        }
        // The map does not keep the order written: walk in name order, so the secret that
        // `Taint::join` keeps (the first) is the same in every run.
        let mut by_name: Vec<_> = kwargs.iter().collect();
        by_name.sort_unstable_by(|a, b| a.0.cmp(b.0));
        // Where the call connects, when it says: a client given a password or token by its
        // credential keyword (`connect(host="localhost", password=pw)`) logs in with it.
        let local_target = kwargs
            .iter()
            .filter(|(k, _)| TARGET_KEYWORDS.contains(&k.as_str()))
            .map(|(_, v)| v)
            .chain(
                args.iter()
                    .filter(|a| a.text.as_deref().is_some_and(|t| t.contains("://"))),
            )
            .all(|v| v.known().is_some_and(crate::places::local_address));
        for (k, v) in by_name {
            let vendor = vendor_call(self.sink, v) || (k == "key" && hmac_key(self.sink, v));
            if !vendor && !is_credential_keyword(k) {
                all.join(&v.taint);
            } else if !vendor
                && local_target
                && let Some(name) = env_token_name(&v.taint)
            {
                self.sink.env_token_used.insert(name.to_owned());
            }
        }
        let c = Call {
            node,
            ln,
            q,
            args,
            arg_nodes,
            kwargs,
            kw_nodes,
            all,
            client,
        };
        // `s3.list_objects_v2(Bucket=b, Prefix=p)`, `s3.delete_objects(...)`: the keyword
        // arguments are the request's options.
        let mut options = Val::unknown();
        for (k, v) in &c.kwargs {
            options.set_field(&[k], v.clone());
        }
        self.sink.object_store_call(ln, c.tail(), &options);
        if c.tail() == "delete"
            && let Some(r) = receiver_node.map(|r| self.text(r))
            && (r.ends_with(".objects.all()") || r.ends_with(".objects"))
        {
            // boto3's `bucket.objects.all().delete()`: every object of the bucket.
            self.sink
                .whole_bucket_delete(ln, &format!("every object of the bucket ({r})"));
        }
        let own_method = match receiver.as_ref().map(|r| &r.handle) {
            Some(Some(Handle::Instance(class))) => self.class_has(class, c.tail()),
            // `item.path()` of a member of one of the script's enums: the enum's method.
            _ if receiver.as_ref().is_some_and(super::stmt::enum_member) => {
                self.enums.iter().any(|e| self.class_has(e, c.tail()))
            }
            // `self.context()` (or `super().context()`) in a method: a method of the script's classes.
            Some(_)
                if receiver_node
                    .is_some_and(|r| matches!(self.text(r), "self" | "cls" | "super()")) =>
            {
                self.class_methods
                    .values()
                    .any(|ms| ms.iter().any(|m| m == c.tail()))
            }
            _ => false,
        };
        if own_method {
            // `client.get("/user")` on an instance of the script's own class: what the method
            // returns (a response), not the credentials the instance holds; data given to a
            // method stays in the instance (`r.add(secret)`) and may come back in its result.
            let m = c.tail().to_owned();
            if c.all != Taint::default()
                && let Some(recv) = &receiver
                && let Some(r) = receiver_node.filter(|r| r.kind() == "identifier")
            {
                self.scope.taint_object(self.text(r), recv, &c.all);
            }
            // What the instance holds comes back too, but for a token read from the
            // environment: a client's credentials, which its methods send as such (a request
            // sending it elsewhere is judged there), not the data its methods return.
            let mut held = receiver
                .as_ref()
                .map(|r| r.taint.clone())
                .unwrap_or_default();
            if super::env_token_name(&held).is_some() {
                held.secret = None;
                held.mixed = false;
            }
            let result = self.scope.call_user(&m, &c.args);
            let result = match receiver_node.filter(|r| self.text(*r) == "super()") {
                Some(_) => self.base_method_returns(&m).unwrap_or(result),
                None => result,
            };
            return result.with_taint(&c.all).with_taint(&held);
        }
        if let Some(recv) = receiver {
            if self.list_add(&c, &recv, receiver_node) {
                return Val::unknown();
            }
            if c.all.carries()
                && matches!(recv.handle, None | Some(Handle::Instance(_)))
                && !crate::scope::keeps_receiver(c.tail())
                && let Some(r) = receiver_node.filter(|r| r.kind() == "identifier")
            {
                // `parser.read_string(secret)`, `lines.append(secret)`: the object now holds it.
                self.scope.taint_object(self.text(r), &recv, &c.all);
            }
            if c.all != Taint::default()
                && recv.handle.is_none()
                && !crate::scope::keeps_receiver(c.tail())
                && let Some(r) = receiver_node.filter(|r| r.kind() == "attribute")
            {
                // `self.items.append(secret)` in a method: the attribute holds it wherever the
                // script reads it.
                let key = self.text(r).to_owned();
                let v = self
                    .field(&key, self.class_now.as_deref())
                    .cloned()
                    .unwrap_or_default();
                self.store_field(key, v.with_taint(&c.all));
            }
            // (Only a script that imported a store client has a store to destroy: most method
            // calls are of other objects, and the name is a clone of the first argument.)
            if self.sink.store_db {
                let recv_text = receiver_node.map(|r| self.text(r)).unwrap_or_default();
                self.sink.store_method(
                    c.ln,
                    c.tail(),
                    recv_text,
                    c.args.len() + c.kwargs.len(),
                    store_name(&c).as_ref(),
                );
            }
            return self.method(&c, recv, receiver_node);
        }
        // `os.environ.update({...})`, `mock.patch.dict(os.environ, {...})` named by module.
        if c.q == "os.environ.update" {
            self.env_setters(&c, "update", &Val::module("os.environ"));
        } else if c.q.ends_with("patch.dict") {
            self.env_setters(&c, "dict", &Val::unknown());
        }
        if matches!(
            c.q.as_str(),
            "dataclasses.field" | "attr.ib" | "attr.attrib" | "attrs.field" | "attr.field"
        ) {
            // `stale: list = field(default_factory=lambda: ["~/x"])`: the field holds its
            // default, or what the factory returns, wherever no call passes one.
            if let Some(d) = c.kwargs.get("default") {
                return d.clone();
            }
            if let Some(f) = c.kwargs.get("default_factory").or(c.kwargs.get("factory")) {
                return match &f.handle {
                    Some(Handle::Lambda(r)) => (**r).clone(),
                    Some(Handle::Func(name)) => {
                        let name = name.clone();
                        self.scope.call_user(&name, &[])
                    }
                    // `session: requests.Session = field(default_factory=requests.Session)`:
                    // a client of the script's own, as `requests.Session()` makes one.
                    Some(Handle::Module(m)) if matches!(api::lookup(m), Some(Api::HttpClient)) => {
                        Val::module(super::net::CLIENT)
                    }
                    // `base: Path = field(default_factory=Path.home)`: the directory the
                    // factory names, as calling it does.
                    Some(Handle::Module(m))
                        if matches!(
                            api::lookup(m),
                            Some(Api::PathHome | Api::Cwd { .. } | Api::TempDir)
                        ) =>
                    {
                        let api = api::lookup(m);
                        match api {
                            Some(api) => self.dispatch(api, &c),
                            None => Val::unknown(),
                        }
                    }
                    _ => Val::unknown(),
                };
            }
            return Val::unknown();
        }
        match api::lookup(&c.q) {
            Some(api) => self.dispatch(api, &c),
            // `operator.methodcaller("read_text")`: a function that calls that method of what
            // it is given.
            // `operator.methodcaller("insert", 0, line)`: the arguments after the name are
            // given to the method after those of the call.
            None if c.q == "operator.methodcaller" && c.first().known().is_some() => {
                let mut v =
                    Val::module(dotted(METHOD_CALLER, c.first().known().unwrap_or_default()));
                if (2..=9).contains(&c.args.len()) {
                    v.items = Some(c.args[1..].to_vec());
                }
                v.with_taint(&c.all)
            }
            // `pathlib.Path.read_text(p)` (also through `functools.partial` or a
            // `methodcaller`): the method of its first argument, as `p.read_text()` is.
            None if unbound_method(&c.q).is_some() && !c.args.is_empty() => {
                let method = unbound_method(&c.q).unwrap_or_default();
                let recv = c.first();
                let bound = Call {
                    node: c.node,
                    ln: c.ln,
                    q: dotted("?", method),
                    args: c.args[1..].to_vec(),
                    arg_nodes: c.arg_nodes.get(1..).map(<[_]>::to_vec).unwrap_or_default(),
                    kwargs: c.kwargs.clone(),
                    kw_nodes: c.kw_nodes.clone(),
                    all: c.all.clone(),
                    client: None,
                };
                let recv_node = c.arg_nodes.first().copied();
                // `methodcaller("insert", 0, line)(lines)`: the list `lines` holds `line`.
                if self.list_add(&bound, &recv, recv_node) {
                    return Val::unknown();
                }
                self.method(&bound, recv, recv_node)
            }
            None => {
                let (q, tail) = (c.q.as_str(), c.tail());
                if self.scope.funcs.contains_key(tail) && !q.contains('.') {
                    let tail = tail.to_owned();
                    self.keyword_arguments(&tail, &c.kwargs);
                    return self.scope.call_user(&tail, &c.args);
                }
                if !q.contains('.')
                    && q.split(crate::engine::FUNCS_SEP)
                        .all(|c| self.class_methods.contains_key(c))
                {
                    // An instance of the script's class: it holds its arguments' data.
                    let mut v = c.all_val();
                    v.handle = Some(Handle::Instance(q.to_owned()));
                    if self.init_takes_the_arguments(q) {
                        // The script's only `__init__` takes the call's arguments.
                        self.scope.call_user("__init__", &c.args);
                    }
                    return v;
                }
                if let Some(effect) = crate::caps::lookup(crate::caps::CALL_ROWS, q) {
                    return self.row_call(c.ln, q, effect, &c.args, c.all_val());
                }
                if q == "shutil.which"
                    && c.args.len() == 1
                    && !c.kwargs.contains_key("path")
                    && c.first()
                        .text
                        .iter()
                        .chain(&c.first().alts)
                        .all(|n| !n.is_empty() && !n.contains('/') && !n.contains(UNKNOWN))
                    && (c.first().text.is_some() || !c.first().alts.is_empty())
                {
                    // `shutil.which("openssl")` (or a helper's `shutil.which(name)` of known
                    // names): where that program is on PATH, so running it runs the program
                    // looked up, as `$(command -v openssl)` does.
                    return Val {
                        text: c.first().text.clone(),
                        alts: c.first().alts.clone(),
                        ..Val::default()
                    };
                }
                let keywords: Vec<(&str, &Val)> =
                    c.kwargs.iter().map(|(k, v)| (k.as_str(), v)).collect();
                // `MongoClient(uri)`, `utility.drop_collection(name)`: a store client's
                // connection, or a call of its module that destroys a store.
                if crate::store::is_store_module(q) {
                    self.sink
                        .store_connect(q, &c.args.iter().collect::<Vec<_>>(), &keywords);
                    if let Some((recv, method)) = q.rsplit_once('.') {
                        self.sink.store_method(
                            c.ln,
                            method,
                            recv,
                            c.args.len() + c.kwargs.len(),
                            store_name(&c).as_ref(),
                        );
                    }
                }
                if let Some(connection) = crate::sql::local_connection(
                    q,
                    &c.args.iter().chain(c.kwargs.values()).collect::<Vec<_>>(),
                    &keywords,
                    &c.all,
                ) {
                    return connection;
                }
                // Unknown function: its result may carry its arguments' data.
                c.all_val()
            }
        }
    }

    /// A call the rows of `api.rs` know.
    fn dispatch(&mut self, api: Api, c: &Call<'_>) -> Val {
        match api {
            Api::Output => self.print(c),
            Api::PublicCertificate => {
                let mut v = Val::unknown().with_taint(&c.all);
                v.taint.mask();
                v
            }
            Api::Logger => Val::module("logging"),
            Api::Open => {
                let mode = c.arg(1, "mode").known().unwrap_or("r").to_owned();
                self.open(c.ln, &c.arg(0, "file"), &mode)
            }
            Api::OpenArchive => self.open_archive(c),
            Api::PathNew => self.path_new(c),
            Api::PathHome => Val {
                handle: Some(Handle::Path("~".into())),
                ..Val::default()
            },
            Api::Cwd { path_object } => {
                let cwd = self.sink.ctx.cwd.to_string_lossy().into_owned();
                if path_object {
                    Val {
                        handle: Some(Handle::Path(cwd)),
                        ..Val::default()
                    }
                } else {
                    Val::lit(cwd)
                }
            }
            // `bytes(b ^ KEY for b in SEED)`: bytes computed from a number table by xor, a
            // text hidden in the script and decoded at run time.
            Api::PathAsIs
                if matches!(c.q.as_str(), "bytes" | "bytearray")
                    && c.arg_nodes.first().is_some_and(|a| {
                        matches!(
                            a.kind(),
                            "generator_expression" | "list_comprehension" | "call"
                        ) && a
                            .field("body")
                            .or_else(|| a.field("arguments"))
                            .is_some_and(|b| xor_in(b, self.src))
                    }) =>
            {
                Val::decoded(&c.all)
            }
            Api::PathAsIs => {
                let a = c.first();
                let as_is = |t: &str| {
                    self.sink
                        .ctx
                        .script_root(t)
                        .unwrap_or_else(|| t.replace("$HOME", "~"))
                };
                match a.path_text() {
                    // `str(target)` of a path object several paths flowed into (a helper's
                    // parameter given each entry of a list): each of them, not the first.
                    Some(t)
                        if matches!(&a.handle, Some(Handle::Path(h)) if *h == t)
                            && a.alts.len() > 1
                            && a.alts.contains(&t) =>
                    {
                        Val {
                            alts: a.alts.iter().map(|p| as_is(p)).collect(),
                            ..Val::default()
                        }
                        .with_taint(&a.taint)
                    }
                    // `os.path.abspath(os.path.join(HERE, "..", ".."))`: a climb out of the
                    // script's own directory names the project directory it reached (see
                    // `Context::script_root`).
                    Some(t) => Val::lit(as_is(&t)).with_taint(&a.taint),
                    None => a,
                }
            }
            Api::PathJoin => {
                // A part with several values (a helper's parameter given several names):
                // the path is each of the joins, up to 16.
                let mut paths = crate::engine::join_each(
                    vec![Vec::new()],
                    c.args
                        .iter()
                        .map(|a| match (a.path_text(), a.alts.is_empty()) {
                            (None, false) => a.alts.clone(),
                            (t, _) => vec![t.unwrap_or_else(|| UNKNOWN.to_string())],
                        }),
                );
                match paths.len() {
                    1 => Val::lit(paths.remove(0)).with_taint(&c.all),
                    _ => Val {
                        alts: paths,
                        ..Val::default()
                    }
                    .with_taint(&c.all),
                }
            }
            Api::Dirname => {
                let t = c
                    .args
                    .first()
                    .and_then(Val::path_text)
                    .unwrap_or_else(|| UNKNOWN.to_string());
                Val::lit(crate::engine::parent_dir(&self.sink.ctx.cwd, &t))
            }
            Api::Glob => {
                // The matches lie where the pattern points: a list of paths each shaped like
                // it, so one picked from it (`glob(...)[0]`) is such a path too.
                let pattern = c.arg(0, "pathname");
                let text = pattern.path_text();
                // Names found on disk are text whoever wrote the files chose: the project's
                // own under its working tree (as its files' text is), others' anywhere else
                // (a temporary or home directory, an archive or clone the script fetched).
                let project = text.as_deref().is_some_and(|t| {
                    matches!(
                        self.sink.resolve(t).place,
                        crate::places::Place::WorkTree | crate::places::Place::WorkTreeRoot
                    ) && !self.sink.is_remote_file(t)
                });
                let each = Val::lit(text.unwrap_or_else(|| UNKNOWN.to_string()))
                    .with_taint(&c.all)
                    .with_taint(&Taint {
                        found: !project,
                        ..Taint::default()
                    });
                Val {
                    items: Some(vec![each.clone()]),
                    ..each
                }
            }
            Api::Walk => {
                // Each root is `top` or a directory under it, so a name joined to it lies
                // under `top` (`os.remove(os.path.join(root, f))` deletes in `top`'s tree).
                let top = c.arg(0, "top");
                // A top of several values (a helper's parameter given a project directory by
                // one call and a home directory by another): each is a root.
                // So is a top joined from such a value (`base + "/assetstore"` of a setting
                // defaulting to `/opt/dspace`): each path it may be.
                let tops = top.path_alternatives();
                let root = match (top.path_text(), top.alts.is_empty()) {
                    (None, false) => Val {
                        alts: top.alts.clone(),
                        ..Val::default()
                    },
                    _ if tops.len() > 1 => Val {
                        alts: tops,
                        ..Val::default()
                    },
                    (t, _) => Val::lit(t.unwrap_or_else(|| UNKNOWN.to_string())),
                }
                .with_taint(&c.all);
                let names = Val::list(vec![Val::unknown()]);
                Val::list(vec![Val::list(vec![root, names.clone(), names])])
            }
            // `fd, path = tempfile.mkstemp(suffix=".py")`: the descriptor and the path name the
            // same new file (one of its own, so what is written through `os.fdopen(fd)` is
            // what `runpy.run_path(path)` runs).
            Api::TempDir if c.tail() == "mkstemp" => {
                let suffix = c.arg(0, "suffix").known().unwrap_or("").to_owned();
                let dir = temp_parent(c, 2);
                let file = Val::lit(format!("{dir}/{UNKNOWN}-{}{suffix}", c.ln));
                Val::list(vec![file.clone(), file])
            }
            Api::TempDir if c.tail() == "gettempdir" => Val::lit(format!("/tmp/{UNKNOWN}")),
            Api::TempDir => Val::lit(format!("{}/{UNKNOWN}", temp_parent(c, 2))),
            // A file of its own (`NamedTemporaryFile(suffix=".py")`): what is written to it is
            // what runs when its `name` is run.
            Api::TempFile => Val {
                handle: Some(Handle::File {
                    path: format!(
                        "{}/{UNKNOWN}-{}{}",
                        temp_parent(c, 6),
                        c.ln,
                        c.kwargs.get("suffix").and_then(Val::known).unwrap_or("")
                    ),
                    write: true,
                    append: false,
                    confined: false,
                }),
                ..Val::default()
            },
            Api::MakeDir => {
                // Without `exist_ok=True` it fails on an existing directory: a new one.
                if c.arg(2, "exist_ok").known() == Some("True") {
                    self.sink.make_dir(&c.arg(0, "name"));
                } else {
                    self.sink.make_new_dir(&c.arg(0, "name"));
                }
                Val::unknown()
            }
            Api::Delete { recursive } => {
                self.sink.delete(c.ln, &c.arg(0, "path"), recursive);
                Val::unknown()
            }
            Api::Copy => self.copy(c),
            Api::MakeArchive => {
                // The directory archived: `root_dir` (the working directory when not given)
                // with `base_dir` under it. The archive, written beside `base_name` with the
                // format's suffix, holds what the directory holds; the call returns its path.
                let root = match c.kwargs.get("root_dir").or(c.args.get(2)) {
                    Some(r) => r.clone(),
                    None => Val::lit("."),
                };
                let dir = match c.kwargs.get("base_dir").or(c.args.get(3)) {
                    Some(b) => root.concat(&Val::lit("/")).concat(b),
                    None => root,
                };
                let mut held = self.sink.read_val(c.ln, &dir);
                held.join(&dir.taint);
                let archive = c
                    .arg(0, "base_name")
                    .concat(&Val::lit(format!(".{UNKNOWN}")));
                self.sink
                    .write(c.ln, &archive, &Val::unknown().with_taint(&held), false);
                Val::lit(archive.text_or_unknown())
            }
            Api::Move => {
                self.copy(c);
                self.sink.moved(c.ln, &c.arg(0, "src"), &c.arg(1, "dst"));
                Val::unknown()
            }
            Api::Chown => {
                self.sink.chown(c.ln, &c.arg(0, "path"));
                Val::unknown()
            }
            Api::OsOpen => {
                let flags = c
                    .arg_nodes
                    .get(1)
                    .map(|n| self.text(*n).to_owned())
                    .unwrap_or_default();
                let mode = if flags.contains("O_APPEND") {
                    "a"
                } else if flags.contains("O_RDWR") {
                    "r+"
                } else if flags.contains("O_WRONLY")
                    || flags.contains("O_CREAT")
                    || flags.contains("O_TRUNC")
                {
                    "w"
                } else {
                    "r"
                };
                self.open(c.ln, &c.arg(0, "path"), mode)
            }
            Api::ReadsFile { default } => {
                let arg = c.first();
                let mut paths: Vec<String> = match &arg.items {
                    Some(items) => items.iter().filter_map(Val::path_text).collect(),
                    // Each path the argument may be (a helper called with several names).
                    None if !arg.alts.is_empty() => arg.path_alternatives(),
                    None => arg.path_text().into_iter().collect(),
                };
                if paths.is_empty() {
                    paths.extend(default.map(str::to_owned));
                }
                let mut v = Val::unknown().with_taint(&arg.taint);
                for p in paths {
                    let t = self.sink.read_path(c.ln, &p);
                    v.taint.join(&t);
                }
                v
            }
            Api::Chmod => self.chmod_call(c),
            Api::Dump => self.dump(c),
            Api::Reduce => self.reduce(c),
            Api::MapFilter => self.map_filter(c),
            Api::CsvWriter => c.first(),
            Api::FdWrite => {
                // A file descriptor: where it points is rarely known (`mkstemp`).
                let fd = c.arg(0, "fd");
                let path = Val::lit(fd.path_text().unwrap_or_else(|| UNKNOWN.to_string()));
                self.sink.write(c.ln, &path, &c.arg(1, "data"), false);
                Val::unknown()
            }
            Api::Dotenv => {
                let path = c
                    .args
                    .first()
                    .and_then(Val::path_text)
                    .unwrap_or_else(|| ".env".to_owned());
                let t = self.sink.read_path(c.ln, &path);
                Val::unknown().with_taint(&t)
            }
            Api::IniParser => {
                // `ConfigParser(defaults={"home": str(Path.home())})`: the values every
                // section's `%(name)s` may name.
                let mut v = Val::unknown().with_taint(&c.all);
                let mut defaults = Val::unknown();
                if let Some(d) = c.kwargs.get("defaults").or(c.args.first()) {
                    defaults.fields.clone_from(&d.fields);
                }
                v.set_field(&["DEFAULT"], defaults);
                v
            }
            Api::EnvGet => self.env_get(c),
            Api::Collection {
                keeps_text,
                env,
                keeps_items,
            } => {
                let mut v = c.all_val();
                if keeps_text {
                    v.text = c.args.first().and_then(|a| a.text.clone());
                }
                if c.q == "json.dumps"
                    && let Some(a) = c.args.first()
                {
                    // A manifest's dependencies or a lock file's sources among the members.
                    self.sink.dependency_members_of(a);
                }
                if c.q == "json.dumps" && v.text.as_deref().is_none_or(|t| t.contains(UNKNOWN)) {
                    // JSON of data known only at run time: its strings are quoted and escaped,
                    // so code generated with it holds a literal, whatever the data says.
                    v.text = Some(format!("\"{UNKNOWN}\""));
                }
                if matches!(c.q.as_str(), "dict" | "copy.copy" | "copy.deepcopy") {
                    // `dict(DEFAULTS)`, `copy.deepcopy(cfg)`: a copy holds the same members
                    // (and `dict(base, key=v)` the keywords over them).
                    if let Some(a) = c.args.first() {
                        v.fields.clone_from(&a.fields);
                    }
                    if c.q == "dict" {
                        for (k, x) in &c.kwargs {
                            v.set_field(&[k.as_str()], x.clone());
                        }
                        // `dict(values, token="***")` over a dict whose private data all lies in
                        // its members: the copy holds what its members now hold, not the token
                        // the keyword replaced.
                        if let Some(base) = c.args.first()
                            && c.args.len() == 1
                            && !c.kwargs.is_empty()
                            && base.taint.private()
                            && members_taint(&base.fields) == base.taint
                        {
                            let mut t = members_taint(&v.fields);
                            for x in c.kwargs.values() {
                                t.join(&x.taint);
                            }
                            v.taint = t;
                        }
                    }
                }
                if env {
                    v.taint.env = true;
                }
                if keeps_items {
                    // Each element keeps what the collection holds (`files.append(secret)`).
                    let t = v.taint.clone();
                    v.items = c
                        .args
                        .first()
                        .and_then(|a| a.items.clone())
                        .map(|items| items.into_iter().map(|i| i.with_taint(&t)).collect());
                    // `sorted(root.iterdir())`, `list(ROOT.glob("*.egg-info"))`: the paths a
                    // listing gives, still each a path under its directory.
                    if let Some(a) = c.args.first().filter(|a| a.items.is_none())
                        && matches!(a.handle, Some(Handle::Path(_)))
                        && c.q != "set"
                    {
                        v.handle.clone_from(&a.handle);
                        v.alts.clone_from(&a.alts);
                    }
                }
                v
            }
            Api::Identity => {
                crate::caps::identity(self.sink, c.ln, &c.q);
                Val::unknown().with_taint(&Taint {
                    host: true,
                    ..Taint::default()
                })
            }
            Api::SecretStore {
                what,
                clipboard,
                finding,
            } => self.secret_store(c, what, clipboard, finding),
            // Unpickling data embedded in the script that names `os.system` runs it.
            Api::Decode
                if c.tail() == "loads"
                    && (c.q.contains("pickle") || c.q.starts_with("dill."))
                    && crate::caps::deserialized_code(self.sink, c.ln, &c.q, &c.first()) =>
            {
                Val::unknown()
            }
            // Unpickling runs what the data names: downloaded data unpickled is downloaded code.
            Api::Decode
                if c.all.remote
                    && c.tail() == "loads"
                    && (c.q.contains("pickle") || c.q.starts_with("dill.")) =>
            {
                self.sink.exec_code(
                    c.ln,
                    crate::model::Language::Python,
                    &Val::remote(),
                    "unpickling downloaded data",
                );
                Val::unknown()
            }
            // `chr(cp)` of a `range` loop's counter: a code point table, not a hidden text.
            Api::Decode
                if c.q == "chr"
                    && c.all == Taint::default()
                    && c.arg_nodes.first().is_some_and(|a| {
                        a.kind() == "identifier" && self.counters.contains(self.text(*a))
                    }) =>
            {
                Val::unknown()
            }
            Api::Decode => Val::decoded(&c.all),
            Api::JsonLoads => Val::parsed_json(&c.first(), &c.all),
            Api::Count => Val::unknown(),
            Api::Enumerate => {
                // `for i, (mtime, path) in enumerate(entries)`: each pair holds a count and an
                // element, so the element keeps the paths and values the sequence had.
                // Each element also holds what the sequence as a whole holds (a list written
                // with a literal fallback, `chunks = [...] or ["empty"]`, and a secret's chunks).
                let first = c.first();
                let pair = |elem: Val| Val::list(vec![Val::unknown(), elem.with_taint(&c.all)]);
                match &first.items {
                    Some(items) => Val::list(items.iter().cloned().map(pair).collect()),
                    None => Val::list(vec![pair(Val {
                        text: first.text.clone(),
                        taint: first.taint.clone(),
                        alts: first.alts.clone(),
                        handle: first
                            .handle
                            .clone()
                            .filter(|h| matches!(h, Handle::Path(_))),
                        ..Val::default()
                    })]),
                }
                .with_taint(&c.all)
            }
            Api::Chain => {
                // `itertools.chain(project_paths(), tool_state_paths())`: a loop over it sees
                // the elements of every part; a part whose elements are not known is one
                // element nobody knows, holding what the part holds.
                let mut v = c.all_val();
                let mut items: Vec<Val> = Vec::new();
                for a in &c.args {
                    match &a.items {
                        Some(xs) => items.extend(xs.iter().cloned()),
                        None => items.push(Val::unknown().with_taint(&a.taint)),
                    }
                }
                items.truncate(32);
                v.items = Some(items);
                v
            }
            Api::Reversed => {
                // A known string reversed is its characters backwards (`"".join(reversed(s))`);
                // a literal list, its elements backwards.
                let first = c.first();
                let items = match (&first.items, first.known()) {
                    (Some(items), _) => Some(items.iter().rev().cloned().collect()),
                    (None, Some(t)) if t.len() <= 256 => {
                        Some(t.chars().rev().map(|ch| Val::lit(ch.to_string())).collect())
                    }
                    _ => None,
                };
                match items {
                    Some(items) => Val::list(items).with_taint(&c.all),
                    None => c.all_val(),
                }
            }
            Api::ShellQuote { join } => {
                let first = c.first();
                let words = match (&first.items, join) {
                    (Some(items), true) => items.iter().map(crate::engine::shell_word).collect(),
                    (None, true) => vec![format!("'{UNKNOWN}'")],
                    (_, false) => vec![crate::engine::shell_word(&first)],
                };
                Val::lit(words.join(" ")).with_taint(&c.all)
            }
            Api::ReSub => {
                // The result is the old text with the replacement in it.
                let repl = c.arg(1, "repl");
                let text = c.arg(2, "string");
                Val::lit(format!("{UNKNOWN}{}{UNKNOWN}", repl.text_or_unknown()))
                    .with_taint(&text.taint)
                    .with_taint(&repl.taint)
            }
            Api::Input => Val::lit(UNKNOWN.to_string()),
            Api::YamlLoad => self.yaml_load(c),
            Api::ExecCode => self.exec_code(c),
            Api::Interpreter => Val::module(c.q.clone()),
            Api::RunPath => {
                // `spec_from_file_location(name, path)` / `SourceFileLoader(name, path)`: the
                // module loaded from the file is run when it is executed.
                let file = match c.tail() {
                    "spec_from_file_location" => c.arg(1, "location"),
                    "SourceFileLoader" => c.arg(1, "path"),
                    _ => c.first(),
                };
                // A path of several alternatives (a helper returning the project's own
                // file or the one it downloaded): the file run may be any of them.
                for p in file.path_alternatives() {
                    self.sink.runs_file(c.ln, &p);
                }
                Val::unknown()
            }
            Api::Getattr => self.getattr(c),
            Api::Import => self.import_call(c),
            // `vars(os)`: the namespace of that module (`vars(os)["environ"]` is
            // `os.environ`); `globals()` and `vars()` the script's own, with the builtins.
            Api::Namespace => match c.args.first().map(|a| &a.handle) {
                Some(Some(Handle::Module(m))) => Val::module(m.clone()),
                _ => Val::module("builtins"),
            },
            // `os.system(cmd)` prints to the terminal; the others return what it prints.
            Api::ShellCommand => {
                let cmd = c.first().code_or_unknown();
                let how = format!("`{}`", c.q);
                let shell = crate::model::Language::Shell;
                if c.q == "os.system" {
                    self.sink.exec_code(c.ln, shell, &cmd, &how);
                    Val::unknown()
                } else {
                    self.sink.exec_code_captured(c.ln, shell, &cmd, &how)
                }
            }
            Api::Subprocess(argv) => self.subprocess(c, argv),
            Api::Dup2 => self.dup2(c),
            Api::Detach => self.detach(c),
            Api::Http => self.http(c.ln, c.tail(), &c.args, &c.kwargs, c.client.as_ref()),
            Api::HttpClient => self.http_client(c),
            Api::Urlopen => self.urlopen(c),
            Api::UrlRequest => self.url_request(c),
            Api::UrlRetrieve => self.url_retrieve(c),
            Api::RpcProxy => Val {
                handle: Some(Handle::Rpc {
                    url: c.arg(0, "uri").known().map(str::to_owned),
                }),
                ..Val::default()
            },
            Api::Connection { opens } => {
                let host = c.arg(0, "host").known().map(str::to_owned);
                if opens {
                    self.sink
                        .network(c.ln, host.as_deref(), &Val::unknown(), false);
                }
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            Api::SameConnection => match c.first().handle {
                Some(Handle::Conn { .. }) => c.first().clone(),
                _ => Val {
                    handle: Some(Handle::Conn { url: None }),
                    ..Val::default()
                },
            },
            Api::Socket => Val {
                handle: Some(Handle::Conn { url: None }),
                ..Val::default()
            },
            Api::CreateConnection => {
                let host = c.args.first().and_then(Val::address_host);
                self.sink.connect(c.ln, host.as_deref());
                Val {
                    handle: Some(Handle::Conn { url: host }),
                    ..Val::default()
                }
            }
            Api::Resolve => {
                self.sink.dns(c.ln, &c.first());
                Val::unknown()
            }
            Api::Server => {
                let host = c.args.first().and_then(Val::address_host);
                self.listens(c.ln, host.as_deref());
                let handler = c.arg(1, "RequestHandlerClass");
                // `lambda *a, **kw: SimpleHTTPRequestHandler(*a, directory=d, **kw)`: the
                // handler the lambda makes.
                let made_by = |f: &str| self.scope.returns.get(f).cloned();
                let handler = match &handler.handle {
                    Some(Handle::Lambda(made)) => (**made).clone(),
                    Some(Handle::Func(f)) => made_by(f).unwrap_or(handler),
                    _ => match c.arg_nodes.get(1).filter(|n| n.kind() == "identifier") {
                        Some(n) if self.scope.funcs.contains_key(self.text(*n)) => {
                            made_by(self.text(*n)).unwrap_or(handler)
                        }
                        _ => handler,
                    },
                };
                if let Some(dir) = handler.field("directory") {
                    let dir = dir.clone();
                    self.serves_directory(c.ln, host.as_deref(), &dir);
                }
                Val::unknown()
            }
            Api::FileHandler => {
                let mut v = Val::module(c.q.clone());
                if let Some(d) = c.kwargs.get("directory") {
                    v.fields.push(("directory".to_owned(), d.clone()));
                }
                v
            }
            // `partial(SimpleHTTPRequestHandler, directory=d)` keeps its keywords (below).
            Api::Partial
                if c.args.len() == 1
                    && (c.kwargs.is_empty()
                        || !matches!(c.first().handle, Some(Handle::Module(_)))) =>
            {
                c.first()
            }
            // `functools.partial(requests.post, URL)`, `functools.partial(send, URL)`: a module
            // function or a function of the script with its first arguments bound, given to it
            // again first wherever the partial is called (`post(payload)` is `send(URL,
            // payload)`). A module function also keeps the keywords and the data bound.
            Api::Partial
                if c.args.len() <= 9
                    && matches!(
                        c.args.first().and_then(|f| f.handle.as_ref()),
                        Some(Handle::Module(_) | Handle::Func(_))
                    ) =>
            {
                let mut v = c.first();
                v.items = Some(c.args[1..].to_vec());
                if matches!(v.handle, Some(Handle::Module(_))) {
                    for (k, x) in &c.kwargs {
                        v.fields.push((k.clone(), x.clone()));
                    }
                    v = v.with_taint(&c.all);
                }
                v
            }
            Api::Partial => c.all_val(),
            Api::StartTarget => {
                let target = c.kwargs.get("target").cloned().unwrap_or_default();
                let args = c.kwargs.get("args").and_then(|a| a.items.clone());
                self.call_target(c, &target, c.kw_nodes.get("target").copied(), args);
                Val::unknown()
            }
            Api::TimerTarget => {
                // `Timer(interval, function, args=None, kwargs=None)`: by position or by name.
                let (target, node) = match c.kwargs.get("function") {
                    Some(f) => (f.clone(), c.kw_nodes.get("function").copied()),
                    None => (
                        c.args.get(1).cloned().unwrap_or_default(),
                        c.arg_nodes.get(1).copied(),
                    ),
                };
                let args = c
                    .kwargs
                    .get("args")
                    .or_else(|| c.args.get(2))
                    .and_then(|a| a.items.clone());
                self.call_target(c, &target, node, args);
                Val::unknown()
            }
            Api::NativeLibrary => {
                self.native_library(c);
                Val::unknown()
            }
        }
    }

    /// `f(*args)` for a function given as a value (`Thread(target=shutil.rmtree, args=(p,))`):
    /// a function of a module by its row, one of the script's own with its parameters.
    fn call_target(
        &mut self,
        c: &Call<'_>,
        target: &Val,
        target_node: Option<Node<'_>>,
        args: Option<Vec<Val>>,
    ) {
        let args = args.unwrap_or_default();
        let mut all = Taint::default();
        for a in &args {
            all.join(&a.taint);
        }
        match &target.handle {
            Some(Handle::Module(q)) => {
                let sub = Call {
                    node: c.node,
                    ln: c.ln,
                    q: q.clone(),
                    args,
                    arg_nodes: Vec::new(),
                    kwargs: Map::default(),
                    kw_nodes: Map::default(),
                    all,
                    client: None,
                };
                if let Some(api) = api::lookup(q) {
                    self.dispatch(api, &sub);
                } else if let Some(effect) = crate::caps::lookup(crate::caps::CALL_ROWS, q) {
                    self.row_call(sub.ln, q, effect, &sub.args, sub.all_val());
                }
            }
            _ => {
                if let Some(name) = target_node
                    .filter(|n| n.kind() == "identifier")
                    .map(|n| self.text(n).to_owned())
                    .filter(|n| self.scope.funcs.contains_key(n))
                {
                    self.scope.call_user(&name, &args);
                }
            }
        }
    }

    /// `map(f, items)` and `filter(f, items)`: `f` (a lambda, a module's function or one of
    /// the script's) called with the element of `items`, as a loop over them would
    /// (`map(lambda p: os.remove(p), old)`). `map` gives the list of what `f` returns,
    /// `filter` the items themselves.
    pub(super) fn map_filter(&mut self, c: &Call<'_>) -> Val {
        let (Some(f), Some(seq)) = (c.arg_nodes.first().copied(), c.args.get(1)) else {
            return c.all_val();
        };
        let elem = match seq.items.as_deref().filter(|i| !i.is_empty()) {
            Some(items) => Val::element_of(items),
            None => Val {
                text: seq.text.clone(),
                alts: seq.alts.clone(),
                handle: seq.handle.clone().filter(|h| matches!(h, Handle::Path(_))),
                ..Val::default()
            },
        }
        .with_taint(&seq.taint);
        if c.q == "map"
            && matches!(self.text(f), "str" | "os.fspath")
            && seq.items.as_deref().is_some_and(|i| !i.is_empty())
        {
            // `list(map(str, argv))`: each element as text, the same words in the same order
            // (a command's argv stays that command).
            return seq.clone();
        }
        if c.q == "map" && self.text(f) == "chr" {
            // `map(chr, (101, 120, ...))`: text spelled as code points, decoded as `chr(n)`
            // is; of literal numbers the characters themselves, so `"".join(...)` is the
            // name it hides (`getattr(builtins, ...)`).
            let char_of = |v: &Val| {
                v.known()
                    .and_then(|t| t.parse::<u32>().ok())
                    .and_then(char::from_u32)
            };
            let mut out = match seq.items.as_deref() {
                Some(items) if !items.is_empty() && items.iter().all(|i| char_of(i).is_some()) => {
                    Val::list(
                        items
                            .iter()
                            .filter_map(char_of)
                            .map(|ch| Val::lit(ch.to_string()))
                            .collect(),
                    )
                }
                _ => Val::list(vec![Val::decoded(&c.all)]),
            };
            out.taint.join(&c.all);
            out.taint.decoded = true;
            if let Some(items) = out.items.as_mut() {
                for i in items {
                    i.taint.decoded = true;
                }
            }
            return out;
        }
        let result = match (f.kind(), f.field("parameters"), f.field("body")) {
            ("lambda", Some(params), Some(body)) => {
                let params: Vec<Node<'_>> = named(params).collect();
                if let [p] = params.as_slice() {
                    self.bind_target(*p, elem.clone());
                }
                self.eval(body)
            }
            ("lambda", _, _) => Val::unknown(),
            _ => {
                let target = c.args.first().cloned().unwrap_or_default();
                self.call_target(c, &target, Some(f), Some(vec![elem.clone()]));
                Val::unknown()
            }
        }
        .with_taint(&c.all);
        match c.q.as_str() {
            "filter" => seq.clone(),
            _ => Val::list(vec![result.clone()]).with_taint(&result.taint),
        }
    }

    /// A native library loaded: one from a temporary directory or a downloaded file is code the
    /// script brought (dangerous), one by a path the review does not know may be (suspicious);
    /// a library by its name alone is the system's.
    fn native_library(&mut self, c: &Call<'_>) {
        use crate::model::{Category, Verdict};
        use crate::places::Place;
        let path = c.arg(0, "name");
        let text = path.path_text().unwrap_or_else(|| UNKNOWN.to_string());
        if path.known().is_some_and(|t| !t.contains('/')) {
            return;
        }
        let downloaded = self.sink.is_remote_file(&text);
        let place = self.sink.resolve(&text).place;
        let (verdict, why) = if downloaded || path.taint.remote {
            (
                Verdict::Dangerous,
                "loads a downloaded native library into the process",
            )
        } else if matches!(place, Place::Tmp) {
            (
                Verdict::Dangerous,
                "loads a native library from a temporary directory into the process",
            )
        } else if matches!(place, Place::System) || matches!(place, Place::WorkTree) {
            return;
        } else {
            (
                Verdict::Suspicious,
                "loads a native library the review cannot place into the process",
            )
        };
        self.sink.add(c.ln, Category::Escape, verdict, why);
    }

    /// A call the capability tables know.
    pub(super) fn row_call(
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
            // `jsonpickle.decode(BLOB)` of data the script holds that names `os.system`.
            Effect::Deserialize if crate::caps::deserialized_code(self.sink, ln, q, &first) => {
                result
            }
            Effect::Deserialize
                if matches!(&first.handle, Some(Handle::File { path, .. })
                    if !path.contains(UNKNOWN) && !matches!(self.sink.resolve(path).place, crate::places::Place::Outside | crate::places::Place::Home | crate::places::Place::System)) =>
            {
                result
            }
            Effect::RunFile => {
                let p = first.path_text().unwrap_or_else(|| UNKNOWN.to_string());
                for alt in first.path_alternatives() {
                    self.sink.runs_file(ln, &alt);
                }
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
}

impl Py<'_, '_, '_> {
    /// The keyword arguments of a call of the script's function `name`: each one its
    /// parameter of that name takes, the rest the members of its `**kw` dictionary.
    fn keyword_arguments(&mut self, name: &str, kwargs: &Map<String, Val>) {
        if kwargs.is_empty() {
            return;
        }
        let params = self.scope.funcs.get(name).cloned().unwrap_or_default();
        let mut rest: Vec<(&String, &Val)> = Vec::new();
        let mut by_name: Vec<_> = kwargs.iter().collect();
        by_name.sort_unstable_by(|a, b| a.0.cmp(b.0));
        for (k, v) in by_name {
            if params.contains(k) {
                self.scope.add_param_value(name, k, v.clone());
            } else {
                rest.push((k, v));
            }
        }
        if let Some(kw) = self.kw_params.get(name).cloned()
            && !rest.is_empty()
        {
            let mut dict = Val::unknown();
            for (k, v) in rest {
                dict.set_field(&[k.as_str()], v.clone());
            }
            self.scope.add_param_value(name, &kw, dict);
        }
    }
}

/// An `^` operator (xor) anywhere in an expression.
fn xor_in(node: Node<'_>, src: &str) -> bool {
    if node.kind() == "binary_operator"
        && node.field("operator").and_then(|o| src.get(o.byte_range())) == Some("^")
    {
        return true;
    }
    node.named_children().any(|k| xor_in(k, src))
}

/// The directory a `tempfile` call makes its file or directory in: the system's temp dir, or
/// the `dir` it is given (argument `at` when passed by position), which may be anywhere
/// (`mkstemp(dir=config_dir)` then `os.replace` is the atomic write of a file in `config_dir`).
/// A `dir` whose value is not known is no temp dir.
fn temp_parent(c: &Call<'_>, at: usize) -> String {
    if !c.kwargs.contains_key("dir") && c.args.len() <= at {
        return "/tmp".to_owned();
    }
    let dir = c.arg(at, "dir");
    if dir.known() == Some("None") {
        return "/tmp".to_owned();
    }
    dir.path_text().filter(|t| !t.is_empty()).map_or_else(
        || UNKNOWN.to_string(),
        |t| t.trim_end_matches('/').to_owned(),
    )
}

/// What the members of a dict hold together.
fn members_taint(fields: &[(String, Val)]) -> Taint {
    let mut t = Taint::default();
    for (_, x) in fields {
        t.join(&x.taint);
    }
    t
}

/// The value naming what a store client's call acts on: its first positional argument, or
/// the keyword argument that names a collection, an index or a database.
fn store_name(c: &Call<'_>) -> Option<Val> {
    c.args.first().cloned().or_else(|| {
        ["collection_name", "name", "index", "name_or_database"]
            .iter()
            .find_map(|k| c.kwargs.get(*k).cloned())
    })
}
