//! A Rails runner given code that only reads and prints what an ActiveRecord query returns
//! (`rails runner 'puts Ticket.count'`, `zammad run rails r 'pp Ticket::State.pluck(:id,
//! :name)'`): the code is read token by token against an allow-list, so anything that is not a
//! model constant, a query or read method (or an app's scope before one: `Issue.open.count`),
//! a printer or a literal (a bang method, an
//! assignment, a block, a second statement, backticks, `system`, `File`, string
//! interpolation) leaves the runner to the KG, which confines it.

use crate::parse::SimpleCommand;

/// ActiveRecord's query and read methods, and the enumerable reads of their results.
const READ_METHODS: &[&str] = &[
    "all",
    "any?",
    "as_json",
    "average",
    "column_names",
    "count",
    "distinct",
    "eager_load",
    "empty?",
    "exists?",
    "find",
    "find_by",
    "first",
    "group",
    "group_by",
    "ids",
    "includes",
    "inspect",
    "joins",
    "last",
    "left_joins",
    "length",
    "limit",
    "map",
    "maximum",
    "minimum",
    "none?",
    "not",
    "offset",
    "order",
    "pick",
    "pluck",
    "preload",
    "reorder",
    "select",
    "size",
    "sort",
    "sum",
    "table_name",
    "take",
    "tally",
    "to_a",
    "to_json",
    "where",
];

/// Bare words the code may use besides model constants: printers and literals.
const BARE_WORDS: &[&str] = &["puts", "pp", "p", "print", "nil", "true", "false"];

/// Whether `cmd` is a Rails runner (alone, through `bundle exec`, `zammad run` or GitLab's
/// `gitlab-rails`) whose code only prints an ActiveRecord read.
pub(crate) fn prints_orm_read(cmd: &SimpleCommand) -> bool {
    // A column of credentials printed is a credential in the transcript.
    const SECRET_WORDS: &[&str] = &[
        "password",
        "passwd",
        "token",
        "secret",
        "otp",
        "private",
        "credential",
        "api_key",
        "apikey",
        "salt",
        "digest",
        "cookie",
        "session",
    ];
    let argv: Vec<&str> = cmd.argv.iter().map(String::as_str).collect();
    let base = |w: &str| w.rsplit('/').next().unwrap_or(w).to_string();
    let mut i = 0;
    match argv.first().map(|w| base(w)).as_deref() {
        Some("bundle") if argv.get(1) == Some(&"exec") => i = 2,
        Some("zammad") if argv.get(1) == Some(&"run") => i = 2,
        Some("gitlab-rails") => {}
        Some("rails") => {}
        _ => return false,
    }
    let program = argv.get(i).map(|w| base(w));
    if !matches!(program.as_deref(), Some("rails" | "gitlab-rails")) {
        return false;
    }
    if !matches!(argv.get(i + 1), Some(&("runner" | "r"))) {
        return false;
    }
    // Only the environment option besides the code (`-e development`).
    let mut code = None;
    let mut environment = None;
    let mut rest = argv[i + 2..].iter();
    while let Some(w) = rest.next() {
        match *w {
            "-e" | "--environment" => match rest.next() {
                Some(e) => environment = Some(*e),
                None => return false,
            },
            w if w.starts_with("--environment=") => {
                environment = w.strip_prefix("--environment=");
            }
            w if w.starts_with('-') => return false,
            w if code.is_none() => code = Some(w),
            _ => return false,
        }
    }
    // The app's own scopes only where the line names the development or test database
    // (`-e development`, `RAILS_ENV=test`): GitLab's and Zammad's runners and a runner of
    // unnamed environment may read production with code the line does not show.
    let environment = environment.or_else(|| {
        cmd.env
            .iter()
            .find(|(k, _)| k == "RAILS_ENV")
            .map(|(_, v)| v.as_str())
    });
    let scopes = program.as_deref() == Some("rails")
        && argv.first().map(|w| base(w)).as_deref() != Some("zammad")
        && matches!(environment, Some("development" | "test"));
    code.is_some_and(|c| {
        let lower = c.to_ascii_lowercase();
        !SECRET_WORDS.iter().any(|w| lower.contains(w)) && reads_and_prints(c, scopes)
    })
}

/// Whether Ruby `code` is one statement made only of printers, model constants, allow-listed
/// read methods (with `scopes`, also the app's scopes before one) and literals.
fn reads_and_prints(code: &str, scopes: bool) -> bool {
    let b = code.as_bytes();
    let mut i = 0;
    let mut after_dot = false;
    let mut depth = 0i32;
    let mut methods = 0;
    // Whether the last method called is an allow-listed read (an app's scope may come before
    // one, never last: what it returns is printed only through a read).
    let mut last_read = false;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' => i += 1,
            b'\'' | b'"' => {
                let Some(len) = code[i + 1..].find(c as char) else {
                    return false;
                };
                let text = &code[i + 1..i + 1 + len];
                // An escape, an interpolation, or a second SQL statement inside a `where`.
                if text.contains('\\') || text.contains(';') || (c == b'"' && text.contains("#{")) {
                    return false;
                }
                i += len + 2;
                after_dot = false;
            }
            b'0'..=b'9' => {
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
                    i += 1;
                }
                after_dot = false;
            }
            b'.' => {
                // A range (`1..5`) or a method call.
                if code[i..].starts_with("..") {
                    i += 2;
                    continue;
                }
                after_dot = true;
                i += 1;
            }
            b':' => {
                if code[i..].starts_with("::") {
                    i += 2;
                    continue;
                }
                // A symbol (`:id`) or the end of a hash key (`state_id:`).
                i += 1;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                after_dot = false;
            }
            b'&' => {
                // `&:name` hands a method name to `map`.
                if !code[i..].starts_with("&:") {
                    return false;
                }
                i += 1;
            }
            b'(' | b'[' => {
                depth += 1;
                i += 1;
            }
            b')' | b']' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
                i += 1;
            }
            b',' => i += 1,
            b'=' if code[i..].starts_with("=>") => i += 2,
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if i < b.len() && b[i] == b'?' {
                    i += 1;
                }
                let word = &code[start..i];
                // A hash key (`state_id: 4`) is data.
                if code[i..].starts_with(':') && !code[i..].starts_with("::") {
                    i += 1;
                    after_dot = false;
                    continue;
                }
                if after_dot {
                    if READ_METHODS.contains(&word) {
                        methods += 1;
                        last_read = true;
                    } else if scopes && app_scope(word) {
                        last_read = false;
                    } else {
                        return false;
                    }
                } else if !(model_constant(word) || BARE_WORDS.contains(&word)) {
                    return false;
                }
                after_dot = false;
            }
            _ => return false,
        }
    }
    depth == 0 && methods > 0 && last_read
}

/// A method of the application's own model that reads as a named scope (`Issue.open.count`,
/// `Ticket.recent.pluck(:id)`): the project declares it (`scope :open, -> { where(...) }`) and
/// the chain still ends in an allow-listed read. A name that says it writes, sends, runs code
/// or reaches the connection (`purge_stale`, `connection`, `send`, `find_by_sql`,
/// `instance_eval`) is no scope, and neither is a predicate, a bang or a setter (the tokenizer
/// refuses `!` and `=`).
fn app_scope(word: &str) -> bool {
    const NOT_SCOPES: &[&str] = &[
        "delete",
        "destroy",
        "update",
        "create",
        "save",
        "insert",
        "upsert",
        "touch",
        "increment",
        "decrement",
        "toggle",
        "import",
        "export",
        "reset",
        "purge",
        "remove",
        "clear",
        "drop",
        "truncate",
        "write",
        "deliver",
        "perform",
        "enqueue",
        "notify",
        "send",
        "sync",
        "run",
        "exec",
        "eval",
        "sql",
        "connection",
        "transaction",
        "lock",
        "load",
        "require",
        "call",
        "method",
        "define",
        "const",
        "instance",
        "class",
        "module",
        "system",
        "spawn",
        "fork",
        "set",
        "assign",
        "attribute",
        "new",
        "build",
        "tap",
        "then",
        "yield",
        "dump",
        "file",
        "process",
        "http",
        "request",
        "fetch",
        "mail",
        "publish",
        "push",
        "post",
        "migrate",
        "seed",
        "fix",
        "repair",
        "merge",
        "close",
        "archive",
        "approve",
        "cancel",
        "expire",
        "refund",
        "charge",
        "pay",
        "ban",
        "block",
        "suspend",
        "restore",
        "revert",
        "kill",
        "stop",
        "start",
        "schedule",
        "mark",
        "move",
        "rename",
        "copy",
        "apply",
        "commit",
        "rollback",
        "anonymi",
        "encrypt",
        "decrypt",
        "generate",
        "broadcast",
    ];
    word.starts_with(|c: char| c.is_ascii_lowercase())
        && word
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !word.starts_with("__")
        && !NOT_SCOPES.iter().any(|stem| word.contains(stem))
}

/// A constant that names a model (`Ticket`, `Ticket::State`'s parts): capitalised, with a lower
/// case letter (not `ENV`, `ARGV`, `STDIN`), and none of Ruby's and Rails' own objects that
/// reach files, processes, the network or the application's settings.
fn model_constant(word: &str) -> bool {
    const NOT_MODELS: &[&str] = &[
        "File",
        "FileUtils",
        "IO",
        "Dir",
        "Kernel",
        "Process",
        "ObjectSpace",
        "Open3",
        "Pathname",
        "Net",
        "URI",
        "Socket",
        "Object",
        "Module",
        "Class",
        "Marshal",
        "YAML",
        "JSON",
        "ActiveRecord",
        "ApplicationRecord",
        "ActiveSupport",
        "Rails",
        "Setting",
        "Thread",
        "Signal",
        "Binding",
        "Tempfile",
    ];
    word.starts_with(|c: char| c.is_ascii_uppercase())
        && word.contains(|c: char| c.is_ascii_lowercase())
        && !NOT_MODELS.contains(&word)
}

#[cfg(test)]
mod tests {
    use super::reads_and_prints;

    #[test]
    fn scopes_only_where_allowed() {
        assert!(!reads_and_prints("puts Issue.open.count", false));
        assert!(reads_and_prints("puts Issue.count", false));
    }

    #[test]
    fn only_printed_reads_pass() {
        for (code, ok) in [
            ("puts Ticket.count", true),
            ("pp Ticket::State.pluck(:id, :name)", true),
            ("puts Ticket.where(state_id: 4).count", true),
            ("p User.where(\"created_at > '2025-01-01'\").ids", true),
            ("puts Order.group(:status).count.inspect", true),
            ("puts Ticket.all.map(&:number).first(5)", true),
            ("Ticket.count", true),
            // Not reads: a destroy, a bang method, an assignment, a block, two statements,
            // a shell call, a file, interpolation.
            ("Ticket.where(state_id: 4).find_each(&:destroy)", false),
            ("puts Ticket.destroy_all", false),
            ("puts Ticket.first.save!", false),
            ("t = Ticket.first", false),
            ("Ticket.all.each { |t| t.destroy }", false),
            ("puts Ticket.count; Ticket.delete_all", false),
            ("puts `id`", false),
            ("puts system('id')", false),
            ("puts File.read('/etc/passwd')", false),
            ("puts \"#{Ticket.count}\"", false),
            // An app's scope before a read (`Issue.open.count`); never last, never a name
            // that writes, sends or reaches the connection.
            ("puts Issue.open.count", true),
            ("pp Ticket.recent.pluck(:id, :title)", true),
            ("puts Issue.open", false),
            ("puts Issue.open.update_all(state: 2)", false),
            ("puts Issue.purge_stale.count", false),
            ("puts Issue.close_stale.count", false),
            ("puts Issue.send(:destroy_all).count", false),
            (
                "puts Issue.connection.execute('DROP TABLE issues').count",
                false,
            ),
            ("puts Issue.find_by_sql('SELECT 1').count", false),
            ("puts Issue.instance_eval('x').count", false),
            ("puts Rails.application.secrets.inspect", false),
            ("puts Ticket.count(:id", false),
            ("puts", false),
            ("puts ENV.inspect", false),
            (
                "p Ticket.where(\"id = 1; DELETE FROM tickets\").count",
                false,
            ),
        ] {
            assert_eq!(reads_and_prints(code, true), ok, "{code}");
        }
    }
}
