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

/// tree-sitter-bash negates only a simple command, a test or a subshell: `! { a; b; }` (a
/// negated group) is read as a command named `{`, so what the group runs is lost. The copy it
/// parses has a blank in place of such a `!` (a word of its own, at a command's start, before
/// `{` and a blank), at the same byte offsets. Negation changes only an exit status, never what
/// runs, so the guard's and the review's judgement of the group is the same.
pub fn negated_groups(code: std::borrow::Cow<'_, str>) -> std::borrow::Cow<'_, str> {
    if !code.contains("! ") && !code.contains("!\t") {
        return code;
    }
    let bytes = code.as_bytes();
    let blank = |b: u8| b == b' ' || b == b'\t';
    let at: Vec<usize> = (0..bytes.len())
        .filter(|&i| {
            if bytes[i] != b'!' {
                return false;
            }
            // After it: blanks, then `{` and a blank or a line end.
            let rest = &bytes[i + 1..];
            let skip = rest.iter().take_while(|&&b| blank(b)).count();
            if skip == 0
                || rest.get(skip) != Some(&b'{')
                || !rest.get(skip + 1).is_none_or(|&b| blank(b) || b == b'\n')
            {
                return false;
            }
            // Before it: the start of a command (start, a line, a list or pipeline operator,
            // an opening group, or a keyword that starts a command list).
            match bytes[..i].iter().rposition(|&b| !blank(b)) {
                None => true,
                Some(end) if b"\n;&|({".contains(&bytes[end]) => true,
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
        })
        .collect();
    if at.is_empty() {
        return code;
    }
    let mut out = bytes.to_vec();
    for i in at {
        out[i] = b' ';
    }
    match String::from_utf8(out) {
        Ok(s) => std::borrow::Cow::Owned(s),
        Err(_) => code,
    }
}

/// The copy of `code` tree-sitter-bash parses, with every mapping above applied (same shape,
/// same byte offsets): code points the scanner crashes on, read-write redirects as `rw_as`, and
/// negated groups.
pub fn bash_grammar_input<'a>(code: &'a str, rw_as: &[u8; 2]) -> std::borrow::Cow<'a, str> {
    negated_groups(read_write_redirects(bash_grammar_safe(code), rw_as))
}
