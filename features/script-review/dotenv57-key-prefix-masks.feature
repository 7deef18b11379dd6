@script-review
Feature: script pre-review of an API key shown by its prefix and a few characters
  Scripts show a key's vendor prefix and a few characters so the user can tell which key is in
  use (`key[:5] + "*" * 6 + key[-3:]`, `key.slice(0, 8)`, `${TOKEN:0:8}`): a cut of at most
  eight characters of one API key or token is no secret. A password is a few characters a
  person chose: a cut of it keeps four at most. A longer cut, or one whose bounds come from
  the value's length, is the key.

  Scenario: a Python mask helper showing five and three characters of an API key shows no secret
    Given a project file "mollie_smoke.py" containing:
      """
      import os

      def redact(key):
          return key[:5] + "*" * 6 + key[-3:]

      key = os.environ["MOLLIE_API_KEY"]
      print(f"using Mollie test key {redact(key)}")
      """
    When I run "terraphim-agent guard review-script --json mollie_smoke.py"
    Then the JSON field "verdict" is "suspicious"
    And stdout does not contain "secret-to-output"

  Scenario: the same mask helper over a password shows the password
    Given a project file "smtp_smoke.py" containing:
      """
      import os

      def redact(key):
          return key[:5] + "*" * 6 + key[-3:]

      key = os.environ["SMTP_PASSWORD"]
      print(f"using SMTP password {redact(key)}")
      """
    When I run "terraphim-agent guard review-script --json smtp_smoke.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a JavaScript mask arrow showing eight and four characters of an API key shows no secret
    Given a project file "tailnet_report.js" containing:
      """
      const masked = (key) => `${key.slice(0, 8)}…${key.slice(-4)}`;
      const cfg = { key: process.env.TS_API_KEY };
      console.error(`key ${masked(cfg.key)}`);
      """
    When I run "terraphim-agent guard review-script --json tailnet_report.js"
    Then stdout does not contain "secret-to-output"

  Scenario: a JavaScript mask arrow whose cut ends four before the key's length shows the key
    Given a project file "tailnet_report_long.js" containing:
      """
      const masked = (key) => `${key.slice(0, key.length - 4)}…`;
      const cfg = { key: process.env.TS_API_KEY };
      console.error(`key ${masked(cfg.key)}`);
      """
    When I run "terraphim-agent guard review-script --json tailnet_report_long.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a shell substring of a token's first eight characters shows no secret, nine show it
    Given a project file "whoami_key.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      : "${DEPLOY_API_TOKEN:?set DEPLOY_API_TOKEN}"
      echo "deploy key ${DEPLOY_API_TOKEN:0:8}..."
      """
    And a project file "whoami_key_long.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      : "${DEPLOY_API_TOKEN:?set DEPLOY_API_TOKEN}"
      echo "deploy key ${DEPLOY_API_TOKEN:0:9}..."
      """
    When I run "terraphim-agent guard review-script --json whoami_key.sh"
    Then stdout does not contain "secret-to-output"
    When I run "terraphim-agent guard review-script --json whoami_key_long.sh"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
