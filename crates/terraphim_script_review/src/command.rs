//! What one command (an argv, from a shell script or a `subprocess`/`spawn` call) does.

use crate::engine::{Sink, Taint, Val};
use crate::model::{Category, Language, Verdict};
use crate::places::{Place, UNKNOWN};
use terraphim_shell_vocab::{
    GIT_CONFIG_READS, GIT_CONFIG_REMOVALS, GIT_CONFIG_VERBS, PRIVILEGED, is_shell, is_wrapper,
    runner_words, wrapper_words,
};

fn word(v: &Val) -> String {
    v.text_or_unknown()
}

/// The argument vectors `argv` may be where one of its values is one of several strings the
/// review knows (a helper's parameter its calls give different literals): one vector per
/// string, at most 8. None when no value has alternatives, or when several have: lists
/// blended word by word (`run(["git", "fetch", "origin"])` beside `run(["git", "branch",
/// "-D", name])`) would combine words of different calls into commands no call spells.
fn word_alternatives(argv: &[Val]) -> Vec<Vec<String>> {
    let several = |v: &Val| v.text.is_none() && !v.alts.is_empty();
    let mut at = argv.iter().enumerate().filter(|(_, v)| several(v));
    let (Some((i, v)), None) = (at.next(), at.next()) else {
        return Vec::new();
    };
    if v.alts.len() > 8 {
        return Vec::new();
    }
    let words: Vec<String> = argv.iter().map(word).collect();
    v.alts
        .iter()
        .map(|alt| {
            let mut w = words.clone();
            w[i].clone_from(alt);
            w
        })
        .collect()
}

fn base(name: &str) -> &str {
    name.rsplit('/').next().unwrap_or(name)
}

/// Programs that start a detached process meant to outlive the run.
const DETACHING: &[&str] = &["nohup", "setsid", "disown", "daemonize"];

/// The reason of the finding a detaching program makes (the program's name follows).
pub(crate) const DETACHED_WHY: &str = "starts a detached process meant to outlive the run";

/// The reason of the finding a privileged wrapper makes (its name follows). Where the command
/// guard judges the statement, the finding stands only when the guard does not let what the
/// wrapper runs go as it is (`shell_judge::judge_pending`).
pub(crate) const ELEVATED_WHY: &str = "runs a command with elevated privileges";

/// Strip wrappers (the shared list: `sudo`, `env`, `nice`, `nohup`, `timeout`, `strace`,
/// `flock`, `torsocks`, `parallel`, ...) and package runners (`npx X`, `uv run X`); note
/// privilege, detaching and loader injection.
/// `xargs` is set when the command gets its operands from stdin.
fn unwrap<'v>(sink: &mut Sink<'_>, line: u32, mut argv: &'v [Val], xargs: &mut bool) -> &'v [Val] {
    loop {
        let Some(first) = argv.first() else {
            return argv;
        };
        let raw = word(first);
        let name = base(raw.trim_start_matches('\\'));
        if name.contains('=') && !name.starts_with('=') && assignment_shaped(&raw) {
            // `NAME=value cmd`: an assignment before the command (not a `parallel` command
            // string holding `?user=$USER`).
            if name.starts_with("LD_PRELOAD=") {
                sink.add(
                    line,
                    Category::Escape,
                    Verdict::Dangerous,
                    "injects a library into the command through LD_PRELOAD",
                );
            }
            argv = &argv[1..];
            continue;
        }
        let words: Vec<String> = argv[1..].iter().map(word).collect();
        if let Some((_, skip)) = runner_words(name, &words) {
            // `npx X`, `uv run X`: what runs is X.
            argv = &argv[1 + skip..];
            continue;
        }
        let detaching = DETACHING.contains(&name);
        if !is_wrapper(name) && !detaching {
            return argv;
        }
        if name == "command" && words.first().is_some_and(|w| w == "-v" || w == "-V") {
            // `command -v tool` only looks the tool up.
            return &[];
        }
        let skip = wrapper_words(name, &words);
        if skip == words.len() && name == "env" {
            // `env` alone prints the environment.
            return argv;
        }
        if PRIVILEGED.contains(&name) {
            sink.add(
                line,
                Category::Escape,
                Verdict::Suspicious,
                format!("{ELEVATED_WHY} ({name})"),
            );
        }
        if detaching {
            sink.add(
                line,
                Category::Escape,
                Verdict::Suspicious,
                format!("{DETACHED_WHY} ({name})"),
            );
        }
        if name == "env"
            && words[..skip]
                .iter()
                .any(|w| w.starts_with("LD_PRELOAD=") || w.starts_with("LD_AUDIT="))
        {
            sink.add(
                line,
                Category::Escape,
                Verdict::Dangerous,
                "injects a library into the command through the dynamic loader",
            );
        }
        // `parallel CMD` with no `:::` reads its arguments from stdin, like `xargs`.
        *xargs |= name == "xargs" || (name == "parallel" && !words.iter().any(|w| w == ":::"));
        argv = &argv[1 + skip..];
    }
}

/// The setting a `grep` pattern picks the lines of: `^NAME=` (also `^NAME=.*`), `NAME` a
/// variable's name; the lines it matches start with that setting's name and its `=`.
fn setting_line_pattern(pattern: &str) -> Option<&str> {
    let rest = pattern.strip_prefix('^')?;
    let rest = rest.strip_suffix(".*").unwrap_or(rest);
    let key = rest.strip_suffix('=')?;
    (key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    .then_some(key)
}

/// A word shaped `NAME=value`, `NAME` a shell variable name.
fn assignment_shaped(w: &str) -> bool {
    w.split_once('=').is_some_and(|(n, _)| {
        n.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Options that hand a program the credential file it logs in with (a cluster's config, an
/// ssh identity, a client certificate's key, a service account's key file).
/// Only long options that say so: a short one (`-i`) is an input file to many programs.
const CREDENTIAL_OPTIONS: &[&str] = &[
    "--kubeconfig",
    "--identity-file",
    "--key-file",
    "--keyfile",
    "--credentials",
    "--credentials-file",
    "--credential-file",
    "--cred-file",
    "--netrc-file",
    "--private-key",
    "--client-key",
    "--service-account-key-file",
];

/// Options of a signing tool ([`terraphim_shell_vocab::secrets::SIGNING_TOOLS`]) whose value is
/// the key it signs with (`cosign sign --key`, `minisign -s`, `signify -s`).
const SIGNING_KEY_OPTIONS: &[&str] = &["--key", "--private-key", "--secret-key"];

/// `openssl` options naming a file the command writes (a key, a certificate, a request).
const OPENSSL_OUTPUT_OPTIONS: &[&str] = &["-out", "-keyout"];

/// `openssl` options naming a key it signs with and never prints (`-key`, `-CAkey`) or a
/// certificate (`-CA`, `-CAfile`).
const OPENSSL_KEY_USE_OPTIONS: &[&str] = &[
    "-key", "-CAkey", "-signkey", "-inkey", "-CA", "-CAfile", "-cert",
];

/// `openssl` subcommands whose `-in` is a certificate or a signing request, never a key.
const OPENSSL_CERT_INPUT: &[&str] = &["x509", "req", "verify", "crl"];

/// `ssh-keygen` options that make it read a key rather than generate one at `-f`.
const SSH_KEYGEN_READ_MODES: &[&str] = &[
    "-y", "-l", "-e", "-i", "-p", "-c", "-B", "-s", "-L", "-D", "-K", "-F", "-R", "-H", "-Y",
];

/// The operands of `openssl`/`ssh-keygen` that are not reads of a secret: a key or
/// certificate the command makes in the working tree or a temporary directory (`-out`,
/// `-keyout`, `ssh-keygen -f` generating), recorded as made; and one it signs with or checks
/// against (`-key`, `-CAkey`, `-CA`, `x509 -in`) that an earlier command of the script made.
/// A key the script did not make (under the home, or already in the project) is still read.
fn own_key_files<'v>(sink: &mut Sink<'_>, name: &str, args: &'v [Val]) -> Vec<&'v Val> {
    // (Called for every reader and unknown program: the others leave at once.)
    if !matches!(name, "openssl" | "ssh-keygen") {
        return Vec::new();
    }
    let generates = name == "ssh-keygen"
        && !args
            .iter()
            .any(|a| SSH_KEYGEN_READ_MODES.contains(&word(a).as_str()));
    let cert_input = name == "openssl"
        && args
            .first()
            .is_some_and(|a| OPENSSL_CERT_INPUT.contains(&word(a).as_str()));
    let mut own = Vec::new();
    for w in args.windows(2) {
        let option = word(&w[0]);
        let makes = match name {
            "openssl" => OPENSSL_OUTPUT_OPTIONS.contains(&option.as_str()),
            _ => generates && option == "-f",
        };
        let uses = name == "openssl"
            && (OPENSSL_KEY_USE_OPTIONS.contains(&option.as_str())
                || (cert_input && option == "-in"));
        let paths = w[1].path_alternatives();
        if makes
            && paths.iter().all(|p| {
                matches!(
                    sink.resolve(p).place,
                    Place::WorkTree | Place::WorkTreeRoot | Place::Tmp
                )
            })
        {
            for p in &paths {
                sink.made_key_file(p);
            }
            own.push(&w[1]);
        } else if uses && paths.iter().all(|p| sink.is_made_key_file(p)) {
            own.push(&w[1]);
        }
    }
    // `openssl verify -CAfile CA CERT`: an operand that is a file made earlier in the run.
    if cert_input {
        for a in args {
            let paths = a.path_alternatives();
            if !word(a).starts_with('-')
                && !paths.is_empty()
                && paths.iter().all(|p| sink.is_made_key_file(p))
            {
                own.push(a);
            }
        }
    }
    own
}

/// Programs whose effects [`run_argv`] classifies fully (the files they read, write or delete,
/// the hosts they reach, the code they run, the containers they start): for these the review's
/// own findings stand for what the command guard would confine. A program that runs code given
/// in its arguments in a way not followed here (`awk`'s `system`, `find -exec`, `git -c`) is
/// not among them. With [`REQUEST_CLIENTS`]: see [`modeled`].
const MODELED: &[&str] = &[
    "cat", "head", "tail", "less", "more", "strings", "xxd", "od", "hexdump", "nl", "tac", "grep",
    "egrep", "rg", "jq", "yq", "cut", "sort", "uniq", "tr", "wc", "base64", "base32", "sed",
    "zcat", "gunzip", "echo", "printf", "tee", "cp", "mv", "install", "ln", "rsync", "scp", "rm",
    "rmdir", "unlink", "shred", "srm", "dd", "chmod", "mktemp", "docker", "podman", "nerdctl",
    "nc", "ncat", "netcat", "socat", "telnet", "ssh", "pip", "pip3", "uv", "pipx", "npm", "pnpm",
    "yarn", "bun", "crontab", "mkdir", "touch", "ls", "pwd", "test", "[", "true", "false", ":",
    "rev", "fold", "basenc", "uuencode", "iconv", "paste", "column", "expand", "fmt", "basename",
    "dirname",
];

/// The HTTP clients (`terraphim_shell_vocab::hosts::HTTP_CLIENTS`) whose options [`curl`]
/// models: a subset, because the review's findings stand for the guard's on a modeled program.
const REQUEST_CLIENTS: &[&str] = &["curl", "wget", "http", "https", "xh", "aria2c", "fetch"];

/// Whether the review classifies the effects of program `name` fully: [`MODELED`] and
/// [`REQUEST_CLIENTS`].
fn modeled(name: &str) -> bool {
    MODELED.contains(&name) || REQUEST_CLIENTS.contains(&name)
}

/// Programs of [`MODELED`] whose first operand picks what they do (a subcommand: `npm ⁇`,
/// `docker ⁇`) or is a program of their own (`sed`'s script): a value known only at run time
/// there is not data. The first operand of the others is data (a path, a pattern, text).
const FIRST_OPERAND_ACTS: &[&str] = &[
    "sed", "docker", "podman", "nerdctl", "ssh", "npm", "pnpm", "yarn", "bun", "pip", "pip3", "uv",
    "pipx", "crontab",
];

/// Programs whose later operands are a command they run (`ssh HOST CMD`, `watch CMD`).
pub(crate) const RUNS_OPERANDS: &[&str] = &[
    "ssh",
    "watch",
    "script",
    "su",
    "runuser",
    "chroot",
    "unshare",
    "nsenter",
    "flatpak-spawn",
    "busybox",
    "toolbox",
    "distrobox",
];

/// Options whose value is code or a command to run (`find -exec`, `git -c`, `sed -e`,
/// `--command`), or for an interpreter the code or module it runs (`-e`, `-m`).
fn code_flag(name: &str, flag: &str, interpreter: bool) -> bool {
    matches!(
        flag,
        "-c" | "-exec"
            | "-execdir"
            | "-ok"
            | "-okdir"
            | "--command"
            | "--exec"
            | "--rcfile"
            | "--init-file"
    ) || ((interpreter || name == "sed") && matches!(flag, "-e" | "--expression"))
        || (interpreter
            && matches!(
                flag,
                "--eval" | "-p" | "--print" | "-m" | "-r" | "--require" | "--import" | "--loader"
            ))
}

/// Whether a word of the command known only at run time decides what runs, rather than which
/// data a known program works on: the program's first operand unless the program is a
/// [`MODELED`] one whose first operand is data, the script or module an interpreter runs, the
/// value of an option that takes code ([`code_flag`]), any operand of a program that runs its
/// operands ([`RUNS_OPERANDS`]). `npm version ⁇`, `git tag -a ⁇ -m ⁇`, `cp ⁇ out/` keep what
/// runs visible; `git ⁇`, `node ⁇`, `find . -exec ⁇ ;` do not.
fn run_time_word_picks_code(
    sink: &mut Sink<'_>,
    name: &str,
    words: &[String],
    interpreter: bool,
) -> bool {
    let unknown = |w: &String| w.contains(UNKNOWN);
    if RUNS_OPERANDS.contains(&name) && words.iter().any(unknown) {
        return true;
    }
    if words
        .windows(2)
        .any(|p| unknown(&p[1]) && code_flag(name, &p[0], interpreter))
    {
        return true;
    }
    // The same option with its value joined by `=` (`--exec=⁇`, `--command=⁇`).
    if words.iter().any(|w| {
        w.split_once('=').is_some_and(|(flag, value)| {
            value.contains(UNKNOWN) && code_flag(name, flag, interpreter)
        })
    }) {
        return true;
    }
    if interpreter {
        // Everything up to the script it runs (`node ⁇`, `python3 ⁇/a.py`, `bash -x ⁇`),
        // unless that script is a file of the project or a temp dir whose name is known only
        // in part (`node ${path.join(__dirname, 'gen.js')}`).
        let Some(i) = words.iter().position(|w| !w.starts_with('-')) else {
            return words.iter().any(unknown);
        };
        if words[..i].iter().any(unknown) {
            return true;
        }
        let script = &words[i];
        return unknown(script)
            && (script.starts_with(UNKNOWN)
                || !matches!(
                    sink.resolve(script).place,
                    Place::WorkTree | Place::WorkTreeRoot | Place::Tmp
                ));
    }
    let data_first = modeled(name) && !FIRST_OPERAND_ACTS.contains(&name);
    !data_first && words.first().is_some_and(unknown)
}

/// A command that writes a package's install hook (`jq '.scripts.postinstall = "..."'`, `npm
/// pkg set scripts.prepare=...`, JSON with a `"postinstall"` script echoed or fed in) set to
/// code-running text: it runs on the next install, on every machine that installs the project,
/// outside any sandbox. The same rule as a JavaScript assignment of `pkg.scripts.postinstall`.
fn planted_install_hook(
    sink: &mut Sink<'_>,
    line: u32,
    name: &str,
    args: &[Val],
    words: &[String],
    stdin: Option<&Val>,
) {
    use terraphim_shell_vocab::manifest::{hooks_written, names_manifest};
    let manifest = words.iter().any(|w| names_manifest(w));
    let bound = if matches!(name, "jq" | "gojq" | "yq") {
        jq_filters_bound(args)
    } else {
        Vec::new()
    };
    let texts = words
        .iter()
        .chain(&bound)
        .chain(stdin.and_then(|s| s.text.as_ref()));
    for (hook, command) in hooks_written(manifest, texts.map(String::as_str)) {
        if let Some(tok) = crate::places::code_exec_tokens(&command) {
            sink.install_hook(line, hook, tok);
            return;
        }
    }
}

/// A package manager's `pkg set` of a dependency to a URL on a foreign host (`npm pkg set
/// dependencies.left-pad=https://host/left-pad.tgz`): the next install downloads and runs that
/// host's code. The same rule as a JavaScript assignment of `pkg.dependencies[name]`.
fn planted_dependency_source(sink: &mut Sink<'_>, line: u32, name: &str, words: &[String]) {
    if !matches!(name, "npm" | "pnpm" | "yarn" | "bun")
        || !words.windows(2).any(|w| w[0] == "pkg" && w[1] == "set")
    {
        return;
    }
    for w in words {
        let Some((key, value)) = w.split_once('=') else {
            continue;
        };
        let keys: Vec<&str> = key.split('.').collect();
        let section = keys
            .iter()
            .rev()
            .skip(1)
            .any(|k| crate::places::DEPENDENCY_SECTIONS.contains(k));
        if section && let Some(host) = crate::places::foreign_dependency_url(value, sink.config) {
            sink.dependency_source(
                line,
                &format!("`{}` of package.json", key.replace(UNKNOWN, "…")),
                &host,
            );
            return;
        }
    }
}

/// A jq filter with the values of its `--arg NAME VALUE` (a JSON string) and `--argjson NAME
/// JSON` variables put in (`.scripts[$k] = $v` with `--arg k postinstall`), for each
/// combination of the values a variable may hold (the keys and values of a table walked in a
/// loop), at most 16 filters.
fn jq_filters_bound(args: &[Val]) -> Vec<String> {
    let mut bindings: Vec<(String, Vec<String>)> = Vec::new();
    let mut filters: Vec<String> = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let w = word(&args[i]);
        if matches!(w.as_str(), "--arg" | "--argjson") && i + 2 < args.len() {
            let name = word(&args[i + 1]);
            let value = &args[i + 2];
            let values: Vec<String> = match value.known() {
                Some(t) => vec![t.to_owned()],
                None => value
                    .alts
                    .iter()
                    .filter(|a| !a.contains(UNKNOWN))
                    .cloned()
                    .collect(),
            };
            let as_json = |v: String| {
                if w == "--arg" {
                    format!("\"{}\"", v.replace('\\', "\\\\").replace('"', "\\\""))
                } else {
                    v
                }
            };
            if !values.is_empty() && !name.contains(UNKNOWN) {
                bindings.push((name, values.into_iter().map(as_json).collect()));
            }
            i += 3;
            continue;
        }
        if !w.starts_with('-') && w.contains('$') {
            filters.push(w);
        }
        i += 1;
    }
    bindings.retain(|(name, _)| filters.iter().any(|f| f.contains(&format!("${name}"))));
    let combos: usize = bindings.iter().map(|(_, v)| v.len()).product();
    if bindings.is_empty() || combos > 16 {
        return Vec::new();
    }
    let mut out = filters;
    for (name, values) in &bindings {
        let var = format!("${name}");
        let var = var.as_str();
        out = out
            .iter()
            .flat_map(|f| values.iter().map(move |v| replace_jq_var(f, var, v)))
            .collect();
    }
    out
}

/// `filter` with each `$name` (not `$names`) replaced by `value`.
fn replace_jq_var(filter: &str, var: &str, value: &str) -> String {
    let mut out = String::new();
    let mut rest = filter;
    while let Some(at) = rest.find(var) {
        let after = &rest[at + var.len()..];
        out.push_str(&rest[..at]);
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str(var);
        } else {
            out.push_str(value);
        }
        rest = after;
    }
    out.push_str(rest);
    out
}

/// The stdin of a program the script started with an argument list (`spawn('sh', [])`,
/// `subprocess.Popen(["sh"], stdin=PIPE)`): the value's items are the argv, and what the
/// script writes there (`.stdin.write(code)`, `.communicate(code)`) is what the program reads.
pub(crate) const CHILD_STDIN: &str = "child_process.stdin";

/// The value standing for the stdin of a program started with `argv`.
pub(crate) fn child_stdin(argv: Vec<Val>) -> Val {
    Val {
        handle: Some(crate::engine::Handle::Module(CHILD_STDIN.to_owned())),
        items: Some(argv),
        ..Val::default()
    }
}

/// What the script writes to the stdin of a program it started (`stdin` is [`child_stdin`]'s
/// value; `input`, the first argument of its `write`): the program runs with it as input.
pub(crate) fn write_to_child(sink: &mut Sink<'_>, line: u32, stdin: &Val, input: Option<&Val>) {
    if let (Some(argv), Some(input)) = (&stdin.items, input) {
        run_program(sink, line, argv, Some(input));
    }
}

/// A program a script of another language starts with an argument vector (`subprocess.run`,
/// `spawn`): classified as [`run_argv`] does, and judged by the command-line guard too when
/// every word is known, so a command the guard denies is dangerous from any language.
pub(crate) fn run_program(
    sink: &mut Sink<'_>,
    line: u32,
    argv: &[Val],
    stdin: Option<&Val>,
) -> Val {
    let words: Vec<String> = argv.iter().map(word).collect();
    if sink.recording {
        sink.sql_cli(line, argv);
        if let Some(programs) = crate::engine::child_programs(argv) {
            sink.ran_programs.extend(programs);
        }
    }
    crate::shell_judge::judge_argv(sink, line, &words, &word_alternatives(argv));
    let mut out = run_argv(sink, line, argv, stdin);
    if crate::sql::prints_rows(&words) {
        // What a database client prints of the statement it ran (a table's rows as CSV) or
        // a dump tool writes to stdout: the data of a database server, not the project's.
        out.taint.outside = true;
    }
    match crate::shell_judge::lists_marked_ids(&words) {
        // The ids of the containers carrying the script's own label or name: a removal of
        // them (`spawnSync('docker', ['rm', '-f', ...ids])`) names things of the script's own.
        Some(kind) if sink.judge.is_some() => {
            let id = format!("{UNKNOWN}ids of the {kind}s marked as listed on line {line}");
            sink.created.insert((kind, id.clone()));
            // What the call returns is the output (`check_output`, `execFileSync`) or a
            // result whose `stdout` holds it (`spawnSync(...).stdout`, `run(...).stdout`).
            let mut ids = Val::lit(id.clone()).with_taint(&out.taint);
            ids.set_field(&["stdout"], Val::lit(id));
            ids
        }
        _ => out,
    }
}

/// Options whose value says where a program connects (`--registry URL`, `--url=…`,
/// `--server`, `-H HOST`).
const DESTINATION_OPTIONS: &[&str] = &[
    "url",
    "registry",
    "server",
    "host",
    "endpoint",
    "address",
    "addr",
    "repository-url",
    "H",
];

/// Whether a command's words name where it connects, other than this machine or a host on the
/// allow list (a URL, a destination option's value, a registry a `login` names, any of them
/// known only at run time): a credential given to such a command goes there, so whom it
/// belongs to says nothing about where it is used.
pub(crate) fn names_other_destination(sink: &mut Sink<'_>, words: &[String]) -> bool {
    let foreign = |sink: &mut Sink<'_>, w: &str| {
        w.contains(UNKNOWN)
            || !matches!(
                sink.host_class(Some(w)),
                crate::places::HostClass::Allowed | crate::places::HostClass::Local
            )
    };
    for (i, w) in words.iter().enumerate() {
        if w.contains("://") && foreign(sink, w) {
            return true;
        }
        let option = |o: &str| {
            let o = o.trim_start_matches('-');
            DESTINATION_OPTIONS
                .iter()
                .any(|d| o == *d || o.ends_with(&format!("-{d}")))
        };
        let value = match w.split_once('=') {
            Some((o, v)) if w.starts_with('-') && option(o) => Some(v),
            _ if i > 0 && words[i - 1].starts_with('-') && option(&words[i - 1]) => {
                Some(w.as_str())
            }
            // `docker login HOST`, `helm registry login HOST`: the registry logged in to.
            _ if i > 0 && words[i - 1] == "login" && !w.starts_with('-') => Some(w.as_str()),
            _ => None,
        };
        if let Some(v) = value {
            let url = match v.contains("://") {
                true => v.to_owned(),
                false => format!("https://{v}"),
            };
            if foreign(sink, &url) {
                return true;
            }
        }
    }
    false
}

/// Subcommands of remote-storage clients that delete the tree their operands name (`rclone
/// purge remote:path`), by program.
const REMOTE_TREE_DELETES: &[(&str, &[&str])] = &[("rclone", &["purge", "delete", "rmdirs"])];

/// A delete of a remote storage tree (`rclone purge REMOTE:PATH`) whose target may be the
/// root of the remote: one of its values (a ternary's empty path, `${remote}:${path}` with
/// `path` empty) names no path after the remote's colon, so every file the remote holds goes.
/// A target with a part known only at run time and no such value is a delete nobody can see
/// the extent of. A target the script spells whole is the command guard's to judge.
fn remote_tree_delete(sink: &mut Sink<'_>, line: u32, name: &str, sub: &str, targets: &[&Val]) {
    if !REMOTE_TREE_DELETES
        .iter()
        .any(|(p, subs)| *p == name && subs.contains(&sub))
    {
        return;
    }
    // `NAME:` or `NAME:/`, the remote's name possibly built at run time: its root.
    let whole = |t: &str| {
        t.split_once(':').is_some_and(|(remote, path)| {
            !remote.contains('/') && path.trim_matches('/').is_empty()
        })
    };
    for t in targets {
        let texts: Vec<&str> = t.text.iter().chain(&t.alts).map(String::as_str).collect();
        if let Some(root) = texts.iter().find(|x| whole(x)) {
            sink.destroy_remote(
                line,
                "deletes",
                &format!(
                    "every file of the remote {} ({name} {sub})",
                    root.replace(UNKNOWN, "…")
                ),
            );
            return;
        }
        if texts.is_empty() || texts.iter().any(|x| x.contains(UNKNOWN)) {
            sink.add(
                line,
                Category::Destructive,
                Verdict::Suspicious,
                format!("deletes a remote path built at run time ({name} {sub})"),
            );
            return;
        }
    }
}

/// Whether the words after `git config` only read settings: an explicit read action
/// (`--get`, `--get-all`, `--get-regexp`, `--get-urlmatch`, `-l`/`--list`, or the `get`/`list`
/// subcommand of newer git) and no action that writes (`--add`, `--replace-all`, `--unset`,
/// `--edit`, a section renamed or removed, the `set`/`unset`/`edit` subcommands). A key given
/// a value with no read action stays a write.
fn git_config_reads(rest: &[String]) -> bool {
    let reads_only = |verb: &str| verb == "get" || verb == "list";
    if rest.iter().any(|w| {
        let w = w.as_str();
        matches!(w, "--add" | "--replace-all")
            || GIT_CONFIG_REMOVALS.contains(&w)
            || GIT_CONFIG_VERBS.contains(&w) && !reads_only(w)
    }) {
        return false;
    }
    let first_operand = rest.iter().find(|w| !w.starts_with('-'));
    rest.iter().any(|w| GIT_CONFIG_READS.contains(&w.as_str()))
        || first_operand.is_some_and(|w| reads_only(w))
}

/// Whether the words after `git push` overwrite remote history: `--force`, `-f`, a `+`
/// refspec; `--force-with-lease` (which refuses to drop commits the script has not seen, as the
/// command guard's KG allows) only when it names a branch everybody builds on (`main`,
/// `master`, `trunk`, `develop`, `release*`, ...).
fn forced_push(rest: &[String]) -> bool {
    let blunt = rest.iter().any(|w| {
        w == "--force"
            || (w.starts_with("--force")
                && !w.starts_with("--force-with-lease")
                && !w.starts_with("--force-if-includes"))
            || (w.starts_with('-') && !w.starts_with("--") && w.contains('f'))
            || w.starts_with('+')
    });
    if blunt {
        return true;
    }
    if !rest.iter().any(|w| w.starts_with("--force-with-lease")) {
        return false;
    }
    rest.iter().filter(|w| !w.starts_with('-')).any(|w| {
        let dest = w.rsplit(':').next().unwrap_or(w);
        let dest = dest.strip_prefix("refs/heads/").unwrap_or(dest);
        matches!(
            dest,
            "main"
                | "master"
                | "trunk"
                | "develop"
                | "development"
                | "production"
                | "prod"
                | "stable"
        ) || dest.starts_with("release")
    })
}

/// gpg options whose operands are key ids or fingerprints looked up on a key server or in
/// the keyring.
const GPG_KEY_LOOKUPS: &[&str] = &[
    "--recv-keys",
    "--recv-key",
    "--receive-keys",
    "--search-keys",
    "--locate-keys",
    "--list-keys",
    "--fingerprint",
];

/// Whether `prog` (a path whose directory is known only at run time) names a program the review
/// knows by its file name: `os.path.join(venv, "bin", "python")`, `${TOOLCHAIN}/bin/pip`. The
/// directory is where an environment or toolchain keeps its copy of that program, so the
/// command is judged as that program; not when the script fetched anything to disk (an
/// archive unpacked to a directory may hold a program of any name) or the path carries
/// downloaded or decoded data. A fixed name in the directory where the project's installed
/// dependencies keep their commands (`path.join(ROOT, 'node_modules', '.bin', 'jest')`) is that
/// dependency's command, what `npx jest` runs.
fn known_program_in_run_time_dir(sink: &Sink<'_>, first: &Val, prog: &str) -> bool {
    let Some((dir, name)) = prog.rsplit_once('/') else {
        return false;
    };
    !name.is_empty()
        && !name.contains(UNKNOWN)
        && !first.taint.remote
        && !first.taint.decoded
        && sink.remote_files.is_empty()
        && sink.remote_dirs.is_empty()
        && (Language::from_program(name).is_some()
            || modeled(name)
            || DEPENDENCY_BIN_DIRS
                .iter()
                .any(|d| dir.strip_suffix(d).is_some_and(|rest| rest.ends_with('/'))))
}

/// The directories, under a project, where its installed dependencies keep their commands.
const DEPENDENCY_BIN_DIRS: &[&str] = &["node_modules/.bin", ".venv/bin"];

/// Whether `text` names the working tree or a path under it (`CWD/…/x`), whatever its
/// parts known only at run time are.
fn in_work_tree(cwd: &std::path::Path, text: &str) -> bool {
    let cwd = cwd.to_string_lossy();
    text.strip_prefix(cwd.trim_end_matches('/'))
        .is_some_and(|r| r.is_empty() || r.starts_with('/'))
}

/// `dirname` of the script's own directory (`CWD/…`, a depth the review does not know) and of
/// that once more: the first is the climb `CWD/…/..` (a directory of the working tree, read as
/// `"$here/.."` is), the second the directory that climb ends at, the working tree (`dirname
/// "$(dirname "$here")"` of `tools/ci/` is the project's root, as `"$here/../.."` is); a third
/// climbs out of the project. `None` for any other path.
fn script_dir_parent(sink: &Sink<'_>, p: &str) -> Option<String> {
    let cwd = sink.ctx.cwd.to_string_lossy();
    let rest = p
        .trim_end_matches('/')
        .strip_prefix(cwd.trim_end_matches('/'))?
        .strip_prefix('/')?;
    let unknown_name = |n: &str| !n.is_empty() && n.chars().all(|c| c == UNKNOWN);
    match rest.split_once('/') {
        None if unknown_name(rest) => Some(format!("{}/..", p.trim_end_matches('/'))),
        Some((name, "..")) if unknown_name(name) => sink
            .ctx
            .script_root(&format!("{}/..", p.trim_end_matches('/'))),
        _ => None,
    }
}

/// The program whose path a lookup prints (`which jq`, `command -v node`, `type -P make`): the
/// file that running that name runs, so a later `"$JQ" ...` runs that program. `None` for
/// another command, another option (`which -a` prints several), several names, or a name the
/// review does not know.
fn looked_up_program(argv: &[Val]) -> Option<String> {
    let (first, rest) = argv.split_first()?;
    let operands = match (word(first).as_str(), rest.first().map(word).as_deref()) {
        ("which", _) => rest,
        ("command", Some("-v")) | ("type", Some("-P" | "-p")) => &rest[1..],
        _ => return None,
    };
    let [name] = operands else {
        return None;
    };
    let text = name.known()?;
    (!text.is_empty() && !text.starts_with('-') && name.taint == Taint::default())
        .then(|| text.to_owned())
}

/// Classify one command; returns the value of what it prints on stdout.
/// The replacement string of an `xargs -I R` (`-iR`, `--replace[=R]`) or a `parallel` (`{}`,
/// or its `-I R`) that starts the command, if any.
fn xargs_replacement(argv: &[Val]) -> Option<String> {
    let at = argv
        .iter()
        .take(4)
        .position(|a| matches!(base(&word(a)), "xargs" | "parallel"))?;
    let parallel = base(&word(&argv[at])) == "parallel";
    let mut words = argv[at + 1..].iter().map(word);
    while let Some(w) = words.next() {
        match w.as_str() {
            "-I" => return words.next(),
            "-i" | "--replace" => return Some("{}".to_owned()),
            _ if w.starts_with("--replace=") => return Some(w["--replace=".len()..].to_owned()),
            _ if w.starts_with("-I") => return Some(w[2..].to_owned()),
            _ if w.starts_with("-i") && !parallel => return Some(w[2..].to_owned()),
            "-P" | "-n" | "-L" | "-d" | "-s" | "-a" | "-E" | "-j" | "-S" | "--max-procs"
            | "--max-args" | "--delimiter" | "--arg-file" | "--jobs" | "--joblog" | "--results"
            | "--sshlogin" => {
                words.next();
            }
            _ if w.starts_with('-') => {}
            _ => break,
        }
    }
    parallel.then(|| "{}".to_owned())
}

/// `list | xargs -I{} curl -F "f=@{}" URL`, `list | parallel 'curl -F "f=@{}" URL'`: the
/// command runs once for each line coming in, that line in place of the replacement string
/// (a line known only at run time carries what the input carried). A `parallel` command
/// given as one string is shell code.
fn run_per_item(
    sink: &mut Sink<'_>,
    line: u32,
    template: &[Val],
    replace: &str,
    stdin: Option<&Val>,
) -> Val {
    let carried = stdin.map(|s| s.taint.clone()).unwrap_or_default();
    let texts: Vec<String> = match stdin {
        Some(s) if s.text.is_some() => s.text.iter().cloned().collect(),
        Some(s) if !s.alts.is_empty() => s.alts.clone(),
        _ => vec![UNKNOWN.to_string()],
    };
    let mut items: Vec<String> = texts
        .iter()
        .flat_map(|t| t.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect();
    items.dedup();
    items.truncate(16);
    let mut out = Val::unknown();
    for item in &items {
        let item_taint = match item.contains(UNKNOWN) {
            true => carried.clone(),
            false => Taint::default(),
        };
        let argv: Vec<Val> = template
            .iter()
            .map(|a| match word(a).contains(replace) {
                true => Val::lit(word(a).replace(replace, item))
                    .with_taint(&a.taint)
                    .with_taint(&item_taint),
                false => a.clone(),
            })
            .collect();
        if let [code] = argv.as_slice()
            && word(code).contains(char::is_whitespace)
        {
            sink.nested(line, Language::Shell, &word(code));
            continue;
        }
        out = out.union(&run_argv(sink, line, &argv, None));
    }
    out
}

/// The manifest of its working directory a tool's subcommand rewrites in place (`kustomize edit
/// set image ...` rewrites `kustomization.yaml`, `npm pkg set` rewrites `package.json`).
pub(crate) fn edited_manifest(name: &str, words: &[String]) -> Option<&'static str> {
    let sub = words
        .iter()
        .find(|w| !w.starts_with('-'))
        .map(String::as_str);
    match (name, sub) {
        ("kustomize", Some("edit")) => Some("kustomization.yaml"),
        ("npm", Some("pkg")) if words.iter().any(|w| matches!(w.as_str(), "set" | "delete")) => {
            Some("package.json")
        }
        _ => None,
    }
}

pub(crate) fn run_argv(sink: &mut Sink<'_>, line: u32, argv: &[Val], stdin: Option<&Val>) -> Val {
    if sink.ambient.private() && argv.iter().any(|a| a.taint != sink.ambient) {
        // Code run from a string whose built parts held private data: so do its words.
        let ambient = sink.ambient.clone();
        let tainted: Vec<Val> = argv
            .iter()
            .map(|a| {
                if a.text_or_unknown().contains(UNKNOWN) {
                    a.clone().with_taint(&ambient)
                } else {
                    a.clone()
                }
            })
            .collect();
        if tainted != argv {
            return run_argv(sink, line, &tainted, stdin);
        }
    }
    // Words with several values (a path joined from the members of objects picked at run
    // time, an environment variable's default beside what the variable may hold): the command
    // is judged with each, at most 16 commands in all; one known only at run time is judged
    // as before. A shell script's own statements are judged for each value of a loop by the
    // command guard already.
    let several = |a: &Val| {
        a.text.as_deref().is_none_or(|t| t.contains(UNKNOWN))
            && (2..=16).contains(&a.alts.len())
            && a.alts.iter().any(|t| !t.contains(UNKNOWN))
    };
    let combos: usize = argv
        .iter()
        .filter(|a| several(a))
        .map(|a| a.alts.len())
        .product();
    // In shell only the program's alternatives (`$GEN -j2` with `GEN=$(command -v ninja ||
    // command -v make)`): the words after it are judged by the guard with each value.
    let at = if sink.lang == Language::Shell {
        argv.first().filter(|a| several(a)).map(|_| 0)
    } else {
        argv.iter().position(several)
    };
    if combos <= 16
        && let Some(i) = at
    {
        let mut out = Val::unknown();
        for alt in &argv[i].alts {
            let mut one = argv.to_vec();
            one[i] = Val::lit(alt.clone()).with_taint(&argv[i].taint);
            out = out.union(&run_argv(sink, line, &one, stdin));
        }
        return out;
    }
    // Too many commands to spell each (a table of argv lists of several programs, blended
    // word by word): each program is judged, with its other words of several values known
    // only at run time, rather than the program taken for a name nobody knows.
    if combos > 16
        && let Some(first) = argv.first().filter(|a| several(a))
    {
        let mut out = Val::unknown();
        for alt in &first.alts {
            let mut one = argv.to_vec();
            one[0] = Val::lit(alt.clone()).with_taint(&first.taint);
            out = out.union(&run_argv(sink, line, &one, stdin));
        }
        return out;
    }
    if let Some(prog) = looked_up_program(argv) {
        // `$(command -v node)`: what is printed is where that program is, so running it runs
        // the program looked up.
        return Val::lit(prog);
    }
    let replace = xargs_replacement(argv);
    let mut xargs = false;
    let argv = unwrap(sink, line, argv, &mut xargs);
    if xargs && let Some(r) = replace.filter(|r| argv.iter().any(|a| word(a).contains(r.as_str())))
    {
        return run_per_item(sink, line, argv, &r, stdin);
    }
    if xargs {
        // `... | xargs rm -rf`: the operands are what comes in on stdin.
        let mut full: Vec<Val> = argv.to_vec();
        if full.is_empty() {
            full.push(Val::lit("echo"));
        }
        // Each line (or NUL-separated name, `xargs -0`) of every text stdin may hold (a
        // group of functions printing names, each with its own).
        let texts: Vec<&str> = stdin
            .map(|s| s.text.iter().chain(&s.alts).map(String::as_str).collect())
            .unwrap_or_default();
        match (!texts.is_empty()).then_some(texts) {
            Some(texts) => full.extend(
                texts
                    .iter()
                    .flat_map(|t| t.split(|c: char| c.is_whitespace() || c == '\0'))
                    .filter(|w| !w.is_empty())
                    .map(Val::lit),
            ),
            None => full.push(
                Val::lit(UNKNOWN.to_string())
                    .with_taint(&stdin.map(|s| s.taint.clone()).unwrap_or_default()),
            ),
        }
        return run_argv(sink, line, &full, None);
    }
    let Some(first) = argv.first() else {
        return stdin.cloned().unwrap_or_default();
    };
    let prog_text = word(first);
    if prog_text.starts_with(UNKNOWN) && !known_program_in_run_time_dir(sink, first, &prog_text) {
        sink.ran_unmodeled = true;
        sink.argv_runs += 1;
        sink.run_time_code = true;
        if first.taint.remote || first.taint.decoded {
            sink.exec_code(line, Language::Shell, first, "a command");
        } else {
            sink.add(
                line,
                Category::RemoteCode,
                Verdict::Suspicious,
                "the command name is built at run time",
            );
        }
        return Val::unknown();
    }
    sink.runs_file(line, &prog_text);
    // `stata-mp -b do FILE`, `sas -autoexec FILE`: the code file such a program runs.
    let words: Vec<String> = argv.iter().map(word).collect();
    for file in crate::caps::code_file_args(&words) {
        sink.runs_file(line, &file);
    }
    if prog_text.contains('/')
        && !prog_text.starts_with("./")
        && !prog_text.starts_with("../")
        && sink
            .caps
            .iter()
            .any(|(k, _, _)| matches!(k, crate::caps::Cap::DownloadExtract))
        && matches!(sink.resolve(&prog_text).place, crate::places::Place::Tmp)
    {
        // A program started from a temp dir (`/tmp/x/bin/fmt`), whatever its name, after a
        // download was unpacked: what the archive held may be what runs.
        sink.cap(
            line,
            crate::caps::Cap::RunFile,
            prog_text.replace(UNKNOWN, "…"),
        );
    }
    let name = base(&prog_text).to_owned();
    let args = &argv[1..];
    let words: Vec<String> = args.iter().map(word).collect();
    planted_install_hook(sink, line, &name, args, &words, stdin);
    planted_dependency_source(sink, line, &name, &words);
    let has = |flag: &str| words.iter().any(|w| w == flag);
    let has_short = |c: char| {
        words
            .iter()
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(c))
    };
    let positional: Vec<&Val> = args.iter().filter(|v| !word(v).starts_with('-')).collect();
    let mut args_taint = Taint::default();
    for a in args {
        args_taint.join(&a.taint);
    }
    // A process substitution or argument that carries downloaded code into an interpreter.
    let interp = Language::from_program(&name);
    sink.argv_runs += 1;
    if run_time_word_picks_code(sink, &name, &words, interp.is_some()) {
        sink.run_time_code = true;
    }
    // `find ROOT ... -delete` running nothing else: its deletes are judged below.
    let find_deletes = name == "find"
        && has("-delete")
        && !words.iter().any(|w| {
            w.starts_with("-exec")
                || w.starts_with("-ok")
                || w.starts_with("-fprint")
                || w == "-fls"
        });
    // `date` that only prints the time (`-s`/`--set` sets the clock).
    let date_prints = name == "date"
        && !words.iter().any(|w| {
            w.starts_with("--set")
                || (w.starts_with('-') && !w.starts_with("--") && w.contains('s'))
        });
    // `stat`, `du`, a digest of files of the project or a temporary directory: the file's
    // mode, size, type or digest, never its text, and nothing written (see the arm below).
    // (`ls`, `wc` and `test` keep arms of their own.)
    let metadata_only = terraphim_shell_vocab::METADATA_READERS.contains(&name.as_str())
        && !matches!(name.as_str(), "ls" | "wc" | "test" | "[" | "file")
        && positional.iter().all(|p| {
            p.path_alternatives().iter().all(|w| {
                matches!(
                    sink.resolve(w).place,
                    crate::places::Place::WorkTree
                        | crate::places::Place::WorkTreeRoot
                        | crate::places::Place::Tmp
                )
            })
        });
    if interp.is_none() && !modeled(&name) && !metadata_only && !find_deletes && !date_prints {
        sink.ran_unmodeled = true;
    }
    if let Some(lang) = interp {
        return run_interpreter(sink, line, lang, &name, args, stdin);
    }
    if let Some((_, _, what)) = crate::caps::REMOTE_DESTROY_ROWS
        .iter()
        .find(|(prog, need, _)| *prog == name && need.iter().all(|n| has(n)))
        .filter(|_| !sink.local_database)
    {
        sink.destroy_remote(line, "destroys", &format!("{what} ({name})"));
    }
    if let Some(sub) = positional.first().map(|v| word(v)) {
        remote_tree_delete(sink, line, &name, &sub, &positional[1..]);
    }
    if terraphim_shell_vocab::secrets::SIGNING_TOOLS.contains(&name.as_str()) {
        // `cosign sign --key "$COSIGN_KEY"`: the variable given to a signing tool as the key it
        // signs with (a key file's path, a KMS URI, the key itself) is its use, as a password
        // handed to one is; the signature made is no secret.
        for (i, a) in args.iter().enumerate() {
            let given = match word(a).split_once('=') {
                Some((opt, _)) => SIGNING_KEY_OPTIONS.contains(&opt),
                None => i > 0 && SIGNING_KEY_OPTIONS.contains(&word(&args[i - 1]).as_str()),
            };
            if given
                && !a.taint.mixed
                && let Some(var) = a.taint.env_var()
            {
                sink.env_token_used.insert(var.to_owned());
            }
        }
    }
    let out = match name.as_str() {
        // `dirname "$0"`: the directory part of a known path.
        // Of a path ending in `..` (`$(cd "$(dirname "$0")/.." && pwd)`) or of the working
        // tree it is the directory above, kept as a climb out of the project.
        "dirname" if positional.len() == 1 => {
            let p = word(positional[0]);
            Val::lit(
                script_dir_parent(sink, &p)
                    .unwrap_or_else(|| crate::engine::parent_dir(&sink.ctx.cwd, &p)),
            )
            .with_taint(&positional[0].taint)
        }
        // `basename "$f" .env`, `dirname a b`: the names' text cut, no file opened (the suffix
        // `.env` is a word, not the project's secrets file). What they print keeps the
        // names' data.
        "basename" | "dirname" => {
            let mut out = Val::unknown();
            for a in args {
                out.taint.join(&a.taint);
            }
            out
        }
        // `stat -c %a .env`, `du -sh .envs`, `sha256sum .env`: what a file of the project
        // or a temporary directory is (its mode, size, type, digest), never its text
        // (`METADATA_READERS`, the list the guard's `settings file metadata` lift uses). A
        // credential file elsewhere (`stat ~/.aws/credentials`) is still read: a probe of
        // where the user keeps secrets is judged as the read it prepares.
        _ if metadata_only => {
            let mut out = Val::unknown();
            for a in args {
                out.taint.join(&a.taint);
            }
            out
        }
        // `realpath /usr/bin/ld`: the same file reached through its links, so best read as the
        // path it was asked about (a system path's real path is a system file too); so is the
        // real path of a directory of the working tree named in part at run time (the
        // script's own, `realpath "$(dirname "$0")"`).
        "realpath" | "readlink"
            if positional.len() == 1
                && (name == "realpath" || has("-f") || has("-e") || has("-m"))
                && word(positional[0]).starts_with('/')
                && (!word(positional[0]).contains(UNKNOWN)
                    || in_work_tree(&sink.ctx.cwd, &word(positional[0]))) =>
        {
            (*positional[0]).clone()
        }
        // `gpg --recv-keys "$GPG_KEY"`: what these options take is a key's id or fingerprint,
        // public by design (it is how a key server finds the key), so the variable that holds
        // it names a key rather than holding one, and what gpg prints is no secret.
        "gpg" | "gpg2" if words.iter().any(|w| GPG_KEY_LOOKUPS.contains(&w.as_str())) => {
            for a in args {
                if let Some(var) = a.taint.env_var() {
                    sink.env_token_used.insert(var.to_owned());
                }
            }
            Val::unknown()
        }
        "openssl"
            if words
                .iter()
                .find(|w| !w.starts_with('-'))
                .is_some_and(|w| w == "s_client") =>
        {
            // `openssl s_client -connect HOST:PORT`: a TLS client sending its stdin there.
            let host = words
                .iter()
                .enumerate()
                .find_map(|(i, w)| match w.strip_prefix("-connect") {
                    Some("") => words.get(i + 1).cloned(),
                    Some(v) => v.strip_prefix('=').map(str::to_owned),
                    None => None,
                })
                .map(|h| match h.rsplit_once(':') {
                    Some((host, port)) if port.chars().all(|c| c.is_ascii_digit()) => {
                        host.trim_matches(['[', ']']).to_owned()
                    }
                    _ => h,
                });
            let mut payload = stdin.cloned().unwrap_or_default();
            payload.taint.join(&args_taint);
            // With no input (none, `</dev/null`, an empty `echo`), or only words the script
            // spells itself (`echo QUIT |`, `: |`: input that came from no source), and
            // nothing private or decoded in its words, it is a handshake that reads the
            // server's certificate (`| openssl x509 -noout -enddate`): no data of the user
            // leaves, and what it prints stays remote data wherever it goes. Input that
            // carries data (a file, a report, the environment, another command's output
            // read from somewhere) is sent to that host.
            let probe = !payload.taint.private()
                && !payload.taint.decoded
                && stdin.is_none_or(|s| !s.taint.carries());
            if !probe {
                sink.network(line, host.as_deref(), &payload, stdin.is_some());
            }
            Val::unknown().with_taint(&Taint {
                remote: true,
                ..Taint::default()
            })
        }
        "cat" | "head" | "tail" | "less" | "more" | "strings" | "xxd" | "od" | "hexdump" | "nl"
        | "tac" | "grep" | "egrep" | "rg" | "awk" | "gawk" | "mawk" | "nawk" | "jq" | "yq"
        | "cut" | "sort" | "uniq" | "tr" | "wc" | "base64" | "base32" | "openssl" | "gpg"
        | "sed" | "zcat" | "gunzip" | "rev" | "fold" | "basenc" | "uuencode" | "iconv"
        | "paste" | "column" | "expand" | "fmt" | "gzip" | "bzip2" | "xz" | "zstd" | "lz4"
        | "brotli" => {
            // Filters and compressors: their output still holds the data that came in.
            let mut out = Val::unknown();
            // `head -n "$KEEP"`: a count, neither printed nor a file read.
            let count_at = |i: usize| {
                matches!(name.as_str(), "head" | "tail")
                    && i > 0
                    && matches!(words[i - 1].as_str(), "-n" | "-c" | "--lines" | "--bytes")
            };
            // `jq --arg name value`, `--argjson name json`: the option's values are neither
            // the program nor a file read; of `--slurpfile name file`, the name is not (the
            // file is read).
            let jq_value_at = |i: usize| {
                matches!(name.as_str(), "jq" | "gojq" | "yq")
                    && (1..=2).any(|back| {
                        i >= back && matches!(words[i - back].as_str(), "--arg" | "--argjson")
                    })
                    || i >= 1 && matches!(words[i - 1].as_str(), "--slurpfile" | "--rawfile")
            };
            let positional: Vec<&Val> = args
                .iter()
                .enumerate()
                .filter(|&(i, v)| !word(v).starts_with('-') && !count_at(i) && !jq_value_at(i))
                .map(|(_, v)| v)
                .collect();
            for (i, a) in args.iter().enumerate() {
                if !count_at(i) {
                    out.taint.join(&a.taint);
                }
            }
            if let Some(s) = stdin {
                out.taint.join(&s.taint);
                // Filters that print whole lines of their input: each line keeps its shape
                // (`ls -d backups/*/ | sort -r | tail -n +6`: paths under backups/).
                let whole_lines = match name.as_str() {
                    "cat" | "tac" | "sort" | "uniq" => positional.is_empty(),
                    // `tail -n +6`, `head -20`: a count, not a file.
                    "head" | "tail" => {
                        !has_short('c')
                            && !has("--bytes")
                            && positional.iter().all(|p| {
                                let w = word(p);
                                let n = w.trim_start_matches('+');
                                !n.is_empty() && n.chars().all(|c| c.is_ascii_digit())
                            })
                    }
                    // `grep -v .keep`: the lines that match, unchanged.
                    "grep" | "egrep" => {
                        positional.len() == 1
                            && !"ocLlnbHABCZz".chars().any(&has_short)
                            && !words.iter().any(|w| {
                                w.starts_with("--")
                                    && !matches!(
                                        w.as_str(),
                                        "--invert-match" | "--extended-regexp" | "--fixed-strings"
                                    )
                            })
                    }
                    _ => false,
                };
                if whole_lines {
                    out.text.clone_from(&s.text);
                    out.alts.clone_from(&s.alts);
                }
            }
            // The first operand of a pattern or program filter (`grep -qxF .env.local
            // .gitignore`, `jq -r .name package.json`, `awk '{print $1}' log`) is its pattern
            // or program, not a file it reads: unless an option gives the pattern or
            // program (`-e`, `-f`, `--regexp=`, `--file=`, `--from-file`), when every operand
            // may be a file. An option's value before it (`-A 3`, `--arg k v`) is skipped
            // instead, and the pattern read as before: never a file operand.
            let program_first = matches!(
                name.as_str(),
                "grep"
                    | "egrep"
                    | "fgrep"
                    | "rg"
                    | "awk"
                    | "gawk"
                    | "mawk"
                    | "nawk"
                    | "sed"
                    | "jq"
                    | "yq"
            ) && !words.iter().any(|w| {
                (w.starts_with('-') && !w.starts_with("--") && (w.contains('e') || w.contains('f')))
                    || ["--regexp", "--file", "--expression", "--from-file"]
                        .iter()
                        .any(|o| w.starts_with(o))
            });
            if program_first
                && matches!(name.as_str(), "awk" | "gawk" | "mawk" | "nawk")
                && let Some(program) = positional.first()
            {
                // `system(cmd)`, `print | cmd`, `cmd | getline`: the program runs commands,
                // each the shell code its text is.
                for run in crate::shell::awk::commands_run(&program.text_or_unknown()) {
                    let code = Val::lit(run.command.as_str()).with_taint(&program.taint);
                    sink.exec_code(line, Language::Shell, &code, "a command awk runs");
                    let head = run.command.split_whitespace().next().unwrap_or("");
                    if run.fed && is_shell(head.rsplit('/').next().unwrap_or(head)) {
                        // `print ... | "sh"`: the shell runs the lines the program prints,
                        // built from its input.
                        let mut printed = Val::unknown().with_taint(&program.taint);
                        if let Some(s) = stdin {
                            printed.taint.join(&s.taint);
                        }
                        sink.exec_code(
                            line,
                            Language::Shell,
                            &printed,
                            "lines awk prints into a shell",
                        );
                    }
                }
            }
            let own_keys = own_key_files(sink, &name, args);
            for p in positional.iter().skip(usize::from(program_first)) {
                if own_keys.iter().any(|k| std::ptr::eq(*k, *p)) {
                    continue;
                }
                let t = sink.read_val(line, p);
                out.taint.join(&t);
            }
            // `grep -E '^LOCAL_DOMAIN=' .env`: the lines it prints are that one setting's, so
            // what they hold is what reading the variable gives (a credential's secret, nothing
            // private for a plain setting), not every secret of the file.
            if program_first
                && matches!(name.as_str(), "grep" | "egrep")
                && !"vABCfeiwx".chars().any(&has_short)
                && !words.iter().any(|w| w.starts_with("--"))
                && let Some(key) = positional
                    .first()
                    .and_then(|p| p.known())
                    .and_then(setting_line_pattern)
            {
                // (A settings file of another tree, `~/live/.env.production`, too: what
                // its line of a plain setting holds is that setting.)
                let store = std::mem::take(&mut out.taint.store);
                out.taint.narrow_to_dotenv_key(key);
                out.taint.store = store && out.taint.secret.is_some();
            }
            if name == "openssl" && openssl_prints_public(&words) {
                // A certificate, a signing request, a verify result or a public key: the
                // private key given to sign with (`-key`, `-CAkey`) is used, never printed.
                out.taint.secret = None;
                out.taint.mixed = false;
            }
            if name == "sed" && sed_prints_url_host(&words[1..]) {
                out.taint
                    .cut_url(crate::engine::URL_USERINFO_CUT | crate::engine::URL_PATH_CUT);
            }
            let decoding = (matches!(name.as_str(), "base64" | "base32")
                && (has("-d") || has("--decode") || has("-D")))
                || (name == "xxd" && has_short('r'))
                || (name == "openssl" && (has("-d") || has("enc") && has("-d")))
                || (name == "rev");
            if decoding {
                out.taint.decoded = true;
                // `printf %s 6578...| xxd -r -p`, `echo aHR0... | base64 -d` of a text the
                // script spells: the text it decodes to (a host hidden so is still that host),
                // kept decoded (run as code, it is still obfuscated).
                let hex = name == "xxd" && has_short('p');
                let b64 = name == "base64";
                if (hex || b64)
                    && positional.is_empty()
                    && let Some(text) = stdin.and_then(Val::known)
                    && let Some(plain) = if hex {
                        terraphim_shell_vocab::decode::hex(text)
                    } else {
                        terraphim_shell_vocab::decode::base64(text)
                    }
                    .and_then(printable)
                {
                    out.text = Some(plain);
                }
            }
            if filter_derives(
                &name,
                &words,
                program_first.then(|| positional.first().copied()).flatten(),
            ) {
                // A count, a column, the fields a program picks: derived from the files
                // read, not the files.
                out.taint.derived();
            }
            // `grep -q '^machine' ~/.netrc`: the exit status says whether a line matched, and
            // nothing is printed (the read stays one to look at).
            if matches!(name.as_str(), "grep" | "egrep" | "rg")
                && (has_short('q') || has("--quiet") || has("--silent"))
            {
                return Val::unknown();
            }
            // `openssl enc -d ... -out FILE`, `gpg -o FILE`: the result goes to the file, and
            // nothing of it (a key given with `-K`, `-pass`) is printed.
            let out_file = words
                .windows(2)
                .find_map(|w| match (name.as_str(), w[0].as_str()) {
                    ("openssl", "-out") | ("gpg" | "gpg2", "-o" | "--output") => Some(w[1].clone()),
                    _ => None,
                });
            if let Some(file) = out_file.filter(|f| f != "-") {
                sink.write(line, &Val::lit(file), &out, false);
                return Val::unknown();
            }
            if name == "sed"
                && (has_short('i') || words.iter().any(|w| w.starts_with("--in-place")))
            {
                // The script is the first operand, or every `-e SCRIPT` / `--expression=`
                // (`-f FILE` reads it from a file): then every operand is a file edited, and
                // the options' values are none of them (`sed -i bak -e '/x/d' f.py` edits
                // `bak` by GNU's reading and `f.py`, never a file named `/x/d`).
                let mut given = Vec::new();
                let mut script_given = false;
                let mut files: Vec<&Val> = Vec::new();
                let mut i = 0;
                while i < args.len() {
                    let w = word(&args[i]);
                    match w.as_str() {
                        "-e" | "--expression" => {
                            given.extend(args.get(i + 1).cloned());
                            script_given = true;
                            i += 1;
                        }
                        // A script file: a value, not a file edited.
                        "-f" | "--file" => {
                            script_given = true;
                            i += 1;
                        }
                        // A line length.
                        "-l" => i += 1,
                        _ if w.starts_with("--file=") => script_given = true,
                        _ => match w.strip_prefix("--expression=") {
                            Some(e) => {
                                given.push(Val::lit(e).with_taint(&args[i].taint));
                                script_given = true;
                            }
                            None if !w.starts_with('-') => files.push(&args[i]),
                            None => {}
                        },
                    }
                    i += 1;
                }
                let (expr, files) = if script_given {
                    (Val::any_of(&given), files)
                } else {
                    let expr = positional.first().map(|v| (*v).clone()).unwrap_or_default();
                    (expr, positional.iter().skip(1).copied().collect())
                };
                for file in files.iter() {
                    // Files of the project or a temp dir are judged by what is written into
                    // them (`sink.write` below: planted code, trust anchors); elsewhere, files
                    // nobody named are edited blind.
                    if word(file).contains(UNKNOWN)
                        && !matches!(
                            sink.resolve(&word(file)).place,
                            crate::places::Place::Tmp
                                | crate::places::Place::WorkTree
                                | crate::places::Place::WorkTreeRoot
                        )
                    {
                        let shown = word(file).replace(UNKNOWN, "…");
                        sink.add_rule(
                            line,
                            Category::SourcePoisoning,
                            Verdict::Suspicious,
                            "source-rewrite",
                            vec![format!("write: files chosen at run time ({shown}, sed -i)")],
                            "edits in place files chosen at run time",
                        );
                    }
                    sink.write(line, file, &expr, false);
                }
            }
            out
        }
        // `printf -v "$key" '%s' "$val"`: the text goes into a variable named at run time
        // (known names are followed by the walker), printed nowhere.
        "printf" if args.first().is_some_and(|a| word(a) == "-v") => Val::lit(""),
        "printf" if !args.is_empty() => printf(args),
        "echo" | "printf" => {
            let mut out = Val::lit("");
            for (i, a) in args
                .iter()
                .filter(|a| !matches!(word(a).as_str(), "-n" | "-e" | "-E"))
                .enumerate()
            {
                if i > 0 {
                    out = out.concat(&Val::lit(" "));
                }
                out = out.concat(a);
            }
            out
        }
        "tee" => {
            let data = stdin.cloned().unwrap_or_default();
            for p in &positional {
                sink.write(line, p, &data, has_short('a') || has("--append"));
            }
            data
        }
        "cp" | "mv" | "install" | "ln" | "rsync" | "scp" => {
            let Some((dst, srcs)) = positional.split_last() else {
                return Val::unknown();
            };
            let mut content = Val::unknown();
            for s in srcs {
                // Every file the source may name (a loop variable over several paths).
                let t = sink.read_val(line, s);
                if let Some(what) = &t.secret
                    && !matches!(name.as_str(), "rsync" | "scp")
                {
                    sink.copy_secret(line, what, &word(s), dst);
                }
                content.taint.join(&t);
                if sink.is_remote_file(&word(s)) {
                    content.taint.remote = true;
                }
            }
            let dst_text = word(dst);
            if matches!(name.as_str(), "rsync" | "scp") && is_remote_spec(&dst_text) {
                let host = remote_host(&dst_text);
                sink.network(line, Some(&host), &content, true);
            } else if name != "ln" || has_short('s') {
                // Every source a file of the working tree, the project's own text moved within
                // it (`cp embed.go.tmpl embed.go`), or of a checkout beside it the script names
                // from the project (`cp ../ggml/scripts/x.sh scripts/`, vendoring): not a file
                // anyone could drop in a temp dir or the home for the script to pick up.
                let in_project = !srcs.is_empty()
                    && content.taint == Taint::default()
                    && srcs.iter().all(|s| {
                        let w = word(s);
                        !w.contains(UNKNOWN)
                            && (matches!(sink.resolve(&w).place, crate::places::Place::WorkTree)
                                || w.starts_with("../") && !w.contains("/../"))
                    });
                sink.copying_project_file = in_project;
                sink.write(line, dst, &content, false);
                sink.copying_project_file = false;
            }
            Val::unknown()
        }
        "mkdir" => {
            for p in &positional {
                sink.make_dir(p);
            }
            Val::unknown()
        }
        // `ls -d backups/*/`: the paths its operands name, one a line (a glob's entries
        // shaped like it). Without `-d`, names inside directories; with `-l` and the like,
        // columns before them: nothing known.
        "ls" if has_short('d') && !"lgonsi".chars().any(&has_short) && !positional.is_empty() => {
            let items: Vec<Val> = positional
                .iter()
                .map(|p| Val::lit(word(p).replace(['*', '?'], &UNKNOWN.to_string())))
                .collect();
            Val::any_of(&items)
        }
        "rm" | "rmdir" | "unlink" | "shred" | "srm" => {
            let recursive =
                has_short('r') || has_short('R') || has("--recursive") || name == "rmdir";
            for p in &positional {
                sink.delete(line, p, recursive);
            }
            Val::unknown()
        }
        "find" => {
            if (has("-delete")
                || words
                    .windows(2)
                    .any(|w| w[0] == "-exec" && base(&w[1]) == "rm"))
                && let Some(root) = positional.first()
            {
                let filtered = words.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "-name" | "-iname" | "-path" | "-type" | "-mtime" | "-newer" | "-regex"
                    )
                });
                // A name the matches must have (`-name '*.orig'`, not `! -name src`): what is
                // deleted is shaped like it, somewhere under the root; without one, any entry.
                let wanted = words.windows(2).enumerate().find_map(|(i, w)| {
                    let negated = i > 0 && matches!(words[i - 1].as_str(), "!" | "-not");
                    (matches!(w[0].as_str(), "-name" | "-iname") && !negated)
                        .then_some(w[1].as_str())
                });
                let root_text = word(root);
                let root_text = root_text.trim_end_matches('/');
                let target = match wanted {
                    Some(pattern) => Val::lit(format!(
                        "{root_text}/{UNKNOWN}/{}",
                        match_shape(Some(pattern))
                    )),
                    None if filtered => Val::lit(format!("{root_text}/{UNKNOWN}")),
                    None => (*root).clone(),
                };
                sink.delete(line, &target, true);
                return Val::unknown();
            }
            // What it prints: paths under its root, shaped like its -name pattern
            // (`find DIR -name '*.py' | xargs ...`).
            let name_pattern = words
                .windows(2)
                .find(|w| w[0] == "-name" || w[0] == "-iname")
                .map(|w| w[1].as_str());
            // A name given by a loop over literal words (`-name "$name"` for each generated
            // directory's name): each of them.
            let name_alts: Vec<String> = match words.iter().position(|w| w == "-name") {
                Some(i) => args
                    .get(i + 1)
                    .filter(|v| v.known().is_none() && !v.alts.is_empty())
                    .map(|v| v.alts.clone())
                    .filter(|a| a.iter().all(|x| !x.contains([UNKNOWN, '/'])))
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            match positional.first() {
                Some(root) if !name_alts.is_empty() => {
                    let root = word(root);
                    let items: Vec<Val> = name_alts
                        .iter()
                        .map(|n| {
                            Val::lit(format!(
                                "{}/{UNKNOWN}/{}",
                                root.trim_end_matches('/'),
                                match_shape(Some(n))
                            ))
                        })
                        .collect();
                    Val::any_of(&items)
                }
                Some(root) if !word(root).starts_with(UNKNOWN) => Val::lit(format!(
                    "{}/{UNKNOWN}/{}",
                    word(root).trim_end_matches('/'),
                    match_shape(name_pattern)
                )),
                // A root known only at run time: paths ending in a name the pattern spells
                // whole (`find "$pkg" -name node_modules`), else nothing known.
                Some(_)
                    if name_pattern.is_some_and(|p| !p.contains(['*', '?', '[', '/', UNKNOWN])) =>
                {
                    Val::lit(format!("{UNKNOWN}/{UNKNOWN}/{}", match_shape(name_pattern)))
                }
                _ => Val::unknown(),
            }
        }
        "dd" => {
            for w in &words {
                if let Some(dev) = w.strip_prefix("of=") {
                    if dev.starts_with("/dev/")
                        && !matches!(dev, "/dev/null" | "/dev/stdout" | "/dev/stderr")
                    {
                        sink.add(
                            line,
                            Category::Destructive,
                            Verdict::Dangerous,
                            format!("overwrites the device {dev}"),
                        );
                    } else {
                        sink.write(line, &Val::lit(dev), &Val::unknown(), false);
                    }
                }
                if let Some(src) = w.strip_prefix("if=") {
                    sink.read_path(line, src);
                }
            }
            Val::unknown()
        }
        // A file system made in an image file of the project or a temp directory overwrites
        // that file only (the guard's `file system image in the project`).
        n if (n.starts_with("mkfs") || matches!(n, "mke2fs" | "mkswap"))
            && local_image(sink, &words) =>
        {
            Val::unknown()
        }
        n if n.starts_with("mkfs")
            || matches!(
                n,
                "mke2fs" | "mkswap" | "wipefs" | "fdisk" | "sfdisk" | "parted" | "blkdiscard"
            ) =>
        {
            sink.add(
                line,
                Category::Destructive,
                Verdict::Dangerous,
                format!("formats or repartitions a disk ({n})"),
            );
            Val::unknown()
        }
        "chown" | "chgrp" => {
            // `chown -R "$me" /usr/local/bin`: each path after the owner changes hands (with
            // `--reference=FILE` every operand is a path).
            let owner = usize::from(!words.iter().any(|w| w.starts_with("--reference=")));
            for p in positional.iter().skip(owner) {
                sink.chown(line, p);
            }
            Val::unknown()
        }
        "chmod" => {
            if words.iter().any(|w| is_setuid_mode(w)) {
                sink.add(
                    line,
                    Category::Escape,
                    Verdict::Dangerous,
                    "sets the setuid or setgid bit (privilege escalation)",
                );
            }
            let mut ops = words
                .iter()
                .filter(|w| !w.starts_with('-') || w.contains('w') || w.contains('x'));
            let mode = ops.next().cloned().unwrap_or_default();
            let (world_writable, executable) = mode_bits(&mode);
            for p in positional.iter().skip(1) {
                chmod_effects(sink, line, &word(p), world_writable, executable);
            }
            Val::unknown()
        }
        "nslookup" | "dig" | "host" | "drill" | "ping" | "ping6" | "resolvectl" => {
            // The name looked up leaves the machine, whatever the answer.
            for p in &positional {
                sink.dns(line, p);
            }
            Val::unknown()
        }
        "mktemp" => {
            // A fresh path in the temp dir (or the one -p/--tmpdir names).
            let dir = words
                .iter()
                .position(|w| w == "-p" || w == "--tmpdir")
                .and_then(|i| words.get(i + 1))
                .cloned()
                .or_else(|| {
                    words
                        .iter()
                        .find_map(|w| w.strip_prefix("--tmpdir=").map(str::to_owned))
                })
                .unwrap_or_else(|| "/tmp".to_owned());
            let made = mktemp_path(&dir, &positional);
            sink.make_temp(&made);
            made
        }
        "docker" | "podman" | "nerdctl" => {
            registry_login(sink, line, args, stdin);
            container(sink, line, &words);
            Val::unknown()
        }
        "pwsh" | "powershell" | "powershell.exe" | "pwsh.exe" => {
            powershell(sink, line, &words);
            Val::unknown()
        }
        "cmd" | "cmd.exe" | "mshta" | "rundll32" | "regsvr32" | "wscript" | "cscript" => {
            sink.add_rule(
                line,
                Category::RemoteCode,
                Verdict::Suspicious,
                "windows-script-host",
                vec![format!("exec: {name}")],
                format!("runs {name}, a Windows script host"),
            );
            Val::unknown()
        }
        "nsenter" if words.iter().any(|w| w == "1" || w == "--target=1") => {
            sink.add_rule(
                line,
                Category::Escape,
                Verdict::Dangerous,
                "container-escape",
                vec!["exec: nsenter into PID 1".into()],
                "enters the namespaces of PID 1 (the host)",
            );
            Val::unknown()
        }
        "twine" | "gem" | "cargo" | "poetry" | "flit" | "hatch"
            if words
                .iter()
                .any(|w| matches!(w.as_str(), "upload" | "publish" | "push")) =>
        {
            publish(sink, line, &name, &words);
            Val::unknown()
        }
        // Elixir's package manager publishing to hex.pm.
        "mix" if words.first().is_some_and(|w| w == "hex.publish") => {
            publish(sink, line, &name, &words);
            Val::unknown()
        }
        "tar" | "unzip" | "bsdtar" | "7z"
            if stdin.is_some_and(|s| s.taint.remote)
                || positional.iter().any(|p| sink.is_remote_file(&word(p))) =>
        {
            // Where it unpacks (unzip's `-d DIR`, tar's `-C DIR`, 7z's `-oDIR`): a program
            // run from elsewhere is not what the archive held.
            let after = |flags: &[&str]| {
                words
                    .windows(2)
                    .find(|w| flags.contains(&w[0].as_str()))
                    .map(|w| w[1].clone())
            };
            let dest = match name.as_str() {
                "unzip" => after(&["-d"]),
                "7z" => words
                    .iter()
                    .find_map(|w| w.strip_prefix("-o").filter(|d| !d.is_empty()))
                    .map(str::to_owned),
                _ => after(&["-C", "--directory"]).or_else(|| {
                    words
                        .iter()
                        .find_map(|w| w.strip_prefix("--directory=").map(str::to_owned))
                }),
            };
            let what = dest.map_or_else(|| name.clone(), |d| sink.resolve(&d).text);
            sink.cap(line, crate::caps::Cap::DownloadExtract, what);
            Val::unknown()
        }
        n if REQUEST_CLIENTS.contains(&n) => curl(sink, line, &name, args, stdin),
        "nc" | "ncat" | "netcat" | "socat" | "telnet" => {
            let shell_exec = words.iter().any(|w| {
                w == "-e"
                    || w == "-c"
                    || w.starts_with("exec:")
                    || w.starts_with("EXEC:")
                    || w.starts_with("system:")
            });
            if shell_exec {
                sink.add(
                    line,
                    Category::Escape,
                    Verdict::Dangerous,
                    "connects a shell to a network socket (reverse or bind shell)",
                );
            }
            // `socat -u - TCP:HOST:PORT,retry=3`: the host of its network address.
            let host = (name == "socat")
                .then(|| words.iter().skip(1).find_map(|w| socat_host(w)))
                .flatten()
                .or_else(|| {
                    positional
                        .iter()
                        .map(|v| word(v))
                        .find(|w| !w.chars().all(|c| c.is_ascii_digit()) && !w.starts_with('/'))
                });
            let mut payload = stdin.cloned().unwrap_or_default();
            payload.taint.join(&args_taint);
            let listening = has_short('l');
            if !listening {
                sink.network(line, host.as_deref(), &payload, stdin.is_some());
            } else if !shell_exec {
                sink.add(
                    line,
                    Category::Network,
                    Verdict::Suspicious,
                    "listens for network connections",
                );
            }
            Val::unknown().with_taint(&Taint {
                remote: true,
                ..Taint::default()
            })
        }
        "ssh" => {
            // The destination follows the options, their values skipped (`-o
            // StrictHostKeyChecking=no`, `-i KEY`, `-p PORT`): the options' values name no host.
            let host = args
                .get(wrapper_words("ssh", &words))
                .map(|v| remote_host(&word(v)));
            let payload = stdin.cloned().unwrap_or_default();
            sink.network(line, host.as_deref(), &payload, stdin.is_some());
            Val::unknown()
        }
        "git" => {
            git(sink, line, &words);
            if words.iter().any(|w| w == "rev-parse")
                && words.iter().any(|w| w == "--show-toplevel")
            {
                // The top of the working tree the script runs in.
                return Val::lit(sink.ctx.cwd.to_string_lossy());
            }
            if words.iter().any(|w| w == "rev-parse") {
                // The repository's own git directory (`--git-dir`), or a path in it
                // (`--git-path hooks`): where its hooks and config live.
                let cwd = sink.ctx.cwd.to_string_lossy();
                let git_dir = format!("{}/.git", cwd.trim_end_matches('/'));
                if let Some(at) = words.iter().position(|w| w == "--git-path")
                    && let Some(rest) = words.get(at + 1)
                {
                    return Val::lit(format!("{git_dir}/{rest}"));
                }
                if words.iter().any(|w| {
                    matches!(
                        w.as_str(),
                        "--git-dir" | "--absolute-git-dir" | "--git-common-dir"
                    )
                }) {
                    return Val::lit(git_dir);
                }
            }
            if words.iter().any(|w| w == "ls-files") {
                // Paths in the working tree, shaped like the pattern asked for (`'*.py'`).
                let pattern = words
                    .iter()
                    .skip(1)
                    .rfind(|w| !w.starts_with('-') && *w != "ls-files");
                return Val::lit(format!(
                    "./{UNKNOWN}/{}",
                    match_shape(pattern.map(String::as_str))
                ));
            }
            Val::unknown()
        }
        "pip" | "pip3" | "uv" | "pipx" | "npm" | "pnpm" | "yarn" | "bun" | "pip-compile"
        | "pip-sync" => {
            package_tool(sink, line, &name, &words);
            Val::unknown()
        }
        "crontab" => {
            if !has("-l") {
                if has("-r") {
                    sink.add(
                        line,
                        Category::Destructive,
                        Verdict::Suspicious,
                        "removes the user's crontab",
                    );
                } else {
                    sink.add(
                        line,
                        Category::Persistence,
                        Verdict::Dangerous,
                        "installs a crontab, which outlives the session",
                    );
                }
            }
            Val::unknown()
        }
        "systemctl" | "launchctl" | "update-rc.d" | "chkconfig" => {
            if words.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "enable" | "load" | "bootstrap" | "link" | "defaults" | "on"
                )
            }) {
                sink.add(
                    line,
                    Category::Persistence,
                    Verdict::Dangerous,
                    format!("registers a service that outlives the session ({name})"),
                );
            }
            Val::unknown()
        }
        "eval" => {
            let mut code = Val::lit("");
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    code = code.concat(&Val::lit(" "));
                }
                code = code.concat(a);
            }
            sink.exec_code(line, Language::Shell, &code, "eval");
            Val::unknown()
        }
        "source" | "." => {
            if let Some(code) = stdin
                && positional.first().is_some_and(|p| is_stdin_path(&word(p)))
            {
                // `source /dev/stdin <<< "$code"`, `fetch | . /dev/fd/0`: the shell runs what
                // comes in on stdin, as `bash -s` would.
                sink.exec_code(
                    line,
                    Language::Shell,
                    code,
                    &format!("`{name}` of its stdin"),
                );
                return Val::unknown();
            }
            if let Some(p) = positional.first()
                && (p.taint.downloaded() || p.taint.decoded)
            {
                // `source <(curl ...)`: runs what the substitution prints.
                sink.exec_code(line, Language::Shell, p, &format!("`{name}`"));
            }
            if let Some(p) = positional.first() {
                sink.sourcing = true;
                let t = sink.read_path(line, &word(p));
                sink.sourcing = false;
                sink.runs_file(line, &word(p));
                let _ = t;
            }
            Val::unknown()
        }
        "env" | "printenv" | "export" | "set" | "declare"
            if args.is_empty() || (name == "export" && has("-p")) =>
        {
            Val::unknown().with_taint(&Taint {
                env: true,
                ..Taint::default()
            })
        }
        "uname" if uname_platform_only(&words) => {
            // `uname -s` / `-m` / `-r`: which system and machine type (a platform check for
            // picking a download), not who or where this machine is.
            Val::unknown()
        }
        "hostname" | "whoami" | "id" | "uname" | "ifconfig" | "ip" | "logname" | "groups" => {
            crate::caps::identity(sink, line, &name);
            Val::unknown().with_taint(&Taint {
                host: true,
                ..Taint::default()
            })
        }
        "xclip" | "xsel"
            if !words
                .iter()
                .any(|w| matches!(w.as_str(), "-o" | "-out" | "--output" | "-output"))
                && !(name == "xsel" && (has_short('o') || has("--output"))) =>
        {
            // Without -o they set the clipboard from stdin.
            sink.cap(line, crate::caps::Cap::ClipboardWrite, name.clone());
            Val::unknown()
        }
        // `security find-identity -v -p codesigning`: the names of the signing identities and
        // the hashes of their certificates, public; no password or key is printed.
        "security"
            if terraphim_shell_vocab::secrets::credential_store_public(
                &[std::slice::from_ref(&name), words.as_slice()].concat(),
            ) =>
        {
            Val::unknown()
        }
        "xclip" | "xsel" | "pbpaste" | "wl-paste" | "security" | "secret-tool" | "keyctl"
        | "pass" => {
            if matches!(name.as_str(), "xclip" | "xsel" | "pbpaste" | "wl-paste") {
                sink.cap(line, crate::caps::Cap::ClipboardRead, name.clone());
            }
            let what = match name.as_str() {
                "security" => "the macOS keychain",
                "secret-tool" | "keyctl" | "pass" => "the system keyring",
                _ => "the clipboard",
            };
            sink.add(
                line,
                Category::SecretRead,
                Verdict::Suspicious,
                format!("reads {what}"),
            );
            Val::unknown().with_taint(&Taint {
                secret: Some(what.into()),
                store: what != "the clipboard",
                ..Taint::default()
            })
        }
        // Builtins that print nothing and read no file: `: "${KUBECONFIG:=$HOME/.kube/config}"`
        // only gives a variable its default; `[ -f ~/.netrc ]` asks whether a file is there.
        ":" | "true" | "false" | "test" | "[" => Val::unknown(),
        "gdb" | "strace" | "ltrace" => {
            if has("-p") || has("--pid") || has("attach") {
                sink.add(
                    line,
                    Category::Escape,
                    Verdict::Dangerous,
                    "attaches to another process",
                );
            }
            Val::unknown()
        }
        _ => {
            if let Some(effect) = crate::caps::lookup(crate::caps::PROGRAM_ROWS, &name) {
                crate::caps::apply(sink, line, &name, effect);
            }
            if prog_text.starts_with("./") || prog_text.starts_with("../") {
                sink.cap(line, crate::caps::Cap::RunRelative, prog_text.clone());
            }
            // Any other program: reading a credential file through it still counts, but not
            // the file an option hands it as its own credentials (`kubectl --kubeconfig F`,
            // `ssh -i KEY`): the program logs in with it, as a client given its token does.
            let mut out = Val::unknown();
            let own_credentials: Vec<&Val> = args
                .windows(2)
                .filter(|w| CREDENTIAL_OPTIONS.contains(&word(&w[0]).as_str()))
                .map(|w| &w[1])
                .chain(own_key_files(sink, &name, args))
                .collect();
            for p in &positional {
                if own_credentials.iter().any(|c| std::ptr::eq(*c, *p)) {
                    continue;
                }
                // Every path the operand may name (a function printing several, a loop
                // variable over a list): each is read.
                for w in p.path_alternatives() {
                    if w.contains('/') || w.starts_with('.') {
                        let t = sink.read_path(line, &w);
                        out.taint.join(&t);
                    }
                }
            }
            if let Some(s) = stdin
                && is_shell(&name)
            {
                sink.exec_code(line, Language::Shell, s, "a pipe into a shell");
            }
            out
        }
    };
    // After its own reads: the archive it writes holds what went in.
    if matches!(name.as_str(), "tar" | "bsdtar") {
        tar_create(sink, &words);
    }
    let mut out = out;
    // A secrets manager asked only for where and as whom (`op item get DB --fields
    // label=username`, `op read op://dev/db/username`) prints no credential.
    if let Some(row) = crate::caps::printed_credential(&name, &words)
        .filter(|_| !terraphim_shell_vocab::secrets::prints_plain_fields(&name, &words))
    {
        // `gh auth token`, `git credential fill`: what it prints is the credential. One of a
        // service with a token variable is that variable's value (read alone, no finding);
        // any other is a secret read.
        let (_, _, what, var) = row;
        // A project's secrets manager read to do the script's work is no finding alone:
        // where its value goes is judged.
        let user_store = terraphim_shell_vocab::secrets::reads_user_credentials(row);
        if var.is_none() && user_store {
            sink.add(
                line,
                Category::SecretRead,
                Verdict::Suspicious,
                format!("reads {what} ({name})"),
            );
        }
        // What it writes on its error stream (`res.stderr` of `spawnSync`, a failed
        // lookup's message) is not the credential it prints: it holds what the command was
        // given, as any program's message may.
        let stderr = Val::unknown().with_taint(&out.taint);
        out.taint.secret = Some(crate::caps::printed_secret(row));
        // A secret the store keeps under a connection URL's name (`doppler secrets get
        // DATABASE_URL --plain`) is that URL: its credentials are its user info, so the host
        // cut out of it is no secret, as for the variable of that name.
        if argv[1..].iter().any(|a| {
            // Each value a loop over names gives it (`for var in DATABASE_URL REDIS_URL`).
            let names: Vec<&String> = match a.alts.is_empty() {
                true => a.text.iter().collect(),
                false => a.alts.iter().collect(),
            };
            !names.is_empty()
                && names
                    .iter()
                    .all(|t| ["_URL", "_URI", "_DSN"].iter().any(|s| t.ends_with(s)))
        }) {
            out.taint.url_secret = crate::engine::URL_SECRET;
        }
        out.fields.retain(|(n, _)| n != "stderr");
        out.fields.push(("stderr".to_owned(), stderr));
        // A credential helper's answer comes from the user's store, unlike a service's
        // token, which is the token variable's value.
        out.taint.store |= var.is_none() && user_store;
    }
    out
}

/// The path `mktemp` prints: its template (`X`s stand for random letters and digits, never a
/// `/` or `..`) in `dir` when the template names no directory, `tmp.XXXXXXXXXX` without one.
/// A template the script builds at run time gives `dir/<unknown>`. The path is a literal, so the
/// command guard sees the temp path where the script uses the value (`pg_ctl -D "$T/data" stop`).
fn mktemp_path(dir: &str, positional: &[&Val]) -> Val {
    let dir = dir.trim_end_matches('/');
    let template = positional
        .iter()
        .rev()
        .find(|v| v.text.as_deref().is_some_and(|t| t.ends_with("XXX")));
    match template.map(|v| v.known()) {
        None => Val::lit(format!("{dir}/tmp.XXXXXXXXXX")),
        Some(Some(t)) if !t.split('/').any(|c| c == "..") => match t.contains('/') {
            true => Val::lit(t),
            false => Val::lit(format!("{dir}/{t}")),
        },
        Some(_) => Val::lit(format!("{dir}/{UNKNOWN}")),
    }
}

/// Whether a path names the shell's own standard input (`/dev/stdin`, `/dev/fd/0`).
pub(crate) fn is_stdin_path(w: &str) -> bool {
    matches!(w, "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0")
}

fn is_setuid_mode(w: &str) -> bool {
    if w.starts_with('+') || w.starts_with('u') || w.starts_with('g') || w.starts_with('a') {
        return w.contains("+s");
    }
    w.len() == 4
        && w.chars().all(|c| c.is_ascii_digit())
        && matches!(w.as_bytes()[0], b'2' | b'4' | b'6')
}

fn is_remote_spec(w: &str) -> bool {
    match w.split_once(':') {
        Some((host, _)) => {
            !host.is_empty() && !host.contains('/') && !host.contains(UNKNOWN)
                || w.starts_with("rsync://")
        }
        None => false,
    }
}

fn remote_host(w: &str) -> String {
    let w = w.trim_start_matches("rsync://");
    let host = w.split(':').next().unwrap_or(w);
    host.rsplit('@').next().unwrap_or(host).to_owned()
}

/// For `python -m http.server` with these words (after the module): whether it listens on
/// loopback only (`--bind`/`-b` names `127.0.0.1`, `::1` or `localhost`; not `0.0.0.0` or
/// `::`, which are every interface, the default), and the place of the directory it serves
/// (`--directory`/`-d`, or the directory the script is in). The project or a temp dir served on
/// loopback is nothing to judge; the home, or a place the review cannot follow, served even on
/// loopback is any local program's to read.
fn served(sink: &mut Sink<'_>, words: &[Val]) -> (bool, Place) {
    let words: Vec<String> = words.iter().map(word).collect();
    let value = |long: &str, short: &str| -> Option<String> {
        words.iter().enumerate().find_map(|(i, w)| {
            if w == long || w == short {
                words.get(i + 1).cloned()
            } else {
                w.strip_prefix(long)
                    .and_then(|r| r.strip_prefix('='))
                    .map(str::to_owned)
            }
        })
    };
    let loopback = value("--bind", "-b").is_some_and(|b| {
        let host = b.trim_start_matches('[').trim_end_matches(']');
        !host.contains(UNKNOWN)
            && terraphim_shell_vocab::hosts::is_loopback_host(host)
            && !host
                .parse::<std::net::Ipv4Addr>()
                .is_ok_and(|ip| ip.is_unspecified())
    });
    let dir = value("--directory", "-d").unwrap_or_else(|| ".".to_owned());
    (loopback, sink.resolve(&dir).place)
}

fn run_interpreter(
    sink: &mut Sink<'_>,
    line: u32,
    lang: Language,
    name: &str,
    args: &[Val],
    stdin: Option<&Val>,
) -> Val {
    let mut i = 0;
    // `bash -s -- args`: the program is read from stdin, every word after is an argument.
    let mut from_stdin = false;
    while let Some(a) = args.get(i) {
        let w = word(a);
        if lang == Language::Shell && w.starts_with('-') && !w.starts_with("--") && w.contains('s')
        {
            from_stdin = true;
            break;
        }
        let code_flag = match lang {
            Language::Python => w == "-c",
            Language::Shell => {
                w == "-c"
                    || (w.starts_with('-')
                        && !w.starts_with("--")
                        && w.ends_with('c')
                        && w.len() <= 4)
            }
            Language::JavaScript | Language::TypeScript => {
                matches!(w.as_str(), "-e" | "--eval" | "-p" | "--print" | "eval")
            }
        };
        if code_flag {
            if let Some(code) = args.get(i + 1) {
                sink.exec_code(line, lang, code, &format!("{name} {w}"));
            }
            return Val::unknown();
        }
        if lang == Language::Python && w == "-m" {
            let module = args.get(i + 1).map(word).unwrap_or_default();
            if module == "pip" {
                let words: Vec<String> = args[i + 1..].iter().map(word).collect();
                package_tool(sink, line, "pip", &words[1..]);
            } else if !module.contains('.') && !module.is_empty() {
                // `python -m twine upload`: the module's entry point, like the program.
                return run_argv(sink, line, &args[i + 1..], stdin);
            } else if module == "http.server" {
                let (loopback, place) = served(sink, &args[i + 2..]);
                if loopback && matches!(place, Place::WorkTree | Place::WorkTreeRoot | Place::Tmp) {
                    // The project or a temp dir served on loopback only: nothing to judge.
                    return Val::unknown();
                }
                if !loopback
                    && matches!(
                        place,
                        Place::HomeRoot | Place::Home | Place::System | Place::Outside
                    )
                {
                    // The home's files (keys, tokens) to anyone who can reach the machine.
                    sink.add_rule(
                        line,
                        Category::Exfiltration,
                        Verdict::Dangerous,
                        "serves-outside-files",
                        vec![
                            "file server: a directory outside the project".to_owned(),
                            "network listen: all interfaces".to_owned(),
                        ],
                        "serves a directory outside the project to anyone who can reach the machine",
                    );
                }
                sink.add(
                    line,
                    Category::Network,
                    Verdict::Suspicious,
                    "serves files over HTTP",
                );
            }
            return Val::unknown();
        }
        let runner_word = matches!(name, "deno" | "bun") && matches!(w.as_str(), "run" | "x");
        if w == "-" || !(w.starts_with('-') || runner_word) {
            break;
        }
        i += 1;
    }
    // `bash /dev/stdin <<< "$code"`: the program named is stdin.
    let script = args
        .get(i)
        .filter(|s| !(from_stdin || (stdin.is_some() && is_stdin_path(&word(s)))));
    match script {
        Some(s) if word(s) != "-" => {
            if s.taint.downloaded() || s.taint.decoded {
                sink.exec_code(
                    line,
                    lang,
                    s,
                    &format!("{name} with a process substitution"),
                );
            } else {
                let w = word(s);
                sink.runs_file(line, &w);
                if w.starts_with("http://") || w.starts_with("https://") {
                    let mut v = Val::lit(w.clone());
                    v.taint.remote = true;
                    sink.network(line, Some(&w), &Val::unknown(), false);
                    sink.exec_code(line, lang, &v, name);
                }
            }
        }
        _ => {
            if let Some(code) = stdin {
                sink.exec_code(
                    line,
                    lang,
                    code,
                    &format!("{name} reading its program from stdin"),
                );
            }
        }
    }
    Val::unknown()
}

fn curl(sink: &mut Sink<'_>, line: u32, name: &str, args: &[Val], stdin: Option<&Val>) -> Val {
    // `wget --version`, `curl -V`, `xh --help`: the client prints what it is and stops; with
    // nothing else on the line it contacts no host.
    if !args.is_empty()
        && args
            .iter()
            .all(|a| matches!(word(a).as_str(), "--version" | "-V" | "--help" | "-h"))
    {
        return Val::unknown();
    }
    let mut url: Option<String> = None;
    let mut payload = Val::unknown();
    let mut credentials = Taint::default();
    let mut sends = false;
    let mut out_file: Option<Val> = None;
    let mut to_stdout = name == "curl" || name == "http" || name == "xh";
    let mut i = 0;
    let data_opts = [
        "-d",
        "--data",
        "--data-binary",
        "--data-raw",
        "--data-urlencode",
        "--data-ascii",
        "-F",
        "--form",
        "-T",
        "--upload-file",
        "--json",
        "--post-data",
        "--post-file",
        "--body-file",
        "--body-data",
    ];
    while let Some(a) = args.get(i) {
        let w = word(a);
        let (opt, inline) = match w.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o.to_owned(), Some(v.to_owned())),
            _ => split_short_cluster(name, &w),
        };
        let take = |i: &mut usize| -> Option<Val> {
            match &inline {
                Some(v) => Some(Val::lit(v.clone()).with_taint(&a.taint)),
                None => {
                    *i += 1;
                    args.get(*i).cloned()
                }
            }
        };
        if data_opts.contains(&opt.as_str()) && !(name == "wget" && opt == "-T") {
            sends = true;
            let Some(v) = take(&mut i) else { break };
            payload.taint.join(&v.taint);
            // A value with several texts (`-F "f=@$p"` of a loop over paths): each of them.
            let texts = match v.alts.is_empty() {
                false => v.alts.clone(),
                true => vec![word(&v)],
            };
            for t in texts {
                let file = if matches!(
                    opt.as_str(),
                    "-T" | "--upload-file" | "--post-file" | "--body-file"
                ) {
                    Some(t.clone())
                } else {
                    t.split_once('@')
                        .map(|(_, f)| f.split(';').next().unwrap_or(f).to_owned())
                };
                match file.as_deref() {
                    Some("-") | Some("/dev/stdin") => {
                        if let Some(s) = stdin {
                            payload.taint.join(&s.taint);
                        }
                    }
                    Some(f) => {
                        let taint = sink.read_path(line, f);
                        payload.taint.join(&taint);
                    }
                    None => {}
                }
            }
        } else if matches!(
            opt.as_str(),
            "-H" | "--header" | "-u" | "--user" | "-b" | "--cookie" | "-A" | "-e" | "--referer"
        ) {
            if let Some(v) = take(&mut i) {
                credentials.join(&v.taint);
            }
        } else if matches!(opt.as_str(), "-X" | "--request" | "--method") {
            if let Some(v) = take(&mut i) {
                sends |= matches!(
                    word(&v).to_ascii_uppercase().as_str(),
                    "POST" | "PUT" | "PATCH"
                );
            }
        } else if matches!(opt.as_str(), "-o" | "--output" | "-O" | "--output-document")
            && (name != "curl" || opt != "-O")
            && (name != "wget" || opt != "-o")
        {
            if let Some(v) = take(&mut i) {
                if word(&v) == "-" {
                    to_stdout = true;
                } else {
                    to_stdout = false;
                    out_file = Some(v);
                }
            }
        } else if name == "wget"
            && opt.starts_with('-')
            && !opt.starts_with("--")
            && opt.ends_with("O-")
        {
            // `wget -qO- URL`: the document goes to stdout.
            to_stdout = true;
        } else if opt == "-O"
            || opt == "--remote-name"
            || (name == "curl"
                && !opt.starts_with("--")
                && opt.starts_with('-')
                && opt.contains('O'))
        {
            to_stdout = false;
        } else if (opt.starts_with("-q") || opt.starts_with("-s"))
            && opt.ends_with('O')
            && name == "wget"
        {
            i += 1;
            if args.get(i).map(word).as_deref() == Some("-") {
                to_stdout = true;
            }
        } else if opt == "--url" {
            if let Some(v) = take(&mut i)
                && url.is_none()
            {
                url = Some(word(&v));
                payload.taint.join(&v.taint);
            }
        } else if !w.starts_with('-') && url.is_none() {
            // `"$endpoint"` empty on the way the walk took last, a URL on another: the request
            // goes to the URL (an empty one reaches nothing).
            url = match (w.trim().is_empty() || w.contains(UNKNOWN)) && !a.alts.is_empty() {
                true => a.url_text().or_else(|| Some(w.clone())),
                false => Some(w.clone()),
            };
            payload.taint.join(&a.taint);
        } else if inline.is_none() && takes_value(name, &opt) {
            // An option's value (a timeout, a CA file, a cookie jar) is not the URL.
            i += 1;
        }
        i += 1;
    }
    let url_known = url.as_deref().filter(|u| !u.starts_with(UNKNOWN));
    sink.http_network(line, url_known, &payload, &credentials, sends);
    let downloaded = Val::unknown().with_taint(&Taint {
        remote: true,
        ..Taint::default()
    });
    if let Some(file) = out_file {
        sink.write(line, &file, &downloaded, false);
        Val::unknown()
    } else if to_stdout {
        downloaded
    } else {
        if let Some(u) = url_known {
            let name = u
                .split(['?', '#'])
                .next()
                .unwrap_or(u)
                .rsplit('/')
                .next()
                .unwrap_or("");
            if !name.is_empty() {
                sink.write(line, &Val::lit(name), &downloaded, false);
            }
        }
        Val::unknown()
    }
}

/// Whether a `uname` asks only for the platform (kernel name, release, version, machine and
/// processor type, operating system): no node name (`-n`, `-a`, `--nodename`, `--all`).
fn uname_platform_only(words: &[String]) -> bool {
    words.iter().all(|w| match w.strip_prefix("--") {
        Some(long) => matches!(
            long,
            "kernel-name"
                | "kernel-release"
                | "kernel-version"
                | "machine"
                | "processor"
                | "hardware-platform"
                | "operating-system"
        ),
        None => {
            w.len() > 1
                && w.strip_prefix('-')
                    .is_some_and(|f| f.chars().all(|c| "smrvpio".contains(c)))
        }
    })
}

/// Short options of curl and wget that take a value (the next word, or the rest of the word).
fn short_valued(name: &str) -> &'static str {
    match name {
        "curl" => "AbcCdDeEFHKmoPQrTtuUwxXYyz",
        "wget" => "aABDeiIloOPQRtTUwX",
        _ => "",
    }
}

/// Whether `opt` of a downloader takes a value, so the next word is that value, not the URL.
fn takes_value(name: &str, opt: &str) -> bool {
    const LONG: &[&str] = &[
        "--abstract-unix-socket",
        "--alt-svc",
        "--aws-sigv4",
        "--cacert",
        "--capath",
        "--cert",
        "--cert-type",
        "--ciphers",
        "--config",
        "--connect-timeout",
        "--connect-to",
        "--continue-at",
        "--cookie-jar",
        "--create-file-mode",
        "--curves",
        "--delegation",
        "--dns-servers",
        "--doh-url",
        "--dump-header",
        "--egd-file",
        "--etag-compare",
        "--etag-save",
        "--expect100-timeout",
        "--form-string",
        "--ftp-account",
        "--hostpubmd5",
        "--hsts",
        "--interface",
        "--ipfs-gateway",
        "--keepalive-time",
        "--key",
        "--key-type",
        "--krb",
        "--libcurl",
        "--limit-rate",
        "--local-port",
        "--login-options",
        "--mail-auth",
        "--mail-from",
        "--mail-rcpt",
        "--max-filesize",
        "--max-redirs",
        "--max-time",
        "--netrc-file",
        "--noproxy",
        "--oauth2-bearer",
        "--output-dir",
        "--pass",
        "--pinnedpubkey",
        "--preproxy",
        "--proto",
        "--proto-default",
        "--proto-redir",
        "--proxy",
        "--proxy-cacert",
        "--proxy-header",
        "--proxy-user",
        "--pubkey",
        "--quote",
        "--random-file",
        "--range",
        "--rate",
        "--request-target",
        "--resolve",
        "--retry",
        "--retry-delay",
        "--retry-max-time",
        "--sasl-authzid",
        "--speed-limit",
        "--speed-time",
        "--stderr",
        "--time-cond",
        "--tls-max",
        "--trace",
        "--trace-ascii",
        "--trace-config",
        "--unix-socket",
        "--user-agent",
        "--variable",
        "--write-out",
        "--append-output",
        "--base",
        "--bind-address",
        "--ca-certificate",
        "--ca-directory",
        "--certificate",
        "--directory-prefix",
        "--dns-timeout",
        "--domains",
        "--exclude-directories",
        "--execute",
        "--include-directories",
        "--input-file",
        "--level",
        "--load-cookies",
        "--output-file",
        "--private-key",
        "--quota",
        "--read-timeout",
        "--reject",
        "--accept",
        "--save-cookies",
        "--timeout",
        "--tries",
        "--wait",
        "--waitretry",
    ];
    if opt.starts_with("--") {
        return LONG.contains(&opt);
    }
    let mut chars = opt.chars();
    matches!((chars.next(), chars.next(), chars.next()), (Some('-'), Some(c), None) if short_valued(name).contains(c))
}

/// A cluster of short options (`-fsSLo FILE`, `-sSfH 'a: b'`, `-ofile`) as the option whose
/// value it ends with, and that value when it is in the same word; other words as they are.
fn split_short_cluster(name: &str, w: &str) -> (String, Option<String>) {
    let valued = short_valued(name);
    if valued.is_empty() || !w.starts_with('-') || w.starts_with("--") || w.len() < 3 {
        return (w.to_owned(), None);
    }
    for (i, c) in w.char_indices().skip(1) {
        if !c.is_ascii_alphanumeric() {
            return (w.to_owned(), None);
        }
        if valued.contains(c) {
            let rest = &w[i + c.len_utf8()..];
            let opt = format!("-{c}");
            return if rest.is_empty() {
                (opt, None)
            } else {
                (opt, Some(rest.to_owned()))
            };
        }
    }
    (w.to_owned(), None)
}

fn git(sink: &mut Sink<'_>, line: u32, words: &[String]) {
    let sub = words.iter().position(|w| !w.starts_with('-'));
    let Some(sub_i) = sub else { return };
    let rest = &words[sub_i + 1..];
    let has = |f: &str| rest.iter().any(|w| w == f);
    match words[sub_i].as_str() {
        "clone" => {
            // `git clone [options] URL [DIR]`: options that take a value skip it.
            let mut operands = Vec::new();
            let mut it = rest.iter();
            while let Some(w) = it.next() {
                if matches!(
                    w.as_str(),
                    "-b" | "--branch"
                        | "-o"
                        | "--origin"
                        | "--depth"
                        | "-c"
                        | "--config"
                        | "--reference"
                        | "--filter"
                        | "-j"
                        | "--jobs"
                        | "--template"
                        | "--separate-git-dir"
                        | "-u"
                        | "--upload-pack"
                ) {
                    it.next();
                } else if !w.starts_with('-') {
                    operands.push(w.as_str());
                }
            }
            let Some(url) = operands.first() else { return };
            let remote = url.contains("://") || url.starts_with("git@");
            if !remote {
                return;
            }
            let dir = match operands.get(1) {
                Some(d) => (*d).to_owned(),
                None => {
                    let last = url.trim_end_matches('/').rsplit('/').next().unwrap_or("");
                    last.strip_suffix(".git").unwrap_or(last).to_owned()
                }
            };
            if !dir.is_empty() {
                sink.cloned_into(&dir);
            }
        }
        // `git config --get core.hooksPath`, `git config get core.hooksPath`, `git config
        // core.hooksPath` with no value: a read of the setting (an installer checking that no
        // other hooks directory is configured), which changes nothing.
        "config" if git_config_reads(rest) => {}
        "config" => {
            let keys = [
                "core.hookspath",
                "core.sshcommand",
                "core.pager",
                "core.editor",
                "credential.helper",
                "core.fsmonitor",
                "diff.external",
                "alias.",
            ];
            if let Some(k) = rest.iter().find(|w| {
                let w = w.to_ascii_lowercase();
                keys.iter().any(|k| w.starts_with(k))
                    || (w.starts_with("url.") && w.contains("insteadof"))
            }) {
                sink.add(
                    line,
                    Category::ConfigTampering,
                    Verdict::Dangerous,
                    format!("changes git's `{k}`, which controls what git runs or fetches"),
                );
            }
        }
        "reset" if has("--hard") => sink.add(
            line,
            Category::Destructive,
            Verdict::Dangerous,
            "discards uncommitted work (git reset --hard)",
        ),
        "clean"
            if rest.iter().any(|w| {
                w.starts_with('-') && !w.starts_with("--") && w.contains('f') || w == "--force"
            }) =>
        {
            sink.add(
                line,
                Category::Destructive,
                Verdict::Dangerous,
                "deletes untracked files (git clean -f)",
            )
        }
        "push"
            if forced_push(rest)
                // A branch the script created itself, force-pushed: its own work replaced.
                && !sink.drops_own_branches(words) =>
        {
            sink.add(
                line,
                Category::Destructive,
                Verdict::Dangerous,
                "force-pushes, overwriting remote history",
            )
        }
        "checkout" | "restore" if has(".") && !has("-b") => sink.add(
            line,
            Category::Destructive,
            Verdict::Suspicious,
            "discards uncommitted changes in the working tree",
        ),
        // A remote for a repository the script made itself is no network destination.
        "remote"
            if (has("add") || has("set-url"))
                && !rest
                    .last()
                    .is_some_and(|url| has("add") && sink.own_repo_path(url)) =>
        {
            let operands: Vec<&String> = rest
                .iter()
                .skip_while(|w| *w != "add" && *w != "set-url")
                .skip(1)
                .filter(|w| !w.starts_with('-'))
                .collect();
            if let [name, url, ..] = operands.as_slice() {
                sink.git_remotes_added
                    .insert((*name).clone(), (*url).clone());
            }
            sink.add(
                line,
                Category::Network,
                Verdict::Suspicious,
                "adds or changes a git remote",
            );
        }
        // `git submodule foreach [--quiet] [--recursive] CMD...`: CMD is shell code run in
        // every submodule, reviewed as such.
        "submodule" if rest.first().is_some_and(|w| w == "foreach") => {
            let code: Vec<&str> = rest[1..]
                .iter()
                .skip_while(|w| matches!(w.as_str(), "-q" | "--quiet" | "--recursive"))
                .map(String::as_str)
                .collect();
            if !code.is_empty() {
                sink.nested(line, Language::Shell, &code.join(" "));
            }
        }
        // A fetch or pull from a remote the script pointed at a host off the allow list: that
        // host's code is what the working tree checks out and runs next.
        "fetch" | "pull" => {
            let remote = rest.iter().find(|w| !w.starts_with('-'));
            if let Some(host) = remote.and_then(|r| sink.added_remote_unlisted_host(r)) {
                sink.add_rule(
                    line,
                    Category::RemoteCode,
                    Verdict::Dangerous,
                    "remote-code-fetch",
                    vec!["git remote set-url".to_owned(), "git fetch".to_owned()],
                    format!("fetches code from a remote it pointed at {host}, a host not on the allow list"),
                );
            }
        }
        // Every branch (or the mirror) pushed to a remote the script added on a host off the
        // allow list: the repository copied away.
        "push"
            if has("--all")
                || has("--mirror")
                || rest.iter().any(|w| w.contains("refs/heads/*")) =>
        {
            let remote = rest
                .iter()
                .find(|w| !w.starts_with('-') && !w.contains('*'));
            if let Some(host) = remote.and_then(|r| sink.added_remote_unlisted_host(r)) {
                sink.add_rule(
                    line,
                    Category::Exfiltration,
                    Verdict::Dangerous,
                    "repo-pushed-away",
                    vec!["git remote add".to_owned(), "git push --all".to_owned()],
                    format!("pushes every branch of the repository to a remote it added on {host}"),
                );
            }
        }
        _ => {}
    }
}

fn package_tool(sink: &mut Sink<'_>, line: u32, name: &str, words: &[String]) {
    let has = |f: &str| words.iter().any(|w| w == f);
    if has("publish") {
        publish(sink, line, name, words);
        return;
    }
    if has("config")
        && (has("set")
            || words
                .iter()
                .any(|w| w.starts_with("registry") || w.contains("index-url")))
    {
        sink.add(
            line,
            Category::ConfigTampering,
            Verdict::Dangerous,
            format!("changes {name}'s configuration (where it fetches packages from)"),
        );
        return;
    }
    if has("install") || has("add") || has("i") {
        if let Some(src) = words.iter().find(|w| {
            w.starts_with("http://")
                || w.starts_with("https://")
                || w.starts_with("git+")
                || w.contains("://")
        }) {
            // On a host neither allowed nor local (`pkg@https://npm.mirror.example.net/pkg.tgz`),
            // the package and its build scripts come from whoever runs that host, as from a
            // package index pointed there; a URL on an allowed host (a release of a repository
            // on github.com) or this machine's stays a download to look at.
            match words
                .iter()
                .filter(|w| w.contains("://"))
                .find_map(|w| crate::places::foreign_dependency_url(w, sink.config))
            {
                Some(host) => sink.add_rule(
                    line,
                    Category::ConfigTampering,
                    Verdict::Dangerous,
                    "dependency-source",
                    vec![
                        format!("package source: `{name} install` of a URL"),
                        format!("network: {host}"),
                    ],
                    format!(
                        "installs a package from {host}, a host not on the allow list: its build scripts run now"
                    ),
                ),
                None => sink.add(
                    line,
                    Category::RemoteCode,
                    Verdict::Suspicious,
                    format!(
                        "installs a package straight from a URL ({src}), whose build scripts run"
                    ),
                ),
            }
        }
        if let Some(idx) = words.iter().position(|w| {
            w == "--index-url" || w == "-i" || w == "--extra-index-url" || w == "--registry"
        }) {
            let url = words.get(idx + 1).cloned().unwrap_or_default();
            sink.network(line, Some(&url), &Val::unknown(), false);
        }
        // An install from a package index on a host neither allowed nor local (or one whose
        // TLS checks it turns off, `--trusted-host`): that host's packages and their build
        // scripts run now, as a dependency file pointed there would run them at the next
        // install.
        if let Some((option, host)) = foreign_package_source(words, sink.config) {
            sink.dependency_source(line, &format!("`{name} install {option}`"), &host);
        }
    } else if name.starts_with("pip-")
        || ["compile", "download", "wheel", "sync", "lock"]
            .iter()
            .any(|verb| has(verb))
    {
        // A resolve, download or build from such an index (`pip-compile --extra-index-url
        // URL`, `uv pip compile`, `pip download`): the resolver builds that host's source
        // packages to read their metadata, and a lock file written with `--emit-index-url`
        // sends every later install there.
        if let Some((option, host)) = foreign_package_source(words, sink.config) {
            sink.dependency_source(line, &format!("`{name} {option}`"), &host);
        }
    }
}

/// The first package-source option of an install's words (`--index-url URL`,
/// `--extra-index-url=URL`, `--registry URL`, `--find-links URL`, `--trusted-host HOST`) whose
/// value names a host neither allowed nor local: the option and that host.
fn foreign_package_source(
    words: &[String],
    config: &crate::config::Config,
) -> Option<(String, String)> {
    const SOURCES: &[&str] = &[
        "--index-url",
        "--extra-index-url",
        "--registry",
        "--find-links",
        "--trusted-host",
        "-i",
    ];
    words.iter().enumerate().find_map(|(i, w)| {
        let (option, value) = match w.split_once('=') {
            Some((o, v)) if SOURCES.contains(&o) && o.starts_with("--") => (o, v.to_owned()),
            _ if SOURCES.contains(&w.as_str()) => (w.as_str(), words.get(i + 1)?.clone()),
            _ => return None,
        };
        let url = match (option, value.contains("://")) {
            (_, true) => value,
            ("--trusted-host", false) => format!("https://{}", value.split_whitespace().next()?),
            _ => return None,
        };
        crate::places::foreign_dependency_url(&url, config).map(|h| (option.to_owned(), h))
    })
}

/// The host of a `socat` address that connects out (`TCP:HOST:PORT,opts`, `TCP4:`,
/// `UDP-SENDTO:`, `OPENSSL:`...); `None` for another address (`-`, `STDIO`, `FILE:`, a
/// listening `TCP-LISTEN:PORT`).
fn socat_host(word: &str) -> Option<String> {
    const CONNECTING: &[&str] = &[
        "TCP",
        "TCP4",
        "TCP6",
        "TCP-CONNECT",
        "TCP4-CONNECT",
        "TCP6-CONNECT",
        "UDP",
        "UDP4",
        "UDP6",
        "UDP-CONNECT",
        "UDP-SENDTO",
        "UDP4-SENDTO",
        "UDP6-SENDTO",
        "OPENSSL",
        "OPENSSL-CONNECT",
        "SSL",
        "SCTP",
        "SCTP-CONNECT",
    ];
    let (kind, rest) = word.split_once(':')?;
    if !CONNECTING.iter().any(|k| k.eq_ignore_ascii_case(kind)) {
        return None;
    }
    let addr = rest.split(',').next().unwrap_or(rest);
    let host = match addr.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => addr.rsplit_once(':').map_or(addr, |(h, _)| h),
    };
    (!host.is_empty()).then(|| host.to_owned())
}

/// Bytes that are UTF-8 text without control characters other than whitespace.
fn printable(bytes: Vec<u8>) -> Option<String> {
    let s = String::from_utf8(bytes).ok()?;
    (!s.is_empty() && s.chars().all(|c| !c.is_control() || c.is_whitespace())).then_some(s)
}

/// A file name matching a glob pattern, unknown parts as [`UNKNOWN`] (`*.py` -> `….py`).
fn match_shape(pattern: Option<&str>) -> String {
    let p = pattern.unwrap_or("*");
    let last = p.rsplit('/').next().unwrap_or(p);
    last.replace(['*', '?'], &UNKNOWN.to_string())
}

/// A package published to a registry: irreversible and public. One only the user's explicit
/// opt-in reaches (`--publish`, `--execute`) is judged with the rest of the script
/// ([`crate::caps::combine`]); a dry run its line spells (`--dry-run`) uploads nothing.
fn publish(sink: &mut Sink<'_>, line: u32, name: &str, words: &[String]) {
    if words.iter().any(|w| w == "--dry-run") && sink.line_spells(line, "--dry-run") {
        return;
    }
    // `if (!opts.publish) args.push('--dry-run')`: without the user's opt-in, a dry run.
    let dry_run_unless_requested =
        sink.dry_run_unless_requested && words.iter().any(|w| w == "--dry-run");
    if sink.on_request || dry_run_unless_requested {
        sink.cap(line, crate::caps::Cap::PublishOnRequest, name);
        return;
    }
    sink.cap(line, crate::caps::Cap::Publish, name);
    package_publish(sink, line, name);
}

/// The finding of a publish that counts on its own.
pub(crate) fn package_publish(sink: &mut Sink<'_>, line: u32, name: &str) {
    sink.add_rule(
        line,
        Category::Network,
        Verdict::Suspicious,
        "package-publish",
        vec![format!("package publish: {name}")],
        format!("publishes a package with {name}, which cannot be taken back"),
    );
}

/// The world-writable and executable bits a `chmod` mode sets (`777`, `o+w`, `+x`, `755`).
fn mode_bits(mode: &str) -> (bool, bool) {
    if !mode.is_empty() && mode.chars().all(|c| c.is_ascii_digit()) {
        let others = mode.chars().last().unwrap_or('0');
        let exec = mode
            .chars()
            .rev()
            .take(3)
            .any(|c| matches!(c, '1' | '3' | '5' | '7'));
        return (matches!(others, '2' | '3' | '6' | '7'), exec);
    }
    let mut world = false;
    let mut exec = false;
    for clause in mode.split(',') {
        let who: String = clause.chars().take_while(|c| "ugoa".contains(*c)).collect();
        let ops = &clause[who.len()..];
        if ops.starts_with('+') || ops.starts_with('=') {
            world |= ops.contains('w') && (who.contains('o') || who.contains('a'));
            exec |= ops.contains('x');
        }
    }
    (world, exec)
}

/// What a new mode on `path` means: a world-writable system or credential file is dangerous,
/// any other world-writable path suspicious; an executable file is remembered (a downloaded
/// file made executable is run next).
/// What `printf FORMAT ARGS...` prints: the format's escapes decoded (`\\x63` is `c`; a format
/// that spells characters by code is decoded data) and `%s`, `%b`, `%d`, ... replaced by the
/// arguments in turn.
pub(crate) fn printf(args: &[Val]) -> Val {
    let args = match args.first().map(word).as_deref() {
        Some("--") => &args[1..],
        _ => args,
    };
    let Some(first) = args.first() else {
        return Val::lit("");
    };
    let format = word(first);
    let mut rest = args[1..].iter().peekable();
    let mut out = Val::lit("");
    let mut lit = String::new();
    let mut coded = false;
    // The format is used again while arguments are left (`printf '%s\n' a b` prints both
    // lines), at most 16 times.
    for _ in 0..16 {
        let mut converted = false;
        let mut chars = format.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' => match chars.next() {
                    Some('n') => lit.push('\n'),
                    Some('t') => lit.push('\t'),
                    Some('x') => {
                        let mut hex = String::new();
                        while hex.len() < 2 && chars.peek().is_some_and(char::is_ascii_hexdigit) {
                            hex.extend(chars.next());
                        }
                        let ch = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32);
                        // Letters spelled by code hide a word; a colour escape hides nothing.
                        coded |= ch.is_some_and(|c| !c.is_control());
                        lit.extend(ch);
                    }
                    Some(d @ '0'..='7') => {
                        let mut oct = String::from(d);
                        while oct.len() < 4 && chars.peek().is_some_and(|c| ('0'..='7').contains(c))
                        {
                            oct.extend(chars.next());
                        }
                        let ch = u32::from_str_radix(&oct, 8).ok().and_then(char::from_u32);
                        coded |= ch.is_some_and(|c| !c.is_control());
                        lit.extend(ch);
                    }
                    Some(o) => lit.push(o),
                    None => lit.push('\\'),
                },
                '%' if chars.peek() == Some(&'%') => {
                    chars.next();
                    lit.push('%');
                }
                '%' => {
                    // Flags and width, then the conversion.
                    while chars.peek().is_some_and(|c| {
                        c.is_ascii_digit() || matches!(c, '-' | '+' | ' ' | '#' | '.')
                    }) {
                        chars.next();
                    }
                    chars.next();
                    converted = true;
                    out = out.concat(&Val::lit(std::mem::take(&mut lit)));
                    out = out.concat(rest.next().unwrap_or(&Val::lit("")));
                }
                _ => lit.push(c),
            }
        }
        if !converted || rest.peek().is_none() {
            break;
        }
    }
    out = out.concat(&Val::lit(lit));
    for a in rest {
        out.taint.join(&a.taint);
    }
    if coded {
        out.taint.decoded = true;
    }
    out
}

/// The numeric value of a file mode as a script spells it: `0o755` / `0755` / a string `'755'`
/// (octal, as `fs.chmod` and `chmod` read a string), or a plain decimal number (`493`).
pub(crate) fn octal_mode(text: &str) -> Option<u32> {
    let t = text.trim();
    let (digits, radix) = if let Some(o) = t.strip_prefix("0o").or_else(|| t.strip_prefix("0O")) {
        (o, 8)
    } else if let Some(q) = t
        .strip_prefix(['\'', '"'])
        .and_then(|q| q.strip_suffix(['\'', '"']))
    {
        (q, 8)
    } else if t.len() > 1 && t.starts_with('0') {
        (&t[1..], 8)
    } else {
        (t, 10)
    };
    let digits = digits.replace('_', "");
    u32::from_str_radix(&digits, radix)
        .ok()
        .filter(|m| *m <= 0o7777)
}

pub(crate) fn chmod_effects(
    sink: &mut Sink<'_>,
    line: u32,
    path: &str,
    world_writable: bool,
    executable: bool,
) {
    let resolved = sink.resolve(path);
    let shown = resolved.text.replace(UNKNOWN, "…");
    if executable {
        sink.cap(line, crate::caps::Cap::MakeExecutable, shown.clone());
    }
    if !world_writable {
        return;
    }
    let sensitive = matches!(
        resolved.place,
        crate::places::Place::System | crate::places::Place::HomeRoot
    ) || crate::places::secret_kind(&resolved.text).is_some();
    let (severity, why) = if sensitive {
        (
            Verdict::Dangerous,
            format!("makes {shown} writable by every user, a system or credential file"),
        )
    } else {
        (
            Verdict::Suspicious,
            format!("makes {shown} writable by every user"),
        )
    };
    sink.add_rule(
        line,
        Category::Escape,
        severity,
        "weaken-permissions",
        vec![format!("chmod world-writable: {shown}")],
        why,
    );
}

/// `docker run` options that hand the host to the container.
/// `docker login [REGISTRY] -u USER --password-stdin` (or `-p PASSWORD`): the password is
/// sent as credentials to the registry (Docker Hub when none is named), judged as any
/// credentials sent to a host: a token to its own service's registry is its use, to any other
/// host a leak.
fn registry_login(sink: &mut Sink<'_>, line: u32, args: &[Val], stdin: Option<&Val>) {
    let words: Vec<String> = args.iter().map(word).collect();
    let Some(at) = words.iter().position(|w| w == "login") else {
        return;
    };
    if words[..at].iter().any(|w| !w.starts_with('-')) {
        return;
    }
    let mut credentials = Taint::default();
    let mut registry: Option<String> = None;
    let mut i = at + 1;
    while let Some(w) = words.get(i) {
        match w.as_str() {
            "--password-stdin" => {
                if let Some(s) = stdin {
                    credentials.join(&s.taint);
                }
            }
            "-p" | "--password" => {
                i += 1;
                if let Some(v) = args.get(i) {
                    credentials.join(&v.taint);
                }
            }
            "-u" | "--username" => i += 1,
            _ if w.starts_with("--password=") => credentials.join(&args[i].taint),
            _ if w.starts_with('-') => {}
            _ if registry.is_none() => registry = Some(w.clone()),
            _ => {}
        }
        i += 1;
    }
    if credentials == Taint::default() {
        return;
    }
    let host = registry.unwrap_or_else(|| "docker.io".to_owned());
    let url = match host.contains("://") {
        true => host,
        false => format!("https://{host}/"),
    };
    let url = (!url.contains(UNKNOWN)).then_some(url);
    sink.network_with_credentials(line, url.as_deref(), &Val::unknown(), &credentials, false);
}

fn container(sink: &mut Sink<'_>, line: u32, words: &[String]) {
    if !words
        .iter()
        .any(|w| matches!(w.as_str(), "run" | "create" | "exec"))
    {
        return;
    }
    let mut why = None;
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).map(String::as_str).unwrap_or("");
        let mount = match w.as_str() {
            "-v" | "--volume" | "--mount" => next,
            _ => w
                .strip_prefix("--volume=")
                .or_else(|| w.strip_prefix("-v="))
                .or_else(|| w.strip_prefix("--mount="))
                .unwrap_or(""),
        };
        let host_side = mount
            .split(',')
            .find_map(|p| p.strip_prefix("source=").or_else(|| p.strip_prefix("src=")))
            .unwrap_or_else(|| mount.split(':').next().unwrap_or(""));
        if w == "--privileged" {
            why = Some("runs a privileged container, which can take over the host".to_owned());
        } else if matches!(
            w.as_str(),
            "--pid=host" | "--cap-add=ALL" | "--cap-add=SYS_ADMIN"
        ) || (w == "--pid" && next == "host")
        {
            why = Some(format!(
                "runs a container with `{w}`, which reaches into the host"
            ));
        } else if host_side == "/"
            || host_side.starts_with("/var/run/docker.sock")
            || host_side.starts_with("/run/docker.sock")
            || host_side == "/etc"
            || host_side == "/root"
        {
            why = Some(format!("mounts the host's {host_side} into a container"));
        }
    }
    if let Some(why) = why {
        sink.add_rule(
            line,
            Category::Escape,
            Verdict::Dangerous,
            "container-escape",
            vec!["exec: container with host access".into()],
            why,
        );
    }
}

/// A PowerShell command line: downloads, what runs them, encoded and hidden commands.
fn powershell(sink: &mut Sink<'_>, line: u32, words: &[String]) {
    let lower: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
    let has_flag = |names: &[&str]| {
        lower.iter().any(|w| {
            w.starts_with('-')
                && names
                    .iter()
                    .any(|n| n.starts_with(w.as_str()) && w.len() >= 3)
        })
    };
    if has_flag(&["-encodedcommand", "-enc", "-ec"]) {
        sink.add_rule(
            line,
            Category::ObfuscatedExecution,
            Verdict::Dangerous,
            "decode-to-exec",
            vec!["decode: base64 command".into(), "exec: powershell".into()],
            "runs a PowerShell command hidden in base64 (-EncodedCommand)",
        );
        return;
    }
    let code = lower.join(" ");
    const DOWNLOAD: &[&str] = &[
        "invoke-webrequest",
        "iwr ",
        "invoke-restmethod",
        "irm ",
        "downloadstring",
        "downloadfile",
        "downloaddata",
        "net.webclient",
        "start-bitstransfer",
        "curl ",
        "wget ",
    ];
    const RUN: &[&str] = &[
        "invoke-expression",
        "iex",
        "start-process",
        "invoke-item",
        "& $",
        ".exe",
        "saps ",
        "invoke-command",
    ];
    let download = DOWNLOAD.iter().find(|d| code.contains(*d));
    let run = RUN.iter().find(|r| code.contains(*r));
    let hidden = code.contains("-windowstyle hidden") || code.contains("-w hidden");
    if let (Some(d), Some(r)) = (download, run) {
        sink.add_rule(
            line,
            Category::RemoteCode,
            Verdict::Dangerous,
            "download-to-exec",
            vec![
                format!("network receive: {}", d.trim()),
                format!("exec: {}", r.trim()),
            ],
            "downloads code with PowerShell and runs it",
        );
    } else if let Some(d) = download {
        let url = crate::places::urls(words.join(" ").as_str())
            .next()
            .map(str::to_owned);
        sink.network(line, url.as_deref(), &Val::unknown(), false);
        let _ = d;
    }
    if hidden {
        sink.add_rule(
            line,
            Category::Escape,
            Verdict::Suspicious,
            "hidden-process",
            vec!["exec: hidden window".into()],
            "runs PowerShell in a hidden window",
        );
    }
}

/// `tar -czf ARCHIVE [-C DIR] MEMBERS` (also `tar czf ...`, `--file=`, `--directory=`): the
/// archive it creates and what goes in (see [`Sink::archived`]).
fn tar_create(sink: &mut Sink<'_>, words: &[String]) {
    let mut creating = false;
    let (mut archive, mut dir) = (None::<String>, None::<String>);
    let mut members = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let cluster = (i == 0 && !w.starts_with('-') && w.chars().all(|c| c.is_ascii_alphabetic()))
            || (w.starts_with('-') && !w.starts_with("--"));
        if let Some(f) = w.strip_prefix("--file=") {
            archive = Some(f.to_owned());
        } else if let Some(d) = w.strip_prefix("--directory=") {
            dir = Some(d.to_owned());
        } else if w == "--create" {
            creating = true;
        } else if w == "--file" || w == "--directory" {
            let v = words.get(i + 1).cloned();
            if w == "--file" {
                archive = v;
            } else {
                dir = v;
            }
            i += 1;
        } else if w == "-C" {
            dir = words.get(i + 1).cloned();
            i += 1;
        } else if cluster {
            creating |= w.contains('c');
            if w.ends_with('f') {
                archive = words.get(i + 1).cloned();
                i += 1;
            }
        } else if !w.starts_with('-') {
            members.push(w.clone());
        }
        i += 1;
    }
    if creating && let Some(a) = archive {
        sink.archived(&a, dir.as_deref(), &members);
    }
}

/// Whether an `openssl` command line (its words after the program) prints only public
/// material: `x509` and `crl` print certificates and lists, `req` a request or a
/// certificate (unless `-keyout` names where its new key goes), `verify` a result, and a
/// key command with `-pubout` the public half.
fn openssl_prints_public(words: &[String]) -> bool {
    let has = |f: &str| words.iter().any(|w| w == f);
    match words.first().map(String::as_str) {
        Some("x509" | "crl" | "verify") => true,
        Some("req") => !has("-keyout"),
        Some("rsa" | "ec" | "pkey" | "dsa") => has("-pubout"),
        _ => false,
    }
}

/// `sed -E 's#^[a-z]+://([^@/]*@)?([^:/?]+).*#\2#'`: one substitution printing one group,
/// matched after the URL's `@` by characters that are never a `/` or `:`, so neither the
/// user info (`user:password`) nor the path and query reach the output: the host.
fn sed_prints_url_host(args: &[String]) -> bool {
    let (opts, script): (Vec<&String>, Vec<&String>) =
        args.iter().partition(|a| a.starts_with('-'));
    let ([script], true) = (
        script.as_slice(),
        opts.iter()
            .all(|o| matches!(o.as_str(), "-E" | "-r" | "--regexp-extended")),
    ) else {
        return false;
    };
    let Some(rest) = script.strip_prefix('s') else {
        return false;
    };
    let Some(delim) = rest
        .chars()
        .next()
        .filter(|d| !d.is_alphanumeric() && *d != '\\')
    else {
        return false;
    };
    let parts: Vec<&str> = rest[delim.len_utf8()..].split(delim).collect();
    let [regex, replacement, ""] = parts.as_slice() else {
        return false;
    };
    let Some(group) = replacement
        .strip_prefix('\\')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|n| (1..=9).contains(n))
    else {
        return false;
    };
    // Where the chosen group starts: the `group`-th `(` not escaped.
    let bytes = regex.as_bytes();
    let opens: Vec<usize> = (0..bytes.len())
        .filter(|&i| bytes[i] == b'(' && (i == 0 || bytes[i - 1] != b'\\'))
        .collect();
    let Some(&start) = opens.get(group - 1) else {
        return false;
    };
    let Some(body) = regex[start + 1..].split(')').next() else {
        return false;
    };
    let class = body
        .strip_suffix('+')
        .or_else(|| body.strip_suffix('*'))
        .and_then(|c| c.strip_prefix("[^"))
        .and_then(|c| c.strip_suffix(']'));
    // The group starts right after the `@` that ends the user info (or after an optional group
    // of the user info ending with it), so it cannot hold the password before that `@`.
    let before = &regex[..start];
    (before.ends_with('@') || before.ends_with("@)?") || before.ends_with("@)"))
        && class.is_some_and(|c| c.contains('/') && c.contains(':') && !c.contains(']'))
}

/// Whether every operand of a file system maker (`words`: its arguments, option values too)
/// is a path in the working tree or a temp directory: the image file it formats.
fn local_image(sink: &mut Sink<'_>, words: &[String]) -> bool {
    let operands: Vec<&String> = words.iter().filter(|w| !w.starts_with('-')).collect();
    !operands.is_empty()
        && operands.iter().all(|w| {
            !w.contains(UNKNOWN) && matches!(sink.resolve(w).place, Place::WorkTree | Place::Tmp)
        })
}

/// Whether a filter prints something derived from what it reads rather than the text itself
/// (see [`crate::engine::Taint::derived`]): a count (`wc`, `grep -c`), the matches alone
/// (`grep -o`), columns (`cut`, `awk '{print $2}'`), or the members a `jq`/`yq` program picks
/// or builds (`jq -r .version`, `jq '{p95: .metrics.p95}'`; not `jq .` nor `jq '. + {...}'`,
/// which print the whole document).
fn filter_derives(name: &str, words: &[String], program: Option<&Val>) -> bool {
    let short = |c: char| {
        words
            .iter()
            .skip(1)
            .any(|w| w.starts_with('-') && !w.starts_with("--") && w.contains(c))
    };
    match name {
        "wc" | "cut" => true,
        "grep" | "egrep" | "rg" => short('c') || short('o') || short('l'),
        "awk" | "gawk" | "mawk" | "nawk" => program
            .and_then(Val::known)
            .is_some_and(|p| p.contains("print $") || p.contains("print($")),
        "jq" | "yq" => program.and_then(Val::known).is_some_and(|p| {
            let p = p.trim();
            let mut chars = p.chars();
            match (chars.next(), chars.next()) {
                (Some('{'), _) => true,
                (Some('.'), Some(c)) => c.is_ascii_alphabetic() || c == '_' || c == '"',
                _ => false,
            }
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_modeled_request_clients_are_http_clients() {
        for c in REQUEST_CLIENTS {
            assert!(
                terraphim_shell_vocab::hosts::HTTP_CLIENTS.contains(c),
                "{c} is no HTTP client"
            );
            assert!(!MODELED.contains(c), "{c} is listed twice");
        }
    }

    #[test]
    fn mktemp_prints_its_template_in_the_temp_dir() {
        let lit = |s: &str| Val::lit(s);
        let unknown = Val::lit(format!("{UNKNOWN}/x.XXXXXX"));
        let climbing = lit("/tmp/../home/u/x.XXXXXX");
        let rel = lit("build/out.XXXX");
        let plain = lit("itest-pg.XXXXXX");
        let abs = lit("/var/tmp/run.XXXXXXXX");
        let not_template = lit("-d");
        let cases: [(&str, Vec<&Val>, String); 7] = [
            ("/tmp", vec![], "/tmp/tmp.XXXXXXXXXX".into()),
            ("/tmp", vec![&not_template], "/tmp/tmp.XXXXXXXXXX".into()),
            ("/tmp/", vec![&plain], "/tmp/itest-pg.XXXXXX".into()),
            ("/tmp", vec![&abs], "/var/tmp/run.XXXXXXXX".into()),
            ("/tmp", vec![&rel], "build/out.XXXX".into()),
            ("/tmp", vec![&unknown], format!("/tmp/{UNKNOWN}")),
            ("/tmp", vec![&climbing], format!("/tmp/{UNKNOWN}")),
        ];
        for (dir, positional, want) in cases {
            assert_eq!(
                mktemp_path(dir, &positional).text.as_deref(),
                Some(want.as_str()),
                "{dir} {positional:?}"
            );
        }
    }
}
