@script-review
Feature: script pre-review of shell functions defined before the variables they read
  Shell scripts define their helpers first and set the variables those helpers read further
  down (`cleanup() { rm -rf "$WORK"; }` above `WORK="$(mktemp -d)"; trap cleanup EXIT`). A
  call without arguments, and a `trap` naming the function, run it with the values the
  variables hold there, so the temporary directory the script made is what it removes. The
  same helper given the home directory is still dangerous.

  Scenario: a cleanup function defined above the temp dir it removes is clean
    Given a project file "it.sh" containing:
      """
      #!/bin/sh
      set -e
      cleanup() {
        rm -rf "$WORK"
      }
      WORK="$(mktemp -d)"
      trap cleanup EXIT
      cargo test 2>&1 | tee "$WORK/test.log"
      """
    When I run "terraphim-agent guard review-script it.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the same function given the home directory is still dangerous
    Given a project file "it_home.sh" containing:
      """
      #!/bin/sh
      cleanup() {
        rm -rf "$WORK"
      }
      WORK="$HOME"
      trap cleanup EXIT
      """
    When I run "terraphim-agent guard review-script --json it_home.sh"
    Then the JSON field "verdict" is "dangerous"
