//! JavaScript network calls: `fetch`, axios and its look-alikes, `http.request`.

use super::Js;
use super::call::Call;
use crate::engine::{Handle, Val};

impl Js<'_, '_, '_> {
    /// `fetch(url, {method, body, headers})`.
    pub(super) fn fetch(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let second = c.second();
        let opts = arg_nodes.get(1).copied();
        let method = self
            .prop(opts, "method")
            .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
            .unwrap_or_default();
        let mut payload = Val::unknown().with_taint(&first.taint);
        let mut has_body = false;
        if let Some((v, _)) = self.prop(opts, "body") {
            payload.taint.join(&v.taint);
            has_body = true;
        }
        let credentials = self
            .prop(opts, "headers")
            .map(|(v, _)| v.taint)
            .unwrap_or_default();
        if opts.is_some_and(|o| o.kind() != "object") {
            if second.fields.is_empty() {
                payload.taint.join(&second.taint);
            } else {
                // Options built earlier (`const init = {headers, body}`): their headers are
                // credentials, the rest payload.
                for (k, v) in &second.fields {
                    if k != "headers" {
                        payload.taint.join(&v.taint);
                    }
                }
            }
        }
        // `navigator.sendBeacon(url, data)` posts its second argument.
        let beacon = c.tail() == "sendBeacon" && c.args.len() > 1;
        let sends = has_body || beacon || matches!(method.as_str(), "POST" | "PUT" | "PATCH");
        for u in first.url_texts() {
            self.sink
                .http_network(ln, u.as_deref(), &payload, &credentials, sends);
        }
        Val::remote()
    }

    /// `axios(config)`, `axios.post(url, data, config)`.
    pub(super) fn axios(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let tail = c.tail();
        let args = &c.args;
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        let m = tail;
        if m == "create" {
            // `axios.create({baseURL, headers})`: a client, its requests go to the base URL
            // with those headers; nothing is sent yet.
            let config = arg_nodes.first().copied();
            let mut client = Val::module("axios");
            client.text = self.prop(config, "baseURL").and_then(|(v, _)| v.text);
            if let Some((h, _)) = self.prop(config, "headers") {
                client.taint.join(&h.taint);
            }
            return client;
        }
        let (url, payload_val, mut sends) = if m == "axios" || m == "request" {
            let url = self
                .prop(arg_nodes.first().copied(), "url")
                .map(|(v, _)| v)
                .unwrap_or(first.clone());
            let data = self
                .prop(arg_nodes.first().copied(), "data")
                .map(|(v, _)| v);
            let method = self
                .prop(arg_nodes.first().copied(), "method")
                .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
                .unwrap_or_default();
            let payload = Val::unknown()
                .with_taint(&url.taint)
                .with_taint(&data.as_ref().map(|d| d.taint.clone()).unwrap_or_default());
            (
                url,
                payload,
                data.is_some() || matches!(method.as_str(), "POST" | "PUT" | "PATCH"),
            )
        } else {
            // `axios.get(url, config)`, `axios.post(url, data, config)`: the config's
            // headers are credentials, the rest is payload.
            let with_body = matches!(m, "post" | "put" | "patch");
            let config = if with_body { 2 } else { 1 };
            let mut payload = Val::unknown().with_taint(&first.taint);
            for (i, a) in args.iter().enumerate().skip(1) {
                if i != config {
                    payload.taint.join(&a.taint);
                }
            }
            (first.clone(), payload, with_body)
        };
        let config_at = match m {
            "axios" | "request" => 0,
            "post" | "put" | "patch" => 2,
            _ => 1,
        };
        let config = arg_nodes
            .get(config_at)
            .copied()
            .filter(|n| n.kind() == "object");
        let credentials = self
            .prop(config, "headers")
            .map(|(v, _)| v.taint)
            .unwrap_or_default();
        let mut payload_val = payload_val;
        if let Some(c) = config {
            // What the config holds besides its headers is payload (`data`, `params`).
            for key in ["data", "params", "body"] {
                if let Some((v, _)) = self.prop(Some(c), key) {
                    payload_val.taint.join(&v.taint);
                    // Query parameters or a body built at run time are sent.
                    sends |= key != "params" || v.known().is_none();
                }
            }
        }
        let mut credentials = credentials;
        let mut u = url.url_text();
        if let Some(client) = &c.client {
            credentials.join(&client.taint);
            if let (Some(base), Some(path)) = (&client.text, &u)
                && !path.contains("://")
            {
                let sep = if base.ends_with('/') || path.starts_with('/') {
                    ""
                } else {
                    "/"
                };
                u = Some(format!("{base}{sep}{path}"));
            }
        }
        self.sink
            .http_network(ln, u.as_deref(), &payload_val, &credentials, sends);
        Val::remote()
    }

    /// `http.request(url or options, …)`: headers are credentials, the rest payload.
    pub(super) fn http_request(&mut self, c: &Call<'_>) -> Val {
        let ln = c.ln;
        let args = &c.args;
        let arg_nodes = &c.arg_nodes;
        let first = c.first();
        // A URL string or object: its text, whose path may be known only at run time (the
        // host is judged from what is known); else the options' host, also when the options
        // object was built earlier (`const opts = {hostname: HOST, ...}`).
        let first_url = first.url_text();
        let url = match first_url.as_deref().filter(|_| first.fields.is_empty()) {
            Some(u) if u.contains("://") || !u.contains(crate::places::UNKNOWN) => {
                Some(u.to_owned())
            }
            _ => {
                let h = self.prop(arg_nodes.first().copied(), "hostname");
                let h = if h.is_some() {
                    h
                } else {
                    self.prop(arg_nodes.first().copied(), "host")
                };
                h.and_then(|(v, _)| v.known().map(str::to_owned))
                    .or_else(|| {
                        ["hostname", "host"]
                            .iter()
                            .find_map(|k| first.field(k))
                            .and_then(|v| v.known().map(str::to_owned))
                    })
            }
        };
        // The options object: its headers are credentials, the rest payload.
        let opts = arg_nodes.iter().copied().find(|n| n.kind() == "object");
        let method = self
            .prop(opts, "method")
            .and_then(|(v, _)| v.known().map(str::to_ascii_uppercase))
            .unwrap_or_default();
        let credentials = self
            .prop(opts, "headers")
            .map(|(v, _)| v.taint)
            .unwrap_or_default();
        let mut payload = Val::unknown();
        for (a, n) in args.iter().zip(arg_nodes.iter()) {
            if Some(*n) == opts {
                for key in ["path", "host", "hostname", "auth"] {
                    if let Some((v, _)) = self.prop(opts, key) {
                        payload.taint.join(&v.taint);
                    }
                }
            } else {
                payload.taint.join(&a.taint);
            }
        }
        self.sink.http_network(
            ln,
            url.as_deref(),
            &payload,
            &credentials,
            matches!(method.as_str(), "POST" | "PUT" | "PATCH"),
        );
        let response = Val::remote();
        // `https.get(url, res => res.on('data', ...))`: the callback gets the response.
        self.bind_callbacks(arg_nodes, &response);
        Val {
            handle: Some(Handle::Conn { url }),
            ..Val::default()
        }
        .with_taint(&response.taint)
    }
}
