@script-review
Feature: script pre-review tells a test of whether a token is set from a read of the token
  A script that checks a token variable is set before telling the user to export it reads no
  secret: `not os.environ.get(X)`, `os.getenv(X) is None` and `if os.environ.get(X):` give a
  yes or a no, as `!process.env.X` does in JavaScript. A token kept in a variable, or sent
  anywhere, is still read.

  Scenario: a setup script that only checks the token is set is clean
    Given a project file "setup_tool.py" containing:
      """
      import os
      import sys

      TOKEN_ENV = "TIDEWATCH_TOKEN"

      def main():
          if not os.environ.get(TOKEN_ENV):
              print(f"note: export {TOKEN_ENV}=<token> before using tidewatch")
          if os.getenv("GITHUB_TOKEN") is None:
              print("note: GITHUB_TOKEN is not set; the sync step will be skipped")
          return 0

      sys.exit(main())
      """
    When I run "terraphim-agent guard review-script --json setup_tool.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a token kept in a variable is still a read of it
    Given a project file "setup_tool.py" containing:
      """
      import os

      token = os.environ.get("GITHUB_TOKEN")
      if not token:
          print("note: GITHUB_TOKEN is not set")
      """
    When I run "terraphim-agent guard review-script --json setup_tool.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"
