//! In-place substitutions in files of the project the line names (`sed -i
//! 's/"version": "1.2.0"/"version": "1.3.0"/' package.json`, `perl -pi -e 's/\bcolour\b/color/g'
//! docs/*.md`, `yq -i '.version = "1.2"' chart/Chart.yaml`): the edit the agent's own file tool
//! makes, spelt as a command. Allowed by the rule `substitution_edit` in `decide.rs` when all of
//! this holds:
//!
//! - the program only edits text: a sed script of commands that print, delete, substitute or
//!   move text (no `e`, `s///e`, `w`, `W`, `s///w`, `r`, `R`: `guard/sed.rs`), perl code that is
//!   substitutions alone (`s/A/B/FLAGS` with no `e` flag and no code in the pattern or the
//!   replacement: `(?{`, `@{[`, `${\`), a yq filter that loads no file and reads no variable,
//!   `sd FIND REPLACE` (matching options only), a line-ending conversion (`dos2unix`,
//!   `unix2dos` in place, no `-n` new-file pairs);
//! - the program runs directly (no wrapper, no shell around it, no `find -exec` or `xargs`, not a
//!   later stage of a pipeline) and its files are named on the line: no file list a search made
//!   (`$(rg -l X)`, `xargs`), no recursive glob (`lib/**/*.rb`): a mass edit the user sees as one
//!   is asked about;
//! - every file is a source, configuration or documentation file of the project by its name
//!   ([`editable_text`]), not a trust anchor (git hooks, CI workflows, agent settings), a secret,
//!   a path outside, in a temp directory or known only at run time;
//! - a package manifest whose scripts the package manager runs by itself (`package.json`) is not
//!   given text that names its `scripts` or an install hook.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Extensions of text files a project keeps as source, configuration or documentation, besides
/// the files runners load as code (`terraphim_shell_vocab::is_runner_source`). A plain `.txt`
/// is not here: the guard cannot tell a note the project keeps from data another command wrote.
const EDITABLE_TEXT_EXTENSIONS: &[&str] = &[
    "md",
    "markdown",
    "rst",
    "adoc",
    "yaml",
    "yml",
    "json",
    "toml",
    "ini",
    "cfg",
    "conf",
    "xml",
    "html",
    "htm",
    "css",
    "scss",
    "sass",
    "less",
    "vue",
    "svelte",
    "properties",
    "gradle",
    "c",
    "h",
    "cc",
    "cpp",
    "cxx",
    "hpp",
    "hh",
    "m",
    "mm",
    "dart",
    "lua",
    "hs",
    "ml",
    "zig",
    "clj",
    "erl",
    "proto",
    "graphql",
    "gql",
    "tf",
    "hcl",
    "nix",
    "cmake",
    "csproj",
    "fsproj",
    "sln",
];

/// Documentation files a project keeps by name, without an extension.
const EDITABLE_TEXT_NAMES: &[&str] = &[
    "LICENSE",
    "LICENCE",
    "COPYING",
    "NOTICE",
    "README",
    "CHANGELOG",
    "AUTHORS",
    "CONTRIBUTORS",
    "VERSION",
];

/// Whether `path` names a source, configuration or documentation file of the project by its
/// name: a file runners load (`package.json`, `Cargo.toml`, `*.rs`, `*.ts`), one of
/// [`EDITABLE_TEXT_EXTENSIONS`] or [`EDITABLE_TEXT_NAMES`]; a dotfile only when runners load it.
pub(crate) fn editable_text(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    if terraphim_shell_vocab::is_runner_source(path) || EDITABLE_TEXT_NAMES.contains(&base) {
        return true;
    }
    !base.starts_with('.')
        && base.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty()
                && EDITABLE_TEXT_EXTENSIONS.contains(&ext.to_ascii_lowercase().as_str())
        })
}

/// Whether `cmd` is an in-place substitution in project files the line names (see the module
/// documentation). `classes` are the classes of `cmd`'s words.
pub(crate) fn substitution_edit(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !cmd.layers.is_empty()
        || cmd.flow.is_some()
        || cmd.option_code
        || cmd.stdin_text.is_some()
        || cmd.pipeline.is_some_and(|(_, stage)| stage > 0)
    {
        return false;
    }
    let words = &cmd.words;
    // The words that are the program's edit (none for a line-ending conversion).
    let program: Option<Vec<usize>> = match cmd.name() {
        "sed" | "gsed" => sed_program(words).filter(|p| !p.is_empty()),
        "perl" => perl_program(words).filter(|p| !p.is_empty()),
        "yq" => yq_program(words).filter(|p| !p.is_empty()),
        "sd" => sd_program(words),
        "dos2unix" | "unix2dos" => line_endings_only(words).then(Vec::new),
        _ => None,
    };
    let Some(program) = program else {
        return false;
    };
    let mut files = Vec::new();
    for (i, w) in words.iter().enumerate().skip(1) {
        match w.kind {
            WordKind::Operand if !program.contains(&i) => files.push(i),
            WordKind::Operand | WordKind::Flag => {}
            _ => return false,
        }
    }
    let hooks = program.iter().any(|&i| names_hook(&words[i].text));
    !files.is_empty()
        && files.iter().all(|&i| {
            let text = words[i].text.as_str();
            let planted_hook = hooks && terraphim_shell_vocab::manifest::names_manifest(text);
            classes
                .get(i)
                .is_some_and(|&bits| crate::paths::is_editable_project(bits))
                && !text.contains("**")
                && !text.contains("{}")
                && !text.contains('$')
                && editable_text(text)
                && !planted_hook
        })
}

/// sd's find and replace words (its first two operands) when its options only choose how it
/// matches: sd substitutes text and runs nothing, whatever the pattern.
fn sd_program(words: &[crate::Word]) -> Option<Vec<usize>> {
    const FLAGS: &[&str] = &["-F", "--fixed-strings"];
    let mut program = Vec::new();
    for (i, w) in words.iter().enumerate().skip(1) {
        match w.kind {
            WordKind::Flag if FLAGS.contains(&w.text.as_str()) => {}
            WordKind::Flag => return None,
            WordKind::Operand if program.len() < 2 => program.push(i),
            _ => {}
        }
    }
    (program.len() == 2).then_some(program)
}

/// Whether a line-ending converter (`dos2unix`, `unix2dos`) converts its files in place with
/// options that only choose what it reports or keeps: `-n IN OUT` (a new file) and the
/// conversion modes that take a value are asked about.
fn line_endings_only(words: &[crate::Word]) -> bool {
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "-k",
        "--keepdate",
        "-o",
        "--oldfile",
        "-s",
        "--safe",
        "-v",
        "--verbose",
    ];
    words
        .iter()
        .skip(1)
        .all(|w| w.kind != WordKind::Flag || FLAGS.contains(&w.text.as_str()))
}

/// Whether a program's text names a package manifest's `scripts` or one of its install hooks.
pub(crate) fn names_hook(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    lower.contains("scripts")
        || terraphim_shell_vocab::manifest::INSTALL_HOOKS
            .iter()
            .any(|h| lower.contains(&h.to_ascii_lowercase()))
}

/// sed's script words when it edits in place (`-i`, `-i.bak`, `--in-place`) with options that
/// only choose its dialect, and every script only edits text (`guard/sed.rs`).
fn sed_program(words: &[crate::Word]) -> Option<Vec<usize>> {
    const FLAGS: &[&str] = &[
        "-E",
        "-r",
        "-e",
        "-s",
        "-u",
        "-z",
        "--expression",
        "--regexp-extended",
        "--separate",
        "--null-data",
    ];
    let mut in_place = false;
    for w in words.iter().skip(1).filter(|w| w.kind == WordKind::Flag) {
        let t = w.text.as_str();
        if t.starts_with("-i") || t.starts_with("--in-place") {
            in_place = true;
        } else if !FLAGS.contains(&t) {
            return None;
        }
    }
    let mask = super::data::program_words(words);
    let program: Vec<usize> = (1..words.len().min(64))
        .filter(|i| mask & (1 << i) != 0)
        .collect();
    let edits = program.iter().all(|&i| {
        matches!(
            super::sed::effect(&words[i].text),
            super::sed::Effect::ReadOnly(_)
        ) && !super::sed::empties(&words[i].text)
    });
    (in_place && edits).then_some(program)
}

/// perl's code word when it edits in place (`-pi -e CODE`, `-i -pe CODE`, `-pi.bak`) and the
/// code is substitutions alone ([`perl_substitutions`]). The canonical form sorts a command's
/// flags before its operands, so the code is the first operand of a command with one `-e`.
fn perl_program(words: &[crate::Word]) -> Option<Vec<usize>> {
    let (mut in_place, mut print, mut code_flags) = (false, false, 0);
    for w in words.iter().skip(1).filter(|w| w.kind == WordKind::Flag) {
        match w.text.as_str() {
            "-p" => print = true,
            "-e" | "-E" => code_flags += 1,
            "-w" | "-l" => {}
            // The record separator (`-0`, `-0777`: whole files) changes what one substitution
            // sees, not that it only edits text.
            t if t.starts_with("-0") && t[2..].chars().all(|c| c.is_digit(8)) => {}
            t if t.starts_with("-i") => in_place = true,
            _ => return None,
        }
    }
    let code = words
        .iter()
        .enumerate()
        .skip(1)
        .find(|(_, w)| w.kind == WordKind::Operand)
        .map(|(i, _)| i)?;
    (in_place && print && code_flags == 1 && perl_substitutions(&words[code].text))
        .then(|| vec![code])
}

/// Whether perl code is one or more substitutions `s/PATTERN/REPLACEMENT/FLAGS` separated by
/// `;`, with a delimiter that is no word character, bracket or space, flags among `g`, `i`,
/// `m`, `s`, `x`, `r` (no `e`, which runs the replacement as code), and no code interpolated in
/// the pattern or the replacement (`(?{ })`, `@{[ ]}`, `${\ }`). The canonical form drops a
/// trailing `/`, so code that ends inside its replacement is read with the delimiter put back.
pub(crate) fn perl_substitutions(code: &str) -> bool {
    if code.contains("(?{") || code.contains("(??{") || code.contains("@{") || code.contains("${") {
        return false;
    }
    substitutions(code) || substitutions(&format!("{code}/"))
}

fn substitutions(code: &str) -> bool {
    let s: Vec<char> = code.chars().collect();
    let mut i = 0;
    let mut any = false;
    loop {
        while i < s.len() && (s[i].is_whitespace() || s[i] == ';') {
            i += 1;
        }
        if i >= s.len() {
            return any;
        }
        if s[i] != 's' || i + 1 >= s.len() {
            return false;
        }
        let delim = s[i + 1];
        if delim.is_alphanumeric()
            || delim.is_whitespace()
            || matches!(
                delim,
                '_' | '{' | '(' | '[' | '<' | '}' | ')' | ']' | '>' | '\'' | '#'
            )
        {
            return false;
        }
        i += 2;
        for _ in 0..2 {
            loop {
                match s.get(i) {
                    None => return false,
                    Some('\\') => i += 2,
                    Some(c) if *c == delim => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            }
        }
        while i < s.len() && s[i].is_ascii_alphabetic() {
            if !matches!(s[i], 'g' | 'i' | 'm' | 's' | 'x' | 'r') {
                return false;
            }
            i += 1;
        }
        any = true;
        if i < s.len() && !(s[i] == ';' || s[i].is_whitespace()) {
            return false;
        }
    }
}

/// yq's filter word when it edits in place (`-i`, `--inplace`) and the filter loads no file and
/// reads no environment variable (`load`, `env`, `strenv`, `envsubst`, `eval`).
fn yq_program(words: &[crate::Word]) -> Option<Vec<usize>> {
    const FLAGS: &[&str] = &["-P", "--prettyPrint", "-e", "--exit-status"];
    let mut in_place = false;
    for w in words.iter().skip(1).filter(|w| w.kind == WordKind::Flag) {
        match w.text.as_str() {
            "-i" | "--inplace" => in_place = true,
            t if FLAGS.contains(&t) => {}
            _ => return None,
        }
    }
    let mask = super::data::program_words(words);
    let program: Vec<usize> = (1..words.len().min(64))
        .filter(|i| mask & (1 << i) != 0)
        .collect();
    let plain = program.iter().all(|&i| {
        let f = words[i].text.to_ascii_lowercase();
        !["load", "env", "eval", "file_index"]
            .iter()
            .any(|k| f.contains(k))
    });
    (in_place && plain).then_some(program)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perl_code_of_substitutions_alone() {
        for (code, ok) in [
            (r"s/\bcolour\b/color/g", true),
            ("s/a/b/; s|c|d|gi", true),
            ("s/^version = .*/version = \"1.4.0\"", true),
            ("s/a/system('id')/e", false),
            ("s/a/@{[ `id` ]}/", false),
            ("s/(?{ system 1 })a/b/", false),
            ("print 1", false),
            ("s/a/b/; unlink 'x'", false),
            ("s{a}{b}", false),
        ] {
            assert_eq!(perl_substitutions(code), ok, "{code}");
        }
    }

    #[test]
    fn source_config_and_docs_are_editable_text() {
        for (path, ok) in [
            ("package.json", true),
            ("Cargo.toml", true),
            ("src/api/a.ts", true),
            ("docs/x.md", true),
            ("policy/rules.yaml", true),
            ("LICENSE", true),
            ("file.txt", false),
            (".env", false),
            ("notes", false),
        ] {
            assert_eq!(editable_text(path), ok, "{path}");
        }
    }
}
