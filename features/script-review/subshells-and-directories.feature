@script-review
Feature: script pre-review follows a shell script's directory through subshells
  Each statement of a shell script is judged by the command guard where the script runs it: a
  `cd` moves the statements after it, a `cd` inside a subshell `( ... )` moves only the rest of
  that subshell, and one statement's `cd` never moves another statement the review already
  placed. A function defined inside a subshell is walked at its calls, with their arguments, as
  one defined at the top level is.

  Scenario: a cd inside a subshell does not move the statements after the subshell
    Given a project file "ui.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      (
        cd "$(dirname "$0")"
      )
      cd web/ui/app
      npm run build
      cd ..
      (cd static && rm -rf ../.cache/bundle)
      """
    When I run "terraphim-agent guard review-script --json ui.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a cd to the home inside a subshell moves that subshell's delete there
    Given a project file "tidy.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      echo "tidying"
      (
        cd ~
        rm -rf *
      )
      """
    When I run "terraphim-agent guard review-script --json tidy.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a function defined inside a subshell is walked with its call's arguments
    Given a project file "wheels.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      (
        build_for() {
          local ver="$1"
          "python$ver" -m build --wheel --outdir dist .
        }
        for v in 3.11 3.12; do
          build_for "$v"
        done
      )
      """
    When I run "terraphim-agent guard review-script --json wheels.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a function nobody defines in the subshell's reach stays unknown
    Given a project file "wheels.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      (
        build_for() {
          local ver="$1"
          "python$ver" -m build --wheel --outdir dist .
        }
      )
      build_for "$1"
      """
    When I run "terraphim-agent guard review-script --json wheels.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: the project root found from the script's own directory is the project
    Given a project file "scripts/clean.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
      cd "$ROOT"
      rm -rf dist
      find . -name '*.pyc' -delete
      """
    When I run "terraphim-agent guard review-script --json scripts/clean.sh"
    Then the JSON field "verdict" is "clean"
