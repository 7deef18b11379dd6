@script-review
Feature: script pre-review follows a URL whose host the script checks before it sends there
  A URL read from the project's settings (`.env`, the environment) whose host the script checks
  before any request, leaving (`raise`, `sys.exit`, `throw`, `return`) unless the host is one of
  a list or below a suffix with its leading dot (`urlparse(base).hostname not in HOSTS`,
  `host.endswith(".internal")`, `LOCAL_HOSTS.has(url.hostname)`), points at one of those hosts
  past the check: the token sent there with it goes to this machine or the network's own zone.
  Each benign form has its twin beside it: a check whose failure branch only prints, a check of
  another URL, a check after the request and a list naming a host nobody answers for stay
  dangerous.

  Scenario: a Python tool checks the settings' URL against this machine's names before its request
    Given a project file "tools/ls_export.py" containing:
      """
      import os
      from urllib.parse import urlparse

      import requests


      def setting(name, default=""):
          if name in os.environ:
              return os.environ[name]
          for line in open(".env").read().splitlines():
              key, sep, value = line.partition("=")
              if sep and key.strip() == name:
                  return value.strip()
          return default


      def fetch(project):
          base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
          host = urlparse(base).hostname
          if host not in ("localhost", "127.0.0.1"):
              raise SystemExit(f"must point at this machine, got {host}")
          token = setting("LSTUDIO_API_KEY")
          resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
          return resp.json()


      print(len(fetch(3)))
      """
    When I run "terraphim-agent guard review-script --json tools/ls_export.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same check that only prints on failure sends the token wherever the setting points
    Given a project file "tools/ls_export.py" containing:
      """
      import os
      from urllib.parse import urlparse

      import requests


      def setting(name, default=""):
          if name in os.environ:
              return os.environ[name]
          for line in open(".env").read().splitlines():
              key, sep, value = line.partition("=")
              if sep and key.strip() == name:
                  return value.strip()
          return default


      def fetch(project):
          base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
          host = urlparse(base).hostname
          if host not in ("localhost", "127.0.0.1"):
              print(f"must point at this machine, got {host}")
          token = setting("LSTUDIO_API_KEY")
          resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
          return resp.json()


      print(len(fetch(3)))
      """
    When I run "terraphim-agent guard review-script --json tools/ls_export.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same check made after the request sends the token first
    Given a project file "tools/ls_export.py" containing:
      """
      import os
      from urllib.parse import urlparse

      import requests


      def setting(name, default=""):
          if name in os.environ:
              return os.environ[name]
          for line in open(".env").read().splitlines():
              key, sep, value = line.partition("=")
              if sep and key.strip() == name:
                  return value.strip()
          return default


      def fetch(project):
          base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
          host = urlparse(base).hostname
          token = setting("LSTUDIO_API_KEY")
          resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
          if host not in ("localhost", "127.0.0.1"):
              raise SystemExit(f"must point at this machine, got {host}")
          return resp.json()


      print(len(fetch(3)))
      """
    When I run "terraphim-agent guard review-script --json tools/ls_export.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a host list that names a host nobody answers for lets the token go there
    Given a project file "tools/ls_export.py" containing:
      """
      import os
      from urllib.parse import urlparse

      import requests


      def setting(name, default=""):
          if name in os.environ:
              return os.environ[name]
          for line in open(".env").read().splitlines():
              key, sep, value = line.partition("=")
              if sep and key.strip() == name:
                  return value.strip()
          return default


      def fetch(project):
          base = setting("LABEL_STUDIO_URL", "http://localhost:8080").rstrip("/")
          host = urlparse(base).hostname
          if host not in ("localhost", "collector.example.net"):
              raise SystemExit(f"must point at this machine, got {host}")
          token = setting("LSTUDIO_API_KEY")
          resp = requests.get(f"{base}/api/projects/{project}/export", headers={"Authorization": f"Token {token}"})
          return resp.json()


      print(len(fetch(3)))
      """
    When I run "terraphim-agent guard review-script --json tools/ls_export.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a JavaScript tool checks the URL's hostname against a Set of this machine's names
    Given a project file "tools/synapse-report.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

      function readDotEnv(file) {
        const values = {};
        for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
          const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
          if (m) values[m[1]] = m[2];
        }
        return values;
      }

      function config() {
        const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
        const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
        if (!LOCAL_HOSTS.has(base.hostname)) {
          throw new Error(`SYNAPSE_URL must be local, got ${base.hostname}`);
        }
        const token = env.MATRIX_ADMIN_TOKEN;
        return { base, token };
      }

      async function main() {
        const cfg = config();
        const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
          headers: { Authorization: `Bearer ${cfg.token}` },
        });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json tools/synapse-report.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a JavaScript tool checks the hostname against localhost and the .internal zone
    Given a project file "tools/synapse-report.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      function readDotEnv(file) {
        const values = {};
        for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
          const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
          if (m) values[m[1]] = m[2];
        }
        return values;
      }

      function config() {
        const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
        const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
        if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('.internal'))) {
          throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
        }
        const token = env.MATRIX_ADMIN_TOKEN;
        return { base, token };
      }

      async function main() {
        const cfg = config();
        const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
          headers: { Authorization: `Bearer ${cfg.token}` },
        });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json tools/synapse-report.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the hostname of another URL checked leaves the request's host unknown
    Given a project file "tools/synapse-report.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      function readDotEnv(file) {
        const values = {};
        for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
          const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
          if (m) values[m[1]] = m[2];
        }
        return values;
      }

      function config() {
        const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
        const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
        const other = new URL(env.OTHER_URL || 'http://localhost:1');
        if (!(other.hostname === 'localhost' || other.hostname === '127.0.0.1' || other.hostname.endsWith('.internal'))) {
          throw new Error(`SYNAPSE_URL ${other.hostname} is not a dev server`);
        }
        const token = env.MATRIX_ADMIN_TOKEN;
        return { base, token };
      }

      async function main() {
        const cfg = config();
        const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
          headers: { Authorization: `Bearer ${cfg.token}` },
        });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json tools/synapse-report.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a suffix checked without its leading dot lets any name ending in it through
    Given a project file "tools/synapse-report.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      function readDotEnv(file) {
        const values = {};
        for (const line of fs.readFileSync(file, 'utf8').split(/\r?\n/)) {
          const m = line.match(/^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/);
          if (m) values[m[1]] = m[2];
        }
        return values;
      }

      function config() {
        const env = { ...readDotEnv(path.join(process.cwd(), '.env')), ...process.env };
        const base = new URL(env.SYNAPSE_URL || 'http://localhost:8008');
        if (!(base.hostname === 'localhost' || base.hostname === '127.0.0.1' || base.hostname.endsWith('internal'))) {
          throw new Error(`SYNAPSE_URL ${base.hostname} is not a dev server`);
        }
        const token = env.MATRIX_ADMIN_TOKEN;
        return { base, token };
      }

      async function main() {
        const cfg = config();
        const res = await fetch(new URL('/_synapse/admin/v1/rooms', cfg.base), {
          headers: { Authorization: `Bearer ${cfg.token}` },
        });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json tools/synapse-report.js"
    Then the JSON field "verdict" is "dangerous"
