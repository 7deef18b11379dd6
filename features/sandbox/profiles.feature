Feature: guard profiles shows what each profile enforces on this machine

  Scenario: the shipped profiles are listed with their mechanisms
    When I run "terraphim-agent guard profiles"
    Then the exit code is 0
    And stdout contains "strict  (<embedded>/strict.toml)"
    And stdout contains "readonly  (<embedded>/readonly.toml)"
    And stdout contains "build  (<embedded>/build.toml)"
    And stdout contains "RLIMIT_DATA"
    And stdout contains "seccomp user-notif fork gate"
    And stdout contains "fork gate waits: "
    And stdout contains "max_threads"
    And stdout contains "shared anonymous mappings capped"
    And stdout contains "cgroups: not used"

  Scenario: a user profile overrides the embedded one
    Given a sandbox profile "strict" based on "strict" with:
      """
      wall_seconds = 5
      """
    When I run "terraphim-agent guard profiles --json"
    Then the exit code is 0
    And the JSON field "profiles.3.name" is "strict"
    And the JSON field "profiles.3.source" contains "terraphim/guard/profiles/strict.toml"
