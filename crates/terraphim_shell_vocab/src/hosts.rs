//! Hosts of URLs, shared by the guard (secret-named variables in requests, installs from URLs)
//! and the script review (the hosts a script contacts), so both read a URL's host alike.

/// The host of a URL (`https://u:p@h.example.net:8080/x`, `git@h:o/r` is not one) or of a bare
/// `host[:port][/path]`, lower-cased, if the text spells it: a host holding an expansion (`$`,
/// a backtick) or a character the caller marks unknown (`\u{1}`) is `None`.
///
/// ```
/// use terraphim_shell_vocab::hosts::host_of;
/// assert_eq!(host_of("https://x:$T@Git.Example.org:8443/r.git").as_deref(), Some("git.example.org"));
/// assert_eq!(host_of("http://[::1]:8080/").as_deref(), Some("::1"));
/// assert_eq!(host_of("https://$HOST/x"), None);
/// ```
pub fn host_of(url: &str) -> Option<String> {
    let url = url.trim();
    let rest = match url.split_once("://") {
        Some((_, rest)) => rest,
        None => url,
    };
    let authority = rest.split(['/', '?', '#']).next()?;
    let authority = authority.rsplit('@').next()?;
    let host = if let Some(v6) = authority.strip_prefix('[') {
        v6.split(']').next()?
    } else {
        authority.split(':').next()?
    };
    if host.is_empty() || host.contains(['$', '`', '\u{1}']) {
        return None;
    }
    Some(host.to_ascii_lowercase())
}

/// Whether a host (as [`host_of`] gives it) is this machine: `localhost` and names below it,
/// IPv4 loopback, `::1`, and the unspecified address a client reaches this machine by.
///
/// ```
/// use terraphim_shell_vocab::hosts::is_loopback_host;
/// assert!(is_loopback_host("127.0.0.1") && is_loopback_host("api.localhost"));
/// assert!(!is_loopback_host("localhost.example.net") && !is_loopback_host("10.0.0.1"));
/// ```
pub fn is_loopback_host(host: &str) -> bool {
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "::1"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback() || ip.is_unspecified())
}

/// Whether a host (as [`host_of`] gives it) is on the developer's own network: a private IPv4
/// address (10/8, 172.16/12, 192.168/16) or a name under a suffix reserved for private use,
/// which public DNS never resolves: `.internal` (reserved by ICANN for private networks),
/// `.home.arpa` (RFC 8375) and `.local` (multicast DNS on the local link). Not link-local
/// addresses, where cloud metadata services hand out credentials, and not loopback (see
/// [`is_loopback_host`]).
///
/// ```
/// use terraphim_shell_vocab::hosts::is_private_network_host;
/// assert!(is_private_network_host("db.internal") && is_private_network_host("10.0.0.12"));
/// assert!(is_private_network_host("printer.home.arpa") && is_private_network_host("nas.local"));
/// assert!(!is_private_network_host("internal.example.com") && !is_private_network_host("x.internal.example.org"));
/// assert!(!is_private_network_host("169.254.169.254") && !is_private_network_host("internal"));
/// ```
pub fn is_private_network_host(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    if let Ok(ip) = host.parse::<std::net::Ipv4Addr>() {
        return ip.is_private();
    }
    is_private_zone_name(host) || ends_with_label(host, ".local")
}

/// Whether a host is a name of one label (`jellyfin`, `db`, `neo4j`): no public DNS name has
/// a single label, so the local resolver answers it (a compose service, a container on the
/// same network, an `/etc/hosts` alias, a name completed by the search domain of the
/// network's own DNS), as it answers `localhost`. Not an address written as one number
/// (`2130706433`, `0x7f000001`), not a label with run-time parts, not `localhost` (see
/// [`is_loopback_host`]).
///
/// ```
/// use terraphim_shell_vocab::hosts::is_single_label_name;
/// assert!(is_single_label_name("jellyfin") && is_single_label_name("neo4j") && is_single_label_name("media-db"));
/// assert!(!is_single_label_name("jellyfin.example.com") && !is_single_label_name("2130706433"));
/// assert!(!is_single_label_name("0x7f000001") && !is_single_label_name("localhost") && !is_single_label_name(""));
/// ```
pub fn is_single_label_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    host.as_bytes()
        .first()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        && !host.ends_with('-')
        && !host.eq_ignore_ascii_case("localhost")
}

/// Whether a host name lies in a zone reserved for a network's own DNS: `.internal` (ICANN)
/// and `.home.arpa` (RFC 8375). Only the DNS server the network's operator configured answers
/// such a name, so a script naming one reaches a machine of the developer's organisation or
/// home, where a private address or a `.local` name (multicast DNS) is answered by whoever
/// shares the link. A subset of [`is_private_network_host`].
///
/// ```
/// use terraphim_shell_vocab::hosts::is_private_zone_name;
/// assert!(is_private_zone_name("octopi.internal") && is_private_zone_name("nas.home.arpa"));
/// assert!(!is_private_zone_name("nas.local") && !is_private_zone_name("192.168.1.20"));
/// assert!(!is_private_zone_name("octopi.internal.example.net") && !is_private_zone_name("internal"));
/// ```
pub fn is_private_zone_name(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    ends_with_label(host, ".internal") || ends_with_label(host, ".home.arpa")
}

/// `host` is a name below `suffix` (which starts with a dot), compared without case.
fn ends_with_label(host: &str, suffix: &str) -> bool {
    host.len() > suffix.len()
        && host
            .get(host.len() - suffix.len()..)
            .is_some_and(|end| end.eq_ignore_ascii_case(suffix))
}

/// HTTP clients: programs whose operands are URLs (or bare `host/path` words) that they
/// contact, sending the request their options build and reading the answer (curl and its
/// front ends, wget, httpie's `http`/`https`, xh, aria2c, FreeBSD's `fetch`). A member must be
/// such a program: one whose operands name files or other programs does not belong here. The
/// guard reads a line's hosts, the credentials it sends and the downloads it runs by this list;
/// a caller that models only some of these clients' options keeps its own subset and says why.
pub const HTTP_CLIENTS: &[&str] = &[
    "curl", "wget", "wget2", "http", "https", "xh", "xhs", "curlie", "httpstat", "aria2c", "fetch",
];

/// The variables through which HTTP clients, package managers and forge or cloud CLIs send
/// their requests to a proxy (curl, git, Go, Node's and Python's clients read one spelling or
/// the other).
pub const PROXY_VARS: &[&str] = &[
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
    "ALL_PROXY",
    "all_proxy",
];

/// The proxy host a variable assignment names, when `name` is one of [`PROXY_VARS`] and its
/// value a proxy address (`http://198.51.100.9:3128`, `socks5h://proxy:1080`, `proxy:3128`).
///
/// ```
/// use terraphim_shell_vocab::hosts::proxy_host;
/// assert_eq!(proxy_host("HTTPS_PROXY", "http://198.51.100.9:3128").as_deref(), Some("198.51.100.9"));
/// assert_eq!(proxy_host("all_proxy", "proxy.example.net:8080").as_deref(), Some("proxy.example.net"));
/// assert_eq!(proxy_host("NO_PROXY", "localhost"), None);
/// ```
pub fn proxy_host(name: &str, value: &str) -> Option<String> {
    if !PROXY_VARS.contains(&name) || value.is_empty() {
        return None;
    }
    if value.contains("://") {
        host_of(value)
    } else {
        host_of(&format!("http://{value}"))
    }
}

/// Endpoints that post what a request carries into a chat channel (host, and the path prefix
/// that posts, empty for a host that does nothing else): incoming webhooks and the bots'
/// message calls of Slack, Discord, Microsoft Teams, Google Chat, Mattermost-style hooks and
/// Telegram. What the body holds is read by everybody in the channel, so a credential in it is
/// published, even though the host is the one the credential's service runs.
pub const CHANNEL_POST_ENDPOINTS: &[(&str, &str)] = &[
    ("hooks.slack.com", ""),
    ("slack.com", "/api/chat.postmessage"),
    ("slack.com", "/api/chat.postephemeral"),
    ("slack.com", "/api/files.upload"),
    ("discord.com", "/api/webhooks/"),
    ("discordapp.com", "/api/webhooks/"),
    ("ptb.discord.com", "/api/webhooks/"),
    ("canary.discord.com", "/api/webhooks/"),
    ("outlook.office.com", "/webhook"),
    ("chat.googleapis.com", "/v1/spaces/"),
    ("api.telegram.org", "/bot"),
];

/// Whether a URL (`https://hooks.slack.com/services/T/B/X`) is one of the
/// [`CHANNEL_POST_ENDPOINTS`], or a Teams workflow hook (`*.webhook.office.com`).
///
/// ```
/// use terraphim_shell_vocab::hosts::posts_to_channel;
/// assert!(posts_to_channel("https://hooks.slack.com/services/T0/B0/x"));
/// assert!(posts_to_channel("https://discord.com/api/webhooks/1/abc"));
/// assert!(!posts_to_channel("https://slack.com/api/conversations.list"));
/// assert!(!posts_to_channel("https://api.github.com/repos/o/r"));
/// ```
pub fn posts_to_channel(url: &str) -> bool {
    let Some(host) = host_of(url) else {
        return false;
    };
    if host.ends_with(".webhook.office.com") {
        return true;
    }
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let path = rest
        .find('/')
        .map_or(String::new(), |at| rest[at..].to_ascii_lowercase());
    CHANNEL_POST_ENDPOINTS
        .iter()
        .any(|(h, prefix)| host == *h && path.starts_with(prefix))
}
