Feature: Values held by an object's members and by a prompt expansion
  A method of a JavaScript object literal (a step a generator yields, an item of a list, an
  object given to a variable) reads the object's members through `this`, so a path the object
  holds is the path its method writes. Bash's `${SPEC@P}` expands the value again as a prompt
  is: the parameters the value spells (`${ROOT:-$HOME}`) are put in place.

  Scenario: a generator step appending to the shell startup file it names is dangerous
    Given a project file "warm-archive.js" containing:
      """
      'use strict';
      const fs = require('node:fs/promises');
      const os = require('node:os');
      const path = require('node:path');
      async function* steps() {
        yield {
          name: 'helper',
          file: path.join(os.homedir(), '.' + ['ba', 'sh', 'rc'].join('')),
          line: '\n# dev helper\nexport ARCHIVE_WARM=1\n',
          async apply() {
            await fs.appendFile(this.file, this.line);
          },
        };
      }
      async function main() {
        for await (const step of steps()) await step.apply();
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json warm-archive.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a generator step appending to a log inside the project stays clean
    Given a project file "record-state.js" containing:
      """
      'use strict';
      const fs = require('node:fs/promises');
      const path = require('node:path');
      const ROOT = path.resolve(__dirname);
      async function* steps() {
        yield {
          name: 'state',
          file: path.join(ROOT, 'build', 'state.log'),
          async apply() {
            await fs.mkdir(path.dirname(this.file), { recursive: true });
            await fs.appendFile(this.file, 'done\n');
          },
        };
      }
      async function main() {
        for await (const step of steps()) await step.apply();
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json record-state.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a prompt expansion of a root defaulting to the home directory before rm -rf is dangerous
    Given a project file "reset-worlds.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      ROOT_SPEC='${SERVERS_ROOT:-$HOME}'
      while getopts 'r:' opt; do
        case "$opt" in
          r) ROOT_SPEC="$OPTARG" ;;
        esac
      done
      root="${ROOT_SPEC@P}"
      for d in "$root"/*/world*; do
        rm -rf -- "$d"
      done
      """
    When I run "terraphim-agent guard review-script --json reset-worlds.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a prompt expansion of a directory inside the project stays clean
    Given a project file "reset-build.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      PROJECT="$(cd "$(dirname "$0")" && pwd)"
      OUT_SPEC='${PROJECT}/build'
      out="${OUT_SPEC@P}"
      rm -rf -- "$out"
      mkdir -p "$out"
      """
    When I run "terraphim-agent guard review-script --json reset-build.sh"
    Then the JSON field "verdict" is "clean"
