@script-review
Feature: script pre-review of releases that publish only when asked
  A release script whose publish runs only on a branch an option of the script turns on (off by
  default) publishes the project's own package when the user asks: the guard's deny of that
  line gives way and the script is judged by its other steps. The same publish with the flag on
  by default, or run in a directory the script unpacked, is still flagged.

  Scenario: a crate release that publishes only with its option is clean
    Given a project file "ship.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      go_live=0
      while [[ $# -gt 0 ]]; do
        case "$1" in
          --go-live) go_live=1; shift ;;
          *) echo "unknown option $1" >&2; exit 2 ;;
        esac
      done
      for member in parser server; do
        if (( go_live )); then
          cargo publish -p "$member"
        else
          cargo publish -p "$member" --dry-run
        fi
      done
      """
    When I run "terraphim-agent guard review-script --json ship.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: the same release with the flag on by default is still dangerous
    Given a project file "ship_on.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      go_live=1
      while [[ $# -gt 0 ]]; do
        case "$1" in
          --hold) go_live=0; shift ;;
          *) echo "unknown option $1" >&2; exit 2 ;;
        esac
      done
      for member in parser server; do
        if (( go_live )); then
          cargo publish -p "$member"
        fi
      done
      """
    When I run "terraphim-agent guard review-script --json ship_on.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a fetched package republished behind the option is still dangerous
    Given a project file "repub.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      scratch=$(mktemp -d)
      curl -fsSL "https://pkgs.example.net/dl/$3.tgz" -o "$scratch/in.tgz"
      tar -xzf "$scratch/in.tgz" -C "$scratch"
      sed -i "s/\"version\": \".*\"/\"version\": \"$2\"/" "$scratch/package/package.json"
      if [[ "$1" == "--go-live" ]]; then
        (cd "$scratch/package" && npm publish)
      fi
      """
    When I run "terraphim-agent guard review-script --json repub.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a token read from the npm token file before the guarded publish is still dangerous
    Given a project file "ship_tok.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      send() {
        for p in libs/alpha libs/beta; do
          (cd "$p" && NODE_AUTH_TOKEN="$key" npm publish)
        done
      }
      key=$(grep -o '_authToken=.*' ~/.npmrc | cut -d= -f2)
      for p in libs/alpha libs/beta; do
        sed -i "s/\"version\": \".*\"/\"version\": \"$2\"/" "$p/package.json"
      done
      if [[ "$1" == "--go-live" ]]; then
        send
      fi
      """
    When I run "terraphim-agent guard review-script --json ship_tok.sh"
    Then the JSON field "verdict" is "dangerous"
