//! Requests to a host nobody answers for (`curl -s https://status.example.com/api/health`,
//! `wget URL -O data/x.csv`, `git clone https://git.example.org/x.git`, `dig
//! api.example.test`, `ping build.example.net`). A read from this machine, the private network
//! (private addresses, names under `.internal`, `.home.arpa`, `.local`), a
//! package registry, a well-known forge or module host, a vendor's installer host or a service
//! whose API the tokens of `TOKEN_HOSTS` are for is ordinary work, allowed as its entry says.
//! Any other host is contacted by name with what the line spells in the URL, and answers with
//! content the agent then reads or the project keeps: that egress is the user's to decide, so
//! a part otherwise allowed is confined (`decide.rs`). The lists are data
//! (`kg/packages/code-hosts.md`, `kg/network/registries.txt`).

use std::sync::OnceLock;

use terraphim_shell_vocab::NAME_PROBES;
use terraphim_shell_vocab::hosts::{
    HTTP_CLIENTS, host_of, is_loopback_host, is_private_network_host,
};
use terraphim_shell_vocab::secrets::{TOKEN_HOSTS, model_api_endpoint_setting, model_api_host};

use super::install_host::{download_sources, known, source_host};
use crate::parse::SimpleCommand;

const CODE_HOSTS: &str = include_str!("../../../../kg/packages/code-hosts.md");

/// git's subcommands that contact the repository a URL operand names.
const GIT_CONTACTS: &[&str] = &["clone", "fetch", "pull", "ls-remote"];

/// The `service::` hosts of `code-hosts.md`: container registries and documentation hosts.
fn service_hosts() -> &'static Vec<String> {
    static HOSTS: OnceLock<Vec<String>> = OnceLock::new();
    HOSTS.get_or_init(|| {
        CODE_HOSTS
            .lines()
            .filter_map(|l| l.split_once("::"))
            .filter(|(k, _)| k.trim() == "service")
            .flat_map(|(_, v)| v.split(','))
            .map(|h| h.trim().to_ascii_lowercase())
            .filter(|h| !h.is_empty())
            .collect()
    })
}

/// `host` is `listed` or a name below it.
fn below(host: &str, listed: &str) -> bool {
    host == listed || host.strip_suffix(listed).is_some_and(|p| p.ends_with('.'))
}

/// Whether a request to `host` is one somebody answers for (see the module documentation).
pub(super) fn answered_for(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    // The developer's own machines: private addresses and names only private DNS resolves.
    is_private_network_host(host)
        || known(host)
        || service_hosts().iter().any(|h| below(host, h))
        || TOKEN_HOSTS
            .iter()
            .flat_map(|(_, hosts)| hosts.iter())
            .any(|h| below(host, h))
}

/// A word that can only be a host name or an IPv4 address (`api.example.test`,
/// `203.0.113.5`): labels of letters, digits and `-`, at least two, the last alphabetic.
fn host_word(word: &str) -> Option<String> {
    if word.parse::<std::net::Ipv4Addr>().is_ok() {
        return Some(word.to_string());
    }
    let labels: Vec<&str> = word.split('.').collect();
    let tld = labels.last()?;
    (labels.len() >= 2
        && labels
            .iter()
            .all(|l| !l.is_empty() && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        && tld.len() >= 2
        && tld.chars().all(|c| c.is_ascii_alphabetic()))
    .then(|| word.to_ascii_lowercase())
}

/// The hosts a part contacts by name, as the line spells them.
fn contacted(cmd: &SimpleCommand) -> Vec<String> {
    let name = cmd.name();
    let args = cmd.argv.get(1..).unwrap_or_default();
    if HTTP_CLIENTS.contains(&name) {
        return download_sources(&cmd.argv);
    }
    if let Some(servers) = super::store::servers(cmd) {
        // A database, cache or queue client's server (`redis-cli -h HOST`, `kcat -b HOST`),
        // spelled as a host name or an IPv4 address: a one-label name (`-h db`) is resolved
        // by the local network's search domains.
        return servers
            .into_iter()
            .filter(|h| !is_loopback_host(h) && host_word(h).is_some())
            .collect();
    }
    if NAME_PROBES.contains(&name) {
        // `dig @SERVER NAME`: the question goes to SERVER alone. A server on this machine (a
        // development DNS server, `dig @127.0.0.1 -p 5353 app.test`) is asked, not the name's
        // own; any other server keeps the names contacted.
        let mut servers = args.iter().filter_map(|w| w.strip_prefix('@')).peekable();
        if matches!(name, "dig" | "drill" | "kdig")
            && servers.peek().is_some()
            && servers.all(|s| is_loopback_host(&s.to_ascii_lowercase()))
        {
            return Vec::new();
        }
        return args
            .iter()
            .filter(|w| !w.starts_with(['-', '+', '@']))
            .filter_map(|w| host_word(w))
            .collect();
    }
    if name == "git" {
        let mut words = args.iter().map(String::as_str);
        // git's own options before the subcommand (`-C DIR`, `-c KEY=VALUE`).
        let mut sub = None;
        while let Some(w) = words.next() {
            match w {
                "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace" => {
                    words.next();
                }
                w if w.starts_with('-') => {}
                w => {
                    sub = Some(w);
                    break;
                }
            }
        }
        // `git submodule add URL PATH` clones URL into the project.
        let submodule_add =
            sub == Some("submodule") && words.by_ref().find(|w| !w.starts_with('-')) == Some("add");
        if submodule_add || sub.is_some_and(|s| GIT_CONTACTS.contains(&s)) {
            return words
                .filter(|w| !w.starts_with('-'))
                .filter_map(|w| source_host(w).or_else(|| w.contains("://").then(|| host_of(w))?))
                .collect();
        }
    }
    Vec::new()
}

/// The first host `cmd` contacts that nobody answers for, if any.
pub(super) fn unknown_contact_host(cmd: &SimpleCommand) -> Option<String> {
    contacted(cmd)
        .into_iter()
        .find(|h| !h.is_empty() && !answered_for(h))
}

/// The host nobody answers for that `cmd` sends to: an HTTP client's (as
/// [`unknown_contact_host`]), or the host operand of a raw socket client (`nc HOST PORT`,
/// `socat - TCP:HOST:PORT`, `telnet HOST`) or a DICOM sender (`storescu -aec AE HOST PORT`).
pub(super) fn unknown_sink_host(cmd: &SimpleCommand) -> Option<String> {
    let name = cmd.name();
    if !crate::parse::RAW_SENDERS.contains(&name)
        && !super::outside_data::FILE_SENDERS.contains(&name)
    {
        return unknown_contact_host(cmd);
    }
    cmd.argv
        .iter()
        .skip(1)
        .filter(|w| !w.starts_with('-'))
        .filter_map(|w| {
            // socat's address: `TCP:HOST:PORT`, `OPENSSL:HOST:PORT`, `UDP4:HOST:PORT`.
            let w = w.split(':').nth(1).filter(|_| w.contains(':')).unwrap_or(w);
            host_word(w)
        })
        .find(|h| !answered_for(h))
}

/// The setting and host when `cmd` exports a model API client's endpoint setting pointed at a
/// host that is neither this machine, the private network (a local proxy), the vendor's own API
/// nor a known gateway (`export ANTHROPIC_BASE_URL=https://relay.example.net`): the agent's
/// later clients would send their API key and every prompt there.
pub(super) fn model_api_redirect(cmd: &SimpleCommand) -> Option<(String, String)> {
    if !matches!(
        cmd.name(),
        "export" | "declare" | "typeset" | "readonly" | "local" | "setenv"
    ) {
        return None;
    }
    // `NAME=VALUE`, or `NAME=` and `VALUE` as an assignment's part holds them.
    let argv = &cmd.argv;
    argv.iter().enumerate().skip(1).find_map(|(k, w)| {
        let (name, value) = w.split_once('=')?;
        let value = match value {
            "" => argv.get(k + 1)?.as_str(),
            v => v,
        };
        if !model_api_endpoint_setting(name) || !value.contains("://") {
            return None;
        }
        let host = host_of(value)?;
        (!host.is_empty() && !answered_for(&host) && !model_api_host(name, &host))
            .then(|| (name.to_string(), host))
    })
}

#[cfg(test)]
mod tests {
    use super::unknown_contact_host;

    fn host(line: &str) -> Option<String> {
        crate::parse::parse(line)
            .commands
            .iter()
            .find_map(unknown_contact_host)
    }

    #[test]
    fn model_api_endpoints_pointed_elsewhere() {
        let redirect = |line: &str| {
            crate::parse::parse(line)
                .commands
                .iter()
                .find_map(super::model_api_redirect)
                .map(|(_, host)| host)
        };
        for (line, want) in [
            (
                "export ANTHROPIC_BASE_URL=https://relay.example.net",
                Some("relay.example.net"),
            ),
            (
                "declare -x OPENAI_BASE_URL='http://203.0.113.9/v1'",
                Some("203.0.113.9"),
            ),
            // a local proxy, the vendor's own API, a known gateway, another setting
            ("export ANTHROPIC_BASE_URL=http://localhost:4000", None),
            ("export OPENAI_BASE_URL=http://192.168.1.5:11434/v1", None),
            ("export OPENAI_BASE_URL=https://api.openai.com/v1", None),
            ("export OPENAI_API_BASE=https://team.openai.azure.com", None),
            ("export BASE_URL=https://relay.example.net", None),
        ] {
            assert_eq!(redirect(line).as_deref(), want, "{line}");
        }
    }

    #[test]
    fn hosts_contacted() {
        for (line, want) in [
            (
                "curl -sS https://status.example.com/api/health",
                Some("status.example.com"),
            ),
            (
                "git submodule add https://git.example.org/me/lib.git vendor/lib",
                Some("git.example.org"),
            ),
            (
                "git submodule add https://github.com/o/lib vendor/lib",
                None,
            ),
            ("git submodule update --init", None),
            (
                "wget https://files.example.net/d.csv -O data/d.csv",
                Some("files.example.net"),
            ),
            (
                "curl http://203.0.113.15:8080/metrics",
                Some("203.0.113.15"),
            ),
            (
                "http GET https://s.example.com/x.json",
                Some("s.example.com"),
            ),
            (
                "git clone https://git.example.org/t/gen.git vendor/gen",
                Some("git.example.org"),
            ),
            (
                "git -C sub fetch git@code.example.net:o/r.git",
                Some("code.example.net"),
            ),
            ("dig +short api.example.test", Some("api.example.test")),
            // a named DNS server: on this machine only the server is asked
            (
                "dig @1.1.1.1 +short shop.example.test",
                Some("shop.example.test"),
            ),
            (
                "dig @localhost @9.9.9.9 shop.example.test",
                Some("shop.example.test"),
            ),
            ("dig @127.0.0.1 -p 5353 shop.example.test +short", None),
            ("drill @::1 shop.example.test", None),
            ("ping -c 3 build.example.net", Some("build.example.net")),
            (
                "curl -s https://internal.example.com/health",
                Some("internal.example.com"),
            ),
            (
                "dig +short api.internal.example.org",
                Some("api.internal.example.org"),
            ),
            (
                "curl http://169.254.169.254/latest/",
                Some("169.254.169.254"),
            ),
            // somebody answers for these
            ("curl -s https://api.github.com/repos/a/b/releases", None),
            ("curl -s https://registry.npmjs.org/react", None),
            ("curl -s https://pypi.org/pypi/requests/json", None),
            ("curl -sI https://ghcr.io/v2/", None),
            ("curl -s http://localhost:8080/healthz", None),
            ("curl http://10.0.0.12:9200/_cat/health", None),
            ("git clone https://github.com/acme/tools.git", None),
            ("git fetch origin", None),
            (
                "curl -o out.json --referer https://r.example.com http://127.0.0.1/x",
                None,
            ),
            ("ping -c 3 192.168.1.1", None),
            ("ping -c 3 build.internal", None),
            ("dig +short api.internal", None),
            ("curl -s http://nas.home.arpa:5000/api/status", None),
            (
                "curl -X GET 'https://opensearch.local:9200/_cluster/health'",
                None,
            ),
            ("grep -r example.com docs/", None),
        ] {
            assert_eq!(host(line).as_deref(), want, "{line}");
        }
    }
}
