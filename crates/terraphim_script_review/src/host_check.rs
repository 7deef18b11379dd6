//! Checks of the host a URL points at, which a script makes before it sends anything there
//! (`if urlparse(base).hostname not in HOSTS: raise ...`, `if (!url.hostname.endsWith(
//! '.internal')) throw ...`): past a check whose other branch leaves, the URL's host is one of
//! the hosts the check lets through, and a request to it goes there, whatever the project's
//! settings say. Each language's walker turns its condition into a [`HostCond`];
//! [`hosts_where`] says which hosts the subject can hold where the condition has a truth value,
//! and [`url_at`] gives the URL value that stands for them.
//!
//! Only the hosts the condition names count: a host list that names a host nobody answers
//! for lets requests go there, and the request is judged by that host.

use crate::engine::Val;
use crate::places::UNKNOWN;
use crate::scope::{Scope, Set};

/// The most hosts a check may let through for the review to follow each of them.
const MAX_HOSTS: usize = 16;

/// A condition on the host of a URL, as far as the review can read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum HostCond {
    /// The host named by `subject` (the URL's text in the script: `base`, `self.url`) is one
    /// of `hosts` (`*.internal` for a name ending in `.internal`).
    Is {
        subject: String,
        hosts: Vec<String>,
    },
    Not(Box<HostCond>),
    And(Box<HostCond>, Box<HostCond>),
    Or(Box<HostCond>, Box<HostCond>),
    /// Anything else: says nothing of any host.
    Other,
}

impl HostCond {
    /// `subject` is one of `hosts`, when every host is a plain name or a `*.` suffix (a suffix
    /// checked with its leading dot); [`HostCond::Other`] otherwise.
    pub(crate) fn is(subject: String, hosts: Vec<String>) -> HostCond {
        let plain = |h: &String| {
            let name = h.strip_prefix("*.").unwrap_or(h);
            !name.is_empty()
                && !name.starts_with('.')
                && name.chars().all(|c| {
                    c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ':' | '[' | ']')
                })
        };
        if hosts.is_empty() || hosts.len() > MAX_HOSTS || !hosts.iter().all(plain) {
            return HostCond::Other;
        }
        HostCond::Is {
            subject,
            hosts: hosts.iter().map(|h| h.to_ascii_lowercase()).collect(),
        }
    }

    /// The `*.` host a suffix check (`endswith(".internal")`) lets through, when the suffix
    /// starts with a dot: `endswith("internal")` lets `evilinternal` through.
    pub(crate) fn suffix(suffix: &str) -> Option<String> {
        let name = suffix.strip_prefix('.')?;
        (!name.is_empty() && !name.contains(UNKNOWN)).then(|| format!("*.{name}"))
    }

    /// The `*.` host a regular expression lets through when it tests a host (`.test(host)`,
    /// `re.match(..., host)`): one anchored at the end (`$`, Python's `\Z`) after an escaped
    /// dot and a literal name (`^[a-z0-9-]+\.atlassian\.net$`, `.*\.internal$`). One
    /// without the anchor (`\.internal` matches `x.internal.example.com`), with alternatives
    /// (`^x|\.internal$`), or read line by line (a `m` flag, `(?m)`) is no check.
    pub(crate) fn regex_suffix(pattern: &str, multiline: bool) -> Option<String> {
        if multiline || pattern.contains('|') || pattern.contains("(?m") {
            return None;
        }
        let body = pattern
            .strip_suffix('$')
            .or_else(|| pattern.strip_suffix("\\Z"))?;
        // The literal tail: `\.name` parts, each name plain.
        let mut rest = body;
        let mut parts: Vec<&str> = Vec::new();
        loop {
            let cut = rest.rfind("\\.")?;
            let name = &rest[cut + 2..];
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            {
                return None;
            }
            parts.push(name);
            rest = &rest[..cut];
            // The tail ends where what comes before it is no plain name.
            let before = rest.rsplit("\\.").next().unwrap_or(rest);
            if rest.is_empty()
                || !rest.contains("\\.")
                || !before
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
                || before.is_empty()
            {
                break;
            }
        }
        parts.reverse();
        HostCond::suffix(&format!(".{}", parts.join(".")))
    }

    pub(crate) fn not(c: HostCond) -> HostCond {
        HostCond::Not(Box::new(c))
    }

    pub(crate) fn and(a: HostCond, b: HostCond) -> HostCond {
        HostCond::And(Box::new(a), Box::new(b))
    }

    pub(crate) fn or(a: HostCond, b: HostCond) -> HostCond {
        HostCond::Or(Box::new(a), Box::new(b))
    }
}

/// The subject and the hosts it can hold where `cond` is `holds`, when the condition restricts
/// one subject's host: `host in A or host.endswith(".internal")` true (either), `host not in A
/// and not host.endswith(".internal")` false (neither alternative of the `and` can be the one
/// that failed unless the host is one of them). A condition that restricts nothing, or
/// restricts two subjects where one is needed, gives `None`.
pub(crate) fn hosts_where(cond: &HostCond, holds: bool) -> Option<(String, Vec<String>)> {
    match cond {
        HostCond::Is { subject, hosts } => holds.then(|| (subject.clone(), hosts.clone())),
        HostCond::Not(c) => hosts_where(c, !holds),
        // Both true (or either false): each side alone restricts it.
        HostCond::And(a, b) if holds => hosts_where(a, true).or_else(|| hosts_where(b, true)),
        HostCond::Or(a, b) if !holds => hosts_where(a, false).or_else(|| hosts_where(b, false)),
        // One of the two: each must restrict the same subject.
        HostCond::And(a, b) | HostCond::Or(a, b) => {
            let (sa, mut ha) = hosts_where(a, holds)?;
            let (sb, hb) = hosts_where(b, holds)?;
            if sa != sb {
                return None;
            }
            for h in hb {
                if !ha.contains(&h) {
                    ha.push(h);
                }
            }
            (ha.len() <= MAX_HOSTS).then_some((sa, ha))
        }
        HostCond::Other => None,
    }
}

/// A URL at each of `hosts` (port and path unknown): what a URL the script checked holds past
/// the check. It keeps where `old` came from (decoded, downloaded, the project's files, the
/// command line), not the secrets of the settings it was read from: a URL is sent to the host
/// it names, and a credential in it (a `.env`'s `SERVICE_URL` with a password, a settings
/// object that also holds tokens) is that host's.
pub(crate) fn url_at(hosts: &[String], old: &Val) -> Val {
    let mut taint = old.taint.clone();
    taint.secret = None;
    taint.mixed = false;
    taint.not_var = false;
    taint.url_secret = 0;
    taint.env = false;
    taint.host = false;
    taint.store = false;
    let url = |h: &String| {
        let h = match h.contains(':') && !h.starts_with('[') {
            true => format!("[{h}]"),
            false => h.clone(),
        };
        format!("http://{h}/{UNKNOWN}")
    };
    one_of(hosts, url).with_taint(&taint)
}

/// The text `each` gives the host that is the furthest from this machine (a host nobody
/// answers for before a name of the network's own zone, that before loopback), which stands
/// for the value wherever it is built into another string (an f-string keeps no
/// alternatives), and the texts of every host as its alternatives.
fn one_of(hosts: &[String], each: impl Fn(&String) -> String) -> Val {
    // An empty alternative (a value checked to be empty or a host of a zone) names no host:
    // it stands for the value only when there is nothing else.
    let rank = |h: &String| {
        let name = h.trim_start_matches('[').trim_end_matches(']');
        if name.is_empty() {
            0
        } else if terraphim_shell_vocab::hosts::is_loopback_host(name) {
            1
        } else if terraphim_shell_vocab::hosts::is_private_zone_name(name)
            || terraphim_shell_vocab::hosts::is_single_label_name(name)
            || name
                .parse::<std::net::Ipv4Addr>()
                .is_ok_and(|ip| ip.is_private())
        {
            2
        } else {
            3
        }
    };
    let Some(far) = hosts.iter().max_by_key(|h| rank(h)) else {
        return Val::unknown();
    };
    let mut v = Val::lit(each(far));
    if hosts.len() > 1 {
        v.alts = hosts.iter().map(&each).collect();
    }
    v
}

/// Whether every address `old` may hold names its host (`http://localhost:8080`, the endpoint a
/// setting configures): the check tells nothing the value did not say, and where a known host
/// is not among the hosts let through, no request is made at all.
pub(crate) fn knows_host(old: &Val) -> bool {
    let urls = old.url_texts();
    // (The endpoint of a service the user configured names no host the review knows: the
    // check says where it may be.)
    !urls.is_empty()
        && urls.iter().all(|u| {
            u.as_deref()
                .filter(|u| u.contains("://") && !crate::places::configured_service_value(u))
                .and_then(terraphim_shell_vocab::hosts::host_of)
                .is_some()
        })
}

/// The host names `hosts` stand for, each a string, with the taint `old` had: what a host
/// variable the script checked holds past the check.
pub(crate) fn host_at(hosts: &[String], old: &Val) -> Val {
    one_of(hosts, String::clone).with_taint(&old.taint)
}

/// A variable the walk knows nothing of, tested as a host name itself
/// (`SITE.endsWith('.internal')`, `host.endswith(".internal")`): its name, kept in
/// `plain_hosts` for the walkers of every language. A value the walk knows (a literal, not an
/// empty default) is judged by itself, and one decoded at run time hides where it points
/// whatever it is checked against.
pub(crate) fn plain_host_subject(
    scope: &Scope,
    plain_hosts: &mut Set<String>,
    name: String,
) -> Option<String> {
    if scope.lookup(&name).is_some_and(|v| {
        v.known()
            .is_some_and(|t| !t.is_empty() && !crate::places::configured_service_value(t))
            || v.taint.decoded
    }) {
        return None;
    }
    plain_hosts.insert(name.clone());
    Some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is(s: &str, hosts: &[&str]) -> HostCond {
        HostCond::is(s.into(), hosts.iter().map(|h| (*h).to_owned()).collect())
    }

    #[test]
    fn leaving_unless_listed_or_internal() {
        // `if host not in {"localhost"} and not host.endswith(".internal"): raise`
        let c = HostCond::and(
            HostCond::not(is("base", &["localhost"])),
            HostCond::not(is("base", &["*.internal"])),
        );
        assert_eq!(
            hosts_where(&c, false),
            Some(("base".into(), vec!["localhost".into(), "*.internal".into()]))
        );
        // The same condition true restricts nothing.
        assert_eq!(hosts_where(&c, true), None);
    }

    #[test]
    fn two_subjects_restrict_neither() {
        let c = HostCond::and(
            HostCond::not(is("base", &["localhost"])),
            HostCond::not(is("other", &["*.internal"])),
        );
        assert_eq!(hosts_where(&c, false), None);
        // `not (a or b)` false: a or b true.
        let c = HostCond::not(HostCond::or(is("u", &["localhost"]), HostCond::Other));
        assert_eq!(hosts_where(&c, false), None);
    }

    #[test]
    fn regexes_anchored_at_the_end_after_an_escaped_dot() {
        let r = |p: &str| HostCond::regex_suffix(p, false);
        assert_eq!(
            r(r"^[a-z0-9-]+\.atlassian\.net$"),
            Some("*.atlassian.net".into())
        );
        assert_eq!(r(r".*\.internal$"), Some("*.internal".into()));
        assert_eq!(r(r"\.home\.arpa\Z"), Some("*.home.arpa".into()));
        // No anchor, alternatives, a dot that is any character, read line by line.
        assert_eq!(r(r"\.internal"), None);
        assert_eq!(r(r"^x|\.internal$"), None);
        assert_eq!(r(r".internal$"), None);
        assert_eq!(r(r"(?m)\.internal$"), None);
        assert_eq!(HostCond::regex_suffix(r"\.internal$", true), None);
    }

    #[test]
    fn bad_suffixes_and_names_are_no_check() {
        assert_eq!(HostCond::suffix("internal"), None);
        assert_eq!(HostCond::suffix(".internal"), Some("*.internal".into()));
        assert_eq!(is("u", &["a b"]), HostCond::Other);
    }
}
