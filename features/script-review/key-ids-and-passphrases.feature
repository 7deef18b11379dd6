@script-review
Feature: script pre-review tells a key's public id from a secret
  What `gpg --recv-keys` and its kin take is a key id or fingerprint, public by design: a key
  server finds the key by it. The variable holding it names a key rather than holding one, so
  reading it is no secret read and what gpg prints is no secret. A passphrase is a secret by
  its name, like a password.

  Scenario: a release check that fetches its signing key by id is clean
    Given a project file "verify.sh" containing:
      """
      #!/bin/bash
      set -xue
      if [[ -n "${GPG_KEY:-}" ]]; then
          gpg --recv-keys "${GPG_KEY}"
      fi
      gpg --verify SHA256SUMS.asc
      """
    When I run "terraphim-agent guard review-script --json verify.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a passphrase printed to the transcript is still a leaked secret
    Given a project file "sign.sh" containing:
      """
      #!/bin/bash
      gpg --recv-keys "$GPG_KEY"
      echo "$GPG_PASSPHRASE"
      """
    When I run "terraphim-agent guard review-script --json sign.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
