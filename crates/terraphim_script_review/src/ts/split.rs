//! Where a long script may be parsed in two parts, one on another thread.
//!
//! tree-sitter's parse and the copy of its tree are most of a review of a long script. A script
//! is a sequence of top-level statements, so the text from the start of one of them parses on
//! its own into the same nodes, shifted by its byte offset and row. A split point is the start
//! of a line near the middle that looks like the start of a top-level statement: at column 0,
//! a letter or `_`, after a line that does not continue onto it, outside a heredoc. The caller
//! keeps the parts only when neither has an error (a split inside a string, a comment or a
//! block leaves one of them broken) and parses the whole text otherwise; the tests check on
//! every fixture, at every candidate, that the joined copy is the whole text's copy.

use crate::model::Language;

/// Below this many bytes a script is parsed whole: a second thread costs more than it saves.
pub(crate) const MIN_BYTES: usize = 4096;

/// The split point of `text` nearest its middle (a byte offset at the start of a line), if any,
/// for texts of at least [`MIN_BYTES`].
pub(crate) fn point(lang: Language, text: &str) -> Option<usize> {
    if text.len() < MIN_BYTES {
        return None;
    }
    if matches!(lang, Language::JavaScript | Language::TypeScript) && js_ends_open(text) {
        // Its parts would have an error too: the whole text is parsed at once.
        return None;
    }
    if lang == Language::Python && py_ends_open(text) {
        // The same for a Python text cut short.
        return None;
    }
    let middle = text.len() / 2;
    candidates(lang, text)
        .into_iter()
        .filter(|&at| at >= text.len() / 4 && at <= text.len() - text.len() / 4)
        .min_by_key(|&at| at.abs_diff(middle))
}

/// Whether a JavaScript or TypeScript text ends inside a bracket, a string, a template or a
/// block comment, as far as a scan of its tokens tells: a script cut short in a block. Its
/// last part would have a syntax error, so splitting it would only add the parse of two parts
/// to the parse of the whole text that follows; a wrong answer costs only speed (either way
/// the tree is the whole text's when a part has an error). Only a text whose last line is
/// indented is scanned: one that ends at column 0 is taken to end at the top level.
pub(crate) fn js_ends_open(text: &str) -> bool {
    let last = text
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .rsplit('\n')
        .next()
        .unwrap_or("");
    if !last.starts_with([' ', '\t']) {
        return false;
    }
    let b = text.as_bytes();
    // Open brackets, and `$` for a template's `${`.
    let mut open: Vec<u8> = Vec::new();
    // Whether a `/` here starts a regular expression: no value before it.
    let mut regex = true;
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = find(b, i, b"\n").map_or(b.len(), |j| j + 1);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match find(b, i + 2, b"*/") {
                Some(j) => i = j + 2,
                None => return true,
            },
            b'\'' | b'"' => {
                i += 1;
                loop {
                    match b.get(i) {
                        None => return true,
                        Some(b'\\') => i += 2,
                        // A line break ends a string (an error the parser reports).
                        Some(&q) if q == c || q == b'\n' => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                regex = false;
            }
            b'`' => match template(b, i + 1, &mut open) {
                Some((j, expression)) => {
                    i = j;
                    regex = expression;
                }
                None => return true,
            },
            b'/' if regex => {
                i = regex_end(b, i + 1).unwrap_or(i + 1);
                regex = false;
            }
            b'(' | b'[' | b'{' => {
                open.push(c);
                i += 1;
                regex = true;
            }
            b')' | b']' => {
                open.pop();
                i += 1;
                regex = false;
            }
            // The end of a template's `${...}`: the template goes on.
            b'}' if open.last() == Some(&b'$') => {
                open.pop();
                match template(b, i + 1, &mut open) {
                    Some((j, expression)) => {
                        i = j;
                        regex = expression;
                    }
                    None => return true,
                }
            }
            b'}' => {
                open.pop();
                i += 1;
                regex = true;
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80 => {
                let start = i;
                while b.get(i).is_some_and(|&c| {
                    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
                }) {
                    i += 1;
                }
                regex = matches!(
                    &b[start..i],
                    b"return"
                        | b"typeof"
                        | b"case"
                        | b"do"
                        | b"else"
                        | b"in"
                        | b"of"
                        | b"new"
                        | b"delete"
                        | b"void"
                        | b"throw"
                        | b"instanceof"
                        | b"yield"
                        | b"await"
                );
            }
            _ => {
                i += 1;
                regex = true;
            }
        }
    }
    !open.is_empty()
}

/// Whether a Python text ends inside a bracket or a string, or after a line continuation, as far
/// as a scan of its tokens tells: a script cut short. As with [`js_ends_open`], a wrong answer
/// costs only speed. Only a text whose last line is indented or ends in `\`, `,` or an opening
/// bracket is scanned. (A block's header with no body at the end, `with open(p) as f:`, is no
/// error to tree-sitter.)
pub(crate) fn py_ends_open(text: &str) -> bool {
    let last_line = text
        .trim_end_matches(['\n', '\r', ' ', '\t'])
        .rsplit('\n')
        .next()
        .unwrap_or("");
    if !last_line.starts_with([' ', '\t']) && !last_line.ends_with(['\\', ',', '(', '[', '{']) {
        return false;
    }
    let b = text.as_bytes();
    let mut depth = 0usize;
    // The last byte of the last token read.
    let mut last = b'\n';
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b' ' | b'\t' | b'\r' | b'\n' | b'\x0c' => i += 1,
            b'#' => i = find(b, i, b"\n").unwrap_or(b.len()),
            // A line continuation (or a stray backslash).
            b'\\' => {
                i += 2;
                last = c;
            }
            b'\'' | b'"' => {
                let triple = b.get(i + 1) == Some(&c) && b.get(i + 2) == Some(&c);
                i += if triple { 3 } else { 1 };
                loop {
                    match b.get(i) {
                        None => return true,
                        Some(b'\\') => i += 2,
                        Some(&q)
                            if triple
                                && q == c
                                && b.get(i + 1) == Some(&c)
                                && b.get(i + 2) == Some(&c) =>
                        {
                            i += 3;
                            break;
                        }
                        // A line break ends a one-line string (an error the parser reports).
                        Some(&q) if !triple && (q == c || q == b'\n') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                last = c;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                i += 1;
                last = c;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                i += 1;
                last = c;
            }
            _ => {
                i += 1;
                last = c;
            }
        }
    }
    depth > 0 || last == b'\\'
}

/// The first index of `needle` in `b` at or after `from`.
fn find(b: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    b.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|j| from + j)
}

/// Scan a template from `i` (after its opening backquote or a `}` that ends one of its
/// expressions): the index after its closing backquote (`false`) or after a `${` (`true`, with
/// `$` pushed on `open`); None when the text ends inside it.
fn template(b: &[u8], mut i: usize, open: &mut Vec<u8>) -> Option<(usize, bool)> {
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'`' => return Some((i + 1, false)),
            b'$' if b.get(i + 1) == Some(&b'{') => {
                open.push(b'$');
                return Some((i + 2, true));
            }
            _ => i += 1,
        }
    }
}

/// The index after the closing `/` of a regular expression whose body starts at `i`; None
/// when the line ends first (it was a division).
fn regex_end(b: &[u8], mut i: usize) -> Option<usize> {
    let mut class = false;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'\n' => return None,
            b'[' => {
                class = true;
                i += 1;
            }
            b']' => {
                class = false;
                i += 1;
            }
            b'/' if !class => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// Every line start of `text` that may begin a top-level statement (see the module's doc).
pub(crate) fn candidates(lang: Language, text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    // Heredoc delimiters whose bodies are still open (shell), and whether each strips tabs.
    let mut heredocs: Vec<(&str, bool)> = Vec::new();
    // Inside a Python string in triple quotes (its quote), as far as counting them tells.
    let mut triple: Option<&str> = None;
    let mut prev: &str = "";
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let start = at;
        at += line.len();
        let body = line.trim_end_matches(['\n', '\r']);
        if let Some(&(delimiter, tabs)) = heredocs.first() {
            let l = if tabs {
                body.trim_start_matches('\t')
            } else {
                body
            };
            if l == delimiter {
                heredocs.remove(0);
            }
            // Neither a body line nor its end starts a statement; the line after may.
            prev = "";
            continue;
        }
        if start > 0 && triple.is_none() && starts_statement(lang, body, prev) {
            out.push(start);
        }
        if lang == Language::Python {
            triple = triple_quotes(body, triple);
        }
        if lang == Language::Shell && !heredoc_starts(body, &mut heredocs) {
            // A `<<` whose delimiter is not read here: no split after it.
            break;
        }
        if !body.trim().is_empty() {
            prev = body;
        }
    }
    out
}

/// Whether a Python line ends inside a string in triple quotes (and which), given whether it
/// starts inside one: the quotes are counted, escapes and comments are not read (a wrong guess
/// costs a split or offers one inside a string, whose first part then has an error).
fn triple_quotes<'a>(line: &str, mut open: Option<&'a str>) -> Option<&'a str> {
    // A line without a quote opens or closes nothing (most lines: no search for either quote).
    if !line.bytes().any(|b| b == b'"' || b == b'\'') {
        return open;
    }
    let mut rest = line;
    loop {
        let next = match open {
            Some(q) => rest.find(q).map(|i| (i, q)),
            None => ["\"\"\"", "'''"]
                .into_iter()
                .filter_map(|q| rest.find(q).map(|i| (i, q)))
                .min(),
        };
        let Some((i, q)) = next else {
            return open;
        };
        open = match open {
            Some(_) => None,
            None => Some(q),
        };
        rest = &rest[i + 3..];
    }
}

/// First words that continue a statement begun on an earlier line.
const CONTINUATIONS: &[(Language, &[&str])] = &[
    (
        Language::Python,
        &["elif", "else", "except", "finally", "case"],
    ),
    (
        Language::Shell,
        &["do", "done", "elif", "else", "esac", "fi", "in", "then"],
    ),
    (Language::JavaScript, &["catch", "else", "finally"]),
    (Language::TypeScript, &["catch", "else", "finally"]),
];

/// Whether `line` may start a top-level statement after `prev`, the last line before it that
/// is not blank (empty at the start and after a heredoc).
fn starts_statement(lang: Language, line: &str, prev: &str) -> bool {
    if !line
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
    {
        return false;
    }
    let word = line
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()
        .unwrap_or("");
    if CONTINUATIONS
        .iter()
        .any(|(l, words)| *l == lang && words.contains(&word))
    {
        return false;
    }
    let prev = prev.trim_end();
    if prev.ends_with('\\') {
        return false;
    }
    match lang {
        Language::Python => {
            !prev.starts_with('@') && !prev.ends_with([':', ',', '(', '[', '{', '=', '+', '-'])
        }
        // Automatic semicolons: only after a line that ends a statement itself.
        Language::JavaScript | Language::TypeScript => {
            prev.is_empty() || prev.ends_with([';', '}'])
        }
        Language::Shell => !prev.ends_with(['|', '&', '(', '{']),
    }
}

/// Add the delimiters of the heredocs `line` opens to `open`; false when a `<<` has no
/// delimiter this reads (arithmetic `1<<2`, a delimiter built from an expansion).
fn heredoc_starts<'a>(line: &'a str, open: &mut Vec<(&'a str, bool)>) -> bool {
    let mut rest = line;
    while let Some(i) = rest.find("<<") {
        let after = &rest[i + 2..];
        if after.starts_with('<') {
            // A here-string.
            rest = after.trim_start_matches('<');
            continue;
        }
        let tabs = after.starts_with('-');
        let word = after
            .trim_start_matches('-')
            .trim_start_matches([' ', '\t']);
        let word = word.trim_start_matches(['\'', '"', '\\']);
        let end = word
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(word.len());
        if end == 0 {
            return false;
        }
        open.push((&word[..end], tabs));
        rest = &word[end..];
    }
    true
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use super::*;

    fn grammar(lang: Language) -> tree_sitter::Language {
        match lang {
            Language::Python => tree_sitter_python::LANGUAGE.into(),
            Language::Shell => tree_sitter_bash::LANGUAGE.into(),
            Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
            Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        }
    }

    fn parse(lang: Language, src: &str) -> tree_sitter::Tree {
        let mut p = tree_sitter::Parser::new();
        p.set_language(&grammar(lang)).unwrap();
        p.parse(src, None).unwrap()
    }

    /// Split `src` at `at`: `None` when a part has an error (the caller parses the whole
    /// text then), else whether the joined copy is the copy of the whole text.
    fn joined_is_whole(lang: Language, src: &str, at: usize) -> Option<bool> {
        let whole = super::super::Tree::new(&parse(lang, src), lang);
        joined_is(lang, src, at, &whole)
    }

    fn joined_is(lang: Language, src: &str, at: usize, whole: &super::super::Tree) -> Option<bool> {
        let (a, b) = src.split_at(at);
        let (ta, tb) = (parse(lang, a), parse(lang, b));
        if ta.root_node().has_error() || tb.root_node().has_error() {
            return None;
        }
        let mut joined = super::super::Tree::new(&ta, lang);
        let rows = a.bytes().filter(|&c| c == b'\n').count() as u32;
        joined.append(super::super::Tree::new(&tb, lang), at as u32, rows);
        Some(joined.nodes == whole.nodes)
    }

    /// Each fixture of `dir` (named by its path) and, last, all of them joined ("DIR joined").
    fn fixture_texts(root: &std::path::Path, dir: &str) -> Vec<(String, String)> {
        let mut texts = Vec::new();
        let mut all = String::new();
        let mut paths: Vec<_> = fs_err::read_dir(root.join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        paths.sort();
        for path in paths {
            let text = fs_err::read_to_string(&path).unwrap();
            all.push_str(text.trim_end_matches('\n'));
            all.push('\n');
            texts.push((path.display().to_string(), text));
        }
        texts.push((format!("{dir} joined"), all));
        texts
    }

    /// Every candidate of every fixture, and of the fixtures of a language joined into one
    /// text: where both parts parse without an error, the joined copy is the whole copy.
    #[test]
    fn every_candidate_joins_to_the_whole_parse() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let (mut joined, mut refused) = (0, 0);
        for (dir, lang) in [
            ("python", Language::Python),
            ("shell", Language::Shell),
            ("javascript", Language::JavaScript),
            ("typescript", Language::TypeScript),
        ] {
            let texts = fixture_texts(&root, dir);
            for (what, text) in &texts {
                // A broken text too: a split never hides its error.
                let whole = super::super::Tree::new(&parse(lang, text), lang);
                // Of the long joined text, every fifth (each split parses it whole again).
                let step = if what.ends_with("joined") { 5 } else { 1 };
                for at in candidates(lang, text).into_iter().step_by(step) {
                    match joined_is(lang, text, at, &whole) {
                        Some(same) => {
                            assert!(same, "{what}: split at byte {at} changes the tree");
                            joined += 1;
                        }
                        None => refused += 1,
                    }
                }
            }
        }
        assert!(joined > 300, "{joined} splits compared, {refused} refused");
    }

    /// Splits that would change the tree are refused (not a candidate, or a part with an
    /// error); the others give the whole text's tree.
    #[test]
    fn splits_inside_a_statement_are_refused() {
        let cases: &[(Language, &str, &str)] = &[
            // A comment before a dedent stays in the block it follows.
            (Language::Python, "def f():\n    x = 1\n# c\n", "y = 2\n"),
            (Language::Python, "if a:\n    b()\n", "else_ = 1\n"),
            (Language::Python, "s = \"\"\"\n", "text\n\"\"\"\n"),
            (Language::Python, "x = [\n", "a,\n]\n"),
            (Language::Python, "@decorator\n", "def f():\n    pass\n"),
            (Language::Python, "x = 1 + \\\n", "y\n"),
            (Language::Python, "if a:\n    b()\n", "elif_x = 2\n"),
            (Language::Shell, "cat <<EOF\n", "rm -rf x\nEOF\n"),
            (Language::Shell, "cat <<-'END'\n\tls\n", "rm x\n\tEND\n"),
            (Language::Shell, "echo 'a\n", "b'\n"),
            (Language::Shell, "echo \"a\n", "b\"\n"),
            (Language::Shell, "f() {\n", "ls\n}\n"),
            (Language::Shell, "ls |\n", "wc\n"),
            (Language::Shell, "if true; then\n", "ls\nfi\n"),
            (Language::Shell, "x=$((1<<2))\n", "ls\n"),
            (Language::JavaScript, "const a = `\n", "b`;\n"),
            (Language::JavaScript, "/*\n", "x */\n"),
            (Language::JavaScript, "const a = b\n", "in c;\n"),
            (Language::JavaScript, "let f = g\n", "x;\n"),
            (Language::TypeScript, "const a = b\n", "as_ = c;\n"),
            (Language::TypeScript, "type T = {\n", "a: string;\n};\n"),
        ];
        for &(lang, a, b) in cases {
            let src = format!("{a}{b}");
            let at = a.len();
            let candidate = candidates(lang, &src).contains(&at);
            if candidate {
                assert_ne!(
                    joined_is_whole(lang, &src, at),
                    Some(false),
                    "{lang}: {src:?} split at {at} changes the tree"
                );
            }
        }
    }

    /// A text that `js_ends_open` says ends inside a bracket, string, template or comment has a
    /// syntax error (so parsing it whole at once gives the tree the split would have given):
    /// every fixture of JavaScript and TypeScript, and the fixtures joined, cut after every line.
    #[test]
    fn a_text_that_ends_open_has_an_error() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut predicted = 0;
        for (dir, lang) in [
            ("javascript", Language::JavaScript),
            ("typescript", Language::TypeScript),
        ] {
            let texts = fixture_texts(&root, dir);
            for (what, text) in &texts {
                let ends: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
                let step = if what.ends_with("joined") { 7 } else { 1 };
                for &end in ends.iter().step_by(step) {
                    let cut = &text[..end];
                    if js_ends_open(cut) {
                        predicted += 1;
                        assert!(
                            parse(lang, cut).root_node().has_error(),
                            "{what} cut at byte {end}: said to end open, parses clean"
                        );
                    }
                }
            }
        }
        assert!(predicted > 100, "{predicted} cuts said to end open");
    }

    /// The same for Python: a text `py_ends_open` says is cut short has a syntax error (every
    /// Python fixture, and the fixtures joined, cut after every line).
    #[test]
    fn a_python_text_that_ends_open_has_an_error() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let mut predicted = 0;
        for (what, text) in &fixture_texts(&root, "python") {
            let ends: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
            let step = if what.ends_with("joined") { 7 } else { 1 };
            for &end in ends.iter().step_by(step) {
                let cut = &text[..end];
                if py_ends_open(cut) {
                    predicted += 1;
                    assert!(
                        parse(Language::Python, cut).root_node().has_error(),
                        "{what} cut at byte {end}: said to end open, parses clean"
                    );
                }
            }
        }
        assert!(predicted > 100, "{predicted} cuts said to end open");
    }

    #[test]
    fn python_ends_open_reads_strings_brackets_and_headers() {
        let open = [
            "def main():\n    run(\n        'a',\n",
            "x = {\n    'a': 1,\n",
            "s = \"\"\"\n  text )\n",
            "cmd = ['a', \\\n",
            "for x in y:\n    s = '''a\n  b''' + (\n",
        ];
        for text in open {
            assert!(py_ends_open(text), "{text:?}");
        }
        let closed = [
            "def main():\n    run('(', \"[\")  # {\n",
            "x = {\n    'a': 1,\n}\n",
            "s = '''(\n  '''\ndef f():\n    return s\n",
            "if a:\n    b = r'\\\\'\n",
            "d = {'k': 1}\n    # not code: (\n",
            "def f():\n    if x:\n",
            // Ends at column 0 without a continuation: not scanned.
            "x = (\n1,\n2\n",
        ];
        for text in closed {
            assert!(!py_ends_open(text), "{text:?}");
        }
    }

    #[test]
    fn ends_open_reads_strings_templates_comments_and_regexes() {
        let open = [
            "if (a) {\n  f();\n",
            "f(\n  1,\n",
            "const s = `a ${b} c\n  d\n",
            "const s = `a ${f({\n  x: 1\n",
            "/* a\n  b\n",
            "x = [\n  'a', \"b\",\n",
            "if (a) {\n  const r = /[}]/g; // }\n  s = '}';\n",
        ];
        for text in open {
            assert!(js_ends_open(text), "{text:?}");
        }
        let closed = [
            "if (a) {\n  f();\n}\n",
            "main()\n  .then(f)\n  .catch(g);\n",
            "const r = /[{(]/;\n  x = a / b / c;\n",
            "const s = `${a}{`;\n  t = '{' + \"(\" + `[`;\n",
            "f(x); // {\n  /* ( */ g();\n",
            "if (a) {\n  return /{/.test(s);\n}\n  y;\n",
            // Ends at column 0: not scanned.
            "if (a) {\nf();\n",
        ];
        for text in closed {
            assert!(!js_ends_open(text), "{text:?}");
        }
    }

    #[test]
    fn heredoc_bodies_hold_no_split() {
        let src = "a=1\ncat <<EOF\nx\nEOF\nb=2\ncat <<-'X' <<Y\n\tq\n\tX\nw\nY\nc=3\n";
        let lines: Vec<&str> = candidates(Language::Shell, src)
            .into_iter()
            .map(|at| src[at..].lines().next().unwrap())
            .collect();
        assert_eq!(lines, ["cat <<EOF", "b=2", "cat <<-'X' <<Y", "c=3"]);
        // An arithmetic shift stops the search.
        assert!(candidates(Language::Shell, "x=$((1<<2))\nls\n").is_empty());
    }
}
