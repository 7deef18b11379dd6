Feature: the outcome store survives bad lines
  A torn last line (a killed writer) and corrupt lines are reported with their line number and
  skipped; unknown fields and record types from newer writers are tolerated.

  Scenario: a torn last line is reported and skipped
    Given 3 clean sandbox runs of "cargo xtask"
    And the outcome store ends with the torn record '{"type":"outcome","sche'
    When I run "terraphim-agent guard review --list"
    Then the exit code is 0
    And stderr contains "outcomes.jsonl:4: torn last line"
    And a staged ALLOW proposal for "cargo xtask" exists

  Scenario: a corrupt line is skipped with its line number
    Given 1 clean sandbox run of "cargo xtask"
    And the outcome store contains:
      """
      this is not JSON
      """
    And 2 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep --format json"
    Then the exit code is 0
    And stderr contains "outcomes.jsonl:2: corrupt line skipped"
    And the JSON field "warnings.0.line" is "2"
    And a staged ALLOW proposal for "cargo xtask" exists

  Scenario: fields and record types of newer writers are tolerated
    Given the outcome store contains:
      """
      {"type":"outcome","schema":3,"time":"2026-01-01T00:00:00+01:00","id":"a","source":"exec","command":"cargo sweep","canonical":["cargo sweep"],"decision":"sandbox","outcome":{"kind":"clean","cgroup":"x"},"new_field":{"x":1}}
      {"type":"heartbeat","schema":1}
      {"type":"outcome","schema":1,"time":"2026-01-01T00:00:01Z","id":"b","source":"exec-v2","command":"cargo sweep","canonical":["cargo sweep"],"decision":"sandbox","outcome":{"kind":"clean"}}
      {"type":"outcome","schema":1,"time":"2026-01-01T00:00:02Z","id":"c","source":"exec","command":"cargo sweep","canonical":["cargo sweep"],"decision":"sandbox","outcome":{"kind":"clean","violations":[]}}
      """
    When I run "terraphim-agent guard sweep"
    Then the exit code is 0
    And stderr has no warning
    And a staged ALLOW proposal for "cargo sweep" exists
