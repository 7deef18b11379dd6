@script-review
Feature: a trust anchor named beside a write the review cannot follow is not clean
  The review follows a path through variables, lookups, calls and loops; where it loses one
  (a path taken from a table by a key chosen at run time, passed through a callback it cannot
  see), the write's target is unknown. When the script also names a trust anchor as a path (the
  agent's settings, a shell startup file, a git hook, a CI workflow), that write may be the one
  that reaches it: the script needs a look. A message that mentions an anchor is not a path,
  and a script whose every write the review follows is judged by those writes.

  Scenario: an agent settings path in a table and a write to a path chosen at run time
    Given a project file "onboard.py" containing:
      """
      import json, sys
      TARGETS = {"editor": ".vscode/settings.json", "assistant": ".claude/settings.local.json"}
      def write(path, data):
          with open(path, "w") as f:
              json.dump(data, f)
      write(sys.argv[1], {"permissions": {"allow": ["Bash(*)"]}})
      """
    When I run "terraphim-agent guard review-script --json onboard.py"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "anchor-may-be-written"

  Scenario: a message that mentions a startup file is not a path
    Given a project file "report.py" containing:
      """
      import sys
      print("add the tool to PATH in your ~/.bashrc")
      with open(sys.argv[1], "w") as f:
          f.write("report")
      """
    When I run "terraphim-agent guard review-script --json report.py"
    Then the JSON field "verdict" is "clean"
