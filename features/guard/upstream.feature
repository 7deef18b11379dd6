Feature: upstream terraphim-agent's flat `guard` form keeps working
  Existing hook scripts call `terraphim-agent guard [--json] [--fail-open] COMMAND` and parse
  upstream's GuardResult JSON; the decision comes from this project's engine.

  Background:
    Given the user KG file "guard-destructive/wipe disk.md" containing:
      """
      synonyms:: wipedisk /
      reason:: erases every disk
      example:: wipedisk /
      """
    And the user KG file "guard-safe/lister.md" containing:
      """
      synonyms:: lister
      example:: lister
      """

  Scenario: --json prints upstream's GuardResult for a block, and exits 0
    When I run "terraphim-agent guard --json 'sudo wipedisk /'"
    Then the exit code is 0
    And the JSON field "decision" is "block"
    And the JSON field "pattern" is "wipedisk /"
    And the JSON field "reason" contains "Blocked: erases every disk"
    And the JSON field "command" is "sudo wipedisk /"

  Scenario: allow carries neither reason nor pattern
    When I run "terraphim-agent guard --json lister"
    Then the exit code is 0
    And the JSON field "decision" is "allow"
    And the JSON field "reason" is absent
    And the JSON field "pattern" is absent

  Scenario: an unknown command is a sandbox decision, which upstream scripts must not treat as allow
    When I run "terraphim-agent guard --json frobnicate"
    Then the JSON field "decision" is "sandbox"

  Scenario: plain mode prints BLOCKED on stderr and exits 1 on block
    When I run "terraphim-agent guard 'wipedisk /'"
    Then the exit code is 1
    And stderr contains "BLOCKED: Blocked: erases every disk"
    And stdout is empty

  Scenario: --fail-open exits 0 on block, as upstream does
    When I run "terraphim-agent guard --fail-open 'wipedisk /'"
    Then the exit code is 0
    And stderr contains "BLOCKED:"

  Scenario: the command may come on stdin
    When I run "terraphim-agent guard --json" with stdin:
      """
      wipedisk /
      """
    Then the JSON field "decision" is "block"

  Scenario: a command whose first word is a subcommand name is checkable after --
    When I run "terraphim-agent guard --json -- check wipedisk"
    Then the exit code is 0
    And the JSON field "command" is "check wipedisk"

  Scenario: --explain with --json prints upstream's trace with stages
    When I run "terraphim-agent guard --json --explain 'wipedisk /'"
    Then the JSON field "stages.0.stage" is "destructive"
    And the JSON field "stages.0.outcome" is "block"
    And the JSON field "decision" is "block"

  Scenario: upstream JSON thesauri add their patterns to the tiers
    Given a file "{tmp}/guard_destructive.json" containing:
      """
      {"name": "destructive", "data": {"zap everything": {"id": 1, "nterm": "zap", "url": "Blocked: zaps everything"}}}
      """
    When I run "terraphim-agent guard --json --guard-thesaurus {tmp}/guard_destructive.json 'zap everything now'"
    Then the JSON field "decision" is "block"
    And the JSON field "pattern" is "zap everything"

  Scenario: a broken KG fails closed without --fail-open
    Given the user KG file "guard-safe/broken.md" containing:
      """
      # no synonyms here
      """
    When I run "terraphim-agent guard --json lister"
    Then the JSON field "decision" is "block"
    And the JSON field "reason" contains "broken.md:1"
