//! Input made safe for tree-sitter-bash, and heredocs rewritten as here-strings.

use tree_sitter::Node;

use super::words::node_text;

/// The input tree-sitter-bash reads: see [`terraphim_shell_vocab::bash_grammar_input`].
pub(super) fn grammar_safe(code: &str) -> std::borrow::Cow<'_, str> {
    // `<>`, which the grammar lacks, as a write of the same file (`>|`), with its descriptor.
    terraphim_shell_vocab::bash_grammar_input(code, b">|")
}

/// A redirected statement with more of the line after its heredoc, rewritten with the body as
/// a here-string: `cat <<EOF; a | b⏎body⏎EOF` -> `cat <<< 'body⏎' ; a | b`. None when nothing
/// follows the heredoc; empty when another heredoc does (not followed here).
pub(super) fn heredoc_line_as_herestring(node: Node<'_>, src: &str) -> Option<String> {
    let mut cursor = node.walk();
    let redirect = node
        .named_children(&mut cursor)
        .find(|c| c.kind() == "heredoc_redirect")?;
    let mut cur = redirect.walk();
    let start = redirect
        .named_children(&mut cur)
        .find(|p| p.kind() == "heredoc_start")?;
    let after = src.get(start.end_byte()..)?;
    let rest = after.split('\n').next().unwrap_or("");
    if rest.trim().is_empty() {
        return None;
    }
    if rest.contains("<<") {
        // Several heredocs on one line: their bodies cannot be told apart here.
        return Some(String::new());
    }
    let body = heredoc_body(redirect, src).unwrap_or_default();
    let head = src.get(node.start_byte()..redirect.start_byte())?;
    Some(format!(
        "{head} <<< '{}' {rest}",
        body.replace('\'', "'\\''")
    ))
}

/// The text-level form of [`heredoc_line_as_herestring`] for lines tree-sitter-bash cannot
/// parse: the first line with one `<<DELIM` followed by more of the line gets its body (the
/// lines up to `DELIM`) as a here-string; the lines after the body stay.
pub(super) fn heredoc_as_herestring_text(code: &str) -> Option<String> {
    let lines: Vec<&str> = code.split('\n').collect();
    for (n, line) in lines.iter().enumerate() {
        let Some(at) = line.find("<<") else { continue };
        let after = &line[at + 2..];
        if after.starts_with('<') || after.contains("<<") {
            return None;
        }
        let after = after.strip_prefix('-').unwrap_or(after);
        let word_start = after.len() - after.trim_start().len();
        let word_len = after[word_start..]
            .find(|c: char| c.is_whitespace() || ";&|<>()".contains(c))
            .unwrap_or(after.len() - word_start);
        let raw = &after[word_start..word_start + word_len];
        let delim = raw.trim_matches(['\'', '"']).trim_start_matches('\\');
        let rest = &after[word_start + word_len..];
        if delim.is_empty() || rest.trim().is_empty() {
            return None;
        }
        let end = lines[n + 1..]
            .iter()
            .position(|l| l.trim_start_matches('\t') == delim)
            .map(|p| n + 1 + p)?;
        let body = lines[n + 1..end].join("\n");
        let mut out: Vec<String> = lines[..n].iter().map(|l| (*l).to_string()).collect();
        out.push(format!(
            "{} <<< '{}' {rest}",
            &line[..at],
            body.replace('\'', "'\\''")
        ));
        out.extend(lines[end + 1..].iter().map(|l| (*l).to_string()));
        return Some(out.join("\n"));
    }
    None
}

pub(super) fn heredoc_body(node: Node<'_>, src: &str) -> Option<String> {
    let mut cursor = node.walk();
    let body = node
        .named_children(&mut cursor)
        .find(|n| n.kind() == "heredoc_body")?;
    Some(node_text(body, src).to_string())
}

/// The line with its line continuations removed, as bash reads it: a backslash before a newline
/// is deleted together with the newline wherever it is not quoted by single quotes (or `$'...'`)
/// and not in a comment, also inside a word (`git re\⏎set` is `git reset`). None when the line
/// has no continuation, or has a heredoc (whose body keeps them when its delimiter is quoted:
/// tree-sitter-bash reads those lines as before).
pub(super) fn join_continuations(code: &str) -> Option<String> {
    if !code.contains("\\\n") || code.contains("<<") {
        return None;
    }
    #[derive(PartialEq)]
    enum State {
        Plain,
        Single,
        AnsiC,
        Double,
        Comment,
    }
    let mut out = String::with_capacity(code.len());
    let mut state = State::Plain;
    let mut chars = code.chars().peekable();
    // Whether the next plain character starts a word (where `#` starts a comment).
    let mut word_start = true;
    while let Some(c) = chars.next() {
        match state {
            State::Single => {
                out.push(c);
                if c == '\'' {
                    state = State::Plain;
                }
                continue;
            }
            State::Comment => {
                out.push(c);
                if c == '\n' {
                    state = State::Plain;
                    word_start = true;
                }
                continue;
            }
            State::AnsiC => {
                out.push(c);
                if c == '\\' {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                } else if c == '\'' {
                    state = State::Plain;
                }
                continue;
            }
            State::Plain | State::Double => {}
        }
        if c == '\\' {
            match chars.next() {
                Some('\n') => {}
                Some(n) => {
                    out.push(c);
                    out.push(n);
                    word_start = false;
                }
                None => out.push(c),
            }
            continue;
        }
        out.push(c);
        if state == State::Double {
            if c == '"' {
                state = State::Plain;
            }
            continue;
        }
        match c {
            '\'' => state = State::Single,
            '"' => state = State::Double,
            '$' if chars.peek() == Some(&'\'') => {
                if let Some(q) = chars.next() {
                    out.push(q);
                }
                state = State::AnsiC;
            }
            '#' if word_start => state = State::Comment,
            _ => {}
        }
        word_start = matches!(c, ' ' | '\t' | '\n' | ';' | '&' | '|' | '(' | ')');
    }
    Some(out)
}

/// A token of a shell line, as far as [`herestring_before_redirects`] needs: its byte span and
/// whether it ends a simple command, is a redirect operator (with its text), or is a word.
#[derive(Clone, Copy, PartialEq)]
enum Token<'a> {
    Control,
    Redirect(&'a str),
    Word,
}

/// The tokens of `code` with their byte spans, or None where the line is not understood here
/// (an unclosed quote or substitution, a heredoc, a comment).
fn tokens(code: &str) -> Option<Vec<(usize, usize, Token<'_>)>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' || c == b'\t' {
            i += 1;
            continue;
        }
        if c == b'#' {
            return None;
        }
        let control: &[&[u8]] = &[
            b"&&", b"||", b"|&", b";;", b";", b"&", b"|", b"\n", b"(", b")",
        ];
        // A redirect: an optional descriptor (digits or `&`) and an operator.
        let digits = b[i..].iter().take_while(|d| d.is_ascii_digit()).count();
        let ops: &[&str] = &[
            "<<<", "&>>", ">>", ">|", ">&", "<&", "<>", "&>", "<<", ">", "<",
        ];
        if let Some(op) = ops.iter().find(|op| {
            code[i + digits..].starts_with(**op) && (digits == 0 || !op.starts_with('&'))
        }) {
            if *op == "<<" {
                return None;
            }
            let end = i + digits + op.len();
            out.push((i, end, Token::Redirect(&code[i..end])));
            i = end;
            continue;
        }
        if let Some(op) = control.iter().find(|op| b[i..].starts_with(op)) {
            out.push((i, i + op.len(), Token::Control));
            i += op.len();
            continue;
        }
        let start = i;
        i = word_end(b, i)?;
        out.push((start, i, Token::Word));
    }
    Some(out)
}

/// The end of the shell word starting at `i`: quotes, backslashes and `$(..)`/`${..}`/`` `..` ``
/// are followed; None when one is not closed.
fn word_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'\'' => i += 1 + b[i + 1..].iter().position(|&c| c == b'\'')? + 1,
            b'"' => {
                i += 1;
                loop {
                    match *b.get(i)? {
                        b'\\' => i += 2,
                        b'"' => break,
                        _ => i += 1,
                    }
                }
                i += 1;
            }
            b'`' => i += 1 + b[i + 1..].iter().position(|&c| c == b'`')? + 1,
            b'$' if matches!(b.get(i + 1), Some(b'(' | b'{')) => {
                depth += 1;
                i += 2;
            }
            b'(' | b'{' if depth > 0 => {
                depth += 1;
                i += 1;
            }
            b')' | b'}' if depth > 0 => {
                depth -= 1;
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' if depth == 0 => {
                break;
            }
            _ => i += 1,
        }
    }
    (depth == 0).then_some(i.min(b.len()))
}

/// tree-sitter-bash cannot parse a here-string after a file redirect of the same command
/// (`cat > f <<< 'x'`, also made from a heredoc line by [`heredoc_line_as_herestring`]), which
/// bash reads as it reads `cat <<< 'x' > f`: the line with each such here-string moved before
/// the command's first redirect. Only redirects of other descriptors than standard input are
/// passed over, so what each command reads and writes is unchanged. None when nothing moves
/// or the line is not understood.
pub(super) fn herestring_before_redirects(code: &str) -> Option<String> {
    let mut line = code.to_string();
    let mut moved = false;
    // One move at a time, each on the tokens of the line as it now is.
    for _ in 0..8 {
        let toks = tokens(&line)?;
        let mut first_redirect = None;
        let mut change = None;
        for (k, &(start, _, tok)) in toks.iter().enumerate() {
            match tok {
                Token::Control => first_redirect = None,
                Token::Redirect("<<<") => {
                    if let (Some(j), Some(&(_, end, Token::Word))) =
                        (first_redirect, toks.get(k + 1))
                    {
                        change = Some((j, start, end));
                        break;
                    }
                }
                Token::Redirect(op) => {
                    let fd = op.trim_end_matches(['<', '>', '&', '|']);
                    let reads = op.contains('<') || fd == "0";
                    if reads {
                        // Standard input redirected before: moving would change which wins.
                        first_redirect = None;
                    } else if first_redirect.is_none() {
                        first_redirect = Some(toks[k].0);
                    }
                }
                Token::Word => {}
            }
        }
        let Some((at, start, end)) = change else {
            break;
        };
        let herestring = line[start..end].to_string();
        line = format!(
            "{}{herestring} {}{}",
            &line[..at],
            &line[at..start],
            &line[end..]
        );
        moved = true;
    }
    moved.then_some(line)
}
