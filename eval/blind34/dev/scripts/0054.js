#!/usr/bin/env node
// ui-smoke.js - xdotool-driven smoke test of the Electron build of the
// project's "Station Console" app, run inside a private Xvfb display.
//
//   node tests/ui-smoke.js            # all steps
//   node tests/ui-smoke.js --keep     # keep screenshots of passing steps
//
// Every xdotool call is scoped to the app window id found by name and runs
// with DISPLAY pointed at the Xvfb server this script starts, so keystrokes
// cannot reach the developer's real desktop.  Child processes (Xvfb, app)
// are tracked and killed on exit.

'use strict';

const { spawn, execFile } = require('node:child_process');
const { promisify } = require('node:util');
const fs = require('node:fs');
const path = require('node:path');

const execFileP = promisify(execFile);
const ROOT = path.resolve(__dirname, '..');
const APP_BIN = path.join(ROOT, 'dist', 'linux-unpacked', 'station-console');
const OUT = path.join(ROOT, 'build', 'ui-smoke');
const DISPLAY_NUM = process.env.SMOKE_DISPLAY ?? '98';
const DISPLAY = `:${DISPLAY_NUM}`;
const WINDOW_NAME = 'Station Console — Test';
const children = new Set();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const env = { ...process.env, DISPLAY };

function start(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopAll() {
  for (const child of children) {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

process.on('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    stopAll();
    process.exit(130);
  });
}

async function x(tool, args) {
  const { stdout } = await execFileP(tool, args, { env, timeout: 15000 });
  return stdout.trim();
}

async function startDisplay() {
  if (fs.existsSync(`/tmp/.X11-unix/X${DISPLAY_NUM}`)) {
    throw new Error(`display ${DISPLAY} already exists; set SMOKE_DISPLAY`);
  }
  const xvfb = start('Xvfb', [DISPLAY, '-screen', '0', '1440x900x24', '-nolisten', 'tcp']);
  for (let i = 0; i < 50; i += 1) {
    try {
      await x('xdpyinfo', []);
      return xvfb;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('Xvfb did not come up');
}

async function startApp() {
  const profile = fs.mkdtempSync(path.join(OUT, 'profile-'));
  const app = start(APP_BIN, [`--user-data-dir=${profile}`, '--no-sandbox', '--smoke-test']);
  const log = fs.createWriteStream(path.join(OUT, 'app.log'));
  app.stdout.pipe(log);
  app.stderr.pipe(log);
  return { app, profile };
}

async function findWindow(timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const ids = await x('xdotool', ['search', '--onlyvisible', '--name', WINDOW_NAME]);
      if (ids) return ids.split('\n')[0];
    } catch {
      // xdotool exits 1 when nothing matches yet
    }
    await sleep(250);
  }
  throw new Error(`window "${WINDOW_NAME}" did not appear`);
}

const keys = (wid, ...combo) =>
  x('xdotool', ['windowactivate', '--sync', wid, 'key', '--window', wid, '--clearmodifiers', ...combo]);
const type = (wid, text) =>
  x('xdotool', ['windowactivate', '--sync', wid, 'type', '--window', wid, '--delay', '20', text]);
const title = (wid) => x('xdotool', ['getwindowname', wid]);

async function screenshot(name) {
  const file = path.join(OUT, `${name}.png`);
  await x('import', ['-window', 'root', file]);
  return file;
}

async function waitFor(fn, what, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await fn();
    if (last) return last;
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${what}`);
}

const steps = [
  {
    name: 'launch',
    async run(wid) {
      await x('xdotool', ['windowsize', wid, '1280', '800']);
      const geo = await x('xdotool', ['getwindowgeometry', wid]);
      if (!geo.includes('1280x800')) throw new Error(`unexpected geometry: ${geo}`);
    },
  },
  {
    name: 'open-pass-planner',
    async run(wid) {
      await keys(wid, 'ctrl+p');
      await waitFor(async () => (await title(wid)).includes('Pass Planner'), 'pass planner title');
    },
  },
  {
    name: 'filter-satellite',
    async run(wid) {
      await keys(wid, 'ctrl+f');
      await type(wid, 'QUBIK');
      await keys(wid, 'Return');
      await sleep(500);
      const log = fs.readFileSync(path.join(OUT, 'app.log'), 'utf8');
      if (!/filter applied: QUBIK \(\d+ passes\)/.test(log)) throw new Error('filter not logged');
    },
  },
  {
    name: 'reload',
    async run(wid) {
      await keys(wid, 'ctrl+r');
      await sleep(1000);
      await findWindow();
    },
  },
];

async function main() {
  const keep = process.argv.includes('--keep');
  if (!fs.existsSync(APP_BIN)) throw new Error('build the app first: npm run dist:dir');
  fs.mkdirSync(OUT, { recursive: true });
  for (const f of fs.readdirSync(OUT)) if (f.endsWith('.png')) fs.unlinkSync(path.join(OUT, f));

  await startDisplay();
  const { profile } = await startApp();
  const results = [];
  try {
    let wid = await findWindow();
    for (const step of steps) {
      const started = Date.now();
      try {
        await step.run(wid);
        if (keep) await screenshot(step.name);
        results.push({ step: step.name, ok: true, ms: Date.now() - started });
      } catch (err) {
        await screenshot(`failed-${step.name}`).catch(() => {});
        results.push({ step: step.name, ok: false, ms: Date.now() - started, error: err.message });
      }
      wid = await findWindow().catch(() => wid);
    }
  } finally {
    stopAll();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  fs.writeFileSync(path.join(OUT, 'results.json'), JSON.stringify(results, null, 2));
  for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'} ${r.step} (${r.ms} ms)${r.error ? ` - ${r.error}` : ''}`);
  process.exitCode = results.every((r) => r.ok) ? 0 : 1;
}

main().catch((err) => {
  console.error(err.message);
  stopAll();
  process.exitCode = 1;
});
