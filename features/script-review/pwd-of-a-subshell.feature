@script-review
Feature: script pre-review knows the directory a function's subshell prints with pwd
  `pwd` prints the directory the shell is in, also as a statement of its own: a function whose
  subshell changes directory and prints it (`(cd "$ROOT" && cd .. && pwd)`, or a climb
  repeated in a loop) gives that directory to its caller. A directory known only at run time
  stays unknown.

  Scenario: files deleted under a directory a loop climbed to above the project
    Given a project file "reset.sh" containing:
      """
      #!/bin/bash
      ROOT="$(cd "$(dirname "$0")/.." && pwd)"
      up() {
        local n="${1:-2}"
        (cd "$ROOT" && for _ in $(seq 1 "$n"); do cd ..; done; pwd)
      }
      base="$(up 2)"
      find "$base" -type f -name '*.db' -delete
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: files deleted under the project's build directory are clean
    Given a project file "reset.sh" containing:
      """
      #!/bin/bash
      ROOT="$(cd "$(dirname "$0")/.." && pwd)"
      out() {
        (cd "$ROOT/build" && pwd)
      }
      find "$(out)" -name '*.o' -delete
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "clean"
