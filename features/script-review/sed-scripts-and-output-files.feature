@script-review
Feature: sed scripts given by option, and tools that write their result to a file
  `sed -i` with `-e SCRIPT` (or `--expression=`) takes its script from the option: every operand
  is a file it edits, and the script is never taken for a file name. `openssl ... -out FILE` and
  `gpg -o FILE` write their result to the file, so a key they were given is not printed.

  Scenario: a release helper bumping a version with sed -e edits only the project's file
    Given a project file "bump.sh" containing:
      """
      #!/bin/sh
      set -e
      sed -i bkp -e '/Uncomment/s/^# //g' src/release.py
      """
    When I run "terraphim-agent guard review-script --json bump.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a CI deploy key decrypted into a file is not printed
    Given a project file "deploy.sh" containing:
      """
      #!/bin/sh
      openssl aes-256-cbc -K "$encrypted_deploy_key" -iv "$encrypted_deploy_iv" -in ci/key.enc -out ci/key -d
      """
    When I run "terraphim-agent guard review-script --json deploy.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: the same key decrypted to the output is printed
    Given a project file "deploy.sh" containing:
      """
      #!/bin/sh
      openssl aes-256-cbc -d -K "$encrypted_deploy_key" -iv "$encrypted_deploy_iv" -in ci/key.enc
      """
    When I run "terraphim-agent guard review-script --json deploy.sh"
    Then the JSON field "verdict" is "dangerous"
