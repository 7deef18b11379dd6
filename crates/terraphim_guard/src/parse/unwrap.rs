//! Peeling wrappers (`sudo`, `env`, `timeout`, ...) and code layers (`bash -c`, `eval`,
//! `ssh host CMD`) off a command's argv.

use crate::canon;

use super::Finding;
use super::guest::GuestRuns;
use super::inline::{InlineCall, inline_calls, inline_effects};
use super::secret_vars::{secret_in_git_url, secret_sent_away};
use super::vocab::REMOTE_RUNNERS;
use super::walker::{Ctx, Walker};
use super::words::{assignment_variable, is_assignment_word};
use terraphim_shell_vocab::{
    BUILD_RUNNERS, PRIVILEGED, WRAPPERS, is_interpreter, is_shell, runner_words,
    strip_package_version, wrapper_words as wrapper_operands,
};

impl Walker {
    /// Peel wrappers and code layers off one argv and push what remains. The findings of the
    /// command's assignments (`ctx.findings`) also go to every command of code it runs (`X=V
    /// bash -c CODE`, `env X=V sh -c CODE`, `sudo X=V ...`): the code runs with the variable.
    pub(super) fn unwrap(
        &mut self,
        argv: Vec<String>,
        dynamic: Vec<bool>,
        text: String,
        ctx: &Ctx,
        depth: u32,
    ) {
        let outer = self.inherited.len();
        for f in &ctx.findings {
            if !self.inherited.contains(f) {
                self.inherited.push(f.clone());
            }
        }
        self.unwrap_layers(argv, dynamic, text, ctx, depth);
        self.inherited.truncate(outer);
    }

    fn unwrap_layers(
        &mut self,
        argv: Vec<String>,
        dynamic: Vec<bool>,
        text: String,
        ctx: &Ctx,
        depth: u32,
    ) {
        let mut findings = Vec::new();
        if argv.is_empty() || argv.len() != dynamic.len() {
            return;
        }
        if dynamic.first().copied().unwrap_or(false) {
            // `$SHELL -c CODE`, `"$(which rm)" -rf ~`: an expansion whose kind of program is
            // known without running it is judged as that program. A path lookup names the
            // program the plain name runs, so it is that command alone; `$SHELL` is some shell,
            // so the command also stays one whose program is unknown.
            let expanded = expanded_program(&argv[0]);
            if let Some((program, _)) = &expanded {
                let mut c = ctx.clone();
                c.layers
                    .push(format!("the command name `{}` runs `{program}`", argv[0]));
                let mut words = argv.clone();
                words[0] = program.clone();
                let mut known = dynamic.clone();
                known[0] = false;
                self.unwrap(words, known, text.clone(), &c, depth);
            }
            if !expanded.is_some_and(|(_, exact)| exact) {
                findings.push(Finding::DynamicName);
                self.push(argv, text, ctx, findings);
            }
            return;
        }
        // `chmod u+s "$(command -v python3)"`: a path lookup as an operand names the installed
        // program, a file outside the project (where a package manager put it).
        let (argv, dynamic) = installed_program_operands(argv, dynamic);
        // tree-sitter-bash reads `_= rm -rf /` (an assignment whose value is empty, then the
        // command) as a command named `_=`; bash runs `rm`. Any leading word shaped like an
        // assignment is judged as one, and the command after it as the command.
        if argv.len() > 1 && is_assignment_word(&argv[0]) {
            let mut c = ctx.clone();
            let mut f = std::mem::take(&mut c.findings);
            let value = argv[0].split_once('=').map_or("", |(_, v)| v);
            self.assignment(
                assignment_variable(&argv[0]),
                value,
                dynamic[0],
                &mut f,
                ctx,
                depth,
            );
            c.findings = f;
            return self.unwrap(argv[1..].to_vec(), dynamic[1..].to_vec(), text, &c, depth);
        }
        // `/etc/init.d/nginx stop`: a System V init script is the service's control program,
        // what `service nginx stop` runs; judged as that too.
        if let Some(service) = init_script_service(&argv[0])
            && argv.len() > 1
        {
            let mut words = vec!["service".to_string(), service.to_string()];
            words.extend(argv[1..].iter().cloned());
            let mut c = ctx.clone();
            c.layers.push(format!("the init script `{}`", argv[0]));
            self.push(words, text.clone(), &c, Vec::new());
        }
        let rest = &argv[1..];
        let name = match canon::program_name(&canon::fold_lookalikes(&argv[0])) {
            // `runuser [-l] USER [-c CODE]` without `-u` is util-linux's `su` for root.
            n if n == "runuser"
                && !rest
                    .iter()
                    .any(|a| a == "-u" || a == "--user" || a.starts_with("--user=")) =>
            {
                "su".to_string()
            }
            n => n,
        };
        let rest_dyn = &dynamic[1..];
        let layer = |what: &str| {
            let mut c = ctx.clone();
            c.layers.push(what.to_string());
            c
        };
        // `rake test db:drop`, `make test install`: a task runner runs every task it is given,
        // so each is judged as the runner given it alone too (`tasks.rs`).
        for one in super::tasks::each_task(&name, rest) {
            let mut words = vec![argv[0].clone()];
            words.extend(one);
            let c = layer(&format!("a task of `{name}`"));
            self.push(words, text.clone(), &c, Vec::new());
        }
        // `iwr URL | iex`, `Remove-Item -Recurse -Force ~`: a PowerShell cmdlet (a Verb-Noun
        // name or an alias no POSIX system has) is judged as the POSIX command that does the
        // same, in the same pipeline (`iex` fed by a pipe is `sh` fed by one), as the code of
        // `pwsh -Command` is.
        // Elixir's shell shares the name `iex`: `iex -S mix TASK` runs the project's mix task.
        if let Some(task) = elixir_shell_task(&name, rest) {
            let words: Vec<String> = task.to_vec();
            let dynamic = rest_dyn[rest.len() - task.len()..].to_vec();
            let c = layer("iex -S");
            self.unwrap(words, dynamic, text, &c, depth);
            return;
        }
        if is_powershell_cmdlet(&name) && !is_elixir_shell(&name, rest) {
            let mapped = powershell_as_shell(&argv.join(" "));
            let mut words: Vec<String> = mapped.split_whitespace().map(str::to_string).collect();
            // `iex STRING` runs STRING as code, as `eval` does; `... | iex` runs its input.
            if words.len() > 1 && words[0] == "sh" {
                "eval".clone_into(&mut words[0]);
                // Its one parameter, named in full or by a prefix as PowerShell accepts.
                if words.len() > 2 && is_command_parameter(&words[1]) {
                    words.remove(1);
                }
            }
            if words.first().is_some_and(|w| *w != name) {
                let known = words.iter().map(|w| w.contains('$')).collect();
                let c = layer("powershell command");
                self.unwrap(words, known, text, &c, depth);
                return;
            }
        }
        // `/bin/r? -rf ~`: the shell expands a glob in the command name to a program the guard
        // cannot list (it does no I/O), so the command is also judged as each program of
        // `GLOB_NAME_CANDIDATES` the glob matches; unmatched, it stays an unknown program.
        if is_glob(&name) {
            for program in GLOB_NAME_CANDIDATES
                .iter()
                .chain(terraphim_shell_vocab::SHELLS)
                .chain(terraphim_shell_vocab::INTERPRETERS)
                .filter(|p| shell_glob(name.as_bytes(), p.as_bytes()))
            {
                let c = layer(&format!(
                    "the glob `{name}` in the command name matches `{program}`"
                ));
                let mut words = argv.clone();
                words[0] = (*program).to_string();
                self.unwrap(words, dynamic.clone(), text.clone(), &c, depth);
            }
        }
        // `read -r c <<< 'TEXT'`, `mapfile -t a <<< 'TEXT'`: the variables hold the text.
        if let (true, Some(body)) = (
            matches!(name.as_str(), "read" | "mapfile" | "readarray"),
            ctx.stdin_text.as_deref(),
        ) {
            for (var, value) in read_values(&name, rest, body) {
                self.record_var(&var, &value, false, false, depth);
            }
        }
        // A credential-named variable in a request to a host that is not its own: the same
        // flow as `printenv VAR | curl`, judged by the KG's `secret exfiltration`.
        if let Some(var) = secret_sent_away(&name, rest) {
            let c = layer(&format!(
                "`${var}` in a request to a host that is not its own"
            ));
            self.parse_code(&format!("printenv {var} | {name}"), depth + 1, &c.layers);
        }
        // `docker run -v ~/src:/w IMAGE rm -rf /w`: the command a new container runs, with the
        // words that name a bind-mounted path written as the host's, is judged as a local one.
        if let Some((words, dynamic)) = super::container::mounted_command(&name, rest, rest_dyn) {
            let c = layer(&format!("{name} run on a bind-mounted host path"));
            let line = words.join(" ");
            self.unwrap(words, dynamic, line, &c, depth);
        }
        // `socat FILE:PATH TCP:HOST:PORT`: the file's bytes go to the socket, as `cat PATH | nc`.
        if name == "socat" {
            for path in socat_files_to_network(rest) {
                let c = layer("socat file address to a network address");
                self.parse_code(&format!("cat {path} | nc"), depth + 1, &c.layers);
            }
        }
        if name == "git"
            && let Some((var, sub)) = secret_in_git_url(rest)
        {
            let c = layer(&format!(
                "`${var}` in the URL of a git remote that is not its own"
            ));
            self.parse_code(&format!("printenv {var} | git {sub}"), depth + 1, &c.layers);
        }

        if name == "git"
            && let Some(branch) = super::shared_branch::lease_push_to_shared_branch(rest)
        {
            let c = layer(&format!("a lease push onto the shared branch `{branch}`"));
            self.parse_code(
                &format!("git push --force origin {branch}"),
                depth + 1,
                &c.layers,
            );
        }

        if name == "env" {
            let mut c = ctx.clone();
            let skip = wrapper_operands(&name, rest);
            // `env -S 'CMD ARGS'` (`--split-string`): env splits the string into the command
            // and its words, the words after it added.
            if let Some((at, split)) = env_split_string(&rest[..skip]) {
                if rest_dyn[at] || rest_dyn[skip..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                } else {
                    let mut code = split.to_string();
                    for w in &rest[skip..] {
                        code.push(' ');
                        code.push_str(w);
                    }
                    self.parse_code(&code, depth + 1, &layer("env -S").layers);
                }
                self.push(argv, text, ctx, findings);
                return;
            }
            for (w, d) in rest[..skip].iter().zip(&rest_dyn[..skip]) {
                if let Some((var, value)) = w.split_once('=')
                    && !w.starts_with('-')
                {
                    if !*d {
                        c.env.push((var.to_string(), value.to_string()));
                    }
                    let mut f = std::mem::take(&mut c.findings);
                    self.assignment(var, value, *d, &mut f, ctx, depth);
                    c.findings = f;
                }
            }
            if skip < rest.len() {
                c.layers.push(wrapper_label(&name, &rest[..skip]));
                self.unwrap(
                    rest[skip..].to_vec(),
                    rest_dyn[skip..].to_vec(),
                    text,
                    &c,
                    depth,
                );
            } else {
                self.push(argv, text, &c, findings);
            }
            return;
        }
        if let Some((_, skip)) = runner_words(&name, rest) {
            // `npx X`, `uv run X`: the runner's whole form is judged (the KG knows
            // `npx eslint`), and so is X, the command it runs (`npx rm -rf /` is `rm -rf /`).
            let at = self.out.commands.len();
            self.push(argv.clone(), text.clone(), ctx, findings);
            let mut c = layer(&wrapper_label(&name, &rest[..skip]));
            c.runner = Some(at);
            // A package with a version names its program: `prettier@3` runs `prettier`.
            let mut inner = rest[skip..].to_vec();
            inner[0] = strip_package_version(&inner[0]).to_string();
            self.unwrap(inner, rest_dyn[skip..].to_vec(), text, &c, depth);
            return;
        }
        // `srun CMD`, `sbatch --wrap CODE`, `apptainer exec IMAGE CMD`, `wsl -e CMD`: the
        // command runs on the cluster, in a container or in WSL, with the same files in reach,
        // so it is judged as the line's own; the program's whole form keeps its KG decision.
        if let Some(runs) = super::guest::guest_command(&name, rest) {
            match runs {
                GuestRuns::Argv(from) => {
                    self.push(argv.clone(), text.clone(), ctx, findings);
                    let c = layer(&wrapper_label(&name, &rest[..from]));
                    self.unwrap(
                        rest[from..].to_vec(),
                        rest_dyn[from..].to_vec(),
                        text,
                        &c,
                        depth,
                    );
                }
                GuestRuns::Code { at: from, joined } => {
                    let (code, dynamic) = if joined {
                        (rest[from..].join(" "), rest_dyn[from..].iter().any(|d| *d))
                    } else {
                        let w = &rest[from];
                        (
                            w.strip_prefix("--wrap=")
                                .or_else(|| w.strip_prefix("--command="))
                                .unwrap_or(w)
                                .to_string(),
                            rest_dyn[from],
                        )
                    };
                    if dynamic {
                        findings.push(Finding::DynamicCode);
                    } else {
                        let c = layer(&format!("{name} (runs shell code)"));
                        self.parse_code(&code, depth + 1, &c.layers);
                    }
                    self.push(argv, text, ctx, findings);
                }
            }
            return;
        }
        // `sops exec-env FILE 'CMD'`: sops runs CMD with `sh -c`, the file's decrypted values in
        // its environment. CMD is parsed as code; sops's own part (without CMD) is judged by
        // the KG as the file it decrypts.
        if let Some((own, code)) = sops_exec_env(&name, rest) {
            if rest_dyn[code] {
                findings.push(Finding::DynamicCode);
            } else {
                let file = own.last().map_or("", |&i| rest[i].as_str());
                let c = layer(&format!("sops exec-env {file}"));
                self.parse_code(&rest[code], depth + 1, &c.layers);
            }
            let mut words = vec![argv[0].clone()];
            words.extend(own.iter().map(|&i| rest[i].clone()));
            self.push(words, text, ctx, findings);
            return;
        }
        // The project's Nix development shell running a command: `nix develop [.#SHELL]
        // --command CMD ARGS` runs CMD (an argv), `nix-shell [shell.nix] --run CODE` runs CODE
        // with bash, in the environment the project's flake or `shell.nix` declares (its pinned
        // dependencies, as a project manifest install). Only the command is judged; any other
        // form (a remote flake, packages named on the line, a file elsewhere, an option that
        // accepts other code) is judged whole by the KG.
        if let Some(inner) = nix_dev_shell(&name, rest) {
            let own = match inner {
                NixShellRuns::Argv(at) | NixShellRuns::Code(at) => &rest[..at - 1],
            };
            let c = layer(&wrapper_label(&name, own));
            match inner {
                NixShellRuns::Argv(at) => {
                    self.unwrap(
                        rest[at..].to_vec(),
                        rest_dyn[at..].to_vec(),
                        text,
                        &c,
                        depth,
                    );
                }
                NixShellRuns::Code(at) if rest_dyn[at] => {
                    findings.push(Finding::DynamicCode);
                    self.push(argv, text, ctx, findings);
                }
                NixShellRuns::Code(at) => self.parse_code(&rest[at], depth + 1, &c.layers),
            }
            return;
        }
        // `flock FILE -c CODE` / `flock -c CODE FILE`: flock runs CODE with `sh -c`.
        if name == "flock"
            && let Some(at) = rest
                .iter()
                .position(|w| matches!(w.as_str(), "-c" | "--command"))
                .map(|i| i + 1)
                .or_else(|| {
                    rest.iter()
                        .position(|w| w.starts_with("--command="))
                        .map(|i| i + rest.len())
                })
        {
            let (code, dynamic) = if at >= rest.len() {
                let i = at - rest.len();
                (
                    rest[i].trim_start_matches("--command=").to_string(),
                    rest_dyn[i],
                )
            } else {
                (rest[at].clone(), rest_dyn[at])
            };
            if dynamic {
                findings.push(Finding::DynamicCode);
            } else {
                self.parse_code(&code, depth + 1, &layer("flock -c").layers);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        // `knife ssh QUERY CMD`: Chef runs CMD on every node the search finds.
        if name == "knife" && rest.first().is_some_and(|w| w == "ssh") {
            const VALUED: &[&str] = &[
                "-a",
                "--attribute",
                "-C",
                "--concurrency",
                "-x",
                "--ssh-user",
                "-P",
                "--ssh-password",
                "-p",
                "--ssh-port",
                "-i",
                "--ssh-identity-file",
                "-G",
                "--ssh-gateway",
                "-c",
                "--config",
                "--config-option",
                "-s",
                "--server-url",
                "-u",
                "--user",
                "-k",
                "--key",
                "-E",
                "--environment",
                "-e",
                "--exit-on-error",
            ];
            let mut ops = Vec::new();
            let mut i = 1;
            while i < rest.len() {
                let w = rest[i].as_str();
                if w.starts_with('-') && w != "-" {
                    i += 1 + usize::from(VALUED.contains(&w));
                    continue;
                }
                ops.push(i);
                i += 1;
            }
            if ops.len() > 1 {
                if ops[1..].iter().any(|&k| rest_dyn[k]) {
                    findings.push(Finding::DynamicCode);
                } else {
                    let code = ops[1..]
                        .iter()
                        .map(|&k| rest[k].as_str())
                        .collect::<Vec<_>>()
                        .join(" ");
                    let mut c = layer("knife ssh (remote, every node)");
                    c.pipeline = None;
                    self.parse_code(&code, depth + 1, &c.layers);
                }
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        // `perf stat|record|trace [OPTIONS] CMD...` and `py-spy record|top [OPTIONS] -- CMD`
        // profile CMD: wrappers after their subcommand, as `strace` and `valgrind` are.
        if let Some(sub) = rest.first().filter(|s| match name.as_str() {
            "perf" => matches!(s.as_str(), "stat" | "record" | "trace"),
            "py-spy" => matches!(s.as_str(), "record" | "top"),
            _ => false,
        }) {
            let after = &rest[1..];
            let skip = wrapper_operands(&name, after);
            if skip < after.len() {
                let mut c = layer(&wrapper_label(&format!("{name} {sub}"), &after[..skip]));
                c.log_files(super::outputs::wrapper_writes(&name, &after[..skip]));
                self.unwrap(
                    after[skip..].to_vec(),
                    rest_dyn[1 + skip..].to_vec(),
                    text,
                    &c,
                    depth,
                );
                return;
            }
        }
        if WRAPPERS.contains(&name.as_str()) {
            if name == "command" && rest.first().is_some_and(|a| a == "-v" || a == "-V") {
                self.push(argv, text, ctx, findings);
                return;
            }
            let skip = wrapper_operands(&name, rest);
            if skip < rest.len() {
                let mut inner: Vec<String> = rest[skip..].to_vec();
                let mut inner_dyn = rest_dyn[skip..].to_vec();
                let mut c = layer(&wrapper_label(&name, &rest[..skip]));
                c.log_files(super::outputs::wrapper_writes(&name, &rest[..skip]));
                if name == "xargs" || name == "parallel" {
                    self.input_templates(
                        &name,
                        rest,
                        skip,
                        &mut inner,
                        &mut inner_dyn,
                        &mut c,
                        &text,
                        depth,
                    );
                }
                self.unwrap(inner, inner_dyn, text, &c, depth);
                return;
            }
            // A wrapper with nothing to run (`env`, `time`) is a command of its own.
            self.push(argv, text, ctx, findings);
            return;
        }
        // `sg GROUP -c CODE`, `sg GROUP CMD ARGS`: shadow-utils runs the words after the group
        // as one command line of `/bin/sh -c`, with the group added; `sg GROUP` itself is judged
        // as any program. ast-grep is installed as `sg` too: its subcommands and options
        // (`sg run -p PAT`, `sg scan`, `sg -p PAT`) are no group.
        const AST_GREP_SUBCOMMANDS: &[&str] =
            &["run", "scan", "test", "new", "lsp", "completions", "help"];
        if name == "sg"
            && rest.len() > 1
            && !rest[0].starts_with('-')
            && !AST_GREP_SUBCOMMANDS.contains(&rest[0].as_str())
        {
            let code_at = if rest[1] == "-c" { 2 } else { 1 };
            if code_at < rest.len() {
                if rest_dyn[code_at..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                let code = rest[code_at..].join(" ");
                self.parse_code(&code, depth + 1, &layer("sg -c").layers);
            }
            self.push(argv[..2].to_vec(), text, ctx, findings);
            return;
        }
        // Programs that start the command detached from this session (`systemd-run`, `screen
        // -dm`): judged themselves, and the command they start too.
        if PRIVILEGED.contains(&name.as_str()) || STARTERS.contains(&name.as_str()) {
            let skip = wrapper_operands(&name, rest);
            // A privileged wrapper's part keeps the command it runs, so the KG can judge what
            // runs as root (`curl | sudo bash`, `sudo su`); the others are judged by their own
            // options.
            let own: Vec<String> = if PRIVILEGED.contains(&name.as_str()) {
                argv.clone()
            } else {
                argv[..=skip.min(rest.len())].to_vec()
            };
            self.push(own, text.clone(), ctx, Vec::new());
            // Nothing to run: `sudo -i`, `sudo -s`, `doas -s`, a bare `pkexec` or `run0` start
            // the target user's shell.
            if skip >= rest.len() && PRIVILEGED.contains(&name.as_str()) && bare_login(&name, rest)
            {
                let c = layer(&wrapper_label(&name, rest));
                self.root_shell(&text, &c);
            }
            if skip < rest.len() {
                let c = layer(&wrapper_label(&name, &rest[..skip]));
                self.unwrap(
                    rest[skip..].to_vec(),
                    rest_dyn[skip..].to_vec(),
                    text,
                    &c,
                    depth,
                );
            }
            return;
        }
        if name == "watch" {
            let skip = wrapper_operands(&name, rest);
            if skip < rest.len() {
                let code = rest[skip..].join(" ");
                if rest_dyn[skip..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                self.parse_code(&code, depth + 1, &layer("watch").layers);
            }
            self.push(argv[..=skip.min(rest.len())].to_vec(), text, ctx, findings);
            return;
        }
        // `hyperfine CMD...`: every command line it benchmarks (and its `--prepare`, `--setup`,
        // `--cleanup`, `--conclude` and `--reference` commands) runs in a shell of its own, so
        // each is parsed as code on its own; what is left is hyperfine's own options.
        if name == "hyperfine" {
            let bench = hyperfine_words(rest);
            for (i, line) in &bench.code {
                if rest_dyn[*i] {
                    findings.push(Finding::DynamicCode);
                }
                self.parse_code(line, depth + 1, &layer("hyperfine").layers);
            }
            let mut own = vec![argv[0].clone()];
            own.extend(bench.own.iter().map(|&i| rest[i].clone()));
            self.push(own, text, ctx, findings);
            return;
        }
        // Programs that run a shell command line given as words (`script -c CMD`, `tmux new
        // -d CMD`, `tmux send-keys CMD Enter`) or on their input (`at now <<< CMD`, `echo CMD |
        // batch`): the line is parsed as code, and the program stays judged by the KG.
        if let Some(words) = code_words(&name, rest) {
            if words.iter().any(|&i| rest_dyn[i]) {
                findings.push(Finding::DynamicCode);
            } else if !words.is_empty() {
                let code = words
                    .iter()
                    .map(|&i| rest[i].as_str())
                    .collect::<Vec<_>>()
                    .join(" ");
                self.parse_code(&code, depth + 1, &layer(&name).layers);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        // `alias NAME='CODE'`: bash runs CODE where NAME is a command word later on.
        if name == "alias" {
            for (word, &dyn_word) in rest.iter().zip(rest_dyn) {
                if let Some((alias, code)) = word.split_once('=')
                    && !word.starts_with('-')
                {
                    if dyn_word {
                        findings.push(Finding::DynamicCode);
                    } else {
                        self.parse_code(code, depth + 1, &layer(&format!("alias {alias}")).layers);
                        self.functions.retain(|(n, _, _)| n != alias);
                        self.functions
                            .push((alias.to_string(), code.to_string(), true));
                    }
                }
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        // This guard's own `guard exec [OPTIONS] -- WORDS...` runs the words joined with spaces
        // as a shell command line: judged as that line too, whatever profile it names.
        if name == "terraphim-agent"
            && rest.len() > 2
            && rest[0] == "guard"
            && rest[1] == "exec"
            && let Some(dashes) = rest.iter().position(|a| a == "--")
            && dashes + 1 < rest.len()
        {
            if rest_dyn[dashes + 1..].iter().any(|d| *d) {
                findings.push(Finding::DynamicCode);
            }
            let line = rest[dashes + 1..].join(" ");
            self.parse_code(&line, depth + 1, &layer("guard exec").layers);
            self.push(argv, text, ctx, findings);
            return;
        }
        // `boundary connect postgres [OPTIONS] -- ARGS`: Boundary starts the database's own
        // client, connected to the target, with the words after `--`: judged as that client run
        // with them (`psql -c "DROP ..."`), besides Boundary itself.
        if let Some((client, inner)) = launched_client(&name, rest) {
            let c = layer(&format!("{name} connect"));
            let mut words = vec![client.to_string()];
            words.extend_from_slice(&rest[inner..]);
            let mut dynamic = vec![false];
            dynamic.extend_from_slice(&rest_dyn[inner..]);
            self.unwrap(words, dynamic, text.clone(), &c, depth);
            self.push(argv, text, ctx, findings);
            return;
        }
        // A command run in a container or on managed hosts (`kubectl exec POD -- CMD`, `docker
        // exec CTR CMD`, `ansible HOSTS -m shell -a CMD`): judged as
        // the command it runs, besides the program itself.
        if let Some((inner, code)) = remote_command(&name, rest) {
            let c = layer(&format!("{name} runs"));
            if code {
                if rest_dyn[inner] {
                    findings.push(Finding::DynamicCode);
                }
                self.parse_code(&rest[inner], depth + 1, &c.layers);
            } else {
                self.unwrap(
                    rest[inner..].to_vec(),
                    rest_dyn[inner..].to_vec(),
                    text.clone(),
                    &c,
                    depth,
                );
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if matches!(name.as_str(), "at" | "batch") {
            if let Some(body) = &ctx.stdin_text {
                self.parse_code(body, depth + 1, &layer(&format!("{name} <<stdin")).layers);
            }
            if ctx.pipeline.is_some_and(|(_, stage)| stage > 0) {
                self.reparse_piped_literals(ctx, depth, &name);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if AWKS.contains(&name.as_str()) {
            self.awk_code(rest, rest_dyn, ctx, depth);
        }
        self.host_script_code(&name, rest, rest_dyn, ctx, depth);
        if matches!(name.as_str(), "sed" | "gsed") {
            let mut layers = ctx.layers.clone();
            layers.push("sed e command".into());
            for line in sed_executed_lines(rest, rest_dyn) {
                self.parse_option_code(&line, depth + 1, &layers);
            }
        }
        if matches!(name.as_str(), "busybox" | "toybox") && !rest.is_empty() {
            let c = layer(&name);
            self.unwrap(rest.to_vec(), rest_dyn.to_vec(), text, &c, depth);
            return;
        }
        if name == "trap" {
            // `trap 'CODE' SIGNAL...`: the shell runs CODE later, on the signal or at exit.
            // `trap -p`, `trap -l`, `trap - SIG` and `trap '' SIG` set no code.
            if let (Some(code), Some(dynamic)) = (rest.first(), rest_dyn.first())
                && rest.len() >= 2
                && code != "-"
                && !code.starts_with('-')
            {
                if *dynamic {
                    findings.push(Finding::DynamicCode);
                }
                self.parse_code(code, depth + 1, &layer("trap").layers);
                // `trap` itself is a command: the KG may judge it.
                self.push(vec![argv[0].clone()], text, ctx, findings);
            } else {
                self.push(argv, text, ctx, findings);
            }
            return;
        }
        if name == "eval" {
            if rest_dyn.iter().any(|d| *d) {
                findings.push(Finding::DynamicCode);
                // Judged as written too, as `bash -c` with an expansion is.
                let code = rest.join(" ");
                if code.contains(char::is_whitespace) {
                    self.parse_code(&code, depth + 1, &layer("eval").layers);
                }
                self.push(argv, text, ctx, findings);
            } else {
                let mut c = layer("eval");
                c.pipeline = None;
                self.parse_code(&rest.join(" "), depth + 1, &c.layers);
                // `eval` itself is a command: the KG may judge it.
                self.push(vec![argv[0].clone()], text, ctx, findings);
            }
            return;
        }
        if is_shell(&name) && reads_without_running(rest) {
            // `bash -n FILE`, `sh -n -c CODE`, `zsh -n`: the shell reads the code and reports
            // its syntax errors, and runs none of it (its file, its `-c` code, a heredoc or
            // a pipe alike). The program itself is judged as any other.
            self.push(argv, text, ctx, findings);
            return;
        }
        if is_shell(&name) || name == "su" {
            if let Some(i) = dash_c_index(&name, rest) {
                let code_idx = i + 1;
                match (rest.get(code_idx), rest_dyn.get(code_idx)) {
                    (Some(code), Some(false)) => {
                        let c = layer(&format!("{name} -c"));
                        // `sh -c 'rm -rf "$1"' _ DIR`: the words after the code are `$0`,
                        // `$1`...; the code is judged with the literal ones in place, and as
                        // written too while a positional parameter is left unknown.
                        let args = &rest[code_idx + 1..];
                        let literal = &rest_dyn[code_idx + 1..];
                        match super::hidden::with_positionals(code, args, literal) {
                            Some((filled, all)) => {
                                self.parse_code(&filled, depth + 1, &c.layers);
                                if !all {
                                    self.parse_code(code, depth + 1, &c.layers);
                                }
                            }
                            None => self.parse_code(code, depth + 1, &c.layers),
                        }
                        if name == "su" {
                            self.push(argv[..1].to_vec(), text, ctx, Vec::new());
                        }
                    }
                    (Some(code), Some(true)) => {
                        findings.push(Finding::DynamicCode);
                        // The outer shell expands the string before the inner one reads it:
                        // the text as written is judged too (`bash -c "rm -rf $HOME/x"`), which
                        // can only add to the decision.
                        if code.contains(char::is_whitespace) {
                            let c = layer(&format!("{name} -c"));
                            self.parse_code(code, depth + 1, &c.layers);
                        }
                        self.push(argv, text, ctx, findings);
                    }
                    _ => {
                        findings.push(Finding::DynamicCode);
                        self.push(argv, text, ctx, findings);
                    }
                }
                return;
            }
            if name == "su" {
                // `su`, `su -`, `su root`: the other user's interactive shell.
                let c = layer("su");
                self.push(argv, text.clone(), ctx, findings);
                self.root_shell(&text, &c);
                return;
            }
            let script = shell_script_index(rest);
            match script {
                Some(i)
                    if rest_dyn[i]
                        || rest[i].starts_with("/dev/fd/")
                        || rest[i].starts_with("/proc/self/fd") =>
                {
                    findings.push(Finding::ProcessSubstitutionIntoShell);
                    self.substitution_as_pipe(&rest[i], &name, ctx, depth);
                }
                Some(i) => self.run_written(&rest[i], &name, ctx, depth),
                None => {
                    let piped = ctx.pipeline.is_some_and(|(_, stage)| stage > 0);
                    if let Some(body) = &ctx.stdin_text {
                        let c = layer(&format!("{name} <<stdin"));
                        self.parse_code(body, depth + 1, &c.layers);
                        // `sh <<EOF ... EOF` is `sh -c BODY`: judged by the body alone when the
                        // shell has only options that change no input (`-e`, `-u`, `-x`, ...).
                        let plain_options = rest.iter().all(|a| {
                            a.len() > 1
                                && a.starts_with('-')
                                && a[1..].chars().all(|c| "euxvsn".contains(c))
                        });
                        if plain_options && !piped && ctx.findings.is_empty() && findings.is_empty()
                        {
                            return;
                        }
                    }
                    if piped {
                        findings.push(Finding::PipeIntoShell);
                        self.reparse_piped_literals(ctx, depth, &name);
                    }
                }
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if (name == "source" || name == ".")
            && let Some(file) = rest.iter().find(|a| !canon::is_flag(a))
        {
            if matches!(
                file.as_str(),
                "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0"
            ) {
                // `source /dev/stdin`: the shell runs its input, as `bash` does.
                if let Some(body) = &ctx.stdin_text {
                    self.parse_code(body, depth + 1, &layer(&format!("{name} <<stdin")).layers);
                }
                if ctx.pipeline.is_some_and(|(_, stage)| stage > 0) {
                    findings.push(Finding::PipeIntoShell);
                    self.reparse_piped_literals(ctx, depth, &name);
                }
            }
            self.substitution_as_pipe(file, &name, ctx, depth);
            self.run_written(file, &name, ctx, depth);
        }
        // A written source file counts for an interpreter only where it runs a tool (`python -m
        // pytest`, `bun test`): `python3 gen.py` after writing `gen.py` is judged by what it runs.
        let runs_tool = !is_interpreter(&name)
            || rest
                .iter()
                .find(|a| !canon::is_flag(a) || *a == "-m")
                .is_some_and(|a| a == "-m" || a == "test");
        if BUILD_RUNNERS.contains(&name.as_str())
            && (self.wrote_build_input || (self.wrote_runner_source && runs_tool))
        {
            findings.push(Finding::RunsWrittenFile);
        }
        self.subscripts(&argv, ctx, depth);
        self.program_options(&name, rest, rest_dyn, ctx, depth, &mut findings);
        self.written_configs(&name, rest, ctx, depth);
        if let Some(explicit) = served_directory(&name, rest) {
            // A file server given no directory serves the working directory: judged with it
            // named, so `cd ~/.ssh && python3 -m http.server` is the server of `~/.ssh`.
            let c = layer(super::SERVED_DIRECTORY_LAYER);
            self.parse_code(&explicit, depth + 1, &c.layers);
        }
        if is_interpreter(&name) {
            let reads_stdin = rest.is_empty()
                || rest
                    .iter()
                    .all(|a| canon::is_flag(a) && a != "-c" && a != "-e")
                || rest.first().is_some_and(|a| a == "-");
            if reads_stdin && ctx.pipeline.is_some_and(|(_, stage)| stage > 0) {
                findings.push(Finding::PipeIntoShell);
            }
            self.inline_code(&name, rest, rest_dyn, reads_stdin, ctx, depth);
            self.push(argv, text, ctx, findings);
            return;
        }
        if name == "ssh" {
            let skip = wrapper_operands("ssh", rest);
            // rest[skip] is the host; everything after it is the remote command.
            // `ssh host -- CMD`: the `--` ends ssh's options and is not sent.
            let from = skip + 1 + usize::from(rest.get(skip + 1).is_some_and(|w| w == "--"));
            if from < rest.len() {
                let remote = rest[from..].join(" ");
                if rest_dyn[from..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                let mut c = layer("ssh (remote)");
                c.pipeline = None;
                self.parse_code(&remote, depth + 1, &c.layers);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if let Some((_, valued)) = REMOTE_RUNNERS.iter().find(|(n, _)| *n == name) {
            // `pssh -h hosts.txt CMD`: the first operand after the options is the command
            // every machine runs (`dsh -c -- CMD`: after `--`).
            let mut i = 0;
            while i < rest.len() && rest[i].starts_with('-') && rest[i] != "--" {
                i += 1 + usize::from(valued.contains(&rest[i].as_str()));
            }
            i += usize::from(rest.get(i).is_some_and(|w| w == "--"));
            if i < rest.len() {
                if rest_dyn[i..].iter().any(|d| *d) {
                    findings.push(Finding::DynamicCode);
                }
                let mut c = layer(&format!("{name} (remote, every host)"));
                c.pipeline = None;
                self.parse_code(&rest[i..].join(" "), depth + 1, &c.layers);
            }
            self.push(argv, text, ctx, findings);
            return;
        }
        if name == "find" {
            // `-fprint FILE`, `-fprint0 FILE`, `-fprintf FILE FMT`, `-fls FILE` write FILE.
            for (i, a) in rest.iter().enumerate() {
                if matches!(a.as_str(), "-fprint" | "-fprint0" | "-fprintf" | "-fls")
                    && let Some(file) = rest.get(i + 1)
                {
                    self.push_write(file.clone(), &layer("find writes"));
                }
            }
            // Without a test, find visits everything under its start paths: `{}` of a template
            // and `-delete` then name every entry, as `START/*` does for `rm` (`find . -delete`
            // is `rm -rf ./*`). With a test (`-name`, `-type`, ...) `{}` stays a project path.
            let everything = find_everything(rest);
            // With a `-name` test (and no `!`, `-not` or `-o`), every entry found is named so:
            // `{}` and `-delete` reach `START/**/NAME` (`find . -name __pycache__ -exec rm -rf
            // {} +` deletes build output only).
            let named = everything.is_none().then(|| find_named(rest)).flatten();
            let mut i = 0;
            while i < rest.len() {
                if matches!(rest[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
                    let start = i + 1;
                    let end = rest[start..]
                        .iter()
                        .position(|a| a == ";" || a == "+")
                        .map(|p| start + p)
                        .unwrap_or(rest.len());
                    if start < end {
                        let c = layer(&format!("find {}", rest[i]));
                        let template = &rest[start..end];
                        // The template with `{}` as every entry it reaches: `START/*` (other
                        // tests such as `-type f` or `-mtime +7` choose entries, not where they
                        // lie, so `find /var/log -type f -exec truncate -s 0 {} \;` empties the
                        // system's logs and `find ./dist -type f -exec rm {} +` build output).
                        // Following links (`-L`), an entry may lie anywhere a link under a start
                        // path points, and a template that is no plain file command may hand
                        // `{}` on to code of its own (`parallel bash -c {} ::: CODE`): `{}` is
                        // then also judged as written.
                        let mut starts = Vec::new();
                        // With `;` find replaces `{}` wherever it stands in an argument
                        // (`-F f=@{}`); with `+` only a `{}` of its own.
                        let inside_words = rest.get(end).is_some_and(|t| t == ";");
                        let braces = template
                            .iter()
                            .any(|w| w == "{}" || (inside_words && w.contains("{}")));
                        let file_command = template.first().is_some_and(|p| {
                            FIND_FILE_COMMANDS.contains(&p.rsplit('/').next().unwrap_or(p))
                        });
                        if !braces || !file_command || find_follows_links(rest) {
                            starts.push(String::new());
                        }
                        if let Some(all) = &named
                            && braces
                        {
                            starts = all.clone();
                        } else if let Some(all) = everything.as_ref().filter(|_| braces) {
                            starts.extend(all.iter().cloned());
                        } else if braces {
                            starts.extend(find_chosen_starts(rest));
                        }
                        for every in starts {
                            let words: Vec<String> = template
                                .iter()
                                .map(|w| match w.as_str() {
                                    _ if every.is_empty() => w.clone(),
                                    "{}" => every.clone(),
                                    _ if inside_words => w.replace("{}", &every),
                                    _ => w.clone(),
                                })
                                .collect();
                            self.unwrap(
                                words,
                                rest_dyn[start..end].to_vec(),
                                text.clone(),
                                &c,
                                depth,
                            );
                        }
                    }
                    i = end;
                }
                i += 1;
            }
            if find_deletes(rest) {
                // Other tests choose what is deleted under each start path, not where it lies.
                let starts = everything
                    .clone()
                    .or_else(|| named.clone())
                    .unwrap_or_else(|| {
                        find_chosen_starts(rest)
                            .into_iter()
                            .filter(|s| !s.is_empty())
                            .collect()
                    });
                let c = layer("find -delete");
                for every in starts {
                    let words = vec!["rm".to_string(), "-rf".to_string(), every.clone()];
                    self.push(words.clone(), words.join(" "), &c, Vec::new());
                }
            }
            // A named find's start paths are judged as what it reaches (`find . -name '*.pyc'
            // -delete` reaches `./**/*.pyc`), so the patterns on its start paths see that.
            let argv = match &named {
                Some(reach) => reached_words(&argv, reach),
                None => argv,
            };
            self.push(argv, text, ctx, findings);
            return;
        }
        self.push(argv, text, ctx, findings);
    }
}

impl Walker {
    /// Inline code of an interpreter the script review has no walker for (`ruby -e`, a heredoc
    /// into `perl`): the shell commands its literal process-running calls run are parsed as
    /// code, and the literal paths its deleting calls name are judged as `rm -rf PATH`.
    fn inline_code(
        &mut self,
        name: &str,
        rest: &[String],
        rest_dyn: &[bool],
        reads_stdin: bool,
        ctx: &Ctx,
        depth: u32,
    ) {
        let Some(interpreter) = terraphim_shell_vocab::interpreter_name(name) else {
            return;
        };
        // Perl's `-E` is `-e` with features on (Julia's prints the value); Ruby's `-E` names an
        // encoding; PHP's is `-r`.
        let code_flag = |a: &String| {
            a == "-e" || (interpreter == "perl" && a == "-E") || (interpreter == "php" && a == "-r")
        };
        // `deno eval CODE`, `bun -e CODE`, `node -e CODE` / `--eval CODE`.
        let code_flag = |a: &String| {
            code_flag(a)
                || (interpreter.starts_with("python") && a == "-c")
                || (matches!(interpreter, "node" | "nodejs" | "bun")
                    && (a == "--eval" || a == "-p" || a == "--print"))
                || (interpreter == "deno" && a == "eval")
                || (interpreter == "julia" && (a == "-E" || a == "--eval" || a == "--print"))
        };
        let code = match rest.iter().position(code_flag) {
            Some(i) if rest_dyn.get(i + 1) == Some(&false) => rest.get(i + 1).cloned(),
            Some(_) => None,
            None if reads_stdin => ctx.stdin_text.clone(),
            None => None,
        };
        let Some(code) = code else { return };
        // What the code does with credentials and sockets, as the shell line that does it.
        if let Some(line) = inline_effects(interpreter, &code) {
            let mut layers = ctx.layers.clone();
            layers.push(format!("{interpreter} inline code"));
            self.parse_code(&line, depth + 1, &layers);
        }
        for call in inline_calls(interpreter, &code) {
            let mut c = Ctx {
                layers: ctx.layers.clone(),
                ..Ctx::default()
            };
            c.layers.push(format!("{interpreter} inline code"));
            match call {
                InlineCall::Shell(line) => self.parse_code(&line, depth + 1, &c.layers),
                InlineCall::Delete(path) => {
                    let argv = vec!["rm".to_string(), "-rf".to_string(), path];
                    let text = argv.join(" ");
                    self.push(argv, text, &c, Vec::new());
                }
                InlineCall::Write(path) => self.push_write(path, &c),
            }
        }
    }

    /// A file a program writes by an option or a call, judged as `tee -a FILE`, by the same
    /// path rules as a redirect (`-fprintf ~/.bashrc` writes a trust anchor).
    fn push_write(&mut self, path: String, ctx: &Ctx) {
        let argv = vec!["tee".to_string(), "-a".to_string(), path];
        let text = argv.join(" ");
        self.push(argv, text, ctx, Vec::new());
    }

    /// Code of a scripting host that is not a POSIX shell, given on its command line: the shell
    /// command lines of AppleScript's `do shell script "..."` (`osascript -e`), and PowerShell's
    /// `-Command` text read as the shell line its cmdlets amount to ([`POWERSHELL_WORDS`],
    /// data: `Remove-Item -Recurse -Force X` is `rm -r -f X`).
    fn host_script_code(
        &mut self,
        name: &str,
        rest: &[String],
        rest_dyn: &[bool],
        ctx: &Ctx,
        depth: u32,
    ) {
        let base = name.to_ascii_lowercase();
        let base = base.trim_end_matches(".exe");
        let mut layers = ctx.layers.clone();
        if base == "osascript" {
            layers.push("osascript".into());
            for (i, w) in rest.iter().enumerate() {
                if w == "-e"
                    && rest_dyn.get(i + 1) == Some(&false)
                    && let Some(code) = rest.get(i + 1)
                {
                    for line in applescript_shell_lines(code) {
                        self.parse_code(&line, depth + 1, &layers);
                    }
                }
            }
            return;
        }
        if !matches!(base, "pwsh" | "powershell") {
            return;
        }
        let Some(i) = rest.iter().position(|w| {
            let w = w.to_ascii_lowercase();
            w == "-c" || w == "-command" || w == "--command" || w == "/c" || w == "-com"
        }) else {
            return;
        };
        if rest_dyn[i + 1..].iter().any(|d| *d) || i + 1 >= rest.len() {
            return;
        }
        layers.push("powershell command".into());
        let line = powershell_as_shell(&rest[i + 1..].join(" "));
        self.parse_code(&line, depth + 1, &layers);
    }
}

/// Whether `argv` is `pwsh -Command CODE` (or `powershell`) whose CODE this parse reads as the
/// shell line its cmdlets amount to, with only options that leave the profile, the banner or
/// the prompts out (`-NoProfile`, `-NoLogo`, `-NonInteractive`), and none of the characters whose
/// PowerShell meaning the shell reading does not share (variables, backquote escapes, comments
/// and `<# #>` blocks, script blocks, type names, splatting, the call operator): the program adds
/// nothing to what its code's commands do, which are judged as parts of their own.
pub(crate) fn plain_powershell_command(argv: &[String]) -> bool {
    let Some((name, rest)) = argv.split_first() else {
        return false;
    };
    let base = name.to_ascii_lowercase();
    if !matches!(base.trim_end_matches(".exe"), "pwsh" | "powershell") {
        return false;
    }
    let Some(i) = rest.iter().position(|w| {
        let w = w.to_ascii_lowercase();
        w == "-c" || w == "-command" || w == "--command" || w == "/c" || w == "-com"
    }) else {
        return false;
    };
    i + 1 < rest.len()
        && rest[..i].iter().all(|o| {
            matches!(
                o.to_ascii_lowercase().as_str(),
                "-noprofile" | "-nop" | "-nologo" | "-noninteractive" | "-noni"
            )
        })
        && rest[i + 1..]
            .iter()
            .all(|w| !w.contains(['$', '`', '#', '{', '}', '[', ']', '@', '&']))
}

/// Programs a glob in a command name is judged as when it matches them (besides the shells and
/// interpreters): those that destroy, send, fetch, change permissions or run other commands.
const GLOB_NAME_CANDIDATES: &[&str] = &[
    "rm", "rmdir", "shred", "unlink", "dd", "mkfs", "wipefs", "truncate", "mv", "cp", "ln",
    "chmod", "chown", "find", "xargs", "tar", "curl", "wget", "nc", "ncat", "netcat", "socat",
    "ssh", "scp", "rsync", "git", "sudo", "doas", "su", "kill", "pkill", "killall", "crontab",
    "eval", "exec", "env", "base64", "xxd", "openssl", "tee",
];

/// Whether `iex ARGS` is Elixir's interactive shell rather than PowerShell's Invoke-Expression:
/// it starts with an option Elixir's shell takes and PowerShell's `-Command` (or a prefix of it,
/// as PowerShell accepts) is not.
fn is_elixir_shell(name: &str, rest: &[String]) -> bool {
    name == "iex"
        && rest
            .first()
            .is_some_and(|a| a.starts_with('-') && !is_command_parameter(a))
}

/// PowerShell's `-Command` parameter, or a prefix of it (`-c`, `-Com`), in any case.
fn is_command_parameter(word: &str) -> bool {
    word.len() > 1 && "-command".starts_with(word.to_ascii_lowercase().as_str())
}

/// For Elixir's `iex [OPTIONS] -S mix TASK...` where no option runs code of its own (`-e`,
/// `--eval`, `-r`, `--erl`, `--dot-iex`...): the words `mix TASK...`, which is what runs.
fn elixir_shell_task<'a>(name: &str, rest: &'a [String]) -> Option<&'a [String]> {
    if !is_elixir_shell(name, rest) {
        return None;
    }
    // Options that only name the node or its cookie, each with one value.
    const NAMING: &[&str] = &["--sname", "--name", "--cookie"];
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        match a.as_str() {
            "-S" => {
                return (rest.get(i + 1).map(String::as_str) == Some("mix"))
                    .then(|| &rest[i + 1..]);
            }
            a if NAMING.contains(&a) => i += 2,
            _ => return None,
        }
    }
    None
}

/// Whether a command name is a PowerShell cmdlet the guard maps to POSIX words: a `Verb-Noun`
/// name, or an alias that names no POSIX program (`iwr`, `irm`, `iex`, `gci`).
fn is_powershell_cmdlet(name: &str) -> bool {
    // The shape first: this runs for every command of every line.
    let shaped = ["iwr", "irm", "iex", "gci"]
        .iter()
        .any(|a| a.eq_ignore_ascii_case(name))
        || name
            .split_once('-')
            .is_some_and(|(verb, noun)| !verb.is_empty() && !noun.is_empty());
    shaped
        && super::vocab::POWERSHELL_WORDS
            .iter()
            .any(|(w, to)| w.eq_ignore_ascii_case(name) && !to.is_empty())
}

/// Whether a command name holds glob characters the shell expands (`r?`, `py*`, `[r]m`); `[`
/// alone is the test command.
fn is_glob(name: &str) -> bool {
    name.contains(['*', '?']) || name.find('[').is_some_and(|i| name[i + 1..].contains(']'))
}

/// Shell pattern matching of one name: `*`, `?` and bracket classes (`[a-z]`, `[!x]`).
fn shell_glob(pat: &[u8], s: &[u8]) -> bool {
    match pat.first() {
        None => s.is_empty(),
        Some(b'*') => {
            // A run of stars is one star: matching stays polynomial however many there are.
            let rest = &pat[pat.iter().take_while(|&&c| c == b'*').count()..];
            (0..=s.len()).any(|i| shell_glob(rest, &s[i..]))
        }
        Some(b'?') => !s.is_empty() && shell_glob(&pat[1..], &s[1..]),
        Some(b'[') => {
            let Some(close) = pat.iter().skip(2).position(|&c| c == b']').map(|i| i + 2) else {
                return s.first() == Some(&b'[') && shell_glob(&pat[1..], &s[1..]);
            };
            let Some(&c) = s.first() else { return false };
            let class = &pat[1..close];
            let (negated, class) = match class.first() {
                Some(b'!' | b'^') => (true, &class[1..]),
                _ => (false, class),
            };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                if i + 2 < class.len() && class[i + 1] == b'-' {
                    hit |= class[i] <= c && c <= class[i + 2];
                    i += 3;
                } else {
                    hit |= class[i] == c;
                    i += 1;
                }
            }
            hit != negated && shell_glob(&pat[close + 1..], &s[1..])
        }
        Some(&p) => s.first() == Some(&p) && shell_glob(&pat[1..], &s[1..]),
    }
}

/// The program an expansion in the command name runs, when its kind is known without running
/// it: `$SHELL`/`$BASH` (the user's shell) and the path lookups `$(which X)`, `$(command -v X)`,
/// `$(type -P X)`, `$(whereis -b X)` (the program X, `exact`: the plain name runs the same).
fn expanded_program(word: &str) -> Option<(String, bool)> {
    let word = word.trim_matches('"');
    let shell_var = |v: &str| matches!(v, "SHELL" | "BASH");
    if let Some(var) = word.strip_prefix("${").and_then(|w| w.strip_suffix('}')) {
        let name = var.split([':', '-', '=']).next().unwrap_or(var);
        return shell_var(name).then(|| ("sh".to_string(), false));
    }
    if let Some(var) = word.strip_prefix('$')
        && shell_var(var)
    {
        return Some(("sh".to_string(), false));
    }
    let inner = word
        .strip_prefix("$(")
        .and_then(|w| w.strip_suffix(')'))
        .or_else(|| word.strip_prefix('`').and_then(|w| w.strip_suffix('`')))?;
    let mut words = inner.split_whitespace();
    let lookup = words.next()?;
    let mut operands = words.filter(|w| !w.starts_with('-') && !w.contains(['>', '<', '&']));
    let program = operands.next()?;
    let ok = match lookup {
        "which" | "whereis" => true,
        "command" => inner.split_whitespace().any(|w| w == "-v" || w == "-V"),
        "type" => inner.split_whitespace().any(|w| w == "-P" || w == "-p"),
        _ => false,
    };
    (ok && operands.next().is_none() && !program.contains(['$', '`', '(']))
        .then(|| (canon::program_name(program), true))
}

/// `argv` with each operand that is a path lookup (`$(which X)`, `"$(command -v X)"`) replaced
/// by the path of an installed program, `/usr/bin/X`, known rather than built at run time.
fn installed_program_operands(
    mut argv: Vec<String>,
    mut dynamic: Vec<bool>,
) -> (Vec<String>, Vec<bool>) {
    for i in 1..argv.len() {
        if dynamic[i]
            && let Some((program, true)) = expanded_program(&argv[i])
        {
            argv[i] = format!("/usr/bin/{program}");
            dynamic[i] = false;
        }
    }
    (argv, dynamic)
}

/// The command lines GNU sed's `e COMMAND` runs (`sed '1e CMD'`, `sed -n '/x/e CMD'`): in
/// each script (`-e SCRIPT`, `--expression=SCRIPT` or the first operand), a command `e` after an
/// optional address, at the start of a line or after `;`, runs the rest of its line.
fn sed_executed_lines(rest: &[String], rest_dyn: &[bool]) -> Vec<String> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut explicit = false;
    let mut first_operand = None;
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_str();
        if (a == "-e" || a == "--expression") && rest_dyn.get(i + 1) == Some(&false) {
            if let Some(s) = rest.get(i + 1) {
                scripts.push(s);
            }
            explicit = true;
            i += 2;
            continue;
        }
        if let Some(s) = a.strip_prefix("--expression=") {
            scripts.push(s);
            explicit = true;
        } else if a == "-f" || a == "--file" || a == "-l" {
            i += 1;
        } else if !a.starts_with('-') && first_operand.is_none() && rest_dyn.get(i) == Some(&false)
        {
            first_operand = Some(a);
        }
        i += 1;
    }
    if !explicit && let Some(s) = first_operand {
        scripts.push(s);
    }
    let mut out = Vec::new();
    for script in scripts {
        for line in script.lines() {
            for cmd in line.split(';') {
                let cmd = cmd.trim_start();
                // An address: line numbers, `$`, `N,M`, `/re/`, `first~step`, then `!`.
                let mut rest =
                    cmd.trim_start_matches(|c: char| c.is_ascii_digit() || "$,~!+ ".contains(c));
                if let Some(r) = rest.strip_prefix('/')
                    && let Some(end) = r.find('/')
                {
                    rest = r[end + 1..].trim_start_matches(['!', ' ']);
                }
                if let Some(command) = rest.strip_prefix('e')
                    && command.starts_with([' ', '\t'])
                    && !command.trim().is_empty()
                {
                    // `e` runs the rest of the line, `;` included.
                    let at = line.find(cmd).unwrap_or(0) + (cmd.len() - command.len());
                    out.push(line[at..].trim().to_string());
                    break;
                }
            }
        }
    }
    out
}

/// The literal shell command lines of AppleScript's `do shell script "..."` in `code`, and of
/// the lines it has a terminal run: Terminal's `do script "..."`, iTerm's `write text "..."`.
fn applescript_shell_lines(code: &str) -> Vec<String> {
    const RUNS_A_LINE: [&str; 3] = ["do shell script", "do script", "write text"];
    let mut out = Vec::new();
    let mut rest = code;
    while let Some((at, phrase)) = RUNS_A_LINE
        .iter()
        .filter_map(|p| rest.find(p).map(|at| (at, *p)))
        .min()
    {
        let after = rest[at + phrase.len()..].trim_start();
        match after
            .strip_prefix('"')
            .and_then(|a| a.find('"').map(|e| &a[..e]))
        {
            Some(line) => {
                out.push(line.replace("\\\"", "\""));
                rest = &after[1 + line.len()..];
            }
            None => rest = after,
        }
    }
    out
}

/// A PowerShell command line as the POSIX shell line its cmdlets amount to: each cmdlet or
/// alias and each parameter is put as [`POWERSHELL_WORDS`] says (a parameter with no POSIX
/// spelling is dropped), a parenthesised cmdlet becomes a command substitution and the
/// home's spellings (`$HOME`, `$env:HOME`, `$env:USERPROFILE`) become `~`. Words it does not
/// know stay as written, so unknown code stays unknown to the KG.
pub(super) fn powershell_as_shell(code: &str) -> String {
    use super::vocab::POWERSHELL_WORDS;
    let mut out: Vec<String> = Vec::new();
    for word in code.split_whitespace() {
        // `(iwr URL).Content` is the response body, what `$(curl URL)` prints.
        let word = match word.len().checked_sub(".content".len()) {
            Some(i)
                if !word.ends_with(')')
                    && word
                        .get(i..)
                        .is_some_and(|t| t.eq_ignore_ascii_case(".content")) =>
            {
                &word[..i]
            }
            _ => word,
        };
        let (open, core) = match word.strip_prefix('(') {
            Some(c) => ("$(", c),
            None => ("", word),
        };
        let (core, close) = match core.strip_suffix(')') {
            Some(c) if !open.is_empty() || !c.contains('(') => (c, ")"),
            _ => (core, ""),
        };
        let lower = core.to_ascii_lowercase();
        let mapped = match POWERSHELL_WORDS.iter().find(|(w, _)| *w == lower) {
            Some((_, to)) => (*to).to_string(),
            None => {
                let mut w = core.to_string();
                for home in [
                    "$env:HOME",
                    "$env:USERPROFILE",
                    "${env:HOME}",
                    "$HOME",
                    "${HOME}",
                ] {
                    w = w.replace(home, "~");
                }
                w
            }
        };
        if mapped.is_empty() && open.is_empty() && close.is_empty() {
            continue;
        }
        out.push(format!("{open}{mapped}{close}"));
    }
    out.join(" ")
}

/// How many words of `find`'s options come before its start paths: `-H -L -P`, `-D
/// debugopts`, `-Olevel` (may exceed `rest.len()` when `-D` has no argument).
fn find_options_len(rest: &[String]) -> usize {
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        match a.as_str() {
            "-H" | "-L" | "-P" => i += 1,
            "-D" => i += 2,
            _ if a.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    i
}

/// A `find` command's words with its start paths replaced by what it reaches (`reach`, one per
/// start path, or `./**/NAME` for none).
fn reached_words(argv: &[String], reach: &[String]) -> Vec<String> {
    let i = 1 + find_options_len(argv.get(1..).unwrap_or_default());
    let i = i.min(argv.len());
    let count = argv[i..]
        .iter()
        .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ","))
        .count();
    let mut out = argv[..i].to_vec();
    out.extend(reach.iter().cloned());
    // A negated test only narrows what is reached (`find_named`): its value is a pattern the
    // entries do not match, no place the command acts on, so it is left out.
    let rest = &argv[i + count..];
    let mut k = 0;
    while k < rest.len() {
        if matches!(rest[k].as_str(), "!" | "-not")
            && rest
                .get(k + 1)
                .is_some_and(|t| NEGATABLE_TESTS.contains(&t.as_str()))
        {
            k += 3;
            continue;
        }
        out.push(rest[k].clone());
        k += 1;
    }
    out
}

/// `find` tests that take one value and may be negated without widening what a named find
/// reaches (`find_named`).
const NEGATABLE_TESTS: &[&str] = &[
    "-path",
    "-wholename",
    "-ipath",
    "-iwholename",
    "-regex",
    "-iregex",
    "-name",
    "-iname",
    "-type",
    "-newer",
    "-mtime",
    "-mmin",
    "-size",
    "-user",
    "-perm",
];

/// For a `find` whose expression tests `-name`/`-iname` and joins no alternative (`-o`, `,`)
/// nor negates a group, each start path as `START/**/NAME`: every entry it reaches is named
/// so, whatever other tests (negated ones too) narrow it further.
fn find_named(rest: &[String]) -> Option<Vec<String>> {
    let i = find_options_len(rest);
    let starts: Vec<&str> = rest[i.min(rest.len())..]
        .iter()
        .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ","))
        .map(String::as_str)
        .collect();
    let mut j = i + starts.len();
    let mut name = None;
    while let Some(a) = rest.get(j) {
        match a.as_str() {
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let end = rest[j + 1..].iter().position(|w| w == ";" || w == "+");
                j += end.map_or(rest.len(), |e| e + 2);
                continue;
            }
            // A negated test only drops entries from those the other tests choose
            // (`-not -path './.git/*'`): its own name is none the entries have, so it is
            // stepped over with its value. A negated group may hold an `-o`: not followed.
            "!" | "-not" => {
                if !NEGATABLE_TESTS.contains(&rest.get(j + 1)?.as_str()) {
                    return None;
                }
                j += 3;
                continue;
            }
            "-o" | "-or" | "," => return None,
            "-name" | "-iname" => {
                let v = rest.get(j + 1)?;
                if name.is_none() && !v.contains('/') && !canon::is_dynamic(v) {
                    name = Some(v.clone());
                }
            }
            _ => {}
        }
        j += 1;
    }
    let name = name?;
    let starts = if starts.is_empty() { vec!["."] } else { starts };
    Some(
        starts
            .iter()
            .map(|s| match s.trim_end_matches('/') {
                "" => format!("/**/{name}"),
                dir => format!("{dir}/**/{name}"),
            })
            .collect(),
    )
}

/// Whether `find`'s expression has `-delete` (not a word of an `-exec` template).
fn find_deletes(rest: &[String]) -> bool {
    let mut in_template = false;
    rest.iter().any(|a| {
        match a.as_str() {
            "-exec" | "-execdir" | "-ok" | "-okdir" if !in_template => in_template = true,
            ";" | "+" if in_template => in_template = false,
            "-delete" if !in_template => return true,
            _ => {}
        }
        false
    })
}

/// Programs that only act on the files they are given: in a `find` template, `{}` is one
/// of the entries found and nothing else.
const FIND_FILE_COMMANDS: &[&str] = &[
    "rm", "rmdir", "unlink", "shred", "truncate", "chmod", "chown", "chgrp", "touch", "mv", "cp",
    "ln", "gzip", "xz", "bzip2", "zstd",
];

/// What a `find` reaches under each start path, as `START/*` (`./*` without a start path).
fn find_starts(rest: &[String]) -> Vec<String> {
    let i = find_options_len(rest);
    let starts: Vec<String> = rest[i.min(rest.len())..]
        .iter()
        .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ","))
        .map(|a| match a.trim_end_matches('/') {
            "" => "/*".to_string(),
            dir => format!("{dir}/*"),
        })
        .collect();
    if starts.is_empty() {
        vec!["./*".to_string()]
    } else {
        starts
    }
}

/// Where the entries a `find` with tests (`-type f`, `-mtime +7`, `-empty`) chooses lie: under
/// each start path (`START/*`), except in the working directory itself, where they are some of
/// the project's files (an empty string: `{}` as written), not all of them.
fn find_chosen_starts(rest: &[String]) -> Vec<String> {
    find_starts(rest)
        .into_iter()
        .map(|s| if s == "./*" { String::new() } else { s })
        .collect()
}

/// Whether a `find` follows symbolic links (`-L`, `-follow`): what it reaches may then lie
/// outside its start paths.
fn find_follows_links(rest: &[String]) -> bool {
    rest[..find_options_len(rest).min(rest.len())]
        .iter()
        .any(|a| a == "-L")
        || rest.iter().any(|a| a == "-follow")
}

/// For a `find` that tests nothing (only actions, options and operators), each start path as
/// `START/*`: what `{}` and `-delete` reach. None when a test selects entries, or `-maxdepth 0`
/// keeps find at the start paths themselves.
fn find_everything(rest: &[String]) -> Option<Vec<String>> {
    let i = find_options_len(rest);
    let given = rest[i.min(rest.len())..]
        .iter()
        .take_while(|a| !a.starts_with('-') && !matches!(a.as_str(), "(" | "!" | ","))
        .count();
    let mut j = i + given;
    let starts = find_starts(rest);
    const NOT_TESTS: &[&str] = &[
        "-delete",
        "-print",
        "-print0",
        "-depth",
        "-d",
        "-xdev",
        "-mount",
        "-follow",
        "-noleaf",
        "-ignore_readdir_race",
        "-noignore_readdir_race",
        "-daystart",
        "-warn",
        "-nowarn",
        "-prune",
        "-o",
        "-or",
        "-a",
        "-and",
        "-not",
        "!",
        "(",
        ")",
        ",",
        "-true",
    ];
    while let Some(a) = rest.get(j) {
        match a.as_str() {
            "-exec" | "-execdir" | "-ok" | "-okdir" => {
                let end = rest[j + 1..].iter().position(|w| w == ";" || w == "+");
                j += end.map_or(rest.len(), |e| e + 2);
            }
            "-maxdepth" | "-mindepth" => {
                if a == "-maxdepth" && rest.get(j + 1).is_some_and(|v| v == "0") {
                    return None;
                }
                j += 2;
            }
            t if NOT_TESTS.contains(&t) => j += 1,
            _ => return None,
        }
    }
    Some(starts)
}

/// The index in `rest` of a shell's `-c` (also combined: `-lc`, `-ec`, `-xc`), if any option
/// before the first operand has it.
/// Whether a shell's options (`rest`, the words after its name) make it read its code without
/// running any of it: `-n` (`noexec`, also in a cluster: `-nv`) or `-o noexec`, last set
/// among the options before its script or `-c` code, and no `-i`, since an interactive shell
/// ignores `-n`. Long options that take a value (`--rcfile FILE`) are read with it.
/// The index in a shell's arguments of the script it runs: the first word that is no option.
/// A shell's options are also turned off with `+` (`bash +x FILE`, `sh +e FILE`), and `-o`/`+o`,
/// `-O`/`+O` take the option's name as the next word (`bash -o pipefail FILE`), `--rcfile` its
/// file.
fn shell_script_index(rest: &[String]) -> Option<usize> {
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        match a.as_str() {
            "--" => i += 1,
            "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file" => i += 2,
            _ if a.len() > 1
                && a.starts_with('+')
                && a[1..].chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                i += 1;
            }
            _ if canon::is_flag(a) => i += 1,
            _ => return Some(i),
        }
    }
    None
}

pub(super) fn reads_without_running(rest: &[String]) -> bool {
    let (mut noexec, mut interactive) = (false, false);
    let mut words = rest.iter();
    while let Some(a) = words.next() {
        match a.as_str() {
            "--" => break,
            "-o" | "+o" => match words.next().map(String::as_str) {
                Some("noexec") => noexec = a == "-o",
                Some(_) => {}
                None => break,
            },
            "-O" | "+O" | "--rcfile" | "--init-file" => {
                words.next();
            }
            _ if a.starts_with("--") => {}
            _ if (a.starts_with('-') || a.starts_with('+'))
                && a.len() > 1
                && a[1..].chars().all(|c| c.is_ascii_alphabetic()) =>
            {
                let on = a.starts_with('-');
                if a[1..].contains('n') {
                    noexec = on;
                }
                interactive |= on && a[1..].contains('i');
            }
            _ => break,
        }
    }
    noexec && !interactive
}

pub(super) fn dash_c_index(name: &str, rest: &[String]) -> Option<usize> {
    // The word after `-o`/`-O` (and `--rcfile`/`--init-file`) is that option's value
    // (`bash -o pipefail -c CODE`), never the first operand that ends the options.
    let mut value_next = false;
    for (i, a) in rest.iter().enumerate() {
        if std::mem::take(&mut value_next) {
            continue;
        }
        if a == "--" {
            return None;
        }
        if name == "su" {
            if a == "-c" || a == "--command" {
                return Some(i);
            }
            continue;
        }
        // (`+o NAME` turns an option off: still an option.)
        let option = canon::is_flag(a) || (a.starts_with('+') && a.len() > 1);
        if !option {
            return None;
        }
        if a.starts_with('-')
            && !a.starts_with("--")
            && a.chars().skip(1).all(|c| c.is_ascii_alphabetic())
            && a.contains('c')
        {
            return Some(i);
        }
        // `bash -o pipefail -c ...`, `bash -euo pipefail -c ...`: a cluster that ends in `o` or
        // `O` takes the next word as its value.
        let cluster_value = (a.starts_with('-') || a.starts_with('+'))
            && !a.starts_with("--")
            && a.len() > 1
            && a[1..].chars().all(|c| c.is_ascii_alphabetic())
            && a.ends_with(['o', 'O']);
        if cluster_value || a == "--rcfile" || a == "--init-file" {
            value_next = true;
        }
    }
    None
}

/// socat's address types that read or write a file, and those that talk to another machine.
const SOCAT_FILE_ADDRESSES: &[&str] = &["file", "open", "gopen", "create"];
const SOCAT_NETWORK_ADDRESSES: &[&str] = &[
    "tcp",
    "tcp4",
    "tcp6",
    "tcp-connect",
    "tcp4-connect",
    "tcp6-connect",
    "udp",
    "udp4",
    "udp6",
    "udp-connect",
    "udp-sendto",
    "openssl",
    "openssl-connect",
    "ssl",
    "socks4",
    "socks4a",
    "socks5",
    "proxy",
    "proxy-connect",
    "sctp-connect",
    "dccp-connect",
];

/// The files of a socat line that joins a file address (`FILE:PATH`, `OPEN:PATH`, a bare
/// path) with a network one (`TCP:HOST:PORT`, `OPENSSL:...`): their bytes cross the socket.
fn socat_files_to_network(rest: &[String]) -> Vec<String> {
    // socat's options that take a separate value.
    const VALUED: &[&str] = &["-T", "-b", "-lf", "-lp", "-t"];
    let mut addresses = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_str();
        if a.starts_with('-') && a.len() > 1 {
            i += 1 + usize::from(VALUED.contains(&a));
            continue;
        }
        addresses.push(a);
        i += 1;
    }
    let kind = |a: &str| {
        let head = a.split(',').next().unwrap_or(a);
        match head.split_once(':') {
            Some((t, rest)) => (t.to_ascii_lowercase(), rest.to_string()),
            None => (String::new(), head.to_string()),
        }
    };
    let networked = addresses
        .iter()
        .any(|a| SOCAT_NETWORK_ADDRESSES.contains(&kind(a).0.as_str()));
    if !networked {
        return Vec::new();
    }
    addresses
        .iter()
        .filter_map(|a| {
            let (t, path) = kind(a);
            let file =
                SOCAT_FILE_ADDRESSES.contains(&t.as_str()) || (t.is_empty() && path.contains('/'));
            (file && !path.is_empty() && !path.contains(char::is_whitespace)).then_some(path)
        })
        .collect()
}

/// Whether a privileged wrapper given no command starts a shell: `pkexec` and `run0` do, `sudo`
/// and `doas` with `-i`/`-s` (`--login`, `--shell`) do; `sudo -v`, `sudo -l` and `sudo -k`
/// only check or reset credentials.
fn bare_login(name: &str, rest: &[String]) -> bool {
    match name {
        "pkexec" | "run0" => !rest
            .iter()
            .any(|a| matches!(a.as_str(), "--version" | "--help" | "-h")),
        _ => rest.iter().any(|a| {
            matches!(a.as_str(), "--login" | "--shell")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].chars().any(|c| c == 'i' || c == 's'))
        }),
    }
}

/// `sops exec-env [OPTIONS] FILE CMD`: the indices of sops's own words in `rest` (the
/// subcommand, its options and FILE, FILE last) and of CMD. `None` for another form, an
/// unknown option, or other than one file and one command.
fn sops_exec_env(name: &str, rest: &[String]) -> Option<(Vec<usize>, usize)> {
    if name != "sops" || rest.first().is_none_or(|w| w != "exec-env") {
        return None;
    }
    let mut own = vec![0];
    let mut operands = Vec::new();
    let mut i = 1;
    while i < rest.len() {
        match rest[i].as_str() {
            "--background" | "--pristine" | "--same-process" => own.push(i),
            "--user" => {
                own.extend([i, i + 1]);
                i += 1;
            }
            w if w.starts_with("--user=") => own.push(i),
            w if w.starts_with('-') && w != "-" => return None,
            _ => operands.push(i),
        }
        i += 1;
    }
    let [file, code] = operands[..] else {
        return None;
    };
    own.push(file);
    own.retain(|&i| i < rest.len());
    Some((own, code))
}

/// What a Nix development shell is given to run: the index in `rest` where an argv starts
/// (`nix develop ... --command CMD ARGS`) or of a bash code string (`nix-shell ... --run CODE`).
#[derive(Debug, Clone, Copy)]
enum NixShellRuns {
    Argv(usize),
    Code(usize),
}

/// `nix develop [INSTALLABLE] [OPTIONS] (--command|-c) CMD ARGS` and `nix-shell [FILE]
/// [OPTIONS] (--run|--command) CODE`, when the shell is the project's own: the installable a
/// local flake (`.`, `.#ci`, `./sub#x`) or the file a local `.nix` file, and every option one
/// that neither fetches nor accepts other code (`nix-shell -p PKG`, `--override-input`,
/// `--accept-flake-config` and any unknown option give `None`).
fn nix_dev_shell(name: &str, rest: &[String]) -> Option<NixShellRuns> {
    let local = |w: &str| w == "." || w.starts_with(".#") || w.starts_with("./");
    let (start, flags, valued, runs): (usize, &[&str], &[&str], &[&str]) = match name {
        "nix" if rest.first().is_some_and(|w| w == "develop") => (
            1,
            &["-i", "--ignore-environment", "--impure", "--offline"],
            &["-k", "--keep", "-u", "--unset", "--profile"],
            &["-c", "--command"],
        ),
        "nix-shell" => (
            0,
            &["--pure", "--impure", "-Q", "--no-build-output"],
            &["--keep"],
            &["--run", "--command"],
        ),
        _ => return None,
    };
    let mut operands = 0;
    let mut i = start;
    while let Some(w) = rest.get(i).map(String::as_str) {
        if runs.contains(&w) {
            let at = i + 1;
            return match (name, at < rest.len()) {
                (_, false) => None,
                ("nix", true) => Some(NixShellRuns::Argv(at)),
                _ => (at + 1 == rest.len()).then_some(NixShellRuns::Code(at)),
            };
        }
        if flags.contains(&w) {
            i += 1;
        } else if valued.contains(&w) {
            i += 2;
        } else if !w.starts_with('-')
            && operands == 0
            && (local(w)
                || (name == "nix-shell"
                    && w.ends_with(".nix")
                    && !w.starts_with('/')
                    && !w.contains([':', '~'])
                    && !w.split('/').any(|p| p == "..")))
        {
            operands += 1;
            i += 1;
        } else {
            return None;
        }
    }
    None
}

/// The service an init script path names (`/etc/init.d/nginx`, `/etc/rc.d/init.d/sshd`,
/// `/etc/rc.d/httpd`): its file name.
fn init_script_service(word: &str) -> Option<&str> {
    ["/etc/init.d/", "/etc/rc.d/init.d/", "/etc/rc.d/"]
        .iter()
        .find_map(|dir| word.strip_prefix(dir))
        .filter(|name| !name.is_empty() && !name.contains('/') && !name.starts_with('$'))
}

pub(super) fn wrapper_label(name: &str, options: &[String]) -> String {
    if options.is_empty() {
        name.to_string()
    } else {
        format!("{name} {}", options.join(" "))
    }
}

/// Programs that start the command after their options in another session, root directory,
/// namespace or personality (judged themselves, and the command too): `systemd-run`, `screen
/// -dm`, `chroot DIR CMD`, `arch-chroot DIR CMD`, `systemd-nspawn -D DIR CMD`, `nsenter -t PID
/// CMD`, `unshare CMD`, `setarch ARCH CMD`, `setpriv CMD`.
const STARTERS: &[&str] = &[
    "systemd-run",
    "screen",
    "chroot",
    "arch-chroot",
    "systemd-nspawn",
    "nsenter",
    "unshare",
    "setarch",
    "setpriv",
];

/// awk and its variants: their program may run shell commands (`system("...")`).
const AWKS: &[&str] = &["awk", "gawk", "mawk", "nawk"];

impl Walker {
    /// An awk program given on the command line: the literal command lines of its `system()`
    /// calls are parsed as code (`awk 'BEGIN{system("rm -rf ~")}'`).
    fn awk_code(&mut self, rest: &[String], rest_dyn: &[bool], ctx: &Ctx, depth: u32) {
        let mut i = 0;
        // `-v home="$HOME"`: the program reads `home` as that value.
        let mut values: Vec<(&str, &str)> = Vec::new();
        while i < rest.len() {
            let a = rest[i].as_str();
            if a == "--" {
                i += 1;
                break;
            }
            if a == "-f" || a.starts_with("--file") {
                return;
            }
            let assignment = match a {
                "-v" | "--assign" => rest.get(i + 1).map(String::as_str),
                _ => a
                    .strip_prefix("--assign=")
                    .or_else(|| a.strip_prefix("-v").filter(|v| !v.is_empty())),
            };
            if let Some((name, value)) = assignment
                .filter(|w| awk_assignment(w))
                .and_then(|w| w.split_once('='))
            {
                values.push((name, value));
            }
            if matches!(a, "-F" | "-v" | "--assign" | "--field-separator") {
                i += 2;
                continue;
            }
            if a.len() > 1 && a.starts_with('-') {
                i += 1;
                continue;
            }
            break;
        }
        let (Some(program), Some(false)) = (rest.get(i), rest_dyn.get(i)) else {
            return;
        };
        let mut layers = ctx.layers.clone();
        layers.push("awk program".into());
        let program = awk_folded(&awk_with_values(program, &values));
        for call in inline_calls("awk", &program) {
            if let InlineCall::Shell(line) = call {
                self.parse_option_code(&line, depth + 1, &layers);
            }
        }
        // The files awk reads (`awk PROG FILE...`; `var=value` operands are assignments): what
        // it prints into a command comes from them (`awk '{ print | "curl -d @- URL" }'
        // ~/.pgpass` sends the file), as `cat FILE | CMD` does.
        let inputs: Option<Vec<&String>> = rest[i + 1..]
            .iter()
            .zip(&rest_dyn[i + 1..])
            .filter(|(w, _)| !awk_assignment(w))
            .map(|(w, d)| (!*d && w.chars().all(awk_plain_path_char)).then_some(w))
            .collect();
        for (line, fed) in awk_pipe_code(&program) {
            match &inputs {
                Some(files) if fed && !files.is_empty() => {
                    let files: Vec<&str> = files.iter().map(|f| f.as_str()).collect();
                    let code = format!("cat {} | {line}", files.join(" "));
                    self.parse_option_code(&code, depth + 1, &layers);
                }
                _ => self.parse_option_code(&line, depth + 1, &layers),
            }
        }
        // `print > "FILE"` and `print >> "FILE"` write FILE (`>>` appends).
        let c = ctx.derived("awk print >");
        for (file, append) in awk_output_files(&program) {
            if append {
                self.push_write(file, &c);
            } else {
                let argv = vec!["tee".to_string(), file];
                let text = argv.join(" ");
                self.push(argv, text, &c, Vec::new());
            }
        }
    }
}

/// An awk program with the strings it builds from literals written as literals, so the
/// commands it runs are seen: `ENVIRON["X"]` is `"$X"`, literals side by side are one
/// (`"rm -rf " "$HOME"`), and a variable assigned one literal, once, is that literal where a
/// command is run from it (`system(cmd)`, `print | cmd`, `cmd | getline`).
pub(super) fn awk_folded(program: &str) -> String {
    let environ = "ENVIRON[\"";
    let mut out = String::with_capacity(program.len());
    let mut rest = program;
    while let Some(p) = rest.find(environ) {
        let after = &rest[p + environ.len()..];
        let name = after.find("\"]").map(|q| &after[..q]);
        match name {
            Some(n)
                if !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') =>
            {
                out.push_str(&rest[..p]);
                out.push_str(&format!("\"${n}\""));
                rest = &after[n.len() + 2..];
            }
            _ => {
                out.push_str(&rest[..p + environ.len()]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    let joined = awk_join_literals(&out);
    // Variables assigned exactly one literal.
    let mut assigned: Vec<(String, Option<String>)> = Vec::new();
    for (start, end) in awk_names(&joined) {
        let name = &joined[start..end];
        let after = joined[end..].trim_start_matches([' ', '\t']);
        if let Some(value) = after.strip_prefix('=').filter(|v| !v.starts_with('=')) {
            let value = value.trim_start_matches([' ', '\t']);
            let literal = value.strip_prefix('"').and_then(|v| {
                let close = literal_end(v)?;
                let tail = v[close + 1..].trim_start_matches([' ', '\t']);
                (tail.is_empty() || tail.starts_with([';', '\n', '}']))
                    .then(|| v[..close].to_string())
            });
            match assigned.iter_mut().find(|(n, _)| n == name) {
                Some(entry) => entry.1 = None,
                None => assigned.push((name.to_string(), literal)),
            }
        }
    }
    let mut folded = joined;
    for (name, value) in assigned {
        let Some(value) = value else { continue };
        let quoted = format!("\"{value}\"");
        for (from, to) in [
            (format!("system({name})"), format!("system({quoted})")),
            (format!("| {name}"), format!("| {quoted}")),
            (format!("|{name}"), format!("| {quoted}")),
            (format!("{name} | getline"), format!("{quoted} | getline")),
        ] {
            folded = replace_whole(&folded, &from, &to);
        }
    }
    folded
}

/// An awk program with each variable given on the command line (`-v name=value`) written as
/// the string literal it holds where the program reads it, so the strings built from it are
/// folded like literals (`system("rm -rf " home "/.cache")`). A variable the program assigns
/// itself, or calls, is left as written.
pub(super) fn awk_with_values(program: &str, values: &[(&str, &str)]) -> String {
    let mut out = program.to_string();
    for (name, value) in values {
        let literal = format!("\"{}\"", value.replace('\\', "\\\\").replace('"', "\\\""));
        let uses = awk_name_uses(&out, name);
        let assigned = uses.iter().any(|&(_, end)| {
            let after = out[end..].trim_start_matches([' ', '\t']);
            let before = out[..end - name.len()].trim_end_matches([' ', '\t']);
            (after.starts_with('=') && !after.starts_with("=="))
                || ["+=", "-=", "*=", "/=", "%=", "^=", "++", "--", "("]
                    .iter()
                    .any(|op| after.starts_with(op))
                || before.ends_with("getline")
                || before.ends_with("--")
                || before.ends_with("++")
        });
        if assigned || uses.is_empty() {
            continue;
        }
        let mut folded = String::with_capacity(out.len() + uses.len() * literal.len());
        let mut last = 0;
        for (start, end) in uses {
            folded.push_str(&out[last..start]);
            folded.push_str(&literal);
            last = end;
        }
        folded.push_str(&out[last..]);
        out = folded;
    }
    out
}

/// The byte ranges of the names in an awk program outside its string literals (a name starts
/// with a letter or `_`, and is not part of a longer word).
fn awk_names(program: &str) -> Vec<(usize, usize)> {
    let bytes = program.as_bytes();
    let is_name = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut names = Vec::new();
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            i += 1;
            continue;
        }
        if (b.is_ascii_alphabetic() || b == b'_') && (i == 0 || !is_name(bytes[i - 1])) {
            let end = i + bytes[i..].iter().take_while(|c| is_name(**c)).count();
            names.push((i, end));
            i = end;
            continue;
        }
        i += 1;
    }
    names
}

/// The byte ranges where an awk program reads the variable `name`: the name standing alone
/// outside string literals, not a field (`$name`).
fn awk_name_uses(program: &str, name: &str) -> Vec<(usize, usize)> {
    awk_names(program)
        .into_iter()
        .filter(|&(start, end)| &program[start..end] == name && !program[..start].ends_with('$'))
        .collect()
}

/// The byte index of the quote that closes an awk string literal whose text starts `text`.
fn literal_end(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// `text` with `from` replaced where it is not followed by a name character.
fn replace_whole(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(p) = rest.find(from) {
        let next = rest[p + from.len()..].bytes().next();
        out.push_str(&rest[..p]);
        if next.is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
            out.push_str(from);
        } else {
            out.push_str(to);
        }
        rest = &rest[p + from.len()..];
    }
    out.push_str(rest);
    out
}

/// An awk program with string literals that stand side by side (awk's concatenation) joined.
fn awk_join_literals(program: &str) -> String {
    let bytes = program.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut in_string = false;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string && b == b'\\' {
            out.push(b);
            out.extend(bytes.get(i + 1));
            i += 2;
            continue;
        }
        if in_string && b == b'"' {
            // A literal right after this one, only blanks between, goes on it.
            let mut j = i + 1;
            while j < bytes.len() && matches!(bytes[j], b' ' | b'\t') {
                j += 1;
            }
            if bytes.get(j) == Some(&b'"') {
                i = j + 1;
                continue;
            }
            in_string = false;
        } else if b == b'"' {
            in_string = true;
        }
        out.push(b);
        i += 1;
    }
    // Only ASCII bytes were dropped, so the text is still UTF-8.
    String::from_utf8(out).unwrap_or_else(|_| program.to_string())
}

/// Whether an awk operand is an assignment (`var=value`), not a file to read.
fn awk_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// A character a file operand may hold to be written back on a shell line as it is.
fn awk_plain_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '~' | '$' | '{' | '}' | '*')
}

/// The files an awk program's `print`/`printf` statements redirect their output to (`print >
/// "FILE"`, `print >> "FILE"`: true when appending), where FILE is a literal. A `>` inside
/// parentheses or outside a print statement is a comparison.
pub(super) fn awk_output_files(program: &str) -> Vec<(String, bool)> {
    let bytes = program.as_bytes();
    let mut out = Vec::new();
    let (mut in_print, mut parens, mut i) = (false, 0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // Skip the literal.
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += 1 + usize::from(bytes[i] == b'\\');
                }
            }
            b';' | b'{' | b'}' | b'\n' => {
                in_print = false;
                parens = 0;
            }
            b'(' => parens += 1,
            b')' => parens = parens.saturating_sub(1),
            b'p' if program[i..].starts_with("print")
                && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')) =>
            {
                in_print = true;
            }
            b'>' if in_print && parens == 0 => {
                let append = bytes.get(i + 1) == Some(&b'>');
                let rest = program[i + 1 + usize::from(append)..].trim_start();
                if let Some(body) = rest.strip_prefix('"')
                    && let Some(end) = body.find('"')
                    && !body[..end].contains('\\')
                    && !body[..end].is_empty()
                {
                    out.push((body[..end].to_string(), append));
                }
                i += usize::from(append);
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The shell code of an awk program's pipes: the literal command of `print X | "CMD"` and
/// `"CMD" | getline`, which awk runs with `sh -c`, and, when CMD is a shell reading its
/// input, the literal text printed into it (`print "rm -rf ~" | "sh"`). Each with whether
/// what the program prints is the command's input (`print X | "CMD"`).
fn awk_pipe_code(program: &str) -> Vec<(String, bool)> {
    // The string literals of the program, with their byte spans.
    let bytes = program.as_bytes();
    let mut literals: Vec<(usize, usize, String)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        let mut text = String::new();
        let mut j = i + 1;
        while j < bytes.len() && bytes[j] != b'"' {
            if bytes[j] == b'\\' && j + 1 < bytes.len() {
                j += 1;
            }
            let ch = program[j..].chars().next().unwrap_or(' ');
            text.push(ch);
            j += ch.len_utf8();
        }
        literals.push((i, j + 1, text));
        i = j + 1;
    }
    let mut out = Vec::new();
    for (k, (start, end, text)) in literals.iter().enumerate() {
        let before = program[..*start].trim_end();
        let after = program.get(*end..).unwrap_or("").trim_start();
        let piped_into = before.ends_with('|') && !before.ends_with("||");
        // A shell given no `-c` runs what is printed into it: that text is its code.
        let reads_code = text
            .split_whitespace()
            .next()
            .is_some_and(terraphim_shell_vocab::is_shell)
            && !text
                .split_whitespace()
                .any(|w| w.starts_with('-') && w.ends_with('c'));
        if piped_into && !reads_code {
            // What the statement prints is the command's input.
            out.push((text.clone(), true));
        } else if after.starts_with('|') && after[1..].trim_start().starts_with("getline") {
            out.push((text.clone(), false));
        }
        if piped_into && reads_code {
            // The statement's printed literals, back to `print`/`printf`.
            let statement_start = before.rfind([';', '{', '\n']).map_or(0, |p| p + 1);
            out.extend(
                literals[..k]
                    .iter()
                    .filter(|(s, _, _)| *s >= statement_start)
                    .map(|(_, _, t)| (t.clone(), false)),
            );
        }
    }
    out
}

/// The indexes in `rest` of the words a program runs as a shell command line: `script -c CMD`,
/// and the command of `tmux` subcommands that start one (`new -d CMD`, `split-window CMD`,
/// `run-shell CMD`) or type one into a pane (`send-keys CMD Enter`), and the text input
/// injectors type into the focused window (`xdotool type TEXT`, `ydotool type TEXT`, `wtype
/// TEXT`). `None` for other programs (and for their other forms).
fn code_words(name: &str, rest: &[String]) -> Option<Vec<usize>> {
    match name {
        "script" => {
            let i = rest.iter().position(|a| {
                a == "-c" || a == "--command" || super::hidden::cluster_ending_in(a, 'c')
            })?;
            Some(
                vec![i + 1]
                    .into_iter()
                    .filter(|&j| j < rest.len())
                    .collect(),
            )
        }
        "tmux" => {
            // tmux's own options before the subcommand (`-L name`, `-S path`, `-f file`).
            let mut i = 0;
            while i < rest.len() && rest[i].starts_with('-') {
                i += if matches!(rest[i].as_str(), "-L" | "-S" | "-f" | "-T") {
                    2
                } else {
                    1
                };
            }
            let sub = rest.get(i)?.as_str();
            let (values, keys): (&[&str], bool) = match sub {
                "new-session" | "new" | "new-window" | "neww" | "split-window" | "splitw"
                | "respawn-pane" | "respawnp" | "respawn-window" | "respawnw" => (
                    &[
                        "-s", "-n", "-c", "-t", "-x", "-y", "-e", "-F", "-l", "-p", "-f", "-L",
                        "-X",
                    ],
                    false,
                ),
                "run-shell" | "run" => (&["-t", "-d"], false),
                "send-keys" | "send" => (&["-t", "-N"], true),
                _ => return None,
            };
            let mut out = Vec::new();
            let mut j = i + 1;
            while j < rest.len() {
                let a = rest[j].as_str();
                if a.starts_with('-') && a.len() > 1 && out.is_empty() {
                    j += if values.contains(&a) { 2 } else { 1 };
                    continue;
                }
                // Key names typed after the text are keys, not text.
                if !(keys && matches!(a, "Enter" | "C-m" | "KPEnter" | "C-j")) {
                    out.push(j);
                }
                j += 1;
            }
            Some(out)
        }
        // Input injection: the text `xdotool type`, `ydotool type` and `wtype` type into the
        // focused window lands in a terminal as a command line as often as anywhere (a
        // following `key Return` runs it), so it is judged as one, as `tmux send-keys` is.
        "xdotool" | "ydotool" => {
            let at = rest.iter().position(|a| a == "type")?;
            let values: &[&str] = if name == "xdotool" {
                &["--window", "--delay", "--args", "--terminator", "--file"]
            } else {
                &[
                    "-d",
                    "--key-delay",
                    "-H",
                    "--key-hold",
                    "-D",
                    "--next-delay",
                    "-f",
                    "--file",
                    "-e",
                    "--escape",
                ]
            };
            let mut j = at + 1;
            while j < rest.len() && rest[j].starts_with('-') && rest[j].len() > 1 {
                j += if values.contains(&rest[j].as_str()) {
                    2
                } else {
                    1
                };
            }
            // xdotool types one word and goes on with its next command (`key Return`);
            // ydotool types every word left.
            let end = if name == "xdotool" {
                (j + 1).min(rest.len())
            } else {
                rest.len()
            };
            Some((j..end).collect())
        }
        "wtype" => {
            let mut out = Vec::new();
            let mut j = 0;
            while j < rest.len() {
                let a = rest[j].as_str();
                if matches!(a, "-M" | "-m" | "-P" | "-p" | "-k" | "-d" | "-s") {
                    j += 2;
                    continue;
                }
                if a != "-" {
                    out.push(j);
                }
                j += 1;
            }
            Some(out)
        }
        _ => None,
    }
}

/// hyperfine's words: the command lines it runs (with the index of the word each comes from)
/// and the indexes of its own options and their values.
#[derive(Debug, Default, PartialEq, Eq)]
struct Bench {
    code: Vec<(usize, String)>,
    own: Vec<usize>,
}

/// Splits hyperfine's arguments. Options whose value is a command line (`-p`/`--prepare`,
/// `-s`/`--setup`, `-c`/`--cleanup`, `--conclude`, `--reference`, and `-S`/`--shell`, whose
/// value is the program that runs them) give code; `-P NAME MIN MAX` and `-L NAME A,B` give
/// parameters, put in place of `{NAME}` in every command line (one line per value of a list);
/// the other options with a value take one word; every other word is a command line.
fn hyperfine_words(rest: &[String]) -> Bench {
    const CODE: &[&str] = &[
        "-p",
        "--prepare",
        "-s",
        "--setup",
        "-c",
        "--cleanup",
        "--conclude",
        "--reference",
        "-S",
        "--shell",
    ];
    const ONE: &[&str] = &[
        "-w",
        "--warmup",
        "-m",
        "--min-runs",
        "-M",
        "--max-runs",
        "-r",
        "--runs",
        "-D",
        "--parameter-step-size",
        "--style",
        "--sort",
        "-u",
        "--time-unit",
        "--export-asciidoc",
        "--export-csv",
        "--export-json",
        "--export-markdown",
        "--export-orgmode",
        "-n",
        "--command-name",
        "--output",
        "--input",
    ];
    let mut out = Bench::default();
    let mut params: Vec<(String, Vec<String>)> = Vec::new();
    let mut i = 0;
    let mut operands_only = false;
    while i < rest.len() {
        let a = rest[i].as_str();
        if !operands_only && a == "--" {
            operands_only = true;
            i += 1;
            continue;
        }
        if operands_only || !a.starts_with('-') || a == "-" {
            out.code.push((i, a.to_string()));
            i += 1;
            continue;
        }
        if let Some((flag, value)) = a.split_once('=')
            && flag.starts_with("--")
        {
            if CODE.contains(&flag) {
                if value != "none" {
                    out.code.push((i, value.to_string()));
                }
            } else {
                out.own.push(i);
            }
            i += 1;
            continue;
        }
        if CODE.contains(&a) {
            if let Some(v) = rest.get(i + 1)
                && v != "none"
            {
                out.code.push((i + 1, v.clone()));
            }
            i += 2;
        } else if a == "-P" || a == "--parameter-scan" {
            if let (Some(n), Some(min)) = (rest.get(i + 1), rest.get(i + 2)) {
                params.push((n.clone(), vec![min.clone()]));
            }
            out.own
                .extend((i..(i + 4).min(rest.len())).collect::<Vec<_>>());
            i += 4;
        } else if a == "-L" || a == "--parameter-list" {
            if let (Some(n), Some(list)) = (rest.get(i + 1), rest.get(i + 2)) {
                params.push((n.clone(), list.split(',').map(str::to_string).collect()));
            }
            out.own
                .extend((i..(i + 3).min(rest.len())).collect::<Vec<_>>());
            i += 3;
        } else if ONE.contains(&a) {
            out.own
                .extend((i..(i + 2).min(rest.len())).collect::<Vec<_>>());
            i += 2;
        } else {
            out.own.push(i);
            i += 1;
        }
    }
    for (name, values) in params {
        let key = format!("{{{name}}}");
        out.code = out
            .code
            .into_iter()
            .flat_map(|(i, line)| {
                if line.contains(&key) {
                    values
                        .iter()
                        .map(|v| (i, line.replace(&key, v)))
                        .collect::<Vec<_>>()
                } else {
                    vec![(i, line)]
                }
            })
            .collect();
    }
    out
}

/// Where the command a program runs elsewhere starts in `rest`, and whether that word is a
/// command line (`true`) or the first word of an argv (`false`): `kubectl exec ... -- CMD`,
/// `docker exec [OPTS] CTR CMD`, `docker compose exec [OPTS] SVC CMD`, `ansible ... -a CMD`.
/// A database client's shell escapes are options' code (`Walker::program_options`).
/// The database client a connection broker starts with the words after its `--`, and where
/// those words begin: `boundary connect postgres -target-id X -- -c SQL` runs `psql -c SQL`.
fn launched_client(name: &str, rest: &[String]) -> Option<(&'static str, usize)> {
    const CLIENTS: &[(&str, &str)] = &[
        ("postgres", "psql"),
        ("mysql", "mysql"),
        ("cassandra", "cqlsh"),
        ("redis", "redis-cli"),
        ("mongo", "mongosh"),
    ];
    if name != "boundary" || rest.first().is_none_or(|a| a != "connect") {
        return None;
    }
    let (_, client) = CLIENTS
        .iter()
        .find(|(k, _)| rest.get(1).is_some_and(|a| a == k))?;
    let dashes = rest.iter().position(|a| a == "--")?;
    (dashes + 1 < rest.len()).then_some((client, dashes + 1))
}

fn remote_command(name: &str, rest: &[String]) -> Option<(usize, bool)> {
    match name {
        // `oc rsh POD CMD...`: OpenShift's remote shell in a pod.
        "oc" if rest.first().is_some_and(|a| a == "rsh") => {
            let i = 1 + rest[1..]
                .iter()
                .take_while(|a| a.starts_with('-'))
                .map(|a| {
                    if matches!(a.as_str(), "-c" | "--container" | "--shell") {
                        2
                    } else {
                        1
                    }
                })
                .sum::<usize>();
            (i + 1 < rest.len()).then_some((i + 1, i + 2 == rest.len()))
        }
        // `kubectl exec POD -- CMD`, and `kubectl debug node/N -it --image=I -- CMD`, which runs
        // CMD in a debugging container beside the pod or on the node (`chroot /host ...`).
        "kubectl" | "oc" => {
            let exec = rest.iter().position(|a| a == "exec" || a == "debug")?;
            let dashes = rest.iter().position(|a| a == "--")?;
            (exec < dashes && dashes + 1 < rest.len()).then_some((dashes + 1, false))
        }
        // `crictl exec [-i -t -s] CONTAINER CMD...`, `nomad alloc exec [-task T] ALLOC CMD...`.
        "crictl" | "nomad" => {
            let at = match (
                name,
                rest.first().map(String::as_str),
                rest.get(1).map(String::as_str),
            ) {
                ("crictl", Some("exec"), _) => 1,
                ("nomad", Some("alloc"), Some("exec")) => 2,
                _ => return None,
            };
            let values = [
                "-task",
                "-job",
                "-e",
                "--escape",
                "-r",
                "--runtime-endpoint",
            ];
            let mut i = at;
            while i < rest.len() && rest[i].starts_with('-') {
                i += if values.contains(&rest[i].as_str()) {
                    2
                } else {
                    1
                };
            }
            (i + 1 < rest.len()).then_some((i + 1, i + 2 == rest.len()))
        }
        // `juju ssh UNIT CMD...` and `juju exec [--unit U|--all] -- CMD` run CMD on a unit's
        // machine; `dokku run APP CMD...` in a one-off container of the app.
        "juju" | "dokku" => match (name, rest.first().map(String::as_str)) {
            ("juju", Some("exec")) => {
                let dashes = rest.iter().position(|a| a == "--")?;
                (dashes + 1 < rest.len()).then_some((dashes + 1, dashes + 2 == rest.len()))
            }
            ("juju", Some("ssh")) | ("dokku", Some("run")) => {
                let mut i = 1;
                while i < rest.len() && rest[i].starts_with('-') {
                    i += if matches!(rest[i].as_str(), "-m" | "--model" | "--container") {
                        2
                    } else {
                        1
                    };
                }
                (i + 1 < rest.len()).then_some((i + 1, i + 2 == rest.len()))
            }
            _ => None,
        },
        // `cf ssh APP -c CMD`, `eb ssh [ENV] -c CMD`, `mussh -H HOSTS -c CMD`: a command line.
        "cf" | "eb" | "mussh" => {
            if name != "mussh" && rest.first().is_none_or(|a| a != "ssh") {
                return None;
            }
            let c = rest.iter().position(|a| a == "-c" || a == "--command")?;
            (c + 1 < rest.len()).then_some((c + 1, true))
        }
        // `bolt command run CMD --targets T`, `mco shell run CMD`: a command line on every
        // target.
        "bolt" | "mco" => {
            let sub = if name == "bolt" { "command" } else { "shell" };
            (rest.first().is_some_and(|a| a == sub)
                && rest.get(1).is_some_and(|a| a == "run")
                && rest.len() > 2
                && !rest[2].starts_with('-'))
            .then_some((2, true))
        }
        // `az ssh vm ... -- CMD`.
        "az" if rest.first().is_some_and(|a| a == "ssh") => {
            let dashes = rest.iter().position(|a| a == "--")?;
            (dashes + 1 < rest.len()).then_some((dashes + 1, dashes + 2 == rest.len()))
        }
        "docker" | "podman" | "nerdctl" | "docker-compose" | "podman-compose" => {
            // The engine's own options (`docker -H HOST`, `--context X`), then `compose` and
            // its options (`-f FILE`, `-p NAME`, ...), come before `exec`.
            let compose = [
                "-f",
                "--file",
                "-p",
                "--project-name",
                "--env-file",
                "--profile",
                "--project-directory",
                "--ansi",
                "--progress",
                "--parallel",
            ];
            let skip = |mut i: usize, values: &[&str]| {
                while i < rest.len() && rest[i].starts_with('-') {
                    i += if values.contains(&rest[i].as_str()) {
                        2
                    } else {
                        1
                    };
                }
                i
            };
            let mut i = if name.ends_with("-compose") {
                skip(0, &compose)
            } else {
                super::container::after_engine_options(rest)
            };
            if rest.get(i).is_some_and(|a| a == "compose") {
                i = skip(i + 1, &compose);
            }
            if rest.get(i).is_none_or(|a| a != "exec") {
                return None;
            }
            i += 1;
            let values = [
                "-e",
                "--env",
                "-u",
                "--user",
                "-w",
                "--workdir",
                "--env-file",
                "--detach-keys",
                "--index",
            ];
            while i < rest.len() && rest[i].starts_with('-') {
                i += if values.contains(&rest[i].as_str()) {
                    2
                } else {
                    1
                };
            }
            // The container (or service), then the command.
            (i + 1 < rest.len()).then_some((i + 1, false))
        }
        // `heroku run [OPTS] CMD...` runs CMD in a one-off dyno of the app: one word is a
        // command line, several an argv.
        "heroku" => {
            let run = rest
                .iter()
                .position(|a| a == "run" || a == "run:detached")?;
            let values = [
                "-a", "--app", "-r", "--remote", "-s", "--size", "-e", "--env", "--type",
            ];
            let mut i = run + 1;
            while i < rest.len() && rest[i].starts_with('-') {
                i += if values.contains(&rest[i].as_str()) {
                    2
                } else {
                    1
                };
            }
            (i < rest.len()).then_some((i, i + 1 == rest.len()))
        }
        // `adb [-s SERIAL] shell [-t] CMD...` runs CMD in the device's shell (one word is a
        // command line; several are joined by adb, as an argv here).
        "adb" => {
            let mut i = 0;
            while i < rest.len() && rest[i].starts_with('-') {
                i += if matches!(rest[i].as_str(), "-s" | "-t" | "-H" | "-P" | "-L") {
                    2
                } else {
                    1
                };
            }
            if rest.get(i).is_none_or(|a| a != "shell") {
                return None;
            }
            i += 1;
            while i < rest.len() && matches!(rest[i].as_str(), "-n" | "-T" | "-t" | "-tt" | "-x") {
                i += 1;
            }
            (i < rest.len()).then_some((i, i + 1 == rest.len()))
        }
        // `salt TARGET cmd.run CMD` (and `salt-ssh`) runs the command line CMD on every
        // matching minion.
        "salt" | "salt-ssh" => {
            let run = rest
                .iter()
                .position(|a| matches!(a.as_str(), "cmd.run" | "cmd.shell" | "cmd.run_all"))?;
            (run + 1 < rest.len()).then_some((run + 1, true))
        }
        "ansible" => {
            let a = rest.iter().position(|a| a == "-a" || a == "--args")?;
            (a + 1 < rest.len()).then_some((a + 1, true))
        }
        _ => None,
    }
}

/// The file server `name REST` names with its root spelt out as the working directory, when it
/// serves one and names none: `python3 -m http.server 8000` is `python3 -m http.server
/// --directory .`, `php -S 0.0.0.0:80` is `php -S 0.0.0.0:80 -t .`.
fn served_directory(name: &str, rest: &[String]) -> Option<String> {
    // The server's own words are kept (the address it binds), each quoted as one word.
    let quoted = |words: &[String]| {
        words
            .iter()
            .map(|w| crate::shell_quote(w))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let has = |opts: &[&str]| {
        rest.iter().any(|w| {
            opts.iter()
                .any(|o| w == o || w.strip_prefix(o).is_some_and(|v| v.starts_with('=')))
        })
    };
    if name.starts_with("python") {
        let module = rest
            .iter()
            .position(|w| w == "-m")
            .and_then(|i| rest.get(i + 1))?;
        if matches!(module.as_str(), "http.server" | "SimpleHTTPServer")
            && !has(&["--directory", "-d"])
        {
            // The address it binds is kept (`--bind 127.0.0.1`): it says who can reach it.
            let bind: Vec<String> = rest
                .iter()
                .enumerate()
                .filter(|(i, w)| {
                    matches!(w.as_str(), "--bind" | "-b")
                        || w.starts_with("--bind=")
                        || *i > 0 && matches!(rest[i - 1].as_str(), "--bind" | "-b")
                })
                .map(|(_, w)| w.clone())
                .collect();
            let bind = if bind.is_empty() {
                String::new()
            } else {
                format!(" {}", quoted(&bind))
            };
            return Some(format!("{name} -m http.server --directory .{bind}"));
        }
    }
    if name == "php" && has(&["-S"]) && !has(&["-t"]) {
        let address = rest
            .iter()
            .position(|w| w == "-S")
            .and_then(|i| rest.get(i + 1))
            .map_or("localhost", String::as_str);
        return Some(format!("php -S {} -t .", crate::shell_quote(address)));
    }
    None
}

/// The string of `env -S STRING` / `--split-string=STRING` / `-SSTRING` among env's own
/// words, and the index of the word that holds it.
fn env_split_string(words: &[String]) -> Option<(usize, &str)> {
    for (i, w) in words.iter().enumerate() {
        if matches!(w.as_str(), "-S" | "--split-string") {
            return words.get(i + 1).map(|v| (i + 1, v.as_str()));
        }
        if let Some(v) = w.strip_prefix("--split-string=") {
            return Some((i, v));
        }
        if let Some(v) = w.strip_prefix("-S")
            && !v.is_empty()
            && !w.starts_with("--")
        {
            return Some((i, v));
        }
    }
    None
}

/// The values `read` or `mapfile`/`readarray` give their variables from `input`: `read`'s names
/// take the first line's words (the last takes the rest; `-a NAME` all of them), `REPLY` when
/// none is named; `mapfile`'s array (`MAPFILE` by default) takes the lines, kept as an array's
/// blank-joined words.
fn read_values(name: &str, rest: &[String], input: &str) -> Vec<(String, String)> {
    let with_value: &[&str] = if name == "read" {
        &["-a", "-d", "-n", "-N", "-p", "-t", "-u", "-i"]
    } else {
        &["-d", "-n", "-O", "-s", "-u", "-C", "-c"]
    };
    let mut names = Vec::new();
    let mut array = None;
    let mut i = 0;
    while i < rest.len() {
        let a = rest[i].as_str();
        if with_value.contains(&a) {
            if a == "-a" {
                array = rest.get(i + 1).cloned();
            }
            if a == "-d" {
                // Another delimiter than a line's end: the reading is not followed.
                return Vec::new();
            }
            i += 2;
            continue;
        }
        if !a.starts_with('-') {
            names.push(a.to_string());
        }
        i += 1;
    }
    let valid = |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if name != "read" {
        let var = names.pop().unwrap_or_else(|| "MAPFILE".into());
        let lines: Vec<&str> = input.lines().collect();
        return if valid(&var) {
            vec![(var, lines.join(" "))]
        } else {
            Vec::new()
        };
    }
    let line = input.lines().next().unwrap_or("").trim();
    if let Some(var) = array {
        return if valid(&var) {
            vec![(var, line.split_whitespace().collect::<Vec<_>>().join(" "))]
        } else {
            Vec::new()
        };
    }
    if names.is_empty() {
        return vec![("REPLY".into(), line.to_string())];
    }
    let mut out = Vec::new();
    let mut words = line.split_whitespace();
    let last = names.len() - 1;
    for (k, var) in names.iter().enumerate() {
        if !valid(var) {
            return Vec::new();
        }
        let value = if k == last {
            let taken: Vec<&str> = words.by_ref().collect();
            taken.join(" ")
        } else {
            words.next().unwrap_or("").to_string()
        };
        out.push((var.clone(), value));
    }
    out
}
