//! What a `package.json` makes package managers run by themselves: the install hooks (npm,
//! pnpm, yarn and bun run a package's `preinstall`, `install`, `postinstall`, `prepare`... on
//! every install, outside any sandbox), and the hooks a text sets (a jq filter, `npm pkg set`,
//! JSON written by `echo` or a heredoc), so the guard and the script review judge a planted
//! hook's command as code that will run.
//!
//! ```
//! use terraphim_shell_vocab::manifest::hooks_set;
//!
//! let set = hooks_set(r#".scripts.postinstall = "node x.js""#);
//! assert_eq!(set, vec![("postinstall", "node x.js".to_string())]);
//! assert!(hooks_set(r#"{"test": "vitest"}"#).is_empty());
//! ```

/// The `package.json` scripts package managers run by themselves.
pub const INSTALL_HOOKS: &[&str] = &[
    "preinstall",
    "install",
    "postinstall",
    "prepare",
    "preprepare",
    "postprepare",
    "prepublish",
    "prepublishOnly",
    "prepack",
    "postpack",
    "dependencies",
];

/// The `package.json` scripts developers and CI run by name (`npm test`, `npm run build`,
/// `npm start`): a command planted there runs on the next test or build, unread.
pub const RUN_SCRIPTS: &[&str] = &[
    "test",
    "pretest",
    "posttest",
    "start",
    "prestart",
    "build",
    "prebuild",
    "postbuild",
    "lint",
];

/// The command text of a JSON string starting at `s` (just after its opening quote), unescaped
/// once: `node -e \"x\"` is `node -e "x"`.
fn json_string(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    out
}

/// Every `(hook, command)` a text sets: `"hook": "CMD"`, `.hook = "CMD"`, `scripts.hook=CMD`.
pub fn hooks_set(text: &str) -> Vec<(&'static str, String)> {
    scripts_named(text, INSTALL_HOOKS)
}

/// Every `(script, command)` a text sets for the [`INSTALL_HOOKS`] and the [`RUN_SCRIPTS`].
pub fn scripts_set(text: &str) -> Vec<(&'static str, String)> {
    let mut out = scripts_named(text, INSTALL_HOOKS);
    out.extend(scripts_named(text, RUN_SCRIPTS));
    out
}

fn scripts_named(text: &str, names: &[&'static str]) -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for hook in names {
        let mut from = 0;
        while let Some(at) = text[from..].find(hook) {
            let start = from + at;
            let end = start + hook.len();
            from = end;
            let before = text[..start].chars().next_back();
            let after_name = text[end..].chars().next();
            // The whole key: `"install"`, `.install`, `scripts.install`, not `reinstall`
            // or `installer`.
            let quoted = before == Some('"') && after_name == Some('"');
            let dotted = before == Some('.') && !after_name.is_some_and(is_name_char);
            if !(quoted || dotted) {
                continue;
            }
            let rest = &text[end + usize::from(quoted)..];
            // `.scripts["postinstall"] = ...`: the key in brackets.
            let bracketed = quoted && text[..start - 1].ends_with('[');
            let rest = match rest.strip_prefix(']') {
                Some(r) if bracketed => r,
                _ => rest,
            };
            let rest = rest.trim_start();
            let Some(op) = rest.chars().next().filter(|c| matches!(c, ':' | '=')) else {
                continue;
            };
            let value = rest[op.len_utf8()..].trim_start();
            // `|=` and `==` compare or update; only a plain assignment or a key sets it.
            if value.starts_with('=') {
                continue;
            }
            let command = if let Some(v) = value.strip_prefix('"') {
                json_string(v)
            } else if let Some(v) = alternative_default(value).filter(|_| op == '=') {
                // `.scripts.postinstall = (.scripts.postinstall // "CMD")`: CMD unless the
                // script was already set.
                json_string(v)
            } else if dotted && op == '=' && !value.is_empty() {
                // `npm pkg set scripts.postinstall=CMD`: the rest of the word, as the shell
                // left it.
                value.to_string()
            } else {
                continue;
            };
            if !command.trim().is_empty() {
                out.push((*hook, command));
            }
        }
    }
    out
}

/// The string after jq's alternative operator in a value (`(.x // "CMD")`, `.x // "CMD"`),
/// just after its opening quote; `None` when a pipe or the group's end comes first.
fn alternative_default(value: &str) -> Option<&str> {
    let at = value.find("// \"")?;
    let before = &value[..at];
    if before.contains(['|', ')', ',']) {
        return None;
    }
    Some(&value[at + 4..])
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Whether `word` names a `package.json` (a path ending in it, a redirect to it).
pub fn names_manifest(word: &str) -> bool {
    let w = word
        .trim_start_matches(['>', '<'])
        .trim_matches(['"', '\'']);
    w == "package.json" || w.ends_with("/package.json")
}

/// The hooks a command's `texts` (its words, its input) write: every text when the command
/// names a manifest (`manifest`), else the texts that name the `scripts` object they write into
/// (the manifest may be a path the line computes, `"$pj"`, or a temp file moved over it).
pub fn hooks_written<'a>(
    manifest: bool,
    texts: impl Iterator<Item = &'a str>,
) -> Vec<(&'static str, String)> {
    written(manifest, texts, hooks_set)
}

/// As [`hooks_written`], for the install hooks and the [`RUN_SCRIPTS`].
pub fn scripts_written<'a>(
    manifest: bool,
    texts: impl Iterator<Item = &'a str>,
) -> Vec<(&'static str, String)> {
    written(manifest, texts, scripts_set)
}

fn written<'a>(
    manifest: bool,
    texts: impl Iterator<Item = &'a str>,
    set: fn(&str) -> Vec<(&'static str, String)>,
) -> Vec<(&'static str, String)> {
    texts
        .filter(|t| manifest || t.contains("scripts"))
        .flat_map(set)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::hooks_set;

    #[test]
    fn finds_the_hooks_a_text_sets() {
        let rows: &[(&str, &[(&str, &str)])] = &[
            (
                r#".scripts.postinstall = "node x.js""#,
                &[("postinstall", "node x.js")],
            ),
            (
                r#".scripts += {"preinstall": "sh -c \"id\""}"#,
                &[("preinstall", r#"sh -c "id""#)],
            ),
            ("scripts.prepare=husky", &[("prepare", "husky")]),
            (
                r#".scripts["postinstall"] = (.scripts["postinstall"] // "node x.js")"#,
                &[("postinstall", "node x.js")],
            ),
            (
                r#".scripts.prepare = .scripts.prepare // "husky""#,
                &[("prepare", "husky")],
            ),
            (
                r#"{"scripts": {"install": "make"}}"#,
                &[("install", "make")],
            ),
            // Reads, comparisons and look-alike names set nothing.
            (".scripts.postinstall", &[]),
            (r#".scripts.postinstall == "x""#, &[]),
            (r#"{"reinstall": "x", "installer": "y"}"#, &[]),
            (r#"{"test": "vitest"}"#, &[]),
        ];
        for (text, want) in rows {
            let got = hooks_set(text);
            let got: Vec<(&str, &str)> = got.iter().map(|(h, c)| (*h, c.as_str())).collect();
            assert_eq!(&got, want, "{text}");
        }
    }
}
