@script-review
Feature: script pre-review of files copied from a checkout beside the project
  A sync script vendors a library's sources and helper scripts from its checkout next to the
  project (`cp ../ggml/scripts/sync.sh ./scripts/sync.sh`). A file the script names from the
  project one level up is the user's own checkout, as a project file copied within the project
  is the project's text. A file copied from a temp dir, the home or a path that climbs further
  is one anyone could have dropped there, and stays a finding.

  Scenario: a helper script vendored from a checkout beside the project is clean
    Given a project file "sync_vendor.sh" containing:
      """
      #!/bin/sh
      cp -rpv ../ggml/src/ggml.c ./ggml.c
      cp -rpv ../ggml/scripts/sync.sh ./scripts/sync.sh
      """
    When I run "terraphim-agent guard review-script sync_vendor.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: a helper script copied from a temp dir into the project is still flagged
    Given a project file "sync_tmp.sh" containing:
      """
      #!/bin/sh
      cp /tmp/sync.sh ./scripts/sync.sh
      """
    When I run "terraphim-agent guard review-script --json sync_tmp.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.category" is "source-poisoning"
