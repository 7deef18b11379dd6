#!/usr/bin/env node
// Visual regression check for the UI kit's Storybook.
//
//   node tools/visual-check.js [--update] [--filter Button] [--threshold 0.1]
//
// Builds Storybook statically (storybook-static/), serves it from an in-process
// HTTP server on 127.0.0.1, screenshots every story with Playwright's Chromium,
// and compares against the committed baselines in packages/ui/__visual__/ with
// pixelmatch. Diffs are written to test-results/visual/. --update replaces the
// baselines with the new screenshots (the project's own files). The server is
// closed and the browser shut down even when a comparison throws.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { chromium } = require('playwright');
const { PNG } = require('pngjs');
const pixelmatch = require('pixelmatch');

const ROOT = path.resolve(__dirname, '..');
const STATIC = path.join(ROOT, 'storybook-static');
const BASELINES = path.join(ROOT, 'packages', 'ui', '__visual__');
const RESULTS = path.join(ROOT, 'test-results', 'visual');
const VIEWPORT = { width: 1024, height: 768 };

function parseArgs(argv) {
  const opts = { update: false, filter: null, threshold: 0.1, skipBuild: false };
  for (let i = 0; i < argv.length; i += 1) {
    const a = argv[i];
    if (a === '--update') opts.update = true;
    else if (a === '--filter') opts.filter = new RegExp(argv[++i], 'i');
    else if (a === '--threshold') opts.threshold = Number(argv[++i]);
    else if (a === '--skip-build') opts.skipBuild = true;
    else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function buildStorybook() {
  fs.rmSync(STATIC, { recursive: true, force: true });
  execFileSync('pnpm', ['exec', 'storybook', 'build', '--quiet', '-o', STATIC], { cwd: ROOT, stdio: 'inherit' });
}

function serveStatic() {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    const file = path.join(STATIC, rel.endsWith('/') ? `${rel}index.html` : rel);
    if (!file.startsWith(STATIC + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) return res.writeHead(404).end();
      res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream' });
      return res.end(body);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}` }));
  });
}

function storyIds(filter) {
  const index = JSON.parse(fs.readFileSync(path.join(STATIC, 'index.json'), 'utf8'));
  return Object.values(index.entries)
    .filter((e) => e.type === 'story')
    .filter((e) => !(e.tags || []).includes('skip-visual'))
    .filter((e) => !filter || filter.test(e.id))
    .map((e) => e.id)
    .sort();
}

async function screenshot(page, base, id) {
  await page.goto(`${base}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`, { waitUntil: 'networkidle' });
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({ content: '*,*::before,*::after{animation:none!important;transition:none!important}' });
  const root = await page.$('#storybook-root');
  return (root || page).screenshot({ type: 'png' });
}

function compare(id, actualBuf, threshold) {
  const baselineFile = path.join(BASELINES, `${id}.png`);
  if (!fs.existsSync(baselineFile)) return { id, status: 'new' };
  const expected = PNG.sync.read(fs.readFileSync(baselineFile));
  const actual = PNG.sync.read(actualBuf);
  if (expected.width !== actual.width || expected.height !== actual.height) {
    return { id, status: 'size-changed', detail: `${expected.width}x${expected.height} -> ${actual.width}x${actual.height}` };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const pixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, { threshold });
  if (pixels === 0) return { id, status: 'same' };
  fs.writeFileSync(path.join(RESULTS, `${id}.diff.png`), PNG.sync.write(diff));
  fs.writeFileSync(path.join(RESULTS, `${id}.actual.png`), actualBuf);
  return { id, status: 'changed', detail: `${pixels} px` };
}

function pruneOrphans(ids) {
  // Baselines whose story no longer exists would otherwise linger in the repo forever.
  const live = new Set(ids.map((id) => `${id}.png`));
  const removed = [];
  for (const file of fs.readdirSync(BASELINES)) {
    if (file.endsWith('.png') && !live.has(file)) {
      fs.rmSync(path.join(BASELINES, file));
      removed.push(file);
    }
  }
  return removed;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!opts.skipBuild) buildStorybook();
  fs.rmSync(RESULTS, { recursive: true, force: true });
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.mkdirSync(BASELINES, { recursive: true });

  const { server, base } = await serveStatic();
  const browser = await chromium.launch();
  const results = [];
  try {
    const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    for (const id of storyIds(opts.filter)) {
      const buf = await screenshot(page, base, id);
      if (opts.update) {
        fs.writeFileSync(path.join(BASELINES, `${id}.png`), buf);
        results.push({ id, status: 'updated' });
      } else {
        results.push(compare(id, buf, opts.threshold));
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  if (opts.update && !opts.filter) {
    const removed = pruneOrphans(results.map((r) => r.id));
    if (removed.length) console.log(`removed ${removed.length} orphaned baselines`);
  }
  const counts = {};
  for (const r of results) counts[r.status] = (counts[r.status] || 0) + 1;
  for (const r of results.filter((x) => !['same', 'updated'].includes(x.status))) {
    console.log(`${r.status.padEnd(13)} ${r.id} ${r.detail || ''}`);
  }
  console.log(Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', '));
  fs.writeFileSync(path.join(RESULTS, 'summary.json'), JSON.stringify(results, null, 2));
  if (!opts.update && results.some((r) => ['changed', 'size-changed', 'new'].includes(r.status))) {
    console.log('visual changes detected; review test-results/visual or re-run with --update');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
