@script-review
Feature: script pre-review of zone checks in shell, checked constructor fields and client versions
  A shell script that lets a host through only when it is a name of a zone (`case "$host" in
  *.internal|localhost) ;; *) exit 1 ;; esac`, `[[ $host == *.internal ]] || exit 1`, the item of
  a `case` naming the zone, a loop that skips the other names) sends its requests to a host of
  that zone, as a Python or JavaScript script checking `host.endswith(".internal")` does. A
  catch-all that only logs, a check of another variable, a check after the send, a list holding
  a host nobody answers for, or a glob without the zone's dot checks nothing.

  A TypeScript constructor that stores its base URL in a field (a parameter property, or
  `this.base = base;`) and then checks the parameter's host checks the field too.

  `wget --version` or `curl -V` alone contacts no host.

  Scenario: a token of no vendor sent to a host checked against the network's own zone is clean
    Given a project file "upload.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:?}"
      case "$HOST" in
        *.internal|localhost) ;;
        *) echo "refusing $HOST" >&2; exit 1 ;;
      esac
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      """
    When I run "terraphim-agent guard review-script --json upload.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a test that leaves unless the host is of the zone is clean
    Given a project file "upload_test.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:?}"
      [[ $HOST == *.internal ]] || exit 1
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      """
    When I run "terraphim-agent guard review-script --json upload_test.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: an inventory loop that skips the names of other zones reaches only the lab
    Given a project file "routes.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      while read -r name type; do
        case "$name" in
          *.lab.internal) ;;
          *) echo "skip $name"; continue ;;
        esac
        ssh -o BatchMode=yes "admin@$name" "show ip route"
      done < inventory.txt
      """
    When I run "terraphim-agent guard review-script --json routes.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a catch-all that only logs checks nothing
    Given a project file "upload_logs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:?}"
      case "$HOST" in
        *.internal|localhost) ;;
        *) echo "refusing $HOST" >&2 ;;
      esac
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      """
    When I run "terraphim-agent guard review-script --json upload_logs.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a check after the send checks nothing
    Given a project file "upload_after.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:?}"
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      [[ $HOST == *.internal ]] || exit 1
      """
    When I run "terraphim-agent guard review-script --json upload_after.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario Outline: checks that let another host through stay dangerous
    Given a project file "<file>" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HOST="${RESULTS_HOST:?}"
      <check>
      curl -fsS -H "Authorization: Bearer ${LAB_RESULTS_TOKEN}" "https://$HOST/api/upload" -d @build/results.json
      """
    When I run "terraphim-agent guard review-script --json <file>"
    Then the JSON field "verdict" is "dangerous"

    Examples:
      | file         | check                                         |
      | other.sh     | [[ $OTHER == *.internal ]] \|\| exit 1        |
      | noanchor.sh  | [[ $HOST == *internal ]] \|\| exit 1          |
      | trailing.sh  | [[ $HOST == *.internal* ]] \|\| exit 1        |
      | listed.sh    | [[ $HOST == *.internal \|\| $HOST == collect.example.net ]] \|\| exit 1 |

  Scenario: a field a constructor stored from the parameter it checks is checked too
    Given a project file "blocks.ts" containing:
      """
      class Admin {
        constructor(private readonly base: string, private readonly token: string) {
          const host = new URL(base).hostname;
          if (!host.endsWith('.internal') && host !== 'localhost') throw new Error(`${host} is not ours`);
        }
        async blocks(): Promise<unknown> {
          const res = await fetch(`${this.base}/api/v1/admin/domain_blocks`, { headers: { Authorization: `Bearer ${this.token}` } });
          return res.json();
        }
      }
      const admin = new Admin(process.argv[2], process.env.SOCIAL_ADMIN_TOKEN ?? '');
      admin.blocks().then((b) => console.log(JSON.stringify(b).length));
      """
    When I run "terraphim-agent guard review-script --json blocks.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a constructor check that only warns leaves the field unchecked
    Given a project file "blocks_warn.ts" containing:
      """
      class Admin {
        constructor(private readonly base: string, private readonly token: string) {
          const host = new URL(base).hostname;
          if (!host.endsWith('.internal')) console.warn(`${host} is not ours`);
        }
        async blocks(): Promise<unknown> {
          const res = await fetch(`${this.base}/api/v1/admin/domain_blocks`, { headers: { Authorization: `Bearer ${this.token}` } });
          return res.json();
        }
      }
      const admin = new Admin(process.argv[2], process.env.SOCIAL_ADMIN_TOKEN ?? '');
      admin.blocks().then((b) => console.log(JSON.stringify(b).length));
      """
    When I run "terraphim-agent guard review-script --json blocks_warn.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a request client asked for its version contacts nothing
    Given a project file "report_header.sh" containing:
      """
      #!/usr/bin/env bash
      echo "tool: $(wget --version | head -n 1)" > build/report.txt
      """
    When I run "terraphim-agent guard review-script --json report_header.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a request client that downloads still contacts the host
    Given a project file "mirror.sh" containing:
      """
      #!/usr/bin/env bash
      wget -q -O build/list.txt "$MIRROR/list.txt"
      """
    When I run "terraphim-agent guard review-script --json mirror.sh"
    Then the JSON field "verdict" is "suspicious"
