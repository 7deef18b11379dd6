//! Input made safe for the tree-sitter-bash grammar, shared by the guard and the script review.

/// The input tree-sitter-bash reads. Its scanner calls `isdigit()` on the character after `{`
/// (and after `{N..N`), which is undefined for code points above U+00FF and crashes on some
/// (tree-sitter-bash#337: `echo {` followed by U+E0100). Such a character is replaced by as many
/// DEL bytes as it has: both lexers treat every character from `~` up, DEL and all non-ASCII
/// alike (the generated lexer's word set is `'~'..=U+10FFFF`; the scanner's `isw*` calls are
/// false for all of them in the C locale), so the tree has the same shape and byte offsets,
/// and the words are still read from the original text.
pub fn bash_grammar_safe(code: &str) -> std::borrow::Cow<'_, str> {
    if code.is_ascii() || !code.contains('{') {
        return std::borrow::Cow::Borrowed(code);
    }
    let bytes = code.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'{' {
            i += 1;
            continue;
        }
        // `{`, digits, optionally `..` and digits: the scanner's isdigit() loops.
        let mut j = i + 1;
        while bytes.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if bytes.get(j) == Some(&b'.') && bytes.get(j + 1) == Some(&b'.') {
            j += 2;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
        }
        if let Some(c) = code.get(j..).and_then(|r| r.chars().next())
            && u32::from(c) > 0xFF
        {
            let buf = out.get_or_insert_with(|| bytes.to_vec());
            for b in &mut buf[j..j + c.len_utf8()] {
                *b = 0x7F;
            }
        }
        i += 1;
    }
    match out.map(String::from_utf8) {
        Some(Ok(s)) => std::borrow::Cow::Owned(s),
        _ => std::borrow::Cow::Borrowed(code),
    }
}

/// tree-sitter-bash has no read-write redirection (`exec 3<>/dev/tcp/h/p`, `<>file`) and reads
/// it as a parse error: the copy it parses has the two bytes `as_op` in its place, at the same
/// byte offsets. The script review reads it as `< ` (a read of the file), the guard as `>|` (a
/// write of it, what the file may become). `<<>` and `<>>` are left as they are.
pub fn read_write_redirects<'a>(
    code: std::borrow::Cow<'a, str>,
    as_op: &[u8; 2],
) -> std::borrow::Cow<'a, str> {
    let bytes = code.as_bytes();
    let at: Vec<usize> = (0..bytes.len().saturating_sub(1))
        .filter(|&i| {
            bytes[i] == b'<'
                && bytes[i + 1] == b'>'
                && (i == 0 || bytes[i - 1] != b'<')
                && bytes.get(i + 2) != Some(&b'>')
        })
        .collect();
    if at.is_empty() {
        return code;
    }
    let mut out = bytes.to_vec();
    for i in at {
        out[i..i + 2].copy_from_slice(as_op);
    }
    match String::from_utf8(out) {
        Ok(s) => std::borrow::Cow::Owned(s),
        Err(_) => code,
    }
}

/// tree-sitter-bash negates only a simple command, a test or a subshell, and knows neither
/// `time` nor `coproc` as keywords: `! { a; b; }`, `time { a; }`, `coproc w { a; }` and `! if`
/// are read as commands named `{` or `if`, so what the group runs is lost. The copy it parses
/// has blanks in place of such prefixes (at a command's start, before a group, a subshell or a
/// compound command), at the same byte offsets. They change an exit status, a timing report or
/// where the output goes, never what runs, so the judgement of the group is the same. Before a
/// simple command the grammar reads one prefix, so of a chain (`! ! cmd`, `time ! cmd`) all but
/// the last become blanks.
pub fn group_prefixes(code: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if !["! ", "!\t", "time", "coproc"]
        .iter()
        .any(|p| code.contains(p))
    {
        return code;
    }
    let bytes = code.as_bytes();
    let blank = |b: u8| b == b' ' || b == b'\t';
    let word_end = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|&&b| !blank(b) && !b"\n;&|(){}<>".contains(&b))
            .count()
    };
    let skip_blanks = |from: usize| from + bytes[from..].iter().take_while(|&&b| blank(b)).count();
    let mut spans: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if !matches!(bytes[i], b'!' | b't' | b'c') || !at_command_start(bytes, i) {
            i += 1;
            continue;
        }
        // The prefixes from `i`: `!`, `time [-p]`, `coproc [NAME]`, one after another.
        let mut end = i;
        let mut at = i;
        let mut last_prefix = i;
        loop {
            let w = &bytes[at..word_end(at)];
            let next = skip_blanks(at + w.len());
            let after = match w {
                b"!" => next,
                b"time" if bytes[next..].starts_with(b"-p") && word_end(next) == next + 2 => {
                    skip_blanks(next + 2)
                }
                b"time" => next,
                b"coproc" => {
                    // `coproc NAME {`: a name (a shell identifier) only before a group.
                    let name_end = word_end(next);
                    let beyond = skip_blanks(name_end);
                    let identifier = bytes[next..name_end]
                        .iter()
                        .all(|b| b.is_ascii_alphanumeric() || *b == b'_');
                    if name_end > next && identifier && bytes.get(beyond) == Some(&b'{') {
                        beyond
                    } else {
                        next
                    }
                }
                _ => break,
            };
            if after == at + w.len() {
                break;
            }
            last_prefix = at;
            end = after;
            at = after;
        }
        if end > i && starts_compound(bytes, end) {
            spans.push((i, end));
            i = end;
        } else if last_prefix > i {
            // Before a simple command tree-sitter-bash reads one prefix (`! cmd`, `time
            // cmd`); the earlier ones of a chain (`! ! cmd`, `time ! cmd`) become blanks.
            spans.push((i, last_prefix));
            i = end;
        } else {
            i += 1;
        }
    }
    if spans.is_empty() {
        return code;
    }
    let mut out = bytes.to_vec();
    for (from, to) in spans {
        for b in &mut out[from..to] {
            if !matches!(*b, b'\n') {
                *b = b' ';
            }
        }
    }
    match String::from_utf8(out) {
        Ok(s) => std::borrow::Cow::Owned(s),
        Err(_) => code,
    }
}

/// Whether `i` starts a command: after the start, a line, a list or pipeline operator, an
/// opening group, or a keyword that starts a command list.
fn at_command_start(bytes: &[u8], i: usize) -> bool {
    let blank = |b: u8| b == b' ' || b == b'\t';
    match bytes[..i].iter().rposition(|&b| !blank(b)) {
        None => true,
        Some(end) if b"\n;&|({".contains(&bytes[end]) => true,
        Some(end) if end + 1 == i => false,
        Some(end) => {
            let start = bytes[..=end]
                .iter()
                .rposition(|&b| blank(b) || b"\n;&|(){}<>".contains(&b))
                .map_or(0, |s| s + 1);
            matches!(
                &bytes[start..=end],
                b"if" | b"then" | b"else" | b"elif" | b"do" | b"while" | b"until"
            )
        }
    }
}

/// Whether a group (`{` and a blank), a subshell or a compound command starts at `at`.
fn starts_compound(bytes: &[u8], at: usize) -> bool {
    let rest = &bytes[at..];
    let keyword = |k: &[u8]| {
        rest.starts_with(k)
            && rest
                .get(k.len())
                .is_none_or(|&b| matches!(b, b' ' | b'\t' | b'\n' | b';'))
    };
    (rest.first() == Some(&b'{')
        && rest
            .get(1)
            .is_none_or(|&b| matches!(b, b' ' | b'\t' | b'\n')))
        || rest.first() == Some(&b'(')
        || ["if", "while", "until", "for", "case", "select"]
            .iter()
            .any(|k| keyword(k.as_bytes()))
}

/// In a test (`[ -d ~ ]`, `[[ ~ == "$d" ]]`) tree-sitter-bash reads a bare `~` (and `~+`,
/// `~-`) as an operator and gives a syntax error. The copy it parses has `_` in its place, a
/// word of the same length; the words are read from the original text.
pub fn test_tildes(code: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if !code.contains(" ~") || !code.contains('[') {
        return code;
    }
    let bytes = code.as_bytes();
    let ends_word = |b: Option<&u8>| b.is_none_or(|&b| matches!(b, b' ' | b'\t' | b'\n' | b';'));
    let mut out: Option<Vec<u8>> = None;
    // Whether the line so far opened a test: `[ ` or `[[ `.
    let mut in_test = false;
    for i in 0..bytes.len() {
        match bytes[i] {
            b'\n' => in_test = false,
            b'[' if bytes.get(i + 1) == Some(&b' ') => in_test = true,
            b'~' if in_test && matches!(bytes[i - 1], b' ' | b'\t') => {
                let len = if matches!(bytes.get(i + 1), Some(b'+' | b'-')) {
                    2
                } else {
                    1
                };
                if ends_word(bytes.get(i + len)) {
                    out.get_or_insert_with(|| bytes.to_vec())[i] = b'_';
                }
            }
            _ => {}
        }
    }
    match out.map(String::from_utf8) {
        Some(Ok(s)) => std::borrow::Cow::Owned(s),
        _ => code,
    }
}

/// In the operand of a parameter expansion with a default, alternative or error word
/// (`${1:?key (relative to $PREFIX)}`, `"${2:+ ($2)}"`) bash reads parentheses as plain text,
/// but tree-sitter-bash gives a syntax error when such a group holds an expansion or a `)`
/// stands alone, and the whole line becomes opaque. The copy it parses has `_` in place of
/// those parentheses, at the same byte offsets; the words are read from the original text.
/// Substitutions in the operand (`$(cmd)`, `$((n))`, `` `cmd` ``, `<(cmd)`) and extglob groups
/// (`@(a|b)`) keep their parentheses, so what they run is parsed as before.
pub fn expansion_operand_parens(code: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if !code.contains("${") || !(code.contains('(') || code.contains(')')) {
        return code;
    }
    let bytes = code.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let mut i = 0;
    while i + 1 < bytes.len() {
        if bytes[i] == b'\\' {
            i += 2;
            continue;
        }
        if bytes[i] == b'$'
            && bytes[i + 1] == b'{'
            && let Some(from) = operand_start(bytes, i + 2)
        {
            let mut spots = Vec::new();
            match operand_parens(bytes, from, &mut spots, 0) {
                Ok(end) => {
                    let buf = out.get_or_insert_with(|| bytes.to_vec());
                    for at in spots {
                        buf[at] = b'_';
                    }
                    i = end + 1;
                }
                // Every expansion that starts before the byte the reading stopped at stops
                // there too or inside it: the scan goes on from there, once over the text.
                Err(stop) => i = stop.max(i + 1),
            }
            continue;
        }
        i += 1;
    }
    match out.map(String::from_utf8) {
        Some(Ok(s)) => std::borrow::Cow::Owned(s),
        _ => code,
    }
}

/// After `${`: the byte where the operand of `NAME:-`, `NAME-`, `:+`, `+`, `:?`, `?`, `:=`,
/// `=` starts, for a NAME that is an identifier, a positional number or a special parameter.
fn operand_start(bytes: &[u8], at: usize) -> Option<usize> {
    let mut j = at;
    match bytes.get(j)? {
        b if b.is_ascii_alphabetic() || *b == b'_' => {
            while bytes
                .get(j)
                .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
            {
                j += 1;
            }
        }
        b if b.is_ascii_digit() => {
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
        }
        b'@' | b'*' | b'#' | b'?' | b'$' | b'!' | b'-' => j += 1,
        _ => return None,
    }
    if bytes.get(j) == Some(&b':') {
        j += 1;
    }
    matches!(bytes.get(j)?, b'-' | b'+' | b'?' | b'=').then_some(j + 1)
}

/// How deep expansions in an operand are followed (`${a:-${b:-(x)}}` is one level).
const MAX_OPERAND_NESTING: usize = 16;

/// From the operand's first byte to its closing `}` (returned): the plain parentheses in it
/// (pushed to `spots`). `Err` with the byte the reading stopped at when the operand holds
/// something it does not follow (a quote of its own, an unclosed substitution) or never
/// closes, or nests deeper than [`MAX_OPERAND_NESTING`]: then nothing is mapped.
fn operand_parens(
    bytes: &[u8],
    from: usize,
    spots: &mut Vec<usize>,
    depth: usize,
) -> Result<usize, usize> {
    if depth > MAX_OPERAND_NESTING {
        return Err(from);
    }
    let mut j = from;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 1,
            b'}' => return Ok(j),
            b'\'' | b'"' | b'\n' => return Err(j),
            b'`' => {
                j += 1 + bytes[j + 1..]
                    .iter()
                    .position(|&b| b == b'`')
                    .ok_or(bytes.len())?;
            }
            b'$' if bytes.get(j + 1) == Some(&b'{') => {
                j = match operand_start(bytes, j + 2) {
                    Some(f) => operand_parens(bytes, f, spots, depth + 1)?,
                    None => {
                        // `${x}`, `${#x}`, `${x%y}`: to its `}`, with no parenthesis inside.
                        let rest = bytes.get(j + 2..).unwrap_or_default();
                        let k = rest
                            .iter()
                            .position(|&b| b"}()'\"`$\\\n".contains(&b))
                            .ok_or(bytes.len())?;
                        if rest[k] != b'}' {
                            return Err(j + 2 + k);
                        }
                        j + 2 + k
                    }
                };
            }
            b'(' if j > from && b"$<>@!+*?".contains(&bytes[j - 1]) => {
                j = substitution_end(bytes, j)?;
            }
            b'(' | b')' => spots.push(j),
            _ => {}
        }
        j += 1;
    }
    Err(bytes.len())
}

/// The `)` closing the `(` at `open`, counting nested parentheses; `Err` with the byte where
/// a quote or a backquote comes first (such a substitution is left to the grammar), or the
/// end when it never closes.
fn substitution_end(bytes: &[u8], open: usize) -> Result<usize, usize> {
    let mut depth = 0usize;
    let mut j = open;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 1,
            b'\'' | b'"' | b'`' => return Err(j),
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(j);
                }
            }
            _ => {}
        }
        j += 1;
    }
    Err(bytes.len())
}

/// The copy of `code` tree-sitter-bash parses, with every mapping above applied (same shape,
/// same byte offsets): code points the scanner crashes on, read-write redirects as `rw_as`, and
/// prefixes of groups and compound commands, bare tildes in tests, and plain parentheses in
/// the operand of a parameter expansion.
pub fn bash_grammar_input<'a>(code: &'a str, rw_as: &[u8; 2]) -> std::borrow::Cow<'a, str> {
    expansion_operand_parens(test_tildes(group_prefixes(read_write_redirects(
        bash_grammar_safe(code),
        rw_as,
    ))))
}

/// The commands of the backquoted (`` `cmd` ``) and `$(cmd)` substitutions written in `text`,
/// quotes or not: tree-sitter-bash reads the operand of `${x:-WORD}` with them as a plain word
/// (or `'$(cmd)'` as a single-quoted string, which inside double quotes bash expands).
pub fn substituted_code(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'`' => {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j] != b'`' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                if let Some(code) = text.get(start..j.min(b.len())) {
                    out.push(code);
                }
                i = j + 1;
            }
            b'$' if b.get(i + 1) == Some(&b'(') && b.get(i + 2) != Some(&b'(') => {
                let start = i + 2;
                let mut open = 1;
                let mut j = start;
                while j < b.len() {
                    match b[j] {
                        b'\\' => j += 1,
                        b'(' => open += 1,
                        b')' => {
                            open -= 1;
                            if open == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                if let Some(code) = text.get(start..j.min(b.len())) {
                    out.push(code);
                }
                i = j + 1;
            }
            _ => i += 1,
        }
    }
    out
}
