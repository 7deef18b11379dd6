@script-review
Feature: script pre-review keeps local URLs with a run-time port, URLs checked by hostname, and destructured members apart
  A URL on this machine whose port is found at run time, joined with each service's health
  path, is still on this machine. `new URL(value)` checked by its `hostname` against a list of
  this machine's names, leaving otherwise, points at this machine when the script sends its
  text. A member destructured out of an object the script built holds what that member holds,
  not what its siblings hold. A key variable whose default is a key's file names that file. A
  service list naming another host, a check whose list names another host, the member that
  holds the secret and a key variable with no such default stay flagged.

  Scenario: health probes of local services on ports found at run time are clean
    Given a project file "stack.js" containing:
      """
      const http = require('http');
      const net = require('net');
      const SERVICES = [{ name: 'api', health: '/healthz' }, { name: 'ui', health: '/' }];
      function freePort() {
        return new Promise((resolve) => {
          const srv = net.createServer();
          srv.listen(0, '127.0.0.1', () => {
            const { port } = srv.address();
            srv.close(() => resolve(port));
          });
        });
      }
      function probe(url) {
        return new Promise((resolve) => {
          http.get(url, (res) => { res.resume(); resolve(true); }).on('error', () => resolve(false));
        });
      }
      async function main() {
        for (const svc of SERVICES) {
          const port = await freePort();
          const base = `http://127.0.0.1:${port}`;
          while (!(await probe(base + svc.health))) await new Promise((r) => setTimeout(r, 250));
          console.log(`${svc.name} ready`);
        }
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json stack.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the same probes when one service names another host are flagged
    Given a project file "stack-out.js" containing:
      """
      const http = require('http');
      const net = require('net');
      const SERVICES = [{ host: '127.0.0.1', health: '/healthz' }, { host: 'status.example.net', health: '/' }];
      function freePort() {
        return new Promise((resolve) => {
          const srv = net.createServer();
          srv.listen(0, '127.0.0.1', () => {
            const { port } = srv.address();
            srv.close(() => resolve(port));
          });
        });
      }
      function probe(url) {
        return new Promise((resolve) => {
          http.get(url, (res) => { res.resume(); resolve(true); }).on('error', () => resolve(false));
        });
      }
      async function main() {
        for (const svc of SERVICES) {
          const port = await freePort();
          const base = `http://${svc.host}:${port}`;
          while (!(await probe(base + svc.health))) await new Promise((r) => setTimeout(r, 250));
        }
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json stack-out.js"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a webhook URL checked by its hostname to be local is clean
    Given a project file "replay.ts" containing:
      """
      function target(): string {
        const url = new URL(process.argv[2]);
        if (!['localhost', '127.0.0.1'].includes(url.hostname)) {
          throw new Error(`refusing ${url.hostname}: not the local API`);
        }
        return url.toString();
      }
      fetch(target(), { method: 'POST', body: JSON.stringify({ type: 'ping' }) })
        .then((r) => console.log(r.status));
      """
    When I run "terraphim-agent guard review-script --json replay.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: a webhook URL checked against a list naming another host is flagged
    Given a project file "replay-out.ts" containing:
      """
      function target(): string {
        const url = new URL(process.argv[2]);
        if (!['localhost', 'relay.example.net'].includes(url.hostname)) {
          throw new Error(`refusing ${url.hostname}`);
        }
        return url.toString();
      }
      fetch(target(), { method: 'POST', body: JSON.stringify({ type: 'ping' }) })
        .then((r) => console.log(r.status));
      """
    When I run "terraphim-agent guard review-script --json replay-out.ts"
    Then the JSON field "verdict" is "suspicious"

  Scenario: a member destructured beside a member holding a .env secret is clean to print
    Given a project file "cache-stats.js" containing:
      """
      const fs = require('node:fs');
      const Redis = require('ioredis');
      function settings() {
        const out = {};
        for (const row of fs.readFileSync('.env.local', 'utf8').split('\n')) {
          const at = row.indexOf('=');
          if (at > 0) out[row.slice(0, at).trim()] = row.slice(at + 1).trim();
        }
        return out;
      }
      function open() {
        const url = settings().CACHE_URL || 'redis://localhost:6379/0';
        const u = new URL(url);
        if (!['localhost', '127.0.0.1'].includes(u.hostname)) process.exit(2);
        return { client: new Redis(url), path: u.pathname, host: u.hostname };
      }
      async function main() {
        const { client, host } = open();
        console.log(`${await client.dbsize()} keys on ${host}`);
        client.disconnect();
      }
      main();
      """
    When I run "terraphim-agent guard review-script --json cache-stats.js"
    Then the JSON field "verdict" is "clean"

  Scenario: the member holding the connection URL's path printed is still a leak
    Given a project file "cache-path.js" containing:
      """
      const fs = require('node:fs');
      const Redis = require('ioredis');
      function settings() {
        const out = {};
        for (const row of fs.readFileSync('.env.local', 'utf8').split('\n')) {
          const at = row.indexOf('=');
          if (at > 0) out[row.slice(0, at).trim()] = row.slice(at + 1).trim();
        }
        return out;
      }
      function open() {
        const url = settings().CACHE_URL || 'redis://localhost:6379/0';
        const u = new URL(url);
        if (!['localhost', '127.0.0.1'].includes(u.hostname)) process.exit(2);
        return { client: new Redis(url), path: u.pathname, host: u.hostname };
      }
      const { client, path } = open();
      console.log(`database ${path}`);
      client.disconnect();
      """
    When I run "terraphim-agent guard review-script --json cache-path.js"
    Then the JSON field "verdict" is "dangerous"

  Scenario: a signing key variable defaulting to a key file is a path, clean to print
    Given a project file "promote.ts" containing:
      """
      import { execFileSync } from 'node:child_process';
      const args = ['sign', '--yes', '--key', process.env.COSIGN_KEY ?? 'cosign.key', 'registry.example.com/web@sha256:42'];
      console.log(`[plan] cosign ${args.join(' ')}`);
      if (process.argv.includes('--execute')) execFileSync('cosign', args, { stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json promote.ts"
    Then the JSON field "verdict" is "clean"

  Scenario: the same key variable without a key file default printed is a leak
    Given a project file "promote-out.ts" containing:
      """
      import { execFileSync } from 'node:child_process';
      const args = ['sign', '--yes', '--key', process.env.COSIGN_KEY ?? 'dev-secret', 'registry.example.com/web@sha256:42'];
      console.log(`[plan] cosign ${args.join(' ')}`);
      if (process.argv.includes('--execute')) execFileSync('cosign', args, { stdio: 'inherit' });
      """
    When I run "terraphim-agent guard review-script --json promote-out.ts"
    Then the JSON field "verdict" is "dangerous"
