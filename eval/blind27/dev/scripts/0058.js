#!/usr/bin/env node
// Replay regression check for our web archive captures.
//
// Starts pywb (`wayback`) bound to 127.0.0.1 on a free port, requests every
// URL listed in tests/replay-urls.txt through the replay endpoint, compares
// status codes and page titles with tests/replay-expected.json and stops the
// pywb process it started when done (also on Ctrl-C or an exception).
'use strict';

const { spawn } = require('child_process');
const fs = require('fs');
const net = require('net');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
const COLL = process.env.PYWB_COLLECTION || 'staging';
const URLS = path.join(ROOT, 'tests', 'replay-urls.txt');
const EXPECTED = path.join(ROOT, 'tests', 'replay-expected.json');
const OUT = path.join(ROOT, 'build', 'replay');
const UPDATE = process.argv.includes('--update');

let pywb = null;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startPywb(port) {
  const cwd = path.join(ROOT, 'build', 'pywb');
  if (!fs.existsSync(path.join(cwd, 'collections', COLL))) {
    throw new Error(`collection ${COLL} missing; run preservation/capture.sh --replay once`);
  }
  fs.mkdirSync(OUT, { recursive: true });
  const log = fs.openSync(path.join(OUT, 'pywb.log'), 'w');
  pywb = spawn('wayback', ['--bind', '127.0.0.1', '-p', String(port)], {
    cwd,
    stdio: ['ignore', log, log],
  });
  pywb.on('exit', (code, sig) => {
    if (code !== null && code !== 0) console.error(`pywb exited with ${code}`);
    if (sig) console.error(`pywb stopped by ${sig}`);
    pywb = null;
  });
}

function stopPywb() {
  if (pywb && pywb.exitCode === null) {
    pywb.kill('SIGTERM');
    const p = pywb;
    setTimeout(() => {
      if (p.exitCode === null) p.kill('SIGKILL');
    }, 5000).unref();
  }
}

async function waitReady(base, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/`);
      if (res.ok) return;
    } catch {
      /* not yet listening */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('pywb did not become ready');
}

function readUrls() {
  return fs
    .readFileSync(URLS, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

function titleOf(html) {
  const m = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html);
  return m ? m[1].replace(/\s+/g, ' ').trim() : null;
}

async function check(base, url) {
  const replay = `${base}/${COLL}/${url}`;
  const started = Date.now();
  const res = await fetch(replay, { redirect: 'manual' });
  const body = res.headers.get('content-type')?.includes('html') ? await res.text() : '';
  return {
    url,
    status: res.status,
    title: titleOf(body),
    ms: Date.now() - started,
    memento: res.headers.get('memento-datetime'),
  };
}

function compare(results, expected) {
  const failures = [];
  for (const r of results) {
    const e = expected[r.url];
    if (!e) {
      failures.push(`${r.url}: no expectation recorded (run with --update)`);
      continue;
    }
    if (e.status !== r.status) failures.push(`${r.url}: status ${r.status}, expected ${e.status}`);
    if (e.title && e.title !== r.title) failures.push(`${r.url}: title "${r.title}", expected "${e.title}"`);
  }
  return failures;
}

function writeJunit(results, failures) {
  // minimal JUnit XML so the CI job shows the replay checks as tests
  const esc = (s) => String(s).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);
  const failed = new Map(failures.map((f) => [f.split(': ')[0], f]));
  const cases = results.map((r) => {
    const f = failed.get(r.url);
    const inner = f ? `<failure message="${esc(f)}"/>` : '';
    return `  <testcase classname="replay" name="${esc(r.url)}" time="${(r.ms / 1000).toFixed(3)}">${inner}</testcase>`;
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuite name="replay-${COLL}" tests="${results.length}" failures="${failures.length}">`,
    ...cases,
    '</testsuite>',
    '',
  ].join('\n');
  fs.writeFileSync(path.join(OUT, 'junit.xml'), xml);
}

async function main() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  startPywb(port);
  await waitReady(base);
  console.log(`pywb on ${base}, collection ${COLL}`);

  const urls = readUrls();
  const results = [];
  const concurrency = 4;
  for (let i = 0; i < urls.length; i += concurrency) {
    const batch = await Promise.all(urls.slice(i, i + concurrency).map((u) => check(base, u)));
    results.push(...batch);
    for (const r of batch) console.log(`${String(r.status).padEnd(4)} ${String(r.ms).padStart(5)}ms ${r.url}`);
  }
  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));

  if (UPDATE) {
    const expected = Object.fromEntries(results.map((r) => [r.url, { status: r.status, title: r.title }]));
    fs.writeFileSync(EXPECTED, JSON.stringify(expected, null, 2) + '\n');
    console.log(`updated ${path.relative(ROOT, EXPECTED)}`);
    return 0;
  }
  const failures = compare(results, JSON.parse(fs.readFileSync(EXPECTED, 'utf8')));
  for (const f of failures) console.error(`FAIL ${f}`);
  writeJunit(results, failures);
  console.log(`${results.length - failures.length}/${results.length} replay checks passed`);
  return failures.length ? 1 : 0;
}

process.on('SIGINT', () => {
  stopPywb();
  process.exit(130);
});
process.on('exit', stopPywb);

main()
  .then((code) => {
    stopPywb();
    process.exitCode = code;
  })
  .catch((err) => {
    console.error(err.message);
    stopPywb();
    process.exitCode = 1;
  });
