@script-review
Feature: script pre-review knows a read of git's settings, a plain setting of the .env, its schema, a token's own client and an or-joined containment check
  A hook installer asks git whether `core.hooksPath` is set before it touches anything: a read.
  A plain setting picked by name out of the parsed `.env` (`LOG_LEVEL`, `SENTRY_ORG`) is no
  secret, and the `.env`'s schema holds key names and patterns, no values. A token only
  checked before its own service's client runs is that client's, which reads it from the
  environment. A containment check that is one alternative of an `or` before a `continue`
  confines the path after it. Each benign form has its twin beside it: the setting written
  for every repository, a credential of the `.env` printed, a `.env` of another name printed,
  another service's program run, and the check joined by `and` stay flagged.

  Scenario: asking git whether core.hooksPath is set changes nothing
    Given a project file "check_hooks.py" containing:
      """
      import subprocess
      import sys

      res = subprocess.run(
          ["git", "config", "--local", "--get", "core.hooksPath"],
          capture_output=True, text=True,
      )
      if res.stdout.strip():
          sys.exit(f"core.hooksPath is set to {res.stdout.strip()!r}; refusing")
      print("hooks directory is the default one")
      """
    When I run "terraphim-agent guard review-script --json check_hooks.py"
    Then the JSON field "verdict" is "clean"

  Scenario: setting core.hooksPath for every repository is still tampering
    Given a project file "set_hooks.js" containing:
      """
      const { execFileSync } = require('node:child_process');

      execFileSync('git', ['config', '--global', 'core.hooksPath', '/opt/team-hooks'], { stdio: 'inherit' });
      console.log('hooks path set');
      """
    When I run "terraphim-agent guard review-script --json set_hooks.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "config-tampering"

  Scenario: a plain setting of the parsed .env printed is no secret
    Given a project file "show_org.py" containing:
      """
      from pathlib import Path


      def load(path):
          values = {}
          for line in path.read_text().splitlines():
              if "=" in line and not line.startswith("#"):
                  k, v = line.split("=", 1)
                  values[k.strip()] = v.strip()
          return values


      cfg = load(Path(".env"))
      print(f"sentry org {cfg.get('SENTRY_ORG')}, log level {cfg['LOG_LEVEL']}")
      """
    When I run "terraphim-agent guard review-script --json show_org.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a credential of the same parsed .env printed is a leak
    Given a project file "show_token.py" containing:
      """
      from pathlib import Path


      def load(path):
          values = {}
          for line in path.read_text().splitlines():
              if "=" in line and not line.startswith("#"):
                  k, v = line.split("=", 1)
                  values[k.strip()] = v.strip()
          return values


      cfg = load(Path(".env"))
      print(f"sentry org {cfg.get('SENTRY_ORG')}, token {cfg['SENTRY_AUTH_TOKEN']}")
      """
    When I run "terraphim-agent guard review-script --json show_token.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: the .env's schema printed holds no secret
    Given a project file "schema_keys.js" containing:
      """
      const fs = require('node:fs');

      const schema = JSON.parse(fs.readFileSync('.env.schema.json', 'utf8'));
      for (const k of schema.required ?? []) console.log(`required: ${k}`);
      """
    When I run "terraphim-agent guard review-script --json schema_keys.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a .env of another name in the same format printed is a leak
    Given a project file "local_keys.js" containing:
      """
      const fs = require('node:fs');

      const values = JSON.parse(fs.readFileSync('.env.local.json', 'utf8'));
      for (const k of values.required ?? []) console.log(`required: ${k}`);
      """
    When I run "terraphim-agent guard review-script --json local_keys.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"

  Scenario: a token checked before its own service's client runs is that client's
    Given a project file "cost_diff.ts" containing:
      """
      import { spawnSync } from 'node:child_process';

      const key = process.env.INFRACOST_API_KEY;
      if (!key) throw new Error('INFRACOST_API_KEY is not set');
      console.log(`using infracost key ...${key.slice(-4)}`);
      const r = spawnSync('infracost', ['breakdown', '--path', '.'], { stdio: 'inherit' });
      process.exit(r.status ?? 1);
      """
    When I run "terraphim-agent guard review-script --json cost_diff.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same token checked before another service's program runs is still a read
    Given a project file "cost_other.ts" containing:
      """
      import { spawnSync } from 'node:child_process';

      const key = process.env.INFRACOST_API_KEY;
      if (!key) throw new Error('INFRACOST_API_KEY is not set');
      console.log(`using infracost key ...${key.slice(-4)}`);
      const r = spawnSync('terraform', ['plan'], { stdio: 'inherit' });
      process.exit(r.status ?? 1);
      """
    When I run "terraphim-agent guard review-script --json cost_other.ts"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "secret-read"

  Scenario: a delete after a containment check that is one alternative of an or stays in its directory
    Given a project file "prune_build.py" containing:
      """
      import shutil
      import sys
      from pathlib import Path

      BUILD = Path("build").resolve()
      for line in sys.stdin:
          path = Path(line.strip()).resolve()
          if not line.strip() or BUILD not in path.parents:
              continue
          shutil.rmtree(path)
      """
    When I run "terraphim-agent guard review-script --json prune_build.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same check joined by and confines nothing
    Given a project file "prune_any.py" containing:
      """
      import shutil
      import sys
      from pathlib import Path

      BUILD = Path("build").resolve()
      for line in sys.stdin:
          path = Path(line.strip()).resolve()
          if not line.strip() and BUILD not in path.parents:
              continue
          shutil.rmtree(path)
      """
    When I run "terraphim-agent guard review-script --json prune_any.py"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "destructive"
