//! Python network calls: HTTP clients, `urllib`, connections and servers.

use super::Py;
use super::call::Call;
use crate::engine::{Handle, Taint, Val};
use crate::model::{Category, Verdict};
use crate::places::{Place, UNKNOWN};
use crate::scope::Map;
use crate::ts::Node;

/// The module name an HTTP client object stands for: its methods are `requests`' calls.
pub(super) const CLIENT: &str = "requests";

/// What configures an HTTP client's requests: credentials, sent with every request.
const CLIENT_CREDENTIALS: &[&str] = &["headers", "auth", "cookies"];

impl Py<'_, '_, '_> {
    /// `requests.Session()`, `httpx.Client(base_url=…, headers=…)`: a client whose methods are
    /// requests; it keeps its base URL (as its text) and the credentials it was given (as its
    /// data), so `client.get("/user")` goes to the base URL's host with them.
    pub(super) fn http_client(&mut self, c: &Call<'_>) -> Val {
        let mut v = Val::module(CLIENT);
        for k in CLIENT_CREDENTIALS {
            if let Some(x) = c.kwargs.get(*k) {
                v.taint.join(&x.taint);
            }
        }
        v.text = c.kwargs.get("base_url").and_then(|b| b.text.clone());
        v
    }

    /// `session.headers.update(…)`, `session.auth = …`, `session.headers[k] = …`: the client
    /// object named by `holder` (a variable or an attribute) now sends data carrying `taint`.
    pub(super) fn client_holds(&mut self, holder: Node<'_>, taint: &Taint) {
        let key = self.text(holder).to_owned();
        match holder.kind() {
            "identifier" => {
                if let Some(mut v) = self.lookup(&key)
                    && matches!(&v.handle, Some(Handle::Module(m)) if m == CLIENT)
                {
                    v.taint.join(taint);
                    self.bind(&key, v);
                }
            }
            "attribute" => {
                // In a class's methods `self.session` is also kept as the class's own
                // (`Class.self.session`), which its other methods read first.
                let own = self
                    .class_now
                    .as_deref()
                    .filter(|_| key.starts_with("self."))
                    .map(|c| format!("{c}.{key}"));
                for k in own.into_iter().chain([key]) {
                    if let Some(v) = self.fields.get_mut(&k)
                        && matches!(&v.handle, Some(Handle::Module(m)) if m == CLIENT)
                    {
                        v.taint.join(taint);
                    }
                }
            }
            _ => {}
        }
    }

    /// Whether an assignment target (`session.auth`, `session.headers[k]`) configures a
    /// client's credentials; the client's node if so.
    pub(super) fn client_config_target<'n>(&self, target: Node<'n>) -> Option<Node<'n>> {
        let attr = match target.kind() {
            "attribute" => target,
            "subscript" => target.field("value").filter(|v| v.kind() == "attribute")?,
            _ => return None,
        };
        let name = attr.field("attribute").map(|a| self.text(a))?;
        CLIENT_CREDENTIALS
            .contains(&name)
            .then(|| attr.field("object"))
            .flatten()
    }

    pub(super) fn http(
        &mut self,
        ln: u32,
        method: &str,
        args: &[Val],
        kwargs: &Map<String, Val>,
        client: Option<&Val>,
    ) -> Val {
        let (method, url) = if method == "request" {
            (
                args.first()
                    .and_then(|m| m.known().map(str::to_ascii_lowercase))
                    .unwrap_or_default(),
                kwargs
                    .get("url")
                    .cloned()
                    .or_else(|| args.get(1).cloned())
                    .unwrap_or_default(),
            )
        } else {
            (
                method.to_owned(),
                kwargs
                    .get("url")
                    .cloned()
                    .or_else(|| args.first().cloned())
                    .unwrap_or_default(),
            )
        };
        let mut url = url;
        let mut credentials = Taint::default();
        if let Some(client) = client {
            credentials.join(&client.taint);
            if let (Some(base), Some(path)) = (&client.text, &url.text)
                && !path.contains("://")
            {
                // A path relative to the client's base URL.
                let sep = if base.ends_with('/') || path.starts_with('/') {
                    ""
                } else {
                    "/"
                };
                url.text = Some(format!("{base}{sep}{path}"));
            }
        }
        let mut payload = Val::unknown().with_taint(&url.taint);
        let mut has_body = false;
        for k in [
            "data", "json", "files", "params", "content", "body", "fields",
        ] {
            if let Some(v) = kwargs.get(k) {
                payload.taint.join(&v.taint);
                has_body |= k != "params";
            }
        }
        for k in ["headers", "auth", "cookies"] {
            if let Some(v) = kwargs.get(k) {
                credentials.join(&v.taint);
            }
        }
        for a in args.iter().skip(if method == "request" { 2 } else { 1 }) {
            payload.taint.join(&a.taint);
            has_body = true;
        }
        // Query parameters built at run time (`params={"files": os.listdir()}`) send them.
        let query = kwargs.get("params").is_some_and(|p| !literal_params(p));
        let sends = has_body || query || matches!(method.as_str(), "post" | "put" | "patch");
        for u in url.url_texts() {
            self.sink
                .http_network(ln, u.as_deref(), &payload, &credentials, sends);
        }
        Val::remote()
    }

    /// `urllib.request.urlopen(url_or_request, data)`.
    pub(super) fn urlopen(&mut self, c: &Call<'_>) -> Val {
        let target = c.arg(0, "url");
        let data = c.arg(1, "data");
        match &target.handle {
            Some(Handle::Conn { .. }) => {}
            _ => {
                let sends = data != Val::unknown() || data.text.is_some();
                let payload = data.with_taint(&target.taint);
                let url = target.url_text();
                self.sink
                    .http_network(c.ln, url.as_deref(), &payload, &Taint::default(), sends);
            }
        }
        Val::remote()
    }

    /// `urllib.request.Request(url, data, headers=…, method=…)`: the request is sent here.
    pub(super) fn url_request(&mut self, c: &Call<'_>) -> Val {
        let url = c.arg(0, "url");
        let data = c.arg(1, "data");
        let payload = data.clone().with_taint(&url.taint);
        let credentials = c
            .kwargs
            .get("headers")
            .map(|h| h.taint.clone())
            .unwrap_or_default();
        let sends = data.text.is_some()
            || data.taint != Taint::default()
            || c.kwargs
                .get("method")
                .and_then(|m| m.known())
                .is_some_and(|m| m.eq_ignore_ascii_case("post") || m.eq_ignore_ascii_case("put"));
        let u = url.url_text();
        for each in url.url_texts() {
            self.sink
                .http_network(c.ln, each.as_deref(), &payload, &credentials, sends);
        }
        Val {
            handle: Some(Handle::Conn { url: u }),
            ..Val::default()
        }
    }

    /// `urllib.request.urlretrieve(url, filename)`: a download into a file.
    pub(super) fn url_retrieve(&mut self, c: &Call<'_>) -> Val {
        let url = c.arg(0, "url");
        let u = url.url_text();
        let payload = Val::unknown().with_taint(&url.taint);
        self.sink
            .http_network(c.ln, u.as_deref(), &payload, &Taint::default(), false);
        let file = c.arg(1, "filename");
        self.sink.write(c.ln, &file, &Val::remote(), false);
        Val::unknown()
    }

    /// A server bound to an address: on every interface, anyone on the network can reach it.
    pub(super) fn listens(&mut self, ln: u32, host: Option<&str>) {
        if matches!(host, Some("0.0.0.0" | "" | "::")) {
            // Whoever connects from another machine holds the accepted socket: a shell given
            // it as its streams is a bind shell, as one given a connected socket is a reverse
            // shell.
            self.sink.remote_socket = true;
            self.sink.add_rule(
                ln,
                Category::Network,
                Verdict::Suspicious,
                "listen-all-interfaces",
                vec!["network listen: all interfaces".into()],
                "listens on all network interfaces, so anyone who can reach the machine can connect",
            );
        }
    }
}

impl Py<'_, '_, '_> {
    /// A server whose handler serves the files of `dir`: the home directory, or a place
    /// outside the project and the temp dirs, served on every interface hands its files
    /// (keys, tokens) to anyone on the network; served on loopback, to every local program.
    pub(super) fn serves_directory(&mut self, ln: u32, host: Option<&str>, dir: &Val) {
        let Some(text) = dir.text.as_deref().filter(|t| !t.contains(UNKNOWN)) else {
            return;
        };
        let place = self.sink.resolve(text).place;
        if !matches!(
            place,
            Place::HomeRoot | Place::Home | Place::System | Place::Outside
        ) {
            return;
        }
        let everyone = matches!(host, Some("0.0.0.0" | "" | "::"));
        self.sink.add_rule(
            ln,
            Category::Exfiltration,
            if everyone {
                Verdict::Dangerous
            } else {
                Verdict::Suspicious
            },
            "serves-outside-files",
            vec![
                format!("file server: {text}"),
                format!(
                    "network listen: {}",
                    if everyone {
                        "all interfaces"
                    } else {
                        "this machine"
                    }
                ),
            ],
            if everyone {
                format!("serves {text} to anyone who can reach the machine")
            } else {
                format!("serves {text}, outside the project, to every program on this machine")
            },
        );
    }
}

/// Whether query parameters are known literals: a string, or a dictionary or list whose
/// members are all literal strings.
fn literal_params(p: &Val) -> bool {
    let lit = |v: &Val| v.known().is_some() && !v.taint.carries();
    match (&p.items, p.fields.is_empty()) {
        (Some(items), _) => items.iter().all(lit),
        (None, false) => p.fields.iter().all(|(_, v)| lit(v)),
        (None, true) => lit(p),
    }
}
