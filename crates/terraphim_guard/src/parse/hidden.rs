//! Code hidden elsewhere than in argv: text piped or written into a shell, input templates
//! (`xargs`, `parallel`), array subscripts, and options whose value is a command.

use crate::canon;

use super::unwrap::dash_c_index;
use terraphim_shell_vocab::decode::Decoder;
use terraphim_shell_vocab::{is_build_input, is_lockfile, is_runner_source, is_shell};

use super::vocab::{CODE_OPTIONS, git_key_runs_code};
use super::walker::{Ctx, Walker};
use super::{Finding, SimpleCommand};

impl Walker {
    /// `echo "rm -rf /" | sh`: the literal text echoed into a shell is code; parse it.
    pub(super) fn reparse_piped_literals(&mut self, ctx: &Ctx, depth: u32, shell: &str) {
        for code in self.piped_texts(ctx) {
            let mut layers = ctx.layers.clone();
            layers.push(format!("echo | {shell}"));
            self.parse_code(&code, depth + 1, &layers);
        }
    }

    /// What the previous stage of `ctx`'s pipeline writes when it is literal text: the words
    /// `echo` or `printf` print, or the heredoc or here-string that `cat` copies.
    pub(super) fn piped_texts(&self, ctx: &Ctx) -> Vec<String> {
        let Some((id, stage)) = ctx.pipeline else {
            return Vec::new();
        };
        if stage == 0 {
            return Vec::new();
        }
        self.stage_output(id, stage - 1, 0)
    }

    /// The literal text pipeline `id`'s stage `stage` writes: a literal producer's output, or a
    /// decoder's (`base64 -d`, `xxd -r -p`, `rev`) reading literal text from the stage before it
    /// or from its own here-string, decoded as the tool decodes it (`echo B64 | base64 -d | sh`
    /// runs the decoded text).
    pub(super) fn stage_output(&self, id: u32, stage: u32, hops: u32) -> Vec<String> {
        let mut out = Vec::new();
        for c in self
            .out
            .commands
            .iter()
            .filter(|c| c.pipeline == Some((id, stage)))
        {
            if let Some(text) = literal_output(c) {
                out.push(text);
                continue;
            }
            let Some(decoder) = Decoder::of(&c.argv) else {
                continue;
            };
            // A few decoders in a row at most: each hop is one more decoding of the same text.
            if hops >= 4 {
                continue;
            }
            let inputs = match (&c.stdin_text, stage) {
                (Some(text), _) => vec![text.clone()],
                (None, 0) => Vec::new(),
                (None, _) => self.stage_output(id, stage - 1, hops + 1),
            };
            out.extend(inputs.iter().filter_map(|t| decoder.apply(t)));
        }
        out
    }

    /// The paths a listing in the previous stage of `ctx`'s pipeline prints, one a line: the
    /// operands of `ls -d DIR/*` (or of `ls` with a glob or a file), which it prints as given
    /// (`ls -d ~/* | xargs rm -rf` deletes `~/*`). Names `ls DIR` prints from inside a
    /// directory are relative to the working directory and are not added; a listing with no
    /// operand adds nothing.
    pub(super) fn piped_listing(&self, ctx: &Ctx) -> Option<String> {
        let (id, stage) = ctx.pipeline?;
        let mut prev = stage.checked_sub(1)?;
        // Stages that pass on some of the lines they read, unchanged (`grep -v '/proj/$'`,
        // `head -n 3`, `sort`): what the listing printed, or fewer of its lines, comes through.
        while prev > 0 && self.stage_passes_lines(id, prev) {
            prev -= 1;
        }
        let mut out = Vec::new();
        for c in self
            .out
            .commands
            .iter()
            .filter(|c| c.pipeline == Some((id, prev)))
        {
            let name = c.argv.first().map(|n| canon::command_basename(n))?;
            if name == "git" && c.argv.get(1).is_some_and(|s| s == "ls-files") {
                out.extend(git_listed(&c.argv[2..]));
                continue;
            }
            if !LISTINGS.contains(&name) {
                continue;
            }
            out.extend(
                c.argv
                    .iter()
                    .skip(1)
                    .filter(|a| !canon::is_flag(a) && a.as_str() != "--")
                    .cloned(),
            );
        }
        (!out.is_empty()).then(|| out.join("\n"))
    }

    /// Whether every command of stage `stage` of pipeline `id` only passes on some of the lines
    /// of its input unchanged: a filter without a file operand that rewrites no line.
    fn stage_passes_lines(&self, id: u32, stage: u32) -> bool {
        let mut any = false;
        for c in self
            .out
            .commands
            .iter()
            .filter(|c| c.pipeline == Some((id, stage)))
        {
            any = true;
            let name = c.argv.first().map_or("", |n| canon::command_basename(n));
            let args = &c.argv[1..];
            let passes = match name {
                // `-o`, `-c`, `-l`, `-n`, `-b`, `-h`/`-H` print other text than the lines.
                "grep" | "egrep" | "fgrep" | "rg" => {
                    let flags: Vec<&String> = args.iter().filter(|a| canon::is_flag(a)).collect();
                    let operands = args.len() - flags.len();
                    operands <= 1
                        && !flags.iter().any(|f| {
                            !f.starts_with("--")
                                && f[1..].contains(['o', 'c', 'l', 'L', 'n', 'b', 'H', 'Z', 'f'])
                                || f.starts_with("--only")
                                || f.starts_with("--count")
                                || f.starts_with("--files")
                                || f.starts_with("--line-number")
                                || f.starts_with("--byte")
                                || f.starts_with("--with-filename")
                                || f.starts_with("--file")
                        })
                }
                "head" | "tail" | "sort" | "tac" | "shuf" => {
                    args.iter()
                        .all(|a| canon::is_flag(a) || a.parse::<i64>().is_ok())
                        && !args.iter().any(|a| a == "-o" || a.starts_with("--output"))
                }
                "uniq" => args.iter().all(|a| canon::is_flag(a) && !a.contains('c')),
                "cat" => args.is_empty() || args == ["-"],
                _ => false,
            };
            if !passes {
                return false;
            }
        }
        any
    }

    /// A shell or `source` reads a process substitution (`bash <(echo CODE)`, `source <(printf
    /// ...)`): what the substitution writes is what runs, as in `echo CODE | bash`, so that
    /// pipeline is judged too (literal and decoded output included).
    pub(super) fn substitution_as_pipe(&mut self, word: &str, shell: &str, ctx: &Ctx, depth: u32) {
        let Some(inner) = word.strip_prefix("<(").and_then(|w| w.strip_suffix(')')) else {
            return;
        };
        let reader = if is_shell(shell) {
            shell.to_owned()
        } else {
            format!("{shell} /dev/stdin")
        };
        let mut layers = ctx.layers.clone();
        layers.push(format!("{shell} <(...)"));
        self.parse_code(&format!("{inner} | {reader}"), depth + 1, &layers);
    }

    /// A shell runs a script file: when the line wrote that file with literal content, the
    /// content is parsed as code.
    pub(super) fn run_written(&mut self, file: &str, shell: &str, ctx: &Ctx, depth: u32) {
        let file = canon::normalise_path(file);
        let code: Vec<String> = self
            .written
            .iter()
            .filter(|(path, _)| *path == file)
            .map(|(_, content)| content.clone())
            .collect();
        for code in code {
            let mut layers = ctx.layers.clone();
            layers.push(format!("{shell} {file} (written above)"));
            self.parse_code(&code, depth + 1, &layers);
        }
    }

    /// `xargs` and `parallel` run their command once per input: when the input is literal text
    /// piped in (or `parallel`'s `::: ARGS`), the command is judged with it put in place (in the
    /// `-I` replacement string, or appended); when it is not, a template that hands the input to
    /// a shell as code is a finding.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn input_templates(
        &mut self,
        name: &str,
        rest: &[String],
        skip: usize,
        inner: &mut Vec<String>,
        inner_dyn: &mut Vec<bool>,
        c: &mut Ctx,
        text: &str,
        depth: u32,
    ) {
        let mut replace = None;
        let mut inputs: Vec<String> = Vec::new();
        if name == "xargs" {
            let mut i = 0;
            while i < skip {
                let a = rest[i].as_str();
                if a == "-I" || a == "-J" {
                    replace = rest.get(i + 1).cloned();
                    i += 1;
                } else if let Some(r) = a.strip_prefix("--replace=") {
                    replace = Some(if r.is_empty() { "{}" } else { r }.to_string());
                } else if a == "-i" || a == "--replace" {
                    replace = Some("{}".into());
                } else if let Some(r) = a.strip_prefix("-I").or_else(|| a.strip_prefix("-i")) {
                    replace = Some(r.to_string());
                }
                i += 1;
            }
            for t in self.piped_texts(c).into_iter().chain(self.piped_listing(c)) {
                if replace.is_some() {
                    inputs.extend(t.lines().map(str::to_string));
                } else {
                    inputs.extend(t.split_whitespace().map(str::to_string));
                }
            }
        } else {
            replace = Some("{}".into());
            if let Some(at) = inner.iter().position(|a| a == ":::" || a == "::::") {
                inputs.extend(inner[at + 1..].iter().cloned());
                inner.truncate(at);
                inner_dyn.truncate(at);
            }
            for t in self.piped_texts(c).into_iter().chain(self.piped_listing(c)) {
                inputs.extend(t.lines().map(str::to_string));
            }
        }
        // `parallel 'gzip -k {}' ::: a b`: a template given as one word is a shell command
        // line; parallel puts each input in place (quoted) and hands the line to the shell.
        if name == "parallel"
            && let [template] = inner.as_slice()
            && template.contains(char::is_whitespace)
            && !inner_dyn[0]
        {
            let codes: Vec<String> = if inputs.is_empty() {
                vec![parallel_line(template, "\"$PARALLEL_INPUT\"")]
            } else {
                inputs
                    .iter()
                    .take(16)
                    .map(|input| parallel_line(template, &parallel_quote(input)))
                    .collect()
            };
            let mut layers = c.layers.clone();
            layers.push("parallel command template".to_string());
            for code in codes {
                self.parse_code(&code, depth + 1, &layers);
            }
            inner.clear();
            inner_dyn.clear();
            return;
        }
        let uses_replace = |args: &[String]| {
            replace
                .as_deref()
                .is_some_and(|r| !r.is_empty() && args.iter().any(|a| a.contains(r)))
        };
        if inner.is_empty() {
            // `parallel ::: CMD...`: each input is a command line.
            let mut layers = c.layers.clone();
            layers.push(format!("{name} input"));
            for input in inputs.iter().take(16) {
                self.parse_code(input, depth + 1, &layers);
            }
            return;
        }
        if inputs.is_empty() {
            // Unknown input: a shell given the input as its code runs whatever arrives.
            let shell_code = inner
                .first()
                .is_some_and(|n| is_shell(&canon::program_name(n)))
                && (uses_replace(inner) || replace.is_none());
            if shell_code && dash_c_index("sh", &inner[1..]).is_some() {
                let mut own = vec![name.to_string()];
                own.extend(rest[..skip].iter().cloned());
                let mut outer = c.clone();
                outer.layers.pop();
                self.push(own, text.to_string(), &outer, vec![Finding::CodeFromInput]);
            }
            // The words that arrive are unknown: the command is judged with an unknown word in
            // their place (`xargs npm install` installs whatever packages are named, `xargs
            // -I{} rm {}` deletes whatever paths arrive), besides as written.
            const INPUT: &str = "${INPUT}";
            match replace.as_deref().filter(|_| uses_replace(inner)) {
                Some(r) => {
                    for (a, d) in inner.iter_mut().zip(inner_dyn.iter_mut()) {
                        if a.contains(r) {
                            *a = a.replace(r, INPUT);
                            *d = true;
                        }
                    }
                }
                None if replace.is_none() || name == "parallel" => {
                    let mut argv = inner.clone();
                    let mut d = inner_dyn.clone();
                    argv.push(INPUT.to_string());
                    d.push(true);
                    self.unwrap(argv, d, text.to_string(), c, depth);
                }
                None => {}
            }
            return;
        }
        // Each input once (up to a bound), with the input in place.
        let templated = uses_replace(inner);
        let mut extra = Vec::new();
        if replace.is_some() && templated {
            if let Some(r) = replace.as_deref() {
                for input in inputs.iter().take(16) {
                    extra.push(
                        inner
                            .iter()
                            .map(|a| a.replace(r, input))
                            .collect::<Vec<_>>(),
                    );
                }
            }
        } else if name == "xargs" && replace.is_some() {
            // `xargs -I{} CMD` without `{}` in CMD runs CMD as written, once per input line.
        } else if name == "parallel" {
            // The template as written too (see below).
            if has_operand(inner) {
                extra.push(inner.clone());
            }
            for input in inputs.iter().take(16) {
                let mut argv = inner.clone();
                argv.push(input.clone());
                extra.push(argv);
            }
        } else {
            // The input's words go after the template's, so the template is also judged as
            // written: `xargs find . -delete` deletes everything whatever words arrive (with
            // none, xargs runs it once), and a word that makes this run fail is no safeguard.
            // A template with no operand of its own (`xargs rm -f`) acts on the input alone.
            if has_operand(inner) {
                extra.push(inner.clone());
            }
            let mut argv = inner.clone();
            argv.extend(inputs.iter().take(256).cloned());
            extra.push(argv);
        }
        if let Some(first) = extra.pop() {
            for argv in extra {
                let d = vec![false; argv.len()];
                self.unwrap(argv, d, text.to_string(), c, depth);
            }
            *inner_dyn = vec![false; first.len()];
            *inner = first;
        }
    }

    /// `printf -v 'a[$(cmd)]'`, `read 'a[$(cmd)]'`, `unset`, `let`, `declare`: bash evaluates an
    /// array subscript in a variable name as arithmetic, which runs command substitutions.
    pub(super) fn subscripts(&mut self, argv: &[String], ctx: &Ctx, depth: u32) {
        let name = argv
            .first()
            .map(|n| canon::command_basename(n))
            .unwrap_or("");
        if !matches!(
            name,
            "printf"
                | "read"
                | "unset"
                | "let"
                | "declare"
                | "typeset"
                | "local"
                | "export"
                | "readonly"
                | "mapfile"
                | "readarray"
                | "test"
                | "["
                | "wait"
                | "getopts"
                | "shift"
                | "return"
                | "exit"
        ) {
            return;
        }
        for a in &argv[1..] {
            let Some(open) = a.find('[') else { continue };
            let inner = &a[open + 1..];
            let inner = inner.rfind(']').map_or(inner, |close| &inner[..close]);
            if inner.contains("$(") || inner.contains('`') || name == "let" {
                let mut layers = ctx.layers.clone();
                layers.push(format!("{name} subscript"));
                // The subscript is expanded like a word in double quotes.
                self.parse_code(&format!(": \"{inner}\""), depth + 1, &layers);
            }
        }
    }
}

/// Whether `word` is a cluster of two or more one-letter flags (`-sc`, `-qec`) whose last one is
/// `letter`: that flag takes the next word as its value.
pub(super) fn cluster_ending_in(word: &str, letter: char) -> bool {
    word.strip_prefix('-').is_some_and(|f| {
        f.len() > 1 && f.ends_with(letter) && f.chars().all(|c| c.is_ascii_alphabetic())
    })
}

/// The values of `option` in `args` (options before a `--`): `--opt=V`, `--opt V`, `-oV` for a
/// short option, and `-opt V` for single-dash long ones.
pub(super) fn option_values<'a>(args: &'a [String], option: &str) -> Vec<(usize, &'a str)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == "--" {
            break;
        }
        if a == option {
            if let Some(v) = args.get(i + 1) {
                out.push((i + 1, v.as_str()));
            }
            i += 2;
            continue;
        }
        if let Some(v) = a.strip_prefix(option) {
            if let Some(v) = v.strip_prefix('=') {
                out.push((i, v));
            } else if !v.is_empty() && option.len() == 2 && !option.starts_with("--") {
                out.push((i, v));
            }
        }
        i += 1;
    }
    out
}

impl Walker {
    /// [`Walker::parse_code`] for code a program runs from one of its options, a variable or
    /// its program text: the commands it yields are marked [`SimpleCommand::option_code`].
    pub(super) fn parse_option_code(&mut self, code: &str, depth: u32, layers: &[String]) {
        self.option_depth += 1;
        self.parse_code(code, depth, layers);
        self.option_depth -= 1;
    }

    /// Options that make a program run another command (`git -c core.pager=CMD`, `tar
    /// --to-command=CMD`, `ssh -o ProxyCommand=CMD`, `vim -c '!CMD'`, `git bisect run CMD`):
    /// the command is parsed and judged as code.
    pub(super) fn program_options(
        &mut self,
        name: &str,
        rest: &[String],
        rest_dyn: &[bool],
        ctx: &Ctx,
        depth: u32,
        findings: &mut Vec<Finding>,
    ) {
        const PROGRAMS: &[&str] = &[
            "git",
            "go",
            "sort",
            "tar",
            "rsync",
            "scp",
            "sftp",
            "ssh",
            "zip",
            "man",
            "flock",
            "script",
            "npm",
            "su",
            "gdb",
            "cargo",
            "vim",
            "vi",
            "nvim",
            "view",
            "vimdiff",
            "ex",
            "gvim",
            "gcloud",
            "az",
            "aws",
            "fly",
            "flyctl",
            "expect",
            "emacs",
            "tcpdump",
            "openvpn",
            "start-stop-daemon",
            "apt-get",
            "apt",
            "sed",
            "gsed",
            "sqlite3",
            "duckdb",
            "psql",
            "mysql",
            "mariadb",
            "mvn",
            "mvnw",
        ];
        if (rest.is_empty() && ctx.stdin_text.is_none()) || !PROGRAMS.contains(&name) {
            return;
        }
        let sub = rest
            .iter()
            .find(|a| !canon::is_flag(a))
            .map(String::as_str)
            .unwrap_or("");
        let mut code: Vec<(String, String, bool)> = Vec::new();
        for (prog, want_sub, options) in CODE_OPTIONS {
            if *prog != name || (!want_sub.is_empty() && *want_sub != sub) {
                continue;
            }
            for opt in *options {
                for (i, v) in option_values(rest, opt) {
                    code.push((format!("{name} {opt}"), v.to_string(), rest_dyn[i]));
                }
            }
        }
        match name {
            "git" => {
                // `git -c K=V` for one command, and `git clone -c/--config K=V`, which writes
                // the setting into the new clone's config before its checkout runs hooks.
                let settings = option_values(rest, "-c")
                    .into_iter()
                    .chain(option_values(rest, "--config"));
                for (i, kv) in settings {
                    let (key, value) = kv.split_once('=').unwrap_or((kv, ""));
                    if key.eq_ignore_ascii_case("core.hooksPath") {
                        findings.push(Finding::EnvInjection);
                    }
                    if git_key_runs_code(key) {
                        let value = value.strip_prefix('!').unwrap_or(value);
                        code.push((format!("git -c {key}"), value.to_string(), rest_dyn[i]));
                    }
                }
                // `git config KEY VALUE` of a key whose value git runs: the value is code too
                // (the KG judges the setting itself; this judges what it would run).
                if let Some(form) = canon::git_config_form(rest)
                    && let Some(v) = form.sets
                {
                    let key = canon::git_config_key_case(&rest[form.key]);
                    if git_key_runs_code(&key) {
                        let value = rest[v].strip_prefix('!').unwrap_or(&rest[v]);
                        code.push((format!("git config {key}"), value.to_string(), rest_dyn[v]));
                    }
                }
                // `git grep --open-files-in-pager=PAGER` / `-OPAGER` opens the matching files
                // with PAGER (an optional value: only its attached form names a program; `-O`
                // alone is the default pager).
                if sub == "grep" {
                    for (i, a) in rest.iter().enumerate() {
                        if a == "--" {
                            break;
                        }
                        let pager = a
                            .strip_prefix("--open-files-in-pager=")
                            .or_else(|| a.strip_prefix("-O").filter(|v| !v.is_empty()));
                        if let Some(pager) = pager {
                            code.push(("git grep -O".to_string(), pager.to_string(), rest_dyn[i]));
                        }
                    }
                }
                // `git submodule foreach [--recursive] CMD...` runs CMD with `sh -c` in every
                // submodule.
                if let Some(at) = rest
                    .windows(2)
                    .position(|w| w[0] == "submodule" && w[1] == "foreach")
                {
                    let mut i = at + 2;
                    while rest.get(i).is_some_and(|w| w.starts_with('-')) {
                        i += 1;
                    }
                    if i < rest.len() {
                        let dynamic = rest_dyn[i..].iter().any(|d| *d);
                        code.push((
                            "git submodule foreach".to_string(),
                            rest[i..].join(" "),
                            dynamic,
                        ));
                    }
                }
                // `git bisect run CMD ARGS...` runs CMD at every step.
                if let Some(at) = rest
                    .windows(2)
                    .position(|w| w[0] == "bisect" && w[1] == "run")
                    && at + 2 < rest.len()
                {
                    let c = ctx.derived("git bisect run");
                    self.unwrap(
                        rest[at + 2..].to_vec(),
                        rest_dyn[at + 2..].to_vec(),
                        rest[at + 2..].join(" "),
                        &c,
                        depth,
                    );
                }
            }
            // APT's hook settings (`-o APT::Update::Pre-Invoke::=CMD`, `-o
            // DPkg::Post-Invoke::=CMD`) run CMD with `sh -c` around the update or install.
            "apt-get" | "apt" => {
                for (i, v) in option_values(rest, "-o") {
                    let (key, value) = v.split_once('=').unwrap_or((v, ""));
                    let key = key.trim_end_matches(':').to_ascii_lowercase();
                    if [
                        "pre-invoke",
                        "post-invoke",
                        "post-invoke-success",
                        "pre-install-pkgs",
                    ]
                    .iter()
                    .any(|hook| key.ends_with(&format!("::{hook}")))
                    {
                        code.push((format!("{name} -o {key}"), value.to_string(), rest_dyn[i]));
                    }
                }
            }
            "ssh" | "scp" | "sftp" | "rsync" => {
                for (i, v) in option_values(rest, "-o") {
                    let (key, value) = v
                        .split_once(['=', ' '])
                        .map(|(k, v)| (k.trim(), v.trim()))
                        .unwrap_or((v, ""));
                    if matches!(
                        key.to_ascii_lowercase().as_str(),
                        "proxycommand" | "localcommand" | "knownhostscommand" | "remotecommand"
                    ) {
                        code.push((format!("{name} -o {key}"), value.to_string(), rest_dyn[i]));
                    }
                }
            }
            "tar" => {
                // `--checkpoint-action=exec=CMD` runs CMD at every checkpoint.
                for (i, v) in option_values(rest, "--checkpoint-action") {
                    if let Some(cmd) = v.strip_prefix("exec=") {
                        code.push((
                            "tar --checkpoint-action=exec".to_string(),
                            cmd.to_string(),
                            rest_dyn[i],
                        ));
                    }
                }
            }
            "cargo" => {
                for (i, v) in option_values(rest, "--config") {
                    let (key, value) = v.split_once('=').unwrap_or((v, ""));
                    let key = key.trim();
                    if key.ends_with("runner")
                        || key.ends_with("rustc-wrapper")
                        || key.ends_with("rustc-workspace-wrapper")
                        || key.ends_with("linker")
                        || key.ends_with("rustc")
                    {
                        let value = value.trim().trim_matches(['"', '\'', '[', ']']);
                        code.push((
                            format!("cargo --config {key}"),
                            value.to_string(),
                            rest_dyn[i],
                        ));
                    }
                }
            }
            // Maven's exec plugin (`exec:exec`) runs `exec.executable` with `exec.args`: the
            // command line they make is judged as code.
            "mvn" | "mvnw"
                if rest
                    .iter()
                    .any(|a| a == "exec:exec" || a.ends_with(":exec:exec")) =>
            {
                let property = |key: &str| {
                    rest.iter().enumerate().find_map(|(i, a)| {
                        let value = match a.strip_prefix("-D") {
                            Some("") => rest.get(i + 1).map(|n| (i + 1, n.as_str())),
                            Some(attached) => Some((i, attached)),
                            None => None,
                        }?;
                        value.1.strip_prefix(key).map(|v| (value.0, v))
                    })
                };
                if let Some((i, program)) = property("exec.executable=") {
                    let (args, args_dyn) =
                        property("exec.args=").map_or(("", false), |(j, v)| (v, rest_dyn[j]));
                    code.push((
                        "mvn exec:exec".to_string(),
                        format!("{} {args}", super::configs::quote(program)),
                        rest_dyn[i] || args_dyn,
                    ));
                }
            }
            // `aws ssm send-command --parameters commands=CMD` (or its JSON form) runs CMD
            // on the instances: the remote command is judged like a local one.
            "aws" if sub == "ssm" => {
                for (i, v) in option_values(rest, "--parameters") {
                    for cmd in ssm_commands(v) {
                        code.push(("aws ssm send-command".to_string(), cmd, rest_dyn[i]));
                    }
                }
            }
            "vim" | "vi" | "nvim" | "view" | "vimdiff" | "ex" | "gvim" => {
                let mut cmds: Vec<(usize, &str)> = option_values(rest, "-c");
                cmds.extend(option_values(rest, "--cmd"));
                for (i, a) in rest.iter().enumerate() {
                    if let Some(c) = a.strip_prefix('+') {
                        cmds.push((i, c));
                    }
                    // Vim reads clustered flags: `ex -sc CMD`, `vim -esc CMD`.
                    if let (true, Some(v)) = (cluster_ending_in(a, 'c'), rest.get(i + 1)) {
                        cmds.push((i + 1, v));
                    }
                }
                for (i, c) in cmds {
                    if let Some(shell) = vim_shell(c) {
                        code.push((format!("{name} -c !"), shell.to_string(), rest_dyn[i]));
                    } else if let Some(cmd) = call_string(c, &["system(", "systemlist("]) {
                        code.push((format!("{name} -c system()"), cmd, rest_dyn[i]));
                    } else if c.contains("system(") || c.contains("terminal") || c.contains("py") {
                        findings.push(Finding::DynamicCode);
                    }
                }
            }
            // gdb's `-ex 'shell CMD'`, `-ex '!CMD'` and `-ex 'pipe ... | CMD'` run CMD with a
            // shell; its Python runs anything.
            "gdb" => {
                for opt in ["-ex", "--eval-command", "-iex", "--init-eval-command"] {
                    for (i, v) in option_values(rest, opt) {
                        let v = v.trim_start();
                        let shell = v
                            .strip_prefix('!')
                            .or_else(|| v.strip_prefix("shell "))
                            .or_else(|| {
                                v.strip_prefix("pipe ")
                                    .and_then(|p| p.split_once('|'))
                                    .map(|(_, c)| c)
                            });
                        if let Some(cmd) = shell {
                            code.push((format!("gdb {opt} shell"), cmd.to_string(), rest_dyn[i]));
                        } else if v.starts_with("python") || v.starts_with("py ") {
                            findings.push(Finding::DynamicCode);
                        }
                    }
                }
            }
            // expect's `-c` Tcl: `spawn CMD`, `exec CMD` and `system CMD` start programs.
            "expect" => {
                for (i, v) in option_values(rest, "-c") {
                    for stmt in v.split([';', '\n']) {
                        let stmt = stmt.trim().trim_start_matches('[');
                        for verb in ["spawn ", "exec ", "system "] {
                            if let Some(cmd) = stmt.strip_prefix(verb) {
                                let cmd = cmd.trim_end_matches(']');
                                code.push(("expect -c".to_string(), cmd.to_string(), rest_dyn[i]));
                            }
                        }
                    }
                }
            }
            // sed's `e CMD` command runs CMD with `/bin/sh -c` (GNU sed): the command is
            // parsed as the shell code it is.
            "sed" | "gsed" => {
                for (i, script) in sed_scripts(rest) {
                    for cmd in sed_exec_commands(script) {
                        let shell = format!("sh -c {}", super::configs::quote(&cmd));
                        code.push((format!("{name} e"), shell, rest_dyn[i]));
                    }
                }
            }
            // A database client's shell escapes (`.shell CMD`, `\\! CMD`, `system CMD`, output
            // piped to `|CMD`, `COPY ... PROGRAM 'CMD'`) run CMD with a shell, in the SQL it is
            // given as arguments or on its input.
            "sqlite3" | "duckdb" | "psql" | "mysql" | "mariadb" => {
                let texts = sql_texts(name, rest)
                    .into_iter()
                    .map(|(i, t)| (rest_dyn[i], t))
                    .chain(ctx.stdin_text.as_deref().map(|t| (false, t)));
                for (dynamic, text) in texts {
                    for cmd in sql_shell_commands(name, text) {
                        code.push((format!("{name} shell escape"), cmd, dynamic));
                    }
                }
            }
            // Emacs Lisp given to `--eval`: the shell commands and deletions it names.
            "emacs" => {
                for opt in ["--eval", "-eval"] {
                    for (i, v) in option_values(rest, opt) {
                        let shell = [
                            "(shell-command ",
                            "(async-shell-command ",
                            "(call-process-shell-command ",
                            "(shell-command-to-string ",
                        ];
                        if let Some(cmd) = call_string(v, &shell) {
                            code.push((format!("emacs {opt}"), cmd, rest_dyn[i]));
                        }
                        if let Some(path) = call_string(v, &["(delete-directory "]) {
                            let cmd = format!("rm -rf {}", super::configs::quote(&path));
                            code.push((format!("emacs {opt}"), cmd, rest_dyn[i]));
                        }
                        if let Some(path) = call_string(v, &["(delete-file "]) {
                            let cmd = format!("rm -f {}", super::configs::quote(&path));
                            code.push((format!("emacs {opt}"), cmd, rest_dyn[i]));
                        }
                    }
                }
            }
            _ => {}
        }
        // Commands run on another machine are judged like the same command typed there
        // (`ssh host CMD`); the rest is code the program runs here from one of its options.
        let remote =
            matches!(name, "gcloud" | "az" | "fly" | "flyctl") || (name == "aws" && sub == "ssm");
        for (label, value, dynamic) in code {
            if dynamic {
                findings.push(Finding::DynamicCode);
            } else if !value.trim().is_empty() {
                let mut layers = ctx.layers.clone();
                layers.push(label);
                if remote {
                    self.parse_code(&value, depth + 1, &layers);
                } else {
                    self.parse_option_code(&value, depth + 1, &layers);
                }
            }
        }
    }

    /// Remember files this command writes: their literal content (for a shell that runs one
    /// later) and whether one is a runner's build input.
    pub(super) fn record_writes(&mut self, argv: &[String], ctx: &Ctx) {
        let name = argv
            .first()
            .map(|n| canon::command_basename(n))
            .unwrap_or("");
        let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
        // Commands that change the project's code or manifest without naming a file as a target.
        let changes_code = match name {
            "patch" => true,
            "git" => words.iter().any(|w| matches!(*w, "apply" | "am")),
            "npm" | "pnpm" => words.windows(2).any(|w| w == ["pkg", "set"]),
            _ => false,
        };
        if changes_code {
            self.wrote_runner_source = true;
        }
        // Downloads into a named file: `curl -o conftest.py URL`, `wget -O Makefile URL`.
        let downloaded: Vec<&str> = match name {
            "curl" | "wget" => words
                .windows(2)
                .filter(|w| matches!(w[0], "-o" | "--output" | "-O" | "--output-document"))
                .map(|w| w[1])
                .collect(),
            _ => Vec::new(),
        };
        if downloaded
            .iter()
            .any(|t| is_build_input(t) || is_lockfile(t))
        {
            self.wrote_build_input = true;
        }
        if downloaded.iter().any(|t| is_project_source(t)) {
            self.wrote_runner_source = true;
        }
        if ctx.redirects.is_empty()
            && !matches!(
                name,
                "tee" | "cp" | "mv" | "install" | "ln" | "rsync" | "sed" | "perl"
            )
        {
            return;
        }
        let mut targets: Vec<&str> = ctx.redirects.iter().map(String::as_str).collect();
        let operands: Vec<&str> = argv
            .iter()
            .skip(1)
            .map(String::as_str)
            .filter(|a| !canon::is_flag(a))
            .collect();
        match name {
            "tee" => targets.extend(operands.iter().copied()),
            "cp" | "mv" | "install" | "ln" | "rsync" => targets.extend(operands.last().copied()),
            "sed" | "perl" if edits_in_place(name, argv) => {
                targets.extend(operands.iter().copied())
            }
            _ => {}
        }
        if targets.iter().any(|t| is_build_input(t) || is_lockfile(t)) {
            self.wrote_build_input = true;
        }
        if targets.iter().any(|t| is_project_source(t)) {
            self.wrote_runner_source = true;
        }
        if targets.is_empty() {
            return;
        }
        let probe = SimpleCommand {
            words: Vec::new(),
            appends: 0,
            text: String::new(),
            layers: Vec::new(),
            pipeline: None,
            findings: Vec::new(),
            stdin_text: ctx.stdin_text.clone(),
            argv: argv.to_vec(),
            runner: None,
            flow: None,
            into: None,
            option_code: false,
            std_socket: false,
            env: Vec::new(),
        };
        let content = if name == "tee" {
            ctx.stdin_text.clone()
        } else {
            literal_output(&probe)
        };
        if let Some(content) = content {
            for t in targets {
                self.written
                    .push((canon::normalise_path(t), content.clone()));
            }
        }
    }
}

/// A file written outside the temp directories that a runner may load as code (see
/// [`is_runner_source`]): a file in `/tmp` is no project's test or config.
fn is_project_source(path: &str) -> bool {
    let temp = ["/tmp/", "/var/tmp/", "/dev/"]
        .iter()
        .any(|d| path.starts_with(d));
    !temp && is_runner_source(path)
}

/// The literal text a command prints: `echo`/`printf` words, or the heredoc or here-string
/// that `cat` copies. (A program added here is added to `expand::LITERAL_PRINTERS` too.)
pub(super) fn literal_output(c: &SimpleCommand) -> Option<String> {
    let name = c.argv.first().map(|n| canon::command_basename(n))?;
    let operands = || c.argv.iter().skip(1).filter(|a| !canon::is_flag(a));
    match name {
        "printf" => printf_output(&c.argv[1..]),
        "echo" => {
            // Only leading `-n`, `-e`, `-E` (and clusters of them) are echo's options: every
            // word after them is printed, `-rf` too.
            let words = &c.argv[1..];
            let first = words
                .iter()
                .position(|w| {
                    !(w.len() > 1
                        && w.starts_with('-')
                        && w[1..].chars().all(|c| "neE".contains(c)))
                })
                .unwrap_or(words.len());
            Some(words[first..].join(" ").replace("\\n", "\n"))
        }
        "cat" if operands().all(|a| a == "-") => c.stdin_text.clone(),
        _ => None,
    }
}

/// What `printf FORMAT ARGS...` prints: the format with each conversion (`%s`, `%b`, `%d`, ...)
/// replaced by the next argument, reused while arguments remain, and its escapes (`\n`, `\t`,
/// `\\`, `\xHH`, octal) decoded. `None` for `printf -v VAR` (it prints nothing) or a format it
/// cannot read.
fn printf_output(args: &[String]) -> Option<String> {
    let args = match args.first().map(String::as_str) {
        Some("--") => &args[1..],
        Some(a) if a.starts_with('-') && a.len() > 1 => return None,
        _ => args,
    };
    let (format, mut rest) = args.split_first()?;
    let mut out = String::new();
    loop {
        let mut used = false;
        let mut chars = format.chars().peekable();
        while let Some(ch) = chars.next() {
            match ch {
                '\\' => push_escape(&mut chars, &mut out),
                '%' => {
                    if chars.peek() == Some(&'%') {
                        chars.next();
                        out.push('%');
                        continue;
                    }
                    // Flags, width and precision, then the conversion letter.
                    while chars
                        .peek()
                        .is_some_and(|c| c.is_ascii_digit() || "-+ #.'".contains(*c))
                    {
                        chars.next();
                    }
                    let conv = chars.next()?;
                    if !conv.is_ascii_alphabetic() {
                        return None;
                    }
                    let arg = rest.first().map(String::as_str).unwrap_or("");
                    rest = rest.get(1..).unwrap_or(&[]);
                    used = true;
                    if conv == 'b' {
                        let mut a = arg.chars().peekable();
                        while let Some(c) = a.next() {
                            if c == '\\' {
                                push_escape(&mut a, &mut out);
                            } else {
                                out.push(c);
                            }
                        }
                    } else {
                        out.push_str(arg);
                    }
                }
                c => out.push(c),
            }
            if out.len() > 65536 {
                return None;
            }
        }
        if rest.is_empty() || !used {
            return Some(out);
        }
    }
}

/// One backslash escape of `printf`'s format (the backslash already read).
fn push_escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, out: &mut String) {
    match chars.next() {
        Some('n') => out.push('\n'),
        Some('t') => out.push('\t'),
        Some('r') => out.push('\r'),
        Some('\\') => out.push('\\'),
        Some('x') => {
            let mut v = 0u32;
            let mut n = 0;
            while n < 2
                && let Some(d) = chars.peek().and_then(|c| c.to_digit(16))
            {
                v = v * 16 + d;
                chars.next();
                n += 1;
            }
            out.extend(char::from_u32(v));
        }
        Some(d @ '0'..='7') => {
            let mut v = d.to_digit(8).unwrap_or(0);
            let mut n = 1;
            while n < 3
                && let Some(d) = chars.peek().and_then(|c| c.to_digit(8))
            {
                v = v * 8 + d;
                chars.next();
                n += 1;
            }
            out.extend(char::from_u32(v));
        }
        Some(c) => {
            out.push('\\');
            out.push(c);
        }
        None => out.push('\\'),
    }
}

/// GNU parallel's replacement strings: the input, its parts (`{.}` without extension, `{/}`
/// base name, `{//}` directory), and the job's numbers.
const PARALLEL_INPUT_STRINGS: &[&str] = &["{}", "{.}", "{/}", "{//}", "{/.}"];
const PARALLEL_NUMBER_STRINGS: &[&str] = &["{#}", "{%}"];

/// The command line parallel runs for one input: each replacement string put in place, or the
/// input appended when the template has none.
fn parallel_line(template: &str, input: &str) -> String {
    let mut line = template.to_string();
    for r in PARALLEL_NUMBER_STRINGS {
        line = line.replace(r, "1");
    }
    if !PARALLEL_INPUT_STRINGS.iter().any(|r| line.contains(r)) {
        return format!("{line} {input}");
    }
    for r in PARALLEL_INPUT_STRINGS {
        line = line.replace(r, input);
    }
    line
}

/// An input as parallel quotes it for the shell; a plain word (a path, `~/x`, `$VAR`, which the
/// outer shell expanded before parallel saw it) stays as written.
fn parallel_quote(input: &str) -> String {
    let plain = !input.is_empty()
        && input
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._~+,:@%=-$*?[]".contains(c));
    if plain {
        input.to_string()
    } else {
        format!("'{}'", input.replace('\'', "'\\''"))
    }
}

/// Whether a command's words after its name hold an operand (a word that is no option).
fn has_operand(argv: &[String]) -> bool {
    argv.iter().skip(1).any(|a| !canon::is_flag(a))
}

/// Listing programs whose operands come out as given (`ls -d`, and `ls` of files and globs).
const LISTINGS: &[&str] = &["ls", "dir", "vdir", "eza", "exa", "lsd"];

/// What `git ls-files ARGS` prints, as the words a destroyer fed it acts on: with no pathspec,
/// every file git knows under the working directory, which is `*` (`git ls-files | xargs rm -f`
/// deletes what `rm -f *` does, and more); with pathspecs, those (`git ls-files '*.orig'`).
/// `--ignored` lists what git does not track (build output) and an option whose value is a
/// pattern or a format (`-x`, `--exclude`, `--format`) changes what is printed: nothing is
/// added for those.
fn git_listed(args: &[String]) -> Vec<String> {
    let mut pathspecs = Vec::new();
    let mut after_dashes = false;
    for a in args {
        if !after_dashes && a == "--" {
            after_dashes = true;
        } else if !after_dashes && canon::is_flag(a) {
            let flag = a.split('=').next().unwrap_or(a);
            if matches!(
                flag,
                "-i" | "--ignored"
                    | "-x"
                    | "--exclude"
                    | "-X"
                    | "--exclude-from"
                    | "--exclude-per-directory"
                    | "--format"
                    | "--with-tree"
            ) {
                return Vec::new();
            }
        } else {
            pathspecs.push(a.clone());
        }
    }
    if pathspecs.is_empty() {
        vec!["*".to_string()]
    } else {
        pathspecs
    }
}

/// The commands of `aws ssm send-command --parameters`: `commands=CMD` (shorthand, commands
/// separated by `,`) or JSON `{"commands":["CMD", ...]}`.
/// sed's scripts with the index of the word that holds each: every `-e`/`--expression`
/// value, or else its first operand.
fn sed_scripts(args: &[String]) -> Vec<(usize, &str)> {
    let mut scripts = option_values(args, "-e");
    scripts.extend(option_values(args, "--expression"));
    if scripts.is_empty() {
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            if a == "--" {
                i += 1;
                break;
            }
            if !a.starts_with('-') || a == "-" {
                break;
            }
            // Options of sed's that take a separate value.
            i += if matches!(a, "-f" | "-l" | "--file" | "--line-length") {
                2
            } else {
                1
            };
        }
        if let Some(a) = args.get(i) {
            scripts.push((i, a.as_str()));
        }
    }
    scripts
}

/// The SQL and client commands `name` may be given as arguments, with their index in `rest`:
/// the values of `-c`/`--command` (psql, duckdb), `-e`/`--execute` (mysql) and `-cmd`
/// (sqlite3), and every operand (sqlite3's SQL after the database file, a heredoc's body).
/// A database or user name read as SQL holds no shell escape.
fn sql_texts<'a>(name: &str, rest: &'a [String]) -> Vec<(usize, &'a str)> {
    let options: &[&str] = match name {
        "psql" => &["-c", "--command"],
        "mysql" | "mariadb" => &["-e", "--execute"],
        _ => &["-c", "-cmd", "--cmd", "-s"],
    };
    let mut out: Vec<(usize, &str)> = options
        .iter()
        .flat_map(|o| option_values(rest, o))
        .collect();
    let operands: Vec<(usize, &str)> = (0..rest.len())
        .filter(|&i| !rest[i].starts_with('-') && !out.iter().any(|(at, _)| *at == i))
        .map(|i| (i, rest[i].as_str()))
        .collect();
    out.extend(operands);
    out
}

/// The shell commands a database client runs from `sql` (see [`Walker::program_options`]):
/// sqlite3/duckdb dot commands `.shell CMD`, `.system CMD`, `.once|.output|.import '|CMD'`;
/// psql's `\\! CMD`, `\\o |CMD`, `\\g |CMD`; mysql's `system CMD` and `\\! CMD`; and SQL's
/// `COPY ... PROGRAM 'CMD'` (psql's `\\copy ... program 'CMD'`).
fn sql_shell_commands(name: &str, sql: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in sql.lines() {
        let line = line.trim_start();
        match name {
            "sqlite3" | "duckdb" => {
                let (dot, arg) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
                // The shell reads a dot command from any prefix of its name that is not
                // shorter than it needs (`.sh` is `.shell`, `.o` is `.output`).
                let is = |name: &str, min: usize| {
                    dot.strip_prefix('.')
                        .is_some_and(|d| d.len() >= min && name.starts_with(d))
                };
                let dot = if is("shell", 2) || is("system", 2) {
                    ".shell"
                } else if is("once", 2) || is("output", 1) || is("excel", 2) {
                    ".output"
                } else if is("import", 2) {
                    ".import"
                } else {
                    ""
                };
                match dot {
                    ".shell" => out.push(arg.trim().to_string()),
                    // The target is the rest of the line (`.once |CMD ARGS`), or for
                    // `.import FILE TABLE` its first word, quoted or not.
                    ".output" | ".import" => {
                        let arg = arg.trim();
                        let target = match arg.chars().next() {
                            Some(q @ ('\'' | '"')) => arg[1..].split(q).next().unwrap_or(""),
                            _ if dot == ".import" => arg.split_whitespace().next().unwrap_or(""),
                            _ => arg,
                        };
                        if let Some(cmd) = target.trim_start().strip_prefix('|') {
                            out.push(cmd.trim().to_string());
                        }
                    }
                    _ => {}
                }
            }
            "psql" => {
                if let Some((_, cmd)) = line.split_once("\\!") {
                    out.push(cmd.trim().to_string());
                }
                for meta in ["\\o", "\\g", "\\out"] {
                    if let Some((_, arg)) = line.split_once(meta)
                        && let Some(cmd) = arg.trim_start().strip_prefix('|')
                    {
                        out.push(cmd.trim().to_string());
                    }
                }
            }
            _ => {
                let lower = line.to_ascii_lowercase();
                if lower.starts_with("system ") {
                    out.push(line["system ".len()..].trim().to_string());
                } else if let Some((_, cmd)) = line.split_once("\\!") {
                    out.push(cmd.trim().to_string());
                }
            }
        }
    }
    // `COPY t TO|FROM PROGRAM 'CMD'`: the quoted string after the keyword.
    let lower = sql.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("program") {
        let start = from + at + "program".len();
        let rest = sql[start..].trim_start();
        if let Some(q) = rest.chars().next().filter(|q| *q == '\'')
            && let Some(end) = rest[1..].find(q)
        {
            out.push(rest[1..1 + end].to_string());
        }
        from = start;
    }
    out.retain(|c| !c.is_empty());
    out
}

/// The commands a sed script's `e CMD` commands run (`1e id`, `p;e date`, `/x/e uname`): an
/// `e` after an optional address and `!`, at the start of a line or after a `;`, followed by
/// a blank and the command, which takes the rest of the line as GNU sed reads it.
fn sed_exec_commands(script: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in script.lines() {
        let mut rest = line;
        loop {
            let stmt = skip_sed_address(rest.trim_start()).trim_start();
            if let Some(cmd) = stmt.strip_prefix('e')
                && cmd.starts_with([' ', '\t'])
                && !cmd.trim().is_empty()
            {
                out.push(cmd.trim().to_string());
                break;
            }
            match rest.find(';') {
                Some(at) => rest = &rest[at + 1..],
                None => break,
            }
        }
    }
    out
}

/// `s` without a leading sed address (`12`, `$`, `/re/`, `\cREc`, `first~step`, a range of
/// two of them, a trailing `!`).
fn skip_sed_address(s: &str) -> &str {
    fn one(s: &str) -> &str {
        let b = s.as_bytes();
        match b.first() {
            Some(b'$') => &s[1..],
            Some(c) if c.is_ascii_digit() => {
                let end = s
                    .find(|c: char| !c.is_ascii_digit() && c != '~')
                    .unwrap_or(s.len());
                &s[end..]
            }
            Some(b'/') | Some(b'\\') => {
                let (delim, start) = if b[0] == b'/' {
                    (b'/', 1)
                } else if b.len() > 1 {
                    (b[1], 2)
                } else {
                    return s;
                };
                let mut i = start;
                while i < b.len() && b[i] != delim {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                let mut end = (i + 1).min(b.len());
                while end < b.len() && (b[end] == b'I' || b[end] == b'M') {
                    end += 1;
                }
                &s[end..]
            }
            _ => s,
        }
    }
    let mut s = one(s).trim_start();
    if let Some(second) = s.strip_prefix(',') {
        s = one(second.trim_start()).trim_start();
    }
    s.strip_prefix('!').unwrap_or(s)
}

fn ssm_commands(value: &str) -> Vec<String> {
    let v = value.trim();
    if let Some(cmd) = v.strip_prefix("commands=") {
        let cmd = cmd.trim().trim_start_matches('[').trim_end_matches(']');
        return cmd
            .split(',')
            .map(|c| c.trim().trim_matches(['"', '\'']).to_string())
            .filter(|c| !c.is_empty())
            .collect();
    }
    let Some(at) = v.find("\"commands\"") else {
        return Vec::new();
    };
    let rest = &v[at..];
    let (Some(open), Some(close)) = (rest.find('['), rest.find(']')) else {
        return Vec::new();
    };
    if close < open {
        return Vec::new();
    }
    rest[open + 1..close]
        .split("\",")
        .map(|c| c.trim().trim_matches(['"', ' ']).to_string())
        .filter(|c| !c.is_empty())
        .collect()
}

/// The string literal that follows the first of `calls` in `code` (`system("rm -rf x")`,
/// `(shell-command "make")`), unescaped; `None` when none is followed by one.
/// The shell command a Vim command line (`-c CMD`, `+CMD`) runs: from its first `!`, unless
/// every `!` in it is a bang modifier that runs nothing (`q!`, `w! file`, `exe "norm! iText!"`:
/// `normal!` keys that only insert plain text). Each `|`-separated command is read on its own;
/// anything this reading does not know keeps the first `!` as the start of a shell command.
fn vim_shell(c: &str) -> Option<&str> {
    let at = c.find('!')?;
    let shell = Some(&c[at + 1..]);
    match c.split('|').all(vim_bang_is_modifier) {
        true => None,
        false => shell,
    }
}

/// Whether every `!` of one Vim ex command is a bang modifier (see [`vim_shell`]).
fn vim_bang_is_modifier(cmd: &str) -> bool {
    let cmd = cmd.trim_start().trim_start_matches(':').trim_start();
    if !cmd.contains('!') {
        return true;
    }
    // `exe "CMD"`: the one plain string's text is the command.
    for exe in ["execute ", "exe "] {
        if let Some(arg) = cmd.strip_prefix(exe) {
            let arg = arg.trim();
            let inner = arg
                .strip_prefix('"')
                .and_then(|a| a.strip_suffix('"'))
                .or_else(|| arg.strip_prefix('\'').and_then(|a| a.strip_suffix('\'')));
            return inner.is_some_and(|t| {
                !t.contains(['"', '\'', '\\', '<', '|']) && vim_bang_is_modifier(t)
            });
        }
    }
    // A command name then its bang: `q!`, `w! file`, `norm! keys`. `r!CMD` and `read!CMD`
    // read a command's output.
    let name_len = cmd
        .find(|ch: char| !ch.is_ascii_alphabetic())
        .unwrap_or(cmd.len());
    let (name, rest) = cmd.split_at(name_len);
    let Some(rest) = rest.strip_prefix('!') else {
        return false;
    };
    match name {
        "" | "r" | "re" | "rea" | "read" => false,
        // Keys that open insert mode and never leave it (no escape, special key or control
        // character) type text: a `!` among them is a character of that text.
        "norm" | "norma" | "normal" => {
            let keys = rest.trim_start();
            keys.starts_with(['i', 'a', 'o', 'I', 'A', 'O'])
                && !keys.contains(['\\', '<', '|'])
                && !keys.chars().any(char::is_control)
        }
        _ => !rest.contains('!'),
    }
}

fn call_string(code: &str, calls: &[&str]) -> Option<String> {
    calls.iter().find_map(|call| {
        let at = code.find(call)? + call.len();
        let rest = code[at..].trim_start();
        let quote = rest.chars().next().filter(|q| *q == '"' || *q == '\'')?;
        let body = &rest[1..];
        let mut out = String::new();
        let mut chars = body.chars();
        while let Some(ch) = chars.next() {
            match ch {
                '\\' if quote == '"' => out.push(chars.next()?),
                c if c == quote => return Some(out),
                c => out.push(c),
            }
        }
        None
    })
}

/// `code` run by `sh -c code $0 $1 ...` with the positional parameters that `args` gives
/// literally (`dynamic[i]` false) written in place, in double quotes as the outer shell
/// expanded them (a leading `~` as `${HOME}`); `'$1'` stays text. None when nothing changed;
/// with the code, whether every positional parameter it expands was filled in.
pub(crate) fn with_positionals(
    code: &str,
    args: &[String],
    dynamic: &[bool],
) -> Option<(String, bool)> {
    let value = |n: usize| -> Option<String> {
        let (arg, dynamic) = (args.get(n)?, dynamic.get(n)?);
        if *dynamic {
            return None;
        }
        let (home, rest) = match arg.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => ("${HOME}", rest),
            _ => ("", arg.as_str()),
        };
        let mut out = home.to_owned();
        for ch in rest.chars() {
            if matches!(ch, '"' | '$' | '`' | '\\') {
                out.push('\\');
            }
            out.push(ch);
        }
        Some(out)
    };
    let all = |from: usize| -> Option<String> {
        let words: Option<Vec<String>> = (from..args.len()).map(&value).collect();
        Some(words?.join("\" \""))
    };
    let b = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let (mut single, mut double, mut changed, mut complete) = (false, false, false, true);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if single {
            single = c != b'\'';
        } else if c == b'\\' {
            // The backslash and the character it escapes.
            i = copy_char(code, i, &mut out);
            if i < b.len() {
                i = copy_char(code, i, &mut out);
            }
            continue;
        } else if c == b'\'' && !double {
            single = true;
        } else if c == b'"' {
            double = !double;
        } else if c == b'$' {
            // `$N`, `${N}`, `$@`, `$*`
            let (name, len) = match (b.get(i + 1), b.get(i + 2), b.get(i + 3)) {
                (Some(d), _, _) if d.is_ascii_digit() => (Some((d - b'0') as usize), 2),
                (Some(b'{'), Some(d), Some(b'}')) if d.is_ascii_digit() => {
                    (Some((d - b'0') as usize), 4)
                }
                (Some(b'@' | b'*'), _, _) => (None, 2),
                _ => (None, 0),
            };
            let filled = match (len, name) {
                (0, _) => None,
                (_, Some(n)) => value(n),
                (_, None) => all(1),
            };
            if len > 0 && filled.is_none() {
                complete = false;
            }
            if let Some(v) = filled {
                if double {
                    out.push_str(&v);
                } else {
                    out.push('"');
                    out.push_str(&v);
                    out.push('"');
                }
                changed = true;
                i += len;
                continue;
            }
        }
        i = copy_char(code, i, &mut out);
    }
    changed.then_some((out, complete))
}

/// Copy the character of `text` at byte `i` to `out`; the byte after it.
fn copy_char(text: &str, i: usize, out: &mut String) -> usize {
    let end = (i + 1..=text.len())
        .find(|&j| text.is_char_boundary(j))
        .unwrap_or(text.len());
    out.push_str(text.get(i..end).unwrap_or(""));
    end
}

/// Whether sed's or perl's options edit files in place: `-i`, `-i.bak`, `--in-place`, or `i` in
/// a cluster of switches before one that takes a value (`-ni`, `-pi`, `-0pi`, `-0777 -pi`; not
/// `-e` and its code).
fn edits_in_place(name: &str, argv: &[String]) -> bool {
    let takes_value = if name == "perl" { "eEMmIxd" } else { "ef" };
    argv.iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| match a.strip_prefix("--") {
            Some(long) => long == "in-place" || long.starts_with("in-place="),
            None => a.strip_prefix('-').is_some_and(|cluster| {
                cluster
                    .trim_start_matches(|c: char| c.is_digit(8))
                    .chars()
                    .take_while(|c| !takes_value.contains(*c))
                    .any(|c| c == 'i')
            }),
        })
}
