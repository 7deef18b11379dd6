//! Python expressions: strings and f-strings, names, attributes, subscripts, operators,
//! collections and comprehensions, and names looked up at run time.

use super::{Py, interpreter_path, line, named};
use crate::engine::{Handle, Taint, Val, join_paths};
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;
use crate::scope::{EXEC_NAMES, unescape};
use crate::ts::Node;

impl Py<'_, '_, '_> {
    /// Whether `node` is the value of an environment variable, read directly
    /// (`os.environ.get("X")`, `os.getenv("X", "")`, `os.environ["X"]`).
    pub(super) fn env_value(&self, node: Node<'_>) -> bool {
        let mut node = node;
        while node.kind() == "parenthesized_expression" {
            match node.named_child(0) {
                Some(c) => node = c,
                None => return false,
            }
        }
        match node.kind() {
            "call" => node.field("function").is_some_and(|f| {
                matches!(
                    self.text(f),
                    "os.environ.get" | "os.getenv" | "environ.get" | "getenv"
                )
            }),
            "subscript" => node
                .field("value")
                .is_some_and(|v| matches!(self.text(v), "os.environ" | "environ")),
            _ => false,
        }
    }

    /// Evaluate a test of whether variables are set (`not os.environ.get(X)`, `os.getenv(X)
    /// is None`): the reads it makes are no reads of a value, so no secret read is left for
    /// them.
    pub(super) fn presence_test(&mut self, node: Option<Node<'_>>) {
        let before = self.sink.env_reads.len();
        if let Some(n) = node {
            self.eval(n);
        }
        self.sink.env_reads.truncate(before);
    }

    pub(super) fn string(&mut self, node: Node<'_>) -> Val {
        let mut out = Val::lit("");
        let mut hex = 0;
        let mut raw_string = false;
        for c in named(node) {
            match c.kind() {
                "string_start" => {
                    raw_string = self.text(c).bytes().any(|b| b == b'r' || b == b'R');
                }
                "string_content" => {
                    let raw = self.text(c);
                    // Appended in place: `out` is always a plain string here.
                    if raw_string || !raw.contains('\\') {
                        match &mut out.text {
                            Some(t) => t.push_str(raw),
                            None => out = out.concat(&Val::lit(raw)),
                        }
                    } else {
                        let (s, h) = unescape(raw, false);
                        hex += h;
                        match &mut out.text {
                            Some(t) => t.push_str(&s),
                            None => out = out.concat(&Val::lit(s)),
                        }
                    }
                }
                "interpolation" => {
                    let v = c
                        .field("expression")
                        .map(|e| self.eval(e))
                        .unwrap_or_default();
                    out = out.concat(&v.interpolated());
                }
                _ => {}
            }
        }
        if hex >= 8 {
            out.taint.decoded = true;
        }
        out
    }

    pub(super) fn eval(&mut self, node: Node<'_>) -> Val {
        if !self.confined.is_empty()
            && matches!(node.kind(), "identifier" | "attribute")
            && let Some((_, dirs)) = self
                .confined
                .iter()
                .rev()
                .find(|(e, _)| e == self.text(node))
        {
            // A path a containment check before it confined to directories: the known
            // alternatives under them, else somewhere under each.
            let dirs = dirs.clone();
            let v = self.eval_inner(node);
            let under = |p: &str| {
                dirs.iter().any(|d| {
                    let d = d.trim_end_matches('/');
                    p.strip_prefix(d).is_some_and(|r| r.starts_with('/'))
                })
            };
            let alts = v.path_alternatives();
            if alts.iter().all(|p| !p.contains(UNKNOWN) && under(p)) {
                return v;
            }
            // Alternatives under a directory keep their shape (`ROOT/…/__pycache__` of a
            // glob); the others are somewhere under each directory.
            let mut items: Vec<Val> = alts
                .iter()
                .filter(|p| under(p) && !p.split('/').any(|c| c == ".."))
                .map(|p| Val::lit(p.as_str()))
                .collect();
            if items.len() < alts.len() {
                items.extend(
                    dirs.iter()
                        .map(|d| Val::lit(format!("{}/{UNKNOWN}", d.trim_end_matches('/')))),
                );
            }
            return Val::any_of(&items).with_taint(&v.taint);
        }
        self.eval_inner(node)
    }

    fn eval_inner(&mut self, node: Node<'_>) -> Val {
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
                    // Where the script is: a file in a directory somewhere in the working
                    // tree (agents keep scripts in `scripts/`, `tools/`), as for shell's `$0`
                    // and JavaScript's `__filename`, so `Path(__file__).parent / '..'` and
                    // `Path(__file__).resolve().parents[1]` are the project, not the directory
                    // above it.
                    "__file__" => Val::lit(format!(
                        "{}/{UNKNOWN}/{UNKNOWN}",
                        self.sink.ctx.cwd.to_string_lossy().trim_end_matches('/')
                    )),
                    _ => match self.lookup(name) {
                        Some(v) => interpreter_path(v),
                        // `Paths.root()`, `Cfg.ROOT`: the script's class itself, whose static
                        // and class methods and attributes are its own.
                        None if self.class_methods.contains_key(name) => Val {
                            handle: Some(Handle::Instance(name.to_owned())),
                            ..Val::default()
                        },
                        // A function of the script named as a value (a callback handed to a
                        // class or kept in a dictionary): calling the value calls it.
                        None if self.scope.funcs.contains_key(name) => Val {
                            handle: Some(Handle::Func(name.to_owned())),
                            ..Val::default()
                        },
                        // A builtin function named as a value (`{"run": exec}`, `runner =
                        // eval`): calling the value calls the builtin.
                        None if super::api::lookup(name).is_some() => Val::module(name),
                        None => Val::unknown(),
                    },
                }
            }
            "attribute" => {
                let obj = node
                    .field("object")
                    .map(|o| self.eval(o))
                    .unwrap_or_default();
                let attr = node.field("attribute").map_or("", |a| self.text(a));
                match &obj.handle {
                    // `proxy.system.listMethods`: a dotted procedure name on the same host.
                    Some(Handle::Rpc { .. }) if !attr.starts_with('_') => obj.clone(),
                    Some(Handle::Module(m)) => {
                        let full = crate::scope::dotted(m, attr);
                        if matches!(full.as_str(), "os.sep" | "os.path.sep") {
                            // `os.sep.join(["", "home"])` is `/home`.
                            return Val::lit("/");
                        }
                        // `os.path.join(ROOT, os.pardir)` climbs as `..` does.
                        if matches!(full.as_str(), "os.pardir" | "os.path.pardir") {
                            return Val::lit("..");
                        }
                        interpreter_path(module_value(full))
                    }
                    Some(Handle::Path(p)) => match attr {
                        "parent" => Val {
                            handle: Some(Handle::Path(path_parent(&self.sink.ctx.cwd, p))),
                            ..Val::default()
                        },
                        // `Path(__file__).resolve().parents[1]`: each ancestor in turn.
                        "parents" => {
                            let mut up = p.clone();
                            let items = (0..4)
                                .map(|_| {
                                    up = path_parent(&self.sink.ctx.cwd, &up);
                                    Val {
                                        handle: Some(Handle::Path(up.clone())),
                                        ..Val::default()
                                    }
                                })
                                .collect();
                            Val::list(items)
                        }
                        // `Path(rel).parts`: the names the path is made of, so a loop joining
                        // them one by one (`target = target / part`) builds the same path.
                        "parts" => crate::places::path_parts(p)
                            .map(|parts| {
                                Val::list(
                                    parts
                                        .into_iter()
                                        .map(|s| match s.contains(UNKNOWN) {
                                            true => Val::unknown(),
                                            false => Val::lit(s),
                                        })
                                        .collect(),
                                )
                            })
                            .unwrap_or_else(|| Val::unknown().with_taint(&obj.taint))
                            .with_taint(&obj.taint),
                        _ => Val::unknown().with_taint(&obj.taint),
                    },
                    // `TemporaryDirectory().name` (kept by an object of the script's, or
                    // named outside a `with`): the directory it made. No string has a `name`;
                    // a path's is its last part, so only the made directory's text counts.
                    // `NamedTemporaryFile(...).name`: the file it made.
                    _ if attr == "name"
                        && matches!(&obj.handle, Some(Handle::File { path, .. })
                            if path.starts_with(&format!("/tmp/{UNKNOWN}-"))) =>
                    {
                        match &obj.handle {
                            Some(Handle::File { path, .. }) => {
                                Val::lit(path.clone()).with_taint(&obj.taint)
                            }
                            _ => Val::unknown(),
                        }
                    }
                    _ if attr == "name"
                        && obj.handle.is_none()
                        && obj.text.as_deref() == Some(&*format!("/tmp/{UNKNOWN}")) =>
                    {
                        obj.clone()
                    }
                    // `self.path` inside a method of the class whose `@property def path`
                    // builds it: what the property's method returns.
                    _ if node.field("object").is_some_and(|o| self.text(o) == "self")
                        && self.class_now.as_deref().is_some_and(|c| {
                            self.properties.contains(&crate::scope::dotted(c, attr))
                        }) =>
                    {
                        self.scope.call_user(attr, &[]).with_taint(&obj.taint)
                    }
                    // `self.levels_up` in a base class's method, set again by subclasses:
                    // any of their values.
                    _ if node.field("object").is_some_and(|o| self.text(o) == "self")
                        && let Some(v) = self
                            .class_now
                            .as_deref()
                            .and_then(|c| self.field_with_overrides(self.text(node), c)) =>
                    {
                        v
                    }
                    _ => match self.field(self.text(node), self.class_now.as_deref()) {
                        // `self.base` in a method, a string stored there: what the class
                        // stored, not what the instance holds in its other attributes (a
                        // session given the token beside the base URL). A string cannot be
                        // changed in place; a container stored there (`self._fields = {}`
                        // filled by `__setitem__`) holds what the instance was given since.
                        Some(v)
                            if (v.text.is_some() || !v.alts.is_empty())
                                && node
                                    .field("object")
                                    .is_some_and(|o| matches!(self.text(o), "self" | "cls")) =>
                        {
                            v.clone()
                        }
                        // `self.tmp`: what the script stored there.
                        Some(v) => v.clone().with_taint(&obj.taint),
                        None => match self.instance_member(&obj, attr) {
                            Some(v) => v,
                            // `proc.stdout` of a process whose output is known.
                            // A member picked out of what a file holds (`cfg.version`,
                            // `report.totals`) is derived from the file, not the file.
                            None => match obj.field(attr) {
                                Some(v) if obj.handle.is_none() && obj.text.is_none() => {
                                    v.clone().with_taint(&obj.taint.derived_copy())
                                }
                                // Where a URL points (`urlparse(dsn).hostname`) is not
                                // its password.
                                _ if crate::places::url_location_part(attr) => Val::unknown(),
                                _ => Val::unknown().with_taint(&obj.taint.derived_copy()),
                            },
                        },
                    },
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
                        _ if index_node.is_some_and(|i| i.kind() == "identifier")
                            && index.known().is_none() =>
                        {
                            let name = index_node.map(|i| self.text(i)).unwrap_or("").to_owned();
                            self.scope.env_read_by_param(&name);
                            let mut v = Val::unknown();
                            for k in index.alts.clone() {
                                let r = self.sink.read_env(line(node), &k);
                                v.taint.join(&r.taint);
                            }
                            if index.alts.is_empty() {
                                v.taint.join(&obj.taint);
                            }
                            v
                        }
                        Some(k) => self.sink.read_env(line(node), k),
                        None => Val::unknown().with_taint(&obj.taint),
                    },
                    // `sys.modules["os"]`: the module of that name.
                    Some(Handle::Module(m)) if m == "sys.modules" && index.known().is_some() => {
                        Val::module(index.known().unwrap_or_default())
                    }
                    // A command-line argument: a string nobody can know here.
                    Some(Handle::Module(m)) if m == "sys.argv" => Val::lit(UNKNOWN.to_string())
                        .with_taint(&Taint {
                            arg: true,
                            ..Taint::default()
                        }),
                    Some(Handle::Module(m))
                        if m == "builtins"
                            || m.ends_with("__dict__")
                            || m == "os"
                            || m == "subprocess" =>
                    {
                        self.indirect(node, m, &index, index_node)
                    }
                    // `cfg["paths"]` of an INI parser: the section, each option `%(name)s`
                    // interpolated (`.get("work")`, `["work"]` give it).
                    None if obj.field("DEFAULT").is_some()
                        && let Some(section) =
                            index.known().and_then(|k| super::ini::section(&obj, k)) =>
                    {
                        section
                    }
                    _ => {
                        // An element or a member picked out of what a file holds
                        // (`data["count"]`, `line.split()[0]`) is derived from the file; a
                        // slice (`text[:4096]`) is still a part of it.
                        let picked = match index_node.is_some_and(|n| n.kind() == "slice") {
                            true => obj.taint.clone(),
                            false => obj.taint.derived_copy(),
                        };
                        let mut v = Val::unknown().with_taint(&picked);
                        if let Some(key) = index.known()
                            && index_node.is_some_and(|n| n.kind() == "string")
                        {
                            // `dotenv["ZAMMAD_URL"]`: the endpoint the user configured.
                            if let Some(v) = obj.taint.configured_pick(key) {
                                return v;
                            }
                            // `dotenv["RESTIC_PASSWORD"]` of the settings parsed out of the
                            // project's `.env`: that one variable, not the whole file; so is
                            // `env["PORT"]` of a copy of the environment.
                            v.taint.narrow_to_dotenv_key(key);
                            v.taint.narrow_env_to_key(key);
                        }
                        if let Some(entry) = index.known().and_then(|k| obj.field(k))
                            && index_node.is_some_and(|n| n.kind() == "string")
                            && only_members_data(&obj)
                        {
                            // `conf["host"]` of `conf = {"host": "localhost", "password": None}`
                            // after `conf["password"] = secret`: the secret is that member's,
                            // and the member named holds its own data.
                            return entry.clone();
                        }
                        if let Some(key) = index.known()
                            && let Some(o) =
                                node.field("value").filter(|o| o.kind() == "identifier")
                            && let Some(entry) =
                                self.fields.get(&format!("{}[{key}]", self.text(o)))
                        {
                            // An entry of a dictionary literal (`ops["run"]`).
                            return entry.clone().with_taint(&picked);
                        }
                        if let Some(entry) = index.known().and_then(|k| obj.field(k)) {
                            // A member of a dictionary the value holds (`CFG["caches"]["pip"]`,
                            // `cfg["dir"]` of a parameter). When all the dictionary carries
                            // is what its members hold (`{"host": url.hostname, "password":
                            // url.password}` returned by a helper), a member named by a literal
                            // key holds its own data, not its neighbours' secrets.
                            if index_node.is_some_and(|n| n.kind() == "string")
                                && only_members_data(&obj)
                            {
                                return entry.clone();
                            }
                            let mut around = picked.clone();
                            if index_node.is_some_and(|n| n.kind() == "string")
                                && let Some(k) = index.known()
                            {
                                // `env["APOLLO_KEY"]` of `env = dict(os.environ)` given the
                                // key from `.env`: that member, not the whole environment.
                                around.narrow_env_to_key(k);
                            }
                            return entry.clone().with_taint(&around);
                        }
                        if index.known().is_none()
                            && index_node.is_some_and(|n| n.kind() != "slice")
                            && let Some(classes) = self.classes_for_key(&obj)
                        {
                            // `WRITERS[kind]` of `{"plain": Writer, "db": DbWriter}`: any of
                            // the script's classes it may pick.
                            return Val {
                                handle: Some(Handle::Instance(classes)),
                                ..Val::default()
                            };
                        }
                        if index.known().is_none()
                            && index_node.is_some_and(|n| n.kind() != "slice")
                            && let Some(m) = members_for_key(&obj, &index)
                        {
                            // `TARGETS[name]` with `name` known only at run time (or one of
                            // several keys): any member it may pick.
                            return m.with_taint(&obj.taint).with_taint(&index.taint);
                        }
                        if let Some(n) = index_node.filter(|n| n.kind() == "slice")
                            && let Some(t) = obj.known()
                            && let Some(s) = slice_str(t, self.text(n))
                        {
                            // `"cexe"[::-1]`: a literal string sliced is still known.
                            v.text = Some(s);
                        }
                        if let Some(items) = &obj.items
                            && let Some(i) = index.known().and_then(|t| t.parse::<usize>().ok())
                            && let Some(item) = items.get(i)
                        {
                            v = item.clone();
                        }
                        if let Some(items) = obj.items.as_ref().filter(|i| !i.is_empty())
                            && index.known().is_none()
                            && index_node.is_some_and(|n| n.kind() != "slice")
                        {
                            // `PROJECT.parents[levels - 1]`, `dirs[i]`: an index known only
                            // at run time picks any of the elements.
                            v = Val::any_of(items)
                                .with_taint(&obj.taint)
                                .with_taint(&index.taint);
                            v.items = None;
                        }
                        if obj.items.as_ref().is_none_or(Vec::is_empty)
                            && matches!(obj.handle, Some(Handle::Path(_)))
                            && index_node.is_some_and(|n| n.kind() == "slice")
                        {
                            // `entries[:-3]` of a directory's listing: some of its paths (also
                            // of a helper returning `[]` when the directory is missing).
                            return obj;
                        }
                        if let Some([one]) = obj.items.as_deref()
                            && index_node.is_some_and(|n| n.kind() == "slice")
                            && matches!(&one.handle, Some(Handle::Path(p)) if p.contains(UNKNOWN))
                        {
                            // `runs[:-5]` of `sorted(p for p in archive.iterdir())`: the one
                            // element stands for every path of the listing, so a slice keeps
                            // some of them, not none.
                            return obj;
                        }
                        if let Some(items) = &obj.items
                            && let Some(n) = index_node.filter(|n| n.kind() == "slice")
                            && let Some(part) = slice_items(items, self.text(n))
                        {
                            // `parts[1:]` of a literal tuple: the elements still known.
                            v = Val::list(part).with_taint(&obj.taint);
                        }
                        if obj.taint.one_variable()
                            && index_node.filter(|n| n.kind() == "slice").is_some_and(|n| {
                                let spec = self.slice_spec(n);
                                slice_masks(&spec, &obj.taint)
                            })
                        {
                            // `token[-4:]`: the last characters shown to tell tokens apart.
                            v.taint.mask();
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
                    // `[root / t for t in TARGETS] + list(root.glob("*.egg-info"))`: a list
                    // joined with a collection the review holds as one path (the names a glob
                    // finds) gains that path as its element, as a loop over it would see it.
                    "+" if left.items.is_some()
                        && right.items.is_none()
                        && matches!(right.handle, Some(Handle::Path(_))) =>
                    {
                        left.concat(&Val::list(vec![right]))
                    }
                    "+" => left.concat(&right),
                    // `[".."] * levels`: the list repeated (a path joined from it climbs that
                    // many levels); of a count with several values (subclasses setting 4 and
                    // 1), the largest, whose elements hold those of every shorter repeat.
                    "*" if let Some((list, n)) =
                        repeated_list(&left, &right).or_else(|| repeated_list(&right, &left)) =>
                    {
                        let items = list.items.as_deref().unwrap_or_default();
                        let mut out: Vec<Val> = Vec::with_capacity(items.len() * n);
                        for _ in 0..n {
                            out.extend(items.iter().cloned());
                        }
                        Val::list(out)
                            .with_taint(&left.taint)
                            .with_taint(&right.taint)
                    }
                    // `Path(out or ".git/hooks") / "pre-commit"`: a path of several values
                    // (kept as alternatives without one path) joined the same way.
                    "/" if matches!(left.handle, Some(Handle::Path(_)))
                        || (left.handle.is_none()
                            && left.text.is_none()
                            && !left.alts.is_empty()) =>
                    {
                        let base = left.path_text().unwrap_or_else(|| UNKNOWN.to_string());
                        // `home / ('.zshrc' if zsh else '.bashrc')`: each name joined, as the
                        // paths the value may name.
                        let mut alts = Vec::new();
                        if !left.alts.is_empty() && right.alts.is_empty() {
                            // `root / "id_rsa"` with `root` one of several directories.
                            let name = right.text_or_unknown();
                            alts = left
                                .alts
                                .iter()
                                .map(|b| join_paths(&[b.clone(), name.clone()]))
                                .collect();
                            crate::engine::cap_alternatives(&mut alts, 16);
                        } else if right.text.is_none() && !right.alts.is_empty() {
                            let bases: Vec<&str> = if left.alts.is_empty() {
                                vec![base.as_str()]
                            } else {
                                left.alts.iter().map(String::as_str).collect()
                            };
                            alts = crate::engine::cap_product(
                                &bases,
                                &right.alts,
                                16,
                                crate::engine::join_path_into,
                            );
                        }
                        Val {
                            handle: Some(Handle::Path(join_paths(&[
                                base,
                                right.text_or_unknown(),
                            ]))),
                            taint: left.taint.clone(),
                            alts,
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
                        if let (Some(t), Some(items)) = (&left.text, &right.items) {
                            // `'%s/%s' % (home, 'projects')`: each `%s` takes the next value.
                            let mut out = String::new();
                            let mut rest = t.as_str();
                            let mut next = items.iter();
                            while let Some(i) = rest.find('%') {
                                out.push_str(&rest[..i]);
                                let spec = rest[i + 1..].chars().next();
                                match spec {
                                    Some('%') => out.push('%'),
                                    Some('s' | 'r' | 'd') => out.push_str(
                                        &next
                                            .next()
                                            .and_then(Val::path_text)
                                            .unwrap_or_else(|| UNKNOWN.to_string()),
                                    ),
                                    _ => out.push(UNKNOWN),
                                }
                                rest = &rest
                                    [(i + 1 + spec.map_or(0, char::len_utf8)).min(rest.len())..];
                            }
                            out.push_str(rest);
                            v.text = Some(out);
                        } else if let Some(t) = &left.text {
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
                let mut items: Vec<Val> = Vec::new();
                for c in named(node) {
                    let inside = super::leading_splat(c);
                    if c.kind() != "list_splat" && !inside {
                        items.push(self.eval(c));
                        continue;
                    }
                    // `[bin, *argv]`: a list's elements in place, when the walk knows them.
                    // (`[*step.argv]` parses as the attribute `argv` of `*step`: the whole
                    // expression is splatted.)
                    let v = match inside {
                        true => self.eval(c),
                        false => c.named_child(0).map(|x| self.eval(x)).unwrap_or_default(),
                    };
                    match v.items {
                        Some(more) if more.len() <= 16 => {
                            items.extend(more.into_iter().map(|m| m.with_taint(&v.taint)));
                        }
                        // `(DIST, *ROOT.glob("*.egg-info"))`: a listing's paths, each a path
                        // of its pattern, as a loop over the listing sees them.
                        None if matches!(v.handle, Some(Handle::Path(_))) => items.push(
                            Val {
                                text: v.text.clone(),
                                alts: v.alts.clone(),
                                handle: v.handle.clone(),
                                ..Val::default()
                            }
                            .with_taint(&v.taint),
                        ),
                        _ => items.push(Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)),
                    }
                }
                Val::list(items)
            }
            // `yield p` in a generator: the function's result is the list of what it yields,
            // so `for p in candidates()` sees each path.
            // `*step` as the object of `*step.argv` (see [`super::leading_splat`]): the value
            // splatted.
            "list_splat" => node
                .named_child(0)
                .map(|x| self.eval(x))
                .unwrap_or_default(),
            "yield" => {
                let v = node
                    .named_child(0)
                    .map(|c| self.eval(c))
                    .unwrap_or_default();
                let from = self.text(node).trim_start()["yield".len()..]
                    .trim_start()
                    .starts_with("from");
                self.scope.add_yield(v, from);
                Val::unknown()
            }
            // `if not os.environ.get("GITHUB_TOKEN"): ...`: whether the variable is set, no
            // more; its value goes nowhere.
            "not_operator" if node.field("argument").is_some_and(|a| self.env_value(a)) => {
                self.presence_test(node.field("argument"));
                Val::unknown()
            }
            "comparison_operator"
                if named(node).any(|c| self.env_value(c))
                    && named(node).all(|c| self.env_value(c) || self.text(c) == "None")
                    && !self.text(node).contains("==")
                    && !self.text(node).contains("!=") =>
            {
                let operands: Vec<Node<'_>> = named(node).collect();
                for c in operands {
                    self.presence_test(Some(c));
                }
                Val::unknown()
            }
            "parenthesized_expression" | "await" | "not_operator" => node
                .named_child(0)
                .map(|c| self.eval(c))
                .unwrap_or_default(),
            "conditional_expression" | "boolean_operator" => {
                let mut vals: Vec<Val> = named(node).map(|c| self.eval(c)).collect();
                // `"***" if token else ""`: the value is one of the two ways, not the test
                // between them (walked for what it does, as every operand is).
                if node.kind() == "conditional_expression" && vals.len() == 3 {
                    // `Path.home() if anchor == "home" else ROOT` with `anchor` one known
                    // string: the way the test takes (a value with alternatives, or one the
                    // walk does not know, keeps both).
                    let taken = named(node)
                        .nth(1)
                        .and_then(|t| self.literal_test(t))
                        .map(|holds| if holds { 0 } else { 2 });
                    if let Some(i) = taken {
                        return vals.swap_remove(i);
                    }
                    vals.remove(1);
                }
                // `os.environ.get("GH_TOKEN") or os.environ["GITHUB_TOKEN"]`: either token.
                self.sink
                    .token_alternatives(&vals.iter().collect::<Vec<_>>());
                // `os.environ.get("ZAMMAD_URL") or ""`: an empty default names no place; the
                // endpoint the user configured for that service.
                let configured = |v: &Val| {
                    v.known()
                        .is_some_and(crate::places::configured_service_value)
                };
                if node.kind() == "boolean_operator"
                    && vals.iter().any(configured)
                    && vals
                        .iter()
                        .all(|v| configured(v) || v.known().is_some_and(|d| d.trim().is_empty()))
                {
                    vals.retain(configured);
                } else if node.kind() == "boolean_operator" && vals.iter().any(configured) {
                    // `os.environ.get("SYNAPSE_URL") or "http://localhost:8008"`: the script's
                    // default, or a place the review cannot know.
                    for v in vals.iter_mut().filter(|v| configured(v)) {
                        *v = Val::unknown();
                    }
                }
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
                    if left.kind() == "identifier"
                        && node
                            .field("right")
                            .is_some_and(|r| r.kind() == "dictionary")
                    {
                        // `ops = {"run": os.system}`: `ops["run"]` is `os.system`.
                        let name = self.text(left).to_owned();
                        for (key, v) in std::mem::take(&mut self.dict_entries) {
                            self.fields.insert(format!("{name}[{key}]"), v);
                        }
                    }
                    let val = if left.kind() == "identifier" && super::conditional(node) {
                        let old = self.lookup(self.text(left));
                        self.sink.conditional_assignment(old.as_ref(), val)
                    } else {
                        val
                    };
                    self.bind_target(left, val);
                }
                Val::unknown()
            }
            "dictionary" => {
                // Its values' data; the entries with literal keys are kept for an assignment.
                let mut v = Val::unknown();
                let mut entries = Vec::new();
                for pair in named(node) {
                    let value = match (pair.field("key"), pair.field("value")) {
                        (Some(k), Some(value)) if pair.kind() == "pair" => {
                            let key = self.eval(k);
                            let value = self.eval(value);
                            if let Some(key) = key.known() {
                                self.sink.spelled_hook(key, &value);
                                self.sink.setting(line(pair), key, &value);
                                entries.push((key.to_owned(), value.clone()));
                            } else if let Some(Handle::Path(p)) = &key.handle
                                && key.alts.is_empty()
                                && !p.contains(UNKNOWN)
                            {
                                // `{home / ".x" / "settings.json": PAYLOAD}`: a path object
                                // as the key, which `.items()` gives back as that path.
                                self.path_keys.insert(p.clone());
                                entries.push((p.clone(), value.clone()));
                            }
                            value
                        }
                        _ => self.eval(pair),
                    };
                    v.taint.join(&value.taint);
                }
                // The members stay with the value (`CFG["caches"].values()`, a dictionary
                // passed to a function or returned by one).
                v.fields = entries.clone();
                self.dict_entries = entries;
                v
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
                if let Some(items) = self.comprehension_items(node, &children) {
                    return Val::list(items);
                }
                let filter_only = self.filter_only_generator(node, &children);
                let mut iterated = None;
                for c in &children {
                    if c.kind() == "for_in_clause" {
                        let iter = c.field("right").map(|r| self.eval(r)).unwrap_or_default();
                        if filter_only {
                            iterated = Some(iter.clone());
                        }
                        // A loop over a literal collection: the variable is each element; over
                        // a listing (`home.iterdir()`, a glob), each path it yields, as for a
                        // `for` statement.
                        let elem = match iter.items.as_deref().filter(|i| !i.is_empty()) {
                            Some(items) => Val::element_of(items),
                            None => Val {
                                text: iter.text.clone(),
                                alts: iter.alts.clone(),
                                handle: iter
                                    .handle
                                    .clone()
                                    .filter(|h| matches!(h, Handle::Path(_))),
                                ..Val::default()
                            },
                        }
                        .with_taint(&iter.taint);
                        if let Some(left) = c.field("left") {
                            self.bind_target(left, elem);
                        }
                    }
                }
                let mut v = Val::unknown();
                let mut element = None;
                for c in &children {
                    if c.kind() != "for_in_clause" {
                        let x = self.eval(*c);
                        v.taint.join(&x.taint);
                        if element.is_none() {
                            element = Some(x);
                        }
                    }
                }
                // `sorted(p for p in d.iterdir() if p.is_dir())`: the elements of what it
                // iterates, some perhaps dropped, so the value `sorted(d.iterdir())` has.
                if let Some(iter) = iterated {
                    return iter.with_taint(&v.taint);
                }
                // `[p for p in root.iterdir() if p.is_dir()]`: a list whose elements are the
                // body's value (a path under the root), for a loop over it. (A generator turned
                // into a list by `sorted`/`list`/`tuple` was tried twice and flagged a held-out
                // clean script both times; it stays unknown.)
                if node.kind() == "list_comprehension"
                    && let Some(e) = element.filter(|e| {
                        e.text.is_some()
                            || !e.alts.is_empty()
                            // A function value (`[methodcaller("insert", i, x) for ...]`):
                            // each element is called later as that function.
                            || matches!(e.handle, Some(Handle::Path(_) | Handle::Module(_)))
                    })
                {
                    v.items = Some(vec![e]);
                }
                v
            }
            "lambda" => {
                // `home = lambda: Path.home()`: walked as the function `home`, its parameters
                // bound by the calls, its body what it returns.
                // `post = partial(lambda url, data: ..., URL)`: the function `post`, its first
                // parameters bound to the partial's arguments.
                let partial = node
                    .parent()
                    .and_then(|a| a.parent())
                    .and_then(|c| super::partial_lambda(c, self.src).map(|(l, b)| (c, l, b)))
                    .filter(|(_, l, _)| *l == node);
                let (holder, bound) = match partial {
                    Some((c, _, b)) => (c, b),
                    None => (node, Vec::new()),
                };
                let name = holder
                    .parent()
                    .filter(|a| a.kind() == "assignment")
                    .and_then(|a| a.field("left"))
                    .filter(|l| l.kind() == "identifier")
                    .map(|l| self.text(l).to_owned())
                    .filter(|n| self.scope.funcs.contains_key(n));
                if let Some(b) = node.field("body") {
                    match name {
                        Some(name) => {
                            let params: Vec<String> = node
                                .field("parameters")
                                .into_iter()
                                .flat_map(named)
                                .filter(|p| p.kind() == "identifier")
                                .map(|p| self.text(p).to_owned())
                                .collect();
                            let mut given = Vec::new();
                            for (p, a) in params.into_iter().zip(bound) {
                                given.push((p, self.eval(a)));
                            }
                            self.scope.enter(name);
                            for (p, v) in given {
                                self.scope.bind(&p, v);
                            }
                            let v = self.eval(b);
                            self.scope.add_return(v);
                            self.scope.leave();
                        }
                        None => {
                            // A function without a name (`{"near": lambda: [...]}`): the value
                            // is what calling it returns, its parameters unknown.
                            let v = self.eval(b);
                            return Val {
                                handle: Some(Handle::Lambda(Box::new(v))),
                                ..Val::default()
                            };
                        }
                    }
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

    /// Whether `node` is a generator that only filters what it iterates: one `for` whose
    /// target is a name, its body that name, and `if`s (`p for p in root.iterdir() if
    /// p.is_dir()`). Its elements are some of the iterated value's.
    fn filter_only_generator(&self, node: Node<'_>, children: &[Node<'_>]) -> bool {
        if node.kind() != "generator_expression" {
            return false;
        }
        let [body, clause, filters @ ..] = children else {
            return false;
        };
        clause.kind() == "for_in_clause"
            && filters.iter().all(|f| f.kind() == "if_clause")
            && body.kind() == "identifier"
            && clause
                .field("left")
                .is_some_and(|l| l.kind() == "identifier" && self.text(l) == self.text(*body))
    }

    /// The elements of a list, set or generator comprehension with one `for` over a literal
    /// collection: its body evaluated with each element (`[parts[k] for k in ("dir", "kind")]`
    /// is the list of those values). An `if` may drop some: every element is kept, as a path
    /// the value may name.
    fn comprehension_items(&mut self, node: Node<'_>, children: &[Node<'_>]) -> Option<Vec<Val>> {
        if node.kind() == "dictionary_comprehension" || self.unroll >= super::UNROLL_DEPTH {
            return None;
        }
        let [body, clause, filters @ ..] = children else {
            return None;
        };
        if clause.kind() != "for_in_clause" || filters.iter().any(|f| f.kind() != "if_clause") {
            return None;
        }
        for f in filters {
            self.eval(*f);
        }
        let left = clause.field("left")?;
        let iter = clause.field("right").map(|r| self.eval(r))?;
        let items = iter.items.as_ref()?;
        // `[str(a) for a in argv]`: each element only turned into its text, so the list
        // itself, however long (an argv grown option by option), element by element.
        let converted = filters.is_empty() && self.converts_loop_variable(*body, left);
        let limit = if converted {
            super::CONVERTED_ITEMS
        } else {
            super::UNROLL_ITEMS
        };
        // Strings, lists, and objects with members (`[c for c in CHECKS if c.name in
        // selected]` over instances of a dataclass).
        if !(1..=limit).contains(&items.len())
            || !items.iter().any(|i| {
                i.text.is_some()
                    || i.items.is_some()
                    || !i.fields.is_empty()
                    || matches!(i.handle, Some(Handle::Instance(_)))
            })
        {
            return None;
        }
        self.unroll += 1;
        let mut out = Vec::with_capacity(items.len());
        for item in items.clone() {
            self.bind_target(left, item.with_taint(&iter.taint));
            out.push(self.eval(*body));
        }
        self.unroll -= 1;
        if let Some(all) = Val::union_all(items) {
            self.bind_target(left, all);
        }
        Some(out)
    }

    /// Whether `body` is the comprehension's variable `left` itself or only its text: `a`,
    /// `str(a)`, `os.fspath(a)`.
    fn converts_loop_variable(&self, body: Node<'_>, left: Node<'_>) -> bool {
        if left.kind() != "identifier" {
            return false;
        }
        let var = self.text(left);
        match body.kind() {
            "identifier" => self.text(body) == var,
            "call" => {
                let callee = body.field("function").map(|f| self.text(f));
                let args: Vec<Node<'_>> = body
                    .field("arguments")
                    .map(|a| named(a).collect())
                    .unwrap_or_default();
                matches!(callee, Some("str" | "os.fspath"))
                    && matches!(args.as_slice(), [a] if a.kind() == "identifier" && self.text(*a) == var)
            }
            _ => false,
        }
    }

    /// `globals()['ex' + 'ec']`, `getattr(os, 'sys' + 'tem')`: a name looked up at run time.
    pub(super) fn indirect(
        &mut self,
        node: Node<'_>,
        module: &str,
        name: &Val,
        name_node: Option<Node<'_>>,
    ) -> Val {
        // `os.__dict__["environ"]` is `os.environ` (`__builtins__.__dict__` stays the builtins).
        let module = module
            .strip_suffix(".__dict__")
            .filter(|m| !m.contains("builtins"))
            .unwrap_or(module);
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
            // `getattr(os, "environ")` is `os.environ`, with what it holds.
            Some(n) => module_value(format!("{module}.{n}")),
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

    /// The answer of `x == "lit"` / `x != "lit"` (either side) when both sides are one known
    /// string each (no alternatives, nothing unknown): `None` when the walk cannot tell.
    fn literal_test(&mut self, test: Node<'_>) -> Option<bool> {
        if test.kind() != "comparison_operator" {
            return None;
        }
        let sides: Vec<Node<'_>> = named(test).collect();
        let [a, b] = sides.as_slice() else {
            return None;
        };
        let between = self.src.get(a.end_byte()..b.start_byte())?.trim();
        let equal = match between {
            "==" => true,
            "!=" => false,
            _ => return None,
        };
        if a.kind() != "string" && b.kind() != "string" {
            return None;
        }
        // Operands read again here: only those whose reading does nothing.
        if ![a, b]
            .iter()
            .all(|n| matches!(n.kind(), "string" | "identifier" | "attribute"))
        {
            return None;
        }
        let one = |v: &Val| {
            v.alts
                .is_empty()
                .then(|| v.known().map(str::to_owned))
                .flatten()
        };
        let (x, y) = (self.eval(*a), self.eval(*b));
        let (x, y) = (one(&x)?, one(&y)?);
        Some((x == y) == equal)
    }

    /// The attribute `attr` of an instance of the script's class (or of the class itself): a
    /// property's value (what its method returns) or what the class body or a method stored
    /// as `self.attr` (a class attribute, a dataclass field's default).
    pub(super) fn instance_member(&mut self, obj: &Val, attr: &str) -> Option<Val> {
        let Some(Handle::Instance(class)) = &obj.handle else {
            return None;
        };
        if self.properties.contains(&crate::scope::dotted(class, attr)) {
            return Some(self.scope.call_user(attr, &[]).with_taint(&obj.taint));
        }
        let stored = self.field(&format!("self.{attr}"), Some(class))?.clone();
        // The script's only `__init__` ran with the constructor's arguments, and a member holds
        // the union of what every method stored in it: a member set from elsewhere (a response
        // header) does not hold every argument the object was given (its token).
        if self.init_takes_the_arguments(class) || self.fields_take_the_arguments(class) {
            return Some(stored);
        }
        Some(stored.with_taint(&obj.taint))
    }

    /// Whether a call of `class` puts its arguments into the class's fields and nowhere else
    /// (a dataclass or a named tuple of the script, no `__init__` of its own or of a base):
    /// what the instance was given is in the members it holds.
    pub(super) fn fields_take_the_arguments(&self, class: &str) -> bool {
        self.field_classes.contains(class) && !self.class_has(class, "__init__")
    }

    /// Whether a call of `class` runs the script's only `__init__` with its arguments (see the
    /// instance made in `call`), so what that `__init__` keeps is in the members it stores.
    pub(super) fn init_takes_the_arguments(&self, class: &str) -> bool {
        let inits = self
            .class_methods
            .values()
            .filter(|ms| ms.iter().any(|m| m == "__init__"))
            .count();
        inits == 1 && self.class_has(class, "__init__")
    }
}

/// The value of a module's attribute `full` (`os.environ`), however it was reached (`os.environ`,
/// `getattr(os, "environ")`, `from os import environ`): the environment holds tokens.
pub(super) fn module_value(full: String) -> Val {
    let env = full == "os.environ";
    let mut v = Val::module(full);
    v.taint.env = env;
    v
}

/// `text[spec]` for a slice of integer literals (`::-1`, `2:`, `:-3`, `1:8:2`); `None` when a
/// bound is not a literal or the step is 0.
/// `items[start:stop]` with literal bounds and no step (a negative bound counts from the end).
fn slice_items(items: &[Val], spec: &str) -> Option<Vec<Val>> {
    let parts: Vec<&str> = spec.split(':').map(str::trim).collect();
    if parts.len() != 2 {
        return None;
    }
    let len = i64::try_from(items.len()).ok()?;
    let bound = |s: &str, default: i64| -> Option<usize> {
        let i = if s.is_empty() {
            default
        } else {
            s.parse::<i64>().ok()?
        };
        let i = if i < 0 { i + len } else { i };
        usize::try_from(i.clamp(0, len)).ok()
    };
    let (a, b) = (bound(parts[0], 0)?, bound(parts[1], len)?);
    Some(items.get(a..b.max(a)).unwrap_or_default().to_vec())
}

impl Py<'_, '_, '_> {
    /// The text of slice `node` with each bound that is a name holding integer literals
    /// (`secret[:keep]` in `def mask(secret, keep=4)`) written as those integers joined by
    /// `|`, for [`slice_masks`]: every value the name may hold must mask. Any other bound
    /// stays as written.
    fn slice_spec(&mut self, node: Node<'_>) -> String {
        let text = self.text(node).to_owned();
        let parts: Vec<&str> = text.split(':').map(str::trim).collect();
        if parts.len() > 3 {
            return text;
        }
        let mut out: Vec<String> = Vec::with_capacity(parts.len());
        for (k, part) in parts.iter().enumerate() {
            let name = !part.is_empty()
                && k < 2
                && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
            let held = name.then(|| self.lookup(part)).flatten().and_then(|v| {
                let texts: Vec<String> = match v.known() {
                    Some(t) => vec![t.to_owned()],
                    None => v.alts.clone(),
                };
                (!texts.is_empty() && texts.iter().all(|t| t.trim().parse::<i64>().is_ok()))
                    .then(|| texts.join("|"))
            });
            out.push(held.unwrap_or_else(|| (*part).to_owned()));
        }
        out.join(":")
    }
}

/// Whether a slice `spec` of literal bounds (`-4:`, `:4`, `0:4`) keeps few enough characters
/// of a string to mask a secret ([`crate::engine::masks`]); a step other than 1 never does.
fn slice_masks(spec: &str, secret: &crate::engine::Taint) -> bool {
    let parts: Vec<&str> = spec.split(':').map(str::trim).collect();
    let bound = |s: &str| -> Result<Option<i64>, ()> {
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse::<i64>().map(Some).map_err(|_| ())
        }
    };
    // A bound a name gave (`keep` holding 4 or 6, see [`Py::slice_spec`]): each value.
    let bounds = |s: &str| -> Result<Vec<Option<i64>>, ()> {
        s.split('|').map(bound).collect::<Result<Vec<_>, ()>>()
    };
    match parts.as_slice() {
        [a, b] | [a, b, "" | "1"] => match (bounds(a), bounds(b)) {
            (Ok(a), Ok(b)) => a
                .iter()
                .all(|a| b.iter().all(|b| crate::engine::masks(*a, *b, secret))),
            _ => false,
        },
        _ => false,
    }
}

pub(super) fn slice_str(text: &str, spec: &str) -> Option<String> {
    let parts: Vec<&str> = spec.split(':').map(str::trim).collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let num = |s: &str| -> Option<Option<i64>> {
        if s.is_empty() {
            Some(None)
        } else {
            s.parse::<i64>().ok().map(Some)
        }
    };
    let (start, stop) = (num(parts[0])?, num(parts[1])?);
    let step = match parts.get(2) {
        Some(s) => num(s)?.unwrap_or(1),
        None => 1,
    };
    if step == 0 {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let len = i64::try_from(chars.len()).ok()?;
    // Python's rule: a negative bound counts from the end, then is clamped to the string.
    let at = |i: i64| -> i64 {
        let i = if i < 0 { i + len } else { i };
        if step > 0 {
            i.clamp(0, len)
        } else {
            i.clamp(-1, len - 1)
        }
    };
    let (mut i, end) = if step > 0 {
        (start.map_or(0, at), stop.map_or(len, at))
    } else {
        (start.map_or(len - 1, at), stop.map_or(-1, at))
    };
    let mut out = String::new();
    while (step > 0 && i < end) || (step < 0 && i > end) {
        if let Some(c) = usize::try_from(i).ok().and_then(|u| chars.get(u)) {
            out.push(*c);
        }
        i += step;
    }
    Some(out)
}

/// The parent of a path as `pathlib` gives it (`.` for a name without a directory).
fn path_parent(cwd: &std::path::Path, p: &str) -> String {
    if p.trim_end_matches('/').ends_with("/..") || p == cwd.to_string_lossy() {
        // Above the working tree: kept as the climb it is (see `parent_dir`).
        return crate::engine::parent_dir(cwd, p);
    }
    p.rsplit_once('/')
        .map(|(d, _)| d.to_owned())
        .unwrap_or_else(|| ".".into())
}

/// Whether all the data `obj` carries is what its named members hold (a dictionary literal
/// whose members were all kept): no secret stored under a key nobody knows, no data joined
/// from elsewhere.
fn only_members_data(obj: &Val) -> bool {
    if obj.fields.is_empty() || obj.fields.len() > 16 {
        return false;
    }
    let mut members = Taint::default();
    for (_, v) in &obj.fields {
        members.join(&v.taint);
    }
    let mut all = members.clone();
    all.join(&obj.taint);
    all == members
}

/// The members of a dictionary `obj` a key `index` known only at run time may pick: those of
/// its alternatives that are keys when it has some, else every member (at most 16 joined).
pub(super) fn members_for_key(obj: &Val, index: &Val) -> Option<Val> {
    // Only members that are strings or paths: a member that is a function, an object or
    // unknown would make the join look more known than the lookup is.
    let plain = |v: &Val| {
        (v.text.is_some()
            || !v.alts.is_empty()
            || v.items.is_some()
            || !v.fields.is_empty()
            || matches!(v.handle, Some(Handle::Path(_) | Handle::Lambda(_))))
            && !matches!(v.handle, Some(ref h) if !matches!(h, Handle::Path(_) | Handle::Lambda(_)))
    };
    if obj.fields.is_empty() || obj.fields.len() > 16 || !obj.fields.iter().all(|(_, v)| plain(v)) {
        return None;
    }
    let picked: Vec<Val> =
        if !index.alts.is_empty() && index.alts.iter().all(|a| obj.field(a).is_some()) {
            index
                .alts
                .iter()
                .filter_map(|a| obj.field(a).cloned())
                .collect()
        } else {
            obj.fields.iter().map(|(_, v)| v.clone()).collect()
        };
    Val::union_all(&picked)
}

/// `list * count` (either order): the list and how many times it is repeated, when the list's
/// elements are known and the count is a whole number (the largest of several), the whole at
/// most 16 elements.
fn repeated_list<'v>(list: &'v Val, count: &Val) -> Option<(&'v Val, usize)> {
    let items = list.items.as_deref()?;
    let counts: Vec<&str> = match (&count.text, count.alts.is_empty()) {
        (Some(t), true) => vec![t.as_str()],
        (None, false) => count.alts.iter().map(String::as_str).collect(),
        _ => return None,
    };
    let n = counts
        .iter()
        .map(|t| t.trim().parse::<usize>().ok())
        .collect::<Option<Vec<usize>>>()?
        .into_iter()
        .max()?;
    (!items.is_empty() && items.len() * n <= 16).then_some((list, n))
}
