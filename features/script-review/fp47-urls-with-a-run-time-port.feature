@script-review
Feature: script pre-review of a shell function given a URL whose port alone is chosen at run time
  A helper that polls `"$1/healthz"` is walked at each call with the caller's URL. A URL whose
  scheme and host are spelled out and whose port is a free port the script picked
  (`http://127.0.0.1:$port`) names its host, as the same request written at the call does:
  this machine. A host from the environment, or a remote host on the same kind of port,
  stays flagged.

  Scenario: polling the script's own server on a free port is clean
    Given a project file "scripts/smoke.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail

      wait_healthy() {
        local url="$1/healthz" i
        for i in $(seq 1 50); do
          if curl -fsS -o /dev/null --max-time 2 "$url"; then
            return 0
          fi
          sleep 0.2
        done
        echo "server not healthy at ${url}" >&2
        return 1
      }

      port="$(shuf -i 20000-40000 -n 1)"
      wait_healthy "http://127.0.0.1:${port}"
      """
    When I run "terraphim-agent guard review-script --json scripts/smoke.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same helper given a host from the environment stays suspicious
    Given a project file "scripts/smoke.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail

      wait_healthy() {
        local url="$1/healthz" i
        for i in $(seq 1 50); do
          if curl -fsS -o /dev/null --max-time 2 "$url"; then
            return 0
          fi
          sleep 0.2
        done
        return 1
      }

      port="$(shuf -i 20000-40000 -n 1)"
      wait_healthy "http://${SMOKE_HOST}:${port}"
      """
    When I run "terraphim-agent guard review-script --json scripts/smoke.sh"
    Then the JSON field "verdict" is "suspicious"
