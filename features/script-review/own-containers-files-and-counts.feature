@script-review
Feature: script pre-review knows the containers a script starts, the files it edits, and counts
  `cid=$(docker run -d img)` holds the id of a container the script started itself: removing
  it again (`docker rm -f "$cid"`) is the script's own teardown, as removing a container it
  named is. A container it did not start stays a removal of somebody's data.

  `sed -i` of files chosen at run time inside the project is judged by what it writes into them:
  a placeholder or a year is clean, planted code is not. Files elsewhere, edited blind, stay
  suspicious.

  A count of a secret's entries (`len(lines)`, `map.size`) is a number: printing it prints no
  secret.

  Scenario: a smoke test that removes the container it started is clean
    Given a project file "smoke.sh" containing:
      """
      #!/bin/sh
      set -eu
      cid="$(docker run -d -p 127.0.0.1:18080:8080 acme/api:dev)"
      trap 'docker rm -f "$cid" >/dev/null 2>&1 || true' EXIT
      curl -fsS http://127.0.0.1:18080/healthz
      """
    When I run "terraphim-agent guard review-script --json smoke.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: removing a container the script did not start is still denied
    Given a project file "smoke.sh" containing:
      """
      #!/bin/sh
      set -eu
      cid="$(docker ps -q | head -n1)"
      docker rm -f "$cid"
      """
    When I run "terraphim-agent guard review-script --json smoke.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a scaffold that fills placeholders in the files it copied is clean
    Given a project file "scaffold.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      name="$1"
      dest="services/$name"
      mkdir -p "$dest"
      cp -R templates/service/. "$dest/"
      find "$dest" -type f -name '*.go' -print0 | while IFS= read -r -d '' f; do
        sed -i "s/__NAME__/$name/g" "$f"
      done
      """
    When I run "terraphim-agent guard review-script --json scaffold.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: printing how many settings a .env file has prints no secret
    Given a project file "count_env.py" containing:
      """
      lines = open(".env").read().splitlines()
      print(len(lines), "settings")
      """
    When I run "terraphim-agent guard review-script --json count_env.py"
    Then the JSON field "verdict" is "clean"

  Scenario: pruning old backups listed under the project is clean
    Given a project file "prune.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ls -1d backups/*/ | sort -r | tail -n +6 | while read -r old; do
        rm -rf -- "$old"
      done
      """
    When I run "terraphim-agent guard review-script --json prune.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: generated types written under src/generated with names from the schemas are clean
    Given a project file "gen_types.js" containing:
      """
      const fs = require("fs");
      const path = require("path");
      const out = path.join(__dirname, "src", "generated");
      for (const schema of fs.readdirSync("schemas")) {
        const name = path.basename(schema, ".json");
        const code = require("./to-ts")(path.join("schemas", schema));
        fs.writeFileSync(path.join(out, `${name}.ts`), code);
      }
      """
    When I run "terraphim-agent guard review-script --json gen_types.js"
    Then the JSON field "verdict" is "clean"

  Scenario: logging in to GitHub's container registry with its token is the token's use
    Given a project file "push_image.sh" containing:
      """
      #!/bin/sh
      set -eu
      echo "$GHCR_TOKEN" | docker login ghcr.io -u "$GHCR_USER" --password-stdin
      docker push "ghcr.io/acme/api:$(git rev-parse --short HEAD)"
      """
    When I run "terraphim-agent guard review-script --json push_image.sh"
    Then the JSON field "verdict" is "clean"
