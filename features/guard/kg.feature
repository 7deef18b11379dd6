Feature: the knowledge graph validates itself
  `guard kg check` parses every entry, compiles every pattern, runs every example and
  not_example, and refuses a pattern that sits in two tiers. Errors name the file and line.

  Scenario: the embedded default KG is valid
    When I run "terraphim-agent guard kg check"
    Then the exit code is 0
    And stdout contains "0 problems"

  Scenario: an example the entry does not decide is reported with its line
    Given a file "{tmp}/kg/guard-destructive/zap.md" containing:
      """
      # Zap
      synonyms:: zap --all
      reason:: zaps
      example:: zap --all
      example:: zap --some
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "zap.md:5: example `zap --some` is not matched by this entry"

  Scenario: a not_example that matches is reported
    Given a file "{tmp}/kg/guard-safe/zap.md" containing:
      """
      synonyms:: zap
      example:: zap
      not_example:: zap --all
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "zap.md:3: not_example `zap --all` is matched by this entry"

  Scenario: a pattern in two tiers is refused
    Given a file "{tmp}/kg/guard-safe/zap.md" containing:
      """
      synonyms:: zap
      example:: zap
      """
    And a file "{tmp}/kg/guard-suspicious/zap too.md" containing:
      """
      synonyms:: zap
      example:: zap
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "pattern `zap` is in more than one tier"

  Scenario: the pattern named is the one in two tiers, not its neighbour on the line
    Given a file "{tmp}/kg/guard-safe/zap.md" containing:
      """
      synonyms:: zip, zap
      example:: zip
      """
    And a file "{tmp}/kg/guard-suspicious/zap too.md" containing:
      """
      synonyms:: zap
      example:: zap
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "pattern `zap` is in more than one tier"
    And stdout does not contain "pattern `zip`"

  Scenario: a malformed entry names its file and line
    Given a file "{tmp}/kg/guard-safe/bad.md" containing:
      """
      synonyms:: zap
      status:: sometimes
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "bad.md:2: unknown status `sometimes`"

  Scenario: a suffix glob, which would match nothing, is an error with its file and line
    Given a file "{tmp}/kg/guard-destructive/orig.md" containing:
      """
      # orig
      reason:: deletes merge leftovers
      synonyms:: rm '*.orig'
      """
    When I run "terraphim-agent guard kg check {tmp}/kg"
    Then the exit code is 12
    And stdout contains "orig.md:3:"
    And stdout contains "is not `*text*`"

  Scenario: upstream JSON thesauri import into KG files that validate
    Given a file "{tmp}/guard_destructive.json" containing:
      """
      {"name": "d", "data": {"git reset --hard": {"id": 1, "nterm": "git_destructive_reset", "url": "Blocked: discards work"}, "rm -rf": {"id": 2, "nterm": "destructive_file_removal", "url": "Blocked: deletes"}}}
      """
    When I run "terraphim-agent guard kg import {tmp}/guard_destructive.json --out {tmp}/imported"
    Then the exit code is 0
    And stdout contains "2 entries written"
    When I run "terraphim-agent guard kg check {tmp}/imported"
    Then the exit code is 0
