@script-review
Feature: script pre-review of a config shown with its token masked
  A config helper prompts for an API token and, on `--show`, prints the settings with the token
  replaced: `dict(values, token="***" if values["token"] else "")`. The copy holds what its
  members now hold, and a conditional expression is one of its two ways, not the test between
  them, so nothing private is printed. The same copy that keeps the token still prints it.

  Scenario: settings printed with the token masked are clean
    Given a project file "show_config.py" containing:
      """
      import getpass
      values = {"endpoint": "https://api.example.com", "token": ""}
      token = getpass.getpass("API token: ").strip()
      if token:
          values["token"] = token
      print(dict(values, token="***" if values["token"] else ""))
      """
    When I run "terraphim-agent guard review-script show_config.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: settings printed with only another member replaced still show the token
    Given a project file "show_config_raw.py" containing:
      """
      import getpass
      values = {"endpoint": "https://api.example.com", "token": ""}
      token = getpass.getpass("API token: ").strip()
      if token:
          values["token"] = token
      print(dict(values, endpoint="https://api.example.com/v2"))
      """
    When I run "terraphim-agent guard review-script --json show_config_raw.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
