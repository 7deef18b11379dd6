@script-review
Feature: script pre-review follows cloned repositories and real paths
  A repository cloned from the network into a place outside the project (a tool's home under
  `~`, a temporary directory) holds code fetched at run time: running a program from it runs
  downloaded code, as running a fetched installer does. A clone into the project is vendored
  source, and a clone only read from runs nothing. `realpath` of a system path names a system
  file, so replacing what it names is a change of the system.

  Scenario: an installer that clones a tool into the home and runs it runs downloaded code
    Given a project file "install-tool.sh" containing:
      """
      #!/bin/bash
      ROOT="${TOOL_ROOT:-$HOME/.tool}"
      checkout() {
        [ -d "$2" ] || git clone --depth 1 "$1" "$2"
      }
      checkout https://github.com/o/tool.git "$ROOT"
      "$ROOT/bin/tool" init
      """
    When I run "terraphim-agent guard review-script --json install-tool.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.category" is "remote-code"

  Scenario: a clone into the project that is built there is vendored source
    Given a project file "vendor.sh" containing:
      """
      #!/bin/bash
      set -e
      git clone --depth 1 https://github.com/o/lib vendor/lib
      ./vendor/lib/configure --prefix="$PWD/build"
      """
    When I run "terraphim-agent guard review-script --json vendor.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: replacing the real file behind a system link is a system change
    Given a project file "linker.sh" containing:
      """
      #!/bin/bash
      current_ld="$(realpath /usr/bin/ld)"
      sudo ln -sf /usr/local/bin/mold "$current_ld"
      """
    When I run "terraphim-agent guard review-script --json linker.sh"
    Then the JSON field "verdict" is "dangerous"
