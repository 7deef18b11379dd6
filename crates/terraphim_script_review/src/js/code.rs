//! JavaScript calls that run code: `require` by computed names, `eval` and its relatives,
//! `Reflect.get`, and child processes.

use super::Js;
use super::call::Call;
use super::module_name;
use crate::command::run_program;
use crate::engine::Val;
use crate::model::{Category, Language, Verdict};
use crate::places::{HostClass, UNKNOWN, classify_host};
use crate::scope::EXEC_NAMES;
use crate::ts::Node;

impl Js<'_, '_, '_> {
    /// `require(name)`.
    pub(super) fn require(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let plain = arg_nodes.first().is_some_and(|n| n.kind() == "string");
        if let Some(url) = first.text.as_deref().filter(|t| t.starts_with("data:")) {
            self.data_url_module(ln, url, first);
            return Val::unknown();
        }
        match first.known() {
            Some(m) if m.starts_with("http://") || m.starts_with("https://") => {
                // `import('https://host/x.mjs')` (Deno, Bun, Node with loaders): code fetched
                // from that host and run, unless the host is a registry or one allowed.
                let (class, host) = classify_host(Some(m), self.sink.config);
                if !matches!(class, HostClass::Allowed | HostClass::Local) {
                    self.sink.add_rule(
                        ln,
                        Category::RemoteCode,
                        Verdict::Dangerous,
                        "download-to-exec",
                        vec![
                            format!("source: a module at {}", host.as_deref().unwrap_or(m)),
                            "exec: the module is loaded".to_owned(),
                        ],
                        format!(
                            "loads and runs code from {}",
                            host.as_deref().unwrap_or("a URL")
                        ),
                    );
                }
                Val::module(m)
            }
            Some(m) => {
                // A file the script wrote with downloaded content, loaded as a module (also
                // by its `file://` URL).
                if m.contains('/') {
                    self.sink
                        .runs_file(ln, m.strip_prefix("file://").unwrap_or(m));
                }
                self.sink.imported(m);
                let m = module_name(m);
                if (!plain || first.taint.decoded)
                    && matches!(
                        m.as_str(),
                        "child_process" | "fs" | "net" | "vm" | "http" | "https" | "os" | "dgram"
                    )
                {
                    self.sink.add(
                        ln,
                        Category::ObfuscatedExecution,
                        Verdict::Dangerous,
                        format!("loads `{m}` by a name assembled at run time"),
                    );
                }
                Val::module(m)
            }
            // `require(path.join(root, 'package.json'))`: a JSON file is parsed as data, never
            // run, and one in the working tree is the project's own.
            None if !first.taint.decoded
                && !first.taint.remote
                && (first.text.as_deref().is_some_and(|t| t.ends_with(".json"))
                    || self.json_import(c)) =>
            {
                let path = first.text_or_unknown();
                let t = self.sink.read_path(ln, &path);
                Val::unknown().with_taint(&t)
            }
            // `import(pathToFileURL(path.join(MIGRATIONS, f)).href)` for each `f` of
            // `readdirSync(MIGRATIONS)`: a migration or plugin runner loading the project's
            // own files.
            None if self.sink.listed_project_entry(first) => {
                if let Some(t) = first.text.as_deref() {
                    self.sink
                        .runs_file(ln, t.strip_prefix("file://").unwrap_or(t));
                }
                Val::unknown()
            }
            None => {
                // `import(file)` of the path the script just wrote a download to, a name with a
                // part known only at run time (`tmp/boot-${Date.now()}.mjs`): the same value,
                // so the same file.
                if let Some(t) = first.text.as_deref().filter(|t| t.contains('/')) {
                    self.sink
                        .runs_file(ln, t.strip_prefix("file://").unwrap_or(t));
                }
                self.sink.add(
                    ln,
                    Category::ObfuscatedExecution,
                    if first.taint.decoded {
                        Verdict::Dangerous
                    } else {
                        Verdict::Suspicious
                    },
                    "loads a module whose name is computed at run time",
                );
                Val::unknown()
            }
        }
    }

    /// `import('data:text/javascript,...')`: the URL's text is the module's code, run here;
    /// base64 text (`data:...;base64,${b}`) is code decoded at run time. A JSON module is
    /// data.
    fn data_url_module(&mut self, ln: u32, url: &str, spec: &Val) {
        let (header, body) = url.split_once(',').unwrap_or((url, ""));
        if header.contains("json") {
            return;
        }
        let code = if header.contains(";base64") {
            Val::decoded(&spec.taint)
        } else {
            let text = super::percent_decoded(body).unwrap_or_else(|| body.to_owned());
            Val::lit(text).with_taint(&spec.taint)
        };
        self.sink
            .exec_code(ln, Language::JavaScript, &code, "`import` of a data: URL");
    }

    /// `import(path, { with: { type: 'json' } })` (or the older `assert`): the module is a
    /// JSON file, parsed as data and never run, whatever its path.
    fn json_import(&self, c: &Call<'_>) -> bool {
        c.arg_node(1).is_some_and(|o| {
            let t: String = self
                .text(o)
                .chars()
                .filter(|ch| !ch.is_whitespace() && !matches!(ch, '\'' | '"' | '`'))
                .collect();
            o.kind() == "object"
                && (t.contains("with:{type:json}") || t.contains("assert:{type:json}"))
        })
    }

    /// `eval(code)`, `new Function(…, code)`, `vm.runInThisContext(code)`, string timers.
    pub(super) fn eval_code(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let args = &c.args;
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let q = c.q.as_str();
        let code = if q == "Function" {
            args.last().cloned().unwrap_or_default()
        } else {
            first.clone()
        };
        if matches!(q, "setTimeout" | "setInterval")
            && !arg_nodes.first().is_some_and(|n| {
                matches!(
                    n.kind(),
                    "string" | "template_string" | "binary_expression" | "identifier"
                )
            })
        {
            return Val::unknown();
        }
        if matches!(q, "setTimeout" | "setInterval")
            && code.text.is_none()
            && !code.taint.decoded
            && !code.taint.remote
        {
            return Val::unknown();
        }
        let code = if code.text.is_some() || code.taint.decoded || code.taint.remote {
            code
        } else {
            Val::lit(UNKNOWN.to_string()).with_taint(&code.taint)
        };
        self.sink
            .exec_code(ln, Language::JavaScript, &code, &format!("`{q}`"));
        Val::unknown()
    }

    /// `Reflect.get(obj, name)`.
    pub(super) fn reflect_get(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let all = &c.all;
        let second = c.second();
        let name = second;
        if name.known().is_some_and(|n| EXEC_NAMES.contains(&n)) || name.taint.decoded {
            let n = name.text_or_unknown();
            self.sink.add(
                ln,
                Category::ObfuscatedExecution,
                Verdict::Dangerous,
                format!("reaches `{n}` through Reflect.get"),
            );
            return Val::module(n);
        }
        // `Reflect.get(process, 'env')`, `Reflect.get(cfg, 'dir')`: the member, as `obj.name`.
        if let Some(n) = name.known() {
            let obj = c.first();
            match &obj.handle {
                Some(crate::engine::Handle::Module(m)) if m == "process.env" => {
                    return self.sink.read_env(ln, n);
                }
                Some(crate::engine::Handle::Module(m)) => {
                    return super::expr::module_member(crate::scope::dotted(m, n));
                }
                _ => {
                    if let Some(f) = obj.field(n) {
                        return f.clone();
                    }
                }
            }
        }
        Val::unknown().with_taint(all)
    }

    /// A detached child kept by a script that stops process groups by a child's pid
    /// (`process.kill(-child.pid, 'SIGTERM')`): a service it runs for its own use and stops,
    /// not one left running. One `.unref()`ed at once is let go, whatever the script kills.
    fn child_group_killed(&self, opts: Option<Node<'_>>) -> bool {
        let call = opts.and_then(|o| o.parent()).and_then(|a| a.parent());
        let let_go = call
            .and_then(|c| c.parent())
            .filter(|m| m.kind() == "member_expression")
            .and_then(|m| m.field("property"))
            .is_some_and(|p| self.text(p) == "unref");
        // A pid the script kept (`pids[name] = child.pid`, written to its state file) may be
        // stopped later by a helper's parameter (`process.kill(-pid, sig)` in `down`).
        let keeps_pids = self.src.contains(".pid");
        !let_go
            && self.src.match_indices("process.kill(-").any(|(i, m)| {
                self.src[i + m.len()..]
                    .split([',', ')'])
                    .next()
                    .map(str::trim)
                    .is_some_and(|pid| {
                        pid.ends_with(".pid")
                            || (keeps_pids
                                && pid.to_ascii_lowercase().ends_with("pid")
                                && pid.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
                    })
            })
    }

    /// A program started with an argument list and options.
    pub(super) fn spawn(
        &mut self,
        ln: u32,
        prog: Val,
        items: Option<Vec<Val>>,
        opts: Option<Node<'_>>,
    ) -> Val {
        let shell = self
            .prop(opts, "shell")
            .is_some_and(|(v, _)| v.known() != Some("false"));
        let detached = self
            .prop(opts, "detached")
            .is_some_and(|(v, _)| v.known() == Some("true"));
        let stdio = self
            .prop(opts, "stdio")
            .map(|(_, n)| self.text(n).to_owned())
            .unwrap_or_default();
        let ignored = stdio.contains("ignore");
        if detached
            && ignored
            && !self.child_group_killed(opts)
            && !opens_document(&prog, items.as_deref())
        {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Suspicious,
                "starts a detached, silent background process meant to outlive the run",
            );
        }
        let env = self
            .prop(opts, "env")
            .map(|(_, n)| self.text(n).to_owned())
            .unwrap_or_default();
        if env.contains("LD_PRELOAD") {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "injects a library into the command through LD_PRELOAD",
            );
        }
        if (stdio.contains("socket") || stdio.contains("client")) && self.sink.remote_socket {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "wires a network socket to a process: a reverse shell",
            );
        }
        let mut argv = vec![prog];
        argv.extend(items.unwrap_or_default());
        if !shell && let Some((env, _)) = self.prop(opts, "env") {
            self.sink.child_env_credentials(&argv, &env);
        }
        if shell {
            let mut cmd = Val::lit("");
            for (i, a) in argv.iter().enumerate() {
                if i > 0 {
                    cmd = cmd.concat(&Val::lit(" "));
                }
                cmd = cmd.concat(a);
            }
            self.sink
                .exec_code(ln, Language::Shell, &cmd, "spawn with shell: true");
            return Val::unknown();
        }
        if argv[0].text.is_none() && !argv[0].taint.remote && !argv[0].taint.decoded {
            return Val::unknown();
        }
        // `execFileSync('node', [], {input: code})`: what the program reads on stdin.
        let input = self.prop(opts, "input").map(|(v, _)| v);
        let mut child = run_program(self.sink, ln, &argv, input.as_ref());
        if input.is_none() && child.handle.is_none() {
            // `spawn('bash', ['-s']).stdin.write(code)`: what is written to the child's
            // stdin is what the program reads there.
            child.set_field(&["stdin"], crate::command::child_stdin(argv));
        }
        child
    }
}

/// The programs that hand a file to the desktop's viewer for it and exit.
const OPENERS: &[&str] = &["open", "xdg-open", "explorer", "start"];

/// Documents a viewer shows (a report, an image): opening one runs nothing of the script's.
const DOCUMENTS: &[&str] = &[".html", ".htm", ".pdf", ".svg", ".png", ".txt", ".md"];

/// `spawn(opener, [report], { detached: true, stdio: 'ignore' })` with the OS opener (each
/// program it may be) of a local document: the viewer the user keeps open, not a process of
/// the script meant to outlive the run.
fn opens_document(prog: &Val, args: Option<&[Val]>) -> bool {
    let programs: Vec<&str> = match (&prog.text, prog.alts.is_empty()) {
        (Some(t), true) => vec![t.as_str()],
        (None, false) => prog.alts.iter().map(String::as_str).collect(),
        _ => return false,
    };
    let document = match args {
        Some([file]) => file.path_text().is_some_and(|p| {
            let p = p.to_ascii_lowercase();
            !p.contains("://") && DOCUMENTS.iter().any(|e| p.ends_with(e))
        }),
        _ => false,
    };
    document && programs.iter().all(|p| OPENERS.contains(p))
}
