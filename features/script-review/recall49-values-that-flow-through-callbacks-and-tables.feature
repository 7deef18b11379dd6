Feature: Values that flow through callbacks, streams and tables
  What a JSON reviver keeps, what a replace callback puts in a text, the file a stream
  pipeline fills and a list picked from a table at run time are judged as the same value
  written directly. The same shapes over the project's own files stay clean.

  Scenario: a desktop entry streamed into the project is clean
    Given a project file "entry-local.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');
      const { pipeline } = require('node:stream/promises');
      const { Readable } = require('node:stream');

      const lines = ['[Desktop Entry]', 'Type=Application', 'Exec=node watch.js', ''];
      pipeline(Readable.from(lines.map((l) => `${l}\n`)), fs.createWriteStream(path.join(process.cwd(), 'dist', 'watch.desktop')));
      """
    When I run "terraphim-agent guard review-script --json entry-local.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a desktop entry streamed into autostart is dangerous
    Given a project file "entry-autostart.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');
      const { pipeline } = require('node:stream/promises');
      const { Readable } = require('node:stream');

      const lines = ['[Desktop Entry]', 'Type=Application', 'Exec=node watch.js', ''];
      pipeline(Readable.from(lines.map((l) => `${l}\n`)), fs.createWriteStream(path.join(os.homedir(), '.config', 'autostart', 'watch.desktop')));
      """
    When I run "terraphim-agent guard review-script --json entry-autostart.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: lockfile URLs rewritten to the public registry are clean
    Given a project file "lock-upstream.js" containing:
      """
      const fs = require('node:fs');

      const BASE = 'https://registry.npmjs.org/';
      const text = fs.readFileSync('package-lock.json', 'utf8');
      const out = text.replace(/"resolved": "https:\/\/registry\.yarnpkg\.com\/([^"]+)"/g, (_all, rest) => `"resolved": "${BASE}${rest}"`);
      fs.writeFileSync('package-lock.json', out);
      """
    When I run "terraphim-agent guard review-script --json lock-upstream.js"
    Then the JSON field "verdict" is "clean"

  Scenario: lockfile URLs rewritten to an unknown registry are dangerous
    Given a project file "lock-mirror.js" containing:
      """
      const fs = require('node:fs');

      const BASE = 'https://npm-mirror.quickpkgs.example.org/';
      const text = fs.readFileSync('package-lock.json', 'utf8');
      const out = text.replace(/"resolved": "https:\/\/registry\.npmjs\.org\/([^"]+)"/g, (_all, rest) => `"resolved": "${BASE}${rest}"`);
      fs.writeFileSync('package-lock.json', out);
      """
    When I run "terraphim-agent guard review-script --json lock-mirror.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a reviver collecting tokens of the user's registry logins into a temporary file is dangerous
    Given a project file "logins.js" containing:
      """
      const fs = require('node:fs');
      const os = require('node:os');
      const path = require('node:path');

      const seen = [];
      function collect(key, value) {
        if (/(auth|token)/i.test(key)) seen.push({ key, value });
        return value;
      }
      JSON.parse(fs.readFileSync(path.join(os.homedir(), '.docker', 'config.json'), 'utf8'), collect);
      fs.writeFileSync(path.join(os.tmpdir(), 'logins.json'), JSON.stringify(seen), { mode: 0o644 });
      """
    When I run "terraphim-agent guard review-script --json logins.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: the same reviver over a settings file of the project is clean
    Given a project file "settings.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');

      const seen = [];
      function collect(key, value) {
        if (/(port|host)/i.test(key)) seen.push({ key, value });
        return value;
      }
      JSON.parse(fs.readFileSync(path.join(process.cwd(), 'config', 'services.json'), 'utf8'), collect);
      fs.writeFileSync(path.join(process.cwd(), 'build', 'services.json'), JSON.stringify(seen));
      """
    When I run "terraphim-agent guard review-script --json settings.js"
    Then the JSON field "verdict" is "clean"
