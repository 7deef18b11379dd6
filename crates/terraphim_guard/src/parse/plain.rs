//! The plainest command lines, split without tree-sitter: words of plain characters and whole
//! quoted strings, `NAME=value` assignments before the command name, joined by `|`, `&&`, `||`
//! and `;`. Anything else (expansions, redirections, globs with brackets, keywords, comments,
//! escapes, newlines outside quotes, concatenated quotes) is `None` and goes to tree-sitter.
//! On every line it accepts, the walk over its result pushes exactly what the walk over
//! tree-sitter's syntax tree pushes (a unit test compares both on generated lines).
/// Statements separated by `;`; each is a chain of pipelines joined by `&&` or `||`; each
/// pipeline is one or more commands.
pub(super) type Line<'a> = Vec<Vec<Vec<Command<'a>>>>;

/// One simple command.
pub(super) struct Command<'a> {
    /// Leading assignments: (source text, unquoted value).
    pub(super) assignments: Vec<(&'a str, &'a str)>,
    /// Unquoted words; the first is the command name.
    pub(super) words: Vec<&'a str>,
    /// Source text from the first assignment or word to the last word.
    pub(super) text: &'a str,
}

/// Longest line, and most commands, handled here; longer ones go to tree-sitter.
const MAX_BYTES: usize = 4096;
const MAX_COMMANDS: usize = 64;

/// Words that tree-sitter-bash reads as syntax in command position.
const KEYWORDS: &[&str] = &[
    "if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while", "until", "do",
    "done", "in", "function", "declare", "typeset", "export", "readonly", "local", "unset",
    "unsetenv", "coproc", "time",
];

/// Characters of unquoted words; no quoting, expansion, glob bracket, brace, redirection,
/// comment or control character, and none that tree-sitter-bash was seen to misread
/// (`t@x`, `a%b`).
fn is_plain(b: u8) -> bool {
    b.is_ascii_alphanumeric()
        || matches!(
            b,
            b'_' | b'.' | b'/' | b':' | b'+' | b',' | b'=' | b'~' | b'*' | b'-'
        )
}

/// A command name tree-sitter-bash reads as one word: it reads `- A=1` as an assignment
/// alone and the `a:b` of `X=1 a:b` as an error.
fn is_plain_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b"_./~".contains(&b))
        && bytes.all(|b| b.is_ascii_alphanumeric() || b"_./~+-".contains(&b))
}

/// A variable name that starts with a letter (tree-sitter-bash reads `_=` as a word).
fn is_name(s: &str) -> bool {
    let mut bytes = s.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_alphabetic())
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// `NAME=` or `NAME+=` at the start of `s`: the length of that prefix.
fn assignment_prefix(s: &str) -> Option<usize> {
    let eq = s.find('=')?;
    let name = s[..eq].strip_suffix('+').unwrap_or(&s[..eq]);
    is_name(name).then_some(eq + 1)
}

enum Token<'a> {
    Word(Word<'a>),
    AndAnd,
    OrOr,
    Pipe,
    Semi,
    End,
}

struct Word<'a> {
    start: usize,
    end: usize,
    /// The unquoted value when the token is a word; None for `NAME='quoted'`, which is
    /// only an assignment.
    value: Option<&'a str>,
    /// The unquoted value of `NAME='quoted'` (plain `NAME=value` is found by `command`).
    assigned: Option<&'a str>,
    /// Unquoted plain characters (a keyword or a name with `=` is only one of those).
    plain: bool,
}

struct Scanner<'a> {
    src: &'a str,
    pos: usize,
}

impl<'a> Scanner<'a> {
    fn byte(&self, at: usize) -> Option<u8> {
        self.src.as_bytes().get(at).copied()
    }

    fn skip_blanks(&mut self) {
        while matches!(self.byte(self.pos), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    /// The end of a quoted string opened at `open`, if its content is acceptable.
    fn quoted_end(&self, open: usize) -> Option<usize> {
        let quote = self.byte(open)?;
        let rest = self.src.get(open + 1..)?;
        let len = rest.bytes().position(|b| b == quote)?;
        let inner = &rest[..len];
        let bad_control = inner
            .bytes()
            .any(|b| (b < 0x20 && b != b'\t' && b != b'\n') || b == 0x7f);
        if bad_control || (quote == b'"' && inner.bytes().any(|b| b"\\$`".contains(&b))) {
            return None;
        }
        Some(open + 1 + len + 1)
    }

    /// A token must end at a blank, an operator or the end of the line.
    fn at_boundary(&self, at: usize) -> bool {
        matches!(
            self.byte(at),
            None | Some(b' ' | b'\t' | b';' | b'&' | b'|')
        )
    }

    fn next(&mut self) -> Option<Token<'a>> {
        self.skip_blanks();
        let start = self.pos;
        let Some(b) = self.byte(start) else {
            return Some(Token::End);
        };
        let next = self.byte(start + 1);
        let (token, len) = match (b, next) {
            (b'&', Some(b'&')) => (Token::AndAnd, 2),
            (b'|', Some(b'|')) => (Token::OrOr, 2),
            (b'|', Some(b'&')) | (b'&', _) | (b';', Some(b';' | b'&')) => return None,
            (b'|', _) => (Token::Pipe, 1),
            (b';', _) => (Token::Semi, 1),
            (b'\'' | b'"', _) => {
                let end = self.quoted_end(start)?;
                let value = self.src.get(start + 1..end - 1)?;
                let word = Word {
                    start,
                    end,
                    value: Some(value),
                    assigned: None,
                    plain: false,
                };
                (Token::Word(word), end - start)
            }
            _ if is_plain(b) => {
                let mut end = start;
                while self.byte(end).is_some_and(is_plain) {
                    end += 1;
                }
                let run = self.src.get(start..end)?;
                // `x ==` ends in an error in tree-sitter-bash (a test operator), `x == y`
                // does not: leave operator-like words to it.
                if run.starts_with("==") || run.starts_with("=~") {
                    return None;
                }
                let word = match self.byte(end) {
                    // `NAME='value'`: an assignment of a quoted value.
                    Some(b'\'' | b'"') => {
                        if assignment_prefix(run) != Some(run.len()) {
                            return None;
                        }
                        let close = self.quoted_end(end)?;
                        Word {
                            start,
                            end: close,
                            value: None,
                            assigned: Some(self.src.get(end + 1..close - 1)?),
                            plain: false,
                        }
                    }
                    _ => Word {
                        start,
                        end,
                        value: Some(run),
                        assigned: None,
                        plain: true,
                    },
                };
                let len = word.end - start;
                (Token::Word(word), len)
            }
            _ => return None,
        };
        self.pos = start + len;
        if matches!(token, Token::Word(_)) && !self.at_boundary(self.pos) {
            return None;
        }
        Some(token)
    }
}

/// Split `src` if it is a plain line; None sends it to tree-sitter.
pub(super) fn parse(src: &str) -> Option<Line<'_>> {
    if src.len() > MAX_BYTES {
        return None;
    }
    let mut scanner = Scanner { src, pos: 0 };
    let mut line: Line<'_> = Vec::new();
    let mut commands = 0;
    let mut token = scanner.next()?;
    loop {
        // A statement: pipelines joined by `&&` / `||`.
        let mut chain = Vec::new();
        loop {
            let mut pipeline = Vec::new();
            loop {
                let (command, after) = command(&mut scanner, token)?;
                commands += 1;
                if commands > MAX_COMMANDS {
                    return None;
                }
                pipeline.push(command);
                token = after;
                if !matches!(token, Token::Pipe) {
                    break;
                }
                token = scanner.next()?;
            }
            chain.push(pipeline);
            if !matches!(token, Token::AndAnd | Token::OrOr) {
                break;
            }
            token = scanner.next()?;
        }
        // tree-sitter-bash reads `a | b | c && d` as `a | (b | c && d)`: a chain with a
        // pipeline of three or more commands is left to it.
        if chain.len() > 1 && chain.iter().any(|p| p.len() > 2) {
            return None;
        }
        line.push(chain);
        if matches!(token, Token::Semi) {
            token = scanner.next()?;
        }
        match token {
            Token::End => return Some(line),
            Token::Word(_) => {}
            _ => return None,
        }
    }
}

/// One command starting at `token`; returns it and the token after it.
fn command<'a>(
    scanner: &mut Scanner<'a>,
    mut token: Token<'a>,
) -> Option<(Command<'a>, Token<'a>)> {
    let mut command = Command {
        assignments: Vec::new(),
        words: Vec::new(),
        text: "",
    };
    let (mut start, mut end) = (None, 0);
    while let Token::Word(w) = token {
        start.get_or_insert(w.start);
        end = w.end;
        if command.words.is_empty() {
            let assigned = match (w.assigned, w.value) {
                (Some(value), _) => Some(value),
                (None, Some(run)) if w.plain => assignment_prefix(run).and_then(|n| run.get(n..)),
                _ => None,
            };
            if let Some(value) = assigned {
                let text = scanner.src.get(w.start..w.end)?;
                command.assignments.push((text, value));
            } else {
                let value = w.value?;
                if KEYWORDS.contains(&value) || (w.plain && !is_plain_name(value)) {
                    return None;
                }
                command.words.push(value);
            }
        } else {
            command.words.push(w.value?);
        }
        token = scanner.next()?;
    }
    if command.words.is_empty() {
        return None;
    }
    command.text = scanner.src.get(start?..end)?;
    Some((command, token))
}

/// How deep the walk over tree-sitter's tree for `line` nests, program node included:
/// `a && b && c` is `(list (list a b) c)`, a pipeline of several commands one node more.
pub(super) fn depth(line: &Line<'_>) -> u32 {
    let chains = line.iter().map(|chain| {
        let pipes = chain.iter().map(|p| if p.len() > 1 { 2 } else { 1 });
        (chain.len() - 1) + pipes.max().unwrap_or(0)
    });
    1 + chains.max().unwrap_or(0) as u32
}
