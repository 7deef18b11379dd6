@script-review
Feature: script pre-review of caller-chosen defaults, IFS, syntax checks and loader reports
  The review hands the command guard each line with the values the script gave its variables.
  A positional parameter's default (`${1:-postgres://localhost/db}`) is only what the line runs
  with when the script's caller gives nothing: the guard is asked about the line as written too,
  and its deny counts, so a restore into a URL the caller may choose stays dangerous while the
  same restore into the script's own loopback database is the developer's own store. `IFS`
  declared for the shell's own splitting, a shell that only checks its code's syntax (`bash -n`)
  and the dynamic loader's reports (`LD_DEBUG=libs`) run no other code; a prefix that splits
  what `eval` runs, a file run by the shell and a preloaded library do.

  Scenario: a restore into the script's own loopback database is clean
    Given a project file "reload_orders.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ORDERS_URL="${ORDERS_URL:-postgres://localhost:5432/orders_dev}"
      pg_restore --clean --if-exists --no-owner -d "$ORDERS_URL" backups/orders.dump
      """
    When I run "terraphim-agent guard review-script --json reload_orders.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same restore into a URL the script's caller may give is dangerous
    Given a project file "reload_orders_arg.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ORDERS_URL="${1:-postgres://localhost:5432/orders_dev}"
      pg_restore --clean --if-exists --no-owner -d "$ORDERS_URL" backups/orders.dump
      """
    When I run "terraphim-agent guard review-script --json reload_orders_arg.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: IFS declared to join a list and a syntax check of the project's scripts are clean
    Given a project file "check_scripts.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      join_by_comma() { local IFS=','; echo "$*"; }
      failed=()
      while IFS= read -r -d '' f; do
        bash -n "$f" || failed+=("$f")
      done < <(git ls-files -z -- '*.sh')
      if ((${#failed[@]})); then
        echo "syntax errors in: $(join_by_comma "${failed[@]}")" >&2
        exit 1
      fi
      """
    When I run "terraphim-agent guard review-script --json check_scripts.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: running each found script instead of checking it is suspicious
    Given a project file "run_scripts.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      while IFS= read -r -d '' f; do
        bash "$f"
      done < <(find . -name '*.sh' -print0)
      """
    When I run "terraphim-agent guard review-script --json run_scripts.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a split prefix on eval of the caller's text is suspicious
    Given a project file "split_steps.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      steps="$1"
      IFS=';' eval "$steps"
      """
    When I run "terraphim-agent guard review-script --json split_steps.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: the loader's report of the project's own server is clean
    Given a project file "loader_report.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      mkdir -p build/trace
      LD_DEBUG=libs LD_DEBUG_OUTPUT=build/trace/ld ./build/relayd --version >/dev/null
      grep -h 'find library' build/trace/ld.* | head -n 20
      """
    When I run "terraphim-agent guard review-script --json loader_report.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a library preloaded from the temporary directory is dangerous
    Given a project file "loader_preload.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      LD_PRELOAD=/tmp/libhook.so ./build/relayd --version
      """
    When I run "terraphim-agent guard review-script --json loader_preload.sh"
    Then the JSON field "verdict" is "dangerous"
