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

  Scenario: a program the profile forbade from starting is blamed for nothing
    The single-program profile refuses the shell's first fork: ls, echo, cat, touch and git
    never start. The refusal is the profile's, so nothing is proposed.
    When I run "terraphim-agent guard exec --profile strict --id blame-strict -- 'ls; echo a | cat; touch x; git ls-remote http://127.0.0.1:9/x'"
    Then the exit code is not 0
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario: proposals name the program that caused the violation
    Under readonly every part starts: touch's write into the project is refused by the profile
    (it says nothing about touch); the socket is made by git's helper git-remote-http, which
    git ls-remote started, so it counts against git ls-remote alone.
    When I run "terraphim-agent guard exec --profile readonly --id blame-readonly -- 'ls; echo a | cat; touch x; git ls-remote http://127.0.0.1:9/x'"
    Then the exit code is not 0
    When I run "terraphim-agent guard sweep"
    Then a staged DENY proposal for "git ls-remote" exists
    And the staging dir holds 1 proposal

  Scenario: a safe program that reads a secret itself is proposed for demotion
    Given a planted secret "{home}/.ssh/id_ed25519"
    When I run "terraphim-agent guard exec --profile readonly --id blame-secret -- 'ls; cat ~/.ssh/id_ed25519'"
    Then the exit code is not 0
    When I run "terraphim-agent guard sweep --format json"
    Then the JSON field "proposals.0.action" is "demote"
    And the JSON field "proposals.0.synonyms.0" is "cat"
    And the staging dir holds 1 proposal
