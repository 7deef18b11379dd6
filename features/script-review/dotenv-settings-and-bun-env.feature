@script-review
Feature: script pre-review tells a .env's plain settings from its credentials, and reads Bun.env as the environment
  Reading a `.env` is a finding of its own (suspicious: it holds the project's credentials),
  unless a Python/JS/TS script only loads the project's own `.env` into its process, but
  a variable of it named for a plain setting (a port, an environment name, a log level) is no
  secret: printing it is no leak. Its credentials printed or sent away are exfiltration.

  Scenario: sourcing the project's .env to print the port it serves on is only the read
    Given a project file "dev-up.sh" containing:
      """
      #!/bin/bash
      set -a
      source ./.env
      set +a
      echo "starting api on port $API_PORT ($NODE_ENV)"
      """
    When I run "terraphim-agent guard review-script --json dev-up.sh"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a token from the project's .env printed is exfiltration
    Given a project file "dev-token.sh" containing:
      """
      #!/bin/bash
      set -a
      source ./.env
      set +a
      echo "token: $API_TOKEN"
      """
    When I run "terraphim-agent guard review-script --json dev-token.sh"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the project's .env loaded into a child server's environment is clean
    Given a project file "serve.js" containing:
      """
      const fs = require('fs');
      const { spawn } = require('child_process');
      const env = { ...process.env };
      for (const line of fs.readFileSync('.env', 'utf8').split('\n')) {
        const [k, v] = line.split('=');
        if (k) env[k] = v;
      }
      spawn('node', ['server.js'], { env, stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json serve.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the project's .env printed whole is exfiltration
    Given a project file "show-env.js" containing:
      """
      const fs = require('fs');
      console.log(fs.readFileSync('.env', 'utf8'));
      """
    When I run "terraphim-agent guard review-script --json show-env.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: another project's .env read is a secret read
    Given a project file "peek.js" containing:
      """
      const fs = require('fs');
      const lines = fs.readFileSync('../billing/.env', 'utf8').split('\n').length;
      """
    When I run "terraphim-agent guard review-script --json peek.js"
    Then the JSON field "verdict" is "suspicious"

  Scenario: Bun.env.HOME is the home, so a delete of it joined with an empty setting deletes the home
    Given a project file "clear-temp.ts" containing:
      """
      import { rmSync } from 'node:fs';
      import { resolve } from 'node:path';
      const home = Bun.env.HOME ?? '/tmp';
      rmSync(resolve(home, Bun.env.SCOPE ?? ''), { recursive: true, force: true });
      """
    When I run "terraphim-agent guard review-script --json clear-temp.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a setting read from Bun.env and printed stays clean
    Given a project file "port.ts" containing:
      """
      const port = Number(Bun.env.PORT ?? 3000);
      console.log(`serving on http://127.0.0.1:${port}`);
      """
    When I run "terraphim-agent guard review-script --json port.ts"
    Then the JSON field "verdict" is "clean"
