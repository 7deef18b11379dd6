Feature: the learning engine proposes KG changes from sandbox outcomes
  Outcome records are grouped by candidate pattern: the canonical command generalised to command
  plus subcommand. `guard sweep` runs the engine and writes proposals to guard-staging/.

  Scenario: three clean sandbox runs from distinct invocations propose ALLOW of command + subcommand
    Given 1 clean sandbox run of "cargo xtask -p foo --release"
    And 2 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep"
    Then the exit code is 0
    And a staged ALLOW proposal for "cargo xtask" exists
    And the staged ALLOW proposal for "cargo xtask" has the line "synonyms:: cargo xtask"
    And the staged ALLOW proposal for "cargo xtask" has the line "tier:: safe"
    And the staged ALLOW proposal for "cargo xtask" has the line "rule:: allow-after-clean-runs"
    And the staged ALLOW proposal for "cargo xtask" has the line "clean_runs:: 3"
    And the review log has a "staged" record for "cargo xtask"

  Scenario: two clean runs are not enough
    Given 2 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario: one invocation counts once, however often it is reported
    Given 3 clean sandbox runs of "cargo xtask" all with the invocation id "toolu_same"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario: runs on the host are not sandbox runs
    Given 3 clean host runs of "ls -la"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario: a permission violation proposes DENY
    Given a sandbox run of "aria2c https://example.com" that violated network
    When I run "terraphim-agent guard sweep"
    Then a staged DENY proposal for "aria2c" exists
    And the staged DENY proposal for "aria2c" has the line "tier:: destructive"
    And the staged DENY proposal for "aria2c" has the line "violation_kinds:: network=1"

  Scenario: a violation after an ALLOW proposal withdraws it
    Given 3 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep"
    Then a staged ALLOW proposal for "cargo xtask" exists
    Given a sandbox run of "cargo xtask -p net" that violated fs-write
    When I run "terraphim-agent guard sweep"
    Then no staged ALLOW proposal for "cargo xtask" exists
    And a staged DENY proposal for "cargo xtask" exists
    And the review log has a "withdrawn" record for "cargo xtask"

  Scenario: failures and timeouts count neither way
    Given 2 clean sandbox runs of "cargo fuzz"
    And 3 sandbox runs of "cargo fuzz" that ended with failure
    And 2 sandbox runs of "cargo fuzz" that ended with timeout
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals
    Given 1 clean sandbox run of "cargo fuzz"
    When I run "terraphim-agent guard sweep"
    Then a staged ALLOW proposal for "cargo fuzz" exists

  Scenario: a resource limit is not a permission violation
    Given a sandbox run of "cargo vendor" that violated memory
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario Outline: shells, interpreters and wrappers are never proposed
    Given 3 clean sandbox runs of "<command>"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

    Examples:
      | command             |
      | bash -c ls          |
      | sh build.sh         |
      | python3 x.py        |
      | node index.js       |
      | sudo ls             |
      | env FOO=1 ls        |
      | xargs cat           |
      | timeout 5 ls        |
      | npx prettier        |
      | ./deploy.sh         |
      | cargo --version     |

  Scenario: nothing that matches a destructive pattern is proposed for ALLOW
    Given the user destructive pattern "rm -rf /"
    And the user destructive pattern "git push --force"
    And 3 clean sandbox runs of "rm build.log"
    And 3 clean sandbox runs of "git push origin feature"
    And 3 clean sandbox runs of "git verify-pack"
    When I run "terraphim-agent guard sweep"
    Then no staged ALLOW proposal for "rm" exists
    And no staged ALLOW proposal for "git push" exists
    And a staged ALLOW proposal for "git verify-pack" exists

  Scenario: a command group the guard has denied is never proposed for ALLOW
    Given 3 clean sandbox runs of "kubectl get pods"
    And a denied run of "kubectl get secrets -A"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals

  Scenario: an active safe pattern whose runs later violate is proposed for demotion, never deleted
    Given the user safe pattern "cargo xtask"
    And a sandbox run of "cargo xtask -p evil" that violated network
    When I run "terraphim-agent guard sweep"
    Then a staged demotion proposal for "cargo-xtask" exists
    And the review log has a "demotion-proposed" record for "cargo xtask"
    When I approve the demotion proposal for "cargo xtask"
    Then the exit code is 0
    And the user KG file "guard-safe/cargo-xtask.md" has the line "status:: deprecated"
    And the user KG file "guard-safe/cargo-xtask.md" has the line "synonyms:: cargo xtask"

  Scenario: staging again updates the evidence and never duplicates
    Given 3 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep"
    Given 2 clean sandbox runs of "cargo xtask"
    When I run "terraphim-agent guard sweep"
    And I run "terraphim-agent guard sweep"
    Then the staging dir holds 1 proposal
    And the staged ALLOW proposal for "cargo xtask" has the line "clean_runs:: 5"
    And 1 review record says "staged"

  Scenario: thresholds come from learn.toml
    Given the learn config:
      """
      allow_after_clean_runs = 5
      """
    And 4 clean sandbox runs of "cue vet -p dev"
    When I run "terraphim-agent guard sweep"
    Then the staging dir holds 0 proposals
    Given 1 clean sandbox run of "cue vet -p prod"
    When I run "terraphim-agent guard sweep"
    Then a staged ALLOW proposal for "cue" exists

  Scenario: an invalid learn.toml is an error naming the file
    Given the learn config:
      """
      allow_after_clean_runs = "three"
      """
    When I run "terraphim-agent guard sweep"
    Then the exit code is 1
    And stderr contains "learn.toml"
