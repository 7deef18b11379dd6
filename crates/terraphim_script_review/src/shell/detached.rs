//! Detached processes the script stops itself: `nohup SERVER &` whose pid (`$!`) the next
//! statement records, in a variable (`pid=$!`) or a pid file (`echo $! > "$PIDFILE"`), and a
//! `kill` of the script (a statement, or a `trap` handler) stops through that record
//! (`kill "$pid"`, `kill "$(cat "$PIDFILE")"`, or `kill "$p"` with `p=$(<"$PIDFILE")`). Such
//! a process is the script's own managed service, with its stop path beside it, not one meant
//! to outlive the run unseen. A probe (`kill -0`) is no stop path; a pid nobody kills stays a
//! detached process.

use crate::ts::Node;

/// Programs whose start, run in the background, detaches a process (`command::DETACHING`
/// without `disown`, which has no program of its own).
const DETACHERS: &[&str] = &["nohup", "setsid", "daemonize"];

fn text<'s>(n: Node<'_>, src: &'s str) -> &'s str {
    src.get(n.start_byte()..n.end_byte()).unwrap_or("")
}

/// A word with its quotes and braces gone (`"${PIDFILE}"` is `$PIDFILE`), so the spellings of
/// one expansion compare equal.
fn plain(word: &str) -> String {
    word.chars()
        .filter(|c| !matches!(c, '"' | '\'' | '{' | '}'))
        .collect()
}

/// The command a statement runs (a redirected statement's body), if it is a simple command.
fn simple_command(stmt: Node<'_>) -> Option<Node<'_>> {
    match stmt.kind() {
        "command" => Some(stmt),
        "redirected_statement" => stmt.field("body").filter(|b| b.kind() == "command"),
        _ => None,
    }
}

/// A command's name and its argument words, plain.
fn argv<'s>(cmd: Node<'_>, src: &'s str) -> Option<(&'s str, Vec<String>)> {
    let name = text(cmd.field("name")?, src);
    let name = name.rsplit('/').next().unwrap_or(name);
    let args = cmd
        .children_by_field_name("argument")
        .map(|a| plain(text(a, src)))
        .collect();
    Some((name, args))
}

/// The plain destination of a statement's redirect of operator `op` (`>`, `>>`, `<`).
fn redirect_target(stmt: Node<'_>, src: &str, ops: &[&str]) -> Option<String> {
    if stmt.kind() != "redirected_statement" {
        return None;
    }
    stmt.named_children()
        .filter(|r| r.kind() == "file_redirect")
        .find(|r| {
            r.children()
                .any(|c| !c.is_named() && ops.contains(&text(c, src)))
        })
        .and_then(|r| r.field("destination"))
        .map(|d| plain(text(d, src)))
}

/// Where a statement records the pid of the last background job: the variable (`$pid`) or
/// the pid file (plain text of the path) it writes `$!` to.
fn pid_record(stmt: Node<'_>, src: &str) -> Option<Record> {
    let assignment = match stmt.kind() {
        "variable_assignment" => Some(stmt),
        "declaration_command" => stmt
            .named_children()
            .find(|c| c.kind() == "variable_assignment"),
        _ => None,
    };
    if let Some(a) = assignment {
        let value = a.field("value").map(|v| plain(text(v, src)))?;
        let name = text(a.field("name")?, src);
        return (value == "$!").then(|| Record::Var(name.to_owned()));
    }
    let (name, args) = argv(simple_command(stmt)?, src)?;
    if matches!(name, "echo" | "printf") && args.last().is_some_and(|a| a == "$!") {
        return redirect_target(stmt, src, &[">", ">>", ">|"]).map(Record::File);
    }
    None
}

#[derive(PartialEq)]
enum Record {
    Var(String),
    File(String),
}

/// Whether `word` expands the variable `name` (`$name`, not `$names`).
fn expands(word: &str, name: &str) -> bool {
    word.match_indices('$').any(|(i, _)| {
        word[i + 1..].strip_prefix(name).is_some_and(|rest| {
            !rest
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    })
}

/// Whether `word` reads the pid file `file` in a substitution (`$(cat FILE)`, `$(<FILE)`).
fn reads_file(word: &str, file: &str) -> bool {
    let compact: String = word.split_whitespace().collect::<Vec<_>>().join(" ");
    [
        format!("$(cat {file})"),
        format!("$(<{file})"),
        format!("$(< {file})"),
    ]
    .iter()
    .any(|form| compact.contains(form.as_str()))
}

/// The lines of the script's detaching commands (`nohup CMD &`) whose pid the script records
/// and stops through that record.
pub(super) fn stopped_lines(root: Node<'_>, src: &str) -> Vec<u32> {
    let mut starts: Vec<(u32, Record)> = Vec::new();
    let mut kills: Vec<Vec<String>> = Vec::new();
    let mut pid_vars: Vec<(String, String)> = Vec::new();
    for n in root.descendants() {
        match n.kind() {
            "program" | "compound_statement" | "do_group" | "subshell" | "if_statement"
            | "else_clause" | "elif_clause" | "case_item" => {
                let children: Vec<Node<'_>> = n.children().collect();
                for (i, stmt) in children.iter().enumerate() {
                    let background = children
                        .get(i + 1)
                        .is_some_and(|c| !c.is_named() && text(*c, src) == "&");
                    let detaches = simple_command(*stmt)
                        .and_then(|c| argv(c, src))
                        .is_some_and(|(name, _)| DETACHERS.contains(&name));
                    if !(background && detaches) {
                        continue;
                    }
                    let next = children[i + 2..]
                        .iter()
                        .find(|c| c.is_named() && c.kind() != "comment");
                    if let Some(record) = next.and_then(|s| pid_record(*s, src)) {
                        starts.push((stmt.line(), record));
                    }
                }
            }
            "variable_assignment" => {
                // `pid=$(cat "$PIDFILE")`, `local pid; pid="$(<"$pid_file")"`.
                if let (Some(name), Some(value)) = (n.field("name"), n.field("value")) {
                    pid_vars.push((text(name, src).to_owned(), plain(text(value, src))));
                }
            }
            "command" => {
                let Some((name, args)) = argv(n, src) else {
                    continue;
                };
                match name {
                    "kill" if !args.iter().any(|a| a == "-0") => kills.push(args),
                    "read" => {
                        // `read -r pid < "$PIDFILE"`.
                        let (Some(var), Some(stmt)) = (args.last(), n.parent()) else {
                            continue;
                        };
                        if let Some(file) = redirect_target(stmt, src, &["<"]) {
                            pid_vars.push((var.clone(), format!("$(<{file})")));
                        }
                    }
                    "trap" => {
                        // `trap 'kill "$pid"' EXIT`: each command of the handler.
                        let Some(handler) = args.first() else {
                            continue;
                        };
                        for part in handler.split([';', '&', '|', '\n']) {
                            let words: Vec<String> =
                                part.split_whitespace().map(str::to_owned).collect();
                            if words.first().is_some_and(|w| w == "kill")
                                && !words.iter().any(|w| w == "-0")
                            {
                                kills.push(words[1..].to_vec());
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let stops = |record: &Record| {
        kills.iter().flatten().any(|word| match record {
            Record::Var(v) => expands(word, v),
            Record::File(f) => {
                reads_file(word, f)
                    || pid_vars
                        .iter()
                        .any(|(var, value)| reads_file(value, f) && expands(word, var))
            }
        })
    };
    starts
        .into_iter()
        .filter(|(_, record)| stops(record))
        .map(|(line, _)| line)
        .collect()
}
