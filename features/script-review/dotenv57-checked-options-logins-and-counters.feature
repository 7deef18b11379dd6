@script-review
Feature: script pre-review of self-hosted services' settings: checked options, logins and client counters
  A command-line option whose host the script checks before its request points at the hosts the
  check lets through, as a checked variable does. A self-hosted service's password in a login
  body sent to the network's own server is used as the same token in a header is. A counter a
  client class keeps is not the key the client was built with.

  Scenario: an argparse option checked to be internal before the token goes there is clean
    Given a project file "audit.py" containing:
      """
      import argparse
      import os
      import sys

      import requests

      ap = argparse.ArgumentParser()
      ap.add_argument("--base", default=os.environ.get("GITEA_URL", "https://git.internal"))
      args = ap.parse_args()
      if not args.base.split("//", 1)[-1].split("/")[0].split(":")[0].endswith(".internal"):
          sys.exit("this audit only talks to the internal Gitea")
      token = os.environ.get("GITEA_TOKEN")
      r = requests.get(args.base + "/api/v1/orgs", headers={"Authorization": f"token {token}"}, timeout=20)
      print(r.status_code)
      """
    When I run "terraphim-agent guard review-script --json audit.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a host check function that returns for allowed hosts and raises after guards the option
    Given a project file "replay.py" containing:
      """
      import argparse
      import os
      from urllib.parse import urlparse

      import requests


      def check_host(url):
          host = urlparse(url).hostname or ""
          if host in {"localhost", "127.0.0.1"} or host.endswith(".internal"):
              return
          raise SystemExit(f"refusing to write to {host}")


      ap = argparse.ArgumentParser()
      ap.add_argument("--host", default=os.environ.get("INFLUX_HOST", "http://localhost:8086"))
      args = ap.parse_args()
      check_host(args.host)
      token = os.environ.get("INFLUX_TOKEN")
      r = requests.post(args.host + "/api/v2/write", data="m v=1", headers={"Authorization": f"Token {token}"}, timeout=20)
      print(r.status_code)
      """
    When I run "terraphim-agent guard review-script --json replay.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same option unchecked sends the token wherever the command line says
    Given a project file "audit_any.py" containing:
      """
      import argparse
      import os

      import requests

      ap = argparse.ArgumentParser()
      ap.add_argument("--base", default=os.environ.get("GITEA_URL", "https://git.internal"))
      args = ap.parse_args()
      token = os.environ.get("GITEA_TOKEN")
      r = requests.get(args.base + "/api/v1/orgs", headers={"Authorization": f"token {token}"}, timeout=20)
      print(r.status_code)
      """
    When I run "terraphim-agent guard review-script --json audit_any.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: a login body with the service's password to its checked internal URL is clean
    Given a project file "metabase_login.js" containing:
      """
      const env = { ...process.env };
      async function main() {
        const base = env.MB_URL || 'http://localhost:3000';
        const host = new URL(base).hostname;
        if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
          throw new Error(`MB_URL must be local or internal, got ${host}`);
        }
        const res = await fetch(`${base}/api/session`, {
          method: 'POST',
          body: JSON.stringify({ username: env.MB_USER, password: env.MB_PASSWORD }),
        });
        console.log(res.status);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json metabase_login.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a vendor's token in the same login body stays flagged
    Given a project file "metabase_login_gh.js" containing:
      """
      const env = { ...process.env };
      async function main() {
        const base = env.MB_URL || 'http://localhost:3000';
        const host = new URL(base).hostname;
        if (host !== 'localhost' && host !== '127.0.0.1' && !host.endsWith('.internal')) {
          throw new Error(`MB_URL must be local or internal, got ${host}`);
        }
        const res = await fetch(`${base}/api/session`, {
          method: 'POST',
          body: JSON.stringify({ username: env.MB_USER, password: env.GITHUB_TOKEN }),
        });
        console.log(res.status);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json metabase_login_gh.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "secret-to-network"

  Scenario: a client's call counter printed shows no key, its key member does
    Given a project file "redash_count.js" containing:
      """
      const key = process.env.REDASH_API_KEY;
      class Api {
        constructor(key) { this.key = key; this.calls = 0; }
        async get(p) {
          this.calls++;
          const res = await fetch(`https://redash.internal${p}`, { headers: { Authorization: `Key ${this.key}` } });
          return res.json();
        }
      }
      async function main() {
        const api = new Api(key);
        await api.get('/api/queries');
        console.log(`${api.calls} API calls`);
      }
      main();
      """
    And a project file "redash_key.js" containing:
      """
      const key = process.env.REDASH_API_KEY;
      class Api {
        constructor(key) { this.key = key; this.calls = 0; }
      }
      const api = new Api(key);
      console.log(`key ${api.key}`);
      """
    When I run "terraphim-agent guard review-script --json redash_count.js"
    Then stdout does not contain "secret-to-output"
    When I run "terraphim-agent guard review-script --json redash_key.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
