@script-review
Feature: script pre-review of a token shown masked
  Scripts print the last four characters of a token so the user can tell which one is in use:
  a cut of at most four characters (`tok[-4:]`, `tok.slice(-4)`, `${TOKEN: -4}`) is no secret.
  A cut that keeps all but a few characters, or many of them, is the token.

  Scenario: the last four characters of a token printed show no secret
    Given a project file "whoami_deploy.py" containing:
      """
      import os, sys

      token = os.environ["DEPLOY_API_TOKEN"]
      print(f"deploy token ...{token[-4:]}", file=sys.stderr)
      """
    When I run "terraphim-agent guard review-script --json whoami_deploy.py"
    Then the JSON field "verdict" is "suspicious"
    And stdout does not contain "secret-to-output"

  Scenario: all but the first four characters of a token printed are the token
    Given a project file "whoami_deploy_tail.py" containing:
      """
      import os, sys

      token = os.environ["DEPLOY_API_TOKEN"]
      print(f"deploy token ...{token[4:]}", file=sys.stderr)
      """
    When I run "terraphim-agent guard review-script --json whoami_deploy_tail.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a shell substring of the last four characters shows no secret
    Given a project file "whoami_deploy.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      : "${DEPLOY_API_TOKEN:?set DEPLOY_API_TOKEN}"
      echo "deploy token ...${DEPLOY_API_TOKEN: -4}"
      """
    When I run "terraphim-agent guard review-script --json whoami_deploy.sh"
    Then stdout does not contain "secret-to-output"

  Scenario: a shell substring from the fifth character on is the token
    Given a project file "whoami_deploy_tail.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      : "${DEPLOY_API_TOKEN:?set DEPLOY_API_TOKEN}"
      echo "deploy token ...${DEPLOY_API_TOKEN:4}"
      """
    When I run "terraphim-agent guard review-script --json whoami_deploy_tail.sh"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a JavaScript slice of the last four characters shows no secret, a slice of forty does
    Given a project file "whoami_deploy.js" containing:
      """
      const token = process.env.DEPLOY_API_TOKEN;
      console.log(`deploy token ...${token.slice(-4)}`);
      """
    And a project file "whoami_deploy_long.js" containing:
      """
      const token = process.env.DEPLOY_API_TOKEN;
      console.log(`deploy token ...${token.slice(-40)}`);
      """
    When I run "terraphim-agent guard review-script --json whoami_deploy.js"
    Then stdout does not contain "secret-to-output"
    When I run "terraphim-agent guard review-script --json whoami_deploy_long.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: the first lines of the project's .env printed are its secrets, however few
    Given a project file "env_head.py" containing:
      """
      lines = open(".env").read().splitlines()
      print(lines[:2])
      """
    When I run "terraphim-agent guard review-script --json env_head.py"
    Then the JSON field "verdict" is "dangerous"
