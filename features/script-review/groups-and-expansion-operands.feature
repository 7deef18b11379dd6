@script-review
Feature: a shell script's groups and expansion operands are judged by the commands they hold
  tree-sitter-bash negates only a simple command, a test or a subshell, so `! { a; b; }` was
  read as a command named `{`: the commands inside were lost to the review and the guard. The
  review reads the group itself; negation changes only an exit status. It reads a backquoted
  command in `${X:-...}` as text, which bash runs: the review reviews it as the script's code.

  Scenario: a readiness check in a negated group is clean
    Given a project file "wait.sh" containing:
      """
      #!/usr/bin/env bash
      set -u
      for i in 1 2 3 4 5; do
        if ! { grep -q ready build/status.txt; } 2>/dev/null; then
          sleep 1
          continue
        fi
        echo "ready after $i tries"
        break
      done
      """
    When I run "terraphim-agent guard review-script --json wait.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a delete of the home directory inside a negated group is found
    Given a project file "reset.sh" containing:
      """
      #!/usr/bin/env bash
      echo "resetting the workspace"
      if ! { rm -rf "$HOME"; } 2>/dev/null; then
        echo "could not reset"
      fi
      """
    When I run "terraphim-agent guard review-script --json reset.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a command in a variable's default is reviewed as code
    Given a project file "build.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      out="${OUT_DIR:-`rm -rf ~/.config; echo dist`}"
      mkdir -p "$out"
      """
    When I run "terraphim-agent guard review-script --json build.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a default that asks git for the top level is clean
    Given a project file "build.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      root="${REPO_ROOT:-`git rev-parse --show-toplevel`}"
      ls "$root"
      """
    When I run "terraphim-agent guard review-script --json build.sh"
    Then the JSON field "verdict" is "clean"
