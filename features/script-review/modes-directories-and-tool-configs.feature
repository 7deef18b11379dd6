@script-review
Feature: script pre-review reads modes, unknown directories and a tool's own settings as they are
  A file mode's setuid and setgid bits are its fourth octal digit from the right: `0o600` keeps a
  file to its owner and is no privilege escalation, `0o4755` is. The directory of a path the
  review does not know is not known either: a script that removes `dirname` of an entry it read
  at run time deletes a place chosen at run time, not the working tree. A data file in a tool's
  own `~/.config/<tool>/` directory is that tool's settings; the directories shared with other
  programs (credentials, package sources, editors, the session's environment) are not. A digest
  is one-way: a hash of a token file printed as a cache key does not print the token. A directory
  the project keeps for generated code holds what its generators write.

  Scenario: a settings file kept to its owner is not a setuid binary
    Given a project file "setup_config.py" containing:
      """
      import os
      from pathlib import Path
      path = Path.home() / ".config" / "tidewatch" / "config.toml"
      path.parent.mkdir(parents=True, exist_ok=True)
      tmp = path.with_suffix(".toml.tmp")
      tmp.write_text("interval = 5\n", encoding="utf-8")
      os.chmod(tmp, 0o600)
      tmp.replace(path)
      """
    When I run "terraphim-agent guard review-script --json setup_config.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the setuid bit on a system binary is privilege escalation
    Given a project file "perm.py" containing:
      """
      import os
      os.chmod("/usr/local/bin/helper", 0o4755)
      """
    When I run "terraphim-agent guard review-script --json perm.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: removing the directory of an entry read at run time is not removing the project
    Given a project file "prune.sh" containing:
      """
      #!/bin/bash
      set -euo pipefail
      CACHE="$HOME/.cache"
      while IFS= read -r -d '' entry; do
        dir="$(dirname "$entry")"
        rm -rf -- "$dir"
      done < <(find "$CACHE" -name .entry -print0)
      """
    When I run "terraphim-agent guard review-script --json prune.sh"
    Then the JSON field "verdict" is "suspicious"
    And stdout does not contain "deletes the whole working tree"

  Scenario: another program's settings are a write outside the project
    Given a project file "hosts.py" containing:
      """
      from pathlib import Path
      (Path.home() / ".config" / "gh" / "hosts.yml").write_text("github.com:\n  user: x\n")
      """
    When I run "terraphim-agent guard review-script --json hosts.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a digest of the project's token file is not the token printed
    Given a project file "cachekey.ts" containing:
      """
      import * as crypto from 'crypto';
      import * as fs from 'fs';
      const h = crypto.createHash('sha256');
      h.update(fs.readFileSync('.npmrc'));
      h.update(fs.readFileSync('package-lock.json'));
      process.stdout.write(h.digest('hex'));
      """
    When I run "terraphim-agent guard review-script --json cachekey.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: regenerating a file in the project's generated-code directory
    Given a project file "gen_voices.py" containing:
      """
      import json, subprocess
      out = subprocess.run(["aws", "polly", "describe-voices"], capture_output=True, text=True).stdout
      voices = sorted(v["Id"] for v in json.loads(out)["Voices"])
      open("homeassistant/generated/amazon_polly.py", "w").write("VOICES = " + repr(voices) + "\n")
      """
    When I run "terraphim-agent guard review-script --json gen_voices.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a table of directories and modes walked in a loop opens the home to every user
    Given a project file "media_dirs.ts" containing:
      """
      import { chmod } from 'node:fs/promises';
      import os from 'node:os';
      const SPECS = [
        { path: 'media/incoming', mode: 0o775 },
        { path: os.homedir(), mode: 0o777 },
      ];
      async function main() {
        for (const spec of SPECS) await chmod(spec.path, spec.mode);
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json media_dirs.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a file written into the git directory git names is a git hook
    Given a project file "hooks.sh" containing:
      """
      #!/bin/bash
      set -e
      git_dir=$(git rev-parse --git-dir)
      cp tools/post-merge "$git_dir/hooks/post-merge"
      chmod +x "$git_dir/hooks/post-merge"
      """
    When I run "terraphim-agent guard review-script --json hooks.sh"
    Then the JSON field "verdict" is "dangerous"
