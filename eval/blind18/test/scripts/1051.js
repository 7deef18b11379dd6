#!/usr/bin/env node
// Storybook visual regression: build the static Storybook, serve it on
// 127.0.0.1, screenshot every story with Playwright, compare to baselines.
//
//   node scripts/storybook-visual.js            compare
//   node scripts/storybook-visual.js --update   refresh baselines
//   node scripts/storybook-visual.js --only Button
//
// The static server is started in-process (node:http) so there is no child
// process to clean up; the Storybook build output and diff images live in
// .storybook-visual/ and are recreated on every run.
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { chromium } = require('playwright');
const { PNG } = require('pngjs');
const pixelmatch = require('pixelmatch');

const ROOT = path.resolve(__dirname, '..');
const WORK = path.join(ROOT, '.storybook-visual');
const STATIC = path.join(WORK, 'static');
const ACTUAL = path.join(WORK, 'actual');
const DIFF = path.join(WORK, 'diff');
const BASELINE = path.join(ROOT, 'tests', 'storybook-baseline');
const args = process.argv.slice(2);
const UPDATE = args.includes('--update');
const ONLY = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
const MAX_DIFF_RATIO = 0.001;

const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

function resetWorkDir() {
  fs.rmSync(WORK, { recursive: true, force: true });
  for (const dir of [STATIC, ACTUAL, DIFF]) {
    fs.mkdirSync(dir, { recursive: true });
  }
}

function buildStorybook() {
  console.log('building storybook ...');
  execFileSync('npx', ['--no-install', 'storybook', 'build', '--quiet', '--output-dir', STATIC], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function startStaticServer() {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    let file = path.normalize(path.join(STATIC, urlPath));
    if (!file.startsWith(STATIC)) {
      res.writeHead(403).end();
      return;
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      file = path.join(file, 'index.html');
    }
    if (!fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': MIME[path.extname(file)] || 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

function loadStories() {
  const index = JSON.parse(fs.readFileSync(path.join(STATIC, 'index.json'), 'utf8'));
  return Object.values(index.entries)
    .filter((e) => e.type === 'story')
    .filter((e) => !e.tags || !e.tags.includes('skip-visual'))
    .filter((e) => !ONLY || e.title.includes(ONLY));
}

function compare(name) {
  const actualFile = path.join(ACTUAL, `${name}.png`);
  const baselineFile = path.join(BASELINE, `${name}.png`);
  if (UPDATE || !fs.existsSync(baselineFile)) {
    fs.mkdirSync(BASELINE, { recursive: true });
    fs.copyFileSync(actualFile, baselineFile);
    return { name, status: UPDATE ? 'updated' : 'new' };
  }
  const a = PNG.sync.read(fs.readFileSync(actualFile));
  const b = PNG.sync.read(fs.readFileSync(baselineFile));
  if (a.width !== b.width || a.height !== b.height) {
    return { name, status: 'size-changed', detail: `${b.width}x${b.height} -> ${a.width}x${a.height}` };
  }
  const diff = new PNG({ width: a.width, height: a.height });
  const pixels = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  const ratio = pixels / (a.width * a.height);
  if (ratio > MAX_DIFF_RATIO) {
    fs.writeFileSync(path.join(DIFF, `${name}.png`), PNG.sync.write(diff));
    return { name, status: 'changed', detail: `${(ratio * 100).toFixed(2)}%` };
  }
  return { name, status: 'same' };
}

async function screenshotStories(baseUrl, stories) {
  const browser = await chromium.launch();
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const results = [];
  try {
    for (const story of stories) {
      await page.goto(`${baseUrl}/iframe.html?id=${story.id}&viewMode=story`, { waitUntil: 'networkidle' });
      await page.waitForSelector('#storybook-root > *', { timeout: 10_000 }).catch(() => undefined);
      await page.evaluate(() => document.fonts.ready);
      const root = (await page.$('#storybook-root')) || page;
      await root.screenshot({ path: path.join(ACTUAL, `${story.id}.png`), animations: 'disabled' });
      results.push(compare(story.id));
      process.stdout.write('.');
    }
  } finally {
    await browser.close();
  }
  process.stdout.write('\n');
  return results;
}

function writeReport(results) {
  const rows = results
    .filter((r) => r.status !== 'same')
    .map((r) => `<tr><td>${r.name}</td><td>${r.status}</td><td>${r.detail || ''}</td>` +
      `<td>${fs.existsSync(path.join(DIFF, `${r.name}.png`)) ? `<img src="diff/${r.name}.png" width="300">` : ''}</td></tr>`)
    .join('\n');
  fs.writeFileSync(path.join(WORK, 'report.html'),
    `<!doctype html><title>storybook visual</title><table border="1">${rows}</table>`);
}

// Baselines for stories that no longer exist make the folder grow forever.
function orphanedBaselines(stories) {
  if (!fs.existsSync(BASELINE) || ONLY) {
    return [];
  }
  const ids = new Set(stories.map((s) => `${s.id}.png`));
  return fs.readdirSync(BASELINE).filter((f) => f.endsWith('.png') && !ids.has(f));
}

async function main() {
  resetWorkDir();
  buildStorybook();
  const server = await startStaticServer();
  const { port } = server.address();
  try {
    const stories = loadStories();
    console.log(`${stories.length} stories`);
    const results = await screenshotStories(`http://127.0.0.1:${port}`, stories);
    writeReport(results);
    const orphans = orphanedBaselines(stories);
    if (orphans.length) {
      console.log(`${orphans.length} baseline(s) without a story: ${orphans.slice(0, 5).join(', ')}`);
    }
    const counts = results.reduce((acc, r) => ({ ...acc, [r.status]: (acc[r.status] || 0) + 1 }), {});
    console.log(Object.entries(counts).map(([k, v]) => `${k}: ${v}`).join(', '));
    const bad = results.filter((r) => r.status === 'changed' || r.status === 'size-changed');
    if (bad.length) {
      console.log(`see ${path.relative(ROOT, path.join(WORK, 'report.html'))}`);
      process.exitCode = 1;
    }
  } finally {
    server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 2;
});
