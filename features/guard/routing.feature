Feature: three-tier routing
  Every simple command is matched against the destructive, suspicious and safe tiers of the
  KG; the strictest part decides the whole command, and what nothing knows runs in the sandbox.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      # Wipe disk
      synonyms:: wipedisk --all, wipedisk /
      reason:: erases every disk
      example:: wipedisk --all
      """
    And the user KG file "guard-suspicious/fetch it.md" containing:
      """
      synonyms:: fetchit
      reason:: downloads from the network
      profile:: build
      example:: fetchit x
      """
    And the user KG file "guard-safe/lister.md" containing:
      """
      synonyms:: lister, wipedisk --all --dry-run /tmp/*
      example:: lister -l
      """

  Scenario: a destructive match denies
    When I check "wipedisk --all"
    Then the verdict is deny
    And a destructive match names concept "wipe disk"
    And the JSON field "reason" contains "erases every disk"

  Scenario: a suspicious match sandboxes with the entry's profile
    When I check "fetchit https://example.com/x"
    Then the verdict is sandbox
    And the profile is "build"

  Scenario: a safe match allows
    When I check "lister -l /etc"
    Then the verdict is allow
    And the JSON field "profile" is "null"

  Scenario: an unknown command runs in the sandbox with the default profile
    When I check "frobnicate --hard"
    Then the verdict is sandbox
    And the profile is "workspace"
    And the JSON field "reason" contains "not a known safe command"

  Scenario: code the parser cannot see through runs read-only, not on the workspace
    When I check "\"$CMD\" --all"
    Then the verdict is sandbox
    And the profile is "readonly"
    And the JSON field "reason" contains "the command name is an expansion"

  Scenario: a line with an unknown command and opaque code takes the stricter profile
    When I check "frobnicate && \"$CMD\" --all"
    Then the verdict is sandbox
    And the profile is "readonly"

  Scenario: how strict a profile is comes from the profile files, the user's included
    Given a sandbox profile "workspace" based on "workspace" with:
      """
      strictness = 5
      """
    When I check "frobnicate && \"$CMD\" --all"
    Then the verdict is sandbox
    And the profile is "workspace"

  Scenario: the strictest part decides a compound command
    When I check "lister && fetchit x; wipedisk /"
    Then the verdict is deny

  Scenario: a safe part does not allow the rest of a compound command
    When I check "lister; frobnicate"
    Then the verdict is sandbox

  Scenario Outline: flags are matched in any order and grouping
    When I check "<command>"
    Then the verdict is deny

    Examples:
      | command                       |
      | wipedisk --all                |
      | /usr/sbin/wipedisk --all      |
      | wipedisk -v --all --force     |
      | wipedisk x --all              |

  Scenario: a safe pattern explicitly covers a destructive match when it covers every operand
    When I check "wipedisk --all --dry-run /tmp/scratch"
    Then the verdict is allow
    And no destructive match is reported

  Scenario: the safe exception does not stretch to an operand it does not cover
    When I check "wipedisk --all --dry-run /tmp/scratch /home"
    Then the verdict is deny

  Scenario: a command with no commands in it is allowed
    When I check "# just a comment"
    Then the verdict is allow

  Scenario: a safe pattern that names paths vouches only for operands it covers
    When I check "wipedisk --all --dry-run /tmp/a ./src"
    Then the verdict is deny

  Scenario: an environment variable that changes what a program loads is never allowed
    When I check "LD_PRELOAD=./evil.so lister"
    Then the verdict is sandbox
    And the JSON field "reason" contains "load"

  Scenario: a variable whose value is a command has that value judged as code
    When I check "GIT_PAGER='wipedisk /' lister"
    Then the verdict is deny

  Scenario: text fed on stdin to a program is matched as its operand
    Given the user KG file "guard-destructive/drop.md" containing:
      """
      synonyms:: sqlx '*drop table*'
      reason:: drops a table
      example:: sqlx -c 'DROP TABLE t'
      """
    When I check "sqlx <<< 'DROP TABLE users'"
    Then the verdict is deny

  Scenario: an escaped star in a pattern is a literal glob, not a prefix
    Given the user KG file "guard-destructive/wipe all files.md" containing:
      """
      synonyms:: wipefiles ~/\*
      reason:: wipes every file at home
      example:: wipefiles ~/*
      not_example:: wipefiles ~/project
      """
    When I check "wipefiles ~/*"
    Then the verdict is deny
    When I check "wipefiles ~/project"
    Then the verdict is sandbox

  Scenario: several suspicious entries on one command: the most restrictive profile wins
    Given the user KG file "guard-suspicious/loose.md" containing:
      """
      synonyms:: fetchit --all
      reason:: loose
      profile:: build
      example:: fetchit --all
      """
    And the user KG file "guard-suspicious/tight.md" containing:
      """
      synonyms:: fetchit --all --now
      reason:: tight
      profile:: strict
      example:: fetchit --all --now
      """
    When I check "fetchit --now --all"
    Then the verdict is sandbox
    And the profile is "strict"
