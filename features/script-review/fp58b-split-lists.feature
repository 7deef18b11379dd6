Feature: script pre-review splits a list at the separator its command sets
  `IFS=: read -r -a dirs <<< "$LIST"` makes each field of the list an element of its own, so a
  delete of each element deletes each path: a home directory among them is the home's, not one
  odd name inside the project.

  Scenario: a list split at colons with a home directory among its fields, each deleted, is dangerous
    Given a project file "reset-state.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      STATE_DIRS="build/crawls:build/items:$HOME/projects"
      IFS=: read -r -a dirs <<< "$STATE_DIRS"
      for dir in "${dirs[@]}"; do
        [[ -n "$dir" ]] || continue
        rm -rf -- "$dir"
      done
      """
    When I run "terraphim-agent guard review-script --json reset-state.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same split of project directories alone is clean
    Given a project file "reset-build.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      STATE_DIRS="build/crawls:.scrapy/httpcache:build/items"
      IFS=: read -r -a dirs <<< "$STATE_DIRS"
      for dir in "${dirs[@]}"; do
        [[ -n "$dir" ]] || continue
        rm -rf -- "$dir"
      done
      """
    When I run "terraphim-agent guard review-script --json reset-build.sh"
    Then the JSON field "verdict" is "clean"
