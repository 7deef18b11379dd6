@script-review
Feature: script pre-review keeps every way through a condition
  A shell variable set again on one branch of an `if` (or after `&&`) may still hold what it held
  before on the other way: a delete of it may delete that too. A branch that leaves (`exit`,
  `return`) is no way past the condition.

  Scenario: a home directory reassigned only on one branch is still deleted on the other
    Given a project file "clean.sh" containing:
      """
      #!/bin/bash
      target="$HOME"
      if [ -n "${KEEP_HOME:-}" ]; then
        target=./build
      fi
      rm -rf "$target"
      """
    When I run "terraphim-agent guard review-script --json clean.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: a build directory chosen by a condition stays in the project
    Given a project file "clean.sh" containing:
      """
      #!/bin/bash
      out=./dist
      if [ -n "${CI:-}" ]; then
        out=./build
      fi
      rm -rf "$out"
      """
    When I run "terraphim-agent guard review-script --json clean.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a Python variable reassigned in a branch still holds the home on the other way
    Given a project file "clean.py" containing:
      """
      import os, shutil
      from pathlib import Path
      target = Path.home()
      if os.getenv("KEEP_HOME"):
          target = Path("build")
      shutil.rmtree(target)
      """
    When I run "terraphim-agent guard review-script --json clean.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"
