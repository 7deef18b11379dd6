//! The network allow-list of a profile (`network = ["registry.npmjs.org", "*.pythonhosted.org",
//! "@registries"]`): host patterns, the named lists shipped in `kg/network/`, the test-only
//! `resolve` table, and the rule that a name on the list never reaches a private address.
//!
//! Pure: no I/O except name resolution in [`NetPolicy::resolve`], which the proxy calls outside
//! the sandbox after the name has been allowed.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs as _};

/// The named host lists shipped in the binary, from `kg/network/`: `@NAME` in a profile's
/// `network` list stands for every pattern of the list.
const LISTS: &[(&str, &str)] = &[(
    "registries",
    include_str!("../../../kg/network/registries.txt"),
)];

/// The names of the shipped host lists.
pub fn host_lists() -> impl Iterator<Item = &'static str> {
    LISTS.iter().map(|(n, _)| *n)
}

/// Which ports a pattern allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ports {
    /// No port given: HTTPS (443) only.
    Https,
    /// `host:N`.
    One(u16),
    /// `host:*`.
    Any,
}

/// Which hosts a pattern allows.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Hosts {
    /// One host name or address literal, exactly (lowercase, no trailing dot).
    Exact(String),
    /// `*.example.com`: every name below `example.com` (not `example.com` itself); holds
    /// `.example.com`.
    Below(String),
}

/// One compiled host pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HostPattern {
    hosts: Hosts,
    ports: Ports,
    /// The pattern as written (after list expansion), for messages.
    text: String,
}

impl HostPattern {
    /// Parse one pattern: `host`, `*.domain`, an IPv4 literal, `[v6]`, each optionally with
    /// `:PORT` or `:*`.
    pub(crate) fn parse(text: &str) -> Result<Self, String> {
        let t = text.trim();
        let (host, port) = split_host_port(t)
            .ok_or_else(|| format!("host pattern `{text}`: expected HOST, HOST:PORT or HOST:*"))?;
        let ports = match port {
            None => Ports::Https,
            Some("*") => Ports::Any,
            Some(p) => match p.parse::<u16>() {
                Ok(n) if n > 0 => Ports::One(n),
                _ => return Err(format!("host pattern `{text}`: bad port `{p}`")),
            },
        };
        let hosts = if let Some(rest) = host.strip_prefix("*.") {
            let rest = normal_host(rest)
                .filter(|r| r.contains('.') || r.len() > 1)
                .filter(|r| r.parse::<IpAddr>().is_err())
                .ok_or_else(|| format!("host pattern `{text}`: bad domain after `*.`"))?;
            Hosts::Below(format!(".{rest}"))
        } else {
            Hosts::Exact(
                normal_host(host)
                    .ok_or_else(|| format!("host pattern `{text}`: bad host name `{host}`"))?,
            )
        };
        Ok(Self {
            hosts,
            ports,
            text: t.to_owned(),
        })
    }

    fn matches(&self, host: &str, port: u16) -> bool {
        let port_ok = match self.ports {
            Ports::Https => port == 443,
            Ports::One(p) => port == p,
            Ports::Any => true,
        };
        port_ok
            && match &self.hosts {
                Hosts::Exact(h) => h == host,
                Hosts::Below(suffix) => {
                    host.len() > suffix.len() && host.ends_with(suffix.as_str())
                }
            }
    }
}

/// Split `host[:port]`, `[v6][:port]`; `None` when malformed.
fn split_host_port(t: &str) -> Option<(&str, Option<&str>)> {
    if let Some(rest) = t.strip_prefix('[') {
        let end = rest.find(']')?;
        let (v6, after) = (&rest[..end], &rest[end + 1..]);
        v6.parse::<Ipv6Addr>().ok()?;
        return match after {
            "" => Some((&t[..end + 2], None)),
            _ => Some((&t[..end + 2], Some(after.strip_prefix(':')?))),
        };
    }
    match t.split_once(':') {
        None => Some((t, None)),
        Some((h, p)) if !p.contains(':') => Some((h, Some(p))),
        // A bare IPv6 literal without brackets is ambiguous with a port.
        Some(_) => None,
    }
}

/// A host name in its one comparable form: lowercase, no trailing dot, only letters, digits,
/// `-`, `_` and `.` in non-empty labels (or an address literal, IPv6 in brackets). `None` for
/// anything else (`%`, `@`, spaces, empty labels): such a name is never allowed.
pub(crate) fn normal_host(host: &str) -> Option<String> {
    let h = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
    if let Some(v6) = h.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return v6.parse::<Ipv6Addr>().ok().map(|a| format!("[{a}]"));
    }
    let ok = !h.is_empty()
        && h.len() <= 253
        && h.split('.').all(|l| {
            !l.is_empty()
                && l.len() <= 63
                && l.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        });
    ok.then_some(h)
}

/// Expand `@NAME` entries into the patterns of the shipped list `NAME`; other entries stay.
fn expand(entries: &[String]) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for e in entries {
        let e = e.trim();
        if let Some(name) = e.strip_prefix('@') {
            let (_, text) = LISTS.iter().find(|(n, _)| *n == name).ok_or_else(|| {
                format!(
                    "unknown host list `@{name}` (known: {})",
                    host_lists()
                        .map(|n| format!("@{n}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })?;
            out.extend(
                text.lines()
                    .map(|l| l.split('#').next().unwrap_or_default().trim())
                    .filter(|l| !l.is_empty())
                    .map(str::to_owned),
            );
        } else {
            out.push(e.to_owned());
        }
    }
    Ok(out)
}

/// Whether the guard's proxy refuses `ip` when an allow-list names it (private, loopback, link-local and other non-public ranges):
/// the way out grants no such address by name.
pub fn is_private_address(ip: IpAddr) -> bool {
    is_private(ip)
}

/// Whether an address is one a name from an allow-list must never lead to: loopback, private,
/// link-local (cloud metadata), carrier-grade NAT, unique-local, multicast, unspecified,
/// reserved. Only the profile's own `resolve` table may point a name there.
pub(crate) fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(a) => private_v4(a),
        IpAddr::V6(a) => {
            if let Some(v4) = a.to_ipv4_mapped() {
                return private_v4(v4);
            }
            let s = a.segments();
            a.is_loopback()
                || a.is_unspecified()
                || a.is_multicast()
                || s[0] & 0xfe00 == 0xfc00 // unique local
                || s[0] & 0xffc0 == 0xfe80 // link local
                || (s[0] == 0x64 && s[1] == 0xff9b) // NAT64 of any IPv4 address
                || (s[0] == 0x2002) // 6to4 of any IPv4 address
                || (s[0] == 0x2001 && s[1] == 0) // Teredo
                || (s[0] == 0 && s[1] == 0 && s[2] == 0 && s[3] == 0 && s[4] == 0 && s[5] == 0) // IPv4-compatible
        }
    }
}

fn private_v4(a: Ipv4Addr) -> bool {
    let o = a.octets();
    a.is_loopback()
        || a.is_private()
        || a.is_link_local()
        || a.is_unspecified()
        || a.is_broadcast()
        || a.is_multicast()
        || o[0] == 0
        || (o[0] == 100 && o[1] & 0xc0 == 64) // 100.64.0.0/10
        || o[0] >= 240
        || (o[0] == 192 && o[1] == 0 && o[2] == 0) // IETF protocol assignments
        || (o[0] == 198 && o[1] & 0xfe == 18) // benchmarking
}

/// What the proxy decided about one target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Decision {
    /// Allowed by this pattern.
    Allowed(String),
    /// Not on the list.
    NotListed,
    /// Not a host name the proxy accepts at all.
    Malformed,
}

/// Why a target that is allowed could not be reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ResolveError {
    /// The name did not resolve.
    Lookup(String),
    /// It resolved, but only to private addresses (see [`is_private`]).
    Private(Vec<IpAddr>),
}

/// A profile's network allow-list, compiled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NetPolicy {
    patterns: Vec<HostPattern>,
    /// Host name (normalised) to the addresses the proxy uses for it instead of a lookup.
    resolve: BTreeMap<String, Vec<IpAddr>>,
}

/// A profile's `resolve` table, checked: host names to addresses.
pub(crate) fn resolve_table(
    resolve: &BTreeMap<String, Vec<String>>,
) -> Result<BTreeMap<String, Vec<IpAddr>>, String> {
    let mut table = BTreeMap::new();
    for (host, addrs) in resolve {
        let h = normal_host(host)
            .filter(|h| !h.starts_with('['))
            .ok_or_else(|| format!("`resolve` key `{host}` is not a host name"))?;
        if addrs.is_empty() {
            return Err(format!("`resolve` entry `{host}` lists no address"));
        }
        let ips = addrs
            .iter()
            .map(|a| {
                a.parse::<IpAddr>()
                    .map_err(|_| format!("`resolve` entry `{host}`: `{a}` is not an IP address"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        table.insert(h, ips);
    }
    Ok(table)
}

impl NetPolicy {
    /// Compile a profile's `network` list and `resolve` table; errors say which entry is wrong.
    pub(crate) fn new(
        entries: &[String],
        resolve: &BTreeMap<String, Vec<String>>,
    ) -> Result<Self, String> {
        if entries.is_empty() {
            return Err("`network` is an empty list: write \"deny\" to allow no host".to_owned());
        }
        let patterns = expand(entries)?
            .iter()
            .map(|e| HostPattern::parse(e))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            patterns,
            resolve: resolve_table(resolve)?,
        })
    }

    /// The policy of a run whose network is denied: no host at all.
    pub(crate) fn nothing() -> Self {
        Self {
            patterns: Vec::new(),
            resolve: BTreeMap::new(),
        }
    }

    /// The patterns, as written (lists expanded).
    pub(crate) fn patterns(&self) -> impl Iterator<Item = &str> {
        self.patterns.iter().map(|p| p.text.as_str())
    }

    /// Whether `host:port` may be reached.
    pub(crate) fn decide(&self, host: &str, port: u16) -> Decision {
        let Some(h) = normal_host(host) else {
            return Decision::Malformed;
        };
        match self.patterns.iter().find(|p| p.matches(&h, port)) {
            Some(p) => Decision::Allowed(p.text.clone()),
            None => Decision::NotListed,
        }
    }

    /// The addresses to connect to for an allowed `host:port`: the `resolve` table's, an
    /// address literal, or a lookup (the guard's own resolver, outside the sandbox), minus
    /// private addresses (a name on the list that resolves to loopback or the cloud metadata
    /// service is refused; only the `resolve` table may point there).
    pub(crate) fn resolve(&self, host: &str, port: u16) -> Result<Vec<SocketAddr>, ResolveError> {
        let h = normal_host(host).ok_or_else(|| ResolveError::Lookup("bad host name".into()))?;
        if let Some(ips) = self.resolve.get(&h) {
            return Ok(ips.iter().map(|ip| SocketAddr::new(*ip, port)).collect());
        }
        let all: Vec<SocketAddr> = match h
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<IpAddr>()
        {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => (h.as_str(), port)
                .to_socket_addrs()
                .map_err(|e| ResolveError::Lookup(e.to_string()))?
                .collect(),
        };
        let public: Vec<SocketAddr> = all
            .iter()
            .filter(|a| !is_private(a.ip()))
            .copied()
            .collect();
        if public.is_empty() {
            return Err(ResolveError::Private(
                all.iter().map(SocketAddr::ip).collect(),
            ));
        }
        Ok(public)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(entries: &[&str]) -> NetPolicy {
        NetPolicy::new(
            &entries.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(),
            &BTreeMap::new(),
        )
        .unwrap()
    }

    #[test]
    fn patterns_match_hosts_and_ports() {
        let p = policy(&[
            "registry.npmjs.org",
            "*.pythonhosted.org",
            "dev.example:8080",
            "any.example:*",
            "203.0.113.7:80",
        ]);
        let cases: &[(&str, u16, bool)] = &[
            ("registry.npmjs.org", 443, true),
            ("REGISTRY.NPMJS.ORG.", 443, true),
            ("registry.npmjs.org", 80, false),
            ("registry.npmjs.org", 8443, false),
            ("npmjs.org", 443, false),
            ("evil-registry.npmjs.org", 443, false),
            ("registry.npmjs.org.evil.com", 443, false),
            ("files.pythonhosted.org", 443, true),
            ("a.b.pythonhosted.org", 443, true),
            ("pythonhosted.org", 443, false),
            ("xpythonhosted.org", 443, false),
            ("dev.example", 8080, true),
            ("dev.example", 443, false),
            ("any.example", 1, true),
            ("any.example", 65535, true),
            ("203.0.113.7", 80, true),
            ("203.0.113.7", 443, false),
            ("registry.npmjs.org@evil.com", 443, false),
            ("registry.npmjs.org%00", 443, false),
            ("", 443, false),
        ];
        for (host, port, want) in cases {
            let got = matches!(p.decide(host, *port), Decision::Allowed(_));
            assert_eq!(got, *want, "{host}:{port}");
        }
        assert_eq!(p.decide("a b", 443), Decision::Malformed);
        assert_eq!(p.decide("example.com", 443), Decision::NotListed);
    }

    #[test]
    fn bad_patterns_and_lists_are_errors() {
        let cases: &[(&[&str], &str)] = &[
            (&[], "empty list"),
            (&["exa mple.com"], "bad host name"),
            (&["*.com.:x"], "bad port"),
            (&["host:0"], "bad port"),
            (&["*."], "bad domain"),
            (&["*.1.2.3.4"], "bad domain"),
            (&["::1"], "expected HOST"),
            (&["@nope"], "unknown host list `@nope`"),
        ];
        for (entries, want) in cases {
            let e: Vec<String> = entries.iter().map(|s| (*s).to_owned()).collect();
            let err = NetPolicy::new(&e, &BTreeMap::new()).unwrap_err();
            assert!(err.contains(want), "{entries:?}: {err}");
        }
        let bad_resolve = BTreeMap::from([("x.test".to_owned(), vec!["not-an-ip".to_owned()])]);
        assert!(
            NetPolicy::new(&["x.test".into()], &bad_resolve)
                .unwrap_err()
                .contains("not an IP")
        );
    }

    #[test]
    fn the_registries_list_names_the_package_hosts() {
        let p = policy(&["@registries"]);
        for host in [
            "crates.io",
            "static.crates.io",
            "index.crates.io",
            "pypi.org",
            "files.pythonhosted.org",
            "registry.npmjs.org",
            "proxy.golang.org",
            "sum.golang.org",
            "github.com",
            "codeload.github.com",
            "objects.githubusercontent.com",
            "gitlab.com",
        ] {
            assert!(
                matches!(p.decide(host, 443), Decision::Allowed(_)),
                "{host}"
            );
            assert_eq!(p.decide(host, 22), Decision::NotListed, "{host}:22");
        }
        for host in ["example.com", "api.github.com.evil.io", "gist.github.com"] {
            assert_eq!(p.decide(host, 443), Decision::NotListed, "{host}");
        }
    }

    #[test]
    fn private_addresses_are_recognised() {
        let private = [
            "127.0.0.1",
            "127.8.9.10",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "64:ff9b::7f00:1",
            "2002:7f00:1::",
        ];
        for a in private {
            assert!(is_private(a.parse().unwrap()), "{a}");
        }
        for a in ["203.0.113.7", "151.101.1.1", "2606:4700::1111", "8.8.8.8"] {
            assert!(!is_private(a.parse().unwrap()), "{a}");
        }
    }

    #[test]
    fn resolution_refuses_private_addresses_except_through_the_table() {
        let table = BTreeMap::from([(
            "registry.fake.test".to_owned(),
            vec!["127.0.0.1".to_owned()],
        )]);
        let p = NetPolicy::new(
            &[
                "registry.fake.test:*".to_owned(),
                "localhost:*".to_owned(),
                "127.0.0.1:*".to_owned(),
            ],
            &table,
        )
        .unwrap();
        assert_eq!(
            p.resolve("registry.fake.test", 4873),
            Ok(vec!["127.0.0.1:4873".parse().unwrap()])
        );
        // `localhost` resolves from /etc/hosts (no DNS), to loopback: refused.
        assert!(matches!(
            p.resolve("localhost", 4873),
            Err(ResolveError::Private(_)) | Err(ResolveError::Lookup(_))
        ));
        assert!(matches!(
            p.resolve("127.0.0.1", 4873),
            Err(ResolveError::Private(_))
        ));
    }
}
