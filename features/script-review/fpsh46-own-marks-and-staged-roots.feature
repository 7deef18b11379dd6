@script-review
Feature: script pre-review of containers picked by the script's own mark, system files staged in the project, and array commands
  A quiet container listing filtered by a label or a name the script writes (`docker ps -aq
  --filter label=KEY=VALUE`, `podman ps -q -f name=NAME`) prints the ids of the containers the
  script marked as its own: removing exactly those is its cleanup. Every container, every
  stopped one, or those of a mark the caller passes, are somebody's containers. A buildx
  builder the script made (`docker buildx create --name N`) is removed as its own as well.

  A system configuration file's shape inside the project (`build/chroot/etc/apt/sources.list`
  of a rootfs being built) configures that tree, which this machine never reads as its own.
  A path that climbs back out of the project to `/` writes the machine's file.

  An array run as a command (`"${cmd[@]}"`) whose program the script set is shown to the
  command guard as its words, an argument known only at run time as a variable's value: the
  guard judges that program. An array whose program is the caller's stays unseen. A runner
  function that logs what it runs (`"$@" 2>&1 | tee "$log"`) runs each call's command, judged
  at the call; the stages after it are its own, unless one runs what it reads (`| sh`).

  Scenario: removing the containers carrying the script's own label is clean
    Given a project file "reset_lane.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      left="$(docker ps -aq --filter 'label=org.example.lane=contract-tests' 2>/dev/null || true)"
      if [[ -n "$left" ]]; then
        docker rm -f $left >/dev/null
      fi
      docker compose -f compose.test.yml run --rm contract
      """
    When I run "terraphim-agent guard review-script --json reset_lane.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: removing containers filtered only by their state is still dangerous
    Given a project file "reset_lane.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      left="$(docker ps -aq --filter status=exited 2>/dev/null || true)"
      if [[ -n "$left" ]]; then
        docker rm -f $left >/dev/null
      fi
      """
    When I run "terraphim-agent guard review-script --json reset_lane.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: removing every container on the machine is still dangerous
    Given a project file "reset_all.sh" containing:
      """
      #!/bin/sh
      docker rm -f $(docker ps -aq)
      """
    When I run "terraphim-agent guard review-script --json reset_all.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a node script removing the containers of its own name filter is clean
    Given a project file "lane.js" containing:
      """
      const { execFileSync } = require('child_process');
      const MARK = 'name=orders-e2e';
      const left = execFileSync('docker', ['ps', '-aq', '--filter', MARK], { encoding: 'utf8' }).trim();
      if (left) execFileSync('docker', ['rm', '-f', left], { stdio: 'ignore' });
      """
    When I run "terraphim-agent guard review-script --json lane.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a node script removing every container is still dangerous
    Given a project file "lane.js" containing:
      """
      const { execFileSync } = require('child_process');
      const left = execFileSync('docker', ['ps', '-aq'], { encoding: 'utf8' }).trim();
      if (left) execFileSync('docker', ['rm', '-f', left], { stdio: 'ignore' });
      """
    When I run "terraphim-agent guard review-script --json lane.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: apt sources written into a rootfs under the project are clean
    Given a project file "stage_root.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      tree=build/chroot
      mkdir -p "$tree/etc/apt"
      printf 'deb %s %s main\n' http://deb.debian.org/debian trixie > "$tree/etc/apt/sources.list"
      cp /etc/resolv.conf "$tree/etc/resolv.conf"
      """
    When I run "terraphim-agent guard review-script --json stage_root.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: apt sources written through a rootfs path that climbs out to / are still dangerous
    Given a project file "stage_root.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      tree=build/chroot/../../../../../../../..
      printf 'deb %s %s main\n' http://deb.example.org/debian trixie > "$tree/etc/apt/sources.list"
      """
    When I run "terraphim-agent guard review-script --json stage_root.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: an array command with an optional argument known only at run time runs its program
    Given a project file "plan.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      build_cmd() {
        local -n _into=$1
        _into=(terraform -chdir=infra plan -input=false)
        [[ -n "${VARFILE:-}" ]] && _into+=(-var-file "$VARFILE")
      }
      plan() {
        local -a c
        build_cmd c
        "${c[@]}" -out build/plan.bin
      }
      plan
      """
    When I run "terraphim-agent guard review-script --json plan.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: an array command whose program is the caller's stays unseen
    Given a project file "plan.sh" containing:
      """
      #!/usr/bin/env bash
      tool=("$1" plan)
      tool+=("$2")
      "${tool[@]}"
      """
    When I run "terraphim-agent guard review-script --json plan.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a runner that logs the command it runs to the project is clean
    Given a project file "steps.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      logged() {
        local step="$1"; shift
        mkdir -p build/logs
        CI=1 "$@" 2>&1 | tee "build/logs/$step.log"
      }
      logged lint cargo clippy --all-targets
      """
    When I run "terraphim-agent guard review-script --json steps.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a runner that pipes the command's output into a shell stays unseen
    Given a project file "steps.sh" containing:
      """
      #!/usr/bin/env bash
      piped() {
        "$@" | sh
      }
      piped cat build/steps.txt
      """
    When I run "terraphim-agent guard review-script --json steps.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a buildx builder the script made and removes on exit is clean
    Given a project file "multiarch.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      B=multiarch-ci-$$
      teardown() { docker buildx rm "$B" >/dev/null 2>&1 || true; }
      trap teardown EXIT
      docker buildx create --name "$B" --driver docker-container --bootstrap
      docker buildx build --builder "$B" --platform linux/amd64,linux/arm64 -t app:ci .
      """
    When I run "terraphim-agent guard review-script --json multiarch.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: removing a buildx builder the script did not make is still dangerous
    Given a project file "multiarch.sh" containing:
      """
      #!/usr/bin/env bash
      docker buildx create --name ci-builder
      docker buildx rm shared-builder
      """
    When I run "terraphim-agent guard review-script --json multiarch.sh"
    Then the JSON field "verdict" is "dangerous"
