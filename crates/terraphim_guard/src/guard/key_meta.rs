//! Key-named files of the project read for what they are, not for what they hold. The entry
//! `private key file read` confines any command that names a file called like a private key or a
//! certificate store (`* *.pem*`): such a file may hold a key, and printing it hands the key to
//! the transcript. Some readers never print a key, whatever the file holds; the rule
//! `reads_key_metadata` in `decide.rs` allows them when every path they name is a file of the
//! project, its build output or a temporary directory (no secret, no home, no other place):
//!
//! - `openssl x509|req|crl ... -noout`: these parse a certificate, a request or a revocation
//!   list, which are public, and print only the fields asked for (`-subject`, `-dates`,
//!   `-fingerprint`, `-text`); a private key in the file is skipped, never printed. No option
//!   that loads a key (`-signkey`, `-key`, `-CAkey`) or writes a file (`-out`) is given;
//! - a count, a name list or a test of matching lines (`grep -c`, `-l`, `-L`, `-q`): the lines
//!   themselves are not printed;
//! - sizes, names, types and digests (`wc`, `ls`, `stat`, `file`, `du`, `sha256sum`, ...);
//! - `openssl verify`, which prints whether a chain checks out.
//!
//! Tools that make development keys and certificates name key files they write, not read:
//! `makes_local_keys` allows them under the same condition on paths.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;
use terraphim_shell_vocab::METADATA_READERS;

/// openssl's options that load a key or write a file.
const OPENSSL_KEY_OR_OUTPUT: &[&str] = &["-signkey", "-key", "-CAkey", "-out", "-keyout"];

/// grep's options that print no matching line: a count, file names, or the exit status alone.
const GREP_NO_LINES: &[&str] = &[
    "-c",
    "-l",
    "-L",
    "-q",
    "--count",
    "--files-with-matches",
    "--files-without-match",
    "--quiet",
    "--silent",
];

/// Whether `cmd` is a command of the line itself, or its form with the variables put in place
/// (`ls $HOME/.ssh` as `ls ~/.ssh`): not inside another program's code or a substitution.
fn top_level(cmd: &SimpleCommand) -> bool {
    cmd.layers.iter().all(|l| l == "expanded")
}

/// Whether `cmd` reads key-named files of the project only for what they are (see the module
/// documentation). `classes` are the classes of `cmd`'s words.
pub(crate) fn reads_key_metadata(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !top_level(cmd) || cmd.option_code || cmd.flow.is_some() {
        return false;
    }
    let words = &cmd.words;
    let flag = |f: &str| {
        words
            .iter()
            .any(|w| w.kind == WordKind::Flag && w.text == f)
    };
    let reader = match cmd.name() {
        "openssl" => match openssl_subcommand(cmd) {
            Some("x509" | "req" | "crl") => {
                flag("-noout") && !OPENSSL_KEY_OR_OUTPUT.iter().any(|f| flag(f))
            }
            // `openssl verify` prints whether a chain checks out, never a file's text.
            Some("verify") => true,
            _ => false,
        },
        "grep" | "egrep" | "fgrep" | "rg" => GREP_NO_LINES.iter().any(|f| flag(f)),
        name => METADATA_READERS.contains(&name),
    };
    reader && only_local_paths(cmd, classes)
}

/// Whether the value of `cmd`'s option `opt` is standard output (`-out -`, `/dev/stdout`).
fn writes_stdout(cmd: &SimpleCommand, opt: &str) -> bool {
    cmd.argv
        .windows(2)
        .any(|w| w[0] == opt && matches!(w[1].as_str(), "-" | "/dev/stdout" | "/dev/fd/1"))
}

/// openssl's first operand: its subcommand (`x509`, `genpkey`).
fn openssl_subcommand(cmd: &SimpleCommand) -> Option<&str> {
    cmd.words
        .iter()
        .skip(1)
        .find(|w| w.kind == WordKind::Operand)
        .map(|w| w.text.as_str())
}

/// openssl's subcommands that make a key, a request or a certificate and, given `-out`, write
/// it there rather than print it.
const OPENSSL_MAKERS: &[&str] = &["genpkey", "genrsa", "ecparam", "req", "x509"];

/// mkcert's options that change the machine's trust stores or only print where they are.
const MKCERT_TRUST_STORE: &[&str] = &["-install", "-uninstall", "-CAROOT"];

/// Whether `cmd` makes a development key or certificate into files of the project (see the
/// module documentation): `openssl genpkey|genrsa|ecparam|req|x509 ... -out FILE` (the key of
/// `req -newkey` goes to `-keyout`), `openssl pkcs12 -export ... -out FILE` (not to standard
/// output), or `mkcert [-cert-file F -key-file K] HOSTS` without an option that touches the
/// machine's trust stores. Key-named words there name files being
/// written, or the project's own CA and key a certificate is signed with; nothing is printed.
pub(crate) fn makes_local_keys(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !top_level(cmd) || cmd.option_code || cmd.flow.is_some() {
        return false;
    }
    let flag = |f: &str| {
        cmd.words
            .iter()
            .any(|w| w.kind == WordKind::Flag && w.text == f)
    };
    let maker = match cmd.name() {
        "openssl" => {
            let sub = openssl_subcommand(cmd);
            (sub.is_some_and(|s| OPENSSL_MAKERS.contains(&s))
                // `pkcs12 -export` bundles a certificate and its key into the `-out` file.
                || sub == Some("pkcs12") && flag("-export"))
                && flag("-out")
                && !writes_stdout(cmd, "-out")
        }
        // Without `-cert-file`/`-key-file` mkcert names its files after the hosts, in the
        // working directory.
        "mkcert" => !MKCERT_TRUST_STORE.iter().any(|f| flag(f)),
        _ => false,
    };
    maker && only_local_paths(cmd, classes)
}

/// Whether every path `cmd` names is a plain file of the project, its build output or a
/// temporary directory (no secret, no home, no redirect), and it names at least one.
fn only_local_paths(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    let words = &cmd.words;
    let mut paths = 0;
    let local = words
        .iter()
        .zip(classes)
        .enumerate()
        .skip(1)
        .all(|(i, (w, &bits))| {
            if w.kind == WordKind::Redirect {
                return false;
            }
            // openssl's distinguished names (`-subj /CN=localhost`) are no paths.
            let subject = cmd.name() == "openssl"
                && words[i - 1].kind == WordKind::Flag
                && matches!(words[i - 1].text.as_str(), "-subj" | "-addext");
            if subject {
                return true;
            }
            if crate::paths::names_a_path(bits) {
                paths += 1;
                crate::paths::is_local_plain(bits)
            } else {
                true
            }
        });
    local && paths > 0
}

/// How a part reads the files it names, when it can only read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlainRead {
    /// Sizes, names, types, digests, or the words themselves (`ls -la ~/.ssh`, `stat ~/.bashrc`,
    /// `echo ~/.aws/credentials`): never the text of a file.
    Metadata,
    /// The text of files none of which is a secret (`cat ~/.gitconfig`, `head ~/.bashrc`).
    Content,
}

/// Suspicious entries that only say a part names the user's shell, git or ssh settings or the
/// repository's git hooks (scripts, no secrets): a reader of their text is judged by what it
/// prints.
const SETTINGS_CONCEPTS: &[&str] = &[
    "shell startup file write",
    "git config tampering",
    "ssh directory access",
    "git hooks write",
];

/// Suspicious entries that only say a part names a history, credential or key file: lifted
/// for a reader of names, sizes, types or digests, never of text.
const NAMED_FILE_CONCEPTS: &[&str] = &[
    "shell history tampering",
    "aws credentials read",
    "private key file read",
    "package registry tokens read",
    "dotenv read",
];

impl PlainRead {
    /// Whether this kind of read lifts the suspicious entry `concept` (`decide.rs`).
    pub(crate) fn lifts(self, concept: &str) -> bool {
        SETTINGS_CONCEPTS.contains(&concept)
            || (self == PlainRead::Metadata && NAMED_FILE_CONCEPTS.contains(&concept))
    }

    /// Why a part read this way is allowed.
    pub(crate) fn reason(self) -> &'static str {
        match self {
            PlainRead::Metadata => {
                "prints only what the user's settings or key files are (names, sizes, types, digests) or the words naming them, never their text, and changes nothing (known safe: settings file metadata)"
            }
            PlainRead::Content => {
                "prints settings files of the user that hold no secret (shell startup files, git or ssh settings) and changes nothing (known safe: settings file read)"
            }
        }
    }
}

/// Programs that print a file's text and do nothing else with it.
const CONTENT_READERS: &[&str] = &["cat", "head", "tail", "less", "more", "bat", "nl"];

/// Whether `cmd` only reads the files it names, and how (see [`PlainRead`]): a metadata reader,
/// `echo` or `printf`, or a content reader none of whose paths is a secret; no redirect, no
/// code in an option, no flow, not inside another program's code, and nothing on another
/// machine or known only at run time. `classes` are the classes of `cmd`'s words.
pub(crate) fn plain_read(cmd: &SimpleCommand, classes: &[u32]) -> Option<PlainRead> {
    if !top_level(cmd) || cmd.option_code || cmd.flow.is_some() {
        return None;
    }
    let name = cmd.name();
    let kind = if METADATA_READERS.contains(&name) || matches!(name, "echo" | "printf") {
        PlainRead::Metadata
    } else if CONTENT_READERS.contains(&name) {
        PlainRead::Content
    } else {
        return None;
    };
    let plain = cmd.words.iter().zip(classes).skip(1).all(|(w, &bits)| {
        w.kind != WordKind::Redirect
            && !crate::paths::unknown_or_remote(bits)
            && (kind == PlainRead::Metadata || !crate::paths::names_a_secret(bits))
    });
    plain.then_some(kind)
}

/// Whether `cmd` is `git config [--local] user.signingkey KEY.pub` (read as `git config set
/// user.signingkey KEY.pub`) for this repository: it names the PUBLIC half of an ssh key, which
/// git hands to `ssh-keygen -Y sign` to find the private one; the setting reads nothing and runs
/// nothing. The key's file is a `.pub` file that is no secret, known on this machine
/// (`classes` are the classes of `cmd`'s words). `--global`, `--system` and `--file` stay as
/// they were (every repository's settings).
pub(crate) fn public_signing_key(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !top_level(cmd) || cmd.option_code || cmd.flow.is_some() || cmd.name() != "git" {
        return false;
    }
    let words: Vec<&str> = cmd.words.iter().map(|w| w.text.as_str()).collect();
    let Some(at) = words.iter().position(|w| *w == "user.signingkey") else {
        return false;
    };
    let flags_ok = cmd.words[1..at]
        .iter()
        .all(|w| w.kind != WordKind::Flag || w.text == "--local");
    let shape = words.get(1) == Some(&"config")
        && words.get(at - 1) == Some(&"set")
        && at + 2 == words.len()
        && flags_ok;
    let key = words[at + 1];
    let key_bits = classes.get(at + 1).copied().unwrap_or(0);
    shape
        && key.ends_with(".pub")
        && !key.contains(['$', '`', '*', '?'])
        && cmd.words.iter().all(|w| w.kind != WordKind::Redirect)
        && !crate::paths::names_a_secret(key_bits)
        && !crate::paths::unknown_or_remote(key_bits)
}

/// Whether `cmd` is `cut -d= -f1 FILE...`: each line cut at its first `=`, only the part before
/// it printed: the NAMES of a dotenv file's variables, never their values (`diff <(cut -d= -f1
/// .env.example) <(cut -d= -f1 .env)` compares which keys are set). Any other field list (`-f2`,
/// `-f1-`, `-f1,2`), delimiter, option, redirect or a file known only at run time or on another
/// machine is not this. `classes` are the classes of `cmd`'s words.
pub(crate) fn dotenv_key_names(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !top_level(cmd) || cmd.option_code || cmd.flow.is_some() || cmd.name() != "cut" {
        return false;
    }
    let words = &cmd.words;
    let (mut delimiter, mut field, mut files) = (false, false, 0);
    let mut i = 1;
    while i < words.len() {
        let w = &words[i];
        let value = words
            .get(i + 1)
            .filter(|v| v.kind == WordKind::Operand && v.follows_flag)
            .map(|v| v.text.as_str());
        match (w.kind, w.text.as_str()) {
            (WordKind::Flag, "-d" | "--delimiter") if value == Some("=") => {
                delimiter = true;
                i += 2;
            }
            (WordKind::Flag, "-f" | "--fields") if value == Some("1") => {
                field = true;
                i += 2;
            }
            (WordKind::Flag, "-s" | "--only-delimited") => i += 1,
            (WordKind::Operand, text) => {
                let bits = classes.get(i).copied().unwrap_or(0);
                if text.contains(['$', '`']) || crate::paths::unknown_or_remote(bits) {
                    return false;
                }
                files += 1;
                i += 1;
            }
            _ => return false,
        }
    }
    delimiter && field && files > 0
}
