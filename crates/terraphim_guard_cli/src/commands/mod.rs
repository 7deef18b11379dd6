//! The clap definitions of the `guard` tree and the dispatch to each subcommand.

mod changes;
mod check;
mod exec;
mod explain;
mod hook;
mod install;
mod kg;
mod profiles;
mod review;
mod review_script;
mod sandbox;
mod sweep;
mod upstream;

use clap::{Args, Subcommand};

use crate::exit_code;

/// `terraphim-agent guard`: decide allow / sandbox / deny for shell commands.
///
/// Upstream's flat form keeps working beside the subcommands:
/// `terraphim-agent guard [--json] [--fail-open] [--explain] [COMMAND]` prints upstream's
/// `GuardResult`. To check a command whose first word is a subcommand name, put `--` first:
/// `terraphim-agent guard -- check this` (or use `guard check 'check this'`).
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct GuardCommand {
    #[command(subcommand)]
    subcommand: Option<GuardSubcommand>,
    #[command(flatten)]
    upstream: upstream::UpstreamArgs,
}

#[derive(Debug, Subcommand)]
enum GuardSubcommand {
    /// Decide one command (argument or stdin), or a batch of JSON Lines.
    Check(check::CheckArgs),
    /// Show how a command is parsed, unwrapped, matched and decided.
    Explain(explain::ExplainArgs),
    /// Validate or import knowledge-graph entries.
    #[command(subcommand)]
    Kg(kg::KgCommand),
    /// Agent hook: read the agent's hook JSON on stdin, answer in its protocol.
    Hook(hook::HookArgs),
    /// Wire the hook into an agent's settings (idempotent, atomic, with a backup).
    Install(install::InstallArgs),
    /// Remove the hook from an agent's settings.
    Uninstall(install::InstallArgs),
    /// The human gate for learned patterns waiting in guard-staging/.
    Review(review::ReviewArgs),
    /// Daily summary: proposals, violations, most sandboxed commands; refreshes proposals.
    Sweep(sweep::SweepArgs),
    /// Set up and inspect sandbox backends.
    Sandbox(sandbox::SandboxArgs),
    /// Run a shell command confined by a sandbox profile.
    Exec(exec::ExecArgs),
    /// List the sandbox profiles and what enforces each field here.
    Profiles(profiles::ProfilesArgs),
    /// Change sets a workspace run held: list, show, apply, discard.
    Changes(changes::ChangesArgs),
    /// Internal: the sandbox helper, re-executed inside bubblewrap.
    #[command(name = "__sandbox-helper", hide = true)]
    SandboxHelper(exec::HelperArgs),
    /// Pre-review a script: clean, suspicious or dangerous.
    ReviewScript(review_script::ReviewScriptArgs),
}

/// `terraphim-agent guard exec ARGS...` (`args`: the words after `exec`) parsed by the `exec`
/// subcommand's own parser, without building the parser of the whole tree (`guard exec` starts
/// every sandboxed command: this is on its path). `None` when the words do not parse (or ask
/// for help): the caller then parses the whole command line as usual, which prints the same
/// message the whole tree's parser gives.
pub fn run_exec(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<u8> {
    parse_exec(args).map(|args| finish(exec::run(args)))
}

/// The words after `guard exec`, parsed by the `exec` subcommand's own parser.
fn parse_exec(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<exec::ExecArgs> {
    use clap::{Args as _, FromArgMatches as _};
    let cmd = exec::ExecArgs::augment_args(clap::Command::new("exec"));
    let matches = cmd
        .try_get_matches_from(std::iter::once("exec".into()).chain(args))
        .ok()?;
    exec::ExecArgs::from_arg_matches(&matches).ok()
}

/// `terraphim-agent guard hook ARGS...` (`args`: the words after `hook`) parsed by the `hook`
/// subcommand's own parser, as [`run_exec`] parses `guard exec`: the agent runs the hook for
/// every tool call, and the parser of the whole tree is a tenth of a hook's work when no script
/// is reviewed. `None` when the words do not parse (or ask for help): the caller then parses the
/// whole command line as usual, which prints the same message the whole tree's parser gives.
pub fn run_hook(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<u8> {
    parse_hook(args).map(|args| finish(hook::run(args)))
}

/// The words after `guard hook`, parsed by the `hook` subcommand's own parser.
fn parse_hook(args: impl IntoIterator<Item = std::ffi::OsString>) -> Option<hook::HookArgs> {
    use clap::{Args as _, FromArgMatches as _};
    let cmd = hook::HookArgs::augment_args(clap::Command::new("hook"));
    let matches = cmd
        .try_get_matches_from(std::iter::once("hook".into()).chain(args))
        .ok()?;
    hook::HookArgs::from_arg_matches(&matches).ok()
}

/// Run a parsed `guard` command and return the process exit code.
pub fn run(command: GuardCommand) -> u8 {
    let result = match command.subcommand {
        Some(GuardSubcommand::Check(args)) => check::run(args),
        Some(GuardSubcommand::Explain(args)) => explain::run(args),
        Some(GuardSubcommand::Kg(args)) => kg::run(args),
        Some(GuardSubcommand::Hook(args)) => hook::run(args),
        Some(GuardSubcommand::Install(args)) => install::run(args, false),
        Some(GuardSubcommand::Uninstall(args)) => install::run(args, true),
        Some(GuardSubcommand::Review(args)) => review::run(args),
        Some(GuardSubcommand::Sweep(args)) => sweep::run(args),
        Some(GuardSubcommand::Sandbox(args)) => sandbox::run(args),
        Some(GuardSubcommand::Exec(args)) => exec::run(args),
        Some(GuardSubcommand::Profiles(args)) => profiles::run(args),
        Some(GuardSubcommand::Changes(args)) => changes::run(args),
        Some(GuardSubcommand::SandboxHelper(args)) => Ok(exec::helper(args)),
        Some(GuardSubcommand::ReviewScript(args)) => review_script::run(args),
        None => upstream::run(command.upstream),
    };
    finish(result)
}

/// The exit code of a subcommand's result; errors are printed.
fn finish(result: anyhow::Result<u8>) -> u8 {
    match result {
        Ok(code) => code,
        // A reader that went away (`| head`) is not an error worth a message.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            exit_code::SUCCESS
        }
        Err(e) if e.downcast_ref::<UsageError>().is_some() => {
            eprintln!("error: {e:#}");
            exit_code::ERROR_USAGE
        }
        Err(e) if e.downcast_ref::<InputError>().is_some() => {
            eprintln!("error: {e:#}");
            exit_code::ERROR_INPUT
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            exit_code::ERROR_GENERAL
        }
    }
}

/// Bad usage ([`exit_code::ERROR_USAGE`]) found after clap parsed the arguments.
#[derive(Debug)]
pub(crate) struct UsageError(pub(crate) String);

impl std::fmt::Display for UsageError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for UsageError {}

/// The flat form's first word, when it is a near-miss of a subcommand (`chek`, `hok`,
/// `explian`) and no command of that name is on PATH, is a typo: a settings file's hook line
/// with it would otherwise have its arguments judged as a harmless command and allowed.
pub(crate) fn refuse_near_miss(first: &str) -> anyhow::Result<()> {
    use clap::CommandFactory as _;
    if first.is_empty()
        || first.starts_with('-')
        || first.contains(|c: char| c.is_whitespace() || c == '/')
    {
        return Ok(());
    }
    let word = first.to_lowercase();
    let names = GuardCli::command()
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| c.get_name().to_owned())
        .collect::<Vec<_>>();
    let Some(meant) = names
        .iter()
        // Short names (`kg`) attract too many real words; long ones allow two slips.
        .filter(|name| name.len() >= 4 && word.len() >= 3)
        .filter(|name| edit_distance(&word, name) <= if name.len() >= 7 { 2 } else { 1 })
        .min_by_key(|name| edit_distance(&word, name))
    else {
        return Ok(());
    };
    if on_path(first) {
        return Ok(());
    }
    Err(UsageError(format!(
        "`{first}` is not a guard subcommand; did you mean `{meant}`?\n\
         hint: to check a command that starts with `{first}`, put it after `--`: \
         terraphim-agent guard -- {first} ..."
    ))
    .into())
}

/// The `guard` tree as a clap command, for its subcommand names.
#[derive(Debug, clap::Parser)]
struct GuardCli {
    #[command(flatten)]
    guard: GuardCommand,
}

/// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
/// of neighbours (`explian` is one from `explain`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

/// Whether `name` is an executable file in a directory of `$PATH` (`sleep` is a command, not a
/// typo of `sweep`).
fn on_path(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            fs_err::metadata(dir.join(name))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
    })
}

/// The input holds nothing to judge, or cannot be read ([`exit_code::ERROR_INPUT`]).
#[derive(Debug)]
pub(crate) struct InputError(pub(crate) String);

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// The command from the argument or stdin, which must not be empty: `check` and `explain` judge
/// something or say why they cannot.
pub(crate) fn command_to_judge(command: Vec<String>) -> anyhow::Result<String> {
    let from_stdin = command.is_empty();
    let text = command_or_stdin(command)?;
    if text.is_empty() {
        let source = match from_stdin {
            true => "stdin is empty",
            false => "the command is empty",
        };
        return Err(InputError(format!(
            "no command to judge: {source} (give the command as an argument or on stdin)"
        ))
        .into());
    }
    Ok(text)
}

/// The command from the argument, or all of stdin, trimmed.
pub(crate) fn command_or_stdin(command: Vec<String>) -> anyhow::Result<String> {
    match command.is_empty() {
        false => Ok(command.join(" ")),
        true => {
            use std::io::Read as _;
            let mut buf = Vec::new();
            std::io::stdin()
                .lock()
                .take(terraphim_guard::MAX_COMMAND_BYTES as u64 + 1)
                .read_to_end(&mut buf)?;
            let text = String::from_utf8(buf).map_err(|e| {
                anyhow::anyhow!(
                    "the command on stdin is not valid UTF-8 (byte {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            Ok(text.trim().to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `guard exec WORDS` through the whole tree's parser: its arguments, or `None`.
    fn whole_parse(words: &[&str]) -> Option<String> {
        use clap::Parser as _;
        let argv = ["terraphim-agent", "exec"]
            .into_iter()
            .chain(words.iter().copied());
        match GuardCli::try_parse_from(argv).ok()?.guard.subcommand {
            Some(GuardSubcommand::Exec(args)) => Some(format!("{args:?}")),
            _ => None,
        }
    }

    #[test]
    fn exec_words_parse_alike_by_its_own_parser_and_the_whole_tree() {
        let rows: &[&[&str]] = &[
            &["--", "true"],
            &["--profile", "build", "--", "cargo", "build"],
            &["--id", "t1", "--json", "--report", "r.json", "--", "ls -la"],
            &["--grant", "nonce", "--", "git status"],
            &[
                "--no-bwrap",
                "--backend",
                "native",
                "--",
                "echo",
                "--profile",
            ],
            &["--force-bwrap", "--", "--", "x"],
            &["--profile=strict", "--", "echo hi"],
        ];
        for words in rows {
            let own = parse_exec(words.iter().map(std::ffi::OsString::from));
            let own = own.map(|a| format!("{a:?}"));
            assert!(own.is_some(), "{words:?}");
            assert_eq!(own, whole_parse(words), "{words:?}");
        }
    }

    /// `guard hook WORDS` through the whole tree's parser: its arguments, or `None`.
    fn whole_parse_hook(words: &[&str]) -> Option<String> {
        use clap::Parser as _;
        let argv = ["terraphim-agent", "hook"]
            .into_iter()
            .chain(words.iter().copied());
        match GuardCli::try_parse_from(argv).ok()?.guard.subcommand {
            Some(GuardSubcommand::Hook(args)) => Some(format!("{args:?}")),
            _ => None,
        }
    }

    #[test]
    fn hook_words_parse_alike_by_its_own_parser_and_the_whole_tree() {
        let rows: &[&[&str]] = &[
            &["--agent", "claude-code"],
            &["--agent=codex"],
            &["--agent", "gemini", "--event", "post-tool-use"],
            &["--agent", "cursor", "--defer-allow"],
            &["--deadline-ms", "250", "--agent", "claude-code"],
            &[
                "--agent",
                "claude-code",
                "--kg",
                "k1",
                "--kg=k2",
                "--no-user-kg",
            ],
            &["--agent", "codex", "--event", "post-tool-use-failure"],
        ];
        for words in rows {
            let own = parse_hook(words.iter().map(std::ffi::OsString::from));
            let own = own.map(|a| format!("{a:?}"));
            assert!(own.is_some(), "{words:?}");
            assert_eq!(own, whole_parse_hook(words), "{words:?}");
        }
    }

    #[test]
    fn hook_words_that_do_not_parse_go_to_the_whole_parser() {
        // Each of these must come back (`None`) without reading stdin or answering: the whole
        // tree's parser then prints its usual message (or help).
        let rows: &[(&str, &[&str])] = &[
            ("no agent", &[]),
            ("an unknown agent", &["--agent", "vim"]),
            ("an agent without its name", &["--agent"]),
            ("an unknown option", &["--agent", "codex", "--bogus"]),
            ("help", &["--help"]),
            ("short help", &["-h"]),
            (
                "an unknown event",
                &["--agent", "codex", "--event", "later"],
            ),
            (
                "a deadline that is no number",
                &["--agent", "codex", "--deadline-ms", "soon"],
            ),
            ("a word after the options", &["--agent", "codex", "extra"]),
        ];
        for (why, words) in rows {
            let args = words.iter().map(std::ffi::OsString::from);
            assert_eq!(run_hook(args), None, "{why}: {words:?}");
        }
        // The same words through the whole tree's parser are refused too.
        for (why, words) in rows {
            assert_eq!(whole_parse_hook(words), None, "{why}: {words:?}");
        }
    }

    #[test]
    fn exec_words_that_do_not_parse_go_to_the_whole_parser() {
        // Each of these must come back (`None`) without running anything: the whole tree's
        // parser then prints its usual message (or help).
        let rows: &[(&str, &[&str])] = &[
            ("no command", &[]),
            ("no command after the options", &["--profile", "readonly"]),
            ("an unknown option", &["--bogus", "--", "true"]),
            ("help", &["--help"]),
            ("short help", &["-h"]),
            ("a flag without its value", &["--profile"]),
            (
                "grant and profile together",
                &["--grant", "n", "--profile", "build", "--", "true"],
            ),
            ("an unknown backend", &["--backend", "wasm", "--", "true"]),
        ];
        for (why, words) in rows {
            let args = words.iter().map(std::ffi::OsString::from);
            assert_eq!(run_exec(args), None, "{why}: {words:?}");
        }
        // The same words through the whole tree's parser are refused too.
        for (why, words) in rows {
            assert_eq!(whole_parse(words), None, "{why}: {words:?}");
        }
    }

    #[test]
    fn near_misses_of_subcommands_are_refused_and_other_words_pass() {
        for (word, meant) in [
            ("chek", Some("check")),
            ("hok", Some("hook")),
            ("explian", Some("explain")),
            ("instal", Some("install")),
            ("Check", Some("check")),
            ("reveiw", Some("review")),
            ("frobnicate", None),
            ("git", None),
            ("rm -rf /", None),
            ("./chek", None),
            ("--json", None),
            ("kgs", None),
            ("sleep", None),
        ] {
            let got = refuse_near_miss(word).err().map(|e| e.to_string());
            match meant {
                Some(m) => {
                    let got = got.unwrap_or_else(|| panic!("{word} passed"));
                    assert!(
                        got.contains(&format!("did you mean `{m}`")),
                        "{word}: {got}"
                    );
                }
                None => assert_eq!(got, None, "{word}"),
            }
        }
    }

    #[test]
    fn edit_distance_counts_a_swap_as_one() {
        for (a, b, d) in [
            ("chek", "check", 1),
            ("explian", "explain", 1),
            ("check", "check", 0),
            ("", "hook", 4),
            ("sweep", "sleep", 1),
        ] {
            assert_eq!(edit_distance(a, b), d, "{a} {b}");
        }
    }
}
