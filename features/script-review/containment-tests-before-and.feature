@script-review
Feature: script pre-review of a containment test joined by && to the command it guards
  A cleanup helper removes a directory it was given only when the path lies under the temporary
  directory: `[[ "$d" == /tmp/* ]] && rm -rf -- "$d"`. The test confines the variable there for
  the command after `&&`, as the same test in an `if` does. With `||`, a `!=` test, or the delete
  as a statement of its own after the test, nothing guards the delete and it stays a finding.
  A prefix test without the slash (`"${TMPDIR:-/tmp}"*`) confines the path to the temporary
  directory too (what it matches beside it starts alike); against the home it guards nothing.

  Scenario: a delete guarded by a test that the path lies under /tmp is clean
    Given a project file "drop_scratch.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      d="$1"
      [[ "$d" == /tmp/* ]] && rm -rf -- "$d"
      """
    When I run "terraphim-agent guard review-script drop_scratch.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a delete after the test, not joined to it, is still flagged
    Given a project file "drop_any.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      d="$1"
      [[ "$d" == /tmp/* ]] && echo "cleaning $d"
      rm -rf -- "$d"
      """
    When I run "terraphim-agent guard review-script --json drop_any.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "delete-unknown-path"

  Scenario: a delete guarded by a temporary directory prefix without the slash is clean
    Given a project file "drop_spool.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      spool="$1"
      [[ -n "$spool" && "$spool" == "${TMPDIR:-/tmp}"* ]] && rm -rf -- "$spool"
      """
    When I run "terraphim-agent guard review-script --json drop_spool.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a delete guarded by a home directory prefix is still flagged
    Given a project file "drop_homeish.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      spool="$1"
      [[ -n "$spool" && "$spool" == "$HOME"* ]] && rm -rf -- "$spool"
      """
    When I run "terraphim-agent guard review-script --json drop_homeish.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "delete-unknown-path"
