@script-review
Feature: a loop variable takes the same value in every word of a command the guard judges
  A benchmark names each program it times in a command string of its own (`hyperfine "old $c"
  "new $c"`). The review hands the guard the command once per value of the loop variable, and
  every expansion of that variable in the command gets the same value: a string left unknown
  would hide what runs from the guard, and the harm may be in any of the strings.

  Scenario: a benchmark of two builds over the project's fixtures is clean
    Given a project file "bench.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      cases=(fixtures/one.txt fixtures/two.txt)
      mkdir -p results
      for c in "${cases[@]}"; do
        hyperfine --warmup 2 -n old "./bin/old-tool $c" -n new "./bin/new-tool $c"
      done
      """
    When I run "terraphim-agent guard review-script --json bench.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the harm in the second command string, for the second value, is found
    Given a project file "bench.sh" containing:
      """
      #!/usr/bin/env bash
      for d in build "$HOME"; do
        hyperfine --runs 1 "du -sh $d" "rm -rf $d"
      done
      """
    When I run "terraphim-agent guard review-script --json bench.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "guard:rm home directory"
