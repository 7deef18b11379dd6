//! Checks that a port of this machine answers (`(exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null`,
//! `until echo > /dev/tcp/localhost/6379; do sleep 1; done`): the wait-for-port step of dev
//! server and container scripts. Bash opens the connection and closes it again; nothing of this
//! machine is sent and no shell is wired to the socket, so the entries for a socket redirect
//! (`* >/dev/tcp/**` of a reverse shell, the socket as a file outside the project) do not deny
//! it. The rule holds only when every socket the command opens is on a loopback address, every
//! other output goes to `/dev/null`, and the command is `exec` with the socket on a descriptor
//! of its own (3 or above, so the shell's standard streams stay where they were) or `echo`,
//! `printf`, `true` or `:` with constant words (a variable or a substitution could hold a secret).
//! A descriptor opened this way and used by a later command is that command's business: `cat
//! <&3` and `bash <&3` are judged as what they are.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::is_loopback_host;

/// The destructive entries this rule answers for.
pub(crate) const LIFTED: &[&str] = &["reverse shell", "delete or change outside the project"];

/// How a lifted match names what covers it.
pub(crate) const COVER: &str = "rule: port probe of this machine";

/// Whether `cmd` only checks that a port of this machine answers (see the module documentation).
pub(crate) fn loopback_port_probe(cmd: &SimpleCommand) -> bool {
    let opener = match cmd.name() {
        "exec" => true,
        "echo" | "printf" | "true" | ":" => false,
        _ => return false,
    };
    if cmd.flow.is_some() || cmd.stdin_text.is_some() || cmd.option_code {
        return false;
    }
    let mut sockets = 0;
    for w in cmd.words.iter().skip(1) {
        match w.kind {
            // A redirect target is written `>PATH`.
            WordKind::Redirect => match w.text.strip_prefix('>') {
                Some("/dev/null") => {}
                Some(path) => match socket_host(path) {
                    Some(host) if is_loopback_host(host) => sockets += 1,
                    _ => return false,
                },
                None => return false,
            },
            // `exec CMD` replaces the shell with a program.
            _ if opener => return false,
            _ if w.text.contains(['$', '`']) => return false,
            _ => {}
        }
    }
    sockets > 0 && !(opener && cmd.std_socket)
}

/// The host of a bash socket path (`/dev/tcp/HOST/PORT`, `/dev/udp/HOST/PORT`).
fn socket_host(path: &str) -> Option<&str> {
    let rest = path
        .strip_prefix("/dev/tcp/")
        .or_else(|| path.strip_prefix("/dev/udp/"))?;
    rest.split('/').next()
}
