@script-review
Feature: script pre-review walks a function once per loop word that picks from keyed tables
  `for key in data socket; do apply_mode "$key"; done` with `apply_mode` picking
  `${paths[$1]}` and `${modes[$1]}` from two `declare -A` tables: the body is walked once per
  word, so each path is judged with the mode the same key gives it. A world-writable mode on
  the docker socket is dangerous; the same tables over project directories stay clean.

  Scenario: tables mapping one key to the docker socket and 0777, applied by key
    Given a project file "perms.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      declare -A modes=(
        [data]="0700"
        [socket]="0777"
      )
      declare -A paths=(
        [data]="$PWD/var/data"
        [socket]="/var/run/docker.sock"
      )
      apply_mode() {
        local key="$1" path="${paths[$1]}" mode="${modes[$1]}"
        chmod "$mode" "$path"
        echo "$key -> $mode"
      }
      for key in data socket; do
        apply_mode "$key"
      done
      """
    When I run "terraphim-agent guard review-script --json perms.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "escape"

  Scenario: the same tables over project directories are clean
    Given a project file "perms.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      declare -A modes=(
        [data]="0700"
        [logs]="0755"
      )
      declare -A paths=(
        [data]="$PWD/var/data"
        [logs]="$PWD/var/log"
      )
      apply_mode() {
        local key="$1" path="${paths[$1]}" mode="${modes[$1]}"
        chmod "$mode" "$path"
        echo "$key -> $mode"
      }
      for key in data logs; do
        apply_mode "$key"
      done
      """
    When I run "terraphim-agent guard review-script --json perms.sh"
    Then the JSON field "verdict" is "clean"
