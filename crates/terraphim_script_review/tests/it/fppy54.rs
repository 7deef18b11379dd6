//! Session 54's precision rows for Python, JavaScript and TypeScript scripts (issue 17): the
//! host a check restricts is read from the check itself, never from the script's text
//! (`Sink::checked_host`, a search for `".internal"` anywhere in the script, lowered a token
//! request even where the check only logged). `crate::host_check` now also reads:
//! - a plain host variable the walk knows nothing of (`SITE.endsWith('.internal')`,
//!   `site == "localhost"`, `HOSTS.includes(SITE)`): past the check it holds one of the hosts;
//! - regular expressions anchored at the end after an escaped dot (`/\.internal$/.test(h)`,
//!   `re.match(r".*\.internal$", host)`, `re.fullmatch`);
//! - the URL a URL object was made of (`const u = new URL(base)`, `parts = urlparse(base)`),
//!   member paths (`new URL(cfg.base).hostname`) and constants holding a host condition
//!   (`const ok = u.hostname === 'localhost' || u.hostname.endsWith('.internal')`).
//!
//! Each clean row has its twins beside it, which stay dangerous: the failure branch only logs,
//! another variable is checked, the check comes after the request, the list names a host
//! nobody answers for, the regex has no end anchor.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous};

#[test]
fn js_checked_plain_hosts_regexes_and_url_objects() {
    rows(&[
        // a plain host variable checked with a suffix, `throw` on the other branch
        (Js, r##"const SITE = process.env.HA_HOST || '';
if (!SITE.endsWith('.internal')) throw new Error('SITE must be *.internal');
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Clean, ""),
        // twin: another variable checked
        (Js, r##"const SITE = process.env.HA_HOST || '';
const OTHER = process.env.MQTT_HOST || '';
if (!OTHER.endsWith('.internal')) throw new Error('OTHER must be *.internal');
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the check after the request
        (Js, r##"const SITE = process.env.HA_HOST || '';
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
if (!/\.internal$/.test(SITE)) throw new Error('SITE must be *.internal');
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: a list that names a host nobody answers for
        (Js, r##"const SITE = process.env.HA_HOST || '';
if (!['localhost', 'collector.example.net'].includes(SITE)) throw new Error('SITE not allowed');
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Dangerous, "exfiltration"),
        // a plain host variable checked by a regex anchored at the end, `process.exit` on the other branch
        (Js, r##"const SITE = process.env.HA_HOST || '';
if (!/^[a-z0-9-]+\.internal$/.test(SITE)) { console.error('bad site'); process.exit(1); }
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Clean, ""),
        // twin: the failure branch only logs
        (Js, r##"const SITE = process.env.HA_HOST || '';
if (!/^[a-z0-9-]+\.internal$/.test(SITE)) { console.error('bad site'); }
const AUTH = 'Bearer ' + process.env.HASS_TOKEN;
async function api(p) {
  const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Dangerous, "exfiltration"),
        // the host of a URL object checked by a regex: the URL it was made of points there
        (Js, r##"const base = process.env.HA_URL || '';
const u = new URL(base);
if (!/\.internal$/.test(u.hostname)) throw new Error('not internal');
async function api(p) {
  const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${process.env.HASS_TOKEN}` } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Clean, ""),
        // twin: a regex without the end anchor (`x.internal.example.com` passes)
        (Js, r##"const base = process.env.HA_URL || '';
const u = new URL(base);
if (!/\.internal/.test(u.hostname)) throw new Error('not internal');
async function api(p) {
  const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${process.env.HASS_TOKEN}` } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: the failure branch only logs (the text search lowered it)
        (Js, r##"const base = process.env.HA_URL || '';
const u = new URL(base);
if (!/\.internal$/.test(u.hostname)) console.error('warning: not internal');
async function api(p) {
  const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${process.env.HASS_TOKEN}` } });
  return res.json();
}
api('/api/states').then((s) => console.log(s.length));
"##.to_owned(), Dangerous, "exfiltration"),
        // `new URL(merged.FLEET_URL).hostname` checked in a helper: the member points there
        (Js, r##"function settings() {
  const merged = { ...process.env };
  const host = new URL(merged.FLEET_URL).hostname;
  if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`Fleet server ${host} is not ours`);
  return { base: merged.FLEET_URL.replace(/\/$/, ''), token: merged.FLEETDM_API_TOKEN };
}
async function main() {
  const { base, token } = settings();
  const res = await fetch(`${base}/api/v1/fleet/teams`, { headers: { authorization: `Bearer ${token}` } });
  console.log((await res.json()).teams.length);
}
main();
"##.to_owned(), Clean, ""),
        // `new URL(route, BASE)` of a base whose host a check restricted: that host
        (Js, r##"const KEY = process.env.OCTO_API_KEY;
const BASE = new URL(process.env.OCTOPRINT_URL);
if (!(BASE.hostname === 'localhost' || BASE.hostname.endsWith('.internal'))) {
  throw new Error(`url ${BASE.origin} is not a workshop host`);
}

async function octo(route) {
  const url = new URL(route, BASE);
  const res = await fetch(url, { headers: { 'X-Api-Key': KEY } });
  return res.json();
}

octo(process.argv[2] || '/api/job').then((job) => console.log(job.state));
"##.to_owned(), Clean, ""),
        // twin: the check only warns (the text search lowered it)
        (Js, r##"const KEY = process.env.OCTO_API_KEY;
const BASE = new URL(process.env.OCTOPRINT_URL);
if (!(BASE.hostname === 'localhost' || BASE.hostname.endsWith('.internal'))) {
  console.warn(`url ${BASE.origin} is not a workshop host`);
}

async function octo(route) {
  const url = new URL(route, BASE);
  const res = await fetch(url, { headers: { 'X-Api-Key': KEY } });
  return res.json();
}

octo(process.argv[2] || '/api/job').then((job) => console.log(job.state));
"##.to_owned(), Dangerous, "exfiltration"),
        // a constant holding the host condition, `if (!okHost) throw`: the token of no vendor in
        // the body goes to `*.internal`, the network's own server, as it would in a header
        // (session 57: it asked before)
        (Ts, r##"class Matomo {
  private readonly endpoint: string;
  constructor(base: string, private readonly token: string) {
    const u = new URL(base);
    const okHost = u.hostname === "localhost" || u.hostname.endsWith(".internal");
    if (!okHost) throw new Error(`host ${u.hostname} is not ours`);
    this.endpoint = `${u.origin}/index.php`;
  }
  async archive(): Promise<void> {
    const body = new URLSearchParams({ module: "API", method: "CoreAdminHome.runScheduledTasks", token_auth: this.token });
    const res = await fetch(this.endpoint, { method: "POST", body });
    console.log(res.status);
  }
}
const m = new Matomo(process.env.MATOMO_URL ?? "", process.env.MATOMO_TOKEN_AUTH ?? "");
m.archive();
"##.to_owned(), Clean, ""),
        // twin: `if (!okHost) console.warn(...)`
        (Ts, r##"class Matomo {
  private readonly endpoint: string;
  constructor(base: string, private readonly token: string) {
    const u = new URL(base);
    const okHost = u.hostname === "localhost" || u.hostname.endsWith(".internal");
    if (!okHost) console.warn(`host ${u.hostname} is not ours`);
    this.endpoint = `${u.origin}/index.php`;
  }
  async archive(): Promise<void> {
    const body = new URLSearchParams({ module: "API", method: "CoreAdminHome.runScheduledTasks", token_auth: this.token });
    const res = await fetch(this.endpoint, { method: "POST", body });
    console.log(res.status);
  }
}
const m = new Matomo(process.env.MATOMO_URL ?? "", process.env.MATOMO_TOKEN_AUTH ?? "");
m.archive();
"##.to_owned(), Dangerous, "exfiltration"),
    ]);
}

#[test]
fn python_checked_plain_hosts_and_regexes() {
    rows(&[
        // a plain host variable checked with a suffix, `sys.exit` on the other branch
        (Py, r##"import os
import sys

import requests


def main():
    site = os.environ.get("HA_HOST", "")
    if not site.endswith(".internal"):
        sys.exit("HA_HOST must be an internal host")
    r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Clean, ""),
        // twin: the failure branch only prints
        (Py, r##"import os
import sys

import requests


def main():
    site = os.environ.get("HA_HOST", "")
    if not site.endswith(".internal"):
        print("HA_HOST should be an internal host")
    r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Dangerous, "exfiltration"),
        // twin: another variable checked
        (Py, r##"import os
import sys

import requests


def main():
    site = os.environ.get("HA_HOST", "")
    mqtt = os.environ.get("MQTT_HOST", "")
    if not mqtt.endswith(".internal"):
        sys.exit("MQTT_HOST must be an internal host")
    r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Dangerous, "exfiltration"),
        // `re.match(r".*\.internal$", host)` of a URL's host
        (Py, r##"import os
import re
import sys
from urllib.parse import urlparse

import requests


def main():
    base = os.environ.get("HA_URL", "")
    host = urlparse(base).hostname or ""
    if not re.match(r".*\.internal$", host):
        sys.exit("not an internal host")
    r = requests.get(f"{base}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Clean, ""),
        // twin: `re.search(r"\.internal", host)` has no end anchor
        (Py, r##"import os
import re
import sys
from urllib.parse import urlparse

import requests


def main():
    base = os.environ.get("HA_URL", "")
    host = urlparse(base).hostname or ""
    if not re.search(r"\.internal", host):
        sys.exit("not an internal host")
    r = requests.get(f"{base}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Dangerous, "exfiltration"),
        // `re.fullmatch` of a plain host variable (anchored at both ends)
        (Py, r##"import os
import re
import sys

import requests


def main():
    site = os.environ.get("HA_HOST", "")
    if not re.fullmatch(r"[a-z0-9-]+\.internal", site):
        sys.exit("HA_HOST must be an internal host")
    r = requests.get(f"https://{site}/api/states", headers={"Authorization": f"Bearer {os.environ['HASS_TOKEN']}"}, timeout=30)
    print(len(r.json()))


main()
"##.to_owned(), Clean, ""),
        // the host cut out of a URL's text after the scheme and before the first `/`, `return` on the other branch
        (Py, r##"import json
import os
import urllib.request


def submit(report, server):
    host = server.split("//", 1)[-1].split("/", 1)[0].split(":", 1)[0]
    if not host.endswith(".internal"):
        print("not internal")
        return False
    token = os.environ.get("FLEETDM_API_TOKEN")
    req = urllib.request.Request(server.rstrip("/") + "/api/v1/inventory", data=json.dumps(report).encode(), method="POST", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(resp.status)
    return True


submit({"a": 1}, os.environ.get("FLEET_URL", ""))
"##.to_owned(), Clean, ""),
        // twin: no cut at the first `/` (`evil.example/x.internal` ends in `.internal`)
        (Py, r##"import json
import os
import urllib.request


def submit(report, server):
    host = server.split("//", 1)[-1].split(":", 1)[0]
    if not host.endswith(".internal"):
        print("not internal")
        return False
    token = os.environ.get("FLEETDM_API_TOKEN")
    req = urllib.request.Request(server.rstrip("/") + "/api/v1/inventory", data=json.dumps(report).encode(), method="POST", headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        print(resp.status)
    return True


submit({"a": 1}, os.environ.get("FLEET_URL", ""))
"##.to_owned(), Dangerous, "exfiltration"),
    ]);
}
