//! The connect gate of `network = [allow-list]` (see `crate::proxy`): the seccomp rules that
//! leave the command TCP sockets and nothing else, and the supervisor's answer to its `connect`.
//!
//! The command's own `connect` never runs. The supervisor reads the address from the command's
//! memory once and decides on that copy: the proxy's address (127.0.0.1, `::ffff:127.0.0.1` or
//! `::1` at the proxy's port) is answered by connecting a socket *of the supervisor's own* to
//! the proxy (an address the supervisor holds, not one read from the command) and installing it
//! in place of the command's descriptor (`SECCOMP_IOCTL_NOTIF_ADDFD`), so nothing the command
//! changes after the read can redirect it; every other address is refused and reported. The
//! command itself runs in a network namespace of its own with no interface up, so even a call
//! the filter did not cover would reach nothing.

use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4};
use std::os::fd::{AsRawFd as _, OwnedFd};

use seccompiler::{
    SeccompCmpArgLen as ArgLen, SeccompCmpOp as Op, SeccompCondition as Cond, SeccompRule,
};

use crate::error::{Result, SandboxError};
use crate::proxy::{Peer, ProxyGate};
use crate::report::Target;

/// Added to an argument index in [`rule`]: compare all 64 bits.
const D64: u8 = 16;

/// `MSG_FASTOPEN`: `sendmsg`/`sendto` that connects a TCP socket on the way.
const MSG_FASTOPEN: u64 = 0x2000_0000;

/// A rule of conditions `(argument, operation, value)` on the low 32 bits of each argument
/// (`int` arguments: the kernel ignores the upper half, so a filter must too); `D64` marks a
/// pointer compared whole.
fn rule(conds: Vec<(u8, Op, u64)>) -> Result<SeccompRule> {
    let conds = conds
        .into_iter()
        .map(|(arg, op, v)| {
            let (arg, len) = if arg >= D64 {
                (arg - D64, ArgLen::Qword)
            } else {
                (arg, ArgLen::Dword)
            };
            Cond::new(arg, len, op, v)
                .map_err(|e| SandboxError::Plan(format!("seccomp condition: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    SeccompRule::new(conds).map_err(|e| SandboxError::Plan(format!("seccomp rule: {e}")))
}

/// The notify filter's network rules for an allow-list: sockets of any family but Unix, IPv4
/// and IPv6, and IP sockets that are not plain TCP (UDP, raw, SCTP, ...: DNS would be one);
/// every `connect`; `sendto` with an address; `sendmsg`/`sendmmsg` with `MSG_FASTOPEN`.
pub(crate) fn proxy_rules(rules: &mut BTreeMap<i64, Vec<SeccompRule>>) -> Result<()> {
    let (unix, inet, inet6) = (
        libc::AF_UNIX as u64,
        libc::AF_INET as u64,
        libc::AF_INET6 as u64,
    );
    let mut socket = vec![
        rule(vec![
            (0, Op::Ne, unix),
            (0, Op::Ne, inet),
            (0, Op::Ne, inet6),
        ])?,
        // Datagram Unix sockets, as for every network mode but `allow`: `sendmsg` names its
        // destination behind a pointer no filter reads (a host datagram socket around `connect`).
        rule(vec![
            (0, Op::Eq, unix),
            (1, Op::MaskedEq(0xf), libc::SOCK_DGRAM as u64),
        ])?,
    ];
    for fam in [inet, inet6] {
        // The type is the low four bits (SOCK_NONBLOCK and SOCK_CLOEXEC lie above): anything
        // but SOCK_STREAM (1) has bit 0 clear or one of bits 1-3 set.
        socket.push(rule(vec![(0, Op::Eq, fam), (1, Op::MaskedEq(1), 0)])?);
        for bit in [2u64, 4, 8] {
            socket.push(rule(vec![(0, Op::Eq, fam), (1, Op::MaskedEq(bit), bit)])?);
        }
        socket.push(rule(vec![
            (0, Op::Eq, fam),
            (2, Op::Ne, 0),
            (2, Op::Ne, libc::IPPROTO_TCP as u64),
        ])?);
    }
    rules.insert(libc::SYS_socket, socket);
    rules.insert(libc::SYS_connect, Vec::new());
    rules.insert(libc::SYS_sendto, vec![rule(vec![(D64 + 4, Op::Ne, 0)])?]);
    rules.insert(
        libc::SYS_sendmsg,
        vec![rule(vec![(2, Op::MaskedEq(MSG_FASTOPEN), MSG_FASTOPEN)])?],
    );
    rules.insert(
        libc::SYS_sendmmsg,
        vec![rule(vec![(3, Op::MaskedEq(MSG_FASTOPEN), MSG_FASTOPEN)])?],
    );
    Ok(())
}

/// Whether a refused `socket(domain, _, protocol)` is not worth a violation under an
/// allow-list: a route netlink socket, which Node opens on start to list the interfaces (and
/// copes without). Refused all the same (`EAFNOSUPPORT`, never let through: its `sendto` would
/// need an address the filter cannot tell from an IP one).
pub(crate) fn quiet_socket(domain: u64, protocol: u64) -> bool {
    domain as i32 == libc::AF_NETLINK && protocol as i32 == libc::NETLINK_ROUTE
}

/// The supervisor's answer to one notified network call under an allow-list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Answer {
    /// Not an IP address: the ordinary rules (Unix sockets) decide.
    NotInet,
    /// The proxy's socket is installed; the call returns 0.
    Connected,
    /// Refused with this errno; `(detail, evidence, target)` of the `network` violation.
    Refused(i32, String, String, Option<Target>),
}

/// Parse a socket address the way the kernel would read it (`len` bytes at most).
pub(crate) fn parse_inet(bytes: &[u8]) -> Option<SocketAddr> {
    if bytes.len() < 2 {
        return None;
    }
    let family = i32::from(u16::from_ne_bytes([bytes[0], bytes[1]]));
    if family == libc::AF_INET && bytes.len() >= 8 {
        let port = u16::from_be_bytes([bytes[2], bytes[3]]);
        let ip = Ipv4Addr::new(bytes[4], bytes[5], bytes[6], bytes[7]);
        return Some(SocketAddr::new(IpAddr::V4(ip), port));
    }
    if family == libc::AF_INET6 && bytes.len() >= 24 {
        let port = u16::from_be_bytes([bytes[2], bytes[3]]);
        let mut o = [0u8; 16];
        o.copy_from_slice(&bytes[8..24]);
        return Some(SocketAddr::new(IpAddr::V6(Ipv6Addr::from(o)), port));
    }
    None
}

/// Whether `target` is the proxy, in any of the forms a program may use for it.
pub(crate) fn is_proxy(target: SocketAddr, proxy: SocketAddrV4) -> bool {
    if target.port() != proxy.port() {
        return false;
    }
    match target.ip() {
        IpAddr::V4(ip) => ip == *proxy.ip(),
        IpAddr::V6(ip) => ip.to_ipv4_mapped() == Some(*proxy.ip()) || ip == Ipv6Addr::LOCALHOST,
    }
}

/// Decide a notified `connect`, `sendto` or `sendmsg` under an allow-list. `addr`/`len` point
/// at the address in the caller's memory; it is read once, here.
#[allow(clippy::too_many_arguments, reason = "one notification's parts")]
pub(crate) fn answer(
    req: &libc::seccomp_notif,
    listener: &OwnedFd,
    gate: &ProxyGate,
    who: &str,
    peer: Peer,
    name: &str,
    sockfd: u64,
    addr: u64,
    len: u64,
) -> Answer {
    let pid = req.pid as i32;
    let via = if gate.deny {
        format!(
            "network is denied; the guard's proxy at {} (HTTP_PROXY) answers requests by name only to refuse and name them",
            gate.addr
        )
    } else {
        format!(
            "only the guard's proxy at {} is reachable (HTTP_PROXY); network is an allow-list",
            gate.addr
        )
    };
    if name != "connect" && name != "sendto" {
        return Answer::Refused(
            libc::EACCES,
            format!("{name}(MSG_FASTOPEN) denied: a TCP Fast Open connect around the proxy"),
            format!("seccomp: {name}(MSG_FASTOPEN) by {who} refused with EACCES; {via}"),
            None,
        );
    }
    let len = usize::try_from(len.min(128)).unwrap_or(0);
    let Some(bytes) = super::read_memory(pid, addr, len) else {
        return Answer::NotInet;
    };
    let Some(target) = parse_inet(&bytes) else {
        return Answer::NotInet;
    };
    if name == "connect" && is_proxy(target, gate.addr) {
        return match connect_proxy(req, listener, gate, peer, sockfd) {
            Ok(()) => Answer::Connected,
            Err(errno) => Answer::Refused(
                errno,
                format!(
                    "connect to the guard's proxy failed ({})",
                    std::io::Error::from_raw_os_error(errno)
                ),
                format!(
                    "supervisor: connecting pid {pid}'s socket to the proxy at {} failed",
                    gate.addr
                ),
                None,
            ),
        };
    }
    let why = if gate.deny {
        "the network is denied"
    } else {
        "not through the guard's proxy"
    };
    Answer::Refused(
        libc::EACCES,
        format!("{name} to {target} denied: {why}"),
        format!(
            "seccomp: {name}() to {target} (address as read by the supervisor) by {who} refused with EACCES; {via}"
        ),
        Some(Target::Address {
            ip: target.ip(),
            port: target.port(),
        }),
    )
}

fn owned(fd: libc::c_long) -> Option<OwnedFd> {
    use std::os::fd::FromRawFd as _;
    // SAFETY: a descriptor just returned by the kernel, owned here.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as i32) })
}

fn errno() -> i32 {
    std::io::Error::last_os_error()
        .raw_os_error()
        .unwrap_or(libc::EIO)
}

/// Connect a new socket of the supervisor's to the proxy and install it as the caller's
/// `sockfd`, with the caller's socket family, blocking mode and close-on-exec flag.
fn connect_proxy(
    req: &libc::seccomp_notif,
    listener: &OwnedFd,
    gate: &ProxyGate,
    mut peer: Peer,
    sockfd: u64,
) -> std::result::Result<(), i32> {
    let pid = req.pid as i32;
    // SAFETY: pidfd_open of a process blocked in this notification.
    let pidfd =
        owned(unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0u32) }).ok_or_else(errno)?;
    // SAFETY: pidfd_getfd duplicates the caller's descriptor into this process.
    let theirs = owned(unsafe {
        libc::syscall(
            libc::SYS_pidfd_getfd,
            pidfd.as_raw_fd(),
            sockfd as i32,
            0u32,
        )
    })
    .ok_or(libc::EBADF)?;
    let int_opt = |fd: i32, level: i32, opt: i32| -> Option<i32> {
        let mut v: i32 = 0;
        let mut l = std::mem::size_of::<i32>() as libc::socklen_t;
        // SAFETY: getsockopt into an int of the length given.
        let r = unsafe { libc::getsockopt(fd, level, opt, (&mut v as *mut i32).cast(), &mut l) };
        (r == 0).then_some(v)
    };
    let domain =
        int_opt(theirs.as_raw_fd(), libc::SOL_SOCKET, libc::SO_DOMAIN).ok_or(libc::ENOTSOCK)?;
    let kind =
        int_opt(theirs.as_raw_fd(), libc::SOL_SOCKET, libc::SO_TYPE).ok_or(libc::ENOTSOCK)?;
    if kind != libc::SOCK_STREAM || (domain != libc::AF_INET && domain != libc::AF_INET6) {
        return Err(libc::EPROTOTYPE);
    }
    // SAFETY: fcntl on an open descriptor.
    let status = unsafe { libc::fcntl(theirs.as_raw_fd(), libc::F_GETFL) };
    drop(theirs);
    // SAFETY: a new socket, owned below.
    let mine =
        owned(unsafe { libc::socket(domain, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) }.into())
            .ok_or_else(errno)?;
    let ip = gate.addr.ip().octets();
    let port = gate.addr.port().to_be();
    // SAFETY: connect with a sockaddr of the family of the socket and its size.
    let r = unsafe {
        if domain == libc::AF_INET {
            let mut sin: libc::sockaddr_in = std::mem::zeroed();
            sin.sin_family = libc::AF_INET as libc::sa_family_t;
            sin.sin_port = port;
            sin.sin_addr.s_addr = u32::from_ne_bytes(ip);
            libc::connect(
                mine.as_raw_fd(),
                (&sin as *const libc::sockaddr_in).cast(),
                std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t,
            )
        } else {
            let off: i32 = 0;
            libc::setsockopt(
                mine.as_raw_fd(),
                libc::IPPROTO_IPV6,
                libc::IPV6_V6ONLY,
                (&off as *const i32).cast(),
                std::mem::size_of::<i32>() as libc::socklen_t,
            );
            let mut sin6: libc::sockaddr_in6 = std::mem::zeroed();
            sin6.sin6_family = libc::AF_INET6 as libc::sa_family_t;
            sin6.sin6_port = port;
            sin6.sin6_addr.s6_addr = gate.addr.ip().to_ipv6_mapped().octets();
            libc::connect(
                mine.as_raw_fd(),
                (&sin6 as *const libc::sockaddr_in6).cast(),
                std::mem::size_of::<libc::sockaddr_in6>() as libc::socklen_t,
            )
        }
    };
    if r != 0 {
        return Err(errno());
    }
    // Who this connection is for, by its local port (the proxy sees it as the peer's port).
    // SAFETY: a zeroed sockaddr_storage is a valid out-parameter.
    let mut ss: libc::sockaddr_storage = unsafe { std::mem::zeroed() };
    let mut sl = std::mem::size_of::<libc::sockaddr_storage>() as libc::socklen_t;
    // SAFETY: getsockname into storage of the size given.
    if unsafe {
        libc::getsockname(
            mine.as_raw_fd(),
            (&mut ss as *mut libc::sockaddr_storage).cast(),
            &mut sl,
        )
    } == 0
    {
        // SAFETY: sockaddr_storage is at least as large as the bytes viewed.
        let bytes = unsafe {
            std::slice::from_raw_parts(
                (&ss as *const libc::sockaddr_storage).cast::<u8>(),
                sl as usize,
            )
        };
        if let Some(local) = parse_inet(bytes) {
            peer.pid = pid;
            gate.peers.insert(local.port(), peer);
        }
    }
    if status >= 0 && status & libc::O_NONBLOCK != 0 {
        // SAFETY: fcntl on our own descriptor.
        unsafe { libc::fcntl(mine.as_raw_fd(), libc::F_SETFL, libc::O_NONBLOCK) };
    }
    if !super::install_in_place(listener.as_raw_fd(), req.id, pid, sockfd, &mine) {
        return Err(libc::EINTR);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sockaddr_in(ip: [u8; 4], port: u16) -> Vec<u8> {
        let mut b = (libc::AF_INET as u16).to_ne_bytes().to_vec();
        b.extend_from_slice(&port.to_be_bytes());
        b.extend_from_slice(&ip);
        b.extend_from_slice(&[0; 8]);
        b
    }

    fn sockaddr_in6(ip: Ipv6Addr, port: u16) -> Vec<u8> {
        let mut b = (libc::AF_INET6 as u16).to_ne_bytes().to_vec();
        b.extend_from_slice(&port.to_be_bytes());
        b.extend_from_slice(&[0; 4]);
        b.extend_from_slice(&ip.octets());
        b.extend_from_slice(&[0; 4]);
        b
    }

    #[test]
    fn only_the_proxy_address_is_the_proxy() {
        let proxy: SocketAddrV4 = "127.0.0.1:41000".parse().unwrap();
        let cases: &[(Vec<u8>, Option<bool>)] = &[
            (sockaddr_in([127, 0, 0, 1], 41000), Some(true)),
            (sockaddr_in([127, 0, 0, 1], 41001), Some(false)),
            (sockaddr_in([127, 0, 0, 2], 41000), Some(false)),
            (sockaddr_in([93, 184, 216, 34], 443), Some(false)),
            (sockaddr_in6(Ipv6Addr::LOCALHOST, 41000), Some(true)),
            (
                sockaddr_in6(Ipv4Addr::LOCALHOST.to_ipv6_mapped(), 41000),
                Some(true),
            ),
            (
                sockaddr_in6("2001:db8::1".parse().unwrap(), 41000),
                Some(false),
            ),
            (sockaddr_in([127, 0, 0, 1], 41000)[..6].to_vec(), None),
            (vec![1, 0, b'/', b'x'], None),
        ];
        for (bytes, want) in cases {
            let got = parse_inet(bytes).map(|a| is_proxy(a, proxy));
            assert_eq!(got, *want, "{bytes:?}");
        }
    }

    #[test]
    fn only_route_netlink_is_refused_quietly() {
        assert!(quiet_socket(libc::AF_NETLINK as u64, 0));
        assert!(!quiet_socket(libc::AF_NETLINK as u64, 9)); // NETLINK_AUDIT
        assert!(!quiet_socket(libc::AF_PACKET as u64, 0));
        assert!(!quiet_socket(libc::AF_INET as u64, 0));
    }

    #[test]
    fn the_rules_cover_what_the_allow_list_needs() {
        let mut rules = BTreeMap::new();
        proxy_rules(&mut rules).unwrap();
        for nr in [
            libc::SYS_socket,
            libc::SYS_connect,
            libc::SYS_sendto,
            libc::SYS_sendmsg,
            libc::SYS_sendmmsg,
        ] {
            assert!(rules.contains_key(&nr), "{nr}");
        }
        // connect: unconditional.
        assert!(rules[&libc::SYS_connect].is_empty());
        // socket: other families, datagram Unix sockets, and per IP family four type rules and
        // one protocol rule.
        assert_eq!(rules[&libc::SYS_socket].len(), 2 + 2 * 5);
    }
}
