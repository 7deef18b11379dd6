//! The environment filtered for named variables (`env | grep PATH`, `printenv | grep -E
//! '^(JAVA|GRADLE)_'`): `env` alone prints every variable, tokens included (`environment
//! dump`); piped straight into a search whose patterns name variables that hold no credential,
//! only those lines reach the output. The rule `filtered_environment` in `decide.rs` allows the
//! `env` part when the next stage of its pipeline is `grep`, `egrep` or `rg` reading its input
//! with options that only choose how to match (no `-v`, no context lines, no pattern file), and
//! every word of every pattern is a name of three or more characters that
//! `terraphim_shell_vocab::secrets::secret_env` does not call a credential and that names no
//! credential word (`KEY`, `TOKEN`, `AUTH`, ...).

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Options of a search that only choose how it matches or what it prints of a matching line.
const MATCH_FLAGS: &[&str] = &[
    "-E", "-F", "-G", "-P", "-i", "-w", "-x", "-n", "-c", "-o", "-e", "-s", "-q", "--color",
    "--colour",
];

/// Words that name a credential, in a pattern.
const CREDENTIAL_WORDS: &[&str] = &[
    "KEY", "TOKEN", "SECRET", "PASS", "AUTH", "CRED", "COOKIE", "SESSION", "PRIVATE", "AWS", "API",
    "CERT", "SALT",
];

/// Whether `cmds[ci]` is a bare `env` or `printenv` whose output goes only through a search for
/// variables that hold no credential (see the module documentation).
pub(crate) fn filtered_environment(cmds: &[SimpleCommand], ci: usize) -> bool {
    let cmd = &cmds[ci];
    if !matches!(cmd.name(), "env" | "printenv") || cmd.words.len() != 1 || !cmd.layers.is_empty() {
        return false;
    }
    let Some((id, stage)) = cmd.pipeline else {
        return false;
    };
    let Some(search) = cmds
        .iter()
        .find(|c| c.pipeline == Some((id, stage + 1)) && c.layers.is_empty())
    else {
        return false;
    };
    if !matches!(search.name(), "grep" | "egrep" | "rg") {
        return false;
    }
    let mut patterns = 0;
    for w in search.words.iter().skip(1) {
        match w.kind {
            WordKind::Flag if MATCH_FLAGS.contains(&w.text.as_str()) => {}
            WordKind::Operand if plain_pattern(&w.text) => patterns += 1,
            _ => return false,
        }
    }
    patterns > 0
}

/// Programs that put their input on the desktop's clipboard (`xclip`/`xsel` unless told to print
/// it back out).
const CLIPBOARD_WRITERS: &[&str] = &[
    "pbcopy",
    "wl-copy",
    "clip.exe",
    "clip",
    "xclip",
    "xsel",
    "copyq",
    "termux-clipboard-set",
];

/// Whether `cmds[ci]` dumps the whole environment (`env`, `printenv`, `export -p`, `declare
/// -x`, with no operand) into a pipeline that ends on the clipboard (`printenv | pbcopy`, `env |
/// sort | xclip -sel c`): every token and key of the session then sits where every program of
/// the desktop, clipboard managers and their sync read it. A dump filtered for variables that
/// hold no credential (`filtered_environment`) is not one.
pub(crate) fn environment_to_clipboard(cmds: &[SimpleCommand], ci: usize) -> bool {
    let cmd = &cmds[ci];
    let dump = match cmd.name() {
        "env" | "printenv" => cmd.words.len() == 1,
        "export" | "declare" | "typeset" => {
            cmd.words.len() == 2 && matches!(cmd.words[1].text.as_str(), "-p" | "-x" | "-px")
        }
        _ => false,
    };
    if !dump || filtered_environment(cmds, ci) {
        return false;
    }
    let Some((id, stage)) = cmd.pipeline else {
        return false;
    };
    cmds.iter().any(|c| {
        c.pipeline.is_some_and(|(i, s)| i == id && s > stage)
            && CLIPBOARD_WRITERS.contains(&c.name())
            && !c.words.iter().skip(1).any(|w| {
                matches!(
                    w.text.as_str(),
                    "-o" | "-out" | "--output" | "-h" | "--help"
                )
            })
    })
}

/// Whether a search pattern names variables only: its words (runs of letters, digits and `_`
/// between regular-expression syntax) are each at least three characters, hold no credential
/// word, and the pattern holds nothing but words, `^ $ ( ) | _ = \` and `.*`.
fn plain_pattern(pattern: &str) -> bool {
    if !pattern
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "^$()|_=\\.*".contains(c))
    {
        return false;
    }
    let words: Vec<&str> = pattern
        .split(|c: char| !(c.is_ascii_alphanumeric()))
        .filter(|w| !w.is_empty())
        .collect();
    !words.is_empty()
        && words.iter().all(|w| {
            let up = w.to_ascii_uppercase();
            w.len() >= 3
                && !terraphim_shell_vocab::secrets::secret_env(w)
                && up != "PAT"
                && !CREDENTIAL_WORDS.iter().any(|c| up.contains(c))
        })
}

#[cfg(test)]
mod tests {
    use super::{environment_to_clipboard, plain_pattern};

    #[test]
    fn the_whole_environment_put_on_the_clipboard() {
        for (line, want) in [
            ("printenv | pbcopy", true),
            ("env | sort | xclip -selection clipboard", true),
            ("export -p | wl-copy", true),
            ("printenv | xsel -b -i", true),
            // A named variable, a filtered dump, the clipboard read back, a file.
            ("printenv PATH | pbcopy", false),
            ("env | grep -E '^(JAVA|GRADLE)_' | pbcopy", false),
            ("env | xclip -o", false),
            ("env | sort > env.txt", false),
            ("git diff | pbcopy", false),
        ] {
            let parsed = crate::parse::parse(line);
            let got =
                (0..parsed.commands.len()).any(|ci| environment_to_clipboard(&parsed.commands, ci));
            assert_eq!(got, want, "{line}");
        }
    }

    #[test]
    fn patterns_that_name_variables_only() {
        for (p, ok) in [
            ("PATH", true),
            ("^(JAVA|GRADLE)_", true),
            ("^APP_", true),
            ("proxy", true),
            ("TOKEN", false),
            ("AWS_", false),
            ("_", false),
            (".", false),
            ("^A", false),
            ("[A-Z]", false),
            ("GITHUB_PAT", false),
        ] {
            assert_eq!(plain_pattern(p), ok, "{p}");
        }
    }
}
