//! Python calls that run code: `exec`/`eval`, `getattr` and `__import__` by computed names,
//! shell commands and processes, and the tricks around them (detaching, `dup2`).

use super::Py;
use super::api::Argv;
use super::call::Call;
use crate::command::run_program;
use crate::engine::{Handle, Val};
use crate::model::{Category, Language, Verdict};
use crate::places::UNKNOWN;
use terraphim_shell_vocab::secrets::{SIGNING_TOOLS, password_env};

/// Modules whose functions run programs, open connections or load code: imported by a name
/// assembled at run time, they are a way to hide what the script does.
const SENSITIVE_MODULES: &[&str] = &[
    "os",
    "subprocess",
    "socket",
    "ctypes",
    "builtins",
    "pty",
    "shutil",
    "marshal",
    "pickle",
    "base64",
    "urllib",
    "requests",
    "http",
    "importlib",
    "sys",
    "posix",
    "nt",
];

impl Py<'_, '_, '_> {
    /// What a read of the whole file at `path` gives (`read`, with the file's taint): the
    /// project's own code when it is a Python source file of the working tree the script has
    /// not changed ([`crate::engine::Sink::is_project_source`]).
    pub(super) fn project_code(&mut self, read: Val, path: Option<&str>) -> Val {
        match path {
            Some(p)
                if !read.taint.private()
                    && !read.taint.decoded
                    && !read.taint.downloaded()
                    && !read.taint.arg
                    && !read.taint.found
                    && self.sink.is_project_source(p) =>
            {
                Val {
                    handle: Some(Handle::ProjectCode(p.to_owned())),
                    ..read
                }
            }
            _ => read,
        }
    }

    /// `exec(code)`, `eval(code)`, `compile(code, …)`. The text of a source file of the project
    /// (`exec(compile(Path(...).read_text(), ...))` of its `_version.py`) runs the project's
    /// own code, as running that file would: no finding; `compile` gives it on unchanged.
    pub(super) fn exec_code(&mut self, c: &Call<'_>) -> Val {
        let code = c.first();
        if matches!(code.handle, Some(Handle::ProjectCode(_))) && c.args.len() <= 3 {
            return match c.q.as_str() {
                "compile" => code,
                _ => Val::unknown(),
            };
        }
        let plain = c.arg_nodes.first().is_some_and(|n| n.kind() == "string");
        let code = if plain || code.text.is_some() || code.taint.decoded || code.taint.remote {
            code
        } else {
            Val::lit(UNKNOWN.to_string()).with_taint(&code.taint)
        };
        self.sink
            .exec_code(c.ln, Language::Python, &code, &format!("`{}`", c.q));
        Val::unknown()
    }

    /// `getattr(module, name)`.
    pub(super) fn getattr(&mut self, c: &Call<'_>) -> Val {
        let target = c.first();
        let name = c.args.get(1).cloned().unwrap_or_default();
        match &target.handle {
            Some(Handle::Module(m)) => {
                let m = m.clone();
                self.indirect(c.node, &m, &name, c.arg_nodes.get(1).copied())
            }
            // `getattr(cfg, 'root')` of the script's class: the attribute itself.
            _ => match name
                .known()
                .map(str::to_owned)
                .and_then(|n| self.instance_member(&target.clone(), &n))
            {
                Some(v) => v,
                None => Val::unknown().with_taint(&target.taint),
            },
        }
    }

    /// `__import__(name)`, `importlib.import_module(name)`.
    pub(super) fn import_call(&mut self, c: &Call<'_>) -> Val {
        let name = c.first();
        let plain = c.arg_nodes.first().is_some_and(|n| n.kind() == "string");
        match name.known() {
            Some(m) => {
                let sensitive = SENSITIVE_MODULES.contains(&m.split('.').next().unwrap_or(m));
                if name.taint.decoded || (!plain && sensitive) {
                    self.sink.add(
                        c.ln,
                        Category::ObfuscatedExecution,
                        Verdict::Dangerous,
                        format!("imports `{m}` by a name assembled at run time"),
                    );
                }
                Val::module(m.to_owned())
            }
            // `import_module(f"{PACKAGE}.{info.name}")` with `PACKAGE = "app.migrations"`:
            // a module of that package (the project's own, or one installed), whichever
            // name is found at run time.
            None if !name.taint.decoded && !name.taint.remote && name.alts.is_empty() && {
                let t = name.text.as_deref().unwrap_or("");
                let (package, rest) = t.split_once(UNKNOWN).unwrap_or(("", ""));
                package.strip_suffix('.').is_some_and(|p| {
                    p.split('.').all(|w| {
                        w.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                            && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    }) && !SENSITIVE_MODULES.contains(&p.split('.').next().unwrap_or(p))
                }) && !rest.contains(['/', '\\'])
            } =>
            {
                Val::unknown()
            }
            None => {
                self.sink.add(
                    c.ln,
                    Category::ObfuscatedExecution,
                    if name.taint.decoded {
                        Verdict::Dangerous
                    } else {
                        Verdict::Suspicious
                    },
                    "imports a module whose name is computed at run time",
                );
                Val::unknown()
            }
        }
    }

    /// `os.dup2(sock.fileno(), 0)`.
    pub(super) fn dup2(&mut self, c: &Call<'_>) -> Val {
        if self.sink.remote_socket {
            self.sink.add(
                c.ln,
                Category::Escape,
                Verdict::Dangerous,
                "wires a network socket to the standard streams: a reverse shell",
            );
        }
        Val::unknown()
    }

    /// `os.setsid()`, a daemon context.
    pub(super) fn detach(&mut self, c: &Call<'_>) -> Val {
        self.sink.add(
            c.ln,
            Category::Escape,
            Verdict::Suspicious,
            "detaches from the session, to outlive the run",
        );
        Val::unknown()
    }

    /// A program started: `subprocess.run([...])`, `os.execv(path, argv)`, `pty.spawn(...)`.
    /// `proc = Popen(..., start_new_session=True)` whose whole session the script stops
    /// (`os.killpg(proc.pid, SIGTERM)`, `os.killpg(os.getpgid(proc.pid), ...)`): a service
    /// the script runs for its own use, nothing of which outlives the run.
    fn session_killed(&self, c: &Call<'_>) -> bool {
        let Some(holder) = c
            .node
            .parent()
            .filter(|p| p.kind() == "assignment")
            .and_then(|p| p.field("left"))
            .filter(|l| matches!(l.kind(), "identifier" | "attribute"))
        else {
            return false;
        };
        let pid = format!("{}.pid", self.text(holder));
        let group = format!("os.getpgid({pid})");
        // `pgid = os.getpgid(proc.pid)` before `os.killpg(pgid, ...)`: the same group, named.
        let mut names = vec![pid.clone(), group.clone()];
        for line in self.src.lines() {
            if let Some((left, right)) = line.trim().split_once('=')
                && (right.trim() == pid || right.trim() == group)
                && is_plain_name(left.trim())
            {
                names.push(left.trim().to_owned());
            }
        }
        let killed = |first: &str| names.iter().any(|n| n == first);
        let kills: Vec<&str> = self
            .src
            .match_indices("killpg(")
            .map(|(i, m)| {
                self.src[i + m.len()..]
                    .split(',')
                    .next()
                    .unwrap_or("")
                    .trim()
            })
            .collect();
        // A start/stop manager: the pid kept in a pid file (`pid_file.write_text(str(proc.pid))`)
        // and a stop path in the same script that kills a process group, the one read back.
        let pid_kept = [
            format!("write_text(str({pid}))"),
            format!("write(str({pid}))"),
            format!("write_text(f\"{{{pid}}}\")"),
        ]
        .iter()
        .any(|w| self.src.contains(w.as_str()));
        // The child object itself waited for or stopped (`proc.wait()`, `proc.communicate()`,
        // `proc.terminate()`, `proc.kill()`, `proc.send_signal(...)`): a process of the run,
        // put in a session of its own only so that Ctrl-C reaches the script first.
        let holder = self.text(holder);
        let managed = [
            "wait(",
            "communicate(",
            "terminate(",
            "kill(",
            "send_signal(",
        ]
        .iter()
        .any(|m| {
            let call = format!("{holder}.{m}");
            self.src.match_indices(call.as_str()).any(|(i, _)| {
                !self.src[..i]
                    .chars()
                    .next_back()
                    .is_some_and(|ch| ch.is_alphanumeric() || ch == '_' || ch == '.')
            })
        });
        managed || kills.iter().any(|k| killed(k)) || (pid_kept && !kills.is_empty())
    }

    pub(super) fn subprocess(&mut self, c: &Call<'_>, at: Argv) -> Val {
        let (ln, q, args) = (c.ln, c.q.as_str(), &c.args);
        let (kwargs, kw_nodes) = (&c.kwargs, &c.kw_nodes);
        let shell = kwargs
            .get("shell")
            .and_then(|v| v.known())
            .is_some_and(|t| t != "False" && t != "0");
        if kw_nodes
            .get("env")
            .is_some_and(|n| self.text(*n).contains("LD_PRELOAD"))
        {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "injects a library into the command through LD_PRELOAD",
            );
        }
        // `env={**os.environ, "GH_TOKEN": os.environ["GITHUB_TOKEN"]}` for `gh`: a token handed
        // to its own vendor's command-line client is its use, as a client object given it is
        // (and a credential given under a credential variable of the program's own).
        if let (Some(argv), Some(env)) = (
            args.first().and_then(|a| a.items.as_deref()),
            kwargs.get("env"),
        ) {
            self.sink.child_env_credentials(argv, env);
        }
        // A signing password from the environment handed to a signing tool or a build that
        // signs, in its environment or on its standard input (`minisign -S` reading it,
        // Gradle's signing properties): the password's use, as a token given to its own
        // vendor's client is. Its base name without an extension (`gradlew.bat`).
        let first = args
            .first()
            .and_then(|a| a.items.as_ref())
            .and_then(|items| items.first());
        let names: Vec<&String> = first
            .map(|f| f.text.iter().chain(&f.alts).collect())
            .unwrap_or_default();
        if !names.is_empty()
            && names.iter().all(|p| {
                let base = p.rsplit('/').next().unwrap_or(p);
                SIGNING_TOOLS.contains(&base.split('.').next().unwrap_or(base))
            })
        {
            let given = kwargs
                .get("env")
                .into_iter()
                .flat_map(|env| env.fields.iter().map(|(_, v)| v))
                .chain(kwargs.get("input"));
            for v in given {
                if let Some(name) = v.taint.env_var()
                    && password_env(name)
                {
                    self.sink.env_token_used.insert(name.to_owned());
                }
            }
        }
        let detached = kwargs
            .get("start_new_session")
            .and_then(|v| v.known())
            .is_some_and(|t| t == "True")
            || kw_nodes
                .get("preexec_fn")
                .is_some_and(|n| self.text(*n).contains("setsid"));
        let silent = kw_nodes
            .get("stdout")
            .is_some_and(|n| self.text(*n).contains("DEVNULL"))
            && kw_nodes
                .get("stderr")
                .is_some_and(|n| self.text(*n).contains("DEVNULL"));
        if detached && (silent || q == "subprocess.Popen") && !self.session_killed(c) {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Suspicious,
                "starts a detached background process meant to outlive the run",
            );
        }
        // A stream given the socket itself (`stdin=s`) or its descriptor (`stdin=s.fileno()`).
        let wired = ["stdin", "stdout", "stderr"].iter().any(|k| {
            kw_nodes
                .get(*k)
                .is_some_and(|n| self.text(*n).contains("fileno"))
                || kwargs
                    .get(*k)
                    .is_some_and(|v| matches!(v.handle, Some(Handle::Conn { .. })))
        });
        if wired && self.sink.remote_socket {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "wires a network socket to a process: a reverse shell",
            );
        }
        // `os.execv(path, argv)`, `os.spawnv(mode, path, argv)`, `os.execl(path, arg0, ...)`:
        // the file run is `path`; the first element of the list is only the name it is given.
        let program_at = match q {
            _ if q.starts_with("os.exec") || q.starts_with("os.posix_spawn") => Some(0),
            _ if q.starts_with("os.spawn") => Some(1),
            _ => None,
        };
        let with_program = |list: Option<Val>| -> Option<Val> {
            let Some(prog) = program_at.and_then(|i| args.get(i)) else {
                return list;
            };
            if prog.text.is_none() && prog.alts.is_empty() {
                return list;
            }
            let mut list = list.unwrap_or_default();
            let mut items = list.items.take().unwrap_or_default();
            match items.first_mut() {
                Some(first) => *first = prog.clone(),
                None => items.push(prog.clone()),
            }
            list.items = Some(items);
            Some(list)
        };
        let first = match at {
            Argv::Second if program_at == Some(1) => with_program(args.get(2).cloned()),
            Argv::Second => with_program(args.get(1).cloned()),
            Argv::From(n) => with_program(Some(Val {
                items: Some(args.iter().skip(n).cloned().collect()),
                ..Val::default()
            })),
            Argv::First => kwargs
                .get("args")
                .cloned()
                .or_else(|| args.first().cloned()),
        };
        let first = first.unwrap_or_default();
        if q == "pty.spawn" && self.sink.remote_socket {
            self.sink.add(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "spawns a shell after connecting a socket: a reverse shell",
            );
        }
        let stdin = kwargs.get("input").cloned();
        if shell {
            let cmd = first.code_or_unknown();
            let how = format!("`{q}` with shell=True");
            // `check_output(cmd, shell=True)` and `run(cmd, shell=True, capture_output=True)`
            // (or `stdout=PIPE`) take what the command prints; otherwise it reaches the output.
            let captures = q == "subprocess.check_output"
                || kwargs.contains_key("capture_output")
                || kwargs.get("stdout").is_some_and(
                    |v| matches!(&v.handle, Some(Handle::Module(m)) if m.ends_with("PIPE")),
                );
            if !captures {
                self.sink.exec_code(ln, Language::Shell, &cmd, &how);
                return Val::unknown();
            }
            let printed = self
                .sink
                .exec_code_captured(ln, Language::Shell, &cmd, &how);
            return match q {
                "subprocess.check_output" => printed,
                _ => {
                    let mut out = Val::unknown().with_taint(&printed.taint);
                    out.fields.push(("stdout".to_owned(), printed));
                    out
                }
            };
        }
        let argv: Vec<Val> = match (&first.items, first.known()) {
            (Some(items), _) => items.clone(),
            (None, Some(t)) => t.split_whitespace().map(Val::lit).collect(),
            (None, None) => {
                if first.taint.decoded || first.taint.remote {
                    self.sink
                        .exec_code(ln, Language::Shell, &first, &format!("`{q}`"));
                }
                return Val::unknown();
            }
        };
        let printed = run_program(self.sink, ln, &argv, stdin.as_ref());
        if q == "subprocess.Popen" && stdin.is_none() && kwargs.contains_key("stdin") {
            // `Popen(["sh"], stdin=PIPE)`: what `communicate(code)` or `p.stdin.write(code)`
            // gives it is what the program reads.
            let mut child = Val::unknown().with_taint(&printed.taint);
            child.set_field(&["stdin"], crate::command::child_stdin(argv));
            return child;
        }
        // What the program prints, where the review knows it (`git rev-parse --git-dir` is
        // the project's .git): the text of `check_output(...)` and the `stdout` of the
        // process `run(...)` returns.
        let known = printed.known().is_some_and(|t| !t.is_empty());
        // A command that prints a credential (`op read REF`): the process `run(...)` returns
        // holds it in its `stdout`; its `stderr` and `returncode` say only what went wrong.
        if q == "subprocess.run"
            && let Some(err) = printed.field("stderr")
        {
            let mut out = Val::unknown().with_taint(&err.taint);
            let mut stdout = printed.clone();
            stdout.fields.clear();
            out.fields.push(("stdout".to_owned(), stdout));
            return out;
        }
        let mut out = Val::unknown().with_taint(&printed.taint);
        match q {
            "subprocess.check_output" if known => out.text.clone_from(&printed.text),
            "subprocess.run" if known => out.fields.push(("stdout".to_owned(), printed)),
            _ => {}
        }
        out
    }
}

/// A name a value can be held in: `pgid`, `self.pgid`.
fn is_plain_name(t: &str) -> bool {
    !t.is_empty()
        && !t.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && t.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}
