@script-review
Feature: script pre-review of shell lines on things the script itself made
  The command guard judges each line of a shell script as if an agent had typed it alone. A
  line that removes what the same script made earlier is the script cleaning up after itself:
  a local cluster made with `kind create cluster --name "$c"` deleted under the same variable,
  a branch made with `git checkout -b "$b"` deleted again, a background process stopped by the
  id `$!` gave. A variable assigned again in between, a name the script did not make, or a
  process found by `pgrep` is no such thing. Inline code that only reads its input and prints
  is judged by the rule that lets an agent's same line run; a program whose directory is known
  only at run time but whose name the script writes is judged as that program.

  Scenario: a kind cluster made and deleted under the same variable is clean
    Given a project file "e2e_lane.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      lane="${1:?lane name}"
      kind create cluster --name "$lane" --wait 120s
      kubectl --context "kind-$lane" apply -f manifests/
      kind delete cluster --name "$lane"
      """
    When I run "terraphim-agent guard review-script --json e2e_lane.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: deleting a kind cluster the script did not make is still dangerous
    Given a project file "drop_lane.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      lane="${1:?lane name}"
      kind delete cluster --name "$lane"
      """
    When I run "terraphim-agent guard review-script --json drop_lane.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a branch named by an argument, made and deleted by the script, is clean
    Given a project file "try_topic.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      topic="$1"
      git checkout -b "$topic"
      make check
      git checkout -
      git branch -D "$topic"
      """
    When I run "terraphim-agent guard review-script --json try_topic.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a branch variable assigned again before the delete is still dangerous
    Given a project file "swap_topic.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      topic="$1"
      git checkout -b "$topic"
      git checkout -
      topic="$2"
      git branch -D "$topic"
      """
    When I run "terraphim-agent guard review-script --json swap_topic.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a background server stopped by the id it got from $! is clean
    Given a project file "smoke_docs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      python3 -m http.server 8871 --bind 127.0.0.1 --directory site &
      docs_pid=$!
      sleep 1
      curl -fsS http://127.0.0.1:8871/ >/dev/null
      kill -KILL "$docs_pid"
      """
    When I run "terraphim-agent guard review-script --json smoke_docs.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: killing a process found by pgrep is still confined
    Given a project file "stop_docs.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      docs_pid="$(pgrep -f http.server | head -n1)"
      kill -KILL "$docs_pid"
      """
    When I run "terraphim-agent guard review-script --json stop_docs.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: inline Python that only reads a listing and prints is clean
    Given a project file "list_images.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      devicectl list --json | python3 -c 'import json,sys
      for d in json.load(sys.stdin)["devices"]:
          print(d["name"])'
      """
    When I run "terraphim-agent guard review-script --json list_images.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a program named under a run-time directory is judged as that program
    Given a project file "pkg_name.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      kit="${TOOLKIT_HOME:?set TOOLKIT_HOME}"
      jqbin="$kit/bin/jq"
      "$jqbin" -r .name package.json
      """
    When I run "terraphim-agent guard review-script --json pkg_name.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a program named by an argument stays unseen
    Given a project file "run_tool.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      jqbin="$1"
      "$jqbin" -r .name package.json
      """
    When I run "terraphim-agent guard review-script --json run_tool.sh"
    Then the JSON field "verdict" is "suspicious"
