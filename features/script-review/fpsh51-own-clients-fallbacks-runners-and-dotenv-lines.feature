@script-review
Feature: script pre-review reads a shell script's fallbacks, runners and .env lines as they run
  A forced removal of a worktree the script added, falling back to `rm -rf` of the same path,
  tears down what the script brought up. A runner function (`run() { log "+ $*"; "$@"; }`)
  called with a word known only at run time runs the program its call names first. A line of
  the project's `.env` picked by the setting it starts with is that one setting. Each benign
  form has its twin beside it: a fallback that deletes another path, a
  runner called with a program nobody knows, the token's value printed.

  Scenario: a forced removal of the script's own worktree with a fallback rm of the same path is cleanup
    Given a project file "bench_base.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      WT="$(mktemp -d)"
      cleanup() {
        git worktree remove --force "$WT" >/dev/null 2>&1 || rm -rf -- "$WT"
      }
      trap cleanup EXIT
      git worktree add --detach "$WT" HEAD
      ls "$WT"
      """
    When I run "terraphim-agent guard review-script --json bench_base.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a fallback that deletes another path than the worktree stays dangerous
    Given a project file "bench_other.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      WT="$(mktemp -d)"
      git worktree add --detach "$WT" HEAD
      git worktree remove --force "$WT" || rm -rf -- build/keep
      """
    When I run "terraphim-agent guard review-script --json bench_other.sh"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "git worktree force remove"

  Scenario: a runner called with a word known only at run time runs the program it names
    Given a project file "sync_notes.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      DRY=0
      log() { echo "[$(date +%T)] $*" >&2; }
      run() {
        log "+ $*"
        if (( DRY )); then return 0; fi
        "$@"
      }
      run git commit -q --allow-empty -m "sync $(date +%F) on $(hostname -s)"
      """
    When I run "terraphim-agent guard review-script --json sync_notes.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same runner called with a program read from a file runs a program nobody knows
    Given a project file "sync_tool.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      run() {
        echo "+ $*" >&2
        "$@"
      }
      tool="$(cat .tool-name)"
      run "$tool" --sync "$(hostname -s)"
      """
    When I run "terraphim-agent guard review-script --json sync_tool.sh"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "remote-code"

  Scenario: a .env line picked by its setting name is that setting, sent to its own API
    Given a project file "post_note.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      while IFS= read -r line; do
        if [[ "$line" == "GITLAB_TOKEN="* ]]; then
          token="${line#*=}"
        fi
      done < .env
      curl -fsS -H "PRIVATE-TOKEN: $token" https://gitlab.com/api/v4/projects/42/issues
      """
    When I run "terraphim-agent guard review-script --json post_note.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the value of the same .env line printed stays dangerous
    Given a project file "show_note_token.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      while IFS= read -r line; do
        if [[ "$line" == "GITLAB_TOKEN="* ]]; then
          token="${line#*=}"
        fi
      done < .env
      echo "token is $token"
      """
    When I run "terraphim-agent guard review-script --json show_note_token.sh"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "exfiltration"

  Scenario: arithmetic in a variable's default is a number, not a command
    Given a project file "build_jobs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      THREADS="${THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}"
      echo "building with $THREADS jobs"
      """
    When I run "terraphim-agent guard review-script --json build_jobs.sh"
    Then the JSON field "verdict" is "clean"
