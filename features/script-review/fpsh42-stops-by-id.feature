@script-review
Feature: script pre-review of a KILL sent after asking the same process to stop
  The command guard lets a stop by id run (`kill -TERM "$pid"`) and confines `kill -KILL`, which
  gives the process no chance to clean up. A script that first asked the process to stop by its
  id and escalates to KILL with the same variable, not assigned in between, when it did not
  exit, stops the same process: that is the stop's last step. A KILL with no stop asked first
  stays confined.

  Scenario: KILL after TERM to the same recorded process id is clean
    Given a project file "halt_tiler.sh" containing:
      """
      #!/usr/bin/env bash
      set -u
      pid=$(<run/tiler.pid)
      kill -TERM "$pid"
      sleep 3
      if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"
      fi
      rm -f run/tiler.pid
      """
    When I run "terraphim-agent guard review-script --json halt_tiler.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: KILL with no stop asked first is still suspicious
    Given a project file "slay_tiler.sh" containing:
      """
      #!/usr/bin/env bash
      set -u
      pid=$(<run/tiler.pid)
      if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid"
      fi
      """
    When I run "terraphim-agent guard review-script --json slay_tiler.sh"
    Then the JSON field "verdict" is "suspicious"
