@script-review
Feature: array elements given a prefix or a suffix
  `${arr[@]/#/PREFIX}` puts PREFIX before each element of the array and `${arr[@]/%/SUFFIX}`
  puts SUFFIX after it, so the paths a command is given are each element so joined.

  Scenario: dot-directories prefixed with the home are deleted in the home
    Given a project file "reset.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      dirs=(.cache .local .config)
      targets=("${dirs[@]/#/$HOME/}")
      rm -rf "${targets[@]}"
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: build directories prefixed with the project's own path stay in the project
    Given a project file "reset.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      dirs=(build dist)
      rm -rf "${dirs[@]/#/./}"
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "clean"
