@script-review
Feature: a download whose digest a shell test compares with its pin is a pinned tool
  A shell script that computes a download's digest (`sha256sum`, `shasum`, `openssl dgst`) and
  compares it with a pinned value in a test (`[[ "$got" != "$want" ]]`) whose mismatch ends the
  script or the function with a failure (`exit`, `return 1`) installs the file its pin names:
  making it executable is no download run. A comparison whose mismatch only prints, or returns
  the status of that print, verifies nothing.

  Scenario: a pinned download compared in a function that returns a failure is made executable
    Given a project file "tools.sh" containing:
      """
      #!/usr/bin/env bash
      set -uo pipefail
      fetch() {
        local url="https://github.com/pinterest/ktlint/releases/download/1.3.1/ktlint"
        local want="a9f923be58fbd32670a17f0b729b1df804af882fa57402165741cb26e5440ca1"
        curl --fail --location --silent -o .tools/ktlint "$url"
        local got
        got="$(sha256sum .tools/ktlint | awk '{print $1}')"
        if [[ "$got" != "$want" ]]; then
          echo "checksum mismatch" >&2
          return 1
        fi
      }
      mkdir -p .tools
      fetch || exit 1
      chmod u+x .tools/ktlint
      """
    When I run "terraphim-agent guard review-script --json tools.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a digest compared but a mismatch only printed leaves the download unverified
    Given a project file "tools.sh" containing:
      """
      #!/usr/bin/env bash
      curl -fsSLo .tools/tool https://dl.example.dev/tool
      got="$(sha256sum .tools/tool | cut -d' ' -f1)"
      if [ "$got" != "$PIN" ]; then
        echo "digest mismatch"
      fi
      chmod +x .tools/tool
      """
    When I run "terraphim-agent guard review-script --json tools.sh"
    Then the JSON field "verdict" is "dangerous"
