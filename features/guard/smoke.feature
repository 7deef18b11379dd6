Feature: the binary answers
  Scenario: help lists the guard tree
    When I run "terraphim-agent guard --help"
    Then the exit code is 0
