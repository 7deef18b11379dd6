//! Shell scripts through the command-line guard: each command of a shell script is judged by
//! the engine that judges an agent's command lines (the same parse, the same KG), so a line the
//! guard denies makes the script dangerous and a line it would confine makes it suspicious
//! unless the line's effects stay in the project or a temp dir.
//!
//! This crate does not depend on the guard: a caller that has one implements [`CommandJudge`]
//! and hands it to the reviewer ([`crate::Reviewer::with_judge`]).

use crate::engine::Sink;
use crate::model::{Category, Finding, Language, Verdict};
use crate::places::{Context, Place, UNKNOWN};

/// How the command-line guard would treat one command of a script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandTier {
    /// It runs as is.
    Allow,
    /// It would be confined because no rule knows the program: what it does is what the review
    /// of the script finds (an unknown build tool is no risk signal by itself).
    Unknown,
    /// A rule confines it to the project and temp dirs: its effects stay there when its operands
    /// ([`CommandVerdict::operands`]) do.
    Project,
    /// A rule confines it for what it may do beyond the project (secrets, other users' files,
    /// the network, the system).
    Outside,
    /// It would be confined because what runs cannot be seen (a command name or code built at
    /// run time, a pipe into a shell, input that does not parse).
    Opaque,
    /// It never runs.
    Deny,
}

/// The guard's judgement of one command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandVerdict {
    /// What the guard would do.
    pub tier: CommandTier,
    /// Why, in the guard's words.
    pub reason: String,
    /// The id of the rule that decided (the KG concept; a structural finding's name), empty when
    /// none did.
    pub rule: String,
    /// The KG pattern that matched, if one decided.
    pub pattern: Option<String>,
    /// For [`CommandTier::Project`] and [`CommandTier::Deny`]: the words after the program name
    /// of the command the rule matched, as the guard read them, to check that every path among
    /// them is in the project or a temp dir (for a deny of a change outside the project: or in
    /// a tool's own configuration or cache directory).
    pub operands: Vec<String>,
}

impl CommandVerdict {
    /// A verdict that adds nothing (allowed).
    pub fn allow() -> CommandVerdict {
        CommandVerdict {
            tier: CommandTier::Allow,
            reason: String::new(),
            rule: String::new(),
            pattern: None,
            operands: Vec::new(),
        }
    }
}

/// Judges one command of a shell script the way the command-line guard judges a command line.
///
/// An implementation must not fail open: when it cannot judge (a KG that does not load), it
/// answers [`CommandTier::Opaque`] with the error as the reason.
pub trait CommandJudge: Send + Sync + std::fmt::Debug {
    /// Judge `command` (one statement of a script, as source text, with the values the script
    /// gave its variables substituted where they are known), run in `ctx.cwd` for the user
    /// whose home is `ctx.home`.
    fn judge(&self, command: &str, ctx: &Context) -> CommandVerdict;

    /// Judge several one-line commands of one script at once (the review hands over every
    /// statement that fits on one line here): one verdict each, in order. The default judges
    /// them one by one; an implementation may parse and decide them as one text, since the
    /// guard's parse and decision cost little per line but much per call.
    fn judge_lines(&self, lines: &[&str], ctx: &Context) -> Vec<CommandVerdict> {
        lines.iter().map(|l| self.judge(l, ctx)).collect()
    }

    /// [`CommandJudge::judge_lines`] for statements whose syntax tree the review may hand over
    /// ([`ScriptLine::node`]), so a judge that parses with the same grammar need not parse
    /// them again. The default judges the texts with [`CommandJudge::judge_lines`].
    fn judge_script_lines(&self, lines: &[ScriptLine<'_>], ctx: &Context) -> Vec<CommandVerdict> {
        let texts: Vec<&str> = lines.iter().map(|l| l.text).collect();
        self.judge_lines(&texts, ctx)
    }

    /// [`CommandJudge::judge_script_lines`] for `lines`, and [`CommandJudge::judge`] for each of
    /// `alone` (statements of several lines, each judged on its own): the two lists of
    /// verdicts, in order. A judge may spread the work over threads; the default does one after
    /// the other.
    fn judge_script(
        &self,
        lines: &[ScriptLine<'_>],
        alone: &[&str],
        ctx: &Context,
    ) -> (Vec<CommandVerdict>, Vec<CommandVerdict>) {
        (
            self.judge_script_lines(lines, ctx),
            alone.iter().map(|t| self.judge(t, ctx)).collect(),
        )
    }

    /// Whether statements the review proves inert ([`INERT_BUILTINS`], ...) that name no path
    /// may go unasked: only for a judge whose rules were shown to flag none of them (the
    /// guard's default KG, with no user layer). The default asks about everything.
    fn skips_inert(&self) -> bool {
        false
    }

    /// What the verdicts depend on besides the command and its context (the KG and the
    /// profiles the guard was built from): part of every cached review's key.
    fn identity(&self) -> String;
}

/// How the review puts the directory a script moved to before a statement it hands the judge:
/// `cd DIR && ` (the statement runs there; `DIR` one shell word).
pub(crate) const CD_PREFIX: (&str, &str) = ("cd ", " && ");

/// Whether `before` is a text of [`CD_PREFIX`]'s form, on one line.
fn cd_prefix(before: &str) -> bool {
    before.starts_with(CD_PREFIX.0) && before.ends_with(CD_PREFIX.1) && !before.contains('\n')
}

/// One statement of a script for [`CommandJudge::judge_script_lines`].
#[derive(Debug, Clone, Copy)]
pub struct ScriptLine<'a> {
    /// The statement as the guard would see it at run time (see [`CommandJudge::judge`]), on
    /// one line.
    pub text: &'a str,
    /// When `text` is the statement's own source (no value substituted), alone or after the
    /// directory an earlier `cd` of the script moved to (`cd '/src/app' && `): its node in the
    /// review's tree-sitter-bash syntax tree of the script, and the script's source. `text` is
    /// then exactly the node's text, or `cd DIR && ` followed by it.
    pub node: Option<(tree_sitter::Node<'a>, &'a str)>,
}

/// Statements that hold other statements: each of those is judged on its own, with the values
/// its variables have by then.
const COMPOUND: &[&str] = &[
    "if_statement",
    "while_statement",
    "for_statement",
    "c_style_for_statement",
    "case_statement",
    "compound_statement",
    "subshell",
    "function_definition",
];

/// Whether the guard judges `node` as one command line: a simple statement, pipeline or list
/// without compound statements in it (those are walked into and their statements judged).
pub(crate) fn judged_whole(node: crate::ts::Node<'_>) -> bool {
    match node.kind() {
        "command"
        | "variable_assignment"
        | "declaration_command"
        | "negated_command"
        | "test_command"
        | "unset_command" => true,
        "redirected_statement" | "pipeline" | "list" => node
            .named_children()
            .all(|c| !COMPOUND.contains(&c.kind()) && (!c.is_named() || simple_part(c))),
        _ => false,
    }
}

fn simple_part(node: crate::ts::Node<'_>) -> bool {
    match node.kind() {
        "redirected_statement" | "pipeline" | "list" | "negated_command" => judged_whole(node),
        k => !COMPOUND.contains(&k),
    }
}

/// Shell builtins whose statements the command guard is not asked about: they neither run
/// another program nor write a file, so the guard's verdict on them is known (nothing it would
/// turn into a finding; `inert_statements_give_the_guard_nothing_to_flag` in the CLI's judge
/// runs the guard over generated variants of every form to prove it). With the arguments that
/// would make one run code or assign through a subscript: never skipped.
pub const INERT_BUILTINS: &[(&str, &[&str])] = &[
    ("echo", &[]),
    // `printf -v 'a[$(cmd)]'` runs the substitution.
    ("printf", &["-v"]),
    (":", &[]),
    ("true", &[]),
    ("false", &[]),
    ("set", &[]),
    ("shift", &[]),
    ("return", &[]),
    ("exit", &[]),
    // `test -v 'a[$(cmd)]'` evaluates the subscript.
    ("test", &["-v", "-R"]),
    ("[", &["-v", "-R"]),
];

/// Declarations skipped when they only name variables or give them inert values (no flags:
/// `local -n`, `export -f`).
pub const INERT_DECLARATIONS: &[&str] = &["local", "export", "readonly"];

/// The only redirections an inert statement may have (blanks removed, leading file descriptor
/// number dropped): to nowhere or to a standard stream.
pub const INERT_REDIRECTS: &[&str] = &[
    ">/dev/null",
    ">>/dev/null",
    "&>/dev/null",
    "&>>/dev/null",
    ">&1",
    ">&2",
];

/// In `[[ ]]` these operators evaluate their operands as arithmetic (which runs a command
/// substitution held in a variable's subscript); in `[`/`test` they only compare integers.
const ARITHMETIC_TESTS: &[&str] = &["-eq", "-ne", "-lt", "-le", "-gt", "-ge"];

/// Whether `node` (a statement [`judged_whole`] would hand to the guard) is one whose verdict
/// is known without the guard: an [`INERT_BUILTINS`] command, an [`INERT_DECLARATIONS`]
/// declaration or an assignment, with words that hold no command or process substitution, no
/// arithmetic, no expansion but of a plain name, and no redirection but [`INERT_REDIRECTS`].
/// Variables given a value must have a lower-case letter in their name (the variables that make
/// programs load code, `PATH`, `BASH_ENV`, `LD_PRELOAD`, are upper-case).
pub(crate) fn inert(node: crate::ts::Node<'_>, src: &str) -> bool {
    let text = |n: crate::ts::Node<'_>| src.get(n.byte_range()).unwrap_or("");
    match node.kind() {
        "redirected_statement" => {
            let mut body = false;
            for c in node.named_children() {
                match c.kind() {
                    "file_redirect" => {
                        let r: String = text(c).chars().filter(|c| !c.is_whitespace()).collect();
                        let r = r.trim_start_matches(|c: char| c.is_ascii_digit());
                        if !INERT_REDIRECTS.contains(&r) {
                            return false;
                        }
                    }
                    "command" | "test_command" if !body => body = inert(c, src),
                    _ => return false,
                }
                if !body {
                    return false;
                }
            }
            body
        }
        "command" => inert_command(node, src),
        "variable_assignment" => inert_assignment(node, src),
        "declaration_command" => {
            let mut children = node.children();
            if !children
                .next()
                .is_some_and(|k| INERT_DECLARATIONS.contains(&text(k)))
            {
                return false;
            }
            children.all(|c| match c.kind() {
                "variable_name" => true,
                "variable_assignment" => inert_assignment(c, src),
                _ => false,
            })
        }
        "test_command" => {
            let double = text(node).starts_with("[[");
            node.named_children().all(|c| inert_test(c, src, double))
        }
        _ => false,
    }
}

fn inert_command(node: crate::ts::Node<'_>, src: &str) -> bool {
    let text = |n: crate::ts::Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let mut children = node.named_children();
    let Some(name) = children.next().filter(|n| n.kind() == "command_name") else {
        return false;
    };
    let Some((_, forbidden)) = INERT_BUILTINS.iter().find(|(b, _)| *b == text(name)) else {
        return false;
    };
    children.all(|c| {
        let t = text(c);
        inert_word(c, src) && !forbidden.iter().any(|f| t.starts_with(f))
            || c.kind() == "file_redirect" && {
                let r: String = t.chars().filter(|c| !c.is_whitespace()).collect();
                INERT_REDIRECTS.contains(&r.trim_start_matches(|c: char| c.is_ascii_digit()))
            }
    })
}

fn inert_assignment(node: crate::ts::Node<'_>, src: &str) -> bool {
    let text = |n: crate::ts::Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let mut children = node.named_children();
    let Some(name) = children.next().filter(|n| n.kind() == "variable_name") else {
        return false;
    };
    if !text(name).chars().any(|c| c.is_ascii_lowercase()) {
        return false;
    }
    children.all(|c| match c.kind() {
        "array" => c.named_children().all(|w| inert_word(w, src)),
        _ => inert_word(c, src),
    })
}

/// A word that expands to text without running anything.
fn inert_word(node: crate::ts::Node<'_>, src: &str) -> bool {
    let text = src.get(node.byte_range()).unwrap_or("");
    match node.kind() {
        "raw_string" => true,
        "word" | "number" | "string_content" => !text.contains(['$', '`']),
        "string" | "concatenation" => node.named_children().all(|c| inert_word(c, src)),
        "simple_expansion" => text
            .strip_prefix('$')
            .is_some_and(|n| plain_name(n) || matches!(n, "@" | "*" | "#" | "?" | "$" | "!" | "-")),
        "expansion" => text
            .strip_prefix("${")
            .and_then(|t| t.strip_suffix('}'))
            .is_some_and(plain_name),
        _ => false,
    }
}

fn plain_name(n: &str) -> bool {
    !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn inert_test(node: crate::ts::Node<'_>, src: &str, double: bool) -> bool {
    let text = src.get(node.byte_range()).unwrap_or("");
    // `-v`/`-R` evaluate a subscript; in `[[ ]]` the arithmetic comparisons evaluate operands.
    let evaluates =
        |op: &str| matches!(op, "-v" | "-R") || double && ARITHMETIC_TESTS.contains(&op);
    match node.kind() {
        "test_operator" => !evaluates(text),
        "binary_expression" | "unary_expression" | "parenthesized_expression" => {
            node.children().all(|c| match c.is_named() {
                true => inert_test(c, src, double),
                false => !evaluates(src.get(c.byte_range()).unwrap_or("")),
            })
        }
        // Bash expands `$` and backquotes in a regex or pattern operand.
        "regex" | "extglob_pattern" => !text.contains(['$', '`']),
        _ => inert_word(node, src) && !matches!(text, "-v" | "-R"),
    }
}

/// The options of `docker compose` and `docker-compose` that name the stack.
const COMPOSE_KEY_OPTIONS: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--project-directory",
    "--env-file",
    "--profile",
];

/// Things a script brings up and tears down again. A teardown the guard denies because it
/// destroys data (`docker compose down -v` removes the stack's volumes, `git worktree remove
/// --force` drops the worktree's uncommitted work) is the script cleaning up after itself when
/// the same script brought the same thing up: the same compose files and project, the same
/// worktree path. Rows: (kind, program words, create subcommands, teardown subcommands, the
/// options before the subcommand that take a value and name the thing, the teardown's flags).
pub(crate) const LIFECYCLE: &[Lifecycle] = &[
    Lifecycle {
        kind: "compose stack",
        program: &["docker", "compose"],
        create: &["up", "create"],
        teardown: &["down", "rm"],
        key_options: COMPOSE_KEY_OPTIONS,
        by_operand: false,
        name_option: None,
        noun: None,
    },
    Lifecycle {
        kind: "compose stack",
        program: &["docker-compose"],
        create: &["up", "create"],
        teardown: &["down", "rm"],
        key_options: COMPOSE_KEY_OPTIONS,
        by_operand: false,
        name_option: None,
        noun: None,
    },
    Lifecycle {
        kind: "worktree",
        program: &["git", "worktree"],
        create: &["add"],
        teardown: &["remove"],
        key_options: &[],
        by_operand: true,
        name_option: None,
        noun: None,
    },
    Lifecycle {
        kind: "container",
        program: &["docker"],
        create: &["run", "create"],
        teardown: &["rm"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: None,
    },
    Lifecycle {
        kind: "container",
        program: &["docker", "container"],
        create: &["run", "create"],
        teardown: &["rm"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: None,
    },
    Lifecycle {
        kind: "container",
        program: &["podman"],
        create: &["run", "create"],
        teardown: &["rm"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: None,
    },
    Lifecycle {
        kind: "container",
        program: &["podman", "container"],
        create: &["run", "create"],
        teardown: &["rm"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: None,
    },
    // A BuildKit builder (its container and build cache): `docker buildx rm N` of the builder
    // the script made with `docker buildx create --name N`.
    Lifecycle {
        kind: "buildx builder",
        program: &["docker", "buildx"],
        create: &["create"],
        teardown: &["rm"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: None,
    },
    // A local Kubernetes cluster in containers: `kind delete cluster --name N` of the cluster
    // the script made with `kind create cluster --name N`.
    Lifecycle {
        kind: "kind cluster",
        program: &["kind"],
        create: &["create"],
        teardown: &["delete"],
        key_options: &[],
        by_operand: false,
        name_option: Some("--name"),
        noun: Some("cluster"),
    },
];

/// One row of [`LIFECYCLE`].
#[derive(Debug)]
pub(crate) struct Lifecycle {
    /// What is brought up (shown in the chain).
    pub(crate) kind: &'static str,
    /// The words that start the command.
    pub(crate) program: &'static [&'static str],
    /// Subcommands that bring it up.
    pub(crate) create: &'static [&'static str],
    /// Subcommands that tear it down.
    pub(crate) teardown: &'static [&'static str],
    /// Options before the subcommand that name it (with their values): its key.
    pub(crate) key_options: &'static [&'static str],
    /// Its key is the first operand after the subcommand (a path) instead.
    pub(crate) by_operand: bool,
    /// The option of the create subcommand that names the thing (`docker run --name web`);
    /// the teardown names one or more of them as its operands (`docker rm -f web db`).
    pub(crate) name_option: Option<&'static str>,
    /// The word that follows the subcommand (`kind create cluster`), when the program makes
    /// several kinds of thing.
    pub(crate) noun: Option<&'static str>,
}

/// Options of `git worktree add`/`remove` that take a value (skipped to find the path).
const WORKTREE_VALUE_OPTIONS: &[&str] = &["-b", "-B", "--reason"];

/// What `argv` (a command's words, [`UNKNOWN`] where a part is known only at run time) brings
/// up or tears down: the row's kind, whether it is a teardown, and the keys naming the things
/// (one, but a teardown of named things may name several).
pub(crate) fn lifecycle(argv: &[String]) -> Option<(&'static str, bool, Vec<String>)> {
    // `git -C "$repo" worktree add ...`: the repository git works in is part of the key, the
    // words after it the command.
    if argv.first().is_some_and(|w| w == "git") && argv.get(1).is_some_and(|w| w == "-C") {
        let dir = known(argv.get(2)?)?;
        let mut rest = vec!["git".to_owned()];
        rest.extend(argv[3..].iter().cloned());
        let (kind, teardown, keys) = lifecycle(&rest)?;
        let keys = keys.into_iter().map(|k| format!("-C {dir} {k}")).collect();
        return Some((kind, teardown, keys));
    }
    lifecycle_plain(argv)
}

fn lifecycle_plain(argv: &[String]) -> Option<(&'static str, bool, Vec<String>)> {
    LIFECYCLE.iter().find_map(|row| {
        if argv.len() < row.program.len()
            || argv[..row.program.len()]
                .iter()
                .zip(row.program)
                .any(|(a, b)| a != b)
        {
            return None;
        }
        let mut key = Vec::new();
        let mut i = row.program.len();
        while let Some(w) = argv.get(i) {
            let w = known(w)?;
            if !w.starts_with('-') {
                break;
            }
            let (name, inline) = w.split_once('=').map_or((w, false), |(n, _)| (n, true));
            if !row.key_options.contains(&name) {
                return None;
            }
            key.push(w.to_owned());
            if !inline {
                // `-p "itest-$$"`: a name the script chose, completed at run time, is the same
                // name wherever the script spells it alike.
                key.push(
                    argv.get(i + 1)
                        .filter(|v| known(v).is_some() || chosen_name(v))?
                        .to_owned(),
                );
                i += 1;
            }
            i += 1;
        }
        let sub = known(argv.get(i)?)?;
        let teardown = match (row.create.contains(&sub), row.teardown.contains(&sub)) {
            (true, _) => false,
            (_, true) => true,
            _ => return None,
        };
        if let Some(noun) = row.noun {
            if argv.get(i + 1)? != noun {
                return None;
            }
            i += 1;
        }
        if let Some(option) = row.name_option {
            let rest = &argv[i + 1..];
            let names = match teardown {
                // `kind delete cluster --name N`: the teardown names it as the create did.
                true if row.noun.is_some() => vec![option_value(rest, option)?],
                true => named_operands(rest)?,
                false => vec![option_value(rest, option)?],
            };
            return Some((row.kind, teardown, names));
        }
        if row.by_operand {
            let mut j = i + 1;
            let path = loop {
                let w = known(argv.get(j)?)?;
                if WORKTREE_VALUE_OPTIONS.contains(&w) {
                    j += 2;
                } else if w.starts_with('-') {
                    j += 1;
                } else {
                    break w;
                }
            };
            if path.is_empty() {
                return None;
            }
            key.push(path.trim_end_matches('/').to_owned());
        }
        Some((row.kind, teardown, vec![key.join(" ")]))
    })
}

/// The kind of thing `argv` creates when what it prints is the new thing's id: a container
/// started detached or only created (`cid=$(docker run -d img)`, `docker create img`). A
/// teardown that names that id removes what the script brought up itself.
pub(crate) fn prints_created_id(argv: &[String]) -> Option<&'static str> {
    LIFECYCLE.iter().find_map(|row| {
        row.name_option?;
        if row.noun.is_some() {
            return None;
        }
        let n = row.program.len();
        if argv.len() <= n || argv[..n].iter().zip(row.program).any(|(a, b)| a != b) {
            return None;
        }
        let detached = |w: &String| {
            w == "--detach"
                || w.strip_prefix('-').is_some_and(|flags| {
                    !flags.starts_with('-')
                        && flags.contains('d')
                        && flags.chars().all(|c| c.is_ascii_alphabetic())
                })
        };
        match argv[n].as_str() {
            "create" => Some(row.kind),
            "run" if argv[n + 1..].iter().any(detached) => Some(row.kind),
            _ => None,
        }
    })
}

/// The kind of thing `argv` lists by id when it prints only the ids of the containers that
/// carry a label or a name the script spells (`docker ps -aq --filter label=app=ci`, `podman
/// container ls -q -f name=itest-web`): a teardown of those ids removes the containers the
/// script picked out by its own mark, not whatever runs on the machine. A listing without
/// such a filter (`docker ps -aq`), or filtered only by state, image or a mark built at run
/// time, picks out nobody's containers in particular.
pub(crate) fn lists_marked_ids(argv: &[String]) -> Option<&'static str> {
    LIFECYCLE.iter().find_map(|row| {
        if row.kind != "container" {
            return None;
        }
        let n = row.program.len();
        if argv.len() <= n || argv[..n].iter().zip(row.program).any(|(a, b)| a != b) {
            return None;
        }
        let listing = match argv[n].as_str() {
            "ps" => true,
            "ls" | "list" => row.program.len() == 2,
            _ => false,
        };
        if !listing {
            return None;
        }
        let (mut quiet, mut marked) = (false, false);
        let mut it = argv[n + 1..].iter();
        while let Some(w) = it.next() {
            let w = known(w)?;
            let filter = match w {
                "--filter" | "-f" => Some(known(it.next()?)?),
                _ => w.strip_prefix("--filter="),
            };
            if let Some(filter) = filter {
                // `label=KEY` or `label=KEY=VALUE`, `name=NAME`: a mark of at least three
                // characters written in the script.
                let mark = filter
                    .strip_prefix("label=")
                    .or_else(|| filter.strip_prefix("name="));
                marked |= mark.is_some_and(|m| chosen_name(m) && !m.contains('*'));
                continue;
            }
            match w {
                "--quiet" => quiet = true,
                "--all" | "--no-trunc" => {}
                f if f.starts_with('-')
                    && !f.starts_with("--")
                    && f[1..].chars().all(|c| matches!(c, 'a' | 'q')) =>
                {
                    quiet |= f.contains('q');
                }
                _ => return None,
            }
        }
        (quiet && marked).then_some(row.kind)
    })
}

/// The kind of a process the script started in the background (`pid=$!`): signalling it
/// stops the script's own work.
pub(crate) const PROCESS_KIND: &str = "a process the script started";

/// The process ids `kill [-SIGNAL | -s SIGNAL] [--] PID...` (its words) signals, when no
/// word is a process group or a job (`-1`, `%1`) and every one is known or keyed.
pub(crate) fn killed_pids(words: &[String]) -> Option<Vec<String>> {
    let (kill, rest) = words.split_first()?;
    if kill != "kill" {
        return None;
    }
    let mut pids = Vec::new();
    let mut it = rest.iter();
    let (mut operands, mut signal) = (false, false);
    while let Some(w) = it.next() {
        if !operands && w == "--" {
            operands = true;
            continue;
        }
        if !operands && w.starts_with('-') {
            // One signal, before the first process id (`kill -9 -1` signals every process).
            if signal || !pids.is_empty() {
                return None;
            }
            match known(w)? {
                "-s" | "-n" => {
                    known(it.next()?)?;
                }
                f if f.len() > 1 && f[1..].chars().all(|c| c.is_ascii_alphanumeric()) => {}
                _ => return None,
            }
            signal = true;
            continue;
        }
        if w.starts_with(['%', '-']) {
            return None;
        }
        pids.push(w.clone());
    }
    (!pids.is_empty()).then_some(pids)
}

/// The kind of a process id the script already asked to stop ([`asks_to_stop`]): a KILL to
/// it after that is the stop's last step.
pub(crate) const STOP_ASKED_KIND: &str = "a process the script asked to stop";

/// Whether `kill` (its words, see [`killed_pids`]) sends a signal that asks a process to stop
/// and lets it clean up: none given (TERM), or TERM, INT, HUP or QUIT by name or number. Not
/// `-0` (a check that the process exists), nor KILL or STOP.
pub(crate) fn asks_to_stop(words: &[String]) -> bool {
    let mut signal = None;
    let mut it = words.iter().skip(1);
    while let Some(w) = it.next() {
        match w.as_str() {
            "--" => break,
            "-s" | "-n" => signal = it.next().map(String::as_str),
            f if f.starts_with('-') => signal = Some(&f[1..]),
            _ => break,
        }
    }
    let Some(signal) = signal else {
        return true;
    };
    let name = signal.to_ascii_uppercase();
    let name = name.strip_prefix("SIG").unwrap_or(&name);
    matches!(
        name,
        "TERM" | "INT" | "HUP" | "QUIT" | "15" | "2" | "1" | "3"
    )
}

/// The kind of a branch the script created itself (`git checkout -b`, `git switch -c`, `git
/// branch NAME`, `git worktree add -b`): deleting it, or force-pushing or deleting it on a
/// remote, drops the script's own work, not the user's.
pub(crate) const BRANCH_KIND: &str = "a branch the script created";

/// The kind of a repository the script made itself (`git init`), or one in its temporary
/// directory or build output: removing its `.git` removes no project history.
pub(crate) const REPO_KIND: &str = "a repository the script made";

/// The kind of a path the script changed earlier in its run (wrote, edited in place, checked
/// out from another revision): restoring it from the index undoes the script's own change.
pub(crate) const CHANGED_KIND: &str = "a path the script changed";

/// The kind of a git remote the script added itself for a repository it made (`git init
/// --bare "$tmp/origin.git"`, `git remote add scratch "$tmp/origin.git"`) or in a temporary
/// directory: what it pushes there overwrites nobody's branches.
pub(crate) const REMOTE_KIND: &str = "a remote of a repository the script made";

/// Branch names that are a project's line of development wherever they appear: a script that
/// "creates" one (in a clone, an orphan) and force-pushes it rewrites what everybody builds on.
const MAINLINE_BRANCHES: &[&str] = &[
    "main",
    "master",
    "trunk",
    "develop",
    "development",
    "dev",
    "HEAD",
    "stable",
    "production",
    "prod",
    "default",
];

/// What a git command does to things a script may own.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum GitAct {
    /// Creates a branch of this name.
    CreatesBranch(String),
    /// `git init [DIR]`: a repository in DIR (`None`: the current directory).
    Init(Option<String>),
    /// Deletes these branches.
    DropsBranches(Vec<String>),
    /// Pushes to the remote (a name, path or URL) and may overwrite or delete the branches
    /// its refspecs name there (`None`: one of them is not a name the script chose).
    Pushes(String, Option<Vec<String>>),
    /// `git remote add NAME URL`.
    AddsRemote(String, String),
    /// Restores these paths from the index or `HEAD` (`git checkout -- P`, `git restore P`).
    Restores(Vec<String>),
    /// Overwrites these paths with another revision's (`git checkout REV -- P`).
    Overwrites(Vec<String>),
}

/// A branch name the script chose (see [`chosen_name`]), `refs/heads/` taken off, that is not
/// a line of development ([`MAINLINE_BRANCHES`]).
fn own_branch_name(w: &str) -> Option<String> {
    let name = w.strip_prefix("refs/heads/").unwrap_or(w);
    (chosen_name(name) && !MAINLINE_BRANCHES.contains(&name) && !name.contains([':', ' ']))
        .then(|| name.to_owned())
}

/// What `argv` (a command's words, [`UNKNOWN`] where a part is known only at run time) does,
/// when it is a git command that creates or drops a branch, makes a repository or restores
/// paths. Any option the reading does not know leaves the command unread.
pub(crate) fn git_act(argv: &[String]) -> Option<GitAct> {
    let (git, rest) = argv.split_first()?;
    if git != "git" {
        return None;
    }
    let mut i = 0;
    // `git -C DIR`: the paths of a restore are DIR's (another repository's branches are not
    // read).
    let mut dir: Option<&String> = None;
    loop {
        match known(rest.get(i)?)? {
            "--no-pager" => i += 1,
            "-c" => i += 2,
            "-C" if dir.is_none() => {
                dir = Some(rest.get(i + 1)?);
                i += 2;
            }
            _ => break,
        }
    }
    let sub = known(rest.get(i)?)?;
    let args = &rest[i + 1..];
    if let Some(dir) = dir {
        let under = |paths: Vec<String>| -> Vec<String> {
            paths
                .into_iter()
                .map(|p| match p.starts_with(['/', '~']) {
                    true => p,
                    false => format!("{}/{p}", dir.trim_end_matches('/')),
                })
                .collect()
        };
        return match git_act(
            &[git.clone(), sub.to_owned()]
                .into_iter()
                .chain(args.iter().cloned())
                .collect::<Vec<_>>(),
        )? {
            GitAct::Restores(paths) => Some(GitAct::Restores(under(paths))),
            GitAct::Overwrites(paths) => Some(GitAct::Overwrites(under(paths))),
            _ => None,
        };
    }
    match sub {
        "checkout" => git_checkout(args),
        "switch" => {
            let at = args.iter().position(|w| {
                matches!(
                    w.as_str(),
                    "-c" | "-C" | "--create" | "--force-create" | "--orphan"
                )
            })?;
            own_branch_name(args.get(at + 1)?).map(GitAct::CreatesBranch)
        }
        "worktree" if args.first().is_some_and(|w| w == "add") => {
            let at = args.iter().position(|w| w == "-b" || w == "-B")?;
            own_branch_name(args.get(at + 1)?).map(GitAct::CreatesBranch)
        }
        "branch" => git_branch(args),
        "remote" => match args {
            [add, name, url] if add == "add" && known(name).is_some() => {
                Some(GitAct::AddsRemote(name.clone(), url.clone()))
            }
            _ => None,
        },
        "push" => git_push(args),
        "init" => {
            let mut dir = None;
            let mut it = args.iter();
            while let Some(w) = it.next() {
                match known(w) {
                    Some("-q" | "--quiet" | "--bare") => {}
                    Some("-b" | "--initial-branch") => {
                        it.next()?;
                    }
                    Some(w) if w.starts_with("--initial-branch=") => {}
                    _ if w.starts_with('-') || dir.is_some() => return None,
                    _ => dir = Some(w.clone()),
                }
            }
            Some(GitAct::Init(dir))
        }
        "restore" => {
            let mut source_is_head = true;
            let mut paths = Vec::new();
            let mut it = args.iter();
            let mut operands = false;
            while let Some(w) = it.next() {
                if operands || !w.starts_with('-') {
                    paths.push(w.clone());
                    continue;
                }
                match known(w)? {
                    "--" => operands = true,
                    "-W" | "--worktree" | "-S" | "--staged" | "-q" | "--quiet" | "-SW" | "-WS" => {}
                    "-s" | "--source" => {
                        source_is_head = matches!(it.next()?.as_str(), "HEAD" | "@");
                    }
                    w if w.starts_with("--source=") || w.starts_with("-s") => {
                        let v = w.trim_start_matches("--source=").trim_start_matches("-s");
                        source_is_head = matches!(v, "HEAD" | "@");
                    }
                    _ => return None,
                }
            }
            if paths.is_empty() {
                return None;
            }
            Some(match source_is_head {
                true => GitAct::Restores(paths),
                false => GitAct::Overwrites(paths),
            })
        }
        _ => None,
    }
}

/// `git checkout -b NAME`, `git checkout [REV] -- PATH...`.
fn git_checkout(args: &[String]) -> Option<GitAct> {
    let mut revs: Vec<&String> = Vec::new();
    for (i, w) in args.iter().enumerate() {
        match known(w) {
            Some("-b" | "-B" | "--orphan") => {
                return own_branch_name(args.get(i + 1)?).map(GitAct::CreatesBranch);
            }
            Some("--") => {
                let paths = args[i + 1..].to_vec();
                if paths.is_empty() {
                    return None;
                }
                return Some(match revs.as_slice() {
                    [] => GitAct::Restores(paths),
                    [rev] if matches!(rev.as_str(), "HEAD" | "@") => GitAct::Restores(paths),
                    [_] => GitAct::Overwrites(paths),
                    _ => return None,
                });
            }
            Some("-q" | "--quiet" | "-f" | "--force") => {}
            _ if w.starts_with('-') => return None,
            _ => revs.push(w),
        }
    }
    None
}

/// `git branch NAME [START]` (created), `git branch -D NAME...` (dropped).
fn git_branch(args: &[String]) -> Option<GitAct> {
    let (mut delete, mut force) = (false, false);
    let mut names = Vec::new();
    for w in args {
        match known(w) {
            Some("-d" | "-D" | "--delete") => delete = true,
            Some("-f" | "--force") => force = true,
            Some("-q" | "--quiet" | "-t" | "--track" | "--no-track") => {}
            Some(w) if w.starts_with("--track=") => {}
            _ if w.starts_with('-') => return None,
            _ => names.push(w),
        }
    }
    match delete {
        true if !names.is_empty() => names
            .iter()
            .map(|n| own_branch_name(n))
            .collect::<Option<Vec<_>>>()
            .map(GitAct::DropsBranches),
        false if !force && matches!(names.len(), 1 | 2) => {
            own_branch_name(names[0]).map(GitAct::CreatesBranch)
        }
        _ => None,
    }
}

/// `git push [--force|--delete] REMOTE REFSPEC...`: the branches it may overwrite or delete on
/// the remote (each refspec's destination).
fn git_push(args: &[String]) -> Option<GitAct> {
    let mut delete = false;
    let mut operands = Vec::new();
    let mut it = args.iter();
    while let Some(w) = it.next() {
        match known(w) {
            Some("-d" | "--delete") => delete = true,
            Some(
                "-f"
                | "--force"
                | "--force-if-includes"
                | "-u"
                | "--set-upstream"
                | "-q"
                | "--quiet"
                | "-v"
                | "--verbose"
                | "--no-verify"
                | "--atomic"
                | "--porcelain"
                | "--progress"
                | "-n"
                | "--dry-run",
            ) => {}
            Some(w) if w.starts_with("--force-with-lease") || w.starts_with("--push-option=") => {}
            Some("-o" | "--push-option") => {
                it.next()?;
            }
            _ if w.starts_with('-') => return None,
            _ => operands.push(w.clone()),
        }
    }
    let (remote, refspecs) = operands.split_first()?;
    if refspecs.is_empty() {
        return None;
    }
    let names = refspecs
        .iter()
        .map(|r| {
            let r = r.strip_prefix('+').unwrap_or(r);
            let dst = match (delete, r.split_once(':')) {
                (true, _) | (false, None) => r,
                (false, Some((_, dst))) => dst,
            };
            own_branch_name(dst)
        })
        .collect::<Option<Vec<_>>>();
    Some(GitAct::Pushes(remote.clone(), names))
}

/// A word known before the script runs.
fn known(w: &str) -> Option<&str> {
    Some(w).filter(|w| !w.contains(UNKNOWN))
}

/// A name the script chose: at least three characters of it are written in the script (a part
/// known only at run time, such as the shell's process id in `app-$$`, may complete it).
fn chosen_name(w: &str) -> bool {
    w.chars().filter(|c| *c != UNKNOWN).count() >= 3 && !w.starts_with('-')
}

/// The value of `option` (`--name web`, `--name=web`) among a create command's words, when it
/// is a name the script chose.
fn option_value(words: &[String], option: &str) -> Option<String> {
    let mut it = words.iter();
    while let Some(w) = it.next() {
        if w == option {
            return it.next().filter(|v| chosen_name(v)).cloned();
        }
        if let Some(v) = w.strip_prefix(option).and_then(|r| r.strip_prefix('=')) {
            return Some(v.to_owned()).filter(|v| chosen_name(v));
        }
    }
    None
}

/// The operands of a teardown that removes named things (`rm -f -v web db`): its flags take no
/// value; any other option, or a name the script did not choose, leaves the teardown unknown.
fn named_operands(words: &[String]) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for w in words {
        if let Some(flags) = w.strip_prefix('-') {
            if !w.contains(UNKNOWN) && flags.chars().all(|c| matches!(c, 'f' | 'v' | '-'))
                || matches!(w.as_str(), "--force" | "--volumes")
            {
                continue;
            }
            return None;
        }
        if !chosen_name(w) {
            return None;
        }
        names.push(w.clone());
    }
    (!names.is_empty()).then_some(names)
}

/// The rule id of guard-derived findings: `guard:<concept>`.
const RULE_PREFIX: &str = "guard:";

/// Whether every path among `operands` lies in the project or a temp dir.
fn operands_contained(sink: &mut Sink<'_>, operands: &[String]) -> bool {
    operands.iter().all(|w| {
        let w = w.trim_start_matches(['<', '>']);
        let value = w.split_once('=').map_or(w, |(_, v)| v);
        let pathlike = value.contains('/')
            || value.starts_with('.')
            || value.starts_with('~')
            || value.starts_with('$');
        if w.starts_with('-') && !w.contains('=') || !pathlike {
            return true;
        }
        matches!(
            sink.resolve(value).place,
            Place::Tmp | Place::WorkTree | Place::WorkTreeRoot
        )
    })
}

/// The KG concept of the guard's deny of any change outside the project.
const OUTSIDE_CHANGE: &str = "delete or change outside the project";

/// Whether the paths among `operands` lie in the project, a temp dir or a named tool's own
/// configuration or cache directory, and at least one in such a directory
/// (`places::tool_own_dir`).
fn tool_own_operands(sink: &mut Sink<'_>, operands: &[String]) -> bool {
    let mut own = false;
    for w in operands {
        let w = w.trim_start_matches(['<', '>', '&']);
        let value = w.split_once('=').map_or(w, |(_, v)| v);
        let pathlike = value.contains('/') || value.starts_with(['.', '~', '$']);
        if w.starts_with('-') && !w.contains('=') || !pathlike {
            continue;
        }
        let r = sink.resolve(value);
        match r.place {
            Place::Tmp | Place::WorkTree | Place::WorkTreeRoot => {}
            Place::Home if crate::places::tool_own_dir(&r) => own = true,
            _ => return false,
        }
    }
    own
}

/// One statement of a script waiting for the judge: its line, its texts (one per value of a
/// loop variable) and whether the review classified every program it runs.
#[derive(Debug, Clone)]
pub(crate) struct Pending {
    line: u32,
    texts: Vec<String>,
    modeled: bool,
    /// The byte range and kind of the statement's node when its one text is its own source in
    /// the script under review (not in code the script nests): the judge may reuse its tree.
    node: Option<(usize, usize, &'static str)>,
    /// The statement tears down a thing of [`LIFECYCLE`] (its kind and key) and runs nothing
    /// else but inert builtins.
    teardown: Option<(&'static str, Vec<String>)>,
    /// The statement is in the body of a function of the script (the body's start byte),
    /// walked at a call with its arguments (`true`) or where it is defined. Where every call
    /// of the function was walked with its arguments, the definition's verdicts give way to
    /// the calls'.
    func: Option<(usize, bool)>,
    /// An argument vector a script of another language starts (`subprocess.run([...])`,
    /// `spawn(prog, args)`): the review models what it does, so only the guard's deny adds to
    /// that (a command the guard never lets run is no safer started from Python).
    deny_only: bool,
    /// The texts from this index on are the statement as written where a value of it is a
    /// positional parameter's default (`${2:-postgres://localhost/db}`): a value the script's
    /// caller chooses. Only the guard's deny of one counts: the guard lifts some commands by a
    /// value the line spells (a restore into a loopback database), which the caller may
    /// replace; what it only confines is judged with the script's default in place.
    as_written_from: usize,
    /// Reached only on a branch the user's explicit opt-in guards ([`Sink::on_request`]).
    on_request: bool,
    /// A database client the script checked is aimed at this machine ([`Sink::local_database`]).
    local_database: bool,
}

impl Pending {
    /// A publish the user asked for that the review let stand, alone on its line: the guard
    /// denies the line for that publish only.
    fn requested_publish(&self, sink: &mut Sink<'_>) -> bool {
        // A function's statement judged where it is defined: every call of it is guarded.
        let requested = self.on_request
            || matches!(self.func, Some((body, false))
                if sink.function_calls.get(&body).is_some_and(|(calls, walked)| calls + walked > 0)
                    && !sink.called_unrequested.contains(&body));
        let publishes = sink.requested_publish_lines.contains(&self.line);
        // Each value the statement may run with, alone, in the project or a directory of it
        // (`cd "$work/unpacked" && npm publish` publishes another package).
        let mut alone = |t: &String| {
            let own = match t.find(CD_PREFIX.1) {
                Some(i) if cd_prefix(&t[..i + CD_PREFIX.1.len()]) => {
                    let dir = t[CD_PREFIX.0.len()..i].trim_matches('\'');
                    if dir.contains(['$', '"', '`', UNKNOWN])
                        || !matches!(
                            sink.resolve(dir).place,
                            Place::WorkTree | Place::WorkTreeRoot
                        )
                    {
                        return false;
                    }
                    &t[i + CD_PREFIX.1.len()..]
                }
                _ => t.as_str(),
            };
            !own.contains([';', '|', '&', '`', '\n', '<', '>']) && !own.contains("$(")
        };
        requested && publishes && !self.texts.is_empty() && self.texts.iter().all(&mut alone)
    }
}

/// Keep a program started with a known argument vector by a script of another language for
/// the judge, as the command line that runs the same words. In JavaScript and TypeScript a
/// word wholly built at run time (a name a listing returned, `docker volume rm -f ${v.name}`)
/// is the value of a variable there (`"$VALUE"`): only a denial counts for such a line
/// (`deny_only`), and what its known words do, a forced removal of whatever it names, the
/// guard denies whatever the word holds. A word with a part the script spells (`v${next}`,
/// `cache-${id}`) names a thing of the script's own, and such a line is left to the review, as
/// are all words built at run time in the other languages.
///
/// A word may be one of several strings (a parameter of a helper its calls give different
/// literals: `rails(expression)` called with a read and with a bulk destroy): `alternatives`
/// holds one vector per combination (`words` are the words as the review knows the value,
/// one of them built at run time). Each vector whose every word is known is a text the guard
/// judges; the strictest verdict stands.
pub(crate) fn judge_argv(
    sink: &mut Sink<'_>,
    line: u32,
    words: &[String],
    alternatives: &[Vec<String>],
) {
    if sink.judge.is_none() || !sink.recording || words.is_empty() {
        return;
    }
    // A branch or repository the program makes is the script's own from then on.
    let teardown = sink.git_facts(words);
    let js = matches!(sink.lang, Language::JavaScript | Language::TypeScript);
    let known = |words: &[String]| {
        !words
            .iter()
            .any(|w| w.contains(UNKNOWN) && !(js && w.chars().all(|c| c == UNKNOWN)))
    };
    let text_of = |words: &[String]| {
        words
            .iter()
            .map(|w| run_time_word(w))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Each combination whose words are all known; the words as the review knows them where
    // one is not (or there are none), when those are.
    let mut texts: Vec<String> = alternatives
        .iter()
        .filter(|w| !w.is_empty() && known(w))
        .map(|w| text_of(w))
        .collect();
    if texts.len() < alternatives.len().max(1) && known(words) {
        texts.push(text_of(words));
    }
    if texts.is_empty() {
        return;
    }
    let line = sink.fixed_line.unwrap_or(line);
    sink.pending.push(Pending {
        line,
        texts,
        modeled: true,
        node: None,
        teardown,
        func: None,
        deny_only: true,
        as_written_from: 1,
        on_request: sink.on_request,
        local_database: sink.local_database,
    });
}

/// `word` as one shell word whose parts built at run time are the value of a variable
/// (`"$VALUE"`), expanded as one word: `cache-?` is `cache-"$VALUE"`.
pub(crate) fn run_time_word(word: &str) -> String {
    if !word.contains(UNKNOWN) {
        return quote(word);
    }
    word.split(UNKNOWN)
        .map(|part| match part.is_empty() {
            true => String::new(),
            false => quote(part),
        })
        .collect::<Vec<_>>()
        .join("\"$VALUE\"")
}

/// `word` as one shell word: as it is when every character is safe, else in single quotes.
pub(crate) fn quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c));
    if plain {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The texts of one statement the judge is asked about: the line with the values the review
/// knows in place, and (`as_written`) the line with a caller's positional defaults left as
/// written, of which only a deny counts.
pub(crate) struct JudgedTexts {
    pub(crate) texts: Vec<String>,
    pub(crate) as_written: Option<String>,
}

/// Keep one statement of a script for the judge (asked once the whole script was walked, see
/// [`judge_pending`]). `modeled`: the review classified the effects of every program the
/// statement runs, so its own findings stand for what the guard would confine (a denied or
/// opaque line still counts).
/// `node`: the statement's byte range and kind when its one text is its own source.
pub(crate) fn judge_statement(
    sink: &mut Sink<'_>,
    line: u32,
    judged: JudgedTexts,
    modeled: bool,
    node: Option<(usize, usize, &'static str)>,
    teardown: Option<(&'static str, Vec<String>)>,
    func: Option<(usize, bool)>,
) {
    if sink.judge.is_none() || !sink.recording {
        return;
    }
    // Only statements of the script itself are in its syntax tree.
    let node = node.filter(|_| sink.depth == 0 && sink.fixed_line.is_none());
    let line = sink.fixed_line.unwrap_or(line);
    let JudgedTexts {
        mut texts,
        as_written,
    } = judged;
    let as_written_from = texts.len();
    texts.extend(as_written);
    sink.pending.push(Pending {
        line,
        texts,
        modeled,
        node,
        teardown,
        func,
        deny_only: false,
        as_written_from,
        on_request: sink.on_request,
        local_database: sink.local_database,
    });
}

/// The node with exactly this byte range (in `source`) and kind, in the one of `trees` (each
/// with the byte offset of the part of `source` it was parsed from) whose part holds it, and
/// that part of `source`, in which the node's byte range is.
fn node_at<'t>(
    trees: &'t [(tree_sitter::Tree, usize)],
    source: &'t str,
    (start, end, kind): (usize, usize, &str),
) -> Option<(tree_sitter::Node<'t>, &'t str)> {
    let (tree, offset) = trees.iter().rev().find(|(_, offset)| *offset <= start)?;
    let part = source.get(*offset..)?;
    let (start, end) = (start - offset, end.checked_sub(*offset)?);
    let mut node = tree.root_node().descendant_for_byte_range(start, end)?;
    while node.start_byte() == start && node.end_byte() == end {
        if node.kind() == kind {
            return Some((node, part));
        }
        node = node.parent()?;
    }
    None
}

/// Ask the judge about every statement kept by [`judge_statement`] and record what it says:
/// the one-line texts in one call, the others (heredocs, continued lines) one by one. `trees`:
/// the review's syntax trees of `source`, the shell script under review (one per part it was
/// parsed in, with the part's byte offset), whose statements the judge need not parse again.
pub(crate) fn judge_pending(
    sink: &mut Sink<'_>,
    trees: &[(tree_sitter::Tree, usize)],
    source: &str,
) {
    let Some(judge) = sink.judge else {
        return;
    };
    let mut pending = std::mem::take(&mut sink.pending);
    // A statement of a function judged at every call (with the values the call gave) is not
    // judged again with parameters nobody knows where the function is defined.
    let at_calls: std::collections::HashSet<(usize, u32)> = pending
        .iter()
        .filter_map(|p| match p.func {
            Some((body, true)) => Some((body, p.line)),
            _ => None,
        })
        .collect();
    pending.retain(|p| match p.func {
        Some((body, false)) => {
            !at_calls.contains(&(body, p.line))
                || sink
                    .function_calls
                    .get(&body)
                    .is_none_or(|(calls, walked)| *calls == 0 || walked < calls)
        }
        _ => true,
    });
    if pending.is_empty() {
        return;
    }
    let lines: Vec<ScriptLine<'_>> = pending
        .iter()
        .flat_map(|p| p.texts.iter().map(move |t| (p, t)))
        .filter(|(_, t)| !t.contains('\n'))
        .map(|(p, t)| ScriptLine {
            text: t,
            node: match (p.texts.len(), p.node) {
                (1, Some(at))
                    if source
                        .get(at.0..at.1)
                        .and_then(|own| t.strip_suffix(own))
                        .is_some_and(|before| before.is_empty() || cd_prefix(before)) =>
                {
                    node_at(trees, source, at)
                }
                _ => None,
            },
        })
        .collect();
    // A text of several lines is judged alone, once, so an equal one (a heredoc written twice)
    // gets the same verdict.
    let mut several: Vec<&str> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for t in pending.iter().flat_map(|p| &p.texts) {
        if t.contains('\n') && seen.insert(t.as_str()) {
            several.push(t);
        }
    }
    let (batch, alone) = judge.judge_script(&lines, &several, sink.ctx);
    let mut batch = batch.into_iter();
    let alone: std::collections::HashMap<&str, CommandVerdict> =
        several.iter().copied().zip(alone).collect();
    // Per line: whether the guard lets every statement judged there run as it is.
    let mut allowed: std::collections::HashMap<u32, bool> = std::collections::HashMap::new();
    for p in &pending {
        let verdicts: Vec<CommandVerdict> = p
            .texts
            .iter()
            .map(|t| match t.contains('\n') {
                true => alone
                    .get(t.as_str())
                    .cloned()
                    .unwrap_or_else(|| CommandVerdict {
                        tier: CommandTier::Opaque,
                        reason: "the command guard gave no verdict for this statement".into(),
                        rule: "unavailable".into(),
                        pattern: None,
                        operands: Vec::new(),
                    }),
                false => batch.next().unwrap_or_else(|| CommandVerdict {
                    tier: CommandTier::Opaque,
                    reason: "the command guard gave no verdict for this line".into(),
                    rule: "unavailable".into(),
                    pattern: None,
                    operands: Vec::new(),
                }),
            })
            .collect();
        // What the guard lets run as it is, or keeps to the project (a write of a project
        // file) where every path of it is there.
        let all = verdicts.iter().all(|v| match v.tier {
            CommandTier::Allow => true,
            CommandTier::Project => operands_contained(sink, &v.operands),
            _ => false,
        });
        *allowed.entry(p.line).or_insert(true) &= all;
        record(sink, p, verdicts);
    }
    // A privileged wrapper (`sudo -n postqueue -j`) is judged by what it runs: the guard judges
    // the inner command as root (its own rules for `sudo X` stand, the elevation alone does not
    // count in a script, see the CLI's `script_judge`), and where it lets every statement of
    // the line run as it is (a reader the KG knows), the elevation flags nothing. A program no
    // rule knows, a change of the system or anything the guard confines keeps the finding.
    sink.findings.retain(|f| {
        !(f.category == Category::Escape
            && f.why.starts_with(crate::command::ELEVATED_WHY)
            && allowed.get(&f.line).copied().unwrap_or(false))
    });
}

/// The guard's rules about a database's data that a check of the script can show apply to a
/// database of this machine (`shell/local_db.rs`).
const LOCAL_DATABASE_RULES: &[&str] = &[
    "sql destructive statement",
    "sql drop table",
    "sql change without where",
    "sql data change",
    "database drop tools",
    "platform cli destroy verbs",
];

/// Record the strictest of a statement's verdicts as a finding.
fn record(sink: &mut Sink<'_>, p: &Pending, verdicts: Vec<CommandVerdict>) {
    let mut worst: Option<(Verdict, CommandVerdict)> = None;
    for (i, v) in verdicts.into_iter().enumerate() {
        let severity = match v.tier {
            CommandTier::Allow | CommandTier::Unknown => continue,
            tier if (p.deny_only || i >= p.as_written_from) && tier != CommandTier::Deny => {
                continue;
            }
            CommandTier::Project | CommandTier::Outside if p.modeled => continue,
            CommandTier::Project if operands_contained(sink, &v.operands) => continue,
            // The script tears down what it brought up itself.
            CommandTier::Deny | CommandTier::Outside | CommandTier::Project
                if p.teardown.as_ref().is_some_and(|(kind, keys)| {
                    keys.iter()
                        .all(|k| sink.created.contains(&(*kind, k.clone())))
                }) =>
            {
                continue;
            }
            // A change the guard denies only because it lies outside the project, made in a
            // named tool's own configuration or cache directory (`mkdir`, `chmod 600`, a
            // temp file moved over the tool's config, a backup copy): where the review
            // classified every program of the line, its own rules judge the change as they
            // judge it in any language (`places::tool_own_dir`); otherwise it is confined
            // beyond the project, not refused outright.
            CommandTier::Deny
                if v.rule == OUTSIDE_CHANGE && tool_own_operands(sink, &v.operands) =>
            {
                if p.modeled {
                    continue;
                }
                Verdict::Suspicious
            }
            // A database of this machine reset by a client the script checked is aimed there:
            // its own development data, as the guard's local database reset says of a line
            // whose prefix shows the host.
            CommandTier::Deny | CommandTier::Outside | CommandTier::Project
                if p.local_database && LOCAL_DATABASE_RULES.contains(&v.rule.as_str()) =>
            {
                continue;
            }
            // The release the user asked for: the review judged it with the whole script.
            CommandTier::Deny if p.requested_publish(sink) => continue,
            CommandTier::Deny => Verdict::Dangerous,
            CommandTier::Project | CommandTier::Outside | CommandTier::Opaque => {
                Verdict::Suspicious
            }
        };
        if worst.as_ref().is_none_or(|(s, _)| severity > *s) {
            worst = Some((severity, v));
        }
    }
    let Some((severity, v)) = worst else {
        return;
    };
    let line = p.line;
    let action = match v.tier {
        CommandTier::Deny => "denies",
        _ => "confines",
    };
    let mut chain = vec![match &v.pattern {
        Some(p) => format!("guard {action}: {p}"),
        None => format!("guard {action}: {}", v.reason),
    }];
    if v.tier == CommandTier::Project {
        chain.push("effects outside the project".into());
    }
    let rule = if v.rule.is_empty() {
        format!(
            "{RULE_PREFIX}{}",
            if severity == Verdict::Dangerous {
                "deny"
            } else {
                "confine"
            }
        )
    } else {
        format!("{RULE_PREFIX}{}", v.rule)
    };
    let why = match v.tier {
        CommandTier::Deny => format!("the command guard denies this command: {}", v.reason),
        CommandTier::Opaque => format!("the command guard cannot see what runs: {}", v.reason),
        _ => format!("the command guard would confine this command: {}", v.reason),
    };
    sink.add_rule(line, Category::GuardRule, severity, &rule, chain, why);
}

/// One finding a line: where the guard and the script's own rules both flag a line, the stronger
/// stands (the script's own finding when they are equal: its chain says more).
pub(crate) fn merge_guard_findings(findings: &mut Vec<Finding>) {
    if !findings.iter().any(|f| f.rule.starts_with(RULE_PREFIX)) {
        return;
    }
    let own_max = |line: u32, fs: &[Finding]| {
        fs.iter()
            .filter(|f| f.line == line && !f.rule.starts_with(RULE_PREFIX))
            .map(|f| f.severity)
            .max()
    };
    let mut keep = vec![true; findings.len()];
    for (i, f) in findings.iter().enumerate() {
        if !f.rule.starts_with(RULE_PREFIX) {
            continue;
        }
        // Two guard findings on one line: the first of the stronger stands.
        if findings[..i].iter().zip(&keep).any(|(g, k)| {
            *k && g.line == f.line && g.rule.starts_with(RULE_PREFIX) && g.severity >= f.severity
        }) || findings[i + 1..]
            .iter()
            .any(|g| g.line == f.line && g.rule.starts_with(RULE_PREFIX) && g.severity > f.severity)
        {
            keep[i] = false;
            continue;
        }
        match own_max(f.line, findings) {
            Some(own) if own >= f.severity => keep[i] = false,
            Some(_) => {
                for (j, g) in findings.iter().enumerate() {
                    if g.line == f.line && !g.rule.starts_with(RULE_PREFIX) {
                        keep[j] = false;
                    }
                }
            }
            None => {}
        }
    }
    let mut k = keep.into_iter();
    findings.retain(|_| k.next().unwrap_or(true));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn finding(line: u32, severity: Verdict, rule: &str) -> Finding {
        Finding {
            category: Category::Destructive,
            severity,
            line,
            snippet: String::new(),
            why: rule.into(),
            rule: rule.into(),
            chain: Vec::new(),
        }
    }

    /// A value put where the guard reads it is one word, as the shell passes it; `~` (the home)
    /// stays expandable.
    #[test]
    fn substituted_values_are_quoted_as_the_shell_passes_them() {
        for (value, quoted) in [
            ("sshd", "'sshd'"),
            ("a b", "'a b'"),
            ("it's", "'it'\\''s'"),
            ("~", "~"),
            ("~/", "~/"),
            ("~/.ssh", "~/'.ssh'"),
            ("~user", "'~user'"),
            ("/etc/hosts", "'/etc/hosts'"),
            ("", "''"),
        ] {
            assert_eq!(crate::shell::quote_word(value), quoted, "{value}");
        }
    }

    #[test]
    fn one_finding_a_line_the_stronger_stands() {
        use Verdict::{Dangerous as D, Suspicious as S};
        // (findings, rules kept)
        let cases: Vec<(Vec<Finding>, Vec<&str>)> = vec![
            // The guard's stronger verdict replaces the script's own weaker one.
            (
                vec![
                    finding(3, S, "unknown-delete"),
                    finding(3, D, "guard:rm home"),
                ],
                vec!["guard:rm home"],
            ),
            // Equal: the script's own finding stays.
            (
                vec![finding(3, D, "destructive"), finding(3, D, "guard:rm home")],
                vec!["destructive"],
            ),
            // Weaker guard finding: dropped.
            (
                vec![finding(3, D, "destructive"), finding(3, S, "guard:x")],
                vec!["destructive"],
            ),
            // Different lines: both stay.
            (
                vec![finding(2, S, "secret-read"), finding(3, D, "guard:x")],
                vec!["secret-read", "guard:x"],
            ),
            // Two guard findings on a line: the stronger.
            (
                vec![finding(4, S, "guard:a"), finding(4, D, "guard:b")],
                vec!["guard:b"],
            ),
            (
                vec![finding(4, S, "guard:a"), finding(4, S, "guard:b")],
                vec!["guard:a"],
            ),
        ];
        for (mut fs, want) in cases {
            let before: Vec<String> = fs.iter().map(|f| f.rule.clone()).collect();
            merge_guard_findings(&mut fs);
            let got: Vec<&str> = fs.iter().map(|f| f.rule.as_str()).collect();
            assert_eq!(got, want, "{before:?}");
        }
    }
}
