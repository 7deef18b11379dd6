Feature: the review gate moves staged proposals into the active KG, with a review record
  Staging is never active. Only an approval in `guard review` writes the user KG.

  Scenario: approving an ALLOW proposal moves it into guard-safe
    Given 3 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard review --list"
    Then stdout contains "allow -> guard-safe/  cargo xtask"
    And the user KG file "guard-safe/cargo-xtask.md" does not exist
    When I approve the ALLOW proposal for "cargo xtask"
    Then the exit code is 0
    And the user KG file "guard-safe/cargo-xtask.md" has the line "synonyms:: cargo xtask"
    And the user KG file "guard-safe/cargo-xtask.md" has the line "status:: stable"
    And the user KG file "guard-safe/cargo-xtask.md" has the line "example:: cargo xtask"
    And the review log has a "approved" record for "cargo xtask"
    And the staging dir holds 0 proposals

  Scenario: approving a DENY proposal moves it into guard-destructive
    Given a sandbox run of "aria2c https://example.com" that violated network
    When I run "terraphim-agent guard review --list"
    And I approve the DENY proposal for "aria2c"
    Then the exit code is 0
    And the user KG file "guard-destructive/aria2c.md" has the line "synonyms:: aria2c"
    And the user KG file "guard-destructive/aria2c.md" has the line "status:: stable"
    And the user KG file "guard-destructive/aria2c.md" has the line "example:: aria2c https://example.com"
    And the review log has a "approved" record for "aria2c"

  Scenario: a rejected proposal is archived and comes back only with new evidence
    Given 3 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard review --list"
    And I reject the ALLOW proposal for "cargo xtask" because "runs build scripts"
    Then the exit code is 0
    And the staging dir holds 0 proposals
    And the review log has a "rejected" record for "cargo xtask"
    When I run "terraphim-agent guard review --list"
    Then stdout contains "no proposals awaiting review"
    Given 1 clean sandbox run of "cargo xtask"
    When I run "terraphim-agent guard review --list"
    Then a staged ALLOW proposal for "cargo xtask" exists

  Scenario: the list as JSON
    Given 3 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard review --list --json"
    Then the exit code is 0
    And the JSON field "type" is "review-list"
    And the JSON field "proposals.0.pattern" is "cargo xtask"
    And the JSON field "proposals.0.tier" is "safe"
    And the JSON field "proposals.0.evidence.clean_runs" is "3"

  Scenario: an unknown proposal id is a usage error
    When I run "terraphim-agent guard review --approve 0123456789ab"
    Then the exit code is 2
    And stderr contains "no staged proposal with id `0123456789ab`"

  Scenario: interactive review reads its answers from stdin
    Given 3 clean sandbox runs of "cargo xtask"
    And a sandbox run of "wget http://x" that violated network
    When I review interactively answering "e; cargo xtask --lib; ; a; r; wget is fine here"
    Then the exit code is 0
    And stdout contains "[a]pprove, [r]eject, [e]dit, [s]kip, [q]uit?"
    And the user KG file "guard-safe/cargo-xtask.md" has the line "synonyms:: cargo xtask --lib"
    And the user KG file "guard-safe/cargo-xtask.md" has the line "status:: stable"
    And the review log has a "edited" record for "cargo xtask --lib"
    And the review log has a "rejected" record for "wget"

  Scenario: the learning loop end to end, up to the active KG
    Given 3 clean sandbox runs of "cargo miri --all-targets"
    When I check "cargo miri --all-targets"
    Then the verdict is sandbox
    When I run "terraphim-agent guard sweep"
    Then a staged ALLOW proposal for "cargo miri" exists
    When I check "cargo miri --all-targets"
    Then the verdict is sandbox
    When I approve the ALLOW proposal for "cargo miri"
    Then the user KG file "guard-safe/cargo-miri.md" has the line "status:: stable"
    When I check "cargo miri --all-targets"
    Then the verdict is allow
    Given a sandbox run of "lftp http://example.com/x" that violated network
    When I run "terraphim-agent guard sweep"
    Then a staged DENY proposal for "lftp" exists
    When I approve the DENY proposal for "lftp"
    Then the user KG file "guard-destructive/lftp.md" has the line "status:: stable"
    When I check "lftp http://example.com/other"
    Then the verdict is deny
