@script-review
Feature: script pre-review keeps every item of a case as a way through it
  A shell variable set again in one item of a `case` (an option given to `getopts`) may still
  hold what it held before on the other items: a delete of it may delete that too. An item that
  leaves (`exit`, `return`) is no way past the `case`.

  Scenario: a home directory replaced only by an option is still deleted without it
    Given a project file "purge.sh" containing:
      """
      #!/bin/bash
      target="$HOME"
      while getopts "t:v" opt; do
        case "$opt" in
          t) target="$OPTARG" ;;
          v) set -x ;;
          *) exit 2 ;;
        esac
      done
      rm -rf "$target"
      """
    When I run "terraphim-agent guard review-script --json purge.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a build directory chosen by an option stays in the project
    Given a project file "purge.sh" containing:
      """
      #!/bin/bash
      target=./build
      while getopts "t:v" opt; do
        case "$opt" in
          t) target=./dist ;;
          v) set -x ;;
          *) exit 2 ;;
        esac
      done
      rm -rf "$target"
      """
    When I run "terraphim-agent guard review-script --json purge.sh"
    Then the JSON field "verdict" is "clean"
