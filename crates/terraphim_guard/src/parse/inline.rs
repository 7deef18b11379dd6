//! Inline code of interpreters the script review has no walker for (Ruby, Perl): the literal
//! strings their process-running calls run as shell commands, and the literal paths their
//! file-deleting calls delete. The lists are data (`vocab.rs`); anything else in the code is
//! not read, and the interpreter's inline code stays judged by the KG (sandboxed).

use super::vocab::{INLINE_DELETE_CALLS, INLINE_SHELL_CALLS};

/// What a call in inline code does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum InlineCall {
    /// A shell command line it runs.
    Shell(String),
    /// A path (or glob) it deletes.
    Delete(String),
}

/// The calls of `interpreter`'s `code` with literal arguments, in source order.
pub(super) fn inline_calls(interpreter: &str, code: &str) -> Vec<InlineCall> {
    let shell = calls_of(INLINE_SHELL_CALLS, interpreter);
    let delete = calls_of(INLINE_DELETE_CALLS, interpreter);
    if shell.is_empty() && delete.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Backticks, `%x(...)` (Ruby) and `qx(...)` (Perl): a shell command.
        if bytes[i] == b'`'
            && let Some(len) = code[i + 1..].find('`')
        {
            push_literal(&mut out, &code[i + 1..i + 1 + len], InlineCall::Shell);
            i += len + 2;
            continue;
        }
        let quoted_op = match interpreter {
            "ruby" => code[i..].starts_with("%x").then_some(2),
            _ => (code[i..].starts_with("qx") && word_start(code, i)).then_some(2),
        };
        if let Some(skip) = quoted_op
            && let Some((text, len)) = delimited(&code[i + skip..])
        {
            push_literal(&mut out, text, InlineCall::Shell);
            i += skip + len;
            continue;
        }
        if word_start(code, i) {
            let found = |names: &[&str]| {
                names
                    .iter()
                    .filter(|n| {
                        code[i..].starts_with(**n)
                            && !code[i + n.len()..]
                                .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                    })
                    .map(|n| n.len())
                    .max()
            };
            if let Some(len) = found(&shell)
                && let Some(arg) = first_string(&code[i + len..])
            {
                push_literal(&mut out, &arg, InlineCall::Shell);
                i += len;
                continue;
            }
            if let Some(len) = found(&delete)
                && let Some(arg) = first_string(&code[i + len..])
            {
                push_literal(&mut out, &arg, InlineCall::Delete);
                i += len;
                continue;
            }
        }
        i += code[i..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

fn calls_of(table: &[(&str, &'static [&'static str])], interpreter: &str) -> Vec<&'static str> {
    table
        .iter()
        .filter(|(i, _)| *i == interpreter)
        .flat_map(|(_, calls)| calls.iter().copied())
        .collect()
}

/// A literal is used only when it interpolates nothing (`#{x}`, `$x`, `@x`): a built string
/// is unknown until run time, and the inline code stays sandboxed.
fn push_literal(out: &mut Vec<InlineCall>, text: &str, make: fn(String) -> InlineCall) {
    if !text.contains("#{") && !text.contains('$') && !text.contains('@') && !text.is_empty() {
        out.push(make(text.to_string()));
    }
}

fn word_start(code: &str, i: usize) -> bool {
    code[..i]
        .chars()
        .next_back()
        .is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == ':'))
}

/// The text of `(...)`, `{...}`, `[...]`, `<...>` or `|...|` at the start of `s`, and the length
/// taken with the delimiters.
fn delimited(s: &str) -> Option<(&str, usize)> {
    let open = s.chars().next()?;
    let close = match open {
        '(' => ')',
        '{' => '}',
        '[' => ']',
        '<' => '>',
        '|' | '!' | '/' => open,
        _ => return None,
    };
    let end = s[1..].find(close)?;
    Some((&s[1..1 + end], end + 2))
}

/// How Ruby and Perl spell the user's home in code: each stands for `~`.
const HOME_EXPRESSIONS: &[&str] = &[
    "Dir.home",
    "ENV[\"HOME\"]",
    "ENV['HOME']",
    "ENV.fetch(\"HOME\")",
    "ENV.fetch('HOME')",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "$ENV{\"HOME\"}",
];

/// The first argument of a call when it is a literal path or command: after blanks, an optional
/// `(`, an optional `glob(` (Perl's `unlink glob("/x/*")`: the glob is a path pattern as in
/// `rm`) or `File.expand_path(`; a quoted string, the home joined to one (`Dir.home + "/x"`,
/// `File.join(Dir.home, ".ssh")`, Perl's `$ENV{HOME} . "/x"`), with the home interpolated in it
/// (`"#{Dir.home}/x"`, `"$ENV{HOME}/x"`) read as `~`.
fn first_string(s: &str) -> Option<String> {
    let mut rest = s.trim_start();
    rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
    for wrapper in ["glob", "File.expand_path"] {
        if let Some(r) = rest.strip_prefix(wrapper) {
            rest = r.trim_start();
            rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
        }
    }
    if let Some(args) = rest.strip_prefix("File.join(") {
        let end = args.find(')')?;
        let parts: Option<Vec<String>> = args[..end]
            .split(',')
            .map(|a| {
                let a = a.trim();
                if HOME_EXPRESSIONS.contains(&a) {
                    Some("~".to_string())
                } else {
                    quoted(a)
                }
            })
            .collect();
        return parts.map(|p| p.join("/"));
    }
    if let Some(home) = HOME_EXPRESSIONS.iter().find(|h| rest.starts_with(**h)) {
        let after = rest[home.len()..].trim_start();
        let after = after
            .strip_prefix('+')
            .or_else(|| after.strip_prefix('.'))?
            .trim_start();
        return quoted(after).map(|t| format!("~{t}"));
    }
    quoted(rest)
}

/// The text of the quoted string at the start of `s`, with the home interpolated in it read as
/// `~`.
fn quoted(s: &str) -> Option<String> {
    let quote = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    let end = s[1..].find(quote)?;
    let mut text = s[1..1 + end].to_string();
    if quote == '"' {
        for home in HOME_EXPRESSIONS {
            text = text.replace(&format!("#{{{home}}}"), "~");
        }
        for home in ["$ENV{HOME}", "${HOME}", "$HOME"] {
            text = text.replace(home, "~");
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_calls_are_found_and_built_ones_are_not() {
        let shell = |s: &str| InlineCall::Shell(s.to_string());
        let delete = |s: &str| InlineCall::Delete(s.to_string());
        let cases: &[(&str, &str, Vec<InlineCall>)] = &[
            ("ruby", "system('make test')", vec![shell("make test")]),
            ("ruby", "puts `git status`", vec![shell("git status")]),
            ("ruby", "x = %x(ls -la)", vec![shell("ls -la")]),
            ("ruby", "IO.popen(\"du -sh .\")", vec![shell("du -sh .")]),
            ("ruby", "Open3.capture3('id')", vec![shell("id")]),
            (
                "ruby",
                "FileUtils.rm_rf('/srv/data')",
                vec![delete("/srv/data")],
            ),
            (
                "ruby",
                "FileUtils.rm_r 'tmp/cache'",
                vec![delete("tmp/cache")],
            ),
            ("ruby", "system(\"rm #{path}\")", vec![]),
            ("ruby", "mysystem('x'); mysystem2 'y'", vec![]),
            ("ruby", "puts 1", vec![]),
            (
                "perl",
                "system(\"make\"); qx{uptime}",
                vec![shell("make"), shell("uptime")],
            ),
            (
                "perl",
                "unlink glob('/var/log/app/*')",
                vec![delete("/var/log/app/*")],
            ),
            ("perl", "rmtree('build')", vec![delete("build")]),
            ("perl", "unlink $file", vec![]),
            (
                "perl",
                "use File::Path qw(remove_tree); remove_tree(\"$ENV{HOME}/src\")",
                vec![delete("~/src")],
            ),
            (
                "ruby",
                "FileUtils.rm_rf(Dir.home + \"/.ssh\")",
                vec![delete("~/.ssh")],
            ),
            (
                "ruby",
                "FileUtils.rm_rf(File.join(Dir.home, '.ssh'))",
                vec![delete("~/.ssh")],
            ),
            (
                "ruby",
                "FileUtils.rm_rf(File.expand_path('~/work'))",
                vec![delete("~/work")],
            ),
            (
                "ruby",
                "system(\"rm -rf #{ENV['HOME']}/x\")",
                vec![shell("rm -rf ~/x")],
            ),
            ("perl", "rmtree($ENV{HOME} . '/x')", vec![delete("~/x")]),
            ("python3", "system('x')", vec![]),
        ];
        for (interpreter, code, want) in cases {
            assert_eq!(
                &inline_calls(interpreter, code),
                want,
                "{interpreter}: {code}"
            );
        }
    }
}
