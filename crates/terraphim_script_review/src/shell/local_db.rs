//! Database clients the script aimed at this machine: a statement whose database host (a
//! `-h`/`--host`/`--dbname` value, or `PGHOST` for the PostgreSQL tools that name no host) is a
//! variable the script refused every other value of before it runs (`case "$PGHOST" in
//! localhost|127.0.0.1) ;; *) exit 1 ;; esac`, `[[ $DB_HOST == localhost ]] || exit 1`) resets
//! a database of this machine: a development database the script's own migrations and seeds
//! make again, as the guard's local database reset says of a line whose prefix shows the
//! host. The check must run before the statement on every way to it: earlier in one of the
//! blocks around it, or in a function called there that exits on the other values; in a
//! function of the script, before every call of it.

use super::{Shell, contain::same};
use crate::ts::Node;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// Database clients whose target a host option or `PGHOST` names.
const DB_CLIENTS: &[&str] = &[
    "psql",
    "pg_restore",
    "pg_dump",
    "dropdb",
    "createdb",
    "mysql",
    "mysqladmin",
    "nats",
];

/// The PostgreSQL tools, which read `PGHOST` when no option names a host.
const PG_TOOLS: &[&str] = &["psql", "pg_restore", "pg_dump", "dropdb", "createdb"];

/// Clients whose operand may be a connection string (`psql "postgres://host/db"`).
const CONNINFO_OPERAND: &[&str] = &["psql", "pg_dump"];

/// Options that name the server.
const HOST_OPTIONS: &[&str] = &["-h", "--host"];

/// The options that name the server, for clients that spell them otherwise than
/// [`HOST_OPTIONS`] (the NATS CLI: `--server nats://127.0.0.1:4222`).
fn host_options(program: &str) -> &'static [&'static str] {
    match program {
        "nats" => &["-s", "--server"],
        _ => HOST_OPTIONS,
    }
}

/// Options of the PostgreSQL tools that name a database, a connection string among them.
const DB_OPTIONS: &[&str] = &["-d", "--dbname", "--maintenance-db"];

/// Options whose value names neither host nor database (skipped with their value).
const OTHER_VALUE_OPTIONS: &[&str] = &[
    "-p",
    "--port",
    "-U",
    "--username",
    "-u",
    "--user",
    "-c",
    "--command",
    "-f",
    "--file",
    "-v",
    "--set",
    "-o",
    "--output",
    "-F",
    "-R",
    "-e",
    "--execute",
    "-D",
    "--database",
    "-T",
    "--template",
    "-O",
    "--owner",
    "-n",
    "--schema",
    "-t",
    "--table",
    "-j",
    "--jobs",
];

/// How deep the walk goes through functions calling functions.
const MAX_DEPTH: u8 = 4;

/// Whether `n` is inside a function's definition.
fn in_function(n: Node<'_>) -> bool {
    let mut at = n.parent();
    while let Some(p) = at {
        if p.kind() == "function_definition" {
            return true;
        }
        at = p.parent();
    }
    false
}

/// One word of a database client's command line.
enum Word {
    /// Its text, no expansion in it.
    Lit(String),
    /// One variable (`$V`, `"${V}"`).
    Var(String),
    /// `--option=VALUE`.
    Opt(String, Box<Word>),
    /// Anything else built at run time.
    Other,
}

/// `$V`, `${V}`, `"$V"`, `"${V}"`: the variable's name.
fn var_ref(text: &str) -> Option<&str> {
    let t = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    let t = t.strip_prefix('$')?;
    let name = t
        .strip_prefix('{')
        .and_then(|t| t.strip_suffix('}'))
        .unwrap_or(t);
    (!name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    .then_some(name)
}

/// The text of a word with its quotes removed, when nothing in it is expanded.
fn literal(text: &str) -> Option<String> {
    if text.contains(['$', '`', '\\']) {
        return None;
    }
    Some(text.replace(['"', '\''], ""))
}

fn classify(text: &str) -> Word {
    if text.starts_with("--")
        && let Some((option, value)) = text.split_once('=')
        && literal(option).is_some()
    {
        return Word::Opt(option.to_owned(), Box::new(classify(value)));
    }
    match (var_ref(text), literal(text)) {
        (Some(v), _) => Word::Var(v.to_owned()),
        (None, Some(l)) => Word::Lit(l),
        _ => Word::Other,
    }
}

/// A word whose value is known.
fn classify_known(value: &str) -> Word {
    match value.split_once('=') {
        Some((option, v)) if option.starts_with("--") => {
            Word::Opt(option.to_owned(), Box::new(Word::Lit(v.to_owned())))
        }
        _ => Word::Lit(value.to_owned()),
    }
}

/// A literal host or database value on this machine: a loopback name or address, a unix
/// socket directory, or a URL or `host:port` whose host is one.
fn local_literal(value: &str) -> bool {
    if value.starts_with('/') {
        return true;
    }
    if value.contains("://") {
        return host_of(value).is_some_and(|h| is_loopback_host(&h));
    }
    let host = value.split(':').next().unwrap_or(value);
    value == "::1" || is_loopback_host(host)
}

/// A `case` pattern or a compared value that matches only this machine's addresses:
/// `localhost`, `127.0.0.1:*`, `[::1]:*`, `/var/run/postgresql`, `*@localhost*`,
/// `*://127.0.0.1/*`. The host must follow the user info's `@` or the scheme: `*localhost*`
/// also matches a database named `localhost_copy` on another server. (A wildcard straight after
/// the host also matches a name such as `localhost.example.net`; the variable is the user's
/// environment, and projects write the check this way.)
fn local_pattern(text: &str) -> bool {
    let Some(p) = literal(text) else {
        return false;
    };
    if p.starts_with('/') {
        return !p.contains(['*', '?', '[']);
    }
    // `nats://127.0.0.1:*`, `postgres://*@localhost/*`: the same after a literal scheme.
    if let Some((scheme, rest)) = p.split_once("://")
        && scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
    {
        return local_pattern(rest);
    }
    // The host starts right after `@` or `://`, or the pattern starts with it.
    let host_part = match p.strip_prefix('*') {
        Some(rest) => match rest.strip_prefix('@').or_else(|| rest.strip_prefix("://")) {
            Some(h) => h,
            None => return false,
        },
        None => p.as_str(),
    };
    let (host, rest) = match host_part.strip_prefix('[') {
        Some(bracketed) => match bracketed.split_once(']') {
            Some(split) => split,
            None => return false,
        },
        None if host_part.contains("::") => (host_part, ""),
        None => host_part
            .find([':', '/', '*'])
            .map_or((host_part, ""), |at| host_part.split_at(at)),
    };
    let rest_is_port_or_path = rest.is_empty()
        || rest == "*"
        || (rest.starts_with([':', '/']) && !rest[1..].contains(['?', '[']));
    !host.contains(['*', '?', '[', ']', '/']) && rest_is_port_or_path && is_loopback_host(host)
}

impl Shell<'_, '_, '_> {
    /// Whether statement `node` runs one database client whose every named target is on this
    /// machine, as the script checked before it (see the module documentation).
    pub(super) fn local_database(&self, node: Node<'_>) -> bool {
        let cmd = match node.kind() {
            "command" => node,
            "redirected_statement" => match node.field("body") {
                Some(b) if b.kind() == "command" => b,
                _ => return false,
            },
            _ => return false,
        };
        // An environment prefix may name another server.
        if cmd
            .named_children()
            .any(|c| c.kind() == "variable_assignment")
        {
            return false;
        }
        let Some(name) = cmd.field("name").map(|n| self.text(n)) else {
            return false;
        };
        let program = name.rsplit('/').next().unwrap_or(name);
        if !DB_CLIENTS.contains(&program) {
            return false;
        }
        let mut words: Vec<Word> = Vec::new();
        for a in cmd.children_by_field_name("argument") {
            let t = self.text(a);
            if matches!(t, "\"$@\"" | "$@" | "\"$*\"" | "$*") {
                // The words of the call walked, each known.
                let Some(items) = self.vars.get("@").and_then(|v| v.items.clone()) else {
                    return false;
                };
                for item in items {
                    match item.known() {
                        Some(k) => words.push(classify_known(k)),
                        None => return false,
                    }
                }
                continue;
            }
            words.push(classify(t));
        }
        let pg = PG_TOOLS.contains(&program);
        let conninfo = CONNINFO_OPERAND.contains(&program);
        let mut named = false;
        let mut i = 0;
        while i < words.len() {
            let (option, value) = match &words[i] {
                Word::Opt(o, v) => (o.as_str(), Some(v)),
                Word::Lit(w) if w.starts_with('-') => (w.as_str(), None),
                // An operand: a database name, a dump file, or for some a connection string.
                operand => {
                    match operand {
                        Word::Var(v) if self.host_checked(node, v, 0) => named = true,
                        Word::Var(_) | Word::Other if conninfo => return false,
                        Word::Lit(l) if conninfo && (l.contains("://") || l.contains('=')) => {
                            if !local_literal(l) {
                                return false;
                            }
                            named = true;
                        }
                        _ => {}
                    }
                    i += 1;
                    continue;
                }
            };
            let host_options = host_options(program);
            // `-hHOST`: a server named in the option's own word.
            if !option.starts_with("--")
                && host_options.iter().any(|h| {
                    !h.starts_with("--") && option.starts_with(h) && option.len() > h.len()
                })
            {
                return false;
            }
            let is_host = host_options.contains(&option);
            if is_host || (pg && DB_OPTIONS.contains(&option)) {
                let value = match value {
                    Some(v) => v,
                    None => {
                        i += 1;
                        match words.get(i) {
                            Some(v) => v,
                            None => return false,
                        }
                    }
                };
                match value {
                    Word::Var(v) if self.host_checked(node, v, 0) => named = true,
                    Word::Lit(l) if is_host || l.contains("://") || l.contains('=') => {
                        if !local_literal(l) {
                            return false;
                        }
                        named = true;
                    }
                    // A plain database name.
                    Word::Lit(l) if !l.starts_with('-') => {}
                    _ => return false,
                }
            } else if value.is_none() && OTHER_VALUE_OPTIONS.contains(&option) {
                i += 1;
            }
            i += 1;
        }
        // No option named the server: the PostgreSQL tools take it from `PGHOST`.
        named || (pg && self.host_checked(node, "PGHOST", 0))
    }

    /// Whether every way to `at` passes a check that leaves unless `var` names this machine,
    /// and the script assigns `var` nowhere the check would not see.
    fn host_checked(&self, at: Node<'_>, var: &str, depth: u8) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let mut node = at;
        while let Some(parent) = node.parent() {
            match parent.kind() {
                "function_definition" => {
                    // Checked before every call of the function (there is one at least).
                    let Some(fname) = parent.field("name").map(|n| self.text(n)) else {
                        return false;
                    };
                    let calls = self.calls_of(fname, parent);
                    return !calls.is_empty()
                        && calls.iter().all(|c| self.host_checked(*c, var, depth + 1));
                }
                "list" => {
                    // `[[ $h == localhost ]] && psql ...`
                    let and = parent
                        .children()
                        .any(|c| !c.is_named() && self.text(c) == "&&");
                    if and
                        && parent.named_child(1).is_some_and(|r| same(r, node))
                        && parent
                            .named_child(0)
                            .is_some_and(|l| self.holds_local(l, var))
                    {
                        return self.unassigned_after(var, parent);
                    }
                }
                "if_statement" => {
                    let cond = parent.field("condition");
                    let in_then = !matches!(node.kind(), "elif_clause" | "else_clause")
                        && cond.is_some_and(|c| node.start_byte() > c.start_byte());
                    if in_then {
                        if cond.is_some_and(|c| self.holds_local(c, var)) {
                            return self.unassigned_after(var, parent);
                        }
                        if self.checked_before(node, var, depth) {
                            return true;
                        }
                    }
                }
                "program" | "compound_statement" | "do_group" | "subshell" | "else_clause"
                | "case_item"
                    if self.checked_before(node, var, depth) =>
                {
                    return true;
                }
                _ => {}
            }
            node = parent;
        }
        false
    }

    /// Whether a statement before `node` in its block is a check of `var` that leaves.
    fn checked_before(&self, node: Node<'_>, var: &str, depth: u8) -> bool {
        let mut prev = node.prev_sibling();
        while let Some(s) = prev {
            if s.is_named() && self.leaves_unless_local(s, var, true, depth) {
                return self.unassigned_after(var, s);
            }
            prev = s.prev_sibling();
        }
        false
    }

    /// The calls of the script's function `name` (defined by `definition`), outside its body.
    fn calls_of<'t>(&self, name: &str, definition: Node<'t>) -> Vec<Node<'t>> {
        let mut root = definition;
        while let Some(p) = root.parent() {
            root = p;
        }
        root.descendants()
            .filter(|n| n.kind() == "command")
            .filter(|n| n.field("name").is_some_and(|c| self.text(c) == name))
            .filter(|n| !definition.byte_range().contains(&n.start_byte()))
            .collect()
    }

    /// Whether no statement assigns `var` after `check`, nor inside a function (whose calls
    /// may come after it).
    fn unassigned_after(&self, var: &str, check: Node<'_>) -> bool {
        let mut root = check;
        while let Some(p) = root.parent() {
            root = p;
        }
        !root.descendants().any(|n| {
            let assigns = match n.kind() {
                "variable_assignment" => n.field("name").is_some_and(|v| self.text(v) == var),
                // `read -r var`, `getopts spec var`
                "command" => {
                    n.field("name")
                        .is_some_and(|c| matches!(self.text(c), "read" | "getopts" | "mapfile"))
                        && n.children_by_field_name("argument")
                            .any(|a| self.text(a) == var)
                }
                _ => false,
            };
            assigns && (n.start_byte() > check.end_byte() || in_function(n))
        })
    }

    /// Whether statement `s` leaves (the script; with `inline`, also the function or loop it
    /// is in) unless `var` names this machine: a `case` whose other items leave, `test ||
    /// leave`, `if` a test of other values `then ... leave; fi`, or a call of the script's
    /// function whose body exits so at its top level.
    fn leaves_unless_local(&self, s: Node<'_>, var: &str, inline: bool, depth: u8) -> bool {
        let leaves = |n: Node<'_>| {
            if inline {
                self.leaves(n)
            } else {
                self.exits(n)
            }
        };
        match s.kind() {
            "redirected_statement" => s
                .field("body")
                .is_some_and(|b| self.leaves_unless_local(b, var, inline, depth)),
            "case_statement" => {
                let Some(value) = s.field("value") else {
                    return false;
                };
                if var_ref(self.text(value)) != Some(var) {
                    return false;
                }
                let mut catch_all = false;
                let mut kept = false;
                for item in s.named_children().filter(|c| c.kind() == "case_item") {
                    let pats: Vec<Node<'_>> = item.children_by_field_name("value").collect();
                    let last = item
                        .named_children()
                        .filter(|c| !pats.iter().any(|p| same(*p, *c)) && c.kind() != "comment")
                        .last();
                    if last.is_some_and(&leaves) {
                        catch_all |= pats.iter().any(|p| self.text(*p) == "*");
                        continue;
                    }
                    if !pats.iter().all(|p| local_pattern(self.text(*p))) {
                        return false;
                    }
                    kept = true;
                }
                catch_all && kept
            }
            "list" => {
                let or = s.children().any(|c| !c.is_named() && self.text(c) == "||");
                match (s.named_child(0), s.named_child(1)) {
                    (Some(l), Some(r)) if or && s.named_children().count() == 2 => {
                        leaves(r) && self.holds_local(l, var)
                    }
                    _ => false,
                }
            }
            "if_statement" => {
                let Some(cond) = s.field("condition") else {
                    return false;
                };
                if !super::contain::single_condition(s)
                    || s.named_children()
                        .any(|c| matches!(c.kind(), "elif_clause" | "else_clause"))
                {
                    return false;
                }
                let last = s
                    .named_children()
                    .filter(|c| c.start_byte() > cond.start_byte() && c.kind() != "comment")
                    .last();
                last.is_some_and(leaves) && self.fails_unless_local(cond, var)
            }
            "command" => {
                let Some(name) = s.field("name").map(|n| self.text(n)) else {
                    return false;
                };
                if depth >= MAX_DEPTH || s.children_by_field_name("argument").count() > 0 {
                    return false;
                }
                let Some(body) = self.function_body(s, name) else {
                    return false;
                };
                body.named_children()
                    .any(|c| self.leaves_unless_local(c, var, false, depth + 1))
            }
            _ => false,
        }
    }

    /// Whether statement `n` ends the script: `exit`, a function of the script whose last
    /// statement is `exit`, a group ending so.
    fn exits(&self, n: Node<'_>) -> bool {
        match n.kind() {
            "command" => {
                let Some(name) = n.field("name").map(|c| self.text(c)) else {
                    return false;
                };
                // `die "..."`: a function of the script ending in `exit`.
                name == "exit"
                    || (!matches!(name, "return" | "continue" | "break") && self.leaves(n))
            }
            "compound_statement" => n
                .named_children()
                .filter(|c| c.kind() != "comment")
                .last()
                .is_some_and(|l| self.exits(l)),
            "redirected_statement" => n.field("body").is_some_and(|b| self.exits(b)),
            _ => false,
        }
    }

    /// A test that succeeds only when `var` names this machine: `[[ $v == localhost ]]`,
    /// `[ "$v" = 127.0.0.1 ]`, several joined by `||`.
    fn holds_local(&self, node: Node<'_>, var: &str) -> bool {
        match node.kind() {
            "test_command" | "parenthesized_expression" => node
                .named_children()
                .next()
                .is_some_and(|c| self.holds_local(c, var)),
            "binary_expression" | "list" => match self.op(node).as_str() {
                "==" | "=" => self.compares(node, var),
                "||" => {
                    let (Some(l), Some(r)) = (node.named_child(0), node.named_child(1)) else {
                        return false;
                    };
                    self.holds_local(l, var) && self.holds_local(r, var)
                }
                "&&" => {
                    let (Some(l), Some(r)) = (node.named_child(0), node.named_child(1)) else {
                        return false;
                    };
                    self.holds_local(l, var) || self.holds_local(r, var)
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// A test that succeeds whenever `var` names another machine: `[[ $v != localhost && $v
    /// != 127.0.0.1 ]]`, `! test`.
    fn fails_unless_local(&self, node: Node<'_>, var: &str) -> bool {
        match node.kind() {
            "negated_command" => node
                .named_child(0)
                .is_some_and(|c| self.holds_local(c, var)),
            "test_command" | "parenthesized_expression" => node
                .named_children()
                .next()
                .is_some_and(|c| self.fails_unless_local(c, var)),
            "binary_expression" | "list" => match self.op(node).as_str() {
                "!=" => self.compares(node, var),
                "&&" => {
                    let (Some(l), Some(r)) = (node.named_child(0), node.named_child(1)) else {
                        return false;
                    };
                    self.fails_unless_local(l, var) && self.fails_unless_local(r, var)
                }
                "||" => {
                    let (Some(l), Some(r)) = (node.named_child(0), node.named_child(1)) else {
                        return false;
                    };
                    self.fails_unless_local(l, var) || self.fails_unless_local(r, var)
                }
                _ => false,
            },
            _ => false,
        }
    }

    /// `$var OP value` with a value that matches only this machine.
    fn compares(&self, node: Node<'_>, var: &str) -> bool {
        let (Some(l), Some(r)) = (node.field("left"), node.field("right")) else {
            return false;
        };
        var_ref(self.text(l)) == Some(var) && local_pattern(self.text(r))
    }

    fn op(&self, node: Node<'_>) -> String {
        node.field("operator")
            .or_else(|| node.children().find(|c| !c.is_named()))
            .map(|o| self.text(o).to_owned())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::{local_literal, local_pattern};

    #[test]
    fn patterns_of_this_machine() {
        for p in [
            "localhost",
            "127.0.0.1",
            "::1",
            "localhost:*",
            "'127.0.0.1:'*",
            "/run/postgresql",
            "*@localhost*",
            "*@localhost:*",
            "*@localhost/*",
            "*@127.0.0.1:*",
            "[::1]:*",
            "*@[::1]:*",
            "*://localhost/*",
            "nats://127.0.0.1:*",
            "nats://localhost:*",
            "postgres://*@localhost/*",
            "redis://[::1]:*",
        ] {
            assert!(local_pattern(p), "{p}");
        }
        for p in [
            "*",
            "db",
            "*localhost*",
            "*127.0.0.1*",
            "localhost*.example.net",
            "localhost.example.net",
            "10.0.0.5",
            "/var/*",
            "*@db.internal*",
            "$HOST",
            "nats://*",
            "nats://*:4222",
            "nats://queue.example.net:*",
            "postgres://*@db.internal/*",
            "*nats://localhost:*",
        ] {
            assert!(!local_pattern(p), "{p}");
        }
        assert!(local_literal("postgres://u@localhost:5432/app_dev"));
        assert!(!local_literal("postgres://u@db.example.net/app"));
    }
}
