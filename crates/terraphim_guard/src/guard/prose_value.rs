//! Values of a long option that are prose: a name, a title, a preset or a message with blanks
//! (`--preset 'Fast 720p30'`, `--notebook 'Project Docs'`, `--title 'The Hobbit'`). A word with
//! a blank is no path to the classifier (a message, a program's text), so no path class covers
//! it, and a safe pattern whose operands are `<local>` failed on the blank alone, though
//! `--preset Fast720p30` passed. Such a value is classed as its spelling without blanks would
//! be (`Fast_720p30`: a word of the working directory), so the blank changes nothing.
//!
//! Not prose, so classed as before (no path), and the exclusions this rule names:
//! - the value of a short option (`-c 'reset halt'`, `-ex 'shell id'`, `-e 'x y'`: one letter
//!   says nothing of what the value is, and many are code);
//! - the value of an option whose name says it is code or a program (`--eval`, `--exec`,
//!   `--command`, `--run`, `--script`, `--filter`, `--rsync-path`, `--pager`, `--hook`...);
//! - a value spelling anything but letters, digits, blanks and `. , : _ + @ # %` (a `/` or
//!   `~` makes it a path, judged as one: `'footage/Day 2/a.mov'`, `'~/Library/Application
//!   Support'` outside stays outside; `$`, quotes, brackets, `=`, `;`, `|`, `&`, `*`, `!` make it
//!   code or a pattern), or a word starting with `-` (an option line for another program);
//! - a value whose first word is a program that runs others or changes the system (a shell,
//!   an interpreter, a wrapper, `sudo`, `rm`...);
//! - every option of a shell, an interpreter, a wrapper or a SQL client, whose values are code.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Parts of an option's name (split at `-`, `_` and `.`) that say its value is code, a program
/// or a setting that makes one run.
const CODE_NAME_PARTS: &[&str] = &[
    "action",
    "arg",
    "args",
    "argv",
    "askpass",
    "bash",
    "batch",
    "cc",
    "cmd",
    "code",
    "command",
    "commands",
    "compiler",
    "config",
    "cxx",
    "define",
    "do",
    "editor",
    "env",
    "eval",
    "exec",
    "execute",
    "expr",
    "expression",
    "filter",
    "flags",
    "hook",
    "hooks",
    "init",
    "interpreter",
    "javascript",
    "js",
    "launcher",
    "ld",
    "linker",
    "lua",
    "macro",
    "on",
    "options",
    "opts",
    "pack",
    "pager",
    "perl",
    "post",
    "pre",
    "preprocessor",
    "prog",
    "program",
    "proxy",
    "python",
    "query",
    "rc",
    "rsh",
    "rsync",
    "ruby",
    "run",
    "runner",
    "script",
    "scripts",
    "set",
    "sh",
    "shell",
    "sql",
    "ssh",
    "statement",
    "string",
    "template",
    "then",
    "toolexec",
    "var",
    "vars",
    "wrapper",
];

/// Programs that, as a value's first word, make it a command line rather than a name.
const COMMAND_WORDS: &[&str] = &[
    "rm",
    "rmdir",
    "dd",
    "mkfs",
    "kill",
    "pkill",
    "killall",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "chmod",
    "chown",
    "mv",
    "cp",
    "curl",
    "wget",
    "nc",
    "ncat",
    "socat",
    "git",
    "ssh",
    "scp",
    "rsync",
    "make",
    "docker",
    "kubectl",
    "systemctl",
    "crontab",
    "truncate",
    "shred",
];

/// The indexes in `cmd.words` of the operands that are the prose value of a long option (see
/// the module's text).
pub(super) fn prose_values(cmd: &SimpleCommand) -> Vec<usize> {
    let name = cmd.name();
    if terraphim_shell_vocab::is_shell(name)
        || terraphim_shell_vocab::is_interpreter(name)
        || terraphim_shell_vocab::is_wrapper(name)
        || terraphim_shell_vocab::PRIVILEGED.contains(&name)
        || crate::canon::SQL_CLIENTS.contains(&name)
    {
        return Vec::new();
    }
    let mut values: Vec<&str> = Vec::new();
    let mut args = cmd.argv.iter().skip(1).peekable();
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        let Some(option) = arg.strip_prefix("--").filter(|o| !o.is_empty()) else {
            continue;
        };
        let (option, value) = match option.split_once('=') {
            Some((o, v)) => (o, Some(v)),
            None => (option, args.peek().map(|v| v.as_str())),
        };
        let Some(value) = value else { continue };
        if names_data(option) && is_prose(value) {
            values.push(value);
        }
    }
    if values.is_empty() {
        return Vec::new();
    }
    cmd.words
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, w)| {
            w.kind == WordKind::Operand && w.follows_flag && values.contains(&w.text.as_str())
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether an option's name (without its dashes) says nothing of code or programs.
fn names_data(option: &str) -> bool {
    !option
        .split(['-', '_', '.'])
        .any(|part| CODE_NAME_PARTS.contains(&part.to_ascii_lowercase().as_str()))
}

/// Whether a value is prose with a blank: words of letters, digits and `. , : _ + @ # %`
/// (and `-` inside a word), at most 200 bytes, its first word no program that runs others or
/// changes the system.
fn is_prose(value: &str) -> bool {
    let first = value.split(' ').next().unwrap_or("");
    value.len() <= 200
        && value.contains(' ')
        && value.chars().all(|c| {
            c.is_alphanumeric()
                || matches!(c, ' ' | '.' | ',' | ':' | '_' | '+' | '@' | '#' | '%' | '-')
        })
        && value.split(' ').all(|w| !w.starts_with('-'))
        && !terraphim_shell_vocab::is_shell(first)
        && !terraphim_shell_vocab::is_interpreter(first)
        && !terraphim_shell_vocab::is_wrapper(first)
        && !terraphim_shell_vocab::PRIVILEGED.contains(&first)
        && !COMMAND_WORDS.contains(&first)
}

/// The spelling of a prose value that the path classifier reads as a word of the working
/// directory: its blanks made `_`.
pub(super) fn unblanked(text: &str) -> String {
    text.replace(' ', "_")
}
