@script-review
Feature: script pre-review of shell expansions that trim their value
  `${VAR%PATTERN}`, `${VAR%%PATTERN}`, `${VAR#PATTERN}` and `${VAR##PATTERN}` take a suffix or
  prefix off the value: the review follows the trimmed value (each value the variable may hold),
  and one it cannot follow is known only at run time, never the untrimmed value.

  Scenario: a build output's directory trimmed from its file is the project's
    Given a project file "clean_bundle.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      bundle="./dist/assets/app.js"
      rm -rf "${bundle%/*}"
      """
    When I run "terraphim-agent guard review-script clean_bundle.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a cache path trimmed up to the home's Library is the Library
    Given a project file "reset_index.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      idx="$HOME/Library/Developer/AcmeIDE/Index"
      rm -rf "${idx%/AcmeIDE/Index}"
      """
    When I run "terraphim-agent guard review-script reset_index.sh"
    Then stdout contains "pre-review: dangerous"
