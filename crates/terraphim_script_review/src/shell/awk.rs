//! The commands an awk program runs: `system(cmd)`, `print ... | cmd`, `cmd | getline`. Each
//! command is the text the program builds: string literals put together with the variables
//! the program assigned before from literals; a field, a function's result or a variable the
//! program never set is a part known only at run time ([`UNKNOWN`]).

use crate::places::UNKNOWN;

/// One token of an awk program, as far as the commands it runs need.
#[derive(Debug, Clone, PartialEq)]
enum Tok {
    /// A string literal, its escapes undone.
    Str(String),
    /// A name: a variable, a keyword or a function.
    Name(String),
    /// A pipe to or from a command (`|`, `|&`).
    Pipe,
    /// `=` as assignment (not `==`, `<=`, `>=`, `!=`).
    Assign,
    /// `(` and `)`.
    Open,
    Close,
    /// The end of a statement: a newline, `;`, `{` or `}`.
    End,
    /// Anything else: an operand or operator the command text cannot know (`$1`, `+`, `,`).
    Other,
}

fn tokens(program: &str) -> Vec<Tok> {
    let mut out = Vec::new();
    let mut chars = program.chars().peekable();
    // The last character outside strings and blanks: a `/` where an operand is expected
    // starts a regular expression (`/a|b/`, `match($0, /x="[^"]*"/)`), not a division.
    let mut last = '\n';
    while let Some(c) = chars.next() {
        if c == '/'
            && matches!(
                last,
                '\n' | '(' | ',' | '{' | '}' | ';' | '!' | '~' | '&' | '|' | '='
            )
        {
            let mut escaped = false;
            for r in chars.by_ref() {
                match r {
                    '\\' if !escaped => escaped = true,
                    '/' if !escaped => break,
                    _ => escaped = false,
                }
            }
            out.push(Tok::Other);
            last = '/';
            continue;
        }
        if !c.is_whitespace() || c == '\n' {
            last = c;
        }
        match c {
            '"' => {
                let mut s = String::new();
                while let Some(c) = chars.next() {
                    match c {
                        '"' => break,
                        '\\' => match chars.next() {
                            Some('n') => s.push('\n'),
                            Some('t') => s.push('\t'),
                            Some(other) => s.push(other),
                            None => break,
                        },
                        _ => s.push(c),
                    }
                }
                out.push(Tok::Str(s));
            }
            '#' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
                out.push(Tok::End);
            }
            '\n' | ';' | '{' | '}' => out.push(Tok::End),
            '|' => match chars.peek() {
                Some('|') => {
                    chars.next();
                    out.push(Tok::Other);
                }
                Some('&') => {
                    chars.next();
                    out.push(Tok::Pipe);
                }
                _ => out.push(Tok::Pipe),
            },
            '=' if chars.peek() == Some(&'=') => {
                chars.next();
                out.push(Tok::Other);
            }
            '=' => out.push(Tok::Assign),
            '!' | '<' | '>' if chars.peek() == Some(&'=') => {
                chars.next();
                out.push(Tok::Other);
            }
            '(' => out.push(Tok::Open),
            ')' => out.push(Tok::Close),
            c if c.is_ascii_alphabetic() || c == '_' => {
                let mut s = String::from(c);
                while let Some(&c) = chars.peek() {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        s.push(c);
                        chars.next();
                    } else {
                        break;
                    }
                }
                out.push(Tok::Name(s));
            }
            c if c.is_whitespace() => {}
            _ => out.push(Tok::Other),
        }
    }
    out
}

/// The text of the expression `toks` (string concatenation): literals as they are, variables
/// the program set as their text, anything else unknown. Stops at the end of the statement, a
/// pipe, or a `)` closing a parenthesis the expression did not open.
fn text_of(toks: &[Tok], vars: &[(String, String)]) -> String {
    let mut text = String::new();
    let mut depth = 0usize;
    for t in toks {
        match t {
            Tok::End | Tok::Pipe => break,
            Tok::Close if depth == 0 => break,
            Tok::Close => depth -= 1,
            Tok::Open => depth += 1,
            Tok::Str(s) => text.push_str(s),
            Tok::Name(n) => match vars.iter().rev().find(|(v, _)| v == n) {
                Some((_, value)) => text.push_str(value),
                None => text.push(UNKNOWN),
            },
            Tok::Other | Tok::Assign => {
                if !text.ends_with(UNKNOWN) {
                    text.push(UNKNOWN);
                }
            }
        }
    }
    if text.is_empty() {
        text.push(UNKNOWN);
    }
    text
}

/// A command an awk program runs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Run {
    /// The command's text, as the program builds it.
    pub(crate) command: String,
    /// Whether the program prints into the command (`print ... | cmd`): a shell so fed runs
    /// what the program prints.
    pub(crate) fed: bool,
}

/// The commands `program` runs, in order: each as the text the program gives it.
pub(crate) fn commands_run(program: &str) -> Vec<Run> {
    let toks = tokens(program);
    let mut vars: Vec<(String, String)> = Vec::new();
    let mut run = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Assign => {
                if let Some(Tok::Name(n)) = i.checked_sub(1).map(|j| &toks[j]) {
                    let value = text_of(&toks[i + 1..], &vars);
                    vars.push((n.clone(), value));
                }
            }
            Tok::Name(n) if n == "system" && toks.get(i + 1) == Some(&Tok::Open) => {
                run.push(Run {
                    command: text_of(&toks[i + 2..], &vars),
                    fed: false,
                });
            }
            Tok::Pipe => {
                if toks.get(i + 1) == Some(&Tok::Name("getline".into())) {
                    // `cmd | getline`: the operand before the pipe.
                    let from = toks[..i]
                        .iter()
                        .rposition(|t| matches!(t, Tok::End | Tok::Open))
                        .map_or(0, |j| j + 1);
                    run.push(Run {
                        command: text_of(&toks[from..i], &vars),
                        fed: false,
                    });
                } else {
                    // `print ... | cmd`.
                    run.push(Run {
                        command: text_of(&toks[i + 1..], &vars),
                        fed: true,
                    });
                }
            }
            _ => {}
        }
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(v: Vec<Run>) -> Vec<String> {
        v.into_iter()
            .map(|r| {
                format!("{}{}", if r.fed { "| " } else { "" }, r.command).replace(UNKNOWN, "?")
            })
            .collect()
    }

    #[test]
    fn commands_an_awk_program_runs() {
        for (program, want) in [
            ("{ print $1 }", vec![]),
            ("{ n += $2 } END { printf \"%d\\n\", n }", vec![]),
            ("{ if ($1 == \"x\" || $2 >= 3) print }", vec![]),
            ("END { system(\"make all\") }", vec!["make all"]),
            (
                "END { c = \"git \" \"status\"; system(c) }",
                vec!["git status"],
            ),
            ("{ system(\"touch \" $1) }", vec!["touch ?"]),
            ("{ print $0 | \"sort -u\" }", vec!["| sort -u"]),
            ("{ print | cmd }", vec!["| ?"]),
            ("{ print \"rm \" $1 | \"sh\" }", vec!["| sh"]),
            ("BEGIN { \"date +%s\" | getline now }", vec!["date +%s"]),
            ("{ x = \"a\"; x = \"b\"; system(x) }", vec!["b"]),
            (
                "/<failure|<error/ { match($0, /name=\"[^\"]*\"/); print substr($0, RSTART) }",
                vec![],
            ),
            ("{ print $1 / 2 | \"sort -n\" }", vec!["| sort -n"]),
        ] {
            assert_eq!(shown(commands_run(program)), want, "{program}");
        }
    }
}
