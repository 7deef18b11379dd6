//! A credential sent through a proxy the line itself names (rule `credential_through_proxy`):
//! `HTTPS_PROXY=http://198.51.100.9:3128 gh auth status --show-token`, `ALL_PROXY=... curl -H
//! 'Authorization: Bearer ...' URL`. Every request of the command goes to that host first, with
//! the login a forge's or cloud's CLI keeps, an `Authorization` header or a token variable in
//! it; a proxy that also holds a certificate the client trusts reads them, and even without one
//! it learns every host and the timing of the session. A proxy on this machine (a loopback
//! address: the developer's own mitmproxy or a test double) or on the developer's own network
//! is judged as before, and so is a command that sends no credential.

use terraphim_shell_vocab::hosts::{
    HTTP_CLIENTS, is_loopback_host, is_private_network_host, proxy_host,
};
use terraphim_shell_vocab::secrets::{CREDENTIAL_HEADERS, LOGIN_CLIS, secret_env};

use crate::canon::WordKind;
use crate::parse::SimpleCommand;

/// Options of HTTP clients (`HTTP_CLIENTS`) that send a user's password or token.
const CREDENTIAL_OPTIONS: &[&str] = &[
    "-u",
    "--user",
    "--oauth2-bearer",
    "--aws-sigv4",
    "--password",
    "--http-user",
    "--http-password",
    "--proxy-user",
    "--auth",
    "--cert",
];

/// The proxy host the command's own prefix names (a literal proxy variable) when that host is
/// neither this machine nor on the developer's own network and the command sends a credential
/// with its requests: a forge's or cloud's CLI (`LOGIN_CLIS`), an HTTP client given a
/// credential header or option, or any word or assignment of the command naming a credential
/// variable.
pub(crate) fn credential_through_proxy(cmd: &SimpleCommand) -> Option<String> {
    let host = cmd.env.iter().find_map(|(name, value)| {
        proxy_host(name, value).filter(|h| !is_loopback_host(h) && !is_private_network_host(h))
    })?;
    sends_credential(cmd).then_some(host)
}

/// Whether `cmd`'s requests carry a credential (see [`credential_through_proxy`]).
pub(crate) fn sends_credential(cmd: &SimpleCommand) -> bool {
    let name = cmd.name();
    if LOGIN_CLIS.contains(&name) {
        return true;
    }
    if cmd.env.iter().any(|(n, _)| secret_env(n)) {
        return true;
    }
    let words = &cmd.words;
    if words.iter().skip(1).any(|w| names_secret_variable(&w.text)) {
        return true;
    }
    if !HTTP_CLIENTS.contains(&name) {
        return false;
    }
    words.iter().skip(1).any(|w| match w.kind {
        WordKind::Flag => CREDENTIAL_OPTIONS.contains(&w.text.as_str()),
        WordKind::Operand => credential_header(&w.text),
        _ => false,
    })
}

/// Whether a word is an HTTP header line (or httpie's `Name:value` item) whose name is one of
/// [`CREDENTIAL_HEADERS`].
fn credential_header(text: &str) -> bool {
    text.split_once(':').is_some_and(|(header, _)| {
        let header = header.trim();
        CREDENTIAL_HEADERS
            .iter()
            .any(|h| header.eq_ignore_ascii_case(h))
    })
}

/// Whether a word expands a variable whose name says it holds a credential (`$GITHUB_TOKEN`,
/// `${API_KEY}`).
fn names_secret_variable(text: &str) -> bool {
    let mut rest = text;
    while let Some(at) = rest.find('$') {
        rest = &rest[at + 1..];
        let body = rest.strip_prefix('{').unwrap_or(rest);
        let end = body
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(body.len());
        if end > 0 && secret_env(&body[..end]) {
            return true;
        }
    }
    false
}
