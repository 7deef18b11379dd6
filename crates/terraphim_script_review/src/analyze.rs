//! Parsing and the entry point of the analysis.

use std::cell::RefCell;

use tree_sitter::{Language as TsLanguage, Parser};

use crate::config::Config;
use crate::engine::Sink;
use crate::model::{Category, Language, Report, Verdict};
use crate::places::Context;

thread_local! {
    static PARSERS: RefCell<Vec<(Language, Parser)>> = const { RefCell::new(Vec::new()) };
}

fn grammar(lang: Language) -> TsLanguage {
    match lang {
        Language::Python => tree_sitter_python::LANGUAGE.into(),
        Language::Shell => tree_sitter_bash::LANGUAGE.into(),
        Language::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
        Language::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
    }
}

/// Check that every grammar loads into the runtime.
pub(crate) fn check_grammars() -> crate::Result<()> {
    for lang in [
        Language::Python,
        Language::Shell,
        Language::JavaScript,
        Language::TypeScript,
    ] {
        let mut p = Parser::new();
        p.set_language(&grammar(lang))
            .map_err(|e| crate::Error::Grammar {
                language: lang.as_str(),
                message: e.to_string(),
            })?;
    }
    Ok(())
}

fn with_parser<T>(lang: Language, f: impl FnOnce(&mut Parser) -> T) -> Option<T> {
    PARSERS.with(|cell| {
        let mut parsers = cell.borrow_mut();
        if !parsers.iter().any(|(l, _)| *l == lang) {
            let mut p = Parser::new();
            p.set_language(&grammar(lang)).ok()?;
            parsers.push((lang, p));
        }
        parsers
            .iter_mut()
            .find(|(l, _)| *l == lang)
            .map(|(_, p)| f(p))
    })
}

/// A script's syntax trees: tree-sitter's (one, or one per part of a long script parsed in
/// parts, each with the byte offset of its part) and the copy the walkers read.
pub(crate) struct Parsed {
    pub(crate) trees: Vec<(tree_sitter::Tree, usize)>,
    copy: crate::ts::Tree,
}

/// Parse `text`; a long one in two parts, the second on another thread, when it splits at a
/// top-level statement into parts that parse without an error (see [`crate::ts::split`]).
/// `keep`: whether tree-sitter's trees are kept (the shell judge reads them); otherwise the
/// second part's is dropped on its thread.
fn parse(lang: Language, text: &str, keep: bool) -> Option<Parsed> {
    #[cfg(test)]
    let split = !tests::WHOLE.with(std::cell::Cell::get);
    #[cfg(not(test))]
    let split = true;
    if split
        && let Some(at) = crate::ts::split::point(lang, text)
        && let Some(parsed) = parse_in_parts(lang, text, at, keep)
    {
        return Some(parsed);
    }
    let tree = with_parser(lang, |p| p.parse(text, None)).flatten()?;
    let copy = crate::ts::Tree::new(&tree, lang);
    Some(Parsed {
        trees: vec![(tree, 0)],
        copy,
    })
}

fn parse_in_parts(lang: Language, text: &str, at: usize, keep: bool) -> Option<Parsed> {
    let (first, second) = (text.get(..at)?, text.get(at..)?);
    let offset = u32::try_from(at).ok()?;
    let rows = u32::try_from(first.bytes().filter(|&b| b == b'\n').count()).ok()?;
    let part = |src: &str, room: usize| {
        let tree = with_parser(lang, |p| p.parse(src, None)).flatten()?;
        if tree.root_node().has_error() {
            return None;
        }
        let copy = crate::ts::Tree::with_room(&tree, lang, room);
        Some((keep.then_some(tree), copy))
    };
    let (one, two) = std::thread::scope(|scope| {
        let beside = std::thread::Builder::new()
            .spawn_scoped(scope, || part(second, 0))
            .ok()?;
        let one = part(first, text.len());
        Some((one, beside.join().ok()?))
    })?;
    let ((tree, mut copy), (second_tree, second_copy)) = (one?, two?);
    copy.append(second_copy, offset, rows);
    let mut trees: Vec<(tree_sitter::Tree, usize)> = tree.into_iter().map(|t| (t, 0)).collect();
    trees.extend(second_tree.map(|t| (t, at)));
    Some(Parsed { trees, copy })
}

/// The syntax tree of `code` (None when the grammar gave none).
pub(crate) fn parse_tree(lang: Language, code: &str) -> Option<tree_sitter::Tree> {
    let input = match lang {
        Language::Shell => terraphim_shell_vocab::bash_grammar_input(code, b"< "),
        _ => std::borrow::Cow::Borrowed(code),
    };
    with_parser(lang, |p| p.parse(input.as_ref(), None)).flatten()
}

/// Analyze `code` and add the findings to `sink`; the syntax trees, for the command guard's
/// judgement of the statements kept in `sink.pending` (see [`crate::shell_judge::judge_pending`]).
pub(crate) fn analyze_into(lang: Language, code: &str, sink: &mut Sink<'_>) -> Option<Parsed> {
    text_checks(code, sink);
    // tree-sitter-bash's scanner crashes on `{` before some code points: it reads a copy with
    // them masked, of the same shape and byte offsets (the walkers read the original text).
    let input = match lang {
        Language::Shell => terraphim_shell_vocab::bash_grammar_input(code, b"< "),
        _ => std::borrow::Cow::Borrowed(code),
    };
    let Some(parsed) = parse(lang, input.as_ref(), lang == Language::Shell) else {
        sink.add(
            1,
            Category::Unreviewable,
            Verdict::Suspicious,
            format!("the {lang} parser gave no syntax tree"),
        );
        return None;
    };
    let copy = &parsed.copy;
    let root = copy.root();
    let before = sink.findings.len();
    match lang {
        Language::Python => crate::python::analyze(sink, root, code),
        Language::Shell => crate::shell::analyze(sink, root, code),
        Language::JavaScript | Language::TypeScript => crate::js::analyze(sink, root, code),
    }
    if sink
        .caps
        .iter()
        .any(|(c, _, _)| *c == crate::caps::Cap::UnknownWrite)
    {
        anchor_strings(code, copy, sink);
    }
    if root.has_error()
        && !sink.findings[before..]
            .iter()
            .any(|f| f.category == Category::Unreviewable)
    {
        let line = copy.first_error().map_or(1, |n| n.line());
        sink.add(
            line,
            Category::Unreviewable,
            Verdict::Suspicious,
            format!("part of the script is not valid {lang}, so it was not fully reviewed"),
        );
    }
    Some(parsed)
}

/// The first string of the script that names a trust anchor as a path (`".claude"`,
/// `"$HOME/.zshrc"`, `'.git/hooks'`), recorded as a capability: with a write the review could
/// not follow, the combination rules ask about it ([`crate::caps::combine`]).
fn anchor_strings(code: &str, tree: &crate::ts::Tree, sink: &mut Sink<'_>) {
    // The strings are looked at only when a name appears in the text at all.
    if !crate::places::anchor_needles().any(|n| code.contains(n)) {
        return;
    }
    const LITERALS: &[&str] = &["string_content", "string_fragment", "raw_string", "word"];
    let found = tree.nodes().find_map(|n| {
        if !LITERALS.contains(&n.kind()) {
            return None;
        }
        let text = code.get(n.byte_range())?.trim_matches(['\'', '"', '`']);
        crate::places::anchor_named(text).map(|what| (n.line(), what, text))
    });
    if let Some((line, what, text)) = found {
        sink.cap(
            line,
            crate::caps::Cap::AnchorNamed,
            format!("{what} (`{text}`)"),
        );
    }
}

/// Checks on the raw text: invisible and bidirectional characters, obfuscator fingerprints.
fn text_checks(code: &str, sink: &mut Sink<'_>) {
    // Every character looked for below is encoded in UTF-8 with a lead byte of 0xE2 or 0xEF: a
    // script without either byte has none of them, and its lines need not be decoded.
    let lines = if code.bytes().any(|b| b == 0xE2 || b == 0xEF) {
        code.lines()
    } else {
        "".lines()
    };
    for (i, l) in lines.enumerate() {
        let ln = i as u32 + 1;
        if l.chars()
            .any(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        {
            sink.add(ln, Category::ObfuscatedExecution, Verdict::Dangerous, "contains bidirectional control characters that make code read differently than it runs");
        } else if l
            .chars()
            .any(|c| matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}'))
            && !(i == 0 && l.starts_with('\u{FEFF}'))
        {
            sink.add(
                ln,
                Category::ObfuscatedExecution,
                Verdict::Suspicious,
                "contains invisible characters",
            );
        }
    }
    url_constants(code, sink);
    hidden_after_blanks(code, sink);
    if code.contains("__pyarmor__") || code.contains("pyarmor_runtime") {
        sink.add(
            1,
            Category::ObfuscatedExecution,
            Verdict::Suspicious,
            "is PyArmor-obfuscated, so its behaviour cannot be reviewed",
        );
    }
    let hexnames = code
        .match_indices("_0x")
        .filter(|(i, _)| code[i + 3..].chars().take(4).all(|c| c.is_ascii_hexdigit()))
        .count();
    if hexnames >= 20 {
        sink.add(
            1,
            Category::ObfuscatedExecution,
            Verdict::Suspicious,
            "looks like obfuscator output (many `_0x…` names)",
        );
    }
}

/// Review a script's source text as `language`, in the working tree described by `ctx`.
pub fn review_source(source: &str, language: Language, ctx: &Context, config: &Config) -> Report {
    review_source_judged(source, language, ctx, config, None)
}

/// [`review_source`] with the command-line guard's judgement of every shell command (of a shell
/// script, and of shell code a script of another language runs) as another source of findings.
pub fn review_source_judged(
    source: &str,
    language: Language,
    ctx: &Context,
    config: &Config,
    judge: Option<&dyn crate::shell_judge::CommandJudge>,
) -> Report {
    let mut sink = Sink::new(ctx, config, source);
    sink.lang = language;
    sink.judge = judge;
    if source.len() > config.max_bytes {
        sink.add(
            1,
            Category::Unreviewable,
            Verdict::Suspicious,
            format!(
                "the script is larger than {} bytes, too large to review",
                config.max_bytes
            ),
        );
        return Report::from_findings(language, sink.findings);
    }
    let parsed = analyze_into(language, source, &mut sink);
    sink.drop_definition_findings();
    sink.finish_env_reads();
    sink.verified = crate::verify::gates_on_digest(source, language);
    sink.finish_held_network();
    sink.finish_bucket_deletes();
    crate::caps::combine(&mut sink);
    let shell_trees = match &parsed {
        Some(p) if language == Language::Shell => p.trees.as_slice(),
        _ => &[],
    };
    crate::shell_judge::judge_pending(&mut sink, shell_trees, source);
    sink.finish_dotenv_reads();
    drop(parsed);
    crate::shell_judge::merge_guard_findings(&mut sink.findings);
    Report::from_findings(language, sink.findings)
}

/// URLs written anywhere in the script: a mining pool is a miner; a request bin, webhook,
/// paste site or URL shortener is where data goes or where code hides, even when the script
/// only names it.
fn url_constants(code: &str, sink: &mut Sink<'_>) {
    // The lines that hold `://`, found by one search of the whole text (not a search of each
    // line): each once, in order, as `str::lines` gives them (a `\r` before the `\n` left out).
    let mut line_start = usize::MAX;
    let (mut rows, mut counted) = (0u32, 0usize);
    for (at, _) in code.match_indices("://") {
        let start = code[..at].rfind('\n').map_or(0, |i| i + 1);
        if start == line_start {
            continue;
        }
        line_start = start;
        rows += code.as_bytes()[counted..start]
            .iter()
            .filter(|&&b| b == b'\n')
            .count() as u32;
        counted = start;
        let end = code[at..].find('\n').map_or(code.len(), |i| at + i);
        let l = &code[start..end];
        url_line(l.strip_suffix('\r').unwrap_or(l), rows + 1, sink);
    }
}

/// [`url_constants`] of line `ln`, `l`.
fn url_line(l: &str, ln: u32, sink: &mut Sink<'_>) {
    for url in crate::places::urls(l) {
        // A URL in a comment is documentation, not something the script uses.
        let at = l.find(url).unwrap_or(0);
        let before = &l[..at];
        if before.contains('#') || before.trim_start().starts_with("//") || before.contains(" //") {
            continue;
        }
        // A URL another one is checked against (`hook.startswith("https://hooks.slack.com/")`,
        // `url === 'https://…'`) is a test, not a place the script names to use.
        let test = before
            .trim_end_matches(['"', '\'', '`', 'f', 'r', 'b'])
            .trim_end();
        if [
            "startswith(",
            "startsWith(",
            "endswith(",
            "endsWith(",
            "==",
            "!=",
        ]
        .iter()
        .any(|t| test.ends_with(t))
        {
            continue;
        }
        let lower = url.to_ascii_lowercase();
        if lower.starts_with("stratum+") {
            sink.add_rule(
                ln,
                Category::Escape,
                Verdict::Dangerous,
                "cryptominer",
                vec![format!("network connect: mining pool {url}")],
                "names a cryptocurrency mining pool (stratum) for a miner",
            );
            continue;
        }
        if !crate::places::host_of(url).is_some_and(|h| crate::places::maybe_shady(&h)) {
            continue;
        }
        let (class, host) = crate::places::classify_host(Some(url), sink.config);
        if let crate::places::HostClass::Drop(what) | crate::places::HostClass::Opaque(what) = class
        {
            let host = host.unwrap_or_default();
            if what == "a raw public IP address" {
                // An address alone is judged where it is used.
                continue;
            }
            sink.add_rule(
                ln,
                Category::Network,
                Verdict::Suspicious,
                "shady-url",
                vec![format!("names: {what} ({host})")],
                format!("names {what} ({host})"),
            );
        }
    }
}

/// A statement pushed far to the right after a run of blanks, out of sight in an editor.
fn hidden_after_blanks(code: &str, sink: &mut Sink<'_>) {
    const RUN: &str = "                                                            ";
    if !code.contains(RUN) {
        return;
    }
    for (i, l) in code.lines().enumerate() {
        if let Some(at) = l.find(RUN) {
            let before = l[..at].trim();
            let after = l[at..].trim_start();
            if !before.is_empty()
                && !after.is_empty()
                && !after.starts_with('#')
                && !after.starts_with("//")
                && !before.starts_with('#')
                && !before.starts_with("//")
            {
                sink.add_rule(
                    i as u32 + 1,
                    Category::ObfuscatedExecution,
                    Verdict::Suspicious,
                    "hidden-code",
                    vec!["code hidden after blanks".into()],
                    "hides code far to the right of a line, after a long run of blanks",
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, reason = "tests")]

    use std::cell::Cell;
    use std::collections::BTreeSet;
    use std::sync::Mutex;

    use super::*;
    use crate::shell_judge::{CommandJudge, CommandVerdict, ScriptLine};

    thread_local! {
        /// Parse every script whole (to compare with the parse in parts).
        pub(super) static WHOLE: Cell<bool> = const { Cell::new(false) };
    }

    /// A judge that checks what the review hands it: a statement's node is the statement's
    /// text in the part of the script it was parsed from. It records the length of each part.
    #[derive(Debug, Default)]
    struct NodeCheck {
        parts: Mutex<BTreeSet<usize>>,
    }

    impl CommandJudge for NodeCheck {
        fn judge(&self, _: &str, _: &Context) -> CommandVerdict {
            CommandVerdict::allow()
        }

        fn judge_script_lines(&self, lines: &[ScriptLine<'_>], _: &Context) -> Vec<CommandVerdict> {
            for l in lines {
                if let Some((node, src)) = l.node {
                    let own = src.get(node.byte_range()).unwrap();
                    let before = l.text.strip_suffix(own).unwrap();
                    assert!(before.is_empty() || before.starts_with("cd "), "{}", l.text);
                    self.parts.lock().unwrap().insert(src.len());
                }
            }
            vec![CommandVerdict::allow(); lines.len()]
        }

        fn identity(&self) -> String {
            String::new()
        }
    }

    /// A long script parsed in two parts gives the report of its parse as a whole, and the
    /// command guard gets each statement's node from the part that holds it.
    #[test]
    fn a_script_parsed_in_parts_is_reviewed_as_whole() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
        let ctx = Context {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            tmp_dirs: vec!["/tmp".into()],
        };
        let config = Config::default();
        let mut checked = 0;
        for (dir, lang) in [
            ("python", Language::Python),
            ("shell", Language::Shell),
            ("javascript", Language::JavaScript),
            ("typescript", Language::TypeScript),
        ] {
            let mut paths: Vec<_> = fs_err::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect();
            paths.sort();
            // The fixtures' lines, without `#!` lines (as the review bench joins them).
            let lines: Vec<String> = paths
                .iter()
                .flat_map(|p| {
                    let text = fs_err::read_to_string(p).unwrap();
                    text.lines()
                        .filter(|l| !l.starts_with("#!"))
                        .map(str::to_owned)
                        .collect::<Vec<_>>()
                })
                .collect();
            for n in [150, 300, 500, 1000] {
                let text = lines
                    .iter()
                    .take(n)
                    .fold(String::new(), |t, l| t + l + "\n");
                let review = |text: &str, whole: bool| {
                    WHOLE.with(|w| w.set(whole));
                    let judge = NodeCheck::default();
                    let report = review_source_judged(text, lang, &ctx, &config, Some(&judge));
                    WHOLE.with(|w| w.set(false));
                    (report, judge.parts.into_inner().unwrap())
                };
                let (parts, _) = review(&text, false);
                let (whole, whole_parts) = review(&text, true);
                assert_eq!(parts, whole, "{dir}, {n} lines");
                assert!(whole_parts.len() <= 1, "{dir}, {n} lines");
                // Where the parts parse (the whole text has no error), the guard got nodes of
                // both. Without the `cd` lines: a statement after a `cd` is judged as a text
                // that starts with `cd DIR &&`, not as its node.
                let text: String = text
                    .lines()
                    .filter(|l| !l.starts_with("cd "))
                    .fold(String::new(), |t, l| t + l + "\n");
                let mut parser = Parser::new();
                parser.set_language(&grammar(lang)).unwrap();
                let broken = parser.parse(&text, None).unwrap().root_node().has_error();
                if lang == Language::Shell
                    && !broken
                    && crate::ts::split::point(lang, &text).is_some()
                {
                    let (_, split_parts) = review(&text, false);
                    assert_eq!(split_parts.len(), 2, "{dir}, {n} lines: {split_parts:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 0);
    }
}
