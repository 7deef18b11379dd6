Feature: the user's KG sits on top of the default one
  The default KG is compiled into the binary. An entry in the user's KG with the same tier and
  concept as a default entry replaces it (its patterns, reason and profile); a deprecated user
  entry switches the default entry off. New user concepts add to the default ones.

  Scenario: a user entry replaces the default entry of the same tier and concept
    Given the user KG file "guard-safe/git read-only.md" containing:
      """
      synonyms:: git status
      example:: git status
      """
    When I check "git status"
    Then the verdict is allow
    And a safe match names concept "git read-only"
    When I check "git log --oneline"
    Then the verdict is sandbox
    And no safe match is reported

  Scenario: a deprecated user entry switches the default entry off
    Given the user KG file "guard-safe/git read-only.md" containing:
      """
      synonyms:: git status
      status:: deprecated
      """
    When I check "git status"
    Then the verdict is sandbox
    And no safe match is reported

  Scenario: a user entry of a default concept in another tier leaves the default entry alone
    Given the user KG file "guard-suspicious/git read-only.md" containing:
      """
      synonyms:: git blame
      reason:: blame reads every line of history
      example:: git blame x
      """
    When I check "git status"
    Then the verdict is allow
    When I check "git blame src/main.rs"
    Then the verdict is sandbox
    And a suspicious match names concept "git read-only"

  Scenario: a user destructive entry denies what the default KG allows
    Given the user KG file "guard-destructive/no full history.md" containing:
      """
      synonyms:: git log --all
      reason:: this repository forbids it
      example:: git log --all
      """
    When I check "git log --all --oneline"
    Then the verdict is deny
    And a destructive match names concept "no full history"
    When I check "git log --oneline"
    Then the verdict is allow

  Scenario: without a user KG the default entries decide
    When I check "git log --oneline"
    Then the verdict is allow
    And a safe match names concept "git read-only"
