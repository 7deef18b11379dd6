@script-review
Feature: script pre-review sees every line a shell function prints
  A function that echoes several lines prints each of them: a loop that reads its output
  (`while read d; do ...; done < <(list)`) gets every line, not only the last one. A line
  known only at run time stays a value nobody knows beside the known ones.

  Scenario: a directory in the home printed before the project's build directory is deleted
    Given a project file "tidy.sh" containing:
      """
      #!/bin/bash
      set -eu
      stale() {
        echo "$HOME/.local/share/notes-app"
        echo "$PWD/build"
      }
      while read -r d; do
        rm -rf "$d"
      done < <(stale)
      """
    When I run "terraphim-agent guard review-script --json tidy.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: every line in the project's build directories is clean
    Given a project file "tidy.sh" containing:
      """
      #!/bin/bash
      set -eu
      stale() {
        echo "$PWD/build"
        echo "$PWD/dist"
      }
      while read -r d; do
        rm -rf "$d"
      done < <(stale)
      """
    When I run "terraphim-agent guard review-script --json tidy.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a line known only at run time beside the project's stays unknown
    Given a project file "tidy.sh" containing:
      """
      #!/bin/bash
      set -eu
      stale() {
        echo "$PWD/build"
        echo "$(some-tool where)"
      }
      while read -r d; do
        rm -rf "$d"
      done < <(stale)
      """
    When I run "terraphim-agent guard review-script --json tidy.sh"
    Then the JSON field "verdict" is "suspicious"
