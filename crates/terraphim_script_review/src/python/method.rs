//! Python method calls, by what the receiver refers to: a file, a path object, a connection,
//! or a plain value (strings, collections, clients).

use super::Py;
use super::call::Call;
use super::named;
use crate::engine::{Handle, Val};
use crate::model::{Category, Language, Verdict};
use crate::places::UNKNOWN;
use crate::scope::Map;
use crate::ts::Node;

impl Py<'_, '_, '_> {
    /// Environment variables the script sets itself, which later reads get
    /// ([`crate::engine::Sink::set_env`]): `monkeypatch.setenv("X", v)`,
    /// `os.environ.update({...})` / `update(X=v)`, `mock.patch.dict(os.environ, {...})`
    /// (also as `patch.dict("os.environ", ...)`).
    pub(super) fn env_setters(&mut self, c: &Call<'_>, name: &str, recv: &Val) {
        let environ = |v: &Val| {
            matches!(&v.handle, Some(Handle::Module(m)) if m == "os.environ")
                || v.known() == Some("os.environ")
        };
        let members = |v: &Val| v.fields.clone();
        let set: Vec<(String, Val)> = match name {
            "setenv" => match (c.args.first().and_then(Val::known), c.args.get(1)) {
                (Some(k), Some(v)) => vec![(k.to_owned(), v.clone())],
                _ => Vec::new(),
            },
            "update" if environ(recv) => {
                let mut set = c.args.first().map(members).unwrap_or_default();
                set.extend(c.kwargs.iter().map(|(k, v)| (k.clone(), v.clone())));
                set
            }
            "dict" if c.args.first().is_some_and(environ) => {
                let mut set = c.args.get(1).map(members).unwrap_or_default();
                set.extend(
                    c.kwargs
                        .iter()
                        .filter(|(k, _)| *k != "clear")
                        .map(|(k, v)| (k.clone(), v.clone())),
                );
                set
            }
            _ => Vec::new(),
        };
        for (k, v) in set {
            self.sink.set_env(&k, &v);
        }
    }

    pub(super) fn method(&mut self, c: &Call<'_>, recv: Val, recv_node: Option<Node<'_>>) -> Val {
        let (node, ln, name) = (c.node, c.ln, &c.q[2..]);
        let (args, kwargs) = (&c.args, &c.kwargs);
        let all = &c.all_val();
        let first = args.first().cloned().unwrap_or_default();
        self.env_setters(c, name, &recv);
        self.sink.sql_run(ln, name, &first);
        self.sink.cypher_run(ln, name, &first);
        self.sink.sql_attach(ln, name, args);
        // `pool.map(shutil.rmtree, dirs)`, `executor.map(upload, files)`: the function called
        // with each element, as `map(f, items)` does.
        if matches!(name, "map" | "imap" | "imap_unordered" | "map_async")
            && args.len() == 2
            && c.arg_nodes
                .first()
                .is_some_and(|n| matches!(n.kind(), "lambda" | "identifier" | "attribute"))
        {
            return self.map_filter(c);
        }
        match name {
            "add_argument" => self.cli_option(c),
            "parse_args" => return self.cli_namespace(),
            "parse_known_args" => {
                return Val::list(vec![self.cli_namespace(), Val::list(vec![Val::unknown()])]);
            }
            _ => {}
        }
        if name == "extractall"
            && !kwargs.contains_key("filter")
            && !recv_node.is_some_and(|r| self.filtered.contains(self.text(r)))
            && !matches!(recv.handle, Some(Handle::File { confined: true, .. }))
        {
            self.sink.add_rule(
                ln,
                Category::Destructive,
                Verdict::Suspicious,
                "unsafe-extract",
                vec!["archive extract without a filter".into()],
                "extracts an archive without a filter, so its members can write anywhere (`../`, absolute paths, links)",
            );
        }
        // `ZipFile(downloaded).extractall(dest)`: a downloaded archive unpacked, so a program
        // started from there afterwards is downloaded code.
        // Also an archive opened over downloaded bytes in memory (`tarfile.open(fileobj=
        // io.BytesIO(resp.read()))`): unpacked into the directory given, or the working one.
        let downloaded = match &recv.handle {
            Some(Handle::File { path, .. }) if self.sink.is_remote_file(path) => Some(path.clone()),
            Some(Handle::Memory { .. }) if recv.taint.remote => Some(".".to_owned()),
            _ => None,
        };
        if matches!(name, "extractall" | "extract")
            && let Some(path) = downloaded
        {
            let dest = c.arg(0, "path").path_text().unwrap_or_else(|| path.clone());
            let dest = self.sink.unpacked_into(&dest);
            self.sink.cap(
                ln,
                crate::caps::Cap::DownloadExtract,
                dest.replace(UNKNOWN, "…"),
            );
        }
        match (&recv.handle, name) {
            (
                Some(Handle::File { path, append, .. }),
                "write" | "writelines" | "writerow" | "writerows" | "writeheader" | "add"
                | "writestr" | "addfile",
            ) => {
                let (path, append) = (path.clone(), *append);
                // `tar.add(path)` / `zip.write(path)` copy a file's content into the archive.
                let read = self.sink.read_val(ln, &first);
                let first = first.clone().with_taint(&read);
                // A file opened by one of several paths (see `open`): each of them.
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
            (
                Some(Handle::File {
                    path, write: false, ..
                }),
                "read",
            ) => {
                let path = path.clone();
                let read = Val::unknown().with_taint(&recv.taint);
                self.project_code(read, recv.alts.is_empty().then_some(path.as_str()))
            }
            (Some(Handle::File { .. }), _) => Val::unknown().with_taint(&recv.taint),
            (
                Some(Handle::Memory { into }),
                "write" | "writelines" | "add" | "writestr" | "addfile",
            ) => {
                // A member added to an archive in memory: the file's content (`add(path)`,
                // `write(path)`) or the data given (`writestr(name, data)`) is in the archive
                // and its buffer.
                let into = into.clone();
                let mut data = c.all.clone();
                if matches!(name, "add" | "write") {
                    data.join(&self.sink.read_val(ln, &first));
                }
                if data != crate::engine::Taint::default() {
                    if let Some(r) = recv_node.filter(|r| r.kind() == "identifier") {
                        let r = self.text(r).to_owned();
                        self.scope.taint_object(&r, &recv, &data);
                    }
                    if let Some(b) = into {
                        let buf = self.lookup(&b).unwrap_or_default();
                        self.scope.taint_object(&b, &buf, &data);
                    }
                }
                Val::unknown()
            }
            (Some(Handle::Memory { .. }), _) => Val::unknown().with_taint(&recv.taint),
            (Some(Handle::Path(p)), _) => {
                let p = p.clone();
                // A path object several paths flowed into (a dictionary member picked by a
                // key known only at run time): each of them.
                let target = match recv.alts.is_empty() {
                    true => Val::lit(p.clone()),
                    false => Val {
                        alts: recv.alts.clone(),
                        ..Val::default()
                    },
                };
                match name {
                    "write_text" | "write_bytes" => {
                        self.sink.write(ln, &target, &first, false);
                        Val::unknown()
                    }
                    "read_text" | "read_bytes" => {
                        let t = self.sink.read_val(ln, &target);
                        let read = Val::unknown().with_taint(&t).with_taint(&recv.taint);
                        self.project_code(read, recv.alts.is_empty().then_some(p.as_str()))
                    }
                    "open" => {
                        let mode = kwargs
                            .get("mode")
                            .cloned()
                            .unwrap_or(first)
                            .known()
                            .unwrap_or("r")
                            .to_owned();
                        self.open(ln, &Val::lit(p), &mode)
                    }
                    "mkdir" => {
                        // Without `exist_ok=True` it fails on an existing directory: new.
                        if kwargs.get("exist_ok").and_then(Val::known) == Some("True") {
                            self.sink.make_dir(&Val::lit(p));
                        } else {
                            self.sink.make_new_dir(&Val::lit(p));
                        }
                        Val::unknown()
                    }
                    "unlink" | "rmdir" => {
                        self.sink.delete(ln, &target, false);
                        Val::unknown()
                    }
                    "rename" | "replace" | "symlink_to" | "hardlink_to" => {
                        let t = self.sink.read_path(ln, &p);
                        self.sink
                            .write(ln, &first, &Val::unknown().with_taint(&t), false);
                        if matches!(name, "rename" | "replace") {
                            self.sink.moved(ln, &Val::lit(p), &first);
                        }
                        Val::unknown()
                    }
                    "chown" => {
                        self.sink.chown(ln, &target);
                        Val::unknown()
                    }
                    "joinpath" => {
                        // A path object several paths flowed into, or parts with several
                        // values (the fields of two instances): each of the joins, up to 16.
                        let bases = match recv.alts.contains(&p) {
                            true => recv.alts.clone(),
                            false => vec![p],
                        };
                        let paths = crate::engine::join_each(
                            bases.into_iter().map(|b| vec![b]).collect(),
                            args.iter().map(|a| match (&a.text, a.alts.is_empty()) {
                                (None, false) => a.alts.clone(),
                                _ => vec![a.text_or_unknown()],
                            }),
                        );
                        let first = paths.first().cloned().unwrap_or_default();
                        Val {
                            handle: Some(Handle::Path(first)),
                            alts: match paths.len() {
                                1 => Vec::new(),
                                _ => paths,
                            },
                            ..Val::default()
                        }
                    }
                    // `Path(HERE, "..", "..").resolve()`: the project directory a climb out of
                    // the script's own directory reached (see `Context::script_root`).
                    "resolve" | "absolute" => Val {
                        handle: Some(Handle::Path(self.sink.ctx.script_root(&p).unwrap_or(p))),
                        ..Val::default()
                    },
                    "expanduser" | "with_suffix" | "with_name" => Val {
                        handle: Some(Handle::Path(p)),
                        ..Val::default()
                    },
                    "glob" | "rglob" | "iterdir" => {
                        // Each match lies under `p` and ends as the pattern does (`*.py`); a
                        // pattern with alternatives (a registry's globs) may be any of them.
                        let patterns: Vec<Option<&str>> = match first.known() {
                            Some(g) => vec![Some(g)],
                            None if !first.alts.is_empty() && first.alts.len() <= 8 => {
                                first.alts.iter().map(|a| Some(a.as_str())).collect()
                            }
                            None => vec![None],
                        };
                        let bases: Vec<&str> = match recv.alts.is_empty() {
                            true => vec![p.as_str()],
                            false => recv.alts.iter().map(String::as_str).collect(),
                        };
                        let mut all: Vec<String> = Vec::new();
                        for g in &patterns {
                            for b in &bases {
                                all.push(glob_match(b, *g, name == "glob"));
                            }
                        }
                        let handle = glob_match(&p, patterns[0], name == "glob");
                        // Under each path the object may be.
                        let alts = match (recv.alts.is_empty(), patterns.len()) {
                            (true, 1) => Vec::new(),
                            _ => all,
                        };
                        Val {
                            handle: Some(Handle::Path(handle)),
                            alts,
                            ..Val::default()
                        }
                    }
                    "chmod" => {
                        // The mode as written and as the walk knows it (`p.chmod(spec.mode)`
                        // with `mode = 0o777` in a dataclass of grants).
                        let mode = format!("{} {}", self.mode_text(node), first.every_text());
                        self.chmod(ln, &target, &mode);
                        Val::unknown()
                    }
                    _ => Val::unknown().with_taint(&recv.taint),
                }
            }
            // `proxy.register(profile)`: a call on the host with those arguments.
            (Some(Handle::Rpc { url }), _) if !name.starts_with('_') => {
                let url = url.clone();
                self.sink.network(ln, url.as_deref(), all, true);
                Val::unknown()
            }
            (Some(Handle::Conn { url }), _) => {
                let url = url.clone();
                match name {
                    "connect" | "connect_ex" => {
                        // A socket's `(host, port)`, or a client's host name
                        // (`SSHClient().connect("build.example.org")`).
                        let host = first.address_host().or_else(|| {
                            first
                                .known()
                                .filter(|h| !h.contains(['/', ' ']))
                                .map(str::to_owned)
                        });
                        self.sink.connect(ln, host.as_deref());
                        if let Some(r) = recv_node.filter(|r| r.kind() == "identifier") {
                            let n = self.text(r).to_owned();
                            self.bind(
                                &n,
                                Val {
                                    handle: Some(Handle::Conn { url: host }),
                                    ..Val::default()
                                },
                            );
                        }
                        Val::unknown()
                    }
                    // `conn, addr = s.accept()`: the connection is a socket too.
                    "accept" => Val {
                        items: Some(vec![
                            Val {
                                handle: Some(Handle::Conn { url: None }),
                                ..Val::default()
                            },
                            Val::unknown(),
                        ]),
                        ..Val::default()
                    },
                    "sendmail" | "send_message" => {
                        // The relay delivers to the recipients' domains: `to_addrs`, or the
                        // message's To/Cc/Bcc headers.
                        let mut domains = Vec::new();
                        let to = if name == "sendmail" {
                            args.get(1)
                        } else {
                            kwargs.get("to_addrs").or_else(|| args.get(2))
                        };
                        if let Some(t) = to {
                            for text in t.text.iter().chain(&t.alts) {
                                domains.extend(crate::places::mail_domains(text));
                            }
                            for i in t.items.iter().flatten() {
                                domains.extend(
                                    i.text.iter().flat_map(|x| crate::places::mail_domains(x)),
                                );
                            }
                        }
                        let msg = if name == "sendmail" {
                            args.get(2)
                        } else {
                            args.first()
                        };
                        if let Some(text) = msg.and_then(|m| m.text.as_deref()) {
                            domains.extend(crate::places::mail_header_domains(text));
                        }
                        domains.sort();
                        domains.dedup();
                        let outside = domains.iter().find(|d| {
                            !matches!(
                                crate::places::classify_host(Some(d), self.sink.config).0,
                                crate::places::HostClass::Local
                            )
                        });
                        match outside {
                            Some(d) => {
                                let d = d.clone();
                                self.sink.network(ln, Some(&d), all, true);
                            }
                            None => self.sink.network(ln, url.as_deref(), all, true),
                        }
                        Val::unknown()
                    }
                    "send" | "sendall" | "sendto" | "storbinary" | "storlines" | "write" => {
                        self.sink.network(ln, url.as_deref(), all, true);
                        Val::unknown()
                    }
                    // `ssh.open_sftp()`, `ssh.get_transport()`: a channel to the same host.
                    "open_sftp" | "get_transport" | "invoke_shell" => recv.clone(),
                    // `sftp.put(local, remote)` (paramiko, pysftp, fabric, scp): the local
                    // file's content goes to the host.
                    "put" | "putfo" | "put_r" | "put_d" | "upload" => {
                        let read = self.sink.read_val(ln, &first);
                        let sent = all.clone().with_taint(&read);
                        self.sink.network(ln, url.as_deref(), &sent, true);
                        Val::unknown()
                    }
                    // A command run on the host (`ssh.exec_command(cmd)`, fabric's `run`).
                    "exec_command" | "run" | "sudo" => {
                        self.sink.network(ln, url.as_deref(), all, true);
                        Val::remote()
                    }
                    "request" | "putrequest" => {
                        let m = first.known().unwrap_or("GET").to_ascii_uppercase();
                        let sends = matches!(m.as_str(), "POST" | "PUT" | "PATCH")
                            || args.len() > 2
                            || kwargs.contains_key("body");
                        self.sink.network(ln, url.as_deref(), all, sends);
                        Val::unknown()
                    }
                    "add_header" | "add_unredirected_header" | "putheader"
                        if all.taint.private() =>
                    {
                        // `req.add_header("Authorization", f"Bearer {token}")`: credentials
                        // of the request to the connection's host.
                        self.sink.network_with_credentials(
                            ln,
                            url.as_deref(),
                            &Val::unknown(),
                            &all.taint,
                            false,
                        );
                        Val::unknown()
                    }
                    "recv" | "getresponse" | "read" | "makefile" => Val::remote(),
                    "fileno" => Val::unknown(),
                    "bind" => {
                        let host = first.address_host();
                        self.listens(ln, host.as_deref());
                        Val::unknown()
                    }
                    _ => Val::unknown(),
                }
            }
            _ => match name {
                // A hash's or an HMAC's digest: one-way, it gives nothing of what was hashed
                // away.
                "hexdigest" | "digest" => Val::unknown(),
                // `ctx.wrap_socket(sock, server_hostname=...)`: the same connection, encrypted.
                "wrap_socket" | "wrap_bio" if matches!(first.handle, Some(Handle::Conn { .. })) => {
                    first.clone()
                }
                "decode" | "encode" | "strip" | "rstrip" | "lstrip" | "lower" | "upper"
                | "replace" | "expanduser" | "casefold" | "removeprefix" | "removesuffix" => {
                    let mut v = recv.clone();
                    v.handle = None;
                    if name == "replace" {
                        // The old text with the replacement in it: what is written is visible.
                        let new = args
                            .get(1)
                            .map_or(UNKNOWN.to_string(), Val::text_or_unknown);
                        v.text = match (recv.known(), args.first().and_then(Val::known)) {
                            (Some(t), Some(old)) if args.get(1).and_then(Val::known).is_some() => {
                                Some(t.replace(old, &new))
                            }
                            _ => Some(format!("{UNKNOWN}{new}{UNKNOWN}")),
                        };
                    } else if v.taint.decoded && name == "decode" {
                        v.text = v.text.map(|_| UNKNOWN.to_string());
                    }
                    if name == "decode"
                        && args.first().and_then(|a| a.known()).is_some_and(|c| {
                            // Any codec but the plain text ones hides the text (rot13, EBCDIC).
                            let c = c.to_ascii_lowercase().replace(['-', '_'], "");
                            !matches!(
                                c.as_str(),
                                "utf8"
                                    | "ascii"
                                    | "latin1"
                                    | "iso88591"
                                    | "utf16"
                                    | "utf32"
                                    | "utf8sig"
                                    | "cp1252"
                                    | "usascii"
                                    | "ignore"
                                    | "replace"
                                    | "strict"
                            )
                        })
                    {
                        v.taint.decoded = true;
                        v.text = v.text.map(|_| UNKNOWN.to_string());
                    }
                    if name == "replace" && recv.handle.is_none() && args.len() >= 2 {
                        // `stderr.replace(token, "***")`: the old text is taken out, never put
                        // in (`str.replace` has no back-references); the new text and the count
                        // are what the result holds of the arguments.
                        let mut kept = v.taint.clone();
                        for a in args.iter().skip(1) {
                            kept.join(&a.taint);
                        }
                        v.taint = kept;
                        return v;
                    }
                    v.with_taint(&all.taint)
                }
                // A compiled pattern's `sub(repl, string)`: as `re.sub`, the old text with the
                // replacement in it.
                "sub" | "subn" if args.len() >= 2 => {
                    let repl = &args[0];
                    Val::lit(format!("{UNKNOWN}{}{UNKNOWN}", repl.text_or_unknown()))
                        .with_taint(&all.taint)
                }
                "format" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    if let Some(t) = &recv.text {
                        v.text = Some(str_format(t, args, kwargs));
                    }
                    v
                }
                // `"{cmd} {arg}".format_map(SETTINGS)`: as `format`, the mapping's members by
                // name.
                "format_map" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    if let Some(t) = &recv.text {
                        let named: Map<String, Val> = first.fields.iter().cloned().collect();
                        v.text = Some(str_format(t, &[], &named));
                    }
                    v
                }
                // `Template(text).substitute(home=...)` (and `safe_substitute`): the text with
                // `$name` and `${name}` put in place from the mapping and the keywords.
                "substitute" | "safe_substitute" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    if let Some(t) = &recv.text {
                        let mut named: Map<String, Val> = first.fields.iter().cloned().collect();
                        named.extend(kwargs.iter().map(|(k, x)| (k.clone(), x.clone())));
                        v.text = Some(template_substitute(t, &named));
                    }
                    v
                }
                "join" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    match (recv.known(), first.items.as_ref()) {
                        (Some(sep), Some(items)) => {
                            let parts: Vec<String> =
                                items.iter().map(Val::text_or_unknown).collect();
                            v.text = Some(parts.join(sep));
                        }
                        // Joined at run time: a string, but not a known one.
                        (Some(_), None) => v.text = Some(UNKNOWN.to_string()),
                        _ => {}
                    }
                    v
                }
                "decrypt" | "decompress" | "b64decode" | "fromhex" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    v.taint.decoded = true;
                    v
                }
                "get" | "post" | "put" | "patch" | "request"
                    if first.text.as_deref().is_some_and(|t| t.starts_with("http")) =>
                {
                    self.http(ln, name, args, kwargs, None)
                }
                "info" | "debug" | "warning" | "warn" | "error" | "critical" | "exception"
                    if recv_node
                        .is_some_and(|r| self.text(r).to_ascii_lowercase().contains("log")) =>
                {
                    self.sink.output(ln, all);
                    Val::unknown()
                }
                "read_text" | "read_bytes" if !recv.alts.is_empty() => {
                    let t = self.sink.read_val(ln, &recv);
                    Val::unknown().with_taint(&t)
                }
                "write_text" | "write_bytes" if !recv.alts.is_empty() => {
                    self.sink.write(ln, &recv, &first, false);
                    Val::unknown()
                }
                // A dictionary the script built (`CACHES.values()`, `cfg.items()`,
                // `cfg.get("dir", default)`): its members, so a loop over them sees each value.
                "items" | "keys" | "values" | "copy" if !recv.fields.is_empty() => {
                    let items: Vec<Val> = recv
                        .fields
                        .iter()
                        .map(|(k, v)| {
                            let key = match self.path_keys.contains(k.as_str()) {
                                true => Val {
                                    handle: Some(Handle::Path(k.clone())),
                                    ..Val::default()
                                },
                                false => Val::lit(k.as_str()),
                            };
                            match name {
                                "keys" => key,
                                "values" => v.clone(),
                                _ => Val {
                                    items: Some(vec![key, v.clone()]),
                                    ..Val::default()
                                },
                            }
                        })
                        .collect();
                    match name {
                        "copy" => recv.clone(),
                        _ => Val {
                            items: Some(items),
                            ..Val::default()
                        }
                        .with_taint(&recv.taint),
                    }
                }
                // `cp.get("paths", "target")` of an INI parser holding that option: its
                // value, `%(name)s` interpolated.
                "get"
                    if recv.handle.is_none()
                        && args.len() >= 2
                        && super::ini::get_known(&recv, &first, &args[1]).is_some() =>
                {
                    super::ini::get_known(&recv, &first, &args[1])
                        .unwrap_or_default()
                        .with_taint(&recv.taint)
                }
                "get" | "pop"
                    if !recv.fields.is_empty()
                        && first.known().is_some_and(|k| recv.field(k).is_some()) =>
                {
                    let v = recv.field(first.known().unwrap_or_default()).cloned();
                    let v = v.unwrap_or_default();
                    match args.get(1) {
                        Some(d) => v.union(d),
                        None => v,
                    }
                }
                // `TARGETS.get(name)` with a key known only at run time: any member.
                "get" | "pop"
                    if first.known().is_none()
                        && !args.is_empty()
                        && let Some(m) = super::expr::members_for_key(&recv, &first) =>
                {
                    let m = m.with_taint(&recv.taint);
                    match args.get(1) {
                        Some(d) => m.union(d),
                        None => m,
                    }
                }
                // `opts.get('dir', DEFAULT)` of a dictionary without that key known: the
                // default, or a value the review cannot know.
                "get" | "pop" | "setdefault"
                    if args.len() >= 2
                        && recv.handle.is_none()
                        && recv.text.is_none()
                        && first.known().is_some() =>
                {
                    let mut around = recv.taint.clone();
                    if name == "get" {
                        around.derived();
                    }
                    if let Some(key) = first.known().filter(|_| name == "get") {
                        // `env.get("ZAMMAD_URL", "")`: the endpoint the user configured for
                        // that service; a default the script gives (a host of its own) is
                        // what it does, as `os.environ.get` with one.
                        if args[1]
                            .known()
                            .is_some_and(|d| d.trim().is_empty() || d == "None")
                            && let Some(v) = recv.taint.configured_pick(key)
                        {
                            return v;
                        }
                        // `dotenv.get("RESTIC_PASSWORD", "")`: that one variable of the file;
                        // `env.get("PORT", "8080")` of a copy of the environment, that one.
                        around.narrow_to_dotenv_key(key);
                        around.narrow_env_to_key(key);
                    }
                    args[1].or_unknown().with_taint(&around)
                }
                // `p.communicate(code)` of a `Popen(["sh"], stdin=PIPE)`: the program reads it.
                "communicate"
                    if let Some(Val {
                        handle: Some(Handle::Module(m)),
                        items: Some(argv),
                        ..
                    }) = recv.field("stdin")
                        && m == crate::command::CHILD_STDIN =>
                {
                    let input = kwargs.get("input").cloned().unwrap_or(first.clone());
                    if !input.is_blank() || input.taint != crate::engine::Taint::default() {
                        let argv = argv.clone();
                        crate::command::run_program(self.sink, ln, &argv, Some(&input));
                    }
                    Val::unknown()
                }
                "split" | "rsplit"
                    if recv.handle.is_none()
                        && recv.known().is_some_and(|t| !t.contains(UNKNOWN))
                        && (args.is_empty() || first.known().is_some_and(|s| !s.is_empty()))
                        && args.len() <= 1 =>
                {
                    // `".claude/settings.json".split("/")`: the parts of a known text.
                    let t = recv.known().unwrap_or_default();
                    let parts: Vec<Val> = match first.known() {
                        Some(sep) if !args.is_empty() => t.split(sep).map(Val::lit).collect(),
                        _ => t.split_whitespace().map(Val::lit).collect(),
                    };
                    if parts.len() > 16 {
                        return Val::unknown();
                    }
                    Val::list(
                        parts
                            .into_iter()
                            .map(|p| p.with_taint(&recv.taint))
                            .collect(),
                    )
                    .with_taint(&recv.taint)
                }
                // `cp.read_string(INI)` of a text the script spells: the parser holds its
                // sections, which `cp.get(section, option)` gives back interpolated.
                "read_string"
                    if recv.handle.is_none()
                        && first.known().is_some_and(|t| !t.contains(UNKNOWN))
                        && recv_node.is_some_and(|r| r.kind() == "identifier") =>
                {
                    let text = first.known().unwrap_or_default().to_owned();
                    let parser = super::ini::read_into(&recv, &text).with_taint(&first.taint);
                    if let Some(r) = recv_node {
                        let name = self.text(r).to_owned();
                        self.scope.bind(&name, parser);
                    }
                    Val::unknown()
                }
                // `cp = ConfigParser(); cp.read(Path.home() / ".aws/credentials")`: a parser
                // reading the files it is given holds what they hold.
                "read" | "read_file"
                    if recv.handle.is_none()
                        && (matches!(first.handle, Some(Handle::Path(_)))
                            || first.path_text().is_some_and(|p| p.contains('/'))) =>
                {
                    let t = self.sink.read_val(ln, &first);
                    if let Some(r) = recv_node.filter(|r| r.kind() == "identifier") {
                        let name = self.text(r).to_owned();
                        self.scope.taint_object(&name, &recv, &t);
                    }
                    Val::unknown().with_taint(&recv.taint).with_taint(&t)
                }
                // The names of secrets parsed at run time (`secrets.keys()` of a secrets
                // manager's download): what each is called is no secret.
                "keys"
                    if recv.taint.secret.is_some() && recv.handle.is_none() && args.is_empty() =>
                {
                    Val::unknown().with_taint(&recv.taint.names_only())
                }
                "copy" | "items" | "keys" | "values" | "read" | "text" | "json" | "readlines"
                | "splitlines" | "split" | "iter_content" | "get" | "pop" | "__getitem__" => {
                    let mut v = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    if matches!(name, "get" | "__getitem__")
                        && let Some(key) = first.known()
                    {
                        // `dotenv.get("ZAMMAD_URL")`: the endpoint the user configured.
                        if args.len() == 1
                            && let Some(v) = recv.taint.configured_pick(key)
                        {
                            return v;
                        }
                        // `dotenv.get("RESTIC_PASSWORD")` of the settings parsed out of the
                        // project's `.env`: that one variable, not the whole file (and of a
                        // copy of the environment, that one variable).
                        v.taint.narrow_to_dotenv_key(key);
                        v.taint.narrow_env_to_key(key);
                        // A member picked out of what a file holds is derived from it.
                        v.taint.derived();
                    }
                    v
                }
                "system" | "popen" => {
                    let cmd = first.code_or_unknown();
                    self.sink
                        .exec_code(ln, Language::Shell, &cmd, &format!("`{name}`"));
                    Val::unknown()
                }
                _ => {
                    let mut result = Val::unknown()
                        .with_taint(&recv.taint)
                        .with_taint(&all.taint);
                    // A match's groups, a count, a digest: derived from a file's text, not
                    // the text.
                    if super::api::DERIVING_METHODS.contains(&name) {
                        result.taint.derived();
                    }
                    // An object handed a file opened for writing writes itself into it
                    // (`config.write(fh)`, `tree.write(fh)`, `workbook.save(fh)`): the
                    // object's data, its text known only at run time, is in that file.
                    let opened = args
                        .iter()
                        .chain(kwargs.values())
                        .find(|a| matches!(a.handle, Some(Handle::File { write: true, .. })));
                    if let Some(file) = opened {
                        let append = matches!(file.handle, Some(Handle::File { append: true, .. }));
                        let target = super::files::file_target(file);
                        let content = Val::unknown().with_taint(&recv.taint);
                        self.sink.write(ln, &target, &content, append);
                        return Val::unknown();
                    }
                    match crate::caps::lookup(crate::caps::CALL_ROWS, name) {
                        Some(effect) => self.row_call(ln, name, effect, args, result),
                        None => result,
                    }
                }
            },
        }
    }

    /// The source text of a call's first argument (a mode such as `0o755` or `stat.S_IRWXU`).
    fn mode_text(&self, call: Node<'_>) -> String {
        call.field("arguments")
            .and_then(|a| named(a).next())
            .map(|n| self.text(n).to_owned())
            .unwrap_or_default()
    }
}

/// `"{}/{}".format(URL, "commits")`, `"{0}-{name}".format(a, name=b)`: the template with each
/// replacement field's argument in place (`{}` the next positional one, `{N}` the N-th,
/// `{name}` the keyword); a field with a format spec, an attribute or an index, or whose
/// argument is not known, is a part known only at run time. `{{` and `}}` are braces.
pub(super) fn str_format(t: &str, args: &[Val], kwargs: &Map<String, Val>) -> String {
    let mut out = String::new();
    let mut auto = 0;
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut field = String::new();
                let mut depth = 1;
                for f in chars.by_ref() {
                    match f {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    field.push(f);
                }
                let (name, rest) = match field.find([':', '!']) {
                    Some(i) => (&field[..i], &field[i..]),
                    None => (field.as_str(), ""),
                };
                let arg = if name.is_empty() {
                    auto += 1;
                    args.get(auto - 1)
                } else if let Ok(n) = name.parse::<usize>() {
                    args.get(n)
                } else {
                    kwargs.get(name)
                };
                match arg {
                    Some(a) if rest.is_empty() || rest == "!s" => {
                        out.push_str(&a.text_or_unknown())
                    }
                    _ => out.push(UNKNOWN),
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// `string.Template(t).substitute(named)`: `$$` is `$`, `$name` and `${name}` the named value
/// (unknown where it is not given or not known); any other `$` stays.
pub(super) fn template_substitute(t: &str, named: &Map<String, Val>) -> String {
    let ident = |c: char| c == '_' || c.is_ascii_alphanumeric();
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let (name, used) = if let Some(b) = after.strip_prefix('{') {
            match b.find('}') {
                Some(j) if !b[..j].is_empty() && b[..j].chars().all(ident) => (&b[..j], j + 2),
                _ => ("", 0),
            }
        } else {
            let n = after.find(|c: char| !ident(c)).unwrap_or(after.len());
            let starts = after.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic());
            (if starts { &after[..n] } else { "" }, n)
        };
        if let Some(r) = after.strip_prefix('$') {
            out.push('$');
            rest = r;
        } else if name.is_empty() {
            out.push('$');
            rest = after;
        } else {
            out.push_str(
                &named
                    .get(name)
                    .map_or(UNKNOWN.to_string(), Val::text_or_unknown),
            );
            rest = &after[used..];
        }
    }
    out.push_str(rest);
    out
}

impl Py<'_, '_, '_> {
    /// `parser.add_argument("--out-dir", "-o", default=D, dest=...)`: the option's destination
    /// (`out_dir`) holds D when the command line does not give it, so a script run without
    /// arguments uses D (`default=os.path.expanduser("~")` then `shutil.rmtree(args.root)`).
    fn cli_option(&mut self, c: &Call<'_>) {
        let names: Vec<String> = c
            .args
            .iter()
            .filter_map(|a| a.known().map(str::to_owned))
            .collect();
        let dest = match c.kwargs.get("dest").and_then(|d| d.known()) {
            Some(d) => d.to_owned(),
            None => {
                let long = names.iter().find(|n| n.starts_with("--"));
                let Some(name) = long.or(names.first()) else {
                    return;
                };
                name.trim_start_matches('-').replace('-', "_")
            }
        };
        if dest.is_empty() {
            return;
        }
        // (Without the command-line mark `sys.argv` values carry: an option's value was read as
        // a value nobody knows before options were followed, and only the defaults are added.)
        let value = Val::option_value(c.kwargs.get("default"));
        self.cli_options.retain(|(k, _)| *k != dest);
        self.cli_options.push((dest, value));
    }

    /// What `parse_args()` returns: a namespace whose fields are the options given so far.
    fn cli_namespace(&self) -> Val {
        let mut v = Val::unknown();
        // Each field keeps its own data: `args.out` does not carry what `args.token` holds
        // (`Val::set_field` would join every field's data into the object's).
        v.fields.clone_from(&self.cli_options);
        v
    }
}

/// The path a match of `pattern` under `base` has: `root.glob(".github/workflows/*.yml")`
/// keeps the directories the pattern spells (the whole pattern, wildcards unknown, for a
/// `glob` without `**`); otherwise `base/…/` and the end of the pattern (`*.py`).
fn glob_match(base: &str, pattern: Option<&str>, plain_glob: bool) -> String {
    let wild = UNKNOWN.to_string();
    let Some(g) = pattern else {
        return format!("{base}/{wild}/{wild}");
    };
    if plain_glob && !g.contains("**") && !g.contains('[') && !g.starts_with('/') {
        return format!("{base}/{}", g.replace(['*', '?'], &wild));
    }
    let segments: Vec<&str> = g.split('/').collect();
    let tail = segments
        .last()
        .copied()
        .unwrap_or("*")
        .replace(['*', '?'], &wild);
    let spelled: String = segments[..segments.len().saturating_sub(1)]
        .iter()
        .take_while(|s| !s.is_empty() && !s.contains(['*', '?', '[']))
        .fold(String::new(), |acc, s| acc + "/" + s);
    format!("{base}{spelled}/{wild}/{tail}")
}
