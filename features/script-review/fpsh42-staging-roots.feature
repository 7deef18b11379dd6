@script-review
Feature: script pre-review of system-shaped paths inside a package staging root
  A packaging script lays out the files of a package under a staging root in the project
  (`build/pkgroot/lib/systemd/system/app.service`, `build/pkgroot/etc/cron.d/app`) before a
  packager archives them. Those paths have the shape of the machine's system directories, but
  nothing on this machine reads a unit or a cron table from the project's tree. The same file
  installed into the machine's own systemd directory is persistence.

  Scenario: a systemd unit laid out under the project's staging root is clean
    Given a project file "stage_pkg.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      HERE="$(cd "$(dirname "$0")" && pwd)"
      PKGROOT="$HERE/out/pkgroot"
      mkdir -p "$PKGROOT/lib/systemd/system"
      install -m 0644 dist/ferry.service "$PKGROOT/lib/systemd/system/ferry.service"
      """
    When I run "terraphim-agent guard review-script --json stage_pkg.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same unit installed into the machine's systemd directory is dangerous
    Given a project file "install_unit.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      install -m 0644 dist/ferry.service /lib/systemd/system/ferry.service
      """
    When I run "terraphim-agent guard review-script --json install_unit.sh"
    Then the JSON field "verdict" is "dangerous"
