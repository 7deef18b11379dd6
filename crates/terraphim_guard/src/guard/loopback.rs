//! Requests that change state on this machine's own server (`curl -X POST
//! http://localhost:8080/api/users -d '{...}'`, `http PUT :8080/items/1 done=true`): the
//! developer's server, run from the project, answering on the loopback interface. The rule
//! `loopback_request` in `decide.rs` allows a part whose only suspicious entries are the ones
//! for sending data (`http data send`, `http replace or modify`) when every address it names is
//! a loopback one and it sends no file: a DELETE stays with its destructive entry, an upload of
//! a file (`-d @FILE`, `-F f=@FILE`, `-T FILE`), another address anywhere on the line, a proxy,
//! a name resolved elsewhere (`--resolve`, `--connect-to`) or a Unix socket (the container
//! engine's) keep it confined.

use crate::canon::WordKind;
use crate::parse::SimpleCommand;
use terraphim_shell_vocab::hosts::{host_of, is_loopback_host};

/// The suspicious entries this rule may lift.
pub(crate) const LIFTED: &[&str] = &["http data send", "http replace or modify"];

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

/// Whether `cmd` is an HTTP request to this machine alone (see the module documentation).
pub(crate) fn loopback_request(cmd: &SimpleCommand) -> bool {
    if !matches!(
        cmd.name(),
        "curl" | "wget" | "http" | "https" | "xh" | "xhs" | "curlie"
    ) || !cmd.layers.is_empty()
        || cmd.flow.is_some()
        || cmd.stdin_text.is_some()
    {
        return false;
    }
    let mut loopback = false;
    for w in cmd.words.iter().skip(1) {
        let t = w.text.as_str();
        match w.kind {
            WordKind::Flag if REDIRECTING.contains(&t) => return false,
            WordKind::Flag => {}
            WordKind::Operand => {
                if t.starts_with('@') || t.contains("=@") || t.contains(":=@") || t.contains('$') {
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

/// The host a word addresses: a URL (`http://localhost:8080/x`), a bare address with a port
/// or path (`localhost:8080/x`, `127.0.0.1/x`), or httpie's `:PORT` shorthand for localhost.
fn address(word: &str) -> Option<String> {
    if word.contains("://") {
        return host_of(word).or(Some(String::new()));
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
    use super::address;

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
        assert_eq!(address("POST"), None);
    }
}
