//! XML transforms and queries of the project's files by engines that can also reach the
//! system (`java -jar tools/saxon-he.jar -s:tei/corpus.xml -xsl:xsl/index.xsl
//! -o:build/index.html`, `basex -i tei/letter042.xml "count(//*:persName)"`): the rule
//! `xml_transform` in `decide.rs` allows them when the line shows that they stay on the
//! project's files, as the KG allows `xsltproc` and `xmllint` there.
//!
//! Saxon's home edition has no calls into Java (its professional and enterprise editions do,
//! and stay confined); a stylesheet of the project runs as the project's declared code does,
//! as with `xsltproc`. So Saxon (`java -jar` of a `saxon-he` jar, `saxon`, `saxonb-xslt`,
//! `xslt3`) is allowed with options of the short list [`SAXON_OPTIONS`], its source,
//! stylesheet, output and catalog files relative paths of the project, and parameters of plain
//! values; an initializer or parser class (`-init:`, `-x:`), a configuration file, extensions
//! switched on (`-ext:on`) or any other option keep it confined.
//!
//! BaseX's XQuery has modules that run programs (`proc:system`), write and delete files
//! (`file:`), drop databases (`db:`), fetch URLs (`fetch:`, `http:`) and call Java: a query
//! the line spells is allowed when every prefix it calls a function of or names is one of the
//! standard library's (`fn`, `math`, `map`, `array`, `xs`, a `*:` wildcard of element names)
//! and it declares and imports nothing; its input (`-i`) and output (`-o`) project paths.
//! A query file (`.xq`), database commands (`-c`) and other options stay confined.

use super::transfer_batch::local_project_path;
use crate::parse::SimpleCommand;

/// Saxon's options that only choose the input, output and how the transform runs, written
/// `-NAME:VALUE` (or `-NAME` alone).
const SAXON_OPTIONS: &[&str] = &[
    "s",
    "xsl",
    "o",
    "it",
    "im",
    "t",
    "warnings",
    "strip",
    "dtd",
    "expand",
    "l",
    "opt",
    "catalog",
    "ext",
    "versionmsg",
    "xi",
    "xmlversion",
    "TP",
    "quit",
    "a",
];

/// Saxon's options whose value is a file that must lie in the project.
const SAXON_FILE_OPTIONS: &[&str] = &["s", "xsl", "o", "catalog", "TP"];

/// The Saxon commands, besides `java -jar` of a `saxon-he` jar.
const SAXON_COMMANDS: &[&str] = &["saxon", "saxonb-xslt", "saxon-xslt", "xslt3"];

/// The prefixes of XQuery's standard library (and `*`, the wildcard of element names).
const XQUERY_STANDARD: &[&str] = &["fn", "math", "map", "array", "xs", "*"];

/// Whether `cmd` is a Saxon transform or a BaseX query that stays on the project's files
/// (see the module documentation).
pub(crate) fn xml_transform(cmd: &SimpleCommand) -> bool {
    if !cmd.layers.is_empty() || cmd.flow.is_some() || cmd.stdin_text.is_some() {
        return false;
    }
    let argv = &cmd.argv;
    match cmd.name() {
        "java" => match argv.get(1..) {
            Some([jar_flag, jar, rest @ ..]) if jar_flag == "-jar" => {
                saxon_home_jar(jar) && local_project_path(jar) && saxon_run(rest)
            }
            _ => false,
        },
        name if SAXON_COMMANDS.contains(&name) => saxon_run(&argv[1..]),
        // A query's `$x` variables are XQuery's only inside single quotes: in double quotes
        // or unquoted the shell expands them first.
        "basex" => {
            basex_query(&argv[1..])
                && argv[1..]
                    .iter()
                    .filter(|w| w.contains('$'))
                    .all(|w| cmd.text.contains(&format!("'{w}'")))
        }
        _ => false,
    }
}

/// A jar of Saxon's home edition (`saxon-he-12.4.jar`, `saxon9he.jar`, `tools/saxon-he.jar`).
fn saxon_home_jar(jar: &str) -> bool {
    let name = jar.rsplit('/').next().unwrap_or(jar).to_ascii_lowercase();
    name.ends_with(".jar") && (name.starts_with("saxon-he") || name.starts_with("saxon9he"))
}

/// Saxon's words after the program: `-NAME:VALUE` options of [`SAXON_OPTIONS`] (files in the
/// project), `name=value` parameters with plain values, and at most two positional files (the
/// older `SOURCE STYLESHEET` form) in the project.
fn saxon_run(words: &[String]) -> bool {
    let mut positional = 0;
    let mut source = false;
    for w in words {
        if let Some(opt) = w.strip_prefix('-') {
            let (name, value) = match opt.split_once(':') {
                Some((n, v)) => (n, Some(v)),
                None => (opt, None),
            };
            if !SAXON_OPTIONS.contains(&name) {
                return false;
            }
            if name == "ext" && value != Some("off") {
                return false;
            }
            if SAXON_FILE_OPTIONS.contains(&name) && !value.is_some_and(local_project_path) {
                return false;
            }
            source |= matches!(name, "s" | "xsl" | "it");
        } else if let Some((param, value)) = w.split_once('=') {
            let param = param.trim_start_matches(['?', '!', '+']);
            if param.is_empty()
                || !param
                    .chars()
                    .all(|c| c.is_alphanumeric() || "_-.:".contains(c))
                || value.contains(['$', '`'])
                || (w.starts_with('+') && !local_project_path(value))
            {
                return false;
            }
        } else {
            positional += 1;
            if positional > 2 || !local_project_path(w) {
                return false;
            }
            source = true;
        }
    }
    source
}

/// BaseX's words: `-i PATH`, `-o PATH`, `-s PARAMS`, `-w`, `-V` and one query the line spells
/// (an operand, or `-q QUERY`) that calls only the standard library.
fn basex_query(words: &[String]) -> bool {
    let mut queries = 0;
    let mut it = words.iter();
    while let Some(w) = it.next() {
        match w.as_str() {
            "-i" | "-o" => {
                if !it.next().is_some_and(|p| local_project_path(p)) {
                    return false;
                }
            }
            "-s" => {
                if it.next().is_none_or(|p| p.contains(['$', '`'])) {
                    return false;
                }
            }
            "-w" | "-V" => {}
            "-q" => {
                if !it.next().is_some_and(|q| standard_query(q)) {
                    return false;
                }
                queries += 1;
            }
            w if w.starts_with('-') => return false,
            q => {
                if !standard_query(q) {
                    return false;
                }
                queries += 1;
            }
        }
    }
    queries == 1
}

/// Whether an XQuery text the line spells calls and names only the standard library: every
/// `PREFIX:` before a name is one of [`XQUERY_STANDARD`], no `Q{...}` name, no declaration or
/// import, no expansion of the shell, and it is no file name (`x.xq`).
fn standard_query(q: &str) -> bool {
    let lower = q.to_ascii_lowercase();
    if q.contains(['$', '`'])
        && !q.split('$').skip(1).all(|v| {
            // `$x` variables of the query itself (`for $p in //x return $p`) are XQuery's.
            v.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        })
    {
        return false;
    }
    if q.contains('`')
        || q.contains("Q{")
        || lower.contains("declare")
        || lower.contains("import")
        || [".xq", ".xquery", ".xqm", ".xqy"]
            .iter()
            .any(|e| lower.ends_with(e))
    {
        return false;
    }
    let bytes = q.as_bytes();
    for (i, _) in q.match_indices(':') {
        // `::` of an axis (`child::x`) and `:=` of a `let` are no prefixes.
        if bytes.get(i + 1).is_some_and(|b| *b == b':' || *b == b'=')
            || (i > 0 && bytes[i - 1] == b':')
        {
            continue;
        }
        let prefix: String = q[..i]
            .chars()
            .rev()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '*'))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if !XQUERY_STANDARD.contains(&prefix.as_str()) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_queries() {
        for (q, want) in [
            ("count(//*:persName)", true),
            ("for $p in //person return fn:string($p/@name)", true),
            ("//x[child::y] ! string()", true),
            ("let $n := //name return $n", true),
            ("proc:system('id')", false),
            ("file:write('/etc/x', 1)", false),
            ("db:drop('x')", false),
            ("Q{java:java.lang.Runtime}getRuntime()", false),
            (
                "declare namespace p = 'java:java.lang.Runtime'; p:exec('id')",
                false,
            ),
            ("queries/report.xq", false),
        ] {
            assert_eq!(standard_query(q), want, "{q}");
        }
    }

    #[test]
    fn saxon_words() {
        let w = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert!(saxon_run(&w(
            "-s:tei/corpus.xml -xsl:xsl/index.xsl -o:build/index.html"
        )));
        assert!(saxon_run(&w("-s:tei/a.xml -xsl:x.xsl lang=en")));
        assert!(!saxon_run(&w("-s:tei/a.xml -xsl:x.xsl -o:/etc/x")));
        assert!(!saxon_run(&w("-s:tei/a.xml -xsl:/tmp/x.xsl")));
        assert!(!saxon_run(&w(
            "-s:tei/a.xml -xsl:x.xsl -init:com.example.Init"
        )));
        assert!(!saxon_run(&w("-s:tei/a.xml -xsl:x.xsl -ext:on")));
        assert!(!saxon_run(&w("-config:/tmp/c.xml -s:a.xml -xsl:x.xsl")));
        assert!(saxon_home_jar("tools/saxon-he-12.4.jar"));
        assert!(!saxon_home_jar("tools/saxon-pe-12.4.jar"));
    }
}
