//! JavaScript method calls, by what the receiver refers to (a file stream, a file, a
//! connection) or by name (string transforms, callbacks, promise chains).

use super::Js;
use super::call::Call;
use crate::engine::{Handle, Taint, Val};
use crate::model::{Category, Language, Verdict};
use crate::places::UNKNOWN;
use crate::ts::Node;

impl Js<'_, '_, '_> {
    pub(super) fn bind_callbacks(&mut self, arg_nodes: &[Node<'_>], data: &Val) -> Vec<Val> {
        self.bind_callbacks_at(arg_nodes, data, 0)
    }

    /// [`Self::bind_callbacks`] with the element given as the parameter at `index`
    /// (`reduce((acc, a) => ...)` takes the accumulator first).
    pub(super) fn bind_callbacks_at(
        &mut self,
        arg_nodes: &[Node<'_>],
        data: &Val,
        index: usize,
    ) -> Vec<Val> {
        let mut named_returns = Vec::new();
        // What a callback is given: each element of an array, else the data itself.
        let tuples = |items: &[Val]| {
            let width = items.first().and_then(|i| i.items.as_ref()).map(Vec::len);
            width.is_some_and(|w| {
                w >= 2
                    && items
                        .iter()
                        .all(|i| i.items.as_ref().is_some_and(|t| t.len() == w))
            })
        };
        let element = match &data.items {
            // `Object.entries(SOURCES).map(([name, file]) => ...)`: pairs, each place any of
            // the values it takes, so a destructured parameter sees every file, not none.
            Some(items) if items.len() > 1 && tuples(items) => {
                Val::element_of(items).with_taint(&data.taint)
            }
            Some(items) if !items.is_empty() => {
                let mut e = Val::any_of(items).with_taint(&data.taint);
                e.items = None;
                e
            }
            _ => Val {
                taint: data.taint.clone(),
                ..Val::default()
            },
        };
        for a in arg_nodes {
            // `targets.forEach(register)`: a function of the script passed by name is called
            // with each element, as an inline callback is.
            if a.kind() == "identifier" && self.scope.funcs.contains_key(self.text(*a)) {
                let name = self.text(*a).to_owned();
                let mut given = vec![Val::unknown(); index];
                given.push(element.clone());
                named_returns.push(self.scope.call_user(&name, &given));
                continue;
            }
            if matches!(
                a.kind(),
                "arrow_function" | "function_expression" | "function"
            ) && let Some(p) = self.params_of(*a).into_iter().next_back().filter(|_| true)
            {
                let params = self.params_of(*a);
                let p = params.get(index).or(params.first()).cloned().unwrap_or(p);
                let key = (crate::scope::anon_name(a.start_byte()), p);
                // An array's callback sees each element (`names.map(k => join(dir, k))`).
                let v = element.clone();
                if self.scope.set_param(key.0, key.1, v) {
                    // Walked as an argument before it was given the elements: walked again
                    // with them, so what it does with them (`dirs.map(d => rm(d))`) and what
                    // it returns are seen in this round, not only in a later one.
                    self.eval(*a);
                }
            }
        }
        named_returns
    }

    /// A Node-style callback (`(err, data) => ...`), the last function among the arguments:
    /// its parameter at `index` holds `data` (seen from the next round on).
    pub(super) fn bind_node_callback(&mut self, arg_nodes: &[Node<'_>], index: usize, data: &Val) {
        let Some(f) = arg_nodes.iter().rev().find(|a| {
            matches!(
                a.kind(),
                "arrow_function" | "function_expression" | "function"
            )
        }) else {
            return;
        };
        if let Some(p) = self.params_of(*f).into_iter().nth(index) {
            // Seen from the next round on (a Node-style callback is called later).
            let _ = self
                .scope
                .set_param(crate::scope::anon_name(f.start_byte()), p, data.clone());
        }
    }

    pub(super) fn method(&mut self, c: &Call<'_>, recv: Val) -> Val {
        let (ln, name) = (c.ln, &c.q[2..]);
        let (args, arg_nodes, all) = (&c.args, &c.arg_nodes, &c.all);
        let first = args.first().cloned().unwrap_or_default();
        self.sink.sql_run(ln, name, &first);
        self.sink.cypher_run(ln, name, &first);
        self.sink.sql_attach(ln, name, args);
        match (&recv.handle, name) {
            // `m._compile(source, filename)` (Node's `Module`, however the instance was
            // made): compiles and runs `source` as a module.
            (_, "_compile") if !args.is_empty() => self.eval_code(c),
            (Some(Handle::File { path, append, .. }), "write" | "end") => {
                let (path, append) = (path.clone(), *append);
                let target = match recv.alts.is_empty() {
                    true => Val::lit(path),
                    false => Val {
                        alts: recv.alts.clone(),
                        ..Val::default()
                    },
                };
                self.sink.write(ln, &target, &first, append);
                Val::unknown()
            }
            (Some(Handle::Path(p)), "text" | "json" | "arrayBuffer" | "bytes") => {
                let p = p.clone();
                let t = self.sink.read_path(ln, &p);
                Val::unknown().with_taint(&t)
            }
            (Some(Handle::Conn { url }), "write" | "end" | "send" | "sendMail") => {
                let url = url.clone();
                let host = if name == "send" {
                    args.iter()
                        .skip(1)
                        .find_map(|a| {
                            a.known()
                                .filter(|t| t.parse::<u32>().is_err())
                                .map(str::to_owned)
                        })
                        .or(url)
                } else {
                    url
                };
                if !args.is_empty() {
                    self.sink
                        .network(ln, host.as_deref(), &Val::unknown().with_taint(all), true);
                }
                Val::unknown()
            }
            // `form.submit('https://host/upload', cb)` of the `form-data` package: the form,
            // with what was appended to it, is posted to the URL.
            (_, "submit")
                if first
                    .url_text()
                    .is_some_and(|u| u.starts_with("http://") || u.starts_with("https://")) =>
            {
                let url = first.url_text();
                self.sink.network(
                    ln,
                    url.as_deref(),
                    &Val::unknown().with_taint(&recv.taint),
                    true,
                );
                Val::unknown()
            }
            // `session.request(headers)` of an HTTP/2 session: a stream to the session's host,
            // sending what is written to it there.
            (Some(Handle::Conn { url }), "request") => Val {
                handle: Some(Handle::Conn { url: url.clone() }),
                ..Val::default()
            },
            (Some(Handle::Conn { .. }), "connect") => {
                let host = args.iter().find_map(|a| {
                    a.known()
                        .filter(|t| t.parse::<u32>().is_err())
                        .map(str::to_owned)
                });
                self.sink.connect(ln, host.as_deref());
                Val::unknown()
            }
            // `res.pipe(fs.createWriteStream(dest))`: the file holds what the response or
            // stream carries (a download saved to disk).
            (_, "pipe")
                if (recv.taint != Default::default()
                    || matches!(recv.handle, Some(Handle::Conn { .. })))
                    && let Some(Handle::File {
                        path,
                        write: true,
                        append,
                        ..
                    }) = args.first().and_then(|a| a.handle.clone()) =>
            {
                let mut data = Val::unknown().with_taint(&recv.taint);
                if matches!(recv.handle, Some(Handle::Conn { .. })) {
                    data.taint.remote = true;
                }
                self.sink.write(ln, &Val::lit(path), &data, append);
                Val::unknown()
            }
            // `createReadStream(key).pipe(socket)`: the connection sends what the stream
            // carries.
            (_, "pipe")
                if !matches!(recv.handle, Some(Handle::Conn { .. }))
                    && recv.taint.carries()
                    && let Some(Handle::Conn { url }) =
                        args.first().and_then(|a| a.handle.clone()) =>
            {
                let data = Val::unknown().with_taint(&recv.taint);
                self.sink.network(ln, url.as_deref(), &data, true);
                Val::unknown()
            }
            // `curl.stdout.pipe(sh.stdin)`: what the stream carries (a download) is what the
            // program started there reads.
            (_, "pipe")
                if !matches!(recv.handle, Some(Handle::Conn { .. }))
                    && args.first().is_some_and(|a| {
                    matches!(&a.handle, Some(Handle::Module(m)) if m == crate::command::CHILD_STDIN)
                }) =>
            {
                let data = Val::unknown().with_taint(&recv.taint);
                if let Some(stdin) = args.first() {
                    crate::command::write_to_child(self.sink, ln, stdin, Some(&data));
                }
                Val::unknown()
            }
            (_, "pipe")
                if matches!(recv.handle, Some(Handle::Conn { .. }))
                    || arg_nodes
                        .first()
                        .is_some_and(|n| self.text(*n).contains("sh.std")) =>
            {
                if self.sink.remote_socket {
                    self.sink.add(
                        ln,
                        Category::Escape,
                        Verdict::Dangerous,
                        "pipes a network socket into a process: a reverse shell",
                    );
                }
                Val::unknown()
            }
            // `cands.find(c => ...)`, `list.at(-1)`, `list.pop()`: one of the elements.
            (_, "find" | "findLast" | "at" | "pop" | "shift")
                if recv.items.as_ref().is_some_and(|i| !i.is_empty()) && recv.text.is_none() =>
            {
                self.bind_callbacks(arg_nodes, &recv);
                let items = recv.items.as_deref().unwrap_or_default();
                Val::any_of(items).with_taint(&recv.taint).with_taint(all)
            }
            // `for (const [i, e] of list.entries())`: pairs of an index and each element.
            (_, "entries") if recv.items.is_some() && recv.text.is_none() && args.is_empty() => {
                let items = recv.items.as_deref().unwrap_or_default();
                Val::list(
                    items
                        .iter()
                        .map(|e| {
                            Val::list(vec![Val::unknown(), e.clone().with_taint(&recv.taint)])
                        })
                        .collect(),
                )
                .with_taint(&recv.taint)
            }
            // `[os.homedir(), ROOT].filter(...)`: an array's elements, some perhaps dropped,
            // as the values a loop over it may take; `dirs.splice(0)` gives back the elements
            // it takes out of the array.
            (_, "filter" | "sort" | "toSorted" | "slice" | "splice" | "concat")
                if recv.items.is_some() && recv.text.is_none() =>
            {
                let mut v = recv.clone().with_taint(all);
                if name == "concat"
                    && let Some(items) = &mut v.items
                {
                    for a in args {
                        match &a.items {
                            Some(more) => items.extend(more.iter().cloned()),
                            None => items.push(a.clone()),
                        }
                    }
                }
                self.bind_callbacks(arg_nodes, &recv);
                v
            }
            // A hash's or an HMAC's digest: one-way, it gives nothing of what was hashed away
            // (a cache key of `.npmrc` and the lockfiles, a signature made with a secret).
            (_, "digest") => Val::unknown(),
            (
                _,
                "toString" | "trim" | "toLowerCase" | "toUpperCase" | "replace" | "replaceAll"
                | "slice" | "substring" | "concat",
            ) => {
                // `err.message.replace(process.env.SLACK_BOT_TOKEN, 'xoxb-***')`: the text
                // searched for is taken out, not put in; only a replacement that is plain text
                // (no `$&` or `$1` giving the match back, no callback handed the match) is sure
                // to leave nothing of it.
                let searched_out = searched_text_out(name, args);
                let mut v = recv.clone().with_taint(match &searched_out {
                    Some(kept) => kept,
                    None => all,
                });
                v.handle = None;
                if matches!(name, "slice" | "substring")
                    && recv.taint.one_variable()
                    && self.cut_masks(name, arg_nodes, args, &recv.taint)
                {
                    // `token.slice(-4)`: the last characters shown to tell tokens apart.
                    v.taint.mask();
                    return v;
                }
                if name == "toString"
                    && args
                        .first()
                        .and_then(Val::known)
                        .is_some_and(|e| matches!(e, "base64" | "hex"))
                {
                    // Encoding to base64 is not decoding.
                }
                let pattern_is_string = arg_nodes.first().is_some_and(|n| n.kind() == "string");
                // `(process.env.API_URL || DEFAULT).replace(/\/+$/, '')`: a base URL with its
                // trailing slashes dropped keeps its host.
                if matches!(name, "replace" | "replaceAll")
                    && arg_nodes
                        .first()
                        .is_some_and(|n| self.strips_trailing_slashes(*n))
                    && args.get(1).and_then(Val::known) == Some("")
                {
                    let strip = |t: &str| t.trim_end_matches('/').to_owned();
                    v.text = v.text.as_deref().map(strip);
                    v.alts = v.alts.iter().map(|a| strip(a)).collect();
                    return v;
                }
                let computed = match (recv.known(), name) {
                    (Some(t), "toLowerCase") => Some(t.to_lowercase()),
                    (Some(t), "toUpperCase") => Some(t.to_uppercase()),
                    // `dir.replace('//', '/')`: a literal text replaced by a known one (a regular
                    // expression's matches are not worked out).
                    (Some(t), "replace" | "replaceAll") if pattern_is_string => {
                        match (
                            args.first().and_then(Val::known),
                            args.get(1).and_then(Val::known),
                        ) {
                            (Some(from), Some(to)) if !from.is_empty() => {
                                Some(if name == "replace" {
                                    t.replacen(from, to, 1)
                                } else {
                                    t.replace(from, to)
                                })
                            }
                            _ => None,
                        }
                    }
                    _ => None,
                };
                // `text.replace(/"resolved": "https:\/\/registry[^"]+/g, (m, rest) => ...)`,
                // `.replace(re, NEW)`: the text holds what replaced each match (what the
                // callback returns, or the replacement), amid the parts nobody knows.
                let replacement = match arg_nodes.get(1) {
                    _ if !matches!(name, "replace" | "replaceAll")
                        || computed.is_some() =>
                    {
                        None
                    }
                    Some(f)
                        if matches!(
                            f.kind(),
                            "arrow_function" | "function_expression" | "function"
                        ) =>
                    {
                        Some(
                            self.scope
                                .call_user(&crate::scope::anon_name(f.start_byte()), &[]),
                        )
                    }
                    Some(f)
                        if f.kind() == "identifier"
                            && self.scope.funcs.contains_key(self.text(*f)) =>
                    {
                        let f = self.text(*f).to_owned();
                        Some(self.scope.call_user(&f, &[]))
                    }
                    Some(_) => args.get(1).cloned(),
                    None => None,
                }
                // Only a replacement that holds a URL: a path put in place of a part (`~` by
                // the home directory) amid parts nobody knows is no place to judge.
                .filter(|r| {
                    r.handle.is_none()
                        && (r.text.as_deref().is_some_and(|t| t.contains("://"))
                            || r.alts.iter().any(|a| a.contains("://")))
                });
                if let Some(c) = computed {
                    v.text = Some(c);
                } else if let Some(r) = replacement {
                    let around = Val::lit(UNKNOWN.to_string());
                    let mut made = around.concat(&r).concat(&around);
                    made.taint = v.taint.clone();
                    made.taint.join(&r.taint);
                    return made;
                } else if name != "toString" && name != "trim" {
                    v.text = v.text.map(|_| UNKNOWN.to_string());
                }
                v
            }
            (_, "join") => {
                let mut v = Val::unknown().with_taint(&recv.taint).with_taint(all);
                if let (Some(items), Some(sep)) = (&recv.items, first.known().or(Some(","))) {
                    let parts: Vec<String> = items.iter().map(Val::text_or_unknown).collect();
                    v.text = Some(parts.join(sep));
                    if items.iter().any(|i| i.text.is_none() && !i.alts.is_empty()) {
                        // Elements with several values (the members of objects picked at run
                        // time): every text the join may give.
                        let mut joined = Val::lit("");
                        for (n, i) in items.iter().enumerate() {
                            if n > 0 {
                                joined = joined.concat(&Val::lit(sep));
                            }
                            joined = joined.concat(i);
                        }
                        v.text = joined.text;
                        v.alts = joined.alts;
                    }
                }
                if recv.taint.decoded {
                    v.taint.decoded = true;
                }
                v
            }
            (_, "reverse") if recv.text.is_some() || recv.items.is_some() => {
                let mut v = recv.clone();
                if let Some(items) = &mut v.items {
                    items.reverse();
                }
                v.taint.decoded = true;
                v
            }
            (_, "split")
                if recv.handle.is_none() && recv.known().is_some_and(|t| t.len() <= 256) =>
            {
                // `'lave'.split('')`: the pieces of a known string, for `reverse` and `join`.
                let text = recv.known().unwrap_or_default();
                let items: Vec<Val> = match first.known() {
                    Some("") => text.chars().map(|c| Val::lit(c.to_string())).collect(),
                    Some(sep) => text.split(sep).map(Val::lit).collect(),
                    None => return Val::unknown().with_taint(&recv.taint).with_taint(all),
                };
                Val::list(items).with_taint(&recv.taint).with_taint(all)
            }
            // `s.split(TOKEN).join('<token>')`: the pieces between the separators, which hold
            // nothing of a separator given as text (a regular expression made at run time may
            // capture its matches into the pieces: its data is kept).
            (_, "split")
                if recv.handle.is_none()
                    && arg_nodes.first().is_some_and(|n| {
                        !matches!(n.kind(), "new_expression" | "call_expression" | "regex")
                    }) =>
            {
                let mut kept = recv.taint.clone();
                for a in args.iter().skip(1) {
                    kept.join(&a.taint);
                }
                Val::unknown().with_taint(&kept)
            }
            (_, "decrypt" | "final" | "update")
                if recv.taint != Taint::default() || name == "decrypt" =>
            {
                let mut v = Val::unknown().with_taint(&recv.taint).with_taint(all);
                v.taint.decoded = true;
                v
            }
            // `bus.on('step', cmd => ...)` of an emitter carrying no data: the callback gets
            // what `bus.emit` passes (see `event_listeners`), not an unknown value.
            (_, "on" | "once")
                if recv.taint == Taint::default()
                    && recv.handle.is_none()
                    && recv.items.is_none() =>
            {
                Val::unknown()
            }
            (_, "on" | "once" | "forEach" | "map" | "flatMap" | "reduce") => {
                let mut data = recv.clone();
                if matches!(recv.handle, Some(Handle::Conn { .. })) {
                    data.taint.remote = true;
                }
                let index = usize::from(name == "reduce");
                let named = self.bind_callbacks_at(arg_nodes, &data, index);
                let mut out = Val::unknown().with_taint(&recv.taint);
                // What the callbacks return is what the mapped collection holds
                // (`hex.map(h => String.fromCharCode(parseInt(h, 16)))`); a mapped array's
                // elements are the callback's values (`names.map(d => path.join(up, d))`).
                let mut items = Vec::new();
                let mut returned: Vec<Val> = arg_nodes
                    .iter()
                    .filter_map(|a| {
                        let key = crate::scope::anon_name(a.start_byte());
                        self.scope.returns.get(&key).cloned()
                    })
                    .collect();
                returned.extend(named);
                for r in returned {
                    out.taint.join(&r.taint);
                    if r.text.is_some()
                        || !r.alts.is_empty()
                        || matches!(r.handle, Some(Handle::Path(_)))
                    {
                        items.push(r.with_taint(&recv.taint));
                    } else if let Some(list) = r.items.as_ref().filter(|l| !l.is_empty()) {
                        // A callback giving a list: `map` holds the list (an argv per
                        // element, `c => ['delete', c.name]`), `flatMap` its elements
                        // (`c => [['delete', c.name]]`).
                        match name {
                            "flatMap" => items.extend(
                                list.iter().map(|e| e.clone().with_taint(&recv.taint)),
                            ),
                            _ => items.push(r.clone().with_taint(&recv.taint)),
                        }
                    }
                }
                items.truncate(16);
                if matches!(name, "map" | "flatMap") && !items.is_empty() {
                    out.items = Some(items);
                }
                out
            }
            (_, "then") => {
                // The first callback gets the promise's value as it is (a path, a command),
                // and the promise `then` gives holds what that callback returns.
                let mut settled = None;
                if let Some(f) = arg_nodes.first().filter(|a| {
                    a.kind() == "identifier" && self.scope.funcs.contains_key(self.text(**a))
                }) {
                    // `.then(handle)`: the script's function gets the promise's value.
                    let name = self.text(*f).to_owned();
                    let r = self.scope.call_user(&name, std::slice::from_ref(&recv));
                    settled = settles(&r).then_some(r);
                }
                if let Some(f) = arg_nodes.first().filter(|a| {
                    matches!(
                        a.kind(),
                        "arrow_function" | "function_expression" | "function"
                    )
                }) {
                    let key = crate::scope::anon_name(f.start_byte());
                    if let Some(p) = self.params_of(*f).into_iter().next() {
                        let _ = self.scope.set_param(key.clone(), p, recv.clone());
                    }
                    settled = self.scope.returns.get(&key).cloned().filter(settles);
                } else {
                    self.bind_callbacks(arg_nodes, &recv);
                }
                if let Some(r) = settled {
                    return r.with_taint(&recv.taint).with_taint(all);
                }
                // `fetch(u).then(r => r.text()).then(eval)`: the callback sees the value.
                for a in arg_nodes {
                    if a.kind() == "identifier" && self.text(*a) == "eval" {
                        self.sink.exec_code(
                            ln,
                            Language::JavaScript,
                            &recv,
                            "`eval` in a promise chain",
                        );
                    }
                }
                recv.clone().with_taint(all)
            }
            _ => {
                let out = Val::unknown().with_taint(&recv.taint).with_taint(all);
                match crate::caps::lookup(crate::caps::CALL_ROWS, name) {
                    Some(effect) => {
                        let t = crate::caps::apply(self.sink, ln, name, effect);
                        out.with_taint(&t)
                    }
                    None => out,
                }
            }
        }
    }
}

/// The data a `replace` or `replaceAll` keeps of its arguments when the replacement is plain
/// text: the replacement's and not the searched text's, which is taken out of the text, not
/// put in. `None` for any other method, and when the replacement may give the match back
/// (`$&`, `$1`, a callback, a value not known).
fn searched_text_out(name: &str, args: &[Val]) -> Option<Taint> {
    if !matches!(name, "replace" | "replaceAll") || args.len() != 2 {
        return None;
    }
    let replacement = &args[1];
    if replacement.known().is_none_or(|r| r.contains('$')) {
        return None;
    }
    Some(replacement.taint.clone())
}

/// `--dry-run` as the option's key in a parsed-options object: `dryRun`.
fn camel_case(flag: &str) -> String {
    let mut out = String::new();
    let mut up = false;
    for ch in flag.trim_start_matches('-').chars() {
        if ch == '-' {
            up = true;
        } else if up {
            out.extend(ch.to_uppercase());
            up = false;
        } else {
            out.push(ch);
        }
    }
    out
}

impl Js<'_, '_, '_> {
    /// Whether `text.slice(a, b)` / `text.substring(a, b)` with literal integer bounds keeps
    /// few enough characters to mask a secret ([`crate::engine::masks`]). `substring` counts
    /// a negative bound as 0, so `substring(-4)` is the whole text.
    ///
    /// A bound may be a name holding a literal (`value.slice(0, keep)` in `function mask(value,
    /// keep = 4)`): every value it may hold must mask.
    fn cut_masks(
        &self,
        name: &str,
        arg_nodes: &[Node<'_>],
        args: &[Val],
        secret: &crate::engine::Taint,
    ) -> bool {
        let int = |t: &str| {
            t.replace(' ', "")
                .parse::<i64>()
                .ok()
                .map(|i| if name == "substring" { i.max(0) } else { i })
        };
        let mut bounds: Vec<Vec<i64>> = Vec::with_capacity(2);
        for (k, n) in arg_nodes.iter().enumerate() {
            let held = match int(self.text(*n)) {
                Some(i) => vec![i],
                None => {
                    let Some(v) = args.get(k) else {
                        return false;
                    };
                    let texts: Vec<&str> = match v.known() {
                        Some(t) => vec![t],
                        None => v.alts.iter().map(String::as_str).collect(),
                    };
                    let Some(held) = texts.iter().map(|t| int(t)).collect::<Option<Vec<_>>>()
                    else {
                        return false;
                    };
                    if held.is_empty() {
                        return false;
                    }
                    held
                }
            };
            bounds.push(held);
        }
        match bounds.as_slice() {
            [a] => a
                .iter()
                .all(|a| crate::engine::masks(Some(*a), None, secret)),
            [a, b] => a.iter().all(|a| {
                b.iter()
                    .all(|b| crate::engine::masks(Some(*a), Some(*b), secret))
            }),
            _ => false,
        }
    }

    /// Whether `node` is a regular expression that matches only the slashes ending a text
    /// (`/\/$/`, `/\/+$/`, `/\/*$/`).
    fn strips_trailing_slashes(&self, node: Node<'_>) -> bool {
        node.kind() == "regex"
            && node.field("pattern").is_some_and(|p| {
                matches!(
                    self.text(p),
                    "\\/$" | "\\/+$" | "\\/*$" | "/$" | "/+$" | "/*$"
                )
            })
            && node
                .field("flags")
                .is_none_or(|f| self.text(f).chars().all(|c| c == 'g'))
    }

    /// The calls of a command-line parser (commander, yargs) on an object the review does not
    /// know: options declared are kept, and the parsed options returned as an object whose
    /// fields are their defaults or a value nobody knows.
    pub(super) fn cli_parser_call(&mut self, name: &str, args: &[Val]) -> Option<Val> {
        match name {
            // commander: `.option('-r, --root <dir>', 'desc', DEFAULT)`.
            "option" | "requiredOption"
                if args
                    .first()
                    .and_then(Val::known)
                    .is_some_and(|f| f.starts_with('-')) =>
            {
                let flags = args.first().and_then(Val::known).unwrap_or_default();
                let long = flags
                    .split([',', ' ', '|'])
                    .find(|w| w.starts_with("--"))
                    .or_else(|| flags.split([',', ' ', '|']).find(|w| w.starts_with('-')))
                    .unwrap_or_default();
                let key = camel_case(long.trim_start_matches("no-"));
                if !key.is_empty() {
                    self.add_cli_option(key, Val::option_value(args.get(2)));
                }
                None
            }
            // yargs: `.option('root', { default })`, `.options({ root: { default } })`.
            "option" | "positional" if args.first().and_then(Val::known).is_some() => {
                let key = args
                    .first()
                    .and_then(Val::known)
                    .unwrap_or_default()
                    .to_owned();
                let default = args.get(1).and_then(|o| o.field("default")).cloned();
                self.add_cli_option(camel_case(&key), Val::option_value(default.as_ref()));
                None
            }
            "options" if args.first().is_some_and(|o| !o.fields.is_empty()) => {
                let fields = args.first().map(|o| o.fields.clone()).unwrap_or_default();
                for (k, o) in fields {
                    self.add_cli_option(camel_case(&k), Val::option_value(o.field("default")));
                }
                None
            }
            "opts" | "parseSync" | "parse" | "parseAsync"
                if args.is_empty() && !self.cli_options.is_empty() =>
            {
                Some(self.cli_namespace())
            }
            _ => None,
        }
    }

    fn add_cli_option(&mut self, key: String, value: Val) {
        self.cli_options.retain(|(k, _)| *k != key);
        self.cli_options.push((key, value));
    }

    /// The parsed options: an object with a field for each option declared so far.
    pub(super) fn cli_namespace(&self) -> Val {
        let mut v = Val::unknown();
        // Each field keeps its own data: `args.out` does not carry what `args.token` holds
        // (`Val::set_field` would join every field's data into the object's).
        v.fields.clone_from(&self.cli_options);
        v
    }
}

/// Whether what a `.then` callback returns is what the next promise holds, rather than the
/// value it was given: a path or text the review knows, or data from a source (the files a
/// callback reads, `names => Promise.all(names.map(n => readFile(n)))`, which the next
/// callback sends).
fn settles(r: &Val) -> bool {
    r.text.is_some()
        || !r.alts.is_empty()
        || matches!(r.handle, Some(Handle::Path(_)))
        || r.taint != Taint::default()
}
