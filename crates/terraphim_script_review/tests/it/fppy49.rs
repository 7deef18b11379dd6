//! Session 49's precision rows for Python, JavaScript and TypeScript scripts (issue 17).
//! `git config --get core.hooksPath` reads a setting and changes nothing; a plain setting
//! picked by name out of the project's parsed `.env` (`cfg["LOG_LEVEL"]`, `cfg.get("SENTRY_ORG")`)
//! is no secret; a schema or a template of the `.env` (`.env.schema.json`) holds no values;
//! a token only checked before its own service's client runs is that client's; a containment
//! check that is one alternative of an `or` confines the path after it. Each clean row has its
//! twins: the setting written, the global one, a credential key or a URL of the `.env`
//! printed, the `.env` of another name, another service's program, and the check joined by
//! `and` stay flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `git config --get core.hooksPath` (or `git config get ...`, `--list`): a hook installer
/// checking that no other hooks directory is configured. Setting it, for this repository or
/// every one, or unsetting it, stays the tampering it is.
#[test]
fn git_config_read_only_is_no_tampering() {
    let py = |argv: &str| {
        format!(
            "import subprocess\n\nres = subprocess.run([{argv}], capture_output=True, text=True)\nif res.stdout.strip():\n    raise SystemExit(\"hooks path is configured\")\nprint(\"ok\")\n"
        )
    };
    let js = |argv: &str| {
        format!(
            "const {{ execFileSync }} = require('node:child_process');\n\nconst out = execFileSync('git', [{argv}], {{ encoding: 'utf8' }}).trim();\nif (out) {{\n  console.error('hooks path is configured');\n  process.exit(2);\n}}\n"
        )
    };
    let ts = |argv: &str| {
        format!(
            "import {{ spawnSync }} from 'node:child_process';\n\nconst r = spawnSync('git', [{argv}], {{ encoding: 'utf8' }});\nconst conflict = r.status === 0 ? r.stdout.trim() : '';\nif (conflict) console.error(`configured: ${{conflict}}`);\n"
        )
    };
    rows(&[
        (
            Py,
            py(r#""git", "config", "--local", "--get", "core.hooksPath""#),
            Clean,
            "",
        ),
        (Js, js("'config', '--get', 'core.hooksPath'"), Clean, ""),
        (Ts, ts("'config', 'get', 'core.hooksPath'"), Clean, ""),
        (
            Ts,
            ts("'config', '--get-all', 'credential.helper'"),
            Clean,
            "",
        ),
        // Written for this repository, for every repository, or unset.
        (
            Py,
            py(r#""git", "config", "--local", "core.hooksPath", ".githooks-x""#),
            Dangerous,
            "config-tampering",
        ),
        (
            Js,
            js("'config', '--global', 'core.hooksPath', '/opt/shared-hooks'"),
            Dangerous,
            "config-tampering",
        ),
        (
            Ts,
            ts("'config', '--unset', 'core.hooksPath'"),
            Dangerous,
            "config-tampering",
        ),
        (
            Ts,
            ts("'config', 'set', 'core.hooksPath', 'hooks'"),
            Dangerous,
            "config-tampering",
        ),
    ]);
}

/// `cfg["LOG_LEVEL"]` and `cfg.get("SENTRY_ORG")` of the settings a script parsed out of the
/// project's `.env`: a plain setting, printed. A credential's key, a URL that may carry a
/// password, or the whole mapping printed stays the leak it is.
#[test]
fn a_plain_setting_of_the_parsed_dotenv_is_no_secret() {
    let py = |shown: &str| {
        format!(
            "import sys\nfrom pathlib import Path\n\n\ndef load(path):\n    values = {{}}\n    for line in path.read_text().splitlines():\n        if \"=\" in line and not line.startswith(\"#\"):\n            k, v = line.split(\"=\", 1)\n            values[k.strip()] = v.strip()\n    return values\n\n\ncfg = load(Path(\".env\"))\nprint(f\"settings: {{{shown}}}\", file=sys.stderr)\n"
        )
    };
    rows(&[
        (Py, py("cfg['LOG_LEVEL']"), Clean, ""),
        (Py, py("cfg.get('SENTRY_ORG')"), Clean, ""),
        (Py, py("cfg.get('APP_ENV', 'development')"), Clean, ""),
        (Py, py("cfg['API_TOKEN']"), Dangerous, "exfiltration"),
        (Py, py("cfg.get('DATABASE_URL')"), Dangerous, "exfiltration"),
        (Py, py("cfg"), Dangerous, "exfiltration"),
        (
            Py,
            py("cfg.get('LOG_LEVEL') + cfg['DEPLOY_PASSWORD']"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `.env.schema.json` (the keys and their patterns) or a template of the `.env` in another
/// format holds no values; a `.env` of another name in the same format holds them.
#[test]
fn a_schema_of_the_dotenv_is_no_secrets_file() {
    let py = |name: &str| {
        format!(
            "import json\nfrom pathlib import Path\n\nschema = json.loads(Path(\"{name}\").read_text())\nfor key in schema.get(\"required\", []):\n    print(\"required:\", key)\n"
        )
    };
    let js = |name: &str| {
        format!(
            "const fs = require('node:fs');\n\nconst schema = JSON.parse(fs.readFileSync('{name}', 'utf8'));\nfor (const k of schema.required ?? []) console.log(`required: ${{k}}`);\n"
        )
    };
    rows(&[
        (Py, py(".env.schema.json"), Clean, ""),
        (Js, js(".env.schema.json"), Clean, ""),
        (Js, js(".env.example.yaml"), Clean, ""),
        (Py, py(".env.production.json"), Dangerous, "exfiltration"),
        (Js, js(".env.local.json"), Dangerous, "exfiltration"),
    ]);
}

/// A token read only to check that it is set (and show its last characters) before the
/// script runs its own service's client, which takes the token from the environment it
/// inherits: the client's use of it. Another service's program run instead leaves the read
/// unexplained; the token printed whole is a leak.
#[test]
fn a_token_checked_before_its_own_client_runs() {
    let ts = |program: &str, shown: &str| {
        format!(
            "import {{ spawnSync }} from 'node:child_process';\n\nconst key = process.env.INFRACOST_API_KEY;\nif (!key) throw new Error('INFRACOST_API_KEY is not set');\nconsole.log(`using key ${{{shown}}}`);\nconst r = spawnSync('{program}', ['breakdown', '--path', '.'], {{ stdio: 'inherit' }});\nprocess.exit(r.status ?? 1);\n"
        )
    };
    let py = |program: &str| {
        format!(
            "import os\nimport subprocess\nimport sys\n\ntoken = os.environ.get(\"GITHUB_TOKEN\", \"\")\nif not token:\n    sys.exit(\"GITHUB_TOKEN is not set\")\nprint(f\"token ...{{token[-4:]}}\")\nsubprocess.run([\"{program}\", \"pr\", \"list\"], check=True)\n"
        )
    };
    rows(&[
        (Ts, ts("infracost", "key.slice(-4)"), Clean, ""),
        (Py, py("gh"), Clean, ""),
        (
            Ts,
            ts("terraform", "key.slice(-4)"),
            Suspicious,
            "secret-read",
        ),
        (Py, py("git"), Suspicious, "secret-read"),
        (Ts, ts("infracost", "key"), Dangerous, "exfiltration"),
    ]);
}

/// `if not line or BUILD not in path.parents: continue`: after it every alternative of the
/// `or` is false, so the path lies under `BUILD`. With `and` instead (either may be false) or
/// no check, the path is any the input names.
#[test]
fn a_containment_check_as_one_alternative_of_an_or() {
    let py = |check: &str| {
        format!(
            "import shutil\nimport sys\nfrom pathlib import Path\n\nBUILD = Path(\"build\").resolve()\nfor line in sys.stdin:\n    path = Path(line.strip()).resolve()\n{check}    shutil.rmtree(path)\n"
        )
    };
    rows(&[
        (
            Py,
            py("    if not line.strip() or BUILD not in path.parents:\n        continue\n"),
            Clean,
            "",
        ),
        (
            Py,
            py("    if not line.strip() or (BUILD not in path.parents):\n        continue\n"),
            Clean,
            "",
        ),
        (
            Py,
            py("    if not line.strip() and BUILD not in path.parents:\n        continue\n"),
            Suspicious,
            "destructive",
        ),
        (Py, py(""), Suspicious, "destructive"),
    ]);
}
