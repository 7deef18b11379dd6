@script-review
Feature: script pre-review of ssh option values, a script running itself again and NATS streams on this machine
  `ssh`'s destination follows its options and their values (`-o StrictHostKeyChecking=no`,
  `-p PORT`): a login to this machine is no network contact (the command it runs there is still
  the guard's to judge), the same options before a host of the internet still contact it. `"$0"` as a whole word the script runs is the script itself,
  which the review reads whole; a positional parameter stays a program nobody can see. A NATS
  stream removed on a server the script refused unless it is this machine is the script's own
  development data; with a check that lets any host through it stays denied.

  Scenario: ssh's option values are no hosts: a login to a VM on this machine contacts none
    Given a project file "smoke_vm.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      for i in 1 2 3; do
        ssh -q -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -p 2299 tester@127.0.0.1 'test -f /etc/ready' && break
        sleep 2
      done
      """
    When I run "terraphim-agent guard review-script --json smoke_vm.sh"
    Then stdout does not contain "stricthostkeychecking"
    And stdout does not contain "allowed-hosts list"

  Scenario: ssh with the same option values to a host of the internet is flagged
    Given a project file "smoke_remote.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ssh -q -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -p 2299 tester@vm-pool.example.net 'test -f /etc/ready'
      """
    When I run "terraphim-agent guard review-script --json smoke_remote.sh"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "vm-pool.example.net"

  Scenario: a script that runs itself again inside nix develop is clean
    Given a project file "affected.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      enter_nix() {
        if [[ -z "${IN_NIX_SHELL:-}" ]] && command -v nix >/dev/null 2>&1; then
          echo "entering nix develop"
          exec nix develop --command "$0" "$@"
        fi
      }
      enter_nix "$@"
      echo "in the dev shell"
      """
    When I run "terraphim-agent guard review-script --json affected.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a program named by the caller run inside nix develop is flagged
    Given a project file "in_nix.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      enter_nix() {
        if [[ -z "${IN_NIX_SHELL:-}" ]] && command -v nix >/dev/null 2>&1; then
          exec nix develop --command "$1" "$@"
        fi
      }
      enter_nix "$@"
      """
    When I run "terraphim-agent guard review-script --json in_nix.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: NATS streams removed after a check that the server is this machine is clean
    Given a project file "reset_streams.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
      die() { echo "streams: $*" >&2; exit 1; }
      assert_local() {
        case "$NATS_URL" in
          nats://127.0.0.1:*|nats://localhost:*) ;;
          *) die "NATS_URL=$NATS_URL is not this machine" ;;
        esac
      }
      reset_streams() {
        local name
        for name in orders_dev payments_dev; do
          nats --server "$NATS_URL" stream rm "$name" -f >/dev/null 2>&1 || true
        done
      }
      case "${1:-}" in
        reset) assert_local; reset_streams ;;
        *) echo "usage: $0 reset" ;;
      esac
      """
    When I run "terraphim-agent guard review-script --json reset_streams.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: NATS streams removed after a check that lets any host through is dangerous
    Given a project file "reset_streams_any.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
      die() { echo "streams: $*" >&2; exit 1; }
      assert_local() {
        case "$NATS_URL" in
          nats://*:4222) ;;
          *) die "NATS_URL=$NATS_URL is not this machine" ;;
        esac
      }
      reset_streams() {
        local name
        for name in orders_dev payments_dev; do
          nats --server "$NATS_URL" stream rm "$name" -f >/dev/null 2>&1 || true
        done
      }
      case "${1:-}" in
        reset) assert_local; reset_streams ;;
        *) echo "usage: $0 reset" ;;
      esac
      """
    When I run "terraphim-agent guard review-script --json reset_streams_any.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a publish in a function called only behind the --publish option is clean
    Given a project file "cut_release.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      PUBLISH=0
      [[ "${1:-}" == "--publish" ]] && PUBLISH=1
      release() {
        npm publish --access public
      }
      main() {
        npm test
        if ((PUBLISH)); then
          release
        else
          echo "dry run: pass --publish to release"
        fi
      }
      main
      """
    When I run "terraphim-agent guard review-script --json cut_release.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same publish function also called without the option is dangerous
    Given a project file "cut_release_always.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      PUBLISH=0
      [[ "${1:-}" == "--publish" ]] && PUBLISH=1
      release() {
        npm publish --access public
      }
      main() {
        npm test
        if ((PUBLISH)); then
          release
        fi
        release
      }
      main
      """
    When I run "terraphim-agent guard review-script --json cut_release_always.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: processes the script started, kept in an array and killed at the end, are clean
    Given a project file "dev_stack.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      started=()
      start() {
        "$@" >/dev/null 2>&1 &
        local pid=$!
        started+=("$pid")
      }
      stop_all() {
        local pid
        for pid in "${started[@]}"; do
          kill -TERM "$pid" 2>/dev/null || true
        done
        sleep 1
        for pid in "${started[@]}"; do
          kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
        done
      }
      trap stop_all EXIT
      start node dist/api.js
      start node dist/worker.js
      sleep 30
      """
    When I run "terraphim-agent guard review-script --json dev_stack.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: an array that also holds a looked-up process id is killed suspiciously
    Given a project file "dev_stack_pgrep.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      started=()
      start() {
        "$@" >/dev/null 2>&1 &
        local pid=$!
        started+=("$pid")
      }
      stop_all() {
        local pid
        for pid in "${started[@]}"; do
          kill -TERM "$pid" 2>/dev/null || true
        done
        sleep 1
        for pid in "${started[@]}"; do
          kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null || true
        done
      }
      trap stop_all EXIT
      start node dist/api.js
      started+=("$(pgrep -o -f node)")
      sleep 30
      """
    When I run "terraphim-agent guard review-script --json dev_stack_pgrep.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a path to the agent's settings split by read from a here-string and appended to is dangerous
    Given a project file "agent_prefs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      prefs_file() {
        local dir name
        read -r dir name <<< "${CODEX_HOME:-$HOME/.codex} config.toml"
        printf '%s/%s\n' "$dir" "$name"
      }
      f="$(prefs_file)"
      mkdir -p "$(dirname "$f")"
      cat >> "$f" <<EOF
      approval_policy = "never"
      EOF
      """
    When I run "terraphim-agent guard review-script --json agent_prefs.sh"
    Then the JSON field "verdict" is "dangerous"
