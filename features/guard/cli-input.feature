Feature: the CLI never treats a typo or an empty input as a command
  The flat form takes any words as the command to check, so a mistyped subcommand in a settings
  file would be judged as a command and, being harmless, allowed. A first word that is a
  near-miss of a subcommand is a usage error with the suggestion; the command to check goes after
  `--`. Nothing to judge is an input error, not an allow.

  Scenario Outline: a near-miss of a subcommand is a usage error that names the subcommand
    When I run "<line>"
    Then the exit code is 2
    And stderr contains "did you mean `<meant>`"
    And stdout is empty

    Examples:
      | line                                                 | meant  |
      | terraphim-agent guard chek 'rm -rf /'                | check  |
      | terraphim-agent guard hok --agent claude-code        | hook   |
      | terraphim-agent guard --json explian 'git status'    | explain |
      | terraphim-agent guard instal --agent codex           | install |

  Scenario: the same word after -- is the command to check
    When I run "terraphim-agent guard --json -- chek 'rm -rf /'"
    Then the exit code is 0
    And the JSON field "command" is "chek rm -rf /"

  Scenario: a word that is no near-miss is checked as before
    When I run "terraphim-agent guard --json frobnicate"
    Then the exit code is 0
    And the JSON field "decision" is "sandbox"

  Scenario: an empty stdin is an input error for check
    When I run "terraphim-agent guard check"
    Then the exit code is 3
    And stderr contains "no command to judge: stdin is empty"
    And stdout is empty

  Scenario: review-script on a missing file is one error with its own exit code
    When I run "terraphim-agent guard review-script {project}/no-such.sh"
    Then the exit code is 3
    And stderr contains "error: cannot read {project}/no-such.sh: No such file or directory"
    And stdout is empty

  Scenario: review-script --json on a missing file prints a JSON error object
    When I run "terraphim-agent guard review-script --json {project}/no-such.sh"
    Then the exit code is 3
    And the JSON field "error" contains "cannot read"
    And the JSON field "file" is "{project}/no-such.sh"
