//! Credentials printed into the transcript. A command's output goes to the agent, whose
//! transcript leaves the machine: `echo $GITHUB_TOKEN` or `printenv NPM_TOKEN` hands the token to
//! whoever reads it, as `cat ~/.aws/credentials` hands the key file. The same value piped into
//! the program that uses it (`echo "$T" | gh auth login --with-token`) or written to a file is
//! not printed. `printenv` given only names that hold no credential (`printenv PATH HOME`)
//! prints those, not the environment.

use terraphim_shell_vocab::secrets::secret_env;

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// The credential-named variable a part prints to its standard output, if any: `echo` or
/// `printf` words expanding one, or `printenv` naming one, outside any pipeline, with no redirect
/// and not inside a substitution. (The words are read unquoted: `echo '$GITHUB_TOKEN'`, which
/// prints the name, is taken as printing the value, a stricter reading.)
pub(super) fn printed_secret(cmd: &SimpleCommand) -> Option<String> {
    if !matches!(cmd.name(), "printenv" | "echo" | "printf")
        || cmd.pipeline.is_some()
        || cmd.into.is_some()
        || cmd.words.iter().any(|w| w.kind == WordKind::Redirect)
    {
        return None;
    }
    let args = cmd.argv.get(1..).unwrap_or_default();
    match cmd.name() {
        "printenv" => args
            .iter()
            .find(|a| !a.starts_with('-') && secret_env(a))
            .cloned(),
        "echo" | "printf" => args
            .iter()
            .flat_map(|a| expanded_values(a))
            .find(|v| secret_env(v)),
        _ => None,
    }
}

/// The search tools whose matching lines go to the output unless an option says otherwise.
const LINE_SEARCHES: &[&str] = &["grep", "egrep", "fgrep", "zgrep", "rg", "ag", "ack"];

/// Whether a search or filter of a credential store (the KG's `credential file searched`) prints
/// the lines it reads: a search tool without an option that prints only a status, a count or
/// file names (`-q`, `-c`, `-l`, `-L` and their long forms), `cut`, `sort`, `uniq`, `column`
/// (whatever they read they print; `sort -c` only checks), an awk program that prints, or `sed`
/// without `-n`, printed to the transcript (no pipe, substitution or redirect takes the output).
/// Those print keys and tokens as `cat FILE` does; the others stay a confined read.
pub(super) fn prints_searched_lines(cmd: &SimpleCommand) -> bool {
    // Its output goes to the transcript: no pipe, substitution or redirect takes it.
    if cmd.pipeline.is_some()
        || cmd.into.is_some()
        || cmd.words.iter().any(|w| w.kind == WordKind::Redirect)
    {
        return false;
    }
    let args = cmd.argv.get(1..).unwrap_or_default();
    let short = |letters: &str| {
        args.iter().any(|a| {
            a.len() > 1
                && a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].chars().any(|c| letters.contains(c))
        })
    };
    let long = |names: &[&str]| {
        args.iter()
            .any(|a| names.contains(&a.split('=').next().unwrap_or_default()))
    };
    let search = LINE_SEARCHES.contains(&cmd.name())
        || (cmd.name() == "git" && args.first().is_some_and(|a| a == "grep"));
    if search {
        // `-f FILE` reads the patterns from FILE: the lines printed are another file's.
        return !short("qclLf")
            && !long(&["--file"])
            && !long(&[
                "--quiet",
                "--silent",
                "--count",
                "--count-matches",
                "--files-with-matches",
                "--files-without-match",
                "--files",
            ]);
    }
    match cmd.name() {
        "cut" | "uniq" | "column" => true,
        "sort" => !short("cC") && !long(&["--check"]),
        "awk" | "gawk" | "mawk" | "nawk" => args.iter().any(|a| a.contains("print")),
        "sed" | "gsed" => !short("n") && !long(&["--quiet", "--silent"]),
        _ => false,
    }
}

/// Whether a `printenv` part names the variables it prints (`printenv PATH`), none of which
/// holds a credential.
pub(super) fn printenv_of_plain_variables(cmd: &SimpleCommand) -> bool {
    let names: Vec<&String> = cmd
        .argv
        .iter()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    cmd.name() == "printenv" && !names.is_empty() && names.iter().all(|n| !secret_env(n))
}

/// The variables whose values a word prints (`$X`, `${X}`, `${X:-d}`); not a length
/// (`${#X}`), a test of being set (`${X:+set}`) or an array of words.
fn expanded_values(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = word;
    while let Some(at) = rest.find('$') {
        rest = &rest[at + 1..];
        let braced = rest.strip_prefix('{');
        let body = braced.unwrap_or(rest);
        let name: String = body
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let after = &body[name.len()..];
        let value_printed = braced.is_none()
            || !(after.starts_with(":+") || after.starts_with('+') || after.starts_with('['));
        if !name.is_empty() && value_printed && !name.starts_with(|c: char| c.is_ascii_digit()) {
            out.push(name);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::printed_secret;

    #[test]
    fn credentials_printed_to_the_transcript() {
        for (line, want) in [
            ("echo $GITHUB_TOKEN", Some("GITHUB_TOKEN")),
            ("echo \"token: ${NPM_TOKEN}\"", Some("NPM_TOKEN")),
            ("printf '%s\\n' \"$OPENAI_API_KEY\"", Some("OPENAI_API_KEY")),
            (
                "printenv AWS_SECRET_ACCESS_KEY",
                Some("AWS_SECRET_ACCESS_KEY"),
            ),
            // used, written, tested or named only
            ("echo \"$GITHUB_TOKEN\" | gh auth login --with-token", None),
            ("echo \"$NPM_TOKEN\" > .token", None),
            ("echo ${GITHUB_TOKEN:+set}", None),
            ("echo ${#GITHUB_TOKEN}", None),
            ("echo GITHUB_TOKEN", None),
            ("echo $AWS_REGION", None),
            ("printenv PATH", None),
        ] {
            let parsed = crate::parse::parse(line);
            let got = parsed.commands.iter().find_map(printed_secret);
            assert_eq!(got.as_deref(), want, "{line}");
        }
    }
}
