#!/usr/bin/env node
// scripts/visual.js — build Storybook statically, serve it on 127.0.0.1, take
// screenshots of every story with Playwright and compare them with the baselines
// in visual/baseline/. Diffs go to visual/diff/, new screenshots to visual/current/.
//
//   node scripts/visual.js              compare against baselines
//   node scripts/visual.js --update     accept current screenshots as new baselines
//   node scripts/visual.js --clean      remove storybook-static/ and visual/{current,diff}
//
// The static server is a child process of this script and is killed on exit.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const http = require('node:http');

const REPO = path.resolve(__dirname, '..');
const STATIC = path.join(REPO, 'storybook-static');
const VISUAL = path.join(REPO, 'visual');
const DIRS = {
  baseline: path.join(VISUAL, 'baseline'),
  current: path.join(VISUAL, 'current'),
  diff: path.join(VISUAL, 'diff'),
};
const PORT = 6007;
const THRESHOLD = Number(process.env.VISUAL_THRESHOLD || 0.002);

let server = null;

function cleanOutputs({ includeStatic }) {
  for (const d of [DIRS.current, DIRS.diff, ...(includeStatic ? [STATIC] : [])]) {
    fs.rmSync(d, { recursive: true, force: true });
  }
}

function buildStorybook() {
  const res = spawnSync('pnpm', ['exec', 'storybook', 'build', '--quiet', '--output-dir', STATIC], {
    cwd: REPO,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('storybook build failed');
}

function startServer() {
  server = spawn('pnpm', ['exec', 'http-server', STATIC, '-a', '127.0.0.1', '-p', String(PORT), '-s'], {
    cwd: REPO,
    stdio: 'ignore',
  });
  const stop = () => {
    if (server && !server.killed) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
}

function waitForServer(timeoutMs = 20000) {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      const req = http.get({ host: '127.0.0.1', port: PORT, path: '/index.json' }, (res) => {
        res.resume();
        if (res.statusCode === 200) resolve();
        else retry();
      });
      req.on('error', retry);
    };
    const retry = () => {
      if (Date.now() - start > timeoutMs) reject(new Error('static server did not start'));
      else setTimeout(tick, 300);
    };
    tick();
  });
}

function stories() {
  const index = JSON.parse(fs.readFileSync(path.join(STATIC, 'index.json'), 'utf8'));
  return Object.values(index.entries || index.stories)
    .filter((e) => e.type === 'story' && !(e.tags || []).includes('skip-visual'))
    .map((e) => ({ id: e.id, title: `${e.title} / ${e.name}` }));
}

async function screenshot(list) {
  const { chromium } = require('playwright');
  const browser = await chromium.launch();
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
  fs.mkdirSync(DIRS.current, { recursive: true });
  for (const s of list) {
    await page.goto(`http://127.0.0.1:${PORT}/iframe.html?id=${encodeURIComponent(s.id)}&viewMode=story`);
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(DIRS.current, `${s.id}.png`), animations: 'disabled' });
  }
  await browser.close();
}

function compare(list) {
  const { PNG } = require('pngjs');
  const pixelmatch = require('pixelmatch');
  fs.mkdirSync(DIRS.diff, { recursive: true });
  const results = [];
  for (const s of list) {
    const base = path.join(DIRS.baseline, `${s.id}.png`);
    const cur = path.join(DIRS.current, `${s.id}.png`);
    if (!fs.existsSync(base)) {
      results.push({ ...s, status: 'new' });
      continue;
    }
    const a = PNG.sync.read(fs.readFileSync(base));
    const b = PNG.sync.read(fs.readFileSync(cur));
    if (a.width !== b.width || a.height !== b.height) {
      results.push({ ...s, status: 'size-changed' });
      continue;
    }
    const diff = new PNG({ width: a.width, height: a.height });
    const n = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
    const ratio = n / (a.width * a.height);
    if (ratio > THRESHOLD) {
      fs.writeFileSync(path.join(DIRS.diff, `${s.id}.png`), PNG.sync.write(diff));
      results.push({ ...s, status: `changed ${(ratio * 100).toFixed(2)}%` });
    } else {
      results.push({ ...s, status: 'same' });
    }
  }
  return results;
}

function acceptCurrent() {
  fs.mkdirSync(DIRS.baseline, { recursive: true });
  let n = 0;
  for (const f of fs.readdirSync(DIRS.current)) {
    fs.copyFileSync(path.join(DIRS.current, f), path.join(DIRS.baseline, f));
    n++;
  }
  console.log(`accepted ${n} screenshot(s) as baselines`);
}

function removeStaleBaselines(list) {
  const ids = new Set(list.map((s) => `${s.id}.png`));
  if (!fs.existsSync(DIRS.baseline)) return 0;
  let n = 0;
  for (const f of fs.readdirSync(DIRS.baseline)) {
    if (!ids.has(f)) {
      fs.unlinkSync(path.join(DIRS.baseline, f));
      n++;
    }
  }
  return n;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  if (args.has('--clean')) {
    cleanOutputs({ includeStatic: true });
    console.log('cleaned');
    return;
  }
  cleanOutputs({ includeStatic: false });
  buildStorybook();
  startServer();
  await waitForServer();
  const list = stories();
  console.log(`${list.length} stor(ies)`);
  await screenshot(list);
  if (args.has('--update')) {
    acceptCurrent();
    const stale = removeStaleBaselines(list);
    if (stale) console.log(`removed ${stale} baseline(s) of deleted stories`);
    return;
  }
  const results = compare(list);
  const changed = results.filter((r) => r.status !== 'same');
  for (const r of changed) console.log(`${r.status.padEnd(16)} ${r.title}`);
  console.log(`${results.length - changed.length} unchanged, ${changed.length} to review (visual/diff/)`);
  process.exitCode = changed.some((r) => r.status.startsWith('changed') || r.status === 'size-changed') ? 1 : 0;
}

main().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
