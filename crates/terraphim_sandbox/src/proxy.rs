//! The guard's HTTP proxy for a profile whose `network` is an allow-list.
//!
//! It runs in the supervisor's process, outside the sandbox, on a loopback port of the host. The
//! sandboxed command reaches it (and nothing else) because the supervisor answers the command's
//! `connect` to the proxy address by connecting a socket of its own to it and installing that
//! socket in the command (`linux/netgate.rs`). The proxy speaks HTTP/1.x: `CONNECT host:port`
//! (tunnels, for HTTPS and anything else) and plain requests in absolute form
//! (`GET http://host/path`). A target not on the allow-list is answered `403` and recorded as a
//! `network` violation naming the host and the program that asked; an allowed name is resolved
//! here (the sandbox resolves nothing, so there is no DNS channel out of it), never to a private
//! address unless the profile's `resolve` table says so.
//!
//! Threads: one accepts, one per connection reads the request and copies client to upstream, one
//! per tunnel copies upstream to client. [`Proxy::stop`] shuts every socket down and joins them.

use std::collections::{BTreeSet, HashMap};
use std::io::{self, Read as _, Write as _};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, SocketAddrV4, TcpListener, TcpStream};
use std::os::fd::AsRawFd as _;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::netpolicy::{Decision, NetPolicy, ResolveError};
use crate::report::{Target, Violation, ViolationKind};

/// The largest request head the proxy reads.
const MAX_HEAD: usize = 64 * 1024;
/// Connections open at once; more are answered `503`.
const MAX_CONNECTIONS: usize = 256;
/// How long a client may take to send its request head.
const HEAD_TIMEOUT: Duration = Duration::from_secs(30);
/// How long one upstream connect may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Who made a connection to the proxy: recorded by the supervisor when it connects on a
/// program's behalf, by the local port of the socket it made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Peer {
    pub(crate) pid: i32,
    pub(crate) comm: String,
    pub(crate) program: Option<Vec<String>>,
    pub(crate) started_by: Option<Vec<String>>,
}

/// The connections the supervisor made for programs, by the local port of each (shared between
/// the supervisor's notification loop and the proxy's threads).
#[derive(Clone, Default)]
pub(crate) struct Peers(Arc<Mutex<HashMap<u16, Peer>>>);

impl Peers {
    pub(crate) fn insert(&self, port: u16, peer: Peer) {
        lock(&self.0).insert(port, peer);
    }
    fn get(&self, port: u16) -> Option<Peer> {
        lock(&self.0).get(&port).cloned()
    }
}

impl std::fmt::Debug for Peers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Peers")
    }
}

impl PartialEq for Peers {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}
impl Eq for Peers {}

/// What the supervisor needs to send a program's connections to the proxy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ProxyGate {
    /// The proxy's address on the host's loopback.
    pub(crate) addr: SocketAddrV4,
    pub(crate) peers: Peers,
    /// The profile's network is `deny`: the proxy refuses every host (it is there to name them).
    pub(crate) deny: bool,
}

struct Shared {
    policy: NetPolicy,
    profile: String,
    /// Refuse every host (`network = "deny"`): the proxy only names what was asked for.
    deny: bool,
    peers: Peers,
    stop: AtomicBool,
    active: AtomicUsize,
    /// Every socket a thread uses, to shut down on stop.
    sockets: Mutex<Vec<TcpStream>>,
    threads: Mutex<Vec<JoinHandle<()>>>,
    refused: Mutex<Vec<Violation>>,
    reached: Mutex<BTreeSet<String>>,
}

impl Shared {
    fn track(&self, s: &TcpStream) {
        if let Ok(c) = s.try_clone() {
            lock(&self.sockets).push(c);
        }
    }
    fn spawn(self: &Arc<Self>, f: impl FnOnce() + Send + 'static) {
        if let Ok(h) = std::thread::Builder::new()
            .name("guard-proxy".into())
            .spawn(f)
        {
            lock(&self.threads).push(h);
        }
    }
}

/// What the proxy saw during a run.
#[derive(Debug, Default)]
pub(crate) struct ProxyOutcome {
    /// One `network` violation per refused request.
    pub(crate) refused: Vec<Violation>,
    /// `host:port` of every target reached.
    pub(crate) reached: Vec<String>,
}

/// The proxy of one run.
pub(crate) struct Proxy {
    addr: SocketAddrV4,
    listener: Option<TcpListener>,
    /// A second descriptor of the listening socket, to shut it down from outside the accept loop.
    waker: Option<TcpListener>,
    shared: Arc<Shared>,
    accept: Option<JoinHandle<()>>,
}

impl Proxy {
    /// Bind the proxy's port on the host's loopback. No thread is started yet (the supervisor
    /// starts the command first, while it is still single-threaded).
    pub(crate) fn bind(policy: NetPolicy, profile: &str) -> io::Result<Self> {
        Self::bind_with(policy, profile, false)
    }

    /// The proxy of a run whose network is denied: every request is refused and names its host.
    pub(crate) fn bind_refusing(profile: &str) -> io::Result<Self> {
        Self::bind_with(NetPolicy::nothing(), profile, true)
    }

    fn bind_with(policy: NetPolicy, profile: &str, deny: bool) -> io::Result<Self> {
        let listener = TcpListener::bind(SocketAddrV4::new(Ipv4Addr::LOCALHOST, 0))?;
        let addr = match listener.local_addr()? {
            SocketAddr::V4(a) => a,
            SocketAddr::V6(_) => return Err(io::Error::other("the proxy bound an IPv6 address")),
        };
        let waker = listener.try_clone()?;
        Ok(Self {
            addr,
            listener: Some(listener),
            waker: Some(waker),
            shared: Arc::new(Shared {
                policy,
                profile: profile.to_owned(),
                deny,
                peers: Peers::default(),
                stop: AtomicBool::new(false),
                active: AtomicUsize::new(0),
                sockets: Mutex::new(Vec::new()),
                threads: Mutex::new(Vec::new()),
                refused: Mutex::new(Vec::new()),
                reached: Mutex::new(BTreeSet::new()),
            }),
            accept: None,
        })
    }

    /// The proxy's URL for the command's environment.
    pub(crate) fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// What the supervisor's connect gate needs.
    pub(crate) fn gate(&self) -> ProxyGate {
        ProxyGate {
            addr: self.addr,
            peers: self.shared.peers.clone(),
            deny: self.shared.deny,
        }
    }

    /// Start accepting (connections made before are queued by the kernel).
    pub(crate) fn start(&mut self) -> io::Result<()> {
        let Some(listener) = self.listener.take() else {
            return Ok(());
        };
        let shared = Arc::clone(&self.shared);
        self.accept = Some(
            std::thread::Builder::new()
                .name("guard-proxy-accept".into())
                .spawn(move || accept_loop(&listener, &shared))?,
        );
        Ok(())
    }

    /// Stop: close the listener and every connection, wait for the threads, and return what
    /// the proxy saw.
    pub(crate) fn stop(mut self) -> ProxyOutcome {
        self.shutdown();
        ProxyOutcome {
            refused: std::mem::take(&mut *lock(&self.shared.refused)),
            reached: lock(&self.shared.reached).iter().cloned().collect(),
        }
    }

    fn shutdown(&mut self) {
        self.shared.stop.store(true, Ordering::SeqCst);
        if let Some(w) = self.waker.take() {
            // SAFETY: shutdown of an open socket; it wakes the blocked accept (EINVAL).
            unsafe { libc::shutdown(w.as_raw_fd(), libc::SHUT_RDWR) };
        }
        if let Some(h) = self.accept.take() {
            let _ = h.join();
        }
        // Threads may still be starting connections: shut down and join until none is left.
        loop {
            for s in lock(&self.shared.sockets).drain(..) {
                let _ = s.shutdown(Shutdown::Both);
            }
            let threads: Vec<JoinHandle<()>> = lock(&self.shared.threads).drain(..).collect();
            if threads.is_empty() {
                break;
            }
            for t in threads {
                let _ = t.join();
            }
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.shutdown();
    }
}

/// The environment variables that point programs at a proxy (curl, wget, pip, npm, cargo, git,
/// go, uv, bun, deno; yarn berry reads its own).
const PROXY_VARS: &[&str] = &[
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
    "YARN_HTTP_PROXY",
    "YARN_HTTPS_PROXY",
];

/// Variables that would exempt hosts from the proxy (nothing is reachable without it).
const NO_PROXY_VARS: &[&str] = &["NO_PROXY", "no_proxy"];

/// For a profile with a network allow-list: the run's proxy, bound, and the command's
/// environment pointed at it (any proxy setting of the caller replaced). For `deny` in a network
/// namespace of the run's own (the plan's connect gate, `plan::child_network`): a proxy that
/// refuses every host, so that a program that asks by name (every proxy-aware tool) is refused
/// with its host named. `None` for the other network modes.
pub(crate) fn for_run(
    profile: &crate::Profile,
    plan: &mut crate::plan::Plan,
) -> crate::Result<Option<Proxy>> {
    if plan.child.network != crate::Network::Proxy {
        return Ok(None);
    }
    let bound = if profile.network == crate::Network::Deny {
        Proxy::bind_refusing(&profile.name)
    } else {
        let policy =
            profile
                .net_policy()
                .map_err(|message| crate::SandboxError::InvalidProfile {
                    path: profile.source.clone(),
                    message,
                })?;
        Proxy::bind(policy, &profile.name)
    };
    let proxy = bound.map_err(|source| crate::SandboxError::Io {
        path: std::path::PathBuf::from("<guard proxy on 127.0.0.1>"),
        source,
    })?;
    let url = proxy.url();
    plan.env
        .retain(|(k, _)| !PROXY_VARS.contains(&k.as_str()) && !NO_PROXY_VARS.contains(&k.as_str()));
    plan.env
        .extend(PROXY_VARS.iter().map(|k| ((*k).to_owned(), url.clone())));
    Ok(Some(proxy))
}

fn accept_loop(listener: &TcpListener, shared: &Arc<Shared>) {
    loop {
        let conn = listener.accept();
        if shared.stop.load(Ordering::SeqCst) {
            return;
        }
        let Ok((stream, peer)) = conn else {
            // EMFILE and friends: back off briefly rather than spin.
            std::thread::sleep(Duration::from_millis(5));
            continue;
        };
        shared.track(&stream);
        if shared.active.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            shared.active.fetch_sub(1, Ordering::SeqCst);
            let mut s = stream;
            let _ = respond(
                &mut s,
                503,
                "too many connections through the guard's proxy",
            );
            continue;
        }
        let sh = Arc::clone(shared);
        shared.spawn(move || {
            let mut s = stream;
            handle(&mut s, peer.port(), &sh);
            let _ = s.shutdown(Shutdown::Both);
            sh.active.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

fn respond(s: &mut TcpStream, code: u16, message: &str) -> io::Result<()> {
    let reason = match code {
        400 => "Bad Request",
        403 => "Forbidden",
        431 => "Request Header Fields Too Large",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Error",
    };
    let body = format!("terraphim guard: {message}\n");
    let text = format!(
        "HTTP/1.1 {code} {reason}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(text.as_bytes())?;
    s.flush()
}

/// Read until the end of the request head; returns the head (without the blank line) and what
/// was read past it.
fn read_head(s: &mut TcpStream) -> Result<(String, Vec<u8>), u16> {
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    loop {
        if let Some(end) = find(&buf, b"\r\n\r\n") {
            let rest = buf.split_off(end + 4);
            buf.truncate(end);
            return String::from_utf8(buf).map(|h| (h, rest)).map_err(|_| 400);
        }
        if buf.len() > MAX_HEAD {
            return Err(431);
        }
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => return Err(0),
            Ok(n) => buf.extend_from_slice(&chunk[..n]),
        }
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// One parsed request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Request {
    pub(crate) connect: bool,
    pub(crate) method: String,
    pub(crate) host: String,
    pub(crate) port: u16,
    /// Origin-form target (`/path?query`) of a plain request.
    pub(crate) path: String,
    pub(crate) version: String,
    /// Header lines after the request line.
    pub(crate) headers: Vec<String>,
}

/// Parse a request head; `Err` carries the reason for a 400.
pub(crate) fn parse(head: &str) -> Result<Request, String> {
    let mut lines = head.split("\r\n");
    let line = lines.next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!("malformed request line `{line}`"));
    };
    if !version.starts_with("HTTP/1.") || method.is_empty() {
        return Err(format!("malformed request line `{line}`"));
    }
    let headers: Vec<String> = lines.map(str::to_owned).collect();
    if method.eq_ignore_ascii_case("CONNECT") {
        let (host, port) = authority(target, None)?;
        return Ok(Request {
            connect: true,
            method: "CONNECT".into(),
            host,
            port,
            path: String::new(),
            version: version.into(),
            headers,
        });
    }
    let lower = target.to_ascii_lowercase();
    let Some(rest) = lower.strip_prefix("http://").map(|_| &target[7..]) else {
        return Err(if lower.starts_with("https://") {
            "an https:// URL goes through CONNECT".into()
        } else {
            format!("`{target}` is not an absolute http:// URL (this is a proxy)")
        });
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (auth, path) = rest.split_at(end);
    let (host, port) = authority(auth, Some(80))?;
    let path = match path {
        "" => "/".to_owned(),
        p if p.starts_with('/') => p.to_owned(),
        p => format!("/{p}"),
    };
    Ok(Request {
        connect: false,
        method: method.into(),
        host,
        port,
        path,
        version: version.into(),
        headers,
    })
}

/// `host:port` (or `[v6]:port`), the port defaulting to `default`; no user information.
fn authority(text: &str, default: Option<u16>) -> Result<(String, u16), String> {
    if text.contains('@') {
        return Err(format!("`{text}`: user information in a proxy target"));
    }
    let (host, port) = if let Some(rest) = text.strip_prefix('[') {
        let end = rest
            .find(']')
            .ok_or_else(|| format!("bad target `{text}`"))?;
        let after = &rest[end + 1..];
        (&text[..end + 2], after.strip_prefix(':'))
    } else {
        match text.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (text, None),
        }
    };
    let port = match (port, default) {
        (Some(p), _) => p
            .parse::<u16>()
            .ok()
            .filter(|p| *p > 0)
            .ok_or_else(|| format!("bad port in `{text}`"))?,
        (None, Some(d)) => d,
        (None, None) => return Err(format!("`{text}` has no port")),
    };
    if host.is_empty() {
        return Err(format!("`{text}` has no host"));
    }
    Ok((host.to_owned(), port))
}

fn handle(client: &mut TcpStream, peer_port: u16, sh: &Arc<Shared>) {
    let _ = client.set_read_timeout(Some(HEAD_TIMEOUT));
    let (head, rest) = match read_head(client) {
        Ok(h) => h,
        Err(0) => return,
        Err(code) => {
            let _ = respond(client, code, "unreadable request head");
            return;
        }
    };
    // Only connections the supervisor made for the run's processes are served: it records each
    // before the process gets the socket, so before any byte of the request can arrive. Another
    // process of the host that finds the port gets nothing (and puts nothing in the report).
    let Some(who) = sh.peers.get(peer_port) else {
        return;
    };
    let req = match parse(&head) {
        Ok(r) => r,
        Err(why) => {
            let _ = respond(client, 400, &why);
            return;
        }
    };
    let target = format!("{}:{}", req.host, req.port);
    let verb = if req.connect {
        "CONNECT ".to_owned()
    } else {
        format!("{} http://", req.method)
    };
    let named = crate::netpolicy::normal_host(&req.host).map(|host| Target::Host {
        host,
        port: req.port,
    });
    let refuse = |client: &mut TcpStream, detail: String, why: &str| {
        let mut v = Violation::new(
            ViolationKind::Network,
            detail,
            format!(
                "proxy: {verb}{target} by pid {} ({}) refused with 403: {why}",
                who.pid, who.comm
            ),
        );
        v.program = who.program.clone();
        v.started_by = who.started_by.clone();
        v.target = named.clone();
        lock(&sh.refused).push(v);
        let _ = respond(client, 403, &format!("{target} {why}"));
    };
    if sh.deny {
        return refuse(
            client,
            format!("host {target} denied: the network is denied"),
            &format!(
                "is refused: profile `{}` has network = \"deny\"",
                sh.profile
            ),
        );
    }
    match sh.policy.decide(&req.host, req.port) {
        Decision::Allowed(_) => {}
        Decision::NotListed => {
            return refuse(
                client,
                format!("host {target} is not on the network allow-list"),
                &format!(
                    "is not on the network allow-list of profile `{}`",
                    sh.profile
                ),
            );
        }
        Decision::Malformed => {
            return refuse(
                client,
                format!("malformed host {target}"),
                "is not a host name",
            );
        }
    }
    let addrs = match sh.policy.resolve(&req.host, req.port) {
        Ok(a) => a,
        Err(ResolveError::Private(ips)) => {
            let shown: Vec<String> = ips.iter().map(ToString::to_string).collect();
            return refuse(
                client,
                format!(
                    "host {target} resolves only to private addresses ({})",
                    shown.join(", ")
                ),
                "resolves only to loopback or private addresses",
            );
        }
        Err(ResolveError::Lookup(e)) => {
            let _ = respond(client, 502, &format!("cannot resolve {}: {e}", req.host));
            return;
        }
    };
    let Some(upstream) = addrs
        .iter()
        .find_map(|a| TcpStream::connect_timeout(a, CONNECT_TIMEOUT).ok())
    else {
        let _ = respond(client, 502, &format!("cannot connect to {target}"));
        return;
    };
    sh.track(&upstream);
    lock(&sh.reached).insert(target);
    let _ = client.set_read_timeout(None);
    let _ = upstream.set_nodelay(true);
    let mut up = upstream;
    let first: Vec<u8> = if req.connect {
        if client
            .write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .is_err()
        {
            return;
        }
        rest
    } else {
        let mut out = format!("{} {} {}\r\n", req.method, req.path, req.version);
        let host_value = if req.port == 80 {
            req.host.clone()
        } else {
            format!("{}:{}", req.host, req.port)
        };
        out.push_str(&format!("Host: {host_value}\r\n"));
        for h in &req.headers {
            let name = h.split(':').next().unwrap_or_default().trim();
            let drop = [
                "host",
                "proxy-connection",
                "proxy-authorization",
                "connection",
                "keep-alive",
            ]
            .iter()
            .any(|d| name.eq_ignore_ascii_case(d));
            if !drop && !h.is_empty() {
                out.push_str(h);
                out.push_str("\r\n");
            }
        }
        out.push_str("Connection: close\r\n\r\n");
        let mut bytes = out.into_bytes();
        bytes.extend_from_slice(&rest);
        bytes
    };
    if up.write_all(&first).is_err() {
        return;
    }
    // Upstream to client on a second thread; client to upstream here.
    let (Ok(mut up_r), Ok(mut cl_w)) = (up.try_clone(), client.try_clone()) else {
        return;
    };
    let plain = !req.connect;
    sh.spawn(move || {
        let _ = io::copy(&mut up_r, &mut cl_w);
        let _ = cl_w.shutdown(Shutdown::Write);
        if plain {
            // One request per connection: the response is complete.
            let _ = up_r.shutdown(Shutdown::Both);
            let _ = cl_w.shutdown(Shutdown::Read);
        }
    });
    let _ = io::copy(client, &mut up);
    let _ = up.shutdown(Shutdown::Write);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn requests_are_parsed() {
        let r = parse("CONNECT registry.npmjs.org:443 HTTP/1.1\r\nHost: registry.npmjs.org:443")
            .unwrap();
        assert!(r.connect);
        assert_eq!((r.host.as_str(), r.port), ("registry.npmjs.org", 443));
        let r = parse("GET http://Example.test:8080/a/b?c=d HTTP/1.1\r\nHost: x").unwrap();
        assert!(!r.connect);
        assert_eq!(
            (r.host.as_str(), r.port, r.path.as_str()),
            ("Example.test", 8080, "/a/b?c=d")
        );
        let r = parse("GET http://example.test HTTP/1.0").unwrap();
        assert_eq!((r.port, r.path.as_str()), (80, "/"));
        let r = parse("CONNECT [2001:db8::1]:443 HTTP/1.1").unwrap();
        assert_eq!((r.host.as_str(), r.port), ("[2001:db8::1]", 443));
        for bad in [
            "GET /index.html HTTP/1.1",
            "GET https://example.test/ HTTP/1.1",
            "CONNECT example.test HTTP/1.1",
            "CONNECT example.test:0 HTTP/1.1",
            "CONNECT user@example.test:443 HTTP/1.1",
            "GET http://a:b@example.test/ HTTP/1.1",
            "GET http://:80/ HTTP/1.1",
            "GARBAGE",
            "GET http://x/ SPDY/3",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    /// A loopback HTTP server answering every request with its request line, once.
    fn server() -> (u16, std::thread::JoinHandle<String>) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let h = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let (head, _) = read_head(&mut s).unwrap();
            let line = head.lines().next().unwrap().to_owned();
            let body = format!("saw {line}");
            write!(
                s,
                "HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n{body}",
                body.len()
            )
            .unwrap();
            head
        });
        (port, h)
    }

    /// A connection to the proxy as the supervisor makes one for a process of the run.
    fn connect(proxy: &Proxy) -> TcpStream {
        let s = TcpStream::connect(proxy.addr).unwrap();
        proxy.gate().peers.insert(
            s.local_addr().unwrap().port(),
            Peer {
                pid: 42,
                comm: "curl".into(),
                program: Some(vec!["curl".into(), "-sS".into()]),
                started_by: None,
            },
        );
        s
    }

    fn ask(proxy: &Proxy, request: &str) -> String {
        let mut s = connect(proxy);
        s.write_all(request.as_bytes()).unwrap();
        let mut out = String::new();
        let _ = s.read_to_string(&mut out);
        out
    }

    #[test]
    fn the_proxy_forwards_allowed_hosts_and_refuses_others() {
        let (port, srv) = server();
        let policy = NetPolicy::new(
            &[format!("registry.fake.test:{port}")],
            &BTreeMap::from([(
                "registry.fake.test".to_owned(),
                vec!["127.0.0.1".to_owned()],
            )]),
        )
        .unwrap();
        let mut proxy = Proxy::bind(policy, "install").unwrap();
        proxy.start().unwrap();
        // A connection the supervisor did not make (another process of the host) gets nothing.
        let mut stranger = TcpStream::connect(proxy.addr).unwrap();
        write!(stranger, "CONNECT second.fake.test:443 HTTP/1.1\r\n\r\n").unwrap();
        let mut nothing = String::new();
        let _ = stranger.read_to_string(&mut nothing);
        assert_eq!(nothing, "");

        // Plain HTTP in absolute form: forwarded in origin form, with Connection: close.
        let got = ask(
            &proxy,
            &format!(
                "GET http://registry.fake.test:{port}/pkg HTTP/1.1\r\nHost: elsewhere\r\nProxy-Connection: keep-alive\r\n\r\n"
            ),
        );
        assert!(got.starts_with("HTTP/1.1 200 OK"), "{got}");
        assert!(got.ends_with("saw GET /pkg HTTP/1.1"), "{got}");
        let head = srv.join().unwrap();
        assert!(
            head.contains(&format!("Host: registry.fake.test:{port}")),
            "{head}"
        );
        assert!(head.contains("Connection: close"), "{head}");
        assert!(
            !head.contains("Proxy-Connection") && !head.contains("elsewhere"),
            "{head}"
        );

        // CONNECT: a tunnel, then anything.
        let (port2, srv2) = server();
        drop(srv2);
        let refused = ask(
            &proxy,
            &format!("CONNECT second.fake.test:{port2} HTTP/1.1\r\n\r\n"),
        );
        assert!(refused.starts_with("HTTP/1.1 403"), "{refused}");
        // Loopback by address literal is not on the list (and would be private anyway).
        let refused = ask(
            &proxy,
            &format!("CONNECT 127.0.0.1:{port} HTTP/1.1\r\n\r\n"),
        );
        assert!(refused.starts_with("HTTP/1.1 403"), "{refused}");
        let bad = ask(&proxy, "GET /x HTTP/1.1\r\n\r\n");
        assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");

        let out = proxy.stop();
        assert_eq!(out.reached, vec![format!("registry.fake.test:{port}")]);
        let details: Vec<&str> = out.refused.iter().map(|v| v.detail.as_str()).collect();
        assert_eq!(
            details,
            vec![
                format!("host second.fake.test:{port2} is not on the network allow-list"),
                format!("host 127.0.0.1:{port} is not on the network allow-list"),
            ]
        );
        assert!(
            out.refused
                .iter()
                .all(|v| v.kind == ViolationKind::Network
                    && v.evidence.starts_with("proxy: CONNECT "))
        );
    }

    #[test]
    fn a_refusing_proxy_names_every_host_and_reaches_none() {
        // A real listener the requests name: it must never be reached.
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        l.set_nonblocking(true).unwrap();
        let mut proxy = Proxy::bind_refusing("readonly").unwrap();
        assert!(proxy.gate().deny);
        proxy.start().unwrap();
        for request in [
            format!("CONNECT Api.Fake.Test.:{port} HTTP/1.1\r\n\r\n"),
            format!("GET http://127.0.0.1:{port}/x HTTP/1.1\r\n\r\n"),
            format!("CONNECT [::1]:{port} HTTP/1.1\r\n\r\n"),
            format!("CONNECT bad%name:{port} HTTP/1.1\r\n\r\n"),
        ] {
            let got = ask(&proxy, &request);
            assert!(got.starts_with("HTTP/1.1 403"), "{request}: {got}");
            assert!(got.contains("has network = \"deny\""), "{got}");
        }
        let out = proxy.stop();
        assert!(out.reached.is_empty());
        let host = |h: &str| {
            Some(Target::Host {
                host: h.into(),
                port,
            })
        };
        let targets: Vec<Option<Target>> = out.refused.iter().map(|v| v.target.clone()).collect();
        // Names in their one comparable form; a name that is no host name names nothing.
        assert_eq!(
            targets,
            vec![
                host("api.fake.test"),
                host("127.0.0.1"),
                host("[::1]"),
                None
            ]
        );
        assert!(
            out.refused
                .iter()
                .all(|v| v.detail.ends_with("denied: the network is denied")
                    && v.program.as_deref() == Some(&["curl".to_owned(), "-sS".to_owned()][..])),
            "{:#?}",
            out.refused
        );
        assert!(l.accept().is_err(), "the listener was reached");
    }

    #[test]
    fn a_tunnel_carries_bytes_both_ways() {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        let echo = std::thread::spawn(move || {
            let (mut s, _) = l.accept().unwrap();
            let mut buf = [0u8; 5];
            s.read_exact(&mut buf).unwrap();
            s.write_all(&buf).unwrap();
        });
        let policy = NetPolicy::new(
            &[format!("echo.fake.test:{port}")],
            &BTreeMap::from([("echo.fake.test".to_owned(), vec!["127.0.0.1".to_owned()])]),
        )
        .unwrap();
        let mut proxy = Proxy::bind(policy, "t").unwrap();
        proxy.start().unwrap();
        let mut s = connect(&proxy);
        write!(s, "CONNECT echo.fake.test:{port} HTTP/1.1\r\n\r\nhello").unwrap();
        let mut got = vec![0u8; 39 + 5];
        s.read_exact(&mut got).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&got),
            "HTTP/1.1 200 Connection established\r\n\r\nhello"
        );
        echo.join().unwrap();
        // A connection still open when the run ends is shut down by stop.
        let out = proxy.stop();
        assert!(out.refused.is_empty());
        let mut rest = Vec::new();
        let _ = s.read_to_end(&mut rest);
    }
}
