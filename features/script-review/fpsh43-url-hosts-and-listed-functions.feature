@script-review
Feature: script pre-review of a connection URL's host and of the script's own listed functions
  A connection URL in the project's `.env` (`CACHE_URL`, `SEARCH_URL`) holds its credentials in
  the user info before the `@` and sometimes in the path or query. The host and port left once
  both are cut off is no secret, so a check that the URL is local may print it; printing what
  keeps the user info or the path still prints the secret.
  A test harness that lists its own functions (`declare -F`, `compgen -A function`) and runs
  each by name runs the script's own code; a name read from a file may be any program.

  Scenario: the host of a .env connection URL printed by a local-only check is no leak
    Given a project file "check_cache.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      fail() { printf 'error: %s\n' "$*" >&2; exit 1; }
      set -a
      . ./.env
      set +a
      addr="${QUEUE_URL#*://}"
      addr="${addr#*@}"
      addr="${addr%%/*}"
      case "${addr%%:*}" in
        localhost|127.0.0.1) ;;
        *) fail "queue at ${addr%%:*} is not local" ;;
      esac
      """
    When I run "terraphim-agent guard review-script --json check_cache.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"

  Scenario: a .env connection URL printed with its user info is still dangerous
    Given a project file "show_login.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      set -a
      . ./.env
      set +a
      login="$(sed -E 's|^[a-z]+://([^@/]*)@.*$|\1|' <<<"$QUEUE_URL")"
      echo "queue login: $login"
      """
    When I run "terraphim-agent guard review-script --json show_login.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a harness running its own listed functions is clean
    Given a project file "smoke.sh" containing:
      """
      #!/usr/bin/env bash
      set -uo pipefail
      smoke_index_loads() { [[ -s public/index.html ]]; }
      smoke_assets_hashed() { ls public/assets | grep -q '\.[0-9a-f]\{8\}\.js$'; }
      for s in $(declare -F | awk '{print $3}' | grep '^smoke_'); do
        if ( set -e; "$s" ); then echo "pass $s"; else echo "FAIL $s"; fi
      done
      """
    When I run "terraphim-agent guard review-script --json smoke.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: running names read from a file is still suspicious
    Given a project file "smoke_from_list.sh" containing:
      """
      #!/usr/bin/env bash
      set -uo pipefail
      smoke_index_loads() { [[ -s public/index.html ]]; }
      for s in $(cat smoke.list); do
        if ( set -e; "$s" ); then echo "pass $s"; else echo "FAIL $s"; fi
      done
      """
    When I run "terraphim-agent guard review-script --json smoke_from_list.sh"
    Then the JSON field "verdict" is "suspicious"
