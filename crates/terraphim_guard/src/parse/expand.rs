//! Expansions whose value the line itself spells: a variable assigned a literal earlier on the
//! same line (`D=~; rm -rf $D`, `for d in ~/a ~/b; do rm -rf $d; done`) and a command
//! substitution whose output is literal text, also through decoders (`$(echo B64 | base64 -d)`,
//! `$(printf 'rm')`). A command with such words is judged a second time with them put in place,
//! besides the original (whose expansions keep it out of the allow tier): the expansion can only
//! make a decision stricter, never looser, so a guess about which value bash uses is safe.

use crate::canon;

use terraphim_shell_vocab::decode::Decoder;

use super::hidden::literal_output;
use super::walker::{Ctx, Walker};

/// Most values one variable stands for (a `for` loop's words), and most expanded forms of one
/// command judged.
const MAX_VALUES: usize = 16;
const MAX_FORMS: usize = 16;
/// Longest value kept for a variable or a substitution's output.
const MAX_VALUE_BYTES: usize = 8192;
/// The value of `IFS` in a shell that has not set it.
const DEFAULT_IFS: &str = " \t\n";

impl Walker {
    /// Record what the line assigns to `name`: its literal values, or nothing known (a value
    /// only known at run time).
    pub(super) fn set_var(&mut self, name: &str, values: Option<Vec<String>>) {
        self.vars.retain(|(n, _)| n != name);
        if let Some(mut values) = values {
            values.retain(|v| v.len() <= MAX_VALUE_BYTES);
            values.truncate(MAX_VALUES);
            if !values.is_empty() {
                self.vars.push((name.to_string(), values));
            }
        }
    }

    /// The literal values a word written with expansions can have, from what the line assigned
    /// and from substitutions with literal output; `None` when an expansion in it is unknown.
    pub(super) fn literal_values(&mut self, word: &str, depth: u32) -> Option<Vec<String>> {
        let mut forms = vec![String::new()];
        let mut rest = word;
        while !rest.is_empty() {
            let (values, used): (Vec<String>, usize) = if let Some(after) = rest.strip_prefix("$(")
            {
                let end = closing_paren(after)?;
                let output = self.substitution_output(&after[..end], depth)?;
                (vec![output], 2 + end + 1)
            } else if let Some(after) = rest.strip_prefix('`') {
                let end = after.find('`')?;
                let output = self.substitution_output(&after[..end], depth)?;
                (vec![output], 1 + end + 1)
            } else if let Some(after) = rest.strip_prefix('$') {
                let braced = after.strip_prefix('{');
                let body = braced.unwrap_or(after);
                // `$@`, `$*`: the positional parameters (a function's arguments).
                let len = if body.starts_with(['@', '*']) {
                    1
                } else {
                    body.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(body.len())
                };
                if len == 0 {
                    return None;
                }
                let name = &body[..len];
                // `${NAME<op><word>}`: the operator and its word, up to the matching brace.
                let (op, arg, used, element) = if braced.is_some() {
                    let close = matching_brace(&body[len..])?;
                    let tail = &body[len..len + close];
                    // `${X[@]}`, `${X[*]}`: every word of an array (kept joined by blanks).
                    let tail = tail
                        .strip_prefix("[@]")
                        .or_else(|| tail.strip_prefix("[*]"))
                        .unwrap_or(tail);
                    // `${X[N]}`: one element. Arrays are kept as blank-joined words, which no
                    // longer say where an element ends, so each word is a possible value.
                    let element = tail
                        .strip_prefix('[')
                        .and_then(|t| t.split_once(']'))
                        .filter(|(i, _)| !i.is_empty() && !i.contains(['$', '`', '(']))
                        .map(|(_, after)| after);
                    let (tail, element) = match element {
                        Some(after) => (after, true),
                        None => (tail, false),
                    };
                    let op_len = [":-", ":=", ":?", "%%", "##", "-", "=", "?", "%", "#"]
                        .iter()
                        .find(|o| tail.starts_with(**o))
                        .map_or(0, |o| o.len());
                    if op_len == 0 && !tail.is_empty() {
                        return None;
                    }
                    (
                        &tail[..op_len],
                        &tail[op_len..],
                        2 + len + close + 1,
                        element,
                    )
                } else {
                    ("", "", 1 + len, false)
                };
                let known = self
                    .vars
                    .iter()
                    .rev()
                    .find(|(n, _)| n == name)
                    .map(|(_, v)| v.clone())
                    .map(|vs| {
                        if !element {
                            return vs;
                        }
                        let mut words: Vec<String> = vs
                            .iter()
                            .flat_map(|v| v.split_whitespace().map(str::to_string))
                            .collect();
                        words.truncate(MAX_VALUES);
                        words
                    });
                let values = match op {
                    // `${NAME:-word}`, `${NAME:=word}` (and without the colon): the
                    // variable's value, or the default, itself expanded (`${T:-$HOME}`); both
                    // are judged: a guess can only make the decision stricter.
                    ":-" | "-" | ":=" | "=" => {
                        let mut values = known.unwrap_or_default();
                        values.extend(self.literal_values(arg, depth)?);
                        values.truncate(MAX_VALUES);
                        values
                    }
                    // `${NAME:?message}`: the value, or bash stops with the message.
                    "" | ":?" | "?" => known
                        // `IFS` the line did not set holds bash's default, blanks that split
                        // the word they are spliced into (`rm${IFS}-rf${IFS}/srv`).
                        .or_else(|| (name == "IFS").then(|| vec![DEFAULT_IFS.to_string()]))
                        // `HOME` the line did not set stands for the home, which the guard
                        // reads `$HOME` as wherever it is spliced (`c="rm_-rf_$HOME"`).
                        .or_else(|| (name == "HOME").then(|| vec!["$HOME".to_string()]))
                        // `PWD` the line did not set is the working directory (`"$PWD/.."`).
                        .or_else(|| (name == "PWD").then(|| vec![".".to_string()]))?,
                    // `${NAME%pattern}`, `${NAME#pattern}`: the value trimmed by a literal
                    // pattern, or by `/*` (the last path component: `${P%/*}`).
                    _ => {
                        let base = known
                            .or_else(|| (name == "HOME").then(|| vec!["$HOME".to_string()]))
                            .or_else(|| (name == "PWD").then(|| vec![".".to_string()]))?;
                        base.iter()
                            .map(|v| trim_value(v, op, arg))
                            .collect::<Option<Vec<_>>>()?
                    }
                };
                (values, used)
            } else {
                let len = rest.find(['$', '`']).unwrap_or(rest.len());
                (vec![rest[..len].to_string()], len)
            };
            let mut next = Vec::new();
            for form in &forms {
                for v in &values {
                    if next.len() < MAX_FORMS {
                        next.push(format!("{form}{v}"));
                    }
                }
            }
            forms = next;
            rest = rest.get(used..).unwrap_or("");
        }
        Some(forms)
    }

    /// The text a command substitution's code prints when it is literal: one command or
    /// pipeline whose last stage prints literal text (`echo`, `printf`, `cat <<EOF`) or decodes
    /// literal text (`base64 -d`, `xxd -r -p`, `rev`). Trailing newlines are removed, as bash
    /// removes them.
    fn substitution_output(&mut self, code: &str, depth: u32) -> Option<String> {
        if depth >= super::walker::MAX_DEPTH {
            return None;
        }
        // Most substitutions run no printer or decoder (`$(git rev-parse HEAD)`, `$(mktemp -d)`):
        // their output is known to be unknown without parsing their code.
        // (`$(git rev-parse --show-toplevel)` prints the project's directory: see below.)
        if !may_print_literal(code)
            && !code.contains("--show-toplevel")
            && !code.trim_start().starts_with("ls ")
            && prefilter_on()
        {
            return None;
        }
        let mut sub = Walker {
            next_pipeline: 0,
            nodes_deep: self.nodes_deep,
            plain: self.plain,
            out: Default::default(),
            written: Vec::new(),
            wrote_build_input: false,
            wrote_runner_source: false,
            vars: Vec::new(),
            var_flows: Vec::new(),
            next_flow: 0,
            option_depth: 0,
            inherited: Vec::new(),
            exported: Vec::new(),
            functions: self.functions.clone(),
        };
        sub.parse_code(code, depth + 1, &[]);
        if !sub.out.findings.is_empty() {
            return None;
        }
        let top: Vec<_> = sub
            .out
            .commands
            .iter()
            .filter(|c| c.layers.is_empty())
            .collect();
        let last = top.last()?;
        // `$(pwd)` prints the working directory (`.` to the guard, as `$PWD` is), and
        // `$(dirname P)` the directory above P: `$(dirname "$(pwd)")` is `..`.
        if top.len() == 1 && last.pipeline.is_none() {
            match canon::command_basename(&last.argv[0]) {
                "pwd" if last.argv[1..].iter().all(|a| a == "-L" || a == "-P") => {
                    return Some(".".to_string());
                }
                // The repository's top directory: the project, which the guard places at the
                // working directory (`"$(git rev-parse --show-toplevel)/.."` is its parent).
                "git" if last.argv[1..] == ["rev-parse", "--show-toplevel"] => {
                    return Some(".".to_string());
                }
                // `$(ls -d ../*/)` prints the paths its operands name, one a line: the
                // operands, globs included, are its output as the guard places paths.
                "ls" if lists_operands(&last.argv[1..]) => {
                    return Some(
                        last.argv[1..]
                            .iter()
                            .filter(|a| !a.starts_with('-'))
                            .cloned()
                            .collect::<Vec<_>>()
                            .join("\n"),
                    );
                }
                "dirname" if last.argv.len() == 2 && !last.argv[1].starts_with('-') => {
                    let arg = last.argv[1].clone();
                    let mut values = self.literal_values(&arg, depth + 1)?;
                    return (values.len() == 1).then(|| parent_dir(&values.remove(0)));
                }
                _ => {}
            }
        }
        if top
            .iter()
            .any(|c| c.argv.iter().any(|a| canon::is_dynamic(a)) || !c.findings.is_empty())
        {
            return None;
        }
        let output = match last.pipeline {
            Some((id, stage)) => {
                if top.iter().any(|c| c.pipeline.is_none_or(|(p, _)| p != id)) {
                    return None;
                }
                let mut outs = sub.stage_output(id, stage, 0);
                if outs.len() != 1 {
                    return None;
                }
                outs.pop()?
            }
            None if top.len() == 1 => match literal_output(last) {
                Some(text) => text,
                // `$(rev <<< TEXT)`: a decoder of its own here-string.
                None => Decoder::of(&last.argv)?.apply(last.stdin_text.as_deref()?)?,
            },
            None => return None,
        };
        let output = output.trim_end_matches('\n').to_string();
        (output.len() <= MAX_VALUE_BYTES).then_some(output)
    }

    /// Judge `argv` again with the expansions the line spells put in place, when it has any:
    /// each form once, under an `expanded` layer. A value with blanks (or characters of an
    /// `IFS` the line set) is also judged split into words, as bash splits an unquoted
    /// expansion.
    pub(super) fn expanded_forms(
        &mut self,
        argv: &[String],
        dynamic: &[bool],
        text: &str,
        ctx: &Ctx,
        depth: u32,
    ) {
        let dynamic_redirect = |r: &String| canon::is_dynamic(r);
        if ctx.expanded
            || !(dynamic.iter().any(|d| *d) || ctx.redirects.iter().any(dynamic_redirect))
        {
            return;
        }
        // Redirect targets spelt by known expansions (`: > $f`), each set of them once.
        let mut redirect_sets: Vec<Vec<String>> = vec![Vec::new()];
        let mut changed = false;
        for r in &ctx.redirects {
            let values = if dynamic_redirect(r) {
                self.literal_values(r, depth)
            } else {
                None
            };
            changed |= values.is_some();
            let values = values.unwrap_or_else(|| vec![r.clone()]);
            redirect_sets = product(&redirect_sets, &values);
        }
        // Each word's values: (value, whether it came from an expansion, still dynamic).
        let mut forms: Vec<Vec<(String, bool, bool)>> = vec![Vec::new()];
        for (word, &dyn_word) in argv.iter().zip(dynamic) {
            let values = if dyn_word {
                self.literal_values(word, depth)
            } else {
                None
            };
            let values: Vec<(String, bool, bool)> = match values {
                Some(v) => {
                    changed = true;
                    v.into_iter().map(|v| (v, true, false)).collect()
                }
                None => vec![(word.clone(), false, dyn_word)],
            };
            forms = product(&forms, &values);
        }
        if !changed {
            return;
        }
        // Bash splits an unquoted expansion at the characters of `IFS` (blanks by default).
        let ifs: Vec<char> = self
            .vars
            .iter()
            .rev()
            .find(|(n, _)| n == "IFS")
            .and_then(|(_, v)| v.first())
            .map(|v| v.chars().collect())
            .unwrap_or_default();
        let splits = |c: char| c.is_whitespace() || ifs.contains(&c);
        let mut argvs: Vec<(Vec<String>, Vec<bool>)> = Vec::new();
        for form in &forms {
            argvs.push(form.iter().map(|(w, _, d)| (w.clone(), *d)).unzip());
            if form.iter().any(|(w, from, _)| *from && w.contains(splits)) {
                let mut words = Vec::new();
                let mut dyns = Vec::new();
                for (w, from, d) in form {
                    if *from {
                        for part in w.split(splits).filter(|p| !p.is_empty()) {
                            words.push(part.to_string());
                            dyns.push(false);
                        }
                    } else {
                        words.push(w.clone());
                        dyns.push(*d);
                    }
                }
                argvs.push((words, dyns));
            }
        }
        let mut c = ctx.clone();
        c.expanded = true;
        c.layers.push("expanded".into());
        let mut judged = 0;
        for redirects in &redirect_sets {
            c.redirects.clone_from(redirects);
            for (words, dyn_words) in &argvs {
                if !words.is_empty() && judged < MAX_FORMS * 2 {
                    judged += 1;
                    self.unwrap(
                        words.clone(),
                        dyn_words.clone(),
                        text.to_string(),
                        &c,
                        depth,
                    );
                }
            }
        }
    }
}

impl Walker {
    /// Judge `argv` again with its unquoted brace expressions expanded into the words bash
    /// makes of them (`{rm,-rf,~}` runs `rm -rf ~`), under an `expanded` layer; the command
    /// as written (an unknown name) stays judged too, so this can only make it stricter.
    pub(super) fn brace_form(
        &mut self,
        argv: &[String],
        dynamic: &[bool],
        braced: &[usize],
        text: &str,
        ctx: &Ctx,
        depth: u32,
    ) {
        if ctx.expanded {
            return;
        }
        let mut words = Vec::with_capacity(argv.len());
        let mut dyns = Vec::with_capacity(argv.len());
        let mut changed = false;
        for (i, (word, &dyn_word)) in argv.iter().zip(dynamic).enumerate() {
            match braced.contains(&i).then(|| brace_words(word)).flatten() {
                Some(expanded) => {
                    changed = true;
                    // An empty word of the expansion is dropped, as bash drops it.
                    for w in expanded.into_iter().filter(|w| !w.is_empty()) {
                        dyns.push(canon::is_dynamic(&w));
                        words.push(w);
                    }
                }
                None => {
                    words.push(word.clone());
                    dyns.push(dyn_word);
                }
            }
        }
        if !changed || words.is_empty() {
            return;
        }
        let mut c = ctx.clone();
        c.expanded = true;
        c.layers.push("expanded".into());
        self.unwrap(words, dyns, text.to_string(), &c, depth);
    }
}

/// The programs whose output [`Walker::substitution_output`] reads as literal text: the
/// printers of `literal_output` and the decoders of [`Decoder::of`] (their names as the last
/// part of the command word, see `canon::command_basename`).
pub(super) const LITERAL_PRINTERS: &[&str] = &[
    "echo", "printf", "cat", "base64", "openssl", "xxd", "rev", "tr", "pwd", "dirname",
];

/// Whether a substitution's `code` may print literal text: some command of it may be one of
/// [`LITERAL_PRINTERS`]. `false` only when none can be: the name of each printer must then be
/// spelt in the code, once quotes, backslashes and line continuations (which bash removes from
/// a word) are taken out, as a whole command word or the last `/` part of one. Code with
/// `$'...'`/`$"..."` (bash decodes escapes there) or with characters beyond ASCII is always
/// parsed. (A name spelt by a variable or a decoder is a word with an expansion, or needs a
/// printer or decoder of its own: either way no literal output without one spelt here.)
/// Whether `ls ARGS` prints just the paths its operands name: `-d` (directories as
/// themselves, not their entries) with only `-1`, `-a`, `-A` besides, and literal operands.
fn lists_operands(args: &[String]) -> bool {
    let flags: Vec<&String> = args.iter().filter(|a| a.starts_with('-')).collect();
    flags.iter().any(|f| f.contains('d'))
        && flags.iter().all(|f| {
            !f.starts_with("--") && f[1..].chars().all(|c| matches!(c, 'd' | '1' | 'a' | 'A'))
        })
        && args.iter().any(|a| !a.starts_with('-'))
        && args.iter().all(|a| !canon::is_dynamic(a))
}

pub(super) fn may_print_literal(code: &str) -> bool {
    if !code.is_ascii() || code.contains("$'") || code.contains("$\"") {
        return true;
    }
    let bytes = code.as_bytes();
    // The code without them, and where something was taken out before each byte (tree-sitter
    // may end a word at a quote: there a name may start or end).
    let mut squeezed = Vec::with_capacity(bytes.len());
    let mut cut = Vec::with_capacity(bytes.len() + 1);
    let mut taken = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => {
                i += 1;
                taken = true;
            }
            b'\\' | b'\'' | b'"' => taken = true,
            b => {
                squeezed.push(b);
                cut.push(std::mem::take(&mut taken));
            }
        }
        i += 1;
    }
    cut.push(taken);
    // Characters that continue a command word on either side of a name (`rev-parse`,
    // `concat`, `my_echo`, `cat.sh`); a `/` after it too (the name is the last part).
    let word = |b: u8| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-' | b':');
    LITERAL_PRINTERS.iter().any(|name| {
        let name = name.as_bytes();
        squeezed.windows(name.len()).enumerate().any(|(at, w)| {
            let end = at + name.len();
            // (The first bytes first: comparing whole windows calls `memcmp` at every byte
            // of the code, for every name.)
            w.first() == name.first()
                && w == name
                && (at == 0 || cut[at] || !word(squeezed[at - 1]))
                && (cut[end] || squeezed.get(end).is_none_or(|&b| !word(b) && b != b'/'))
        })
    })
}

#[cfg(test)]
thread_local! {
    /// Tests turn [`may_print_literal`]'s shortcut off to show it changes no parse.
    pub(super) static NO_PREFILTER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether [`may_print_literal`] may skip the parse of a substitution's code.
/// What `dirname PATH` prints, with a path that ends in `.`, `..` or the home climbing one
/// more level (`.` is `..`, `$HOME` is `$HOME/..`).
fn parent_dir(path: &str) -> String {
    let path = path.trim_end_matches('/');
    if path.is_empty() {
        return "/".to_string();
    }
    let last = path.rsplit('/').next().unwrap_or(path);
    if matches!(last, "." | ".." | "~" | "$HOME" | "${HOME}") {
        return if path == "." {
            "..".to_string()
        } else {
            format!("{path}/..")
        };
    }
    match path.rsplit_once('/') {
        Some(("", _)) => "/".to_string(),
        Some((parent, _)) => parent.to_string(),
        None => ".".to_string(),
    }
}

/// The byte index, in `text` (what follows `${NAME`), of the `}` closing the expansion, past
/// nested `${...}` and quotes.
fn matching_brace(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut prev = '\0';
    for (i, c) in text.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q && prev != '\\' => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '{') if prev == '$' => depth += 1,
            (None, '}') if depth == 0 => return Some(i),
            (None, '}') => depth -= 1,
            _ => {}
        }
        prev = c;
    }
    None
}

/// `${V%pat}`, `${V%%pat}`, `${V#pat}`, `${V##pat}` of a literal value: a pattern without glob
/// characters is removed where it ends (starts) the value; `%/*` removes the last path
/// component. Any other pattern is unknown.
fn trim_value(value: &str, op: &str, pattern: &str) -> Option<String> {
    if op.starts_with('%') && pattern == "/*" {
        // The working directory's last component removed is its parent (`${PWD%/*}`).
        if value == "." {
            return Some("..".to_string());
        }
        return Some(
            value
                .rsplit_once('/')
                .map_or(value, |(dir, _)| dir)
                .to_string(),
        );
    }
    if pattern.contains(['*', '?', '[', '$', '`', '\\']) {
        return None;
    }
    Some(
        if op.starts_with('%') {
            value.strip_suffix(pattern)
        } else {
            value.strip_prefix(pattern)
        }
        .unwrap_or(value)
        .to_string(),
    )
}

fn prefilter_on() -> bool {
    #[cfg(test)]
    if NO_PREFILTER.with(std::cell::Cell::get) {
        return false;
    }
    true
}

/// Every list of `lists` extended by every one of `values`, up to [`MAX_FORMS`] lists.
fn product<T: Clone>(lists: &[Vec<T>], values: &[T]) -> Vec<Vec<T>> {
    let mut next = Vec::new();
    for list in lists {
        for v in values {
            if next.len() < MAX_FORMS {
                let mut l = list.clone();
                l.push(v.clone());
                next.push(l);
            }
        }
    }
    next
}

/// The index in `text` (what follows a `$(`) of the `)` that closes it, skipping quoted text
/// and nested parentheses.
fn closing_paren(text: &str) -> Option<usize> {
    let mut level = 0usize;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match (quote, c) {
            (Some('\''), '\'') => quote = None,
            (Some('\''), _) => {}
            (_, '\\') => escaped = true,
            (Some('"'), '"') => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(') => level += 1,
            (None, ')') if level == 0 => return Some(i),
            (None, ')') => level -= 1,
            _ => {}
        }
    }
    None
}

/// The code a line that starts with a brace expression runs (`{rm,-rf,~/x} y` is `rm -rf ~/x
/// y`): its first word expanded, the rest as written; `None` when the first word is no brace
/// expression or is quoted.
pub(super) fn braced_command(text: &str) -> Option<String> {
    let text = text.trim_start();
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    let (first, rest) = text.split_at(end);
    if !first.starts_with('{') || first.contains(['\'', '"', '\\', '`']) {
        return None;
    }
    let words = brace_words(first)?;
    let words: Vec<String> = words.into_iter().filter(|w| !w.is_empty()).collect();
    (words.len() > 1).then(|| format!("{}{rest}", words.join(" ")))
}

/// The words bash's brace expansion makes of an unquoted word (`{rm,-rf,/}` is `rm`, `-rf`,
/// `/`; `a{b,c}d` is `abd`, `acd`), preamble and postamble kept, nested braces expanded;
/// `None` when the word has no brace with a comma at its own level (`{}`, `{x}`, `${X}`,
/// `{1..3}` are left as they are).
pub(super) fn brace_words(word: &str) -> Option<Vec<String>> {
    let bytes = word.as_bytes();
    let mut start = None;
    for (i, &b) in bytes.iter().enumerate() {
        // `${..}` is a parameter expansion, not a brace expansion.
        if b == b'{' && (i == 0 || bytes[i - 1] != b'$') {
            let mut level = 0usize;
            let mut commas = Vec::new();
            let mut end = None;
            for (j, &c) in bytes.iter().enumerate().skip(i) {
                match c {
                    b'{' => level += 1,
                    b'}' => {
                        level -= 1;
                        if level == 0 {
                            end = Some(j);
                            break;
                        }
                    }
                    b',' if level == 1 => commas.push(j),
                    _ => {}
                }
            }
            if let Some(end) = end
                && !commas.is_empty()
            {
                start = Some((i, commas, end));
                break;
            }
        }
    }
    let (open, commas, close) = start?;
    let (pre, post) = (&word[..open], &word[close + 1..]);
    let mut bounds = vec![open];
    bounds.extend(&commas);
    bounds.push(close);
    let mut out = Vec::new();
    for pair in bounds.windows(2) {
        let alt = format!("{pre}{}{post}", &word[pair[0] + 1..pair[1]]);
        match brace_words(&alt) {
            Some(more) => out.extend(more),
            None => out.push(alt),
        }
        if out.len() > MAX_FORMS * 4 {
            return None;
        }
    }
    Some(out)
}
