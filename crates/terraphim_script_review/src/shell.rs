//! Shell scripts: commands, pipelines, redirections, substitutions and variables.

use crate::ts::Node;

use crate::command::run_argv;
use crate::engine::{Sink, Taint, Val};
use crate::model::{Category, Verdict};
use crate::places::UNKNOWN;
use crate::scope::Map;

pub(crate) mod awk;
mod choice;
mod contain;
mod detached;
mod dotenv_line;
mod local_db;
mod opt_in;
mod own_functions;
mod vars;

/// How many values of a loop variable the command guard is asked about, one text each.
const MAX_ALTERNATIVES: usize = 4;

/// Where an expansion sits, for quoting the value put in its place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quote {
    /// Unquoted: the value is split into words (each passed quoted, so it is not read again).
    None,
    /// In a double-quoted string.
    Double,
    /// In an unquoted heredoc body.
    Heredoc,
}

impl Quote {
    fn render(self, value: &str) -> String {
        match self {
            Quote::None => value
                .split_whitespace()
                .map(quote_word)
                .collect::<Vec<_>>()
                .join(" "),
            Quote::Double => {
                let (home, rest) = split_home(value);
                let mut out = String::from(if home { "${HOME}" } else { "" });
                for c in rest.chars() {
                    if matches!(c, '\\' | '"' | '$' | '`') {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out
            }
            Quote::Heredoc => {
                let mut out = String::new();
                for c in value.chars() {
                    if matches!(c, '\\' | '$' | '`') {
                        out.push('\\');
                    }
                    out.push(c);
                }
                out
            }
        }
    }
}

/// `~` (the home, as the review writes it) and the rest of a value.
fn split_home(value: &str) -> (bool, &str) {
    match value.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => (true, rest),
        _ => (false, value),
    }
}

/// One word, single-quoted, its leading `~` (the home) left unquoted.
pub(crate) fn quote_word(word: &str) -> String {
    let (home, mut rest) = split_home(word);
    let mut out = String::new();
    if home {
        // `~/'x'`: a quoted character before the slash would stop the tilde's expansion.
        out.push('~');
        if let Some(r) = rest.strip_prefix('/') {
            out.push('/');
            rest = r;
        }
        if rest.is_empty() {
            return out;
        }
    }
    out.push('\'');
    out.push_str(&rest.replace('\'', "'\\''"));
    out.push('\'');
    out
}

struct Shell<'s, 'k, 'a> {
    src: &'s str,
    sink: &'k mut Sink<'a>,
    vars: vars::Vars,
    /// A `.env`-style file was sourced: variables not set here may hold secrets.
    sourced_secret: Option<String>,
    /// Inside a statement the command guard already judged whole.
    judged: bool,
    /// The directory a `cd` of this shell moved to: later statements are judged as run there
    /// (a subshell's ends with it).
    cd: Option<CdDir>,
    /// The directories `pushd` left, for `popd`.
    dir_stack: Vec<Option<String>>,
    /// Whether a `cd` to a directory known only at run time was met.
    cd_unknown: bool,
    /// The script's functions that run their arguments as a command (`check() { desc=$1;
    /// shift; "$@"; }`), with how many leading arguments they shift off first: at each call
    /// the rest is the command run.
    runners: Map<String, usize>,
    /// Walking the body of such a function: its `"$@"` is the command of each call.
    in_runner: bool,
    /// Calls of the script's own functions walked with their arguments (at most
    /// [`MAX_FUNCTION_CALLS`] a script).
    calls: usize,
    /// The body (its start byte) of the function whose definition is being walked.
    defining: Option<usize>,
    /// The body of the function being walked at a call, its statements judged there.
    at_call: Option<usize>,
    /// The start byte of the script's top-level statement being run: a function called from
    /// there (or from a function it calls) has the definition the script made last before it.
    run_at: usize,
    /// Walking a function at a call without arguments (see `reads_set_globals`): the calls
    /// in it are walked with their arguments as they were where it is defined.
    rewalking: bool,
    /// The variables holding a known value where each function (its body's start byte) was
    /// defined, each with the number of its last assignment there ([`vars::Vars::assignment`]).
    known_at_definition: Map<usize, Map<String, u64>>,
    /// The variables that function set from its parameters so far in that walk.
    call_locals: Vec<String>,
    /// Name references (`local -n out=$1`) of the function walked at a call, each with the
    /// caller's variable it stands for: what the function assigns to one, the caller's
    /// variable holds after the call.
    namerefs: Vec<(String, String)>,
    /// File descriptors above 2 the script opened on a network socket (`exec 3<>/dev/tcp/h/p`),
    /// and the socket's path: a later `<&3` or `>&3` is that socket.
    socket_fds: Map<String, String>,
    /// What each of the script's functions (by its body's start byte) prints, as walked where
    /// it is defined: the value `$(f)` and `f | ...` get.
    printed: Map<usize, Val>,
    /// Variables a check confined to a directory (see `contain.rs`): each with what it held
    /// before and what it holds past the check, until the block ends.
    confined: Vec<(String, Option<Val>, Val)>,
    /// The names of every function the script defines, anywhere (sorted): a command of
    /// another name calls none of them, and its call is not looked up ([`function_body`]).
    defined: Vec<&'s str>,
    /// The functions `export -f` hands to child shells: `bash -c "f ARGS"` runs one.
    exported: Vec<String>,
    /// Variables only a command-line option turns on ([`opt_in::option_flags`]).
    option_flags: opt_in::Flags,
    /// Files the script wrote whole with text it spells (`printf '%s\n' a b >"$list"`), by
    /// the path's text: a later `done <"$list"` reads those lines back.
    written_texts: Map<String, Val>,
    /// Arrays each element of which is the id of a process the script started in the
    /// background (`started+=("$pid")` after `pid=$!`), and arrays given anything else once
    /// (never such an array again): a loop over the first kind walks the script's own pids.
    pid_arrays: (
        std::collections::HashSet<String>,
        std::collections::HashSet<String>,
    ),
}

/// Where a `cd` of the script moved its shell.
#[derive(Clone)]
enum CdDir {
    Known(String),
    /// A directory known only at run time (`cd "$X"`, `cd -`).
    RunTime,
}

/// The directory of [`CdDir::RunTime`] as the guard is shown it: an expansion, so a relative
/// path after it is one whose place is unknown.
const RUN_TIME_DIR: &str = "\"$DIR_KNOWN_AT_RUN_TIME\"";

/// What the guard is shown for the script's own path (`$0`) where the script runs itself again:
/// a program of the working tree, the script this review reads whole.
const SELF_STAND_IN: &str = "./script-under-review.sh";

/// How many calls of its own functions a script's review walks with their arguments.
const MAX_FUNCTION_CALLS: usize = 16;

/// The body of the script's function `name`: defined in the innermost block around `call` that
/// defines it (a subshell, a `{ }` group or a branch holding a part of the script, else the
/// script's top level). A name defined twice in that block is the definition made last before
/// `run_at` (the script's statement being run, or the call itself if later): a function
/// redefined after a check is called with its new body, as bash does; the first definition is
/// taken for a call run before any of them. A body walked where it is defined sees the
/// definitions made so far (the only ones walked yet); a call walked with its arguments later
/// sees the later ones.
fn function_body<'t>(call: Node<'t>, name: &str, src: &str, run_at: usize) -> Option<Node<'t>> {
    if name.is_empty() || name.contains(['/', '$']) {
        return None;
    }
    let run_at = run_at.max(call.start_byte());
    let mut at = call.parent();
    while let Some(block) = at {
        let mut defined = block
            .named_children()
            .filter(|d| d.kind() == "function_definition")
            .filter(|d| {
                d.field("name")
                    .is_some_and(|n| src.get(n.byte_range()) == Some(name))
            })
            .peekable();
        if let Some(first) = defined.peek().copied() {
            let in_effect = defined
                .take_while(|d| d.start_byte() < run_at)
                .last()
                .unwrap_or(first);
            return in_effect.field("body");
        }
        at = block.parent();
    }
    None
}

/// Whether every call of the function `name` defined by `def` takes its output as a value:
/// each is inside a command substitution (`"$(f)"`, `<(f)`) or a pipeline stage before the
/// last (`f | docker login --password-stdin`), and the name occurs nowhere else in the script
/// (no call the walk cannot see: `"$cmd"`, a `trap` string, `bash -c`). A script that never
/// calls it, or calls it once where it prints, keeps what it prints judged as output.
fn only_captured_calls(def: Node<'_>, name: &str, src: &str) -> bool {
    if name.is_empty() {
        return false;
    }
    let mut root = def;
    while let Some(p) = root.parent() {
        root = p;
    }
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':' | '.');
    let occurrences = src
        .match_indices(name)
        .filter(|(i, _)| {
            !src[..*i].chars().next_back().is_some_and(word)
                && !src[i + name.len()..].chars().next().is_some_and(word)
        })
        .count();
    // The definition and at least one call: a function never called keeps its findings, and
    // the syntax tree is not searched for it.
    if occurrences < 2 {
        return false;
    }
    let captured = |call: Node<'_>| {
        let mut at = call;
        while let Some(p) = at.parent() {
            match p.kind() {
                "command_substitution" | "process_substitution" => return true,
                "pipeline"
                    if p.named_children().last().map(|l| l.byte_range())
                        != Some(at.byte_range()) =>
                {
                    return true;
                }
                "function_definition" | "program" => return false,
                _ => {}
            }
            at = p;
        }
        false
    };
    let calls: Vec<Node<'_>> = root
        .descendants()
        .filter(|n| n.kind() == "command")
        .filter(|n| {
            n.field("name")
                .is_some_and(|c| src.get(c.byte_range()) == Some(name))
        })
        .collect();
    !calls.is_empty() && occurrences == calls.len() + 1 && calls.into_iter().all(captured)
}

/// The names of the functions defined under `root` (sorted, each once): the only names
/// [`function_body`] can find a body of.
fn defined_functions<'s>(root: Node<'_>, src: &'s str) -> Vec<&'s str> {
    let mut names: Vec<&'s str> = root
        .descendants()
        .filter(|n| n.kind() == "function_definition")
        .filter_map(|d| d.field("name"))
        .filter_map(|n| src.get(n.byte_range()))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// The literal text of a double-quoted string (`kind` "string") or an unquoted heredoc body as
/// the shell passes it: a backslash before `$`, `` ` ``, `\\`, a newline (and `"` in a string)
/// is removed, any other stays (`"a \"b\" \$c"` is `a "b" $c`).
fn unescape_quoted<'t>(text: &'t str, kind: &str) -> std::borrow::Cow<'t, str> {
    if !text.contains('\\') || !matches!(kind, "string" | "heredoc_body") {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some('$' | '`' | '\\')) => out.extend(chars.next()),
            ('\\', Some('"')) if kind == "string" => out.extend(chars.next()),
            ('\\', Some('\n')) => {
                chars.next();
            }
            _ => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The spellings of "all the arguments" as a command name.
const ALL_ARGS: &[&str] = &["\"$@\"", "$@", "\"${@}\"", "${@}"];

/// The functions under `node` that run their arguments (`"$@"` as a command), and the number of
/// arguments each shifts off before (every `shift` in the body before that command).
fn runner_functions(node: Node<'_>, src: &str, out: &mut Map<String, usize>) {
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    // Every spelling of [`ALL_ARGS`] holds one of these: a node whose text holds neither has no
    // function under it that runs its arguments (most of a script's statements).
    if !text(node).contains("$@") && !text(node).contains("${@}") {
        return;
    }
    if node.kind() == "function_definition"
        && let (Some(name), Some(body)) = (node.field("name"), node.field("body"))
    {
        let mut shifts = 0;
        let mut runs_at = None;
        let mut stack = vec![body];
        let mut commands = Vec::new();
        while let Some(n) = stack.pop() {
            if n.kind() == "command" {
                commands.push(n);
            }
            stack.extend(n.named_children());
        }
        commands.sort_by_key(|n| n.start_byte());
        for c in commands {
            let Some(cmd) = c.field("name") else { continue };
            let word = text(cmd);
            if ALL_ARGS.contains(&word) {
                runs_at = Some(shifts);
                break;
            }
            if word == "shift" {
                let n = c
                    .named_children()
                    .nth(1)
                    .and_then(|a| text(a).parse::<usize>().ok())
                    .unwrap_or(1);
                shifts += n;
            }
        }
        if let Some(shifts) = runs_at {
            out.insert(text(name).to_owned(), shifts);
        }
    }
    for c in node.named_children() {
        runner_functions(c, src, out);
    }
}

/// The program (`sudo`, `doas`) a runner function's body runs its arguments under on some
/// branch (`sudo "$@"`, `sudo -E -- "$@"`), if any.
fn elevating_runner(body: Node<'_>, src: &str) -> Option<&'static str> {
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        stack.extend(n.named_children());
        if n.kind() != "command" {
            continue;
        }
        let Some(cmd) = n.field("name") else { continue };
        let Some(elevator) = ["sudo", "doas"]
            .into_iter()
            .find(|e| text(cmd).rsplit('/').next() == Some(*e))
        else {
            continue;
        };
        let runs_args = n
            .named_children()
            .skip(1)
            .map(text)
            .find(|w| !w.starts_with('-'))
            .is_some_and(|w| ALL_ARGS.contains(&w));
        if runs_args {
            return Some(elevator);
        }
    }
    None
}

/// The words of a value split as `read -a` splits its input, over every text it may have (a
/// function's output from each branch of a `case`), each with the value's data; `None` when
/// no text is known.
/// The fields of every text `v` may have, split at blanks (`sep` none) or at each `sep` (an
/// `IFS=:` of the command's own), each field once.
fn split_fields(v: &Val, sep: Option<char>) -> Option<Vec<Val>> {
    let texts: Vec<&str> = match v.text.as_deref() {
        _ if !v.alts.is_empty() => v.alts.iter().map(String::as_str).collect(),
        Some(t) if t.chars().any(|c| c != UNKNOWN && !c.is_whitespace()) => vec![t],
        _ => return None,
    };
    let mut items: Vec<Val> = Vec::new();
    for t in texts {
        let words: Vec<&str> = match sep {
            None => t.split_whitespace().collect(),
            Some(c) => t.trim_end_matches('\n').split(c).collect(),
        };
        for w in words {
            if !items.iter().any(|i| i.text.as_deref() == Some(w)) {
                items.push(Val::lit(w).with_taint(&v.taint));
            }
        }
    }
    (!items.is_empty()).then_some(items)
}

/// Whether the function body `body` only prints and leaves: each statement `echo`, `printf`
/// (without `-v`), `exit`, `return`, `:`, `true` or `false`, redirected nowhere but to a
/// standard stream or `/dev/null`, with no command or process substitution anywhere in it.
fn prints_only(body: Node<'_>, src: &str) -> bool {
    const PRINTS: &[&str] = &["echo", "printf", "exit", "return", ":", "true", "false"];
    let text = |n: Node<'_>| src.get(n.byte_range()).unwrap_or("");
    let statement = |s: Node<'_>| {
        let (cmd, redirects_ok) = match s.kind() {
            "redirected_statement" => {
                let ok = s
                    .named_children()
                    .filter(|c| c.kind() != "command")
                    .all(|r| {
                        r.kind() == "file_redirect" && {
                            let t: String =
                                text(r).chars().filter(|c| !c.is_whitespace()).collect();
                            let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
                            crate::shell_judge::INERT_REDIRECTS.contains(&t)
                        }
                    });
                (s.field("body"), ok)
            }
            _ => (Some(s), true),
        };
        redirects_ok
            && cmd.is_some_and(|c| {
                c.kind() == "command"
                    && c.field("name").is_some_and(|n| PRINTS.contains(&text(n)))
                    && !c
                        .children_by_field_name("argument")
                        .any(|a| text(a) == "-v")
            })
    };
    let mut stack = vec![body];
    while let Some(n) = stack.pop() {
        if matches!(n.kind(), "command_substitution" | "process_substitution") {
            return false;
        }
        stack.extend(n.named_children());
    }
    body.kind() == "compound_statement"
        && body
            .named_children()
            .filter(|c| c.kind() != "comment")
            .all(statement)
}

/// Whether a function's body reads its positional parameters (`$1`, `${2}`, `"$@"`).
fn uses_positional(body: &str) -> bool {
    body.match_indices('$').any(|(i, _)| {
        let rest = body.get(i + 1..).unwrap_or("");
        let rest = rest.strip_prefix('{').unwrap_or(rest);
        rest.starts_with(|c: char| c.is_ascii_digit() && c != '0' || c == '@' || c == '*')
    })
}

impl Shell<'_, '_, '_> {
    /// The one character a command sets `IFS` to for itself alone (`IFS=: read ...`,
    /// `IFS=',' read ...`), when it is one character and not a blank (bash splits at each
    /// one then, and keeps blanks in the fields).
    fn own_separator(&self, command: Node<'_>) -> Option<char> {
        let mut sep = None;
        for c in command
            .named_children()
            .filter(|c| c.kind() == "variable_assignment")
        {
            if c.field("name").is_none_or(|n| self.text(n) != "IFS") {
                continue;
            }
            let value = c.field("value").map_or("", |v| self.text(v));
            let value = match value.as_bytes().first() {
                Some(b'\'') => value.strip_prefix('\'')?.strip_suffix('\'')?,
                Some(b'"') => value.strip_prefix('"')?.strip_suffix('"')?,
                _ => value,
            };
            let mut chars = value.chars();
            match (chars.next(), chars.next()) {
                (Some(ch), None) if !ch.is_whitespace() && !matches!(ch, '\\' | '$' | '`') => {
                    sep = Some(ch);
                }
                _ => return None,
            }
        }
        sep
    }

    /// Whether the function body `body` expands a variable of the script that holds a known
    /// value (or one whose start is known) now and did not where the function was defined (`rm -rf "$WORK"` of a `cleanup`
    /// defined before `WORK=$(mktemp -d)`), or that the script assigned again since (`OUT=""`
    /// at the top, `OUT="$ROOT/build/$(date +%s)"` in `main` before the calls): a call without
    /// arguments runs it with the value it holds now, not with the one it had there.
    /// A variable the body declares its own (`local tmp`, `declare -a out=()`) takes no value
    /// from the caller: its being assigned again since is no reason to walk the call.
    fn reads_set_globals(&self, body: Node<'_>) -> bool {
        let text = self.text(body);
        let own: Vec<&str> = body
            .descendants()
            .filter(|d| {
                d.kind() == "declaration_command"
                    && matches!(
                        self.text(*d).split_whitespace().next(),
                        Some("local" | "declare" | "typeset")
                    )
            })
            .flat_map(|d| d.named_children())
            .filter_map(|c| match c.kind() {
                "variable_name" => Some(self.text(c)),
                "variable_assignment" => c.field("name").map(|n| self.text(n)),
                _ => None,
            })
            .collect();
        text.match_indices('$').any(|(i, _)| {
            let rest = text.get(i + 1..).unwrap_or("");
            let rest = rest.strip_prefix('{').unwrap_or(rest);
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            match own.contains(&name.as_str()) {
                // A variable of its own holding a value now and none where the function was
                // defined (its default for a call without arguments, `local url="${1:-...}"`).
                true => {
                    !self
                        .known_at_definition
                        .get(&body.start_byte())
                        .is_some_and(|b| b.contains_key(&name))
                        && self
                            .vars
                            .get(&name)
                            .is_some_and(|v| v.known().is_some() || !v.alts.is_empty())
                }
                false => self.set_since_definition(body.start_byte(), &name),
            }
        })
    }

    /// Whether the variable `name` holds a value whose start is known now and held none, or
    /// was assigned again, since the function whose body starts at `body` was defined.
    fn set_since_definition(&self, body: usize, name: &str) -> bool {
        !name.is_empty()
            && !name.starts_with(|c: char| c.is_ascii_digit())
            && self
                .known_at_definition
                .get(&body)
                .is_none_or(|b| b.get(name) != Some(&self.vars.assignment(name)))
            && self.vars.get(name).is_some_and(start_known)
    }
}

/// Whether a variable's value is known, has alternatives, or starts with a known part
/// (`$ROOT/build/reports/$(date +%s)`: a place under the project whatever its end).
fn start_known(v: &Val) -> bool {
    v.known().is_some()
        || !v.alts.is_empty()
        || v.text
            .as_deref()
            .is_some_and(|t| !t.is_empty() && !t.starts_with(UNKNOWN))
}

/// The lines a value is, each spelled whole by the script: its one known text, or each of its
/// alternatives when all are known (`${TARGETS[$t]}` with the key known only at run time); each
/// one line.
fn spelled_lines(v: &Val) -> Option<Vec<&str>> {
    // (Fewer than any cap of alternatives keeps: a text summing them up beside them, `…\n`
    // of a herestring's newline put after each, says nothing more.)
    let lines: Vec<&str> = match v.known() {
        Some(t) if v.alts.is_empty() => vec![t],
        None if (1..8).contains(&v.alts.len()) => v.alts.iter().map(String::as_str).collect(),
        _ => return None,
    };
    lines
        .iter()
        .all(|l| !l.contains(UNKNOWN) && !l.trim_end_matches('\n').contains('\n'))
        .then(|| lines.iter().map(|l| l.trim_end_matches('\n')).collect())
}

/// Whether a value is known, has alternatives, is a path whose end is known (`…/…/out`
/// of a `find -name out`), or is a URL whose host is known (`https://nodejs.org/dist/v…/
/// node-v…-….tar.xz`: where a request with it goes is known, whatever its path).
fn known_alternatives(v: &Val) -> bool {
    v.known().is_some()
        || !v.alts.is_empty()
        || v.text.as_deref().is_some_and(|t| {
            t.rsplit_once(UNKNOWN)
                .is_some_and(|(_, end)| end.starts_with('/') && end.len() > 1)
                || url_host_known(t)
        })
}

/// Whether `text` is a URL (`scheme://`) whose scheme and host are spelled out, the host
/// followed by a path, port or query (no part built at run time before it ends), or by a
/// port alone chosen at run time (`http://127.0.0.1:$port`, a free port the script picked):
/// the host is known either way, as it is when the same URL is requested directly.
fn url_host_known(text: &str) -> bool {
    let Some((scheme, rest)) = text.split_once("://") else {
        return false;
    };
    let authority_ends = rest.find(['/', '?', '#']);
    let authority = &rest[..authority_ends.unwrap_or(rest.len())];
    // `host:PORT` with only the port built at run time (no user part that could move the
    // host behind an `@`).
    let port_unknown = || {
        !authority.contains('@')
            && !authority.starts_with('[')
            && authority
                .split_once(':')
                .is_some_and(|(host, port)| !host.contains(UNKNOWN) && port.contains(UNKNOWN))
    };
    !scheme.is_empty()
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        && (authority_ends.is_some_and(|end| !rest[..end].contains(UNKNOWN)) || port_unknown())
        && terraphim_shell_vocab::hosts::host_of(text).is_some()
}

/// Analyze a parsed shell script.
pub(crate) fn analyze(sink: &mut Sink<'_>, root: Node<'_>, src: &str) {
    let mut sh = Shell {
        src,
        sink,
        vars: vars::Vars::default(),
        sourced_secret: None,
        judged: false,
        cd: None,
        dir_stack: Vec::new(),
        cd_unknown: false,
        runners: Map::default(),
        in_runner: false,
        calls: 0,
        defining: None,
        at_call: None,
        run_at: 0,
        rewalking: false,
        known_at_definition: Map::default(),
        call_locals: Vec::new(),
        namerefs: Vec::new(),
        socket_fds: Map::default(),
        printed: Map::default(),
        confined: Vec::new(),
        defined: defined_functions(root, src),
        exported: Vec::new(),
        option_flags: opt_in::option_flags(root, src),
        written_texts: Map::default(),
        pid_arrays: Default::default(),
    };
    runner_functions(root, src, &mut sh.runners);
    let start_dir = sh.sink.shell_dir.clone();
    sh.block(root, false);
    sh.sink.shell_dir = start_dir;
    // A server started with `nohup ... &` whose recorded pid the script kills is its own
    // managed process, not one left running unseen.
    let is_detached = |f: &crate::model::Finding| {
        f.category == Category::Escape && f.why.starts_with(crate::command::DETACHED_WHY)
    };
    if sh.sink.findings.iter().any(is_detached) {
        let stopped = detached::stopped_lines(root, src);
        sh.sink
            .findings
            .retain(|f| !(is_detached(f) && stopped.contains(&f.line)));
    }
}

/// Whether a `cd` changes the directory of the later statements of its shell: the script's, or
/// a subshell's until it ends (not a pipeline stage's or a command substitution's).
fn persists(node: Node<'_>) -> bool {
    let mut at = node.parent();
    while let Some(p) = at {
        match p.kind() {
            "list" | "redirected_statement" | "negated_command" => at = p.parent(),
            k => {
                return matches!(
                    k,
                    "program"
                        | "subshell"
                        | "compound_statement"
                        | "do_group"
                        | "if_statement"
                        | "elif_clause"
                        | "else_clause"
                        | "case_item"
                        | "function_definition"
                );
            }
        }
    }
    false
}

fn line(node: Node<'_>) -> u32 {
    node.line()
}

impl Shell<'_, '_, '_> {
    fn text(&self, node: Node<'_>) -> &str {
        self.src.get(node.byte_range()).unwrap_or("")
    }

    /// [`function_body`] of `name` as called at `call` while the script runs its statement
    /// at `run_at`.
    fn function_body<'t>(&self, call: Node<'t>, name: &str) -> Option<Node<'t>> {
        function_body(call, name, self.src, self.run_at)
    }

    /// Run every statement under `node`; the value is the last statement's stdout. Taken as a
    /// value (a group piped on, `{ env; tail log; } | nc HOST PORT`, a command substitution),
    /// it carries the data of every statement's stdout, not the last one's alone: the reader
    /// gets all of it.
    fn block(&mut self, node: Node<'_>, capture: bool) -> Val {
        let mut out = Val::unknown();
        let mut earlier: Vec<Val> = Vec::new();
        let mut printed = Taint::default();
        let children: Vec<Node<'_>> = node.named_children().collect();
        let guards = self.confined.len();
        let top_level = node.kind() == "program";
        let run_at = self.run_at;
        for child in children {
            if top_level {
                self.run_at = child.start_byte();
            }
            let next = self.stmt(child, capture, None);
            // `printf '%s' "$v"; return`: a statement that prints nothing leaves what the
            // block printed before it as what a `$(...)` or a pipe of it gets.
            if prints_nothing(child, self.src) {
                self.after_statement(child);
                continue;
            }
            let prev = std::mem::replace(&mut out, next);
            if capture {
                printed.join(&prev.taint);
                earlier.push(prev);
            }
            self.after_statement(child);
        }
        self.run_at = run_at;
        self.release(guards);
        let mut out = with_earlier_lines(out, &earlier);
        out.taint.join(&printed);
        out
    }

    /// Run the statements of a function's body; the value is what it prints: the last
    /// statement's stdout, with the data of every statement's stdout (`{ echo x; printenv; }`).
    fn printed_by(&mut self, body: Node<'_>) -> Val {
        let mut out = Val::unknown();
        let mut taint = Taint::default();
        let children: Vec<Node<'_>> = body.named_children().collect();
        let guards = self.confined.len();
        let mut earlier: Vec<Val> = Vec::new();
        for child in children {
            let prev = std::mem::replace(&mut out, self.stmt(child, false, None));
            earlier.push(prev);
            taint.join(&out.taint);
            self.after_statement(child);
        }
        self.release(guards);
        let mut out = with_earlier_lines(out, &earlier);
        out.taint = taint;
        out
    }

    /// Whether the command `node` is a stage of a pipeline whose next stage is a shell or an
    /// interpreter reading it (`fetch | bash`, `f | TOOLS=x python3 -`).
    fn piped_into_interpreter(&self, node: Node<'_>) -> bool {
        let Some(pipeline) = node.parent().filter(|p| p.kind() == "pipeline") else {
            return false;
        };
        let Some(next) = pipeline
            .named_children()
            .skip_while(|c| c.start_byte() != node.start_byte())
            .nth(1)
        else {
            return false;
        };
        let next = match next.kind() {
            "redirected_statement" => next.field("body").unwrap_or(next),
            _ => next,
        };
        next.field("name").is_some_and(|n| {
            let name = self.text(n);
            let name = name.rsplit('/').next().unwrap_or(name);
            terraphim_shell_vocab::is_shell(name)
                || crate::model::Language::from_program(name).is_some()
        })
    }

    /// Whether the command `node` splits its input at `=` alone: `IFS='=' read ...`, or after
    /// the script set `IFS==`.
    fn ifs_is_equals(&self, node: Node<'_>) -> bool {
        let prefix = node
            .named_children()
            .filter(|c| c.kind() == "variable_assignment")
            .find(|c| c.field("name").is_some_and(|n| self.text(n) == "IFS"));
        match prefix {
            Some(a) => a
                .field("value")
                .is_some_and(|v| matches!(self.text(v), "'='" | "\"=\"" | "=")),
            None => self.vars.get("IFS").and_then(Val::known) == Some("="),
        }
    }

    /// Whether `node` runs the arguments of the function being walked (`"$@" > out 2>&1`).
    fn runs_args(&self, node: Node<'_>) -> bool {
        match node.kind() {
            "command" => node
                .field("name")
                .is_some_and(|n| ALL_ARGS.contains(&self.text(n))),
            "redirected_statement" => node.field("body").is_some_and(|b| self.runs_args(b)),
            // `if ! "$@" >"$log" 2>&1; then`: the negation changes the exit status only.
            "negated_command" => node.named_child(0).is_some_and(|c| self.runs_args(c)),
            _ => false,
        }
    }

    fn stmt(&mut self, node: Node<'_>, capture: bool, stdin: Option<&Val>) -> Val {
        // A subshell or command substitution changes directory for itself only.
        if matches!(
            node.kind(),
            "subshell" | "command_substitution" | "process_substitution"
        ) {
            let saved = self.sink.shell_dir.clone();
            let saved_cd = self.cd.clone();
            let out = self.stmt_here(node, capture, stdin);
            self.sink.shell_dir = saved;
            self.cd = saved_cd;
            return out;
        }
        self.stmt_here(node, capture, stdin)
    }

    fn stmt_here(&mut self, node: Node<'_>, capture: bool, stdin: Option<&Val>) -> Val {
        // `nats ... stream rm "$s" -f >/dev/null || true`: the list's one program.
        let client = match node.kind() {
            "list" => self.sole_program(node),
            _ => Some(node),
        };
        let Some(client) =
            client.filter(|c| matches!(c.kind(), "command" | "redirected_statement"))
        else {
            return self.stmt_judged(node, capture, stdin);
        };
        // A database client the script checked is aimed at this machine (`local_db.rs`).
        let local = self.local_database(client);
        let outer = std::mem::replace(&mut self.sink.local_database, local);
        let out = self.stmt_judged(node, capture, stdin);
        self.sink.local_database = outer;
        out
    }

    fn stmt_judged(&mut self, node: Node<'_>, capture: bool, stdin: Option<&Val>) -> Val {
        if self.in_runner && self.runs_args(node) {
            // The command of each call: judged where the function is called.
            return Val::unknown();
        }
        if self.in_runner && node.kind() == "pipeline" {
            let stages: Vec<Node<'_>> = node.named_children().collect();
            // A stage that runs what it reads (`"$@" | sh`, `| xargs CMD`, `| python3 -`)
            // keeps the pipeline one statement the guard cannot see through.
            let runs_input = |s: &Node<'_>| {
                let cmd = match s.kind() {
                    "redirected_statement" => s.field("body"),
                    _ => Some(*s),
                };
                cmd.filter(|c| c.kind() == "command")
                    .and_then(|c| c.field("name"))
                    .is_none_or(|n| {
                        let name = self.text(n);
                        let name = name.rsplit('/').next().unwrap_or(name);
                        terraphim_shell_vocab::is_shell(name)
                            || terraphim_shell_vocab::is_wrapper(name)
                            || crate::model::Language::from_program(name).is_some()
                            || name.starts_with(['$', '"', '\''])
                    })
            };
            if stages.iter().any(|s| self.runs_args(*s))
                && !stages.iter().any(|s| !self.runs_args(*s) && runs_input(s))
            {
                // `"$@" 2>&1 | tee "$log"`: the command of each call is judged where the
                // function is called; the stages that take its output are the function's
                // own, each walked and judged as a statement of its own.
                let own: Vec<Node<'_>> =
                    stages.into_iter().filter(|s| !self.runs_args(*s)).collect();
                for stage in own {
                    let _ = self.stmt(stage, capture, None);
                }
                return Val::unknown();
            }
        }
        if node.kind() == "command" && node.field("name").is_some_and(|n| self.text(n) == "trap") {
            // The handler is reviewed as code of the script, with its variables' values and
            // what the script made (its statements judged there); `trap` itself runs nothing.
            return self.stmt_inner(node, capture, stdin);
        }
        if !self.judged
            && let Some(judge) = self.sink.judge
            && crate::shell_judge::judged_whole(node)
        {
            // The text with the values the variables hold before the statement runs; judged
            // once the walk knows whether the review classified every program it runs.
            // Walked at a call of its function: a statement that reads no variable the call
            // set keeps the verdict it got where the function is defined.
            if self.at_call.is_some() && !self.reads_parameters(node) {
                return self.stmt_inner(node, capture, stdin);
            }
            let (texts, caller_text) = self.judged_texts(node);
            // `"$@"` given the arguments of the call walked (see `substitutions`).
            let wraps_call = self.call_args_words().is_some()
                && ALL_ARGS.iter().any(|a| self.text(node).contains(a));
            // A statement whose verdict is known: its walk alone (a path among its words, a
            // value's included, is still asked about: the guard has rules for any program
            // that names some paths, `/dev/tcp/...`, and reads `~` in some places as an error).
            if judge.skips_inert()
                && crate::shell_judge::inert(node, self.src)
                && texts
                    .iter()
                    .all(|t| !t.replace(">/dev/null", "").contains(['/', '~']))
            {
                return self.stmt_inner(node, capture, stdin);
            }
            let outer = std::mem::replace(&mut self.sink.ran_unmodeled, false);
            self.sink.teardown = None;
            self.judged = true;
            let out = self.stmt_inner(node, capture, stdin);
            self.judged = false;
            let teardown = self
                .sink
                .teardown
                .take()
                .filter(|_| self.runs_one_program(node));
            let modeled = !self.sink.ran_unmodeled;
            self.sink.ran_unmodeled |= outer;
            if wraps_call && modeled && !self.runs_command_operands(node) {
                // A wrapper's program run with the call's arguments, every program of it one
                // the review classifies: its own rules judged what the call does (with what
                // it knows of hosts and of the script's own state, as for `kubectl` or
                // `psql`); the guard is asked about the programs the review does not model.
                // (Not where a program runs its operands as a command, `ssh HOST "$@"`: the
                // review does not follow that command, the guard judges it with the call's.)
                return out;
            }
            // (After the directory of an earlier `cd` or not: the judge's text ends with it.)
            let own = match texts.as_slice() {
                [t] if t.ends_with(self.text(node)) => {
                    Some((node.start_byte(), node.byte_range().end, node.kind()))
                }
                _ => None,
            };
            let func = match (self.at_call, self.defining) {
                (Some(body), _) => Some((body, true)),
                (None, Some(body)) => Some((body, false)),
                (None, None) => None,
            };
            crate::shell_judge::judge_statement(
                self.sink,
                line(node),
                crate::shell_judge::JudgedTexts {
                    texts,
                    as_written: caller_text,
                },
                modeled,
                own,
                teardown,
                func,
            );
            return out;
        }
        self.stmt_inner(node, capture, stdin)
    }

    /// Whether a word of a command under `node` is a program that runs its later operands as
    /// a command (`ssh HOST CMD`, `watch CMD`, [`crate::command::RUNS_OPERANDS`]).
    fn runs_command_operands(&self, node: Node<'_>) -> bool {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "command" {
                let runs = n.named_children().any(|w| {
                    let t = self.text(w).trim_matches(['"', '\'']);
                    let t = t.rsplit('/').next().unwrap_or(t);
                    crate::command::RUNS_OPERANDS.contains(&t)
                });
                if runs {
                    return true;
                }
            }
            stack.extend(n.named_children());
        }
        false
    }

    /// Whether `node` expands a positional parameter or a variable local to the function being
    /// walked at a call (`local v="$1"`), whose values the call gave; or, walked at a call
    /// without arguments, a variable of the script set since the function was defined (see
    /// `reads_set_globals`), whose value the call has.
    fn reads_parameters(&self, node: Node<'_>) -> bool {
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if matches!(n.kind(), "simple_expansion" | "expansion") {
                let t = self.text(n);
                let name = t.trim_start_matches(['$', '{', '"']);
                let var: String = name
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if name.starts_with(|c: char| c.is_ascii_digit() || c == '@' || c == '*')
                    || self.call_locals.iter().any(|l| {
                        name.strip_prefix(l.as_str()).is_some_and(|r| {
                            !r.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                        })
                    })
                    || (self.rewalking
                        && self
                            .at_call
                            .is_some_and(|body| self.set_since_definition(body, &var)))
                {
                    return true;
                }
            }
            stack.extend(n.named_children());
        }
        false
    }

    /// `words` (a command's words, one per argument of `node`) with each word whose value is
    /// wholly unknown and that is one variable (`"$name"`, `${name}`) replaced by a key naming
    /// that variable and its last assignment: the same key is the same value at run time, so a
    /// teardown keyed alike removes what the create made (see `shell_judge::lifecycle`).
    fn keyed_words(&self, node: Node<'_>, words: &[String]) -> Vec<String> {
        let args: Vec<Node<'_>> = node
            .named_children()
            .filter(|c| {
                !matches!(
                    c.kind(),
                    "variable_assignment"
                        | "file_redirect"
                        | "heredoc_redirect"
                        | "herestring_redirect"
                        | "comment"
                )
            })
            .collect();
        if args.len() != words.len() {
            return words.to_vec();
        }
        args.iter()
            .zip(words)
            .map(|(arg, w)| {
                let name = self
                    .text(*arg)
                    .trim_matches('"')
                    .strip_prefix('$')
                    .map(|n| {
                        n.strip_prefix('{')
                            .and_then(|n| n.strip_suffix('}'))
                            .unwrap_or(n)
                    })
                    .filter(|n| {
                        n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                            && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    });
                match name {
                    Some(n) if !w.is_empty() && w.chars().all(|c| c == UNKNOWN) => {
                        var_key(n, self.vars.assignment(n))
                    }
                    _ => w.clone(),
                }
            })
            .collect()
    }

    /// The one statement of list `node` that is not an inert builtin (`psql ... || true`,
    /// `cmd && echo done`), if there is exactly one.
    fn sole_program<'t>(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut found = None;
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            match n.kind() {
                "list" => stack.extend(n.named_children().filter(|c| c.kind() != "comment")),
                "command" | "redirected_statement" => {
                    let cmd = match n.kind() {
                        "redirected_statement" => n.field("body")?,
                        _ => n,
                    };
                    let name = cmd.field("name").map_or("", |c| self.text(c));
                    let inert = cmd.kind() == "command"
                        && crate::shell_judge::INERT_BUILTINS
                            .iter()
                            .any(|(b, _)| *b == name);
                    if !inert {
                        if found.is_some() {
                            return None;
                        }
                        found = Some(n);
                    }
                }
                _ => return None,
            }
        }
        found
    }

    /// Whether `node` runs one program besides inert builtins (`down -v >/dev/null || true`).
    fn runs_one_program(&self, node: Node<'_>) -> bool {
        let mut programs = 0;
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            if n.kind() == "command" {
                let name = n.field("name").map_or("", |c| self.text(c));
                // `kill -0 "$pid"` signals nothing: it asks whether the process is there.
                let probe = name == "kill"
                    && n.children_by_field_name("argument")
                        .next()
                        .is_some_and(|a| self.text(a) == "-0");
                // `docker rm -f $(docker ps -aq --filter label=app=ci)`: the listing, spelled
                // out whole, only picks out what the removal names.
                let holder = match n.parent() {
                    Some(p) if p.kind() == "redirected_statement" => p.parent(),
                    p => p,
                };
                let listing = holder.is_some_and(|p| p.kind() == "command_substitution")
                    && !self.text(n).contains(['$', '`', '\\'])
                    && crate::shell_judge::lists_marked_ids(
                        &self
                            .text(n)
                            .split_whitespace()
                            .map(|w| w.trim_matches(['\'', '"']).to_owned())
                            .collect::<Vec<_>>(),
                    )
                    .is_some();
                if !probe
                    && !listing
                    && !crate::shell_judge::INERT_BUILTINS
                        .iter()
                        .any(|(b, _)| *b == name)
                {
                    programs += 1;
                }
            }
            stack.extend(n.named_children());
        }
        programs == 1 || (programs == 2 && self.removal_fallback(node))
    }

    /// Whether command substitution `node` is `$((...))` read by the parser as a subshell in a
    /// substitution (it does so inside `${name:-...}`): its first `(` after `$(` opens a
    /// subshell that the last `)` but one closes, the pair bash reads as arithmetic (`$( (cmd)
    /// )`, with a space, or `$((cmd) ...)` stay command substitutions).
    fn misparsed_arithmetic(&self, node: Node<'_>) -> bool {
        let mut children = node.named_children();
        let (Some(sub), None) = (children.next(), children.next()) else {
            return false;
        };
        sub.kind() == "subshell"
            && self.text(node).starts_with("$((")
            && self.text(node).ends_with("))")
            && sub.start_byte() == node.start_byte() + 2
            && sub.end_byte() + 1 == node.end_byte()
    }

    /// `git worktree remove --force "$wt" >/dev/null 2>&1 || rm -rf -- "$wt"`: a list whose
    /// second program, run only when the first fails, is `rm` of nothing but words the first
    /// names (the same path, as written): the same removal done by hand. The statement then
    /// tears down what the first one does, and its `rm` is still judged by the review's own
    /// rules of deletion (a path outside the project, one built at run time).
    fn removal_fallback<'t>(&self, node: Node<'t>) -> bool {
        fn unwrap(n: Node<'_>) -> Option<Node<'_>> {
            match n.kind() {
                "redirected_statement" => n.field("body"),
                _ => Some(n),
            }
        }
        let Some(list) = unwrap(node).filter(|n| n.kind() == "list") else {
            return false;
        };
        let or = list
            .children()
            .any(|c| !c.is_named() && self.text(c) == "||");
        let parts: Vec<Node<'t>> = list
            .named_children()
            .filter(|c| c.kind() != "comment")
            .collect();
        let ([first, second], true) = (parts.as_slice(), or) else {
            return false;
        };
        let (Some(first), Some(second)) = (unwrap(*first), unwrap(*second)) else {
            return false;
        };
        if first.kind() != "command"
            || second.kind() != "command"
            || second.field("name").map(|n| self.text(n)) != Some("rm")
        {
            return false;
        }
        let named: Vec<&str> = first
            .children_by_field_name("argument")
            .map(|a| self.text(a))
            .collect();
        let mut removed = second
            .children_by_field_name("argument")
            .map(|a| self.text(a))
            .filter(|t| !t.starts_with('-'))
            .peekable();
        removed.peek().is_some() && removed.all(|t| named.contains(&t))
    }

    /// The statement's text as the guard would see it at run time: the variables whose values
    /// the script set are substituted (quoted as the shell would pass them), each alternative of
    /// one loop variable in a text of its own, after the known directory of an earlier `cd`.
    /// The second: where a substituted value is a positional parameter's default
    /// ([`Taint::caller_default`]), the first text with those expansions left as written, a
    /// value the script's caller chooses (only a deny of it counts: see `judge_statement`).
    fn judged_texts(&self, node: Node<'_>) -> (Vec<String>, Option<String>) {
        let mut subs = Vec::new();
        let mut alternatives = None;
        self.substitutions(node, Quote::None, &mut subs, &mut alternatives);
        let variants = subs.iter().map(|(_, _, v, _)| v.len()).max().unwrap_or(1);
        let texts = (0..variants.max(1))
            .map(|k| self.judged_text(node, &subs, k, false))
            .collect();
        let caller = subs
            .iter()
            .any(|(_, _, _, caller)| *caller)
            .then(|| self.judged_text(node, &subs, 0, true));
        (texts, caller)
    }

    /// The `k`-th text of [`Shell::judged_texts`]; with `as_written`, the expansions of
    /// positional parameters' defaults are left as the script spells them.
    fn judged_text(
        &self,
        node: Node<'_>,
        subs: &[(usize, usize, Vec<String>, bool)],
        k: usize,
        as_written: bool,
    ) -> String {
        let base = self.text(node);
        let mut out = String::with_capacity(base.len() + 16);
        if let Some(dir) = &self.cd {
            out.push_str(crate::shell_judge::CD_PREFIX.0);
            match dir {
                CdDir::Known(dir) => out.push_str(&quote_word(dir)),
                CdDir::RunTime => out.push_str(RUN_TIME_DIR),
            }
            out.push_str(crate::shell_judge::CD_PREFIX.1);
        }
        let mut pos = node.start_byte();
        for (s, e, values, caller) in subs {
            if as_written && *caller {
                continue;
            }
            out.push_str(self.src.get(pos..*s).unwrap_or(""));
            let v = values.get(k).or_else(|| values.first());
            out.push_str(v.map_or("", String::as_str));
            pos = *e;
        }
        out.push_str(self.src.get(pos..node.end_byte()).unwrap_or(""));
        out
    }

    /// The expansions under `node` of variables with known values, and the text each becomes.
    /// One variable with alternatives gives them (`alternatives` names it), wherever it is
    /// expanded: the `k`-th text of each of its expansions is the same alternative.
    fn substitutions<'s>(
        &'s self,
        node: Node<'_>,
        quote: Quote,
        out: &mut Vec<(usize, usize, Vec<String>, bool)>,
        alternatives: &mut Option<&'s str>,
    ) {
        // `"$@"` in a function walked at a call: the arguments that call gave, each a word of
        // its own (`adb_cmd() { adb "$@"; }` called `adb_cmd shell 'rm -rf /sdcard/*'` runs
        // `adb shell 'rm -rf /sdcard/*'`), when every one is known.
        if matches!(node.kind(), "string" | "simple_expansion" | "expansion")
            && ALL_ARGS.contains(&self.text(node))
            && let Some(words) = self.call_args_words()
        {
            out.push((node.start_byte(), node.end_byte(), vec![words], false));
            return;
        }
        // `"${KT[@]}"` of `KT=(kafka-topics --bootstrap-server "$B")`: the array's words, each a
        // word of its own as the shell passes them, when the script set every one.
        if matches!(node.kind(), "string" | "expansion")
            && let Some(texts) = self.array_words(node, alternatives)
        {
            out.push((node.start_byte(), node.end_byte(), texts, false));
            return;
        }
        match node.kind() {
            "simple_expansion" | "expansion" => {
                let Some(name) = self.plain_expansion(node) else {
                    return;
                };
                if name == "0" && self.whole_word(node) {
                    // `exec nix develop --command "$0" "$@"`, `exec "$0"`: the script runs
                    // itself again, the code this review reads whole; the guard is shown a
                    // program of the working tree in its place (what it is not known to be:
                    // a positional parameter, `"$1"`, stays an expansion).
                    out.push((
                        node.start_byte(),
                        node.end_byte(),
                        vec![quote.render(SELF_STAND_IN)],
                        false,
                    ));
                    return;
                }
                let Some(val) = self.vars.get(name) else {
                    return;
                };
                let caller = val.taint.caller_default;
                if val.known().is_none()
                    && in_command_name(node)
                    && let Some(dir) = val.text.as_deref().and_then(|t| self.tree_dir(t))
                {
                    // `"${ROOT}/hack/test.sh"` with `ROOT=$(dirname "$0")/..`: a program of the
                    // working tree, run as `./hack/test.sh` is.
                    out.push((
                        node.start_byte(),
                        node.end_byte(),
                        vec![quote.render(&dir)],
                        caller,
                    ));
                    return;
                }
                if let Some(home_path) = val.known().filter(|v| split_home(v).0)
                    && let Some(word) = self.whole_command_name(node)
                    && !home_path.contains(char::is_whitespace)
                {
                    // `"$emu"` with `emu=~/Sdk/emulator/emulator`: the program at that path of
                    // the home, as the unquoted word `~/Sdk/...` names it (the double-quoted
                    // `"${HOME}/..."` is an expansion to the guard, what runs unseen).
                    out.push((
                        word.start_byte(),
                        word.end_byte(),
                        vec![Quote::None.render(home_path)],
                        caller,
                    ));
                    return;
                }
                if val.known().is_none()
                    && self.whole_command_name(node).is_some()
                    && let Some(program) = named_program(val)
                {
                    // `"$EMULATOR" -list-avds` with `EMULATOR="$SDK/emulator/emulator"`: the
                    // directory is known only at run time, the program is the one the script
                    // names, judged as such (a name from an argument stays unseen).
                    out.push((
                        node.start_byte(),
                        node.end_byte(),
                        vec![quote.render(program)],
                        caller,
                    ));
                    return;
                }
                if val.known().is_none()
                    && let Some(root) = val
                        .text
                        .as_deref()
                        .and_then(|t| self.sink.ctx.script_root(t))
                {
                    // `ROOT=$(dirname "$(dirname "$here")")`: the directory of the working tree
                    // that climb ends at, as `pwd` would print it.
                    out.push((
                        node.start_byte(),
                        node.end_byte(),
                        vec![quote.render(&root)],
                        caller,
                    ));
                    return;
                }
                let values: Vec<&str> = match val.known() {
                    Some(t) => vec![t],
                    None if !val.alts.is_empty() && alternatives.is_none_or(|n| n == name) => {
                        let alts: Vec<&str> = val
                            .alts
                            .iter()
                            .map(String::as_str)
                            .filter(|a| !a.contains(UNKNOWN))
                            .collect();
                        if alts.len() != val.alts.len() {
                            return;
                        }
                        *alternatives = Some(name);
                        alts.into_iter().take(MAX_ALTERNATIVES).collect()
                    }
                    None => return,
                };
                let texts = values.into_iter().map(|v| quote.render(v)).collect();
                out.push((node.start_byte(), node.end_byte(), texts, caller));
            }
            "raw_string" | "ansi_c_string" | "comment" => {}
            "command_substitution" | "process_substitution" => {
                for c in node.named_children() {
                    self.substitutions(c, Quote::None, out, alternatives);
                }
            }
            "string" => {
                for c in node.named_children() {
                    self.substitutions(c, Quote::Double, out, alternatives);
                }
            }
            "heredoc_body" => {
                let quoted = node.prev_sibling().is_some_and(|p| {
                    let t = self.text(p);
                    t.starts_with('\'') || t.starts_with('"') || t.starts_with('\\')
                });
                if !quoted {
                    for c in node.named_children() {
                        self.substitutions(c, Quote::Heredoc, out, alternatives);
                    }
                }
            }
            _ => {
                for c in node.named_children() {
                    self.substitutions(c, quote, out, alternatives);
                }
            }
        }
    }

    /// The arguments of the call a function is walked at, quoted as words of a command line:
    /// `None` outside a call or when one is known only at run time.
    fn call_args_words(&self) -> Option<String> {
        let items = self.vars.get("@")?.items.as_ref()?;
        let words = items
            .iter()
            .map(|a| a.known().map(quote_word))
            .collect::<Option<Vec<String>>>()?;
        Some(words.join(" "))
    }

    /// A directory of the working tree named with parts known only at run time (the
    /// script's own directory, `$(dirname "$0")/..`), as the guard reads a relative path:
    /// `.` and the literal parts after the last unknown one (`./hack`). `None` when a part is
    /// unknown inside a name or the path may climb out of the working tree.
    /// When `node` is the whole name of the command it is in (`"$tool"`, `${tool}`): the word
    /// it is, with its quotes.
    fn whole_command_name<'t>(&self, node: Node<'t>) -> Option<Node<'t>> {
        let mut word = node;
        let mut n = node.parent();
        while let Some(p) = n {
            match p.kind() {
                "command_name" => {
                    return (self.text(p).trim_matches('"') == self.text(node)).then_some(word);
                }
                "string" => {
                    word = p;
                    n = p.parent();
                }
                _ => return None,
            }
        }
        None
    }

    /// Whether `node` is a whole word of a command (`$0`, `"$0"`), not a part of one
    /// (`"$0.bak"`, `usage: $0`).
    fn whole_word(&self, node: Node<'_>) -> bool {
        let mut word = node;
        if let Some(p) = node.parent()
            && p.kind() == "string"
        {
            if p.named_children().count() != 1 || self.text(p).trim_matches('"') != self.text(node)
            {
                return false;
            }
            word = p;
        }
        word.parent()
            .is_some_and(|p| matches!(p.kind(), "command" | "command_name"))
    }

    fn tree_dir(&self, text: &str) -> Option<String> {
        let cwd = self.sink.ctx.cwd.to_string_lossy();
        let rest = text.strip_prefix(cwd.trim_end_matches('/'))?;
        if !rest.is_empty() && !rest.starts_with('/') {
            return None;
        }
        // Each part, and for one known only at run time whether `..` climbed out of it.
        let mut parts: Vec<(&str, bool)> = Vec::new();
        for p in rest.split('/').filter(|p| !p.is_empty() && *p != ".") {
            if p == ".." {
                // A part known only at run time stands for one or more directories (the
                // script's own directory under the working tree): its parent is still in
                // the tree, once. Climbing further, or out of the working tree's own root,
                // leaves it.
                match parts.last_mut()? {
                    (u, climbed) if u.contains(UNKNOWN) => {
                        if *climbed {
                            return None;
                        }
                        *climbed = true;
                    }
                    _ => {
                        parts.pop();
                    }
                }
            } else if p.contains(UNKNOWN) && p.chars().count() != 1 {
                return None;
            } else {
                parts.push((p, false));
            }
        }
        let parts: Vec<&str> = parts.into_iter().map(|(p, _)| p).collect();
        if !parts.iter().any(|p| p.contains(UNKNOWN)) {
            return None;
        }
        let tail: Vec<&str> = parts
            .iter()
            .rev()
            .take_while(|p| !p.contains(UNKNOWN))
            .copied()
            .collect();
        Some(
            std::iter::once(".")
                .chain(tail.into_iter().rev())
                .collect::<Vec<_>>()
                .join("/"),
        )
    }

    /// The variable's name in `$name` or `${name}` (no operators, no subscript).
    /// The words of `"${name[@]}"` (quoted, alone in its string) or `${name[@]}` of an array
    /// whose program (first element) the script set, each quoted as a word of its own, an
    /// element known only at run time as a variable's value; `None` when the program is.
    ///
    /// One element after the program may be one of several strings (`W=("${CLI[@]}" $NET
    /// ...)` with `NET` printed by a helper from `-regtest -testnet ""`): one text per
    /// string, as a variable with alternatives gives them (`alternatives` then names the
    /// array); an empty one is no word, as the unquoted expansion of an empty value is not.
    fn array_words<'s>(
        &'s self,
        node: Node<'_>,
        alternatives: &mut Option<&'s str>,
    ) -> Option<Vec<String>> {
        let e = match node.kind() {
            "string" => {
                let mut c = node.named_children();
                match (c.next(), c.next()) {
                    (Some(e), None) if e.kind() == "expansion" => e,
                    _ => return None,
                }
            }
            _ => node,
        };
        let name = self.text(e).strip_prefix("${")?.strip_suffix("[@]}")?;
        if !is_identifier(name) {
            return None;
        }
        let items = self.vars.get(name)?.items.as_ref()?;
        let known = |v: &Val| v.known().filter(|t| !t.contains(UNKNOWN)).map(quote_word);
        // The program is a word the script set; an argument known only at run time (`cmd+=
        // (--limit "$LIMIT")`) is the value of a variable there, as the guard would read the
        // same words written out in the statement (`"$VALUE"`).
        let (first, rest) = items.split_first()?;
        let program = known(first)?;
        let alt_at = match alternatives.is_none_or(|n| n == name) {
            true => rest.iter().position(|v| {
                v.known().is_none()
                    && !v.alts.is_empty()
                    && v.alts.iter().all(|a| !a.contains(UNKNOWN))
            }),
            false => None,
        };
        let text = |pick: Option<&str>| {
            let mut words = vec![program.clone()];
            for (i, v) in rest.iter().enumerate() {
                match (Some(i) == alt_at, pick) {
                    (true, Some("")) => {}
                    (true, Some(a)) => words.push(quote_word(a)),
                    _ => words.push(known(v).unwrap_or_else(|| {
                        crate::shell_judge::run_time_word(&v.text_or_unknown())
                    })),
                }
            }
            words.join(" ")
        };
        match alt_at {
            None => Some(vec![text(None)]),
            Some(i) => {
                *alternatives = Some(name);
                Some(
                    rest[i]
                        .alts
                        .iter()
                        .take(MAX_ALTERNATIVES)
                        .map(|a| text(Some(a)))
                        .collect(),
                )
            }
        }
    }

    fn plain_expansion<'n>(&'n self, node: Node<'_>) -> Option<&'n str> {
        let t = self.text(node);
        let name = match node.kind() {
            "simple_expansion" => t.strip_prefix('$')?,
            _ => t.strip_prefix("${")?.strip_suffix('}')?,
        };
        (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then_some(name)
    }

    fn stmt_inner(&mut self, node: Node<'_>, capture: bool, stdin: Option<&Val>) -> Val {
        match node.kind() {
            "command" => self.command(node, &[], capture, stdin),
            "redirected_statement" => self.redirected(node, capture, stdin),
            "pipeline" => {
                let stages: Vec<Node<'_>> = node.named_children().collect();
                let mut data = stdin.cloned();
                let last = stages.len().saturating_sub(1);
                for (i, stage) in stages.iter().enumerate() {
                    let out = self.stmt(*stage, capture || i < last, data.as_ref());
                    data = Some(out);
                }
                data.unwrap_or_default()
            }
            "variable_assignment" => {
                self.assign(node);
                Val::unknown()
            }
            "declaration_command" => {
                let children: Vec<Node<'_>> = node.named_children().collect();
                if self.text(node).starts_with("export")
                    && children.iter().any(|c| self.text(*c) == "-f")
                {
                    // `export -f fn`: child shells of the script know `fn`.
                    let names: Vec<String> = children
                        .iter()
                        .filter(|c| c.kind() == "variable_name" || c.kind() == "word")
                        .map(|c| self.text(*c))
                        .filter(|t| is_identifier(t))
                        .map(str::to_owned)
                        .collect();
                    self.exported.extend(names);
                }
                // `local -n out=$1` / `declare -n ref=name`: a name for another variable.
                let nameref = children.iter().any(|c| {
                    let t = self.text(*c);
                    c.kind() == "word"
                        && t.starts_with('-')
                        && !t.starts_with("--")
                        && t.contains('n')
                });
                for c in children {
                    if c.kind() == "variable_assignment" {
                        if nameref && self.bind_nameref(c) {
                            continue;
                        }
                        self.assign(c);
                    }
                }
                Val::unknown()
            }
            "function_definition" => {
                let runner = node
                    .field("name")
                    .is_some_and(|n| self.runners.contains_key(self.text(n)));
                let outer = std::mem::replace(&mut self.in_runner, runner);
                if let Some(body) = node.field("body") {
                    let known: Map<String, u64> = self
                        .vars
                        .iter()
                        .filter(|(_, v)| start_known(v))
                        .map(|(k, _)| (k.clone(), self.vars.assignment(k)))
                        .collect();
                    self.known_at_definition
                        .entry(body.start_byte())
                        .or_insert(known);
                    let defining = self.defining.replace(body.start_byte());
                    let before = self.sink.findings.len();
                    let caps_before = self.sink.caps.len();
                    // A function whose every call takes its output as a value (`-u
                    // "$(cc_auth)"`, `token_for | docker login --password-stdin`) prints
                    // nothing: what it prints is judged where each caller uses it.
                    let quiet = self.at_call.is_none()
                        && defining.is_none()
                        && node
                            .field("name")
                            .is_some_and(|n| only_captured_calls(node, self.text(n), self.src));
                    let outer_capture = match quiet {
                        true => self.sink.capture.replace(Val::default()),
                        false => None,
                    };
                    let printed = self.printed_by(body);
                    if quiet {
                        self.sink.capture = outer_capture;
                    }
                    self.printed.insert(body.start_byte(), printed);
                    if self.at_call.is_none() && defining.is_none() {
                        let after = self.sink.findings.len();
                        self.sink
                            .definition_findings
                            .push((body.start_byte(), before..after));
                        let caps_after = self.sink.caps.len();
                        self.sink
                            .definition_caps
                            .push((body.start_byte(), caps_before..caps_after));
                    }
                    self.defining = defining;
                }
                self.in_runner = outer;
                Val::unknown()
            }
            "for_statement" => {
                let mut items = Val::default();
                let mut first = true;
                let values: Vec<Node<'_>> = node.children_by_field_name("value").collect();
                for v in values {
                    for val in self.words(v) {
                        items = if first { val } else { items.union(&val) };
                        first = false;
                    }
                }
                let own_pids = self.sink.judge.is_some() && self.loops_over_pids(node);
                if let Some(var) = node.field("variable") {
                    let name = self.text(var).to_owned();
                    self.vars.insert(name.clone(), items);
                    if own_pids {
                        // `for pid in "${started[@]}"; do kill "$pid"; done`: each is a
                        // process the script started.
                        let key = var_key(&name, self.vars.assignment(&name));
                        self.sink
                            .created
                            .insert((crate::shell_judge::PROCESS_KIND, key));
                    }
                }
                if let Some(body) = node.field("body") {
                    return self.block(body, capture);
                }
                Val::unknown()
            }
            // `for ((i = 0; i < 3; i++)); do dir=$(dirname "$dir"); done`: a loop counting a
            // known number of turns (at most 8) runs its body that many times, the counter
            // holding each turn's number, so a path climbed in it climbs as often.
            "c_style_for_statement"
                if let Some((name, start, turns)) = self.counted_loop(node)
                    && let Some(body) = node.field("body") =>
            {
                let mut out = Val::unknown();
                for k in 0..turns {
                    self.vars
                        .insert(name.clone(), Val::lit((start + k).to_string()));
                    out = self.block(body, capture);
                }
                self.vars
                    .insert(name, Val::lit((start + turns).to_string()));
                out
            }
            "comment" | "heredoc_body" | "heredoc_end" | "heredoc_start" => Val::unknown(),
            "ERROR" => {
                self.sink.add(
                    line(node),
                    Category::Unreviewable,
                    Verdict::Suspicious,
                    "part of the script is not valid shell",
                );
                self.block(node, capture)
            }
            "command_substitution" | "process_substitution" => self.block(node, true),
            _ => {
                // if / while / case / lists / subshells / test commands: their statements.
                // `while getopts "t:" opt; do case ... t) TARGET="$OPTARG" ;; *) exit 2 ;;
                // esac; done`: with no option given the body never runs, so what a variable
                // held before the loop is still one of its values after it.
                let zero_runs = (node.kind() == "while_statement"
                    && node
                        .field("condition")
                        .is_some_and(|c| self.text(c).trim_start().starts_with("getopts ")))
                .then(|| self.vars.snapshot());
                let mut out = Val::unknown();
                let children: Vec<Node<'_>> = node.named_children().collect();
                let guards = self.confined.len();
                let requested_before = self.sink.on_request;
                // `case "$p" in "$ROOT"/*) rm -rf "$p" ;; esac`: the item sees `p` there.
                if node.kind() == "case_item"
                    && let Some((name, dirs)) = self.case_item_guard(node)
                {
                    self.confine(name, &dirs);
                }
                // `case "$host" in localhost|db.lab.internal) ...`: the item sees one of them.
                if node.kind() == "case_item"
                    && let Some((name, words)) = self.case_item_choice(node)
                {
                    self.narrow_to_words(name, &words);
                }
                // `case "$line" in API_TOKEN=*) ...`: the item sees that one setting's line.
                if node.kind() == "case_item"
                    && let Some((name, key)) = self.dotenv_case_item(node)
                {
                    self.narrow_dotenv_line(name, &key);
                }
                let cond = (node.kind() == "if_statement")
                    .then(|| node.field("condition"))
                    .flatten();
                let mut branches: Option<Val> = None;
                // `$(command -v gojq || command -v jq)`: what either side prints.
                let either = capture
                    && node.kind() == "list"
                    && node.children().any(|c| c.kind() == "||")
                    && node
                        .children()
                        .filter(|c| !c.is_named())
                        .all(|c| c.kind() == "||");
                let mut printed: Vec<Val> = Vec::new();
                // `{ env; tail -n 40 "$log"; } | nc HOST PORT`, `(date; printenv)`: a group
                // taken as a value prints what each of its statements prints, so it carries the
                // data of all of them, not the last one's alone.
                let group = capture && matches!(node.kind(), "compound_statement" | "subshell");
                let mut group_printed = Taint::default();
                let mut last_item_silent = false;
                // What each way through an `if` or an `&&`/`||` list leaves in the variables
                // (see `merge_paths`): the variables when its first branch starts, and at the
                // end of each branch.
                let is_if = node.kind() == "if_statement";
                // `case "$opt" in t) target="$OPTARG" ;; esac`: each item is a way through.
                let is_case = node.kind() == "case_statement";
                let is_list = node.kind() == "list"
                    && node.children().any(|c| matches!(c.kind(), "&&" | "||"));
                // (Kept by a mark until a way changes a variable: most change none.)
                let mut start_mark = is_list.then(|| self.vars.mark());
                let mut branch_start: Option<Map<String, Val>> = None;
                let mut branch_ends: Vec<Map<String, Val>> = Vec::new();
                // Whether the branch walked last leaves (`return`, `exit`): its end is no way
                // past the `if`.
                let mut branch_leaves = false;
                for c in children {
                    if matches!(c.kind(), "elif_clause" | "else_clause") {
                        self.release(guards);
                        self.sink.on_request = requested_before;
                    }
                    // `--execute) cargo publish ;;`: an item only an option reaches.
                    if is_case && c.kind() == "case_item" {
                        self.sink.on_request = requested_before || opt_in::option_item(c, self.src);
                    }
                    if is_case && c.kind() == "case_item" {
                        match &branch_start {
                            None => branch_start = Some(self.vars.snapshot()),
                            Some(start) => {
                                if !branch_leaves {
                                    branch_ends.push(self.vars.snapshot());
                                }
                                self.vars.replace(start.clone());
                            }
                        }
                        branch_leaves = self.branch_leaves(c);
                    }
                    if is_if {
                        let in_condition = cond.is_some_and(|d| contain::same(c, d));
                        if matches!(c.kind(), "elif_clause" | "else_clause") {
                            if !branch_leaves {
                                branch_ends.push(self.vars.snapshot());
                            }
                            if branch_start.is_none()
                                && let Some(mark) = start_mark
                            {
                                branch_start = Some(self.vars.at_mark(mark));
                            }
                            if let Some(start) = &branch_start {
                                self.vars.replace(start.clone());
                            }
                            branch_leaves = self.branch_leaves(c);
                        } else if !in_condition {
                            if branch_start.is_none() && start_mark.is_none() {
                                start_mark = Some(self.vars.mark());
                            }
                            branch_leaves = self.leaves(c);
                        }
                    }
                    if matches!(
                        c.kind(),
                        "word"
                            | "string"
                            | "raw_string"
                            | "simple_expansion"
                            | "expansion"
                            | "concatenation"
                            | "number"
                            | "test_operator"
                            | "binary_expression"
                            | "unary_expression"
                            | "variable_name"
                    ) {
                        self.word(c);
                        continue;
                    }
                    let prev = out;
                    out = self.stmt(c, capture, stdin);
                    // `then printf '%s' "${!key}"; return; fi`: the branch prints what came
                    // before its `return`.
                    if !is_list && prints_nothing(c, self.src) {
                        out = prev.clone();
                    }
                    if group {
                        group_printed.join(&out.taint);
                    }
                    if either {
                        printed.push(out.clone());
                    }
                    // `printenv | grep TOKEN || true`: a list prints what each of its
                    // commands prints (`true` nothing), not only the last one's.
                    // A command that printed nothing known before it (`[[ -f "$f" ]] &&
                    // printf '%s\0' "$f"`) leaves what the next prints whole, its
                    // alternatives too (a loop variable over several paths).
                    let printed_nothing = prev.text.is_none()
                        && prev.alts.is_empty()
                        && prev.taint == Taint::default();
                    if node.kind() == "list" && !printed_nothing {
                        out = prev.union(&out);
                    }
                    if node.kind() == "case_statement" && c.kind() == "case_item" {
                        // An item that only leaves (`*) return 1 ;;`) prints nothing a
                        // `$(f)` gets: the case prints what its other items print.
                        last_item_silent = out.text.is_none()
                            && out.alts.is_empty()
                            && out.taint == Taint::default()
                            && self.branch_leaves(c);
                        if !last_item_silent {
                            branches = Some(match &branches {
                                Some(prev) => prev.union(&out),
                                None => out.clone(),
                            });
                        }
                    }
                    // `if inside "$p"; then rm -rf "$p"; fi`, and `[[ "$p" == "$ROOT"/* ]] &&
                    // rm -rf "$p"`: the branch, or the command after `&&`, sees `p` there.
                    let and_test = node.kind() == "list"
                        && node
                            .named_child(0)
                            .is_some_and(|first| contain::same(c, first))
                        && node
                            .children()
                            .filter(|o| !o.is_named())
                            .all(|o| o.kind() == "&&");
                    // `if (( execute )); then`, `[[ $1 == --publish ]] && publish`: what
                    // follows runs only when the user asked for it.
                    if (and_test
                        || cond.is_some_and(|d| contain::same(c, d))
                            && contain::single_condition(node))
                        && opt_in::requested(c, self.src, &self.option_flags)
                    {
                        self.sink.on_request = true;
                    }
                    // `if [[ "$line" == "$key="* ]]; then`: the branch sees that setting's line.
                    if (and_test
                        || cond.is_some_and(|d| contain::same(c, d))
                            && contain::single_condition(node))
                        && let Some((name, key)) = self.dotenv_line_test(c)
                    {
                        self.narrow_dotenv_line(name, &key);
                    }
                    if (and_test
                        || cond.is_some_and(|d| contain::same(c, d))
                            && contain::single_condition(node))
                        && let Some((name, dirs)) = self.holds_inside(c)
                    {
                        self.confine(name, &dirs);
                    } else if !cond.is_some_and(|d| contain::same(c, d)) {
                        self.after_statement(c);
                    }
                }
                self.release(guards);
                self.sink.on_request = requested_before;
                let start = match start_mark {
                    // No way through changed a variable: every way ends with the variables it
                    // began with, which they still are.
                    Some(mark) if branch_start.is_none() && !self.vars.changed_since(mark) => {
                        self.vars.unmark(mark);
                        None
                    }
                    Some(mark) => {
                        let start = branch_start.unwrap_or_else(|| self.vars.at_mark(mark));
                        self.vars.unmark(mark);
                        Some(start)
                    }
                    None => branch_start,
                };
                if let Some(start) = start {
                    if !branch_leaves {
                        branch_ends.push(self.vars.snapshot());
                    }
                    // No `else`: the way around every branch keeps what the variables held.
                    // A case's `*)` item is its `else`.
                    let has_else = node.children().any(|c| {
                        c.kind() == "else_clause"
                            || (c.kind() == "case_item"
                                && c.children_by_field_name("value")
                                    .any(|v| self.text(v) == "*"))
                    });
                    // The way walked last holds what a walk in order leaves.
                    let walked_last = branch_ends.len().checked_sub(1);
                    if is_list || !has_else {
                        branch_ends.push(start);
                    }
                    // Every way leaves (`"$ROOT"/*) return 0 ;; *) return 1 ;;`): nothing goes
                    // on past it, and the variables stay as the walk left them.
                    if !branch_ends.is_empty() {
                        let merged = self.merge_paths(branch_ends, walked_last);
                        self.vars.replace(merged);
                    }
                }
                // Each side known (a name looked up, a literal): the value is any of them. A
                // side known only at run time keeps the last side's value, as before.
                if printed.len() > 1
                    && printed.iter().all(|v| {
                        v.taint == Taint::default()
                            && (v.known().is_some()
                                || (v.text.is_none()
                                    && !v.alts.is_empty()
                                    && v.alts.iter().all(|a| !a.contains(UNKNOWN))))
                    })
                    && let Some(all) = Val::union_all(&printed)
                {
                    out = all;
                }
                if last_item_silent && let Some(all) = &branches {
                    out = all.clone();
                }
                // `case "$1" in a) echo x ;; b) echo y ;; esac`: the last item's text, with
                // what every item prints as its alternatives.
                if let Some(all) = branches
                    && out.text.is_some()
                    && all.text.is_none()
                    && !all.alts.is_empty()
                {
                    // Every item prints a known text (`prod-*) echo "$HOME" ;; *) echo
                    // ./build ;;`): the value is any of them, so a command given it is judged
                    // with each, not with the last item's alone.
                    let known = all.taint == Taint::default()
                        && all.alts.iter().all(|a| !a.contains(UNKNOWN));
                    if known {
                        out.text = None;
                    }
                    out.alts = all.alts;
                }
                out.taint.join(&group_printed);
                if let Some(before) = zero_runs {
                    let after = self.vars.snapshot();
                    let merged = self.merge_paths(vec![before, after], Some(1));
                    self.vars.replace(merged);
                }
                out
            }
        }
    }

    /// Walk a function's body with `args` as its positional parameters, then restore the
    /// caller's. The statements were judged by the guard where the function is defined.
    /// `bash -c "fn 'a b' c"` (`sh -c`, `-lc`) of a function the script exported with
    /// `export -f`: the function's name and its arguments, each carrying what the code did.
    /// Code of more than one simple command is left to the review of inline code.
    fn exported_call(&self, argv: &[Val]) -> Option<(String, Vec<Val>)> {
        if self.exported.is_empty() {
            return None;
        }
        let flag = argv.get(1)?.known()?;
        if !(flag.starts_with('-') && !flag.starts_with("--") && flag.ends_with('c')) {
            return None;
        }
        let code = argv.get(2)?;
        let words = split_simple_command(code.text.as_deref()?)?;
        let (func, rest) = words.split_first()?;
        if !self.exported.iter().any(|e| e == func) {
            return None;
        }
        let args = rest
            .iter()
            .map(|w| Val::lit(w.clone()).with_taint(&code.taint))
            .collect();
        Some((func.clone(), args))
    }

    fn call_function(&mut self, body: Node<'_>, args: &[Val], capture: bool) -> Val {
        const NAMES: [&str; 11] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*"];
        let saved: Vec<Option<Val>> = NAMES.iter().map(|n| self.vars.remove(n)).collect();
        self.set_positional(args);
        let judged = self.judged;
        self.judged = self.at_call.is_none() || judged;
        let refs = self.namerefs.len();
        let printed = self.block(body, capture);
        self.judged = judged;
        // What the function assigned through a name reference is the caller's variable's.
        for (name, target) in self.namerefs.split_off(refs) {
            if let Some(v) = self.vars.get(&name).cloned() {
                self.vars.insert(target, v);
            }
        }
        for (n, v) in NAMES.iter().zip(saved) {
            match v {
                Some(v) => self.vars.insert((*n).to_owned(), v),
                None => self.vars.remove(n),
            };
        }
        printed
    }

    /// `args` as the positional parameters: `$1`.. and `"$@"` (each argument, where all are
    /// known, so a loop over them takes each in turn; else one value known only at run time).
    fn set_positional(&mut self, args: &[Val]) {
        const NAMES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
        for (i, n) in NAMES.iter().enumerate() {
            match args.get(i) {
                Some(a) => self.vars.insert((*n).to_owned(), a.clone()),
                None => self.vars.remove(n),
            };
        }
        let mut all = match args.iter().all(|a| a.known().is_some()) && args.len() <= 8 {
            true => Val::union_all(args).unwrap_or_else(|| Val::lit(UNKNOWN.to_string())),
            false => Val::lit(UNKNOWN.to_string()),
        };
        for a in args {
            all.taint.join(&a.taint);
        }
        all.items = Some(args.to_vec());
        self.vars.insert("@".to_owned(), all.clone());
        self.vars.insert("*".to_owned(), all);
    }

    /// `for key in data socket; do apply_mode "$key"; done`: a call whose one argument with
    /// alternatives is a literal word of each walks the body once per word, so values the
    /// body picks by that word (`${paths[$1]}`, `${modes[$1]}`) stay paired as one run has
    /// them. Otherwise (or with too many words) one walk with the alternatives.
    fn call_per_alternative(&mut self, body: Node<'_>, args: &[Val], capture: bool) -> Val {
        let varied: Vec<usize> = (0..args.len())
            .filter(|&i| args[i].known().is_none() && !args[i].alts.is_empty())
            .collect();
        let words = match varied.as_slice() {
            [i] if args[*i].alts.len() <= MAX_ALTERNATIVES
                && args[*i].alts.iter().all(|a| !a.contains(UNKNOWN)) =>
            {
                Some((*i, args[*i].alts.clone()))
            }
            _ => None,
        };
        let Some((i, words)) = words else {
            return self.call_function(body, args, capture);
        };
        let mut printed: Vec<Val> = Vec::new();
        for w in words {
            let mut one = args.to_vec();
            one[i] = Val::lit(w).with_taint(&args[i].taint);
            printed.push(self.call_function(body, &one, capture));
        }
        Val::union_all(&printed).unwrap_or_default()
    }

    /// `shift N` inside a function or the script: `$1`.. and `"$@"` lose their first `N`
    /// values (all of them stay unknown when `N` is known only at run time).
    fn shift_positional(&mut self, n: Option<usize>) {
        const NAMES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
        let Some(all) = self.vars.get("@").cloned() else {
            return;
        };
        let Some(items) = all.items.clone() else {
            return;
        };
        let rest: Vec<Val> = match n {
            Some(n) => items.into_iter().skip(n).collect(),
            None => Vec::new(),
        };
        for (i, name) in NAMES.iter().enumerate() {
            match rest.get(i) {
                Some(v) => self.vars.insert((*name).to_owned(), v.clone()),
                None => self.vars.remove(name),
            };
        }
        let mut all = match n.is_some() && rest.iter().all(|a| a.known().is_some()) {
            true => Val::union_all(&rest).unwrap_or_else(|| Val::lit("")),
            false => Val::lit(UNKNOWN.to_string()),
        };
        for a in &rest {
            all.taint.join(&a.taint);
        }
        all.items = n.map(|_| rest);
        self.vars.insert("*".to_owned(), all.clone());
        self.vars.insert("@".to_owned(), all);
    }

    /// `local -n out=$1` with `$1` a variable's name: `out` holds what that variable holds,
    /// and what the function assigns to `out` goes back to it when the call ends. False when
    /// the name referred to is not known (a plain assignment then).
    fn bind_nameref(&mut self, node: Node<'_>) -> bool {
        let (Some(name), Some(value)) = (node.field("name"), node.field("value")) else {
            return false;
        };
        let name = self.text(name).to_owned();
        let target = self.word(value);
        let Some(target) = target
            .known()
            .filter(|t| is_identifier(t))
            .map(str::to_owned)
        else {
            return false;
        };
        match self.vars.get(&target).cloned() {
            Some(v) => self.vars.insert(name.clone(), v),
            None => self.vars.remove(&name),
        };
        self.namerefs.push((name, target));
        true
    }

    /// The variables after a conditional construct, from what each way through it leaves;
    /// `walked_last` is the way a walk in order ended on, whose values stand as before. A value
    /// another way gives is kept beside it when it names a place outside the working tree and
    /// the temporary directories (`target="$HOME"; if [ -n "$KEEP" ]; then target=./build; fi`
    /// may delete the home), and the data any way holds flows on (`data=none; if x; then
    /// data=$(cat key); fi`). Other values of other ways (a mirror's URL, a build's own
    /// program) are left out, as a walk in order leaves them.
    fn merge_paths(
        &mut self,
        ends: Vec<Map<String, Val>>,
        walked_last: Option<usize>,
    ) -> Map<String, Val> {
        let Some(last) = walked_last.filter(|&i| i < ends.len()) else {
            return ends.into_iter().last().unwrap_or_default();
        };
        let mut merged = ends[last].clone();
        let names: std::collections::BTreeSet<&String> =
            ends.iter().flat_map(|e| e.keys()).collect();
        // `endpoint=""` or `target=local_only` (a name whose value is empty) on the way walked
        // last: a setting switched off there, which the other ways leave on. Both values stay
        // (`[[ -n "$endpoint" ]] || return` ends the empty one; the other is where the script
        // sends what it sends when run as it is).
        let switched_off = |v: &Val| match v.known() {
            Some("") => true,
            Some(t) if is_identifier(t) => merged
                .get(t)
                .or_else(|| self.vars.get(t))
                .is_some_and(|x| x.known() == Some("")),
            _ => false,
        };
        let off: Vec<&String> = names
            .iter()
            .copied()
            .filter(|n| merged.get(*n).is_some_and(&switched_off))
            .collect();
        for name in names {
            let values: Vec<&Val> = ends.iter().filter_map(|e| e.get(name)).collect();
            let Some(mut v) = merged.get(name).or(values.first().copied()).cloned() else {
                continue;
            };
            for other in &values {
                if **other == v {
                    continue;
                }
                if off.contains(&name) && other.known().is_some_and(|t| !t.is_empty()) {
                    v = v.union(other);
                    continue;
                }
                v = self.sink.conditional_assignment(Some(other), v);
                v.taint.join(&other.taint.data_only());
            }
            merged.insert(name.clone(), v);
        }
        merged
    }

    fn assign(&mut self, node: Node<'_>) {
        let Some(name) = node.field("name") else {
            return;
        };
        if self.sink.judge.is_some() {
            self.note_pid_array(node, name);
        }
        if name.kind() == "subscript" {
            // `MAP[key]=v`, `arr[2]=v`: one element of the array the variable holds.
            return self.assign_element(node, name);
        }
        let name = self.text(name).to_owned();
        if self.at_call.is_some()
            && node
                .field("value")
                .is_some_and(|v| self.reads_parameters(v))
        {
            self.call_locals.push(name.clone());
        }
        // `export PGPASSWORD="${PGPASSWORD:-dev}"`: a default for a credential variable the
        // script leaves where it is. Nothing is read here; a later `$PGPASSWORD` is a read of
        // the variable, judged where it is used.
        if !self.vars.contains_key(&name)
            && crate::places::secret_env(&name)
            && node
                .field("value")
                .and_then(|v| sole_expansion(v))
                .is_some_and(|e| {
                    let t = self.text(e);
                    default_operator(t, &name) || t.starts_with(&format!("${{{name}:="))
                })
        {
            return;
        }
        let value = match node.field("value") {
            // `auth=(-H "Authorization: ...")`: an array, each element a word of its own.
            Some(v) if v.kind() == "array" => {
                let mut items: Vec<Val> = Vec::new();
                let mut fields: Vec<(String, Val)> = Vec::new();
                let elements: Vec<Node<'_>> = v
                    .named_children()
                    .filter(|c| c.kind() != "comment")
                    .collect();
                for c in elements {
                    // `([key]=value ...)` of `declare -A`: a member under its key.
                    match self.keyed_element(c) {
                        Some((key, val)) => {
                            items.push(val.clone());
                            fields.retain(|(k, _)| *k != key);
                            fields.push((key, val));
                        }
                        None => items.extend(self.words(c)),
                    }
                }
                let mut val = items.first().cloned().unwrap_or_else(|| Val::lit(""));
                for i in &items {
                    val.taint.join(&i.taint);
                }
                val.items = Some(items);
                val.fields = fields;
                val
            }
            Some(v) => self.word(v),
            None => Val::lit(""),
        };
        // `creds+="$(base64 < "$f")."`: the old value with the new part after it.
        let value = if self.text(node)[name.len()..].starts_with("+=") {
            let old = self
                .vars
                .get(&name)
                .cloned()
                .unwrap_or_else(|| Val::lit(""));
            old.concat(&value)
        } else {
            value
        };
        if matches!(name.as_str(), "LD_PRELOAD" | "LD_AUDIT") {
            self.sink.add(
                line(node),
                Category::Escape,
                Verdict::Dangerous,
                format!("sets {name}, injecting a library into every program started"),
            );
        }
        if name == "PROMPT_COMMAND" || name == "BASH_ENV" {
            self.sink.add(
                line(node),
                Category::Escape,
                Verdict::Suspicious,
                format!("sets {name}, which runs code in later shells"),
            );
        }
        self.sink.setting(line(node), &name, &value);
        let started = node
            .field("value")
            .is_some_and(|v| matches!(self.text(v), "$!" | "\"$!\""));
        self.vars.insert(name.clone(), value);
        if started && self.sink.judge.is_some() {
            // `pid=$!`: the process the script just started in the background.
            let key = var_key(&name, self.vars.assignment(&name));
            self.sink
                .created
                .insert((crate::shell_judge::PROCESS_KIND, key));
        }
    }

    /// Keep [`Shell::pid_arrays`]: `started=()`, `started+=("$pid")` of a variable holding a
    /// process the script started (`pid=$!`) or `started+=($!)` keep an array one of the
    /// script's own pids; any other assignment to it, an element's included, ends that.
    fn note_pid_array(&mut self, node: Node<'_>, name: Node<'_>) {
        let (var, element) = match name.kind() {
            "subscript" => match name.field("name") {
                Some(n) => (self.text(n).to_owned(), true),
                None => return,
            },
            _ => (self.text(name).to_owned(), false),
        };
        let own_pid = |t: &str| {
            let t = t.trim_matches('"');
            t == "$!"
                || t.strip_prefix('$')
                    .map(|n| n.trim_start_matches('{').trim_end_matches('}'))
                    .filter(|n| is_identifier(n))
                    .is_some_and(|n| {
                        self.sink.created.contains(&(
                            crate::shell_judge::PROCESS_KIND,
                            var_key(n, self.vars.assignment(n)),
                        ))
                    })
        };
        let pids_only = !element
            && node.field("value").is_some_and(|v| {
                v.kind() == "array"
                    && v.named_children()
                        .filter(|c| c.kind() != "comment")
                        .all(|c| own_pid(self.text(c)))
            });
        let (arrays, spoiled) = &mut self.pid_arrays;
        if pids_only && !spoiled.contains(&var) {
            arrays.insert(var);
        } else {
            arrays.remove(&var);
            spoiled.insert(var);
        }
    }

    /// Whether `for VAR in "${ARRAY[@]}"` walks an array of the script's own pids (see
    /// [`Shell::pid_arrays`]) that no `read`, `mapfile` or `readarray` fills either.
    fn loops_over_pids<'t>(&self, node: Node<'t>) -> bool {
        let values: Vec<Node<'_>> = node.children_by_field_name("value").collect();
        let [value] = values.as_slice() else {
            return false;
        };
        let Some(array) = self
            .text(*value)
            .trim_matches('"')
            .strip_prefix("${")
            .and_then(|t| t.strip_suffix("[@]}"))
        else {
            return false;
        };
        if !self.pid_arrays.0.contains(array) || self.pid_arrays.1.contains(array) {
            return false;
        }
        let mut root = node;
        while let Some(p) = root.parent() {
            root = p;
        }
        // Wherever the script assigns the array (or the variables appended to it), in any
        // order the walk meets them: only `$!` values. A variable the function appending it
        // declares `local` is looked for in that function only.
        let read_into = |scope: Node<'t>, var: &str| {
            scope.descendants().any(|n| {
                n.kind() == "command"
                    && n.field("name")
                        .is_some_and(|c| matches!(self.text(c), "read" | "mapfile" | "readarray"))
                    && n.children_by_field_name("argument")
                        .any(|a| self.text(a) == var)
            })
        };
        let assigned = |scope: Node<'t>, var: &str| -> Vec<(Node<'t>, Option<String>)> {
            scope
                .descendants()
                .filter(|n| n.kind() == "variable_assignment")
                .filter_map(|n| {
                    let nm = n.field("name")?;
                    let base = match nm.kind() {
                        // `arr[2]=x`: any element set alone is a value of another kind.
                        "subscript" => {
                            return nm
                                .field("name")
                                .filter(|b| self.text(*b) == var)
                                .map(|_| (n, None));
                        }
                        _ => self.text(nm),
                    };
                    (base == var).then(|| (n, n.field("value").map(|v| self.text(v).to_owned())))
                })
                .collect()
        };
        let scope_of = |at: Node<'t>, var: &str| -> Node<'t> {
            let mut f = at.parent();
            while let Some(p) = f {
                if p.kind() == "function_definition" {
                    break;
                }
                f = p.parent();
            }
            f.filter(|func| {
                func.descendants().any(|d| {
                    d.kind() == "declaration_command"
                        && self.text(d).starts_with("local")
                        && d.named_children().any(|c| {
                            let name = match c.kind() {
                                "variable_assignment" => c.field("name"),
                                _ => Some(c),
                            };
                            name.is_some_and(|n| self.text(n) == var)
                        })
                })
            })
            .unwrap_or(root)
        };
        let started_pid = |element: Node<'t>| {
            let t = self.text(element).trim_matches('"');
            if t == "$!" {
                return true;
            }
            let Some(var) = t
                .strip_prefix('$')
                .map(|n| n.trim_start_matches('{').trim_end_matches('}'))
                .filter(|n| is_identifier(n))
            else {
                return false;
            };
            let scope = scope_of(element, var);
            let values = assigned(scope, var);
            !values.is_empty()
                && values
                    .iter()
                    .all(|(_, v)| v.as_deref().is_some_and(|v| matches!(v, "$!" | "\"$!\"")))
                && !read_into(scope, var)
        };
        !read_into(root, array)
            && assigned(root, array).iter().all(|(n, v)| {
                v.is_some()
                    && n.field("value").is_some_and(|v| {
                        v.kind() == "array"
                            && v.named_children()
                                .filter(|c| c.kind() != "comment")
                                .all(started_pid)
                    })
            })
    }

    /// The plain assignments (`NAME=value`, `export NAME=value`) of shell text this shell
    /// sources: each variable holds its value, with the text's taint.
    fn assign_sourced(&mut self, ln: u32, code: &Val) {
        let Some(text) = code.text.as_deref() else {
            return;
        };
        for l in text.lines() {
            let l = l.trim();
            let l = l.strip_prefix("export ").map_or(l, str::trim_start);
            let Some((name, value)) = l.split_once('=') else {
                continue;
            };
            if !is_identifier(name) {
                continue;
            }
            let value = value.trim();
            let value = ['"', '\'']
                .iter()
                .find_map(|q| value.strip_prefix(*q).and_then(|v| v.strip_suffix(*q)))
                .unwrap_or(value);
            let value = Val::lit(value).with_taint(&code.taint);
            self.sink.setting(ln, name, &value);
            self.vars.insert(name.to_owned(), value);
        }
    }

    /// `[key]=value` inside an array literal: the key and the value.
    fn keyed_element(&mut self, node: Node<'_>) -> Option<(String, Val)> {
        let text = self.text(node);
        if node.kind() != "concatenation" || !text.starts_with('[') {
            return None;
        }
        let at = text.find("]=")?;
        let key = text[1..at].to_owned();
        if key.contains(['$', '`']) {
            return None;
        }
        // The value: what follows `]=`, part of a child (`]=abc`) or children of its own.
        let value_start = node.start_byte() + at + 2;
        let mut value = Val::lit("");
        let children: Vec<Node<'_>> = node.named_children().collect();
        for c in children {
            if c.end_byte() <= value_start {
                continue;
            }
            if c.start_byte() < value_start {
                let part = self.src.get(value_start..c.end_byte()).unwrap_or("");
                value = value.concat(&Val::lit(part));
            } else {
                value = value.concat(&self.word(c));
            }
        }
        Some((key, value))
    }

    /// `MAP[key]=v` / `arr[i]=v` (also `+=`): the element stored in the variable's array.
    fn assign_element(&mut self, node: Node<'_>, target: Node<'_>) {
        let Some(base) = target.field("name").map(|n| self.text(n).to_owned()) else {
            return;
        };
        let key = target.field("index").map(|i| self.word(i));
        let value = match node.field("value") {
            Some(v) => self.word(v),
            None => Val::lit(""),
        };
        let mut arr = self.vars.get(&base).cloned().unwrap_or_else(|| Val {
            items: Some(Vec::new()),
            ..Val::default()
        });
        arr.taint.join(&value.taint);
        match key.as_ref().and_then(|k| k.known().map(str::to_owned)) {
            Some(k) => {
                let mut items = arr.items.take().unwrap_or_default();
                match k.parse::<usize>() {
                    Ok(i) if arr.fields.is_empty() && i < 64 => {
                        while items.len() <= i {
                            items.push(Val::lit(""));
                        }
                        items[i] = value.clone();
                    }
                    _ => {
                        items.push(value.clone());
                        arr.fields.retain(|(n, _)| *n != k);
                        arr.fields.push((k, value));
                    }
                }
                arr.items = Some(items);
            }
            // A key known only at run time: the array may hold the value anywhere.
            None => arr.items.get_or_insert_with(Vec::new).push(value),
        }
        self.vars.insert(base, arr);
    }

    /// `${arr[i]}`, `${MAP[$key]}`: the element a subscript expansion picks; any element
    /// when its key is known only at run time (or one of the keys of a loop over them).
    fn element(&mut self, subscript: Node<'_>) -> Val {
        let Some(base) = subscript.field("name").map(|n| self.text(n).to_owned()) else {
            return Val::lit(UNKNOWN.to_string());
        };
        let index = subscript.field("index").map(|i| self.word(i));
        let Some(arr) = self.vars.get(&base).cloned() else {
            if base == "BASH_SOURCE" {
                return self.script_path();
            }
            return self.lookup(&base, subscript);
        };
        let Some(items) = arr.items.clone() else {
            // A plain variable: `${x[0]}` is its value.
            return arr;
        };
        let keys: Vec<String> = match &index {
            Some(i) => match i.known() {
                Some(k) => vec![k.to_owned()],
                None => i.alts.clone(),
            },
            None => Vec::new(),
        };
        let pick = |k: &str| -> Option<Val> {
            match arr.field(k) {
                Some(v) => Some(v.clone()),
                None if arr.fields.is_empty() => {
                    k.parse::<usize>().ok().and_then(|i| items.get(i).cloned())
                }
                None => None,
            }
        };
        let picked: Vec<Val> = keys.iter().filter_map(|k| pick(k)).collect();
        let mut v = if !keys.is_empty() && picked.len() == keys.len() {
            Val::union_all(&picked).unwrap_or_default()
        } else if keys.len() == 1 && index.as_ref().is_some_and(|i| i.known().is_some()) {
            // A key the script never set: empty.
            Val::lit("")
        } else if items.is_empty() || items.len() > 16 {
            Val::lit(UNKNOWN.to_string())
        } else {
            Val::any_of(&items)
        };
        v.taint.join(&arr.taint);
        if v.is_blank() {
            return Val::lit(UNKNOWN.to_string()).with_taint(&v.taint);
        }
        v
    }

    /// `$name` and `${name}` in a code string replaced by the variables' known values.
    /// bash runs a backquoted command in the operand of `${x:-WORD}` (`:=`, `:+`, `/a/WORD`),
    /// and `'$(cmd)'` there inside double quotes; tree-sitter-bash reads both as text. Their
    /// code is reviewed as the script's own, with its variables' values.
    /// A command substitution in the operand of any other operator than a default for an unset
    /// variable (`${X:=$(cmd)}`, `${X:+$(cmd)}`, `${X:?$(cmd)}`; a `:-` default is walked
    /// where its value is taken) runs when the operator applies: it is walked as the script's
    /// own command.
    fn expansion_operand_code(&mut self, node: Node<'_>) {
        let text = self.text(node);
        let name = text
            .strip_prefix("${")
            .map(|r| {
                r.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                    .next()
            })
            .unwrap_or_default()
            .unwrap_or_default();
        let after_name = text.strip_prefix("${").and_then(|r| r.strip_prefix(name));
        // A default assigned to a variable the script does not set is walked where its value
        // is taken, as a `:-` default is.
        let walked_as_default = (default_operator(text, name)
            || assign_default_operator(text, name))
            && !self.vars.contains_key(name);
        if after_name.is_some() && !walked_as_default {
            let subs: Vec<Node<'_>> = node
                .named_children()
                .filter(|c| c.kind() == "command_substitution")
                .collect();
            for sub in subs {
                let _ = self.word(sub);
            }
        }
        for child in node.named_children() {
            if !matches!(child.kind(), "word" | "raw_string" | "regex") {
                continue;
            }
            let codes: Vec<String> = terraphim_shell_vocab::substituted_code(self.text(child))
                .into_iter()
                .map(|code| self.expand_known(code))
                .collect();
            for code in codes {
                self.sink
                    .nested(line(node), crate::model::Language::Shell, &code);
            }
        }
    }

    /// `${SPEC@P}`: each text `SPEC` may hold expanded as bash expands a prompt: the
    /// parameters in it (`$NAME`, `${NAME}`, `${NAME:-DEFAULT}`) put in place, a prompt escape
    /// (`\w`) a text nobody knows.
    fn prompt_expanded(&mut self, v: &Val, at: Node<'_>) -> Val {
        // Several values may flow here (a default, then an option's argument).
        let texts: Vec<String> = match (&v.text, v.alts.is_empty()) {
            (Some(t), true) => vec![t.clone()],
            (_, false) => v.alts.clone(),
            (None, true) => Vec::new(),
        };
        if texts.is_empty() {
            return Val::lit(UNKNOWN.to_string()).with_taint(&v.taint);
        }
        let vals: Vec<Val> = texts.iter().map(|t| self.prompt_text(t, at, 0)).collect();
        Val::union_all(&vals)
            .unwrap_or_else(|| Val::lit(UNKNOWN.to_string()))
            .with_taint(&v.taint)
    }

    fn prompt_text(&mut self, text: &str, at: Node<'_>, depth: usize) -> Val {
        let mut out = Val::lit("");
        let mut plain = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            let parameter = match c {
                '\\' => {
                    plain.push(UNKNOWN);
                    rest = rest
                        .get(1 + rest[1..].chars().next().map_or(0, char::len_utf8)..)
                        .unwrap_or("");
                    continue;
                }
                '$' => rest[1..]
                    .strip_prefix('{')
                    .and_then(|b| {
                        // The closing brace of this expansion (a default may hold others).
                        let mut open = 1usize;
                        let end = b.char_indices().find_map(|(i, ch)| {
                            match ch {
                                '{' => open += 1,
                                '}' => open -= 1,
                                _ => {}
                            }
                            (open == 0).then_some(i)
                        })?;
                        Some((&b[..end], end + 3))
                    })
                    .or_else(|| {
                        let after = &rest[1..];
                        let e = after
                            .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                            .unwrap_or(after.len());
                        (e > 0).then(|| (&after[..e], e + 1))
                    }),
                _ => None,
            };
            let Some((inner, len)) = parameter else {
                plain.push(c);
                rest = &rest[c.len_utf8()..];
                continue;
            };
            rest = rest.get(len..).unwrap_or("");
            out = out.concat(&Val::lit(std::mem::take(&mut plain)));
            let name_len = inner
                .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .unwrap_or(inner.len());
            let (name, op) = inner.split_at(name_len);
            let default = op.strip_prefix(":-").or_else(|| op.strip_prefix('-'));
            let value = match default {
                // A variable the script does not set holds the default, as `${X:-D}` does
                // where it is written.
                Some(d) if !self.vars.contains_key(name) && depth < 4 => {
                    self.prompt_text(d, at, depth + 1)
                }
                _ if name.is_empty() || (!op.is_empty() && default.is_none()) => {
                    Val::lit(UNKNOWN.to_string())
                }
                _ => self.lookup(name, at),
            };
            out = out.concat(&value);
        }
        out.concat(&Val::lit(plain))
    }

    fn expand_known(&self, code: &str) -> String {
        let mut out = String::with_capacity(code.len());
        let mut rest = code;
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            let after = &rest[i + 1..];
            let (name, len) = match after.strip_prefix('{') {
                Some(b) => match b.find('}') {
                    Some(e) => (&b[..e], e + 2),
                    None => ("", 0),
                },
                None => {
                    let e = after
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(after.len());
                    (&after[..e], e)
                }
            };
            match self.vars.get(name).and_then(|v| v.text.as_deref()) {
                Some(v) if !name.is_empty() => out.push_str(v),
                _ => out.push_str(&rest[i..i + 1 + len]),
            }
            rest = &rest[i + 1 + len..];
        }
        out.push_str(rest);
        out
    }

    /// Follow `cd DIR`, `pushd DIR` and `popd` for the review's own path resolution: a known
    /// relative directory is taken from the current one, a directory known only at run time
    /// (or `cd -`) is taken to be the project's, as the guard's judging does.
    fn change_dir(&mut self, name: &str, dir: Option<&Val>) {
        if name == "popd" {
            self.sink.shell_dir = self.dir_stack.pop().flatten();
            return;
        }
        let prev = self.sink.shell_dir.clone();
        if dir.is_some_and(|d| d.known().is_none_or(|d| d == "-" || d.is_empty())) {
            // `$(pwd)` after it is a directory known only at run time.
            self.cd_unknown = true;
        }
        let next = match dir {
            None if name == "cd" => Some("~".to_owned()),
            None => None,
            Some(d) => match d.known().filter(|d| *d != "-" && !d.is_empty()) {
                Some(d) if d.starts_with(['/', '~']) => Some(d.to_owned()),
                Some(d) => Some(match &prev {
                    Some(p) => format!("{}/{d}", p.trim_end_matches('/')),
                    None => d.to_owned(),
                }),
                // `cd "$ROOT"` with `ROOT` a climb out of the script's own directory.
                None => d.text.as_deref().and_then(|t| self.sink.ctx.script_root(t)),
            },
        };
        if name == "pushd" {
            self.dir_stack.push(prev);
        }
        self.sink.shell_dir = next;
    }

    /// The script's own path (`$0`, `${BASH_SOURCE[0]}`): a file in a directory somewhere in
    /// the working tree (agents keep scripts in `scripts/`, `ci/`), as for JavaScript's
    /// `__filename`, so `$(dirname "$0")/..` is the project, not the directory above it.
    fn script_path(&self) -> Val {
        Val::lit(format!(
            "{}/{UNKNOWN}/{UNKNOWN}",
            self.sink.ctx.cwd.to_string_lossy().trim_end_matches('/')
        ))
    }

    /// The directory word of a command substitution that is only `cd DIR && pwd` (the usual
    /// way to make a path absolute).
    fn cd_and_pwd<'n>(&self, node: Node<'n>) -> Option<Node<'n>> {
        let mut children = node.named_children();
        let list = children.next().filter(|l| l.kind() == "list")?;
        if children.next().is_some() || !self.text(list).contains("&&") {
            return None;
        }
        let mut parts = list.named_children();
        let (cd, pwd) = (parts.next()?, parts.next()?);
        if parts.next().is_some() || cd.kind() != "command" || pwd.kind() != "command" {
            return None;
        }
        let name = |c: Node<'_>| c.field("name").map(|n| self.text(n).to_owned());
        if name(cd)?.as_str() != "cd" || name(pwd)?.as_str() != "pwd" {
            return None;
        }
        if pwd
            .named_children()
            .skip(1)
            .any(|a| !matches!(self.text(a), "-P" | "-L"))
        {
            return None;
        }
        let mut args = cd.named_children().skip(1);
        let dir = args.next().filter(|d| !self.text(*d).starts_with('-'))?;
        args.next().is_none().then_some(dir)
    }

    /// What `pwd` prints: the directory the shell is in, the working tree unless a `cd`
    /// before it went elsewhere (one known only at run time: unknown).
    fn current_dir(&self) -> Val {
        let cwd = self
            .sink
            .ctx
            .cwd
            .to_string_lossy()
            .trim_end_matches('/')
            .to_owned();
        let dir = match (&self.cd, &self.sink.shell_dir) {
            (Some(CdDir::RunTime), _) => None,
            (_, Some(d)) if d.starts_with(['/', '~']) => Some(d.clone()),
            (_, Some(d)) if !self.cd_unknown => Some(format!("{cwd}/{d}")),
            (Some(CdDir::Known(d)), None) if d.starts_with(['/', '~']) => Some(d.clone()),
            (Some(CdDir::Known(d)), None) if !self.cd_unknown => Some(format!("{cwd}/{d}")),
            (None, None) if !self.cd_unknown => Some(cwd),
            _ => None,
        };
        dir.map_or_else(|| Val::lit(UNKNOWN.to_string()), Val::lit)
    }

    /// The script's own functions a command substitution lists by name (see
    /// [`own_functions::listed_names`]), if that is all it prints.
    fn own_function_listing(&self, node: Node<'_>) -> Option<Vec<&str>> {
        let mut children = node.named_children().filter(|c| c.kind() != "comment");
        let (Some(only), None) = (children.next(), children.next()) else {
            return None;
        };
        let commands: Vec<Node<'_>> = match only.kind() {
            "pipeline" => only.named_children().collect(),
            "command" | "declaration_command" => vec![only],
            _ => return None,
        };
        // (`declare -F` parses as a declaration.)
        let stages = commands
            .iter()
            .map(|c| {
                matches!(c.kind(), "command" | "declaration_command")
                    .then(|| split_simple_command(self.text(*c)))?
            })
            .collect::<Option<Vec<_>>>()?;
        own_functions::listed_names(&stages, &self.defined)
    }

    /// Whether a command substitution is only `pwd` (or `pwd -P`, `pwd -L`).
    fn lone_pwd(&self, node: Node<'_>) -> bool {
        let mut children = node.named_children();
        let (Some(cmd), None) = (children.next(), children.next()) else {
            return false;
        };
        cmd.kind() == "command"
            && cmd.field("name").is_some_and(|n| self.text(n) == "pwd")
            && cmd
                .named_children()
                .skip(1)
                .all(|a| matches!(self.text(a), "-P" | "-L"))
    }

    fn lookup(&mut self, name: &str, at: Node<'_>) -> Val {
        if let Some(v) = self.vars.get(name) {
            return v.clone();
        }
        if name == "0" || name == "BASH_SOURCE" {
            return self.script_path();
        }
        let mut v = self.sink.read_env(line(at), name);
        // `DATABASE_URL`, `REDIS_URI`, `SENTRY_DSN`: the secret is the URL's credentials.
        let url_secret = if ["_URL", "_URI", "_DSN"].iter().any(|s| name.ends_with(s)) {
            crate::engine::URL_SECRET
        } else {
            0
        };
        if v.taint.secret.is_some() {
            v.taint.url_secret = url_secret;
        }
        if v.taint.secret.is_none()
            && let Some(what) = &self.sourced_secret
            // `$1` is the script's (or a function's) argument, which no sourced file sets.
            && name.starts_with(|c: char| c.is_ascii_uppercase() || c == '_')
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c == '_' || c.is_ascii_digit())
            && !matches!(name, "HOME" | "PATH" | "PWD" | "TMPDIR" | "USER")
            && !terraphim_shell_vocab::secrets::plain_setting(name)
        {
            return Val::unknown().with_taint(&Taint {
                secret: Some(format!("a variable from {what}")),
                url_secret,
                ..Taint::default()
            });
        }
        if v.text.is_none() && v.taint == Taint::default() {
            return Val::lit(UNKNOWN.to_string());
        }
        v
    }

    /// The value of a word-like node.
    fn word(&mut self, node: Node<'_>) -> Val {
        if node.kind() == "expansion" {
            self.expansion_operand_code(node);
        }
        match node.kind() {
            "word" | "number" | "command_name" | "extglob_pattern" => {
                if node.kind() == "command_name"
                    && let Some(c) = node.named_child(0)
                {
                    return self.word(c);
                }
                let t = self.text(node);
                let mut out = String::with_capacity(t.len());
                let mut chars = t.chars();
                while let Some(c) = chars.next() {
                    if c == '\\' {
                        if let Some(n) = chars.next() {
                            out.push(n);
                        }
                    } else {
                        out.push(c);
                    }
                }
                Val::lit(out)
            }
            "raw_string" => {
                let t = self.text(node);
                Val::lit(t.trim_start_matches('\'').trim_end_matches('\''))
            }
            "ansi_c_string" => {
                let t = self.text(node);
                let body = t.strip_prefix("$'").unwrap_or(t);
                let body = body.strip_suffix('\'').unwrap_or(body);
                let mut v = Val::lit(terraphim_shell_vocab::unescape_ansi_c(body));
                if t.contains("\\x") || t.contains("\\0") {
                    v.taint.decoded = true;
                }
                v
            }
            "string" | "concatenation" | "heredoc_body" | "translated_string" => {
                self.interpolate(node)
            }
            "expansion" if self.text(node).starts_with("${BASH_SOURCE") => self.script_path(),
            "expansion"
                if node.named_child(0).is_some_and(|c| c.kind() == "subscript")
                    && !self.text(node).starts_with("${!")
                    && !self.text(node).starts_with("${#") =>
            {
                // The operator after the subscript (`:-`, `/#/`, ...) and whether it has an
                // operand.
                let op = node
                    .named_child(0)
                    .and_then(|sub| self.text(node).get(sub.end_byte() - node.start_byte()..))
                    .unwrap_or("")
                    .to_owned();
                let with_operand = node.named_children().count() == 2;
                match node.named_child(0) {
                    Some(sub) if node.named_children().count() == 1 => self.element(sub),
                    // `${RC[$shell]:-$HOME/.profile}`: the element, or the default when it is
                    // unset or empty.
                    Some(sub) if with_operand && (op.starts_with(":-") || op.starts_with('-')) => {
                        let element = self.element(sub);
                        match node.named_child(1) {
                            Some(d) => {
                                let default = self.word(d);
                                element.union(&default)
                            }
                            None => element,
                        }
                    }
                    // `${dirs[@]/#/$HOME/}`, `${files[@]/%/.bak}`: each element with the text
                    // put before (`/#/`) or after (`/%/`) it.
                    Some(sub)
                        if with_operand && (op.starts_with("/#/") || op.starts_with("/%/")) =>
                    {
                        let before = op.starts_with("/#/");
                        // `[@]`/`[*]`: every element of the array (`element` reads one key).
                        let every = sub
                            .field("index")
                            .is_some_and(|i| matches!(self.text(i), "@" | "*"));
                        let element = match sub
                            .field("name")
                            .and_then(|n| self.vars.get(self.text(n)))
                            .and_then(|a| a.items.clone())
                        {
                            Some(items) if every && !items.is_empty() && items.len() <= 16 => {
                                Val::list(items)
                            }
                            _ if every => Val::lit(UNKNOWN.to_string()),
                            _ => self.element(sub),
                        };
                        let added = node
                            .named_child(1)
                            .map_or_else(|| Val::lit(UNKNOWN.to_string()), |r| self.word(r));
                        let join = |e: &Val| match before {
                            true => added.concat(e),
                            false => e.concat(&added),
                        };
                        match &element.items {
                            // As alternatives, as `"${dirs[@]}"` in a word is.
                            Some(items) => Val::any_of(&items.iter().map(join).collect::<Vec<_>>()),
                            None => join(&element),
                        }
                    }
                    _ => Val::lit(UNKNOWN.to_string()),
                }
            }
            "simple_expansion" | "expansion" => {
                let name = node
                    .named_child(0)
                    .filter(|c| c.kind() == "variable_name" || c.kind() == "special_variable_name")
                    .map(|c| self.text(c).to_owned());
                match name {
                    Some(_) if node.kind() == "expansion" && self.text(node).starts_with("${#") => {
                        // `${#value}`, `${#list[@]}`: a length, a number that tells nothing of
                        // what the variable holds.
                        Val::lit(UNKNOWN.to_string())
                    }
                    Some(n) => {
                        let mut v = self.lookup(&n, node);
                        if node.kind() == "expansion" && self.text(node).ends_with("@P}") {
                            // `${SPEC@P}`: the value expanded again as a prompt is, its
                            // `${X:-$HOME}` and `$NAME` put in place.
                            return self.prompt_expanded(&v, node);
                        }
                        if node.kind() == "expansion"
                            && v.taint.secret.is_some()
                            && substring_masks(self.text(node), &n, &v.taint)
                        {
                            // `${TOKEN: -4}`: the last characters shown to tell tokens apart.
                            v.taint.mask();
                            return v;
                        }
                        if node.kind() == "expansion"
                            && self.text(node).starts_with("${!")
                            && !self.text(node).ends_with("]}")
                        {
                            // `${!var}`: the variable whose name `var` holds (each of the
                            // names it may hold); a name known only at run time is a value
                            // nobody knows.
                            let names: Vec<String> = match (&v.text, v.alts.is_empty()) {
                                (Some(t), true) => vec![t.clone()],
                                (None, false) => v.alts.clone(),
                                _ => Vec::new(),
                            };
                            let valid = |t: &String| {
                                !t.is_empty()
                                    && t.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                            };
                            if names.is_empty() || !names.iter().all(valid) {
                                return Val::lit(UNKNOWN.to_string()).with_taint(&v.taint);
                            }
                            let vals: Vec<Val> =
                                names.iter().map(|t| self.lookup(t, node)).collect();
                            return Val::union_all(&vals)
                                .unwrap_or_else(|| Val::lit(UNKNOWN.to_string()));
                        }
                        if node.kind() == "expansion"
                            && !self.vars.contains_key(n.as_str())
                            && default_operator(self.text(node), &n)
                            && let Some(default) = node.named_children().skip(1).last()
                        {
                            // `${API_URL:-https://api.github.com}`, `${PREFIX:-/usr}`: a
                            // variable the script does not set holds the script's default;
                            // the user's environment may point it elsewhere.
                            let mut d = self.word(default);
                            if d.known().is_some() {
                                // `${2:-postgres://localhost/db}` outside a function walked at
                                // a call: the script's caller may give another value.
                                d.taint.caller_default |=
                                    self.at_call.is_none() && n.bytes().all(|b| b.is_ascii_digit());
                                return d.with_taint(&v.taint);
                            }
                        }
                        if node.kind() == "expansion"
                            && !self.vars.contains_key(n.as_str())
                            && assign_default_operator(self.text(node), &n)
                            && let Some(default) = node.named_children().skip(1).last()
                        {
                            // `: "${BUILD_DIR:=build}"`: a variable the script does not set
                            // is given the script's default, here and from now on (the user's
                            // environment may point it elsewhere, as with `:-`).
                            let d = self.word(default);
                            if d.known().is_some() {
                                let d = d.with_taint(&v.taint);
                                self.vars.insert(n.clone(), d.clone());
                                return d;
                            }
                        }
                        if node.kind() == "expansion"
                            && self.text(node).contains(":-")
                            && v.text.as_deref().is_some_and(|t| t.contains(UNKNOWN))
                        {
                            v = Val::lit(UNKNOWN.to_string()).with_taint(&v.taint);
                        }
                        if node.kind() == "expansion"
                            && self.vars.contains_key(n.as_str())
                            && self.text(node).contains(":-")
                            && default_operator(self.text(node), &n)
                            && v.known().is_none_or(str::is_empty)
                            && let Some(default) = node.named_children().skip(1).last()
                        {
                            // `X="${X:-}"` then `${X:-$(cd .. && pwd)}`: a variable the script
                            // set to what may be empty holds the default whenever it is.
                            let d = self.word(default);
                            if d.known().is_some_and(|t| !t.contains(UNKNOWN)) {
                                return match v.known() {
                                    Some(_) => d.with_taint(&v.taint),
                                    None => v.union(&d),
                                };
                            }
                        }
                        if node.kind() == "expansion"
                            && self.vars.contains_key(n.as_str())
                            && assign_default_operator(self.text(node), &n)
                            && v.known().is_none_or(str::is_empty)
                            && let Some(default) = node.named_children().skip(1).last()
                        {
                            // `OUT=""`, `o) OUT=$OPTARG`, then `: "${OUT:=$(default_out)}"`:
                            // without the option the variable holds the default, from now on;
                            // a default known in part (`…/.cursor/mcp.json`) still names
                            // what it ends in.
                            let d = self.word(default);
                            let says_something = d
                                .text
                                .iter()
                                .chain(&d.alts)
                                .any(|t| t.chars().any(|c| c != UNKNOWN));
                            if says_something {
                                let held = match v.known() {
                                    Some(_) => d.with_taint(&v.taint),
                                    None => v.union(&d),
                                };
                                self.vars.insert(n.clone(), held.clone());
                                return held;
                            }
                        }
                        if node.kind() == "expansion"
                            && let Some(replaced) = self.pattern_replaced(node, &v)
                        {
                            return replaced;
                        }
                        if node.kind() == "expansion" {
                            v.taint.cut_url(url_part_cut(self.text(node), &n));
                        }
                        v
                    }
                    None => Val::lit(UNKNOWN.to_string()),
                }
            }
            "command_substitution" if self.cd_and_pwd(node).is_some() => {
                // `$(cd "$(dirname "$0")/.." && pwd)`: the directory it changed to.
                // A climb out of the script's own directory prints the directory it reached,
                // spelled plainly (see `Context::script_root`).
                let v = self
                    .cd_and_pwd(node)
                    .map_or_else(Val::unknown, |d| self.word(d));
                match v.text.as_deref().and_then(|t| self.sink.ctx.script_root(t)) {
                    Some(root) => Val::lit(root).with_taint(&v.taint),
                    None => v,
                }
            }
            "command_substitution" if self.lone_pwd(node) => self.current_dir(),
            "command_substitution" if self.own_function_listing(node).is_some() => {
                // Walked for what its stages do; its value is the names it can print.
                self.block(node, true);
                let names = self.own_function_listing(node).unwrap_or_default();
                Val::any_of(&names.into_iter().map(Val::lit).collect::<Vec<_>>())
            }
            "command_substitution" if self.misparsed_arithmetic(node) => {
                // `${THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}`: bash reads `$((...))`
                // as arithmetic, a number; the parser, inside a default, as a subshell whose
                // program is `$(nproc)`. Only the substitutions in it run.
                let mut out = Val::lit(UNKNOWN.to_string());
                let mut stack: Vec<Node<'_>> = node.named_children().collect();
                while let Some(n) = stack.pop() {
                    match n.kind() {
                        "command_substitution" => {
                            let v = self.word(n);
                            out.taint.join(&v.taint);
                        }
                        _ => stack.extend(n.named_children()),
                    }
                }
                out
            }
            "command_substitution" => {
                // A subshell: the `IFS` it sets (`$(IFS=/; echo "${a[*]}")`) is its own.
                let ifs = self.vars.get("IFS").cloned();
                let v = self.block(node, true);
                match ifs {
                    Some(ifs) => self.vars.insert("IFS".to_owned(), ifs),
                    None => self.vars.remove("IFS"),
                };
                // Several known texts (`$(command -v gojq || command -v jq)`) stay its values.
                if v.text.is_none()
                    && (v.alts.is_empty() || v.alts.iter().any(|a| a.contains(UNKNOWN)))
                {
                    return Val::lit(UNKNOWN.to_string()).with_taint(&v.taint);
                }
                v
            }
            "process_substitution" => {
                let v = self.block(node, true);
                Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)
            }
            _ => Val::lit(UNKNOWN.to_string()),
        }
    }

    /// `${name/pattern/text}` (and `//` every match, `/#` at the start, `/%` at the end) of
    /// the value `v`, with a pattern the script spells without wildcards or expansions: each
    /// text the variable may hold with the pattern replaced (`${PKGS//@scope\//$MIRROR}`
    /// turns package names into URLs on the mirror), the replacement's data joined. The
    /// replacement is literal text and `$NAME`/`${NAME}` references. `None` for another
    /// expansion, or a pattern or replacement of another shape, which the value is left as
    /// it was for. Read from the expansion's text: the grammar splits `\/` in a pattern.
    fn pattern_replaced(&mut self, node: Node<'_>, v: &Val) -> Option<Val> {
        if v.text.is_none() && v.alts.is_empty() {
            return None;
        }
        let text = self.text(node).to_owned();
        let inner = text.strip_prefix("${")?.strip_suffix('}')?;
        let name_len = inner
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|&n| n > 0)?;
        let rest = inner[name_len..].strip_prefix('/')?;
        let (op, rest) = match rest.as_bytes().first() {
            Some(b'/') => ("//", &rest[1..]),
            Some(b'#') => ("/#", &rest[1..]),
            Some(b'%') => ("/%", &rest[1..]),
            _ => ("/", rest),
        };
        // The pattern: up to the first `/` no backslash escapes.
        let mut pat = String::new();
        let mut chars = rest.char_indices();
        let mut rep_at = rest.len();
        while let Some((i, ch)) = chars.next() {
            match ch {
                '\\' => pat.push(chars.next()?.1),
                '/' => {
                    rep_at = i + 1;
                    break;
                }
                '*' | '?' | '[' | '$' | '`' | '"' | '\'' => return None,
                _ => pat.push(ch),
            }
        }
        if pat.is_empty() {
            return None;
        }
        let with = self.replacement_text(rest.get(rep_at..).unwrap_or(""), node)?;
        let rep = with.text.clone().unwrap_or_else(|| UNKNOWN.to_string());
        let apply = |t: &String| -> String {
            match op {
                "//" => t.replace(&pat, &rep),
                "/#" => match t.strip_prefix(&pat) {
                    Some(rest) => format!("{rep}{rest}"),
                    None => t.clone(),
                },
                "/%" => match t.strip_suffix(&pat) {
                    Some(rest) => format!("{rest}{rep}"),
                    None => t.clone(),
                },
                _ => t.replacen(&pat, &rep, 1),
            }
        };
        let mut out = v.clone();
        out.text = v.text.as_ref().map(apply);
        out.alts = v.alts.iter().map(apply).collect();
        out.taint.join(&with.taint);
        Some(out)
    }

    /// The replacement of a pattern substitution: literal text (backslashes escaping the next
    /// character) and `$NAME`/`${NAME}` references, each the variable's value. `None` for any
    /// other expansion in it.
    fn replacement_text(&mut self, text: &str, at: Node<'_>) -> Option<Val> {
        let mut out = Val::lit(String::new());
        let mut lit = String::new();
        let mut chars = text.chars().peekable();
        while let Some(ch) = chars.next() {
            match ch {
                '\\' => lit.push(chars.next()?),
                '`' | '"' | '\'' => return None,
                '$' => {
                    let braced = chars.peek() == Some(&'{');
                    if braced {
                        chars.next();
                    }
                    let mut name = String::new();
                    while let Some(&c) = chars.peek() {
                        if !(c.is_ascii_alphanumeric() || c == '_') {
                            break;
                        }
                        name.push(c);
                        chars.next();
                    }
                    if name.is_empty() || braced && chars.next() != Some('}') {
                        return None;
                    }
                    let v = self.lookup(&name, at);
                    out = out.concat(&Val::lit(std::mem::take(&mut lit))).concat(&v);
                }
                _ => lit.push(ch),
            }
        }
        Some(out.concat(&Val::lit(lit)))
    }

    /// The words a word-like node becomes: the elements of an array the script set, for
    /// `"${name[@]}"` (also unquoted, or `[*]`), else the one value of [`Shell::word`].
    fn words(&mut self, node: Node<'_>) -> Vec<Val> {
        let inner = match node.kind() {
            "string" => {
                let mut c = node.named_children();
                match (c.next(), c.next()) {
                    (Some(e), None) if e.kind() == "expansion" => Some(e),
                    _ => None,
                }
            }
            "expansion" => Some(node),
            _ => None,
        };
        let inner = inner.or_else(|| {
            let e = match node.kind() {
                "string" => {
                    let mut c = node.named_children();
                    match (c.next(), c.next()) {
                        (Some(e), None) => Some(e),
                        _ => None,
                    }
                }
                _ => Some(node),
            };
            e.filter(|e| e.kind() == "simple_expansion" && self.text(*e) == "$@")
        });
        if let Some(e) = inner {
            let t = self.text(e);
            let name = match t {
                "$@" | "${@}" => Some("@"),
                _ => t.strip_prefix("${").and_then(|r| {
                    r.strip_suffix("[@]}")
                        .or_else(|| r.strip_suffix("[*]}"))
                        .or_else(|| array_slice_name(r))
                }),
            };
            if let Some(keys) = name
                .and_then(|n| n.strip_prefix('!'))
                .and_then(|n| self.vars.get(n))
                .filter(|v| !v.fields.is_empty())
                .map(|v| {
                    v.fields
                        .iter()
                        .map(|(k, _)| Val::lit(k.as_str()))
                        .collect::<Vec<_>>()
                })
            {
                // `"${!MAP[@]}"`: the keys the script set.
                return keys;
            }
            if let Some(items) = name
                .and_then(|n| self.vars.get(n))
                .and_then(|v| v.items.clone())
            {
                // `"${parts[*]}"` (quoted): one word, the elements joined by the first
                // character of `IFS` (`IFS=/` makes a path of them); a space by default.
                if node.kind() == "string" && t.ends_with("[*]}") {
                    let sep = match self.vars.get("IFS").and_then(|v| v.known()) {
                        Some(ifs) => ifs.chars().next().map(String::from).unwrap_or_default(),
                        None => " ".to_owned(),
                    };
                    let mut joined = Val::lit("");
                    for (i, item) in items.iter().enumerate() {
                        if i > 0 {
                            joined = joined.concat(&Val::lit(sep.clone()));
                        }
                        joined = joined.concat(item);
                    }
                    return vec![joined];
                }
                return items;
            }
        }
        vec![self.word(node)]
    }

    /// A string with expansions in it.
    fn interpolate(&mut self, node: Node<'_>) -> Val {
        let quoted_heredoc = node.kind() == "heredoc_body"
            && node.prev_sibling().is_some_and(|p| {
                let t = self.text(p);
                t.starts_with('\'') || t.starts_with('"') || t.starts_with('\\')
            });
        let mut out = Val::lit("");
        let mut pos = node.start_byte();
        let end = node.end_byte();
        let children: Vec<Node<'_>> = node.named_children().collect();
        let strip_quotes = node.kind() == "string";
        for c in children {
            if matches!(c.kind(), "string_content" | "heredoc_content") {
                continue;
            }
            if quoted_heredoc {
                break;
            }
            let lit = self.src.get(pos..c.start_byte()).unwrap_or("");
            out = out.concat(&Val::lit(unescape_quoted(lit, node.kind())));
            let v = self.word(c);
            let v = if v.text.is_none() && v.alts.is_empty() {
                Val::lit(UNKNOWN.to_string()).with_taint(&v.taint)
            } else {
                v
            };
            out = out.concat(&v);
            pos = c.end_byte();
        }
        let tail = self.src.get(pos..end).unwrap_or("");
        if quoted_heredoc {
            out = out.concat(&Val::lit(tail));
        } else {
            out = out.concat(&Val::lit(unescape_quoted(tail, node.kind())));
        }
        if strip_quotes {
            for t in out.text.iter_mut().chain(out.alts.iter_mut()) {
                if t.starts_with('"') {
                    t.remove(0);
                }
                if t.ends_with('"') {
                    t.pop();
                }
            }
        }
        out
    }

    fn redirected(&mut self, node: Node<'_>, capture: bool, stdin: Option<&Val>) -> Val {
        let body = node.field("body");
        let redirects: Vec<Node<'_>> = node.children_by_field_name("redirect").collect();
        let mut input = stdin.cloned();
        let mut outputs: Vec<(Val, bool)> = Vec::new();
        let mut dev_tcp: Option<String> = None;
        let mut file_redirects = Vec::new();
        for r in &redirects {
            match r.kind() {
                "heredoc_redirect" => {
                    let kids: Vec<Node<'_>> = r.named_children().collect();
                    for k in kids {
                        match k.kind() {
                            "heredoc_body" => input = Some(self.word(k)),
                            "file_redirect" => file_redirects.push(k),
                            _ => {}
                        }
                    }
                }
                "herestring_redirect" => {
                    if let Some(w) = r.named_child(0) {
                        input = Some(self.word(w));
                    }
                }
                "file_redirect" => file_redirects.push(*r),
                _ => {}
            }
        }
        for r in file_redirects {
            let op = r
                .child(
                    if r.child(0).is_some_and(|c| c.kind() == "file_descriptor") {
                        1
                    } else {
                        0
                    },
                )
                .map(|c| self.text(c).to_owned())
                .unwrap_or_default();
            let Some(dest) = r.field("destination") else {
                continue;
            };
            let fd = r
                .child(0)
                .filter(|c| c.kind() == "file_descriptor")
                .map(|c| self.text(c).to_owned());
            if fd.as_deref().is_some_and(|fd| fd != "1") && op.starts_with('>') {
                // `2>/dev/null`: stderr goes there, stdout still flows on.
                let target = self.word(dest);
                let t = target.text_or_unknown();
                if !t.starts_with("/dev/") && !t.starts_with('&') {
                    self.sink
                        .write(line(r), &target, &Val::unknown(), op == ">>");
                }
                continue;
            }
            if op == "<" && dest.kind() == "process_substitution" {
                // `done < <(find ...)`: what the command prints comes in.
                input = Some(self.stmt(dest, true, None));
                continue;
            }
            let target = self.word(dest);
            let mut t = target.text_or_unknown();
            // `<&3`, `>&3` of a descriptor the script opened on a socket: that socket.
            if matches!(op.as_str(), "<&" | ">&")
                && let Some(sock) = self.socket_fds.get(&t)
            {
                t = sock.clone();
            }
            if t.starts_with("/dev/tcp/") || t.starts_with("/dev/udp/") {
                // `exec 3<>/dev/tcp/h/p` (no command): the shell opens a socket on a descriptor
                // of its own; its standard streams stay where they were. A connection, and
                // what later reads or writes that descriptor is judged there.
                let high_fd = fd
                    .as_deref()
                    .filter(|d| d.parse::<u32>().is_ok_and(|n| n > 2));
                if let (Some(d), Some(b)) = (high_fd, body)
                    && bare_exec(b, self.src)
                {
                    self.socket_fds.insert(d.to_owned(), t.clone());
                    let host = t.split('/').nth(3).unwrap_or("").to_owned();
                    self.sink
                        .network(line(r), Some(&host), &Val::unknown(), false);
                    continue;
                }
                dev_tcp = Some(t.clone());
                continue;
            }
            match op.as_str() {
                "<" => {
                    // Every file the word may name (a loop variable over several).
                    let taint = self.sink.read_val(line(r), &target);
                    let spelled = target
                        .text
                        .as_deref()
                        .filter(|_| target.alts.is_empty())
                        .and_then(|p| self.written_texts.get(p));
                    input = Some(match spelled {
                        Some(text) => text.clone().with_taint(&taint),
                        // `</dev/null`: nothing to read.
                        None if target.known() == Some("/dev/null") => Val::lit(""),
                        None => Val::unknown().with_taint(&taint),
                    });
                }
                ">" | ">|" | "&>" | ">&" if !t.chars().all(|c| c.is_ascii_digit() || c == '-') => {
                    outputs.push((target, false));
                }
                ">>" | "&>>" => outputs.push((target, true)),
                _ => {}
            }
        }
        let Some(body) = body else {
            return Val::unknown();
        };
        if let Some(addr) = &dev_tcp {
            let name = body
                .field("name")
                .map(|n| self.text(n).to_owned())
                .unwrap_or_default();
            let name = name.rsplit('/').next().unwrap_or("").to_owned();
            // A shell, `exec` (the script's own shell), or a command whose name the script
            // builds at run time (`$line >&3` runs what came in on the socket).
            if terraphim_shell_vocab::is_shell(&name) || name == "exec" || name.contains('$') {
                self.sink.add(
                    line(node),
                    Category::Escape,
                    Verdict::Dangerous,
                    format!("connects a shell to a network socket ({addr}): a reverse shell"),
                );
            }
        }
        let captured = capture || !outputs.is_empty() || dev_tcp.is_some();
        let out = self.stmt(body, captured, input.as_ref());
        for (target, append) in &outputs {
            self.sink.write(line(node), target, &out, *append);
            // (A path known only in part, `"$(mktemp -d)/list"`, by its text: the same
            // variable spells it again.)
            if let Some(path) = target.text.as_deref().filter(|_| target.alts.is_empty()) {
                let spelled = !*append && out.alts.is_empty() && out.known().is_some();
                if spelled {
                    self.written_texts.insert(path.to_owned(), out.clone());
                } else {
                    self.written_texts.remove(path);
                }
            }
        }
        if let Some(addr) = &dev_tcp {
            let host = addr.split('/').nth(3).unwrap_or("").to_owned();
            self.sink.network(line(node), Some(&host), &out, true);
        }
        if outputs.is_empty() && dev_tcp.is_none() {
            out
        } else {
            Val::unknown()
        }
    }

    fn command(
        &mut self,
        node: Node<'_>,
        _prefix: &[Val],
        capture: bool,
        stdin: Option<&Val>,
    ) -> Val {
        let mut argv: Vec<Val> = Vec::new();
        let mut input = stdin.cloned();
        let children: Vec<Node<'_>> = node.named_children().collect();
        for c in children {
            match c.kind() {
                "variable_assignment" => {
                    let name = c
                        .field("name")
                        .map(|n| self.text(n).to_owned())
                        .unwrap_or_default();
                    if matches!(name.as_str(), "LD_PRELOAD" | "LD_AUDIT") {
                        self.sink.add(
                            line(c),
                            Category::Escape,
                            Verdict::Dangerous,
                            format!("sets {name}, injecting a library into the program"),
                        );
                    }
                    if crate::places::model_api_endpoint_setting(&name)
                        && let Some(v) = c.field("value")
                    {
                        // `OPENAI_BASE_URL=https://... pytest`: the endpoint of this command.
                        let value = self.word(v);
                        self.sink.setting(line(c), &name, &value);
                    }
                }
                "herestring_redirect" => {
                    if let Some(w) = c.named_child(0) {
                        input = Some(self.word(w));
                    }
                }
                "file_redirect" | "heredoc_redirect" => {}
                "comment" => {}
                // `"${cmd[@]}" "$@"` with `cmd=(curl -fsSL)`: the array's words, the first the
                // program. `"$@"` as the command of a function walked at a call (`run()
                // { log "+ $*"; "$@"; }` called `run datalad save -m "$(hostname)"`): the
                // words that call gave, its program first, also where a later one is known
                // only at run time.
                "command_name"
                    if c.named_child(0).is_some_and(|n| {
                        (matches!(n.kind(), "string" | "expansion")
                            && self.text(n).contains("[@]}"))
                            || ALL_ARGS.contains(&self.text(n))
                    }) =>
                {
                    if let Some(n) = c.named_child(0) {
                        argv.extend(self.words(n));
                    }
                }
                _ => argv.extend(self.words(c)),
            }
        }
        let name = argv
            .first()
            .map(|v| v.text_or_unknown())
            .unwrap_or_default();
        if self.sink.judge.is_some() {
            let words: Vec<String> = argv.iter().map(Val::text_or_unknown).collect();
            let keyed = self.keyed_words(node, &words);
            match crate::shell_judge::lifecycle(&keyed) {
                Some((kind, false, keys)) => {
                    self.sink
                        .created
                        .extend(keys.into_iter().map(|key| (kind, key)));
                }
                Some((kind, true, key)) => self.sink.teardown = Some((kind, key)),
                None => {
                    // `kill "$pid"` of the process the script started (`pid=$!`).
                    if let Some(pids) = crate::shell_judge::killed_pids(&keyed) {
                        use crate::shell_judge::{PROCESS_KIND, STOP_ASKED_KIND};
                        // `kill -TERM "$pid"` ... `kill -KILL "$pid"`: a process the script
                        // asked to stop by its id may be stopped for good by the same id.
                        let asked =
                            |p: &String| self.sink.created.contains(&(STOP_ASKED_KIND, p.clone()));
                        let kind = if crate::shell_judge::asks_to_stop(&keyed) {
                            self.sink
                                .created
                                .extend(pids.iter().map(|p| (STOP_ASKED_KIND, p.clone())));
                            PROCESS_KIND
                        } else if pids.iter().all(asked) {
                            STOP_ASKED_KIND
                        } else {
                            PROCESS_KIND
                        };
                        self.sink.teardown = Some((kind, pids));
                    }
                    // `rm -f -- "$tmp"` of what `mktemp` made: the script removes its own file.
                    // (After the teardown it is the fallback of, `... || rm -rf -- "$wt"`,
                    // the statement is that teardown.)
                    if let Some(paths) = self.sink.removes_made_temp(&words)
                        && self.sink.teardown.is_none()
                    {
                        self.sink.teardown = Some((crate::engine::MKTEMP_KIND, paths));
                    }
                }
            }
            // A branch, repository or change of the script's own, made or dropped.
            if let Some(teardown) = self.sink.git_facts(&words) {
                self.sink.teardown = Some(teardown);
            } else if keyed != words {
                // `git checkout -b "$B"` ... `git branch -D "$B"`: the branch named by the same
                // assignment of the variable is the one the script made, whatever its value.
                use crate::shell_judge::{BRANCH_KIND, GitAct};
                match crate::shell_judge::git_act(&keyed) {
                    Some(GitAct::CreatesBranch(name)) => {
                        self.sink.created.insert((BRANCH_KIND, name));
                    }
                    Some(GitAct::DropsBranches(names)) => {
                        self.sink.teardown = Some((BRANCH_KIND, names));
                    }
                    _ => {}
                }
            }
        }
        if matches!(name.as_str(), "cd" | "pushd" | "popd") {
            self.change_dir(&name, argv.get(1));
        }
        // A manifest a tool rewrites in the directory it runs in, where that is known.
        let words: Vec<String> = argv.iter().skip(1).map(Val::text_or_unknown).collect();
        if let Some(file) = crate::command::edited_manifest(&name, &words)
            && !matches!(self.cd, Some(CdDir::RunTime))
            && !self.cd_unknown
        {
            self.sink.edited_in_place(file);
        }
        if name == "pwd"
            && argv
                .iter()
                .skip(1)
                .all(|a| matches!(a.known(), Some("-P" | "-L")))
        {
            // `top() { (cd "$ROOT" && cd .. && pwd); }`: the function prints the directory
            // its subshell went to.
            return self.current_dir();
        }
        if name == "cd" && self.sink.judge.is_some() && persists(node) {
            // Later statements run there: the guard judges `rm -rf *` after `cd ~` as in `~`,
            // and a relative path after `cd "$X"` as one known only at run time. A relative
            // directory is taken from the one an earlier `cd` of this shell left.
            self.cd = match argv.get(1) {
                None => Some(CdDir::Known("~".to_owned())),
                Some(dir) => match dir.known().filter(|d| *d != "-" && !d.is_empty()) {
                    Some(d) if d.starts_with(['/', '~']) => Some(CdDir::Known(d.to_owned())),
                    Some(d) => Some(match &self.cd {
                        Some(CdDir::Known(prev)) => {
                            CdDir::Known(format!("{}/{d}", prev.trim_end_matches('/')))
                        }
                        Some(CdDir::RunTime) => CdDir::RunTime,
                        None => CdDir::Known(d.to_owned()),
                    }),
                    // `cd "$ROOT"` with `ROOT=$(cd "$(dirname "$0")/.." && pwd)`: a directory of
                    // the working tree.
                    None => Some(match dir.text.as_deref() {
                        Some(t) if let Some(root) = self.sink.ctx.script_root(t) => {
                            CdDir::Known(root)
                        }
                        t => match t.and_then(|t| self.tree_dir(t)) {
                            Some(rel) => CdDir::Known(format!(
                                "{}/{rel}",
                                self.sink.ctx.cwd.to_string_lossy().trim_end_matches('/')
                            )),
                            None => CdDir::RunTime,
                        },
                    }),
                },
            };
        }
        if matches!(name.as_str(), "source" | ".")
            && let Some(p) = argv.get(1)
        {
            let t = p.text_or_unknown();
            if let Some(what) = crate::places::secret_kind(&self.sink.resolve(&t).text) {
                self.sourced_secret = Some(what.to_owned());
            }
            // `source /dev/stdin <<CONF`: the text coming in runs in this shell, so the
            // variables it assigns are this shell's from here on.
            if crate::command::is_stdin_path(&t)
                && let Some(code) = input.as_ref()
            {
                self.assign_sourced(line(node), code);
            }
        }
        if terraphim_shell_vocab::is_shell(&name)
            && let Some((func, args)) = self.exported_call(&argv)
            && let Some(body) = self.function_body(node, &func)
        {
            // `export -f setup; bash -c "setup '$dir'"`: the child shell runs the exported
            // function's body with those arguments, a call of it.
            self.sink.function_called(body.start_byte(), false);
            if self.calls < MAX_FUNCTION_CALLS {
                self.calls += 1;
                self.sink.function_called(body.start_byte(), true);
                let at_call = self.at_call.replace(body.start_byte());
                let judged = std::mem::replace(&mut self.judged, false);
                let _ = self.call_function(body, &args, true);
                self.judged = judged;
                self.at_call = at_call;
                self.call_locals.clear();
            }
        }
        if name == "trap" && argv.len() >= 2 {
            // `trap 'rm -rf "$tmp"' EXIT`: the handler runs in this shell, with its variables.
            let literal = argv[1].known().is_some() && argv[1].taint == Taint::default();
            // `trap cleanup EXIT`: a call of the script's own function, with the values its
            // variables hold from here on (as a handler's text is reviewed).
            let handler = argv[1]
                .known()
                .map(str::trim)
                .unwrap_or_default()
                .to_owned();
            if literal
                && is_identifier(&handler)
                && self.defined.binary_search(&handler.as_str()).is_ok()
                && let Some(body) = self.function_body(node, &handler)
            {
                self.sink.function_called(body.start_byte(), false);
                if self.calls < MAX_FUNCTION_CALLS
                    && self.at_call.is_none()
                    && self.reads_set_globals(body)
                {
                    self.calls += 1;
                    self.sink.function_called(body.start_byte(), true);
                    let at_call = self.at_call.replace(body.start_byte());
                    let judged = std::mem::replace(&mut self.judged, false);
                    let rewalking = std::mem::replace(&mut self.rewalking, true);
                    let _ = self.call_function(body, &[], false);
                    self.rewalking = rewalking;
                    self.judged = judged;
                    self.at_call = at_call;
                    self.call_locals.clear();
                }
                return Val::unknown();
            }
            let code = self.expand_known(&argv[1].text_or_unknown());
            if literal {
                // Code the script wrote itself: reviewed as such, with its variables' values.
                self.sink
                    .nested(line(node), crate::model::Language::Shell, &code);
            } else {
                let handler = Val::lit(code).with_taint(&argv[1].taint);
                self.sink.exec_code(
                    line(node),
                    crate::model::Language::Shell,
                    &handler,
                    "a trap handler",
                );
            }
            return Val::unknown();
        }
        if name == "set" && argv.get(1).and_then(Val::known) == Some("--") {
            // `set -- "${CARGO_HOME:-$HOME/.cargo}" "$@"`: the words after `--` are the
            // positional parameters from now on (in a function, until it returns).
            let args = argv[2..].to_vec();
            self.set_positional(&args);
            return Val::unknown();
        }
        if name == "shift" {
            // `shift 2`: the positional parameters move down; `"$@"` is what is left.
            let n = match argv.get(1) {
                Some(a) => a.known().and_then(|t| t.parse::<usize>().ok()),
                None => Some(1),
            };
            self.shift_positional(n);
            return Val::unknown();
        }
        if name == "printf"
            && argv.get(1).and_then(Val::known) == Some("-v")
            && let Some(var) = argv
                .get(2)
                .and_then(Val::known)
                .filter(|v| is_identifier(v))
        {
            // `printf -v RECIPE '\t%s\n' "$cmd"`: the formatted text is the variable's value,
            // printed nowhere.
            let var = var.to_owned();
            let text = crate::command::printf(&argv[3..]);
            self.vars.insert(var, text);
            return Val::unknown();
        }
        if matches!(name.as_str(), "mapfile" | "readarray") {
            // `mapfile -t keys < <(ls ~/.ssh/id_*)`: the array (`MAPFILE` when none is named)
            // holds the input's lines, each of them when the text is known, else (input that
            // carries data or has a shape) a line with the input's data and shape. Lines of
            // input with neither leave the array as it was.
            let v = input.clone().unwrap_or_default();
            let mut array = "MAPFILE".to_owned();
            let mut words = argv.iter().skip(1).map(Val::text_or_unknown);
            while let Some(w) = words.next() {
                match w.as_str() {
                    "-d" | "-n" | "-O" | "-s" | "-u" | "-C" | "-c" => {
                        words.next();
                    }
                    _ if w.starts_with('-') => {}
                    _ => array = w,
                }
            }
            if array.contains(UNKNOWN) {
                return Val::unknown();
            }
            let lines: Vec<Val> = match v.text.as_deref() {
                Some(t) if !t.contains(UNKNOWN) && v.alts.is_empty() => t
                    .lines()
                    .filter(|l| !l.is_empty())
                    .take(16)
                    .map(|l| Val::lit(l).with_taint(&v.taint))
                    .collect(),
                // Input known only by its shape (`find "$ws" -maxdepth 1 -type d` prints
                // names under `$ws`) is a line of that shape.
                _ if v.taint == Taint::default()
                    && v.text
                        .as_deref()
                        .is_none_or(|t| t.chars().all(|c| c == UNKNOWN)) =>
                {
                    return Val::unknown();
                }
                _ => {
                    let mut line = v.clone();
                    line.items = None;
                    line.fields = Vec::new();
                    vec![line]
                }
            };
            let mut val = lines.first().cloned().unwrap_or_else(|| Val::lit(""));
            val.items = Some(lines);
            self.vars.insert(array, val);
            return Val::unknown();
        }
        if name == "read" {
            // `read -r a b <<< "$x"`, `read VAR < file`: each variable named takes the
            // input's data (its words known only at run time); `-a arr` an array of them.
            let v = input.clone().unwrap_or_default();
            let mut vars: Vec<String> = Vec::new();
            let mut array: Option<String> = None;
            let mut words = argv.iter().skip(1).map(Val::text_or_unknown);
            while let Some(w) = words.next() {
                match w.as_str() {
                    "-p" | "-d" | "-t" | "-n" | "-N" | "-u" | "-i" => {
                        words.next();
                    }
                    // `-a arr`, `-ra arr`: the next word names the array.
                    _ if w.len() > 1
                        && w.starts_with('-')
                        && !w.starts_with("--")
                        && w.ends_with('a') =>
                    {
                        array = words.next();
                        vars.extend(array.clone());
                    }
                    _ if w.starts_with('-') => {}
                    _ => vars.push(w),
                }
            }
            // (Split at whitespace, or at the one separator the command sets for itself,
            // `IFS=: read -r -a dirs <<< "$PATHS"`: not under an `IFS` the script set.)
            let sep = if self.text(node).contains("IFS=") {
                self.own_separator(node).map(Some)
            } else {
                Some(None)
            };
            if let Some(arr) = array.filter(|a| !a.contains(UNKNOWN))
                && let Some(sep) = sep
                && !self.vars.contains_key("IFS")
                && let Some(items) = split_fields(&v, sep)
            {
                // `read -r -a list <<< "$(targets_for "$mode")"`: the array's elements are the
                // words of the input, of every text it may have.
                let mut val = items.first().cloned().unwrap_or_else(|| Val::lit(""));
                val.items = Some(items);
                self.vars.insert(arr, val);
                return Val::unknown();
            }
            if vars.is_empty() {
                vars.push("REPLY".to_owned());
            }
            // `IFS=: read -r host port aet <<< "${TARGETS[$target]}"` of lines the script spells
            // (one, or each of a table's entries): each variable takes the field at its place
            // in each of them, the last one the rest of the line, as bash splits at a separator
            // that is not a blank.
            if vars.len() > 1
                && vars.iter().all(|var| !var.contains(UNKNOWN))
                && argv
                    .iter()
                    .skip(1)
                    .all(|a| !matches!(a.text_or_unknown().as_str(), "-n" | "-N" | "-d" | "-a"))
                && let Some(sep) = self.own_separator(node)
                && v.taint == Taint::default()
                && let Some(lines) = spelled_lines(&v)
            {
                for (i, var) in vars.iter().enumerate() {
                    let fields = lines.iter().map(|l| {
                        let mut parts = l.splitn(vars.len(), sep);
                        Val::lit(parts.nth(i).unwrap_or(""))
                    });
                    self.vars
                        .insert(var.clone(), crate::engine::union_of(fields));
                }
                return Val::unknown();
            }
            // `read -r base rel <<< "$HOME/.codex config.toml"`: of one line the script
            // spells whole, each variable takes a word and the last one the rest, as bash
            // splits it (at blanks: not under an `IFS` of the script's own).
            if vars.len() > 1
                && vars.iter().all(|var| !var.contains(UNKNOWN))
                && argv
                    .iter()
                    .skip(1)
                    .all(|a| !matches!(a.text_or_unknown().as_str(), "-n" | "-N" | "-d"))
                && !self.text(node).contains("IFS=")
                && !self.vars.contains_key("IFS")
                && v.taint == Taint::default()
                && v.alts.is_empty()
                && let Some(t) = v.known()
                && !t.trim_end_matches('\n').contains('\n')
            {
                let mut rest = t.trim_matches(|c: char| c == ' ' || c == '\t' || c == '\n');
                let last = vars.len() - 1;
                for (i, var) in vars.iter().enumerate() {
                    let value = if i == last {
                        rest
                    } else {
                        let (word, tail) = rest.split_once([' ', '\t']).unwrap_or((rest, ""));
                        rest = tail.trim_start_matches([' ', '\t']);
                        word
                    };
                    self.vars.insert(var.clone(), Val::lit(value));
                }
                return Val::unknown();
            }
            // One variable takes a whole line: of input known to be one line at a time
            // (the paths `find` prints, each shaped alike), that line's shape; the home
            // (`~`) is a path too.
            let line_shaped =
                |t: &str| !t.contains('\n') && (t.contains('/') || t.trim_end() == "~");
            // Lines some of which are known only at run time (`echo "${over:-$HOME/x}"`):
            // the variable is each known line, or a line nobody knows.
            if let [var] = vars.as_slice()
                && !var.contains(UNKNOWN)
                && v.taint == Taint::default()
                && (v.text.as_deref().is_some_and(line_shaped)
                    || (v.alts.iter().any(|a| line_shaped(a))
                        && v.text
                            .iter()
                            .chain(&v.alts)
                            .all(|a| line_shaped(a) || a.chars().eq([UNKNOWN]))))
            {
                let mut line = v.clone();
                line.items = None;
                line.fields = Vec::new();
                line.handle = None;
                self.vars.insert(var.clone(), line);
                return Val::unknown();
            }
            // Lines the script printed itself (`printf '%s\n' "${paths[@]}"`): the variable
            // is each of them in turn.
            let lines: Vec<&str> = v
                .text
                .as_deref()
                .map(|t| t.split('\n').filter(|l| !l.is_empty()).collect())
                .unwrap_or_default();
            if let [var] = vars.as_slice()
                && !var.contains(UNKNOWN)
                && v.taint == Taint::default()
                && (1..=16).contains(&lines.len())
                && lines
                    .iter()
                    .all(|l| line_shaped(l) || !l.contains(char::is_whitespace))
            {
                let each: Vec<Val> = lines.iter().map(|l| Val::lit(*l)).collect();
                let line = Val::union_all(&each).unwrap_or_default();
                self.vars.insert(var.clone(), line);
                return Val::unknown();
            }
            // `while IFS='=' read -r key value; do ...; done < .env`: of the project's `.env`
            // split at its first `=`, the first variable is a setting's NAME, which is no
            // secret (as `cut -d= -f1 .env` prints none); the rest of the line is the value.
            let names_first = vars.len() > 1
                && self.ifs_is_equals(node)
                && v.taint.secret.as_deref() == Some(crate::places::DOTENV)
                && !v.taint.mixed
                && !v.taint.env
                && !v.taint.host
                && !v.taint.store;
            for (i, var) in vars.into_iter().enumerate() {
                if var.contains(UNKNOWN) {
                    continue;
                }
                let taint = match i == 0 && names_first {
                    true => v.taint.names_only(),
                    false => v.taint.clone(),
                };
                self.vars
                    .insert(var, Val::lit(UNKNOWN.to_string()).with_taint(&taint));
            }
            return Val::unknown();
        }
        let body = self
            .defined
            .binary_search(&name.as_str())
            .ok()
            .and_then(|_| self.function_body(node, &name));
        if let Some(body) = body {
            self.sink.function_called(body.start_byte(), false);
        }
        let mut at_call_printed: Option<Val> = None;
        if self.calls < MAX_FUNCTION_CALLS
            && argv
                .iter()
                .skip(1)
                .any(|a| a.taint.private() || a.taint.decoded || a.taint.remote)
            && let Some(body) = body
        {
            // `beacon "$GITHUB_TOKEN"`: the function's body runs with the arguments of this
            // call as its positional parameters, so private data it gets reaches its sinks.
            self.calls += 1;
            at_call_printed = Some(self.call_function(body, &argv[1..], capture));
        } else if self.calls < MAX_FUNCTION_CALLS
            && let Some(body) = body
            // `read_cfg NETRC_FILE` of `read_cfg() { local v=$1; cat "${!v}"; }`: the
            // variable the name picks is read at the call, also at a call inside another
            // function walked at its own call.
            && let indirect = (argv
                .iter()
                .skip(1)
                .any(|a| a.known().is_some_and(is_identifier))
                && expands_indirectly(self.text(body)))
            // `"$fn" "$target"` in `apply_with() { local fn=$1; ...; }` walked at a call
            // `apply_with merge_server`: the function the caller named runs here.
            && (self.at_call.is_none()
                || self.rewalking
                || indirect
                || node
                    .field("name")
                    .is_some_and(|n| self.text(n).trim_start_matches('"').starts_with('$')))
            && (indirect
                || (!self.runners.contains_key(name.as_str())
                && argv.len() > 1
                && argv.iter().skip(1).all(|a| a.taint == Taint::default())
                && argv.iter().skip(1).any(known_alternatives)
                && uses_positional(self.text(body)))
                || (argv
                    .iter()
                    .skip(1)
                    .any(|a| a.known().is_some_and(is_identifier))
                    && declares_nameref(self.text(body)))
                || (argv.len() == 1
                    && (self.at_call.is_none() || self.rewalking)
                    && !self.runners.contains_key(name.as_str())
                    && self.reads_set_globals(body)))
        {
            // `run_one "$py"` with `py` from a literal list: the body's statements are walked
            // (and judged by the guard) with the arguments in place (`"python$py" -m venv`,
            // `curl -F "file=@$1"`), not only with parameters nobody knows where the function
            // is defined. `pick_dest dest` of `pick_dest() { local -n out=$1; out=...; }`: the
            // body is walked with the caller's variable name in place, so what it assigns
            // through the reference is the caller's variable after the call.
            // A function that only prints (`step() { printf '--- %s\n' "$*"; }`, `die`)
            // costs the walk of the calls after it nothing: what it does with any words is
            // print them (judged in its body), so the calls that do more are still walked.
            if !prints_only(body, self.src) {
                self.calls += 1;
            }
            self.sink.function_called(body.start_byte(), true);
            let at_call = self.at_call.replace(body.start_byte());
            let judged = std::mem::replace(&mut self.judged, false);
            let next = self.rewalking || argv.len() == 1;
            let rewalking = std::mem::replace(&mut self.rewalking, next);
            // The body's statements are judged one by one with this call's values, so the
            // programs they run are theirs, not the call's: the call line the guard is asked
            // about (`env_get GITLAB_TOKEN "$ROOT/.env"`, an unknown program to it) is judged
            // by the review where every other program it runs is one the review classifies.
            let unmodeled = self.sink.ran_unmodeled;
            at_call_printed = Some(self.call_per_alternative(body, &argv[1..], capture));
            self.sink.ran_unmodeled = unmodeled;
            self.rewalking = rewalking;
            self.judged = judged;
            self.at_call = at_call;
            self.call_locals.clear();
        }
        if let Some(&shifts) = self.runners.get(name.as_str())
            && argv.len() > shifts + 1
        {
            // `check "init" "$BIN" init`: the function runs the arguments after its shifts.
            let mut run = argv[shifts + 1..].to_vec();
            if let Some(elevator) = body.and_then(|b| elevating_runner(b, self.src)) {
                // `as_root() { if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi; }`: on
                // some branch the arguments run with elevated privileges.
                run.insert(0, Val::lit(elevator));
            }
            run_argv(self.sink, line(node), &run, input.as_ref());
        }
        // A call of the script's own function runs that function (walked where it is
        // defined), not the program of the same name (`pass() { echo PASS; }` is no password
        // store, `fail "$x"` no program).
        if let Some(body) = body {
            // What the function prints is what `$(f)` and `f | ...` get: as walked with this
            // call's arguments where it was, else as walked where it is defined. Printed
            // without a capture, it was judged as output in the function's body.
            let defined = self.printed.get(&body.start_byte()).cloned();
            let mut out = at_call_printed.or(defined).unwrap_or_default();
            if let Some(d) = self.printed.get(&body.start_byte()) {
                out.taint.join(&d.taint);
            }
            if !self.piped_into_interpreter(node) {
                // A download a function prints is code only where a shell or an interpreter
                // reads it (`fetch_installer | bash`); elsewhere it is data (a version, a
                // checksum list), judged where it is fetched.
                out.taint.fetched |= out.taint.remote;
                out.taint.remote = false;
            }
            return out;
        }
        let mut out = run_argv(self.sink, line(node), &argv, input.as_ref());
        if self.sink.judge.is_some() {
            let words: Vec<String> = argv.iter().map(Val::text_or_unknown).collect();
            if let Some(kind) = crate::shell_judge::prints_created_id(&words) {
                // What it prints is the id of the container it made, known at run time: one
                // name, the same wherever the script passes it on (`docker rm -f "$cid"`).
                let id = format!("{UNKNOWN}id of the {kind} made on line {}", line(node));
                self.sink.created.insert((kind, id.clone()));
                out = Val::lit(id).with_taint(&out.taint);
            } else if let Some(kind) = crate::shell_judge::lists_marked_ids(&words) {
                // The ids of the containers carrying the script's own label or name, known at
                // run time: removing them (`docker rm -f $ids`) removes only those.
                let id = format!(
                    "{UNKNOWN}ids of the {kind}s marked as listed on line {}",
                    line(node)
                );
                self.sink.created.insert((kind, id.clone()));
                out = Val::lit(id).with_taint(&out.taint);
            }
        }
        if !capture {
            self.sink.output(line(node), &out);
        }
        out
    }
}

/// What a block prints, `last` being its last statement's stdout: also each line an earlier
/// statement printed whose text is known (`list() { echo "$ROOT/out"; echo "$HOME/x"; }` prints
/// both, and `while read d; do rm -rf "$d"; done < <(list)` deletes each). Earlier statements
/// whose output is known only at run time add nothing here (as before), and a last statement
/// that prints nothing known keeps the block's value unknown.
/// `dirs[@]:0:excess}` (of `"${dirs[@]:0:excess}"`, the text after `${`): the array a slice
/// takes elements of, each one of the array's own. A default (`${a[@]:-x}`), an assignment
/// (`:=`), an error (`:?`) or an alternative (`:+`) is no slice.
fn array_slice_name(r: &str) -> Option<&str> {
    let (name, rest) = r.split_once("[@]:")?;
    let spec = rest.strip_suffix('}')?;
    let first = spec.chars().next()?;
    (is_identifier(name)
        && !matches!(first, '-' | '=' | '?' | '+')
        && spec.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, ':' | '_' | '$' | ' ' | '-' | '+' | '(' | ')')
        }))
    .then_some(name)
}

/// Builtins that print nothing to stdout and run no program (`return`, `exit`, `:`, `shift`):
/// in a `$(...)` of a block, what the block printed before them stands.
/// (`set` alone prints every variable; `cd -` prints the directory.)
const SILENT_BUILTINS: &[&str] = &["return", "exit", ":", "true", "false", "shift", "unset"];

/// Whether the statement `node` prints nothing to stdout: a [`SILENT_BUILTINS`] command or an
/// assignment with no command or process substitution in it, and no redirection.
fn prints_nothing(node: Node<'_>, src: &str) -> bool {
    let text = src.get(node.byte_range()).unwrap_or("");
    if text.contains("$(") || text.contains('`') || text.contains("<(") || text.contains(">(") {
        return false;
    }
    match node.kind() {
        "variable_assignment" => true,
        // `local key="$1"`, `readonly N=3`: with no option (`declare -p` prints) and at least
        // one name (`export` alone prints the environment).
        "declaration_command" => {
            let mut words = text.split_whitespace();
            words
                .next()
                .is_some_and(|d| matches!(d, "local" | "declare" | "typeset" | "readonly"))
                && words.clone().next().is_some()
                && !words.any(|w| w.starts_with('-'))
        }
        "command" => node
            .field("name")
            .is_some_and(|n| SILENT_BUILTINS.contains(&src.get(n.byte_range()).unwrap_or(""))),
        _ => false,
    }
}

fn with_earlier_lines(last: Val, earlier: &[Val]) -> Val {
    if last.text.is_none() && last.alts.is_empty() {
        return last;
    }
    let known = |v: &&Val| {
        v.known().is_some_and(|t| !t.is_empty())
            || (v.text.is_none()
                && !v.alts.is_empty()
                && v.alts.iter().all(|a| !a.contains(UNKNOWN)))
    };
    earlier.iter().filter(known).fold(last, |acc, v| {
        acc.union(&Val {
            taint: Taint::default(),
            ..v.clone()
        })
    })
}

/// The part of a URL the parameter expansion `text` of variable `name` cuts off:
/// `${url#*@}` (`##`) the user info, `${hostport%%/*}` the path and query.
fn url_part_cut(text: &str, name: &str) -> u8 {
    match text
        .strip_prefix("${")
        .and_then(|t| t.strip_prefix(name))
        .and_then(|t| t.strip_suffix('}'))
    {
        Some("#*@" | "##*@") => crate::engine::URL_USERINFO_CUT,
        // `${host%%[:/]*}`, `${host%%:*}`: the port goes with the path and query.
        Some("%%/*" | "%%[:/]*" | "%%[/:]*" | "%%:*") => crate::engine::URL_PATH_CUT,
        _ => 0,
    }
}

/// Whether `text` is bash's substring expansion of variable `name` with literal bounds
/// (`${TOKEN: -4}`, `${TOKEN:(-4)}`, `${TOKEN:0:4}`) that keeps few enough characters to mask
/// a secret ([`crate::engine::masks`]). `${TOKEN:-4}` is a default, not a substring.
fn substring_masks(text: &str, name: &str, secret: &crate::engine::Taint) -> bool {
    let Some(rest) = text
        .strip_prefix("${")
        .and_then(|t| t.strip_suffix('}'))
        .and_then(|t| t.strip_prefix(name))
        .and_then(|t| t.strip_prefix(':'))
    else {
        return false;
    };
    if rest.starts_with(['-', '=', '+', '?']) {
        return false;
    }
    let num = |s: &str| {
        s.trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim()
            .parse::<i64>()
            .ok()
    };
    let (offset, length) = match rest.split_once(':') {
        Some((o, l)) => (num(o), Some(num(l))),
        None => (num(rest), None),
    };
    let Some(o) = offset else {
        return false;
    };
    match length {
        None => crate::engine::masks(Some(o), None, secret),
        Some(None) => false,
        // A negative length counts from the end, as a negative bound does.
        Some(Some(l)) if l < 0 => o < 0 && crate::engine::masks(Some(o), Some(l), secret),
        Some(Some(l)) => crate::engine::masks(Some(0), Some(l), secret),
    }
}

/// The parameter expansion a word is made of alone (`${X:-d}`, `"${X:-d}"`), if it is one.
fn sole_expansion(node: Node<'_>) -> Option<Node<'_>> {
    match node.kind() {
        "expansion" => Some(node),
        "string" => {
            let mut c = node.named_children();
            match (c.next(), c.next()) {
                (Some(e), None) if e.kind() == "expansion" => Some(e),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether the parameter expansion `text` of variable `name` is `${name:-word}` or
/// `${name-word}` (a default for an unset variable).
fn default_operator(text: &str, name: &str) -> bool {
    text.strip_prefix("${")
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.starts_with(":-") || r.starts_with('-'))
}

/// Whether the parameter expansion `text` of variable `name` is `${name:=word}` or
/// `${name=word}` (a default assigned to an unset variable).
fn assign_default_operator(text: &str, name: &str) -> bool {
    text.strip_prefix("${")
        .and_then(|r| r.strip_prefix(name))
        .is_some_and(|r| r.starts_with(":=") || r.starts_with('='))
}

/// Whether an expansion is (part of) the name of the command it is in.
/// The key of the value a variable got from one assignment (see `Shell::keyed_words`): one
/// word, as a branch or cluster name is.
fn var_key(name: &str, assignment: u64) -> String {
    format!("{UNKNOWN}${name}@{assignment}")
}

/// The program a path names when only its directory is known at run time
/// (`$SDK/emulator/emulator`, with `SDK` one of several places): its last part, written in
/// the script, the same in every value the variable may hold.
fn named_program(val: &Val) -> Option<&str> {
    let mut found = None;
    let mut unknown_dir = false;
    for path in val.text.iter().chain(&val.alts) {
        let (dir, name) = path.rsplit_once('/')?;
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._+-".contains(c));
        if !plain || found.is_some_and(|f| f != name) {
            return None;
        }
        unknown_dir |= dir.contains(UNKNOWN);
        found = Some(name);
    }
    found.filter(|_| unknown_dir)
}

fn in_command_name(node: Node<'_>) -> bool {
    let mut n = node.parent();
    while let Some(p) = n {
        match p.kind() {
            "command_name" => return true,
            "command" | "program" | "command_substitution" | "process_substitution" => {
                return false;
            }
            _ => n = p.parent(),
        }
    }
    false
}

/// Whether `node` is an `exec` with no command: it only changes the shell's own descriptors.
fn bare_exec(node: Node<'_>, src: &str) -> bool {
    node.kind() == "command"
        && node
            .field("name")
            .and_then(|n| src.get(n.byte_range()))
            .is_some_and(|n| n == "exec")
        && node.children_by_field_name("argument").next().is_none()
}

/// The words of one simple command's text (`fn 'a b' "c"`), quotes removed; `None` for
/// text with anything else (a list, a pipe, a redirect, an expansion).
fn split_simple_command(code: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut cur: Option<String> = None;
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if let Some(w) = cur.take() {
                    words.push(w);
                }
            }
            '\'' => {
                let w = cur.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '\'' => break,
                        q => w.push(q),
                    }
                }
            }
            '"' => {
                let w = cur.get_or_insert_with(String::new);
                loop {
                    match chars.next()? {
                        '"' => break,
                        '$' | '`' | '\\' => return None,
                        q => w.push(q),
                    }
                }
            }
            ';' | '&' | '|' | '<' | '>' | '(' | ')' | '$' | '`' | '\\' => return None,
            c => cur.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(cur);
    (!words.is_empty()).then_some(words)
}

/// A shell variable name (`dest`, `_rc`).
fn is_identifier(t: &str) -> bool {
    let mut chars = t.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A function body declaring a name reference (`local -n out=$1`, `declare -n ref`).
/// Whether a function's body expands a variable by the name another holds (`${!name}`, not
/// the keys of an array, `${!arr[@]}`).
fn expands_indirectly(body: &str) -> bool {
    body.match_indices("${!").any(|(i, _)| {
        let rest = &body[i + 3..];
        let end = rest.find('}').unwrap_or(rest.len());
        !rest[..end].contains('[') && !rest[..end].ends_with(['@', '*'])
    })
}

fn declares_nameref(body: &str) -> bool {
    body.lines().any(|l| {
        let mut words = l.split_whitespace();
        matches!(words.next(), Some("local" | "declare" | "typeset"))
            && words
                .take_while(|w| w.starts_with('-'))
                .any(|w| !w.starts_with("--") && w.contains('n'))
    })
}

impl Shell<'_, '_, '_> {
    /// `for ((i = A; i < B; i++))` (also `<=`, `++i`, `i += 1`) whose start and bound are
    /// whole numbers the walk knows: the counter, its start and how many turns (1 to 8).
    fn counted_loop(&self, node: Node<'_>) -> Option<(String, u64, u64)> {
        let text = self.text(node);
        let open = text.find("((")?;
        let close = text[open..].find("))")? + open;
        let head = &text[open + 2..close];
        let parts: Vec<&str> = head.split(';').map(str::trim).collect();
        let [init, cond, step] = parts.as_slice() else {
            return None;
        };
        let (name, start) = init.split_once('=')?;
        let name = name.trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let start = self.arith_number(start.trim())?;
        let step: String = step.chars().filter(|c| !c.is_whitespace()).collect();
        let adds_one = [
            format!("{name}++"),
            format!("++{name}"),
            format!("{name}+=1"),
            format!("{name}={name}+1"),
        ]
        .contains(&step);
        if !adds_one {
            return None;
        }
        let (bound, inclusive) = match cond.split_once("<=") {
            Some((l, r)) => ((l.trim(), r.trim()), true),
            None => {
                let (l, r) = cond.split_once('<')?;
                ((l.trim(), r.trim()), false)
            }
        };
        if bound.0 != name {
            return None;
        }
        let end = self.arith_number(bound.1)? + u64::from(inclusive);
        let turns = end.checked_sub(start)?;
        (1..=8)
            .contains(&turns)
            .then(|| (name.to_owned(), start, turns))
    }

    /// A whole number in arithmetic: digits, or a variable (`n`, `$n`, `${n}`) holding them.
    fn arith_number(&self, word: &str) -> Option<u64> {
        if let Ok(n) = word.parse::<u64>() {
            return Some(n);
        }
        let name = word
            .trim_start_matches('$')
            .trim_start_matches('{')
            .trim_end_matches('}');
        self.vars.get(name)?.known()?.trim().parse::<u64>().ok()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    /// `runner_functions` skips a subtree whose text holds neither `$@` nor `${@}`: every
    /// spelling of "all the arguments" holds one.
    #[test]
    fn every_spelling_of_all_the_arguments_holds_the_prefilter_text() {
        for spelling in ALL_ARGS {
            assert!(
                spelling.contains("$@") || spelling.contains("${@}"),
                "{spelling}"
            );
        }
    }

    #[test]
    fn runner_functions_are_found_under_any_statement() {
        // (script, runners and their shifts)
        let cases: &[(&str, &[(&str, usize)])] = &[
            ("run() { \"$@\"; }\nrun ls\n", &[("run", 0)]),
            (
                "check() {\n  shift\n  shift 2\n  ${@} >/dev/null\n}\n",
                &[("check", 3)],
            ),
            (
                "if true; then\n  outer() {\n    inner() { $@ || true; }\n  }\nfi\n",
                // (A command of a nested function is in the outer one's body too.)
                &[("inner", 0), ("outer", 0)],
            ),
            ("f() { echo \"$1\"; }\ng() { printf '%s' \"$*\"; }\n", &[]),
            ("echo \"$@\"\nmain() { echo hi; }\nmain \"$@\"\n", &[]),
        ];
        for (script, want) in cases {
            let tree = crate::analyze::parse_tree(crate::model::Language::Shell, script).unwrap();
            let copy = crate::ts::Tree::new(&tree, crate::model::Language::Shell);
            let mut out = Map::default();
            runner_functions(copy.root(), script, &mut out);
            let mut got: Vec<(&str, usize)> = out.iter().map(|(k, v)| (k.as_str(), *v)).collect();
            got.sort_unstable();
            assert_eq!(got, *want, "{script}");
        }
    }
}
