@script-review
Feature: script pre-review of restoring a manifest a tool edited in place
  The command guard denies `git checkout -- FILE`, which discards the uncommitted changes of
  FILE. A deploy script that had `kustomize edit set image` (or `npm pkg set`) rewrite the
  manifest of the directory it ran in, and restores that manifest afterwards, undoes its own
  edit, also through `git -C DIR`. Restoring a file no tool of the script edited stays denied.

  Scenario: restoring the kustomization a kustomize edit rewrote is clean
    Given a project file "ship_lane.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      lane=deploy/lanes/canary
      (cd "$lane" && kustomize edit set image "web=registry.example.test/web:$1")
      kubectl apply -k "$lane"
      git -C . checkout -- "$lane/kustomization.yaml"
      """
    When I run "terraphim-agent guard review-script --json ship_lane.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: restoring a file beside it that no tool edited is dangerous
    Given a project file "ship_lane_env.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      lane=deploy/lanes/canary
      (cd "$lane" && kustomize edit set image "web=registry.example.test/web:$1")
      kubectl apply -k "$lane"
      git -C . checkout -- "$lane/settings.env"
      """
    When I run "terraphim-agent guard review-script --json ship_lane_env.sh"
    Then the JSON field "verdict" is "dangerous"
