@script-review
Feature: script pre-review of a privileged wrapper by what it runs
  `sudo X` in a shell script is judged by X: the command guard judges the inner command as root
  (its own `sudo ...` rules stand: a root shell, a delete of the root), and the elevation alone
  flags nothing where the guard lets every command of the line run as it is (a reader the KG
  knows, `sudo -n true`) or keeps it to the project (its output redirected into the project).
  A program no rule knows, a change of the system, a write outside the project, a secret read
  or anything else the guard or the review flags keeps the elevation's finding beside its own.

  Scenario: a mail queue read as root into the project is clean
    Given a project file "queue_report.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      mkdir -p build
      if postqueue -j > build/queue.json 2>/dev/null; then
        echo "queue read"
      elif sudo -n postqueue -j > build/queue.json; then
        echo "queue read via sudo -n (read-only)"
      fi
      """
    When I run "terraphim-agent guard review-script --json queue_report.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a check that sudo needs no password is clean
    Given a project file "need_root.sh" containing:
      """
      #!/usr/bin/env bash
      sudo -n true 2>/dev/null || { echo "run sudo -v first" >&2; exit 1; }
      """
    When I run "terraphim-agent guard review-script --json need_root.sh"
    Then the JSON field "verdict" is "clean"

  Scenario Outline: what a privileged wrapper runs keeps it flagged
    Given a project file "<file>" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      <line>
      """
    When I run "terraphim-agent guard review-script --json <file>"
    Then the JSON field "verdict" is "<verdict>"

    Examples:
      | file        | line                                     | verdict    |
      | purge.sh    | sudo -n postsuper -d ALL                 | dangerous  |
      | queue_sys.sh | sudo -n postqueue -j > /etc/queue.json  | dangerous  |
      | module.sh   | sudo modprobe vcan                       | suspicious |
      | unknown.sh  | sudo cangw -F                            | suspicious |
      | wipe.sh     | sudo rm -rf /                            | dangerous  |
      | shadow.sh   | sudo cat /etc/shadow                     | dangerous  |
      | hosts.sh    | echo 127.0.0.1 x \| sudo tee -a /etc/hosts | dangerous  |
      | shell.sh    | sudo bash                                | dangerous  |
