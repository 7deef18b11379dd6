@script-review
Feature: script pre-review of credential files a program logs in with
  A cluster helper gives KUBECONFIG its default with `: "${KUBECONFIG:=$HOME/.kube/config}"` and
  hands the file to a tool by the option it logs in with (`--kubeconfig`). The `:` builtin prints
  nothing and reads no file, and a program given its own credential file by such an option uses
  it, as a client given its token does: neither shows the secret (the command guard still
  confines a tool reading cluster credentials, so in a shell script that line stays a finding of
  the guard's). The same file printed by `cat` is still a secret in the transcript.

  Scenario: a default for KUBECONFIG and a test for a netrc are clean
    Given a project file "cluster_info.sh" containing:
      """
      #!/bin/sh
      : "${KUBECONFIG:=$HOME/.kube/config}"
      export KUBECONFIG
      [ -f "$HOME/.netrc" ] || echo "no netrc"
      """
    When I run "terraphim-agent guard review-script cluster_info.sh"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: the cluster's credential file printed is still flagged
    Given a project file "cluster_dump.sh" containing:
      """
      #!/bin/sh
      clusterctl describe cluster dev --kubeconfig ~/.kube/config
      cat ~/.kube/config
      """
    When I run "terraphim-agent guard review-script --json cluster_dump.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"
