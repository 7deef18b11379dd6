//! Words that are data to the command that reads them: the pattern a search tool looks for
//! (`grep -n authorized_keys docs/x.md`, `rg '/dev/tcp' src`) is neither a path it opens nor a
//! command it runs, so no KG pattern's target may match it.

use crate::canon::{Word, WordKind};

/// A search tool: its name (and subcommand), the options that take the next word as a value
/// that is no pattern, and the options whose value is a pattern.
struct SearchTool {
    name: &'static str,
    sub: Option<&'static str>,
    values: &'static [&'static str],
    patterns: &'static [&'static str],
    /// Options whose value is a file of patterns: the tool has no pattern operand then.
    pattern_files: &'static [&'static str],
    /// Options with which the tool lists the files it would search and takes no pattern
    /// (`rg --files DIR`, `ack -f DIR`): every operand is a path.
    lists_files: &'static [&'static str],
    /// Whether an operand can be the pattern (`grep PATTERN FILE`). `git log` takes its search
    /// strings only as option values (`--grep=TEXT`, `-S TEXT`, `-G REGEX`, `--author=NAME`);
    /// its operands are revisions and paths, and stay what they are.
    operand_pattern: bool,
}

const GREP_VALUES: &[&str] = &[
    "-A",
    "-B",
    "-C",
    "-m",
    "-d",
    "-D",
    "--max-count",
    "--context",
    "--after-context",
    "--before-context",
    "--include",
    "--exclude",
    "--exclude-dir",
    "--exclude-from",
    "--label",
    "--color",
    "--colour",
    "--binary-files",
    "--devices",
    "--directories",
];

/// grep and its spellings: the same options.
const fn grep_like(name: &'static str) -> SearchTool {
    SearchTool {
        name,
        sub: None,
        values: GREP_VALUES,
        patterns: &["-e", "--regexp"],
        pattern_files: &["-f", "--file"],
        lists_files: &[],
        operand_pattern: true,
    }
}

/// git's commands that walk the history and search its messages, authors or changes for a
/// text their options give: the text is what they look for, never a path they open.
const fn git_history_search(sub: &'static str) -> SearchTool {
    SearchTool {
        name: "git",
        sub: Some(sub),
        values: &[],
        patterns: &[
            "--grep",
            "--grep-reflog",
            "--author",
            "--committer",
            "-S",
            "-G",
        ],
        pattern_files: &[],
        lists_files: &[],
        operand_pattern: false,
    }
}

const SEARCH_TOOLS: &[SearchTool] = &[
    grep_like("grep"),
    grep_like("egrep"),
    grep_like("fgrep"),
    grep_like("zgrep"),
    SearchTool {
        name: "git",
        sub: Some("grep"),
        values: &[
            "-A",
            "-B",
            "-C",
            "-m",
            "--max-count",
            "--context",
            "--after-context",
            "--before-context",
            "--max-depth",
            "--threads",
            "--color",
            "--open-files-in-pager",
        ],
        patterns: &["-e"],
        pattern_files: &["-f"],
        lists_files: &[],
        operand_pattern: true,
    },
    SearchTool {
        name: "rg",
        sub: None,
        values: &[
            "-A",
            "-B",
            "-C",
            "-m",
            "-g",
            "-t",
            "-T",
            "-j",
            "-M",
            "-r",
            "-E",
            "--max-count",
            "--context",
            "--after-context",
            "--before-context",
            "--glob",
            "--iglob",
            "--type",
            "--type-not",
            "--type-add",
            "--threads",
            "--max-columns",
            "--replace",
            "--encoding",
            "--ignore-file",
            "--sort",
            "--sortr",
            "--color",
            "--colors",
            "--max-depth",
            "--max-filesize",
            "--path-separator",
            "--engine",
            "--context-separator",
            "--field-match-separator",
        ],
        patterns: &["-e", "--regexp"],
        pattern_files: &["-f", "--file"],
        lists_files: &["--files"],
        operand_pattern: true,
    },
    SearchTool {
        name: "ag",
        sub: None,
        values: &[
            "-A",
            "-B",
            "-C",
            "-G",
            "-g",
            "-m",
            "--ignore",
            "--ignore-dir",
            "--file-search-regex",
            "--depth",
            "--context",
            "--after",
            "--before",
            "--max-count",
            "--pager",
        ],
        // `-g PATTERN` matches file names: its value is the pattern, the operands are paths.
        patterns: &["-g", "--file-search-regex"],
        pattern_files: &[],
        lists_files: &[],
        operand_pattern: true,
    },
    SearchTool {
        name: "ack",
        sub: None,
        values: &[
            "-A",
            "-B",
            "-C",
            "-m",
            "--type",
            "--ignore-dir",
            "--ignore-file",
            "--output",
            "--max-count",
            "--context",
            "--after-context",
            "--before-context",
        ],
        patterns: &["--match", "-g"],
        pattern_files: &[],
        lists_files: &["-f"],
        operand_pattern: true,
    },
    git_history_search("log"),
    git_history_search("shortlog"),
    git_history_search("rev-list"),
    git_history_search("whatchanged"),
];

/// The words of a simple command that are data to it (bit `i` for word `i`): a search tool's
/// pattern, the first operand that is no option's value, or each value of its pattern option
/// (`-e PATTERN`). None with a file of patterns (`-f FILE`: that file is read).
pub(crate) fn data_words(words: &[Word]) -> u64 {
    let Some(name) = words.first() else {
        return 0;
    };
    // A file test (`test -f .env`, `[ -d node_modules ]`) asks whether a path exists or what
    // kind it is, and reads nothing in it: its operands are data (a redirect stays a write).
    if matches!(name.text.as_str(), "test" | "[") {
        return words
            .iter()
            .enumerate()
            .skip(1)
            .take(63)
            .filter(|(_, w)| w.kind == WordKind::Operand)
            .fold(0, |m, (i, _)| m | (1 << i));
    }
    // `git check-ignore .env`, `git check-attr diff -- .env`: git answers from its ignore and
    // attribute rules whether they apply to the paths, and opens none of them.
    if name.text == "git" {
        let sub = words
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, w)| w.kind == WordKind::Operand && !w.follows_flag);
        if let Some((at, w)) = sub
            && matches!(w.text.as_str(), "check-ignore" | "check-attr")
        {
            return words
                .iter()
                .enumerate()
                .skip(at + 1)
                .take(64usize.saturating_sub(at + 1))
                .filter(|(_, w)| w.kind == WordKind::Operand)
                .fold(0, |m, (i, _)| m | (1 << i));
        }
    }
    // `git grep`, `git log`: the subcommand is the first operand that is no option's value.
    let sub_at = || {
        words
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, w)| w.kind == WordKind::Operand && !w.follows_flag)
    };
    let Some((tool, start)) = SEARCH_TOOLS
        .iter()
        .filter(|t| t.name == name.text)
        .find_map(|t| match t.sub {
            None => Some((t, 1)),
            Some(sub) => match sub_at() {
                Some((i, w)) if w.text == sub => Some((t, i + 1)),
                _ => None,
            },
        })
    else {
        return 0;
    };
    let flag = |i: usize, list: &[&str]| {
        i > 0 && words[i - 1].kind == WordKind::Flag && list.contains(&words[i - 1].text.as_str())
    };
    let rest = || {
        words
            .iter()
            .enumerate()
            .skip(start)
            .take(64 - start.min(64))
    };
    if rest().any(|(_, w)| {
        w.kind == WordKind::Flag
            && (tool.pattern_files.contains(&w.text.as_str())
                || tool.lists_files.contains(&w.text.as_str()))
    }) {
        return 0;
    }
    let mut mask = 0u64;
    let mut by_option = false;
    for (i, w) in rest() {
        // A repeated option is kept once (`-e x -e y` reads `-e x y`): a value right after a
        // pattern value is one too.
        let after_pattern = i > 0 && mask & (1 << (i - 1)) != 0;
        if w.kind == WordKind::Operand
            && w.follows_flag
            && (flag(i, tool.patterns) || after_pattern)
        {
            mask |= 1 << i;
            by_option = true;
        }
    }
    if by_option || !tool.operand_pattern {
        return mask;
    }
    rest()
        .find(|&(i, w)| {
            w.kind == WordKind::Operand
                && w.text != "--"
                && !(w.follows_flag && flag(i, tool.values))
        })
        .map_or(0, |(i, _)| 1 << i)
}

/// The words of a simple command that are a program's text, not a path (bit `i` for word
/// `i`): sed's script (`sed -i '/^#/d' f`, whose `/^#/d` names no file), awk's program, jq's
/// and yq's filter. Their text stays matched by the KG (`sed 'e *'` runs a command); they only
/// get no path class.
pub(crate) fn program_words(words: &[Word]) -> u64 {
    let Some(name) = words.first() else {
        return 0;
    };
    let (by_option, files): (&[&str], &[&str]) = match name.text.as_str() {
        "sed" | "gsed" => (&["-e", "--expression"], &["-f", "--file"]),
        "awk" | "gawk" | "mawk" | "nawk" => (&["-e", "--source"], &["-f", "--file"]),
        "jq" | "yq" | "gojq" => (&[], &["-f", "--from-file"]),
        _ => return 0,
    };
    let values: &[&str] = &["-F", "-v", "--assign", "--arg", "--argjson", "-s", "-l"];
    let prev_is = |i: usize, list: &[&str]| {
        i > 0 && words[i - 1].kind == WordKind::Flag && list.contains(&words[i - 1].text.as_str())
    };
    let all = || words.iter().enumerate().skip(1).take(63);
    let mut mask = 0u64;
    for (i, w) in all() {
        if w.kind == WordKind::Operand && w.follows_flag && prev_is(i, by_option) {
            mask |= 1 << i;
        }
    }
    if mask != 0 || all().any(|(_, w)| w.kind == WordKind::Flag && files.contains(&w.text.as_str()))
    {
        return mask;
    }
    all()
        .find(|&(i, w)| {
            w.kind == WordKind::Operand && w.text != "--" && !(w.follows_flag && prev_is(i, values))
        })
        .map_or(0, |(i, _)| 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::canonical_words;

    fn data(argv: &[&str]) -> Vec<String> {
        let argv: Vec<String> = argv.iter().map(|s| (*s).to_string()).collect();
        let words = canonical_words(&argv, &[]);
        let mask = data_words(&words);
        words
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, w)| w.text.clone())
            .collect()
    }

    #[test]
    fn a_program_text_is_no_path() {
        let program = |argv: &[&str]| {
            let argv: Vec<String> = argv.iter().map(|s| (*s).to_string()).collect();
            let words = canonical_words(&argv, &[]);
            let mask = program_words(&words);
            words
                .iter()
                .enumerate()
                .filter(|(i, _)| mask & (1 << i) != 0)
                .map(|(_, w)| w.text.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(program(&["sed", "-i", "/^#/d", "f"]), ["/^#/d"]);
        assert_eq!(program(&["sed", "-n", "-e", "/x/p", "f"]), ["/x/p"]);
        assert_eq!(program(&["sed", "-f", "s.sed", "f"]), Vec::<String>::new());
        assert_eq!(
            program(&["awk", "-F", ":", "{print $1}", "/etc/passwd"]),
            ["{print $1}"]
        );
        assert_eq!(program(&["jq", "-r", ".a", "x.json"]), [".a"]);
        assert_eq!(program(&["cat", "/x"]), Vec::<String>::new());
    }

    #[test]
    fn a_search_pattern_is_data() {
        let cases: &[(&[&str], &[&str])] = &[
            (
                &["grep", "-n", "authorized_keys", "docs/x.md"],
                &["authorized_keys"],
            ),
            (&["rg", "/dev/tcp", "src"], &["/dev/tcp"]),
            (&["rg", "-t", "rust", "-n", "id_rsa", "src"], &["id_rsa"]),
            (&["rg", "--type=rust", "id_rsa", "src"], &["id_rsa"]),
            (&["grep", "-A", "3", "-e", "x", "-e", "y", "f"], &["x", "y"]),
            (&["grep", "-r", "--", "-rf", "."], &["-rf"]),
            (&["git", "grep", "-n", "TODO"], &["TODO"]),
            // listing files: no pattern, or the file-name pattern is an option's value
            (&["rg", "--files", "~/old"], &[]),
            (&["ack", "-f", "~/old"], &[]),
            (&["ag", "-g", "id_rsa", "~/.ssh"], &["id_rsa"]),
            (&["git", "-C", "sub", "grep", "x"], &["x"]),
            (&["ag", "-G", "py$", "secret", "."], &["secret"]),
            // A file of patterns is read: no data word.
            (&["grep", "-f", "~/.ssh/id_rsa", "x"], &[]),
            (&["git", "log", "-n", "3"], &[]),
            // git's history searches: the option's text is data, an operand is a path.
            (
                &["git", "log", "--grep=authorized_keys", "--oneline"],
                &["authorized_keys"],
            ),
            (&["git", "log", "-S", "id_rsa", "-p"], &["id_rsa"]),
            (&["git", "log", "-G", "/etc/shadow"], &["/etc/shadow"]),
            (&["git", "log", "--", "authorized_keys"], &[]),
            (&["git", "log", "-p", "~/.ssh/id_rsa"], &[]),
            (&["cat", "id_rsa"], &[]),
        ];
        for (argv, want) in cases {
            assert_eq!(data(argv), *want, "{argv:?}");
        }
    }
}
