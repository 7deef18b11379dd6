//! Rows of session 57's project-settings precision rules (issue 17): a member of a client
//! object that holds a counter, not the key the object was built from. Each with the twins
//! that stay flagged.

use terraphim_script_review::Language::{JavaScript, TypeScript};
use terraphim_script_review::Verdict::Dangerous;

/// `api.calls` of `new Api(base, key)` whose class keeps every constructor argument in a
/// member of its own (`this.key = key`, a TypeScript parameter property) is the counter the
/// class stored, not the key the instance was built from. Twins: the member that holds the key
/// (`api.key`), a member the script set on the instance to the key, and the instance itself
/// printed, stay a leak.
#[test]
fn a_counter_member_of_a_client_is_not_its_key() {
    let js = |shown: &str, extra: &str| {
        format!(
            "const key = process.env.REDASH_API_KEY;\nclass Api {{\n  constructor(key) {{ this.key = key; this.calls = 0; }}\n  async get(p) {{\n    this.calls++;\n    const res = await fetch(`https://redash.internal${{p}}`, {{ headers: {{ Authorization: `Key ${{this.key}}` }} }});\n    return res.json();\n  }}\n}}\nasync function main() {{\n  const api = new Api(key);\n  {extra}\n  await api.get('/api/queries');\n  console.log({shown});\n}}\nmain();\n"
        )
    };
    let ts = |shown: &str| {
        format!(
            "const base: string = process.env.REDASH_URL ?? 'https://redash.internal';\nconst key: string = process.env.REDASH_API_KEY ?? '';\nclass Redash {{\n  calls = 0;\n  constructor(private readonly base: string, private readonly key: string) {{}}\n  async get<T>(pathname: string): Promise<T> {{\n    this.calls++;\n    const res = await fetch(`${{this.base}}${{pathname}}`, {{ headers: {{ Authorization: `Key ${{this.key}}` }} }});\n    return (await res.json()) as T;\n  }}\n}}\nasync function main(): Promise<void> {{\n  const api = new Redash(base, key);\n  const qs = await api.get<{{ count: number }}>('/api/queries');\n  console.log(qs.count, {shown});\n}}\nmain();\n"
        )
    };
    let clean = |lang, code: &str| {
        let r = crate::review(lang, code);
        assert!(
            r.findings.iter().all(|f| f.rule != "secret-to-output"),
            "{lang} `{code}`\n{r:#?}"
        );
    };
    clean(JavaScript, &js("`${api.calls} API calls`", ""));
    clean(TypeScript, &ts("api.calls"));
    // Twins.
    for code in [
        js("api.key", ""),
        js("api.calls", "api.calls = key;"),
        js("api", ""),
    ] {
        crate::has_rule(
            &crate::verdict(JavaScript, &code, Dangerous),
            "secret-to-output",
        );
    }
    crate::has_rule(
        &crate::verdict(TypeScript, &ts("api.key"), Dangerous),
        "secret-to-output",
    );
}

/// A Python report whose `--base` option defaults to the service's URL setting; `check` is the
/// host check before the request (or nothing), `token` the variable sent.
fn py_option(check: &str, token: &str) -> String {
    format!(
        r#"import argparse
import os
import sys
from urllib.parse import urlparse

import requests


def check_host(url):
    host = urlparse(url).hostname or ""
    if host in {{"localhost", "127.0.0.1"}} or host.endswith(".internal"):
        return
    raise SystemExit(f"refusing {{host}}")


def warn_host(url):
    host = urlparse(url).hostname or ""
    if host in {{"localhost", "127.0.0.1"}} or host.endswith(".internal"):
        return
    print(f"warning: {{host}} is not internal", file=sys.stderr)


ap = argparse.ArgumentParser()
ap.add_argument("--base", default=os.environ.get("GITEA_URL", "https://git.internal"))
ap.add_argument("--mirror", default="https://git.internal")
args = ap.parse_args()
{check}
token = os.environ.get("{token}")
r = requests.get(args.base + "/api/v1/orgs", headers={{"Authorization": f"token {{token}}"}}, timeout=20)
print(r.status_code)
"#
    )
}

/// A command-line option (`args.base` of argparse) whose host the script checks before the
/// request (`if not args.base.split("//", 1)[-1]...endswith(".internal"): sys.exit(...)`, or
/// its own `check_host(args.base)` that returns for an allowed host and raises after) points at the hosts the check lets through, as
/// a variable checked so does: a token of no vendor sent there goes to the network's own
/// server. Twins: no check (what the command line gives may be any host), a check of another
/// option, a check (in place or in a function) that only prints, and a vendor's token stay
/// flagged.
#[test]
fn a_command_line_option_checked_for_its_host() {
    use terraphim_script_review::Language::Python;
    use terraphim_script_review::Verdict::{Clean, Suspicious};
    let inline = r#"if not args.base.split("//", 1)[-1].split("/")[0].split(":")[0].endswith(".internal"):
    sys.exit("this audit only talks to the internal Gitea (*.internal)")"#;
    crate::verdict(Python, &py_option(inline, "GITEA_TOKEN"), Clean);
    crate::verdict(
        Python,
        &py_option("check_host(args.base)", "GITEA_TOKEN"),
        Clean,
    );
    let parsed = r#"host = args.base.split("//", 1)[-1].split("/", 1)[0].split(":")[0]
if host not in ("localhost", "127.0.0.1") and not host.endswith(".internal"):
    sys.exit(f"refusing {host}")"#;
    crate::verdict(Python, &py_option(parsed, "GITEA_TOKEN"), Clean);
    // Twins.
    crate::verdict(Python, &py_option("", "GITEA_TOKEN"), Dangerous);
    crate::verdict(
        Python,
        &py_option("check_host(args.mirror)", "GITEA_TOKEN"),
        Dangerous,
    );
    crate::verdict(
        Python,
        &py_option("warn_host(args.base)", "GITEA_TOKEN"),
        Dangerous,
    );
    let printed = r#"if not args.base.split("//", 1)[-1].split("/")[0].split(":")[0].endswith(".internal"):
    print("warning: not the internal Gitea")"#;
    crate::verdict(Python, &py_option(printed, "GITEA_TOKEN"), Dangerous);
    let r = crate::review(Python, &py_option(inline, "GITHUB_TOKEN"));
    assert!(r.verdict >= Suspicious, "{r:#?}");
}

/// A JavaScript login whose body holds the service's password (`{ username, password:
/// env.MB_PASSWORD }`), posted to the service's URL setting after a check that it is local or
/// `.internal`: the password goes to the network's own server, as the same token in the
/// request's headers does. Twins: a vendor's token in the body, the whole environment in the
/// body, a host the script names itself, a private address and a public host stay flagged.
#[test]
fn a_login_body_to_the_networks_own_server() {
    use terraphim_script_review::Language::JavaScript;
    use terraphim_script_review::Verdict::{Clean, Suspicious};
    let js = |default: &str, allowed: &str, body: &str| {
        format!(
            "const env = {{ ...process.env }};\nasync function main() {{\n  const base = env.MB_URL || '{default}';\n  const host = new URL(base).hostname;\n  if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('{allowed}')) {{\n    throw new Error(`MB_URL must be local or internal, got ${{host}}`);\n  }}\n  const res = await fetch(`${{base}}/api/session`, {{\n    method: 'POST',\n    headers: {{ 'Content-Type': 'application/json' }},\n    body: JSON.stringify({body}),\n  }});\n  console.log(res.status);\n}}\nmain();\n"
        )
    };
    let login = "{ username: env.MB_USER, password: env.MB_PASSWORD }";
    crate::verdict(
        JavaScript,
        &js("http://localhost:3000", ".internal", login),
        Clean,
    );
    // Twins.
    for code in [
        js(
            "http://localhost:3000",
            ".internal",
            "{ username: env.MB_USER, password: env.GITHUB_TOKEN }",
        ),
        js("http://localhost:3000", ".internal", "process.env"),
        js("http://localhost:3000", ".example.com", login),
    ] {
        let r = crate::review(JavaScript, &code);
        assert!(r.verdict >= Suspicious, "{code}\n{r:#?}");
    }
    // A host the script names itself is its choice, not the user's configured server.
    let named = "const password = process.env.MB_PASSWORD;\nfetch('https://metabase.internal/api/session', { method: 'POST', body: JSON.stringify({ password }) });\n";
    crate::verdict(JavaScript, named, Suspicious);
    let private_ip = "const password = process.env.MB_PASSWORD;\nfetch('http://10.0.0.5:3000/api/session', { method: 'POST', body: JSON.stringify({ password }) });\n";
    let r = crate::review(JavaScript, private_ip);
    assert!(r.verdict >= Suspicious, "{r:#?}");
}
