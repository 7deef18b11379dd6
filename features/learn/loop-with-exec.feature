Feature: the learning loop end to end with the real sandbox
  Commands the guard sends to the sandbox run under `guard exec`, which records every outcome.
  Clean runs become an ALLOW proposal, a violation a DENY proposal; only a human approval in
  `guard review` changes what `guard check` decides.

  Scenario: three clean sandboxed runs of a new command become an approved ALLOW
    When I check "factor 12"
    Then the verdict is sandbox
    When I run "terraphim-agent guard exec --id run-1 -- factor 12"
    Then the exit code is 0
    And stdout contains "12: 2 2 3"
    When I run "terraphim-agent guard exec --id run-2 -- factor 35"
    And I run "terraphim-agent guard exec --id run-3 -- factor 99 100"
    And I run "terraphim-agent guard sweep"
    Then a staged ALLOW proposal for "factor" exists
    When I check "factor 7"
    Then the verdict is sandbox
    When I approve the ALLOW proposal for "factor"
    And I check "factor 7"
    Then the verdict is allow

  Scenario: a run that violates the sandbox becomes an approved DENY
    When I run "terraphim-agent guard exec --id net-1 -- git ls-remote http://127.0.0.1:9/x"
    Then the exit code is not 0
    When I run "terraphim-agent guard sweep"
    Then a staged DENY proposal for "git ls-remote" exists
    When I approve the DENY proposal for "git ls-remote"
    And I check "git ls-remote https://example.com/x"
    Then the verdict is deny
