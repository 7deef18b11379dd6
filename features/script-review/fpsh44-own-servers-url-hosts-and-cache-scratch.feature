@script-review
Feature: script pre-review of servers stopped by their recorded pid, URLs of a known host and mktemp files in the script's own cache
  A server started with `nohup ... &` (or `setsid`) whose pid the next statement records, in a
  variable or a pid file, is the script's own managed process when a `kill` of the script (a
  statement or a `trap` handler) stops it through that record. A pid recorded but only probed
  (`kill -0`), or never recorded, still starts a process meant to outlive the run.
  A function of the script called with a URL whose scheme and host are spelled out (the path
  built at run time) is walked at that call, so its request goes to that host; a host built
  at run time is still flagged.
  A file `mktemp` makes from a template in the script's own named cache directory has a name
  no other program knows; the same template in the cache root is still a write outside.
  A flag turned on by a test that an argument is an option (`[[ "${1:-}" == --publish ]] &&
  publish=1`) is on only on request, as a `case` item of options turns it on; a flag on unless
  an option turns it off still publishes on its own.

  Scenario: a preview server stopped through its pid file is clean
    Given a project file "preview.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      pidf=.run/site.pid
      mkdir -p .run
      if [[ ${1:-start} == stop ]]; then
        p=$(<"$pidf")
        kill -TERM "$p" || true
        rm -f "$pidf"
        exit 0
      fi
      nohup hugo server --bind 127.0.0.1 --port 1414 >.run/site.log 2>&1 &
      echo $! > "$pidf"
      """
    When I run "terraphim-agent guard review-script --json preview.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a server whose recorded pid is only probed still escapes the run
    Given a project file "preview_probe.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      pidf=.run/site.pid
      mkdir -p .run
      nohup hugo server --bind 127.0.0.1 --port 1414 >.run/site.log 2>&1 &
      echo $! > "$pidf"
      if kill -0 "$(cat "$pidf")" 2>/dev/null; then echo "site is up"; fi
      """
    When I run "terraphim-agent guard review-script --json preview_probe.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "escape"

  Scenario: a download helper called with URLs of the release host is clean
    Given a project file "pin_node.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      get() {
        local url="$1" out="$2"
        [[ -s "$out" ]] && return 0
        curl -fsSL -o "$out.part" "$url"
        mv "$out.part" "$out"
      }
      ver="$(tr -d 'v \n' < .nvmrc)"
      plat="$(uname -s | tr A-Z a-z)-x64"
      mkdir -p .tools/dl
      get "https://nodejs.org/dist/v$ver/SHASUMS256.txt" .tools/dl/sums.txt
      get "https://nodejs.org/dist/v$ver/node-v$ver-$plat.tar.xz" ".tools/dl/node-$plat.tar.xz"
      """
    When I run "terraphim-agent guard review-script --json pin_node.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same helper called with a host built at run time is still flagged
    Given a project file "pin_node_mirror.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      get() {
        local url="$1" out="$2"
        [[ -s "$out" ]] && return 0
        curl -fsSL -o "$out.part" "$url"
        mv "$out.part" "$out"
      }
      ver="$(tr -d 'v \n' < .nvmrc)"
      plat="$(uname -s | tr A-Z a-z)-x64"
      mkdir -p .tools/dl
      get "https://$NODE_MIRROR/dist/v$ver/node-v$ver-$plat.tar.xz" ".tools/dl/node-$plat.tar.xz"
      """
    When I run "terraphim-agent guard review-script --json pin_node_mirror.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "network"

  Scenario: a download into a mktemp file of the script's own cache directory is clean
    Given a project file "lts_check.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      cache="${XDG_CACHE_HOME:-$HOME/.cache}/lts-check"
      mkdir -p "$cache"
      tmp=$(mktemp "$cache/releases.XXXXXX")
      if curl -fsSL https://nodejs.org/dist/index.json -o "$tmp"; then
        mv "$tmp" "$cache/releases.json"
      else
        rm -f "$tmp"
      fi
      """
    When I run "terraphim-agent guard review-script --json lts_check.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same mktemp file in the cache root is still a write outside
    Given a project file "lts_check_root.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      cache="${XDG_CACHE_HOME:-$HOME/.cache}"
      tmp=$(mktemp "$cache/releases.XXXXXX")
      curl -fsSL https://nodejs.org/dist/index.json -o "$tmp"
      """
    When I run "terraphim-agent guard review-script --json lts_check_root.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "outside-write"

  Scenario: a release that publishes only when an argument is --publish is clean
    Given a project file "ship_crate.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      publish=0
      [[ "${1:-}" == "--publish" ]] && publish=1
      cargo package --locked
      if (( publish )); then
        cargo publish --locked
      else
        echo "dry run: pass --publish to upload"
      fi
      """
    When I run "terraphim-agent guard review-script --json ship_crate.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same release on unless an argument is --dry-run is still dangerous
    Given a project file "ship_crate_on.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      publish=0
      [[ "${1:-}" != "--dry-run" ]] && publish=1
      cargo package --locked
      if (( publish )); then
        cargo publish --locked
      fi
      """
    When I run "terraphim-agent guard review-script --json ship_crate_on.sh"
    Then the JSON field "verdict" is "dangerous"
