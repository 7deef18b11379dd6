@script-review
Feature: script pre-review reads a .env setting by its name, follows a host the script checks, and knows a mask helper's default
  A key of the project's `.env` whose name says nothing of a credential or a connection string
  (`TWILIO_FROM`, `NOTION_PROTOCOLS_DB`, `GOOGLE_ADMIN_SUBJECT`) is that setting, as the
  environment gives it: sent with the service's token to the service, or printed, it leaks
  nothing. A token sent to a host built at run time goes where the script lets it: a script that
  checks the host against the token's documented host (`endswith(".instructure.com")`, a pattern
  ending in `\.atlassian\.net$`) sends it to that service. A mask helper that cuts a secret to a
  parameter whose default is a few characters masks it. A public read of the host the script
  authenticates to with its token, as that token's documented host, is a contact with the service
  it works with, wherever in the script the read comes. Each benign form has its twin beside it:
  a key with a credential word, a host checked nowhere but in a comment, a default that keeps
  twelve characters stay dangerous; a read of another host stays suspicious.

  Scenario: a .env setting named without a credential word is printed
    Given a project file "whoami.py" containing:
      """
      import os
      from pathlib import Path


      def dotenv(path):
          out = {}
          for line in path.read_text().splitlines():
              if "=" in line and not line.startswith("#"):
                  k, v = line.split("=", 1)
                  out[k.strip()] = v.strip()
          return out


      env = dotenv(Path(".env"))
      env.update(os.environ)
      print(f"auditing as {env['GOOGLE_ADMIN_SUBJECT']}")
      """
    When I run "terraphim-agent guard review-script --json whoami.py"
    Then stdout does not contain "secret-to-output"

  Scenario: a .env key with a credential word printed is a leak
    Given a project file "whoami_pass.py" containing:
      """
      import os
      from pathlib import Path


      def dotenv(path):
          out = {}
          for line in path.read_text().splitlines():
              if "=" in line and not line.startswith("#"):
                  k, v = line.split("=", 1)
                  out[k.strip()] = v.strip()
          return out


      env = dotenv(Path(".env"))
      env.update(os.environ)
      print(f"logging in with {env['SMTP_PASS']}")
      """
    When I run "terraphim-agent guard review-script --json whoami_pass.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a token sent to the site the script checks is its service's
    Given a project file "sprint.js" containing:
      """
      const SITE = process.env.JIRA_SITE || '';
      if (!/^[a-z0-9-]+\.atlassian\.net$/.test(SITE)) { console.error('JIRA_SITE must be <name>.atlassian.net'); process.exit(1); }
      const AUTH = 'Basic ' + Buffer.from(`${process.env.JIRA_EMAIL}:${process.env.JIRA_API_TOKEN}`).toString('base64');

      async function jira(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        return res.json();
      }

      jira('/rest/agile/1.0/board').then((b) => console.log(b.values.length));
      """
    When I run "terraphim-agent guard review-script --json sprint.js"
    Then stdout does not contain "secret-to-network"

  Scenario: the same token sent to a site checked only in a comment is a leak
    Given a project file "sprint_unchecked.js" containing:
      """
      const SITE = process.env.JIRA_SITE || '';
      // JIRA_SITE must be <name>.atlassian.net
      const AUTH = 'Basic ' + Buffer.from(`${process.env.JIRA_EMAIL}:${process.env.JIRA_API_TOKEN}`).toString('base64');

      async function jira(p) {
        const res = await fetch(`https://${SITE}${p}`, { headers: { Authorization: AUTH } });
        if (!res.ok) throw new Error(`${p}: ${res.status}`);
        return res.json();
      }

      jira('/rest/agile/1.0/board').then((b) => console.log(b.values.length));
      """
    When I run "terraphim-agent guard review-script --json sprint_unchecked.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: a token masked by a helper whose default keeps four characters
    Given a project file "twilio_check.js" containing:
      """
      function mask(value, keep = 4) {
        if (!value) return '<unset>';
        return value.slice(0, keep) + '…';
      }

      console.log(`token ${mask(process.env.TWILIO_AUTH_TOKEN)}`);
      """
    When I run "terraphim-agent guard review-script --json twilio_check.js"
    Then stdout does not contain "secret-to-output"

  Scenario: a mask helper whose default keeps twelve characters shows the token
    Given a project file "twilio_check_long.js" containing:
      """
      function mask(value, keep = 12) {
        if (!value) return '<unset>';
        return value.slice(0, keep) + '…';
      }

      console.log(`token ${mask(process.env.TWILIO_AUTH_TOKEN)}`);
      """
    When I run "terraphim-agent guard review-script --json twilio_check_long.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a public read of the host the script's keys are used at
    Given a project file "ia_check.js" containing:
      """
      async function check(id) {
        const res = await fetch(`https://archive.org/metadata/${id}`);
        console.log((await res.json()).metadata.title);
        const body = new URLSearchParams({ access: process.env.IA_ACCESS, secret: process.env.IA_SECRET });
        const w = await fetch(`https://archive.org/metadata/${id}`, { method: 'POST', body });
        console.log(w.status);
      }

      check('lab-notes-2024');
      """
    When I run "terraphim-agent guard review-script --json ia_check.js"
    Then stdout does not contain "network-unlisted-host"

  Scenario: a read of another host beside the keys' use stays a contact to review
    Given a project file "ia_mirror.js" containing:
      """
      async function check(id) {
        const res = await fetch(`https://ia-mirror.example.org/metadata/${id}`);
        console.log((await res.json()).metadata.title);
        const body = new URLSearchParams({ access: process.env.IA_ACCESS, secret: process.env.IA_SECRET });
        const w = await fetch(`https://archive.org/metadata/${id}`, { method: 'POST', body });
        console.log(w.status);
      }

      check('lab-notes-2024');
      """
    When I run "terraphim-agent guard review-script --json ia_mirror.js"
    Then stdout contains "network-unlisted-host"
