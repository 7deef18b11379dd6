@script-review
Feature: script pre-review of host checks that let an empty value or any user through, and ssh wrappers
  A shell script whose host setting may be left empty checks it as `if [[ -n $host && $host !=
  *.internal ]]; then exit 1; fi` (or `[[ -z $host || $host == *.internal ]] || exit 1`) and
  contacts the host only when it is set. Past the check the variable is empty, which names no
  host, or a host of the zone: the empty alternative is kept in the value (a path built of it
  still has it) but is no host the request could reach. A `case` that lets an ssh destination
  of any user at a host of the zone through (`*@*.internal`) lets through hosts of the zone.

  The empty test joined the wrong way, the empty test of another variable, a failure that only
  logs, a check after the send, a glob without the zone's dot and a host nobody answers for
  beside the zone check nothing.

  A function that runs its arguments on a host over ssh (`remote() { local host=$1; shift; ssh
  "$host" "$@"; }`) is judged at each call by the remote command that call gives, as `ssh HOST
  CMD` written out is: a read-only command is clean, a destructive one is what the guard says.

  Scenario: a host that is empty or of the zone, contacted only when set, is clean
    Given a project file "upload.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:-}"
      if [[ -n "$HOST" && "$HOST" != *.lab.internal ]]; then
        echo "refusing $HOST" >&2
        exit 1
      fi
      if [[ -n "$HOST" ]]; then
        curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      fi
      """
    When I run "terraphim-agent guard review-script --json upload.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a test that goes on when the host is empty or of the zone is clean
    Given a project file "upload_z.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:-}"
      [[ -z "$HOST" || "$HOST" == *.internal ]] || { echo "refusing $HOST" >&2; exit 1; }
      if [[ -n "$HOST" ]]; then
        curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      fi
      """
    When I run "terraphim-agent guard review-script --json upload_z.sh"
    Then the JSON field "verdict" is "clean"

  Scenario Outline: empty tests that let another host through stay dangerous
    Given a project file "<file>" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:-}"
      <check>
      if [[ -n "$HOST" ]]; then
        curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      fi
      """
    When I run "terraphim-agent guard review-script --json <file>"
    Then the JSON field "verdict" is "dangerous"

    Examples:
      | file        | check                                                                          |
      | joined.sh   | if [[ -n $HOST \|\| $HOST != *.internal ]]; then exit 1; fi                    |
      | other.sh    | if [[ -n $OTHER && $HOST != *.internal ]]; then exit 1; fi                     |
      | logs.sh     | if [[ -n $HOST && $HOST != *.internal ]]; then echo refusing >&2; fi           |
      | noanchor.sh | if [[ -n $HOST && $HOST != *internal ]]; then exit 1; fi                       |
      | listed.sh   | if [[ -n $HOST && $HOST != *.internal && $HOST != collect.example.net ]]; then exit 1; fi |

  Scenario: a check after the send checks nothing
    Given a project file "upload_after.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:-}"
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      if [[ -n "$HOST" && "$HOST" != *.internal ]]; then exit 1; fi
      """
    When I run "terraphim-agent guard review-script --json upload_after.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: an empty value let through still builds a path outside the project
    Given a project file "wipe.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      NAME="${1:-}"
      if [[ -n "$NAME" && "$NAME" != *.internal ]]; then exit 1; fi
      rm -rf "$HOME/$NAME"
      """
    When I run "terraphim-agent guard review-script --json wipe.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: an ssh destination of any user at a host of the zone reaches the zone
    Given a project file "router.sh" containing:
      """
      #!/bin/sh
      set -eu
      ROUTER="${ROUTER:-root@gw.internal}"
      case "$ROUTER" in
        local|*@*.internal|*.internal) ;;
        *) echo "refusing $ROUTER" >&2; exit 1 ;;
      esac
      ssh -o BatchMode=yes "$ROUTER" 'uci show network' > build/network.txt
      """
    When I run "terraphim-agent guard review-script --json router.sh"
    Then the JSON field "verdict" is "clean"

  Scenario Outline: user globs before another host, or a glob without the dot, check nothing
    Given a project file "<file>" containing:
      """
      #!/bin/sh
      set -eu
      ROUTER="${ROUTER:-root@gw.internal}"
      case "$ROUTER" in
        <pattern>) ;;
        *) echo refusing >&2; exit 1 ;;
      esac
      ssh -o BatchMode=yes "$ROUTER" 'uci show network' > build/network.txt
      """
    When I run "terraphim-agent guard review-script --json <file>"
    Then the JSON field "verdict" is "suspicious"

    Examples:
      | file        | pattern                      |
      | other.sh    | *@*.example.net\|*.internal  |
      | noanchor.sh | *@*internal                  |
      | trailing.sh | *@*.internal*                |
      | anyone.sh   | *@*                          |

  Scenario: an ssh wrapper called with read-only commands is clean
    Given a project file "routes.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      remote() {
        local host="$1"
        shift
        ssh -o BatchMode=yes "netops@$host" "$@"
      }
      mkdir -p build
      remote gw.lab.internal 'show ip route' > build/routes.txt
      remote gw.lab.internal 'cat /etc/bird/bird.conf' > build/bird.conf
      """
    When I run "terraphim-agent guard review-script --json routes.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: an ssh wrapper called with a delete outside the project is dangerous
    Given a project file "wipe_remote.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      remote() {
        local host="$1"
        shift
        ssh -o BatchMode=yes "netops@$host" "$@"
      }
      remote gw.lab.internal 'rm -rf /srv/data'
      """
    When I run "terraphim-agent guard review-script --json wipe_remote.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: an ssh wrapper called with a command known only at run time stays suspicious
    Given a project file "any_remote.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      remote() {
        local host="$1"
        shift
        ssh -o BatchMode=yes "netops@$host" "$@"
      }
      remote gw.lab.internal "$REMOTE_COMMAND"
      """
    When I run "terraphim-agent guard review-script --json any_remote.sh"
    Then the JSON field "verdict" is "suspicious"
