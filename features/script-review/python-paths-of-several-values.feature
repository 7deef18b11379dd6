@script-review
Feature: script pre-review joins a Python path of several values like one path
  `Path(a or b) / "name"` names `name` under each of the values `Path(...)` may hold: a git
  hook under a hooks directory a fallback names is still a git hook.

  Scenario: a hook written under a hooks directory with a fallback
    Given a project file "hooks.py" containing:
      """
      import subprocess
      from pathlib import Path
      out = subprocess.run(["git", "rev-parse", "--git-path", "hooks"], capture_output=True, text=True)
      hooks = Path(out.stdout.strip() or ".git/hooks")
      (hooks / "pre-commit").write_text("#!/bin/sh\nmake lint\n")
      """
    When I run "terraphim-agent guard review-script --json hooks.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a stamp written under the top of the tree with a fallback
    Given a project file "stamp.py" containing:
      """
      import subprocess
      from pathlib import Path
      out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
      top = Path(out.stdout.strip() or ".")
      (top / "build" / "stamp.txt").write_text("ok\n")
      """
    When I run "terraphim-agent guard review-script --json stamp.py"
    Then the JSON field "verdict" is "clean"
