@script-review
Feature: script pre-review of environment variables a Python script sets itself
  Tests give the code under test a fake token (`monkeypatch.setenv("API_TOKEN", "dummy")`,
  `mock.patch.dict(os.environ, {...})`, `os.environ["API_TOKEN"] = "dummy"`) and read it back.
  The value is the literal the script set, no secret of the user, as shell's `export` and
  JavaScript's `process.env.X = ...` already are. A variable the script did not set, or read
  before it sets it, is still the user's.

  Scenario: a fake token set by a test and written to its temp dir is clean
    Given a project file "test_config.py" containing:
      """
      import json
      import os
      import tempfile
      from unittest import mock

      def test_roundtrip():
          with tempfile.TemporaryDirectory() as home:
              with mock.patch.dict(os.environ, {"MYPKG_TOKEN": "dummy"}):
                  path = os.path.join(home, "cfg.json")
                  with open(path, "w") as fh:
                      json.dump({"token": os.environ["MYPKG_TOKEN"]}, fh)
      """
    When I run "terraphim-agent guard review-script test_config.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a token read before the script sets it is still the user's
    Given a project file "leak_then_set.py" containing:
      """
      import os

      print(os.environ["MYPKG_TOKEN"])
      os.environ["MYPKG_TOKEN"] = "dummy"
      """
    When I run "terraphim-agent guard review-script --json leak_then_set.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a token handed to its own vendor's command-line client in its environment is its use
    Given a project file "open_pr.py" containing:
      """
      import os
      import subprocess

      token = os.environ["GITHUB_TOKEN"]
      subprocess.run(["gh", "pr", "create", "--fill"], env={**os.environ, "GH_TOKEN": token}, check=True)
      """
    When I run "terraphim-agent guard review-script open_pr.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same token in another program's environment is still a secret read
    Given a project file "hand_token.py" containing:
      """
      import os
      import subprocess

      token = os.environ["GITHUB_TOKEN"]
      subprocess.run(["node", "tools/report.js"], env={**os.environ, "GH_TOKEN": token}, check=True)
      """
    When I run "terraphim-agent guard review-script --json hand_token.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"
