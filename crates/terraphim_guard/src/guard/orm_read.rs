//! A Rails runner given code that only reads and prints what an ActiveRecord query returns
//! (`rails runner 'puts Ticket.count'`, `zammad run rails r 'pp Ticket::State.pluck(:id,
//! :name)'`): the code is read token by token against an allow-list, so anything that is not a
//! model constant, a query or read method, a printer or a literal (a bang method, an
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
    let mut rest = argv[i + 2..].iter();
    while let Some(w) = rest.next() {
        match *w {
            "-e" | "--environment" => {
                if rest.next().is_none() {
                    return false;
                }
            }
            w if w.starts_with("--environment=") => {}
            w if w.starts_with('-') => return false,
            w if code.is_none() => code = Some(w),
            _ => return false,
        }
    }
    code.is_some_and(|c| {
        let lower = c.to_ascii_lowercase();
        !SECRET_WORDS.iter().any(|w| lower.contains(w)) && reads_and_prints(c)
    })
}

/// Whether Ruby `code` is one statement made only of printers, model constants, allow-listed
/// read methods and literals.
fn reads_and_prints(code: &str) -> bool {
    let b = code.as_bytes();
    let mut i = 0;
    let mut after_dot = false;
    let mut depth = 0i32;
    let mut methods = 0;
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
                    if !READ_METHODS.contains(&word) {
                        return false;
                    }
                    methods += 1;
                } else if !(model_constant(word) || BARE_WORDS.contains(&word)) {
                    return false;
                }
                after_dot = false;
            }
            _ => return false,
        }
    }
    depth == 0 && methods > 0
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
            // a shell call, a file, interpolation, a model method of the app's own.
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
            ("puts Issue.open.count", false),
            ("puts Rails.application.secrets.inspect", false),
            ("puts Ticket.count(:id", false),
            ("puts", false),
            ("puts ENV.inspect", false),
            (
                "p Ticket.where(\"id = 1; DELETE FROM tickets\").count",
                false,
            ),
        ] {
            assert_eq!(reads_and_prints(code), ok, "{code}");
        }
    }
}
