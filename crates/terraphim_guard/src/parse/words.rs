//! Word values from the syntax tree: unquoting, unescaping (`$'...'` too), assignments and
//! redirection targets.

use terraphim_shell_vocab::unescape_ansi_c;
use tree_sitter::Node;

/// Whether a word has the shape of a shell assignment: `NAME=...` or `NAME+=...`.
pub(super) fn is_assignment_word(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let name = name.strip_suffix('+').unwrap_or(name);
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The variable of an assignment's source text: `FOO` in `FOO=1` and `FOO+=1`.
pub(super) fn assignment_variable(text: &str) -> &str {
    text.split_once('=')
        .map(|(n, _)| n)
        .unwrap_or(text)
        .trim_end_matches('+')
}

pub(super) fn node_text<'a>(node: Node<'_>, src: &'a str) -> &'a str {
    src.get(node.byte_range()).unwrap_or("")
}

pub(super) fn assignment_name(node: Node<'_>, src: &str) -> String {
    let text = node_text(node, src);
    match text.split_once('=') {
        Some((name, _)) => format!("{name}="),
        None => text.to_string(),
    }
}

/// The unquoted value of a word-like node, and whether it contains an expansion whose value is
/// unknown until run time.
pub(super) fn word_value(node: Node<'_>, src: &str) -> (String, bool) {
    let mut out = String::new();
    let dynamic = append_value(node, src, &mut out);
    (out, dynamic)
}

pub(super) fn append_value(node: Node<'_>, src: &str, out: &mut String) -> bool {
    let text = node_text(node, src);
    match node.kind() {
        "word" | "number" | "command_name" if node.named_child_count() == 0 => {
            push_unescaped(text, out);
            false
        }
        "raw_string" => {
            out.push_str(
                text.strip_prefix('\'')
                    .and_then(|t| t.strip_suffix('\''))
                    .unwrap_or(text),
            );
            false
        }
        "ansi_c_string" => {
            let inner = text
                .strip_prefix("$'")
                .and_then(|t| t.strip_suffix('\''))
                .unwrap_or(text);
            out.push_str(&unescape_ansi_c(inner));
            false
        }
        "string" => {
            // Double quotes: literal parts, escapes and embedded expansions, in order.
            let inner_start = node.start_byte() + 1;
            let inner_end = node.end_byte().saturating_sub(1).max(inner_start);
            let mut pos = inner_start;
            let mut dynamic = false;
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                if child.start_byte() > pos {
                    push_dquote_unescaped(src.get(pos..child.start_byte()).unwrap_or(""), out);
                }
                if child.kind() == "string_content" {
                    push_dquote_unescaped(node_text(child, src), out);
                } else {
                    dynamic |= append_value(child, src, out);
                }
                pos = child.end_byte();
            }
            if inner_end > pos {
                push_dquote_unescaped(src.get(pos..inner_end).unwrap_or(""), out);
            }
            dynamic
        }
        "simple_expansion" | "expansion" => {
            let name = text
                .trim_start_matches('$')
                .trim_start_matches('{')
                .trim_end_matches('}');
            // `${X}srv` keeps its braces: `$Xsrv` would name another variable.
            let name_goes_on = src
                .get(node.end_byte()..)
                .and_then(|rest| rest.chars().next())
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
            if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !name_goes_on {
                out.push('$');
                out.push_str(name);
            } else if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push_str("${");
                out.push_str(name);
                out.push('}');
            } else {
                out.push_str(text);
            }
            true
        }
        "command_substitution" | "process_substitution" | "arithmetic_expansion" => {
            out.push_str(text);
            true
        }
        "concatenation" | "command_name" => {
            let mut dynamic = false;
            let mut pos = node.start_byte();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                if child.start_byte() > pos {
                    push_unescaped(src.get(pos..child.start_byte()).unwrap_or(""), out);
                }
                dynamic |= append_value(child, src, out);
                pos = child.end_byte();
            }
            if node.end_byte() > pos {
                push_unescaped(src.get(pos..node.end_byte()).unwrap_or(""), out);
            }
            dynamic
        }
        _ if node.named_child_count() == 0 => {
            push_unescaped(text, out);
            false
        }
        _ => {
            out.push_str(text);
            true
        }
    }
}

/// Whether a word evaluates a variable's value as code: arithmetic that names a variable
/// (`$((x+1))`, `$(( $n * 2 ))`) or an indirect expansion (`${!ref}`). Bash evaluates such a value
/// as an arithmetic expression, where an array subscript (`a[$(cmd)]`) runs its command
/// substitution. Literal arithmetic (`$((2*3))`), plain expansions and the name and key lists
/// `${!prefix*}` and `${!array[@]}` evaluate nothing. Command substitutions inside are their own
/// commands and are not looked into.
pub(super) fn evaluates_variable(node: Node<'_>, src: &str) -> bool {
    match node.kind() {
        "command_substitution" | "process_substitution" => false,
        "arithmetic_expansion" => names_a_variable(node_text(node, src)),
        "expansion" if is_indirect(node_text(node, src)) => true,
        _ => {
            let mut cursor = node.walk();
            node.named_children(&mut cursor)
                .any(|child| evaluates_variable(child, src))
        }
    }
}

/// `${!name}` and its operator forms (`${!name:-x}`), not `${!prefix*}`, `${!prefix@}` or
/// `${!array[@]}`.
fn is_indirect(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("${!") else {
        return false;
    };
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_len > 0 && !matches!(rest[name_len..].chars().next(), Some('*' | '@' | '['))
}

/// Whether arithmetic text names a variable: a run of word characters that starts with a letter
/// or `_` (numbers such as `0x1f` and `16#ff` start with a digit).
fn names_a_variable(text: &str) -> bool {
    let inner = text
        .strip_prefix("$((")
        .and_then(|t| t.strip_suffix("))"))
        .unwrap_or(text);
    let mut at_start = true;
    for c in inner.chars() {
        let word = c.is_ascii_alphanumeric() || c == '_' || c == '#';
        if word && at_start && (c.is_ascii_alphabetic() || c == '_') {
            return true;
        }
        at_start = !word;
    }
    false
}

/// Unquoted word text: a backslash escapes the next character.
pub(super) fn push_unescaped(text: &str, out: &mut String) {
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') | None => {}
                Some(n) => out.push(n),
            }
        } else if c == '\'' || c == '"' {
            // Quote characters left in an unparsed fragment are removed, as the shell would.
        } else {
            out.push(c);
        }
    }
}

/// Inside double quotes a backslash escapes only `$`, backquote, `"`, `\` and newline.
pub(super) fn push_dquote_unescaped(text: &str, out: &mut String) {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('$' | '`' | '"' | '\\') => {
                    if let Some(n) = chars.next() {
                        out.push(n);
                    }
                }
                Some('\n') => {
                    chars.next();
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
}

/// The target of a file redirect: its `destination` field, or its last named child.
fn redirect_destination(node: Node<'_>) -> Option<Node<'_>> {
    let mut cursor = node.walk();
    node.child_by_field_name("destination")
        .or_else(|| node.named_children(&mut cursor).last())
}

/// The target of an output redirection (`>`, `>>`, `&>`, `>|`, `2>`), or None for input
/// redirections and descriptor duplications (`2>&1`).
pub(super) fn output_target(node: Node<'_>, src: &str) -> Option<String> {
    let text = node_text(node, src);
    let dest = redirect_destination(node)?;
    let op_text = src.get(node.start_byte()..dest.start_byte()).unwrap_or("");
    if !op_text.contains('>') {
        return None;
    }
    let target = word_value(dest, src).0;
    // `2>&1`, `>&-`: a descriptor duplication, not a file. `>& FILE` is a file.
    if op_text.contains(">&")
        && !text.contains("&>")
        && (target == "-" || target.chars().all(|c| c.is_ascii_digit()))
    {
        return None;
    }
    Some(target)
}

/// Whether a redirect connects a standard stream to a network socket: its target is a bash
/// socket path (`/dev/tcp/HOST/PORT`, `/dev/udp/HOST/PORT`) and it names no descriptor (then
/// it is stdin or stdout, or both streams for `&>`) or one below 3.
pub(super) fn socket_on_standard_stream(node: Node<'_>, src: &str) -> bool {
    let Some(dest) = redirect_destination(node) else {
        return false;
    };
    let target = word_value(dest, src).0;
    if !(target.starts_with("/dev/tcp/") || target.starts_with("/dev/udp/")) {
        return false;
    }
    let op_text = src.get(node.start_byte()..dest.start_byte()).unwrap_or("");
    let digits: String = op_text
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse::<u32>().is_ok_and(|fd| fd < 3) || digits.is_empty()
}

/// Whether an output redirect appends (`>> FILE`, `2>> FILE`, `&>> FILE`) rather than
/// truncating its target.
pub(super) fn is_append(node: Node<'_>, src: &str) -> bool {
    let Some(dest) = redirect_destination(node) else {
        return false;
    };
    src.get(node.start_byte()..dest.start_byte())
        .is_some_and(|op| op.contains(">>"))
}

/// The file an input redirect reads (`< FILE`, `0< FILE`); not `<&`, `<>` or an output.
pub(super) fn input_source(node: Node<'_>, src: &str) -> Option<String> {
    let dest = redirect_destination(node)?;
    let op_text = src.get(node.start_byte()..dest.start_byte()).unwrap_or("");
    let op = op_text
        .trim()
        .trim_start_matches(|c: char| c.is_ascii_digit());
    (op == "<").then(|| word_value(dest, src).0)
}

/// The code of a process substitution an input redirect reads (`< <(curl URL)`): what it
/// writes is the command's standard input, as the first stage of a pipeline's is.
pub(super) fn input_substitution<'s>(node: Node<'_>, src: &'s str) -> Option<&'s str> {
    let dest = redirect_destination(node)?;
    input_source(node, src)?;
    if dest.kind() != "process_substitution" {
        return None;
    }
    node_text(dest, src).strip_prefix("<(")?.strip_suffix(')')
}

/// The words tree-sitter-bash puts in a file redirect after its target: its grammar reads
/// `>/dev/null reset --hard` as one redirect with three destinations, bash as a redirect to
/// `/dev/null` and two arguments of the command.
/// A number written against the next redirect (`0` of `>& /dev/tcp/h/1 0>&1`) is that
/// redirect's descriptor, which the grammar also reads as a destination: it is no argument.
pub(super) fn redirect_trailing_words<'t>(node: Node<'t>, src: &str) -> Vec<Node<'t>> {
    let mut cursor = node.walk();
    node.children_by_field_name("destination", &mut cursor)
        .skip(1)
        .filter(|w| {
            let descriptor = node_text(*w, src).bytes().all(|b| b.is_ascii_digit())
                && src
                    .get(w.end_byte()..)
                    .is_some_and(|rest| rest.starts_with(['>', '<']));
            !descriptor
        })
        .collect()
}
