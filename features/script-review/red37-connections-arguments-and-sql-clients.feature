@script-review
Feature: a secret reaches only the values that hold it, and SQL given to a database CLI is judged
  A database client library given a URL read from the project's .env logs in with it: the
  rows its queries return hold no password. After a .env is sourced, the script's arguments
  ($1, $*) are still its caller's. openssl commands that print a certificate, a request or a
  verify result print no private key. An arrow helper called with known arguments returns
  its own call's value. SQL handed to psql or mysql from another language is judged as a
  client library's SQL is.

  Scenario: rows of a psycopg connection made with the .env URL are printed without a leak
    Given a project file "backfill.py" containing:
      """
      import psycopg

      def dotenv():
          values = {}
          for line in open(".env").read().splitlines():
              k, _, v = line.partition("=")
              values[k] = v
          return values

      url = dotenv().get("DATABASE_URL")
      with psycopg.connect(url) as conn:
          with conn.cursor() as cur:
              cur.execute("SELECT id FROM orders")
              for (order_id,) in cur.fetchall():
                  print("order", order_id)
      """
    When I run "terraphim-agent guard review-script --json backfill.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the .env URL printed beside its connection is still a leak
    Given a project file "backfill.py" containing:
      """
      import psycopg

      def dotenv():
          values = {}
          for line in open(".env").read().splitlines():
              k, _, v = line.partition("=")
              values[k] = v
          return values

      url = dotenv().get("DATABASE_URL")
      conn = psycopg.connect(url)
      print("connected to", url)
      """
    When I run "terraphim-agent guard review-script --json backfill.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"

  Scenario: an unknown argument echoed after sourcing .env prints no secret
    Given a project file "migrate.sh" containing:
      """
      #!/usr/bin/env bash
      set -a
      . ./.env
      set +a
      case "$1" in
        --status) echo ok ;;
        *) echo "unexpected option $1" >&2; exit 2 ;;
      esac
      """
    When I run "terraphim-agent guard review-script --json migrate.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"

  Scenario: a variable of the sourced .env echoed is still a leak
    Given a project file "migrate.sh" containing:
      """
      #!/usr/bin/env bash
      set -a
      . ./.env
      set +a
      echo "using $DATABASE_URL"
      """
    When I run "terraphim-agent guard review-script --json migrate.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"

  Scenario: the names of a certificate read with openssl x509 are echoed without a leak
    Given a project file "renew.sh" containing:
      """
      #!/usr/bin/env bash
      for pem in certs/*.pem; do
        sans="$(openssl x509 -in "$pem" -noout -ext subjectAltName | tail -n +2)"
        echo "renewing $pem for $sans"
      done
      """
    When I run "terraphim-agent guard review-script --json renew.sh"
    Then the JSON field "verdict" is "suspicious"
    And the JSON field "findings.0.rule" is "secret-read"

  Scenario: a private key printed by openssl pkey is still a leak
    Given a project file "show.sh" containing:
      """
      #!/usr/bin/env bash
      key="$(openssl pkey -in certs/app.key)"
      echo "$key"
      """
    When I run "terraphim-agent guard review-script --json show.sh"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "secret-to-output"

  Scenario: an output folder from an arrow helper's own default is deleted inside the project
    Given a project file "build-site.ts" containing:
      """
      import { resolve } from "node:path";
      import { rmSync } from "node:fs";
      const ROOT = process.cwd();
      function options(argv: string[]) {
        const opt = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
        const out = resolve(ROOT, opt("--out", "site-html"));
        const base = opt("--base", "/");
        return { out, base };
      }
      const { out } = options(process.argv.slice(2));
      rmSync(out, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script build-site.ts"
    Then the exit code is 0
    And stdout contains "pre-review: clean"

  Scenario: an output folder whose helper default is the root is a dangerous delete
    Given a project file "build-site.ts" containing:
      """
      import { resolve } from "node:path";
      import { rmSync } from "node:fs";
      const ROOT = process.cwd();
      function options(argv: string[]) {
        const opt = (name: string, fallback: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
        const out = resolve(ROOT, opt("--out", "/"));
        const base = opt("--base", "site-html");
        return { out, base };
      }
      const { out } = options(process.argv.slice(2));
      rmSync(out, { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json build-site.ts"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "delete-outside"

  Scenario: a database dropped through psql started by posix_spawn is a dangerous destroy
    Given a project file "recreate.py" containing:
      """
      import os
      import sys

      def psql_argv(host, sql):
          return ["psql", "-h", host, "-d", "postgres", "-c", sql]

      def spawn(argv):
          pid = os.posix_spawn("/usr/bin/psql", argv, dict(os.environ))
          return os.waitpid(pid, 0)

      db = sys.argv[1]
      spawn(psql_argv(sys.argv[2], f'DROP DATABASE IF EXISTS "{db}" WITH (FORCE)'))
      spawn(psql_argv(sys.argv[2], f'CREATE DATABASE "{db}"'))
      """
    When I run "terraphim-agent guard review-script --json recreate.py"
    Then the JSON field "verdict" is "dangerous"
    And the JSON field "findings.0.rule" is "destructive-sql"

  Scenario: a count queried through psql is clean
    Given a project file "count.py" containing:
      """
      import subprocess
      import sys

      subprocess.run(["psql", "-h", sys.argv[1], "-c", "SELECT count(*) FROM orders"], check=True)
      """
    When I run "terraphim-agent guard review-script count.py"
    Then the exit code is 0
    And stdout contains "pre-review: clean"
