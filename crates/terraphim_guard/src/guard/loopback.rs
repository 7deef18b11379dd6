//! Requests that change state on this machine's own server (`curl -X POST
//! http://localhost:8080/api/users -d '{...}'`, `http PUT :8080/items/1 done=true`): the
//! developer's server, run from the project, answering on the loopback interface. The rule
//! `loopback_request` in `decide.rs` allows a part whose only suspicious entries are the ones
//! for sending data (`http data send`, `http replace or modify`, `http upload`) when every
//! address it names is a loopback one and every file its body names (`-d @FILE`, `-F
//! f=@FILE`) is the project's own: a DELETE
//! stays with its destructive entry, an upload of a secret, a key file, a file outside the
//! project, in a temporary directory or known only at run time, another address anywhere on
//! the line, a proxy, a name resolved elsewhere (`--resolve`, `--connect-to`) or a Unix socket
//! (the container engine's) keep it confined.
//!
//! Why a project file may be sent there and a DELETE may not. What a loopback port answers is
//! not always a process of the project: it may be a tunnel the developer opened (`ssh -L`,
//! `kubectl port-forward`, a cloud SQL proxy) to a shared or production service. What the
//! agent sends through it is then sent to that service. A request body the line spells, or a
//! file of the project (a fixture, a FHIR bundle, a build output), is data the agent already
//! holds and writes into the project anyway: a server on the other end learns nothing of the
//! user's that the project does not hold, and adding a record is undone by removing it. So
//! the body's source decides, not whether it is written inline or read from a file: a secret
//! (`.env`, a key file), the home's or the system's files and a temporary file (which an
//! earlier line may have filled with anything) stay confined, as they would be sent through
//! that tunnel to wherever it leads. A DELETE (or `_delete_by_query`) is different in kind:
//! what it removes on the far side is not the agent's to give back (an index of a port-forward
//! to production is gone), and the line cannot tell the developer's throw-away server from a
//! tunnel, so it stays denied by `http delete request` whatever the address.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// The suspicious entries this rule may lift.
pub(crate) const LIFTED: &[&str] = &["http data send", "http replace or modify", "http upload"];

/// Options that send a file, read a config, or send the request somewhere other than the
/// address the URL names.
const REDIRECTING: &[&str] = &[
    "-T",
    "--upload-file",
    "-K",
    "--config",
    "-x",
    "--proxy",
    "--preproxy",
    "--socks5",
    "--socks5-hostname",
    "--resolve",
    "--connect-to",
    "--unix-socket",
    "--abstract-unix-socket",
    "-o",
    "-O",
    "--output",
    "--remote-name",
    "--post-file",
    "--body-file",
    "--proxy-user",
    "--netrc",
    "-n",
    "--netrc-file",
];

/// The HTTP clients (`hosts::HTTP_CLIENTS`) this rule lifts: a subset, because it allows, and
/// only these clients' options that send a file or go elsewhere are in [`REDIRECTING`].
const LOOPBACK_CLIENTS: &[&str] = &["curl", "wget", "http", "https", "xh", "xhs", "curlie"];

/// Whether `cmd` is an HTTP request to this machine alone (see the module documentation).
/// `classes` are the classes of `cmd`'s words.
pub(crate) fn loopback_request(cmd: &SimpleCommand, classes: &[u32]) -> bool {
    if !LOOPBACK_CLIENTS.contains(&cmd.name())
        || !cmd.layers.is_empty()
        || cmd.flow.is_some()
        || cmd.stdin_text.is_some()
    {
        return false;
    }
    let mut loopback = false;
    for (i, w) in cmd.words.iter().enumerate().skip(1) {
        let t = w.text.as_str();
        let bits = classes.get(i).copied().unwrap_or(0);
        match w.kind {
            WordKind::Flag if REDIRECTING.contains(&t) => return false,
            WordKind::Flag => {}
            WordKind::Operand => {
                if t.contains('$') {
                    return false;
                }
                if let Some(file) = sent_file(t) {
                    if project_body(file, bits) {
                        continue;
                    }
                    return false;
                }
                if let Some(host) = address(t) {
                    if !is_loopback_host(&host) {
                        return false;
                    }
                    loopback = true;
                }
            }
            _ => return false,
        }
    }
    loopback
}

/// The file an operand sends as (part of) a request body: curl's `@FILE`, `name=@FILE` and
/// `name=<FILE`, httpie's `name:=@FILE` and `name=@FILE`. (A file named by an option, curl's
/// `-T FILE` or wget's `--post-file FILE`, keeps the request confined: the canonical words
/// sort options apart from their values.)
fn sent_file(word: &str) -> Option<&str> {
    if let Some(f) = word.strip_prefix('@') {
        return Some(f);
    }
    ["=@", "=<"]
        .iter()
        .find_map(|m| word.split_once(m).map(|(_, f)| f))
}

/// Whether a file sent to this machine's server is the project's own data: a file of the
/// project or its build output as written (`is_project_destination`: no secret, trust anchor,
/// temporary or outside path), not known only at run time, and not named like a private key
/// (`server.key`, `tls-key.pem`), which the class gives only where it leaves the network.
fn project_body(file: &str, bits: u32) -> bool {
    let file = file.split(';').next().unwrap_or(file);
    !file.is_empty()
        && file != "-"
        && !file.contains(['$', '`', '*', '?'])
        && crate::paths::is_project_destination(bits)
        && !crate::paths::unknown_or_remote(bits)
        && !crate::paths::names_a_secret(bits)
        && !crate::paths::names_key_file(file)
}

/// The suspicious entry [`loopback_listener`] may lift.
pub(crate) const LIFTED_LISTENER: &[&str] = &["network listener"];

/// Whether `cmd` is a development web server bound to a loopback address alone (`python3 -m
/// http.server --bind 127.0.0.1`, `php -S localhost:8000`): no other machine can reach it, as
/// none can reach the developer's own server that `npm run dev` starts.
pub(crate) fn loopback_listener(cmd: &SimpleCommand) -> bool {
    // The server as written, or the part that names the directory it serves (`parse`).
    let served = |l: &String| l == crate::parse::SERVED_DIRECTORY_LAYER;
    if !cmd.layers.iter().all(served) || cmd.flow.is_some() {
        return false;
    }
    let args = &cmd.argv[1..];
    let value_of = |names: &[&str]| -> Option<&str> {
        args.iter().enumerate().find_map(|(i, a)| {
            names.iter().find_map(|n| {
                if a == n {
                    args.get(i + 1).map(String::as_str)
                } else {
                    a.strip_prefix(n).and_then(|rest| rest.strip_prefix('='))
                }
            })
        })
    };
    let host = match cmd.name() {
        name if name.starts_with("python")
            && args
                .windows(2)
                .any(|w| w[0] == "-m" && w[1] == "http.server") =>
        {
            value_of(&["--bind", "-b"]).map(str::to_string)
        }
        "php" => value_of(&["-S"]).and_then(|addr| {
            let host = match addr.strip_prefix('[') {
                Some(v6) => v6.split(']').next()?,
                None => addr.rsplit_once(':').map_or(addr, |(h, _)| h),
            };
            Some(host.to_string())
        }),
        _ => None,
    };
    // As an address to bind, `0.0.0.0` and `::` are every interface, not this machine's own.
    host.is_some_and(|h| !matches!(h.as_str(), "0.0.0.0" | "::" | "0") && is_loopback_host(&h))
}

/// The suspicious entry [`loopback_probe`] may lift.
pub(crate) const LIFTED_PROBE: &[&str] = &["port scan or test mail"];

/// nmap's options that take a value the scan only tunes (ports, timing, rates): the value is
/// skipped. Any other option with a value (`-iL FILE`, `--script`, `-oN FILE`, `-D` decoys,
/// `-S` a spoofed source, `--proxies`) keeps the scan confined.
const NMAP_TUNING: &[&str] = &[
    "-p",
    "--top-ports",
    "--max-retries",
    "--host-timeout",
    "--min-rate",
    "--max-rate",
    "--exclude-ports",
    "--version-intensity",
];

/// nmap's options that read or write files, run scripts, or send from or through somewhere
/// else.
fn nmap_refused(opt: &str) -> bool {
    opt.starts_with("-o")
        || opt.starts_with("-i")
        || opt.starts_with("--script")
        || opt.starts_with("--resume")
        || opt.starts_with("--proxies")
        || opt.starts_with("--datadir")
        || opt.starts_with("--servicedb")
        || opt.starts_with("--excludefile")
        || opt.starts_with("-D")
        || opt.starts_with("-S")
        || opt.starts_with("-e")
        || opt == "-A"
        || opt == "-sC"
}

/// swaks' options that read a file, run a program or connect elsewhere than `--server`.
const SWAKS_REFUSED: &[&str] = &[
    "--pipe",
    "--socket",
    "--attach",
    "--attach-body",
    "--attach-name",
    "--attach-type",
    "--data",
    "-d",
    "--body",
    "--tls-cert",
    "--tls-key",
    "--proxy",
    "--lmtp",
];

/// Whether `cmd` is a port scan or a test mail aimed at this machine alone (`nmap -p 5432
/// localhost`, `swaks --to dev@example.test --server localhost:1025`): every host it names is
/// a loopback one, and it reads no file, runs no script and writes nothing (see the entry
/// `port scan or test mail`). A test mail's addresses are text for the local server, which
/// delivers nothing further (a mail catcher); its body is the line's literal words.
pub(crate) fn loopback_probe(cmd: &SimpleCommand) -> bool {
    if !cmd.layers.is_empty()
        || cmd.flow.is_some()
        || cmd.stdin_text.is_some()
        || cmd
            .argv
            .iter()
            .any(|w| w.contains(['$', '`', '@']) && !mail_address(w))
        || cmd.words.iter().any(|w| w.kind == WordKind::Redirect)
    {
        return false;
    }
    let args = &cmd.argv[1..];
    match cmd.name() {
        "nmap" => {
            let mut hosts = 0;
            let mut i = 0;
            while i < args.len() {
                let a = args[i].as_str();
                i += 1;
                if a.starts_with('-') {
                    let name = a.split('=').next().unwrap_or(a);
                    if nmap_refused(name) {
                        return false;
                    }
                    if NMAP_TUNING.contains(&name) && !a.contains('=') {
                        i += 1;
                    }
                    continue;
                }
                if !is_loopback_host(a) {
                    return false;
                }
                hosts += 1;
            }
            hosts > 0
        }
        "swaks" => {
            let mut server = None;
            for (i, a) in args.iter().enumerate() {
                let name = a.split('=').next().unwrap_or(a);
                if SWAKS_REFUSED.contains(&name) {
                    return false;
                }
                if matches!(name, "--server" | "-s") {
                    server = if a.contains('=') {
                        a.split_once('=').map(|(_, v)| v.to_string())
                    } else {
                        args.get(i + 1).cloned()
                    };
                }
            }
            // Without `--server` swaks looks up the recipient's mail exchanger: a real relay.
            server
                .and_then(|s| host_of(&s))
                .is_some_and(|h| is_loopback_host(&h))
        }
        _ => false,
    }
}

/// Whether `word` is a mail address (`dev@example.test`): a swaks recipient or sender, not an
/// `@FILE` body.
fn mail_address(word: &str) -> bool {
    word.split_once('@').is_some_and(|(user, domain)| {
        !user.is_empty()
            && !domain.is_empty()
            && !word.contains(['$', '`', '/'])
            && user
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "._+-=".contains(c))
    })
}

/// The host a word addresses: a URL (`http://localhost:8080/x`), a bare address with a port
/// or path (`localhost:8080/x`, `127.0.0.1/x`), or httpie's `:PORT` shorthand for localhost.
fn address(word: &str) -> Option<String> {
    if word.contains("://") {
        return host_of(word).or(Some(String::new()));
    }
    // A JSON body or a header (`{"email":"dev@example.com"}`, `Accept: x`): text, not a host.
    if word.contains(['"', ' ', '\t']) {
        return None;
    }
    if let Some(rest) = word.strip_prefix(':') {
        return rest
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_digit() || b == b'/')
            .then(|| "localhost".to_string());
    }
    let head = word.split(['/', '?']).next()?;
    let host = host_of(head)?;
    let named = head.contains(':') || word.contains('/');
    (named && (is_loopback_host(&host) || host.contains('.') && !host.contains(' ')))
        .then_some(host)
}

#[cfg(test)]
mod tests {
    use super::{LOOPBACK_CLIENTS, address, loopback_listener};
    use terraphim_shell_vocab::hosts::HTTP_CLIENTS;

    #[test]
    fn the_lifted_clients_are_http_clients() {
        for c in LOOPBACK_CLIENTS {
            assert!(HTTP_CLIENTS.contains(c), "{c} is no HTTP client");
        }
    }

    #[test]
    fn addresses_of_words() {
        assert_eq!(
            address("http://localhost:8080/x").as_deref(),
            Some("localhost")
        );
        assert_eq!(address(":8080/items").as_deref(), Some("localhost"));
        assert_eq!(
            address("127.0.0.1:9200/_refresh").as_deref(),
            Some("127.0.0.1")
        );
        assert_eq!(
            address("api.example.com/v1").as_deref(),
            Some("api.example.com")
        );
        assert_eq!(address("Content-Type: application/json"), None);
        assert_eq!(
            address(r#"{"email":"dev@example.com","password":"dev"}"#),
            None
        );
        assert_eq!(
            address(r#"{"callback":"https://hooks.example.net/x"}"#).as_deref(),
            Some("hooks.example.net")
        );
        assert_eq!(address("POST"), None);
    }

    #[test]
    fn listeners_bound_to_a_loopback_address() {
        let rows = [
            ("python3 -m http.server 8000 --bind 127.0.0.1", true),
            ("python3 -m http.server -b ::1 9000", true),
            ("python -m http.server --bind=localhost", true),
            ("php -S 127.0.0.1:8000 -t public", true),
            ("php -S localhost:8000", true),
            ("php -S [::1]:8000", true),
            ("python3 -m http.server 8000", false),
            ("python3 -m http.server --bind 0.0.0.0", false),
            ("php -S 0.0.0.0:8000", false),
            ("php -S example.com:80", false),
        ];
        for (line, want) in rows {
            let parsed = crate::parse::parse(line);
            for c in &parsed.commands {
                assert_eq!(loopback_listener(c), want, "{line}: {}", c.text);
            }
        }
    }
}
