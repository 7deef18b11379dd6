Feature: shell syntax keeps its meaning in the canonical form
  The canonical form must mean what the shell runs: after `--` words are operands, a clustered
  short option that takes a value takes the rest of the cluster, a Windows program name is the
  program, and a package runner (`npx X`, `uv run X`) is judged by X.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    And the user KG file "guard-destructive/frobtool force.md" containing:
      """
      synonyms:: frobtool push -f
      reason:: overwrites the remote
      example:: frobtool push -f
      """
    And the user KG file "guard-safe/frobtool.md" containing:
      """
      synonyms:: frobtool push, frobtool status
      example:: frobtool status
      """

  Scenario Outline: a package runner is judged by the command it runs
    When I check the command:
      """
      <command>
      """
    Then the verdict is deny

    Examples:
      | command                       |
      | npx wipedisk /                |
      | npx --yes wipedisk@2 /        |
      | npm exec -- wipedisk /        |
      | bunx wipedisk /               |
      | pnpm exec wipedisk /          |
      | pnpm dlx wipedisk /           |
      | uv run wipedisk /             |
      | uv run --frozen wipedisk /    |
      | uv tool run wipedisk /        |
      | uvx wipedisk /                |
      | poetry run wipedisk /         |
      | pipx run wipedisk /           |

  Scenario: a known command run by a runner is judged as that command
    When I check "uv run frobtool status"
    Then the verdict is allow

  Scenario: an unknown package run by a runner stays unknown
    When I check "npx unheardof-tool --flag"
    Then the verdict is sandbox

  Scenario: a runner option that fetches more code is not seen through
    When I check "uv run --with somepkg frobtool status"
    Then the verdict is sandbox

  Scenario Outline: a Windows program name is the program
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                          | verdict |
      | WIPEDISK.EXE /                   | deny    |
      | wipedisk.exe /                   | deny    |
      | /c/Tools/Frobtool.EXE status     | allow   |

  Scenario: after `--` an option-looking word is an operand
    When I check "frobtool -- push -f"
    Then the verdict is sandbox
    And no destructive match is reported

  Scenario: a ref named like an option after `--` is not the option
    When I check "frobtool push -- -f"
    Then the verdict is allow

  Scenario: a clustered option takes its attached value
    When I check "git switch -cfeature"
    Then the verdict is allow
    And no destructive match is reported

  Scenario Outline: a negated group is judged by the commands it holds
    The grammar negates only a simple command, a test or a subshell; the guard reads `! { ...; }`
    as the group, since negation changes an exit status and never what runs.
    When I check the command:
      """
      <command>
      """
    Then the verdict is <verdict>

    Examples:
      | command                                                      | verdict |
      | ! { wipedisk /; }                                            | deny    |
      | if ! { frobtool status; wipedisk /; } 2>/dev/null; then :; fi | deny    |
      | frobtool status && ! { wipedisk /; }                         | deny    |
      | until ! { frobtool push -f; }; do sleep 1; done              | deny    |
      | if ! { frobtool status; } 2>/dev/null; then echo no; fi      | allow   |
      | ! { true; } 2>/dev/null                                      | allow   |
