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

/// The syntax tree of `code` (None when the grammar gave none).
pub(crate) fn parse_tree(lang: Language, code: &str) -> Option<tree_sitter::Tree> {
    let input = match lang {
        Language::Shell => terraphim_shell_vocab::bash_grammar_safe(code),
        _ => std::borrow::Cow::Borrowed(code),
    };
    with_parser(lang, |p| p.parse(input.as_ref(), None)).flatten()
}

/// Analyze `code` and add the findings to `sink`; the syntax tree, for the command guard's
/// judgement of the statements kept in `sink.pending` (see [`crate::shell_judge::judge_pending`]).
pub(crate) fn analyze_into(
    lang: Language,
    code: &str,
    sink: &mut Sink<'_>,
) -> Option<tree_sitter::Tree> {
    text_checks(code, sink);
    // tree-sitter-bash's scanner crashes on `{` before some code points: it reads a copy with
    // them masked, of the same shape and byte offsets (the walkers read the original text).
    let input = match lang {
        Language::Shell => terraphim_shell_vocab::bash_grammar_safe(code),
        _ => std::borrow::Cow::Borrowed(code),
    };
    let tree = with_parser(lang, |p| p.parse(input.as_ref(), None)).flatten();
    let Some(tree) = tree else {
        sink.add(
            1,
            Category::Unreviewable,
            Verdict::Suspicious,
            format!("the {lang} parser gave no syntax tree"),
        );
        return None;
    };
    let copy = crate::ts::Tree::new(&tree, lang);
    let root = copy.root();
    let before = sink.findings.len();
    match lang {
        Language::Python => crate::python::analyze(sink, root, code),
        Language::Shell => crate::shell::analyze(sink, root, code),
        Language::JavaScript | Language::TypeScript => crate::js::analyze(sink, root, code),
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
    Some(tree)
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
    let tree = analyze_into(language, source, &mut sink);
    sink.finish_env_reads();
    crate::caps::combine(&mut sink);
    let shell_tree = tree.as_ref().filter(|_| language == Language::Shell);
    crate::shell_judge::judge_pending(&mut sink, shell_tree, source);
    drop(tree);
    crate::shell_judge::merge_guard_findings(&mut sink.findings);
    Report::from_findings(language, sink.findings)
}

/// URLs written anywhere in the script: a mining pool is a miner; a request bin, webhook,
/// paste site or URL shortener is where data goes or where code hides, even when the script
/// only names it.
fn url_constants(code: &str, sink: &mut Sink<'_>) {
    if !code.contains("://") {
        return;
    }
    for (i, l) in code.lines().enumerate() {
        if !l.contains("://") {
            continue;
        }
        let ln = i as u32 + 1;
        for url in crate::places::urls(l) {
            // A URL in a comment is documentation, not something the script uses.
            let at = l.find(url).unwrap_or(0);
            let before = &l[..at];
            if before.contains('#')
                || before.trim_start().starts_with("//")
                || before.contains(" //")
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
            if let crate::places::HostClass::Drop(what) | crate::places::HostClass::Opaque(what) =
                class
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
