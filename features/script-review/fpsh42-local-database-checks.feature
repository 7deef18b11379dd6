@script-review
Feature: script pre-review of database resets the script checked are on this machine
  The command guard denies `dropdb`, `pg_restore --clean` and SQL that drops, whatever server
  the line reaches, because alone the line does not show where that is. A script that refused
  every other value of the host variable before the reset (a `case` whose other items exit, a
  test `|| exit`, a guard function that exits, called first) resets a development database of
  this machine, which its own migrations and seeds make again. A host taken from the
  environment with no check, a check that lets a network host through, or a variable assigned
  again after the check stays denied.

  Scenario: a drop through a client whose host the script refused unless local is clean
    Given a project file "reset_orders_db.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ORDERS_PGHOST="${ORDERS_PGHOST:-localhost}"
      ORDERS_DB="${ORDERS_DB:-orders_dev}"
      case "$ORDERS_PGHOST" in
        localhost|127.0.0.1) ;;
        *) echo "refusing non-local host $ORDERS_PGHOST" >&2; exit 1 ;;
      esac
      q() {
        psql -h "$ORDERS_PGHOST" -U dev -v ON_ERROR_STOP=1 "$@"
      }
      q -d postgres -c "DROP DATABASE IF EXISTS \"$ORDERS_DB\""
      q -d postgres -c "CREATE DATABASE \"$ORDERS_DB\""
      """
    When I run "terraphim-agent guard review-script --json reset_orders_db.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same drop with the host taken from the environment unchecked is dangerous
    Given a project file "reset_orders_any.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ORDERS_PGHOST="${ORDERS_PGHOST:-localhost}"
      ORDERS_DB="${ORDERS_DB:-orders_dev}"
      q() {
        psql -h "$ORDERS_PGHOST" -U dev -v ON_ERROR_STOP=1 "$@"
      }
      q -d postgres -c "DROP DATABASE IF EXISTS \"$ORDERS_DB\""
      """
    When I run "terraphim-agent guard review-script --json reset_orders_any.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: dropdb after a guard function that exits unless PGHOST is local is clean
    Given a project file "redo_ledger_db.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      PGHOST="${PGHOST:-localhost}"
      export PGHOST
      must_be_local() {
        case "$PGHOST" in
          localhost|127.0.0.1|/run/postgresql) ;;
          *) echo "PGHOST $PGHOST is not this machine" >&2; exit 2 ;;
        esac
      }
      redo() {
        dropdb --if-exists ledger_test
        createdb ledger_test
      }
      must_be_local
      redo
      """
    When I run "terraphim-agent guard review-script --json redo_ledger_db.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: dropdb after a check that lets a network host through is dangerous
    Given a project file "redo_ledger_shared.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      must_be_known() {
        case "$PGHOST" in
          localhost|pg.ledger.example.org) ;;
          *) echo "unknown PGHOST $PGHOST" >&2; exit 2 ;;
        esac
      }
      must_be_known
      dropdb --if-exists ledger_test
      """
    When I run "terraphim-agent guard review-script --json redo_ledger_shared.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a restore into a URL assigned again after its check is dangerous
    Given a project file "restore_shelf.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      SHELF_URL="${SHELF_URL:-postgres://dev@localhost/shelf_dev}"
      [[ $SHELF_URL == *@localhost/* ]] || { echo "not local" >&2; exit 1; }
      SHELF_URL="${2:-$SHELF_URL}"
      pg_restore --clean --if-exists --dbname="$SHELF_URL" "$1"
      """
    When I run "terraphim-agent guard review-script --json restore_shelf.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a URL check with a port or path after the loopback host makes the reset local
    Given a project file "reseed_tiles.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      TILES_URL="${TILES_URL:-postgres://dev@localhost:5432/tiles_dev}"
      case "$TILES_URL" in
        *@localhost:*|*@localhost/*|*@[::1]:*) ;;
        *) echo "refusing $TILES_URL" >&2; exit 1 ;;
      esac
      psql "$TILES_URL" -v ON_ERROR_STOP=1 -c "DROP SCHEMA IF EXISTS tiles CASCADE"
      """
    When I run "terraphim-agent guard review-script --json reseed_tiles.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a URL check that finds the loopback name anywhere in the URL lets other hosts through
    Given a project file "reseed_tiles_loose.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      TILES_URL="${TILES_URL:-postgres://dev@localhost:5432/tiles_dev}"
      case "$TILES_URL" in
        *localhost*|*127.0.0.1*) ;;
        *) echo "refusing $TILES_URL" >&2; exit 1 ;;
      esac
      psql "$TILES_URL" -v ON_ERROR_STOP=1 -c "DROP SCHEMA IF EXISTS tiles CASCADE"
      """
    When I run "terraphim-agent guard review-script --json reseed_tiles_loose.sh"
    Then the JSON field "verdict" is "dangerous"
