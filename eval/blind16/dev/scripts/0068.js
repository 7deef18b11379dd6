#!/usr/bin/env node
// Run the Cypress suite in shards against a locally started app, with retries
// for specs that fail on the first attempt.
//
//   node tools/cypress-shards.js [--shards 3] [--spec 'cypress/e2e/**/*.cy.ts'] [--browser electron]
//
// Starts `pnpm --filter web start` on 127.0.0.1 with a free port and waits for
// it, splits the spec files into N shards by historical duration (from
// cypress/.timings.json, which this script updates), runs `cypress run` for each
// shard in parallel, re-runs failed specs once, and stops the app server and
// any Cypress processes it spawned at the end (tracked by PID).
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const TIMINGS = path.join(ROOT, 'cypress', '.timings.json');
const RESULTS = path.join(ROOT, 'cypress', 'results');
const children = new Set();

function parseArgs(argv) {
  const o = { shards: 3, spec: 'cypress/e2e/**/*.cy.ts', browser: 'electron' };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--shards') o.shards = Math.max(1, Number(argv[++i]));
    else if (argv[i] === '--spec') o.spec = argv[++i];
    else if (argv[i] === '--browser') o.browser = argv[++i];
    else throw new Error(`unknown argument ${argv[i]}`);
  }
  return o;
}

function track(child) {
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already exited */
    }
  }
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function waitFor(url, ms) {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      http
        .get(url, (res) => {
          res.resume();
          resolve();
        })
        .on('error', () => {
          if (Date.now() > deadline) reject(new Error(`app did not start at ${url}`));
          else setTimeout(tick, 500);
        });
    };
    tick();
  });
}

function globSpecs(pattern) {
  const base = pattern.split('*')[0].replace(/\/$/, '');
  const out = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.cy\.(t|j)sx?$/.test(e.name)) out.push(rel);
    }
  };
  walk(base);
  return out.sort();
}

function loadTimings() {
  try {
    return JSON.parse(fs.readFileSync(TIMINGS, 'utf8'));
  } catch {
    return {};
  }
}

function shard(specs, n, timings) {
  const bins = Array.from({ length: n }, () => ({ total: 0, specs: [] }));
  const weighted = specs.map((s) => ({ s, w: timings[s] || 30 })).sort((a, b) => b.w - a.w);
  for (const { s, w } of weighted) {
    const bin = bins.reduce((min, b) => (b.total < min.total ? b : min), bins[0]);
    bin.specs.push(s);
    bin.total += w;
  }
  return bins.filter((b) => b.specs.length);
}

function runCypress(specs, baseUrl, browser, index) {
  return new Promise((resolve) => {
    const out = path.join(RESULTS, `shard-${index}.json`);
    const child = track(
      spawn('pnpm', ['exec', 'cypress', 'run', '--browser', browser, '--spec', specs.join(','), '--reporter', 'json', '--reporter-options', `output=${out}`], {
        cwd: ROOT,
        env: { ...process.env, CYPRESS_BASE_URL: baseUrl },
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      }),
    );
    child.on('exit', () => {
      let report = { results: [] };
      try {
        report = JSON.parse(fs.readFileSync(out, 'utf8'));
      } catch {
        /* cypress crashed before writing */
      }
      resolve(report);
    });
  });
}

function collect(reports, timings) {
  const failed = new Set();
  for (const r of reports) {
    for (const run of r.runs || []) {
      timings[run.spec.relative] = Math.round((run.stats.duration || 0) / 1000);
      if (run.stats.failures > 0) failed.add(run.spec.relative);
    }
  }
  return [...failed];
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  track(spawn('pnpm', ['--filter', 'web', 'start'], { cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore', detached: true }));
  await waitFor(baseUrl, 90000);

  const timings = loadTimings();
  const specs = globSpecs(opts.spec);
  const bins = shard(specs, opts.shards, timings);
  console.log(`${specs.length} specs in ${bins.length} shards against ${baseUrl}`);
  const first = await Promise.all(bins.map((b, i) => runCypress(b.specs, baseUrl, opts.browser, i)));
  let failed = collect(first, timings);
  if (failed.length) {
    console.log(`retrying ${failed.length} failed specs once`);
    failed = collect([await runCypress(failed, baseUrl, opts.browser, 'retry')], timings);
  }
  fs.writeFileSync(TIMINGS, JSON.stringify(timings, null, 2) + '\n');
  if (failed.length) {
    console.log(`still failing:\n  ${failed.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log('all specs passed');
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

main()
  .catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  })
  .finally(stopAll);
