//! Candidate patterns: the canonical simple command generalised to what a KG synonym should say.

use crate::LearnConfig;

const SCRIPT_EXTENSIONS: &[&str] = &[
    ".sh", ".bash", ".zsh", ".fish", ".py", ".pyw", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts",
    ".rb", ".pl", ".php", ".lua", ".ps1", ".bat", ".cmd", ".exe", ".jar", ".r", ".tcl",
];

/// The candidate pattern of one canonical simple command (its canonical words joined by spaces),
/// or `None` when it must never become a pattern.
///
/// The pattern is the command name, plus its subcommand for commands that have subcommands
/// (`cargo test -p foo --release` -> `cargo test`, `ls -la src` -> `ls`); it is never broader than
/// that (`cargo --version` has no subcommand, so no candidate) and never a shell, interpreter,
/// wrapper or script (`bash`, `python3.12`, `sudo`, `./deploy.sh`).
pub fn candidate_pattern(canonical: &str, config: &LearnConfig) -> Option<String> {
    let mut words = canonical.split_ascii_whitespace();
    let first = words.next()?;
    let command = first.rsplit('/').next().unwrap_or(first);
    if !is_command_word(command) || is_script(command) || is_interpreter(command, config) {
        return None;
    }
    if !config.has_subcommands(command) {
        return Some(command.to_owned());
    }
    let sub = words.next()?;
    if !is_subcommand_word(sub) {
        return None;
    }
    let pair = format!("{command} {sub}");
    if config.is_never_candidate(&pair) {
        None
    } else {
        Some(pair)
    }
}

fn is_command_word(w: &str) -> bool {
    let mut chars = w.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '+' | '@' | '-'))
}

fn is_subcommand_word(w: &str) -> bool {
    let mut chars = w.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && w.len() <= 40
        && chars.all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '_' | ':' | '-')
        })
        && !w.contains("::")
}

fn is_script(command: &str) -> bool {
    let lower = command.to_ascii_lowercase();
    SCRIPT_EXTENSIONS.iter().any(|ext| lower.ends_with(ext))
}

/// `python3.12`, `node18`, `bash5` are their interpreters.
fn is_interpreter(command: &str, config: &LearnConfig) -> bool {
    if config.is_never_candidate(command) {
        return true;
    }
    let stem = command.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-');
    !stem.is_empty() && stem != command && config.is_never_candidate(stem)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn check(canonical: &str, expected: Option<&str>) {
        let got = candidate_pattern(canonical, &LearnConfig::default());
        pretty_assertions::assert_eq!(got.as_deref(), expected, "candidate of `{canonical}`");
    }

    #[test]
    fn generalises_to_command_and_subcommand() {
        let table: &[(&str, Option<&str>)] = &[
            ("cargo test -p foo --release", Some("cargo test")),
            ("cargo test", Some("cargo test")),
            ("git status", Some("git status")),
            ("git push --force origin main", Some("git push")),
            ("/usr/bin/git log --oneline", Some("git log")),
            ("ls -la src", Some("ls")),
            ("grep -r foo src", Some("grep")),
            ("rg TODO", Some("rg")),
            ("npm run build", Some("npm run")),
            ("cargo --version", None),
            ("git -C /tmp/x status", None),
            ("cargo +nightly build", None),
            ("git PUSH", None),
            ("bash -c ls", None),
            ("sh script.sh", None),
            ("python3 x.py", None),
            ("python3.12 -m pytest", None),
            ("node18 index.js", None),
            ("sudo ls", None),
            ("env FOO=1 ls", None),
            ("xargs rm", None),
            ("timeout 5 cargo test", None),
            ("npx prettier", None),
            ("uv run pytest", None),
            ("npm exec foo", None),
            ("docker run alpine", None),
            ("deploy.sh --prod", None),
            ("./x.py", None),
            ("FOO=1", None),
            ("$(echo)", None),
            ("", None),
        ];
        for (canonical, expected) in table {
            check(canonical, *expected);
        }
    }

    #[test]
    fn config_extends_the_lists() {
        let config = LearnConfig {
            extra_never_candidates: vec!["make deploy".into(), "jq".into()],
            extra_subcommand_commands: vec!["mytool".into()],
            ..LearnConfig::default()
        };
        for (canonical, expected) in [
            ("make deploy", None),
            ("make test", Some("make test")),
            ("jq .", None),
            ("mytool sync -v", Some("mytool sync")),
        ] {
            assert_eq!(
                candidate_pattern(canonical, &config).as_deref(),
                expected,
                "{canonical}"
            );
        }
    }
}
