@script-review
Feature: script pre-review reads a tool's own environment settings, zip extraction and hosts checked to be local as they are
  A loop over the environment that first skips every variable whose name does not start with one
  tool's own prefix reads that tool's settings, not the whole environment with every token in it;
  a prefix naming a credential or a service whose token lives in the environment reads tokens.
  `zipfile` keeps every member inside the target directory (it drops `..` and absolute parts of
  member names and makes no links); `tarfile` without a filter does not. Past a guard that leaves
  unless a host is one of a literal list of this machine's names, the host is this machine's.

  Scenario: printing the settings read from the tool's own environment prefix is clean
    Given a project file "settings.py" containing:
      """
      import os
      out = {}
      for key, value in os.environ.items():
          if not key.startswith("PROJ_") or key.count("__") != 1:
              continue
          section, name = key[5:].lower().split("__")
          out.setdefault(section, {})[name] = value
      print(out)
      """
    When I run "terraphim-agent guard review-script --json settings.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same loop over a cloud provider's prefix prints its keys
    Given a project file "awsenv.py" containing:
      """
      import os
      out = {}
      for key, value in os.environ.items():
          if not key.startswith("AWS_"):
              continue
          out[key] = value
      print(out)
      """
    When I run "terraphim-agent guard review-script --json awsenv.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a TypeScript loader of its own prefixed variables is clean
    Given a project file "settings.ts" containing:
      """
      function fromEnv(prefix = 'PROJCTL_'): Record<string, string> {
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(process.env)) {
          if (!k.startsWith(prefix) || v === undefined) continue;
          out[k.slice(prefix.length).toLowerCase()] = v;
        }
        return out;
      }
      console.log(JSON.stringify(fromEnv(), null, 2));
      """
    When I run "terraphim-agent guard review-script --json settings.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: extracting a zip archive keeps its members inside the target
    Given a project file "unzip.py" containing:
      """
      import zipfile
      with zipfile.ZipFile("dist/site.zip") as zf:
          zf.extractall("build/site")
      """
    When I run "terraphim-agent guard review-script --json unzip.py"
    Then the JSON field "verdict" is "clean"

  Scenario: extracting a tar archive without a filter is still unsafe
    Given a project file "untar.py" containing:
      """
      import tarfile
      with tarfile.open("dist/site.tar.gz") as tf:
          tf.extractall("build/site")
      """
    When I run "terraphim-agent guard review-script --json untar.py"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a dev proxy whose backend is checked to be this machine contacts no unknown host
    Given a project file "proxy.ts" containing:
      """
      import http from 'node:http';
      const BACKEND = new URL(process.env.BACKEND_URL ?? 'http://127.0.0.1:8080');
      if (!['localhost', '127.0.0.1', '::1'].includes(BACKEND.hostname)) {
        console.error(`BACKEND_URL must point at this machine, got ${BACKEND.hostname}`);
        process.exit(2);
      }
      http.request({ hostname: BACKEND.hostname, port: BACKEND.port, path: '/api' }, (r) => r.resume()).end();
      """
    When I run "terraphim-agent guard review-script --json proxy.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a backend allowed to be another host is still a host built at run time
    Given a project file "proxy2.ts" containing:
      """
      import http from 'node:http';
      const BACKEND = new URL(process.env.BACKEND_URL ?? 'http://127.0.0.1:8080');
      if (!['localhost', 'collect.example.net'].includes(BACKEND.hostname)) {
        process.exit(2);
      }
      http.request({ hostname: BACKEND.hostname, port: BACKEND.port, path: '/api' }, (r) => r.resume()).end();
      """
    When I run "terraphim-agent guard review-script --json proxy2.ts"
    Then the JSON field "verdict" is "suspicious"
