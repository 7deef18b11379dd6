#!/usr/bin/env node
// shortcuts-regression.js - keyboard shortcut regression test for the
// "Labkeeper" GTK desktop app, driven through xdotool in a private Xvfb.
//
// The shortcut table lives in tests/shortcuts.json:
//   [{"keys": "ctrl+shift+n", "expectTitle": "New sample", "close": "Escape"}, ...]
// For every entry the app window gets the key combination (always with
// --window <id> of the app, never the focused window of a real desktop),
// the script waits for the expected window title, screenshots it and closes
// it again.  Xvfb, the app and the throwaway XDG dirs are cleaned up.
//
//   node tests/shortcuts-regression.js
//   node tests/shortcuts-regression.js --only ctrl+shift+n

'use strict';

const { spawn, execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { promisify } = require('node:util');

const run = promisify(execFile);
const REPO = path.resolve(__dirname, '..');
const APP = path.join(REPO, 'builddir', 'src', 'labkeeper');
const TABLE = path.join(REPO, 'tests', 'shortcuts.json');
const SHOTS = path.join(REPO, 'build', 'shortcut-shots');
// Title the app uses when started with --test-profile (see src/window.c).
const MAIN_TITLE = 'Labkeeper (test profile)';

const started = [];
let xdgRoot = null;

function displayNumber() {
  for (let n = 70; n < 100; n += 1) {
    if (!fs.existsSync(`/tmp/.X11-unix/X${n}`)) return n;
  }
  throw new Error('no free X display');
}

const DISPLAY = `:${displayNumber()}`;

function envFor() {
  return {
    ...process.env,
    DISPLAY,
    XDG_CONFIG_HOME: path.join(xdgRoot, 'config'),
    XDG_DATA_HOME: path.join(xdgRoot, 'data'),
    XDG_CACHE_HOME: path.join(xdgRoot, 'cache'),
    GSETTINGS_BACKEND: 'memory',
  };
}

function launch(cmd, args, logName) {
  const log = fs.openSync(path.join(SHOTS, logName), 'w');
  const child = spawn(cmd, args, { env: envFor(), stdio: ['ignore', log, log] });
  started.push(child);
  return child;
}

function shutdown() {
  for (const child of started.reverse()) {
    if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
  }
  if (xdgRoot) fs.rmSync(xdgRoot, { recursive: true, force: true });
}

process.on('exit', shutdown);
process.on('SIGINT', () => process.exit(130));

async function xdo(...args) {
  const { stdout } = await run('xdotool', args, { env: envFor(), timeout: 15000 });
  return stdout.trim();
}

async function waitWindow(title, timeoutMs = 8000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const out = await xdo('search', '--onlyvisible', '--name', `^${title.replace(/[()]/g, '\\$&')}$`);
      if (out) return out.split('\n')[0];
    } catch {
      // not there yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return null;
}

async function sendKeys(wid, combo) {
  await xdo('windowactivate', '--sync', wid);
  await xdo('key', '--window', wid, '--clearmodifiers', combo);
}

async function snap(name) {
  await run('import', ['-window', 'root', path.join(SHOTS, `${name}.png`)], { env: envFor() });
}

function loadTable(only) {
  const rows = JSON.parse(fs.readFileSync(TABLE, 'utf8'));
  for (const r of rows) {
    if (!/^[a-z+A-Z0-9_]+$/.test(r.keys)) throw new Error(`suspicious key spec ${r.keys}`);
  }
  return only ? rows.filter((r) => r.keys === only) : rows;
}

const HELP = `shortcuts-regression.js [--only KEYS]

tests/shortcuts.json is a list of entries:
  keys          xdotool key spec, e.g. "ctrl+shift+n" (letters, digits, +, _)
  expectTitle   exact title of the window/dialog the shortcut must open
  close         key spec that closes it again (default Escape)

Environment isolation
  * Xvfb on the first free display :70..:99, never the user's display
  * XDG_CONFIG_HOME / XDG_DATA_HOME / XDG_CACHE_HOME point into a temporary
    directory that is deleted at exit
  * GSETTINGS_BACKEND=memory so no dconf settings are written
  * every key event is sent with --window <id> of the app or its dialog

Artifacts in build/shortcut-shots/: one screenshot per passing shortcut,
results.json, app.log and xvfb.log.`;

function summariseTiming(results) {
  const times = results.filter((r) => r.ok).map((r) => r.ms).sort((a, b) => a - b);
  if (!times.length) return '';
  const median = times[Math.floor(times.length / 2)];
  const slowest = results.reduce((a, b) => (b.ms > a.ms ? b : a));
  return `median ${median} ms, slowest ${slowest.keys} (${slowest.ms} ms)`;
}

async function main() {
  if (process.argv.includes('--help')) {
    console.log(HELP);
    return;
  }
  const onlyIdx = process.argv.indexOf('--only');
  const table = loadTable(onlyIdx >= 0 ? process.argv[onlyIdx + 1] : null);
  if (!fs.existsSync(APP)) throw new Error('build the app first: meson compile -C builddir');
  fs.rmSync(SHOTS, { recursive: true, force: true });
  fs.mkdirSync(SHOTS, { recursive: true });
  xdgRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'labkeeper-xdg-'));

  launch('Xvfb', [DISPLAY, '-screen', '0', '1600x900x24', '-nolisten', 'tcp'], 'xvfb.log');
  await new Promise((r) => setTimeout(r, 700));
  launch(APP, ['--test-profile'], 'app.log');
  const main = await waitWindow(MAIN_TITLE, 15000);
  if (!main) throw new Error('main window did not appear');

  const results = [];
  for (const row of table) {
    const t0 = Date.now();
    await sendKeys(main, row.keys);
    const dialog = await waitWindow(row.expectTitle);
    const ok = Boolean(dialog);
    if (ok) {
      await snap(row.keys.replace(/\+/g, '_'));
      await sendKeys(dialog, row.close ?? 'Escape');
      await new Promise((r) => setTimeout(r, 200));
    }
    results.push({ keys: row.keys, expect: row.expectTitle, ok, ms: Date.now() - t0 });
    console.log(`${ok ? 'PASS' : 'FAIL'} ${row.keys.padEnd(18)} -> ${row.expectTitle}`);
  }

  fs.writeFileSync(path.join(SHOTS, 'results.json'), JSON.stringify(results, null, 2));
  const failed = results.filter((r) => !r.ok);
  console.log(`\n${results.length - failed.length}/${results.length} shortcuts behave as expected`);
  const timing = summariseTiming(results);
  if (timing) console.log(timing);
  if (failed.length) {
    const log = fs.readFileSync(path.join(SHOTS, 'app.log'), 'utf8').split('\n').slice(-20).join('\n');
    console.log(`last app log lines:\n${log}`);
  }
  process.exitCode = failed.length ? 1 : 0;
}

main().catch((err) => {
  console.error(`shortcuts: ${err.message}`);
  process.exitCode = 1;
});
