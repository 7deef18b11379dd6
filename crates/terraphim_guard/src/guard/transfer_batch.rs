//! A file-transfer batch that only downloads into the project (`lftp -e 'mirror --verbose
//! /outbound ./partner_in/acme; bye' sftp://edi@sftp.partner.internal`): the rule
//! `downloads_into_project` in `decide.rs` allows an `lftp` run whose commands (its `-e` or
//! `-c` value, statements split at `;`) are all reads of the server or downloads into
//! directories of the project, from a host of this machine or its private network. It is the
//! `curl -o data/x.csv http://files.internal/x.csv` of an EDI or archive exchange.
//!
//! lftp's language can do much more, and each of those keeps the run confined: uploads
//! (`put`, `mput`, a reverse mirror `mirror -R`, denied with `--delete` by the KG), deletions
//! on either side (`rm`, `mirror --delete`, `--Remove-source-files`, `get -E`), a shell
//! command (`!cmd`, `local`, a pipe or redirect of a command's output), settings (`set`, which
//! can name the program sftp connects with), scripts (`source`, `-f FILE`), another host
//! (`open`), a local path outside the project, in a dot-directory (`.git`, `.ssh`) or known
//! only at run time, and a host on the public Internet, which nobody answers for here (as for
//! a download by an HTTP client, `guard/contact_host.rs`).

use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host, is_private_network_host};

/// lftp's own options this rule reads: the commands to run (`-e`, `-c`), the user and the port.
const VALUE_OPTIONS: &[&str] = &["-e", "-c", "-u", "-p"];

/// Options of `mirror` (download direction) that only choose what is fetched, how, and where
/// it lands; a value follows those in [`MIRROR_VALUE_OPTIONS`].
const MIRROR_OPTIONS: &[&str] = &[
    "-c",
    "--continue",
    "-n",
    "--only-newer",
    "--only-missing",
    "-v",
    "-vv",
    "-vvv",
    "--verbose",
    "-r",
    "--no-recursion",
    "-p",
    "--no-perms",
    "--no-umask",
    "--no-symlinks",
    "--ignore-time",
    "--ignore-size",
    "--dry-run",
    "--skip-noaccess",
    "--depth-first",
    "--scan-all-first",
    "--no-empty-dirs",
    "--parallel",
    "--use-pget-n",
];

/// Options of `mirror` whose value is a pattern, a number or a date (never a path).
const MIRROR_VALUE_OPTIONS: &[&str] = &[
    "-x",
    "--exclude",
    "-i",
    "--include",
    "-X",
    "--exclude-glob",
    "-I",
    "--include-glob",
    "-P",
    "--newer-than",
    "--older-than",
    "--size-range",
];

/// Whether `cmd` is an lftp batch that only reads the server and downloads into the project
/// (see the module documentation).
pub(crate) fn downloads_into_project(cmd: &SimpleCommand) -> bool {
    if cmd.name() != "lftp"
        || !cmd.layers.is_empty()
        || cmd.flow.is_some()
        || cmd.stdin_text.is_some()
        || cmd.into.is_some()
    {
        return false;
    }
    let mut script = None;
    let mut hosts = Vec::new();
    let mut args = cmd.argv.iter().skip(1);
    while let Some(a) = args.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v.to_string())),
            _ => (a.as_str(), None),
        };
        if VALUE_OPTIONS.contains(&flag) {
            let Some(value) = inline.or_else(|| args.next().cloned()) else {
                return false;
            };
            if matches!(flag, "-e" | "-c") {
                if script.is_some() {
                    return false;
                }
                script = Some(value);
            }
        } else if a.starts_with('-') {
            return false;
        } else {
            hosts.push(a.as_str());
        }
    }
    let (Some(script), [host]) = (script, hosts.as_slice()) else {
        return false;
    };
    let reachable =
        host_of(host).is_some_and(|h| is_loopback_host(&h) || is_private_network_host(&h));
    reachable && reads_and_downloads(&script)
}

/// Whether every statement of an lftp script reads the server or downloads into the project.
fn reads_and_downloads(script: &str) -> bool {
    // A shell command (`!`), a pipe or redirect of output, a substitution, quoting the split
    // below cannot follow: not read.
    if script.contains(['!', '|', '>', '<', '&', '`', '$', '\'', '"', '\\', '(', ')']) {
        return false;
    }
    for statement in script.split([';', '\n']) {
        let words: Vec<&str> = statement.split_whitespace().collect();
        let Some((verb, rest)) = words.split_first() else {
            continue;
        };
        let ok = match *verb {
            "bye" | "quit" | "exit" => rest.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit())),
            "pwd" | "lpwd" | "ls" | "cls" | "dir" | "nlist" | "du" | "cd" => true,
            "lcd" => rest.len() == 1 && local_project_path(rest[0]),
            "mirror" => mirror_downloads(rest),
            "get" | "pget" | "mget" => get_downloads(rest),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    true
}

/// `mirror [OPTIONS] [SOURCE [TARGET]]` in its download direction: options of
/// [`MIRROR_OPTIONS`] and [`MIRROR_VALUE_OPTIONS`], a target directory (`-O DIR`, or the second
/// operand) in the project.
fn mirror_downloads(words: &[&str]) -> bool {
    let mut operands = Vec::new();
    let mut it = words.iter();
    while let Some(w) = it.next() {
        let (flag, value) = match w.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v)),
            _ => (*w, None),
        };
        if matches!(flag, "-O" | "--target-directory") {
            let Some(dir) = value.or_else(|| it.next().copied()) else {
                return false;
            };
            if !local_project_path(dir) {
                return false;
            }
        } else if MIRROR_VALUE_OPTIONS.contains(&flag) {
            if value.is_none() && it.next().is_none() {
                return false;
            }
        } else if flag.starts_with('-') {
            if !MIRROR_OPTIONS.contains(&flag) {
                return false;
            }
        } else {
            operands.push(*w);
        }
    }
    match operands.as_slice() {
        [] | [_] => true,
        [_, target] => local_project_path(target),
        _ => false,
    }
}

/// `get`/`pget`/`mget [-c] [-a] [-n N] [-O DIR] [-o FILE] FILES...`: remote files into the
/// project (the working directory, or a directory or file of it).
fn get_downloads(words: &[&str]) -> bool {
    let mut it = words.iter();
    let mut files = 0;
    while let Some(w) = it.next() {
        match *w {
            "-c" | "-a" => {}
            "-n" => {
                if !it
                    .next()
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
                {
                    return false;
                }
            }
            "-O" | "-o" => {
                if !it.next().is_some_and(|p| local_project_path(p)) {
                    return false;
                }
            }
            w if w.starts_with('-') => return false,
            _ => files += 1,
        }
    }
    files > 0
}

/// Whether a path written in a tool's own script or option (an lftp batch, a Saxon option)
/// stays in the project: relative, no `..`, no variable, command substitution or home, and no
/// dot-directory (`.git`, `.ssh`, `.github`), where trust anchors live.
pub(super) fn local_project_path(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with(['/', '~', '-'])
        && !path.contains(['$', '`'])
        && path
            .split('/')
            .all(|c| c.is_empty() || c == "." || !c.starts_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scripts_that_only_download_into_the_project() {
        for (script, want) in [
            ("mirror --verbose /outbound ./partner_in/acme; bye", true),
            ("mirror -c -P 4 --only-newer /out partner_in; quit", true),
            ("lcd inbox; mget *.edi; bye", true),
            ("cd /outbound; get -O partner_in invoice.x12; bye", true),
            ("mirror -R ./out /inbound; bye", false),
            ("mirror --delete /out partner_in; bye", false),
            ("mirror /out ../elsewhere; bye", false),
            ("mirror /out .ssh; bye", false),
            ("get -E invoice.x12; bye", false),
            ("put invoice.x12; bye", false),
            ("set sftp:connect-program x; mirror /out in; bye", false),
            ("mirror /out in; !sh x; bye", false),
            ("cat notes | sh", false),
            ("cls -l /outbound; bye", true),
        ] {
            assert_eq!(reads_and_downloads(script), want, "{script}");
        }
    }
}
