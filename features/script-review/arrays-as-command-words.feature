@script-review
Feature: script pre-review of arrays used as a command's words
  A shell helper keeps a tool and its fixed options in an array (`KT=(kafka-topics
  --bootstrap-server "$BROKER")`) and runs `"${KT[@]}" --list`. When the script set every element,
  the command guard judges the line with the array's words in place, each a word of its own as
  the shell passes them: the tool it names, not an opaque expansion. The same shape holding a
  deletion of the home is denied as the deletion is.

  Scenario: a tool and its options kept in an array are judged as that tool
    Given a project file "topics.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      BROKER="localhost:9092"
      KT=(kafka-topics --bootstrap-server "$BROKER")
      "${KT[@]}" --list
      """
    When I run "terraphim-agent guard review-script topics.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a deletion of the home kept in an array is judged as the deletion
    Given a project file "reset_home.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      WIPE=(rm -rf "$HOME/.config")
      "${WIPE[@]}"
      """
    When I run "terraphim-agent guard review-script --json reset_home.sh"
    Then the JSON field "verdict" is "dangerous"
