#!/usr/bin/env node
// Visual snapshot runner for the marketing site.
//
// Starts `npm run preview` on a free localhost port, waits for it, drives
// puppeteer over every route in routes.json at three viewport sizes, compares
// screenshots with the committed baselines (pixelmatch) and writes a diff
// report to .visual/report.html. The preview server process group it started
// is always stopped at the end, including on SIGINT.
'use strict';

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const fsp = require('node:fs/promises');
const net = require('node:net');
const path = require('node:path');
const http = require('node:http');

const puppeteer = require('puppeteer');
const { PNG } = require('pngjs');
const pixelmatch = require('pixelmatch');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, '.visual');
const BASELINE = path.join(ROOT, 'tests', 'visual', 'baseline');
const ROUTES = JSON.parse(fs.readFileSync(path.join(ROOT, 'tests', 'visual', 'routes.json'), 'utf8'));
const VIEWPORTS = [
  { name: 'mobile', width: 390, height: 844, deviceScaleFactor: 2 },
  { name: 'tablet', width: 834, height: 1112, deviceScaleFactor: 2 },
  { name: 'desktop', width: 1440, height: 900, deviceScaleFactor: 1 },
];
const THRESHOLD = Number(process.env.VISUAL_THRESHOLD || 0.002);
const UPDATE = process.argv.includes('--update');

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

function waitForHttp(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const req = http.get(url, (res) => {
        res.resume();
        if (res.statusCode && res.statusCode < 500) return resolve();
        retry();
      });
      req.on('error', retry);
      req.setTimeout(2000, () => req.destroy());
    };
    const retry = () => {
      if (Date.now() > deadline) return reject(new Error(`server not ready at ${url}`));
      setTimeout(attempt, 400);
    };
    attempt();
  });
}

class PreviewServer {
  constructor(port) {
    this.port = port;
    this.child = null;
    this.log = fs.createWriteStream(path.join(OUT, 'preview-server.log'));
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  start() {
    this.child = spawn('npm', ['run', 'preview', '--', '--port', String(this.port), '--host', '127.0.0.1', '--strictPort'], {
      cwd: ROOT,
      env: { ...process.env, BROWSER: 'none' },
      detached: true, // own process group so vite's children go with it
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout.pipe(this.log);
    this.child.stderr.pipe(this.log);
    return waitForHttp(this.url, 60_000);
  }

  stop() {
    if (!this.child || this.child.exitCode !== null) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM'); // the group we created above
    } catch (err) {
      if (err.code !== 'ESRCH') throw err;
    }
  }
}

function compare(actualPath, baselinePath, diffPath) {
  const actual = PNG.sync.read(fs.readFileSync(actualPath));
  const expected = PNG.sync.read(fs.readFileSync(baselinePath));
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return { ratio: 1, reason: `size ${actual.width}x${actual.height} vs ${expected.width}x${expected.height}` };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: 0.1 });
  fs.writeFileSync(diffPath, PNG.sync.write(diff));
  return { ratio: changed / (actual.width * actual.height), reason: `${changed} px` };
}

async function shoot(browser, baseUrl, route, vp) {
  const page = await browser.newPage();
  await page.setViewport(vp);
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  await page.goto(baseUrl + route.path, { waitUntil: 'networkidle0', timeout: 45_000 });
  if (route.waitFor) await page.waitForSelector(route.waitFor, { timeout: 10_000 });
  await page.addStyleTag({ content: '*{caret-color:transparent!important} [data-visual-ignore]{visibility:hidden!important}' });
  const file = path.join(OUT, 'actual', `${route.name}-${vp.name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
  return file;
}

function renderReport(results) {
  const rows = results
    .map((r) => {
      const status = r.missing ? 'new' : r.ratio > THRESHOLD ? 'changed' : 'same';
      const img = (p) => (p ? `<img src="${path.relative(OUT, p)}" width="240">` : '');
      return `<tr class="${status}"><td>${r.route}</td><td>${r.viewport}</td><td>${status}</td><td>${r.reason || ''}</td>` +
        `<td>${img(r.baseline)}</td><td>${img(r.actual)}</td><td>${img(r.diff)}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html><meta charset="utf-8"><title>visual report</title>
<style>tr.changed{background:#fee}tr.new{background:#ffd}td{padding:4px;vertical-align:top}</style>
<table><tr><th>route</th><th>viewport</th><th>status</th><th>detail</th><th>baseline</th><th>actual</th><th>diff</th></tr>
${rows}</table>`;
}

async function main() {
  await fsp.rm(path.join(OUT, 'actual'), { recursive: true, force: true });
  await fsp.rm(path.join(OUT, 'diff'), { recursive: true, force: true });
  await fsp.mkdir(path.join(OUT, 'actual'), { recursive: true });
  await fsp.mkdir(path.join(OUT, 'diff'), { recursive: true });

  const server = new PreviewServer(await freePort());
  const onSignal = () => {
    server.stop();
    process.exit(130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let browser;
  const results = [];
  try {
    await server.start();
    browser = await puppeteer.launch({ headless: 'new', args: ['--font-render-hinting=none'] });
    for (const route of ROUTES) {
      for (const vp of VIEWPORTS) {
        const actual = await shoot(browser, server.url, route, vp);
        const baseline = path.join(BASELINE, path.basename(actual));
        const entry = { route: route.name, viewport: vp.name, actual };
        if (UPDATE || !fs.existsSync(baseline)) {
          if (UPDATE) fs.copyFileSync(actual, baseline);
          entry.missing = !UPDATE;
        } else {
          const diff = path.join(OUT, 'diff', path.basename(actual));
          Object.assign(entry, compare(actual, baseline, diff), { baseline, diff });
        }
        results.push(entry);
        process.stdout.write('.');
      }
    }
  } finally {
    if (browser) await browser.close();
    server.stop();
  }
  process.stdout.write('\n');
  await fsp.writeFile(path.join(OUT, 'report.html'), renderReport(results));
  const changed = results.filter((r) => r.ratio > THRESHOLD);
  const missing = results.filter((r) => r.missing);
  console.log(`${results.length} screenshots, ${changed.length} changed, ${missing.length} without baseline`);
  console.log(`report: ${path.relative(ROOT, path.join(OUT, 'report.html'))}`);
  if (UPDATE) console.log('baselines updated; review and commit tests/visual/baseline');
  process.exitCode = changed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 2;
});
