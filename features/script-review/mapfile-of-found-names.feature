@script-review
Feature: script pre-review keeps where the names an array reads from a listing lie
  `mapfile -t arr < <(find DIR ...)` fills the array with names under DIR, as
  `for t in $(find DIR ...)` loops over them: a loop deleting each deletes under DIR. Under the
  project's parent those are the sibling projects; under `./dist`, the project's build output.

  Scenario: the sibling projects listed into an array and deleted is dangerous
    Given a project file "free-space.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ws="$(dirname "$PWD")"
      mapfile -t targets < <(find "$ws" -mindepth 1 -maxdepth 1 -type d)
      for t in "${targets[@]}"; do
        rm -rf -- "$t"
      done
      """
    When I run "terraphim-agent guard review-script --json free-space.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the build output listed into an array and deleted stays clean
    Given a project file "clean-dist.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      mapfile -t targets < <(find ./dist -mindepth 1 -maxdepth 1 -type d)
      for t in "${targets[@]}"; do
        rm -rf -- "$t"
      done
      """
    When I run "terraphim-agent guard review-script --json clean-dist.sh"
    Then the JSON field "verdict" is "clean"
